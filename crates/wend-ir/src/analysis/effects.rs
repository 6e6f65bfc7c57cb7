//! The effects of each function: which memory it reads and writes (through
//! which pointer parameters), whether it prints, whether it may not return,
//! and whether it may trap. A pass asks them about a call: GVN numbers a
//! call to a function that touches no memory and prints nothing like an
//! instruction, and keeps what it knows of memory across a call that
//! writes through none of its arguments; licm hoists loads past calls that
//! do not write them; callfold evaluates calls to functions that touch no
//! memory.
//!
//! A function reaches memory in three places only: its own `alloca`s (they
//! die when it returns, so a caller never sees them), its pointer
//! parameters (the caller's variables), and string constants (never
//! written). So its effect on memory is, per pointer parameter, whether it
//! reads and whether it writes through it ([`Access`]). A load or store
//! through a pointer whose object is not identified
//! ([`crate::analysis::alias::underlying_object`]) counts as an access
//! through every pointer parameter.
//!
//! * *prints*: calls a runtime output routine (or an unknown external);
//! * *may not return*: has a cycle in its CFG that is not a counted loop
//!   (`is_counted_loop`: a test `i < n` that runs in every iteration, with
//!   `n` invariant and `i` stepping by one, ends the loop; anything else is
//!   not proven finite), is recursive (directly or through its call-graph
//!   component), calls a function that may not return, or an unknown
//!   external;
//! * *may trap*: stops the program (`wend_div_by_zero`, `unreachable`),
//!   divides by a value that is not a constant other than 0 and -1
//!   (`sdiv`/`srem` by 0 or `INT_MIN / -1` is undefined in the IR; x86's
//!   `idiv` raises `SIGFPE` on both and the interpreter reports them as
//!   faults), or calls a function that may trap.
//!
//! A function is *pure* ([`Effects::is_pure`]) when it reads nothing it is
//! not given by value, writes nothing, prints nothing, always returns and
//! cannot trap: a call to it whose result is unused can be deleted, and
//! one can be executed where the program would not have. Weaker,
//! [`Effects::touches_no_memory`] (LLVM's `readnone` without output) is
//! what reusing a dominating call with the same arguments needs: if the
//! first call trapped or never returned, the second never runs.
//!
//! Algorithm: LLVM's `FunctionAttrs` inference, bottom-up over the
//! strongly connected components of the call graph (Tarjan's algorithm,
//! from `petgraph`; components come out callees first). The functions of
//! one component start with no effect and take the union of their own
//! instructions' effects and their callees' until nothing changes; the
//! effects only grow, so this ends.
//!
//! A module-level analysis (unlike the per-function ones beside it): it is
//! invalidated by any change to a function's calls, loads, stores,
//! divisions or loops. Deleting a load, store or call keeps it a sound
//! over-approximation.

use cranelift_entity::SecondaryMap;
use petgraph::graph::DiGraph;

use crate::analysis::alias::{for_each_access, underlying_object, Access, Object};
use crate::analysis::cfg::Cfg;
use crate::analysis::dom::DomTree;
use crate::analysis::loops::{Loop, LoopForest};
use crate::entities::{Block, FuncId, Value};
use crate::function::{Function, InstBlocks, ValueDef};
use crate::instructions::{BinOp, IcmpCond, InstKind, Terminator};
use crate::module::Module;
use crate::runtime::RuntimeFn;

/// What one function may do (see the module documentation).
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct FunctionEffects {
    /// Per parameter, how the function uses the memory it points to
    /// (nothing for a parameter that is not a pointer).
    pub params: Vec<Access>,
    pub prints: bool,
    pub may_not_return: bool,
    pub may_trap: bool,
    /// A declaration: no body to reuse or evaluate.
    pub declared: bool,
}

impl FunctionEffects {
    /// Everything: what an unknown external function may do (through
    /// `params` pointer parameters).
    fn unknown(params: usize) -> FunctionEffects {
        FunctionEffects {
            params: vec![Access::READ_WRITE; params],
            prints: true,
            may_not_return: true,
            may_trap: true,
            declared: true,
        }
    }

