//! What Ctrl-C (SIGINT), SIGTERM and SIGHUP do to wendc: never leave a
//! temporary file or directory behind, and never leave a process running
//! without wendc.
//!
//! The three signals are blocked in every thread of wendc and taken by one
//! thread that waits for them (`sigwait`), so nothing has to be done inside
//! a signal handler: that thread is ordinary code and may lock, delete
//! files and send signals. What it does depends on what wendc is doing:
//!
//! - `wendc run` running the program: the signal is passed on to the
//!   program, which decides what it means; wendc waits for it, removes its
//!   temporary directory and exits as the program did (killed by signal N:
//!   status 128 + N, as a shell reports it). `wendc run --interp`, whose
//!   program runs inside wendc, exits with 128 + N too.
//! - anything else (compiling, or running `as`, `ld`, `llc` or `cc`): the
//!   tool, if one runs, gets the signal too (with the processes it started:
//!   a tool runs in a process group of its own), wendc waits for it to
//!   end, removes every temporary directory it made, and dies of the
//!   signal itself, as a compiler interrupted by the user does.
//!
//! A signal that was ignored when wendc started (`nohup`, a background job
//! of a non-interactive shell) stays ignored, and the program inherits
//! that. A child process inherits the blocked signals, so they are
//! unblocked in it between `fork` and `exec`.

use std::io;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus};
use std::sync::{Mutex, MutexGuard, OnceLock};

const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// What the signal thread needs to know, shared with the threads that make
/// temporary paths and start processes. Both happen under the lock, so a
/// signal either sees a path or process, or stops it from being made.
struct State {
    /// The child process running now, if any (wendc runs one at a time).
    child: Option<Running>,
    /// Temporary directories that exist now.
    temporaries: Vec<PathBuf>,
    /// A signal is ending wendc: make nothing more.
    ending: bool,
    /// The interpreter is running the user's program inside wendc.
    interpreting: bool,
}

#[derive(Clone, Copy)]
struct Running {
    pid: libc::pid_t,
    /// The user's program (`wendc run`), which outlives a signal if it
    /// chooses to; otherwise a tool of the compilation.
    is_program: bool,
}

/// The signals blocked by [`install`], to unblock in child processes.
static BLOCKED: OnceLock<libc::sigset_t> = OnceLock::new();

static STATE: Mutex<State> = Mutex::new(State {
    child: None,
    temporaries: Vec::new(),
    ending: false,
    interpreting: false,
});

fn state() -> MutexGuard<'static, State> {
    // A panic while the lock was held leaves the state as consistent as
    // ever: each update is a single assignment or push.
    STATE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Blocks the signals in the calling thread (and so in every thread it
/// starts later) and starts the thread that takes them. Call first thing
/// in `main`.
pub fn install() {
    // SAFETY: plain libc calls on a signal set owned here; sigaction with
    // a null new action only reads the current one.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for signal in SIGNALS {
            let mut current: libc::sigaction = std::mem::zeroed();
            let known = libc::sigaction(signal, std::ptr::null(), &mut current) == 0;
            if known && current.sa_sigaction != libc::SIG_IGN {
                libc::sigaddset(&mut set, signal);
            }
        }
        if libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) != 0 {
            return;
        }
        let _ = BLOCKED.set(set);
        let spawned = std::thread::Builder::new()
            .name("signals".into())
            .stack_size(64 * 1024)
            .spawn(move || loop {
                let mut signal = 0;
                if libc::sigwait(&set, &mut signal) == 0 {
                    on_signal(signal);
                }
            });
        if spawned.is_err() {
            // Nobody would take the signals: let them act as before.
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        }
    }
}

fn on_signal(signal: libc::c_int) {
    let mut state = state();
    match state.child {
        Some(Running {
            pid,
            is_program: true,
        }) => {
            // SAFETY: `pid` is a child not yet reaped (see `run`), so the
            // number cannot belong to another process.
            unsafe { libc::kill(pid, signal) };
        }
        tool => {
            state.ending = true;
            if let Some(Running { pid, .. }) = tool {
                // SAFETY: as above; the tool leads its process group.
                unsafe { libc::kill(-pid, signal) };
                // Its end, before its files are removed from under it.
                wait_for_end(pid);
            }
            for path in state.temporaries.drain(..) {
                remove_dir(&path);
            }
            if state.interpreting {
                // The status `wendc run` gives for a compiled program
                // killed by the signal, in every pipeline.
                // SAFETY: ends the process at once, as being killed does.
                unsafe { libc::_exit(128 + signal) };
            }
            die_of(signal);
        }
    }
}

