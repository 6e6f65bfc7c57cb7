//! inline: replace calls to small or single-use functions by a copy of the
//! callee's body, then delete the functions nobody calls any more.
//!
//! Inlining matters more in wend than in C: a nested function reads and
//! writes its parent's variables through pointer parameters, so every such
//! variable stays in memory. Once the call is inlined, the pointer
//! parameters *are* the parent's allocas, and the next mem2reg turns the
//! whole thing into plain SSA values.
//!
//! The algorithm is the classic bottom-up inliner (LLVM's `Inliner` over the
//! call-graph SCCs, much simplified):
//!
//! 1. **Call graph and recursion.** The strongly connected components of
//!    the call graph (Tarjan, "Depth-First Search and Linear Graph
//!    Algorithms", SIAM J. Comput. 1972; iterative here) are the sets of
//!    mutually recursive functions. A function in a component of two or
//!    more, or one that calls itself, is *recursive* and never inlined —
//!    inlining it would only unroll the recursion once and could go on
//!    forever.
//! 2. **Bottom-up order.** Tarjan's algorithm completes a component only
//!    after every component it calls, so processing the components in the
//!    order they are found handles callees before callers: a callee is
//!    inlined in its final, already-inlined form, and is copied once.
//! 3. **Decision.** A call to a non-recursive defined function is inlined
//!    when the callee has a single call site in the module (it is about to
//!    die, so the program does not grow) and at most [`SINGLE_CALL_LIMIT`]
//!    instructions, or when it is small: at most
//!    [`SMALL_CALLEE`] instructions counting terminators. Copies of small
//!    callees draw on a total growth budget of half the module's size plus
//!    [`GROWTH_ALLOWANCE`] instructions, so inlining stays linear even on
//!    programs with thousands of calls.
//! 4. **Splicing.** The call's block is split after the call; the callee's
//!    blocks are copied in between with parameters mapped to arguments;
//!    its allocas go to the caller's entry block (where mem2reg looks for
//!    them); each `ret` becomes a branch to the continuation, where a phi
//!    merges the returned values when there are several. Source lines
//!    (`InstData::line`) are kept, so runtime errors still name the line.
//!    A function that received copies is compacted (`compact.rs`) once it
//!    is sure to stay: at once if too large to be inlined itself, else at
//!    the end — compacting a link of a chain of single calls just before
//!    it is moved into the next would redo the work at every link.
//! 5. **Dead functions.** Every function but `main` is internal: what is not
//!    reachable from `main` in the call graph is deleted (a module without
//!    `main` keeps all its functions).
//!
//! Requires: valid IR. Invalidates: every analysis of the callers (blocks
//! are split and added); deletes functions, renumbering `FuncId`s.

use cranelift_entity::{PrimaryMap, SecondaryMap};
use wend_ir::{
    Block, FuncId, Function, Inst, InstKind, Module, Terminator, ThinVec, Type, Value, ValueDef,
};

/// Callees of at most this many instructions (terminators included) are
/// inlined at every call site, within the growth budget.
pub const SMALL_CALLEE: usize = 40;

/// A callee with a single call site is inlined if it has at most this many
/// instructions. Moving a body between functions means copying it into the
/// caller's arenas, and a chain `f1 → f2 → … → fn` of single calls would
/// copy the growing body again at each step (quadratic time): the limit
/// cuts such chains into pieces.
pub const SINGLE_CALL_LIMIT: usize = 400;

/// Growth allowed on top of half the module's size, so that small modules
/// can inline all their small helpers.
pub const GROWTH_ALLOWANCE: usize = 1000;

