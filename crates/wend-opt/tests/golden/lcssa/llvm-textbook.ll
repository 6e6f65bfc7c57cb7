; passes: lcssa
; LLVM's own example of LCSSA form (the loops article,
; ../shared/seeds/05-loops-in-llvm.ru.txt): %i.2 is used after the loop
; only in %exit1, %i.next.7 only in %exit2. Both are defined in blocks
; that dominate both exits, but each gets a phi only in the exit on the
; way to its use: 2 phis, as `opt -passes=lcssa` places them (the test
; `lcssa_places_the_phis_llvm_places` checks that against opt).

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

; ---- expected output ----
define i32 @lcssa_example(i32 %n) {
entry:
  br label %loop

loop:                                             ; preds = %entry, %latch
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %cond = icmp eq i32 %i, 1000
  %i.2 = mul i32 %i, 2
  br i1 %cond, label %exit1, label %latch

latch:                                            ; preds = %loop
  %i.next = add i32 %i, 1
  %i.next.7 = mul i32 %i.next, 7
  %loop.cond = icmp slt i32 %i.next, %n
  br i1 %loop.cond, label %loop, label %exit2

exit1:                                            ; preds = %loop
  %i.2.lcssa = phi i32 [ %i.2, %loop ]
  ret i32 %i.2.lcssa

exit2:                                            ; preds = %latch
  %i.next.7.lcssa = phi i32 [ %i.next.7, %latch ]
  ret i32 %i.next.7.lcssa
}
