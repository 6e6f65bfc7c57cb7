//! Parsing: runs the lalrpop-generated parser over the lexer's tokens,
//! enforces the nesting limit while the tree is built, and turns lalrpop's
//! parse errors into friendly, located diagnostics.

use lalrpop_util::{lalrpop_mod, ParseError};

use crate::ast::{
    BinaryOp, Call, CallId, Expr, ExprId, ExprKind, Exprs, Function, Ident, Item, Param, Program,
    Stmt, StmtKind, Type, UnaryOp,
};
use crate::diag::{error, Diag, DiagExt};
use crate::intern::{Interner, Symbol};
use crate::lexer::{describe, int_value, lex, string_value, Tok, Token};
use crate::span::Span;

lalrpop_mod!(
    #[allow(clippy::all, clippy::pedantic, unused_qualifications, unused_imports)]
    grammar
);

/// The deepest nesting of blocks the compiler accepts: each function body
/// (`main`'s too) and each `if` or `while` body is a level, so `main` can
/// hold 999 nested `if`s.
///
/// Later stages walk the tree recursively, but blocks are limited for what
/// nesting costs after that: a loop is part of every loop around it (the
/// loop forest lists each loop's blocks), and a nested function's name
/// holds its parents' names (`main.f.g`), so both grow with the square of
/// the depth.
pub const MAX_BLOCK_DEPTH: u32 = 1000;

/// The tallest expression the compiler accepts, in tree levels: each
/// atom, parenthesis, operator and call is one, so `a + b + c` is three
/// levels (`(a + b) + c`) and a sum of N terms N.
///
/// This limit is only for the stack: the walks over an expression recurse
/// into its operands. The compiler's thread has a 1 GiB stack; expressions
/// of every kind at this limit compile in a debug build with a quarter of
/// that, in an optimised one with far less.
pub const MAX_EXPR_DEPTH: u32 = 50_000;

/// Parses `src` into a syntax tree, or returns the lexical errors (all of
/// them), or the syntax error, or the nesting-limit error.
pub fn parse(src: &str) -> Result<Program, Vec<Diag>> {
    let (tokens, lex_errors) = lex(src);
    if !lex_errors.is_empty() {
        return Err(lex_errors);
    }
    // Interning every identifier before parsing, all at once, lets the
    // interner work in an order that suits the cache (see `intern`).
    let (names, symbols) = Interner::intern_all(src, &tokens);
    let mut builder = Builder {
        src,
        too_deep: None,
        names,
        symbols: symbols.into_iter(),
        exprs: arenas_for(&tokens),
        function_count: 0,
    };
    let stream = tokens
        .iter()
        .map(|t| Ok::<_, std::convert::Infallible>((t.span.start(), t.tok, t.span.end())));
    let result = grammar::ProgramParser::new().parse(&mut builder, stream);
    let mut errors: Vec<Diag> = builder.too_deep.into_iter().collect();
    match result {
        Ok(functions) if errors.is_empty() => Ok(Program {
            functions: functions.into_iter().map(|f| *f).collect(),
            function_count: builder.function_count,
            names: builder.names,
            exprs: builder.exprs,
        }),
        Ok(_) => Err(errors),
        Err(err) => {
            errors.push(syntax_error(err, &tokens, src));
            Err(errors)
        }
    }
}

/// Expression arenas with room for every node and call the tokens can
/// make, so that they never grow by copying.
fn arenas_for(tokens: &[Token]) -> Exprs {
    let (mut nodes, mut calls) = (0, 0);
    let mut after_ident = false;
    for t in tokens {
        nodes += usize::from(may_make_expr(t.tok));
        // A call is a name then `(` (so is a function's definition).
        calls += usize::from(after_ident && t.tok == Tok::LParen);
        after_ident = t.tok == Tok::Ident;
    }
    Exprs::with_capacity(nodes, calls)
}

