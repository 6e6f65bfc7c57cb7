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
use crate::flat_lists::FlatLists;
use crate::function::Function;
use cranelift_entity::{entity_impl, EntityRef, PrimaryMap};

/// A loop of a [`LoopForest`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loop(u32);
entity_impl!(Loop, "loop");

/// What a loop is apart from its block lists (those are in the forest's
/// flat lists: a `Vec` per list and loop made a huge function's loop
/// forest a million small allocations).
#[derive(Clone, Copy, Debug)]
struct LoopData {
    /// The single entry of the loop; it dominates every block of the body.
    header: Block,
    /// The innermost loop strictly containing this one.
    parent: Option<Loop>,
    /// Nesting depth: 1 for an outermost loop.
    depth: u32,
}

#[derive(Clone, Debug, Default)]
pub struct LoopForest {
    loops: PrimaryMap<Loop, LoopData>,
    /// All blocks of each loop, those of inner loops included, in RPO (the
    /// header first).
    body: FlatLists<Block>,
    /// The sources of each loop's back edges: blocks of the body that
    /// branch to the header.
    latches: FlatLists<Block>,
    /// Blocks of each loop's body with a successor outside the loop.
    exiting: FlatLists<Block>,
    /// Blocks outside each loop with a predecessor in it.
    exits: FlatLists<Block>,
    /// The loops directly nested in each loop, in RPO of their headers.
    children: FlatLists<Loop>,
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
            innermost: innermost.iter().map(|l| l.map(|l| renumber[l])).collect(),
            ..LoopForest::default()
        };
        for &old in &by_rpo {
            let parent = parent[old].map(|p| renumber[p]);
            let depth = parent.map_or(1, |p| forest.loops[p].depth + 1);
            let l = forest.loops.push(LoopData {
                header: headers[old],
                parent,
                depth,
            });
            if parent.is_none() {
                forest.top_level.push(l);
            }
        }
        let loops = forest.loops.len();
        // Children in loop order, which is RPO of their headers.
        forest.children = FlatLists::build(loops, Loop::new(0), |add| {
            for (l, data) in forest.loops.iter() {
                if let Some(p) = data.parent {
                    add(p.index(), l);
                }
            }
        });

        forest.number_tree();

        // Bodies, in RPO: each block joins its innermost loop and all the
        // loops around it.
        forest.body = FlatLists::build(loops, Block::new(0), |add| {
            for &b in cfg.rpo() {
                let mut l = forest.innermost[b.index()];
                while let Some(cur) = l {
                    add(cur.index(), b);
                    l = forest.loops[cur].parent;
                }
            }
        });
        // Latches, exiting blocks and exits, in one walk over each body.
        let (mut latches, mut exiting, mut exits) = (
            FlatLists::in_turn(),
            FlatLists::in_turn(),
            FlatLists::in_turn(),
        );
        let mut exit_seen: Vec<Option<Loop>> = vec![None; n];
        for l in forest.loops.keys() {
            let header = forest.loops[l].header;
            for &b in forest.body(l) {
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
            exits.open_list_mut().sort_by_key(|&b| cfg.rpo_index(b));
            latches.end_list();
            exiting.end_list();
            exits.end_list();
        }
        forest.latches = latches;
        forest.exiting = exiting;
        forest.exits = exits;
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
                if let Some(&child) = self.children.get(l.index()).get(next) {
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

    pub fn header(&self, l: Loop) -> Block {
        self.loops[l].header
    }

    /// The sources of the back edges: blocks of the body that branch to
    /// the header.
    pub fn latches(&self, l: Loop) -> &[Block] {
        self.latches.get(l.index())
    }

    /// All blocks of the loop, those of inner loops included, in RPO (the
    /// header first).
    pub fn body(&self, l: Loop) -> &[Block] {
        self.body.get(l.index())
    }

    /// Blocks outside the loop with a predecessor in it, in RPO.
    pub fn exits(&self, l: Loop) -> &[Block] {
        self.exits.get(l.index())
    }

    /// Blocks of the body with a successor outside the loop, in RPO.
    pub fn exiting(&self, l: Loop) -> &[Block] {
        self.exiting.get(l.index())
    }

    /// The innermost loop strictly containing `l`.
    pub fn parent(&self, l: Loop) -> Option<Loop> {
        self.loops[l].parent
    }

    /// The loops directly nested in `l`, in RPO of their headers.
    pub fn children(&self, l: Loop) -> &[Loop] {
        self.children.get(l.index())
    }

    /// Nesting depth: 1 for an outermost loop.
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
