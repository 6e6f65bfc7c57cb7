//! Runs the front end over every program in `test-programs/errors/` and
//! checks that the rendered diagnostics contain each non-empty line of the
//! matching `.expected-diag` file, in order. This is the same check the
//! driver's tests make on `wendc`'s stderr. A program whose first line is
//! `// flags: -D warnings` is checked with its warnings made errors, as
//! `wendc -D warnings` does.

use std::path::{Path, PathBuf};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test-programs/errors")
}

/// The diagnostics for `source` as wendc prints them, with the file named
/// as it would be on a command line run from the repository root.
fn render(name: &str, source: &str) -> (bool, String) {
    let (checked, mut diags) = wend_frontend::check(source);
    if source.starts_with(DENY_WARNINGS) {
        wend_frontend::diag::deny_warnings(&mut diags, "`-D warnings`");
    }
    let path = format!("test-programs/errors/{name}");
    let text = wend_frontend::render_diagnostics(&path, source, &diags, false);
    let compiled = checked.is_some() && !wend_frontend::diag::has_errors(&diags);
    (compiled, text)
}

/// The first line of an error program to be compiled with `-D warnings`.
const DENY_WARNINGS: &str = "// flags: -D warnings\n";

/// Checks that every expected line occurs in `actual`, in order. Returns a
/// description of the first missing line.
fn find_in_order(expected: &str, actual: &str) -> Result<(), String> {
    let mut rest = actual;
    for line in expected.lines().filter(|l| !l.trim().is_empty()) {
        match rest.find(line) {
            Some(at) => rest = &rest[at + line.len()..],
            None => return Err(format!("missing (in order): {line:?}")),
        }
    }
    Ok(())
}

#[test]
fn every_error_program_reports_its_expected_diagnostics() {
    // Deeply nested programs are part of the corpus: give the checker the
    // same generous stack the driver does.
    let worker = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
                .expect("test-programs/errors exists")
                .map(|e| e.expect("readable directory entry").path())
                .filter(|p| p.extension().is_some_and(|e| e == "wend"))
                .collect();
            entries.sort();
            assert!(entries.len() >= 30, "only {} error programs", entries.len());

            let mut failures = Vec::new();
            for path in &entries {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                let source = std::fs::read_to_string(path).expect("UTF-8 source");
                let expected_path = path.with_extension("expected-diag");
                let expected = std::fs::read_to_string(&expected_path)
                    .unwrap_or_else(|_| panic!("{} has no .expected-diag", name));
                let (compiled, actual) = render(&name, &source);
                if compiled {
                    failures.push(format!("{name}: compiled without errors"));
                } else if let Err(why) = find_in_order(&expected, &actual) {
                    failures.push(format!("{name}: {why}\n--- actual:\n{actual}"));
                }
            }
            assert!(failures.is_empty(), "{}", failures.join("\n\n"));
        })
        .expect("spawn test thread");
    worker.join().expect("corpus test passed");
}

#[test]
fn unreachable_code_is_a_warning_and_still_compiles() {
    let source = "main() {\n    print 1;\n    return;\n    print 2;\n}\n";
    let (compiled, text) = render("warning-unreachable.wend", source);
    assert!(compiled, "{text}");
    let expected = "warning: unreachable statement\n\
                    ┌─ test-programs/errors/warning-unreachable.wend:4:5\n\
                    any code following this statement is unreachable\n\
                    this statement can never run\n";
    find_in_order(expected, &text).unwrap_or_else(|why| panic!("{why}\n{text}"));
    assert!(!text.contains("error:"), "{text}");
}

#[test]
fn colour_is_only_used_when_asked() {
    let source = "main() {\n    print x;\n}\n";
    let (_, diags) = wend_frontend::check(source);
    let plain = wend_frontend::render_diagnostics("a.wend", source, &diags, false);
    let coloured = wend_frontend::render_diagnostics("a.wend", source, &diags, true);
    assert!(!plain.contains('\x1b'));
    assert!(coloured.contains('\x1b'));
}

