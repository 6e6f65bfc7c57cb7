; assembly of: main.swap
; The swap problem: `a, b = b, a` on every iteration, as phis that read
; each other. Sequential copies `a := b; b := a` would lose a's value; the
; parallel copy on the (split) back edge is a cycle, broken through one
; exchange. @main prints swap(1), swap(2), swap(3), swap(10): 12 21 12 21.

define i32 @main.swap(i32 %n) {
entry:
  br label %loop

loop:                                             ; preds = %entry, %loop
  %a = phi i32 [ 1, %entry ], [ %b, %loop ]
  %b = phi i32 [ 2, %entry ], [ %a, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:                                             ; preds = %loop
  %t = mul i32 %a, 10
  %r = add i32 %t, %b
  ret i32 %r
}

define i32 @main() {
entry:
  %r = call i32 @main.swap(i32 1)
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  %r1 = call i32 @main.swap(i32 2)
  call void @wend_print_int(i32 %r1)
  call void @wend_print_newline()
  %r2 = call i32 @main.swap(i32 3)
  call void @wend_print_int(i32 %r2)
  call void @wend_print_newline()
  %r3 = call i32 @main.swap(i32 10)
  call void @wend_print_int(i32 %r3)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----

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
.Lmain.swap..loop:
	# %a = phi i32 [ 1, %entry ], [ %b, %loop.to.loop ]
	# %b = phi i32 [ 2, %entry ], [ %a, %loop.to.loop ]
	# %i = phi i32 [ 0, %entry ], [ %i.next, %loop.to.loop ]
	# %i.next = add i32 %i, 1
	addl $1, %edx
	# %more = icmp slt i32 %i.next, %n
	# br i1 %more, label %loop.to.loop, label %exit
	cmpl %edi, %edx
	jge .Lmain.swap..exit
.Lmain.swap..loop.to.loop:
	# phi copies: %eax <- %ecx, %ecx <- %eax, %edx <- %edx
	xchgl %eax, %ecx
	# br label %loop
	jmp .Lmain.swap..loop
.Lmain.swap..exit:
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
