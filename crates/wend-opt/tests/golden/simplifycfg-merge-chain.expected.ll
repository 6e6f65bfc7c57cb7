; RUN: simplifycfg
define i32 @main() {
entry:
  %x = add i32 1, 2
  call void @wend_print_int(i32 %x)
  %y = mul i32 %x, 2
  call void @wend_print_int(i32 %y)
  br label %head

head:                                             ; preds = %entry, %body
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %more = icmp slt i32 %i, 2
  br i1 %more, label %body, label %exit

body:                                             ; preds = %head
  %i.next = add i32 %i, 1
  call void @wend_print_int(i32 %i.next)
  br label %head

exit:                                             ; preds = %head
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
