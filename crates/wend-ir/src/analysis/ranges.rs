//! Value ranges: for every `i32` value, a signed interval `[lo, hi]` that
//! holds its value in every execution, and, at a given block, a narrower one
//! where the branches taken to get there say more (`x` after the `else` of
//! `if x < 0` is at least 0).
//!
//! Intervals rather than known bits: wend has no bit operations, so what
//! its programs know about a number is where it lies — a sign test, a loop
//! bound, a remainder below its divisor — and the rewrites that use it
//! (`sdiv`/`srem` by 2^k of a non-negative value, a comparison decided by
//! the operands' bounds) ask "is it non-negative?" and "is it below c?",
//! which an interval answers and known bits mostly cannot (`x < 2^24` says
//! nothing about any single bit of `x`).
//!
//! Algorithm: a sparse forward analysis over SSA in the style of LLVM's
//! LazyValueInfo as CorrelatedValuePropagation uses it, computed eagerly.
//!
//! * Each value has a *base* range, computed once at its definition from
//!   its operands' ranges *as seen in the defining block*: constants are
//!   exact, parameters, loads and calls are the full range, arithmetic is
//!   interval arithmetic (an `add`, `sub` or `mul` whose result interval
//!   does not fit one wrap-around of `i32` is the full range; one that lies
//!   wholly past one end wraps exactly: `[MIN, -1] + MIN` is `[0, MAX]`).
//! * *Refinements* come from edges: a block whose single predecessor ends
//!   in `br (icmp cond x, y)` knows on that edge that `x cond y` held (or
//!   its inverse, on the `else` edge), which bounds `x` by `y`'s range and
//!   `y` by `x`'s. A block dominated by that block knows it too: the range
//!   of `v` at block `b` is its base range intersected with the
//!   refinements of every block on `b`'s dominator-tree path. (Each block
//!   records the nearest dominator that has refinements, so the walk up
//!   visits only those.)
//! * A phi's range is the union over its edges of the incoming value's
//!   range at the end of the predecessor, intersected with what that edge's
//!   own branch says.
//! * Loops: the analysis is optimistic and iterates to a fixed point. A
//!   phi starts empty (a back-edge value not yet computed adds nothing),
//!   the blocks are swept in reverse postorder until no range changes, and
//!   a phi only ever grows (its new range is joined with the old). After a
//!   phi has grown [`WIDEN_AFTER`] times, *widening* sends each bound that
//!   still moves to the end of `i32` (`[0, 3]` growing to `[0, 4]` becomes
//!   `[0, MAX]`), so a counting loop costs a few sweeps, not 2^32. What an
//!   exit or latch test says still applies on its edge, so the body of
//!   `while m >= 2^24 { m = m / 2 }` sees `m >= 2^24` whatever `m`'s phi is.
//!
//! An edge whose branch contradicts the ranges known so far (the `else`
//! edge of `x < 0` while `x` is only known to be -5, in the first sweep of
//! a loop) carries nothing yet, and the values of the blocks it alone leads
//! to stay uncomputed: that keeps the iteration optimistic (a later sweep
//! that widens `x` makes the edge feasible). At the fixed point such an edge
//! is really never taken. Uncomputed values, values of other types and
//! values in unreachable blocks are given the full range by the queries.
//!
//! Requires: nothing. Invalidated by any change to the function's
//! instructions or CFG (a rewrite that keeps every value's value, as
//! instcombine's do, keeps the ranges true).

use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::SecondaryMap;

use crate::analysis::cfg::Cfg;
use crate::analysis::dom::DomTree;
use crate::entities::{Block, Inst, Value};
use crate::function::{Function, ValueDef};
use crate::instructions::{BinOp, IcmpCond, InstKind, Terminator};
use crate::types::Type;

/// How many times a phi's range may grow before widening.
pub const WIDEN_AFTER: u32 = 2;

/// A bound on the sweeps: widening makes the iteration end after a few
/// sweeps per level of loop nesting, so this covers nests about eight
/// deep. A deeper nest (or anything else that does not settle) gets the
/// full range everywhere, which is always true, rather than a time
/// quadratic in the nesting (each sweep also walks each block's refined
/// dominators).
const MAX_SWEEPS: u32 = 32;

/// A non-empty signed interval `[lo, hi]` of `i32` values.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Range {
    pub lo: i32,
    pub hi: i32,
}

impl Range {
    pub const FULL: Range = Range {
        lo: i32::MIN,
        hi: i32::MAX,
    };

