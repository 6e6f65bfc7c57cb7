//! Property tests of the analyses against their textbook definitions, on
//! thousands of random control-flow graphs: self-loops, duplicate edges to
//! one block (`br %c, label %b, label %b`), unreachable parts and
//! irreducible cycles all occur.
//!
//! Each oracle is the naive, obviously-correct computation (reachability
//! with a block removed for dominance, path search for liveness, …), so a
//! disagreement points at the fast algorithm.

use proptest::prelude::*;
use std::collections::BTreeSet;
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::dom::DomTree;
use wend_ir::analysis::frontier::DominanceFrontiers;
use wend_ir::analysis::liveness::Liveness;
use wend_ir::analysis::loops::LoopForest;
use wend_ir::{BinOp, Block, EntityRef, Function, InstKind, Terminator, Type, Value};

// ---- random functions -------------------------------------------------

/// A block's terminator as drawn: 0 = ret, 1 = br a, 2 and 3 = condbr a, b
/// (twice as likely, to get more joins).
type TermSpec = (u8, usize, usize);

fn cfg_strategy() -> impl Strategy<Value = Vec<TermSpec>> {
    (1usize..=10).prop_flat_map(|n| prop::collection::vec((0u8..4, 0..n, 0..n), n))
}

/// A function whose blocks have the given terminators (and no instructions).
fn build_cfg(spec: &[TermSpec]) -> Function {
    let mut f = Function::new("f", &[(Type::I1, "c")], None);
    let cond = f.params[0];
    let blocks: Vec<Block> = (0..spec.len())
        .map(|i| f.append_block(format!("b{i}")))
        .collect();
    for (i, &(kind, a, b)) in spec.iter().enumerate() {
        f.blocks[blocks[i]].terminator = Some(match kind {
            0 => Terminator::Ret { value: None },
            1 => Terminator::Br { dest: blocks[a] },
            _ => Terminator::CondBr {
                cond,
                then_dest: blocks[a],
                else_dest: blocks[b],
            },
        });
    }
    f
}

fn succs(f: &Function, b: Block) -> Vec<Block> {
    f.successors(b).collect()
}

/// Blocks reachable from the entry without entering `removed`.
fn reachable_avoiding(f: &Function, removed: Option<Block>) -> BTreeSet<Block> {
    let mut seen = BTreeSet::new();
    let entry = f.layout[0];
    if Some(entry) == removed {
        return seen;
    }
    let mut stack = vec![entry];
    seen.insert(entry);
    while let Some(b) = stack.pop() {
        for s in succs(f, b) {
            if Some(s) != removed && seen.insert(s) {
                stack.push(s);
            }
        }
    }
    seen
}

/// Naive dominance: `a` dominates reachable `b` iff `b` is unreachable
/// once `a` is removed; unreachable blocks are dominated only by themselves.
fn naive_dominates(f: &Function) -> impl Fn(Block, Block) -> bool {
    let reachable = reachable_avoiding(f, None);
    let without: Vec<BTreeSet<Block>> = f
        .layout
        .iter()
        .map(|&a| reachable_avoiding(f, Some(a)))
        .collect();
    move |a: Block, b: Block| {
        a == b
            || (reachable.contains(&a)
                && reachable.contains(&b)
                && !without[a.index()].contains(&b))
    }
}

// ---- cfg and dominators -----------------------------------------------

