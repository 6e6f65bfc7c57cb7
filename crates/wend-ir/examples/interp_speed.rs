//! A rough speed probe of the interpreter (a measurement, not a test):
//! `cargo run -p wend-ir --release --example interp_speed` prints the time
//! per executed loop iteration and per call.

use std::time::Instant;
use wend_ir::builder::FunctionBuilder;
use wend_ir::interp;
use wend_ir::runtime::RuntimeFn;
use wend_ir::{BinOp, Function, IcmpCond, InstKind, Module, Type};

/// `int i; int s; while i < n { s = s + i * 3 % 7; i = i + 1; } println s;`
/// in the memory form the frontend emits.
fn loop_module(n: i32) -> Module {
    let mut m = Module::new();
    let print_int = m.runtime_fn(RuntimeFn::PrintInt);
    let main = m.add_function(Function::new("main", &[], Some(Type::I32)));
    let mut b = FunctionBuilder::new(&mut m.functions[main]);
    let (zero, one, three, seven, n) = (
        b.iconst(0),
        b.iconst(1),
        b.iconst(3),
        b.iconst(7),
        b.iconst(n),
    );
    let i = b.alloca(Type::I32, "i");
    let s = b.alloca(Type::I32, "s");
    b.store(zero, i);
    b.store(zero, s);
    let (header, body, exit) = (
        b.create_block("c"),
        b.create_block("b"),
        b.create_block("e"),
    );
    b.br(header);
    b.switch_to_block(header);
    let iv = b.load(i, "");
    let more = b.icmp(IcmpCond::Slt, iv, n, "");
    b.cond_br(more, body, exit);
    b.switch_to_block(body);
    let (sv, iv) = (b.load(s, ""), b.load(i, ""));
    let t = b.binary(BinOp::Mul, iv, three, "");
    let t = b.binary(BinOp::SRem, t, seven, "");
    let s1 = b.binary(BinOp::Add, sv, t, "");
    b.store(s1, s);
    let i1 = b.binary(BinOp::Add, iv, one, "");
    b.store(i1, i);
    b.br(header);
    b.switch_to_block(exit);
    let sv = b.load(s, "");
    b.call(print_int, None, vec![sv], "");
    b.ret(Some(zero));
    m
}

/// `int fib(int n) { if n < 2 { return n; } return fib(n-1) + fib(n-2); }`
fn fib_module(n: i32) -> Module {
    let mut m = Module::new();
    let print_int = m.runtime_fn(RuntimeFn::PrintInt);
    let fib = m.add_function(Function::new(
        "main.fib",
        &[(Type::I32, "n")],
        Some(Type::I32),
    ));
    {
        let mut b = FunctionBuilder::new(&mut m.functions[fib]);
        let n = b.param(0);
        let (one, two) = (b.iconst(1), b.iconst(2));
        let small = b.icmp(IcmpCond::Slt, n, two, "");
        let (base, rec) = (b.create_block("base"), b.create_block("rec"));
        b.cond_br(small, base, rec);
        b.switch_to_block(base);
        b.ret(Some(n));
        b.switch_to_block(rec);
        let n1 = b.binary(BinOp::Sub, n, one, "");
        let a = b.call(fib, Some(Type::I32), vec![n1], "").unwrap();
        let n2 = b.binary(BinOp::Sub, n, two, "");
        let c = b.call(fib, Some(Type::I32), vec![n2], "").unwrap();
        let sum = b.binary(BinOp::Add, a, c, "");
        b.ret(Some(sum));
    }
    let main = m.add_function(Function::new("main", &[], Some(Type::I32)));
    let mut b = FunctionBuilder::new(&mut m.functions[main]);
    let n = b.iconst(n);
    let zero = b.iconst(0);
    let r = b.call(fib, Some(Type::I32), vec![n], "").unwrap();
    b.call(print_int, None, vec![r], "");
    b.ret(Some(zero));
    m
}

fn main() {
    let n = 20_000_000;
    let m = loop_module(n);
    let ops: usize = m.functions.values().map(|f| f.insts.len()).sum();
    let start = Instant::now();
    let mut out = Vec::new();
    interp::run_main(&m, &mut out, &mut std::io::sink()).unwrap();
    let t = start.elapsed();
    println!(
        "loop: {:?} total, {:.2} ns/iteration ({ops} insts in the module), output {}",
        t,
        t.as_nanos() as f64 / n as f64,
        String::from_utf8_lossy(&out)
    );
    assert!(m.functions.values().all(|f| f
        .insts
        .values()
        .all(|i| !matches!(i.kind, InstKind::Phi { .. }))));

    let m = fib_module(30);
    let start = Instant::now();
    let mut out = Vec::new();
    interp::run_main(&m, &mut out, &mut std::io::sink()).unwrap();
    let t = start.elapsed();
    let calls = 2_692_537.0; // calls of fib(30)
    println!(
        "fib(30): {:?} total, {:.2} ns/call, output {}",
        t,
        t.as_nanos() as f64 / calls,
        String::from_utf8_lossy(&out)
    );
}
