//! The machine IR: x86-64 instructions over virtual registers.
//!
//! Instruction selection ([`crate::isel`]) produces it, the register
//! allocator assigns every [`VReg`] a register or a stack slot, and the
//! emitter ([`crate::emit`]) prints each instruction as one to a few AT&T
//! instructions. The instructions are already x86 in spirit (a compare fused
//! into a branch, `idiv`, `setcc`, `cmov`, `lea`, immediates folded) but stay
//! three-address: choosing the two-address form and materialising operands
//! that ended up in memory is left to the emitter, once locations are known.
//!
//! The blocks are the IR function's blocks (after edge splitting), so a
//! machine block is named by its IR [`Block`].

use cranelift_entity::{entity_impl, EntityRef, PrimaryMap, SecondaryMap};
use std::fmt;
use wend_ir::flat_lists::FlatLists;
use wend_ir::{Block, IcmpCond, Inst, StrId};

/// A virtual register: one SSA value, a phi's destination, or a temporary.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VReg(u32);
entity_impl!(VReg, "%v");

/// The width of a register value: ints and bools (0/1) use 32-bit
/// registers, pointers 64-bit ones.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Width {
    W32,
    W64,
}

/// A source operand: a virtual register or a 32-bit immediate.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Operand {
    Reg(VReg),
    Imm(i32),
}

/// A stack slot holding an `alloca`'d variable, numbered by where it ends
/// in the function's area of slots: the slot is the bytes just below that
/// many bytes into the area ([`MFunction::new_slot`]). So a slot's frame
/// offset is a sum, not a table lookup: a huge function has a slot per
/// variable, and looking each access's slot up in a table was a cache miss.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SlotId(u32);
entity_impl!(SlotId, "slot");

impl SlotId {
    /// How far into the area of slots the slot ends, in bytes.
    pub fn end(self) -> u32 {
        self.0
    }

    /// The element `bytes` above the start of this slot (an array's
    /// element at a constant index): slots are addressed by their end
    /// below the area's top, so it ends that much nearer the top.
    pub fn element(self, bytes: i32) -> SlotId {
        SlotId(self.0.wrapping_sub(bytes as u32))
    }
}

/// The address of a load or store.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Addr {
    /// An alloca's own slot: addressed directly off `%rbp`, no `lea` needed.
    Slot(SlotId),
    /// A pointer held in a register (a captured variable of an outer
    /// function), plus a constant byte offset (a known element of it; 16
    /// bits keep [`MInst`] small, a larger one is an `lea`).
    Ptr(VReg, i16),
}

/// The size of a memory access: `i8` is a byte, `i1` and `i32` are 4 bytes
/// (bools are stored as 32-bit 0/1, which only this backend reads); a
/// pointer is 8 (only stored, for the debugger: see
/// [`crate::isel::select_function_with_slots`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MemWidth {
    Byte,
    Long,
    Quad,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum AluOp {
    Add,
    Sub,
    Imul,
    And,
    Or,
    Xor,
    /// Logical shift right (`shrl`), by an immediate or by `%cl`.
    Shr,
}

impl AluOp {
    pub fn mnemonic(self) -> &'static str {
        match self {
            AluOp::Add => "add",
            AluOp::Sub => "sub",
            AluOp::Imul => "imul",
            AluOp::And => "and",
            AluOp::Or => "or",
            AluOp::Xor => "xor",
            AluOp::Shr => "shr",
        }
    }

    pub fn is_commutative(self) -> bool {
        !matches!(self, AluOp::Sub | AluOp::Shr)
    }
}

/// A signed condition code, as in `jl` / `setl` / `cmovl`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Cond {
    E,
    Ne,
    L,
    Le,
    G,
    Ge,
}

impl Cond {
    pub fn from_icmp(c: IcmpCond) -> Cond {
        match c {
            IcmpCond::Eq => Cond::E,
            IcmpCond::Ne => Cond::Ne,
            IcmpCond::Slt => Cond::L,
            IcmpCond::Sle => Cond::Le,
            IcmpCond::Sgt => Cond::G,
            IcmpCond::Sge => Cond::Ge,
        }
    }

