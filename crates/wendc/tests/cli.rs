//! Behaviour of the `wendc` command line: exit statuses, `--emit` kinds and
//! diagnostics, checked on the real binary with assert_cmd.

mod common;

use common::{have, long_program, wendc, write};
use predicates::prelude::*;
use std::path::Path;

const HELLO: &str =
    "main() {\n    int x;\n    x = 6 * 7;\n    println x;\n    println \"hi\";\n}\n";

/// Runs `wendc build --emit EMIT SRC -o OUT`, which must succeed; returns OUT.
fn emit_to(src: &Path, emit: &str, out: std::path::PathBuf) -> std::path::PathBuf {
    wendc()
        .args(["build", "--emit", emit])
        .arg(src)
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    out
}

#[test]
fn run_interp_prints_and_exits_zero() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "hello.wend", HELLO.as_bytes());
    wendc()
        .args(["run", "--interp"])
        .arg(&src)
        .assert()
        .success()
        .stdout("42\nhi\n")
        .stderr("");
}

#[test]
fn run_passes_runtime_error_status_through() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(
        dir.path(),
        "div.wend",
        b"main() {\n    int z;\n    print 1;\n    print 5 / z;\n}\n",
    );
    wendc()
        .args(["run", "--interp"])
        .arg(&src)
        .assert()
        .code(2)
        .stdout("1")
        .stderr("runtime error: division by zero at line 4\n");
    if have("llc") {
        wendc()
            .arg("run")
            .arg(&src)
            .assert()
            .code(2)
            .stdout("1")
            .stderr("runtime error: division by zero at line 4\n");
    }
}

#[test]
fn build_executable_runs() {
    if !have("llc") {
        eprintln!("llc not installed: skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "hello.wend", HELLO.as_bytes());
    let exe = dir.path().join("hello");
    wendc()
        .arg("build")
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .assert()
        .success();
    let out = std::process::Command::new(&exe).output().unwrap();
    assert_eq!(out.stdout, b"42\nhi\n");
    assert!(out.status.success());
}

#[test]
fn every_text_emit_kind_works() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "hello.wend", HELLO.as_bytes());
    for (kind, needle) in [
        ("tokens", "println"),
        ("ast", "x"),
        ("ir", "define i32 @main()"),
        ("llvm", "define i32 @main()"),
    ] {
        wendc()
            .args(["build", "--emit", kind])
            .arg(&src)
            .assert()
            .success()
            .stdout(predicate::str::contains(needle));
    }
}

#[test]
fn emitted_ir_goes_to_the_output_file() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "hello.wend", HELLO.as_bytes());
    let out = dir.path().join("hello.ll");
    wendc()
        .args(["build", "--emit", "ir"])
        .arg(&src)
        .arg("-o")
        .arg(&out)
        .assert()
        .success()
        .stdout("");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("@wend_print_int"));
}

/// A write that fails (a full disk: `/dev/full`) is an error with status
/// 1, for the streamed assembly as for the other outputs, never a success
/// with a truncated file.
#[test]
fn failed_writes_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "hello.wend", HELLO.as_bytes());
    for emit in ["asm", "ir", "llvm"] {
        wendc()
            .args(["build", "--emit", emit])
            .arg(&src)
            .args(["-o", "/dev/full"])
            .assert()
            .code(1)
            .stderr(predicate::str::starts_with("error: cannot write output"));
    }
}

#[test]
fn compile_error_is_located_and_exits_one() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(
        dir.path(),
        "bad.wend",
        b"main() {\n    int x;\n    x = true;\n}\n",
    );
    wendc()
        .arg("build")
        .arg(&src)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("bad.wend:3:"));
}

#[test]
fn a_failed_compile_ends_with_a_summary_line_counting_errors_and_warnings() {
    let dir = tempfile::tempdir().unwrap();
    // A syntax error and a type error in `main`, an unreachable statement
    // (a warning) in `f`, which parsed: all three are reported.
    let src = write(
        dir.path(),
        "several.wend",
        b"main() {\n    int x;\n    f() {\n        return;\n        print 1;\n    }\n    \
          x = true;\n    x = ;\n}\n",
    );
    let summary = format!(
        "error: could not compile `{}` due to 2 previous errors; 1 warning emitted\n",
        src.display()
    );
    wendc()
        .arg("build")
        .arg(&src)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("warning: unreachable statement"))
        .stderr(predicate::str::contains("error: mismatched types"))
        .stderr(predicate::str::contains(
            "error: expected an expression, found `;`",
        ))
        .stderr(predicate::str::ends_with(summary));
    // Silenced warnings are not counted; one error is "1 previous error".
    let summary = format!(
        "error: could not compile `{}` due to 2 previous errors\n",
        src.display()
    );
    wendc()
        .args(["build", "-w"])
        .arg(&src)
        .assert()
        .code(1)
        .stderr(predicate::str::ends_with(summary));
    let src = write(dir.path(), "one.wend", b"main() {\n    print 1\n}\n");
    let summary = format!(
        "error: could not compile `{}` due to 1 previous error\n",
        src.display()
    );
    wendc()
        .args(["build", "--emit", "ast"])
        .arg(&src)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("add `;` here"))
        .stderr(predicate::str::ends_with(summary));
}

