; passes: sccp
; INT_MIN / -1 and INT_MIN % -1 through the frontend's guards: the
; divisor select picks 1, so the sdiv is INT_MIN / 1 (defined, folded), and
; the result select picks the wrapping negation 0 - INT_MIN = INT_MIN; the
; remainder is 0. Truncating division: -7 / 2 = -3 and -7 % 2 = -1;
; wrapping: INT_MAX + 1 = INT_MIN, 65536 * 65536 = 0. Every print gets a
; constant and all the arithmetic goes.
;
; @raw has unguarded divisions the IR leaves undefined (INT_MIN / -1,
; 5 % 0): they must not be folded and stay as they are.

define i32 @main() {
entry:
  %isneg1 = icmp eq i32 -1, -1
  %divisor = select i1 %isneg1, i32 1, i32 -1
  %div = sdiv i32 -2147483648, %divisor
  %neg = sub i32 0, -2147483648
  %q = select i1 %isneg1, i32 %neg, i32 %div
  call void @wend_print_int(i32 %q)
  %rem = srem i32 -2147483648, %divisor
  %r = select i1 %isneg1, i32 0, i32 %rem
  call void @wend_print_int(i32 %r)
  %d2 = sdiv i32 -7, 2
  call void @wend_print_int(i32 %d2)
  %r2 = srem i32 -7, 2
  call void @wend_print_int(i32 %r2)
  %wrap = add i32 2147483647, 1
  call void @wend_print_int(i32 %wrap)
  %sq = mul i32 65536, 65536
  call void @wend_print_int(i32 %sq)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @raw() {
entry:
  %overflow = sdiv i32 -2147483648, -1
  %byzero = srem i32 5, 0
  %sum = add i32 %overflow, %byzero
  ret i32 %sum
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  call void @wend_print_int(i32 -2147483648)
  call void @wend_print_int(i32 0)
  call void @wend_print_int(i32 -3)
  call void @wend_print_int(i32 -1)
  call void @wend_print_int(i32 -2147483648)
  call void @wend_print_int(i32 0)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @raw() {
entry:
  %overflow = sdiv i32 -2147483648, -1
  %byzero = srem i32 5, 0
  %sum = add i32 %overflow, %byzero
  ret i32 %sum
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
