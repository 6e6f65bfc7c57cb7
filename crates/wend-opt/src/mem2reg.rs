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
//!    Which of those blocks get one is the SSA *flavour* ([`Flavour`],
//!    `--ssa`; the one test is [`wants_phi`]):
//!    - *minimal* (Cytron et al.): every block of the iterated frontier;
//!    - *semi-pruned* (Briggs, Cooper, Harvey & Simpson, "Practical
//!      Improvements to the Construction and Destruction of Static Single
//!      Assignment Form", SPE 1998): the same, but only for variables that
//!      live across blocks — read in some block before being written there;
//!      a variable only ever used where it was just set gets none;
//!    - *pruned* (Choi, Cytron & Ferrante, POPL 1991), the default: only
//!      where the variable is live on entry (read before being written, on
//!      some path), so no dead phi is ever created. LLVM's
//!      `PromoteMemToReg` builds this one.
//! 3. **Rename.** Walk the dominator tree carrying, for each variable, the
//!    value it currently holds: a phi or a store sets it, a load is replaced
//!    by it, and on leaving each edge it fills the successors' phi entries.
//!    Leaving a subtree restores the values of the parent block, so what a
//!    block sees is always the definition that dominates it. (The paper
//!    keeps a stack of values per variable; a map whose changes are undone
//!    on leaving a block, `wend_ir::scoped`, holds the same tops.)
//!
//! Reading a slot before any store yields `undef`. The pruned flavour also
//! does what LLVM's mem2reg does beyond the paper: since `undef` may be any
//! value, a variable with a single store of a constant or parameter simply
//! reads that value everywhere, with no phi; and phis left with a single
//! distinct incoming value (`phi [%x, %a], [%x, %b]`, or `%x` and the phi
//! itself around a loop) are replaced by that value. The minimal and
//! semi-pruned flavours leave their phis as placed, so that their output is
//! the textbook's. Loads are replaced through one substitution map applied
//! in a single sweep at the end.
//!
//! Unreachable blocks (code after `return`) are never renamed: their loads
//! become `undef`, their stores disappear with the slot, and phi entries
//! for edges coming from them are `undef`.
//!
//! With `-g`, a deleted store to a variable of the debug table leaves a
//! debug value in its place (`wend_ir::InstKind::DebugValue`, LLVM's
//! `llvm.dbg.value`), and so does each phi of one, after the block's phis:
//! what the debugger needs to find the variable's value in the SSA values.
//!
//! Where each variable is loaded and stored comes from
//! `wend_ir::analysis::var_accesses`, which also makes the scans fast on
//! functions with very many variables.
//!
//! Requires: valid IR. Computes: CFG, dominator tree, dominance frontiers.
//! Invalidates: nothing about the CFG (blocks and edges are unchanged);
//! instructions are added (phis) and removed (allocas, loads, stores).

use cranelift_entity::{EntityRef, PrimaryMap, SecondaryMap};
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::dom::DomTree;
use wend_ir::analysis::frontier::{DominanceFrontiers, IdfScratch};
use wend_ir::analysis::var_accesses::{Access, Var, VarAccesses, VarOf};
use wend_ir::flat_lists::FlatLists;
use wend_ir::scoped::{DomTreeStep, DomTreeWalk, ScopedMap};
use wend_ir::trace::{Event, NoTrace, Trace};
use wend_ir::{Block, Function, Inst, InstKind, ReadAhead, Substitution, Type, Value, ValueDef};

/// A promoted variable (one alloca).
struct VarInfo {
    /// The alloca's instruction and result (the variable's address).
    alloca: Inst,
    address: Value,
    /// The type of the variable (the alloca's pointee).
    ty: Type,
}

/// Which blocks of a variable's iterated dominance frontier get a phi (see
/// the module doc): the SSA flavours of the textbooks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Flavour {
    /// Cytron et al.: every block where two definitions meet.
    Minimal,
    /// Briggs et al.: as minimal, for variables live across blocks only.
    SemiPruned,
    /// Choi et al.: only where the variable is live on entry.
    #[default]
    Pruned,
}

