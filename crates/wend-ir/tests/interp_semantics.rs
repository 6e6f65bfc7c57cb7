//! Tests of the IR interpreter (`wend_ir::interp`) on IR built with the
//! builder, in the shapes the frontend and the passes produce.

use wend_ir::builder::FunctionBuilder;
use wend_ir::interp::{self, InterpError, MAX_CALL_DEPTH, STACK_OVERFLOW_STATUS};
use wend_ir::runtime::{RuntimeFn, RUNTIME_ERROR_STATUS};
use wend_ir::{BinOp, Block, FuncId, Function, IcmpCond, Module, Type, Value};

/// What a run produced.
struct Run {
    stdout: String,
    stderr: String,
    status: Result<i32, InterpError>,
}

fn run(module: &Module) -> Run {
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let status = interp::run_main(module, &mut stdout, &mut stderr);
    Run {
        stdout: String::from_utf8(stdout).unwrap(),
        stderr: String::from_utf8(stderr).unwrap(),
        status,
    }
}

/// Runs a program that must finish normally and returns its output.
fn output(module: &Module) -> String {
    let run = run(module);
    assert_eq!(run.status.unwrap(), 0, "stderr: {}", run.stderr);
    assert_eq!(run.stderr, "");
    run.stdout
}

/// The message of a fault, asserting the run ended in one.
fn fault(module: &Module) -> String {
    match run(module).status {
        Err(e @ InterpError::Fault(_)) => e.to_string(),
        other => panic!("expected a fault, got {other:?}"),
    }
}

/// Asserts that running `module` faults at the instruction `at`, saying
/// `says`.
fn assert_faults_at(module: &Module, at: &str, says: &str) {
    let message = fault(module);
    assert!(message.contains(at) && message.contains(says), "{message}");
}

/// The runtime routines, declared up front so builders can call them while
/// the module is borrowed.
struct Rt {
    int: FuncId,
    bool: FuncId,
    str: FuncId,
    newline: FuncId,
    div_by_zero: FuncId,
}

fn module_with_runtime() -> (Module, Rt) {
    let mut m = Module::new();
    let rt = Rt {
        int: m.runtime_fn(RuntimeFn::PrintInt),
        bool: m.runtime_fn(RuntimeFn::PrintBool),
        str: m.runtime_fn(RuntimeFn::PrintStr),
        newline: m.runtime_fn(RuntimeFn::PrintNewline),
        div_by_zero: m.runtime_fn(RuntimeFn::DivByZero),
    };
    (m, rt)
}

fn add_main(m: &mut Module) -> FuncId {
    m.add_function(Function::new("main", &[], Some(Type::I32)))
}

/// Declares `int main()` and starts building it.
fn main_builder(m: &mut Module) -> FunctionBuilder<'_> {
    let main = add_main(m);
    FunctionBuilder::new(&mut m.functions[main])
}

/// Runs a program that must stop with `status` after printing `stdout`
/// and `stderr`.
fn assert_stops(module: &Module, status: i32, stdout: &str, stderr: &str) {
    let run = run(module);
    assert_eq!(run.status.unwrap(), status);
    assert_eq!(run.stdout, stdout);
    assert_eq!(run.stderr, stderr);
}

fn println_int(b: &mut FunctionBuilder, rt: &Rt, v: Value) {
    b.call(rt.int, None, vec![v], "");
    b.call(rt.newline, None, vec![], "");
}

fn ret0(b: &mut FunctionBuilder) {
    let zero = b.iconst(0);
    b.ret(Some(zero));
}

