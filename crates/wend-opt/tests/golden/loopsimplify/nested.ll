; passes: loopsimplify
; Nested loops whose inner loop exits straight to the outer header (the
; inner loop's exit edge is also the outer loop's back edge) and whose
; outer loop is entered by a conditional branch.
;
; The inner loop exits to %outer, which also has outside predecessors:
; %outer.loopexit becomes the dedicated exit (a block of the outer loop,
; and now its single latch). Then %outer gets a preheader (its entry edge
; comes from a conditional branch); %inner's header is entered from
; %outer only by an unconditional branch: it already has a preheader.

define i32 @main() {
entry:
  %go = icmp sgt i32 2, 0
  br i1 %go, label %outer, label %end

outer:
  %i = phi i32 [ 0, %entry ], [ %i1, %inner ]
  %s = phi i32 [ 0, %entry ], [ %s1, %inner ]
  %c = icmp slt i32 %i, 3
  br i1 %c, label %pre, label %end

pre:
  br label %inner

inner:
  %j = phi i32 [ 0, %pre ], [ %j1, %inner ]
  %s1 = phi i32 [ %s, %pre ], [ %s2, %inner ]
  %s2 = add i32 %s1, %j
  %j1 = add i32 %j, 1
  %i1 = add i32 %i, 1
  %d = icmp slt i32 %j1, %i
  br i1 %d, label %inner, label %outer

end:
  %r = phi i32 [ -1, %entry ], [ %s, %outer ]
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %go = icmp sgt i32 2, 0
  br i1 %go, label %outer.preheader, label %end

outer.loopexit:                                   ; preds = %inner
  br label %outer

outer.preheader:                                  ; preds = %entry
  br label %outer

outer:                                            ; preds = %outer.loopexit, %outer.preheader
  %i = phi i32 [ %i1, %outer.loopexit ], [ 0, %outer.preheader ]
  %s = phi i32 [ %s1, %outer.loopexit ], [ 0, %outer.preheader ]
  %c = icmp slt i32 %i, 3
  br i1 %c, label %pre, label %end.loopexit

pre:                                              ; preds = %outer
  br label %inner

inner:                                            ; preds = %pre, %inner
  %j = phi i32 [ 0, %pre ], [ %j1, %inner ]
  %s1 = phi i32 [ %s, %pre ], [ %s2, %inner ]
  %s2 = add i32 %s1, %j
  %j1 = add i32 %j, 1
  %i1 = add i32 %i, 1
  %d = icmp slt i32 %j1, %i
  br i1 %d, label %inner, label %outer.loopexit

end.loopexit:                                     ; preds = %outer
  br label %end

end:                                              ; preds = %entry, %end.loopexit
  %r = phi i32 [ -1, %entry ], [ %s, %end.loopexit ]
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
