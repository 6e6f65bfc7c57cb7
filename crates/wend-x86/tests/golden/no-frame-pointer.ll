; assembly of: main.mix
; options: omit-frame-pointer
; A function of optimised code, without a frame pointer: its frame is
; addressed off %rsp, and %rbp is the sixth callee-saved register: the six
; values live across the call all stay in registers (with a frame pointer,
; one of them would go to memory). Its stack parameters %g and %h, each
; read once, are read where the caller put them, 16 and 24 bytes above
; where a pushed %rbp would be, as memory operands: not copied at entry. @main
; prints mix(1, ..., 8) = 2+4+6+8 + (5+7) + (6+8) + 1 = 47.

define i32 @main.id(i32 %x) {
entry:
  ret i32 %x
}

define i32 @main.mix(i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g, i32 %h) {
entry:
  %x1 = add i32 %a, %a
  %x2 = add i32 %b, %b
  %x3 = add i32 %c, %c
  %x4 = add i32 %d, %d
  %x5 = add i32 %e, %g
  %x6 = add i32 %f, %h
  %r = call i32 @main.id(i32 %a)
  %s1 = add i32 %x1, %x2
  %s2 = add i32 %s1, %x3
  %s3 = add i32 %s2, %x4
  %s4 = add i32 %s3, %x5
  %s5 = add i32 %s4, %x6
  %s6 = add i32 %s5, %r
  ret i32 %s6
}

define i32 @main() {
entry:
  %m = call i32 @main.mix(i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8)
  call void @wend_print_int(i32 %m)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----

	.text
	.p2align 4
	.type main.mix, @function
main.mix:
	.cfi_startproc
	pushq %rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	pushq %r12
	.cfi_def_cfa_offset 24
	.cfi_offset %r12, -24
	pushq %r13
	.cfi_def_cfa_offset 32
	.cfi_offset %r13, -32
	pushq %r14
	.cfi_def_cfa_offset 40
	.cfi_offset %r14, -40
	pushq %r15
	.cfi_def_cfa_offset 48
	.cfi_offset %r15, -48
	pushq %rbp
	.cfi_def_cfa_offset 56
	.cfi_offset %rbp, -56
	subq $8, %rsp
	.cfi_def_cfa_offset 64
# entry:
	# %x1 = add i32 %a, %a
	leal (%rdi,%rdi), %ebx
	# %x2 = add i32 %b, %b
	leal (%rsi,%rsi), %r12d
	# %x3 = add i32 %c, %c
	leal (%rdx,%rdx), %r13d
	# %x4 = add i32 %d, %d
	leal (%rcx,%rcx), %r14d
	# %x5 = add i32 %e, %g
	movl %r8d, %r15d
	addl 64(%rsp), %r15d
	# %x6 = add i32 %f, %h
	movl %r9d, %ebp
	addl 72(%rsp), %ebp
	# %r = call i32 @main.id(i32 %a)
	call main.id
	# %s1 = add i32 %x1, %x2
	addl %r12d, %ebx
	# %s2 = add i32 %s1, %x3
	addl %r13d, %ebx
	# %s3 = add i32 %s2, %x4
	addl %r14d, %ebx
	# %s4 = add i32 %s3, %x5
	addl %r15d, %ebx
	# %s5 = add i32 %s4, %x6
	addl %ebp, %ebx
	# %s6 = add i32 %s5, %r
	addl %eax, %ebx
	# ret i32 %s6
	movl %ebx, %eax
	.cfi_remember_state
	addq $8, %rsp
	.cfi_def_cfa_offset 56
	popq %rbp
	.cfi_def_cfa_offset 48
	popq %r15
	.cfi_def_cfa_offset 40
	popq %r14
	.cfi_def_cfa_offset 32
	popq %r13
	.cfi_def_cfa_offset 24
	popq %r12
	.cfi_def_cfa_offset 16
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_restore_state
	.cfi_endproc
	.size main.mix, .-main.mix
