//! Syntax error recovery: every independent syntax error of a file is
//! reported, each once, in words a student can act on.
//!
//! The LR parser lalrpop generates stops at its first error. Recovery
//! works around it, on the token list, in three steps:
//!
//! 1. Delimiters are matched as a whole first, as rustc does: an unclosed
//!    `(` or `{` is reported at its opener, a stray `)` or `}` as an
//!    unexpected closing delimiter, and the list is repaired so that they
//!    balance (a missing `}` goes where the indentation says it belongs).
//! 2. The items (statements, declarations, functions) holding a lexical
//!    error are dropped: the lexer has reported the error already.
//! 3. The parser runs. At an error, the item around the offending token is
//!    found from the balanced delimiters, the error is reported, and the
//!    list is repaired: a missing `;` is inserted, a habit from another
//!    language is rewritten into wend or its item removed, and anything
//!    else removes the item. Then the parser runs again.
//!
//! Running the parser again from the start keeps the grammar free of error
//! productions and the tree exactly what the parser makes of valid text.
//! It costs a parse per error, so errors are capped, as clang caps them
//! at 20. Cascades are cut twice: a repaired item is whole again or gone,
//! so its rest cannot report a second error, and an error at the token of
//! the one before is not reported again (that item is removed instead).
//!
//! Each repair is recorded as damage at its source offset: the innermost
//! function body around it is marked with what it lost ([`Damage`]), so
//! that semantic analysis checks everything that parsed without reporting
//! what only the missing text could explain.

use crate::ast::{Damage, Program};
use crate::diag::{error, Diag, DiagExt};
use crate::lexer::{describe, Tok, Token};
use crate::parser::{parse_tokens, Attempt, LalrpopError};
use crate::span::Span;
use lalrpop_util::ParseError;

/// The most syntax errors reported for one file; then recovery stops.
pub const MAX_SYNTAX_ERRORS: usize = 20;

/// Parses tokens that failed to parse as they are (or that came with
/// lexical errors): see the module documentation.
pub(crate) fn parse_with_recovery(
    src: &str,
    tokens: Vec<Token>,
    lex_errors: Vec<Diag>,
) -> (Option<Program>, Vec<Diag>) {
    let lex_error_offsets: Vec<usize> = (lex_errors.iter())
        .filter(|d| !crate::lexer::is_foreign_comment(d))
        .filter_map(primary_start)
        .collect();
    let rest_hidden = lex_errors.iter().any(crate::lexer::hides_the_rest);
    let mut recovery = Recovery {
        src,
        tokens,
        partner: Vec::new(),
        diags: lex_errors,
        damage: Vec::new(),
        reported: 0,
        last_error: None,
        line_starts: vec![0],
        spots: Vec::new(),
        structure_guessed: false,
        rest_hidden,
    };
    // Past the cap, lexical errors alone are what the user needs first:
    // parsing around that many holes would only add noise.
    if recovery.diags.len() > MAX_SYNTAX_ERRORS {
        return (None, recovery.diags);
    }
    if !recovery.balance_delimiters() {
        return (None, recovery.diags);
    }
    recovery.drop_items_at(&lex_error_offsets);
    // Each round either removes tokens or repairs at a token not repaired
    // before, so this ends; the bound is only a guard.
    for _ in 0..4 * MAX_SYNTAX_ERRORS + 8 {
        match parse_tokens(src, &recovery.tokens, &recovery.damage) {
            Attempt::Parsed {
                program,
                too_deep,
                damaged_top_level,
            } => {
                let program = match too_deep {
                    Some(too_deep) => {
                        recovery.diags.push(too_deep);
                        None
                    }
                    // Without a whole top level the entry-point rules
                    // would only report what recovery removed.
                    None => (!damaged_top_level && !recovery.structure_guessed).then_some(*program),
                };
                return (program, recovery.diags);
            }
            Attempt::Failed { error, at } => {
                if !recovery.recover(error, at) {
                    break;
                }
            }
        }
    }
    (None, recovery.diags)
}

fn primary_start(diag: &Diag) -> Option<usize> {
    diag.labels.first().map(|label| label.range.start)
}

/// Where a syntax error is: the token, and the item around it.
struct Site<'e> {
    /// The offending token (the number of tokens for the end of the file).
    at: usize,
    /// The first token of the item.
    first: usize,
    item: std::ops::Range<usize>,
    /// The `{` of the block or body around the item (`None` at the top level).
    group: Option<usize>,
    tok: Option<Tok>,
    span: Span,
    /// What the parser expected, in lalrpop's names.
    expected: &'e [String],
}

impl Site<'_> {
    /// Whether the parser expected the token spelt `t` here.
    fn expects(&self, t: &str) -> bool {
        self.expected.iter().any(|e| e == &format!("\"{t}\""))
    }
}

/// What replaces a run of tokens, and what the function body around it
/// loses by that.
struct Repair {
    range: std::ops::Range<usize>,
    with: Vec<Token>,
    damage: Option<Damage>,
}

struct Recovery<'src> {
    src: &'src str,
    /// The tokens, as repaired so far.
    tokens: Vec<Token>,
    /// For each `(`, `)`, `{` and `}`, the index of its partner (they
    /// balance after [`Recovery::balance_delimiters`]); `NONE` otherwise.
    partner: Vec<u32>,
    diags: Vec<Diag>,
    damage: Vec<(usize, Damage)>,
    /// Syntax errors reported so far.
    reported: usize,
    /// Where the last syntax error was found.
    last_error: Option<usize>,
    /// The offset of each line's first byte, when indentation is needed.
    line_starts: Vec<usize>,
    /// Where unbalanced delimiters were reported: the parser's errors
    /// there are not reported again.
    spots: Vec<usize>,
    /// Whether a `}` had to be placed where nothing says it belongs.
    structure_guessed: bool,
    /// Whether a string or comment runs to the end of the file, hiding
    /// what closed the delimiters still open there.
    rest_hidden: bool,
}

const NONE: u32 = u32::MAX;

fn is_opener(tok: Tok) -> bool {
    matches!(tok, Tok::LParen | Tok::LBrace)
}

/// A token recovery makes: empty, just before `at`.
fn synthetic(tok: Tok, at: usize) -> Token {
    Token {
        tok,
        span: Span::new(at, at),
    }
}

