; RUN: sccp
define i32 @main() {
entry:
  br label %header

header:                                           ; preds = %entry, %latch
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %more = icmp slt i32 %i, 3
  br i1 %more, label %body, label %exit

body:                                             ; preds = %header
  br label %latch

latch:                                            ; preds = %body
  %i.next = add i32 %i, 1
  call void @wend_print_int(i32 1)
  call void @wend_print_newline()
  br label %header

exit:                                             ; preds = %header
  call void @wend_print_int(i32 1)
  call void @wend_print_newline()
  ret i32 0
}

define void @spin(i32 %n) {
entry:
  br label %header

header:                                           ; preds = %entry, %body
  %k = phi i32 [ %n, %entry ], [ %k.next, %body ]
  br label %body

body:                                             ; preds = %header
  %k.next = add i32 %k, 1
  call void @wend_print_int(i32 %k.next)
  br label %header
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
