; trace: frontiers
; The example CFG of the seeds' article on dominance frontiers and phi
; placement (entry -> bb1; bb1 -> bb2, bb4; bb2 -> bb3; bb3 -> bb2, bb8;
; bb4 -> bb5, bb6; bb5, bb6 -> bb7; bb7 -> bb8), with its variable a
; stored in bb1, bb2, bb3, bb5 and bb6 and loaded in bb2, bb3, bb5, bb6,
; bb7 and bb8 (the article's "End" is the return in bb8; the parameter c
; stands for the conditions the article leaves unknown).
; Worked by hand: only bb2, bb7 and bb8 have several predecessors, so
; only the walks from bb3 (to bb2: up to idom(bb2) = bb1, visiting bb3 and
; bb2), from bb5 and bb6 (to bb7, stopping at bb4), and from bb3 and bb7
; (to bb8, stopping at bb1: bb3, bb2, then bb7, bb4) add anything. So
; DF(bb2) = DF(bb3) = {bb2, bb8}, DF(bb5) = DF(bb6) = {bb7},
; DF(bb7) = DF(bb4) = {bb8}, as in the article (which leaves bb4 out).

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
; dominance frontiers of @f
; each edge p -> b: the runner climbs the dominator tree from p up to idom(b), excluded,
; and b joins the frontier of every block it visits
;   edge          idom(b)  runner visits
;   entry -> bb1  entry    -
;   bb1 -> bb2    bb1      -
;   bb3 -> bb2    bb1      bb3, bb2
;   bb2 -> bb3    bb2      -
;   bb1 -> bb4    bb1      -
;   bb4 -> bb5    bb4      -
;   bb4 -> bb6    bb4      -
;   bb5 -> bb7    bb4      bb5
;   bb6 -> bb7    bb4      bb6
;   bb3 -> bb8    bb1      bb3, bb2
;   bb7 -> bb8    bb1      bb7, bb4
;
;   block  dominance frontier
;   entry  {}
;   bb1    {}
;   bb2    {bb2, bb8}
;   bb3    {bb2, bb8}
;   bb4    {bb8}
;   bb5    {bb7}
;   bb6    {bb7}
;   bb7    {bb8}
;   bb8    {}
;
