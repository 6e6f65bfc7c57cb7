//! Live intervals, with lifetime holes, for linear-scan register allocation.
//!
//! The instructions of the machine function are numbered in layout order
//! (each block's instructions, then its terminator). Instruction `i` reads
//! its operands at position `2i` and writes its results at `2i + 1`, so a
//! value whose last use is an instruction may share a register with a value
//! that instruction defines.
//!
//! A virtual register's interval is the sorted list of position ranges
//! where it is live. Between them are *lifetime holes* — a loop variable
//! is dead between its last use in the body and the copy on the back edge
//! that redefines it — where another value may use the same register.
//! Built in one backward pass over the blocks (Wimmer & Mössenböck,
//! "Optimized Interval Splitting in a Linear Scan Register Allocator",
//! VEE 2005, `BuildIntervals`): a register live out of a block covers the
//! whole block, a definition cuts the range short at the definition, a use
//! extends it back to the block start. Block-level liveness comes from
//! [`Liveness`].
//!
//! The intervals also record which instructions clobber registers — calls
//! (every caller-saved register) and divisions (`%eax`, `%edx`) — so the
//! allocator keeps values that live *across* them elsewhere.
//!
//! Requires the machine function and its liveness; invalidated by any change.

use crate::liveness::Liveness;
use crate::mir::{MFunction, MInst, PerVReg, VReg};
use cranelift_entity::{EntityRef, SecondaryMap};
use wend_ir::Block;

/// A position: `2 * instruction index` (reads) or that plus one (writes).
pub type Pos = u32;

/// Where one virtual register is live: disjoint inclusive ranges, sorted
/// (a view into [`Intervals`], which keeps every range in one array).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Interval<'a> {
    pub ranges: &'a [(Pos, Pos)],
}

impl Interval<'_> {
    pub fn start(&self) -> Pos {
        self.ranges[0].0
    }

    pub fn end(&self) -> Pos {
        self.ranges[self.ranges.len() - 1].1
    }

    pub fn covers(&self, pos: Pos) -> bool {
        let i = self.ranges.partition_point(|&(_, e)| e < pos);
        self.ranges.get(i).is_some_and(|&(s, _)| s <= pos)
    }

    /// Whether the two intervals are live at a common position.
    pub fn intersects(&self, other: Interval<'_>) -> bool {
        let (mut i, mut j) = (0, 0);
        while i < self.ranges.len() && j < other.ranges.len() {
            let (a, b) = (self.ranges[i], other.ranges[j]);
            if a.1 < b.0 {
                i += 1;
            } else if b.1 < a.0 {
                j += 1;
            } else {
                return true;
            }
        }
        false
    }

    /// Whether the interval is live across one of the instructions `at`
    /// (sorted indices): live both when it reads and after it writes.
    pub fn crosses(&self, at: &[u32]) -> bool {
        self.ranges.iter().any(|&(s, e)| {
            // Instruction c is crossed iff s <= 2c and e >= 2c + 1.
            let first = at.partition_point(|&c| 2 * c < s);
            at.get(first).is_some_and(|&c| e > 2 * c)
        })
    }
}

pub struct Intervals {
    /// The ranges of each virtual register, in one array: a `Vec` per
    /// register would cost a header and an allocation each.
    ranges: PerVReg<(Pos, Pos)>,
    /// Indices of the call instructions, increasing.
    pub calls: Vec<u32>,
    /// Indices of the division instructions, increasing.
    pub divs: Vec<u32>,
    /// The index of the first instruction of each block.
    pub block_first: SecondaryMap<Block, u32>,
}