#[test]
fn arithmetic_wraps() {
    let (mut m, rt) = module_with_runtime();
    let mut b = main_builder(&mut m);
    let max = b.iconst(i32::MAX);
    let min = b.iconst(i32::MIN);
    let one = b.iconst(1);
    let minus_one = b.iconst(-1);
    let big = b.iconst(65536);
    let sum = b.binary(BinOp::Add, max, one, "");
    let diff = b.binary(BinOp::Sub, min, one, "");
    let prod = b.binary(BinOp::Mul, big, big, "");
    let (zero, m7, two, seven, m2) = (
        b.iconst(0),
        b.iconst(-7),
        b.iconst(2),
        b.iconst(7),
        b.iconst(-2),
    );
    let neg = b.binary(BinOp::Sub, zero, min, "");
    let prod2 = b.binary(BinOp::Mul, min, minus_one, "");
    let and = b.binary(BinOp::And, minus_one, big, "");
    let or = b.binary(BinOp::Or, min, one, "");
    let xor = b.binary(BinOp::Xor, minus_one, max, "");
    let q = b.binary(BinOp::SDiv, m7, two, "");
    let r = b.binary(BinOp::SRem, m7, two, "");
    let r2 = b.binary(BinOp::SRem, seven, m2, "");
    for v in [sum, diff, prod, neg, prod2, and, or, xor, q, r, r2] {
        println_int(&mut b, &rt, v);
    }
    ret0(&mut b);
    assert_eq!(
        output(&m),
        "-2147483648\n2147483647\n0\n-2147483648\n-2147483648\n65536\n-2147483647\n-2147483648\n-3\n-1\n1\n"
    );
}

#[test]
fn comparisons_are_signed_and_bools_print() {
    let (mut m, rt) = module_with_runtime();
    let mut b = main_builder(&mut m);
    let minus_one = b.iconst(-1);
    let one = b.iconst(1);
    let t = b.bconst(true);
    let f = b.bconst(false);
    for cond in IcmpCond::ALL {
        let c = b.icmp(cond, minus_one, one, "");
        b.call(rt.bool, None, vec![c], "");
    }
    b.call(rt.newline, None, vec![], "");
    // i1 is signed too: `true` is -1, so `true < false`.
    let lt = b.icmp(IcmpCond::Slt, t, f, "");
    let x = b.binary(BinOp::Xor, t, t, "");
    let sum = b.binary(BinOp::Add, t, t, "");
    let sel = b.select(f, one, minus_one, "");
    for v in [lt, x, sum] {
        b.call(rt.bool, None, vec![v], "");
    }
    println_int(&mut b, &rt, sel);
    ret0(&mut b);
    assert_eq!(
        output(&m),
        "falsetruetruetruefalsefalse\ntruefalsefalse-1\n"
    );
}

/// `lhs / rhs` (or `%`) the way the frontend lowers it: a zero divisor
/// branches to the runtime error, and `INT_MIN / -1` divides by 1 instead.
fn guarded_division(
    b: &mut FunctionBuilder,
    rt: &Rt,
    op: BinOp,
    lhs: Value,
    rhs: Value,
    line: i32,
) -> Value {
    let zero = b.iconst(0);
    let is_zero = b.icmp(IcmpCond::Eq, rhs, zero, "");
    let error = b.create_block("div.zero");
    let ok = b.create_block("div.ok");
    b.cond_br(is_zero, error, ok);
    b.switch_to_block(error);
    let line = b.iconst(line);
    b.call(rt.div_by_zero, None, vec![line], "");
    b.unreachable();
    b.switch_to_block(ok);
    let min = b.iconst(i32::MIN);
    let minus_one = b.iconst(-1);
    let one = b.iconst(1);
    let lhs_min = b.icmp(IcmpCond::Eq, lhs, min, "");
    let rhs_minus_one = b.icmp(IcmpCond::Eq, rhs, minus_one, "");
    let overflow = b.binary(BinOp::And, lhs_min, rhs_minus_one, "");
    let safe_rhs = b.select(overflow, one, rhs, "");
    b.binary(op, lhs, safe_rhs, "")
}

#[test]
fn guarded_division_handles_int_min() {
    let (mut m, rt) = module_with_runtime();
    let mut b = main_builder(&mut m);
    let cases = [
        (i32::MIN, -1),
        (i32::MIN, 1),
        (i32::MIN, 2),
        (i32::MAX, -1),
        (-7, 3),
    ];
    for (x, y) in cases {
        for op in [BinOp::SDiv, BinOp::SRem] {
            let (x, y) = (b.iconst(x), b.iconst(y));
            let v = guarded_division(&mut b, &rt, op, x, y, 1);
            println_int(&mut b, &rt, v);
        }
    }
    ret0(&mut b);
    assert_eq!(
        output(&m),
        "-2147483648\n0\n-2147483648\n0\n-1073741824\n0\n-2147483647\n0\n-2\n-1\n"
    );
}

