//! Reader tests: hand-written and clang-style LLVM IR, forward references,
//! round trips through the printer, located errors, and a small fuzzer.

mod common;

use common::{assert_opt_accepts, run_tool};
use wend_ir::print::{print_module, print_standalone_llvm};
use wend_ir::read::parse_module;
use wend_ir::verify::verify_module;
use wend_ir::{InstKind, Module, Terminator, Type, ValueDef};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn parse(text: &str) -> Module {
    parse_module(text).unwrap_or_else(|e| panic!("{e}\n--- input ---\n{text}"))
}

/// Parses, verifies, and checks the printed form is a fixed point.
fn parse_and_round_trip(text: &str) -> Module {
    let module = parse(text);
    verify_module(&module).unwrap_or_else(|e| panic!("{e}"));
    let printed = print_module(&module);
    let reprinted = print_module(&parse(&printed));
    assert_eq!(printed, reprinted, "print(parse(print(m))) differs");
    assert_opt_accepts(&printed);
    module
}

/// stdout and exit status of `lli` on the standalone form, if lli exists.
fn run_lli(module: &Module) -> Option<(Vec<u8>, i32)> {
    let out = run_tool("lli", &["-"], &print_standalone_llvm(module))?;
    Some((out.stdout, out.status.code().unwrap_or(-1)))
}

#[test]
fn clang_style_fib_with_numbered_values_and_attributes() {
    let module = parse_and_round_trip(&data("fib.ll"));
    let fib = &module.functions[module.find_function("fib").unwrap()];
    assert_eq!(fib.param_types(), vec![Type::I32]);
    assert_eq!(fib.ret, Some(Type::I32));
    assert_eq!(fib.layout.len(), 4);
    // The implicit entry block and numbered blocks have no name hint.
    assert!(fib.blocks[fib.layout[0]].name.is_empty());
    let printed = print_module(&module);
    assert!(
        printed.contains("define i32 @fib(i32 %0) {\nbb:\n  %1 = alloca i32\n"),
        "{printed}"
    );
    if let Some((stdout, status)) = run_lli(&module) {
        assert_eq!((stdout.as_slice(), status), (&b"55\n"[..], 0));
    }
}

#[test]
fn opaque_pointers_read_as_the_typed_ones() {
    // The same clang output with `ptr` instead of `i32*` gives the same module.
    let typed = print_module(&parse(&data("fib.ll")));
    let module = parse_and_round_trip(&data("fib_opaque.ll"));
    assert_eq!(print_module(&module), typed);
}

#[test]
fn opaque_pointers_in_the_style_of_the_course_articles() {
    let module = parse_and_round_trip(&data("max_opaque.ll"));
    let max = &module.functions[module.find_function("max").unwrap()];
    let text = print_module(&module);
    assert!(text.contains("store i32 %a, i32* %a.addr"), "{text}");
    assert!(!text.contains("ptr"), "{text}");
    assert_eq!(max.param_types(), [Type::I32, Type::I32]);
}

#[test]
fn opaque_pointee_comes_from_loads_stores_calls_and_strings() {
    let module = parse_and_round_trip(&data("nested_opaque.ll"));
    let bump = &module.functions[module.find_function("main.bump").unwrap()];
    // `%x` is only passed on: main.bump.inner's loads tell its pointee.
    assert_eq!(bump.param_types(), [Type::PtrI32, Type::PtrI1]);
    let text = print_module(&module);
    assert!(
        text.contains("call void @wend_print_str(i8* getelementptr inbounds ([2 x i8], [2 x i8]* @.str.0, i64 0, i64 0), i32 2)"),
        "{text}"
    );
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = wend_ir::interp::run_main(&module, &mut out, &mut err).unwrap();
    assert_eq!(
        (status, out.as_slice(), err.as_slice()),
        (0, &b"x=42true\n"[..], &b""[..])
    );
}

