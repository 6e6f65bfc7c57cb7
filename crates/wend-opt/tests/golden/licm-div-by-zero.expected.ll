; RUN: licm
define i32 @main() {
entry:
  %zero = sub i32 7, 7
  %go = icmp eq i32 %zero, 0
  br i1 %go, label %loop.preheader, label %end

loop.preheader:                                   ; preds = %entry
  %k = mul i32 %zero, 3
  %h = sdiv i32 %k, 2
  %iszero = icmp eq i32 %zero, 0
  br label %loop

loop:                                             ; preds = %loop.preheader, %next
  %i = phi i32 [ %i1, %next ], [ 0, %loop.preheader ]
  call void @wend_print_int(i32 %i)
  %r = srem i32 %k, -1
  %at2 = icmp eq i32 %i, 2
  br i1 %at2, label %divide, label %next

divide:                                           ; preds = %loop
  br i1 %iszero, label %div.zero, label %div.ok

div.zero:                                         ; preds = %divide
  call void @wend_div_by_zero(i32 7)
  unreachable

div.ok:                                           ; preds = %divide
  %q = sdiv i32 100, %zero
  call void @wend_print_int(i32 %q)
  br label %next

next:                                             ; preds = %loop, %div.ok
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, 5
  br i1 %more, label %loop, label %end.loopexit

end.loopexit:                                     ; preds = %next
  br label %end

end:                                              ; preds = %entry, %end.loopexit
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
declare void @wend_div_by_zero(i32)
