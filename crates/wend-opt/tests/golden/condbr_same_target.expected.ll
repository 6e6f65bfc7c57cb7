; RUN: mem2reg
define i32 @main() {
entry:
  %c = icmp slt i32 1, 2
  br i1 %c, label %loop, label %loop

loop:                                             ; preds = %entry, %loop
  %x = phi i32 [ 10, %entry ], [ 10, %entry ], [ %n, %loop ]
  call void @wend_print_int(i32 %x)
  call void @wend_print_newline()
  %n = sub i32 %x, 4
  %done = icmp slt i32 %n, 0
  br i1 %done, label %exit, label %loop

exit:                                             ; preds = %loop
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
