//! Diagnostics: the `Diag` type shared by every stage, small constructors
//! that keep the call sites short, and rendering to text with
//! codespan-reporting.

use codespan_reporting::diagnostic::{Diagnostic, Label, Severity};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor::Buffer};

use crate::span::Span;

/// One diagnostic (error or warning) about the single source file.
pub type Diag = Diagnostic<()>;

/// An error whose primary label `label` sits at `span`.
pub fn error(message: impl Into<String>, span: Span, label: impl Into<String>) -> Diag {
    Diagnostic::error()
        .with_message(message.into())
        .with_labels(vec![Label::primary((), span).with_message(label.into())])
}

/// A warning whose primary label `label` sits at `span`.
pub fn warning(message: impl Into<String>, span: Span, label: impl Into<String>) -> Diag {
    Diagnostic::warning()
        .with_message(message.into())
        .with_labels(vec![Label::primary((), span).with_message(label.into())])
}

/// Builder-style additions used throughout the front end.
pub trait DiagExt {
    /// Adds a secondary label, e.g. "first declared here".
    fn secondary(self, span: Span, message: impl Into<String>) -> Self;
    /// Adds a `= note: ...` line.
    fn note(self, note: impl Into<String>) -> Self;
    /// Adds a `= help: ...` line.
    fn help(self, help: impl Into<String>) -> Self;
}

impl DiagExt for Diag {
    fn secondary(mut self, span: Span, message: impl Into<String>) -> Diag {
        self.labels
            .push(Label::secondary((), span).with_message(message.into()));
        self
    }

    fn note(mut self, note: impl Into<String>) -> Diag {
        self.notes.push(format!("note: {}", note.into()));
        self
    }

    fn help(mut self, help: impl Into<String>) -> Diag {
        self.notes.push(format!("help: {}", help.into()));
        self
    }
}

/// True if any diagnostic in `diags` is an error (as opposed to a warning).
pub fn has_errors(diags: &[Diag]) -> bool {
    diags.iter().any(|d| d.severity >= Severity::Error)
}

/// Sorts diagnostics into source order (by the start of their primary
/// label), keeping the emission order among diagnostics at the same spot.
pub fn sort_by_position(diags: &mut [Diag]) {
    diags.sort_by_key(|d| {
        d.labels
            .iter()
            .find(|l| l.style == codespan_reporting::diagnostic::LabelStyle::Primary)
            .map_or(usize::MAX, |l| l.range.start)
    });
}

/// Renders `diags` as rustc-style text, with ANSI colours only if `color`.
pub fn render_diagnostics(file_name: &str, source: &str, diags: &[Diag], color: bool) -> String {
    let file = SimpleFile::new(file_name, source);
    let config = term::Config::default();
    let mut buffer = if color {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    };
    for diag in diags {
        // Rendering into memory can only fail if a label lies outside the
        // file, which would be a front-end bug; say so in the output rather
        // than panicking in the middle of error reporting.
        if let Err(err) = term::emit(&mut buffer, &config, &file, diag) {
            return format!(
                "{}internal error: cannot render diagnostic `{}`: {err}\n",
                String::from_utf8_lossy(buffer.as_slice()),
                diag.message
            );
        }
    }
    String::from_utf8_lossy(buffer.as_slice()).into_owned()
}