#[test]
fn division_by_zero_is_a_runtime_error_after_the_output() {
    let (mut m, rt) = module_with_runtime();
    let hello = m.intern_string(b"before ");
    let mut b = main_builder(&mut m);
    let s = b.string(hello);
    let len = b.iconst(7);
    b.call(rt.str, None, vec![s, len], "");
    let (x, y) = (b.iconst(5), b.iconst(0));
    let q = guarded_division(&mut b, &rt, BinOp::SDiv, x, y, 12);
    println_int(&mut b, &rt, q);
    ret0(&mut b);
    assert_stops(
        &m,
        RUNTIME_ERROR_STATUS,
        "before ",
        "runtime error: division by zero at line 12\n",
    );
}

#[test]
fn unguarded_division_is_a_compiler_bug() {
    for (x, y) in [(1, 0), (i32::MIN, -1)] {
        for op in [BinOp::SDiv, BinOp::SRem] {
            let (mut m, rt) = module_with_runtime();
            let mut b = main_builder(&mut m);
            let (x, y) = (b.iconst(x), b.iconst(y));
            let q = b.binary(op, x, y, "q");
            println_int(&mut b, &rt, q);
            ret0(&mut b);
            let message = fault(&m);
            assert!(message.contains("undefined in LLVM"), "{message}");
            assert!(message.contains("function `main`"), "{message}");
            assert!(message.contains(&format!("%q = {op} i32")), "{message}");
        }
    }
}

/// A loop `while i < n { print a, b; (a, b) = (b, a); i = i + 1 }` in SSA
/// form: the two phis exchange values on the back edge.
#[test]
fn phis_swap_in_parallel() {
    let (mut m, rt) = module_with_runtime();
    let main = add_main(&mut m);
    let mut b = FunctionBuilder::new(&mut m.functions[main]);
    let entry = b.entry_block();
    let header = b.create_block("loop");
    let exit = b.create_block("exit");
    b.br(header);
    b.switch_to_block(header);
    let (one, two, zero, three) = (b.iconst(1), b.iconst(2), b.iconst(0), b.iconst(3));
    // The phis refer to each other, so fill in their back-edge entries after.
    let a = b.phi(Type::I32, vec![(entry, one)], "a");
    let bb = b.phi(Type::I32, vec![(entry, two)], "b");
    let i = b.phi(Type::I32, vec![(entry, zero)], "i");
    b.call(rt.int, None, vec![a], "");
    b.call(rt.int, None, vec![bb], "");
    b.call(rt.newline, None, vec![], "");
    let next = b.binary(BinOp::Add, i, one, "i.next");
    let more = b.icmp(IcmpCond::Slt, next, three, "");
    b.cond_br(more, header, exit);
    b.switch_to_block(exit);
    b.call(rt.int, None, vec![a], "");
    b.call(rt.int, None, vec![bb], "");
    ret0(&mut b);
    let f = &mut m.functions[main];
    add_incoming(f, a, header, bb);
    add_incoming(f, bb, header, a);
    add_incoming(f, i, header, next);
    // Copying one phi after the other would print "12\n22\n22\n22".
    assert_eq!(output(&m), "12\n21\n12\n12");
}

fn add_incoming(f: &mut Function, phi: Value, from: Block, value: Value) {
    let inst = f.defining_inst(phi).unwrap();
    match &mut f.insts[inst].kind {
        wend_ir::InstKind::Phi { incoming } => incoming.push((from, value)),
        _ => panic!("not a phi"),
    }
}

