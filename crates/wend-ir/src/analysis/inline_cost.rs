//! inline_cost: what a function's body costs at one call site once the
//! call's arguments are known — LLVM's `InlineCost`, whose `CallAnalyzer`
//! (lib/Analysis/InlineCost.cpp) is the model, much simplified.
//!
//! A function's size says what inlining copies; what is left once the copy
//! is simplified is often far less. At `get(3, p0, …, p15)` the index is a
//! constant, so every comparison on it folds and every branch it decides
//! keeps one side: of a 16-variable getter's 62 instructions, one path of
//! four blocks survives, and on it one `load` through a capture pointer,
//! which mem2reg turns into a value of the caller. The walk computes that
//! remainder without copying anything:
//!
//! - Blocks are visited from the entry, each once, in reverse postorder,
//!   so that a block's forward predecessors come before it. A conditional
//!   branch whose condition folds queues only the side it takes (LLVM's
//!   `KnownSuccessors`), so the blocks that only dead paths reach are
//!   never visited and cost nothing, and their edges bring nothing to the
//!   phis they enter (LLVM's `DeadBlocks`).
//! - Each instruction is evaluated on what is known of its operands
//!   (LLVM's `SimplifiedValues`): constants fold with the IR's own folders
//!   ([`crate::BinOp::fold`], [`crate::IcmpCond::fold`]); a select on a
//!   known condition is its chosen arm; a phi whose live edges all bring
//!   one constant is that constant (the back edge of a loop, not visited
//!   yet, brings an unknown value). Beyond LLVM's walk, what the caller
//!   knows of an `i32` argument's range (from [`crate::analysis::ranges`])
//!   goes through the same interval arithmetic as there ([`Range::binary`],
//!   and the union at phis and selects), and decides a comparison when the
//!   intervals do ([`Range::decide`]): the `if n < 0` of a helper called
//!   with a loop counter is not paid for. What folds is free.
//! - A pointer to one of the caller's own slots of one value (not an
//!   array, which mem2reg never promotes), passed as an argument, is what
//!   LLVM calls an SROA argument, and so is such a slot the callee
//!   allocates: once inlined, its loads and stores are the caller's, which
//!   mem2reg promotes, so they are free — unless the pointer is used any
//!   other way (passed to a call that stays, merged by a phi or a select
//!   that does not fold), which keeps the slot in memory: then what was
//!   credited to that slot is charged back and its later accesses cost
//!   (LLVM's `disableSROA`).
//! - Phis, unconditional branches, decided branches and the first `ret`
//!   cost nothing (they become copies, fall-throughs and the branch to the
//!   continuation); a call costs what the caller of this analysis says
//!   (the inliner knows which of the callee's own calls it inlines and what
//!   those weigh); every other instruction and terminator costs 1.
//!
//! The walk stops as soon as the cost passes the limit it is given (LLVM
//! stops at its threshold too), or after visiting [`VISIT_FACTOR`] times
//! the limit in instructions (constants can fold for ever at no cost), so
//! that it takes bounded time per call site however large the callee is.

use crate::analysis::cfg::Cfg;
use crate::analysis::ranges::Range;
use crate::{Block, Function, Inst, InstKind, Terminator, Type, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What the caller knows of one argument of the call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgFact {
    Unknown,
    Const(i32),
    /// An `i32` somewhere in this range (never a single value: that is
    /// `Const`), as the caller's [`crate::analysis::ranges`] know it.
    Range(Range),
    /// A pointer to a slot (`alloca`) of one value of the caller, which
    /// mem2reg can promote once no call takes its address.
    CallerSlot,
}

/// What a call inside the callee costs, as the caller of the analysis
/// sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InnerCall {
    pub cost: usize,
    /// The call stays a call, so the slots it is passed stay in memory
    /// (false for a call the inliner inlines in its turn).
    pub keeps_args: bool,
}

/// The walk gives up after visiting this many instructions per unit of
/// its cost limit.
pub const VISIT_FACTOR: usize = 8;

