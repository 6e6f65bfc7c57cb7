//! Hostile inputs through the real `wendc` binary: empty and binary files,
//! huge files, absurd nesting, enormous identifiers, strings and functions.
//!
//! Each one must end in either a correct compilation or a clean, located
//! diagnostic with exit status 1 — never a panic (status 101), a crash by
//! signal (stack overflow: SIGSEGV/SIGABRT), a hang or runaway memory. The
//! time limits are generous because these tests run the debug build on a
//! shared machine; the point is to catch hangs and superlinear blow-ups, not
//! to benchmark.

mod common;

use common::wendc_in;
use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

/// What one run of the compiler did.
struct Outcome {
    status: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
}

/// Runs `wendc ARGS FILE` on `source`, written to a temporary `name`, and
/// checks it neither crashed nor hung.
fn wendc(name: &str, source: &[u8], args: &[&str], limit: Duration) -> Outcome {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, source).unwrap();
    run_in(dir.path(), name, args, limit)
}

/// Runs `wendc ARGS NAME` in `dir`, so that diagnostics name the file as
/// `NAME`.
fn run_in(dir: &Path, name: &str, args: &[&str], limit: Duration) -> Outcome {
    let start = Instant::now();
    let output = wendc_in(dir)
        .args(args)
        .arg(name)
        .timeout(limit)
        .output()
        .unwrap();
    let elapsed = start.elapsed();
    let outcome = Outcome {
        status: output.status.code(),
        stdout: output.stdout,
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    };
    let excerpt: String = outcome.stderr.chars().take(2000).collect();
    assert!(
        elapsed < limit,
        "wendc {args:?} was killed after {elapsed:?} (limit {limit:?}); stderr:\n{excerpt}"
    );
    match outcome.status {
        Some(0) | Some(1) => {}
        Some(101) => panic!("wendc {args:?} panicked:\n{excerpt}"),
        Some(code) => panic!("wendc {args:?} exited with {code}:\n{excerpt}"),
        None => panic!("wendc {args:?} was killed by a signal (stack overflow?):\n{excerpt}"),
    }
    assert!(
        !outcome.stderr.contains("internal compiler error"),
        "wendc {args:?}:\n{excerpt}"
    );
    outcome
}

/// Asserts a clean rejection: status 1 and an error `message` located in
/// the file `name`: `┌─ name:LINE:COL` under the message, as
/// codespan-reporting renders it, or `name:LINE:COL: error: message` when
/// the source line is too long to show.
fn assert_diagnostic(outcome: &Outcome, name: &str, message: &str) {
    let excerpt: String = outcome.stderr.chars().take(2000).collect();
    assert_eq!(outcome.status, Some(1), "stderr:\n{excerpt}");
    let location = diagnostic_location(&outcome.stderr, name, message).unwrap_or_else(|| {
        panic!("expected `error: {message}` located in {name}, got:\n{excerpt}")
    });
    let mut parts = location.split(':');
    let located = parts.next().is_some_and(|l| l.parse::<u32>().is_ok())
        && parts.next().is_some_and(|c| c.parse::<u32>().is_ok());
    assert!(located, "the diagnostic has no location:\n{excerpt}");
    assert!(outcome.stdout.is_empty());
}

/// The `LINE:COL` of the first diagnostic, if it is the error `message`
/// about the file `name`, in either rendering.
fn diagnostic_location<'a>(stderr: &'a str, name: &str, message: &str) -> Option<&'a str> {
    let digits = |rest: &'a str| {
        let end = rest
            .find(|c: char| !c.is_ascii_digit() && c != ':')
            .unwrap_or(rest.len());
        Some(rest[..end].trim_end_matches(':'))
    };
    if stderr.starts_with(&format!("error: {message}")) {
        let (_, rest) = stderr.split_once(&format!("┌─ {name}:"))?;
        return digits(rest);
    }
    let rest = stderr.strip_prefix(&format!("{name}:"))?;
    let location = digits(rest)?;
    rest[location.len()..]
        .starts_with(&format!(": error: {message}"))
        .then_some(location)
}

/// [`assert_diagnostic`], located exactly at `line_col` (`"2:15"`).
fn assert_diagnostic_at(outcome: &Outcome, name: &str, message: &str, line_col: &str) {
    assert_diagnostic(outcome, name, message);
    let excerpt: String = outcome.stderr.chars().take(2000).collect();
    assert_eq!(
        diagnostic_location(&outcome.stderr, name, message),
        Some(line_col),
        "expected the location {name}:{line_col}:\n{excerpt}"
    );
}

