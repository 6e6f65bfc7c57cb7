; passes: gvn
; Loads numbered by location: an element at constant indices is as
; precise as a variable. In @f, %g points to a group of captured
; variables (frame-arrays' shape) and %a, %b, %a2 are its elements 1, 2
; and 1 again (%a2 computed apart from %a, through element 2). The load
; through %a2 is the value stored through %a (one location); the store to
; %b, another element, does not forget it; the second load of %g (element
; 0) is the first. @bump is given %g and may index from it: the call
; forgets every element of the group, so the load of %a after it stays.
; The store through %gk, at an unknown index, may write any element of
; the group: the load of %g after it stays too, but the load of %t, the
; function's own variable, goes. A store through %g2, element 0 of %g
; again, of the value element 0 holds already, is deleted.

define void @bump(i32* %v) {
entry:
  %v1 = getelementptr inbounds i32, i32* %v, i32 1
  %x = load i32, i32* %v1
  %y = add i32 %x, 1
  store i32 %y, i32* %v1
  ret void
}

define i32 @f(i32* %g, i32 %k) {
entry:
  %t = alloca i32
  store i32 40, i32* %t
  %a = getelementptr inbounds i32, i32* %g, i32 1
  %b = getelementptr inbounds i32, i32* %g, i32 2
  %g0 = load i32, i32* %g
  store i32 5, i32* %a
  store i32 6, i32* %b
  %a2 = getelementptr inbounds i32, i32* %b, i32 -1
  %x = load i32, i32* %a2
  %g1 = load i32, i32* %g
  %s = add i32 %x, %g1
  %g2 = getelementptr inbounds i32, i32* %a, i32 -1
  store i32 %g0, i32* %g2
  call void @bump(i32* %g)
  %y = load i32, i32* %a
  %gk = getelementptr inbounds i32, i32* %g, i32 %k
  store i32 1, i32* %gk
  %g3 = load i32, i32* %g
  %tv = load i32, i32* %t
  %s1 = add i32 %s, %y
  %s2 = add i32 %s1, %g3
  %s3 = add i32 %s2, %tv
  ret i32 %s3
}

define i32 @main() {
entry:
  %vars = alloca i32, i32 3
  %v1 = getelementptr inbounds i32, i32* %vars, i32 1
  %v2 = getelementptr inbounds i32, i32* %vars, i32 2
  store i32 100, i32* %vars
  store i32 0, i32* %v1
  store i32 0, i32* %v2
  %r = call i32 @f(i32* %vars, i32 0)
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  %b = load i32, i32* %v2
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define void @bump(i32* %v) {
entry:
  %v1 = getelementptr inbounds i32, i32* %v, i32 1
  %x = load i32, i32* %v1
  %y = add i32 %x, 1
  store i32 %y, i32* %v1
  ret void
}

define i32 @f(i32* %g, i32 %k) {
entry:
  %t = alloca i32
  store i32 40, i32* %t
  %a = getelementptr inbounds i32, i32* %g, i32 1
  %b = getelementptr inbounds i32, i32* %g, i32 2
  %g0 = load i32, i32* %g
  store i32 5, i32* %a
  store i32 6, i32* %b
  %a2 = getelementptr inbounds i32, i32* %b, i32 -1
  %s = add i32 5, %g0
  %g2 = getelementptr inbounds i32, i32* %a, i32 -1
  call void @bump(i32* %g)
  %y = load i32, i32* %a
  %gk = getelementptr inbounds i32, i32* %g, i32 %k
  store i32 1, i32* %gk
  %g3 = load i32, i32* %g
  %s1 = add i32 %s, %y
  %s2 = add i32 %s1, %g3
  %s3 = add i32 %s2, 40
  ret i32 %s3
}

define i32 @main() {
entry:
  %vars = alloca i32, i32 3
  %v1 = getelementptr inbounds i32, i32* %vars, i32 1
  %v2 = getelementptr inbounds i32, i32* %vars, i32 2
  store i32 100, i32* %vars
  store i32 0, i32* %v1
  store i32 0, i32* %v2
  %r = call i32 @f(i32* %vars, i32 0)
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  %b = load i32, i32* %v2
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
