//! `--time-passes`: wall-clock time of each compiler phase, printed to
//! stderr as a table when compilation ends (like rustc's `-Z time-passes`),
//! with the process's peak memory.
//!
//! The record is global because phases run all over the driver; when the
//! flag is off, [`time`] only calls its closure.

use std::sync::Mutex;
use std::time::{Duration, Instant};

static PHASES: Mutex<Option<Vec<(String, Duration)>>> = Mutex::new(None);

/// Starts recording.
pub fn enable() {
    *PHASES.lock().unwrap() = Some(Vec::new());
}

/// Runs `f` as the phase `name`, recording its duration when enabled.
pub fn time<T>(name: &str, f: impl FnOnce() -> T) -> T {
    if PHASES.lock().unwrap().is_none() {
        return f();
    }
    let start = Instant::now();
    let result = f();
    let elapsed = start.elapsed();
    if let Some(phases) = PHASES.lock().unwrap().as_mut() {
        phases.push((name.to_string(), elapsed));
    }
    result
}

/// Prints the table, if recording (phases that ran several times, such as a
/// pass in an iterated pipeline, are summed and counted).
pub fn report() {
    let Some(phases) = PHASES.lock().unwrap().take() else {
        return;
    };
    let mut merged: Vec<(String, Duration, u32)> = Vec::new();
    for (name, d) in phases {
        match merged.iter_mut().find(|(n, _, _)| *n == name) {
            Some((_, total, count)) => {
                *total += d;
                *count += 1;
            }
            None => merged.push((name, d, 1)),
        }
    }
    let total: Duration = merged.iter().map(|(_, d, _)| *d).sum();
    let width = merged
        .iter()
        .map(|(n, _, _)| n.len())
        .max()
        .unwrap_or(5)
        .max(5);
    eprintln!(
        "{:<width$}  {:>10}  {:>6}  {:>5}",
        "phase", "time (ms)", "share", "runs"
    );
    for (name, d, count) in &merged {
        let share = 100.0 * d.as_secs_f64() / total.as_secs_f64().max(1e-9);
        eprintln!(
            "{name:<width$}  {:>10.3}  {share:>5.1}%  {count:>5}",
            d.as_secs_f64() * 1e3
        );
    }
    eprintln!("{:<width$}  {:>10.3}", "total", total.as_secs_f64() * 1e3);
    if let Some(kib) = peak_memory_kib() {
        eprintln!("peak memory: {:.1} MiB", kib as f64 / 1024.0);
    }
}

/// The process's peak resident set size (Linux: `VmHWM` in /proc).
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
