//! Tests of lowering: the IR verifies, has the expected shape, and runs
//! (in wend-ir's interpreter) with wend's semantics.

use wend_ir::interp::run_main;
use wend_ir::print::print_module;
use wend_ir::verify::verify_module;
use wend_ir::{InstKind, Module};

fn lower(src: &str) -> Module {
    let (checked, diags) = crate::check(src);
    let checked = checked.unwrap_or_else(|| panic!("errors: {diags:#?}"));
    let module = crate::lower(checked);
    if let Err(err) = verify_module(&module) {
        panic!("invalid IR: {err}\n{}", print_module(&module));
    }
    module
}

/// Runs a program; returns (status, stdout, stderr).
fn run(src: &str) -> (i32, String, String) {
    let module = lower(src);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = run_main(&module, &mut out, &mut err)
        .unwrap_or_else(|e| panic!("interpreter: {e}\n{}", print_module(&module)));
    (
        status,
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
    )
}

fn output(src: &str) -> String {
    let (status, out, err) = run(src);
    assert_eq!(status, 0, "stderr: {err}");
    out
}

fn in_main(body: &str) -> String {
    format!("main() {{\n{body}\n}}\n")
}

#[test]
fn reference_example_runs() {
    let src = include_str!("../../tests/programs/reference.wend");
    assert_eq!(output(src), "3 6 9 true\n-2147483648\n");
}

#[test]
fn symbols_follow_nesting_and_overloads() {
    let module = lower(&in_main(
        "int max(int a, int b) { if a > b { return a; } return b; }
         bool max(bool a) { return a; }
         max() { helper() { inner() { } inner(); } helper(); }
         step() { }
         print max(1, 2); max(); step();",
    ));
    let names: Vec<&str> = module.definitions().map(|(_, f)| f.name.as_str()).collect();
    assert_eq!(
        names,
        vec![
            "main",
            "main.max.int.int",
            "main.max.bool",
            "main.max.void",
            "main.step",
            "main.max.void.helper",
            "main.max.void.helper.inner",
        ]
    );
    let main = &module.functions[module.find_function("main").unwrap()];
    assert_eq!(main.ret, Some(wend_ir::Type::I32));
}

#[test]
fn variables_live_in_entry_allocas() {
    let module = lower(&in_main(
        "int counter; bool flag; int f(int n) { return n; } counter = f(2);",
    ));
    let text = print_module(&module);
    assert!(text.contains("%counter = alloca i32"), "{text}");
    assert!(text.contains("%flag = alloca i1"), "{text}");
    assert!(text.contains("%n.addr = alloca i32"), "{text}");
    assert!(text.contains("store i32 %n, i32* %n.addr"), "{text}");
    assert!(text.contains("store i1 false, i1* %flag"), "{text}");
    // All allocas are at the start of the entry block.
    for (_, func) in module.definitions() {
        let entry = &func.blocks[func.layout[0]];
        let allocas = entry
            .insts
            .iter()
            .take_while(|&&i| matches!(func.insts[i].kind, InstKind::Alloca { .. }))
            .count();
        let total = func
            .insts
            .values()
            .filter(|i| matches!(i.kind, InstKind::Alloca { .. }))
            .count();
        assert_eq!(allocas, total, "{}", func.name);
    }
}

#[test]
fn captured_variables_are_passed_by_pointer() {
    let module = lower(&in_main("int a; f() { int b; g() { a = b; } g(); } f();"));
    let text = print_module(&module);
    assert!(text.contains("define void @main.f(i32* %a)"), "{text}");
    assert!(
        text.contains("define void @main.f.g(i32* %a, i32* %b)"),
        "{text}"
    );
    assert!(
        text.contains("call void @main.f.g(i32* %a, i32* %b)"),
        "{text}"
    );
    assert!(text.contains("call void @main.f(i32* %a)"), "{text}");
}

#[test]
fn nested_functions_share_variables_by_reference() {
    let src = in_main(
        "int total;
         add(int n) {
             int depth;
             bump() { total = total + n; depth = depth + 1; }
             bump();
             if n > 0 { add(n - 1); }
             bump();
             print depth;
         }
         add(3);
         println total;",
    );
    // Each activation has its own `depth`, zeroed on entry; `total` is
    // shared by all of them.
    assert_eq!(output(&src), "222212\n");
}

#[test]
fn locals_are_zeroed_on_every_entry() {
    let src = in_main(
        "f(int n) { int x; bool b; print x; print b; x = n; b = true; if n > 0 { f(n - 1); } }
         f(2);",
    );
    assert_eq!(output(&src), "0false0false0false");
}

#[test]
fn division_semantics() {
    let src = in_main(
        "int m; int z; m = -2147483648;
         println m / -1; println m % -1;
         z = -1; println m / z; println m % z;
         println 7 / -2; println -7 % 2; println 7 % 3;",
    );
    assert_eq!(output(&src), "-2147483648\n0\n-2147483648\n0\n-3\n-1\n1\n");
}