/// Inlines the calls of the whole module (see the module doc).
pub fn run(module: &mut Module) {
    let mut graph = CallGraph::compute(module);
    let components = graph.strongly_connected_components();
    let mut recursive: SecondaryMap<FuncId, bool> = SecondaryMap::new();
    for component in &components {
        for &f in component {
            recursive[f] = component.len() > 1 || graph.callees[f].contains(&f);
        }
    }

    let mut size: SecondaryMap<FuncId, usize> = SecondaryMap::new();
    let mut call_sites: SecondaryMap<FuncId, usize> = SecondaryMap::new();
    let mut total = 0;
    for (id, func) in module.definitions() {
        size[id] = function_size(func);
        total += size[id];
        for_each_call(func, |callee| call_sites[callee] += 1);
    }
    let budget = Budget {
        remaining: total / 2 + GROWTH_ALLOWANCE,
    };
    // With a `main`, a callee whose last call was just inlined is dead; its
    // body is freed at once, so that a long chain of single calls (each
    // body copied into its caller) does not keep every intermediate copy.
    let mut uncompacted = Vec::new();
    let mut state = InlineState {
        call_sites,
        budget,
        free_dead: module.find_function("main").is_some(),
        emptied: SecondaryMap::new(),
    };

    for component in &components {
        for &caller in component {
            let ctx = Decision {
                recursive: &recursive,
                size: &size,
                component_of: &graph.component_of,
            };
            let inlined_any = inline_calls_in(module, caller, &ctx, &mut state);
            size[caller] = function_size(&module.functions[caller]);
            // A function that received copies needs compacting, but not
            // if it is about to be copied into its own caller (which takes
            // only its placed instructions, in layout order): in a chain of
            // single calls that would compact the growing body at every
            // link. Only one too large to be inlined is sure to stay.
            if inlined_any {
                if size[caller] > SINGLE_CALL_LIMIT.max(SMALL_CALLEE) {
                    wend_ir::compact::compact(&mut module.functions[caller]);
                } else {
                    uncompacted.push(caller);
                }
            }
        }
    }
    for f in uncompacted {
        if !state.emptied[f] {
            wend_ir::compact::compact(&mut module.functions[f]);
        }
    }
    remove_dead_functions(module, &state.emptied);
}

/// What the inliner tracks across callers.
struct InlineState {
    /// The placed calls to each function, in the whole module.
    call_sites: SecondaryMap<FuncId, usize>,
    budget: Budget,
    /// Whether functions nobody calls may be freed right away (only when
    /// the module has a `main`: otherwise every function is kept).
    free_dead: bool,
    /// The definitions whose bodies were freed: dead, although their empty
    /// layout makes them look like declarations.
    emptied: SecondaryMap<FuncId, bool>,
}