/// The cost of `func`'s body at a call whose arguments are `args`, or
/// `None` once it is over `limit`. `cfg` is `func`'s (a caller asking for
/// many call sites computes it once); `inner_call` says what each call in
/// the body costs.
pub fn cost_at_call_site(
    func: &Function,
    cfg: &Cfg,
    args: &[ArgFact],
    limit: usize,
    inner_call: impl FnMut(Inst) -> InnerCall,
) -> Option<usize> {
    let entry = cfg.entry()?;
    let mut walk = Walk {
        func,
        cfg,
        facts: FxHashMap::default(),
        slots: Vec::new(),
        param_slot: Vec::new(),
        live: FxHashSet::default(),
        taken: FxHashMap::default(),
        cost: 0,
        limit,
        inner_call,
    };
    for &fact in args {
        let slot = (fact == ArgFact::CallerSlot).then(|| walk.new_slot());
        walk.param_slot.push(slot);
    }
    // The live blocks not visited yet, by their index in reverse
    // postorder: a block comes after every predecessor that is not a
    // loop's back edge, so its phis see what the forward edges bring.
    let mut queue = BinaryHeap::new();
    walk.reach(entry, &mut queue);
    let mut visits_left = VISIT_FACTOR.saturating_mul(limit.max(1));
    let mut returns = 0;
    while let Some(Reverse(index)) = queue.pop() {
        let block = cfg.rpo()[index as usize];
        let data = &func.blocks[block];
        for &inst in data.phis.iter().chain(&data.insts) {
            visits_left = visits_left.checked_sub(1)?;
            walk.instruction(block, inst, args)?;
        }
        match data.terminator.as_ref() {
            Some(Terminator::Br { dest }) => walk.reach(*dest, &mut queue),
            Some(Terminator::CondBr {
                cond,
                then_dest,
                else_dest,
            }) => match walk.fact(*cond, args) {
                Some(Fact::Const(c)) => {
                    let dest = if c != 0 { *then_dest } else { *else_dest };
                    walk.taken.insert(block, dest);
                    walk.reach(dest, &mut queue);
                }
                _ => {
                    walk.charge(1)?;
                    walk.reach(*then_dest, &mut queue);
                    walk.reach(*else_dest, &mut queue);
                }
            },
            Some(Terminator::Ret { value }) => {
                if let Some(v) = value {
                    walk.escape(*v, args)?;
                }
                returns += 1;
                if returns > 1 {
                    walk.charge(1)?;
                }
            }
            Some(Terminator::Unreachable) | None => {}
        }
    }
    Some(walk.cost)
}

/// What the walk knows of a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fact {
    Const(i32),
    /// An `i32` in this range, neither full nor a single value.
    Range(Range),
    /// A pointer to the slot of this index in [`Walk::slots`].
    Slot(usize),
}

#[derive(Default)]
struct SlotState {
    /// The loads and stores of the slot counted free so far.
    saved: usize,
    /// The slot stays in memory: its accesses cost.
    escaped: bool,
}

struct Walk<'f, F> {
    func: &'f Function,
    cfg: &'f Cfg,
    /// What is known of the results of the instructions visited.
    facts: FxHashMap<Value, Fact>,
    slots: Vec<SlotState>,
    /// The slot of each parameter that points to one of the caller's.
    param_slot: Vec<Option<usize>>,
    /// The blocks some live edge enters.
    live: FxHashSet<Block>,
    /// The one successor of each block whose branch was decided.
    taken: FxHashMap<Block, Block>,
    cost: usize,
    limit: usize,
    inner_call: F,
}

