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
//! Memory is reasoned about by *location* (`wend_ir::analysis::alias`): a
//! variable (an `alloca` of the entry block, or what a pointer parameter
//! points to), or one element of such an object at a constant index — the
//! captured variables that `frame-arrays` passes as one pointer to a group
//! are elements `getelementptr %g, j`, each as precise as a variable of
//! its own (LLVM's BasicAA splits a constant-offset `getelementptr` into
//! base and offset for the same answer). An access at an unknown index,
//! and a call given a pointer into an object (the callee may index from
//! it), may reach any location of that object; an access through a
//! pointer of unknown object, any location at all.
//!
//! **Loads** move too (LLVM's LICM with alias analysis), when the pointer
//! has a known location, is defined outside the loop, and nothing in the
//! loop may write the location: no store to it, no call whose callee
//! writes through a pointer into its object (`Effects`), and no write
//! through a pointer whose object is unknown. Such a load reads the same
//! value in every iteration. This is what loads a captured loop bound
//! once, in the preheader, rather than in every iteration.
//!
//! **Scalar promotion** (LLVM's `promoteLoopAccessesToScalars`): a
//! location the loop both loads and stores, of an object defined outside
//! the loop, with no other access in the loop that may reach it (no call
//! given a pointer into its object, no access at an unknown index into it
//! or through an unknown pointer), lives in a register across the loop:
//! its value is loaded once in the preheader and stored back at the start
//! of each exit block (loop-simplify form makes every exit dedicated, so
//! that runs only when leaving the loop). Inside the loop its loads and
//! stores, whichever pointers to it they use, go to a fresh stack slot,
//! which mem2reg, run next in the pipeline, turns into phis: the SSA
//! updating that LLVM's promoter does with its `SSAUpdater`. Writing the
//! value back on an exit where the loop did not change it is harmless in
//! wend: no other pointer, thread or signal handler sees the variable in
//! between. Promotion comes first in each loop, so the loads left are
//! hoisted by the rule above.
//!
//! Both load in the preheader what the program might not have loaded (the
//! loop may run zero times, the access may sit under an `if`). That is
//! harmless for a location that surely exists: a variable, an element
//! inside its `alloca`. An element beyond the first of a parameter is not
//! known to exist from inside the function (the caller's group may be
//! shorter; reading past it is an error), so such a location is loaded in
//! the preheader only when the loop header loads or stores it before any
//! call: the header runs right after the preheader, so the program reads
//! it there anyway, before printing anything more (LLVM's LICM asks the
//! same: dereferenceable, or guaranteed to be accessed by the loop).
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
//! instructions change blocks; promotion adds stack slots for mem2reg (and
//! an element pointer in the preheader when the loop has none outside it).

use rustc_hash::FxHashSet;
use wend_ir::analysis::alias::{
    for_each_reach, is_dereferenceable, location, Access, Location, Reach,
};
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
        let on_entry = accessed_on_entry(func, &forest, l);
        let memory = LoopMemory::compute(func, effects, forest.body(l), on_entry);
        for &loc in &memory.promotable(func, &forest, l, &block_of) {
            promote(func, &forest, l, loc, preheader, &mut block_of);
        }
        // Promotion took the loads and stores of the promoted locations
        // out of the loop: what is left is what the rest reads and writes.
        let memory = LoopMemory::compute(func, effects, forest.body(l), memory.accessed_on_entry);
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

/// How a loop uses memory: the locations its loads and stores reach
/// exactly, the objects other accesses reach (calls, elements at unknown
/// indices), and whether anything is accessed through a pointer of
/// unknown object.
#[derive(Default)]
struct LoopMemory {
    loaded: FxHashSet<Location>,
    stored: FxHashSet<Location>,
    /// Objects some access reaches at a location not known exactly.
    touched_objects: FxHashSet<Value>,
    /// Objects some access writes at a location not known exactly.
    written_objects: FxHashSet<Value>,
    /// The locations the header accesses first thing (see
    /// [`accessed_on_entry`]), from before promotion.
    accessed_on_entry: FxHashSet<Location>,
    unknown_read: bool,
    unknown_write: bool,
}

impl LoopMemory {
    fn compute(
        func: &Function,
        effects: &Effects,
        body: &[Block],
        accessed_on_entry: FxHashSet<Location>,
    ) -> LoopMemory {
        let mut memory = LoopMemory {
            accessed_on_entry,
            ..LoopMemory::default()
        };
        for &b in body {
            for &inst in &func.blocks[b].insts {
                let kind = &func.insts[inst].kind;
                for_each_reach(effects, func, kind, |reach, access: Access| match reach {
                    Reach::Exact(loc) => {
                        if access.read {
                            memory.loaded.insert(loc);
                        }
                        if access.write {
                            memory.stored.insert(loc);
                        }
                    }
                    Reach::Object(root) => {
                        memory.touched_objects.insert(root);
                        if access.write {
                            memory.written_objects.insert(root);
                        }
                    }
                    Reach::Unknown => {
                        memory.unknown_read |= access.read;
                        memory.unknown_write |= access.write;
                    }
                });
            }
        }
        memory
    }

