//! Tests of semantic analysis: each rule, accepted and rejected.

use crate::checked::{Checked, FuncId};
use crate::diag::Diag;
use codespan_reporting::diagnostic::Severity;

fn check(src: &str) -> (Option<Checked>, Vec<Diag>) {
    crate::check(src)
}

fn ok(src: &str) -> Checked {
    match check(src) {
        (Some(checked), diags) => {
            assert!(
                diags.iter().all(|d| d.severity == Severity::Warning),
                "{diags:#?}"
            );
            checked
        }
        (None, diags) => panic!("unexpected errors for {src:?}:\n{diags:#?}"),
    }
}

/// The messages of the errors (not warnings) `src` produces.
fn errors(src: &str) -> Vec<String> {
    let (checked, diags) = check(src);
    assert!(checked.is_none(), "expected errors for {src:?}");
    diags
        .into_iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.message)
        .collect()
}

fn one_error(src: &str) -> String {
    let errors = errors(src);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    errors.into_iter().next().unwrap_or_default()
}

/// `main() { BODY }`
fn in_main(body: &str) -> String {
    format!("main() {{\n{body}\n}}\n")
}

fn func_named(checked: &Checked, name: &str) -> FuncId {
    let index = checked
        .funcs
        .iter()
        .position(|f| f.name == name)
        .unwrap_or_else(|| panic!("no function {name}"));
    FuncId(index as u32)
}

fn capture_names(checked: &Checked, name: &str) -> Vec<String> {
    let func = checked.func(func_named(checked, name));
    func.captures
        .iter()
        .map(|&v| checked.var_name(v).to_string())
        .collect()
}

#[test]
fn reference_example_checks() {
    let checked = ok(include_str!("../../tests/programs/reference.wend"));
    assert_eq!(checked.funcs.len(), 4);
    assert_eq!(capture_names(&checked, "step"), vec!["counter"]);
    assert!(capture_names(&checked, "even").is_empty());
}

#[test]
fn entry_point_rule() {
    ok("main() { }");
    assert_eq!(one_error(""), "no valid entry point");
    assert_eq!(one_error("// only a comment\n"), "no valid entry point");
    assert_eq!(one_error("Main() { }"), "no valid entry point");
    assert_eq!(
        one_error("bool main() { return true; }"),
        "no valid entry point"
    );
    assert_eq!(one_error("main(int a) { }"), "no valid entry point");
    assert_eq!(one_error("main() { } main() { }"), "no valid entry point");
}

#[test]
fn section_order() {
    ok(&in_main("int a; bool b; f() { } g() { } a = 1;"));
    assert_eq!(
        one_error(&in_main("int a; f() { } int b;")),
        "variable declaration after a nested function (`b`)"
    );
    assert_eq!(
        one_error(&in_main("print 1; f() { }")),
        "nested function after a statement (`f`)"
    );
    // Each misplaced item is reported, and a misplaced declaration still
    // declares its variable (no cascade of unknown-variable errors).
    assert_eq!(
        errors(&in_main("x = 1; int x; print 2; int y; y = x;")).len(),
        2
    );
}

#[test]
fn scopes_and_shadowing() {
    // Parameters and locals share one namespace; functions have their own.
    ok(&in_main("int f; f() { } f = 1; f();"));
    assert_eq!(
        one_error(&in_main("f(int a) { bool a; }")),
        "duplicate variable `a`"
    );
    assert_eq!(
        one_error(&in_main("int a; int a;")),
        "duplicate variable `a`"
    );
    assert_eq!(
        one_error(&in_main("f(int a, bool a) { }")),
        "duplicate variable `a`"
    );
    // Inner names shadow outer ones.
    let checked = ok(&in_main("int x; f() { bool x; x = true; } x = 1;"));
    assert!(capture_names(&checked, "f").is_empty());
    assert_eq!(
        one_error(&in_main("print nope;")),
        "cannot find variable `nope` in this scope"
    );
}

#[test]
fn duplicate_signatures() {
    // Overloads by parameter types coexist, also with the enclosing name.
    ok(&in_main(
        "int f(int a) { return a; } bool f(bool a) { return a; } f() { } main(int x) { } f();",
    ));
    assert_eq!(
        one_error(&in_main(
            "int f(int a) { return a; } bool f(int b) { return true; }"
        )),
        "duplicate function `f(int)`"
    );
    assert_eq!(
        one_error(&in_main("f() { } f() { }")),
        "duplicate function `f()`"
    );
    // The same signature in different bodies is fine.
    ok(&in_main("f() { g() { } } h() { g() { } }"));
}