impl<F: FnMut(Inst) -> InnerCall> Walk<'_, F> {
    fn new_slot(&mut self) -> usize {
        self.slots.push(SlotState::default());
        self.slots.len() - 1
    }

    /// Queues `block`, the target of a live edge, unless it was.
    fn reach(&mut self, block: Block, queue: &mut BinaryHeap<Reverse<u32>>) {
        if self.live.insert(block) {
            let index = self
                .cfg
                .rpo_index(block)
                .expect("a live block is reachable");
            queue.push(Reverse(index));
        }
    }

    /// Whether the edge `pred -> block` may be taken at this call site and
    /// brings a value known on it: its source was visited (it comes first
    /// in reverse postorder and is live) and does not branch elsewhere.
    /// `None` for the back edge of a loop, visited later.
    fn edge_known(&self, pred: Block, block: Block) -> Option<bool> {
        let Some(from) = self.cfg.rpo_index(pred) else {
            return Some(false); // unreachable from the entry
        };
        if from >= self.cfg.rpo_index(block)? {
            return None; // a back edge: its value is not known yet
        }
        if !self.live.contains(&pred) {
            return Some(false); // visited before the block if it were live
        }
        Some(self.taken.get(&pred).is_none_or(|&t| t == block))
    }

    /// Adds `n` to the cost; `None` once it is over the limit.
    fn charge(&mut self, n: usize) -> Option<()> {
        self.cost += n;
        (self.cost <= self.limit).then_some(())
    }

    fn fact(&self, v: Value, args: &[ArgFact]) -> Option<Fact> {
        match self.func.values[v].def {
            ValueDef::Const(c) => Some(Fact::Const(c)),
            ValueDef::Param(i) => match args.get(i as usize) {
                Some(ArgFact::Const(c)) => Some(Fact::Const(*c)),
                Some(&ArgFact::Range(r)) => Some(Fact::of_range(r)),
                _ => self
                    .param_slot
                    .get(i as usize)
                    .copied()
                    .flatten()
                    .map(Fact::Slot),
            },
            ValueDef::Inst(_) => self.facts.get(&v).copied(),
            ValueDef::Undef | ValueDef::Str(_) => None,
        }
    }

    /// `v` is used other than as the address of a load or store: if it
    /// points to a slot, the slot stays in memory, and what it saved is
    /// charged back.
    fn escape(&mut self, v: Value, args: &[ArgFact]) -> Option<()> {
        if let Some(Fact::Slot(s)) = self.fact(v, args) {
            let slot = &mut self.slots[s];
            if !slot.escaped {
                slot.escaped = true;
                let saved = slot.saved;
                return self.charge(saved);
            }
        }
        Some(())
    }

    /// A load or store through `ptr`: free if it is a slot that mem2reg
    /// will promote.
    fn access(&mut self, ptr: Value, args: &[ArgFact]) -> Option<()> {
        if let Some(Fact::Slot(s)) = self.fact(ptr, args) {
            if !self.slots[s].escaped {
                self.slots[s].saved += 1;
                return Some(());
            }
        }
        self.charge(1)
    }

    fn instruction(&mut self, block: Block, inst: Inst, args: &[ArgFact]) -> Option<()> {
        let func = self.func;
        let data = &func.insts[inst];
        let known = match data.kind {
            InstKind::DebugValue { .. } => return Some(()),
            // An array stays in memory (mem2reg never promotes one): it
            // is no slot of this walk, and its accesses cost.
            InstKind::Alloca { count: 1, .. } => {
                let slot = self.new_slot();
                Some(Fact::Slot(slot))
            }
            InstKind::Alloca { .. } => None,
            InstKind::Load { ptr } => {
                self.access(ptr, args)?;
                None
            }
            // An address computed from a slot leaves it in memory (mem2reg
            // promotes only slots used directly by loads and stores).
            InstKind::ElementPtr { base, index } => {
                self.operands_cost(&[base, index], args)?;
                None
            }
            InstKind::Store { value, ptr } => {
                self.escape(value, args)?;
                self.access(ptr, args)?;
                None
            }
            InstKind::Binary { op, lhs, rhs } => {
                let ty = func.value_type(data.result.expand()?);
                if let Some(c) = self
                    .constants(lhs, rhs, args)
                    .and_then(|(a, b)| op.fold(ty, a, b))
                {
                    Some(Fact::Const(c))
                } else {
                    let range = self.ranges(lhs, rhs, args).map(|(a, b)| a.binary(op, b));
                    let fact = range.map(Fact::of_range);
                    if !matches!(fact, Some(Fact::Const(_))) {
                        self.operands_cost(&[lhs, rhs], args)?;
                    }
                    fact
                }
            }
            InstKind::Icmp { cond, lhs, rhs } => {
                let ty = func.value_type(lhs);
                let decided = match self.constants(lhs, rhs, args) {
                    Some((a, b)) => Some(cond.fold(ty, a, b)),
                    None => self
                        .ranges(lhs, rhs, args)
                        .and_then(|(a, b)| a.decide(cond, b)),
                };
                match decided {
                    Some(b) => Some(Fact::Const(i32::from(b))),
                    None => {
                        self.operands_cost(&[lhs, rhs], args)?;
                        None
                    }
                }
            }
            InstKind::Select {
                cond,
                if_true,
                if_false,
            } => match self.fact(cond, args) {
                Some(Fact::Const(c)) => self.fact(if c != 0 { if_true } else { if_false }, args),
                _ => {
                    self.operands_cost(&[if_true, if_false], args)?;
                    let arms = self.ranges(if_true, if_false, args);
                    arms.map(|(a, b)| Fact::of_range(a.union(b)))
                }
            },
            InstKind::Call {
                args: ref passed, ..
            } => {
                let call = (self.inner_call)(inst);
                if call.keeps_args {
                    for &a in passed {
                        self.escape(a, args)?;
                    }
                }
                self.charge(call.cost)?;
                None
            }
            InstKind::Phi { ref incoming } => {
                // The union of what the live edges bring: constants, or
                // ranges of `i32`s; nothing known once an edge brings a
                // value not known yet (a loop's back edge) or a pointer.
                let is_int = data.result.expand().map(|r| func.value_type(r)) == Some(Type::I32);
                let mut union: Option<Option<Range>> = Some(None);
                for &(pred, v) in incoming {
                    let brought = match self.edge_known(pred, block) {
                        Some(false) => continue, // dead at this call site
                        None => None,
                        Some(true) => match self.fact(v, args) {
                            Some(Fact::Const(c)) => Some(Range::single(c)),
                            Some(Fact::Range(r)) => Some(r),
                            None if is_int => Some(Range::FULL),
                            _ => None,
                        },
                    };
                    union = match (union, brought) {
                        (Some(so_far), Some(r)) => Some(Some(so_far.map_or(r, |u| u.union(r)))),
                        _ => None,
                    };
                }
                match union.flatten() {
                    Some(r) if is_int || r.as_single().is_some() => Some(Fact::of_range(r)),
                    _ => {
                        for &(_, v) in incoming {
                            self.escape(v, args)?;
                        }
                        None
                    }
                }
            }
        };
        if let (Some(fact), Some(result)) = (known, data.result.expand()) {
            self.facts.insert(result, fact);
        }
        Some(())
    }

    /// The ranges of two `i32` operands (the full range for one not
    /// known), `None` for other types or when neither is known.
    fn ranges(&self, lhs: Value, rhs: Value, args: &[ArgFact]) -> Option<(Range, Range)> {
        if self.func.value_type(lhs) != Type::I32 {
            return None;
        }
        let range = |v| match self.fact(v, args) {
            Some(Fact::Const(c)) => Some(Range::single(c)),
            Some(Fact::Range(r)) => Some(r),
            _ => None,
        };
        match (range(lhs), range(rhs)) {
            (None, None) => None,
            (a, b) => Some((a.unwrap_or(Range::FULL), b.unwrap_or(Range::FULL))),
        }
    }

    fn constants(&self, lhs: Value, rhs: Value, args: &[ArgFact]) -> Option<(i32, i32)> {
        match (self.fact(lhs, args)?, self.fact(rhs, args)?) {
            (Fact::Const(a), Fact::Const(b)) => Some((a, b)),
            _ => None,
        }
    }

    /// The cost of an instruction that did not fold: 1, and its
    /// operands escape.
    fn operands_cost(&mut self, operands: &[Value], args: &[ArgFact]) -> Option<()> {
        for &v in operands {
            self.escape(v, args)?;
        }
        self.charge(1)
    }
}

