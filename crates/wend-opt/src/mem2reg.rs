//! mem2reg: promote stack variables to SSA values.
//!
//! The frontend gives every wend variable a stack slot (`alloca`) and turns
//! each read into a `load` and each assignment into a `store` — simple, and
//! already correct, but every use goes through memory. This pass rewrites
//! the slots whose address never escapes into SSA values, inserting phis
//! where different assignments meet. It is the construction of Cytron,
//! Ferrante, Rosen, Wegman & Zadeck, "Efficiently Computing Static Single
//! Assignment Form and the Control Dependence Graph" (TOPLAS 1991), in
//! three steps:
//!
//! 1. **Find the promotable allocas.** An `alloca` of the entry block is
//!    promotable when it is only loaded from and stored to — never stored as
//!    a value, passed to a call or used any other way (a nested function
//!    that receives a variable's address keeps it in memory).
//! 2. **Place phis.** A variable needs a phi where two of its definitions
//!    meet: at the iterated dominance frontier of the blocks that store it.
//!    The phis are *pruned*: only placed where the variable is live on
//!    entry (read before being written, on some path), so no dead phi is
//!    ever created (Choi, Cytron & Ferrante, POPL 1991; LLVM's
//!    `PromoteMemToReg` does the same).
//! 3. **Rename.** Walk the dominator tree carrying, for each variable, the
//!    value it currently holds: a phi or a store sets it, a load is replaced
//!    by it, and on leaving each edge it fills the successors' phi entries.
//!    Leaving a subtree restores the values of the parent block, so what a
//!    block sees is always the definition that dominates it. The walk uses
//!    an explicit stack (functions can be 100 000 blocks deep) and an undo
//!    log rather than one value stack per variable.
//!
//! Reading a slot before any store yields `undef`. Since `undef` may be any
//! value, a variable with a single store of a constant or parameter simply
//! reads that value everywhere, with no phi (as LLVM does); and phis left
//! with a single distinct incoming value (`phi [%x, %a], [%x, %b]`, or
//! `%x` and the phi itself around a loop) are replaced by that value, as
//! LLVM simplifies its new phis. Loads are replaced through one
//! substitution map applied in a single sweep at the end.
//!
//! Unreachable blocks (code after `return`) are never renamed: their loads
//! become `undef`, their stores disappear with the slot, and phi entries
//! for edges coming from them are `undef`.
//!
//! Requires: valid IR. Computes: CFG, dominator tree, dominance frontiers.
//! Invalidates: nothing about the CFG (blocks and edges are unchanged);
//! instructions are added (phis) and removed (allocas, loads, stores).

use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::{entity_impl, EntityRef, PrimaryMap, SecondaryMap};
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::dom::DomTree;
use wend_ir::analysis::frontier::{DominanceFrontiers, IdfScratch};
use wend_ir::flat_lists::FlatLists;
use wend_ir::prefetch::{lookahead_for, prefetch};
use wend_ir::{Block, Function, Inst, InstKind, Type, Value, ValueDef};

/// A promoted variable (one alloca).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Var(u32);
entity_impl!(Var, "var");

struct VarInfo {
    /// The alloca's instruction and result (the variable's address).
    alloca: Inst,
    address: Value,
    /// The type of the variable (the alloca's pointee).
    ty: Type,
    /// The value of every reachable store, if there is exactly one and it
    /// is not an instruction result (a constant, parameter, …).
    only_stored_constant: Option<Value>,
}

/// Promotes the promotable allocas of `func` (see the module doc).
pub fn run(func: &mut Function) {
    if func.is_declaration() {
        return;
    }
    if promote(func) {
        // The new phis sit at the end of the arenas, the promoted loads
        // and stores are garbage in the middle: renumber in layout order,
        // so that the passes after this one walk memory in order. Only
        // once `promote`'s analyses are freed: compaction copies the
        // arenas, and with them still held the copy was the pass's peak.
        wend_ir::compact::compact(func);
    }
}

/// Where each variable is accessed, in reachable blocks, as lists per
/// variable. Flat rather than two `Vec`s in each `VarInfo`: with half a
/// million variables those were a million tiny allocations, and the scan
/// that fills them would touch every variable's entry in random order.
struct Accesses {
    /// The blocks that store to the variable, each once.
    def_blocks: FlatLists<Block>,
    /// The blocks that load the variable before any store in them.
    upward_exposed_loads: FlatLists<Block>,
}

