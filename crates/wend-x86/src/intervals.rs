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
use crate::mir::{MFunction, MInst, VReg};
use cranelift_entity::{EntityRef, SecondaryMap};
use wend_ir::Block;

/// A position: `2 * instruction index` (reads) or that plus one (writes).
pub type Pos = u32;

/// Where one virtual register is live: disjoint inclusive ranges, sorted.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Interval {
    pub ranges: Vec<(Pos, Pos)>,
}

impl Interval {
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
    pub fn intersects(&self, other: &Interval) -> bool {
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
    /// The interval of each virtual register that occurs in the function.
    pub of: SecondaryMap<VReg, Option<Interval>>,
    /// Indices of the call instructions, increasing.
    pub calls: Vec<u32>,
    /// Indices of the division instructions, increasing.
    pub divs: Vec<u32>,
    /// The index of the first instruction of each block.
    pub block_first: SecondaryMap<Block, u32>,
}

impl Intervals {
    pub fn compute(mf: &MFunction, liveness: &Liveness) -> Intervals {
        let mut block_first = SecondaryMap::new();
        let mut calls = Vec::new();
        let mut divs = Vec::new();
        let mut index = 0u32;
        for &b in &mf.layout {
            block_first[b] = index;
            for inst in &mf.block(b).insts {
                match inst {
                    MInst::Call { .. } => calls.push(index),
                    MInst::Div { .. } => divs.push(index),
                    _ => {}
                }
                index += 1;
            }
            index += 1; // the terminator
        }

        // Ranges are built back to front: `rev[v]` holds v's ranges latest
        // first, so new (earlier) ranges are pushed or merged at the end.
        let mut rev: SecondaryMap<VReg, Vec<(Pos, Pos)>> = SecondaryMap::new();
        let add_range =
            |rev: &mut SecondaryMap<VReg, Vec<(Pos, Pos)>>, v: VReg, from: Pos, to: Pos| {
                let ranges = &mut rev[v];
                match ranges.last_mut() {
                    Some(last) if to + 1 >= last.0 => {
                        last.0 = last.0.min(from);
                        last.1 = last.1.max(to);
                    }
                    _ => ranges.push((from, to)),
                }
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
                add_range(&mut rev, v, from, to);
                live_mark[v.index()] = mark;
            }
            block.term.for_each_use(|v| {
                add_range(&mut rev, v, from, 2 * term);
                live_mark[v.index()] = mark;
            });
            for (k, inst) in block.insts.iter().enumerate().rev() {
                let i = first + k as u32;
                inst.for_each_def(|v| {
                    if live_mark[v.index()] == mark {
                        // Live from here on, not from the block start.
                        rev[v].last_mut().unwrap().0 = 2 * i + 1;
                        live_mark[v.index()] = 0;
                    } else {
                        // A dead definition still takes its location.
                        add_range(&mut rev, v, 2 * i + 1, 2 * i + 1);
                    }
                });
                inst.for_each_use(|v| {
                    add_range(&mut rev, v, from, 2 * i);
                    live_mark[v.index()] = mark;
                });
            }
        }
        let mut of = SecondaryMap::with_capacity(mf.vreg_widths.len());
        for (v, ranges) in rev.iter_mut() {
            if !ranges.is_empty() {
                let mut ranges = std::mem::take(ranges);
                ranges.reverse();
                of[v] = Some(Interval { ranges });
            }
        }
        Intervals {
            of,
            calls,
            divs,
            block_first,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iv(ranges: &[(Pos, Pos)]) -> Interval {
        Interval {
            ranges: ranges.to_vec(),
        }
    }

    #[test]
    fn covers_and_intersects_respect_holes() {
        let a = iv(&[(2, 5), (10, 12)]);
        assert!(a.covers(2) && a.covers(5) && a.covers(11));
        assert!(!a.covers(6) && !a.covers(9) && !a.covers(13) && !a.covers(1));
        assert!(!a.intersects(&iv(&[(6, 9)])));
        assert!(a.intersects(&iv(&[(6, 10)])));
        assert!(a.intersects(&iv(&[(0, 2)])));
        assert!(!a.intersects(&iv(&[(0, 1), (13, 20)])));
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
