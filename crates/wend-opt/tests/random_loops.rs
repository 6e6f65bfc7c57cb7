//! The loop, inlining and value-numbering passes on random programs: an
//! arbitrary CFG over a handful of blocks (so: nested and sibling loops,
//! several back edges, several exits, self-loops, duplicate edges,
//! irreducible cycles, unreachable blocks), with code the passes care
//! about — invariant and repeated arithmetic, divisions guarded the way
//! the frontend guards them (by a variable that may be zero), calls to a
//! small helper, to a helper writing through a pointer and to a recursive
//! function. A fuel counter bounds every run.
//!
//! Checked on each program: the IR verifies after every pass, and each
//! pipeline leaves the interpreted output and exit status unchanged.

use proptest::prelude::*;
use wend_ir::builder::FunctionBuilder;
use wend_ir::runtime::RuntimeFn;
use wend_ir::{BinOp, Block, Function, IcmpCond, Module, Type, Value};
use wend_opt::{parse_pipeline, pipeline_for_level, run_pipeline, PipelineOptions};

struct Choices<'a> {
    data: &'a [u32],
    next: usize,
}

impl Choices<'_> {
    fn below(&mut self, n: usize) -> usize {
        let c = self.data[self.next % self.data.len()] as usize;
        self.next += 1;
        c % n.max(1)
    }
}

/// `int main.twice(int x) { return x + x; }`
fn twice(module: &mut Module) -> wend_ir::FuncId {
    let mut f = Function::new("main.twice", &[(Type::I32, "x")], Some(Type::I32));
    let mut b = FunctionBuilder::new(&mut f);
    let x = b.param(0);
    let y = b.binary(BinOp::Add, x, x, "y");
    b.ret(Some(y));
    module.add_function(f)
}

/// `main.bump(int* p) { *p = *p * 3 + 1; }` — a capture, by address.
fn bump(module: &mut Module) -> wend_ir::FuncId {
    let mut f = Function::new("main.bump", &[(Type::PtrI32, "p")], None);
    let mut b = FunctionBuilder::new(&mut f);
    let p = b.param(0);
    let v = b.load(p, "v");
    let (three, one) = (b.iconst(3), b.iconst(1));
    let m = b.binary(BinOp::Mul, v, three, "m");
    let w = b.binary(BinOp::Add, m, one, "w");
    b.store(w, p);
    b.ret(None);
    module.add_function(f)
}

/// `int main.down(int n) { if n <= 0 { return 0; } return down(n - 1) + 1; }`
fn down(module: &mut Module) -> wend_ir::FuncId {
    let mut f = Function::new("main.down", &[(Type::I32, "n")], Some(Type::I32));
    let id = module.functions.next_key();
    let mut b = FunctionBuilder::new(&mut f);
    let n = b.param(0);
    let zero = b.iconst(0);
    let done = b.icmp(IcmpCond::Sle, n, zero, "done");
    let (base, rec) = (b.create_block("base"), b.create_block("rec"));
    b.cond_br(done, base, rec);
    b.switch_to_block(base);
    b.ret(Some(zero));
    b.switch_to_block(rec);
    let one = b.iconst(1);
    let m = b.binary(BinOp::Sub, n, one, "m");
    let r = b.call(id, Some(Type::I32), vec![m], "r").unwrap();
    let s = b.binary(BinOp::Add, r, one, "s");
    b.ret(Some(s));
    module.add_function(f)
}

