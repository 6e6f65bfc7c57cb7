//! The abstract syntax tree produced by the parser, and its pretty printer
//! (used for `--emit ast`).
//!
//! The tree mirrors the source closely: parentheses are kept as
//! [`ExprKind::Paren`] nodes (they matter for the `-2147483648` and
//! `while (true)` rules), and a function body is the flat list of items in
//! source order; semantic analysis checks that declarations, functions and
//! statements come in that order.
//!
//! Expressions live in one arena, [`Exprs`], and refer to their operands by
//! index (see [`crate::tree`]).

use std::fmt::{self, Write};

use crate::intern::{Interner, Symbol};
use crate::lexer::{escape_bytes, int_value};
use crate::span::{LineIndex, Span};
use crate::tree::{self, Id};

/// A wend value type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Int,
    Bool,
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Type::Int => "int",
            Type::Bool => "bool",
        })
    }
}

/// A name as written (interned in [`Program::names`]), with its span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: Symbol,
    pub span: Span,
}

/// A whole source file: the top-level functions (a valid program has
/// exactly one, `main`), the names its identifiers refer to, and its
/// expressions.
#[derive(Clone, Debug)]
pub struct Program {
    pub functions: Vec<Function>,
    /// How many functions the program defines, nested ones included: sema
    /// sizes its tables once from it.
    pub function_count: usize,
    pub names: Interner,
    pub exprs: Exprs,
}

/// Index of an expression in [`Exprs`].
pub type ExprId = Id<Expr>;

/// Index of a call in [`Exprs`].
pub type CallId = Id<Call>;

/// Index of a string literal's bytes in [`Exprs`].
pub type StrId = Id<Vec<u8>>;

/// The expressions of a program, with the calls (their argument lists are
/// expressions too) and the bytes of the string literals.
pub type Exprs = tree::Exprs<Expr, Call>;

impl Exprs {
    /// Expression `id`, looking through parentheses.
    pub fn strip_parens(&self, mut id: ExprId) -> &Expr {
        while let ExprKind::Paren(inner) = self[id].kind {
            id = inner;
        }
        &self[id]
    }
}

#[derive(Clone, Debug)]
pub struct Function {
    /// The return type and the span of its keyword; `None` for void.
    pub ret: Option<(Type, Span)>,
    pub name: Ident,
    pub params: Vec<Param>,
    /// Declarations, nested functions and statements, in source order.
    pub items: Vec<Item>,
    /// The span of the closing `}` of the body.
    pub close_brace: Span,
    /// From the return type (or name) to the closing brace.
    pub span: Span,
    /// How deep blocks and nested functions go inside it, counting itself,
    /// kept for the nesting limit (see `parser`).
    pub(crate) depth: u32,
    /// What syntax errors in its own body (not in a nested function's)
    /// took away from it.
    pub damage: Damage,
}

/// What the parser's error recovery removed from a function body (see
/// `recover`): semantic analysis still checks what is left, without
/// reporting what only the removed text could explain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Damage {
    /// Nothing: the body parsed as written.
    #[default]
    None,
    /// Some statements are missing or were repaired, but no name: the
    /// body's flow (a missing `return`, unreachable code) is unknown.
    Statements,
    /// Text that may have declared a variable or a function is missing,
    /// so a name unknown here or in a nested function may be declared in it.
    Names,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub ty: Type,
    pub name: Ident,
    pub span: Span,
}

/// `type name;`
#[derive(Clone, Debug)]
pub struct VarDecl {
    pub ty: Type,
    pub name: Ident,
    pub span: Span,
}

/// One entry of a function body.
#[derive(Clone, Debug)]
pub enum Item {
    Var(VarDecl),
    /// Boxed, like the blocks of [`StmtKind`], so that an `Item` is no
    /// bigger than a simple statement: the parser moves items around by
    /// value and a body stores them side by side.
    Func(Box<Function>),
    Stmt(Stmt),
}

