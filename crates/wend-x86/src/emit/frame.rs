//! The frame: where a function keeps what does not live in registers, its
//! prologue and its epilogue. Offsets in the frame are taken from where a
//! frame pointer would point (the *frame base* here: 16 bytes below the
//! canonical frame address, the `%rsp` of the caller before its `call`):
//!
//! ```text
//!   16+8k   incoming stack argument k (parameters 7, 8, …)
//!      8    return address
//!      0    caller's %rbp, with a frame pointer; without one, the first
//!           pushed callee-saved register (or the first spill slot)
//!     -8…   pushed callee-saved registers, spill slots, alloca slots
//!           outgoing stack arguments of calls, at 0(%rsp)…
//! ```
//!
//! The prologue pushes the callee-saved registers it uses (as gcc and
//! clang do: one instruction each way, no `%rsp` arithmetic for them), then
//! moves `%rsp` down over the rest. In a function that makes calls, `%rsp`
//! ends a multiple of 16 below the frame base, so it is 16-byte aligned at
//! every call; a leaf function needs no such padding. Two ways to address
//! the frame:
//!
//! * with a frame pointer ([`MFunction::frame_pointer`], at `-O0`), the
//!   prologue pushes `%rbp` and points it at the frame base, which keeps the
//!   chain of frame pointers that simple stack walkers follow; a place
//!   at offset `off` is `off(%rbp)`;
//! * without one (optimised code, as `-fomit-frame-pointer` in gcc and
//!   clang), a place at offset `off` is `off+depth(%rsp)`, `depth` being
//!   how far the prologue left `%rsp` below the frame base: `%rsp` does
//!   not move inside the function (the outgoing arguments have their room
//!   in the frame). `%rbp` is then a sixth callee-saved register for the
//!   allocator, pushed like the others when it is used.
//!
//! Debuggers unwind either through the CFI directives, which say where the
//! canonical frame address and the saved registers are after each step of
//! the prologue. A leaf function with nothing in its frame has no frame at
//! all (see [`Frame::new`]).

use super::operands::{MemOperand, Place};
use super::FunctionEmitter;
use crate::mir::{MFunction, MInst, SlotId};
use crate::regalloc::Allocation;
use crate::regs::{PReg, ARG_REGS};

/// Where the frame puts things, as offsets from the frame base.
pub(super) struct Frame {
    /// How far `%rsp` is below the frame base once the prologue is done
    /// (meaningless in a function without a frame, where it is -8).
    depth: i32,
    /// What the prologue subtracts from `%rsp` after its pushes.
    adjustment: i32,
    /// The pushed callee-saved registers, in push order, and where each is.
    saves: Vec<(PReg, i32)>,
    spill_base: i32,
    /// Where the alloca slots start, below the spill slots.
    slot_base: i32,
    /// How the frame is set up and addressed.
    kind: FrameKind,
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum FrameKind {
    /// No frame at all: `%rsp` stays where the `call` left it.
    None,
    /// `%rbp` points at the frame base.
    FramePointer,
    /// `%rsp` is `depth` bytes below the frame base.
    StackPointer,
}

impl Frame {
    /// The frame of `mf`, whose registers are allocated by `alloc`.
    ///
    /// A function needs no frame when nothing is on the stack (no spill or
    /// alloca slot, no saved register; with a frame pointer, no stack
    /// parameter either) and it makes no call that returns. Its only
    /// possible call, to `wend_div_by_zero`, never returns and needs no
    /// particular stack alignment (the runtime uses no SSE). Such leaf
    /// functions — getters, setters, small loops — skip the frame set-up;
    /// debuggers still unwind them through the CFI directives. For the same
    /// reason a leaf function's frame is not padded to 16 bytes: one that
    /// only saves registers pushes and pops them, with no `%rsp` arithmetic.
    pub(super) fn new(mf: &MFunction, alloc: &Allocation) -> Frame {
        let no_return = wend_ir::runtime::RuntimeFn::DivByZero.symbol();
        let only_noreturn_calls = mf.layout.iter().all(|&b| {
            mf.block(b).insts.iter().all(|inst| match inst {
                MInst::Call(call) => *call.callee == *no_return,
                // Stack parameters are addressed off the frame pointer.
                MInst::Params { dsts } => !mf.frame_pointer || dsts.len() <= ARG_REGS.len(),
                _ => true,
            })
        });
        // Registers are pushed from the first free 8 bytes down: below the
        // pushed %rbp with a frame pointer; without one, where that push
        // would have gone (just below the return address).
        let first_push: i32 = if mf.frame_pointer { -8 } else { 0 };
        let saves: Vec<(PReg, i32)> = (alloc.callee_saved_used.iter().enumerate())
            .map(|(k, &r)| (r, first_push - 8 * k as i32))
            .collect();
        let pushed = 8 * saves.len() as i32;
        let spill_base = first_push + 8 - pushed;
        // A multiple of 8, so slots aligned within their area are aligned.
        let slot_base = spill_base - 8 * alloc.spill_slots as i32;
        let rest = (8 * alloc.spill_slots
            + mf.slot_area.next_multiple_of(8)
            + 8 * mf.max_stack_args) as i32;
        // The frame base is 16 bytes below the canonical frame address, a
        // multiple of 16: a call needs `depth` to be one too.
        let above_rest = pushed - 8 - first_push;
        let depth = match only_noreturn_calls {
            true => above_rest + rest,
            false => (above_rest + rest + 15) & !15,
        };
        let kind = match (
            rest == 0 && saves.is_empty() && only_noreturn_calls,
            mf.frame_pointer,
        ) {
            (true, _) => FrameKind::None,
            (false, true) => FrameKind::FramePointer,
            (false, false) => FrameKind::StackPointer,
        };
        Frame {
            depth,
            adjustment: depth - above_rest,
            saves,
            spill_base,
            slot_base,
            kind,
        }
    }

