//! Shared helpers of the integration tests: compile wend source, assemble,
//! link and run.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

pub struct Run {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub status: i32,
}

/// Runs `TOOL -o OUTPUT INPUT`; its stderr if it fails.
fn tool(tool: &str, output: &Path, input: &Path) -> Result<(), String> {
    let out = Command::new(tool)
        .arg("-o")
        .args([output, input])
        .output()
        .unwrap_or_else(|e| panic!("running {tool}: {e}"));
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{tool} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// A program assembled and linked in its own temporary directory, which
/// is removed when the program is dropped.
pub struct Executable {
    dir: tempfile::TempDir,
}

impl Executable {
    pub fn path(&self) -> PathBuf {
        self.dir.path().join("prog")
    }
}

/// Assembles and links `asm` with `as` and a plain `ld`. If either fails,
/// the directory is kept, so that the assembly named in the panic can be
/// read.
pub fn build(name: &str, asm: &str) -> Executable {
    let dir = tempfile::Builder::new()
        .prefix("wend-x86-test-")
        .tempdir()
        .expect("a temporary directory");
    let s = dir.path().join("prog.s");
    let o = dir.path().join("prog.o");
    std::fs::write(&s, asm).unwrap();
    let built = tool("as", &o, &s).and_then(|()| tool("ld", &dir.path().join("prog"), &o));
    if let Err(e) = built {
        let kept = dir.keep();
        panic!(
            "{name}: {e}(assembly kept in {})",
            kept.join("prog.s").display()
        );
    }
    Executable { dir }
}

pub fn run(exe: &Executable) -> Run {
    let path = exe.path();
    let out = Command::new(&path).output().expect("running the program");
    Run {
        stdout: out.stdout,
        stderr: out.stderr,
        status: out
            .status
            .code()
            .unwrap_or_else(|| panic!("{} killed by a signal: {:?}", path.display(), out.status)),
    }
}

/// Compiles `module`, builds and runs it; twice, with and without a frame
/// pointer, which must make no difference to what it does.
pub fn compile_and_run(name: &str, module: &wend_ir::Module) -> Run {
    check_allocations(module);
    let with = run(&build(name, &compile(module, false)));
    let without = run(&build(name, &compile(module, true)));
    let same =
        |a: &Run, b: &Run| a.stdout == b.stdout && a.stderr == b.stderr && a.status == b.status;
    assert!(
        same(&with, &without),
        "{name}: runs differently without a frame pointer: status {} / {}, stdout {:?} / {:?}",
        with.status,
        without.status,
        String::from_utf8_lossy(&with.stdout),
        String::from_utf8_lossy(&without.stdout),
    );
    with
}

/// The assembly of `module`, without a frame pointer if `omit_frame_pointer`.
pub fn compile(module: &wend_ir::Module, omit_frame_pointer: bool) -> String {
    let opts = wend_x86::Options {
        omit_frame_pointer,
        ..wend_x86::Options::default()
    };
    wend_x86::compile_module(module, &opts)
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
        let mut c = wend_x86::compile_function(module, f);
        if let Err(e) = wend_x86::regalloc::check_allocation(&c.mir, &c.alloc) {
            panic!("bad allocation: {e}");
        }
        c.mir.frame_pointer = false;
        let alloc = wend_x86::regalloc::allocate(&c.mir);
        if let Err(e) = wend_x86::regalloc::check_allocation(&c.mir, &alloc) {
            panic!("bad allocation without a frame pointer: {e}");
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
