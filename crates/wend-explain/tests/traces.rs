//! Golden tests of the algorithm traces (`wendc analyze --trace NAME`).
//!
//! Each test is one file, `tests/traces/NAME.ll`: a first line naming the
//! trace (and optionally the format), comments saying why the example is
//! interesting and how its expected tables were worked out, the input IR,
//! and after a separator the expected output, each line behind `; ` — so the
//! whole file is still IR that `wendc analyze --trace NAME` reads:
//!
//! ```text
//! ; trace: dominators
//! ; why: …
//!
//! define i32 @main() { … }
//!
//! ; ---- expected output ----
//! ; immediate dominators …
//! ```
//!
//! `; format: json` after the trace line compares the JSON instead, and
//! `; ssa: minimal` (or `semi-pruned`) has mem2reg build that flavour. To
//! accept new output after an intended change, run
//!
//! ```text
//! BLESS=1 cargo test -p wend-explain --test traces
//! ```
//!
//! and read the diff: an expected table is a claim that the algorithm did
//! exactly that, worked out by hand on the example. `BLESS=<part of a file
//! name>` rewrites only the files it names.

use std::path::{Path, PathBuf};
use wend_explain::traces;
use wend_opt::mem2reg::Flavour;

const SEPARATOR: &str = "; ---- expected output ----";

struct Golden {
    path: PathBuf,
    trace: String,
    json: bool,
    flavour: Flavour,
    input: String,
    expected: String,
}

fn golden_files() -> Vec<Golden> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/traces");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/traces exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let header = |key: &str| {
                text.lines()
                    .take_while(|l| l.starts_with(';'))
                    .find_map(|l| l.strip_prefix(&format!("; {key}: ")))
                    .map(str::trim)
                    .map(String::from)
            };
            let trace =
                header("trace").unwrap_or_else(|| panic!("{}: no `; trace:` line", path.display()));
            let json = header("format").is_some_and(|f| f == "json");
            let flavour = match header("ssa") {
                None => Flavour::Pruned,
                Some(name) => (Flavour::ALL.into_iter())
                    .find(|f| f.name() == name)
                    .unwrap_or_else(|| panic!("{}: no SSA flavour {name}", path.display())),
            };
            let (input, expected) = match text.split_once(&format!("\n{SEPARATOR}\n")) {
                Some((input, expected)) => (
                    format!("{input}\n"),
                    expected
                        .lines()
                        .map(|l| l.strip_prefix("; ").unwrap_or(l.trim_start_matches(';')))
                        .map(|l| format!("{l}\n"))
                        .collect(),
                ),
                None => (text.clone(), String::new()),
            };
            Golden {
                path,
                trace,
                json,
                flavour,
                input,
                expected,
            }
        })
        .collect()
}

fn actual(golden: &Golden) -> String {
    let module = wend_ir::read::parse_module(&golden.input)
        .unwrap_or_else(|e| panic!("{}: {e}", golden.path.display()));
    let found = traces::collect_with(&module, &golden.trace, None, golden.flavour)
        .unwrap_or_else(|| panic!("{}: no trace {}", golden.path.display(), golden.trace));
    if golden.json {
        format!("{:#}\n", traces::json(&found))
    } else {
        traces::text(&found)
    }
}

/// Whether `BLESS` asks to rewrite this file's expected part: `BLESS=1`
/// means every file, any other value only the files whose name contains
/// it (`BLESS=dominance`), so one intended change cannot bless an
/// unintended one elsewhere.
fn blessed(path: &Path) -> bool {
    let Some(pattern) = std::env::var_os("BLESS") else {
        return false;
    };
    let pattern = pattern.to_string_lossy();
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    pattern == "1" || name.contains(pattern.as_ref())
}

#[test]
fn traces_match_their_golden_files() {
    let mut failures = Vec::new();
    let goldens = golden_files();
    for golden in &goldens {
        let actual = actual(golden);
        if actual == golden.expected {
            continue;
        }
        if blessed(&golden.path) {
            let commented: String = actual
                .lines()
                .map(|l| {
                    if l.is_empty() {
                        ";\n".to_string()
                    } else {
                        format!("; {l}\n")
                    }
                })
                .collect();
            std::fs::write(
                &golden.path,
                format!("{}{SEPARATOR}\n{commented}", golden.input),
            )
            .unwrap();
        } else {
            failures.push(format!(
                "=== {}: the `{}` trace differs\n--- expected\n{}\n--- actual\n{actual}",
                golden.path.display(),
                golden.trace,
                golden.expected
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n(run with BLESS=1, or BLESS=<part of a file name> for some files, to accept the new outputs)",
        failures.join("\n")
    );
}

/// Every trace has a golden file: a new one cannot go untested.
#[test]
fn every_trace_has_a_golden_file() {
    let goldens = golden_files();
    for name in traces::trace_names() {
        assert!(
            goldens.iter().any(|g| g.trace == name && !g.json),
            "no golden file for the `{name}` trace in tests/traces/"
        );
    }
    assert!(
        goldens.iter().any(|g| g.json),
        "no golden file of the JSON format"
    );
}

/// Recording changes nothing: on every golden input, the traced passes
/// (mem2reg building the golden's SSA flavour) leave the same IR, and the traced allocator the same locations, as the
/// untraced ones.
#[test]
fn tracing_does_not_change_what_the_algorithms_do() {
    use wend_ir::trace::Recorder;
    for golden in golden_files() {
        let module = wend_ir::read::parse_module(&golden.input).unwrap();
        for (id, func) in module.definitions() {
            let mut plain = func.clone();
            let mut traced = func.clone();
            let mut recorder = Recorder::new(func);
            wend_opt::mem2reg::run_with(&mut plain, golden.flavour);
            wend_opt::mem2reg::run_traced(&mut traced, golden.flavour, &mut recorder);
            wend_opt::sccp::run(&mut plain);
            wend_opt::sccp::run_traced(&mut traced, &mut recorder);
            let with = |f: &wend_ir::Function| {
                let mut m = module.clone();
                m.functions[id] = f.clone();
                wend_ir::print::print_module(&m)
            };
            assert_eq!(with(&plain), with(&traced), "{}", golden.path.display());

            let compiled = wend_x86::compile_function(&module, &plain);
            let traced = wend_x86::compile_function_traced(&module, &plain, &mut recorder);
            assert_eq!(
                format!("{:?}", compiled.alloc.locs),
                format!("{:?}", traced.alloc.locs),
                "{}",
                golden.path.display()
            );
            assert!(!recorder.events.is_empty());
        }
    }
}

/// Every trace, as text and as JSON, on every program of the book and of
/// test-programs/ that compiles: no panic, and something for every
/// function.
#[test]
fn every_trace_runs_on_every_example_program() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut programs = Vec::new();
    let mut dirs = vec![root.join("docs/examples"), root.join("test-programs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "wend") {
                programs.push(path);
            }
        }
    }
    programs.sort();
    let mut traced = 0;
    for path in programs {
        let src = std::fs::read_to_string(&path).unwrap();
        let (checked, _) = wend_frontend::check(&src);
        let Some(checked) = checked else { continue };
        let module = wend_frontend::lower(checked);
        let functions = module.definitions().count();
        for name in traces::trace_names() {
            let found = traces::collect(&module, name, None).unwrap();
            assert_eq!(found.len(), functions, "{} {name}", path.display());
            let text = traces::text(&found);
            assert!(text.contains(" of @"), "{} {name}:\n{text}", path.display());
            traces::json(&found);
        }
        traced += 1;
    }
    assert!(traced > 50, "only {traced} programs compiled");
}