    pub fn suffix(self) -> &'static str {
        match self {
            Cond::E => "e",
            Cond::Ne => "ne",
            Cond::L => "l",
            Cond::Le => "le",
            Cond::G => "g",
            Cond::Ge => "ge",
        }
    }

    pub fn inverse(self) -> Cond {
        match self {
            Cond::E => Cond::Ne,
            Cond::Ne => Cond::E,
            Cond::L => Cond::Ge,
            Cond::Le => Cond::G,
            Cond::G => Cond::Le,
            Cond::Ge => Cond::L,
        }
    }

    /// The condition with the operands exchanged.
    pub fn swapped(self) -> Cond {
        match self {
            Cond::L => Cond::G,
            Cond::Le => Cond::Ge,
            Cond::G => Cond::L,
            Cond::Ge => Cond::Le,
            c => c,
        }
    }

    pub fn eval(self, a: i32, b: i32) -> bool {
        match self {
            Cond::E => a == b,
            Cond::Ne => a != b,
            Cond::L => a < b,
            Cond::Le => a <= b,
            Cond::G => a > b,
            Cond::Ge => a >= b,
        }
    }
}

/// A machine instruction. Its lists are boxed slices rather than `Vec`s,
/// and the two rare wide instructions (selects and calls) are boxed, which
/// keeps every instruction at 24 bytes: a function of 100 000 lines has
/// millions of them. Comparisons compute `lhs - rhs` (`cmpl rhs, lhs`);
/// instruction selection guarantees their `lhs` is a register.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MInst {
    /// Marks where the code of an IR instruction starts (for `.loc` and the
    /// `--asm-comments` comment); generates no code. Without comments,
    /// instruction selection only marks where the source line changes
    /// ([`crate::isel::Notes`]).
    Note {
        inst: Inst,
        /// The instruction's source line (0 if none), so that the IR is
        /// not needed to emit `.loc`.
        line: u32,
    },
    /// From here on, the debug table's variable `var` holds `value`
    /// (`None`: unknown), for `-g`'s location lists; no code, and no use
    /// of the register (see `wend_ir::InstKind::DebugValue`).
    DebugValue {
        var: u32,
        value: Option<Operand>,
    },
    /// Defines the parameters from their ABI locations (first in the entry).
    Params {
        dsts: Box<[VReg]>,
    },
    Copy {
        dst: VReg,
        src: Operand,
    },
    /// 32-bit wrapping arithmetic: `dst = lhs op rhs`.
    Alu {
        op: AluOp,
        dst: VReg,
        lhs: Operand,
        rhs: Operand,
    },
    /// `cltd; idivl`: quotient (`rem == false`) or remainder. Clobbers
    /// `%eax` and `%edx`.
    ///
    /// With `wraps`, a divisor of -1 (for which `idivl` would fault on
    /// `INT_MIN`) gives wend's result instead, `-lhs` (wrapping) or 0, from
    /// code out of line reached by one compare and branch: what the IR
    /// says with two `select`s around the division (see
    /// `isel::WrappingDivision`).
    Div {
        rem: bool,
        wraps: bool,
        dst: VReg,
        lhs: Operand,
        rhs: Operand,
    },
    /// `lhs / divisor` (`rem == false`) or `lhs % divisor` for a non-zero
    /// constant divisor, by the shifts or the multiplication of
    /// [`crate::divconst`]. Uses only the scratch registers.
    DivConst {
        rem: bool,
        dst: VReg,
        lhs: VReg,
        divisor: i32,
    },
    /// `dst = (lhs cond rhs) ? 1 : 0`.
    SetCc {
        cond: Cond,
        dst: VReg,
        lhs: VReg,
        rhs: Operand,
    },
    /// See [`MSelect`].
    Select(Box<MSelect>),
    /// The address of an alloca slot.
    LeaSlot {
        dst: VReg,
        slot: SlotId,
    },
    /// The address of element `index` (sign-extended, times `scale`
    /// bytes) counted from `base`: an `elementptr` whose index or base is
    /// not known when selecting.
    LeaElement {
        dst: VReg,
        base: Addr,
        index: Operand,
        scale: u8,
    },
    /// The address of a string constant.
    LeaStr {
        dst: VReg,
        string: StrId,
    },
    Load {
        dst: VReg,
        addr: Addr,
        width: MemWidth,
    },
    Store {
        src: Operand,
        addr: Addr,
        width: MemWidth,
    },
    /// See [`MCall`].
    Call(Box<MCall>),
    /// All sources are read, then all destinations written: the copies of
    /// the phis of this block's single successor.
    ParallelMove {
        moves: Box<[(VReg, Operand)]>,
    },
}

/// `dst = (lhs cond rhs) ? if_true : if_false`: `cmpl` + `cmov`. The
/// comparison is the `icmp` the select's condition comes from, or
/// `cond != 0` for any other boolean.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MSelect {
    pub dst: VReg,
    pub cond: Cond,
    pub lhs: VReg,
    pub rhs: Operand,
    pub if_true: Operand,
    pub if_false: Operand,
}

