//! loopsimplify: put every natural loop in the canonical shape the loop
//! passes rely on (LLVM's `LoopSimplify`):
//!
//! * a **preheader** — the header's only predecessor outside the loop, with
//!   the header as its only successor: a place to put code that runs once
//!   before the loop (what LICM hoists lands there);
//! * a **single latch** — one block carrying the only back edge, so "the
//!   value at the end of an iteration" is one phi entry;
//! * **dedicated exits** — every exit block has only predecessors inside
//!   the loop, so code placed there (LCSSA phis) runs only when leaving
//!   this loop.
//!
//! Each fix is the same operation, [`split_predecessors`]: a new block takes
//! over some of the edges entering a block, and the phis of that block are
//! split accordingly — the entries of the moved edges become a phi of the
//! new block (or just the value, if they all agree), which flows along its
//! single new edge.
//!
//! The three steps run in an order that lets each rely on one analysis of
//! the function instead of recomputing it after every change:
//!
//! 1. dedicated exits, innermost loops first, from the loop forest of the
//!    input. An inner loop's new exit block may be an exit of the loops
//!    around it too; it is dedicated by construction, and the membership of
//!    new blocks is worked out from the loop tree (see `dedicate_exits`).
//! 2. preheaders and 3. single latches, from a fresh loop forest (the
//!    input's, if step 1 changed nothing): neither step changes the edges
//!    the other looks at, nor breaks dedicated exits (every edge leaving a
//!    loop now enters a dedicated block, which is never a loop's header, so
//!    a new preheader never becomes an exit).
//!
//! The loop passes (licm, lcssa) need this form and check it
//! ([`LoopAnalyses::compute_simplified`]); the pass manager runs this pass
//! right before each of them, visibly in the pipeline.
//!
//! Unreachable predecessors count as outside every loop (they belong to
//! none), so they are routed through the preheader or the split exit like
//! any other outside edge. Self-loops are loops whose header is its latch.
//! Irreducible cycles are not natural loops and are left alone.
//!
//! Requires: valid IR. Invalidates: CFG, dominator tree, loop forest (new
//! blocks); leaves already simplified loops untouched, so it is idempotent.

use cranelift_entity::SecondaryMap;
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::loop_form::preheader;
pub use wend_ir::analysis::loop_form::LoopAnalyses;
use wend_ir::analysis::loops::{Loop, LoopForest};
use wend_ir::{Block, Function, InstKind, Terminator, ThinVec, Value};

pub fn run(func: &mut Function) {
    simplify_keeping_valid_analyses(func);
}

/// Puts every loop of `func` in canonical shape (see the module doc) and
/// returns the analyses of the result: those it computed, when its last
/// step changed nothing, else fresh ones. `func` must be a definition.
pub fn simplify(func: &mut Function) -> LoopAnalyses {
    let analyses = simplify_keeping_valid_analyses(func);
    analyses.unwrap_or_else(|| LoopAnalyses::compute(func))
}

/// [`simplify`], without computing the analyses of the result when a
/// step changed the function (`None` then).
fn simplify_keeping_valid_analyses(func: &mut Function) -> Option<LoopAnalyses> {
    if func.is_declaration() {
        return None;
    }
    let mut analyses = LoopAnalyses::compute(func);
    if analyses.forest.is_empty() {
        return Some(analyses);
    }
    let mut placement = Placement::default();
    dedicate_exits(func, &analyses, &mut placement);
    if placement.apply(func) {
        analyses = LoopAnalyses::compute(func);
    }

    let LoopAnalyses { cfg, forest, .. } = &analyses;
    let mut layout_position: SecondaryMap<Block, usize> = SecondaryMap::new();
    for (i, &b) in func.layout.iter().enumerate() {
        layout_position[b] = i;
    }
    let mut placement = Placement::default();
    for l in forest.loops() {
        insert_preheader(func, cfg, forest, l, &mut placement);
        merge_latches(func, cfg, forest, l, &layout_position, &mut placement);
    }
    (!placement.apply(func)).then_some(analyses)
}

