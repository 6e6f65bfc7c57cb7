//! Fuzz target `optimizer_structured`: differential testing of the
//! optimizer on random valid programs.
//!
//! The input bytes are not a program: they seed `wend_gen`'s random program
//! generator, which only makes well-typed, terminating programs. Each
//! program is checked, lowered, and run under the IR interpreter at -O0, at
//! -O1 and -O2, and after every single pass; status, stdout and stderr must
//! agree exactly with -O0 (the unoptimised lowering is the reference).
#![no_main]

use libfuzzer_sys::fuzz_target;
use wend_gen::Size;
use wend_ir::Module;
use wend_opt::{pipeline_for_level, run_pipeline, Pass, PipelineOptions, PASSES};

fuzz_target!(|data: &[u8]| {
    let mut seed = [0u8; 8];
    let n = data.len().min(8);
    seed[..n].copy_from_slice(&data[..n]);
    let seed = u64::from_le_bytes(seed);
    // Mostly small programs (fast, and most bugs have small witnesses).
    let size = match data.get(8).copied().unwrap_or(0) % 8 {
        0..=4 => Size::Small,
        5 | 6 => Size::Medium,
        _ => Size::Large,
    };
    let src = wend_gen::generate(seed, size);

    let (checked, diags) = wend_frontend::check(&src);
    let Some(checked) = checked else {
        panic!(
            "the front end rejects a generated program:\n{}\n{src}",
            wend_frontend::render_diagnostics("gen.wend", &src, &diags, false)
        );
    };
    let lowered = wend_frontend::lower(checked);
    if let Err(e) = wend_ir::verify::verify_module(&lowered) {
        panic!("lowering produced invalid IR: {e}\n{src}");
    }

    let reference = execute(&lowered, "-O0", &src);
    let mut pipelines: Vec<(String, Vec<&Pass>)> = (1..=2)
        .map(|level| (format!("-O{level}"), pipeline_for_level(level)))
        .collect();
    // Each pass with the passes it requires right before it.
    pipelines.extend(PASSES.iter().map(|p| {
        let passes = wend_opt::parse_pipeline(p.name).expect("a known pass");
        (format!("--passes={}", p.name), passes)
    }));
    for (name, passes) in pipelines {
        let mut module = lowered.clone();
        let mut opts = PipelineOptions {
            verify_each: true,
            print_after_each: None,
        };
        run_pipeline(&mut module, &passes, &mut opts);
        let outcome = execute(&module, &name, &src);
        assert!(
            outcome == reference,
            "{name} changes the program's behaviour:\n-O0: {reference:?}\n{name}: {outcome:?}\n{src}"
        );
    }
});

/// Exit status, stdout and stderr of running `module` in the interpreter.
#[derive(PartialEq, Eq)]
struct Outcome {
    status: i32,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

impl std::fmt::Debug for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "status {}, stdout {:?}, stderr {:?}",
            self.status,
            String::from_utf8_lossy(&self.stdout),
            String::from_utf8_lossy(&self.stderr)
        )
    }
}

fn execute(module: &Module, name: &str, src: &str) -> Outcome {
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    match wend_ir::interp::run_main(module, &mut stdout, &mut stderr) {
        Ok(status) => Outcome {
            status,
            stdout,
            stderr,
        },
        Err(e) => panic!("the interpreter fails on the {name} IR: {e}\n{src}"),
    }
}
