//! The hand-written lexer: turns source text into tokens with byte spans.
//!
//! It implements §1 of the language reference. Lexing never stops at the
//! first problem: every malformed token is reported and skipped, so one run
//! shows all lexical errors. The parser only runs when lexing was clean.

use crate::diag::{error, Diag, DiagExt};
use crate::span::{source_too_large, LineIndex, Span, MAX_SOURCE_LEN};

/// The kind of a token. Tokens carry no payload: an identifier's name, a
/// literal's value are read from the source text under the token's span
/// when the tree is built ([`int_value`], [`string_value`]). So a stored
/// token is 12 bytes, and the token list of a huge program is a third of
/// what it would be with a name or a decoded string in every token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    /// An identifier (never a keyword).
    Ident,
    /// An integer literal (its digits are valid: see [`int_value`]).
    Int,
    /// A string literal (its escapes are valid: see [`string_value`]).
    Str,
    // Keywords.
    KwInt,
    KwBool,
    True,
    False,
    If,
    Else,
    While,
    Return,
    Print,
    Println,
    // Punctuation and operators.
    LParen,
    RParen,
    LBrace,
    RBrace,
    Semi,
    Comma,
    Assign,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Lt,
    Le,
    Gt,
    Ge,
    EqEq,
    NotEq,
    AndAnd,
    OrOr,
    Bang,
}

impl Tok {
    /// The fixed spelling of keywords and punctuation; `None` for
    /// identifiers and literals.
    pub fn spelling(&self) -> Option<&'static str> {
        Some(match self {
            Tok::Ident | Tok::Int | Tok::Str => return None,
            Tok::KwInt => "int",
            Tok::KwBool => "bool",
            Tok::True => "true",
            Tok::False => "false",
            Tok::If => "if",
            Tok::Else => "else",
            Tok::While => "while",
            Tok::Return => "return",
            Tok::Print => "print",
            Tok::Println => "println",
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::LBrace => "{",
            Tok::RBrace => "}",
            Tok::Semi => ";",
            Tok::Comma => ",",
            Tok::Assign => "=",
            Tok::Plus => "+",
            Tok::Minus => "-",
            Tok::Star => "*",
            Tok::Slash => "/",
            Tok::Percent => "%",
            Tok::Lt => "<",
            Tok::Le => "<=",
            Tok::Gt => ">",
            Tok::Ge => ">=",
            Tok::EqEq => "==",
            Tok::NotEq => "!=",
            Tok::AndAnd => "&&",
            Tok::OrOr => "||",
            Tok::Bang => "!",
        })
    }

    fn keyword(word: &str) -> Option<Tok> {
        Some(match word {
            "int" => Tok::KwInt,
            "bool" => Tok::KwBool,
            "true" => Tok::True,
            "false" => Tok::False,
            "if" => Tok::If,
            "else" => Tok::Else,
            "while" => Tok::While,
            "return" => Tok::Return,
            "print" => Tok::Print,
            "println" => Tok::Println,
            _ => return None,
        })
    }

    fn is_keyword(&self) -> bool {
        matches!(
            self,
            Tok::KwInt
                | Tok::KwBool
                | Tok::True
                | Tok::False
                | Tok::If
                | Tok::Else
                | Tok::While
                | Tok::Return
                | Tok::Print
                | Tok::Println
        )
    }
}

/// How a token is described in diagnostics: "`;`", "identifier `x`", ...
/// (`text` is the token's source text).
pub fn describe(tok: Tok, text: &str) -> String {
    match tok {
        Tok::Ident => format!("identifier `{text}`"),
        Tok::Int => "integer literal".to_string(),
        Tok::Str => "string literal".to_string(),
        Tok::True | Tok::False => format!("`{text}`"),
        tok if tok.is_keyword() => format!("keyword `{text}`"),
        _ => format!("`{text}`"),
    }
}

const UNTERMINATED_STRING: &str = "unterminated string literal";
const BLOCK_COMMENT: &str = "wend has no block comments";
const HASH_COMMENT: &str = "unexpected character `#`";
const UNTERMINATED_COMMENT: &str = "unterminated block comment (wend has no block comments)";

/// Whether a lexical error hides the rest of the file: a string or a
/// `/*` comment that is never closed runs to its end, so what the rest
/// would have been, its delimiters included, is unknown.
pub(crate) fn hides_the_rest(diag: &Diag) -> bool {
    diag.message == UNTERMINATED_STRING || diag.message == UNTERMINATED_COMMENT
}

