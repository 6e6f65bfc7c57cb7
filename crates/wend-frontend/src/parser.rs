//! Parsing: runs the lalrpop-generated parser over the lexer's tokens,
//! enforces the nesting limit while the tree is built, and turns lalrpop's
//! parse errors into friendly, located diagnostics.

use lalrpop_util::{lalrpop_mod, ParseError};

use crate::ast::{
    BinaryOp, Call, CallId, Damage, Expr, ExprId, ExprKind, Exprs, Function, Ident, Item, Param,
    Program, Stmt, StmtKind, Type, UnaryOp,
};
use crate::diag::{error, Diag, DiagExt};
use crate::intern::{Interner, Symbol};
use crate::lexer::{int_value, lex, string_value, Tok, Token};
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

/// Parses `src` into a syntax tree, or returns every lexical and syntax
/// error (see [`parse_recovering`]) or the nesting-limit error.
pub fn parse(src: &str) -> Result<Program, Vec<Diag>> {
    match parse_recovering(src) {
        (Some(program), diags) if diags.is_empty() => Ok(program),
        (_, diags) => Err(diags),
    }
}

/// Parses `src`, reporting every independent lexical and syntax error
/// (error recovery is in [`crate::recover`]). Returns the tree when
/// semantic analysis can check it: when it parsed as written, or when
/// recovery only removed or repaired parts of function bodies (each
/// function's [`Function::damage`] says what it lost). `None` when the
/// program has no tree worth checking: a nesting limit was passed, the
/// errors reached their cap, or text between functions was lost.
pub fn parse_recovering(src: &str) -> (Option<Program>, Vec<Diag>) {
    let (tokens, lex_errors) = lex(src);
    if tokens.is_empty() && !lex_errors.is_empty() {
        return (None, lex_errors);
    }
    if lex_errors.is_empty() {
        // The common case, a program without errors, is parsed once.
        match parse_tokens(src, &tokens, &[]) {
            Attempt::Parsed {
                program,
                too_deep: None,
                ..
            } => return (Some(*program), Vec::new()),
            Attempt::Parsed {
                too_deep: Some(too_deep),
                ..
            } => return (None, vec![too_deep]),
            Attempt::Failed { .. } => {}
        }
    }
    let (program, mut diags) = crate::recover::parse_with_recovery(src, tokens, lex_errors);
    crate::diag::sort_by_position(&mut diags);
    (program, diags)
}

/// The outcome of one run of the LR parser over a token list.
pub(crate) enum Attempt {
    Parsed {
        program: Box<Program>,
        /// The nesting-limit error, if a limit was passed.
        too_deep: Option<Diag>,
        /// Whether some damage lies outside every function body.
        damaged_top_level: bool,
    },
    /// The first syntax error, found at token `at` (`tokens.len()` for
    /// the end of the file).
    Failed { error: LalrpopError, at: usize },
}

/// Runs the parser over `tokens` (which may be repaired ones: see
/// `recover`). `damage` lists where recovery removed or repaired text, in
/// source offsets, for [`Function::damage`].
pub(crate) fn parse_tokens(src: &str, tokens: &[Token], damage: &[(usize, Damage)]) -> Attempt {
    // Interning every identifier before parsing, all at once, lets the
    // interner work in an order that suits the cache (see `intern`).
    let (names, symbols) = Interner::intern_all(src, tokens);
    let mut builder = Builder {
        src,
        too_deep: None,
        names,
        symbols: symbols.into_iter(),
        exprs: arenas_for(tokens),
        function_count: 0,
        damage: damage.iter().map(|&(at, what)| (at, Some(what))).collect(),
    };
    // The parser reports an error at its lookahead, the last token it
    // pulled: counting them tells which token that is.
    let pulled = std::cell::Cell::new(0usize);
    let stream = tokens.iter().map(|t| {
        pulled.set(pulled.get() + 1);
        Ok::<_, std::convert::Infallible>((t.span.start(), t.tok, t.span.end()))
    });
    let result = grammar::ProgramParser::new().parse(&mut builder, stream);
    match result {
        Ok(functions) => Attempt::Parsed {
            damaged_top_level: builder
                .damage
                .iter()
                .any(|(_, unclaimed)| unclaimed.is_some()),
            too_deep: builder.too_deep,
            program: Box::new(Program {
                functions: functions.into_iter().map(|f| *f).collect(),
                function_count: builder.function_count,
                names: builder.names,
                exprs: builder.exprs,
            }),
        },
        Err(error) => {
            let at = match error {
                ParseError::UnrecognizedEof { .. } => tokens.len(),
                _ => pulled.get().saturating_sub(1),
            };
            Attempt::Failed { error, at }
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
    /// Where error recovery removed or repaired text, and what that cost;
    /// `None` once claimed by the innermost function body around it.
    damage: Vec<(usize, Option<Damage>)>,
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
        (open_brace, close_brace): (usize, Span),
        span: Span,
    ) -> Box<Function> {
        // Nested functions are made first, so they have claimed the damage
        // in their own bodies: what is left inside this body is its own.
        let mut damage = Damage::None;
        for (at, unclaimed) in &mut self.damage {
            if (open_brace..close_brace.end()).contains(at) {
                damage = damage.max(unclaimed.take().unwrap_or(Damage::None));
            }
        }
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
            damage,
        })
    }
}

pub(crate) type LalrpopError = ParseError<usize, Tok, std::convert::Infallible>;

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
        assert_eq!(diag.message, "expected `;` or an operator, found `<`");
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
    fn missing_semicolon_points_after_the_previous_token() {
        let diag = parse_err("main() { x = 1 }");
        assert_eq!(diag.message, "expected `;`, found `}`");
        assert_eq!(diag.labels[0].range, 14..14);
        assert_eq!(diag.labels[0].message, "add `;` here");
        let diag = parse_err("main() {\n    x = 1\n    print x;\n}");
        assert_eq!(diag.message, "expected `;`, found keyword `print`");
        assert_eq!(diag.labels[0].range, 18..18);
        assert_eq!(diag.labels[1].range, 23..28);
    }

    #[test]
    fn an_unclosed_brace_is_reported_at_the_brace() {
        let diag = parse_err("main() { print 1;");
        assert_eq!(diag.message, "unclosed delimiter");
        assert_eq!(diag.labels[0].range, 7..8);
        assert_eq!(diag.labels[0].message, "this `{` is never closed");
        assert_eq!(diag.labels[1].range, 17..17);
    }

    #[test]
    fn every_independent_error_is_reported_once() {
        let src = "main() {\n int x;\n x = 1 +;\n x = (2;\n print x x;\n if x { }\n}";
        let errors = parse(src).expect_err("three errors");
        let messages: Vec<&str> = errors.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "expected an expression, found `;`",
                "unclosed delimiter",
                "expected `;` or an operator, found identifier `x`",
            ]
        );
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
