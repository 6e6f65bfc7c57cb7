//! inline: replace calls to small or single-use functions by a copy of the
//! callee's body, then delete the functions nobody calls any more.
//!
//! Inlining matters more in wend than in C: a nested function reads and
//! writes its parent's variables through pointer parameters, so every such
//! variable stays in memory. Once the call is inlined, the pointer
//! parameters *are* the parent's allocas, and the next mem2reg turns the
//! whole thing into plain SSA values.
//!
//! The decisions are those of the classic bottom-up inliner (LLVM's
//! `Inliner` over the call-graph SCCs, much simplified); the bodies are
//! then moved top-down, so that each is copied once per copy in the result:
//!
//! 1. **Call graph and recursion.** The strongly connected components of
//!    the call graph (Tarjan, "Depth-First Search and Linear Graph
//!    Algorithms", SIAM J. Comput. 1972; iterative here) are the sets of
//!    mutually recursive functions. A function in a component of two or
//!    more, or one that calls itself, is *recursive* and never inlined —
//!    inlining it would only unroll the recursion once and could go on
//!    forever.
//! 2. **Decisions, bottom-up, at each call site** ([`Plan`]). Tarjan's
//!    algorithm completes a component only after every component it calls,
//!    so in that order every callee's size is final (its own calls decided)
//!    before its callers are considered. A call to a non-recursive defined
//!    function is inlined when the callee has a single call site in the
//!    module (it is about to die, so the program does not grow) and at most
//!    [`SINGLE_CALL_LIMIT`] instructions, or when what the callee costs *at
//!    this call site* is at most [`SMALL_CALLEE`] plus what the call itself
//!    costs the caller. That is LLVM's inline cost (`CallAnalyzer` in
//!    lib/Analysis/InlineCost.cpp): the callee's cost is measured by
//!    [`wend_ir::analysis::inline_cost`], a bounded walk of its body from
//!    the entry that folds what the call's constant arguments decide and
//!    follows only the live side of the branches they decide, and that
//!    counts loads and stores through pointers to the caller's own
//!    variables as free (mem2reg promotes them once inlined: a getter
//!    called with a constant index costs nothing). The call's cost is
//!    [`CALL_COST`] plus [`ARG_COST`] for each argument — a nested
//!    function's call passes a pointer to every variable it captures.
//!    Copies of small callees draw on a total growth budget of half the
//!    module's size plus [`GROWTH_ALLOWANCE`] instructions, charged with the
//!    size copied (before SCCP and simplifycfg prune the copy), so inlining
//!    stays linear even on programs with thousands of calls. In a module
//!    with a `main`, a callee whose every call is inlined is *absorbed*: it
//!    will not exist on its own.
//! 3. **Bodies, top-down.** Each function that stays is rebuilt once,
//!    callees first. An inlined call to a function that stays takes a copy
//!    of its rebuilt body; one to an absorbed function takes a copy of the
//!    *original* body, whose own inlined calls are expanded in the copy in
//!    turn. A chain `f1 → f2 → … → fn` of single calls is thus copied once
//!    into `f1`, where building each link in its caller first would copy
//!    the growing body again at every link. An absorbed body is freed after
//!    its last copy.
//! 4. **Splicing.** The call's block is split after the call; the callee's
//!    blocks are copied in between with parameters mapped to arguments;
//!    its allocas go to the caller's entry block (where mem2reg looks for
//!    them); each `ret` becomes a branch to the continuation, where a phi
//!    merges the returned values when there are several. Source lines
//!    (`InstData::line`) are kept, so runtime errors still name the line.
//!    The copied blocks are named after the function they come from, the
//!    outer one first (`outer.inner.entry`). A function that received
//!    copies is compacted (`compact.rs`).
//! 5. **Dead functions.** Every function but `main` is internal: what is not
//!    reachable from `main` in the call graph is deleted (a module without
//!    `main` keeps all its functions).
//!
//! Requires: valid IR. Invalidates: every analysis of the callers (blocks
//! are split and added); deletes functions, renumbering `FuncId`s.

use cranelift_entity::{EntityRef, PrimaryMap, SecondaryMap};
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::inline_cost::{cost_at_call_site, ArgFact, InnerCall};
use wend_ir::analysis::ranges::{Range, Ranges};
use wend_ir::{
    Block, FuncId, Function, Inst, InstKind, Module, Substitution, Terminator, ThinVec, Type,
    Value, ValueDef,
};