impl Flavour {
    pub const ALL: [Flavour; 3] = [Flavour::Minimal, Flavour::SemiPruned, Flavour::Pruned];

    /// The name `--ssa` and `mem2reg<…>` use.
    pub fn name(self) -> &'static str {
        match self {
            Flavour::Minimal => "minimal",
            Flavour::SemiPruned => "semi-pruned",
            Flavour::Pruned => "pruned",
        }
    }
}

/// Whether `flavour` puts a phi for `var` at `block`, a block of the
/// iterated dominance frontier of `var`'s definitions.
fn wants_phi(flavour: Flavour, var: Var, block: Block, liveness: &Liveness) -> bool {
    match flavour {
        // Two definitions meet here: that is all minimal SSA asks.
        Flavour::Minimal => true,
        // A variable read only after being written in the same block (a
        // temporary) never needs a phi; any other might.
        Flavour::SemiPruned => liveness.lives_across_blocks(var),
        // Only where some path from here reads the variable before writing it.
        Flavour::Pruned => liveness.is_live_in(var, block),
    }
}

/// Promotes the promotable allocas of `func` to pruned SSA (see the module
/// doc).
pub fn run(func: &mut Function) {
    run_with(func, Flavour::Pruned);
}

/// Promotes the promotable allocas of `func`, placing the phis of `flavour`.
pub fn run_with(func: &mut Function, flavour: Flavour) {
    run_traced(func, flavour, &mut NoTrace)
}

/// [`run_with`], recording phi placement and renaming in `trace`.
pub fn run_traced(func: &mut Function, flavour: Flavour, trace: &mut impl Trace) {
    if func.is_declaration() {
        return;
    }
    if promote(func, flavour, trace) {
        // The new phis sit at the end of the arenas, the promoted loads
        // and stores are garbage in the middle: renumber in layout order,
        // so that the passes after this one walk memory in order. Done
        // after `promote` returns, so that its analyses and compaction's
        // copy of the arenas are never in memory together.
        wend_ir::compact::compact(func);
    }
}

/// The three steps; false if there was nothing to promote.
fn promote(func: &mut Function, flavour: Flavour, trace: &mut impl Trace) -> bool {
    // Step 1: the promotable allocas, and where each is loaded and stored.
    // (Checked first: with nothing to promote, no analysis is needed.)
    let vars = find_promotable_allocas(func);
    if vars.is_empty() {
        return false;
    }
    trace.event(|| Event::Variables {
        addresses: vars.values().map(|info| info.address).collect(),
    });
    let cfg = Cfg::compute(func);
    let domtree = DomTree::compute(func, &cfg);
    let var_of = VarOf::new(func, vars.iter().map(|(var, info)| (var, info.address)));
    let accesses = VarAccesses::compute(func, &cfg, &var_of, vars.len());

    // Step 2: phis at the iterated frontier of the stores, where the
    // flavour wants them.
    let frontiers = DominanceFrontiers::compute(&cfg, &domtree);
    let mut undefs = Undefs::default();
    let mut planner = PhiPlanner::new(func, &cfg, &frontiers, &accesses);
    let phi_var = place_phis(func, &cfg, &mut planner, &vars, flavour, &mut undefs, trace);
    let debug_var = debug_variables(func, &vars);
    add_phi_debug_values(func, &phi_var, &debug_var);

    // Step 3: fill in phis, map each load to the value it reads, and take
    // the promoted allocas, loads and stores out of the blocks. On entry to
    // the function a variable holds undef (or, pruned, its only stored
    // constant).
    let on_entry: PrimaryMap<Var, Value> = vars
        .iter()
        .map(|(var, info)| match single_value(flavour, &accesses, var) {
            Some(v) => v,
            None => undefs.get(func, info.ty),
        })
        .collect();
    let mut subst = rename(
        func, &cfg, &domtree, &var_of, &phi_var, &debug_var, on_entry, trace,
    );

    // Clean up: trivial phis (pruned only), and the accesses in
    // unreachable code.
    if flavour == Flavour::Pruned {
        remove_trivial_phis(func, &domtree, &phi_var, &mut subst, &mut undefs);
    }
    delete_unreached_accesses(func, &cfg, &var_of, &mut subst, &mut undefs);
    func.substitute(&subst);
    trace.names(func);
    true
}

