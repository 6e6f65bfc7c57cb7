; passes: gvn
; Loads numbered with memory, by wend's alias facts: distinct pointer
; parameters (%p, %q) and the function's own alloca (%t) never alias.
; In @f: the second load of %p is the first (%p1), though %q and %t
; were stored in between; the load of %q after `store %k, %q` is %k
; (store-to-load forwarding); the store of %p1 back to %p stores what %p
; holds and is deleted. @bump writes through its first parameter only, so
; the call forgets %q's value but not %p's: the load of %p after it goes,
; the load of %q stays. In %join (two predecessors) nothing is known:
; its load of %p stays. @sq touches no memory: its second call with the
; same argument is the first; @get reads memory, so its calls stay.

define i32 @sq(i32 %x) {
entry:
  %y = mul i32 %x, %x
  ret i32 %y
}

define void @bump(i32* %v, i32* %w) {
entry:
  %x = load i32, i32* %v
  %y = load i32, i32* %w
  %z = add i32 %x, %y
  store i32 %z, i32* %v
  ret void
}

define i32 @get(i32* %v) {
entry:
  %x = load i32, i32* %v
  ret i32 %x
}

define i32 @f(i32 %k, i1 %c, i32* %p, i32* %q) {
entry:
  %t = alloca i32
  %p1 = load i32, i32* %p
  store i32 %p1, i32* %t
  store i32 %k, i32* %q
  %p2 = load i32, i32* %p
  %q1 = load i32, i32* %q
  store i32 %p2, i32* %p
  call void @bump(i32* %q, i32* %p)
  %p3 = load i32, i32* %p
  %q2 = load i32, i32* %q
  %s1 = call i32 @sq(i32 %p3)
  %s2 = call i32 @sq(i32 %p1)
  %g1 = call i32 @get(i32* %q)
  %g2 = call i32 @get(i32* %q)
  %a = add i32 %p2, %q1
  %b = add i32 %a, %q2
  %d = add i32 %s1, %s2
  %e = add i32 %g1, %g2
  %f1 = add i32 %b, %d
  %r = add i32 %f1, %e
  br i1 %c, label %then, label %join

then:
  store i32 %r, i32* %p
  br label %join

join:
  %p4 = load i32, i32* %p
  %t1 = load i32, i32* %t
  %out = add i32 %p4, %t1
  ret i32 %out
}

define i32 @main() {
entry:
  %x = alloca i32
  %y = alloca i32
  store i32 3, i32* %x
  store i32 4, i32* %y
  %r1 = call i32 @f(i32 5, i1 true, i32* %x, i32* %y)
  call void @print(i32 %r1)
  %r2 = call i32 @f(i32 6, i1 false, i32* %y, i32* %x)
  call void @print(i32 %r2)
  ret i32 0
}

define void @print(i32 %v) {
entry:
  call void @wend_print_int(i32 %v)
  call void @wend_print_newline()
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @sq(i32 %x) {
entry:
  %y = mul i32 %x, %x
  ret i32 %y
}

define void @bump(i32* %v, i32* %w) {
entry:
  %x = load i32, i32* %v
  %y = load i32, i32* %w
  %z = add i32 %x, %y
  store i32 %z, i32* %v
  ret void
}

define i32 @get(i32* %v) {
entry:
  %x = load i32, i32* %v
  ret i32 %x
}

define i32 @f(i32 %k, i1 %c, i32* %p, i32* %q) {
entry:
  %t = alloca i32
  %p1 = load i32, i32* %p
  store i32 %p1, i32* %t
  store i32 %k, i32* %q
  call void @bump(i32* %q, i32* %p)
  %q2 = load i32, i32* %q
  %s1 = call i32 @sq(i32 %p1)
  %g1 = call i32 @get(i32* %q)
  %g2 = call i32 @get(i32* %q)
  %a = add i32 %p1, %k
  %b = add i32 %a, %q2
  %d = add i32 %s1, %s1
  %e = add i32 %g1, %g2
  %f1 = add i32 %b, %d
  %r = add i32 %f1, %e
  br i1 %c, label %then, label %join

then:                                             ; preds = %entry
  store i32 %r, i32* %p
  br label %join

join:                                             ; preds = %entry, %then
  %p4 = load i32, i32* %p
  %t1 = load i32, i32* %t
  %out = add i32 %p4, %t1
  ret i32 %out
}

define i32 @main() {
entry:
  %x = alloca i32
  %y = alloca i32
  store i32 3, i32* %x
  store i32 4, i32* %y
  %r1 = call i32 @f(i32 5, i1 true, i32* %x, i32* %y)
  call void @print(i32 %r1)
  %r2 = call i32 @f(i32 6, i1 false, i32* %y, i32* %x)
  call void @print(i32 %r2)
  ret i32 0
}

define void @print(i32 %v) {
entry:
  call void @wend_print_int(i32 %v)
  call void @wend_print_newline()
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
