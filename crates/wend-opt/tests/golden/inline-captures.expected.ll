; RUN: mem2reg,inline,mem2reg
define i32 @main() {
entry:
  br label %while.cond

while.cond:                                       ; preds = %entry, %sq.cont
  %s = phi i32 [ 0, %entry ], [ %add1, %sq.cont ]
  %x = phi i32 [ 1, %entry ], [ %add, %sq.cont ]
  %cmp = icmp slt i32 %s, 10
  br i1 %cmp, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  br label %inc.entry

inc.entry:                                        ; preds = %while.body
  %add = add i32 %x, 2
  br label %inc.cont

inc.cont:                                         ; preds = %inc.entry
  br label %sq.entry

sq.entry:                                         ; preds = %inc.cont
  %mul = mul i32 %add, %add
  br label %sq.cont

sq.cont:                                          ; preds = %sq.entry
  %add1 = add i32 %s, %mul
  br label %while.cond

while.end:                                        ; preds = %while.cond
  call void @wend_print_int(i32 %s)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