// ---- step 1: promotable allocas ----------------------------------------

/// The allocas of one value (not arrays) of the entry block whose address
/// is only loaded from and stored to. (An alloca elsewhere would be a fresh slot each time it runs;
/// the builder never makes one, and LLVM's mem2reg leaves them alone too.)
fn find_promotable_allocas(func: &Function) -> PrimaryMap<Var, VarInfo> {
    let entry = func.layout[0];
    let mut candidate: SecondaryMap<Value, bool> = SecondaryMap::with_capacity(func.values.len());
    for &inst in &func.blocks[entry].insts {
        if func.insts[inst].kind.is_scalar_alloca() {
            candidate[func.insts[inst].result.unwrap()] = true;
        }
    }
    if candidate.is_empty() {
        return PrimaryMap::new(); // no allocas: no need to look at the uses
    }

    // Any use other than "the address of a load or store" lets the address
    // escape (an element pointer too), and then a store through some other
    // pointer could change it.
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
        if let (InstKind::Alloca { ty, .. }, Some(address)) =
            (&func.insts[inst].kind, func.insts[inst].result.expand())
        {
            if candidate[address] {
                vars.push(VarInfo {
                    alloca: inst,
                    address,
                    ty: *ty,
                });
            }
        }
    }
    vars
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

/// The one value every load of `var` reads, in the pruned flavour: its
/// only store is of a constant or parameter, and any load the store does
/// not reach reads `undef`, which may as well be that value (as LLVM
/// reasons). The textbook flavours make no such exception.
fn single_value(flavour: Flavour, accesses: &VarAccesses, var: Var) -> Option<Value> {
    match flavour {
        Flavour::Pruned => accesses.only_stored_constant(var),
        Flavour::Minimal | Flavour::SemiPruned => None,
    }
}

