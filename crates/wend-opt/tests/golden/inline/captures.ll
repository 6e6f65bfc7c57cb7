; passes: mem2reg,inline,mem2reg
; A nested function with a capture, as the frontend lowers
;   main() { int x; int s; inc(int d) { x = x + d; } int sq(int a) { return a * a; }
;            x = 1; while s < 10 { inc(2); s = s + sq(x); } print s; println ""; }
; @main.inc receives the address of main's %x. After inlining, its
; pointer parameter is main's alloca itself, so the second mem2reg
; promotes %x: the loop carries x and s in phis, and no memory access is
; left. Both helpers have one call site: they are deleted. The inlined
; blocks are named after their function (inc.entry, inc.cont, ...).

define i32 @main() {
entry:
  %x = alloca i32
  %s = alloca i32
  store i32 0, i32* %x
  store i32 0, i32* %s
  store i32 1, i32* %x
  br label %while.cond

while.cond:
  %0 = load i32, i32* %s
  %cmp = icmp slt i32 %0, 10
  br i1 %cmp, label %while.body, label %while.end

while.body:
  call void @main.inc(i32 2, i32* %x)
  %1 = load i32, i32* %s
  %2 = load i32, i32* %x
  %call = call i32 @main.sq(i32 %2)
  %add = add i32 %1, %call
  store i32 %add, i32* %s
  br label %while.cond

while.end:
  %3 = load i32, i32* %s
  call void @wend_print_int(i32 %3)
  call void @wend_print_newline()
  ret i32 0
}

define void @main.inc(i32 %d, i32* %x) {
entry:
  %d.addr = alloca i32
  store i32 %d, i32* %d.addr
  %0 = load i32, i32* %x
  %1 = load i32, i32* %d.addr
  %add = add i32 %0, %1
  store i32 %add, i32* %x
  ret void
}

define i32 @main.sq(i32 %a) {
entry:
  %a.addr = alloca i32
  store i32 %a, i32* %a.addr
  %0 = load i32, i32* %a.addr
  %1 = load i32, i32* %a.addr
  %mul = mul i32 %0, %1
  ret i32 %mul
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
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
