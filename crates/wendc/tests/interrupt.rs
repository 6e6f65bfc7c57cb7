//! Signals to `wendc run`: the program gets them and wendc exits as it did
//! (killed by signal N: 128 + N), leaving neither the program running nor
//! a temporary directory behind; a signal while compiling leaves nothing
//! behind either.

mod common;

use common::{file_names, have, long_program, write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Runs forever, printing nothing (its output would stay buffered anyway).
const FOREVER: &str = "main() {\n    int i;\n    while true {\n        i = i + 1;\n    }\n}\n";

/// The process numbers of `parent`'s children, from /proc.
fn children(parent: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // `pid (name) state ppid ...`; the name may hold spaces.
        let after_name = &stat[stat.rfind(')').unwrap() + 2..];
        let ppid: u32 = after_name.split(' ').nth(1).unwrap().parse().unwrap();
        if ppid == parent {
            found.push(pid);
        }
    }
    found
}

/// Whether a process exists and has not ended (a zombie has ended).
fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            let state = stat[stat.rfind(')').unwrap() + 2..].chars().next();
            state != Some('Z')
        }
        Err(_) => false,
    }
}

fn wait_with_limit(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("wendc still running {limit:?} after the signal");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits until `wendc run` runs its program (a child of wendc's whose
/// executable is in the temporary directory `tmp`); its process number.
fn program_of(wendc: &Child, tmp: &Path) -> u32 {
    let start = Instant::now();
    loop {
        let running = children(wendc.id()).into_iter().find(|&pid| {
            std::fs::read_link(format!("/proc/{pid}/exe"))
                .is_ok_and(|exe| exe.starts_with(tmp) && exe.ends_with("program"))
        });
        if let Some(pid) = running {
            return pid;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the program did not start"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `wendc`, started as a terminal would start it: wendc leaves alone a
/// signal ignored when it starts, as tests run in the background of a
/// script inherit for SIGINT.
fn wendc_command() -> Command {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("wendc"));
    // SAFETY: `signal` is async-signal-safe, as code between fork and exec
    // must be.
    unsafe {
        cmd.pre_exec(|| {
            for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                libc::signal(signal, libc::SIG_DFL);
            }
            Ok(())
        });
    }
    cmd
}

fn wendc_run(src: &Path, tmp: &Path, extra: &[&str]) -> Child {
    wendc_command()
        .arg("run")
        .args(extra)
        .arg(src)
        .env("TMPDIR", tmp)
        .stdout(Stdio::null())
        .spawn()
        .unwrap()
}

#[test]
fn signals_reach_the_program_and_wendc_exits_as_it_did() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("forever.wend");
    std::fs::write(&src, FOREVER).unwrap();
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let mut backends = vec!["native"];
    if have("llc") && have("cc") {
        backends.push("llvm");
    }
    for backend in backends {
        for signal in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
            let mut wendc = wendc_run(&src, &tmp, &["--backend", backend]);
            let program = program_of(&wendc, &tmp);
            // SAFETY: a signal to a process this test started.
            unsafe { libc::kill(wendc.id() as libc::pid_t, signal) };
            let status = wait_with_limit(&mut wendc, Duration::from_secs(10));
            assert_eq!(
                status.code(),
                Some(128 + signal),
                "{backend}, signal {signal}: {status}"
            );
            assert!(
                !alive(program),
                "{backend}, signal {signal}: the program outlived wendc"
            );
            assert!(
                file_names(&tmp).is_empty(),
                "{backend}, signal {signal}: left {:?}",
                file_names(&tmp)
            );
        }
    }
}

/// A signal at any moment of a compile (reading, code generation, `as`,
/// `ld`, or the program's start) leaves no temporary file and no process.
#[test]
fn a_signal_while_compiling_leaves_nothing_behind() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    // Long enough to compile that the signals land at different stages.
    let text = long_program(3000, "    while true {\n        x = x + 1;\n    }\n");
    let src = write(dir.path(), "long.wend", text);
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    for delay_ms in [0, 50, 150, 300, 600, 1000, 2000] {
        let mut wendc = wendc_run(&src, &tmp, &["-O2"]);
        std::thread::sleep(Duration::from_millis(delay_ms));
        let children_then = children(wendc.id());
        // SAFETY: a signal to a process this test started.
        unsafe { libc::kill(wendc.id() as libc::pid_t, libc::SIGTERM) };
        let status = wait_with_limit(&mut wendc, Duration::from_secs(10));
        // Killed by the signal while compiling, or exited with the
        // program's 143 once it ran.
        assert!(
            status.signal() == Some(libc::SIGTERM) || status.code() == Some(128 + libc::SIGTERM),
            "after {delay_ms} ms: {status}"
        );
        for pid in children_then {
            // Only the tool's own subprocesses may still be finishing.
            let start = Instant::now();
            while alive(pid) && start.elapsed() < Duration::from_secs(5) {
                std::thread::sleep(Duration::from_millis(20));
            }
            assert!(
                !alive(pid),
                "after {delay_ms} ms: process {pid} left running"
            );
        }
        assert!(
            file_names(&tmp).is_empty(),
            "after {delay_ms} ms: left {:?}",
            file_names(&tmp)
        );
    }
}

