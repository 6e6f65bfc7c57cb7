//! No input may make the front end panic, hang, overflow the stack or take
//! more than linear time.

use std::time::{Duration, Instant};

/// Runs the whole front end (and lowering, when the program is valid) on
/// a thread with the driver's 1 GiB stack.
fn compile(src: String) -> (bool, Vec<String>) {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            let _ = wend_frontend::tokens_text(&src);
            let _ = wend_frontend::ast_text(&src);
            let (checked, diags) = wend_frontend::check(&src);
            let rendered = wend_frontend::render_diagnostics("t.wend", &src, &diags, false);
            assert!(diags.is_empty() || !rendered.is_empty());
            let accepted = checked.is_some();
            if let Some(checked) = checked {
                let _ = wend_frontend::lower(checked);
            }
            (accepted, diags.into_iter().map(|d| d.message).collect())
        })
        .expect("spawn")
        .join()
        .expect("the front end must not panic")
}

fn timed(src: String, limit: Duration) -> (bool, Vec<String>) {
    let start = Instant::now();
    let result = compile(src);
    let elapsed = start.elapsed();
    assert!(elapsed < limit, "took {elapsed:?}");
    result
}

#[test]
fn deep_nesting_is_rejected_not_crashed() {
    let blocks = "nesting too deep: the limit is 1000".to_string();
    let expression = "expression too deep: the limit is 50000 levels".to_string();
    let cases = [
        (
            format!(
                "main() {{ print {}1{}; }}",
                "(".repeat(100_000),
                ")".repeat(100_000)
            ),
            Some(&expression),
        ),
        (
            format!(
                "main() {{ {} {} }}",
                "while true {".repeat(50_000),
                "}".repeat(50_000)
            ),
            Some(&blocks),
        ),
        (
            format!(
                "main() {{ {} {} }}",
                "f() {".repeat(50_000),
                "}".repeat(50_000)
            ),
            Some(&blocks),
        ),
        (
            format!("main() {{ print 1{}; }}", " * 2".repeat(300_000)),
            Some(&expression),
        ),
        (
            format!("main() {{ print true{}; }}", " || false".repeat(300_000)),
            Some(&expression),
        ),
        // Unbalanced: the parser's own stack is a heap vector.
        (format!("main() {{ print {}", "(".repeat(200_000)), None),
    ];
    for (i, (src, message)) in cases.into_iter().enumerate() {
        let (ok, messages) = timed(src, Duration::from_secs(60));
        assert!(!ok, "case {i}");
        if let Some(message) = message {
            assert_eq!(messages, vec![message.clone()], "case {i}");
        }
    }
}

/// Just under the limits, every kind of nesting compiles: blocks 1000 deep
/// (the limit counts the function body too), and expressions of every kind
/// of node 50 000 levels tall, which takes the most stack.
#[test]
fn programs_just_under_the_limits_compile() {
    let n = 49_999;
    let blocks = 999;
    let cases = [
        format!(
            "main() {{ int x; {}x = 1;{} print x; }}",
            "if true { ".repeat(blocks - 1),
            " }".repeat(blocks - 1)
        ),
        format!(
            "main() {{ f0() {{ {} print 1; {} }} f0(); }}",
            (1..blocks - 1)
                .map(|i| format!("f{i}() {{"))
                .collect::<String>(),
            (1..blocks - 1)
                .rev()
                .map(|i| format!("}} f{i}();"))
                .collect::<String>()
        ),
        format!(
            "main() {{ int x; x = {}1{}; print x; }}",
            "(".repeat(n - 1),
            ")".repeat(n - 1)
        ),
        format!("main() {{ int x; x = 1{}; print x; }}", " + 1".repeat(n)),
        format!(
            "main() {{ int x; x = {}1{}; print x; }}",
            "-(".repeat(n / 2),
            ")".repeat(n / 2)
        ),
        format!(
            "main() {{ bool b; b = true{}; print b; }}",
            " && true".repeat(n)
        ),
        format!(
            "main() {{ int x; int f(int a) {{ return a; }} x = {}1{}; print x; }}",
            "f(".repeat(n),
            ")".repeat(n)
        ),
        format!(
            "main() {{ bool b; b = {}false{}; print b; }}",
            "(true == ".repeat(n / 2),
            ")".repeat(n / 2)
        ),
    ];
    for (i, src) in cases.into_iter().enumerate() {
        let (ok, messages) = timed(src, Duration::from_secs(60));
        assert!(ok, "case {i}: {messages:?}");
    }
}

