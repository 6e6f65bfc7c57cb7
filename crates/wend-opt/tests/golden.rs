//! Golden ("filetest") tests of the passes.
//!
//! Each test is one file, `tests/golden/PASS/NAME.ll`: a first line naming
//! the passes to run, comments saying why the test exists, the input
//! module, and after a separator line the expected output:
//!
//! ```text
//! ; passes: mem2reg,reg2mem
//! ; why this input is interesting
//!
//! define i32 @main() { ... }
//!
//! ; ---- expected output ----
//! define i32 @main() { ... }
//! ```
//!
//! The harness parses the input, runs the passes (verifying the IR after
//! every pass), prints the result and compares it with the expected part.
//! To accept new output after an intended change, run
//!
//! ```text
//! BLESS=1 cargo test -p wend-opt --test golden
//! ```
//!
//! which rewrites the expected part of each file (the input and its
//! comments stay as they are) — then read the diff: an expected output is
//! a claim that the output is right, not a snapshot. `BLESS=inline/` (any
//! part of a path under `tests/golden/`) rewrites only the files it names;
//! the others are still compared.
//!
//! Two more checks run on the same inputs:
//! * inputs with a `main` must print the same and exit the same when
//!   interpreted before the passes, after them, and after
//!   `mem2reg,reg2mem,mem2reg`;
//! * for `; passes: mem2reg` inputs, if LLVM's `opt` is installed, our phi
//!   count must not exceed that of `opt -passes=mem2reg` on the same input;
//! * for `; passes: lcssa` inputs (in loop-simplify form, as LLVM's
//!   examples are), every block must get as many phis as
//!   `opt -passes=lcssa` gives it; for `; passes: loop-rotate` inputs, the
//!   blocks and their phi counts must be those of `opt -passes=loop-rotate`.

mod common;

use common::{golden_files, interpret, llvm_mem2reg, llvm_opt, run_passes};

