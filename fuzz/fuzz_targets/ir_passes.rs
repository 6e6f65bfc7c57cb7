//! Fuzz target `ir_passes`: arbitrary text through the IR reader, and every
//! valid module through the passes.
//!
//! The reader must reject bad text with an error, never a panic. A module
//! that reads and verifies must survive every pass of `wend_opt::PASSES`,
//! alone and in a few sequences, with IR that still verifies and that the
//! printer writes back as text the reader accepts again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wend_ir::Module;
use wend_opt::{Pass, PASSES};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(module) = wend_ir::read::parse_module(text) else {
        return;
    };
    if wend_ir::verify::verify_module(&module).is_err() {
        return;
    }
    round_trip(&module, "the input");

    // Each list with the passes its passes require right before them
    // (`Pass::requires`), as the pipeline runs them.
    let complete = |names: Vec<&str>| -> Vec<&'static Pass> {
        wend_opt::parse_pipeline(&names.join(",")).expect("the names of known passes")
    };
    let all: Vec<&str> = PASSES.iter().map(|p| p.name).collect();
    let mut pipelines: Vec<Vec<&Pass>> = all.iter().map(|&p| complete(vec![p])).collect();
    pipelines.push(complete(all.clone()));
    pipelines.push(complete(all.iter().rev().copied().collect()));
    // Every pass twice in a row: a pass must accept its own output.
    pipelines.push(complete(all.iter().flat_map(|&p| [p, p]).collect()));
    for pipeline in &pipelines {
        run(&module, pipeline);
    }
});

/// Runs `pipeline` on a copy of `module`, verifying after every pass.
fn run(module: &Module, pipeline: &[&Pass]) {
    let mut module = module.clone();
    for (i, pass) in pipeline.iter().enumerate() {
        let before = wend_ir::print::print_module(&module);
        (pass.run)(&mut module);
        let names: Vec<&str> = pipeline[..=i].iter().map(|p| p.name).collect();
        if let Err(e) = wend_ir::verify::verify_module(&module) {
            panic!(
                "invalid IR after `{}`: {e}\n--- input of the last pass:\n{before}\n--- output:\n{}",
                names.join(","),
                wend_ir::print::print_module(&module)
            );
        }
        round_trip(&module, &format!("the output of `{}`", names.join(",")));
    }
}

/// The printed module must read back as a valid module that prints the same.
fn round_trip(module: &Module, what: &str) {
    let text = wend_ir::print::print_module(module);
    let reread = match wend_ir::read::parse_module(&text) {
        Ok(m) => m,
        Err(e) => panic!("{what} prints as text the reader rejects: {e}\n{text}"),
    };
    if let Err(e) = wend_ir::verify::verify_module(&reread) {
        panic!("{what} reads back as invalid IR: {e}\n{text}");
    }
    assert_eq!(
        wend_ir::print::print_module(&reread),
        text,
        "{what} does not print the same after a round trip"
    );
}