/// 10 MB in optimised builds; debug builds are about ten times slower, so
/// they use a tenth of the input for the same time limit.
const HUGE: usize = if cfg!(debug_assertions) {
    1_000_000
} else {
    10_000_000
};

#[test]
fn ten_megabyte_programs_are_fast() {
    let mut src = String::from("main() {\n    int x;\n    int f(int a) { return a + 1; }\n");
    while src.len() < HUGE {
        src.push_str("    x = f(x) * 3 - x / 7 + (x % 5); if x > 1000 { x = 0; } print \"s\";\n");
    }
    src.push_str("}\n");
    let (ok, messages) = timed(src, Duration::from_secs(60));
    assert!(ok, "{messages:?}");

    // A huge file full of errors is fast too.
    let mut src = String::from("main() {\n");
    while src.len() < HUGE {
        src.push_str("    y = true + 1;\n");
    }
    src.push_str("}\n");
    let (ok, _) = timed(src, Duration::from_secs(60));
    assert!(!ok);
}

/// Thousands of overloads of one name, each called once: overload
/// resolution (and the duplicate check) must not compare every call with
/// every overload.
#[test]
fn thousands_of_overloads_are_fast() {
    const OVERLOADS: usize = 15_000;
    // Every parameter list of int and bool, shortest first.
    let mut lists: Vec<Vec<&str>> = vec![Vec::new()];
    let mut next = 0;
    while lists.len() < OVERLOADS {
        for ty in ["int", "bool"] {
            let mut list = lists[next].clone();
            list.push(ty);
            lists.push(list);
        }
        next += 1;
    }
    lists.truncate(OVERLOADS);
    let mut src = String::from("main() {\n    int t;\n");
    for (k, list) in lists.iter().enumerate() {
        // `_p`: the parameters are never read, and this test times overload
        // resolution, not 180 000 unused-parameter warnings.
        let params: Vec<String> = (list.iter().enumerate())
            .map(|(i, ty)| format!("{ty} _p{i}"))
            .collect();
        src.push_str(&format!(
            "    int f({}) {{ return {k}; }}\n",
            params.join(", ")
        ));
    }
    for list in &lists {
        let args: Vec<&str> = (list.iter())
            .map(|&ty| if ty == "int" { "1" } else { "true" })
            .collect();
        src.push_str(&format!("    t = t + f({});\n", args.join(", ")));
    }
    src.push_str("    println t;\n}\n");
    let (ok, messages) = timed(src, Duration::from_secs(60));
    assert!(ok, "{messages:?}");
}

/// Thousands of errors on one long line: no diagnostic may print the whole
/// line, or the report grows with the square of the line.
#[test]
fn errors_on_one_long_line_are_reported_briefly() {
    let src = format!("main() {{ int x; {}}}\n", "x = true + 1; ".repeat(2_000));
    let (checked, diags) = wend_frontend::check(&src);
    assert!(
        checked.is_none() && diags.len() >= 2_000,
        "{} diagnostics",
        diags.len()
    );
    let text = wend_frontend::render_diagnostics("t.wend", &src, &diags, false);
    assert!(
        text.len() < 300 * diags.len(),
        "{} bytes for {} diagnostics",
        text.len(),
        diags.len()
    );
}

#[test]
fn garbage_never_panics() {
    // A deterministic pseudo-random byte soup over the language's alphabet.
    let alphabet: Vec<char> = "main(){}int bool true false if else while return print println \
                               ;,=+-*/%<>!&|\"\\x0 12 2147483648 ab\n\té\0@"
        .chars()
        .collect();
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..300 {
        let mut src = String::new();
        for _ in 0..200 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            src.push(alphabet[(state % alphabet.len() as u64) as usize]);
        }
        compile(src);
    }
    for src in [
        "",
        "\"",
        "\\",
        "main(",
        "main() {",
        "main() { print \"\\",
        "\u{feff}main() {}",
    ] {
        compile(src.to_string());
    }
}