impl Item {
    pub fn span(&self) -> Span {
        match self {
            Item::Var(var) => var.span,
            Item::Func(func) => func.span,
            Item::Stmt(stmt) => stmt.span,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
    /// How deep blocks go inside it, counting itself (see `parser`).
    pub(crate) depth: u32,
}

/// A statement. The blocks of `if` and `while` are boxed so that every
/// statement is only as big as an assignment.
#[derive(Clone, Debug)]
pub enum StmtKind {
    Assign {
        target: Ident,
        value: ExprId,
    },
    /// A call whose result, if any, is discarded.
    Call(CallId),
    Return(Option<ExprId>),
    Print {
        value: ExprId,
        newline: bool,
    },
    If {
        cond: ExprId,
        then_block: Box<Block>,
        else_block: Option<Box<Block>>,
    },
    While {
        cond: ExprId,
        body: Box<Block>,
    },
}

/// `{ statements }` of an `if` or `while`.
#[derive(Clone, Debug)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Call {
    pub name: Ident,
    pub args: Vec<ExprId>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
    /// Height of this subtree, kept for the expression limit (see `parser`).
    pub(crate) depth: u32,
}

/// An expression; operands, calls and string bytes are in [`Exprs`].
#[derive(Clone, Copy, Debug)]
pub enum ExprKind {
    /// The literal's value, not yet range-checked (see `sema`), saturated
    /// at `u32::MAX`: only values up to 2^31 are valid anywhere.
    Int(u32),
    Bool(bool),
    /// Only valid as the whole operand of `print`/`println`.
    Str(StrId),
    /// A variable; its span is the expression's.
    Var(Symbol),
    Call(CallId),
    Paren(ExprId),
    /// `op_at`: where the operator starts (its span is
    /// [`UnaryOp::span_at`]: an operator is always spelled the same way).
    Unary {
        op: UnaryOp,
        op_at: u32,
        operand: ExprId,
    },
    /// `op_at`: where the operator starts (see [`BinaryOp::span_at`]).
    Binary {
        op: BinaryOp,
        op_at: u32,
        lhs: ExprId,
        rhs: ExprId,
    },
}

// Kept small: huge programs have millions of nodes.
const _: () = assert!(std::mem::size_of::<Expr>() <= 28);
const _: () = assert!(std::mem::size_of::<Stmt>() <= 40);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    Neg,
    Plus,
    Not,
}

/// The span of an operator spelled `symbol` that starts at `start`.
fn operator_span(symbol: &str, start: u32) -> Span {
    let start = start as usize;
    Span::new(start, start + symbol.len())
}

impl UnaryOp {
    /// The span of this operator written at `start`.
    pub fn span_at(self, start: u32) -> Span {
        operator_span(self.symbol(), start)
    }

    pub fn symbol(self) -> &'static str {
        match self {
            UnaryOp::Neg => "-",
            UnaryOp::Plus => "+",
            UnaryOp::Not => "!",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl BinaryOp {
    /// The span of this operator written at `start`.
    pub fn span_at(self, start: u32) -> Span {
        operator_span(self.symbol(), start)
    }

    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Or => "||",
            BinaryOp::And => "&&",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Rem => "%",
        }
    }
}

/// Renders the tree as indented text, one node per line, each with the
/// `line:col` where it starts. Indentation stops at 40 levels; a line
/// deeper than that starts with its level.
pub fn pretty_print(program: &Program, source: &str) -> String {
    let mut printer = Printer {
        out: String::new(),
        source,
        index: LineIndex::new(source),
        names: &program.names,
        exprs: &program.exprs,
        indent: 0,
    };
    for function in &program.functions {
        printer.function(function);
    }
    printer.out
}

/// Indentation stops growing at this many levels, so that a tree thousands
/// of levels deep prints in linear size; deeper lines say their level.
const MAX_INDENT: usize = 40;

struct Printer<'a> {
    out: String,
    source: &'a str,
    index: LineIndex,
    names: &'a Interner,
    exprs: &'a Exprs,
    indent: usize,
}

