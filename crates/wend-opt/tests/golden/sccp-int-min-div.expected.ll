; RUN: sccp
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
