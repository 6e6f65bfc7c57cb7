//! Every runnable program of `test-programs/`, lowered by the frontend and
//! interpreted: the loop, inlining and value-numbering passes — each alone
//! after mem2reg, each on the unpromoted IR, and the whole -O2 pipeline —
//! must leave stdout, stderr and the exit status unchanged, and the IR
//! must verify after every pass.

use std::fs;
use std::path::{Path, PathBuf};
use wend_ir::Module;
use wend_opt::{parse_pipeline, pipeline_for_level, run_pipeline, PipelineOptions};

fn programs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test-programs");
    let mut found = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                // Programs with compile errors have nothing to run; the
                // gfx renders run for minutes in an unoptimised
                // interpreter (tests/run-programs.py skips them too).
                if path
                    .file_name()
                    .is_some_and(|n| n != "errors" && n != "gfx")
                {
                    dirs.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "wend") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn lower(path: &Path) -> Option<Module> {
    let src = fs::read_to_string(path).unwrap();
    let (checked, _) = wend_frontend::check(&src);
    checked.map(wend_frontend::lower)
}

fn interpret(module: &Module) -> (i32, Vec<u8>, Vec<u8>) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = wend_ir::interp::run_main(module, &mut out, &mut err)
        .unwrap_or_else(|e| panic!("interpreter error: {e:?}"));
    (status, out, err)
}

fn run(module: &mut Module, passes: &[&'static wend_opt::Pass]) {
    let mut opts = PipelineOptions {
        verify_each: true,
        ..Default::default()
    };
    run_pipeline(module, passes, &mut opts);
}

#[test]
fn passes_preserve_behaviour_of_every_test_program() {
    let mut pipelines: Vec<(String, Vec<&'static wend_opt::Pass>)> = Vec::new();
    for pass in ["inline", "loopsimplify", "lcssa", "licm", "gvn"] {
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
                reference.0,
                String::from_utf8_lossy(&reference.1),
                String::from_utf8_lossy(&reference.2),
                got.0,
                String::from_utf8_lossy(&got.1),
                String::from_utf8_lossy(&got.2),
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