#[test]
fn hostile_inputs_give_diagnostics_not_panics() {
    let dir = tempfile::tempdir().unwrap();
    let deep_parens = format!(
        "main() {{ println {}1{}; }}",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty.wend", Vec::new()),
        ("comments.wend", b"// only a comment\n".to_vec()),
        ("nul.wend", b"main() { \0 }".to_vec()),
        ("utf8.wend", b"main() { print \"\xff\xfe\"; }".to_vec()),
        ("garbage.wend", (0..=255u8).cycle().take(4096).collect()),
        ("deep.wend", deep_parens.into_bytes()),
    ];
    for (name, bytes) in cases {
        let src = write(dir.path(), name, &bytes);
        wendc()
            .args(["build", "--emit", "ir"])
            .arg(&src)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(name));
    }
}

#[test]
fn warnings_do_not_fail_the_build_and_can_be_silenced() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(
        dir.path(),
        "warn.wend",
        b"main() {\n    return;\n    println 1;\n}\n",
    );
    wendc()
        .args(["run", "--interp"])
        .arg(&src)
        .assert()
        .success()
        .stdout("")
        .stderr(predicate::str::contains("warning"));
    wendc()
        .args(["run", "--interp", "-w"])
        .arg(&src)
        .assert()
        .success()
        .stderr("");
}

#[test]
fn missing_file_is_an_error() {
    wendc()
        .args(["build", "/nonexistent/x.wend"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cannot read"));
}

/// An output in a directory that does not exist: the error names that
/// directory and the reason, not the temporary name the output is first
/// written under.
#[test]
fn output_in_a_missing_directory_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "hello.wend", HELLO.as_bytes());
    let out = dir.path().join("missing/hello");
    let assert = wendc()
        .args(["build"])
        .arg(&src)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(1);
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    let want = format!(
        "error: cannot write output `{}`: cannot create a file in `{}`: No such file or \
         directory (os error 2)\n",
        out.display(),
        out.parent().unwrap().display()
    );
    assert_eq!(stderr, want);
}

const LOOP: &str = "main() {\n    int i;\n    int s;\n    while i < 5 {\n        s = s + i;\n        i = i + 1;\n    }\n    println s;\n}\n";

#[test]
fn passes_and_print_after_all() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "loop.wend", LOOP.as_bytes());
    wendc()
        .args([
            "build",
            "--emit",
            "ir",
            "--passes",
            "mem2reg",
            "--print-after-all",
        ])
        .arg(&src)
        .assert()
        .success()
        .stdout(predicate::str::contains("phi i32").and(predicate::str::contains("alloca").not()))
        .stderr(predicate::str::contains("; *** IR Dump After mem2reg ***"));
    wendc()
        .args(["run", "--interp", "--passes", "mem2reg,reg2mem,mem2reg"])
        .arg(&src)
        .assert()
        .success()
        .stdout("10\n");
}

/// Assembly and executables are built without value names, but whatever
/// shows the IR still shows the variables' names: the dumps of
/// `--print-after-all` and the comments of `--asm-comments`.
#[test]
fn ir_shown_beside_assembly_keeps_value_names() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "loop.wend", LOOP.as_bytes());
    wendc()
        .args(["build", "--emit", "asm", "-o", "-", "--passes", "mem2reg"])
        .arg("--print-after-all")
        .arg(&src)
        .assert()
        .success()
        .stderr(predicate::str::contains("%s = phi i32"));
    wendc()
        .args(["build", "--emit", "asm", "-o", "-", "--asm-comments"])
        .arg(&src)
        .assert()
        .success()
        .stdout(predicate::str::contains("# %s = alloca i32"));
}

