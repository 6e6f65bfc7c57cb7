//! Semantic analysis: checks a parsed program against every static rule of
//! the reference and produces the [`Checked`] program.
//!
//! The checker visits each function body once: it declares the parameters,
//! locals and nested-function signatures of the body (so that nested
//! functions may call each other in any order), checks the nested functions,
//! then type-checks the statements. All independent errors are reported in
//! one run. To avoid cascades, checking an expression yields `None` once an
//! error inside it has been reported, and enclosing checks stay silent
//! about a `None` operand.

use crate::ast::{
    self, BinaryOp, CallId, Damage, ExprId, ExprKind, Exprs, Item, StmtKind, Type, UnaryOp,
};
use crate::capture::{compute_captures, BodyFacts};
use crate::checked::{self, Checked, FuncDef, FuncId, PrintArg, VarDef, VarId, VarKind};
use crate::dead_store;
use crate::diag::{error, has_errors, sort_by_position, Diag, DiagExt};
use crate::flow;
use crate::index::{FuncInfo, NameIndex, Target, Use};
use crate::intern::Interner;
use crate::scope::{Scopes, VarBinding};
use crate::span::{LineIndex, Span};
use crate::suggest::{best_match, distance};
use crate::usage::{self, Access, Usage};
use cranelift_entity::EntityRef;

/// Checks `program` (parsed from `src`). Returns the checked program if
/// there are no errors, and all diagnostics (errors and warnings) in
/// source order.
///
/// The tree is consumed: each statement is dropped once checked; the
/// expressions, 28 bytes a node in one arena, go when the check ends. The
/// checked expressions go into an arena of their own, sized for one per
/// syntactic expression.
pub fn analyze(program: ast::Program, src: &str) -> (Option<Checked>, Vec<Diag>) {
    analyze_with(program, src, Warnings::Report)
}

/// Whether semantic analysis looks for the warnings about unused names
/// ([`crate::usage`]) and values ([`crate::dead_store`]). The other
/// warnings cost nothing to find and are always reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Warnings {
    Report,
    Skip,
}

/// [`analyze`], looking for the warnings about unused names and values
/// only if `warnings` says so.
pub fn analyze_with(
    program: ast::Program,
    src: &str,
    warnings: Warnings,
) -> (Option<Checked>, Vec<Diag>) {
    let (checked, diags, _) = analyze_inner(program, src, warnings, Indexing::Off);
    (checked, diags)
}

/// [`analyze`], also giving the [`NameIndex`] of every declaration and
/// resolved use, for editors: with errors too, of whatever resolved.
pub fn analyze_indexed(
    program: ast::Program,
    src: &str,
) -> (Option<Checked>, Vec<Diag>, NameIndex) {
    let (checked, diags, index) = analyze_inner(program, src, Warnings::Report, Indexing::On);
    (checked, diags, index.unwrap_or_default())
}

/// Whether the checker records every resolved use for a [`NameIndex`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Indexing {
    On,
    Off,
}

/// The checks, with or without a [`NameIndex`] (see [`analyze_with`] and
/// [`analyze_indexed`]).
fn analyze_inner(
    program: ast::Program,
    src: &str,
    warnings: Warnings,
    indexing: Indexing,
) -> (Option<Checked>, Vec<Diag>, Option<NameIndex>) {
    let ast::Program {
        functions,
        function_count,
        names,
        mut exprs,
    } = program;
    // The string literals move to the checked program as they are.
    let strings = std::mem::take(&mut exprs.strings);
    let mut checker = Checker::new(&names, &exprs);
    if indexing == Indexing::On {
        checker.uses = Some(Vec::new());
    }
    // A function's definition is 176 bytes: grown by doubling, the list of a
    // program of 200 000 functions was copied to fresh memory many times.
    checker.funcs.reserve_exact(function_count);
    checker.rets.reserve_exact(function_count);
    checker.out.strings = strings;
    let main = checker.check_program(functions);
    let mut diags = std::mem::take(&mut checker.diags);
    let main = match main {
        Some(main) if !has_errors(&diags) => main,
        // (Without errors there is always an entry point.)
        _ => {
            sort_by_position(&mut diags);
            // An editor still wants the captures, as far as the uses that
            // resolved tell: lowering, their other user, never sees these.
            let index = checker.uses.take().map(|uses| {
                let vars = &checker.vars;
                let captures = compute_captures(checker.facts, checker.funcs.len(), |var| {
                    vars[var.index()].owner
                });
                for (func, captures) in checker.funcs.iter_mut().zip(captures) {
                    func.captures = captures;
                }
                name_index(&checker.funcs, &checker.vars, uses, &names)
            });
            return (None, diags, index);
        }
    };
    // The warnings about unused names, only for a program without errors
    // (see `usage`).
    let tracked = (warnings == Warnings::Report).then(|| {
        let uses = std::mem::take(&mut checker.usage);
        let calls = checker.facts.calls();
        let (unused, tracked) = usage::warnings(uses, &checker.funcs, &checker.vars, &names, calls);
        diags.extend(unused);
        tracked
    });
    let vars = checker.vars;
    let captures = compute_captures(checker.facts, checker.funcs.len(), |var| {
        vars[var.index()].owner
    });
    let mut funcs = checker.funcs;
    for (func, captures) in funcs.iter_mut().zip(captures) {
        func.captures = captures;
    }
    if let Some(tracked) = tracked {
        let exprs = &checker.out;
        diags.extend(dead_store::warnings(&funcs, &vars, &names, exprs, &tracked));
    }
    sort_by_position(&mut diags);
    let index = (checker.uses.take()).map(|uses| name_index(&funcs, &vars, uses, &names));
    let checked = Checked {
        funcs,
        vars,
        exprs: checker.out,
        main,
        names,
        lines: LineIndex::new(src),
    };
    (Some(checked), diags, index)
}

