; passes: loopsimplify
; One loop missing all three properties, and a self-loop.
;
; %loop is entered from %entry and from %side (two outside predecessors
; with different values for %i, and %entry branches conditionally): a
; preheader %loop.preheader takes both edges, with a phi merging 0 and 10;
; %loop's phi keeps one entry from it. The unreachable %dead also jumps to
; %loop: it is outside the loop too, so its edge and its phi entry (5)
; move to the preheader as well.
;
; %loop has two back edges (from %then and %else, with different values):
; they are merged through a new latch block, after %else, whose phi
; merges the two increments.
;
; %done is entered from the loop (%loop) and from %entry: the loop's edge
; gets a dedicated exit block %done.loopexit.
;
; %spin is a self-loop entered from %done; %done ends in a conditional
; branch, so %spin gets a preheader; its single latch is itself. Its exit
; %end is also entered from %done: a dedicated %end.loopexit is made.
;
; Phis of a new block are named after the phi they were split from:
; %i.preheader, %i.latch.

define i32 @main() {
entry:
  %c = icmp eq i32 1, 1
  br i1 %c, label %loop, label %side

side:
  br i1 %c, label %loop, label %done

loop:
  %i = phi i32 [ 0, %entry ], [ 10, %side ], [ %a, %then ], [ %b, %else ], [ 5, %dead ]
  %more = icmp slt i32 %i, 3
  br i1 %more, label %body, label %done

body:
  %odd = and i32 %i, 1
  %isodd = icmp eq i32 %odd, 1
  br i1 %isodd, label %then, label %else

then:
  %a = add i32 %i, 1
  br label %loop

else:
  %b = add i32 %i, 1
  br label %loop

dead:
  br label %loop

done:
  %r = phi i32 [ %i, %loop ], [ -1, %side ]
  call void @wend_print_int(i32 %r)
  %k = icmp eq i32 %r, 3
  br i1 %k, label %spin, label %end

spin:
  %j = phi i32 [ 0, %done ], [ %j1, %spin ]
  %j1 = add i32 %j, 1
  %again = icmp slt i32 %j1, 4
  br i1 %again, label %spin, label %end

end:
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %c = icmp eq i32 1, 1
  br i1 %c, label %loop.preheader, label %side

side:                                             ; preds = %entry
  br i1 %c, label %loop.preheader, label %done

loop.preheader:                                   ; preds = %entry, %side, %dead
  %i.preheader = phi i32 [ 0, %entry ], [ 10, %side ], [ 5, %dead ]
  br label %loop

loop:                                             ; preds = %loop.preheader, %loop.latch
  %i = phi i32 [ %i.preheader, %loop.preheader ], [ %i.latch, %loop.latch ]
  %more = icmp slt i32 %i, 3
  br i1 %more, label %body, label %done.loopexit

body:                                             ; preds = %loop
  %odd = and i32 %i, 1
  %isodd = icmp eq i32 %odd, 1
  br i1 %isodd, label %then, label %else

then:                                             ; preds = %body
  %a = add i32 %i, 1
  br label %loop.latch

else:                                             ; preds = %body
  %b = add i32 %i, 1
  br label %loop.latch

loop.latch:                                       ; preds = %then, %else
  %i.latch = phi i32 [ %a, %then ], [ %b, %else ]
  br label %loop

dead:                                             ; No predecessors!
  br label %loop.preheader

done.loopexit:                                    ; preds = %loop
  br label %done

done:                                             ; preds = %side, %done.loopexit
  %r = phi i32 [ -1, %side ], [ %i, %done.loopexit ]
  call void @wend_print_int(i32 %r)
  %k = icmp eq i32 %r, 3
  br i1 %k, label %spin.preheader, label %end

spin.preheader:                                   ; preds = %done
  br label %spin

spin:                                             ; preds = %spin.preheader, %spin
  %j = phi i32 [ %j1, %spin ], [ 0, %spin.preheader ]
  %j1 = add i32 %j, 1
  %again = icmp slt i32 %j1, 4
  br i1 %again, label %spin, label %end.loopexit

end.loopexit:                                     ; preds = %spin
  br label %end

end:                                              ; preds = %done, %end.loopexit
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