/// Opaque pointers whose pointee the text does not say, or says twice
/// differently: (input, line, column, message fragment).
const OPAQUE_ERRORS: &[(&str, u32, u32, &str)] = &[
    ("declare void @f(ptr)\n", 1, 17, "cannot tell what parameter 1 of `@f` points to"),
    (
        "define void @f(ptr %p) {\nentry:\n  ret void\n}\n",
        1,
        16,
        "cannot tell what parameter `%p` of `@f` points to",
    ),
    (
        "define void @f(ptr %p) {\nentry:\n  store i32 1, ptr %p\n  %b = load i1, ptr %p\n  ret void\n}\n",
        4,
        21,
        "`%p` must point both to i32 (line 3, column 16) and to i1 (line 4, column 17)",
    ),
    (
        // The conflict is found through the call.
        "define void @g(ptr %q) {\nentry:\n  %b = load i1, ptr %q\n  ret void\n}\n\
         define void @f(ptr %p) {\nentry:\n  store i32 1, ptr %p\n  call void @g(ptr %p)\n  ret void\n}\n",
        9,
        16,
        "must point both to i32",
    ),
    (
        "define void @f(i32* %p) {\nentry:\n  %b = load i1, ptr %p\n  ret void\n}\n",
        3,
        21,
        "`%p` has type i32*, but ptr (pointing to i1, as line 3, column 17 says) is written here",
    ),
    (
        "define void @f(i32 %p) {\nentry:\n  %b = load i1, ptr %p\n  ret void\n}\n",
        3,
        21,
        "`%p` has type i32, but ptr (pointing to i1, as line 3, column 17 says) is written here",
    ),
    (
        "define i32 @f() {\nentry:\n  br label %b\nb:\n  %p = phi ptr [ %q, %entry ]\n  %q = alloca i1\n  %v = load i32, ptr %p\n  ret i32 %v\n}\n",
        7,
        22,
        "`%p` must point both to i1",
    ),
    ("define ptr @f() {\nentry:\n  ret ptr null\n}\n", 1, 8, "returning a pointer"),
    ("define void @f() {\nentry:\n  %x = alloca ptr\n  ret void\n}\n", 3, 15, "`ptr` is not supported here"),
    ("define void @f() {\nentry:\n  %y = load i32, ptr null\n  ret void\n}\n", 3, 22, "null pointers"),
    ("define void @f(ptr* %p) {\nentry:\n  ret void\n}\n", 1, 19, "no `ptr*`"),
    (
        // A typed argument against what the callee's loads say.
        "define void @g(ptr %q) {\nentry:\n  %b = load i1, ptr %q\n  ret void\n}\n\
         define void @f(i32* %p) {\nentry:\n  call void @g(i32* %p)\n  ret void\n}\n",
        8,
        16,
        "argument 1 of `@g` must be ptr (pointing to i1, as line 3, column 17 says), not i32*",
    ),
    (
        "define void @g(ptr %q) {\nentry:\n  ret void\n}\n\
         define void @f(i32 %p) {\nentry:\n  call void @g(i32 %p)\n  ret void\n}\n",
        7,
        16,
        "argument 1 of `@g` must be ptr, not i32",
    ),
];

#[test]
fn opaque_pointer_errors_are_located() {
    for &(input, line, column, fragment) in OPAQUE_ERRORS {
        match parse_module(input) {
            Ok(_) => panic!("accepted:\n{input}"),
            Err(e) => assert!(
                e.line == line && e.column == column && e.message.contains(fragment),
                "for input\n{input}\ngot `{e}`, expected {line}:{column}: …{fragment}…"
            ),
        }
    }
}

#[test]
fn a_select_of_opaque_pointers_takes_their_pointee() {
    let text = "define i32 @f(i1 %c) {\nentry:\n  %x = alloca i32\n  %y = alloca i32\n  \
                store i32 5, ptr %y\n  %p = select i1 %c, ptr %x, ptr %y\n  \
                %v = load i32, ptr %p\n  ret i32 %v\n}\n";
    let module = parse_and_round_trip(text);
    assert!(print_module(&module).contains("%p = select i1 %c, i32* %x, i32* %y"));
}

#[test]
fn the_module_with_its_runtime_reads_back() {
    let module = parse(&data("nested_opaque.ll"));
    let standalone = print_standalone_llvm(&module);
    let (again, with_runtime) = wend_ir::read::parse_module_with_runtime(&standalone).unwrap();
    assert!(with_runtime);
    assert_eq!(print_standalone_llvm(&again), standalone);
    assert_eq!(print_module(&again), print_module(&module));
    // Read as a module alone, it is no longer standalone.
    let (_, alone) = wend_ir::read::parse_module_with_runtime(&print_module(&again)).unwrap();
    assert!(!alone);
}