/// A System V call; clobbers every caller-saved register.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MCall {
    pub callee: Box<str>,
    pub args: Box<[Operand]>,
    pub ret: Option<VReg>,
}

/// The last instruction of a machine block.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MTerm {
    Jmp {
        dest: Block,
    },
    /// `cmp` + `jcc then_dest` + `jmp else_dest`.
    Branch {
        cond: Cond,
        lhs: VReg,
        rhs: Operand,
        then_dest: Block,
        else_dest: Block,
    },
    Ret {
        value: Option<Operand>,
    },
    /// `ud2`: control never gets here.
    Unreachable,
}

impl MTerm {
    /// The successor blocks, in order (no allocation: at most two).
    pub fn successors(&self) -> impl Iterator<Item = Block> {
        let pair = match *self {
            MTerm::Jmp { dest } => [Some(dest), None],
            MTerm::Branch {
                then_dest,
                else_dest,
                ..
            } => [Some(then_dest), Some(else_dest)],
            MTerm::Ret { .. } | MTerm::Unreachable => [None, None],
        };
        pair.into_iter().flatten()
    }

    pub fn for_each_use(&self, mut f: impl FnMut(VReg)) {
        match self {
            MTerm::Branch { lhs, rhs, .. } => {
                f(*lhs);
                use_operand(rhs, &mut f);
            }
            MTerm::Ret { value: Some(v) } => use_operand(v, &mut f),
            _ => {}
        }
    }
}

fn use_operand(op: &Operand, f: &mut impl FnMut(VReg)) {
    if let Operand::Reg(v) = op {
        f(*v)
    }
}

impl MInst {
    /// Calls `f` on every register the instruction reads.
    pub fn for_each_use(&self, mut f: impl FnMut(VReg)) {
        let f = &mut f;
        match self {
            MInst::Note { .. }
            | MInst::DebugValue { .. }
            | MInst::Params { .. }
            | MInst::LeaSlot { .. }
            | MInst::LeaStr { .. } => {}
            MInst::Copy { src, .. } => use_operand(src, f),
            MInst::Alu { lhs, rhs, .. } | MInst::Div { lhs, rhs, .. } => {
                use_operand(lhs, f);
                use_operand(rhs, f);
            }
            MInst::SetCc { lhs, rhs, .. } => {
                f(*lhs);
                use_operand(rhs, f);
            }
            MInst::DivConst { lhs, .. } => f(*lhs),
            MInst::Select(select) => {
                f(select.lhs);
                use_operand(&select.rhs, f);
                use_operand(&select.if_true, f);
                use_operand(&select.if_false, f);
            }
            MInst::Load { addr, .. } => {
                if let Addr::Ptr(p, _) = addr {
                    f(*p)
                }
            }
            MInst::Store { src, addr, .. } => {
                use_operand(src, f);
                if let Addr::Ptr(p, _) = addr {
                    f(*p)
                }
            }
            MInst::LeaElement { base, index, .. } => {
                if let Addr::Ptr(p, _) = base {
                    f(*p)
                }
                use_operand(index, f);
            }
            MInst::Call(call) => call.args.iter().for_each(|a| use_operand(a, f)),
            MInst::ParallelMove { moves } => moves.iter().for_each(|(_, s)| use_operand(s, f)),
        }
    }

    /// Calls `f` on every register the instruction writes.
    pub fn for_each_def(&self, mut f: impl FnMut(VReg)) {
        match self {
            MInst::Note { .. } | MInst::DebugValue { .. } | MInst::Store { .. } => {}
            MInst::Params { dsts } => dsts.iter().copied().for_each(f),
            MInst::Copy { dst, .. }
            | MInst::Alu { dst, .. }
            | MInst::Div { dst, .. }
            | MInst::DivConst { dst, .. }
            | MInst::SetCc { dst, .. }
            | MInst::LeaSlot { dst, .. }
            | MInst::LeaElement { dst, .. }
            | MInst::LeaStr { dst, .. }
            | MInst::Load { dst, .. } => f(*dst),
            MInst::Select(select) => f(select.dst),
            MInst::Call(call) => call.ret.iter().copied().for_each(f),
            MInst::ParallelMove { moves } => moves.iter().for_each(|(d, _)| f(*d)),
        }
    }

    pub fn is_call(&self) -> bool {
        matches!(self, MInst::Call(_))
    }
}

/// A block as stored: its instructions are a range of the function's
/// [`MFunction::insts`].
#[derive(Clone, Debug)]
pub struct MBlockData {
    pub insts: std::ops::Range<u32>,
    pub term: MTerm,
    /// The source line of the IR terminator, 0 if none.
    pub term_line: u32,
}

