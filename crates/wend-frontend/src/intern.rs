//! Identifier interning: every distinct name in a program is stored once
//! and stands for itself as a small [`Symbol`].
//!
//! The parser interns every identifier token before it builds the tree, so
//! the tree holds no per-use `String`s, and semantic analysis compares
//! names as integers and indexes its per-name tables with them (scope
//! lookups are the hot path on large programs). This is the classic
//! compiler string table, like rustc's `Symbol`.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

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
#[derive(Clone, Debug, Default)]
pub struct Interner {
    /// Each name, by symbol.
    names: Vec<Box<str>>,
    /// The symbol of each name, found by hashing the name. FxHash is much
    /// faster than the default SipHash on short keys, and names are not
    /// attacker-controlled hash keys that need DoS resistance here.
    table: HashTable<Entry>,
}

/// A hash-table entry: a symbol, with a copy of its name when the name is
/// short (most are). A lookup in a program with very many names misses the
/// cache at every step; with the name beside the symbol, comparing it
/// costs no further miss into `names`.
#[derive(Clone, Copy, Debug)]
struct Entry {
    symbol: Symbol,
    /// The name's length if it is at most [`INLINE`] bytes, else [`LONG`].
    len: u8,
    /// The name's bytes, if short, padded with zeros.
    inline: [u8; INLINE],
}

/// The longest name an [`Entry`] holds itself (the entry is 16 bytes).
const INLINE: usize = 11;
const LONG: u8 = u8::MAX;

impl Entry {
    fn new(symbol: Symbol, name: &str) -> Entry {
        let mut inline = [0; INLINE];
        let len = match inline.get_mut(..name.len()) {
            Some(prefix) => {
                prefix.copy_from_slice(name.as_bytes());
                name.len() as u8
            }
            None => LONG,
        };
        Entry {
            symbol,
            len,
            inline,
        }
    }

    /// The entry's name: its own copy if short, else from `names`.
    fn name<'a>(&'a self, names: &'a [Box<str>]) -> &'a [u8] {
        match self.inline.get(..usize::from(self.len)) {
            Some(short) => short,
            None => names[self.symbol.index()].as_bytes(),
        }
    }

    fn is(&self, name: &str, names: &[Box<str>]) -> bool {
        if self.len == LONG {
            name.len() > INLINE && *names[self.symbol.index()] == *name
        } else {
            usize::from(self.len) == name.len() && self.inline[..name.len()] == *name.as_bytes()
        }
    }
}

impl Interner {
    /// The symbol of `name`, adding it on first sight.
    pub fn intern(&mut self, name: &str) -> Symbol {
        let hash = FxBuildHasher.hash_one(name.as_bytes());
        let names = &self.names;
        if let Some(entry) = self.table.find(hash, |e| e.is(name, names)) {
            return entry.symbol;
        }
        let index = u32::try_from(self.names.len()).expect("fewer than 2^32 distinct names");
        let symbol = Symbol(index);
        self.names.push(name.into());
        let names = &self.names;
        // Growing the table rehashes every entry: from its own copy of the
        // name, for most, which costs no read elsewhere.
        self.table
            .insert_unique(hash, Entry::new(symbol, name), |e| {
                FxBuildHasher.hash_one(e.name(names))
            });
        symbol
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
        &self.names[symbol.index()]
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

    #[test]
    fn long_and_short_names_around_the_inline_limit() {
        let mut names = Interner::default();
        let words: Vec<String> = (0..40).map(|n| "n".repeat(n + 1)).collect();
        let symbols: Vec<Symbol> = words.iter().map(|w| names.intern(w)).collect();
        // Enough names for the table to grow (rehash) several times.
        for n in 0..1000 {
            names.intern(&format!("name_{n}_long_enough_to_be_stored_apart"));
        }
        for (word, &symbol) in words.iter().zip(&symbols) {
            assert_eq!(names.intern(word), symbol);
            assert_eq!(names.name(symbol), word);
        }
        assert_eq!(names.len(), 1040);
        // A name differing only past the inline bytes is another name.
        let a = names.intern("abcdefghijk_a");
        let b = names.intern("abcdefghijk_b");
        assert_ne!(a, b);
        assert_eq!(names.intern("abcdefghijk"), names.intern("abcdefghijk"));
        assert_ne!(names.intern("abcdefghijk"), a);
    }
}
