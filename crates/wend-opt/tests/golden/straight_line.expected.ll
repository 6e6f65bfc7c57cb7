; RUN: mem2reg
define i32 @main() {
entry:
  %sum = add i32 1, 41
  call void @wend_print_int(i32 %sum)
  call void @wend_print_newline()
  %z = mul i32 undef, 0
  call void @wend_print_int(i32 %z)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
