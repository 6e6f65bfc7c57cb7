; assembly of: main.leaf
; options: omit-frame-pointer
; A leaf function of optimised code that needs callee-saved registers: ten
; values are live at once where the allocator has seven caller-saved
; registers, as in an unpacked software-float multiplication. It calls
; nothing, so %rsp need not be 16-byte aligned in it: the saved registers
; are pushed and popped, and there is no %rsp arithmetic (a `subq`, stores
; and loads at offsets and an `addq` would be two instructions more per
; call). @main prints leaf(5, 2) = 15 - 10 + 35 - 22 + 65 - 34 + 95 - 46 + 10
; = 108.

define i32 @main.leaf(i32 %a, i32 %b) {
entry:
  %x1 = mul i32 %a, 3
  %x2 = mul i32 %b, 5
  %x3 = mul i32 %a, 7
  %x4 = mul i32 %b, 11
  %x5 = mul i32 %a, 13
  %x6 = mul i32 %b, 17
  %x7 = mul i32 %a, 19
  %x8 = mul i32 %b, 23
  %x9 = mul i32 %a, %b
  %s1 = sub i32 %x1, %x2
  %s2 = add i32 %s1, %x3
  %s3 = sub i32 %s2, %x4
  %s4 = add i32 %s3, %x5
  %s5 = sub i32 %s4, %x6
  %s6 = add i32 %s5, %x7
  %s7 = sub i32 %s6, %x8
  %s8 = add i32 %s7, %x9
  ret i32 %s8
}

define i32 @main() {
entry:
  %r = call i32 @main.leaf(i32 5, i32 2)
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----

	.text
	.p2align 4
	.type main.leaf, @function
main.leaf:
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
# entry:
	# %x1 = mul i32 %a, 3
	leal (%rdi,%rdi,2), %eax
	# %x2 = mul i32 %b, 5
	leal (%rsi,%rsi,4), %ecx
	# %x3 = mul i32 %a, 7
	imull $7, %edi, %edx
	# %x4 = mul i32 %b, 11
	imull $11, %esi, %r8d
	# %x5 = mul i32 %a, 13
	imull $13, %edi, %r9d
	# %x6 = mul i32 %b, 17
	imull $17, %esi, %ebx
	# %x7 = mul i32 %a, 19
	imull $19, %edi, %r12d
	# %x8 = mul i32 %b, 23
	imull $23, %esi, %r13d
	# %x9 = mul i32 %a, %b
	imull %esi, %edi
	# %s1 = sub i32 %x1, %x2
	subl %ecx, %eax
	# %s2 = add i32 %s1, %x3
	addl %edx, %eax
	# %s3 = sub i32 %s2, %x4
	subl %r8d, %eax
	# %s4 = add i32 %s3, %x5
	addl %r9d, %eax
	# %s5 = sub i32 %s4, %x6
	subl %ebx, %eax
	# %s6 = add i32 %s5, %x7
	addl %r12d, %eax
	# %s7 = sub i32 %s6, %x8
	subl %r13d, %eax
	# %s8 = add i32 %s7, %x9
	addl %edi, %eax
	# ret i32 %s8
	.cfi_remember_state
	popq %r13
	.cfi_def_cfa_offset 24
	popq %r12
	.cfi_def_cfa_offset 16
	popq %rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_restore_state
	.cfi_endproc
	.size main.leaf, .-main.leaf