#[test]
fn golden_outputs() {
    let mut failures = Vec::new();
    for golden in golden_files() {
        let mut module = golden.module();
        run_passes(&mut module, &golden.passes);
        let actual = wend_ir::print::print_module(&module);
        if actual != golden.expected {
            if golden.blessed() {
                golden.bless(&actual);
            } else {
                failures.push(format!(
                    "=== {}: the output of `{}` differs\n--- expected\n{}\n--- actual\n{actual}",
                    golden.path.display(),
                    golden.passes,
                    golden.expected
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n(run with BLESS=1, or BLESS=<part of a path> for some files, to accept the new outputs)",
        failures.join("\n")
    );
}

#[test]
fn passes_preserve_program_behaviour() {
    let mut checked = 0;
    for golden in golden_files() {
        let original = golden.module();
        if original.definitions().all(|(_, f)| f.name != "main") {
            continue;
        }
        let reference = interpret(&original);
        for pipeline in [
            golden.passes.as_str(),
            "mem2reg",
            "mem2reg,reg2mem",
            "mem2reg,reg2mem,mem2reg",
            "reg2mem,mem2reg",
        ] {
            let mut module = original.clone();
            run_passes(&mut module, pipeline);
            assert_eq!(
                interpret(&module),
                reference,
                "{}: behaviour changed by `{pipeline}`",
                golden.path.display()
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
    for golden in golden_files() {
        if !golden
            .passes
            .split(',')
            .all(|p| matches!(p.trim(), "mem2reg" | "reg2mem"))
        {
            continue;
        }
        let mut once = golden.module();
        run_passes(&mut once, "mem2reg");
        let mut thrice = once.clone();
        run_passes(&mut thrice, "reg2mem,mem2reg");
        for ((_, a), (_, b)) in once.definitions().zip(thrice.definitions()) {
            assert!(
                b.phi_count() <= a.phi_count(),
                "{}: @{} has {} phis after the round trip, {} before",
                golden.path.display(),
                a.name,
                b.phi_count(),
                a.phi_count()
            );
            assert_eq!(
                a.inst_count(),
                b.inst_count(),
                "{}: @{}",
                golden.path.display(),
                a.name
            );
        }
    }
}

/// Phis per function in LLVM's mem2reg output.
fn phis_per_function(llvm: &str) -> Vec<(String, usize)> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for line in llvm.lines() {
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
    let mut compared = 0;
    for golden in golden_files() {
        if golden.passes != "mem2reg" {
            continue;
        }
        let Some(llvm) = llvm_mem2reg(&golden.input) else {
            eprintln!("opt not installed: skipping the comparison with LLVM");
            return;
        };
        let mut module = golden.module();
        run_passes(&mut module, "mem2reg");
        for (name, llvm) in phis_per_function(&llvm) {
            let id = module.find_function(&name).unwrap();
            let ours = module.functions[id].phi_count();
            assert!(
                ours <= llvm,
                "{}: @{name} has {ours} phis, LLVM's mem2reg makes {llvm}",
                golden.path.display()
            );
            compared += 1;
        }
    }
    assert!(compared > 0);
}

/// The number of phis of each block of each function, by name, in the
/// text of a module (ours or LLVM's).
fn phis_per_block(text: &str) -> std::collections::BTreeMap<(String, String), usize> {
    let mut counts = std::collections::BTreeMap::new();
    let (mut function, mut block) = (String::new(), String::new());
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("define ") {
            let name = rest.split('@').nth(1).unwrap().split('(').next().unwrap();
            function = name.trim_matches('"').to_string();
        } else if !line.starts_with([' ', ';', '}']) && line.contains(':') {
            block = line.split(':').next().unwrap().to_string();
        } else if line.contains(" = phi ") {
            *counts.entry((function.clone(), block.clone())).or_insert(0) += 1;
        }
    }
    counts
}

/// Runs `pass` on every golden input written for it, and LLVM's pass of
/// the same name; the number of phis of every block (and so the blocks
/// with phis) must agree. Returns how many inputs were compared, or None
/// when LLVM's `opt` is not installed.
fn compare_phis_with_llvm(pass: &str) -> Option<usize> {
    let mut compared = 0;
    for golden in golden_files() {
        if golden.passes != pass {
            continue;
        }
        let llvm = llvm_opt(pass, &golden.input)?;
        let mut module = golden.module();
        run_passes(&mut module, pass);
        let ours = wend_ir::print::print_module(&module);
        assert_eq!(
            phis_per_block(&ours),
            phis_per_block(&llvm),
            "{}: phis per (function, block), ours then LLVM's\n{ours}\n{llvm}",
            golden.path.display()
        );
        let blocks = |text: &str| {
            let mut names: Vec<String> = text
                .lines()
                .filter(|l| !l.starts_with([' ', ';', '}']) && l.contains(':'))
                .map(|l| l.split(':').next().unwrap().to_string())
                .collect();
            names.sort();
            names
        };
        assert_eq!(
            blocks(&ours),
            blocks(&llvm),
            "{}: blocks",
            golden.path.display()
        );
        compared += 1;
    }
    Some(compared)
}

/// LCSSA places a phi in an exit block only where a use needs one, as
/// LLVM's does: the same number of phis in every block as `opt`.
#[test]
fn lcssa_places_the_phis_llvm_places() {
    match compare_phis_with_llvm("lcssa") {
        Some(compared) => assert!(compared >= 3, "only {compared} lcssa inputs compared"),
        None => eprintln!("opt not installed: skipping the comparison with LLVM"),
    }
}

/// Loop rotation makes LLVM's shape: the same blocks (guard, `.lr.ph`
/// preheader, split exit edges) and the same phis in each.
#[test]
fn loop_rotate_makes_llvms_shape() {
    match compare_phis_with_llvm("loop-rotate") {
        Some(compared) => assert!(compared >= 3, "only {compared} loop-rotate inputs compared"),
        None => eprintln!("opt not installed: skipping the comparison with LLVM"),
    }
}
