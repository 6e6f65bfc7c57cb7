//! Large benchmark programs for measuring how compile time scales.
//!
//! Each [`Shape`] stresses one dimension of the compiler: the number of
//! variables in one function (mem2reg, liveness), of functions (capture
//! analysis, per-function overhead), nesting depth (recursive walks,
//! dominator trees), straight-line length (value numbering, instruction
//! selection), and loops (loop analysis, phi placement). The programs are
//! valid wend, terminate quickly, print a little, and are about the
//! requested number of lines. Text is assembled directly rather than
//! through [`crate::ast`]: these shapes are regular, and building a tree of
//! a million nodes only to print it would make the generator the slow part.

use crate::rng::Rng;
use std::fmt::Write;

/// The kinds of benchmark program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One function with very many variables.
    ManyVars,
    /// Many small nested functions.
    ManyFunctions,
    /// Deeply nested if-chains.
    DeepIfs,
    /// Long straight-line code.
    StraightLine,
    /// Many (nested) loops.
    ManyLoops,
}

impl Shape {
    pub const ALL: [Shape; 5] = [
        Shape::ManyVars,
        Shape::ManyFunctions,
        Shape::DeepIfs,
        Shape::StraightLine,
        Shape::ManyLoops,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Shape::ManyVars => "many-vars",
            Shape::ManyFunctions => "many-functions",
            Shape::DeepIfs => "deep-ifs",
            Shape::StraightLine => "straight-line",
            Shape::ManyLoops => "many-loops",
        }
    }
}

/// The deepest if-chain: well below the compiler's limit of 1000 nested
/// blocks.
const MAX_IF_CHAIN: usize = 450;

/// Generates a benchmark program of about `lines` lines.
pub fn generate(shape: Shape, lines: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut out = format!(
        "// wend-gen scale --shape {} --lines {lines} --seed {seed}\nmain() {{\n",
        shape.name()
    );
    let lines = lines.max(10);
    match shape {
        Shape::ManyVars => many_vars(&mut rng, lines, &mut out),
        Shape::ManyFunctions => many_functions(&mut rng, lines, &mut out),
        Shape::DeepIfs => deep_ifs(&mut rng, lines, &mut out),
        Shape::StraightLine => straight_line(&mut rng, lines, &mut out),
        Shape::ManyLoops => many_loops(&mut rng, lines, &mut out),
    }
    out.push_str("}\n");
    out
}

/// A small positive constant.
fn small(rng: &mut Rng) -> u32 {
    rng.range(1, 9)
}

fn arith_op(rng: &mut Rng) -> &'static str {
    const OPS: [&str; 5] = ["+", "-", "*", "+", "-"];
    OPS[rng.index(OPS.len())]
}

/// Half the lines declare variables, the other half combine earlier ones.
fn many_vars(rng: &mut Rng, lines: usize, out: &mut String) {
    let vars = (lines / 2).max(2);
    for v in 0..vars {
        writeln!(out, "    int v{v};").unwrap();
    }
    writeln!(out, "    v0 = 1;").unwrap();
    for v in 1..vars {
        let a = rng.index(v);
        let b = rng.index(v);
        let op = arith_op(rng);
        if v % 50 == 0 {
            writeln!(out, "    println v{a};").unwrap();
        } else {
            writeln!(out, "    v{v} = v{a} {op} v{b} + {};", small(rng)).unwrap();
        }
    }
    writeln!(out, "    println v{};", vars - 1).unwrap();
}

/// Functions of four lines, every fourth of seven with a nested helper
/// that captures a parameter; each calls its predecessor, so `main`'s final
/// call runs each once.
fn many_functions(rng: &mut Rng, lines: usize, out: &mut String) {
    let count = (lines * 4 / 19).max(1);
    writeln!(out, "    int total;").unwrap();
    for f in 0..count {
        let k = small(rng);
        let previous = if f == 0 {
            "x".to_string()
        } else {
            format!("f{}(x - {k})", f - 1)
        };
        writeln!(out, "    int f{f}(int x) {{").unwrap();
        if f % 4 == 0 {
            writeln!(out, "        int helper(int y) {{").unwrap();
            writeln!(out, "            total = total + 1;").unwrap();
            writeln!(out, "            return y * {k} + x;").unwrap();
            writeln!(out, "        }}").unwrap();
            writeln!(out, "        return helper({previous}) % 1000;").unwrap();
        } else {
            writeln!(out, "        total = total + x % {};", k + 1).unwrap();
            writeln!(out, "        return {previous} {} {k};", arith_op(rng)).unwrap();
        }
        writeln!(out, "    }}").unwrap();
    }
    writeln!(out, "    println f{}(7);", count - 1).unwrap();
    writeln!(out, "    println total;").unwrap();
}

