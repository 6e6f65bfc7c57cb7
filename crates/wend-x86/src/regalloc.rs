//! Register allocation: linear scan over intervals with lifetime holes.
//!
//! Linear scan (Poletto & Sarkar, "Linear Scan Register Allocation", TOPLAS
//! 1999) with the lifetime holes of Traub, Holloway & Smith's second-chance
//! binpacking (PLDI 1998) as formulated by Wimmer & Mössenböck (VEE 2005),
//! but without interval splitting: the intervals ([`crate::intervals`]) are
//! visited by increasing start; an interval is *active* where it is live,
//! *inactive* in one of its holes. A register is free for the current
//! interval if no active interval holds it and no inactive one holding it
//! intersects the current one — so values whose lives interleave (a loop
//! variable and its next value) can share a register. When no register is
//! free, the intervals in the way of the register whose occupants end
//! furthest away are spilled, or the current one if it ends later still
//! (Poletto & Sarkar's heuristic); a spilled value lives in a stack slot
//! for its whole life.
//!
//! Constraints, as register classes per interval rather than fixed
//! intervals: an interval live across a call may only use callee-saved
//! registers (`%rbx`, `%r12`–`%r15`), one live across a division may not use
//! `%eax`/`%edx`. Operands that must be in a fixed register at one
//! instruction (arguments, return value, dividend) are moved there by the
//! emitter, from wherever they were allocated.
//!
//! Coalescing by hints: a register is preferably given the register of a
//! value it is copied from or to (phi copies, the left operand of two-address
//! arithmetic), or the fixed register it is wanted in (argument registers,
//! `%eax` for results); a copy between two values with the same register
//! disappears at emission. Spill slots are then shared between spilled
//! intervals that do not overlap (greedy interval-graph colouring).
//!
//! Requires a complete machine function; the result is invalidated by any
//! change to it. [`check_allocation`] verifies a result independently.

use crate::intervals::{Interval, Intervals};
use crate::liveness::Liveness;
use crate::mir::{MFunction, MInst, MTerm, Operand, VReg};
use crate::regs::{PReg, ALLOCATABLE, ARG_REGS};
use cranelift_entity::SecondaryMap;

/// Where a virtual register lives.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Loc {
    Reg(PReg),
    /// The n-th 8-byte spill slot of the frame.
    Spill(u32),
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

#[derive(Default, Clone)]
struct Hints {
    /// Registers this one is copied from or to.
    related: Vec<VReg>,
    /// Physical registers this one is wanted in.
    fixed: Vec<PReg>,
}

fn collect_hints(mf: &MFunction) -> SecondaryMap<VReg, Hints> {
    let mut hints: SecondaryMap<VReg, Hints> = SecondaryMap::new();
    let relate = |hints: &mut SecondaryMap<VReg, Hints>, a: VReg, b: &Operand| {
        if let Operand::Reg(b) = *b {
            hints[a].related.push(b);
            hints[b].related.push(a);
        }
    };
    for &b in &mf.layout {
        let block = mf.block(b);
        for inst in &block.insts {
            match inst {
                MInst::Params { dsts } => {
                    for (d, r) in dsts.iter().zip(ARG_REGS) {
                        hints[*d].fixed.push(r);
                    }
                }
                MInst::Copy { dst, src } => relate(&mut hints, *dst, src),
                MInst::Alu { dst, lhs, .. } => relate(&mut hints, *dst, lhs),
                MInst::Select { dst, if_false, .. } => relate(&mut hints, *dst, if_false),
                MInst::Div { rem, dst, lhs, .. } => {
                    hints[*dst]
                        .fixed
                        .push(if *rem { PReg::Rdx } else { PReg::Rax });
                    if let Operand::Reg(l) = lhs {
                        hints[*l].fixed.push(PReg::Rax);
                    }
                }
                MInst::Call { args, ret, .. } => {
                    for (a, r) in args.iter().zip(ARG_REGS) {
                        if let Operand::Reg(a) = a {
                            hints[*a].fixed.push(r);
                        }
                    }
                    if let Some(ret) = ret {
                        hints[*ret].fixed.push(PReg::Rax);
                    }
                }
                MInst::ParallelMove { moves } => {
                    for (d, s) in moves {
                        relate(&mut hints, *d, s);
                    }
                }
                _ => {}
            }
        }
        if let MTerm::Ret {
            value: Some(Operand::Reg(v)),
        } = block.term
        {
            hints[v].fixed.push(PReg::Rax);
        }
    }
    hints
}

/// Allocates every virtual register of `mf`.
pub fn allocate(mf: &MFunction) -> Allocation {
    let liveness = Liveness::compute(mf);
    let intervals = Intervals::compute(mf, &liveness);
    allocate_intervals(mf, &intervals)
}

