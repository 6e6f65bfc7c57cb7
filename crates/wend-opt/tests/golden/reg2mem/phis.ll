; passes: reg2mem
; SSA input: a and b swap on every iteration (the "swap problem" of SSA
; destruction), the entry reaches the loop by two edges, and the exit uses
; values defined in the loop. Each phi becomes a slot stored at the end of
; each predecessor (once for the two edges from %entry) and reloaded at the
; top of %loop; loop values used in %exit get their own slots.

define i32 @main() {
entry:
  %one = add i32 0, 1
  %two = add i32 %one, 1
  %zero = sub i32 %one, 1
  %c = icmp slt i32 %one, %two
  br i1 %c, label %loop, label %loop

loop:
  %a = phi i32 [ %one, %entry ], [ %one, %entry ], [ %b, %loop ]
  %b = phi i32 [ %two, %entry ], [ %two, %entry ], [ %a, %loop ]
  %n = phi i32 [ %zero, %entry ], [ %zero, %entry ], [ %n1, %loop ]
  call void @wend_print_int(i32 %a)
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  %n1 = add i32 %n, 1
  %done = icmp eq i32 %n1, 3
  br i1 %done, label %exit, label %loop

exit:
  %s = mul i32 %a, 10
  %t = add i32 %s, %n1
  call void @wend_print_int(i32 %t)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @main() {
entry:
  %a.reg2mem = alloca i32
  %b.reg2mem = alloca i32
  %n.reg2mem = alloca i32
  %n1.reg2mem = alloca i32
  %a.reload.reg2mem = alloca i32
  %one = add i32 0, 1
  %two = add i32 %one, 1
  %zero = sub i32 %one, 1
  %c = icmp slt i32 %one, %two
  store i32 %one, i32* %a.reg2mem
  store i32 %two, i32* %b.reg2mem
  store i32 %zero, i32* %n.reg2mem
  br i1 %c, label %loop, label %loop

loop:                                             ; preds = %entry, %loop
  %a.reload = load i32, i32* %a.reg2mem
  store i32 %a.reload, i32* %a.reload.reg2mem
  %b.reload = load i32, i32* %b.reg2mem
  %n.reload = load i32, i32* %n.reg2mem
  call void @wend_print_int(i32 %a.reload)
  call void @wend_print_int(i32 %b.reload)
  call void @wend_print_newline()
  %n1 = add i32 %n.reload, 1
  store i32 %n1, i32* %n1.reg2mem
  %done = icmp eq i32 %n1, 3
  store i32 %b.reload, i32* %a.reg2mem
  store i32 %a.reload, i32* %b.reg2mem
  store i32 %n1, i32* %n.reg2mem
  br i1 %done, label %exit, label %loop

exit:                                             ; preds = %loop
  %a.reload.reload = load i32, i32* %a.reload.reg2mem
  %s = mul i32 %a.reload.reload, 10
  %n1.reload = load i32, i32* %n1.reg2mem
  %t = add i32 %s, %n1.reload
  call void @wend_print_int(i32 %t)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
