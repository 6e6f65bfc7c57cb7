use super::*;
use crate::check_indexed;

/// The byte offset of the `nth` (0-based) occurrence of `needle` in `src`.
fn at(src: &str, needle: &str, nth: usize) -> usize {
    src.match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("no occurrence {nth} of `{needle}`"))
        .0
}

/// The declaration span that the name at `offset` resolves to.
fn definition(src: &str, offset: usize) -> Span {
    let (_, index) = check_indexed(src);
    let (target, _) = index.at(offset).expect("a name at the offset");
    index.declaration(target)
}

#[test]
fn a_use_in_a_nested_function_resolves_to_the_enclosing_declaration() {
    let src =
        "main() {\n    int x;\n    f() {\n        x = x + 1;\n    }\n    x = 1;\n    f();\n}\n";
    let decl = at(src, "x", 0);
    for nth in 1..=3 {
        let def = definition(src, at(src, "x", nth));
        assert_eq!(def.start(), decl, "use {nth}");
    }
    let (_, index) = check_indexed(src);
    let f = FuncId(1);
    assert_eq!(index.func(f).name, "f");
    assert_eq!(index.func(f).captures, vec![VarId(0)]);
    assert_eq!(index.uses_of(Target::Var(VarId(0))).len(), 3);
    assert_eq!(index.uses_of(Target::Func(f)).len(), 1);
}

#[test]
fn a_shadowing_declaration_takes_the_uses_inside_its_function() {
    let src = "main() {\n    int x;\n    f() {\n        int x;\n        x = 2;\n    }\n    x = 1;\n    f();\n}\n";
    assert_eq!(definition(src, at(src, "x", 2)).start(), at(src, "x", 1));
    assert_eq!(definition(src, at(src, "x", 3)).start(), at(src, "x", 0));
}

#[test]
fn calls_resolve_to_the_overload_the_compiler_picks() {
    let src = "main() {\n    int f(int a) { return 1; }\n    int f(bool a) { return 2; }\n    g() {\n        int f(int b) { return 3; }\n        println f(1);\n        println f(true);\n    }\n    println f(1);\n    g();\n}\n";
    let call = |nth| definition(src, at(src, "f(", nth) + 1);
    // In `g`, its own `f(int)` hides main's; `f(bool)` is still main's.
    assert_eq!(call(3).start(), at(src, "f(int b)", 0));
    assert_eq!(call(4).start(), at(src, "f(bool a)", 0));
    assert_eq!(call(5).start(), at(src, "f(int a)", 0));
}

#[test]
fn a_program_with_errors_is_still_indexed_where_it_resolved() {
    // A syntax error in one statement and an unknown name in another.
    let src = "main() {\n    int total;\n    total = (1 + ;\n    total = missing;\n    println total;\n}\n";
    let (diags, index) = check_indexed(src);
    assert!(crate::diag::has_errors(&diags));
    let decl = at(src, "total", 0);
    let last = at(src, "total", 3);
    assert_eq!(definition(src, last).start(), decl);
    assert_eq!(index.var_name(VarId(0)), "total");
}

#[test]
fn the_index_describes_functions_and_variables() {
    let src = "main() {\n    int add(int a, bool b) { return a; }\n    println add(1, true);\n}\n";
    let (diags, index) = check_indexed(src);
    assert!(!crate::diag::has_errors(&diags));
    assert_eq!(index.describe_function(FuncId(1)), "int add(int a, bool b)");
    assert_eq!(
        index.describe_var(VarId(1)),
        ("bool b".to_string(), "parameter of `add`".to_string())
    );
    assert_eq!(index.describe_function(FuncId(0)), "main()");
}

#[test]
fn a_cursor_just_after_a_name_is_on_it() {
    let src = "main() {\n    int abc;\n    abc = 1;\n}\n";
    let (_, index) = check_indexed(src);
    let use_at = at(src, "abc", 1);
    for offset in use_at..=use_at + 3 {
        assert_eq!(
            index.at(offset).map(|(t, _)| t),
            Some(Target::Var(VarId(0)))
        );
    }
    assert_eq!(index.at(use_at + 4), None);
}