fn check_cfg(f: &Function, cfg: &Cfg) {
    let reachable = reachable_avoiding(f, None);
    let mut edges = Vec::new();
    for &b in &f.layout {
        assert_eq!(cfg.succs(b), succs(f, b).as_slice());
        for s in succs(f, b) {
            edges.push((s, b));
        }
        assert_eq!(cfg.is_reachable(b), reachable.contains(&b));
    }
    let mut pred_edges: Vec<(Block, Block)> = f
        .layout
        .iter()
        .flat_map(|&b| cfg.preds(b).iter().map(move |&p| (b, p)))
        .collect();
    edges.sort();
    pred_edges.sort();
    assert_eq!(edges, pred_edges, "one predecessor entry per edge");

    let rpo: Vec<Block> = cfg.rpo().to_vec();
    assert_eq!(rpo.iter().copied().collect::<BTreeSet<_>>(), reachable);
    assert_eq!(rpo.len(), reachable.len());
    assert_eq!(rpo[0], f.layout[0]);
    let mut po = cfg.postorder().to_vec();
    po.reverse();
    assert_eq!(po, rpo);
    for (i, &b) in rpo.iter().enumerate() {
        assert_eq!(cfg.rpo_index(b), Some(i as u32));
    }
    // Postorder property: a block is finished after every successor that
    // is not an ancestor on the DFS stack; in RPO terms, an edge u -> v
    // with rpo(v) <= rpo(u) must be a retreating edge, i.e. v reaches u.
    for &u in &rpo {
        for &v in cfg.succs(u) {
            if cfg.rpo_index(v) <= cfg.rpo_index(u) {
                let mut seen = BTreeSet::from([v]);
                let mut stack = vec![v];
                while let Some(x) = stack.pop() {
                    for s in succs(f, x) {
                        if seen.insert(s) {
                            stack.push(s);
                        }
                    }
                }
                assert!(
                    seen.contains(&u),
                    "{u}->{v} retreats but {v} does not reach {u}"
                );
            }
        }
    }
}

fn check_dominators(f: &Function, cfg: &Cfg, dt: &DomTree) {
    let dom = naive_dominates(f);
    let blocks = &f.layout;
    for &a in blocks {
        for &b in blocks {
            assert_eq!(dt.dominates(a, b), dom(a, b), "dominates({a}, {b})");
            assert_eq!(dt.strictly_dominates(a, b), a != b && dom(a, b));
        }
    }
    for &b in blocks {
        let strict: Vec<Block> = blocks
            .iter()
            .copied()
            .filter(|&a| a != b && dom(a, b))
            .collect();
        match dt.idom(b) {
            None => assert!(strict.is_empty(), "{b} has strict dominators but no idom"),
            Some(d) => {
                assert!(strict.contains(&d));
                // The closest one: every strict dominator dominates it.
                for &a in &strict {
                    assert!(dom(a, d), "{a} sdom {b} but not idom {d}");
                }
                assert!(dt.children(d).contains(&b));
                assert_eq!(dt.depth(b), Some(dt.depth(d).unwrap() + 1));
            }
        }
        for &c in dt.children(b) {
            assert_eq!(dt.idom(c), Some(b));
        }
        assert_eq!(dt.is_reachable(b), cfg.is_reachable(b));
    }
    // Preorder: the reachable blocks, each after its idom.
    let pre = dt.preorder();
    assert_eq!(pre.len(), cfg.rpo().len());
    for (i, &b) in pre.iter().enumerate() {
        if let Some(d) = dt.idom(b) {
            assert!(pre[..i].contains(&d));
        }
    }
    // Common dominator = deepest block dominating both.
    for &a in cfg.rpo() {
        for &b in cfg.rpo() {
            let expected = cfg
                .rpo()
                .iter()
                .copied()
                .filter(|&d| dom(d, a) && dom(d, b))
                .max_by_key(|&d| dt.depth(d));
            assert_eq!(dt.common_dominator(a, b), expected);
        }
    }
}

// ---- frontiers --------------------------------------------------------

fn naive_frontier(
    f: &Function,
    cfg: &Cfg,
    dom: &impl Fn(Block, Block) -> bool,
    a: Block,
) -> Vec<Block> {
    if !cfg.is_reachable(a) {
        return Vec::new();
    }
    let mut df: Vec<Block> = f
        .layout
        .iter()
        .copied()
        .filter(|&b| {
            cfg.is_reachable(b)
                && !(a != b && dom(a, b))
                && cfg
                    .preds(b)
                    .iter()
                    .any(|&p| cfg.is_reachable(p) && dom(a, p))
        })
        .collect();
    df.sort();
    df
}

