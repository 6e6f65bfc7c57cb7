//! `-g`: executables built with debug information, driven through gdb in
//! batch mode, the way a student would use them: breakpoints on nested
//! functions, `info locals`, `info args`, `print`, `set var`, backtraces.
//! The expected values follow from the programs (worked out in the
//! comments), not from a run of them. Skipped, saying so, where gdb is
//! not installed.

mod common;

use common::wendc_in;
use std::path::{Path, PathBuf};

/// A nested function that reads and writes its parent's variable.
const COUNTER: &str = "\
main() {
    int x;
    bool flag;
    int f(int n) {
        int y;
        y = n + x;
        x = x + 1;
        return y * 2;
    }
    x = 5;
    flag = true;
    println f(3);
    println x;
    println flag;
}
";

/// Recursion through nested functions, a capture two levels down, a
/// local that shadows a captured variable.
const NESTED: &str = "\
main() {
    int total;
    bool done;
    int depth(int n, bool flip) {
        int here;
        int inner(int k) {
            int t;
            t = k * 10;
            total = total + t;
            return t;
        }
        here = inner(n);
        if n > 0 {
            here = here + depth(n - 1, !flip);
        }
        return here;
    }
    int shadow() {
        int total;
        total = 7;
        return total + outer();
    }
    int outer() {
        return total;
    }
    total = 1;
    println depth(2, true);
    println shadow();
    println total;
}
";

fn have_gdb() -> bool {
    let found = std::process::Command::new("gdb")
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success());
    if !found {
        eprintln!("gdb not installed: the debugger tests are skipped");
    }
    found
}

/// Writes `source` as `prog.wend` in a fresh directory and builds it there
/// with `wendc build -g` and `flags`; returns the directory (kept alive)
/// and the executable.
fn build(source: &str, flags: &[&str]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("prog.wend"), source).unwrap();
    wendc_in(dir.path())
        .args(["build", "-g", "prog.wend", "-o", "prog"])
        .args(flags)
        .assert()
        .success();
    let exe = dir.path().join("prog");
    (dir, exe)
}

/// Builds the repository's `program` with `wendc build -g` and `flags`
/// from the repository's root, as the docs show it (so that gdb names the
/// source by that path); returns the directory of the executable (kept
/// alive) and the executable.
fn build_example(program: &str, flags: &[&str]) -> (tempfile::TempDir, PathBuf) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("prog");
    wendc_in(&root)
        .args(["build", "-g", program, "-o"])
        .arg(&exe)
        .args(flags)
        .assert()
        .success();
    (dir, exe)
}

/// Runs gdb in batch mode on `exe` with `commands`; returns what it
/// printed (the program's output included), stdout then stderr.
fn gdb(exe: &Path, commands: &[&str]) -> String {
    let mut cmd = std::process::Command::new("gdb");
    // No init files, no questions; the address space randomisation gdb
    // turns off by default is not allowed in every container.
    cmd.args(["-batch", "-nx", "-iex", "set disable-randomization off"]);
    for c in commands {
        cmd.args(["-ex", c]);
    }
    let out = cmd
        .arg(exe)
        .current_dir(exe.parent().unwrap())
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    eprintln!("gdb said:\n{text}");
    text
}

/// Asserts that `text` has each of `lines` as a whole line, in order.
fn assert_lines_in_order(text: &str, lines: &[&str]) {
    let mut rest = text.lines();
    for want in lines {
        assert!(
            rest.any(|line| line.trim_end() == *want),
            "missing line `{want}` (in this order) in:\n{text}"
        );
    }
}

