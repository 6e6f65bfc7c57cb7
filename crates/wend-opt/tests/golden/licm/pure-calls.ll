; passes: licm
; Calls to pure functions with invariant arguments leave the loop when
; they run in every iteration. @sq is arithmetic; @tri has a counted loop
; (`i < n`, i stepping by one), which ends: both are pure, and in @f's
; do-while loop (its body is the header, the latch and the exiting block)
; their calls on %k move to the preheader. In @g's while loop the body
; does not run in every iteration (the loop may run zero times): a pure
; call may still take billions of steps, so it is not speculated there and
; stays, as in LLVM. @half divides by its argument: it may trap, and its
; call stays in both (hoisted, a division by zero would happen before the
; loop, or where the loop never runs). @collatz's loop is not proven to
; end: its call stays too.

define i32 @sq(i32 %x) {
entry:
  %y = mul i32 %x, %x
  ret i32 %y
}

define i32 @tri(i32 %n) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %s = phi i32 [ 0, %entry ], [ %s1, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %s1 = add i32 %s, %i
  %i1 = add i32 %i, 1
  br label %head
exit:
  ret i32 %s
}

define i32 @half(i32 %x) {
entry:
  %y = sdiv i32 100, %x
  ret i32 %y
}

define i32 @collatz(i32 %n) {
entry:
  br label %head
head:
  %m = phi i32 [ %n, %entry ], [ %m1, %body ]
  %c = icmp sgt i32 %m, 1
  br i1 %c, label %body, label %exit
body:
  %m1 = sdiv i32 %m, 2
  br label %head
exit:
  ret i32 %m
}

define i32 @f(i32 %n, i32 %k) {
entry:
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %s = phi i32 [ 0, %entry ], [ %s4, %body ]
  %a = call i32 @sq(i32 %k)
  %b = call i32 @tri(i32 %k)
  %c = call i32 @half(i32 %k)
  %d = call i32 @collatz(i32 %k)
  %s1 = add i32 %s, %a
  %s2 = add i32 %s1, %b
  %s3 = add i32 %s2, %c
  %s4 = add i32 %s3, %d
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %body, label %exit

exit:
  ret i32 %s4
}

define i32 @g(i32 %n, i32 %k) {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %s = phi i32 [ 0, %entry ], [ %s4, %body ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %exit

body:
  %a = call i32 @sq(i32 %k)
  %b = call i32 @tri(i32 %k)
  %c = call i32 @half(i32 %k)
  %d = call i32 @collatz(i32 %k)
  %s1 = add i32 %s, %a
  %s2 = add i32 %s1, %b
  %s3 = add i32 %s2, %c
  %s4 = add i32 %s3, %d
  %i1 = add i32 %i, 1
  br label %head

exit:
  ret i32 %s
}

define i32 @main() {
entry:
  %r1 = call i32 @f(i32 3, i32 5)
  call void @print(i32 %r1)
  %r2 = call i32 @g(i32 3, i32 5)
  call void @print(i32 %r2)
  %r3 = call i32 @g(i32 0, i32 0)
  call void @print(i32 %r3)
  ret i32 0
}

define void @print(i32 %v) {
entry:
  call void @wend_print_int(i32 %v)
  call void @wend_print_newline()
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @sq(i32 %x) {
entry:
  %y = mul i32 %x, %x
  ret i32 %y
}

define i32 @tri(i32 %n) {
entry:
  br label %head

head:                                             ; preds = %entry, %body
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %s = phi i32 [ 0, %entry ], [ %s1, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit

body:                                             ; preds = %head
  %s1 = add i32 %s, %i
  %i1 = add i32 %i, 1
  br label %head

exit:                                             ; preds = %head
  ret i32 %s
}

define i32 @half(i32 %x) {
entry:
  %y = sdiv i32 100, %x
  ret i32 %y
}

define i32 @collatz(i32 %n) {
entry:
  br label %head

head:                                             ; preds = %entry, %body
  %m = phi i32 [ %n, %entry ], [ %m1, %body ]
  %c = icmp sgt i32 %m, 1
  br i1 %c, label %body, label %exit

body:                                             ; preds = %head
  %m1 = sdiv i32 %m, 2
  br label %head

exit:                                             ; preds = %head
  ret i32 %m
}

define i32 @f(i32 %n, i32 %k) {
entry:
  %a = call i32 @sq(i32 %k)
  %b = call i32 @tri(i32 %k)
  br label %body

body:                                             ; preds = %entry, %body
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %s = phi i32 [ 0, %entry ], [ %s4, %body ]
  %c = call i32 @half(i32 %k)
  %d = call i32 @collatz(i32 %k)
  %s1 = add i32 %s, %a
  %s2 = add i32 %s1, %b
  %s3 = add i32 %s2, %c
  %s4 = add i32 %s3, %d
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %body, label %exit

exit:                                             ; preds = %body
  ret i32 %s4
}

define i32 @g(i32 %n, i32 %k) {
entry:
  br label %head

head:                                             ; preds = %entry, %body
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %s = phi i32 [ 0, %entry ], [ %s4, %body ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %exit

body:                                             ; preds = %head
  %a = call i32 @sq(i32 %k)
  %b = call i32 @tri(i32 %k)
  %c = call i32 @half(i32 %k)
  %d = call i32 @collatz(i32 %k)
  %s1 = add i32 %s, %a
  %s2 = add i32 %s1, %b
  %s3 = add i32 %s2, %c
  %s4 = add i32 %s3, %d
  %i1 = add i32 %i, 1
  br label %head

exit:                                             ; preds = %head
  ret i32 %s
}

define i32 @main() {
entry:
  %r1 = call i32 @f(i32 3, i32 5)
  call void @print(i32 %r1)
  %r2 = call i32 @g(i32 3, i32 5)
  call void @print(i32 %r2)
  %r3 = call i32 @g(i32 0, i32 0)
  call void @print(i32 %r3)
  ret i32 0
}

define void @print(i32 %v) {
entry:
  call void @wend_print_int(i32 %v)
  call void @wend_print_newline()
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
