; RUN: mem2reg
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
