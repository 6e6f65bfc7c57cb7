//! dse: dead-store elimination — delete a store whose value nothing can
//! read, because a later store to the same pointer overwrites it first.
//!
//! Algorithm: the block-local half of LLVM's `DeadStoreElimination` (and
//! of EarlyCSE's "last store" tracking). Walk each block forward, keeping
//! for each location known exactly (a variable, or an element of one at
//! constant indices: `wend_ir::analysis::alias::Location`) its *pending*
//! store: the last store to it that nothing has read since. A load of the
//! location reads it: it is no longer pending. A read that may reach
//! several locations of one object (a load at an unknown index, a call
//! whose callee reads through a pointer into the object, as its `Effects`
//! say) ends the pending stores of that object; a read through a pointer
//! of unknown object may read any of them: none is pending any more. A
//! store to a location with a pending store makes the pending one dead: it
//! is deleted, whichever pointer values the two stores used.
//!
//! What is not a read does not keep a store alive, even if it leaves the
//! block, traps or never returns: only the program's own loads see memory
//! (a trap stops the program; wend has no other thread, no signal handler
//! and no way to print a variable but to load it). Stores to a variable
//! that is never loaded at all are dce's (its write-only slots).
//!
//! Requires: valid IR; the module's `Effects`. Invalidates: nothing about
//! the CFG; stores are removed.

use rustc_hash::FxHashMap;
use wend_ir::analysis::alias::{for_each_reach, location, Location, Reach};
use wend_ir::analysis::effects::Effects;
use wend_ir::{Function, Inst, InstKind};

pub fn run(func: &mut Function, effects: &Effects) {
    for block in func.layout.clone() {
        let dead = dead_stores(func, effects, &func.blocks[block].insts);
        if !dead.is_empty() {
            func.retain_insts(block, |_, inst| dead.binary_search(&inst).is_err());
        }
    }
}

/// The stores of `insts` (one block, in order) that a later store of the
/// block overwrites before anything may read them.
fn dead_stores(func: &Function, effects: &Effects, insts: &[Inst]) -> Vec<Inst> {
    let mut pending: FxHashMap<Location, Inst> = FxHashMap::default();
    let mut dead = Vec::new();
    for &inst in insts {
        let kind = &func.insts[inst].kind;
        if let InstKind::Store { ptr, .. } = *kind {
            if let Some(loc) = location(func, ptr) {
                if let Some(overwritten) = pending.insert(loc, inst) {
                    dead.push(overwritten);
                }
            }
            continue;
        }
        for_each_reach(effects, func, kind, |reach, access| {
            if !access.read {
                return;
            }
            match reach {
                Reach::Exact(loc) => {
                    pending.remove(&loc);
                }
                Reach::Object(_) => pending.retain(|&loc, _| !reach.may_touch(loc)),
                Reach::Unknown => pending.clear(),
            }
        });
    }
    dead.sort_unstable();
    dead
}
