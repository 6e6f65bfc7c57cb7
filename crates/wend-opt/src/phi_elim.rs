//! phi-elim: leave SSA form — every phi becomes a variable, written by
//! copies on the edges that enter its block.
//!
//! A phi `x = phi [a, P1], [b, P2]` means "on the edge from P1, x takes a;
//! on the edge from P2, x takes b". Translated out of SSA, `x` is one
//! variable assigned in several places: the copy `x := a` at the end of
//! the edge from P1, `x := b` on the edge from P2. The IR has no variables
//! beside SSA values, so each phi's variable is a stack slot, `%x.var`
//! (an `alloca` in the entry block); a copy into it is a `store`, and a
//! read of it a `load`:
//!
//! * every use of `x` in an instruction or a terminator reads the slot,
//!   with one `load` per block before the first use there: `x` has become
//!   one storage location, like a register after coalescing, not a value;
//! * the copies of one edge — one per phi of the block it enters — form a
//!   **parallel copy**: all sources are read, then all destinations
//!   written, as phis conceptually run at once. A source is either a plain
//!   value (an instruction result, a parameter, a constant), which no copy
//!   can overwrite, or another phi's variable, which a copy may overwrite;
//! * each parallel copy is **sequentialised** into single copies
//!   ([`wend_ir::parallel_copy`], Algorithm 1 of Boissinot, Darte,
//!   Rastello, Dupont de Dinechin & Guillon, "Revisiting Out-of-SSA
//!   Translation for Correctness, Code Quality, and Efficiency", CGO 2009):
//!   a variable is written only once no pending copy still reads it, which
//!   solves the ordering half of the **swap problem** (Briggs, Cooper,
//!   Harvey & Simpson, "Practical Improvements to the Construction and
//!   Destruction of Static Single Assignment Form", 1998: `y1 := x1`
//!   must come before `x1 := x2`), and a cycle (`a := b, b := a`, the
//!   swap itself) is broken by saving one variable in a temporary
//!   (`%a.tmp = load %a.var`) first. Copies from plain values come last.
//!
//! A copy between two variables is a `load` of the source followed by a
//! `store` to the destination; a copy from a plain value is one `store`.
//!
//! Where the copies of an edge `P → S` go: at the end of `P` (after the
//! loads its terminator needs, before the terminator) when `P` has one
//! successor, else at the top of `S`, which then has `P` as its only
//! predecessor. An edge with neither is critical, and a copy at either end
//! would also run on another edge — the **lost-copy problem**: a copy into
//! `x` at the end of a loop's latch that also exits destroys the `x` read
//! after the loop. `break-crit-edges` splits those edges first; the
//! pipeline runs it right before this pass, and finding one is a compiler
//! bug. (Sreedhar et al.'s and Boissinot et al.'s methods avoid splitting
//! by copying into fresh variables instead; splitting is the textbook
//! method and shows each edge's copies in a block of their own.)
//!
//! Why the result is right: a phi's variable is written only on the edges
//! entering its block, right before (or as) control enters it, which is
//! exactly when the phi would produce a new value; so at every use, which
//! the phi's block dominates, the variable holds the phi's latest value.
//!
//! Phis of pointer type stay (the IR has no pointers to pointers to keep
//! them in); wend programs never make them.
//!
//! Requires: no critical edge into a block with phis (`break-crit-edges`).
//! Invalidates: nothing about the CFG; phis are replaced by allocas,
//! loads and stores, so running `mem2reg` after it rebuilds SSA form.

use cranelift_entity::SecondaryMap;
use wend_ir::analysis::cfg::Cfg;
use wend_ir::parallel_copy::sequentialize;
use wend_ir::{Block, Function, Inst, InstKind, OperandRewrite, Value};

pub fn run(func: &mut Function) {
    if func.is_declaration() {
        return;
    }
    let cfg = Cfg::compute(func);
    check_no_critical_edges_into_phis(func, &cfg);
    let var = make_variables(func);
    read_variables_at_uses(func, &var);
    for i in 0..func.layout.len() {
        let block = func.layout[i];
        if func.blocks[block].phis.is_empty() {
            continue;
        }
        // Every edge has its own predecessor: a block with phis and several
        // predecessor edges has no critical edge, so each predecessor has a
        // single edge to it.
        let mut preds: Vec<Block> = cfg.preds(block).to_vec();
        preds.dedup();
        for pred in preds {
            let copies = edge_copies(func, &var, block, pred);
            let insts = sequential_copies(func, &var, &copies);
            if cfg.succs(pred).len() == 1 {
                func.blocks[pred].insts.extend(insts);
            } else {
                func.blocks[block].insts.splice(0..0, insts);
            }
        }
        func.retain_phis(block, |func, phi| var[result(func, phi)].is_none());
    }
}

fn check_no_critical_edges_into_phis(func: &Function, cfg: &Cfg) {
    for &b in &func.layout {
        for &s in cfg.succs(b) {
            if cfg.is_critical_edge(b, s) && !func.blocks[s].phis.is_empty() {
                panic!(
                    "compiler bug: `phi-elim` needs the critical edges into blocks with phis split, \
                     but in function `{}` the edge {b} -> {s} is critical (the pass manager runs \
                     `break-crit-edges` before `phi-elim`)",
                    func.name
                );
            }
        }
    }
}

fn result(func: &Function, phi: Inst) -> Value {
    func.insts[phi].result.expand().expect("a phi has a result")
}

