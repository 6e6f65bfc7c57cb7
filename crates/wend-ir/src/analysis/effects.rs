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
//! * *may not return*: has a cycle in its CFG (a loop is not proven finite
//!   here), is recursive (directly or through its call-graph component),
//!   calls a function that may not return, or an unknown external;
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
use crate::entities::FuncId;
use crate::function::{Function, ValueDef};
use crate::instructions::{BinOp, InstKind, Terminator};
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
                effects.funcs[id].params =
                    vec![Access::default(); module.functions[id].params.len()];
            }
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
                if !changed {
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
            // A retreating edge of the reverse postorder closes a cycle.
            let here = cfg.rpo_index(block);
            found.may_not_return |= cfg.succs(block).iter().any(|&s| cfg.rpo_index(s) <= here);
        }
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
    const RW: Access = Access::READ_WRITE;
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
  %i1 = add i32 %i, 1
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
        assert!(functions_where(IMPURE, Effects::is_pure).is_empty());
        // Reusing a dominating call needs neither returning nor not
        // trapping: a second call runs only after the first returned.
        assert_eq!(
            functions_where(IMPURE, Effects::touches_no_memory),
            ["divides", "loops"]
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
            assert!(e.prints && e.may_not_return && !e.may_trap, "{name}");
        }
        let e = effects_of(ir, "self");
        assert!(e.may_not_return && !e.prints);
        assert_eq!(functions_where(ir, Effects::touches_no_memory), ["self"]);
        let _ = RW;
    }
}
