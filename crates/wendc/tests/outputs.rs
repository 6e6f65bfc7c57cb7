//! No command writes over its input, and a failed build leaves an
//! existing output as it was: checked on the real binary.

mod common;

use common::{file_names, wendc_in, write};
use predicates::prelude::*;
use std::path::Path;

const HELLO: &str = "main() {\n    println 42;\n}\n";

/// The names in `dir` that wendc's temporary directories would have.
fn leftovers(dir: &Path) -> Vec<String> {
    file_names(dir)
        .into_iter()
        .filter(|name| name.starts_with(".wendc-"))
        .collect()
}

/// `wendc build prog` names the executable after the source without its
/// extension: for a source without one, that is the source itself.
#[test]
fn build_refuses_the_extensionless_source_as_its_default_output() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "prog", HELLO);
    wendc_in(dir.path())
        .args(["build", "prog"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            predicate::str::contains("refusing to write to `prog`: that is the input file")
                .and(predicate::str::contains("-o")),
        );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("prog")).unwrap(),
        HELLO
    );
    assert!(leftovers(dir.path()).is_empty());
    // With -o elsewhere it builds.
    wendc_in(dir.path())
        .args(["build", "prog", "-o", "prog.exe"])
        .assert()
        .success();
    let out = std::process::Command::new(dir.path().join("prog.exe"))
        .output()
        .unwrap();
    assert_eq!(out.stdout, b"42\n");
}

/// Every command that writes a file refuses the input file as output,
/// however the two paths are spelt.
#[test]
fn every_writing_command_refuses_its_input_as_output() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "prog.wend", HELLO);
    std::fs::create_dir(d.join("sub")).unwrap();
    std::os::unix::fs::symlink("prog.wend", d.join("link.wend")).unwrap();
    std::fs::hard_link(d.join("prog.wend"), d.join("hard.wend")).unwrap();
    // An IR file for `opt`, and a source named like explain's default output.
    wendc_in(d)
        .args(["build", "--emit", "ir", "prog.wend", "-o", "in.ll"])
        .assert()
        .success();
    let ir = std::fs::read_to_string(d.join("in.ll")).unwrap();
    write(d, "page.html", HELLO);
    let cases: &[(&[&str], &str)] = &[
        (&["build", "prog.wend", "-o", "prog.wend"], "prog.wend"),
        (&["build", "prog.wend", "-o", "./prog.wend"], "prog.wend"),
        (
            &["build", "prog.wend", "-o", "sub/../prog.wend"],
            "prog.wend",
        ),
        (
            &["build", "-O2", "./prog.wend", "-o", "link.wend"],
            "prog.wend",
        ),
        (
            &["build", "--backend", "llvm", "prog.wend", "-o", "hard.wend"],
            "prog.wend",
        ),
        (
            &["build", "--emit", "ir", "prog.wend", "-o", "prog.wend"],
            "prog.wend",
        ),
        (
            &["build", "--emit", "llvm", "link.wend", "-o", "prog.wend"],
            "prog.wend",
        ),
        (
            &["build", "--emit", "asm", "prog.wend", "-o", "hard.wend"],
            "prog.wend",
        ),
        (
            &["build", "--emit", "tokens", "prog.wend", "-o", "prog.wend"],
            "prog.wend",
        ),
        (
            &["build", "--emit", "ast", "prog.wend", "-o", "prog.wend"],
            "prog.wend",
        ),
        (
            &["build", "--emit", "dot", "prog.wend", "-o", "prog.wend"],
            "prog.wend",
        ),
        (&["explain", "prog.wend", "-o", "prog.wend"], "prog.wend"),
        (&["explain", "prog.wend", "-o", "./link.wend"], "prog.wend"),
        (&["explain", "page.html"], "page.html"),
        (&["opt", "in.ll", "-o", "in.ll"], "in.ll"),
        (
            &["opt", "--passes", "mem2reg", "in.ll", "-o", "./in.ll"],
            "in.ll",
        ),
    ];
    for (args, input) in cases {
        let before = std::fs::read(d.join(input)).unwrap();
        wendc_in(d)
            .args(*args)
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains("refusing to write to"));
        assert_eq!(
            std::fs::read(d.join(input)).unwrap(),
            before,
            "{args:?} changed {input}"
        );
    }
    assert!(std::fs::symlink_metadata(d.join("link.wend"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(d.join("prog.wend")).unwrap(), HELLO);
    assert_eq!(std::fs::read_to_string(d.join("in.ll")).unwrap(), ir);
    assert!(leftovers(d).is_empty());
}

/// The linker fails after writing part of its output: the existing
/// executable must stay as it was, and nothing is left beside it.
#[test]
fn a_failed_link_leaves_the_old_output_intact() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "prog.wend", HELLO);
    let bin = d.join("bin");
    std::fs::create_dir(&bin).unwrap();
    // An `ld` that scribbles over its output file, then fails.
    let fake_ld = write(
        &bin,
        "ld",
        "#!/bin/sh\nwhile [ $# -gt 0 ]; do\n  if [ \"$1\" = -o ]; then echo garbage > \"$2\"; fi\n  shift\ndone\nexit 1\n",
    );
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake_ld, std::fs::Permissions::from_mode(0o755)).unwrap();
    write(d, "prog", "the previous executable\n");
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    wendc_in(d)
        .env("PATH", path)
        .args(["build", "prog.wend", "-o", "prog"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("`ld` failed"));
    assert_eq!(
        std::fs::read_to_string(d.join("prog")).unwrap(),
        "the previous executable\n"
    );
    assert!(leftovers(d).is_empty(), "{:?}", leftovers(d));
}

