//! Identifier interning: every distinct name in a program is stored once
//! and stands for itself as a small [`Symbol`].
//!
//! The parser interns every identifier token before it builds the tree, so
//! the tree holds no per-use `String`s, and semantic analysis compares
//! names as integers and indexes its per-name tables with them (scope
//! lookups are the hot path on large programs). This is the classic
//! compiler string table, like rustc's `Symbol`.

use wend_ir::string_table::StringTable;

/// An interned name: an index into its program's [`Interner`]. Two symbols
/// of one interner are equal exactly when their names are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symbol(u32);

impl Symbol {
    /// The symbol's number: symbols are dense, from 0, so they can index
    /// per-name tables directly.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The names of one program, each stored once, indexed by [`Symbol`].
/// The table is wend-ir's (a string table knows nothing of either side);
/// a [`Symbol`] keeps source names apart from IR name hints.
#[derive(Clone, Debug, Default)]
pub struct Interner {
    names: StringTable,
}

impl Interner {
    /// The symbol of `name`, adding it on first sight.
    pub fn intern(&mut self, name: &str) -> Symbol {
        Symbol(self.names.intern(name))
    }

    /// The number of distinct names.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The name `symbol` stands for.
    pub fn name(&self, symbol: Symbol) -> &str {
        self.names.get(symbol.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_name_same_symbol() {
        let mut names = Interner::default();
        let x = names.intern("x");
        let y = names.intern("y");
        assert_ne!(x, y);
        assert_eq!(names.intern("x"), x);
        assert_eq!(names.name(y), "y");
    }
}