impl Fact {
    /// What a range says: a constant if it holds one value, nothing if it
    /// holds them all.
    fn of_range(r: Range) -> Fact {
        match r.as_single() {
            Some(c) => Fact::Const(c),
            None => Fact::Range(r),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::parse_module;

    /// `get(k, p0, p1, p2, p3)`: a binary if-tree over `k`, each leaf a
    /// load through one capture pointer.
    const GETTER: &str = "
define i32 @get(i32 %k, i32* %p0, i32* %p1, i32* %p2, i32* %p3) {
entry:
  %lo = icmp slt i32 %k, 2
  br i1 %lo, label %low, label %high
low:
  %c0 = icmp slt i32 %k, 1
  br i1 %c0, label %l0, label %l1
l0:
  %v0 = load i32, i32* %p0
  ret i32 %v0
l1:
  %v1 = load i32, i32* %p1
  ret i32 %v1
high:
  %c2 = icmp slt i32 %k, 3
  br i1 %c2, label %l2, label %l3
l2:
  %v2 = load i32, i32* %p2
  ret i32 %v2
l3:
  %v3 = load i32, i32* %p3
  ret i32 %v3
}
";

    fn cost(ir: &str, args: &[ArgFact], limit: usize) -> Option<usize> {
        let module = parse_module(ir).expect("the test IR reads");
        let func = module.definitions().next().unwrap().1;
        let call = InnerCall {
            cost: 3,
            keeps_args: true,
        };
        cost_at_call_site(func, &Cfg::compute(func), args, limit, |_| call)
    }

    fn slots(first: ArgFact) -> Vec<ArgFact> {
        let mut args = vec![first];
        args.extend([ArgFact::CallerSlot; 4]);
        args
    }

    #[test]
    fn a_constant_index_leaves_one_promoted_load() {
        // Both compares fold, both branches are decided, the load is of a
        // caller's slot and the one `ret` becomes the continuation branch.
        assert_eq!(cost(GETTER, &slots(ArgFact::Const(2)), 100), Some(0));
    }

    #[test]
    fn an_unknown_index_pays_for_every_branch_and_return() {
        // 3 compares, 3 undecided branches, 3 returns after the first;
        // the loads are free.
        assert_eq!(cost(GETTER, &slots(ArgFact::Unknown), 100), Some(9));
        // Pointers that are not the caller's slots: each load costs too.
        let args = [ArgFact::Unknown; 5];
        assert_eq!(cost(GETTER, &args, 100), Some(13));
        // Constant index, unknown pointers: the one load.
        let mut args = [ArgFact::Unknown; 5];
        args[0] = ArgFact::Const(0);
        assert_eq!(cost(GETTER, &args, 100), Some(1));
    }

    #[test]
    fn the_walk_stops_at_the_limit() {
        assert_eq!(cost(GETTER, &slots(ArgFact::Unknown), 8), None);
        assert_eq!(cost(GETTER, &slots(ArgFact::Unknown), 9), Some(9));
    }

    #[test]
    fn a_slot_passed_to_a_kept_call_is_charged_back() {
        let ir = "
define i32 @f(i32* %p) {
entry:
  %a = load i32, i32* %p
  %b = add i32 %a, 1
  store i32 %b, i32* %p
  call void @g(i32* %p)
  %c = load i32, i32* %p
  ret i32 %c
}
declare void @g(i32*)
";
        // add 1, the call 3, then the two accesses credited before it
        // and the load after it.
        assert_eq!(cost(ir, &[ArgFact::CallerSlot], 100), Some(7));
        let inlined = |_| InnerCall {
            cost: 3,
            keeps_args: false,
        };
        let module = parse_module(ir).unwrap();
        let func = module.definitions().next().unwrap().1;
        assert_eq!(
            cost_at_call_site(
                func,
                &Cfg::compute(func),
                &[ArgFact::CallerSlot],
                100,
                inlined
            ),
            Some(4)
        );
    }

    #[test]
    fn an_element_pointer_keeps_its_slot_in_memory() {
        let ir = "
define i32 @f(i32* %p) {
entry:
  %a = load i32, i32* %p
  %q = getelementptr inbounds i32, i32* %p, i32 0
  %b = load i32, i32* %q
  %c = load i32, i32* %p
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}
";
        // The first load, credited, is charged back at the element
        // pointer (1 + 1); then both loads (2) and both adds (2).
        assert_eq!(cost(ir, &[ArgFact::CallerSlot], 100), Some(6));
    }

    #[test]
    fn an_array_of_the_callee_is_no_slot() {
        let ir = "
define i32 @f() {
entry:
  %a = alloca i32, i32 4
  %v = alloca i32
  store i32 1, i32* %a
  store i32 2, i32* %v
  %x = load i32, i32* %a
  %y = load i32, i32* %v
  %s = add i32 %x, %y
  ret i32 %s
}
";
        // The array's store and load, and the add; %v's are free.
        assert_eq!(cost(ir, &[], 100), Some(3));
    }

    #[test]
    fn phis_of_decided_diamonds_fold_and_decide_the_next_branch() {
        let ir = "
define i32 @f(i32 %x, i32 %y) {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %pos, label %neg
pos:
  br label %join
neg:
  %m = mul i32 %y, %y
  br label %join
join:
  %s = phi i32 [ 1, %pos ], [ -1, %neg ]
  %big = icmp sgt i32 %s, 0
  br i1 %big, label %cheap, label %dear
cheap:
  ret i32 %y
dear:
  %a = mul i32 %y, 3
  %b = add i32 %a, %y
  %d = sdiv i32 %b, 7
  ret i32 %d
}
";
        assert_eq!(
            cost(ir, &[ArgFact::Const(5), ArgFact::Unknown], 100),
            Some(0)
        );
        // x = -5: the mul on `neg`, then the three of `dear`.
        assert_eq!(
            cost(ir, &[ArgFact::Const(-5), ArgFact::Unknown], 100),
            Some(4)
        );
        // x unknown: everything but the phi and the first return.
        assert_eq!(cost(ir, &[ArgFact::Unknown; 2], 100), Some(9));
    }

    #[test]
    fn constants_folding_for_free_still_end_the_walk() {
        // A long chain of foldable adds costs nothing, but the walk gives
        // up after VISIT_FACTOR * limit instructions.
        let mut ir = String::from("define i32 @f(i32 %x) {\nentry:\n  %v0 = add i32 %x, 0\n");
        for i in 1..200 {
            ir += &format!("  %v{i} = add i32 %v{}, 1\n", i - 1);
        }
        ir += "  ret i32 %v199\n}\n";
        assert_eq!(cost(&ir, &[ArgFact::Const(1)], 100), Some(0));
        assert_eq!(cost(&ir, &[ArgFact::Const(1)], 10), None);
    }

    #[test]
    fn a_loop_counter_is_not_a_constant() {
        // The back edge is visited after the header: the counter's phi is
        // unknown, so the exit test costs and the body is counted.
        let ir = "
define i32 @f(i32 %n) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %exit
body:
  %next = add i32 %i, 1
  br label %head
exit:
  ret i32 %i
}
";
        assert_eq!(cost(ir, &[ArgFact::Const(3)], 100), Some(3));
    }

    #[test]
    fn the_callers_ranges_decide_comparisons() {
        // k in [0, 1]: the root `k < 2` is decided, `k < 1` is not.
        let k = ArgFact::Range(Range::new(0, 1));
        assert_eq!(cost(GETTER, &slots(k), 100), Some(3));
        // Interval arithmetic carries the range: x % 10 of x in [0, 100]
        // is in [0, 9] (the srem costs 1), so the sign test folds, and
        // the phi of 0 and [0, 9] is in [0, 9]: the last test folds too.
        let ir = "
define i32 @f(i32 %x) {
entry:
  %r = srem i32 %x, 10
  %neg = icmp slt i32 %r, 0
  br i1 %neg, label %fix, label %join
fix:
  %s = sub i32 0, %r
  br label %join
join:
  %m = phi i32 [ %s, %fix ], [ %r, %entry ]
  %big = icmp sgt i32 %m, 9
  br i1 %big, label %dear, label %cheap
dear:
  %a = mul i32 %m, %m
  ret i32 %a
cheap:
  ret i32 %m
}
";
        assert_eq!(
            cost(ir, &[ArgFact::Range(Range::new(0, 100))], 100),
            Some(1)
        );
        // x unknown: x % 10 is in [-9, 9] all the same, and so is the
        // phi: only the sign test's srem, icmp, branch and sub cost.
        assert_eq!(cost(ir, &[ArgFact::Unknown], 100), Some(4));
    }
}