/// The three steps; false if there was nothing to promote.
fn promote(func: &mut Function) -> bool {
    // Step 1: the promotable allocas, and where each is loaded and stored.
    // (Checked first: with nothing to promote, no analysis is needed.)
    let mut vars = find_promotable_allocas(func);
    if vars.is_empty() {
        return false;
    }
    let cfg = Cfg::compute(func);
    let domtree = DomTree::compute(func, &cfg);
    let var_of = variable_of_address(func, &vars);
    let accesses = collect_accesses(func, &cfg, &var_of, &mut vars);

    // Step 2: phis at the iterated frontier of the stores, where live.
    let frontiers = DominanceFrontiers::compute(&cfg, &domtree);
    let mut undefs = Undefs::default();
    let phi_var = place_phis(func, &cfg, &frontiers, &vars, &accesses, &mut undefs);

    // Step 3: fill in phis, map each load to the value it reads, and take
    // the promoted allocas, loads and stores out of the blocks.
    let mut subst = rename(func, &cfg, &domtree, &vars, &var_of, &phi_var, &mut undefs);

    // Clean up: trivial phis, and the accesses in unreachable code.
    remove_trivial_phis(func, &domtree, &phi_var, &mut subst, &mut undefs);
    delete_unreached_accesses(func, &cfg, &var_of, &mut subst, &mut undefs);
    func.substitute(&subst);
    true
}

// ---- step 1: promotable allocas ----------------------------------------

/// The allocas of the entry block whose address is only loaded from and
/// stored to. (An alloca elsewhere would be a fresh slot each time it runs;
/// the builder never makes one, and LLVM's mem2reg leaves them alone too.)
fn find_promotable_allocas(func: &Function) -> PrimaryMap<Var, VarInfo> {
    let entry = func.layout[0];
    let mut candidate: SecondaryMap<Value, bool> = SecondaryMap::with_capacity(func.values.len());
    for &inst in &func.blocks[entry].insts {
        if let InstKind::Alloca { .. } = func.insts[inst].kind {
            candidate[func.insts[inst].result.unwrap()] = true;
        }
    }
    if candidate.is_empty() {
        return PrimaryMap::new(); // no allocas: no need to look at the uses
    }

    // Any use other than "the address of a load or store" lets the address
    // escape, and then a store through some other pointer could change it.
    let mut escapes = |v: Value| {
        if candidate[v] {
            candidate[v] = false;
        }
    };
    for &b in &func.layout {
        let data = &func.blocks[b];
        for &inst in data.phis.iter().chain(&data.insts) {
            match &func.insts[inst].kind {
                InstKind::Load { .. } => {}
                InstKind::Store { value, .. } => escapes(*value),
                other => other.for_each_operand(&mut escapes),
            }
        }
        if let Some(t) = &data.terminator {
            t.for_each_operand(&mut escapes);
        }
    }

    // Sized once rather than grown by doubling: the table can be large.
    let count = candidate.values().filter(|&&promotable| promotable).count();
    let mut vars = PrimaryMap::with_capacity(count);
    for &inst in &func.blocks[entry].insts {
        if let (InstKind::Alloca { ty }, Some(address)) =
            (&func.insts[inst].kind, func.insts[inst].result.expand())
        {
            if candidate[address] {
                vars.push(VarInfo {
                    alloca: inst,
                    address,
                    ty: *ty,
                    only_stored_constant: None,
                });
            }
        }
    }
    vars
}

/// The promoted variable whose address each value is, if any. Read for
/// every load and store: packed into 4 bytes per value, since a function
/// with very many variables reads it in random order.
type VarOf = SecondaryMap<Value, PackedOption<Var>>;

fn variable_of_address(func: &Function, vars: &PrimaryMap<Var, VarInfo>) -> VarOf {
    let mut var_of = SecondaryMap::with_capacity(func.values.len());
    for (var, info) in vars.iter() {
        var_of[info.address] = var.into();
    }
    var_of
}