/// A callee is inlined where its cost at the call site (see the module
/// doc) is at most this much more than what the call costs the caller,
/// within the growth budget.
pub const SMALL_CALLEE: usize = 40;

/// What each argument of a call costs the caller beyond the callee's body,
/// in instructions: the argument is computed (a capture pointer is an
/// address), passed in a register or on the stack, and read back by the
/// callee. Inlining saves it, so a callee may be this much larger per
/// argument and still count as small.
pub const ARG_COST: usize = 2;

/// What the call itself costs beyond its arguments, in instructions: the
/// call and the return, and the caller's values saved around it (the
/// caller-saved registers). Inlining saves it too.
pub const CALL_COST: usize = 4;

/// A callee with a single call site is inlined if it has at most this many
/// instructions, counted once its own chosen calls are inlined. Such a call
/// costs no growth, but without a limit a chain `f1 → f2 → … → fn` of
/// single calls would become one function as large as the whole chain: the
/// limit cuts chains into pieces of a few hundred instructions, which keeps
/// the functions the later passes see, and the nesting of the rebuilding
/// (`Rebuilding::block` recurses once per inlined level), bounded.
pub const SINGLE_CALL_LIMIT: usize = 400;

/// Growth allowed on top of half the module's size, so that small modules
/// can inline all their small helpers.
pub const GROWTH_ALLOWANCE: usize = 1000;

/// Inlines the calls of the whole module (see the module doc).
pub fn run(module: &mut Module) {
    let mut graph = CallGraph::compute(module);
    let components = graph.strongly_connected_components();
    let plan = Plan::make(module, &graph, &components);
    let mut bodies = Bodies {
        copies_left: plan.copies_of_absorbed(module, &components),
        emptied: SecondaryMap::new(),
    };
    for component in &components {
        for &f in component {
            if !plan.absorbed[f] {
                rebuild(module, f, &plan, &mut bodies);
            }
        }
    }
    remove_dead_functions(module, &bodies.emptied);
}

/// Instructions plus terminators: the size that inlining copies.
fn function_size(func: &Function) -> usize {
    func.code_inst_count() + func.layout.len()
}

/// Calls `f` with the callee of every placed call of `func`.
fn for_each_call(func: &Function, mut f: impl FnMut(FuncId)) {
    for &b in &func.layout {
        for &inst in &func.blocks[b].insts {
            if let InstKind::Call { callee, .. } = func.insts[inst].kind {
                f(callee);
            }
        }
    }
}

// ---- the decisions -----------------------------------------------------

/// Which calls are inlined, decided before any body moves.
struct Plan {
    /// The calls of each function that take their callee's body, as
    /// instructions of its original body, sorted.
    inline_at: SecondaryMap<FuncId, Vec<Inst>>,
    /// The functions whose every call is inlined (only in a module with a
    /// `main`, where the others may go): never rebuilt on their own.
    absorbed: SecondaryMap<FuncId, bool>,
    /// Each function's size once its chosen calls are inlined.
    size: SecondaryMap<FuncId, usize>,
}

impl Plan {
    fn make(module: &Module, graph: &CallGraph, components: &[Vec<FuncId>]) -> Plan {
        let mut planner = Planner::new(module, graph, components);
        let may_absorb = module.find_function("main").is_some();
        let mut plan = Plan {
            inline_at: SecondaryMap::new(),
            absorbed: SecondaryMap::new(),
            size: SecondaryMap::new(),
        };
        for &caller in components.iter().flatten() {
            let func = &module.functions[caller];
            let mut inline_at = Vec::new();
            let mut calls = Vec::new();
            let mut grown = 0;
            let mut ranges = None;
            for &b in &func.layout {
                for &inst in &func.blocks[b].insts {
                    let InstKind::Call { callee, .. } = func.insts[inst].kind else {
                        continue;
                    };
                    let site = CallSite {
                        caller,
                        block: b,
                        call: inst,
                    };
                    if !planner.should_inline(module, site, &plan.inline_at, &mut ranges) {
                        if !module.functions[callee].is_declaration() {
                            calls.push(callee);
                        }
                        continue;
                    }
                    inline_at.push(inst);
                    // The body replaces the call, plus the continuation
                    // block, plus a phi when several returns give the result.
                    let phi =
                        func.insts[inst].result.is_some() && planner.value_returns[callee] > 1;
                    grown += planner.size[callee] + usize::from(phi);
                    // The copy's calls are new call sites.
                    planner.call_sites[callee] -= 1;
                    for &c in &planner.calls_left[callee] {
                        planner.call_sites[c] += 1;
                    }
                    calls.extend_from_slice(&planner.calls_left[callee]);
                    if may_absorb && planner.call_sites[callee] == 0 {
                        plan.absorbed[callee] = true;
                    }
                }
            }
            planner.size[caller] += grown;
            if planner.size[caller] <= SINGLE_CALL_LIMIT.max(SMALL_CALLEE) {
                planner.calls_left[caller] = calls;
            }
            inline_at.sort_unstable();
            plan.inline_at[caller] = inline_at;
        }
        plan.size = planner.size;
        plan
    }

