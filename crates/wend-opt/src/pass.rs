//! The pass registry: every transformation the optimizer knows, by name.
//!
//! A pass is a plain table entry — a name (what `--passes=` and golden test
//! headers use), a one-line description (what `--help` and error messages
//! show), the passes that must run right before it (those putting the IR
//! in the form it needs), and the function that runs it on a whole module.
//! Adding a pass means writing its module and adding one entry to
//! [`PASSES`].

use crate::mem2reg::Flavour;
use wend_ir::analysis::effects::Effects;
use wend_ir::{Function, Module};

#[derive(Clone, Copy)]
pub struct Pass {
    pub name: &'static str,
    pub description: &'static str,
    /// The passes that put the IR in the form this one needs, in order
    /// (`loopsimplify` for loop-simplify form,
    /// [`wend_ir::analysis::loop_form`]; `break-crit-edges` for no critical
    /// edges): a pipeline runs them right before it.
    pub requires: &'static [&'static str],
    pub run: fn(&mut Module),
}

impl std::fmt::Debug for Pass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// Every pass, in the order `--help` lists them.
pub const PASSES: &[Pass] = &[
    Pass {
        name: "mem2reg",
        description: "promote stack variables to SSA values, placing phis (Cytron et al.)",
        requires: &[],
        run: |module| for_each_definition(module, crate::mem2reg::run),
    },
    Pass {
        name: "reg2mem",
        description:
            "demote phis and values used across blocks to stack slots (inverse of mem2reg)",
        requires: &[],
        run: |module| for_each_definition(module, crate::reg2mem::run),
    },
    Pass {
        name: "sccp",
        description: "sparse conditional constant propagation: fold constants, drop dead branches (Wegman & Zadeck)",
        requires: &[],
        run: |module| for_each_definition(module, crate::sccp::run),
    },
    Pass {
        name: "dce",
        description: "dead code elimination: delete what no side effect needs, phi cycles and write-only slots included",
        requires: &[],
        run: |module| for_each_definition(module, crate::dce::run),
    },
    Pass {
        name: "copyprop",
        description: "copy propagation: replace trivial phis and selects by the value they copy",
        requires: &[],
        run: |module| for_each_definition(module, crate::copyprop::run),
    },
    Pass {
        name: "simplifycfg",
        description: "CFG clean-up: delete unreachable blocks, bypass empty blocks, merge straight-line blocks",
        requires: &[],
        run: |module| for_each_definition(module, crate::simplifycfg::run),
    },
    Pass { name: "callfold", description: "evaluate calls with constant arguments to functions touching no memory in the interpreter, under a budget of steps; a call that traps, loops or prints stays", requires: &[], run: crate::callfold::run },
    Pass { name: "frame-arrays", description: "lay out variables always passed together to nested functions as one array, and pass one pointer to it instead of one per variable", requires: &[], run: crate::frame_arrays::run },
    Pass { name: "accessor-trees", description: "an if-tree over one index whose leaves load or store consecutive array elements becomes one indexed load or store", requires: &[], run: |module| for_each_definition(module, crate::accessor_trees::run) },
    Pass { name: "split-arrays", description: "an array alloca used only at constant indices becomes one scalar alloca per element (SROA), for mem2reg", requires: &[], run: |module| for_each_definition(module, crate::split_arrays::run) },
    Pass { name: "inline", description: "inline non-recursive calls whose callee is small at that call site once its known arguments fold it (LLVM's call-site cost), and single-call functions (decided bottom-up over call-graph SCCs, bodies moved top-down); delete dead ones", requires: &[], run: crate::inline::run },
    Pass { name: "loopsimplify", description: "canonical loops: a preheader, a single latch and dedicated exit blocks", requires: &[], run: |module| for_each_definition(module, crate::loopsimplify::run) },
    Pass { name: "lcssa", description: "loop-closed SSA: values used after a loop go through phis in its exit blocks", requires: &["loopsimplify"], run: |module| for_each_definition(module, crate::lcssa::run) },
    Pass { name: "licm", description: "loop-invariant code motion: hoist pure non-trapping invariant code and loads of unwritten variables to the preheader; keep variables the loop reads and writes in registers (scalar promotion, for mem2reg)", requires: &["loopsimplify"], run: |module| for_each_definition_with_effects(module, crate::licm::run) },
    Pass { name: "loop-rotate", description: "rotate loops to do-while form: a guard, the exit test at the latch (LLVM's shape)", requires: &["loopsimplify", "lcssa"], run: |module| for_each_definition(module, crate::loop_rotate::run) },
    Pass { name: "instcombine", description: "peepholes: identities (x + 0, x * 1, x - x), fold constant chains; sdiv/srem by 2^k of non-negative values to lshr/and, comparisons decided by value ranges", requires: &[], run: |module| for_each_definition(module, crate::instcombine::run) },
    Pass { name: "gvn", description: "global value numbering: dominator-scoped elimination of recomputed pure expressions, redundant loads (store forwarding) and calls to functions touching no memory", requires: &[], run: |module| for_each_definition_with_effects(module, crate::gvn::run) },
    Pass { name: "dse", description: "dead-store elimination: delete stores a later store to the same variable overwrites before any read (block-local)", requires: &[], run: |module| for_each_definition_with_effects(module, crate::dse::run) },
    Pass { name: "break-crit-edges", description: "split every critical edge (from a block with several successors to one with several predecessors)", requires: &[], run: |module| for_each_definition(module, crate::break_crit_edges::run) },
    Pass { name: "phi-elim", description: "leave SSA: phis become variables in stack slots, written by sequentialised parallel copies on the edges", requires: &["break-crit-edges"], run: |module| for_each_definition(module, crate::phi_elim::run) },
];

