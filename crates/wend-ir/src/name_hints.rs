//! Interned name hints: every distinct hint of a function (`add`, `i`,
//! `while.cond`) is stored once, and a value refers to it by a 4-byte
//! [`NameId`].
//!
//! Lowering names about half of all values, mostly with a handful of
//! strings (`add`, `sub`, a variable's name): a string per value would be
//! millions of allocations on a large program, and a fat pointer in every
//! `ValueData` would double the size of the array every pass walks.
//!
//! The table is a [`StringTable`]; the front end's identifiers use one
//! too, with their own id type.

use std::num::NonZeroU32;

use crate::string_table::StringTable;

/// A hint in a [`NameHints`] table (never zero, so `Option<NameId>` is
/// four bytes).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct NameId(NonZeroU32);

impl NameId {
    fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}

/// The distinct hint strings of one function, in the order first seen.
#[derive(Clone, Debug, Default)]
pub struct NameHints {
    strings: StringTable,
}

impl NameHints {
    /// The id of `hint`, adding it if it is new.
    pub fn intern(&mut self, hint: &str) -> NameId {
        let number = self.strings.intern(hint);
        NameId(NonZeroU32::new(number + 1).expect("fewer than 2^32 - 1 name hints"))
    }

    /// Room for `additional` more hints.
    pub fn reserve(&mut self, additional: usize) {
        self.strings.reserve(additional);
    }

    pub fn get(&self, id: NameId) -> &str {
        self.strings.get(id.0.get() - 1)
    }

    /// Adds every hint of `other` (another function's table), and returns
    /// how `other`'s ids translate to this table's: for copying many
    /// values at once (the inliner) without hashing a string per value.
    pub fn import(&mut self, other: &NameHints) -> ImportedNames {
        ImportedNames(other.strings.iter().map(|s| self.intern(s)).collect())
    }
}

/// Another table's ids translated to this one's (see [`NameHints::import`]).
pub struct ImportedNames(Vec<NameId>);

impl ImportedNames {
    pub fn get(&self, id: NameId) -> NameId {
        self.0[id.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::NameHints;

    #[test]
    fn equal_hints_share_one_id() {
        let mut hints = NameHints::default();
        let add = hints.intern("add");
        let i = hints.intern("i");
        assert_eq!(hints.intern("add"), add);
        assert_ne!(add, i);
        assert_eq!(hints.get(add), "add");
        assert_eq!(hints.get(i), "i");
        assert_eq!(std::mem::size_of::<Option<super::NameId>>(), 4);
    }

    #[test]
    fn imported_ids_name_the_same_strings() {
        let mut callee = NameHints::default();
        let x = callee.intern("x");
        let add = callee.intern("add");
        let mut caller = NameHints::default();
        caller.intern("add");
        let imported = caller.import(&callee);
        assert_eq!(caller.get(imported.get(x)), "x");
        assert_eq!(caller.get(imported.get(add)), "add");
        assert_eq!(imported.get(add), caller.intern("add"));
    }
}
