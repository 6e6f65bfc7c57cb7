//! `wendc fmt`: the one canonical layout of wend source (docs/style.md).
//!
//! The formatter works on the token stream, not on the syntax tree: wend's
//! layout is decided by a handful of tokens (`;` and `{` end a line, `}`
//! starts one), and printing tokens in their source order, only changing the
//! whitespace between them, keeps the program's meaning by construction.
//! The parser is still run first, so a file with syntax errors is refused
//! with its diagnostics instead of being rearranged.
//!
//! Comments are not tokens (the lexer skips them); they are found in the
//! gaps between tokens and attached to a token: a comment after a token on
//! the same line *trails* it and stays at the end of that token's line; a
//! comment on a line of its own *leads* the next token and stays on a line
//! of its own before it. A trailing comment in the middle of an expression
//! forces a line break after it. The trailing comments of consecutive lines
//! at one indentation are aligned in a column, as gofmt aligns them.
//!
//! A line longer than [`MAX_WIDTH`] columns is broken: at the operators of
//! lowest precedence first (each continuation line starting with its
//! operator, indented one level deeper), and inside the parentheses of a call
//! or a parameter list (one argument a line) when there is no operator
//! outside them. Every decision depends only on the tokens and comments,
//! never on the input's whitespace, which makes the layout idempotent;
//! blank lines between statements and items are the one exception, kept
//! (at most one) because they group code.

use crate::diag::Diag;
use crate::lexer::{lex, Tok, Token};

/// The column a line should not pass, if breaking it helps.
pub const MAX_WIDTH: usize = 100;

/// Spaces per indentation level.
const INDENT: usize = 4;

/// Past this column a continuation line's indentation leaves too little room
/// for breaking to help, and past this many nested breaks the same: the rest
/// of the expression stays on one line. This also bounds the formatter's
/// recursion and work on pathological expressions, thousands of levels deep.
const MAX_BREAK_INDENT: usize = 64;
const MAX_BREAK_LEVEL: usize = 16;

/// Formats `src` in the canonical layout, or returns its lexical and syntax
/// errors (a file that does not parse is never rearranged).
///
/// The output has the same tokens as `src`, in the same order, and the same
/// comments (trailing whitespace removed), and `format(format(x)) ==
/// format(x)`. The semantic rules (types, names) are not checked: a program
/// with type errors is still formatted, as gofmt and rustfmt do.
pub fn format(src: &str) -> Result<String, Vec<Diag>> {
    crate::parser::parse(src)?;
    let (tokens, errors) = lex(src);
    debug_assert!(errors.is_empty(), "a program that parsed lexes cleanly");
    let trivia = Trivia::collect(src, &tokens);
    let out = Formatter::new(src, &tokens, &trivia).program();
    check_same_program(src, &tokens, &trivia, &out);
    Ok(out)
}

/// The comments of `src` in order, each without trailing whitespace: what
/// formatting must keep. Only meaningful for a source that lexes cleanly.
pub fn comments(src: &str) -> Vec<String> {
    let (tokens, _) = lex(src);
    let trivia = Trivia::collect(src, &tokens);
    trivia.comments().map(str::to_string).collect()
}

/// The formatter only moves whitespace: a different token stream or a lost
/// comment in its output is a bug in it, and writing that output could
/// change a program or lose a student's notes.
fn check_same_program(src: &str, tokens: &[Token], trivia: &Trivia, out: &str) {
    let (again, errors) = lex(out);
    let same_tokens = errors.is_empty()
        && again.len() == tokens.len()
        && tokens
            .iter()
            .zip(&again)
            .all(|(a, b)| a.tok == b.tok && a.text(src) == b.text(out));
    assert!(
        same_tokens,
        "internal error: formatting changed the tokens of the program"
    );
    let trivia_again = Trivia::collect(out, &again);
    assert!(
        trivia.comments().eq(trivia_again.comments()),
        "internal error: formatting lost or moved a comment"
    );
}

