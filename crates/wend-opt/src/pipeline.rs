//! Pipelines: which passes run, in what order, and how.
//!
//! The whole optimization schedule of each `-O` level is the flat list in
//! [`pipeline_for_level`]: every pass that runs is in it, once per run. A
//! pass that needs the IR in some form ([`Pass::requires`]: loop-simplify
//! form, no critical edges) comes right after the passes making it there;
//! in a list given by the user ([`parse_pipeline`]) the missing ones are
//! inserted, so they show in `--print-after-all` like any other pass. [`run_pipeline`] runs a list
//! of passes over a module and, on request, hands the IR text to a callback
//! after each pass (`--print-after-all`) and runs the verifier after each
//! pass, panicking with the verifier's report if a pass broke the IR — that
//! is a compiler bug, and the report names the pass.

use crate::mem2reg::Flavour;
use crate::pass::{find_pass, mem2reg_pass, Pass, PASSES};
use wend_ir::Module;

/// The passes of each optimization level, in order.
const O0: &[&str] = &[];
/// -O1: promote variables to SSA; fold constants and the branches they
/// decide; delete the code nothing needs; tidy the CFG that leaves.
const O1: &[&str] = &["mem2reg", "sccp", "dce", "simplifycfg"];
/// -O2: promote; tidy the callees' CFGs so inlining sees their real size;
/// lay out variables passed together as arrays and turn accessor trees
/// over them into indexed accesses (so accessors are small); evaluate pure
/// calls on constants; inline (the nested functions' pointer parameters
/// become the parent's slots), split the arrays used only at constant
/// indices again, promote again; propagate
/// constants and evaluate the calls they make constant; combine
/// instructions with what the value ranges say (the inlined callees'
/// branches now bound their arguments); number values, loads and calls and
/// delete overwritten stores; clean up; canonicalise loops,
/// hoist invariants and keep the variables of loops in registers (licm's
/// scalar promotion, finished by mem2reg); clean up again (hoisting exposes new redundancy, and
/// the cleaned-up CFG new ranges).
#[rustfmt::skip]
const O2: &[&str] = &[
    "mem2reg", "simplifycfg", "frame-arrays", "accessor-trees", "dce", "simplifycfg",
    "callfold", "inline", "split-arrays", "mem2reg",
    "sccp", "callfold", "copyprop", "instcombine", "gvn", "dse", "dce", "simplifycfg",
    "loopsimplify", "licm", "mem2reg",
    "sccp", "copyprop", "instcombine", "gvn", "dse", "dce", "simplifycfg",
];

/// The pipeline of `-O<level>` (levels above 2 are treated as 2).
pub fn pipeline_for_level(level: u8) -> Vec<&'static Pass> {
    let names = match level {
        0 => O0,
        1 => O1,
        _ => O2,
    };
    names
        .iter()
        .map(|name| find_pass(name).expect("the level pipelines name known passes"))
        .collect()
}

