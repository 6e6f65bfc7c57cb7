; An exercise CFG (docs/04-dominators.md): a loop whose body holds an
; if/else, one arm of which leaves the loop early.
;
;   entry -> a;  a -> b, f;  b -> c, d;  c -> e;  d -> e, f;  e -> a
define void @f(i1 %p) {
entry:
  br label %a

a:
  br i1 %p, label %b, label %f

b:
  br i1 %p, label %c, label %d

c:
  br label %e

d:
  br i1 %p, label %e, label %f

e:
  br label %a

f:
  ret void
}
