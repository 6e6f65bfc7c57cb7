//! sccp: sparse conditional constant propagation.
//!
//! Finds the SSA values that hold the same constant on every execution, and
//! the blocks that can never execute, *at the same time* — which finds more
//! than constant propagation followed by dead-branch removal would: in
//!
//! ```text
//! x = 1
//! while (...) { if (x != 1) { x = 2 } }
//! ```
//!
//! the assignment `x = 2` never runs because `x` is 1, and `x` is 1 because
//! that assignment never runs. The algorithm is Wegman & Zadeck, "Constant
//! Propagation with Conditional Branches" (TOPLAS 1991), the SSA variant
//! ("SCC"), as in LLVM's `SCCP`.
//!
//! **The lattice.** Each SSA value starts at ⊤ ("no evidence yet": the
//! optimistic assumption) and can only go down, to one constant and then
//! to ⊥ ("not a constant"):
//!
//! ```text
//!          ⊤
//!   … -1  0  1  2 …
//!          ⊥
//! ```
//!
//! The meet of two different constants is ⊥; ⊤ is the identity of meet.
//! Constants are their own value; parameters, string addresses, loads and
//! call results are ⊥. So is `undef`: LLVM treats it as "any value we
//! like", which lets `phi [5, %a], [undef, %b]` become 5, but it then needs
//! a fix-up step for branches on `undef` (its `resolvedUndefsIn`). We take
//! the conservative choice, obviously sound; little is lost, since the
//! frontend initialises every variable and mem2reg already removes
//! `phi [x, …], [undef, …]` where it can.
//!
//! **Two worklists.** Edges start non-executable, values start at ⊤:
//! * the *flow worklist* holds CFG edges just found executable. The first
//!   time a block is reached, all its instructions and its terminator are
//!   evaluated; when another edge into it becomes executable, only its phis
//!   are re-evaluated (they meet their entries over executable edges only);
//! * the *SSA worklist* holds values whose lattice cell just went down;
//!   their users in executable blocks are re-evaluated. A value that went
//!   down during the first visit of its block needs only its phi users
//!   re-evaluated: its other users are later in the block or in blocks it
//!   dominates, not reached yet. Those values wait in a third list, which
//!   halves the work on straight-line code. A function without phis never
//!   re-evaluates anything (every operand is final when its user is first
//!   visited), so it skips the users lists and this third list altogether.
//!
//! A branch marks executable only the edges its condition allows: both on
//! ⊥, the taken one on a constant, none (yet) on ⊤. Each value goes down
//! at most twice and each edge becomes executable once, so the work is
//! linear in the size of the function (times the phi arity).
//!
//! **Folding** follows the IR's exact semantics, the interpreter's:
//! wrapping `add`/`sub`/`mul`, truncating `sdiv`/`srem`, signed `icmp`
//! (an `i1` is signed too: `true` is -1). A division whose divisor is 0, or
//! the type's minimum divided by -1, is undefined in the IR and is never
//! folded: the frontend guards both with explicit tests, and those tests
//! fold on their own — for `x / 0` the guard `icmp eq 0, 0` folds to true,
//! so the branch to `wend_div_by_zero` stays and the runtime error is still
//! raised, while the block holding the `sdiv` becomes unreachable.
//!
//! **Rewriting.** Every value found constant becomes that constant (its
//! uses need no change) and its (side-effect-free) definition is deleted;
//! a conditional branch with one executable edge becomes an unconditional
//! branch, removing the phi entry of the dropped edge (a `br %c, %b, %b`
//! has two edges to `%b`, so its phis lose exactly one of their two
//! entries); blocks never reached are deleted with the phi entries they
//! fed.
//!
//! Requires: valid IR. Computes: a use list per value. Invalidates: the CFG
//! (edges and blocks are removed) and everything computed from it.

use crate::simplifycfg::{branch_only_to, delete_blocks};
use cranelift_entity::{EntityRef, SecondaryMap};
use wend_ir::flat_lists::FlatLists;
use wend_ir::prefetch::{lookahead_for, prefetch, with_lookahead};
use wend_ir::{Block, Function, Inst, InstBlocks, InstKind, Terminator, Value, ValueDef};

