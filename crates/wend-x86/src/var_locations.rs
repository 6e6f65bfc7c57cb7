//! Where each source variable is, instruction by instruction, in optimised
//! code: the ranges of the DWARF location lists of `-g` at -O1/-O2.
//!
//! mem2reg replaces a variable by SSA values and leaves debug values
//! saying which one it holds from where on ([`MInst::DebugValue`], from
//! `wend_ir::InstKind::DebugValue`). After register allocation, each
//! virtual register has one home (a register or a spill slot: intervals
//! are never split), so a variable bound to register value `v` can be read
//! from `v`'s home — as long as the home still holds `v`. This is a forward
//! data-flow analysis over the machine blocks, LLVM's `LiveDebugValues` in
//! small, with two facts at each point:
//!
//! - **bindings**: the value each variable holds (a virtual register or a
//!   constant), set by a debug value, and dropped where the register is
//!   defined again (a loop's next iteration: the variable still holds the
//!   old value, which is gone);
//! - **contents**: the virtual register each home holds, set where one is
//!   defined and dropped where anything else writes the home (another
//!   value sharing the register or the spill slot, a call clobbering the
//!   caller-saved registers, a division clobbering `%eax` and `%edx`).
//!
//! At a join both keep only what all the predecessors agree on (a must
//! analysis, iterated to its greatest fixed point). A variable is shown
//! where it is bound to a constant, or to a register its home holds. An
//! instruction that writes the home ends the range at its first byte:
//! stopped at its first address, none of it has run, but once it runs,
//! the home may hold the new value before its last machine instruction. A
//! block's ranges end before its terminator's code (a return restores the
//! callee-saved registers). Everywhere else the variable is `<optimized out>`: the
//! analysis never claims what it cannot prove, so gdb never shows a wrong
//! value.
//!
//! Ranges never cross a block boundary: the emitter places blocks in its
//! own order and copies loop tests, so each range lies between two labels
//! of one block's code ([`DebugLabels`]).

use crate::mir::{MFunction, MInst, Operand, VReg};
use crate::regalloc::{Allocation, Loc};
use crate::regs::{PReg, CALLER_SAVED};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use wend_ir::Block;

/// Every debug label starts with this (and no other label does: block
/// labels have a `.` after the function's name).
pub const DEBUG_LABEL_PREFIX: &str = ".Ldebug_loc";

/// The labels the emitter puts in a function's code for its ranges: one
/// before each marked machine instruction (`<prefix><index>`), after it
/// the address just past its first byte if it has code, or else its
/// label's (`<prefix><index>h`), and one at the end of each block's code,
/// before its terminator's (`<prefix>e<block>`).
pub struct DebugLabels {
    pub prefix: String,
    /// Per machine instruction (index into [`MFunction::insts`]).
    pub before: Vec<bool>,
    /// Per machine instruction, whether its `h` symbol is needed.
    pub first_byte: Vec<bool>,
}

impl DebugLabels {
    fn before_inst(&mut self, i: usize) -> String {
        self.before[i] = true;
        format!("{}{i}", self.prefix)
    }

    fn past_first_byte(&mut self, i: usize) -> String {
        self.before[i] = true;
        self.first_byte[i] = true;
        format!("{}{i}h", self.prefix)
    }

    pub fn block_end(&self, b: Block) -> String {
        format!("{}e{}", self.prefix, b.as_u32())
    }
}

/// Where a variable's value is.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum VarLoc {
    Reg(PReg),
    /// At this offset from the frame base (the canonical frame address).
    Frame(i64),
    /// Not stored anywhere: the value itself.
    Const(i32),
}

/// `loc` from label `start` to label `end`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Range {
    pub start: String,
    pub end: String,
    pub loc: VarLoc,
}

/// What a variable holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Bind {
    Reg(VReg),
    Const(i32),
}

