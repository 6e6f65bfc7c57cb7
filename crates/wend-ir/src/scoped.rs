//! Walking the dominator tree with facts scoped to subtrees.
//!
//! Several passes walk the dominator tree keeping facts that hold in the
//! subtree being walked — the value a variable holds (mem2reg's renaming),
//! the expressions already computed (value numbering) — and forget a
//! block's facts once its subtree is done, so that siblings never see each
//! other's. [`DomTreeWalk`] yields each block on entering and on leaving
//! its subtree, with an explicit stack (a function can be 100 000 blocks
//! deep); [`ScopedMap`] and [`UndoLog`] record what each scope changed
//! and undo it on leaving, instead of keeping a stack of values per key;
//! [`ScopedHashTable`] is the hash table of dominator-based value
//! numbering, whose insertions are undone the same way.

use std::ops::{Index, IndexMut};

use cranelift_entity::SecondaryMap;
use hashbrown::HashTable;

use crate::analysis::dom::DomTree;
use crate::entities::Block;

/// A step of a [`DomTreeWalk`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DomTreeStep {
    /// Entering a block: its dominators have been entered, none of the
    /// blocks it dominates yet.
    Enter(Block),
    /// Leaving a block: every block it dominates has been entered and left.
    Leave(Block),
}

/// The steps of a depth-first walk of the dominator tree from the entry:
/// a block is entered before its children (in the tree's order, RPO) and
/// left after them.
pub struct DomTreeWalk<'a> {
    domtree: &'a DomTree,
    stack: Vec<DomTreeStep>,
}

impl<'a> DomTreeWalk<'a> {
    /// The walk of `domtree`, starting at `entry`.
    pub fn new(domtree: &'a DomTree, entry: Block) -> Self {
        DomTreeWalk {
            domtree,
            stack: vec![DomTreeStep::Enter(entry)],
        }
    }
}

impl Iterator for DomTreeWalk<'_> {
    type Item = DomTreeStep;

    fn next(&mut self) -> Option<DomTreeStep> {
        let step = self.stack.pop()?;
        if let DomTreeStep::Enter(block) = step {
            self.stack.push(DomTreeStep::Leave(block));
            // Pushed in reverse, so they are entered in order.
            for &child in self.domtree.children(block).iter().rev() {
                self.stack.push(DomTreeStep::Enter(child));
            }
        }
        Some(step)
    }
}

/// A log of changes grouped in nested scopes: [`UndoLog::leave_scope`]
/// hands back, latest first, what was recorded since the matching
/// [`UndoLog::enter_scope`], for the caller to undo.
#[derive(Clone, Debug)]
pub struct UndoLog<T> {
    records: Vec<T>,
    /// Where each open scope's records start.
    scopes: Vec<usize>,
}

impl<T> Default for UndoLog<T> {
    fn default() -> Self {
        UndoLog {
            records: Vec::new(),
            scopes: Vec::new(),
        }
    }
}

impl<T> UndoLog<T> {
    pub fn new() -> Self {
        UndoLog::default()
    }

    /// Opens a scope nested in the current one.
    pub fn enter_scope(&mut self) {
        self.scopes.push(self.records.len());
    }

    /// Records a change of the current scope.
    pub fn record(&mut self, record: T) {
        self.records.push(record);
    }

    /// Closes the innermost scope, handing back its records, latest first.
    pub fn leave_scope(&mut self) -> impl Iterator<Item = T> + '_ {
        let from = self.scopes.pop().expect("leave_scope without enter_scope");
        self.records.drain(from..).rev()
    }

    /// Whether no change is recorded in any open scope.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }
}

/// A map whose changes are scoped: leaving a scope restores every entry
/// it changed to what it was on entering. The entries live in `M` (a
/// `PrimaryMap` or `SecondaryMap` from `K` to `V`).
#[derive(Clone, Debug)]
pub struct ScopedMap<K, V, M = SecondaryMap<K, V>> {
    values: M,
    undo: UndoLog<(K, V)>,
}

