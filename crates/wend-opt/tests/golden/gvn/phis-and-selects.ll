; passes: gvn
; Phis and selects are numbered like the other pure instructions.
; - In @join, %b recomputes %a, so %q = phi [%b, %then], [0, %entry] takes
;   the same value as %p on every edge: %q is redundant and replaced by
;   %p. So is %r, whose entries are listed in the other order. %s differs
;   on the edge from %entry (1, not 0) and %t is an i1 phi whose constants
;   are false, not 0: both kept. %v is 0 on both edges: a meaningless
;   phi, left to copyprop.
; - In %next, %w takes %u's values edge by edge: replaced.
; - %sel2 = select %c, %b, %x is %sel1 once %b is %a: replaced; %sel3
;   picks on another condition: kept.
; - In @loop, %j has the same start as %i and steps the same way, but its
;   operand on the back edge, %j1, is numbered after it: kept (numbering
;   in one pass over the dominator tree is not optimistic).

define i32 @join(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %then, label %join

then:
  %a = add i32 %x, 1
  %b = add i32 %x, 1
  br label %join

join:
  %p = phi i32 [ %a, %then ], [ 0, %entry ]
  %q = phi i32 [ %b, %then ], [ 0, %entry ]
  %r = phi i32 [ 0, %entry ], [ %a, %then ]
  %s = phi i32 [ %a, %then ], [ 1, %entry ]
  %t = phi i1 [ false, %then ], [ false, %entry ]
  %v = phi i32 [ 0, %then ], [ 0, %entry ]
  %pq = add i32 %p, %q
  %rs = add i32 %r, %s
  %sum = add i32 %pq, %rs
  %tv = select i1 %t, i32 %sum, i32 %v
  %d = icmp slt i32 %x, 5
  %sel1 = select i1 %c, i32 %p, i32 %x
  %sel2 = select i1 %c, i32 %q, i32 %x
  %sel3 = select i1 %d, i32 %p, i32 %x
  %s12 = add i32 %sel1, %sel2
  %s123 = add i32 %s12, %sel3
  %all = add i32 %s123, %tv
  br i1 %d, label %other, label %next

other:
  br label %next

next:
  %u = phi i32 [ 0, %join ], [ %all, %other ]
  %w = phi i32 [ %all, %other ], [ 0, %join ]
  %uw = add i32 %u, %w
  ret i32 %uw
}

define i32 @loop(i32 %n) {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %head ]
  %j = phi i32 [ 0, %entry ], [ %j1, %head ]
  %i1 = add i32 %i, 1
  %j1 = add i32 %j, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %head, label %exit

exit:
  %r = add i32 %i1, %j1
  ret i32 %r
}

define i32 @main() {
entry:
  %a = call i32 @join(i32 3)
  call void @wend_print_int(i32 %a)
  %b = call i32 @join(i32 -3)
  call void @wend_print_int(i32 %b)
  %c = call i32 @join(i32 7)
  call void @wend_print_int(i32 %c)
  %d = call i32 @loop(i32 4)
  call void @wend_print_int(i32 %d)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @join(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %then, label %join

then:                                             ; preds = %entry
  %a = add i32 %x, 1
  br label %join

join:                                             ; preds = %entry, %then
  %p = phi i32 [ %a, %then ], [ 0, %entry ]
  %s = phi i32 [ %a, %then ], [ 1, %entry ]
  %t = phi i1 [ false, %then ], [ false, %entry ]
  %v = phi i32 [ 0, %then ], [ 0, %entry ]
  %pq = add i32 %p, %p
  %rs = add i32 %p, %s
  %sum = add i32 %pq, %rs
  %tv = select i1 %t, i32 %sum, i32 %v
  %d = icmp slt i32 %x, 5
  %sel1 = select i1 %c, i32 %p, i32 %x
  %sel3 = select i1 %d, i32 %p, i32 %x
  %s12 = add i32 %sel1, %sel1
  %s123 = add i32 %s12, %sel3
  %all = add i32 %s123, %tv
  br i1 %d, label %other, label %next

other:                                            ; preds = %join
  br label %next

next:                                             ; preds = %join, %other
  %u = phi i32 [ 0, %join ], [ %all, %other ]
  %uw = add i32 %u, %u
  ret i32 %uw
}

define i32 @loop(i32 %n) {
entry:
  br label %head

head:                                             ; preds = %entry, %head
  %i = phi i32 [ 0, %entry ], [ %i1, %head ]
  %j = phi i32 [ 0, %entry ], [ %j1, %head ]
  %i1 = add i32 %i, 1
  %j1 = add i32 %j, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %head, label %exit

exit:                                             ; preds = %head
  %r = add i32 %i1, %j1
  ret i32 %r
}

define i32 @main() {
entry:
  %a = call i32 @join(i32 3)
  call void @wend_print_int(i32 %a)
  %b = call i32 @join(i32 -3)
  call void @wend_print_int(i32 %b)
  %c = call i32 @join(i32 7)
  call void @wend_print_int(i32 %c)
  %d = call i32 @loop(i32 4)
  call void @wend_print_int(i32 %d)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