/// The facts at one point (see the module doc).
#[derive(Clone, Default, Debug)]
struct State {
    bind: BTreeMap<u32, Bind>,
    contents: FxHashMap<Loc, VReg>,
    /// The variables bound to each register (some perhaps no longer):
    /// so that a definition finds them without a walk over all. Only
    /// while a block is walked ([`State::walked`]): the states kept at
    /// block entries would hold it once per block.
    bound_to: FxHashMap<VReg, Vec<u32>>,
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.bind == other.bind && self.contents == other.contents
    }
}

impl State {
    fn set(&mut self, var: u32, value: Option<Bind>) {
        match value {
            Some(b) => {
                self.bind.insert(var, b);
                if let Bind::Reg(v) = b {
                    self.bound_to.entry(v).or_default().push(var);
                }
            }
            None => {
                self.bind.remove(&var);
            }
        }
    }

    /// The variables bound to `v`.
    fn bound_to(&self, v: VReg) -> impl Iterator<Item = u32> + '_ {
        let vars = self.bound_to.get(&v).map_or(&[][..], Vec::as_slice);
        vars.iter()
            .copied()
            .filter(move |var| self.bind.get(var) == Some(&Bind::Reg(v)))
    }

    /// A copy to walk a block with, its index built.
    fn walked(&self) -> State {
        let mut bound_to: FxHashMap<VReg, Vec<u32>> = FxHashMap::default();
        for (&var, bind) in &self.bind {
            if let Bind::Reg(v) = *bind {
                bound_to.entry(v).or_default().push(var);
            }
        }
        State {
            bind: self.bind.clone(),
            contents: self.contents.clone(),
            bound_to,
        }
    }

    /// The state to keep at a block's entry, without the index.
    fn kept(mut self) -> State {
        self.bound_to = FxHashMap::default();
        self
    }

    /// What both `self` and `other` say.
    fn meet(&mut self, other: &State) {
        self.bind.retain(|var, b| other.bind.get(var) == Some(b));
        self.contents
            .retain(|loc, v| other.contents.get(loc) == Some(v));
    }
}

/// The ranges of each of `variables` variables (empty: never known), and
/// the labels they need. `spill_offset` gives a spill slot's frame-base
/// offset (`None`: not addressable so).
pub fn compute(
    mf: &MFunction,
    alloc: &Allocation,
    variables: usize,
    prefix: String,
    spill_offset: impl Fn(u32) -> Option<i64>,
) -> (Vec<Vec<Range>>, DebugLabels) {
    let mut labels = DebugLabels {
        prefix,
        before: vec![false; mf.insts.len()],
        first_byte: vec![false; mf.insts.len()],
    };
    let mut ranges = vec![Vec::new(); variables];
    if !mf
        .insts
        .iter()
        .any(|i| matches!(i, MInst::DebugValue { .. }))
    {
        return (ranges, labels);
    }
    let home = |v: VReg| alloc.locs.get(v).copied().flatten();
    let entry_states = block_entry_states(mf, &home);
    for &b in &mf.layout {
        let Some(mut state) = entry_states.get(&b).map(State::walked) else {
            continue; // unreachable
        };
        let data = mf.blocks[b].as_ref().unwrap();
        let (first, end) = (data.insts.start as usize, data.insts.end as usize);
        let block_end = labels.block_end(b);
        let label = |labels: &mut DebugLabels, i: usize| match i < end {
            true => labels.before_inst(i),
            false => block_end.clone(),
        };
        // The variable's location now, if shown.
        let shown = |state: &State, var: u32| -> Option<VarLoc> {
            match *state.bind.get(&var)? {
                Bind::Const(c) => Some(VarLoc::Const(c)),
                Bind::Reg(v) => {
                    let loc = home(v)?;
                    (state.contents.get(&loc) == Some(&v)).then_some(())?;
                    match loc {
                        Loc::Reg(r) => Some(VarLoc::Reg(r)),
                        Loc::Spill(s) => spill_offset(s).map(VarLoc::Frame),
                        // Stack argument k is 8k bytes above the canonical
                        // frame address (the caller's %rsp at its call).
                        Loc::Incoming(k) => Some(VarLoc::Frame(8 * i64::from(k))),
                    }
                }
            }
        };
        // The open range of each variable shown: where it starts, where.
        let mut open: BTreeMap<u32, (String, VarLoc)> = BTreeMap::new();
        let mut close = |open: &mut BTreeMap<u32, (String, VarLoc)>, var: u32, end: String| {
            if let Some((start, loc)) = open.remove(&var) {
                ranges[var as usize].push(Range { start, end, loc });
            }
        };
        let vars: Vec<u32> = state.bind.keys().copied().collect();
        for var in vars {
            if let Some(loc) = shown(&state, var) {
                open.insert(var, (label(&mut labels, first), loc));
            }
        }
        for i in first..end {
            let inst = &mf.insts[i];
            if let MInst::DebugValue { var, .. } = *inst {
                close(&mut open, var, label(&mut labels, i));
                transfer(&mut state, inst, &home);
                if let Some(loc) = shown(&state, var) {
                    open.insert(var, (label(&mut labels, i), loc));
                }
                continue;
            }
            // The variables whose value the instruction overwrites, or
            // defines anew, end their range before it.
            let mut written: Vec<Loc> = clobbers(inst).map(Loc::Reg).collect();
            let mut defs = Vec::new();
            inst.for_each_def(|d| {
                defs.push(d);
                written.extend(home(d));
            });
            let mut hidden = Vec::new();
            for loc in written {
                if let Some(&old) = state.contents.get(&loc) {
                    hidden.extend(state.bound_to(old));
                }
            }
            for d in defs {
                hidden.extend(state.bound_to(d));
            }
            for var in hidden {
                close(&mut open, var, labels.past_first_byte(i));
            }
            transfer(&mut state, inst, &home);
        }
        for var in open.keys().copied().collect::<Vec<_>>() {
            close(&mut open, var, block_end.clone());
        }
    }
    (ranges, labels)
}

