//! What the integration tests of the passes share: running a pipeline with
//! the verifier on, interpreting a module, finding and reading the golden
//! files and the test programs, asking LLVM's `opt` for its mem2reg, and the
//! random-CFG generator of the property tests.
#![allow(dead_code)]

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use wend_ir::builder::FunctionBuilder;
use wend_ir::{Block, Function, IcmpCond, Module, Type, Value};
use wend_opt::{parse_pipeline, run_pipeline, Pass, PipelineOptions};

// ----- Running -------------------------------------------------------------

/// What a program did: its exit status and everything it printed (bytes:
/// a string literal may hold any byte).
#[derive(Clone, PartialEq, Eq)]
pub struct Outcome {
    pub status: i32,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

impl std::fmt::Debug for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "status {} stdout {:?} stderr {:?}",
            self.status,
            String::from_utf8_lossy(&self.stdout),
            String::from_utf8_lossy(&self.stderr)
        )
    }
}

/// Runs `main` in the interpreter.
pub fn interpret(module: &Module) -> Outcome {
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let status = wend_ir::interp::run_main(module, &mut stdout, &mut stderr)
        .unwrap_or_else(|e| panic!("interpreter error: {e:?}"));
    Outcome {
        status,
        stdout,
        stderr,
    }
}

/// Runs `passes`, verifying the IR after every pass.
pub fn run(module: &mut Module, passes: &[&'static Pass]) {
    let mut opts = PipelineOptions {
        verify_each: true,
        ..Default::default()
    };
    run_pipeline(module, passes, &mut opts);
}

/// Runs a comma-separated pipeline, verifying the IR after every pass.
pub fn run_passes(module: &mut Module, pipeline: &str) {
    run(module, &parse_pipeline(pipeline).unwrap());
}

/// The module the frontend makes of `src`, or None if it does not compile.
pub fn lower(src: &str) -> Option<Module> {
    let (checked, _) = wend_frontend::check(src);
    checked.map(wend_frontend::lower)
}

// ----- Files ---------------------------------------------------------------

/// Every file below `dir` that `keep` accepts, sorted; `descend` says which
/// folders to enter.
pub fn files_under(
    dir: &Path,
    descend: &dyn Fn(&Path) -> bool,
    keep: &dyn Fn(&Path) -> bool,
) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                if descend(&path) {
                    dirs.push(path);
                }
            } else if keep(&path) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The repository's `test-programs/`.
pub fn test_programs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test-programs")
}

/// The line that ends a golden file's input and starts its expected output.
pub const EXPECTED_SEPARATOR: &str = "; ---- expected output ----";

/// One golden test: `tests/golden/PASS/NAME.ll`, laid out as
///
/// ```text
/// ; passes: mem2reg,reg2mem
/// ; why the test exists
///
/// <input module>
///
/// ; ---- expected output ----
/// <the input after the passes, as printed>
/// ```
pub struct Golden {
    pub path: PathBuf,
    /// The comma-separated pipeline of the first line.
    pub passes: String,
    /// Everything before the separator: the header comments and the input.
    pub input: String,
    /// Everything after the separator line ("" if there is none yet).
    pub expected: String,
}

impl Golden {
    pub fn read(path: &Path) -> Golden {
        let text = fs::read_to_string(path).unwrap();
        let passes = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("; passes:"))
            .unwrap_or_else(|| panic!("{}: first line must be `; passes: <list>`", path.display()))
            .trim()
            .to_string();
        let marker = format!("\n{EXPECTED_SEPARATOR}\n");
        let (input, expected) = match text.find(&marker) {
            Some(at) => (&text[..at + 1], &text[at + marker.len()..]),
            None => (&text[..], ""),
        };
        Golden {
            path: path.to_path_buf(),
            passes,
            input: input.to_string(),
            expected: expected.to_string(),
        }
    }

    /// The input module.
    pub fn module(&self) -> Module {
        wend_ir::read::parse_module(&self.input)
            .unwrap_or_else(|e| panic!("{}:{e}", self.path.display()))
    }

    /// Writes the file back with `expected` as its expected output; the
    /// input part is kept as it is.
    /// Whether `BLESS` asks to rewrite this file's expected part: `BLESS=1`
    /// means every file, any other value only the files whose path (from
    /// `tests/golden/`) contains it, such as `BLESS=inline/` or
    /// `BLESS=sccp/element-outside-alloca`, so one intended change cannot
    /// bless an unintended one elsewhere.
    pub fn blessed(&self) -> bool {
        let Some(pattern) = std::env::var_os("BLESS") else {
            return false;
        };
        let pattern = pattern.to_string_lossy();
        let name = self.path.strip_prefix(golden_dir()).unwrap_or(&self.path);
        pattern == "1" || name.to_string_lossy().contains(pattern.as_ref())
    }

    pub fn bless(&self, expected: &str) {
        let input = self.input.trim_end_matches('\n');
        let text = format!("{input}\n\n{EXPECTED_SEPARATOR}\n{expected}");
        fs::write(&self.path, text).unwrap();
    }
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Every golden test, sorted by path.
pub fn golden_files() -> Vec<Golden> {
    let dir = golden_dir();
    let files = files_under(&dir, &|_| true, &|p| {
        p.extension().is_some_and(|e| e == "ll")
    });
    assert!(!files.is_empty(), "no golden files in {}", dir.display());
    files.iter().map(|p| Golden::read(p)).collect()
}