/// The lost-copy shape: the phi's old value is used after the loop, while
/// its new value is live on the back edge.
#[test]
fn lost_copy_loop_keeps_the_old_value() {
    let (mut m, rt) = module_with_runtime();
    let main = add_main(&mut m);
    let mut b = FunctionBuilder::new(&mut m.functions[main]);
    let entry = b.entry_block();
    let header = b.create_block("loop");
    let exit = b.create_block("exit");
    b.br(header);
    b.switch_to_block(header);
    let (one, five) = (b.iconst(1), b.iconst(5));
    let x = b.phi(Type::I32, vec![(entry, one)], "x");
    let y = b.binary(BinOp::Add, x, one, "y");
    let more = b.icmp(IcmpCond::Slt, y, five, "");
    b.cond_br(more, header, exit);
    b.switch_to_block(exit);
    println_int(&mut b, &rt, x);
    println_int(&mut b, &rt, y);
    ret0(&mut b);
    add_incoming(&mut m.functions[main], x, header, y);
    assert_eq!(output(&m), "4\n5\n");
}

/// `br %c, label %b, label %b`: two edges from one block, two phi entries.
#[test]
fn two_edges_to_one_block_use_their_own_phi_entries() {
    let (mut m, rt) = module_with_runtime();
    let main = add_main(&mut m);
    let mut b = FunctionBuilder::new(&mut m.functions[main]);
    let entry = b.entry_block();
    let join = b.create_block("join");
    let (t, f) = (b.bconst(true), b.bconst(false));
    b.cond_br(t, join, join);
    b.switch_to_block(join);
    let (ten, twenty) = (b.iconst(10), b.iconst(20));
    let v = b.phi(Type::I32, vec![(entry, ten), (entry, twenty)], "v");
    println_int(&mut b, &rt, v);
    ret0(&mut b);
    assert_eq!(output(&m), "10\n");
    // The same with the condition false takes the second edge.
    let func = &mut m.functions[main];
    if let Some(wend_ir::Terminator::CondBr { cond, .. }) = &mut func.blocks[entry].terminator {
        *cond = f;
    }
    assert_eq!(output(&m), "20\n");
}

/// `main() { int counter; void step(int by) { counter = counter + by; } … }`
/// as lowered: `main.step` gets a pointer to `main`'s alloca.
#[test]
fn nested_functions_write_through_pointers_to_the_callers_slots() {
    let (mut m, rt) = module_with_runtime();
    let step = m.add_function(Function::new(
        "main.step",
        &[(Type::PtrI32, "counter"), (Type::I32, "by")],
        None,
    ));
    let main = add_main(&mut m);
    {
        let mut b = FunctionBuilder::new(&mut m.functions[step]);
        let (counter, by) = (b.param(0), b.param(1));
        let by_slot = b.alloca(Type::I32, "by.addr");
        b.store(by, by_slot);
        let old = b.load(counter, "");
        let by = b.load(by_slot, "");
        let new = b.binary(BinOp::Add, old, by, "");
        b.store(new, counter);
        b.ret(None);
    }
    let mut b = FunctionBuilder::new(&mut m.functions[main]);
    let counter = b.alloca(Type::I32, "counter");
    let zero = b.iconst(0);
    b.store(zero, counter);
    for by in [3, 4, 5] {
        let by = b.iconst(by);
        b.call(step, None, vec![counter, by], "");
        let now = b.load(counter, "");
        println_int(&mut b, &rt, now);
    }
    ret0(&mut b);
    assert_eq!(output(&m), "3\n7\n12\n");
}

/// `int depth(int n) { if n == 0 { return 0; } return depth(n - 1) + 1; }`
fn add_depth_function(m: &mut Module) -> FuncId {
    let id = m.add_function(Function::new(
        "main.depth",
        &[(Type::I32, "n")],
        Some(Type::I32),
    ));
    let mut b = FunctionBuilder::new(&mut m.functions[id]);
    let n = b.param(0);
    let zero = b.iconst(0);
    let one = b.iconst(1);
    let done = b.icmp(IcmpCond::Eq, n, zero, "");
    let base = b.create_block("base");
    let recurse = b.create_block("recurse");
    b.cond_br(done, base, recurse);
    b.switch_to_block(base);
    b.ret(Some(zero));
    b.switch_to_block(recurse);
    let n1 = b.binary(BinOp::Sub, n, one, "");
    let d = b.call(id, Some(Type::I32), vec![n1], "").unwrap();
    let d1 = b.binary(BinOp::Add, d, one, "");
    b.ret(Some(d1));
    id
}

