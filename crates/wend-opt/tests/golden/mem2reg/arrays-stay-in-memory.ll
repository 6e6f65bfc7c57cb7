; passes: mem2reg
; An array alloca is never promoted, even when only its first element is
; loaded and stored directly (%arr); a variable whose address goes into an
; element pointer escapes (%x: the pointer may reach its neighbours'
; slots as far as mem2reg knows), so its loads and stores stay; %y, only
; loaded and stored, is promoted.

define i32 @main() {
entry:
  %arr = alloca i32, i32 3
  %x = alloca i32
  %y = alloca i32
  store i32 5, i32* %arr
  store i32 7, i32* %x
  store i32 9, i32* %y
  %px = getelementptr inbounds i32, i32* %x, i32 0
  store i32 8, i32* %px
  %a0 = load i32, i32* %arr
  %xv = load i32, i32* %x
  %yv = load i32, i32* %y
  %s = add i32 %a0, %xv
  %t = add i32 %s, %yv
  call void @wend_print_int(i32 %t)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %arr = alloca i32, i32 3
  %x = alloca i32
  store i32 5, i32* %arr
  store i32 7, i32* %x
  %px = getelementptr inbounds i32, i32* %x, i32 0
  store i32 8, i32* %px
  %a0 = load i32, i32* %arr
  %xv = load i32, i32* %x
  %s = add i32 %a0, %xv
  %t = add i32 %s, 9
  call void @wend_print_int(i32 %t)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
