; passes: mem2reg
; main { int x = 1; int y = 2; fun bump() { x = x + 1; } bump(); print x + y; }
; The nested function receives x's address: x stays in memory (its loads
; and stores are kept), while y is promoted.

define i32 @main() {
entry:
  %x = alloca i32
  %y = alloca i32
  store i32 1, i32* %x
  store i32 2, i32* %y
  call void @main.bump(i32* %x)
  %xv = load i32, i32* %x
  %yv = load i32, i32* %y
  %s = add i32 %xv, %yv
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

; ---- expected output ----
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
