; passes: dce
; A slot that is only stored to is dead with its stores (%write.only, even
; stored in a loop). %read is loaded and printed: it and its stores stay,
; including the store of a value computed for it. %escapes has its address
; passed to a nested function, which may read it: it and its stores stay.
; A store through a parameter (a variable of the caller) is always kept,
; and so is a call whose result is unused.

define i32 @main() {
entry:
  %write.only = alloca i32
  %read = alloca i32
  %escapes = alloca i32
  store i32 1, i32* %write.only
  %x = add i32 20, 1
  store i32 %x, i32* %read
  store i32 5, i32* %escapes
  %ignored = call i32 @main.f(i32* %escapes)
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  store i32 %i, i32* %write.only
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 3
  br i1 %more, label %loop, label %exit

exit:
  %v = load i32, i32* %read
  call void @wend_print_int(i32 %v)
  %e = load i32, i32* %escapes
  call void @wend_print_int(i32 %e)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @main.f(i32* %outer) {
entry:
  %old = load i32, i32* %outer
  %new = mul i32 %old, 2
  store i32 %new, i32* %outer
  %dead = add i32 %new, 1
  ret i32 %old
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %read = alloca i32
  %escapes = alloca i32
  %x = add i32 20, 1
  store i32 %x, i32* %read
  store i32 5, i32* %escapes
  %ignored = call i32 @main.f(i32* %escapes)
  br label %loop

loop:                                             ; preds = %entry, %loop
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 3
  br i1 %more, label %loop, label %exit

exit:                                             ; preds = %loop
  %v = load i32, i32* %read
  call void @wend_print_int(i32 %v)
  %e = load i32, i32* %escapes
  call void @wend_print_int(i32 %e)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @main.f(i32* %outer) {
entry:
  %old = load i32, i32* %outer
  %new = mul i32 %old, 2
  store i32 %new, i32* %outer
  ret i32 %old
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
