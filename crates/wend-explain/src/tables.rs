//! The SSA-construction tables a lecture walks through, per function: each
//! block's immediate dominator, dominators and dominance frontier, where
//! mem2reg places each variable's phis, and where each SSA flavour would
//! (its definitions, their iterated frontier, the phis of each flavour).
//!
//! This is the one implementation behind both `wendc analyze` (as text,
//! [`analyze_text`]) and the explain report (as HTML tables), so the two
//! always agree. The tables are computed on the unoptimised IR (loads and
//! stores of stack slots); the phi placement comes from running mem2reg on
//! a copy, whose phis carry the name of the variable they were made for.

use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::SecondaryMap;
use std::collections::HashMap;
use std::fmt::Write;
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::dom::DomTree;
use wend_ir::analysis::frontier::DominanceFrontiers;
use wend_ir::print::FunctionNames;
use wend_ir::{Block, Function, Module};
use wend_opt::mem2reg::Flavour;

/// Sets of more blocks than this are shown abbreviated, their first and
/// last [`KEPT_AT_EACH_END`] blocks and how many are left out between:
/// in a function of thousands of blocks the dominators of every block
/// together are millions of names (the rest of a block's dominators are
/// its idom's, a row up the chain).
pub const MAX_LISTED: usize = 40;
/// How many blocks an abbreviated set shows at each end.
pub const KEPT_AT_EACH_END: usize = 16;

/// A list of names as shown: all of them (`omitted` is 0), or the first
/// ones, how many are left out, and the last ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listed {
    pub head: Vec<String>,
    pub omitted: usize,
    pub tail: Vec<String>,
}

impl Listed {
    /// `items`, abbreviated if there are more than [`MAX_LISTED`].
    pub fn of<T>(items: &[T], name: impl Fn(&T) -> String) -> Listed {
        if items.len() <= MAX_LISTED {
            return Listed {
                head: items.iter().map(&name).collect(),
                ..Listed::default()
            };
        }
        Listed {
            head: items[..KEPT_AT_EACH_END].iter().map(&name).collect(),
            omitted: items.len() - 2 * KEPT_AT_EACH_END,
            tail: items[items.len() - KEPT_AT_EACH_END..]
                .iter()
                .map(&name)
                .collect(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.head.is_empty() && self.omitted == 0 && self.tail.is_empty()
    }

    /// The items rendered by `item`, with `gap(n)` for the `n` left out,
    /// joined by commas.
    pub fn join(&self, item: impl Fn(&str) -> String, gap: impl Fn(usize) -> String) -> String {
        let mut parts: Vec<String> = self.head.iter().map(|s| item(s)).collect();
        if self.omitted > 0 {
            parts.push(gap(self.omitted));
        }
        parts.extend(self.tail.iter().map(|s| item(s)));
        parts.join(", ")
    }

    /// As `wendc analyze` writes a set: `{a, b, … 12 more …, y, z}`.
    pub fn text(&self) -> String {
        let list = self.join(str::to_string, |n| format!("… {n} more …"));
        format!("{{{list}}}")
    }
}

/// One row of the dominance table, with blocks as their printed labels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockRow {
    pub block: String,
    /// Unreachable blocks have no dominator information.
    pub reachable: bool,
    pub idom: Option<String>,
    /// From the entry down to the block itself.
    pub dominators: Listed,
    pub frontier: Listed,
}

/// The blocks where mem2reg put the phis of one variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhiPlacement {
    pub variable: String,
    pub blocks: Vec<String>,
}

/// Where one promotable variable's phis go in each SSA flavour, and why:
/// the blocks that define it and their iterated dominance frontier, of
/// which each flavour keeps some (`wend_opt::mem2reg::plan`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlavourRow {
    pub variable: String,
    pub defined_in: Listed,
    pub iterated_frontier: Listed,
    /// In the order of [`Flavour::ALL`].
    pub phis: [Listed; 3],
}

/// All tables of one function.
#[derive(Clone, Debug)]
pub struct SsaTables {
    pub function: String,
    /// One row per block, in layout order.
    pub rows: Vec<BlockRow>,
    /// In order of first appearance in the promoted function's layout.
    pub phis: Vec<PhiPlacement>,
    /// One row per promotable variable, in the order of their allocas.
    pub flavours: Vec<FlavourRow>,
    /// How many phis each flavour of [`Flavour::ALL`] places in all.
    pub phi_counts: [usize; 3],
}

