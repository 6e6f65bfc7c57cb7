//! break-crit-edges: split every critical edge (LLVM's `break-crit-edges`).
//!
//! An edge `P → S` is *critical* when `P` has several successor edges and
//! `S` several predecessor edges. Code that must run on that edge only —
//! the copies a phi of `S` stands for, when SSA form is left — has nowhere
//! to go: at the end of `P` it would also run on `P`'s other edges, at the
//! top of `S` also on the edges from `S`'s other predecessors. A new block
//! on the edge, holding nothing but a jump to `S`, is such a place:
//!
//! ```text
//!   P: br i1 %c, label %S, label %X       P: br i1 %c, label %P.S_crit_edge, label %X
//!                                  ==>    P.S_crit_edge: br label %S
//!   S: %x = phi [%a, %P], [%b, %Q]        S: %x = phi [%a, %P.S_crit_edge], [%b, %Q]
//! ```
//!
//! Splitting critical edges is the first half of the classic SSA
//! destruction (Briggs, Cooper, Harvey & Simpson, "Practical Improvements
//! to the Construction and Destruction of Static Single Assignment Form",
//! 1998: the *lost-copy problem* is a copy placed on a critical edge's
//! source block that overwrites a value still needed on the other edge);
//! `phi-elim` is the second half and needs this pass first.
//!
//! A conditional branch whose two targets coincide is two edges, and when
//! the target has no other predecessor both are critical (it has two
//! predecessor edges): each gets its own block, as LLVM does. The edges
//! are those of the input: every edge critical in it is split, no other.
//! Each new block is named `P.S_crit_edge`, LLVM's name, and goes right
//! after `P` in the layout.
//!
//! Requires: valid IR. Invalidates: CFG, dominator tree, loop forest (new
//! blocks; a split back edge makes the new block the loop's latch).

use wend_ir::analysis::cfg::Cfg;
use wend_ir::cfg_edit::split_edge;
use wend_ir::Function;

pub fn run(func: &mut Function) {
    if func.is_declaration() {
        return;
    }
    let cfg = Cfg::compute(func);
    let mut layout = Vec::with_capacity(func.layout.len());
    for b in std::mem::take(&mut func.layout) {
        layout.push(b);
        for (index, &s) in cfg.succs(b).iter().enumerate() {
            if cfg.is_critical_edge(b, s) {
                let name = format!("{}.{}_crit_edge", func.blocks[b].name, func.blocks[s].name);
                layout.push(split_edge(func, b, index, &name));
            }
        }
    }
    func.layout = layout;
}
