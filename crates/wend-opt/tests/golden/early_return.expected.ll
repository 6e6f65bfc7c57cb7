; RUN: mem2reg
define i32 @first_square_above(i32 %n) {
entry:
  br label %while.cond

while.cond:                                       ; preds = %entry, %if.end
  %i = phi i32 [ 0, %entry ], [ %i3, %if.end ]
  br i1 true, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %sq = mul i32 %i, %i
  %big = icmp sgt i32 %sq, %n
  br i1 %big, label %if.then, label %if.end

if.then:                                          ; preds = %while.body
  ret i32 %i

after.return:                                     ; No predecessors!
  br label %if.end

if.end:                                           ; preds = %while.body, %after.return
  %i3 = add i32 %i, 1
  br label %while.cond

while.end:                                        ; preds = %while.cond
  %neg = sub i32 0, 1
  ret i32 %neg
}

define i32 @main() {
entry:
  %r = call i32 @first_square_above(i32 50)
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