    /// `[lo, hi]`; `lo <= hi`.
    pub fn new(lo: i32, hi: i32) -> Range {
        assert!(lo <= hi, "an empty range [{lo}, {hi}]");
        Range { lo, hi }
    }

    pub fn single(c: i32) -> Range {
        Range { lo: c, hi: c }
    }

    /// The constant this range is, if it holds one value.
    pub fn as_single(self) -> Option<i32> {
        (self.lo == self.hi).then_some(self.lo)
    }

    pub fn is_non_negative(self) -> bool {
        self.lo >= 0
    }

    pub fn contains(self, c: i32) -> bool {
        self.lo <= c && c <= self.hi
    }

    /// The smallest interval holding both.
    pub fn union(self, other: Range) -> Range {
        Range {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }

    /// The values in both, or `None` if there are none.
    pub fn intersect(self, other: Range) -> Option<Range> {
        let (lo, hi) = (self.lo.max(other.lo), self.hi.min(other.hi));
        (lo <= hi).then_some(Range { lo, hi })
    }

    /// The range of the exact integers `[lo, hi]` once wrapped to `i32`:
    /// exact when they all lie in one window of 2^32 values, else full.
    fn wrapped(lo: i64, hi: i64) -> Range {
        let window = |x: i64| (x - i32::MIN as i64).div_euclid(1 << 32);
        if window(lo) != window(hi) {
            return Range::FULL;
        }
        let shift = window(lo) << 32;
        Range::new((lo - shift) as i32, (hi - shift) as i32)
    }

    /// The smallest interval holding `f(a, b)` for `a` in `self` and `b` in
    /// `other`, where `f` is monotone in each argument (as `+`, `-`, `*` on
    /// the exact integers are, interval corner by corner), then wrapped.
    fn corners(self, other: Range, f: impl Fn(i64, i64) -> i64) -> Range {
        let values = [
            f(self.lo as i64, other.lo as i64),
            f(self.lo as i64, other.hi as i64),
            f(self.hi as i64, other.lo as i64),
            f(self.hi as i64, other.hi as i64),
        ];
        let lo = *values.iter().min().unwrap();
        let hi = *values.iter().max().unwrap();
        Range::wrapped(lo, hi)
    }

    /// The range of `a op b` for `a` in `self` and `b` in `other`, with the
    /// IR's wrapping semantics. Division by zero and `MIN / -1` are
    /// undefined in the IR: the result only needs to cover the defined
    /// cases.
    pub fn binary(self, op: BinOp, other: Range) -> Range {
        match op {
            BinOp::Add => self.corners(other, |a, b| a + b),
            // a - b is smallest at (lo, hi): monotone with b negated.
            BinOp::Sub => self.corners(other, |a, b| a - b),
            BinOp::Mul => self.corners(other, |a, b| a * b),
            BinOp::SDiv => self.sdiv(other),
            BinOp::SRem => self.srem(other),
            BinOp::And => match (self.is_non_negative(), other.is_non_negative()) {
                (true, true) => Range::new(0, self.hi.min(other.hi)),
                (true, false) => Range::new(0, self.hi),
                (false, true) => Range::new(0, other.hi),
                (false, false) => Range::FULL,
            },
            BinOp::Or | BinOp::Xor if self.is_non_negative() && other.is_non_negative() => {
                // Both below 2^k: so is any combination of their bits.
                let top = (self.hi | other.hi) as u32;
                if top == 0 {
                    return Range::single(0);
                }
                let mask = u32::MAX >> top.leading_zeros();
                Range::new(0, mask as i32)
            }
            BinOp::Or | BinOp::Xor => Range::FULL,
            BinOp::LShr => self.lshr(other),
        }
    }

    fn sdiv(self, divisor: Range) -> Range {
        if divisor.lo > 0 || divisor.hi < 0 {
            // One-signed divisor: truncating division is monotone in each
            // argument, so the extremes are at the corners.
            return self.corners(divisor, |a, b| a / b);
        }
        // |a / b| <= |a| for any non-zero b.
        let most = (self.lo as i64).abs().max((self.hi as i64).abs());
        Range::wrapped(-most, most)
    }

    fn srem(self, divisor: Range) -> Range {
        // The remainder has the dividend's sign, and |a % b| < |b|, |a % b| <= |a|.
        let below = (divisor.lo as i64).abs().max((divisor.hi as i64).abs()) - 1;
        let lo = (self.lo as i64).max(-below).min(0);
        let hi = (self.hi as i64).min(below).max(0);
        Range::new(lo as i32, hi as i32)
    }

    fn lshr(self, amount: Range) -> Range {
        // An amount outside 0..32 gives an undefined result: ignore it.
        let Some(amount) = amount.intersect(Range::new(0, 31)) else {
            return Range::FULL;
        };
        if self.is_non_negative() {
            return Range::new(self.lo >> amount.hi, self.hi >> amount.lo);
        }
        if amount.lo == 0 {
            return Range::FULL;
        }
        Range::new(0, (u32::MAX >> amount.lo) as i32)
    }

    /// The values `x` may have where `x cond y` holds, `y` being in `other`
    /// (`None`: no `x` of `self` does).
    pub fn where_holds(self, cond: IcmpCond, other: Range) -> Option<Range> {
        let bound = match cond {
            IcmpCond::Eq => other,
            IcmpCond::Ne => match other.as_single() {
                Some(c) if c == self.lo && c == self.hi => return None,
                Some(c) if c == self.lo => Range::new(c + 1, i32::MAX),
                Some(c) if c == self.hi => Range::new(i32::MIN, c - 1),
                _ => Range::FULL,
            },
            IcmpCond::Slt if other.hi == i32::MIN => return None,
            IcmpCond::Slt => Range::new(i32::MIN, other.hi - 1),
            IcmpCond::Sle => Range::new(i32::MIN, other.hi),
            IcmpCond::Sgt if other.lo == i32::MAX => return None,
            IcmpCond::Sgt => Range::new(other.lo + 1, i32::MAX),
            IcmpCond::Sge => Range::new(other.lo, i32::MAX),
        };
        self.intersect(bound)
    }

    /// `Some(b)` if `x cond y` is `b` for every `x` in `self` and `y` in `other`.
    pub fn decide(self, cond: IcmpCond, other: Range) -> Option<bool> {
        let always = |c: IcmpCond| match c {
            IcmpCond::Eq => self.as_single().is_some() && self == other,
            IcmpCond::Ne => self.intersect(other).is_none(),
            IcmpCond::Slt => self.hi < other.lo,
            IcmpCond::Sle => self.hi <= other.lo,
            IcmpCond::Sgt => self.lo > other.hi,
            IcmpCond::Sge => self.lo >= other.hi,
        };
        if always(cond) {
            Some(true)
        } else if always(cond.inverse()) {
            Some(false)
        } else {
            None
        }
    }
}

/// One fact an edge gives: `value` lies in `range`.
#[derive(Copy, Clone, Debug)]
struct Refinement {
    value: Value,
    range: Range,
}

/// The ranges of a function's `i32` values (see the module documentation).
pub struct Ranges {
    /// Each value's range at its definition; `None`: not computed (other
    /// types, unreachable code, or not reached yet during the sweeps).
    base: SecondaryMap<Value, Option<Range>>,
    /// What the edge from a block's single predecessor says.
    refinements: SecondaryMap<Block, Vec<Refinement>>,
    /// The nearest block, the block itself or a dominator of it, that has
    /// refinements.
    refined_up: SecondaryMap<Block, PackedOption<Block>>,
    /// For a block with refinements, the nearest strict dominator with some.
    refined_above: SecondaryMap<Block, PackedOption<Block>>,
    /// Blocks whose single predecessor's branch, with the ranges known so
    /// far, never takes the edge into them (they count as refined).
    infeasible: SecondaryMap<Block, bool>,
}

impl Ranges {
    pub fn compute(func: &Function) -> Ranges {
        let cfg = Cfg::compute(func);
        let dom = DomTree::compute(func, &cfg);
        let mut ranges = Ranges {
            base: SecondaryMap::new(),
            refinements: SecondaryMap::new(),
            refined_up: SecondaryMap::new(),
            refined_above: SecondaryMap::new(),
            infeasible: SecondaryMap::new(),
        };
        let mut growths: SecondaryMap<Inst, u32> = SecondaryMap::new();
        for _ in 0..MAX_SWEEPS {
            let mut changed = false;
            for &b in cfg.rpo() {
                ranges.enter_block(func, &cfg, &dom, b);
                let block = &func.blocks[b];
                for &inst in block.phis.iter().chain(&block.insts) {
                    let Some(result) = func.inst_result(inst) else {
                        continue;
                    };
                    if func.value_type(result) != Type::I32 {
                        continue;
                    }
                    let old = ranges.base[result];
                    let mut new = ranges.evaluate(func, b, inst);
                    if let (Some(old), Some(n), true) = (old, new, func.insts[inst].kind.is_phi()) {
                        let joined = old.union(n);
                        if joined != old {
                            growths[inst] += 1;
                        }
                        new = Some(if growths[inst] > WIDEN_AFTER {
                            widen(old, joined)
                        } else {
                            joined
                        });
                    }
                    if new != old {
                        ranges.base[result] = new;
                        changed = true;
                    }
                }
            }
            if !changed {
                return ranges;
            }
        }
        ranges.base = SecondaryMap::new();
        ranges.refinements = SecondaryMap::new();
        ranges.refined_up = SecondaryMap::new();
        ranges
    }