impl SsaTables {
    /// The tables of `func`, with phi placements read from `promoted`
    /// (`func` after mem2reg).
    pub fn compute(func: &Function, promoted: &Function) -> SsaTables {
        let names = FunctionNames::compute(func);
        let label = |b: Block| names.block(b).to_string();
        let cfg = Cfg::compute(func);
        let domtree = DomTree::compute(func, &cfg);
        let frontiers = DominanceFrontiers::compute(&cfg, &domtree);

        // The dominators of a block are the block and the idom chain above
        // it. A long chain is shown by its ends: the last blocks are found
        // by walking up from the block, the first ones by walking up from
        // its dominator at depth KEPT_AT_EACH_END - 1 (`head_end`, the same
        // as its idom's once the chain is that deep). Walking each whole
        // chain would take time quadratic in the depth of the tree.
        let mut head_end: SecondaryMap<Block, PackedOption<Block>> = SecondaryMap::new();
        for &b in domtree.preorder() {
            let depth = domtree.depth(b).expect("in the tree") as usize;
            head_end[b] = match domtree.idom(b) {
                Some(idom) if depth >= KEPT_AT_EACH_END => head_end[idom],
                _ => b.into(),
            };
        }
        let chain = |from: Block, len: usize| -> Vec<String> {
            let mut blocks: Vec<String> = std::iter::successors(Some(from), |&x| domtree.idom(x))
                .take(len)
                .map(label)
                .collect();
            blocks.reverse();
            blocks
        };
        let mut rows = Vec::new();
        for &b in &func.layout {
            let Some(depth) = domtree.depth(b) else {
                rows.push(BlockRow {
                    block: label(b),
                    reachable: false,
                    idom: None,
                    dominators: Listed::default(),
                    frontier: Listed::default(),
                });
                continue;
            };
            let count = depth as usize + 1;
            let dominators = if count <= MAX_LISTED {
                Listed {
                    head: chain(b, count),
                    ..Listed::default()
                }
            } else {
                let head_end = head_end[b].expand().expect("set for every reachable block");
                Listed {
                    head: chain(head_end, KEPT_AT_EACH_END),
                    omitted: count - 2 * KEPT_AT_EACH_END,
                    tail: chain(b, KEPT_AT_EACH_END),
                }
            };
            rows.push(BlockRow {
                block: label(b),
                reachable: true,
                idom: domtree.idom(b).map(label),
                dominators,
                frontier: Listed::of(frontiers.frontier(b), |&f| label(f)),
            });
        }

        let promoted_names = FunctionNames::compute(promoted);
        let mut phis: Vec<PhiPlacement> = Vec::new();
        // Each variable's entry in `phis`: a function may have phis for
        // thousands of variables, too many to search the list for each.
        let mut placement_of: HashMap<&str, usize> = HashMap::new();
        for &b in &promoted.layout {
            for &phi in &promoted.blocks[b].phis {
                let value = promoted.insts[phi].result.expect("a phi has a result");
                let variable = promoted.value_name(value).unwrap_or("(unnamed)");
                let block = promoted_names.block(b).to_string();
                let index = *placement_of.entry(variable).or_insert_with(|| {
                    phis.push(PhiPlacement {
                        variable: variable.to_string(),
                        blocks: Vec::new(),
                    });
                    phis.len() - 1
                });
                phis[index].blocks.push(block);
            }
        }
        let mut phi_counts = [0; 3];
        // Sets of blocks in layout order, as the table above lists them.
        let mut position: SecondaryMap<Block, usize> = SecondaryMap::new();
        for (i, &b) in func.layout.iter().enumerate() {
            position[b] = i;
        }
        let flavours = wend_opt::mem2reg::plan(func)
            .into_iter()
            .map(|plan| {
                let set = |blocks: &[Block]| {
                    let mut blocks = blocks.to_vec();
                    blocks.sort_by_key(|&b| position[b]);
                    Listed::of(&blocks, |&b| label(b))
                };
                for (count, blocks) in phi_counts.iter_mut().zip(&plan.phis) {
                    *count += blocks.len();
                }
                FlavourRow {
                    variable: names
                        .value(plan.address)
                        .trim_start_matches('%')
                        .to_string(),
                    defined_in: set(&plan.def_blocks),
                    iterated_frontier: set(&plan.iterated_frontier),
                    phis: plan.phis.each_ref().map(|blocks| set(blocks)),
                }
            })
            .collect();
        SsaTables {
            function: func.name.clone(),
            rows,
            phis,
            flavours,
            phi_counts,
        }
    }

