; RUN: sccp
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
