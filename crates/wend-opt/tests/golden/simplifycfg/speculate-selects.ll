; passes: simplifycfg
; Rewrite 5: a branch whose two paths meet again right away, through small
; side blocks whose code has no effect and cannot trap, becomes selects.
; - @diamond is `x < 0 ? x + 2^30 + 2^30 : x * 3`: both sides move into
;   %entry (two adds cost 2, the limit per side), %m becomes a select, and
;   %same, 7 on both paths, is just 7. %join then merges into %entry.
; - @triangle has one side block: the value from %entry is the false one.
;   Its division by the constant 4 cannot trap: speculated (cost 2).
; - @guarded_div is `d != 0 ? x / d : 0`: the division by a variable stays
;   behind its branch (main calls it with d = 0, where it would trap).
; - @div_by_minus_one: a division by -1 overflows on the minimum: kept.
; - @store_in_side, @load_in_side and @call_in_side: a store, a load and a
;   call never move.
; - @three_adds: three adds cost more than the limit of 2: kept.
; - @five_selects: five phis that need a select, over the limit of 4: kept.
; - @and_then_branch is `a > 0 && b > 0` branched on: %join branches on its
;   own phi, which the backend threads better than it computes: kept.
; - @nested: the inner `if` in %outer_then becomes a select first; then
;   %outer_then holds an icmp and a select (cost 2) and the outer `if`
;   becomes a select too. (Three adds in %outer_then would have kept it:
;   the cost is that of all the code the side would move.)

define i32 @diamond(i32 %x) {
entry:
  %neg = icmp slt i32 %x, 0
  br i1 %neg, label %then, label %else

then:
  %a = add i32 %x, 1073741824
  %a2 = add i32 %a, 1073741824
  br label %join

else:
  %b = mul i32 %x, 3
  br label %join

join:
  %m = phi i32 [ %a2, %then ], [ %b, %else ]
  %same = phi i32 [ 7, %then ], [ 7, %else ]
  %r = add i32 %m, %same
  ret i32 %r
}

define i32 @triangle(i32 %x) {
entry:
  %big = icmp sgt i32 %x, 100
  br i1 %big, label %then, label %join

then:
  %q = sdiv i32 %x, 4
  br label %join

join:
  %r = phi i32 [ %q, %then ], [ %x, %entry ]
  ret i32 %r
}

define i32 @guarded_div(i32 %x, i32 %d) {
entry:
  %nonzero = icmp ne i32 %d, 0
  br i1 %nonzero, label %then, label %join

then:
  %q = sdiv i32 %x, %d
  br label %join

join:
  %r = phi i32 [ %q, %then ], [ 0, %entry ]
  ret i32 %r
}

define i32 @div_by_minus_one(i32 %x) {
entry:
  %big = icmp sgt i32 %x, 0
  br i1 %big, label %then, label %join

then:
  %q = sdiv i32 %x, -1
  br label %join

join:
  %r = phi i32 [ %q, %then ], [ %x, %entry ]
  ret i32 %r
}

define i32 @store_in_side(i32 %x, i32* %p) {
entry:
  %big = icmp sgt i32 %x, 0
  br i1 %big, label %then, label %join

then:
  store i32 %x, i32* %p
  br label %join

join:
  %r = phi i32 [ 1, %then ], [ 2, %entry ]
  ret i32 %r
}

define i32 @load_in_side(i32 %x, i32* %p) {
entry:
  %big = icmp sgt i32 %x, 0
  br i1 %big, label %then, label %join

then:
  %v = load i32, i32* %p
  br label %join

join:
  %r = phi i32 [ %v, %then ], [ %x, %entry ]
  ret i32 %r
}

define i32 @call_in_side(i32 %x) {
entry:
  %big = icmp sgt i32 %x, 0
  br i1 %big, label %then, label %join

then:
  call void @wend_print_int(i32 %x)
  br label %join

join:
  %r = phi i32 [ 1, %then ], [ 2, %entry ]
  ret i32 %r
}

define i32 @three_adds(i32 %x) {
entry:
  %big = icmp sgt i32 %x, 0
  br i1 %big, label %then, label %join

then:
  %a = add i32 %x, 1
  %b = add i32 %a, 2
  %c = add i32 %b, 3
  br label %join

join:
  %r = phi i32 [ %c, %then ], [ %x, %entry ]
  ret i32 %r
}

define i32 @five_selects(i32 %x) {
entry:
  %big = icmp sgt i32 %x, 0
  br i1 %big, label %then, label %join

then:
  br label %join

join:
  %r1 = phi i32 [ 1, %then ], [ 10, %entry ]
  %r2 = phi i32 [ 2, %then ], [ 20, %entry ]
  %r3 = phi i32 [ 3, %then ], [ 30, %entry ]
  %r4 = phi i32 [ 4, %then ], [ 40, %entry ]
  %r5 = phi i32 [ 5, %then ], [ 50, %entry ]
  %s1 = add i32 %r1, %r2
  %s2 = add i32 %s1, %r3
  %s3 = add i32 %s2, %r4
  %s4 = add i32 %s3, %r5
  ret i32 %s4
}

