; passes: mem2reg
; z is assigned on both arms of an if and in a loop but never read: it is
; not live anywhere, so no phi is placed for it (minimal SSA would put dead
; phis at the join and at the loop header); its stores just disappear.

define i32 @main() {
entry:
  %z = alloca i32
  %i = alloca i32
  store i32 0, i32* %z
  store i32 0, i32* %i
  %c = icmp eq i32 3, 4
  br i1 %c, label %then, label %else

then:
  store i32 1, i32* %z
  br label %loop

else:
  store i32 2, i32* %z
  br label %loop

loop:
  %iv = load i32, i32* %i
  store i32 %iv, i32* %z
  %next = add i32 %iv, 1
  store i32 %next, i32* %i
  %done = icmp eq i32 %next, 3
  br i1 %done, label %exit, label %loop

exit:
  %r = load i32, i32* %i
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %c = icmp eq i32 3, 4
  br i1 %c, label %then, label %else

then:                                             ; preds = %entry
  br label %loop

else:                                             ; preds = %entry
  br label %loop

loop:                                             ; preds = %then, %else, %loop
  %i = phi i32 [ 0, %then ], [ 0, %else ], [ %next, %loop ]
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, 3
  br i1 %done, label %exit, label %loop

exit:                                             ; preds = %loop
  call void @wend_print_int(i32 %next)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