/// Parses a comma-separated list of pass names (`"mem2reg,reg2mem"`;
/// spaces around names are ignored, the empty string is the empty pipeline),
/// with the passes each pass requires ([`Pass::requires`]) inserted right
/// before it unless they come right before it already.
pub fn parse_pipeline(text: &str) -> Result<Vec<&'static Pass>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let passes = text
        .split(',')
        .map(|name| {
            let name = name.trim();
            find_pass(name).ok_or_else(|| {
                let what = if name.is_empty() {
                    "empty pass name".to_string()
                } else {
                    format!("unknown pass `{name}`")
                };
                let width = PASSES.iter().map(|p| p.name.len()).max().unwrap_or(0);
                let mut known: Vec<String> = PASSES
                    .iter()
                    .map(|p| format!("  {:<width$} {}", p.name, p.description))
                    .collect();
                known.push(
                    "  mem2reg<minimal>, mem2reg<semi-pruned>, mem2reg<pruned>: mem2reg placing \
                     the phis of that SSA flavour (see `--ssa`)"
                        .to_string(),
                );
                format!(
                    "{what} in pipeline `{text}`; the known passes are:\n{}",
                    known.join("\n")
                )
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(with_requirements(passes))
}

/// `passes` with each plain `mem2reg` placing the phis of `flavour` (what
/// `--ssa` does); a `mem2reg<…>` named in the list keeps its flavour.
pub fn with_ssa_flavour(passes: Vec<&'static Pass>, flavour: Flavour) -> Vec<&'static Pass> {
    if flavour == Flavour::Pruned {
        // Plain `mem2reg` is the pruned one, and keeps its name in dumps.
        return passes;
    }
    let flavoured = mem2reg_pass(flavour);
    passes
        .into_iter()
        .map(|p| if p.name == "mem2reg" { flavoured } else { p })
        .collect()
}

/// `passes` with the passes each one requires right before it, unless
/// they are there already.
fn with_requirements(passes: Vec<&'static Pass>) -> Vec<&'static Pass> {
    let mut complete: Vec<&'static Pass> = Vec::with_capacity(passes.len());
    for pass in passes {
        let required = pass.requires;
        let there = complete.len() >= required.len()
            && complete[complete.len() - required.len()..]
                .iter()
                .zip(required)
                .all(|(p, &name)| p.name == name);
        if !there {
            complete.extend(
                required
                    .iter()
                    .map(|name| find_pass(name).expect("a required pass is a known pass")),
            );
        }
        complete.push(pass);
    }
    complete
}

/// A callback receiving a pass name and the module printed after it.
pub type PrintAfterPass<'a> = &'a mut dyn FnMut(&str, &str);

/// How [`run_pipeline`] runs the passes.
#[derive(Default)]
pub struct PipelineOptions<'a> {
    /// Verify the IR before the first pass and after every pass; panic with
    /// the verifier's message if it is broken.
    pub verify_each: bool,
    /// Called after every pass with the pass name and the module as printed
    /// IR (for `--print-after-all`).
    pub print_after_each: Option<PrintAfterPass<'a>>,
}

/// Runs `passes` over `module` in order.
///
/// The captured variables' locations in the debug tables (`-g`) become
/// debug values of their pointers first (see [`wend_ir::debug_info`]):
/// optimised, the pointer parameters that hold their addresses live in
/// registers, not in the frame slot the table's location stands for.
pub fn run_pipeline(module: &mut Module, passes: &[&'static Pass], opts: &mut PipelineOptions) {
    if opts.verify_each {
        verify_or_panic(module, "before the first pass (the pipeline's input)");
    }
    if !passes.is_empty() {
        for func in module.functions.values_mut() {
            wend_ir::debug_info::track_captured_variables(func);
        }
    }
    for pass in passes {
        (pass.run)(module);
        if opts.verify_each {
            verify_or_panic(module, &format!("after pass `{}`", pass.name));
        }
        if let Some(print) = opts.print_after_each.as_mut() {
            print(pass.name, &wend_ir::print::print_module(module));
        }
    }
}

/// Verifies `module`; a broken IR invariant is a compiler bug, so this
/// panics with the verifier's report, saying `when` it was found (e.g.
/// "after pass `sccp`").
pub fn verify_or_panic(module: &Module, when: &str) {
    if let Err(err) = wend_ir::verify::verify_module(module) {
        panic!("compiler bug: invalid IR {when}:\n{err}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_lists_of_known_passes() {
        let names = |v: Vec<&Pass>| v.iter().map(|p| p.name).collect::<Vec<_>>();
        assert_eq!(names(parse_pipeline("").unwrap()), Vec::<&str>::new());
        assert_eq!(
            names(parse_pipeline("mem2reg, reg2mem,mem2reg").unwrap()),
            ["mem2reg", "reg2mem", "mem2reg"]
        );
    }

    #[test]
    fn unknown_pass_error_lists_known_passes() {
        let err = parse_pipeline("mem2reg,nosuchpass").unwrap_err();
        assert!(err.contains("unknown pass `nosuchpass`"), "{err}");
        for pass in PASSES {
            assert!(err.contains(pass.name) && err.contains(pass.description));
        }
        assert!(parse_pipeline("mem2reg,,reg2mem")
            .unwrap_err()
            .contains("empty pass name"));
    }

    #[test]
    fn required_passes_come_right_before_the_passes_that_need_them() {
        let names = |text| {
            let passes = parse_pipeline(text).unwrap();
            passes.iter().map(|p| p.name).collect::<Vec<_>>().join(",")
        };
        assert_eq!(names("licm"), "loopsimplify,licm");
        assert_eq!(names("loopsimplify,licm"), "loopsimplify,licm");
        assert_eq!(
            names("mem2reg,lcssa,licm"),
            "mem2reg,loopsimplify,lcssa,loopsimplify,licm"
        );
        assert_eq!(names("gvn,dce"), "gvn,dce");
        assert_eq!(names("phi-elim"), "break-crit-edges,phi-elim");
        assert_eq!(names("loop-rotate"), "loopsimplify,lcssa,loop-rotate");
        assert_eq!(
            names("loopsimplify,lcssa,loop-rotate"),
            "loopsimplify,lcssa,loop-rotate"
        );
        assert_eq!(names("lcssa,loop-rotate"), "loopsimplify,lcssa,loop-rotate");
    }

    /// The level lists state every pass they run: nothing is inserted.
    #[test]
    fn level_pipelines_are_complete() {
        for level in 0..=2 {
            let listed = pipeline_for_level(level);
            let completed = with_requirements(listed.clone());
            let names = |v: &[&Pass]| v.iter().map(|p| p.name).collect::<Vec<_>>();
            assert_eq!(names(&listed), names(&completed), "-O{level}");
        }
    }

    #[test]
    fn ssa_flavour_replaces_plain_mem2reg_only() {
        let names = |text, flavour| {
            let passes = with_ssa_flavour(parse_pipeline(text).unwrap(), flavour);
            passes.iter().map(|p| p.name).collect::<Vec<_>>().join(",")
        };
        assert_eq!(
            names(
                "mem2reg,inline,mem2reg<semi-pruned>,mem2reg",
                Flavour::Minimal
            ),
            "mem2reg<minimal>,inline,mem2reg<semi-pruned>,mem2reg<minimal>"
        );
        assert_eq!(names("mem2reg,dce", Flavour::Pruned), "mem2reg,dce");
        assert_eq!(names("mem2reg<pruned>", Flavour::Pruned), "mem2reg<pruned>");
    }

    #[test]
    fn levels() {
        assert!(pipeline_for_level(0).is_empty());
        assert_eq!(pipeline_for_level(1)[0].name, "mem2reg");
        assert_eq!(pipeline_for_level(2)[0].name, "mem2reg");
    }
}
