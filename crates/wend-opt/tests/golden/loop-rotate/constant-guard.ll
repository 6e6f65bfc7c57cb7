; passes: loop-rotate
; `i = 0; while i < 10 { print i; i = i + 1 }`: the guard's condition is
; `icmp slt i32 0, 10`, which folds to true, so the preheader jumps into
; the loop without a test, and no block is needed on the exit edge (the
; exit is reached from the latch only). The print, used nowhere else,
; stays in the body; %i, used in the body, becomes a phi of the new
; header %body.

define i32 @main() {
entry:
  br label %cond

cond:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 10
  br i1 %c, label %body, label %end

body:
  call void @wend_print_int(i32 %i)
  %i1 = add i32 %i, 1
  br label %cond

end:
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %body

body:                                             ; preds = %entry, %body
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  call void @wend_print_int(i32 %i)
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, 10
  br i1 %c, label %body, label %end

end:                                              ; preds = %body
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
