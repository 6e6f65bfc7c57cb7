; RUN: gvn
define i1 @f(i32 %a, i32 %b, i1 %d) {
entry:
  %c = icmp slt i32 %a, %b
  br i1 %c, label %then, label %else

then:                                             ; preds = %entry
  call void @wend_print_bool(i1 false)
  call void @wend_print_bool(i1 false)
  %both = and i1 true, %d
  call void @wend_print_bool(i1 %both)
  call void @wend_print_bool(i1 true)
  br i1 %d, label %join, label %done

done:                                             ; preds = %then
  ret i1 true

else:                                             ; preds = %entry
  %either = or i1 false, %d
  call void @wend_print_bool(i1 %either)
  %m = add i32 0, %a
  %mc = icmp eq i32 %m, %a
  call void @wend_print_bool(i1 %mc)
  br label %join

join:                                             ; preds = %then, %else
  %r = phi i1 [ %c, %then ], [ %d, %else ]
  ret i1 %r
}

define i32 @main() {
entry:
  %x = call i1 @f(i32 1, i32 2, i1 true)
  call void @wend_print_bool(i1 %x)
  %y = call i1 @f(i32 1, i32 2, i1 false)
  call void @wend_print_bool(i1 %y)
  %z = call i1 @f(i32 2, i32 1, i1 true)
  call void @wend_print_bool(i1 %z)
  %w = call i1 @f(i32 2, i32 1, i1 false)
  call void @wend_print_bool(i1 %w)
  ret i32 0
}

declare void @wend_print_bool(i1)
