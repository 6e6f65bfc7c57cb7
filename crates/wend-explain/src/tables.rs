//! The SSA-construction tables a lecture walks through, per function: each
//! block's immediate dominator, dominators and dominance frontier, and where
//! mem2reg places each variable's phis.
//!
//! This is the one implementation behind both `wendc analyze` (as text,
//! [`analyze_text`]) and the explain report (as HTML tables), so the two
//! always agree. The tables are computed on the unoptimised IR (loads and
//! stores of stack slots); the phi placement comes from running mem2reg on
//! a copy, whose phis carry the name of the variable they were made for.

use std::collections::HashMap;
use std::fmt::Write;
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::dom::DomTree;
use wend_ir::analysis::frontier::DominanceFrontiers;
use wend_ir::print::FunctionNames;
use wend_ir::{Block, Function, Module};

/// One row of the dominance table, with blocks as their printed labels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockRow {
    pub block: String,
    /// Unreachable blocks have no dominator information.
    pub reachable: bool,
    pub idom: Option<String>,
    /// From the entry down to the block itself.
    pub dominators: Vec<String>,
    pub frontier: Vec<String>,
}

/// The blocks where mem2reg put the phis of one variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhiPlacement {
    pub variable: String,
    pub blocks: Vec<String>,
}

/// All tables of one function.
#[derive(Clone, Debug)]
pub struct SsaTables {
    pub function: String,
    /// One row per block, in layout order.
    pub rows: Vec<BlockRow>,
    /// In order of first appearance in the promoted function's layout.
    pub phis: Vec<PhiPlacement>,
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

        let mut rows = Vec::new();
        for &b in &func.layout {
            if !cfg.is_reachable(b) {
                rows.push(BlockRow {
                    block: label(b),
                    reachable: false,
                    idom: None,
                    dominators: Vec::new(),
                    frontier: Vec::new(),
                });
                continue;
            }
            // The dominators of b are b and the idom chain above it.
            let mut dominators: Vec<String> = std::iter::successors(Some(b), |&x| domtree.idom(x))
                .map(label)
                .collect();
            dominators.reverse();
            rows.push(BlockRow {
                block: label(b),
                reachable: true,
                idom: domtree.idom(b).map(label),
                dominators,
                frontier: frontiers.frontier(b).iter().map(|&f| label(f)).collect(),
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
        SsaTables {
            function: func.name.clone(),
            rows,
            phis,
        }
    }

    /// The `wendc analyze` text of this function.
    pub fn write_text(&self, out: &mut String) {
        let set = |items: &[String]| format!("{{{}}}", items.join(", "));
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
                    set(&row.dominators),
                    set(&row.frontier),
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
        out.push('\n');
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

/// Left-aligned columns, two spaces apart, indented by two.
fn write_table(out: &mut String, rows: &[[String; 4]]) {
    let widths: Vec<usize> = (0..4)
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .filter(|&w| w <= MAX_PADDED_WIDTH)
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in rows {
        let mut line = String::from(" ");
        for (cell, width) in row.iter().zip(&widths) {
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
}
