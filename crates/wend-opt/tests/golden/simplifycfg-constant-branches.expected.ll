; RUN: simplifycfg
define i32 @f(i1 %x) {
entry:
  br i1 %x, label %p, label %q

p:                                                ; preds = %entry
  ret i32 1

q:                                                ; preds = %entry
  ret i32 4
}

define i32 @g(i1 %x) {
entry:
  br i1 %x, label %t, label %u

t:                                                ; preds = %entry
  br label %u

u:                                                ; preds = %entry, %t
  %pu = phi i32 [ 5, %t ], [ 6, %entry ]
  ret i32 %pu
}

define i32 @h() {
entry:
  ret i32 7
}

define i32 @main() {
entry:
  %a = call i32 @f(i1 true)
  %b = call i32 @f(i1 false)
  %c = call i32 @g(i1 true)
  %d = call i32 @g(i1 false)
  %e = call i32 @h()
  %ab = add i32 %a, %b
  %cd = add i32 %c, %d
  %abcd = add i32 %ab, %cd
  %r = add i32 %abcd, %e
  ret i32 %r
}