/// Asserts a successful run that printed exactly `expected`.
fn assert_prints(outcome: &Outcome, expected: &[u8]) {
    let excerpt: String = outcome.stderr.chars().take(2000).collect();
    assert_eq!(outcome.status, Some(0), "stderr:\n{excerpt}");
    assert!(
        outcome.stdout == expected,
        "wrong output: {} bytes, starting {:?}",
        outcome.stdout.len(),
        String::from_utf8_lossy(&outcome.stdout[..outcome.stdout.len().min(200)])
    );
}

const MINUTE: Duration = Duration::from_secs(60);
const NESTING: &str = "nesting too deep: the limit is 1000";
const EXPRESSION: &str = "expression too deep: the limit is 50000 levels";

fn run_interp(name: &str, source: &[u8], opt: &str, limit: Duration) -> Outcome {
    wendc(name, source, &["run", "--interp", opt], limit)
}

#[test]
fn empty_file() {
    let outcome = run_interp("empty.wend", b"", "-O0", MINUTE);
    assert_diagnostic(&outcome, "empty.wend", "no valid entry point");
}

#[test]
fn only_comments() {
    let source = b"// nothing here\n// but comments\n//\n";
    let outcome = run_interp("comments.wend", source, "-O0", MINUTE);
    assert_diagnostic(&outcome, "comments.wend", "no valid entry point");
}

#[test]
fn nul_bytes() {
    let source = b"main() {\n    println 1;\0\0\n}\n\0";
    let outcome = run_interp("nul.wend", source, "-O0", MINUTE);
    assert_diagnostic_at(&outcome, "nul.wend", "unexpected character", "2:15");
}

#[test]
fn only_nul_bytes() {
    let outcome = run_interp("zeros.wend", &[0; 4096], "-O0", MINUTE);
    assert_diagnostic(&outcome, "zeros.wend", "unexpected character");
}

#[test]
fn invalid_utf8() {
    let source = b"main() {\n    println \"caf\xe9\";\n}\n";
    let outcome = run_interp("latin1.wend", source, "-O0", MINUTE);
    assert_diagnostic_at(
        &outcome,
        "latin1.wend",
        "source file is not valid UTF-8",
        "2:17",
    );
}

/// Past a megabyte the file is mapped rather than read (`mapped.rs`); the
/// check and its location are the same.
#[test]
fn invalid_utf8_in_a_large_file() {
    let mut source = b"// padding to make the file large\n".repeat(40_000);
    source.extend_from_slice(b"main() {\n    println \"caf\xe9\";\n}\n");
    assert!(source.len() > 1 << 20);
    let outcome = run_interp("large-latin1.wend", &source, "-O0", MINUTE);
    assert_diagnostic_at(
        &outcome,
        "large-latin1.wend",
        "source file is not valid UTF-8",
        "40002:17",
    );
}

#[test]
fn invalid_utf8_everywhere() {
    let source: Vec<u8> = (0..=255u8).cycle().take(1 << 16).collect();
    let outcome = run_interp("binary.wend", &source, "-O0", MINUTE);
    assert_diagnostic(&outcome, "binary.wend", "source file is not valid UTF-8");
}

#[test]
fn source_past_four_gib_is_refused_without_being_read() {
    // A sparse file: 4 GiB + 1 bytes long, no disk space, and reading it
    // would take seconds, so the test also shows it is never read.
    let dir = tempfile::tempdir().unwrap();
    let file = std::fs::File::create(dir.path().join("huge.wend")).unwrap();
    file.set_len(u64::from(u32::MAX) + 1).unwrap();
    let outcome = run_in(dir.path(), "huge.wend", &["build"], Duration::from_secs(20));
    assert_eq!(outcome.status, Some(1));
    assert_eq!(
        outcome.stderr,
        "error: cannot compile `huge.wend`: source file too large: 4294967296 bytes, \
         the limit is 4294967295 (4 GiB)\n"
    );
}

/// A valid program of about 10 MB: 32 000 nested functions with a loop, a
/// branch and a captured variable each, and as many calls. Debug builds are
/// slow, so this one runs at -O0 (the release build's time at -O2 is in
/// fuzz/README.md).
#[test]
fn ten_megabyte_program() {
    const FUNCTIONS: usize = 32_000;
    let mut source = String::from("main() {\n    int total;\n    int calls;\n");
    for k in 0..FUNCTIONS {
        write!(
            source,
            "    int f{k}(int n) {{\n        int i;\n        int s;\n        calls = calls + 1;\n        \
             while i < n {{\n            if i % 3 == 0 {{\n                s = s + i * 2;\n            \
             }} else {{\n                s = s - 1;\n            }}\n            i = i + 1;\n        \
             }}\n        return s + {k};\n    }}\n"
        )
        .unwrap();
    }
    for k in 0..FUNCTIONS {
        writeln!(source, "    total = total + f{k}(5);").unwrap();
    }
    source.push_str("    println total;\n    println calls;\n}\n");
    assert!(source.len() >= 10_000_000, "{} bytes", source.len());

    // f_k(5) = (0 - 1 - 1 + 6 - 1) + k.
    let total: i64 = (0..FUNCTIONS as i64).map(|k| 3 + k).sum();
    let outcome = run_interp("big.wend", source.as_bytes(), "-O0", 10 * MINUTE);
    assert_prints(&outcome, format!("{total}\n{FUNCTIONS}\n").as_bytes());
}

