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

mod common;

use common::{interpret, llvm_mem2reg, random_main, run_passes, CfgShape, Choices, Printer};
use proptest::prelude::*;
use wend_ir::{BinOp, Module};

fn build_program(data: &[u32]) -> Module {
    let mut ch = Choices::new(data);
    let mut module = Module::new();
    let printer = Printer::declare(&mut module);
    let touch = common::times_three_plus_one(&mut module, "main.touch");
    let shape = CfgShape {
        min_vars: 1,
        extra_vars: 5,
        extra_blocks: 8,
        initial_below: 10,
        fuel: 25,
        compare_span: 50,
        compare_offset: 0,
        lines: false,
    };
    random_main(&mut module, &mut ch, &shape, |b, ch, vars, _| {
        let num_vars = vars.len();
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
            2 => printer.println_var(b, var),
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
    });
    module
}

/// Phis in LLVM's mem2reg of the module; None when `opt` is not installed.
fn opt_phi_count(module: &Module) -> Option<usize> {
    let llvm = llvm_mem2reg(&wend_ir::print::print_module(module))?;
    Some(llvm.lines().filter(|l| l.contains(" = phi ")).count())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn passes_preserve_behaviour(data in prop::collection::vec(any::<u32>(), 1..120)) {
        let original = build_program(&data);
        wend_ir::verify::verify_module(&original).unwrap();
        let reference = interpret(&original);
        for pipeline in [
            "mem2reg",
            "reg2mem",
            "mem2reg,reg2mem",
            "mem2reg,reg2mem,mem2reg",
            "mem2reg,phi-elim",
            "mem2reg,loop-rotate,phi-elim",
            "mem2reg,phi-elim,mem2reg",
        ] {
            let mut module = original.clone();
            run_passes(&mut module, pipeline);
            prop_assert_eq!(&interpret(&module), &reference, "after {}", pipeline);
        }
    }

    #[test]
    fn no_more_phis_than_llvm(data in prop::collection::vec(any::<u32>(), 1..120)) {
        let original = build_program(&data);
        let Some(llvm) = opt_phi_count(&original) else {
            return Ok(()); // opt not installed
        };
        let mut module = original.clone();
        run_passes(&mut module, "mem2reg");
        let ours: usize = module.definitions().map(|(_, f)| f.phi_count()).sum();
        prop_assert!(ours <= llvm, "{} phis, LLVM {}:\n{}", ours, llvm,
            wend_ir::print::print_module(&original));
    }
}