#[test]
fn break_on_a_nested_function_shows_its_variables_and_arguments() {
    if !have_gdb() {
        return;
    }
    let (_dir, exe) = build(COUNTER, &[]);
    let out = gdb(
        &exe,
        &[
            "break main.f",
            "run",
            "info locals",
            "echo --args--\\n",
            "info args",
            "print n + x",
        ],
    );
    // f(3) is called once main set x to 5: at f's first line its local y
    // is still 0, its parameter n is 3, and it sees main's x, 5.
    assert_lines_in_order(
        &out,
        &[
            "Breakpoint 1, f (n=3) at prog.wend:6",
            "6\t        y = n + x;",
            "y = 0",
            "x = 5",
            "--args--",
            "n = 3",
            "$1 = 8",
        ],
    );
}

#[test]
fn the_user_s_name_of_a_nested_function_is_a_breakpoint_too() {
    if !have_gdb() {
        return;
    }
    let (_dir, exe) = build(COUNTER, &[]);
    let out = gdb(&exe, &["break f", "run", "bt"]);
    assert_lines_in_order(
        &out,
        &[
            "Breakpoint 1, f (n=3) at prog.wend:6",
            "#0  f (n=3) at prog.wend:6",
        ],
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("#1 ") && l.ends_with("in main () at prog.wend:12")),
        "{out}"
    );
}

#[test]
fn set_var_on_a_captured_variable_changes_the_program_s_output() {
    if !have_gdb() {
        return;
    }
    let (_dir, exe) = build(COUNTER, &[]);
    let out = gdb(&exe, &["break main.f", "run", "set var x = 42", "continue"]);
    // x is main's, written through f's pointer: y = 3 + 42, f returns 90,
    // then x is incremented to 43.
    assert_lines_in_order(&out, &["90", "43", "true"]);
}

#[test]
fn set_var_on_locals_of_main_int_and_bool() {
    if !have_gdb() {
        return;
    }
    let (_dir, exe) = build(COUNTER, &[]);
    // Line 13, `println x;`, runs after f has incremented x to 6.
    let out = gdb(
        &exe,
        &[
            "break prog.wend:13",
            "run",
            "info locals",
            "set var x = 5",
            "set var flag = 0",
            "print flag",
            "continue",
        ],
    );
    assert_lines_in_order(&out, &["x = 6", "flag = true", "$1 = false", "5", "false"]);
}

#[test]
fn backtrace_through_recursive_nested_functions() {
    if !have_gdb() {
        return;
    }
    let (_dir, exe) = build(NESTED, &[]);
    // The third stop in inner is depth(0)'s call: depth(2) called
    // inner(2) (total 1 + 20), then depth(1), which called inner(1)
    // (total 31), then depth(0), which calls inner(0).
    let out = gdb(
        &exe,
        &[
            "break inner",
            "run",
            "continue",
            "continue",
            "bt",
            "print total",
            "up",
            "info args",
            "print here",
            "print done",
        ],
    );
    assert_lines_in_order(
        &out,
        &[
            "Breakpoint 1, inner (k=0) at prog.wend:8",
            "$1 = 31",
            "n = 0",
            "flip = true",
            "$2 = 0",
            "$3 = false",
        ],
    );
    let frames: Vec<&str> = out.lines().filter(|l| l.starts_with('#')).collect();
    let expected = [
        "inner (k=0) at prog.wend:8",
        "depth (n=0, flip=true) at prog.wend:12",
        "depth (n=1, flip=false) at prog.wend:14",
        "depth (n=2, flip=true) at prog.wend:14",
        "main () at prog.wend:27",
    ];
    assert!(frames.len() >= expected.len(), "{out}");
    for (frame, want) in frames.iter().zip(expected) {
        assert!(
            frame.ends_with(want),
            "frame `{frame}` is not `{want}`:\n{out}"
        );
    }
}

#[test]
fn a_local_hides_the_captured_variable_of_the_same_name() {
    if !have_gdb() {
        return;
    }
    let (_dir, exe) = build(NESTED, &[]);
    // shadow passes main's total on to outer, but its own total hides it.
    let out = gdb(
        &exe,
        &[
            "break main.shadow",
            "run",
            "info locals",
            "next",
            "print total",
            "finish",
        ],
    );
    let locals: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("20\t"))
        .skip(1)
        .take_while(|l| !l.starts_with("21\t"))
        .collect();
    assert_eq!(locals, ["total = 0"], "{out}");
    // outer returns main's total, 31: shadow returns 7 + 31.
    assert_lines_in_order(&out, &["$1 = 7", "Value returned is $2 = 38"]);
}

