//! Instruction and terminator kinds, with operand and successor iteration.
//!
//! The set mirrors the LLVM subset wendc needs: `alloca` (of one value or
//! an array), `getelementptr` (an element of an array), `load`, `store`,
//! integer arithmetic, `icmp`, `select`, `call`, `phi`, and the terminators
//! `br`, conditional `br`, `ret` and `unreachable`.

use crate::entities::{Block, FuncId, Value};
use std::fmt;

/// The most elements one `alloca` may have: a million `i32`s is 4 MiB,
/// half of a native program's stack.
pub const MAX_ALLOCA_COUNT: u32 = 1 << 20;

/// Two-operand integer operations. `SDiv`/`SRem` have LLVM's meaning: the
/// result is undefined for a zero divisor and for `INT_MIN / -1`, so the
/// frontend guards both before it emits them. `LShr` is LLVM's logical
/// shift right (zeros shifted in), defined on `i32` for an amount in
/// `0..32`; the frontend never emits it (wend has no bit operations), the
/// optimizer does, for the division by 2^k of a value known non-negative.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    SDiv,
    SRem,
    And,
    Or,
    Xor,
    LShr,
}

impl BinOp {
    pub const ALL: [BinOp; 9] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::SDiv,
        BinOp::SRem,
        BinOp::And,
        BinOp::Or,
        BinOp::Xor,
        BinOp::LShr,
    ];

    /// The LLVM mnemonic.
    pub fn mnemonic(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::SDiv => "sdiv",
            BinOp::SRem => "srem",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Xor => "xor",
            BinOp::LShr => "lshr",
        }
    }

    pub fn from_mnemonic(s: &str) -> Option<BinOp> {
        BinOp::ALL.into_iter().find(|op| op.mnemonic() == s)
    }

    /// `a op b` on constants of type `ty`, with the IR's semantics — the
    /// one definition the interpreter, SCCP and instruction selection all
    /// fold with. `i32` arithmetic wraps; `i1` operands are read
    /// sign-extended (`true` is -1, as LLVM's signed ops see it) and the
    /// result keeps its low bit (0/1). `None` where LLVM leaves the result
    /// undefined: a zero divisor, or the type's minimum divided by -1
    /// (the frontend guards both before it emits `sdiv`/`srem`), and a
    /// shift by an amount outside `0..32` (or of an `i1`).
    pub fn fold(self, ty: Type, a: i32, b: i32) -> Option<i32> {
        if self == BinOp::LShr {
            return match (ty, b) {
                (Type::I32, 0..=31) => Some(((a as u32) >> b) as i32),
                _ => None,
            };
        }
        let is_i1 = ty == Type::I1;
        let widen = |c: i32| if is_i1 { -(c & 1) } else { c };
        let (a, b) = (widen(a), widen(b));
        let type_min = if is_i1 { -1 } else { i32::MIN };
        let result = match self {
            BinOp::Add => a.wrapping_add(b),
            BinOp::Sub => a.wrapping_sub(b),
            BinOp::Mul => a.wrapping_mul(b),
            BinOp::And => a & b,
            BinOp::Or => a | b,
            BinOp::Xor => a ^ b,
            BinOp::SDiv | BinOp::SRem if b == 0 || (a == type_min && b == -1) => return None,
            // Rust's `/` and `%` truncate toward zero, like `sdiv`/`srem`.
            BinOp::SDiv => a / b,
            BinOp::SRem => a % b,
            BinOp::LShr => unreachable!("folded above"),
        };
        Some(if is_i1 { result & 1 } else { result })
    }

    /// `a op b == b op a`.
    pub fn is_commutative(self) -> bool {
        matches!(
            self,
            BinOp::Add | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor
        )
    }
}

/// Signed integer comparisons (and equality, which also applies to `i1`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum IcmpCond {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
}

impl IcmpCond {
    pub const ALL: [IcmpCond; 6] = [
        IcmpCond::Eq,
        IcmpCond::Ne,
        IcmpCond::Slt,
        IcmpCond::Sle,
        IcmpCond::Sgt,
        IcmpCond::Sge,
    ];

