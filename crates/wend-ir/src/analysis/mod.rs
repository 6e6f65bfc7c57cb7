//! Analyses over one function, each a struct computed from it and
//! invalidated by any change to the CFG or instructions (`effects` is over
//! a whole module). They live here, in wend-ir, so the optimizer and the
//! backends can both use them.

pub mod alias;
pub mod cfg;
pub mod cycles;
pub mod dom;
pub mod effects;
pub mod frontier;
pub mod liveness;
pub mod loop_form;
pub mod loops;
pub mod ranges;
pub mod var_accesses;
