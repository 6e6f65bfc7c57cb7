; RUN: copyprop
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
