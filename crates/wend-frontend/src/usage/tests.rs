//! Tests of the warnings about unused names: what counts as a use under
//! wend's rules (nested functions, captures, recursion, overloads,
//! shadowing), the silencing underscore, and no warnings beside errors.

use crate::diag::Diag;
use codespan_reporting::diagnostic::Severity;

/// The warnings of `src`, which must have no errors.
fn warnings(src: &str) -> Vec<Diag> {
    let (checked, diags) = crate::check(src);
    assert!(
        checked.is_some(),
        "unexpected errors for {src:?}:\n{diags:#?}"
    );
    diags
        .into_iter()
        .filter(|d| d.severity == Severity::Warning)
        .collect()
}

/// The messages of the warnings of `src`.
fn messages(src: &str) -> Vec<String> {
    warnings(src).into_iter().map(|d| d.message).collect()
}

/// `main() { BODY }`
fn in_main(body: &str) -> String {
    format!("main() {{\n{body}\n}}\n")
}

/// The text under the primary label of `diag`.
fn labelled<'s>(src: &'s str, diag: &Diag) -> &'s str {
    &src[diag.labels[0].range.clone()]
}

#[test]
fn unused_variable_and_parameter_are_located_with_a_help() {
    let src = in_main("int unused; int f(int p) { return 1; } print f(1);");
    let diags = warnings(&src);
    let found: Vec<(&str, &str)> = diags
        .iter()
        .map(|d| (d.message.as_str(), labelled(&src, d)))
        .collect();
    assert_eq!(
        found,
        [
            ("unused variable `unused`", "unused"),
            ("unused parameter `p`", "p")
        ]
    );
    assert_eq!(
        diags[0].notes,
        ["help: if this is intentional, prefix it with an underscore: `_unused`"]
    );
    assert_eq!(diags[0].labels[0].message, "this variable is never used");
    assert_eq!(diags[1].labels[0].message, "this parameter is never used");
}

#[test]
fn assigned_but_never_read() {
    assert_eq!(
        messages(&in_main("int x; x = 1;")),
        ["variable `x` is assigned to, but never used"]
    );
    assert_eq!(
        messages(&in_main("int f(int p) { p = 2; return 0; } print f(1);")),
        ["parameter `p` is assigned to, but never used"]
    );
    // Assigned by a nested function that runs, read by nobody.
    assert_eq!(
        messages(&in_main("int x; set() { x = 1; } set();")),
        ["variable `x` is assigned to, but never used"]
    );
    // Reading it to assign it again is a read, but the new value is not.
    assert_eq!(
        messages(&in_main("int x; x = x + 1;")),
        ["value assigned to `x` is never read"]
    );
}

#[test]
fn a_leading_underscore_silences_each_warning() {
    let src = in_main(
        "int _unused; int _written; int _f(int _p) { return 0; } _g(int x) { }
         _written = 1;",
    );
    // `_g` is not called, so its `x` is judged on its own: unread.
    assert_eq!(messages(&src), ["unused parameter `x`"]);
    assert!(messages(&in_main("int _; _ = 1;")).is_empty());
}

#[test]
fn a_read_by_a_called_nested_function_is_a_use() {
    assert!(messages(&in_main("int x; show() { print x; } show();")).is_empty());
    // Through a chain of nested functions, the reader nested two deep.
    let src = in_main(
        "int x;
         outer() { inner() { print x; } inner(); }
         outer();",
    );
    assert!(messages(&src).is_empty());
    // A parameter read by a function nested in its function.
    let src = in_main("int f(int p) { int get() { return p; } return get(); } print f(1);");
    assert!(messages(&src).is_empty());
}