    /// Whether no memory is read or written through any parameter.
    pub fn touches_no_memory(&self) -> bool {
        self.params.iter().all(|a| !a.read && !a.write)
    }

    /// Whether memory is written through some parameter.
    pub fn writes_memory(&self) -> bool {
        self.params.iter().any(|a| a.write)
    }

    fn absorb(&mut self, other: &FunctionEffects) {
        self.prints |= other.prints;
        self.may_not_return |= other.may_not_return;
        self.may_trap |= other.may_trap;
    }
}

/// The effects of every function of a module.
pub struct Effects {
    funcs: SecondaryMap<FuncId, FunctionEffects>,
}

impl Effects {
    /// Effects that know nothing: every function may do anything.
    pub fn unknown() -> Effects {
        Effects {
            funcs: SecondaryMap::with_default(FunctionEffects::unknown(0)),
        }
    }

    pub fn compute(module: &Module) -> Effects {
        let mut effects = Effects::unknown();
        for (id, func) in module.functions.iter() {
            if func.is_declaration() {
                effects.funcs[id] = declaration_effects(func);
            }
        }
        let mut graph: DiGraph<FuncId, ()> = DiGraph::new();
        let mut node = SecondaryMap::new();
        for (id, _) in module.definitions() {
            node[id] = Some(graph.add_node(id));
        }
        for (id, func) in module.definitions() {
            for_each_call(func, |callee| {
                if let Some(to) = node[callee] {
                    graph.update_edge(node[id].unwrap(), to, ());
                }
            });
        }
        let mut component_of: SecondaryMap<FuncId, u32> = SecondaryMap::new();
        for (number, component) in petgraph::algo::tarjan_scc(&graph).into_iter().enumerate() {
            let members: Vec<FuncId> = component.iter().map(|&n| graph[n]).collect();
            for &id in &members {
                component_of[id] = number as u32 + 1;
                // Nothing yet: the component's effects grow from here.
                effects.funcs[id] = FunctionEffects {
                    params: vec![Access::default(); module.functions[id].params.len()],
                    ..FunctionEffects::default()
                };
            }
            // One pass is enough for a component without recursion: its
            // callees' effects are final.
            let recursive = members.len() > 1 || {
                let n = component[0];
                graph.find_edge(n, n).is_some()
            };
            loop {
                let mut changed = false;
                for &id in &members {
                    let func = &module.functions[id];
                    let recursive = |callee: FuncId| component_of[callee] == number as u32 + 1;
                    let found = effects.of_body(func, recursive);
                    if found != effects.funcs[id] {
                        effects.funcs[id] = found;
                        changed = true;
                    }
                }
                if !changed || !recursive {
                    break;
                }
            }
        }
        effects
    }

    /// The effects of `func`'s body with the effects known so far of its
    /// callees; a call to a function of `in_component` is recursion.
    fn of_body(&self, func: &Function, in_component: impl Fn(FuncId) -> bool) -> FunctionEffects {
        let mut found = FunctionEffects {
            params: vec![Access::default(); func.params.len()],
            ..FunctionEffects::default()
        };
        let param_index = |v| match func.values[v].def {
            ValueDef::Param(i) => i as usize,
            _ => unreachable!("an Object::Param is a parameter"),
        };
        let cfg = Cfg::compute(func);
        for &block in cfg.rpo() {
            let data = &func.blocks[block];
            for &inst in &data.insts {
                let kind = &func.insts[inst].kind;
                for_each_access(self, func, kind, |ptr, access| {
                    match underlying_object(func, ptr) {
                        Some(Object::Param(p)) => found.params[param_index(p)].add(access),
                        Some(Object::Alloca(_)) => {}
                        None => {
                            for (i, &p) in func.params.iter().enumerate() {
                                if func.value_type(p).is_pointer() {
                                    found.params[i].add(access);
                                }
                            }
                        }
                    }
                });
                match *kind {
                    InstKind::Call { callee, .. } => {
                        found.absorb(&self.funcs[callee]);
                        found.may_not_return |= in_component(callee);
                    }
                    InstKind::Binary {
                        op: BinOp::SDiv | BinOp::SRem,
                        rhs,
                        ..
                    } => {
                        found.may_trap |= !func.as_const(rhs).is_some_and(|c| c != 0 && c != -1);
                    }
                    _ => {}
                }
            }
            found.may_trap |= matches!(data.terminator, Some(Terminator::Unreachable));
        }
        found.may_not_return |= !loops_are_finite(func, &cfg);
        found
    }

