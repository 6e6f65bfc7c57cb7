//! `wendc`, the wend compiler driver: parses the command line, runs the
//! pipeline (frontend → IR → passes → backend) and calls the external
//! toolchain where one is needed.
//!
//! Exit statuses, one meaning each (the table of README.md and of
//! `wendc --help`), so that a script can tell a usage error from a failing
//! program by the status alone:
//!
//! | status | meaning |
//! |---|---|
//! | 0 | success (`wendc run`: the program finished `main`) |
//! | 1 | compile error, a tool wendc called failed, or a refused output path |
//! | 2 | the program stopped with a runtime error (division by zero) |
//! | 3 | the program overflowed its stack |
//! | 64 | command-line usage error (`EX_USAGE`, not clap's default 2) |
//! | 101 | internal compiler error (a panic) |
//!
//! `wendc run` passes the program's own status through; a program killed
//! by signal N gives 128 + N, as a shell reports it. `--help` and
//! `--version` exit with 0.

mod analyze;
mod cli;
mod driver;
mod fmt;
mod interrupt;
mod ir_dumps;
mod lsp;
mod mapped;
mod output;
mod timing;
mod toolchain;

use std::process::ExitCode;

/// A command line clap or [`cli::parse`] refuses (sysexits.h's
/// `EX_USAGE`). clap's own default, 2, is the program's runtime error.
const USAGE_ERROR: u8 = 64;

/// A panic in the compiler, already reported on stderr (Rust's own status
/// for a panicking process).
const INTERNAL_ERROR: u8 = 101;

/// jemalloc rather than the C library's malloc: a compile makes millions of
/// small allocations (syntax-tree nodes, per-block lists, names) beside a
/// few huge arenas, a mix on which glibc's malloc spends much of its time
/// in its own free-list upkeep (consolidating small free chunks whenever a
/// large one is freed).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// jemalloc's options, read at start-up from this symbol (`malloc_conf`,
/// with the prefix of tikv-jemalloc-sys's build). `thp:always`: its memory
/// is backed by transparent huge pages where the system allows it (the
/// usual `madvise` mode): a large compile touches much memory once, and
/// 2 MiB pages take 512 times fewer page faults than 4 KiB ones.
/// `dirty_decay_ms:1000`: memory freed in small pieces (a syntax tree, a
/// checked tree) goes back to the system within about a second instead of
/// ten; a compile is over in seconds, so with the default it kept all of
/// that garbage to the end, under every later peak. A mistyped option
/// would make jemalloc complain on stderr, which every test sees.
#[export_name = "_rjem_malloc_conf"]
static JEMALLOC_OPTIONS: CStrPointer = CStrPointer(c"thp:always,dirty_decay_ms:1000".as_ptr());

/// A pointer to a NUL-terminated static string, as C's `const char *`.
#[repr(transparent)]
struct CStrPointer(*const std::ffi::c_char);

// SAFETY: the pointer is to an immutable static; nothing writes through it.
unsafe impl Sync for CStrPointer {}

/// The compiler recurses over the syntax tree; nesting is capped by the
/// frontend, and a generous stack makes every capped depth safe.
const COMPILER_STACK_SIZE: usize = 1 << 30;

fn main() -> ExitCode {
    let args = match cli::parse(std::env::args_os()) {
        Ok(args) => args,
        Err(e) => {
            // --help and --version are "errors" that print to stdout.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { USAGE_ERROR } else { 0 });
        }
    };
    // Before any other thread starts, so that every thread inherits the
    // blocked signals (see `interrupt`).
    interrupt::install();
    let worker = std::thread::Builder::new()
        .name("wendc".into())
        .stack_size(COMPILER_STACK_SIZE)
        .spawn(move || driver::run(args));
    match worker.map(|handle| handle.join()) {
        Ok(Ok(status)) => ExitCode::from(status),
        Ok(Err(_)) => ExitCode::from(INTERNAL_ERROR),
        Err(e) => {
            eprintln!("error: cannot start the compiler thread: {e}");
            ExitCode::from(1)
        }
    }
}
