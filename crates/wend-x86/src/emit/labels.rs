//! Labels and symbols: how GAS spells a name (quoted unless made of plain
//! symbol characters), the labels of blocks, of string constants and of
//! out-of-line code.

use cranelift_entity::SecondaryMap;
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt::Write;
use wend_ir::print::for_each_block_name;
use wend_ir::{Block, FuncId, Function, Module};

/// A symbol as GAS accepts it: quoted unless made of plain symbol characters.
pub fn symbol(name: &str) -> String {
    let mut out = String::new();
    push_symbol(&mut out, name);
    out
}

/// Appends [`symbol`]`(name)` to `out`.
pub(super) fn push_symbol(out: &mut String, name: &str) {
    if !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.$".contains(c))
    {
        out.push_str(name);
    } else {
        out.push('"');
        for c in name.chars() {
            if matches!(c, '\\' | '"') {
                out.push('\\');
            }
            out.push(c);
        }
        out.push('"');
    }
}

/// Numbers the labels of out-of-line code (`.Ldivm1_<n>`) across all the
/// functions of one assembly file. Such a label has no `.` after `.L`,
/// so it cannot be a block's (`.L<function>.<block>`) or a string's.
#[derive(Debug, Default)]
pub struct LocalLabels {
    next: u32,
}

impl LocalLabels {
    /// A number no other out-of-line label of the file has.
    pub(super) fn take(&mut self) -> u32 {
        self.next += 1;
        self.next - 1
    }

    /// How many numbers were taken so far.
    pub(super) fn taken(&self) -> u32 {
        self.next
    }
}

/// The label of string constant `k`.
pub fn string_label(k: usize) -> String {
    format!(".Lstr.{k}")
}

/// The label of each block of `func` (after edge splitting, before
/// instruction selection: the names are the IR printer's), `.L<function>.<block>`.
///
/// That alone can be ambiguous: the function `f.g` with block `h` and the
/// function `f` with block `g.h` (an inlined copy of `f.g`'s block) both
/// give `.Lf.g.h`. So when another function's name extends this one's or
/// is extended by it (`may_collide`), `used_labels` holds the labels of
/// the functions emitted before into the same file, and a label already
/// taken gets a numeric suffix. Other functions' labels cannot clash with
/// anything and skip the bookkeeping.
pub fn block_labels(
    func: &Function,
    may_collide: bool,
    used_labels: &mut FxHashSet<String>,
) -> BlockLabels {
    let mut labels = BlockLabels {
        text: String::new(),
        spans: SecondaryMap::with_capacity(func.blocks.len()),
    };
    let mut text = String::new();
    for_each_block_name(func, |b, name| {
        text.clear();
        write!(text, ".L{}.{name}", func.name).unwrap();
        let start = labels.text.len();
        push_symbol(&mut labels.text, &text);
        if may_collide {
            let mut n = 1;
            while used_labels.contains(&labels.text[start..]) {
                text.clear();
                write!(text, ".L{}.{name}.{n}", func.name).unwrap();
                labels.text.truncate(start);
                push_symbol(&mut labels.text, &text);
                n += 1;
            }
            used_labels.insert(labels.text[start..].to_string());
        }
        labels.spans[b] = (start, labels.text.len());
    });
    labels
}

/// The labels of one function's blocks ([`block_labels`]), all in one
/// string, rather than two `String`s per block (the printer's name, then
/// the label), each an allocation and fresh memory to fault in.
pub struct BlockLabels {
    text: String,
    /// Where each block's label lies in `text`. Offsets are `usize`: a
    /// long function name repeated in every label can take the text past
    /// 4 GiB, where `u32` offsets would silently name the wrong block.
    spans: SecondaryMap<Block, (usize, usize)>,
}

impl std::ops::Index<Block> for BlockLabels {
    type Output = str;

    fn index(&self, b: Block) -> &str {
        let (start, end) = self.spans[b];
        &self.text[start..end]
    }
}

