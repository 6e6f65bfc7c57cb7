; The example CFG of the article on dominance frontiers and phi placement
; this project grew from: one variable, a, stored in bb1, bb2, bb3, bb5
; and bb6, loaded in bb2, bb3, bb5, bb6, bb7 and bb8. The article's "End"
; is the return in bb8; the parameter c stands for the conditions of its
; branches, which the article leaves unknown.
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
