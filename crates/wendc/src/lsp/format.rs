//! Document formatting, through the formatter of `wendc fmt`.
//!
//! The formatter lives in wend-frontend; [`edits`] is the one place that
//! calls it.

use lsp_types::TextEdit;
use wend_frontend::span::Span;

use super::features::Document;
use super::Failure;

/// The edit that formats the document: one replacement of the whole text
/// (none when it is formatted already). A document with syntax errors is
/// refused: its diagnostics already say why.
pub fn edits(doc: &Document) -> Result<Option<Vec<TextEdit>>, Failure> {
    let source = &doc.text.source;
    let text = wend_frontend::format::format(source).map_err(|diags| {
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
