//! `wendc analyze`: the tables a lecture on SSA construction walks through,
//! per function — each block's dominators, immediate dominator and
//! dominance frontier, then where mem2reg placed each variable's phis and
//! where each SSA flavour would place them — and each function's loop
//! forest. The input is a wend program, lowered, or an IR file as read.
//! With `--trace NAME`, the steps of one algorithm instead (wend-explain's
//! `traces.rs`).

use crate::cli::{AnalyzeArgs, CompileArgs, TraceFormat};
use crate::compile::lower_to_ir;
use crate::output::write_output;
use crate::report::Failed;
use wend_explain::tables::Listed;
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::cycles::irreducible_cycles;
use wend_ir::analysis::dom::DomTree;
use wend_ir::analysis::loops::{Loop, LoopForest};
use wend_ir::print::FunctionNames;
use wend_ir::{Block, Function, Module};

pub fn run(args: &AnalyzeArgs) -> Result<u8, Failed> {
    let compile = CompileArgs {
        no_warnings: true,
        ..CompileArgs::of_file(args.file.clone())
    };
    let (_, module) = lower_to_ir(&compile)?;
    // Through the driver's writer: a closed pipe (`wendc analyze f | head`)
    // is an error message, not a panic.
    match &args.trace {
        Some(name) => write_output(None, trace(&module, name, args)?.as_bytes()),
        None => write_output(None, report(&module).as_bytes()),
    }
}

/// The `--trace` report: one algorithm's steps, as tables or JSON.
fn trace(module: &Module, name: &str, args: &AnalyzeArgs) -> Result<String, Failed> {
    use wend_explain::traces;
    let only = args.trace_function.as_deref();
    if let Some(only) = only {
        if module.definitions().all(|(_, f)| f.name != only) {
            let names: Vec<&str> = module.definitions().map(|(_, f)| f.name.as_str()).collect();
            eprintln!(
                "error: {} defines no function `{only}` (it defines: {})",
                args.file.display(),
                names.join(", ")
            );
            return Err(Failed);
        }
    }
    let found = traces::collect_with(module, name, only, args.ssa.into())
        .expect("clap checked the trace's name");
    Ok(match args.format {
        TraceFormat::Text => traces::text(&found),
        TraceFormat::Json => format!("{:#}\n", traces::json(&found)),
    })
}

/// The whole report for a module (unoptimised IR in, text out). The
/// tables are shared with `wendc explain`, which shows them as HTML; the
/// loop forests follow.
pub fn report(module: &Module) -> String {
    let mut out = wend_explain::tables::analyze_text(module);
    for (_, func) in module.definitions() {
        loop_forest_text(&mut out, func);
    }
    out
}

