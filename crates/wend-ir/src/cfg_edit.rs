//! Editing the control-flow graph of a function: the operations several
//! passes share, written once so they keep phis consistent the same way.
//!
//! A phi has one entry per incoming *edge*, so every edit of an edge edits
//! the phis of its target: deleting an edge removes one entry, redirecting
//! it renames one, deleting a block removes the entries it fed. None of
//! these keep a cached [`Cfg`](crate::analysis::cfg::Cfg) up to date; the
//! caller recomputes or patches its own.
//!
//! [`same_value`] is here too: it is the question an edit asks when two
//! edges from one block must carry one value into the same phi.

use crate::entities::{Block, Value};
use crate::function::{Function, ValueDef};
use crate::instructions::{InstKind, Terminator};
use cranelift_entity::SecondaryMap;

/// Makes the conditional branch ending `b` a jump to `kept`, one of its
/// targets; `dropped`, the other (which may be the same block, reached by
/// two edges), loses one phi entry for `b`, that of the edge deleted.
pub fn branch_only_to(func: &mut Function, b: Block, kept: Block, dropped: Block) {
    func.blocks[b].terminator = Some(Terminator::Br { dest: kept });
    remove_one_phi_entry(func, dropped, b);
}

/// Removes, from every phi of `block`, one entry for the edge from `pred`
/// (when that edge is deleted; a second edge from `pred` keeps the other).
pub fn remove_one_phi_entry(func: &mut Function, block: Block, pred: Block) {
    for &phi in &func.blocks[block].phis {
        if let InstKind::Phi { incoming } = &mut func.insts[phi].kind {
            if let Some(at) = incoming.iter().position(|&(p, _)| p == pred) {
                incoming.remove(at);
            }
        }
    }
}

/// Makes the phi entries of `block` that name `from` name `to` (after the
/// edges from `from` were moved to `to`).
pub fn rename_phi_entries(func: &mut Function, block: Block, from: Block, to: Block) {
    for &phi in &func.blocks[block].phis {
        if let InstKind::Phi { incoming } = &mut func.insts[phi].kind {
            for entry in incoming.iter_mut().filter(|(p, _)| *p == from) {
                entry.0 = to;
            }
        }
    }
}

/// Makes every edge from `pred` to `old` go to `new` instead. The phis of
/// `old` and `new` are the caller's to fix.
pub fn redirect_branches(func: &mut Function, pred: Block, old: Block, new: Block) {
    let term = func.blocks[pred]
        .terminator
        .as_mut()
        .expect("a block with successors has a terminator");
    term.map_successors(|t| if t == old { new } else { t });
}

/// Appends the instructions and the terminator of `succ` to `pred`, which
/// must end in a jump to `succ` and be its only predecessor; `succ` is left
/// empty, for the caller to remove from the layout. The phis of `succ`
/// (one entry each) are the caller's to replace by their value, and the
/// phis of the successors now reached from `pred` still name `succ`: see
/// [`rename_phi_entries`].
pub fn merge_into_predecessor(func: &mut Function, pred: Block, succ: Block) {
    let merged = std::mem::take(&mut func.blocks[succ]);
    let data = &mut func.blocks[pred];
    data.insts.extend(merged.insts);
    data.terminator = merged.terminator;
    data.terminator_line = merged.terminator_line;
}

/// Deletes the blocks marked `dead` from the layout, and the phi entries
/// for edges coming from them. The entry block must not be dead; a value
/// defined in a dead block must only be used in dead blocks or in those
/// phi entries (true of blocks unreachable from the entry).
pub fn delete_blocks(func: &mut Function, dead: &SecondaryMap<Block, bool>) {
    assert!(!dead[func.layout[0]], "the entry block cannot be deleted");
    func.layout.retain(|&b| !dead[b]);
    for &b in &func.layout {
        for &phi in &func.blocks[b].phis {
            if let InstKind::Phi { incoming } = &mut func.insts[phi].kind {
                incoming.retain(|&(p, _)| !dead[p]);
            }
        }
    }
}

/// Whether either value can stand for the other, so that a phi whose
/// entries are `a` and `b` may take just one of them: one id, equal
/// constants or equal string addresses of one type (the IR makes a fresh
/// value for each constant written), or two `undef`s of one type — an
/// `undef` may be any value, so one may be chosen to be the other (LLVM
/// reads two such phi entries as one `undef`, and so does the verifier).
pub fn same_value(func: &Function, a: Value, b: Value) -> bool {
    if a == b {
        return true;
    }
    let (da, db) = (&func.values[a], &func.values[b]);
    da.ty == db.ty
        && match (da.def, db.def) {
            (ValueDef::Const(x), ValueDef::Const(y)) => x == y,
            (ValueDef::Str(x), ValueDef::Str(y)) => x == y,
            (ValueDef::Undef, ValueDef::Undef) => true,
            _ => false,
        }
}
