; passes: gvn
; Branch conditions known from the only edge into a block.
; - %then has one predecessor, reached when %c is true: there and in
;   %inner, which it dominates, %c is true. %s = select %c, %a, %b is %a,
;   %t in %inner is 1, and the branch on %c2 (which GVN finds equal to
;   %c) is on `true`; the phi in %inner is only renamed through %s (its
;   operand is used at the end of %then, where the same holds).
; - %else is reached when %c is false: %e is 4 and its branch is on
;   `false`.
; - %join has several predecessors: nothing is known there, %c stays.
; The branches on constants are left for simplifycfg.

define i32 @f(i32 %a, i32 %b) {
entry:
  %c = icmp slt i32 %a, %b
  br i1 %c, label %then, label %else

then:
  %s = select i1 %c, i32 %a, i32 %b
  %c2 = icmp slt i32 %a, %b
  br i1 %c2, label %inner, label %join

inner:
  %p = phi i32 [ %s, %then ]
  %t = select i1 %c, i32 1, i32 2
  %u = add i32 %p, %t
  br label %join

else:
  %e = select i1 %c, i32 3, i32 4
  br i1 %c, label %join, label %else.a

else.a:
  br label %join

join:
  %r = phi i32 [ %s, %then ], [ %u, %inner ], [ %e, %else ], [ %b, %else.a ]
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

; ---- expected output ----
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
