; passes: instcombine
; A rewrite that enables another: softfloat's magnitude as a select, then
; divided and reduced by powers of two. The ranges computed before the first
; walk see the select as any i32 (its flipped arm `x + (-2^31)` is not
; narrowed by the test on `x`), so the first walk only makes it
; `and x, 2^31-1`; the second walk, with the `and`'s range [0, 2^31-1],
; makes the division a shift and the remainder a mask. Interpreting `main`
; checks the values on -1, INT_MIN, 0, 3 and INT_MAX: 2^28-1 + 7 = 268435462,
; 0 + 0, 0 + 0, 0 + 3, 2^28-1 + 7.

define i32 @fields(i32 %x) {
entry:
  %neg = icmp slt i32 %x, 0
  %f = add i32 %x, -2147483648
  %m = select i1 %neg, i32 %f, i32 %x
  %q = sdiv i32 %m, 8
  %r = srem i32 %m, 8
  %s = add i32 %q, %r
  ret i32 %s
}

define i32 @main() {
entry:
  %r1 = call i32 @fields(i32 -1)
  call void @print(i32 %r1)
  %r2 = call i32 @fields(i32 -2147483648)
  call void @print(i32 %r2)
  %r3 = call i32 @fields(i32 0)
  call void @print(i32 %r3)
  %r4 = call i32 @fields(i32 3)
  call void @print(i32 %r4)
  %r5 = call i32 @fields(i32 2147483647)
  call void @print(i32 %r5)
  ret i32 0
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
define i32 @fields(i32 %x) {
entry:
  %neg = icmp slt i32 %x, 0
  %f = add i32 %x, -2147483648
  %m = and i32 %x, 2147483647
  %q = lshr i32 %m, 3
  %r = and i32 %m, 7
  %s = add i32 %q, %r
  ret i32 %s
}

define i32 @main() {
entry:
  %r1 = call i32 @fields(i32 -1)
  call void @print(i32 %r1)
  %r2 = call i32 @fields(i32 -2147483648)
  call void @print(i32 %r2)
  %r3 = call i32 @fields(i32 0)
  call void @print(i32 %r3)
  %r4 = call i32 @fields(i32 3)
  call void @print(i32 %r4)
  %r5 = call i32 @fields(i32 2147483647)
  call void @print(i32 %r5)
  ret i32 0
}

define void @print(i32 %v) {
entry:
  call void @wend_print_int(i32 %v)
  call void @wend_print_newline()
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
