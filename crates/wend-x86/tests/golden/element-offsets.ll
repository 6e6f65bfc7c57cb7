; assembly of: main.sum
; Constant elements of a pointer parameter (a group's base, as frame-arrays
; makes them): one only loaded or stored through is no `leaq`, each access
; adds its offset to the pointer (`movl 4(%rdi)`). %far's offset, 40 000
; bytes, does not fit the 16 bits the address keeps, and %e4 is passed to a
; call as well: both are computed with `leaq`. @main prints 5 + 7 + 11 = 23
; (stored in element 3), then element 4, 1 + 98 = 99.

define void @main.sum(i32* %p) {
entry:
  %e1 = getelementptr inbounds i32, i32* %p, i32 1
  %e2 = getelementptr inbounds i32, i32* %p, i32 2
  %e3 = getelementptr inbounds i32, i32* %p, i32 3
  %far = getelementptr inbounds i32, i32* %p, i32 10000
  %x = load i32, i32* %e1
  %y = load i32, i32* %e2
  %z = load i32, i32* %far
  %s = add i32 %x, %y
  %t = add i32 %s, %z
  store i32 %t, i32* %e3
  %e4 = getelementptr inbounds i32, i32* %p, i32 4
  store i32 1, i32* %e4
  call void @main.bump(i32* %e4)
  ret void
}

define void @main.bump(i32* %q) {
entry:
  %x = load i32, i32* %q
  %y = add i32 %x, 98
  store i32 %y, i32* %q
  ret void
}

define i32 @main() {
entry:
  %a = alloca i32, i32 10001
  %a1 = getelementptr inbounds i32, i32* %a, i32 1
  %a2 = getelementptr inbounds i32, i32* %a, i32 2
  %a3 = getelementptr inbounds i32, i32* %a, i32 3
  %a4 = getelementptr inbounds i32, i32* %a, i32 4
  %far = getelementptr inbounds i32, i32* %a, i32 10000
  store i32 5, i32* %a1
  store i32 7, i32* %a2
  store i32 11, i32* %far
  call void @main.sum(i32* %a)
  %r = load i32, i32* %a3
  call void @wend_print_int(i32 %r)
  call void @wend_print_newline()
  %u = load i32, i32* %a4
  call void @wend_print_int(i32 %u)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----

	.text
	.p2align 4
	.type main.sum, @function
main.sum:
	.cfi_startproc
	pushq %rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	movq %rsp, %rbp
	.cfi_def_cfa_register %rbp
# entry:
	# %e1 = getelementptr inbounds i32, i32* %p, i32 1
	# %e2 = getelementptr inbounds i32, i32* %p, i32 2
	# %e3 = getelementptr inbounds i32, i32* %p, i32 3
	# %far = getelementptr inbounds i32, i32* %p, i32 10000
	leaq 40000(%rdi), %rax
	# %x = load i32, i32* %e1
	movl 4(%rdi), %ecx
	# %y = load i32, i32* %e2
	movl 8(%rdi), %edx
	# %z = load i32, i32* %far
	movl (%rax), %eax
	# %s = add i32 %x, %y
	addl %edx, %ecx
	# %t = add i32 %s, %z
	addl %eax, %ecx
	# store i32 %t, i32* %e3
	movl %ecx, 12(%rdi)
	# %e4 = getelementptr inbounds i32, i32* %p, i32 4
	leaq 16(%rdi), %rdi
	# store i32 1, i32* %e4
	movl $1, (%rdi)
	# call void @main.bump(i32* %e4)
	call main.bump
	# ret void
	.cfi_remember_state
	leave
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_restore_state
	.cfi_endproc
	.size main.sum, .-main.sum
