//! Editing the control-flow graph of a function: the operations several
//! passes share, written once so they keep phis consistent the same way.
//!
//! A phi has one entry per incoming *edge*, so every edit of an edge edits
//! the phis of its target: deleting an edge removes one entry, redirecting
//! it renames one, deleting a block removes the entries it fed. None of
//! these keep a cached [`Cfg`](crate::analysis::cfg::Cfg) up to date; the
//! caller recomputes or patches its own.
//!
//! When two edges from one block must carry one value into the same phi,
//! an edit asks [`Function::same_value`], the one meaning of that question.

use crate::entities::{Block, Inst, Value};
use crate::function::Function;
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

/// Splits one edge: the successor number `index` of `pred` (0 for a jump
/// or a conditional branch's `then` side, 1 for its `else` side) becomes a
/// new block named `name`, which jumps to the old target; that target's
/// phis get one entry renamed from `pred` to the new block (two edges from
/// `pred` carry the same value, so either entry will do). The new block
/// is not placed in the layout: the caller places it, typically right
/// after `pred` in one sweep. Returns the new block.
pub fn split_edge(func: &mut Function, pred: Block, index: usize, name: &str) -> Block {
    let target = func
        .successors(pred)
        .nth(index)
        .expect("split_edge: no such successor");
    let new = func.create_block(name);
    let line = func.blocks[pred].terminator_line;
    func.blocks[new].terminator = Some(Terminator::Br { dest: target });
    func.blocks[new].terminator_line = line;
    let mut at = 0;
    let term = func.blocks[pred]
        .terminator
        .as_mut()
        .expect("a block with successors has a terminator");
    term.map_successors(|s| {
        let this = at;
        at += 1;
        if this == index {
            new
        } else {
            s
        }
    });
    for &phi in &func.blocks[target].phis {
        if let InstKind::Phi { incoming } = &mut func.insts[phi].kind {
            if let Some(entry) = incoming.iter_mut().find(|(p, _)| *p == pred) {
                entry.0 = new;
            }
        }
    }
    new
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

/// Replaces a two-way branch whose paths meet again right away by
/// straight-line code (LLVM's `FoldTwoEntryPHINode`). `head` ends in
/// `br %cond, ...`; `from_true` and `from_false` are the two predecessors
/// of `join` (its only ones), reached when `%cond` is true and false: each
/// is either `head` itself or a *side* block whose only predecessor is
/// `head`, without phis, that jumps to `join` (a diamond has two sides, a
/// triangle one).
///
/// The sides' code moves to the end of `head`, so it runs whichever way
/// the condition goes: the caller has checked that it may (no effect, no
/// trap). Each phi of `join` becomes, in place (same instruction, same
/// result), `select %cond, <value from from_true>, <value from
/// from_false>` at the start of `join`'s instructions — except a phi whose
/// two values are the same ([`Function::same_value`]): it is removed, and
/// returned with that value for the caller to substitute. `head` jumps to
/// `join`; the sides are left empty and unreachable, for the caller to
/// remove from the layout. The sides' debug values no longer hold on one
/// path only, so their variables become unknown from the start of `join`
/// ([`crate::debug_info::unknown_from_start`]), where the debug values of
/// `join`'s phis, now of the selects, follow.
pub fn speculate_into_selects(
    func: &mut Function,
    head: Block,
    from_true: Block,
    from_false: Block,
    join: Block,
) -> Vec<(Value, Value)> {
    let Some(Terminator::CondBr { cond, .. }) = func.blocks[head].terminator else {
        panic!("speculate_into_selects: {head} does not end in a conditional branch");
    };
    let mut selects = Vec::new();
    let mut removed = Vec::new();
    for phi in std::mem::take(&mut func.blocks[join].phis) {
        let if_true = func.phi_entry_from(phi, from_true);
        let if_false = func.phi_entry_from(phi, from_false);
        let result = func.insts[phi].result.expand().expect("a phi has a result");
        if func.same_value(if_true, if_false) {
            removed.push((result, if_true));
        } else {
            func.insts[phi].kind = InstKind::Select {
                cond,
                if_true,
                if_false,
            };
            selects.push(phi);
        }
    }
    func.blocks[join].insts.splice(0..0, selects);
    for side in [from_true, from_false] {
        if side == head {
            continue;
        }
        let (records, code): (Vec<Inst>, Vec<Inst>) = std::mem::take(&mut func.blocks[side].insts)
            .into_iter()
            .partition(|&i| func.insts[i].kind.is_debug_value());
        func.blocks[head].insts.extend(code);
        func.blocks[side].terminator = None;
        crate::debug_info::unknown_from_start(func, records, join);
    }
    func.blocks[head].terminator = Some(Terminator::Br { dest: join });
    removed
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::parse_module;
    use crate::types::Type;
    use crate::Module;

    /// `@main` made of `body` (the text of its blocks).
    fn module(body: &str) -> Module {
        parse_module(&format!("define i32 @main() {{\n{body}}}\n")).unwrap()
    }

    fn main_mut(module: &mut Module) -> &mut Function {
        let id = module.find_function("main").unwrap();
        &mut module.functions[id]
    }

    /// The module printed, after checking it is valid.
    fn printed(module: &Module) -> String {
        crate::verify::verify_module(module).unwrap();
        crate::print::print_module(module)
    }

    /// A conditional branch whose two edges go to one block, `%j`.
    const BOTH_EDGES_TO_J: &str = "
entry:
  %c = icmp sgt i32 2, 0
  br i1 %c, label %j, label %j
j:
  %p = phi i32 [ 1, %entry ], [ 1, %entry ]
  ret i32 %p
";

    #[test]
    fn folding_a_branch_with_one_target_twice_drops_one_phi_entry() {
        let mut m = module(BOTH_EDGES_TO_J);
        let f = main_mut(&mut m);
        let (entry, j) = (f.layout[0], f.layout[1]);
        branch_only_to(f, entry, j, j);
        let text = printed(&m);
        assert!(text.contains("br label %j"), "{text}");
        assert!(text.contains("phi i32 [ 1, %entry ]\n"), "{text}");
    }

    #[test]
    fn deleting_a_block_drops_the_phi_entries_it_fed() {
        let mut m = module(
            "
entry:
  br label %a
dead:
  br label %a
a:
  %p = phi i32 [ 0, %entry ], [ 1, %dead ]
  ret i32 %p
",
        );
        let f = main_mut(&mut m);
        let mut dead = SecondaryMap::new();
        dead[f.layout[1]] = true;
        delete_blocks(f, &dead);
        let text = printed(&m);
        assert!(!text.contains("dead"), "{text}");
        assert!(text.contains("phi i32 [ 0, %entry ]\n"), "{text}");
    }

    #[test]
    fn merging_a_block_into_its_predecessor_keeps_the_function_valid() {
        let mut m = module(
            "
entry:
  br label %b
b:
  %x = add i32 1, 2
  br label %c
c:
  %p = phi i32 [ %x, %b ]
  ret i32 %p
",
        );
        let f = main_mut(&mut m);
        let (entry, b, c) = (f.layout[0], f.layout[1], f.layout[2]);
        merge_into_predecessor(f, entry, b);
        rename_phi_entries(f, c, b, entry);
        f.layout.retain(|&x| x != b);
        let text = printed(&m);
        assert!(text.contains("phi i32 [ %x, %entry ]"), "{text}");
        assert!(text.contains("%x = add i32 1, 2\n  br label %c"), "{text}");
    }

    #[test]
    fn redirecting_moves_both_edges_to_the_new_target() {
        let mut m = module(
            "
entry:
  %c = icmp sgt i32 2, 0
  br i1 %c, label %a, label %a
a:
  ret i32 0
b:
  ret i32 1
",
        );
        let f = main_mut(&mut m);
        let (entry, a, b) = (f.layout[0], f.layout[1], f.layout[2]);
        redirect_branches(f, entry, a, b);
        let text = printed(&m);
        assert!(text.contains("br i1 %c, label %b, label %b"), "{text}");
    }

    #[test]
    fn splitting_both_edges_to_one_block_gives_each_its_phi_entry() {
        let mut m = module(BOTH_EDGES_TO_J);
        let f = main_mut(&mut m);
        let entry = f.layout[0];
        let then_edge = split_edge(f, entry, 0, "t");
        let else_edge = split_edge(f, entry, 1, "e");
        f.layout.insert(1, then_edge);
        f.layout.insert(2, else_edge);
        let text = printed(&m);
        assert!(text.contains("br i1 %c, label %t, label %e"), "{text}");
        assert_eq!(
            text.matches("; preds = %entry\n  br label %j\n").count(),
            2,
            "{text}"
        );
        assert!(text.contains("phi i32 [ 1, %t ], [ 1, %e ]"), "{text}");
    }

    #[test]
    fn splitting_one_of_two_edges_to_one_block_renames_one_phi_entry() {
        let mut m = module(BOTH_EDGES_TO_J);
        let f = main_mut(&mut m);
        let entry = f.layout[0];
        let new = split_edge(f, entry, 1, "entry.j_crit_edge");
        f.layout.insert(1, new);
        let text = printed(&m);
        assert!(
            text.contains("br i1 %c, label %j, label %entry.j_crit_edge"),
            "{text}"
        );
        assert!(
            text.contains("phi i32 [ 1, %entry.j_crit_edge ], [ 1, %entry ]"),
            "{text}"
        );
    }

    #[test]
    fn speculating_a_diamond_makes_selects_and_the_sides_debug_values_unknown() {
        let mut m = module(
            "
entry:
  %c = icmp sgt i32 2, 0
  br i1 %c, label %t, label %e
t:
  %a = add i32 1, 2
  br label %j
e:
  br label %j
j:
  %p = phi i32 [ %a, %t ], [ 5, %e ]
  %q = phi i32 [ 4, %t ], [ 4, %e ]
  %r = add i32 %p, %q
  ret i32 %r
",
        );
        let f = main_mut(&mut m);
        let (entry, t, e, j) = (f.layout[0], f.layout[1], f.layout[2], f.layout[3]);
        let a = f.blocks[t].insts[0];
        let a_value = f.insts[a].result.unwrap();
        let record = f.make_inst(
            InstKind::DebugValue {
                var: 0,
                value: a_value,
            },
            None,
            0,
        );
        f.blocks[t].insts.push(record);
        let removed = speculate_into_selects(f, entry, t, e, j);
        assert_eq!(removed.len(), 1, "%q is 4 on both paths");
        assert_eq!(f.as_const(removed[0].1), Some(4));
        assert_eq!(
            f.blocks[j].insts[0], record,
            "the side's record moved to %j"
        );
        let InstKind::DebugValue { value, .. } = f.insts[record].kind else {
            unreachable!()
        };
        assert!(f.is_undef(value), "the variable is unknown in %j");
        assert_eq!(f.blocks[entry].insts.last(), Some(&a), "%a runs in %entry");
        // (No debug table here for the verifier to check the record by.)
        f.blocks[j].insts.remove(0);
        f.layout.retain(|&b| b != t && b != e);
        let mut subst = crate::Substitution::new();
        subst.replace(removed[0].0, removed[0].1);
        f.substitute(&subst);
        let text = printed(&m);
        assert!(text.contains("%p = select i1 %c, i32 %a, i32 5"), "{text}");
        assert!(text.contains("%r = add i32 %p, 4"), "{text}");
        assert!(text.contains("br label %j"), "{text}");
    }

    #[test]
    fn same_value_takes_equal_constants_and_undefs_of_one_type() {
        let mut m = module("entry:\n  ret i32 0\n");
        let f = main_mut(&mut m);
        let (one, other_one, two) = (f.iconst(1), f.iconst(1), f.iconst(2));
        let (u, v, w) = (f.undef(Type::I32), f.undef(Type::I32), f.undef(Type::I1));
        let true_ = f.bconst(true);
        assert!(f.same_value(one, other_one));
        assert!(!f.same_value(one, two));
        assert!(f.same_value(u, v));
        assert!(!f.same_value(u, w), "undefs of different types");
        assert!(!f.same_value(u, one), "an undef and a constant");
        assert!(!f.same_value(true_, one), "equal bits, different types");
    }
}