    /// The effects of `func`.
    pub fn of(&self, func: FuncId) -> &FunctionEffects {
        &self.funcs[func]
    }

    /// How `func` uses the memory its parameter number `param` points to.
    pub fn param_access(&self, func: FuncId, param: usize) -> Access {
        self.funcs[func]
            .params
            .get(param)
            .copied()
            .unwrap_or(Access::READ_WRITE)
    }

    /// Whether `func` reads and writes no memory but its own and prints
    /// nothing (it may still trap or not return); never a declaration.
    pub fn touches_no_memory(&self, func: FuncId) -> bool {
        let e = &self.funcs[func];
        !e.declared && !e.prints && e.touches_no_memory()
    }

    /// Whether `func` is pure (see the module documentation).
    pub fn is_pure(&self, func: FuncId) -> bool {
        let e = &self.funcs[func];
        self.touches_no_memory(func) && !e.may_not_return && !e.may_trap
    }
}

/// Whether every cycle of `func`'s CFG is a loop proven to end: none when
/// there is no cycle at all (no retreating edge of the reverse postorder).
fn loops_are_finite(func: &Function, cfg: &Cfg) -> bool {
    let retreating_edges = || {
        cfg.rpo().iter().flat_map(|&b| {
            let here = cfg.rpo_index(b);
            cfg.succs(b)
                .iter()
                .filter(move |&&s| cfg.rpo_index(s) <= here)
                .map(move |&s| (b, s))
        })
    };
    if retreating_edges().next().is_none() {
        return true;
    }
    let domtree = DomTree::compute(func, cfg);
    // A retreating edge whose target does not dominate its source enters
    // an irreducible cycle, which is no loop to prove finite.
    if retreating_edges().any(|(b, s)| !domtree.dominates(s, b)) {
        return false;
    }
    let forest = LoopForest::compute(func, cfg, &domtree);
    let block_of = func.inst_blocks();
    let finite = forest
        .loops()
        .all(|l| is_counted_loop(func, &domtree, &forest, &block_of, l));
    finite
}

/// Whether loop `l` is a counted loop, and so ends: a test that runs in
/// every iteration (its block dominates the only latch) leaves the loop
/// unless `x < bound` (or `bound < x`), where `bound` is defined outside
/// the loop and `x` is a header phi that the latch increments by one (or
/// decrements by one), or that increment itself. `x` then grows by one per
/// iteration while below `bound` <= `INT_MAX`, so it never wraps and
/// reaches `bound`. (`<=` is not accepted: `x <= INT_MAX` always holds.)
fn is_counted_loop(
    func: &Function,
    domtree: &DomTree,
    forest: &LoopForest,
    block_of: &InstBlocks,
    l: Loop,
) -> bool {
    let &[latch] = forest.latches(l) else {
        return false;
    };
    let in_loop = |v: Value| {
        func.defining_inst(v)
            .and_then(|i| block_of[i].expand())
            .is_some_and(|b| forest.contains(l, b))
    };
    forest.exiting(l).iter().any(|&exiting| {
        if !domtree.dominates(exiting, latch) {
            return false;
        }
        let Some(Terminator::CondBr {
            cond,
            then_dest,
            else_dest,
        }) = func.blocks[exiting].terminator
        else {
            return false;
        };
        let stay_if_true = match (forest.contains(l, then_dest), forest.contains(l, else_dest)) {
            (true, false) => true,
            (false, true) => false,
            _ => return false,
        };
        let Some(&InstKind::Icmp {
            cond: pred,
            lhs,
            rhs,
        }) = func.defining_inst(cond).map(|i| &func.insts[i].kind)
        else {
            return false;
        };
        let stay = if stay_if_true { pred } else { pred.inverse() };
        // The loop goes on while `low < high`.
        let (low, high) = match stay {
            IcmpCond::Slt => (lhs, rhs),
            IcmpCond::Sgt => (rhs, lhs),
            _ => return false,
        };
        (!in_loop(high) && steps_by(func, forest, block_of, latch, l, low, 1))
            || (!in_loop(low) && steps_by(func, forest, block_of, latch, l, high, -1))
    })
}

