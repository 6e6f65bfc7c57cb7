//! End-to-end tests on IR built by hand with `wend_ir::builder`: compiled to
//! assembly, assembled, linked, run; the output must be exactly the expected
//! one and the same as the IR interpreter's.

mod common;

use wend_ir::builder::FunctionBuilder;
use wend_ir::runtime::RuntimeFn;
use wend_ir::{BinOp, FuncId, Function, IcmpCond, Module, Type, Value};

struct Rt {
    int: FuncId,
    boolean: FuncId,
    string: FuncId,
    newline: FuncId,
    div0: FuncId,
}

fn runtime(m: &mut Module) -> Rt {
    Rt {
        int: m.runtime_fn(RuntimeFn::PrintInt),
        boolean: m.runtime_fn(RuntimeFn::PrintBool),
        string: m.runtime_fn(RuntimeFn::PrintStr),
        newline: m.runtime_fn(RuntimeFn::PrintNewline),
        div0: m.runtime_fn(RuntimeFn::DivByZero),
    }
}

fn println_int(b: &mut FunctionBuilder, rt: &Rt, v: Value) {
    b.call(rt.int, None, vec![v], "");
    b.call(rt.newline, None, vec![], "");
}

/// A module with the runtime routines declared.
fn new_module() -> (Module, Rt) {
    let mut m = Module::new();
    let rt = runtime(&mut m);
    (m, rt)
}

/// Declares `int main()` and starts building it.
fn main_builder(m: &mut Module) -> FunctionBuilder<'_> {
    let main = declare(m, "main", &[], Some(Type::I32));
    FunctionBuilder::new(&mut m.functions[main])
}

/// `return 0;`
fn ret_zero(b: &mut FunctionBuilder) {
    let zero = b.iconst(0);
    b.ret(Some(zero));
}

/// `f(x);` for each of `xs`.
fn call_with_each(b: &mut FunctionBuilder, f: FuncId, xs: &[i32]) {
    for &x in xs {
        let xv = b.iconst(x);
        b.call(f, None, vec![xv], "");
    }
}

/// Declares `void NAME(int x)` with the body `body` builds from `x`.
fn unary_void(
    m: &mut Module,
    name: &str,
    body: impl FnOnce(&mut FunctionBuilder, Value),
) -> FuncId {
    let f = declare(m, name, &ints(&["x"]), None);
    let mut b = FunctionBuilder::new(&mut m.functions[f]);
    let x = b.param(0);
    body(&mut b, x);
    b.ret(None);
    f
}

/// Declares `int NAME(int PARAM)` with the body `body` builds from its own
/// id (for recursive calls) and the parameter.
fn int_function(
    m: &mut Module,
    name: &str,
    param: &str,
    body: impl FnOnce(&mut FunctionBuilder, FuncId, Value),
) -> FuncId {
    let f = declare(m, name, &ints(&[param]), Some(Type::I32));
    let mut b = FunctionBuilder::new(&mut m.functions[f]);
    let x = b.param(0);
    body(&mut b, f, x);
    f
}

/// `void NAME(int x)` computing `ops(x, k)` for each of the constants,
/// keeping every result live until all are printed at the end, one a line
/// (so that many results, and operands, are spilled).
fn all_live_until_printed(
    m: &mut Module,
    rt: &Rt,
    name: &str,
    constants: &[i32],
    ops: impl Fn(&mut FunctionBuilder, Value, Value) -> [Value; 2],
) -> FuncId {
    unary_void(m, name, |b, x| {
        let mut results = Vec::new();
        for &k in constants {
            let kv = b.iconst(k);
            results.extend(ops(b, x, kv));
        }
        for r in results {
            println_int(b, rt, r);
        }
    })
}

/// `int main() { f(x) for each of xs; return 0; }`
fn main_calling_each(m: &mut Module, f: FuncId, xs: &[i32]) {
    let mut b = main_builder(m);
    call_with_each(&mut b, f, xs);
    ret_zero(&mut b);
}

/// `int` parameters of the given names.
fn ints<'a>(names: &[&'a str]) -> Vec<(Type, &'a str)> {
    names.iter().map(|&n| (Type::I32, n)).collect()
}

fn declare(m: &mut Module, name: &str, params: &[(Type, &str)], ret: Option<Type>) -> FuncId {
    m.add_function(Function::new(name, params, ret))
}

/// Runs natively and in the interpreter; both must give `stdout`/`status`.
fn check(name: &str, m: &Module, stdout: &str, stderr: &str, status: i32) {
    wend_ir::verify::verify_module(m).unwrap_or_else(|e| panic!("{name}: invalid IR: {e:?}"));
    let native = common::compile_and_run(name, m);
    assert_eq!(
        String::from_utf8_lossy(&native.stdout),
        stdout,
        "{name}: stdout"
    );
    assert_eq!(
        String::from_utf8_lossy(&native.stderr),
        stderr,
        "{name}: stderr"
    );
    assert_eq!(native.status, status, "{name}: status");
    let reference = common::interpret(m);
    assert_eq!(
        reference.stdout, native.stdout,
        "{name}: interpreter disagrees"
    );
    assert_eq!(
        reference.status, native.status,
        "{name}: interpreter disagrees on status"
    );
}