#[test]
fn deep_recursion_does_not_overflow_the_interpreter() {
    let (mut m, rt) = module_with_runtime();
    let depth = add_depth_function(&mut m);
    let mut b = main_builder(&mut m);
    for n in [100_000, MAX_CALL_DEPTH as i32 - 2] {
        let n = b.iconst(n);
        let d = b.call(depth, Some(Type::I32), vec![n], "").unwrap();
        println_int(&mut b, &rt, d);
    }
    ret0(&mut b);
    // `main` plus depth(n) .. depth(0): MAX_CALL_DEPTH frames, just allowed.
    assert_eq!(output(&m), format!("100000\n{}\n", MAX_CALL_DEPTH - 2));
}

#[test]
fn runaway_recursion_is_a_stack_overflow() {
    let (mut m, rt) = module_with_runtime();
    let depth = add_depth_function(&mut m);
    let mut b = main_builder(&mut m);
    let one = b.iconst(1);
    println_int(&mut b, &rt, one);
    // One level more than fits.
    let n = b.iconst(MAX_CALL_DEPTH as i32 - 1);
    let d = b.call(depth, Some(Type::I32), vec![n], "").unwrap();
    println_int(&mut b, &rt, d);
    ret0(&mut b);
    assert_stops(
        &m,
        STACK_OVERFLOW_STATUS,
        "1\n",
        "runtime error: stack overflow\n",
    );
}

#[test]
fn strings_are_bytes_including_nul() {
    let (mut m, rt) = module_with_runtime();
    let s = m.intern_string(b"a\0b\xff\n");
    let mut b = main_builder(&mut m);
    let p = b.string(s);
    for len in [5, 2] {
        let len = b.iconst(len);
        b.call(rt.str, None, vec![p, len], "");
    }
    ret0(&mut b);
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    assert_eq!(interp::run_main(&m, &mut stdout, &mut stderr).unwrap(), 0);
    assert_eq!(stdout, b"a\0b\xff\na\0");
}

#[test]
fn mains_return_value_is_the_status() {
    let (mut m, _) = module_with_runtime();
    let mut b = main_builder(&mut m);
    let seven = b.iconst(7);
    b.ret(Some(seven));
    assert_eq!(run(&m).status.unwrap(), 7);
}

#[test]
fn undef_computes_as_zero_but_cannot_be_branched_on() {
    let (mut m, rt) = module_with_runtime();
    let mut b = main_builder(&mut m);
    let u = b.func.undef(Type::I32);
    let one = b.iconst(1);
    let sum = b.binary(BinOp::Add, u, one, "");
    println_int(&mut b, &rt, u);
    println_int(&mut b, &rt, sum);
    let c = b.func.undef(Type::I1);
    let (t, e) = (b.create_block("t"), b.create_block("e"));
    b.cond_br(c, t, e);
    for block in [t, e] {
        b.switch_to_block(block);
        ret0(&mut b);
    }
    let run = run(&m);
    assert_eq!(run.stdout, "0\n1\n");
    let message = run.status.unwrap_err().to_string();
    assert!(message.contains("branch on undef"), "{message}");
    assert!(message.contains("br i1 undef"), "{message}");
}

#[test]
fn loading_uninitialised_memory_gives_undef() {
    let (mut m, _) = module_with_runtime();
    let mut b = main_builder(&mut m);
    let slot = b.alloca(Type::I1, "flag");
    let flag = b.load(slot, "");
    let (t, e) = (b.create_block("t"), b.create_block("e"));
    b.cond_br(flag, t, e);
    for block in [t, e] {
        b.switch_to_block(block);
        ret0(&mut b);
    }
    assert!(fault(&m).contains("branch on undef"));
}

