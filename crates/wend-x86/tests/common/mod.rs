//! Shared helpers of the integration tests: compile wend source, assemble,
//! link and run.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

pub struct Run {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub status: i32,
}

fn scratch_dir(name: &str) -> PathBuf {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let safe: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let dir = std::env::temp_dir()
        .join(format!("wend-x86-tests-{}", std::process::id()))
        .join(format!("{safe}-{n}"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `TOOL -o OUTPUT INPUT` and fails the test if the tool fails.
fn tool(tool: &str, output_input: &[&PathBuf; 2], what: &str) {
    let out = Command::new(tool)
        .arg("-o")
        .args(output_input)
        .output()
        .unwrap_or_else(|e| panic!("running {tool}: {e}"));
    assert!(
        out.status.success(),
        "{tool} failed for {what}:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Assembles and links `asm` with `as` and a plain `ld`; returns the executable.
pub fn build(name: &str, asm: &str) -> PathBuf {
    let dir = scratch_dir(name);
    let s = dir.join("prog.s");
    let o = dir.join("prog.o");
    let exe = dir.join("prog");
    std::fs::write(&s, asm).unwrap();
    let what = format!("{name} (assembly in {})", s.display());
    tool("as", &[&o, &s], &what);
    tool("ld", &[&exe, &o], &what);
    exe
}

pub fn run(exe: &PathBuf) -> Run {
    let out = Command::new(exe).output().expect("running the program");
    Run {
        stdout: out.stdout,
        stderr: out.stderr,
        status: out
            .status
            .code()
            .unwrap_or_else(|| panic!("{} killed by a signal: {:?}", exe.display(), out.status)),
    }
}

/// Compiles `module`, builds and runs it.
pub fn compile_and_run(name: &str, module: &wend_ir::Module) -> Run {
    check_allocations(module);
    let asm = wend_x86::compile_module(module, &wend_x86::Options::default());
    run(&build(name, &asm))
}

/// Runs `module` in the IR interpreter (the reference semantics).
pub fn interpret(module: &wend_ir::Module) -> Run {
    let mut stdout = Vec::new();
    let mut stderr = Vec::new();
    let status =
        wend_ir::interp::run_main(module, &mut stdout, &mut stderr).expect("interpreter error");
    Run {
        stdout,
        stderr,
        status,
    }
}

/// Allocates every function of `module` and checks the allocations with
/// the independent checker.
pub fn check_allocations(module: &wend_ir::Module) {
    for (_, f) in module.definitions() {
        let c = wend_x86::compile_function(module, f);
        if let Err(e) = wend_x86::regalloc::check_allocation(&c.mir, &c.alloc) {
            panic!("bad allocation: {e}");
        }
    }
}

/// The assembly of function `name` of the wend program `src`, after
/// mem2reg (no other pass).
pub fn assembly_after_mem2reg(src: &str, name: &str) -> String {
    assembly_after(src, name, wend_opt::mem2reg::run)
}

/// The assembly of function `name` of the wend program `src`, after
/// `passes` on each function.
pub fn assembly_after(src: &str, name: &str, passes: impl Fn(&mut wend_ir::Function)) -> String {
    let (checked, diags) = wend_frontend::check(src);
    let checked = checked.unwrap_or_else(|| panic!("does not compile: {diags:?}"));
    let mut module = wend_frontend::lower(checked);
    for (_, f) in module.functions.iter_mut() {
        if !f.is_declaration() {
            passes(f);
        }
    }
    let id = module.find_function(name).expect("the function exists");
    let opts = wend_x86::Options::default();
    wend_x86::compile_function_asm(&module, &module.functions[id], &opts)
}

/// The line that ends a golden file's input and starts its expected output.
pub const EXPECTED_SEPARATOR: &str = "; ---- expected output ----";

/// One golden test, `tests/golden/NAME.ll`: `; assembly of: FUNCTION`, the
/// comments saying why it exists, the input module, the separator line and
/// the expected assembly of FUNCTION.
pub struct Golden {
    pub path: PathBuf,
    pub function: String,
    /// Everything before the separator: the header comments and the input.
    pub input: String,
    /// Everything after the separator line ("" if there is none yet).
    pub expected: String,
}

impl Golden {
    pub fn read(name: &str) -> Golden {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/golden")
            .join(format!("{name}.ll"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let function = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("; assembly of:"))
            .unwrap_or_else(|| {
                panic!(
                    "{}: first line must be `; assembly of: <function>`",
                    path.display()
                )
            })
            .trim()
            .to_string();
        let marker = format!("\n{EXPECTED_SEPARATOR}\n");
        let (input, expected) = match text.find(&marker) {
            Some(at) => (&text[..at + 1], &text[at + marker.len()..]),
            None => (&text[..], ""),
        };
        Golden {
            function,
            input: input.to_string(),
            expected: expected.to_string(),
            path,
        }
    }

    /// The input module.
    pub fn module(&self) -> wend_ir::Module {
        wend_ir::read::parse_module(&self.input)
            .unwrap_or_else(|e| panic!("{}:{e}", self.path.display()))
    }

    /// Writes the file back with `expected` as its expected output; the
    /// input part is kept as it is.
    pub fn bless(&self, expected: &str) {
        let input = self.input.trim_end_matches('\n');
        let text = format!("{input}\n\n{EXPECTED_SEPARATOR}\n{expected}");
        std::fs::write(&self.path, text).unwrap();
    }
}
