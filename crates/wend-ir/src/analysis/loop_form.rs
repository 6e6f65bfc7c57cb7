//! Loop-simplify form — the shape of a natural loop that the loop passes
//! rely on (LLVM's "loop simplify form") — and the analyses they start from.
//!
//! A loop is in loop-simplify form when it has
//! * a **preheader**: the header's only predecessor outside the loop, with
//!   the header as its only successor (where hoisted code goes);
//! * a **single latch**: one block carrying the back edge;
//! * **dedicated exits**: every exit block has only predecessors inside the
//!   loop (where code run only on leaving this loop goes).
//!
//! The `loopsimplify` pass puts every loop in this form. A pass that needs
//! it says so in its header and starts from
//! [`LoopAnalyses::compute_simplified`], which reports a loop out of form
//! as a compiler bug: the pass manager runs `loopsimplify` before such a
//! pass, so that cannot happen in a pipeline it built.

use crate::analysis::cfg::Cfg;
use crate::analysis::dom::DomTree;
use crate::analysis::loops::{Loop, LoopForest};
use crate::entities::Block;
use crate::function::Function;
use crate::instructions::Terminator;

/// The analyses the loop passes work from, of one state of a function.
pub struct LoopAnalyses {
    pub cfg: Cfg,
    pub domtree: DomTree,
    pub forest: LoopForest,
}

impl LoopAnalyses {
    pub fn compute(func: &Function) -> LoopAnalyses {
        let cfg = Cfg::compute(func);
        let domtree = DomTree::compute(func, &cfg);
        let forest = LoopForest::compute(func, &cfg, &domtree);
        LoopAnalyses {
            cfg,
            domtree,
            forest,
        }
    }

    /// The analyses of `func`, every loop of which must be in loop-simplify
    /// form because `pass` needs it; panics (a compiler bug: the pass
    /// manager runs `loopsimplify` first) if one is not.
    pub fn compute_simplified(func: &Function, pass: &str) -> LoopAnalyses {
        let analyses = LoopAnalyses::compute(func);
        if let Some(problem) = analyses.first_loop_out_of_form(func) {
            panic!(
                "compiler bug: `{pass}` needs loop-simplify form, but in function `{}` {problem} \
                 (the pass manager runs `loopsimplify` before `{pass}`)",
                func.name
            );
        }
        analyses
    }

    /// What keeps the first loop not in loop-simplify form out of it, or
    /// `None` if every loop is in form.
    pub fn first_loop_out_of_form(&self, func: &Function) -> Option<String> {
        let LoopAnalyses { cfg, forest, .. } = self;
        for l in forest.loops() {
            let header = forest.header(l);
            if preheader(func, cfg, forest, l).is_none() {
                return Some(format!("the loop headed by {header} has no preheader"));
            }
            if forest.latches(l).len() > 1 {
                return Some(format!("the loop headed by {header} has several latches"));
            }
            for &exit in forest.exits(l) {
                if cfg.preds(exit).iter().any(|&p| !forest.contains(l, p)) {
                    return Some(format!(
                        "the exit {exit} of the loop headed by {header} is not dedicated"
                    ));
                }
            }
        }
        None
    }
}

/// The preheader of `l`, if it has one: the header's only predecessor from
/// outside the loop, ending in an unconditional branch to it.
pub fn preheader(func: &Function, cfg: &Cfg, forest: &LoopForest, l: Loop) -> Option<Block> {
    let header = forest.header(l);
    let mut outside = cfg
        .preds(header)
        .iter()
        .filter(|&&p| !forest.contains(l, p));
    let candidate = *outside.next()?;
    let only_one = outside.all(|&p| p == candidate);
    let branches_only_to_header = matches!(
        func.terminator(candidate),
        Some(Terminator::Br { dest }) if *dest == header
    );
    (only_one && branches_only_to_header).then_some(candidate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::parse_module;

    /// Whether the loops of `@main` in `body` (the text of its blocks) are
    /// in form, and if not what the check says.
    fn check(body: &str) -> Option<String> {
        let text = format!("define i32 @main() {{\n{body}}}\n");
        let module = parse_module(&text).unwrap();
        let func = &module.functions[module.find_function("main").unwrap()];
        LoopAnalyses::compute(func).first_loop_out_of_form(func)
    }

    const SIMPLIFIED: &str = "
entry:
  br label %h
h:
  %i = phi i32 [ 0, %entry ], [ %i1, %h ]
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, 3
  br i1 %c, label %h, label %exit
exit:
  ret i32 %i1
";

    #[test]
    fn a_loop_with_preheader_single_latch_and_dedicated_exit_is_in_form() {
        assert_eq!(check(SIMPLIFIED), None);
    }

    #[test]
    fn a_header_entered_by_a_conditional_branch_has_no_preheader() {
        let body = SIMPLIFIED.replace(
            "  br label %h\n",
            "  %go = icmp sgt i32 2, 0\n  br i1 %go, label %h, label %other\nother:\n  ret i32 0\n",
        );
        assert!(check(&body).unwrap().contains("has no preheader"));
    }

    #[test]
    fn two_back_edges_from_two_blocks_are_several_latches() {
        let body = "
entry:
  br label %h
h:
  %i = phi i32 [ 0, %entry ], [ %i1, %a ], [ %i1, %b ]
  %c = icmp slt i32 %i, 3
  br i1 %c, label %a, label %exit
a:
  %i1 = add i32 %i, 1
  %d = icmp slt i32 %i1, 2
  br i1 %d, label %h, label %b
b:
  br label %h
exit:
  ret i32 %i
";
        assert!(check(body).unwrap().contains("several latches"));
    }

    #[test]
    fn an_exit_also_reached_from_outside_is_not_dedicated() {
        let body = "
entry:
  %go = icmp sgt i32 2, 0
  br i1 %go, label %pre, label %exit
pre:
  br label %h
h:
  %i = phi i32 [ 0, %pre ], [ %i1, %h ]
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, 3
  br i1 %c, label %h, label %exit
exit:
  %r = phi i32 [ 0, %entry ], [ %i1, %h ]
  ret i32 %r
";
        assert!(check(body).unwrap().contains("is not dedicated"));
    }
}
