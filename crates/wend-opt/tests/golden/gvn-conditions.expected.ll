; RUN: gvn
define i32 @f(i32 %a, i32 %b) {
entry:
  %c = icmp slt i32 %a, %b
  br i1 %c, label %then, label %else

then:                                             ; preds = %entry
  br i1 true, label %inner, label %join

inner:                                            ; preds = %then
  %p = phi i32 [ %a, %then ]
  %u = add i32 %p, 1
  br label %join

else:                                             ; preds = %entry
  br i1 false, label %join, label %else.a

else.a:                                           ; preds = %else
  br label %join

join:                                             ; preds = %then, %inner, %else, %else.a
  %r = phi i32 [ %a, %then ], [ %u, %inner ], [ 4, %else ], [ %b, %else.a ]
  %j = select i1 %c, i32 %r, i32 0
  ret i32 %j
}

define i32 @main() {
entry:
  %x = call i32 @f(i32 1, i32 2)
  %y = call i32 @f(i32 2, i32 1)
  %z = add i32 %x, %y
  ret i32 %z
}
