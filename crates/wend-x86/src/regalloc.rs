//! Register allocation: linear scan over intervals with lifetime holes.
//!
//! The algorithm is Poletto & Sarkar's ("Linear Scan Register Allocation",
//! TOPLAS 1999), step by step in [`allocate_intervals`]: the intervals
//! sorted by increasing start point; for each one, *expire old intervals*
//! (those ended give their register back), take a *free register* if there
//! is one, else *spill at interval* (the current interval or those in its
//! way go to memory); then spilled values get stack slots.
//!
//! Two departures from the paper. The intervals ([`crate::intervals`])
//! have the lifetime holes of Traub, Holloway & Smith's second-chance
//! binpacking (PLDI 1998) as formulated by Wimmer & Mössenböck (VEE 2005),
//! but are never split: an interval is *active* where it is live,
//! *inactive* in one of its holes. A register is free for the current
//! interval if no active interval holds it and no inactive one holding it
//! intersects the current one — so values whose lives interleave (a loop
//! variable and its next value) can share a register ([`Occupancy`] keeps
//! the active and inactive intervals of each register). And when no
//! register is free, the paper spills the interval that ends last; here
//! the intervals in the way of the register that are cheapest to spill are
//! spilled, or the current one if it is cheaper still — the cost being the
//! number of uses and (twice) definitions weighted by loop depth
//! ([`spill_weights`], as in Chaitin's allocator and LLVM's linear scan),
//! so loop variables stay in registers and values used rarely go to
//! memory; a spilled value lives in a stack slot for its whole life.
//!
//! Constraints, as register classes per interval ([`RegClass`]) rather
//! than fixed intervals: an interval live across a call may only use
//! callee-saved registers (`%rbx`, `%r12`–`%r15`), one live across a
//! division or used as a divisor may not use `%eax`/`%edx`. Operands that
//! must be in a fixed register at one instruction (arguments, return value,
//! dividend) are moved there by the emitter, from wherever they were
//! allocated.
//!
//! Coalescing by hints: a register is preferably given the register of a
//! value it is copied from or to (phi copies, the left operand of two-address
//! arithmetic), or the fixed register it is wanted in (argument registers,
//! `%eax` for results); a copy between two values with the same register
//! disappears at emission. Spill slots are then shared between spilled
//! intervals that do not overlap (greedy interval-graph colouring), a
//! value taking the slot of one it is copied from or to where their
//! intervals, holes included, do not meet: the copy between them, memory
//! to memory, disappears too (`assign_spill_slots`). Stack parameters
//! read rarely, and stack parameters spilled, stay in their incoming
//! argument slots (`IN_PLACE_WEIGHT`).
//!
//! Requires a complete machine function; the result is invalidated by any
//! change to it. [`check_allocation`] verifies a result independently.

use crate::intervals::{Interval, Intervals, Pos};
use crate::liveness::Liveness;
use crate::mir::{MCall, MFunction, MInst, MTerm, Operand, PerVReg, VReg};
use crate::regs::{PReg, ARG_REGS};
use cranelift_entity::{EntityRef, SecondaryMap};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};
use wend_ir::trace::{Event, NoTrace, Trace};

/// Where a virtual register lives.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Loc {
    Reg(PReg),
    /// The n-th 8-byte spill slot of the frame.
    Spill(u32),
    /// The n-th incoming stack argument, where the caller put it: a stack
    /// parameter used in place (`IN_PLACE_WEIGHT`).
    Incoming(u32),
}

pub struct Allocation {
    /// The location of every virtual register that occurs in the function.
    pub locs: SecondaryMap<VReg, Option<Loc>>,
    pub spill_slots: u32,
    /// The callee-saved registers the function uses (to save and restore).
    pub callee_saved_used: Vec<PReg>,
}

impl Allocation {
    pub fn loc(&self, v: VReg) -> Loc {
        self.locs[v].unwrap_or_else(|| panic!("{v} was not allocated"))
    }
}

