//! frame-arrays: lay out the variables a function always hands together to
//! its nested functions as one array, and give the nested functions one
//! pointer to that array instead of one pointer per variable.
//!
//! wend has no arrays: a program keeps N values in N variables and reads
//! them through a nested getter, `int get(int k)`, whose captured
//! variables the front end passes as N pointer parameters. Every call then
//! passes N pointers, and nothing says the N variables sit side by side.
//! wendc lays out the frame itself, so it may decide that they do: that
//! is the "one frame pointer instead of every capture pointer" calling
//! convention, done in the IR so that both backends get it, and the
//! array that `accessor-trees` needs to turn the getter's if-tree into an
//! indexed load.
//!
//! Algorithm, in rounds until a round changes nothing (a group forwarded
//! through several levels of nesting becomes visible one level a round):
//!
//! 1. **Arrays** (per function): every call passing two scalar allocas
//!    `a`, `b` of the entry block side by side, `f(.., a, b, ..)`, says
//!    "`b` follows `a`". Such an edge holds when it is `a`'s only
//!    successor and `b`'s only predecessor. Each chain of edges
//!    `x0 → x1 → … → x(n-1)` (n ≥ 2, one type) becomes one
//!    `alloca T, i32 n`, and each `xj` in place (same value, same name)
//!    `getelementptr xs, j`, which later passes fold into the uses.
//! 2. **Parameter groups** (per callee): a run of consecutive pointer
//!    parameters of one type is a group when, at every call site, the
//!    arguments are consecutive elements of one array in order
//!    ([`Function::pointer_base`]: one root, offsets o, o+1, …); the run is
//!    cut wherever one call site breaks that. A group is dropped when some
//!    call passes another pointer into the same array: a capture pointer
//!    keeps pointing to its own variables, and two groups of one call
//!    never point into one array.
//! 3. **Rewrite** each group: its first parameter stays and is the base;
//!    parameter j of the group becomes, in place, `getelementptr base, j`
//!    at the top of the entry block, and the call sites pass only the
//!    first argument of the group.
//!
//! Only direct calls exist (wend has no function values), so every call
//! site is seen. A function without call sites keeps its signature.
//!
//! Requires: valid IR (best after mem2reg, so that only the captured
//! variables are still allocas). Invalidates: function signatures and
//! calls (the call graph keeps its edges); no CFG change.

use std::collections::{HashMap, HashSet};

use wend_ir::debug_info::VariableKind;
use wend_ir::{FuncId, Function, Inst, InstKind, Module, Type, Value, ValueDef};

/// Runs the three steps (see the module doc) until nothing changes.
pub fn run(module: &mut Module) {
    // A group moves one level of nesting a round; the nesting is at most
    // as deep as there are functions.
    for _ in 0..=module.functions.len() {
        let mut changed = false;
        for func in module.functions.values_mut() {
            if !func.is_declaration() {
                changed |= lay_out_arrays(func);
            }
        }
        changed |= group_parameters(module);
        if !changed {
            break;
        }
    }
}

// ---- step 1: arrays ------------------------------------------------------

