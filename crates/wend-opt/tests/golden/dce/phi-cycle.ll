; passes: dce
; %unused counts the iterations but nothing observable reads it: it and
; %unused.next keep each other "used", a cycle that deleting unused
; instructions one by one never breaks; marking from the side effects
; never reaches them, so both go. %i feeds the loop condition (a
; terminator) and stays. %dead and %dead.load have no users; the load goes
; even though its slot stays (the slot is read by %seen, which is printed).
; The loop's control flow is untouched.

define i32 @main() {
entry:
  %slot = alloca i32
  store i32 7, i32* %slot
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %unused = phi i32 [ 100, %entry ], [ %unused.next, %loop ]
  %unused.next = mul i32 %unused, 3
  %dead = add i32 %i, %unused
  %dead.load = load i32, i32* %slot
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 4
  br i1 %more, label %loop, label %exit

exit:
  %seen = load i32, i32* %slot
  call void @wend_print_int(i32 %seen)
  call void @wend_print_newline()
  ret i32 %i.next
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %slot = alloca i32
  store i32 7, i32* %slot
  br label %loop

loop:                                             ; preds = %entry, %loop
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, 4
  br i1 %more, label %loop, label %exit

exit:                                             ; preds = %loop
  %seen = load i32, i32* %slot
  call void @wend_print_int(i32 %seen)
  call void @wend_print_newline()
  ret i32 %i.next
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
