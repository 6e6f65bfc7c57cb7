//! `wendc fmt` on the real binary: files rewritten in place (and only when
//! they change), standard input to standard output, `--check` with its diff
//! and statuses, files with syntax errors left alone, usage errors.

mod common;

use common::{file_names, wendc, write};
use predicates::prelude::*;

const MESSY: &str = "main(){int x;x=1+2*3; // seven\nprintln x;}\n";
const TIDY: &str = "main() {\n    int x;\n    x = 1 + 2 * 3; // seven\n    println x;\n}\n";

#[test]
fn rewrites_files_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let messy = write(dir.path(), "messy.wend", MESSY);
    let tidy = write(dir.path(), "tidy.wend", TIDY);
    let before = std::fs::metadata(&tidy).unwrap().modified().unwrap();
    wendc()
        .arg("fmt")
        .arg(&messy)
        .arg(&tidy)
        .assert()
        .success()
        .stdout("")
        .stderr("");
    assert_eq!(std::fs::read_to_string(&messy).unwrap(), TIDY);
    // A formatted file is not written at all.
    assert_eq!(
        std::fs::metadata(&tidy).unwrap().modified().unwrap(),
        before
    );
    // No temporary file is left behind.
    assert_eq!(file_names(dir.path()), ["messy.wend", "tidy.wend"]);
}

#[cfg(unix)]
#[test]
fn keeps_permissions_and_writes_through_symlinks() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let real = write(dir.path(), "real.wend", MESSY);
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
    let link = dir.path().join("link.wend");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    wendc().arg("fmt").arg(&link).assert().success();
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&real).unwrap(), TIDY);
    let mode = std::fs::metadata(&real).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
}

#[test]
fn standard_input_to_standard_output() {
    for args in [vec!["fmt"], vec!["fmt", "-"]] {
        wendc()
            .args(&args)
            .write_stdin(MESSY)
            .assert()
            .success()
            .stdout(TIDY);
    }
}

#[test]
fn check_prints_a_diff_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let messy = write(dir.path(), "messy.wend", MESSY);
    let tidy = write(dir.path(), "tidy.wend", TIDY);
    wendc()
        .args(["fmt", "--check"])
        .arg(&tidy)
        .assert()
        .success()
        .stdout("");
    wendc()
        .args(["fmt", "--check"])
        .arg(&tidy)
        .arg(&messy)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("-main(){int x;x=1+2*3; // seven"))
        .stdout(predicate::str::contains("+    x = 1 + 2 * 3; // seven"))
        .stdout(predicate::str::contains("messy.wend (formatted)"))
        .stdout(predicate::str::contains("tidy.wend").not())
        .stderr(predicate::str::contains("is not formatted"));
    assert_eq!(std::fs::read_to_string(&messy).unwrap(), MESSY);
    wendc()
        .args(["fmt", "--check", "-"])
        .write_stdin(MESSY)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("+    println x;"));
}

#[test]
fn syntax_errors_leave_the_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let broken_text = "main() {\n    x = ;\n}\n";
    let broken = write(dir.path(), "broken.wend", broken_text);
    let messy = write(dir.path(), "messy.wend", MESSY);
    wendc()
        .arg("fmt")
        .arg(&broken)
        .arg(&messy)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("broken.wend:2:9"))
        .stderr(predicate::str::contains("could not format"));
    assert_eq!(std::fs::read_to_string(&broken).unwrap(), broken_text);
    // The other files are still formatted.
    assert_eq!(std::fs::read_to_string(&messy).unwrap(), TIDY);
}

#[test]
fn semantic_errors_do_not_stop_formatting() {
    wendc()
        .arg("fmt")
        .write_stdin("main(){x=true;}")
        .assert()
        .success()
        .stdout("main() {\n    x = true;\n}\n");
}

#[test]
fn bad_paths_and_usage() {
    let dir = tempfile::tempdir().unwrap();
    wendc()
        .arg("fmt")
        .arg(dir.path().join("missing.wend"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cannot read"));
    wendc()
        .args(["fmt", "-", "-"])
        .assert()
        .code(64)
        .stderr(predicate::str::contains("only once"));
    // Not UTF-8: refused, untouched.
    let path = dir.path().join("latin1.wend");
    std::fs::write(&path, b"main() { println \"caf\xe9\"; }\n").unwrap();
    wendc().arg("fmt").arg(&path).assert().code(1);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        b"main() { println \"caf\xe9\"; }\n"
    );
}