/// Whether `x` is a phi of loop `l`'s header whose value from `latch` is
/// `x + step`, or that value itself (`step` is 1 or -1).
fn steps_by(
    func: &Function,
    forest: &LoopForest,
    block_of: &InstBlocks,
    latch: Block,
    l: Loop,
    x: Value,
    step: i32,
) -> bool {
    let header = forest.header(l);
    let is_step_of = |next: Value, phi: Value| {
        let Some(inst) = func.defining_inst(next) else {
            return false;
        };
        match func.insts[inst].kind {
            InstKind::Binary {
                op: BinOp::Add,
                lhs,
                rhs,
            } => {
                (lhs == phi && func.as_const(rhs) == Some(step))
                    || (rhs == phi && func.as_const(lhs) == Some(step))
            }
            InstKind::Binary {
                op: BinOp::Sub,
                lhs,
                rhs,
            } => lhs == phi && func.as_const(rhs) == Some(-step),
            _ => false,
        }
    };
    // The value a header phi takes from the latch.
    let from_latch = |v: Value| {
        let inst = func.defining_inst(v)?;
        let is_header_phi = block_of[inst].expand() == Some(header)
            && matches!(func.insts[inst].kind, InstKind::Phi { .. });
        is_header_phi.then(|| func.phi_entry_from(inst, latch))
    };
    if let Some(next) = from_latch(x) {
        return is_step_of(next, x);
    }
    // `x` is the step of a header phi.
    let Some(inst) = func.defining_inst(x) else {
        return false;
    };
    let mut found = false;
    func.insts[inst].kind.for_each_operand(|phi| {
        found |= from_latch(phi).is_some_and(|next| next == x && is_step_of(x, phi));
    });
    found
}

/// What a declared function (the runtime, or an unknown external) does.
fn declaration_effects(func: &Function) -> FunctionEffects {
    let params = func.param_types();
    match RuntimeFn::from_symbol(&func.name) {
        Some(RuntimeFn::DivByZero) => FunctionEffects {
            params: vec![Access::default(); params.len()],
            may_trap: true,
            declared: true,
            ..FunctionEffects::default()
        },
        Some(RuntimeFn::PrintStr) => FunctionEffects {
            params: params
                .iter()
                .map(|t| {
                    if t.is_pointer() {
                        Access::READ
                    } else {
                        Access::default()
                    }
                })
                .collect(),
            prints: true,
            declared: true,
            ..FunctionEffects::default()
        },
        Some(_) => FunctionEffects {
            params: vec![Access::default(); params.len()],
            prints: true,
            declared: true,
            ..FunctionEffects::default()
        },
        None => FunctionEffects::unknown(params.len()),
    }
}

