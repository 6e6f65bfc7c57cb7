//! Calls to external tools: `llc` and the system C compiler for the LLVM
//! backend, `as` and `ld` for the native one, and the built program for
//! `wendc run`. Intermediate files live in a temporary folder removed on
//! every exit, Ctrl-C included; every failure is reported in one line
//! naming the tool.

use crate::report::Failed;
use crate::timing::time;
use std::io::Write;
use std::path::Path;
use std::process::Command;
use wend_ir::Module;

/// Runs a tool and reports a failure (including a missing tool) on stderr.
fn run_tool(cmd: &mut Command) -> Result<(), Failed> {
    let program = cmd.get_program().to_string_lossy().into_owned();
    match crate::interrupt::run(cmd, false) {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => {
            eprintln!("error: `{program}` failed ({status})");
            Err(Failed)
        }
        Err(e) => {
            eprintln!("error: cannot run `{program}`: {e} (is it installed?)");
            Err(Failed)
        }
    }
}

fn temp_dir() -> Result<crate::interrupt::TempDir, Failed> {
    crate::interrupt::temp_dir(None).map_err(|e| {
        eprintln!("error: cannot create a temporary directory: {e}");
        Failed
    })
}

/// The LLVM backend: the standalone module through `llc` to assembly, then
/// `cc` (for libc, which the LLVM runtime routines print with) to link.
pub fn llvm_executable(module: &Module, opt_level: u8, out: &Path) -> Result<(), Failed> {
    let dir = temp_dir()?;
    let ll = dir.path().join("program.ll");
    let asm = dir.path().join("program.s");
    write_llvm_module(module, &ll)?;
    run_llc(&ll, opt_level, &asm)?;
    time("link (cc)", || {
        // cc's own temporary files go in wendc's directory, removed with it
        // however wendc ends.
        run_tool(
            Command::new("cc")
                .env("TMPDIR", dir.path())
                .arg(&asm)
                .arg("-o")
                .arg(out),
        )
    })
}

/// `llc`'s assembly for the standalone module (`--emit asm --backend llvm`).
pub fn llvm_assembly(module: &Module, opt_level: u8) -> Result<Vec<u8>, Failed> {
    let dir = temp_dir()?;
    let ll = dir.path().join("program.ll");
    let asm = dir.path().join("program.s");
    write_llvm_module(module, &ll)?;
    run_llc(&ll, opt_level, &asm)?;
    std::fs::read(&asm).map_err(|e| {
        eprintln!("error: cannot read {}: {e}", asm.display());
        Failed
    })
}

/// The native backend: our assembly through `as` and `ld`. The runtime is
/// part of the assembly, so nothing else is linked in (no libc, no crt).
/// `write_assembly` writes the assembly file (straight to disk, so that it
/// never has to be in memory whole).
pub fn native_executable(
    write_assembly: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
    out: &Path,
) -> Result<(), Failed> {
    let dir = temp_dir()?;
    let asm = dir.path().join("program.s");
    let obj = dir.path().join("program.o");
    std::fs::File::create(&asm)
        .and_then(|mut file| write_assembly(&mut file))
        .map_err(|e| {
            eprintln!("error: cannot write {}: {e}", asm.display());
            Failed
        })?;
    time("assemble (as)", || {
        run_tool(Command::new("as").arg(&asm).arg("-o").arg(&obj))
    })?;
    time("link (ld)", || {
        run_tool(Command::new("ld").arg(&obj).arg("-o").arg(out))
    })
}

/// Writes the standalone LLVM module (with its runtime) for `llc`.
fn write_llvm_module(module: &Module, ll: &Path) -> Result<(), Failed> {
    let text = time("print llvm", || {
        wend_ir::print::print_standalone_llvm(module)
    });
    std::fs::write(ll, text).map_err(|e| {
        eprintln!("error: cannot write {}: {e}", ll.display());
        Failed
    })
}

fn run_llc(ll: &Path, opt_level: u8, asm: &Path) -> Result<(), Failed> {
    time("llc", || {
        run_tool(
            Command::new("llc")
                .arg(format!("-O{opt_level}"))
                .arg("-relocation-model=pic")
                .arg(ll)
                .arg("-o")
                .arg(asm),
        )
    })
}

/// Runs a program with inherited stdio; returns its exit status (a signal
/// becomes 128 + its number, as a shell reports it).
pub fn run_executable(exe: &Path) -> Result<u8, Failed> {
    let status = crate::interrupt::run(&mut Command::new(exe), true).map_err(|e| {
        eprintln!("error: cannot run {}: {e}", exe.display());
        Failed
    })?;
    if let Some(code) = status.code() {
        return Ok(code as u8);
    }
    use std::os::unix::process::ExitStatusExt;
    Ok(status.signal().map_or(FAILURE_SIGNAL, |s| 128 + s as u8))
}

const FAILURE_SIGNAL: u8 = 1;
