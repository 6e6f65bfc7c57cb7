//! simplifycfg: control-flow graph clean-up.
//!
//! The frontend emits one block per statement boundary, and the other
//! passes leave debris behind them (SCCP turns branches into jumps, so
//! chains of blocks that always run one after the other appear). This pass
//! tidies the CFG without changing what the program does, with six
//! rewrites from LLVM's `SimplifyCFG`:
//!
//! 0. **Fold `br` on a constant** into a jump to the block it takes; the
//!    other block loses its phi entry for the edge. (SCCP folds the
//!    branches it decides itself; GVN leaves the conditions it knows from
//!    a dominating branch as constants, for this rewrite.)
//! 1. **Delete unreachable blocks**, with the phi entries they feed.
//! 2. **Fold `br %c, label %b, label %b`** into `br label %b`: the two
//!    edges become one, so the phis of `%b` drop one of the two (equal)
//!    entries they have for this predecessor.
//! 3. **Remove empty forwarding blocks.** A block `F` holding nothing but
//!    `br label %S` (no phis, no instructions but debug values; not the
//!    entry; not a self-loop) is bypassed (the variables its debug values
//!    set are unknown from the start of `S`: `wend_ir::debug_info`): its predecessors branch straight to `S`, and
//!    each phi of `S` takes, for every such predecessor, the value it took
//!    from `F`. That value is defined above `F`, so it is available at the
//!    end of every predecessor of `F`. One condition (LLVM's
//!    `CanPropagatePredecessorsForPHIs`): if a predecessor `P` of `F`
//!    already branches to `S` directly, `P` would reach `S` by two edges,
//!    which must carry equal phi values — so every phi of `S` must already
//!    give the same value for `P` as for `F`; otherwise `F` stays, because
//!    it is where the two values are told apart.
//! 4. **Merge a block into its predecessor** when it is that predecessor's
//!    only successor and the predecessor is its only predecessor: the two
//!    always run together. Its phis have one entry each and are replaced by
//!    that value; its instructions and terminator move to the predecessor,
//!    and its successors' phis now name the predecessor.
//! 5. **Speculate a small `if` into selects** (LLVM's
//!    `FoldTwoEntryPHINode`). A conditional branch in `H` whose two paths
//!    meet again in a block `J` with just those two predecessors — through
//!    a side block on each path (a diamond) or on one (a triangle; `H`
//!    itself is the other predecessor) — only chooses the values of `J`'s
//!    phis. If the side blocks (whose only predecessor is `H`) are small
//!    and their code has no effect and cannot trap, that code moves into
//!    `H`, each phi of `J` becomes `select %c, <value on the true path>,
//!    <value on the false path>`, and `H` jumps to `J` (which rewrite 4
//!    then merges into `H`). Straight-line code is what later passes see
//!    through: GVN finds the two copies of one inlined `x < 0 ? -x : x`
//!    equal, which it cannot do for two branches and their phis. The
//!    limits ([`MAX_SPECULATED_COST`] per side, so at most 4 for both;
//!    [`MAX_SELECTS`] selects) follow LLVM's budgets of 2 cheap
//!    instructions for one speculated block (`phi-node-folding-threshold`)
//!    and 4 for both sides of a two-entry phi
//!    (`two-entry-phi-node-folding-threshold`), and match the native
//!    backend's if-conversion: both sides run every time, so only a couple
//!    of cheap instructions, which cost less than a mispredicted branch.
//!    *Speculatable* (`speculation_cost`): arithmetic, `icmp` and
//!    `select`; no load (conservatively), store or call (a call may
//!    print, loop or trap; this pass sees one function only); `sdiv` and
//!    `srem` only by a constant other than 0 and -1 — a division by a
//!    variable must stop the program with a division-by-zero error
//!    exactly when it would have. A branch on `J`'s own `i1` phi (what
//!    `a && b` and `a || b` compile to) is left alone: the backend
//!    threads it into a branch to the right place, which beats computing
//!    the boolean. The side blocks' debug values make their variables
//!    unknown from the start of `J` (as for rewrite 3).
//!
//! Rewrites enable each other (merging can create a branch with identical
//! targets, bypassing a block can leave a block with one predecessor,
//! speculating leaves a block to merge, and the merged block may be the
//! small side of an outer `if`), so a worklist of blocks drives them: a
//! block is re-examined whenever its terminator, its predecessors or its
//! successors change, and its predecessors whenever its code changes.
//! Every rewrite deletes a block or an edge, so the worklist empties. Predecessor lists
//! (one entry per edge) are kept up to date instead of recomputed; a
//! rewrite costs time proportional to the phis and predecessors of the
//! blocks it touches, so the pass is linear unless many rewrites hit one
//! block with very many predecessors (the frontend makes none: a `return`
//! is a `ret` where it stands).
//!
//! Not done here: deleting the instructions a folded branch no longer
//! needs (DCE). Forwarding blocks with phis are kept. Selects are never
//! turned back into branches (the backend chooses cmov or not for the
//! `if`s it still sees).
//!
//! Requires: valid IR. Computes: the CFG, once. Invalidates: the CFG and
//! all analyses computed from it.

