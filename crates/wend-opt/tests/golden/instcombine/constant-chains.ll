; passes: instcombine
; Rule (a): an add or sub of a constant to an add or sub of a constant is
; one add of the constants' sum, in wrapping arithmetic, whatever %x is:
; `x + 2^30 + 2^30` (softfloat's sign flip) is `x + (-2^31)`, and
; `x - 2^30 - 2^30` is the same. A chain of three folds in one run
; (definitions are visited before uses). A chain summing to 0 is %x
; itself and its use takes %x. `%x + %y` then `+ 1` is no chain of
; constants and stays; so does `5 - %x` (the constant is not added).
; The inner adds are left for DCE where something else still uses them.

define i32 @main() {
entry:
  %x = call i32 @id(i32 -5)
  %y = call i32 @id(i32 2147483647)
  %a = add i32 %x, 1073741824
  %b = add i32 %a, 1073741824
  %c = sub i32 %x, 1073741824
  %d = sub i32 %c, 1073741824
  %e = add i32 %x, 1
  %f = add i32 %e, 2
  %g = add i32 %f, 3
  %h = sub i32 %x, 7
  %i = add i32 %h, 7
  %j = add i32 %i, %y
  %k = add i32 %x, %y
  %l = add i32 %k, 1
  %m = sub i32 5, %x
  %n = sub i32 %m, 5
  %o = add i32 %y, 1
  %p = sub i32 %o, -2147483648
  call void @print(i32 %b)
  call void @print(i32 %d)
  call void @print(i32 %g)
  call void @print(i32 %j)
  call void @print(i32 %l)
  call void @print(i32 %n)
  call void @print(i32 %p)
  ret i32 0
}

define i32 @id(i32 %v) {
entry:
  ret i32 %v
}

define void @print(i32 %v) {
entry:
  call void @wend_print_int(i32 %v)
  call void @wend_print_newline()
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %x = call i32 @id(i32 -5)
  %y = call i32 @id(i32 2147483647)
  %a = add i32 %x, 1073741824
  %b = add i32 %x, -2147483648
  %c = sub i32 %x, 1073741824
  %d = add i32 %x, -2147483648
  %e = add i32 %x, 1
  %f = add i32 %x, 3
  %g = add i32 %x, 6
  %h = sub i32 %x, 7
  %j = add i32 %x, %y
  %k = add i32 %x, %y
  %l = add i32 %k, 1
  %m = sub i32 5, %x
  %n = sub i32 %m, 5
  %o = add i32 %y, 1
  %p = add i32 %y, -2147483647
  call void @print(i32 %b)
  call void @print(i32 %d)
  call void @print(i32 %g)
  call void @print(i32 %j)
  call void @print(i32 %l)
  call void @print(i32 %n)
  call void @print(i32 %p)
  ret i32 0
}

define i32 @id(i32 %v) {
entry:
  ret i32 %v
}

define void @print(i32 %v) {
entry:
  call void @wend_print_int(i32 %v)
  call void @wend_print_newline()
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
