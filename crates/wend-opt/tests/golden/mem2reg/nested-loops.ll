; passes: mem2reg
; i = 0; count = 0;
; while (i < 4) { j = 0; while (j < i) { count = count + j; j = j + 1; } i = i + 1; }
; print count
; i and count need phis at the outer header; j and count at the inner
; header. j is dead at the outer header (reset before use): no phi there.

define i32 @main() {
entry:
  %i = alloca i32
  %j = alloca i32
  %count = alloca i32
  store i32 0, i32* %i
  store i32 0, i32* %j
  store i32 0, i32* %count
  br label %outer.cond

outer.cond:
  %i0 = load i32, i32* %i
  %c0 = icmp slt i32 %i0, 4
  br i1 %c0, label %outer.body, label %outer.end

outer.body:
  store i32 0, i32* %j
  br label %inner.cond

inner.cond:
  %j0 = load i32, i32* %j
  %i1 = load i32, i32* %i
  %c1 = icmp slt i32 %j0, %i1
  br i1 %c1, label %inner.body, label %inner.end

inner.body:
  %n0 = load i32, i32* %count
  %j1 = load i32, i32* %j
  %n1 = add i32 %n0, %j1
  store i32 %n1, i32* %count
  %j2 = load i32, i32* %j
  %j3 = add i32 %j2, 1
  store i32 %j3, i32* %j
  br label %inner.cond

inner.end:
  %i2 = load i32, i32* %i
  %i3 = add i32 %i2, 1
  store i32 %i3, i32* %i
  br label %outer.cond

outer.end:
  %r = load i32, i32* %count
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %outer.cond

outer.cond:                                       ; preds = %entry, %inner.end
  %i = phi i32 [ 0, %entry ], [ %i3, %inner.end ]
  %count = phi i32 [ 0, %entry ], [ %count1, %inner.end ]
  %c0 = icmp slt i32 %i, 4
  br i1 %c0, label %outer.body, label %outer.end

outer.body:                                       ; preds = %outer.cond
  br label %inner.cond

inner.cond:                                       ; preds = %outer.body, %inner.body
  %j = phi i32 [ 0, %outer.body ], [ %j3, %inner.body ]
  %count1 = phi i32 [ %count, %outer.body ], [ %n1, %inner.body ]
  %c1 = icmp slt i32 %j, %i
  br i1 %c1, label %inner.body, label %inner.end

inner.body:                                       ; preds = %inner.cond
  %n1 = add i32 %count1, %j
  %j3 = add i32 %j, 1
  br label %inner.cond

inner.end:                                        ; preds = %inner.cond
  %i3 = add i32 %i, 1
  br label %outer.cond

outer.end:                                        ; preds = %outer.cond
  call void @wend_print_int(i32 %count)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
