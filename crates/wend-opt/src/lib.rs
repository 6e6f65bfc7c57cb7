//! The wendc mid-end: IR-to-IR passes and the machinery that runs them.
//!
//! * [`pass`]: the table of passes, each with a name and a one-line
//!   description, looked up by name;
//! * [`pipeline`]: parsing a pipeline (`"mem2reg,reg2mem"`), the pipeline of
//!   each `-O` level, and running a pipeline with optional IR dumps and
//!   verification after every pass;
//! * the passes themselves: [`mem2reg`] (promote stack slots to SSA values,
//!   placing phis: pruned, or the minimal or semi-pruned SSA of `--ssa` and
//!   `mem2reg<…>`) and [`reg2mem`] (its inverse, demoting phis and
//!   cross-block values to stack slots); [`sccp`] (sparse conditional
//!   constant propagation), [`dce`] (dead code elimination by marking),
//!   [`copyprop`] (copy propagation, trivial phis) and [`simplifycfg`]
//!   (CFG clean-up); [`callfold`] (calls to pure functions with constant
//!   arguments evaluated while compiling); [`frame_arrays`] (variables
//!   always passed together laid out as one array, one pointer passed for
//!   them), [`accessor_trees`] (getter and setter if-trees over such an
//!   array to one indexed access) and [`split_arrays`] (arrays used only at
//!   constant indices back to scalars); [`inline`] (bottom-up inlining
//!   over the call graph); [`instcombine`] (peepholes: constant chains,
//!   and division, remainder and comparisons simplified by value ranges),
//!   [`loopsimplify`] (preheaders, single latches, dedicated exits),
//!   [`lcssa`] (loop-closed SSA), [`licm`] (hoisting loop invariants and
//!   loads, scalar promotion), [`gvn`] (dominator-scoped value numbering,
//!   loads and calls included) and [`dse`] (dead stores); [`loop_rotate`] (while
//!   loops to guarded do-while loops); [`break_crit_edges`] and
//!   [`phi_elim`] (SSA destruction at IR level: critical edges split, phis
//!   to sequentialised copies between stack slots).
//!
//! Every pass works on one function at a time but [`inline`],
//! [`callfold`] and [`frame_arrays`], which work on the whole module
//! (`inline` moves bodies between functions and deletes the dead ones;
//! `callfold` runs callees; `frame_arrays` changes signatures and their
//! calls); [`gvn`], [`licm`] and [`dse`] first compute the module's
//! function effects, which say what each call reads and writes. Every
//! pass keeps the IR valid (checked by [`wend_ir::verify`] when the
//! pipeline asks). Passes do not call each other: what several of them
//! need lives in wend-ir (analyses, CFG editing in [`wend_ir::cfg_edit`],
//! loop-simplify form in [`wend_ir::analysis::loop_form`]).

pub mod accessor_trees;
pub mod break_crit_edges;
pub mod callfold;
pub mod copyprop;
pub mod dce;
pub mod dse;
pub mod frame_arrays;
pub mod gvn;
pub mod inline;
pub mod instcombine;
pub mod lcssa;
pub mod licm;
pub mod loop_rotate;
pub mod loopsimplify;
pub mod mem2reg;
pub mod pass;
pub mod phi_elim;
pub mod pipeline;
pub mod reg2mem;
pub mod sccp;
pub mod simplifycfg;
pub mod split_arrays;

pub use pass::{find_pass, mem2reg_pass, Pass, MEM2REG_FLAVOURS, PASSES};
pub use pipeline::{
    parse_pipeline, pipeline_for_level, run_pipeline, verify_or_panic, with_ssa_flavour,
    PipelineOptions,
};