    /// The `wendc analyze` text of this function.
    pub fn write_text(&self, out: &mut String) {
        let _ = writeln!(out, "function @{}", self.function);
        let mut rows = vec![[
            "block".to_string(),
            "idom".to_string(),
            "dominators".to_string(),
            "dominance frontier".to_string(),
        ]];
        for row in &self.rows {
            if row.reachable {
                rows.push([
                    row.block.clone(),
                    row.idom.clone().unwrap_or_else(|| "-".to_string()),
                    row.dominators.text(),
                    row.frontier.text(),
                ]);
            } else {
                rows.push([
                    row.block.clone(),
                    "-".into(),
                    "(unreachable)".into(),
                    "-".into(),
                ]);
            }
        }
        write_table(out, &rows);
        if self.phis.is_empty() {
            let _ = writeln!(out, "  mem2reg places no phis");
        } else {
            let _ = writeln!(out, "  phis placed by mem2reg (variable: blocks):");
            for p in &self.phis {
                let _ = writeln!(out, "    {}: {}", p.variable, p.blocks.join(", "));
            }
        }
        self.write_flavours_text(out);
        out.push('\n');
    }

    /// The phi placement of each SSA flavour (`--ssa`), per variable.
    fn write_flavours_text(&self, out: &mut String) {
        if self.flavours.is_empty() {
            return;
        }
        let _ = writeln!(
            out,
            "  phi placement per SSA flavour (`--ssa`; a variable's definitions are its stores):"
        );
        let mut rows = vec![[
            "variable".to_string(),
            "defined in".to_string(),
            "iterated frontier".to_string(),
            Flavour::Minimal.name().to_string(),
            Flavour::SemiPruned.name().to_string(),
            Flavour::Pruned.name().to_string(),
        ]];
        for row in &self.flavours {
            let [minimal, semi_pruned, pruned] = &row.phis;
            rows.push([
                row.variable.clone(),
                row.defined_in.text(),
                row.iterated_frontier.text(),
                minimal.text(),
                semi_pruned.text(),
                pruned.text(),
            ]);
        }
        write_table(out, &rows);
        let counts: Vec<String> = Flavour::ALL
            .iter()
            .zip(self.phi_counts)
            .map(|(flavour, count)| format!("{} {count}", flavour.name()))
            .collect();
        let _ = writeln!(out, "  phis in all: {}", counts.join(", "));
    }
}

/// The tables of every defined function of an unoptimised module.
pub fn module_tables(module: &Module) -> Vec<SsaTables> {
    let mut promoted = module.clone();
    (wend_opt::find_pass("mem2reg").expect("mem2reg exists").run)(&mut promoted);
    module
        .definitions()
        .map(|(id, func)| SsaTables::compute(func, &promoted.functions[id]))
        .collect()
}

/// The whole `wendc analyze` report for a module (unoptimised IR in).
pub fn analyze_text(module: &Module) -> String {
    let mut out = String::new();
    for tables in module_tables(module) {
        tables.write_text(&mut out);
    }
    out
}

/// Columns are padded to at most this many characters: a cell wider than
/// that (the dominators of a block nested hundreds deep) pushes the rest of
/// its row right instead of every row of the table being as wide as it.
const MAX_PADDED_WIDTH: usize = 60;

