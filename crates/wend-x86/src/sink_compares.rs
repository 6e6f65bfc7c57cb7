//! Comparisons moved down to the block that uses them.
//!
//! Instruction selection fuses an `icmp` with the branch or `cmov` that
//! uses it (`cmpl; jl`) only when both are in one block; an `icmp` whose
//! use is in a later block is computed as a 0/1 value (`setcc`) that the
//! later block tests again (`testl; jne`), and that value occupies a
//! register in between. Front ends and optimisations leave such compares:
//! `pack((a < 0) != (b < 0), ...)` inlined computes the signs first and
//! branches on them at the end. So an `icmp` all of whose uses are in one
//! other block moves there, just before its first use, as LLVM's
//! CodeGenPrepare does (`sinkCmpExpression`). Moving one may leave the
//! compares among its operands with their only use in that block too, so
//! they follow: `(a < 0) != (b < 0)` ends up as two `setcc` and a `cmpl`
//! fused with the branch, with `a` and `b` live up to there instead of the
//! booleans.
//!
//! A compare never moves into a deeper loop (it would run more often), nor
//! to a use by a phi (a phi uses its value on an edge, at the end of a
//! predecessor). The block it moves to is dominated by its own (its uses
//! are), so its operands are available there.
//!
//! Requires SSA form; keeps it, and leaves the CFG alone.

use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::SecondaryMap;
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::dom::DomTree;
use wend_ir::analysis::loops::LoopForest;
use wend_ir::{Block, Function, Inst, InstKind, Value, ValueDef};

/// Moves each `icmp` whose uses are all in one other block into it; returns
/// how many moved.
pub fn sink_compares(func: &mut Function) -> usize {
    let is_compare = |func: &Function, v: Value| match func.value_def(v) {
        ValueDef::Inst(i) => matches!(func.insts[i].kind, InstKind::Icmp { .. }),
        _ => false,
    };
    // The block of each use of each compare's result (`None`: by a phi,
    // which uses its value on an edge, at the end of a predecessor).
    let mut use_blocks = SecondaryMap::<Value, Vec<Option<Block>>>::new();
    let mut block_of = SecondaryMap::<Inst, PackedOption<Block>>::new();
    let mut compares = Vec::new();
    for &b in &func.layout {
        let mut record = |func: &Function, v: Value, at: Option<Block>| {
            if is_compare(func, v) {
                use_blocks[v].push(at);
            }
        };
        for &phi in &func.blocks[b].phis {
            func.insts[phi]
                .kind
                .for_each_operand(|v| record(func, v, None));
        }
        for &inst in &func.blocks[b].insts {
            block_of[inst] = b.into();
            match func.insts[inst].kind {
                InstKind::Icmp { .. } => compares.push(inst),
                // A debugger's view of a variable uses the value too.
                InstKind::DebugValue { value, .. } => record(func, value, Some(b)),
                _ => {}
            }
            func.insts[inst]
                .kind
                .for_each_operand(|v| record(func, v, Some(b)));
        }
        if let Some(term) = &func.blocks[b].terminator {
            term.for_each_operand(|v| record(func, v, Some(b)));
        }
    }
    // Only a compare used in another block can start a move (its operand
    // compares follow it); without one, the loop analysis is not needed.
    let elsewhere = |icmp: Inst| {
        let result = func.inst_result(icmp).expect("an icmp has a result");
        only_block(&use_blocks[result]).is_some_and(|to| Some(to) != block_of[icmp].expand())
    };
    if !compares.iter().any(|&icmp| elsewhere(icmp)) {
        return 0;
    }
    let cfg = Cfg::compute(func);
    let domtree = DomTree::compute(func, &cfg);
    let loops = LoopForest::compute(func, &cfg, &domtree);

    let mut moved = SecondaryMap::<Inst, bool>::new();
    let mut count = 0;
    // Users come after the compares they use: from the last compare up,
    // a compare's users have already moved when it is considered.
    while let Some(icmp) = compares.pop() {
        let from = block_of[icmp].expect("a compare in a block");
        let result = func.inst_result(icmp).expect("an icmp has a result");
        let Some(to) = only_block(&use_blocks[result]) else {
            continue;
        };
        if to == from || loops.loop_depth(to) > loops.loop_depth(from) {
            continue;
        }
        let at = func.blocks[to]
            .insts
            .iter()
            .position(|&i| uses_value(func, i, result))
            .unwrap_or(func.blocks[to].insts.len());
        func.blocks[to].insts.insert(at, icmp);
        moved[icmp] = true;
        block_of[icmp] = to.into();
        count += 1;
        // The compare's operands are now used in `to` rather than `from`;
        // those that are compares may follow it.
        let InstKind::Icmp { lhs, rhs, .. } = func.insts[icmp].kind else {
            unreachable!("{icmp} is not an icmp")
        };
        for v in [lhs, rhs] {
            if is_compare(func, v) {
                let sites = &mut use_blocks[v];
                let k = sites.iter().position(|&s| s == Some(from)).unwrap();
                sites[k] = Some(to);
                compares.push(func.defining_inst(v).unwrap());
            }
        }
    }
    for b in func.layout.clone() {
        func.blocks[b]
            .insts
            .retain(|&i| !moved[i] || block_of[i].expand() == Some(b));
    }
    count
}

/// The one block all these uses are in, if there is one (and no phi use).
fn only_block(sites: &[Option<Block>]) -> Option<Block> {
    let first = (*sites.first()?)?;
    sites.iter().all(|&s| s == Some(first)).then_some(first)
}

/// Whether `inst` uses `v`.
fn uses_value(func: &Function, inst: Inst, v: Value) -> bool {
    match func.insts[inst].kind {
        InstKind::DebugValue { value, .. } => value == v,
        ref kind => kind.operands().contains(&v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The blocks of `@f` in `text`, with their instructions, after sinking.
    fn sunk(text: &str) -> (usize, String) {
        let mut module = wend_ir::read::parse_module(text).unwrap();
        let id = module.find_function("f").unwrap();
        let moved = sink_compares(&mut module.functions[id]);
        (moved, wend_ir::print::print_function(&module, id))
    }

    #[test]
    fn a_compare_and_its_operand_compares_move_to_their_use() {
        let (moved, text) = sunk(
            "define i32 @f(i32 %a, i32 %b) {
entry:
  %x = icmp slt i32 %a, 0
  %y = icmp slt i32 %b, 0
  %d = icmp ne i1 %x, %y
  br label %next

next:
  %s = add i32 %a, %b
  br i1 %d, label %yes, label %no

yes:
  ret i32 %s

no:
  ret i32 0
}
",
        );
        assert_eq!(moved, 3);
        let next = &text[text.find("next:").unwrap()..text.find("yes:").unwrap()];
        for compare in ["%x = icmp", "%y = icmp", "%d = icmp"] {
            assert!(next.contains(compare), "{compare} not in\n{text}");
        }
    }

    #[test]
    fn no_compare_moves_into_a_loop_or_to_a_phi() {
        let (moved, text) = sunk(
            "define i32 @f(i32 %a, i32 %n) {
entry:
  %x = icmp slt i32 %a, 0
  %y = icmp sgt i32 %a, 10
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %j = add i32 %i, 1
  %s = select i1 %x, i32 %j, i32 %n
  %c = icmp slt i32 %s, %n
  br i1 %c, label %loop, label %done

done:
  %p = phi i1 [ %y, %loop ]
  br i1 %p, label %yes, label %no

yes:
  ret i32 1

no:
  ret i32 0
}
",
        );
        assert_eq!(moved, 0, "{text}");
    }
}
