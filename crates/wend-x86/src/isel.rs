//! Instruction selection: IR function → machine IR over virtual registers.
//!
//! A single pass over the blocks, one IR instruction at a time (a
//! macro-expansion selector, with a few local patterns):
//!
//! * every SSA value (parameter, instruction result) gets its own virtual
//!   register; constants and `undef` become immediates, folded into the
//!   using instruction wherever x86 takes one;
//! * an `icmp` used only by the conditional branch ending its block and by
//!   selects in its block is not materialised: each of them does its own
//!   `cmpl` + `jcc`/`cmovcc` (otherwise `setcc` + `movzbl` gives a 0/1
//!   value — bools live in 32-bit registers as 0/1);
//! * a division by a constant becomes `DivConst` ([`crate::divconst`]),
//!   and a remainder by `2^k` only compared with zero an `and`;
//! * the selects that guard a division against a divisor of -1 become one
//!   wrapping `Div`, which branches out of line for -1
//!   ([`WrappingDivision`]);
//! * allocas become frame slots: loads and stores through an alloca address
//!   the slot off `%rbp` directly, other uses (a pointer passed to a nested
//!   function) get a `leaq` at the use, as do string constants;
//! * phis produce no code in their block: each predecessor ends with one
//!   `ParallelMove` holding the copies for the phis of its successor
//!   ([`crate::out_of_ssa::phi_copies`]);
//! * instructions without side effects whose result is never used, and
//!   the copies into unused phis, produce no code at all;
//! * a `Note` (source line, for `.loc`) starts the code of an instruction
//!   only where the line changes, unless [`Notes::EveryInst`] asks for one
//!   per instruction (for `--asm-comments`): at -O0 notes were half of
//!   all machine instructions.
//!
//! Requires: a function in valid SSA (or alloca/load/store) form whose edges
//! have been split by [`crate::out_of_ssa::split_edges`].

use crate::mir::*;
use crate::out_of_ssa::phi_copies;
use cranelift_entity::{packed_option::PackedOption, PrimaryMap, SecondaryMap};
use rustc_hash::FxHashSet;
use wend_ir::{
    BinOp, Block, Function, IcmpCond, Inst, InstKind, Module, Terminator, Type, Value, ValueDef,
};

fn width_of(ty: Type) -> Width {
    if ty.is_pointer() {
        Width::W64
    } else {
        Width::W32
    }
}

/// Where instruction selection puts [`MInst::Note`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notes {
    /// Where the source line changes within a block (and at its start):
    /// all that `.loc` needs.
    LineChanges,
    /// Before every IR instruction, which the assembly comments name.
    EveryInst,
}

struct Selector<'a> {
    func: &'a Function,
    module: &'a Module,
    mf: MFunction,
    // Packed options (4 bytes, not 8) in these per-value and per-instruction
    // tables: at -O0 a 1M-line function has millions of values.
    vregs: SecondaryMap<Value, PackedOption<VReg>>,
    slots: SecondaryMap<Value, PackedOption<SlotId>>,
    /// What selection needs to know of each value's uses, one byte each
    /// (the use counts and the block of each instruction, 4 bytes an
    /// entry, are only needed to work these out, and are freed before the
    /// machine code is built: that is the backend's peak).
    facts: SecondaryMap<Value, UseFacts>,
    /// The block being selected, and its icmps (see `Selector::condition`).
    block: Block,
    block_icmps: FxHashSet<Inst>,
    /// The machine code of the blocks selected so far, in layout order
    /// (becomes [`MFunction::insts`]).
    out: Vec<MInst>,
}

/// See [`Selector::facts`]: flags in one byte.
#[derive(Clone, Copy, Default)]
struct UseFacts(u8);

impl UseFacts {
    /// The value is used at all (by code that is selected).
    const USED: u8 = 1;
    /// An icmp only used through the flags, by the branch that ends its
    /// block or selects in it: it produces no value.
    const FUSED: u8 = 2;
    /// The value's only uses are `icmp eq/ne` with zero.
    const ONLY_ZERO_TESTED: u8 = 4;
    /// A select that completes a [`WrappingDivision`]: it is selected as
    /// the division.
    const WRAPPING_DIVISION: u8 = 8;