#[test]
fn forward_references_in_phis_and_strings() {
    let module = parse_and_round_trip(&data("loop_ssa.ll"));
    let main = &module.functions[module.find_function("main").unwrap()];
    let lp = main.layout[1];
    assert_eq!(&*main.blocks[lp].name, "loop");
    assert_eq!(main.blocks[lp].phis.len(), 2);
    assert_eq!(
        module.strings[module.strings.keys().next().unwrap()],
        b"sum = \0"
    );
    if let Some((stdout, status)) = run_lli(&module) {
        assert_eq!((stdout.as_slice(), status), (&b"sum = 45\n"[..], 0));
    }
}

#[test]
fn conditional_branch_with_both_targets_equal() {
    let text = "\
define i32 @pick(i1 %c, i32 %a) {
entry:
  br i1 %c, label %join, label %join

join:
  %x = phi i32 [ %a, %entry ], [ %a, %entry ]
  ret i32 %x
}
";
    let module = parse_and_round_trip(text);
    let f = &module.functions[module.find_function("pick").unwrap()];
    let join = f.layout[1];
    let phi = f.blocks[join].phis[0];
    let InstKind::Phi { incoming } = &f.insts[phi].kind else {
        panic!("not a phi")
    };
    assert_eq!(incoming.len(), 2);
    assert!(matches!(
        f.blocks[f.layout[0]].terminator,
        Some(Terminator::CondBr { then_dest, else_dest, .. }) if then_dest == join && else_dest == join
    ));
}

#[test]
fn unreachable_blocks_may_use_values_before_their_definition() {
    let text = include_str!("data/unreachable-uses.ll");
    let module = parse_and_round_trip(text);
    let f = &module.functions[module.find_function("f").unwrap()];
    assert_eq!(f.layout.len(), 3);
}

#[test]
fn numbered_values_unnamed_blocks_and_implicit_numbers() {
    // As in LLVM, the numbering counts the unnamed parameter (%0), the
    // unnamed entry block (%1) and the unnamed call result (%3).
    let text = "\
declare i32 @g(i32)

define i32 @h(i32, i32 %y) {
  %2 = call i32 @g(i32 %0)
  call i32 @g(i32 %2)
  br label %4

4:
  %5 = add i32 %3, %y
  ret i32 %5
}
";
    let module = parse_and_round_trip(text);
    let f = &module.functions[module.find_function("h").unwrap()];
    assert_eq!(f.layout.len(), 2);
    let printed = print_module(&module);
    assert!(
        printed.contains("  %1 = call i32 @g(i32 %0)\n  %2 = call i32 @g(i32 %1)\n"),
        "{printed}"
    );
    assert!(printed.contains("  %3 = add i32 %2, %y\n"), "{printed}");
}

#[test]
fn calls_and_functions_defined_later() {
    let text = "\
define i32 @main() {
entry:
  %r = call i32 @later(i1 true, i32* null.not.allowed)
  ret i32 %r
}
";
    assert!(parse_module(text).is_err());
    let text = "\
define i32 @main() {
entry:
  %p = alloca i32, align 4
  store i32 -2147483648, i32* %p, align 4
  %r = call i32 @later(i1 true, i32* %p)
  call void @nothing()
  ret i32 %r
}

define i32 @later(i1 zeroext %c, i32* nocapture readonly %p) local_unnamed_addr #3 {
entry:
  %v = load i32, i32* %p
  %w = select i1 %c, i32 %v, i32 4294967295
  %u = xor i1 %c, undef
  %q = srem i32 %w, 7
  ret i32 %q
}

define void @nothing() {
entry:
  unreachable
}
";
    let module = parse_and_round_trip(text);
    let later = &module.functions[module.find_function("later").unwrap()];
    let consts: Vec<i32> = later
        .values
        .values()
        .filter_map(|d| match d.def {
            ValueDef::Const(c) => Some(c),
            _ => None,
        })
        .collect();
    assert!(consts.contains(&-1), "4294967295 is -1 as an i32");
}