struct Hints {
    /// Registers each one is copied from or to.
    related: PerVReg<VReg>,
    /// Physical registers each one is wanted in.
    fixed: PerVReg<PReg>,
    /// Whether each one is a divisor: kept out of `%eax` and `%edx`, where
    /// the dividend and the remainder go, it needs no move out of their way.
    divisor: SecondaryMap<VReg, bool>,
}

fn collect_hints(mf: &MFunction) -> Hints {
    let mut related: Vec<(VReg, VReg)> = Vec::new();
    let mut fixed: Vec<(VReg, PReg)> = Vec::new();
    let mut divisor = SecondaryMap::with_capacity(mf.vreg_widths.len());
    let relate = |related: &mut Vec<(VReg, VReg)>, a: VReg, b: &Operand| {
        if let Operand::Reg(b) = *b {
            related.push((a, b));
            related.push((b, a));
        }
    };
    for &b in &mf.layout {
        let block = mf.block(b);
        for inst in block.insts {
            match inst {
                MInst::Params { dsts } => {
                    for (d, r) in dsts.iter().zip(ARG_REGS) {
                        fixed.push((*d, r));
                    }
                }
                MInst::Copy { dst, src } => relate(&mut related, *dst, src),
                MInst::Alu { dst, lhs, .. } => relate(&mut related, *dst, lhs),
                MInst::Select(select) => relate(&mut related, select.dst, &select.if_false),
                MInst::Div {
                    rem, dst, lhs, rhs, ..
                } => {
                    fixed.push((*dst, if *rem { PReg::Rdx } else { PReg::Rax }));
                    if let Operand::Reg(l) = lhs {
                        fixed.push((*l, PReg::Rax));
                    }
                    if let Operand::Reg(r) = rhs {
                        divisor[*r] = true;
                    }
                }
                MInst::Call(call) => {
                    let MCall { args, ret, .. } = &**call;
                    for (a, r) in args.iter().zip(ARG_REGS) {
                        if let Operand::Reg(a) = a {
                            fixed.push((*a, r));
                        }
                    }
                    if let Some(ret) = ret {
                        fixed.push((*ret, PReg::Rax));
                    }
                }
                MInst::ParallelMove { moves } => {
                    for (d, s) in moves.iter() {
                        relate(&mut related, *d, s);
                    }
                }
                _ => {}
            }
        }
        if let MTerm::Ret {
            value: Some(Operand::Reg(v)),
        } = *block.term
        {
            fixed.push((v, PReg::Rax));
        }
    }
    let registers = mf.vreg_widths.len();
    Hints {
        related: PerVReg::from_pairs(registers, &related),
        fixed: PerVReg::from_pairs(registers, &fixed),
        divisor,
    }
}

/// Where one physical register is taken: the ranges of the intervals given
/// to it, keyed by their start (LLVM's `LiveIntervalUnion`, on a B-tree).
/// They never overlap, since a register is only given where it is free.
///
/// It stands for the active and inactive lists of the classic formulation:
/// an interval given the register intersects the current one exactly when
/// it is active (live where the current one starts) or inactive with a
/// range meeting the current one — intervals already over cannot, as the
/// current one starts last. Scanning those lists at every interval costs
/// the number of intervals in a hole, unbounded in a long function; a
/// lookup here costs a logarithm per range of the current interval.
#[derive(Default)]
struct Occupancy {
    ranges: BTreeMap<Pos, (Pos, VReg)>,
}

impl Occupancy {
    /// Whether `interval` meets a range of the register.
    fn intersects(&self, interval: Interval<'_>) -> bool {
        // Ranges are disjoint, so among those starting at or before `to`
        // only the last one can reach `from`.
        interval.ranges.iter().any(|&(from, to)| {
            self.ranges
                .range(..=to)
                .next_back()
                .is_some_and(|(_, &(end, _))| end >= from)
        })
    }

    /// The registers holding ranges that meet `interval`, sorted, each once.
    fn conflicts(&self, interval: Interval<'_>) -> Vec<VReg> {
        let mut found = Vec::new();
        for &(from, to) in interval.ranges {
            if let Some((_, &(end, w))) = self.ranges.range(..from).next_back() {
                if end >= from {
                    found.push(w);
                }
            }
            found.extend(self.ranges.range(from..=to).map(|(_, &(_, w))| w));
        }
        found.sort_unstable();
        found.dedup();
        found
    }