#[test]
fn a_function_without_variables_stops_before_its_first_statement() {
    if !have_gdb() {
        return;
    }
    let (_dir, exe) = build(NESTED, &[]);
    // outer's only code is its return: the breakpoint must come before it
    // (outer is called once, from shadow, when main's total is 31).
    let out = gdb(&exe, &["break outer", "run", "info locals", "finish"]);
    assert_lines_in_order(
        &out,
        &[
            "Breakpoint 1, outer () at prog.wend:24",
            "24\t        return total;",
            "total = 31",
            "Value returned is $1 = 31",
        ],
    );
}

#[test]
fn gdb_calls_a_nested_function_only_with_its_hidden_pointers() {
    if !have_gdb() {
        return;
    }
    // depth also receives a pointer to main's total, after its own
    // parameters: gdb knows it, and will not call depth without it. Given
    // main's &total (31 at this point), depth(1) adds inner(1) = 10 to it
    // and returns 10 + depth(0) = 10. (A bool is 1 or 0 in C.)
    let (_dir, exe) = build(NESTED, &[]);
    let out = gdb(
        &exe,
        &[
            "break main.shadow",
            "run",
            "print depth(1, 1)",
            "up",
            "print depth(1, 1, &total)",
            "print total",
            "info args",
        ],
    );
    // gdb's errors go to stderr, which `gdb` appends after stdout.
    assert!(out.contains("Too few arguments in function call."), "{out}");
    assert_lines_in_order(&out, &["$1 = 10", "$2 = 41"]);
    let (_dir, exe) = build(
        "main() {\n    int twice(int v) {\n        return v + v;\n    }\n    println twice(4);\n}\n",
        &[],
    );
    let out = gdb(&exe, &["break prog.wend:5", "run", "print twice(21)"]);
    assert_lines_in_order(&out, &["$1 = 42"]);
}

#[test]
fn optimised_code_shows_the_values_it_knows_at_a_breakpoint() {
    if !have_gdb() {
        return;
    }
    let (_dir, exe) = build(NESTED, &["-O2"]);
    let out = gdb(
        &exe,
        &[
            "break main.depth",
            "run",
            "info args",
            "info locals",
            "kill",
        ],
    );
    // The first call is depth(2, true); `here` is not assigned yet, so it
    // holds its initial 0 (`inner` is inlined: its `t` is not shown); the
    // captured `total`, reached through the pointer parameter, is still
    // main's 1.
    assert_lines_in_order(&out, &["n = 2", "flip = true", "here = 0", "total = 1"]);
}

/// A leaf function with more values live at once than there are
/// caller-saved registers: at -O1 it pushes `%rbx` (where its caller keeps
/// `n`) and has no frame pointer.
const PUSHING_LEAF: &str = "\
main() {
    int n;
    int mix(int a, int b) {
        int c;
        int d;
        int e;
        int f;
        int g;
        int h;
        int i;
        int j;
        c = a * b + 1;
        d = a * 3 - b;
        e = b * b + a;
        f = c * d;
        g = d * e + 7;
        h = e * c - a;
        i = f * g;
        j = h * a + g;
        return c * d - e * f + g * h - i * j;
    }
    n = 0;
    while n < 3 {
        println mix(n, n + 2);
        n = n + 1;
    }
}
";

