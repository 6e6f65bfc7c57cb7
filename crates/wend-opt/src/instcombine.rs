//! instcombine: local rewrites of one instruction into a cheaper one that
//! computes the same value, some of them using what the value ranges of
//! [`wend_ir::analysis::ranges`] prove.
//!
//! This is the idea of LLVM's InstCombine (algebraic peepholes on single
//! instructions) and CorrelatedValuePropagation (rewrites justified by the
//! range a value has where it is used), on a small scale. Each rule keeps
//! the instruction's value exactly, in every execution:
//!
//! * **constant chains**: `(x + c1) + c2` is `x + (c1 + c2)`, with `sub`
//!   of a constant read as `add` of its negation (`(x - c1) + c2`,
//!   `(x + c1) - c2`, `(x - c1) - c2`). In wrapping `i32` arithmetic the
//!   constants add up modulo 2^32, like everything else, so no range is
//!   needed: `x + 2^30 + 2^30` is `x + (-2^31)` whatever `x` is. A chain
//!   summing to 0 is `x` itself.
//! * **identities** (LLVM's InstSimplify): `x + 0`, `x - 0`, `x | 0`,
//!   `x ^ 0`, `x lshr 0`, `x * 1`, `x / 1`, `x & -1`, `x & x` and `x | x`
//!   are `x`; `x * 0`, `x & 0`, `x % 1`, `x % -1`, `x - x` and `x ^ x` are
//!   0 (the constant on either side of a commutative operation). wend
//!   source writes some (`moves = moves + 0`), and inlining a call with a
//!   constant argument makes more. No range is needed: each holds for
//!   every `x`, in wrapping arithmetic (`INT_MIN % -1` is undefined in the
//!   IR, and 0 in wend).
//! * **remainder by 2^k of a non-negative value**: `srem x, 2^k` is
//!   `and x, 2^k - 1` where `x >= 0` (for negative `x` the remainder is
//!   negative or 0, the mask never is).
//! * **division by 2^k of a non-negative value**: `sdiv x, 2^k` is
//!   `lshr x, k` where `x >= 0` (for negative `x`, `sdiv` rounds toward
//!   zero and a shift toward minus infinity: the signed fix-up the backend
//!   must otherwise emit).
//! * **the sign bit cleared**: a phi that receives `x + (-2^31)` on the
//!   edges where `x < 0` and `x` itself on the edges where `x >= 0` is
//!   `and x, 2^31 - 1` (softfloat's magnitude, `f < 0 ? f + 2^30 + 2^30 :
//!   f`, after the chain above): adding 2^31 to a negative number clears
//!   its sign bit, and a non-negative one has none. The `and` goes at the
//!   top of the phi's block: every edge into it carries `x`, so `x`'s
//!   definition dominates every predecessor, hence the block (which, being
//!   reachable, does not dominate all its own predecessors). The branch and
//!   the blocks left empty are simplifycfg's. The same for a `select` on
//!   `icmp cond x, y`: its arm for "holds" is taken where `x cond y`, its
//!   other arm where not, which bounds `x` on each side.
//! * **comparisons decided by ranges**: `icmp cond x, y` is `true` or
//!   `false` when every value of `x` compares that way with every value of
//!   `y` in the block of the comparison (`icmp slt %m, 0` where the branch
//!   into the block said `%m >= 0`).
//!
//! A rule rewrites the instruction in place (same result value), or
//! replaces its result by a simpler value and deletes it. The instructions
//! are visited in reverse postorder, definitions before uses, so a chain
//! `((x + 1) + 2) + 3` folds into `x + 6` in one walk. The ranges are
//! computed before each walk: every rewrite keeps its value, so they stay
//! true during it, but a rewrite can narrow a range (a `select` turned into
//! `and x, 2^31 - 1` is non-negative), so walks repeat while one changes
//! something, at most [`MAX_WALKS`] times.
//!
//! Requires: valid IR. Invalidates: no CFG change; the rewritten
//! instructions' kinds change, replaced ones are deleted, and a chain's
//! inner instruction may become dead (left to DCE); a decided comparison
//! leaves a constant branch condition for SCCP and simplifycfg.

use cranelift_entity::SecondaryMap;
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::ranges::{Range, Ranges};
use wend_ir::{BinOp, Block, Function, Inst, InstKind, Substitution, Type, Value};

/// Applies the rules of the module doc to every instruction of `func`,
/// until none applies.
pub fn run(func: &mut Function) {
    if func.is_declaration() {
        return;
    }
    for _ in 0..MAX_WALKS {
        if !combine_once(func) {
            return;
        }
    }
}

/// Walks over the function at most: one rewrite enables another only
/// through a value's range (see [`combine_once`]), a short chain; the cap
/// keeps the pass linear whatever the input.
const MAX_WALKS: usize = 4;

