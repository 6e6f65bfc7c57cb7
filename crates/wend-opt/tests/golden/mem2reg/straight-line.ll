; passes: mem2reg
; Straight-line code: every load reads the latest store, no phi is needed.
; `x` is reassigned, `y` is read before anything is stored (undef).

define i32 @main() {
entry:
  %x = alloca i32
  %y = alloca i32
  store i32 1, i32* %x
  %x1 = load i32, i32* %x
  %sum = add i32 %x1, 41
  store i32 %sum, i32* %x
  %x2 = load i32, i32* %x
  call void @wend_print_int(i32 %x2)
  call void @wend_print_newline()
  %y1 = load i32, i32* %y
  %z = mul i32 %y1, 0
  call void @wend_print_int(i32 %z)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
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
