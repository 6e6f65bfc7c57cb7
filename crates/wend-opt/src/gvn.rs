//! gvn: dominator-scoped value numbering — an instruction that recomputes
//! an expression already computed in a dominating position is replaced by
//! the earlier result (common subexpression elimination over the whole
//! function, not just one block).
//!
//! Algorithm: the hash-based dominator-tree value numbering of Briggs,
//! Cooper & Simpson, "Value Numbering" (Software Practice & Experience,
//! 1997), as in LLVM's `EarlyCSE`. Walk the dominator tree keeping a hash
//! table from *expression* (operation and operand values) to the value
//! that computes it. Entering a block, look up each pure instruction: if
//! its expression is in the table, the instruction is redundant — the
//! table's value was computed in a block dominating this one, so it is
//! available here; otherwise add it. Leaving a block undoes its additions,
//! so siblings in the tree never see each other's expressions (neither
//! dominates the other). The walk is `wend_ir::scoped::DomTreeWalk`, the
//! table a `ScopedHashTable`; it holds each value with its expression's
//! hash only, and a match of the hash is confirmed by rebuilding the
//! expression from the value's instruction.
//!
//! Expressions are canonical so that equal computations have equal keys:
//! operands are looked up through the replacements already made; constants
//! are compared by value (the builder shares equal constants, but passes
//! make new ones); the operands of commutative operations are sorted;
//! `icmp sgt a, b` is stored as `icmp slt b, a` when that puts the operands
//! in order.
//!
//! Pure instructions (arithmetic, `icmp`, `select`) are numbered by
//! expression; loads and calls as the sections below say. Two selects with the same
//! condition and operands are one value — two inlined copies of
//! `x < 0 ? -x : x`, which simplifycfg made selects, become one.
//! Replaced instructions are deleted; uses are rewritten in one sweep at
//! the end. Instructions in unreachable blocks are left alone.
//!
//! Phis are numbered first on entering a block, as in the paper: a phi is
//! *redundant* when another phi of the same block takes the same value on
//! every incoming edge, and is then replaced by it (two copies of one
//! inlined `if` that still branches give two such phis once their
//! operands are numbered). A phi is only ever compared with the phis of
//! its own block — phis of different blocks choose by different edges —
//! so they have a table of their own, for the block being entered. An
//! operand on a back edge is numbered after the phi (its block comes
//! later), so two phis that differ only there are kept: conservative,
//! like the rest of the walk. The paper's *meaningless* phis, whose
//! operands are all one value, are copyprop's.
//!
//! Branch conditions are propagated too (LLVM's GVN, `propagateEquality`):
//! a block whose only predecessor ends in `br %c, label %t, label %f`
//! (two different targets) runs only when `%c` is true (it is `%t`) or
//! false, and so does every block it dominates. In that subtree, scoped
//! like the table, every use of `%c` becomes the constant: a `select` on
//! it is replaced by the operand it picks, a branch on it gets the
//! constant as its condition (simplifycfg then makes it a jump), and an
//! operation it made constant (`xor %c, true`, `icmp eq %c, false`) is
//! folded. Phis are left alone: their operands are used at the ends of
//! the predecessors. This is what removes the second of two checks for a
//! zero divisor in `a / d + b % d` once the first `icmp eq %d, 0` has
//! replaced the second.
//!
//! **Memory.** Loads are numbered too, with what the walk knows of memory:
//! the value each location holds at the current point, learned from a load
//! of it (its result) or a store to it (the stored value) in a dominating
//! position with nothing in between that may write it. A location is a
//! variable or one element of one at constant indices
//! (`wend_ir::analysis::alias::Location`): two element pointers computed
//! apart, `getelementptr %g, 1` twice, are one location. A later load of
//! the location is that value (*redundant load elimination* and
//! *store-to-load forwarding*), and a store of the value the location
//! already holds is deleted. This is LLVM's `EarlyCSE` with its *generations*: a block with
//! several predecessors may be reached along paths the dominator tree walk
//! has not seen (a loop's back edge, the other arm of an `if`), so entering
//! it forgets everything (a new generation); a block with one predecessor
//! inherits what its predecessor knew at its end. Within that, the alias
//! facts of `wend_ir::analysis::alias` keep knowledge across writes: a
//! store to a location forgets only that location (no other one overlaps
//! it); a store at an unknown index into an object, or a call writing
//! through a pointer into it (the callee may index from there), forgets
//! the locations of that object (an `alloca` or a pointer parameter, which
//! no other object overlaps); a write through a pointer of unknown object
//! forgets everything. Which pointers a call writes is its callee's
//! `Effects` (per parameter). This
//! is the dominator-tree half of memory SSA (Novillo, "Memory SSA — a
//! unified approach for sparsely representing memory operations", GCC
//! Summit 2007): the last write of each memory location along the walk,
//! without phis for memory at joins.
//!
//! **Calls** to a function that touches no memory and prints nothing
//! (`Effects::touches_no_memory`) are numbered like instructions, by callee
//! and arguments: a dominating call with the same arguments computed the
//! same result (had it trapped or never returned, the later one would not
//! run).
//!
//! Requires: valid IR; the module's `Effects` (computed once for the pass:
//! removing loads, stores and calls keeps them sound). Invalidates: nothing
//! about the CFG; instructions are removed, and operands may become
//! constants.

