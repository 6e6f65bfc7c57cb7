//! Divisibility by an odd constant as one multiplication: `x % d == 0`.
//!
//! A remainder by a constant costs about ten instructions (the quotient by
//! [`crate::divconst`], multiplied back and subtracted), but whether it is
//! zero takes three (Granlund & Montgomery, "Division by Invariant Integers
//! using Multiplication", PLDI 1994, section 9; Warren, *Hacker's Delight*,
//! section 10-17; LLVM's code generator does the same). For an odd `d >= 3`
//! let `inv` be its inverse modulo 2^32 (`d * inv = 1`, wrapping).
//! Multiplying by `inv` is a bijection of the 32-bit integers, and it maps
//! each multiple `q * d` to `q`. The multiples of `d` among the 32-bit
//! signed integers are `q * d` for `-A <= q <= A`, `A = (2^31 - 1) / d`
//! (`2^31` itself is no multiple of an odd `d`), so
//!
//! ```text
//!   x % d == 0   <=>   -A <= x * inv <= A   <=>   x * inv + A <= 2A (unsigned)
//! ```
//!
//! The IR compares signed numbers only; adding `2^31` to both sides of the
//! unsigned comparison makes it a signed one:
//! `x * inv + A + 2^31 <= 2A - 2^31`. A negative divisor has the same
//! multiples as its absolute value. So
//!
//! ```text
//!   %r = srem i32 %x, d            %t = mul i32 %x, inv
//!   %c = icmp eq i32 %r, 0   ->    %u = add i32 %t, A + 2^31
//!                                  %c = icmp sle i32 %u, 2A - 2^31
//! ```
//!
//! (`ne` becomes `sgt`), and the `srem` goes when nothing else uses it.
//! Instruction selection makes that `imull`, `addl` and a `cmpl` fused with
//! the branch or `cmov` that uses the comparison. Even divisors would need
//! a rotation, which the IR does not have; they keep the remainder.
//!
//! Requires nothing but valid IR; keeps SSA form and leaves the CFG alone.

use cranelift_entity::SecondaryMap;
use wend_ir::{BinOp, Function, IcmpCond, Inst, InstKind, Type, Value};

/// The multiplier, the bias and the signed limit that test divisibility by
/// `d` (see the module documentation); `None` unless `|d|` is odd and at
/// least 3.
pub fn divisibility_test(d: i32) -> Option<(i32, i32, i32)> {
    let d = d.unsigned_abs();
    if d < 3 || d.is_multiple_of(2) {
        return None;
    }
    // Newton's iteration doubles the correct low bits each step; `d` itself
    // is right in the low 3 bits (d * d = 1 mod 8 for odd d).
    let mut inv = d;
    for _ in 0..4 {
        inv = inv.wrapping_mul(2u32.wrapping_sub(d.wrapping_mul(inv)));
    }
    debug_assert_eq!(d.wrapping_mul(inv), 1);
    let a = (i32::MAX as u32) / d;
    let bias = a.wrapping_add(1 << 31) as i32;
    let limit = (2 * a).wrapping_sub(1 << 31) as i32;
    Some((inv as i32, bias, limit))
}

/// Rewrites every `icmp eq|ne (srem x, d), 0` with an odd constant `d`;
/// returns how many.
pub fn test_divisibility_by_multiplication(func: &mut Function) -> usize {
    let mut uses = func.use_counts();
    let mut dead = SecondaryMap::<Inst, bool>::new();
    let mut rewritten = 0;
    for b in func.layout.clone() {
        let old = std::mem::take(&mut func.blocks[b].insts);
        let mut new = Vec::with_capacity(old.len());
        for inst in old {
            if let Some((srem, t, u)) = rewrite(func, &mut uses, inst) {
                new.extend([t, u]);
                dead[srem] = uses[func.inst_result(srem).unwrap()] == 0;
                rewritten += 1;
            }
            new.push(inst);
        }
        func.blocks[b].insts = new;
    }
    if rewritten > 0 {
        for b in func.layout.clone() {
            func.blocks[b].insts.retain(|&i| !dead[i]);
        }
    }
    rewritten
}