/// A block of a [`MFunction`], as its users see it.
#[derive(Clone, Copy, Debug)]
pub struct MBlock<'a> {
    pub insts: &'a [MInst],
    pub term: &'a MTerm,
    /// The source line of the IR terminator, 0 if none.
    pub term_line: u32,
}

/// A function in machine IR.
#[derive(Clone, Debug)]
pub struct MFunction {
    pub name: String,
    /// The machine blocks in emission order; `layout[0]` is the entry.
    pub layout: Vec<Block>,
    pub blocks: SecondaryMap<Block, Option<MBlockData>>,
    /// The instructions of all the blocks, block after block in layout
    /// order: one array, as a huge function has millions of them and a
    /// list per block would be an allocation per block.
    pub insts: Vec<MInst>,
    pub vreg_widths: PrimaryMap<VReg, Width>,
    /// Size in bytes of the area holding the alloca slots.
    pub slot_area: u32,
    /// Largest number of stack-passed arguments of a call in the function.
    pub max_stack_args: u32,
    /// The source line of the function's name, when it carries debug
    /// information (`-g`): the line its prologue is attributed to.
    pub decl_line: Option<u32>,
    /// Whether `%rbp` is the frame pointer (the frame-pointer chain), or
    /// the frame is addressed off `%rsp` and `%rbp` is allocated like any
    /// callee-saved register (see `emit/frame.rs`).
    pub frame_pointer: bool,
}

impl MFunction {
    pub fn block(&self, b: Block) -> MBlock<'_> {
        let data = self.blocks[b]
            .as_ref()
            .expect("block not in the machine function");
        MBlock {
            insts: &self.insts[data.insts.start as usize..data.insts.end as usize],
            term: &data.term,
            term_line: data.term_line,
        }
    }

    /// Appends block `b` (the next in the layout) with its instructions.
    pub fn push_block(&mut self, b: Block, insts: Vec<MInst>, term: MTerm, term_line: u32) {
        let start = self.insts.len() as u32;
        self.insts.extend(insts);
        let end = self.insts.len() as u32;
        self.blocks[b] = Some(MBlockData {
            insts: start..end,
            term,
            term_line,
        });
    }

    pub fn new_vreg(&mut self, width: Width) -> VReg {
        self.vreg_widths.push(width)
    }

    /// A new slot of `size` bytes (4 or 8), aligned to its size, below the
    /// slots made before it.
    pub fn new_slot(&mut self, size: u32) -> SlotId {
        debug_assert!(size == 4 || size == 8, "slot of {size} bytes");
        self.slot_area = (self.slot_area + size).next_multiple_of(size);
        SlotId(self.slot_area)
    }

    /// A new slot for an array of `count` elements of 4 bytes, aligned to
    /// 8 (a dynamic index addresses it as `off(%rbp,%index,4)`).
    pub fn new_array_slot(&mut self, count: u32) -> SlotId {
        self.slot_area = (self.slot_area + 4 * count).next_multiple_of(8);
        SlotId(self.slot_area)
    }
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operand::Reg(v) => write!(f, "{v}"),
            Operand::Imm(i) => write!(f, "${i}"),
        }
    }
}

// The size the comment on [`MInst`] promises.
const _: () = assert!(std::mem::size_of::<MInst>() <= 24);

/// Lists of items per virtual register ([`FlatLists`] keyed by register).
pub struct PerVReg<T>(FlatLists<T>);

impl<T: Copy> PerVReg<T> {
    /// Groups `(register, item)` pairs by register, keeping their order
    /// within each register.
    pub fn from_pairs(registers: usize, pairs: &[(VReg, T)]) -> PerVReg<T> {
        let Some(&(_, filler)) = pairs.first() else {
            return PerVReg(FlatLists::from_each_key(registers, |_, _| {}));
        };
        PerVReg(FlatLists::build(registers, filler, |f| {
            for &(v, item) in pairs {
                f(v.index(), item);
            }
        }))
    }

    pub fn of(&self, v: VReg) -> &[T] {
        self.0.get(v.index())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_vreg_groups_by_register_keeping_order() {
        let v = VReg::new;
        let pairs = [
            (v(2), 'a'),
            (v(0), 'b'),
            (v(2), 'c'),
            (v(0), 'd'),
            (v(3), 'e'),
        ];
        let grouped = PerVReg::from_pairs(5, &pairs);
        assert_eq!(grouped.of(v(0)), ['b', 'd']);
        assert_eq!(grouped.of(v(1)), []);
        assert_eq!(grouped.of(v(2)), ['a', 'c']);
        assert_eq!(grouped.of(v(3)), ['e']);
        assert_eq!(grouped.of(v(4)), []);
    }
}
