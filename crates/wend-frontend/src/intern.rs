//! Identifier interning: every distinct name in a program is stored once
//! and stands for itself as a small [`Symbol`].
//!
//! The parser interns every identifier token before it builds the tree, so
//! the tree holds no per-use `String`s, and semantic analysis compares
//! names as integers and indexes its per-name tables with them (scope
//! lookups are the hot path on large programs). This is the classic
//! compiler string table, like rustc's `Symbol`. Symbols are numbered in
//! the order the names first appear in the source.
//!
//! # Interning all at once, in cache-sized partitions
//!
//! A program's identifiers are interned in one go ([`Interner::intern_all`]),
//! which allows doing it in an order that suits the memory: looking names
//! up one by one in a single hash table costs a cache miss per lookup once
//! the table outgrows the cache, and the names of a program come in no
//! useful order.
//!
//! So once the names seen so far would no longer fit a table of
//! [`CACHED_NAMES`], the rest of the identifiers are *partitioned* by a
//! few bits of their names' hash (radix partitioning, as databases do for
//! hash joins: Manegold, Boncz and Kersten, "Optimizing main-memory join on
//! modern hardware", IEEE TKDE 2002). Every occurrence of a name falls into
//! the same partition, so each partition can be interned on its own, in a
//! table small enough for the cache:
//!
//! 1. find each identifier's partition, and count them per partition;
//! 2. copy each identifier into its partition's range of one array (in
//!    source order within the range): its text if it is short (up to 15
//!    bytes, most names), else its span;
//! 3. intern each partition in a table of its own, seeded with the names
//!    numbered so far that belong to it; a name first seen here gets a
//!    provisional number;
//! 4. walk the identifiers in source order once more, taking each one's
//!    number from the front of its partition's range, and give each new
//!    name its final number where it first appears: the numbering is the
//!    one a single table would give.
//!
//! Every step reads and writes memory in order, but for the source text of
//! long names in step 3, which is asked for ahead of time ([`prefetch`])
//! so that the trips to memory overlap, and a table of 4 bytes per new
//! name in step 4. Below [`CACHED_NAMES`] names nothing changes.

use wend_ir::prefetch::prefetch;
use wend_ir::string_table::{StringList, StringTable};

use crate::lexer::{Tok, Token};
use crate::span::Span;

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
/// The list is wend-ir's (a string table knows nothing of either side);
/// a [`Symbol`] keeps source names apart from IR name hints.
#[derive(Clone, Debug, Default)]
pub struct Interner {
    names: StringList,
}

/// Up to this many distinct names, one table serves every lookup: its
/// 16-byte entries, at most 7/8 full, take 2 MiB, which mostly stays in
/// the last-level cache. Beyond, the rest is interned by partitions.
const CACHED_NAMES: usize = 64 * 1024;

/// The identifiers per partition aimed at: the names of a partition then
/// fit a table of 256 KiB, in a core's second-level cache, even if most
/// identifiers are new names.
const IDENTS_PER_PARTITION: usize = 8 * 1024;

/// The most partitions: the counts and write positions of this many stay
/// in the first-level cache while identifiers are distributed.
const MAX_PARTITIONS: usize = 1024;

/// Marks a provisional number (a name first seen in the partitioned part,
/// numbered by partition) in the symbols being built. Final numbers stay
/// below it: each name takes at least two of the source's at most 2^32
/// bytes (itself and something that ends it).
const PROVISIONAL: u32 = 1 << 31;

