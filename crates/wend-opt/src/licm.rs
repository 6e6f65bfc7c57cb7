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
//! **Loads** move too (LLVM's LICM with alias analysis), when the pointer
//! is an identified object defined outside the loop (an `alloca` of the
//! entry block, a pointer parameter: `wend_ir::analysis::alias`) and
//! nothing in the loop may write it: no store to it, no call whose callee
//! writes through that argument (`Effects`), and no write through a
//! pointer whose object is unknown. Such a load reads the same value in
//! every iteration, and cannot trap, so it may run where the program would
//! not have. This is what loads a captured loop bound once, in the
//! preheader, rather than in every iteration.
//!
//! **Scalar promotion** (LLVM's `promoteLoopAccessesToScalars`): a pointer
//! the loop both loads and stores, an identified object defined outside
//! the loop, with no other access in the loop that may reach it (no call
//! reading or writing through it, no access through an unknown pointer),
//! lives in a register across the loop: its value is loaded once in the
//! preheader and stored back at the start of each exit block (loop-simplify
//! form makes every exit dedicated, so that runs only when leaving the
//! loop). Inside the loop its loads and stores go to a fresh stack slot,
//! which mem2reg, run next in the pipeline, turns into phis: the SSA
//! updating that LLVM's promoter does with its `SSAUpdater`. Writing the
//! value back on an exit where the loop did not change it is harmless in
//! wend: no other pointer, thread or signal handler sees the variable in
//! between. Promotion comes first in each loop, so the loads left are
//! hoisted by the rule above.
//!
//! **Calls to pure functions** (`Effects::is_pure`: they read nothing they
//! are not given by value, write and print nothing, always return and
//! cannot trap) with invariant arguments give the same result in every
//! iteration, but move only from a block that runs in every iteration
//! that ends: one that dominates the latch and every exiting block (LLVM's
//! `isGuaranteedToExecute`; LLVM never speculates a call either). A pure
//! call always returns, but perhaps after billions of steps (two nested
//! counted loops): run in a loop that runs zero times, or under an `if`
//! the program never takes, it would make a program that ends at once run
//! for ever.
//!
//! Allocas, phis, stores and other calls never move.
//!
//! Requires: loop-simplify form (every loop has a preheader, its exits are
//! dedicated), checked; the pass manager runs `loopsimplify` right before
//! this pass; the module's `Effects`. Invalidates: nothing about the CFG;
//! instructions change blocks; promotion adds stack slots for mem2reg.

use rustc_hash::FxHashSet;
use wend_ir::analysis::alias::{for_each_access, is_identified_object, Access};
use wend_ir::analysis::dom::DomTree;
use wend_ir::analysis::effects::Effects;
use wend_ir::analysis::loop_form::{preheader, LoopAnalyses};
use wend_ir::analysis::loops::{Loop, LoopForest};
use wend_ir::{BinOp, Block, Function, InstBlocks, InstKind, Value};

pub fn run(func: &mut Function, effects: &Effects) {
    if func.is_declaration() {
        return;
    }
    let LoopAnalyses {
        cfg,
        domtree,
        forest,
    } = LoopAnalyses::compute_simplified(func, "licm");
    if forest.is_empty() {
        return;
    }
    let mut block_of = func.inst_blocks();
    let loops: Vec<Loop> = forest.loops().collect();
    for &l in loops.iter().rev() {
        let preheader =
            preheader(func, &cfg, &forest, l).expect("loop-simplify form has preheaders");
        let memory = LoopMemory::compute(func, effects, forest.body(l));
        for &ptr in &memory.promotable(func, &forest, l, &block_of) {
            promote(func, &forest, l, ptr, preheader, &mut block_of);
        }
        // Promotion took the loads and stores of the promoted pointers
        // out of the loop: what is left is what the rest reads and writes.
        let memory = LoopMemory::compute(func, effects, forest.body(l));
        let hoist = Hoist {
            forest: &forest,
            domtree: &domtree,
            l,
            preheader,
            memory: &memory,
            effects,
        };
        hoist.run(func, &mut block_of);
    }
}

/// How a loop uses memory: the identified objects it reads and writes
/// through loads and stores, those other instructions (calls) reach, and
/// whether anything is accessed through a pointer of unknown object.
#[derive(Default)]
struct LoopMemory {
    loaded: FxHashSet<Value>,
    stored: FxHashSet<Value>,
    /// Identified objects some other instruction (a call) reads or writes.
    touched_otherwise: FxHashSet<Value>,
    /// Identified objects anything in the loop writes.
    written: FxHashSet<Value>,
    unknown_read: bool,
    unknown_write: bool,
}

impl LoopMemory {
    fn compute(func: &Function, effects: &Effects, body: &[Block]) -> LoopMemory {
        let mut memory = LoopMemory::default();
        for &b in body {
            for &inst in &func.blocks[b].insts {
                let kind = &func.insts[inst].kind;
                for_each_access(effects, func, kind, |ptr, access: Access| {
                    if !is_identified_object(func, ptr) {
                        memory.unknown_read |= access.read;
                        memory.unknown_write |= access.write;
                        return;
                    }
                    if access.write {
                        memory.written.insert(ptr);
                    }
                    match kind {
                        InstKind::Load { .. } => memory.loaded.insert(ptr),
                        InstKind::Store { .. } => memory.stored.insert(ptr),
                        _ => memory.touched_otherwise.insert(ptr),
                    };
                });
            }
        }
        memory
    }

    /// Whether a load of `ptr` (an identified object) reads the same value
    /// in every iteration: nothing in the loop may write it.
    fn is_unwritten(&self, ptr: Value) -> bool {
        !self.unknown_write && !self.written.contains(&ptr)
    }

