//! The warnings about names nothing uses: unused variables and parameters,
//! variables assigned to but never read, and nested functions never
//! called. A name starting with `_` is exempt, as in Rust: that is how a
//! program says "unused on purpose".
//!
//! What counts as a use follows wend's semantics, not the text. A
//! variable lives in one activation of the function declaring it (its
//! owner); only code that runs during that activation can read it: the
//! owner's body, and the nested functions the owner calls, directly or
//! through other nested functions. A read in a nested function that is
//! never called does not count, nor does a call from a function that is
//! itself never called: recursion alone (`f` calling `f`, or `a` and `b`
//! calling each other) does not make a function used.
//!
//! So the question for every function is which others can run while it is
//! active, and this is answered for the whole program in one pass over the
//! call graph, in linear time. A nested function can only be called from
//! inside its parent's body or the bodies nested in it, and a path of
//! calls from outside that subtree into it must pass through the parent.
//! Hence a function `g` can run during an activation of an enclosing `f`
//! exactly when each function on the nesting chain from below `f` down to
//! `g` is reachable from its own parent. The functions that are not
//! reachable from their parent are the unused ones (the *dead roots*):
//! exploring the call graph from `main`, then from each dead root in
//! declaration order (parents before children), each exploration staying
//! inside the subtree of its start, assigns every function the dead root
//! (or `main`) that reached it. Then `g` runs during `f`'s activations if
//! and only if the root that reached `g` is `f` or encloses `f`: a
//! comparison of nesting depths.
//!
//! Semantic analysis records the facts while it checks (each variable's
//! reads and assignments by its owner, and each read or assignment of an
//! outer variable by the function doing it); these warnings are computed
//! only for a program without errors, whose facts are complete and whose
//! author is not also chasing errors.

use crate::checked::{FuncDef, FuncId, VarDef, VarId, VarKind};
use crate::diag::{warning, Diag, DiagExt};
use crate::intern::Interner;

/// A read or an assignment of a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Access {
    Read,
    Write,
}

const READ: u8 = 1;
const WRITTEN: u8 = 2;

/// The uses of every variable, recorded as semantic analysis resolves them.
#[derive(Debug, Default)]
pub(crate) struct Usage {
    /// Per variable: whether its owner reads it ([`READ`]), assigns it
    /// ([`WRITTEN`]).
    by_owner: Vec<u8>,
    /// `(function, variable)`: the body of `function` reads `variable`, an
    /// outer one. Repeats allowed.
    outer_reads: Vec<(FuncId, VarId)>,
    /// The same for assignments.
    outer_writes: Vec<(FuncId, VarId)>,
}

impl Usage {
    /// Records a new variable (in the order of their ids).
    pub(crate) fn declare(&mut self) {
        self.by_owner.push(0);
    }

    /// Records that `from`'s body reads or assigns `var`, declared by `owner`.
    pub(crate) fn access(&mut self, from: FuncId, var: VarId, owner: FuncId, access: Access) {
        if from == owner {
            self.by_owner[var.index()] |= match access {
                Access::Read => READ,
                Access::Write => WRITTEN,
            };
            return;
        }
        let list = match access {
            Access::Read => &mut self.outer_reads,
            Access::Write => &mut self.outer_writes,
        };
        if list.last() != Some(&(from, var)) {
            list.push((from, var));
        }
    }
}

/// The warnings of a program without errors: `calls` are its `(callee,
/// caller)` pairs (repeats allowed), `names` its identifiers. Also says,
/// per variable, whether its assignments are for [`crate::dead_store`] to
/// look at: those of variables that something reads, assigned by their
/// owner, not named with a leading `_`.
pub(crate) fn warnings(
    usage: Usage,
    funcs: &[FuncDef],
    vars: &[VarDef],
    names: &Interner,
    calls: &[(FuncId, FuncId)],
) -> (Vec<Diag>, Vec<bool>) {
    let graph = CallGraph::new(funcs, calls);
    let mut diags = Vec::new();
    for (index, func) in funcs.iter().enumerate() {
        let id = FuncId(index as u32);
        if graph.root[index] == id && func.parent.is_some() && !func.name.starts_with('_') {
            diags.push(unused_function(funcs, vars, &graph, id));
        }
    }

    // Per variable: whether a read or an assignment counts, and the first
    // function whose reads do not (because it never runs while the
    // variable exists).
    let by_owner = usage.by_owner;
    let mut uses = by_owner.clone();
    let mut only_read_by: Vec<Option<FuncId>> = vec![None; vars.len()];
    for (accesses, bit) in [(&usage.outer_reads, READ), (&usage.outer_writes, WRITTEN)] {
        for &(from, var) in accesses {
            if graph.runs_during(from, vars[var.index()].owner) {
                uses[var.index()] |= bit;
            } else if bit == READ && only_read_by[var.index()].is_none() {
                only_read_by[var.index()] = Some(from);
            }
        }
    }
    let mut tracked = vec![false; vars.len()];
    for (index, var) in vars.iter().enumerate() {
        let name = names.name(var.name);
        if name.starts_with('_') {
            continue;
        }
        if uses[index] & READ != 0 {
            tracked[index] = by_owner[index] & WRITTEN != 0;
            continue;
        }
        let what = match var.kind {
            VarKind::Param => "parameter",
            VarKind::Local => "variable",
        };
        let mut diag = if uses[index] & WRITTEN != 0 {
            warning(
                format!("{what} `{name}` is assigned to, but never used"),
                var.span,
                "assigned to, but its value is never read",
            )
        } else {
            warning(
                format!("unused {what} `{name}`"),
                var.span,
                format!("this {what} is never used"),
            )
        };
        if let Some(reader) = only_read_by[index] {
            diag = diag.note(format!(
                "`{name}` is only read in `{}`, which never runs",
                describe(funcs, vars, reader)
            ));
        }
        diags.push(diag.help(format!(
            "if this is intentional, prefix it with an underscore: `_{name}`"
        )));
    }
    (diags, tracked)
}

