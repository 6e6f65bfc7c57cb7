; passes: mem2reg
; sum = 0; i = 1; while (i <= 10) { sum = sum + i; i = i + 1; } print sum
; Both variables change in the loop: two phis at the header, none at the
; exit (the exit has a single predecessor).

define i32 @main() {
entry:
  %sum = alloca i32
  %i = alloca i32
  store i32 0, i32* %sum
  store i32 1, i32* %i
  br label %while.cond

while.cond:
  %i0 = load i32, i32* %i
  %cmp = icmp sle i32 %i0, 10
  br i1 %cmp, label %while.body, label %while.end

while.body:
  %s = load i32, i32* %sum
  %i1 = load i32, i32* %i
  %s1 = add i32 %s, %i1
  store i32 %s1, i32* %sum
  %i2 = load i32, i32* %i
  %i3 = add i32 %i2, 1
  store i32 %i3, i32* %i
  br label %while.cond

while.end:
  %r = load i32, i32* %sum
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  br label %while.cond

while.cond:                                       ; preds = %entry, %while.body
  %sum = phi i32 [ 0, %entry ], [ %s1, %while.body ]
  %i = phi i32 [ 1, %entry ], [ %i3, %while.body ]
  %cmp = icmp sle i32 %i, 10
  br i1 %cmp, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %s1 = add i32 %sum, %i
  %i3 = add i32 %i, 1
  br label %while.cond

while.end:                                        ; preds = %while.cond
  call void @wend_print_int(i32 %sum)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
