; RUN: mem2reg
define i32 @main() {
entry:
  br label %while.cond

while.cond:                                       ; preds = %entry, %while.body
  %sum = phi i32 [ 0, %entry ], [ %s1, %while.body ]
  %i = phi i32 [ 1, %entry ], [ %i3, %while.body ]
  %cmp = icmp sle i32 %i, 10
  br i1 %cmp, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %s1 = add i32 %sum, %i
  %i3 = add i32 %i, 1
  br label %while.cond

while.end:                                        ; preds = %while.cond
  call void @wend_print_int(i32 %sum)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
