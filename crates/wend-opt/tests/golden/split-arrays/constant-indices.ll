; passes: split-arrays
; %a is only loaded and stored at constant indices (element 0 also through
; %a itself): it becomes one scalar alloca per element used, named after
; the element pointers (element 1 is never used and gets none).
; %b has one access at an unknown index and %c is passed to a call
; (which may index from it): both stay arrays.

define i32 @main() {
entry:
  %a = alloca i32, i32 3
  %b = alloca i32, i32 2
  %c = alloca i32, i32 2
  %a2 = getelementptr inbounds i32, i32* %a, i32 2
  store i32 4, i32* %a
  store i32 5, i32* %a2
  %x = load i32, i32* %a
  %again = getelementptr inbounds i32, i32* %a, i32 2
  %y = load i32, i32* %again
  %b1 = getelementptr inbounds i32, i32* %b, i32 1
  store i32 %x, i32* %b
  store i32 %y, i32* %b1
  %z = sub i32 %x, 4
  %bi = getelementptr inbounds i32, i32* %b, i32 %z
  %bx = load i32, i32* %bi
  %c1 = getelementptr inbounds i32, i32* %c, i32 1
  store i32 1, i32* %c
  store i32 2, i32* %c1
  %cs = call i32 @main.first(i32* %c)
  %s = add i32 %y, %bx
  %t = add i32 %s, %cs
  call void @wend_print_int(i32 %t)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @main.first(i32* %p) {
entry:
  %q = getelementptr inbounds i32, i32* %p, i32 1
  %v = load i32, i32* %q
  ret i32 %v
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %a2 = alloca i32
  %a = alloca i32
  %b = alloca i32, i32 2
  %c = alloca i32, i32 2
  store i32 4, i32* %a
  store i32 5, i32* %a2
  %x = load i32, i32* %a
  %y = load i32, i32* %a2
  %b1 = getelementptr inbounds i32, i32* %b, i32 1
  store i32 %x, i32* %b
  store i32 %y, i32* %b1
  %z = sub i32 %x, 4
  %bi = getelementptr inbounds i32, i32* %b, i32 %z
  %bx = load i32, i32* %bi
  %c1 = getelementptr inbounds i32, i32* %c, i32 1
  store i32 1, i32* %c
  store i32 2, i32* %c1
  %cs = call i32 @main.first(i32* %c)
  %s = add i32 %y, %bx
  %t = add i32 %s, %cs
  call void @wend_print_int(i32 %t)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @main.first(i32* %p) {
entry:
  %q = getelementptr inbounds i32, i32* %p, i32 1
  %v = load i32, i32* %q
  ret i32 %v
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
