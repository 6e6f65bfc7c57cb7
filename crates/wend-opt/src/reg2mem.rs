//! reg2mem: the inverse of mem2reg — put SSA values back in stack slots.
//!
//! Like LLVM's `reg2mem` pass, it leaves a function without phis and with
//! no value live across a block boundary except through memory:
//!
//! 1. **Phis.** Each phi gets a stack slot. At the end of each predecessor
//!    (just before its terminator) the incoming value for that edge is
//!    stored to the slot, and the phi becomes a load of the slot at the top
//!    of its block. Storing at the end of the predecessor is right even on a
//!    critical edge: the slot is read only by that load, so a store made for
//!    one successor is harmless on a path to another. A predecessor with two
//!    edges to the block (`br %c, label %b, label %b`) has two entries with
//!    the same value — the verifier insists, as LLVM's does, since the phi
//!    could not tell the edges apart — so one store serves both edges.
//!    The stores read SSA values, never slots, so the classic "swap" and
//!    "lost copy" problems of SSA destruction cannot arise.
//! 2. **Values used outside their block.** Each instruction result used in
//!    another block gets a slot, a store right after its definition, and in
//!    every other block that uses it one load before the first use. Uses in
//!    the defining block keep the value itself.
//!
//! The new slots go at the top of the entry block, after the existing
//! allocas, so that mem2reg promotes them all again. Allocas themselves and
//! pointer-typed values are never demoted: the IR has no pointers to
//! pointers.
//!
//! Requires: valid IR. Invalidates: nothing about the CFG (no block or edge
//! is added or removed); instructions are added and phis removed.

use cranelift_entity::SecondaryMap;
use wend_ir::{Block, Function, Inst, InstKind, OperandRewrite, Substitution, Value};

/// Demotes the phis and cross-block values of `func` (see the module doc).
pub fn run(func: &mut Function) {
    if func.is_declaration() {
        return;
    }
    let mut slots = SlotMaker::new(func);
    demote_phis(func, &mut slots);
    demote_cross_block_values(func, &mut slots);
}

/// Creates stack slots at the top of the entry block, after its allocas.
struct SlotMaker {
    insert_at: usize,
}

impl SlotMaker {
    fn new(func: &Function) -> SlotMaker {
        let entry = &func.blocks[func.layout[0]];
        let insert_at = entry
            .insts
            .iter()
            .take_while(|&&i| matches!(func.insts[i].kind, InstKind::Alloca { .. }))
            .count();
        SlotMaker { insert_at }
    }

    /// A new slot for `value`, named after it.
    fn slot_for(&mut self, func: &mut Function, value: Value) -> Value {
        let ty = func.value_type(value);
        let alloca = func.make_inst(InstKind::Alloca { ty, count: 1 }, Some(ty.pointer_to()), 0);
        let entry = func.layout[0];
        func.blocks[entry].insts.insert(self.insert_at, alloca);
        self.insert_at += 1;
        let slot = func.insts[alloca].result.unwrap();
        func.set_value_name(slot, &derived_name(func, value, "reg2mem"));
        slot
    }
}

/// `x.suffix` for a value named `x`, plain `suffix` for an unnamed one.
fn derived_name(func: &Function, value: Value, suffix: &str) -> String {
    match func.value_name(value) {
        Some(name) => format!("{name}.{suffix}"),
        None => suffix.to_string(),
    }
}

fn make_load(func: &mut Function, slot: Value, reloaded: Value, line: u32) -> Inst {
    let ty = func.value_type(reloaded);
    let load = func.make_inst(InstKind::Load { ptr: slot }, Some(ty), line);
    let name = derived_name(func, reloaded, "reload");
    func.set_value_name(func.insts[load].result.unwrap(), &name);
    load
}

fn make_store(func: &mut Function, value: Value, slot: Value, line: u32) -> Inst {
    func.make_inst(InstKind::Store { value, ptr: slot }, None, line)
}

