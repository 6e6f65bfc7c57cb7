//! Capture analysis: which outer variables each function needs a pointer to.
//!
//! A function captures the variables of enclosing functions that it reads or
//! writes itself, plus the captures of every function it calls, except those
//! that are its own locals or parameters (it passes their addresses
//! directly). Calls can be recursive, so this is a fixed point, computed
//! with a worklist over the call graph.

use indexmap::IndexSet;

use crate::checked::{FuncId, VarId};

/// What semantic analysis records about one function's body.
#[derive(Clone, Debug, Default)]
pub(crate) struct BodyFacts {
    /// Variables of enclosing functions used directly in the body.
    pub(crate) outer_uses: IndexSet<VarId>,
    /// Functions called from the body.
    pub(crate) callees: IndexSet<FuncId>,
}

/// Computes every function's captures, each sorted by [`VarId`] (that is,
/// by declaration order), given each function's facts and the owner of each
/// variable.
pub(crate) fn compute_captures(
    facts: &[BodyFacts],
    owner: impl Fn(VarId) -> FuncId,
) -> Vec<Vec<VarId>> {
    let count = facts.len();
    let mut callers: Vec<Vec<FuncId>> = vec![Vec::new(); count];
    for (caller, fact) in facts.iter().enumerate() {
        for &callee in &fact.callees {
            callers[callee.index()].push(FuncId(caller as u32));
        }
    }
    let mut captures: Vec<IndexSet<VarId>> = facts.iter().map(|f| f.outer_uses.clone()).collect();

    // Invariant: a function is on the worklist when its captures grew since
    // its callers last looked at them.
    let mut worklist: Vec<FuncId> = (0..count as u32).map(FuncId).collect();
    let mut queued = vec![true; count];
    while let Some(callee) = worklist.pop() {
        queued[callee.index()] = false;
        for &caller in &callers[callee.index()] {
            if caller == callee {
                continue;
            }
            let inherited: Vec<VarId> = captures[callee.index()]
                .iter()
                .copied()
                .filter(|&var| owner(var) != caller)
                .collect();
            let mut grew = false;
            for var in inherited {
                grew |= captures[caller.index()].insert(var);
            }
            if grew && !queued[caller.index()] {
                queued[caller.index()] = true;
                worklist.push(caller);
            }
        }
    }

    captures
        .into_iter()
        .map(|set| {
            let mut vars: Vec<VarId> = set.into_iter().collect();
            vars.sort();
            vars
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(uses: &[u32], callees: &[u32]) -> BodyFacts {
        BodyFacts {
            outer_uses: uses.iter().map(|&v| VarId(v)).collect(),
            callees: callees.iter().map(|&f| FuncId(f)).collect(),
        }
    }

    #[test]
    fn transitive_through_recursive_calls() {
        // f0 main owns v0; f1 and f2 are nested in main and call each other;
        // only f2 touches v0. f3 is nested in f1, owns nothing, calls f2.
        let owners = [FuncId(0)];
        let result = compute_captures(
            &[
                facts(&[], &[1]),
                facts(&[], &[2, 1]),
                facts(&[0], &[1]),
                facts(&[], &[2]),
            ],
            |v| owners[v.index()],
        );
        assert_eq!(result[0], vec![]);
        assert_eq!(result[1], vec![VarId(0)]);
        assert_eq!(result[2], vec![VarId(0)]);
        assert_eq!(result[3], vec![VarId(0)]);
    }
}