/// The abstract value of an SSA value.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
enum Lattice {
    /// Not evaluated yet: may still turn out to be any constant.
    #[default]
    Top,
    /// The same constant on every execution (`i1` as 0/1).
    Const(i32),
    /// Not a (known) constant.
    Bottom,
}

impl Lattice {
    /// The greatest lower bound of two cells.
    fn meet(self, other: Lattice) -> Lattice {
        match (self, other) {
            (Lattice::Top, x) | (x, Lattice::Top) => x,
            (Lattice::Const(a), Lattice::Const(b)) if a == b => self,
            _ => Lattice::Bottom,
        }
    }
}

/// Something that reads a value: a phi, another instruction or the
/// terminator of a block.
#[derive(Copy, Clone)]
enum User {
    Phi(Inst),
    Inst(Inst),
    Terminator(Block),
}

struct Solver<'f> {
    func: &'f Function,
    /// The block of each placed instruction.
    block_of: InstBlocks,
    /// The users of each value, one entry per use. Only instruction
    /// results' cells can change, so only their lists are ever read; the
    /// others are kept because telling them apart while building would
    /// read each operand's definition, a cache miss per use in a huge
    /// function.
    users: FlatLists<User>,
    /// Whether the function has phis; if not, `users` is empty.
    has_phis: bool,
    cell: SecondaryMap<Value, Lattice>,
    /// Whether the block has been reached.
    executable: SecondaryMap<Block, bool>,
    /// Whether each outgoing edge of a block (by successor position: 0 for
    /// `then`, 1 for `else`) has been found executable.
    edge_executable: SecondaryMap<Block, [bool; 2]>,
    flow_worklist: Vec<(Block, usize)>,
    ssa_worklist: Vec<Value>,
    /// Values lowered during the first visit of their block, whose phi
    /// users only need evaluating again: every other user is later in that
    /// block or in a block it dominates, which is not reached yet (a
    /// dominated block is reached only through an edge out of this one,
    /// marked at the end of this visit) and sees the new cell when it is.
    /// In straight-line code that halves the work.
    phi_worklist: Vec<Value>,
}

/// Whether an instruction is evaluated in the first visit of its block.
#[derive(Copy, Clone)]
enum Visit {
    First,
    Again,
}

/// Runs SCCP on `func` (see the module doc).
pub fn run(func: &mut Function) {
    if func.is_declaration() {
        return;
    }
    let mut solver = Solver::new(func);
    solver.solve();
    let Solver {
        cell,
        executable,
        edge_executable,
        ..
    } = solver;
    rewrite(func, &cell, &executable, &edge_executable);
}

impl<'f> Solver<'f> {
    fn new(func: &'f Function) -> Self {
        // Without phis no instruction is ever evaluated again: each one's
        // operands are defined in blocks that dominate it, whose first
        // visit came first and gave those cells their final value. Then
        // the users are never asked for, and not listed (that is two
        // scattered writes per operand on a huge function).
        let has_phis = func.layout.iter().any(|&b| !func.blocks[b].phis.is_empty());
        let users = if !has_phis {
            FlatLists::default()
        } else {
            FlatLists::build(func.values.len(), User::Terminator(func.layout[0]), |f| {
                let mut add = |v: Value, user| f(v.index(), user);
                for &b in &func.layout {
                    for inst in func.block_insts(b) {
                        let kind = &func.insts[inst].kind;
                        let user = if kind.is_phi() {
                            User::Phi(inst)
                        } else {
                            User::Inst(inst)
                        };
                        kind.for_each_operand(|v| add(v, user));
                    }
                    if let Some(t) = func.terminator(b) {
                        t.for_each_operand(|v| add(v, User::Terminator(b)));
                    }
                }
            })
        };
        // Values that are not instruction results have their final cell
        // from the start; instruction results start at ⊤.
        let mut cell = SecondaryMap::with_capacity(func.values.len());
        for (v, data) in func.values.iter() {
            cell[v] = match data.def {
                ValueDef::Const(c) => Lattice::Const(c),
                ValueDef::Inst(_) => Lattice::Top,
                ValueDef::Param(_) | ValueDef::Undef | ValueDef::Str(_) => Lattice::Bottom,
            };
        }
        Solver {
            func,
            block_of: func.inst_blocks(),
            users,
            has_phis,
            cell,
            executable: SecondaryMap::new(),
            edge_executable: SecondaryMap::new(),
            flow_worklist: Vec::new(),
            ssa_worklist: Vec::new(),
            phi_worklist: Vec::new(),
        }
    }