use cranelift_entity::SecondaryMap;
use wend_ir::analysis::cfg::Cfg;
use wend_ir::cfg_edit::{
    branch_only_to, delete_blocks, merge_into_predecessor, redirect_branches, rename_phi_entries,
    speculate_into_selects,
};
use wend_ir::{BinOp, Block, Function, InstKind, Substitution, Terminator, Type};

/// The most a side block's code may cost (`speculation_cost`) to be
/// speculated: two cheap instructions, such as the two `add`s of
/// `x + 2^30 + 2^30`.
pub const MAX_SPECULATED_COST: u32 = 2;

/// The most phis one speculation may turn into selects (each a `cmov`).
pub const MAX_SELECTS: usize = 4;

/// Runs the CFG simplifications on `func` (see the module doc).
pub fn run(func: &mut Function) {
    if func.is_declaration() {
        return;
    }
    fold_constant_branches(func);
    let cfg = Cfg::compute(func);
    let mut unreachable = SecondaryMap::with_capacity(func.blocks.len());
    for &b in &func.layout {
        unreachable[b] = !cfg.is_reachable(b);
    }
    delete_blocks(func, &unreachable);

    let mut preds: SecondaryMap<Block, Vec<Block>> = SecondaryMap::new();
    for &b in &func.layout {
        preds[b] = cfg.preds(b).to_vec();
        preds[b].retain(|&p| !unreachable[p]);
    }
    let mut simplifier = Simplifier {
        entry: func.layout[0],
        func,
        preds,
        deleted: SecondaryMap::new(),
        subst: Substitution::new(),
        worklist: Vec::new(),
        queued: SecondaryMap::new(),
        mark: SecondaryMap::new(),
    };
    // Popped from the back: layout order.
    for i in (0..simplifier.func.layout.len()).rev() {
        let b = simplifier.func.layout[i];
        simplifier.enqueue(b);
    }
    while let Some(b) = simplifier.worklist.pop() {
        simplifier.queued[b] = false;
        if !simplifier.deleted[b] {
            simplifier.visit(b);
        }
    }

    let Simplifier { deleted, subst, .. } = simplifier;
    func.layout.retain(|&b| !deleted[b]);
    func.substitute(&subst);
}

struct Simplifier<'f> {
    func: &'f mut Function,
    entry: Block,
    /// The predecessors of each block, one entry per edge.
    preds: SecondaryMap<Block, Vec<Block>>,
    /// Blocks merged away or bypassed (removed from the layout at the end).
    deleted: SecondaryMap<Block, bool>,
    /// Replacements for the phis of merged blocks, applied at the end.
    subst: Substitution,
    worklist: Vec<Block>,
    queued: SecondaryMap<Block, bool>,
    /// `mark[p] == Some(f)`: `p` is a predecessor of the forwarding block
    /// `f` being examined (cleared after each examination).
    mark: SecondaryMap<Block, Option<Block>>,
}

