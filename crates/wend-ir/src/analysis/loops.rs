//! The loop forest: the natural loops of a function and how they nest, in
//! the manner of LLVM's `LoopInfo`.
//!
//! A *back edge* is an edge `latch → header` whose target dominates its
//! source. The *natural loop* of a header is the header plus every block
//! that can reach one of its latches without passing through the header
//! (Aho, Lam, Sethi & Ullman, *Compilers*, §9.6.6); all back edges to one
//! header form a single loop, as in LLVM. Two natural loops are either
//! disjoint or nested, so they form a forest. Edges that enter a cycle in
//! its middle (irreducible control flow, which wend cannot express but
//! hand-written IR can) make no natural loop: such a cycle has no header
//! that dominates it.
//!
//! Algorithm (LLVM's `LoopInfoBase::analyze`): visit candidate headers in
//! reverse preorder of the dominator tree (each block after the blocks it
//! dominates), so inner loops are discovered before the loops around them. For each header, walk backwards from its latches over
//! predecessors. A block not yet in any loop joins this one; a block already
//! in a loop belongs to an inner loop whose outermost enclosing loop found
//! so far becomes a child of this one, and the walk jumps to that child's
//! header instead of revisiting its body. Every block is thus claimed once
//! by its innermost loop, and the whole analysis is near-linear.
//!
//! Loops are numbered in reverse postorder of their headers, so a parent
//! comes before its children and the numbering is deterministic; body,
//! latch, exiting and exit lists are in RPO (the header first in its body).
//! Unreachable blocks belong to no loop.
//!
//! Requires: [`Cfg`] and [`DomTree`]. Invalidated by: any CFG change.

use crate::analysis::cfg::Cfg;
use crate::analysis::dom::DomTree;
use crate::entities::Block;
use crate::function::Function;
use cranelift_entity::{entity_impl, EntityRef, PrimaryMap};

/// A loop of a [`LoopForest`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loop(u32);
entity_impl!(Loop, "loop");

#[derive(Clone, Debug)]
pub struct LoopData {
    /// The single entry of the loop; it dominates every block of the body.
    pub header: Block,
    /// The sources of the back edges: blocks of the body that branch to
    /// the header.
    pub latches: Vec<Block>,
    /// All blocks of the loop, those of inner loops included, in RPO (the
    /// header first).
    pub body: Vec<Block>,
    /// Blocks of the body with a successor outside the loop.
    pub exiting: Vec<Block>,
    /// Blocks outside the loop with a predecessor in it.
    pub exits: Vec<Block>,
    /// The innermost loop strictly containing this one.
    pub parent: Option<Loop>,
    /// The loops directly nested in this one, in RPO of their headers.
    pub children: Vec<Loop>,
    /// Nesting depth: 1 for an outermost loop.
    pub depth: u32,
}

#[derive(Clone, Debug, Default)]
pub struct LoopForest {
    loops: PrimaryMap<Loop, LoopData>,
    /// The innermost loop of each block (by block index).
    innermost: Vec<Option<Loop>>,
    top_level: Vec<Loop>,
    /// Preorder and postorder numbers of each loop in the loop tree, for
    /// O(1) nesting tests.
    tree_pre: Vec<u32>,
    tree_post: Vec<u32>,
}

impl LoopForest {
    pub fn compute(_func: &Function, cfg: &Cfg, domtree: &DomTree) -> LoopForest {
        let n = cfg.num_block_ids();
        // Discovery, with temporary loop numbers in discovery order.
        let mut headers: Vec<Block> = Vec::new();
        let mut parent: Vec<Option<usize>> = Vec::new();
        let mut innermost: Vec<Option<usize>> = vec![None; n];

        let outermost = |parent: &[Option<usize>], mut l: usize| {
            while let Some(p) = parent[l] {
                l = p;
            }
            l
        };

        for &header in domtree.preorder().iter().rev() {
            let mut worklist: Vec<Block> = cfg
                .preds(header)
                .iter()
                .copied()
                .filter(|&p| cfg.is_reachable(p) && domtree.dominates(header, p))
                .collect();
            if worklist.is_empty() {
                continue;
            }
            let this = headers.len();
            headers.push(header);
            parent.push(None);
            while let Some(b) = worklist.pop() {
                match innermost[b.index()] {
                    None => {
                        innermost[b.index()] = Some(this);
                        if b != header {
                            let preds = cfg.preds(b).iter().copied();
                            worklist.extend(preds.filter(|&p| cfg.is_reachable(p)));
                        }
                    }
                    Some(l) => {
                        let sub = outermost(&parent, l);
                        if sub != this {
                            // An inner loop found earlier: adopt it, and keep
                            // walking from the edges entering its header.
                            parent[sub] = Some(this);
                            let preds = cfg.preds(headers[sub]).iter().copied();
                            worklist.extend(preds.filter(|&p| cfg.is_reachable(p)));
                        }
                    }
                }
            }
        }

        // Renumber in RPO of headers. A header dominates its inner loops'
        // headers, so it comes first in RPO: parents get smaller numbers.
        let mut by_rpo: Vec<usize> = (0..headers.len()).collect();
        by_rpo.sort_by_key(|&l| cfg.rpo_index(headers[l]));
        let mut renumber = vec![Loop::new(0); headers.len()];
        for (new, &old) in by_rpo.iter().enumerate() {
            renumber[old] = Loop::new(new);
        }

        let mut forest = LoopForest {
            loops: PrimaryMap::new(),
            innermost: innermost.iter().map(|l| l.map(|l| renumber[l])).collect(),
            top_level: Vec::new(),
            tree_pre: Vec::new(),
            tree_post: Vec::new(),
        };
        for &old in &by_rpo {
            let parent = parent[old].map(|p| renumber[p]);
            let depth = parent.map_or(1, |p| forest.loops[p].depth + 1);
            let l = forest.loops.push(LoopData {
                header: headers[old],
                latches: Vec::new(),
                body: Vec::new(),
                exiting: Vec::new(),
                exits: Vec::new(),
                parent,
                children: Vec::new(),
                depth,
            });
            match parent {
                Some(p) => forest.loops[p].children.push(l),
                None => forest.top_level.push(l),
            }
        }

        forest.number_tree();

        // Bodies, in RPO: each block joins its innermost loop and all the
        // loops around it.
        for &b in cfg.rpo() {
            let mut l = forest.innermost[b.index()];
            while let Some(cur) = l {
                forest.loops[cur].body.push(b);
                l = forest.loops[cur].parent;
            }
        }
        // Latches, exiting blocks and exits.
        let mut exit_seen: Vec<Option<Loop>> = vec![None; n];
        for l in forest.loops.keys().collect::<Vec<_>>() {
            let mut latches = Vec::new();
            let mut exiting = Vec::new();
            let mut exits = Vec::new();
            let header = forest.loops[l].header;
            for &b in &forest.loops[l].body {
                if cfg.succs(b).contains(&header) {
                    latches.push(b);
                }
                let mut is_exiting = false;
                for &s in cfg.succs(b) {
                    if !forest.contains(l, s) {
                        is_exiting = true;
                        if exit_seen[s.index()] != Some(l) {
                            exit_seen[s.index()] = Some(l);
                            exits.push(s);
                        }
                    }
                }
                if is_exiting {
                    exiting.push(b);
                }
            }
            exits.sort_by_key(|&b| cfg.rpo_index(b));
            let data = &mut forest.loops[l];
            data.latches = latches;
            data.exiting = exiting;
            data.exits = exits;
        }
        forest
    }

