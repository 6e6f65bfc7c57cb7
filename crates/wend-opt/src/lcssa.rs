//! lcssa: Loop-Closed SSA form — every value defined in a loop and used
//! outside it is used outside only through a phi in an exit block of the
//! loop (LLVM's `LCSSA` pass; the form is described with LoopSimplify in
//! LLVM's "LLVM Loop Terminology" documentation).
//!
//! ```text
//! loop:  %i.next = add i32 %i, 1          loop:  %i.next = add i32 %i, 1
//!        br i1 %c, label %loop, label %x         br i1 %c, label %loop, label %x
//! x:     print %i.next              ==>   x:     %i.next.lcssa = phi [%i.next, %loop]
//!                                                print %i.next.lcssa
//! ```
//!
//! The phis are trivial (one value), but they give every "value leaving
//! the loop" a single place to live, so a loop transformation that changes
//! how the value is computed inside the loop only has to update the exit
//! phis, never the code after the loop.
//!
//! Algorithm, for each loop, innermost first (an inner loop's exit phis are
//! values of the enclosing loop, closed in turn when it is processed):
//!
//! 1. for each value `v` defined in the loop, find its uses outside it — a
//!    phi operand counts as a use at the end of its incoming block, so the
//!    entries of exit-block phis coming from inside are already closed;
//! 2. put `v.lcssa = phi [v, p]…` in every exit block dominated by `v`'s
//!    block (only those can lead to a use, and their predecessors are all
//!    in the loop and dominated by `v` — dedicated exits make that so);
//! 3. when several exits lead to a use, their phis meet: like any SSA
//!    update, more phis go at the iterated dominance frontier of the exits
//!    (Cytron et al. 1991), restricted to blocks outside the loop that the
//!    definition dominates;
//! 4. each outside use then reads the definition nearest above it in the
//!    dominator tree. (Should the walk meet the loop first, `v` itself is
//!    still the right value — every LCSSA phi equals the last `v` computed
//!    — so the fallback is correct, merely not closed.)
//! 5. the phis of steps 2 and 3 that no use reads, directly or through a
//!    merge phi that one reads, are deleted again: a phi goes only in the
//!    exit blocks (and joins) on the way to a use. This is LLVM's rule
//!    (`formLCSSAForInstructions` removes the exit phis no rewritten use
//!    reached, and its SSA updater makes merge phis only on demand), so on
//!    a loop with two exits and a use after only one of them, the other
//!    exit gets no phi; the tests compare with `opt -passes=lcssa`.
//!
//! Use lists are built once and kept up to date, so each loop costs time
//! proportional to its body and the uses of its values.
//!
//! Requires: loop-simplify form (dedicated exit blocks), checked; the pass
//! manager runs `loopsimplify` right before this pass. Invalidates: nothing
//! about the CFG; phis are added.

use std::collections::HashMap;

use cranelift_entity::SecondaryMap;
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::dom::DomTree;
use wend_ir::analysis::frontier::DominanceFrontiers;
use wend_ir::analysis::loop_form::LoopAnalyses;
use wend_ir::analysis::loops::{Loop, LoopForest};
use wend_ir::{Block, Function, Inst, InstBlocks, InstKind, ThinVec, Value};

/// Something that uses values: an instruction or a block's terminator.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum User {
    Inst(Inst),
    Terminator(Block),
}

pub fn run(func: &mut Function) {
    if func.is_declaration() {
        return;
    }
    let LoopAnalyses {
        cfg,
        domtree,
        forest,
    } = LoopAnalyses::compute_simplified(func, "lcssa");
    if forest.is_empty() {
        return;
    }
    let mut state = State {
        cfg: &cfg,
        domtree: &domtree,
        forest: &forest,
        frontiers: None,
        block_of: func.inst_blocks(),
        users: users(func),
    };
    let loops: Vec<Loop> = forest.loops().collect();
    for &l in loops.iter().rev() {
        for &b in forest.body(l) {
            let defined: Vec<Value> = func
                .block_insts(b)
                .filter_map(|inst| func.insts[inst].result.expand())
                .collect();
            for v in defined {
                state.close(func, l, b, v);
            }
        }
    }
}

