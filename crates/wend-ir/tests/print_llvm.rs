//! Printer tests: hand-built functions are printed and checked by LLVM 14's
//! own tools (`opt -verify`, `lli`), so "valid LLVM IR" is LLVM's verdict.

mod common;

use common::{assert_opt_accepts, run_tool};
use std::process::Command;
use wend_ir::builder::FunctionBuilder;
use wend_ir::print::{
    block_names, for_each_block_name, print_function, print_module, print_standalone_llvm,
    printed_source_lines, value_names,
};
use wend_ir::runtime::RuntimeFn;
use wend_ir::{BinOp, Function, IcmpCond, Module, Type};

/// `int sum = 0; i = 0; while i < n { sum += i; i += 1 } return sum`, in SSA
/// form with phis, unnamed values and colliding name hints.
fn loop_module() -> Module {
    let mut module = Module::new();
    let mut f = Function::new("sum.to", &[(Type::I32, "n")], Some(Type::I32));
    {
        let mut b = FunctionBuilder::new(&mut f);
        let entry = b.entry_block();
        let cond = b.create_block("while.cond");
        let body = b.create_block("while.body");
        let end = b.create_block("while.end");
        let zero = b.iconst(0);
        b.br(cond);
        b.switch_to_block(cond);
        // Operands are patched below, once the body's values exist.
        let i = b.phi(Type::I32, vec![], "i");
        let sum = b.phi(Type::I32, vec![], "");
        let n = b.param(0);
        let c = b.icmp(IcmpCond::Slt, i, n, "");
        b.cond_br(c, body, end);
        b.switch_to_block(body);
        let sum2 = b.binary(BinOp::Add, sum, i, "i");
        let one = b.iconst(1);
        let i2 = b.binary(BinOp::Add, i, one, "i");
        b.br(cond);
        b.switch_to_block(end);
        b.ret(Some(sum));
        let set = |f: &mut Function, v, inc| {
            let inst = f.defining_inst(v).unwrap();
            f.insts[inst].kind = wend_ir::InstKind::Phi { incoming: inc };
        };
        set(b.func, i, wend_ir::thin_vec![(entry, zero), (body, i2)]);
        set(b.func, sum, wend_ir::thin_vec![(entry, zero), (body, sum2)]);
    }
    module.add_function(f);
    module
}

#[test]
fn names_are_unique_and_numbers_sequential() {
    let module = loop_module();
    let text = print_module(&module);
    let expected = "\
define i32 @sum.to(i32 %n) {
entry:
  br label %while.cond

while.cond:                                       ; preds = %entry, %while.body
  %i = phi i32 [ 0, %entry ], [ %i2, %while.body ]
  %0 = phi i32 [ 0, %entry ], [ %i1, %while.body ]
  %1 = icmp slt i32 %i, %n
  br i1 %1, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %i1 = add i32 %0, %i
  %i2 = add i32 %i, 1
  br label %while.cond

while.end:                                        ; preds = %while.cond
  ret i32 %0
}
";
    assert_eq!(text, expected);
    assert_opt_accepts(&text);
    let f = &module.functions[module.find_function("sum.to").unwrap()];
    let values = value_names(f);
    assert_eq!(values[f.params[0]], "%n");
    let blocks = block_names(f);
    assert_eq!(blocks[f.layout[1]], "while.cond");
}

/// The backend's labels come from `for_each_block_name`: the printer's
/// block names, in layout order, parameters claiming their names first.
#[test]
fn block_names_one_by_one_are_the_printers() {
    let mut f = Function::new("f", &[(Type::I32, "n"), (Type::I32, "n1")], None);
    {
        let mut b = FunctionBuilder::new(&mut f);
        let hints = ["n", "n", "", "x1", "x1", "x1.1", "bb"];
        let blocks: Vec<_> = hints.iter().map(|&h| b.create_block(h)).collect();
        b.br(blocks[0]);
        for pair in blocks.windows(2) {
            b.switch_to_block(pair[0]);
            b.br(pair[1]);
        }
        b.switch_to_block(blocks[blocks.len() - 1]);
        b.ret(None);
    }
    let printed = block_names(&f);
    let mut one_by_one = Vec::new();
    for_each_block_name(&f, |b, name| one_by_one.push((b, name.to_string())));
    let expected: Vec<_> = f.layout.iter().map(|&b| (b, printed[b].clone())).collect();
    assert_eq!(one_by_one, expected);
    let names: Vec<&str> = one_by_one.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(
        names,
        ["entry", "n2", "n3", "bb", "x1", "x1.1", "x1.1.1", "bb1"]
    );
}

