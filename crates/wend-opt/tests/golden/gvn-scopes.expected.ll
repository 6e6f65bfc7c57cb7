; RUN: gvn
define i32 @f(i32 %a, i32 %b, i32* %p) {
entry:
  %x1 = add i32 %a, %b
  %k1 = add i32 %a, 1
  %lt = icmp slt i32 %a, %b
  %ge = icmp sge i32 %a, %b
  %sub = sub i32 %a, %b
  %d = sub i32 %b, %a
  %l1 = load i32, i32* %p
  %l2 = load i32, i32* %p
  call void @wend_print_int(i32 %x1)
  call void @wend_print_int(i32 %x1)
  %both = and i1 %lt, %lt
  %sel1 = select i1 %both, i32 %k1, i32 %k1
  br i1 %ge, label %then, label %else

then:                                             ; preds = %entry
  %y1 = mul i32 %a, 7
  br label %join

else:                                             ; preds = %entry
  %y2 = mul i32 %a, 7
  br label %join

dead:                                             ; No predecessors!
  %z1 = add i32 %a, %b
  br label %join

join:                                             ; preds = %then, %else, %dead
  %x = phi i32 [ %x1, %then ], [ %x1, %else ], [ %z1, %dead ]
  %y3 = mul i32 %a, 7
  %r1 = add i32 %x, %y3
  %r2 = add i32 %r1, %sub
  %r3 = add i32 %r2, %d
  %r4 = add i32 %r3, %l1
  %r5 = add i32 %r4, %l2
  %r6 = add i32 %r5, %sel1
  %r7 = add i32 %r6, %sel1
  %r8 = add i32 %r7, %k1
  ret i32 %r8
}

declare void @wend_print_int(i32)
