//! loop-rotate: turn a loop that tests at the top (a `while` loop) into a
//! guarded loop that tests at the bottom (a `do`-`while` loop), as LLVM's
//! `LoopRotate` pass does:
//!
//! ```text
//!  preheader:  br %header                   preheader:  <header's code, cloned>
//!  header:     %i = phi [0, pre], [%i1, latch]          br %c0, %body.lr.ph, %exit
//!              %c = icmp slt %i, %n   ==>   body.lr.ph: br %body
//!              br %c, %body, %exit          body:       %i = phi [0, lr.ph], [%i1, latch]
//!  body:       …                                        …
//!  latch:      %i1 = add %i, 1              latch:      %i1 = add %i, 1
//!              br %header                               %c = icmp slt %i1, %n
//!  exit:       …                                        br %c, %body, %latch.exit_crit_edge
//! ```
//!
//! The rotated loop runs its test once per iteration at the end (the
//! latch is now the exiting block), and once more before the loop, in the
//! *guard*: the header's instructions cloned into the preheader, reading
//! the values the header's phis take on entry. A guard whose condition
//! folds to a constant (`%i` starts at 0 and `%n` is 10) is no test at
//! all: the preheader jumps into the loop. This is the canonical loop
//! shape of the loops article (../shared/seeds/05-loops-in-llvm.ru.txt):
//! code hoisted to the preheader now runs only if the loop runs at least
//! once, and the loop body is one region from its header to its latch.
//!
//! Algorithm, for one loop with header `H`, preheader `P`, single latch
//! `L` that does not exit (else the loop is rotated already), and a
//! header that branches either to `B`, a block of the loop whose only
//! predecessor is `H`, or to the exit `E`:
//!
//! 1. clone the instructions of `H` to the end of `P`, each operand that
//!    is a phi of `H` replaced by its value from `P`, folding those whose
//!    operands are all constants; `P` ends with the cloned branch (the
//!    guard), to `B` or `E`;
//! 2. `H` loses its edge from `P`: its phis keep one entry, from `L`;
//! 3. `B` is the new header: for each value of `H` used in the loop outside
//!    `H`, a phi of `B` merges the clone (from `P`) and the value (from
//!    `H`), and those uses read it. A phi entry is a use at the end of its
//!    incoming block, so the entries of the exit blocks' phis coming from
//!    inside the loop are uses in the loop; the loop is in LCSSA form
//!    (`lcssa` runs right before this pass), so there are no other uses
//!    after the loop. `E`'s phis get an entry for the guard's edge;
//! 4. to stay in loop-simplify form, the edge `P → B` gets a new
//!    preheader `B.lr.ph`, and each edge into `E` from a loop that does not
//!    contain `E` (the loop's own, and the guard's if `P` is in an outer
//!    loop) gets a block of its own, with LCSSA phis for the values of
//!    that loop; when the guard folded, none of this is needed;
//! 5. `H`, now reached only from `L`, which jumps to it, is merged into
//!    `L`: the exit test sits at the end of the latch.
//!
//! Loops are rotated innermost first, one at a time, with the analyses
//! computed afresh after each. As in LLVM, a header of more than 16
//! instructions is not cloned (`-rotation-max-header-size`), nor one with
//! an `alloca`; nor is a loop whose guard folds to "never enter" (dead,
//! for sccp and simplifycfg).
//!
//! Requires: loop-simplify form and LCSSA form (`loopsimplify,lcssa` run
//! right before it; checked). Invalidates: CFG, dominator tree, loop
//! forest; preserves loop-simplify and LCSSA form.

use cranelift_entity::SecondaryMap;
use wend_ir::analysis::loop_form::{preheader, LoopAnalyses};
use wend_ir::analysis::loops::{Loop, LoopForest};
use wend_ir::cfg_edit::{
    merge_into_predecessor, remove_one_phi_entry, rename_phi_entries, split_edge,
};
use wend_ir::{
    Block, Function, Inst, InstBlocks, InstKind, Substitution, Terminator, ThinVec, Value, ValueDef,
};

/// LLVM's default `-rotation-max-header-size`.
const MAX_HEADER_SIZE: usize = 16;

pub fn run(func: &mut Function) {
    if func.is_declaration() {
        return;
    }
    let mut declined: Vec<Block> = Vec::new();
    loop {
        let analyses = LoopAnalyses::compute_simplified(func, "loop-rotate");
        let forest = &analyses.forest;
        // Children have larger numbers than their parents.
        let candidate = forest
            .loops()
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .find_map(|l| {
                let header = forest.header(l);
                (!declined.contains(&header))
                    .then(|| shape(func, &analyses, l))
                    .flatten()
            });
        let Some(shape) = candidate else { break };
        if !rotate(func, &analyses, &shape) {
            declined.push(shape.header);
        }
    }
}

