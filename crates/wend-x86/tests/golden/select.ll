; assembly of: main.magnitude
; The form simplifycfg leaves `if f < 0 { f = f + 2^30 + 2^30; }` in: both
; adds run, and a `select` picks. No branch: the comparison sets the flags
; and a `cmov` picks the value. @main prints magnitude(-5) (wrapping:
; -5 + 2^31 = 2147483643) and magnitude(7).

define i32 @main.magnitude(i32 %f) {
entry:
  %cmp = icmp slt i32 %f, 0
  %add = add i32 %f, 1073741824
  %add1 = add i32 %add, 1073741824
  %f.addr = select i1 %cmp, i32 %add1, i32 %f
  ret i32 %f.addr
}

define i32 @main() {
entry:
  %a = call i32 @main.magnitude(i32 -5)
  call void @wend_print_int(i32 %a)
  call void @wend_print_newline()
  %b = call i32 @main.magnitude(i32 7)
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----

	.text
	.p2align 4
	.type main.magnitude, @function
main.magnitude:
	.cfi_startproc
# entry:
	# %cmp = icmp slt i32 %f, 0
	# %add = add i32 %f, 1073741824
	leal 1073741824(%rdi), %eax
	# %add1 = add i32 %add, 1073741824
	addl $1073741824, %eax
	# %f.addr = select i1 %cmp, i32 %add1, i32 %f
	testl %edi, %edi
	cmovll %eax, %edi
	# ret i32 %f.addr
	movl %edi, %eax
	.cfi_remember_state
	ret
	.cfi_restore_state
	.cfi_endproc
	.size main.magnitude, .-main.magnitude