/// The registers `inst` destroys beyond its definitions.
fn clobbers(inst: &MInst) -> impl Iterator<Item = PReg> {
    let regs: &'static [PReg] = match inst {
        MInst::Call(_) => &CALLER_SAVED,
        MInst::Div { .. } => &[PReg::Rax, PReg::Rdx],
        _ => &[],
    };
    regs.iter().copied()
}

/// The facts after `inst`, from those before it.
fn transfer(state: &mut State, inst: &MInst, home: &impl Fn(VReg) -> Option<Loc>) {
    if let MInst::DebugValue { var, value } = *inst {
        let bind = match value {
            Some(Operand::Reg(v)) => Some(Bind::Reg(v)),
            Some(Operand::Imm(c)) => Some(Bind::Const(c)),
            None => None,
        };
        state.set(var, bind);
        return;
    }
    for r in clobbers(inst) {
        state.contents.remove(&Loc::Reg(r));
    }
    inst.for_each_def(|d| {
        // A new value of `d`: the variables bound to the old one lose it.
        let stale: Vec<u32> = state.bound_to(d).collect();
        for var in stale {
            state.set(var, None);
        }
        state.bound_to.remove(&d);
        if let Some(loc) = home(d) {
            state.contents.insert(loc, d);
        }
    });
}

/// The facts on entry to each reachable block (greatest fixed point).
fn block_entry_states(
    mf: &MFunction,
    home: &impl Fn(VReg) -> Option<Loc>,
) -> FxHashMap<Block, State> {
    let mut entry: FxHashMap<Block, State> = FxHashMap::default();
    entry.insert(mf.layout[0], State::default());
    let mut changed = true;
    while changed {
        changed = false;
        for &b in &mf.layout {
            let Some(mut state) = entry.get(&b).map(State::walked) else {
                continue;
            };
            for inst in mf.block(b).insts {
                transfer(&mut state, inst, home);
            }
            let state = state.kept();
            for s in mf.block(b).term.successors() {
                let new = match entry.get(&s) {
                    _ if s == mf.layout[0] => continue,
                    Some(old) => {
                        let mut met = old.clone();
                        met.meet(&state);
                        met
                    }
                    None => state.clone(),
                };
                if entry.get(&s) != Some(&new) {
                    entry.insert(s, new);
                    changed = true;
                }
            }
        }
    }
    entry
}
