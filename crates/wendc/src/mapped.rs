//! Large source files are mapped into memory rather than read, as clang's
//! `MemoryBuffer` and ripgrep do: the compiler then reads the file where
//! it already is, in the kernel's page cache, instead of asking for fresh
//! memory as large as the file, having the kernel zero it and copying the
//! file into it. Below [`MAP_THRESHOLD`] reading costs next to nothing and
//! the file is simply read.
//!
//! A mapping has one hazard: if another program shrinks the file while it
//! is being compiled, touching the part that is gone raises `SIGBUS`. A
//! handler turns that into an error message and exit status 1 rather than
//! a crash. A file rewritten in place without shrinking is read as whatever
//! it holds at that moment, as with clang; editors that save by writing a
//! new file and renaming it over the old one leave the mapping untouched.

use memmap2::Mmap;
use std::fs::File;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// Files at least this large are mapped; smaller ones are read.
pub const MAP_THRESHOLD: u64 = 1 << 20;

/// A source file mapped into memory, guarded against shrinking while it
/// is mapped (the guard is lifted when this is dropped).
pub struct MappedFile {
    map: Mmap,
}

impl MappedFile {
    /// Maps `file`, which the caller has found to be a regular file of at
    /// least [`MAP_THRESHOLD`] bytes; `None` when the system refuses, and
    /// the caller reads the file instead. `name` is for the message should
    /// the file shrink.
    pub fn map(file: &File, name: &str) -> Option<MappedFile> {
        // SAFETY: the mapping is only ever read, and lives until dropped.
        // The caveat memmap2 leaves to the caller, the file changing
        // underneath, is the hazard of the module header: a shrink is
        // caught by the guard, other changes are read as they are.
        let map = unsafe { Mmap::map(file) }.ok()?;
        guard(&map, name);
        Some(MappedFile { map })
    }

    pub fn bytes(&self) -> &[u8] {
        &self.map
    }
}

impl Drop for MappedFile {
    fn drop(&mut self) {
        GUARDED_LEN.store(0, Ordering::SeqCst);
    }
}

/// The guarded range and the message, read by the signal handler (so:
/// atomics and a `OnceLock` that is set before the range is published;
/// nothing there allocates or locks). wendc maps one source file per run;
/// a later mapping replaces the range but keeps the first message.
static GUARDED_START: AtomicUsize = AtomicUsize::new(0);
static GUARDED_LEN: AtomicUsize = AtomicUsize::new(0);
static MESSAGE: OnceLock<Box<[u8]>> = OnceLock::new();
/// The `SIGBUS` handler installed before ours (Rust's own, which reports
/// stack overflows), put back for a fault outside the mapping.
static PREVIOUS_HANDLER: OnceLock<libc::sigaction> = OnceLock::new();

fn guard(map: &Mmap, name: &str) {
    let message =
        format!("error: cannot compile `{name}`: the file shrank while it was being compiled\n");
    let _ = MESSAGE.set(message.into_bytes().into_boxed_slice());
    GUARDED_START.store(map.as_ptr() as usize, Ordering::SeqCst);
    GUARDED_LEN.store(map.len(), Ordering::SeqCst);
    PREVIOUS_HANDLER.get_or_init(install_handler);
}

/// Installs [`on_sigbus`]; returns the handler it replaces.
fn install_handler() -> libc::sigaction {
    // SAFETY: plain libc calls on zero-initialised C structs; the handler
    // has the three-argument signature SA_SIGINFO asks for.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_sigbus as *const () as libc::sighandler_t;
        action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
        libc::sigemptyset(&mut action.sa_mask);
        let mut previous: libc::sigaction = std::mem::zeroed();
        libc::sigaction(libc::SIGBUS, &action, &mut previous);
        previous
    }
}

/// A `SIGBUS` inside the mapping: the file shrank; say so and exit 1.
/// Anywhere else: put the previous handler back and return, so that the
/// faulting access repeats and meets it. Only async-signal-safe calls.
extern "C" fn on_sigbus(_signal: libc::c_int, info: *mut libc::siginfo_t, _: *mut libc::c_void) {
    // SAFETY: the kernel passes a valid siginfo_t for SA_SIGINFO handlers;
    // write, _exit and sigaction are async-signal-safe.
    unsafe {
        let address = (*info).si_addr() as usize;
        let start = GUARDED_START.load(Ordering::SeqCst);
        if address.wrapping_sub(start) < GUARDED_LEN.load(Ordering::SeqCst) {
            if let Some(message) = MESSAGE.get() {
                libc::write(2, message.as_ptr().cast(), message.len());
            }
            libc::_exit(1);
        }
        match PREVIOUS_HANDLER.get() {
            Some(previous) => libc::sigaction(libc::SIGBUS, previous, std::ptr::null_mut()),
            None => libc::sigaction(libc::SIGBUS, &default_action(), std::ptr::null_mut()),
        };
    }
}

/// `SIG_DFL` as a `sigaction`.
fn default_action() -> libc::sigaction {
    // SAFETY: an all-zero sigaction is SIG_DFL with no flags and no mask.
    unsafe { std::mem::zeroed() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::process::Command;

    /// Set in the child process of [`shrinking_the_file_is_an_error`].
    const CHILD: &str = "WENDC_MAPPED_TEST_CHILD";

    /// Maps a file, shrinks it to nothing, reads the mapping. In its own
    /// process (this test binary, run again for this one test), since the
    /// handler ends the process.
    #[test]
    fn shrinking_the_file_is_an_error() {
        if std::env::var_os(CHILD).is_some() {
            let mut file = tempfile::NamedTempFile::new().unwrap();
            file.write_all(&vec![b' '; 2 * MAP_THRESHOLD as usize])
                .unwrap();
            let mapped = MappedFile::map(file.as_file(), "big.wend").unwrap();
            file.as_file().set_len(0).unwrap();
            let sum: u64 = mapped.bytes().iter().map(|&b| b as u64).sum();
            panic!("read a shrunk mapping without SIGBUS (sum {sum})");
        }
        let output = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "mapped::tests::shrinking_the_file_is_an_error"])
            .env(CHILD, "1")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "stderr: {stderr}");
        assert!(
            stderr.contains(
                "error: cannot compile `big.wend`: the file shrank while it was being compiled"
            ),
            "stderr: {stderr}"
        );
    }

    #[test]
    fn a_mapping_reads_the_file() {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        let text = "main() { println 1; }\n".repeat(60_000);
        file.write_all(text.as_bytes()).unwrap();
        let mapped = MappedFile::map(file.as_file(), "x.wend").unwrap();
        assert_eq!(mapped.bytes(), text.as_bytes());
    }
}