/// Removes a temporary directory. The compiler thread may be creating a
/// file in it at this moment, making one removal fail with "not empty":
/// it cannot create another once the directory is gone.
fn remove_dir(path: &Path) {
    for _ in 0..3 {
        match std::fs::remove_dir_all(path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => continue,
            _ => return,
        }
    }
}

/// Ends wendc by `signal` with its default action, so that the shell
/// sees what killed it.
fn die_of(signal: libc::c_int) -> ! {
    // SAFETY: restoring the default action and unblocking the signal in
    // this thread; the raise then ends the process.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, signal);
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::raise(signal);
    }
    std::process::exit(128 + signal);
}

/// The error when a signal is ending wendc while it starts something.
fn ending() -> io::Error {
    io::Error::new(io::ErrorKind::Interrupted, "interrupted")
}

/// A temporary directory that a signal ending wendc removes too.
pub struct TempDir {
    /// Always `Some` until dropped.
    dir: Option<tempfile::TempDir>,
}

impl TempDir {
    pub fn path(&self) -> &Path {
        self.dir.as_ref().expect("not yet dropped").path()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let dir = self.dir.take().expect("dropped once");
        let path = dir.path().to_path_buf();
        // Removed before it is forgotten: a signal in between removes it
        // too, rather than ending wendc with it still there.
        let _ = dir.close();
        state().temporaries.retain(|p| *p != path);
    }
}

/// A new temporary directory, in `parent` or else in the system's
/// (`$TMPDIR`, else /tmp).
pub fn temp_dir(parent: Option<&Path>) -> io::Result<TempDir> {
    let mut state = state();
    if state.ending {
        return Err(ending());
    }
    let mut builder = tempfile::Builder::new();
    builder.prefix(".wendc-");
    let dir = match parent {
        Some(parent) => builder.tempdir_in(parent)?,
        None => builder.tempdir()?,
    };
    state.temporaries.push(dir.path().to_path_buf());
    Ok(TempDir { dir: Some(dir) })
}

/// From now on the interpreter runs the user's program: a signal ends
/// wendc with the status the program would have had.
pub fn interpreting() {
    state().interpreting = true;
}

/// Runs a command to its end with inherited standard streams. `is_program`:
/// the user's program, to which wendc passes on the signals it receives.
pub fn run(cmd: &mut Command, is_program: bool) -> io::Result<ExitStatus> {
    if let Some(&blocked) = BLOCKED.get() {
        // SAFETY: sigprocmask is async-signal-safe, as code between fork
        // and exec must be; `blocked` is a copy owned by the closure.
        unsafe {
            cmd.pre_exec(move || {
                libc::sigprocmask(libc::SIG_UNBLOCK, &blocked, std::ptr::null_mut());
                Ok(())
            });
        }
    }
    if !is_program {
        // The signals for a tool come from wendc, to the whole group
        // (`cc` runs `as` and `ld` in turn).
        cmd.process_group(0);
    }
    let mut child = {
        let mut state = state();
        if state.ending {
            return Err(ending());
        }
        let child = cmd.spawn()?;
        state.child = Some(Running {
            pid: child.id() as libc::pid_t,
            is_program,
        });
        child
    };
    wait_for_end(child.id() as libc::pid_t);
    state().child = None;
    child.wait()
}

/// Waits for a child process to end without reaping it: until it is
/// reaped its process number stays its own, so a signal passed on
/// meanwhile cannot reach another process that was given the number.
fn wait_for_end(pid: libc::pid_t) {
    loop {
        // SAFETY: waitid writes only into `info`.
        let waited = unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            libc::waitid(
                libc::P_PID,
                pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOWAIT,
            )
        };
        if waited == 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            return;
        }
    }
}