/// Creates the phis of every variable, with `undef` entries (renaming fills
/// them in), where `planner` says. Returns the variable of each new phi.
fn place_phis(
    func: &mut Function,
    cfg: &Cfg,
    planner: &mut PhiPlanner,
    vars: &PrimaryMap<Var, VarInfo>,
    flavour: Flavour,
    undefs: &mut Undefs,
    trace: &mut impl Trace,
) -> SecondaryMap<Inst, Option<Var>> {
    let mut phi_var = SecondaryMap::new();
    for (var, info) in vars.iter() {
        for b in planner.phi_blocks(var, flavour, trace) {
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

/// Where phis go, one variable at a time: the iterated dominance frontier
/// of its stores, filtered by [`wants_phi`].
struct PhiPlanner<'a> {
    frontiers: &'a DominanceFrontiers,
    accesses: &'a VarAccesses,
    idf_scratch: IdfScratch,
    liveness: Liveness<'a>,
}

impl<'a> PhiPlanner<'a> {
    fn new(
        func: &Function,
        cfg: &'a Cfg,
        frontiers: &'a DominanceFrontiers,
        accesses: &'a VarAccesses,
    ) -> Self {
        PhiPlanner {
            frontiers,
            accesses,
            idf_scratch: IdfScratch::default(),
            liveness: Liveness::new(func, cfg, accesses),
        }
    }

    /// `DF+(stores of var)`, sorted by block index.
    fn iterated_frontier(&mut self, var: Var, trace: &mut impl Trace) -> Vec<Block> {
        let def_blocks = self.accesses.store_blocks(var);
        self.frontiers
            .iterated_traced(def_blocks.iter().copied(), &mut self.idf_scratch, trace)
    }

    /// The blocks where `flavour` puts a phi for `var`. Traced, every
    /// flavour shows where the variable is live on entry (what pruning
    /// tests) and the verdict of its own test at each frontier block.
    // lab(mem2reg) begin: phi placement: the iterated dominance frontier of the stores, where the flavour wants a phi
    fn phi_blocks<T: Trace>(&mut self, var: Var, flavour: Flavour, trace: &mut T) -> Vec<Block> {
        let def_blocks = self.accesses.store_blocks(var);
        if single_value(flavour, self.accesses, var).is_some() || def_blocks.is_empty() {
            // Every load reads the one stored value, or undef: no phi.
            trace.event(|| Event::NoPhiNeeded {
                var: var.as_u32(),
                never_stored: def_blocks.is_empty(),
            });
            return Vec::new();
        }
        if flavour == Flavour::Pruned || T::ON {
            self.liveness.compute_live_in(var);
        }
        trace.event(|| Event::PlaceVariable {
            var: var.as_u32(),
            stores: def_blocks.to_vec(),
            live_in: self.liveness.live_in_blocks(var),
        });
        let mut meets = self.iterated_frontier(var, trace);
        meets.retain(|&b| {
            let phi = wants_phi(flavour, var, b, &self.liveness);
            trace.event(|| Event::PhiAt {
                var: var.as_u32(),
                block: b,
                live: self.liveness.is_live_in(var, b),
                phi,
            });
            phi
        });
        meets
    }
    // lab(mem2reg) stub:
    //~ fn phi_blocks<T: Trace>(&mut self, var: Var, flavour: Flavour, trace: &mut T) -> Vec<Block> {
    //~     // TODO(lab mem2reg): a variable with a single value (`single_value`)
    //~     // or never stored needs no phi. Otherwise compute the liveness the
    //~     // flavour needs (`self.liveness.compute_live_in(var)` for pruned),
    //~     // the iterated dominance frontier of the blocks that store it
    //~     // (`self.iterated_frontier(var, trace)`), and keep the blocks where
    //~     // `wants_phi(flavour, var, b, &self.liveness)` holds
    //~     // (docs/labs/2-mem2reg.md). This stub places no phi at all.
    //~     let _ = (var, flavour, trace, &self.liveness);
    //~     Vec::new()
    //~ }
    // lab(mem2reg) end
}

/// Where a variable is live: across blocks at all (semi-pruned), and on
/// entry to which blocks (pruned) — the latter computed for one variable
/// at a time.
struct Liveness<'a> {
    cfg: &'a Cfg,
    accesses: &'a VarAccesses,
    /// `live_in[b] == Some(var)`: the variable is live on entry to b.
    /// `stores_in[b] == Some(var)`: b stores the variable. Stamping with
    /// the variable avoids clearing the arrays between variables.
    live_in: Vec<Option<Var>>,
    stores_in: Vec<Option<Var>>,
    worklist: Vec<Block>,
}

impl<'a> Liveness<'a> {
    fn new(func: &Function, cfg: &'a Cfg, accesses: &'a VarAccesses) -> Self {
        let n = func.blocks.len();
        Liveness {
            cfg,
            accesses,
            live_in: vec![None; n],
            stores_in: vec![None; n],
            worklist: Vec::new(),
        }
    }

    /// Whether some block reads `var` before writing it: Briggs et al.'s
    /// "global names" (a variable only ever read after being written in
    /// the same block is local to each block that uses it).
    fn lives_across_blocks(&self, var: Var) -> bool {
        !self.accesses.upward_exposed_load_blocks(var).is_empty()
    }

    /// Finds where `var` is live on entry: where it is loaded before being
    /// stored, and backwards from there up to the stores. Answers
    /// [`Liveness::is_live_in`] for `var` until the next call.
    fn compute_live_in(&mut self, var: Var) {
        for &b in self.accesses.store_blocks(var) {
            self.stores_in[b.index()] = Some(var);
        }
        for &b in self.accesses.upward_exposed_load_blocks(var) {
            self.live_in[b.index()] = Some(var);
            self.worklist.push(b);
        }
        while let Some(b) = self.worklist.pop() {
            for &p in self.cfg.preds(b) {
                let (pi, reachable) = (p.index(), self.cfg.is_reachable(p));
                if reachable && self.stores_in[pi] != Some(var) && self.live_in[pi] != Some(var) {
                    self.live_in[pi] = Some(var);
                    self.worklist.push(p);
                }
            }
        }
    }

    /// The blocks where `var` is live on entry, by block index (after
    /// [`Liveness::compute_live_in`] for `var`).
    fn live_in_blocks(&self, var: Var) -> Vec<Block> {
        (self.live_in.iter().enumerate())
            .filter(|&(_, &v)| v == Some(var))
            .map(|(i, _)| Block::new(i))
            .collect()
    }

    /// Whether `var` is live on entry to `block` (after
    /// [`Liveness::compute_live_in`] for `var`).
    fn is_live_in(&self, var: Var, block: Block) -> bool {
        self.live_in[block.index()] == Some(var)
    }
}

/// Where the phis of one promotable variable go in each flavour, and why:
/// what `wendc analyze` tabulates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhiPlan {
    /// The variable's address (the `alloca`'s result, named as the variable).
    pub address: Value,
    /// The reachable blocks that store it (its definitions), by block index.
    pub def_blocks: Vec<Block>,
    /// Their iterated dominance frontier, by block index.
    pub iterated_frontier: Vec<Block>,
    /// The blocks of it where each flavour of [`Flavour::ALL`] puts a phi,
    /// in that order.
    pub phis: [Vec<Block>; 3],
}