    /// The range of `v` wherever it is defined.
    pub fn range(&self, func: &Function, v: Value) -> Range {
        match func.value_def(v) {
            ValueDef::Const(c) => Range::single(c),
            _ => self.base[v].unwrap_or(Range::FULL),
        }
    }

    /// The range of `v` in block `b` (anywhere in it: the refinements come
    /// from the edges into the blocks dominating `b`).
    pub fn range_at(&self, func: &Function, v: Value, b: Block) -> Range {
        self.known_at(func, v, b).unwrap_or(Range::FULL)
    }

    /// The range of `v` as it flows along the edge `pred -> succ`: at the
    /// end of `pred`, narrowed by what `pred`'s branch says on that edge
    /// (what a phi of `succ` receives from `pred`).
    pub fn range_on_edge(&self, func: &Function, v: Value, pred: Block, succ: Block) -> Range {
        self.incoming(func, pred, succ, v).unwrap_or(Range::FULL)
    }

    /// [`Ranges::range_at`], `None` while `v` is not computed.
    fn known_at(&self, func: &Function, v: Value, b: Block) -> Option<Range> {
        let mut range = match func.value_def(v) {
            ValueDef::Const(c) => return Some(Range::single(c)),
            ValueDef::Inst(_) => self.base[v]?,
            ValueDef::Param(_) | ValueDef::Undef | ValueDef::Str(_) => Range::FULL,
        };
        let mut at = self.refined_up[b].expand();
        while let Some(r) = at {
            if self.infeasible[r] {
                return None;
            }
            for fact in self.refinements[r].iter().filter(|f| f.value == v) {
                range = range.intersect(fact.range)?;
            }
            at = self.refined_above[r].expand();
        }
        Some(range)
    }

