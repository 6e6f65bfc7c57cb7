//! Generated programs are valid wend and terminate quickly: the frontend
//! accepts each without an error or an unreachable statement (the
//! warnings about unused names and values are expected: random programs
//! have them, and the optimiser's tests want them), lowering
//! makes no more blocks than sema counted for it, and the IR interpreter
//! runs each to completion well within a time limit.

use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};
use wend_gen::{generate, Size};

/// Far more than any generated program needs, even in a debug build; a
/// program that takes this long has escaped the generator's cost budget.
const RUN_LIMIT: Duration = Duration::from_secs(10);

struct Run {
    status: i32,
    stdout_len: usize,
    elapsed: Duration,
}

/// The diagnostics a generated program must not get: errors, and the
/// unreachable-statement warning.
fn unexpected(diags: Vec<wend_frontend::Diag>) -> Vec<wend_frontend::Diag> {
    let is_error =
        |d: &wend_frontend::Diag| wend_frontend::diag::has_errors(std::slice::from_ref(d));
    diags
        .into_iter()
        .filter(|d| is_error(d) || d.message == "unreachable statement")
        .collect()
}

/// Checks, lowers and interprets the program of `seed`.
fn check_and_run(seed: u64, size: Size) -> Run {
    let src = generate(seed, size);
    let (checked, diags) = wend_frontend::check(&src);
    let diags = unexpected(diags);
    assert!(
        diags.is_empty(),
        "seed {seed} ({size:?}): the frontend reports\n{}\n{src}",
        wend_frontend::render_diagnostics("generated.wend", &src, &diags, false)
    );
    let checked = checked.expect("no errors, so checked");
    let block_counts: Vec<u32> = checked.funcs.iter().map(|f| f.block_count).collect();
    let module = wend_frontend::lower(checked);
    // Lowering sizes each function's block arena from sema's count (the
    // functions come first in the module, in the checked program's order).
    for (func, &count) in module.functions.values().zip(&block_counts) {
        assert!(
            func.blocks.len() <= count as usize,
            "seed {seed} ({size:?}): `{}` has {} blocks, sema counted {count}\n{src}",
            func.name,
            func.blocks.len()
        );
    }
    let (sender, receiver) = mpsc::channel();
    // The interpreter has no time limit of its own: run it on a thread so a
    // runaway program fails the test instead of hanging it.
    thread::spawn(move || {
        let start = Instant::now();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let result = wend_ir::interp::run_main(&module, &mut out, &mut err);
        let elapsed = start.elapsed();
        let _ = sender.send(result.map(|status| (status, out.len(), elapsed, err)));
    });
    match receiver.recv_timeout(RUN_LIMIT) {
        Ok(Ok((status, stdout_len, elapsed, err))) => {
            let err = String::from_utf8_lossy(&err);
            assert!(
                status == 0 || (status == 2 && err.contains("division by zero")),
                "seed {seed} ({size:?}): exit status {status}, stderr {err:?}\n{src}"
            );
            Run {
                status,
                stdout_len,
                elapsed,
            }
        }
        Ok(Err(error)) => panic!("seed {seed} ({size:?}): the interpreter fails: {error}\n{src}"),
        Err(_) => panic!("seed {seed} ({size:?}): still running after {RUN_LIMIT:?}\n{src}"),
    }
}

#[test]
fn five_hundred_programs_are_accepted_and_terminate() {
    let sizes = [Size::Small, Size::Medium, Size::Large];
    let mut divisions_by_zero = 0;
    let mut slowest = (Duration::ZERO, 0);
    let mut longest_output = (0, 0);
    for seed in 0..500u64 {
        let run = check_and_run(seed, sizes[seed as usize % 3]);
        divisions_by_zero += usize::from(run.status == 2);
        slowest = slowest.max((run.elapsed, seed));
        longest_output = longest_output.max((run.stdout_len, seed));
    }
    eprintln!(
        "{divisions_by_zero}/500 divide by zero; slowest: seed {} in {:?}; \
         most output: seed {} with {} bytes",
        slowest.1, slowest.0, longest_output.1, longest_output.0
    );
    // A few programs should stop with a division by zero, not most.
    assert!(
        (2..=75).contains(&divisions_by_zero),
        "{divisions_by_zero}/500 programs divide by zero"
    );
}

#[test]
fn program_lengths_fit_their_sizes() {
    for (size, lo, hi) in [
        (Size::Small, 50, 110),
        (Size::Medium, 100, 200),
        (Size::Large, 200, 300),
    ] {
        let in_range = (0..100)
            .filter(|&seed| (lo..=hi).contains(&generate(seed, size).lines().count()))
            .count();
        assert!(
            in_range >= 95,
            "{size:?}: only {in_range}/100 in {lo}..={hi} lines"
        );
    }
}

#[test]
fn scale_programs_are_accepted() {
    // Like the wendc driver, give the compiler's recursive walks a big stack:
    // deep-ifs nests hundreds of levels.
    thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(check_scale_programs)
        .unwrap()
        .join()
        .unwrap();
}

fn check_scale_programs() {
    for shape in wend_gen::scale::Shape::ALL {
        let src = wend_gen::scale::generate(shape, 3000, 1);
        let (checked, diags) = wend_frontend::check(&src);
        let diags = unexpected(diags);
        assert!(
            diags.is_empty(),
            "{}: {}",
            shape.name(),
            wend_frontend::render_diagnostics("scale.wend", &src, &diags, false)
        );
        let module = wend_frontend::lower(checked.unwrap());
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = wend_ir::interp::run_main(&module, &mut out, &mut err).unwrap();
        assert_eq!(status, 0, "{}", shape.name());
    }
}