#[test]
fn prints_ints_bools_strings() {
    let (mut m, rt) = new_module();
    let hello = m.intern_string(b"hello, \"world\"\t\\\x01");
    let empty = m.intern_string(b"");
    let mut b = main_builder(&mut m);
    for k in [
        0,
        7,
        -7,
        42,
        1000000,
        i32::MIN,
        i32::MAX,
        -1,
        10,
        -10,
        9,
        99,
        100,
    ] {
        let v = b.iconst(k);
        println_int(&mut b, &rt, v);
    }
    for t in [true, false] {
        let v = b.bconst(t);
        b.call(rt.boolean, None, vec![v], "");
    }
    let s = b.string(hello);
    let n = b.iconst(17);
    b.call(rt.string, None, vec![s, n], "");
    let s = b.string(empty);
    let z = b.iconst(0);
    b.call(rt.string, None, vec![s, z], "");
    b.call(rt.newline, None, vec![], "");
    ret_zero(&mut b);
    check(
        "prints",
        &m,
        "0\n7\n-7\n42\n1000000\n-2147483648\n2147483647\n-1\n10\n-10\n9\n99\n100\ntruefalsehello, \"world\"\t\\\x01\n",
        "",
        0,
    );
}

#[test]
fn exit_status_is_mains_result() {
    let (mut m, _) = new_module();
    let mut b = main_builder(&mut m);
    let v = b.iconst(3);
    b.ret(Some(v));
    check("exit3", &m, "", "", 3);
}

/// `f(a, b)` prints a+b, a-b, a*b, a/b, a%b, and the comparisons of a, b.
#[test]
fn arithmetic_wraps_and_divides_like_c() {
    const PAIRS: [(i32, i32); 8] = [
        (100, 7),
        (-100, 7),
        (100, -7),
        (-100, -7),
        (i32::MAX, 2),
        (i32::MIN, 3),
        (7, 7),
        (0, 1),
    ];
    let (mut m, rt) = new_module();
    let f = declare(&mut m, "main.f", &ints(&["a", "b"]), None);
    {
        let mut b = FunctionBuilder::new(&mut m.functions[f]);
        let (x, y) = (b.param(0), b.param(1));
        for op in [
            BinOp::Add,
            BinOp::Sub,
            BinOp::Mul,
            BinOp::SDiv,
            BinOp::SRem,
            BinOp::And,
            BinOp::Or,
            BinOp::Xor,
        ] {
            let v = b.binary(op, x, y, "r");
            b.call(rt.int, None, vec![v], "");
            b.call(rt.newline, None, vec![], "");
        }
        // Immediates on either side, including the non-commutative ones.
        let seven = b.iconst(7);
        for op in [BinOp::Sub, BinOp::Mul, BinOp::SDiv, BinOp::SRem] {
            let v = b.binary(op, seven, y, "l");
            println_int(&mut b, &rt, v);
            let v = b.binary(op, x, seven, "r");
            println_int(&mut b, &rt, v);
        }
        for cond in IcmpCond::ALL {
            let c = b.icmp(cond, x, y, "c");
            b.call(rt.boolean, None, vec![c], "");
            let c = b.icmp(cond, seven, y, "c");
            b.call(rt.boolean, None, vec![c], "");
        }
        b.call(rt.newline, None, vec![], "");
        b.ret(None);
    }
    let mut b = main_builder(&mut m);
    for (x, y) in PAIRS {
        let (x, y) = (b.iconst(x), b.iconst(y));
        b.call(f, None, vec![x, y], "");
    }
    ret_zero(&mut b);
    let expected = {
        let mut s = String::new();
        for (x, y) in PAIRS {
            for r in [
                x.wrapping_add(y),
                x.wrapping_sub(y),
                x.wrapping_mul(y),
                x / y,
                x % y,
                x & y,
                x | y,
                x ^ y,
            ] {
                s += &format!("{r}\n");
            }
            for (l, r) in [
                (7i32.wrapping_sub(y), x.wrapping_sub(7)),
                (7i32.wrapping_mul(y), x.wrapping_mul(7)),
                (7 / y, x / 7),
                (7 % y, x % 7),
            ] {
                s += &format!("{l}\n{r}\n");
            }
            for c in IcmpCond::ALL {
                s += &format!("{}{}", c.eval(x, y), c.eval(7, y));
            }
            s += "\n";
        }
        s
    };
    check("arith", &m, &expected, "", 0);
}

#[test]
fn division_by_zero_flushes_then_fails() {
    let (mut m, rt) = new_module();
    let mut b = main_builder(&mut m);
    let v = b.iconst(5);
    println_int(&mut b, &rt, v);
    let line = b.iconst(12);
    b.call(rt.div0, None, vec![line], "");
    b.unreachable();
    check(
        "div0",
        &m,
        "5\n",
        "runtime error: division by zero at line 12\n",
        2,
    );
}