#[test]
fn overload_resolution_innermost_scope_first() {
    let src = in_main(
        "int x;
         int f(int a) { return 1; }
         bool f(bool b) { return b; }
         g() {
             int f(int a) { return 2; }
             x = f(1);
             if f(true) { x = 3; }
         }
         g();",
    );
    let checked = ok(&src);
    let g = checked.func(func_named(&checked, "g"));
    // `f(1)` resolves to g's own f; `f(true)` finds no bool overload in g's
    // scope, so it resolves outwards to main's.
    let crate::checked::Stmt::Assign { value, .. } = &g.body[0] else {
        panic!("expected an assignment");
    };
    let crate::checked::ExprKind::Call(call) = checked.exprs[*value].kind else {
        panic!("expected a call");
    };
    assert_eq!(
        checked.func(checked.exprs.calls[call].func).parent,
        Some(func_named(&checked, "g"))
    );

    let message = one_error(&in_main("int f(int a) { return a; } print f(true, 1);"));
    assert_eq!(message, "no function `f` takes arguments `(bool, int)`");
    let (_, diags) = check(&in_main(
        "int f(int a) { return a; } g() { f(bool b) { } f(1, 2); }",
    ));
    assert_eq!(
        diags[0].notes[..2],
        [
            "note: candidate: `f(bool)`",
            "note: candidate: `int f(int)`"
        ]
    );
    assert_eq!(
        one_error(&in_main("nope();")),
        "cannot find function `nope` in this scope"
    );
    // Enclosing functions and the function itself are callable.
    ok(&in_main(
        "f(int n) { if n > 0 { f(n - 1); main(); } } f(3);",
    ));
}

/// The source text under each label of the one error `src` gives.
fn labelled_text(src: &str) -> Vec<String> {
    let (checked, diags) = check(src);
    assert!(checked.is_none(), "expected errors for {src:?}");
    assert_eq!(diags.len(), 1, "{diags:#?}");
    diags[0]
        .labels
        .iter()
        .map(|l| src[l.range.clone()].to_string())
        .collect()
}

#[test]
fn operator_labels_cover_the_operator() {
    // The trees keep only where an operator starts; its span is rebuilt
    // from its spelling, one or two characters.
    for (expr, operator, operand) in [
        ("1 + true", "+", "true"),
        ("true&&1", "&&", "1"),
        ("1 <= false", "<=", "false"),
        ("1 ||  true", "||", "1"),
        ("!3", "!", "3"),
        ("- true", "-", "true"),
    ] {
        let labels = labelled_text(&in_main(&format!("print {expr};")));
        assert_eq!(labels, [operand, operator], "{expr}");
    }
}

#[test]
fn type_rules() {
    ok(&in_main(
        "int i; bool b;
         i = -i + +1 * 2 / 3 % 4 - (5);
         b = !b && i < 1 || i <= 2 && i > 3 || i >= 4 && i == 5 || i != 6;
         b = b == true; b = b != false;",
    ));
    let mismatch = "mismatched types";
    assert_eq!(one_error(&in_main("int i; i = true;")), mismatch);
    assert_eq!(one_error(&in_main("bool b; b = 1;")), mismatch);
    assert_eq!(one_error(&in_main("print 1 + true;")), mismatch);
    assert_eq!(one_error(&in_main("print true && 1;")), mismatch);
    assert_eq!(errors(&in_main("print true < false;")), vec![mismatch; 2]);
    assert_eq!(one_error(&in_main("print 1 == true;")), mismatch);
    assert_eq!(one_error(&in_main("print !1;")), mismatch);
    assert_eq!(one_error(&in_main("print -true;")), mismatch);
    assert_eq!(one_error(&in_main("if 1 { }")), mismatch);
    assert_eq!(one_error(&in_main("while 0 { }")), mismatch);
    assert_eq!(
        one_error(&in_main("int f(int a) { return a; } print f(true);")),
        "no function `f` takes arguments `(bool)`"
    );
}

#[test]
fn integer_literal_range() {
    ok(&in_main(
        "print 2147483647; print -2147483648; print -2147483647;",
    ));
    assert_eq!(
        one_error(&in_main("print 2147483648;")),
        "integer literal out of range"
    );
    assert_eq!(
        one_error(&in_main("print -(2147483648);")),
        "integer literal out of range"
    );
    assert_eq!(
        one_error(&in_main("print -2147483649;")),
        "integer literal out of range"
    );
    assert_eq!(
        one_error(&in_main("print 1 - 2147483648;")),
        "integer literal out of range"
    );
}

#[test]
fn strings_only_as_print_operands() {
    ok(&in_main("print \"a\"; println \"\"; println \"\\x41\";"));
    assert_eq!(
        one_error(&in_main("print (\"s\");")),
        "string literal in parentheses"
    );
    // Both operands are reported: they are independent errors.
    assert_eq!(
        errors(&in_main("print \"a\" == \"a\";")),
        vec!["string literal used as a value"; 2]
    );
    assert_eq!(
        one_error(&in_main("f(int a) { } f(\"s\");")),
        "string literal used as a value"
    );
}

#[test]
fn void_calls_are_not_values() {
    ok(&in_main("f() { } f();"));
    assert_eq!(
        one_error(&in_main("f() { } print f();")),
        "void function `f()` used as a value"
    );
    assert_eq!(
        one_error(&in_main("int x; f() { } x = f() + 1;")),
        "void function `f()` used as a value"
    );
    // Typed results may be discarded.
    ok(&in_main("int f() { return 1; } f();"));
}

