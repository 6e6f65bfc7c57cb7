//! `wendc analyze`: the tables a lecture on SSA construction walks through,
//! per function — each block's dominators, immediate dominator and
//! dominance frontier, then where mem2reg placed each variable's phis.

use crate::cli::{AnalyzeArgs, CompileArgs, PassArgs};
use crate::driver::{lower_to_ir, read_ir, Failed};
use std::fmt::Write;
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::dom::DomTree;
use wend_ir::analysis::frontier::DominanceFrontiers;
use wend_ir::print::FunctionNames;
use wend_ir::{Block, Function, Module};

pub fn run(args: &AnalyzeArgs) -> Result<u8, Failed> {
    let module = if args.file.extension().is_some_and(|e| e == "ll") {
        read_ir(&args.file)?
    } else {
        let compile = CompileArgs {
            file: args.file.clone(),
            opt_level: 0,
            no_warnings: true,
            passes: PassArgs {
                passes: None,
                print_after_all: false,
                verify_each: false,
                time_passes: false,
            },
        };
        lower_to_ir(&compile)?.1
    };
    print!("{}", report(&module));
    Ok(0)
}

/// The whole report for a module (unoptimised IR in, text out).
pub fn report(module: &Module) -> String {
    let mut promoted = module.clone();
    (wend_opt::find_pass("mem2reg").expect("mem2reg exists").run)(&mut promoted);
    let mut out = String::new();
    for (id, func) in module.definitions() {
        function_report(&mut out, func, &promoted.functions[id]);
    }
    out
}

fn function_report(out: &mut String, func: &Function, promoted: &Function) {
    let names = FunctionNames::compute(func);
    let label = |b: Block| names.block(b).to_string();
    let set = |blocks: &mut dyn Iterator<Item = Block>| {
        let items: Vec<String> = blocks.map(label).collect();
        format!("{{{}}}", items.join(", "))
    };
    let cfg = Cfg::compute(func);
    let domtree = DomTree::compute(func, &cfg);
    let frontiers = DominanceFrontiers::compute(&cfg, &domtree);

    let _ = writeln!(out, "function @{}", func.name);
    let mut rows = vec![[
        "block".to_string(),
        "idom".to_string(),
        "dominators".to_string(),
        "dominance frontier".to_string(),
    ]];
    for &b in &func.layout {
        if !cfg.is_reachable(b) {
            rows.push([label(b), "-".into(), "(unreachable)".into(), "-".into()]);
            continue;
        }
        // The dominators of b are b and the idom chain above it.
        let chain = std::iter::successors(Some(b), |&x| domtree.idom(x));
        let mut dominators: Vec<Block> = chain.collect();
        dominators.reverse();
        rows.push([
            label(b),
            domtree.idom(b).map_or("-".to_string(), label),
            set(&mut dominators.into_iter()),
            set(&mut frontiers.frontier(b).iter().copied()),
        ]);
    }
    write_table(out, &rows);

    // Phis carry the name of the variable they were made for.
    let promoted_names = FunctionNames::compute(promoted);
    let mut placements: Vec<(String, Vec<String>)> = Vec::new();
    for &b in &promoted.layout {
        for &phi in &promoted.blocks[b].phis {
            let value = promoted.insts[phi].result.expect("a phi has a result");
            let var = promoted
                .value_name(value)
                .unwrap_or("(unnamed)")
                .to_string();
            let block = promoted_names.block(b).to_string();
            match placements.iter_mut().find(|(v, _)| *v == var) {
                Some((_, blocks)) => blocks.push(block),
                None => placements.push((var, vec![block])),
            }
        }
    }
    if placements.is_empty() {
        let _ = writeln!(out, "  mem2reg places no phis");
    } else {
        let _ = writeln!(out, "  phis placed by mem2reg (variable: blocks):");
        for (var, blocks) in placements {
            let _ = writeln!(out, "    {var}: {}", blocks.join(", "));
        }
    }
    out.push('\n');
}

/// Left-aligned columns, two spaces apart, indented by two.
fn write_table(out: &mut String, rows: &[[String; 4]]) {
    let widths: Vec<usize> = (0..4)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    for row in rows {
        let mut line = String::from(" ");
        for (cell, width) in row.iter().zip(&widths) {
            let _ = write!(line, " {cell:<width$} ");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}
