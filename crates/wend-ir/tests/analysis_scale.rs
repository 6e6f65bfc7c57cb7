//! The analyses on big and deep functions: nothing may recurse per block
//! (100 000 blocks would overflow the stack) and nothing may be quadratic
//! in the number of blocks or values.

use std::time::{Duration, Instant};
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::dom::DomTree;
use wend_ir::analysis::frontier::DominanceFrontiers;
use wend_ir::analysis::liveness::Liveness;
use wend_ir::analysis::loops::LoopForest;
use wend_ir::{BinOp, Block, Function, InstKind, Terminator, Type};

fn add(f: &mut Function, b: Block, lhs: wend_ir::Value, rhs: wend_ir::Value) -> wend_ir::Value {
    let inst = f.make_inst(
        InstKind::Binary {
            op: BinOp::Add,
            lhs,
            rhs,
        },
        Some(Type::I32),
        0,
    );
    f.blocks[b].insts.push(inst);
    f.insts[inst].result.unwrap()
}

/// Generous, so the test checks complexity and not the machine (debug
/// builds, two shared cores).
const BUDGET: Duration = Duration::from_secs(20);

/// Every analysis of a function.
struct Analyses {
    cfg: Cfg,
    dt: DomTree,
    df: DominanceFrontiers,
    live: Liveness,
    loops: LoopForest,
}

impl Analyses {
    /// Computes them all, failing the test if that takes longer than [`BUDGET`].
    fn compute_within_budget(f: &Function) -> Analyses {
        let start = Instant::now();
        let cfg = Cfg::compute(f);
        let dt = DomTree::compute(f, &cfg);
        let df = DominanceFrontiers::compute(&cfg, &dt);
        let live = Liveness::compute(f, &cfg);
        let loops = LoopForest::compute(f, &cfg, &dt);
        assert!(start.elapsed() < BUDGET, "took {:?}", start.elapsed());
        Analyses {
            cfg,
            dt,
            df,
            live,
            loops,
        }
    }
}

#[test]
fn long_chain_with_one_big_loop() {
    const N: usize = 100_000;
    let mut f = Function::new("chain", &[(Type::I1, "c"), (Type::I32, "x")], None);
    let (c, x) = (f.params[0], f.params[1]);
    let blocks: Vec<Block> = (0..N).map(|i| f.append_block(format!("b{i}"))).collect();
    let long_lived = add(&mut f, blocks[0], x, x);
    let mut prev = long_lived;
    for i in 1..N {
        prev = add(&mut f, blocks[i], prev, x);
        f.blocks[blocks[i - 1]].terminator = Some(Terminator::Br { dest: blocks[i] });
    }
    let last = blocks[N - 1];
    let used_at_end = add(&mut f, last, prev, long_lived);
    let _ = used_at_end;
    f.blocks[last].terminator = Some(Terminator::CondBr {
        cond: c,
        then_dest: blocks[1],
        else_dest: blocks[1],
    });

    let Analyses {
        cfg,
        dt,
        df,
        live,
        loops,
    } = Analyses::compute_within_budget(&f);

    assert_eq!(cfg.rpo().len(), N);
    assert_eq!(dt.idom(last), Some(blocks[N - 2]));
    assert!(dt.dominates(blocks[0], last));
    assert_eq!(dt.depth(last), Some(N as u32 - 1));
    assert_eq!(df.frontier(last), &[blocks[1]]);
    assert_eq!(df.iterated([blocks[N / 2]]), vec![blocks[1]]);
    assert_eq!(loops.len(), 1);
    let l = loops.top_level()[0];
    assert_eq!(loops.header(l), blocks[1]);
    assert_eq!(loops.body(l).len(), N - 1);
    assert_eq!(loops.latches(l), &[last]);
    assert!(loops.exits(l).is_empty());
    // The value from the entry is live around the whole loop.
    for &b in &blocks[1..] {
        assert!(live.is_live_in(b, long_lived));
    }
    assert!(live.is_live_in(blocks[0], x));
}

