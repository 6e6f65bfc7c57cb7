//! The runtime of native wend programs, as assembly text appended to every
//! program: no libc, only Linux system calls, so the program links with a
//! plain `ld` (no crt files).
//!
//! * `_start`: calls `main`, flushes the output buffer, and exits with
//!   `main`'s return value (`exit_group`, syscall 231).
//! * `wend_print_int` / `wend_print_bool` / `wend_print_str(ptr, len)` /
//!   `wend_print_newline` append to a 64 KiB output buffer, written to fd 1
//!   with `write` (syscall 1) when full and at exit.
//! * `wend_div_by_zero(line)` flushes stdout, writes
//!   `runtime error: division by zero at line N` and a newline to fd 2 and
//!   exits with status 2 ([`wend_ir::runtime::RUNTIME_ERROR_STATUS`]).
//!
//! The routines follow the System V ABI (they clobber only caller-saved
//! registers) and keep the frame-pointer chain where they call others.
//! Integers are formatted by repeated division by ten done as a
//! multiplication by the reciprocal `0xCCCCCCCD / 2^35` (exact for every
//! 32-bit unsigned value), on the magnitude as an unsigned number so that
//! `INT_MIN` needs no special case.

use wend_ir::runtime::RUNTIME_ERROR_STATUS;

/// Size of the output buffer in bytes.
pub const OUTPUT_BUFFER_SIZE: u32 = 65536;

/// The runtime's assembly text.
pub fn runtime_asm() -> String {
    RUNTIME
        .replace("@BUFSIZE@", &OUTPUT_BUFFER_SIZE.to_string())
        .replace("@ERRSTATUS@", &RUNTIME_ERROR_STATUS.to_string())
}

const RUNTIME: &str = r#"
# ---------------------------------------------------------------------------
# wend runtime (no libc): program entry, buffered output, runtime errors
# ---------------------------------------------------------------------------
	.bss
	.p2align 4
wend_out_buf:
	.zero @BUFSIZE@
wend_out_len:			# bytes used in wend_out_buf
	.zero 8

	.section .rodata
.Lrt_true:
	.ascii "true"
.Lrt_false:
	.ascii "false"
.Lrt_newline:
	.ascii "\n"
.Lrt_div_msg:
	.ascii "runtime error: division by zero at line "

	.text
# Process entry: the stack holds argc/argv (unused) and is 16-byte aligned.
	.globl _start
	.type _start, @function
_start:
	xorl %ebp, %ebp			# end of the frame-pointer chain
	call main
	movl %eax, %ebx			# exit status, kept across the flush
	movl $1, %edi
	call wend_flush_fd
	movl %ebx, %edi
	movl $231, %eax			# exit_group(status)
	syscall
	.size _start, .-_start

# wend_flush_fd(fd): writes the buffer to fd and empties it; retries on
# short writes and EINTR, gives up on other errors.
	.type wend_flush_fd, @function
wend_flush_fd:
	pushq %rbp
	movq %rsp, %rbp
	pushq %rbx
	pushq %r12
	pushq %r13
	pushq %r13			# (keeps the stack 16-byte aligned)
	movl %edi, %r13d		# fd
	leaq wend_out_buf(%rip), %rbx	# next byte to write
	movq wend_out_len(%rip), %r12	# bytes left
.Lrt_flush_loop:
	testq %r12, %r12
	jle .Lrt_flush_done
	movl $1, %eax			# write(fd, rbx, r12)
	movl %r13d, %edi
	movq %rbx, %rsi
	movq %r12, %rdx
	syscall
	cmpq $-4, %rax			# -EINTR: try again
	je .Lrt_flush_loop
	testq %rax, %rax
	jle .Lrt_flush_done
	addq %rax, %rbx
	subq %rax, %r12
	jmp .Lrt_flush_loop
.Lrt_flush_done:
	movq $0, wend_out_len(%rip)
	popq %r13
	popq %r13
	popq %r12
	popq %rbx
	popq %rbp
	ret
	.size wend_flush_fd, .-wend_flush_fd

# wend_print_str(ptr, len): appends len bytes, flushing whenever the buffer fills.
	.globl wend_print_str
	.type wend_print_str, @function
