//! Leaving SSA, part 1: critical-edge splitting and phi copies.
//!
//! A phi `x = phi [a, P1], [b, P2]` means "on the edge from P1, copy a into
//! x". The copies of all the phis of a block happen at once — they form one
//! parallel copy per incoming edge — and must run on that edge only. They
//! can be placed at the end of the predecessor when the predecessor has a
//! single successor; otherwise the edge is split by a new block holding just
//! the copies and a jump (critical edges, from a block with several
//! successors to one with several predecessors, are the classic case; see
//! the SSA-destruction lecture, and Briggs et al., "Practical Improvements
//! to the Construction and Destruction of Static Single Assignment Form",
//! 1998, for why copies at the end of the predecessor are otherwise wrong).
//!
//! Leaving SSA takes three steps; this module holds the first two, on a
//! clone of the IR function before instruction selection:
//!
//! 1. **Split the edges that need it** ([`split_edges`]): every edge from
//!    a block with several successors into a block with several
//!    predecessors or with phis gets a block of its own
//!    ([`wend_ir::cfg_edit::split_edge`]).
//! 2. **Insert the parallel copies** ([`phi_copies`]): the copy for each
//!    edge is described here, and instruction selection emits it as one
//!    `ParallelMove` of virtual registers at the end of the edge's block.
//! 3. **Sequentialise** each parallel move, after register allocation, as
//!    moves between the *locations* the allocator chose
//!    ([`wend_ir::parallel_copy`], used by the emitter): this handles the
//!    lost-copy and swap problems, and lets copies whose source and
//!    destination share a register vanish.
//!
//! [`split_edges`] requires a function in valid SSA form; it invalidates any
//! CFG analysis of it (new blocks, retargeted branches and phi entries).

use cranelift_entity::SecondaryMap;
use wend_ir::cfg_edit::split_edge;
use wend_ir::trace::{Event, NoTrace, Trace};
use wend_ir::{Block, Function, InstKind, Terminator, Value, ValueDef};

/// Splits every edge `P -> S` where `P` has several successor edges and `S`
/// either has several predecessor edges (a critical edge) or starts with
/// phis (whose copies must not run on `P`'s other edges). A conditional
/// branch whose two targets coincide is two edges, each split separately.
/// A new block goes right after its predecessor in the layout, so the fall
/// through is kept where possible. Returns the number of blocks added.
pub fn split_edges(func: &mut Function) -> usize {
    split_edges_traced(func, &mut NoTrace)
}

/// [`split_edges`], recording each edge split.
pub fn split_edges_traced(func: &mut Function, trace: &mut impl Trace) -> usize {
    let mut pred_edges = SecondaryMap::<Block, u32>::new();
    for &b in &func.layout {
        for s in func.successors(b) {
            pred_edges[s] += 1;
        }
    }
    // The new blocks in one go: on a function of a million blocks, growing
    // the arena by doubling copied it to fresh memory.
    let count: usize = (func.layout.iter())
        .map(|&b| {
            edges_to_split(func, b, &pred_edges)
                .iter()
                .filter(|&&s| s)
                .count()
        })
        .sum();
    if count == 0 {
        return 0;
    }
    func.blocks.reserve_exact(count);
    let mut new_layout = Vec::with_capacity(func.layout.len() + count);
    // `pred.to.succ`, built in one buffer rather than by `format!`.
    let mut name = String::new();
    for b in func.layout.clone() {
        new_layout.push(b);
        let Some(Terminator::CondBr {
            then_dest,
            else_dest,
            ..
        }) = func.blocks[b].terminator
        else {
            continue;
        };
        let split = edges_to_split(func, b, &pred_edges);
        // Successor 0 is the `then` edge, 1 the `else` edge.
        for ((index, succ), split) in [then_dest, else_dest].into_iter().enumerate().zip(split) {
            if split {
                name.clear();
                name.push_str(&func.blocks[b].name);
                name.push_str(".to.");
                name.push_str(&func.blocks[succ].name);
                let edge = split_edge(func, b, index, &name);
                new_layout.push(edge);
                trace.event(|| Event::SplitEdge {
                    from: b,
                    to: succ,
                    new: edge,
                });
            }
        }
    }
    func.layout = new_layout;
    count
}

/// Which of the two edges of `b`'s conditional branch need a block of
/// their own (see [`split_edges`]).
// lab(out-of-ssa) begin: which edges of a conditional branch need a block of their own
fn edges_to_split(func: &Function, b: Block, pred_edges: &SecondaryMap<Block, u32>) -> [bool; 2] {
    match func.blocks[b].terminator {
        Some(Terminator::CondBr {
            then_dest,
            else_dest,
            ..
        }) => [then_dest, else_dest].map(|s| pred_edges[s] >= 2 || !func.blocks[s].phis.is_empty()),
        _ => [false, false],
    }
}
// lab(out-of-ssa) stub:
//~ fn edges_to_split(func: &Function, b: Block, pred_edges: &SecondaryMap<Block, u32>) -> [bool; 2] {
//~     // TODO(lab out-of-ssa): for each of the two edges of `b`'s conditional
//~     // branch, whether its target has several predecessor edges (a critical
//~     // edge: count them in `pred_edges`) or starts with phis, whose copies
//~     // must not run on `b`'s other edge (docs/labs/4-out-of-ssa.md).
//~     // This stub splits no edge: phi copies of a block whose predecessor
//~     // branches two ways are lost.
//~     let _ = (func, b, pred_edges);
//~     [false, false]
//~ }
// lab(out-of-ssa) end

/// The parallel copy to run at the end of block `pred` (which, after
/// [`split_edges`], has a single successor when that successor has phis):
/// one `(phi result, incoming value)` pair per phi of the successor. Copies
/// of `undef` are left out: any value will do.
pub fn phi_copies(func: &Function, pred: Block) -> Vec<(Value, Value)> {
    let mut succs = func.successors(pred);
    let (Some(succ), None) = (succs.next(), succs.next()) else {
        return Vec::new();
    };
    let mut copies = Vec::new();
    for &phi in &func.blocks[succ].phis {
        let InstKind::Phi { incoming } = &func.insts[phi].kind else {
            unreachable!("non-phi among the phis of {succ}")
        };
        let result = func.insts[phi].result.expect("phi without result");
        let (_, value) = incoming
            .iter()
            .find(|(p, _)| *p == pred)
            .unwrap_or_else(|| panic!("phi in {succ} has no entry for predecessor {pred}"));
        if func.values[*value].def != ValueDef::Undef {
            copies.push((result, *value));
        }
    }
    copies
}