#[test]
fn a_leaf_function_that_pushes_without_a_frame_pointer_unwinds() {
    if !have_gdb() {
        return;
    }
    let (dir, exe) = build(PUSHING_LEAF, &["-O1"]);
    let asm = wendc_in(dir.path())
        .args([
            "build",
            "-g",
            "-O1",
            "--emit",
            "asm",
            "prog.wend",
            "-o",
            "-",
        ])
        .output()
        .unwrap();
    let mix = common::asm_instructions(&String::from_utf8_lossy(&asm.stdout), "main.mix");
    assert_eq!(
        mix.first().map(String::as_str),
        Some("pushq %rbx"),
        "{mix:?}"
    );
    assert!(!mix
        .iter()
        .any(|i| i.contains("rbp") || i.starts_with("call")));
    // At the push, after it, and at the return statement (where mix has
    // overwritten %rbx), main's frame is found and its n (in %rbx, read
    // back from where mix pushed it) is 0. mix(0, 2): c = 1, d = -2,
    // e = 4, f = -2, g = -1, h = 4, i = 2, j = -1, and it returns
    // -2 + 8 - 4 + 2 = 4.
    let out = gdb(
        &exe,
        &[
            "break *'main.mix'",
            "run",
            "bt",
            "up",
            "print n",
            "stepi",
            "bt",
            "break 20",
            "continue",
            "bt",
            "info locals",
            "up",
            "print n",
            "down",
            "finish",
            "print n",
        ],
    );
    assert_lines_in_order(
        &out,
        &[
            "$1 = 0",
            "12\t        c = a * b + 1;",
            "Breakpoint 2, mix (a=<optimized out>, b=<optimized out>) at prog.wend:20",
            "c = 1",
            "d = -2",
            "e = 4",
            "f = -2",
            "g = -1",
            "h = 4",
            "i = 2",
            "j = -1",
            "$2 = 0",
            "Value returned is $3 = 4",
            "$4 = 0",
        ],
    );
    // Frame 1 as the three backtraces and the two `up`s show it.
    let callers = out.lines().filter(|l| l.starts_with("#1 "));
    let callers: Vec<&str> = callers.collect();
    assert_eq!(callers.len(), 5, "{out}");
    for frame in callers {
        assert!(frame.ends_with(" in main () at prog.wend:24"), "{out}");
    }
}

#[test]
fn the_session_in_the_runtime_chapter() {
    if !have_gdb() {
        return;
    }
    // docs/10-runtime.md shows this session on docs/examples/counter.wend.
    let (_dir, exe) = build_example("docs/examples/counter.wend", &[]);
    let out = gdb(
        &exe,
        &[
            "break add",
            "run",
            "info locals",
            "set var total = 100",
            "bt",
            "delete",
            "continue",
        ],
    );
    assert_lines_in_order(
        &out,
        &[
            "Breakpoint 1, add (k=5) at docs/examples/counter.wend:5",
            "5\t        total = total + k;",
            "total = 0",
            "#0  add (k=5) at docs/examples/counter.wend:5",
            "112",
        ],
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("#1 ")
                && l.ends_with("in main () at docs/examples/counter.wend:7")),
        "{out}"
    );
}

#[test]
fn the_optimised_session_in_the_runtime_chapter() {
    if !have_gdb() {
        return;
    }
    // docs/10-runtime.md shows this session on docs/examples/sum.wend: in
    // the loop, `i` is incremented before `sum` adds it.
    let (_dir, exe) = build_example("docs/examples/sum.wend", &["-O2"]);
    let out = gdb(
        &exe,
        &[
            "break 7",
            "run",
            "info locals",
            "continue",
            "info locals",
            "kill",
        ],
    );
    assert_lines_in_order(
        &out,
        &[
            "Breakpoint 1, main () at docs/examples/sum.wend:7",
            "7\t        sum = sum + i;",
            "i = 1",
            "sum = 0",
            "Breakpoint 1, main () at docs/examples/sum.wend:7",
            "i = 2",
            "sum = 1",
        ],
    );
}

