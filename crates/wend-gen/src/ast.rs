//! The syntax tree the generators build, and its printer.
//!
//! This is deliberately not the frontend's AST: the generator must not
//! depend on the code it tests. The tree is only as rich as needed to
//! *write* wend, and the printer owns every syntactic subtlety of the
//! reference (§5): it inserts exactly the parentheses that precedence,
//! associativity, non-associative comparisons, "`!` only on a comparison
//! operand" and "unary minus on an atom only" demand. So the generators
//! think in trees and never produce a syntax error.
//!
//! Layout is fixed: one statement per line, four-space indentation, `{` at
//! the end of the line that opens a block and `}` alone on its own line
//! (`} else {` for an else). `tests/fuzz-diff.py` relies on this to cut
//! programs into statements and functions when it minimises them.

use std::fmt::Write;

/// A wend type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ty {
    Int,
    Bool,
}

impl Ty {
    pub fn keyword(self) -> &'static str {
        match self {
            Ty::Int => "int",
            Ty::Bool => "bool",
        }
    }
}

/// Binary operators, with their precedence levels of §5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
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

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "||",
            BinOp::And => "&&",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
        }
    }

    /// The precedence level of §5 (1 binds loosest).
    fn level(self) -> u8 {
        match self {
            BinOp::Or => 1,
            BinOp::And => 2,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 4,
            BinOp::Add | BinOp::Sub => 5,
            BinOp::Mul | BinOp::Div | BinOp::Rem => 6,
        }
    }

    /// The lowest level each operand may have without parentheses:
    /// left-associative operators take their own level on the left and one
    /// more on the right; comparisons are non-associative (both sides above).
    fn operand_levels(self) -> (u8, u8) {
        let level = self.level();
        if level == 4 {
            (5, 5)
        } else {
            (level, level + 1)
        }
    }
}

/// Precedence levels of the non-binary forms.
const LEVEL_NOT: u8 = 3;
const LEVEL_COMPARISON: u8 = 4;
const LEVEL_UNARY: u8 = 7;
const LEVEL_ATOM: u8 = 8;

/// An expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// An int constant; a negative one is written as unary minus applied to
    /// the literal (`-2147483648` included, as §1 allows).
    Int(i64),
    Bool(bool),
    Var(String),
    Call(String, Vec<Expr>),
    /// Unary minus; the printer parenthesises a non-atom operand.
    Neg(Box<Expr>),
    /// Unary plus, likewise.
    Plus(Box<Expr>),
    /// `!`; the printer parenthesises an operand below comparison level.
    Not(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// Parentheses the printer would not need, kept as written.
    Paren(Box<Expr>),
}

impl Expr {
    pub fn binary(op: BinOp, lhs: Expr, rhs: Expr) -> Expr {
        Expr::Binary(op, Box::new(lhs), Box::new(rhs))
    }

    pub fn var(name: &str) -> Expr {
        Expr::Var(name.to_string())
    }

    /// The precedence level of the expression as printed.
    fn level(&self) -> u8 {
        match self {
            Expr::Int(v) if *v < 0 => LEVEL_UNARY,
            Expr::Int(_) | Expr::Bool(_) | Expr::Var(_) | Expr::Call(..) | Expr::Paren(_) => {
                LEVEL_ATOM
            }
            Expr::Neg(_) | Expr::Plus(_) => LEVEL_UNARY,
            Expr::Not(_) => LEVEL_NOT,
            Expr::Binary(op, ..) => op.level(),
        }
    }

    /// Writes the expression, parenthesised if its level is below `min_level`.
    fn write_at(&self, min_level: u8, out: &mut String) {
        if self.level() < min_level {
            out.push('(');
            self.write(out);
            out.push(')');
        } else {
            self.write(out);
        }
    }

    fn write(&self, out: &mut String) {
        match self {
            Expr::Int(v) => {
                // `-2147483648` is fine: the literal is the direct operand of minus.
                write!(out, "{v}").unwrap();
            }
            Expr::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Expr::Var(name) => out.push_str(name),
            Expr::Call(name, args) => {
                out.push_str(name);
                out.push('(');
                for (i, arg) in args.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    arg.write_at(1, out);
                }
                out.push(')');
            }
            Expr::Neg(operand) => {
                out.push('-');
                operand.write_at(LEVEL_ATOM, out);
            }
            Expr::Plus(operand) => {
                out.push('+');
                operand.write_at(LEVEL_ATOM, out);
            }
            Expr::Not(operand) => {
                out.push('!');
                operand.write_at(LEVEL_COMPARISON, out);
            }
            Expr::Binary(op, lhs, rhs) => {
                let (left_min, right_min) = op.operand_levels();
                lhs.write_at(left_min, out);
                write!(out, " {} ", op.symbol()).unwrap();
                rhs.write_at(right_min, out);
            }
            Expr::Paren(inner) => {
                out.push('(');
                inner.write(out);
                out.push(')');
            }
        }
    }

    /// The expression as wend source text.
    pub fn to_source(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }
}

/// What a `print`/`println` prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrintArg {
    Expr(Expr),
    /// A string literal, given as its source text between the quotes
    /// (escapes already written out).
    Str(String),
}