use std::collections::hash_map::Entry;
use std::hash::BuildHasher;

use rustc_hash::{FxBuildHasher, FxHashMap};

use cranelift_entity::SecondaryMap;
use wend_ir::analysis::alias::{
    for_each_access, location, object_reach, pointer_reach, Location, Reach,
};
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::dom::DomTree;
use wend_ir::analysis::effects::Effects;
use wend_ir::scoped::{DomTreeStep, DomTreeWalk, ScopedHashTable, ScopedMap};
use wend_ir::{
    BinOp, Block, FuncId, Function, IcmpCond, Inst, InstKind, StrId, Substitution, Terminator,
    Type, Value, ValueDef,
};

/// An operand as the table compares it: constants by value.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
enum Operand {
    /// A constant and whether it is an `i1` (`true` is 1, like `i32 1`).
    Const(i32, bool),
    Str(StrId),
    Value(Value),
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Expr {
    Binary(BinOp, Operand, Operand),
    Icmp(IcmpCond, Operand, Operand),
    Select(Operand, Operand, Operand),
    Call(FuncId, Vec<Operand>),
}

/// A phi as its block's phis are compared: its operand on each incoming
/// edge, ordered by predecessor.
type PhiExpr = Vec<(Block, Operand)>;

/// The hash an expression is filed under in the table.
fn expr_hash(expr: &Expr) -> u64 {
    FxBuildHasher.hash_one(expr)
}

/// Replaces each redundant pure instruction, load and call of `func` by
/// its dominating twin, and uses of known branch conditions by constants
/// (see the module doc).
pub fn run(func: &mut Function, effects: &Effects) {
    if func.is_declaration() {
        return;
    }
    let cfg = Cfg::compute(func);
    let domtree = DomTree::compute(func, &cfg);

    // The values computed in the blocks dominating the current one, by
    // expression, and the conditions known there.
    let mut available: ScopedHashTable<Value> = ScopedHashTable::new();
    let mut known = KnownConditions::default();
    let mut memory = KnownMemory::default();
    let mut subst = Substitution::new();
    for step in DomTreeWalk::new(&domtree, func.layout[0]) {
        let block = match step {
            DomTreeStep::Enter(block) => block,
            DomTreeStep::Leave(_) => {
                available.leave_scope();
                known.leave_scope();
                memory.leave_scope();
                continue;
            }
        };
        available.enter_scope();
        known.enter_scope();
        memory.enter_scope(cfg.preds(block).len() == 1);
        if let &[pred] = cfg.preds(block) {
            if let Some(Terminator::CondBr {
                cond,
                then_dest,
                else_dest,
            }) = func.blocks[pred].terminator
            {
                if then_dest != else_dest {
                    known.learn(func, subst.resolve(cond), block == then_dest);
                }
            }
        }

        // The phis of this block by the values they take on each edge.
        let mut phis: FxHashMap<PhiExpr, Value> = FxHashMap::default();
        func.retain_phis(block, |func, phi| {
            let result = func.insts[phi].result.expect("a phi has a result");
            match phis.entry(phi_expression(func, &subst, phi)) {
                Entry::Occupied(twin) => {
                    subst.replace(result, *twin.get());
                    false
                }
                Entry::Vacant(slot) => {
                    slot.insert(result);
                    true
                }
            }
        });

        func.retain_insts(block, |func, inst| {
            let mut decided = false;
            if !known.is_empty() && !matches!(func.insts[inst].kind, InstKind::Phi { .. }) {
                func.insts[inst].kind.map_operands(|v| {
                    let constant = known.constant_for(&subst, v);
                    decided |= constant.is_some();
                    constant.unwrap_or(v)
                });
            }
            // A select on a constant condition is the operand it picks.
            if let InstKind::Select {
                cond,
                if_true,
                if_false,
            } = func.insts[inst].kind
            {
                if let (Some(c), Some(result)) =
                    (func.as_const(cond), func.insts[inst].result.expand())
                {
                    subst.replace(result, if c != 0 { if_true } else { if_false });
                    return false;
                }
            }
            if decided {
                if let Some((result, constant)) = fold(func, &subst, inst) {
                    subst.replace(result, constant);
                    return false;
                }
            }
            match memory.step(func, effects, &subst, inst) {
                MemoryStep::Other => {}
                MemoryStep::Keep => return true,
                MemoryStep::Delete => return false,
                MemoryStep::Replace(result, known) => {
                    subst.replace(result, known);
                    return false;
                }
            }
            let data = &func.insts[inst];
            let (Some(result), Some(expr)) = (
                data.result.expand(),
                expression(func, effects, &subst, &data.kind),
            ) else {
                return true;
            };
            // A value in the table is the result of a kept instruction of a
            // dominating block, unchanged since: rebuilding its expression
            // gives the one it was added with (its operands dominate it, so
            // any of them replaced was replaced before it was added).
            let computes_expr = |v: Value| {
                func.defining_inst(v)
                    .and_then(|def| expression(func, effects, &subst, &func.insts[def].kind))
                    .is_some_and(|candidate| candidate == expr)
            };
            let hash = expr_hash(&expr);
            match available.find(hash, computes_expr) {
                Some(leader) => {
                    subst.replace(result, leader);
                    false
                }
                None => {
                    available.insert(hash, result);
                    true
                }
            }
        });
        if !known.is_empty() {
            if let Some(terminator) = &mut func.blocks[block].terminator {
                terminator.map_operands(|v| known.constant_for(&subst, v).unwrap_or(v));
            }
        }
    }
    func.substitute(&subst);
}

/// What a load or store of the walk turned out to be.
enum MemoryStep {
    /// Not a load or store: number it as the others.
    Other,
    /// A load or store to keep.
    Keep,
    /// A store of the value memory holds already.
    Delete,
    /// A load (its result) of a value known (the second).
    Replace(Value, Value),
}

/// What the walk knows of memory at the current point: the value each
/// location holds, valid while its generation is current (see the module
/// doc). A location is keyed by the first pointer to it the walk met.
struct KnownMemory {
    value: ScopedMap<Value, Option<(Value, u32)>>,
    /// The key of each location met.
    keys: FxHashMap<Location, Value>,
    /// The keys of the locations met in each object.
    of_object: FxHashMap<Value, Vec<Value>>,
    generation: u32,
    /// The generation of each enclosing scope, restored on leaving.
    outer: Vec<u32>,
    /// The last generation handed out.
    last: u32,
}

impl Default for KnownMemory {
    fn default() -> Self {
        KnownMemory {
            value: ScopedMap::new(SecondaryMap::new()),
            keys: FxHashMap::default(),
            of_object: FxHashMap::default(),
            generation: 0,
            outer: Vec::new(),
            last: 0,
        }
    }
}

impl KnownMemory {
    /// Enters a block; one reached only from its dominator-tree parent
    /// (`single_pred`) keeps what is known, any other forgets it.
    fn enter_scope(&mut self, single_pred: bool) {
        self.value.enter_scope();
        self.outer.push(self.generation);
        if !single_pred {
            self.forget_all();
        }
    }