/// With value names discarded (as for assembly output), the same function
/// prints with every value numbered, and names given later are ignored.
#[test]
fn discarded_value_names_number_every_value() {
    let mut module = loop_module();
    let id = module.find_function("sum.to").unwrap();
    let f = &mut module.functions[id];
    f.discard_value_names();
    let n = f.params[0];
    f.set_value_name(n, "n");
    assert_eq!(f.value_name(n), None);
    let text = print_module(&module);
    let expected = "\
define i32 @sum.to(i32 %0) {
entry:
  br label %while.cond

while.cond:                                       ; preds = %entry, %while.body
  %1 = phi i32 [ 0, %entry ], [ %5, %while.body ]
  %2 = phi i32 [ 0, %entry ], [ %4, %while.body ]
  %3 = icmp slt i32 %1, %0
  br i1 %3, label %while.body, label %while.end

while.body:                                       ; preds = %while.cond
  %4 = add i32 %2, %1
  %5 = add i32 %1, 1
  br label %while.cond

while.end:                                        ; preds = %while.cond
  ret i32 %2
}
";
    assert_eq!(text, expected);
    assert_opt_accepts(&text);
}

#[test]
fn awkward_hints_become_valid_identifiers() {
    let mut module = Module::new();
    let mut f = Function::new(
        "main",
        &[(Type::I32, "1x"), (Type::I1, "a b"), (Type::I32, "x1")],
        Some(Type::I32),
    );
    {
        let mut b = FunctionBuilder::new(&mut f);
        let x = b.param(0);
        let y = b.binary(BinOp::Mul, x, x, "x1");
        let z = b.binary(BinOp::Sub, y, x, "x1");
        let blk = b.create_block("");
        let blk2 = b.create_block("x1");
        let c = b.param(1);
        b.cond_br(c, blk, blk);
        b.switch_to_block(blk);
        let p = b.phi(
            Type::I32,
            vec![(b.entry_block(), z), (b.entry_block(), z)],
            "",
        );
        b.br(blk2);
        b.switch_to_block(blk2);
        b.ret(Some(p));
    }
    module.add_function(f);
    let text = print_module(&module);
    assert!(
        text.contains("define i32 @main(i32 %_1x, i1 %a_b, i32 %x1)"),
        "{text}"
    );
    // Parameters, then block labels, then the other values claim names.
    assert!(text.contains("\nbb:"), "{text}");
    assert!(text.contains("\nx1.1:"), "{text}");
    assert!(text.contains("%x1.2 = mul"), "{text}");
    assert!(text.contains("%x1.3 = sub"), "{text}");
    assert!(
        text.contains("[ %x1.3, %entry ], [ %x1.3, %entry ]"),
        "{text}"
    );
    assert_opt_accepts(&text);
}

#[test]
fn unreachable_blocks_and_declarations_print() {
    let mut module = Module::new();
    let print_int = module.runtime_fn(RuntimeFn::PrintInt);
    let mut f = Function::new("main", &[], Some(Type::I32));
    {
        let mut b = FunctionBuilder::new(&mut f);
        let dead = b.create_block("dead");
        let five = b.iconst(5);
        b.call(print_int, None, vec![five], "");
        let zero = b.iconst(0);
        b.ret(Some(zero));
        b.switch_to_block(dead);
        let u = b.func.undef(Type::I32);
        b.call(print_int, None, vec![u], "");
        b.unreachable();
    }
    let main = module.add_function(f);
    let text = print_module(&module);
    assert!(
        text.contains("dead:                                             ; No predecessors!\n"),
        "{text}"
    );
    assert!(
        text.contains("call void @wend_print_int(i32 undef)"),
        "{text}"
    );
    assert!(
        text.ends_with("\ndeclare void @wend_print_int(i32)\n"),
        "{text}"
    );
    assert!(print_function(&module, main).starts_with("define i32 @main() {\nentry:\n"));
    assert_opt_accepts(&text);
}