/// Before a scan handles `insts[i]`, asks for the entries that later
/// accesses will read (`wend_ir::prefetch`): a function with very many
/// variables accesses them in random order, and every read of a
/// per-variable table would wait for memory. The variable of an address is
/// itself found in a table, so this goes in two steps: `var_of`'s entry for
/// the access `2 * distance` places on, and, through `var_of` (by now in
/// the cache), the variable's own entry (`prefetch_var`) for the one
/// `distance` places on. `None`: the tables fit the cache, nothing to ask.
fn prefetch_ahead(
    func: &Function,
    insts: &[Inst],
    i: usize,
    distance: Option<usize>,
    var_of: &VarOf,
    prefetch_var: impl Fn(Var),
) {
    let Some(distance) = distance else {
        return;
    };
    let address = |at: usize| match insts.get(at).map(|&inst| &func.insts[inst].kind) {
        Some(InstKind::Load { ptr } | InstKind::Store { ptr, .. }) => Some(*ptr),
        _ => None,
    };
    if let Some(ptr) = address(i + 2 * distance) {
        prefetch(&var_of[ptr]);
    }
    if let Some(var) = address(i + distance).and_then(|ptr| var_of[ptr].expand()) {
        prefetch_var(var);
    }
}

/// One scan of the reachable blocks recording, per variable, the blocks
/// that store it and the blocks whose first access to it is a load (and
/// whether its one store is a constant, in `vars`).
fn collect_accesses(
    func: &Function,
    cfg: &Cfg,
    var_of: &VarOf,
    vars: &mut PrimaryMap<Var, VarInfo>,
) -> Accesses {
    // What the scan tracks per variable, in one 8-byte entry: a function
    // with very many variables reads it in random order, a cache miss per
    // access unless the table is small.
    #[derive(Clone, Copy)]
    struct Seen {
        /// The last block that accessed the variable, with `STORED` set if
        /// that block stored it; `NEVER` before any access.
        last_access: u32,
        /// The value of the one store so far if it is not an instruction
        /// result; `NO_STORE` before any store, `NOT_ONE_CONSTANT` once the
        /// stores are not a single constant.
        only_constant: u32,
    }
    const STORED: u32 = 1 << 31;
    const NEVER: u32 = u32::MAX;
    const NO_STORE: u32 = u32::MAX;
    const NOT_ONE_CONSTANT: u32 = u32::MAX - 1;
    let never_seen = Seen {
        last_access: NEVER,
        only_constant: NO_STORE,
    };
    // Block numbers stay below `STORED`, values below the two markers.
    assert!(func.blocks.len() < STORED as usize && func.values.len() < NOT_ONE_CONSTANT as usize);

    let mut seen: SecondaryMap<Var, Seen> = SecondaryMap::with_default(never_seen);
    seen.resize(vars.len());
    // Each (variable, block) event in scan order, sorted by variable below.
    let mut stores: Vec<(Var, Block)> = Vec::new();
    let mut exposed_loads: Vec<(Var, Block)> = Vec::new();
    let lookahead = lookahead_for(func.values.len());
    for &b in cfg.rpo() {
        let here = b.as_u32();
        let insts = &func.blocks[b].insts;
        for (i, &inst) in insts.iter().enumerate() {
            prefetch_ahead(func, insts, i, lookahead, var_of, |var| {
                prefetch(&seen[var])
            });
            match func.insts[inst].kind {
                InstKind::Load { ptr } => {
                    if let Some(var) = var_of[ptr].expand() {
                        let seen = &mut seen[var];
                        if seen.last_access & !STORED != here {
                            exposed_loads.push((var, b));
                            seen.last_access = here;
                        }
                    }
                }
                InstKind::Store { value, ptr } => {
                    if let Some(var) = var_of[ptr].expand() {
                        let seen = &mut seen[var];
                        if seen.last_access != here | STORED {
                            stores.push((var, b));
                            seen.last_access = here | STORED;
                        }
                        seen.only_constant = match (seen.only_constant, func.value_def(value)) {
                            (NO_STORE, def) if !matches!(def, ValueDef::Inst(_)) => value.as_u32(),
                            _ => NOT_ONE_CONSTANT,
                        };
                    }
                }
                _ => {}
            }
        }
    }
    for (var, info) in vars.iter_mut() {
        info.only_stored_constant = match seen[var].only_constant {
            NO_STORE | NOT_ONE_CONSTANT => None,
            value => Some(Value::from_u32(value)),
        };
    }
    let by_variable = |events: &[(Var, Block)]| {
        FlatLists::build(vars.len(), func.layout[0], |f| {
            for &(var, b) in events {
                f(var.index(), b);
            }
        })
    };
    Accesses {
        def_blocks: by_variable(&stores),
        upward_exposed_loads: by_variable(&exposed_loads),
    }
}