/// Whether the parser may make an expression node for a token of this
/// kind. Every node is made for a token of its own (an operator, an atom,
/// the name of a call, the `(` of a parenthesis), so counting these tokens
/// bounds the number of nodes and sizes the arena once and for all (the
/// names of declarations and the `(` of calls are counted too: capacity
/// that is never touched costs no memory).
fn may_make_expr(tok: Tok) -> bool {
    use Tok::*;
    match tok {
        Ident | Int | Str | True | False | LParen | Plus | Minus | Star | Slash | Percent | Lt
        | Le | Gt | Ge | EqEq | NotEq | AndAnd | OrOr | Bang => true,
        KwInt | KwBool | If | Else | While | Return | Print | Println | RParen | LBrace
        | RBrace | Semi | Comma | Assign => false,
    }
}

/// `first` followed by `rest`: for comma-separated lists in the grammar.
pub(crate) fn prepend<T>(first: T, mut rest: Vec<T>) -> Vec<T> {
    rest.insert(0, first);
    rest
}

/// Makes tree nodes for the grammar's actions, computing each node's height
/// from its children's (already known) heights, so the nesting limits are
/// checked bottom-up without any recursion.
///
/// A node taller than its limit ([`MAX_BLOCK_DEPTH`] for statements and
/// functions, [`MAX_EXPR_DEPTH`] for expressions) is reported (once per
/// file) and replaced by a shallow placeholder that keeps the excessive
/// height, so every ancestor is collapsed too and the tree never grows past
/// the limit. The placeholders never reach later stages: a file with a
/// nesting error is rejected after parsing.
pub(crate) struct Builder<'src> {
    /// The source text, for the names and values of tokens.
    src: &'src str,
    too_deep: Option<Diag>,
    /// The names of all identifiers of the program.
    names: Interner,
    /// The symbol of each identifier token not yet reduced to a `Name`, in
    /// source order (see [`Builder::ident`]).
    symbols: std::vec::IntoIter<Symbol>,
    /// The expressions made so far.
    exprs: Exprs,
    /// The functions made so far.
    function_count: usize,
}

