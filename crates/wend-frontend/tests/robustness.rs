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
    let too_deep = "nesting too deep: the limit is 1000".to_string();
    let cases = [
        format!(
            "main() {{ print {}1{}; }}",
            "(".repeat(100_000),
            ")".repeat(100_000)
        ),
        format!(
            "main() {{ {} {} }}",
            "while true {".repeat(50_000),
            "}".repeat(50_000)
        ),
        format!(
            "main() {{ {} {} }}",
            "f() {".repeat(50_000),
            "}".repeat(50_000)
        ),
        format!("main() {{ print 1{}; }}", " * 2".repeat(300_000)),
        format!("main() {{ print true{}; }}", " || false".repeat(300_000)),
        // Unbalanced: the parser's own stack is a heap vector.
        format!("main() {{ print {}", "(".repeat(200_000)),
    ];
    for (i, src) in cases.into_iter().enumerate() {
        let (ok, messages) = timed(src, Duration::from_secs(20));
        assert!(!ok, "case {i}");
        if i < 5 {
            assert_eq!(messages, vec![too_deep.clone()], "case {i}");
        }
    }
}

#[test]
fn moderately_deep_programs_compile() {
    let src = format!(
        "main() {{ int x; x = {}1{}; print x; }}",
        "(".repeat(900),
        ")".repeat(900)
    );
    assert!(compile(src).0);
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
        let params: Vec<String> = (list.iter().enumerate())
            .map(|(i, ty)| format!("{ty} p{i}"))
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
