//! Algorithm traces: the steps of the teaching algorithms, as the tables a
//! lecture draws (`wendc analyze --trace NAME`).
//!
//! An algorithm that can be traced takes a `&mut impl Trace` and says what
//! each step did with one line, `trace.event(|| Event::…)`. The event is
//! built by a closure that only runs when the sink records: with
//! [`NoTrace`] (what every ordinary caller passes) `Trace::ON` is a
//! constant `false`, the call compiles to nothing, and the algorithm costs
//! what it cost before. [`Recorder`] keeps the events.
//!
//! Events name entities by id ([`Block`], [`Value`]), never by text, so a
//! pass formats nothing. Ids are only meaningful in the function they came
//! from, and a pass changes its function; so a traced pass also calls
//! [`Trace::names`] once it is done (before any renumbering), and the
//! recorder keeps the names of that state, falling back, for values the
//! pass deleted (mem2reg's loads), to the names they had before it. The
//! printing of traces is wend-explain's (`traces.rs`).

use crate::entities::{Block, Value};
use crate::function::Function;
use crate::print::FunctionNames;
use cranelift_entity::SecondaryMap;

/// A sink for the events of an algorithm.
pub trait Trace {
    /// Whether events are recorded at all (a constant, so that a disabled
    /// trace is compiled out).
    const ON: bool;

    /// Records one event.
    fn record(&mut self, event: Event);

    /// Records the event `make` builds, if this sink records.
    #[inline(always)]
    fn event(&mut self, make: impl FnOnce() -> Event) {
        if Self::ON {
            self.record(make());
        }
    }

    /// The function the events' ids refer to, in its state after the
    /// algorithm (see the module doc).
    #[inline(always)]
    fn names(&mut self, _func: &Function) {}
}

/// The sink that records nothing: what untraced callers pass.
pub struct NoTrace;

impl Trace for NoTrace {
    const ON: bool = false;
    #[inline(always)]
    fn record(&mut self, _event: Event) {}
}

/// A lattice cell of sparse conditional constant propagation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Top,
    Const(i32),
    Bottom,
}

/// A location of a parallel copy being sequentialised: an SSA value, or the
/// temporary that breaks a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum CopyLoc {
    Value(Value),
    Temp,
}

