//! The runtime of native wend programs, as assembly text appended to every
//! program: no libc, only Linux system calls, so the program links with a
//! plain `ld` (no crt files).
//!
//! * `_start`: moves the stack, installs the stack-overflow handler, calls
//!   `main`, flushes the output buffer, and exits with `main`'s return
//!   value (`exit_group`, syscall 231).
//! * The stack: the kernel's default of 8 MiB holds some 100 000 frames of
//!   a small recursive function, well short of the IR interpreter's limit
//!   of a million calls ([`wend_ir::interp::MAX_CALL_DEPTH`]). `_start`
//!   therefore maps a [`STACK_SIZE`] stack with `MAP_NORESERVE` (memory is
//!   only committed where the recursion actually reaches), makes its lowest
//!   [`STACK_GUARD_SIZE`] bytes inaccessible as a guard, and switches `%rsp`
//!   to its top; if the mapping fails, the program keeps the default stack.
//! * Stack overflow: running into the guard (or past the default stack)
//!   raises `SIGSEGV`. Its handler, installed with `rt_sigaction`
//!   (`SA_SIGINFO | SA_ONSTACK | SA_RESTORER`), runs on an alternate signal
//!   stack (`sigaltstack`) since the normal one is exhausted: it flushes
//!   stdout, writes `runtime error: stack overflow` and a newline to fd 2
//!   and exits with status 3, like the interpreter
//!   ([`wend_ir::interp::STACK_OVERFLOW_STATUS`]). wend programs have no
//!   pointers of their own, so an overflow is the only way they can fault.
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

use wend_ir::interp::{STACK_OVERFLOW_MESSAGE, STACK_OVERFLOW_STATUS};
use wend_ir::runtime::RUNTIME_ERROR_STATUS;

/// Size of the output buffer in bytes.
pub const OUTPUT_BUFFER_SIZE: u32 = 65536;

/// Size of the stack `_start` maps for the program (512 MiB: a million
/// frames of up to 500 bytes), guard included.
pub const STACK_SIZE: u64 = 512 << 20;

/// Size of the inaccessible guard at the bottom of the stack: larger than
/// any frame, so an overflowing call cannot jump over it.
pub const STACK_GUARD_SIZE: u64 = 1 << 20;

/// Size of the alternate stack the `SIGSEGV` handler runs on.
pub const SIGNAL_STACK_SIZE: u32 = 65536;

/// The runtime's assembly text.
pub fn runtime_asm() -> String {
    let message = format!("{STACK_OVERFLOW_MESSAGE}\\n");
    RUNTIME
        .replace("@BUFSIZE@", &OUTPUT_BUFFER_SIZE.to_string())
        .replace("@ERRSTATUS@", &RUNTIME_ERROR_STATUS.to_string())
        .replace("@STACKSIZE@", &STACK_SIZE.to_string())
        .replace("@GUARDSIZE@", &STACK_GUARD_SIZE.to_string())
        .replace("@SIGSTACKSIZE@", &SIGNAL_STACK_SIZE.to_string())
        .replace("@OVERFLOWSTATUS@", &STACK_OVERFLOW_STATUS.to_string())
        .replace("@OVERFLOWMSG@", &message)
        .replace(
            "@OVERFLOWLEN@",
            &(STACK_OVERFLOW_MESSAGE.len() + 1).to_string(),
        )
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
	.p2align 4
wend_signal_stack:		# the alternate stack of the SIGSEGV handler
	.zero @SIGSTACKSIZE@

	.data
	.p2align 3
wend_sigaltstack:		# stack_t: ss_sp, ss_flags, ss_size
	.quad wend_signal_stack
	.quad 0
	.quad @SIGSTACKSIZE@
wend_sigaction:			# the kernel's struct sigaction
	.quad wend_stack_overflow	# sa_handler
	.quad 0x0c000004		# sa_flags: SA_ONSTACK | SA_RESTORER | SA_SIGINFO
	.quad wend_signal_return	# sa_restorer
	.quad 0				# sa_mask: no signal blocked

	.section .rodata
.Lrt_true:
	.ascii "true"
.Lrt_false:
	.ascii "false"
.Lrt_newline:
	.ascii "\n"
.Lrt_div_msg:
	.ascii "runtime error: division by zero at line "
.Lrt_overflow_msg:
	.ascii "@OVERFLOWMSG@"

	.text
# Process entry: the stack holds argc/argv (unused) and is 16-byte aligned.
	.globl _start
	.type _start, @function
_start:
	xorl %ebp, %ebp			# end of the frame-pointer chain
	movl $9, %eax			# mmap(NULL, size, PROT_READ | PROT_WRITE,
	xorl %edi, %edi			#      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
	movq $@STACKSIZE@, %rsi		#      -1, 0)
	movl $3, %edx
	movl $0x4022, %r10d
	movq $-1, %r8
	xorl %r9d, %r9d
	syscall
	cmpq $-4095, %rax		# an error (-errno): keep the default stack
	jae .Lrt_stack_ready
	movq %rax, %rbx			# the bottom of the new stack
	movl $10, %eax			# mprotect(bottom, guard, PROT_NONE)
	movq %rbx, %rdi
	movq $@GUARDSIZE@, %rsi
	xorl %edx, %edx
	syscall
	testq %rax, %rax		# no guard: keep the default stack
	jnz .Lrt_stack_ready
	leaq @STACKSIZE@(%rbx), %rsp	# the top: page-aligned, so 16-byte aligned
.Lrt_stack_ready:
	movl $131, %eax			# sigaltstack(&wend_sigaltstack, NULL)
	leaq wend_sigaltstack(%rip), %rdi
	xorl %esi, %esi
	syscall
	movl $13, %eax			# rt_sigaction(SIGSEGV, &wend_sigaction, NULL, 8)
	movl $11, %edi
	leaq wend_sigaction(%rip), %rsi
	xorl %edx, %edx
	movl $8, %r10d
	syscall
	call main
	movl %eax, %ebx			# exit status, kept across the flush
	movl $1, %edi
	call wend_flush_fd
	movl %ebx, %edi
	movl $231, %eax			# exit_group(status)
	syscall
	.size _start, .-_start

# The SIGSEGV handler (signal number, siginfo, context), on the alternate
# stack: the program's own stack has run out.
	.type wend_stack_overflow, @function
wend_stack_overflow:
	andq $-16, %rsp
	movl $1, %edi
	call wend_flush_fd
	movl $1, %eax			# write(2, message, length)
	movl $2, %edi
	leaq .Lrt_overflow_msg(%rip), %rsi
	movl $@OVERFLOWLEN@, %edx
	syscall
	movl $@OVERFLOWSTATUS@, %edi
	movl $231, %eax			# exit_group(3)
	syscall
	.size wend_stack_overflow, .-wend_stack_overflow

# The restorer the kernel requires (x86-64 has no default): returns from a
# signal handler. Ours never returns, so it is never used.
	.type wend_signal_return, @function
wend_signal_return:
	movl $15, %eax			# rt_sigreturn()
	syscall
	.size wend_signal_return, .-wend_signal_return

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