    /// Iterative DFS of the loop tree assigning `tree_pre`/`tree_post`.
    fn number_tree(&mut self) {
        let n = self.loops.len();
        self.tree_pre = vec![0; n];
        self.tree_post = vec![0; n];
        let (mut pre, mut post) = (0, 0);
        for &root in &self.top_level {
            let mut stack: Vec<(Loop, usize)> = vec![(root, 0)];
            self.tree_pre[root.index()] = pre;
            pre += 1;
            while let Some(frame) = stack.last_mut() {
                let (l, next) = *frame;
                if let Some(&child) = self.loops[l].children.get(next) {
                    frame.1 += 1;
                    self.tree_pre[child.index()] = pre;
                    pre += 1;
                    stack.push((child, 0));
                } else {
                    self.tree_post[l.index()] = post;
                    post += 1;
                    stack.pop();
                }
            }
        }
    }

    /// All loops, parents before children.
    pub fn loops(&self) -> impl Iterator<Item = Loop> + '_ {
        self.loops.keys()
    }

    pub fn len(&self) -> usize {
        self.loops.len()
    }

    pub fn is_empty(&self) -> bool {
        self.loops.is_empty()
    }

    pub fn data(&self, l: Loop) -> &LoopData {
        &self.loops[l]
    }

    pub fn header(&self, l: Loop) -> Block {
        self.loops[l].header
    }

    pub fn latches(&self, l: Loop) -> &[Block] {
        &self.loops[l].latches
    }

    pub fn body(&self, l: Loop) -> &[Block] {
        &self.loops[l].body
    }

    pub fn exits(&self, l: Loop) -> &[Block] {
        &self.loops[l].exits
    }

    pub fn exiting(&self, l: Loop) -> &[Block] {
        &self.loops[l].exiting
    }

    pub fn parent(&self, l: Loop) -> Option<Loop> {
        self.loops[l].parent
    }

    pub fn children(&self, l: Loop) -> &[Loop] {
        &self.loops[l].children
    }

    pub fn depth(&self, l: Loop) -> u32 {
        self.loops[l].depth
    }

    /// The outermost loops, in RPO of their headers.
    pub fn top_level(&self) -> &[Loop] {
        &self.top_level
    }

    /// The innermost loop containing `b`, `None` if `b` is in no loop.
    pub fn innermost_loop(&self, b: Block) -> Option<Loop> {
        self.innermost.get(b.index()).copied().flatten()
    }

    /// The number of loops containing `b` (0 outside loops).
    pub fn loop_depth(&self, b: Block) -> u32 {
        self.innermost_loop(b).map_or(0, |l| self.depth(l))
    }

    /// Whether `b` is the header of a loop.
    pub fn is_header(&self, b: Block) -> bool {
        self.innermost_loop(b)
            .is_some_and(|l| self.loops[l].header == b)
    }

    /// Whether block `b` belongs to loop `l` (directly or in an inner loop).
    /// O(1).
    pub fn contains(&self, l: Loop, b: Block) -> bool {
        self.innermost_loop(b)
            .is_some_and(|m| self.is_nested_in(m, l))
    }

    /// Whether loop `inner` is `outer` or nested (at any depth) in it. O(1).
    pub fn is_nested_in(&self, inner: Loop, outer: Loop) -> bool {
        let (i, o) = (inner.index(), outer.index());
        self.tree_pre[o] <= self.tree_pre[i] && self.tree_post[i] <= self.tree_post[o]
    }
}
