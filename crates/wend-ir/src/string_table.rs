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
//!
//! Programs of many small functions have hundreds of thousands of tiny
//! tables (each function's name hints): their strings share one buffer,
//! and a table of at most [`LINEAR`] strings has no hash table at all.
//!
//! A table that is only read once built keeps just its [`StringList`]
//! ([`StringTable::into_list`]): the front end's identifiers are interned
//! all at once, then only looked up by number.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

/// Distinct strings, numbered from 0.
#[derive(Clone, Debug, Default)]
pub struct StringTable {
    strings: StringList,
    /// The number of each string, found by hashing it; empty while there
    /// are at most [`LINEAR`] strings. FxHash is much faster than the
    /// default SipHash on short keys, and names are not
    /// attacker-controlled keys that need DoS resistance here.
    table: HashTable<Entry>,
}

/// Up to this many strings, a lookup compares with each in turn: as fast
/// as hashing for so few, and an empty hash table takes no memory.
const LINEAR: usize = 8;

/// Strings numbered from 0, one after the other in one buffer: the
/// strings of a table, without the means to find one by its text.
#[derive(Clone, Debug, Default)]
pub struct StringList {
    text: String,
    /// Where each string ends in `text`, by number (it starts where the
    /// one before it ends).
    ends: Vec<u32>,
}

impl StringList {
    /// The string numbered `number`.
    pub fn get(&self, number: u32) -> &str {
        let end = self.ends[number as usize] as usize;
        let start = match number {
            0 => 0,
            _ => self.ends[number as usize - 1] as usize,
        };
        &self.text[start..end]
    }

    /// The number of strings.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Appends `s` (without looking it up: the caller knows it is new) and
    /// returns its number.
    pub fn push(&mut self, s: &str) -> u32 {
        let number = u32::try_from(self.ends.len()).expect("fewer than 2^32 strings");
        self.text.push_str(s);
        let end = u32::try_from(self.text.len()).expect("less than 4 GiB of strings");
        self.ends.push(end);
        number
    }

    /// The strings in the order of their numbers.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        (0..self.len() as u32).map(|n| self.get(n))
    }

    fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
    }
}

fn hash(s: &[u8]) -> u64 {
    FxBuildHasher.hash_one(s)
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
    fn bytes<'a>(&'a self, strings: &'a StringList) -> &'a [u8] {
        match self.inline.get(..usize::from(self.len)) {
            Some(short) => short,
            None => strings.get(self.number).as_bytes(),
        }
    }

    fn is(&self, s: &str, strings: &StringList) -> bool {
        if self.len == LONG {
            s.len() > INLINE && strings.get(self.number) == s
        } else {
            usize::from(self.len) == s.len() && self.inline[..s.len()] == *s.as_bytes()
        }
    }
}

impl StringTable {
    /// The number of `s`, adding it on first sight.
    pub fn intern(&mut self, s: &str) -> u32 {
        let strings = &self.strings;
        if strings.len() <= LINEAR {
            if let Some(number) = (0..strings.len() as u32).find(|&n| strings.get(n) == s) {
                return number;
            }
            let number = self.strings.push(s);
            if self.strings.len() > LINEAR {
                self.build_hash_table();
            }
            return number;
        }
        let hash_of_s = hash(s.as_bytes());
        if let Some(entry) = self.table.find(hash_of_s, |e| e.is(s, strings)) {
            return entry.number;
        }
        let number = self.strings.push(s);
        let strings = &self.strings;
        self.table
            .insert_unique(hash_of_s, Entry::new(number, s), |e| hash(e.bytes(strings)));
        number
    }

    /// Room for `additional` more strings, so that a table about to get
    /// many is not rebuilt at each doubling.
    pub fn reserve(&mut self, additional: usize) {
        self.strings.ends.reserve(additional);
        if self.strings.len() + additional > LINEAR {
            let strings = &self.strings;
            self.table.reserve(additional, |e| hash(e.bytes(strings)));
        }
    }

    /// Hashes the strings added while the table was searched linearly.
    fn build_hash_table(&mut self) {
        let strings = &self.strings;
        for number in 0..strings.len() as u32 {
            let s = strings.get(number);
            self.table
                .insert_unique(hash(s.as_bytes()), Entry::new(number, s), |e| {
                    hash(e.bytes(strings))
                });
        }
    }

    /// The string numbered `number`.
    pub fn get(&self, number: u32) -> &str {
        self.strings.get(number)
    }

    /// The number of distinct strings.
    pub fn len(&self) -> usize {
        self.strings.len()
    }

    pub fn is_empty(&self) -> bool {
        self.strings.len() == 0
    }

    /// The strings in the order of their numbers.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.strings.iter()
    }

    /// Forgets every string, keeping the memory for the next ones.
    pub fn clear(&mut self) {
        self.strings.clear();
        self.table.clear();
    }

    /// The strings, for a table that is complete and will only be read.
    pub fn into_list(self) -> StringList {
        self.strings
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
    fn numbers_survive_the_switch_from_linear_search_to_hashing() {
        let mut table = StringTable::default();
        // Long and short strings, past the linear limit and beyond.
        let words: Vec<String> = (0..3 * super::LINEAR)
            .map(|n| format!("{}{n}", if n % 2 == 0 { "w" } else { "a_long_name_" }))
            .collect();
        for (count, word) in words.iter().enumerate() {
            assert_eq!(table.intern(word), count as u32);
            for (number, earlier) in words[..=count].iter().enumerate() {
                assert_eq!(table.intern(earlier), number as u32, "after {count}");
                assert_eq!(table.get(number as u32), earlier);
            }
            assert_eq!(table.len(), count + 1);
        }
        assert!(table.iter().eq(words.iter().map(String::as_str)));
        assert_eq!(table.intern(""), words.len() as u32);
        assert_eq!(table.get(words.len() as u32), "");
    }

    #[test]
    fn cleared_table_numbers_from_zero_and_list_keeps_the_strings() {
        let mut table = StringTable::default();
        for n in 0..20 {
            table.intern(&format!("s{n}"));
        }
        table.clear();
        assert_eq!(table.len(), 0);
        assert_eq!(table.intern("s5"), 0);
        assert_eq!(table.intern("a_long_name_past_the_inline_bytes"), 1);
        assert_eq!(table.intern("s5"), 0);
        let mut list = table.into_list();
        assert_eq!(list.push("s0"), 2);
        assert_eq!(list.get(1), "a_long_name_past_the_inline_bytes");
        assert!(list
            .iter()
            .eq(["s5", "a_long_name_past_the_inline_bytes", "s0"]));
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
