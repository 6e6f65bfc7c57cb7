; passes: licm, mem2reg
; Loads and scalar promotion by wend's alias facts. In @count (a nested
; function's shape: %n and %total are captured variables, so pointer
; parameters, and %i is its own variable), the loop reads the bound %n and
; reads and writes %total and %i. Nothing in the loop writes %n: its load
; moves to the preheader. %total and %i are loaded and stored in the loop
; and by nothing else there: each is loaded once in the preheader, kept in
; a fresh slot inside the loop (which mem2reg makes phis), and stored back
; at the start of the exit block. In @calls, @bump writes through its
; argument %m: the load of %m stays in the loop. @bump reads %k, so %k,
; which the loop stores, is not promoted (the call must see its value in
; memory). The load of %lim, which nothing in the loop writes, is hoisted.

define void @bump(i32* %v, i32* %w) {
entry:
  %x = load i32, i32* %v
  %y = load i32, i32* %w
  %z = add i32 %x, %y
  store i32 %z, i32* %v
  ret void
}

define void @count(i32* %n, i32* %total) {
entry:
  %i = alloca i32
  store i32 0, i32* %i
  br label %head

head:
  %iv = load i32, i32* %i
  %bound = load i32, i32* %n
  %more = icmp slt i32 %iv, %bound
  br i1 %more, label %body, label %exit

body:
  %t = load i32, i32* %total
  %t1 = add i32 %t, %iv
  store i32 %t1, i32* %total
  %iv1 = add i32 %iv, 1
  store i32 %iv1, i32* %i
  br label %head

exit:
  ret void
}

define void @calls(i32* %m, i32* %k, i32* %lim) {
entry:
  br label %head

head:
  %mv = load i32, i32* %m
  %l = load i32, i32* %lim
  %more = icmp slt i32 %mv, %l
  br i1 %more, label %body, label %exit

body:
  call void @bump(i32* %m, i32* %k)
  %kv = load i32, i32* %k
  %kv1 = add i32 %kv, 1
  store i32 %kv1, i32* %k
  br label %head

exit:
  ret void
}

define i32 @main() {
entry:
  %n = alloca i32
  %total = alloca i32
  %m = alloca i32
  %k = alloca i32
  store i32 10, i32* %n
  store i32 5, i32* %total
  call void @count(i32* %n, i32* %total)
  %t = load i32, i32* %total
  call void @print(i32 %t)
  store i32 0, i32* %n
  call void @count(i32* %n, i32* %total)
  %t2 = load i32, i32* %total
  call void @print(i32 %t2)
  store i32 1, i32* %m
  store i32 1, i32* %k
  call void @calls(i32* %m, i32* %k, i32* %n)
  store i32 100, i32* %n
  call void @calls(i32* %m, i32* %k, i32* %n)
  %mv = load i32, i32* %m
  call void @print(i32 %mv)
  %kv = load i32, i32* %k
  call void @print(i32 %kv)
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
define void @bump(i32* %v, i32* %w) {
entry:
  %x = load i32, i32* %v
  %y = load i32, i32* %w
  %z = add i32 %x, %y
  store i32 %z, i32* %v
  ret void
}

define void @count(i32* %n, i32* %total) {
entry:
  %0 = load i32, i32* %total
  %bound = load i32, i32* %n
  br label %head

head:                                             ; preds = %entry, %body
  %i = phi i32 [ 0, %entry ], [ %iv1, %body ]
  %total1 = phi i32 [ %0, %entry ], [ %t1, %body ]
  %more = icmp slt i32 %i, %bound
  br i1 %more, label %body, label %exit

body:                                             ; preds = %head
  %t1 = add i32 %total1, %i
  %iv1 = add i32 %i, 1
  br label %head

exit:                                             ; preds = %head
  store i32 %total1, i32* %total
  ret void
}

define void @calls(i32* %m, i32* %k, i32* %lim) {
entry:
  %l = load i32, i32* %lim
  br label %head

head:                                             ; preds = %entry, %body
  %mv = load i32, i32* %m
  %more = icmp slt i32 %mv, %l
  br i1 %more, label %body, label %exit

body:                                             ; preds = %head
  call void @bump(i32* %m, i32* %k)
  %kv = load i32, i32* %k
  %kv1 = add i32 %kv, 1
  store i32 %kv1, i32* %k
  br label %head

exit:                                             ; preds = %head
  ret void
}

define i32 @main() {
entry:
  %n = alloca i32
  %total = alloca i32
  %m = alloca i32
  %k = alloca i32
  store i32 10, i32* %n
  store i32 5, i32* %total
  call void @count(i32* %n, i32* %total)
  %t = load i32, i32* %total
  call void @print(i32 %t)
  store i32 0, i32* %n
  call void @count(i32* %n, i32* %total)
  %t2 = load i32, i32* %total
  call void @print(i32 %t2)
  store i32 1, i32* %m
  store i32 1, i32* %k
  call void @calls(i32* %m, i32* %k, i32* %n)
  store i32 100, i32* %n
  call void @calls(i32* %m, i32* %k, i32* %n)
  %mv = load i32, i32* %m
  call void @print(i32 %mv)
  %kv = load i32, i32* %k
  call void @print(i32 %kv)
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