/// The blocks of a loop that can be rotated.
struct Shape {
    l: Loop,
    header: Block,
    preheader: Block,
    latch: Block,
    /// The header's successor in the loop: the header after rotation.
    body: Block,
    /// The header's successor outside the loop.
    exit: Block,
}

fn shape(func: &Function, analyses: &LoopAnalyses, l: Loop) -> Option<Shape> {
    let LoopAnalyses { cfg, forest, .. } = analyses;
    let header = forest.header(l);
    let &[latch] = forest.latches(l) else {
        return None;
    };
    if latch == header || forest.exiting(l).contains(&latch) {
        return None;
    }
    let Some(Terminator::CondBr {
        then_dest,
        else_dest,
        ..
    }) = func.terminator(header)
    else {
        return None;
    };
    let (body, exit) = match (
        forest.contains(l, *then_dest),
        forest.contains(l, *else_dest),
    ) {
        (true, false) => (*then_dest, *else_dest),
        (false, true) => (*else_dest, *then_dest),
        _ => return None,
    };
    let insts = &func.blocks[header].insts;
    let has_alloca = insts
        .iter()
        .any(|&i| matches!(func.insts[i].kind, InstKind::Alloca { .. }));
    if cfg.preds(body) != [header] || insts.len() > MAX_HEADER_SIZE || has_alloca {
        return None;
    }
    let preheader = preheader(func, cfg, forest, l)?;
    Some(Shape {
        l,
        header,
        preheader,
        latch,
        body,
        exit,
    })
}

/// Where a value of the header is used: an operand of an instruction, a
/// phi entry (the use is at the end of its incoming block), or the
/// terminator of a block.
#[derive(Clone, Copy)]
enum Use {
    Operand(Inst),
    PhiEntry(Inst, usize),
    Terminator(Block),
}