    /// Forgets the ranges that end before `pos`. The intervals still to
    /// come start at or after `pos`, so those ranges can never meet them;
    /// dropping them keeps the map as small as what is live around `pos`
    /// (the active and inactive intervals), not everything allocated so
    /// far. The ranges are disjoint, so ordered by start they are ordered
    /// by end too: the expired ones are a prefix.
    fn expire(&mut self, pos: Pos) {
        while let Some((_, &(end, _))) = self.ranges.first_key_value() {
            if end >= pos {
                break;
            }
            self.ranges.pop_first();
        }
    }

    fn insert(&mut self, interval: Interval<'_>, v: VReg) {
        for &(from, to) in interval.ranges {
            self.ranges.insert(from, (to, v));
        }
    }

    fn remove(&mut self, interval: Interval<'_>) {
        for (from, _) in interval.ranges {
            self.ranges.remove(from);
        }
    }
}

/// Allocates every virtual register of `mf`.
pub fn allocate(mf: &MFunction) -> Allocation {
    allocate_traced(mf, &mut NoTrace)
}

/// [`allocate`], recording the intervals and each step of the scan.
pub fn allocate_traced(mf: &MFunction, trace: &mut impl Trace) -> Allocation {
    let liveness = Liveness::compute(mf);
    let intervals = Intervals::compute(mf, &liveness);
    allocate_intervals_traced(mf, &intervals, trace)
}

/// The cost of spilling each register: its uses and definitions, each
/// weighted by 8^(loop depth) (capped), the loads and stores that spilling
/// would add. A definition counts twice: spilled, it is a store, where a
/// use is often only a memory operand, and a value defined on every trip
/// round a loop (its counter) would carry its dependence from one trip to
/// the next through memory.
/// Loop depth is found on the layout, where the frontend keeps loops
/// contiguous: an edge from a block back to one at or before it closes a
/// loop around every block in between.
pub fn spill_weights(mf: &MFunction) -> SecondaryMap<VReg, u64> {
    let index: SecondaryMap<wend_ir::Block, usize> = {
        let mut index = SecondaryMap::new();
        for (i, &b) in mf.layout.iter().enumerate() {
            index[b] = i;
        }
        index
    };
    // Each loop adds one to the depth of a span of the layout: marked by
    // +1 at its start and -1 past its end, summed up afterwards, so that
    // many loops do not cost loops × blocks.
    let mut depth_change = vec![0i64; mf.layout.len() + 1];
    for (i, &b) in mf.layout.iter().enumerate() {
        for s in mf.block(b).term.successors() {
            if index[s] <= i {
                depth_change[index[s]] += 1;
                depth_change[i + 1] -= 1;
            }
        }
    }
    let depth: Vec<u32> = depth_change
        .iter()
        .scan(0i64, |d, change| {
            *d += change;
            Some(*d as u32)
        })
        .collect();
    let mut weights: SecondaryMap<VReg, u64> = SecondaryMap::new();
    for (i, &b) in mf.layout.iter().enumerate() {
        let w = 8u64.pow(depth[i].min(6));
        let block = mf.block(b);
        for inst in block.insts {
            inst.for_each_use(|v| weights[v] += w);
            inst.for_each_def(|v| weights[v] += 2 * w);
        }
        block.term.for_each_use(|v| weights[v] += w);
    }
    weights
}

pub fn allocate_intervals(mf: &MFunction, intervals: &Intervals) -> Allocation {
    allocate_intervals_traced(mf, intervals, &mut NoTrace)
}