    fn has(self, flag: u8) -> bool {
        self.0 & flag != 0
    }

    fn set(&mut self, flag: u8, on: bool) {
        if on {
            self.0 |= flag;
        } else {
            self.0 &= !flag;
        }
    }
}

/// wend's division as lowering writes it (`division` in the frontend's
/// `lower.rs`): `idivl` faults on `INT_MIN / -1`, which wend defines (it
/// wraps), so a divisor of -1 is replaced by 1 and the result by wend's:
///
/// ```text
/// %isneg1  = icmp eq i32 %d, -1
/// %divisor = select i1 %isneg1, i32 1, i32 %d
/// %q       = sdiv i32 %a, %divisor          ; or srem
/// %neg     = sub i32 0, %a                  ; srem: the constant 0
/// %r       = select i1 %isneg1, i32 %neg, i32 %q
/// ```
///
/// Selected as one wrapping [`MInst::Div`] at `%r`, whose -1 case is a
/// branch to code out of line: two `cmov`s, a `sub` and their constants
/// fewer on the path every division takes.
struct WrappingDivision {
    rem: bool,
    /// `%a` and `%d`.
    dividend: Value,
    divisor: Value,
    /// `%isneg1`, `%divisor`, `%q` and `%neg` (`None` for a remainder).
    is_minus_one: Value,
    safe_divisor: Value,
    quotient: Value,
    negation: Option<Value>,
}

impl WrappingDivision {
    /// The wrapping division that the select `inst` completes, if it does
    /// (by the shape of the IR alone: the caller checks the uses).
    fn completed_by(func: &Function, inst: Inst) -> Option<WrappingDivision> {
        let def = |v: Value| func.defining_inst(v).map(|i| &func.insts[i].kind);
        let InstKind::Select {
            cond,
            if_true: special,
            if_false: q,
        } = func.insts[inst].kind
        else {
            return None;
        };
        let &InstKind::Binary {
            op: op @ (BinOp::SDiv | BinOp::SRem),
            lhs: dividend,
            rhs: safe_divisor,
        } = def(q)?
        else {
            return None;
        };
        let &InstKind::Select {
            cond: same_cond,
            if_true: one,
            if_false: divisor,
        } = def(safe_divisor)?
        else {
            return None;
        };
        let &InstKind::Icmp {
            cond: IcmpCond::Eq,
            lhs,
            rhs,
        } = def(cond)?
        else {
            return None;
        };
        let tests_minus_one = (lhs == divisor && func.as_const(rhs) == Some(-1))
            || (rhs == divisor && func.as_const(lhs) == Some(-1));
        if same_cond != cond
            || func.as_const(one) != Some(1)
            || !tests_minus_one
            // A constant divisor needs no test (and `cmpl` takes no two
            // immediates).
            || func.as_const(divisor).is_some()
        {
            return None;
        }
        let rem = op == BinOp::SRem;
        let negation = match def(special) {
            Some(&InstKind::Binary {
                op: BinOp::Sub,
                lhs: zero,
                rhs,
            }) if !rem && rhs == dividend && func.as_const(zero) == Some(0) => Some(special),
            _ if rem && func.as_const(special) == Some(0) => None,
            _ => return None,
        };
        Some(WrappingDivision {
            rem,
            dividend,
            divisor,
            is_minus_one: cond,
            safe_divisor,
            quotient: q,
            negation,
        })
    }
}

/// Functions whose machine instructions take less room than this are
/// shrunk to fit once selected (see `select_function`).
const SHRINK_LIMIT: usize = 1 << 16;

/// Selects machine instructions for `func`, whose edges must be split.
pub fn select_function(func: &Function, module: &Module, notes: Notes) -> MFunction {
    select_function_with_slots(func, module, notes, &[]).0
}

