//! Liveness of SSA values at block boundaries: which values may still be
//! used after control enters (`live_in`) or leaves (`live_out`) each block.
//! Register allocation, SSA destruction and reg2mem ask this.
//!
//! Algorithm: the classic backward dataflow problem (Aho, Lam, Sethi &
//! Ullman, *Compilers*, §9.2.5; Appel, *Modern Compiler Implementation*,
//! §10.1), iterated to a fixpoint over the blocks in postorder — the order
//! in which a backward problem converges fastest (a pass per loop nesting
//! level, plus one to confirm). With the phi conventions of SSA form
//! (Brandner, Boissinot, Darte, Dupont de Dinechin & Rastello, "Computing
//! Liveness Sets for SSA-Form Programs", INRIA RR-7503, 2011, §2):
//!
//! ```text
//! live_out(B) = phi_uses(B) ∪ ⋃ { live_in(S) − phi_defs(S) | S successor of B }
//! live_in(B)  = phi_defs(B) ∪ upward_exposed(B) ∪ (live_out(B) − defs(B))
//! ```
//!
//! * A phi reads its operand *on the edge*: `%x = phi [%a, %P], …` makes
//!   `%a` live-out of `P`, not live-in of the phi's block (otherwise `%a`
//!   would look live on the other incoming edges too).
//! * A phi's result is defined *on entry* to its block, so it is live-in
//!   there (and subtracted again when flowing into predecessors).
//! * `upward_exposed(B)`: values read by B's ordinary instructions or
//!   terminator before any definition in B.
//!
//! Only instruction results and parameters are tracked (a parameter is
//! defined before the entry block begins, so it is live-in at the entry
//! when some path uses it); constants, `undef`
//! and string addresses are not live ranges. Sets are sorted `Vec<Value>`s
//! rather than bitsets: their memory is proportional to the liveness that
//! actually exists, where bitsets cost `blocks × values` bits (1.25 GB for
//! 100 000 of each), and the unions are linear merges.
//!
//! Unreachable blocks are computed like the others (after the reachable
//! ones); as nothing reachable follows them, they never make a value live in
//! reachable code.
//!
//! Requires: the function's [`Cfg`]. Invalidated by: any change to the CFG
//! or to instructions.

use crate::analysis::cfg::Cfg;
use crate::entities::{Block, Value};
use crate::function::Function;
use crate::instructions::InstKind;
use crate::trace::{Event, NoTrace, Trace};
use cranelift_entity::EntityRef;

/// In `def_block`: the value is not tracked.
const UNTRACKED: u32 = u32::MAX;
/// In `def_block`: a parameter, defined before the entry block starts (so a
/// used parameter is live-in at the entry, like a phi result in its block).
const PARAM: u32 = u32::MAX - 1;

#[derive(Clone, Debug, Default)]
pub struct Liveness {
    live_in: Vec<Vec<Value>>,
    live_out: Vec<Vec<Value>>,
}

impl Liveness {
    pub fn compute(func: &Function, cfg: &Cfg) -> Liveness {
        Self::compute_traced(func, cfg, &mut NoTrace)
    }

    /// [`Liveness::compute`], recording the sets after each round.
    pub fn compute_traced(func: &Function, cfg: &Cfg, trace: &mut impl Trace) -> Liveness {
        let n = cfg.num_block_ids();
        let local = LocalSets::compute(func, n);

        // Reachable blocks in postorder, then the unreachable ones (in
        // reverse layout order, as good a guess as any).
        let mut order: Vec<Block> = cfg.postorder().to_vec();
        order.extend(func.layout.iter().rev().filter(|&&b| !cfg.is_reachable(b)));

        let mut live_in = vec![Vec::new(); n];
        let mut live_out = vec![Vec::new(); n];
        let mut scratch = Vec::new();
        let mut changed = true;
        let mut round = 0;
        while changed {
            changed = false;
            round += 1;
            for &b in &order {
                let bi = b.index();
                // live_out(B)
                let mut out = local.phi_uses[bi].clone();
                for &s in cfg.succs(b) {
                    let not_phi_of_s = live_in[s.index()]
                        .iter()
                        .copied()
                        .filter(|&v| !local.is_phi_of(v, s));
                    union_into(&mut out, not_phi_of_s, &mut scratch);
                }
                // live_in(B)
                let mut inn = local.phi_defs[bi].clone();
                union_into(
                    &mut inn,
                    local.upward_exposed[bi].iter().copied(),
                    &mut scratch,
                );
                let through = out
                    .iter()
                    .copied()
                    .filter(|&v| local.def_block[v.index()] != bi as u32);
                union_into(&mut inn, through, &mut scratch);

                live_out[bi] = out;
                if live_in[bi] != inn {
                    live_in[bi] = inn;
                    changed = true;
                }
            }
            trace.event(|| Event::LivenessRound {
                round,
                sets: (order.iter())
                    .map(|&b| (b, live_in[b.index()].clone(), live_out[b.index()].clone()))
                    .collect(),
                changed,
            });
        }
        Liveness { live_in, live_out }
    }

