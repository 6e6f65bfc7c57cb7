; trace: phis
; The example CFG of the seeds' article on dominance frontiers and phi
; placement (entry -> bb1; bb1 -> bb2, bb4; bb2 -> bb3; bb3 -> bb2, bb8;
; bb4 -> bb5, bb6; bb5, bb6 -> bb7; bb7 -> bb8), with its variable a
; stored in bb1, bb2, bb3, bb5 and bb6 and loaded in bb2, bb3, bb5, bb6,
; bb7 and bb8 (the article's "End" is the return in bb8; the parameter c
; stands for the conditions the article leaves unknown).
; Worked by hand: DF+({bb1, bb2, bb3, bb5, bb6}) = {bb2, bb7, bb8}, and a
; is live on entry to all three (bb2 and bb7 and bb8 load it before any
; store), so pruning removes nothing: phis in bb2, bb7 and bb8, as in the
; article. Our worklist is a stack (the article's is a queue), so the
; blocks are taken in another order; the result is the same.

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
; phi placement by mem2reg (pruned SSA) of @f
;   a: stored in {bb1, bb2, bb3, bb5, bb6}, live on entry to {bb2, bb3, bb4, bb5, bb6, bb7, bb8}
;     worklist takes  its frontier  queued for the first time
;     bb6             {bb7}         {bb7}
;     bb7             {bb8}         {bb8}
;     bb8             {}            {}
;     bb5             {bb7}         {}
;     bb3             {bb2, bb8}    {}
;     bb2             {bb2, bb8}    {}
;     bb1             {}            {}
;     phi for a in bb2 (a is live on entry)
;     phi for a in bb8 (a is live on entry)
;     phi for a in bb7 (a is live on entry)
;