/// Writing through a symbolic link replaces the file it names and keeps
/// the link; an existing output is replaced whole.
#[test]
fn outputs_replace_files_and_keep_symbolic_links() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "prog.wend", HELLO);
    write(d, "real.ll", "old contents\n".repeat(10_000));
    std::os::unix::fs::symlink("real.ll", d.join("out.ll")).unwrap();
    wendc_in(d)
        .args(["build", "--emit", "ir", "prog.wend", "-o", "out.ll"])
        .assert()
        .success();
    assert!(std::fs::symlink_metadata(d.join("out.ll"))
        .unwrap()
        .file_type()
        .is_symlink());
    let text = std::fs::read_to_string(d.join("real.ll")).unwrap();
    assert!(text.starts_with("; ModuleID") || text.contains("define i32 @main()"));
    assert!(!text.contains("old contents"), "{text}");
    // An executable over an existing file is executable.
    write(d, "prog", "old\n");
    wendc_in(d)
        .args(["build", "prog.wend", "-o", "prog"])
        .assert()
        .success();
    let out = std::process::Command::new(d.join("prog")).output().unwrap();
    assert_eq!(out.stdout, b"42\n");
    assert!(leftovers(d).is_empty());
}

/// A device is written in place, not replaced: `-o /dev/null` works, and
/// /dev/null is still a device afterwards.
#[test]
fn devices_are_written_in_place() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "prog.wend", HELLO);
    for emit in ["ir", "asm"] {
        wendc_in(dir.path())
            .args(["build", "--emit", emit, "prog.wend", "-o", "/dev/null"])
            .assert()
            .success()
            .stdout("");
    }
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
}

/// When the reader of a program's output leaves (`wendc run p | head`),
/// every pipeline ends with the status of a program killed by SIGPIPE,
/// 141, and says nothing: the interpreter too, which writes from inside
/// wendc (it reported an internal compiler error).
#[test]
fn a_closed_pipe_ends_every_pipeline_as_sigpipe() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    // Far more output than a pipe and the interpreter's buffer hold.
    let src = write(
        dir.path(),
        "many.wend",
        "main() {\n    int i;\n    while i < 10000000 {\n        println i;\n        i = i + 1;\n    }\n}\n",
    );
    let mut pipelines: Vec<&[&str]> = vec![&["--interp"], &[]];
    if std::process::Command::new("llc")
        .arg("--version")
        .output()
        .is_ok()
    {
        pipelines.push(&["--backend", "llvm"]);
    }
    for extra in pipelines {
        let mut wendc = std::process::Command::new(assert_cmd::cargo::cargo_bin("wendc"))
            .arg("run")
            .args(extra)
            .arg(&src)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        std::io::BufReader::new(wendc.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert_eq!(line, "0\n");
        // The reading end is closed here.
        let output = wendc.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(141), "{extra:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{extra:?}");
    }
}
