//! Source-level debug information a function carries for `-g`: the name the
//! user gave it, the function it is nested in, and its variables with their
//! types and where they live, so that a backend can describe them to a
//! debugger (DWARF in the native backend).
//!
//! The table is a side table of the [`crate::Function`], not part of its
//! instructions: the printed IR does not show it and the reader does not
//! make one.
//!
//! A variable's home at -O0 is the `alloca` that holds it, as the frontend
//! lowers every variable, or for a captured outer variable the pointer
//! parameter that holds its address ([`DebugVariable::slot`]). Compaction
//! renumbers it with the values ([`crate::compact`]); a slot that stays is
//! the variable's one home (no pass moves, deletes or forwards the stores
//! into a slot whose address escapes). Before optimising, the pass manager
//! turns each captured variable's location into a debug value of the
//! pointer at the start of the function ([`track_captured_variables`]):
//! without the stack slot that -O0 gives every value, the pointer lives in
//! a register, and the backend follows it as it follows any value (for a
//! captured variable, the value is its address).
//!
//! A variable that mem2reg promotes loses its slot; instead, where a store
//! to it was, a [`crate::InstKind::DebugValue`] says which SSA value it
//! holds from there on (LLVM's `llvm.dbg.value`), and one after each of
//! its phis. The passes keep their order with the code around them. The
//! rules that make the debugger never show a wrong value:
//!
//! - A debug value is not an operand: it keeps no value alive and no pass
//!   decides anything differently for it (so `-g` changes no code). It
//!   follows its value's replacements (`Function::substitute`, SCCP's
//!   constants in place); a value whose definition is deleted is `undef`
//!   to it, as compaction makes it: unknown from there on.
//! - A debug value is never hoisted, sunk or deleted on its own: dropping
//!   one would leave the variable's earlier value standing where it no
//!   longer holds. A pass that deletes a block that runs (a forwarding
//!   block bypassed, a side of a branch speculated into its head) makes
//!   each variable it set unknown from the start of the block where its
//!   paths join ([`unknown_from_start`]).
//! - The inliner drops the callee's debug values: its variables are not in
//!   the caller's table.

use crate::entities::Value;
use crate::entities::{Block, Inst};
use crate::function::Function;
use crate::instructions::InstKind;

/// The debug table of one function (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionDebug {
    /// The function's name as written in the source (`f`, not `main.f`).
    pub name: String,
    /// The line of its name in its definition.
    pub line: u32,
    /// Its return type in the source (`None`: void, which `main` is).
    pub ret: Option<DebugType>,
    /// The parameters it takes after those the source shows: one pointer
    /// per outer variable it uses, given by the type pointed to (so that a
    /// debugger knows them, and does not call the function without them).
    pub hidden_params: Vec<DebugType>,
    /// The symbol of the function it is nested in, if any. A symbol, not a
    /// [`crate::FuncId`]: the inliner renumbers the functions it keeps.
    pub parent: Option<String>,
    /// Its parameters, then its locals, then the outer variables it can
    /// see through the pointers it receives.
    pub variables: Vec<DebugVariable>,
}

/// One variable as the debugger shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DebugVariable {
    pub name: String,
    pub ty: DebugType,
    pub kind: VariableKind,
    /// The line of its name in its declaration.
    pub line: u32,
    /// The `alloca` of the function's entry block that holds the variable
    /// (for [`VariableKind::Captured`], the pointer parameter that holds
    /// its address); `None` where that is not known (after optimisation).
    pub slot: Option<Value>,
}

/// The source type of a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DebugType {
    Int,
    Bool,
}

/// How a function sees a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariableKind {
    /// One of its own parameters.
    Param,
    /// One of its own local variables.
    Local,
    /// A variable of an enclosing function, reached through a pointer.
    Captured,
}

impl FunctionDebug {}

/// The debug values `records` come from a block a pass deletes although
/// it runs, on a path into `join`: each of them becomes "its variable is
/// unknown" (`undef`) at the start of `join`, before the debug values
/// already there (those of `join`'s phis, which hold on every path).
pub fn unknown_from_start(func: &mut Function, records: Vec<Inst>, join: Block) {
    if records.is_empty() {
        return;
    }
    for &record in &records {
        let InstKind::DebugValue { value, .. } = &func.insts[record].kind else {
            panic!("unknown_from_start: {record} is not a debug value");
        };
        let undef = func.undef(func.value_type(*value));
        if let InstKind::DebugValue { value, .. } = &mut func.insts[record].kind {
            *value = undef;
        }
    }
    func.blocks[join].insts.splice(0..0, records);
}

/// Before optimising `func`: each captured variable is found through the
/// pointer parameter holding its address from the start of the function
/// on, a debug value (see the module doc), instead of through the frame
/// slot that only -O0 stores the pointer in.
pub fn track_captured_variables(func: &mut Function) {
    let Some(debug) = func.debug.as_mut() else {
        return;
    };
    let mut records = Vec::new();
    let mut captured = Vec::new();
    for (var, variable) in debug.variables.iter_mut().enumerate() {
        if variable.kind == VariableKind::Captured {
            if let Some(pointer) = variable.slot.take() {
                captured.push((var as u32, pointer));
            }
        }
    }
    for (var, value) in captured {
        records.push(func.make_inst(InstKind::DebugValue { var, value }, None, 0));
    }
    if let Some(entry) = func.entry_block() {
        func.blocks[entry].insts.splice(0..0, records);
    }
}
