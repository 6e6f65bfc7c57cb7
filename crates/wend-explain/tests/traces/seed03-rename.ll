; trace: rename
; The example CFG of the seeds' article on dominance frontiers and phi
; placement (entry -> bb1; bb1 -> bb2, bb4; bb2 -> bb3; bb3 -> bb2, bb8;
; bb4 -> bb5, bb6; bb5, bb6 -> bb7; bb7 -> bb8), with its variable a
; stored in bb1, bb2, bb3, bb5 and bb6 and loaded in bb2, bb3, bb5, bb6,
; bb7 and bb8 (the article's "End" is the return in bb8; the parameter c
; stands for the conditions the article leaves unknown).
; Worked by hand, walking the dominator tree (bb1 under entry; bb2, bb4
; and bb8 under bb1; bb3 under bb2; bb5, bb6, bb7 under bb4): a is 1 after
; bb1; in bb2 the phi defines it, so %a0 becomes that phi (the article
; writes 1 there, forgetting its own phi), then %t0; in bb3 %a1 becomes
; %t0; bb4's subtree starts again from bb1's 1, so %a2 and %a3 become 1;
; bb7's phi gets 2 from bb5 and 3 from bb6; bb8's phi gets %t1 from bb3 and
; bb7's phi from bb7. Loads are named as in the input, phis as in the
; output (where the phis of a take the names a, a1, a2).

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
; renaming by mem2reg of @f
; the dominator-tree walk (a child indented under its parent); each variable's current
; definition on entering each block, then what the block does
;   block      a      then
;   entry      undef
;     bb1      undef  a = 1; phi %a in bb2 gets 1
;       bb2    1      a = phi %a; load %a0 of a -> %a; a = %t0
;         bb3  %t0    load %a1 of a -> %t0; a = %t1; phi %a in bb2 gets %t1; phi %a2 in bb8 gets %t1
;       bb4    1
;         bb5  1      load %a2 of a -> 1; a = 2; phi %a1 in bb7 gets 2
;         bb6  1      load %a3 of a -> 1; a = 3; phi %a1 in bb7 gets 3
;         bb7  1      a = phi %a1; load %a4 of a -> %a1; phi %a2 in bb8 gets %a1
;       bb8    1      a = phi %a2; load %a5 of a -> %a2
;