/// A function with 10 parameters (4 on the stack) that passes them on,
/// permuted, to another one: stack arguments both ways, and a parallel move
/// of the register arguments with cycles.
#[test]
fn many_parameters_and_stack_arguments() {
    let (mut m, rt) = new_module();
    let params: Vec<(Type, String)> = (0..10).map(|i| (Type::I32, format!("p{i}"))).collect();
    let params: Vec<(Type, &str)> = params.iter().map(|(t, n)| (*t, n.as_str())).collect();
    let weigh = declare(&mut m, "main.weigh", &params, Some(Type::I32));
    let permute = declare(&mut m, "main.permute", &params, Some(Type::I32));
    {
        // weigh = sum p_i * 10^i mod 2^32 … use small weights: sum p_i * (i+1)
        let mut b = FunctionBuilder::new(&mut m.functions[weigh]);
        let mut acc = b.iconst(0);
        for i in 0..10 {
            let w = b.iconst(i + 1);
            let p = b.param(i as usize);
            let t = b.binary(BinOp::Mul, p, w, "t");
            acc = b.binary(BinOp::Add, acc, t, "acc");
        }
        b.ret(Some(acc));
    }
    {
        // permute calls weigh(p1, p0, p3, p2, p9, p4, p5, p6, p7, p8) and prints p0.
        let mut b = FunctionBuilder::new(&mut m.functions[permute]);
        let p: Vec<Value> = (0..10).map(|i| b.param(i)).collect();
        let args = vec![p[1], p[0], p[3], p[2], p[9], p[4], p[5], p[6], p[7], p[8]];
        let r = b.call(weigh, Some(Type::I32), args, "r").unwrap();
        println_int(&mut b, &rt, p[0]);
        b.ret(Some(r));
    }
    let mut b = main_builder(&mut m);
    let args: Vec<Value> = (0..10).map(|i| b.iconst(100 * (i + 1))).collect();
    let r = b.call(weigh, Some(Type::I32), args.clone(), "r").unwrap();
    println_int(&mut b, &rt, r);
    let r = b.call(permute, Some(Type::I32), args, "r").unwrap();
    println_int(&mut b, &rt, r);
    ret_zero(&mut b);
    let direct: i32 = (0..10).map(|i| 100 * (i + 1) * (i + 1)).sum();
    let a: Vec<i32> = (0..10).map(|i| 100 * (i + 1)).collect();
    let perm = [a[1], a[0], a[3], a[2], a[9], a[4], a[5], a[6], a[7], a[8]];
    let permuted: i32 = perm
        .iter()
        .enumerate()
        .map(|(i, v)| v * (i as i32 + 1))
        .sum();
    check(
        "many_params",
        &m,
        &format!("{direct}\n100\n{permuted}\n"),
        "",
        0,
    );
}

/// fib(n) = n < 2 ? n : fib(n-1) + fib(n-2), with a loop in main calling it.
#[test]
fn recursion() {
    let (mut m, rt) = new_module();
    let fib = int_function(&mut m, "main.fib", "n", |b, fib, n| {
        let two = b.iconst(2);
        let small = b.icmp(IcmpCond::Slt, n, two, "small");
        let base = b.create_block("base");
        let rec = b.create_block("rec");
        b.cond_br(small, base, rec);
        b.switch_to_block(base);
        b.ret(Some(n));
        b.switch_to_block(rec);
        let one = b.iconst(1);
        let n1 = b.binary(BinOp::Sub, n, one, "n1");
        let f1 = b.call(fib, Some(Type::I32), vec![n1], "f1").unwrap();
        let n2 = b.binary(BinOp::Sub, n, two, "n2");
        let f2 = b.call(fib, Some(Type::I32), vec![n2], "f2").unwrap();
        let s = b.binary(BinOp::Add, f1, f2, "s");
        b.ret(Some(s));
    });
    let mut b = main_builder(&mut m);
    let entry = b.current_block();
    let head = b.create_block("loop");
    let exit = b.create_block("exit");
    let zero = b.iconst(0);
    b.br(head);
    b.switch_to_block(head);
    let i = b.phi(Type::I32, vec![(entry, zero)], "i");
    let f = b.call(fib, Some(Type::I32), vec![i], "f").unwrap();
    println_int(&mut b, &rt, f);
    let one = b.iconst(1);
    let next = b.binary(BinOp::Add, i, one, "next");
    let limit = b.iconst(25);
    let more = b.icmp(IcmpCond::Sle, next, limit, "more");
    b.cond_br(more, head, exit);
    add_incoming(b.func, i, head, next);
    b.switch_to_block(exit);
    b.ret(Some(zero));
    let mut expected = String::new();
    let (mut a, mut c) = (0i32, 1i32);
    for _ in 0..=25 {
        expected += &format!("{a}\n");
        (a, c) = (c, a + c);
    }
    check("fib", &m, &expected, "", 0);
}

fn add_incoming(func: &mut Function, phi: Value, pred: wend_ir::Block, v: Value) {
    let inst = func.defining_inst(phi).unwrap();
    if let wend_ir::InstKind::Phi { incoming } = &mut func.insts[inst].kind {
        incoming.push((pred, v));
    }
}