// ---- step 2: phi placement ---------------------------------------------

/// One `undef` value per type, created on demand.
#[derive(Default)]
struct Undefs {
    i1: Option<Value>,
    i32: Option<Value>,
}

impl Undefs {
    fn get(&mut self, func: &mut Function, ty: Type) -> Value {
        let slot = match ty {
            Type::I1 => &mut self.i1,
            Type::I32 => &mut self.i32,
            // Variables are int or bool; any other type gets its own undef.
            _ => return func.undef(ty),
        };
        *slot.get_or_insert_with(|| func.undef(ty))
    }
}

/// Creates the phis of every variable, with `undef` entries (renaming fills
/// them in). Returns the variable of each new phi.
fn place_phis(
    func: &mut Function,
    cfg: &Cfg,
    frontiers: &DominanceFrontiers,
    vars: &PrimaryMap<Var, VarInfo>,
    accesses: &Accesses,
    undefs: &mut Undefs,
) -> SecondaryMap<Inst, Option<Var>> {
    let mut phi_var = SecondaryMap::new();
    let mut idf_scratch = IdfScratch::default();
    // `live_in[b] == Some(var)`: the variable is live on entry to b.
    // `stores_in[b] == Some(var)`: b stores the variable. Stamping with
    // the variable avoids clearing the arrays between variables.
    let n = func.blocks.len();
    let mut live_in: Vec<Option<Var>> = vec![None; n];
    let mut stores_in: Vec<Option<Var>> = vec![None; n];
    let mut worklist = Vec::new();

    for (var, info) in vars.iter() {
        let def_blocks = accesses.def_blocks.get(var.index());
        if info.only_stored_constant.is_some() || def_blocks.is_empty() {
            // Every load reads the one stored value, or undef: no phi.
            continue;
        }
        // Where is the variable live on entry? Where it is loaded before
        // being stored, and backwards from there up to the stores.
        for &b in def_blocks {
            stores_in[b.index()] = Some(var);
        }
        for &b in accesses.upward_exposed_loads.get(var.index()) {
            live_in[b.index()] = Some(var);
            worklist.push(b);
        }
        while let Some(b) = worklist.pop() {
            for &p in cfg.preds(b) {
                let (pi, reachable) = (p.index(), cfg.is_reachable(p));
                if reachable && stores_in[pi] != Some(var) && live_in[pi] != Some(var) {
                    live_in[pi] = Some(var);
                    worklist.push(p);
                }
            }
        }

        // A phi wherever definitions meet and the variable is live.
        let meets = frontiers.iterated_with(def_blocks.iter().copied(), &mut idf_scratch);
        for b in meets {
            if live_in[b.index()] != Some(var) {
                continue;
            }
            let undef = undefs.get(func, info.ty);
            let incoming = cfg.preds(b).iter().map(|&p| (p, undef)).collect();
            let line = func.insts[info.alloca].line;
            let phi = func.make_inst(InstKind::Phi { incoming }, Some(info.ty), line);
            let result = func.insts[phi].result.unwrap();
            if let Some(name) = func.value_name(info.address).map(str::to_owned) {
                func.set_value_name(result, &name);
            }
            func.blocks[b].phis.push(phi);
            phi_var[phi] = Some(var);
        }
    }
    phi_var
}

// ---- step 3: renaming --------------------------------------------------

/// A step of the iterative dominator-tree walk.
enum Visit {
    /// Process a block, then its dominator-tree children.
    Enter(Block),
    /// All children done: undo the block's definitions, down to this
    /// length of the undo log.
    Leave(usize),
}