/// Rewrites `icmp` if it tests a remainder by an odd constant for zero:
/// returns the `srem` and the two new instructions to place before `icmp`.
fn rewrite(
    func: &mut Function,
    uses: &mut SecondaryMap<Value, u32>,
    icmp: Inst,
) -> Option<(Inst, Inst, Inst)> {
    let InstKind::Icmp { cond, lhs, rhs } = func.insts[icmp].kind else {
        return None;
    };
    let cond = match cond {
        IcmpCond::Eq => IcmpCond::Sle,
        IcmpCond::Ne => IcmpCond::Sgt,
        _ => return None,
    };
    let remainder = match (func.as_const(lhs), func.as_const(rhs)) {
        (None, Some(0)) => lhs,
        (Some(0), None) => rhs,
        _ => return None,
    };
    let srem = func.defining_inst(remainder)?;
    let InstKind::Binary {
        op: BinOp::SRem,
        lhs: x,
        rhs: d,
    } = func.insts[srem].kind
    else {
        return None;
    };
    let (inv, bias, limit) = divisibility_test(func.as_const(d)?)?;
    let line = func.insts[icmp].line;
    let (inv, bias, limit) = (func.iconst(inv), func.iconst(bias), func.iconst(limit));
    let t = binary(func, BinOp::Mul, x, inv, line);
    let product = func.inst_result(t).unwrap();
    let u = binary(func, BinOp::Add, product, bias, line);
    func.insts[icmp].kind = InstKind::Icmp {
        cond,
        lhs: func.inst_result(u).unwrap(),
        rhs: limit,
    };
    uses[remainder] -= 1;
    if uses[remainder] > 0 {
        uses[x] += 1;
    }
    Some((srem, t, u))
}

/// A new `op lhs, rhs` (i32), not yet in a block.
fn binary(func: &mut Function, op: BinOp, lhs: Value, rhs: Value, line: u32) -> Inst {
    func.make_inst(InstKind::Binary { op, lhs, rhs }, Some(Type::I32), line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn divides(x: i32, d: i32) -> bool {
        let (inv, bias, limit) = divisibility_test(d).unwrap();
        x.wrapping_mul(inv).wrapping_add(bias) <= limit
    }

    /// Against `%` for odd divisors, over the extremes, the neighbourhoods
    /// of multiples, and a sweep of the whole range.
    #[test]
    fn agrees_with_the_remainder() {
        let mut ds: Vec<i32> = (3..2000).step_by(2).collect();
        ds.extend([641, 6700417, 1_000_000_007, i32::MAX, i32::MAX - 2]);
        let negatives: Vec<i32> = ds.iter().map(|&d| -d).collect();
        ds.extend(negatives);
        ds.push(i32::MIN + 1);
        for &d in &ds {
            let mut xs: Vec<i32> = (-70..70).collect();
            for k in 0..70 {
                xs.extend([i32::MIN + k, i32::MAX - k]);
            }
            let step = d.unsigned_abs() as i64;
            for q in [-3i64, -1, 0, 1, 5, 1000] {
                for delta in -2..=2 {
                    if let Ok(x) = i32::try_from(q * step + delta) {
                        xs.push(x);
                    }
                }
            }
            let mut x = i32::MIN as i64;
            while x <= i32::MAX as i64 {
                xs.push(x as i32);
                x += 4_194_319;
            }
            for x in xs {
                assert_eq!(divides(x, d), x.wrapping_rem(d) == 0, "{x} % {d}");
            }
        }
    }

    #[test]
    fn only_odd_divisors_from_3() {
        for d in [0, 1, -1, 2, 4, 6, 100, i32::MIN] {
            assert_eq!(divisibility_test(d), None, "{d}");
        }
        // 3 * 0xAAAAAAAB = 1 (mod 2^32); A = 715827882.
        assert_eq!(
            divisibility_test(3),
            Some((
                0xAAAA_AAABu32 as i32,
                (715827882u32 + (1 << 31)) as i32,
                (2 * 715827882u32).wrapping_sub(1 << 31) as i32
            ))
        );
    }
}
