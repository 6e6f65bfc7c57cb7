; passes: instcombine
; Identities: each instruction of @ids is %x (or 0) whatever %x holds, so
; its uses take %x (or 0) and it is deleted: `x + 0` (the frontend's
; `moves = moves + 0`), `0 + x`, `x - 0`, `x * 1`, `1 * x`, `x / 1`,
; `x & -1`, `x | 0`, `x ^ 0`, `x lshr 0`, `x & x`, `x | x` are %x; `x * 0`,
; `0 & x`, `x % 1`, `x % -1`, `x - x`, `x ^ x` are 0 (the sum of two of
; them, `0 + 0` once they are replaced, is constant folding: SCCP's, and
; stays). @not_ids keeps
; what only looks like one: `0 - x` is the negation, `x / -1` too, `x - 0`
; with the operands the other way round is `0 - x`, `1 / x` and `x * -1`
; depend on x, and `x - y` of two values.

define i32 @ids(i32 %x) {
entry:
  %a = add i32 %x, 0
  %b = add i32 0, %a
  %c = sub i32 %b, 0
  %d = mul i32 %c, 1
  %e = mul i32 1, %d
  %f = sdiv i32 %e, 1
  %g = and i32 %f, -1
  %h = or i32 %g, 0
  %i = xor i32 %h, 0
  %j = lshr i32 %i, 0
  %k = and i32 %j, %j
  %l = or i32 %k, %k
  %z1 = mul i32 %l, 0
  %z2 = and i32 0, %l
  %z3 = srem i32 %l, 1
  %z4 = srem i32 %l, -1
  %z5 = sub i32 %l, %l
  %z6 = xor i32 %l, %l
  %s1 = add i32 %z1, %z2
  %s2 = add i32 %s1, %z3
  %s3 = add i32 %s2, %z4
  %s4 = add i32 %s3, %z5
  %s5 = add i32 %s4, %z6
  %r = add i32 %l, %s5
  ret i32 %r
}

define i32 @not_ids(i32 %x, i32 %y) {
entry:
  %n = sub i32 0, %x
  %m = sdiv i32 %n, -1
  %o = mul i32 %m, -1
  %p = sub i32 %o, %y
  %iszero = icmp eq i32 %p, 0
  br i1 %iszero, label %zero, label %div

zero:
  ret i32 0

div:
  %q = sdiv i32 1, %p
  %r = add i32 %p, %q
  ret i32 %r
}

define i32 @main() {
entry:
  %a = call i32 @ids(i32 -7)
  call void @wend_print_int(i32 %a)
  call void @wend_print_newline()
  %b = call i32 @ids(i32 2147483647)
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  %c = call i32 @not_ids(i32 5, i32 3)
  call void @wend_print_int(i32 %c)
  call void @wend_print_newline()
  %d = call i32 @not_ids(i32 -1, i32 -2)
  call void @wend_print_int(i32 %d)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @ids(i32 %x) {
entry:
  %s1 = add i32 0, 0
  %r = add i32 %x, %s1
  ret i32 %r
}

define i32 @not_ids(i32 %x, i32 %y) {
entry:
  %n = sub i32 0, %x
  %m = sdiv i32 %n, -1
  %o = mul i32 %m, -1
  %p = sub i32 %o, %y
  %iszero = icmp eq i32 %p, 0
  br i1 %iszero, label %zero, label %div

zero:                                             ; preds = %entry
  ret i32 0

div:                                              ; preds = %entry
  %q = sdiv i32 1, %p
  %r = add i32 %p, %q
  ret i32 %r
}

define i32 @main() {
entry:
  %a = call i32 @ids(i32 -7)
  call void @wend_print_int(i32 %a)
  call void @wend_print_newline()
  %b = call i32 @ids(i32 2147483647)
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  %c = call i32 @not_ids(i32 5, i32 3)
  call void @wend_print_int(i32 %c)
  call void @wend_print_newline()
  %d = call i32 @not_ids(i32 -1, i32 -2)
  call void @wend_print_int(i32 %d)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
