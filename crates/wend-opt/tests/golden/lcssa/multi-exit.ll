; passes: lcssa
; A loop with two exits whose paths meet again: %n is defined in the
; loop and used in %join, after both exits. Each exit block gets an
; %n.lcssa phi, and since two definitions now meet at %join, a third phi
; merges them there (the iterated dominance frontier of the exits);
; %join's print uses that merge. %n is also used directly in %early's
; print: it reads %early's own phi.
;
; %i is used after the loop only by the phi %last of the exit %late, on
; the edge from the loop: that use is already closed, %i gets no phi.

define i32 @main() {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %next ]
  %n = mul i32 %i, 10
  %big = icmp sgt i32 %n, 25
  br i1 %big, label %early, label %next

next:
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, 5
  br i1 %more, label %loop, label %late

early:
  call void @wend_print_int(i32 %n)
  br label %join

late:
  %last = phi i32 [ %i, %next ]
  call void @wend_print_int(i32 %last)
  br label %join

join:
  call void @wend_print_int(i32 %n)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %loop

loop:                                             ; preds = %entry, %next
  %i = phi i32 [ 0, %entry ], [ %i1, %next ]
  %n = mul i32 %i, 10
  %big = icmp sgt i32 %n, 25
  br i1 %big, label %early, label %next

next:                                             ; preds = %loop
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, 5
  br i1 %more, label %loop, label %late

early:                                            ; preds = %loop
  %n.lcssa = phi i32 [ %n, %loop ]
  call void @wend_print_int(i32 %n.lcssa)
  br label %join

late:                                             ; preds = %next
  %last = phi i32 [ %i, %next ]
  %n.lcssa1 = phi i32 [ %n, %next ]
  call void @wend_print_int(i32 %last)
  br label %join

join:                                             ; preds = %early, %late
  %n.lcssa2 = phi i32 [ %n.lcssa, %early ], [ %n.lcssa1, %late ]
  call void @wend_print_int(i32 %n.lcssa2)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
