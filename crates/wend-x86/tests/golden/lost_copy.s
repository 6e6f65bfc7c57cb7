
	.text
	.p2align 4
	.type main.lost, @function
main.lost:
	.cfi_startproc
# entry:
	# phi copies: %eax <- $1
	movl $1, %eax
	# br label %loop
.Lmain.lost.loop:
	# %x1 = phi i32 [ 1, %entry ], [ %x2, %loop.to.loop ]
	# %x2 = add i32 %x1, 1
	movl %eax, %ecx
	addl $1, %ecx
	# %more = icmp slt i32 %x2, %n
	# br i1 %more, label %loop.to.loop, label %exit
	cmpl %edi, %ecx
	jge .Lmain.lost.exit
.Lmain.lost.loop.to.loop:
	# phi copies: %eax <- %ecx
	movl %ecx, %eax
	# br label %loop
	jmp .Lmain.lost.loop
.Lmain.lost.exit:
	# ret i32 %x1
	.cfi_remember_state
	ret
	.cfi_restore_state
	.cfi_endproc
	.size main.lost, .-main.lost