/// 40 values live at once (more than the 12 allocatable registers), then a
/// call with all of them still live, then all of them used: spills, and
/// values that must survive a call.
#[test]
fn register_pressure_with_calls() {
    let (mut m, rt) = new_module();
    let f = int_function(&mut m, "main.pressure", "x", |b, _, x| {
        let vals: Vec<Value> = (0..40)
            .map(|i| {
                let k = b.iconst(i * 7 + 3);
                let t = b.binary(BinOp::Mul, x, k, "t");
                let c = b.iconst(i);
                b.binary(BinOp::Add, t, c, "v")
            })
            .collect();
        println_int(b, &rt, vals[5]);
        // Weighted sum in reverse order, so every value stays live until the end.
        let mut acc = b.iconst(0);
        for (i, &v) in vals.iter().enumerate().rev() {
            let w = b.iconst(i as i32 + 1);
            let t = b.binary(BinOp::Mul, v, w, "w");
            acc = b.binary(BinOp::Xor, acc, t, "acc");
        }
        b.ret(Some(acc));
    });
    let mut b = main_builder(&mut m);
    for x in [1, -3, 1000] {
        let xv = b.iconst(x);
        let r = b.call(f, Some(Type::I32), vec![xv], "r").unwrap();
        println_int(&mut b, &rt, r);
    }
    ret_zero(&mut b);
    let mut expected = String::new();
    for x in [1i32, -3, 1000] {
        let vals: Vec<i32> = (0..40)
            .map(|i| x.wrapping_mul(i * 7 + 3).wrapping_add(i))
            .collect();
        expected += &format!("{}\n", vals[5]);
        let mut acc = 0i32;
        for (i, &v) in vals.iter().enumerate().rev() {
            acc ^= v.wrapping_mul(i as i32 + 1);
        }
        expected += &format!("{acc}\n");
    }
    check("pressure", &m, &expected, "", 0);
}

/// f0 → f1 → … → f29, each adding its depth to its parameter and keeping
/// a few values live across its call.
#[test]
fn deep_call_chain() {
    let (mut m, rt) = new_module();
    let fs: Vec<FuncId> = (0..30)
        .map(|i| {
            declare(
                &mut m,
                &format!("main.f{i}"),
                &ints(&["x", "y"]),
                Some(Type::I32),
            )
        })
        .collect();
    for i in 0..30 {
        let mut b = FunctionBuilder::new(&mut m.functions[fs[i]]);
        let (x, y) = (b.param(0), b.param(1));
        let d = b.iconst(i as i32);
        let a = b.binary(BinOp::Add, x, d, "a");
        let c = b.binary(BinOp::Mul, y, d, "c");
        if i + 1 < 30 {
            let r = b.call(fs[i + 1], Some(Type::I32), vec![a, c], "r").unwrap();
            let s = b.binary(BinOp::Sub, r, a, "s");
            let t = b.binary(BinOp::Add, s, c, "t");
            let t = b.binary(BinOp::Add, t, y, "t");
            b.ret(Some(t));
        } else {
            let s = b.binary(BinOp::Add, a, c, "s");
            b.ret(Some(s));
        }
    }
    let mut b = main_builder(&mut m);
    let (x, y) = (b.iconst(5), b.iconst(1));
    let r = b.call(fs[0], Some(Type::I32), vec![x, y], "r").unwrap();
    println_int(&mut b, &rt, r);
    ret_zero(&mut b);
    fn model(i: i32, x: i32, y: i32) -> i32 {
        let (a, c) = (x + i, y.wrapping_mul(i));
        if i + 1 < 30 {
            model(i + 1, a, c) - a + c + y
        } else {
            a + c
        }
    }
    check("chain", &m, &format!("{}\n", model(0, 5, 1)), "", 0);
}

/// Variables in stack slots whose addresses are passed to a nested function
/// that reads and writes them through pointers (the -O0 shape of captures).
#[test]
fn pointers_to_allocas() {
    let (mut m, rt) = new_module();
    let bump = declare(
        &mut m,
        "main.bump",
        &[
            (Type::PtrI32, "counter"),
            (Type::PtrI1, "flag"),
            (Type::I32, "by"),
        ],
        None,
    );
    {
        let mut b = FunctionBuilder::new(&mut m.functions[bump]);
        let (p, q, by) = (b.param(0), b.param(1), b.param(2));
        let old = b.load(p, "old");
        let new = b.binary(BinOp::Add, old, by, "new");
        b.store(new, p);
        let f = b.load(q, "f");
        let t = b.bconst(true);
        let nf = b.binary(BinOp::Xor, f, t, "nf");
        b.store(nf, q);
        b.ret(None);
    }
    let mut b = main_builder(&mut m);
    let counter = b.alloca(Type::I32, "counter");
    let flag = b.alloca(Type::I1, "flag");
    let zero = b.iconst(0);
    b.store(zero, counter);
    let f = b.bconst(false);
    b.store(f, flag);
    for by in [3, 4, 5] {
        let byv = b.iconst(by);
        b.call(bump, None, vec![counter, flag, byv], "");
        let c = b.load(counter, "c");
        b.call(rt.int, None, vec![c], "");
        let fl = b.load(flag, "fl");
        b.call(rt.boolean, None, vec![fl], "");
        b.call(rt.newline, None, vec![], "");
    }
    b.ret(Some(zero));
    check("allocas", &m, "3true\n7false\n12true\n", "", 0);
}

