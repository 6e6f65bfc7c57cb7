; passes: mem2reg,reg2mem,mem2reg
; gcd by subtraction: mem2reg, back to memory with reg2mem, and mem2reg
; again gives the same SSA form as mem2reg alone (two phis at the header).

define i32 @gcd(i32 %a, i32 %b) {
entry:
  %x = alloca i32
  %y = alloca i32
  store i32 %a, i32* %x
  store i32 %b, i32* %y
  br label %cond

cond:
  %xv = load i32, i32* %x
  %yv = load i32, i32* %y
  %ne = icmp ne i32 %xv, %yv
  br i1 %ne, label %body, label %end

body:
  %gt = icmp sgt i32 %xv, %yv
  br i1 %gt, label %then, label %else

then:
  %d1 = sub i32 %xv, %yv
  store i32 %d1, i32* %x
  br label %cond

else:
  %d2 = sub i32 %yv, %xv
  store i32 %d2, i32* %y
  br label %cond

end:
  ret i32 %xv
}

define i32 @main() {
entry:
  %g = call i32 @gcd(i32 84, i32 36)
  call void @wend_print_int(i32 %g)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----
define i32 @gcd(i32 %a, i32 %b) {
entry:
  br label %cond

cond:                                             ; preds = %entry, %then, %else
  %x.reg2mem = phi i32 [ %a, %entry ], [ %d1, %then ], [ %x.reg2mem, %else ]
  %y.reg2mem = phi i32 [ %b, %entry ], [ %y.reg2mem, %then ], [ %d2, %else ]
  %ne = icmp ne i32 %x.reg2mem, %y.reg2mem
  br i1 %ne, label %body, label %end

body:                                             ; preds = %cond
  %gt = icmp sgt i32 %x.reg2mem, %y.reg2mem
  br i1 %gt, label %then, label %else

then:                                             ; preds = %body
  %d1 = sub i32 %x.reg2mem, %y.reg2mem
  br label %cond

else:                                             ; preds = %body
  %d2 = sub i32 %y.reg2mem, %x.reg2mem
  br label %cond

end:                                              ; preds = %cond
  ret i32 %x.reg2mem
}

define i32 @main() {
entry:
  %g = call i32 @gcd(i32 84, i32 36)
  call void @wend_print_int(i32 %g)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
