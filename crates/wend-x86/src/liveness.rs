//! Liveness of virtual registers on the machine IR.
//!
//! The classic backward data-flow problem (Dragon book §9.2.5):
//! `live_in(b) = uses(b) ∪ (live_out(b) − defs(b))`,
//! `live_out(b) = ∪ live_in(s)` over the successors `s`, iterated to the
//! fixed point over the blocks in reverse layout order, on bit sets.
//! It runs on machine IR rather than on IR values (wend-ir's `Liveness`)
//! because the allocator's unknowns are virtual registers, which include
//! temporaries that instruction selection created, and because phis are
//! already explicit copies at the end of the predecessors here.
//!
//! Requires a complete machine function; invalidated by any change to it.

use crate::mir::{MFunction, VReg};
use cranelift_entity::{EntityRef, SecondaryMap};
use wend_ir::Block;

/// A fixed-size set of virtual registers.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RegSet {
    words: Vec<u64>,
}

impl RegSet {
    pub fn new(size: usize) -> Self {
        RegSet {
            words: vec![0; size.div_ceil(64)],
        }
    }

    pub fn contains(&self, v: VReg) -> bool {
        self.words[v.index() / 64] >> (v.index() % 64) & 1 != 0
    }

    pub fn insert(&mut self, v: VReg) {
        self.words[v.index() / 64] |= 1 << (v.index() % 64);
    }

    pub fn remove(&mut self, v: VReg) {
        self.words[v.index() / 64] &= !(1 << (v.index() % 64));
    }

    /// `self |= other`; returns whether `self` grew.
    pub fn union_with(&mut self, other: &RegSet) -> bool {
        let mut changed = false;
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            let new = *a | b;
            changed |= new != *a;
            *a = new;
        }
        changed
    }

    /// The members, in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = VReg> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            (0..64)
                .filter(move |bit| w >> bit & 1 != 0)
                .map(move |bit| VReg::new(i * 64 + bit))
        })
    }
}

pub struct Liveness {
    live_in: SecondaryMap<Block, Option<RegSet>>,
    live_out: SecondaryMap<Block, Option<RegSet>>,
}

impl Liveness {
    pub fn compute(mf: &MFunction) -> Liveness {
        let n = mf.vreg_widths.len();
        // Upward-exposed uses and definitions of each block.
        let mut uses = SecondaryMap::<Block, Option<RegSet>>::new();
        let mut defs = SecondaryMap::<Block, Option<RegSet>>::new();
        for &b in &mf.layout {
            let block = mf.block(b);
            let mut u = RegSet::new(n);
            let mut d = RegSet::new(n);
            for inst in &block.insts {
                inst.for_each_use(|v| {
                    if !d.contains(v) {
                        u.insert(v)
                    }
                });
                inst.for_each_def(|v| d.insert(v));
            }
            block.term.for_each_use(|v| {
                if !d.contains(v) {
                    u.insert(v)
                }
            });
            uses[b] = Some(u);
            defs[b] = Some(d);
        }
        let mut live = Liveness {
            live_in: SecondaryMap::new(),
            live_out: SecondaryMap::new(),
        };
        for &b in &mf.layout {
            live.live_in[b] = Some(uses[b].clone().unwrap());
            live.live_out[b] = Some(RegSet::new(n));
        }
        let mut changed = true;
        while changed {
            changed = false;
            for &b in mf.layout.iter().rev() {
                let mut out = RegSet::new(n);
                for s in mf.block(b).term.successors() {
                    out.union_with(
                        live.live_in[s]
                            .as_ref()
                            .expect("successor outside the function"),
                    );
                }
                // live_in = uses ∪ (out − defs)
                let mut through = out.clone();
                for (t, d) in through
                    .words
                    .iter_mut()
                    .zip(&defs[b].as_ref().unwrap().words)
                {
                    *t &= !d;
                }
                changed |= live.live_in[b].as_mut().unwrap().union_with(&through);
                live.live_out[b] = Some(out);
            }
        }
        live
    }

    pub fn live_in(&self, b: Block) -> &RegSet {
        self.live_in[b].as_ref().expect("block not in the function")
    }

    pub fn live_out(&self, b: Block) -> &RegSet {
        self.live_out[b]
            .as_ref()
            .expect("block not in the function")
    }
}