/// Walks the dominator tree, filling phi entries and mapping each load of
/// a promoted variable to the value it reads; the promoted allocas, loads
/// and stores of the blocks it visits are deleted on the way. Returns that
/// substitution.
fn rename(
    func: &mut Function,
    cfg: &Cfg,
    domtree: &DomTree,
    vars: &PrimaryMap<Var, VarInfo>,
    var_of: &VarOf,
    phi_var: &SecondaryMap<Inst, Option<Var>>,
    undefs: &mut Undefs,
) -> SecondaryMap<Value, Option<Value>> {
    // The value each variable holds at the current point of the walk; on
    // entry to the function, undef (or its only stored constant).
    let mut current: PrimaryMap<Var, Value> = vars
        .values()
        .map(|info| match info.only_stored_constant {
            Some(v) => v,
            None => undefs.get(func, info.ty),
        })
        .collect();
    let outgoing = phi_entry_slots(func, cfg, phi_var);

    let mut subst = SecondaryMap::with_capacity(func.values.len());
    let mut undo: Vec<(Var, Value)> = Vec::new();
    let lookahead = lookahead_for(func.values.len());
    let mut stack = vec![Visit::Enter(func.layout[0])];
    while let Some(visit) = stack.pop() {
        let block = match visit {
            Visit::Leave(mark) => {
                while undo.len() > mark {
                    let (var, old) = undo.pop().unwrap();
                    current[var] = old;
                }
                continue;
            }
            Visit::Enter(block) => block,
        };
        stack.push(Visit::Leave(undo.len()));

        let data = &func.blocks[block];
        for &phi in &data.phis {
            if let Some(var) = phi_var[phi] {
                undo.push((var, current[var]));
                current[var] = func.insts[phi].result.unwrap();
            }
        }
        // The promoted accesses (and allocas) leave the block as they are
        // renamed: kept instructions move down over them.
        let mut insts = std::mem::take(&mut func.blocks[block].insts);
        let mut kept = 0;
        for i in 0..insts.len() {
            prefetch_ahead(func, &insts, i, lookahead, var_of, |var| {
                prefetch(&current[var])
            });
            let inst = insts[i];
            let data = &func.insts[inst];
            let promoted = match data.kind {
                InstKind::Load { ptr } => match var_of[ptr].expand() {
                    Some(var) => {
                        subst[data.result.unwrap()] = Some(current[var]);
                        true
                    }
                    None => false,
                },
                InstKind::Store { value, ptr } => match var_of[ptr].expand() {
                    Some(var) => {
                        // For a variable whose one store is a constant this
                        // stores what `current` holds already (the walk
                        // meets only reachable stores): no need to look the
                        // variable up to tell, a cache miss per store on a
                        // function with very many variables.
                        undo.push((var, current[var]));
                        current[var] = value;
                        true
                    }
                    None => false,
                },
                InstKind::Alloca { .. } => var_of[data.result.unwrap()].is_some(),
                _ => false,
            };
            if !promoted {
                insts[kept] = inst;
                kept += 1;
            }
        }
        insts.truncate(kept);
        func.blocks[block].insts = insts;
        // What flows along each outgoing edge into the successors' phis.
        for &(succ, entry) in outgoing.get(block.index()) {
            for i in 0..func.blocks[succ].phis.len() {
                let phi = func.blocks[succ].phis[i];
                if let Some(var) = phi_var[phi] {
                    if let InstKind::Phi { incoming } = &mut func.insts[phi].kind {
                        incoming[entry as usize].1 = current[var];
                    }
                }
            }
        }

        for &child in domtree.children(block).iter().rev() {
            stack.push(Visit::Enter(child));
        }
    }
    subst
}

/// For each block `p`, the `(successor, entry index)` of every edge out of
/// `p` into a block with new phis: the entry index is the position of the
/// edge in the successor's predecessor list, which is also its position in
/// the phi's incoming list (both are one per edge).
fn phi_entry_slots(
    func: &Function,
    cfg: &Cfg,
    phi_var: &SecondaryMap<Inst, Option<Var>>,
) -> FlatLists<(Block, u32)> {
    let filler = (func.layout[0], 0);
    FlatLists::build(func.blocks.len(), filler, |f| {
        for &s in cfg.rpo() {
            if func.blocks[s]
                .phis
                .iter()
                .any(|&phi| phi_var[phi].is_some())
            {
                for (entry, &p) in cfg.preds(s).iter().enumerate() {
                    f(p.index(), (s, entry as u32));
                }
            }
        }
    })
}

// ---- cleanup -----------------------------------------------------------