/// Step 1: every phi becomes a slot, stores in the predecessors, and a load.
fn demote_phis(func: &mut Function, slots: &mut SlotMaker) {
    let mut subst = Substitution::new();
    for i in 0..func.layout.len() {
        let block = func.layout[i];
        let mut reloads = Vec::new();
        func.retain_phis(block, |func, phi| {
            let result = func.insts[phi].result.unwrap();
            if func.value_type(result).is_pointer() {
                return true;
            }
            let InstKind::Phi { incoming } = func.insts[phi].kind.clone() else {
                unreachable!("a phi list holds only phis")
            };
            let line = func.insts[phi].line;
            let slot = slots.slot_for(func, result);
            for (k, &(pred, value)) in incoming.iter().enumerate() {
                // A second edge from the same predecessor has the same value.
                if incoming[..k].iter().any(|&(p, _)| p == pred) {
                    continue;
                }
                let store = make_store(func, value, slot, line);
                func.blocks[pred].insts.push(store);
            }
            let load = make_load(func, slot, result, line);
            reloads.push(load);
            subst.replace(result, func.insts[load].result.unwrap());
            false
        });
        func.blocks[block].insts.splice(0..0, reloads);
    }
    func.substitute(&subst);
}

/// Step 2: values used outside their defining block go through a slot.
fn demote_cross_block_values(func: &mut Function, slots: &mut SlotMaker) {
    let inst_block = func.inst_blocks();
    let mut def_block: SecondaryMap<Value, Option<Block>> = SecondaryMap::new();
    for (inst, data) in func.insts.iter() {
        if let (Some(v), Some(b)) = (data.result.expand(), inst_block[inst].expand()) {
            def_block[v] = Some(b);
        }
    }

    // Which values need a slot: instruction results (not allocas, not
    // pointers) used in a block other than their own.
    let mut needs_slot: SecondaryMap<Value, bool> = SecondaryMap::new();
    let mut demoted = Vec::new();
    for &b in &func.layout {
        let data = &func.blocks[b];
        let mut note = |v: Value| {
            if !needs_slot[v]
                && !func.value_type(v).is_pointer()
                && def_block[v].is_some_and(|d| d != b)
            {
                needs_slot[v] = true;
                demoted.push(v);
            }
        };
        for &inst in data.phis.iter().chain(&data.insts) {
            func.insts[inst].kind.for_each_operand(&mut note);
        }
        if let Some(t) = &data.terminator {
            t.for_each_operand(&mut note);
        }
    }
    if demoted.is_empty() {
        return;
    }
    demoted.sort_unstable();
    let mut reloader = Reloader {
        def_block,
        slot_of: SecondaryMap::new(),
        reloaded: SecondaryMap::new(),
    };
    for &v in &demoted {
        reloader.slot_of[v] = Some(slots.slot_for(func, v));
    }

    // Rebuild each block: a store after each demoted definition, a load
    // before the first use of each value defined elsewhere.
    func.rewrite_operands(&mut reloader);
}

/// Rewrites operands of one block at a time to read demoted values from
/// their slots.
struct Reloader {
    /// The block defining each instruction result.
    def_block: SecondaryMap<Value, Option<Block>>,
    /// The slot of each demoted value.
    slot_of: SecondaryMap<Value, Option<Value>>,
    /// The latest reload of each value and the block it is in; a block
    /// loads a value once, before its first use there.
    reloaded: SecondaryMap<Value, Option<(Block, Value)>>,
}

impl OperandRewrite for Reloader {
    /// `v` itself, unless it lives in a slot and is defined in another
    /// block: then its load in `block`, appended to `insts` if `v` was not
    /// loaded in this block yet.
    fn operand(
        &mut self,
        func: &mut Function,
        block: Block,
        v: Value,
        insts: &mut Vec<Inst>,
        line: u32,
    ) -> Value {
        let Some(slot) = self.slot_of[v] else {
            return v;
        };
        if self.def_block[v] == Some(block) {
            return v;
        }
        if let Some((b, reload)) = self.reloaded[v] {
            if b == block {
                return reload;
            }
        }
        let load = make_load(func, slot, v, line);
        insts.push(load);
        let reload = func.insts[load].result.unwrap();
        self.reloaded[v] = Some((block, reload));
        reload
    }

    /// A demoted definition is stored to its slot right away.
    fn after(&mut self, func: &mut Function, inst: Inst, insts: &mut Vec<Inst>) {
        if let Some(result) = func.insts[inst].result.expand() {
            if let Some(slot) = self.slot_of[result] {
                let line = func.insts[inst].line;
                insts.push(make_store(func, result, slot, line));
            }
        }
    }
}
