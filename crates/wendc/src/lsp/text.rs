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

    /// The protocol's reading of a position, on the text as UTF-16 code
    /// units: a line past the end is the end; a column past its line's
    /// end (before `\r\n` or `\n`) is that end; a column between the two
    /// halves of a surrogate pair is the start of the pair.
    fn model_offset(units: &[u16], position: Position) -> usize {
        let newline = u16::from(b'\n');
        let mut starts = vec![0];
        starts.extend(
            (0..units.len())
                .filter(|&i| units[i] == newline)
                .map(|i| i + 1),
        );
        let Some(&start) = starts.get(position.line as usize) else {
            return units.len();
        };
        let mut end = (start..units.len())
            .find(|&i| units[i] == newline)
            .unwrap_or(units.len());
        if end > start && units[end - 1] == u16::from(b'\r') {
            end -= 1;
        }
        let mut at = (start + position.character as usize).min(end);
        if at > start && at < end && (0xDC00..0xE000).contains(&units[at]) {
            at -= 1;
        }
        at
    }

    proptest::proptest! {
        /// Any sequence of edits, at any positions (past the ends, inside
        /// surrogate pairs, ends before starts), leaves the text the
        /// protocol's reading of them gives, worked out on UTF-16 units.
        #[test]
        fn edits_agree_with_utf16(
            start in "[a\\né𝔵\r]{0,12}",
            edits in proptest::collection::vec(
                (0u32..5, 0u32..8, 0u32..5, 0u32..8, "[b\\né𝔵\r]{0,3}"), 1..8),
        ) {
            let mut text = Text::new(start.clone());
            let mut model: Vec<u16> = start.encode_utf16().collect();
            for (l0, c0, l1, c1, new) in edits {
                let range = Range::new(Position::new(l0, c0), Position::new(l1, c1));
                text.edit(range, &new);
                let from = model_offset(&model, range.start);
                let to = model_offset(&model, range.end).max(from);
                model.splice(from..to, new.encode_utf16());
                proptest::prop_assert_eq!(&text.source, &String::from_utf16(&model).unwrap());
                proptest::prop_assert_eq!(&text.line_starts, &line_starts(&text.source));
            }
        }
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
