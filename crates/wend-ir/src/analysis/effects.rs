//! Which functions are *pure*: a call's result depends only on its
//! arguments, and the call changes nothing a caller can see. A call to a
//! pure function with the same arguments as a dominating one can reuse its
//! result, and one with constant arguments can be evaluated when compiling.
//!
//! A function is pure when it reads and writes no memory but its own stack
//! slots (no capture pointer is loaded or stored through), prints nothing,
//! and calls only pure functions. It may still stop the program with a
//! division by zero, or never return: a later identical call would then
//! never run either, and evaluation at compile time gives up on both.
//!
//! Algorithm: LLVM's FunctionAttrs inference of `readnone`, as a fixed
//! point over the call graph. Every defined function starts pure; one that
//! breaks a rule above is not; a caller of an impure function is not; repeat
//! until nothing changes. Starting from "pure" is what lets mutually
//! recursive pure functions be found pure.
//!
//! A module-level analysis (unlike the per-function ones beside it): it is
//! invalidated by any change to a function's calls, loads or stores.

use cranelift_entity::SecondaryMap;

use crate::entities::FuncId;
use crate::function::Function;
use crate::instructions::InstKind;
use crate::module::Module;
use crate::runtime::RuntimeFn;

/// The pure functions of a module (see the module documentation).
pub struct Effects {
    pure: SecondaryMap<FuncId, bool>,
}

impl Effects {
    pub fn compute(module: &Module) -> Effects {
        let mut pure: SecondaryMap<FuncId, bool> = SecondaryMap::new();
        for (id, func) in module.definitions() {
            pure[id] = touches_only_its_own_frame(func);
        }
        loop {
            let mut changed = false;
            for (id, func) in module.definitions() {
                if pure[id] && !calls_only(module, func, |callee| pure[callee]) {
                    pure[id] = false;
                    changed = true;
                }
            }
            if !changed {
                return Effects { pure };
            }
        }
    }

    /// Whether `func` is pure; a declaration (the runtime) never is.
    pub fn is_pure(&self, func: FuncId) -> bool {
        self.pure[func]
    }
}

/// Whether every load and store of `func` goes through one of its own
/// `alloca`s (or an element of one: an element pointer stays in its array).
fn touches_only_its_own_frame(func: &Function) -> bool {
    let own_slot = |ptr| {
        func.defining_inst(func.pointer_base(ptr).root)
            .is_some_and(|inst| matches!(func.insts[inst].kind, InstKind::Alloca { .. }))
    };
    func.layout.iter().all(|&block| {
        func.blocks[block]
            .insts
            .iter()
            .all(|&inst| match func.insts[inst].kind {
                InstKind::Load { ptr, .. } | InstKind::Store { ptr, .. } => own_slot(ptr),
                _ => true,
            })
    })
}

/// Whether every call of `func` is to a defined function `pure` accepts, or
/// to the runtime's division-by-zero stop (which ends the program and so
/// changes nothing a later call could see).
fn calls_only(module: &Module, func: &Function, pure: impl Fn(FuncId) -> bool) -> bool {
    func.layout.iter().all(|&block| {
        func.blocks[block].insts.iter().all(|&inst| {
            let InstKind::Call { callee, .. } = func.insts[inst].kind else {
                return true;
            };
            let declaration = &module.functions[callee];
            if declaration.is_declaration() {
                RuntimeFn::from_symbol(&declaration.name) == Some(RuntimeFn::DivByZero)
            } else {
                pure(callee)
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::parse_module;

    fn pure_functions(ir: &str) -> Vec<String> {
        let module = parse_module(ir).expect("the test IR reads");
        let effects = Effects::compute(&module);
        module
            .definitions()
            .filter(|&(id, _)| effects.is_pure(id))
            .map(|(_, f)| f.name.clone())
            .collect()
    }

    #[test]
    fn arithmetic_on_arguments_and_own_slots_is_pure() {
        let ir = "
define i32 @twice(i32 %x) {
entry:
  %slot = alloca i32
  store i32 %x, i32* %slot
  %y = load i32, i32* %slot
  %r = add i32 %y, %x
  ret i32 %r
}
";
        assert_eq!(pure_functions(ir), ["twice"]);
    }

    #[test]
    fn capture_pointers_printing_and_impure_callees_are_not_pure() {
        let ir = "
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

define i32 @uses_get(i32* %v) {
entry:
  %x = call i32 @get(i32* %v)
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
";
        assert_eq!(pure_functions(ir), ["divides"]);
    }

    #[test]
    fn mutual_recursion_between_pure_functions_is_pure() {
        let ir = "
define i1 @even(i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i1 true
no:
  %m = sub i32 %n, 1
  %r = call i1 @odd(i32 %m)
  ret i1 %r
}

define i1 @odd(i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %yes, label %no
yes:
  ret i1 false
no:
  %m = sub i32 %n, 1
  %r = call i1 @even(i32 %m)
  ret i1 %r
}
";
        assert_eq!(pure_functions(ir), ["even", "odd"]);
    }
}