// ----- LLVM ----------------------------------------------------------------

/// `opt -passes=mem2reg -S` of the module text, or None when LLVM's `opt`
/// is not installed. Panics if opt rejects the text: our IR must be LLVM's.
pub fn llvm_mem2reg(text: &str) -> Option<String> {
    llvm_opt("mem2reg", text)
}

/// `opt -passes=PASSES -S` of the module text, or None when LLVM's `opt`
/// is not installed. Panics if opt rejects the text: our IR must be LLVM's.
pub fn llvm_opt(passes: &str, text: &str) -> Option<String> {
    let mut opt = Command::new("opt");
    // LLVM 14 reads opaque pointers (clang 15's `ptr`) only when told to;
    // later versions read nothing else and no longer know the switch.
    if text.contains(" ptr ") && llvm_major_version().is_some_and(|v| v < 15) {
        opt.arg("-opaque-pointers");
    }
    let mut child = opt
        .args([&format!("-passes={passes}"), "-S", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take().unwrap();
    let input = text.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("waiting for opt");
    writer.join().unwrap().expect("writing to opt");
    assert!(
        out.status.success(),
        "opt rejected our IR: {}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8(out.stdout).expect("opt prints text"))
}

/// The major version of the installed LLVM's `opt`.
fn llvm_major_version() -> Option<u32> {
    let out = Command::new("opt").arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let version = text.split("LLVM version ").nth(1)?;
    version.split('.').next()?.trim().parse().ok()
}

// ----- Random programs -----------------------------------------------------

/// A deterministic stream of choices drawn by proptest.
pub struct Choices<'a> {
    data: &'a [u32],
    next: usize,
}

impl<'a> Choices<'a> {
    pub fn new(data: &'a [u32]) -> Self {
        Choices { data, next: 0 }
    }

    /// The next choice, in `0..n` (0 when n is 0).
    pub fn below(&mut self, n: usize) -> usize {
        let c = self.data[self.next % self.data.len()] as usize;
        self.next += 1;
        c % n.max(1)
    }
}

/// Printing from built code: the runtime's print routines, declared once.
#[derive(Clone, Copy)]
pub struct Printer {
    pub print_int: wend_ir::FuncId,
    pub newline: wend_ir::FuncId,
}

impl Printer {
    pub fn declare(module: &mut Module) -> Printer {
        Printer {
            print_int: module.runtime_fn(wend_ir::runtime::RuntimeFn::PrintInt),
            newline: module.runtime_fn(wend_ir::runtime::RuntimeFn::PrintNewline),
        }
    }

    /// `println *var`.
    pub fn println_var(self, b: &mut FunctionBuilder, var: Value) {
        let x = b.load(var, "x");
        b.call(self.print_int, None, vec![x], "");
        b.call(self.newline, None, vec![], "");
    }
}

/// The knobs of [`random_main`].
pub struct CfgShape {
    /// At least this many variables, plus `below(extra_vars)`.
    pub min_vars: usize,
    pub extra_vars: usize,
    /// 1 + `below(extra_blocks)` blocks.
    pub extra_blocks: usize,
    /// Variables start at `below(initial_below)`.
    pub initial_below: usize,
    /// How many blocks a run may enter before it leaves.
    pub fuel: i32,
    /// A conditional branch compares a variable with `below(span) + offset`.
    pub compare_span: usize,
    pub compare_offset: i32,
    /// Give each block its own source line (block i is line i + 1).
    pub lines: bool,
}

/// The random program of the property tests: `main` with the variables in
/// entry-block allocas, an arbitrary CFG over a handful of blocks (so loops,
/// self-loops, duplicate edges, irreducible cycles, unreachable blocks),
/// each block holding `below(5)` statements made by `statement`, and a fuel
/// counter that bounds every run; at the exit, every variable is printed.
///
/// `statement` gets the builder, the choices, the variables and the line
/// of its block.
pub fn random_main(
    module: &mut Module,
    ch: &mut Choices,
    shape: &CfgShape,
    mut statement: impl FnMut(&mut FunctionBuilder, &mut Choices, &[Value], u32),
) {
    let Printer { print_int, newline } = Printer::declare(module);
    let mut main = Function::new("main", &[], Some(Type::I32));
    let num_vars = shape.min_vars + ch.below(shape.extra_vars);
    let num_blocks = 1 + ch.below(shape.extra_blocks);
    {
        let mut b = FunctionBuilder::new(&mut main);
        let vars: Vec<Value> = (0..num_vars)
            .map(|i| b.alloca(Type::I32, &format!("v{i}")))
            .collect();
        let fuel = b.alloca(Type::I32, "fuel");
        for &v in &vars {
            let c = b.iconst(ch.below(shape.initial_below) as i32);
            b.store(c, v);
        }
        let start_fuel = b.iconst(shape.fuel);
        b.store(start_fuel, fuel);
        let blocks: Vec<Block> = (0..num_blocks)
            .map(|i| b.create_block(format!("b{i}")))
            .collect();
        let exit = b.create_block("exit");
        b.br(blocks[0]);

        for (line, &block) in blocks.iter().enumerate() {
            let line = line as u32 + 1;
            b.switch_to_block(block);
            if shape.lines {
                b.set_line(line);
            }
            for _ in 0..ch.below(5) {
                statement(&mut b, ch, &vars, line);
            }
            // Burn fuel; leave when it runs out.
            let f = b.load(fuel, "f");
            let one = b.iconst(1);
            let f1 = b.binary(wend_ir::BinOp::Sub, f, one, "f1");
            b.store(f1, fuel);
            let zero = b.iconst(0);
            let out = b.icmp(IcmpCond::Sle, f1, zero, "out");
            let cont = b.create_block("cont");
            b.cond_br(out, exit, cont);
            b.switch_to_block(cont);
            let target = |ch: &mut Choices| {
                let i = ch.below(num_blocks + 1);
                if i == num_blocks {
                    exit
                } else {
                    blocks[i]
                }
            };
            if ch.below(3) == 0 {
                let t = target(ch);
                b.br(t);
            } else {
                let x = b.load(vars[ch.below(num_vars)], "x");
                let k = b.iconst(ch.below(shape.compare_span) as i32 + shape.compare_offset);
                let c = b.icmp(IcmpCond::Slt, x, k, "c");
                let (t, e) = (target(ch), target(ch));
                b.cond_br(c, t, e);
            }
        }

        b.switch_to_block(exit);
        for &v in &vars {
            let x = b.load(v, "x");
            b.call(print_int, None, vec![x], "");
        }
        b.call(newline, None, vec![], "");
        let zero = b.iconst(0);
        b.ret(Some(zero));
    }
    module.add_function(main);
}

/// `void NAME(int* p) { *p = *p * 3 + 1; }`: a nested function that writes
/// a captured variable through its address.
pub fn times_three_plus_one(module: &mut Module, name: &str) -> wend_ir::FuncId {
    let mut f = Function::new(name, &[(Type::PtrI32, "p")], None);
    let mut b = FunctionBuilder::new(&mut f);
    let p = b.param(0);
    let v = b.load(p, "v");
    let (three, one) = (b.iconst(3), b.iconst(1));
    let m = b.binary(wend_ir::BinOp::Mul, v, three, "m");
    let w = b.binary(wend_ir::BinOp::Add, m, one, "w");
    b.store(w, p);
    b.ret(None);
    module.add_function(f)
}
