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

use crate::entities::{Inst, Value};
use crate::function::InstData;
use cranelift_entity::PrimaryMap;

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
/// should ask ([`ReadAhead`]): [`INSTS_AHEAD`], or not at all if the
/// table fits the cache.
fn lookahead_for(entries: usize) -> Option<usize> {
    (entries >= PREFETCH_FROM).then_some(INSTS_AHEAD)
}

/// A walk over a block's instructions, its phis then the others, that
/// asks the cache ahead for the table entries later instructions will
/// read: the loop a pass writes as
/// `while let Some(inst) = walk.next(&func.insts, |v| &table[v]) { … }`
/// reads `table[v]` for the operands of `inst` without waiting for memory.
/// On a function whose tables fit the cache it asks nothing.
pub struct ReadAhead<'a> {
    phis: &'a [Inst],
    insts: &'a [Inst],
    next: usize,
    /// `usize::MAX`: no asking ahead.
    distance: usize,
}

impl<'a> ReadAhead<'a> {
    /// A walk over `phis` then `insts`, reading tables of `entries`
    /// entries (the function's value count, for a per-value table).
    pub fn new(phis: &'a [Inst], insts: &'a [Inst], entries: usize) -> Self {
        ReadAhead {
            phis,
            insts,
            next: 0,
            distance: lookahead_for(entries).unwrap_or(usize::MAX),
        }
    }

    fn at(&self, i: usize) -> Option<Inst> {
        match i.checked_sub(self.phis.len()) {
            None => Some(self.phis[i]),
            Some(i) => self.insts.get(i).copied(),
        }
    }

    fn ahead(&self, times: usize) -> Option<Inst> {
        match self.distance {
            usize::MAX => None,
            distance => self.at(self.next.checked_add(distance.checked_mul(times)?)?),
        }
    }

    /// The next instruction, having asked for `entry(v)` of each operand
    /// `v` of the instruction [`INSTS_AHEAD`] places on.
    #[inline]
    pub fn next<'t, T: 't>(
        &mut self,
        insts: &PrimaryMap<Inst, InstData>,
        mut entry: impl FnMut(Value) -> &'t T,
    ) -> Option<Inst> {
        let inst = self.at(self.next)?;
        if let Some(later) = self.ahead(1) {
            insts[later].kind.for_each_operand(|v| prefetch(entry(v)));
        }
        self.next += 1;
        Some(inst)
    }

    /// The next instruction, asking ahead through two tables: a key table
    /// that an instruction indexes (`key(inst)`, such as the variable an
    /// address is), and an entry table indexed by that key (`entry(key)`).
    /// The key of the instruction twice [`INSTS_AHEAD`] places on is asked
    /// for first; by the time the walk is [`INSTS_AHEAD`] places before
    /// that instruction the key has arrived and is read, to ask for the
    /// entry.
    #[inline]
    pub fn next_through<'k, 't, K: 'k, T: 't>(
        &mut self,
        key: impl Fn(Inst) -> Option<&'k K>,
        entry: impl FnOnce(&K) -> Option<&'t T>,
    ) -> Option<Inst> {
        let inst = self.at(self.next)?;
        if let Some(k) = self.ahead(2).and_then(&key) {
            prefetch(k);
        }
        if let Some(e) = self.ahead(1).and_then(&key).and_then(entry) {
            prefetch(e);
        }
        self.next += 1;
        Some(inst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_tables_past_the_cache_are_read_ahead() {
        assert_eq!(lookahead_for(PREFETCH_FROM - 1), None);
        assert_eq!(lookahead_for(PREFETCH_FROM), Some(INSTS_AHEAD));
    }

    /// A function of one block: `count` instructions `add %p, %p`.
    fn straight_line(count: usize) -> (crate::Function, Vec<Inst>) {
        use crate::{BinOp, Function, InstKind, Type};
        let mut func = Function::new("f", &[(Type::I32, "p")], None);
        let p = func.params[0];
        let insts = (0..count)
            .map(|_| {
                let kind = InstKind::Binary {
                    op: BinOp::Add,
                    lhs: p,
                    rhs: p,
                };
                func.make_inst(kind, Some(Type::I32), 0)
            })
            .collect();
        (func, insts)
    }

    #[test]
    fn read_ahead_walks_every_instruction_once_in_order() {
        let (func, insts) = straight_line(100);
        let table = vec![0u8; func.values.len()];
        for entries in [10, PREFETCH_FROM] {
            for split in [0, 1, 50, 100] {
                let (phis, rest) = insts.split_at(split);
                let mut walk = ReadAhead::new(phis, rest, entries);
                let mut seen = Vec::new();
                while let Some(inst) = walk.next(&func.insts, |v| &table[v.as_u32() as usize]) {
                    seen.push(inst);
                }
                assert_eq!(seen, insts);
            }
        }
    }

    #[test]
    fn read_ahead_asks_for_the_entries_of_later_instructions() {
        let (func, insts) = straight_line(3 * INSTS_AHEAD);
        let table = [0u8; 1];
        // Off for small tables; on for large ones, from the instruction
        // `INSTS_AHEAD` places on (two operands each), and twice as far
        // for the keys of `next_through`.
        for (entries, asked, keys) in [
            (10, 0, 0),
            (PREFETCH_FROM, 2 * 2 * INSTS_AHEAD, INSTS_AHEAD),
        ] {
            let mut walk = ReadAhead::new(&[], &insts, entries);
            let mut count = 0;
            let mut seen = Vec::new();
            while let Some(inst) = walk.next(&func.insts, |_| {
                count += 1;
                &table[0]
            }) {
                seen.push(inst);
            }
            assert_eq!((seen.len(), count), (insts.len(), asked));

            let key_calls = std::cell::Cell::new(0);
            let mut entry_calls = 0;
            let mut walk = ReadAhead::new(&[], &insts, entries);
            let mut seen = Vec::new();
            while let Some(inst) = walk.next_through(
                |_| {
                    key_calls.set(key_calls.get() + 1);
                    Some(&table[0])
                },
                |_| {
                    entry_calls += 1;
                    Some(&table[0])
                },
            ) {
                seen.push(inst);
            }
            assert_eq!(seen, insts);
            assert_eq!(entry_calls, 2 * keys);
            assert_eq!(key_calls.get(), keys + 2 * keys);
        }
    }
}
