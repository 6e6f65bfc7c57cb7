; RUN: simplifycfg
define i32 @main() {
entry:
  br label %head

head:                                             ; preds = %entry, %head
  %i = phi i32 [ 0, %entry ], [ %i.next, %head ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 5
  br i1 %more, label %head, label %exit

exit:                                             ; preds = %head
  call void @wend_print_int(i32 %i.next)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
