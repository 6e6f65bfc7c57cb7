//! Every program of test-programs/: compiled through the frontend, at -O0
//! (alloca/load/store form) and after mem2reg (SSA with phis), built into a
//! native executable and run; stdout, stderr and the exit status must match
//! the `.expected*` files produced by the programs' C twins.

mod common;

use std::path::{Path, PathBuf};

fn programs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test-programs");
    let mut found = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "wend")
                && p.with_extension("expected").exists()
            {
                found.push(p);
            }
        }
    }
    found.sort();
    found
}

fn lower(path: &Path) -> wend_ir::Module {
    let src = std::fs::read_to_string(path).unwrap();
    let (checked, diags) = wend_frontend::check(&src);
    let checked =
        checked.unwrap_or_else(|| panic!("{} does not compile: {diags:?}", path.display()));
    wend_frontend::lower(checked)
}

fn check_program(path: &Path, ssa: bool) -> Result<(), String> {
    let mut module = lower(path);
    if ssa {
        for (_, f) in module.functions.iter_mut() {
            if !f.is_declaration() {
                wend_opt::mem2reg::run(f);
            }
        }
    }
    let name = format!(
        "{}-{}",
        path.file_stem().unwrap().to_string_lossy(),
        if ssa { "ssa" } else { "o0" }
    );
    let got = common::compile_and_run(&name, &module);
    let expected_stdout = std::fs::read(path.with_extension("expected")).unwrap();
    let expected_stderr = std::fs::read(path.with_extension("expected-stderr")).unwrap_or_default();
    let expected_status: i32 = std::fs::read_to_string(path.with_extension("expected-status"))
        .map(|s| s.trim().parse().unwrap())
        .unwrap_or(0);
    let mut problems = Vec::new();
    if got.stdout != expected_stdout {
        problems.push(format!(
            "stdout differs:\n--- got\n{}\n--- expected\n{}",
            String::from_utf8_lossy(&got.stdout),
            String::from_utf8_lossy(&expected_stdout)
        ));
    }
    if got.stderr != expected_stderr {
        problems.push(format!(
            "stderr differs: got {:?}, expected {:?}",
            String::from_utf8_lossy(&got.stderr),
            String::from_utf8_lossy(&expected_stderr)
        ));
    }
    if got.status != expected_status {
        problems.push(format!(
            "status {} instead of {expected_status}",
            got.status
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} ({}): {}",
            path.display(),
            if ssa { "mem2reg" } else { "-O0" },
            problems.join("\n")
        ))
    }
}

#[test]
fn all_test_programs_match_expected_output() {
    let programs = programs();
    assert!(!programs.is_empty(), "no test programs found");
    let mut failures = Vec::new();
    for p in &programs {
        for ssa in [false, true] {
            if let Err(e) = check_program(p, ssa) {
                failures.push(e);
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} runs failed:\n{}",
        failures.len(),
        2 * programs.len(),
        failures.join("\n\n")
    );
}

/// The CFG rewrites done before instruction selection (jump threading and
/// if-conversion) leave every function of every program valid SSA.
#[test]
fn cfg_rewrites_keep_the_ir_valid() {
    let mut rewritten = 0;
    for p in programs() {
        let mut module = lower(&p);
        for (_, f) in module.functions.iter_mut() {
            if !f.is_declaration() {
                wend_opt::mem2reg::run(f);
                rewritten += wend_x86::jump_threading::thread_boolean_phis(f);
                rewritten += wend_x86::if_conversion::convert_branches_to_selects(f);
            }
        }
        if let Err(e) = wend_ir::verify::verify_module(&module) {
            panic!("{}: invalid IR after the rewrites: {e:?}", p.display());
        }
    }
    assert!(rewritten > 0, "nothing was rewritten");
}
