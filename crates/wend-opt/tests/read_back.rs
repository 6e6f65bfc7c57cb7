//! Every module wendc writes reads back: for each program of
//! `test-programs/`, the module alone (`--emit ir`) and the module with its
//! runtime (`--emit llvm`), as lowered and after -O2 (what `wendc opt`
//! writes), print again to the same bytes once read.

use std::fs;
use std::path::{Path, PathBuf};
use wend_ir::print::{print_module, print_standalone_llvm};
use wend_ir::read::parse_module_with_runtime;
use wend_opt::{pipeline_for_level, run_pipeline, PipelineOptions};

fn programs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test-programs");
    let mut found = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n != "errors") {
                    dirs.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "wend") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Reads `text` and prints it again with `print`; the bytes must not change.
fn assert_reads_back(
    path: &Path,
    form: &str,
    text: &str,
    with_runtime: bool,
    print: fn(&wend_ir::Module) -> String,
) {
    let (module, defines_runtime) = parse_module_with_runtime(text)
        .unwrap_or_else(|e| panic!("{}: {form} does not read back: {e}\n{text}", path.display()));
    assert_eq!(defines_runtime, with_runtime, "{}: {form}", path.display());
    wend_ir::verify::verify_module(&module)
        .unwrap_or_else(|e| panic!("{}: {form} reads back invalid: {e}", path.display()));
    let again = print(&module);
    assert!(
        again == text,
        "{}: {form} prints differently once read back",
        path.display()
    );
}

#[test]
fn every_written_module_reads_back_to_the_same_text() {
    let mut checked = 0;
    for path in programs() {
        let src = fs::read_to_string(&path).unwrap();
        let (checked_program, _) = wend_frontend::check(&src);
        let Some(checked_program) = checked_program else {
            continue;
        };
        let mut module = wend_frontend::lower(checked_program);
        for stage in ["-O0", "-O2"] {
            if stage == "-O2" {
                run_pipeline(
                    &mut module,
                    &pipeline_for_level(2),
                    &mut PipelineOptions::default(),
                );
            }
            let ir = print_module(&module);
            assert_reads_back(
                &path,
                &format!("--emit ir {stage}"),
                &ir,
                false,
                print_module,
            );
            let llvm = print_standalone_llvm(&module);
            let form = format!("--emit llvm {stage}");
            assert_reads_back(&path, &form, &llvm, true, print_standalone_llvm);
        }
        checked += 1;
    }
    assert!(checked > 50, "only {checked} programs found");
}