    /// Whether a load of `loc` reads the same value in every iteration:
    /// nothing in the loop may write it.
    fn is_unwritten(&self, loc: Location) -> bool {
        !self.unknown_write
            && !self.stored.contains(&loc)
            && !self.written_objects.contains(&loc.root)
    }

    /// Whether location `loc` may be loaded in the loop's preheader: it
    /// surely exists ([`is_dereferenceable`]), or the loop accesses it on
    /// entry (LLVM's LICM asks the same: dereferenceable, or guaranteed to
    /// be accessed by the loop).
    fn may_load_in_preheader(&self, func: &Function, loc: Location) -> bool {
        is_dereferenceable(func, loc) || self.accessed_on_entry.contains(&loc)
    }

    /// The locations of loop `l` to promote (see the module doc), in
    /// order.
    fn promotable(
        &self,
        func: &Function,
        forest: &LoopForest,
        l: Loop,
        block_of: &InstBlocks,
    ) -> Vec<Location> {
        if self.unknown_read || self.unknown_write {
            return Vec::new();
        }
        let mut found: Vec<Location> = self
            .stored
            .iter()
            .copied()
            .filter(|loc| self.loaded.contains(loc) && !self.touched_objects.contains(&loc.root))
            .filter(|loc| !defined_in_loop(func, forest, l, block_of, loc.root))
            .filter(|&loc| self.may_load_in_preheader(func, loc))
            .collect();
        found.sort_unstable();
        found
    }
}

/// The locations the header of loop `l` loads or stores before anything
/// the program could see (a call: output, an exit, a trap). The header
/// runs right after the preheader: loading one of them there instead is
/// an error, if the element does not exist, at the same point of the
/// output.
fn accessed_on_entry(func: &Function, forest: &LoopForest, l: Loop) -> FxHashSet<Location> {
    func.blocks[forest.header(l)]
        .insts
        .iter()
        .map(|&inst| &func.insts[inst].kind)
        .take_while(|kind| !matches!(kind, InstKind::Call { .. }))
        .filter_map(|kind| match *kind {
            InstKind::Load { ptr } | InstKind::Store { ptr, .. } => location(func, ptr),
            _ => None,
        })
        .collect()
}

/// Keeps location `loc` in a register across loop `l`: loaded in the
/// preheader, stored back at the start of each exit block, and in between
/// in a fresh slot that mem2reg promotes.
fn promote(
    func: &mut Function,
    forest: &LoopForest,
    l: Loop,
    loc: Location,
    preheader: Block,
    block_of: &mut InstBlocks,
) {
    let ptr_ty = func.value_type(loc.root);
    let ty = ptr_ty
        .pointee()
        .expect("a promoted location is a pointer's");
    let line = 0;
    let entry = func.layout[0];
    let slot_inst = func.make_inst(InstKind::Alloca { ty, count: 1 }, Some(ptr_ty), line);
    let slot = func.inst_result(slot_inst).expect("an alloca has a result");
    func.blocks[entry].insts.insert(0, slot_inst);
    block_of[slot_inst] = entry.into();

    let mut name = None;
    let mut defined_outside = None;
    for &b in forest.body(l) {
        for &inst in &func.blocks[b].insts {
            let (InstKind::Load { ptr } | InstKind::Store { ptr, .. }) = func.insts[inst].kind
            else {
                continue;
            };
            if location(func, ptr) != Some(loc) {
                continue;
            }
            name = name.or_else(|| func.value_name(ptr).map(str::to_string));
            if !defined_in_loop(func, forest, l, block_of, ptr) {
                defined_outside.get_or_insert(ptr);
            }
            match &mut func.insts[inst].kind {
                InstKind::Load { ptr } | InstKind::Store { ptr, .. } => *ptr = slot,
                _ => unreachable!("matched above"),
            }
        }
    }
    if let Some(name) = name {
        // mem2reg names the phis it places after the slot.
        func.set_value_name(slot, &name);
    }
    // A pointer to the location available in the preheader: one the loop
    // used, else a new element pointer there (the loop's may be its own).
    let mut outside = Vec::new();
    let ptr = if let Some(ptr) = defined_outside {
        ptr
    } else {
        let index = func.iconst(i32::try_from(loc.index).expect("an element index is an i32"));
        let element = func.make_inst(
            InstKind::ElementPtr {
                base: loc.root,
                index,
            },
            Some(ptr_ty),
            line,
        );
        outside.push(element);
        func.inst_result(element)
            .expect("an element pointer has a result")
    };
    let load = func.make_inst(InstKind::Load { ptr }, Some(ty), line);
    let value = func.inst_result(load).expect("a load has a result");
    let store = func.make_inst(InstKind::Store { value, ptr: slot }, None, line);
    outside.extend([load, store]);
    for &inst in &outside {
        block_of[inst] = preheader.into();
    }
    func.blocks[preheader].insts.extend(outside);
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
                    InstKind::Load { ptr } => location(func, ptr).is_some_and(|loc| {
                        self.memory.is_unwritten(loc)
                            && !defined_in_loop(func, forest, l, block_of, ptr)
                            && self.memory.may_load_in_preheader(func, loc)
                    }),
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
