//! Golden ("filetest") tests of the passes.
//!
//! Each `tests/golden/NAME.ll` is an input module whose first line names
//! the pipeline to run:
//!
//! ```text
//! ; RUN: mem2reg,reg2mem
//! ```
//!
//! The harness parses the input, runs the pipeline (verifying the IR after
//! every pass), prints the result and compares it with
//! `tests/golden/NAME.expected.ll`. To accept new output after an intended
//! change, run
//!
//! ```text
//! BLESS=1 cargo test -p wend-opt --test golden
//! ```
//!
//! which rewrites the expected files — then read the diff: an expected file
//! is a claim that the output is right, not a snapshot.
//!
//! Two more checks run on the same inputs:
//! * inputs with a `main` must print the same and exit the same when
//!   interpreted before the pipeline, after it, and after
//!   `mem2reg,reg2mem,mem2reg`;
//! * for `; RUN: mem2reg` inputs, if LLVM's `opt` is installed, our phi
//!   count must not exceed that of `opt -passes=mem2reg` on the same file.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use wend_ir::Module;
use wend_opt::{parse_pipeline, run_pipeline, PipelineOptions};

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// The input files, sorted by name.
fn inputs() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(golden_dir())
        .expect("tests/golden exists")
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.ends_with(".ll") && !name.ends_with(".expected.ll")
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no golden inputs found");
    files
}

/// The pipeline named by the `; RUN:` first line.
fn run_line(path: &Path, text: &str) -> String {
    let first = text.lines().next().unwrap_or("");
    first
        .strip_prefix("; RUN:")
        .unwrap_or_else(|| panic!("{}: first line must be `; RUN: <passes>`", path.display()))
        .trim()
        .to_string()
}

fn parse(path: &Path, text: &str) -> Module {
    wend_ir::read::parse_module(text).unwrap_or_else(|e| panic!("{}:{e}", path.display()))
}

fn run_passes(module: &mut Module, pipeline: &str) {
    let passes = parse_pipeline(pipeline).unwrap();
    let mut opts = PipelineOptions {
        verify_each: true,
        ..Default::default()
    };
    run_pipeline(module, &passes, &mut opts);
}

#[test]
fn golden_outputs() {
    let bless = std::env::var_os("BLESS").is_some_and(|v| v == "1");
    let mut failures = Vec::new();
    for input in inputs() {
        let text = fs::read_to_string(&input).unwrap();
        let pipeline = run_line(&input, &text);
        let mut module = parse(&input, &text);
        run_passes(&mut module, &pipeline);
        let actual = format!(
            "; RUN: {pipeline}\n{}",
            wend_ir::print::print_module(&module)
        );
        let expected_path = input.with_extension("expected.ll");
        let expected = fs::read_to_string(&expected_path).unwrap_or_default();
        if actual != expected {
            if bless {
                fs::write(&expected_path, &actual).unwrap();
            } else {
                failures.push(format!(
                    "=== {} differs from {}\n--- expected\n{expected}\n--- actual\n{actual}",
                    input.display(),
                    expected_path.display()
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n(run with BLESS=1 to accept the new outputs)",
        failures.join("\n")
    );
}

/// Runs `main` in the interpreter: (exit status, stdout, stderr).
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

#[test]
fn passes_preserve_program_behaviour() {
    let mut checked = 0;
    for input in inputs() {
        let text = fs::read_to_string(&input).unwrap();
        let original = parse(&input, &text);
        if original.definitions().all(|(_, f)| f.name != "main") {
            continue;
        }
        let reference = interpret(&original);
        for pipeline in [
            run_line(&input, &text),
            "mem2reg".to_string(),
            "mem2reg,reg2mem".to_string(),
            "mem2reg,reg2mem,mem2reg".to_string(),
            "reg2mem,mem2reg".to_string(),
        ] {
            let mut module = original.clone();
            run_passes(&mut module, &pipeline);
            assert_eq!(
                interpret(&module),
                reference,
                "{}: behaviour changed by `{pipeline}`",
                input.display()
            );
        }
        checked += 1;
    }
    assert!(checked > 5, "only {checked} golden inputs have a main");
}

/// `mem2reg,reg2mem,mem2reg` gives back the same SSA as `mem2reg`, up to
/// the phi count.
#[test]
fn reg2mem_then_mem2reg_round_trips() {
    // Only the inputs written for mem2reg/reg2mem, in alloca form: on SSA
    // input (the other passes' tests), mem2reg's clean-up of trivial phis
    // makes the first and second rounds differ legitimately.
    for input in inputs() {
        let text = fs::read_to_string(&input).unwrap();
        let pipeline = run_line(&input, &text);
        if !pipeline
            .split(',')
            .all(|p| matches!(p.trim(), "mem2reg" | "reg2mem"))
        {
            continue;
        }
        let mut once = parse(&input, &text);
        run_passes(&mut once, "mem2reg");
        let mut thrice = once.clone();
        run_passes(&mut thrice, "reg2mem,mem2reg");
        for ((_, a), (_, b)) in once.definitions().zip(thrice.definitions()) {
            assert!(
                b.phi_count() <= a.phi_count(),
                "{}: @{} has {} phis after the round trip, {} before",
                input.display(),
                a.name,
                b.phi_count(),
                a.phi_count()
            );
            assert_eq!(
                a.inst_count(),
                b.inst_count(),
                "{}: @{}",
                input.display(),
                a.name
            );
        }
    }
}

fn opt_available() -> bool {
    Command::new("opt")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Phis per function in `opt -passes=mem2reg` output.
fn llvm_phi_counts(path: &Path) -> Vec<(String, usize)> {
    let out = Command::new("opt")
        .args(["-passes=mem2reg", "-S"])
        .arg(path)
        .output()
        .expect("run opt");
    assert!(
        out.status.success(),
        "opt failed on {}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut counts: Vec<(String, usize)> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("define ") {
            let name = rest.split('@').nth(1).unwrap().split('(').next().unwrap();
            counts.push((name.trim_matches('"').to_string(), 0));
        } else if line.contains(" = phi ") {
            counts.last_mut().unwrap().1 += 1;
        }
    }
    counts
}

#[test]
fn no_more_phis_than_llvm() {
    if !opt_available() {
        eprintln!("opt not installed: skipping the comparison with LLVM");
        return;
    }
    let mut compared = 0;
    for input in inputs() {
        let text = fs::read_to_string(&input).unwrap();
        if run_line(&input, &text) != "mem2reg" {
            continue;
        }
        let mut module = parse(&input, &text);
        run_passes(&mut module, "mem2reg");
        for (name, llvm) in llvm_phi_counts(&input) {
            let id = module.find_function(&name).unwrap();
            let ours = module.functions[id].phi_count();
            assert!(
                ours <= llvm,
                "{}: @{name} has {ours} phis, LLVM's mem2reg makes {llvm}",
                input.display()
            );
            compared += 1;
        }
    }
    assert!(compared > 0);
}