// ---- step 1: dedicated exits -------------------------------------------

fn dedicate_exits(func: &mut Function, analyses: &LoopAnalyses, placement: &mut Placement) {
    let LoopAnalyses { cfg, forest, .. } = analyses;
    // The innermost loop of every block, new blocks included, and the
    // predecessor lists (one entry per edge) of the exits split so far;
    // the other blocks' are still the CFG's (only exits are looked at, and
    // the exits of every loop were found before any splitting).
    let mut innermost: SecondaryMap<Block, Option<Loop>> = SecondaryMap::new();
    let mut changed_preds: SecondaryMap<Block, Option<Vec<Block>>> = SecondaryMap::new();
    for &b in &func.layout {
        innermost[b] = forest.innermost_loop(b);
    }
    let contains = |innermost: &SecondaryMap<Block, Option<Loop>>, l: Loop, b: Block| {
        innermost[b].is_some_and(|m| forest.is_nested_in(m, l))
    };

    // Children have larger numbers than their parents: reverse order
    // handles every loop after the loops nested in it.
    let loops: Vec<Loop> = forest.loops().collect();
    for &l in loops.iter().rev() {
        for &exit in forest.exits(l) {
            let preds = changed_preds[exit].as_deref().unwrap_or(cfg.preds(exit));
            let (inside, mut outside): (Vec<Block>, Vec<Block>) =
                preds.iter().partition(|&&p| contains(&innermost, l, p));
            if inside.is_empty() || outside.is_empty() {
                continue; // no longer an exit of l, or already dedicated
            }
            let new = split_predecessors(func, exit, &inside, "loopexit");
            placement.before(exit, new);
            // The new block is in every loop containing both l and the
            // exit: the nearest common ancestor in the loop tree.
            let mut ancestor = forest.parent(l);
            while let Some(a) = ancestor {
                if contains(&innermost, a, exit) {
                    break;
                }
                ancestor = forest.parent(a);
            }
            innermost[new] = ancestor;
            outside.push(new);
            changed_preds[exit] = Some(outside);
        }
    }
}

// ---- steps 2 and 3 -----------------------------------------------------

fn insert_preheader(
    func: &mut Function,
    cfg: &Cfg,
    forest: &LoopForest,
    l: Loop,
    placement: &mut Placement,
) {
    if preheader(func, cfg, forest, l).is_some() {
        return;
    }
    let header = forest.header(l);
    let outside: Vec<Block> = cfg
        .preds(header)
        .iter()
        .copied()
        .filter(|&p| !forest.contains(l, p))
        .collect();
    let new = split_predecessors(func, header, &outside, "preheader");
    placement.before(header, new);
}

fn merge_latches(
    func: &mut Function,
    cfg: &Cfg,
    forest: &LoopForest,
    l: Loop,
    layout_position: &SecondaryMap<Block, usize>,
    placement: &mut Placement,
) {
    let latches = forest.latches(l);
    if latches.len() < 2 {
        return;
    }
    let header = forest.header(l);
    let back_edges: Vec<Block> = cfg
        .preds(header)
        .iter()
        .copied()
        .filter(|&p| forest.contains(l, p))
        .collect();
    let new = split_predecessors(func, header, &back_edges, "latch");
    // After the last latch in the layout: where the back edges came from.
    let last = *latches
        .iter()
        .max_by_key(|&&b| layout_position[b])
        .expect("at least two latches");
    placement.after(last, new);
}

// ---- the shared operation ----------------------------------------------

/// One incoming entry of a phi: the predecessor and the value along it.
type PhiEntry = (Block, Value);

