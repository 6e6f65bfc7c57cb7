; assembly of: main.minmax
; Two selects on one comparison, as simplifycfg leaves a setter's leaf or a
; min/max pair: one `cmp`, two `cmov`s — neither `mov` nor `cmov` touches
; the flags, so the second select reuses them. @main prints
; minmax(3, 7) = (7-3)*1000 + 3 = 4003 and minmax(9, 2) = (9-2)*1000 + 2
; = 7002.

define i32 @main.minmax(i32 %a, i32 %b) {
entry:
  %c = icmp slt i32 %a, %b
  %lo = select i1 %c, i32 %a, i32 %b
  %hi = select i1 %c, i32 %b, i32 %a
  %d = sub i32 %hi, %lo
  %r = mul i32 %d, 1000
  %s = add i32 %r, %lo
  ret i32 %s
}

define i32 @main() {
entry:
  %x = call i32 @main.minmax(i32 3, i32 7)
  call void @wend_print_int(i32 %x)
  call void @wend_print_newline()
  %y = call i32 @main.minmax(i32 9, i32 2)
  call void @wend_print_int(i32 %y)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----

	.text
	.p2align 4
	.type main.minmax, @function
main.minmax:
	.cfi_startproc
# entry:
	# %c = icmp slt i32 %a, %b
	# %lo = select i1 %c, i32 %a, i32 %b
	cmpl %esi, %edi
	movl %esi, %eax
	cmovll %edi, %eax
	# %hi = select i1 %c, i32 %b, i32 %a
	cmovll %esi, %edi
	# %d = sub i32 %hi, %lo
	subl %eax, %edi
	# %r = mul i32 %d, 1000
	imull $1000, %edi, %edi
	# %s = add i32 %r, %lo
	addl %eax, %edi
	# ret i32 %s
	movl %edi, %eax
	.cfi_remember_state
	ret
	.cfi_restore_state
	.cfi_endproc
	.size main.minmax, .-main.minmax
