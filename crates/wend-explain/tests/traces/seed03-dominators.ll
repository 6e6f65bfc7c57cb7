; trace: dominators
; The example CFG of the seeds' article on dominance frontiers and phi
; placement (entry -> bb1; bb1 -> bb2, bb4; bb2 -> bb3; bb3 -> bb2, bb8;
; bb4 -> bb5, bb6; bb5, bb6 -> bb7; bb7 -> bb8), with its variable a
; stored in bb1, bb2, bb3, bb5 and bb6 and loaded in bb2, bb3, bb5, bb6,
; bb7 and bb8 (the article's "End" is the return in bb8; the parameter c
; stands for the conditions the article leaves unknown).
; Worked by hand: in reverse postorder every block but bb2 has all its
; predecessors before it, so round 1 finds every immediate dominator;
; bb2 sees only bb1 (bb3 comes later), which is already right, and bb8
; meets bb3 (under bb2 under bb1) and bb7 (under bb4 under bb1) at bb1.
; Round 2 changes nothing.

define i32 @f(i1 %c) {
entry:
  %a = alloca i32
  br label %bb1

bb1:
  store i32 1, i32* %a
  br i1 %c, label %bb2, label %bb4

bb2:
  %a0 = load i32, i32* %a
  %t0 = add i32 %a0, 1
  store i32 %t0, i32* %a
  br label %bb3

bb3:
  %a1 = load i32, i32* %a
  %t1 = add i32 %a1, %a1
  store i32 %t1, i32* %a
  %c3 = icmp slt i32 %t1, 100
  br i1 %c3, label %bb2, label %bb8

bb4:
  br i1 %c, label %bb5, label %bb6

bb5:
  %a2 = load i32, i32* %a
  store i32 2, i32* %a
  br label %bb7

bb6:
  %a3 = load i32, i32* %a
  store i32 3, i32* %a
  br label %bb7

bb7:
  %a4 = load i32, i32* %a
  br label %bb8

bb8:
  %a5 = load i32, i32* %a
  ret i32 %a5
}
; ---- expected output ----
; immediate dominators (Cooper-Harvey-Kennedy), blocks in reverse postorder, of @f
; after each round over them (? = not known yet)
;   block  start  round 1  round 2
;   entry  entry  entry    entry
;   bb1    ?      entry    entry
;   bb2    ?      bb1      bb1
;   bb3    ?      bb2      bb2
;   bb4    ?      bb1      bb1
;   bb5    ?      bb4      bb4
;   bb6    ?      bb4      bb4
;   bb7    ?      bb4      bb4
;   bb8    ?      bb1      bb1
;   round 2 changed nothing: the fixpoint
;