/// A comment on a line of its own.
struct OwnLineComment<'src> {
    text: &'src str,
    /// A blank line separates it from what comes before.
    blank_before: bool,
}

/// The comments and blank lines around each token. Index `tokens.len()`
/// stands for the end of the file.
struct Trivia<'src> {
    leading: Vec<Vec<OwnLineComment<'src>>>,
    trailing: Vec<Option<&'src str>>,
    /// A blank line separates the token from what comes before it (the
    /// previous token or a leading comment).
    blank_before: Vec<bool>,
}

impl<'src> Trivia<'src> {
    /// Every comment, in order.
    fn comments(&self) -> impl Iterator<Item = &'src str> + '_ {
        (0..self.leading.len()).flat_map(move |i| {
            let leading = self.leading[i].iter().map(|c| c.text);
            leading.chain(self.trailing.get(i).copied().flatten())
        })
    }

    /// Scans the gaps between tokens: in a cleanly lexed source they hold
    /// only whitespace and `//` comments.
    fn collect(src: &'src str, tokens: &[Token]) -> Trivia<'src> {
        let n = tokens.len();
        let mut trivia = Trivia {
            leading: (0..=n).map(|_| Vec::new()).collect(),
            trailing: vec![None; n],
            blank_before: vec![false; n + 1],
        };
        let bytes = src.as_bytes();
        for i in 0..=n {
            let start = if i == 0 { 0 } else { tokens[i - 1].span.end() };
            let end = if i == n {
                src.len()
            } else {
                tokens[i].span.start()
            };
            let mut newlines = 0;
            let mut pos = start;
            while pos < end {
                match bytes[pos] {
                    b'\n' => {
                        newlines += 1;
                        pos += 1;
                    }
                    b'/' => {
                        let line_end = src[pos..end].find('\n').map_or(end, |at| pos + at);
                        let text = src[pos..line_end].trim_end();
                        if i > 0 && newlines == 0 {
                            trivia.trailing[i - 1] = Some(text);
                        } else {
                            trivia.leading[i].push(OwnLineComment {
                                text,
                                blank_before: newlines >= 2,
                            });
                        }
                        newlines = 0;
                        pos = line_end;
                    }
                    _ => pos += 1,
                }
            }
            trivia.blank_before[i] = newlines >= 2;
        }
        trivia
    }
}

/// The precedence of a binary operator (higher binds tighter), as in the
/// reference's table; `!` sits between `&&` and the comparisons.
fn binary_precedence(tok: Tok) -> Option<u8> {
    Some(match tok {
        Tok::OrOr => 1,
        Tok::AndAnd => 2,
        Tok::EqEq | Tok::NotEq | Tok::Lt | Tok::Le | Tok::Gt | Tok::Ge => 4,
        Tok::Plus | Tok::Minus => 5,
        Tok::Star | Tok::Slash | Tok::Percent => 6,
        _ => return None,
    })
}

const NOT_PRECEDENCE: u8 = 3;

/// Whether a token ends an operand, so that a `+` or `-` after it is binary.
fn ends_operand(tok: Tok) -> bool {
    matches!(
        tok,
        Tok::Ident | Tok::Int | Tok::Str | Tok::True | Tok::False | Tok::RParen
    )
}

struct Formatter<'a, 'src> {
    src: &'src str,
    tokens: &'a [Token],
    trivia: &'a Trivia<'src>,
    /// Whether token `i` is preceded by a space when on the same line.
    space: Vec<bool>,
    /// `width_before[i]`: the width of tokens `0..i` laid out on one line.
    width_before: Vec<usize>,
    /// `leading_before[i]`, `trailing_before[i]`: how many of tokens `0..i`
    /// have leading comments, a trailing comment.
    leading_before: Vec<usize>,
    trailing_before: Vec<usize>,
    /// The tokens before this one have had their leading comments written.
    leading_written: usize,
    out: Out,
}

impl<'a, 'src> Formatter<'a, 'src> {
    fn new(src: &'src str, tokens: &'a [Token], trivia: &'a Trivia<'src>) -> Self {
        let n = tokens.len();
        let mut formatter = Formatter {
            src,
            tokens,
            trivia,
            space: Vec::with_capacity(n),
            width_before: Vec::with_capacity(n + 1),
            leading_before: Vec::with_capacity(n + 1),
            trailing_before: Vec::with_capacity(n + 1),
            leading_written: 0,
            out: Out::default(),
        };
        let (mut width, mut leading, mut trailing) = (0, 0, 0);
        for i in 0..n {
            let space = formatter.space_before(i);
            formatter.space.push(space);
            formatter.width_before.push(width);
            formatter.leading_before.push(leading);
            formatter.trailing_before.push(trailing);
            width += usize::from(space) + formatter.width(i);
            leading += usize::from(!trivia.leading[i].is_empty());
            trailing += usize::from(trivia.trailing[i].is_some());
        }
        formatter.width_before.push(width);
        formatter.leading_before.push(leading);
        formatter.trailing_before.push(trailing);
        formatter
    }