impl Simplifier<'_> {
    fn enqueue(&mut self, b: Block) {
        if !self.queued[b] {
            self.queued[b] = true;
            self.worklist.push(b);
        }
    }

    fn visit(&mut self, b: Block) {
        let mut changed = false;
        loop {
            self.fold_identical_targets(b);
            if !self.merge_successor_into(b) && !self.speculate_into_selects(b) {
                break;
            }
            changed = true;
        }
        if changed {
            // `b` may now be a small side block of its predecessor's `if`.
            for i in 0..self.preds[b].len() {
                let p = self.preds[b][i];
                self.enqueue(p);
            }
        }
        self.bypass_forwarding_block(b);
    }

    /// Rewrite 2: `br %c, label %s, label %s` becomes `br label %s`.
    fn fold_identical_targets(&mut self, b: Block) {
        let Some(Terminator::CondBr {
            then_dest,
            else_dest,
            ..
        }) = self.func.blocks[b].terminator
        else {
            return;
        };
        if then_dest != else_dest {
            return;
        }
        branch_only_to(self.func, b, then_dest, then_dest);
        remove_one(&mut self.preds[then_dest], b);
        self.enqueue(then_dest);
        // With one edge fewer, `then_dest` may be where an `if` of one of
        // its predecessors joins.
        for i in 0..self.preds[then_dest].len() {
            let p = self.preds[then_dest][i];
            self.enqueue(p);
        }
    }

    /// Rewrite 4: if `b` ends in `br label %s` and `b` is the only
    /// predecessor of `s`, moves `s` into `b`. Returns whether it did.
    fn merge_successor_into(&mut self, b: Block) -> bool {
        let Some(Terminator::Br { dest: s }) = self.func.blocks[b].terminator else {
            return false;
        };
        if s == b || self.preds[s].len() != 1 {
            return false;
        }
        debug_assert_eq!(self.preds[s][0], b);

        // Each phi of `s` has the single entry for `b`.
        for i in 0..self.func.blocks[s].phis.len() {
            let phi = self.func.blocks[s].phis[i];
            let InstKind::Phi { incoming } = &self.func.insts[phi].kind else {
                unreachable!()
            };
            let value = self.subst.resolve(incoming[0].1);
            let result = self.func.insts[phi].result.unwrap();
            self.subst.replace(result, value);
        }
        merge_into_predecessor(self.func, b, s);
        self.deleted[s] = true;
        self.preds[s].clear();

        // The successors of `s` now have `b` where they had `s`.
        let succs: Vec<Block> = self.func.successors(b).collect();
        for (i, &t) in succs.iter().enumerate() {
            if succs[..i].contains(&t) {
                continue; // a second edge to the same block: already renamed
            }
            for p in self.preds[t].iter_mut().filter(|p| **p == s) {
                *p = b;
            }
            rename_phi_entries(self.func, t, s, b);
            self.enqueue(t);
        }
        true
    }

    /// Rewrite 5: if `b` ends in a branch whose two paths meet again in a
    /// block with no other predecessor, through small speculatable side
    /// blocks, moves their code into `b` and makes the join's phis
    /// selects. Returns whether it did.
    fn speculate_into_selects(&mut self, b: Block) -> bool {
        let Some(Terminator::CondBr {
            then_dest,
            else_dest,
            ..
        }) = self.func.blocks[b].terminator
        else {
            return false;
        };
        if then_dest == else_dest {
            return false;
        }
        let (join, from_true, from_false) =
            match (self.side_of(b, then_dest), self.side_of(b, else_dest)) {
                (Some(j), Some(k)) if j == k => (j, then_dest, else_dest),
                (Some(j), _) if j == else_dest => (j, then_dest, b),
                (_, Some(j)) if j == then_dest => (j, b, else_dest),
                _ => return false,
            };
        let func = &*self.func;
        let join_data = &func.blocks[join];
        let branches_on_own_phi = match join_data.terminator {
            Some(Terminator::CondBr { cond, .. }) => join_data
                .phis
                .iter()
                .any(|&phi| func.insts[phi].result.expand() == Some(cond)),
            _ => false,
        };
        let selects = join_data
            .phis
            .iter()
            .filter(|&&phi| {
                let t = func.phi_entry_from(phi, from_true);
                !func.same_value(t, func.phi_entry_from(phi, from_false))
            })
            .count();
        if join == b
            || join == self.entry
            || self.preds[join].len() != 2
            || branches_on_own_phi
            || selects > MAX_SELECTS
        {
            return false;
        }

        for (phi_result, value) in speculate_into_selects(self.func, b, from_true, from_false, join)
        {
            let value = self.subst.resolve(value);
            self.subst.replace(phi_result, value);
        }
        for side in [from_true, from_false] {
            if side != b {
                self.deleted[side] = true;
                self.preds[side].clear();
            }
        }
        self.preds[join] = vec![b];
        self.enqueue(join);
        true
    }

    /// If `side` can be a speculated side block of the branch ending
    /// `head` (its only predecessor; no phis; cheap speculatable code; a
    /// jump), the block it jumps to.
    fn side_of(&self, head: Block, side: Block) -> Option<Block> {
        let data = &self.func.blocks[side];
        let Some(Terminator::Br { dest }) = data.terminator else {
            return None;
        };
        if side == head || side == self.entry || dest == side || self.preds[side] != [head] {
            return None;
        }
        if !data.phis.is_empty() {
            return None;
        }
        let mut cost = 0;
        for &inst in &data.insts {
            cost += speculation_cost(self.func, &self.func.insts[inst].kind)?;
            if cost > MAX_SPECULATED_COST {
                return None;
            }
        }
        Some(dest)
    }

    /// Rewrite 3: bypasses `f` if it is an empty forwarding block.
    fn bypass_forwarding_block(&mut self, f: Block) {
        let data = &self.func.blocks[f];
        let Some(Terminator::Br { dest: s }) = data.terminator else {
            return;
        };
        let func = &*self.func;
        let only_debug_values = data
            .insts
            .iter()
            .all(|&i| func.insts[i].kind.is_debug_value());
        if f == self.entry || s == f || !data.phis.is_empty() || !only_debug_values {
            return;
        }
        for &p in &self.preds[f] {
            self.mark[p] = Some(f);
        }
        let bypassed = self.phis_allow_bypass(f, s);
        if bypassed {
            self.bypass(f, s);
        }
        for &p in &self.preds[f] {
            self.mark[p] = None;
        }
        if bypassed {
            let records = std::mem::take(&mut self.func.blocks[f].insts);
            wend_ir::debug_info::unknown_from_start(self.func, records, s);
            self.preds[f].clear();
            self.deleted[f] = true;
            self.enqueue(s);
        }
    }

    /// Whether every marked predecessor of `f` that also branches to `s`
    /// directly gets, in every phi of `s`, the same value as `f` does.
    fn phis_allow_bypass(&self, f: Block, s: Block) -> bool {
        let func = &*self.func;
        func.blocks[s].phis.iter().all(|&phi| {
            let InstKind::Phi { incoming } = &func.insts[phi].kind else {
                unreachable!()
            };
            let from_f = self.subst.resolve(func.phi_entry_from(phi, f));
            incoming.iter().all(|&(p, v)| {
                self.mark[p] != Some(f) || func.same_value(self.subst.resolve(v), from_f)
            })
        })
    }

    /// Redirects the (marked) predecessors of `f` to `s`, moving the phi
    /// entries of `s` for `f` to them.
    fn bypass(&mut self, f: Block, s: Block) {
        let preds = &self.preds[f];
        for &p in preds {
            // (A second edge from `p` finds its branch already retargeted.)
            redirect_branches(self.func, p, f, s);
        }
        for &phi in &self.func.blocks[s].phis {
            let InstKind::Phi { incoming } = &mut self.func.insts[phi].kind else {
                unreachable!()
            };
            let at = incoming.iter().position(|&(p, _)| p == f).unwrap();
            let (_, from_f) = incoming.remove(at);
            // A predecessor with two edges into `s` needs the very same
            // value on both (equal constants are not enough for the IR).
            for entry in incoming.iter_mut() {
                if self.mark[entry.0] == Some(f) {
                    entry.1 = from_f;
                }
            }
            incoming.extend(preds.iter().map(|&p| (p, from_f)));
        }
        remove_one(&mut self.preds[s], f);
        let preds = self.preds[f].clone();
        self.preds[s].extend_from_slice(&preds);
        for p in preds {
            self.enqueue(p);
        }
    }
}

