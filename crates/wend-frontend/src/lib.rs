//! The wendc front end: everything from source text to IR.
//!
//! The stages, each in its own module:
//!
//! 1. [`lexer`]: source text to tokens (all lexical errors at once);
//! 2. [`parser`]: tokens to the [`ast`], with the nesting limits and with
//!    every identifier interned as a [`intern::Symbol`]; [`recover`] finds
//!    every syntax error, not only the first, and keeps what parsed;
//! 3. [`sema`]: name resolution, type checking and the other static rules
//!    (helped by [`scope`], [`flow`] and [`capture`]), giving a
//!    [`Checked`] program, with the suggestions of similar names
//!    ([`suggest`]) and the warnings about unused names ([`usage`]) and
//!    values ([`dead_store`]);
//! 4. [`lower`]: the checked program to a `wend_ir::Module`, the way
//!    clang -O0 would.
//!
//! Beside the pipeline, [`format`] is `wendc fmt`: the canonical layout of
//! a source file, for the command line and for editors.
//!
//! Diagnostics are codespan-reporting diagnostics over the single source
//! file; [`render_diagnostics`] turns them into rustc-like text.
//!
//! The checker, the lowering and the tree dump recurse over the tree, as
//! deep as the parser's limits allow ([`parser::MAX_EXPR_DEPTH`]): run them
//! on a thread with a large stack, as `wendc` does (1 GiB; a debug build
//! needs up to a quarter of that at the limits).

pub mod ast;
pub(crate) mod capture;
pub mod checked;
pub(crate) mod dead_store;
pub mod diag;
pub(crate) mod flow;
pub mod format;
pub mod index;
pub mod intern;
pub mod lexer;
pub mod lower;
pub mod parser;
pub mod recover;
pub(crate) mod scope;
pub mod sema;
pub mod span;
pub(crate) mod suggest;
pub mod tree;
pub(crate) mod usage;

pub use checked::Checked;
pub use diag::render_diagnostics;
pub use lower::ValueNames;
pub use sema::Warnings;

/// A diagnostic about the source file (the file id is `()`).
pub type Diag = codespan_reporting::diagnostic::Diagnostic<()>;

/// The `--emit tokens` listing: one token per line, `LINE:COL KIND [TEXT]`.
pub fn tokens_text(src: &str) -> Result<String, Vec<Diag>> {
    let (tokens, errors) = lexer::lex(src);
    if errors.is_empty() {
        Ok(lexer::format_tokens(src, &tokens))
    } else {
        Err(errors)
    }
}

/// The `--emit ast` tree, or the lexical/syntax errors.
pub fn ast_text(src: &str) -> Result<String, Vec<Diag>> {
    let program = parser::parse(src)?;
    Ok(ast::pretty_print(&program, src))
}

/// Parses and checks `src`. Returns the checked program if and only if there
/// are no errors; the diagnostics (warnings and errors) are in source order.
///
/// Syntax errors do not stop the checks: what parsed is still checked (see
/// [`recover`]), so one run reports the syntax and the semantic errors.
pub fn check(src: &str) -> (Option<Checked>, Vec<Diag>) {
    check_with(src, Warnings::Report)
}

/// [`check`], saying whether to look for the warnings about unused names
/// and values: a caller that hides warnings (`wendc -w`) need not pay for
/// them (on a large generated program, tens of thousands of them).
pub fn check_with(src: &str, warnings: Warnings) -> (Option<Checked>, Vec<Diag>) {
    let (program, mut diags) = parser::parse_recovering(src);
    let Some(program) = program else {
        return (None, diags);
    };
    let syntax_errors = diag::has_errors(&diags);
    let (checked, semantic) = sema::analyze_with(program, src, warnings);
    if diags.is_empty() {
        return (checked, semantic);
    }
    diags.extend(semantic);
    diag::sort_by_position(&mut diags);
    (checked.filter(|_| !syntax_errors), diags)
}

/// [`check`], also giving the [`index::NameIndex`] of the program's
/// declarations and resolved uses (for editors; with errors, of what
/// parsed and resolved).
pub fn check_indexed(src: &str) -> (Vec<Diag>, index::NameIndex) {
    let (program, mut diags) = parser::parse_recovering(src);
    let Some(program) = program else {
        return (diags, index::NameIndex::default());
    };
    let (_, semantic, index) = sema::analyze_indexed(program, src);
    diags.extend(semantic);
    diag::sort_by_position(&mut diags);
    (diags, index)
}

/// Lowers a checked program to IR, its values named after the variables
/// and expressions they come from (`%x.addr`, `%add`), for reading.
pub fn lower(checked: Checked) -> wend_ir::Module {
    lower_with(checked, ValueNames::Keep)
}

/// Lowers a checked program to IR, with or without value names.
pub fn lower_with(checked: Checked, names: ValueNames) -> wend_ir::Module {
    lower::lower_program(checked, names, false)
}

/// Lowers a checked program to IR for `-g`: each function carries the
/// debug table of its variables ([`wend_ir::debug_info`]).
pub fn lower_with_debug_info(checked: Checked, names: ValueNames) -> wend_ir::Module {
    lower::lower_program(checked, names, true)
}