fn build_program(data: &[u32]) -> Module {
    let mut ch = Choices { data, next: 0 };
    let mut module = Module::new();
    let print_int = module.runtime_fn(RuntimeFn::PrintInt);
    let newline = module.runtime_fn(RuntimeFn::PrintNewline);
    let div_by_zero = module.runtime_fn(RuntimeFn::DivByZero);
    let (twice, bump, down) = (twice(&mut module), bump(&mut module), down(&mut module));

    let mut main = Function::new("main", &[], Some(Type::I32));
    let num_vars = 2 + ch.below(3);
    let num_blocks = 1 + ch.below(9);
    {
        let mut b = FunctionBuilder::new(&mut main);
        let vars: Vec<Value> = (0..num_vars)
            .map(|i| b.alloca(Type::I32, &format!("v{i}")))
            .collect();
        let fuel = b.alloca(Type::I32, "fuel");
        for &v in &vars {
            let c = b.iconst(ch.below(5) as i32);
            b.store(c, v);
        }
        let start_fuel = b.iconst(30);
        b.store(start_fuel, fuel);
        let blocks: Vec<Block> = (0..num_blocks)
            .map(|i| b.create_block(format!("b{i}")))
            .collect();
        let exit = b.create_block("exit");
        b.br(blocks[0]);

        for (line, &block) in blocks.iter().enumerate() {
            b.switch_to_block(block);
            b.set_line(line as u32 + 1);
            for _ in 0..ch.below(5) {
                let var = vars[ch.below(num_vars)];
                let dest = vars[ch.below(num_vars)];
                match ch.below(8) {
                    0 => {
                        let c = b.iconst(ch.below(7) as i32 - 3);
                        b.store(c, var);
                    }
                    1 | 2 => {
                        // Invariant when var is not written in the loop;
                        // computed twice for gvn.
                        let x = b.load(var, "x");
                        let k = b.iconst(ch.below(5) as i32 - 2);
                        let op = [BinOp::Add, BinOp::Mul, BinOp::SDiv, BinOp::SRem][ch.below(4)];
                        let k = if matches!(op, BinOp::SDiv | BinOp::SRem) {
                            b.iconst(ch.below(3) as i32 + 2)
                        } else {
                            k
                        };
                        let y1 = b.binary(op, x, k, "y");
                        let y2 = b.binary(op, x, k, "y");
                        let z = b.binary(BinOp::Sub, y1, y2, "z");
                        let w = b.binary(BinOp::Add, z, y1, "w");
                        b.store(w, dest);
                    }
                    3 => {
                        let x = b.load(var, "x");
                        b.call(print_int, None, vec![x], "");
                        b.call(newline, None, vec![], "");
                    }
                    4 => {
                        // 100 / var, guarded like the frontend does.
                        let x = b.load(var, "x");
                        let zero = b.iconst(0);
                        let is_zero = b.icmp(IcmpCond::Eq, x, zero, "iszero");
                        let (fail, ok) = (b.create_block("div.zero"), b.create_block("div.ok"));
                        b.cond_br(is_zero, fail, ok);
                        b.switch_to_block(fail);
                        let l = b.iconst(line as i32 + 1);
                        b.call(div_by_zero, None, vec![l], "");
                        b.unreachable();
                        b.switch_to_block(ok);
                        let hundred = b.iconst(100);
                        let q = b.binary(BinOp::SDiv, hundred, x, "q");
                        b.store(q, dest);
                    }
                    5 => {
                        let x = b.load(var, "x");
                        let y = b.call(twice, Some(Type::I32), vec![x], "t").unwrap();
                        b.store(y, dest);
                    }
                    6 => b.call(bump, None, vec![var], "").map_or((), |_| ()),
                    _ => {
                        let x = b.load(var, "x");
                        let five = b.iconst(5);
                        let small = b.binary(BinOp::SRem, x, five, "small");
                        let y = b.call(down, Some(Type::I32), vec![small], "d").unwrap();
                        b.store(y, dest);
                    }
                }
            }
            let f = b.load(fuel, "f");
            let one = b.iconst(1);
            let f1 = b.binary(BinOp::Sub, f, one, "f1");
            b.store(f1, fuel);
            let zero = b.iconst(0);
            let out = b.icmp(IcmpCond::Sle, f1, zero, "out");
            let cont = b.create_block("cont");
            b.cond_br(out, exit, cont);
            b.switch_to_block(cont);
            let target = |ch: &mut Choices| {
                let i = ch.below(num_blocks + 1);
                if i == num_blocks {
                    exit
                } else {
                    blocks[i]
                }
            };
            if ch.below(3) == 0 {
                let t = target(&mut ch);
                b.br(t);
            } else {
                let x = b.load(vars[ch.below(num_vars)], "x");
                let k = b.iconst(ch.below(20) as i32 - 5);
                let c = b.icmp(IcmpCond::Slt, x, k, "c");
                let (t, e) = (target(&mut ch), target(&mut ch));
                b.cond_br(c, t, e);
            }
        }

        b.switch_to_block(exit);
        for &v in &vars {
            let x = b.load(v, "x");
            b.call(print_int, None, vec![x], "");
        }
        b.call(newline, None, vec![], "");
        let zero = b.iconst(0);
        b.ret(Some(zero));
    }
    module.add_function(main);
    module
}