/// The index of `funcs` and `vars` with the resolved `uses`.
fn name_index(funcs: &[FuncDef], vars: &[VarDef], uses: Vec<Use>, names: &Interner) -> NameIndex {
    NameIndex {
        funcs: funcs.iter().map(FuncInfo::new).collect(),
        vars: vars.to_vec(),
        uses,
        names: names.clone(),
    }
}

struct Checker<'a> {
    /// The program's identifiers (every `ast::Ident` is a symbol in it).
    names: &'a Interner,
    /// The program's expressions (the statements refer to them).
    exprs: &'a Exprs,
    /// The checked expressions, calls and printed strings made so far.
    out: checked::Exprs,
    funcs: Vec<FuncDef>,
    vars: Vec<VarDef>,
    /// Per function: its return type and where that is written.
    rets: Vec<Option<(Type, Span)>>,
    /// Every body's uses of outer variables and calls, for capture
    /// analysis.
    facts: BodyFacts,
    /// Every variable's reads and assignments, for the warnings about
    /// unused names.
    usage: Usage,
    /// How many more unknown names get a search for a similar one (see
    /// [`SUGGESTED_NAMES`]).
    suggestions_left: u32,
    scopes: Scopes,
    diags: Vec<Diag>,
    /// The blocks lowering may make for the statements checked so far (see
    /// [`FuncDef::block_count`]).
    blocks: u32,
    /// Per function: whether a syntax error removed text from its body or
    /// an enclosing one that may have declared a name ([`Damage::Names`]).
    /// An unknown name there may be declared in that text, so it is not
    /// reported: the syntax error explains it.
    names_lost: Vec<bool>,
    /// Every resolved use so far, when building a [`NameIndex`].
    uses: Option<Vec<Use>>,
}

/// Which part of a function body an item belongs to; the parts must come in
/// this order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Section {
    Declarations,
    Functions,
    Statements,
}

impl Section {
    fn of(item: &Item) -> Section {
        match item {
            Item::Var(_) => Section::Declarations,
            Item::Func(_) => Section::Functions,
            Item::Stmt(_) => Section::Statements,
        }
    }
}