fn check_frontiers(f: &Function, cfg: &Cfg, dt: &DomTree, def_sets: &[Vec<usize>]) {
    let dom = naive_dominates(f);
    let df = DominanceFrontiers::compute(cfg, dt);
    let naive: Vec<Vec<Block>> = f
        .layout
        .iter()
        .map(|&a| naive_frontier(f, cfg, &dom, a))
        .collect();
    for &a in &f.layout {
        assert_eq!(df.frontier(a), naive[a.index()].as_slice(), "DF({a})");
    }
    for defs in def_sets {
        let defs: Vec<Block> = defs.iter().map(|&i| f.layout[i % f.layout.len()]).collect();
        // DF+(S) = the limit of X_{i+1} = DF(S ∪ X_i).
        let mut x: BTreeSet<Block> = BTreeSet::new();
        loop {
            let next: BTreeSet<Block> = defs
                .iter()
                .chain(x.iter())
                .flat_map(|b| naive[b.index()].iter().copied())
                .collect();
            if next == x {
                break;
            }
            x = next;
        }
        let expected: Vec<Block> = x.into_iter().collect();
        assert_eq!(df.iterated(defs.iter().copied()), expected, "DF+({defs:?})");
    }
}

// ---- loops ------------------------------------------------------------

fn check_loops(f: &Function, cfg: &Cfg, dt: &DomTree) {
    let forest = LoopForest::compute(f, cfg, dt);
    let dom = naive_dominates(f);
    // Natural loops by definition, one per header.
    let mut expected: Vec<(Block, BTreeSet<Block>, BTreeSet<Block>)> = Vec::new();
    for &h in cfg.rpo() {
        let latches: BTreeSet<Block> = cfg
            .preds(h)
            .iter()
            .copied()
            .filter(|&p| cfg.is_reachable(p) && dom(h, p))
            .collect();
        if latches.is_empty() {
            continue;
        }
        // Blocks that reach a latch without passing through h.
        let mut body = BTreeSet::from([h]);
        let mut stack: Vec<Block> = latches.iter().copied().collect();
        while let Some(b) = stack.pop() {
            if body.insert(b) {
                stack.extend(
                    cfg.preds(b)
                        .iter()
                        .copied()
                        .filter(|&p| cfg.is_reachable(p)),
                );
            }
        }
        expected.push((h, body, latches));
    }
    assert_eq!(forest.len(), expected.len());
    let mut previous_header_rpo = None;
    for l in forest.loops() {
        let header = forest.header(l);
        let (_, body, latches) = expected
            .iter()
            .find(|(h, _, _)| *h == header)
            .expect("loop with a header that has no back edge");
        let got_body: BTreeSet<Block> = forest.body(l).iter().copied().collect();
        assert_eq!(&got_body, body, "body of loop at {header}");
        assert_eq!(forest.body(l).len(), body.len(), "no duplicates");
        assert_eq!(forest.body(l)[0], header);
        let got_latches: BTreeSet<Block> = forest.latches(l).iter().copied().collect();
        assert_eq!(&got_latches, latches);
        let exits: BTreeSet<Block> = body
            .iter()
            .flat_map(|&b| cfg.succs(b).iter().copied())
            .filter(|s| !body.contains(s))
            .collect();
        let exiting: BTreeSet<Block> = body
            .iter()
            .copied()
            .filter(|&b| cfg.succs(b).iter().any(|s| !body.contains(s)))
            .collect();
        assert_eq!(
            forest.exits(l).iter().copied().collect::<BTreeSet<_>>(),
            exits
        );
        assert_eq!(forest.exits(l).len(), exits.len());
        assert_eq!(
            forest.exiting(l).iter().copied().collect::<BTreeSet<_>>(),
            exiting
        );
        // Parent: the smallest other natural loop containing this one.
        let expected_parent = expected
            .iter()
            .filter(|(h, b, _)| *h != header && b.is_superset(body))
            .min_by_key(|(_, b, _)| b.len())
            .map(|(h, _, _)| *h);
        assert_eq!(forest.parent(l).map(|p| forest.header(p)), expected_parent);
        let depth = expected
            .iter()
            .filter(|(_, b, _)| b.contains(&header))
            .count();
        assert_eq!(forest.depth(l) as usize, depth);
        for &c in forest.children(l) {
            assert_eq!(forest.parent(c), Some(l));
        }
        // Deterministic numbering: RPO of headers.
        let r = cfg.rpo_index(header);
        assert!(previous_header_rpo < r);
        previous_header_rpo = r;
    }
    for &b in &f.layout {
        let innermost = expected
            .iter()
            .filter(|(_, body, _)| body.contains(&b))
            .min_by_key(|(_, body, _)| body.len())
            .map(|(h, _, _)| *h);
        assert_eq!(
            forest.innermost_loop(b).map(|l| forest.header(l)),
            innermost
        );
        let depth = expected
            .iter()
            .filter(|(_, body, _)| body.contains(&b))
            .count();
        assert_eq!(forest.loop_depth(b) as usize, depth);
        for l in forest.loops() {
            assert_eq!(forest.contains(l, b), forest.body(l).contains(&b));
        }
    }
}

