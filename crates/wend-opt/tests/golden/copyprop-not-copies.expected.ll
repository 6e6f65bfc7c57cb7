; RUN: copyprop
define i32 @f(i32 %x, i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:                                                ; preds = %entry
  br label %join

b:                                                ; preds = %entry
  br label %join

join:                                             ; preds = %a, %b
  %two = phi i32 [ %x, %a ], [ 2, %b ]
  %maybe = phi i32 [ %x, %a ], [ undef, %b ]
  %sel = select i1 %c, i32 %two, i32 %maybe
  %plus0 = add i32 %sel, 0
  %r = add i32 %plus0, 5
  ret i32 %r

orphan:                                           ; preds = %orphan
  %use = add i32 undef, 1
  br label %orphan
}