/// Left-aligned columns, two spaces apart, indented by two (rows may have
/// different numbers of cells; the last cell of a row is not padded).
pub(crate) fn write_table<R: AsRef<[String]>>(out: &mut String, rows: &[R]) {
    let columns = rows.iter().map(|r| r.as_ref().len()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.as_ref().get(c))
                .map(|cell| cell.chars().count())
                .filter(|&w| w <= MAX_PADDED_WIDTH)
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in rows {
        let mut line = String::from(" ");
        for (cell, width) in row.as_ref().iter().zip(&widths) {
            let _ = write!(line, " {cell:<width$} ");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(cells: [&str; 4]) -> [String; 4] {
        cells.map(str::to_string)
    }

    #[test]
    fn columns_are_padded_to_their_widest_cell() {
        let mut out = String::new();
        write_table(
            &mut out,
            &[
                row(["block", "idom", "x", "y"]),
                row(["b", "entry", "xyz", "y"]),
            ],
        );
        assert_eq!(out, "  block  idom   x    y\n  b      entry  xyz  y\n");
    }

    #[test]
    fn a_cell_too_wide_to_pad_to_pushes_only_its_own_row() {
        let wide = "d".repeat(MAX_PADDED_WIDTH + 1);
        let mut out = String::new();
        write_table(
            &mut out,
            &[
                row(["block", "idom", "ab", "y"]),
                row(["b", "-", &wide, "z"]),
            ],
        );
        assert_eq!(
            out,
            format!("  block  idom  ab  y\n  b      -     {wide}  z\n")
        );
    }

    #[test]
    fn long_sets_show_their_ends() {
        let items: Vec<u32> = (0..MAX_LISTED as u32 + 1).collect();
        let listed = Listed::of(&items, u32::to_string);
        assert_eq!(listed.head.len(), KEPT_AT_EACH_END);
        assert_eq!(listed.omitted, MAX_LISTED + 1 - 2 * KEPT_AT_EACH_END);
        assert_eq!(listed.tail.last().map(String::as_str), Some("40"));
        assert!(listed
            .text()
            .contains(&format!(", … {} more …, ", listed.omitted)));
        let all = Listed::of(&items[..MAX_LISTED], u32::to_string);
        assert_eq!((all.head.len(), all.omitted), (MAX_LISTED, 0));
        assert_eq!(Listed::of(&items[..3], u32::to_string).text(), "{0, 1, 2}");
    }

    /// The phi-placement article's worked example: one variable, stored in
    /// bb1, bb2, bb3, bb5 and bb6; its iterated frontier {bb2, bb7, bb8}.
    /// It is read in each, so every flavour keeps all three, while the
    /// temporary t, stored and then read in bb4 only, has its entry store
    /// and bb4's meet at bb8, where it is never read: only the minimal
    /// flavour gives it a phi.
    #[test]
    fn the_flavour_table_of_the_phi_placement_example() {
        let ir = "define i32 @walk(i1 %c) {\n\
                  bb1:\n  %a = alloca i32\n  %t = alloca i32\n  store i32 1, i32* %a\n  store i32 0, i32* %t\n  br i1 %c, label %bb2, label %bb4\n\
                  bb2:\n  %a0 = load i32, i32* %a\n  store i32 %a0, i32* %a\n  br label %bb3\n\
                  bb3:\n  %a1 = load i32, i32* %a\n  store i32 %a1, i32* %a\n  br i1 %c, label %bb2, label %bb8\n\
                  bb4:\n  store i32 7, i32* %t\n  %t0 = load i32, i32* %t\n  br i1 %c, label %bb5, label %bb6\n\
                  bb5:\n  %a2 = load i32, i32* %a\n  store i32 2, i32* %a\n  br label %bb7\n\
                  bb6:\n  %a3 = load i32, i32* %a\n  store i32 3, i32* %a\n  br label %bb7\n\
                  bb7:\n  %a4 = load i32, i32* %a\n  br label %bb8\n\
                  bb8:\n  %a5 = load i32, i32* %a\n  ret i32 %a5\n}\n";
        let module = wend_ir::read::parse_module(ir).unwrap();
        let mut out = String::new();
        for tables in module_tables(&module) {
            tables.write_flavours_text(&mut out);
        }
        assert_eq!(
            out,
            "  phi placement per SSA flavour (`--ssa`; a variable's definitions are its stores):\n  \
             variable  defined in                 iterated frontier  minimal          semi-pruned      pruned\n  \
             a         {bb1, bb2, bb3, bb5, bb6}  {bb2, bb7, bb8}    {bb2, bb7, bb8}  {bb2, bb7, bb8}  {bb2, bb7, bb8}\n  \
             t         {bb1, bb4}                 {bb8}              {bb8}            {}               {}\n  \
             phis in all: minimal 4, semi-pruned 3, pruned 3\n"
        );
    }

    #[test]
    fn the_dominators_of_a_deep_block_are_abbreviated_in_order() {
        let length = 50;
        let mut ir = String::from("define void @main() {\nentry:\n  br label %b1\n");
        for i in 1..length {
            let next = if i + 1 < length {
                format!("br label %b{}", i + 1)
            } else {
                "ret void".to_string()
            };
            ir.push_str(&format!("\nb{i}:\n  {next}\n"));
        }
        ir.push_str("}\n");
        let module = wend_ir::read::parse_module(&ir).unwrap();
        let func = &module.functions[module.definitions().next().unwrap().0];
        let tables = SsaTables::compute(func, func);
        let name = |i: usize| match i {
            0 => "entry".to_string(),
            _ => format!("b{i}"),
        };
        let last = &tables.rows[length - 1].dominators;
        assert_eq!(
            last.head,
            (0..KEPT_AT_EACH_END).map(name).collect::<Vec<_>>()
        );
        assert_eq!(last.omitted, length - 2 * KEPT_AT_EACH_END);
        let tail: Vec<String> = (length - KEPT_AT_EACH_END..length).map(name).collect();
        assert_eq!(last.tail, tail);
        let short = &tables.rows[MAX_LISTED - 1].dominators;
        assert_eq!(short.head, (0..MAX_LISTED).map(name).collect::<Vec<_>>());
        assert_eq!(short.omitted, 0);
    }
}