#[test]
fn time_passes_prints_a_phase_table_with_time_kernel_time_and_peak_memory() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "loop.wend", LOOP.as_bytes());
    let output = wendc()
        .args(["build", "--emit", "asm", "-O1", "--time-passes"])
        .arg(&src)
        .output()
        .unwrap();
    assert!(output.status.success());
    let table = String::from_utf8(output.stderr).unwrap();
    let mut lines = table.lines();
    let header: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    assert_eq!(
        header,
        ["phase", "time", "(ms)", "share", "runs", "kernel", "(ms)", "peak", "(MiB)"]
    );
    // Every phase row: name, milliseconds, share, runs, kernel
    // milliseconds, peak in MiB.
    let mut phases = Vec::new();
    for line in lines.by_ref().take_while(|l| !l.starts_with("total")) {
        let (name, numbers) = line.split_at(line.find("  ").unwrap());
        let numbers: Vec<&str> = numbers.split_whitespace().collect();
        assert_eq!(numbers.len(), 5, "{line}");
        assert!(numbers[3].parse::<f64>().unwrap() >= 0.0, "{line}");
        assert!(numbers[4].parse::<f64>().unwrap() > 0.0, "{line}");
        phases.push(name.trim().to_string());
    }
    for phase in [
        "read",
        "frontend",
        "lower",
        "verify",
        "mem2reg",
        "codegen (x86)",
    ] {
        assert!(
            phases.iter().any(|p| p == phase),
            "{phase} missing in:\n{table}"
        );
    }
    assert!(table.contains("\npeak memory: "), "{table}");
}

#[test]
fn unknown_pass_is_an_error_listing_the_known_ones() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "loop.wend", LOOP.as_bytes());
    wendc()
        .args(["build", "--emit", "ir", "--passes", "nosuchpass"])
        .arg(&src)
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("unknown pass `nosuchpass`")
                .and(predicate::str::contains("mem2reg")),
        );
}

#[test]
fn opt_reads_ir_and_runs_passes() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "loop.wend", LOOP.as_bytes());
    let ll = emit_to(&src, "ir", dir.path().join("loop.ll"));
    let out = dir.path().join("loop.opt.ll");
    wendc()
        .args(["opt", "--passes", "mem2reg"])
        .arg(&ll)
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("phi i32") && !text.contains("alloca"),
        "{text}"
    );
    // Without passes, opt round-trips its input.
    wendc()
        .arg("opt")
        .arg(&ll)
        .assert()
        .success()
        .stdout(std::fs::read_to_string(&ll).unwrap());
}

#[test]
fn opt_reports_bad_ir_with_a_location() {
    let dir = tempfile::tempdir().unwrap();
    let ll = write(
        dir.path(),
        "bad.ll",
        b"define i32 @main() {\nentry:\n  ret i32 %nope\n}\n",
    );
    wendc()
        .args(["opt", "--passes", "mem2reg"])
        .arg(&ll)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("bad.ll:3:").and(predicate::str::contains("note").not()));
}

#[test]
fn opt_reads_emit_llvm_output_and_writes_it_back_with_its_runtime() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "loop.wend", LOOP.as_bytes());
    let ll = emit_to(&src, "llvm", dir.path().join("loop.ll"));
    let text = std::fs::read_to_string(&ll).unwrap();
    // Without passes, the module with its runtime comes back byte for byte.
    wendc()
        .arg("opt")
        .arg(&ll)
        .assert()
        .success()
        .stdout(text.clone());
    let out = dir.path().join("loop.opt.ll");
    wendc()
        .args(["opt", "--passes", "mem2reg"])
        .arg(&ll)
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    let optimised = std::fs::read_to_string(&out).unwrap();
    assert!(optimised.contains("phi i32"), "{optimised}");
    assert!(
        optimised.contains("define void @wend_print_int("),
        "{optimised}"
    );
    if have("lli") {
        let expected = std::process::Command::new("lli").arg(&ll).output().unwrap();
        let got = std::process::Command::new("lli")
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(got.stdout, expected.stdout);
        assert_eq!(got.status.code(), expected.status.code());
    }
    // analyze reads it through the same reader.
    wendc()
        .arg("analyze")
        .arg(&ll)
        .assert()
        .success()
        .stdout(predicate::str::contains("function @main"));
}

#[test]
fn opt_error_in_a_module_with_its_runtime_has_no_runtime_note() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "loop.wend", LOOP.as_bytes());
    let ll = emit_to(&src, "llvm", dir.path().join("loop.ll"));
    let text = std::fs::read_to_string(&ll).unwrap();
    let broken = text.replacen("br label %while.cond", "br label %nowhere", 1);
    assert_ne!(broken, text);
    std::fs::write(&ll, broken).unwrap();
    wendc().arg("opt").arg(&ll).assert().code(1).stderr(
        predicate::str::contains("use of undefined label `%nowhere`")
            .and(predicate::str::contains("note").not()),
    );
}

