; passes: frame-arrays
; * main passes %x0, %x1, %x2 side by side (to @main.sum and @main.fwd):
;   they become one `alloca i32, i32 3`, each an element pointer of it;
;   @main.sum's first three parameters become one base pointer, its
;   fourth (%y, then %z: two successors of %x2, so neither is part of the
;   array) stays.
; * @main.fwd forwards its three to @main.fwd.inner: once @main.fwd has
;   its base, @main.fwd.inner's arguments are consecutive elements of it,
;   so it gets a base too (the next round).
; * %y and %z are passed as (y, z) and as (z, y): no order, no array;
;   @main.two keeps both pointers.
; * @main.pair gets (w0, w1) and (w3, w4) of main's array %w: they would
;   be two groups into one array, so neither is made.

define i32 @main() {
entry:
  %x0 = alloca i32
  %x1 = alloca i32
  %x2 = alloca i32
  %y = alloca i32
  %z = alloca i32
  %w = alloca i32, i32 5
  %w1 = getelementptr inbounds i32, i32* %w, i32 1
  %w3 = getelementptr inbounds i32, i32* %w, i32 3
  %w4 = getelementptr inbounds i32, i32* %w, i32 4
  store i32 6, i32* %w
  store i32 7, i32* %w1
  store i32 8, i32* %w3
  store i32 9, i32* %w4
  store i32 1, i32* %x0
  store i32 2, i32* %x1
  store i32 3, i32* %x2
  store i32 4, i32* %y
  store i32 5, i32* %z
  %s = call i32 @main.sum(i32* %x0, i32* %x1, i32* %x2, i32* %y)
  call void @main.fwd(i32 7, i32* %x0, i32* %x1, i32* %x2)
  call void @main.two(i32* %y, i32* %z)
  call void @main.two(i32* %z, i32* %y)
  call void @main.pair(i32* %w, i32* %w1, i32* %w3, i32* %w4)
  %w1v = load i32, i32* %w1
  call void @wend_print_int(i32 %w1v)
  call void @wend_print_int(i32 %s)
  call void @wend_print_newline()
  %s2 = call i32 @main.sum(i32* %x0, i32* %x1, i32* %x2, i32* %z)
  call void @wend_print_int(i32 %s2)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @main.sum(i32* %a, i32* %b, i32* %c, i32* %d) {
entry:
  %va = load i32, i32* %a
  %vb = load i32, i32* %b
  %vc = load i32, i32* %c
  %vd = load i32, i32* %d
  %ab = add i32 %va, %vb
  %cd = mul i32 %vc, %vd
  %r = add i32 %ab, %cd
  ret i32 %r
}

define void @main.fwd(i32 %k, i32* %a, i32* %b, i32* %c) {
entry:
  call void @main.fwd.inner(i32* %a, i32* %b, i32* %c)
  store i32 %k, i32* %b
  ret void
}

define void @main.fwd.inner(i32* %p, i32* %q, i32* %r) {
entry:
  %vp = load i32, i32* %p
  %vr = load i32, i32* %r
  %s = sub i32 %vp, %vr
  store i32 %s, i32* %q
  store i32 %s, i32* %r
  ret void
}

define void @main.two(i32* %p, i32* %q) {
entry:
  %vp = load i32, i32* %p
  %vq = load i32, i32* %q
  %s = add i32 %vp, %vq
  store i32 %s, i32* %p
  ret void
}

define void @main.pair(i32* %a, i32* %b, i32* %c, i32* %d) {
entry:
  %va = load i32, i32* %a
  %vd = load i32, i32* %d
  %s = mul i32 %va, 10
  %t = add i32 %s, %vd
  store i32 %t, i32* %b
  store i32 %t, i32* %c
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %x = alloca i32, i32 3
  %x0 = getelementptr inbounds i32, i32* %x, i32 0
  %x1 = getelementptr inbounds i32, i32* %x, i32 1
  %x2 = getelementptr inbounds i32, i32* %x, i32 2
  %y = alloca i32
  %z = alloca i32
  %w = alloca i32, i32 5
  %w1 = getelementptr inbounds i32, i32* %w, i32 1
  %w3 = getelementptr inbounds i32, i32* %w, i32 3
  %w4 = getelementptr inbounds i32, i32* %w, i32 4
  store i32 6, i32* %w
  store i32 7, i32* %w1
  store i32 8, i32* %w3
  store i32 9, i32* %w4
  store i32 1, i32* %x0
  store i32 2, i32* %x1
  store i32 3, i32* %x2
  store i32 4, i32* %y
  store i32 5, i32* %z
  %s = call i32 @main.sum(i32* %x0, i32* %y)
  call void @main.fwd(i32 7, i32* %x0)
  call void @main.two(i32* %y, i32* %z)
  call void @main.two(i32* %z, i32* %y)
  call void @main.pair(i32* %w, i32* %w1, i32* %w3, i32* %w4)
  %w1v = load i32, i32* %w1
  call void @wend_print_int(i32 %w1v)
  call void @wend_print_int(i32 %s)
  call void @wend_print_newline()
  %s2 = call i32 @main.sum(i32* %x0, i32* %z)
  call void @wend_print_int(i32 %s2)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @main.sum(i32* %a, i32* %d) {
entry:
  %b = getelementptr inbounds i32, i32* %a, i32 1
  %c = getelementptr inbounds i32, i32* %a, i32 2
  %va = load i32, i32* %a
  %vb = load i32, i32* %b
  %vc = load i32, i32* %c
  %vd = load i32, i32* %d
  %ab = add i32 %va, %vb
  %cd = mul i32 %vc, %vd
  %r = add i32 %ab, %cd
  ret i32 %r
}

define void @main.fwd(i32 %k, i32* %a) {
entry:
  %b = getelementptr inbounds i32, i32* %a, i32 1
  %c = getelementptr inbounds i32, i32* %a, i32 2
  call void @main.fwd.inner(i32* %a)
  store i32 %k, i32* %b
  ret void
}

define void @main.fwd.inner(i32* %p) {
entry:
  %q = getelementptr inbounds i32, i32* %p, i32 1
  %r = getelementptr inbounds i32, i32* %p, i32 2
  %vp = load i32, i32* %p
  %vr = load i32, i32* %r
  %s = sub i32 %vp, %vr
  store i32 %s, i32* %q
  store i32 %s, i32* %r
  ret void
}

define void @main.two(i32* %p, i32* %q) {
entry:
  %vp = load i32, i32* %p
  %vq = load i32, i32* %q
  %s = add i32 %vp, %vq
  store i32 %s, i32* %p
  ret void
}

define void @main.pair(i32* %a, i32* %b, i32* %c, i32* %d) {
entry:
  %va = load i32, i32* %a
  %vd = load i32, i32* %d
  %s = mul i32 %va, 10
  %t = add i32 %s, %vd
  store i32 %t, i32* %b
  store i32 %t, i32* %c
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