// ---- liveness ---------------------------------------------------------

/// A random function over a random CFG: each block gets phis (one entry
/// per incoming edge) and binary instructions whose operands are drawn from
/// every value of the function — so uses need not be dominated by their
/// definitions, which the path-based oracle handles all the same.
fn build_program(spec: &[TermSpec], choices: &[usize]) -> Function {
    let mut f = build_cfg(spec);
    let y = {
        // A second parameter, i32, appended by hand.
        let v = f.make_value(Type::I32, wend_ir::ValueDef::Param(1));
        f.params.push(v);
        v
    };
    let k = f.iconst(7);
    let mut pick = {
        let mut i = 0;
        move |n: usize| {
            let c = choices[i % choices.len()];
            i += 1;
            c % n.max(1)
        }
    };
    let cfg = Cfg::compute(&f);
    let layout = f.layout.clone();
    // Create the instructions first, operands filled in afterwards so any
    // value may be used anywhere.
    let mut all_insts = Vec::new();
    for &b in &layout {
        let phis = pick(3);
        for _ in 0..phis {
            let incoming = cfg.preds(b).iter().map(|&p| (p, y)).collect();
            let inst = f.make_inst(InstKind::Phi { incoming }, Some(Type::I32), 0);
            f.blocks[b].phis.push(inst);
            all_insts.push(inst);
        }
        let ordinary = pick(4);
        for _ in 0..ordinary {
            let kind = InstKind::Binary {
                op: BinOp::Add,
                lhs: y,
                rhs: y,
            };
            let inst = f.make_inst(kind, Some(Type::I32), 0);
            f.blocks[b].insts.push(inst);
            all_insts.push(inst);
        }
        // Some returns return a value, so terminators use values too.
        if spec[b.index()].0 == 0 && pick(2) == 0 {
            f.blocks[b].terminator = Some(Terminator::Ret { value: Some(y) });
        }
    }
    let mut pool: Vec<Value> = vec![y, k];
    pool.extend(all_insts.iter().map(|&i| f.insts[i].result.unwrap()));
    for &inst in &all_insts {
        let n = pool.len();
        f.insts[inst].kind.map_operands(|_| pool[pick(n)]);
    }
    for &b in &layout {
        if let Some(Terminator::Ret { value: Some(v) }) = &mut f.blocks[b].terminator {
            *v = pool[pick(pool.len())];
        }
    }
    f
}

