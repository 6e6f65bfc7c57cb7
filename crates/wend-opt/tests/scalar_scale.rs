//! The scalar passes on a 100 000-line program: one `main` whose loop body
//! holds thousands of `if`s — half of them on a flag SCCP proves false,
//! with dead code for DCE, empty blocks for simplifycfg and phis for
//! copyprop. Nothing may be quadratic in the number of blocks or values.
//! Run with `--release --nocapture` to see real timings.

use std::fmt::Write;
use std::time::{Duration, Instant};
use wend_opt::{parse_pipeline, run_pipeline, PipelineOptions};

/// Debug builds on two shared cores are slow; this catches blow-ups, not
/// constant factors.
const BUDGET: Duration = Duration::from_secs(60);

const CHUNKS: usize = 20_000;

fn big_program() -> String {
    let mut src = String::from("main() {\n  int a;\n  int b;\n  int i;\n  bool debug;\n");
    src.push_str("  debug = false;\n  while i < 2 {\n");
    for k in 0..CHUNKS {
        let _ = write!(
            src,
            "    if debug {{ a = a / 0; }}\n    if a < {k} {{ b = b + {k}; }} else {{ a = a - 1; }}\n    if a == b {{ }}\n",
        );
        let _ = writeln!(src, "    i = i + 0 * {k};\n    a = a + i;");
    }
    src.push_str("    i = i + 1;\n  }\n  println a;\n  println b;\n}\n");
    src
}

#[test]
fn hundred_thousand_lines() {
    let src = big_program();
    assert!(src.lines().count() >= 100_000);
    let (checked, diags) = wend_frontend::check(&src);
    let checked = checked.unwrap_or_else(|| panic!("{diags:?}"));
    let mut module = wend_frontend::lower(checked);
    let mut opts = PipelineOptions::default();
    run_pipeline(&mut module, &parse_pipeline("mem2reg").unwrap(), &mut opts);
    let blocks_before = module
        .functions
        .values()
        .map(|f| f.layout.len())
        .sum::<usize>();

    for pass in ["sccp", "copyprop", "dce", "simplifycfg"] {
        let start = Instant::now();
        run_pipeline(&mut module, &parse_pipeline(pass).unwrap(), &mut opts);
        let took = start.elapsed();
        println!("{pass}: {took:?}");
        assert!(took < BUDGET, "{pass} took {took:?}");
        wend_ir::verify::verify_module(&module).unwrap();
    }
    let blocks_after = module
        .functions
        .values()
        .map(|f| f.layout.len())
        .sum::<usize>();
    // Per chunk, only the `if a < k` diamond is left: its two arms and
    // the join (the join absorbs the rest of the chunk).
    assert!(
        blocks_after <= 3 * CHUNKS + 10,
        "{blocks_before} blocks became {blocks_after}"
    );
}