    /// The values live on entry to `b`, sorted (phi results of `b` included).
    pub fn live_in(&self, b: Block) -> &[Value] {
        self.live_in.get(b.index()).map_or(&[], |s| s)
    }

    /// The values live on exit from `b`, sorted (operands that `b`'s
    /// successors' phis take from `b` included).
    pub fn live_out(&self, b: Block) -> &[Value] {
        self.live_out.get(b.index()).map_or(&[], |s| s)
    }

    pub fn is_live_in(&self, b: Block, v: Value) -> bool {
        self.live_in(b).binary_search(&v).is_ok()
    }

    pub fn is_live_out(&self, b: Block, v: Value) -> bool {
        self.live_out(b).binary_search(&v).is_ok()
    }
}

/// The per-block facts the dataflow equations start from.
struct LocalSets {
    /// Index of the block defining each value (`UNTRACKED` for constants,
    /// undef, strings, and results of instructions not placed in a block).
    def_block: Vec<u32>,
    /// Whether each value is a phi result.
    is_phi: Vec<bool>,
    phi_defs: Vec<Vec<Value>>,
    phi_uses: Vec<Vec<Value>>,
    upward_exposed: Vec<Vec<Value>>,
}

impl LocalSets {
    fn compute(func: &Function, num_blocks: usize) -> LocalSets {
        let num_values = func.values.len();
        let mut def_block = vec![UNTRACKED; num_values];
        let mut is_phi = vec![false; num_values];
        for &p in &func.params {
            def_block[p.index()] = PARAM;
        }
        for &b in &func.layout {
            let data = &func.blocks[b];
            for &inst in data.phis.iter().chain(&data.insts) {
                if let Some(v) = func.insts[inst].result.expand() {
                    def_block[v.index()] = b.index() as u32;
                }
            }
            for &inst in &data.phis {
                if let Some(v) = func.insts[inst].result.expand() {
                    is_phi[v.index()] = true;
                }
            }
        }
        let tracked = |v: Value| def_block[v.index()] != UNTRACKED;

        let mut phi_defs = vec![Vec::new(); num_blocks];
        let mut phi_uses = vec![Vec::new(); num_blocks];
        let mut upward_exposed = vec![Vec::new(); num_blocks];
        // `defined_here[v]` = index + 1 of the block whose scan defined `v`
        // so far (0: none); avoids clearing a per-block set.
        let mut defined_here = vec![0u32; num_values];
        for &b in &func.layout {
            let bi = b.index();
            let stamp = bi as u32 + 1;
            let data = &func.blocks[b];
            for &inst in &data.phis {
                if let Some(v) = func.insts[inst].result.expand() {
                    phi_defs[bi].push(v);
                    defined_here[v.index()] = stamp;
                }
                if let InstKind::Phi { incoming } = &func.insts[inst].kind {
                    for &(pred, v) in incoming {
                        if tracked(v) && pred.index() < num_blocks {
                            phi_uses[pred.index()].push(v);
                        }
                    }
                }
            }
            let ue = &mut upward_exposed[bi];
            let note_use = |v: Value, defined_here: &[u32], ue: &mut Vec<Value>| {
                if tracked(v) && defined_here[v.index()] != stamp {
                    ue.push(v);
                }
            };
            for &inst in &data.insts {
                let inst = &func.insts[inst];
                inst.kind
                    .for_each_operand(|v| note_use(v, &defined_here, ue));
                if let Some(v) = inst.result.expand() {
                    defined_here[v.index()] = stamp;
                }
            }
            if let Some(t) = &data.terminator {
                t.for_each_operand(|v| note_use(v, &defined_here, ue));
            }
        }
        for set in phi_defs
            .iter_mut()
            .chain(&mut phi_uses)
            .chain(&mut upward_exposed)
        {
            set.sort_unstable();
            set.dedup();
        }
        LocalSets {
            def_block,
            is_phi,
            phi_defs,
            phi_uses,
            upward_exposed,
        }
    }

    fn is_phi_of(&self, v: Value, b: Block) -> bool {
        self.is_phi[v.index()] && self.def_block[v.index()] == b.index() as u32
    }
}

/// `set ∪= items`, both sorted; `scratch` is reused working memory.
fn union_into(set: &mut Vec<Value>, items: impl Iterator<Item = Value>, scratch: &mut Vec<Value>) {
    scratch.clear();
    let mut items = items.peekable();
    let mut i = 0;
    while i < set.len() {
        match items.peek() {
            Some(&v) if v < set[i] => {
                scratch.push(v);
                items.next();
            }
            Some(&v) if v == set[i] => {
                items.next();
            }
            _ => {
                scratch.push(set[i]);
                i += 1;
            }
        }
    }
    scratch.extend(items);
    std::mem::swap(set, scratch);
}