#[test]
fn debug_info_is_only_there_with_g() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("prog.wend"), COUNTER).unwrap();
    let asm = |g: bool| {
        let mut cmd = wendc_in(dir.path());
        cmd.args(["build", "prog.wend", "--emit", "asm"]);
        if g {
            cmd.arg("-g");
        }
        let out = cmd.assert().success().get_output().stdout.clone();
        String::from_utf8(out).unwrap()
    };
    assert!(!asm(false).contains(".debug_info"));
    let with_g = asm(true);
    assert!(with_g.contains(".section .debug_info"), "{with_g}");
    assert!(with_g.contains("\t.loc 1 6 prologue_end"), "{with_g}");
}

#[test]
fn g_with_the_llvm_backend_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("prog.wend"), COUNTER).unwrap();
    wendc_in(dir.path())
        .args(["build", "-g", "--backend", "llvm", "prog.wend"])
        .assert()
        .code(64)
        .stderr(predicates::str::contains("-g needs the native backend"));
    assert!(!dir.path().join("prog").exists());
}

#[test]
fn g_where_it_has_no_effect_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("prog.wend"), COUNTER).unwrap();
    let refused = |args: &[&str], message: &str| {
        wendc_in(dir.path())
            .args(args)
            .assert()
            .code(64)
            .stdout("")
            .stderr(predicates::str::contains(message));
    };
    refused(
        &["build", "-g", "--emit", "ir", "prog.wend"],
        "-g has no effect with `--emit ir`",
    );
    refused(
        &["build", "-g", "--emit", "llvm", "prog.wend"],
        "-g has no effect with `--emit llvm`",
    );
    refused(
        &["run", "-g", "--interp", "prog.wend"],
        "-g has no effect with `--interp`",
    );
    refused(
        &["run", "-g", "--backend", "llvm", "prog.wend"],
        "-g needs the native backend",
    );
    // Where it has an effect, it runs as without it.
    wendc_in(dir.path())
        .args(["run", "-g", "prog.wend"])
        .assert()
        .success()
        .stdout("16\n6\ntrue\n");
}

// ---- optimised code: every value shown is the -O0 value ----------------

/// Loops, branches that assign a variable on one side only, a variable
/// read after its last assignment, parameters, recursion and a nested
/// function that captures a variable of its parent.
const OPTIMISED_PROGRAMS: &[&str] = &[
    COUNTER,
    NESTED,
    // A function nested two deep, inlined into one that keeps slots.
    "\
main() {
    int a;
    int f(int n) {
        int b;
        int c;
        int g(int k) {
            b = b + k;
            c = c + a;
            return b * c;
        }
        b = n;
        c = g(n) + g(1);
        return b + c;
    }
    a = 3;
    println f(2);
    println a;
}
",
    "\
main() {
    int i;
    int sum;
    int last;
    bool even;
    while i < 6 {
        even = i % 2 == 0;
        if even {
            sum = sum + i * i;
        } else {
            last = i;
        }
        i = i + 1;
    }
    println sum;
    println last;
}
",
    "\
main() {
    int x;
    int y;
    int fib(int n) {
        int a;
        int b;
        int t;
        int k;
        b = 1;
        while k < n {
            t = a + b;
            a = b;
            b = t;
            k = k + 1;
        }
        return a;
    }
    int gcd(int a, int b) {
        if b == 0 {
            return a;
        }
        return gcd(b, a % b);
    }
    x = fib(10);
    y = gcd(x, 21);
    println x;
    println y;
    println x + y;
}
",
];

/// One stop of `gdb_trace.py`: the line and the how-manieth stop at it,
/// and each frame of the backtrace, innermost first, as its function's
/// name and each variable shown with its value.
#[derive(Debug)]
struct Stop {
    at: (u32, u32),
    frames: Vec<(String, Vec<(String, String)>)>,
}