/// Whether a lexical error is a comment written as another language
/// writes it (`/* ... */`, `# ...`): skipped whole, it took no token away.
pub(crate) fn is_foreign_comment(diag: &Diag) -> bool {
    diag.message == BLOCK_COMMENT || diag.message == HASH_COMMENT
}

/// A token and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub tok: Tok,
    pub span: Span,
}

impl Token {
    /// The token's source text.
    pub fn text(self, src: &str) -> &str {
        &src[self.span.start()..self.span.end()]
    }
}

/// The value of an integer literal's digits, saturating at `u64::MAX`: the
/// range rule (at most 2147483647, or 2147483648 under unary minus) is
/// checked by semantic analysis, which knows the literal's context.
pub fn int_value(digits: &str) -> u64 {
    digits.bytes().fold(0u64, |value, digit| {
        value
            .saturating_mul(10)
            .saturating_add(u64::from(digit - b'0'))
    })
}

/// The bytes of a string literal (`literal` is its text, quotes included,
/// as lexed without error): escapes decoded, since a string is bytes.
pub fn string_value(literal: &str) -> Vec<u8> {
    let mut lexer = Lexer::new(literal, Vec::new());
    let bytes = lexer.string();
    debug_assert!(
        lexer.errors.is_empty(),
        "a string literal that was lexed cleanly"
    );
    bytes.unwrap_or_default()
}

/// Splits `src` into tokens. Returns all tokens that could be formed and
/// all lexical errors found (the token list is only meaningful when there
/// are no errors).
pub fn lex(src: &str) -> (Vec<Token>, Vec<Diag>) {
    if let Some(too_large) = check_source_len(src.len()) {
        return (Vec::new(), vec![too_large]);
    }
    // Every token has a byte above the space: with room for that many, the
    // list is never copied as it grows, and capacity that is never written
    // is only address space.
    let capacity = count_above_space(src.as_bytes());
    let mut lexer = Lexer::new(src, Vec::with_capacity(capacity));
    lexer.run();
    (lexer.tokens, lexer.errors)
}

/// The error for a source longer than spans can address (4 GiB), if it is.
fn check_source_len(len: usize) -> Option<Diag> {
    (len > MAX_SOURCE_LEN).then(|| {
        let past_limit = MAX_SOURCE_LEN..MAX_SOURCE_LEN + 1;
        codespan_reporting::diagnostic::Diagnostic::error()
            .with_message(source_too_large(len as u64))
            .with_labels(vec![codespan_reporting::diagnostic::Label::primary(
                (),
                past_limit,
            )
            .with_message("the first byte past the limit")])
    })
}

/// How many bytes are above `b' '`. Counted in runs of 255 into a byte-wide
/// counter, a loop LLVM turns into vector instructions: the source of a
/// deeply nested program is hundreds of megabytes, mostly indentation.
fn count_above_space(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|run| run.iter().fold(0u8, |n, &b| n + u8::from(b > b' ')) as usize)
        .sum()
}

struct Lexer<'src> {
    src: &'src str,
    bytes: &'src [u8],
    pos: usize,
    tokens: Vec<Token>,
    errors: Vec<Diag>,
}

