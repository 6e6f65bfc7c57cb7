; trace: dominators
; Figure 4 of Cooper, Harvey & Kennedy's paper, the graph that needs
; more than one round: n6 -> n5, n4; n5 -> n1; n4 -> n2, n3; n1 -> n2;
; n2 -> n1, n3; n3 -> n2 (the cycle n1-n2-n3 has several entries, so it is
; irreducible). Worked by hand: the CFG's depth-first walk takes the
; else-successor first, giving the reverse postorder n6, n5, n4, n3, n2,
; n1. Round 1: n5 and n4 get n6; n3 sees only n4 (n2 is not done yet); n2
; meets n4 and n3 at n4 (n1 is not done); n1 meets n5 and n2 at n6.
; Round 2: n3 meets n4 and n2 (under n4) at n4 again; n2 now sees n1
; too, and n4 and n1 meet at n6. Round 3: n3 meets n4 and n2 (now under
; n6) at n6. Round 4 changes nothing: every block's immediate dominator is
; n6, since each of n1, n2, n3 can be entered without passing another.

define void @f(i1 %c) {
n6:
  br i1 %c, label %n5, label %n4

n5:
  br label %n1

n4:
  br i1 %c, label %n2, label %n3

n1:
  br label %n2

n2:
  br i1 %c, label %n1, label %n3

n3:
  br label %n2
}
; ---- expected output ----
; immediate dominators (Cooper-Harvey-Kennedy), blocks in reverse postorder, of @f
; after each round over them (? = not known yet)
;   block  start  round 1  round 2  round 3  round 4
;   n6     n6     n6       n6       n6       n6
;   n5     ?      n6       n6       n6       n6
;   n4     ?      n6       n6       n6       n6
;   n3     ?      n4       n4       n6       n6
;   n2     ?      n4       n6       n6       n6
;   n1     ?      n6       n6       n6       n6
;   round 4 changed nothing: the fixpoint
;