#[test]
fn a_read_in_a_function_that_never_runs_is_not_a_use() {
    let diags = warnings(&in_main("int x; show() { print x; }"));
    let found: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        found,
        ["unused variable `x`", "function `show` is never called"]
    );
    assert_eq!(
        diags[0].notes[0],
        "note: `x` is only read in `show`, which never runs"
    );
    // `outer` is called, but never calls `inner`, the only reader.
    let src = in_main(
        "int x;
         outer() { inner() { print x; } }
         outer();",
    );
    assert_eq!(
        messages(&src),
        ["unused variable `x`", "function `inner` is never called"]
    );
    // `inner` runs whenever `dead` does, but `dead` never does.
    let src = in_main(
        "int x;
         dead() { inner() { print x; } inner(); }",
    );
    assert_eq!(
        messages(&src),
        ["unused variable `x`", "function `dead` is never called"]
    );
}

#[test]
fn recursion_alone_is_not_a_use() {
    let diags = warnings(&in_main(
        "int down(int n) { if n == 0 { return 0; } return down(n - 1); }",
    ));
    assert_eq!(diags.len(), 1, "{diags:#?}");
    assert_eq!(diags[0].message, "function `down` is never called");
    assert_eq!(
        diags[0].notes,
        [
            "note: `down` only calls itself: recursion alone does not make a function used",
            "help: remove it, or if this is intentional, prefix its name with an underscore: \
             `_down`"
        ]
    );
    // Mutual recursion, and a function called only by an unused one.
    let src = in_main(
        "bool even(int n) { if n == 0 { return true; } return odd(n - 1); }
         bool odd(int n) { if n == 0 { return false; } return even(n - 1); }
         helper() { }
         caller() { helper(); }",
    );
    let diags = warnings(&src);
    let found: Vec<(&str, &str)> = diags
        .iter()
        .map(|d| (d.message.as_str(), labelled(&src, d)))
        .collect();
    assert_eq!(
        found,
        [
            ("function `even` is never called", "even"),
            ("function `odd` is never called", "odd"),
            ("function `helper` is never called", "helper"),
            ("function `caller` is never called", "caller"),
        ]
    );
    assert_eq!(
        diags[2].notes[0],
        "note: `helper` is called only from functions that never run"
    );
    // Once `main` calls `even`, both run.
    let src = in_main(
        "bool even(int n) { if n == 0 { return true; } return odd(n - 1); }
         bool odd(int n) { if n == 0 { return false; } return even(n - 1); }
         print even(4);",
    );
    assert!(messages(&src).is_empty());
}

#[test]
fn only_the_outermost_unused_function_is_reported() {
    // `dead` is unused; `inner`, which `dead` calls, is not reported; the
    // locals of `dead` are judged within `dead`.
    let src = in_main("dead() { int y; inner() { y = y + 1; } inner(); print y; }");
    assert_eq!(messages(&src), ["function `dead` is never called"]);
    // But a function that its own (unused) parent never calls is.
    let src = in_main("dead() { inner() { } }");
    assert_eq!(
        messages(&src),
        [
            "function `dead` is never called",
            "function `inner` is never called"
        ]
    );
}

#[test]
fn each_overload_is_judged_on_its_own() {
    let src = in_main(
        "int max(int a, int b) { if a > b { return a; } return b; }
         bool max(bool a) { return a; }
         print max(1, 2);",
    );
    let diags = warnings(&src);
    assert_eq!(diags.len(), 1, "{diags:#?}");
    assert_eq!(diags[0].message, "function `max(bool)` is never called");
    // The label is on the second `max`.
    assert_eq!(
        diags[0].labels[0].range.start,
        src.rfind("max(bool").unwrap()
    );
}

#[test]
fn shadowing_reads_the_innermost_variable() {
    // `f`'s own `x` is read; `main`'s `x` is not.
    let src = in_main("int x; f() { int x; print x; } f();");
    let diags = warnings(&src);
    assert_eq!(diags.len(), 1, "{diags:#?}");
    assert_eq!(diags[0].message, "unused variable `x`");
    assert_eq!(diags[0].labels[0].range.start, src.find("x;").unwrap());
}

