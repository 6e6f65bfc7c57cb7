; passes: mem2reg
; The Fibonacci example of the mem2reg article in the seeds, as clang -O0
; writes it. Pruned SSA: phis for a, b and i at while.cond and for retval
; at return; none for c (always stored before it is read in the body) and
; none for n.addr (stored once, with a parameter).

define i32 @fib(i32 %n) {
entry:
  %retval = alloca i32
  %n.addr = alloca i32
  %a = alloca i32
  %b = alloca i32
  %i = alloca i32
  %c = alloca i32
  store i32 %n, i32* %n.addr
  store i32 0, i32* %a
  store i32 1, i32* %b
  store i32 1, i32* %i
  store i32 0, i32* %c
  %0 = load i32, i32* %n.addr
  %cmp = icmp eq i32 %0, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:
  store i32 0, i32* %retval
  br label %return

if.end:
  br label %while.cond

while.cond:
  %1 = load i32, i32* %i
  %2 = load i32, i32* %n.addr
  %cmp1 = icmp slt i32 %1, %2
  br i1 %cmp1, label %while.body, label %while.end

while.body:
  %3 = load i32, i32* %b
  store i32 %3, i32* %c
  %4 = load i32, i32* %a
  %5 = load i32, i32* %b
  %add = add i32 %4, %5
  store i32 %add, i32* %b
  %6 = load i32, i32* %c
  store i32 %6, i32* %a
  %7 = load i32, i32* %i
  %add2 = add i32 %7, 1
  store i32 %add2, i32* %i
  br label %while.cond

while.end:
  %8 = load i32, i32* %b
  store i32 %8, i32* %retval
  br label %return

return:
  %9 = load i32, i32* %retval
  ret i32 %9
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

; ---- expected output ----
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