/// select, including the INT_MIN / -1 guard shape the frontend produces.
#[test]
fn selects() {
    let (mut m, rt) = new_module();
    let div = declare(&mut m, "main.div", &ints(&["a", "b"]), Some(Type::I32));
    {
        let mut b = FunctionBuilder::new(&mut m.functions[div]);
        let (a, d) = (b.param(0), b.param(1));
        let minus1 = b.iconst(-1);
        let min = b.iconst(i32::MIN);
        let one = b.iconst(1);
        let is_m1 = b.icmp(IcmpCond::Eq, d, minus1, "is_m1");
        let is_min = b.icmp(IcmpCond::Eq, a, min, "is_min");
        let both = b.binary(BinOp::And, is_m1, is_min, "both");
        let safe = b.select(both, one, d, "safe");
        let q = b.binary(BinOp::SDiv, a, safe, "q");
        let r = b.select(both, min, q, "r");
        b.ret(Some(r));
    }
    let mut b = main_builder(&mut m);
    for (x, y) in [(i32::MIN, -1), (i32::MIN, 1), (7, -1), (-9, 2)] {
        let (x, y) = (b.iconst(x), b.iconst(y));
        let r = b.call(div, Some(Type::I32), vec![x, y], "r").unwrap();
        println_int(&mut b, &rt, r);
    }
    ret_zero(&mut b);
    check("selects", &m, "-2147483648\n-2147483648\n-7\n-4\n", "", 0);
}

/// A conditional branch whose two targets are the same block with a phi:
/// two distinct edges (both must be split, each with its own copy).
#[test]
fn cond_br_to_the_same_block_twice() {
    let (mut m, rt) = new_module();
    let f = int_function(&mut m, "main.pick", "x", |b, _, x| {
        let entry = b.current_block();
        let join = b.create_block("join");
        let zero = b.iconst(0);
        let c = b.icmp(IcmpCond::Sgt, x, zero, "c");
        b.cond_br(c, join, join);
        b.switch_to_block(join);
        let ten = b.iconst(10);
        // LLVM requires equal values on the two entries of one predecessor.
        let v = b.phi(Type::I32, vec![(entry, ten), (entry, ten)], "v");
        let w = b.binary(BinOp::Add, v, x, "w");
        b.ret(Some(w));
    });
    let mut b = main_builder(&mut m);
    for x in [1, -1] {
        let xv = b.iconst(x);
        let r = b.call(f, Some(Type::I32), vec![xv], "r").unwrap();
        println_int(&mut b, &rt, r);
    }
    ret_zero(&mut b);
    check("same_target", &m, "11\n9\n", "", 0);
}

/// 20 loop variables rotated every iteration (`v0, …, v19 = v1, …, v19, v0`)
/// plus a swap, with a call in the loop: more phis than callee-saved
/// registers, so the cycle of the back edge's parallel copy runs through
/// registers and spill slots alike.
#[test]
fn rotation_through_registers_and_spill_slots() {
    const N: usize = 20;
    let (mut m, rt) = new_module();
    let mut b = main_builder(&mut m);
    let entry = b.current_block();
    let lp = b.create_block("loop");
    let exit = b.create_block("exit");
    b.br(lp);
    b.switch_to_block(lp);
    let inits: Vec<Value> = (0..N).map(|k| b.iconst(k as i32)).collect();
    let vs: Vec<Value> = (0..N)
        .map(|k| b.phi(Type::I32, vec![(entry, inits[k])], "v"))
        .collect();
    let zero = b.iconst(0);
    let i = b.phi(Type::I32, vec![(entry, zero)], "i");
    b.call(rt.int, None, vec![vs[0]], "");
    let one = b.iconst(1);
    let next = b.binary(BinOp::Add, i, one, "next");
    let limit = b.iconst(45);
    let more = b.icmp(IcmpCond::Slt, next, limit, "more");
    b.cond_br(more, lp, exit);
    for k in 0..N {
        add_incoming(b.func, vs[k], lp, vs[(k + 1) % N]);
    }
    add_incoming(b.func, i, lp, next);
    b.switch_to_block(exit);
    b.call(rt.newline, None, vec![], "");
    let mut acc = b.iconst(0);
    for (k, &v) in vs.iter().enumerate() {
        let w = b.iconst(k as i32 + 1);
        let t = b.binary(BinOp::Mul, v, w, "t");
        acc = b.binary(BinOp::Add, acc, t, "acc");
    }
    println_int(&mut b, &rt, acc);
    b.ret(Some(zero));
    let mut expected: String = (0..45).map(|it| format!("{}", it % N)).collect();
    // 45 iterations, 44 rotations on the back edge.
    let sum: usize = (0..N).map(|k| ((k + 44) % N) * (k + 1)).sum();
    expected += &format!("\n{sum}\n");
    check("rotation", &m, &expected, "", 0);
}