#[test]
fn strings_with_every_escape_round_trip() {
    let mut module = Module::new();
    let all: Vec<u8> = (0..=255).collect();
    module.intern_string(&all);
    module.intern_string(b"");
    let printed = print_module(&module);
    let back = parse(&printed);
    assert_eq!(
        back.strings.values().cloned().collect::<Vec<_>>(),
        vec![all, vec![]]
    );
    assert_eq!(print_module(&back), printed);
}

#[test]
fn quoted_names_are_read_and_sanitised() {
    let text = "\
define i32 @\"odd name\"(i32 %\"a b\") {
\"the entry\":
  %\"x y\" = add i32 %\"a b\", 1
  ret i32 %\"x y\"
}
";
    let module = parse(text);
    verify_module(&module).unwrap();
    let printed = print_module(&module);
    assert!(
        printed.contains(
            "define i32 @\"odd name\"(i32 %a_b) {\nthe_entry:\n  %x_y = add i32 %a_b, 1\n"
        ),
        "{printed}"
    );
    assert_eq!(print_module(&parse(&printed)), printed);
}

/// (input, line, column, a fragment of the message)
const ERRORS: &[(&str, u32, u32, &str)] = &[
    ("define i32 @f() {\nentry:\n  ret i32 %x\n}\n", 3, 11, "undefined value `%x`"),
    ("define i32 @f() {\nentry:\n  %r = call i32 @g()\n  ret i32 %r\n}\n", 3, 17, "undeclared function `@g`"),
    ("define i32 @f() {\nentry:\n  br label %nowhere\n}\n", 3, 12, "undefined label `%nowhere`"),
    ("define i32 @f() {\nentry:\n  %x = add i32 1, 2\n  %x = add i32 1, 2\n  ret i32 %x\n}\n", 4, 3, "redefinition of `%x`"),
    ("define i32 @f() {\nentry:\n  %x = add i32 1, 2\n  ret i1 %x\n}\n", 4, 7, "`ret i1` in a function returning i32"),
    ("define i32 @f(i32 %a) {\nentry:\n  %c = icmp eq i32 %a, 0\n  %x = add i32 %c, 2\n  ret i32 %x\n}\n", 4, 16, "`%c` has type i1"),
    ("define i32 @f() {\nentry:\n  %x = fadd i32 1, 2\n  ret i32 %x\n}\n", 3, 8, "unsupported instruction `fadd`"),
    ("define i32 @f() {\nentry:\n  %x = add i32 1, 2\n}\n", 4, 1, "no terminator"),
    ("define i32 @f() {\nentry:\n  %1 = add i32 1, 2\n  ret i32 %1\n}\n", 3, 3, "expected to be numbered `%0`"),
    ("define i64 @f() {\nentry:\n  ret i64 0\n}\n", 1, 8, "unsupported type `i64`"),
    ("define i32 @f() {\nentry:\n  ret i32 99999999999\n}\n", 3, 11, "does not fit in i32"),
    ("define i32 @f() {\nentry:\n  ret i32 0\n", 1, 17, "never closed"),
    ("@s = global i32 0\n", 1, 17, "only string constants"),
    ("@s = private constant [3 x i8] c\"ab\"\n", 1, 32, "2 bytes but the type says 3"),
    ("define void @f() {\nentry:\n  call void @f(i32 1)\n  ret void\n}\n", 3, 16, "takes 0 arguments"),
    ("declare void @p(i32)\ndefine void @f() {\nentry:\n  call void @p(i1 true)\n  ret void\n}\n", 4, 16, "must be i32, not i1"),
    ("define void @f() {\nentry:\n  ret void\n}\ndefine void @f() {\nentry:\n  ret void\n}\n", 5, 13, "redefinition of `@f`"),
    ("define void @f() {\nentry:\n  %x = phi i32 [ 0, %entry ]\n  %y = add i32 %x, 1\n  %z = phi i32 [ 0, %entry ]\n  ret void\n}\n", 5, 8, "phis must come before"),
    ("define void @f() {\nentry:\n  store i32 1, i1* undef\n  ret void\n}\n", 3, 16, "needs a i32* operand"),
    ("define void @f() {\nentry:\n  ret void\n}\n}", 5, 1, "expected `define`"),
    ("define void @f() {\nentry:\n  ret void ^\n}\n", 3, 12, "unexpected character"),
    ("@s = constant [1 x i8] c\"\\zz\"\n", 1, 24, "invalid escape"),
    // The second pass resumes lexing in each body where the first saw it:
    // errors in a later body, on its first line and further down.
    ("define void @f() {\nentry:\n  ret void\n}\ndefine i32 @g() { %x = add i32 1, 2\n  ret i32 %y\n}\n", 6, 11, "undefined value `%y`"),
    ("define void @f() {\nentry:\n  ret void\n}\ndefine void @g() { entry: ret void }\ndefine void @h() {\n  ret void\n  %z = fadd i32 1, 2\n}\n", 8, 8, "unsupported instruction `fadd`"),
    // A lexical error in a body is found by the first pass.
    ("define void @f() {\nentry:\n  ret void\n}\ndefine void @g() {\nentry:\n  ret void ^\n}\n", 7, 12, "unexpected character"),
    // The first error in the text is reported, lexical or not.
    ("define void @f() {\nentry:\n  ret void\n}\n}\n^\n", 5, 1, "expected `define`"),
];

