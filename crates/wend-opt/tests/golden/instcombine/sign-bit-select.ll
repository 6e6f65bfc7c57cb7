; passes: instcombine
; The sign-bit rule on a select (what simplifycfg makes of softfloat's
; magnitude diamond once it forms selects): `x < 0 ? x + (-2^31) : x` is
; `and x, 2^31-1`, also written `0 > x`, `x >= 0 ? x : ...`, and with the
; two adds of 2^30 that rule (a) folds first. It stays a select where the
; test does not split the signs (`x < 5`: the flipped arm may see x = 3),
; where the arms are the wrong way round, and where the test is on another
; value. Interpreting `main` checks each on -1, INT_MIN, 0, 3 and INT_MAX.

define i32 @abs4(i32 %x, i32 %y) {
entry:
  %neg = icmp slt i32 %x, 0
  %f = add i32 %x, -2147483648
  %a = select i1 %neg, i32 %f, i32 %x
  %neg2 = icmp sgt i32 0, %x
  %b = select i1 %neg2, i32 %f, i32 %x
  %pos = icmp sge i32 %x, 0
  %h1 = add i32 %x, 1073741824
  %h2 = add i32 %h1, 1073741824
  %c = select i1 %pos, i32 %x, i32 %h2
  %small = icmp slt i32 %x, 5
  %d = select i1 %small, i32 %f, i32 %x
  %e = select i1 %neg, i32 %x, i32 %f
  %yneg = icmp slt i32 %y, 0
  %g = select i1 %yneg, i32 %f, i32 %x
  %s1 = add i32 %a, %b
  %s2 = mul i32 %s1, 3
  %s3 = add i32 %s2, %c
  %s4 = mul i32 %s3, 5
  %s5 = add i32 %s4, %d
  %s6 = mul i32 %s5, 7
  %s7 = add i32 %s6, %e
  %s8 = mul i32 %s7, 11
  %s9 = add i32 %s8, %g
  ret i32 %s9
}

define i32 @main() {
entry:
  %r1 = call i32 @abs4(i32 -1, i32 1)
  call void @print(i32 %r1)
  %r2 = call i32 @abs4(i32 -2147483648, i32 -1)
  call void @print(i32 %r2)
  %r3 = call i32 @abs4(i32 0, i32 -1)
  call void @print(i32 %r3)
  %r4 = call i32 @abs4(i32 3, i32 0)
  call void @print(i32 %r4)
  %r5 = call i32 @abs4(i32 2147483647, i32 -5)
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
define i32 @abs4(i32 %x, i32 %y) {
entry:
  %neg = icmp slt i32 %x, 0
  %f = add i32 %x, -2147483648
  %a = and i32 %x, 2147483647
  %neg2 = icmp sgt i32 0, %x
  %b = and i32 %x, 2147483647
  %pos = icmp sge i32 %x, 0
  %h1 = add i32 %x, 1073741824
  %h2 = add i32 %x, -2147483648
  %c = and i32 %x, 2147483647
  %small = icmp slt i32 %x, 5
  %d = select i1 %small, i32 %f, i32 %x
  %e = select i1 %neg, i32 %x, i32 %f
  %yneg = icmp slt i32 %y, 0
  %g = select i1 %yneg, i32 %f, i32 %x
  %s1 = add i32 %a, %b
  %s2 = mul i32 %s1, 3
  %s3 = add i32 %s2, %c
  %s4 = mul i32 %s3, 5
  %s5 = add i32 %s4, %d
  %s6 = mul i32 %s5, 7
  %s7 = add i32 %s6, %e
  %s8 = mul i32 %s7, 11
  %s9 = add i32 %s8, %g
  ret i32 %s9
}

define i32 @main() {
entry:
  %r1 = call i32 @abs4(i32 -1, i32 1)
  call void @print(i32 %r1)
  %r2 = call i32 @abs4(i32 -2147483648, i32 -1)
  call void @print(i32 %r2)
  %r3 = call i32 @abs4(i32 0, i32 -1)
  call void @print(i32 %r3)
  %r4 = call i32 @abs4(i32 3, i32 0)
  call void @print(i32 %r4)
  %r5 = call i32 @abs4(i32 2147483647, i32 -5)
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
