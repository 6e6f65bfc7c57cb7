//! licm: loop-invariant code motion — move computations whose result is
//! the same in every iteration out of the loop, into its preheader, so
//! they run once (LLVM's `LICM`, the hoisting half; Aho, Lam, Sethi &
//! Ullman, *Compilers*, 2nd ed., §9.1.7 "Code Motion").
//!
//! An instruction is *invariant* in a loop when each operand is a
//! constant, a parameter, or defined outside the loop — or by an invariant
//! instruction already hoisted. Visiting the body in reverse postorder
//! sees definitions before uses, so one sweep finds chains of invariant
//! instructions; loops are processed innermost first, so an instruction
//! hoisted into an inner loop's preheader (a block of the outer loop) can
//! move again, out of the outer loop.
//!
//! Hoisting executes an instruction on paths where the program might not
//! have executed it (the loop may run zero times, or the instruction may
//! sit under an `if`). That is only harmless for instructions that cannot
//! trap and have no effect, so only these move:
//!
//! * `add`, `sub`, `mul`, `and`, `or`, `xor` (wrapping, never trap);
//! * `sdiv` and `srem` by a constant other than 0 and -1 — any other
//!   divisor might be zero or make `INT_MIN / -1` (both undefined in the
//!   IR). The frontend guards divisions with a branch to
//!   `wend_div_by_zero`; hoisting a division above its guard would make it
//!   happen before the output the program prints first;
//! * `icmp` and `select`.
//!
//! Loads (a store in the loop might change the slot), stores, calls,
//! allocas and phis never move. After mem2reg few loads remain anyway.
//!
//! Requires: loop-simplify form (every loop has a preheader), checked; the
//! pass manager runs `loopsimplify` right before this pass. Invalidates:
//! nothing about the CFG; instructions change blocks.

use wend_ir::analysis::loop_form::{preheader, LoopAnalyses};
use wend_ir::analysis::loops::{Loop, LoopForest};
use wend_ir::{BinOp, Block, Function, InstBlocks, InstKind};

pub fn run(func: &mut Function) {
    if func.is_declaration() {
        return;
    }
    let LoopAnalyses { cfg, forest, .. } = LoopAnalyses::compute_simplified(func, "licm");
    if forest.is_empty() {
        return;
    }
    let mut block_of = func.inst_blocks();
    let loops: Vec<Loop> = forest.loops().collect();
    for &l in loops.iter().rev() {
        let preheader =
            preheader(func, &cfg, &forest, l).expect("loop-simplify form has preheaders");
        for &b in forest.body(l) {
            hoist_from_block(func, &forest, l, b, preheader, &mut block_of);
        }
    }
}

/// Moves the invariant instructions of block `b` of loop `l`, in order, to
/// the end of the loop's preheader.
fn hoist_from_block(
    func: &mut Function,
    forest: &LoopForest,
    l: Loop,
    b: Block,
    preheader: Block,
    block_of: &mut InstBlocks,
) {
    func.retain_insts(b, |func, inst| {
        if !is_invariant(func, forest, l, block_of, &func.insts[inst].kind) {
            return true;
        }
        func.blocks[preheader].insts.push(inst);
        block_of[inst] = preheader.into();
        false
    });
}

/// Whether `kind`, in loop `l`, computes the same in every iteration and
/// may move out of the loop: it is speculatable, and each operand is a
/// constant, a parameter, or defined outside `l` (by an instruction that
/// was never in it, or was hoisted out of it already).
fn is_invariant(
    func: &Function,
    forest: &LoopForest,
    l: Loop,
    block_of: &InstBlocks,
    kind: &InstKind,
) -> bool {
    if !is_speculatable(func, kind) {
        return false;
    }
    let mut operands_outside = true;
    kind.for_each_operand(|v| {
        let defined_in_loop = func
            .defining_inst(v)
            .and_then(|def| block_of[def].expand())
            .is_some_and(|d| forest.contains(l, d));
        operands_outside &= !defined_in_loop;
    });
    operands_outside
}

/// Whether executing `kind` where the program would not have is harmless:
/// it has no effect and cannot trap or be undefined.
pub fn is_speculatable(func: &Function, kind: &InstKind) -> bool {
    match *kind {
        InstKind::Binary {
            op: BinOp::SDiv | BinOp::SRem,
            rhs,
            ..
        } => func.as_const(rhs).is_some_and(|c| c != 0 && c != -1),
        InstKind::Binary { .. } | InstKind::Icmp { .. } | InstKind::Select { .. } => true,
        // Outside its array it is undefined: only a known element moves.
        InstKind::ElementPtr { base, index } => func.element_in_bounds(base, index),
        InstKind::Alloca { .. }
        | InstKind::Load { .. }
        | InstKind::Store { .. }
        | InstKind::Call { .. }
        | InstKind::Phi { .. } => false,
        // Says what a variable holds from its place on: it stays there.
        InstKind::DebugValue { .. } => false,
    }
}

#[cfg(test)]
mod tests {
    /// A loop out of loop-simplify form given to licm is a compiler bug,
    /// reported as such (the pass manager never does that).
    #[test]
    #[should_panic(expected = "`licm` needs loop-simplify form")]
    fn refuses_a_loop_without_preheader() {
        let text = "
define i32 @main() {
entry:
  %go = icmp sgt i32 2, 0
  br i1 %go, label %h, label %other
other:
  ret i32 0
h:
  %i = phi i32 [ 0, %entry ], [ %i1, %h ]
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, 3
  br i1 %c, label %h, label %exit
exit:
  ret i32 %i1
}
";
        let mut module = wend_ir::read::parse_module(text).unwrap();
        for func in module.functions.values_mut() {
            super::run(func);
        }
    }
}
