//! Prefetching: asking the processor to bring memory into the cache before
//! it is read.
//!
//! A few loops of the compiler read, for each item of a long sequence, an
//! entry of a table at a place only the item tells (the site of an
//! operand's definition, the source text of an identifier). Once the table
//! outgrows the cache, each such read waits for memory, and the processor
//! cannot run far enough ahead to overlap those waits by itself. Such a
//! loop asks for the entry of an item some places ahead, so that by the time it
//! gets there the entry has arrived, and the waits of many items overlap.
//!
//! A prefetch is only a hint: it changes nothing a program can observe but
//! its speed, and on processors this module does not know it does nothing.

use crate::entities::Inst;

/// Asks for the cache line holding `item` to be brought into the cache.
#[inline(always)]
pub fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch reads nothing the program can observe and
        // cannot fault; the address is that of a live reference anyway.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// How many instructions ahead of the one being handled a walk over a
/// block asks for the table entries of their operands: far enough that the
/// entries arrive in time, near enough that they are still in the cache
/// when used (a walk spends little time on an instruction whose entries
/// are at hand, so it has to ask well ahead).
pub const INSTS_AHEAD: usize = 32;

/// Tables of fewer entries than this mostly stay in the cache, where
/// asking ahead only costs the asking.
pub const PREFETCH_FROM: usize = 1 << 20;

/// How far ahead a walk reading a table of `entries` entries at random
/// should ask ([`with_lookahead`]): [`INSTS_AHEAD`], or not at all if the
/// table fits the cache.
pub fn lookahead_for(entries: usize) -> Option<usize> {
    (entries >= PREFETCH_FROM).then_some(INSTS_AHEAD)
}

/// The instructions of a block, its phis then the others, each paired with
/// the one `distance` places on (none if `distance` is `None`, or past the
/// end): a walk handles the first and asks for what the second will read.
pub fn with_lookahead<'a>(
    phis: &'a [Inst],
    insts: &'a [Inst],
    distance: Option<usize>,
) -> Lookahead<'a> {
    Lookahead {
        phis,
        insts,
        next: 0,
        distance: distance.unwrap_or(usize::MAX),
    }
}

/// The iterator of [`with_lookahead`].
pub struct Lookahead<'a> {
    phis: &'a [Inst],
    insts: &'a [Inst],
    next: usize,
    /// `usize::MAX`: no lookahead.
    distance: usize,
}

impl Lookahead<'_> {
    fn at(&self, i: usize) -> Option<Inst> {
        match i.checked_sub(self.phis.len()) {
            None => Some(self.phis[i]),
            Some(i) => self.insts.get(i).copied(),
        }
    }
}

impl Iterator for Lookahead<'_> {
    type Item = (Inst, Option<Inst>);

    #[inline]
    fn next(&mut self) -> Option<(Inst, Option<Inst>)> {
        let inst = self.at(self.next)?;
        let later = match self.distance {
            usize::MAX => None,
            distance => self.next.checked_add(distance).and_then(|i| self.at(i)),
        };
        self.next += 1;
        Some((inst, later))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookahead_pairs_instructions_with_later_ones() {
        let [a, b, c, d] = [0, 1, 2, 3].map(Inst::from_u32);
        let pairs: Vec<_> = with_lookahead(&[a], &[b, c, d], Some(2)).collect();
        assert_eq!(pairs, [(a, Some(c)), (b, Some(d)), (c, None), (d, None)]);
        let beyond: Vec<_> = with_lookahead(&[], &[a, b], Some(5)).collect();
        assert_eq!(beyond, [(a, None), (b, None)]);
        let none: Vec<_> = with_lookahead(&[a, b], &[], None).collect();
        assert_eq!(none, [(a, None), (b, None)]);
        assert_eq!(lookahead_for(PREFETCH_FROM - 1), None);
        assert_eq!(lookahead_for(PREFETCH_FROM), Some(INSTS_AHEAD));
    }
}