/// The natural loops of `func` as an indented tree (inner loops under the
/// loop containing them), each with its header, latches, body, exiting
/// blocks, exit blocks and depth — what LoopSimplify, LCSSA and LICM look
/// at — then the irreducible cycles, which are not loops (no block of
/// theirs dominates the others) and so are missing from the tree.
fn loop_forest_text(out: &mut String, func: &Function) {
    use std::fmt::Write;
    let cfg = Cfg::compute(func);
    let domtree = DomTree::compute(func, &cfg);
    let forest = LoopForest::compute(func, &cfg, &domtree);
    let names = FunctionNames::compute(func);
    // Abbreviated like the dominator sets: nested loops' bodies overlap, so
    // listing each in full is quadratic in the nesting depth.
    let set = |blocks: &[Block]| Listed::of(blocks, |&b| names.block(b).to_string()).text();
    let irreducible = irreducible_cycles(&cfg);
    let _ = writeln!(out, "loops of @{}", func.name);
    if forest.is_empty() && irreducible.is_empty() {
        let _ = writeln!(out, "  (none)");
    }
    // Preorder of the loop tree, with an explicit stack.
    let mut stack: Vec<Loop> = forest.top_level().iter().rev().copied().collect();
    while let Some(l) = stack.pop() {
        let indent = "  ".repeat(forest.depth(l) as usize);
        let _ = writeln!(
            out,
            "{indent}loop {} (depth {}): latches {}, body {}, exiting {}, exits {}",
            names.block(forest.header(l)),
            forest.depth(l),
            set(forest.latches(l)),
            set(forest.body(l)),
            set(forest.exiting(l)),
            set(forest.exits(l)),
        );
        stack.extend(forest.children(l).iter().rev());
    }
    for cycle in &irreducible {
        let _ = writeln!(
            out,
            "  irreducible cycle (not a loop: entered at {} blocks, none dominating the rest): \
             entries {}, blocks {}",
            cycle.entries.len(),
            set(&cycle.entries),
            set(&cycle.blocks),
        );
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The loop forest of each function of the IR text `ir`.
    fn loop_forests(ir: &str) -> String {
        let module = wend_ir::read::parse_module(ir).unwrap();
        let mut out = String::new();
        for (_, func) in module.definitions() {
            loop_forest_text(&mut out, func);
        }
        out
    }

    #[test]
    fn loop_forest_is_an_indented_tree() {
        let ir = "define i32 @main() {\nentry:\n  br label %outer\n\n\
                  outer:\n  %c = icmp eq i32 1, 1\n  br i1 %c, label %inner, label %end\n\n\
                  inner:\n  br i1 %c, label %inner, label %outer.latch\n\n\
                  outer.latch:\n  br label %outer\n\n\
                  end:\n  ret i32 0\n}\n\n\
                  define void @flat() {\nentry:\n  ret void\n}\n";
        let out = loop_forests(ir);
        assert_eq!(
            out,
            "loops of @main\n  \
             loop outer (depth 1): latches {outer.latch}, body {outer, inner, outer.latch}, \
             exiting {outer}, exits {end}\n    \
             loop inner (depth 2): latches {inner}, body {inner}, exiting {inner}, exits {outer.latch}\n\n\
             loops of @flat\n  (none)\n\n"
        );
    }

    /// The loops article's `goto` into a do-while: blocks 4 and 5 form a
    /// cycle entered at both, reported as such; the natural loop beside it
    /// is listed as usual.
    #[test]
    fn irreducible_cycles_are_reported_as_such() {
        let ir = "define void @f(i1 %c) {\nb1:\n  br i1 %c, label %b2, label %b3\n\n\
                  b2:\n  br label %b5\n\nb3:\n  br label %b4\n\n\
                  b4:\n  br label %b5\n\nb5:\n  br i1 %c, label %b4, label %b6\n\n\
                  b6:\n  br i1 %c, label %b6, label %b7\n\nb7:\n  ret void\n}\n";
        let out = loop_forests(ir);
        assert_eq!(
            out,
            "loops of @f\n  \
             loop b6 (depth 1): latches {b6}, body {b6}, exiting {b6}, exits {b7}\n  \
             irreducible cycle (not a loop: entered at 2 blocks, none dominating the rest): \
             entries {b4, b5}, blocks {b4, b5}\n\n"
        );
    }

    #[test]
    fn a_long_loop_body_is_abbreviated() {
        // A loop of a header and 45 blocks in a chain: 46 in the body.
        let mut ir = String::from(
            "define void @f(i1 %c) {\nentry:\n  br label %head\n\n\
             head:\n  br i1 %c, label %b0, label %end\n\n",
        );
        for i in 0..45 {
            let next = if i == 44 {
                "head".to_string()
            } else {
                format!("b{}", i + 1)
            };
            ir.push_str(&format!("b{i}:\n  br label %{next}\n\n"));
        }
        ir.push_str("end:\n  ret void\n}\n");
        let out = loop_forests(&ir);
        let loop_line = out.lines().nth(1).unwrap();
        assert!(
            loop_line.contains("body {head, b0, b1, ") && loop_line.contains("… 14 more …"),
            "{loop_line}"
        );
        assert!(
            loop_line.contains(", b44}, exiting {head}, exits {end}"),
            "{loop_line}"
        );
    }
}