/// Rotates the loop of `shape` (see the module doc); returns false, having
/// changed nothing that is placed, if the loop cannot be rotated.
fn rotate(func: &mut Function, analyses: &LoopAnalyses, shape: &Shape) -> bool {
    let LoopAnalyses { cfg, forest, .. } = analyses;
    let &Shape {
        l,
        header,
        preheader,
        latch,
        body,
        exit,
    } = shape;

    // The values the header defines, and their uses in the loop outside
    // the header (they will read the new header's phis).
    let mut block_of = func.inst_blocks();
    let mut in_header: SecondaryMap<Value, bool> = SecondaryMap::new();
    for inst in func.block_insts(header) {
        if let Some(v) = func.inst_result(inst) {
            in_header[v] = true;
        }
    }
    let mut body_uses: Vec<(Use, Value)> = Vec::new();
    for &b in cfg.rpo() {
        for inst in func.block_insts(b) {
            if let InstKind::Phi { incoming } = &func.insts[inst].kind {
                for (k, &(p, v)) in incoming.iter().enumerate() {
                    if in_header[v] && p != header {
                        body_uses.push((Use::PhiEntry(inst, k), v));
                    }
                }
            } else if b != header {
                func.insts[inst].kind.for_each_operand(|v| {
                    if in_header[v] {
                        body_uses.push((Use::Operand(inst), v));
                    }
                });
            }
        }
        if b != header {
            if let Some(t) = func.terminator(b) {
                t.for_each_operand(|v| {
                    if in_header[v] {
                        body_uses.push((Use::Terminator(b), v));
                    }
                });
            }
        }
    }
    let use_block = |func: &Function, block_of: &InstBlocks, u: Use| match u {
        Use::Operand(inst) => block_of[inst].expect("uses are placed"),
        Use::PhiEntry(inst, k) => match &func.insts[inst].kind {
            InstKind::Phi { incoming } => incoming[k].0,
            _ => unreachable!("a phi entry of a phi"),
        },
        Use::Terminator(b) => b,
    };
    if body_uses
        .iter()
        .any(|&(u, _)| !forest.contains(l, use_block(func, &block_of, u)))
    {
        return false; // not in LCSSA form: a use after the loop
    }

    // Step 1: the guard's values, cloned or folded.
    let mut entry: SecondaryMap<Value, Option<Value>> = SecondaryMap::new();
    for &phi in &func.blocks[header].phis {
        entry[func.inst_result(phi).unwrap()] = Some(func.phi_entry_from(phi, preheader));
    }
    let mapped = |entry: &SecondaryMap<Value, Option<Value>>, v: Value| entry[v].unwrap_or(v);
    let mut clones = Vec::new();
    for i in 0..func.blocks[header].insts.len() {
        let inst = func.blocks[header].insts[i];
        let mut kind = func.insts[inst].kind.clone();
        kind.map_operands(|v| mapped(&entry, v));
        let result = func.inst_result(inst);
        if let (Some(r), Some(c)) = (result, fold(func, &kind)) {
            let ty = func.value_type(r);
            entry[r] = Some(func.make_value(ty, ValueDef::Const(c)));
            continue;
        }
        let clone = func.make_inst(
            kind,
            result.map(|r| func.value_type(r)),
            func.insts[inst].line,
        );
        block_of[clone] = preheader.into();
        if let (Some(r), Some(c)) = (result, func.inst_result(clone)) {
            let name = func.value_name(r).unwrap_or("").to_string();
            func.set_value_name(c, &name);
            entry[r] = Some(c);
        }
        clones.push(clone);
    }
    let Some(Terminator::CondBr {
        cond,
        then_dest,
        else_dest,
    }) = func.terminator(header).cloned()
    else {
        unreachable!("the shape has a conditional branch")
    };
    let guard_cond = mapped(&entry, cond);
    let guard = match func.as_const(guard_cond) {
        Some(c) => {
            let taken = if c & 1 != 0 { then_dest } else { else_dest };
            if taken == exit {
                return false; // the loop never runs: nothing to rotate
            }
            Terminator::Br { dest: body }
        }
        None => Terminator::CondBr {
            cond: guard_cond,
            then_dest,
            else_dest,
        },
    };
    let guarded = matches!(guard, Terminator::CondBr { .. });
    func.blocks[preheader].insts.extend(clones);
    func.blocks[preheader].terminator = Some(guard);

    // Step 3: the new header's phis, the body's uses, the phis of the
    // blocks the guard enters.
    let mut merged: SecondaryMap<Value, Option<Value>> = SecondaryMap::new();
    for &(u, v) in &body_uses {
        let phi_value = match merged[v] {
            Some(m) => m,
            None => {
                let incoming = [(preheader, mapped(&entry, v)), (header, v)]
                    .into_iter()
                    .collect();
                let phi = new_phi(func, incoming, v, "");
                let m = func.inst_result(phi).unwrap();
                func.blocks[body].phis.push(phi);
                block_of[phi] = body.into();
                merged[v] = Some(m);
                m
            }
        };
        match u {
            Use::Operand(inst) => {
                let kind = &mut func.insts[inst].kind;
                kind.map_operands(|x| if x == v { phi_value } else { x });
            }
            Use::PhiEntry(inst, k) => {
                if let InstKind::Phi { incoming } = &mut func.insts[inst].kind {
                    incoming[k].1 = phi_value;
                }
            }
            Use::Terminator(b) => {
                let t = func.blocks[b].terminator.as_mut().unwrap();
                t.map_operands(|x| if x == v { phi_value } else { x });
            }
        }
    }
    // Step 2, once the uses found in the header's phis (by entry index)
    // are rewritten.
    remove_one_phi_entry(func, header, preheader);
    let new_phis = merged.values().flatten().count();
    let old_body_phis = func.blocks[body].phis.len() - new_phis;
    let entered: &[Block] = if guarded { &[body, exit] } else { &[body] };
    for &target in entered {
        let count = if target == body {
            old_body_phis
        } else {
            func.blocks[target].phis.len()
        };
        for k in 0..count {
            let phi = func.blocks[target].phis[k];
            let from_guard = (preheader, mapped(&entry, func.phi_entry_from(phi, header)));
            if let InstKind::Phi { incoming } = &mut func.insts[phi].kind {
                incoming.push(from_guard);
            }
        }
    }

    // Step 4.
    let mut before: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
    let mut after: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
    if guarded {
        let index = usize::from(func.successors(preheader).next() != Some(body));
        let name = format!("{}.lr.ph", func.blocks[body].name);
        after[preheader].push(split_edge(func, preheader, index, &name));

        let preds: Vec<Block> = cfg
            .preds(exit)
            .iter()
            .copied()
            .filter(|&p| p != preheader)
            .chain([preheader])
            .collect();
        for p in preds {
            // The loops around `p` that do not contain the exit.
            let left: Vec<Loop> = ancestors(forest, forest.innermost_loop(p))
                .into_iter()
                .filter(|&m| !forest.contains(m, exit))
                .collect();
            if left.is_empty() {
                continue;
            }
            let index = func
                .successors(p)
                .position(|s| s == exit)
                .expect("p branches to the exit");
            let name = format!(
                "{}.{}_crit_edge",
                func.blocks[p].name, func.blocks[exit].name
            );
            let split = split_edge(func, p, index, &name);
            close_values(func, forest, &block_of, &left, (p, split, exit));
            before[exit].push(split);
        }
    }

    // Step 5, after the new blocks are placed (the substitution rewrites
    // the placed code).
    let merge = matches!(func.terminator(latch), Some(Terminator::Br { dest }) if *dest == header);
    let mut layout = Vec::with_capacity(func.layout.len() + 4);
    for &b in &func.layout {
        if merge && b == header {
            continue;
        }
        layout.extend(before[b].iter().copied());
        layout.push(b);
        layout.extend(after[b].iter().copied());
    }
    func.layout = layout;
    if merge {
        let mut subst = Substitution::new();
        for &phi in &func.blocks[header].phis {
            if let InstKind::Phi { incoming } = &func.insts[phi].kind {
                subst.replace(func.inst_result(phi).unwrap(), incoming[0].1);
            }
        }
        func.blocks[header].phis.clear();
        merge_into_predecessor(func, latch, header);
        let succs: Vec<Block> = func.successors(latch).collect();
        for s in succs {
            rename_phi_entries(func, s, header, latch);
        }
        func.substitute(&subst);
    }
    true
}

