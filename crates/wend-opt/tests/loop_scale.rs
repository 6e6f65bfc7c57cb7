//! The loop passes, gvn and the inliner on big programs: nothing may be
//! quadratic in the number of blocks, loops, calls or functions.
//! Run with `--release --nocapture` to see real timings.

use std::fmt::Write;
use std::time::{Duration, Instant};
use wend_ir::Module;
use wend_opt::{parse_pipeline, run_pipeline, PipelineOptions};

/// Debug builds on two shared cores are slow; this catches blow-ups, not
/// constant factors.
const BUDGET: Duration = Duration::from_secs(60);

/// The program lowered, and mem2reg run on it (timed): where the loop
/// passes and the inliner start.
fn lowered_then_mem2reg(src: &str) -> Module {
    let (checked, diags) = wend_frontend::check(src);
    let mut module = wend_frontend::lower(checked.unwrap_or_else(|| panic!("{diags:?}")));
    timed(&mut module, "mem2reg");
    module
}

fn timed(module: &mut Module, pipeline: &str) {
    let mut opts = PipelineOptions::default();
    let start = Instant::now();
    run_pipeline(module, &parse_pipeline(pipeline).unwrap(), &mut opts);
    let took = start.elapsed();
    println!("{pipeline}: {took:?}");
    assert!(took < BUDGET, "{pipeline} took {took:?}");
    wend_ir::verify::verify_module(module).unwrap();
}

/// An outer loop around 5 000 sibling loops (each with an invariant
/// expression, a value used after it and a repeated expression), then a
/// nest of 200 loops.
fn many_loops() -> String {
    let mut src = String::from("main() {\n  int a;\n  int b;\n  int i;\n  int j;\n  int k;\n");
    for d in 0..200 {
        let _ = writeln!(src, "  int l{d};");
    }
    src.push_str("  a = 3;\n  while i < 2 {\n");
    for n in 0..5_000 {
        let _ = writeln!(
            src,
            "    j = 0;\n    while j < 2 {{ b = b + a * {n} + a * {n}; j = j + 1; }}\n    k = k + j;"
        );
    }
    src.push_str("    i = i + 1;\n  }\n");
    for d in 0..200 {
        let _ = writeln!(src, "  while l{d} < 1 {{");
    }
    src.push_str("  b = b + a * 7;\n");
    for d in (0..200).rev() {
        let _ = writeln!(src, "  l{d} = l{d} + 1;\n  }}");
    }
    src.push_str("  println b;\n  println k;\n}\n");
    src
}

#[test]
fn many_and_deeply_nested_loops() {
    let mut module = lowered_then_mem2reg(&many_loops());
    for pass in ["loopsimplify", "lcssa", "licm", "gvn"] {
        timed(&mut module, pass);
    }
}

/// A chain of 3 000 nested functions each calling the previous one once
/// (every one a single-call candidate), and 3 000 calls of a small
/// helper that writes its parent's variable.
fn many_calls() -> String {
    let mut src = String::from("main() {\n  int total;\n  bump(int x) { total = total + x; }\n");
    src.push_str("  int f0(int x) { return x + 1; }\n");
    for n in 1..3_000 {
        let _ = writeln!(
            src,
            "  int f{n}(int x) {{ total = total + x % 7; return f{}(x - 1) * 3; }}",
            n - 1
        );
    }
    for n in 0..3_000 {
        let _ = writeln!(src, "  bump({n});");
    }
    src.push_str("  println f2999(5);\n  println total;\n}\n");
    src
}

#[test]
fn long_call_chains_and_many_calls() {
    let mut module = lowered_then_mem2reg(&many_calls());
    let before = module.definitions().count();
    timed(&mut module, "inline");
    let after = module.definitions().count();
    assert!(
        after < before / 2,
        "{before} functions before inlining, {after} after"
    );
    timed(&mut module, "mem2reg");
}