#[test]
fn division_by_zero_is_a_runtime_error_naming_the_line() {
    let src = in_main("int z;\nprint 1;\nprint 10 / z;");
    let (status, out, err) = run(&src);
    assert_eq!(status, wend_ir::runtime::RUNTIME_ERROR_STATUS);
    assert_eq!(out, "1");
    assert_eq!(err.trim_end(), "runtime error: division by zero at line 4");
    let (_, _, err) = run(&in_main("int z;\nprint 1 %\n z;"));
    assert!(err.contains("at line 3"), "{err}");
}

#[test]
fn literal_divisors_skip_the_checks() {
    let module = lower(&in_main("int x; x = 7; print x / 2; print x % -3;"));
    let text = print_module(&module);
    assert!(!text.contains("wend_div_by_zero"), "{text}");
    assert!(text.contains("sdiv i32 %0, 2"), "{text}");
    let module = lower(&in_main("int x; print x / -1;"));
    assert!(print_module(&module).contains("isneg1"));
}

#[test]
fn short_circuit_evaluation() {
    let src = in_main(
        "bool t(int n) { print n; return true; }
         bool f(int n) { print n; return false; }
         if f(1) && t(2) { print 9; }
         if t(3) || f(4) { print 5; }
         println t(6) && f(7) || t(8);",
    );
    assert_eq!(output(&src), "135678true\n");
    let text = print_module(&lower(&src));
    assert!(
        text.contains("land.rhs") && text.contains("lor.end"),
        "{text}"
    );
    assert!(text.contains("phi i1"), "{text}");
}

#[test]
fn printing() {
    let src = in_main(
        "print 42; print \" \"; print -7; print true; println false; println \"\";
         println \"tab\\there\\x21\\101\";",
    );
    assert_eq!(output(&src), "42 -7truefalse\n\ntab\there!A\n");
}

#[test]
fn control_flow() {
    let src = in_main(
        "int i; int sum;
         int first_even(int from) { while true { if from % 2 == 0 { return from; } from = from + 1; } }
         while i < 5 { i = i + 1; if i % 2 == 0 { sum = sum + i; } else { sum = sum - 1; } }
         println sum;
         println first_even(7);
         if sum > 100 { return; }
         println \"end\";",
    );
    assert_eq!(output(&src), "3\n8\nend\n");
}

#[test]
fn main_returns_zero_and_can_be_called() {
    let src = in_main("int n; f() { n = n + 1; } f(); print n; return; print 1;");
    assert_eq!(output(&src), "1");
    let text = print_module(&lower(&src));
    assert!(text.contains("ret i32 0"), "{text}");
}

#[test]
fn instructions_carry_source_lines() {
    let module = lower("main() {\n  int x;\n  x = 1;\n  print x + 2;\n}\n");
    let main = &module.functions[module.find_function("main").unwrap()];
    let add = main
        .insts
        .values()
        .find(|i| matches!(i.kind, InstKind::Binary { .. }))
        .expect("an add");
    assert_eq!(add.line, 4);
    let store_lines: Vec<u32> = main
        .insts
        .values()
        .filter(|i| matches!(i.kind, InstKind::Store { .. }))
        .map(|i| i.line)
        .collect();
    assert_eq!(store_lines, vec![1, 3]);
}

#[test]
fn slot_runs_need_consecutive_ids_and_values() {
    use super::SlotRun;
    use crate::checked::VarId;
    use wend_ir::Value;
    let ids = [VarId(4), VarId(5), VarId(6)];
    let slots = [Value::from_u32(9), Value::from_u32(10), Value::from_u32(11)];
    let run = SlotRun::new(&ids, &slots).expect("a run");
    assert_eq!(run.get(VarId(4)), Some(Value::from_u32(9)));
    assert_eq!(run.get(VarId(6)), Some(Value::from_u32(11)));
    assert_eq!(run.get(VarId(3)), None);
    assert_eq!(run.get(VarId(7)), None);
    // A gap in either the ids or the values: no run.
    assert!(SlotRun::new(&[VarId(1), VarId(3)], &slots[..2]).is_none());
    let gapped_values = [Value::from_u32(9), Value::from_u32(11)];
    assert!(SlotRun::new(&ids[..2], &gapped_values).is_none());
    // No variables: an empty run that finds nothing.
    assert_eq!(SlotRun::new(&[], &[]).expect("empty").get(VarId(0)), None);
}

#[test]
fn parameters_and_locals_split_by_a_later_sibling_find_their_slots() {
    // `f`'s parameters are numbered when `f` is declared, `g`'s right
    // after, and `f`'s locals only when `f`'s body is checked: `f`'s own
    // variables are two runs of ids with `g`'s parameter between them.
    let src = in_main(
        "int total;
         int f(int a, int b) {
             int x;
             int y;
             x = a * 10;
             y = b + x;
             total = total + y;
             return y;
         }
         int g(int c) {
             return f(c, c + 1) + 1;
         }
         println g(2);
         println total;",
    );
    // f(2, 3): x = 20, y = 23, total = 23; g returns 24.
    assert_eq!(output(&src), "24\n23\n");
}
