//! `wend_frontend::format`: the golden cases of `tests/fmt/` (each file is an
//! input, a line `// ---- expected ----`, and its formatted text), and the
//! properties on every program of the repository and on random programs of
//! wend-gen, also re-spaced at random: formatting is idempotent, keeps the
//! tokens and keeps the comments, in order; and it never changes what a
//! program means: the formatted program compiles to the same IR and, run,
//! prints the same output with the same status.

use proptest::prelude::*;
use std::path::{Path, PathBuf};
use wend_frontend::format::{comments, format};
use wend_frontend::lexer::{lex, Tok};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The tokens of `src` as (kind, text) pairs.
fn tokens(src: &str) -> Vec<(wend_frontend::lexer::Tok, String)> {
    let (tokens, errors) = lex(src);
    assert!(errors.is_empty());
    tokens
        .iter()
        .map(|t| (t.tok, t.text(src).to_string()))
        .collect()
}

/// Checks the three properties of formatting on `src`, which must parse.
fn check_properties(name: &str, src: &str) -> Result<(), String> {
    let once = format(src).map_err(|d| format!("{name}: refused: {:?}", d[0].message))?;
    if tokens(&once) != tokens(src) {
        return Err(format!("{name}: the tokens changed"));
    }
    if comments(&once) != comments(src) {
        return Err(format!("{name}: the comments changed"));
    }
    let twice = format(&once).map_err(|_| format!("{name}: its formatted text is refused"))?;
    if twice != once {
        return Err(format!(
            "{name}: not idempotent:\n--- once\n{once}\n--- twice\n{twice}"
        ));
    }
    if once.lines().any(|line| line.ends_with(' ')) {
        return Err(format!("{name}: a line ends in spaces"));
    }
    Ok(())
}

fn wend_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            wend_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "wend") {
            found.push(path);
        }
    }
}

#[test]
fn every_program_of_the_repository() {
    let mut files = Vec::new();
    for dir in ["test-programs", "docs", "bench", "crates"] {
        wend_files(&repo_root().join(dir), &mut files);
    }
    assert!(files.len() > 100, "found only {} programs", files.len());
    let mut formatted = 0;
    for file in &files {
        let src = std::fs::read_to_string(file).unwrap();
        if wend_frontend::parser::parse(&src).is_err() {
            // Refused with its diagnostics: nothing to check.
            assert!(format(&src).is_err());
            continue;
        }
        if let Err(e) = check_properties(&file.display().to_string(), &src) {
            panic!("{e}");
        }
        formatted += 1;
    }
    assert!(formatted > 100);
}

/// A program's stdout, stderr and exit status.
type Run = (Vec<u8>, Vec<u8>, i32);

/// What `src` means to the compiler: its IR as printed, and what the IR
/// interpreter's run of it writes and exits with (`None` for a program
/// not to run: a terminal demo, which animates until interrupted).
fn meaning(name: &str, src: &str, run: bool) -> (String, Option<Run>) {
    let (checked, diags) = wend_frontend::check(src);
    let checked = checked.unwrap_or_else(|| {
        panic!(
            "{name}: does not compile:\n{}",
            wend_frontend::render_diagnostics(name, src, &diags, false)
        )
    });
    let module = wend_frontend::lower(checked);
    let ir = wend_ir::print::print_module(&module);
    let ran = run.then(|| {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = wend_ir::interp::run_main(&module, &mut out, &mut err)
            .unwrap_or_else(|e| panic!("{name}: the interpreter failed: {e:?}"));
        (out, err, status)
    });
    (ir, ran)
}

/// The pairs (line in `src`, line in `formatted`) of each `/` and `%`:
/// a division by zero reports its line, which formatting may move.
fn division_lines(src: &str, formatted: &str) -> Vec<(u32, u32)> {
    let lines = |text: &str| {
        let (tokens, _) = lex(text);
        (tokens.iter())
            .filter(|t| matches!(t.tok, Tok::Slash | Tok::Percent))
            .map(|t| 1 + text[..t.span.start()].matches('\n').count() as u32)
            .collect::<Vec<u32>>()
    };
    lines(src).into_iter().zip(lines(formatted)).collect()
}

/// The line that `text` names after `prefix`, if it is that prefix, a
/// number and `suffix`.
fn named_line(text: &str, prefix: &str, suffix: &str) -> Option<u32> {
    text.strip_prefix(prefix)?
        .strip_suffix(suffix)?
        .parse()
        .ok()
}

/// Formats `src` (which must compile) and checks that the formatted program
/// means the same: the same IR and the same run, but for the line a
/// division by zero reports, which must be that of the same division in the
/// formatted text.
fn check_same_meaning(name: &str, src: &str, run: bool) -> Result<(), String> {
    let formatted = format(src).map_err(|d| format!("{name}: refused: {:?}", d[0].message))?;
    same_meaning(name, src, &formatted, run)
}

