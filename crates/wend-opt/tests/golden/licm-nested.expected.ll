; RUN: licm
define i32 @sum(i32 %n, i32* %p) {
entry:
  %b = add i32 %n, 1
  %c = mul i32 %b, 2
  br label %outer

outer:                                            ; preds = %entry, %outer.latch
  %i = phi i32 [ 0, %entry ], [ %i1, %outer.latch ]
  %s = phi i32 [ 0, %entry ], [ %s1, %outer.latch ]
  %oc = icmp slt i32 %i, %n
  br i1 %oc, label %inner.pre, label %exit

inner.pre:                                        ; preds = %outer
  %a = mul i32 %i, %i
  %t = add i32 %a, %c
  br label %inner

inner:                                            ; preds = %inner.pre, %inner
  %j = phi i32 [ 0, %inner.pre ], [ %j1, %inner ]
  %s1 = phi i32 [ %s, %inner.pre ], [ %s2, %inner ]
  %v = load i32, i32* %p
  call void @wend_print_int(i32 %c)
  %t2 = add i32 %t, %v
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
