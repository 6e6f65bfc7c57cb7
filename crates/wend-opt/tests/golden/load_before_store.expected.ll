; RUN: mem2reg
define i32 @main() {
entry:
  %zero = mul i32 undef, 0
  call void @wend_print_int(i32 %zero)
  call void @wend_print_newline()
  br label %loop

loop:                                             ; preds = %entry, %skip
  %last = phi i32 [ undef, %entry ], [ %sq, %skip ]
  %i = phi i32 [ 0, %entry ], [ %next, %skip ]
  %first = icmp eq i32 %i, 0
  br i1 %first, label %skip, label %show

show:                                             ; preds = %loop
  call void @wend_print_int(i32 %last)
  call void @wend_print_int(i32 7)
  call void @wend_print_newline()
  br label %skip

skip:                                             ; preds = %loop, %show
  %sq = mul i32 %i, %i
  %next = add i32 %i, 1
  %done = icmp sge i32 %next, 4
  br i1 %done, label %exit, label %loop

exit:                                             ; preds = %skip
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
