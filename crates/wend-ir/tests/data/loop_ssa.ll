; A counting loop in SSA form: the phis use %next before its definition.
@.str.0 = private unnamed_addr constant [7 x i8] c"sum = \00"

define i32 @main() {
entry:
  br label %loop

loop:                                             ; preds = %entry, %loop
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %sum = phi i32 [ 0, %entry ], [ %sum.next, %loop ]
  %sum.next = add i32 %sum, %i
  %next = add nsw i32 %i, 1
  %done = icmp sge i32 %next, 10
  br i1 %done, label %exit, label %loop

exit:                                             ; preds = %loop
  call void @wend_print_str(i8* getelementptr inbounds ([7 x i8], [7 x i8]* @.str.0, i64 0, i64 0), i32 6)
  call void @wend_print_int(i32 %sum.next)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_str(i8*, i32)
declare void @wend_print_int(i32)
declare void @wend_print_newline()
