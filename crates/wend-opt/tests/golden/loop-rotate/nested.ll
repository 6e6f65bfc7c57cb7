; passes: loop-rotate
; Two nested while loops: both are rotated, the inner one first. The
; inner loop's guard lands in the outer loop's body, and its exit
; %inner.end, which is also where the outer loop continues, gets a block
; on the inner loop's exit edge. The outer loop's guard folds (0 < 3).

define i32 @main() {
entry:
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i1, %inner.end ]
  %c = icmp slt i32 %i, 3
  br i1 %c, label %outer.body, label %outer.end

outer.body:
  br label %inner

inner:
  %j = phi i32 [ 0, %outer.body ], [ %j1, %inner.body ]
  %d = icmp slt i32 %j, %i
  br i1 %d, label %inner.body, label %inner.end

inner.body:
  call void @wend_print_int(i32 %j)
  %j1 = add i32 %j, 1
  br label %inner

inner.end:
  %i1 = add i32 %i, 1
  br label %outer

outer.end:
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %outer.body

outer.body:                                       ; preds = %entry, %inner.end
  %i = phi i32 [ 0, %entry ], [ %i1, %inner.end ]
  %d = icmp slt i32 0, %i
  br i1 %d, label %inner.body.lr.ph, label %inner.end

inner.body.lr.ph:                                 ; preds = %outer.body
  br label %inner.body

inner.body:                                       ; preds = %inner.body.lr.ph, %inner.body
  %j = phi i32 [ 0, %inner.body.lr.ph ], [ %j1, %inner.body ]
  call void @wend_print_int(i32 %j)
  %j1 = add i32 %j, 1
  %d1 = icmp slt i32 %j1, %i
  br i1 %d1, label %inner.body, label %inner.inner.end_crit_edge

inner.inner.end_crit_edge:                        ; preds = %inner.body
  br label %inner.end

inner.end:                                        ; preds = %outer.body, %inner.inner.end_crit_edge
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, 3
  br i1 %c, label %outer.body, label %outer.end

outer.end:                                        ; preds = %inner.end
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