impl Recovery<'_> {
    // ---- Reporting ----

    /// Reports a syntax error; false once the cap is reached.
    fn report(&mut self, diag: Diag) -> bool {
        self.reported += 1;
        if self.reported >= MAX_SYNTAX_ERRORS {
            self.diags.push(diag.note(format!(
                "wendc stops after {MAX_SYNTAX_ERRORS} syntax errors: fix these and compile again"
            )));
            return false;
        }
        self.diags.push(diag);
        true
    }

    fn text(&self, at: usize) -> &str {
        let span = self.tokens[at].span;
        &self.src[span.start()..span.end()]
    }

    fn tok(&self, at: usize) -> Option<Tok> {
        self.tokens.get(at).map(|t| t.tok)
    }

    fn is_word(&self, at: usize, words: &[&str]) -> bool {
        self.tok(at) == Some(Tok::Ident) && words.contains(&self.text(at))
    }

    /// Whether token `b` directly follows token `a`, without a space.
    fn adjacent(&self, a: usize, b: usize) -> bool {
        match (self.tokens.get(a), self.tokens.get(b)) {
            (Some(a), Some(b)) => a.span.end() == b.span.start() && a.span.end() > a.span.start(),
            _ => false,
        }
    }

    /// The span of token `at`, or the end of the file.
    fn span(&self, at: usize) -> Span {
        self.tokens
            .get(at)
            .map_or(Span::new(self.src.len(), self.src.len()), |t| t.span)
    }

    /// How the token at `at` is named in a message. A token recovery
    /// inserted has no text: the first real token from there is named.
    fn found(&self, at: usize) -> (String, Span) {
        let real = (at..self.tokens.len()).find(|&i| !self.tokens[i].span.is_empty());
        match real {
            Some(i) => (
                describe(self.tokens[i].tok, self.text(i)),
                self.tokens[i].span,
            ),
            None => ("end of file".to_string(), self.span(self.tokens.len())),
        }
    }

    /// The indentation of the line holding `offset`, in bytes, and whether
    /// `offset` is the first non-blank byte of its line.
    fn indentation(&self, offset: usize) -> (usize, bool) {
        let line = self.line_starts.partition_point(|&start| start <= offset);
        let line_start = self.line_starts[line.saturating_sub(1)];
        let indent = self.src.as_bytes()[line_start..offset]
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        (indent, line_start + indent == offset)
    }

    // ---- Step 1: delimiters ----

    /// Reports unbalanced delimiters and repairs the token list so that
    /// they balance. False if the error cap was reached.
    fn balance_delimiters(&mut self) -> bool {
        // How many `}` are missing or extra: so many times the indentation
        // decides where (when the counts agree, it never overrides them).
        let mut missing_closers = extra_closers_of_kind(&self.tokens, Tok::LBrace, Tok::RBrace);
        let mut extra_closers = extra_closers_of_kind(&self.tokens, Tok::RBrace, Tok::LBrace);
        if missing_closers > 0 || extra_closers > 0 {
            self.line_starts = std::iter::once(0)
                .chain(self.src.match_indices('\n').map(|(at, _)| at + 1))
                .collect();
        }
        let tokens = std::mem::take(&mut self.tokens);
        let mut out: Vec<Token> = Vec::with_capacity(tokens.len() + 8);
        // Indices in `out` of the open delimiters.
        let mut open: Vec<usize> = Vec::new();
        for (index, &token) in tokens.iter().enumerate() {
            match token.tok {
                Tok::Semi | Tok::LBrace | Tok::RBrace => {
                    // A parenthesis never holds `;`, `{` or `}` in wend.
                    // But C's `for (i = 0; i < n; i++)` does: a `;` only
                    // closes parentheses that are not closed further on.
                    let paren_open = open.last().is_some_and(|&top| out[top].tok == Tok::LParen);
                    let closed_later = token.tok == Tok::Semi
                        && paren_open
                        && closed_on_the_line(self.src, &tokens[index..]);
                    while let Some(&top) = open.last() {
                        if out[top].tok != Tok::LParen || closed_later {
                            break;
                        }
                        open.pop();
                        let opener = out[top].span;
                        let diag = error("unclosed delimiter", opener, "this `(` is never closed")
                            .secondary(
                                token.span,
                                format!("expected `)` before this `{}`", token_spelling(token.tok)),
                            )
                            .help("add the missing `)`");
                        self.spots.push(opener.start());
                        self.damage.push((token.span.start(), Damage::Statements));
                        out.push(synthetic(Tok::RParen, token.span.start()));
                        if !self.report(diag) {
                            return false;
                        }
                    }
                }
                _ => {}
            }
            match token.tok {
                Tok::LParen | Tok::LBrace => {
                    open.push(out.len());
                    out.push(token);
                }
                Tok::RParen => match open.last() {
                    Some(&top) if out[top].tok == Tok::LParen => {
                        open.pop();
                        out.push(token);
                    }
                    _ => {
                        let diag = self.unexpected_closer(token, &open, &out);
                        self.damage.push((token.span.start(), Damage::Statements));
                        if !self.report(diag) {
                            return false;
                        }
                    }
                },
                Tok::RBrace => {
                    // With more `{` than `}` in the file, a `}` first on
                    // its line and indented less than the line of the
                    // innermost open `{` closes an outer one: the inner one
                    // is missing its `}`, just before this one.
                    let (indent, first_on_line) = self.indentation(token.span.start());
                    while missing_closers > 0 && first_on_line && open.len() > 1 {
                        let top = *open.last().unwrap_or(&0);
                        let (open_indent, _) = self.indentation(out[top].span.start());
                        if open_indent <= indent {
                            break;
                        }
                        open.pop();
                        missing_closers -= 1;
                        let diag = self.unclosed_brace(out[top].span, Some(token.span));
                        self.spots.push(out[top].span.start());
                        self.damage
                            .push((out[top].span.start(), Damage::Statements));
                        out.push(synthetic(Tok::RBrace, token.span.start()));
                        if !self.report(diag) {
                            return false;
                        }
                    }
                    // With more `}` than `{`, a `}` first on its line and
                    // indented deeper than the line of the `{` it would
                    // close is the extra one.
                    let stray = extra_closers > 0
                        && first_on_line
                        && open
                            .last()
                            .is_some_and(|&top| self.indentation(out[top].span.start()).0 < indent);
                    if stray {
                        extra_closers -= 1;
                        let top = open[open.len() - 1];
                        let diag = error(
                            "unexpected closing delimiter: `}`",
                            token.span,
                            "unexpected closing delimiter",
                        )
                        .secondary(
                            out[top].span,
                            "it would close this `{`, which is indented less",
                        )
                        .help("remove this `}`, or add the `{` it closes");
                        self.damage.push((token.span.start(), Damage::Statements));
                        if !self.report(diag) {
                            return false;
                        }
                    } else if open.pop().is_some() {
                        out.push(token);
                    } else {
                        let diag = self.unexpected_closer(token, &open, &out);
                        self.damage.push((token.span.start(), Damage::Statements));
                        if !self.report(diag) {
                            return false;
                        }
                    }
                }
                _ => out.push(token),
            }
        }
        // The end of the file closes whatever is still open.
        let end = self.src.len();
        while let Some(top) = open.pop() {
            let opener = out[top].span;
            let diag = if out[top].tok == Tok::LParen {
                out.push(synthetic(Tok::RParen, end));
                error("unclosed delimiter", opener, "this `(` is never closed")
                    .help("add the missing `)`")
            } else {
                out.push(synthetic(Tok::RBrace, end));
                // Only the outermost `{` (a top-level function's) closes
                // at the end of the file without doubt; with an inner one
                // closed there, where everything after it belongs is a
                // guess, not to be checked.
                self.structure_guessed |= !open.is_empty();
                self.unclosed_brace(opener, None)
            };
            self.spots.push(opener.start());
            self.damage.push((opener.start(), Damage::Statements));
            if !self.rest_hidden && !self.report(diag) {
                return false;
            }
        }
        self.tokens = out;
        self.find_partners();
        true
    }

    fn unclosed_brace(&self, opener: Span, before: Option<Span>) -> Diag {
        let diag = error("unclosed delimiter", opener, "this `{` is never closed");
        match before {
            Some(closer) => diag
                .secondary(
                    closer,
                    "a `}` is probably missing before this one, which is indented like an outer block",
                )
                .help("add the missing `}`"),
            None => {
                let end = self.src.len();
                diag.secondary(Span::new(end, end), "the file ends here")
                    .help("add the missing `}`")
            }
        }
    }

    fn unexpected_closer(&self, token: Token, open: &[usize], out: &[Token]) -> Diag {
        let spelling = token_spelling(token.tok);
        let diag = error(
            format!("unexpected closing delimiter: `{spelling}`"),
            token.span,
            "unexpected closing delimiter",
        );
        match open.last() {
            Some(&top) => diag
                .secondary(
                    out[top].span,
                    format!(
                        "the innermost open delimiter is this `{}`",
                        token_spelling(out[top].tok)
                    ),
                )
                .help(format!(
                    "remove this `{spelling}`, or add the `{}` it closes",
                    opener_of(token.tok)
                )),
            None => diag.help(format!(
                "every `{{` before it is closed already: remove this `{spelling}`"
            )),
        }
    }

    fn find_partners(&mut self) {
        self.partner = vec![NONE; self.tokens.len()];
        let mut open = Vec::new();
        for (i, token) in self.tokens.iter().enumerate() {
            if is_opener(token.tok) {
                open.push(i);
            } else if matches!(token.tok, Tok::RParen | Tok::RBrace) {
                if let Some(o) = open.pop() {
                    self.partner[o] = i as u32;
                    self.partner[i] = o as u32;
                }
            }
        }
    }

    fn partner(&self, at: usize) -> Option<usize> {
        self.partner
            .get(at)
            .filter(|&&p| p != NONE)
            .map(|&p| p as usize)
    }

    // ---- Items ----

    /// The `{` of the innermost block or body around token `at`, or `None`
    /// at the top level.
    fn enclosing_brace(&self, at: usize) -> Option<usize> {
        let mut i = at.min(self.tokens.len());
        while i > 0 {
            i -= 1;
            match self.tokens[i].tok {
                Tok::RParen | Tok::RBrace => i = self.partner(i).unwrap_or(i),
                Tok::LBrace => return Some(i),
                _ => {}
            }
        }
        None
    }

    /// Where the group opened at `brace` ends (its `}`), or the end of the
    /// tokens at the top level.
    fn group_end(&self, brace: Option<usize>) -> usize {
        brace
            .and_then(|b| self.partner(b))
            .unwrap_or(self.tokens.len())
    }

    /// The item (statement, declaration or function, with its blocks and
    /// any `else`) around token `at`, as a range of token indices. At the
    /// `}` that ends a group it is the unfinished item before it (maybe
    /// empty).
    fn item_around(&self, at: usize) -> std::ops::Range<usize> {
        let group = self.enclosing_brace(at);
        let end = self.group_end(group);
        let mut start = group.map_or(0, |g| g + 1);
        let mut i = start;
        while i < end {
            let item_end = match self.tokens[i].tok {
                Tok::Semi => Some(i + 1),
                Tok::LParen => {
                    i = self.partner(i).unwrap_or(i);
                    None
                }
                Tok::LBrace => {
                    let after = self.partner(i).unwrap_or(i) + 1;
                    (self.tok(after) != Some(Tok::Else)).then_some(after)
                }
                _ => None,
            };
            match item_end {
                Some(item_end) => {
                    if at < item_end {
                        return start..item_end;
                    }
                    start = item_end;
                    i = item_end;
                }
                None => {
                    i = match self.tokens[i].tok {
                        Tok::LBrace => self.partner(i).unwrap_or(i) + 1,
                        _ => i + 1,
                    }
                }
            }
        }
        start..end.max(start)
    }

    /// Whether the item at `range` may have declared a name: a variable
    /// (`int x`, or `float x` from another language) or a function.
    fn may_declare(&self, range: &std::ops::Range<usize>) -> bool {
        let first = range.start;
        match (self.tok(first), self.tok(first + 1)) {
            (Some(Tok::KwInt | Tok::KwBool), _) => true,
            (Some(Tok::Ident), Some(Tok::Ident)) => true,
            (Some(Tok::Ident), Some(Tok::LParen)) => self.tokens[range.clone()]
                .iter()
                .any(|t| t.tok == Tok::LBrace),
            _ => false,
        }
    }

    /// What kind of block the group opened at `brace` is: `Some("if")`,
    /// `Some("while")` or `Some("else")` for a statement's block, `None`
    /// for a function body.
    fn block_kind(&self, brace: usize) -> Option<&'static str> {
        let item = self.item_around(brace);
        let keyword = |tok| match tok {
            Some(Tok::If) => Some("if"),
            Some(Tok::While) => Some("while"),
            Some(Tok::Else) => Some("else"),
            _ => None,
        };
        if self.tok(brace.wrapping_sub(1)) == Some(Tok::Else) {
            return Some("else");
        }
        keyword(self.tok(item.start))
    }

    /// Removes the items holding each of `offsets` (where lexical errors
    /// are, already reported).
    fn drop_items_at(&mut self, offsets: &[usize]) {
        let mut ranges: Vec<std::ops::Range<usize>> = Vec::new();
        for &offset in offsets {
            let next = self.tokens.partition_point(|t| t.span.start() < offset);
            // A token just before the error that ends an item (or opens a
            // group) leaves the error to the item after it.
            let at = match next.checked_sub(1).map(|p| self.tokens[p].tok) {
                Some(Tok::Semi | Tok::LBrace | Tok::RBrace) | None => next,
                Some(_) => next - 1,
            };
            let range = self.item_around(at);
            let damage = if self.may_declare(&range) {
                Damage::Names
            } else {
                Damage::Statements
            };
            self.damage.push((offset, damage));
            if !range.is_empty() {
                ranges.push(range);
            }
        }
        ranges.sort_by_key(|r| r.start);
        // Items are disjoint or nested; keep the outermost, last first.
        let mut kept: Vec<std::ops::Range<usize>> = Vec::new();
        for range in ranges {
            match kept.last() {
                Some(last) if range.start < last.end => {}
                _ => kept.push(range),
            }
        }
        for range in kept.into_iter().rev() {
            self.tokens.drain(range);
        }
        self.find_partners();
    }

    // ---- Step 3: errors of the parser ----

    /// Reports the parser's error at token `at` and repairs the tokens.
    /// False to stop: the cap is reached, or nothing could be repaired.
    fn recover(&mut self, error: LalrpopError, at: usize) -> bool {
        let expected = match error {
            ParseError::UnrecognizedToken { expected, .. }
            | ParseError::UnrecognizedEof { expected, .. } => expected,
            ParseError::ExtraToken { .. } => Vec::new(),
            // The token stream is infallible and the grammar has no
            // fallible actions.
            ParseError::InvalidToken { .. } | ParseError::User { .. } => Vec::new(),
        };
        let where_ = self.span(at).start();
        let repeated = self.last_error == Some(where_) || self.spots.contains(&where_);
        self.last_error = Some(where_);
        let (diag, mut repair) = self.diagnose(at, &expected);
        if repeated || repair.range.is_empty() && repair.with.is_empty() {
            // A second error at the same token: the first repair did not
            // do; the item goes, without a second report.
            repair = self.remove_item(at);
        }
        if !repeated && !self.report(diag) {
            return false;
        }
        if repair.range.is_empty() && repair.with.is_empty() {
            // Nothing left to remove (reported above, or before).
            return false;
        }
        self.apply(repair);
        true
    }

    fn apply(&mut self, repair: Repair) {
        if let Some(damage) = repair.damage {
            let at = repair
                .range
                .clone()
                .find(|&i| !self.tokens[i].span.is_empty())
                .map_or_else(
                    || self.span(repair.range.start).start(),
                    |i| self.tokens[i].span.start(),
                );
            self.damage.push((at, damage));
        }
        self.tokens.splice(repair.range, repair.with);
        self.find_partners();
    }

    /// Removes the item around `at` (or the token at `at`, if that item is
    /// empty and the token does not end a group).
    fn remove_item(&self, at: usize) -> Repair {
        let mut repair = self.remove_statement(at);
        if self.may_declare(&repair.range) {
            repair.damage = Some(Damage::Names);
        }
        repair
    }

    /// Removes the item around `at`, known to be a statement (of wend or
    /// another language), which declares nothing.
    fn remove_statement(&self, at: usize) -> Repair {
        let mut range = self.item_around(at);
        if range.is_empty()
            && at < self.tokens.len()
            && !matches!(self.tokens[at].tok, Tok::RBrace | Tok::RParen)
        {
            range = at..at + 1;
        }
        // An empty statement is nothing lost.
        let lone_semicolon = range.len() == 1 && self.tokens[range.start].tok == Tok::Semi;
        Repair {
            range,
            with: Vec::new(),
            damage: (!lone_semicolon).then_some(Damage::Statements),
        }
    }

    /// For an error inside the parameter list of a function definition,
    /// the repair that removes only the broken parameter (and a comma
    /// beside it), so that the function and its body are still checked.
    fn remove_parameter(&self, at: usize, item: &std::ops::Range<usize>) -> Option<Repair> {
        let name = match self.tok(item.start) {
            Some(Tok::KwInt | Tok::KwBool) => item.start + 1,
            _ => item.start,
        };
        let open = name + 1;
        let close = self.partner(open)?;
        let is_definition = self.tok(name) == Some(Tok::Ident)
            && self.tok(open) == Some(Tok::LParen)
            && self.tok(close + 1) == Some(Tok::LBrace);
        if !(is_definition && open < at && at <= close) {
            return None;
        }
        let is_comma = |i: usize| self.tok(i) == Some(Tok::Comma);
        let first = (open + 1..at)
            .rev()
            .find(|&i| is_comma(i))
            .map_or(open + 1, |c| c + 1);
        let end = (at..close).find(|&i| is_comma(i)).unwrap_or(close);
        let range = if first > open + 1 {
            first - 1..end
        } else if end < close {
            first..end + 1
        } else {
            first..end
        };
        (!range.is_empty()).then_some(Repair {
            range,
            with: Vec::new(),
            // Calls to the function may no longer match it.
            damage: Some(Damage::Names),
        })
    }

    fn replace(&self, at: usize, tok: Tok) -> Repair {
        Repair {
            range: at..at + 1,
            with: vec![Token {
                tok,
                span: self.tokens[at].span,
            }],
            damage: None,
        }
    }

    /// The diagnostic for the parser's error at token `at` and the repair.
    fn diagnose(&self, at: usize, expected: &[String]) -> (Diag, Repair) {
        if let Some(habit) = self.habit(at, expected) {
            return habit;
        }
        let group = self.enclosing_brace(at);
        let item = self.item_around(at);
        let (found, found_span) = self.found(at);
        let expects = |t: &str| expected.iter().any(|e| e == &format!("\"{t}\""));

        // A missing `;` at the end of a line or before a `}`.
        if expects(";") && at > 0 {
            let prev_end = self.tokens[at - 1].span.end();
            let next_line = self.src[prev_end..found_span.start().max(prev_end)].contains('\n');
            let closes = matches!(self.tok(at), Some(Tok::RBrace) | None);
            if next_line || closes {
                let mut diag = error(
                    format!("expected `;`, found {found}"),
                    Span::new(prev_end, prev_end),
                    "add `;` here",
                );
                if next_line {
                    diag = diag.secondary(found_span, "unexpected token");
                }
                let diag = diag.help("every statement and declaration ends with `;`");
                let repair = Repair {
                    range: at..at,
                    with: vec![synthetic(Tok::Semi, prev_end)],
                    damage: None,
                };
                return (diag, repair);
            }
        }

        let words = describe_expected(expected, group.is_none());
        let message = if words.is_empty() {
            format!("unexpected {found}")
        } else {
            format!("expected {words}, found {found}")
        };
        let label = if words.is_empty() {
            "unexpected here".to_string()
        } else {
            format!("expected {words}")
        };
        let mut diag = error(message, found_span, label);
        if group.is_none()
            && item.start == at
            && !matches!(self.tok(at), Some(Tok::Ident | Tok::Semi))
        {
            diag = diag.help(
                "a program is one function, `main() { ... }`: everything else goes inside its body",
            );
        }
        let previous = at.checked_sub(1).and_then(|p| self.tok(p));
        if let Some(help) = hint(previous, self.tok(at), &words) {
            diag = diag.help(help);
        }
        if let Some(repair) = self.remove_parameter(at, &item) {
            return (diag, repair);
        }
        if previous == Some(Tok::Else) && expects("{") {
            diag = diag.help(
                "the body of `else` is a block in braces, even for one statement: `else { ... }`",
            );
        }
        let in_condition = matches!(self.tok(item.start), Some(Tok::If | Tok::While));
        if in_condition
            && expects("{")
            && !self.tokens[item.clone()]
                .iter()
                .any(|t| t.tok == Tok::LBrace && t.span.start() < found_span.start())
        {
            let keyword = self.text(item.start).to_string();
            diag = diag.help(format!(
                "the body of `{keyword}` is a block in braces, even for one statement: `{keyword} cond {{ ... }}`"
            ));
        }
        (diag, self.remove_item(at))
    }

    /// A diagnostic and repair for a habit from C, Java or Python, if the
    /// error at `at` looks like one.
    fn habit(&self, at: usize, expected: &[String]) -> Option<(Diag, Repair)> {
        let item = self.item_around(at);
        let site = Site {
            at,
            first: item.start,
            item,
            group: self.enclosing_brace(at),
            tok: self.tok(at),
            span: self.span(at),
            expected,
        };
        (self.foreign_keyword(&site))
            .or_else(|| self.foreign_declaration(&site))
            .or_else(|| self.definition_in_block(&site))
            .or_else(|| self.foreign_operator(&site))
    }

    /// `for`, `break`, `do`, `void`, `elif`: keywords wend does not have.
    fn foreign_keyword(&self, site: &Site) -> Option<(Diag, Repair)> {
        let Site { at, first, .. } = *site;
        if self.is_word(first, &["for"])
            && matches!(self.tok(first + 1), Some(Tok::LParen | Tok::Ident))
        {
            let diag = error(
                "wend has no `for` loop",
                self.span(first),
                "`for` is not a keyword in wend",
            )
            .help("write the loop with `while`: `i = 0; while i < n { ...; i = i + 1; }`");
            return Some((diag, self.remove_statement(at)));
        }
        if self.is_word(first, &["break", "continue"]) && self.tok(first + 1) == Some(Tok::Semi) {
            let word = self.text(first);
            let diag = error(
                format!("wend has no `{word}` statement"),
                self.span(first),
                format!("`{word}` is not a keyword in wend"),
            );
            let diag = if word == "break" {
                diag.help("end the loop through its condition (for example a `bool` flag it tests), or put the loop in a function and `return` from it")
            } else {
                diag.help("put the rest of the loop body in an `if` instead")
            };
            return Some((diag, self.remove_statement(at)));
        }
        if self.is_word(first, &["do"]) && self.tok(first + 1) == Some(Tok::LBrace) {
            let diag = error("wend has no `do ... while` loop", self.span(first), "`do` is not a keyword in wend")
                .help("write a `while` loop: `while true { ... }` with a `return` inside, or a `bool` flag set before the loop");
            // Its `while (cond);` goes too: it is the same loop.
            let mut repair = self.remove_statement(at);
            if self.tok(repair.range.end) == Some(Tok::While) {
                let tail = self.item_around(repair.range.end);
                if self.tok(tail.end.wrapping_sub(1)) == Some(Tok::Semi) {
                    repair.range.end = tail.end;
                }
            }
            return Some((diag, repair));
        }
        if self.is_word(first, &["void"])
            && self.tok(first + 1) == Some(Tok::Ident)
            && self.tok(first + 2) == Some(Tok::LParen)
        {
            let diag = error(
                "wend has no `void` keyword",
                self.span(first),
                "a function without a return type is void",
            )
            .help(format!(
                "remove `void`: write `{}(...) {{ ... }}`",
                self.text(first + 1)
            ));
            let repair = Repair {
                range: first..first + 1,
                with: Vec::new(),
                damage: None,
            };
            return Some((diag, repair));
        }
        // Python's and Perl's `elif`, `elsif`, `elseif`.
        if self.is_word(first, &["elif", "elsif", "elseif"]) {
            let diag = error(
                format!("wend has no `{}`", self.text(first)),
                self.span(first),
                "not a keyword in wend",
            )
            .help("write `else { if ... }` after the `if`'s block");
            return Some((diag, self.remove_statement(at)));
        }
        None
    }

    /// Declarations as C and Java write them: `int x = 5;`, `int x, y;`,
    /// `float x;`, `let x`, `f(void)`, a global variable.
    fn foreign_declaration(&self, site: &Site) -> Option<(Diag, Repair)> {
        let Site {
            at,
            first,
            group,
            tok,
            span,
            ..
        } = *site;
        let item = &site.item;
        // `f(void)`: C's empty parameter list.
        let name = match self.tok(first) {
            Some(Tok::KwInt | Tok::KwBool) => first + 1,
            _ => first,
        };
        if self.tok(name) == Some(Tok::Ident)
            && self.tok(name + 1) == Some(Tok::LParen)
            && self.is_word(name + 2, &["void"])
            && self.tok(name + 3) == Some(Tok::RParen)
        {
            let diag = error(
                "wend has no `void` keyword",
                self.span(name + 2),
                "an empty parameter list is just `()`",
            )
            .help(format!("write `{}() {{ ... }}`", self.text(name)));
            let repair = Repair {
                range: name + 2..name + 3,
                with: Vec::new(),
                damage: None,
            };
            return Some((diag, repair));
        }
        // `f(a) { ... }`: Python's parameters, without types (which parse
        // as a call until the `{`).
        if tok == Some(Tok::LBrace)
            && self.tok(first) == Some(Tok::Ident)
            && self.tok(first + 1) == Some(Tok::LParen)
            && self.partner(first + 1) == Some(at - 1)
        {
            let untyped = (first + 2..at - 1).find(|&i| {
                self.tok(i) == Some(Tok::Ident)
                    && matches!(self.tok(i - 1), Some(Tok::LParen | Tok::Comma))
                    && matches!(self.tok(i + 1), Some(Tok::RParen | Tok::Comma))
            });
            if let Some(param) = untyped {
                let name = self.text(param);
                let diag = error(
                    "a parameter without a type",
                    self.span(param),
                    "this parameter has no type",
                )
                .help(format!(
                    "write its type before it: `int {name}` or `bool {name}`"
                ));
                return Some((diag, self.remove_item(at)));
            }
        }
        // Types and declaration keywords of other languages (any other
        // word before a name may be a misspelt statement keyword).
        const FOREIGN_TYPES: &[&str] = &[
            "float", "double", "char", "string", "String", "str", "long", "short", "unsigned",
            "signed", "byte", "boolean", "Boolean", "Integer", "integer", "number", "void",
        ];
        const DECLARATION_WORDS: &[&str] = &["var", "let", "auto", "const", "val"];
        if self.is_word(first, FOREIGN_TYPES) || self.is_word(first, DECLARATION_WORDS) {
            let is_declaration = self.tok(first + 1) == Some(Tok::Ident) && at <= first + 2;
            if !is_declaration {
                return None;
            }
            let word = self.text(first);
            let diag = if DECLARATION_WORDS.contains(&word) {
                error(
                    format!("wend has no `{word}` declarations"),
                    self.span(first),
                    "not a keyword in wend",
                )
                .help(format!(
                    "declare a variable with its type: `int {};` or `bool {};`",
                    self.text(first + 1),
                    self.text(first + 1)
                ))
            } else {
                error(
                    format!("unknown type `{word}`"),
                    self.span(first),
                    "not a type in wend",
                )
                .note("wend's types are `int` and `bool`")
            };
            return Some((diag, self.remove_item(at)));
        }

        // Declarations: `int x = 5;` and `int x, y;`.
        let declares = matches!(self.tok(first), Some(Tok::KwInt | Tok::KwBool))
            && self.tok(first + 1) == Some(Tok::Ident);
        if declares && at == first + 2 && matches!(tok, Some(Tok::Assign | Tok::Comma)) {
            if group.is_none() {
                let diag = error("wend has no global variables", self.span(first).to(self.span(first + 1)), "declared outside every function")
                    .help("declare variables at the start of `main`'s body: its nested functions can use them");
                return Some((diag, self.remove_item(at)));
            }
            let semi = (at..item.end).find(|&i| self.tok(i) == Some(Tok::Semi));
            let stop = semi.unwrap_or(item.end);
            let rest = span.to(self.span(stop.saturating_sub(1).max(at)));
            let (ty, name) = (self.text(first), self.text(first + 1));
            let diag = if tok == Some(Tok::Assign) {
                let value =
                    &self.src[self.span(at + 1).start()..rest.end().max(self.span(at + 1).start())];
                error("a declaration cannot have an initial value", rest, "not allowed in a declaration")
                    .note(format!("`{name}` starts as `{}` on every entry to its function", if ty == "int" { "0" } else { "false" }))
                    .help(format!("declare `{ty} {name};` with the declarations, then assign `{name} = {value};` with the statements"))
            } else {
                let second = self
                    .tokens
                    .get(at + 1)
                    .filter(|t| t.tok == Tok::Ident)
                    .map_or("...", |t| &self.src[t.span.start()..t.span.end()]);
                error(
                    "one variable per declaration",
                    rest,
                    "a second variable in the same declaration",
                )
                .help(format!(
                    "declare each variable on its own: `{ty} {name}; {ty} {second};`"
                ))
            };
            let damage = if tok == Some(Tok::Assign) {
                Damage::Statements
            } else {
                Damage::Names
            };
            let mut with = Vec::new();
            if semi.is_none() {
                with.push(synthetic(Tok::Semi, span.start()));
            }
            return Some((
                diag,
                Repair {
                    range: at..stop,
                    with,
                    damage: Some(damage),
                },
            ));
        }
        if group.is_none() && declares && tok == Some(Tok::Semi) {
            let diag = error("wend has no global variables", self.span(first).to(self.span(first + 1)), "declared outside every function")
                .help("declare variables at the start of `main`'s body: its nested functions can use them");
            return Some((diag, self.remove_item(at)));
        }

        None
    }

    /// A function or a variable declared inside an `if` or `while` body.
    fn definition_in_block(&self, site: &Site) -> Option<(Diag, Repair)> {
        let Site {
            at,
            first,
            group,
            tok,
            ..
        } = *site;
        if let Some(kind) = group.and_then(|g| self.block_kind(g)) {
            let (name_at, is_function) =
                match (self.tok(first), self.tok(first + 1), self.tok(first + 2)) {
                    (Some(Tok::KwInt | Tok::KwBool), Some(Tok::Ident), Some(Tok::LParen)) => {
                        (first + 1, true)
                    }
                    (Some(Tok::Ident), Some(Tok::LParen), _) => (
                        first,
                        tok == Some(Tok::LBrace)
                            && self.tok(at.wrapping_sub(1)) == Some(Tok::RParen),
                    ),
                    (Some(Tok::KwInt | Tok::KwBool), _, _) => (first, false),
                    _ => (first, false),
                };
            if is_function {
                let diag = error(
                    "a function cannot be defined inside a block",
                    self.span(name_at),
                    format!("`{}` is defined inside {}", self.text(name_at), a_block(kind)),
                )
                .help("define nested functions at the start of a function body, after its variable declarations");
                return Some((diag, self.remove_item(at)));
            }
            if at == first && matches!(tok, Some(Tok::KwInt | Tok::KwBool)) {
                let declared = if self.tok(first + 1) == Some(Tok::Ident) {
                    first + 1
                } else {
                    first
                };
                let diag = error(
                    "a variable cannot be declared inside a block",
                    self.span(first).to(self.span(declared)),
                    format!("declared inside {}", a_block(kind)),
                )
                .help("variables are declared at the start of a function body, before its nested functions and statements");
                return Some((diag, self.remove_item(at)));
            }
        }

        None
    }

    /// Operators wend does not have (`++`, `+=`, `and`), `==` and `=`
    /// confused, and `else if`.
    fn foreign_operator(&self, site: &Site) -> Option<(Diag, Repair)> {
        let Site {
            at,
            first,
            tok,
            span,
            ..
        } = *site;
        let item = &site.item;
        let expects = |t: &str| site.expects(t);
        let op_spelling = |t| match t {
            Some(Tok::Plus) => Some("+"),
            Some(Tok::Minus) => Some("-"),
            Some(Tok::Star) => Some("*"),
            Some(Tok::Slash) => Some("/"),
            Some(Tok::Percent) => Some("%"),
            _ => None,
        };
        if let Some(op) = op_spelling(tok) {
            // `x++`, `x--`, `++x`, `--x` as statements.
            let doubled =
                self.tok(at + 1) == tok && self.adjacent(at, at + 1) && matches!(op, "+" | "-");
            let statement_start =
                at == first || (at == first + 1 && self.tok(first) == Some(Tok::Ident));
            if doubled && statement_start {
                let var = if at == first {
                    self.tokens.get(at + 2)
                } else {
                    self.tokens.get(first)
                };
                let var = var
                    .filter(|t| t.tok == Tok::Ident)
                    .map_or("x", |t| &self.src[t.span.start()..t.span.end()]);
                let diag = error(
                    format!("wend has no `{op}{op}` operator"),
                    span.to(self.span(at + 1)),
                    "not an operator in wend",
                )
                .help(format!("write `{var} = {var} {op} 1;`"));
                return Some((diag, self.remove_statement(at)));
            }
            // `x += e;` and the like.
            if at == first + 1
                && self.tok(first) == Some(Tok::Ident)
                && self.tok(at + 1) == Some(Tok::Assign)
                && self.adjacent(at, at + 1)
            {
                let var = self.text(first);
                // `x += e;` becomes `x = x + (e);`.
                let semi = (at..item.end)
                    .find(|&i| self.tok(i) == Some(Tok::Semi))
                    .unwrap_or(item.end);
                let value = match semi.checked_sub(at + 2) {
                    Some(0) | None => "...".to_string(),
                    Some(1) => self.text(at + 2).to_string(),
                    Some(_) => format!(
                        "({})",
                        &self.src[self.span(at + 2).start()..self.span(semi - 1).end()]
                    ),
                };
                let diag = error(
                    format!("wend has no `{op}=` operator"),
                    span.to(self.span(at + 1)),
                    "not an operator in wend",
                )
                .help(format!("write `{var} = {var} {op} {value};`"));
                let mut with = vec![
                    Token {
                        tok: Tok::Assign,
                        span: self.span(at + 1),
                    },
                    self.tokens[first],
                    Token {
                        tok: tok.unwrap_or(Tok::Plus),
                        span,
                    },
                    synthetic(Tok::LParen, self.span(at + 2).start()),
                ];
                with.extend_from_slice(&self.tokens[at + 2..semi]);
                let close_at = self
                    .tokens
                    .get(semi)
                    .map_or(self.src.len(), |t| t.span.start());
                with.push(synthetic(Tok::RParen, close_at));
                return Some((
                    diag,
                    Repair {
                        range: at..semi,
                        with,
                        damage: None,
                    },
                ));
            }
        }
        // `&` and `|` are reported by the lexer; `and`, `or` and `not` are
        // identifiers in wend.
        let word_operator = |i: usize| match self.tok(i) {
            Some(Tok::Ident) => match self.text(i) {
                "and" => Some(("&&", Tok::AndAnd)),
                "or" => Some(("||", Tok::OrOr)),
                "not" => Some(("!", Tok::Bang)),
                _ => None,
            },
            _ => None,
        };
        let before = at.checked_sub(1);
        // `a and b`: the error is at `and`; `not x`: at `x`.
        let word_at = match word_operator(at) {
            Some((op, _)) if op != "!" => Some(at),
            _ => before.filter(|&p| word_operator(p).is_some_and(|(op, _)| op == "!")),
        };
        if let Some((prev, (op, op_tok))) = word_at.and_then(|p| word_operator(p).map(|w| (p, w))) {
            let word = self.text(prev);
            let diag = error(
                format!("`{word}` is not an operator in wend"),
                self.span(prev),
                format!("write `{op}`"),
            )
            .help("the logical operators are `&&`, `||` and `!`");
            return Some((diag, self.replace(prev, op_tok)));
        }
        // `==` where `=` assigns, and `=` where `==` compares.
        if tok == Some(Tok::EqEq)
            && at == first + 1
            && self.tok(first) == Some(Tok::Ident)
            && expects("=")
        {
            let diag = error("expected `=`, found `==`", span, "`==` compares two values")
                .help(format!("to assign, write `{} = ...;`", self.text(first)));
            return Some((diag, self.replace(at, Tok::Assign)));
        }
        let keyword = match self.tok(first) {
            Some(Tok::If) => Some("if"),
            Some(Tok::While) => Some("while"),
            _ => None,
        };
        if let (Some(keyword), Some(Tok::Assign)) = (keyword, tok) {
            let no_block_yet = !self.tokens[first..at].iter().any(|t| t.tok == Tok::LBrace);
            if no_block_yet {
                // The condition as written, up to its block, with `==`.
                let cond_end = (at..item.end)
                    .find(|&i| self.tok(i) == Some(Tok::LBrace))
                    .map_or(span.end(), |brace| self.span(brace - 1).end());
                let cond_start = self.span(first + 1).start();
                let condition = format!(
                    "{}=={}",
                    &self.src[cond_start..span.start()],
                    &self.src[span.end()..cond_end.max(span.end())]
                );
                let diag = error(
                    format!("`=` in the condition of `{keyword}`"),
                    span,
                    "`=` assigns, it does not compare",
                )
                .help(format!(
                    "to compare, write `==`: `{keyword} {condition} {{ ... }}`"
                ));
                let repair = if expects("==") {
                    self.replace(at, Tok::EqEq)
                } else {
                    self.remove_item(at)
                };
                return Some((diag, repair));
            }
        }
        // `else if`: rewritten as `else { if ... }`.
        if tok == Some(Tok::If) && before.and_then(|p| self.tok(p)) == Some(Tok::Else) {
            let diag = error("expected `{`, found keyword `if`", span, "expected `{`")
                .help("there is no `else if` form: write `else { if ... }`");
            let end_at = self.tokens[item.end - 1].span.end();
            let repair = Repair {
                range: at..item.end,
                with: std::iter::once(synthetic(Tok::LBrace, span.start()))
                    .chain(self.tokens[at..item.end].iter().copied())
                    .chain(std::iter::once(synthetic(Tok::RBrace, end_at)))
                    .collect(),
                damage: None,
            };
            return Some((diag, repair));
        }
        None
    }
}

