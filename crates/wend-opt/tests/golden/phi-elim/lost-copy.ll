; passes: phi-elim
; The lost-copy problem (Briggs et al. 1998; the first example of the
; SSA-destruction lecture, ../shared/seeds/04): after copy propagation
; `y = x1` is gone and the exit reads %x1 itself, while the back edge
; copies %x2 into %x1. The back edge leaves %loop, which also exits, and
; enters %loop, which has two predecessors: it is critical. A copy
; `x1 := x2` at the end of %loop would also run on the way out, and the
; exit would print 5 (the lost copy) instead of 4. The pipeline runs
; break-crit-edges first: the copy goes in %loop.loop_crit_edge, on the
; back edge only, and %exit reads the %x1 of the last iteration.

define i32 @main() {
entry:
  br label %loop

loop:
  %x1 = phi i32 [ 1, %entry ], [ %x2, %loop ]
  %x2 = add i32 %x1, 1
  %c = icmp slt i32 %x2, 5
  br i1 %c, label %loop, label %exit

exit:
  call void @wend_print_int(i32 %x1)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %x1.var = alloca i32
  store i32 1, i32* %x1.var
  br label %loop

loop:                                             ; preds = %entry, %loop.loop_crit_edge
  %x1 = load i32, i32* %x1.var
  %x2 = add i32 %x1, 1
  %c = icmp slt i32 %x2, 5
  br i1 %c, label %loop.loop_crit_edge, label %exit

loop.loop_crit_edge:                              ; preds = %loop
  store i32 %x2, i32* %x1.var
  br label %loop

exit:                                             ; preds = %loop
  %x1.1 = load i32, i32* %x1.var
  call void @wend_print_int(i32 %x1.1)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
