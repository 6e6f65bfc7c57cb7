//! The "value assigned to `x` is never read" warning against what programs
//! do: in random programs, every assignment the front end calls dead is
//! followed by one more assignment of a different value to the same
//! variable (`x = x + 1;`, or `x = !x;` for a bool). If the first value
//! was never read, neither is the second, and the program prints exactly
//! what it printed before; if the analysis were wrong, the changed value
//! would show.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;
use wend_gen::{generate, Size};

const RUN_LIMIT: Duration = Duration::from_secs(10);

/// The program's stdout, stderr and status through the IR interpreter.
fn run(src: &str) -> (Vec<u8>, Vec<u8>, i32) {
    let (checked, diags) = wend_frontend::check(src);
    let checked = checked.unwrap_or_else(|| {
        panic!(
            "does not compile:\n{}\n{src}",
            wend_frontend::render_diagnostics("changed.wend", src, &diags, false)
        )
    });
    let module = wend_frontend::lower(checked);
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = wend_ir::interp::run_main(&module, &mut out, &mut err);
        let _ = sender.send(status.map(|status| (out, err, status)));
    });
    match receiver.recv_timeout(RUN_LIMIT) {
        Ok(Ok(result)) => result,
        Ok(Err(error)) => panic!("the interpreter fails: {error}\n{src}"),
        Err(_) => panic!("still running after {RUN_LIMIT:?}\n{src}"),
    }
}

/// `src` with `extra` inserted after the assignment that `span` covers.
fn insert_after(src: &str, span: std::ops::Range<usize>, extra: &str) -> String {
    format!("{} {extra}{}", &src[..span.end], &src[span.end..])
}

#[test]
fn changing_a_dead_value_changes_nothing() {
    let sizes = [Size::Small, Size::Medium, Size::Large];
    let mut changed_programs = 0;
    for seed in 0..150u64 {
        let src = generate(seed, sizes[seed as usize % 3]);
        let (_, diags) = wend_frontend::check(&src);
        let mut dead: Vec<std::ops::Range<usize>> = diags
            .iter()
            .filter(|d| d.message.starts_with("value assigned to"))
            .map(|d| d.labels[0].range.clone())
            .collect();
        if dead.is_empty() {
            continue;
        }
        changed_programs += 1;
        // From the end, so that earlier spans stay valid.
        dead.sort_by_key(|span| std::cmp::Reverse(span.start));
        let mut changed = src.clone();
        for span in dead {
            let assignment = &src[span.clone()];
            let target = assignment.split('=').next().unwrap().trim();
            // The int form; if that is a type error, the variable is a bool.
            let as_int = insert_after(&changed, span.clone(), &format!("{target} = {target} + 1;"));
            changed = if wend_frontend::check(&as_int).0.is_some() {
                as_int
            } else {
                insert_after(&changed, span, &format!("{target} = !{target};"))
            };
        }
        assert_eq!(run(&src), run(&changed), "seed {seed}:\n{changed}");
    }
    // The generator writes dead stores often enough for this to test much.
    assert!(
        changed_programs >= 30,
        "only {changed_programs} programs had dead stores"
    );
}