#[test]
fn no_usage_warnings_beside_errors() {
    // A misspelt read would otherwise also make `count` look unused.
    let (checked, diags) = crate::check(&in_main("int count; print cout;"));
    assert!(checked.is_none());
    assert!(
        diags.iter().all(|d| d.severity == Severity::Error),
        "{diags:#?}"
    );
}

// ---- Values assigned but never read (`dead_store`) ----

/// The assignments `src` reports as never read, as source text.
fn dead_stores(src: &str) -> Vec<String> {
    warnings(src)
        .iter()
        .filter(|d| d.message.starts_with("value assigned to"))
        .map(|d| labelled(src, d).to_string())
        .collect()
}

#[test]
fn a_value_overwritten_before_it_is_read() {
    let src = in_main("int x; x = 1; x = 2; println x;");
    let diags = warnings(&src);
    assert_eq!(diags.len(), 1, "{diags:#?}");
    assert_eq!(diags[0].message, "value assigned to `x` is never read");
    assert_eq!(labelled(&src, &diags[0]), "x = 1;");
    // The last value of a variable that is read, but not after.
    assert_eq!(
        dead_stores(&in_main("int x; x = 1; println x; x = 2;")),
        ["x = 2;"]
    );
}

#[test]
fn both_branches_of_an_if_are_followed() {
    let src = in_main("int y; bool c; y = 5; if c { y = 6; } else { println y; }");
    assert_eq!(dead_stores(&src), ["y = 6;"]);
    let src = in_main("int y; bool c; y = 5; if c { y = 6; } println y;");
    assert!(dead_stores(&src).is_empty());
}

#[test]
fn loops_read_what_the_next_iteration_reads() {
    let src = in_main("int i; int s; s = 0; while i < 3 { s = s + i; i = i + 1; } println s;");
    assert!(dead_stores(&src).is_empty(), "{:?}", dead_stores(&src));
    let src = in_main("int i; int t; while i < 3 { t = i; t = 2; println t; i = i + 1; }");
    assert_eq!(dead_stores(&src), ["t = i;"]);
    // Nested loops: the inner loop's condition reads `j`, reset by the outer.
    let src = in_main(
        "int i; int j;
         while i < 3 { j = 0; while j < 3 { j = j + 1; } i = i + 1; }",
    );
    assert!(dead_stores(&src).is_empty(), "{:?}", dead_stores(&src));
    // A loop that never ends keeps only what it reads itself: what follows
    // it is unreachable.
    let src =
        in_main("int x; int y; y = 1; while true { x = x + 1; if x > 3 { return; } } println y;");
    assert_eq!(dead_stores(&src), ["y = 1;"]);
}

#[test]
fn a_call_reads_what_the_callee_captures() {
    let src = in_main(
        "int shared;
         int get() { return shared; }
         int through() { return get(); }
         shared = 4; println through();
         shared = 5;",
    );
    assert_eq!(dead_stores(&src), ["shared = 5;"]);
    // An outer variable assigned by a nested function lives on in its
    // owner: never reported there.
    let src = in_main("int x; set() { x = 1; x = 2; } set(); println x;");
    assert!(dead_stores(&src).is_empty(), "{:?}", dead_stores(&src));
}

#[test]
fn return_ends_the_life_of_own_variables() {
    let src = in_main("int f(int p) { int r; r = p; p = 3; return r; } println f(1);");
    assert_eq!(dead_stores(&src), ["p = 3;"]);
}

#[test]
fn unreachable_and_underscored_assignments_are_not_reported() {
    let src = in_main("int x; x = 1; println x; return; x = 2;");
    assert_eq!(messages(&src), ["unreachable statement"]);
    let src = in_main("int _x; _x = 1; _x = 2; println _x;");
    assert!(messages(&src).is_empty());
}

