; trace: liveness
; A counting loop in SSA form: s = 0; i = 0; while (i < n) { s = s + i;
; i = i + 1 } return s. Worked by hand, blocks in postorder (exit, body,
; loop, entry). Round 1: exit uses %s: in {%s}. body uses %s and %i, and
; its phi uses on the back edge are %s.next and %i.next: out {%i.next,
; %s.next}, in {%i, %s} (the two are defined in body). loop: its own phis
; %i and %s are live in; out = in(body) ∪ in(exit) = {%i, %s}; it reads %n
; (a parameter, defined before entry), so in {%i, %n, %s}. entry: out is
; loop's live-in minus loop's phis = {%n}; in {%n}. But body, visited
; before loop, did not yet see that loop needs %n: round 2 adds %n to
; body's out and in. Round 3 changes nothing.

define i32 @sum(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit

body:
  %s.next = add i32 %s, %i
  %i.next = add i32 %i, 1
  br label %loop

exit:
  ret i32 %s
}
; ---- expected output ----
; liveness of @sum
; live_out(B) = phi uses in B ∪ ⋃ (live_in(S) − phis of S), live_in(B) = phis of B ∪ upward-exposed uses ∪ (live_out(B) − defs(B));
; blocks in postorder, rounds until no live-in set changes
;   round 1
;     block  live in       live out
;     exit   {%s}          {}
;     body   {%i, %s}      {%i.next, %s.next}
;     loop   {%n, %i, %s}  {%i, %s}
;     entry  {%n}          {%n}
;   round 2
;     block  live in       live out
;     exit   {%s}          {}
;     body   {%n, %i, %s}  {%n, %i.next, %s.next}
;     loop   {%n, %i, %s}  {%n, %i, %s}
;     entry  {%n}          {%n}
;   round 3 (nothing changed: the fixpoint)
;     block  live in       live out
;     exit   {%s}          {}
;     body   {%n, %i, %s}  {%n, %i.next, %s.next}
;     loop   {%n, %i, %s}  {%n, %i, %s}
;     entry  {%n}          {%n}
;
