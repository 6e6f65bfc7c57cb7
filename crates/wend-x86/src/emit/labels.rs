//! Labels and symbols: how GAS spells a name (quoted unless made of plain
//! symbol characters), the labels of blocks, of string constants and of
//! out-of-line code.

use cranelift_entity::SecondaryMap;
use wend_ir::print::for_each_block_name;
use wend_ir::{Block, Function};

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
/// so it cannot be a block's ([`block_label`]) or a string's.
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

/// The label of block `block` of function `function`:
/// `.L<function>..<block>`, such as `.Lmain.fib..if.then`.
///
/// Both names may hold dots (`main.fib` is nested in `main`; `if.then`, or
/// `fib.if.then` for a block the inliner copied from `main.fib` into
/// `main`), so one `.` between them would be ambiguous: the function `f.g`
/// with block `h` and the function `f` with block `g.h` would both be
/// `.Lf.g.h`. No function part (see `push_function_part`) holds `..` or ends in
/// `.`, so the first `..` of a label ends its function part: labels of
/// different functions differ, and labels of one function differ as its
/// block names do. Every other label of the file (strings, out-of-line
/// code, the runtime's, debug information's) has no `..`.
pub fn block_label(function: &str, block: &str) -> String {
    let mut text = String::new();
    push_block_label_text(&mut text, function, block);
    symbol(&text)
}

/// Appends the unquoted text of [`block_label`] to `out`.
fn push_block_label_text(out: &mut String, function: &str, block: &str) {
    out.push_str(".L");
    push_function_part(out, function);
    out.push_str("..");
    out.push_str(block);
}

/// A function's name as the part of its block labels before `..`: the name
/// itself, unless it holds `..`, ends in `.` or holds `$` (never so for a
/// wend program's functions, only for IR written by hand); then each `$`
/// is written `$$` and each `.` is `$d`, which keeps such parts apart from
/// each other and from the plain names (which have no `$`).
fn push_function_part(out: &mut String, name: &str) {
    if !name.contains("..") && !name.ends_with('.') && !name.contains('$') {
        out.push_str(name);
        return;
    }
    for c in name.chars() {
        match c {
            '$' => out.push_str("$$"),
            '.' => out.push_str("$d"),
            c => out.push(c),
        }
    }
}

/// The labels of `func`'s blocks ([`block_label`]), named after edge
/// splitting and before instruction selection (the block names are the IR
/// printer's).
pub fn block_labels(func: &Function) -> BlockLabels {
    let mut labels = BlockLabels {
        text: String::new(),
        spans: SecondaryMap::with_capacity(func.blocks.len()),
    };
    let mut stem = String::new();
    push_block_label_text(&mut stem, &func.name, "");
    let mut text = String::new();
    for_each_block_name(func, |b, name| {
        text.clear();
        text.push_str(&stem);
        text.push_str(name);
        let start = labels.text.len();
        push_symbol(&mut labels.text, &text);
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn block_labels_are_the_printers_names_after_the_function() {
        let module = wend_ir::read::parse_module(
            "define void @f() {\nentry:\n  br label %a\na:\n  br label %a1\na1:\n  ret void\n}\n",
        )
        .expect("valid IR");
        let (_, f) = module.definitions().next().unwrap();
        let labels = block_labels(f);
        let got: Vec<&str> = f.layout.iter().map(|&b| &labels[b]).collect();
        assert_eq!(got, [".Lf..entry", ".Lf..a", ".Lf..a1"]);
    }

    #[test]
    fn a_nested_function_and_an_inlined_copy_of_its_block_differ() {
        // `main.fib`'s block `if.then`, and the copy the inliner makes of
        // it in `main`, named `fib.if.then`.
        assert_eq!(block_label("main.fib", "if.then"), ".Lmain.fib..if.then");
        assert_eq!(block_label("main", "fib.if.then"), ".Lmain..fib.if.then");
    }

    #[test]
    fn names_that_could_end_the_function_part_early_are_escaped() {
        assert_eq!(block_label("a..b", "c"), ".La$d$db..c");
        assert_eq!(block_label("a.", "c"), ".La$d..c");
        assert_eq!(block_label("a$d", "c"), ".La$$d..c");
        assert_eq!(block_label("x y", "c"), "\".Lx y..c\"");
    }

    /// Every pair (function, block) of names over an alphabet of the
    /// characters that matter gets its own label, and every label has the
    /// `..` no other label of the file has.
    #[test]
    fn block_labels_are_unambiguous() {
        let mut names = vec![String::new()];
        for len in 1..=4 {
            let shorter: Vec<String> = names
                .iter()
                .filter(|n| n.len() == len - 1)
                .cloned()
                .collect();
            for n in shorter {
                for c in ['a', '.', '$', 'd'] {
                    names.push(format!("{n}{c}"));
                }
            }
        }
        let mut seen: HashMap<String, (&str, &str)> = HashMap::new();
        for f in &names {
            for b in &names {
                let label = block_label(f, b);
                assert!(label.contains(".."), "{label}");
                if let Some(other) = seen.insert(label.clone(), (f, b)) {
                    panic!("{label}: both {other:?} and {:?}", (f, b));
                }
            }
        }
    }

    #[test]
    fn symbols_outside_the_plain_characters_are_quoted() {
        assert_eq!(symbol("main"), "main");
        assert_eq!(symbol(".Lf..while.cond3"), ".Lf..while.cond3");
        assert_eq!(symbol("9lives"), "\"9lives\"");
        assert_eq!(symbol(r#"a"b\c"#), r#""a\"b\\c""#);
        assert_eq!(symbol(""), "\"\"");
    }
}