fn allocate_intervals_traced<T: Trace>(
    mf: &MFunction,
    intervals: &Intervals,
    trace: &mut T,
) -> Allocation {
    let mut scan = LinearScan {
        intervals,
        hints: collect_hints(mf),
        weights: spill_weights(mf),
        locs: SecondaryMap::with_capacity(mf.vreg_widths.len()),
        allocatable: crate::regs::allocatable(mf.frame_pointer),
        taken: (0..crate::regs::COUNT)
            .map(|_| Occupancy::default())
            .collect(),
        spilled: Vec::new(),
    };
    let stack_params = stack_parameters(mf);
    for &(k, v) in &stack_params {
        if scan.weights[v] <= IN_PLACE_WEIGHT {
            scan.locs[v] = Some(Loc::Incoming(k));
        }
    }
    // The intervals sorted by increasing start point (then number).
    let mut order: Vec<(Pos, VReg)> = (0..mf.vreg_widths.len())
        .map(VReg::new)
        .filter(|&v| scan.locs[v].is_none())
        .filter_map(|v| intervals.of(v).map(|i| (i.start(), v)))
        .collect();
    order.sort_unstable();
    if T::ON {
        trace_intervals(mf, &scan, &order, trace);
    }

    // lab(linear-scan) begin: the scan: each interval, by increasing start, gets a free register or spills
    for &(start, v) in &order {
        scan.expire_old_intervals(start);
        let class = scan.register_class(v);
        trace.event(|| Event::ScanStart {
            vreg: v.as_u32(),
            position: start,
            active: scan.active_at(start),
            constraint: class.constraint(),
        });
        match scan.free_register(v, class) {
            Some(r) => {
                trace.event(|| Event::ScanAssign {
                    vreg: v.as_u32(),
                    reg: r.name32(),
                });
                scan.assign(v, r)
            }
            None => scan.spill_at_interval(v, class, trace),
        }
    }
    // lab(linear-scan) stub:
    //~ for &(start, v) in &order {
    //~     // TODO(lab linear-scan): expire the intervals that ended before
    //~     // `start`, then give `v` a free register of its class if there is one,
    //~     // else choose what to spill (docs/labs/5-linear-scan.md).
    //~     // This stub spills every value: correct, and as slow as -O0.
    //~     let _ = (start, &mut *trace);
    //~     scan.spilled.push(v);
    //~ }
    // lab(linear-scan) end

    let LinearScan {
        mut locs,
        mut spilled,
        hints,
        ..
    } = scan;
    // A stack parameter spilled stays where the caller put it.
    for &(k, v) in &stack_params {
        if let Some(at) = spilled.iter().position(|&w| w == v) {
            spilled.swap_remove(at);
            locs[v] = Some(Loc::Incoming(k));
        }
    }
    let spill_slots = assign_spill_slots(intervals, &hints, &spilled, &mut locs);
    let mut callee_saved_used: Vec<PReg> = crate::regs::CALLEE_SAVED
        .iter()
        .copied()
        .filter(|&r| locs.values().any(|l| *l == Some(Loc::Reg(r))))
        .collect();
    callee_saved_used.sort();
    Allocation {
        locs,
        spill_slots,
        callee_saved_used,
    }
}

/// The largest spill weight of a stack parameter (the seventh and later)
/// left where the caller put it: read at most twice, outside loops (the
/// entry's definition counts 2, a use 1 outside loops and 8 or more inside
/// one). Copied into a register at entry, each would cost a load there
/// anyway, and hold a register — often a callee-saved one, saved and
/// restored — on every path, also those that never read it; in place, each
/// read is a memory operand or a load where it is needed. A stack
/// parameter that is spilled stays in place too, instead of being copied
/// to a spill slot.
const IN_PLACE_WEIGHT: u64 = 4;

/// The stack parameters of `mf`, with their numbers among the stack
/// arguments.
fn stack_parameters(mf: &MFunction) -> Vec<(u32, VReg)> {
    let entry = mf.block(mf.layout[0]);
    let params = entry.insts.iter().find_map(|i| match i {
        MInst::Params { dsts } => Some(dsts),
        _ => None,
    });
    (params
        .iter()
        .flat_map(|dsts| dsts.iter().skip(ARG_REGS.len()))
        .enumerate())
    .map(|(k, &v)| (k as u32, v))
    .collect()
}

