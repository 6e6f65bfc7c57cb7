; assembly of: main.digits
; Division and remainder by constants without `idivl`. `x % 32768`: the
; dividend biased toward zero (`leal`, `testl`, `cmovns`) with its low 15
; bits cleared by one `andl`, subtracted from x. `x / 100`: the magic
; number ceil(2^38 / 100) is even, so ceil(2^37 / 100) = 1374389535 with a
; shift of 37 does as well, and it is below 2^31: an immediate of `imulq`.
; @main prints digits(-1234567) = -1234567 % 32768 + -1234567 / 100 * 100000
; = -22151 + -12345 * 100000 = -1234522151, and digits(99999) = 1695 +
; 999 * 100000 = 99901695.

define i32 @main.digits(i32 %x) {
entry:
  %r = srem i32 %x, 32768
  %q = sdiv i32 %x, 100
  %m = mul i32 %q, 100000
  %s = add i32 %r, %m
  ret i32 %s
}

define i32 @main() {
entry:
  %a = call i32 @main.digits(i32 -1234567)
  call void @wend_print_int(i32 %a)
  call void @wend_print_newline()
  %b = call i32 @main.digits(i32 99999)
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----

	.text
	.p2align 4
	.type main.digits, @function
main.digits:
	.cfi_startproc
# entry:
	# %r = srem i32 %x, 32768
	leal 32767(%rdi), %r11d
	testl %edi, %edi
	cmovnsl %edi, %r11d
	andl $-32768, %r11d
	movl %edi, %eax
	subl %r11d, %eax
	# %q = sdiv i32 %x, 100
	movslq %edi, %rcx
	imulq $1374389535, %rcx, %rcx
	movq %rcx, %r10
	shrq $63, %r10
	sarq $37, %rcx
	addl %r10d, %ecx
	# %m = mul i32 %q, 100000
	imull $100000, %ecx, %ecx
	# %s = add i32 %r, %m
	addl %ecx, %eax
	# ret i32 %s
	.cfi_remember_state
	ret
	.cfi_restore_state
	.cfi_endproc
	.size main.digits, .-main.digits