#[test]
fn return_rules() {
    ok(&in_main("f() { return; } int g() { return 1; } return;"));
    assert_eq!(
        one_error(&in_main("int f() { return; }")),
        "`return;` without a value in function `f`"
    );
    assert_eq!(
        one_error(&in_main("f() { return 1; }")),
        "`return` with a value in void function `f`"
    );
    assert_eq!(
        one_error(&in_main("return 0;")),
        "`return` with a value in void function `main`"
    );
    assert_eq!(
        one_error(&in_main("bool f() { return 1; }")),
        "mismatched types"
    );
}

#[test]
fn definite_return() {
    let missing = "function `f` can reach the end of its body without returning a value";
    ok(&in_main("int f() { while true { } }"));
    ok(&in_main("int f() { while (true) { } }"));
    ok(&in_main("int f() { while ((true)) { print 1; } }"));
    ok(&in_main(
        "int f(bool b) { if b { return 1; } else { return 2; } }",
    ));
    ok(&in_main(
        "int f(bool b) { if b { if b { return 1; } else { while true { } } } else { return 2; } }",
    ));
    assert_eq!(one_error(&in_main("int f() { }")), missing);
    assert_eq!(
        one_error(&in_main("int f(bool b) { if b { return 1; } }")),
        missing
    );
    assert_eq!(
        one_error(&in_main("int f(bool b) { if b { return 1; } else { } }")),
        missing
    );
    assert_eq!(
        one_error(&in_main("int f(bool b) { while b { return 1; } }")),
        missing
    );
    assert_eq!(
        one_error(&in_main("int f() { while true && true { return 1; } }")),
        missing
    );
    assert_eq!(one_error(&in_main("int f() { while !false { } }")), missing);
}

#[test]
fn unreachable_statements_warn() {
    let (checked, diags) = check(&in_main(
        "int f() { return 1; print 2; print 3; } f(); while true { } print 4;",
    ));
    assert!(checked.is_some());
    let warnings: Vec<_> = diags
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .collect();
    // One warning per statement list, at the first unreachable statement.
    assert_eq!(warnings.len(), 2, "{diags:#?}");
    assert!(warnings
        .iter()
        .all(|w| w.message == "unreachable statement"));
    let (_, diags) = check(&in_main("if true { return; print 1; } else { }"));
    assert_eq!(diags.len(), 1);
}

#[test]
fn all_independent_errors_without_cascades() {
    let errors = errors(&in_main(
        "int x;
         x = y + 1;
         x = true;
         undefined(z);
         print nope(1) + 2;
         if w { }",
    ));
    assert_eq!(
        errors,
        vec![
            "cannot find variable `y` in this scope",
            "mismatched types",
            "cannot find function `undefined` in this scope",
            "cannot find variable `z` in this scope",
            "cannot find function `nope` in this scope",
            "cannot find variable `w` in this scope",
        ]
    );
}

#[test]
fn diagnostics_are_in_source_order() {
    let (_, diags) = check(&in_main("int f() { } print x; bool b; b = 1;"));
    let starts: Vec<usize> = diags.iter().map(|d| d.labels[0].range.start).collect();
    let mut sorted = starts.clone();
    sorted.sort();
    assert_eq!(starts, sorted);
}

#[test]
fn at_the_same_spot_errors_come_before_the_unreachable_warning() {
    let (_, diags) = check(&in_main("return; nope();"));
    let messages: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "cannot find function `nope` in this scope",
            "unreachable statement"
        ]
    );
    assert_eq!(
        diags[0].labels[0].range.start,
        diags[1].labels[0].range.start
    );
}

#[test]
fn captures_are_transitive() {
    let src = in_main(
        "int a;
         f() {
             int b;
             g() { h(); }
             h() { a = a + 1; b = b + 1; }
             g();
         }
         k() { f(); }
         k();",
    );
    let checked = ok(&src);
    assert_eq!(capture_names(&checked, "h"), vec!["a", "b"]);
    assert_eq!(capture_names(&checked, "g"), vec!["a", "b"]);
    // b is f's own local: f passes its address, it does not capture it.
    assert_eq!(capture_names(&checked, "f"), vec!["a"]);
    assert_eq!(capture_names(&checked, "k"), vec!["a"]);
    assert!(capture_names(&checked, "main").is_empty());
}

#[test]
fn captures_through_calls_to_enclosing_functions() {
    let src = in_main(
        "int x;
         f() {
             int y;
             g() { y = 1; f(); }
             x = 1;
             g();
         }
         f();",
    );
    let checked = ok(&src);
    assert_eq!(capture_names(&checked, "f"), vec!["x"]);
    assert_eq!(capture_names(&checked, "g"), vec!["x", "y"]);
}

#[test]
fn captures_several_levels_deep() {
    let src = in_main(
        "int a;
         l1(int p) {
             l2() {
                 l3() {
                     l4() { a = p; }
                     l4();
                 }
                 l3();
             }
             l2();
         }
         l1(1);",
    );
    let checked = ok(&src);
    for name in ["l2", "l3", "l4"] {
        assert_eq!(capture_names(&checked, name), vec!["a", "p"], "{name}");
    }
    assert_eq!(capture_names(&checked, "l1"), vec!["a"]);
}
