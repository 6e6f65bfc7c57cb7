//! The x86-64 general-purpose registers and how the System V ABI and this
//! backend use them.
//!
//! * `%rsp`: the stack pointer; never allocated.
//! * `%rbp`: the frame pointer of a function that keeps the frame-pointer
//!   chain (`-O0`, for tools that walk the stack by it); in a function that
//!   omits it ([`crate::Options::omit_frame_pointer`]), the sixth
//!   callee-saved register, allocated last.
//! * `%r10`, `%r11`: scratch registers of the emitter (spilled operands,
//!   memory-to-memory moves, breaking parallel-copy cycles); never allocated.
//! * the other 12 are allocated; `%rbx`, `%r12`–`%r15` (and `%rbp`) are
//!   callee-saved, the rest are clobbered by calls.

use std::fmt;

#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum PReg {
    Rax,
    Rcx,
    Rdx,
    Rbx,
    Rsi,
    Rdi,
    R8,
    R9,
    R10,
    R11,
    R12,
    R13,
    R14,
    R15,
    Rbp,
}

use PReg::*;

/// Integer argument registers, in order.
pub const ARG_REGS: [PReg; 6] = [Rdi, Rsi, Rdx, Rcx, R8, R9];

/// How many registers [`PReg`] names (for tables indexed by `PReg as usize`).
pub const COUNT: usize = Rbp as usize + 1;

/// Allocatable registers in the order the allocator tries them: caller-saved
/// first (free to use in a function that saves nothing), the argument
/// registers last among them so values passing through stay put; `%rbp`
/// last of all, and only where it is no frame pointer ([`allocatable`]).
pub const ALLOCATABLE: [PReg; 13] = [
    Rax, Rcx, Rdx, R8, R9, Rsi, Rdi, Rbx, R12, R13, R14, R15, Rbp,
];

/// The registers the allocator may use in a function: all of
/// [`ALLOCATABLE`] when it has no frame pointer, all but `%rbp` when it has.
pub fn allocatable(frame_pointer: bool) -> &'static [PReg] {
    match frame_pointer {
        true => &ALLOCATABLE[..ALLOCATABLE.len() - 1],
        false => &ALLOCATABLE,
    }
}

/// Callee-saved registers that the allocator may use (they must be saved in
/// the prologue and restored in the epilogue of a function that does).
pub const CALLEE_SAVED: [PReg; 6] = [Rbx, R12, R13, R14, R15, Rbp];

/// The allocatable registers a call destroys: the others.
pub const CALLER_SAVED: [PReg; 7] = [Rax, Rcx, Rdx, Rsi, Rdi, R8, R9];

// The two lists share out the allocatable registers (by count, here).
const _: () = assert!(CALLER_SAVED.len() + CALLEE_SAVED.len() == ALLOCATABLE.len());

/// The scratch register of the emitter.
pub const SCRATCH: PReg = R11;
/// The second scratch register (cycle breaking, second memory operand).
pub const SCRATCH2: PReg = R10;

impl PReg {
    /// The register's number in DWARF (the x86-64 System V psABI's).
    pub fn dwarf_number(self) -> u16 {
        match self {
            Rax => 0,
            Rdx => 1,
            Rcx => 2,
            Rbx => 3,
            Rsi => 4,
            Rdi => 5,
            Rbp => 6,
            R8 => 8,
            R9 => 9,
            R10 => 10,
            R11 => 11,
            R12 => 12,
            R13 => 13,
            R14 => 14,
            R15 => 15,
        }
    }

    pub fn is_callee_saved(self) -> bool {
        CALLEE_SAVED.contains(&self)
    }

    pub fn name64(self) -> &'static str {
        match self {
            Rax => "%rax",
            Rcx => "%rcx",
            Rdx => "%rdx",
            Rbx => "%rbx",
            Rsi => "%rsi",
            Rdi => "%rdi",
            R8 => "%r8",
            R9 => "%r9",
            R10 => "%r10",
            R11 => "%r11",
            R12 => "%r12",
            R13 => "%r13",
            R14 => "%r14",
            R15 => "%r15",
            Rbp => "%rbp",
        }
    }

    pub fn name32(self) -> &'static str {
        match self {
            Rax => "%eax",
            Rcx => "%ecx",
            Rdx => "%edx",
            Rbx => "%ebx",
            Rsi => "%esi",
            Rdi => "%edi",
            R8 => "%r8d",
            R9 => "%r9d",
            R10 => "%r10d",
            R11 => "%r11d",
            R12 => "%r12d",
            R13 => "%r13d",
            R14 => "%r14d",
            R15 => "%r15d",
            Rbp => "%ebp",
        }
    }

    pub fn name8(self) -> &'static str {
        match self {
            Rax => "%al",
            Rcx => "%cl",
            Rdx => "%dl",
            Rbx => "%bl",
            Rsi => "%sil",
            Rdi => "%dil",
            R8 => "%r8b",
            R9 => "%r9b",
            R10 => "%r10b",
            R11 => "%r11b",
            R12 => "%r12b",
            R13 => "%r13b",
            R14 => "%r14b",
            R15 => "%r15b",
            Rbp => "%bpl",
        }
    }
}

impl fmt::Display for PReg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name64())
    }
}