/// Turns each chain of scalar allocas passed side by side into one array
/// alloca. Returns whether it made any.
fn lay_out_arrays(func: &mut Function) -> bool {
    let entry = func.layout[0];
    let scalar: HashSet<Value> = func.blocks[entry]
        .insts
        .iter()
        .filter(|&&i| func.insts[i].kind.is_scalar_alloca())
        .filter_map(|&i| func.insts[i].result.expand())
        .collect();
    // Each alloca's successors and predecessors, as calls pass them.
    let mut succ: HashMap<Value, HashSet<Value>> = HashMap::new();
    let mut pred: HashMap<Value, HashSet<Value>> = HashMap::new();
    for &b in &func.layout {
        for &inst in &func.blocks[b].insts {
            let InstKind::Call { args, .. } = &func.insts[inst].kind else {
                continue;
            };
            for pair in args.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                let side_by_side = a != b
                    && scalar.contains(&a)
                    && scalar.contains(&b)
                    && func.value_type(a) == func.value_type(b);
                if side_by_side {
                    succ.entry(a).or_default().insert(b);
                    pred.entry(b).or_default().insert(a);
                }
            }
        }
    }
    // An edge holds when it is its ends' only one.
    let only = |map: &HashMap<Value, HashSet<Value>>, v: Value| {
        map.get(&v)
            .filter(|set| set.len() == 1)
            .and_then(|set| set.iter().next().copied())
    };
    let next = |v: Value| only(&succ, v).filter(|&n| only(&pred, n) == Some(v));
    let has_prev = |v: Value| only(&pred, v).is_some_and(|p| next(p) == Some(v));
    // Chains from their heads, in the order of the allocas (a cycle has
    // no head and stays as it is).
    let allocas: Vec<Inst> = func.blocks[entry].insts.clone();
    let mut chains = Vec::new();
    for inst in allocas {
        let Some(head) = func.insts[inst].result.expand() else {
            continue;
        };
        if !scalar.contains(&head) || has_prev(head) || next(head).is_none() {
            continue;
        }
        let mut chain = vec![head];
        while let Some(n) = next(*chain.last().unwrap()) {
            if chain.contains(&n) {
                break;
            }
            chain.push(n);
        }
        chains.push(chain);
    }
    for chain in &chains {
        make_array(func, chain);
    }
    !chains.is_empty()
}

/// Makes `members` (allocas of the entry block, one type) the elements of
/// one new array alloca, in order.
fn make_array(func: &mut Function, members: &[Value]) {
    let ty = func
        .value_type(members[0])
        .pointee()
        .expect("an alloca is a pointer");
    let count = members.len() as u32;
    let array = func.make_inst(InstKind::Alloca { ty, count }, Some(ty.pointer_to()), 0);
    let base = func.inst_result(array).expect("an alloca has a result");
    let name = common_prefix(func, members);
    func.set_value_name(base, &name);
    let entry = func.layout[0];
    func.blocks[entry].insts.insert(0, array);
    for (j, &member) in members.iter().enumerate() {
        let index = func.iconst(j as i32);
        let ValueDef::Inst(inst) = func.value_def(member) else {
            unreachable!("an alloca's result is defined by it")
        };
        func.insts[inst].kind = InstKind::ElementPtr { base, index };
    }
}

/// The name the members' names start with (`c` for `c0`…`c511`), or
/// `frame`.
fn common_prefix(func: &Function, members: &[Value]) -> String {
    let names: Vec<&str> = members
        .iter()
        .map(|&m| func.value_name(m).unwrap_or(""))
        .collect();
    let first = names[0];
    let mut len = first.len();
    for name in &names[1..] {
        len = first
            .bytes()
            .zip(name.bytes())
            .take(len)
            .take_while(|(a, b)| a == b)
            .count();
    }
    let prefix = first[..len].trim_end_matches(|c: char| c.is_ascii_digit());
    if prefix.is_empty() {
        "frame".to_string()
    } else {
        prefix.to_string()
    }
}

// ---- steps 2 and 3: parameter groups ---------------------------------------

/// A call of a defined function: the caller and the call instruction.
type CallSite = (FuncId, Inst);

/// Finds and rewrites the parameter groups of every function. Returns
/// whether it rewrote any.
fn group_parameters(module: &mut Module) -> bool {
    let mut sites: HashMap<FuncId, Vec<CallSite>> = HashMap::new();
    for (caller, func) in module.functions.iter() {
        for &b in &func.layout {
            for &inst in &func.blocks[b].insts {
                if let InstKind::Call { callee, .. } = func.insts[inst].kind {
                    sites.entry(callee).or_default().push((caller, inst));
                }
            }
        }
    }
    let mut changed = false;
    let callees: Vec<FuncId> = module.functions.keys().collect();
    for callee in callees {
        let Some(sites) = sites.get(&callee) else {
            continue;
        };
        if module.functions[callee].is_declaration() {
            continue;
        }
        let groups = find_groups(module, callee, sites);
        if !groups.is_empty() {
            rewrite_callee(&mut module.functions[callee], &groups);
            for &(caller, inst) in sites {
                rewrite_call(&mut module.functions[caller], inst, &groups);
            }
            changed = true;
        }
    }
    changed
}

