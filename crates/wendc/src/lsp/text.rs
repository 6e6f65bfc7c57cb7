//! Byte offsets into a document and LSP positions, which count lines from
//! 0 and columns in UTF-16 code units (the protocol's default encoding,
//! the one every client supports).

use lsp_types::{Position, Range};
use wend_frontend::span::Span;

/// A document's text with the start of each of its lines.
pub struct Text {
    pub source: String,
    line_starts: Vec<usize>,
}

impl Text {
    pub fn new(source: String) -> Text {
        Text {
            line_starts: line_starts(&source),
            source,
        }
    }

    /// The position of byte `offset` (clamped to the text, and back to the
    /// start of the character it falls inside).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.source.len());
        while !self.source.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_starts.partition_point(|&start| start <= offset) - 1;
        let start = self.line_starts[line];
        let before = &self.source[start..offset];
        let character = if before.is_ascii() {
            before.len()
        } else {
            before.chars().map(char::len_utf16).sum()
        };
        Position::new(line as u32, character as u32)
    }

    /// Replaces the text of `range` (as [`Text::offset`] reads its ends)
    /// with `text`: an editor's change to the document.
    pub fn edit(&mut self, range: Range, text: &str) {
        let start = self.offset(range.start);
        let end = self.offset(range.end).max(start);
        self.source.replace_range(start..end, text);
        self.line_starts = line_starts(&self.source);
    }

    pub fn range(&self, span: Span) -> Range {
        Range::new(self.position(span.start()), self.position(span.end()))
    }

    /// The byte offset of `position`: a line past the end is the end of
    /// the text, a column past the end of its line (or inside a surrogate
    /// pair) is clamped, as the protocol asks.
    pub fn offset(&self, position: Position) -> usize {
        let Some(&start) = self.line_starts.get(position.line as usize) else {
            return self.source.len();
        };
        let line = &self.source[start..];
        let line = &line[..line.find('\n').unwrap_or(line.len())];
        let line = line.strip_suffix('\r').unwrap_or(line);
        let mut units = 0;
        for (at, c) in line.char_indices() {
            if units + c.len_utf16() > position.character as usize {
                return start + at;
            }
            units += c.len_utf16();
        }
        start + line.len()
    }
}

fn line_starts(source: &str) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(source.match_indices('\n').map(|(i, _)| i + 1));
    starts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_code_units() {
        // `é` is one UTF-16 unit (two bytes), `𝔵` two units (four bytes).
        let text = Text::new("ab\n// é𝔵 x\ny".to_string());
        let x = text.source.find(" x").unwrap() + 1;
        assert_eq!(text.position(x), Position::new(1, 7));
        assert_eq!(text.offset(Position::new(1, 7)), x);
        assert_eq!(text.position(text.source.len()), Position::new(2, 1));
        assert_eq!(text.offset(Position::new(0, 99)), 2);
        assert_eq!(text.offset(Position::new(9, 0)), text.source.len());
        // Inside the surrogate pair: the start of the character.
        let pair = text.source.find('𝔵').unwrap();
        assert_eq!(text.offset(Position::new(1, 5)), pair);
        assert_eq!(text.position(pair + 2), text.position(pair));
    }

    #[test]
    fn a_carriage_return_is_not_a_column() {
        let text = Text::new("ab\r\ncd".to_string());
        assert_eq!(text.offset(Position::new(0, 5)), 2);
        assert_eq!(text.position(4), Position::new(1, 0));
    }

    #[test]
    fn edits_replace_utf16_ranges() {
        let mut text = Text::new("a𝔵b\ncd\r\nef".to_string());
        // `b` is at UTF-16 column 3 (after `a` and the pair of `𝔵`).
        text.edit(Range::new(Position::new(0, 3), Position::new(0, 4)), "B");
        assert_eq!(text.source, "a𝔵B\ncd\r\nef");
        // Across lines, from inside line 1 to the start of line 2.
        text.edit(
            Range::new(Position::new(1, 1), Position::new(2, 0)),
            "\n\nX",
        );
        assert_eq!(text.source, "a𝔵B\nc\n\nXef");
        assert_eq!(text.position(text.source.len()), Position::new(3, 3));
        // Insertion at the very end, and a range past it: clamped.
        text.edit(Range::new(Position::new(3, 3), Position::new(3, 3)), "!");
        text.edit(Range::new(Position::new(9, 0), Position::new(9, 9)), "?");
        assert_eq!(text.source, "a𝔵B\nc\n\nXef!?");
        // An end before the start deletes nothing.
        text.edit(Range::new(Position::new(0, 2), Position::new(0, 0)), "-");
        assert_eq!(text.source, "a-𝔵B\nc\n\nXef!?");
    }
}
