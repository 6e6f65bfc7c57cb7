; RUN: mem2reg
define i32 @main() {
entry:
  br label %outer.cond

outer.cond:                                       ; preds = %entry, %inner.end
  %i = phi i32 [ 0, %entry ], [ %i3, %inner.end ]
  %count = phi i32 [ 0, %entry ], [ %count1, %inner.end ]
  %c0 = icmp slt i32 %i, 4
  br i1 %c0, label %outer.body, label %outer.end

outer.body:                                       ; preds = %outer.cond
  br label %inner.cond

inner.cond:                                       ; preds = %outer.body, %inner.body
  %j = phi i32 [ 0, %outer.body ], [ %j3, %inner.body ]
  %count1 = phi i32 [ %count, %outer.body ], [ %n1, %inner.body ]
  %c1 = icmp slt i32 %j, %i
  br i1 %c1, label %inner.body, label %inner.end

inner.body:                                       ; preds = %inner.cond
  %n1 = add i32 %count1, %j
  %j3 = add i32 %j, 1
  br label %inner.cond

inner.end:                                        ; preds = %inner.cond
  %i3 = add i32 %i, 1
  br label %outer.cond

outer.end:                                        ; preds = %outer.cond
  call void @wend_print_int(i32 %count)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