fn interpret(module: &Module) -> (i32, Vec<u8>, Vec<u8>) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = wend_ir::interp::run_main(module, &mut out, &mut err)
        .unwrap_or_else(|e| panic!("interpreter error: {e:?}"));
    (status, out, err)
}

fn run(module: &mut Module, passes: &[&'static wend_opt::Pass]) {
    let mut opts = PipelineOptions {
        verify_each: true,
        ..Default::default()
    };
    run_pipeline(module, passes, &mut opts);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn loop_and_inline_passes_preserve_behaviour(
        data in prop::collection::vec(any::<u32>(), 1..160)
    ) {
        let original = build_program(&data);
        let reference = interpret(&original);
        let mut pipelines: Vec<Vec<&'static wend_opt::Pass>> = [
            "loopsimplify",
            "lcssa",
            "licm",
            "gvn",
            "inline",
            "mem2reg,loopsimplify,loopsimplify",
            "mem2reg,lcssa,lcssa",
            "mem2reg,licm",
            "mem2reg,gvn",
            "mem2reg,inline,mem2reg,lcssa,licm,gvn",
        ]
        .iter()
        .map(|p| parse_pipeline(p).unwrap())
        .collect();
        pipelines.push(pipeline_for_level(2));
        for passes in &pipelines {
            let mut module = original.clone();
            run(&mut module, passes);
            let names: Vec<&str> = passes.iter().map(|p| p.name).collect();
            prop_assert_eq!(&interpret(&module), &reference, "pipeline {}", names.join(","));
        }
    }

    /// loopsimplify is idempotent: a second run changes nothing.
    #[test]
    fn loopsimplify_is_idempotent(data in prop::collection::vec(any::<u32>(), 1..160)) {
        let mut module = build_program(&data);
        run(&mut module, &parse_pipeline("mem2reg,loopsimplify").unwrap());
        let once = wend_ir::print::print_module(&module);
        run(&mut module, &parse_pipeline("loopsimplify").unwrap());
        prop_assert_eq!(wend_ir::print::print_module(&module), once);
    }

    /// The analyses loopsimplify hands to the loop passes are those of the
    /// function it leaves: the same as computed afresh, whether it changed
    /// the function (a raw program) or reused what it computed (a program
    /// simplified before).
    #[test]
    fn loopsimplify_hands_over_the_analyses_of_its_result(
        data in prop::collection::vec(any::<u32>(), 1..160)
    ) {
        let mut module = build_program(&data);
        run(&mut module, &parse_pipeline("mem2reg").unwrap());
        for round in ["raw", "already simplified"] {
            for func in module.functions.values_mut() {
                if func.is_declaration() {
                    continue;
                }
                let handed = wend_opt::loopsimplify::simplify(func);
                let fresh = wend_opt::loopsimplify::LoopAnalyses::compute(func);
                prop_assert_eq!(format!("{:?}", handed.cfg), format!("{:?}", fresh.cfg), "{}", round);
                prop_assert_eq!(format!("{:?}", handed.domtree), format!("{:?}", fresh.domtree), "{}", round);
                prop_assert_eq!(format!("{:?}", handed.forest), format!("{:?}", fresh.forest), "{}", round);
            }
        }
    }
}
