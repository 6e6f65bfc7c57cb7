//! The IR dumps of the pass pipeline: `--print-changed[=whole|diff]` shows
//! only the functions each pass changed (LLVM's `-print-changed`), and
//! `--filter-function NAME` restricts every IR dump — `--print-after-all`,
//! `--print-changed`, `--emit ir` — to one function.

mod common;

use common::{wendc, write};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

/// `main` with a nested function `bump`, each with a variable mem2reg
/// promotes (`y`, `t`); `x` is shared, so it stays in memory until `bump`
/// is inlined.
const PROGRAM: &str = "main() {\n    int x;\n    int y;\n    bump() {\n        int t;\n        \
                       t = x + 1;\n        x = t;\n    }\n    y = 2;\n    bump();\n    \
                       println x + y;\n}\n";

fn program(dir: &Path) -> PathBuf {
    write(dir, "prog.wend", PROGRAM)
}

/// The stderr of a successful `wendc build --emit ir -o /dev/null ARGS…`.
fn dumps(src: &Path, args: &[&str]) -> String {
    let out = wendc()
        .args(["build", "--emit", "ir", "-o"])
        .arg(if cfg!(unix) { "/dev/null" } else { "NUL" })
        .args(args)
        .arg(src)
        .assert()
        .success()
        .get_output()
        .clone();
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn print_changed_shows_the_start_and_only_what_changed() {
    let dir = tempfile::tempdir().unwrap();
    let src = program(dir.path());
    let err = dumps(&src, &["--passes", "mem2reg,mem2reg", "--print-changed"]);
    assert!(
        err.starts_with("; *** IR Dump At Start ***\ndefine i32 @main()"),
        "{err}"
    );
    // The first mem2reg changed both functions: each shown whole, once.
    assert_eq!(
        err.matches("; *** IR Dump After mem2reg on @main ***\ndefine i32 @main()")
            .count(),
        1,
        "{err}"
    );
    assert_eq!(
        err.matches("; *** IR Dump After mem2reg on @main.bump ***\n")
            .count(),
        1,
        "{err}"
    );
    // The second changed nothing: one line says so.
    assert!(
        err.ends_with("; *** IR Dump After mem2reg omitted because no change ***\n"),
        "{err}"
    );
    // Whole functions, not diffs.
    assert!(!err.contains("\n+") && !err.contains("@@"), "{err}");
}

#[test]
fn print_changed_diff_is_a_unified_diff_per_changed_function() {
    let dir = tempfile::tempdir().unwrap();
    let src = program(dir.path());
    let err = dumps(&src, &["--passes", "mem2reg", "--print-changed=diff"]);
    assert!(err.contains("; *** IR Dump After mem2reg on @main ***\n--- @main before mem2reg\n+++ @main after mem2reg\n@@ "), "{err}");
    // main's x stays in memory (bump writes it through a pointer), its
    // loads are what change; bump's loads and stores go through the pointer
    // too, so nothing of bump is promoted.
    assert!(
        err.contains("\n-  %0 = load i32, i32* %x\n") || err.contains("\n-  "),
        "{err}"
    );
    let whole = dumps(
        &src,
        &["--passes", "inline,mem2reg", "--print-changed=diff"],
    );
    // The inliner deletes the inlined function: reported as such.
    assert!(
        whole.contains("; *** IR Deleted After inline on @main.bump ***"),
        "{whole}"
    );
    assert!(whole.contains("+++ @main after inline"), "{whole}");
    assert!(
        whole.contains("\n-  %x = alloca i32\n"),
        "mem2reg's diff removes the slot\n{whole}"
    );
}

#[test]
fn filter_function_restricts_every_dump() {
    let dir = tempfile::tempdir().unwrap();
    let src = program(dir.path());
    let after_all = dumps(
        &src,
        &["-O1", "--print-after-all", "--filter-function", "main.bump"],
    );
    assert!(
        after_all.contains("; *** IR Dump After sccp ***\ndefine void @main.bump("),
        "{after_all}"
    );
    assert!(!after_all.contains("@main()"), "{after_all}");
    let changed = dumps(
        &src,
        &["-O1", "--print-changed", "--filter-function", "main"],
    );
    assert!(changed.contains("on @main ***"), "{changed}");
    assert!(
        !changed.contains("on @main.bump") && !changed.contains("define void @main.bump"),
        "{changed}"
    );
    wendc()
        .args(["build", "--emit", "ir", "--filter-function", "main.bump"])
        .arg(&src)
        .assert()
        .success()
        .stdout(
            predicate::str::starts_with("define void @main.bump(")
                .and(predicate::str::contains("@main()").not()),
        )
        .stderr("");
}

#[test]
fn filter_function_names_a_function_of_the_program() {
    let dir = tempfile::tempdir().unwrap();
    let src = program(dir.path());
    wendc()
        .args(["build", "--emit", "ir", "--filter-function", "bump"])
        .arg(&src)
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            predicate::str::contains("defines no function `bump`")
                .and(predicate::str::contains(
                    "help: a nested function is named by its path: `--filter-function main.bump`",
                ))
                .and(predicate::str::contains(
                    "note: the functions are `main`, `main.bump`",
                )),
        );
}

#[test]
fn opt_prints_changed_functions_of_an_ir_file() {
    let dir = tempfile::tempdir().unwrap();
    let ll = dir.path().join("f.ll");
    std::fs::write(
        &ll,
        "define i32 @f() {\nentry:\n  %x = alloca i32\n  store i32 7, i32* %x\n  %v = load i32, i32* %x\n  ret i32 %v\n}\n\n\
         define i32 @g() {\nentry:\n  ret i32 1\n}\n",
    )
    .unwrap();
    let out = wendc()
        .args(["opt", "--passes", "mem2reg", "--print-changed=diff"])
        .arg(&ll)
        .assert()
        .success()
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("--- @f before mem2reg\n+++ @f after mem2reg\n"),
        "{err}"
    );
    assert!(
        err.contains("-  %x = alloca i32\n") && err.contains("+  ret i32 7\n"),
        "{err}"
    );
    assert!(!err.contains("on @g"), "@g did not change\n{err}");
}

/// When the reader of stderr has left (`wendc … 2>&1 | head`), the dumps
/// stop the compile with status 1, as a closed stdout does; they used to
/// panic (status 101) in `eprint!`.
#[test]
fn a_closed_stderr_stops_the_dumps_without_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let src = program(dir.path());
    for dump in [
        "--print-after-all",
        "--print-changed",
        "--print-changed=diff",
    ] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("wendc"))
            .args(["build", "--emit", "ir", "-O2", "-o"])
            .arg(dir.path().join("prog.ll"))
            .arg(dump)
            .arg(&src)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The read end closes before the compiler writes its first dump.
        drop(child.stderr.take());
        assert_eq!(child.wait().unwrap().code(), Some(1), "{dump}");
    }
}