/// The phis mem2reg would place in `func` for each flavour, per promotable
/// variable in the order of their allocas (before renaming: the pruned
/// flavour's clean-up of trivial phis may remove some of them after).
pub fn plan(func: &Function) -> Vec<PhiPlan> {
    if func.is_declaration() {
        return Vec::new();
    }
    let vars = find_promotable_allocas(func);
    if vars.is_empty() {
        return Vec::new();
    }
    let cfg = Cfg::compute(func);
    let domtree = DomTree::compute(func, &cfg);
    let var_of = VarOf::new(func, vars.iter().map(|(var, info)| (var, info.address)));
    let accesses = VarAccesses::compute(func, &cfg, &var_of, vars.len());
    let frontiers = DominanceFrontiers::compute(&cfg, &domtree);
    let mut planner = PhiPlanner::new(func, &cfg, &frontiers, &accesses);
    vars.iter()
        .map(|(var, info)| PhiPlan {
            address: info.address,
            def_blocks: sorted(accesses.store_blocks(var)),
            iterated_frontier: planner.iterated_frontier(var, &mut NoTrace),
            phis: Flavour::ALL.map(|flavour| planner.phi_blocks(var, flavour, &mut NoTrace)),
        })
        .collect()
}

fn sorted(blocks: &[Block]) -> Vec<Block> {
    let mut blocks = blocks.to_vec();
    blocks.sort_unstable();
    blocks
}

// ---- step 3: renaming --------------------------------------------------

