; passes: mem2reg
; if/else: x is assigned on both arms, so the join needs a phi; y and the
; bool flag are only assigned before the branch, so their loads after the
; join read those values directly.

define i32 @main() {
entry:
  %x = alloca i32
  %y = alloca i32
  %flag = alloca i1
  store i32 0, i32* %x
  store i32 5, i32* %y
  %y0 = load i32, i32* %y
  %c = icmp sgt i32 %y0, 3
  store i1 %c, i1* %flag
  br i1 %c, label %then, label %else

then:
  %y1 = load i32, i32* %y
  %t = mul i32 %y1, 2
  store i32 %t, i32* %x
  br label %join

else:
  store i32 -1, i32* %x
  br label %join

join:
  %xv = load i32, i32* %x
  call void @wend_print_int(i32 %xv)
  call void @wend_print_newline()
  %fv = load i1, i1* %flag
  call void @wend_print_bool(i1 %fv)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_bool(i1)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %c = icmp sgt i32 5, 3
  br i1 %c, label %then, label %else

then:                                             ; preds = %entry
  %t = mul i32 5, 2
  br label %join

else:                                             ; preds = %entry
  br label %join

join:                                             ; preds = %then, %else
  %x = phi i32 [ %t, %then ], [ -1, %else ]
  call void @wend_print_int(i32 %x)
  call void @wend_print_newline()
  call void @wend_print_bool(i1 %c)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_bool(i1)
declare void @wend_print_newline()