    fn tok(&self, i: usize) -> Tok {
        self.tokens[i].tok
    }

    fn text(&self, i: usize) -> &'src str {
        self.tokens[i].text(self.src)
    }

    /// Columns are characters: a string literal may hold non-ASCII text.
    fn width(&self, i: usize) -> usize {
        self.text(i).chars().count()
    }

    fn is_unary(&self, i: usize) -> bool {
        match self.tok(i) {
            Tok::Bang => true,
            Tok::Plus | Tok::Minus => i == 0 || !ends_operand(self.tok(i - 1)),
            _ => false,
        }
    }

    /// The spacing rules: `f(a, b)`, `-x`, `!done`, `a + b`, `print (x)`.
    fn space_before(&self, i: usize) -> bool {
        if i == 0 {
            return false;
        }
        let (prev, cur) = (self.tok(i - 1), self.tok(i));
        match cur {
            Tok::Comma | Tok::Semi | Tok::RParen => false,
            _ if prev == Tok::LParen => false,
            Tok::LParen if prev == Tok::Ident => false,
            _ => !self.is_unary(i - 1),
        }
    }

    /// The width of tokens `a..b` on one line.
    fn flat_width(&self, a: usize, b: usize) -> usize {
        self.width_before[b] - self.width_before[a] - usize::from(self.space[a])
    }

    /// Whether a comment inside tokens `a..b` forces a line break there.
    fn has_inner_comment(&self, a: usize, b: usize) -> bool {
        self.leading_before[b] > self.leading_before[a + 1]
            || self.trailing_before[b - 1] > self.trailing_before[a]
    }

    fn program(mut self) -> String {
        let n = self.tokens.len();
        let mut depth = 0;
        let mut i = 0;
        while i < n {
            match self.tok(i) {
                Tok::RBrace => {
                    depth -= 1;
                    self.leading(i, (depth + 1) * INDENT, true);
                    self.out.line_break();
                    self.out.indent = depth * INDENT;
                    self.token(i);
                    i += 1;
                    // `} else {` stays on one line, unless comments come
                    // between them: then `else {` starts a line after them.
                    if i < n && self.tok(i) == Tok::Else {
                        let trivia = self.trivia;
                        if trivia.trailing[i - 1].is_some() || !trivia.leading[i].is_empty() {
                            self.out.line_break();
                            self.out.indent = depth * INDENT;
                            self.leading(i, depth * INDENT, false);
                        }
                        i = self.line(i, depth);
                        depth += 1;
                    }
                }
                _ => {
                    self.out.line_break();
                    self.out.indent = depth * INDENT;
                    self.leading(i, depth * INDENT, true);
                    if self.trivia.blank_before[i] {
                        self.out.blank_line();
                    }
                    let end = self.line(i, depth);
                    if self.tok(end - 1) == Tok::LBrace {
                        depth += 1;
                    }
                    i = end;
                }
            }
        }
        self.leading(n, 0, true);
        self.out.finish()
    }

