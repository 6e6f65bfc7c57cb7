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

mod common;

use common::{interpret, random_main, run, CfgShape, Choices, Printer};
use proptest::prelude::*;
use wend_ir::builder::FunctionBuilder;
use wend_ir::runtime::RuntimeFn;
use wend_ir::{BinOp, Function, IcmpCond, Module, Type};
use wend_opt::{parse_pipeline, pipeline_for_level};

/// `int main.twice(int x) { return x + x; }`
fn twice(module: &mut Module) -> wend_ir::FuncId {
    let mut f = Function::new("main.twice", &[(Type::I32, "x")], Some(Type::I32));
    let mut b = FunctionBuilder::new(&mut f);
    let x = b.param(0);
    let y = b.binary(BinOp::Add, x, x, "y");
    b.ret(Some(y));
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
    let mut ch = Choices::new(data);
    let mut module = Module::new();
    let printer = Printer::declare(&mut module);
    let div_by_zero = module.runtime_fn(RuntimeFn::DivByZero);
    let twice = twice(&mut module);
    let bump = common::times_three_plus_one(&mut module, "main.bump");
    let down = down(&mut module);
    let shape = CfgShape {
        min_vars: 2,
        extra_vars: 3,
        extra_blocks: 9,
        initial_below: 5,
        fuel: 30,
        compare_span: 20,
        compare_offset: -5,
        lines: true,
    };
    random_main(&mut module, &mut ch, &shape, |b, ch, vars, line| {
        let var = vars[ch.below(vars.len())];
        let dest = vars[ch.below(vars.len())];
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
            3 => printer.println_var(b, var),
            4 => {
                // 100 / var, guarded like the frontend does.
                let x = b.load(var, "x");
                let zero = b.iconst(0);
                let is_zero = b.icmp(IcmpCond::Eq, x, zero, "iszero");
                let (fail, ok) = (b.create_block("div.zero"), b.create_block("div.ok"));
                b.cond_br(is_zero, fail, ok);
                b.switch_to_block(fail);
                let l = b.iconst(line as i32);
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
    });
    module
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
            "mem2reg,loop-rotate",
            "mem2reg,loop-rotate,licm,phi-elim",
            "mem2reg,inline,mem2reg,loop-rotate,loop-rotate,gvn,phi-elim",
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
