//! Dominance frontiers and iterated dominance frontiers — where SSA
//! construction places phis.
//!
//! The dominance frontier `DF(a)` is the set of blocks `b` such that `a`
//! dominates a predecessor of `b` but does not strictly dominate `b`: the
//! first blocks where a definition made in `a` meets paths that bypass it
//! (Cytron, Ferrante, Rosen, Wegman & Zadeck, "Efficiently Computing Static
//! Single Assignment Form and the Control Dependence Graph", TOPLAS 1991).
//!
//! Algorithm for `DF`: the "runner" of Cooper, Harvey & Kennedy, "A Simple,
//! Fast Dominance Algorithm" (2001), figure 5. For every block `b` and every
//! reachable predecessor `p` of `b`, walk `runner` from `p` up the dominator
//! tree until it reaches `idom(b)`, adding `b` to `DF(runner)` on the way:
//! those are exactly the dominators of `p` that do not strictly dominate `b`.
//! The paper only starts runners at join points (two or more
//! predecessors); we start them everywhere, because for a single
//! predecessor the walk stops at once, except for the one case the shortcut
//! would miss: an entry block that is its own predecessor (a self-loop on
//! the entry), which is in its own frontier.
//!
//! The iterated frontier `DF+(S)` is the limit of `DF(S)`, `DF(S ∪ DF(S))`, …;
//! a worklist computes it (Cytron et al. §5.1): phis for a variable go at
//! `DF+(blocks that store it)`.
//!
//! Unreachable blocks have empty frontiers, are never in a frontier, and
//! are ignored in the argument of [`DominanceFrontiers::iterated`].
//! Every list is sorted by block index, so output is deterministic.
//!
//! Requires: [`Cfg`] and [`DomTree`]. Invalidated by: any CFG change.

use crate::analysis::cfg::Cfg;
use crate::analysis::dom::DomTree;
use crate::entities::Block;
use cranelift_entity::EntityRef;

#[derive(Clone, Debug, Default)]
pub struct DominanceFrontiers {
    /// The frontier of block `b` is
    /// `list[start[b]..start[b + 1]]`, sorted by block index, no duplicates.
    start: Vec<u32>,
    list: Vec<Block>,
}

impl DominanceFrontiers {
    pub fn compute(cfg: &Cfg, domtree: &DomTree) -> DominanceFrontiers {
        let n = cfg.num_block_ids();
        let mut frontiers: Vec<Vec<Block>> = vec![Vec::new(); n];
        for &b in cfg.rpo() {
            let stop = domtree.idom(b);
            for &p in cfg.preds(b) {
                if !cfg.is_reachable(p) {
                    continue;
                }
                let mut runner = Some(p);
                while runner.is_some() && runner != stop {
                    let r = runner.unwrap();
                    let df = &mut frontiers[r.index()];
                    // Blocks are visited one at a time, so a repeat of `b`
                    // can only be the last entry pushed.
                    if df.last() != Some(&b) {
                        df.push(b);
                    }
                    runner = domtree.idom(r);
                }
            }
        }

        let mut start = Vec::with_capacity(n + 1);
        let mut list = Vec::new();
        start.push(0);
        for mut df in frontiers {
            df.sort_unstable();
            list.extend(df);
            start.push(list.len() as u32);
        }
        DominanceFrontiers { start, list }
    }

    /// `DF(b)`, sorted by block index.
    pub fn frontier(&self, b: Block) -> &[Block] {
        let i = b.index();
        if i + 1 >= self.start.len() {
            return &[];
        }
        &self.list[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// `DF+(defs)`, the iterated dominance frontier of a set of blocks,
    /// sorted by block index. Unreachable blocks in `defs` are ignored
    /// (their frontier is empty).
    pub fn iterated(&self, defs: impl IntoIterator<Item = Block>) -> Vec<Block> {
        self.iterated_with(defs, &mut IdfScratch::default())
    }

    /// [`DominanceFrontiers::iterated`] reusing `scratch` between calls, so
    /// that computing the IDF of many small sets (mem2reg does one per
    /// variable) costs time proportional to the blocks visited, not to the
    /// size of the function.
    pub fn iterated_with(
        &self,
        defs: impl IntoIterator<Item = Block>,
        scratch: &mut IdfScratch,
    ) -> Vec<Block> {
        let n = self.start.len().saturating_sub(1);
        scratch.marks.resize(n, 0);
        let IdfScratch { marks, worklist } = scratch;
        debug_assert!(worklist.is_empty());
        // `QUEUED`: the block was put on the worklist (as a def or as a
        // result), so each block's frontier is scanned once. `IN_RESULT`:
        // the block is already in the answer.
        const QUEUED: u8 = 1;
        const IN_RESULT: u8 = 2;
        let mut touched = Vec::new();
        for b in defs {
            let i = b.index();
            if i < n && marks[i] & QUEUED == 0 {
                if marks[i] == 0 {
                    touched.push(b);
                }
                marks[i] |= QUEUED;
                worklist.push(b);
            }
        }
        let mut result = Vec::new();
        while let Some(b) = worklist.pop() {
            for &f in self.frontier(b) {
                let i = f.index();
                if marks[i] == 0 {
                    touched.push(f);
                }
                if marks[i] & IN_RESULT == 0 {
                    marks[i] |= IN_RESULT;
                    result.push(f);
                }
                if marks[i] & QUEUED == 0 {
                    marks[i] |= QUEUED;
                    worklist.push(f);
                }
            }
        }
        // Leave the scratch clean, touching only what was marked.
        for b in touched {
            marks[b.index()] = 0;
        }
        result.sort_unstable();
        result
    }
}

/// Reusable working memory for [`DominanceFrontiers::iterated_with`].
#[derive(Clone, Debug, Default)]
pub struct IdfScratch {
    marks: Vec<u8>,
    worklist: Vec<Block>,
}