/// One walk over `func` applying the rules with the ranges of the IR as it
/// was before the walk; whether anything changed. A rewrite can make
/// another rule apply that the ranges computed before it could not see (a
/// `select` that becomes `and x, 2^31 - 1` is non-negative, so its
/// users' divisions become shifts), hence the next walk.
fn combine_once(func: &mut Function) -> bool {
    let ranges = Ranges::compute(func);
    let mut changed = false;
    let cfg = Cfg::compute(func);
    let mut subst = Substitution::new();
    let mut replaced: SecondaryMap<Inst, bool> = SecondaryMap::new();
    let mut touched = Vec::new();
    for &b in cfg.rpo() {
        let mut masks = Vec::new();
        for &phi in &func.blocks[b].phis {
            if let Some(x) = sign_bit_cleared(func, &ranges, b, phi) {
                masks.push((phi, x));
            }
        }
        if !masks.is_empty() {
            let max = func.iconst(i32::MAX);
            for &(phi, x) in masks.iter().rev() {
                let line = func.insts[phi].line;
                let kind = InstKind::Binary {
                    op: BinOp::And,
                    lhs: x,
                    rhs: max,
                };
                let and = func.make_inst(kind, Some(Type::I32), line);
                func.blocks[b].insts.insert(0, and);
                let result = func.inst_result(and).unwrap();
                subst.replace(func.inst_result(phi).unwrap(), result);
                replaced[phi] = true;
            }
            func.retain_phis(b, |_, p| !replaced[p]);
            changed = true;
        }
        for i in 0..func.blocks[b].insts.len() {
            let inst = func.blocks[b].insts[i];
            match combined(func, &ranges, b, inst) {
                Some(Combined::Kind(kind)) => {
                    func.insts[inst].kind = kind;
                    changed = true;
                }
                Some(Combined::Value(v)) => {
                    subst.replace(func.inst_result(inst).unwrap(), v);
                    replaced[inst] = true;
                    touched.push(b);
                    changed = true;
                }
                None => {}
            }
        }
    }
    touched.dedup();
    for b in touched {
        func.retain_insts(b, |_, i| !replaced[i]);
    }
    func.substitute(&subst);
    changed
}

/// What an instruction becomes.
enum Combined {
    /// Another instruction with the same result.
    Kind(InstKind),
    /// Its result is this value.
    Value(Value),
}

/// The rewrite of `inst` (in block `b`), if a rule applies.
fn combined(func: &mut Function, ranges: &Ranges, b: Block, inst: Inst) -> Option<Combined> {
    match func.insts[inst].kind {
        InstKind::Binary { op, lhs, rhs } if func.value_type(lhs) == Type::I32 => {
            if let Some(same) = identity(func, op, lhs, rhs) {
                return Some(same);
            }
            let divisor = func.as_const(rhs).filter(|&c| c > 0 && c.count_ones() == 1);
            let non_negative = || ranges.range_at(func, lhs, b).is_non_negative();
            match op {
                BinOp::Add | BinOp::Sub => constant_chain(func, op, lhs, rhs),
                BinOp::SRem if divisor.is_some() && non_negative() => {
                    let mask = func.iconst(divisor? - 1);
                    Some(Combined::Kind(InstKind::Binary {
                        op: BinOp::And,
                        lhs,
                        rhs: mask,
                    }))
                }
                BinOp::SDiv if divisor.is_some() && non_negative() => {
                    let shift = func.iconst(divisor?.trailing_zeros() as i32);
                    Some(Combined::Kind(InstKind::Binary {
                        op: BinOp::LShr,
                        lhs,
                        rhs: shift,
                    }))
                }
                _ => None,
            }
        }
        InstKind::Select {
            cond,
            if_true,
            if_false,
        } if func.value_type(if_true) == Type::I32 => {
            let x = sign_bit_cleared_select(func, ranges, b, cond, [if_true, if_false])?;
            let max = func.iconst(i32::MAX);
            Some(Combined::Kind(InstKind::Binary {
                op: BinOp::And,
                lhs: x,
                rhs: max,
            }))
        }
        InstKind::Icmp { cond, lhs, rhs } if func.value_type(lhs) == Type::I32 => {
            let (l, r) = (ranges.range_at(func, lhs, b), ranges.range_at(func, rhs, b));
            let decided = l.decide(cond, r)?;
            Some(Combined::Value(func.bconst(decided)))
        }
        _ => None,
    }
}

