; passes: simplifycfg
; The entry block is never bypassed, even when empty: here it only jumps
; to the loop header %head, which has another predecessor, so %entry
; stays as it is (making %head the entry would give the entry block a
; predecessor). The empty %back forwards to %head from %head itself and is
; bypassed: %head's branch goes to itself, and its phi gets %head in place
; of %back.

define i32 @main() {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %back ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 5
  br i1 %more, label %back, label %exit

back:
  br label %head

exit:
  call void @wend_print_int(i32 %i.next)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %head

head:                                             ; preds = %entry, %head
  %i = phi i32 [ 0, %entry ], [ %i.next, %head ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 5
  br i1 %more, label %head, label %exit

exit:                                             ; preds = %head
  call void @wend_print_int(i32 %i.next)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
