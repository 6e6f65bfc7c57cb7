//! Document formatting, through the formatter of `wendc fmt`.
//!
//! The formatter lives in wend-frontend; [`formatted`] is the one place
//! that calls it. Until it is connected, the server does not announce
//! formatting and answers a formatting request with an error.

use lsp_server::ErrorCode;
use lsp_types::TextEdit;
use wend_frontend::span::Span;
use wend_frontend::Diag;

use super::features::Document;
use super::Failure;

/// Whether [`formatted`] is connected to a formatter.
pub const AVAILABLE: bool = false;

/// `source` formatted as `wendc fmt` would, or its syntax errors; `None`
/// without a formatter.
fn formatted(_source: &str) -> Option<Result<String, Vec<Diag>>> {
    None
}

/// The edit that formats the document: one replacement of the whole text
/// (none when it is formatted already). A document with syntax errors is
/// refused: its diagnostics already say why.
pub fn edits(doc: &Document) -> Result<Option<Vec<TextEdit>>, Failure> {
    let source = &doc.text.source;
    let Some(result) = formatted(source) else {
        return Err(Failure {
            code: ErrorCode::MethodNotFound,
            message: "this wendc has no formatter".to_string(),
        });
    };
    let text = result.map_err(|diags| {
        let first = diags
            .first()
            .map_or(String::new(), |d| format!(": {}", d.message));
        Failure::refused(format!("cannot format a file with syntax errors{first}"))
    })?;
    if text == *source {
        return Ok(Some(Vec::new()));
    }
    let whole = doc.text.range(Span::new(0, source.len()));
    Ok(Some(vec![TextEdit::new(whole, text)]))
}
