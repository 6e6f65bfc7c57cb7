; assembly of: main.clamp
; A `select` of a constant and a value that stays live: `cmov` moves no
; immediate, so the constant goes into the destination first and the value
; is moved in on the reversed condition (`cmovl`), without going through a
; scratch register. @main prints clamp(300) = 254 + 300 = 554 and
; clamp(7) = 7 + 7 = 14.

define i32 @main.clamp(i32 %e) {
entry:
  %c = icmp sge i32 %e, 255
  %r = select i1 %c, i32 254, i32 %e
  %s = add i32 %r, %e
  ret i32 %s
}

define i32 @main() {
entry:
  %x = call i32 @main.clamp(i32 300)
  call void @wend_print_int(i32 %x)
  call void @wend_print_newline()
  %y = call i32 @main.clamp(i32 7)
  call void @wend_print_int(i32 %y)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----

	.text
	.p2align 4
	.type main.clamp, @function
main.clamp:
	.cfi_startproc
# entry:
	# %c = icmp sge i32 %e, 255
	# %r = select i1 %c, i32 254, i32 %e
	cmpl $255, %edi
	movl $254, %eax
	cmovll %edi, %eax
	# %s = add i32 %r, %e
	addl %edi, %eax
	# ret i32 %s
	.cfi_remember_state
	ret
	.cfi_restore_state
	.cfi_endproc
	.size main.clamp, .-main.clamp