/// Every stop of `exe` at a line of `prog.wend` (see `gdb_trace.py`).
fn trace(exe: &Path) -> Vec<Stop> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gdb_trace.py");
    let out = std::process::Command::new("gdb")
        .args([
            "-batch",
            "-nx",
            "-iex",
            "set disable-randomization off",
            "-x",
        ])
        .arg(script)
        .arg(exe)
        .current_dir(exe.parent().unwrap())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines()
            .any(|l| l.starts_with("[Inferior 1 (process ") && l.contains(" exited")),
        "the traced program did not finish:\n{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut stops: Vec<Stop> = Vec::new();
    for line in text.lines() {
        if let Some(at) = line.strip_prefix("stop ") {
            let (line, hit) = at.split_once(' ').unwrap();
            stops.push(Stop {
                at: (line.parse().unwrap(), hit.parse().unwrap()),
                frames: Vec::new(),
            });
        } else if let Some(frame) = line.strip_prefix("frame ") {
            let (name, values) = frame.split_once(" | ").unwrap();
            let values = values
                .split('\t')
                .filter(|v| !v.is_empty())
                .map(|v| {
                    let (name, value) = v.split_once('=').unwrap();
                    (name.to_string(), value.to_string())
                })
                .collect();
            let stop = stops.last_mut().expect("a frame follows its stop");
            stop.frames.push((name.to_string(), values));
        }
    }
    stops
}

const OPTIMIZED_OUT: &str = "<optimized out>";

/// Builds `source` at -O0 and with `flags`, traces both, and checks every
/// value the optimised build shows, in any frame, against the values the
/// variable has in the -O0 run, in time order. Optimised code runs a line's
/// code at other moments, or more or fewer times (a side of an `if` runs
/// on both paths, a loop's invariant runs once before it), so its stops do
/// not pair with -O0's; what must hold is that each variable's values, as
/// shown stop after stop, are values it has in the -O0 run, in the order
/// it has them: a value it never has, or an older one shown after a newer
/// one, is wrong. (A variable of a function is followed across all its
/// frames: with recursion or inlining, which frame is which differs.)
/// Returns how many values were shown and how many were `<optimized out>`.
fn check_against_o0(source: &str, flags: &[&str]) -> (usize, usize) {
    let (_dir0, exe0) = build(source, &[]);
    let reference = trace(&exe0);
    let (_dir, exe) = build(source, flags);
    let optimised = trace(&exe);
    assert!(!optimised.is_empty(), "no stop at all with {flags:?}");
    // For each function's variable, the -O0 stops and the values it has
    // at each (one per frame of the function).
    type History = Vec<(usize, Vec<String>)>;
    let mut history: std::collections::HashMap<(String, String), History> = Default::default();
    for (k, stop) in reference.iter().enumerate() {
        for (function, values) in &stop.frames {
            for (name, value) in values {
                let h = history.entry((function.clone(), name.clone())).or_default();
                match h.last_mut() {
                    Some((at, vs)) if *at == k => vs.push(value.clone()),
                    _ => h.push((k, vec![value.clone()])),
                }
            }
        }
    }
    // How far into its history each variable's shown values have come.
    let mut reached: std::collections::HashMap<(String, String), usize> = Default::default();
    let (mut shown, mut hidden) = (0, 0);
    for stop in &optimised {
        for (function, values) in &stop.frames {
            for (name, value) in values {
                if value == OPTIMIZED_OUT {
                    hidden += 1;
                    continue;
                }
                shown += 1;
                let key = (function.clone(), name.clone());
                let h = history.get(&key).map_or(&[][..], Vec::as_slice);
                let from = reached.get(&key).copied().unwrap_or(0);
                let found = h[from.min(h.len())..]
                    .iter()
                    .position(|(_, vs)| vs.contains(value))
                    .map(|p| from + p);
                let Some(at) = found else {
                    panic!(
                        "{flags:?}: at line {} (stop {}), frame {function}, gdb shows {name} = \
                         {value}, which -O0 never shows from its stop {} on; -O0 has {name} = {:?}\n\
                         program:\n{source}\noptimised stops:\n{optimised:#?}",
                        stop.at.0,
                        stop.at.1,
                        h.get(from).map_or(usize::MAX, |(k, _)| *k),
                        h.iter().map(|(_, vs)| vs.join("|")).collect::<Vec<_>>(),
                    );
                };
                reached.insert(key, at);
            }
        }
    }
    (shown, hidden)
}