impl<'a> Checker<'a> {
    fn new(names: &'a Interner, exprs: &'a Exprs) -> Checker<'a> {
        Checker {
            names,
            exprs,
            // At most one checked expression per syntactic one.
            out: checked::Exprs::with_capacity(exprs.nodes.len(), exprs.calls.len()),
            funcs: Vec::new(),
            vars: Vec::new(),
            rets: Vec::new(),
            facts: BodyFacts::default(),
            usage: Usage::default(),
            suggestions_left: SUGGESTED_NAMES,
            scopes: Scopes::new(names),
            diags: Vec::new(),
            blocks: 0,
            names_lost: Vec::new(),
            uses: None,
        }
    }

    /// The name of `ident`, borrowed from the interner (not from `self`).
    fn name(&self, ident: &ast::Ident) -> &'a str {
        self.names.name(ident.name)
    }

    /// Checks the whole program; returns the entry point if there is a
    /// valid one.
    fn check_program(&mut self, functions: Vec<ast::Function>) -> Option<FuncId> {
        let top: Vec<FuncId> = functions
            .iter()
            .map(|f| self.declare_function(f, None))
            .collect();
        let main = self.check_entry_point(&functions);
        for (&id, func) in top.iter().zip(functions) {
            self.check_function(id, func);
        }
        main.then(|| top[0])
    }

    /// The program must be exactly one function `main() { ... }`.
    fn check_entry_point(&mut self, functions: &[ast::Function]) -> bool {
        const NOTE: &str = "a program is a single void function `main() { ... }` without \
                            parameters, with everything else nested inside it";
        let Some((first, rest)) = functions.split_first() else {
            self.diags.push(
                error(
                    "no valid entry point",
                    Span::new(0, 0),
                    "expected a function `main() { ... }`",
                )
                .note(NOTE),
            );
            return false;
        };
        let mut valid = true;
        for extra in rest {
            valid = false;
            self.diags.push(
                error(
                    "no valid entry point",
                    extra.name.span,
                    "a second top-level function",
                )
                .secondary(first.name.span, "the program's function is defined here")
                .note(NOTE)
                .help(format!(
                    "nest `{}` inside `{}`",
                    self.name(&extra.name),
                    self.name(&first.name)
                )),
            );
        }
        let mut problems: Vec<(Span, String)> = Vec::new();
        if self.name(&first.name) != "main" {
            problems.push((
                first.name.span,
                "the entry point must be named `main`".into(),
            ));
        }
        if let Some((ty, span)) = first.ret {
            problems.push((span, format!("`main` must be void, not `{ty}`")));
        }
        if let (Some(head), Some(last)) = (first.params.first(), first.params.last()) {
            problems.push((
                head.span.to(last.span),
                "`main` must not take parameters".into(),
            ));
        }
        if let Some(((span, label), others)) = problems.split_first() {
            let mut diag = error("no valid entry point", *span, label.clone()).note(NOTE);
            for (span, label) in others {
                diag = diag.secondary(*span, label.clone());
            }
            self.diags.push(diag);
            valid = false;
        }
        valid
    }

    fn new_var(&mut self, name: &ast::Ident, ty: Type, kind: VarKind, owner: FuncId) -> VarId {
        let id = VarId(self.vars.len() as u32);
        self.usage.declare();
        self.vars.push(VarDef {
            name: name.name,
            ty,
            kind,
            owner,
            span: name.span,
        });
        id
    }

    /// Allocates a function (and its parameters), and registers its
    /// signature in the scope of `parent`, reporting a duplicate signature.
    fn declare_function(&mut self, func: &ast::Function, parent: Option<FuncId>) -> FuncId {
        let id = FuncId(self.funcs.len() as u32);
        let params = func
            .params
            .iter()
            .map(|p| self.new_var(&p.name, p.ty, VarKind::Param, id))
            .collect();
        self.funcs.push(FuncDef {
            name: self.name(&func.name).to_string(),
            name_span: func.name.span,
            close_brace: func.close_brace,
            ret: func.ret.map(|(ty, _)| ty),
            parent,
            overloaded: false,
            params,
            locals: Vec::new(),
            children: Vec::new(),
            body: Vec::new(),
            expr_count: 0,
            block_count: 0,
            captures: Vec::new(),
        });
        self.rets.push(func.ret);
        let parent_lost = parent.is_some_and(|p| self.names_lost[p.index()]);
        self.names_lost
            .push(parent_lost || func.damage == Damage::Names);
        if let Some(parent) = parent {
            self.funcs[parent.index()].children.push(id);
        }

        // Several top-level functions are one entry-point error, not
        // duplicates: only bodies are checked for duplicate signatures.
        if parent.is_none() {
            self.scopes.declare_func(None, func.name.name, id);
            return id;
        }
        let types = self.param_types(id);
        let (funcs, vars) = (&self.funcs, &self.vars);
        let params = |f: FuncId| param_types(funcs, vars, f);
        match (self.scopes).find_declared(parent, func.name.name, &types, params) {
            Some(first) => self.duplicate_function(id, first),
            // A second function of the name makes both overloaded; a third
            // or later one only itself, the first being marked already.
            None => match *self.scopes.declare_func(parent, func.name.name, id) {
                [_] => {}
                [first, _] => {
                    self.funcs[first.index()].overloaded = true;
                    self.funcs[id.index()].overloaded = true;
                }
                _ => self.funcs[id.index()].overloaded = true,
            },
        }
        id
    }

    fn duplicate_function(&mut self, id: FuncId, first: FuncId) {
        let (new, old) = (&self.funcs[id.index()], &self.funcs[first.index()]);
        let mut diag = error(
            format!("duplicate function `{}`", self.signature(id)),
            new.name_span,
            "a function with this signature is already defined in this body",
        )
        .secondary(old.name_span, "first defined here");
        if new.ret != old.ret {
            diag = diag.note(
                "a signature is the name and the parameter types: return types do not \
                 distinguish functions",
            );
        }
        self.diags
            .push(diag.help("rename one of them or change its parameter types"));
    }

    fn param_types(&self, func: FuncId) -> Vec<Type> {
        param_types(&self.funcs, &self.vars, func)
    }

    /// `name(int, bool)`.
    fn signature(&self, func: FuncId) -> String {
        let types: Vec<String> = self.param_types(func).iter().map(Type::to_string).collect();
        format!("{}({})", self.funcs[func.index()].name, types.join(", "))
    }

    /// A function as it would be written: `int name(int, bool)`.
    fn describe_function(&self, func: FuncId) -> String {
        match self.funcs[func.index()].ret {
            Some(ty) => format!("{ty} {}", self.signature(func)),
            None => self.signature(func),
        }
    }

    /// Declares `var`, written as `ident`, in the body of `scope`.
    fn declare_var_in_scope(&mut self, scope: FuncId, var: VarId, ident: &ast::Ident) {
        let binding = VarBinding {
            var,
            owner: scope,
            ty: self.vars[var.index()].ty,
        };
        if let Err(first) = self.scopes.declare_var(ident.name, binding) {
            let name = self.name(ident);
            let (new, old) = (&self.vars[var.index()], &self.vars[first.index()]);
            let what = |kind| match kind {
                VarKind::Param => "parameter",
                VarKind::Local => "variable",
            };
            self.diags.push(
                error(
                    format!("duplicate variable `{name}`"),
                    new.span,
                    format!("`{name}` is already declared in this function"),
                )
                .secondary(
                    old.span,
                    format!("first declared here as a {}", what(old.kind)),
                )
                .note("parameters and local variables of a function share one namespace"),
            );
        }
    }

    /// Checks a function body: reachability, declarations, nested
    /// functions, then statements (each dropped once checked).
    fn check_function(&mut self, id: FuncId, func: ast::Function) {
        // Reachability first: it reads the whole body, consumed below. Its
        // diagnostics are added last, as they always were (the order of two
        // diagnostics at the same spot is the order they are reported in).
        let mut reachability = Vec::new();
        // After a syntax error in the body, its flow is not known: a
        // `return` may have been in what recovery removed.
        if func.damage == Damage::None {
            flow::check_function(&func, self.names, self.exprs, &mut reachability);
        }
        self.scopes.open(id);
        let params = self.funcs[id.index()].params.clone();
        for (param, var) in func.params.iter().zip(params) {
            self.declare_var_in_scope(id, var, &param.name);
        }
        self.check_item_order(&func.items);

        let mut nested = Vec::new();
        let mut stmts = Vec::new();
        for item in func.items {
            match item {
                Item::Var(decl) => {
                    let var = self.new_var(&decl.name, decl.ty, VarKind::Local, id);
                    self.funcs[id.index()].locals.push(var);
                    self.declare_var_in_scope(id, var, &decl.name);
                }
                Item::Func(inner) => nested.push((self.declare_function(&inner, Some(id)), inner)),
                Item::Stmt(stmt) => stmts.push(stmt),
            }
        }
        for (child, inner) in nested {
            self.check_function(child, *inner);
        }

        let mut body = Vec::with_capacity(stmts.len());
        let exprs_before = self.out.nodes.len();
        let blocks_before = self.blocks;
        for stmt in stmts {
            body.extend(self.stmt(id, &stmt));
        }
        let func = &mut self.funcs[id.index()];
        func.body = body;
        // Fewer than 2^32: every expression comes from a token of the source.
        func.expr_count = (self.out.nodes.len() - exprs_before) as u32;
        // The entry block, and those of the statements.
        func.block_count = 1 + self.blocks - blocks_before;
        self.scopes.close(id);
        self.diags.extend(reachability);
    }

    /// Declarations, then nested functions, then statements (§2). Reports
    /// every item that comes after one of a later section.
    fn check_item_order(&mut self, items: &[Item]) {
        let mut furthest: Option<&Item> = None;
        for item in items {
            let prev = match furthest {
                Some(prev) if Section::of(prev) > Section::of(item) => prev,
                Some(prev) if Section::of(prev) == Section::of(item) => continue,
                _ => {
                    furthest = Some(item);
                    continue;
                }
            };
            let (message, label, name) = match (item, prev) {
                (Item::Var(var), Item::Func(_)) => (
                    "variable declaration after a nested function",
                    "declarations must come before nested functions",
                    &var.name,
                ),
                (Item::Var(var), _) => (
                    "variable declaration after a statement",
                    "declarations must come before statements",
                    &var.name,
                ),
                (Item::Func(func), _) => (
                    "nested function after a statement",
                    "nested functions must come before statements",
                    &func.name,
                ),
                (Item::Stmt(_), _) => unreachable!("statements belong to the last section"),
            };
            let earlier = match prev {
                Item::Func(_) => "this function comes earlier",
                _ => "this statement comes earlier",
            };
            let text = self.name(name);
            self.diags.push(
                error(format!("{message} (`{text}`)"), name.span, label)
                    .secondary(prev.span(), earlier)
                    .note(
                        "a function body has all variable declarations first, then all \
                         nested functions, then the statements",
                    ),
            );
        }
    }

    // ---- Statements ----

    fn stmt(&mut self, ctx: FuncId, stmt: &ast::Stmt) -> Option<checked::Stmt> {
        let span = stmt.span;
        match &stmt.kind {
            StmtKind::Assign { target, value } => {
                let binding = self.lookup_var(ctx, target, Access::Write);
                let value = self.expr(ctx, *value);
                let (binding, value) = (binding?, value?);
                let var = binding.var;
                let (ty, value_span) = (self.out[value].ty, self.out[value].span);
                if binding.ty != ty {
                    let def = &self.vars[var.index()];
                    let diag = mismatch(def.ty, ty, value_span).secondary(
                        def.span,
                        format!(
                            "`{}` is declared `{}` here",
                            self.names.name(def.name),
                            def.ty
                        ),
                    );
                    self.diags.push(diag);
                    return None;
                }
                Some(checked::Stmt::Assign { var, value, span })
            }
            StmtKind::Call(call) => {
                let call = self.call(ctx, *call)?;
                Some(checked::Stmt::Call(self.out.calls.push(call)))
            }
            StmtKind::Return(value) => self.return_stmt(ctx, *value, span),
            StmtKind::Print { value, newline } => {
                let arg = self.print_arg(ctx, *value, *newline)?;
                Some(checked::Stmt::Print {
                    arg,
                    newline: *newline,
                    span,
                })
            }
            StmtKind::If {
                cond,
                then_block,
                else_block,
            } => {
                self.blocks += 3; // then, else and end
                let cond = self.condition(ctx, *cond, "if");
                let then_body = self.block(ctx, &then_block.stmts);
                let else_body = match else_block {
                    Some(block) => self.block(ctx, &block.stmts),
                    None => Some(Vec::new()),
                };
                Some(checked::Stmt::If(Box::new(checked::If {
                    cond: cond?,
                    then_body: then_body?,
                    else_body: else_body?,
                    span,
                })))
            }
            StmtKind::While { cond, body } => {
                self.blocks += 3; // condition, body and end
                let cond = self.condition(ctx, *cond, "while");
                let body = self.block(ctx, &body.stmts);
                Some(checked::Stmt::While(Box::new(checked::While {
                    cond: cond?,
                    body: body?,
                    span,
                })))
            }
        }
    }

    /// Checks every statement (to report all errors); `None` if any failed.
    fn block(&mut self, ctx: FuncId, stmts: &[ast::Stmt]) -> Option<Vec<checked::Stmt>> {
        let checked: Vec<Option<checked::Stmt>> = stmts
            .iter()
            .enumerate()
            .map(|(i, s)| {
                // The variable an assignment a few statements on will look up.
                if self.scopes.asks_ahead() {
                    if let Some(StmtKind::Assign { target, .. }) =
                        stmts.get(i + STMTS_AHEAD).map(|ahead| &ahead.kind)
                    {
                        self.scopes.ask_for_var(target.name);
                    }
                }
                self.stmt(ctx, s)
            })
            .collect();
        checked.into_iter().collect()
    }

    fn condition(&mut self, ctx: FuncId, cond: ExprId, keyword: &str) -> Option<checked::ExprId> {
        let cond = self.expr(ctx, cond)?;
        let checked::Expr { ty, span, .. } = self.out[cond];
        if ty != Type::Bool {
            self.diags.push(
                mismatch(Type::Bool, ty, span)
                    .note(format!("the condition of `{keyword}` must be a `bool`"))
                    .help("compare explicitly, e.g. `x != 0`"),
            );
            return None;
        }
        Some(cond)
    }

    fn return_stmt(
        &mut self,
        ctx: FuncId,
        value: Option<ExprId>,
        span: Span,
    ) -> Option<checked::Stmt> {
        // Each error path looks up the function's name itself, so that a
        // valid `return` copies nothing.
        match (self.rets[ctx.index()], value) {
            (Some((ty, ret_span)), Some(value)) => {
                let value = self.expr(ctx, value)?;
                let checked::Expr {
                    ty: found, span, ..
                } = self.out[value];
                if found != ty {
                    let name = &self.funcs[ctx.index()].name;
                    self.diags.push(
                        mismatch(ty, found, span)
                            .secondary(ret_span, format!("`{name}` returns `{ty}`")),
                    );
                    return None;
                }
                Some(checked::Stmt::Return {
                    value: Some(value),
                    span,
                })
            }
            (Some((ty, ret_span)), None) => {
                let name = &self.funcs[ctx.index()].name;
                self.diags.push(
                    error(
                        format!("`return;` without a value in function `{name}`"),
                        span,
                        format!("a value of type `{ty}` must be returned"),
                    )
                    .secondary(ret_span, format!("`{name}` returns `{ty}`")),
                );
                None
            }
            (None, Some(value)) => {
                // Check the value anyway: errors inside it are independent.
                self.expr(ctx, value);
                let func = &self.funcs[ctx.index()];
                let name = &func.name;
                let diag = error(
                    format!("`return` with a value in void function `{name}`"),
                    self.exprs[value].span,
                    "void functions cannot return a value",
                )
                .secondary(func.name_span, format!("`{name}` has no return type"));
                let help = if func.parent.is_none() {
                    "the entry point is void: use `return;` to leave it".to_string()
                } else {
                    format!("give `{name}` a return type, or write `return;`")
                };
                self.diags.push(diag.help(help));
                None
            }
            (None, None) => Some(checked::Stmt::Return { value: None, span }),
        }
    }

    fn print_arg(&mut self, ctx: FuncId, value: ExprId, newline: bool) -> Option<PrintArg> {
        let exprs = self.exprs;
        if let ExprKind::Str(bytes) = exprs[value].kind {
            return Some(PrintArg::Str(bytes));
        }
        if let ExprKind::Str(_) = exprs.strip_parens(value).kind {
            let keyword = if newline { "println" } else { "print" };
            self.diags.push(
                error(
                    "string literal in parentheses",
                    exprs[value].span,
                    "a string must be the whole operand of `print`/`println`, written bare",
                )
                .help(format!("remove the parentheses: `{keyword} \"...\";`")),
            );
            return None;
        }
        self.expr(ctx, value).map(PrintArg::Value)
    }

    // ---- Names ----

    fn lookup_var(&mut self, ctx: FuncId, name: &ast::Ident, access: Access) -> Option<VarBinding> {
        match self.scopes.lookup_var(ctx, name.name) {
            Some(binding) => {
                self.record_use(name.span, Target::Var(binding.var));
                if binding.owner != ctx {
                    self.facts.outer_use(ctx, binding.var);
                }
                (self.usage).access(ctx, binding.var, binding.owner, access);
                Some(binding)
            }
            None if self.names_lost[ctx.index()] => None,
            None => {
                let mut diag = error(
                    format!("cannot find variable `{}` in this scope", self.name(name)),
                    name.span,
                    "not found in this scope",
                );
                if self.scopes.any_func_visible(ctx, name.name) {
                    diag = diag.help(format!(
                        "`{0}` is a function: call it with `{0}(...)`",
                        self.name(name)
                    ));
                } else if let Some(similar) = self.similar_var(ctx, name) {
                    let def = &self.vars[similar.index()];
                    let what = match def.kind {
                        VarKind::Param => "parameter",
                        VarKind::Local => "variable",
                    };
                    let similar_name = self.names.name(def.name);
                    diag = diag
                        .secondary(
                            def.span,
                            format!("a {what} with a similar name is declared here"),
                        )
                        .help(format!(
                            "a {what} with a similar name exists: `{similar_name}`"
                        ));
                }
                self.diags.push(diag);
                None
            }
        }
    }

    /// Notes that the name at `span` resolved to `target`, for the index.
    fn record_use(&mut self, span: Span, target: Target) {
        if let Some(uses) = &mut self.uses {
            uses.push(Use { span, target });
        }
    }

    /// Whether to look for a name similar to an unknown one: yes for the
    /// first [`SUGGESTED_NAMES`] unknown names.
    fn suggests(&mut self) -> bool {
        let left = self.suggestions_left > 0;
        self.suggestions_left = self.suggestions_left.saturating_sub(1);
        left
    }

    /// The visible variable whose name is most similar to the unknown
    /// `name`, if one is close enough ([`crate::suggest`]).
    fn similar_var(&mut self, ctx: FuncId, name: &ast::Ident) -> Option<VarId> {
        if !self.suggests() {
            return None;
        }
        let typo = self.name(name);
        let names = self.names;
        let candidates = (self.scopes.visible_vars(ctx))
            .map(|(symbol, binding)| (names.name(symbol), 0, binding.var));
        best_match(typo, candidates)
    }

    /// The visible function whose name is most similar to the unknown
    /// `name` of a call with arguments `types` (`None` for an argument with
    /// an error): the first function of that name, preferring a name with
    /// an overload taking such arguments, then one taking as many.
    fn similar_func(
        &mut self,
        ctx: FuncId,
        name: &ast::Ident,
        types: &[Option<Type>],
    ) -> Option<FuncId> {
        if !self.suggests() {
            return None;
        }
        let typo = self.name(name);
        let (names, funcs, vars) = (self.names, &self.funcs, &self.vars);
        let rank = |f: FuncId| {
            let params = &funcs[f.index()].params;
            if params.len() != types.len() {
                return 2;
            }
            let same = |(&p, ty): (&VarId, &Option<Type>)| *ty == Some(vars[p.index()].ty);
            if params.iter().zip(types).all(same) {
                0
            } else {
                1
            }
        };
        let candidates = self
            .scopes
            .visible_func_names(ctx)
            .filter_map(|(symbol, sets)| {
                // Ranking the overloads is only worth it for a close name.
                distance(typo, names.name(symbol))?;
                let overloads = sets.into_iter().flatten().copied();
                let best = overloads.min_by_key(|&f| rank(f))?;
                Some((names.name(symbol), rank(best), best))
            });
        best_match(typo, candidates)
    }

    /// Resolves and checks a call; the callee may be void.
    fn call(&mut self, ctx: FuncId, call: CallId) -> Option<checked::Call> {
        let call = &self.exprs.calls[call];
        let args: Vec<Option<checked::ExprId>> =
            call.args.iter().map(|&arg| self.expr(ctx, arg)).collect();
        let symbol = call.name.name;
        let name = self.name(&call.name);
        // An unknown function, or one without a matching overload, may be
        // declared in text a syntax error removed (see `names_lost`).
        let names_lost = self.names_lost[ctx.index()];
        if !self.scopes.any_func_visible(ctx, symbol) && names_lost {
            return None;
        }
        if !self.scopes.any_func_visible(ctx, symbol) {
            let mut diag = error(
                format!("cannot find function `{name}` in this scope"),
                call.name.span,
                "not found in this scope",
            );
            if self.scopes.lookup_var(ctx, symbol).is_some() {
                diag = diag.note(format!("`{name}` is a variable, not a function"));
            }
            let types: Vec<Option<Type>> = args.iter().map(|a| a.map(|a| self.out[a].ty)).collect();
            if let Some(similar) = self.similar_func(ctx, &call.name, &types) {
                let def = &self.funcs[similar.index()];
                diag = diag
                    .secondary(
                        def.name_span,
                        format!(
                            "a function with a similar name is defined here: `{}`",
                            self.describe_function(similar)
                        ),
                    )
                    .help(format!(
                        "a function with a similar name exists: `{}`",
                        def.name
                    ));
            }
            self.diags.push(diag);
            return None;
        }
        let args: Vec<checked::ExprId> = args.into_iter().collect::<Option<_>>()?;
        let types: Vec<Type> = args.iter().map(|&a| self.out[a].ty).collect();
        let (funcs, vars) = (&self.funcs, &self.vars);
        let params = |f: FuncId| param_types(funcs, vars, f);
        let Some(func) = self.scopes.resolve_call(ctx, symbol, &types, params) else {
            if names_lost {
                return None;
            }
            let shown: Vec<String> = types.iter().map(Type::to_string).collect();
            let mut diag = error(
                format!(
                    "no function `{name}` takes arguments `({})`",
                    shown.join(", ")
                ),
                call.span,
                format!("no `{name}` matches these argument types"),
            );
            // The candidates taking as many arguments first, then the
            // others, innermost scope first; a name with thousands of
            // overloads lists only the first few.
            let mut candidates = self.scopes.visible_funcs(ctx, symbol).concat();
            candidates.sort_by_key(|&f| self.funcs[f.index()].params.len() != types.len());
            for &candidate in candidates.iter().take(SHOWN_CANDIDATES) {
                diag = diag.note(format!(
                    "candidate: `{}`",
                    self.describe_function(candidate)
                ));
            }
            if let Some(more) = candidates.len().checked_sub(SHOWN_CANDIDATES) {
                if more > 0 {
                    diag = diag.note(format!("and {more} other candidates"));
                }
            }
            self.diags
                .push(diag.help("argument types must match a parameter list exactly"));
            return None;
        };
        self.facts.call(ctx, func);
        self.record_use(call.name.span, Target::Func(func));
        Some(checked::Call {
            func,
            args,
            span: call.span,
        })
    }

    // ---- Expressions ----

    /// Adds an expression to the checked ones.
    fn add(&mut self, kind: checked::ExprKind, ty: Type, span: Span) -> checked::ExprId {
        self.out.nodes.push(checked::Expr { kind, ty, span })
    }

    /// Checks an expression and adds it (and its operands) to the checked
    /// expressions.
    fn expr(&mut self, ctx: FuncId, expr: ExprId) -> Option<checked::ExprId> {
        // The parser makes expressions in source order and the checker
        // visits them in nearly that order: the variable expression a few
        // places on will be looked up soon.
        if self.scopes.asks_ahead() {
            let ahead = ExprId::new(expr.index() + EXPRS_AHEAD);
            if let Some(ExprKind::Var(name)) = self.exprs.nodes.get(ahead).map(|e| e.kind) {
                self.scopes.ask_for_var(name);
            }
        }
        let expr = &self.exprs[expr];
        let span = expr.span;
        match expr.kind {
            ExprKind::Int(value) => {
                let value = self.int_literal(value, span)?;
                Some(self.add(checked::ExprKind::Int(value), Type::Int, span))
            }
            ExprKind::Bool(value) => {
                Some(self.add(checked::ExprKind::Bool(value), Type::Bool, span))
            }
            ExprKind::Str(_) => {
                self.diags.push(
                    error(
                        "string literal used as a value",
                        span,
                        "a string can only be the whole operand of `print`/`println`",
                    )
                    .note("there is no string type: values are `int` or `bool`"),
                );
                None
            }
            ExprKind::Var(name) => {
                let binding = self.lookup_var(ctx, &ast::Ident { name, span }, Access::Read)?;
                Some(self.add(checked::ExprKind::Var(binding.var), binding.ty, span))
            }
            ExprKind::Call(call) => {
                let checked = self.call(ctx, call)?;
                match self.funcs[checked.func.index()].ret {
                    Some(ty) => {
                        let call = self.out.calls.push(checked);
                        Some(self.add(checked::ExprKind::Call(call), ty, span))
                    }
                    None => {
                        let def = &self.funcs[checked.func.index()];
                        self.diags.push(
                            error(
                                format!(
                                    "void function `{}` used as a value",
                                    self.signature(checked.func)
                                ),
                                span,
                                "this call returns no value",
                            )
                            .secondary(def.name_span, "defined without a return type here"),
                        );
                        None
                    }
                }
            }
            ExprKind::Paren(inner) => self.expr(ctx, inner),
            ExprKind::Unary { op, op_at, operand } => self.unary(ctx, op, op_at, operand, span),
            ExprKind::Binary {
                op,
                op_at,
                lhs,
                rhs,
            } => self.binary(ctx, op, op_at, lhs, rhs, span),
        }
    }

    /// Range-checks a literal that is not the direct operand of unary minus.
    fn int_literal(&mut self, value: u32, span: Span) -> Option<i32> {
        if let Ok(value) = i32::try_from(value) {
            return Some(value);
        }
        let mut diag = error(
            "integer literal out of range",
            span,
            "this literal is larger than 2147483647",
        )
        .note("`int` is a 32-bit signed integer: from -2147483648 to 2147483647");
        if value == 1 << 31 {
            diag = diag.help(
                "2147483648 is only allowed directly after unary minus, as in `-2147483648` \
                 (without parentheses)",
            );
        }
        self.diags.push(diag);
        None
    }

    fn unary(
        &mut self,
        ctx: FuncId,
        op: UnaryOp,
        op_at: u32,
        operand: ExprId,
        span: Span,
    ) -> Option<checked::ExprId> {
        // `-2147483648` denotes INT_MIN: the one literal allowed out of the
        // int range is 2147483648 as the direct operand of unary minus.
        if let (UnaryOp::Neg, ExprKind::Int(value)) = (op, self.exprs[operand].kind) {
            if value <= 1 << 31 {
                let negated = (-i64::from(value)) as i32;
                return Some(self.add(checked::ExprKind::Int(negated), Type::Int, span));
            }
        }
        let checked = self.expr(ctx, operand)?;
        let expected = match op {
            UnaryOp::Neg | UnaryOp::Plus => Type::Int,
            UnaryOp::Not => Type::Bool,
        };
        let found = &self.out[checked];
        if found.ty != expected {
            self.diags
                .push(mismatch(expected, found.ty, found.span).secondary(
                    op.span_at(op_at),
                    format!("`{}` needs an `{expected}` operand", op.symbol()),
                ));
            return None;
        }
        let kind = match op {
            // Unary plus is the identity: its operand, with the span of
            // the whole (nothing else refers to the operand).
            UnaryOp::Plus => {
                self.out[checked].span = span;
                return Some(checked);
            }
            UnaryOp::Neg => checked::ExprKind::Neg(checked),
            UnaryOp::Not => checked::ExprKind::Not(checked),
        };
        Some(self.add(kind, expected, span))
    }

    fn binary(
        &mut self,
        ctx: FuncId,
        op: BinaryOp,
        op_at: u32,
        lhs: ExprId,
        rhs: ExprId,
        span: Span,
    ) -> Option<checked::ExprId> {
        let lhs_id = self.expr(ctx, lhs);
        let rhs_id = self.expr(ctx, rhs);
        let (lhs_id, rhs_id) = (lhs_id?, rhs_id?);
        let (lhs, rhs) = (self.out[lhs_id], self.out[rhs_id]);
        let symbol = op.symbol();
        let ty = match op {
            BinaryOp::Eq | BinaryOp::Ne => {
                if lhs.ty != rhs.ty {
                    self.diags.push(
                        mismatch(lhs.ty, rhs.ty, rhs.span)
                            .secondary(lhs.span, format!("this is `{}`", lhs.ty))
                            .note(format!("`{symbol}` compares two `int`s or two `bool`s")),
                    );
                    return None;
                }
                Type::Bool
            }
            _ => {
                let (operand_ty, result_ty) = match op {
                    BinaryOp::Or | BinaryOp::And => (Type::Bool, Type::Bool),
                    BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => {
                        (Type::Int, Type::Bool)
                    }
                    _ => (Type::Int, Type::Int),
                };
                let mut ok = true;
                for operand in [&lhs, &rhs] {
                    if operand.ty != operand_ty {
                        ok = false;
                        self.diags
                            .push(mismatch(operand_ty, operand.ty, operand.span).secondary(
                                op.span_at(op_at),
                                format!("`{symbol}` needs `{operand_ty}` operands"),
                            ));
                    }
                }
                if !ok {
                    return None;
                }
                result_ty
            }
        };
        if matches!(
            op,
            BinaryOp::And | BinaryOp::Or | BinaryOp::Div | BinaryOp::Rem
        ) {
            // The right operand's block and the join (a short circuit), or
            // the division by zero's and the division's.
            self.blocks += 2;
        }
        let kind = checked::ExprKind::Binary {
            op,
            op_at,
            lhs: lhs_id,
            rhs: rhs_id,
        };
        Some(self.add(kind, ty, span))
    }
}

/// How many unknown names get a search for a similar visible one: each
/// search reads every visible name, so a file of thousands of misspellings
/// among thousands of names would otherwise take quadratic time.
const SUGGESTED_NAMES: u32 = 1000;

/// How many candidates a call that matches no overload lists.
const SHOWN_CANDIDATES: usize = 8;

/// How far ahead of the expression or statement being checked the checker
/// asks for the binding of a variable it will look up
/// ([`Scopes::asks_ahead`]): far enough that the binding arrives in
/// time, near enough that it is still in the cache when used.
const EXPRS_AHEAD: usize = 16;
const STMTS_AHEAD: usize = 4;

/// The parameter types of `func`: what overloads are told apart by.
fn param_types(funcs: &[FuncDef], vars: &[VarDef], func: FuncId) -> Vec<Type> {
    funcs[func.index()]
        .params
        .iter()
        .map(|&p| vars[p.index()].ty)
        .collect()
}

/// The standard type error: "mismatched types", "expected `X`, found `Y`".
fn mismatch(expected: Type, found: Type, span: Span) -> Diag {
    error(
        "mismatched types",
        span,
        format!("expected `{expected}`, found `{found}`"),
    )
}

#[cfg(test)]
mod tests;
