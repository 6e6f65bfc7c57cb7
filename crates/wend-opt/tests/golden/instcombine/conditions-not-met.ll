; passes: instcombine
; Each rule where its condition does not hold: nothing changes.
; * %p may be negative: `sdiv %p, 8` and `srem %p, 8` keep their signed
;   meaning (-9 / 8 is -1, -9 % 8 is -1; a shift gives a large positive
;   number and the mask 7).
; * %nn.pos (a mask) is non-negative, but 12 and -8 are not positive powers of two.
; * %x is non-negative only on the %pos side: in %join (two
;   predecessors) the branch says nothing, and `%x / 2` keeps its sdiv.
; * the loop's %v starts at 10 and goes down by 3: it becomes negative,
;   so `%v % 4` keeps its srem, and `%v < 0` is not decided.
; * `%q < 8` with %q in [-1, 1] (a remainder by 2) is true, but `%q < 1`
;   is not decided.
; * a chain whose inner add is not of a constant stays.
; * @notabs: the phi of `%y + (-2^31)` and %y is not `and %y, 2^31-1`
;   when the flipped side may see %y >= 0 (the test is `%y < 5`), nor
;   when it receives %y on a side where %y may be negative.

define i32 @f(i32 %p, i32 %x, i1 %c) {
entry:
  %d = sdiv i32 %p, 8
  %r = srem i32 %p, 8
  %nn = srem i32 %p, 1000
  %nn.pos = and i32 %nn, 1023
  %d12 = sdiv i32 %nn.pos, 12
  %dm8 = sdiv i32 %nn.pos, -8
  %rm8 = srem i32 %nn.pos, -8
  %xpos = icmp sge i32 %x, 0
  br i1 %xpos, label %pos, label %join

pos:
  br label %join

join:
  %half = sdiv i32 %x, 2
  br label %loop

loop:
  %v = phi i32 [ 10, %join ], [ %v.next, %loop ]
  %v.next = sub i32 %v, 3
  %vr = srem i32 %v, 4
  %vneg = icmp slt i32 %v, 0
  br i1 %vneg, label %out, label %loop

out:
  %q = srem i32 %p, 2
  %lt8 = icmp slt i32 %q, 8
  %lt1 = icmp slt i32 %q, 1
  %s1 = add i32 %p, %x
  %s2 = add i32 %s1, 4
  %t1 = add i32 %d, %r
  %t2 = add i32 %t1, %d12
  %t3 = add i32 %t2, %dm8
  %t4 = add i32 %t3, %rm8
  %t5 = add i32 %t4, %half
  %t6 = add i32 %t5, %vr
  %t7 = add i32 %t6, %s2
  %b1 = select i1 %lt8, i32 %t7, i32 0
  %b2 = select i1 %lt1, i32 %b1, i32 1
  ret i32 %b2
}

define i32 @notabs(i32 %y) {
entry:
  %small = icmp slt i32 %y, 5
  br i1 %small, label %flip, label %join

flip:
  %f = add i32 %y, -2147483648
  br label %join

join:
  %m = phi i32 [ %f, %flip ], [ %y, %entry ]
  %neg = icmp slt i32 %y, 0
  br i1 %neg, label %flip2, label %join2

flip2:
  %f2 = add i32 %y, -2147483648
  br label %join2

join2:
  %m2 = phi i32 [ %f2, %flip2 ], [ %y, %join ], [ %y, %entry2 ]
  %s = add i32 %m, %m2
  ret i32 %s

entry2:
  br label %join2
}

define i32 @main() {
entry:
  %a = call i32 @f(i32 -9, i32 -3, i1 true)
  call void @wend_print_int(i32 %a)
  call void @wend_print_newline()
  %b = call i32 @f(i32 77, i32 5, i1 false)
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  %c = call i32 @notabs(i32 3)
  call void @wend_print_int(i32 %c)
  call void @wend_print_newline()
  %d = call i32 @notabs(i32 -4)
  call void @wend_print_int(i32 %d)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @f(i32 %p, i32 %x, i1 %c) {
entry:
  %d = sdiv i32 %p, 8
  %r = srem i32 %p, 8
  %nn = srem i32 %p, 1000
  %nn.pos = and i32 %nn, 1023
  %d12 = sdiv i32 %nn.pos, 12
  %dm8 = sdiv i32 %nn.pos, -8
  %rm8 = srem i32 %nn.pos, -8
  %xpos = icmp sge i32 %x, 0
  br i1 %xpos, label %pos, label %join

pos:                                              ; preds = %entry
  br label %join

join:                                             ; preds = %entry, %pos
  %half = sdiv i32 %x, 2
  br label %loop

loop:                                             ; preds = %join, %loop
  %v = phi i32 [ 10, %join ], [ %v.next, %loop ]
  %v.next = sub i32 %v, 3
  %vr = srem i32 %v, 4
  %vneg = icmp slt i32 %v, 0
  br i1 %vneg, label %out, label %loop

out:                                              ; preds = %loop
  %q = srem i32 %p, 2
  %lt1 = icmp slt i32 %q, 1
  %s1 = add i32 %p, %x
  %s2 = add i32 %s1, 4
  %t1 = add i32 %d, %r
  %t2 = add i32 %t1, %d12
  %t3 = add i32 %t2, %dm8
  %t4 = add i32 %t3, %rm8
  %t5 = add i32 %t4, %half
  %t6 = add i32 %t5, %vr
  %t7 = add i32 %t6, %s2
  %b1 = select i1 true, i32 %t7, i32 0
  %b2 = select i1 %lt1, i32 %b1, i32 1
  ret i32 %b2
}

define i32 @notabs(i32 %y) {
entry:
  %small = icmp slt i32 %y, 5
  br i1 %small, label %flip, label %join

flip:                                             ; preds = %entry
  %f = add i32 %y, -2147483648
  br label %join

join:                                             ; preds = %entry, %flip
  %m = phi i32 [ %f, %flip ], [ %y, %entry ]
  %neg = icmp slt i32 %y, 0
  br i1 %neg, label %flip2, label %join2

flip2:                                            ; preds = %join
  %f2 = add i32 %y, -2147483648
  br label %join2

join2:                                            ; preds = %join, %flip2, %entry2
  %m2 = phi i32 [ %f2, %flip2 ], [ %y, %join ], [ %y, %entry2 ]
  %s = add i32 %m, %m2
  ret i32 %s

entry2:                                           ; No predecessors!
  br label %join2
}

define i32 @main() {
entry:
  %a = call i32 @f(i32 -9, i32 -3, i1 true)
  call void @wend_print_int(i32 %a)
  call void @wend_print_newline()
  %b = call i32 @f(i32 77, i32 5, i1 false)
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  %c = call i32 @notabs(i32 3)
  call void @wend_print_int(i32 %c)
  call void @wend_print_newline()
  %d = call i32 @notabs(i32 -4)
  call void @wend_print_int(i32 %d)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
