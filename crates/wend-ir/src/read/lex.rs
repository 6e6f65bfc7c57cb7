//! The lexer of the IR reader: the tokens of LLVM's textual IR (names with
//! their sigils, labels, words, integers, strings, punctuation), made one
//! at a time on demand, each with the line and column errors point at.
//! Comments (`;` to the end of the line) and whitespace are skipped; a
//! lexer is only a place in the text, so the parser can keep one and
//! resume there.

use super::{ReadError, Result};
use std::borrow::Cow;

/// Names and words borrow from the input text; only quoted names with
/// escapes need a copy of their own (reading a large file is mostly
/// tokens, so no allocation per token).
pub(super) type Text<'a> = Cow<'a, str>;

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok<'a> {
    /// `%x`, `%"x y"`, `%7` (the name without `%`).
    Local(Text<'a>),
    /// `@f`, `@"f"`.
    Global(Text<'a>),
    /// `entry:`, `7:`, `"x":`.
    Label(Text<'a>),
    /// Keywords, type names, attribute words: `define`, `i32`, `nsw`.
    Word(Text<'a>),
    /// An integer literal, kept as text until its type is known.
    Int(Text<'a>),
    /// A plain `"…"` string (attributes, `source_filename`).
    Str,
    /// A `c"…"` byte-array literal.
    Bytes(Vec<u8>),
    /// `#0`.
    AttrGroup,
    /// `!dbg`, `!12`, `!` (before `{` or `"`).
    Meta,
    Ellipsis,
    Punct(char),
    Eof,
}

/// Where a token starts, 1-based: what errors point at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Pos {
    pub(super) line: u32,
    pub(super) column: u32,
}

#[derive(Clone, Debug)]
pub(super) struct Token<'a> {
    pub(super) tok: Tok<'a>,
    pub(super) pos: Pos,
    /// Whether the token is the first on its line (top-level statements
    /// such as `target triple = …` are skipped up to the next line).
    pub(super) first_on_line: bool,
    /// Byte offsets of the token and of its line: the lexer's state just
    /// before it, to resume there.
    pub(super) offset: usize,
    pub(super) line_start: usize,
}

/// The text of a quoted name (not valid UTF-8: with replacement characters).
fn owned_text<'a>(bytes: Vec<u8>) -> Text<'a> {
    Cow::Owned(
        String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
    )
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'$' | b'.' | b'_')
}

/// The tokens of the text, made one at a time. A lexer is only a place in
/// the text: the first pass keeps one for each function body, at its first
/// token, where the second pass resumes.
#[derive(Clone)]
pub(super) struct Lexer<'a> {
    text: &'a str,
    /// The next byte to look at.
    i: usize,
    line: u32,
    line_start: usize,
    first_on_line: bool,
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            i: 0,
            line: 1,
            line_start: 0,
            first_on_line: true,
        }
    }

    /// A lexer about to make `token` again (a token this text's lexer made).
    pub(super) fn before(text: &'a str, token: &Token<'a>) -> Lexer<'a> {
        Lexer {
            text,
            i: token.offset,
            line: token.pos.line,
            line_start: token.line_start,
            first_on_line: token.first_on_line,
        }
    }

    /// A lexer at byte `i` of `text`, in the middle of the 1-based line
    /// `line` that starts at byte `line_start`.
    pub(super) fn mid_line(text: &'a str, i: usize, line: u32, line_start: usize) -> Lexer<'a> {
        Lexer {
            text,
            i,
            line,
            line_start,
            first_on_line: false,
        }
    }

    /// The whole text this lexer reads.
    pub(super) fn text(&self) -> &'a str {
        self.text
    }

    /// The next token; at the end, `Eof` (again on every call).
    pub(super) fn next_token(&mut self) -> Result<Token<'a>> {
        let (text, bytes) = (self.text, self.text.as_bytes());
        let column_of = |i: usize, line_start: usize| (i - line_start + 1) as u32;
        while self.i < bytes.len() {
            let (i, line, line_start) = (self.i, self.line, self.line_start);
            let b = bytes[i];
            if b == b'\n' {
                self.i += 1;
                self.line += 1;
                self.line_start = self.i;
                self.first_on_line = true;
                continue;
            }
            if b.is_ascii_whitespace() {
                self.i += 1;
                continue;
            }
            if b == b';' {
                while self.i < bytes.len() && bytes[self.i] != b'\n' {
                    self.i += 1;
                }
                continue;
            }
            let column = column_of(i, line_start);
            let error = |message: String| ReadError {
                line,
                column,
                message,
            };
            let ident_end = |mut j: usize| {
                while j < bytes.len() && is_ident_byte(bytes[j]) {
                    j += 1;
                }
                j
            };
            // A `"…"` string starting at `j`: its bytes and the index after it.
            let quoted = |j: usize| -> Result<(Vec<u8>, usize)> {
                let mut out = Vec::new();
                let mut k = j + 1;
                loop {
                    match bytes.get(k) {
                        None | Some(b'\n') => {
                            return Err(error("unterminated string literal".into()))
                        }
                        Some(b'"') => return Ok((out, k + 1)),
                        Some(b'\\') => {
                            if bytes.get(k + 1) == Some(&b'\\') {
                                out.push(b'\\');
                                k += 2;
                                continue;
                            }
                            let hex = bytes
                                .get(k + 1..k + 3)
                                .and_then(|h| std::str::from_utf8(h).ok())
                                .and_then(|h| u8::from_str_radix(h, 16).ok())
                                .ok_or_else(|| {
                                    error("invalid escape in string (expected \\XX)".into())
                                })?;
                            out.push(hex);
                            k += 3;
                        }
                        Some(&c) => {
                            out.push(c);
                            k += 1;
                        }
                    }
                }
            };
            let name_after_sigil = |j: usize| -> Result<(Text<'_>, usize)> {
                match bytes.get(j) {
                    Some(b'"') => {
                        let (name, end) = quoted(j)?;
                        Ok((owned_text(name), end))
                    }
                    Some(&c) if is_ident_byte(c) => {
                        let end = ident_end(j);
                        Ok((Cow::Borrowed(&text[j..end]), end))
                    }
                    _ => Err(error("expected a name after the sigil".into())),
                }
            };
            let (tok, end) = match b {
                b'%' => {
                    let (name, end) = name_after_sigil(i + 1)?;
                    (Tok::Local(name), end)
                }
                b'@' => {
                    let (name, end) = name_after_sigil(i + 1)?;
                    (Tok::Global(name), end)
                }
                b'#' => {
                    let end = ident_end(i + 1);
                    (Tok::AttrGroup, end)
                }
                b'!' => (Tok::Meta, ident_end(i + 1)),
                b'"' => {
                    let (s, end) = quoted(i)?;
                    if bytes.get(end) == Some(&b':') {
                        (Tok::Label(owned_text(s)), end + 1)
                    } else {
                        (Tok::Str, end)
                    }
                }
                b'c' if bytes.get(i + 1) == Some(&b'"') => {
                    let (s, end) = quoted(i + 1)?;
                    (Tok::Bytes(s), end)
                }
                b'.' if bytes[i..].starts_with(b"...") => (Tok::Ellipsis, i + 3),
                b'(' | b')' | b'[' | b']' | b'{' | b'}' | b',' | b'=' | b'*' | b'<' | b'>' => {
                    (Tok::Punct(b as char), i + 1)
                }
                _ if b == b'-' || is_ident_byte(b) => {
                    let end = ident_end(i + 1);
                    let word = &text[i..end];
                    if bytes.get(end) == Some(&b':') {
                        (Tok::Label(Cow::Borrowed(word)), end + 1)
                    } else if word.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
                        let digits = word.strip_prefix('-').unwrap_or(word);
                        if digits.is_empty() || !digits.bytes().all(|d| d.is_ascii_digit()) {
                            return Err(error(format!("invalid number `{word}`")));
                        }
                        (Tok::Int(Cow::Borrowed(word)), end)
                    } else {
                        (Tok::Word(Cow::Borrowed(word)), end)
                    }
                }
                _ => {
                    let shown = text[i..].chars().next().unwrap_or('?');
                    return Err(error(format!("unexpected character `{shown}`")));
                }
            };
            let token = Token {
                tok,
                pos: Pos { line, column },
                first_on_line: self.first_on_line,
                offset: i,
                line_start,
            };
            self.first_on_line = false;
            self.i = end;
            return Ok(token);
        }
        Ok(Token {
            tok: Tok::Eof,
            pos: Pos {
                line: self.line,
                column: column_of(self.i.min(bytes.len()), self.line_start),
            },
            first_on_line: true,
            offset: self.i,
            line_start: self.line_start,
        })
    }
}