    /// Whether the function has no frame (nor slots).
    fn is_none(&self) -> bool {
        self.kind == FrameKind::None
    }

    /// The place at offset `off` from the frame base.
    pub(super) fn place(&self, off: i32) -> Place {
        match self.kind {
            FrameKind::FramePointer => Place::Rbp(off),
            // The return address is at 0(%rsp), 8 above the frame base.
            FrameKind::None => Place::Rsp(off - 8),
            FrameKind::StackPointer => Place::Rsp(off + self.depth),
        }
    }

    /// [`Frame::place`] as a memory operand.
    pub(super) fn mem(&self, off: i32) -> MemOperand {
        match self.place(off) {
            Place::Rbp(off) => MemOperand::Rbp(off),
            Place::Rsp(off) => MemOperand::Rsp(off),
            Place::Reg(_) => unreachable!("a frame offset is memory"),
        }
    }

    /// Where incoming stack argument `k` (counting from the first one on
    /// the stack) is.
    pub(super) fn stack_param(&self, k: usize) -> Place {
        self.place(16 + 8 * k as i32)
    }

    /// Where alloca slot `slot` is.
    pub(super) fn slot_offset(&self, slot: SlotId) -> i32 {
        self.slot_base - slot.end() as i32
    }

    /// Where spill slot `s` is.
    pub(super) fn spill_offset(&self, s: u32) -> i32 {
        self.spill_base - 8 * (s as i32 + 1)
    }

    /// Sets the frame up: the `%rbp` chain, the pushed registers, the room
    /// below `%rsp`.
    pub(super) fn write_prologue(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        if self.kind == FrameKind::FramePointer {
            out.write_all(b"\tpushq %rbp\n\t.cfi_def_cfa_offset 16\n\t.cfi_offset %rbp, -16\n")?;
            out.write_all(b"\tmovq %rsp, %rbp\n\t.cfi_def_cfa_register %rbp\n")?;
        }
        // The saves are described, so that a debugger unwinding to a caller
        // reads the caller's values of these registers, not this function's.
        for &(r, off) in &self.saves {
            writeln!(out, "\tpushq {}", r.name64())?;
            if self.kind == FrameKind::StackPointer {
                writeln!(out, "\t.cfi_def_cfa_offset {}", 16 - off)?;
            }
            writeln!(out, "\t.cfi_offset {}, {}", r.name64(), off - 16)?;
        }
        if self.adjustment > 0 {
            writeln!(out, "\tsubq ${}, %rsp", self.adjustment)?;
            if self.kind == FrameKind::StackPointer {
                writeln!(out, "\t.cfi_def_cfa_offset {}", self.depth + 16)?;
            }
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
    let frame = (!frame.is_none()).then_some(frame);
    slots
        .iter()
        .map(|&slot| Some(i64::from(frame.as_ref()?.slot_offset(slot?)) - 16))
        .collect()
}

/// The frame-base (CFA) offset of spill slot `s`, as
/// [`slot_frame_base_offsets`] gives those of the alloca slots.
pub fn spill_frame_base_offset(mf: &MFunction, alloc: &Allocation, s: u32) -> Option<i64> {
    let frame = Frame::new(mf, alloc);
    (!frame.is_none()).then(|| i64::from(frame.spill_offset(s)) - 16)
}

impl FunctionEmitter<'_> {
    /// Restores the saved registers, takes the frame down and returns
    /// (the CFI state is kept for the code after it).
    pub(super) fn epilogue(&mut self) {
        self.directive(".cfi_remember_state");
        match self.frame.kind {
            FrameKind::None => {}
            FrameKind::FramePointer => {
                for (r, off) in self.frame.saves.clone() {
                    let from = self.frame.place(off).text(crate::mir::Width::W64);
                    self.ins(format_args!("movq {from}, {}", r.name64()));
                }
                self.ins(format_args!("leave"));
                self.directive(".cfi_def_cfa %rsp, 8");
            }
            FrameKind::StackPointer => {
                let adjustment = self.frame.adjustment;
                let mut cfa_offset = self.frame.depth + 16;
                if adjustment > 0 {
                    self.ins(format_args!("addq ${adjustment}, %rsp"));
                    cfa_offset -= adjustment;
                    self.directive(&format!(".cfi_def_cfa_offset {cfa_offset}"));
                }
                for (r, _) in self.frame.saves.clone().into_iter().rev() {
                    self.ins(format_args!("popq {}", r.name64()));
                    cfa_offset -= 8;
                    self.directive(&format!(".cfi_def_cfa_offset {cfa_offset}"));
                }
            }
        }
        self.ins(format_args!("ret"));
        self.directive(".cfi_restore_state");
    }
}
