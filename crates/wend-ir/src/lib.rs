//! The wendc intermediate representation.
//!
//! An SSA IR shaped like LLVM's: a [`Module`] holds [`Function`]s and string
//! constants; a function holds basic blocks, each with its phis, its ordinary
//! instructions and exactly one terminator. Everything is stored in per-function
//! arenas and referred to by small copyable ids ([`Value`], [`Inst`], [`Block`],
//! [`FuncId`], [`StrId`]) — the Cranelift way; there is no `Rc<RefCell<…>>` graph.
//!
//! This crate knows nothing of wend syntax: the frontend lowers its checked AST
//! through [`builder::FunctionBuilder`], passes transform functions in place, and
//! the backends read them.

pub mod analysis;
pub mod builder;
pub mod cfg_edit;
pub mod compact;
pub mod debug_info;
pub mod dot;
pub mod entities;
pub mod flat_lists;
pub mod function;
pub mod instructions;
pub mod interp;
pub mod module;
pub mod name_hints;
pub mod parallel_copy;
pub mod prefetch;
pub mod print;
pub mod read;
pub mod runtime;
pub mod scoped;
pub mod ssa_worklist;
pub mod string_table;
pub mod substitution;
pub mod trace;
pub mod types;
pub mod verify;

pub use entities::{Block, FuncId, Inst, StrId, Value};
pub use function::{
    BlockData, Function, InstBlocks, InstData, KnownElement, OperandRewrite, PointerBase,
    ValueData, ValueDef,
};
pub use instructions::{
    thin_vec, BinOp, IcmpCond, InstKind, Terminator, ThinVec, MAX_ALLOCA_COUNT,
};
pub use module::Module;
pub use prefetch::ReadAhead;
pub use substitution::Substitution;
pub use types::Type;

/// Re-exported so every crate uses the same arena types.
pub use cranelift_entity::{EntityRef, PrimaryMap, SecondaryMap};