/// A stack slot for each phi that is not a pointer: `var[phi] = slot`.
fn make_variables(func: &mut Function) -> SecondaryMap<Value, Option<Value>> {
    let entry = func.layout[0];
    let mut insert_at = func.blocks[entry]
        .insts
        .iter()
        .take_while(|&&i| matches!(func.insts[i].kind, InstKind::Alloca { .. }))
        .count();
    let mut var = SecondaryMap::new();
    for i in 0..func.layout.len() {
        for j in 0..func.blocks[func.layout[i]].phis.len() {
            let phi = func.blocks[func.layout[i]].phis[j];
            let x = result(func, phi);
            let ty = func.value_type(x);
            if ty.is_pointer() {
                continue;
            }
            let alloca =
                func.make_inst(InstKind::Alloca { ty, count: 1 }, Some(ty.pointer_to()), 0);
            let slot = func.insts[alloca].result.unwrap();
            func.set_value_name(slot, &named(func, x, "var"));
            func.blocks[entry].insts.insert(insert_at, alloca);
            insert_at += 1;
            var[x] = Some(slot);
        }
    }
    var
}

/// `x.suffix` for a value named `x`, plain `suffix` otherwise.
fn named(func: &Function, x: Value, suffix: &str) -> String {
    match func.value_name(x) {
        Some(name) => format!("{name}.{suffix}"),
        None => suffix.to_string(),
    }
}

/// A `load` of `x`'s variable, named after `x`.
fn read(
    func: &mut Function,
    var: &SecondaryMap<Value, Option<Value>>,
    x: Value,
    line: u32,
) -> Inst {
    let slot = var[x].expect("x is a phi with a variable");
    let load = func.make_inst(InstKind::Load { ptr: slot }, Some(func.value_type(x)), line);
    let name = func.value_name(x).unwrap_or("").to_string();
    func.set_value_name(func.insts[load].result.unwrap(), &name);
    load
}

/// Makes every instruction and terminator that uses a phi read its
/// variable instead: one load per block and phi, before the first use.
/// Phi entries are not uses here: they become the edges' copies.
fn read_variables_at_uses(func: &mut Function, var: &SecondaryMap<Value, Option<Value>>) {
    func.rewrite_operands(&mut ReadVariables {
        var,
        loaded: SecondaryMap::new(),
    });
}

/// The operands that are phis become loads of their variables.
struct ReadVariables<'a> {
    var: &'a SecondaryMap<Value, Option<Value>>,
    /// The latest load of each variable, and its block.
    loaded: SecondaryMap<Value, Option<(Block, Value)>>,
}

impl OperandRewrite for ReadVariables<'_> {
    fn operand(
        &mut self,
        func: &mut Function,
        block: Block,
        x: Value,
        before: &mut Vec<Inst>,
        line: u32,
    ) -> Value {
        if self.var[x].is_none() {
            return x;
        }
        match self.loaded[x] {
            Some((in_block, value)) if in_block == block => value,
            _ => {
                let load = read(func, self.var, x, line);
                before.push(load);
                let value = func.insts[load].result.unwrap();
                self.loaded[x] = Some((block, value));
                value
            }
        }
    }
}

/// A place a copy reads or writes: a phi's variable, or the temporary
/// that breaks a cycle.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Location {
    Variable(Value),
    Temporary,
}

/// The parallel copy of the edge `pred → block`: for each phi with a
/// variable, its variable and the phi's value along the edge.
fn edge_copies(
    func: &Function,
    var: &SecondaryMap<Value, Option<Value>>,
    block: Block,
    pred: Block,
) -> Vec<(Value, Value)> {
    let mut copies = Vec::new();
    for &phi in &func.blocks[block].phis {
        let x = result(func, phi);
        if var[x].is_none() {
            continue;
        }
        copies.push((x, func.phi_entry_from(phi, pred)));
    }
    copies
}

/// The instructions of the parallel copy `copies` (pairs `(phi, source)`)
/// done one at a time.
fn sequential_copies(
    func: &mut Function,
    var: &SecondaryMap<Value, Option<Value>>,
    copies: &[(Value, Value)],
) -> Vec<Inst> {
    let (between_variables, from_values): (Vec<_>, Vec<_>) = copies
        .iter()
        .copied()
        .partition(|&(_, source)| var[source].is_some());
    let locations: Vec<(Location, Location)> = between_variables
        .iter()
        .map(|&(x, source)| (Location::Variable(x), Location::Variable(source)))
        .collect();
    let mut insts = Vec::new();
    let mut temporary = None;
    for (dst, src) in sequentialize(&locations, Location::Temporary) {
        match (dst, src) {
            (Location::Temporary, Location::Variable(source)) => {
                let line = line_of(func, source);
                let load = read(func, var, source, line);
                let value = func.insts[load].result.unwrap();
                func.set_value_name(value, &named(func, source, "tmp"));
                temporary = Some(value);
                insts.push(load);
            }
            (Location::Variable(x), Location::Temporary) => {
                let value = temporary.expect("a cycle's temporary is saved first");
                insts.push(store(func, var, x, value));
            }
            (Location::Variable(x), Location::Variable(source)) => {
                let load = read(func, var, source, line_of(func, x));
                insts.push(load);
                let value = func.insts[load].result.unwrap();
                insts.push(store(func, var, x, value));
            }
            (Location::Temporary, Location::Temporary) => {
                unreachable!("the temporary copied to itself")
            }
        }
    }
    for (x, value) in from_values {
        insts.push(store(func, var, x, value));
    }
    insts
}

fn line_of(func: &Function, x: Value) -> u32 {
    func.defining_inst(x).map_or(0, |i| func.insts[i].line)
}

/// `store value, x.var`, on the line of the phi `x`.
fn store(
    func: &mut Function,
    var: &SecondaryMap<Value, Option<Value>>,
    x: Value,
    value: Value,
) -> Inst {
    let slot = var[x].expect("x is a phi with a variable");
    let line = line_of(func, x);
    func.make_inst(InstKind::Store { value, ptr: slot }, None, line)
}