/// The blocks' instruction ranges and every interval, for a trace.
fn trace_intervals(
    mf: &MFunction,
    scan: &LinearScan<'_>,
    order: &[(Pos, VReg)],
    trace: &mut impl Trace,
) {
    let first = &scan.intervals.block_first;
    trace.event(|| Event::ScanBlocks {
        blocks: (mf.layout.iter())
            .map(|&b| (b, first[b], first[b] + mf.block(b).insts.len() as u32))
            .collect(),
    });
    for &(_, v) in order {
        trace.event(|| Event::ScanInterval {
            vreg: v.as_u32(),
            ranges: scan.interval(v).ranges.to_vec(),
            weight: scan.weights[v],
        });
    }
}

/// The state of the scan: where each register went so far.
struct LinearScan<'a> {
    intervals: &'a Intervals,
    hints: Hints,
    weights: SecondaryMap<VReg, u64>,
    locs: SecondaryMap<VReg, Option<Loc>>,
    /// The registers to give, in order (`%rbp` only in a function without
    /// a frame pointer).
    allocatable: &'static [PReg],
    /// What each physical register holds (indexed by `PReg as usize`): the
    /// active and inactive intervals given to it.
    taken: Vec<Occupancy>,
    /// The registers that go to memory, in the order they were spilled.
    spilled: Vec<VReg>,
}

impl LinearScan<'_> {
    fn interval(&self, v: VReg) -> Interval<'_> {
        self.intervals.of(v).expect("an allocated register occurs")
    }

    /// The registers live at `pos`, with what they hold (for a trace).
    fn active_at(&self, pos: Pos) -> Vec<(&'static str, u32)> {
        self.allocatable
            .iter()
            .filter_map(|&r| {
                let (_, &(end, v)) = self.taken[r as usize].ranges.range(..=pos).next_back()?;
                (end >= pos).then(|| (r.name32(), v.as_u32()))
            })
            .collect()
    }

    /// The intervals that end before `start` give their register back.
    fn expire_old_intervals(&mut self, start: Pos) {
        for occupancy in &mut self.taken {
            occupancy.expire(start);
        }
    }

    /// The registers `v` may live in.
    fn register_class(&self, v: VReg) -> RegClass {
        let cur = self.interval(v);
        RegClass {
            callee_saved_only: cur.crosses(&self.intervals.calls),
            not_div_regs: cur.crosses(&self.intervals.divs) || self.hints.divisor[v],
        }
    }

    /// A register free for the whole interval of `v`: a hinted one if one
    /// is free, else the first free one in allocation order.
    fn free_register(&self, v: VReg, class: RegClass) -> Option<PReg> {
        let cur = self.interval(v);
        let free = |r: PReg| class.contains(r) && !self.taken[r as usize].intersects(cur);
        let hinted = self
            .hints
            .related
            .of(v)
            .iter()
            .filter_map(|&h| match self.locs[h] {
                Some(Loc::Reg(r)) => Some(r),
                _ => None,
            })
            .chain(self.hints.fixed.of(v).iter().copied())
            .find(|&r| free(r));
        hinted.or_else(|| self.allocatable.iter().copied().find(|&r| free(r)))
    }

    fn assign(&mut self, v: VReg, r: PReg) {
        let cur = self.intervals.of(v).expect("an allocated register occurs");
        self.taken[r as usize].insert(cur, v);
        self.locs[v] = Some(Loc::Reg(r));
    }

    /// No register is free for `v`: spill the intervals in the way of the
    /// register that are cheapest to spill, if together they cost less
    /// than `v`, and give it to `v`; else spill `v`.
    // lab(linear-scan) begin: the spill choice when no register is free
    fn spill_at_interval(&mut self, v: VReg, class: RegClass, trace: &mut impl Trace) {
        let cur = self.interval(v);
        let best = (self.allocatable.iter())
            .copied()
            .filter(|&r| class.contains(r))
            .map(|r| {
                // The intervals that keep `r` from being given to `v`.
                let in_way = self.taken[r as usize].conflicts(cur);
                let cost: u64 = in_way.iter().map(|&w| self.weights[w]).sum();
                (cost, r, in_way)
            })
            .min_by_key(|(cost, r, _)| (*cost, *r));
        trace.event(|| Event::ScanSpill {
            vreg: v.as_u32(),
            weight: self.weights[v],
            reg: best.as_ref().map(|(_, r, _)| r.name32()),
            evicted: (best.iter())
                .flat_map(|(_, _, w)| w.iter().map(|w| w.as_u32()))
                .collect(),
            cost: best.as_ref().map_or(0, |(cost, _, _)| *cost),
            taken: best
                .as_ref()
                .is_some_and(|(cost, _, _)| *cost < self.weights[v]),
        });
        match best {
            Some((cost, r, in_way)) if cost < self.weights[v] => {
                for &w in &in_way {
                    let spilled = self.intervals.of(w).expect("an allocated register occurs");
                    self.taken[r as usize].remove(spilled);
                }
                self.spilled.extend(in_way);
                self.assign(v, r);
            }
            _ => self.spilled.push(v),
        }
    }
    // lab(linear-scan) stub:
    //~ fn spill_at_interval(&mut self, v: VReg, class: RegClass, trace: &mut impl Trace) {
    //~     // TODO(lab linear-scan): find the register of `class` whose intervals
    //~     // in the way of `v` are cheapest to spill (`self.weights`); if they
    //~     // cost less than `v`, spill them and give `v` the register, else
    //~     // spill `v` (docs/labs/5-linear-scan.md). This stub always spills `v`.
    //~     let _ = (class, trace);
    //~     self.spilled.push(v);
    //~ }
    // lab(linear-scan) end
}

