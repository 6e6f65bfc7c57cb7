; RUN: dce
define i32 @main() {
entry:
  %c = icmp eq i32 1, 1
  br i1 %c, label %left, label %join

left:                                             ; preds = %entry
  br label %join

never:                                            ; preds = %never
  call void @wend_print_int(i32 %late)
  %late = add i32 %late.dead, 1
  %late.dead = add i32 3, 4
  br label %never

join:                                             ; preds = %entry, %left
  call void @wend_print_int(i32 9)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