/// [`select_function`], also telling the frame slot that holds each of
/// `wanted`, where the debug information finds the variables: an alloca's
/// own slot, or for a parameter an extra 8-byte slot that the entry block
/// stores it in (wherever the register allocator keeps the parameter, and
/// for however long, the slot has it as long as the function runs; what
/// clang -O0 does with every parameter). `None` for any other value.
pub fn select_function_with_slots(
    func: &Function,
    module: &Module,
    notes: Notes,
    wanted: &[Value],
) -> (MFunction, Vec<Option<SlotId>>) {
    let (mf, slots, _) = select(func, module, notes, wanted);
    (mf, slots)
}

/// [`select_function`], also telling the virtual register that holds
/// each IR value that has one (the others are the selector's
/// temporaries), in register order: what a trace of the register
/// allocator names them by.
pub fn select_function_naming(
    func: &Function,
    module: &Module,
    notes: Notes,
) -> (MFunction, Vec<(VReg, Value)>) {
    let (mf, _, vregs) = select(func, module, notes, &[]);
    let mut named: Vec<(VReg, Value)> = (vregs.iter())
        .filter_map(|(v, r)| Some((r.expand()?, v)))
        .collect();
    named.sort_unstable();
    (mf, named)
}

/// Selection proper: the machine function, the slots of `wanted`, and the
/// virtual register of each IR value.
fn select(
    func: &Function,
    module: &Module,
    notes: Notes,
    wanted: &[Value],
) -> (
    MFunction,
    Vec<Option<SlotId>>,
    SecondaryMap<Value, PackedOption<VReg>>,
) {
    let mut uses = func.use_counts();
    let mut s = Selector {
        func,
        module,
        mf: MFunction {
            name: func.name.clone(),
            layout: func.layout.clone(),
            blocks: SecondaryMap::with_capacity(func.blocks.len()),
            insts: Vec::new(),
            vreg_widths: PrimaryMap::new(),
            slot_area: 0,
            max_stack_args: 0,
            decl_line: func.debug.as_ref().map(|d| d.line),
            frame_pointer: true,
        },
        vregs: SecondaryMap::new(),
        slots: SecondaryMap::new(),
        facts: SecondaryMap::with_capacity(func.values.len()),
        block: func.layout[0],
        block_icmps: FxHashSet::default(),
        // Room for the machine code: at most two machine instructions per
        // IR instruction on every `wend-gen scale` shape (1.0-1.8 on
        // average), and a few per block; more simply grows.
        out: Vec::with_capacity(2 * func.insts.len() + 8 * func.layout.len()),
    };
    let inst_block = func.inst_blocks();
    let mut param_slots: Vec<Option<SlotId>> = vec![None; wanted.len()];
    // An icmp all of whose uses are the branch ending its block or the
    // conditions of selects in its block is never materialised: each of
    // them repeats the `cmpl` and uses the flags.
    let mut flag_uses = SecondaryMap::<Value, u32>::new();
    for &b in &func.layout {
        let defined_here = |v: Value| {
            func.defining_inst(v).is_some_and(|i| {
                matches!(func.insts[i].kind, InstKind::Icmp { .. })
                    && inst_block[i].expand() == Some(b)
            })
        };
        for &inst in &func.blocks[b].insts {
            if let InstKind::Select { cond, .. } = func.insts[inst].kind {
                if defined_here(cond) {
                    flag_uses[cond] += 1;
                }
            }
        }
        if let Some(Terminator::CondBr { cond, .. }) = func.blocks[b].terminator {
            if defined_here(cond) {
                flag_uses[cond] += 1;
            }
        }
    }
    for &b in &func.layout {
        for &inst in &func.blocks[b].insts {
            if let Some(result) = func.insts[inst].result.expand() {
                if flag_uses[result] > 0 && flag_uses[result] == uses[result] {
                    s.facts[result].set(UseFacts::FUSED, true);
                }
            }
        }
    }
    // Values only ever compared for (in)equality with zero.
    let mut zero_tests = SecondaryMap::<Value, u32>::new();
    for &b in &func.layout {
        for &inst in &func.blocks[b].insts {
            if let InstKind::Icmp {
                cond: IcmpCond::Eq | IcmpCond::Ne,
                lhs,
                rhs,
            } = func.insts[inst].kind
            {
                match (func.as_const(lhs), func.as_const(rhs)) {
                    (Some(0), None) => zero_tests[rhs] += 1,
                    (None, Some(0)) => zero_tests[lhs] += 1,
                    _ => {}
                }
            }
        }
    }
    for (v, &n) in zero_tests.iter() {
        s.facts[v].set(UseFacts::ONLY_ZERO_TESTED, n > 0 && n == uses[v]);
    }
    // Wrapping divisions, each selected at the select that completes it,
    // with the division right before that select (nothing in between that
    // could fault or be seen, as the division moves down to it). The uses
    // that the fused division takes over are taken off the counts, so the
    // parts that serve nothing else produce no code: the quotient, the
    // negation, and the guarding select and its test once every division
    // they guard is fused (GVN shares them between divisions by one value).
    let mut guards = Vec::new();
    for &b in &func.layout {
        let insts = &func.blocks[b].insts;
        for (i, &inst) in insts.iter().enumerate() {
            let Some(division) = WrappingDivision::completed_by(func, inst) else {
                continue;
            };
            let quotient_inst = func.defining_inst(division.quotient);
            let negation_inst = division.negation.and_then(|n| func.defining_inst(n));
            let adjacent = match i.checked_sub(1).map(|j| insts[j]) {
                Some(before) if Some(before) == quotient_inst => true,
                Some(before) => {
                    i >= 2 && Some(insts[i - 2]) == quotient_inst && negation_inst == Some(before)
                }
                None => false,
            };
            if adjacent
                && uses[division.quotient] == 1
                && division.negation.is_none_or(|n| uses[n] == 1)
            {
                uses[division.quotient] = 0;
                if let Some(negation) = division.negation {
                    uses[negation] = 0;
                }
                uses[division.safe_divisor] -= 1;
                uses[division.is_minus_one] -= 1;
                guards.push((division.safe_divisor, division.is_minus_one));
                let result = func.insts[inst]
                    .result
                    .expand()
                    .expect("a select has a result");
                s.facts[result].set(UseFacts::WRAPPING_DIVISION, true);
            }
        }
    }
    guards.sort_unstable();
    guards.dedup();
    for (safe_divisor, is_minus_one) in guards {
        if uses[safe_divisor] == 0 {
            uses[is_minus_one] -= 1;
        }
    }
    for (v, &n) in uses.iter() {
        s.facts[v].set(UseFacts::USED, n > 0);
    }
    // A constant element of a pointer that is not a frame slot (a
    // parameter's), used only as the address of loads and stores, is no
    // `lea`: each of them adds its offset to the pointer (`movl 4(%r13)`).
    let mut address_uses = SecondaryMap::<Value, u32>::new();
    for &b in &func.layout {
        for &inst in &func.blocks[b].insts {
            match func.insts[inst].kind {
                InstKind::Load { ptr } | InstKind::Store { ptr, .. } => address_uses[ptr] += 1,
                _ => {}
            }
        }
    }
    for &b in &func.layout {
        for &inst in &func.blocks[b].insts {
            if let (InstKind::ElementPtr { base, .. }, Some(result)) =
                (&func.insts[inst].kind, func.insts[inst].result.expand())
            {
                let foldable = func.alloca_count(func.pointer_base(*base).root).is_none()
                    && constant_offset(func, inst).is_some()
                    && uses[result] > 0
                    && address_uses[result] == uses[result];
                s.facts[result].set(UseFacts::FUSED, foldable);
            }
        }
    }
    // Freed before the machine code is built, the peak of the backend: on
    // a huge function each is as large as the value table.
    drop((flag_uses, zero_tests, uses, inst_block, address_uses));
    for &p in &func.params {
        s.vregs[p] = s.mf.new_vreg(width_of(func.value_type(p))).into();
    }
    for &b in &func.layout {
        for inst in func.block_insts(b) {
            let data = &func.insts[inst];
            let Some(result) = data.result.expand() else {
                continue;
            };
            match data.kind {
                InstKind::Alloca { ty, count: 1 } => {
                    let size = if ty.is_pointer() { 8 } else { 4 };
                    s.slots[result] = s.mf.new_slot(size).into();
                }
                InstKind::Alloca { count, .. } => {
                    s.slots[result] = s.mf.new_array_slot(count).into();
                }
                // A known element of an array slot is a slot of its own.
                InstKind::ElementPtr { base, index }
                    if s.slots[base].is_some() && func.element_in_bounds(base, index) =>
                {
                    let offset = func.as_const(index).expect("a known element");
                    let slot = s.slots[base].expect("checked above");
                    let scale = element_size(func, base);
                    s.slots[result] = slot.element(scale * offset).into();
                }
                _ if s.facts[result].has(UseFacts::FUSED) => {}
                _ => s.vregs[result] = s.mf.new_vreg(width_of(data.ty(func))).into(),
            }
        }
    }
    for (i, &b) in func.layout.iter().enumerate() {
        s.block = b;
        s.block_icmps.clear();
        s.block_icmps.extend(
            func.blocks[b]
                .insts
                .iter()
                .filter(|&&i| matches!(func.insts[i].kind, InstKind::Icmp { .. })),
        );
        let start = s.out.len() as u32;
        if i == 0 {
            let dsts = func.params.iter().map(|&p| s.vreg(p)).collect();
            s.out.push(MInst::Params { dsts });
            for (&v, slot) in wanted.iter().zip(&mut param_slots) {
                if let ValueDef::Param(_) = func.value_def(v) {
                    let new_slot = s.mf.new_slot(8);
                    s.out.push(MInst::Store {
                        src: Operand::Reg(s.vreg(v)),
                        addr: Addr::Slot(new_slot),
                        width: MemWidth::Quad,
                    });
                    *slot = Some(new_slot);
                }
            }
        }
        let mut noted_line = None;
        for &inst in &func.blocks[b].insts {
            let line = func.insts[inst].line;
            let code = !func.insts[inst].kind.is_debug_value();
            if code && (notes == Notes::EveryInst || noted_line != Some(line)) {
                s.out.push(MInst::Note { inst, line });
                noted_line = Some(line);
            }
            s.select_inst(inst);
        }
        let term = s.select_terminator(b);
        s.mf.blocks[b] = Some(MBlockData {
            insts: start..s.out.len() as u32,
            term,
            term_line: func.blocks[b].terminator_line,
        });
    }
    // The unused room of a large function's array was never touched, so
    // it is address space, not memory, and shrinking would copy the array
    // into fresh pages; a small function's room is real memory, and
    // copying it is cheap.
    let mut insts = std::mem::take(&mut s.out);
    if insts.capacity() * std::mem::size_of::<MInst>() < SHRINK_LIMIT {
        insts.shrink_to_fit();
    }
    s.mf.insts = insts;
    let slots = wanted
        .iter()
        .zip(param_slots)
        .map(|(&v, param_slot)| param_slot.or_else(|| s.slots.get(v)?.expand()))
        .collect();
    (s.mf, slots, s.vregs)
}