impl Intervals {
    /// The interval of `v`, if `v` occurs in the function.
    pub fn of(&self, v: VReg) -> Option<Interval<'_>> {
        let ranges = self.ranges.of(v);
        (!ranges.is_empty()).then_some(Interval { ranges })
    }

    pub fn compute(mf: &MFunction, liveness: &Liveness) -> Intervals {
        let mut block_first = SecondaryMap::new();
        let mut calls = Vec::new();
        let mut divs = Vec::new();
        let mut index = 0u32;
        for &b in &mf.layout {
            block_first[b] = index;
            for inst in mf.block(b).insts {
                match inst {
                    MInst::Call(_) => calls.push(index),
                    MInst::Div { .. } => divs.push(index),
                    _ => {}
                }
                index += 1;
            }
            index += 1; // the terminator
        }

        let mut found = BackwardRanges {
            ranges: Vec::new(),
            earliest: vec![BackwardRanges::NONE; mf.vreg_widths.len()],
        };
        // The registers live at the current point of the backward walk
        // over a block are those whose mark is the block's layout position
        // + 1: a dense array reused by every block, where a per-block copy
        // of the live set would cost blocks × registers.
        let mut live_mark = vec![0u32; mf.vreg_widths.len()];
        for (position, &b) in mf.layout.iter().enumerate().rev() {
            let mark = position as u32 + 1;
            let block = mf.block(b);
            let first = block_first[b];
            let term = first + block.insts.len() as u32;
            let (from, to) = (2 * first, 2 * term + 1);
            for &v in liveness.live_out(b) {
                found.add(v, from, to);
                live_mark[v.index()] = mark;
            }
            block.term.for_each_use(|v| {
                found.add(v, from, 2 * term);
                live_mark[v.index()] = mark;
            });
            for (k, inst) in block.insts.iter().enumerate().rev() {
                let i = first + k as u32;
                inst.for_each_def(|v| {
                    if live_mark[v.index()] == mark {
                        // Live from here on, not from the block start: cut
                        // the range its use (or the block's live-out) began.
                        found.start_at(v, 2 * i + 1);
                        live_mark[v.index()] = 0;
                    } else {
                        // A dead definition still takes its location.
                        found.add(v, 2 * i + 1, 2 * i + 1);
                    }
                });
                inst.for_each_use(|v| {
                    found.add(v, from, 2 * i);
                    live_mark[v.index()] = mark;
                });
            }
        }
        // Reversed, each register's ranges come earliest first; grouping
        // by register keeps that order.
        found.ranges.reverse();
        let ranges = PerVReg::from_pairs(mf.vreg_widths.len(), &found.ranges);
        Intervals {
            ranges,
            calls,
            divs,
            block_first,
        }
    }
}

/// The ranges of every register, found by a walk from the end of the
/// function to its start: each register's ranges appear latest first.
struct BackwardRanges {
    ranges: Vec<(VReg, (Pos, Pos))>,
    /// Where each register's earliest range so far is in `ranges`.
    earliest: Vec<u32>,
}

impl BackwardRanges {
    const NONE: u32 = u32::MAX;

    /// Adds `from..=to` to `v`, merged with its earliest range if they
    /// touch.
    fn add(&mut self, v: VReg, from: Pos, to: Pos) {
        match self.ranges.get_mut(self.earliest[v.index()] as usize) {
            Some((_, range)) if to + 1 >= range.0 => {
                range.0 = range.0.min(from);
                range.1 = range.1.max(to);
            }
            _ => {
                self.earliest[v.index()] = self.ranges.len() as u32;
                self.ranges.push((v, (from, to)));
            }
        }
    }

    /// Cuts `v`'s earliest range to start at `pos` (its definition).
    fn start_at(&mut self, v: VReg, pos: Pos) {
        let (_, range) = &mut self.ranges[self.earliest[v.index()] as usize];
        range.0 = pos;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iv(ranges: &[(Pos, Pos)]) -> Interval<'_> {
        Interval { ranges }
    }

    #[test]
    fn covers_and_intersects_respect_holes() {
        let a = iv(&[(2, 5), (10, 12)]);
        assert!(a.covers(2) && a.covers(5) && a.covers(11));
        assert!(!a.covers(6) && !a.covers(9) && !a.covers(13) && !a.covers(1));
        assert!(!a.intersects(iv(&[(6, 9)])));
        assert!(a.intersects(iv(&[(6, 10)])));
        assert!(a.intersects(iv(&[(0, 2)])));
        assert!(!a.intersects(iv(&[(0, 1), (13, 20)])));
    }

    #[test]
    fn crossing_needs_both_sides_of_the_instruction() {
        // Instruction 3 reads at 6 and writes at 7.
        assert!(iv(&[(6, 7)]).crosses(&[3]));
        assert!(!iv(&[(0, 6)]).crosses(&[3])); // last use at the call
        assert!(!iv(&[(7, 20)]).crosses(&[3])); // defined by the call
        assert!(!iv(&[(0, 6), (7, 9)]).crosses(&[3]));
        assert!(iv(&[(0, 1), (4, 30)]).crosses(&[1, 3]));
    }
}