impl Interner {
    /// Interns the identifiers among `tokens` (tokens of `src`): the
    /// program's names, and the symbol of each identifier token in order.
    pub fn intern_all(src: &str, tokens: &[Token]) -> (Interner, Vec<Symbol>) {
        let text = |token: &Token| token.text(src);
        // Room for a symbol per token: more than needed, but capacity that
        // is never written is only address space.
        let mut symbols = Vec::with_capacity(tokens.len());
        let mut first_names = StringTable::default();
        // One table for as long as it fits the cache.
        let mut rest = tokens;
        while let [token, after @ ..] = rest {
            if token.tok == Tok::Ident {
                if first_names.len() == CACHED_NAMES {
                    break;
                }
                symbols.push(first_names.intern(text(token)));
            }
            rest = after;
        }
        let mut names = first_names.into_list();
        if !rest.is_empty() {
            intern_partitioned(src, rest, &mut names, &mut symbols);
        }
        let symbols = symbols.into_iter().map(Symbol).collect();
        (Interner { names }, symbols)
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

/// Interns the identifiers among `tokens` (tokens of `src`) by partitions,
/// appending their numbers to `symbols`; `names` holds the names numbered
/// so far and gains the new ones.
fn intern_partitioned(src: &str, tokens: &[Token], names: &mut StringList, symbols: &mut Vec<u32>) {
    let idents = || tokens.iter().filter(|t| t.tok == Tok::Ident);

    // 1. Each identifier's partition, and where each partition's range
    //    starts.
    let count = idents().count();
    let partitions = (count / IDENTS_PER_PARTITION)
        .next_power_of_two()
        .clamp(1, MAX_PARTITIONS);
    let mut partition_of = Vec::with_capacity(count);
    let mut starts = vec![0usize; partitions + 1];
    for token in idents() {
        let p = partition(token.text(src), partitions);
        partition_of.push(p as u16);
        starts[p + 1] += 1;
    }
    for p in 0..partitions {
        starts[p + 1] += starts[p];
    }

    // 2. Each identifier into its partition's range of `by_partition`, in
    //    source order within the range, its text copied if short: step 3
    //    then reads its partition's names in order, not all over the
    //    source.
    let mut next = starts.clone();
    let mut by_partition = vec![CopiedName::default(); count];
    for (token, &p) in idents().zip(&partition_of) {
        by_partition[next[p as usize]] = CopiedName::new(src, token.span);
        next[p as usize] += 1;
    }

    // 3. Each partition in a table of its own, which numbers its names in
    //    the order met; `numbers` maps the table's number to the name's
    //    final number if it was numbered before, else to a provisional
    //    one: PROVISIONAL plus the count of new names met before it. The
    //    number of each identifier goes to `interned`, in the order of
    //    `by_partition`.
    let mut seeds = vec![Vec::new(); partitions];
    for number in 0..names.len() as u32 {
        seeds[partition(names.get(number), partitions)].push(number);
    }
    let mut table = StringTable::default();
    let mut numbers: Vec<u32> = Vec::new();
    let mut new_names = 0u32;
    let mut interned = Vec::with_capacity(count);
    for p in 0..partitions {
        table.clear();
        numbers.clear();
        for &number in &seeds[p] {
            table.intern(names.get(number));
            numbers.push(number);
        }
        let range = starts[p]..starts[p + 1];
        for i in range.clone() {
            // A long name is read from the source, asked for ahead of time.
            if let Some(ahead) = by_partition[..range.end].get(i + PREFETCH_AHEAD) {
                if let Some(span) = ahead.long_name_span() {
                    prefetch(&src.as_bytes()[span.start]);
                }
            }
            let in_table = table.intern(by_partition[i].text(src)) as usize;
            if in_table == numbers.len() {
                numbers.push(PROVISIONAL | new_names);
                new_names += 1;
            }
            interned.push(numbers[in_table]);
        }
    }
    drop(by_partition);

    // 4. Back to source order, taking each identifier's number from the
    //    front of its partition's range; each new name gets its final
    //    number where it first appears.
    let mut final_numbers = vec![u32::MAX; new_names as usize];
    let mut next = starts;
    for (token, &p) in idents().zip(&partition_of) {
        let mut number = interned[next[p as usize]];
        next[p as usize] += 1;
        if number & PROVISIONAL != 0 {
            let new = (number & !PROVISIONAL) as usize;
            if final_numbers[new] == u32::MAX {
                final_numbers[new] = names.push(token.text(src));
                assert!(final_numbers[new] < PROVISIONAL, "see PROVISIONAL");
            }
            number = final_numbers[new];
        }
        symbols.push(number);
    }
}

/// How many identifiers ahead of the one being interned the source text of
/// a long name is asked for (see [`prefetch`]).
const PREFETCH_AHEAD: usize = 16;

/// An identifier of the partitioned part, as step 2 files it: its text
/// copied if it has at most [`COPIED`] bytes (most names), else where it
/// is in the source (`len` is then [`LONG_NAME`]).
#[derive(Clone, Copy, Default)]
struct CopiedName {
    len: u8,
    bytes: [u8; COPIED],
}

const COPIED: usize = 15;
const LONG_NAME: u8 = u8::MAX;

impl CopiedName {
    fn new(src: &str, span: Span) -> CopiedName {
        let name = &src.as_bytes()[span.start()..span.end()];
        let mut bytes = [0; COPIED];
        let len = match bytes.get_mut(..name.len()) {
            Some(prefix) => {
                prefix.copy_from_slice(name);
                name.len() as u8
            }
            None => {
                // Sources have less than 4 GiB (the driver refuses more).
                bytes[..4].copy_from_slice(&(span.start() as u32).to_le_bytes());
                bytes[4..8].copy_from_slice(&(span.end() as u32).to_le_bytes());
                LONG_NAME
            }
        };
        CopiedName { len, bytes }
    }

    /// Where a long name is in the source; `None` for a copied one.
    fn long_name_span(&self) -> Option<std::ops::Range<usize>> {
        (self.len == LONG_NAME).then(|| {
            let word = |at: usize| u32::from_le_bytes(self.bytes[at..at + 4].try_into().unwrap());
            word(0) as usize..word(4) as usize
        })
    }

    /// The identifier's text (`src` is the source it was filed from).
    fn text<'a>(&'a self, src: &'a str) -> &'a str {
        match self.long_name_span() {
            None => std::str::from_utf8(&self.bytes[..usize::from(self.len)])
                .expect("a whole identifier is copied"),
            Some(span) => &src[span],
        }
    }
}

/// The partition of `name`, one of `partitions` (a power of two): the top
/// bits of its hash, mixed so as to be independent of the bits the
/// partition's own table uses.
fn partition(name: &str, partitions: usize) -> usize {
    use std::hash::BuildHasher;
    let hash = rustc_hash::FxBuildHasher.hash_one(name.as_bytes());
    let mixed = hash.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    match partitions.trailing_zeros() {
        0 => 0,
        bits => (mixed >> (64 - bits)) as usize,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexer::lex;

    fn intern(src: &str) -> (Interner, Vec<Symbol>) {
        let (tokens, errors) = lex(src);
        assert!(errors.is_empty());
        Interner::intern_all(src, &tokens)
    }

    /// Interns by the definition: numbered in order of first appearance.
    fn naive(src: &str) -> (Vec<String>, Vec<u32>) {
        let mut numbers = std::collections::HashMap::new();
        let mut names: Vec<String> = Vec::new();
        let mut symbols = Vec::new();
        for token in lex(src).0.iter().filter(|t| t.tok == Tok::Ident) {
            let name = token.text(src);
            let number = *numbers.entry(name).or_insert_with(|| {
                names.push(name.to_string());
                names.len() as u32 - 1
            });
            symbols.push(number);
        }
        (names, symbols)
    }

    fn check(src: &str) {
        let (interner, symbols) = intern(src);
        let (names, expected) = naive(src);
        assert_eq!(symbols.iter().map(|s| s.0).collect::<Vec<_>>(), expected);
        assert_eq!(interner.len(), names.len());
        for (number, name) in names.iter().enumerate() {
            assert_eq!(interner.name(Symbol(number as u32)), name);
        }
    }

    #[test]
    fn same_name_same_symbol() {
        let (names, symbols) = intern("x + y * x");
        assert_eq!(symbols, [Symbol(0), Symbol(1), Symbol(0)]);
        assert_eq!(names.name(symbols[1]), "y");
        assert_eq!(names.len(), 2);
    }

    #[test]
    fn no_identifiers() {
        check("");
        check("+ - ; 12");
    }

    #[test]
    fn few_names() {
        check("a b c a_long_name_past_the_inline_bytes b a a_long_name_past_the_inline_bytes");
    }

    /// Enough names for several partitions, with names of the first
    /// stretch coming back later, long and short names (around the longest
    /// that partitioning copies), names seen once,
    /// and tokens other than identifiers between them.
    #[test]
    fn many_names_partitioned_as_by_the_definition() {
        let mut src = String::new();
        let mut state = 12345u64;
        for i in 0..IDENTS_PER_PARTITION + 3 * CACHED_NAMES {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let earlier = (state >> 33) as usize % (i + 1);
            src.push_str(&format!("v{i} = v{earlier} + 1;\n"));
            if i % 7 == 0 {
                src.push_str(&format!("a_rather_long_name_{earlier}();\n"));
            }
            if i % 5 == 0 {
                // The longest name copied (15 bytes) and the shortest not.
                src.push_str(&format!("m{earlier:014} m{earlier:015}\n"));
            }
            if i % 1000 == 0 {
                src.push_str("x ");
            }
        }
        check(&src);
    }

    #[test]
    fn around_the_end_of_the_first_stretch() {
        let src: String = (0..CACHED_NAMES).map(|i| format!("n{i} ")).collect();
        check(&src);
        check(&format!("{src} + 1"));
        check(&format!("{src} n0 n1"));
        check(&format!("{src} fresh"));
        check(&format!("{src} n7 fresh n7 fresh"));
    }
}
