//! Instruction selection: IR function → machine IR over virtual registers.
//!
//! A single pass over the blocks, one IR instruction at a time (a
//! macro-expansion selector, with a few local patterns):
//!
//! * every SSA value (parameter, instruction result) gets its own virtual
//!   register; constants and `undef` become immediates, folded into the
//!   using instruction wherever x86 takes one;
//! * an `icmp` whose only use is the conditional branch ending its block is
//!   not materialised: the branch does `cmpl` + `jcc` (otherwise `setcc` +
//!   `movzbl` gives a 0/1 value — bools live in 32-bit registers as 0/1);
//! * allocas become frame slots: loads and stores through an alloca address
//!   the slot off `%rbp` directly, other uses (a pointer passed to a nested
//!   function) get a `leaq` at the use, as do string constants;
//! * phis produce no code in their block: each predecessor ends with one
//!   `ParallelMove` holding the copies for the phis of its successor
//!   ([`crate::out_of_ssa::phi_copies`]).
//!
//! Requires: a function in valid SSA (or alloca/load/store) form whose edges
//! have been split by [`crate::out_of_ssa::split_edges`].

use crate::mir::*;
use crate::out_of_ssa::phi_copies;
use cranelift_entity::{PrimaryMap, SecondaryMap};
use wend_ir::{BinOp, Block, Function, Inst, InstKind, Module, Terminator, Type, Value, ValueDef};

/// How many times each value is used (phi entries and terminators included).
fn use_counts(func: &Function) -> SecondaryMap<Value, u32> {
    let mut counts = SecondaryMap::new();
    for &b in &func.layout {
        for inst in func.block_insts(b) {
            func.insts[inst].kind.for_each_operand(|v| counts[v] += 1);
        }
        if let Some(t) = &func.blocks[b].terminator {
            t.for_each_operand(|v| counts[v] += 1);
        }
    }
    counts
}

fn width_of(ty: Type) -> Width {
    if ty.is_pointer() {
        Width::W64
    } else {
        Width::W32
    }
}

struct Selector<'a> {
    func: &'a Function,
    module: &'a Module,
    mf: MFunction,
    vregs: SecondaryMap<Value, Option<VReg>>,
    slots: SecondaryMap<Value, Option<SlotId>>,
    /// Icmps that are folded into the branch that ends their block.
    fused: SecondaryMap<Inst, bool>,
    out: Vec<MInst>,
}

/// Selects machine instructions for `func`, whose edges must be split.
pub fn select_function(func: &Function, module: &Module) -> MFunction {
    let uses = use_counts(func);
    let mut s = Selector {
        func,
        module,
        mf: MFunction {
            name: func.name.clone(),
            layout: func.layout.clone(),
            blocks: SecondaryMap::new(),
            vreg_widths: PrimaryMap::new(),
            slots: PrimaryMap::new(),
            max_stack_args: 0,
        },
        vregs: SecondaryMap::new(),
        slots: SecondaryMap::new(),
        fused: SecondaryMap::new(),
        out: Vec::new(),
    };
    for &b in &func.layout {
        if let Some(Terminator::CondBr { cond, .. }) = func.blocks[b].terminator {
            if let Some(inst) = func.defining_inst(cond) {
                let is_icmp = matches!(func.insts[inst].kind, InstKind::Icmp { .. });
                if is_icmp && uses[cond] == 1 && func.blocks[b].insts.contains(&inst) {
                    s.fused[inst] = true;
                }
            }
        }
    }
    for &p in &func.params {
        s.vregs[p] = Some(s.mf.new_vreg(width_of(func.value_type(p))));
    }
    for &b in &func.layout {
        for inst in func.block_insts(b) {
            let data = &func.insts[inst];
            let Some(result) = data.result else { continue };
            match data.kind {
                InstKind::Alloca { ty } => {
                    let size = if ty.is_pointer() { 8 } else { 4 };
                    s.slots[result] = Some(s.mf.slots.push(size));
                }
                _ if s.fused[inst] => {}
                _ => s.vregs[result] = Some(s.mf.new_vreg(width_of(data.ty(func)))),
            }
        }
    }
    for (i, &b) in func.layout.iter().enumerate() {
        if i == 0 {
            let dsts = func.params.iter().map(|&p| s.vreg(p)).collect();
            s.out.push(MInst::Params { dsts });
        }
        for &inst in &func.blocks[b].insts {
            s.out.push(MInst::Note { inst });
            s.select_inst(inst);
        }
        let term = s.select_terminator(b);
        let insts = std::mem::take(&mut s.out);
        s.mf.blocks[b] = Some(MBlock {
            insts,
            term,
            term_line: func.blocks[b].terminator_line,
        });
    }
    s.mf
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

impl Selector<'_> {
    fn vreg(&self, v: Value) -> VReg {
        self.vregs[v].unwrap_or_else(|| panic!("{v} has no register in `{}`", self.func.name))
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
            _ => match self.slots[v] {
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
        match self.slots[ptr] {
            Some(slot) => Addr::Slot(slot),
            None => Addr::Ptr(self.reg_operand(ptr)),
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
        let result = data.result;
        match data.kind.clone() {
            InstKind::Alloca { .. } | InstKind::Phi { .. } => {}
            _ if self.fused[inst] => {}
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
                    if let Some(c) = fold_binary(op, a, b) {
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
                    BinOp::SDiv | BinOp::SRem => {
                        let rem = op == BinOp::SRem;
                        self.out.push(MInst::Div { rem, dst, lhs, rhs });
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
                let cond = self.operand(cond);
                let if_true = self.operand(if_true);
                let if_false = self.operand(if_false);
                match cond {
                    Operand::Imm(c) => {
                        let src = if c != 0 { if_true } else { if_false };
                        self.out.push(MInst::Copy { dst, src });
                    }
                    _ if if_true == if_false => self.out.push(MInst::Copy { dst, src: if_true }),
                    Operand::Reg(cond) => self.out.push(MInst::Select {
                        dst,
                        cond,
                        if_true,
                        if_false,
                    }),
                }
            }
            InstKind::Call { callee, args } => {
                let args: Vec<Operand> = args.iter().map(|&a| self.operand(a)).collect();
                let stack_args = args.len().saturating_sub(crate::regs::ARG_REGS.len()) as u32;
                self.mf.max_stack_args = self.mf.max_stack_args.max(stack_args);
                let callee = self.module.functions[callee].name.clone();
                let ret = result.map(|r| self.vreg(r));
                self.out.push(MInst::Call { callee, args, ret });
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

    fn select_terminator(&mut self, b: Block) -> MTerm {
        let copies = phi_copies(self.func, b);
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
                let fused_icmp = self.func.defining_inst(cond).filter(|&i| self.fused[i]);
                let compared = match fused_icmp.map(|i| self.func.insts[i].kind.clone()) {
                    Some(InstKind::Icmp { cond, lhs, rhs }) => {
                        self.compare(Cond::from_icmp(cond), lhs, rhs)
                    }
                    _ => match self.operand(cond) {
                        Operand::Imm(c) => Err(c != 0),
                        Operand::Reg(r) => Ok((Cond::Ne, r, Operand::Imm(0))),
                    },
                };
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

/// Constant folding of the operations whose result is always defined.
fn fold_binary(op: BinOp, a: i32, b: i32) -> Option<i32> {
    Some(match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::SDiv if b != 0 => a.wrapping_div(b),
        BinOp::SRem if b != 0 => a.wrapping_rem(b),
        BinOp::SDiv | BinOp::SRem => return None,
    })
}