#[test]
fn broken_ir_is_reported() {
    // No main.
    let (m, _) = module_with_runtime();
    assert!(matches!(run(&m).status, Err(InterpError::NoMain)));

    // Reaching `unreachable`.
    let (mut m, _) = module_with_runtime();
    let main = add_main(&mut m);
    FunctionBuilder::new(&mut m.functions[main]).unreachable();
    assert!(fault(&m).contains("unreachable"));

    // A call of an external the interpreter does not know.
    let (mut m, _) = module_with_runtime();
    let puts = m.add_function(Function::new("puts", &[], None));
    let mut b = main_builder(&mut m);
    b.call(puts, None, vec![], "");
    ret0(&mut b);
    assert!(fault(&m).contains("unknown external function `puts`"));

    // A load through an undef pointer.
    let (mut m, _) = module_with_runtime();
    let mut b = main_builder(&mut m);
    let p = b.func.undef(Type::PtrI32);
    b.load(p, "");
    ret0(&mut b);
    assert!(fault(&m).contains("bad pointer"));

    // An edge into a block whose phi has no entry for it: only an error
    // when taken.
    let (mut m, rt) = module_with_runtime();
    let mut b = main_builder(&mut m);
    let (t, f) = (b.bconst(true), b.bconst(false));
    let (good, bad, join) = (
        b.create_block("good"),
        b.create_block("bad"),
        b.create_block("join"),
    );
    b.cond_br(t, good, bad);
    b.switch_to_block(good);
    b.br(join);
    b.switch_to_block(bad);
    b.br(join);
    b.switch_to_block(join);
    let one = b.iconst(1);
    let v = b.phi(Type::I32, vec![(good, one)], "v");
    println_int(&mut b, &rt, v);
    ret0(&mut b);
    assert_eq!(output(&m), "1\n");
    let entry = m.functions[main].layout[0];
    if let Some(wend_ir::Terminator::CondBr { cond, .. }) =
        &mut m.functions[main].blocks[entry].terminator
    {
        *cond = f;
    }
    let message = fault(&m);
    assert!(message.contains("has no entry"), "{message}");
}

/// The same program before and after a mem2reg-like rewrite prints the same:
/// `int i; int s; while i < 10 { s = s + i; i = i + 1; } println s;`.
#[test]
fn memory_form_and_ssa_form_agree() {
    let build = |ssa: bool| {
        let (mut m, rt) = module_with_runtime();
        let main = add_main(&mut m);
        let mut b = FunctionBuilder::new(&mut m.functions[main]);
        let entry = b.entry_block();
        let (zero, one, ten) = (b.iconst(0), b.iconst(1), b.iconst(10));
        let header = b.create_block("while.cond");
        let body = b.create_block("while.body");
        let exit = b.create_block("while.end");
        if ssa {
            b.br(header);
            b.switch_to_block(header);
            let i = b.phi(Type::I32, vec![(entry, zero)], "i");
            let s = b.phi(Type::I32, vec![(entry, zero)], "s");
            let more = b.icmp(IcmpCond::Slt, i, ten, "");
            b.cond_br(more, body, exit);
            b.switch_to_block(body);
            let s1 = b.binary(BinOp::Add, s, i, "");
            let i1 = b.binary(BinOp::Add, i, one, "");
            b.br(header);
            b.switch_to_block(exit);
            println_int(&mut b, &rt, s);
            ret0(&mut b);
            add_incoming(&mut m.functions[main], i, body, i1);
            add_incoming(&mut m.functions[main], s, body, s1);
        } else {
            let i = b.alloca(Type::I32, "i");
            let s = b.alloca(Type::I32, "s");
            b.store(zero, i);
            b.store(zero, s);
            b.br(header);
            b.switch_to_block(header);
            let iv = b.load(i, "");
            let more = b.icmp(IcmpCond::Slt, iv, ten, "");
            b.cond_br(more, body, exit);
            b.switch_to_block(body);
            let (sv, iv) = (b.load(s, ""), b.load(i, ""));
            let s1 = b.binary(BinOp::Add, sv, iv, "");
            b.store(s1, s);
            let i1 = b.binary(BinOp::Add, iv, one, "");
            b.store(i1, i);
            b.br(header);
            b.switch_to_block(exit);
            let sv = b.load(s, "");
            println_int(&mut b, &rt, sv);
            ret0(&mut b);
        }
        m
    };
    assert_eq!(output(&build(false)), "45\n");
    assert_eq!(output(&build(true)), "45\n");
}