impl Builder<'_> {
    /// Whether a block nesting `depth` levels deep is within the limit;
    /// reports it (once per file) if not.
    fn check_block(&mut self, depth: u32, point: Span) -> bool {
        self.check(depth, MAX_BLOCK_DEPTH, || {
            error(
                format!("nesting too deep: the limit is {MAX_BLOCK_DEPTH}"),
                point,
                format!("this is nested more than {MAX_BLOCK_DEPTH} levels deep"),
            )
            .note("each function body and each `if` or `while` body adds a level")
            .help("move inner parts into functions of their own, declared further out")
        })
    }

    /// Whether an expression `depth` levels tall is within the limit;
    /// reports it (once per file) if not.
    fn check_expr(&mut self, depth: u32, point: Span) -> bool {
        self.check(depth, MAX_EXPR_DEPTH, || {
            error(
                format!("expression too deep: the limit is {MAX_EXPR_DEPTH} levels"),
                point,
                format!("this is nested more than {MAX_EXPR_DEPTH} levels deep"),
            )
            .note(
                "each parenthesis, call and operator adds a level, so does each `+` of `a + b + c`",
            )
            .help("compute parts of the expression into variables first")
        })
    }

    fn check(&mut self, depth: u32, limit: u32, report: impl FnOnce() -> Diag) -> bool {
        if depth <= limit {
            return true;
        }
        if self.too_deep.is_none() {
            self.too_deep = Some(report());
        }
        false
    }

    /// The `Name` of the next identifier token. The LR parser reduces each
    /// identifier token to a `Name` (the grammar's only use of `Ident`)
    /// before it shifts the next token, so these calls come exactly in token
    /// order, and the symbols interned before parsing are handed out in turn.
    pub(crate) fn ident(&mut self, span: Span) -> Ident {
        let symbol = self.symbols.next().expect("one symbol per identifier");
        debug_assert_eq!(self.names.name(symbol), self.text(span));
        Ident { name: symbol, span }
    }

    fn text(&self, span: Span) -> &str {
        &self.src[span.start()..span.end()]
    }

    /// The value of the integer literal at `span`, saturated at `u32::MAX`.
    pub(crate) fn int(&self, span: Span) -> u32 {
        u32::try_from(int_value(self.text(span))).unwrap_or(u32::MAX)
    }

    /// The string literal at `span`.
    pub(crate) fn string(&mut self, span: Span) -> ExprId {
        let bytes = string_value(self.text(span));
        let string = self.exprs.strings.push(bytes);
        self.expr(ExprKind::Str(string), span)
    }

    pub(crate) fn call(&mut self, name: Ident, args: Vec<ExprId>, span: Span) -> CallId {
        self.exprs.calls.push(Call { name, args, span })
    }

    fn depth(&self, expr: ExprId) -> u32 {
        self.exprs[expr].depth
    }

    fn max_depth(&self, exprs: &[ExprId]) -> u32 {
        exprs.iter().map(|&e| self.depth(e)).max().unwrap_or(0)
    }

    pub(crate) fn expr(&mut self, kind: ExprKind, span: Span) -> ExprId {
        let (children, point) = match kind {
            ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Str(_) | ExprKind::Var(_) => (0, span),
            ExprKind::Call(call) => {
                let call = &self.exprs.calls[call];
                (self.max_depth(&call.args), call.name.span)
            }
            ExprKind::Paren(inner) => {
                (self.depth(inner), Span::new(span.start(), span.start() + 1))
            }
            ExprKind::Unary {
                op, op_at, operand, ..
            } => (self.depth(operand), op.span_at(op_at)),
            ExprKind::Binary {
                op,
                op_at,
                lhs,
                rhs,
            } => (self.depth(lhs).max(self.depth(rhs)), op.span_at(op_at)),
        };
        let depth = children.saturating_add(1);
        let kind = if self.check_expr(depth, point) {
            kind
        } else {
            ExprKind::Bool(false)
        };
        self.exprs.nodes.push(Expr { kind, span, depth })
    }

    pub(crate) fn unary(&mut self, op: UnaryOp, op_span: Span, operand: ExprId) -> ExprId {
        let span = op_span.to(self.exprs[operand].span);
        self.expr(
            ExprKind::Unary {
                op,
                op_at: op_span.start() as u32,
                operand,
            },
            span,
        )
    }

    pub(crate) fn binary(
        &mut self,
        op: BinaryOp,
        op_span: Span,
        lhs: ExprId,
        rhs: ExprId,
    ) -> ExprId {
        let span = self.exprs[lhs].span.to(self.exprs[rhs].span);
        self.expr(
            ExprKind::Binary {
                op,
                op_at: op_span.start() as u32,
                lhs,
                rhs,
            },
            span,
        )
    }

    /// A statement, whose depth counts the blocks it contains (its
    /// expressions are limited on their own).
    pub(crate) fn stmt(&mut self, kind: StmtKind, span: Span) -> Stmt {
        let block_depth = |stmts: &[Stmt]| stmts.iter().map(|s| s.depth).max().unwrap_or(0);
        let (children, point) = match &kind {
            StmtKind::Assign { .. }
            | StmtKind::Call(_)
            | StmtKind::Return(_)
            | StmtKind::Print { .. } => (0, span),
            StmtKind::If {
                then_block,
                else_block,
                ..
            } => {
                let else_depth = else_block.as_ref().map_or(0, |b| block_depth(&b.stmts));
                let depth = block_depth(&then_block.stmts).max(else_depth);
                (depth, Span::new(span.start(), span.start() + 2))
            }
            StmtKind::While { body, .. } => (
                block_depth(&body.stmts),
                Span::new(span.start(), span.start() + 5),
            ),
        };
        let depth = children.saturating_add(1);
        if self.check_block(depth, point) {
            Stmt { kind, span, depth }
        } else {
            Stmt {
                kind: StmtKind::Return(None),
                span,
                depth,
            }
        }
    }

    pub(crate) fn function(
        &mut self,
        ret: Option<(Type, Span)>,
        name: Ident,
        params: Vec<Param>,
        mut items: Vec<Item>,
        close_brace: Span,
        span: Span,
    ) -> Box<Function> {
        let children = items
            .iter()
            .map(|item| match item {
                Item::Var(_) => 1,
                Item::Func(f) => f.depth,
                Item::Stmt(s) => s.depth,
            })
            .max()
            .unwrap_or(0);
        let depth = children.saturating_add(1);
        if !self.check_block(depth, name.span) {
            items.clear();
        }
        self.function_count += 1;
        Box::new(Function {
            ret,
            name,
            params,
            items,
            close_brace,
            span,
            depth,
        })
    }
}

