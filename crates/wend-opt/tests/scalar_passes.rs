//! Differential test of the scalar passes (sccp, dce, copyprop,
//! simplifycfg): on every input, each pass alone — on the IR as lowered
//! (stack slots) and after mem2reg (SSA) — the -O1 and -O2 pipelines, and a
//! few orders that make the passes feed each other must leave the
//! program's stdout, stderr and exit status unchanged under the IR
//! interpreter, and the IR must verify after every pass.
//!
//! The inputs: the golden inputs that have a `main`, and every program of
//! `test-programs/` that has an `.expected` output (the `gfx/` animations,
//! checked by hash, run too long for an unoptimised interpreter), lowered
//! by the frontend.

mod common;

use common::{files_under, golden_files, interpret, run, test_programs_dir};
use std::fs;
use wend_ir::Module;
use wend_opt::{parse_pipeline, pipeline_for_level, run_pipeline, Pass, PipelineOptions};

const SCALAR_PASSES: [&str; 4] = ["sccp", "dce", "copyprop", "simplifycfg"];

/// Pipelines beyond the single passes and the levels: repeated and
/// reordered, so each pass sees the others' output.
const MIXED: [&str; 3] = [
    "mem2reg,copyprop,simplifycfg,sccp,dce,simplifycfg",
    "mem2reg,simplifycfg,sccp,simplifycfg,copyprop,dce,sccp",
    "sccp,dce,simplifycfg,mem2reg,sccp,copyprop,dce,simplifycfg",
];

/// The inputs, each with a name for messages.
fn inputs() -> Vec<(String, Module)> {
    let mut inputs = Vec::new();

    for golden in golden_files() {
        let module = golden.module();
        // An invalid input is reported by the golden harness itself.
        let valid = wend_ir::verify::verify_module(&module).is_ok();
        if valid && module.definitions().any(|(_, f)| f.name == "main") {
            inputs.push((golden.path.display().to_string(), module));
        }
    }

    let programs = files_under(&test_programs_dir(), &|_| true, &|p| {
        p.extension().is_some_and(|e| e == "wend") && p.with_extension("expected").exists()
    });
    for path in programs {
        // Programs with compile errors have nothing to run.
        if let Some(module) = common::lower(&fs::read_to_string(&path).unwrap()) {
            inputs.push((path.display().to_string(), module));
        }
    }
    inputs
}

/// Every pipeline to compare with the unoptimised program.
fn pipelines() -> Vec<(String, Vec<&'static Pass>)> {
    let mut all = Vec::new();
    for pass in SCALAR_PASSES {
        all.push((pass.to_string(), parse_pipeline(pass).unwrap()));
        let after_mem2reg = format!("mem2reg,{pass}");
        all.push((
            after_mem2reg.clone(),
            parse_pipeline(&after_mem2reg).unwrap(),
        ));
    }
    for level in [1, 2] {
        all.push((format!("-O{level}"), pipeline_for_level(level)));
    }
    for mixed in MIXED {
        all.push((mixed.to_string(), parse_pipeline(mixed).unwrap()));
    }
    all
}

#[test]
fn scalar_passes_preserve_behaviour() {
    let inputs = inputs();
    assert!(inputs.len() > 50, "only {} inputs found", inputs.len());
    let pipelines = pipelines();
    for (name, original) in &inputs {
        let reference = interpret(original);
        for (pipeline, passes) in &pipelines {
            let mut module = original.clone();
            run(&mut module, passes);
            assert_eq!(
                interpret(&module),
                reference,
                "{name}: behaviour changed by `{pipeline}`"
            );
        }
    }
}

/// Running a pass twice changes nothing the second time: each reaches its
/// fixed point in one run (a worklist pass that stopped early would not).
#[test]
fn scalar_passes_are_idempotent() {
    for (name, original) in inputs() {
        let mut module = original;
        let mut opts = PipelineOptions::default();
        run_pipeline(&mut module, &parse_pipeline("mem2reg").unwrap(), &mut opts);
        for pass in SCALAR_PASSES {
            let passes = parse_pipeline(pass).unwrap();
            run_pipeline(&mut module, &passes, &mut opts);
            let once = wend_ir::print::print_module(&module);
            run_pipeline(&mut module, &passes, &mut opts);
            let twice = wend_ir::print::print_module(&module);
            assert_eq!(once, twice, "{name}: a second `{pass}` changed the IR");
        }
    }
}