/// The groups of `callee`'s parameters, as ranges of parameter positions
/// (each at least two long), in order.
fn find_groups(module: &Module, callee: FuncId, sites: &[CallSite]) -> Vec<std::ops::Range<usize>> {
    let params = &module.functions[callee].params;
    let ty = |i: usize| module.functions[callee].value_type(params[i]);
    // joined[i]: parameters i and i + 1 can be in one group.
    let mut joined: Vec<bool> = (0..params.len().saturating_sub(1))
        .map(|i| ty(i).is_pointer() && ty(i) == ty(i + 1) && ty(i) != Type::PtrI8)
        .collect();
    for &(caller, inst) in sites {
        let func = &module.functions[caller];
        let InstKind::Call { args, .. } = &func.insts[inst].kind else {
            unreachable!("a call site is a call")
        };
        for (i, join) in joined.iter_mut().enumerate() {
            let (a, b) = (func.pointer_base(args[i]), func.pointer_base(args[i + 1]));
            let consecutive =
                a.root == b.root && a.offset.is_some() && b.offset == a.offset.map(|o| o + 1);
            *join &= consecutive;
        }
    }
    let mut groups = Vec::new();
    let mut start = 0;
    for i in 0..params.len() {
        let ends_here = joined.get(i) != Some(&true);
        if ends_here {
            if i > start {
                groups.push(start..i + 1);
            }
            start = i + 1;
        }
    }
    // A group's array is its own at every call: no other pointer argument
    // points into it (else, after a later round, two groups would).
    groups
        .into_iter()
        .filter(|group| {
            sites.iter().all(|&(caller, inst)| {
                let func = &module.functions[caller];
                let InstKind::Call { args, .. } = &func.insts[inst].kind else {
                    unreachable!("a call site is a call")
                };
                let root = func.pointer_base(args[group.start]).root;
                args.iter().enumerate().all(|(i, &arg)| {
                    group.contains(&i)
                        || !func.value_type(arg).is_pointer()
                        || func.pointer_base(arg).root != root
                })
            })
        })
        .collect()
}

/// Makes each group's first parameter its base and the others element
/// pointers from it.
fn rewrite_callee(func: &mut Function, groups: &[std::ops::Range<usize>]) {
    let entry = func.layout[0];
    let mut element_ptrs = Vec::new();
    for group in groups {
        let base = func.params[group.start];
        for j in 1..group.len() {
            let param = func.params[group.start + j];
            let index = func.iconst(j as i32);
            let inst = func.make_inst(InstKind::ElementPtr { base, index }, None, 0);
            func.insts[inst].result = param.into();
            func.values[param].def = ValueDef::Inst(inst);
            element_ptrs.push(inst);
        }
    }
    func.blocks[entry].insts.splice(0..0, element_ptrs);
    let dropped = |i: usize| groups.iter().any(|g| g.start < i && i < g.end);
    let kept: Vec<Value> = (0..func.params.len())
        .filter(|&i| !dropped(i))
        .map(|i| func.params[i])
        .collect();
    for (position, &param) in kept.iter().enumerate() {
        func.values[param].def = ValueDef::Param(position as u32);
    }
    func.params = kept;
    // A captured variable whose pointer parameter is gone is reached
    // through its debug value, which follows the element pointer.
    if let Some(debug) = func.debug.as_mut() {
        for var in &mut debug.variables {
            let gone = var
                .slot
                .is_some_and(|s| !matches!(func.values[s].def, ValueDef::Param(_)));
            if var.kind == VariableKind::Captured && gone {
                var.slot = None;
            }
        }
    }
}

/// Passes only the first argument of each group.
fn rewrite_call(func: &mut Function, inst: Inst, groups: &[std::ops::Range<usize>]) {
    let InstKind::Call { args, .. } = &mut func.insts[inst].kind else {
        unreachable!("a call site is a call")
    };
    let mut i = 0;
    args.retain(|_| {
        let keep = !groups.iter().any(|g| g.start < i && i < g.end);
        i += 1;
        keep
    });
}
