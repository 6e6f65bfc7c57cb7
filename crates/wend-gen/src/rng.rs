//! A thin, seeded random source with the few draws the generators need.
//!
//! It wraps `fastrand`'s wyrand, seeded explicitly, and only ever draws
//! `u32`/`u64`/`i64` values (never `usize`, whose draws depend on the
//! pointer width), so a seed names the same program on every machine.

pub struct Rng(fastrand::Rng);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(fastrand::Rng::with_seed(seed))
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        self.0.u32(lo..=hi)
    }

    /// A number in `lo..=hi`.
    pub fn range_i64(&mut self, lo: i64, hi: i64) -> i64 {
        self.0.i64(lo..=hi)
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u32) -> bool {
        self.0.u32(0..100) < percent
    }

    /// An index below `len` (which must not be 0).
    pub fn index(&mut self, len: usize) -> usize {
        assert!(len > 0, "index into an empty choice");
        self.0.u64(0..len as u64) as usize
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.index(items.len())]
    }

    /// An index chosen with the given relative weights (not all zero).
    pub fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u32 = weights.iter().sum();
        assert!(total > 0, "weighted choice with no weight");
        let mut roll = self.0.u32(0..total);
        for (i, &w) in weights.iter().enumerate() {
            if roll < w {
                return i;
            }
            roll -= w;
        }
        unreachable!("roll below the total weight")
    }
}
