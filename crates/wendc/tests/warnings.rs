//! Warnings on the command line: printed without failing the build,
//! hidden by `-w`, made errors by `-D warnings` (exit status 1, nothing
//! built or run), and silenced one by one with a leading underscore.

mod common;

use common::{wendc, write};
use predicates::prelude::*;

/// Prints 1; `unused` is never used.
const UNUSED: &str = "main() {\n    int unused;\n    println 1;\n}\n";

#[test]
fn a_warning_is_printed_and_the_program_still_builds_and_runs() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "unused.wend", UNUSED);
    wendc()
        .args(["run", "--interp"])
        .arg(&src)
        .assert()
        .success()
        .stdout("1\n")
        .stderr(
            predicate::str::contains("warning: unused variable `unused`")
                .and(predicate::str::contains("unused.wend:2:9"))
                .and(predicate::str::contains(
                    "prefix it with an underscore: `_unused`",
                )),
        );
    wendc()
        .args(["run", "--interp", "-w"])
        .arg(&src)
        .assert()
        .success()
        .stdout("1\n")
        .stderr("");
}

#[test]
fn deny_warnings_fails_with_status_1_and_builds_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "unused.wend", UNUSED);
    let out = dir.path().join("unused");
    wendc()
        .args(["build", "-D", "warnings"])
        .arg(&src)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("error: unused variable `unused`")
                .and(predicate::str::contains(
                    "`-D warnings` makes every warning an error",
                ))
                .and(predicate::str::contains("warning:").not()),
        );
    assert!(!out.exists(), "an executable was written");
    // `run` does not run the program.
    wendc()
        .args(["run", "--interp", "-D", "warnings"])
        .arg(&src)
        .assert()
        .code(1)
        .stdout("");
    // Every kind of warning, the unreachable statement too.
    let unreachable = write(
        dir.path(),
        "unreachable.wend",
        "main() {\n    return;\n    println 1;\n}\n",
    );
    wendc()
        .args(["run", "--interp", "-D", "warnings"])
        .arg(&unreachable)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("error: unreachable statement"));
}

#[test]
fn deny_warnings_accepts_a_program_without_warnings() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(
        dir.path(),
        "clean.wend",
        "main() {\n    int used;\n    used = 2;\n    println used;\n}\n",
    );
    wendc()
        .args(["run", "--interp", "-D", "warnings"])
        .arg(&src)
        .assert()
        .success()
        .stdout("2\n")
        .stderr("");
}

#[test]
fn a_leading_underscore_silences_one_warning() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(
        dir.path(),
        "quiet.wend",
        "main() {\n    int _unused;\n    int _f(int _p) { return 0; }\n    println 1;\n}\n",
    );
    wendc()
        .args(["run", "--interp", "-D", "warnings"])
        .arg(&src)
        .assert()
        .success()
        .stdout("1\n")
        .stderr("");
}

#[test]
fn hiding_and_denying_warnings_together_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let src = write(dir.path(), "unused.wend", UNUSED);
    // A usage error (64), told apart from a compile error (1) by its status.
    wendc()
        .args(["build", "-w", "-D", "warnings"])
        .arg(&src)
        .assert()
        .code(64)
        .stderr(predicate::str::contains("cannot be used with"));
    wendc()
        .args(["build", "-D", "everything"])
        .arg(&src)
        .assert()
        .code(64)
        .stderr(predicate::str::contains("possible values: warnings"));
}

#[test]
fn the_help_documents_both_flags() {
    wendc().args(["build", "--help"]).assert().success().stdout(
        predicate::str::contains("-D <LINT>")
            .and(predicate::str::contains("make every warning an error"))
            .and(predicate::str::contains("Do not print warnings")),
    );
}