/// Rewrite 0: `br i1 <constant>, label %t, label %f` becomes a jump, and
/// the block not taken loses one phi entry for the edge (if that was its
/// last way in, rewrite 1 deletes it next).
fn fold_constant_branches(func: &mut Function) {
    for i in 0..func.layout.len() {
        let b = func.layout[i];
        let Some(Terminator::CondBr {
            cond,
            then_dest,
            else_dest,
        }) = func.blocks[b].terminator
        else {
            continue;
        };
        let Some(c) = func.as_const(cond) else {
            continue;
        };
        let (taken, untaken) = if c != 0 {
            (then_dest, else_dest)
        } else {
            (else_dest, then_dest)
        };
        branch_only_to(func, b, taken, untaken);
    }
}

/// What running an instruction where it would not have run costs, or
/// `None` if it must not run there: its effect would be seen (a store, a
/// call), it may trap (a division by a variable, by 0, or by -1 which
/// overflows on the minimum), or its value may change on the way (a load;
/// no alias facts here). A division by a constant counts double: it
/// becomes a multiplication and shifts. Debug values are not code.
fn speculation_cost(func: &Function, kind: &InstKind) -> Option<u32> {
    match *kind {
        InstKind::DebugValue { .. } => Some(0),
        InstKind::Binary {
            op: BinOp::SDiv | BinOp::SRem,
            rhs,
            ..
        } => {
            let divisor = func.as_const(rhs)?;
            let safe = func.value_type(rhs) == Type::I32 && divisor != 0 && divisor != -1;
            safe.then_some(2)
        }
        InstKind::Binary { .. } | InstKind::Icmp { .. } | InstKind::Select { .. } => Some(1),
        // Outside its array it is undefined: only a known element is safe.
        InstKind::ElementPtr { base, index } => func.element_in_bounds(base, index).then_some(1),
        InstKind::Alloca { .. }
        | InstKind::Load { .. }
        | InstKind::Store { .. }
        | InstKind::Call { .. }
        | InstKind::Phi { .. } => None,
    }
}

/// Removes one occurrence of `b` from a predecessor list.
fn remove_one(list: &mut Vec<Block>, b: Block) {
    let at = list.iter().position(|&p| p == b).unwrap();
    list.remove(at);
}