/// Instructions plus terminators: the size that inlining copies.
fn function_size(func: &Function) -> usize {
    func.inst_count() + func.layout.len()
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
        for (id, func) in module.definitions() {
            definitions.push(id);
            let mut list = Vec::new();
            for_each_call(func, |callee| {
                if !module.functions[callee].is_declaration() && !list.contains(&callee) {
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

// ---- the decision ------------------------------------------------------

struct Decision<'a> {
    recursive: &'a SecondaryMap<FuncId, bool>,
    size: &'a SecondaryMap<FuncId, usize>,
    component_of: &'a SecondaryMap<FuncId, usize>,
}

struct Budget {
    remaining: usize,
}

impl Decision<'_> {
    /// Whether to inline a call from `caller` to `callee`; charges the
    /// budget when the callee is copied rather than moved.
    fn should_inline(
        &self,
        module: &Module,
        caller: FuncId,
        callee: FuncId,
        call_sites: &SecondaryMap<FuncId, usize>,
        budget: &mut Budget,
    ) -> bool {
        let func = &module.functions[callee];
        if func.is_declaration()
            || self.recursive[callee]
            || self.component_of[callee] == self.component_of[caller]
            || func.name == "main"
        {
            return false;
        }
        let size = self.size[callee];
        if call_sites[callee] == 1 && size <= SINGLE_CALL_LIMIT {
            return true; // the only copy: the callee dies, nothing grows
        }
        if size <= SMALL_CALLEE && size <= budget.remaining {
            budget.remaining -= size;
            return true;
        }
        false
    }
}

// ---- splicing ----------------------------------------------------------

/// Inlines the chosen calls of `caller`, block by block. The layout is
/// rebuilt as it goes (each inlined body right after its call block, then
/// the continuation), in one linear sweep: each block's instructions are
/// dealt out once to the pieces it is split into, and the callees' allocas
/// join the entry block in one insertion at the end. The callee bodies are
/// not rescanned — they were processed before the caller. Returns whether
/// anything was inlined (the caller then needs compacting).
fn inline_calls_in(
    module: &mut Module,
    caller: FuncId,
    decision: &Decision,
    state: &mut InlineState,
) -> bool {
    // Take the caller out of the module so the callees can be read while it
    // is modified (a callee is never the caller: recursion is not inlined).
    let placeholder = Function::new("", &[], None);
    let mut func = std::mem::replace(&mut module.functions[caller], placeholder);
    let old_layout = std::mem::take(&mut func.layout);
    let Some(&entry) = old_layout.first() else {
        module.functions[caller] = func;
        return false;
    };
    let mut layout = Vec::with_capacity(old_layout.len());
    // What each inlined call's result became (applied once at the end).
    let mut subst: SecondaryMap<Value, Option<Value>> = SecondaryMap::new();
    // The callees' allocas, for the caller's entry block.
    let mut allocas: Vec<Inst> = Vec::new();
    let mut inlined_any = false;

    for b in old_layout {
        layout.push(b);
        let insts = std::mem::take(&mut func.blocks[b].insts);
        let terminator = func.blocks[b].terminator.take();
        let terminator_line = func.blocks[b].terminator_line;
        // The block being filled: `b`, then the continuation of each call
        // inlined so far.
        let mut current = b;
        let mut current_insts = Vec::with_capacity(insts.len());
        for inst in insts {
            let chosen = match func.insts[inst].kind {
                InstKind::Call { callee, .. } => decision
                    .should_inline(module, caller, callee, &state.call_sites, &mut state.budget)
                    .then_some(callee),
                _ => None,
            };
            let Some(callee) = chosen else {
                current_insts.push(inst);
                continue;
            };
            func.blocks[current].insts = std::mem::take(&mut current_insts);
            let callee_func = &module.functions[callee];
            // The copies of the callee's calls are new call sites.
            state.call_sites[callee] -= 1;
            for_each_call(callee_func, |c| state.call_sites[c] += 1);
            let spliced = splice(
                &mut func,
                current,
                inst,
                callee_func,
                &mut subst,
                &mut allocas,
            );
            func.blocks[spliced.continuation].terminator_line = terminator_line;
            layout.extend(spliced.body);
            layout.push(spliced.continuation);
            current = spliced.continuation;
            inlined_any = true;
            if state.free_dead && state.call_sites[callee] == 0 {
                let name = std::mem::take(&mut module.functions[callee].name);
                module.functions[callee] = Function::new(name, &[], None);
                state.emptied[callee] = true;
            }
        }
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
    if !allocas.is_empty() {
        // The callees' slots join the caller's frame, after its own allocas.
        let entry_insts = &func.blocks[entry].insts;
        let after_allocas = entry_insts
            .iter()
            .position(|&i| !matches!(func.insts[i].kind, InstKind::Alloca { .. }))
            .unwrap_or(entry_insts.len());
        func.blocks[entry]
            .insts
            .splice(after_allocas..after_allocas, allocas);
    }
    func.layout = layout;
    if inlined_any {
        // The copies went to the end of the arenas and the call blocks'
        // old instructions are garbage: `run` renumbers in layout order.
        func.substitute(&subst);
    }
    module.functions[caller] = func;
    inlined_any
}

struct Spliced {
    /// The copied blocks of the callee, in its layout order.
    body: Vec<Block>,
    /// The block holding what followed the call.
    continuation: Block,
}

/// Replaces `call`, which ended `block` (the caller has already moved the
/// instructions after it elsewhere), by a copy of `callee` and an empty
/// continuation block for the caller to fill and terminate. The call's
/// result is recorded in `subst`, not replaced here; the copied allocas are
/// appended to `allocas`, for the caller's entry block.
fn splice(
    func: &mut Function,
    block: Block,
    call: Inst,
    callee: &Function,
    subst: &mut SecondaryMap<Value, Option<Value>>,
    allocas: &mut Vec<Inst>,
) -> Spliced {
    let InstKind::Call { args, .. } = func.insts[call].kind.clone() else {
        unreachable!("splice is given a call")
    };
    let call_result = func.insts[call].result.expand();
    let prefix = callee.name.rsplit('.').next().unwrap_or(&callee.name);
    // `prefix.name`, built in one buffer: `format!` was a sixth of the
    // inliner's time on programs of many small functions.
    let mut label = String::new();
    let mut prefixed = |name: &str| -> Box<str> {
        label.clear();
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
    let names = func.value_hints.import(&callee.value_hints);
    let mut copies: Vec<(Inst, Inst)> = Vec::new();
    for &cb in &callee.layout {
        let nb = map_block(cb);
        let placed = &callee.blocks[cb];
        func.blocks[nb].insts.reserve(placed.insts.len());
        func.blocks[nb].phis.reserve(placed.phis.len());
        for inst in callee.block_insts(cb) {
            let data = &callee.insts[inst];
            let ty = data.result.map(|r| callee.value_type(r));
            // The real kind, with its operands mapped, comes below, once
            // every result has its copy.
            let placeholder = InstKind::Alloca { ty: Type::I32 };
            let copy = func.make_inst(placeholder, ty, data.line);
            if let (Some(old), Some(new)) = (data.result.expand(), func.insts[copy].result.expand())
            {
                values.map[old] = Some(new);
                func.values[new].name = callee.values[old].name.map(|id| names.get(id));
            }
            copies.push((inst, copy));
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
        subst[result] = Some(replacement);
    }
    Spliced { body, continuation }
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
