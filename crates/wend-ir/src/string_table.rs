//! A string table: every distinct string is stored once and numbered
//! densely from 0 in the order first seen, the classic compiler string
//! table. The IR's name hints ([`crate::name_hints`]) and the front end's
//! identifiers are both built on it.
//!
//! Huge programs intern hundreds of thousands of distinct names in random
//! order, and every step of a hash-table lookup is then a cache miss. So
//! an entry of the table carries a copy of its string when the string is
//! short (most names are): finding and comparing a name reads the table
//! only, and growing the table rehashes most entries without reading the
//! strings either.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

/// Distinct strings, numbered from 0.
#[derive(Clone, Debug, Default)]
pub struct StringTable {
    /// Each string, by number.
    strings: Vec<Box<str>>,
    /// The number of each string, found by hashing it. FxHash is much
    /// faster than the default SipHash on short keys, and names are not
    /// attacker-controlled keys that need DoS resistance here.
    table: HashTable<Entry>,
}

/// A hash-table entry: a string's number, with a copy of the string when
/// it is short.
#[derive(Clone, Copy, Debug)]
struct Entry {
    number: u32,
    /// The string's length if it is at most [`INLINE`] bytes, else [`LONG`].
    len: u8,
    /// The string's bytes, if short, padded with zeros.
    inline: [u8; INLINE],
}

/// The longest string an [`Entry`] holds itself (the entry is 16 bytes).
const INLINE: usize = 11;
const LONG: u8 = u8::MAX;

impl Entry {
    fn new(number: u32, s: &str) -> Entry {
        let mut inline = [0; INLINE];
        let len = match inline.get_mut(..s.len()) {
            Some(prefix) => {
                prefix.copy_from_slice(s.as_bytes());
                s.len() as u8
            }
            None => LONG,
        };
        Entry {
            number,
            len,
            inline,
        }
    }

    /// The entry's string: its own copy if short, else from `strings`.
    fn bytes<'a>(&'a self, strings: &'a [Box<str>]) -> &'a [u8] {
        match self.inline.get(..usize::from(self.len)) {
            Some(short) => short,
            None => strings[self.number as usize].as_bytes(),
        }
    }

    fn is(&self, s: &str, strings: &[Box<str>]) -> bool {
        if self.len == LONG {
            s.len() > INLINE && *strings[self.number as usize] == *s
        } else {
            usize::from(self.len) == s.len() && self.inline[..s.len()] == *s.as_bytes()
        }
    }
}

impl StringTable {
    /// The number of `s`, adding it on first sight.
    pub fn intern(&mut self, s: &str) -> u32 {
        let hash = FxBuildHasher.hash_one(s.as_bytes());
        let strings = &self.strings;
        if let Some(entry) = self.table.find(hash, |e| e.is(s, strings)) {
            return entry.number;
        }
        let number = u32::try_from(self.strings.len()).expect("fewer than 2^32 strings");
        self.strings.push(s.into());
        let strings = &self.strings;
        self.table.insert_unique(hash, Entry::new(number, s), |e| {
            FxBuildHasher.hash_one(e.bytes(strings))
        });
        number
    }

    /// The string numbered `number`.
    pub fn get(&self, number: u32) -> &str {
        &self.strings[number as usize]
    }

    /// The number of distinct strings.
    pub fn len(&self) -> usize {
        self.strings.len()
    }

    pub fn is_empty(&self) -> bool {
        self.strings.is_empty()
    }

    /// The strings in the order of their numbers.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.strings.iter().map(|s| &**s)
    }
}

#[cfg(test)]
mod tests {
    use super::StringTable;

    #[test]
    fn same_string_same_number() {
        let mut table = StringTable::default();
        let x = table.intern("x");
        let y = table.intern("y");
        assert_eq!((x, y), (0, 1));
        assert_eq!(table.intern("x"), x);
        assert_eq!(table.get(y), "y");
        assert_eq!(table.len(), 2);
    }

    #[test]
    fn long_and_short_strings_around_the_inline_limit() {
        let mut table = StringTable::default();
        let words: Vec<String> = (0..40).map(|n| "n".repeat(n + 1)).collect();
        let numbers: Vec<u32> = words.iter().map(|w| table.intern(w)).collect();
        // Enough strings for the table to grow (rehash) several times.
        for n in 0..1000 {
            table.intern(&format!("name_{n}_long_enough_to_be_stored_apart"));
        }
        for (word, &number) in words.iter().zip(&numbers) {
            assert_eq!(table.intern(word), number);
            assert_eq!(table.get(number), word);
        }
        assert_eq!(table.len(), 1040);
        // Strings differing only past the inline bytes are different.
        let a = table.intern("abcdefghijk_a");
        let b = table.intern("abcdefghijk_b");
        assert_ne!(a, b);
        let eleven = table.intern("abcdefghijk");
        assert_eq!(table.intern("abcdefghijk"), eleven);
        assert_ne!(eleven, a);
        assert_eq!(table.iter().count(), 1043);
    }
}
