; RUN: lcssa
; A loop with two exits whose paths meet again: %n is defined in the
; loop and used in %join, after both exits. Each exit block gets an
; %n.lcssa phi, and since two definitions now meet at %join, a third phi
; merges them there (the iterated dominance frontier of the exits);
; %join's print uses that merge. %n is also used directly in %early's
; print: it reads %early's own phi.
;
; The exit %late also has a predecessor outside the loop (%entry), so
; loopsimplify (which lcssa runs first) gives the loop a dedicated exit
; block %late.loopexit; the phi goes there. %i is used after the loop
; only in a phi of %late whose entry comes from inside the loop: that is
; already closed... once the edge moves to the dedicated exit, %late's
; phi entry comes from it, so %i gets an lcssa phi in %late.loopexit.

define i32 @main() {
entry:
  %skip = icmp eq i32 1, 0
  br i1 %skip, label %late, label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %next ]
  %n = mul i32 %i, 10
  %big = icmp sgt i32 %n, 25
  br i1 %big, label %early, label %next

next:
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, 5
  br i1 %more, label %loop, label %late

early:
  call void @wend_print_int(i32 %n)
  br label %join

late:
  %last = phi i32 [ %i, %next ], [ -1, %entry ]
  call void @wend_print_int(i32 %last)
  br label %join

join:
  call void @wend_print_int(i32 %n)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
