//! Every runnable program of `test-programs/`, lowered by the frontend and
//! interpreted: the loop, inlining, value-numbering and SSA-destruction
//! passes — each alone after mem2reg, each on the unpromoted IR, the whole
//! -O2 pipeline, and -O2 followed by loop rotation, LICM and phi elimination —
//! must leave stdout, stderr and the exit status unchanged, and the IR
//! must verify after every pass.

mod common;

use common::{files_under, interpret, run, test_programs_dir};
use std::fs;
use std::path::{Path, PathBuf};
use wend_ir::Module;
use wend_opt::{parse_pipeline, pipeline_for_level};

/// The programs to run: programs with compile errors have nothing to run;
/// the gfx renders run for minutes in an unoptimised interpreter
/// (tests/run-programs.py skips them too).
fn programs() -> Vec<PathBuf> {
    files_under(
        &test_programs_dir(),
        &|dir| dir.file_name().is_some_and(|n| n != "errors" && n != "gfx"),
        &|p| p.extension().is_some_and(|e| e == "wend"),
    )
}

fn lower(path: &Path) -> Option<Module> {
    common::lower(&fs::read_to_string(path).unwrap())
}

#[test]
fn passes_preserve_behaviour_of_every_test_program() {
    let mut pipelines: Vec<(String, Vec<&'static wend_opt::Pass>)> = Vec::new();
    for pass in [
        "inline",
        "loopsimplify",
        "lcssa",
        "licm",
        "gvn",
        "break-crit-edges",
        "phi-elim",
        "loop-rotate",
    ] {
        for prefix in ["", "mem2reg,"] {
            let text = format!("{prefix}{pass}");
            pipelines.push((text.clone(), parse_pipeline(&text).unwrap()));
        }
    }
    pipelines.push((
        "mem2reg,inline,mem2reg,lcssa,licm,gvn".into(),
        parse_pipeline("mem2reg,inline,mem2reg,lcssa,licm,gvn").unwrap(),
    ));
    pipelines.push(("-O2".into(), pipeline_for_level(2)));
    let mut destroyed = pipeline_for_level(2);
    destroyed.extend(parse_pipeline("loop-rotate,licm,phi-elim").unwrap());
    pipelines.push(("-O2,loop-rotate,licm,phi-elim".into(), destroyed));

    let mut checked = 0;
    for path in programs() {
        let Some(original) = lower(&path) else {
            continue;
        };
        let reference = interpret(&original);
        for (name, passes) in &pipelines {
            let mut module = original.clone();
            run(&mut module, passes);
            let got = interpret(&module);
            assert!(
                got == reference,
                "{}: `{name}` changed the behaviour\nexpected status {} stdout {:?} stderr {:?}\n\
                 got status {} stdout {:?} stderr {:?}",
                path.display(),
                reference.status,
                String::from_utf8_lossy(&reference.stdout),
                String::from_utf8_lossy(&reference.stderr),
                got.status,
                String::from_utf8_lossy(&got.stdout),
                String::from_utf8_lossy(&got.stderr),
            );
        }
        checked += 1;
    }
    assert!(checked > 50, "only {checked} programs found");
}

/// After -O2, the nested functions that were inlined are gone and their
/// captured variables live in SSA values: no alloca, load or store is left
/// in a program whose helpers are all small and non-recursive.
#[test]
fn o2_turns_captured_variables_into_ssa() {
    let src = "main() {\n  int x;\n  int s;\n  inc(int d) {\n    x = x + d;\n  }\n  \
               while s < 10 {\n    inc(2);\n    s = s + x;\n  }\n  print s;\n  println \"\";\n}\n";
    let (checked, diags) = wend_frontend::check(src);
    let mut module = wend_frontend::lower(checked.unwrap_or_else(|| panic!("{diags:?}")));
    let before = interpret(&module);
    run(&mut module, &pipeline_for_level(2));
    assert_eq!(interpret(&module), before);
    let text = wend_ir::print::print_module(&module);
    assert!(!text.contains("@main.inc("), "{text}");
    for memory_op in ["alloca", "load", "store"] {
        assert!(!text.contains(memory_op), "{memory_op} left:\n{text}");
    }
}

/// Lowered without value names (as for assembly), every program keeps its
/// behaviour through -O2, and no pass names a value: the printed IR
/// numbers every value and reads back as the same module (the textual
/// form LLVM's tools get with `--backend llvm`).
#[test]
fn discarded_value_names_stay_discarded_through_o2() {
    let mut checked_programs = 0;
    for path in programs() {
        let src = fs::read_to_string(&path).unwrap();
        let (Some(checked), _) = wend_frontend::check(&src) else {
            continue;
        };
        let mut module = wend_frontend::lower_with(checked, wend_frontend::ValueNames::Discard);
        let named = lower(&path).unwrap();
        let before = interpret(&named);
        assert_eq!(interpret(&module), before, "{}", path.display());
        run(&mut module, &pipeline_for_level(2));
        assert_eq!(interpret(&module), before, "{} at -O2", path.display());
        for (_, func) in module.definitions() {
            assert!(func.discards_value_names());
            for value in func.values.keys() {
                assert_eq!(
                    func.value_name(value),
                    None,
                    "{} in {}",
                    path.display(),
                    func.name
                );
            }
        }
        let text = wend_ir::print::print_module(&module);
        let reread = wend_ir::read::parse_module(&text)
            .unwrap_or_else(|e| panic!("{}: {e:?}\n{text}", path.display()));
        assert_eq!(
            wend_ir::print::print_module(&reread),
            text,
            "{}",
            path.display()
        );
        checked_programs += 1;
    }
    assert!(
        checked_programs > 50,
        "only {checked_programs} programs found"
    );
}