impl<'src> Lexer<'src> {
    fn new(src: &'src str, tokens: Vec<Token>) -> Lexer<'src> {
        Lexer {
            src,
            bytes: src.as_bytes(),
            pos: 0,
            tokens,
            errors: Vec::new(),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<u8> {
        self.bytes.get(self.pos + offset).copied()
    }

    fn push(&mut self, tok: Tok, start: usize) {
        self.tokens.push(Token {
            tok,
            span: Span::new(start, self.pos),
        });
    }

    /// The full character starting at byte `at` (which is always on a char
    /// boundary when called) and its length in bytes.
    fn char_at(&self, at: usize) -> (char, usize) {
        let c = self.src[at..].chars().next().unwrap_or('\u{FFFD}');
        (c, c.len_utf8())
    }

    fn run(&mut self) {
        while let Some(b) = self.peek() {
            let start = self.pos;
            match b {
                b' ' | b'\t' | b'\r' | b'\n' => self.skip_whitespace(),
                b'/' if self.peek_at(1) == Some(b'/') => self.skip_comment(),
                b'/' if self.peek_at(1) == Some(b'*') => self.block_comment(),
                b'a'..=b'z' | b'A'..=b'Z' | b'_' => self.word(),
                b'0'..=b'9' => self.number(),
                b'"' => {
                    // Decoded only to check the escapes: the parser decodes
                    // the few strings of a program again from the text.
                    if self.string().is_some() {
                        self.push(Tok::Str, start);
                    }
                }
                _ => {
                    if let Some(tok) = self.punctuation() {
                        self.push(tok, start);
                    } else {
                        self.unexpected_char();
                    }
                }
            }
        }
    }

    fn skip_whitespace(&mut self) {
        // A loop of its own rather than one byte per turn of `run`:
        // indentation is most of the bytes of a deeply nested program.
        // Eight spaces are compared at once.
        const SPACES: u64 = u64::from_ne_bytes([b' '; 8]);
        let mut rest = &self.bytes[self.pos..];
        while let Some((eight, after)) = rest.split_first_chunk::<8>() {
            if u64::from_ne_bytes(*eight) != SPACES {
                break;
            }
            rest = after;
        }
        let blank = rest
            .iter()
            .take_while(|&&b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
            .count();
        self.pos = self.bytes.len() - rest.len() + blank;
    }

    fn skip_comment(&mut self) {
        // Comments may contain anything, including non-ASCII text.
        while let Some(b) = self.peek() {
            if b == b'\n' {
                break;
            }
            self.pos += 1;
        }
    }

    /// `/* ... */` is not wend (no valid program has `/*` outside a string
    /// or comment): reported once, and skipped as C would, so that its text
    /// makes no further errors.
    fn block_comment(&mut self) {
        let start = self.pos;
        let end = self.src[start + 2..]
            .find("*/")
            .map(|at| start + 2 + at + 2);
        let opener = Span::new(start, start + 2);
        let message = if end.is_some() {
            BLOCK_COMMENT
        } else {
            UNTERMINATED_COMMENT
        };
        self.errors.push(
            error(message, opener, "`/*` starts a comment in C, not in wend")
                .help("start each line of the comment with `//`"),
        );
        self.pos = end.unwrap_or(self.src.len());
    }

    fn word(&mut self) {
        let start = self.pos;
        while matches!(
            self.peek(),
            Some(b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_')
        ) {
            self.pos += 1;
        }
        let text = &self.src[start..self.pos];
        let tok = Tok::keyword(text).unwrap_or(Tok::Ident);
        self.push(tok, start);
    }

    fn number(&mut self) {
        let start = self.pos;
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
        // `123abc` is not an identifier and not a number: say so once,
        // instead of lexing it as two tokens that make a confusing parse error.
        if matches!(self.peek(), Some(b'a'..=b'z' | b'A'..=b'Z' | b'_')) {
            while matches!(
                self.peek(),
                Some(b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_')
            ) {
                self.pos += 1;
            }
            self.errors.push(
                error(
                    "invalid integer literal",
                    Span::new(start, self.pos),
                    "a number cannot be followed directly by letters",
                )
                .note("identifiers cannot start with a digit"),
            );
            return;
        }
        self.push(Tok::Int, start);
    }

    fn punctuation(&mut self) -> Option<Tok> {
        let first = self.peek()?;
        let second = self.peek_at(1);
        let (tok, len) = match (first, second) {
            (b'<', Some(b'=')) => (Tok::Le, 2),
            (b'>', Some(b'=')) => (Tok::Ge, 2),
            (b'=', Some(b'=')) => (Tok::EqEq, 2),
            (b'!', Some(b'=')) => (Tok::NotEq, 2),
            (b'&', Some(b'&')) => (Tok::AndAnd, 2),
            (b'|', Some(b'|')) => (Tok::OrOr, 2),
            (b'(', _) => (Tok::LParen, 1),
            (b')', _) => (Tok::RParen, 1),
            (b'{', _) => (Tok::LBrace, 1),
            (b'}', _) => (Tok::RBrace, 1),
            (b';', _) => (Tok::Semi, 1),
            (b',', _) => (Tok::Comma, 1),
            (b'=', _) => (Tok::Assign, 1),
            (b'+', _) => (Tok::Plus, 1),
            (b'-', _) => (Tok::Minus, 1),
            (b'*', _) => (Tok::Star, 1),
            (b'/', _) => (Tok::Slash, 1),
            (b'%', _) => (Tok::Percent, 1),
            (b'<', _) => (Tok::Lt, 1),
            (b'>', _) => (Tok::Gt, 1),
            (b'!', _) => (Tok::Bang, 1),
            _ => return None,
        };
        self.pos += len;
        Some(tok)
    }

    fn unexpected_char(&mut self) {
        let start = self.pos;
        let (c, len) = self.char_at(start);
        self.pos += len;
        let span = Span::new(start, self.pos);
        let shown = c.escape_debug();
        let mut diag = error(
            format!("unexpected character `{shown}`"),
            span,
            "not valid in a wend program",
        );
        diag = match c {
            '&' => diag.help("the logical and operator is `&&`"),
            '|' => diag.help("the logical or operator is `||`"),
            '\'' => diag.help("string literals use double quotes: \"...\""),
            ':' => diag.help("wend has no `:`: a block is written in braces, as in `if x { ... }`"),
            '#' => diag.help("comments start with `//`"),
            '[' | ']' => diag.note("wend has no arrays"),
            '?' => diag.help("wend has no `?:` operator: use `if ... { ... } else { ... }`"),
            '^' | '~' => diag.note("wend has no bitwise operators"),
            _ if !c.is_ascii() => {
                diag.note("non-ASCII text may only appear in strings and comments")
            }
            _ => diag,
        };
        self.errors.push(diag);
        // `#` starts a comment in Python and the shells (never anything in
        // wend): the rest of its line is skipped, as such a comment.
        if c == '#' {
            self.skip_comment();
        }
    }

    /// Lexes a string literal starting at the opening quote, decoding
    /// escapes; `None` (with the errors reported) if it is malformed.
    fn string(&mut self) -> Option<Vec<u8>> {
        let start = self.pos;
        self.pos += 1; // the opening quote
        let mut bytes = Vec::new();
        let mut ok = true;
        loop {
            match self.peek() {
                None => {
                    self.errors.push(
                        error(
                            UNTERMINATED_STRING,
                            Span::new(start, start + 1),
                            "this string is never closed",
                        )
                        .help("add a closing `\"` before the end of the line"),
                    );
                    return None;
                }
                Some(b'\n') => {
                    self.errors.push(
                        error(
                            "newline in string literal",
                            Span::new(self.pos, self.pos),
                            "the line ends here, inside the string",
                        )
                        .secondary(Span::new(start, start + 1), "the string starts here")
                        .help("strings must fit on one line; write `\\n` for a newline byte"),
                    );
                    // Resume lexing at the newline, i.e. on the next line.
                    return None;
                }
                Some(b'"') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') => match self.escape() {
                    Some(byte) => bytes.push(byte),
                    None => ok = false,
                },
                Some(b) => {
                    bytes.push(b);
                    self.pos += 1;
                }
            }
        }
        ok.then_some(bytes)
    }

    /// Decodes one escape sequence starting at the backslash. On error,
    /// reports it, skips the malformed escape and returns `None`.
    fn escape(&mut self) -> Option<u8> {
        let start = self.pos;
        self.pos += 1; // the backslash
        let Some(c) = self.peek() else {
            // End of file right after the backslash: the unterminated
            // string error reported by the caller says it all.
            return None;
        };
        let simple = match c {
            b'n' => Some(b'\n'),
            b't' => Some(b'\t'),
            b'r' => Some(b'\r'),
            b'\\' => Some(b'\\'),
            b'"' => Some(b'"'),
            _ => None,
        };
        if let Some(byte) = simple {
            self.pos += 1;
            return Some(byte);
        }
        match c {
            b'x' => self.hex_escape(start),
            b'0'..=b'7' => self.octal_escape(start),
            // Leave the newline for the caller, which reports it.
            b'\n' => None,
            _ => {
                let (ch, len) = self.char_at(self.pos);
                self.pos += len;
                let span = Span::new(start, self.pos);
                self.errors.push(
                    error(
                        format!("unknown escape sequence `\\{}`", ch.escape_debug()),
                        span,
                        "unknown escape",
                    )
                    .note(
                        "the escapes are \\n \\t \\r \\\\ \\\" \\0, \\xHH (two hex digits) \
                         and \\NNN (one to three octal digits, at most \\377)",
                    ),
                );
                None
            }
        }
    }

    /// `\xHH`: exactly two hex digits. `start` is the backslash.
    fn hex_escape(&mut self, start: usize) -> Option<u8> {
        self.pos += 1; // the `x`
        let mut value = 0u8;
        for _ in 0..2 {
            match self.peek().and_then(|b| (b as char).to_digit(16)) {
                Some(digit) => {
                    // Two hex digits always fit in a byte.
                    value = value * 16 + digit as u8;
                    self.pos += 1;
                }
                None => {
                    self.errors.push(
                        error(
                            "invalid `\\x` escape",
                            Span::new(start, self.pos),
                            "`\\x` must be followed by exactly two hex digits",
                        )
                        .help("write a byte like `\\x1b` or `\\x0A`"),
                    );
                    return None;
                }
            }
        }
        Some(value)
    }

    /// `\NNN`: one to three octal digits, value at most 0o377.
    fn octal_escape(&mut self, start: usize) -> Option<u8> {
        let mut value: u32 = 0;
        let mut digits = 0;
        while digits < 3 {
            match self.peek() {
                Some(d @ b'0'..=b'7') => {
                    value = value * 8 + u32::from(d - b'0');
                    digits += 1;
                    self.pos += 1;
                }
                _ => break,
            }
        }
        match u8::try_from(value) {
            Ok(byte) => Some(byte),
            Err(_) => {
                self.errors.push(error(
                    format!(
                        "octal escape `{}` is out of range",
                        &self.src[start..self.pos]
                    ),
                    Span::new(start, self.pos),
                    "the largest octal escape is `\\377`",
                ));
                None
            }
        }
    }
}

/// The `--emit tokens` listing: one token per line as `LINE:COL KIND [TEXT]`,
/// ending with an `eof` line.
pub fn format_tokens(src: &str, tokens: &[Token]) -> String {
    let index = LineIndex::new(src);
    let mut out = String::new();
    for token in tokens {
        let (line, col) = index.line_col(token.span.start());
        let text = token.text(src);
        let described = match token.tok {
            Tok::Ident => format!("identifier {text}"),
            Tok::Int => format!("integer {text}"),
            Tok::Str => format!("string \"{}\"", escape_bytes(&string_value(text))),
            tok if tok.is_keyword() => format!("keyword {text}"),
            _ => format!("punct {text}"),
        };
        out.push_str(&format!("{line}:{col} {described}\n"));
    }
    let (line, col) = index.line_col(src.len());
    out.push_str(&format!("{line}:{col} eof\n"));
    out
}

/// Shows bytes as a wend string literal body: printable ASCII as is,
/// everything else escaped, so the output is always plain ASCII.
pub fn escape_bytes(bytes: &[u8]) -> String {
    let mut out = String::new();
    for &b in bytes {
        match b {
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b'\r' => out.push_str("\\r"),
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\\""),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<Tok> {
        let (tokens, errors) = lex(src);
        assert!(errors.is_empty(), "unexpected errors: {errors:?}");
        tokens.into_iter().map(|t| t.tok).collect()
    }

    /// The source text of each token.
    fn texts(src: &str) -> Vec<&str> {
        let (tokens, errors) = lex(src);
        assert!(errors.is_empty(), "unexpected errors: {errors:?}");
        tokens.into_iter().map(|t| t.text(src)).collect()
    }

    #[test]
    fn sources_past_four_gib_are_refused_since_spans_are_32_bit() {
        assert!(check_source_len(0).is_none());
        assert!(check_source_len(MAX_SOURCE_LEN).is_none());
        let error = check_source_len(MAX_SOURCE_LEN + 1).expect("too large");
        assert_eq!(
            error.message,
            "source file too large: 4294967296 bytes, the limit is 4294967295 (4 GiB)"
        );
        assert_eq!(error.labels[0].range, MAX_SOURCE_LEN..MAX_SOURCE_LEN + 1);
    }

    fn error_messages(src: &str) -> Vec<(String, Span)> {
        let (_, errors) = lex(src);
        errors
            .into_iter()
            .map(|d| {
                let range = d.labels[0].range.clone();
                (d.message, Span::new(range.start, range.end))
            })
            .collect()
    }

    fn string_bytes(src: &str) -> Vec<u8> {
        let (tokens, errors) = lex(src);
        assert!(errors.is_empty(), "unexpected errors: {errors:?}");
        match tokens.as_slice() {
            [token] if token.tok == Tok::Str => string_value(token.text(src)),
            other => panic!("expected one string, got {other:?}"),
        }
    }

    #[test]
    fn every_keyword() {
        assert_eq!(
            kinds("int bool true false if else while return print println"),
            vec![
                Tok::KwInt,
                Tok::KwBool,
                Tok::True,
                Tok::False,
                Tok::If,
                Tok::Else,
                Tok::While,
                Tok::Return,
                Tok::Print,
                Tok::Println
            ]
        );
    }

    #[test]
    fn identifiers_including_non_keywords() {
        let src = "and or xor not main _x a1 Int intx";
        assert_eq!(kinds(src), vec![Tok::Ident; 9]);
        assert_eq!(
            texts(src),
            ["and", "or", "xor", "not", "main", "_x", "a1", "Int", "intx"]
        );
    }

    #[test]
    fn every_punctuation() {
        assert_eq!(
            kinds("( ) { } ; , = + - * / % < <= > >= == != && || !"),
            vec![
                Tok::LParen,
                Tok::RParen,
                Tok::LBrace,
                Tok::RBrace,
                Tok::Semi,
                Tok::Comma,
                Tok::Assign,
                Tok::Plus,
                Tok::Minus,
                Tok::Star,
                Tok::Slash,
                Tok::Percent,
                Tok::Lt,
                Tok::Le,
                Tok::Gt,
                Tok::Ge,
                Tok::EqEq,
                Tok::NotEq,
                Tok::AndAnd,
                Tok::OrOr,
                Tok::Bang
            ]
        );
        // Maximal munch without spaces.
        assert_eq!(
            kinds("a<=b==!c"),
            vec![
                Tok::Ident,
                Tok::Le,
                Tok::Ident,
                Tok::EqEq,
                Tok::Bang,
                Tok::Ident
            ]
        );
        assert_eq!(texts("a<=b==!c"), vec!["a", "<=", "b", "==", "!", "c"]);
    }

    #[test]
    fn integers() {
        let src = "0 42 2147483647 2147483648 99999999999999999999999";
        assert_eq!(kinds(src), vec![Tok::Int; 5]);
        let values: Vec<u64> = texts(src).into_iter().map(int_value).collect();
        assert_eq!(values, vec![0, 42, 2147483647, 2147483648, u64::MAX]);
    }

    #[test]
    fn spans_are_byte_ranges() {
        let (tokens, _) = lex("x = \"é\";");
        let spans: Vec<_> = tokens
            .iter()
            .map(|t| (t.span.start(), t.span.end()))
            .collect();
        assert_eq!(spans, vec![(0, 1), (2, 3), (4, 8), (8, 9)]);
    }

    #[test]
    fn comments_and_whitespace() {
        assert_eq!(
            texts("a // comment \"not a string\" é\n\t\r b // trailing"),
            vec!["a", "b"]
        );
        assert_eq!(string_bytes("\"a // b\""), b"a // b".to_vec());
        assert_eq!(kinds("a / b"), vec![Tok::Ident, Tok::Slash, Tok::Ident]);
    }

    #[test]
    fn runs_of_blanks_of_every_length_around_the_eight_at_once() {
        for blanks in [" ", "\t", "\n", " \t"] {
            for len in 0..=20 {
                for tail in ["", " ", "\t", "\r\n"] {
                    let gap = format!("{}{tail}", blanks.repeat(len));
                    if gap.is_empty() {
                        continue;
                    }
                    let src = format!("a{gap}b{gap}");
                    let (tokens, errors) = lex(&src);
                    assert!(errors.is_empty());
                    let spans: Vec<_> = tokens
                        .iter()
                        .map(|t| (t.span.start(), t.span.end()))
                        .collect();
                    let b = 1 + gap.len();
                    assert_eq!(spans, vec![(0, 1), (b, b + 1)], "{src:?}");
                }
            }
        }
    }

    #[test]
    fn counts_bytes_above_space_past_a_run_of_255() {
        assert_eq!(count_above_space(b""), 0);
        assert_eq!(count_above_space(&[b'x'; 1000]), 1000);
        let mixed: Vec<u8> = (0..=255u8).cycle().take(3000).collect();
        let expected = mixed.iter().filter(|&&b| b > b' ').count();
        assert_eq!(count_above_space(&mixed), expected);
    }

    #[test]
    fn every_escape() {
        assert_eq!(string_bytes(r#""\n\t\r\\\"\0""#), b"\n\t\r\\\"\0".to_vec());
        assert_eq!(
            string_bytes(r#""\x1b\xFF\x41g""#),
            vec![0x1b, 0xff, 0x41, b'g']
        );
        assert_eq!(string_bytes(r#""\033[0m""#), b"\x1b[0m".to_vec());
        assert_eq!(
            string_bytes(r#""\7\77\377\0101""#),
            vec![7, 0o77, 0o377, 0o10, b'1']
        );
        assert_eq!(string_bytes(r#""\08""#), vec![0, b'8']);
        assert_eq!(string_bytes("\"é\""), "é".as_bytes().to_vec());
        assert_eq!(string_bytes("\"\""), Vec::<u8>::new());
    }

    #[test]
    fn unknown_escape_is_located_at_the_escape() {
        let errors = error_messages(r#"print "ab\qc";"#);
        assert_eq!(
            errors,
            vec![(
                "unknown escape sequence `\\q`".to_string(),
                Span::new(9, 11)
            )]
        );
        let errors = error_messages(r#""\8""#);
        assert_eq!(errors[0].0, "unknown escape sequence `\\8`");
    }

    #[test]
    fn bad_hex_escape() {
        let errors = error_messages(r#""\x4g""#);
        assert_eq!(
            errors,
            vec![("invalid `\\x` escape".to_string(), Span::new(1, 4))]
        );
        assert_eq!(error_messages(r#""\x""#).len(), 1);
    }

    #[test]
    fn octal_escape_out_of_range() {
        let errors = error_messages(r#""a\400""#);
        assert_eq!(
            errors,
            vec![(
                "octal escape `\\400` is out of range".to_string(),
                Span::new(2, 6)
            )]
        );
    }

    #[test]
    fn newline_and_eof_in_string() {
        let errors = error_messages("\"abc\nx");
        assert_eq!(
            errors,
            vec![("newline in string literal".to_string(), Span::new(4, 4))]
        );
        let errors = error_messages("x \"abc");
        assert_eq!(
            errors,
            vec![("unterminated string literal".to_string(), Span::new(2, 3))]
        );
        let errors = error_messages("\"abc\\");
        assert_eq!(
            errors,
            vec![("unterminated string literal".to_string(), Span::new(0, 1))]
        );
    }

    #[test]
    fn unexpected_characters() {
        let errors = error_messages("a @ b\0 é & # @ the rest of a comment\n|");
        let messages: Vec<_> = errors.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(
            messages,
            vec![
                "unexpected character `@`",
                "unexpected character `\\0`",
                "unexpected character `é`",
                "unexpected character `&`",
                "unexpected character `#`",
                "unexpected character `|`"
            ]
        );
        assert_eq!(errors[2].1, Span::new(7, 9));
    }

    #[test]
    fn a_block_comment_is_one_error_and_skipped() {
        let src = "a /* b ) \" \n c */ d /* e";
        let errors = error_messages(src);
        assert_eq!(
            errors,
            vec![
                ("wend has no block comments".to_string(), Span::new(2, 4)),
                (UNTERMINATED_COMMENT.to_string(), Span::new(20, 22)),
            ]
        );
        let (tokens, _) = lex(src);
        let texts: Vec<&str> = tokens.iter().map(|t| t.text(src)).collect();
        assert_eq!(texts, ["a", "d"]);
        // `/` then `*` apart are two operators, and `//*` a line comment.
        assert_eq!(
            kinds("a / *b //* c"),
            vec![Tok::Ident, Tok::Slash, Tok::Star, Tok::Ident]
        );
    }

    #[test]
    fn reports_all_errors() {
        let errors = error_messages("@ \"\\q\" $ \"\\x\" 12ab");
        assert_eq!(errors.len(), 5);
        assert_eq!(errors[4].0, "invalid integer literal");
    }

    #[test]
    fn token_listing() {
        let src = "main() {\n  print \"hi\\n\"; x = 10;\n}";
        let (tokens, _) = lex(src);
        let text = format_tokens(src, &tokens);
        let expected = "1:1 identifier main\n1:5 punct (\n1:6 punct )\n1:8 punct {\n\
            2:3 keyword print\n2:9 string \"hi\\n\"\n2:15 punct ;\n2:17 identifier x\n\
            2:19 punct =\n2:21 integer 10\n2:23 punct ;\n3:1 punct }\n3:2 eof\n";
        assert_eq!(text, expected);
    }
}
