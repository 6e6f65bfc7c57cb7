; passes: dse
; Stores overwritten before any read, in @f (a nested function's shape:
; %p and %q are capture pointers, %t its own variable). The first store to
; %p is dead: the load of %q and the store to %t in between touch other
; variables. The second store to %p is read by the call to @get (which
; loads through its argument) and stays; @show only prints, so the third
; store to %p is overwritten by the fourth across it. The store to %q is
; followed by a store through %s, a pointer whose object is unknown: that
; writes but reads nothing, so it does not keep the store alive; the
; second store to %q makes it dead; likewise the store of %y to %t, which
; nothing reads before `store 7, %t`. The load through %s may read
; anything: `store 7, %t` before it stays though %t is stored again after.

define i32 @get(i32* %v) {
entry:
  %x = load i32, i32* %v
  ret i32 %x
}

define void @show(i32 %x) {
entry:
  call void @wend_print_int(i32 %x)
  call void @wend_print_newline()
  ret void
}

define i32 @f(i32 %k, i1 %c, i32* %p, i32* %q) {
entry:
  %t = alloca i32
  store i32 1, i32* %p
  %y = load i32, i32* %q
  store i32 %y, i32* %t
  store i32 2, i32* %p
  %g = call i32 @get(i32* %p)
  store i32 3, i32* %p
  call void @show(i32 %g)
  store i32 %k, i32* %p
  store i32 %k, i32* %q
  %s = select i1 %c, i32* %q, i32* %t
  store i32 5, i32* %s
  store i32 6, i32* %q
  store i32 7, i32* %t
  %z = load i32, i32* %s
  store i32 8, i32* %t
  %u = load i32, i32* %t
  %r = add i32 %z, %u
  ret i32 %r
}

define i32 @main() {
entry:
  %a = alloca i32
  %b = alloca i32
  store i32 10, i32* %a
  store i32 20, i32* %b
  %r1 = call i32 @f(i32 4, i1 true, i32* %a, i32* %b)
  call void @show(i32 %r1)
  %x = load i32, i32* %a
  call void @show(i32 %x)
  %y = load i32, i32* %b
  call void @show(i32 %y)
  %r2 = call i32 @f(i32 9, i1 false, i32* %b, i32* %a)
  call void @show(i32 %r2)
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @get(i32* %v) {
entry:
  %x = load i32, i32* %v
  ret i32 %x
}

define void @show(i32 %x) {
entry:
  call void @wend_print_int(i32 %x)
  call void @wend_print_newline()
  ret void
}

define i32 @f(i32 %k, i1 %c, i32* %p, i32* %q) {
entry:
  %t = alloca i32
  %y = load i32, i32* %q
  store i32 2, i32* %p
  %g = call i32 @get(i32* %p)
  call void @show(i32 %g)
  store i32 %k, i32* %p
  %s = select i1 %c, i32* %q, i32* %t
  store i32 5, i32* %s
  store i32 6, i32* %q
  store i32 7, i32* %t
  %z = load i32, i32* %s
  store i32 8, i32* %t
  %u = load i32, i32* %t
  %r = add i32 %z, %u
  ret i32 %r
}

define i32 @main() {
entry:
  %a = alloca i32
  %b = alloca i32
  store i32 10, i32* %a
  store i32 20, i32* %b
  %r1 = call i32 @f(i32 4, i1 true, i32* %a, i32* %b)
  call void @show(i32 %r1)
  %x = load i32, i32* %a
  call void @show(i32 %x)
  %y = load i32, i32* %b
  call void @show(i32 %y)
  %r2 = call i32 @f(i32 9, i1 false, i32* %b, i32* %a)
  call void @show(i32 %r2)
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
