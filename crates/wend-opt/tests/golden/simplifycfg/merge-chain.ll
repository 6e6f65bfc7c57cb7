; passes: simplifycfg
; Straight-line blocks: %b1, %b2, %b3 each have one predecessor that
; jumps only to them, so the chain collapses into %entry; the phi %p of
; %b2 has one entry and is replaced by %x. The loop header %head has two
; predecessors and is not merged, but its body %body (single predecessor
; %head, which also branches to %exit) is not merged either: %head has
; two successors. %latch merges into %body.

define i32 @main() {
entry:
  %x = add i32 1, 2
  br label %b1

b1:
  call void @wend_print_int(i32 %x)
  br label %b2

b2:
  %p = phi i32 [ %x, %b1 ]
  %y = mul i32 %p, 2
  br label %b3

b3:
  call void @wend_print_int(i32 %y)
  br label %head

head:
  %i = phi i32 [ 0, %b3 ], [ %i.next, %latch ]
  %more = icmp slt i32 %i, 2
  br i1 %more, label %body, label %exit

body:
  %i.next = add i32 %i, 1
  br label %latch

latch:
  call void @wend_print_int(i32 %i.next)
  br label %head

exit:
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %x = add i32 1, 2
  call void @wend_print_int(i32 %x)
  %y = mul i32 %x, 2
  call void @wend_print_int(i32 %y)
  br label %head

head:                                             ; preds = %entry, %body
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %more = icmp slt i32 %i, 2
  br i1 %more, label %body, label %exit

body:                                             ; preds = %head
  %i.next = add i32 %i, 1
  call void @wend_print_int(i32 %i.next)
  br label %head

exit:                                             ; preds = %head
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