impl<K: Copy, V: Clone, M: IndexMut<K, Output = V>> ScopedMap<K, V, M> {
    /// A map holding `values`, and no scope open.
    pub fn new(values: M) -> Self {
        ScopedMap {
            values,
            undo: UndoLog::new(),
        }
    }

    /// The value of `key` in the current scope.
    #[inline]
    pub fn get(&self, key: K) -> &V {
        &self.values[key]
    }

    /// Sets `key` to `value` until the current scope is left.
    pub fn set(&mut self, key: K, value: V) {
        let old = std::mem::replace(&mut self.values[key], value);
        self.undo.record((key, old));
    }

    pub fn enter_scope(&mut self) {
        self.undo.enter_scope();
    }

    /// Restores every entry set since the matching `enter_scope`.
    pub fn leave_scope(&mut self) {
        for (key, old) in self.undo.leave_scope() {
            self.values[key] = old;
        }
    }

    /// Whether no entry differs from what it was before the outermost
    /// open scope.
    pub fn is_unchanged(&self) -> bool {
        self.undo.is_empty()
    }
}

impl<K: Copy, V: Clone, M: IndexMut<K, Output = V>> Index<K> for ScopedMap<K, V, M> {
    type Output = V;
    #[inline]
    fn index(&self, key: K) -> &V {
        self.get(key)
    }
}

/// A hash table whose insertions are scoped: leaving a scope removes what
/// was inserted in it. Each entry is an item with a 32-bit digest of its
/// key, not the key itself: a lookup confirms a match of the digest by
/// asking the caller whether the item is the one sought (rebuilding the
/// key from the item, say), which keeps entries small when the table is
/// large.
pub struct ScopedHashTable<T> {
    table: HashTable<(u32, T)>,
    inserted: UndoLog<(u32, T)>,
}

impl<T> Default for ScopedHashTable<T> {
    fn default() -> Self {
        ScopedHashTable {
            table: HashTable::new(),
            inserted: UndoLog::new(),
        }
    }
}

impl<T: Copy + PartialEq> ScopedHashTable<T> {
    pub fn new() -> Self {
        ScopedHashTable::default()
    }

    /// The digest kept of a key's 64-bit hash.
    fn digest(hash: u64) -> u32 {
        (hash ^ (hash >> 32)) as u32
    }

