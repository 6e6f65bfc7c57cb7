//! The command line's usage errors (status 64, never 2, which is the
//! program's runtime error), flag combinations that contradict each other
//! or would be ignored, `-o -` and a bare `-O`.

mod common;

use common::{have, wendc, wendc_in, write};
use predicates::prelude::*;
use std::path::{Path, PathBuf};

/// -O0, -O1 and -O2 give three different IRs of this program (-O2 alone
/// inlines `add`), so that a test can tell the levels apart.
const LOOP: &str = "main() {\n    int i;\n    int s;\n    add(int k) {\n        s = s + k;\n    }\n    while i < 5 {\n        add(i);\n        i = i + 1;\n    }\n    println s;\n}\n";

fn source(dir: &Path) -> PathBuf {
    write(dir, "loop.wend", LOOP)
}

#[test]
fn usage_errors_exit_64() {
    let dir = tempfile::tempdir().unwrap();
    let src = source(dir.path());
    let src = src.to_str().unwrap();
    let cases: &[&[&str]] = &[
        &[],
        &["frobnicate"],
        &["build"],
        &["build", src, "--no-such-flag"],
        &["build", "-O3", src],
        &["build", "--emit", "pdf", src],
        &["run", "--backend", "gcc", src],
        &["explain", "-O", "9", src],
        &["build", "--print-changed=both", "-O1", src],
        &["build", "--filter-function", src],
    ];
    for args in cases {
        wendc()
            .args(*args)
            .assert()
            .code(64)
            .stdout("")
            .stderr(predicate::str::starts_with("error:").or(predicate::str::contains("Usage:")));
    }
}

#[test]
fn help_and_version_exit_0_and_help_lists_the_statuses() {
    wendc().arg("--help").assert().success().stdout(
        predicate::str::contains("Exit status:")
            .and(predicate::str::contains("64   command-line usage error"))
            .and(predicate::str::contains(
                "2    the program stopped with a runtime error",
            ))
            .and(predicate::str::contains("128+N")),
    );
    wendc()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("wendc "));
    for sub in ["build", "run", "opt", "analyze", "explain"] {
        wendc().args([sub, "--help"]).assert().success();
    }
    wendc().args(["help", "build"]).assert().success();
}

/// A grading script tells a usage error from a runtime error by the status.
#[test]
fn usage_error_and_runtime_error_have_different_statuses() {
    let dir = tempfile::tempdir().unwrap();
    let div = dir.path().join("div.wend");
    std::fs::write(&div, "main() {\n    int z;\n    println 1 / z;\n}\n").unwrap();
    wendc().args(["run", "--interp"]).arg(&div).assert().code(2);
    wendc().arg("run").arg(&div).assert().code(2);
    wendc()
        .args(["run", "--interp", "--bogus"])
        .arg(&div)
        .assert()
        .code(64);
}

#[test]
fn contradictory_or_ineffective_flags_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let src = source(dir.path());
    let src = src.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["run", "--interp", "--backend", "llvm", src], "--interp"),
        (&["run", "--interp", "--backend", "native", src], "--interp"),
        (&["build", "--asm-comments", src], "--asm-comments"),
        (
            &["build", "--emit", "ir", "--asm-comments", src],
            "--asm-comments",
        ),
        (
            &[
                "build",
                "--emit",
                "asm",
                "--backend",
                "llvm",
                "--asm-comments",
                src,
            ],
            "--asm-comments",
        ),
        (
            &["build", "--emit", "ir", "--backend", "llvm", src],
            "--backend",
        ),
        (
            &["build", "--emit", "llvm", "--backend", "native", src],
            "--backend",
        ),
        (
            &["build", "--emit", "dot", "--backend", "llvm", src],
            "--backend",
        ),
        (&["build", "--emit", "tokens", "-O2", src], "-O"),
        (
            &["build", "--emit", "ast", "--passes", "mem2reg", src],
            "--passes",
        ),
        (
            &["build", "--emit", "ast", "--time-passes", src],
            "--time-passes",
        ),
        (
            &["build", "-O2", "--passes", "mem2reg", "--emit", "ir", src],
            "--passes",
        ),
        (&["explain", "-O1", "--passes", "mem2reg", src], "--passes"),
        (
            &["build", "--emit", "ir", "--print-after-all", src],
            "--print-after-all",
        ),
        (
            &["build", "--emit", "ir", "-O0", "--print-after-all", src],
            "--print-after-all",
        ),
        (
            &["run", "--interp", "--print-after-all", src],
            "--print-after-all",
        ),
        (&["run", "--interp", "--time-passes", src], "--time-passes"),
        (&["opt", "--print-after-all", src], "--print-after-all"),
        (
            &["build", "--emit", "ir", "--print-changed", src],
            "--print-changed",
        ),
        (&["opt", "--print-changed=diff", src], "--print-changed"),
        (
            &[
                "build",
                "--emit",
                "ir",
                "-O1",
                "--print-changed",
                "--print-after-all",
                src,
            ],
            "--print-changed",
        ),
        (
            &[
                "build",
                "--emit",
                "asm",
                "-O1",
                "--filter-function",
                "main",
                src,
            ],
            "--filter-function",
        ),
        (
            &["run", "--interp", "-O1", "--filter-function", "main", src],
            "--filter-function",
        ),
        (
            &["build", "--emit", "ast", "--filter-function", "main", src],
            "--filter-function",
        ),
        (
            &[
                "opt",
                "--passes",
                "mem2reg",
                "--filter-function",
                "main",
                src,
            ],
            "--filter-function",
        ),
        (&["build", src, "-o", "-"], "standard output"),
    ];
    for (args, flag) in cases {
        wendc_in(dir.path())
            .args(*args)
            .assert()
            .code(64)
            .stdout("")
            .stderr(predicate::str::contains(*flag).and(predicate::str::contains("Usage:")));
    }
    // `-o -` for an executable made no file named `-`.
    assert!(!dir.path().join("-").exists());
    // The combinations that do something are accepted.
    wendc()
        .args(["build", "--emit", "ir", "-O1", "--print-after-all", src])
        .assert()
        .success();
    wendc()
        .args(["build", "--emit", "asm", "--asm-comments", src])
        .assert()
        .success();
}

