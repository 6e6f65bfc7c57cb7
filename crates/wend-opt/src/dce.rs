//! dce: dead code elimination, by marking what is live.
//!
//! An instruction is *live* when the program's behaviour can depend on it;
//! everything else is deleted. Instead of deleting instructions without
//! users over and over (which never deletes a cycle: `%i = phi [0, …],
//! [%i.next, …]` with `%i.next = add %i, 1` keep each other "used"), the
//! pass works the other way round, as the "aggressive" DCE of Cytron et
//! al. (TOPLAS 1991, §7.1) and LLVM's `ADCE` do — assume everything dead,
//! prove liveness from the roots:
//!
//! * **roots** — what the program visibly does: every call (it may print,
//!   stop the program with a runtime error, write through pointers or
//!   never return), every store whose address is not a local stack slot
//!   (it may be a variable of an enclosing function, passed in), and every
//!   terminator (its condition or return value). All control flow is kept:
//!   deciding which branches are useless needs post-dominators and care
//!   with loops that never end (`while true`); SimplifyCFG removes the
//!   empty blocks this pass leaves behind.
//! * **propagation** — the operands of a live instruction are live; that
//!   includes the phi entries of a live phi.
//! * **stack slots** — a store to an `alloca` matters only if the slot is
//!   read: a store is live when its slot is, and a slot is live when a
//!   live instruction uses its address (a load, a call that receives it, a
//!   store that writes the address itself somewhere). A slot that is only
//!   ever stored to goes, with its stores.
//!
//! * **debug table** — naming a variable's home (`-g`) keeps nothing
//!   alive: `-g` never changes the code. A variable whose home is deleted
//!   leaves the table (the debugger shows it as optimised out), as a debug
//!   value of a deleted value becomes `undef`.
//!
//! Marking is one worklist pass over the use-def edges, so the pass is
//! linear. Nothing that is marked live uses something deleted, since
//! every operand of a live instruction is marked.
//!
//! Requires: valid IR. Invalidates: nothing about the CFG; instructions are
//! removed.

use cranelift_entity::SecondaryMap;
use wend_ir::{Function, Inst, InstKind, Value};

/// Deletes the instructions no side effect depends on (see the module doc).
pub fn run(func: &mut Function) {
    if func.is_declaration() {
        return;
    }
    let mut marker = Marker {
        func,
        live: SecondaryMap::with_capacity(func.insts.len()),
        stores_to_slot: SecondaryMap::new(),
        worklist: Vec::new(),
    };

    // Stores to stack slots wait for their slot to become live; the other
    // side effects and all terminators are roots.
    for &b in &func.layout {
        for inst in func.block_insts(b) {
            match func.insts[inst].kind {
                InstKind::Store { ptr, .. } if is_stack_slot(func, ptr) => {
                    marker.stores_to_slot[func.defining_inst(ptr).unwrap()].push(inst);
                }
                ref kind if kind.has_side_effects() => marker.mark(inst),
                // Kept, but keeps nothing alive: its value is no operand
                // (and is `undef` for the debugger once deleted).
                InstKind::DebugValue { .. } => marker.live[inst] = true,
                _ => {}
            }
        }
        if let Some(t) = func.terminator(b) {
            t.for_each_operand(|v| marker.mark_value(v));
        }
    }
    while let Some(inst) = marker.worklist.pop() {
        marker.propagate(inst);
    }

    let live = marker.live;
    for i in 0..func.layout.len() {
        let data = &mut func.blocks[func.layout[i]];
        data.phis.retain(|&inst| live[inst]);
        data.insts.retain(|&inst| live[inst]);
    }
    // A variable whose home was deleted (an element pointer no load or
    // store uses any more: GVN reached its element through another
    // pointer) is optimised out for the debugger.
    let Some(mut debug) = func.debug.take() else {
        return;
    };
    for var in &mut debug.variables {
        let deleted = var
            .slot
            .and_then(|slot| func.defining_inst(slot))
            .is_some_and(|def| !live[def]);
        if deleted {
            var.slot = None;
        }
    }
    func.debug = Some(debug);
}

/// Whether `ptr` is the address of a stack slot of this function.
fn is_stack_slot(func: &Function, ptr: Value) -> bool {
    func.defining_inst(ptr)
        .is_some_and(|def| matches!(func.insts[def].kind, InstKind::Alloca { .. }))
}

struct Marker<'f> {
    func: &'f Function,
    live: SecondaryMap<Inst, bool>,
    /// The stores into each `alloca`, made live with it.
    stores_to_slot: SecondaryMap<Inst, Vec<Inst>>,
    /// Live instructions whose operands are not marked yet.
    worklist: Vec<Inst>,
}

impl Marker<'_> {
    fn mark(&mut self, inst: Inst) {
        if !self.live[inst] {
            self.live[inst] = true;
            self.worklist.push(inst);
        }
    }

    /// Marks the instruction defining `v`, if any (constants, parameters,
    /// `undef` and strings need nothing).
    fn mark_value(&mut self, v: Value) {
        if let Some(def) = self.func.defining_inst(v) {
            self.mark(def);
        }
    }

    // lab(sccp) begin: DCE's marking: what a live instruction makes live
    fn propagate(&mut self, inst: Inst) {
        let func = self.func;
        match func.insts[inst].kind {
            // A store to a slot keeps the value live, not the slot itself:
            // the slot is live only if something reads it.
            InstKind::Store { value, ptr } if is_stack_slot(func, ptr) => self.mark_value(value),
            InstKind::Alloca { .. } => {
                for i in 0..self.stores_to_slot[inst].len() {
                    self.mark(self.stores_to_slot[inst][i]);
                }
            }
            ref kind => kind.for_each_operand(|v| self.mark_value(v)),
        }
    }
    // lab(sccp) stub:
    //~ fn propagate(&mut self, inst: Inst) {
    //~     // TODO(lab sccp): the operands of a live instruction are live
    //~     // (`mark_value`), but a store into a stack slot keeps only its value
    //~     // live, and a live slot (`alloca`) makes its stores live
    //~     // (docs/labs/3-sccp.md). This stub keeps every instruction of the
    //~     // function, so DCE deletes nothing.
    //~     let _ = inst;
    //~     let func = self.func;
    //~     for &b in &func.layout {
    //~         for other in func.block_insts(b) {
    //~             self.mark(other);
    //~         }
    //~     }
    //~ }
    // lab(sccp) end
}
