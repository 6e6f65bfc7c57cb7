//! Source-level debug information a function carries for `-g`: the name the
//! user gave it, the function it is nested in, and its variables with their
//! types and where they live, so that a backend can describe them to a
//! debugger (DWARF in the native backend).
//!
//! The table is a side table of the [`crate::Function`], not part of its
//! instructions: the printed IR does not show it and the reader does not
//! make one. A variable's location is the `alloca` that holds it, as the
//! frontend lowers every variable, or for a captured outer variable the
//! pointer parameter that holds its address. Passes promote allocas and renumber
//! values, which would leave such a reference pointing at nothing, or at
//! another value: so the pass manager forgets every location before it runs
//! a pass ([`FunctionDebug::forget_locations`]), and the debugger says
//! `<optimized out>` rather than show a wrong value.

use crate::entities::Value;

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

impl FunctionDebug {
    /// Drops every variable's location (see the module doc).
    pub fn forget_locations(&mut self) {
        for var in &mut self.variables {
            var.slot = None;
        }
    }
}
