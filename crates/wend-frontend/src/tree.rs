//! The arenas both trees keep their expressions in: the syntax tree
//! ([`crate::ast`]) and the checked program ([`crate::checked`]).
//!
//! A huge program has millions of expressions. As boxes pointing at boxes
//! each would be a separate allocation, freed one by one; here a tree's
//! expressions are the entries of one vector and name their operands by
//! index, like the IR's values (a 28-byte node, no pointer to it). The index
//! types are [`Id`]s of the node type, so an index into one tree's arena
//! cannot be used with the other's.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

use cranelift_entity::{EntityRef, PrimaryMap};

/// Index of a `T` in its arena.
pub struct Id<T> {
    index: u32,
    of: PhantomData<fn() -> T>,
}

impl<T> EntityRef for Id<T> {
    fn new(index: usize) -> Self {
        // Every entry comes from a token of a source smaller than 4 GiB.
        let index = u32::try_from(index).expect("fewer than 2^32 tree nodes");
        Id {
            index,
            of: PhantomData,
        }
    }

    fn index(self) -> usize {
        self.index as usize
    }
}

// By hand: derived, they would require `T` to have them too.
impl<T> Clone for Id<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Id<T> {}

impl<T> PartialEq for Id<T> {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}

impl<T> Eq for Id<T> {}

impl<T> Hash for Id<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.index.hash(state);
    }
}

impl<T> fmt::Debug for Id<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.index)
    }
}

/// The expressions of a tree (nodes of type `E`), its calls (`C`, whose
/// arguments are expressions) and the bytes of its string literals.
#[derive(Clone, Debug)]
pub struct Exprs<E, C> {
    pub nodes: PrimaryMap<Id<E>, E>,
    pub calls: PrimaryMap<Id<C>, C>,
    pub strings: PrimaryMap<Id<Vec<u8>>, Vec<u8>>,
}

impl<E, C> Exprs<E, C> {
    /// Empty arenas, with room for `nodes` expressions and `calls` calls.
    pub fn with_capacity(nodes: usize, calls: usize) -> Self {
        Exprs {
            nodes: PrimaryMap::with_capacity(nodes),
            calls: PrimaryMap::with_capacity(calls),
            strings: PrimaryMap::new(),
        }
    }
}

impl<E, C> Default for Exprs<E, C> {
    fn default() -> Self {
        Exprs::with_capacity(0, 0)
    }
}

impl<E, C> Index<Id<E>> for Exprs<E, C> {
    type Output = E;

    fn index(&self, id: Id<E>) -> &E {
        &self.nodes[id]
    }
}

impl<E, C> IndexMut<Id<E>> for Exprs<E, C> {
    fn index_mut(&mut self, id: Id<E>) -> &mut E {
        &mut self.nodes[id]
    }
}