/// mem2reg placing the phis of one SSA flavour
/// ([`crate::mem2reg::Flavour`]), named with LLVM's syntax for a pass's
/// parameter: `mem2reg<minimal>`. `mem2reg` is `mem2reg<pruned>`; `--ssa`
/// chooses among these for every `mem2reg` of a pipeline
/// ([`crate::pipeline::with_ssa_flavour`]).
pub const MEM2REG_FLAVOURS: &[Pass] = &[
    Pass {
        name: "mem2reg<minimal>",
        description: "mem2reg placing minimal SSA's phis: wherever definitions meet (Cytron et al.)",
        requires: &[],
        run: |module| mem2reg_everywhere(module, Flavour::Minimal),
    },
    Pass {
        name: "mem2reg<semi-pruned>",
        description: "mem2reg placing semi-pruned SSA's phis: for variables live across blocks only (Briggs et al.)",
        requires: &[],
        run: |module| mem2reg_everywhere(module, Flavour::SemiPruned),
    },
    Pass {
        name: "mem2reg<pruned>",
        description: "mem2reg placing pruned SSA's phis: only where the variable is live (the default)",
        requires: &[],
        run: |module| mem2reg_everywhere(module, Flavour::Pruned),
    },
];

/// mem2reg placing the phis of `flavour` in every defined function.
fn mem2reg_everywhere(module: &mut Module, flavour: Flavour) {
    for func in module.functions.values_mut() {
        if !func.is_declaration() {
            crate::mem2reg::run_with(func, flavour);
        }
    }
}

/// The pass called `name`.
pub fn find_pass(name: &str) -> Option<&'static Pass> {
    PASSES
        .iter()
        .chain(MEM2REG_FLAVOURS)
        .find(|p| p.name == name)
}

/// The mem2reg that places the phis of `flavour`.
pub fn mem2reg_pass(flavour: Flavour) -> &'static Pass {
    let name = format!("mem2reg<{}>", flavour.name());
    find_pass(&name).expect("every flavour has its mem2reg")
}

/// Runs a per-function transformation on every defined function (external
/// declarations have no body to transform).
pub fn for_each_definition(module: &mut Module, pass: fn(&mut Function)) {
    for func in module.functions.values_mut() {
        if !func.is_declaration() {
            pass(func);
        }
    }
}

/// Runs a per-function transformation that asks what calls do on every
/// defined function, with the module's [`Effects`] computed once before.
/// They stay a sound over-approximation throughout: the transformations
/// remove or move loads, stores and calls, and add only loads and stores
/// of a variable the function already reads and writes (licm's promotion),
/// never a loop or a call.
pub fn for_each_definition_with_effects(module: &mut Module, pass: fn(&mut Function, &Effects)) {
    let effects = Effects::compute(module);
    for func in module.functions.values_mut() {
        if !func.is_declaration() {
            pass(func, &effects);
        }
    }
}
