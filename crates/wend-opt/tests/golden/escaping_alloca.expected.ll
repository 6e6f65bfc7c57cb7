; RUN: mem2reg
define i32 @main() {
entry:
  %x = alloca i32
  store i32 1, i32* %x
  call void @main.bump(i32* %x)
  %xv = load i32, i32* %x
  %s = add i32 %xv, 2
  call void @wend_print_int(i32 %s)
  call void @wend_print_newline()
  ret i32 0
}

define void @main.bump(i32* %x) {
entry:
  %v = load i32, i32* %x
  %w = add i32 %v, 1
  store i32 %w, i32* %x
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
