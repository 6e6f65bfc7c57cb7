; trace: out-of-ssa
; The swap problem and the lost-copy problem of SSA destruction in one
; loop: a and b swap on every iteration, and a is used after the loop.
; Worked by hand: loop branches to itself and to exit, and starts with
; phis, so its edge to itself is critical: a new block loop.to.loop takes
; the back edge's copies. On it the parallel copy (%a, %b, %i) := (%b, %a,
; %i.next) has the cycle a <-> b: one of them is parked in tmp first.
; Copying at the end of loop itself instead would overwrite %a on the
; path to exit too (the lost copy). entry's copies are constants: nothing
; can overwrite them, so they simply come last.

define i32 @main() {
entry:
  br label %loop

loop:
  %a = phi i32 [ 0, %entry ], [ %b, %loop ]
  %b = phi i32 [ 1, %entry ], [ %a, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, 5
  br i1 %c, label %loop, label %exit

exit:
  call void @wend_print_int(i32 %a)
  ret i32 0
}

declare void @wend_print_int(i32)
; ---- expected output ----
; leaving SSA of @main
;   split loop -> loop: new block loop.to.loop
;   end of entry (to loop): (%a, %b, %i) := (0, 1, 0)
;     %a := 0; %b := 1; %i := 0
;   end of loop.to.loop (to loop): (%a, %b, %i) := (%b, %a, %i.next)
;     %i := %i.next; tmp := %b; %b := %a; %a := tmp   (a cycle, broken with tmp)
;
