//! Fuzz target `frontend`: arbitrary bytes through every entry point of the
//! front end.
//!
//! Whatever the input, the front end must answer with output or with
//! diagnostics — never panic, never overflow the stack — and a program it
//! accepts must lower to IR that passes the verifier. Rendering the
//! diagnostics is exercised too, since it slices the source by their spans.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wend_frontend::{diag::has_errors, render_diagnostics, Diag};

fuzz_target!(|data: &[u8]| {
    // The driver rejects invalid UTF-8 before the front end sees it.
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };

    if let Err(diags) = wend_frontend::tokens_text(src) {
        expect_errors("tokens_text", src, &diags);
    }
    if let Err(diags) = wend_frontend::ast_text(src) {
        expect_errors("ast_text", src, &diags);
    }

    let (checked, diags) = wend_frontend::check(src);
    render(src, &diags);
    match checked {
        None => assert!(
            has_errors(&diags),
            "check rejected the program without an error"
        ),
        Some(checked) => {
            assert!(
                !has_errors(&diags),
                "check accepted a program it reported errors for"
            );
            let module = wend_frontend::lower(checked);
            if let Err(e) = wend_ir::verify::verify_module(&module) {
                panic!(
                    "lowering produced invalid IR: {e}\n{}",
                    wend_ir::print::print_module(&module)
                );
            }
        }
    }
});

/// A failing stage must say why: at least one error, and it must render.
fn expect_errors(stage: &str, src: &str, diags: &[Diag]) {
    assert!(has_errors(diags), "{stage} failed without an error");
    render(src, diags);
}

fn render(src: &str, diags: &[Diag]) {
    for color in [false, true] {
        let text = render_diagnostics("fuzz.wend", src, diags, color);
        assert_eq!(text.is_empty(), diags.is_empty());
    }
}
