; passes: phi-elim
; The lecture's second example (../shared/seeds/04): `y2 = x1; x2 = ...`
; in a loop, after copy propagation, is the parallel copy
; (x1, y1) := (x2, x1) on the back edge. `y1 := x1` reads x1 before
; `x1 := x2` overwrites it: the copies are ordered, no temporary is
; needed. Three iterations starting from x = 0, y = 2 leave x1 = 2 and
; y1 = 1 at the exit, printed as 21.

define i32 @main() {
entry:
  br label %loop

loop:
  %x1 = phi i32 [ 0, %entry ], [ %x2, %loop ]
  %y1 = phi i32 [ 2, %entry ], [ %x1, %loop ]
  %x2 = add i32 %x1, 1
  %c = icmp slt i32 %x2, 3
  br i1 %c, label %loop, label %exit

exit:
  call void @wend_print_int(i32 %x1)
  call void @wend_print_int(i32 %y1)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %x1.var = alloca i32
  %y1.var = alloca i32
  store i32 0, i32* %x1.var
  store i32 2, i32* %y1.var
  br label %loop

loop:                                             ; preds = %entry, %loop.loop_crit_edge
  %x1 = load i32, i32* %x1.var
  %x2 = add i32 %x1, 1
  %c = icmp slt i32 %x2, 3
  br i1 %c, label %loop.loop_crit_edge, label %exit

loop.loop_crit_edge:                              ; preds = %loop
  %x1.1 = load i32, i32* %x1.var
  store i32 %x1.1, i32* %y1.var
  store i32 %x2, i32* %x1.var
  br label %loop

exit:                                             ; preds = %loop
  %x1.2 = load i32, i32* %x1.var
  call void @wend_print_int(i32 %x1.2)
  %y1 = load i32, i32* %y1.var
  call void @wend_print_int(i32 %y1)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