/// The registers an interval may live in (its constraints, as a class).
#[derive(Copy, Clone)]
struct RegClass {
    /// Live across a call: only callee-saved registers survive it.
    callee_saved_only: bool,
    /// Live across a division, or a divisor: not `%eax`/`%edx`, where the
    /// dividend and the remainder go.
    not_div_regs: bool,
}

impl RegClass {
    /// What limits the choice, in words (for a trace).
    fn constraint(self) -> Option<&'static str> {
        match (self.callee_saved_only, self.not_div_regs) {
            (false, false) => None,
            (true, false) => Some("live across a call: callee-saved registers only"),
            (false, true) => Some("live across a division or a divisor: not %eax, %edx"),
            (true, true) => Some("across a call and a division: callee-saved, not %eax, %edx"),
        }
    }

    fn contains(self, r: PReg) -> bool {
        (!self.callee_saved_only || r.is_callee_saved())
            && !(self.not_div_regs && matches!(r, PReg::Rax | PReg::Rdx))
    }
}

/// Gives each spilled register a stack slot, sharing slots between
/// intervals that do not overlap. The first choice is the slot of a value
/// it is copied from or to (the copy hints), if no interval given that
/// slot meets its own, holes included: a phi and the values copied into it
/// then share one slot, and the copies between them — memory to memory,
/// two instructions each through a scratch register — disappear, as
/// coalescing makes register copies disappear (LLVM's stack-slot colouring
/// merges spill slots the same way). Otherwise it is a greedy colouring of
/// the intervals (taken without their holes) by start, each taking the
/// lowest-numbered slot free at its start. Returns the number of slots.
/// The slots in use wait in a heap by the end of their last interval, so a
/// slot is found in logarithmic time however many values are spilled at
/// once.
fn assign_spill_slots(
    intervals: &Intervals,
    hints: &Hints,
    spilled: &[VReg],
    locs: &mut SecondaryMap<VReg, Option<Loc>>,
) -> u32 {
    let interval = |v: VReg| intervals.of(v).expect("a spilled register occurs");
    let mut spilled = spilled.to_vec();
    spilled.sort_by_key(|&v| (interval(v).start(), v));
    let mut free_slots: BTreeSet<u32> = BTreeSet::new();
    let mut busy_until: BinaryHeap<Reverse<(Pos, u32)>> = BinaryHeap::new();
    // Per slot: the end of the last interval given it (an entry of the heap
    // with an earlier end is stale), and the ranges given it.
    let mut slot_end: Vec<Pos> = Vec::new();
    let mut taken: Vec<Occupancy> = Vec::new();
    for &v in &spilled {
        let cur = interval(v);
        let (start, end) = (cur.start(), cur.end());
        while let Some(&Reverse((busy_end, slot))) = busy_until.peek() {
            if busy_end >= start {
                break;
            }
            busy_until.pop();
            if slot_end[slot as usize] == busy_end {
                free_slots.insert(slot);
            }
        }
        let hinted = hints.related.of(v).iter().find_map(|&h| match locs[h] {
            Some(Loc::Spill(slot)) => {
                let occupancy = &mut taken[slot as usize];
                occupancy.expire(start);
                (!occupancy.intersects(cur)).then_some(slot)
            }
            _ => None,
        });
        let slot = match hinted {
            Some(slot) => {
                free_slots.remove(&slot);
                slot
            }
            None => free_slots.pop_first().unwrap_or_else(|| {
                let slot = taken.len() as u32;
                slot_end.push(end);
                busy_until.push(Reverse((end, slot)));
                taken.push(Occupancy::default());
                slot
            }),
        };
        taken[slot as usize].insert(cur, v);
        if end > slot_end[slot as usize] {
            slot_end[slot as usize] = end;
            busy_until.push(Reverse((end, slot)));
        }
        locs[v] = Some(Loc::Spill(slot));
    }
    taken.len() as u32
}

