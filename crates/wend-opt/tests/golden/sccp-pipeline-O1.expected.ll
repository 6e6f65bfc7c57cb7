; RUN: mem2reg,sccp,dce,simplifycfg
define i32 @main() {
entry:
  br label %while.cond

while.cond:                                       ; preds = %entry, %while.body
  %i = phi i32 [ 0, %entry ], [ %add1, %while.body ]
  %sum = phi i32 [ 0, %entry ], [ %add, %while.body ]
  %cmp = icmp slt i32 %i, 4
  br i1 %cmp, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %mul = mul i32 %i, 2
  %add = add i32 %sum, %mul
  %add1 = add i32 %i, 1
  br label %while.cond

while.end:                                        ; preds = %while.cond
  %div2 = sdiv i32 %sum, 3
  call void @wend_print_int(i32 %div2)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_div_by_zero(i32)
declare void @wend_print_int(i32)
declare void @wend_print_newline()