/// How many more tokens of kind `more` than of kind `fewer` there are.
fn extra_closers_of_kind(tokens: &[Token], more: Tok, fewer: Tok) -> usize {
    let count = |kind| tokens.iter().filter(|t| t.tok == kind).count();
    count(more).saturating_sub(count(fewer))
}

/// Whether `tokens` close more parentheses than they open before the next
/// brace or the end of the line (looking a bounded way ahead: a `for`
/// header is short).
fn closed_on_the_line(src: &str, tokens: &[Token]) -> bool {
    let mut depth = 0i32;
    for pair in tokens.windows(2).take(256) {
        let (before, token) = (pair[0], pair[1]);
        if src[before.span.end()..token.span.start()].contains('\n') {
            break;
        }
        match token.tok {
            Tok::LParen => depth += 1,
            Tok::RParen => depth -= 1,
            Tok::LBrace | Tok::RBrace => break,
            _ => {}
        }
        if depth < 0 {
            return true;
        }
    }
    false
}

/// "an `if` block", "a `while` block", "an `else` block".
fn a_block(keyword: &str) -> String {
    let article = if keyword == "while" { "a" } else { "an" };
    format!("{article} `{keyword}` block")
}

fn token_spelling(tok: Tok) -> &'static str {
    tok.spelling().unwrap_or("?")
}

