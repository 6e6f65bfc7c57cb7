; passes: instcombine
; Rules (b) and (d) on softfloat's field accessors after inlining: the
; magnitude %m of a float %f is %f with 2^30 added twice where %f < 0
; (which the branch into %neg says), %f where it is not: [0, 2^31-1]. So its
; exponent `%m / 2^23` is a logical shift and its fraction `%m % 2^23` a
; mask. The two adds also fold into one (rule a), and then the phi is
; `%f` with its sign bit cleared: `and %f, 2^31-1` at the top of %join (the
; adds, the branch and %neg are left for DCE and simplifycfg). Interpreting `main`
; before and after checks the values for negative floats, 0, INT_MIN and
; INT_MAX.

define i32 @fields(i32 %f) {
entry:
  %isneg = icmp slt i32 %f, 0
  br i1 %isneg, label %neg, label %join

neg:
  %a = add i32 %f, 1073741824
  %b = add i32 %a, 1073741824
  br label %join

join:
  %m = phi i32 [ %b, %neg ], [ %f, %entry ]
  %e = sdiv i32 %m, 8388608
  %frac = srem i32 %m, 8388608
  %hi = sdiv i32 %frac, 4096
  %lo = srem i32 %frac, 4096
  %s = mul i32 %e, 1000
  %t = add i32 %s, %hi
  %u = mul i32 %t, 4096
  %r = add i32 %u, %lo
  ret i32 %r
}

define i32 @main() {
entry:
  %r1 = call i32 @fields(i32 -1)
  call void @print(i32 %r1)
  %r2 = call i32 @fields(i32 -2147483648)
  call void @print(i32 %r2)
  %r3 = call i32 @fields(i32 2147483647)
  call void @print(i32 %r3)
  %r4 = call i32 @fields(i32 0)
  call void @print(i32 %r4)
  %r5 = call i32 @fields(i32 -1082130432)
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
define i32 @fields(i32 %f) {
entry:
  %isneg = icmp slt i32 %f, 0
  br i1 %isneg, label %neg, label %join

neg:                                              ; preds = %entry
  %a = add i32 %f, 1073741824
  %b = add i32 %f, -2147483648
  br label %join

join:                                             ; preds = %entry, %neg
  %0 = and i32 %f, 2147483647
  %e = lshr i32 %0, 23
  %frac = and i32 %0, 8388607
  %hi = lshr i32 %frac, 12
  %lo = and i32 %frac, 4095
  %s = mul i32 %e, 1000
  %t = add i32 %s, %hi
  %u = mul i32 %t, 4096
  %r = add i32 %u, %lo
  ret i32 %r
}

define i32 @main() {
entry:
  %r1 = call i32 @fields(i32 -1)
  call void @print(i32 %r1)
  %r2 = call i32 @fields(i32 -2147483648)
  call void @print(i32 %r2)
  %r3 = call i32 @fields(i32 2147483647)
  call void @print(i32 %r3)
  %r4 = call i32 @fields(i32 0)
  call void @print(i32 %r4)
  %r5 = call i32 @fields(i32 -1082130432)
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