    fn leave_scope(&mut self) {
        self.value.leave_scope();
        self.generation = self.outer.pop().expect("scopes are balanced");
    }

    fn forget_all(&mut self) {
        self.last += 1;
        self.generation = self.last;
    }

    fn get(&self, ptr: Value) -> Option<Value> {
        self.value[ptr]
            .filter(|&(_, generation)| generation == self.generation)
            .map(|(v, _)| v)
    }

    fn learn(&mut self, ptr: Value, v: Value) {
        self.value.set(ptr, Some((v, self.generation)));
    }

    /// The key of the location `ptr` points to, if it is known exactly.
    fn key(&mut self, func: &Function, ptr: Value) -> Option<Value> {
        let loc = location(func, ptr)?;
        let of_object = &mut self.of_object;
        Some(*self.keys.entry(loc).or_insert_with(|| {
            of_object.entry(loc.root).or_default().push(ptr);
            ptr
        }))
    }

    /// Forgets what the memory a write reaches holds: one location, the
    /// locations of one object, or everything.
    fn clobber(&mut self, reach: Reach) {
        match reach {
            Reach::Exact(loc) => {
                if let Some(&key) = self.keys.get(&loc) {
                    self.value.set(key, None);
                }
            }
            Reach::Object(root) => {
                for &key in self.of_object.get(&root).into_iter().flatten() {
                    self.value.set(key, None);
                }
            }
            Reach::Unknown => self.forget_all(),
        }
    }

