; RUN: sccp
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