/// For each function, whether another function's name is its name
/// followed by `.` and more, or the other way round: then their block
/// labels may clash (see [`block_labels`]).
///
/// The part of each name before each of its `.`s is looked up among the
/// names, by a hash extended a byte at a time along the name, so each name
/// is read once: hashing each such prefix on its own would read a name once
/// per dot in it, cubic in the nesting depth (a function nested 1000 deep
/// has a 1000-part name).
/// Names are compared by their 64-bit hashes alone: two different names
/// with one hash only cost the functions involved the careful labelling
/// they did not need.
pub fn label_prefix_clashes(module: &Module) -> SecondaryMap<FuncId, bool> {
    fn hash_step(hash: u64, byte: u8) -> u64 {
        (hash.rotate_left(5) ^ u64::from(byte)).wrapping_mul(0x517c_c1b7_2722_0a95)
    }
    let mut clashes = SecondaryMap::new();
    let mut by_hash: FxHashMap<u64, FuncId> = FxHashMap::default();
    for (id, func) in module.definitions() {
        let hash = func.name.bytes().fold(0, hash_step);
        if let Some(other) = by_hash.insert(hash, id) {
            clashes[id] = true;
            clashes[other] = true;
        }
    }
    for (id, func) in module.definitions() {
        let mut hash = 0;
        for byte in func.name.bytes() {
            if byte == b'.' {
                if let Some(&prefix) = by_hash.get(&hash) {
                    clashes[id] = true;
                    clashes[prefix] = true;
                }
            }
            hash = hash_step(hash, byte);
        }
    }
    clashes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Module {
        wend_ir::read::parse_module(text).expect("valid IR")
    }

    #[test]
    fn label_prefix_clashes_pair_each_name_with_the_names_under_it() {
        let names = [
            "main", "main.f", "main.f.g", "a", "a-b", "a.b", "x.y", "p", "p.q.r",
        ];
        let text: String = names
            .iter()
            .map(|n| format!("define void @{n}() {{\nentry:\n  ret void\n}}\n"))
            .collect();
        let module = parse(&text);
        let clashes = label_prefix_clashes(&module);
        let got: Vec<&str> = module
            .definitions()
            .filter(|&(id, _)| clashes[id])
            .map(|(_, f)| f.name.as_str())
            .collect();
        // `a-b` is under no other name (a `-` is not a `.`); `x.y` has no
        // function `x`; `p.q.r` is under `p` though `p.q` is not a
        // function.
        assert_eq!(
            got,
            ["main", "main.f", "main.f.g", "a", "a.b", "p", "p.q.r"]
        );
    }

    #[test]
    fn block_labels_are_the_printers_names_with_the_function() {
        let module = parse(
            "define void @f() {\nentry:\n  br label %a\na:\n  br label %a1\na1:\n  ret void\n}\n",
        );
        let (_, f) = module.definitions().next().unwrap();
        let labels = block_labels(f, false, &mut FxHashSet::default());
        let got: Vec<&str> = f.layout.iter().map(|&b| &labels[b]).collect();
        assert_eq!(got, [".Lf.entry", ".Lf.a", ".Lf.a1"]);
    }

    #[test]
    fn block_labels_taken_by_an_earlier_function_get_a_suffix() {
        let module = parse("define void @f() {\nentry:\n  br label %g.h\ng.h:\n  ret void\n}\n");
        let (_, f) = module.definitions().next().unwrap();
        let mut used: FxHashSet<String> = [".Lf.g.h", ".Lf.g.h.1"]
            .into_iter()
            .map(String::from)
            .collect();
        let labels = block_labels(f, true, &mut used);
        let got: Vec<&str> = f.layout.iter().map(|&b| &labels[b]).collect();
        assert_eq!(got, [".Lf.entry", ".Lf.g.h.2"]);
        assert!(used.contains(".Lf.entry") && used.contains(".Lf.g.h.2"));
    }

    #[test]
    fn symbols_outside_the_plain_characters_are_quoted() {
        assert_eq!(symbol("main"), "main");
        assert_eq!(symbol(".Lf.while.cond3"), ".Lf.while.cond3");
        assert_eq!(symbol("9lives"), "\"9lives\"");
        assert_eq!(symbol(r#"a"b\c"#), r#""a\"b\\c""#);
        assert_eq!(symbol(""), "\"\"");
    }
}