    /// Takes `inst` into account: a load or store is looked up and
    /// learned; any other instruction forgets what it may write.
    fn step(
        &mut self,
        func: &Function,
        effects: &Effects,
        subst: &Substitution,
        inst: Inst,
    ) -> MemoryStep {
        let data = &func.insts[inst];
        match data.kind {
            InstKind::Load { ptr } => {
                let result = data.result.expect("a load has a result");
                let Some(key) = self.key(func, subst.resolve(ptr)) else {
                    return MemoryStep::Keep;
                };
                match self.get(key) {
                    Some(known) => MemoryStep::Replace(result, known),
                    None => {
                        self.learn(key, result);
                        MemoryStep::Keep
                    }
                }
            }
            InstKind::Store { value, ptr } => {
                let (value, ptr) = (subst.resolve(value), subst.resolve(ptr));
                let Some(key) = self.key(func, ptr) else {
                    self.clobber(pointer_reach(func, ptr));
                    return MemoryStep::Keep;
                };
                if self.get(key) == Some(value) {
                    return MemoryStep::Delete;
                }
                self.learn(key, value);
                MemoryStep::Keep
            }
            _ => {
                for_each_access(effects, func, &data.kind, |ptr, access| {
                    if access.write {
                        self.clobber(object_reach(func, subst.resolve(ptr)));
                    }
                });
                MemoryStep::Other
            }
        }
    }
}

/// Branch conditions known to be true or false in the part of the
/// dominator tree being walked.
struct KnownConditions {
    value: ScopedMap<Value, Option<bool>>,
    /// The constants `false` and `true`, each made when the first
    /// condition with that value is learned.
    constants: [Option<Value>; 2],
}

impl Default for KnownConditions {
    fn default() -> Self {
        KnownConditions {
            value: ScopedMap::new(SecondaryMap::new()),
            constants: [None; 2],
        }
    }
}

impl KnownConditions {
    fn learn(&mut self, func: &mut Function, cond: Value, truth: bool) {
        // Already known from an outer branch, the fact stays (were this
        // block reached only with the other value, it would never run).
        if self.value[cond].is_none() {
            self.value.set(cond, Some(truth));
            self.constants[truth as usize].get_or_insert_with(|| func.bconst(truth));
        }
    }

