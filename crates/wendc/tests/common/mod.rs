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

/// A program whose `main` needs a frame (it calls, and keeps values
/// across the calls), so that its prologue shows how the frame is set up.
pub const FRAMED: &str = "main() {
    int s;
    int sum(int n) {
        int i;
        int t;
        t = 0;
        i = 0;
        while i < n {
            t = t + i * i;
            i = i + 1;
        }
        println t;
        return t;
    }
    s = sum(5) + sum(7);
    println s;
}
";

/// The instructions of function `name` in the assembly `wendc build --emit
/// asm` writes, without directives, labels or comments.
pub fn asm_instructions(asm: &str, name: &str) -> Vec<String> {
    let start = asm
        .find(&format!("\n{name}:\n"))
        .unwrap_or_else(|| panic!("no {name} in {asm}"));
    let end = start + asm[start..].find(&format!(".size {name},")).unwrap();
    asm[start..end]
        .lines()
        .filter(|l| l.starts_with('\t'))
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty() && !l.starts_with('.'))
        .map(str::to_string)
        .collect()
}

/// The instructions of the assembly view in the HTML of an explain report
/// or of the playground (`<div class="line al ins" …>`), unescaped.
pub fn report_asm_instructions(html: &str) -> Vec<String> {
    html.lines()
        .filter(|l| l.starts_with("<div class=\"line al ins\""))
        .map(|l| {
            let text = l.split("<span class=\"text\">").nth(1).unwrap();
            let text = text.strip_suffix("</span></div>").unwrap().trim();
            (text.replace("&lt;", "<").replace("&gt;", ">"))
                .replace("&quot;", "\"")
                .replace("&amp;", "&")
        })
        .collect()
}

/// The instructions of `main` as `wendc build --emit asm` compiles
/// `src` with `flags`.
pub fn built_main(src: &Path, flags: &[&str]) -> Vec<String> {
    let out = wendc()
        .args(["build", "--emit", "asm", "-o", "-"])
        .args(flags)
        .arg(src)
        .output()
        .unwrap();
    assert!(out.status.success(), "{flags:?}");
    asm_instructions(&String::from_utf8(out.stdout).unwrap(), "main")
}
