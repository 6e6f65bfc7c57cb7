; passes: sccp
; `br i1 %c, label %b, label %b` is two edges into %b, and %b's phi has
; two entries for %entry. With %c constant, one edge stays: the branch
; becomes `br label %b` and the phi keeps exactly one %entry entry (it is
; not constant: the back edge brings %n; its %entry entry becomes 10, as
; %ten folds). In %loop, the same shape with an unknown condition (%more)
; is left for simplifycfg. (Two entries for one predecessor must be the
; same value, not just equal constants, hence %ten.)

define i32 @main() {
entry:
  %ten = add i32 5, 5
  %c = icmp slt i32 1, 2
  br i1 %c, label %loop, label %loop

loop:
  %v = phi i32 [ %ten, %entry ], [ %ten, %entry ], [ %n, %next ]
  call void @wend_print_int(i32 %v)
  call void @wend_print_newline()
  %n = sub i32 %v, 4
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %next, label %next

next:
  %w = phi i32 [ %n, %loop ], [ %n, %loop ]
  %again = icmp sgt i32 %w, 0
  br i1 %again, label %loop, label %exit

exit:
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %loop

loop:                                             ; preds = %entry, %next
  %v = phi i32 [ 10, %entry ], [ %n, %next ]
  call void @wend_print_int(i32 %v)
  call void @wend_print_newline()
  %n = sub i32 %v, 4
  %more = icmp sgt i32 %n, 0
  br i1 %more, label %next, label %next

next:                                             ; preds = %loop
  %w = phi i32 [ %n, %loop ], [ %n, %loop ]
  %again = icmp sgt i32 %w, 0
  br i1 %again, label %loop, label %exit

exit:                                             ; preds = %next
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
