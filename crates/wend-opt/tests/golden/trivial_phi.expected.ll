; RUN: mem2reg
define i32 @main() {
entry:
  br label %cond

cond:                                             ; preds = %entry, %join
  %i = phi i32 [ 0, %entry ], [ %i2, %join ]
  %more = icmp slt i32 %i, 3
  br i1 %more, label %body, label %end

body:                                             ; preds = %cond
  %one = icmp eq i32 %i, 1
  br i1 %one, label %same, label %join

same:                                             ; preds = %body
  br label %join

join:                                             ; preds = %body, %same
  %i2 = add i32 %i, 1
  br label %cond

end:                                              ; preds = %cond
  call void @wend_print_int(i32 5)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