    pub fn mnemonic(self) -> &'static str {
        match self {
            IcmpCond::Eq => "eq",
            IcmpCond::Ne => "ne",
            IcmpCond::Slt => "slt",
            IcmpCond::Sle => "sle",
            IcmpCond::Sgt => "sgt",
            IcmpCond::Sge => "sge",
        }
    }

    pub fn from_mnemonic(s: &str) -> Option<IcmpCond> {
        IcmpCond::ALL.into_iter().find(|c| c.mnemonic() == s)
    }

    /// The condition that holds exactly when `self` does not.
    pub fn inverse(self) -> IcmpCond {
        match self {
            IcmpCond::Eq => IcmpCond::Ne,
            IcmpCond::Ne => IcmpCond::Eq,
            IcmpCond::Slt => IcmpCond::Sge,
            IcmpCond::Sle => IcmpCond::Sgt,
            IcmpCond::Sgt => IcmpCond::Sle,
            IcmpCond::Sge => IcmpCond::Slt,
        }
    }

    /// The condition with the operands exchanged: `a < b` is `b > a`.
    pub fn swapped(self) -> IcmpCond {
        match self {
            IcmpCond::Slt => IcmpCond::Sgt,
            IcmpCond::Sle => IcmpCond::Sge,
            IcmpCond::Sgt => IcmpCond::Slt,
            IcmpCond::Sge => IcmpCond::Sle,
            c => c,
        }
    }

    /// `icmp self a, b` on constants of type `ty`, with the IR's semantics
    /// (SCCP and GVN fold with it): `i1` operands are read sign-extended
    /// (`true` is -1), as LLVM's signed comparisons see them.
    pub fn fold(self, ty: Type, a: i32, b: i32) -> bool {
        let widen = |c: i32| if ty == Type::I1 { -(c & 1) } else { c };
        self.eval(widen(a), widen(b))
    }

    /// Evaluates the comparison on two integers (booleans as 0/1).
    pub fn eval(self, a: i32, b: i32) -> bool {
        match self {
            IcmpCond::Eq => a == b,
            IcmpCond::Ne => a != b,
            IcmpCond::Slt => a < b,
            IcmpCond::Sle => a <= b,
            IcmpCond::Sgt => a > b,
            IcmpCond::Sge => a >= b,
        }
    }
}

/// A non-terminator instruction. Its result value, if any, is recorded in
/// [`crate::InstData::result`].
///
/// Every kind fits in 16 bytes: the only lists, call arguments and phi
/// entries, are `ThinVec`s (one pointer; length and capacity live with the
/// elements), because the passes walk the instruction arena again and
/// again and its size is what they pay in cache misses.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum InstKind {
    /// Reserves `count` consecutive stack slots for values of type `ty`
    /// (`count` is 1 for a variable, more for an array: LLVM's
    /// `alloca ty, i32 count`); yields `ty*`, the address of the first.
    Alloca {
        ty: Type,
        count: u32,
    },
    /// The address of the element `index` places after the one `base`
    /// points to (LLVM's `getelementptr inbounds ty, ty* base, i32 index`);
    /// yields `base`'s type. The result must stay inside the alloca `base`
    /// points into: an element pointer outside it is undefined (the
    /// interpreter reports it as bad IR), so, like a load, it is not
    /// speculated past the test that keeps it in bounds.
    ElementPtr {
        base: Value,
        index: Value,
    },
    /// Reads the pointee of `ptr`.
    Load {
        ptr: Value,
    },
    /// Writes `value` to `ptr`; no result.
    Store {
        value: Value,
        ptr: Value,
    },
    Binary {
        op: BinOp,
        lhs: Value,
        rhs: Value,
    },
    /// Yields `i1`.
    Icmp {
        cond: IcmpCond,
        lhs: Value,
        rhs: Value,
    },
    Select {
        cond: Value,
        if_true: Value,
        if_false: Value,
    },
    /// Result present iff the callee returns a value.
    Call {
        callee: FuncId,
        args: ThinVec<Value>,
    },
    /// One entry per incoming CFG edge (a predecessor that branches here
    /// twice, as in `br %c, label %b, label %b`, has two entries).
    Phi {
        incoming: ThinVec<(Block, Value)>,
    },
    /// For `-g`: from here on, the source variable `var` (an index into
    /// the function's [`crate::debug_info::FunctionDebug::variables`])
    /// holds `value` — LLVM's `llvm.dbg.value`. mem2reg leaves one where it
    /// deletes a store to a variable, and one after the phis it places.
    /// No code: `value` is not an operand ([`InstKind::for_each_operand`]
    /// skips it), so it keeps nothing alive and changes no optimisation;
    /// it follows the value's replacements ([`InstKind::map_operands`]),
    /// and where the value's definition is deleted, or `value` is `undef`,
    /// the variable's value is unknown from here on (`<optimized out>`).
    /// A pass may move or delete one only as [`crate::debug_info`] says.
    DebugValue {
        var: u32,
        value: Value,
    },
}

use crate::types::Type;
pub use thin_vec::{thin_vec, ThinVec};

