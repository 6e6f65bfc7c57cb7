; assembly of: main.lost
; The lost-copy problem (the lecture's example after copy propagation):
; `x1 = phi(1, x2); x2 = x1 + 1; loop while x2 < n; return x1`. The copy
; `x1 := x2` placed at the end of the loop block itself would also run on
; the exit edge and return x2; on the split back edge it is right.
; @main prints lost(0), lost(5), lost(10): 1 4 9.

define i32 @main.lost(i32 %n) {
entry:
  br label %loop

loop:                                             ; preds = %entry, %loop
  %x1 = phi i32 [ 1, %entry ], [ %x2, %loop ]
  %x2 = add i32 %x1, 1
  %more = icmp slt i32 %x2, %n
  br i1 %more, label %loop, label %exit

exit:                                             ; preds = %loop
  ret i32 %x1
}

define i32 @main() {
entry:
  %r = call i32 @main.lost(i32 0)
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  %r1 = call i32 @main.lost(i32 5)
  call void @wend_print_int(i32 %r1)
  call void @wend_print_newline()
  %r2 = call i32 @main.lost(i32 10)
  call void @wend_print_int(i32 %r2)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----

	.text
	.p2align 4
	.type main.lost, @function
main.lost:
	.cfi_startproc
# entry:
	# phi copies: %eax <- $1
	movl $1, %eax
	# br label %loop
.Lmain.lost..loop:
	# %x1 = phi i32 [ 1, %entry ], [ %x2, %loop.to.loop ]
	# %x2 = add i32 %x1, 1
	leal 1(%rax), %ecx
	# %more = icmp slt i32 %x2, %n
	# br i1 %more, label %loop.to.loop, label %exit
	cmpl %edi, %ecx
	jge .Lmain.lost..exit
.Lmain.lost..loop.to.loop:
	# phi copies: %eax <- %ecx
	movl %ecx, %eax
	# br label %loop
	jmp .Lmain.lost..loop
.Lmain.lost..exit:
	# ret i32 %x1
	.cfi_remember_state
	ret
	.cfi_restore_state
	.cfi_endproc
	.size main.lost, .-main.lost
