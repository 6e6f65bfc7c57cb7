; passes: mem2reg
; Reading a variable before any store reads undef.
; * y is never stored: its load becomes undef.
; * last is read at the top of each iteration and stored at the bottom
;   with a computed value: the header phi takes undef from the entry.
; * k is stored once, with a constant, inside the loop but read before that
;   store on the first iteration: as in LLVM, every load reads the constant
;   (undef may be any value) and no phi is needed.

define i32 @main() {
entry:
  %y = alloca i32
  %last = alloca i32
  %k = alloca i32
  %i = alloca i32
  store i32 0, i32* %i
  %yv = load i32, i32* %y
  %zero = mul i32 %yv, 0
  call void @wend_print_int(i32 %zero)
  call void @wend_print_newline()
  br label %loop

loop:
  %l = load i32, i32* %last
  %kv = load i32, i32* %k
  %iv = load i32, i32* %i
  %first = icmp eq i32 %iv, 0
  br i1 %first, label %skip, label %show

show:
  call void @wend_print_int(i32 %l)
  call void @wend_print_int(i32 %kv)
  call void @wend_print_newline()
  br label %skip

skip:
  store i32 7, i32* %k
  %sq = mul i32 %iv, %iv
  store i32 %sq, i32* %last
  %next = add i32 %iv, 1
  store i32 %next, i32* %i
  %done = icmp sge i32 %next, 4
  br i1 %done, label %exit, label %loop

exit:
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %zero = mul i32 undef, 0
  call void @wend_print_int(i32 %zero)
  call void @wend_print_newline()
  br label %loop

loop:                                             ; preds = %entry, %skip
  %last = phi i32 [ undef, %entry ], [ %sq, %skip ]
  %i = phi i32 [ 0, %entry ], [ %next, %skip ]
  %first = icmp eq i32 %i, 0
  br i1 %first, label %skip, label %show

show:                                             ; preds = %loop
  call void @wend_print_int(i32 %last)
  call void @wend_print_int(i32 7)
  call void @wend_print_newline()
  br label %skip

skip:                                             ; preds = %loop, %show
  %sq = mul i32 %i, %i
  %next = add i32 %i, 1
  %done = icmp sge i32 %next, 4
  br i1 %done, label %exit, label %loop

exit:                                             ; preds = %skip
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