#[test]
fn deeply_nested_loops() {
    const DEPTH: usize = 2_000;
    let mut f = Function::new("nest", &[(Type::I1, "c")], None);
    let c = f.params[0];
    let headers: Vec<Block> = (0..DEPTH)
        .map(|i| f.append_block(format!("h{i}")))
        .collect();
    let latches: Vec<Block> = (0..DEPTH)
        .map(|i| f.append_block(format!("l{i}")))
        .collect();
    let exit = f.append_block("exit");
    for i in 0..DEPTH {
        let next = if i + 1 < DEPTH {
            headers[i + 1]
        } else {
            latches[DEPTH - 1]
        };
        f.blocks[headers[i]].terminator = Some(Terminator::Br { dest: next });
        let out = if i == 0 { exit } else { latches[i - 1] };
        f.blocks[latches[i]].terminator = Some(Terminator::CondBr {
            cond: c,
            then_dest: headers[i],
            else_dest: out,
        });
    }
    f.blocks[exit].terminator = Some(Terminator::Ret { value: None });
    // A value defined in the innermost header, used after all loops.
    let v = add(&mut f, headers[DEPTH - 1], c, c);
    let w = add(&mut f, exit, v, v);
    let _ = w;

    let Analyses {
        df, live, loops, ..
    } = Analyses::compute_within_budget(&f);

    assert_eq!(loops.len(), DEPTH);
    let inner = loops.innermost_loop(headers[DEPTH - 1]).unwrap();
    assert_eq!(loops.depth(inner), DEPTH as u32);
    assert_eq!(loops.loop_depth(exit), 0);
    assert_eq!(loops.header(loops.top_level()[0]), headers[0]);
    assert_eq!(df.frontier(latches[0]), &[headers[0]]);
    assert_eq!(df.frontier(latches[DEPTH - 1]), headers.as_slice());
    // v reaches the exit through every latch, but each header leads to the
    // innermost header, which redefines it before any use.
    for i in 0..DEPTH {
        assert!(live.is_live_in(latches[i], v));
        assert!(!live.is_live_in(headers[i], v));
    }
    assert!(live.is_live_out(latches[0], v));
}

#[test]
fn liveness_with_ten_thousand_values_and_blocks() {
    // A chain of diamonds; each join defines a value used two joins later,
    // and every block also uses a value from the entry.
    const DIAMONDS: usize = 3_400;
    let mut f = Function::new("diamonds", &[(Type::I1, "c"), (Type::I32, "x")], None);
    let (c, x) = (f.params[0], f.params[1]);
    let entry = f.append_block("entry");
    let base = add(&mut f, entry, x, x);
    let mut recent = vec![base, base];
    let mut cur = entry;
    for i in 0..DIAMONDS {
        let (l, r, j) = (
            f.append_block(format!("l{i}")),
            f.append_block(format!("r{i}")),
            f.append_block(format!("j{i}")),
        );
        f.blocks[cur].terminator = Some(Terminator::CondBr {
            cond: c,
            then_dest: l,
            else_dest: r,
        });
        add(&mut f, l, base, x);
        add(&mut f, r, base, x);
        f.blocks[l].terminator = Some(Terminator::Br { dest: j });
        f.blocks[r].terminator = Some(Terminator::Br { dest: j });
        let v = add(&mut f, j, recent[recent.len() - 2], base);
        recent.push(v);
        cur = j;
    }
    f.blocks[cur].terminator = Some(Terminator::Ret { value: None });
    assert!(f.layout.len() > 10_000 && f.values.len() > 10_000);

    let start = Instant::now();
    let cfg = Cfg::compute(&f);
    let live = Liveness::compute(&f, &cfg);
    assert!(start.elapsed() < BUDGET, "took {:?}", start.elapsed());
    for &b in &f.layout[1..] {
        assert!(live.is_live_in(b, base));
    }
}
