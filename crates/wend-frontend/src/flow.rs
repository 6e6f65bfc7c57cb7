//! Reachability (§6 of the reference): which statements can complete
//! normally, the unreachable-code warning, and the rule that a typed
//! function must not be able to reach the end of its body.
//!
//! The rules are deliberately syntactic and simple: `return` and
//! `while true` (the literal, possibly parenthesised) cannot complete
//! normally, an `if` with an `else` cannot when neither branch can, a list
//! cannot when one of its statements cannot; everything else can.

use crate::ast::{ExprKind, Exprs, Function, Item, Stmt, StmtKind};
use crate::diag::{error, warning, Diag, DiagExt};
use crate::intern::Interner;

/// Checks one function body: warns about unreachable statements (also in
/// nested blocks) and, if the function is typed, reports an error when the
/// end of its body is reachable. Nested functions are checked separately.
pub(crate) fn check_function(
    func: &Function,
    names: &Interner,
    exprs: &Exprs,
    diags: &mut Vec<Diag>,
) {
    let stmts: Vec<&Stmt> = func
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Stmt(stmt) => Some(stmt),
            _ => None,
        })
        .collect();
    let can_complete = list_can_complete(stmts.iter().copied(), exprs, diags);
    let Some((ret, ret_span)) = func.ret else {
        return;
    };
    if !can_complete {
        return;
    }
    let name = names.name(func.name.name);
    let mut diag = error(
        format!("function `{name}` can reach the end of its body without returning a value"),
        func.close_brace,
        "control can reach the end of the body here",
    )
    .secondary(ret_span, format!("`{name}` returns `{ret}`"));
    diag = match stmts.last().map(|s| &s.kind) {
        Some(StmtKind::If {
            else_block: None, ..
        }) => diag.note("an `if` without `else` can complete normally: its condition may be false"),
        Some(StmtKind::If { .. }) => {
            diag.note("an `if` cannot complete normally only when both of its branches cannot")
        }
        Some(StmtKind::While { .. }) => diag.note(
            "only `while true` (the literal `true`) counts as a loop that never ends; \
             this loop may stop",
        ),
        _ => diag,
    };
    diags.push(diag.help(format!("end the body with a `return` of an `{ret}` value")));
}

/// Whether control can flow off the end of `stmts`. Warns (once per list)
/// about the first statement that follows one that cannot complete normally.
fn list_can_complete<'a>(
    stmts: impl Iterator<Item = &'a Stmt>,
    exprs: &Exprs,
    diags: &mut Vec<Diag>,
) -> bool {
    let mut blocker: Option<&Stmt> = None;
    for stmt in stmts {
        if let Some(blocker) = blocker {
            diags.push(
                warning(
                    "unreachable statement",
                    stmt.span,
                    "this statement can never run",
                )
                .secondary(
                    blocker.span,
                    "any code following this statement is unreachable",
                ),
            );
            // One warning per list is enough, and statements nested in
            // unreachable code are not analysed further.
            return false;
        }
        if !stmt_can_complete(stmt, exprs, diags) {
            blocker = Some(stmt);
        }
    }
    blocker.is_none()
}

fn stmt_can_complete(stmt: &Stmt, exprs: &Exprs, diags: &mut Vec<Diag>) -> bool {
    match &stmt.kind {
        StmtKind::Return(_) => false,
        StmtKind::While { cond, body } => {
            // The body is analysed for its warnings only: reaching its end
            // just goes back to the condition.
            list_can_complete(body.stmts.iter(), exprs, diags);
            !matches!(exprs.strip_parens(*cond).kind, ExprKind::Bool(true))
        }
        StmtKind::If {
            then_block,
            else_block,
            ..
        } => {
            let then_completes = list_can_complete(then_block.stmts.iter(), exprs, diags);
            match else_block {
                Some(else_block) => {
                    let else_completes = list_can_complete(else_block.stmts.iter(), exprs, diags);
                    then_completes || else_completes
                }
                None => true,
            }
        }
        StmtKind::Assign { .. } | StmtKind::Call(_) | StmtKind::Print { .. } => true,
    }
}
