; passes: copyprop
; What is not a copy stays: a phi of two different values, a phi of %x
; and undef (replacing it by %x needs %x to dominate the phi: that is
; mem2reg's rule, not a copy), a select between different values, and
; arithmetic such as `add %x, 0` (SCCP's business). Equal constants that
; are distinct values are the same value: %five is 5. A phi in
; unreachable code whose only entry is itself becomes undef.

define i32 @f(i32 %x, i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  br label %join

b:
  br label %join

join:
  %two = phi i32 [ %x, %a ], [ 2, %b ]
  %maybe = phi i32 [ %x, %a ], [ undef, %b ]
  %five = phi i32 [ 5, %a ], [ 5, %b ]
  %sel = select i1 %c, i32 %two, i32 %maybe
  %plus0 = add i32 %sel, 0
  %r = add i32 %plus0, %five
  ret i32 %r

orphan:
  %self = phi i32 [ %self, %orphan ]
  %use = add i32 %self, 1
  br label %orphan
}

; ---- expected output ----
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