#[test]
fn skipping_the_usage_warnings_keeps_the_others() {
    let src = in_main("int x; x = 1; x = 2; return; println 1;");
    let (checked, diags) = crate::check_with(&src, crate::Warnings::Skip);
    assert!(checked.is_some());
    let found: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(found, ["unreachable statement"]);
    assert_eq!(
        messages(&src),
        [
            "variable `x` is assigned to, but never used",
            "unreachable statement"
        ]
    );
}

// ---- The call-graph walk against its definition ----

use crate::checked::{FuncDef, FuncId};
use crate::span::Span;
use crate::usage::CallGraph;

/// A small deterministic generator (xorshift64*), for random programs'
/// shapes without a dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// A function nested in `parent`, with nothing else of interest.
fn func(parent: Option<FuncId>) -> FuncDef {
    FuncDef {
        name: "f".into(),
        name_span: Span::new(0, 0),
        close_brace: Span::new(0, 0),
        ret: None,
        parent,
        overloaded: false,
        params: Vec::new(),
        locals: Vec::new(),
        children: Vec::new(),
        body: Vec::new(),
        expr_count: 0,
        block_count: 0,
        captures: Vec::new(),
    }
}

/// Whether `g` is `f` or reachable from `f` by calls: the definition of
/// "`g` can run during an activation of `f`" (a path that calls `f` again
/// reaches `g` from that later activation, and from the first one too).
fn reachable(calls: &[(FuncId, FuncId)], f: FuncId, g: FuncId) -> bool {
    let mut seen = vec![f];
    let mut stack = vec![f];
    while let Some(h) = stack.pop() {
        for &(callee, caller) in calls {
            if caller == h && !seen.contains(&callee) {
                seen.push(callee);
                stack.push(callee);
            }
        }
    }
    seen.contains(&g)
}

#[test]
fn the_linear_walk_agrees_with_reachability_on_random_programs() {
    let mut rng = Rng(0x5eed);
    for _ in 0..2000 {
        // A nesting tree in which each function's parent comes before it:
        // all the walk relies on (the checker numbers functions so).
        let count = 2 + rng.below(10);
        let mut parent_of = vec![None];
        for id in 1..count {
            parent_of.push(Some(FuncId(rng.below(id) as u32)));
        }
        let mut funcs: Vec<FuncDef> = parent_of.iter().map(|&p| func(p)).collect();
        for (id, parent) in parent_of.iter().enumerate().skip(1) {
            let parent = parent.expect("only the first function is top-level");
            funcs[parent.index()].children.push(FuncId(id as u32));
        }
        let ancestors = |mut f: FuncId| {
            let mut chain = vec![f];
            while let Some(p) = parent_of[f.index()] {
                chain.push(p);
                f = p;
            }
            chain
        };
        // Calls as scoping allows them: from `caller` to any function
        // nested in it or in one of its ancestors, or to `main`.
        let mut calls = Vec::new();
        for _ in 0..rng.below(3 * count) {
            let caller = FuncId(rng.below(count) as u32);
            let visible: Vec<FuncId> = (0..count as u32)
                .map(FuncId)
                .filter(|&g| match parent_of[g.index()] {
                    Some(p) => ancestors(caller).contains(&p),
                    None => true,
                })
                .collect();
            let callee = visible[rng.below(visible.len())];
            calls.push((callee, caller));
        }
        let graph = CallGraph::new(&funcs, &calls);
        for g in (0..count as u32).map(FuncId) {
            // A dead root: not reachable from its own parent.
            if let Some(p) = parent_of[g.index()] {
                let dead_root = graph.root[g.index()] == g;
                assert_eq!(
                    dead_root,
                    !reachable(&calls, p, g),
                    "{calls:?} {parent_of:?}"
                );
            }
            for f in ancestors(g) {
                assert_eq!(
                    graph.runs_during(g, f),
                    reachable(&calls, f, g),
                    "g{} during f{}: {calls:?} {parent_of:?}",
                    g.0,
                    f.0
                );
            }
        }
    }
}