impl InstKind {
    /// Calls `f` on every value operand, in order.
    pub fn for_each_operand(&self, mut f: impl FnMut(Value)) {
        match self {
            InstKind::Alloca { .. } => {}
            InstKind::Load { ptr } => f(*ptr),
            InstKind::Store { value, ptr } => {
                f(*value);
                f(*ptr);
            }
            InstKind::ElementPtr { base, index } => {
                f(*base);
                f(*index);
            }
            InstKind::Binary { lhs, rhs, .. } | InstKind::Icmp { lhs, rhs, .. } => {
                f(*lhs);
                f(*rhs);
            }
            InstKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                f(*cond);
                f(*if_true);
                f(*if_false);
            }
            InstKind::Call { args, .. } => args.iter().copied().for_each(f),
            InstKind::Phi { incoming } => incoming.iter().for_each(|&(_, v)| f(v)),
            InstKind::DebugValue { .. } => {}
        }
    }

    /// Replaces every value operand `v` by `f(v)`.
    pub fn map_operands(&mut self, mut f: impl FnMut(Value) -> Value) {
        match self {
            InstKind::Alloca { .. } => {}
            InstKind::Load { ptr } => *ptr = f(*ptr),
            InstKind::Store { value, ptr } => {
                *value = f(*value);
                *ptr = f(*ptr);
            }
            InstKind::ElementPtr { base, index } => {
                *base = f(*base);
                *index = f(*index);
            }
            InstKind::Binary { lhs, rhs, .. } | InstKind::Icmp { lhs, rhs, .. } => {
                *lhs = f(*lhs);
                *rhs = f(*rhs);
            }
            InstKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                *cond = f(*cond);
                *if_true = f(*if_true);
                *if_false = f(*if_false);
            }
            InstKind::Call { args, .. } => args.iter_mut().for_each(|a| *a = f(*a)),
            InstKind::Phi { incoming } => incoming.iter_mut().for_each(|(_, v)| *v = f(*v)),
            InstKind::DebugValue { value, .. } => *value = f(*value),
        }
    }

    /// The operands as a vector (convenient, allocates).
    pub fn operands(&self) -> Vec<Value> {
        let mut out = Vec::new();
        self.for_each_operand(|v| out.push(v));
        out
    }

    /// An `alloca` of one value (what mem2reg may promote), not of an array.
    pub fn is_scalar_alloca(&self) -> bool {
        matches!(self, InstKind::Alloca { count: 1, .. })
    }

    pub fn is_phi(&self) -> bool {
        matches!(self, InstKind::Phi { .. })
    }

    /// Whether this is a [`InstKind::DebugValue`] (no code).
    pub fn is_debug_value(&self) -> bool {
        matches!(self, InstKind::DebugValue { .. })
    }

    /// True for instructions whose effect is more than their result: stores
    /// and calls (a call may print, write through pointers or not return).
    pub fn has_side_effects(&self) -> bool {
        matches!(self, InstKind::Store { .. } | InstKind::Call { .. })
    }
}

/// The last instruction of a block.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Terminator {
    Br {
        dest: Block,
    },
    CondBr {
        cond: Value,
        then_dest: Block,
        else_dest: Block,
    },
    Ret {
        value: Option<Value>,
    },
    /// Control never gets here (after a call that does not return).
    Unreachable,
}

impl Terminator {
    /// The successor blocks, one per CFG edge, in order (a conditional branch
    /// whose two targets coincide yields that block twice).
    pub fn successors(&self) -> Successors {
        match *self {
            Terminator::Br { dest } => Successors::new(&[dest]),
            Terminator::CondBr {
                then_dest,
                else_dest,
                ..
            } => Successors::new(&[then_dest, else_dest]),
            Terminator::Ret { .. } | Terminator::Unreachable => Successors::new(&[]),
        }
    }

    /// The successors with the label a drawing of the CFG puts on each
    /// edge: `T` and `F` on a conditional branch's, none on a jump's.
    pub fn labelled_successors(&self) -> impl Iterator<Item = (Block, Option<&'static str>)> {
        let labels: &[Option<&'static str>] = match self {
            Terminator::CondBr { .. } => &[Some("T"), Some("F")],
            _ => &[None],
        };
        self.successors().zip(labels.iter().copied())
    }

    /// Replaces every successor `b` by `f(b)` (used when splitting edges).
    pub fn map_successors(&mut self, mut f: impl FnMut(Block) -> Block) {
        match self {
            Terminator::Br { dest } => *dest = f(*dest),
            Terminator::CondBr {
                then_dest,
                else_dest,
                ..
            } => {
                *then_dest = f(*then_dest);
                *else_dest = f(*else_dest);
            }
            Terminator::Ret { .. } | Terminator::Unreachable => {}
        }
    }

    pub fn for_each_operand(&self, mut f: impl FnMut(Value)) {
        match self {
            Terminator::CondBr { cond, .. } => f(*cond),
            Terminator::Ret { value: Some(v) } => f(*v),
            _ => {}
        }
    }

    pub fn map_operands(&mut self, mut f: impl FnMut(Value) -> Value) {
        match self {
            Terminator::CondBr { cond, .. } => *cond = f(*cond),
            Terminator::Ret { value: Some(v) } => *v = f(*v),
            _ => {}
        }
    }
}

/// The successors of a terminator: at most two, without allocation.
#[derive(Clone, Debug)]
pub struct Successors {
    blocks: [Option<Block>; 2],
    next: usize,
}

impl Successors {
    fn new(list: &[Block]) -> Self {
        let mut blocks = [None, None];
        for (slot, &b) in blocks.iter_mut().zip(list) {
            *slot = Some(b);
        }
        Successors { blocks, next: 0 }
    }
}

impl Iterator for Successors {
    type Item = Block;
    fn next(&mut self) -> Option<Block> {
        let b = *self.blocks.get(self.next)?;
        self.next += 1;
        b
    }
}

impl fmt::Display for BinOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mnemonic())
    }
}

impl fmt::Display for IcmpCond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mnemonic())
    }
}
