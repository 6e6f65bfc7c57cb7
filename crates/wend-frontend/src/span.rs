//! Byte spans into the source text, and conversion of byte offsets to
//! 1-based line and column numbers.

use std::ops::Range;

/// The largest source file the front end accepts, in bytes: offsets are
/// stored in 32 bits (as rustc does), which keeps every token and syntax
/// tree node small. [`crate::lexer::lex`] rejects anything longer.
pub const MAX_SOURCE_LEN: usize = u32::MAX as usize;

/// What to say about a source of `len` bytes, over [`MAX_SOURCE_LEN`].
pub fn source_too_large(len: u64) -> String {
    format!("source file too large: {len} bytes, the limit is {MAX_SOURCE_LEN} (4 GiB)")
}

/// A half-open range of byte offsets `start..end` into the source text.
///
/// Every token and every AST node carries one, so that diagnostics can point
/// at the exact spot and lowering can recover source lines. The offsets are
/// 32-bit (see [`MAX_SOURCE_LEN`]): a span is 8 bytes, not 16, and there
/// are several in every node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    start: u32,
    end: u32,
}

impl Span {
    /// The span `start..end`; both are at most [`MAX_SOURCE_LEN`].
    pub fn new(start: usize, end: usize) -> Span {
        debug_assert!(start <= end && end <= MAX_SOURCE_LEN);
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    pub fn start(self) -> usize {
        self.start as usize
    }

    pub fn end(self) -> usize {
        self.end as usize
    }

    /// The smallest span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// Whether the span covers no byte (as the tokens error recovery
    /// inserts).
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// An empty span just at this span's start.
    pub fn shrink_to_start(self) -> Span {
        Span {
            start: self.start,
            end: self.start,
        }
    }
}

impl From<Span> for Range<usize> {
    fn from(span: Span) -> Range<usize> {
        span.start()..span.end()
    }
}

/// Maps byte offsets to line and column numbers in logarithmic time, so
/// that listing every token of a huge one-line file stays fast.
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// Byte offset of the first byte of every line; `line_starts[0] == 0`.
    line_starts: Vec<usize>,
    /// Offsets of UTF-8 continuation bytes (`0b10xx_xxxx`): a column counts
    /// characters, which is bytes minus the continuation bytes before it.
    continuation_bytes: Vec<usize>,
}

impl LineIndex {
    pub fn new(source: &str) -> LineIndex {
        // Both scans use the standard library's vectorised searches
        // (`memchr` for newlines, `is_ascii`), which matters for files of
        // many megabytes; most sources are pure ASCII and skip the second.
        let mut line_starts = vec![0];
        line_starts.extend(source.match_indices('\n').map(|(i, _)| i + 1));
        let continuation_bytes = if source.is_ascii() {
            Vec::new()
        } else {
            source
                .bytes()
                .enumerate()
                .filter(|&(_, b)| b & 0xC0 == 0x80)
                .map(|(i, _)| i)
                .collect()
        };
        LineIndex {
            line_starts,
            continuation_bytes,
        }
    }

    /// The 1-based line number containing byte `offset`.
    pub fn line(&self, offset: usize) -> u32 {
        // `partition_point` finds the number of lines starting at or before
        // `offset`, which is exactly the 1-based line number.
        let line = self.line_starts.partition_point(|&start| start <= offset);
        u32::try_from(line).unwrap_or(u32::MAX)
    }

    /// The 1-based line number containing byte `offset`, searched for
    /// outward from line `near`: in time logarithmic in the distance, not
    /// in the number of lines, for a walk that moves through the source
    /// mostly forward and by little (lowering: a search over the lines of
    /// a million-line file misses the cache at nearly every step).
    pub fn line_near(&self, offset: usize, near: u32) -> u32 {
        let starts = &self.line_starts;
        // The answer is the number of line starts at or before `offset`,
        // a prefix of `starts`; `starts[0] == 0` is always in it.
        let in_prefix = |i: usize| starts[i] <= offset;
        let guess = (near as usize).clamp(1, starts.len());
        let (low, high) = if in_prefix(guess - 1) {
            // The answer is at least `guess`: gallop forward.
            let (mut low, mut high, mut step) = (guess, guess, 1);
            while high < starts.len() && in_prefix(high) {
                low = high + 1;
                high += step;
                step *= 2;
            }
            (low, high.min(starts.len()))
        } else {
            // The answer is below `guess`: gallop backward.
            let (mut high, mut step) = (guess - 1, 1);
            let low = loop {
                let probe = high.saturating_sub(step);
                if in_prefix(probe) {
                    break probe + 1;
                }
                high = probe;
                step *= 2;
            };
            (low, high)
        };
        let line = low + starts[low..high].partition_point(|&start| start <= offset);
        u32::try_from(line).unwrap_or(u32::MAX)
    }

    /// The byte offsets of 1-based line `line`, its newline included (the
    /// last line extends to any offset past the end); empty for a line
    /// number past the last line.
    pub fn line_bytes(&self, line: u32) -> Range<usize> {
        let index = line as usize;
        let Some(&start) = index.checked_sub(1).and_then(|i| self.line_starts.get(i)) else {
            return 0..0;
        };
        let end = self.line_starts.get(index).copied().unwrap_or(usize::MAX);
        start..end
    }

    /// The 1-based line and column of byte `offset`. Columns count characters
    /// (not bytes), like the diagnostics renderer does, so the two agree.
    pub fn line_col(&self, offset: usize) -> (u32, u32) {
        let line = self.line(offset);
        let start = self.line_starts[line as usize - 1];
        let continuations = self.continuation_bytes.partition_point(|&i| i < offset)
            - self.continuation_bytes.partition_point(|&i| i < start);
        let col = offset - start - continuations;
        (line, u32::try_from(col + 1).unwrap_or(u32::MAX))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let src = "ab\ncd\n\né";
        let index = LineIndex::new(src);
        assert_eq!(index.line_col(0), (1, 1));
        assert_eq!(index.line_col(1), (1, 2));
        assert_eq!(index.line_col(2), (1, 3));
        assert_eq!(index.line_col(3), (2, 1));
        assert_eq!(index.line_col(6), (3, 1));
        assert_eq!(index.line_col(7), (4, 1));
        assert_eq!(index.line_col(9), (4, 2));
        assert_eq!(index.line_bytes(1), 0..3);
        assert_eq!(index.line_bytes(3), 6..7);
        assert_eq!(index.line_bytes(4), 7..usize::MAX);
        assert_eq!(index.line_bytes(5), 0..0);
        assert_eq!(index.line_bytes(0), 0..0);
    }

    #[test]
    fn searching_from_any_line_finds_the_same_line() {
        let source = "a\n\nbcd\ne\n\n\nfghij\nk\nlm\n\nn";
        let index = LineIndex::new(source);
        let lines = source.split('\n').count() as u32;
        for offset in 0..=source.len() + 2 {
            for near in 0..=lines + 2 {
                assert_eq!(
                    index.line_near(offset, near),
                    index.line(offset),
                    "offset {offset}, from line {near}"
                );
            }
        }
    }
}
