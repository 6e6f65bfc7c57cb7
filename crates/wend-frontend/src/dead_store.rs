//! "Value assigned to `x` is never read": assignments whose value no later
//! statement can read, found by liveness analysis (Appel, *Modern Compiler
//! Implementation*, §10.1) over the checked statements of each function.
//!
//! Only a function's own variables are considered: an outer variable
//! assigned by a nested function lives on in its owner, which may read it
//! after the call returns. Reading is what the statements do, plus every
//! call to a function that captures the variable (it, or something it
//! calls, may read it): for calls the analysis is conservative, so it
//! never claims a value is dead that a nested function could read. A
//! `return` ends every own variable's life. Statements after one that
//! cannot complete normally are unreachable (the reachability warning says
//! so) and are not looked at.
//!
//! The statements are structured (no `break`), so there is no control-flow
//! graph to iterate over: a backward walk carries the set of live variables,
//! an `if` joins its two branches, and a loop needs no fixed point, because
//! the variables live at its head are exactly those its condition or body
//! reads before assigning (its *upward-exposed* reads), plus those live after
//! it. Those reads are computed once per loop and remembered, so that nested
//! loops cost one walk each, not one per enclosing loop.
//!
//! Variables never read at all get the "assigned to, but never read" warning
//! of [`crate::usage`] instead, so they are not tracked here, nor are names
//! starting with `_`.

use rustc_hash::FxHashMap;

use crate::checked::{self, Exprs, FuncDef, PrintArg, Stmt, VarDef, VarId};
use crate::diag::{warning, Diag, DiagExt};
use crate::intern::Interner;

/// The dead assignments of every function; `tracked[v]` says whether
/// variable `v` is one to look at (read somewhere, assigned by its owner).
pub(crate) fn warnings(
    funcs: &[FuncDef],
    vars: &[VarDef],
    names: &Interner,
    exprs: &Exprs,
    tracked: &[bool],
) -> Vec<Diag> {
    let mut diags = Vec::new();
    // Per tracked variable of the function being analysed: its bit in the
    // sets (other variables have none).
    let mut bit = vec![u32::MAX; vars.len()];
    for func in funcs {
        let own = || func.params.iter().chain(&func.locals);
        let mut count = 0;
        for &var in own() {
            if tracked[var.index()] {
                bit[var.index()] = count;
                count += 1;
            }
        }
        if count == 0 {
            continue;
        }
        let mut liveness = Liveness {
            funcs,
            exprs,
            bit: &bit,
            words: (count as usize).div_ceil(64),
            loop_reads: FxHashMap::default(),
            if_completes: FxHashMap::default(),
            pending: Vec::new(),
            dead: Vec::new(),
        };
        let mut live = liveness.empty();
        liveness.list(&func.body, &mut live, true);
        let dead = liveness.dead;
        for &var in own() {
            bit[var.index()] = u32::MAX;
        }
        for (var, span) in dead {
            let name = names.name(vars[var.index()].name);
            diags.push(
                warning(
                    format!("value assigned to `{name}` is never read"),
                    span,
                    "this value is never read",
                )
                .note(format!(
                    "`{name}` is assigned again, or its function returns, before this value \
                     is read"
                ))
                .help(format!(
                    "remove the assignment, or if this is intentional, prefix the variable's \
                     name with an underscore: `_{name}`"
                )),
            );
        }
    }
    diags
}

/// A set of a function's tracked variables, by their bits.
type Live = Vec<u64>;

struct Liveness<'a> {
    funcs: &'a [FuncDef],
    exprs: &'a Exprs,
    /// Per variable: its bit, or `u32::MAX` if untracked (another
    /// function's, or not tracked at all).
    bit: &'a [u32],
    /// The length of a set.
    words: usize,
    /// Per loop (by address): its upward-exposed reads.
    loop_reads: FxHashMap<usize, Live>,
    /// Per `if` (by address): whether it can complete normally, so that
    /// nested `if`s are looked at once, not once per enclosing one.
    if_completes: FxHashMap<usize, bool>,
    /// The expressions whose reads are still to be added (see
    /// [`Liveness::read_pending`]).
    pending: Vec<checked::ExprId>,
    /// The dead assignments found: the variable and the statement's span.
    dead: Vec<(VarId, crate::span::Span)>,
}

