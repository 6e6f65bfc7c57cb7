//! A program large enough to take the paths only huge inputs take: more
//! than 64k distinct names (the front end interns the rest by partitions),
//! more than 2^17 variables (the checker asks ahead for their bindings)
//! and one function of more than 2^20 values (the verifier, mem2reg,
//! SCCP, compaction and substitution prefetch their tables). Its output is
//! computed here by evaluating the same arithmetic directly, and every
//! pipeline must print exactly that.

mod common;

use common::wendc;
use std::fmt::Write as _;
use std::time::Duration;

/// Variables of `main`: about 7 IR values each, so 2^20 values and more.
const VARS: usize = 170_000;

/// The program and what it prints: `v0 = 1`, then each variable is set
/// from two earlier ones chosen at random (wrapping 32-bit arithmetic, as
/// wend's `int`), and every 50th line prints an earlier variable instead.
fn program() -> (String, String) {
    let mut source = String::from("main() {\n");
    for v in 0..VARS {
        writeln!(source, "    int v{v};").unwrap();
    }
    source.push_str("    v0 = 1;\n");
    let mut values = vec![0i32; VARS];
    values[0] = 1;
    let mut expected = String::new();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    for v in 1..VARS {
        let (a, b) = (next(v), next(v));
        if v % 50 == 0 {
            writeln!(source, "    println v{a};").unwrap();
            writeln!(expected, "{}", values[a]).unwrap();
            continue;
        }
        let k = 1 + next(9) as i32;
        let (op, value) = match next(3) {
            0 => ('+', values[a].wrapping_add(values[b])),
            1 => ('-', values[a].wrapping_sub(values[b])),
            _ => ('*', values[a].wrapping_mul(values[b])),
        };
        writeln!(source, "    v{v} = v{a} {op} v{b} + {k};").unwrap();
        values[v] = value.wrapping_add(k);
    }
    writeln!(source, "    println v{};\n}}", VARS - 1).unwrap();
    writeln!(expected, "{}", values[VARS - 1]).unwrap();
    (source, expected)
}

#[test]
fn a_function_of_a_million_values_through_every_pipeline() {
    let (source, expected) = program();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("large.wend");
    std::fs::write(&path, &source).unwrap();
    for args in [
        &["run", "--interp", "-O0"][..],
        &["run", "--interp", "-O2"],
        &["run", "-O0"],
        &["run", "-O2"],
    ] {
        let output = wendc()
            .args(args)
            .arg(&path)
            .timeout(Duration::from_secs(600))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            output.status.success(),
            "wendc {args:?}: {:?}\n{stderr}",
            output.status
        );
        assert!(
            output.stdout == expected.as_bytes(),
            "wendc {args:?} printed something else ({} bytes, expected {})",
            output.stdout.len(),
            expected.len()
        );
    }
}