    /// Lays out the statement, declaration or header starting at token
    /// `start` (ending with its `;` or `{`); returns the token after it.
    fn line(&mut self, start: usize, depth: usize) -> usize {
        let mut end = start;
        let mut parens = 0usize;
        loop {
            match self.tok(end) {
                Tok::LParen => parens += 1,
                Tok::RParen => parens -= 1,
                Tok::Semi if parens == 0 => break,
                Tok::LBrace => break,
                _ => {}
            }
            end += 1;
        }
        let head = match self.tok(start) {
            Tok::Return | Tok::Print | Tok::Println | Tok::If | Tok::While | Tok::Else => 1,
            Tok::Ident if self.tok(start + 1) == Tok::Assign => 2,
            _ => 0,
        };
        self.out.set_continuation(depth * INDENT + INDENT);
        for i in start..start + head {
            self.token(i);
        }
        let body = start + head;
        if body < end {
            let tail = usize::from(self.space[end]) + self.width(end);
            self.segment(body, end, tail, 0);
        }
        // After a condition broken over lines (or a comment), the `{` goes
        // on a line of its own, so that the body does not look like more of
        // the condition.
        if self.tok(end) == Tok::LBrace
            && (self.out.pending_line_break || self.out.line_indent() != depth * INDENT)
        {
            self.out.line_break();
            self.out.indent = depth * INDENT;
        }
        self.token(end);
        if self.tok(end) == Tok::LBrace {
            self.out.after_open = true;
        }
        end + 1
    }

    /// Lays out the expression (or header) of tokens `a..b` from the current
    /// column, leaving `tail` columns for what follows it on its last line.
    fn segment(&mut self, a: usize, b: usize, tail: usize, level: usize) {
        // A trailing comment just before (after an operator) ends the line.
        if self.out.pending_line_break {
            self.out.line_break();
        }
        let column = self.out.column();
        let continuation = self.out.line_indent() + INDENT;
        let fits = column + self.flat_width(a, b) + tail <= MAX_WIDTH;
        let inner_comment = self.has_inner_comment(a, b);
        if (fits && !inner_comment) || level >= MAX_BREAK_LEVEL || continuation > MAX_BREAK_INDENT {
            self.out.set_continuation(continuation);
            self.tokens_flat(a, b);
            return;
        }
        // The operators outside parentheses, and the lowest precedence.
        let mut parens = 0usize;
        let mut lowest = None;
        for k in a..b {
            match self.tok(k) {
                Tok::LParen => parens += 1,
                Tok::RParen => parens -= 1,
                tok if parens == 0 && !self.is_unary(k) => {
                    if let Some(precedence) = binary_precedence(tok) {
                        lowest = Some(lowest.map_or(precedence, |l: u8| l.min(precedence)));
                    }
                }
                _ => {}
            }
        }
        if let Some(lowest) = lowest {
            // `!` covers everything of a higher precedence after it.
            if self.tok(a) == Tok::Bang && lowest > NOT_PRECEDENCE {
                self.token(a);
                return self.segment(a + 1, b, tail, level);
            }
            self.split_at_operators(a, b, tail, level, lowest, continuation);
        } else {
            self.break_parentheses(a, b, tail, level);
        }
    }

