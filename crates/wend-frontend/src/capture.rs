//! Capture analysis: which outer variables each function needs a pointer to.
//!
//! A function captures the variables of enclosing functions that it reads or
//! writes itself, plus the captures of every function it calls, except those
//! that are its own locals or parameters (it passes their addresses
//! directly). Calls can be recursive, so this is a fixed point, computed
//! with a worklist over the call graph.

use rustc_hash::FxHashSet;

use crate::checked::{FuncId, VarId};

/// What semantic analysis records about the function bodies, for the whole
/// program in two flat lists rather than sets per function: a program of
/// 100 000 small functions would otherwise pay for a few hundred thousand
/// tiny sets, most of them holding one or two entries.
#[derive(Clone, Debug, Default)]
pub(crate) struct BodyFacts {
    /// `(function, variable)`: the body of `function` uses `variable`, which
    /// an enclosing function declares. Repeats are allowed.
    outer_uses: Vec<(FuncId, VarId)>,
    /// `(callee, caller)`: the body of `caller` calls `callee`. Repeats are
    /// allowed.
    calls: Vec<(FuncId, FuncId)>,
}

impl BodyFacts {
    /// Records that `func`'s body uses the outer variable `var`.
    pub(crate) fn outer_use(&mut self, func: FuncId, var: VarId) {
        // The same variable is often used several times in a row (`total =
        // total + 1`); the sort in `compute_captures` removes other repeats.
        if self.outer_uses.last() != Some(&(func, var)) {
            self.outer_uses.push((func, var));
        }
    }

    /// The `(callee, caller)` pairs recorded so far (with repeats).
    pub(crate) fn calls(&self) -> &[(FuncId, FuncId)] {
        &self.calls
    }

    /// Records that `caller`'s body calls `callee`.
    pub(crate) fn call(&mut self, caller: FuncId, callee: FuncId) {
        if self.calls.last() != Some(&(callee, caller)) {
            self.calls.push((callee, caller));
        }
    }
}

/// Computes the captures of each of the `count` functions, each sorted by
/// [`VarId`] (that is, by declaration order), given the facts about their
/// bodies and the owner of each variable.
pub(crate) fn compute_captures(
    facts: BodyFacts,
    count: usize,
    owner: impl Fn(VarId) -> FuncId,
) -> Vec<Vec<VarId>> {
    let BodyFacts {
        mut outer_uses,
        mut calls,
    } = facts;
    outer_uses.sort_unstable();
    outer_uses.dedup();
    // Sorted by callee, the calls list each function's callers side by side.
    calls.sort_unstable();
    calls.dedup();
    let mut first_call = vec![0usize; count + 1];
    for &(callee, _) in &calls {
        first_call[callee.index() + 1] += 1;
    }
    for i in 0..count {
        first_call[i + 1] += first_call[i];
    }
    let callers = |callee: FuncId| {
        calls[first_call[callee.index()]..first_call[callee.index() + 1]]
            .iter()
            .map(|&(_, caller)| caller)
    };

    // One set of `(function, variable)` pairs for the whole program says
    // whether a function already captures a variable.
    let mut captured: FxHashSet<(FuncId, VarId)> = outer_uses.iter().copied().collect();
    let mut captures: Vec<Vec<VarId>> = vec![Vec::new(); count];
    for &(func, var) in &outer_uses {
        captures[func.index()].push(var);
    }
    drop(outer_uses);

    // Invariant: a function is on the worklist when its captures grew since
    // its callers last looked at them.
    let mut worklist: Vec<FuncId> = (0..count as u32).map(FuncId).collect();
    let mut queued = vec![true; count];
    while let Some(callee) = worklist.pop() {
        queued[callee.index()] = false;
        for caller in callers(callee) {
            if caller == callee {
                continue;
            }
            let mut grew = false;
            // By index: the callee's list is read while the caller's (a
            // different one) grows.
            for i in 0..captures[callee.index()].len() {
                let var = captures[callee.index()][i];
                if owner(var) != caller && captured.insert((caller, var)) {
                    captures[caller.index()].push(var);
                    grew = true;
                }
            }
            if grew && !queued[caller.index()] {
                queued[caller.index()] = true;
                worklist.push(caller);
            }
        }
    }

    for vars in &mut captures {
        vars.sort_unstable();
    }
    captures
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The facts of functions `f0`, `f1`, …: each one's outer uses and
    /// callees.
    fn facts(functions: &[(&[u32], &[u32])]) -> BodyFacts {
        let mut facts = BodyFacts::default();
        for (func, (uses, callees)) in functions.iter().enumerate() {
            let func = FuncId(func as u32);
            for &var in *uses {
                facts.outer_use(func, VarId(var));
            }
            for &callee in *callees {
                facts.call(func, FuncId(callee));
            }
        }
        facts
    }

    #[test]
    fn transitive_through_recursive_calls() {
        // f0 main owns v0; f1 and f2 are nested in main and call each other;
        // only f2 touches v0. f3 is nested in f1, owns nothing, calls f2.
        let owners = [FuncId(0)];
        let result = compute_captures(
            facts(&[(&[], &[1]), (&[], &[2, 1]), (&[0], &[1]), (&[], &[2])]),
            4,
            |v| owners[v.index()],
        );
        assert_eq!(result[0], vec![]);
        assert_eq!(result[1], vec![VarId(0)]);
        assert_eq!(result[2], vec![VarId(0)]);
        assert_eq!(result[3], vec![VarId(0)]);
    }

    #[test]
    fn repeats_count_once_and_owners_stop_the_propagation() {
        // f0 owns v0 and v1; f1, nested in f0, uses v0, v1, v0 and calls f2
        // twice; f2, nested in f1, uses v1. f0 calls f1 and captures nothing.
        let owners = [FuncId(0), FuncId(0)];
        let result = compute_captures(
            facts(&[(&[], &[1]), (&[0, 1, 0], &[2, 2, 2]), (&[1], &[])]),
            3,
            |v| owners[v.index()],
        );
        assert_eq!(result[0], vec![]);
        assert_eq!(result[1], vec![VarId(0), VarId(1)]);
        assert_eq!(result[2], vec![VarId(1)]);
    }
}
