; The worked example of the phi-placement article, made runnable: one
; variable a, stored in bb1, bb2, bb3, bb5 and bb6, on this CFG
;   bb1 -> bb2, bb4   bb2 -> bb3   bb3 -> bb2, bb8   bb4 -> bb5, bb6
;   bb5 -> bb7        bb6 -> bb7   bb7 -> bb8        bb8 -> return
; DF(bb2) = DF(bb3) = {bb2, bb8}, DF(bb5) = DF(bb6) = {bb7}, DF(bb7) =
; {bb8}: the iterated frontier of the stores is {bb2, bb7, bb8}, and a is
; read in each of them, so every flavour puts its three phis there.
; `wendc analyze` prints these tables.
;
; walk(1, _) doubles-plus-one around bb2/bb3 until a reaches 50 or more:
; a = 1 -> 2 -> 4 -> 5 -> 10 -> 11 -> 22 -> 23 -> 46 -> 47 -> 94, returned.
; walk(0, 1) returns 2 (bb5), walk(0, 0) returns 3 (bb6).

define i32 @walk(i1 %loop, i1 %two) {
bb1:
  %a = alloca i32
  store i32 1, i32* %a
  br i1 %loop, label %bb2, label %bb4

bb2:
  %a0 = load i32, i32* %a
  %t0 = add i32 %a0, 1
  store i32 %t0, i32* %a
  br label %bb3

bb3:
  %a1 = load i32, i32* %a
  %t1 = add i32 %a1, %a1
  store i32 %t1, i32* %a
  %again = icmp slt i32 %t1, 50
  br i1 %again, label %bb2, label %bb8

bb4:
  br i1 %two, label %bb5, label %bb6

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

define i32 @main() {
entry:
  %0 = call i32 @walk(i1 true, i1 false)
  call void @wend_print_int(i32 %0)
  call void @wend_print_newline()
  %1 = call i32 @walk(i1 false, i1 true)
  call void @wend_print_int(i32 %1)
  call void @wend_print_newline()
  %2 = call i32 @walk(i1 false, i1 false)
  call void @wend_print_int(i32 %2)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
