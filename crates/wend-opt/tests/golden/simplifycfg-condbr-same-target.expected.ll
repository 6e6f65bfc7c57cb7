; RUN: simplifycfg
define i32 @main() {
entry:
  %ten = add i32 5, 5
  %c = icmp slt i32 1, 2
  br label %loop

loop:                                             ; preds = %entry, %loop
  %v = phi i32 [ %ten, %entry ], [ %n, %loop ]
  call void @wend_print_int(i32 %v)
  call void @wend_print_newline()
  %n = sub i32 %v, 4
  %more = icmp sgt i32 %n, 0
  %again = icmp sgt i32 %n, 0
  br i1 %again, label %loop, label %exit

exit:                                             ; preds = %loop
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