/// One step of a traced algorithm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    // ---- dominators (Cooper, Harvey & Kennedy) ----
    /// The immediate dominator of every reachable block (in reverse
    /// postorder) after one round over them; `None`: not known yet.
    DomRound {
        round: u32,
        idom: Vec<(Block, Option<Block>)>,
        changed: bool,
    },

    // ---- dominance frontiers (the runner walk) ----
    /// The runner walked from `pred` up the dominator tree to `stop`
    /// (the immediate dominator of `block`, excluded), adding `block` to
    /// the frontier of each block in `walked`.
    FrontierWalk {
        block: Block,
        pred: Block,
        stop: Option<Block>,
        walked: Vec<Block>,
    },

    // ---- mem2reg: phi placement ----
    /// The variables mem2reg promotes, by their address (an alloca), in
    /// the order the other mem2reg events number them.
    Variables { addresses: Vec<Value> },
    /// Placement starts for variable `var`: the blocks that store it, and
    /// those where it is live on entry (the pruning test).
    PlaceVariable {
        var: u32,
        stores: Vec<Block>,
        live_in: Vec<Block>,
    },
    /// The variable needs no phi: it is stored once, a constant or a
    /// parameter, or never (its loads read that value or undef).
    NoPhiNeeded { var: u32, never_stored: bool },
    /// The iterated-frontier worklist took `block`: the blocks of its
    /// frontier, and which of them went on the worklist for the first time.
    IdfVisit {
        block: Block,
        frontier: Vec<Block>,
        pushed: Vec<Block>,
    },
    /// A block of the iterated frontier, whether the variable is live on
    /// entry there, and whether the flavour's test puts a phi there (pruned:
    /// if live; minimal: always; semi-pruned: if the variable lives across
    /// blocks at all).
    PhiAt {
        var: u32,
        block: Block,
        live: bool,
        phi: bool,
    },

    // ---- mem2reg: renaming ----
    /// The dominator-tree walk enters `block`; `current[var]` is each
    /// variable's current definition there.
    RenameEnter { block: Block, current: Vec<Value> },
    /// A phi of the block defines the variable.
    RenamePhi { var: u32, phi: Value },
    /// A load of the variable is replaced by its current definition.
    RenameLoad { var: u32, load: Value, value: Value },
    /// A store makes `value` the variable's current definition.
    RenameStore { var: u32, value: Value },
    /// Leaving `block` for `succ`: the entry of the phi for that edge.
    RenamePhiEntry {
        block: Block,
        succ: Block,
        var: u32,
        phi: Value,
        value: Value,
    },
    /// The walk leaves the subtree of `block`: the definitions made in it
    /// are undone.
    RenameLeave { block: Block },

    // ---- SCCP (Wegman & Zadeck) ----
    /// The edge `from -> to` is found executable.
    SccpEdge { from: Block, to: Block },
    /// `block` is reached for the first time: all of it is evaluated.
    SccpBlock { block: Block },
    /// The lattice cell of `value` goes down.
    SccpCell { value: Value, from: Cell, to: Cell },

    // ---- liveness ----
    /// The live-in and live-out sets of every block after one round, in the
    /// order the round visited them.
    LivenessRound {
        round: u32,
        sets: Vec<(Block, Vec<Value>, Vec<Value>)>,
        changed: bool,
    },

    // ---- out of SSA ----
    /// The edge `from -> to` is split by the new block `new`.
    SplitEdge { from: Block, to: Block, new: Block },
    /// The parallel copy that the phis of `succ` put at the end of `block`
    /// (`(destination, source)` pairs), and the moves that perform it one
    /// at a time.
    ParallelCopy {
        block: Block,
        succ: Block,
        copies: Vec<(Value, Value)>,
        moves: Vec<(CopyLoc, CopyLoc)>,
    },

    // ---- linear scan (on the machine IR: virtual registers by number,
    // positions as in `wend-x86/src/intervals.rs`: instruction i reads at
    // 2i and writes at 2i + 1) ----
    /// The first and last instruction index of each machine block.
    ScanBlocks { blocks: Vec<(Block, u32, u32)> },
    /// The IR value each virtual register holds (the others are the
    /// backend's temporaries).
    ScanValues { vregs: Vec<(u32, Value)> },
    /// The live interval of `vreg` (ranges of positions, lifetime holes
    /// between them) and its spill weight, in the order the scan takes them.
    ScanInterval {
        vreg: u32,
        ranges: Vec<(u32, u32)>,
        weight: u64,
    },
    /// The scan reaches the start of `vreg`'s interval: the registers
    /// active there (live at `position`), after expiring the intervals that
    /// ended, and what limits `vreg`'s choice.
    ScanStart {
        vreg: u32,
        position: u32,
        active: Vec<(&'static str, u32)>,
        constraint: Option<&'static str>,
    },
    /// `vreg` gets the free register `reg`.
    ScanAssign { vreg: u32, reg: &'static str },
    /// No register is free for `vreg` (spill weight `weight`). The cheapest
    /// register to take, `reg`, holds intervals `evicted` of total weight
    /// `cost`: if that is less than `weight` they are spilled and `vreg`
    /// gets `reg` (`taken`), else `vreg` itself is spilled.
    ScanSpill {
        vreg: u32,
        weight: u64,
        reg: Option<&'static str>,
        evicted: Vec<u32>,
        cost: u64,
        taken: bool,
    },
}

/// A sink that keeps every event, and the names to print them with.
#[derive(Default)]
pub struct Recorder {
    pub events: Vec<Event>,
    /// The blocks in layout order, as of the last [`Trace::names`].
    pub layout: Vec<Block>,
    blocks: SecondaryMap<Block, Option<String>>,
    values: SecondaryMap<Value, Option<String>>,
}

impl Recorder {
    /// A recorder naming ids as in `func` (its state before the algorithm).
    pub fn new(func: &Function) -> Recorder {
        let mut recorder = Recorder::default();
        recorder.names(func);
        recorder
    }

    /// The name of a block (`?` with its id if it was never named).
    pub fn block(&self, b: Block) -> String {
        self.blocks[b].clone().unwrap_or_else(|| format!("?{b}"))
    }

    /// The name of a value, with its `%` (constants as themselves).
    pub fn value(&self, v: Value) -> String {
        match &self.values[v] {
            Some(name) => name.clone(),
            None => format!("?{v}"),
        }
    }
}

impl Trace for Recorder {
    const ON: bool = true;

    fn record(&mut self, event: Event) {
        self.events.push(event);
    }

    fn names(&mut self, func: &Function) {
        let names = FunctionNames::compute(func);
        self.layout.clone_from(&func.layout);
        for &b in &func.layout {
            self.blocks[b] = Some(names.block(b).to_string());
        }
        for v in func.values.keys() {
            let name = names.value(v);
            // A value placed nowhere any more (a deleted load) keeps the
            // name it had when it was placed.
            if !name.starts_with("<badref") || self.values[v].is_none() {
                self.values[v] = Some(name.to_string());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What an algorithm looks like with a trace: one line per step.
    fn count_to(n: u32, trace: &mut impl Trace) -> u32 {
        let mut i = 0;
        while i < n {
            i += 1;
            trace.event(|| Event::RenameLeave {
                block: Block::from_u32(i),
            });
        }
        i
    }

    #[test]
    fn no_trace_builds_no_event() {
        struct Panics;
        impl Trace for Panics {
            const ON: bool = false;
            fn record(&mut self, _: Event) {
                panic!("recorded while off")
            }
        }
        assert_eq!(count_to(3, &mut Panics), 3);
        assert_eq!(count_to(3, &mut NoTrace), 3);
    }

    #[test]
    fn recorder_keeps_every_event_in_order() {
        let mut r = Recorder::default();
        count_to(2, &mut r);
        assert_eq!(
            r.events,
            vec![
                Event::RenameLeave {
                    block: Block::from_u32(1)
                },
                Event::RenameLeave {
                    block: Block::from_u32(2)
                }
            ]
        );
    }
}
