//! Array allocas (`alloca i32, i32 N`) and element pointers
//! (`getelementptr inbounds i32, i32* %base, i32 %i`) through the reader,
//! printer, verifier and interpreter, each checked against LLVM's own tools
//! where they are installed.

mod common;

use common::{assert_opt_accepts, run_tool};
use wend_ir::interp::{self, InterpError};
use wend_ir::print::{print_module, print_standalone_llvm};
use wend_ir::read::parse_module;
use wend_ir::verify::verify_module;
use wend_ir::{InstKind, Module, PointerBase};

fn parse(text: &str) -> Module {
    parse_module(text).unwrap_or_else(|e| panic!("{e}\n--- input ---\n{text}"))
}

/// stdout and status of the interpreter, or its fault.
fn interpret(module: &Module) -> (String, Result<i32, InterpError>) {
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let status = interp::run_main(module, &mut stdout, &mut stderr);
    (String::from_utf8(stdout).unwrap(), status)
}

/// Squares 0..5 into an array through a nested function that gets the
/// array's base and writes element `k` (as the accessor pass makes them),
/// then prints them back in reverse through a forwarded element pointer.
const SQUARES: &str = r#"
define i32 @main() {
entry:
  %a = alloca i32, i32 5
  %k = alloca i32
  store i32 0, i32* %k
  br label %fill
fill:
  %i = load i32, i32* %k
  %sq = mul i32 %i, %i
  call void @main.set(i32* %a, i32 %i, i32 %sq)
  %next = add i32 %i, 1
  store i32 %next, i32* %k
  %more = icmp slt i32 %next, 5
  br i1 %more, label %fill, label %show
show:
  %j = phi i32 [ 4, %fill ], [ %j1, %show ]
  %last = getelementptr inbounds i32, i32* %a, i32 4
  %first = getelementptr inbounds i32, i32* %last, i32 -4
  %p = getelementptr inbounds i32, i32* %first, i32 %j
  %v = load i32, i32* %p
  call void @wend_print_int(i32 %v)
  call void @wend_print_newline()
  %j1 = sub i32 %j, 1
  %again = icmp sge i32 %j1, 0
  br i1 %again, label %show, label %done
done:
  ret i32 0
}

