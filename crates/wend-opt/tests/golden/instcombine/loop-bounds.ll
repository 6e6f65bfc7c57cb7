; passes: instcombine
; Refinement by a loop's test: in the body of `while m >= 2^24 { m = m / 2 }`
; the header's branch says %m >= 2^24, so the halving is a shift, though
; %m's phi (a parameter on entry) may be negative. After the loop %m is
; below 2^24 but may be negative: `%m / 4` there keeps its sdiv. In the
; second loop, rotated (the test at the latch, as loop-rotate leaves it),
; the guard and the latch both say %k >= 16 on the edges into the body, so
; the body's division is a shift as well, and `%k < 0` there is false
; (rule c).

define i32 @halve(i32 %m0) {
entry:
  br label %header

header:
  %m = phi i32 [ %m0, %entry ], [ %half, %body ]
  %big = icmp sge i32 %m, 16777216
  br i1 %big, label %body, label %exit

body:
  %half = sdiv i32 %m, 2
  br label %header

exit:
  %q = sdiv i32 %m, 4
  ret i32 %q
}

define i32 @rotated(i32 %k0) {
entry:
  %go = icmp sge i32 %k0, 16
  br i1 %go, label %body, label %exit

body:
  %k = phi i32 [ %k0, %entry ], [ %next, %body ]
  %n = phi i32 [ 0, %entry ], [ %n.next, %body ]
  %next = sdiv i32 %k, 16
  %isneg = icmp slt i32 %k, 0
  %step = select i1 %isneg, i32 100, i32 1
  %n.next = add i32 %n, %step
  %again = icmp sge i32 %next, 16
  br i1 %again, label %body, label %exit

exit:
  %r = phi i32 [ 0, %entry ], [ %n.next, %body ]
  ret i32 %r
}

define i32 @main() {
entry:
  %a = call i32 @halve(i32 100000000)
  call void @print(i32 %a)
  %b = call i32 @halve(i32 -100000000)
  call void @print(i32 %b)
  %c = call i32 @rotated(i32 2147483647)
  call void @print(i32 %c)
  %d = call i32 @rotated(i32 -7)
  call void @print(i32 %d)
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
define i32 @halve(i32 %m0) {
entry:
  br label %header

header:                                           ; preds = %entry, %body
  %m = phi i32 [ %m0, %entry ], [ %half, %body ]
  %big = icmp sge i32 %m, 16777216
  br i1 %big, label %body, label %exit

body:                                             ; preds = %header
  %half = lshr i32 %m, 1
  br label %header

exit:                                             ; preds = %header
  %q = sdiv i32 %m, 4
  ret i32 %q
}

define i32 @rotated(i32 %k0) {
entry:
  %go = icmp sge i32 %k0, 16
  br i1 %go, label %body, label %exit

body:                                             ; preds = %entry, %body
  %k = phi i32 [ %k0, %entry ], [ %next, %body ]
  %n = phi i32 [ 0, %entry ], [ %n.next, %body ]
  %next = lshr i32 %k, 4
  %step = select i1 false, i32 100, i32 1
  %n.next = add i32 %n, %step
  %again = icmp sge i32 %next, 16
  br i1 %again, label %body, label %exit

exit:                                             ; preds = %entry, %body
  %r = phi i32 [ 0, %entry ], [ %n.next, %body ]
  ret i32 %r
}

define i32 @main() {
entry:
  %a = call i32 @halve(i32 100000000)
  call void @print(i32 %a)
  %b = call i32 @halve(i32 -100000000)
  call void @print(i32 %b)
  %c = call i32 @rotated(i32 2147483647)
  call void @print(i32 %c)
  %d = call i32 @rotated(i32 -7)
  call void @print(i32 %d)
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
