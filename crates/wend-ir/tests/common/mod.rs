//! What the integration tests of wend-ir share: running LLVM's own tools
//! on the IR we print.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs an LLVM tool with `input` on stdin; `None` (after a note) if the
/// tool is not installed.
pub fn run_tool(tool: &str, args: &[&str], input: &str) -> Option<Output> {
    let child = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) => {
            eprintln!("note: skipping the `{tool}` check: {e}");
            return None;
        }
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    Some(child.wait_with_output().unwrap())
}

/// LLVM's own verdict on printed IR (skipped if `opt` is missing).
pub fn assert_opt_accepts(text: &str) {
    if let Some(out) = run_tool("opt", &["-verify", "-S", "-o", "/dev/null"], text) {
        assert!(
            out.status.success(),
            "opt rejected the IR:\n{}\n--- IR ---\n{text}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