    /// `first\n    op second\n    op third`: the operators of precedence
    /// `lowest` outside parentheses start the continuation lines.
    fn split_at_operators(
        &mut self,
        a: usize,
        b: usize,
        tail: usize,
        level: usize,
        lowest: u8,
        continuation: usize,
    ) {
        let mut parens = 0usize;
        let mut piece_start = a;
        let mut k = a;
        let mut operator = None;
        while k <= b {
            let split = k == b
                || match self.tok(k) {
                    Tok::LParen => {
                        parens += 1;
                        false
                    }
                    Tok::RParen => {
                        parens -= 1;
                        false
                    }
                    tok => {
                        k > a
                            && parens == 0
                            && !self.is_unary(k)
                            && binary_precedence(tok) == Some(lowest)
                    }
                };
            if split {
                if let Some(op) = operator {
                    self.out.indent = continuation;
                    self.out.line_break();
                    self.leading(op, continuation, false);
                    self.token(op);
                }
                let piece_tail = if k == b { tail } else { 0 };
                self.segment(piece_start, k, piece_tail, level + 1);
                operator = Some(k);
                piece_start = k + 1;
            }
            k += 1;
        }
    }

    /// `f(\n    a,\n    b\n)`: the first parentheses of tokens `a..b`
    /// broken, one argument (or parameter, or the parenthesised expression)
    /// a line.
    fn break_parentheses(&mut self, a: usize, b: usize, tail: usize, level: usize) {
        let Some(open) = (a..b).find(|&k| self.tok(k) == Tok::LParen) else {
            self.out.set_continuation(self.out.line_indent() + INDENT);
            return self.tokens_flat(a, b);
        };
        let mut parens = 0usize;
        let mut close = open;
        for k in open..b {
            match self.tok(k) {
                Tok::LParen => parens += 1,
                Tok::RParen => {
                    parens -= 1;
                    if parens == 0 {
                        close = k;
                        break;
                    }
                }
                _ => {}
            }
        }
        self.out.set_continuation(self.out.line_indent() + INDENT);
        self.tokens_flat(a, open + 1);
        if close == open + 1 {
            self.token(close);
        } else {
            let base = self.out.line_indent;
            let mut parens = 0usize;
            let mut item_start = open + 1;
            for k in open + 1..=close {
                match self.tok(k) {
                    Tok::LParen => parens += 1,
                    Tok::RParen if k < close => parens -= 1,
                    Tok::Comma | Tok::RParen if parens == 0 => {
                        self.out.indent = base + INDENT;
                        self.out.line_break();
                        self.leading(item_start, base + INDENT, false);
                        let comma = usize::from(k < close);
                        self.segment(item_start, k, comma, level + 1);
                        if k < close {
                            self.token(k);
                        }
                        item_start = k + 1;
                    }
                    _ => {}
                }
            }
            self.out.indent = base;
            self.out.line_break();
            self.leading(close, base, false);
            self.token(close);
        }
        if close + 1 < b {
            self.segment(close + 1, b, tail, level + 1);
        }
    }

    fn tokens_flat(&mut self, a: usize, b: usize) {
        for i in a..b {
            self.token(i);
        }
    }

    /// Writes the comments on their own lines before token `i`, at
    /// `indent`; a blank line before one is kept when `blank_lines`.
    fn leading(&mut self, i: usize, indent: usize, blank_lines: bool) {
        if i < self.leading_written {
            return;
        }
        self.leading_written = i + 1;
        let trivia = self.trivia;
        for comment in &trivia.leading[i] {
            self.out.line_break();
            if blank_lines && comment.blank_before {
                self.out.blank_line();
            }
            self.out.indent = indent;
            self.out.write(comment.text);
            self.out.line_break();
        }
    }

    /// Writes token `i` (after its leading comments, if a caller has not
    /// already written them) and its trailing comment.
    fn token(&mut self, i: usize) {
        let indent = self.out.indent;
        self.leading(i, indent, false);
        if self.out.pending_line_break {
            self.out.line_break();
        }
        if self.space[i] && !self.out.at_line_start() {
            self.out.write(" ");
        }
        let text = self.text(i);
        self.out.write(text);
        if let Some(comment) = self.trivia.trailing[i] {
            self.out.trailing_comment_here();
            self.out.write(" ");
            self.out.write(comment);
            self.out.pending_line_break = true;
        }
    }
}