/// Creates a block that takes over every edge from the blocks `moved` into
/// `target` and branches to `target`; returns it. Each phi of `target`
/// keeps its entries for the other edges and gets one for the new block:
/// the moved entries' common value, or a new phi of the new block merging
/// them. `moved` lists each edge once (a block with two edges twice); the
/// new block is not placed in the layout (see [`Placement`]).
pub fn split_predecessors(
    func: &mut Function,
    target: Block,
    moved: &[Block],
    suffix: &str,
) -> Block {
    let name = format!("{}.{suffix}", func.blocks[target].name);
    let new = func.create_block(name);
    let line = func.blocks[target].terminator_line;
    func.blocks[new].terminator = Some(Terminator::Br { dest: target });
    func.blocks[new].terminator_line = line;

    let mut sources: Vec<Block> = moved.to_vec();
    sources.sort();
    sources.dedup();
    for &p in &sources {
        if let Some(term) = func.blocks[p].terminator.as_mut() {
            term.map_successors(|s| if s == target { new } else { s });
        }
    }

    let is_moved = |b: Block| sources.binary_search(&b).is_ok();
    for i in 0..func.blocks[target].phis.len() {
        let phi = func.blocks[target].phis[i];
        let InstKind::Phi { incoming } = &func.insts[phi].kind else {
            unreachable!("phis holds phis")
        };
        let (moved_entries, kept): (ThinVec<PhiEntry>, ThinVec<PhiEntry>) =
            incoming.iter().copied().partition(|&(b, _)| is_moved(b));
        let first = moved_entries.first().map(|&(_, v)| v);
        let value = match first {
            Some(v) if moved_entries.iter().all(|&(_, w)| w == v) => v,
            _ => {
                let ty = func.value_type(func.insts[phi].result.unwrap());
                let line = func.insts[phi].line;
                let split = func.make_inst(
                    InstKind::Phi {
                        incoming: moved_entries,
                    },
                    Some(ty),
                    line,
                );
                let result = func.insts[split].result.unwrap();
                // `%i` split for a preheader becomes `%i.preheader`.
                if let Some(name) = func.value_name(func.insts[phi].result.unwrap()) {
                    let name = format!("{name}.{suffix}");
                    func.set_value_name(result, &name);
                }
                func.blocks[new].phis.push(split);
                result
            }
        };
        let mut incoming = kept;
        incoming.push((new, value));
        func.insts[phi].kind = InstKind::Phi { incoming };
    }
    new
}

/// Where new blocks go in the layout, applied in one sweep at the end (one
/// `Vec::insert` per block would be quadratic on big functions).
#[derive(Default)]
pub struct Placement {
    before: SecondaryMap<Block, Vec<Block>>,
    after: SecondaryMap<Block, Vec<Block>>,
    any: bool,
}

impl Placement {
    pub fn before(&mut self, anchor: Block, new: Block) {
        self.before[anchor].push(new);
        self.any = true;
    }

    pub fn after(&mut self, anchor: Block, new: Block) {
        self.after[anchor].push(new);
        self.any = true;
    }

    /// Rebuilds the layout with the new blocks placed, if there are any
    /// (returns whether there were). A block placed next to a new block is
    /// placed when that block is.
    pub fn apply(mut self, func: &mut Function) -> bool {
        if !self.any {
            return false;
        }
        let old = std::mem::take(&mut func.layout);
        let mut layout = Vec::with_capacity(old.len() + 8);
        for b in old {
            self.place(b, &mut layout);
        }
        func.layout = layout;
        true
    }

    fn place(&mut self, b: Block, layout: &mut Vec<Block>) {
        // Explicit stack: chains of new blocks can be long.
        enum Step {
            Visit(Block),
            Emit(Block),
        }
        let mut stack = vec![Step::Visit(b)];
        while let Some(step) = stack.pop() {
            match step {
                Step::Emit(b) => layout.push(b),
                Step::Visit(b) => {
                    let before = std::mem::take(&mut self.before[b]);
                    let after = std::mem::take(&mut self.after[b]);
                    // Pushed in reverse: before-blocks, b, then after-blocks.
                    for &a in after.iter().rev() {
                        stack.push(Step::Visit(a));
                    }
                    stack.push(Step::Emit(b));
                    for &p in before.iter().rev() {
                        stack.push(Step::Visit(p));
                    }
                }
            }
        }
    }
}