    /// Records what the edge into `b` says, if `b` has one predecessor.
    fn enter_block(&mut self, func: &Function, cfg: &Cfg, dom: &DomTree, b: Block) {
        let above = dom.idom(b).and_then(|d| self.refined_up[d].expand());
        let facts = match cfg.preds(b) {
            &[pred] => self.edge_facts(func, pred, b),
            _ => Some(Vec::new()),
        };
        self.infeasible[b] = facts.is_none();
        let facts = facts.unwrap_or_default();
        self.refined_above[b] = above.into();
        self.refined_up[b] = if facts.is_empty() && !self.infeasible[b] {
            above
        } else {
            Some(b)
        }
        .into();
        self.refinements[b] = facts;
    }

    /// What the branch at the end of `pred` says on its edge to `succ`;
    /// `None` if, with the ranges known so far, the edge is never taken.
    fn edge_facts(&self, func: &Function, pred: Block, succ: Block) -> Option<Vec<Refinement>> {
        let Some(Terminator::CondBr {
            cond,
            then_dest,
            else_dest,
        }) = func.terminator(pred)
        else {
            return Some(Vec::new());
        };
        if then_dest == else_dest {
            return Some(Vec::new());
        }
        self.condition_facts(func, *cond, succ == *then_dest, pred)
    }

    /// What the `i1` value `cond` being `is_true` says in block `at` (a
    /// branch on it, or a select of it); `None` if, with the ranges known
    /// so far, it is never so.
    fn condition_facts(
        &self,
        func: &Function,
        cond: Value,
        is_true: bool,
        at: Block,
    ) -> Option<Vec<Refinement>> {
        let Some(InstKind::Icmp {
            cond: test,
            lhs,
            rhs,
        }) = func.defining_inst(cond).map(|i| func.inst_kind(i))
        else {
            return Some(Vec::new());
        };
        if func.value_type(*lhs) != Type::I32 {
            return Some(Vec::new());
        }
        let holds = if is_true { *test } else { test.inverse() };
        let (Some(l), Some(r)) = (self.known_at(func, *lhs, at), self.known_at(func, *rhs, at))
        else {
            return Some(Vec::new());
        };
        let mut facts = Vec::new();
        for (value, own, other, cond) in [(*lhs, l, r, holds), (*rhs, r, l, holds.swapped())] {
            if matches!(func.value_def(value), ValueDef::Const(_)) {
                continue;
            }
            let range = own.where_holds(cond, other)?;
            if range != own {
                facts.push(Refinement { value, range });
            }
        }
        Some(facts)
    }

