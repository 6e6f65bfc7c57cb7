//! The dominator tree: block `a` *dominates* block `b` when every path from
//! the entry to `b` goes through `a`; the *immediate dominator* of `b` is its
//! closest strict dominator, and linking each block to it gives a tree rooted
//! at the entry.
//!
//! Algorithm: Cooper, Harvey & Kennedy, "A Simple, Fast Dominance Algorithm"
//! (Software Practice & Experience, 2001). Blocks are named by their RPO
//! number; starting from `idom(entry) = entry`, each pass over the blocks in
//! RPO sets `idom(b)` to the nearest common ancestor (`intersect`) of its
//! already-processed predecessors, until nothing changes. Because a block's
//! dominator always has a smaller RPO number, `intersect` walks two fingers
//! up the tree, always moving the one with the larger number. Two or three
//! passes suffice on the graphs compilers produce.
//!
//! `dominates(a, b)` is O(1): a depth-first walk of the finished tree gives
//! each block a preorder number and a postorder number, and `a` dominates `b`
//! iff `b`'s interval nests inside `a`'s (`pre[a] <= pre[b]` and
//! `post[b] <= post[a]`). The walk is iterative, as deep functions would
//! overflow the call stack.
//!
//! Unreachable blocks are not in the tree: they have no immediate dominator,
//! no children, and are absent from [`DomTree::preorder`]. For them
//! `dominates(a, b)` is **false unless `a == b`** (every block dominates
//! itself); in particular no reachable block dominates an unreachable one,
//! even though "every path from the entry to `b`" is vacuously true there —
//! a pass that asked would be reasoning about code that never runs.
//!
//! Requires: the function's [`Cfg`]. Invalidated by: any CFG change.

use crate::analysis::cfg::Cfg;
use crate::entities::Block;
use crate::flat_lists::FlatLists;
use crate::function::Function;
use crate::trace::{Event, NoTrace, Trace};
use cranelift_entity::EntityRef;

/// Marks blocks outside the tree (unreachable).
const NONE: u32 = u32::MAX;

#[derive(Clone, Debug, Default)]
pub struct DomTree {
    /// Immediate dominator of each block (by block index), `None` for the
    /// entry and for unreachable blocks.
    idom: Vec<Option<Block>>,
    /// The children of each block (by block index), in RPO order.
    children: FlatLists<Block>,
    /// Dominator-tree preorder of the reachable blocks.
    preorder: Vec<Block>,
    /// DFS numbers of each block in the tree (by block index), `NONE` if
    /// unreachable.
    pre: Vec<u32>,
    post: Vec<u32>,
    /// Depth in the tree (entry = 0), meaningless for unreachable blocks.
    depth: Vec<u32>,
}

impl DomTree {
    pub fn compute(func: &Function, cfg: &Cfg) -> DomTree {
        Self::compute_traced(func, cfg, &mut NoTrace)
    }

    /// [`DomTree::compute`], recording the immediate dominators after each
    /// round of the fixpoint.
    pub fn compute_traced(_func: &Function, cfg: &Cfg, trace: &mut impl Trace) -> DomTree {
        let n = cfg.num_block_ids();
        let rpo = cfg.rpo();
        let idom_rpo = Self::immediate_dominators_by_rpo(cfg, trace);

        let mut idom = vec![None; n];
        for (i, &b) in rpo.iter().enumerate().skip(1) {
            idom[b.index()] = Some(rpo[idom_rpo[i] as usize]);
        }

        // Listing the blocks in RPO leaves each child list in RPO order.
        let children = FlatLists::build(n, Block::new(0), |child_of| {
            for &b in rpo.iter().skip(1) {
                child_of(idom[b.index()].unwrap().index(), b);
            }
        });

        let mut tree = DomTree {
            idom,
            children,
            preorder: Vec::with_capacity(rpo.len()),
            pre: vec![NONE; n],
            post: vec![NONE; n],
            depth: vec![0; n],
        };
        if let Some(entry) = cfg.entry() {
            tree.number_tree(entry);
        }
        tree
    }