/// Is `v` live at the start of `b`'s ordinary instructions (after its
/// phis), following paths until a definition kills it? Phi operands are
/// used on their edge; a phi result is defined on entry to its block.
fn naive_reaches_use(f: &Function, start: Block, v: Value) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![start];
    seen.insert(start);
    let defines = |inst: wend_ir::Inst| f.insts[inst].result.expand() == Some(v);
    while let Some(b) = stack.pop() {
        let data = &f.blocks[b];
        let mut killed = false;
        for &inst in &data.insts {
            if f.insts[inst].kind.operands().contains(&v) {
                return true;
            }
            if defines(inst) {
                killed = true;
                break;
            }
        }
        if killed {
            continue;
        }
        if let Some(t) = &data.terminator {
            let mut used = false;
            t.for_each_operand(|o| used |= o == v);
            if used {
                return true;
            }
        }
        for s in succs(f, b) {
            if naive_phi_edge_use(f, b, s, v) {
                return true;
            }
            let redefined = f.blocks[s].phis.iter().any(|&p| defines(p));
            if !redefined && seen.insert(s) {
                stack.push(s);
            }
        }
    }
    false
}

fn naive_phi_edge_use(f: &Function, pred: Block, succ: Block, v: Value) -> bool {
    f.blocks[succ].phis.iter().any(|&p| match &f.insts[p].kind {
        InstKind::Phi { incoming } => incoming.iter().any(|&(b, x)| b == pred && x == v),
        _ => false,
    })
}

fn check_liveness(f: &Function) {
    let cfg = Cfg::compute(f);
    let live = Liveness::compute(f, &cfg);
    let mut tracked: Vec<Value> = f.params.clone();
    for &b in &f.layout {
        tracked.extend(f.block_insts(b).filter_map(|i| f.insts[i].result.expand()));
    }
    for &b in &f.layout {
        let is_phi_of = |s: Block, v: Value| {
            f.blocks[s]
                .phis
                .iter()
                .any(|&p| f.insts[p].result.expand() == Some(v))
        };
        let expected_in: Vec<Value> = tracked
            .iter()
            .copied()
            .filter(|&v| is_phi_of(b, v) || naive_reaches_use(f, b, v))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let expected_out: Vec<Value> = tracked
            .iter()
            .copied()
            .filter(|&v| {
                succs(f, b).into_iter().any(|s| {
                    naive_phi_edge_use(f, b, s, v)
                        || (!is_phi_of(s, v) && naive_reaches_use(f, s, v))
                })
            })
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        assert_eq!(live.live_in(b), expected_in.as_slice(), "live-in of {b}");
        assert_eq!(live.live_out(b), expected_out.as_slice(), "live-out of {b}");
        for &v in &tracked {
            assert_eq!(live.is_live_in(b, v), expected_in.contains(&v));
            assert_eq!(live.is_live_out(b, v), expected_out.contains(&v));
        }
    }
}

// ---- the properties ---------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn cfg_and_dominators_match_definitions(spec in cfg_strategy()) {
        let f = build_cfg(&spec);
        let cfg = Cfg::compute(&f);
        check_cfg(&f, &cfg);
        let dt = DomTree::compute(&f, &cfg);
        check_dominators(&f, &cfg, &dt);
    }

    #[test]
    fn frontiers_match_definitions(
        spec in cfg_strategy(),
        def_sets in prop::collection::vec(prop::collection::vec(0usize..10, 0..4), 1..4),
    ) {
        let f = build_cfg(&spec);
        let cfg = Cfg::compute(&f);
        let dt = DomTree::compute(&f, &cfg);
        check_frontiers(&f, &cfg, &dt, &def_sets);
    }

    #[test]
    fn loops_match_natural_loop_definition(spec in cfg_strategy()) {
        let f = build_cfg(&spec);
        let cfg = Cfg::compute(&f);
        let dt = DomTree::compute(&f, &cfg);
        check_loops(&f, &cfg, &dt);
    }

    #[test]
    fn liveness_matches_path_search(
        spec in cfg_strategy(),
        choices in prop::collection::vec(0usize..1000, 1..40),
    ) {
        let f = build_program(&spec, &choices);
        check_liveness(&f);
    }
}