/// Division and remainder by constants (shifts and multiplications by a
/// reciprocal instead of `idiv`) on dividends around every boundary. All
/// results stay live until they are printed at the end, so many of them,
/// and of the dividends, are spilled: the code must also be right with
/// operands in memory.
#[test]
fn division_by_constants() {
    const DIVISORS: [i32; 26] = [
        1,
        2,
        -2,
        3,
        -3,
        7,
        10,
        -10,
        16,
        -16,
        641,
        1000,
        4096,
        65536,
        -65536,
        1 << 30,
        -(1 << 30),
        (1 << 30) + 1,
        6_700_417,
        i32::MAX,
        i32::MAX - 1,
        -i32::MAX,
        i32::MIN,
        i32::MIN + 1,
        5,
        -7,
    ];
    const DIVIDENDS: [i32; 16] = [
        0,
        1,
        -1,
        7,
        -7,
        100,
        -100,
        65535,
        -65537,
        1_000_000_007,
        -999_999_999,
        i32::MAX,
        i32::MAX - 1,
        i32::MIN,
        i32::MIN + 1,
        -(1 << 30),
    ];
    let (mut m, rt) = new_module();
    let f = all_live_until_printed(&mut m, &rt, "main.divs", &DIVISORS, |b, x, d| {
        [
            b.binary(BinOp::SDiv, x, d, "q"),
            b.binary(BinOp::SRem, x, d, "r"),
        ]
    });
    // x / -1 and x % -1, undefined for INT_MIN, in a function of their own.
    let neg = unary_void(&mut m, "main.neg", |b, x| {
        let minus1 = b.iconst(-1);
        let q = b.binary(BinOp::SDiv, x, minus1, "q");
        let r = b.binary(BinOp::SRem, x, minus1, "r");
        println_int(b, &rt, q);
        println_int(b, &rt, r);
    });
    let mut b = main_builder(&mut m);
    for x in DIVIDENDS {
        let xv = b.iconst(x);
        b.call(f, None, vec![xv], "");
        if x != i32::MIN {
            b.call(neg, None, vec![xv], "");
        }
    }
    ret_zero(&mut b);
    let mut expected = String::new();
    for x in DIVIDENDS {
        for d in DIVISORS {
            expected += &format!("{}\n{}\n", x.wrapping_div(d), x.wrapping_rem(d));
        }
        if x != i32::MIN {
            expected += &format!("{}\n0\n", -x);
        }
    }
    check("div_const", &m, &expected, "", 0);
}

/// `main.down(n) = n == 0 ? 0 : 1 + main.down(n - 1)` (or, unbounded,
/// `main.down(n) = 1 + main.down(n - 1)`), with a few values kept live
/// across the call so the frames are not the smallest possible.
fn recursion_module(unbounded: bool, depth: i32) -> Module {
    let (mut m, rt) = new_module();
    let hello = m.intern_string(b"before the recursion\n");
    let down = int_function(&mut m, "main.down", "n", |b, down, n| {
        let zero = b.iconst(0);
        let base = b.create_block("base");
        let rec = b.create_block("rec");
        let done = if unbounded {
            b.bconst(false)
        } else {
            b.icmp(IcmpCond::Eq, n, zero, "done")
        };
        b.cond_br(done, base, rec);
        b.switch_to_block(base);
        b.ret(Some(zero));
        b.switch_to_block(rec);
        let one = b.iconst(1);
        let three = b.iconst(3);
        let n1 = b.binary(BinOp::Sub, n, one, "n1");
        let t = b.binary(BinOp::Mul, n, three, "t");
        let r = b.call(down, Some(Type::I32), vec![n1], "r").unwrap();
        let s = b.binary(BinOp::Add, r, one, "s");
        let u = b.binary(BinOp::Sub, t, n1, "u");
        let v = b.binary(BinOp::Sub, u, n, "v");
        let w = b.binary(BinOp::Add, s, v, "w");
        let x = b.binary(BinOp::Sub, w, v, "x");
        b.ret(Some(x));
    });
    let mut b = main_builder(&mut m);
    let s = b.string(hello);
    let len = b.iconst(21);
    b.call(rt.string, None, vec![s, len], "");
    let d = b.iconst(depth);
    let r = b.call(down, Some(Type::I32), vec![d], "r").unwrap();
    println_int(&mut b, &rt, r);
    ret_zero(&mut b);
    m
}

/// Unbounded recursion ends with the interpreter's message and status, and
/// what was printed before is not lost in the output buffer.
#[test]
fn stack_overflow_is_reported() {
    let m = recursion_module(true, 1);
    check(
        "overflow",
        &m,
        "before the recursion\n",
        "runtime error: stack overflow\n",
        3,
    );
}

/// Deep but bounded recursion works natively as in the interpreter: 100 000
/// levels (beyond what the default 8 MiB stack would hold with larger
/// frames), and 900 000, close to the interpreter's limit of a million.
#[test]
fn deep_recursion_completes() {
    for depth in [100_000, 900_000] {
        let m = recursion_module(false, depth);
        check(
            &format!("deep{depth}"),
            &m,
            &format!("before the recursion\n{depth}\n"),
            "",
            0,
        );
    }
}