    /// How many copies of each absorbed body the rebuilding will make:
    /// one per inlined call in a function that stays, times the copies of
    /// the absorbed function holding the call. Counted callers first, in
    /// the reverse of the components' order.
    fn copies_of_absorbed(
        &self,
        module: &Module,
        components: &[Vec<FuncId>],
    ) -> SecondaryMap<FuncId, usize> {
        let mut copies: SecondaryMap<FuncId, usize> = SecondaryMap::new();
        for &f in components.iter().rev().flatten() {
            let times = if self.absorbed[f] { copies[f] } else { 1 };
            let func = &module.functions[f];
            for &inst in &self.inline_at[f] {
                if let InstKind::Call { callee, .. } = func.insts[inst].kind {
                    if self.absorbed[callee] {
                        copies[callee] += times;
                    }
                }
            }
        }
        copies
    }
}

/// What the decisions depend on, updated as they are made.
struct Planner<'g> {
    graph: &'g CallGraph,
    recursive: SecondaryMap<FuncId, bool>,
    /// Each function's size: final once its own calls are decided.
    size: SecondaryMap<FuncId, usize>,
    /// The calls to each function in the module as it will be: the
    /// original ones, minus those inlined, plus those in the copies.
    call_sites: SecondaryMap<FuncId, usize>,
    /// The calls to defined functions left in each function once its
    /// chosen calls are inlined (inlining it copies them). Kept only for
    /// functions small enough to be inlined.
    calls_left: SecondaryMap<FuncId, Vec<FuncId>>,
    /// How many `ret` carry a value: with two or more, inlining a call
    /// that has a result adds a phi.
    value_returns: SecondaryMap<FuncId, usize>,
    /// Instructions that copies of small callees may still add.
    budget: usize,
    /// The CFG of each callee asked about at several call sites, by
    /// `FuncId` index.
    cfgs: Vec<Option<Cfg>>,
}

