; passes: licm
; Nested loops, innermost first. In the inner loop, %a = mul %i, %i
; depends only on the outer variable: it moves to the inner preheader
; %inner.pre, and no further (it varies in the outer loop). %b = add %n, 1
; and %c = mul %b, 2 depend only on the parameter: they first move to
; %inner.pre, then, when the outer loop is processed, on to the outer
; preheader %entry. %t = add %a, %c is invariant in the inner loop once
; %a is: it follows %a to %inner.pre. Nothing in either loop writes
; through %p (printing writes no memory): the load %v moves to %entry, and
; %t2 = add %t, %v follows %t to %inner.pre. %s2 depends on the inner phi
; %j: it stays. The call never moves, though its operand is invariant.

define i32 @sum(i32 %n, i32* %p) {
entry:
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i1, %outer.latch ]
  %s = phi i32 [ 0, %entry ], [ %s1, %outer.latch ]
  %oc = icmp slt i32 %i, %n
  br i1 %oc, label %inner.pre, label %exit

inner.pre:
  br label %inner

inner:
  %j = phi i32 [ 0, %inner.pre ], [ %j1, %inner ]
  %s1 = phi i32 [ %s, %inner.pre ], [ %s2, %inner ]
  %a = mul i32 %i, %i
  %b = add i32 %n, 1
  %c = mul i32 %b, 2
  %v = load i32, i32* %p
  call void @wend_print_int(i32 %c)
  %t = add i32 %a, %c
  %t2 = add i32 %t, %v
  %s2 = add i32 %s1, %j
  %j1 = add i32 %j, 1
  %ic = icmp slt i32 %j1, %t2
  br i1 %ic, label %inner, label %outer.latch

outer.latch:
  %i1 = add i32 %i, 1
  br label %outer

exit:
  ret i32 %s
}

declare void @wend_print_int(i32)

; ---- expected output ----
define i32 @sum(i32 %n, i32* %p) {
entry:
  %b = add i32 %n, 1
  %c = mul i32 %b, 2
  %v = load i32, i32* %p
  br label %outer

outer:                                            ; preds = %entry, %outer.latch
  %i = phi i32 [ 0, %entry ], [ %i1, %outer.latch ]
  %s = phi i32 [ 0, %entry ], [ %s1, %outer.latch ]
  %oc = icmp slt i32 %i, %n
  br i1 %oc, label %inner.pre, label %exit

inner.pre:                                        ; preds = %outer
  %a = mul i32 %i, %i
  %t = add i32 %a, %c
  %t2 = add i32 %t, %v
  br label %inner

inner:                                            ; preds = %inner.pre, %inner
  %j = phi i32 [ 0, %inner.pre ], [ %j1, %inner ]
  %s1 = phi i32 [ %s, %inner.pre ], [ %s2, %inner ]
  call void @wend_print_int(i32 %c)
  %s2 = add i32 %s1, %j
  %j1 = add i32 %j, 1
  %ic = icmp slt i32 %j1, %t2
  br i1 %ic, label %inner, label %outer.latch

outer.latch:                                      ; preds = %inner
  %i1 = add i32 %i, 1
  br label %outer

exit:                                             ; preds = %outer
  ret i32 %s
}

declare void @wend_print_int(i32)
