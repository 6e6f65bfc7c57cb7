; LLVM's example of loop-closed SSA form: %i.2 is used after the loop in
; %exit1 only, %i.next.7 in %exit2 only.
define i32 @lcssa_example(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %cond = icmp eq i32 %i, 1000
  %i.2 = mul i32 %i, 2
  br i1 %cond, label %exit1, label %latch

latch:
  %i.next = add i32 %i, 1
  %i.next.7 = mul i32 %i.next, 7
  %loop.cond = icmp slt i32 %i.next, %n
  br i1 %loop.cond, label %loop, label %exit2

exit1:
  ret i32 %i.2

exit2:
  ret i32 %i.next.7
}