/// "function `f` is never called", with why when something calls it.
fn unused_function(funcs: &[FuncDef], vars: &[VarDef], graph: &CallGraph, id: FuncId) -> Diag {
    let func = &funcs[id.index()];
    let shown = describe(funcs, vars, id);
    let mut diag = warning(
        format!("function `{shown}` is never called"),
        func.name_span,
        "this function is never called",
    );
    let callers = graph.callers(id);
    if callers.iter().any(|&caller| caller != id) {
        diag = diag.note(format!(
            "`{shown}` is called only from functions that never run"
        ));
    } else if !callers.is_empty() {
        diag = diag.note(format!(
            "`{shown}` only calls itself: recursion alone does not make a function used"
        ));
    }
    diag.help(format!(
        "remove it, or if this is intentional, prefix its name with an underscore: `_{}`",
        func.name
    ))
}

/// A function as messages name it: its name, or its signature when
/// overloaded.
fn describe(funcs: &[FuncDef], vars: &[VarDef], id: FuncId) -> String {
    let func = &funcs[id.index()];
    if !func.overloaded {
        return func.name.clone();
    }
    let types: Vec<String> = (func.params.iter())
        .map(|&p| vars[p.index()].ty.to_string())
        .collect();
    format!("{}({})", func.name, types.join(", "))
}

/// The call graph with, for each function, the dead root (or top-level
/// function) whose exploration reached it; see the module header.
pub(crate) struct CallGraph {
    /// Per function: the dead root or top-level function that reached it.
    pub(crate) root: Vec<FuncId>,
    /// Per function: its nesting depth (the top-level function's is 0).
    depth: Vec<u32>,
    /// The callers of each function `f`: `callers[caller_start[f]..caller_start[f + 1]]`.
    callers: Vec<FuncId>,
    caller_start: Vec<usize>,
}

impl CallGraph {
    pub(crate) fn new(funcs: &[FuncDef], calls: &[(FuncId, FuncId)]) -> CallGraph {
        let count = funcs.len();
        let by_callee = lists(count, calls.iter().copied());
        let by_caller = lists(
            count,
            calls.iter().map(|&(callee, caller)| (caller, callee)),
        );

        // Preorder numbers: `g` is in the subtree of `f` if and only if
        // `first[f] <= first[g] < end[f]`.
        let mut first = vec![0u32; count];
        let mut end = vec![0u32; count];
        let mut depth = vec![0u32; count];
        let mut next = 0u32;
        for (index, func) in funcs.iter().enumerate() {
            if func.parent.is_some() {
                continue;
            }
            // (function, whether its children are done)
            let mut stack = vec![(FuncId(index as u32), false)];
            while let Some((f, done)) = stack.pop() {
                if done {
                    end[f.index()] = next;
                    continue;
                }
                first[f.index()] = next;
                next += 1;
                stack.push((f, true));
                for &child in funcs[f.index()].children.iter().rev() {
                    depth[child.index()] = depth[f.index()] + 1;
                    stack.push((child, false));
                }
            }
        }
        let inside = |root: FuncId, f: FuncId| {
            (first[root.index()]..end[root.index()]).contains(&first[f.index()])
        };

        // Declaration order puts parents before their children, so a
        // function not reached by the time its turn comes is a dead root
        // (or a top-level function) whose parent has been explored.
        const UNREACHED: FuncId = FuncId(u32::MAX);
        let mut root = vec![UNREACHED; count];
        let mut stack = Vec::new();
        for index in 0..count {
            let start = FuncId(index as u32);
            if root[index] != UNREACHED {
                continue;
            }
            root[index] = start;
            stack.push(start);
            while let Some(f) = stack.pop() {
                for &callee in by_caller.of(f) {
                    if root[callee.index()] == UNREACHED && inside(start, callee) {
                        root[callee.index()] = start;
                        stack.push(callee);
                    }
                }
            }
        }
        CallGraph {
            root,
            depth,
            callers: by_callee.items,
            caller_start: by_callee.start,
        }
    }

    /// Whether `f` can run during an activation of `owner`, which is `f`
    /// or encloses it.
    pub(crate) fn runs_during(&self, f: FuncId, owner: FuncId) -> bool {
        f == owner || self.depth[self.root[f.index()].index()] <= self.depth[owner.index()]
    }

    /// The functions calling `f`, each once.
    fn callers(&self, f: FuncId) -> &[FuncId] {
        &self.callers[self.caller_start[f.index()]..self.caller_start[f.index() + 1]]
    }
}

/// Lists of functions per function, in one array.
struct Lists {
    items: Vec<FuncId>,
    start: Vec<usize>,
}

impl Lists {
    fn of(&self, f: FuncId) -> &[FuncId] {
        &self.items[self.start[f.index()]..self.start[f.index() + 1]]
    }
}

/// The pairs `(key, item)` as lists per key, each item once per list.
fn lists(count: usize, pairs: impl Iterator<Item = (FuncId, FuncId)>) -> Lists {
    let mut pairs: Vec<(FuncId, FuncId)> = pairs.collect();
    pairs.sort_unstable();
    pairs.dedup();
    let mut start = vec![0usize; count + 1];
    for &(key, _) in &pairs {
        start[key.index() + 1] += 1;
    }
    for i in 0..count {
        start[i + 1] += start[i];
    }
    Lists {
        items: pairs.into_iter().map(|(_, item)| item).collect(),
        start,
    }
}

#[cfg(test)]
mod tests;
