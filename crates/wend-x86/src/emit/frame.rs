//! The frame: where a function keeps what does not live in registers, its
//! prologue and its epilogue. The frame keeps the `%rbp` chain (so gdb and
//! perf can walk the stack):
//!
//! ```text
//!   16+8k(%rbp)  incoming stack argument k (parameters 7, 8, …)
//!      8(%rbp)   return address
//!      0(%rbp)   caller's %rbp
//!     -8(%rbp)…  saved callee-saved registers, spill slots, alloca slots
//!   0(%rsp)…     outgoing stack arguments of calls
//! ```
//!
//! and its size is a multiple of 16, so `%rsp` is 16-byte aligned at every
//! call. A leaf function with nothing in its frame has no frame at all
//! (see [`Frame::new`]).

use super::FunctionEmitter;
use crate::mir::{MFunction, MInst, SlotId};
use crate::regalloc::Allocation;
use crate::regs::{PReg, ARG_REGS};

/// Where the frame puts things, as `%rbp` offsets.
pub(super) struct Frame {
    /// The bytes below `%rbp`, a multiple of 16.
    size: u32,
    saves: Vec<(PReg, i32)>,
    spill_base: i32,
    /// Where the alloca slots start, below the spill slots.
    slot_base: i32,
    /// No `%rbp` frame at all.
    frameless: bool,
}

impl Frame {
    /// The frame of `mf`, whose registers are allocated by `alloc`.
    ///
    /// A function needs no frame when nothing is on the stack (no spill or
    /// alloca slot, no saved register, no stack parameter) and it makes no
    /// call that returns. Its only possible call, to `wend_div_by_zero`,
    /// never returns and needs no particular stack alignment (the runtime
    /// uses no SSE). Such leaf functions — getters, setters, small loops —
    /// skip the `%rbp` set-up and `leave`; debuggers still unwind them
    /// through the CFI directives.
    pub(super) fn new(mf: &MFunction, alloc: &Allocation) -> Frame {
        let mut used = 0i32;
        let saves: Vec<(PReg, i32)> = alloc
            .callee_saved_used
            .iter()
            .map(|&r| {
                used += 8;
                (r, -used)
            })
            .collect();
        let spill_base = -used;
        used += 8 * alloc.spill_slots as i32;
        // A multiple of 8, so slots aligned within their area are aligned.
        let slot_base = -used;
        let total = used as u32 + mf.slot_area + 8 * mf.max_stack_args;
        let size = total.div_ceil(16) * 16;
        let no_return = wend_ir::runtime::RuntimeFn::DivByZero.symbol();
        let only_noreturn_calls = mf.layout.iter().all(|&b| {
            mf.block(b).insts.iter().all(|inst| match inst {
                MInst::Call(call) => *call.callee == *no_return,
                MInst::Params { dsts } => dsts.len() <= ARG_REGS.len(),
                _ => true,
            })
        });
        Frame {
            size,
            frameless: size == 0 && saves.is_empty() && only_noreturn_calls,
            saves,
            spill_base,
            slot_base,
        }
    }

    /// Where alloca slot `slot` is.
    pub(super) fn slot_offset(&self, slot: SlotId) -> i32 {
        self.slot_base - slot.end() as i32
    }

    /// Where spill slot `s` is.
    pub(super) fn spill_offset(&self, s: u32) -> i32 {
        self.spill_base - 8 * (s as i32 + 1)
    }

    /// Sets the frame up: the `%rbp` chain, the room below it, the saved
    /// registers.
    pub(super) fn write_prologue(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        if !self.frameless {
            out.write_all(b"\tpushq %rbp\n\t.cfi_def_cfa_offset 16\n\t.cfi_offset %rbp, -16\n")?;
            out.write_all(b"\tmovq %rsp, %rbp\n\t.cfi_def_cfa_register %rbp\n")?;
        }
        if self.size > 0 {
            writeln!(out, "\tsubq ${}, %rsp", self.size)?;
        }
        // The saves are described, so that a debugger unwinding to a caller
        // reads the caller's values of these registers, not this function's.
        for &(r, off) in &self.saves {
            writeln!(out, "\tmovq {}, {off}(%rbp)", r.name64())?;
            writeln!(out, "\t.cfi_offset {}, {}", r.name64(), off - 16)?;
        }
        Ok(())
    }
}

/// Where each of the `slots` of `mf` is, as an offset from the canonical
/// frame address (the `%rsp` of the caller before its `call`, which the
/// debug information's frame base is): the frame's `%rbp` is 16 bytes
/// below it. All `None` for a function without a frame, which has no slots.
pub fn slot_frame_base_offsets(
    mf: &MFunction,
    alloc: &Allocation,
    slots: &[Option<SlotId>],
) -> Vec<Option<i64>> {
    let frame = Frame::new(mf, alloc);
    let frame = (!frame.frameless).then_some(frame);
    slots
        .iter()
        .map(|&slot| Some(i64::from(frame.as_ref()?.slot_offset(slot?)) - 16))
        .collect()
}

/// The frame-base (CFA) offset of spill slot `s`, as
/// [`slot_frame_base_offsets`] gives those of the alloca slots.
pub fn spill_frame_base_offset(mf: &MFunction, alloc: &Allocation, s: u32) -> Option<i64> {
    let frame = Frame::new(mf, alloc);
    (!frame.frameless).then(|| i64::from(frame.spill_offset(s)) - 16)
}

impl FunctionEmitter<'_> {
    /// Restores the saved registers, takes the frame down and returns
    /// (the CFI state is kept for the code after it).
    pub(super) fn epilogue(&mut self) {
        self.directive(".cfi_remember_state");
        for (r, off) in self.frame.saves.clone() {
            self.ins(format_args!("movq {off}(%rbp), {}", r.name64()));
        }
        if !self.frame.frameless {
            self.ins(format_args!("leave"));
            self.directive(".cfi_def_cfa %rsp, 8");
        }
        self.ins(format_args!("ret"));
        self.directive(".cfi_restore_state");
    }
}
