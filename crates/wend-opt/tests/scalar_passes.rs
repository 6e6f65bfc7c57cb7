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

use std::fs;
use std::path::{Path, PathBuf};
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

fn files_under(dir: &Path, keep: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if keep(&path) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The inputs, each with a name for messages.
fn inputs() -> Vec<(String, Module)> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut inputs = Vec::new();

    let golden = files_under(&manifest.join("tests/golden"), &|p| {
        let name = p.file_name().unwrap().to_string_lossy();
        name.ends_with(".ll") && !name.ends_with(".expected.ll")
    });
    for path in golden {
        let text = fs::read_to_string(&path).unwrap();
        let module =
            wend_ir::read::parse_module(&text).unwrap_or_else(|e| panic!("{}:{e}", path.display()));
        // An invalid input is reported by the golden harness itself.
        let valid = wend_ir::verify::verify_module(&module).is_ok();
        if valid && module.definitions().any(|(_, f)| f.name == "main") {
            inputs.push((path.display().to_string(), module));
        }
    }

    let programs = files_under(&manifest.join("../../test-programs"), &|p| {
        p.extension().is_some_and(|e| e == "wend") && p.with_extension("expected").exists()
    });
    for path in programs {
        let src = fs::read_to_string(&path).unwrap();
        // Programs with compile errors have nothing to run.
        if let (Some(checked), _) = wend_frontend::check(&src) {
            inputs.push((path.display().to_string(), wend_frontend::lower(checked)));
        }
    }
    inputs
}

fn interpret(module: &Module) -> (i32, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = wend_ir::interp::run_main(module, &mut out, &mut err)
        .unwrap_or_else(|e| panic!("interpreter error: {e:?}"));
    (
        status,
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
    )
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
            let mut opts = PipelineOptions {
                verify_each: true,
                ..Default::default()
            };
            run_pipeline(&mut module, passes, &mut opts);
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
