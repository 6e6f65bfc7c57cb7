//! How the driver tells the user that something failed: diagnostics
//! rendered by codespan-reporting, the closing "could not compile" line,
//! and [`Failed`], the error of every step that has already said why.

use std::io::{IsTerminal, Write};

/// A step failed and has already told the user why.
pub struct Failed;

/// Prints the diagnostics of the source file `name` (whose text is `text`)
/// to stderr, in colour on a terminal.
pub fn report(name: &str, text: &str, diags: &[wend_frontend::Diag]) {
    if diags.is_empty() {
        return;
    }
    let color = std::io::stderr().is_terminal();
    let text = wend_frontend::render_diagnostics(name, text, diags, color);
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// Prints the diagnostics of a compile that failed, then a closing line
/// counting them, as rustc does:
/// "error: could not compile `prog.wend` due to 3 previous errors; 1 warning emitted".
pub fn report_failure(name: &str, text: &str, diags: &[wend_frontend::Diag]) {
    report(name, text, diags);
    if let Some(line) = failure_summary(name, diags) {
        let color = std::io::stderr().is_terminal();
        let line = if color {
            // Bold red `error`, bold message, as codespan-reporting colours
            // a diagnostic's header.
            format!(
                "\x1b[1;31merror\x1b[0m\x1b[1m{}\x1b[0m\n",
                &line["error".len()..]
            )
        } else {
            format!("{line}\n")
        };
        let _ = std::io::stderr().write_all(line.as_bytes());
    }
}

/// The closing line for a failed compile with these diagnostics, if any
/// of them is an error.
fn failure_summary(name: &str, diags: &[wend_frontend::Diag]) -> Option<String> {
    use codespan_reporting::diagnostic::Severity;
    let errors = diags
        .iter()
        .filter(|d| d.severity >= Severity::Error)
        .count();
    let warnings = diags
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .count();
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    (errors > 0).then(|| {
        let mut line = format!(
            "error: could not compile `{name}` due to {}",
            plural(errors, "previous error")
        );
        if warnings > 0 {
            line.push_str(&format!("; {} emitted", plural(warnings, "warning")));
        }
        line
    })
}