/// `main` printing `7` and a newline forever: one step a round (the
/// branch back; printing calls the runtime, which is not a step), 2 bytes
/// a round.
fn printing_forever() -> Module {
    let (mut m, rt) = module_with_runtime();
    let mut b = main_builder(&mut m);
    let body = b.create_block("loop");
    let seven = b.iconst(7);
    b.br(body);
    b.switch_to_block(body);
    println_int(&mut b, &rt, seven);
    b.br(body);
    m
}

fn run_limited(module: &Module, limits: interp::Limits) -> (String, String, interp::Ending) {
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let program = interp::Program::decode(module).unwrap();
    let ending = program
        .run_limited(&mut stdout, &mut stderr, &limits)
        .unwrap();
    (
        String::from_utf8(stdout).unwrap(),
        String::from_utf8(stderr).unwrap(),
        ending,
    )
}

#[test]
fn fuel_stops_a_program_after_exactly_that_many_steps() {
    use interp::{Ending, LimitHit, Limits};
    let m = printing_forever();
    // The entry's branch is the first step, the branch ending round k the
    // (k+1)-th: the 33rd, after round 32, is refused.
    let limits = Limits {
        steps: Some(32),
        ..Limits::default()
    };
    let (stdout, stderr, ending) = run_limited(&m, limits);
    assert_eq!(stdout, "7\n".repeat(32));
    assert_eq!(stderr, "");
    assert_eq!(ending, Ending::Stopped(LimitHit::Steps(32)));
    assert_eq!(
        LimitHit::Steps(10_000_000).to_string(),
        "stopped after 10 000 000 steps"
    );
    // Beyond one slice of steps between checks too.
    let limits = Limits {
        steps: Some(3 * interp::CHECK_EVERY + 1),
        ..Limits::default()
    };
    let (stdout, _, _) = run_limited(&m, limits);
    assert_eq!(stdout.len() as u64, 2 * (3 * interp::CHECK_EVERY + 1));
}

#[test]
fn the_clock_stops_a_program_that_never_ends() {
    use interp::{Ending, LimitHit, Limits};
    let m = printing_forever();
    let time = std::time::Duration::from_millis(200);
    let started = std::time::Instant::now();
    let limits = Limits {
        time: Some(time),
        ..Limits::default()
    };
    let (stdout, _, ending) = run_limited(&m, limits);
    let took = started.elapsed();
    assert_eq!(ending, Ending::Stopped(LimitHit::Time(time)));
    assert!(took >= time && took < time * 10, "{took:?}");
    assert!(stdout.starts_with("7\n7\n"));
    assert_eq!(
        LimitHit::Time(time).to_string(),
        "stopped after 200 ms of running time"
    );
}

#[test]
fn output_stops_at_its_cap_to_the_byte() {
    use interp::{Ending, LimitHit, Limits};
    let m = printing_forever();
    let limits = Limits {
        output_bytes: Some(1001),
        ..Limits::default()
    };
    let (stdout, stderr, ending) = run_limited(&m, limits);
    assert_eq!(stdout, format!("{}7", "7\n".repeat(500)));
    assert_eq!(stderr, "");
    assert_eq!(ending, Ending::Stopped(LimitHit::OutputBytes(1001)));
    assert_eq!(
        LimitHit::OutputBytes(1001).to_string(),
        "stopped after printing 1 001 bytes (the output limit)"
    );
}

#[test]
fn recursion_limit_stops_before_the_stack_overflow() {
    use interp::{Ending, LimitHit, Limits};
    let (mut m, rt) = module_with_runtime();
    let depth = add_depth_function(&mut m);
    let mut b = main_builder(&mut m);
    for n in [98, 99] {
        // main, then depth(n) .. depth(0): n + 2 frames.
        let n = b.iconst(n);
        let d = b.call(depth, Some(Type::I32), vec![n], "").unwrap();
        println_int(&mut b, &rt, d);
    }
    ret0(&mut b);
    let limits = Limits {
        call_depth: Some(100),
        ..Limits::default()
    };
    let (stdout, stderr, ending) = run_limited(&m, limits);
    assert_eq!(stdout, "98\n");
    assert_eq!(stderr, "");
    assert_eq!(ending, Ending::Stopped(LimitHit::CallDepth(100)));
    assert_eq!(
        LimitHit::CallDepth(10_000).to_string(),
        "stopped at a call depth of 10 000 (the recursion limit)"
    );
    // Without limits, the same program ends as the program would.
    assert_eq!(
        run_limited(&m, Limits::default()).2,
        interp::Ending::Exited(0)
    );
}

