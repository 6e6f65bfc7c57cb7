//! `wendc`, the wend compiler driver: parses the command line, runs the
//! pipeline (frontend → IR → passes → backend) and calls the external
//! toolchain where one is needed.
//!
//! Exit status: 0 on success, 1 on a compile error (or a failed tool); `wendc
//! run` passes the program's own status through.

mod analyze;
mod cli;
mod driver;
mod timing;
mod toolchain;

use clap::Parser;
use std::process::ExitCode;

/// jemalloc rather than the C library's malloc: a compile makes millions of
/// small allocations (syntax-tree nodes, per-block lists, names) beside a
/// few huge arenas, and on large programs glibc's malloc spent a fifth of
/// the time in its own free-list upkeep (consolidating small free chunks
/// whenever a large one is freed). With jemalloc a 100 000-line program
/// compiles in about a third less time, with the same peak memory
/// (docs/performance.md).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// The compiler recurses over the syntax tree; nesting is capped by the
/// frontend, and a generous stack makes every capped depth safe.
const COMPILER_STACK_SIZE: usize = 1 << 30;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    let worker = std::thread::Builder::new()
        .name("wendc".into())
        .stack_size(COMPILER_STACK_SIZE)
        .spawn(move || driver::run(args));
    match worker.map(|handle| handle.join()) {
        Ok(Ok(status)) => ExitCode::from(status),
        Ok(Err(_)) => ExitCode::from(101), // a panic: already reported on stderr
        Err(e) => {
            eprintln!("error: cannot start the compiler thread: {e}");
            ExitCode::from(1)
        }
    }
}