    fn solve(&mut self) {
        let entry = self.func.layout[0];
        self.executable[entry] = true;
        self.visit_block(entry);
        loop {
            if let Some((pred, index)) = self.flow_worklist.pop() {
                let succ = self.successor(pred, index);
                if self.executable[succ] {
                    // Only the phis can see the new edge.
                    for i in 0..self.func.blocks[succ].phis.len() {
                        self.visit_inst(self.func.blocks[succ].phis[i], Visit::Again);
                    }
                } else {
                    self.executable[succ] = true;
                    self.visit_block(succ);
                }
            } else if let Some(v) = self.ssa_worklist.pop() {
                for i in 0..self.users.get(v.index()).len() {
                    match self.users.get(v.index())[i] {
                        User::Phi(inst) | User::Inst(inst) => {
                            let block = self.block_of[inst].unwrap();
                            if self.executable[block] {
                                self.visit_inst(inst, Visit::Again);
                            }
                        }
                        User::Terminator(block) => {
                            if self.executable[block] {
                                self.visit_terminator(block);
                            }
                        }
                    }
                }
            } else if let Some(v) = self.phi_worklist.pop() {
                for i in 0..self.users.get(v.index()).len() {
                    if let User::Phi(phi) = self.users.get(v.index())[i] {
                        let block = self.block_of[phi].unwrap();
                        if self.executable[block] {
                            self.visit_inst(phi, Visit::Again);
                        }
                    }
                }
            } else {
                break;
            }
        }
    }

    fn successor(&self, b: Block, index: usize) -> Block {
        self.func.successors(b).nth(index).unwrap()
    }

    fn visit_block(&mut self, b: Block) {
        let func = self.func;
        let lookahead = lookahead_for(func.values.len());
        let data = &func.blocks[b];
        for (inst, later) in with_lookahead(&data.phis, &data.insts, lookahead) {
            // Operands come from all over a huge function: ask for the
            // cells the later instruction will read.
            if let Some(later) = later {
                func.insts[later]
                    .kind
                    .for_each_operand(|v| prefetch(&self.cell[v]));
            }
            self.visit_inst(inst, Visit::First);
        }
        self.visit_terminator(b);
    }

    fn mark_edge(&mut self, b: Block, index: usize) {
        if !self.edge_executable[b][index] {
            self.edge_executable[b][index] = true;
            self.flow_worklist.push((b, index));
        }
    }

    /// Whether some executable edge goes from `pred` to `succ`.
    fn edge_is_executable(&self, pred: Block, succ: Block) -> bool {
        self.func
            .successors(pred)
            .enumerate()
            .any(|(i, s)| s == succ && self.edge_executable[pred][i])
    }

    fn visit_terminator(&mut self, b: Block) {
        match *self.func.terminator(b).unwrap() {
            Terminator::Br { .. } => self.mark_edge(b, 0),
            Terminator::CondBr { cond, .. } => match self.cell[cond] {
                Lattice::Top => {}
                Lattice::Const(c) => self.mark_edge(b, if c != 0 { 0 } else { 1 }),
                Lattice::Bottom => {
                    self.mark_edge(b, 0);
                    self.mark_edge(b, 1);
                }
            },
            Terminator::Ret { .. } | Terminator::Unreachable => {}
        }
    }

    /// Re-evaluates an instruction and lowers its result's cell.
    fn visit_inst(&mut self, inst: Inst, visit: Visit) {
        let Some(result) = self.func.insts[inst].result.expand() else {
            return; // a store or a void call: nothing to propagate
        };
        if self.cell[result] == Lattice::Bottom {
            return; // already as low as it goes
        }
        let new = self.evaluate(inst, result);
        let old = self.cell[result];
        let lowered = old.meet(new);
        if lowered != old {
            self.cell[result] = lowered;
            match visit {
                Visit::First if self.has_phis => self.phi_worklist.push(result),
                Visit::First => {}
                Visit::Again => self.ssa_worklist.push(result),
            }
        }
    }

