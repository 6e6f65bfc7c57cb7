//! Textual IR (`.ll`) as the input of every command, and `--ssa`: the
//! flags that need wend source are usage errors with IR, a program must
//! define `i32 @main()` to be run, errors in the file are located in it,
//! and the three SSA flavours place the phis of the seed article's fib
//! (test-programs/ir/fib.ll): 9, 7 and 4.

mod common;

use common::{wendc, write};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

fn fib() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test-programs/ir/fib.ll")
}

/// Phis in the `--emit ir` output of `fib.ll` after mem2reg of `flavour`,
/// in @fib only.
fn fib_phis(flavour: &str) -> usize {
    let out = wendc()
        .args([
            "build", "--emit", "ir", "--passes", "mem2reg", "--ssa", flavour,
        ])
        .arg(fib())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let fib = text.split("define i32 @main").next().unwrap();
    fib.matches(" = phi ").count()
}

#[test]
fn the_flavours_place_9_7_and_4_phis_in_fib() {
    assert_eq!(fib_phis("minimal"), 9);
    assert_eq!(fib_phis("semi-pruned"), 7);
    assert_eq!(fib_phis("pruned"), 4);
}

#[test]
fn analyze_compares_the_flavours_in_one_table() {
    wendc().arg("analyze").arg(fib()).assert().success().stdout(
        predicate::str::contains("phis in all: minimal 9, semi-pruned 7, pruned 4").and(
            predicate::str::contains(
                "c         {entry, while.body}   {while.cond, return}  \
                     {while.cond, return}  {}                    {}",
            ),
        ),
    );
}

#[test]
fn every_command_takes_ir() {
    let dir = tempfile::tempdir().unwrap();
    let fib = fib();
    let expected = "0\n1\n1\n2\n3\n5\n8\n13\n21\n34\n55\n832040\n";
    wendc()
        .args(["run", "--interp", "-O2", "--ssa", "minimal"])
        .arg(&fib)
        .assert()
        .success()
        .stdout(expected);
    wendc()
        .args(["run", "-O1"])
        .arg(&fib)
        .assert()
        .success()
        .stdout(expected);
    for emit in ["ir", "llvm", "dot", "asm"] {
        wendc()
            .args(["build", "--emit", emit, "-O2"])
            .arg(&fib)
            .assert()
            .success()
            .stdout(predicate::str::is_empty().not());
    }
    let html = dir.path().join("fib.html");
    wendc()
        .arg("explain")
        .arg(&fib)
        .arg("-o")
        .arg(&html)
        .assert()
        .success();
    let html = std::fs::read_to_string(html).unwrap();
    assert!(html.contains("<h2>IR input</h2>") && !html.contains("id=\"front\""));
    // The executable is named after the file, as for wend source.
    wendc()
        .current_dir(dir.path())
        .arg("build")
        .arg(&fib)
        .assert()
        .success();
    assert!(dir.path().join("fib").exists());
}

#[test]
fn flags_that_need_wend_source_are_usage_errors() {
    for args in [
        &["build", "--emit", "tokens"][..],
        &["build", "--emit", "ast"],
        &["build", "-g"],
        &["run", "-g"],
    ] {
        wendc()
            .args(args)
            .arg(fib())
            .assert()
            .code(64)
            .stderr(predicate::str::contains("is an IR file"));
    }
}

#[test]
fn errors_in_the_file_are_located_and_a_program_needs_main() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(
        dir.path(),
        "bad.ll",
        "define i32 @main() {\nentry:\n  %x = add i32 1, %nope\n  ret i32 %x\n}\n",
    );
    for args in [
        &["run"][..],
        &["run", "--interp"],
        &["build", "--emit", "dot"],
        &["explain"],
    ] {
        wendc()
            .current_dir(dir.path())
            .args(args)
            .arg(&bad)
            .assert()
            .code(1)
            .stderr(predicate::str::starts_with(format!("{}:3:", bad.display())));
    }
    // The verifier's errors name the line of the instruction at fault.
    let dominance = write(
        dir.path(),
        "dominance.ll",
        "define i32 @main() {\nentry:\n  br label %b\n\nb:\n  ret i32 %y\n\nc:\n  %y = add i32 1, 2\n  br label %b\n}\n",
    );
    wendc()
        .args(["run", "--interp"])
        .arg(&dominance)
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(format!(
            "{}:6: error: invalid IR",
            dominance.display()
        )));
    let no_main = write(
        dir.path(),
        "lib.ll",
        "define i32 @twice(i32 %x) {\nentry:\n  %y = add i32 %x, %x\n  ret i32 %y\n}\n",
    );
    for args in [&["run"][..], &["run", "--interp"], &["build"]] {
        wendc()
            .current_dir(dir.path())
            .args(args)
            .arg(&no_main)
            .assert()
            .code(1)
            .stderr(predicate::str::contains("defines `i32 @main()`"));
    }
    // Without main it can still be looked at.
    wendc()
        .args(["build", "--emit", "asm"])
        .arg(&no_main)
        .assert()
        .success();
    // A branch on undef means nothing: the interpreter says where, as an
    // error of the input (status 1), not as a compiler bug (101).
    let undef = write(
        dir.path(),
        "undef.ll",
        "define i32 @main() {\nentry:\n  br i1 undef, label %a, label %b\n\na:\n  ret i32 0\n\nb:\n  ret i32 1\n}\n",
    );
    wendc()
        .args(["run", "--interp"])
        .arg(&undef)
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(format!(
            "{}: error:",
            undef.display()
        )));
}

/// An IR file is read as a source file is: invalid UTF-8 is located, and a
/// file past the 4 GiB limit is refused before it is read (it used to be
/// read whole, into memory, first).
#[test]
fn binary_and_huge_ir_files_are_refused_as_source_is() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "latin1.ll",
        b"; caf\xe9\ndefine i32 @main() {\n",
    );
    let huge = dir.path().join("huge.ll");
    let file = std::fs::File::create(&huge).unwrap();
    file.set_len(u64::from(u32::MAX) + 1).unwrap();
    for args in [
        &["build"][..],
        &["run", "--interp"],
        &["analyze"],
        &["explain"],
        &["opt"],
    ] {
        wendc()
            .current_dir(dir.path())
            .args(args)
            .arg("latin1.ll")
            .assert()
            .code(1)
            .stderr(
                predicate::str::contains("source file is not valid UTF-8")
                    .and(predicate::str::contains("latin1.ll:1:6")),
            );
        wendc()
            .current_dir(dir.path())
            .args(args)
            .arg("huge.ll")
            .timeout(std::time::Duration::from_secs(20))
            .assert()
            .code(1)
            .stderr(
                "error: cannot compile `huge.ll`: source file too large: 4294967296 bytes, \
                 the limit is 4294967295 (4 GiB)\n",
            );
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
}
