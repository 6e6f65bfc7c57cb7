; trace: sccp
; The example of sccp.rs's header: x = 1; while (n < 10) { if (x != 1)
; { x = 2 } n = n + 1 } print x. The assignment x = 2 never runs because
; x is 1, and x is 1 because it never runs: only an optimistic analysis
; (cells start at ⊤, edges non-executable) finds both.
; Worked by hand: entry is reached and its edge to loop made executable;
; loop's phis meet over that edge only: %x = 1, %n = 0; %c = 1 (0 < 10), so
; only loop -> body; in body %ne = 0 (1 != 1 is false), so only
; body -> latch; at latch %x.l meets %x over the only executable edge (from
; body) = 1, and %n.next = 1; the back edge makes loop's phis meet again:
; %x stays 1 (1 and 1), %n goes to ⊥ (0 and 1), so %c goes to ⊥ and
; loop -> exit is executable too. then is never reached, so %x.l stays 1.
; The workers take the most recent entry of each worklist first.

define i32 @main() {
entry:
  br label %loop

loop:
  %x = phi i32 [ 1, %entry ], [ %x.l, %latch ]
  %n = phi i32 [ 0, %entry ], [ %n.next, %latch ]
  %c = icmp slt i32 %n, 10
  br i1 %c, label %body, label %exit

body:
  %ne = icmp ne i32 %x, 1
  br i1 %ne, label %then, label %latch

then:
  br label %latch

latch:
  %x.l = phi i32 [ 2, %then ], [ %x, %body ]
  %n.next = add i32 %n, 1
  br label %loop

exit:
  call void @wend_print_int(i32 %x)
  ret i32 0
}

declare void @wend_print_int(i32)
; ---- expected output ----
; sparse conditional constant propagation (Wegman & Zadeck) of @main
; in order: blocks reached, edges found executable, lattice cells lowered (⊤ -> constant -> ⊥)
;   step  event
;   1     reach entry
;   2     edge entry -> loop executable
;   3     reach loop
;   4     %x: ⊤ -> 1
;   5     %n: ⊤ -> 0
;   6     %c: ⊤ -> 1
;   7     edge loop -> body executable
;   8     reach body
;   9     %ne: ⊤ -> 0
;   10    edge body -> latch executable
;   11    reach latch
;   12    %x.l: ⊤ -> 1
;   13    %n.next: ⊤ -> 1
;   14    edge latch -> loop executable
;   15    %n: 0 -> ⊥
;   16    %c: 1 -> ⊥
;   17    %n.next: 1 -> ⊥
;   18    edge loop -> exit executable
;   19    reach exit
;   constants: %x = 1, %ne = 0, %x.l = 1
;
