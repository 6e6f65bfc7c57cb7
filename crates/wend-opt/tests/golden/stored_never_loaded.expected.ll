; RUN: mem2reg
define i32 @main() {
entry:
  %c = icmp eq i32 3, 4
  br i1 %c, label %then, label %else

then:                                             ; preds = %entry
  br label %loop

else:                                             ; preds = %entry
  br label %loop

loop:                                             ; preds = %then, %else, %loop
  %i = phi i32 [ 0, %then ], [ 0, %else ], [ %next, %loop ]
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, 3
  br i1 %done, label %exit, label %loop

exit:                                             ; preds = %loop
  call void @wend_print_int(i32 %next)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