/// The users of every value, from one sweep over the placed code.
fn users(func: &Function) -> SecondaryMap<Value, Vec<User>> {
    let mut users: SecondaryMap<Value, Vec<User>> = SecondaryMap::new();
    for &b in &func.layout {
        for inst in func.block_insts(b) {
            func.insts[inst]
                .kind
                .for_each_operand(|v| users[v].push(User::Inst(inst)));
        }
        if let Some(t) = func.terminator(b) {
            t.for_each_operand(|v| users[v].push(User::Terminator(b)));
        }
    }
    users
}

struct State<'a> {
    cfg: &'a Cfg,
    domtree: &'a DomTree,
    forest: &'a LoopForest,
    /// Computed on the first loop with several exits that needs it.
    frontiers: Option<DominanceFrontiers>,
    block_of: InstBlocks,
    users: SecondaryMap<Value, Vec<User>>,
}

impl State<'_> {
    /// Closes `v`, defined in block `def_block` of loop `l` (steps 1–4).
    fn close(&mut self, func: &mut Function, l: Loop, def_block: Block, v: Value) {
        let (cfg, forest, domtree) = (self.cfg, self.forest, self.domtree);
        let outside = |b: Block| !forest.contains(l, b) && cfg.is_reachable(b);

        // Step 1. Uses in unreachable code need no dominating definition.
        let mut uses: Vec<User> = self.users[v]
            .iter()
            .copied()
            .filter(|&u| match u {
                User::Terminator(b) => outside(b),
                User::Inst(inst) => {
                    let b = self.block_of[inst].expect("users are placed");
                    match &func.insts[inst].kind {
                        InstKind::Phi { incoming } => {
                            incoming.iter().any(|&(p, w)| w == v && outside(p))
                        }
                        _ => outside(b),
                    }
                }
            })
            .collect();
        uses.dedup();
        if uses.is_empty() {
            return;
        }

        // Step 2.
        let name = func.value_name(v).map(|n| format!("{n}.lcssa"));
        let ty = func.value_type(v);
        let line = func.defining_inst(v).map_or(0, |i| func.insts[i].line);
        let mut defs: HashMap<Block, Value> = HashMap::new();
        let mut added: Vec<Inst> = Vec::new();
        let mut exit_blocks = Vec::new();
        for &exit in forest.exits(l) {
            if !domtree.dominates(def_block, exit) {
                continue;
            }
            let incoming = cfg.preds(exit).iter().map(|&p| (p, v)).collect();
            let phi = self.add_phi(func, exit, incoming, ty, line, name.as_deref());
            self.users[v].push(User::Inst(phi));
            defs.insert(exit, func.insts[phi].result.unwrap());
            exit_blocks.push(exit);
            added.push(phi);
        }

        // Step 3.
        if exit_blocks.len() > 1 {
            let idf = self
                .frontiers
                .get_or_insert_with(|| DominanceFrontiers::compute(cfg, domtree))
                .iterated(exit_blocks.iter().copied());
            let mut merges = Vec::new();
            for join in idf {
                if outside(join) && domtree.dominates(def_block, join) && !defs.contains_key(&join)
                {
                    let placeholder = ThinVec::new();
                    let phi = self.add_phi(func, join, placeholder, ty, line, name.as_deref());
                    defs.insert(join, func.insts[phi].result.unwrap());
                    merges.push((join, phi));
                    added.push(phi);
                }
            }
            let mut cache = HashMap::new();
            for (join, phi) in merges {
                let incoming: ThinVec<(Block, Value)> = cfg
                    .preds(join)
                    .iter()
                    .map(|&p| {
                        let value = if cfg.is_reachable(p) {
                            reaching(domtree, forest, l, &defs, &mut cache, p, v)
                        } else {
                            func.undef(ty)
                        };
                        (p, value)
                    })
                    .collect();
                for &(_, w) in &incoming {
                    self.users[w].push(User::Inst(phi));
                }
                func.insts[phi].kind = InstKind::Phi { incoming };
            }
        }

        // Step 4.
        let mut cache = HashMap::new();
        let mut reach = |b: Block| reaching(domtree, forest, l, &defs, &mut cache, b, v);
        for user in uses {
            let mut new_operands = Vec::new();
            match user {
                User::Terminator(b) => {
                    let w = reach(b);
                    let term = func.blocks[b].terminator.as_mut().unwrap();
                    term.map_operands(|x| if x == v { w } else { x });
                    new_operands.push(w);
                }
                User::Inst(inst) => {
                    let b = self.block_of[inst].unwrap();
                    let mut kind = func.insts[inst].kind.clone();
                    if let InstKind::Phi { incoming } = &mut kind {
                        for (p, x) in incoming.iter_mut() {
                            if *x == v && outside(*p) {
                                *x = reach(*p);
                                new_operands.push(*x);
                            }
                        }
                    } else {
                        let w = reach(b);
                        kind.map_operands(|x| if x == v { w } else { x });
                        new_operands.push(w);
                    }
                    func.insts[inst].kind = kind;
                }
            }
            for w in new_operands {
                if w != v {
                    self.users[w].push(user);
                }
            }
        }
        // Keep only the users that still mention v.
        let still_uses = |u: &User| {
            let mut found = false;
            match *u {
                User::Inst(inst) => func.insts[inst].kind.for_each_operand(|x| found |= x == v),
                User::Terminator(b) => {
                    if let Some(t) = func.terminator(b) {
                        t.for_each_operand(|x| found |= x == v)
                    }
                }
            }
            found
        };
        let mut list = std::mem::take(&mut self.users[v]);
        list.retain(still_uses);
        self.users[v] = list;

        // Step 5.
        self.delete_unused_phis(func, &added);
    }

    /// Deletes the phis of `added` that nothing reads, and then those only
    /// the deleted ones read.
    fn delete_unused_phis(&mut self, func: &mut Function, added: &[Inst]) {
        let result = |func: &Function, phi: Inst| func.insts[phi].result.unwrap();
        let mut unused: Vec<Inst> = added
            .iter()
            .copied()
            .filter(|&phi| self.users[result(func, phi)].is_empty())
            .collect();
        while let Some(phi) = unused.pop() {
            let block = self.block_of[phi].expect("added phis are placed");
            func.retain_phis(block, |_, p| p != phi);
            for w in func.insts[phi].kind.operands() {
                self.users[w].retain(|&u| u != User::Inst(phi));
                let reads_nothing_else = self.users[w].is_empty();
                if let Some(def) = func.defining_inst(w) {
                    if reads_nothing_else && added.contains(&def) && !unused.contains(&def) {
                        unused.push(def);
                    }
                }
            }
        }
    }

    fn add_phi(
        &mut self,
        func: &mut Function,
        block: Block,
        incoming: ThinVec<(Block, Value)>,
        ty: wend_ir::Type,
        line: u32,
        name: Option<&str>,
    ) -> Inst {
        let phi = func.make_inst(InstKind::Phi { incoming }, Some(ty), line);
        if let Some(name) = name {
            func.set_value_name(func.insts[phi].result.unwrap(), name);
        }
        func.blocks[block].phis.push(phi);
        self.block_of[phi] = block.into();
        phi
    }
}

/// The definition of the closed value that reaches the end of block `b`
/// (or its instructions, phis included): the nearest exit or merge phi up
/// the dominator tree, or `v` itself if the walk reaches the loop first.
/// Every block visited is cached with the answer.
fn reaching(
    domtree: &DomTree,
    forest: &LoopForest,
    l: Loop,
    defs: &HashMap<Block, Value>,
    cache: &mut HashMap<Block, Value>,
    b: Block,
    v: Value,
) -> Value {
    let mut path = Vec::new();
    let mut at = Some(b);
    let answer = loop {
        let Some(x) = at else { break v };
        if let Some(&w) = defs.get(&x).or_else(|| cache.get(&x)) {
            break w;
        }
        if forest.contains(l, x) {
            break v;
        }
        path.push(x);
        at = domtree.idom(x);
    };
    for x in path {
        cache.insert(x, answer);
    }
    answer
}