/// Whether `formatted` means what `src` means (see [`check_same_meaning`]).
fn same_meaning(name: &str, src: &str, formatted: &str, run: bool) -> Result<(), String> {
    let (ir, ran) = meaning(name, src, run);
    let (formatted_ir, formatted_ran) = meaning(name, formatted, run);
    let moved = division_lines(src, formatted);
    let same_division = |a: &str, b: &str, prefix: &str, suffix: &str| {
        let lines = named_line(a, prefix, suffix).zip(named_line(b, prefix, suffix));
        lines.is_some_and(|pair| moved.contains(&pair))
    };
    let call = "  call void @wend_div_by_zero(i32 ";
    if ir.lines().count() != formatted_ir.lines().count() {
        return Err(format!(
            "{name}: the formatted program's IR has another length"
        ));
    }
    let differs = ir.lines().zip(formatted_ir.lines());
    if let Some((a, b)) = differs
        .filter(|(a, b)| a != b)
        .find(|(a, b)| !same_division(a, b, call, ")"))
    {
        return Err(format!(
            "{name}: the formatted program's IR differs:\n  {a}\nbecame\n  {b}"
        ));
    }
    let (Some((out, err, status)), Some((formatted_out, formatted_err, formatted_status))) =
        (ran, formatted_ran)
    else {
        return Ok(());
    };
    let (err, formatted_err) = (
        String::from_utf8_lossy(&err),
        String::from_utf8_lossy(&formatted_err),
    );
    let message = "runtime error: division by zero at line ";
    let same_err = err == formatted_err || same_division(&err, &formatted_err, message, "\n");
    if out != formatted_out || status != formatted_status || !same_err {
        return Err(format!(
            "{name}: the formatted program runs differently: status {status}, stderr {err:?}, \
             stdout {:?}\nbecame status {formatted_status}, stderr {formatted_err:?}, stdout {:?}",
            String::from_utf8_lossy(&out),
            String::from_utf8_lossy(&formatted_out),
        ));
    }
    Ok(())
}

/// The programs of test-programs/ that compile: all but errors/.
fn test_programs() -> Vec<PathBuf> {
    let mut files = Vec::new();
    wend_files(&repo_root().join("test-programs"), &mut files);
    files.retain(|f| !f.starts_with(repo_root().join("test-programs/errors")));
    files.sort();
    files
}

#[test]
fn formatting_keeps_the_meaning_of_every_test_program() {
    let files = test_programs();
    assert!(files.len() > 60, "found only {} programs", files.len());
    // The interpreter needs no large stack, but checking and lowering the
    // deepest programs do, as in wendc.
    let worker = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            for file in &files {
                let src = std::fs::read_to_string(file).unwrap();
                let demo = file.starts_with(repo_root().join("test-programs/gfx"));
                if let Err(e) = check_same_meaning(&file.display().to_string(), &src, !demo) {
                    panic!("{e}");
                }
            }
        })
        .unwrap();
    worker.join().unwrap();
}

/// The meaning check accepts a division moved to another line (its
/// reported line moving with it) and refuses a program regrouped.
#[test]
fn the_meaning_check_can_fail() {
    let src = "main() {\n    int z;\n    println 1 - 2 - 3;\n    println 7 / z;\n}\n";
    let moved = src.replace("    println 7 / z;", "\n    println 7 / z;");
    assert!(same_meaning("moved", src, &moved, true).is_ok());
    let regrouped = src.replace("1 - 2 - 3", "1 - (2 - 3)");
    let err = same_meaning("regrouped", src, &regrouped, true).unwrap_err();
    assert!(err.contains("IR differs"), "{err}");
}

const EXPECTED: &str = "// ---- expected ----\n";

#[test]
fn golden_cases() {
    let mut files = Vec::new();
    wend_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fmt"),
        &mut files,
    );
    assert!(!files.is_empty());
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let (input, expected) = text
            .split_once(EXPECTED)
            .unwrap_or_else(|| panic!("{}: no `{EXPECTED}` line", file.display()));
        let actual = format(input).expect("golden input parses");
        assert_eq!(
            actual,
            expected,
            "{}: formatted (left) is not the expected (right)",
            file.display()
        );
        check_properties(&file.display().to_string(), input).unwrap();
    }
}

#[test]
fn syntax_errors_are_refused() {
    for src in [
        "main() { x = ; }",
        "main() { /* c */ }",
        "main() {",
        "int x;",
    ] {
        let diags = format(src).expect_err(src);
        assert!(!diags.is_empty());
    }
}

#[test]
fn semantic_errors_are_formatted() {
    assert_eq!(
        format("main(){x=true+1;}").unwrap(),
        "main() {\n    x = true + 1;\n}\n"
    );
}

