; passes: sccp
; `println 7 / 0;` and `println 7 % 0;` as the frontend lowers them: a guard
; `icmp eq divisor, 0` branching to @wend_div_by_zero, then the INT_MIN/-1
; guard selects around the sdiv. The guard folds to true, so the call stays
; reachable and the runtime error is still raised (exit status 2); %div.ok,
; which holds the sdiv by 0, is never executable and is deleted — the
; undefined sdiv is never folded. The print before the division stays.
; In @divide the divisor is not constant, so nothing changes but the
; constant guard comparisons.

define i32 @main() {
entry:
  call void @wend_print_int(i32 1)
  call void @wend_print_newline()
  %iszero = icmp eq i32 0, 0
  br i1 %iszero, label %div.zero, label %div.ok

div.zero:
  call void @wend_div_by_zero(i32 6)
  unreachable

div.ok:
  %isneg1 = icmp eq i32 0, -1
  %divisor = select i1 %isneg1, i32 1, i32 0
  %div = sdiv i32 7, %divisor
  %neg = sub i32 0, 7
  %q = select i1 %isneg1, i32 %neg, i32 %div
  call void @wend_print_int(i32 %q)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @divide(i32 %a, i32 %b) {
entry:
  %iszero = icmp eq i32 %b, 0
  br i1 %iszero, label %div.zero, label %div.ok

div.zero:
  call void @wend_div_by_zero(i32 3)
  unreachable

div.ok:
  %isneg1 = icmp eq i32 %b, -1
  %divisor = select i1 %isneg1, i32 1, i32 %b
  %rem = srem i32 %a, %divisor
  %r = select i1 %isneg1, i32 0, i32 %rem
  ret i32 %r
}

declare void @wend_div_by_zero(i32)
declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  call void @wend_print_int(i32 1)
  call void @wend_print_newline()
  br label %div.zero

div.zero:                                         ; preds = %entry
  call void @wend_div_by_zero(i32 6)
  unreachable
}

define i32 @divide(i32 %a, i32 %b) {
entry:
  %iszero = icmp eq i32 %b, 0
  br i1 %iszero, label %div.zero, label %div.ok

div.zero:                                         ; preds = %entry
  call void @wend_div_by_zero(i32 3)
  unreachable

div.ok:                                           ; preds = %entry
  %isneg1 = icmp eq i32 %b, -1
  %divisor = select i1 %isneg1, i32 1, i32 %b
  %rem = srem i32 %a, %divisor
  %r = select i1 %isneg1, i32 0, i32 %rem
  ret i32 %r
}

declare void @wend_div_by_zero(i32)
declare void @wend_print_int(i32)
declare void @wend_print_newline()