/// Walks the dominator tree, filling phi entries and mapping each load of
/// a promoted variable to the value it reads; the promoted allocas, loads
/// and stores of the blocks it visits are deleted on the way. Returns that
/// substitution.
// Each argument is one of the inputs the renaming walk reads; -g's and the
// trace's are the two that make eight.
#[allow(clippy::too_many_arguments)]
// lab(mem2reg) begin: renaming: walk the dominator tree carrying each variable's current value
fn rename(
    func: &mut Function,
    cfg: &Cfg,
    domtree: &DomTree,
    var_of: &VarOf,
    phi_var: &SecondaryMap<Inst, Option<Var>>,
    debug_var: &SecondaryMap<Var, Option<u32>>,
    on_entry: PrimaryMap<Var, Value>,
    trace: &mut impl Trace,
) -> Substitution {
    // The value each variable holds at the current point of the walk.
    let num_vars = on_entry.len();
    let mut current = ScopedMap::new(on_entry);
    let outgoing = phi_entry_slots(func, cfg, phi_var);

    let mut subst = Substitution::with_capacity(func.values.len());
    for step in DomTreeWalk::new(domtree, func.layout[0]) {
        let block = match step {
            DomTreeStep::Enter(block) => block,
            DomTreeStep::Leave(block) => {
                trace.event(|| Event::RenameLeave { block });
                current.leave_scope();
                continue;
            }
        };
        current.enter_scope();
        trace.event(|| Event::RenameEnter {
            block,
            current: (0..num_vars).map(|i| current[Var::new(i)]).collect(),
        });

        // A phi of a variable defines it.
        for &phi in &func.blocks[block].phis {
            if let Some(var) = phi_var[phi] {
                let phi = func.insts[phi].result.unwrap();
                trace.event(|| Event::RenamePhi {
                    var: var.as_u32(),
                    phi,
                });
                current.set(var, phi);
            }
        }
        // A load reads the value the variable holds; a store sets it.
        let insts = &func.blocks[block].insts;
        let mut walk = ReadAhead::new(&[], insts, func.values.len());
        while let Some(inst) = var_of.next_access(func, &mut walk, &current) {
            match var_of.access(func, inst) {
                Some(Access::Load { var, result }) => {
                    trace.event(|| Event::RenameLoad {
                        var: var.as_u32(),
                        load: result,
                        value: current[var],
                    });
                    subst.replace(result, current[var])
                }
                Some(Access::Store { var, value }) => {
                    trace.event(|| Event::RenameStore {
                        var: var.as_u32(),
                        value,
                    });
                    current.set(var, value)
                }
                None => {}
            }
        }
        // Their work done, the promoted accesses (and allocas) go.
        func.retain_insts(block, |func, inst| {
            becomes_debug_value(func, var_of, debug_var, inst) || !is_promoted(func, var_of, inst)
        });
        // What flows along each outgoing edge into the successors' phis.
        for &(succ, entry) in outgoing.get(block.index()) {
            for i in 0..func.blocks[succ].phis.len() {
                let phi = func.blocks[succ].phis[i];
                if let Some(var) = phi_var[phi] {
                    if let InstKind::Phi { incoming } = &mut func.insts[phi].kind {
                        incoming[entry as usize].1 = current[var];
                    }
                    trace.event(|| Event::RenamePhiEntry {
                        block,
                        succ,
                        var: var.as_u32(),
                        phi: func.insts[phi].result.unwrap(),
                        value: current[var],
                    });
                }
            }
        }
    }
    subst
}
// lab(mem2reg) stub:
//~ fn rename(
//~     func: &mut Function,
//~     cfg: &Cfg,
//~     domtree: &DomTree,
//~     var_of: &VarOf,
//~     phi_var: &SecondaryMap<Inst, Option<Var>>,
//~     debug_var: &SecondaryMap<Var, Option<u32>>,
//~     on_entry: PrimaryMap<Var, Value>,
//~     trace: &mut impl Trace,
//~ ) -> Substitution {
//~     // TODO(lab mem2reg): walk the dominator tree (`DomTreeWalk`) keeping the
//~     // value each variable holds (a `ScopedMap` whose changes are undone on
//~     // leaving a block): a phi or a store sets it, a load is replaced by it
//~     // (`subst.replace`), and at the end of each block it fills the
//~     // successors' phi entries for that edge (docs/labs/2-mem2reg.md).
//~     // This stub deletes the promoted accesses but makes every load read the
//~     // variable's value on entry to the function: wrong for any variable
//~     // assigned after its declaration.
//~     let _ = (cfg, domtree, phi_var, debug_var, trace);
//~     let mut subst = Substitution::with_capacity(func.values.len());
//~     for i in 0..func.layout.len() {
//~         let block = func.layout[i];
//~         for &inst in &func.blocks[block].insts {
//~             if let Some(Access::Load { var, result }) = var_of.access(func, inst) {
//~                 subst.replace(result, on_entry[var]);
//~             }
//~         }
//~         func.retain_insts(block, |func, inst| !is_promoted(func, var_of, inst));
//~     }
//~     subst
//~ }
// lab(mem2reg) end

