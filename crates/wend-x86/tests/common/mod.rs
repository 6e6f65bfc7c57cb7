//! Shared helpers of the integration tests: compile wend source, assemble,
//! link and run.
#![allow(dead_code)]

use std::path::PathBuf;
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

/// Assembles and links `asm` with `as` and a plain `ld`; returns the executable.
pub fn build(name: &str, asm: &str) -> PathBuf {
    let dir = scratch_dir(name);
    let s = dir.join("prog.s");
    let o = dir.join("prog.o");
    let exe = dir.join("prog");
    std::fs::write(&s, asm).unwrap();
    let out = Command::new("as")
        .arg("-o")
        .arg(&o)
        .arg(&s)
        .output()
        .expect("running as");
    assert!(
        out.status.success(),
        "as failed for {name}:\n{}\n(assembly in {})",
        String::from_utf8_lossy(&out.stderr),
        s.display()
    );
    let out = Command::new("ld")
        .arg("-o")
        .arg(&exe)
        .arg(&o)
        .output()
        .expect("running ld");
    assert!(
        out.status.success(),
        "ld failed for {name}:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
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