define void @main.set(i32* %base, i32 %k, i32 %x) {
entry:
  %p = getelementptr inbounds i32, i32* %base, i32 %k
  store i32 %x, i32* %p
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
"#;

#[test]
fn reader_and_printer_agree_and_llvm_accepts_the_text() {
    let module = parse(SQUARES);
    verify_module(&module).unwrap_or_else(|e| panic!("{e}"));
    let printed = print_module(&module);
    assert!(printed.contains("%a = alloca i32, i32 5"), "{printed}");
    assert!(
        printed.contains("getelementptr inbounds i32, i32* %base, i32 %k"),
        "{printed}"
    );
    assert_eq!(print_module(&parse(&printed)), printed);
    assert_opt_accepts(&printed);
    let main = &module.functions[module.find_function("main").unwrap()];
    let counts: Vec<u32> = main
        .insts
        .values()
        .filter_map(|d| match d.kind {
            InstKind::Alloca { count, .. } => Some(count),
            _ => None,
        })
        .collect();
    assert_eq!(counts, [5, 1]);
}

#[test]
fn opaque_pointers_and_i64_counts_read_as_the_typed_ones() {
    let opaque = SQUARES
        .replace("i32* ", "ptr ")
        .replace("alloca i32, i32 5", "alloca i32, i64 5, align 4");
    assert_eq!(print_module(&parse(&opaque)), print_module(&parse(SQUARES)));
}

#[test]
fn the_interpreter_runs_arrays_as_lli_does() {
    let module = parse(SQUARES);
    let (out, status) = interpret(&module);
    assert_eq!(status.unwrap(), 0);
    assert_eq!(out, "16\n9\n4\n1\n0\n");
    if let Some(lli) = run_tool("lli", &["-"], &print_standalone_llvm(&module)) {
        assert_eq!(String::from_utf8_lossy(&lli.stdout), out);
    }
}

#[test]
fn an_element_pointer_outside_its_alloca_is_a_fault() {
    // main's `set` is asked for element 5 of 5; the other one for -1.
    for (k, shown) in [
        ("5", "5 places from slot 0"),
        ("-1", "-1 places from slot 0"),
    ] {
        let text = SQUARES
            .replace(
                "%more = icmp slt i32 %next, 5",
                &format!("%more = icmp slt i32 %next, {}", 6),
            )
            .replace(
                "call void @main.set(i32* %a, i32 %i, i32 %sq)",
                &format!("call void @main.set(i32* %a, i32 {k}, i32 %sq)"),
            );
        let (_, status) = interpret(&parse(&text));
        let message = match status {
            Err(e @ InterpError::Fault(_)) => e.to_string(),
            other => panic!("expected a fault, got {other:?}"),
        };
        assert!(message.contains(shown), "{message}");
        assert!(message.contains("an alloca of 5 elements"), "{message}");
        assert!(message.contains("main.set"), "{message}");
    }
}

#[test]
fn an_element_pointer_may_not_step_into_a_neighbouring_alloca() {
    // %b follows %a in the slot stack: one past %a is not %b.
    let text = r#"
define i32 @main() {
entry:
  %a = alloca i32, i32 2
  %b = alloca i32
  %i = add i32 1, 1
  %p = getelementptr inbounds i32, i32* %a, i32 %i
  store i32 1, i32* %p
  ret i32 0
}
"#;
    let (_, status) = interpret(&parse(text));
    assert!(matches!(status, Err(InterpError::Fault(_))), "{status:?}");
}

#[test]
fn a_known_element_outside_its_alloca_is_a_located_read_error() {
    let bad = [
        (
            "%a = alloca i32, i32 4\n  %p = getelementptr inbounds i32, i32* %a, i32 4",
            "4:45: element 4 is outside the alloca of 4 elements",
        ),
        (
            "%a = alloca i32, i32 4\n  %q = getelementptr inbounds i32, i32* %a, i32 3\n  %p = getelementptr inbounds i32, i32* %q, i32 -4",
            "5:45: element -1 is outside the alloca of 4 elements",
        ),
        (
            "%a = alloca i32\n  %p = getelementptr inbounds i32, i32* %a, i32 1",
            "4:45: element 1 is outside the alloca of 1 element ",
        ),
    ];
    for (body, message) in bad {
        let text = format!("define i32 @f() {{\nentry:\n  {body}\n  ret i32 0\n}}\n");
        match parse_module(&text) {
            Ok(_) => panic!("accepted:\n{text}"),
            Err(e) => assert!(e.to_string().contains(message), "{e}\n--- for ---\n{text}"),
        }
    }
}

/// An element outside its alloca is undefined where it runs, not broken
/// IR: constant propagation may find one (in code that may never run), and
/// the verifier must accept what it makes.
#[test]
fn the_verifier_accepts_a_known_element_outside_its_alloca() {
    let text = "define i32 @f() {\nentry:\n  %a = alloca i32, i32 4\n  %i = add i32 2, 2\n  %p = getelementptr inbounds i32, i32* %a, i32 %i\n  ret i32 0\n}\n";
    let mut module = parse(text);
    let id = module.find_function("f").unwrap();
    let f = &mut module.functions[id];
    let four = f.iconst(4);
    let entry = f.layout[0];
    let gep = f.blocks[entry].insts[2];
    let InstKind::ElementPtr { index, .. } = &mut f.insts[gep].kind else {
        panic!("not the element pointer")
    };
    *index = four;
    verify_module(&module).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn the_verifier_accepts_known_elements_and_unknown_extents() {
    // In bounds, or of a parameter whose extent the function does not know.
    let good = "define i32 @f(i32* %p, i32 %k) {\nentry:\n  %a = alloca i32, i32 4\n  %q = getelementptr inbounds i32, i32* %a, i32 3\n  %r = getelementptr inbounds i32, i32* %q, i32 -3\n  %s = getelementptr inbounds i32, i32* %a, i32 %k\n  %t = getelementptr inbounds i32, i32* %p, i32 1000\n  ret i32 0\n}\n";
    let module = parse(good);
    verify_module(&module).unwrap_or_else(|e| panic!("{e}"));
    let f = &module.functions[module.find_function("f").unwrap()];
    let names = wend_ir::print::FunctionNames::compute(f);
    let by_name = |name: &str| {
        f.values
            .keys()
            .find(|&v| names.value(v) == format!("%{name}"))
            .unwrap()
    };
    let a = by_name("a");
    assert_eq!(
        f.pointer_base(by_name("r")),
        PointerBase {
            root: a,
            offset: Some(0)
        }
    );
    assert_eq!(
        f.pointer_base(by_name("s")),
        PointerBase {
            root: a,
            offset: None
        }
    );
    assert_eq!(f.alloca_count(a), Some(4));
}

#[test]
fn reader_errors_are_located() {
    let cases = [
        ("%a = alloca i32, i32 0", "an alloca has from 1 to"),
        (
            "%a = alloca i32, i32 99999999999",
            "an alloca has from 1 to",
        ),
        ("%a = alloca i32, i32 %n", "expected the number of elements"),
        (
            "%a = alloca i32, i32 2\n  %p = getelementptr inbounds i32, i32* %a, i1 true",
            "the index of a getelementptr must be an i32",
        ),
        (
            "%a = alloca i32, i32 2\n  %p = getelementptr inbounds i32, i32* %a, i32 0, i32 1",
            "only getelementptr with one index",
        ),
        (
            "%a = alloca i32, i32 2\n  %p = getelementptr inbounds i1, i32* %a, i32 0",
            "needs a i1* operand",
        ),
    ];
    for (body, message) in cases {
        let text = format!("define i32 @f() {{\nentry:\n  {body}\n  ret i32 0\n}}\n");
        match parse_module(&text) {
            Ok(_) => panic!("accepted:\n{text}"),
            Err(e) => {
                let shown = e.to_string();
                assert!(shown.contains(message), "{shown}\n--- for ---\n{text}");
                assert!(shown.contains(':'), "no location in {shown}");
            }
        }
    }
}