    /// The hash the table files an entry under, a function of the digest
    /// alone so the table can recompute it when it grows; the
    /// multiplication spreads the 32 bits over the top bits the table's
    /// control bytes use.
    fn table_hash(digest: u32) -> u64 {
        u64::from(digest).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// An item inserted under `hash` for which `is_sought` is true.
    pub fn find(&self, hash: u64, mut is_sought: impl FnMut(T) -> bool) -> Option<T> {
        let digest = Self::digest(hash);
        self.table
            .find(Self::table_hash(digest), |&(d, item)| {
                d == digest && is_sought(item)
            })
            .map(|&(_, item)| item)
    }

    /// Inserts `item` under `hash` until the current scope is left. No
    /// equal item may be in the table already.
    pub fn insert(&mut self, hash: u64, item: T) {
        let entry = (Self::digest(hash), item);
        self.table
            .insert_unique(Self::table_hash(entry.0), entry, |e| Self::table_hash(e.0));
        self.inserted.record(entry);
    }

    pub fn enter_scope(&mut self) {
        self.inserted.enter_scope();
    }

    /// Removes every item inserted since the matching `enter_scope`.
    pub fn leave_scope(&mut self) {
        for (digest, item) in self.inserted.leave_scope() {
            match self
                .table
                .find_entry(Self::table_hash(digest), |e| e.1 == item)
            {
                Ok(entry) => drop(entry.remove()),
                Err(_) => unreachable!("an item stays in the table until its scope is left"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::cfg::Cfg;
    use crate::{Function, Terminator, Value};

    /// entry -> {a, b}; a -> c; b -> c: c's idom is entry.
    fn diamond() -> (Function, [Block; 4]) {
        let mut f = Function::new("f", &[], None);
        let [e, a, b, c] = ["entry", "a", "b", "c"].map(|n| f.append_block(n));
        let cond = f.bconst(true);
        f.blocks[e].terminator = Some(Terminator::CondBr {
            cond,
            then_dest: a,
            else_dest: b,
        });
        f.blocks[a].terminator = Some(Terminator::Br { dest: c });
        f.blocks[b].terminator = Some(Terminator::Br { dest: c });
        f.blocks[c].terminator = Some(Terminator::Ret { value: None });
        (f, [e, a, b, c])
    }

    #[test]
    fn walk_enters_before_and_leaves_after_the_dominated_blocks() {
        let (f, [e, a, b, c]) = diamond();
        let cfg = Cfg::compute(&f);
        let dom = DomTree::compute(&f, &cfg);
        let steps: Vec<_> = DomTreeWalk::new(&dom, e).collect();
        let children: Vec<Block> = dom.children(e).to_vec();
        let mut expected = vec![DomTreeStep::Enter(e)];
        for child in children {
            expected.extend([DomTreeStep::Enter(child), DomTreeStep::Leave(child)]);
        }
        expected.push(DomTreeStep::Leave(e));
        assert_eq!(steps, expected);
        assert_eq!(steps.len(), 8);
        for x in [a, b, c] {
            assert!(steps.contains(&DomTreeStep::Enter(x)));
        }
    }

    #[test]
    fn scoped_map_restores_on_leaving() {
        let [k0, k1] = [Value::from_u32(0), Value::from_u32(1)];
        let mut m = ScopedMap::new(SecondaryMap::<Value, i32>::new());
        m.enter_scope();
        m.set(k0, 1);
        m.enter_scope();
        m.set(k0, 2);
        m.set(k1, 3);
        m.set(k0, 4);
        assert_eq!((m[k0], m[k1]), (4, 3));
        m.leave_scope();
        assert_eq!((m[k0], m[k1]), (1, 0));
        assert!(!m.is_unchanged());
        m.leave_scope();
        assert_eq!((m[k0], m[k1]), (0, 0));
        assert!(m.is_unchanged());
    }

    #[test]
    fn scoped_hash_table_forgets_a_scope_on_leaving() {
        let mut t = ScopedHashTable::new();
        // Items 1 and 2 share a hash: lookups tell them apart by the item.
        t.enter_scope();
        t.insert(7, 1u32);
        t.enter_scope();
        t.insert(7, 2);
        t.insert(9 << 40, 3);
        assert_eq!(t.find(7, |i| i == 2), Some(2));
        assert_eq!(t.find(7, |i| i == 1), Some(1));
        assert_eq!(t.find(7, |i| i == 3), None);
        assert_eq!(t.find(9 << 40, |_| true), Some(3));
        t.leave_scope();
        assert_eq!(t.find(7, |i| i == 2), None);
        assert_eq!(t.find(9 << 40, |_| true), None);
        assert_eq!(t.find(7, |_| true), Some(1));
        t.leave_scope();
        assert_eq!(t.find(7, |_| true), None);
        // Many entries: growing the table keeps them all findable.
        t.enter_scope();
        for i in 0..1000u32 {
            t.insert(u64::from(i % 37), i);
        }
        for i in 0..1000u32 {
            assert_eq!(t.find(u64::from(i % 37), |j| j == i), Some(i));
        }
        t.leave_scope();
        assert_eq!(t.find(3, |_| true), None);
    }

    #[test]
    fn undo_log_hands_back_a_scope_latest_first() {
        let mut log = UndoLog::new();
        log.enter_scope();
        log.record('a');
        log.enter_scope();
        log.record('b');
        log.record('c');
        assert_eq!(log.leave_scope().collect::<String>(), "cb");
        log.enter_scope();
        assert_eq!(log.leave_scope().count(), 0);
        assert_eq!(log.leave_scope().collect::<String>(), "a");
        assert!(log.is_empty());
    }
}