impl<'g> Planner<'g> {
    fn new(module: &Module, graph: &'g CallGraph, components: &[Vec<FuncId>]) -> Planner<'g> {
        let mut planner = Planner {
            graph,
            recursive: SecondaryMap::new(),
            size: SecondaryMap::new(),
            call_sites: SecondaryMap::new(),
            calls_left: SecondaryMap::new(),
            value_returns: SecondaryMap::new(),
            budget: 0,
            cfgs: (0..module.functions.len()).map(|_| None).collect(),
        };
        for component in components {
            for &f in component {
                planner.recursive[f] = component.len() > 1 || graph.callees[f].contains(&f);
            }
        }
        let mut total = 0;
        for (id, func) in module.definitions() {
            planner.size[id] = function_size(func);
            total += planner.size[id];
            for_each_call(func, |callee| planner.call_sites[callee] += 1);
            planner.value_returns[id] = func
                .layout
                .iter()
                .filter(|&&b| {
                    matches!(
                        func.blocks[b].terminator,
                        Some(Terminator::Ret { value: Some(_) })
                    )
                })
                .count();
        }
        planner.budget = total / 2 + GROWTH_ALLOWANCE;
        planner
    }

    /// Whether to inline the call at `site`; charges the budget when the
    /// callee is copied rather than moved. `inline_at` holds the decisions
    /// already made for the callee's own calls; `ranges` the caller's value
    /// ranges, once a call site needed them.
    fn should_inline(
        &mut self,
        module: &Module,
        site: CallSite,
        inline_at: &SecondaryMap<FuncId, Vec<Inst>>,
        ranges: &mut Option<Ranges>,
    ) -> bool {
        let CallSite {
            caller,
            block,
            call,
        } = site;
        let caller_func = &module.functions[caller];
        let InstKind::Call { callee, ref args } = caller_func.insts[call].kind else {
            return false;
        };
        let func = &module.functions[callee];
        if func.is_declaration()
            || self.recursive[callee]
            || self.graph.component_of[callee] == self.graph.component_of[caller]
            || func.name == "main"
        {
            return false;
        }
        let size = self.size[callee];
        if self.call_sites[callee] == 1 && size <= SINGLE_CALL_LIMIT {
            return true; // the only copy: the callee dies, nothing grows
        }
        if size > self.budget {
            return false;
        }
        let facts: Vec<ArgFact> = args
            .iter()
            .map(|&a| arg_fact(caller_func, a, block, ranges))
            .collect();
        let limit = SMALL_CALLEE + call_site_cost(args.len());
        let cfg = self.cfgs[callee.index()].get_or_insert_with(|| Cfg::compute(func));
        let planned = &inline_at[callee];
        let inner_call = |inst: Inst| match func.insts[inst].kind {
            InstKind::Call { callee: inner, .. } if planned.binary_search(&inst).is_ok() => {
                InnerCall {
                    cost: self.size[inner],
                    keeps_args: false,
                }
            }
            InstKind::Call { ref args, .. } => InnerCall {
                cost: 1 + args.len(),
                keeps_args: true,
            },
            _ => unreachable!("asked about a call"),
        };
        if cost_at_call_site(func, cfg, &facts, limit, inner_call).is_none() {
            return false;
        }
        // What the copy adds before SCCP and simplifycfg prune it.
        self.budget -= size;
        true
    }
}

/// A call to decide on: the instruction, in its block of its function.
#[derive(Clone, Copy)]
struct CallSite {
    caller: FuncId,
    block: Block,
    call: Inst,
}

/// What the caller knows of the argument `v` of one of its calls in
/// `block`: a constant, a pointer to one of its slots, or the range its
/// value ranges give there (computed for the first argument that asks).
fn arg_fact(caller: &Function, v: Value, block: Block, ranges: &mut Option<Ranges>) -> ArgFact {
    if let Some(c) = caller.as_const(v) {
        return ArgFact::Const(c);
    }
    // A slot of one value: mem2reg never promotes an array.
    if let Some(i) = caller.defining_inst(v) {
        if caller.insts[i].kind.is_scalar_alloca() {
            return ArgFact::CallerSlot;
        }
    }
    if caller.value_type(v) != Type::I32 {
        return ArgFact::Unknown;
    }
    let range = ranges
        .get_or_insert_with(|| Ranges::compute(caller))
        .range_at(caller, v, block);
    match range.as_single() {
        Some(c) => ArgFact::Const(c),
        None if range == Range::FULL => ArgFact::Unknown,
        None => ArgFact::Range(range),
    }
}

/// What a call with `args` arguments costs the caller, all of which
/// inlining saves: the call and the return, and each argument.
fn call_site_cost(args: usize) -> usize {
    CALL_COST + ARG_COST * args
}

// ---- call graph --------------------------------------------------------

struct CallGraph {
    /// The defined functions each defined function calls, each once, in
    /// order of first call.
    callees: SecondaryMap<FuncId, Vec<FuncId>>,
    /// The index of each function's component in
    /// [`CallGraph::strongly_connected_components`]' answer.
    component_of: SecondaryMap<FuncId, usize>,
    definitions: Vec<FuncId>,
}

impl CallGraph {
    fn compute(module: &Module) -> CallGraph {
        let mut callees: SecondaryMap<FuncId, Vec<FuncId>> = SecondaryMap::new();
        let mut definitions = Vec::new();
        // The caller that listed each function last: searching the list
        // instead was quadratic in a function calling thousands of others.
        let mut listed_by: SecondaryMap<FuncId, Option<FuncId>> = SecondaryMap::new();
        for (id, func) in module.definitions() {
            definitions.push(id);
            let mut list = Vec::new();
            for_each_call(func, |callee| {
                if !module.functions[callee].is_declaration() && listed_by[callee] != Some(id) {
                    listed_by[callee] = Some(id);
                    list.push(callee);
                }
            });
            callees[id] = list;
        }
        CallGraph {
            callees,
            component_of: SecondaryMap::new(),
            definitions,
        }
    }