/// `l` and the loops around it, innermost first.
fn ancestors(forest: &LoopForest, l: Option<Loop>) -> Vec<Loop> {
    let mut out = Vec::new();
    let mut at = l;
    while let Some(m) = at {
        out.push(m);
        at = forest.parent(m);
    }
    out
}

/// Gives `split`, the new block on the edge from `from` to `exit`, an
/// LCSSA phi for each value along that edge into `exit`'s phis that is
/// defined in one of the loops `left` (which the edge leaves).
fn close_values(
    func: &mut Function,
    forest: &LoopForest,
    block_of: &InstBlocks,
    left: &[Loop],
    (from, split, exit): (Block, Block, Block),
) {
    for k in 0..func.blocks[exit].phis.len() {
        let phi = func.blocks[exit].phis[k];
        let InstKind::Phi { incoming } = &func.insts[phi].kind else {
            unreachable!("phis holds phis")
        };
        let Some(at) = incoming.iter().position(|&(p, _)| p == split) else {
            continue;
        };
        let v = incoming[at].1;
        let Some(def_block) = func.defining_inst(v).and_then(|d| block_of[d].expand()) else {
            continue;
        };
        if !left.iter().any(|&m| forest.contains(m, def_block)) {
            continue;
        }
        let incoming = [(from, v)].into_iter().collect();
        let closing = new_phi(func, incoming, v, "lcssa");
        func.blocks[split].phis.push(closing);
        let c = func.inst_result(closing).unwrap();
        if let InstKind::Phi { incoming } = &mut func.insts[phi].kind {
            incoming[at].1 = c;
        }
    }
}

/// A phi (not placed) with entries `incoming`, of the type of `v`, on its
/// line, named after it (`v.suffix`, or `v`'s own name without suffix).
fn new_phi(func: &mut Function, incoming: ThinVec<(Block, Value)>, v: Value, suffix: &str) -> Inst {
    let ty = func.value_type(v);
    let line = func.defining_inst(v).map_or(0, |i| func.insts[i].line);
    let phi = func.make_inst(InstKind::Phi { incoming }, Some(ty), line);
    let name = match (func.value_name(v), suffix) {
        (Some(n), "") => n.to_string(),
        (Some(n), _) => format!("{n}.{suffix}"),
        (None, _) => suffix.to_string(),
    };
    func.set_value_name(func.inst_result(phi).unwrap(), &name);
    phi
}

/// The constant `kind` computes, if its operands are constants.
fn fold(func: &Function, kind: &InstKind) -> Option<i32> {
    match *kind {
        InstKind::Binary { op, lhs, rhs } => op.fold(
            func.value_type(lhs),
            func.as_const(lhs)?,
            func.as_const(rhs)?,
        ),
        InstKind::Icmp { cond, lhs, rhs } => {
            let (a, b) = (func.as_const(lhs)?, func.as_const(rhs)?);
            Some(cond.fold(func.value_type(lhs), a, b) as i32)
        }
        _ => None,
    }
}
