; assembly of: main.differ
; A comparison's result as a value: `setcc` writes one byte, so the
; register is zeroed with `xorl` before the compare (the `xorl` would clobber
; the flags after it) rather than extended with `movzbl` after it, which
; would also wait for whatever the register held before. Where the
; destination is an operand of the compare, `%z` in `%eax` with `%x`, it
; cannot be zeroed first and `movzbl` stays. @main prints differ(-3, 4)
; and differ(-3, -4): a negative and a non-negative number differ in sign.

define i1 @main.differ(i32 %a, i32 %b) {
entry:
  %x = icmp slt i32 %a, 0
  %y = icmp slt i32 %b, 0
  %z = icmp ne i1 %x, %y
  ret i1 %z
}

define i32 @main() {
entry:
  %x = call i1 @main.differ(i32 -3, i32 4)
  call void @wend_print_bool(i1 %x)
  call void @wend_print_newline()
  %y = call i1 @main.differ(i32 -3, i32 -4)
  call void @wend_print_bool(i1 %y)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_bool(i1)
declare void @wend_print_newline()

; ---- expected output ----

	.text
	.p2align 4
	.type main.differ, @function
main.differ:
	.cfi_startproc
# entry:
	# %x = icmp slt i32 %a, 0
	xorl %eax, %eax
	testl %edi, %edi
	setl %al
	# %y = icmp slt i32 %b, 0
	xorl %ecx, %ecx
	testl %esi, %esi
	setl %cl
	# %z = icmp ne i1 %x, %y
	cmpl %ecx, %eax
	setne %al
	movzbl %al, %eax
	# ret i1 %z
	.cfi_remember_state
	ret
	.cfi_restore_state
	.cfi_endproc
	.size main.differ, .-main.differ