/// The type of an instruction's result.
trait ResultType {
    fn ty(&self, func: &Function) -> Type;
}

impl ResultType for wend_ir::InstData {
    fn ty(&self, func: &Function) -> Type {
        func.value_type(self.result.expect("instruction without result"))
    }
}

/// The size in bytes of an element `base` points to: 1 for `i8`, 4 for
/// `i1` and `i32` (see [`MemWidth`]).
fn element_size(func: &Function, base: Value) -> i32 {
    match func.value_type(base).pointee() {
        Some(Type::I8) => 1,
        _ => 4,
    }
}

/// The byte offset of the element pointer `inst` from its base, when its
/// index is a constant and the offset fits [`Addr::Ptr`]'s 16 bits.
fn constant_offset(func: &Function, inst: Inst) -> Option<i16> {
    let InstKind::ElementPtr { base, index } = func.insts[inst].kind else {
        return None;
    };
    let offset = func
        .as_const(index)?
        .checked_mul(element_size(func, base))?;
    i16::try_from(offset).ok()
}

impl Selector<'_> {
    fn vreg(&self, v: Value) -> VReg {
        self.vregs[v]
            .expand()
            .unwrap_or_else(|| panic!("{v} has no register in `{}`", self.func.name))
    }

    /// The operand standing for `v`, materialising addresses with `lea`.
    fn operand(&mut self, v: Value) -> Operand {
        match self.func.value_def(v) {
            ValueDef::Const(c) => Operand::Imm(c),
            ValueDef::Undef => Operand::Imm(0),
            ValueDef::Str(string) => {
                let dst = self.mf.new_vreg(Width::W64);
                self.out.push(MInst::LeaStr { dst, string });
                Operand::Reg(dst)
            }
            _ => match self.slots[v].expand() {
                Some(slot) => {
                    let dst = self.mf.new_vreg(Width::W64);
                    self.out.push(MInst::LeaSlot { dst, slot });
                    Operand::Reg(dst)
                }
                None => Operand::Reg(self.vreg(v)),
            },
        }
    }

    /// `v` in a register (immediates are copied into a fresh one).
    fn reg_operand(&mut self, v: Value) -> VReg {
        match self.operand(v) {
            Operand::Reg(r) => r,
            imm => {
                let dst = self.mf.new_vreg(width_of(self.func.value_type(v)));
                self.out.push(MInst::Copy { dst, src: imm });
                dst
            }
        }
    }

    fn addr(&mut self, ptr: Value) -> Addr {
        if let Some(slot) = self.slots[ptr].expand() {
            return Addr::Slot(slot);
        }
        let folded = self.facts[ptr].has(UseFacts::FUSED);
        match self.func.defining_inst(ptr) {
            // A constant element folded into its uses (see `select`).
            Some(inst) if folded => {
                let InstKind::ElementPtr { base, .. } = self.func.insts[inst].kind else {
                    unreachable!("only element pointers are folded into addresses")
                };
                let offset = constant_offset(self.func, inst).expect("checked when folded");
                Addr::Ptr(self.reg_operand(base), offset)
            }
            _ => Addr::Ptr(self.reg_operand(ptr), 0),
        }
    }

    fn mem_width(ty: Type) -> MemWidth {
        match ty {
            Type::I8 => MemWidth::Byte,
            Type::I1 | Type::I32 => MemWidth::Long,
            _ => panic!("the IR has no memory values of type {ty}"),
        }
    }

    fn select_inst(&mut self, inst: Inst) {
        let data = &self.func.insts[inst];
        let result = data.result.expand();
        let unused = result.is_some_and(|r| !self.facts[r].has(UseFacts::USED));
        match data.kind.clone() {
            InstKind::Alloca { .. } | InstKind::Phi { .. } => {}
            // A known element of a slot (see `select_function_with_slots`).
            InstKind::ElementPtr { .. } if self.slots[result.unwrap()].is_some() => {}
            InstKind::ElementPtr { .. }
                if unused || self.facts[result.unwrap()].has(UseFacts::FUSED) => {}
            InstKind::ElementPtr { base, index } => {
                let scale = element_size(self.func, base) as u8;
                let base = self.addr(base);
                let index = self.operand(index);
                let dst = self.vreg(result.unwrap());
                self.out.push(MInst::LeaElement {
                    dst,
                    base,
                    index,
                    scale,
                });
            }
            InstKind::DebugValue { var, value } => {
                // A value with no register (deleted, or fused into the
                // instructions that use it) is unknown to the debugger.
                let value = match self.func.value_def(value) {
                    ValueDef::Const(c) => Some(Operand::Imm(c)),
                    ValueDef::Undef | ValueDef::Str(_) => None,
                    _ => self.vregs[value].expand().map(Operand::Reg),
                };
                self.out.push(MInst::DebugValue { var, value });
            }
            _ if result.is_some_and(|r| self.facts[r].has(UseFacts::FUSED)) => {}
            InstKind::Select { .. }
                if self.facts[result.unwrap()].has(UseFacts::WRAPPING_DIVISION) =>
            {
                let division = WrappingDivision::completed_by(self.func, inst)
                    .expect("a wrapping division found before selection");
                let dst = self.vreg(result.unwrap());
                let lhs = self.operand(division.dividend);
                let rhs = self.operand(division.divisor);
                self.out.push(MInst::Div {
                    rem: division.rem,
                    wraps: true,
                    dst,
                    lhs,
                    rhs,
                });
            }
            // Dead code without side effects (the frontend guards divisions).
            InstKind::Binary { .. }
            | InstKind::Icmp { .. }
            | InstKind::Select { .. }
            | InstKind::Load { .. }
                if unused => {}
            InstKind::Load { ptr } => {
                let addr = self.addr(ptr);
                let dst = self.vreg(result.unwrap());
                let width = Self::mem_width(self.func.value_type(result.unwrap()));
                self.out.push(MInst::Load { dst, addr, width });
            }
            InstKind::Store { value, ptr } => {
                let src = self.operand(value);
                let addr = self.addr(ptr);
                let width = Self::mem_width(self.func.value_type(value));
                self.out.push(MInst::Store { src, addr, width });
            }
            InstKind::Binary { op, lhs, rhs } => {
                let dst = self.vreg(result.unwrap());
                let mut lhs = self.operand(lhs);
                let mut rhs = self.operand(rhs);
                if let (Operand::Imm(a), Operand::Imm(b)) = (lhs, rhs) {
                    if let Some(c) = op.fold(Type::I32, a, b) {
                        self.out.push(MInst::Copy {
                            dst,
                            src: Operand::Imm(c),
                        });
                        return;
                    }
                }
                let alu = match op {
                    BinOp::Add => AluOp::Add,
                    BinOp::Sub => AluOp::Sub,
                    BinOp::Mul => AluOp::Imul,
                    BinOp::And => AluOp::And,
                    BinOp::Or => AluOp::Or,
                    BinOp::Xor => AluOp::Xor,
                    BinOp::LShr => AluOp::Shr,
                    // x % 2^k is zero exactly when the low k bits of x are,
                    // whatever its sign: `n % 2 == 0` is `n & 1 == 0`.
                    BinOp::SRem
                        if self.facts[result.unwrap()].has(UseFacts::ONLY_ZERO_TESTED)
                            && matches!(rhs, Operand::Imm(d) if d > 0 && (d as u32).is_power_of_two()) =>
                    {
                        let Operand::Imm(d) = rhs else { unreachable!() };
                        self.out.push(MInst::Alu {
                            op: AluOp::And,
                            dst,
                            lhs,
                            rhs: Operand::Imm(d - 1),
                        });
                        return;
                    }
                    BinOp::SDiv | BinOp::SRem => {
                        let rem = op == BinOp::SRem;
                        match (lhs, rhs) {
                            (Operand::Reg(lhs), Operand::Imm(divisor)) if divisor != 0 => {
                                self.out.push(MInst::DivConst {
                                    rem,
                                    dst,
                                    lhs,
                                    divisor,
                                })
                            }
                            _ => self.out.push(MInst::Div {
                                rem,
                                wraps: false,
                                dst,
                                lhs,
                                rhs,
                            }),
                        }
                        return;
                    }
                };
                if alu.is_commutative() && matches!(lhs, Operand::Imm(_)) {
                    std::mem::swap(&mut lhs, &mut rhs);
                }
                self.out.push(MInst::Alu {
                    op: alu,
                    dst,
                    lhs,
                    rhs,
                });
            }
            InstKind::Icmp { cond, lhs, rhs } => {
                let dst = self.vreg(result.unwrap());
                let cond = Cond::from_icmp(cond);
                match self.compare(cond, lhs, rhs) {
                    Err(known) => self.out.push(MInst::Copy {
                        dst,
                        src: Operand::Imm(known as i32),
                    }),
                    Ok((cond, lhs, rhs)) => self.out.push(MInst::SetCc {
                        cond,
                        dst,
                        lhs,
                        rhs,
                    }),
                }
            }
            InstKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                let dst = self.vreg(result.unwrap());
                let if_true = self.operand(if_true);
                let if_false = self.operand(if_false);
                if if_true == if_false {
                    self.out.push(MInst::Copy { dst, src: if_true });
                    return;
                }
                match self.condition(cond) {
                    Err(known) => {
                        let src = if known { if_true } else { if_false };
                        self.out.push(MInst::Copy { dst, src });
                    }
                    Ok((cond, lhs, rhs)) => self.out.push(MInst::Select(Box::new(MSelect {
                        dst,
                        cond,
                        lhs,
                        rhs,
                        if_true,
                        if_false,
                    }))),
                }
            }
            InstKind::Call { callee, args } => {
                let args: Box<[Operand]> = args.iter().map(|&a| self.operand(a)).collect();
                let stack_args = args.len().saturating_sub(crate::regs::ARG_REGS.len()) as u32;
                self.mf.max_stack_args = self.mf.max_stack_args.max(stack_args);
                let callee = self.module.functions[callee].name.as_str().into();
                let ret = result.map(|r| self.vreg(r));
                self.out
                    .push(MInst::Call(Box::new(MCall { callee, args, ret })));
            }
        }
    }

    /// Operands for `cmpl`: the left one in a register. `Err(outcome)` when
    /// both are constants.
    fn compare(
        &mut self,
        cond: Cond,
        lhs: Value,
        rhs: Value,
    ) -> Result<(Cond, VReg, Operand), bool> {
        match (self.operand(lhs), self.operand(rhs)) {
            (Operand::Imm(a), Operand::Imm(b)) => Err(cond.eval(a, b)),
            (Operand::Imm(a), Operand::Reg(r)) => Ok((cond.swapped(), r, Operand::Imm(a))),
            (Operand::Reg(l), r) => Ok((cond, l, r)),
        }
    }

    /// The comparison that tells whether the boolean `cond` is true: its
    /// defining icmp when that is in the current block (the flags are set again rather than testing its 0/1 value),
    /// else `cond != 0`. `Err(outcome)` when it is known.
    fn condition(&mut self, cond: Value) -> Result<(Cond, VReg, Operand), bool> {
        let icmp = self
            .func
            .defining_inst(cond)
            .and_then(|i| match self.func.insts[i].kind {
                InstKind::Icmp { cond, lhs, rhs } if self.block_icmps.contains(&i) => {
                    Some((cond, lhs, rhs))
                }
                _ => None,
            });
        match icmp {
            Some((c, lhs, rhs)) => self.compare(Cond::from_icmp(c), lhs, rhs),
            None => match self.operand(cond) {
                Operand::Imm(c) => Err(c != 0),
                Operand::Reg(r) => Ok((Cond::Ne, r, Operand::Imm(0))),
            },
        }
    }

    fn select_terminator(&mut self, b: Block) -> MTerm {
        let mut copies = phi_copies(self.func, b);
        copies.retain(|&(phi, _)| self.facts[phi].has(UseFacts::USED));
        if !copies.is_empty() {
            let moves = copies
                .into_iter()
                .map(|(dst, src)| (self.vreg(dst), self.operand(src)))
                .collect();
            self.out.push(MInst::ParallelMove { moves });
        }
        let term = self.func.blocks[b]
            .terminator
            .clone()
            .unwrap_or_else(|| panic!("unterminated block {b} in `{}`", self.func.name));
        match term {
            Terminator::Br { dest } => MTerm::Jmp { dest },
            Terminator::CondBr {
                cond,
                then_dest,
                else_dest,
            } => {
                let compared = self.condition(cond);
                match compared {
                    Ok((cond, lhs, rhs)) => MTerm::Branch {
                        cond,
                        lhs,
                        rhs,
                        then_dest,
                        else_dest,
                    },
                    Err(true) => MTerm::Jmp { dest: then_dest },
                    Err(false) => MTerm::Jmp { dest: else_dest },
                }
            }
            Terminator::Ret { value } => MTerm::Ret {
                value: value.map(|v| self.operand(v)),
            },
            Terminator::Unreachable => MTerm::Unreachable,
        }
    }
}
