; Unreachable blocks may use values before their definition, even in a
; cycle of their own: dominance says nothing about code that never runs.
define void @f(i32 %n) {
entry:
  ret void

dead:
  %b = add i32 %a, 1
  %a = add i32 %b, %n
  br label %dead2

dead2:
  %p = phi i32 [ %a, %dead ], [ %p, %dead2 ]
  br label %dead2
}