/// `-o -` is standard output for every text output.
#[test]
fn dash_output_is_stdout_for_every_text_emit() {
    let dir = tempfile::tempdir().unwrap();
    let src = source(dir.path());
    for (emit, needle) in [
        ("tokens", "while"),
        ("ast", "while"),
        ("ir", "define i32 @main()"),
        ("llvm", "define i32 @main()"),
        ("dot", "digraph"),
        ("asm", "main:"),
    ] {
        wendc_in(dir.path())
            .args(["build", "--emit", emit, "-o", "-"])
            .arg(&src)
            .assert()
            .success()
            .stdout(predicate::str::contains(needle));
    }
    let ll = dir.path().join("loop.ll");
    wendc()
        .args(["build", "--emit", "ir", "-o"])
        .arg(&ll)
        .arg(&src)
        .assert()
        .success();
    wendc_in(dir.path())
        .args(["opt", "--passes", "mem2reg", "-o", "-"])
        .arg(&ll)
        .assert()
        .success()
        .stdout(predicate::str::contains("phi i32"));
    wendc_in(dir.path())
        .args(["explain", "--layout", "builtin", "-o", "-"])
        .arg(&src)
        .assert()
        .success()
        .stdout(
            predicate::str::starts_with("<!DOCTYPE html>")
                .or(predicate::str::starts_with("<!doctype html>")),
        );
    assert!(!dir.path().join("-").exists());
}

/// A bare `-O` is `-O2`, wherever it stands; `-O 1` is `-O1`.
#[test]
fn bare_o_means_o2() {
    let dir = tempfile::tempdir().unwrap();
    let src = source(dir.path());
    let ir = |args: &[&str]| {
        let out = wendc()
            .args(["build", "--emit", "ir"])
            .args(args)
            .arg(&src)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let o0 = ir(&["-O0"]);
    let o1 = ir(&["-O1"]);
    let o2 = ir(&["-O2"]);
    // The test can only fail if the levels differ on this program.
    assert_ne!(o0, o2);
    assert_ne!(o1, o2);
    assert_eq!(ir(&["-O"]), o2);
    assert_eq!(ir(&["-O", "1"]), o1);
    assert_eq!(ir(&["-O", "2"]), o2);
    // After the file, too.
    let out = wendc()
        .args(["build", "--emit", "ir"])
        .arg(&src)
        .arg("-O")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), o2);
    wendc()
        .args(["run", "--interp", "-O"])
        .arg(&src)
        .assert()
        .success()
        .stdout("10\n");
}

/// `--emit asm --backend llvm` is llc's assembly, which `cc` links.
#[test]
fn emit_asm_with_the_llvm_backend_is_llc_assembly() {
    if !have("llc") || !have("cc") {
        eprintln!("llc or cc not installed: skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let src = source(dir.path());
    let native = wendc()
        .args(["build", "--emit", "asm"])
        .arg(&src)
        .output()
        .unwrap();
    let s = dir.path().join("loop.s");
    wendc()
        .args(["build", "--emit", "asm", "--backend", "llvm", "-O2", "-o"])
        .arg(&s)
        .arg(&src)
        .assert()
        .success();
    let llc = std::fs::read(&s).unwrap();
    assert_ne!(llc, native.stdout);
    // llc marks its functions' starts; the native backend does not.
    assert!(String::from_utf8_lossy(&llc).contains("-- Begin function main"));
    let exe = dir.path().join("loop");
    let linked = std::process::Command::new("cc")
        .arg(&s)
        .arg("-o")
        .arg(&exe)
        .status()
        .unwrap();
    assert!(linked.success());
    let out = std::process::Command::new(&exe).output().unwrap();
    assert_eq!(out.stdout, b"10\n");
}