type LalrpopError = ParseError<usize, Tok, std::convert::Infallible>;

/// Turns a lalrpop error into a diagnostic: "expected `;`, found `}`",
/// plus a hint for the mistakes the reference calls out.
fn syntax_error(err: LalrpopError, tokens: &[Token], src: &str) -> Diag {
    let (span, found, expected) = match err {
        ParseError::UnrecognizedToken {
            token: (start, tok, end),
            expected,
        } => (Span::new(start, end), Some(tok), expected),
        ParseError::UnrecognizedEof { location, expected } => {
            // Point just past the last token, or at the start of an empty file.
            let at = location.min(src.len());
            (Span::new(at, at), None, expected)
        }
        ParseError::ExtraToken {
            token: (start, tok, end),
        } => (
            Span::new(start, end),
            Some(tok),
            vec!["end of file".to_string()],
        ),
        // The lexer is external and infallible; these cannot happen, but a
        // message is better than a panic if they ever do.
        ParseError::InvalidToken { location } => (Span::new(location, location), None, Vec::new()),
        ParseError::User { error } => match error {},
    };
    let found_text = found.map_or("end of file".to_string(), |tok| {
        describe(tok, &src[span.start()..span.end()])
    });
    let expected = describe_expected(&expected);
    let message = if expected.is_empty() {
        format!("unexpected {found_text}")
    } else {
        format!("expected {expected}, found {found_text}")
    };
    let label = if expected.is_empty() {
        "unexpected here".to_string()
    } else {
        format!("expected {expected}")
    };
    let mut diag = error(message, span, label);
    let previous = tokens
        .iter()
        .take_while(|t| t.span.start() < span.start())
        .last()
        .map(|t| &t.tok);
    if let Some(help) = hint(previous, found.as_ref(), &expected) {
        diag = diag.help(help);
    }
    diag
}

