; RUN: dce
define i32 @main() {
entry:
  %slot = alloca i32
  store i32 7, i32* %slot
  br label %loop

loop:                                             ; preds = %entry, %loop
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 4
  br i1 %more, label %loop, label %exit

exit:                                             ; preds = %loop
  %seen = load i32, i32* %slot
  call void @wend_print_int(i32 %seen)
  call void @wend_print_newline()
  ret i32 %i.next
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
