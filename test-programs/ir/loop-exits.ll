; The loop of the loops seed article's LCSSA section: two exits, each
; returning a value computed inside the loop (lcssa gives each a phi in
; its exit block). lcssa_example(n) counts i up from 0: at i = 1000 it
; leaves through exit1 with i * 2; otherwise once i + 1 reaches n it
; leaves through exit2 with (i + 1) * 7.
; main prints lcssa_example(5) = 35, (2000) = 2000 and (0) = 7.

define i32 @lcssa_example(i32 %n) {
entry:
  br label %loop

loop:                                             ; preds = %latch, %entry
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %cond = icmp eq i32 %i, 1000
  %i.2 = mul i32 %i, 2
  br i1 %cond, label %exit1, label %latch

latch:                                            ; preds = %loop
  %i.next = add i32 %i, 1
  %i.next.7 = mul i32 %i.next, 7
  %loop.cond = icmp slt i32 %i.next, %n
  br i1 %loop.cond, label %loop, label %exit2

exit1:                                            ; preds = %loop
  ret i32 %i.2

exit2:                                            ; preds = %latch
  ret i32 %i.next.7
}

define i32 @main() {
entry:
  %0 = call i32 @lcssa_example(i32 5)
  call void @wend_print_int(i32 %0)
  call void @wend_print_newline()
  %1 = call i32 @lcssa_example(i32 2000)
  call void @wend_print_int(i32 %1)
  call void @wend_print_newline()
  %2 = call i32 @lcssa_example(i32 0)
  call void @wend_print_int(i32 %2)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
