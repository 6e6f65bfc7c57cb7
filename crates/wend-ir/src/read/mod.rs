//! The textual IR reader: parses the LLVM IR subset that
//! [`crate::print::print_module`] writes — and the same subset written by
//! hand or by clang — back into a [`Module`]; also the module with its
//! runtime that [`crate::print::print_standalone_llvm`] writes (the runtime,
//! outside the subset, is recognised by its exact text: see `runtime.rs`).
//!
//! It is a hand-written lexer (`lex.rs`) plus a recursive-descent parser
//! (`parse.rs`), in two passes over the text so that anything may be used
//! before it is defined (the parser pulls its tokens from the lexer as it
//! goes: a list of all tokens would take ten times the size of the file):
//!
//! 1. the module level: string constants and function signatures (bodies
//!    are skipped by brace matching), so calls may target functions defined
//!    later in the file;
//! 2. each function body, lexed again from where the first pass saw it. A
//!    local name used before its definition (phis and unreachable blocks do
//!    this) gets a placeholder value of the type written at the use; the
//!    definition later adopts the placeholder.
//!
//! Pointers may be typed (`i32*`, as LLVM 14 writes them) or opaque (`ptr`,
//! LLVM 15 and later). The IR's types are typed, so each `ptr` is given its
//! pointee from what the instructions say (`pointee.rs`) once the whole
//! module has been read.
//!
//! Decorations a human or clang may add but the IR has no use for are
//! skipped: linkage and attribute words (`dso_local`, `noundef`, `#0`, …),
//! `nsw`/`nuw`, `, align N`, metadata attachments, `source_filename`,
//! `target …`, `attributes #N = { … }` and metadata lines. Anything else
//! outside the subset is an error with its line and column (the first in
//! the text, lexical or not); the reader never panics, whatever the input.
//! It checks what the text itself states (the written types agree with the
//! values, calls match the callee's signature, numbered values are in
//! sequence, as LLVM's parser does) and leaves the semantic invariants to
//! [`crate::verify`].

mod lex;
mod parse;
mod pointee;
mod runtime;

use crate::module::Module;
use lex::{Lexer, Pos};
use parse::Parser;
use std::fmt;

pub use runtime::changed_runtime_definitions;

/// A syntax or consistency error, at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub line: u32,
    pub column: u32,
    pub message: String,
}

impl ReadError {
    fn at(pos: Pos, message: impl Into<String>) -> ReadError {
        ReadError {
            line: pos.line,
            column: pos.column,
            message: message.into(),
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ReadError {}

/// The result of reading.
pub type Result<T> = std::result::Result<T, ReadError>;

/// Parses a whole module.
pub fn parse_module(text: &str) -> Result<Module> {
    parse_module_with_runtime(text).map(|(module, _)| module)
}

/// Parses a whole module, and tells whether the text defines wendc's
/// runtime, as [`crate::print::print_standalone_llvm`] writes it: then
/// its routines are declarations in the module, and a tool that writes the
/// module back should write it with its runtime too.
pub fn parse_module_with_runtime(text: &str) -> Result<(Module, bool)> {
    let mut parser = Parser::new(Lexer::new(text));
    let bodies = parser.parse_top_level();
    let bodies = parser.lexed(bodies)?;
    for body in bodies {
        parser.restart(body.lexer.clone());
        let parsed = parser.parse_body(body);
        parser.lexed(parsed)?;
    }
    parser.finish()
}
