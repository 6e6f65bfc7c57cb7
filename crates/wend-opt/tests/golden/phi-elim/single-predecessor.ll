; passes: phi-elim
; The copies of an edge whose source has two successors go at the top of
; its target, which then has that source as its only predecessor (else
; the edge would be critical): here the LCSSA phi %x.lcssa of %exit, a
; block entered only from %loop, which also branches back. Its copy is the
; first instruction of %exit; the back edge, critical, gets a block for
; the copy into %x.

define i32 @main() {
entry:
  br label %loop

loop:
  %x = phi i32 [ 0, %entry ], [ %x1, %loop ]
  %x1 = add i32 %x, 3
  %c = icmp slt i32 %x1, 10
  br i1 %c, label %loop, label %exit

exit:
  %x.lcssa = phi i32 [ %x, %loop ]
  call void @wend_print_int(i32 %x.lcssa)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %x.var = alloca i32
  %x.lcssa.var = alloca i32
  store i32 0, i32* %x.var
  br label %loop

loop:                                             ; preds = %entry, %loop.loop_crit_edge
  %x = load i32, i32* %x.var
  %x1 = add i32 %x, 3
  %c = icmp slt i32 %x1, 10
  br i1 %c, label %loop.loop_crit_edge, label %exit

loop.loop_crit_edge:                              ; preds = %loop
  store i32 %x1, i32* %x.var
  br label %loop

exit:                                             ; preds = %loop
  %x2 = load i32, i32* %x.var
  store i32 %x2, i32* %x.lcssa.var
  %x.lcssa = load i32, i32* %x.lcssa.var
  call void @wend_print_int(i32 %x.lcssa)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