    /// Tarjan's algorithm with an explicit stack. Components come out
    /// callees-first (reverse topological order of the condensed graph);
    /// roots are tried in `FuncId` order, so the result is deterministic.
    fn strongly_connected_components(&mut self) -> Vec<Vec<FuncId>> {
        const UNVISITED: u32 = u32::MAX;
        let mut index: SecondaryMap<FuncId, u32> = SecondaryMap::with_default(UNVISITED);
        let mut lowlink: SecondaryMap<FuncId, u32> = SecondaryMap::new();
        let mut on_stack: SecondaryMap<FuncId, bool> = SecondaryMap::new();
        let mut tarjan_stack: Vec<FuncId> = Vec::new();
        let mut components = Vec::new();
        let mut counter = 0;

        for &root in &self.definitions {
            if index[root] != UNVISITED {
                continue;
            }
            // Frames: a function and how many of its callees were explored.
            let mut dfs: Vec<(FuncId, usize)> = vec![(root, 0)];
            index[root] = counter;
            lowlink[root] = counter;
            counter += 1;
            tarjan_stack.push(root);
            on_stack[root] = true;
            while let Some(frame) = dfs.last_mut() {
                let (f, next) = *frame;
                if let Some(&callee) = self.callees[f].get(next) {
                    frame.1 += 1;
                    if index[callee] == UNVISITED {
                        index[callee] = counter;
                        lowlink[callee] = counter;
                        counter += 1;
                        tarjan_stack.push(callee);
                        on_stack[callee] = true;
                        dfs.push((callee, 0));
                    } else if on_stack[callee] {
                        lowlink[f] = lowlink[f].min(index[callee]);
                    }
                    continue;
                }
                dfs.pop();
                if let Some(&(parent, _)) = dfs.last() {
                    lowlink[parent] = lowlink[parent].min(lowlink[f]);
                }
                if lowlink[f] == index[f] {
                    let mut component = Vec::new();
                    loop {
                        let g = tarjan_stack.pop().unwrap();
                        on_stack[g] = false;
                        self.component_of[g] = components.len();
                        component.push(g);
                        if g == f {
                            break;
                        }
                    }
                    component.reverse();
                    components.push(component);
                }
            }
        }
        components
    }
}

// ---- rebuilding --------------------------------------------------------

/// The absorbed bodies still to be copied.
struct Bodies {
    copies_left: SecondaryMap<FuncId, usize>,
    /// The definitions whose bodies were freed: dead, although their empty
    /// layout makes them look like declarations.
    emptied: SecondaryMap<FuncId, bool>,
}

impl Bodies {
    /// Notes that a copy of `f` was made; frees an absorbed body after its
    /// last copy, so that a long chain does not stay in memory twice.
    fn copied(&mut self, module: &mut Module, f: FuncId) {
        self.copies_left[f] -= 1;
        if self.copies_left[f] == 0 {
            let name = std::mem::take(&mut module.functions[f].name);
            module.functions[f] = Function::new(name, &[], None);
            self.emptied[f] = true;
        }
    }
}

/// Inlines the planned calls of `caller`, and of the absorbed bodies they
/// bring in, in one sweep that rebuilds the layout: each inlined body
/// right after its call's block, then the continuation. Each block's
/// instructions are dealt out once to the pieces it is split into, and the
/// callees' allocas join the entry block in one insertion at the end.
fn rebuild(module: &mut Module, caller: FuncId, plan: &Plan, bodies: &mut Bodies) {
    if plan.inline_at[caller].is_empty() {
        return;
    }
    // Take the caller out of the module so the callees can be read while it
    // is modified (a callee is never the caller: recursion is not inlined).
    let placeholder = Function::new("", &[], None);
    let mut func = std::mem::replace(&mut module.functions[caller], placeholder);
    let old_layout = std::mem::take(&mut func.layout);
    let entry = old_layout[0];
    let mut expand = SecondaryMap::with_capacity(func.insts.len());
    for &inst in &plan.inline_at[caller] {
        expand[inst] = true;
    }
    let mut rebuilding = Rebuilding {
        layout: Vec::with_capacity(old_layout.len()),
        subst: Substitution::new(),
        allocas: Vec::new(),
        expand,
        func,
    };
    for b in old_layout {
        rebuilding.block(module, plan, bodies, b, "");
    }
    let Rebuilding {
        mut func,
        layout,
        subst,
        allocas,
        ..
    } = rebuilding;
    // The callees' slots join the caller's frame, after its own allocas
    // (and the debug values that may come before them, which do not count).
    let entry_insts = &func.blocks[entry].insts;
    let after_allocas = entry_insts
        .iter()
        .position(|&i| {
            let kind = &func.insts[i].kind;
            !matches!(kind, InstKind::Alloca { .. }) && !kind.is_debug_value()
        })
        .unwrap_or(entry_insts.len());
    func.blocks[entry]
        .insts
        .splice(after_allocas..after_allocas, allocas);
    func.layout = layout;
    func.substitute(&subst);
    debug_assert_eq!(function_size(&func), plan.size[caller], "@{}", func.name);
    // The copies went to the end of the arenas and the call blocks' old
    // instructions are garbage: renumber in layout order.
    wend_ir::compact::compact(&mut func);
    module.functions[caller] = func;
}

/// A function being rebuilt.
struct Rebuilding {
    func: Function,
    /// The new layout, in the making.
    layout: Vec<Block>,
    /// What each inlined call's result became (applied once at the end).
    subst: Substitution,
    /// The callees' allocas, for the caller's entry block.
    allocas: Vec<Inst>,
    /// The calls to inline: the caller's planned ones, then the copies of
    /// those planned in the absorbed bodies copied in.
    expand: SecondaryMap<Inst, bool>,
}

impl Rebuilding {
    /// Lays out `b`, split at each call to inline, with each callee's body
    /// after its piece. `context` names the inlined functions the block was
    /// copied from, outer first (`f.g.`), for the labels of blocks copied
    /// into it.
    fn block(
        &mut self,
        module: &mut Module,
        plan: &Plan,
        bodies: &mut Bodies,
        b: Block,
        context: &str,
    ) {
        self.layout.push(b);
        let func = &mut self.func;
        let insts = std::mem::take(&mut func.blocks[b].insts);
        let terminator = func.blocks[b].terminator.take();
        let terminator_line = func.blocks[b].terminator_line;
        // The block being filled: `b`, then the continuation of each call
        // inlined so far.
        let mut current = b;
        let mut current_insts = Vec::with_capacity(insts.len());
        for inst in insts {
            if !self.expand[inst] {
                current_insts.push(inst);
                continue;
            }
            let InstKind::Call { callee, .. } = self.func.insts[inst].kind else {
                unreachable!("only calls are inlined")
            };
            self.func.blocks[current].insts = std::mem::take(&mut current_insts);
            // An absorbed callee comes as written, with its own planned
            // calls to expand in the copy; one that stays comes rebuilt.
            let expand_in_copy: &[Inst] = if plan.absorbed[callee] {
                &plan.inline_at[callee]
            } else {
                &[]
            };
            let spliced = splice(
                &mut self.func,
                current,
                inst,
                &module.functions[callee],
                context,
                expand_in_copy,
                &mut self.subst,
                &mut self.allocas,
                &mut self.expand,
            );
            if plan.absorbed[callee] {
                bodies.copied(module, callee);
            }
            self.func.blocks[spliced.continuation].terminator_line = terminator_line;
            if spliced.expands {
                let inner_context = format!("{context}{}.", short_name(&module.functions[callee]));
                for nb in spliced.body {
                    self.block(module, plan, bodies, nb, &inner_context);
                }
            } else {
                self.layout.extend(spliced.body);
            }
            self.layout.push(spliced.continuation);
            current = spliced.continuation;
        }
        let func = &mut self.func;
        func.blocks[current].insts = current_insts;
        func.blocks[current].terminator = terminator;
        if current != b {
            // The successors' phis now come from the last piece.
            let mut successors: Vec<Block> = func.successors(current).collect();
            successors.dedup();
            for s in successors {
                for i in 0..func.blocks[s].phis.len() {
                    let phi = func.blocks[s].phis[i];
                    if let InstKind::Phi { incoming } = &mut func.insts[phi].kind {
                        for (pred, _) in incoming.iter_mut() {
                            if *pred == b {
                                *pred = current;
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The last part of a (nested) function's name: `inc` for `main.inc`.
fn short_name(func: &Function) -> &str {
    func.name.rsplit('.').next().unwrap_or(&func.name)
}

// ---- splicing ----------------------------------------------------------

struct Spliced {
    /// The copied blocks of the callee, in its layout order.
    body: Vec<Block>,
    /// The block holding what followed the call.
    continuation: Block,
    /// Whether the copy has calls to inline (`expand_in_copy`).
    expands: bool,
}

/// Replaces `call`, which ended `block` (the caller has already moved the
/// instructions after it elsewhere), by a copy of `callee` and an empty
/// continuation block for the caller to fill and terminate. The call's
/// result is recorded in `subst`, not replaced here; the copied allocas are
/// appended to `allocas`. The copies of the calls in `expand_in_copy`
/// (sorted) are marked in `expand`.
#[allow(clippy::too_many_arguments)]
fn splice(
    func: &mut Function,
    block: Block,
    call: Inst,
    callee: &Function,
    context: &str,
    expand_in_copy: &[Inst],
    subst: &mut Substitution,
    allocas: &mut Vec<Inst>,
    expand: &mut SecondaryMap<Inst, bool>,
) -> Spliced {
    let InstKind::Call { args, .. } = func.insts[call].kind.clone() else {
        unreachable!("splice is given a call")
    };
    let call_result = func.insts[call].result.expand();
    let prefix = short_name(callee);
    // `context.prefix.name`, built in one reused buffer rather than by
    // `format!`: every inlined value gets one.
    let mut label = String::new();
    let mut prefixed = |name: &str| -> Box<str> {
        label.clear();
        label.push_str(context);
        label.push_str(prefix);
        label.push('.');
        label.push_str(name);
        label.as_str().into()
    };

    // The continuation will take what followed the call.
    let continuation = func.create_block(prefixed("cont"));

    // Blocks first, so branches and phis can be mapped.
    let mut block_map: SecondaryMap<Block, Option<Block>> = SecondaryMap::new();
    let mut body = Vec::with_capacity(callee.layout.len());
    for &cb in &callee.layout {
        let nb = func.create_block(prefixed(&callee.blocks[cb].name));
        block_map[cb] = Some(nb);
        body.push(nb);
    }
    let map_block = |b: Block| block_map[b].expect("branch to a block of the callee");

    // Then instructions, with their results, so operands can refer to
    // instructions later in the layout (phis do).
    let mut values = ValueMapper::new(callee, &args);
    // The callee's name hints, in the caller's table (none if the caller
    // discards value names).
    let names =
        (!func.discards_value_names()).then(|| func.value_hints.import(&callee.value_hints));
    let mut copies: Vec<(Inst, Inst)> = Vec::new();
    let mut expands = false;
    for &cb in &callee.layout {
        let nb = map_block(cb);
        let placed = &callee.blocks[cb];
        func.blocks[nb].insts.reserve(placed.insts.len());
        func.blocks[nb].phis.reserve(placed.phis.len());
        for inst in callee.block_insts(cb) {
            let data = &callee.insts[inst];
            // The callee's variables are not in the caller's debug table
            // (an inlined function's are not shown).
            if data.kind.is_debug_value() {
                continue;
            }
            let ty = data.result.map(|r| callee.value_type(r));
            // The real kind, with its operands mapped, comes below, once
            // every result has its copy.
            let placeholder = InstKind::Alloca {
                ty: Type::I32,
                count: 1,
            };
            let copy = func.make_inst(placeholder, ty, data.line);
            if let (Some(old), Some(new)) = (data.result.expand(), func.insts[copy].result.expand())
            {
                values.map[old] = Some(new);
                func.values[new].name = names
                    .as_ref()
                    .zip(callee.values[old].name)
                    .map(|(names, id)| names.get(id));
            }
            copies.push((inst, copy));
            if matches!(data.kind, InstKind::Call { .. })
                && expand_in_copy.binary_search(&inst).is_ok()
            {
                expand[copy] = true;
                expands = true;
            }
            match data.kind {
                InstKind::Phi { .. } => func.blocks[nb].phis.push(copy),
                InstKind::Alloca { .. } => allocas.push(copy),
                _ => func.blocks[nb].insts.push(copy),
            }
        }
    }
    for (original, copy) in copies {
        let mut kind = callee.insts[original].kind.clone();
        kind.map_operands(|v| values.get(func, v));
        if let InstKind::Phi { incoming } = &mut kind {
            for (pred, _) in incoming.iter_mut() {
                *pred = map_block(*pred);
            }
        }
        func.insts[copy].kind = kind;
    }
    // Terminators: returns go to the continuation.
    let mut returned: ThinVec<(Block, Value)> = ThinVec::new();
    for &cb in &callee.layout {
        let nb = map_block(cb);
        let mut term = callee.blocks[cb]
            .terminator
            .clone()
            .expect("valid IR: every block is terminated");
        term.map_operands(|v| values.get(func, v));
        term.map_successors(map_block);
        if let Terminator::Ret { value } = term {
            if let Some(v) = value {
                returned.push((nb, v));
            }
            term = Terminator::Br { dest: continuation };
        }
        func.blocks[nb].terminator = Some(term);
        func.blocks[nb].terminator_line = callee.blocks[cb].terminator_line;
    }
    func.blocks[block].terminator = Some(Terminator::Br { dest: body[0] });

    // The call's result: the one returned value, or a phi of them, or
    // undef when the callee never returns.
    if let Some(result) = call_result {
        let ty = func.value_type(result);
        let replacement = match returned.as_slice() {
            [] => func.undef(ty),
            [(_, v)] => *v,
            _ => {
                let line = func.insts[call].line;
                let phi = func.make_inst(InstKind::Phi { incoming: returned }, Some(ty), line);
                func.blocks[continuation].phis.push(phi);
                let value = func.insts[phi].result.unwrap();
                if let Some(name) = func.value_name(result).map(str::to_owned) {
                    func.set_value_name(value, &name);
                }
                value
            }
        };
        subst.replace(result, replacement);
    }
    Spliced {
        body,
        continuation,
        expands,
    }
}

/// Maps the callee's values to the caller's: parameters to arguments,
/// instruction results to their copies, and constants, `undef`s and string
/// addresses to fresh values of the caller (each function owns its own).
struct ValueMapper<'c> {
    callee: &'c Function,
    map: SecondaryMap<Value, Option<Value>>,
}

impl<'c> ValueMapper<'c> {
    fn new(callee: &'c Function, args: &[Value]) -> Self {
        let mut map = SecondaryMap::with_capacity(callee.values.len());
        for (&param, &arg) in callee.params.iter().zip(args) {
            map[param] = Some(arg);
        }
        ValueMapper { callee, map }
    }

    fn get(&mut self, func: &mut Function, v: Value) -> Value {
        if let Some(mapped) = self.map[v] {
            return mapped;
        }
        let data = &self.callee.values[v];
        let ty: Type = data.ty;
        let mapped = match data.def {
            ValueDef::Const(_) | ValueDef::Undef | ValueDef::Str(_) => {
                func.make_value(ty, data.def)
            }
            // A parameter without an argument or an unplaced instruction's
            // result: the callee was not valid IR.
            ValueDef::Param(_) | ValueDef::Inst(_) => {
                panic!("inline: {v} of @{} has no counterpart", self.callee.name)
            }
        };
        self.map[v] = Some(mapped);
        mapped
    }
}

// ---- dead functions ----------------------------------------------------

/// Deletes the definitions not reachable from `main` in the call graph and
/// renumbers the remaining functions (declarations are kept).
fn remove_dead_functions(module: &mut Module, emptied: &SecondaryMap<FuncId, bool>) {
    let Some(main) = module.find_function("main") else {
        return;
    };
    let mut live: SecondaryMap<FuncId, bool> = SecondaryMap::new();
    live[main] = true;
    let mut worklist = vec![main];
    while let Some(f) = worklist.pop() {
        for_each_call(&module.functions[f], |callee| {
            if !live[callee] {
                live[callee] = true;
                worklist.push(callee);
            }
        });
    }
    let dead = |id: FuncId, f: &Function| (!f.is_declaration() || emptied[id]) && !live[id];
    if !module.functions.iter().any(|(id, f)| dead(id, f)) {
        return;
    }

    let old = std::mem::take(&mut module.functions);
    let mut renumber: SecondaryMap<FuncId, Option<FuncId>> = SecondaryMap::new();
    let mut functions = PrimaryMap::with_capacity(old.len());
    for (id, func) in old.into_iter() {
        if (func.is_declaration() && !emptied[id]) || live[id] {
            renumber[id] = Some(functions.push(func));
        }
    }
    for func in functions.values_mut() {
        for &b in &func.layout {
            for &inst in &func.blocks[b].insts {
                if let InstKind::Call { callee, .. } = &mut func.insts[inst].kind {
                    *callee = renumber[*callee].expect("a live function calls only live ones");
                }
            }
        }
    }
    module.functions = functions;
}