/// `src` with the whitespace between its tokens replaced by what `choices`
/// says: spaces, newlines or blank lines, and, if `add_comments`, new
/// comments after a token or on a line of their own. A comment of `src`
/// stays on a line of its own or at the end of a line.
fn respace(src: &str, choices: &[u8], add_comments: bool) -> String {
    let (tokens, _) = lex(src);
    let mut out = String::new();
    let mut last = 0;
    for (i, token) in tokens.iter().enumerate() {
        let gap = &src[last..token.span.start()];
        let choice = choices[i % choices.len()];
        // Comments of the gap are kept, each ending its line.
        let mut had_comment = false;
        for (line, piece) in gap.split('\n').enumerate() {
            if let Some(at) = piece.find("//") {
                // A comment on a line of its own stays so.
                out.push(if line > 0 || last == 0 { '\n' } else { ' ' });
                out.push_str(&piece[at..]);
                out.push('\n');
                had_comment = true;
            }
        }
        if !had_comment && last > 0 {
            match choice % 8 {
                0 => out.push(' '),
                1 => out.push('\n'),
                2 => out.push_str("\n\n"),
                3 => out.push_str("   "),
                4 => out.push('\t'),
                // Comments where no one would write them.
                5 if add_comments => out.push_str(&format!(" // after {}\n", i - 1)),
                6 if add_comments => out.push_str(&format!("\n  // before {i}\n")),
                _ => out.push(' '),
            }
        }
        out.push_str(token.text(src));
        last = token.span.end();
    }
    out.push_str(&src[last..]);
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_programs(seed in any::<u64>(), respace_it in any::<bool>(), add_comments in any::<bool>(), choices in prop::collection::vec(any::<u8>(), 1..16)) {
        let src = wend_gen::generate(seed, wend_gen::Size::Small);
        let src = if respace_it { respace(&src, &choices, add_comments) } else { src };
        if let Err(e) = check_properties(&format!("seed {seed}"), &src) {
            prop_assert!(false, "{}", e);
        }
    }

    #[test]
    fn formatting_keeps_the_meaning_of_random_programs(seed in any::<u64>(), choices in prop::collection::vec(any::<u8>(), 1..16)) {
        // Re-spaced and with comments added, so that formatting has work to do.
        let src = respace(&wend_gen::generate(seed, wend_gen::Size::Small), &choices, true);
        if let Err(e) = check_same_meaning(&format!("seed {seed}"), &src, true) {
            prop_assert!(false, "{}", e);
        }
    }

    #[test]
    fn respaced_repository_programs(index in 0usize..1000, choices in prop::collection::vec(any::<u8>(), 1..16)) {
        let files = test_programs();
        let file = &files[index % files.len()];
        let src = respace(&std::fs::read_to_string(file).unwrap(), &choices, false);
        if let Err(e) = check_properties(&file.display().to_string(), &src) {
            prop_assert!(false, "{}", e);
        }
        // Whitespace never matters to the layout, only blank lines.
        let plain = format(&std::fs::read_to_string(file).unwrap()).unwrap();
        let strip = |s: &str| s.lines().filter(|l| !l.trim().is_empty()).collect::<Vec<_>>().join("\n");
        let (respaced, plain) = (strip(&format(&src).unwrap()), strip(&plain));
        if let Some((a, b)) = respaced.lines().zip(plain.lines()).find(|(a, b)| a != b) {
            prop_assert!(false, "{}: respaced {:?} formats to\n{}\ninstead of\n{}", file.display(), src, a, b);
        }
        prop_assert_eq!(respaced.lines().count(), plain.lines().count());
    }

    #[test]
    fn comments_anywhere(index in 0usize..1000, choices in prop::collection::vec(any::<u8>(), 1..16)) {
        let files = test_programs();
        let file = &files[index % files.len()];
        let src = respace(&std::fs::read_to_string(file).unwrap(), &choices, true);
        if let Err(e) = check_properties(&file.display().to_string(), &src) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// The formatter's recursion is bounded (the nesting limits of the parser
/// allow far more than a line can show): the deepest programs format on an
/// ordinary thread's stack, as an editor's language server runs it.
#[test]
fn deep_nesting_needs_no_large_stack() {
    let parens = 40_000;
    let deep_expr = format!(
        "main() {{ int x; x = {}1{}; x = {}; println x; }}",
        "(".repeat(parens),
        ")".repeat(parens),
        vec!["x"; 40_000].join(" + ")
    );
    let deep_blocks = format!(
        "main() {{ int x; {} x = 1; {} }}",
        "if true { ".repeat(990),
        "} ".repeat(990)
    );
    let worker = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            for src in [deep_expr, deep_blocks] {
                check_properties("deep", &src).unwrap();
            }
        })
        .unwrap();
    worker.join().unwrap();
}
