; passes: accessor-trees
; @main.get5: a getter over 5 elements (an odd size) with split points
; 2, 1, 3, 4, comparisons of every kind (slt, sge, sgt with the constant
; first, sle, eq at the end of an interval) and a phi join: every k <= 0
; reads element 0 (k < 0 too), every k >= 4 element 4: one clamped load.
; @main.set3: a setter over elements 1..3 of its array (the element is
; k - 10 + 1 after the clamp), returning from each leaf.
; @main.skip: a middle leaf covers two values (k = 1 and 2): the whole
; tree is not an indexed access; its subtree at %rest (elements 1 and 2,
; split at 3) is one, and becomes one.
; @main.perm: the leaves read elements 0, 2, 1: left alone.
; main prints each for k from -2 to 6, through the interpreter check.

define i32 @main() {
entry:
  %a = alloca i32, i32 5
  br label %init
init:
  %i = phi i32 [ 0, %entry ], [ %i1, %init ]
  %p = getelementptr inbounds i32, i32* %a, i32 %i
  %sq = mul i32 %i, 11
  store i32 %sq, i32* %p
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, 5
  br i1 %more, label %init, label %show
show:
  %k = phi i32 [ -2, %init ], [ %k1, %show ]
  %g = call i32 @main.get5(i32 %k, i32* %a)
  call void @wend_print_int(i32 %g)
  %s = call i32 @main.skip(i32 %k, i32* %a)
  call void @wend_print_int(i32 %s)
  %q = call i32 @main.perm(i32 %k, i32* %a)
  call void @wend_print_int(i32 %q)
  call void @wend_print_newline()
  %k1 = add i32 %k, 1
  %again = icmp slt i32 %k1, 7
  br i1 %again, label %show, label %sets
sets:
  %m = phi i32 [ 7, %show ], [ %m1, %sets ]
  %v = mul i32 %m, 100
  call void @main.set3(i32 %m, i32 %v, i32* %a)
  %m1 = add i32 %m, 1
  %again2 = icmp slt i32 %m1, 14
  br i1 %again2, label %sets, label %done
done:
  %r0 = call i32 @main.get5(i32 0, i32* %a)
  %r1 = call i32 @main.get5(i32 1, i32* %a)
  %r2 = call i32 @main.get5(i32 2, i32* %a)
  %r3 = call i32 @main.get5(i32 3, i32* %a)
  %r4 = call i32 @main.get5(i32 4, i32* %a)
  call void @wend_print_int(i32 %r0)
  call void @wend_print_int(i32 %r1)
  call void @wend_print_int(i32 %r2)
  call void @wend_print_int(i32 %r3)
  call void @wend_print_int(i32 %r4)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @main.get5(i32 %k, i32* %base) {
entry:
  %e1 = getelementptr inbounds i32, i32* %base, i32 1
  %e2 = getelementptr inbounds i32, i32* %base, i32 2
  %e3 = getelementptr inbounds i32, i32* %base, i32 3
  %e4 = getelementptr inbounds i32, i32* %base, i32 4
  %c = icmp slt i32 %k, 2
  br i1 %c, label %low, label %high
low:
  %c1 = icmp sge i32 %k, 1
  br i1 %c1, label %l1, label %l0
l0:
  %v0 = load i32, i32* %base
  br label %join
l1:
  %v1 = load i32, i32* %e1
  br label %join
high:
  %c3 = icmp sgt i32 3, %k
  br i1 %c3, label %l2, label %high2
l2:
  %v2 = load i32, i32* %e2
  br label %join
high2:
  %c4 = icmp eq i32 %k, 3
  br i1 %c4, label %l3, label %l4
l3:
  %v3 = load i32, i32* %e3
  br label %join
l4:
  %v4 = load i32, i32* %e4
  br label %join
join:
  %v = phi i32 [ %v0, %l0 ], [ %v1, %l1 ], [ %v2, %l2 ], [ %v3, %l3 ], [ %v4, %l4 ]
  %w = add i32 %v, 1
  ret i32 %w
}

define void @main.set3(i32 %k, i32 %x, i32* %base) {
entry:
  %e1 = getelementptr inbounds i32, i32* %base, i32 1
  %e2 = getelementptr inbounds i32, i32* %base, i32 2
  %e3 = getelementptr inbounds i32, i32* %base, i32 3
  %c = icmp sle i32 %k, 10
  br i1 %c, label %l1, label %rest
l1:
  store i32 %x, i32* %e1
  ret void
rest:
  %c2 = icmp slt i32 %k, 12
  br i1 %c2, label %l2, label %l3
l2:
  store i32 %x, i32* %e2
  ret void
l3:
  store i32 %x, i32* %e3
  ret void
}

define i32 @main.skip(i32 %k, i32* %base) {
entry:
  %e1 = getelementptr inbounds i32, i32* %base, i32 1
  %e2 = getelementptr inbounds i32, i32* %base, i32 2
  %c = icmp slt i32 %k, 1
  br i1 %c, label %l0, label %rest
l0:
  %v0 = load i32, i32* %base
  ret i32 %v0
rest:
  %c2 = icmp slt i32 %k, 3
  br i1 %c2, label %l1, label %l2
l1:
  %v1 = load i32, i32* %e1
  ret i32 %v1
l2:
  %v2 = load i32, i32* %e2
  ret i32 %v2
}

define i32 @main.perm(i32 %k, i32* %base) {
entry:
  %e1 = getelementptr inbounds i32, i32* %base, i32 1
  %e2 = getelementptr inbounds i32, i32* %base, i32 2
  %c = icmp slt i32 %k, 1
  br i1 %c, label %l0, label %rest
l0:
  %v0 = load i32, i32* %base
  ret i32 %v0
rest:
  %c2 = icmp slt i32 %k, 2
  br i1 %c2, label %l1, label %l2
l1:
  %v1 = load i32, i32* %e2
  ret i32 %v1
l2:
  %v2 = load i32, i32* %e1
  ret i32 %v2
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %a = alloca i32, i32 5
  br label %init

init:                                             ; preds = %entry, %init
  %i = phi i32 [ 0, %entry ], [ %i1, %init ]
  %p = getelementptr inbounds i32, i32* %a, i32 %i
  %sq = mul i32 %i, 11
  store i32 %sq, i32* %p
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, 5
  br i1 %more, label %init, label %show

show:                                             ; preds = %init, %show
  %k = phi i32 [ -2, %init ], [ %k1, %show ]
  %g = call i32 @main.get5(i32 %k, i32* %a)
  call void @wend_print_int(i32 %g)
  %s = call i32 @main.skip(i32 %k, i32* %a)
  call void @wend_print_int(i32 %s)
  %q = call i32 @main.perm(i32 %k, i32* %a)
  call void @wend_print_int(i32 %q)
  call void @wend_print_newline()
  %k1 = add i32 %k, 1
  %again = icmp slt i32 %k1, 7
  br i1 %again, label %show, label %sets

sets:                                             ; preds = %show, %sets
  %m = phi i32 [ 7, %show ], [ %m1, %sets ]
  %v = mul i32 %m, 100
  call void @main.set3(i32 %m, i32 %v, i32* %a)
  %m1 = add i32 %m, 1
  %again2 = icmp slt i32 %m1, 14
  br i1 %again2, label %sets, label %done

done:                                             ; preds = %sets
  %r0 = call i32 @main.get5(i32 0, i32* %a)
  %r1 = call i32 @main.get5(i32 1, i32* %a)
  %r2 = call i32 @main.get5(i32 2, i32* %a)
  %r3 = call i32 @main.get5(i32 3, i32* %a)
  %r4 = call i32 @main.get5(i32 4, i32* %a)
  call void @wend_print_int(i32 %r0)
  call void @wend_print_int(i32 %r1)
  call void @wend_print_int(i32 %r2)
  call void @wend_print_int(i32 %r3)
  call void @wend_print_int(i32 %r4)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @main.get5(i32 %k, i32* %base) {
entry:
  %e1 = getelementptr inbounds i32, i32* %base, i32 1
  %e2 = getelementptr inbounds i32, i32* %base, i32 2
  %e3 = getelementptr inbounds i32, i32* %base, i32 3
  %e4 = getelementptr inbounds i32, i32* %base, i32 4
  %c = icmp slt i32 %k, 2
  %0 = icmp slt i32 %k, 0
  %1 = select i1 %0, i32 0, i32 %k
  %2 = icmp sgt i32 %1, 4
  %3 = select i1 %2, i32 4, i32 %1
  %4 = getelementptr inbounds i32, i32* %base, i32 %3
  %5 = load i32, i32* %4
  br label %join

join:                                             ; preds = %entry
  %v = phi i32 [ %5, %entry ]
  %w = add i32 %v, 1
  ret i32 %w
}

define void @main.set3(i32 %k, i32 %x, i32* %base) {
entry:
  %e1 = getelementptr inbounds i32, i32* %base, i32 1
  %e2 = getelementptr inbounds i32, i32* %base, i32 2
  %e3 = getelementptr inbounds i32, i32* %base, i32 3
  %c = icmp sle i32 %k, 10
  %0 = icmp slt i32 %k, 10
  %1 = select i1 %0, i32 10, i32 %k
  %2 = icmp sgt i32 %1, 12
  %3 = select i1 %2, i32 12, i32 %1
  %4 = add i32 %3, -9
  %5 = getelementptr inbounds i32, i32* %base, i32 %4
  store i32 %x, i32* %5
  ret void
}

define i32 @main.skip(i32 %k, i32* %base) {
entry:
  %e1 = getelementptr inbounds i32, i32* %base, i32 1
  %e2 = getelementptr inbounds i32, i32* %base, i32 2
  %c = icmp slt i32 %k, 1
  br i1 %c, label %l0, label %rest

l0:                                               ; preds = %entry
  %v0 = load i32, i32* %base
  ret i32 %v0

rest:                                             ; preds = %entry
  %c2 = icmp slt i32 %k, 3
  %0 = icmp slt i32 %k, 2
  %1 = select i1 %0, i32 2, i32 %k
  %2 = icmp sgt i32 %1, 3
  %3 = select i1 %2, i32 3, i32 %1
  %4 = add i32 %3, -1
  %5 = getelementptr inbounds i32, i32* %base, i32 %4
  %6 = load i32, i32* %5
  ret i32 %6
}

define i32 @main.perm(i32 %k, i32* %base) {
entry:
  %e1 = getelementptr inbounds i32, i32* %base, i32 1
  %e2 = getelementptr inbounds i32, i32* %base, i32 2
  %c = icmp slt i32 %k, 1
  br i1 %c, label %l0, label %rest

l0:                                               ; preds = %entry
  %v0 = load i32, i32* %base
  ret i32 %v0

rest:                                             ; preds = %entry
  %c2 = icmp slt i32 %k, 2
  br i1 %c2, label %l1, label %l2

l1:                                               ; preds = %rest
  %v1 = load i32, i32* %e2
  ret i32 %v1

l2:                                               ; preds = %rest
  %v2 = load i32, i32* %e1
  ret i32 %v2
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
