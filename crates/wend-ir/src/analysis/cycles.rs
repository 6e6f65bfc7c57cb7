//! The irreducible cycles of a function: cycles of the CFG that are not
//! natural loops, because control can enter them at more than one block.
//!
//! A natural loop ([`crate::analysis::loops`]) has one entry, its header,
//! which dominates the whole loop. A cycle entered at two blocks — the
//! loops article's `goto` into the middle of a `do`-`while` — has no block
//! dominating the others, so the loop forest does not see it; this
//! analysis reports it, so a tool can say "irreducible" rather than stay
//! silent (LLVM's `CycleInfo` plays this part beside its `LoopInfo`).
//!
//! Algorithm (the nesting of Havlak's loop-nesting forest, by repeated
//! strongly connected components): take the strongly connected components
//! of the reachable CFG (Tarjan's algorithm, from `petgraph`). A component
//! with a cycle (several blocks, or one with an edge to itself) is entered
//! at its *entries*: its blocks with a predecessor outside it (or the
//! function's entry). One entry: a natural loop, whose header it is.
//! Several: an irreducible cycle. Either way, the cycles nested in it are
//! those of the component without its entries, found the same way.
//!
//! Each cycle lists its entries and blocks in reverse postorder; cycles
//! come outermost first, in reverse postorder of their first entry.
//!
//! Requires: [`Cfg`]. Invalidated by: any CFG change.

use crate::analysis::cfg::Cfg;
use crate::entities::Block;
use cranelift_entity::SecondaryMap;
use petgraph::graph::{DiGraph, NodeIndex};

/// A cycle of the CFG that control enters at several blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IrreducibleCycle {
    /// The blocks of the cycle with a predecessor outside it, in RPO.
    pub entries: Vec<Block>,
    /// All blocks of the cycle (nested cycles included), in RPO.
    pub blocks: Vec<Block>,
}

/// The irreducible cycles of the function of `cfg`, outermost first.
pub fn irreducible_cycles(cfg: &Cfg) -> Vec<IrreducibleCycle> {
    let mut found = Vec::new();
    let mut regions: Vec<Vec<Block>> = vec![cfg.rpo().to_vec()];
    let mut member: SecondaryMap<Block, u32> = SecondaryMap::new();
    let mut mark = 0u32;
    while let Some(region) = regions.pop() {
        for component in components(cfg, &region) {
            mark += 1;
            for &b in &component {
                member[b] = mark;
            }
            let has_cycle = component.len() > 1 || cfg.succs(component[0]).contains(&component[0]);
            if !has_cycle {
                continue;
            }
            let entries: Vec<Block> = component
                .iter()
                .copied()
                .filter(|&b| {
                    Some(b) == cfg.entry()
                        || cfg
                            .preds(b)
                            .iter()
                            .any(|&p| cfg.is_reachable(p) && member[p] != mark)
                })
                .collect();
            if entries.len() > 1 {
                found.push(IrreducibleCycle {
                    entries: entries.clone(),
                    blocks: component.clone(),
                });
            }
            let inner: Vec<Block> = component
                .into_iter()
                .filter(|b| !entries.contains(b))
                .collect();
            if !inner.is_empty() {
                regions.push(inner);
            }
        }
    }
    found.sort_by_key(|c| {
        (
            cfg.rpo_index(c.entries[0]),
            std::cmp::Reverse(c.blocks.len()),
        )
    });
    found
}

/// The strongly connected components of the subgraph of the CFG induced
/// by `region` (reachable blocks, in RPO), each in RPO.
fn components(cfg: &Cfg, region: &[Block]) -> Vec<Vec<Block>> {
    let mut node: SecondaryMap<Block, Option<NodeIndex>> = SecondaryMap::new();
    let mut graph: DiGraph<Block, ()> = DiGraph::with_capacity(region.len(), region.len() * 2);
    for &b in region {
        node[b] = Some(graph.add_node(b));
    }
    for &b in region {
        for &s in cfg.succs(b) {
            if let (Some(from), Some(to)) = (node[b], node[s]) {
                graph.add_edge(from, to, ());
            }
        }
    }
    let mut components: Vec<Vec<Block>> = petgraph::algo::tarjan_scc(&graph)
        .into_iter()
        .map(|nodes| {
            let mut blocks: Vec<Block> = nodes.into_iter().map(|n| graph[n]).collect();
            blocks.sort_by_key(|&b| cfg.rpo_index(b));
            blocks
        })
        .collect();
    components.sort_by_key(|c| cfg.rpo_index(c[0]));
    components
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::FunctionNames;
    use crate::read::parse_module;

    /// The irreducible cycles of `@main` of `body`, as block names.
    fn cycles(body: &str) -> Vec<(Vec<String>, Vec<String>)> {
        let text = format!("define void @main(i1 %c) {{\n{body}}}\n");
        let module = parse_module(&text).unwrap();
        let func = &module.functions[module.find_function("main").unwrap()];
        let names = FunctionNames::compute(func);
        let name = |bs: &[Block]| bs.iter().map(|&b| names.block(b).to_string()).collect();
        irreducible_cycles(&Cfg::compute(func))
            .iter()
            .map(|c| (name(&c.entries), name(&c.blocks)))
            .collect()
    }

    fn strings(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_jump_into_the_middle_of_a_loop_makes_an_irreducible_cycle() {
        // The loops article: 1 branches to 2 (goto label_in_loop → 5) or
        // 3 (→ 4); 4 and 5 form a cycle entered at both.
        let body = "
b1:
  br i1 %c, label %b2, label %b3
b2:
  br label %b5
b3:
  br label %b4
b4:
  br label %b5
b5:
  br i1 %c, label %b4, label %b6
b6:
  ret void
";
        assert_eq!(
            cycles(body),
            vec![(strings(&["b4", "b5"]), strings(&["b4", "b5"]))]
        );
    }

    #[test]
    fn natural_loops_are_not_irreducible() {
        let body = "
entry:
  br label %h
h:
  br i1 %c, label %inner, label %exit
inner:
  br i1 %c, label %inner, label %latch
latch:
  br label %h
exit:
  ret void
";
        assert!(cycles(body).is_empty());
    }

    #[test]
    fn an_irreducible_cycle_inside_a_natural_loop_is_found() {
        let body = "
entry:
  br label %h
h:
  br i1 %c, label %a, label %b
a:
  br i1 %c, label %b, label %latch
b:
  br i1 %c, label %a, label %latch
latch:
  br i1 %c, label %h, label %exit
exit:
  ret void
";
        // In reverse postorder: the search reaches %a from %b first.
        assert_eq!(
            cycles(body),
            vec![(strings(&["b", "a"]), strings(&["b", "a"]))]
        );
    }
}