fn opener_of(closer: Tok) -> &'static str {
    if closer == Tok::RParen {
        "("
    } else {
        "{"
    }
}

/// Describes lalrpop's expected-terminal list in words, grouping the usual
/// sets ("an expression", "a statement", "an operator") instead of listing
/// every token.
fn describe_expected(expected: &[String], top_level: bool) -> String {
    const EXPRESSION: &[&str] = &["Ident", "Int", "Str", "\"(\"", "\"true\"", "\"false\""];
    const EXPRESSION_EXTRA: &[&str] = &["\"-\"", "\"+\"", "\"!\""];
    const STATEMENT: &[&str] = &[
        "Ident",
        "\"return\"",
        "\"print\"",
        "\"println\"",
        "\"if\"",
        "\"while\"",
    ];
    const TYPE: &[&str] = &["\"int\"", "\"bool\""];
    const OPERATORS: &[&str] = &[
        "\"+\"", "\"-\"", "\"*\"", "\"/\"", "\"%\"", "\"<\"", "\"<=\"", "\">\"", "\">=\"",
        "\"==\"", "\"!=\"", "\"&&\"", "\"||\"",
    ];

    let has = |t: &str| expected.iter().any(|e| e == t);
    let has_all = |set: &[&str]| set.iter().all(|t| has(t));
    let mut groups = Vec::new();
    let mut taken: Vec<&str> = Vec::new();
    if top_level && has("Ident") && has_all(TYPE) {
        groups.push("a function".to_string());
        taken.extend(TYPE.iter().chain(&["Ident"]));
    } else if has_all(STATEMENT) && has_all(TYPE) {
        groups.extend(["a declaration", "a nested function", "a statement"].map(String::from));
        taken.extend(STATEMENT.iter().chain(TYPE));
    } else if has_all(STATEMENT) {
        groups.push("a statement".to_string());
        taken.extend(STATEMENT);
    } else if has_all(EXPRESSION) {
        groups.push("an expression".to_string());
        taken.extend(EXPRESSION.iter().chain(EXPRESSION_EXTRA));
    } else if has_all(TYPE) {
        groups.push("a type (`int` or `bool`)".to_string());
        taken.extend(TYPE);
    }
    // Operators after an operand (those starting one, `-` `+` `!`, are
    // part of "an expression").
    let operators = OPERATORS.iter().any(|t| has(t) && !taken.contains(t));
    if operators {
        // After an operand, a call's `(` is possible too, but naming it
        // beside the operators only confuses.
        taken.extend(OPERATORS.iter().chain(&["\"(\""]));
    }
    let rest = expected
        .iter()
        .filter(|e| !taken.contains(&e.as_str()))
        .map(|e| describe_terminal(e));
    let mut all: Vec<String> = groups.into_iter().chain(rest).collect();
    if operators {
        all.push("an operator".to_string());
    }
    match all.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// `"\";\""` (lalrpop's name for a terminal) becomes `` `;` ``.
fn describe_terminal(name: &str) -> String {
    match name {
        "Ident" => "identifier".to_string(),
        "Int" => "integer literal".to_string(),
        "Str" => "string literal".to_string(),
        quoted => format!("`{}`", quoted.trim_matches('"')),
    }
}

/// A help line for the mistakes the language reference calls out, judged
/// from the token before the error and the unexpected token.
fn hint(previous: Option<Tok>, found: Option<Tok>, expected: &str) -> Option<String> {
    let found = found?;
    let is_sign = |t: Tok| matches!(t, Tok::Minus | Tok::Plus);
    let is_comparison = |t: Tok| {
        matches!(
            t,
            Tok::Lt | Tok::Le | Tok::Gt | Tok::Ge | Tok::EqEq | Tok::NotEq
        )
    };
    let help = match (previous, found) {
        (Some(Tok::Bang), Tok::Bang) => {
            "`!` cannot be applied to `!` directly: write `!(!x)`".to_string()
        }
        (Some(prev), found) if is_sign(prev) && is_sign(found) => format!(
            "unary `{}` applies to an atom only: write `{}({}x)`",
            token_spelling(prev),
            token_spelling(prev),
            token_spelling(found),
        ),
        (Some(prev), Tok::Bang) if is_comparison(prev) || is_sign(prev) => {
            "`!` binds more loosely than comparisons: put parentheses around `!x`".to_string()
        }
        (_, found) if is_comparison(found) => {
            "comparisons do not chain: write `a < b && b < c`, or add parentheses".to_string()
        }
        (
            _,
            Tok::Ident | Tok::Int | Tok::Str | Tok::True | Tok::False | Tok::KwInt | Tok::KwBool,
        ) if expected.contains("`,`") => {
            "a `,` separates the items of a parameter or argument list".to_string()
        }
        (_, Tok::Ident) if expected.starts_with("a type") => {
            "a parameter is declared with its type: `int x` or `bool x`".to_string()
        }
        (_, Tok::Semi) if expected.contains("statement") || expected.contains("a function") => {
            "there is no empty statement: remove this `;`".to_string()
        }
        (_, Tok::LBrace) if expected.contains("statement") => {
            "there are no bare blocks: a `{` must follow `if`, `else` or `while`".to_string()
        }
        _ => return None,
    };
    Some(help)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::lex;

    fn recovery(src: &str) -> Recovery<'_> {
        let (tokens, errors) = lex(src);
        assert!(errors.is_empty());
        let mut recovery = Recovery {
            src,
            tokens,
            partner: Vec::new(),
            diags: Vec::new(),
            damage: Vec::new(),
            reported: 0,
            last_error: None,
            line_starts: vec![0],
            spots: Vec::new(),
            structure_guessed: false,
            rest_hidden: false,
        };
        assert!(recovery.balance_delimiters());
        recovery
    }

    /// The text of the item around the `n`th token.
    fn item_text(src: &str, n: usize) -> String {
        let r = recovery(src);
        let range = r.item_around(n);
        if range.is_empty() {
            return String::new();
        }
        src[r.tokens[range.start].span.start()..r.tokens[range.end - 1].span.end()].to_string()
    }

    #[test]
    fn items_are_statements_with_their_blocks_and_else() {
        let src = "main() { x = f(1; 2); if a { b; } else { c; } g() { d; } e }";
        // `;` inside parentheses does not end the statement.
        assert_eq!(item_text(src, 6), "x = f(1; 2);");
        // From the `if` or from inside its condition: the whole statement,
        // `else` included; from inside a block: the statement there.
        assert_eq!(item_text(src, 14), "if a { b; } else { c; }");
        assert_eq!(item_text(src, 17), "b;");
        assert_eq!(item_text(src, 26), "g() { d; }");
        // At the `}` closing a group, the unfinished item before it.
        assert_eq!(item_text(src, 32), "e");
        assert_eq!(
            item_text(src, 0),
            "main() { x = f(1; 2); if a { b; } else { c; } g() { d; } e }"
        );
    }

    #[test]
    fn blocks_know_their_keyword() {
        let src = "main() { if a { } else { } while b { } f() { } }";
        let r = recovery(src);
        let kind = |n: usize| r.block_kind(n);
        assert_eq!(r.tokens[3].tok, Tok::LBrace);
        assert_eq!(kind(3), None);
        assert_eq!(kind(6), Some("if"));
        assert_eq!(kind(9), Some("else"));
        assert_eq!(kind(13), Some("while"));
        assert_eq!(kind(18), None);
    }

    #[test]
    fn expected_tokens_in_words() {
        let list = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        let top = list(&["Ident", "\"int\"", "\"bool\""]);
        assert_eq!(describe_expected(&top, true), "a function");
        assert_eq!(
            describe_expected(&top, false),
            "a type (`int` or `bool`) or identifier"
        );
        let params = list(&["\")\"", "\"int\"", "\"bool\""]);
        assert_eq!(
            describe_expected(&params, false),
            "a type (`int` or `bool`) or `)`"
        );
        let operand = list(&[
            "Ident",
            "Int",
            "Str",
            "\"(\"",
            "\"true\"",
            "\"false\"",
            "\"-\"",
            "\"+\"",
            "\"!\"",
        ]);
        assert_eq!(describe_expected(&operand, false), "an expression");
        let after = list(&["\";\"", "\"(\"", "\"+\"", "\"*\"", "\"==\"", "\"&&\""]);
        assert_eq!(describe_expected(&after, false), "`;` or an operator");
        let block = list(&[
            "Ident",
            "\"return\"",
            "\"print\"",
            "\"println\"",
            "\"if\"",
            "\"while\"",
            "\"}\"",
        ]);
        assert_eq!(describe_expected(&block, false), "a statement or `}`");
    }

    #[test]
    fn valid_wend_with_the_words_of_other_languages_is_accepted() {
        // Recovery only runs on errors: these names are wend identifiers.
        let src = "main() {\n    int for; int break; bool and; int void;\n    \
                   do() { }\n    let(int float) { }\n    for = 1; break = for + 1;\n    \
                   and = true; if and { do(); let(for); }\n}\n";
        let (checked, diags) = crate::check(src);
        assert!(
            checked.is_some() && !crate::diag::has_errors(&diags),
            "{diags:?}"
        );
    }
}
