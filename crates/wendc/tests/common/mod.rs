//! Helpers shared by the command-line tests: the `wendc` binary, files in a
//! scratch directory, whether an outside tool is installed.
// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The `wendc` binary of this build, ready for arguments.
pub fn wendc() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("wendc").unwrap()
}

/// [`wendc`], run in `dir` (so that relative paths and default outputs are
/// there).
pub fn wendc_in(dir: &Path) -> assert_cmd::Command {
    let mut cmd = wendc();
    cmd.current_dir(dir);
    cmd
}

/// Writes `text` to the file `name` in `dir`; its path.
pub fn write(dir: &Path, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The names of the entries of `dir`, sorted.
pub fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Whether `tool` can be started (`tool --version` runs).
pub fn have(tool: &str) -> bool {
    std::process::Command::new(tool)
        .arg("--version")
        .output()
        .is_ok()
}

/// A long straight program: `main` with `int x`, `ifs` statements
/// `if x < i { x = x + i; }` for i = 0, 1, …, then `end` (its last
/// statements).
pub fn long_program(ifs: usize, end: &str) -> String {
    let mut text = String::from("main() {\n    int x;\n");
    for i in 0..ifs {
        text.push_str(&format!("    if x < {i} {{ x = x + {i}; }}\n"));
    }
    text.push_str(end);
    text.push_str("}\n");
    text
}