define i32 @and_then_branch(i32 %a, i32 %b) {
entry:
  %pa = icmp sgt i32 %a, 0
  br i1 %pa, label %rhs, label %join

rhs:
  %pb = icmp sgt i32 %b, 0
  br label %join

join:
  %both = phi i1 [ %pb, %rhs ], [ false, %entry ]
  br i1 %both, label %yes, label %no

yes:
  ret i32 1

no:
  ret i32 0
}

define i32 @nested(i32 %x) {
entry:
  %pos = icmp sgt i32 %x, 0
  br i1 %pos, label %outer_then, label %outer_join

outer_then:
  %odd = icmp eq i32 %x, 3
  br i1 %odd, label %inner_then, label %inner_join

inner_then:
  br label %inner_join

inner_join:
  %w = phi i32 [ 7, %inner_then ], [ %x, %outer_then ]
  br label %outer_join

outer_join:
  %r = phi i32 [ %w, %inner_join ], [ 0, %entry ]
  ret i32 %r
}

define i32 @main() {
entry:
  %x = alloca i32
  store i32 9, i32* %x
  %d1 = call i32 @diamond(i32 -5)
  call void @wend_print_int(i32 %d1)
  %d2 = call i32 @diamond(i32 5)
  call void @wend_print_int(i32 %d2)
  %t1 = call i32 @triangle(i32 400)
  call void @wend_print_int(i32 %t1)
  %t2 = call i32 @triangle(i32 50)
  call void @wend_print_int(i32 %t2)
  %g1 = call i32 @guarded_div(i32 12, i32 0)
  call void @wend_print_int(i32 %g1)
  %g2 = call i32 @guarded_div(i32 12, i32 3)
  call void @wend_print_int(i32 %g2)
  %m1 = call i32 @div_by_minus_one(i32 -2147483648)
  call void @wend_print_int(i32 %m1)
  %s1 = call i32 @store_in_side(i32 3, i32* %x)
  call void @wend_print_int(i32 %s1)
  %l1 = call i32 @load_in_side(i32 3, i32* %x)
  call void @wend_print_int(i32 %l1)
  %c1 = call i32 @call_in_side(i32 -3)
  call void @wend_print_int(i32 %c1)
  %a1 = call i32 @three_adds(i32 4)
  call void @wend_print_int(i32 %a1)
  %f1 = call i32 @five_selects(i32 4)
  call void @wend_print_int(i32 %f1)
  %b1 = call i32 @and_then_branch(i32 1, i32 2)
  call void @wend_print_int(i32 %b1)
  %n1 = call i32 @nested(i32 3)
  call void @wend_print_int(i32 %n1)
  %n2 = call i32 @nested(i32 4)
  call void @wend_print_int(i32 %n2)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @diamond(i32 %x) {
entry:
  %neg = icmp slt i32 %x, 0
  %a = add i32 %x, 1073741824
  %a2 = add i32 %a, 1073741824
  %b = mul i32 %x, 3
  %m = select i1 %neg, i32 %a2, i32 %b
  %r = add i32 %m, 7
  ret i32 %r
}

define i32 @triangle(i32 %x) {
entry:
  %big = icmp sgt i32 %x, 100
  %q = sdiv i32 %x, 4
  %r = select i1 %big, i32 %q, i32 %x
  ret i32 %r
}

define i32 @guarded_div(i32 %x, i32 %d) {
entry:
  %nonzero = icmp ne i32 %d, 0
  br i1 %nonzero, label %then, label %join

then:                                             ; preds = %entry
  %q = sdiv i32 %x, %d
  br label %join

join:                                             ; preds = %entry, %then
  %r = phi i32 [ %q, %then ], [ 0, %entry ]
  ret i32 %r
}

define i32 @div_by_minus_one(i32 %x) {
entry:
  %big = icmp sgt i32 %x, 0
  br i1 %big, label %then, label %join

then:                                             ; preds = %entry
  %q = sdiv i32 %x, -1
  br label %join

join:                                             ; preds = %entry, %then
  %r = phi i32 [ %q, %then ], [ %x, %entry ]
  ret i32 %r
}

define i32 @store_in_side(i32 %x, i32* %p) {
entry:
  %big = icmp sgt i32 %x, 0
  br i1 %big, label %then, label %join

then:                                             ; preds = %entry
  store i32 %x, i32* %p
  br label %join

join:                                             ; preds = %entry, %then
  %r = phi i32 [ 1, %then ], [ 2, %entry ]
  ret i32 %r
}

define i32 @load_in_side(i32 %x, i32* %p) {
entry:
  %big = icmp sgt i32 %x, 0
  br i1 %big, label %then, label %join

then:                                             ; preds = %entry
  %v = load i32, i32* %p
  br label %join

join:                                             ; preds = %entry, %then
  %r = phi i32 [ %v, %then ], [ %x, %entry ]
  ret i32 %r
}

define i32 @call_in_side(i32 %x) {
entry:
  %big = icmp sgt i32 %x, 0
  br i1 %big, label %then, label %join

then:                                             ; preds = %entry
  call void @wend_print_int(i32 %x)
  br label %join

join:                                             ; preds = %entry, %then
  %r = phi i32 [ 1, %then ], [ 2, %entry ]
  ret i32 %r
}

define i32 @three_adds(i32 %x) {
entry:
  %big = icmp sgt i32 %x, 0
  br i1 %big, label %then, label %join

then:                                             ; preds = %entry
  %a = add i32 %x, 1
  %b = add i32 %a, 2
  %c = add i32 %b, 3
  br label %join

join:                                             ; preds = %entry, %then
  %r = phi i32 [ %c, %then ], [ %x, %entry ]
  ret i32 %r
}

define i32 @five_selects(i32 %x) {
entry:
  %big = icmp sgt i32 %x, 0
  br i1 %big, label %then, label %join

then:                                             ; preds = %entry
  br label %join

join:                                             ; preds = %entry, %then
  %r1 = phi i32 [ 1, %then ], [ 10, %entry ]
  %r2 = phi i32 [ 2, %then ], [ 20, %entry ]
  %r3 = phi i32 [ 3, %then ], [ 30, %entry ]
  %r4 = phi i32 [ 4, %then ], [ 40, %entry ]
  %r5 = phi i32 [ 5, %then ], [ 50, %entry ]
  %s1 = add i32 %r1, %r2
  %s2 = add i32 %s1, %r3
  %s3 = add i32 %s2, %r4
  %s4 = add i32 %s3, %r5
  ret i32 %s4
}

define i32 @and_then_branch(i32 %a, i32 %b) {
entry:
  %pa = icmp sgt i32 %a, 0
  br i1 %pa, label %rhs, label %join

rhs:                                              ; preds = %entry
  %pb = icmp sgt i32 %b, 0
  br label %join

join:                                             ; preds = %entry, %rhs
  %both = phi i1 [ %pb, %rhs ], [ false, %entry ]
  br i1 %both, label %yes, label %no

yes:                                              ; preds = %join
  ret i32 1

no:                                               ; preds = %join
  ret i32 0
}

define i32 @nested(i32 %x) {
entry:
  %pos = icmp sgt i32 %x, 0
  %odd = icmp eq i32 %x, 3
  %w = select i1 %odd, i32 7, i32 %x
  %r = select i1 %pos, i32 %w, i32 0
  ret i32 %r
}

define i32 @main() {
entry:
  %x = alloca i32
  store i32 9, i32* %x
  %d1 = call i32 @diamond(i32 -5)
  call void @wend_print_int(i32 %d1)
  %d2 = call i32 @diamond(i32 5)
  call void @wend_print_int(i32 %d2)
  %t1 = call i32 @triangle(i32 400)
  call void @wend_print_int(i32 %t1)
  %t2 = call i32 @triangle(i32 50)
  call void @wend_print_int(i32 %t2)
  %g1 = call i32 @guarded_div(i32 12, i32 0)
  call void @wend_print_int(i32 %g1)
  %g2 = call i32 @guarded_div(i32 12, i32 3)
  call void @wend_print_int(i32 %g2)
  %m1 = call i32 @div_by_minus_one(i32 -2147483648)
  call void @wend_print_int(i32 %m1)
  %s1 = call i32 @store_in_side(i32 3, i32* %x)
  call void @wend_print_int(i32 %s1)
  %l1 = call i32 @load_in_side(i32 3, i32* %x)
  call void @wend_print_int(i32 %l1)
  %c1 = call i32 @call_in_side(i32 -3)
  call void @wend_print_int(i32 %c1)
  %a1 = call i32 @three_adds(i32 4)
  call void @wend_print_int(i32 %a1)
  %f1 = call i32 @five_selects(i32 4)
  call void @wend_print_int(i32 %f1)
  %b1 = call i32 @and_then_branch(i32 1, i32 2)
  call void @wend_print_int(i32 %b1)
  %n1 = call i32 @nested(i32 3)
  call void @wend_print_int(i32 %n1)
  %n2 = call i32 @nested(i32 4)
  call void @wend_print_int(i32 %n2)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
