//! The control-flow graph of a function: predecessors and successors of each
//! block, and the reverse postorder (RPO) of the blocks reachable from the
//! entry.
//!
//! Algorithm: the edges of the terminators go into flat lists
//! ([`FlatLists`]), one entry per edge — the successors in one walk over
//! the blocks, the predecessors sorted from them — so
//! `br %c, label %b, label %b` gives `b` two predecessor entries, matching
//! the two entries of its phis; then an iterative depth-first search from
//! the entry numbers the reachable blocks in postorder. The search keeps an
//! explicit stack of `(block, next successor to visit)` frames, which is
//! exactly what the recursive textbook version keeps on the call stack —
//! functions can have 100 000 blocks, too deep to recurse. RPO is the
//! standard iteration order of forward dataflow problems and of the
//! dominator algorithm (see Cooper & Torczon, *Engineering a Compiler*,
//! §9.2): every block comes before its successors, except along back edges.
//!
//! The search takes a block's successors last first. Any order gives an
//! RPO; this one puts a branch's first target before its second — the
//! `then` block before the `else` block, a loop's body before its exit —
//! which is the layout order of the code the frontend makes. Ids follow
//! the layout too (the frontend creates them in order, compaction restores
//! it), so the passes that walk blocks in RPO or down the dominator tree
//! read the function's arenas front to back.
//!
//! Unreachable blocks (code after a `return` produces them) keep their edges
//! in `preds`/`succs` but are absent from `rpo`/`postorder` and have no RPO
//! index. Edges *from* them do show up in the predecessor lists of reachable
//! blocks; analyses that care filter with [`Cfg::is_reachable`].
//!
//! Requires: nothing (unterminated blocks simply have no successors).
//! Invalidated by: any change to a terminator or to the layout.

use crate::entities::Block;
use crate::flat_lists::FlatLists;
use crate::function::Function;
use cranelift_entity::EntityRef;

/// Marks blocks without an RPO number (unreachable or not in the layout).
const NO_INDEX: u32 = u32::MAX;

#[derive(Clone, Debug, Default)]
pub struct Cfg {
    /// Edge lists by block, in one flat vector each rather than a `Vec`
    /// per block, which keeps 100 000-block functions cheap.
    succs: FlatLists<Block>,
    preds: FlatLists<Block>,
    postorder: Vec<Block>,
    rpo: Vec<Block>,
    /// Position of each block in `rpo`, `NO_INDEX` if unreachable.
    rpo_index: Vec<u32>,
}

impl Cfg {
    pub fn compute(func: &Function) -> Cfg {
        let n = func.blocks.len();
        let mut in_layout = vec![false; n];
        for &b in &func.layout {
            in_layout[b.index()] = true;
        }
        // The successors, block by block in terminator order, in one walk
        // over the blocks' data (unplaced blocks have none); the
        // predecessors from them. One entry per edge; predecessors come in
        // increasing block order (deterministic).
        let succs = FlatLists::from_each_key(n, |i, succs| {
            if in_layout[i] {
                succs.extend(func.successors(Block::new(i)));
            }
        });
        let preds = FlatLists::build(n, Block::new(0), |f| {
            for from in 0..n {
                for &to in succs.get(from) {
                    f(to.index(), Block::new(from));
                }
            }
        });

        let mut cfg = Cfg {
            succs,
            preds,
            postorder: Vec::new(),
            rpo: Vec::new(),
            rpo_index: vec![NO_INDEX; n],
        };
        if let Some(entry) = func.entry_block() {
            cfg.number_reachable(entry);
        }
        cfg
    }

    /// Iterative DFS from `entry` filling `postorder`, `rpo` and `rpo_index`.
    fn number_reachable(&mut self, entry: Block) {
        let mut visited = vec![false; self.rpo_index.len()];
        // Each frame: a block and how many of its successors were explored,
        // last first (see the module doc).
        let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
        visited[entry.index()] = true;
        while let Some(frame) = stack.last_mut() {
            let (block, next) = *frame;
            let succs = self.succs(block);
            if next < succs.len() {
                frame.1 += 1;
                let s = succs[succs.len() - 1 - next];
                if !visited[s.index()] {
                    visited[s.index()] = true;
                    stack.push((s, 0));
                }
            } else {
                // All successors done: the block is finished.
                self.postorder.push(block);
                stack.pop();
            }
        }
        self.rpo = self.postorder.iter().rev().copied().collect();
        for (i, &b) in self.rpo.iter().enumerate() {
            self.rpo_index[b.index()] = i as u32;
        }
    }

    /// The successors of `b`, one per outgoing edge, in terminator order.
    pub fn succs(&self, b: Block) -> &[Block] {
        self.succs.get(b.index())
    }

    /// The predecessors of `b`, one per incoming edge (a block branching to
    /// `b` twice appears twice), including unreachable ones.
    pub fn preds(&self, b: Block) -> &[Block] {
        self.preds.get(b.index())
    }

    /// Whether an edge from `from` to `to` is critical: `from` has several
    /// successor edges and `to` several predecessor edges, so code for that
    /// edge alone fits at neither end (a conditional branch whose two
    /// targets are one block with no other predecessor makes two critical
    /// edges).
    pub fn is_critical_edge(&self, from: Block, to: Block) -> bool {
        self.succs(from).len() > 1 && self.preds(to).len() > 1
    }

    /// The reachable blocks in reverse postorder; `rpo()[0]` is the entry.
    pub fn rpo(&self) -> &[Block] {
        &self.rpo
    }

    /// The reachable blocks in postorder (the entry comes last).
    pub fn postorder(&self) -> &[Block] {
        &self.postorder
    }

    pub fn is_reachable(&self, b: Block) -> bool {
        self.rpo_index(b).is_some()
    }

    /// The position of `b` in [`Cfg::rpo`], `None` if `b` is unreachable.
    pub fn rpo_index(&self, b: Block) -> Option<u32> {
        match self.rpo_index.get(b.index()) {
            Some(&i) if i != NO_INDEX => Some(i),
            _ => None,
        }
    }

    /// The entry block, `None` for a declaration.
    pub fn entry(&self) -> Option<Block> {
        self.rpo.first().copied()
    }

    /// The number of block ids the maps are sized for (the function's block
    /// arena length, deleted blocks included).
    pub fn num_block_ids(&self) -> usize {
        self.rpo_index.len()
    }
}