    /// The range of `inst`'s result from its operands' ranges in block `b`.
    fn evaluate(&self, func: &Function, b: Block, inst: Inst) -> Option<Range> {
        match func.inst_kind(inst) {
            &InstKind::Binary { op, lhs, rhs } => {
                let (l, r) = (self.known_at(func, lhs, b)?, self.known_at(func, rhs, b)?);
                Some(l.binary(op, r))
            }
            // As a phi of two edges: each arm narrowed by what the
            // condition says where that arm is chosen.
            &InstKind::Select {
                cond,
                if_true,
                if_false,
            } => [(if_true, true), (if_false, false)]
                .into_iter()
                .filter_map(|(v, is_true)| self.chosen(func, b, cond, is_true, v))
                .reduce(Range::union),
            InstKind::Phi { incoming } => incoming
                .iter()
                .filter_map(|&(pred, v)| self.incoming(func, pred, b, v))
                .reduce(Range::union),
            _ => Some(Range::FULL),
        }
    }

    /// The range of the select arm `v` in block `b`, chosen where `cond` is
    /// `is_true` (`None`: not computed yet, or never chosen).
    fn chosen(
        &self,
        func: &Function,
        b: Block,
        cond: Value,
        is_true: bool,
        v: Value,
    ) -> Option<Range> {
        let mut range = self.known_at(func, v, b)?;
        for fact in self.condition_facts(func, cond, is_true, b)? {
            if fact.value == v {
                range = range.intersect(fact.range)?;
            }
        }
        Some(range)
    }