/// Describes lalrpop's expected-terminal list in words, grouping the usual
/// sets ("an expression", "a statement") instead of listing every token.
fn describe_expected(expected: &[String]) -> String {
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
    const DECLARATION: &[&str] = &["\"int\"", "\"bool\""];

    let has_all = |set: &[&str]| set.iter().all(|t| expected.iter().any(|e| e == t));
    let mut groups = Vec::new();
    let mut taken: Vec<&str> = Vec::new();
    if has_all(STATEMENT) && has_all(DECLARATION) {
        groups.extend(["a declaration", "a nested function", "a statement"].map(String::from));
        taken.extend(STATEMENT.iter().chain(DECLARATION));
    } else if has_all(STATEMENT) {
        groups.push("a statement".to_string());
        taken.extend(STATEMENT);
    } else if has_all(EXPRESSION) {
        groups.push("an expression".to_string());
        taken.extend(EXPRESSION.iter().chain(EXPRESSION_EXTRA));
    }
    let rest = expected
        .iter()
        .filter(|e| !taken.contains(&e.as_str()))
        .map(|e| describe_terminal(e));
    let all: Vec<String> = groups.into_iter().chain(rest).collect();
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

/// A help line for common mistakes, judged from the token before the error
/// and the unexpected token.
fn hint(previous: Option<&Tok>, found: Option<&Tok>, expected: &str) -> Option<String> {
    let found = found?;
    let is_sign = |t: &Tok| matches!(t, Tok::Minus | Tok::Plus);
    let is_comparison = |t: &Tok| {
        matches!(
            t,
            Tok::Lt | Tok::Le | Tok::Gt | Tok::Ge | Tok::EqEq | Tok::NotEq
        )
    };
    let help = match (previous, found) {
        (Some(Tok::Else), Tok::If) => {
            "there is no `else if` form: write `else { if ... }`".to_string()
        }
        (Some(Tok::Bang), Tok::Bang) => {
            "`!` cannot be applied to `!` directly: write `!(!x)`".to_string()
        }
        (Some(prev), found) if is_sign(prev) && is_sign(found) => format!(
            "unary `{}` applies to an atom only: write `{}({}x)`",
            prev.spelling().unwrap_or("-"),
            prev.spelling().unwrap_or("-"),
            found.spelling().unwrap_or("-"),
        ),
        (Some(prev), Tok::Bang) if is_comparison(prev) || is_sign(prev) => {
            "`!` binds more loosely than comparisons: put parentheses around `!x`".to_string()
        }
        (_, found) if is_comparison(found) => {
            "comparisons do not chain: write `a < b && b < c`, or add parentheses".to_string()
        }
        (_, Tok::Semi) if expected.contains("statement") => {
            "there is no empty statement: remove this `;`".to_string()
        }
        (_, Tok::LBrace) if expected.contains("statement") => {
            "there are no bare blocks: a `{` must follow `if`, `else` or `while`".to_string()
        }
        (_, Tok::KwInt | Tok::KwBool) if expected.contains("a statement") => {
            "variables are declared at the start of a function body, not inside a block".to_string()
        }
        _ => return None,
    };
    Some(help)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::pretty_print;

    fn parse_ok(src: &str) -> Program {
        match parse(src) {
            Ok(program) => program,
            Err(errors) => panic!("unexpected errors for {src:?}: {errors:#?}"),
        }
    }

    fn parse_err(src: &str) -> Diag {
        match parse(src) {
            Ok(_) => panic!("expected a syntax error for {src:?}"),
            Err(mut errors) => {
                assert_eq!(errors.len(), 1, "{errors:#?}");
                errors.remove(0)
            }
        }
    }

    /// The tree of `main() { print EXPR; }`, only the expression part.
    fn expr_tree(expr: &str) -> String {
        let src = format!("main() {{ print {expr}; }}");
        let text = pretty_print(&parse_ok(&src), &src);
        text.lines()
            .skip(2)
            .map(|line| line.split(" @").next().unwrap_or_default().trim())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn precedence_levels() {
        assert_eq!(
            expr_tree("a || b && c"),
            "binary || var a binary && var b var c"
        );
        assert_eq!(
            expr_tree("!a == b && c"),
            "binary && unary ! binary == var a var b var c"
        );
        assert_eq!(
            expr_tree("a + b * -c < d"),
            "binary < binary + var a binary * var b unary - var c var d"
        );
        assert_eq!(
            expr_tree("-f(x) % +(1)"),
            "binary % unary - call f var x unary + paren int 1"
        );
    }

    #[test]
    fn left_associativity() {
        assert_eq!(
            expr_tree("a - b - c"),
            "binary - binary - var a var b var c"
        );
        assert_eq!(
            expr_tree("a / b % c"),
            "binary % binary / var a var b var c"
        );
        assert_eq!(
            expr_tree("a || b || c"),
            "binary || binary || var a var b var c"
        );
    }

    #[test]
    fn double_negation_is_a_syntax_error() {
        let diag = parse_err("main() { print !!x; }");
        assert!(diag.message.starts_with("expected"), "{}", diag.message);
        assert!(diag.message.ends_with("found `!`"), "{}", diag.message);
        assert!(diag.notes.iter().any(|n| n.contains("!(!x)")));
        assert_eq!(diag.labels[0].range, 16..17);
    }

    #[test]
    fn double_minus_is_a_syntax_error() {
        for src in ["main() { print --x; }", "main() { print -+x; }"] {
            let diag = parse_err(src);
            assert!(diag.message.ends_with("found `-`") || diag.message.ends_with("found `+`"));
            assert_eq!(diag.labels[0].range, 16..17);
        }
    }

    #[test]
    fn comparisons_do_not_chain() {
        let diag = parse_err("main() { print a < b < c; }");
        assert_eq!(
            diag.message,
            "expected `;`, `+`, `-`, `&&` or `||`, found `<`"
        );
        assert_eq!(diag.labels[0].range, 21..22);
        assert!(diag.notes.iter().any(|n| n.contains("do not chain")));
        parse_ok("main() { print (a < b) == c; }");
    }

    #[test]
    fn else_if_and_empty_statement() {
        let diag = parse_err("main() { if a { } else if b { } }");
        assert_eq!(diag.message, "expected `{`, found keyword `if`");
        assert!(diag.notes[0].contains("else { if"));
        let diag = parse_err("main() { ; }");
        assert!(diag.message.ends_with("found `;`"));
        assert!(diag.notes[0].contains("empty statement"));
    }

    #[test]
    fn missing_semicolon_message() {
        let diag = parse_err("main() { x = 1 }");
        assert!(diag.message.starts_with("expected "), "{}", diag.message);
        assert!(diag.message.contains("`;`"), "{}", diag.message);
        assert!(diag.message.ends_with(", found `}`"), "{}", diag.message);
        assert_eq!(diag.labels[0].range, 15..16);
    }

    #[test]
    fn eof_is_reported_at_the_end() {
        let diag = parse_err("main() { print 1;");
        assert!(diag.message.ends_with("found end of file"));
        assert_eq!(diag.labels[0].range, 17..17);
    }

    #[test]
    fn mixed_items_parse_in_any_order() {
        // The order rule is enforced by `sema`, not by the grammar.
        let program = parse_ok("main() { x = 1; int x; f() { } g(); bool b; }");
        assert_eq!(program.functions[0].items.len(), 5);
    }

    #[test]
    fn void_function_vs_call_statement() {
        let program = parse_ok("main() { f() { } f(); g(int a) { } g(1); }");
        let kinds: Vec<_> = program.functions[0]
            .items
            .iter()
            .map(|item| matches!(item, Item::Func(_)))
            .collect();
        assert_eq!(kinds, vec![true, false, true, false]);
    }

    #[test]
    fn nesting_limits_are_exact() {
        const BLOCKS: &str = "nesting too deep: the limit is 1000";
        const EXPRESSION: &str = "expression too deep: the limit is 50000 levels";
        // `(1)` is two levels, a chain of n operators n + 1.
        let parens = |n: usize| format!("main() {{ print {}1{}; }}", "(".repeat(n), ")".repeat(n));
        let chain = |n: usize| format!("main() {{ print 1{}; }}", " + 1".repeat(n));
        // The function body is a level: `main` with n empty blocks nested
        // in each other is n + 1 deep.
        let ifs = |n: usize| format!("main() {{ {} {} }}", "if true {".repeat(n), "}".repeat(n));
        let funcs = |n: usize| format!("main() {{ {} {} }}", "f() {".repeat(n), "}".repeat(n));
        for (make, under, message) in [
            (&parens as &dyn Fn(usize) -> String, 49_999, EXPRESSION),
            (&chain, 49_999, EXPRESSION),
            (&ifs, 999, BLOCKS),
            (&funcs, 999, BLOCKS),
        ] {
            parse_ok(&make(under));
            assert_eq!(parse_err(&make(under + 1)).message, message);
        }
    }
}