/// Calls `f` with the callee of each call of `func`.
fn for_each_call(func: &Function, mut f: impl FnMut(FuncId)) {
    for &block in &func.layout {
        for &inst in &func.blocks[block].insts {
            if let InstKind::Call { callee, .. } = func.insts[inst].kind {
                f(callee);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::parse_module;

    fn functions_where(ir: &str, pick: impl Fn(&Effects, FuncId) -> bool) -> Vec<String> {
        let module = parse_module(ir).expect("the test IR reads");
        let effects = Effects::compute(&module);
        module
            .definitions()
            .filter(|&(id, _)| pick(&effects, id))
            .map(|(_, f)| f.name.clone())
            .collect()
    }

    fn effects_of(ir: &str, name: &str) -> FunctionEffects {
        let module = parse_module(ir).expect("the test IR reads");
        let effects = Effects::compute(&module);
        effects.of(module.find_function(name).unwrap()).clone()
    }

    const R: Access = Access::READ;
    const W: Access = Access::WRITE;
    const NONE: Access = Access {
        read: false,
        write: false,
    };

    #[test]
    fn arithmetic_on_arguments_and_own_slots_is_pure() {
        let ir = "
define i32 @twice(i32 %x) {
entry:
  %slot = alloca i32
  store i32 %x, i32* %slot
  %y = load i32, i32* %slot
  %r = add i32 %y, %x
  %h = sdiv i32 %r, 2
  ret i32 %h
}
";
        assert_eq!(functions_where(ir, Effects::is_pure), ["twice"]);
        let expected = FunctionEffects {
            params: vec![NONE],
            ..FunctionEffects::default()
        };
        assert_eq!(effects_of(ir, "twice"), expected);
    }

    const IMPURE: &str = "
declare void @wend_print_int(i32)
declare void @wend_div_by_zero(i32)

define i32 @get(i32* %v) {
entry:
  %x = load i32, i32* %v
  ret i32 %x
}

define void @show(i32 %x) {
entry:
  call void @wend_print_int(i32 %x)
  ret void
}

define i32 @uses_get(i32 %n, i32* %v, i32* %w) {
entry:
  %x = call i32 @get(i32* %w)
  store i32 %x, i32* %v
  ret i32 %x
}

define i32 @divides(i32 %a, i32 %b) {
entry:
  %zero = icmp eq i32 %b, 0
  br i1 %zero, label %stop, label %ok
stop:
  call void @wend_div_by_zero(i32 3)
  unreachable
ok:
  %q = sdiv i32 %a, %b
  ret i32 %q
}

define i32 @loops(i32 %n) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %head ]
  %i1 = add i32 %i, 2
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %head, label %exit
exit:
  ret i32 %i1
}

define i32 @unknown(i1 %c, i32* %p, i32 %k, i32* %q) {
entry:
  %s = select i1 %c, i32* %p, i32* %q
  store i32 %k, i32* %s
  ret i32 0
}
";

    #[test]
    fn memory_through_parameters_is_per_parameter() {
        assert_eq!(effects_of(IMPURE, "get").params, [R]);
        assert_eq!(effects_of(IMPURE, "uses_get").params, [NONE, W, R]);
        // A store through a pointer of unknown object may reach any
        // pointer parameter.
        assert_eq!(effects_of(IMPURE, "unknown").params, [NONE, W, NONE, W]);
        let show = effects_of(IMPURE, "show");
        assert!(show.prints && !show.may_trap && !show.may_not_return);
    }

    #[test]
    fn traps_loops_and_output_are_found() {
        let divides = effects_of(IMPURE, "divides");
        assert!(divides.may_trap && !divides.may_not_return && !divides.prints);
        let loops = effects_of(IMPURE, "loops");
        assert!(loops.may_not_return && !loops.may_trap && !loops.prints);
        // `i += 2` may step over INT_MAX: that loop is not proven finite.
        assert!(functions_where(IMPURE, Effects::is_pure).is_empty());
        // Reusing a dominating call needs neither returning nor not
        // trapping: a second call runs only after the first returned.
        assert_eq!(
            functions_where(IMPURE, Effects::touches_no_memory),
            ["divides", "loops"]
        );
    }

    #[test]
    fn counted_loops_end_and_others_may_not() {
        let ir = "
define i32 @up(i32 %n) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %s = phi i32 [ 0, %entry ], [ %s1, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %s1 = add i32 %s, %i
  %i1 = add i32 %i, 1
  br label %head
exit:
  ret i32 %s
}

define i32 @down_rotated(i32 %n) {
entry:
  br label %body
body:
  %i = phi i32 [ %n, %entry ], [ %i1, %body ]
  %i1 = sub i32 %i, 1
  %c = icmp sge i32 0, %i1
  br i1 %c, label %exit, label %body
exit:
  ret i32 %i1
}

define i32 @nested(i32 %n) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %c = icmp sgt i32 %n, %i
  br i1 %c, label %inner, label %exit
inner:
  %j = phi i32 [ 0, %outer ], [ %j1, %inner ]
  %j1 = add i32 1, %j
  %d = icmp slt i32 %j1, %i
  br i1 %d, label %inner, label %latch
latch:
  %i1 = add i32 %i, 1
  br label %outer
exit:
  ret i32 0
}

define i32 @up_to_inclusive(i32 %n) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %head ]
  %i1 = add i32 %i, 1
  %c = icmp sle i32 %i1, %n
  br i1 %c, label %head, label %exit
exit:
  ret i32 %i1
}

