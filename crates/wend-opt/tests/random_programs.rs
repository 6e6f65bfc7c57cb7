//! mem2reg and reg2mem on random programs shaped like the frontend's
//! output: variables in entry-block allocas, initialised in the entry and
//! then loaded, stored and printed across a random CFG (loops, self-loops,
//! duplicate edges, unreachable blocks), some passed by address to a
//! nested function. A fuel counter bounds every run.
//!
//! Checked on each program: the IR verifies after every pass; `mem2reg`,
//! `reg2mem`, `mem2reg,reg2mem,mem2reg` leave the interpreted output and
//! exit status unchanged; and, when LLVM's `opt` is installed, mem2reg
//! never places more phis than `opt -passes=mem2reg`.

use proptest::prelude::*;
use std::process::Command;
use wend_ir::builder::FunctionBuilder;
use wend_ir::runtime::RuntimeFn;
use wend_ir::{BinOp, Block, Function, IcmpCond, Module, Type, Value};
use wend_opt::{parse_pipeline, run_pipeline, PipelineOptions};

/// A deterministic stream of choices drawn by proptest.
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

fn build_program(data: &[u32]) -> Module {
    let mut ch = Choices { data, next: 0 };
    let mut module = Module::new();
    let print_int = module.runtime_fn(RuntimeFn::PrintInt);
    let newline = module.runtime_fn(RuntimeFn::PrintNewline);

    // fun touch(int* p) { *p = *p * 3 + 1 }
    let mut touch = Function::new("main.touch", &[(Type::PtrI32, "p")], None);
    {
        let mut b = FunctionBuilder::new(&mut touch);
        let p = b.param(0);
        let v = b.load(p, "v");
        let three = b.iconst(3);
        let one = b.iconst(1);
        let m = b.binary(BinOp::Mul, v, three, "m");
        let w = b.binary(BinOp::Add, m, one, "w");
        b.store(w, p);
        b.ret(None);
    }
    let touch = module.add_function(touch);

    let mut main = Function::new("main", &[], Some(Type::I32));
    let num_vars = 1 + ch.below(5);
    let num_blocks = 1 + ch.below(8);
    {
        let mut b = FunctionBuilder::new(&mut main);
        let vars: Vec<Value> = (0..num_vars)
            .map(|i| b.alloca(Type::I32, &format!("v{i}")))
            .collect();
        let fuel = b.alloca(Type::I32, "fuel");
        for &v in &vars {
            let c = b.iconst(ch.below(10) as i32);
            b.store(c, v);
        }
        let start_fuel = b.iconst(25);
        b.store(start_fuel, fuel);
        let blocks: Vec<Block> = (0..num_blocks)
            .map(|i| b.create_block(format!("b{i}")))
            .collect();
        let exit = b.create_block("exit");
        b.br(blocks[0]);

        for &block in &blocks {
            b.switch_to_block(block);
            for _ in 0..ch.below(5) {
                let var = vars[ch.below(num_vars)];
                match ch.below(5) {
                    0 => {
                        let c = b.iconst(ch.below(100) as i32);
                        b.store(c, var);
                    }
                    1 => {
                        let x = b.load(var, "x");
                        let c = b.iconst(ch.below(7) as i32 - 3);
                        let y = b.binary(BinOp::Add, x, c, "y");
                        b.store(y, vars[ch.below(num_vars)]);
                    }
                    2 => {
                        let x = b.load(var, "x");
                        b.call(print_int, None, vec![x], "");
                        b.call(newline, None, vec![], "");
                    }
                    3 => {
                        let x = b.load(var, "x");
                        let y = b.load(vars[ch.below(num_vars)], "y");
                        let op = [BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Xor][ch.below(4)];
                        let z = b.binary(op, x, y, "z");
                        b.store(z, vars[ch.below(num_vars)]);
                    }
                    _ => {
                        // Rarely: the variable's address escapes.
                        if ch.below(3) == 0 {
                            b.call(touch, None, vec![var], "");
                        }
                    }
                }
            }
            // Burn fuel; leave when it runs out.
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
            match ch.below(3) {
                0 => {
                    let t = target(&mut ch);
                    b.br(t);
                }
                _ => {
                    let x = b.load(vars[ch.below(num_vars)], "x");
                    let k = b.iconst(ch.below(50) as i32);
                    let c = b.icmp(IcmpCond::Slt, x, k, "c");
                    let (t, e) = (target(&mut ch), target(&mut ch));
                    b.cond_br(c, t, e);
                }
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

fn run_passes(module: &mut Module, pipeline: &str) {
    let passes = parse_pipeline(pipeline).unwrap();
    let mut opts = PipelineOptions {
        verify_each: true,
        ..Default::default()
    };
    run_pipeline(module, &passes, &mut opts);
}

fn opt_phi_count(module: &Module, tag: u64) -> Option<usize> {
    let path =
        std::env::temp_dir().join(format!("wend-opt-random-{}-{tag}.ll", std::process::id()));
    std::fs::write(&path, wend_ir::print::print_module(module)).ok()?;
    let out = Command::new("opt")
        .args(["-passes=mem2reg", "-S"])
        .arg(&path)
        .output()
        .ok();
    let _ = std::fs::remove_file(&path);
    let out = out?;
    assert!(
        out.status.success(),
        "opt rejected our IR: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.contains(" = phi "))
            .count(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn passes_preserve_behaviour(data in prop::collection::vec(any::<u32>(), 1..120)) {
        let original = build_program(&data);
        wend_ir::verify::verify_module(&original).unwrap();
        let reference = interpret(&original);
        for pipeline in ["mem2reg", "reg2mem", "mem2reg,reg2mem", "mem2reg,reg2mem,mem2reg"] {
            let mut module = original.clone();
            run_passes(&mut module, pipeline);
            prop_assert_eq!(&interpret(&module), &reference, "after {}", pipeline);
        }
    }

    #[test]
    fn no_more_phis_than_llvm(data in prop::collection::vec(any::<u32>(), 1..120)) {
        let original = build_program(&data);
        let tag = data.iter().fold(0u64, |h, &x| h.wrapping_mul(31).wrapping_add(x as u64));
        let Some(llvm) = opt_phi_count(&original, tag) else {
            return Ok(()); // opt not installed
        };
        let mut module = original.clone();
        run_passes(&mut module, "mem2reg");
        let ours: usize = module.definitions().map(|(_, f)| f.phi_count()).sum();
        prop_assert!(ours <= llvm, "{} phis, LLVM {}:\n{}", ours, llvm,
            wend_ir::print::print_module(&original));
    }
}
