; assembly of: main.third
; `x % 3 == 0` without the remainder: x times the inverse of 3 modulo 2^32
; (0xAAAAAAAB = -1431655765), plus A + 2^31 where A = (2^31 - 1) / 3, is at
; most 2A - 2^31 (signed) exactly for the multiples of 3; the compare is
; fused with the branch. @main prints third(-6) + third(7) * 10 +
; third(2147483646) * 100 + third(-2147483648) * 1000 = 1 + 0 + 100 + 0
; = 101 (2147483646 = 3 * 715827882; -2^31 is no multiple of 3).

define i32 @main.third(i32 %x) {
entry:
  %r = srem i32 %x, 3
  %c = icmp eq i32 %r, 0
  br i1 %c, label %yes, label %no

yes:
  ret i32 1

no:
  ret i32 0
}

define i32 @main() {
entry:
  %a = call i32 @main.third(i32 -6)
  %b = call i32 @main.third(i32 7)
  %c = call i32 @main.third(i32 2147483646)
  %d = call i32 @main.third(i32 -2147483648)
  %b10 = mul i32 %b, 10
  %c100 = mul i32 %c, 100
  %d1000 = mul i32 %d, 1000
  %s1 = add i32 %a, %b10
  %s2 = add i32 %s1, %c100
  %s3 = add i32 %s2, %d1000
  call void @wend_print_int(i32 %s3)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----

	.text
	.p2align 4
	.type main.third, @function
main.third:
	.cfi_startproc
# entry:
	# %0 = mul i32 %x, -1431655765
	imull $-1431655765, %edi, %edi
	# %1 = add i32 %0, -1431655766
	addl $-1431655766, %edi
	# %c = icmp sle i32 %1, -715827884
	# br i1 %c, label %yes, label %no
	cmpl $-715827884, %edi
	jg .Lmain.third..no
.Lmain.third..yes:
	# ret i32 1
	movl $1, %eax
	.cfi_remember_state
	ret
	.cfi_restore_state
.Lmain.third..no:
	# ret i32 0
	movl $0, %eax
	.cfi_remember_state
	ret
	.cfi_restore_state
	.cfi_endproc
	.size main.third, .-main.third