/// The tree dump of a deep expression grows linearly: its indentation
/// stops at 40 levels, and deeper lines say their level instead.
#[test]
fn tree_dump_of_a_deep_expression_is_linear() {
    let n = 20_000;
    let src = format!("main() {{ print 1{}; }}", " + 1".repeat(n));
    let text = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || wend_frontend::ast_text(&src).expect("within the limits"))
        .expect("spawn")
        .join()
        .expect("the tree dump must not panic");
    assert!(text.len() < 300 * n, "{} bytes", text.len());
    let deep_line = format!("\n{}[level 41] binary +", "  ".repeat(40));
    assert!(text.contains(&deep_line), "{}", &text[..4000]);
}

/// Error recovery ends, quickly, on any damage to a valid program: every
/// truncation of it, and thousands of random deletions, insertions and
/// swaps of tokens. Every syntax error stays under the cap, is reported at
/// most once per spot, and a program with an error is never accepted.
#[test]
fn recovery_ends_on_any_damage_to_a_valid_program() {
    let program = "main() {\n    int n;\n    bool done;\n    int fib(int k) {\n        \
                   if k < 2 { return k; }\n        return fib(k - 1) + fib(k - 2);\n    }\n    \
                   show(int v) { print v; println \"\"; }\n    while !done {\n        \
                   show(fib(n));\n        n = n + 1;\n        if n > 10 { done = true; } else { \
                   print 0; }\n    }\n}\n";
    let pieces: Vec<&str> = program.split_inclusive([' ', '\n']).collect();
    let check = |src: String| {
        let start = Instant::now();
        let (checked, diags) = wend_frontend::check(&src);
        assert!(start.elapsed() < Duration::from_secs(5), "{src}");
        let errors: Vec<_> = diags
            .iter()
            .filter(|d| d.severity == codespan_reporting::diagnostic::Severity::Error)
            .collect();
        assert_eq!(checked.is_some(), errors.is_empty(), "{src}");
        let mut spots: Vec<_> = errors
            .iter()
            .map(|d| (d.labels[0].range.start, d.message.clone()))
            .collect();
        spots.dedup();
        assert_eq!(spots.len(), errors.len(), "an error reported twice: {src}");
        let rendered = wend_frontend::render_diagnostics("t.wend", &src, &diags, false);
        assert_eq!(rendered.is_empty(), diags.is_empty());
    };
    for end in 0..program.len() {
        check(program[..end].to_string());
    }
    let alphabet = [
        "(", ")", "{", "}", ";", ",", "=", "+", "-", "==", "<", "!", "int ", "bool ", "if ",
        "else ", "while ", "return ", "print ", "x", "1", "true", "\"s\"", "for ", "break", "&",
        "/*", "\n",
    ];
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    for _ in 0..2000 {
        let mut mutated: Vec<&str> = pieces.clone();
        for _ in 0..1 + next(4) {
            let at = next(mutated.len());
            match next(3) {
                0 => {
                    mutated.remove(at);
                }
                1 => mutated.insert(at, alphabet[next(alphabet.len())]),
                _ => mutated[at] = alphabet[next(alphabet.len())],
            }
        }
        check(mutated.concat());
    }
}

/// Recovery stays linear in the size of the file: each of its steps looks
/// a bounded way around an error, and the errors are capped.
#[test]
fn recovery_on_huge_and_deep_broken_programs_is_fast() {
    let n = HUGE / 16;
    let cases = [
        // One long line of statements, with errors among them.
        format!(
            "main() {{ int x; {} x = 1 +; }}",
            "x = (x + 1) * 2; ".repeat(n)
        ),
        // Parentheses never closed, on one line with many `;`.
        format!("main() {{ int x; {} }}", "x = (1; ".repeat(n)),
        // Blocks never closed, and closers never opened.
        format!("main() {{ {}", "if true { x = 1; ".repeat(n)),
        format!("main() {{ }} {}", "} ".repeat(n)),
        // An error at the bottom of blocks nested to the limit.
        format!(
            "main() {{ int x; {} x = ; {} }}",
            "if true {\n".repeat(998),
            "}\n".repeat(998)
        ),
        // Many errors, each on its own line, past the cap.
        format!(
            "main() {{\n    int x;\n{}}}\n",
            "    x = 1 2;\n".repeat(n / 4)
        ),
    ];
    for (i, src) in cases.into_iter().enumerate() {
        let (ok, messages) = timed(src, Duration::from_secs(30));
        assert!(!ok, "case {i}");
        assert!(
            !messages.is_empty() && messages.len() <= wend_frontend::recover::MAX_SYNTAX_ERRORS,
            "case {i}: {} messages",
            messages.len()
        );
    }
}