/// Each printed line of a function is paired with its instruction's source
/// line: labels, blank lines and braces with none.
#[test]
fn printed_lines_carry_their_source_lines() {
    let mut module = Module::new();
    let print_int = module.runtime_fn(RuntimeFn::PrintInt);
    let mut f = Function::new("main", &[], Some(Type::I32));
    {
        let mut b = FunctionBuilder::new(&mut f);
        let next = b.create_block("next");
        b.set_line(3);
        let five = b.iconst(5);
        b.call(print_int, None, vec![five], "");
        b.set_line(4);
        b.br(next);
        b.switch_to_block(next);
        b.set_line(7);
        let zero = b.iconst(0);
        b.ret(Some(zero));
    }
    let main = module.add_function(f);
    let text = print_function(&module, main);
    let lines = printed_source_lines(&module.functions[main]);
    let pairs: Vec<(u32, &str)> = lines.iter().copied().zip(text.lines()).collect();
    assert_eq!(lines.len(), text.lines().count(), "{text}");
    assert_eq!(
        pairs[2],
        (3, "  call void @wend_print_int(i32 5)"),
        "{text}"
    );
    assert_eq!(pairs[3], (4, "  br label %next"), "{text}");
    assert_eq!(pairs[6], (7, "  ret i32 0"), "{text}");
    assert!(pairs
        .iter()
        .all(|&(n, line)| (n == 0) == (!line.starts_with("  ") || line.trim().is_empty())));
    // And the loop, whose phis come first.
    let module = loop_module();
    let (id, _) = module.definitions().next().unwrap();
    assert_eq!(
        printed_source_lines(&module.functions[id]).len(),
        print_function(&module, id).lines().count()
    );
}

/// Every byte that needs escaping, a NUL in the middle, and all the runtime.
fn printing_module(divide_by_zero: bool) -> Module {
    let mut module = Module::new();
    let print_int = module.runtime_fn(RuntimeFn::PrintInt);
    let print_bool = module.runtime_fn(RuntimeFn::PrintBool);
    let print_str = module.runtime_fn(RuntimeFn::PrintStr);
    let newline = module.runtime_fn(RuntimeFn::PrintNewline);
    let div0 = module.runtime_fn(RuntimeFn::DivByZero);
    let bytes: Vec<u8> = b"a\"b\\c\0d\te\x7f\xff%d%s\n".to_vec();
    let s = module.intern_string(&bytes);
    let empty = module.intern_string(b"");
    let mut f = Function::new("main", &[], Some(Type::I32));
    {
        let mut b = FunctionBuilder::new(&mut f);
        for v in [-2147483648, 0, 42] {
            let c = b.iconst(v);
            b.call(print_int, None, vec![c], "");
            b.call(newline, None, vec![], "");
        }
        for v in [true, false] {
            let c = b.bconst(v);
            b.call(print_bool, None, vec![c], "");
        }
        for (id, len) in [(s, bytes.len()), (empty, 0)] {
            let addr = b.string(id);
            let len = b.iconst(len as i32);
            b.call(print_str, None, vec![addr, len], "");
        }
        if divide_by_zero {
            let line = b.iconst(7);
            b.call(div0, None, vec![line], "");
            b.unreachable();
        } else {
            let zero = b.iconst(0);
            b.ret(Some(zero));
        }
    }
    module.add_function(f);
    module
}

#[test]
fn standalone_output_runs_under_lli_with_exact_output() {
    let module = printing_module(false);
    let text = print_standalone_llvm(&module);
    assert!(!text.contains("declare void @wend_"), "{text}");
    assert_opt_accepts(&text);
    assert_opt_accepts(&print_module(&module));
    let Some(out) = run_tool("lli", &["-"], &text) else {
        return;
    };
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut expected = b"-2147483648\n0\n42\ntruefalse".to_vec();
    expected.extend_from_slice(b"a\"b\\c\0d\te\x7f\xff%d%s\n");
    assert_eq!(out.stdout, expected);
    assert!(out.stderr.is_empty());
}