/// Multiplication by constants (shifts, `add`, `lea`, `neg` or `imul`),
/// wrapping, with the results all live at the end so that some operands
/// are spilled.
#[test]
fn multiplication_by_constants() {
    const FACTORS: [i32; 16] = [
        0,
        1,
        -1,
        2,
        3,
        4,
        5,
        8,
        9,
        -2,
        6,
        1 << 30,
        i32::MIN,
        i32::MAX,
        65536,
        -9,
    ];
    const XS: [i32; 7] = [0, 1, -1, 12345, -99999, i32::MAX, i32::MIN];
    let (mut m, rt) = new_module();
    let f = all_live_until_printed(&mut m, &rt, "main.muls", &FACTORS, |b, x, k| {
        [
            b.binary(BinOp::Mul, x, k, "p"),
            b.binary(BinOp::Mul, k, x, "q"),
        ]
    });
    main_calling_each(&mut m, f, &XS);
    let mut expected = String::new();
    for x in XS {
        for k in FACTORS {
            let p = x.wrapping_mul(k);
            expected += &format!("{p}\n{p}\n");
        }
    }
    check("mul_const", &m, &expected, "", 0);
}

/// `x % 2^k == 0` and `!= 0` (a remainder only compared with zero becomes
/// an `and`), for negative dividends too, as a value and as a branch.
#[test]
fn remainder_by_power_of_two_tested_for_zero() {
    const XS: [i32; 9] = [0, 1, -1, 6, -6, 1024, -3072, i32::MIN, i32::MAX];
    const DIVISORS: [i32; 4] = [2, 4, 1024, 1 << 30];
    let (mut m, rt) = new_module();
    let f = unary_void(&mut m, "main.tests", |b, x| {
        let zero = b.iconst(0);
        for d in DIVISORS {
            let dv = b.iconst(d);
            let r = b.binary(BinOp::SRem, x, dv, "r");
            let is_zero = b.icmp(IcmpCond::Eq, r, zero, "z");
            b.call(rt.boolean, None, vec![is_zero], "");
            let r = b.binary(BinOp::SRem, x, dv, "r");
            let nonzero = b.icmp(IcmpCond::Ne, zero, r, "nz");
            let yes = b.create_block("yes");
            let next = b.create_block("next");
            b.cond_br(nonzero, yes, next);
            b.switch_to_block(yes);
            let one = b.iconst(1);
            b.call(rt.int, None, vec![one], "");
            b.br(next);
            b.switch_to_block(next);
        }
        b.call(rt.newline, None, vec![], "");
    });
    main_calling_each(&mut m, f, &XS);
    let mut expected = String::new();
    for x in XS {
        for d in DIVISORS {
            expected += &format!("{}", x % d == 0);
            if x % d != 0 {
                expected += "1";
            }
        }
        expected += "\n";
    }
    check("rem_zero", &m, &expected, "", 0);
}

/// `lshr` by immediates and by registers; the four parameters arrive in
/// `%rdi`, `%rsi`, `%rdx` and `%rcx`, so the shift by `%cl` meets a value
/// and an amount that live in `%rcx` itself, which must survive it.
#[test]
fn logical_shift_right() {
    const QUADS: [(i32, i32, i32, i32); 5] = [
        (-1, 0, -100, 31),
        (i32::MIN, 1, 12345678, 4),
        (-100, 28, 7, 3),
        (12345678, 31, -1, 0),
        (0, 5, i32::MAX, 30),
    ];
    let (mut m, rt) = new_module();
    let f = declare(&mut m, "main.f", &ints(&["a", "b", "c", "d"]), None);
    {
        let mut b = FunctionBuilder::new(&mut m.functions[f]);
        let (a, bb, c, d) = (b.param(0), b.param(1), b.param(2), b.param(3));
        let mut results = vec![
            b.binary(BinOp::LShr, a, bb, "ab"),
            b.binary(BinOp::LShr, c, d, "cd"),
        ];
        let d_amount = b.binary(BinOp::And, a, d, "");
        results.push(b.binary(BinOp::LShr, d, d_amount, "dd"));
        for k in [0, 1, 4, 23, 31] {
            let k = b.iconst(k);
            results.push(b.binary(BinOp::LShr, c, k, "ck"));
        }
        let big = b.iconst(-8);
        results.push(b.binary(BinOp::LShr, big, bb, "kb"));
        // Every parameter is still intact after the shifts.
        results.extend([a, bb, c, d]);
        for r in results {
            println_int(&mut b, &rt, r);
        }
        b.ret(None);
    }
    let mut b = main_builder(&mut m);
    for (a, bb, c, d) in QUADS {
        let args = [a, bb, c, d].map(|x| b.iconst(x)).to_vec();
        b.call(f, None, args, "");
    }
    ret_zero(&mut b);
    let shr = |x: i32, k: i32| ((x as u32) >> k) as i32;
    let mut expected = String::new();
    for (a, bb, c, d) in QUADS {
        let mut values = vec![shr(a, bb), shr(c, d), shr(d, a & d)];
        values.extend([0, 1, 4, 23, 31].map(|k| shr(c, k)));
        values.extend([shr(-8, bb), a, bb, c, d]);
        for v in values {
            expected += &format!("{v}\n");
        }
    }
    check("lshr", &m, &expected, "", 0);
}