#[test]
fn hundred_thousand_nested_parentheses() {
    let depth = 100_000;
    let source = format!(
        "main() {{\n    println {}1{};\n}}\n",
        "(".repeat(depth),
        ")".repeat(depth)
    );
    let outcome = run_interp("parens.wend", source.as_bytes(), "-O0", MINUTE);
    assert_diagnostic(&outcome, "parens.wend", EXPRESSION);
}

#[test]
fn ten_thousand_nested_ifs() {
    let depth = 10_000;
    let source = format!(
        "main() {{\n    int x;\n{}    x = 1;\n{}    println x;\n}}\n",
        "if true {\n".repeat(depth),
        "}\n".repeat(depth)
    );
    let outcome = run_interp("ifs.wend", source.as_bytes(), "-O0", MINUTE);
    assert_diagnostic(&outcome, "ifs.wend", NESTING);
}

#[test]
fn ten_thousand_nested_functions() {
    let depth = 10_000;
    let mut source = String::from("main() {\n");
    for i in 0..depth {
        writeln!(source, "f{i}() {{").unwrap();
    }
    source.push_str("print 1;\n");
    source.push_str(&"}\n".repeat(depth + 1));
    let outcome = run_interp("functions.wend", source.as_bytes(), "-O0", MINUTE);
    assert_diagnostic(&outcome, "functions.wend", NESTING);
}

/// Just under the nesting limit everything must compile and run, at every
/// level: nested loops (a deep loop forest and dominator tree) and nested
/// functions that each capture a variable of `main` and call the next.
#[test]
fn deep_but_allowed_nesting_compiles_at_every_level() {
    let depth = 400;
    let mut loops = String::from("main() {\n    int x;\n");
    for i in 0..depth {
        writeln!(loops, "    int i{i};").unwrap();
    }
    for i in 0..depth {
        writeln!(loops, "while i{i} < 2 {{ i{i} = i{i} + 1;").unwrap();
    }
    loops.push_str("x = x + 1;\n");
    loops.push_str(&"}\n".repeat(depth));
    loops.push_str("    println x;\n}\n");

    let mut functions = String::from("main() {\n    int x;\n");
    for i in 0..depth {
        writeln!(functions, "f{i}() {{").unwrap();
    }
    functions.push_str("x = x + 1;\n");
    for i in (0..depth).rev() {
        // The body of f{i} calls f{i+1} (its nested function), then closes.
        if i + 1 < depth {
            writeln!(functions, "f{}(); }}", i + 1).unwrap();
        } else {
            functions.push_str("}\n");
        }
    }
    functions.push_str("    f0();\n    println x;\n}\n");

    for opt in ["-O0", "-O1", "-O2"] {
        let outcome = run_interp("loops.wend", loops.as_bytes(), opt, 5 * MINUTE);
        // Only the innermost loop runs twice per outer iteration; the
        // counters are never reset, so each loop's body runs twice overall.
        assert_prints(&outcome, b"2\n");
        let outcome = run_interp("functions.wend", functions.as_bytes(), opt, 5 * MINUTE);
        assert_prints(&outcome, b"1\n");
    }
}

/// Long, flat control flow: 20 000 `if`s in a row make a dominator tree
/// 20 000 levels deep (each join dominates the next `if`), and as many
/// loops in a row make a long chain of loops. Passes and analyses must not
/// recurse along those.
#[test]
fn long_chains_of_ifs_and_loops() {
    let count = 20_000;
    let mut source = String::from("main() {\n    int x;\n    int i;\n");
    for k in 0..count {
        writeln!(
            source,
            "    if x % 7 == {} {{ x = x + 3; }} else {{ x = x + 1; }}",
            k % 7
        )
        .unwrap();
        writeln!(
            source,
            "    i = 0;\n    while i < 2 {{ x = x + i; i = i + 1; }}"
        )
        .unwrap();
    }
    source.push_str("    println x;\n}\n");

    let mut x: i32 = 0;
    for k in 0..count {
        x += if x % 7 == k % 7 { 3 } else { 1 };
        x += 1;
    }
    let expected = format!("{x}\n");
    for opt in ["-O0", "-O2"] {
        let outcome = run_interp("chain.wend", source.as_bytes(), opt, 10 * MINUTE);
        assert_prints(&outcome, expected.as_bytes());
    }
}