#[test]
fn optimised_code_shows_the_o0_values_or_optimized_out() {
    if !have_gdb() {
        return;
    }
    for level in ["-O1", "-O2"] {
        let (mut shown, mut hidden) = (0, 0);
        for source in OPTIMISED_PROGRAMS {
            let (s, h) = check_against_o0(source, &[level]);
            shown += s;
            hidden += h;
        }
        eprintln!("{level}: {shown} values shown, {hidden} optimized out");
        assert!(shown > 0, "{level}: no value shown at all");
    }
}

/// The instructions of `wendc build --emit asm` with `flags`, without the
/// debug sections, directives and labels.
fn instructions(program: &Path, flags: &[&str]) -> Option<String> {
    let out = common::wendc()
        .args(["build", "--emit", "asm", "-o", "-"])
        .arg(program)
        .args(flags)
        .output()
        .unwrap();
    if !out.status.success() {
        return None; // a program with errors (test-programs/errors)
    }
    let text = String::from_utf8(out.stdout).unwrap();
    let code = text.split("\t.section .debug_").next().unwrap();
    let lines: Vec<&str> = code
        .lines()
        .filter(|l| l.starts_with('\t') && !l.starts_with("\t."))
        .collect();
    Some(lines.join("\n"))
}

/// `-g` changes no instruction of optimised code: the debug values that
/// say where the variables are keep no value alive and change no decision
/// of the optimiser or the backend. (At -O0 it does: a nested function
/// stores the pointers to its captured variables in its frame, as clang
/// -O0 stores every parameter, for the debugger to find them.)
#[test]
fn g_changes_no_instruction() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test-programs");
    let mut programs: Vec<PathBuf> = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "wend") {
                programs.push(path);
            }
        }
    }
    programs.sort();
    let dir = tempfile::tempdir().unwrap();
    for (k, source) in OPTIMISED_PROGRAMS.iter().enumerate() {
        let path = dir.path().join(format!("optimised{k}.wend"));
        std::fs::write(&path, source).unwrap();
        programs.push(path);
    }
    let mut compared = 0;
    for program in &programs {
        for level in ["-O1", "-O2"] {
            let Some(without) = instructions(program, &[level]) else {
                continue;
            };
            let with = instructions(program, &[level, "-g"]).expect("builds with -g too");
            assert!(
                without == with,
                "{} {level}: -g changes the code",
                program.display()
            );
            compared += 1;
        }
    }
    assert!(compared > 100, "only {compared} builds compared");
}

/// The checker over programs of the repository: known_conditions.wend
/// stops in a callee while `main`'s loop counter is in a callee-saved
/// register (the caller's frame must read it where the callee saved it).
#[test]
fn optimised_repository_programs_show_the_o0_values_or_optimized_out() {
    if !have_gdb() {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for program in [
        "test-programs/simple/bools.wend",
        "test-programs/simple/call_in_condition.wend",
        "test-programs/simple/known_conditions.wend",
        "test-programs/simple/int_min_div.wend",
        "test-programs/simple/overload_enclosing.wend",
        "test-programs/simple/param_by_value.wend",
        "test-programs/simple/transitive_capture.wend",
        "docs/examples/collatz.wend",
        "docs/examples/swap.wend",
        "docs/examples/captures.wend",
    ] {
        let source = std::fs::read_to_string(root.join(program)).unwrap();
        for level in ["-O1", "-O2"] {
            let (shown, hidden) = check_against_o0(&source, &[level]);
            eprintln!("{program} {level}: {shown} values shown, {hidden} optimized out");
        }
    }
}