wend_print_str:
	pushq %rbp
	movq %rsp, %rbp
	pushq %rbx
	pushq %r12
	movq %rdi, %rbx			# next source byte
	movl %esi, %r12d		# bytes left to copy
.Lrt_str_loop:
	testq %r12, %r12
	jz .Lrt_str_done
	movq wend_out_len(%rip), %rax
	movl $@BUFSIZE@, %ecx
	subq %rax, %rcx			# room left in the buffer
	jnz .Lrt_str_copy
	movl $1, %edi
	call wend_flush_fd
	jmp .Lrt_str_loop
.Lrt_str_copy:
	cmpq %r12, %rcx
	cmova %r12, %rcx		# copy min(room, left) bytes
	leaq wend_out_buf(%rip), %rdi
	addq %rax, %rdi
	addq %rcx, %rax
	movq %rax, wend_out_len(%rip)
	subq %rcx, %r12
	movq %rbx, %rsi
	rep movsb
	movq %rsi, %rbx
	jmp .Lrt_str_loop
.Lrt_str_done:
	popq %r12
	popq %rbx
	popq %rbp
	ret
	.size wend_print_str, .-wend_print_str

# wend_print_int(value): decimal, with a '-' for negative values.
	.globl wend_print_int
	.type wend_print_int, @function
wend_print_int:
	pushq %rbp
	movq %rsp, %rbp
	subq $16, %rsp			# digits go backwards from %rbp
	movl %edi, %eax
	testl %eax, %eax
	jns .Lrt_int_magnitude
	negl %eax			# |INT_MIN| = 2^31 is right as an unsigned value
.Lrt_int_magnitude:
	movq %rbp, %rsi			# one past the first digit written
	movl $0xCCCCCCCD, %ecx		# ceil(2^35 / 10)
.Lrt_int_digit:
	movl %eax, %edx
	imulq %rcx, %rdx
	shrq $35, %rdx			# quotient = value / 10
	leal (%rdx,%rdx,4), %r8d
	addl %r8d, %r8d			# quotient * 10
	subl %r8d, %eax			# the last digit
	addl $48, %eax			# '0'
	decq %rsi
	movb %al, (%rsi)
	movl %edx, %eax
	testl %eax, %eax
	jnz .Lrt_int_digit
	testl %edi, %edi
	jns .Lrt_int_print
	decq %rsi
	movb $45, (%rsi)		# '-'
.Lrt_int_print:
	movq %rsi, %rdi
	movq %rbp, %rsi
	subq %rdi, %rsi			# length
	call wend_print_str
	leave
	ret
	.size wend_print_int, .-wend_print_int

# wend_print_bool(value): "true" for non-zero, "false" for zero.
	.globl wend_print_bool
	.type wend_print_bool, @function
wend_print_bool:
	testl %edi, %edi
	jz .Lrt_bool_false
	leaq .Lrt_true(%rip), %rdi
	movl $4, %esi
	jmp wend_print_str
.Lrt_bool_false:
	leaq .Lrt_false(%rip), %rdi
	movl $5, %esi
	jmp wend_print_str
	.size wend_print_bool, .-wend_print_bool

	.globl wend_print_newline
	.type wend_print_newline, @function
wend_print_newline:
	leaq .Lrt_newline(%rip), %rdi
	movl $1, %esi
	jmp wend_print_str
	.size wend_print_newline, .-wend_print_newline

# wend_div_by_zero(line): flushes stdout, then formats the message in the
# (now empty) output buffer and writes it to stderr; exits with status 2.
	.globl wend_div_by_zero
	.type wend_div_by_zero, @function
wend_div_by_zero:
	pushq %rbp
	movq %rsp, %rbp
	pushq %rbx
	pushq %rbx			# (keeps the stack 16-byte aligned)
	movl %edi, %ebx			# line
	movl $1, %edi
	call wend_flush_fd
	leaq .Lrt_div_msg(%rip), %rdi
	movl $40, %esi
	call wend_print_str
	movl %ebx, %edi
	call wend_print_int
	call wend_print_newline
	movl $2, %edi
	call wend_flush_fd
	movl $@ERRSTATUS@, %edi
	movl $231, %eax			# exit_group(2)
	syscall
	.size wend_div_by_zero, .-wend_div_by_zero
"#;
