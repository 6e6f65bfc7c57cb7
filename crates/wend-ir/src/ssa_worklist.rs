//! The SSA worklist of a sparse solver in the shape of Wegman & Zadeck's
//! conditional constant propagation: the values whose lattice cell went
//! down, whose users must be evaluated again — except the values lowered
//! during the *first visit* of their block, which need no entry at all.
//!
//! Such a solver evaluates a block as a whole (its phis, its instructions,
//! then its terminator) the first time an executable edge reaches it, and
//! later evaluates single instructions again: the phis of a block a new
//! edge reaches, and the users of a value taken off this worklist.
//!
//! **Why a first visit queues nothing.** While block `B` is visited for the
//! first time, nothing evaluated so far has read the cell of a value `v`
//! that `B` defines. `v`'s definition dominates each of its uses (a phi
//! entry's use sits at the end of the predecessor), so a use is one of:
//! * an instruction or the terminator later in `B`: this visit evaluates it
//!   after `v`;
//! * an instruction or terminator in a block `B` strictly dominates: every
//!   path from the entry to it passes through `B`, whose outgoing edges
//!   become executable only when this visit ends with `B`'s terminator, so
//!   it is not reached yet and reads `v` when it is;
//! * a phi entry over an edge out of a block `B` dominates: that edge is not
//!   executable yet (same reason), and a phi meets only its executable
//!   entries; when the edge becomes executable, the solver evaluates the
//!   phi again (or for the first time), reading `v` then.
//!
//! Each user therefore sees the lowered cell without an entry for `v`, and
//! the entry would only re-evaluate users to the same result. Once the first
//! visit is over, a value lowered again (by a phi that a new edge or a new
//! operand lowers, and by its users in turn) may have been read, and is
//! queued. So only the values that change after their first evaluation are
//! ever queued: in a function without phis, none — and the solver need not
//! even build the lists of users. docs/07-optimisations.md works an example.

use crate::entities::Value;

/// Values whose cell went down and whose users have not been evaluated
/// again yet, outside first visits (see the module doc).
#[derive(Debug, Default)]
pub struct SsaWorklist {
    pending: Vec<Value>,
    in_first_visit: bool,
}

impl SsaWorklist {
    /// An empty worklist, outside any first visit.
    pub fn new() -> Self {
        Self::default()
    }

    /// The first visit of a block begins: until
    /// [`end_first_visit`](Self::end_first_visit), [`push`](Self::push)
    /// queues nothing, since nothing has read the values it lowers.
    pub fn begin_first_visit(&mut self) {
        assert!(!self.in_first_visit, "first visits do not nest");
        self.in_first_visit = true;
    }

    /// The first visit of a block is over: lowered values are queued again.
    pub fn end_first_visit(&mut self) {
        assert!(self.in_first_visit, "no first visit to end");
        self.in_first_visit = false;
    }

    /// `value`'s cell went down: its users must be evaluated again, unless
    /// this is the first visit of its block, when none has read it yet.
    pub fn push(&mut self, value: Value) {
        if !self.in_first_visit {
            self.pending.push(value);
        }
    }

    /// A value whose users are to be evaluated again (the one queued last).
    pub fn pop(&mut self) -> Option<Value> {
        self.pending.pop()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cranelift_entity::EntityRef;

    fn v(n: usize) -> Value {
        Value::new(n)
    }

    #[test]
    fn queues_outside_first_visits_last_in_first_out() {
        let mut list = SsaWorklist::new();
        list.push(v(1));
        list.push(v(2));
        assert_eq!(list.pop(), Some(v(2)));
        assert_eq!(list.pop(), Some(v(1)));
        assert_eq!(list.pop(), None);
    }

    #[test]
    fn a_first_visit_queues_nothing() {
        let mut list = SsaWorklist::new();
        list.push(v(1));
        list.begin_first_visit();
        list.push(v(2));
        list.push(v(3));
        list.end_first_visit();
        list.push(v(4));
        assert_eq!(list.pop(), Some(v(4)));
        assert_eq!(list.pop(), Some(v(1)));
        assert_eq!(list.pop(), None);
    }

    #[test]
    #[should_panic(expected = "first visits do not nest")]
    fn first_visits_do_not_nest() {
        let mut list = SsaWorklist::new();
        list.begin_first_visit();
        list.begin_first_visit();
    }

    #[test]
    #[should_panic(expected = "no first visit to end")]
    fn ending_needs_a_first_visit() {
        SsaWorklist::new().end_first_visit();
    }
}
