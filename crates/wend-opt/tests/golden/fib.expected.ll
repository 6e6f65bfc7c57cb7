; RUN: mem2reg
define i32 @fib(i32 %n) {
entry:
  %cmp = icmp eq i32 %n, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  br label %return

if.end:                                           ; preds = %entry
  br label %while.cond

while.cond:                                       ; preds = %if.end, %while.body
  %a = phi i32 [ 0, %if.end ], [ %b, %while.body ]
  %b = phi i32 [ 1, %if.end ], [ %add, %while.body ]
  %i = phi i32 [ 1, %if.end ], [ %add2, %while.body ]
  %cmp1 = icmp slt i32 %i, %n
  br i1 %cmp1, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %add = add i32 %a, %b
  %add2 = add i32 %i, 1
  br label %while.cond

while.end:                                        ; preds = %while.cond
  br label %return

return:                                           ; preds = %if.then, %while.end
  %retval = phi i32 [ 0, %if.then ], [ %b, %while.end ]
  ret i32 %retval
}

define i32 @main() {
entry:
  %r0 = call i32 @fib(i32 0)
  call void @wend_print_int(i32 %r0)
  call void @wend_print_newline()
  %r10 = call i32 @fib(i32 10)
  call void @wend_print_int(i32 %r10)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