/// A statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stmt {
    Assign(String, Expr),
    Call(String, Vec<Expr>),
    Return(Option<Expr>),
    Print {
        arg: PrintArg,
        newline: bool,
    },
    If {
        cond: Expr,
        then_block: Vec<Stmt>,
        else_block: Option<Vec<Stmt>>,
    },
    While {
        cond: Expr,
        body: Vec<Stmt>,
    },
}

/// A function definition with everything nested in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    pub ret: Option<Ty>,
    pub name: String,
    pub params: Vec<(Ty, String)>,
    pub locals: Vec<(Ty, String)>,
    pub functions: Vec<Function>,
    pub body: Vec<Stmt>,
}

impl Function {
    /// The function as wend source text, `indent` levels deep.
    pub fn to_source(&self) -> String {
        let mut out = String::new();
        self.write(0, &mut out);
        out
    }

    fn write(&self, indent: usize, out: &mut String) {
        pad(indent, out);
        if let Some(ret) = self.ret {
            write!(out, "{} ", ret.keyword()).unwrap();
        }
        write!(out, "{}(", self.name).unwrap();
        for (i, (ty, name)) in self.params.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write!(out, "{} {name}", ty.keyword()).unwrap();
        }
        out.push_str(") {\n");
        for (ty, name) in &self.locals {
            pad(indent + 1, out);
            writeln!(out, "{} {name};", ty.keyword()).unwrap();
        }
        for function in &self.functions {
            function.write(indent + 1, out);
        }
        write_block(&self.body, indent + 1, out);
        pad(indent, out);
        out.push_str("}\n");
    }
}

fn pad(indent: usize, out: &mut String) {
    for _ in 0..indent {
        out.push_str("    ");
    }
}

fn write_block(stmts: &[Stmt], indent: usize, out: &mut String) {
    for stmt in stmts {
        write_stmt(stmt, indent, out);
    }
}

fn write_stmt(stmt: &Stmt, indent: usize, out: &mut String) {
    pad(indent, out);
    match stmt {
        Stmt::Assign(name, value) => {
            writeln!(out, "{name} = {};", value.to_source()).unwrap();
        }
        Stmt::Call(name, args) => {
            writeln!(
                out,
                "{};",
                Expr::Call(name.clone(), args.clone()).to_source()
            )
            .unwrap();
        }
        Stmt::Return(None) => out.push_str("return;\n"),
        Stmt::Return(Some(value)) => writeln!(out, "return {};", value.to_source()).unwrap(),
        Stmt::Print { arg, newline } => {
            out.push_str(if *newline { "println " } else { "print " });
            match arg {
                PrintArg::Expr(value) => out.push_str(&value.to_source()),
                PrintArg::Str(text) => write!(out, "\"{text}\"").unwrap(),
            }
            out.push_str(";\n");
        }
        Stmt::If {
            cond,
            then_block,
            else_block,
        } => {
            writeln!(out, "if {} {{", cond.to_source()).unwrap();
            write_block(then_block, indent + 1, out);
            if let Some(else_block) = else_block {
                pad(indent, out);
                out.push_str("} else {\n");
                write_block(else_block, indent + 1, out);
            }
            pad(indent, out);
            out.push_str("}\n");
        }
        Stmt::While { cond, body } => {
            writeln!(out, "while {} {{", cond.to_source()).unwrap();
            write_block(body, indent + 1, out);
            pad(indent, out);
            out.push_str("}\n");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::binary(op, a, b)
    }

    #[test]
    fn parenthesises_only_where_needed() {
        let a = || Expr::var("a");
        let b = || Expr::var("b");
        let c = || Expr::var("c");
        // Left-associative: parentheses on the right only.
        assert_eq!(
            bin(BinOp::Sub, bin(BinOp::Sub, a(), b()), c()).to_source(),
            "a - b - c"
        );
        assert_eq!(
            bin(BinOp::Sub, a(), bin(BinOp::Sub, b(), c())).to_source(),
            "a - (b - c)"
        );
        // Comparisons are non-associative.
        assert_eq!(
            bin(BinOp::Eq, bin(BinOp::Lt, a(), b()), Expr::Bool(true)).to_source(),
            "(a < b) == true"
        );
        // `!` takes a comparison-level operand; `!!x` is not wend.
        assert_eq!(
            Expr::Not(Box::new(bin(BinOp::Lt, a(), b()))).to_source(),
            "!a < b"
        );
        assert_eq!(
            Expr::Not(Box::new(Expr::Not(Box::new(a())))).to_source(),
            "!(!a)"
        );
        assert_eq!(
            Expr::Not(Box::new(bin(BinOp::And, a(), b()))).to_source(),
            "!(a && b)"
        );
        // Unary minus applies to atoms only.
        assert_eq!(Expr::Neg(Box::new(Expr::Int(-5))).to_source(), "-(-5)");
        assert_eq!(
            Expr::Neg(Box::new(bin(BinOp::Add, a(), b()))).to_source(),
            "-(a + b)"
        );
        assert_eq!(Expr::Int(-2147483648).to_source(), "-2147483648");
        assert_eq!(
            bin(BinOp::Mul, Expr::Int(-3), Expr::Int(-4)).to_source(),
            "-3 * -4"
        );
        assert_eq!(
            bin(BinOp::Or, a(), bin(BinOp::Or, b(), c())).to_source(),
            "a || (b || c)"
        );
    }
}
