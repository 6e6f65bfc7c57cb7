//! Signed division by a constant without `idiv`.
//!
//! `idivl` takes tens of cycles; dividing by a constant `d` can instead
//! multiply by a fixed-point reciprocal of `d` (Granlund & Montgomery,
//! "Division by Invariant Integers using Multiplication", PLDI 1994;
//! Warren, *Hacker's Delight*, chapter 10). The quotient must truncate
//! toward zero like `sdiv`, for every 32-bit dividend, negative ones
//! included. Each divisor gets a [`DivStrategy`]; [`quotient`] is the model
//! of the code the emitter generates for it, and the tests check it
//! against `i32` division. For `|d| = 2^k` the dividend is shifted, after
//! adding `2^k - 1` to a negative one (an arithmetic shift alone rounds
//! toward minus infinity). Otherwise, with `l = ceil(log2 |d|)`,
//! `p = 31 + l` and the *magic number* `m = ceil(2^p / |d|)` (below `2^32`):
//!
//! ```text
//!   q = floor(x * m / 2^p) + (1 if x < 0)
//! ```
//!
//! computed in 64 bits (`|x * m| < 2^63`). Why it is exact: `m / 2^p`
//! exceeds `1 / |d|` by `e = (m|d| - 2^p) / (|d| 2^p)`, and
//! `m|d| - 2^p < |d| <= 2^(p-31)`, so `|x| e < 1 / |d|` for `|x| <= 2^31`:
//! for `x >= 0` the error never reaches the next integer, and for `x < 0`
//! the (strictly positive) error always pushes the product just below
//! `x / |d|`, so the floor is one less than the truncated quotient. A
//! negative divisor negates the quotient of `|d|`; the remainder
//! `x - q * d` has the sign of `x` and does not depend on the sign of `d`.
//!
//! An even `m` is halved, and `p` lowered by one, as long as it stays even
//! (as Granlund & Montgomery's algorithm keeps the smallest `p`): `m / 2`
//! is `ceil(2^(p-1) / |d|)` and its excess `m|d|/2 - 2^(p-1)` is half the
//! old one, so the bound above holds as it did. A magic number below
//! `2^31` is an immediate operand of `imulq`; a larger one must first be
//! moved into a register.

/// How to divide by one constant (never 0, whose division is left to `idiv`
/// and the frontend's guard).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum DivStrategy {
    /// `|d| = 1`: the dividend itself, negated if `d = -1` (wrapping).
    Identity { negate: bool },
    /// `|d| = 2^k`, `1 <= k <= 30`: `(x + (x < 0 ? 2^k - 1 : 0)) >> k`.
    Shift { k: u32, negate: bool },
    /// `d = INT_MIN`: the quotient is 1 for `x = INT_MIN` and 0 otherwise.
    IntMin,
    /// `q = ((x * magic) >> shift) + (x < 0)` in 64 bits, then negated if
    /// `d < 0`.
    Multiply {
        magic: u32,
        shift: u32,
        negate: bool,
    },
}

impl DivStrategy {
    /// The strategy for dividing by `d`; `None` for `d = 0`.
    pub fn for_divisor(d: i32) -> Option<DivStrategy> {
        if d == 0 {
            return None;
        }
        if d == i32::MIN {
            return Some(DivStrategy::IntMin);
        }
        let negate = d < 0;
        let abs = d.unsigned_abs();
        Some(if abs == 1 {
            DivStrategy::Identity { negate }
        } else if abs.is_power_of_two() {
            DivStrategy::Shift {
                k: abs.trailing_zeros(),
                negate,
            }
        } else {
            let l = 32 - (abs - 1).leading_zeros(); // ceil(log2 |d|)
            let mut shift = 31 + l;
            let mut magic = (1u64 << shift).div_ceil(abs as u64);
            while magic.is_multiple_of(2) {
                magic /= 2;
                shift -= 1;
            }
            DivStrategy::Multiply {
                magic: u32::try_from(magic).expect("magic number below 2^32"),
                shift,
                negate,
            }
        })
    }
}