/// Whether `inst` is a promoted variable's alloca, or a load or store of it.
fn is_promoted(func: &Function, var_of: &VarOf, inst: Inst) -> bool {
    match func.insts[inst].kind {
        InstKind::Alloca { .. } => func.insts[inst]
            .result
            .expand()
            .is_some_and(|address| var_of.get(address).is_some()),
        _ => var_of.access(func, inst).is_some(),
    }
}

// lab(mem2reg) begin: a helper of the renaming (write your own, or none)
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
// lab(mem2reg) stub:
// lab(mem2reg) end

// ---- debug values (-g) ---------------------------------------------------

/// The debug table's index of each promoted variable that it describes.
fn debug_variables(
    func: &Function,
    vars: &PrimaryMap<Var, VarInfo>,
) -> SecondaryMap<Var, Option<u32>> {
    let mut debug_var = SecondaryMap::new();
    let Some(debug) = &func.debug else {
        return debug_var;
    };
    let var_of_slot: rustc_hash::FxHashMap<Value, Var> =
        vars.iter().map(|(var, info)| (info.address, var)).collect();
    for (index, variable) in debug.variables.iter().enumerate() {
        if let Some(&var) = variable.slot.and_then(|slot| var_of_slot.get(&slot)) {
            debug_var[var] = Some(index as u32);
        }
    }
    debug_var
}

/// A debug value of each new phi of a described variable, after the phis
/// of its block.
fn add_phi_debug_values(
    func: &mut Function,
    phi_var: &SecondaryMap<Inst, Option<Var>>,
    debug_var: &SecondaryMap<Var, Option<u32>>,
) {
    if func.debug.is_none() {
        return;
    }
    for i in 0..func.layout.len() {
        let b = func.layout[i];
        let mut records = Vec::new();
        for j in 0..func.blocks[b].phis.len() {
            let phi = func.blocks[b].phis[j];
            if let Some(var) = phi_var[phi].and_then(|var| debug_var[var]) {
                let value = func.insts[phi].result.unwrap();
                let kind = InstKind::DebugValue { var, value };
                records.push(func.make_inst(kind, None, func.insts[phi].line));
            }
        }
        if !records.is_empty() {
            func.blocks[b].insts.splice(0..0, records);
        }
    }
}

/// Whether `inst` is a store to a described variable, which it turns into
/// a debug value of the stored value.
fn becomes_debug_value(
    func: &mut Function,
    var_of: &VarOf,
    debug_var: &SecondaryMap<Var, Option<u32>>,
    inst: Inst,
) -> bool {
    let Some(Access::Store { var, value }) = var_of.access(func, inst) else {
        return false;
    };
    let Some(var) = debug_var[var] else {
        return false;
    };
    func.insts[inst].kind = InstKind::DebugValue { var, value };
    true
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
    subst: &mut Substitution,
    undefs: &mut Undefs,
) {
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
                if let Some(def) = func.defining_inst(subst.resolve(v)) {
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
            let v = subst.resolve(v);
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
        subst.replace(result, replacement);
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
    subst: &mut Substitution,
    undefs: &mut Undefs,
) {
    let mut unreached_loads = Vec::new();
    for i in 0..func.layout.len() {
        let b = func.layout[i];
        if cfg.is_reachable(b) {
            continue;
        }
        func.retain_insts(b, |func, inst| match var_of.access(func, inst) {
            Some(Access::Load { result, .. }) => {
                unreached_loads.push(result);
                false
            }
            Some(Access::Store { .. }) => false,
            None => true,
        });
    }
    for load in unreached_loads {
        let undef = undefs.get(func, func.value_type(load));
        subst.replace(load, undef);
    }
}
