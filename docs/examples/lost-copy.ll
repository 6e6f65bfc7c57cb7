; The lost-copy example of the SSA-destruction lecture, after copy
; propagation: the exit reads %x1 while the back edge copies %x2 into it.
define i32 @main() {
entry:
  br label %loop

loop:
  %x1 = phi i32 [ 1, %entry ], [ %x2, %loop ]
  %x2 = add i32 %x1, 1
  %c = icmp slt i32 %x2, 5
  br i1 %c, label %loop, label %exit

exit:
  call void @wend_print_int(i32 %x1)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
