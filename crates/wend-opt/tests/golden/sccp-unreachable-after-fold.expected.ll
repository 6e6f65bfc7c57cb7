; RUN: sccp
define i32 @main() {
entry:
  br label %live

live:                                             ; preds = %entry
  br label %join

join:                                             ; preds = %live
  call void @wend_print_int(i32 42)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