/// The error messages of `source`, in order, and whether it compiled.
fn messages(source: &str) -> (bool, Vec<String>) {
    let (checked, diags) = wend_frontend::check(source);
    let errors = diags
        .into_iter()
        .filter(|d| d.severity == codespan_reporting::diagnostic::Severity::Error)
        .map(|d| d.message)
        .collect();
    (checked.is_some(), errors)
}

#[test]
fn three_syntax_errors_and_two_type_errors_give_five_diagnostics_with_helps() {
    let path = corpus_dir().join("recovery-three-syntax-two-type.wend");
    let source = std::fs::read_to_string(path).expect("the corpus program");
    let (checked, diags) = wend_frontend::check(&source);
    assert!(checked.is_none());
    let shown: Vec<(&str, usize)> = diags
        .iter()
        .map(|d| (d.message.as_str(), d.notes.len()))
        .collect();
    assert_eq!(diags.len(), 5, "{shown:?}");
    let syntax = [
        "expected `;`, found `}`",
        "wend has no `for` loop",
        "wend has no `+=` operator",
    ];
    for diag in &diags {
        if syntax.contains(&diag.message.as_str()) {
            assert!(
                diag.notes.iter().any(|n| n.starts_with("help: ")),
                "{shown:?}"
            );
        }
    }
    let messages: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            syntax[0],
            syntax[1],
            "mismatched types",
            "no function `positive` takes arguments `(bool)`",
            syntax[2],
        ]
    );
}

#[test]
fn a_syntax_error_hides_no_independent_semantic_error() {
    // Errors in statements of `main` and of `f` leave the other
    // functions, and the other statements, checked.
    let (compiled, errors) = messages(
        "main() {\n    int x;\n    f() {\n        x = x +;\n        x = true;\n    }\n    \
         bool g() {\n        return 1;\n    }\n    x = ;\n    print y;\n}\n",
    );
    assert!(!compiled);
    assert_eq!(
        errors,
        [
            "expected an expression, found `;`",
            "mismatched types",
            "mismatched types",
            "expected an expression, found `;`",
            "cannot find variable `y` in this scope",
        ]
    );
}

#[test]
fn what_recovery_removed_makes_no_cascade() {
    // `f`'s header is broken, so `f` is removed: its calls are not
    // reported as unknown, nor is `x`, which `int x = 1, y;` declares
    // (kept), nor `y` (removed with the rest of that declaration).
    let (_, errors) = messages(
        "main() {\n    int x = 1, y;\n    int f(int a b) { return a; }\n    \
         g() { print f(1) + x + y; }\n    print f(2);\n}\n",
    );
    assert_eq!(
        errors,
        [
            "a declaration cannot have an initial value",
            "expected `)` or `,`, found identifier `b`",
        ]
    );
    // A typed function whose `return` statement was removed is not
    // reported for reaching its end; its other errors are.
    let (_, errors) = messages(
        "main() {\n    int f() {\n        print true + 1;\n        return 1 +;\n    }\n    print f();\n}\n",
    );
    assert_eq!(
        errors,
        ["mismatched types", "expected an expression, found `;`"]
    );
}

#[test]
fn each_error_is_reported_once_and_the_count_is_capped() {
    // Twenty-five broken statements: the first twenty are reported, the
    // last of them saying that wendc stopped.
    let body = "    x = 1 +;\n".repeat(25);
    let source = format!("main() {{\n    int x;\n{body}}}\n");
    let (checked, diags) = wend_frontend::check(&source);
    assert!(checked.is_none());
    assert_eq!(diags.len(), wend_frontend::recover::MAX_SYNTAX_ERRORS);
    assert!(diags[diags.len() - 1]
        .notes
        .iter()
        .any(|n| n.contains("stops after 20 syntax errors")));
    // A statement with several mistakes is one error: it is removed as a
    // whole.
    let (_, errors) = messages("main() {\n    int x;\n    x = 1 2 3 + * 4;\n}\n");
    assert_eq!(
        errors,
        ["expected `;` or an operator, found integer literal"]
    );
}