    /// The Cooper–Harvey–Kennedy fixpoint. Returns, for each RPO number
    /// `i`, the RPO number of its immediate dominator (the entry, number 0,
    /// is its own).
    // lab(dominators) begin: the Cooper–Harvey–Kennedy fixpoint (immediate dominators by RPO number)
    fn immediate_dominators_by_rpo(cfg: &Cfg, trace: &mut impl Trace) -> Vec<u32> {
        let rpo = cfg.rpo();
        let mut idom = vec![NONE; rpo.len()];
        if rpo.is_empty() {
            return idom;
        }
        idom[0] = 0;

        // Nearest common ancestor of two processed blocks in the partial tree.
        let intersect = |idom: &[u32], mut a: u32, mut b: u32| {
            while a != b {
                while a > b {
                    a = idom[a as usize];
                }
                while b > a {
                    b = idom[b as usize];
                }
            }
            a
        };

        let state = |round, idom: &[u32], changed| Event::DomRound {
            round,
            idom: (rpo.iter().zip(idom))
                .map(|(&b, &d)| (b, (d != NONE).then(|| rpo[d as usize])))
                .collect(),
            changed,
        };
        trace.event(|| state(0, &idom, true));
        let mut changed = true;
        let mut round = 0;
        while changed {
            changed = false;
            round += 1;
            for (i, &b) in rpo.iter().enumerate().skip(1) {
                let mut new_idom = NONE;
                for &p in cfg.preds(b) {
                    // Unreachable predecessors have no number; predecessors
                    // not processed yet (back edges, first pass) are skipped.
                    let Some(p) = cfg.rpo_index(p) else { continue };
                    if idom[p as usize] == NONE {
                        continue;
                    }
                    new_idom = if new_idom == NONE {
                        p
                    } else {
                        intersect(&idom, p, new_idom)
                    };
                }
                if idom[i] != new_idom {
                    idom[i] = new_idom;
                    changed = true;
                }
            }
            trace.event(|| state(round, &idom, changed));
        }
        idom
    }
    // lab(dominators) stub:
    //~ fn immediate_dominators_by_rpo(cfg: &Cfg, _trace: &mut impl Trace) -> Vec<u32> {
    //~     // TODO(lab dominators): set idom[0] = 0 and leave the others undecided;
    //~     // then, until a pass over the blocks in RPO changes nothing, set each
    //~     // block's idom to the nearest common ancestor (`intersect`) of its
    //~     // predecessors that already have one (docs/labs/1-dominators.md).
    //~     // This stub makes each block's immediate dominator the block before it
    //~     // in reverse postorder: a chain, right only for straight-line code.
    //~     (0..cfg.rpo().len() as u32).map(|i| i.saturating_sub(1)).collect()
    //~ }
    // lab(dominators) end

    /// Iterative DFS over the tree assigning `pre`/`post`/`depth` and
    /// recording the preorder.
    fn number_tree(&mut self, root: Block) {
        let mut pre_counter = 0;
        let mut post_counter = 0;
        // Each frame: a block and how many of its children were visited.
        let mut stack: Vec<(Block, usize)> = vec![(root, 0)];
        self.pre[root.index()] = pre_counter;
        pre_counter += 1;
        self.preorder.push(root);
        while let Some(frame) = stack.last_mut() {
            let (block, next) = *frame;
            let i = block.index();
            if let Some(&child) = self.children.get(i).get(next) {
                frame.1 += 1;
                self.pre[child.index()] = pre_counter;
                pre_counter += 1;
                self.depth[child.index()] = self.depth[i] + 1;
                self.preorder.push(child);
                stack.push((child, 0));
            } else {
                self.post[i] = post_counter;
                post_counter += 1;
                stack.pop();
            }
        }
    }

    /// The immediate dominator of `b`; `None` for the entry and for
    /// unreachable blocks.
    pub fn idom(&self, b: Block) -> Option<Block> {
        self.idom.get(b.index()).copied().flatten()
    }

    /// Whether `a` dominates `b` (reflexive: every block dominates itself).
    /// O(1). If either block is unreachable, true only when `a == b`.
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        if a == b {
            return true;
        }
        let (ia, ib) = (a.index(), b.index());
        match (self.pre.get(ia), self.pre.get(ib)) {
            (Some(&pa), Some(&pb)) if pa != NONE && pb != NONE => {
                pa <= pb && self.post[ib] <= self.post[ia]
            }
            _ => false,
        }
    }

    /// Whether `a` dominates `b` and `a != b`.
    pub fn strictly_dominates(&self, a: Block, b: Block) -> bool {
        a != b && self.dominates(a, b)
    }

    /// The blocks whose immediate dominator is `b`, in RPO order.
    pub fn children(&self, b: Block) -> &[Block] {
        self.children.get(b.index())
    }

    /// The reachable blocks in dominator-tree preorder (a block before all
    /// the blocks it dominates; children in RPO order). The entry is first.
    pub fn preorder(&self) -> &[Block] {
        &self.preorder
    }

    /// Whether `b` is in the tree (reachable from the entry).
    pub fn is_reachable(&self, b: Block) -> bool {
        self.pre.get(b.index()).is_some_and(|&p| p != NONE)
    }

    /// Depth of `b` in the tree: 0 for the entry, `None` if unreachable.
    pub fn depth(&self, b: Block) -> Option<u32> {
        self.is_reachable(b).then(|| self.depth[b.index()])
    }

    /// The nearest block dominating both `a` and `b` (`None` if either is
    /// unreachable). O(depth).
    pub fn common_dominator(&self, mut a: Block, mut b: Block) -> Option<Block> {
        if !self.is_reachable(a) || !self.is_reachable(b) {
            return None;
        }
        while !self.dominates(a, b) {
            // Climb from the deeper side; the shallower one may already be
            // the answer, which `dominates` then detects.
            if self.depth[a.index()] >= self.depth[b.index()] {
                a = self.idom(a)?;
            } else {
                b = self.idom(b)?;
            }
        }
        Some(a)
    }
}
