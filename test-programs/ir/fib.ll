; The Fibonacci function of the mem2reg seed article, as clang -O0 writes
; it (opaque pointers, one stack slot per variable, `retval` for the two
; returns), called by a main that prints fib(0) .. fib(10) and fib(30).
;
; int fib(int n) {
;     int a = 0; int b = 1; int c = 0; int i = 1;
;     if (n == 0) return 0;
;     while (i < n) { c = b; b = a + b; a = c; i = i + 1; }
;     return b;
; }
;
; Its phis: minimal SSA (Cytron) puts 9 — retval at return; a, b, i, c at
; while.cond and again at return — semi-pruned 7 (c is never read before
; it is written in a block, so it is local to while.body), pruned 4
; (retval at return; a, b, i at while.cond), as LLVM's mem2reg does.

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
  %k = alloca i32, align 4
  store i32 0, ptr %k, align 4
  br label %loop

loop:
  %0 = load i32, ptr %k, align 4
  %1 = call i32 @fib(i32 %0)
  call void @wend_print_int(i32 %1)
  call void @wend_print_newline()
  %2 = add i32 %0, 1
  store i32 %2, ptr %k, align 4
  %more = icmp sle i32 %2, 10
  br i1 %more, label %loop, label %last

last:
  %3 = call i32 @fib(i32 30)
  call void @wend_print_int(i32 %3)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

attributes #0 = { noinline nounwind optnone uwtable }