/// What `lhs op rhs` is whatever its variable operand holds, if an
/// identity says (see the module doc).
fn identity(func: &mut Function, op: BinOp, lhs: Value, rhs: Value) -> Option<Combined> {
    let (l, r) = (func.as_const(lhs), func.as_const(rhs));
    if l.is_some() && r.is_some() {
        return None; // constant folding is SCCP's
    }
    let commutative = op.is_commutative();
    // The variable operand and the constant, `c op x` read as `x op c`
    // where the order does not matter.
    let (x, c) = match (l, r) {
        (_, Some(c)) => (lhs, Some(c)),
        (Some(c), None) if commutative => (rhs, Some(c)),
        _ => (lhs, None),
    };
    let zero = |func: &mut Function| Some(Combined::Value(func.iconst(0)));
    match (op, c) {
        (BinOp::Add | BinOp::Sub | BinOp::Or | BinOp::Xor | BinOp::LShr, Some(0))
        | (BinOp::Mul | BinOp::SDiv, Some(1))
        | (BinOp::And, Some(-1)) => Some(Combined::Value(x)),
        (BinOp::Mul | BinOp::And, Some(0)) | (BinOp::SRem, Some(1 | -1)) => zero(func),
        (BinOp::Sub | BinOp::Xor, None) if lhs == rhs => zero(func),
        (BinOp::And | BinOp::Or, None) if lhs == rhs => Some(Combined::Value(x)),
        _ => None,
    }
}

/// The `x` of a phi that is `and x, 2^31 - 1` (see the module doc).
fn sign_bit_cleared(func: &Function, ranges: &Ranges, b: Block, phi: Inst) -> Option<Value> {
    let InstKind::Phi { incoming } = func.inst_kind(phi) else {
        return None;
    };
    if func.value_type(func.inst_result(phi)?) != Type::I32 {
        return None;
    }
    let arms: Vec<Value> = incoming.iter().map(|&(_, v)| v).collect();
    sign_bit_arms(func, &arms, |k, x| {
        Some(ranges.range_on_edge(func, x, incoming[k].0, b))
    })
}

/// The `x` of `select (icmp cond x, y), a, b` (or `icmp cond y, x`) that
/// is `and x, 2^31 - 1`: as for a phi, the arm taken where the comparison
/// holds and the other where it does not.
fn sign_bit_cleared_select(
    func: &Function,
    ranges: &Ranges,
    b: Block,
    cond: Value,
    arms: [Value; 2],
) -> Option<Value> {
    let &InstKind::Icmp {
        cond: test,
        lhs,
        rhs,
    } = func.inst_kind(func.defining_inst(cond)?)
    else {
        return None;
    };
    sign_bit_arms(func, &arms, |k, x| {
        let (test, other) = match () {
            _ if lhs == x => (test, rhs),
            _ if rhs == x => (test.swapped(), lhs),
            _ => return None,
        };
        let test = if k == 0 { test } else { test.inverse() };
        let (own, other) = (ranges.range_at(func, x, b), ranges.range_at(func, other, b));
        own.where_holds(test, other)
    })
}

/// The `x` such that every arm `arms[k]` is `x` where `x >= 0` or
/// `x + (-2^31)` where `x < 0` (at least one of these), `x_range(k, x)`
/// being the range of `x` where the arm is taken (`None`: unknown).
fn sign_bit_arms(
    func: &Function,
    arms: &[Value],
    x_range: impl Fn(usize, Value) -> Option<Range>,
) -> Option<Value> {
    // `v` as `x + (-2^31)`, if it is one.
    let flipped = |v: Value| {
        let def = func.defining_inst(v)?;
        let &InstKind::Binary { op, lhs, rhs } = func.inst_kind(def) else {
            return None;
        };
        plus_constant(func, op, lhs, rhs).and_then(|(x, c)| (c == i32::MIN).then_some(x))
    };
    let &first = arms.first()?;
    let x = flipped(first).unwrap_or(first);
    let mut flips = 0;
    for (k, &v) in arms.iter().enumerate() {
        let range = x_range(k, x)?;
        if v == x && range.is_non_negative() {
            continue;
        }
        if flipped(v) == Some(x) && range.hi < 0 {
            flips += 1;
            continue;
        }
        return None;
    }
    (flips > 0).then_some(x)
}

/// `x + c` as `(x, c)`, for an `add` or `sub` of a constant.
fn plus_constant(func: &Function, op: BinOp, lhs: Value, rhs: Value) -> Option<(Value, i32)> {
    let c = func.as_const(rhs)?;
    match op {
        BinOp::Add => Some((lhs, c)),
        BinOp::Sub => Some((lhs, c.wrapping_neg())),
        _ => None,
    }
}

/// `(x + c1) + c2` as `x + (c1 + c2)` (see the module doc).
fn constant_chain(func: &mut Function, op: BinOp, lhs: Value, rhs: Value) -> Option<Combined> {
    let (inner, c2) = plus_constant(func, op, lhs, rhs)?;
    let InstKind::Binary {
        op: inner_op,
        lhs: x,
        rhs: inner_rhs,
    } = *func.inst_kind(func.defining_inst(inner)?)
    else {
        return None;
    };
    let (x, c1) = plus_constant(func, inner_op, x, inner_rhs)?;
    if func.as_const(x).is_some() {
        return None; // constant folding is SCCP's
    }
    let sum = c1.wrapping_add(c2);
    if sum == 0 {
        return Some(Combined::Value(x));
    }
    let sum = func.iconst(sum);
    Some(Combined::Kind(InstKind::Binary {
        op: BinOp::Add,
        lhs: x,
        rhs: sum,
    }))
}
