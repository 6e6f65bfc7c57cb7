//! Prefetching: asking the processor to bring memory into the cache before
//! it is read.
//!
//! A few loops of the compiler read, for each item of a long sequence, an
//! entry of a table at a place only the item tells (the site of an
//! operand's definition, the source text of an identifier). Once the table
//! outgrows the cache, each such read waits for memory (100 ns and more on
//! the machines the benchmarks run on), and the processor cannot run far
//! enough ahead to overlap those waits by itself. Such a loop asks for the
//! entry of the item a dozen or so places ahead, so that by the time it
//! gets there the entry has arrived, and the waits of many items overlap.
//!
//! A prefetch is only a hint: it changes nothing a program can observe but
//! its speed, and on processors this module does not know it does nothing.

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
/// when used.
pub const INSTS_AHEAD: usize = 8;

/// Pairs each item of `items` with the one `distance` places on, if any:
/// a walk handles the first and asks for what the second will read.
pub fn with_lookahead<I>(
    items: I,
    distance: usize,
) -> impl Iterator<Item = (I::Item, Option<I::Item>)>
where
    I: Iterator + Clone,
{
    let ahead = items.clone().skip(distance).map(Some);
    items.zip(ahead.chain(std::iter::repeat_with(|| None)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookahead_pairs_items_with_later_ones() {
        let pairs: Vec<_> = with_lookahead([1, 2, 3, 4].into_iter(), 2).collect();
        assert_eq!(pairs, [(1, Some(3)), (2, Some(4)), (3, None), (4, None)]);
        let none: Vec<_> = with_lookahead([1, 2].into_iter(), 5).collect();
        assert_eq!(none, [(1, None), (2, None)]);
    }
}