    fn evaluate(&self, inst: Inst, result: Value) -> Lattice {
        let cell = |v: Value| self.cell[v];
        match self.func.insts[inst].kind {
            InstKind::Phi { ref incoming } => {
                let block = self.block_of[inst].unwrap();
                incoming
                    .iter()
                    .filter(|&&(pred, _)| self.edge_is_executable(pred, block))
                    .fold(Lattice::Top, |acc, &(_, v)| acc.meet(cell(v)))
            }
            InstKind::Binary { op, lhs, rhs } => match (cell(lhs), cell(rhs)) {
                (Lattice::Const(a), Lattice::Const(b)) => {
                    match op.fold(self.func.value_type(result), a, b) {
                        Some(c) => Lattice::Const(c),
                        None => Lattice::Bottom, // undefined division: leave it alone
                    }
                }
                (Lattice::Bottom, _) | (_, Lattice::Bottom) => Lattice::Bottom,
                _ => Lattice::Top,
            },
            InstKind::Icmp { cond, lhs, rhs } => match (cell(lhs), cell(rhs)) {
                (Lattice::Const(a), Lattice::Const(b)) => {
                    Lattice::Const(cond.fold(self.func.value_type(lhs), a, b) as i32)
                }
                (Lattice::Bottom, _) | (_, Lattice::Bottom) => Lattice::Bottom,
                _ => Lattice::Top,
            },
            InstKind::Select {
                cond,
                if_true,
                if_false,
            } => match cell(cond) {
                Lattice::Top => Lattice::Top,
                Lattice::Const(c) => cell(if c != 0 { if_true } else { if_false }),
                // Either arm may be chosen: constant only if both agree.
                Lattice::Bottom => cell(if_true).meet(cell(if_false)),
            },
            InstKind::Alloca { .. } | InstKind::Load { .. } | InstKind::Call { .. } => {
                Lattice::Bottom
            }
            InstKind::Store { .. } => unreachable!("a store has no result"),
        }
    }
}

/// Applies the solution: constants replace values, decided branches become
/// unconditional, unreached blocks go.
fn rewrite(
    func: &mut Function,
    cell: &SecondaryMap<Value, Lattice>,
    executable: &SecondaryMap<Block, bool>,
    edge_executable: &SecondaryMap<Block, [bool; 2]>,
) {
    // Branches with one executable edge become `br`; the other edge's phi
    // entry goes (the edge exists no more, even if its target stays).
    // Blocks that become unreachable lose all their entries below.
    for i in 0..func.layout.len() {
        let b = func.layout[i];
        if !executable[b] {
            continue;
        }
        if let Some(Terminator::CondBr {
            then_dest,
            else_dest,
            ..
        }) = func.blocks[b].terminator
        {
            let (kept, dropped) = match edge_executable[b] {
                [true, false] => (then_dest, else_dest),
                [false, true] => (else_dest, then_dest),
                [true, true] => continue,
                // At the fixpoint nothing used by executable code is ⊤: a
                // value's definition dominates its uses (for a phi entry,
                // the end of the predecessor), so, in reverse postorder of
                // the executable blocks, every ⊤ would need an earlier ⊤.
                [false, false] => unreachable!("sccp: executable branch {b} took no edge"),
            };
            branch_only_to(func, b, kept, dropped);
        }
    }

    let unreached: SecondaryMap<Block, bool> = {
        let mut dead = SecondaryMap::with_capacity(func.blocks.len());
        for &b in &func.layout {
            dead[b] = !executable[b];
        }
        dead
    };
    delete_blocks(func, &unreached);

    // Every value found constant becomes that constant, in place: its uses
    // need no rewriting, and its definition (a phi, arithmetic, a
    // comparison or a select, free of side effects) is deleted.
    for i in 0..func.layout.len() {
        let b = func.layout[i];
        let folded = |func: &mut Function, inst: Inst| -> bool {
            let Some(result) = func.insts[inst].result.expand() else {
                return false;
            };
            let Lattice::Const(c) = cell[result] else {
                return false;
            };
            let value = &mut func.values[result];
            value.def = ValueDef::Const(c);
            value.name = None;
            true
        };
        let mut phis = std::mem::take(&mut func.blocks[b].phis);
        phis.retain(|&inst| !folded(func, inst));
        func.blocks[b].phis = phis;
        let mut insts = std::mem::take(&mut func.blocks[b].insts);
        insts.retain(|&inst| !folded(func, inst));
        func.blocks[b].insts = insts;
    }
}
