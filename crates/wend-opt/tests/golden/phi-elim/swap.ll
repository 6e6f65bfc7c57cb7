; passes: phi-elim
; The swap problem (Briggs et al. 1998): `t = a; a = b; b = t` in a loop
; becomes, after mem2reg, two phis reading each other on the back edge:
; the parallel copy (a, b) := (b, a). Done one copy after the other it
; would lose a value whichever comes first; it is a cycle, so one
; variable is saved in a temporary (%a.tmp) first. The copy of %i from a
; plain value (%i1) comes after the copies between variables. The back
; edge is critical and gets its own block for the copies; the entry
; edge's copies are stores of constants at the end of %entry.

define i32 @main() {
entry:
  br label %loop

loop:
  %a = phi i32 [ 1, %entry ], [ %b, %loop ]
  %b = phi i32 [ 2, %entry ], [ %a, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, 3
  br i1 %c, label %loop, label %exit

exit:
  call void @wend_print_int(i32 %a)
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %a.var = alloca i32
  %b.var = alloca i32
  %i.var = alloca i32
  store i32 1, i32* %a.var
  store i32 2, i32* %b.var
  store i32 0, i32* %i.var
  br label %loop

loop:                                             ; preds = %entry, %loop.loop_crit_edge
  %i = load i32, i32* %i.var
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, 3
  br i1 %c, label %loop.loop_crit_edge, label %exit

loop.loop_crit_edge:                              ; preds = %loop
  %b.tmp = load i32, i32* %b.var
  %a = load i32, i32* %a.var
  store i32 %a, i32* %b.var
  store i32 %b.tmp, i32* %a.var
  store i32 %i1, i32* %i.var
  br label %loop

exit:                                             ; preds = %loop
  %a1 = load i32, i32* %a.var
  call void @wend_print_int(i32 %a1)
  %b = load i32, i32* %b.var
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
