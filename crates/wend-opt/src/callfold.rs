//! callfold: evaluate, while compiling, each call to a function that
//! touches no memory and prints nothing whose arguments are all constants,
//! and use the value it returns instead.
//!
//! Programs that compute with fixed-point or software floating-point
//! numbers call small helper functions on constants inside their hottest
//! loops (`fromInt(2)`, `div(fromInt(1), fromInt(10))`), and every trip
//! around the loop computes the same value again. Constant propagation
//! cannot see into a call, and inlining only helps when the callee has no
//! loop of its own (a normalising loop, a long division).
//!
//! Algorithm, in rounds until a round folds nothing:
//!
//! 1. **Which functions touch no memory**: [`Effects::touches_no_memory`]
//!    of `wend_ir::analysis::effects` (no memory but the function's own
//!    slots, no output, such callees only; it may trap or loop, which the
//!    evaluation's budget and result say).
//! 2. **Which calls to evaluate**: every call to such a function whose
//!    arguments are all constants.
//! 3. **Evaluate** each by running the callee in wendc's own IR interpreter
//!    ([`Program::evaluate`]), which gives exactly the semantics the
//!    program would have at run time. This is LLVM's constant folding of
//!    calls, which knows a fixed list of library functions, made general by
//!    the interpreter. An evaluation that runs out of its budget of steps,
//!    stops on a runtime error (a division by zero, a stack overflow) or
//!    prints is abandoned: the call stays, and the program meets the error
//!    when it runs, at the same point.
//! 4. **Replace** each evaluated call's result by the constant and delete
//!    the call. Its caller's other calls may now have constant arguments
//!    (`div(fromInt(1), fromInt(10))`): that is the next round.
//!
//! Results are remembered per callee and arguments, and the work is
//! bounded: [`FUEL_PER_CALL`] steps an evaluation, [`FUEL_PER_MODULE`] in
//! all.
//!
//! Requires: valid IR. Invalidates: nothing of the CFG; calls are deleted,
//! so the call graph may lose edges.

use std::collections::{HashMap, HashSet};

use wend_ir::analysis::effects::Effects;
use wend_ir::interp::Program;
use wend_ir::{FuncId, Inst, InstKind, Module, Substitution, Type, Value};

/// Steps (branches taken and calls) one evaluation may take: enough for
/// a normalising loop or a long division, far less than a real computation.
pub const FUEL_PER_CALL: u64 = 100_000;

/// Steps all the evaluations of one module may take together, so that a
/// program with thousands of constant calls still compiles in moments.
pub const FUEL_PER_MODULE: u64 = 20_000_000;

/// A call that may be evaluated: where it is, and what it calls with what.
struct ConstantCall {
    caller: FuncId,
    inst: Inst,
    result: Value,
    callee: FuncId,
    args: Vec<i32>,
}

pub fn run(module: &mut Module) {
    let mut known: HashMap<(FuncId, Vec<i32>), Option<i32>> = HashMap::new();
    let mut fuel_left = FUEL_PER_MODULE;
    loop {
        let effects = Effects::compute(module);
        let calls = constant_calls(module, &effects);
        if calls.is_empty() {
            return;
        }
        let mut folded: Vec<(ConstantCall, i32)> = Vec::new();
        {
            let program = Program::decode_for_evaluation(module);
            for call in calls {
                let key = (call.callee, call.args.clone());
                let value = match known.get(&key) {
                    Some(&value) => value,
                    None if fuel_left >= FUEL_PER_CALL => {
                        fuel_left -= FUEL_PER_CALL;
                        let value = program.evaluate(call.callee, &call.args, FUEL_PER_CALL);
                        known.insert(key, value);
                        value
                    }
                    None => None,
                };
                if let Some(value) = value {
                    folded.push((call, value));
                }
            }
        }
        if folded.is_empty() {
            return;
        }
        replace_calls(module, folded);
    }
}

/// Every call of the module to a pure function with constant arguments
/// only, and a result.
fn constant_calls(module: &Module, effects: &Effects) -> Vec<ConstantCall> {
    let mut calls = Vec::new();
    for (caller, func) in module.definitions() {
        for &block in &func.layout {
            for &inst in &func.blocks[block].insts {
                let data = &func.insts[inst];
                let (InstKind::Call { callee, args }, Some(result)) =
                    (&data.kind, data.result.expand())
                else {
                    continue;
                };
                if !effects.touches_no_memory(*callee) {
                    continue;
                }
                let Some(args) = args.iter().map(|&a| func.as_const(a)).collect() else {
                    continue;
                };
                calls.push(ConstantCall {
                    caller,
                    inst,
                    result,
                    callee: *callee,
                    args,
                });
            }
        }
    }
    calls
}

/// Replaces each call's result by its value and deletes the call.
fn replace_calls(module: &mut Module, folded: Vec<(ConstantCall, i32)>) {
    let mut by_caller: HashMap<FuncId, Vec<(ConstantCall, i32)>> = HashMap::new();
    for (call, value) in folded {
        by_caller
            .entry(call.caller)
            .or_default()
            .push((call, value));
    }
    for (caller, calls) in by_caller {
        let func = &mut module.functions[caller];
        let mut subst = Substitution::new();
        let mut deleted: HashSet<Inst> = HashSet::new();
        for (call, value) in calls {
            let constant = match func.value_type(call.result) {
                Type::I1 => func.bconst(value != 0),
                _ => func.iconst(value),
            };
            subst.replace(call.result, constant);
            deleted.insert(call.inst);
        }
        for block in func.layout.clone() {
            func.retain_insts(block, |_, inst| !deleted.contains(&inst));
        }
        func.substitute(&subst);
    }
}
