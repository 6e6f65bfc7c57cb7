//! split-arrays: an array alloca whose elements are only ever loaded and
//! stored at constant indices becomes one scalar alloca per element, which
//! mem2reg can then promote (LLVM's scalar replacement of aggregates,
//! SROA, for wendc's one kind of aggregate).
//!
//! `frame-arrays` lays out variables that a function hands together to a
//! nested function as an array. Once the inliner has copied the nested
//! function in, its accesses usually have constant indices again (the
//! nested function read variable j, not element k): then the array is
//! only a detour, and each variable should be a register.
//!
//! Algorithm: for each array alloca of the entry block, look at every use
//! of it and of the element pointers taken from it at a constant index.
//! If each use is the address of a load or a store (not the stored value,
//! not a call argument, not the base of another element pointer, which
//! might be indexed), make one scalar alloca per element used, in the
//! entry block, named after the element pointer; replace the element
//! pointers by them (element 0 is also the array's own address), and
//! delete the element pointers and the array.
//!
//! Requires: valid IR. Invalidates: nothing of the CFG; allocas replaced.

use std::collections::HashMap;

use wend_ir::{Function, Inst, InstKind, Substitution, Value};

/// Splits every array alloca of `func` that qualifies (see the module doc).
pub fn run(func: &mut Function) {
    if func.is_declaration() {
        return;
    }
    let entry = func.layout[0];
    let mut splittable: HashMap<Value, bool> = func.blocks[entry]
        .insts
        .iter()
        .filter(|&&i| matches!(func.insts[i].kind, InstKind::Alloca { count: 2.., .. }))
        .filter_map(|&i| func.inst_result(i))
        .map(|v| (v, true))
        .collect();
    if splittable.is_empty() {
        return;
    }
    // The element pointers at constant indices: (array, index).
    let mut element_of: HashMap<Value, (Value, u32)> = HashMap::new();
    for &b in &func.layout {
        for &inst in &func.blocks[b].insts {
            if let InstKind::ElementPtr { base, index } = func.insts[inst].kind {
                let known = splittable.contains_key(&base) && func.element_in_bounds(base, index);
                if let (true, Some(result)) = (known, func.inst_result(inst)) {
                    let j = func.as_const(index).expect("a known element") as u32;
                    element_of.insert(result, (base, j));
                }
            }
        }
    }
    // Any use but the address of a load or store keeps the array whole.
    let array_of = |v: Value| {
        splittable
            .contains_key(&v)
            .then_some(v)
            .or_else(|| element_of.get(&v).map(|&(a, _)| a))
    };
    let mut whole = Vec::new();
    for &b in &func.layout {
        let data = &func.blocks[b];
        for &inst in data.phis.iter().chain(&data.insts) {
            let kind = &func.insts[inst].kind;
            match *kind {
                InstKind::Load { .. } => {}
                InstKind::Store { value, .. } => whole.extend(array_of(value)),
                InstKind::ElementPtr { base, .. }
                    if func
                        .inst_result(inst)
                        .is_some_and(|r| element_of.contains_key(&r)) =>
                {
                    debug_assert!(splittable.contains_key(&base));
                }
                _ => kind.for_each_operand(|v| whole.extend(array_of(v))),
            }
        }
        if let Some(t) = &data.terminator {
            t.for_each_operand(|v| whole.extend(array_of(v)));
        }
    }
    for array in whole {
        splittable.insert(array, false);
    }
    let mut subst = Substitution::new();
    let mut scalars: HashMap<(Value, u32), Value> = HashMap::new();
    let mut new_allocas = Vec::new();
    let mut scalar_for = |func: &mut Function, array: Value, j: u32, name: Option<String>| {
        *scalars.entry((array, j)).or_insert_with(|| {
            let ty = func.value_type(array).pointee().expect("a pointer");
            let alloca =
                func.make_inst(InstKind::Alloca { ty, count: 1 }, Some(ty.pointer_to()), 0);
            new_allocas.push(alloca);
            let v = func.inst_result(alloca).expect("an alloca has a result");
            if let Some(name) = name {
                func.set_value_name(v, &name);
            }
            v
        })
    };
    let mut elements: Vec<(Value, Value, u32)> = element_of
        .iter()
        .filter(|(_, (a, _))| splittable[a])
        .map(|(&e, &(a, j))| (e, a, j))
        .collect();
    elements.sort_unstable_by_key(|&(e, _, _)| e);
    for (element, array, j) in elements {
        let name = func.value_name(element).map(str::to_string);
        let scalar = scalar_for(func, array, j, name);
        subst.replace(element, scalar);
    }
    let mut arrays: Vec<Value> = splittable
        .iter()
        .filter(|(_, &s)| s)
        .map(|(&a, _)| a)
        .collect();
    arrays.sort_unstable();
    for &array in &arrays {
        let name = func.value_name(array).map(str::to_string);
        let scalar = scalar_for(func, array, 0, name);
        subst.replace(array, scalar);
    }
    if arrays.is_empty() {
        return;
    }
    let gone = |func: &Function, inst: Inst| {
        func.inst_result(inst).is_some_and(|r| {
            arrays.contains(&r) || element_of.get(&r).is_some_and(|(a, _)| arrays.contains(a))
        })
    };
    for i in 0..func.layout.len() {
        let b = func.layout[i];
        func.retain_insts(b, |func, inst| !gone(func, inst));
    }
    func.blocks[entry].insts.splice(0..0, new_allocas);
    func.substitute(&subst);
    if let Some(debug) = func.debug.as_mut() {
        for var in &mut debug.variables {
            var.slot = var.slot.map(|s| subst.resolve(s));
        }
    }
}
