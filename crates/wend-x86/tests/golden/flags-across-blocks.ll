; assembly of: main.le
; `a < b || a == b`: the block of the second test has one predecessor,
; which ends with a conditional jump on the same comparison, and a jump
; leaves the flags alone: `je` follows `jl` without a second `cmpl`.
; @main prints le(3, 7) * 100 + le(7, 7) * 10 + le(8, 7) = 110.

define i32 @main.le(i32 %a, i32 %b) {
entry:
  %lt = icmp slt i32 %a, %b
  br i1 %lt, label %yes, label %second

second:
  %eq = icmp eq i32 %a, %b
  br i1 %eq, label %yes, label %no

yes:
  ret i32 1

no:
  ret i32 0
}

define i32 @main() {
entry:
  %x = call i32 @main.le(i32 3, i32 7)
  %y = call i32 @main.le(i32 7, i32 7)
  %z = call i32 @main.le(i32 8, i32 7)
  %x100 = mul i32 %x, 100
  %y10 = mul i32 %y, 10
  %s = add i32 %x100, %y10
  %t = add i32 %s, %z
  call void @wend_print_int(i32 %t)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----

	.text
	.p2align 4
	.type main.le, @function
main.le:
	.cfi_startproc
# entry:
	# %lt = icmp slt i32 %a, %b
	# br i1 %lt, label %entry.to.yes, label %second
	cmpl %esi, %edi
	jl .Lmain.le..yes
.Lmain.le..second:
	# %eq = icmp eq i32 %a, %b
	# br i1 %eq, label %second.to.yes, label %no
	jne .Lmain.le..no
.Lmain.le..yes:
	# ret i32 1
	movl $1, %eax
	.cfi_remember_state
	ret
	.cfi_restore_state
.Lmain.le..no:
	# ret i32 0
	movl $0, %eax
	.cfi_remember_state
	ret
	.cfi_restore_state
	.cfi_endproc
	.size main.le, .-main.le