/// Array allocas and element pointers: constant elements of main's array
/// (slots of their own), dynamic elements of it (`off(%rbp,%r10,4)`),
/// elements from a pointer parameter in a register and from one passed on
/// the stack (spilled: brought into a register first), and an array of
/// bools (4 bytes each, as bool variables are).
#[test]
fn arrays_and_element_pointers() {
    let text = r#"
define i32 @main() {
entry:
  %a = alloca i32, i32 7
  %flags = alloca i1, i32 3
  br label %fill
fill:
  %i = phi i32 [ 0, %entry ], [ %i1, %fill ]
  %sq = mul i32 %i, %i
  %v = sub i32 %sq, 10
  %p = getelementptr inbounds i32, i32* %a, i32 %i
  store i32 %v, i32* %p
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, 7
  br i1 %more, label %fill, label %after
after:
  %three = getelementptr inbounds i32, i32* %a, i32 3
  store i32 100, i32* %three
  %s = call i32 @main.sum(i32* %a, i32 7)
  call void @wend_print_int(i32 %s)
  call void @wend_print_newline()
  call void @main.pick(i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32* %a, i32 5)
  %f0 = getelementptr inbounds i32, i32* %a, i32 0
  %f1 = getelementptr inbounds i1, i1* %flags, i32 1
  %f2 = getelementptr inbounds i1, i1* %f1, i32 1
  store i1 false, i1* %flags
  store i1 true, i1* %f1
  store i1 false, i1* %f2
  br label %show
show:
  %j = phi i32 [ 0, %after ], [ %j1, %show ]
  %q = getelementptr inbounds i1, i1* %flags, i32 %j
  %b = load i1, i1* %q
  %bi = select i1 %b, i32 1, i32 0
  call void @wend_print_int(i32 %bi)
  call void @wend_print_newline()
  %j1 = add i32 %j, 1
  %again = icmp slt i32 %j1, 3
  br i1 %again, label %show, label %done
done:
  %first = load i32, i32* %f0
  call void @wend_print_int(i32 %first)
  call void @wend_print_newline()
  ret i32 0
}

define i32 @main.sum(i32* %base, i32 %n) {
entry:
  %two = getelementptr inbounds i32, i32* %base, i32 2
  %t = load i32, i32* %two
  call void @wend_print_int(i32 %t)
  call void @wend_print_newline()
  br label %loop
loop:
  %k = phi i32 [ %n, %entry ], [ %k1, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %loop ]
  %k1 = sub i32 %k, 1
  %p = getelementptr inbounds i32, i32* %base, i32 %k1
  %x = load i32, i32* %p
  %acc1 = add i32 %acc, %x
  %more = icmp sgt i32 %k1, 0
  br i1 %more, label %loop, label %done
done:
  ret i32 %acc1
}

define void @main.pick(i32 %a1, i32 %a2, i32 %a3, i32 %a4, i32 %a5, i32 %a6, i32* %base, i32 %k) {
entry:
  %p = getelementptr inbounds i32, i32* %base, i32 %k
  %x = load i32, i32* %p
  call void @wend_print_int(i32 %x)
  call void @wend_print_newline()
  %q = getelementptr inbounds i32, i32* %base, i32 1
  %y = load i32, i32* %q
  call void @wend_print_int(i32 %y)
  call void @wend_print_newline()
  %z = add i32 %a1, %a6
  call void @wend_print_int(i32 %z)
  call void @wend_print_newline()
  ret void
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
"#;
    let m = wend_ir::read::parse_module(text).unwrap_or_else(|e| panic!("{e}"));
    // a = [i*i - 10 for i in 0..7] with a[3] = 100: -10 -9 -6 100 6 15 26.
    let expected = "-6\n122\n15\n-9\n7\n0\n1\n0\n-10\n";
    check("arrays", &m, expected, "", 0);
    let asm = wend_x86::compile_module(&m, &wend_x86::Options::default());
    assert!(asm.contains(",%r10,4), "), "no indexed lea in:\n{asm}");
}

/// An element pointer at a constant index whose displacement does not fit
/// in 32 bits (4 × 10⁹ bytes) still assembles: the index goes through a
/// register. The path to it is not taken, so the program is fine.
#[test]
fn a_far_constant_element_assembles() {
    let text = r#"
define i32 @main.get(i32* %p, i32 %n) {
entry:
  %far = icmp slt i32 %n, 0
  br i1 %far, label %out, label %near

out:
  %q = getelementptr inbounds i32, i32* %p, i32 1000000000
  %v = load i32, i32* %q
  ret i32 %v

near:
  %r = getelementptr inbounds i32, i32* %p, i32 %n
  %w = load i32, i32* %r
  ret i32 %w
}

define i32 @main() {
entry:
  %a = alloca i32, i32 4
  %a2 = getelementptr inbounds i32, i32* %a, i32 2
  store i32 7, i32* %a2
  %x = call i32 @main.get(i32* %a, i32 2)
  call void @wend_print_int(i32 %x)
  call void @wend_print_newline()
  ret i32 0
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
"#;
    let m = wend_ir::read::parse_module(text).unwrap_or_else(|e| panic!("{e}"));
    check("far-element", &m, "7\n", "", 0);
}