define i32 @moving_bound(i32 %n) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %head ]
  %m = phi i32 [ %n, %entry ], [ %m1, %head ]
  %i1 = add i32 %i, 1
  %m1 = add i32 %m, 1
  %c = icmp slt i32 %i1, %m
  br i1 %c, label %head, label %exit
exit:
  ret i32 %i1
}

define i32 @test_not_every_iteration(i32 %n, i1 %b) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %i1 = add i32 %i, 1
  br i1 %b, label %latch, label %test
test:
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %latch, label %exit
latch:
  br label %head
exit:
  ret i32 %i1
}
";
        // `i <= n` holds forever for n = INT_MAX; a bound that moves with
        // `i`, or a test some iterations skip, proves nothing.
        assert_eq!(
            functions_where(ir, Effects::is_pure),
            ["up", "down_rotated", "nested"]
        );
    }

    #[test]
    fn division_traps_unless_by_a_safe_constant() {
        let ir = "
define i32 @by_var(i32 %a, i32 %b) {
entry:
  %q = srem i32 %a, %b
  ret i32 %q
}

define i32 @by_minus_one(i32 %a) {
entry:
  %q = sdiv i32 %a, -1
  ret i32 %q
}

define i32 @by_seven(i32 %a) {
entry:
  %q = sdiv i32 %a, 7
  ret i32 %q
}

define i32 @calls_by_var(i32 %a) {
entry:
  %q = call i32 @by_var(i32 %a, i32 %a)
  ret i32 %q
}
";
        assert_eq!(
            functions_where(ir, |e, f| e.of(f).may_trap),
            ["by_var", "by_minus_one", "calls_by_var"]
        );
        assert_eq!(functions_where(ir, Effects::is_pure), ["by_seven"]);
    }

    #[test]
    fn recursion_may_not_return_and_effects_flow_around_cycles() {
        let ir = "
declare void @wend_print_int(i32)

define i1 @even(i32 %n, i32* %p) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i1 true
no:
  %m = sub i32 %n, 1
  %r = call i1 @odd(i32 %m, i32* %p)
  ret i1 %r
}

define i1 @odd(i32 %n, i32* %q) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no
yes:
  store i32 %n, i32* %q
  call void @wend_print_int(i32 %n)
  ret i1 false
no:
  %m = sub i32 %n, 1
  %r = call i1 @even(i32 %m, i32* %q)
  ret i1 %r
}

define i32 @self(i32 %n) {
entry:
  %r = call i32 @self(i32 %n)
  ret i32 %r
}
";
        for name in ["even", "odd"] {
            let e = effects_of(ir, name);
            assert_eq!(e.params, [NONE, W], "{name}");
            assert!(e.prints && e.may_not_return && !e.may_trap, "{name} {e:?}");
        }
        let e = effects_of(ir, "self");
        assert!(e.may_not_return && !e.prints);
        assert_eq!(functions_where(ir, Effects::touches_no_memory), ["self"]);
    }
}
