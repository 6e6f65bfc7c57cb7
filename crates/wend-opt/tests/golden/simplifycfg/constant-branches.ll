; passes: simplifycfg
; Branches on constants become jumps (rewrite 0).
; - In @f, %p always goes to %r and %q to %s: %r loses its phi entry for
;   %q, %s its entry for %p; then each has one predecessor and is merged
;   into it (rewrite 4), its phi replaced by the value left.
; - In @g, %t branches on a constant to %u by both edges: one edge is
;   left, and the phi of %u keeps one of its two entries for %t. Then
;   %entry's branch only chooses %pu (a triangle through the empty %t):
;   %pu becomes a select (rewrite 5).
; - In @h, %dead is only reached by the edge that `br i1 true` drops: it
;   is deleted (rewrite 1).

define i32 @f(i1 %x) {
entry:
  br i1 %x, label %p, label %q

p:
  br i1 true, label %r, label %s

q:
  br i1 false, label %r, label %s

r:
  %pr = phi i32 [ 1, %p ], [ 2, %q ]
  ret i32 %pr

s:
  %ps = phi i32 [ 3, %p ], [ 4, %q ]
  ret i32 %ps
}

define i32 @g(i1 %x) {
entry:
  br i1 %x, label %t, label %u

t:
  br i1 false, label %u, label %u

u:
  %pu = phi i32 [ 5, %t ], [ 5, %t ], [ 6, %entry ]
  ret i32 %pu
}

define i32 @h() {
entry:
  br i1 true, label %live, label %dead

dead:
  ret i32 8

live:
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

; ---- expected output ----
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
  %pu = select i1 %x, i32 5, i32 6
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
