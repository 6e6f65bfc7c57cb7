//! Entity ids: `u32` newtypes indexing the arenas of a [`crate::Function`] or
//! [`crate::Module`]. They are `Copy`, hashable and ordered, and print as the
//! LLVM-ish name they stand for in debug output (`v3`, `block2`, …).

use cranelift_entity::entity_impl;

/// An SSA value: an instruction result, a parameter, a constant or `undef`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(u32);
entity_impl!(Value, "v");

/// An instruction (phis and ordinary instructions; terminators live in the block).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Inst(u32);
entity_impl!(Inst, "inst");

/// A basic block.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Block(u32);
entity_impl!(Block, "block");

/// A function of a module (a definition or an external declaration).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(u32);
entity_impl!(FuncId, "func");

/// A string constant of a module (the bytes of a `print "..."`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StrId(u32);
entity_impl!(StrId, "str");