#[test]
fn standalone_division_by_zero_flushes_then_fails() {
    let module = printing_module(true);
    let text = print_standalone_llvm(&module);
    assert_opt_accepts(&text);
    let Some(out) = run_tool("lli", &["-"], &text) else {
        return;
    };
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.starts_with(b"-2147483648\n0\n42\ntruefalsea\"b"));
    assert!(out.stdout.ends_with(b"%d%s\n"));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "runtime error: division by zero at line 7\n"
    );
}

#[test]
fn standalone_output_compiles_with_llc_and_cc() {
    let module = printing_module(true);
    let text = print_standalone_llvm(&module);
    let dir = std::env::temp_dir().join(format!("wend-print-llc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (ll, asm, exe) = (dir.join("p.ll"), dir.join("p.s"), dir.join("p"));
    std::fs::write(&ll, &text).unwrap();
    // As a user would: llc with its defaults (the static relocation model),
    // then a cc that links position-independent executables by default
    // (Debian's does).
    let llc = Command::new("llc").arg(&ll).arg("-o").arg(&asm).status();
    let Ok(llc) = llc else {
        eprintln!("note: skipping the llc check: llc is not installed");
        return;
    };
    assert!(llc.success());
    let cc = Command::new("cc")
        .arg(&asm)
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap();
    assert!(
        cc.status.success(),
        "{}",
        String::from_utf8_lossy(&cc.stderr)
    );
    let out = Command::new(&exe).output().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out.status.code(), Some(2));
    let mut expected = b"-2147483648\n0\n42\ntruefalse".to_vec();
    expected.extend_from_slice(b"a\"b\\c\0d\te\x7f\xff%d%s\n");
    assert_eq!(out.stdout, expected);
    assert_eq!(out.stderr, b"runtime error: division by zero at line 7\n");
}

#[test]
fn standalone_output_carries_the_pie_module_flags() {
    let text = print_standalone_llvm(&printing_module(false));
    assert!(
        text.starts_with("target triple = \"x86_64-pc-linux-gnu\"\n"),
        "{text}"
    );
    assert!(text.contains("!{i32 7, !\"PIC Level\", i32 2}"), "{text}");
    assert!(text.contains("!{i32 7, !\"PIE Level\", i32 2}"), "{text}");
    // Nothing the module defines is local: a local symbol's address would
    // be an absolute relocation under llc's default static model.
    for line in text.lines().filter(|l| l.starts_with('@')) {
        assert!(
            !line.contains("private") && !line.contains("internal"),
            "{line}"
        );
    }
}

/// Pointer parameters are `noalias` in the text LLVM's tools get (wend's
/// distinct capture pointers: docs/03-the-ir.md), and only there: the IR
/// dumps stay as wendc's passes see them. LLVM accepts and runs it.
#[test]
fn standalone_output_marks_pointer_parameters_noalias() {
    let text = "
define void @main.swap(i32 %k, i32* %a, i32* %b) {
entry:
  %x = load i32, i32* %a
  %y = load i32, i32* %b
  %y1 = add i32 %y, %k
  store i32 %y1, i32* %a
  store i32 %x, i32* %b
  ret void
}

define i32 @main() {
entry:
  %a = alloca i32
  %b = alloca i32
  store i32 1, i32* %a
  store i32 2, i32* %b
  call void @main.swap(i32 10, i32* %a, i32* %b)
  %x = load i32, i32* %a
  call void @wend_print_int(i32 %x)
  ret i32 0
}

declare void @wend_print_int(i32)
";
    let module = wend_ir::read::parse_module(text).unwrap();
    let standalone = print_standalone_llvm(&module);
    assert!(
        standalone.contains("define void @main.swap(i32 %k, i32* noalias %a, i32* noalias %b)"),
        "{standalone}"
    );
    assert!(standalone.contains("define i32 @main()"), "{standalone}");
    assert!(!print_module(&module).contains("noalias"));
    // The reader takes the attribute back (it skips parameter attributes).
    let again = wend_ir::read::parse_module(&standalone).unwrap();
    assert_eq!(print_module(&again), print_module(&module));
    assert_opt_accepts(&standalone);
    let Some(out) = run_tool("lli", &["-"], &standalone) else {
        return;
    };
    assert_eq!(out.stdout, b"12");
}
