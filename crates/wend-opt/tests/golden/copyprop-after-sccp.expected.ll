; RUN: sccp,copyprop,dce
define i32 @f(i32 %p) {
entry:
  br label %keep

keep:                                             ; preds = %entry
  br label %join

join:                                             ; preds = %keep
  br label %loop

loop:                                             ; preds = %join, %loop
  %n = phi i32 [ 0, %join ], [ %n.next, %loop ]
  %n.next = add i32 %n, %p
  %more = icmp slt i32 %n.next, 100
  br i1 %more, label %loop, label %exit

exit:                                             ; preds = %loop
  ret i32 %n.next
}
