//! `--time-passes`: wall-clock time, kernel time and peak memory of each
//! compiler phase, printed to stderr as a table when compilation ends
//! (like rustc's `-Z time-passes`), with the process's peak memory.
//!
//! The record is global because phases run all over the driver; when the
//! flag is off, [`time`] only calls its closure.
//!
//! A phase's kernel time is the system time of the compiler's thread while
//! it ran: on large programs nearly all of it is the kernel handing over
//! fresh, zeroed memory, whose cost depends on the machine (see
//! docs/performance.md), so it tells which phase's memory costs what.
//!
//! A phase's peak is the highest resident set size while it ran: Linux
//! lets a process reset its high-water mark (`/proc/self/clear_refs`), so
//! each phase starts from the memory it inherits. Phases never nest.

use std::sync::Mutex;
use std::time::{Duration, Instant};

struct Phase {
    name: String,
    elapsed: Duration,
    /// System time of the compiler's thread during the phase, where known.
    kernel: Option<Duration>,
    /// Peak resident set size during the phase, in KiB, where known.
    peak_kib: Option<u64>,
}

static PHASES: Mutex<Option<Vec<Phase>>> = Mutex::new(None);

/// Starts recording.
pub fn enable() {
    *PHASES.lock().unwrap() = Some(Vec::new());
}

/// Runs `f` as the phase `name`, recording its duration when enabled.
pub fn time<T>(name: &str, f: impl FnOnce() -> T) -> T {
    if PHASES.lock().unwrap().is_none() {
        return f();
    }
    reset_peak_memory();
    let kernel_before = thread_system_time();
    let start = Instant::now();
    let result = f();
    let elapsed = start.elapsed();
    let kernel = thread_system_time()
        .zip(kernel_before)
        .map(|(after, before)| after.saturating_sub(before));
    let peak_kib = peak_memory_kib();
    if let Some(phases) = PHASES.lock().unwrap().as_mut() {
        phases.push(Phase {
            name: name.to_string(),
            elapsed,
            kernel,
            peak_kib,
        });
    }
    result
}

/// A phase's line of the table: the runs of one phase, summed.
struct Row {
    name: String,
    elapsed: Duration,
    runs: u32,
    kernel: Option<Duration>,
    peak_kib: Option<u64>,
}

/// Prints the table, if recording (phases that ran several times, such as a
/// pass in an iterated pipeline, are summed and counted).
pub fn report() {
    let Some(phases) = PHASES.lock().unwrap().take() else {
        return;
    };
    // Each reset forgot the process-wide mark, so the process's peak is the
    // highest of the phases' peaks and of the mark since the last phase.
    let mut overall_kib = None;
    let mut rows: Vec<Row> = Vec::new();
    for phase in phases {
        overall_kib = overall_kib.max(phase.peak_kib);
        match rows.iter_mut().find(|row| row.name == phase.name) {
            Some(row) => {
                row.elapsed += phase.elapsed;
                row.runs += 1;
                row.kernel = row.kernel.zip(phase.kernel).map(|(a, b)| a + b);
                row.peak_kib = row.peak_kib.max(phase.peak_kib);
            }
            None => rows.push(Row {
                name: phase.name,
                elapsed: phase.elapsed,
                runs: 1,
                kernel: phase.kernel,
                peak_kib: phase.peak_kib,
            }),
        }
    }
    overall_kib = overall_kib.max(peak_memory_kib());
    let total: Duration = rows.iter().map(|row| row.elapsed).sum();
    let total_kernel: Option<Duration> = rows.iter().map(|row| row.kernel).sum();
    let width = rows
        .iter()
        .map(|row| row.name.len())
        .max()
        .unwrap_or(5)
        .max(5);
    let ms = |d: Option<Duration>| {
        d.map_or("?".to_string(), |d| format!("{:.1}", d.as_secs_f64() * 1e3))
    };
    eprintln!(
        "{:<width$}  {:>10}  {:>6}  {:>5}  {:>11}  {:>10}",
        "phase", "time (ms)", "share", "runs", "kernel (ms)", "peak (MiB)"
    );
    for row in &rows {
        let share = 100.0 * row.elapsed.as_secs_f64() / total.as_secs_f64().max(1e-9);
        eprintln!(
            "{:<width$}  {:>10.3}  {share:>5.1}%  {:>5}  {:>11}  {:>10}",
            row.name,
            row.elapsed.as_secs_f64() * 1e3,
            row.runs,
            ms(row.kernel),
            row.peak_kib.map_or("?".to_string(), mib),
        );
    }
    eprintln!(
        "{:<width$}  {:>10.3}  {:>6}  {:>5}  {:>11}",
        "total",
        total.as_secs_f64() * 1e3,
        "",
        "",
        ms(total_kernel)
    );
    if let Some(kib) = overall_kib {
        eprintln!("peak memory: {} MiB", mib(kib));
    }
}

fn mib(kib: u64) -> String {
    format!("{:.1}", kib as f64 / 1024.0)
}

/// Makes the kernel's high-water mark start again from the current resident
/// set size (best effort: other systems simply report the process's peak).
fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The process's peak resident set size (Linux: `VmHWM` in /proc).
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The system time of the calling thread so far (Linux's `RUSAGE_THREAD`:
/// the compiler runs on a thread of its own).
#[cfg(target_os = "linux")]
fn thread_system_time() -> Option<Duration> {
    // SAFETY: `getrusage` only writes the struct it is given, which is
    // plain data for which all zeros is a valid value.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        (libc::getrusage(libc::RUSAGE_THREAD, &mut usage) == 0).then_some(usage)
    }?;
    let time = usage.ru_stime;
    Some(Duration::from_secs(time.tv_sec as u64) + Duration::from_micros(time.tv_usec as u64))
}

#[cfg(not(target_os = "linux"))]
fn thread_system_time() -> Option<Duration> {
    None
}

/// The CPU time (user and system) the calling thread has used so far:
/// unlike elapsed time, it does not count waiting for a core that other
/// processes hold.
pub fn thread_cpu_time() -> Option<Duration> {
    // SAFETY: `clock_gettime` only writes the struct it is given, which is
    // plain data for which all zeros is a valid value.
    let time = unsafe {
        let mut time: libc::timespec = std::mem::zeroed();
        (libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time) == 0).then_some(time)
    }?;
    Some(Duration::new(time.tv_sec as u64, time.tv_nsec as u32))
}