/// Checks an allocation independently of how it was made: no value is in
/// `%rbp` where it is the frame pointer, no register or spill slot holds
/// two values at once, no value lives across a call in a
/// caller-saved register or across a division in `%eax`/`%edx`. A value
/// "holds" its location from each definition to the last use reached from
/// it, computed by a backward walk over every block from its live-out set.
pub fn check_allocation(mf: &MFunction, alloc: &Allocation) -> Result<(), String> {
    if mf.frame_pointer {
        if let Some((v, _)) = (alloc.locs.iter()).find(|(_, l)| **l == Some(Loc::Reg(PReg::Rbp))) {
            return Err(format!("{}: {v} in the frame pointer %rbp", mf.name));
        }
    }
    let liveness = Liveness::compute(mf);
    for &b in &mf.layout {
        let block = mf.block(b);
        let mut live: Vec<VReg> = liveness.live_out(b).to_vec();
        let clash = |what: &str, defined: &[VReg], live: &[VReg]| -> Result<(), String> {
            for &d in defined {
                for &l in live {
                    if l != d && alloc.locs[l] == alloc.locs[d] {
                        return Err(format!(
                            "{}: {d} and {l} share {:?} at {what} in {b}",
                            mf.name, alloc.locs[d]
                        ));
                    }
                }
            }
            Ok(())
        };
        let mut term_uses = Vec::new();
        block.term.for_each_use(|v| term_uses.push(v));
        for v in term_uses {
            if !live.contains(&v) {
                live.push(v);
            }
        }
        for inst in block.insts.iter().rev() {
            let mut defs = Vec::new();
            inst.for_each_def(|v| defs.push(v));
            // Values live after the instruction that it does not define.
            let across: Vec<VReg> = live.iter().copied().filter(|v| !defs.contains(v)).collect();
            clash(&format!("{inst:?}"), &defs, &across)?;
            // Definitions of one instruction must not share a location either.
            clash(&format!("{inst:?}"), &defs, &defs)?;
            for &v in &across {
                let loc = alloc.locs[v];
                let bad = match (inst, loc) {
                    (MInst::Call(_), Some(Loc::Reg(r))) => !r.is_callee_saved(),
                    (MInst::Div { .. }, Some(Loc::Reg(r))) => matches!(r, PReg::Rax | PReg::Rdx),
                    _ => false,
                };
                if bad {
                    return Err(format!("{}: {v} in {loc:?} across {inst:?}", mf.name));
                }
            }
            live.retain(|v| !defs.contains(v));
            inst.for_each_use(|v| {
                if !live.contains(&v) {
                    live.push(v)
                }
            });
        }
    }
    Ok(())
}
