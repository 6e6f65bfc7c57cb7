; passes: copyprop
; Copies in disguise. %same merges %x with %x: it is %x. Around the loops,
; %outer.x and %inner.x only pass %x around or copy each other: once
; %inner.x is seen to be %outer.x (its other entry is itself), %outer.x is
; seen to be %x — the cycle collapses and every use reads %x. %k is a real
; induction variable and stays. `select %c, %x, %x` is %x; `select true`
; and `select false` take one arm. %mixed merges %x with 1 and stays.

define i32 @main() {
entry:
  %x = call i32 @seven()
  %c = icmp sgt i32 %x, 3
  br i1 %c, label %a, label %b

a:
  br label %join

b:
  br label %join

join:
  %same = phi i32 [ %x, %a ], [ %x, %b ]
  %mixed = phi i32 [ %x, %a ], [ 1, %b ]
  br label %outer

outer:
  %outer.x = phi i32 [ %same, %join ], [ %inner.x, %outer.latch ]
  %k = phi i32 [ 0, %join ], [ %k.next, %outer.latch ]
  br label %inner

inner:
  %inner.x = phi i32 [ %outer.x, %outer ], [ %inner.x, %inner ]
  %stay = icmp slt i32 %k, 0
  br i1 %stay, label %inner, label %outer.latch

outer.latch:
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, 2
  br i1 %more, label %outer, label %exit

exit:
  %s1 = select i1 %c, i32 %inner.x, i32 %outer.x
  %s2 = select i1 true, i32 %s1, i32 %mixed
  %s3 = select i1 false, i32 %mixed, i32 %s2
  call void @wend_print_int(i32 %s3)
  call void @wend_print_int(i32 %mixed)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @seven() {
entry:
  ret i32 7
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %x = call i32 @seven()
  %c = icmp sgt i32 %x, 3
  br i1 %c, label %a, label %b

a:                                                ; preds = %entry
  br label %join

b:                                                ; preds = %entry
  br label %join

join:                                             ; preds = %a, %b
  %mixed = phi i32 [ %x, %a ], [ 1, %b ]
  br label %outer

outer:                                            ; preds = %join, %outer.latch
  %k = phi i32 [ 0, %join ], [ %k.next, %outer.latch ]
  br label %inner

inner:                                            ; preds = %outer, %inner
  %stay = icmp slt i32 %k, 0
  br i1 %stay, label %inner, label %outer.latch

outer.latch:                                      ; preds = %inner
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, 2
  br i1 %more, label %outer, label %exit

exit:                                             ; preds = %outer.latch
  call void @wend_print_int(i32 %x)
  call void @wend_print_int(i32 %mixed)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @seven() {
entry:
  ret i32 7
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
