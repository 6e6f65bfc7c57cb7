//! `wendc`, the wend compiler driver: parses the command line, runs the
//! pipeline (frontend → IR → passes → backend) and calls the external
//! toolchain where one is needed.
//!
//! Exit status: 0 on success, 1 on a compile error (or a failed tool); `wendc
//! run` passes the program's own status through.

mod analyze;
mod cli;
mod driver;
mod lsp;
mod mapped;
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

/// jemalloc's options, read at start-up from this symbol (`malloc_conf`,
/// with the prefix of tikv-jemalloc-sys's build). `thp:always`: its memory
/// is backed by transparent huge pages where the system allows it (the
/// usual `madvise` mode). A large compile touches hundreds of megabytes
/// once; with 2 MiB pages it takes 512 times fewer page faults, which were
/// a sixth of a 100 000-line compile (a third less time at that size, a
/// quarter less at 10 000 lines, 20-30 MB more peak memory).
/// `dirty_decay_ms:1000`: memory freed in small pieces (a syntax tree, a
/// checked tree) goes back to the system within about a second instead of
/// ten. A compile is over in seconds, so with the default it kept all of
/// that garbage to the end, under every later peak: on 1M-line programs
/// the peaks are 6-18% lower and the kernel's time lower too (straight-line
/// -O2: 688 -> 563 MB, 2.14 -> 1.75 s in all); at 100k lines no change
/// beyond the noise. A mistyped option would make jemalloc complain on
/// stderr, which every test sees.
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
