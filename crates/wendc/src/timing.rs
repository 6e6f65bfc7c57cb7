//! `--time-passes`: wall-clock time and peak memory of each compiler phase,
//! printed to stderr as a table when compilation ends (like rustc's
//! `-Z time-passes`), with the process's peak memory.
//!
//! The record is global because phases run all over the driver; when the
//! flag is off, [`time`] only calls its closure.
//!
//! A phase's peak is the highest resident set size while it ran: Linux
//! lets a process reset its high-water mark (`/proc/self/clear_refs`), so
//! each phase starts from the memory it inherits. Phases never nest.

use std::sync::Mutex;
use std::time::{Duration, Instant};

struct Phase {
    name: String,
    elapsed: Duration,
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
    let start = Instant::now();
    let result = f();
    let elapsed = start.elapsed();
    let peak_kib = peak_memory_kib();
    if let Some(phases) = PHASES.lock().unwrap().as_mut() {
        phases.push(Phase {
            name: name.to_string(),
            elapsed,
            peak_kib,
        });
    }
    result
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
    let mut merged: Vec<(String, Duration, u32, Option<u64>)> = Vec::new();
    for phase in phases {
        overall_kib = overall_kib.max(phase.peak_kib);
        match merged.iter_mut().find(|(n, ..)| *n == phase.name) {
            Some((_, total, count, peak)) => {
                *total += phase.elapsed;
                *count += 1;
                *peak = (*peak).max(phase.peak_kib);
            }
            None => merged.push((phase.name, phase.elapsed, 1, phase.peak_kib)),
        }
    }
    overall_kib = overall_kib.max(peak_memory_kib());
    let total: Duration = merged.iter().map(|(_, d, ..)| *d).sum();
    let width = merged
        .iter()
        .map(|(n, ..)| n.len())
        .max()
        .unwrap_or(5)
        .max(5);
    eprintln!(
        "{:<width$}  {:>10}  {:>6}  {:>5}  {:>10}",
        "phase", "time (ms)", "share", "runs", "peak (MiB)"
    );
    for (name, d, count, peak) in &merged {
        let share = 100.0 * d.as_secs_f64() / total.as_secs_f64().max(1e-9);
        let peak = peak.map_or("?".to_string(), mib);
        eprintln!(
            "{name:<width$}  {:>10.3}  {share:>5.1}%  {count:>5}  {peak:>10}",
            d.as_secs_f64() * 1e3
        );
    }
    eprintln!("{:<width$}  {:>10.3}", "total", total.as_secs_f64() * 1e3);
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
