//! Jump threading over boolean phis: the shape of `&&` and `||`.
//!
//! The frontend evaluates `a && b` with a join block whose only content is
//! `%v = phi i1 [false, %A], [%b, %B]` and a branch on `%v`:
//!
//! ```text
//!   A: br %a, B, J          B: ...; br J          J: %v = phi ...; br %v, T, E
//! ```
//!
//! Every predecessor of `J` already knows which way `J` will go, or at
//! least the boolean it will test: the edge from `A` carries the constant
//! `false`, so it can go straight to `E`; `B` can end with `br %b, T, E`
//! itself (and the `icmp` computing `%b` is then fused into that branch by
//! instruction selection). Once all its edges are threaded, `J` is gone,
//! with its `setcc`, its phi copies and its second test and jump. This is
//! the simplest case of jump threading (Mueller & Whalley, "Avoiding
//! Conditional Branches by Code Replication", PLDI 1995; LLVM's
//! JumpThreading pass), enough because wend has no other source of
//! branches on phis.
//!
//! A threaded edge `P -> T` carries to the phis of `T` the value the edge
//! `J -> T` carried: it was available at the end of `J`, which `J` does not
//! define (its only phi is used only by its branch), so it dominates `J`'s
//! predecessors too. An edge is threaded only where this keeps the CFG
//! simple: from an unconditional `br J`, or from a conditional branch with
//! a constant for `J` whose other target is not the one it is redirected
//! to (two edges from one block into a phi's block must carry equal values).
//!
//! Requires a function in SSA form; keeps it in SSA form, changes its CFG
//! (invalidating any CFG analysis) and may delete blocks from the layout.

use cranelift_entity::SecondaryMap;
use wend_ir::{Block, Function, InstKind, Terminator, ThinVec, Type, Value, ValueDef};

/// Threads the predecessors of every join block of the `&&`/`||` shape;
/// returns the number of edges threaded.
pub fn thread_boolean_phis(func: &mut Function) -> usize {
    // Use counts and deleted blocks are kept up to date by each threading
    // rather than recomputed from the whole function for every block.
    let mut uses = func.use_counts();
    let mut deleted = SecondaryMap::<Block, bool>::new();
    let mut threaded = 0;
    loop {
        let before = threaded;
        for b in func.layout.clone() {
            if !deleted[b] {
                threaded += thread_block(func, &mut uses, &mut deleted, b);
            }
        }
        func.layout.retain(|&b| !deleted[b]);
        if threaded == before {
            return threaded;
        }
    }
}

/// Gives every phi of `target` an entry for `new_pred` with the value of
/// its entry for `old_pred`.
fn copy_phi_entries(
    func: &mut Function,
    uses: &mut SecondaryMap<Value, u32>,
    target: Block,
    old_pred: Block,
    new_pred: Block,
) {
    for &phi in &func.blocks[target].phis {
        if let InstKind::Phi { incoming } = &mut func.insts[phi].kind {
            let (_, v) = *incoming
                .iter()
                .find(|(p, _)| *p == old_pred)
                .expect("phi without an entry for a predecessor");
            incoming.push((new_pred, v));
            uses[v] += 1;
        }
    }
}

/// Threads what can be threaded of the edges into `join`; returns how many.
fn thread_block(
    func: &mut Function,
    uses: &mut SecondaryMap<Value, u32>,
    deleted: &mut SecondaryMap<Block, bool>,
    join: Block,
) -> usize {
    let data = &func.blocks[join];
    let (
        Some(Terminator::CondBr {
            cond,
            then_dest,
            else_dest,
        }),
        [phi],
        true,
    ) = (
        data.terminator.clone(),
        &data.phis[..],
        data.insts.is_empty(),
    )
    else {
        return 0;
    };
    let phi = *phi;
    if func.insts[phi].result.expand() != Some(cond)
        || then_dest == else_dest
        || then_dest == join
        || else_dest == join
        || uses[cond] != 1
    {
        return 0;
    }
    let InstKind::Phi { incoming } = func.insts[phi].kind.clone() else {
        unreachable!("non-phi among the phis of {join}")
    };
    let target = |c: bool| if c { then_dest } else { else_dest };
    let mut remaining = ThinVec::new();
    for &(pred, v) in &incoming {
        let known = match func.value_def(v) {
            ValueDef::Const(c) => Some(c != 0),
            _ => None,
        };
        let new_term = match (func.blocks[pred].terminator.clone(), known) {
            (Some(Terminator::Br { .. }), Some(c)) => Terminator::Br { dest: target(c) },
            (Some(Terminator::Br { .. }), None) if func.value_type(v) == Type::I1 => {
                Terminator::CondBr {
                    cond: v,
                    then_dest,
                    else_dest,
                }
            }
            (
                Some(Terminator::CondBr {
                    cond,
                    then_dest: t,
                    else_dest: e,
                }),
                Some(c),
            ) if (t == join) != (e == join) && t != target(c) && e != target(c) => {
                let redirect = |d: Block| if d == join { target(c) } else { d };
                Terminator::CondBr {
                    cond,
                    then_dest: redirect(t),
                    else_dest: redirect(e),
                }
            }
            _ => {
                remaining.push((pred, v));
                continue;
            }
        };
        let reaches = |s: Block| match new_term {
            Terminator::Br { dest } => dest == s,
            Terminator::CondBr {
                then_dest: t,
                else_dest: e,
                ..
            } => t == s || e == s,
            _ => false,
        };
        for s in [then_dest, else_dest] {
            if reaches(s) {
                copy_phi_entries(func, uses, s, join, pred);
            }
        }
        // The join's phi no longer reads `v`; a new branch on it does.
        uses[v] -= 1;
        if let Terminator::CondBr { cond: c, .. } = new_term {
            if known.is_none() {
                uses[c] += 1;
            }
        }
        func.blocks[pred].terminator = Some(new_term);
    }
    let threaded = incoming.len() - remaining.len();
    if remaining.is_empty() {
        // Unreachable now: delete it and its entries in its successors' phis.
        deleted[join] = true;
        uses[cond] -= 1;
        for s in [then_dest, else_dest] {
            for &p in &func.blocks[s].phis {
                if let InstKind::Phi { incoming } = &mut func.insts[p].kind {
                    incoming.retain(|&(b, v)| {
                        if b == join {
                            uses[v] -= 1;
                        }
                        b != join
                    });
                }
            }
        }
    }
    if let InstKind::Phi { incoming } = &mut func.insts[phi].kind {
        *incoming = remaining;
    }
    threaded
}
