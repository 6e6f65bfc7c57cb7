//! mem2reg and reg2mem on a function with 10 000 variables and 10 000
//! blocks, inside a loop, with a deep dominator tree: nothing may recurse
//! per block or be quadratic. Run with `--release` to see real timings
//! (`cargo test -p wend-opt --release --test mem2reg_scale -- --nocapture`).

use std::time::{Duration, Instant};
use wend_ir::builder::FunctionBuilder;
use wend_ir::runtime::RuntimeFn;
use wend_ir::{BinOp, Block, Function, IcmpCond, Module, Type, Value};

const VARS: usize = 10_000;
const DIAMONDS: usize = 3_400;

/// Debug builds on two shared cores are slow; this catches blow-ups, not
/// constant factors.
const BUDGET: Duration = Duration::from_secs(30);

fn big_function() -> Module {
    let mut module = Module::new();
    let print_int = module.runtime_fn(RuntimeFn::PrintInt);
    let mut f = Function::new("main", &[], Some(Type::I32));
    {
        let mut b = FunctionBuilder::new(&mut f);
        let vars: Vec<Value> = (0..VARS)
            .map(|i| b.alloca(Type::I32, &format!("v{i}")))
            .collect();
        for &v in &vars {
            let zero = b.iconst(0);
            b.store(zero, v);
        }
        let header = b.create_block("loop");
        b.br(header);
        b.switch_to_block(header);
        let mut cur: Block = header;
        for i in 0..DIAMONDS {
            let (l, r, j) = (
                b.create_block("l"),
                b.create_block("r"),
                b.create_block("j"),
            );
            b.switch_to_block(cur);
            let x = b.load(vars[i % VARS], "x");
            let k = b.iconst(i as i32);
            let c = b.icmp(IcmpCond::Slt, x, k, "c");
            b.cond_br(c, l, r);
            b.switch_to_block(l);
            let one = b.iconst(1);
            let y = b.binary(BinOp::Add, x, one, "y");
            b.store(y, vars[(i * 7 + 1) % VARS]);
            b.br(j);
            b.switch_to_block(r);
            let two = b.iconst(2);
            let z = b.binary(BinOp::Mul, x, two, "z");
            b.store(z, vars[(i * 13 + 2) % VARS]);
            b.br(j);
            cur = j;
        }
        b.switch_to_block(cur);
        let last = b.load(vars[5], "last");
        let limit = b.iconst(1000);
        let again = b.icmp(IcmpCond::Slt, last, limit, "again");
        let exit = b.create_block("exit");
        b.cond_br(again, header, exit);
        b.switch_to_block(exit);
        for &v in vars.iter().step_by(97) {
            let x = b.load(v, "x");
            b.call(print_int, None, vec![x], "");
        }
        let zero = b.iconst(0);
        b.ret(Some(zero));
    }
    assert!(f.layout.len() >= 10_000);
    module.add_function(f);
    module
}

#[test]
fn ten_thousand_variables_and_blocks() {
    let mut module = big_function();
    let start = Instant::now();
    wend_opt::pass::for_each_definition(&mut module, wend_opt::mem2reg::run);
    let mem2reg_time = start.elapsed();
    println!("mem2reg: {mem2reg_time:?}");
    assert!(mem2reg_time < BUDGET, "mem2reg took {mem2reg_time:?}");
    wend_ir::verify::verify_module(&module).unwrap();
    let main = &module.functions[module.find_function("main").unwrap()];
    assert!(main.phi_count() > 1000, "{} phis", main.phi_count());
    let has_memory = main.layout.iter().any(|&b| {
        main.blocks[b].insts.iter().any(|&i| {
            main.insts[i]
                .kind
                .operands()
                .iter()
                .any(|&v| main.value_type(v).is_pointer())
        })
    });
    assert!(!has_memory, "every variable is promoted");

    let start = Instant::now();
    wend_opt::pass::for_each_definition(&mut module, wend_opt::reg2mem::run);
    wend_opt::pass::for_each_definition(&mut module, wend_opt::mem2reg::run);
    let round_trip = start.elapsed();
    println!("reg2mem + mem2reg: {round_trip:?}");
    assert!(round_trip < BUDGET, "round trip took {round_trip:?}");
    wend_ir::verify::verify_module(&module).unwrap();
}