pub fn allocate_intervals(mf: &MFunction, intervals: &Intervals) -> Allocation {
    let hints = collect_hints(mf);
    let mut order: Vec<(&Interval, VReg)> = intervals
        .of
        .iter()
        .filter_map(|(v, i)| i.as_ref().map(|i| (i, v)))
        .collect();
    order.sort_by_key(|&(i, v)| (i.start(), v));

    let mut locs: SecondaryMap<VReg, Option<Loc>> =
        SecondaryMap::with_capacity(mf.vreg_widths.len());
    // Intervals holding a register, live at the current position (active)
    // or in a hole (inactive).
    let mut active: Vec<(VReg, PReg)> = Vec::new();
    let mut inactive: Vec<(VReg, PReg)> = Vec::new();
    let mut spilled: Vec<VReg> = Vec::new();
    let interval = |v: VReg| intervals.of[v].as_ref().unwrap();

    for &(cur, v) in &order {
        let pos = cur.start();
        let mut still_active = Vec::new();
        for (w, r) in active
            .drain(..)
            .chain(inactive.drain(..))
            .collect::<Vec<_>>()
        {
            let i = interval(w);
            if i.end() < pos {
                continue; // handled: never live again
            }
            if i.covers(pos) {
                still_active.push((w, r));
            } else {
                inactive.push((w, r));
            }
        }
        active = still_active;

        let crosses_call = cur.crosses(&intervals.calls);
        let crosses_div = cur.crosses(&intervals.divs);
        let allowed = |r: PReg| {
            (!crosses_call || r.is_callee_saved())
                && !(crosses_div && matches!(r, PReg::Rax | PReg::Rdx))
        };
        // The intervals that keep `r` from being given to `cur`.
        let conflicts = |r: PReg| -> Vec<VReg> {
            let in_active = active.iter().filter(|&&(_, h)| h == r).map(|&(w, _)| w);
            let in_inactive = inactive
                .iter()
                .filter(|&&(w, h)| h == r && interval(w).intersects(cur))
                .map(|&(w, _)| w);
            in_active.chain(in_inactive).collect()
        };
        let free = |r: PReg| allowed(r) && conflicts(r).is_empty();
        let hinted = hints[v]
            .related
            .iter()
            .filter_map(|&h| match locs[h] {
                Some(Loc::Reg(r)) => Some(r),
                _ => None,
            })
            .chain(hints[v].fixed.iter().copied())
            .find(|&r| free(r));
        let chosen = hinted.or_else(|| ALLOCATABLE.iter().copied().find(|&r| free(r)));
        let reg = match chosen {
            Some(r) => Some(r),
            None => {
                // Evict the occupants of the register whose nearest
                // occupant end is furthest, if that is beyond our own end.
                let best = ALLOCATABLE
                    .iter()
                    .copied()
                    .filter(|&r| allowed(r))
                    .map(|r| {
                        let in_way = conflicts(r);
                        let nearest_end = in_way.iter().map(|&w| interval(w).end()).min();
                        (nearest_end.unwrap_or(u32::MAX), r, in_way)
                    })
                    .max_by_key(|(end, r, _)| (*end, std::cmp::Reverse(*r)));
                match best {
                    Some((end, r, in_way)) if end > cur.end() => {
                        active.retain(|(w, _)| !in_way.contains(w));
                        inactive.retain(|(w, _)| !in_way.contains(w));
                        spilled.extend(in_way);
                        Some(r)
                    }
                    _ => None,
                }
            }
        };
        match reg {
            Some(r) => {
                active.push((v, r));
                locs[v] = Some(Loc::Reg(r));
            }
            None => spilled.push(v),
        }
    }

    // Spill slots: greedy colouring of the spilled intervals (taken
    // without their holes) by start.
    spilled.sort_by_key(|&v| (interval(v).start(), v));
    let mut slot_free_after: Vec<u32> = Vec::new();
    for &v in &spilled {
        let (start, end) = (interval(v).start(), interval(v).end());
        let slot = match slot_free_after.iter().position(|&e| e < start) {
            Some(s) => s,
            None => {
                slot_free_after.push(0);
                slot_free_after.len() - 1
            }
        };
        slot_free_after[slot] = end;
        locs[v] = Some(Loc::Spill(slot as u32));
    }

    let mut callee_saved_used: Vec<PReg> = crate::regs::CALLEE_SAVED
        .iter()
        .copied()
        .filter(|&r| locs.values().any(|l| *l == Some(Loc::Reg(r))))
        .collect();
    callee_saved_used.sort();
    Allocation {
        locs,
        spill_slots: slot_free_after.len() as u32,
        callee_saved_used,
    }
}

/// Checks an allocation independently of how it was made: no register or
/// spill slot holds two values at once, no value lives across a call in a
/// caller-saved register or across a division in `%eax`/`%edx`. A value
/// "holds" its location from each definition to the last use reached from
/// it, computed by a backward walk over every block from its live-out set.
pub fn check_allocation(mf: &MFunction, alloc: &Allocation) -> Result<(), String> {
    let liveness = Liveness::compute(mf);
    for &b in &mf.layout {
        let block = mf.block(b);
        let mut live: Vec<VReg> = liveness.live_out(b).iter().collect();
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
                    (MInst::Call { .. }, Some(Loc::Reg(r))) => !r.is_callee_saved(),
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
