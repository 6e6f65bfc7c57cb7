; RUN: sccp
define i32 @main() {
entry:
  br label %a

a:                                                ; preds = %entry
  br label %join

join:                                             ; preds = %a
  call void @wend_print_int(i32 5)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @g(i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:                                                ; preds = %entry
  br label %join

b:                                                ; preds = %entry
  br label %join

join:                                             ; preds = %a, %b
  %m = phi i32 [ 5, %a ], [ undef, %b ]
  %n = add i32 undef, 1
  %s = add i32 %m, %n
  br i1 undef, label %x, label %y

x:                                                ; preds = %join
  ret i32 %s

y:                                                ; preds = %join
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