/// The output text, written a piece at a time; lines are indented lazily,
/// so no line ends in spaces.
#[derive(Default)]
struct Out {
    text: String,
    /// The indentation of the next line.
    indent: usize,
    /// The indentation of the line being written.
    line_indent: usize,
    /// The column, in characters, where the next piece goes.
    column: usize,
    /// A trailing comment was written: the next token starts a new line.
    pending_line_break: bool,
    /// Nothing but a `{` since the last line break: no blank line goes here.
    after_open: bool,
    /// The indentation for the lines after the one about to start.
    continuation: Option<usize>,
    /// Line breaks written so far.
    lines: usize,
    /// Where each trailing comment's line ends its code: (line, byte offset
    /// in `text`, column), for aligning them.
    trailing_comments: Vec<(usize, usize, usize)>,
}

impl Out {
    fn at_line_start(&self) -> bool {
        self.text.is_empty() || self.text.ends_with('\n')
    }

    /// The indentation of the current line (or of the next, at a line's
    /// start).
    fn line_indent(&self) -> usize {
        if self.at_line_start() {
            self.indent
        } else {
            self.line_indent
        }
    }

    /// Sets the indentation of continuation lines: from now on, or, at a
    /// line's start, once that line has begun at the current indentation.
    fn set_continuation(&mut self, indent: usize) {
        if self.at_line_start() {
            self.continuation = Some(indent);
        } else {
            self.indent = indent;
        }
    }

    fn column(&self) -> usize {
        if self.at_line_start() {
            self.indent
        } else {
            self.column
        }
    }

    fn write(&mut self, piece: &str) {
        if self.at_line_start() {
            self.text.extend(std::iter::repeat_n(' ', self.indent));
            self.line_indent = self.indent;
            self.column = self.indent;
            if let Some(continuation) = self.continuation.take() {
                self.indent = continuation;
            }
        }
        if piece.trim().is_empty() {
            // Only the space between tokens: not content.
        } else {
            self.after_open = false;
        }
        self.text.push_str(piece);
        self.column += piece.chars().count();
    }

    fn line_break(&mut self) {
        if !self.at_line_start() {
            self.text.push('\n');
            self.lines += 1;
        }
        self.pending_line_break = false;
    }

    fn blank_line(&mut self) {
        self.line_break();
        if !self.after_open && !self.text.is_empty() && !self.text.ends_with("\n\n") {
            self.text.push('\n');
            self.lines += 1;
        }
    }

    fn trailing_comment_here(&mut self) {
        self.trailing_comments
            .push((self.lines, self.text.len(), self.column));
    }

    /// The text, with the trailing comments of consecutive lines at the
    /// same indentation aligned, as gofmt aligns them: a column of notes
    /// stays a column.
    fn finish(mut self) -> String {
        self.line_break();
        let comments = &self.trailing_comments;
        let indentation = |&(_, at, _): &(usize, usize, usize)| {
            let line_start = self.text[..at].rfind('\n').map_or(0, |nl| nl + 1);
            self.text[line_start..at].len() - self.text[line_start..at].trim_start().len()
        };
        let mut aligned = String::with_capacity(self.text.len());
        let mut copied = 0;
        let mut run_start = 0;
        while run_start < comments.len() {
            let mut run_end = run_start + 1;
            while run_end < comments.len()
                && comments[run_end].0 == comments[run_end - 1].0 + 1
                && indentation(&comments[run_end]) == indentation(&comments[run_start])
            {
                run_end += 1;
            }
            let run = &comments[run_start..run_end];
            let widest = run.iter().map(|&(_, _, column)| column).max().unwrap_or(0);
            for &(_, at, column) in run {
                aligned.push_str(&self.text[copied..at]);
                aligned.extend(std::iter::repeat_n(' ', widest - column));
                copied = at;
            }
            run_start = run_end;
        }
        aligned.push_str(&self.text[copied..]);
        aligned
    }
}
