//! Diagnostics: the `Diag` type shared by every stage, small constructors
//! that keep the call sites short, and rendering to text with
//! codespan-reporting.

use codespan_reporting::diagnostic::{Diagnostic, Label, Severity};
use codespan_reporting::files::{Files, SimpleFile};
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

/// Makes every warning in `diags` an error, because of `cause` (a flag,
/// such as `` `-D warnings` ``), which the first one names in a note, as
/// rustc does.
pub fn deny_warnings(diags: &mut [Diag], cause: &str) {
    let mut first = true;
    for diag in diags.iter_mut().filter(|d| d.severity == Severity::Warning) {
        diag.severity = Severity::Error;
        if std::mem::take(&mut first) {
            diag.notes
                .push(format!("note: {cause} makes every warning an error"));
        }
    }
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
    let shown = ShownSource::new(source);
    let moved: Vec<Diag>;
    let (source, diags) = match &shown {
        Some(shown) => {
            moved = diags.iter().map(|d| shown.move_labels(d)).collect();
            (shown.text.as_str(), moved.as_slice())
        }
        None => (source, diags),
    };
    let file = SimpleFile::new(file_name, source);
    let config = term::Config::default();
    let without_snippet = term::Config {
        display_style: term::DisplayStyle::Medium,
        ..term::Config::default()
    };
    let mut buffer = if color {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    };
    for diag in diags {
        let longest = longest_labelled_line(&file, diag);
        let shortened;
        let (config, diag) = if longest > LONGEST_SHOWN_LINE {
            shortened = without_snippet_notes(&file, diag, longest);
            (&without_snippet, &shortened)
        } else {
            (&config, diag)
        };
        // Rendering into memory can only fail if a label lies outside the
        // file, which would be a front-end bug; say so in the output rather
        // than panicking in the middle of error reporting.
        if let Err(err) = term::emit(&mut buffer, config, &file, diag) {
            return format!(
                "{}internal error: cannot render diagnostic `{}`: {err}\n",
                String::from_utf8_lossy(buffer.as_slice()),
                diag.message
            );
        }
    }
    String::from_utf8_lossy(buffer.as_slice()).into_owned()
}

/// Source lines longer than this (in bytes, 4 KiB) are not shown: a diagnostic
/// about one is rendered without its snippet. Otherwise a thousand errors
/// on one long line (a generated or minified file) would print the line a
/// thousand times, quadratic output.
const LONGEST_SHOWN_LINE: usize = 4096;

/// `diag` for rendering without a snippet: what its labels say, each with
/// its position, becomes a note.
fn without_snippet_notes(file: &SimpleFile<&str, &str>, diag: &Diag, longest: usize) -> Diag {
    let mut shortened = diag.clone();
    shortened.notes.clear();
    for label in diag.labels.iter().filter(|l| !l.message.is_empty()) {
        shortened = match file.location((), label.range.start) {
            Ok(at) => shortened.note(format!(
                "{}:{}: {}",
                at.line_number, at.column_number, label.message
            )),
            Err(_) => shortened.note(label.message.clone()),
        };
    }
    shortened.notes.extend(diag.notes.iter().cloned());
    shortened.note(format!(
        "the source line ({longest} bytes) is too long to show"
    ))
}

/// The length of the longest source line that a label of `diag` touches.
fn longest_labelled_line(file: &SimpleFile<&str, &str>, diag: &Diag) -> usize {
    let line_len = |offset: usize| {
        let range = file
            .line_index((), offset)
            .and_then(|line| file.line_range((), line));
        range.map_or(0, |r| r.len())
    };
    (diag.labels.iter())
        .flat_map(|label| [label.range.start, label.range.end])
        .map(line_len)
        .max()
        .unwrap_or(0)
}

/// The source as snippets show it when it holds control characters other
/// than tab and line breaks: each becomes its Unicode "control picture"
/// (`\0` is `␀`, escape is `␛`, delete is `␡`), as rustc shows them. A raw
/// one would be invisible, leave the `^` marker without width, or (escape)
/// drive the terminal.
struct ShownSource {
    text: String,
    /// Byte offsets in the original of the replaced characters, ascending.
    replaced: Vec<usize>,
}

impl ShownSource {
    /// `None` when the source shows as it is (the usual case, found in one
    /// scan without copying).
    fn new(source: &str) -> Option<ShownSource> {
        let is_hidden = |b: u8| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || b == 0x7f;
        if !source.bytes().any(is_hidden) {
            return None;
        }
        let mut text = String::with_capacity(source.len() + 16);
        let mut replaced = Vec::new();
        for (at, c) in source.char_indices() {
            let byte = c as u32;
            if c.is_ascii() && is_hidden(byte as u8) {
                let picture = if byte == 0x7f { 0x2421 } else { 0x2400 + byte };
                text.push(char::from_u32(picture).unwrap());
                replaced.push(at);
            } else {
                text.push(c);
            }
        }
        Some(ShownSource { text, replaced })
    }

    /// `offset` of the original in the shown text: each replaced character
    /// before it grew from one byte to three.
    fn offset(&self, offset: usize) -> usize {
        offset + 2 * self.replaced.partition_point(|&at| at < offset)
    }

    fn move_labels(&self, diag: &Diag) -> Diag {
        let mut diag = diag.clone();
        for label in &mut diag.labels {
            label.range = self.offset(label.range.start)..self.offset(label.range.end);
        }
        diag
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_show_as_pictures_with_their_marker() {
        let source = "main() {\n    int x;\u{1}\u{1b}\n}\n";
        let at = source.find('\u{1b}').unwrap();
        let diag = error("unexpected character", Span::new(at, at + 1), "here");
        let text = render_diagnostics("t.wend", source, &[diag], false);
        assert!(text.contains("int x;\u{2401}\u{241b}"), "{text}");
        assert!(!text.contains('\u{1b}'), "{text}");
        // The marker sits under the escape character's picture, one column
        // after the other picture.
        let marker_line = text.lines().find(|l| l.contains('^')).expect(&text);
        let code_line = text.lines().find(|l| l.contains("int x;")).unwrap();
        let column = |line: &str, pat: char| line.chars().position(|c| c == pat).unwrap();
        assert_eq!(
            column(marker_line, '^'),
            column(code_line, '\u{241b}'),
            "{text}"
        );
    }

    #[test]
    fn ordinary_sources_are_shown_as_they_are() {
        assert!(ShownSource::new("main() {\n\tprintln 1;\r\n}\n").is_none());
    }
}
