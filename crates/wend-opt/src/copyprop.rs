//! copyprop: copy propagation and trivial-phi removal.
//!
//! The IR has no copy instruction (`y = x` in SSA is just a second name for
//! `x`), but some instructions are copies in disguise, and this pass
//! replaces each of them by the value it copies:
//!
//! * a phi whose entries are all the same value `x`, or the phi itself:
//!   `phi [%x, %a], [%x, %b]`, or `%i = phi [%x, %entry], [%i, %loop]`
//!   around a loop that never changes `%i`. Such a phi is `x` on every
//!   path (every path into the block brings `x`, or the phi's own value,
//!   which is `x` by induction), and `x` dominates the phi's block, so it
//!   can stand for the phi everywhere (Braun, Buchwald, Hack, Leißa, Mallon
//!   & Zwinkau, "Simple and Efficient Construction of Static Single
//!   Assignment Form", CC 2013, §3.1). A phi with only itself as entry is
//!   in unreachable code and becomes `undef`.
//! * `select %c, %x, %x`, which is `%x` whatever `%c`;
//! * `select true, %x, %y` and `select false, %x, %y`.
//!
//! Replacing one copy can turn its users into copies (a cycle of phis that
//! only copy each other collapses completely), so a worklist revisits the
//! phis and selects that use a replaced value until nothing changes. An
//! instruction is re-examined only when one of its operands is replaced,
//! so the work is linear in the number of operands. The replacements are
//! recorded in one `wend_ir::Substitution` and applied in a single sweep.
//!
//! Nothing else is folded (`add %x, 0` stays: that is arithmetic, not a
//! copy; SCCP folds what is constant). Dead code is left to DCE.
//!
//! Requires: valid IR. Invalidates: nothing about the CFG; phis and
//! selects are removed.

use cranelift_entity::{EntityRef, SecondaryMap};
use wend_ir::flat_lists::FlatLists;
use wend_ir::{Block, Function, Inst, InstKind, Substitution, Type, Value};

/// Replaces copies by what they copy (see the module doc).
pub fn run(func: &mut Function) {
    if func.is_declaration() {
        return;
    }
    // The phis and selects, and which of them use each one's result.
    let mut candidates: Vec<Inst> = Vec::new();
    for &b in &func.layout {
        let data = &func.blocks[b];
        candidates.extend(data.phis.iter().copied());
        candidates.extend(
            data.insts
                .iter()
                .copied()
                .filter(|&i| matches!(func.insts[i].kind, InstKind::Select { .. })),
        );
    }
    let users = FlatLists::build(func.insts.len(), Inst::new(0), |f| {
        for &inst in &candidates {
            func.insts[inst].kind.for_each_operand(|v| {
                if let Some(def) = func.defining_inst(v) {
                    if def != inst {
                        f(def.index(), inst);
                    }
                }
            });
        }
    });

    let mut subst = Substitution::new();
    let mut replaced: SecondaryMap<Inst, bool> = SecondaryMap::new();
    let mut undefs: Vec<(Type, Value)> = Vec::new();
    let mut worklist: Vec<Inst> = candidates.iter().rev().copied().collect();
    while let Some(inst) = worklist.pop() {
        if replaced[inst] {
            continue;
        }
        let Some(copied) = copied_value(func, inst, &subst) else {
            continue;
        };
        let result = func.insts[inst].result.unwrap();
        let copied = match copied {
            Copied::Value(v) => v,
            Copied::Nothing => {
                let ty = func.value_type(result);
                match undefs.iter().find(|(t, _)| *t == ty) {
                    Some(&(_, v)) => v,
                    None => {
                        let v = func.undef(ty);
                        undefs.push((ty, v));
                        v
                    }
                }
            }
        };
        subst.replace(result, copied);
        replaced[inst] = true;
        worklist.extend(
            users
                .get(inst.index())
                .iter()
                .copied()
                .filter(|&u| !replaced[u]),
        );
    }

    for i in 0..func.layout.len() {
        let b: Block = func.layout[i];
        let data = &mut func.blocks[b];
        data.phis.retain(|&inst| !replaced[inst]);
        data.insts.retain(|&inst| !replaced[inst]);
    }
    func.substitute(&subst);
}

/// What a copy copies.
enum Copied {
    Value(Value),
    /// A phi whose only entries are itself: any value will do.
    Nothing,
}

/// The value `inst` copies, if it is a copy.
fn copied_value(func: &Function, inst: Inst, subst: &Substitution) -> Option<Copied> {
    let result = func.insts[inst].result.unwrap();
    let copied = match func.insts[inst].kind {
        InstKind::Phi { ref incoming } => {
            let mut common: Option<Value> = None;
            for &(_, v) in incoming {
                let v = subst.resolve(v);
                match common {
                    _ if v == result => {}
                    None => common = Some(v),
                    Some(c) if func.same_value(c, v) => {}
                    Some(_) => return None,
                }
            }
            return Some(common.map_or(Copied::Nothing, Copied::Value));
        }
        InstKind::Select {
            cond,
            if_true,
            if_false,
        } => {
            let (if_true, if_false) = (subst.resolve(if_true), subst.resolve(if_false));
            match func.as_const(subst.resolve(cond)) {
                Some(c) if c != 0 => if_true,
                Some(_) => if_false,
                None if func.same_value(if_true, if_false) => if_true,
                None => return None,
            }
        }
        _ => return None,
    };
    // Only unreachable code can make a select copy itself.
    (copied != result).then_some(Copied::Value(copied))
}
