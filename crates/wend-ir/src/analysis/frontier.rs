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
use crate::flat_lists::FlatLists;
use crate::trace::{Event, NoTrace, Trace};
use cranelift_entity::EntityRef;

#[derive(Clone, Debug, Default)]
pub struct DominanceFrontiers {
    /// The frontier of each block (by block index), sorted by block index,
    /// no duplicates.
    frontiers: FlatLists<Block>,
}

impl DominanceFrontiers {
    pub fn compute(cfg: &Cfg, domtree: &DomTree) -> DominanceFrontiers {
        Self::compute_traced(cfg, domtree, &mut NoTrace)
    }

    /// [`DominanceFrontiers::compute`], recording each runner walk.
    // lab(dominators) begin: the dominance frontier of every block (the runner of Cooper, Harvey & Kennedy)
    pub fn compute_traced<T: Trace>(
        cfg: &Cfg,
        domtree: &DomTree,
        trace: &mut T,
    ) -> DominanceFrontiers {
        let n = cfg.num_block_ids();
        let mut frontiers: Vec<Vec<Block>> = vec![Vec::new(); n];
        for &b in cfg.rpo() {
            let stop = domtree.idom(b);
            for &p in cfg.preds(b) {
                if !cfg.is_reachable(p) {
                    continue;
                }
                let mut runner = p;
                let mut walked = Vec::new();
                while Some(runner) != stop {
                    if T::ON {
                        walked.push(runner);
                    }
                    let df = &mut frontiers[runner.index()];
                    // Blocks are visited one at a time, so a repeat of `b`
                    // can only be the last entry pushed.
                    if df.last() != Some(&b) {
                        df.push(b);
                    }
                    // Only the entry has no immediate dominator.
                    let Some(up) = domtree.idom(runner) else {
                        break;
                    };
                    runner = up;
                }
                trace.event(|| Event::FrontierWalk {
                    block: b,
                    pred: p,
                    stop,
                    walked,
                });
            }
        }

        let frontiers = FlatLists::from_each_key(n, |b, list| {
            let df = &mut frontiers[b];
            df.sort_unstable();
            list.extend_from_slice(df);
        });
        DominanceFrontiers { frontiers }
    }
    // lab(dominators) stub:
    //~ pub fn compute_traced<T: Trace>(
    //~     cfg: &Cfg,
    //~     domtree: &DomTree,
    //~     _trace: &mut T,
    //~ ) -> DominanceFrontiers {
    //~     // TODO(lab dominators): for every reachable block b and every reachable
    //~     // predecessor p of b, walk a runner from p up the dominator tree until
    //~     // it reaches idom(b), adding b to the frontier of each block on the way;
    //~     // then sort each frontier by block index, without duplicates
    //~     // (docs/labs/1-dominators.md). This stub leaves every frontier empty.
    //~     let _ = domtree;
    //~     let frontiers = FlatLists::from_each_key(cfg.num_block_ids(), |_, _| {});
    //~     DominanceFrontiers { frontiers }
    //~ }
    // lab(dominators) end

    /// `DF(b)`, sorted by block index.
    pub fn frontier(&self, b: Block) -> &[Block] {
        self.frontiers.get(b.index())
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
        self.iterated_traced(defs, scratch, &mut NoTrace)
    }

    /// [`DominanceFrontiers::iterated_with`], recording each block the
    /// worklist takes.
    pub fn iterated_traced<T: Trace>(
        &self,
        defs: impl IntoIterator<Item = Block>,
        scratch: &mut IdfScratch,
        trace: &mut T,
    ) -> Vec<Block> {
        let n = self.frontiers.len();
        scratch.marks.resize(n, IdfMark::default());
        let IdfScratch { marks, worklist } = scratch;
        debug_assert!(worklist.is_empty());
        let mut touched = Vec::new();
        let mut result = Vec::new();
        // Each block goes on the worklist once (as a def or as a result),
        // so each frontier is scanned once.
        for b in defs {
            let i = b.index();
            if i < n && !marks[i].queued {
                touched.push(b);
                marks[i].queued = true;
                worklist.push(b);
            }
        }
        while let Some(b) = worklist.pop() {
            let mut pushed = Vec::new();
            for &f in self.frontier(b) {
                let mark = &mut marks[f.index()];
                if !mark.queued && !mark.in_result {
                    touched.push(f);
                }
                if !mark.in_result {
                    mark.in_result = true;
                    result.push(f);
                }
                if !mark.queued {
                    mark.queued = true;
                    worklist.push(f);
                    if T::ON {
                        pushed.push(f);
                    }
                }
            }
            trace.event(|| Event::IdfVisit {
                block: b,
                frontier: self.frontier(b).to_vec(),
                pushed,
            });
        }
        // Leave the scratch clean, touching only what was marked.
        for b in touched {
            marks[b.index()] = IdfMark::default();
        }
        result.sort_unstable();
        result
    }
}

/// Reusable working memory for [`DominanceFrontiers::iterated_with`].
#[derive(Clone, Debug, Default)]
pub struct IdfScratch {
    marks: Vec<IdfMark>,
    worklist: Vec<Block>,
}

/// What the iterated-frontier walk knows of one block.
#[derive(Clone, Copy, Debug, Default)]
struct IdfMark {
    /// Put on the worklist already (as a def or as a result).
    queued: bool,
    /// In the answer already.
    in_result: bool,
}