/// Under `nohup` (SIGHUP ignored when wendc starts), a hangup neither
/// stops wendc nor reaches the program.
#[test]
fn a_signal_ignored_at_start_stays_ignored() {
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("forever.wend");
    std::fs::write(&src, FOREVER).unwrap();
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("wendc"));
    // SAFETY: `signal` is async-signal-safe.
    unsafe {
        cmd.pre_exec(|| {
            libc::signal(libc::SIGHUP, libc::SIG_IGN);
            libc::signal(libc::SIGTERM, libc::SIG_DFL);
            Ok(())
        });
    }
    let mut wendc = cmd
        .arg("run")
        .arg(&src)
        .env("TMPDIR", dir.path())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let program = program_of(&wendc, dir.path());
    // SAFETY: signals to processes this test started.
    unsafe { libc::kill(wendc.id() as libc::pid_t, libc::SIGHUP) };
    unsafe { libc::kill(program as libc::pid_t, libc::SIGHUP) };
    std::thread::sleep(Duration::from_millis(300));
    assert!(wendc.try_wait().unwrap().is_none(), "wendc ended on SIGHUP");
    assert!(alive(program), "the program ended on SIGHUP");
    unsafe { libc::kill(wendc.id() as libc::pid_t, libc::SIGTERM) };
    let status = wait_with_limit(&mut wendc, Duration::from_secs(10));
    assert_eq!(status.code(), Some(128 + libc::SIGTERM));
}

/// The interpreter runs the program inside wendc: a signal gives the same
/// status as for a compiled program.
#[test]
fn a_signal_to_the_interpreter_gives_the_programs_status() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("printing.wend");
    // Prints forever: once the interpreter's output buffer is full and
    // written out, the program is running.
    let printing = "main() {\n    int i;\n    while true {\n        println i;\n        i = i + 1;\n    }\n}\n";
    std::fs::write(&src, printing).unwrap();
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let mut wendc = wendc_command()
            .args(["run", "--interp"])
            .arg(&src)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        // Kept open to the end: a closed pipe would end the program.
        let mut output = std::io::BufReader::new(wendc.stdout.take().unwrap());
        let mut line = String::new();
        output.read_line(&mut line).unwrap();
        assert_eq!(line, "0\n");
        // SAFETY: a signal to a process this test started.
        unsafe { libc::kill(wendc.id() as libc::pid_t, signal) };
        let status = wait_with_limit(&mut wendc, Duration::from_secs(10));
        assert_eq!(
            status.code(),
            Some(128 + signal),
            "signal {signal}: {status}"
        );
        drop(output);
    }
}
