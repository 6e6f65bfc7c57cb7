; passes: mem2reg<minimal>
; Minimal SSA (Cytron et al.) on the seed article's fib, as clang -O0 writes it:
; a phi for every variable at every block of the iterated dominance
; frontier of its stores. retval meets at return; a, b, i and c, stored in
; entry and while.body, meet at while.cond and again at return: 9 phis,
; the article's count, dead ones (c's, and all of return's but retval's)
; included. n.addr is stored once, in entry: its frontier is empty.

define dso_local i32 @fib(i32 noundef %n) #0 {
entry:
  %retval = alloca i32, align 4
  %n.addr = alloca i32, align 4
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  %i = alloca i32, align 4
  %c = alloca i32, align 4
  store i32 %n, ptr %n.addr, align 4
  store i32 0, ptr %a, align 4
  store i32 1, ptr %b, align 4
  store i32 1, ptr %i, align 4
  store i32 0, ptr %c, align 4
  %0 = load i32, ptr %n.addr, align 4
  %cmp = icmp eq i32 %0, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:
  store i32 0, ptr %retval, align 4
  br label %return

if.end:
  br label %while.cond

while.cond:
  %1 = load i32, ptr %i, align 4
  %2 = load i32, ptr %n.addr, align 4
  %cmp1 = icmp slt i32 %1, %2
  br i1 %cmp1, label %while.body, label %while.end

while.body:
  %3 = load i32, ptr %b, align 4
  store i32 %3, ptr %c, align 4
  %4 = load i32, ptr %a, align 4
  %5 = load i32, ptr %b, align 4
  %add = add nsw i32 %4, %5
  store i32 %add, ptr %b, align 4
  %6 = load i32, ptr %c, align 4
  store i32 %6, ptr %a, align 4
  %7 = load i32, ptr %i, align 4
  %add2 = add nsw i32 %7, 1
  store i32 %add2, ptr %i, align 4
  br label %while.cond

while.end:
  %8 = load i32, ptr %b, align 4
  store i32 %8, ptr %retval, align 4
  br label %return

return:
  %9 = load i32, ptr %retval, align 4
  ret i32 %9
}

define i32 @main() {
entry:
  %0 = call i32 @fib(i32 0)
  call void @wend_print_int(i32 %0)
  %1 = call i32 @fib(i32 10)
  call void @wend_print_int(i32 %1)
  ret i32 0
}

declare void @wend_print_int(i32)

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
  %c = phi i32 [ 0, %if.end ], [ %b, %while.body ]
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
  %a1 = phi i32 [ 0, %if.then ], [ %a, %while.end ]
  %b1 = phi i32 [ 1, %if.then ], [ %b, %while.end ]
  %i1 = phi i32 [ 1, %if.then ], [ %i, %while.end ]
  %c1 = phi i32 [ 0, %if.then ], [ %c, %while.end ]
  ret i32 %retval
}

define i32 @main() {
entry:
  %0 = call i32 @fib(i32 0)
  call void @wend_print_int(i32 %0)
  %1 = call i32 @fib(i32 10)
  call void @wend_print_int(i32 %1)
  ret i32 0
}

declare void @wend_print_int(i32)
