; assembly of: main.signs
; The signs are compared where they are used, as `pack((a < 0) != (b < 0),
; ...)` leaves them after inlining: the three compares move down to the
; block of the branch, which then ends with `cmpl; je` (no `setne` and
; `testl` of a 0/1 value), and `a` and `b` stay live instead of two
; booleans. @main prints signs(-3, 4) = -(-3 - 4) = 7 (signs differ) and
; signs(-3, -4) = -3 + 4 = 1.

define i32 @main.signs(i32 %a, i32 %b) {
entry:
  %x = icmp slt i32 %a, 0
  %y = icmp slt i32 %b, 0
  %d = icmp ne i1 %x, %y
  %s = sub i32 %a, %b
  %big = icmp sgt i32 %s, 100
  br i1 %big, label %done, label %test

test:
  br i1 %d, label %negative, label %done

negative:
  %n = sub i32 0, %s
  br label %done

done:
  %r = phi i32 [ %s, %entry ], [ %s, %test ], [ %n, %negative ]
  ret i32 %r
}

define i32 @main() {
entry:
  %a = call i32 @main.signs(i32 -3, i32 4)
  call void @wend_print_int(i32 %a)
  call void @wend_print_newline()
  %b = call i32 @main.signs(i32 -3, i32 -4)
  call void @wend_print_int(i32 %b)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()

; ---- expected output ----

	.text
	.p2align 4
	.type main.signs, @function
main.signs:
	.cfi_startproc
# entry:
	# %s = sub i32 %a, %b
	movl %edi, %eax
	subl %esi, %eax
	# %big = icmp sgt i32 %s, 100
	# br i1 %big, label %entry.to.done, label %test
	cmpl $100, %eax
	jg .Lmain.signs..done
.Lmain.signs..test:
	# %n = sub i32 0, %s
	movl $0, %ecx
	subl %eax, %ecx
	# %y = icmp slt i32 %b, 0
	xorl %edx, %edx
	testl %esi, %esi
	setl %dl
	# %x = icmp slt i32 %a, 0
	xorl %r8d, %r8d
	testl %edi, %edi
	setl %r8b
	# %d = icmp ne i1 %x, %y
	# %0 = select i1 %d, i32 %n, i32 %s
	cmpl %edx, %r8d
	cmovnel %ecx, %eax
	# phi copies: %eax <- %eax
	# br label %done
.Lmain.signs..done:
	# %r = phi i32 [ %s, %entry.to.done ], [ %0, %test ]
	# ret i32 %r
	.cfi_remember_state
	ret
	.cfi_restore_state
	.cfi_endproc
	.size main.signs, .-main.signs
