; passes: sccp,copyprop,dce
; Passes feeding each other. SCCP decides the branch in %entry (the flag is
; false) and deletes %set. The phi %v at %join keeps the single entry %p
; from %keep: not a constant (a parameter), so SCCP leaves it, and copyprop
; replaces it by %p. %dead keeps only its entry 0, which SCCP folds. The
; phi %loop.p around the loop is %p on every iteration: copyprop removes
; it too. DCE then deletes %twice, which only fed the entries from %set.
; (The empty blocks are simplifycfg's business.)

define i32 @f(i32 %p) {
entry:
  %flag = icmp eq i32 1, 2
  %twice = mul i32 %p, 2
  br i1 %flag, label %set, label %keep

set:
  br label %join

keep:
  br label %join

join:
  %v = phi i32 [ %twice, %set ], [ %p, %keep ]
  %dead = phi i32 [ %twice, %set ], [ 0, %keep ]
  br label %loop

loop:
  %loop.p = phi i32 [ %v, %join ], [ %loop.p, %loop ]
  %n = phi i32 [ 0, %join ], [ %n.next, %loop ]
  %n.next = add i32 %n, %loop.p
  %more = icmp slt i32 %n.next, 100
  br i1 %more, label %loop, label %exit

exit:
  ret i32 %n.next
}

; ---- expected output ----
define i32 @f(i32 %p) {
entry:
  br label %keep

keep:                                             ; preds = %entry
  br label %join

join:                                             ; preds = %keep
  br label %loop

loop:                                             ; preds = %join, %loop
  %n = phi i32 [ 0, %join ], [ %n.next, %loop ]
  %n.next = add i32 %n, %p
  %more = icmp slt i32 %n.next, 100
  br i1 %more, label %loop, label %exit

exit:                                             ; preds = %loop
  ret i32 %n.next
}