#[test]
fn opt_and_analyze_read_opaque_pointers() {
    let dir = tempfile::tempdir().unwrap();
    let ll = write(
        dir.path(),
        "max.ll",
        b"define i32 @max(i32 %a, i32 %b) {\nentry:\n  %r = alloca i32, align 4\n  \
          store i32 %a, ptr %r, align 4\n  %c = icmp sgt i32 %b, %a\n  \
          br i1 %c, label %then, label %end\n\nthen:\n  store i32 %b, ptr %r, align 4\n  \
          br label %end\n\nend:\n  %v = load i32, ptr %r, align 4\n  ret i32 %v\n}\n",
    );
    wendc()
        .arg("opt")
        .arg(&ll)
        .assert()
        .success()
        .stdout(predicate::str::contains("store i32 %a, i32* %r"));
    wendc()
        .arg("analyze")
        .arg(&ll)
        .assert()
        .success()
        .stdout(predicate::str::contains("function @max").and(predicate::str::contains("phi")));
    let unknown = write(dir.path(), "f.ll", b"declare void @f(ptr)\n");
    wendc()
        .arg("opt")
        .arg(&unknown)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "f.ll:1:17: error: cannot tell what parameter 1",
        ));
}

#[test]
fn opt_locates_a_changed_runtime_routine() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "loop.wend", LOOP.as_bytes());
    let ll = emit_to(&src, "llvm", dir.path().join("loop.ll"));
    let text = std::fs::read_to_string(&ll).unwrap();
    // A routine changed by hand is no longer wendc's runtime: its body is
    // read as ordinary IR, where the libc call is out of reach.
    let changed = text.replace("@putchar(i32 10)", "@putchar(i32 13)");
    assert_ne!(changed, text);
    let line = changed
        .lines()
        .position(|l| l.contains("@putchar(i32 13)"))
        .unwrap()
        + 1;
    std::fs::write(&ll, changed).unwrap();
    wendc().arg("opt").arg(&ll).assert().code(1).stderr(
        predicate::str::contains(format!("loop.ll:{line}:"))
            .and(predicate::str::contains("error:"))
            .and(predicate::str::contains(
                "note: `@wend_print_newline` is not defined as `wendc build --emit llvm` writes it",
            )),
    );
}

#[test]
fn analyze_prints_dominators_frontiers_and_phis() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "loop.wend", LOOP.as_bytes());
    wendc().arg("analyze").arg(&src).assert().success().stdout(
        predicate::str::contains("function @main")
            .and(predicate::str::contains("dominance frontier"))
            .and(predicate::str::contains("while.cond  entry"))
            .and(predicate::str::contains("i: while.cond"))
            .and(predicate::str::contains("s: while.cond")),
    );
}

#[test]
fn emit_dot_draws_each_function() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "loop.wend", LOOP.as_bytes());
    wendc()
        .args(["build", "--emit", "dot"])
        .arg(&src)
        .assert()
        .success()
        .stdout(predicate::str::starts_with("digraph").and(predicate::str::contains("while.cond")));
}

/// The report `wendc explain` writes for `src` with `flags` (built-in
/// layout), which must succeed.
fn explain(src: &Path, flags: &[&str]) -> String {
    let out = src.with_extension("html");
    wendc()
        .args(["explain", "--layout", "builtin"])
        .args(flags)
        .arg(src)
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    std::fs::read_to_string(&out).unwrap()
}

#[test]
fn explain_writes_a_self_contained_report() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "loop.wend", LOOP.as_bytes());
    let html = explain(&src, &[]);
    assert!(html.starts_with("<!DOCTYPE html>") || html.starts_with("<!doctype html>"));
    assert!(html.contains("mem2reg") && html.contains("<svg"));
    // No network: nothing is loaded from elsewhere.
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
}

/// Output cut short by the reader (`wendc analyze f | head`) is an error
/// message and status 1 for every command that writes to stdout, never a
/// panic.
#[test]
fn closed_stdout_is_an_error_not_a_panic() {
    use std::io::Read;
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    // Far more output than a pipe holds, so the writes after the reader
    // left fail.
    let text = long_program(800, "    println x;\n");
    let src = write(dir.path(), "long.wend", text);
    let commands: [&[&str]; 3] = [
        &["analyze"],
        &["build", "--emit", "ir"],
        &["build", "--emit", "asm", "-o", "-"],
    ];
    for args in commands {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("wendc"))
            .args(args)
            .arg(&src)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The pipe's read end is dropped here.
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains("cannot write output"), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// The assembly of a report is what `build` writes with the same flags:
/// the frame pointer is omitted at -O1 and -O2, kept at -O0 and with a
/// list of passes (as `build --passes`).
#[test]
fn explain_shows_the_assembly_build_writes() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "framed.wend", common::FRAMED);
    for flags in [&["-O0"][..], &["-O1"], &["-O2"], &["--passes=mem2reg"]] {
        let html = explain(&src, flags);
        let main = html.split("id=\"fn-main-asm\"").nth(1).unwrap();
        let main = main.split("</section>").next().unwrap();
        let shown = common::report_asm_instructions(main);
        let built = common::built_main(&src, flags);
        assert_eq!(shown, built, "{flags:?}");
        let frame_pointer = built.iter().any(|i| i == "movq %rsp, %rbp");
        assert_eq!(frame_pointer, matches!(flags, ["-O0" | "--passes=mem2reg"]));
    }
}