impl<'a> Printer<'a> {
    /// The name of `ident`, borrowed from the interner rather than from
    /// `self`, so it can be used while printing.
    fn name(&self, ident: &Ident) -> &'a str {
        self.names.name(ident.name)
    }

    fn line(&mut self, span: Span, text: fmt::Arguments<'_>) {
        let (line, col) = self.index.line_col(span.start());
        for _ in 0..self.indent.min(MAX_INDENT) {
            self.out.push_str("  ");
        }
        if self.indent > MAX_INDENT {
            let _ = write!(self.out, "[level {}] ", self.indent);
        }
        // Writing to a String cannot fail.
        let _ = writeln!(self.out, "{text} @{line}:{col}");
    }

    fn nested(&mut self, body: impl FnOnce(&mut Self)) {
        self.indent += 1;
        body(self);
        self.indent -= 1;
    }

    fn function(&mut self, f: &Function) {
        let ret = f.ret.map_or("void".to_string(), |(ty, _)| ty.to_string());
        let params: Vec<String> = f
            .params
            .iter()
            .map(|p| format!("{} {}", p.ty, self.name(&p.name)))
            .collect();
        self.line(
            f.span,
            format_args!(
                "function {}({}) -> {}",
                self.name(&f.name),
                params.join(", "),
                ret
            ),
        );
        self.nested(|p| {
            for item in &f.items {
                match item {
                    Item::Var(var) => {
                        let name = p.name(&var.name);
                        p.line(var.span, format_args!("var {} {name}", var.ty))
                    }
                    Item::Func(func) => p.function(func),
                    Item::Stmt(stmt) => p.stmt(stmt),
                }
            }
        });
    }

    fn block(&mut self, label: &str, block: &Block) {
        self.line(block.span, format_args!("{label}"));
        self.nested(|p| {
            for stmt in &block.stmts {
                p.stmt(stmt);
            }
        });
    }

    fn stmt(&mut self, stmt: &Stmt) {
        match &stmt.kind {
            StmtKind::Assign { target, value } => {
                let name = self.name(target);
                self.line(stmt.span, format_args!("assign {name}"));
                self.nested(|p| p.expr(*value));
            }
            StmtKind::Call(call) => {
                self.line(stmt.span, format_args!("call statement"));
                self.nested(|p| p.call(*call));
            }
            StmtKind::Return(value) => {
                self.line(stmt.span, format_args!("return"));
                if let Some(value) = value {
                    self.nested(|p| p.expr(*value));
                }
            }
            StmtKind::Print { value, newline } => {
                let keyword = if *newline { "println" } else { "print" };
                self.line(stmt.span, format_args!("{keyword}"));
                self.nested(|p| p.expr(*value));
            }
            StmtKind::If {
                cond,
                then_block,
                else_block,
            } => {
                self.line(stmt.span, format_args!("if"));
                self.nested(|p| {
                    p.expr(*cond);
                    p.block("then", then_block);
                    if let Some(else_block) = else_block {
                        p.block("else", else_block);
                    }
                });
            }
            StmtKind::While { cond, body } => {
                self.line(stmt.span, format_args!("while"));
                self.nested(|p| {
                    p.expr(*cond);
                    p.block("do", body);
                });
            }
        }
    }

    fn call(&mut self, call: CallId) {
        let call = &self.exprs.calls[call];
        let name = self.name(&call.name);
        self.line(call.span, format_args!("call {name}"));
        self.nested(|p| {
            for &arg in &call.args {
                p.expr(arg);
            }
        });
    }

    fn expr(&mut self, id: ExprId) {
        let expr = &self.exprs[id];
        let span = expr.span;
        match expr.kind {
            ExprKind::Int(_) => {
                // The written value, not the saturated one the tree keeps.
                let value = int_value(&self.source[span.start()..span.end()]);
                self.line(span, format_args!("int {value}"))
            }
            ExprKind::Bool(value) => self.line(span, format_args!("bool {value}")),
            ExprKind::Str(bytes) => self.line(
                span,
                format_args!("string \"{}\"", escape_bytes(&self.exprs.strings[bytes])),
            ),
            ExprKind::Var(name) => {
                let name = self.names.name(name);
                self.line(span, format_args!("var {name}"));
            }
            ExprKind::Call(call) => self.call(call),
            ExprKind::Paren(inner) => {
                self.line(span, format_args!("paren"));
                self.nested(|p| p.expr(inner));
            }
            ExprKind::Unary { op, operand, .. } => {
                self.line(span, format_args!("unary {}", op.symbol()));
                self.nested(|p| p.expr(operand));
            }
            ExprKind::Binary { op, lhs, rhs, .. } => {
                self.line(span, format_args!("binary {}", op.symbol()));
                self.nested(|p| {
                    p.expr(lhs);
                    p.expr(rhs);
                });
            }
        }
    }
}
