//! A substitution: which value stands for which, as a pass decides to
//! replace one value by another (a load by the value it reads, a
//! redundant instruction by its leader, a copy by what it copies).
//!
//! Replacements chain — `a` may be replaced by `b` after `b` was itself
//! replaced by `c` — so a lookup follows the chain to its end, and shortens
//! the chain it followed (path compression, as in union-find) so that the
//! next lookup of any value on it takes one step. Passes record their
//! replacements here and apply them all in one sweep with
//! [`Function::substitute`](crate::Function::substitute), instead of
//! keeping use lists.

use std::cell::Cell;

use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::SecondaryMap;

use crate::entities::Value;

/// A map from replaced values to their replacements, followed to the end
/// of each chain (see the module doc).
#[derive(Clone, Default)]
pub struct Substitution {
    /// The next value on each replaced value's chain. In a `Cell` so that
    /// lookups, which only read what the map means, can shorten chains.
    next: SecondaryMap<Value, Cell<PackedOption<Value>>>,
}

impl Substitution {
    /// No replacements.
    pub fn new() -> Self {
        Substitution::default()
    }

    /// No replacements, with room for values `0..values` without growing.
    pub fn with_capacity(values: usize) -> Self {
        Substitution {
            next: SecondaryMap::with_capacity(values),
        }
    }

    /// Records that `from` is replaced by `to` (which may itself be
    /// replaced, now or later). `from` must not be replaced already, and
    /// `to` must not resolve to `from`.
    pub fn replace(&mut self, from: Value, to: Value) {
        debug_assert!(
            self.next[from].get().is_none(),
            "{from} is replaced already"
        );
        debug_assert!(
            self.resolve(to) != from,
            "replacing {from} by {to} makes a cycle"
        );
        self.next[from] = Cell::new(to.into());
    }

    /// Whether `v` has been replaced.
    pub fn is_replaced(&self, v: Value) -> bool {
        self.next[v].get().is_some()
    }

    /// Whether nothing has been replaced (and was never going to be: the
    /// map has no entry at all).
    pub fn is_empty(&self) -> bool {
        self.next.is_empty()
    }

    /// What `v` stands for after all the replacements made so far (`v`
    /// itself if it was not replaced). Shortens the chain it followed.
    #[inline]
    pub fn resolve(&self, v: Value) -> Value {
        let Some(first) = self.next[v].get().expand() else {
            return v;
        };
        let mut root = first;
        while let Some(next) = self.next[root].get().expand() {
            root = next;
        }
        if root != first {
            // Every value on the chain now points at its end.
            let mut at = v;
            while let Some(next) = self.next[at].get().expand() {
                self.next[at].set(root.into());
                at = next;
            }
        }
        root
    }

    /// The entry a lookup of `v` reads second, after `v`'s own: the next
    /// value on its chain's entry if `v` is replaced, else `v`'s entry.
    /// For walks that ask the cache ahead for what they will read.
    pub(crate) fn entry_read_by(&self, v: Value) -> &Cell<PackedOption<Value>> {
        match self.next[v].get().expand() {
            Some(next) => &self.next[next],
            None => &self.next[v],
        }
    }
}

impl std::fmt::Debug for Substitution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map()
            .entries(
                self.next
                    .iter()
                    .filter_map(|(v, next)| Some((v, next.get().expand()?))),
            )
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(n: u32) -> Value {
        Value::from_u32(n)
    }

    #[test]
    fn resolves_chains_to_their_end() {
        let mut s = Substitution::new();
        assert!(s.is_empty());
        assert_eq!(s.resolve(v(7)), v(7));
        s.replace(v(1), v(2));
        s.replace(v(2), v(3));
        s.replace(v(3), v(4));
        assert!(!s.is_empty());
        assert!(s.is_replaced(v(1)) && !s.is_replaced(v(4)));
        assert_eq!(s.resolve(v(2)), v(4));
        assert_eq!(s.resolve(v(1)), v(4));
        assert_eq!(s.resolve(v(4)), v(4));
        assert_eq!(s.resolve(v(100)), v(100));
    }

    #[test]
    fn lookups_shorten_the_chains_they_follow() {
        let mut s = Substitution::new();
        for n in 0..10 {
            s.replace(v(n), v(n + 1));
        }
        assert_eq!(s.resolve(v(0)), v(10));
        // Every value of the chain now points at its end in one step.
        for n in 0..10 {
            assert_eq!(s.next[v(n)].get().expand(), Some(v(10)));
        }
        // Replacing the end extends every chain through it.
        s.replace(v(10), v(11));
        assert_eq!(s.resolve(v(3)), v(11));
        assert_eq!(s.resolve(v(10)), v(11));
    }
}