#[test]
fn megabyte_identifier() {
    let name = "v".repeat(1 << 20);
    let source =
        format!("main() {{\n    int {name};\n    {name} = 41;\n    println {name} + 1;\n}}\n");
    let outcome = run_interp("ident.wend", source.as_bytes(), "-O2", MINUTE);
    assert_prints(&outcome, b"42\n");
}

#[test]
fn megabyte_undeclared_identifier() {
    let name = "u".repeat(1 << 20);
    let source = format!("main() {{\n    println {name};\n}}\n");
    let outcome = run_interp("undeclared.wend", source.as_bytes(), "-O0", MINUTE);
    assert_diagnostic_at(&outcome, "undeclared.wend", "cannot find variable", "2:13");
}

#[test]
fn megabyte_string_literal() {
    let text = "wend ".repeat(1 << 18);
    let source = format!("main() {{\n    println \"{text}\";\n}}\n");
    let outcome = run_interp("string.wend", source.as_bytes(), "-O2", MINUTE);
    assert_prints(&outcome, format!("{text}\n").as_bytes());
}

#[test]
fn megabyte_unterminated_string_literal() {
    let source = format!("main() {{\n    println \"{}", "x".repeat(1 << 20));
    let outcome = run_interp("open.wend", source.as_bytes(), "-O0", MINUTE);
    assert_diagnostic_at(&outcome, "open.wend", "unterminated string literal", "2:13");
}

#[test]
fn hundred_thousand_variables_in_main() {
    let count = 100_000;
    let mut source = String::from("main() {\n");
    for i in 0..count {
        writeln!(source, "    int v{i};").unwrap();
    }
    for i in 0..count {
        writeln!(source, "    v{i} = {i};").unwrap();
    }
    let every_thousandth: Vec<String> = (0..count).step_by(1000).map(|i| format!("v{i}")).collect();
    writeln!(source, "    v0 = {};", every_thousandth.join(" + ")).unwrap();
    source.push_str("    println v0;\n}\n");
    let expected: i64 = (0..count as i64).step_by(1000).sum();
    for opt in ["-O0", "-O2"] {
        let outcome = run_interp("vars.wend", source.as_bytes(), opt, 5 * MINUTE);
        assert_prints(&outcome, format!("{expected}\n").as_bytes());
    }
}

/// `x = 1+1+...+1` over a one-megabyte line: a left-leaning tree half a
/// million levels deep, past the expression limit.
#[test]
fn megabyte_line_of_additions() {
    let terms = 1 << 19;
    let source = format!(
        "main() {{\n    int x;\n    x = {};\n    println x;\n}}\n",
        vec!["1"; terms].join("+")
    );
    let outcome = run_interp("plus.wend", source.as_bytes(), "-O0", 2 * MINUTE);
    assert_diagnostic_at(&outcome, "plus.wend", EXPRESSION, "3:100008");
}

/// A sum of 50 000 terms, the longest chain the expression limit allows,
/// computes its value at every level of optimisation.
#[test]
fn sum_of_fifty_thousand_terms() {
    let terms: Vec<String> = (1..=50_000).map(|k| k.to_string()).collect();
    let source = format!(
        "main() {{\n    int x;\n    x = {};\n    println x;\n}}\n",
        terms.join(" + ")
    );
    let expected: i64 = (1..=50_000).sum();
    for opt in ["-O0", "-O2"] {
        let outcome = run_interp("sum.wend", source.as_bytes(), opt, 2 * MINUTE);
        assert_prints(&outcome, format!("{expected}\n").as_bytes());
    }
}

/// `wendc explain` on a function of 6 000 statements, where mem2reg
/// changes nearly every line of the IR: a minimal line diff of the IR
/// before and after takes time proportional to the lines times the
/// changes (minutes here, in a debug build), so texts this large get a
/// histogram diff instead.
#[test]
fn explain_of_a_long_function() {
    let mut source = String::from("main() {\n    int a;\n    int b;\n    int c;\n");
    for i in 0..6000 {
        let (x, y, z) = [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")][i % 3];
        writeln!(source, "    {x} = {y} + {z} % {};", i % 7 + 1).unwrap();
    }
    source.push_str("    println a;\n}\n");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("long.wend"), &source).unwrap();
    let outcome = run_in(
        dir.path(),
        "long.wend",
        &["explain", "--layout", "builtin", "-o", "long.html"],
        MINUTE,
    );
    assert_eq!(outcome.status, Some(0), "stderr:\n{}", outcome.stderr);
    let report = std::fs::read_to_string(dir.path().join("long.html")).unwrap();
    assert!(report.contains("after <strong>mem2reg</strong>"));
}