/// Replaces each new phi whose entries are all one value `x` (ignoring the
/// phi itself, and `undef` when `x` dominates the phi) by `x`, to a fixpoint
/// — LLVM's `SimplifyPHINode`, which its mem2reg applies to the phis it
/// creates. Removing a phi can make the phis using it trivial, so those are
/// re-examined (Braun et al., "Simple and Efficient Construction of SSA
/// Form", CC 2013, §3.1, does the same in its `tryRemoveTrivialPhi`).
fn remove_trivial_phis(
    func: &mut Function,
    domtree: &DomTree,
    phi_var: &SecondaryMap<Inst, Option<Var>>,
    subst: &mut SecondaryMap<Value, Option<Value>>,
    undefs: &mut Undefs,
) {
    let resolve = |subst: &SecondaryMap<Value, Option<Value>>, mut v: Value| {
        while let Some(next) = subst[v] {
            v = next;
        }
        v
    };
    let new_phis: Vec<Inst> = func
        .layout
        .iter()
        .flat_map(|&b| &func.blocks[b].phis)
        .copied()
        .filter(|&phi| phi_var[phi].is_some())
        .collect();
    if new_phis.is_empty() {
        // Straight-line code: spare the tables below, as long as the arenas.
        return;
    }
    let block_of = func.inst_blocks();
    // Which new phis use each new phi.
    let users = FlatLists::build(func.insts.len(), Inst::new(0), |f| {
        for &phi in &new_phis {
            func.insts[phi].kind.for_each_operand(|v| {
                if let Some(def) = func.defining_inst(resolve(subst, v)) {
                    if phi_var[def].is_some() && def != phi {
                        f(def.index(), phi);
                    }
                }
            });
        }
    });

    let mut removed: SecondaryMap<Inst, bool> = SecondaryMap::new();
    let mut worklist: Vec<Inst> = new_phis.iter().rev().copied().collect();
    while let Some(phi) = worklist.pop() {
        if removed[phi] {
            continue;
        }
        let result = func.insts[phi].result.unwrap();
        let InstKind::Phi { incoming } = &func.insts[phi].kind else {
            unreachable!()
        };
        let mut common: Option<Value> = None;
        let mut has_undef = false;
        let mut trivial = true;
        for &(_, v) in incoming {
            let v = resolve(subst, v);
            if v == result {
                continue;
            }
            if func.value_def(v) == ValueDef::Undef {
                has_undef = true;
                continue;
            }
            match common {
                Some(c) if !func.same_value(c, v) => {
                    trivial = false;
                    break;
                }
                _ => common = Some(v),
            }
        }
        if !trivial {
            continue;
        }
        let phi_block = block_of[phi].unwrap();
        let replacement = match common {
            None => undefs.get(func, func.value_type(result)),
            Some(c) if !has_undef => c,
            Some(c) => {
                // phi(x, undef) may only become x where x is available.
                let available = match func.defining_inst(c) {
                    None => true,
                    Some(def) => block_of[def]
                        .expand()
                        .is_some_and(|b| domtree.strictly_dominates(b, phi_block)),
                };
                if !available {
                    continue;
                }
                c
            }
        };
        subst[result] = Some(replacement);
        removed[phi] = true;
        worklist.extend(
            users
                .get(phi.index())
                .iter()
                .copied()
                .filter(|&u| !removed[u]),
        );
    }
    for &b in &func.layout {
        func.blocks[b].phis.retain(|&phi| !removed[phi]);
    }
}

/// Deletes the loads and stores of promoted variables in the blocks the
/// renaming did not reach (unreachable code, which it leaves to this);
/// those loads read `undef`.
fn delete_unreached_accesses(
    func: &mut Function,
    cfg: &Cfg,
    var_of: &VarOf,
    subst: &mut SecondaryMap<Value, Option<Value>>,
    undefs: &mut Undefs,
) {
    let mut unreached_loads = Vec::new();
    for i in 0..func.layout.len() {
        let b = func.layout[i];
        if cfg.is_reachable(b) {
            continue;
        }
        let mut insts = std::mem::take(&mut func.blocks[b].insts);
        insts.retain(|&inst| {
            let data = &func.insts[inst];
            match data.kind {
                InstKind::Load { ptr } if var_of[ptr].is_some() => {
                    unreached_loads.push(data.result.unwrap());
                    false
                }
                InstKind::Store { ptr, .. } => var_of[ptr].is_none(),
                _ => true,
            }
        });
        func.blocks[b].insts = insts;
    }
    for load in unreached_loads {
        subst[load] = Some(undefs.get(func, func.value_type(load)));
    }
}
