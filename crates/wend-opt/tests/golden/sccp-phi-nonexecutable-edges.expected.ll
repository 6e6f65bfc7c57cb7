; RUN: sccp
define i32 @main() {
entry:
  br label %left

left:                                             ; preds = %entry
  br label %join

join:                                             ; preds = %left
  call void @wend_print_int(i32 20)
  br label %join2

join2:                                            ; preds = %join
  call void @wend_print_int(i32 8)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