/// Chains of nested ifs, each level three lines (test, update, close);
/// a chain stops at [`MAX_IF_CHAIN`] levels and the next one starts.
fn deep_ifs(rng: &mut Rng, lines: usize, out: &mut String) {
    writeln!(out, "    int x;").unwrap();
    writeln!(out, "    int y;").unwrap();
    writeln!(out, "    bool b;").unwrap();
    writeln!(out, "    x = 3;").unwrap();
    let mut levels_left = lines / 3;
    while levels_left > 0 {
        let depth = levels_left.min(MAX_IF_CHAIN);
        levels_left -= depth;
        for level in 0..depth {
            let pad = "    ".repeat(level + 1);
            let cond = match rng.range(0, 3) {
                0 => format!("x > {}", level % 7),
                1 => format!("y != {}", rng.range(100, 200)),
                2 => "b || x >= 0".to_string(),
                _ => format!("!(x == {})", level + 1000),
            };
            writeln!(out, "{pad}if {cond} {{").unwrap();
            writeln!(out, "{pad}    y = y + x % {};", small(rng)).unwrap();
        }
        for level in (0..depth).rev() {
            let pad = "    ".repeat(level + 1);
            writeln!(out, "{pad}}}").unwrap();
        }
        writeln!(out, "    println y;").unwrap();
    }
}

/// A handful of variables, updated line after line.
fn straight_line(rng: &mut Rng, lines: usize, out: &mut String) {
    const NAMES: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];
    for name in NAMES {
        writeln!(out, "    int {name};").unwrap();
    }
    writeln!(out, "    bool p;").unwrap();
    for line in 0..lines.saturating_sub(12) {
        let target = rng.pick(&NAMES);
        let x = rng.pick(&NAMES);
        let y = rng.pick(&NAMES);
        match line % 16 {
            15 => writeln!(out, "    println {target};").unwrap(),
            7 => writeln!(out, "    p = {x} < {y} || p;").unwrap(),
            11 => writeln!(out, "    {target} = {x} / ({y} % 5 + 6);").unwrap(),
            _ => writeln!(
                out,
                "    {target} = {x} {} {y} {} {};",
                arith_op(rng),
                arith_op(rng),
                small(rng)
            )
            .unwrap(),
        }
    }
    writeln!(out, "    println a + b + c + d + e + f + g + h;").unwrap();
    writeln!(out, "    println p;").unwrap();
}

/// Sequences of two nested counted loops, eleven lines each.
fn many_loops(rng: &mut Rng, lines: usize, out: &mut String) {
    writeln!(out, "    int i;").unwrap();
    writeln!(out, "    int j;").unwrap();
    writeln!(out, "    int acc;").unwrap();
    for _ in 0..(lines / 11).max(1) {
        let outer = rng.range(2, 4);
        let inner = rng.range(1, 3);
        writeln!(out, "    i = 0;").unwrap();
        writeln!(out, "    while i < {outer} {{").unwrap();
        writeln!(out, "        j = 0;").unwrap();
        writeln!(
            out,
            "        while j < {inner} && acc != {} {{",
            rng.range(1000, 9999)
        )
        .unwrap();
        writeln!(
            out,
            "            acc = acc {} i * j + {};",
            arith_op(rng),
            small(rng)
        )
        .unwrap();
        writeln!(out, "            j = j + 1;").unwrap();
        writeln!(out, "        }}").unwrap();
        writeln!(out, "        acc = acc % 100003;").unwrap();
        writeln!(out, "        i = i + 1;").unwrap();
        writeln!(out, "    }}").unwrap();
        writeln!(out, "    println acc;").unwrap();
    }
}