impl Liveness<'_> {
    fn empty(&self) -> Live {
        vec![0; self.words]
    }

    /// Makes `live` the set live before `stmts`, given the set live after
    /// them; records dead assignments if `report`.
    fn list(&mut self, stmts: &[Stmt], live: &mut Live, report: bool) {
        let reachable = match stmts.iter().position(|s| !self.can_complete(s)) {
            Some(blocker) => {
                // Nothing after the blocker runs: what is live at its end
                // is what it leaves live (nothing, or the loop's reads).
                live.fill(0);
                &stmts[..=blocker]
            }
            None => stmts,
        };
        for stmt in reachable.iter().rev() {
            self.stmt(stmt, live, report);
        }
    }

    fn stmt(&mut self, stmt: &Stmt, live: &mut Live, report: bool) {
        match stmt {
            Stmt::Assign { var, value, span } => {
                let bit = self.bit[var.index()];
                if bit != u32::MAX {
                    let (word, mask) = (bit as usize / 64, 1u64 << (bit % 64));
                    if report && live[word] & mask == 0 {
                        self.dead.push((*var, *span));
                    }
                    live[word] &= !mask;
                }
                self.reads(*value, live);
            }
            Stmt::Call(call) => self.call_reads(*call, live),
            Stmt::Return { value, .. } => {
                live.fill(0);
                if let Some(value) = value {
                    self.reads(*value, live);
                }
            }
            Stmt::Print { arg, .. } => {
                if let PrintArg::Value(value) = arg {
                    self.reads(*value, live);
                }
            }
            Stmt::If(branch) => {
                let mut else_live = live.clone();
                self.list(&branch.then_body, live, report);
                self.list(&branch.else_body, &mut else_live, report);
                for (word, other) in live.iter_mut().zip(&else_live) {
                    *word |= other;
                }
                self.reads(branch.cond, live);
            }
            Stmt::While(w) => {
                // Live at the head: the loop's own reads, and what is live
                // after it, unless it never ends.
                let key = std::ptr::from_ref::<checked::While>(w) as usize;
                if !self.loop_reads.contains_key(&key) {
                    let mut reads = self.empty();
                    self.list(&w.body, &mut reads, false);
                    self.reads(w.cond, &mut reads);
                    self.loop_reads.insert(key, reads);
                }
                let reads = &self.loop_reads[&key];
                if is_true(self.exprs, w.cond) {
                    live.copy_from_slice(reads);
                } else {
                    for (word, read) in live.iter_mut().zip(reads) {
                        *word |= read;
                    }
                }
                if report {
                    // At the end of the body control goes back to the head.
                    let mut body_live = live.clone();
                    self.list(&w.body, &mut body_live, true);
                }
            }
        }
    }

    /// Whether `stmt` can complete normally: the reference's rule (§6), as
    /// `flow.rs` applies it to the syntax tree.
    fn can_complete(&mut self, stmt: &Stmt) -> bool {
        match stmt {
            Stmt::Return { .. } => false,
            Stmt::While(w) => !is_true(self.exprs, w.cond),
            Stmt::If(branch) => {
                let key = std::ptr::from_ref::<checked::If>(branch) as usize;
                if let Some(&completes) = self.if_completes.get(&key) {
                    return completes;
                }
                let completes = branch.then_body.iter().all(|s| self.can_complete(s))
                    || branch.else_body.iter().all(|s| self.can_complete(s));
                self.if_completes.insert(key, completes);
                completes
            }
            Stmt::Assign { .. } | Stmt::Call(_) | Stmt::Print { .. } => true,
        }
    }

    /// Adds to `live` the tracked variables `expr` reads.
    fn reads(&mut self, expr: checked::ExprId, live: &mut Live) {
        self.pending.push(expr);
        self.read_pending(live);
    }

    /// Adds to `live` what a call reads: its arguments, and the variables
    /// the callee captures.
    fn call_reads(&mut self, call: checked::CallId, live: &mut Live) {
        self.push_call(call, live);
        self.read_pending(live);
    }

    /// Adds to `live` what the expressions in `pending` read, emptying it.
    /// An explicit stack: an expression may be 50 000 levels deep.
    fn read_pending(&mut self, live: &mut Live) {
        while let Some(expr) = self.pending.pop() {
            match self.exprs[expr].kind {
                checked::ExprKind::Int(_) | checked::ExprKind::Bool(_) => {}
                checked::ExprKind::Var(var) => add(self.bit, var, live),
                checked::ExprKind::Call(call) => self.push_call(call, live),
                checked::ExprKind::Neg(operand) | checked::ExprKind::Not(operand) => {
                    self.pending.push(operand)
                }
                checked::ExprKind::Binary { lhs, rhs, .. } => {
                    self.pending.extend([lhs, rhs]);
                }
            }
        }
    }

    /// Adds to `live` the variables the callee of `call` captures, and its
    /// arguments to `pending`.
    fn push_call(&mut self, call: checked::CallId, live: &mut Live) {
        let call = &self.exprs.calls[call];
        self.pending.extend_from_slice(&call.args);
        for &var in &self.funcs[call.func.index()].captures {
            add(self.bit, var, live);
        }
    }
}

/// Adds `var` to `live` if it is tracked (`bit` gives the bits).
fn add(bit: &[u32], var: VarId, live: &mut Live) {
    let bit = bit[var.index()];
    if bit != u32::MAX {
        live[bit as usize / 64] |= 1 << (bit % 64);
    }
}

/// Whether `expr` is the literal `true` (parentheses are gone by now).
fn is_true(exprs: &Exprs, expr: checked::ExprId) -> bool {
    matches!(exprs[expr].kind, checked::ExprKind::Bool(true))
}
