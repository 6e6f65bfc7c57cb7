
	.text
	.p2align 4
	.type main.swap, @function
main.swap:
	.cfi_startproc
# entry:
	# phi copies: %eax <- $1, %ecx <- $2, %edx <- $0
	movl $1, %eax
	movl $2, %ecx
	movl $0, %edx
	# br label %loop
.Lmain.swap.loop:
	# %a = phi i32 [ 1, %entry ], [ %b, %loop.to.loop ]
	# %b = phi i32 [ 2, %entry ], [ %a, %loop.to.loop ]
	# %i = phi i32 [ 0, %entry ], [ %i.next, %loop.to.loop ]
	# %i.next = add i32 %i, 1
	addl $1, %edx
	# %more = icmp slt i32 %i.next, %n
	# br i1 %more, label %loop.to.loop, label %exit
	cmpl %edi, %edx
	jge .Lmain.swap.exit
.Lmain.swap.loop.to.loop:
	# phi copies: %eax <- %ecx, %ecx <- %eax, %edx <- %edx
	xchgl %eax, %ecx
	# br label %loop
	jmp .Lmain.swap.loop
.Lmain.swap.exit:
	# %t = mul i32 %a, 10
	imull $10, %eax, %eax
	# %r = add i32 %t, %b
	addl %ecx, %eax
	# ret i32 %r
	.cfi_remember_state
	ret
	.cfi_restore_state
	.cfi_endproc
	.size main.swap, .-main.swap
