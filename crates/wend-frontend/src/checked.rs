//! The checked program: the output of semantic analysis and the input of
//! lowering.
//!
//! Functions, variables and expressions live in arenas indexed by small
//! ids. Every variable use is resolved to a [`VarId`] (whose
//! [`VarDef::owner`] says which function declares it), every call to a
//! [`FuncId`], every expression is typed, and every function knows the
//! outer variables it captures. Parentheses and unary `+` are gone; string
//! literals only appear as [`PrintArg::Str`].

use std::fmt;

use crate::ast::BinaryOp;
pub use crate::ast::Type;
use crate::intern::{Interner, Symbol};
use crate::span::{LineIndex, Span};
use crate::tree::{self, Id};

/// Index of a function in [`Checked::funcs`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub u32);

/// Index of a variable (parameter or local) in [`Checked::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

impl FuncId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl VarId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A semantically valid program.
#[derive(Clone, Debug)]
pub struct Checked {
    /// All functions, in declaration order (outer before inner).
    pub funcs: Vec<FuncDef>,
    /// All parameters and locals, in declaration order.
    pub vars: Vec<VarDef>,
    /// The expressions of all function bodies.
    pub exprs: Exprs,
    /// The entry point.
    pub main: FuncId,
    /// The names of variables (see [`Checked::var_name`]).
    pub names: Interner,
    pub(crate) lines: LineIndex,
}

impl Checked {
    pub fn func(&self, id: FuncId) -> &FuncDef {
        &self.funcs[id.index()]
    }

    pub fn var(&self, id: VarId) -> &VarDef {
        &self.vars[id.index()]
    }

    /// The source name of variable `id`.
    pub fn var_name(&self, id: VarId) -> &str {
        self.names.name(self.var(id).name)
    }

    /// `name(int, bool)`: a function's signature, for messages.
    pub fn signature(&self, id: FuncId) -> String {
        let func = self.func(id);
        let params: Vec<String> = func
            .params
            .iter()
            .map(|&p| self.var(p).ty.to_string())
            .collect();
        format!("{}({})", func.name, params.join(", "))
    }
}

#[derive(Clone, Debug)]
pub struct FuncDef {
    pub name: String,
    /// The span of the function's name in its definition.
    pub name_span: Span,
    /// The span of the closing brace of its body.
    pub close_brace: Span,
    /// `None` for a void function.
    pub ret: Option<Type>,
    /// The enclosing function; `None` for the top-level function.
    pub parent: Option<FuncId>,
    /// Whether another function of its body has the same name (so its
    /// symbol carries its parameter types).
    pub overloaded: bool,
    pub params: Vec<VarId>,
    pub locals: Vec<VarId>,
    /// Nested functions, in declaration order.
    pub children: Vec<FuncId>,
    pub body: Vec<Stmt>,
    /// How many expressions its own body has (not counting its nested
    /// functions'): lowering sizes the function's IR from it.
    pub expr_count: u32,
    /// At least as many as the blocks lowering makes for its own body: one
    /// for the entry, three per `if` or `while`, two per `&&`, `||`, `/`
    /// and `%`. Lowering sizes the function's block arena from it.
    pub block_count: u32,
    /// The outer variables this function reads or writes, directly or
    /// through the functions it calls, ordered by [`VarId`]. Lowering passes
    /// one pointer per capture.
    pub captures: Vec<VarId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarKind {
    Param,
    Local,
}

#[derive(Clone, Debug)]
pub struct VarDef {
    /// Interned: a program can have half a million variables, and a
    /// `String` each was as many small allocations.
    pub name: Symbol,
    pub ty: Type,
    pub kind: VarKind,
    /// The function that declares it.
    pub owner: FuncId,
    /// The span of its name in its declaration.
    pub span: Span,
}

/// A checked statement. The bodies of `if` and `while` are boxed so that
/// every statement is only as big as an assignment: a huge function body is
/// a list of a million of them.
#[derive(Clone, Debug)]
pub enum Stmt {
    Assign {
        var: VarId,
        value: ExprId,
        span: Span,
    },
    Call(CallId),
    Return {
        value: Option<ExprId>,
        span: Span,
    },
    Print {
        arg: PrintArg,
        newline: bool,
        span: Span,
    },
    If(Box<If>),
    While(Box<While>),
}

/// `if cond { then_body } else { else_body }` (an `if` without `else` has
/// an empty `else_body`).
#[derive(Clone, Debug)]
pub struct If {
    pub cond: ExprId,
    pub then_body: Vec<Stmt>,
    pub else_body: Vec<Stmt>,
    pub span: Span,
}

/// `while cond { body }`.
#[derive(Clone, Debug)]
pub struct While {
    pub cond: ExprId,
    pub body: Vec<Stmt>,
    pub span: Span,
}

/// What `print`/`println` prints.
#[derive(Clone, Copy, Debug)]
pub enum PrintArg {
    Str(StrId),
    Value(ExprId),
}

#[derive(Clone, Debug)]
pub struct Call {
    pub func: FuncId,
    pub args: Vec<ExprId>,
    pub span: Span,
}

/// Index of an expression in [`Exprs`].
pub type ExprId = Id<Expr>;

/// Index of a call in [`Exprs`].
pub type CallId = Id<Call>;

/// Index of a printed string's bytes in [`Exprs`] (the syntax tree's
/// string literals, handed over as they are).
pub type StrId = Id<Vec<u8>>;

/// The typed expressions of a program, with its calls and printed strings
/// (see [`crate::tree`]).
pub type Exprs = tree::Exprs<Expr, Call>;

/// A typed expression. Void calls are never expressions (using one as a
/// value is an error), so every expression has a [`Type`].
#[derive(Clone, Copy, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: Type,
    pub span: Span,
}

/// An expression; operands and calls are in [`Exprs`].
#[derive(Clone, Copy, Debug)]
pub enum ExprKind {
    /// A literal; `-2147483648` arrives here already folded.
    Int(i32),
    Bool(bool),
    Var(VarId),
    Call(CallId),
    /// Wrapping negation.
    Neg(ExprId),
    Not(ExprId),
    Binary {
        op: BinaryOp,
        /// Where the operator starts (the line of a division check comes
        /// from it): an offset, not the span, keeps an expression in 28
        /// bytes.
        op_at: u32,
        lhs: ExprId,
        rhs: ExprId,
    },
}

// The sizes the comment on [`Stmt`] promises: a million-line function is a
// million statements and several million expressions.
const _: () = assert!(std::mem::size_of::<Stmt>() <= 24);
const _: () = assert!(std::mem::size_of::<Expr>() <= 28);

impl fmt::Display for FuncId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "f{}", self.0)
    }
}

impl fmt::Display for VarId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}", self.0)
    }
}