    fn enter_scope(&mut self) {
        self.value.enter_scope();
    }

    fn leave_scope(&mut self) {
        self.value.leave_scope();
    }

    /// Whether no condition is known.
    fn is_empty(&self) -> bool {
        self.value.is_unchanged()
    }

    /// The constant `v` is known to be equal to, if any.
    fn constant_for(&self, subst: &Substitution, v: Value) -> Option<Value> {
        let truth = self.value[subst.resolve(v)]?;
        Some(self.constants[truth as usize].expect("made when the condition was learned"))
    }
}

/// The constant an arithmetic or comparison instruction computes when both
/// of its operands are constants (`None` if not, or if the result is
/// undefined), with the instruction's result.
fn fold(func: &mut Function, subst: &Substitution, inst: wend_ir::Inst) -> Option<(Value, Value)> {
    let result = func.insts[inst].result.expand()?;
    let constant = |v: Value| func.as_const(subst.resolve(v));
    let c = match func.insts[inst].kind {
        InstKind::Binary { op, lhs, rhs } => {
            op.fold(func.value_type(result), constant(lhs)?, constant(rhs)?)?
        }
        InstKind::Icmp { cond, lhs, rhs } => {
            cond.fold(func.value_type(lhs), constant(lhs)?, constant(rhs)?) as i32
        }
        _ => return None,
    };
    let folded = if func.value_type(result) == Type::I1 {
        func.bconst(c & 1 != 0)
    } else {
        func.iconst(c)
    };
    Some((result, folded))
}

/// `v` as the table compares it, through the replacements made so far.
fn operand(func: &Function, subst: &Substitution, v: Value) -> Operand {
    let v = subst.resolve(v);
    let data = &func.values[v];
    match data.def {
        ValueDef::Const(c) => Operand::Const(c, data.ty == Type::I1),
        ValueDef::Str(s) => Operand::Str(s),
        _ => Operand::Value(v),
    }
}

/// The canonical form of a phi: its entries ordered by predecessor (two
/// edges from one block carry one value, so their order does not matter).
fn phi_expression(func: &Function, subst: &Substitution, phi: Inst) -> PhiExpr {
    let InstKind::Phi { incoming } = &func.insts[phi].kind else {
        unreachable!("{phi} in a block's phis is not a phi")
    };
    let mut entries: PhiExpr = incoming
        .iter()
        .map(|&(pred, v)| (pred, operand(func, subst, v)))
        .collect();
    entries.sort_unstable();
    entries
}

/// The canonical expression of a pure instruction or a call to a function
/// that touches no memory, `None` for the others.
fn expression(
    func: &Function,
    effects: &Effects,
    subst: &Substitution,
    kind: &InstKind,
) -> Option<Expr> {
    let operand = |v: Value| operand(func, subst, v);
    Some(match *kind {
        InstKind::Binary { op, lhs, rhs } => {
            let (mut a, mut b) = (operand(lhs), operand(rhs));
            if op.is_commutative() && b < a {
                std::mem::swap(&mut a, &mut b);
            }
            Expr::Binary(op, a, b)
        }
        InstKind::Icmp { cond, lhs, rhs } => {
            let (a, b) = (operand(lhs), operand(rhs));
            if b < a {
                Expr::Icmp(cond.swapped(), b, a)
            } else {
                Expr::Icmp(cond, a, b)
            }
        }
        InstKind::Select {
            cond,
            if_true,
            if_false,
        } => Expr::Select(operand(cond), operand(if_true), operand(if_false)),
        InstKind::Call { callee, ref args } if effects.touches_no_memory(callee) => {
            Expr::Call(callee, args.iter().map(|&a| operand(a)).collect())
        }
        _ => return None,
    })
}