    /// The pointers of loop `l` to promote (see the module doc), in the
    /// order of their values.
    fn promotable(
        &self,
        func: &Function,
        forest: &LoopForest,
        l: Loop,
        block_of: &InstBlocks,
    ) -> Vec<Value> {
        if self.unknown_read || self.unknown_write {
            return Vec::new();
        }
        let mut found: Vec<Value> = self
            .stored
            .iter()
            .copied()
            .filter(|ptr| self.loaded.contains(ptr) && !self.touched_otherwise.contains(ptr))
            .filter(|&ptr| !defined_in_loop(func, forest, l, block_of, ptr))
            .collect();
        found.sort_unstable();
        found
    }
}

/// Keeps identified object `ptr` in a register across loop `l`: loaded in
/// the preheader, stored back at the start of each exit block, and in
/// between in a fresh slot that mem2reg promotes.
fn promote(
    func: &mut Function,
    forest: &LoopForest,
    l: Loop,
    ptr: Value,
    preheader: Block,
    block_of: &mut InstBlocks,
) {
    let ty = func
        .value_type(ptr)
        .pointee()
        .expect("a promoted pointer is a pointer");
    let line = 0;
    let entry = func.layout[0];
    let slot_inst = func.make_inst(
        InstKind::Alloca { ty, count: 1 },
        Some(ty.pointer_to()),
        line,
    );
    let slot = func.inst_result(slot_inst).expect("an alloca has a result");
    if let Some(name) = func.value_name(ptr).map(str::to_string) {
        // mem2reg names the phis it places after the slot.
        func.set_value_name(slot, &name);
    }
    func.blocks[entry].insts.insert(0, slot_inst);
    block_of[slot_inst] = entry.into();

    for &b in forest.body(l) {
        for &inst in &func.blocks[b].insts {
            match &mut func.insts[inst].kind {
                InstKind::Load { ptr: p } | InstKind::Store { ptr: p, .. } if *p == ptr => {
                    *p = slot
                }
                _ => {}
            }
        }
    }
    let load = func.make_inst(InstKind::Load { ptr }, Some(ty), line);
    let value = func.inst_result(load).expect("a load has a result");
    let store = func.make_inst(InstKind::Store { value, ptr: slot }, None, line);
    func.blocks[preheader].insts.extend([load, store]);
    block_of[load] = preheader.into();
    block_of[store] = preheader.into();
    for &exit in forest.exits(l) {
        let load = func.make_inst(InstKind::Load { ptr: slot }, Some(ty), line);
        let value = func.inst_result(load).expect("a load has a result");
        let store = func.make_inst(InstKind::Store { value, ptr }, None, line);
        func.blocks[exit].insts.splice(0..0, [load, store]);
        block_of[load] = exit.into();
        block_of[store] = exit.into();
    }
}

/// Whether `v` is the result of an instruction of loop `l`.
fn defined_in_loop(
    func: &Function,
    forest: &LoopForest,
    l: Loop,
    block_of: &InstBlocks,
    v: Value,
) -> bool {
    func.defining_inst(v)
        .and_then(|def| block_of[def].expand())
        .is_some_and(|d| forest.contains(l, d))
}

/// What hoisting out of one loop `l` needs to know.
struct Hoist<'a> {
    forest: &'a LoopForest,
    domtree: &'a DomTree,
    l: Loop,
    preheader: Block,
    memory: &'a LoopMemory,
    effects: &'a Effects,
}

impl Hoist<'_> {
    /// Moves the invariant instructions of the loop, block by block in
    /// reverse postorder and in order within each, to the end of its
    /// preheader.
    fn run(&self, func: &mut Function, block_of: &mut InstBlocks) {
        let (forest, l) = (self.forest, self.l);
        for &b in forest.body(l) {
            func.retain_insts(b, |func, inst| {
                let kind = &func.insts[inst].kind;
                let movable = match *kind {
                    InstKind::Load { ptr } => {
                        is_identified_object(func, ptr)
                            && self.memory.is_unwritten(ptr)
                            && !defined_in_loop(func, forest, l, block_of, ptr)
                    }
                    InstKind::Call { callee, .. } if self.effects.is_pure(callee) => {
                        self.runs_every_iteration(b)
                            && operands_outside(func, forest, l, block_of, kind)
                    }
                    _ => is_invariant(func, forest, l, block_of, kind),
                };
                if !movable {
                    return true;
                }
                func.blocks[self.preheader].insts.push(inst);
                block_of[inst] = self.preheader.into();
                false
            });
        }
    }

    /// Whether block `b` of the loop runs in every iteration that ends,
    /// going round or leaving: it dominates the latches and the exiting
    /// blocks.
    fn runs_every_iteration(&self, b: Block) -> bool {
        let (forest, l) = (self.forest, self.l);
        forest
            .latches(l)
            .iter()
            .chain(forest.exiting(l))
            .all(|&end| self.domtree.dominates(b, end))
    }
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
    is_speculatable(func, kind) && operands_outside(func, forest, l, block_of, kind)
}

/// Whether each operand of `kind` is a constant, a parameter, or defined
/// outside loop `l`.
fn operands_outside(
    func: &Function,
    forest: &LoopForest,
    l: Loop,
    block_of: &InstBlocks,
    kind: &InstKind,
) -> bool {
    let mut outside = true;
    kind.for_each_operand(|v| outside &= !defined_in_loop(func, forest, l, block_of, v));
    outside
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
        crate::pass::for_each_definition_with_effects(&mut module, super::run);
    }
}