    /// The range of `v` flowing along the edge `pred -> succ` (`None`: not
    /// computed yet, or the edge cannot carry it).
    fn incoming(&self, func: &Function, pred: Block, succ: Block, v: Value) -> Option<Range> {
        if func.is_undef(v) {
            return Some(Range::FULL);
        }
        let mut range = self.known_at(func, v, pred)?;
        for fact in self.edge_facts(func, pred, succ)? {
            if fact.value == v {
                range = range.intersect(fact.range)?;
            }
        }
        Some(range)
    }
}

/// `new` (which holds `old`) with each bound that moved sent to the end of
/// `i32`.
fn widen(old: Range, new: Range) -> Range {
    Range {
        lo: if new.lo < old.lo { i32::MIN } else { new.lo },
        hi: if new.hi > old.hi { i32::MAX } else { new.hi },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::parse_module;

    /// The range of `%name` in the block `at` (its defining block if `None`).
    fn range_of(ir: &str, name: &str, at: Option<&str>) -> Range {
        let module = parse_module(ir).expect("the test IR reads");
        let (_, func) = module.definitions().next().unwrap();
        let ranges = Ranges::compute(func);
        let value = func
            .values
            .keys()
            .find(|&v| func.value_name(v) == Some(name))
            .unwrap_or_else(|| panic!("no value %{name}"));
        match at {
            None => ranges.range(func, value),
            Some(block) => {
                let b = func
                    .layout
                    .iter()
                    .copied()
                    .find(|&b| &*func.blocks[b].name == block)
                    .unwrap_or_else(|| panic!("no block {block}"));
                ranges.range_at(func, value, b)
            }
        }
    }

    const MIN: i32 = i32::MIN;
    const MAX: i32 = i32::MAX;

    #[test]
    fn wrapping_arithmetic() {
        let r = |lo, hi| Range::new(lo, hi);
        assert_eq!(r(1, 5).binary(BinOp::Add, r(10, 10)), r(11, 15));
        // May overflow at one end only: full.
        assert_eq!(r(0, MAX).binary(BinOp::Add, r(1, 1)), Range::FULL);
        // Wholly past the end: wraps exactly.
        assert_eq!(r(MIN, -1).binary(BinOp::Add, r(MIN, MIN)), r(0, MAX));
        assert_eq!(r(MAX, MAX).binary(BinOp::Add, r(1, 1)), r(MIN, MIN));
        assert_eq!(r(0, 10).binary(BinOp::Sub, r(1, 3)), r(-3, 9));
        assert_eq!(r(MIN, MIN).binary(BinOp::Sub, r(0, 1)), Range::FULL);
        assert_eq!(r(0, 4095).binary(BinOp::Mul, r(0, 4095)), r(0, 4095 * 4095));
        assert_eq!(r(-3, 2).binary(BinOp::Mul, r(-5, 4)), r(-12, 15));
        assert_eq!(r(0, 65536).binary(BinOp::Mul, r(0, 65536)), Range::FULL);
        assert_eq!(r(-100, 7).binary(BinOp::SDiv, r(4, 4)), r(-25, 1));
        assert_eq!(r(-100, 7).binary(BinOp::SDiv, r(-2, 3)), r(-100, 100));
        assert_eq!(r(MIN, 7).binary(BinOp::SDiv, r(-2, 3)), Range::FULL);
        assert_eq!(r(0, MAX).binary(BinOp::SRem, r(4096, 4096)), r(0, 4095));
        assert_eq!(r(-7, 3).binary(BinOp::SRem, r(-100, 100)), r(-7, 3));
        assert_eq!(r(-7, 300).binary(BinOp::SRem, r(16, 16)), r(-7, 15));
        assert_eq!(r(0, 1000).binary(BinOp::And, r(MIN, MAX)), r(0, 1000));
        assert_eq!(r(0, 5).binary(BinOp::Or, r(0, 8)), r(0, 15));
        assert_eq!(r(16, 300).binary(BinOp::LShr, r(4, 4)), r(1, 18));
        assert_eq!(r(16, 300).binary(BinOp::LShr, r(2, 4)), r(1, 75));
        assert_eq!(r(-1, 0).binary(BinOp::LShr, r(1, 1)), r(0, MAX));
        assert_eq!(r(-1, 0).binary(BinOp::LShr, r(28, 28)), r(0, 15));
    }

    #[test]
    fn decided_comparisons() {
        let r = |lo, hi| Range::new(lo, hi);
        assert_eq!(r(0, 5).decide(IcmpCond::Slt, r(6, 9)), Some(true));
        assert_eq!(r(0, 5).decide(IcmpCond::Sge, r(5, 9)), None);
        assert_eq!(r(0, 5).decide(IcmpCond::Sgt, r(5, 9)), Some(false));
        assert_eq!(r(0, 5).decide(IcmpCond::Eq, r(6, 9)), Some(false));
        assert_eq!(r(3, 3).decide(IcmpCond::Ne, r(3, 3)), Some(false));
        assert_eq!(r(0, 5).decide(IcmpCond::Eq, r(0, 5)), None);
    }

    /// An interval biased toward the ends of `i32` and zero, where the
    /// wrap-around and sign cases are.
    fn range_strategy() -> impl proptest::strategy::Strategy<Value = Range> {
        use proptest::prelude::*;
        let point = prop_oneof![
            Just(MIN),
            Just(MAX),
            Just(0),
            -40i32..40,
            any::<i32>(),
            (0u32..31).prop_map(|k| 1 << k),
            (0u32..31).prop_map(|k| -(1 << k)),
        ];
        (point.clone(), point).prop_map(|(a, b)| Range::new(a.min(b), a.max(b)))
    }

    /// Values of `r` to try: both ends, their neighbours, and some inside.
    fn samples(r: Range, seed: u64) -> Vec<i32> {
        let mut out = vec![
            r.lo,
            r.hi,
            r.lo.saturating_add(1).min(r.hi),
            r.hi.saturating_sub(1).max(r.lo),
        ];
        if r.contains(0) {
            out.extend([0, (-1).max(r.lo), 1.min(r.hi)]);
        }
        let width = r.hi as i64 - r.lo as i64 + 1;
        let mut x = seed;
        for _ in 0..8 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            out.push((r.lo as i64 + ((x >> 11) as i64).rem_euclid(width)) as i32);
        }
        out
    }

    proptest::proptest! {
        #[test]
        fn interval_arithmetic_holds_every_result(
            a in range_strategy(),
            b in range_strategy(),
            op in proptest::sample::select(BinOp::ALL.to_vec()),
            seed in proptest::prelude::any::<u64>(),
        ) {
            let result = a.binary(op, b);
            for x in samples(a, seed) {
                for y in samples(b, seed ^ 0x9e37) {
                    if let Some(v) = op.fold(Type::I32, x, y) {
                        proptest::prop_assert!(result.contains(v),
                            "{x} {op} {y} = {v} outside {result:?} of {a:?} {op} {b:?}");
                    }
                }
            }
        }

        #[test]
        fn refinements_and_decisions_hold_every_pair(
            a in range_strategy(),
            b in range_strategy(),
            cond in proptest::sample::select(IcmpCond::ALL.to_vec()),
            seed in proptest::prelude::any::<u64>(),
        ) {
            let holds = a.where_holds(cond, b);
            let decided = a.decide(cond, b);
            for x in samples(a, seed) {
                for y in samples(b, seed ^ 0x9e37) {
                    let truth = cond.eval(x, y);
                    if truth {
                        proptest::prop_assert!(holds.is_some_and(|r| r.contains(x)),
                            "{x} {cond} {y} but {x} not in {holds:?}");
                    }
                    if let Some(d) = decided {
                        proptest::prop_assert_eq!(d, truth, "{} {} {}", x, cond, y);
                    }
                }
            }
        }
    }

    /// `magnitude(f)` of bench/programs/softfloat.wend: the bits of `f`
    /// without the sign bit.
    const MAGNITUDE: &str = "
define i32 @magnitude(i32 %f) {
entry:
  %neg = icmp slt i32 %f, 0
  br i1 %neg, label %then, label %join
then:
  %a = add i32 %f, 1073741824
  %b = add i32 %a, 1073741824
  br label %join
join:
  %m = phi i32 [ %b, %then ], [ %f, %entry ]
  %e = sdiv i32 %m, 8388608
  %r = srem i32 %m, 8388608
  ret i32 %e
}
";

    #[test]
    fn sign_test_refines_both_sides_and_the_phi_is_non_negative() {
        assert_eq!(range_of(MAGNITUDE, "f", Some("then")), Range::new(MIN, -1));
        assert_eq!(range_of(MAGNITUDE, "f", Some("join")), Range::FULL);
        assert_eq!(
            range_of(MAGNITUDE, "a", None),
            Range::new(-1073741824, 1073741823)
        );
        assert_eq!(range_of(MAGNITUDE, "b", None), Range::new(0, MAX));
        assert_eq!(range_of(MAGNITUDE, "m", None), Range::new(0, MAX));
        assert_eq!(range_of(MAGNITUDE, "e", None), Range::new(0, 255));
        assert_eq!(range_of(MAGNITUDE, "r", None), Range::new(0, 8388607));
        let module = parse_module(MAGNITUDE).unwrap();
        let (_, func) = module.definitions().next().unwrap();
        let ranges = Ranges::compute(func);
        let [entry, then, join] = [0, 1, 2].map(|k| func.layout[k]);
        let f = func.params[0];
        assert_eq!(
            ranges.range_on_edge(func, f, entry, join),
            Range::new(0, MAX)
        );
        assert_eq!(
            ranges.range_on_edge(func, f, entry, then),
            Range::new(MIN, -1)
        );
        assert_eq!(
            ranges.range_on_edge(func, f, then, join),
            Range::new(MIN, -1)
        );
    }

    /// `while m >= 16777216 { m = m / 2; }`, as the frontend writes it and
    /// after loop rotation.
    const HALVING: &str = "
define i32 @halve(i32 %m0) {
entry:
  br label %header
header:
  %m = phi i32 [ %m0, %entry ], [ %half, %body ]
  %big = icmp sge i32 %m, 16777216
  br i1 %big, label %body, label %exit
body:
  %half = sdiv i32 %m, 2
  br label %header
exit:
  ret i32 %m
}
";

    const HALVING_ROTATED: &str = "
define i32 @halve(i32 %m0) {
entry:
  %big0 = icmp sge i32 %m0, 16777216
  br i1 %big0, label %body, label %exit
body:
  %m = phi i32 [ %m0, %entry ], [ %half, %body ]
  %half = sdiv i32 %m, 2
  %big = icmp sge i32 %half, 16777216
  br i1 %big, label %body, label %exit
exit:
  %r = phi i32 [ %m0, %entry ], [ %half, %body ]
  ret i32 %r
}
";

    #[test]
    fn a_loop_body_sees_its_loop_test() {
        assert_eq!(
            range_of(HALVING, "m", Some("body")),
            Range::new(16777216, MAX)
        );
        assert_eq!(
            range_of(HALVING, "half", None),
            Range::new(8388608, MAX / 2)
        );
        assert_eq!(
            range_of(HALVING, "m", Some("exit")),
            Range::new(MIN, 16777215)
        );
        assert_eq!(
            range_of(HALVING_ROTATED, "m", None),
            Range::new(16777216, MAX)
        );
        assert_eq!(
            range_of(HALVING_ROTATED, "half", None),
            Range::new(8388608, MAX / 2)
        );
        assert_eq!(
            range_of(HALVING_ROTATED, "r", None),
            Range::new(MIN, 16777215)
        );
    }

    #[test]
    fn an_edge_infeasible_in_the_first_sweep_counts_once_it_is_taken() {
        // The magnitude of a loop variable that starts negative: in the
        // first sweep %f is only -5, so the `else` edge of `%f < 0` seems
        // never taken; once %f has grown it is, and %m is still >= 0.
        let ir = "
define i32 @f() {
entry:
  br label %header
header:
  %f = phi i32 [ -5, %entry ], [ %next, %join ]
  %more = icmp slt i32 %f, 1000
  br i1 %more, label %body, label %exit
body:
  %neg = icmp slt i32 %f, 0
  br i1 %neg, label %flip, label %join
flip:
  %b = add i32 %f, -2147483648
  br label %join
join:
  %m = phi i32 [ %b, %flip ], [ %f, %body ]
  %next = add i32 %f, 300
  br label %header
exit:
  ret i32 %f
}
";
        assert_eq!(range_of(ir, "m", None), Range::new(0, MAX));
        assert_eq!(range_of(ir, "f", Some("join")), Range::new(-5, 999));
    }

    #[test]
    fn a_select_arm_is_narrowed_by_its_condition() {
        // %x itself is chosen only where %x >= 0, the constant where not;
        // the other arm is narrowed too (%x < 0 there).
        let ir = "
define i32 @f(i32 %x) {
entry:
  %neg = icmp slt i32 %x, 0
  %m = select i1 %neg, i32 5, i32 %x
  %n = select i1 %neg, i32 %x, i32 -7
  %o = select i1 %neg, i32 %m, i32 %x
  ret i32 %m
}
";
        assert_eq!(range_of(ir, "m", None), Range::new(0, MAX));
        assert_eq!(range_of(ir, "n", None), Range::new(MIN, -1));
        // An arm that is not the compared value keeps its own range.
        assert_eq!(range_of(ir, "o", None), Range::new(0, MAX));
    }

    #[test]
    fn a_counting_loop_is_widened_soundly() {
        // i counts 0, 1, ... up to 100; then j = i * 2 may be 200.
        let ir = "
define i32 @count() {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %more = icmp slt i32 %i, 100
  br i1 %more, label %body, label %exit
body:
  %next = add i32 %i, 1
  br label %header
exit:
  %j = mul i32 %i, 2
  ret i32 %j
}
";
        assert_eq!(range_of(ir, "i", None), Range::new(0, MAX));
        assert_eq!(range_of(ir, "i", Some("body")), Range::new(0, 99));
        assert_eq!(range_of(ir, "next", None), Range::new(1, 100));
        assert_eq!(range_of(ir, "i", Some("exit")), Range::new(100, MAX));
    }

    #[test]
    fn a_loop_phi_that_can_go_negative_is_not_non_negative() {
        // x = 5; while c { x = x - 3 }: negative after two turns.
        let ir = "
define i32 @down(i1 %c) {
entry:
  br label %header
header:
  %x = phi i32 [ 5, %entry ], [ %y, %header ]
  %y = sub i32 %x, 3
  br i1 %c, label %header, label %exit
exit:
  ret i32 %x
}
";
        let x = range_of(ir, "x", None);
        assert!(x.contains(-1) && x.contains(5), "{x:?}");
    }

    #[test]
    fn comparisons_against_other_values_and_inequality() {
        let ir = "
define i32 @f(i32 %a, i32 %b) {
entry:
  %c = srem i32 %a, 10
  %d = icmp slt i32 %b, %c
  br i1 %d, label %less, label %out
less:
  %z = icmp ne i32 %c, -9
  br i1 %z, label %inner, label %out
inner:
  ret i32 %b
out:
  ret i32 0
}
";
        assert_eq!(range_of(ir, "b", Some("less")), Range::new(MIN, 8));
        assert_eq!(range_of(ir, "c", Some("less")), Range::new(-9, 9));
        assert_eq!(range_of(ir, "c", Some("inner")), Range::new(-8, 9));
        assert_eq!(range_of(ir, "b", Some("out")), Range::FULL);
    }
}
