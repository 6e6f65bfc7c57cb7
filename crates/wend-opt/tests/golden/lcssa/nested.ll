; passes: lcssa
; Nested loops: %t is defined in the inner loop and used after the outer
; one. Inner loops are closed first: %t gets a phi in the inner exit
; %inner.end, which is a value of the outer loop used after it, so it
; gets a phi in turn in the outer exit %outer.end; the print uses that.
; %i, used only inside, gets nothing.

define i32 @main() {
entry:
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i1, %inner.end ]
  br label %inner

inner:
  %j = phi i32 [ 0, %outer ], [ %j1, %inner ]
  %t = add i32 %i, %j
  %j1 = add i32 %j, 1
  %c = icmp slt i32 %j1, 3
  br i1 %c, label %inner, label %inner.end

inner.end:
  %i1 = add i32 %i, 1
  %d = icmp slt i32 %i1, 4
  br i1 %d, label %outer, label %outer.end

outer.end:
  call void @wend_print_int(i32 %t)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %outer

outer:                                            ; preds = %entry, %inner.end
  %i = phi i32 [ 0, %entry ], [ %i1, %inner.end ]
  br label %inner

inner:                                            ; preds = %outer, %inner
  %j = phi i32 [ 0, %outer ], [ %j1, %inner ]
  %t = add i32 %i, %j
  %j1 = add i32 %j, 1
  %c = icmp slt i32 %j1, 3
  br i1 %c, label %inner, label %inner.end

inner.end:                                        ; preds = %inner
  %t.lcssa = phi i32 [ %t, %inner ]
  %i1 = add i32 %i, 1
  %d = icmp slt i32 %i1, 4
  br i1 %d, label %outer, label %outer.end

outer.end:                                        ; preds = %inner.end
  %t.lcssa.lcssa = phi i32 [ %t.lcssa, %inner.end ]
  call void @wend_print_int(i32 %t.lcssa.lcssa)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
