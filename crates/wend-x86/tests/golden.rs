//! Golden assembly for the two classic traps of leaving SSA, on IR with
//! phis built by hand (see the SSA-destruction lecture): the expected `.s`
//! of each function is in tests/golden/ (regenerate with
//! `WEND_BLESS=1 cargo test -p wend-x86 --test golden`), and each program
//! is also run to check that it computes the right thing.

mod common;

use wend_ir::builder::FunctionBuilder;
use wend_ir::runtime::RuntimeFn;
use wend_ir::{BinOp, FuncId, Function, IcmpCond, InstKind, Module, Type, Value};

fn add_incoming(func: &mut Function, phi: Value, pred: wend_ir::Block, v: Value) {
    let inst = func.defining_inst(phi).unwrap();
    if let InstKind::Phi { incoming } = &mut func.insts[inst].kind {
        incoming.push((pred, v));
    }
}

fn golden(name: &str, module: &Module, func: FuncId) {
    let opts = wend_x86::Options {
        source_file: None,
        comments: true,
        debug_info: None,
    };
    let asm = wend_x86::compile_function_asm(module, &module.functions[func], &opts);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.s"));
    if std::env::var_os("WEND_BLESS").is_some() {
        std::fs::write(&path, &asm).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        asm, expected,
        "golden assembly of {name} changed (WEND_BLESS=1 to accept)"
    );
}

/// Calls `f(n)` for each n and prints the results, one per line.
fn main_printing(m: &mut Module, f: FuncId, ns: &[i32]) {
    let print = m.runtime_fn(RuntimeFn::PrintInt);
    let newline = m.runtime_fn(RuntimeFn::PrintNewline);
    let main = m.add_function(Function::new("main", &[], Some(Type::I32)));
    let mut b = FunctionBuilder::new(&mut m.functions[main]);
    for &n in ns {
        let nv = b.iconst(n);
        let r = b.call(f, Some(Type::I32), vec![nv], "r").unwrap();
        b.call(print, None, vec![r], "");
        b.call(newline, None, vec![], "");
    }
    let zero = b.iconst(0);
    b.ret(Some(zero));
}

/// The swap problem: `a, b = b, a` on every iteration, as phis that read
/// each other. Sequential copies `a := b; b := a` would lose a's value; the
/// parallel copy on the (split) back edge is a cycle, broken through `%r10`.
#[test]
fn swap_problem() {
    let mut m = Module::new();
    let f = m.add_function(Function::new(
        "main.swap",
        &[(Type::I32, "n")],
        Some(Type::I32),
    ));
    {
        let mut b = FunctionBuilder::new(&mut m.functions[f]);
        let n = b.param(0);
        let entry = b.current_block();
        let lp = b.create_block("loop");
        let exit = b.create_block("exit");
        b.br(lp);
        b.switch_to_block(lp);
        let (one, two, zero) = (b.iconst(1), b.iconst(2), b.iconst(0));
        let a = b.phi(Type::I32, vec![(entry, one)], "a");
        let bb = b.phi(Type::I32, vec![(entry, two)], "b");
        let i = b.phi(Type::I32, vec![(entry, zero)], "i");
        let next = b.binary(BinOp::Add, i, one, "i.next");
        let more = b.icmp(IcmpCond::Slt, next, n, "more");
        b.cond_br(more, lp, exit);
        add_incoming(b.func, a, lp, bb);
        add_incoming(b.func, bb, lp, a);
        add_incoming(b.func, i, lp, next);
        b.switch_to_block(exit);
        let ten = b.iconst(10);
        let t = b.binary(BinOp::Mul, a, ten, "t");
        let r = b.binary(BinOp::Add, t, bb, "r");
        b.ret(Some(r));
    }
    golden("swap", &m, f);
    main_printing(&mut m, f, &[1, 2, 3, 10]);
    let run = common::compile_and_run("swap", &m);
    assert_eq!(String::from_utf8_lossy(&run.stdout), "12\n21\n12\n21\n");
}

/// The lost-copy problem (the lecture's example after copy propagation):
/// `x1 = phi(1, x2); x2 = x1 + 1; loop while x2 < n; return x1`. The copy
/// `x1 := x2` placed at the end of the loop block itself would also run on
/// the exit edge and return x2; on the split back edge it is right.
#[test]
fn lost_copy_problem() {
    let mut m = Module::new();
    let f = m.add_function(Function::new(
        "main.lost",
        &[(Type::I32, "n")],
        Some(Type::I32),
    ));
    {
        let mut b = FunctionBuilder::new(&mut m.functions[f]);
        let n = b.param(0);
        let entry = b.current_block();
        let lp = b.create_block("loop");
        let exit = b.create_block("exit");
        b.br(lp);
        b.switch_to_block(lp);
        let one = b.iconst(1);
        let x1 = b.phi(Type::I32, vec![(entry, one)], "x1");
        let x2 = b.binary(BinOp::Add, x1, one, "x2");
        let more = b.icmp(IcmpCond::Slt, x2, n, "more");
        b.cond_br(more, lp, exit);
        add_incoming(b.func, x1, lp, x2);
        b.switch_to_block(exit);
        b.ret(Some(x1));
    }
    golden("lost_copy", &m, f);
    main_printing(&mut m, f, &[0, 5, 10]);
    let run = common::compile_and_run("lost_copy", &m);
    assert_eq!(String::from_utf8_lossy(&run.stdout), "1\n4\n9\n");
}
