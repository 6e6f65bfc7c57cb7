; passes: gvn
; Dominator-scoped value numbering.
; - %x2 = add %b, %a recomputes %x1 = add %a, %b (commutative operands are
;   put in order): replaced, in %entry and in both branches.
; - %k2 = add %a, 1 uses another constant 1 than %k1: constants compare
;   by value, so it is redundant too.
; - %gt = icmp sgt %b, %a is %lt = icmp slt %a, %b with swapped operands:
;   replaced. %ge = icmp sge %a, %b is a different comparison: kept.
; - %d = sub %b, %a is not %sub = sub %a, %b (sub is not commutative).
; - %y1 in %then and %y2 in %else compute the same, but neither block
;   dominates the other: both stay; %y3 in %join is not dominated by
;   either and stays too.
;   So %both = and %lt, %gt becomes and %lt, %lt, and %sel2 (select
;   %both, %k2, %k1) becomes select %both, %k1, %k1 — the same as %sel1.
; - the two loads of %p and the two calls are never merged.
; - %z1 in the unreachable %dead is left alone.

define i32 @f(i32 %a, i32 %b, i32* %p) {
entry:
  %x1 = add i32 %a, %b
  %x2 = add i32 %b, %a
  %k1 = add i32 %a, 1
  %k2 = add i32 %a, 1
  %lt = icmp slt i32 %a, %b
  %gt = icmp sgt i32 %b, %a
  %ge = icmp sge i32 %a, %b
  %sub = sub i32 %a, %b
  %d = sub i32 %b, %a
  %l1 = load i32, i32* %p
  %l2 = load i32, i32* %p
  call void @wend_print_int(i32 %x2)
  call void @wend_print_int(i32 %x2)
  %both = and i1 %lt, %gt
  %sel1 = select i1 %both, i32 %k1, i32 %k2
  %sel2 = select i1 %both, i32 %k2, i32 %k1
  br i1 %ge, label %then, label %else

then:
  %x3 = add i32 %b, %a
  %y1 = mul i32 %a, 7
  br label %join

else:
  %x4 = add i32 %a, %b
  %y2 = mul i32 %a, 7
  br label %join

dead:
  %z1 = add i32 %a, %b
  br label %join

join:
  %x = phi i32 [ %x3, %then ], [ %x4, %else ], [ %z1, %dead ]
  %y3 = mul i32 %a, 7
  %r1 = add i32 %x, %y3
  %r2 = add i32 %r1, %sub
  %r3 = add i32 %r2, %d
  %r4 = add i32 %r3, %l1
  %r5 = add i32 %r4, %l2
  %r6 = add i32 %r5, %sel1
  %r7 = add i32 %r6, %sel2
  %r8 = add i32 %r7, %k2
  ret i32 %r8
}

declare void @wend_print_int(i32)

; ---- expected output ----
define i32 @f(i32 %a, i32 %b, i32* %p) {
entry:
  %x1 = add i32 %a, %b
  %k1 = add i32 %a, 1
  %lt = icmp slt i32 %a, %b
  %ge = icmp sge i32 %a, %b
  %sub = sub i32 %a, %b
  %d = sub i32 %b, %a
  %l1 = load i32, i32* %p
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
  %r5 = add i32 %r4, %l1
  %r6 = add i32 %r5, %sel1
  %r7 = add i32 %r6, %sel1
  %r8 = add i32 %r7, %k1
  ret i32 %r8
}

declare void @wend_print_int(i32)