/// Distinct pointer arguments of a call never point to the same variable
/// (docs/03-the-ir.md; LLVM's `noalias`). Sema and the inliner never break
/// it, hand-written IR can: the interpreter says so rather than run a
/// program whose optimised versions may differ. Two different variables,
/// and one pointer passed to two calls, are fine. (Passing `%a` twice
/// outright the verifier rejects already; a `select` hides it from it.)
#[test]
fn one_variable_passed_twice_to_a_call_is_a_fault() {
    let text = "
define void @main.add(i32* %to, i32* %from) {
entry:
  %x = load i32, i32* %from
  %y = load i32, i32* %to
  %z = add i32 %x, %y
  store i32 %z, i32* %to
  ret void
}

define i32 @main() {
entry:
  %a = alloca i32
  %b = alloca i32
  store i32 1, i32* %a
  store i32 2, i32* %b
  call void @main.add(i32* %a, i32* %b)
  call void @main.add(i32* %b, i32* %a)
  %x = load i32, i32* %b
  call void @wend_print_int(i32 %x)
  %same = icmp eq i32 %x, 5
  %p = select i1 %same, i32* %a, i32* %b
  call void @main.add(i32* %p, i32* %a)
  ret i32 0
}

declare void @wend_print_int(i32)
";
    let module = wend_ir::read::parse_module(text).unwrap();
    wend_ir::verify::verify_module(&module).expect("only running shows the alias");
    assert_faults_at(
        &module,
        "call void @main.add(i32* %p, i32* %a)",
        "two pointer arguments of the call point to the same variable",
    );
    assert_eq!(run(&module).stdout, "5");
}

/// With arrays the rule is per element: frame-arrays passes two elements
/// of one array as two pointer arguments when it does not group them
/// (@sum below), which is fine. A parameter its callee steps off with
/// `getelementptr` reaches the whole array, so no other argument may
/// point into that array (@sum_from's second call).
#[test]
fn a_base_pointer_shares_its_array_with_no_other_argument() {
    let text = "
define i32 @main.sum(i32* %p, i32* %q) {
entry:
  %x = load i32, i32* %p
  %y = load i32, i32* %q
  %z = add i32 %x, %y
  ret i32 %z
}

define i32 @main.sum_from(i32* %base, i32* %other) {
entry:
  %second = getelementptr inbounds i32, i32* %base, i32 1
  %x = load i32, i32* %second
  %y = load i32, i32* %other
  %z = add i32 %x, %y
  ret i32 %z
}

define i32 @main() {
entry:
  %a = alloca i32, i32 3
  %b = alloca i32
  %a1 = getelementptr inbounds i32, i32* %a, i32 1
  %a2 = getelementptr inbounds i32, i32* %a, i32 2
  store i32 1, i32* %a
  store i32 20, i32* %a1
  store i32 300, i32* %a2
  store i32 4000, i32* %b
  %s = call i32 @main.sum(i32* %a, i32* %a2)
  call void @wend_print_int(i32 %s)
  %t = call i32 @main.sum_from(i32* %a, i32* %b)
  call void @wend_print_int(i32 %t)
  %u = call i32 @main.sum_from(i32* %a, i32* %a2)
  ret i32 0
}

declare void @wend_print_int(i32)
";
    let module = wend_ir::read::parse_module(text).unwrap();
    assert_faults_at(
        &module,
        "call i32 @main.sum_from(i32* %a, i32* %a2)",
        "pointer argument 1 of the call points into the alloca of argument 0",
    );
    assert_eq!(run(&module).stdout, "3014020");
}