/// The quotient as the generated code computes it (wrapping like x86).
pub fn quotient(x: i32, strategy: DivStrategy) -> i32 {
    let negate_if = |q: i32, negate: bool| if negate { q.wrapping_neg() } else { q };
    match strategy {
        DivStrategy::Identity { negate } => negate_if(x, negate),
        DivStrategy::Shift { k, negate } => {
            let bias = if x < 0 { (1i32 << k) - 1 } else { 0 };
            negate_if(x.wrapping_add(bias) >> k, negate)
        }
        DivStrategy::IntMin => (x == i32::MIN) as i32,
        DivStrategy::Multiply {
            magic,
            shift,
            negate,
        } => {
            let product = x as i64 * magic as i64;
            let floor = (product >> shift) as i32;
            // The sign of the product is the sign of x.
            let q = floor.wrapping_add((product as u64 >> 63) as i32);
            negate_if(q, negate)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dividends around every boundary that matters: the extremes, zero,
    /// and the neighbourhoods of the multiples of `d` near them.
    fn interesting_dividends(d: i32) -> Vec<i32> {
        let mut xs = Vec::new();
        let d = d.unsigned_abs() as i64;
        for base in [
            0i64,
            i32::MIN as i64,
            i32::MAX as i64,
            d,
            -d,
            d * d,
            -(d * d),
        ] {
            let q = base / d;
            for m in [q - 2, q - 1, q, q + 1, q + 2] {
                for delta in [-2i64, -1, 0, 1, 2] {
                    let x = m * d + delta;
                    if let Ok(x) = i32::try_from(x) {
                        xs.push(x);
                    }
                }
            }
        }
        for delta in 0..70 {
            xs.push(i32::MIN + delta);
            xs.push(i32::MAX - delta);
            xs.push(delta - 35);
        }
        xs
    }

    fn divisors() -> Vec<i32> {
        let mut ds: Vec<i32> = (-1100..=1100).filter(|&d| d != 0).collect();
        for k in 0..31 {
            for delta in [-1, 0, 1] {
                let p = (1i64 << k) + delta;
                for d in [p, -p] {
                    if let Ok(d) = i32::try_from(d) {
                        if d != 0 {
                            ds.push(d);
                        }
                    }
                }
            }
        }
        ds.extend([
            i32::MIN,
            i32::MIN + 1,
            i32::MAX,
            i32::MAX - 1,
            65536,
            32768,
            1_000_000_007,
            -1_000_000_007,
            641,
            6700417,
        ]);
        ds
    }

    fn check(x: i32, d: i32) {
        let s = DivStrategy::for_divisor(d).unwrap();
        let q = quotient(x, s);
        assert_eq!(q, x.wrapping_div(d), "{x} / {d} with {s:?}");
        let r = x.wrapping_sub(q.wrapping_mul(d));
        assert_eq!(r, x.wrapping_rem(d), "{x} % {d} with {s:?}");
    }

    #[test]
    fn boundaries_of_many_divisors() {
        for d in divisors() {
            for x in interesting_dividends(d) {
                check(x, d);
            }
        }
    }

    /// Every dividend of a sparse but full-range sweep for a few divisors,
    /// and pseudo-random pairs (a fixed xorshift sequence).
    #[test]
    fn sweeps_and_random_pairs() {
        for d in [
            3,
            -3,
            7,
            10,
            -10,
            1000,
            4096,
            65536,
            641,
            i32::MAX,
            i32::MIN,
        ] {
            let mut x = i32::MIN as i64;
            while x <= i32::MAX as i64 {
                check(x as i32, d);
                x += 65_537;
            }
        }
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..2_000_000 {
            let x = next() as i32;
            let d = (next() as i32) >> (next() % 31);
            if d != 0 {
                check(x, d);
            }
        }
    }

    #[test]
    fn strategies() {
        assert_eq!(DivStrategy::for_divisor(0), None);
        assert_eq!(
            DivStrategy::for_divisor(-1),
            Some(DivStrategy::Identity { negate: true })
        );
        assert_eq!(
            DivStrategy::for_divisor(4096),
            Some(DivStrategy::Shift {
                k: 12,
                negate: false
            })
        );
        // ceil(2^38 / 100) = 2748779070 is even: ceil(2^37 / 100), below
        // 2^31, is an immediate.
        assert_eq!(
            DivStrategy::for_divisor(100),
            Some(DivStrategy::Multiply {
                magic: 1374389535,
                shift: 37,
                negate: false
            })
        );
        // ceil(2^35 / 10): the reciprocal the runtime also uses for digits.
        assert_eq!(
            DivStrategy::for_divisor(-10),
            Some(DivStrategy::Multiply {
                magic: 0xCCCC_CCCD,
                shift: 35,
                negate: true
            })
        );
    }
}