#[test]
fn errors_are_located() {
    for &(input, line, column, fragment) in ERRORS {
        match parse_module(input) {
            Ok(_) => panic!("accepted:\n{input}"),
            Err(e) => {
                assert!(
                    e.line == line && e.column == column && e.message.contains(fragment),
                    "for input\n{input}\ngot `{e}`, expected {line}:{column}: …{fragment}…"
                );
                assert!(e.to_string().starts_with(&format!("{line}:{column}: ")));
            }
        }
    }
}

/// A tiny deterministic generator (xorshift), so the fuzz test is repeatable.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn mutated_inputs_never_panic() {
    let seeds = [
        data("fib.ll"),
        data("loop_ssa.ll"),
        data("fib_opaque.ll"),
        data("nested_opaque.ll"),
        print_standalone_llvm(&parse(&data("nested_opaque.ll"))),
    ];
    let pieces: &[&[u8]] = &[
        b"%",
        b"@",
        b"\"",
        b"c\"",
        b"[",
        b"]",
        b"(",
        b")",
        b"{",
        b"}",
        b",",
        b"=",
        b"*",
        b"ptr",
        b"\n}\n",
        b":",
        b"phi",
        b"label",
        b"i1",
        b"i32*",
        b"-",
        b"99999999999999999999999",
        b"\\",
        b"\n",
        b";",
        b"getelementptr",
        b"br",
        b"ret",
        b"#0",
        b"!0",
        b"...",
        b"\xc3\xa9",
        b"0:",
        b"%0",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut accepted = 0;
    for round in 0..3000 {
        let mut bytes = seeds[round % seeds.len()].clone().into_bytes();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bytes.len() + 1);
            match rng.below(4) {
                0 if at < bytes.len() => {
                    let len = 1 + rng.below(8);
                    bytes.drain(at..(at + len).min(bytes.len()));
                }
                1 => {
                    let piece = pieces[rng.below(pieces.len())];
                    bytes.splice(at..at, piece.iter().copied());
                }
                2 if at < bytes.len() => bytes[at] = rng.next() as u8,
                _ => {
                    // Duplicate a slice somewhere else.
                    let from = rng.below(bytes.len());
                    let chunk: Vec<u8> = bytes[from..(from + 12).min(bytes.len())].to_vec();
                    bytes.splice(at..at, chunk);
                }
            }
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let result = std::panic::catch_unwind(|| parse_module(&text));
        let Ok(result) = result else {
            panic!("the reader panicked on:\n{text}");
        };
        if let Ok(module) = result {
            accepted += 1;
            // Whatever parses must print and verify without panicking too.
            let printed = print_module(&module);
            let _ = verify_module(&module).map_err(|e| e.to_string());
            let reparsed = parse_module(&printed)
                .unwrap_or_else(|e| panic!("printed output does not parse: {e}\n{printed}"));
            assert_eq!(print_module(&reparsed), printed);
        }
    }
    assert!(
        accepted > 0,
        "no mutation was accepted; the fuzzer is too blunt"
    );
}
