; passes: dse
; Stores overwritten by location: an element at constant indices is as
; precise as a variable. In @f, %g points to a group of captured
; variables (frame-arrays' shape); %a and %a2 are both its element 1, %b
; element 2. `store 1, %a` is dead: the next store to element 1 goes
; through %a2, and the store to %b and the load of %g in between touch
; other elements. `store 3, %a2` is read by @get, which is given %g and
; may index from it to any element: it stays. `store 4, %b` is read by the
; load through %gk, at an unknown index into the group: it stays too,
; while `store 6, %t`, the function's own variable, is overwritten by
; `store 7, %t` across that load and is deleted.

define i32 @get(i32* %v) {
entry:
  %v1 = getelementptr inbounds i32, i32* %v, i32 1
  %x = load i32, i32* %v1
  ret i32 %x
}

define i32 @f(i32* %g, i32 %k) {
entry:
  %t = alloca i32
  %a = getelementptr inbounds i32, i32* %g, i32 1
  %b = getelementptr inbounds i32, i32* %g, i32 2
  %a2 = getelementptr inbounds i32, i32* %b, i32 -1
  store i32 1, i32* %a
  store i32 2, i32* %b
  %g0 = load i32, i32* %g
  store i32 3, i32* %a2
  %x = call i32 @get(i32* %g)
  store i32 4, i32* %b
  store i32 6, i32* %t
  %gk = getelementptr inbounds i32, i32* %g, i32 %k
  %y = load i32, i32* %gk
  store i32 7, i32* %t
  store i32 5, i32* %b
  %tv = load i32, i32* %t
  %s = add i32 %x, %y
  %s1 = add i32 %s, %g0
  %s2 = add i32 %s1, %tv
  ret i32 %s2
}

define i32 @main() {
entry:
  %vars = alloca i32, i32 3
  %v1 = getelementptr inbounds i32, i32* %vars, i32 1
  %v2 = getelementptr inbounds i32, i32* %vars, i32 2
  store i32 100, i32* %vars
  store i32 0, i32* %v1
  store i32 0, i32* %v2
  %r = call i32 @f(i32* %vars, i32 2)
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @get(i32* %v) {
entry:
  %v1 = getelementptr inbounds i32, i32* %v, i32 1
  %x = load i32, i32* %v1
  ret i32 %x
}

define i32 @f(i32* %g, i32 %k) {
entry:
  %t = alloca i32
  %a = getelementptr inbounds i32, i32* %g, i32 1
  %b = getelementptr inbounds i32, i32* %g, i32 2
  %a2 = getelementptr inbounds i32, i32* %b, i32 -1
  store i32 2, i32* %b
  %g0 = load i32, i32* %g
  store i32 3, i32* %a2
  %x = call i32 @get(i32* %g)
  store i32 4, i32* %b
  %gk = getelementptr inbounds i32, i32* %g, i32 %k
  %y = load i32, i32* %gk
  store i32 7, i32* %t
  store i32 5, i32* %b
  %tv = load i32, i32* %t
  %s = add i32 %x, %y
  %s1 = add i32 %s, %g0
  %s2 = add i32 %s1, %tv
  ret i32 %s2
}

define i32 @main() {
entry:
  %vars = alloca i32, i32 3
  %v1 = getelementptr inbounds i32, i32* %vars, i32 1
  %v2 = getelementptr inbounds i32, i32* %vars, i32 2
  store i32 100, i32* %vars
  store i32 0, i32* %v1
  store i32 0, i32* %v2
  %r = call i32 @f(i32* %vars, i32 2)
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
