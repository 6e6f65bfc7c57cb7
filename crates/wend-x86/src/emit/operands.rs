//! Operands: where each virtual register is once registers are allocated
//! (a register, a frame slot, an outgoing argument slot), and how AT&T
//! syntax spells it at a width, written straight into the output (no
//! `String` per operand).

use super::FunctionEmitter;
use crate::mir::{Addr, Operand, VReg, Width};
use crate::regalloc::Loc;
use crate::regs::{PReg, SCRATCH2};
use std::fmt;

/// A place a value can be in once registers are allocated.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) enum Place {
    Reg(PReg),
    /// `off(%rbp)`: in the frame of a function with a frame pointer.
    Rbp(i32),
    /// `off(%rsp)`: an outgoing stack argument, or in the frame of a
    /// function without a frame pointer.
    Rsp(i32),
}

impl Place {
    pub(super) fn is_mem(self) -> bool {
        !matches!(self, Place::Reg(_))
    }

    pub(super) fn text(self, w: Width) -> OperandText {
        OperandText(Src::Place(self), w)
    }
}

/// A source: a place or an immediate.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Src {
    Place(Place),
    Imm(i32),
}

impl Src {
    pub(super) fn text(self, w: Width) -> OperandText {
        OperandText(self, w)
    }

    pub(super) fn is_mem(self) -> bool {
        matches!(self, Src::Place(p) if p.is_mem())
    }
}

/// The AT&T spelling of an operand at a width, written straight into the
/// output by `{}` (no `String` per operand).
#[derive(Copy, Clone)]
pub(super) struct OperandText(Src, Width);

impl fmt::Display for OperandText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Src::Place(Place::Reg(r)) => f.write_str(match self.1 {
                Width::W32 => r.name32(),
                Width::W64 => r.name64(),
            }),
            Src::Place(Place::Rbp(off)) => write!(f, "{off}(%rbp)"),
            Src::Place(Place::Rsp(0)) => f.write_str("(%rsp)"),
            Src::Place(Place::Rsp(off)) => write!(f, "{off}(%rsp)"),
            Src::Imm(i) => write!(f, "${i}"),
        }
    }
}

/// A memory operand: `off(%rbp)`, `off(%rsp)` or `off(%reg)`.
#[derive(Copy, Clone)]
pub(super) enum MemOperand {
    Rbp(i32),
    Rsp(i32),
    /// `off(%reg)`.
    Ptr(PReg, i16),
}

impl fmt::Display for MemOperand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MemOperand::Rbp(off) => write!(f, "{off}(%rbp)"),
            MemOperand::Rsp(0) => f.write_str("(%rsp)"),
            MemOperand::Rsp(off) => write!(f, "{off}(%rsp)"),
            MemOperand::Ptr(r, 0) => write!(f, "({})", r.name64()),
            MemOperand::Ptr(r, off) => write!(f, "{off}({})", r.name64()),
        }
    }
}

pub(super) fn suffix(w: Width) -> &'static str {
    match w {
        Width::W32 => "l",
        Width::W64 => "q",
    }
}

impl FunctionEmitter<'_> {
    pub(super) fn place(&self, v: VReg) -> Place {
        match self.alloc.loc(v) {
            Loc::Reg(r) => Place::Reg(r),
            Loc::Spill(s) => self.frame.place(self.frame.spill_offset(s)),
            Loc::Incoming(k) => self.frame.stack_param(k as usize),
        }
    }

    pub(super) fn src(&self, op: Operand) -> Src {
        match op {
            Operand::Reg(v) => Src::Place(self.place(v)),
            Operand::Imm(i) => Src::Imm(i),
        }
    }

    pub(super) fn width(&self, v: VReg) -> Width {
        self.mf.vreg_widths[v]
    }

    /// The text of a memory operand, loading a spilled pointer into `%r10`.
    pub(super) fn address(&mut self, addr: Addr) -> MemOperand {
        match addr {
            Addr::Slot(slot) => self.frame.mem(self.frame.slot_offset(slot)),
            Addr::Ptr(p, offset) => match self.place(p) {
                Place::Reg(r) => MemOperand::Ptr(r, offset),
                spilled => {
                    self.mov(Width::W64, Src::Place(spilled), Place::Reg(SCRATCH2));
                    MemOperand::Ptr(SCRATCH2, offset)
                }
            },
        }
    }

    /// An operand's location, for comments.
    pub(super) fn describe(&self, op: Operand) -> String {
        match op {
            Operand::Reg(v) => self.place(v).text(self.width(v)).to_string(),
            Operand::Imm(i) => format!("${i}"),
        }
    }
}
