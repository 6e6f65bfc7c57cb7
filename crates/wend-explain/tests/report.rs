//! Generates reports for the test programs and checks their structure:
//! self-contained, one section per function, every block and edge drawn,
//! no overlapping boxes, stages for every pass.

use std::path::{Path, PathBuf};
use wend_explain::layout::Rect;
use wend_explain::{cfg_svg, explain_source, run_stages, ExplainOptions, LayoutEngine};

fn programs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test-programs")
}

fn options(name: &str, level: u8, layout: LayoutEngine) -> ExplainOptions {
    ExplainOptions {
        source_name: name.to_string(),
        input: wend_explain::InputKind::Wend,
        passes: wend_opt::pipeline_for_level(level),
        pipeline_label: format!("-O{level}"),
        opt_level: level,
        layout,
        ssa: wend_opt::mem2reg::Flavour::Pruned,
    }
}

fn lower(src: &str) -> wend_ir::Module {
    let (checked, diags) = wend_frontend::check(src);
    wend_frontend::lower(checked.unwrap_or_else(|| panic!("{diags:?}")))
}

/// Every program of the test suite that compiles, sorted.
fn valid_programs() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for dir in ["elementary", "simple", "nontrivial", "runtime", "gfx"] {
        let Ok(entries) = std::fs::read_dir(programs_dir().join(dir)) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "wend") {
                let src = std::fs::read_to_string(&path).unwrap();
                if wend_frontend::check(&src).0.is_some() {
                    out.push((path, src));
                }
            }
        }
    }
    out.sort();
    out
}

/// Checks that `html` does not reach outside itself and is well nested
/// for the elements we generate.
fn assert_self_contained(html: &str) {
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.trim_end().ends_with("</html>"));
    // (Source text may mention URLs: it is escaped, so `<` cannot occur.)
    for external in [
        "<link", " src=", "@import", "url(h", "href=\"h", "<iframe", "<img",
    ] {
        assert!(
            !html.contains(external),
            "the report refers outside: {external}"
        );
    }
    for tag in [
        "section", "svg", "table", "details", "script", "style", "g", "ul",
    ] {
        let open =
            html.matches(&format!("<{tag}>")).count() + html.matches(&format!("<{tag} ")).count();
        let close = html.matches(&format!("</{tag}>")).count();
        assert_eq!(open, close, "unbalanced <{tag}>");
    }
}

#[test]
fn report_of_mandelbrot_has_every_part() {
    let path = programs_dir().join("nontrivial/mandelbrot.wend");
    let src = std::fs::read_to_string(&path).unwrap();
    let opts = options("mandelbrot.wend", 2, LayoutEngine::Auto);
    let html = explain_source(&src, &opts).expect("compiles");
    assert_self_contained(&html);

    let module = lower(&src);
    // One section per function, with its CFG, tables and assembly or a note.
    for (_, func) in module.definitions() {
        let id = wend_explain::html::id_fragment(&func.name);
        assert!(
            html.contains(&format!("<section class=\"function\" id=\"fn-{id}\">")),
            "{}",
            func.name
        );
        assert!(html.contains(&format!("id=\"fn-{id}-cfg\"")));
        assert!(html.contains(&format!(
            "aria-label=\"control-flow graph of {}\"",
            func.name
        )));
    }
    // One radio button, tab and panel per stage: the input plus each pass.
    let stages = opts.passes.len() + 1;
    assert_eq!(
        html.matches("<input type=\"radio\" class=\"control\" name=\"stage\"")
            .count(),
        stages
    );
    assert_eq!(html.matches("<label for=\"stage-").count(), stages);
    for k in 0..stages {
        assert!(html.contains(&format!("class=\"stage-panel s-{k}\"")));
        assert!(html.contains(&format!("#stage-{k}:checked ~ main .s-{k}")));
    }
    // The source, tokens, syntax tree and their links.
    let lines = src.lines().count();
    assert!(html.contains(&format!("id=\"src-L{lines}\"")));
    assert!(html.contains("<summary>Tokens"));
    assert!(html.contains("<summary>Syntax tree"));
    assert!(html.contains("<a class=\"pos\" href=\"#src-L3\">3:1</a>"));
    // mem2reg's diff shows phis appearing; the CFG highlights them.
    assert!(html.contains("<ins>phi</ins>") || html.contains("= phi i32"));
    assert!(html.contains("class=\"phi-band\""));
    assert!(html.contains("class=\"edge back\""));
    assert!(html.contains("loop header, depth 1"));
    // The assembly links to source lines.
    assert!(html.contains("class=\"asm-view\""));
    assert!(html.contains("<a class=\"ln\" href=\"#asm-main-draw-L"));
    // The tables of `wendc analyze`.
    assert!(html.contains("dominance frontier</th>"));
    assert!(html.contains("mem2reg puts its phis in"));
}

#[test]
fn every_test_program_gets_a_report() {
    let programs = valid_programs();
    assert!(programs.len() > 20, "the test programs are missing");
    for (path, src) in &programs {
        let name = path.file_name().unwrap().to_string_lossy();
        // -O2: the input stage covers -O0's IR too.
        let html = explain_source(src, &options(&name, 2, LayoutEngine::Builtin))
            .unwrap_or_else(|_| panic!("{name} compiles"));
        assert_self_contained(&html);
    }
}

fn assert_drawing_sound(drawing: &cfg_svg::CfgDrawing, what: &str) {
    let nodes: &[Rect] = &drawing.layout.nodes;
    assert_eq!(
        nodes.len(),
        drawing.block_count,
        "{what}: a block is missing"
    );
    assert_eq!(
        drawing.layout.edges.len(),
        drawing.edge_count,
        "{what}: an edge is missing"
    );
    for (i, a) in nodes.iter().enumerate() {
        for b in &nodes[i + 1..] {
            assert!(!a.overlaps(b), "{what}: boxes overlap: {a:?} {b:?}");
        }
    }
    for route in &drawing.layout.edges {
        let start = route.path.start;
        let end = route.path.end();
        assert!(
            nodes.iter().any(|r| r.on_border(start, 0.5)),
            "{what}: an edge starts nowhere"
        );
        assert!(
            nodes.iter().any(|r| r.on_border(end, 0.5)),
            "{what}: an edge ends nowhere"
        );
    }
    // Every block box and edge is in the SVG.
    assert_eq!(
        drawing.svg.matches("<rect class=\"box\"").count(),
        drawing.block_count,
        "{what}"
    );
    assert_eq!(
        drawing.svg.matches("<path class=\"edge").count(),
        drawing.edge_count,
        "{what}"
    );
}

#[test]
fn cfg_drawings_of_all_stages_are_sound() {
    let mut engines = vec![LayoutEngine::Builtin];
    if wend_explain::graphviz::available() {
        engines.push(LayoutEngine::Graphviz);
    } else {
        eprintln!("note: Graphviz `dot` is not installed; checking the built-in layout only");
    }
    for (path, src) in valid_programs() {
        let stages = run_stages(&lower(&src), &wend_opt::pipeline_for_level(2));
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        // The input (unoptimised, with unreachable blocks) and the output.
        for stage in [&stages[0], &stages[stages.len() - 1]] {
            for (id, func) in stage.module.definitions() {
                for &engine in &engines {
                    // Graphviz is slow to start: one big program suffices.
                    if engine == LayoutEngine::Graphviz && name != "mandelbrot.wend" {
                        continue;
                    }
                    let drawing = cfg_svg::draw(&stage.module, id, engine);
                    assert_eq!(drawing.engine, engine);
                    let what = format!("{name} {} after {} ({engine:?})", func.name, stage.name);
                    assert_drawing_sound(&drawing, &what);
                }
            }
        }
    }
}

#[test]
fn compile_errors_come_back_as_diagnostics() {
    let diags = explain_source(
        "main() { x = 1; }",
        &options("bad.wend", 2, LayoutEngine::Builtin),
    )
    .expect_err("undeclared variable");
    assert!(!diags.is_empty());
}

#[test]
fn unreachable_blocks_are_grey_and_analyze_text_lists_them() {
    // Hand-written IR: `dead` has no predecessor but branches into the loop.
    let ir = "define void @main() {\nentry:\n  br label %loop\n\nloop:\n  %c = icmp eq i32 1, 2\n  br i1 %c, label %loop, label %exit\n\ndead:\n  br label %loop\n\nexit:\n  ret void\n}\n";
    let module = wend_ir::read::parse_module(ir).expect("valid IR");
    let id = module.find_function("main").unwrap();
    for engine in [LayoutEngine::Builtin, LayoutEngine::Auto] {
        let drawing = cfg_svg::draw(&module, id, engine);
        assert!(drawing.svg.contains("class=\"block unreachable\""));
        assert!(drawing.svg.contains("class=\"edge unreachable\""));
        assert!(drawing.svg.contains("class=\"edge back\""));
        assert_drawing_sound(&drawing, "hand-written");
    }
    let text = wend_explain::tables::analyze_text(&module);
    assert!(text.contains("function @main"));
    assert!(text.contains("(unreachable)"));
}

/// The CFG and the tables beside it show the IR of the selected stage: for
/// each function, each stage belongs to exactly one drawing, and that
/// drawing has as many blocks as its dominance table has rows (the report
/// used to draw the final IR beside tables of the input IR).
#[test]
fn each_stage_draws_its_own_cfg_beside_its_own_tables() {
    let path = programs_dir().join("nontrivial/mandelbrot.wend");
    let src = std::fs::read_to_string(&path).unwrap();
    let opts = options("mandelbrot.wend", 2, LayoutEngine::Builtin);
    let html = explain_source(&src, &opts).expect("compiles");
    let stages = opts.passes.len() + 1;
    let functions = lower(&src).definitions().count();
    // Each function's drawings come first, then its tables, each group
    // marked with the stages it stands for.
    let mut covered = vec![0usize; stages];
    let mut drawn: Vec<(String, usize)> = Vec::new();
    let mut tabled: Vec<(String, usize)> = Vec::new();
    let mut block_counts = std::collections::BTreeSet::new();
    for part in html.split("<div class=\"stage-group ").skip(1) {
        let part = part.split("<h3").next().unwrap();
        let classes = part.split('"').next().unwrap().to_string();
        if part.contains("the function no longer exists") {
            continue;
        }
        if let Some(start) = part.find("<svg") {
            for class in classes.split(' ') {
                let k: usize = class.strip_prefix("s-").unwrap().parse().unwrap();
                covered[k] += 1;
            }
            let svg = &part[start..part.find("</svg>").unwrap()];
            let blocks = svg.matches("<g class=\"block\"").count()
                + svg.matches("<g class=\"block ").count();
            block_counts.insert(blocks);
            drawn.push((classes, blocks));
        } else {
            let table = &part[part.find("<table class=\"dom\">").expect("a table")..];
            let table = &table[..table.find("</table>").unwrap()];
            tabled.push((classes, table.matches("<tr").count() - 1));
        }
    }
    // A deleted function's stages are covered by a note, once under the
    // drawings and once under the tables.
    let mut deleted = vec![0usize; stages];
    for part in html.split("<div class=\"stage-group ").skip(1) {
        let part = part.split("<h3").next().unwrap();
        if part.contains("the function no longer exists") {
            for class in part.split('"').next().unwrap().split(' ') {
                deleted[class.strip_prefix("s-").unwrap().parse::<usize>().unwrap()] += 1;
            }
        }
    }
    for (k, n) in deleted.into_iter().enumerate() {
        assert_eq!(n % 2, 0);
        covered[k] += n / 2;
    }
    // Every drawing has its tables, of as many blocks.
    assert_eq!(drawn, tabled);
    assert_eq!(covered, vec![functions; stages]);
    // The passes do change the CFGs: not every drawing is the same size.
    assert!(block_counts.len() > 2, "{block_counts:?}");
    assert!(html.contains("after <strong>mem2reg</strong>"));
    // Before mem2reg the phi table says where it will put phis; after it,
    // the phis the IR has (not mem2reg's again, on IR that has them).
    assert!(html.contains("<th>mem2reg puts its phis in</th>"));
    assert!(html.contains("on the IR after mem2reg; the phis are those it has"));
    assert!(html.contains("<th>its phis are in</th>"));
}

/// Source, IR and assembly lines carry the source line they come from.
#[test]
fn source_ir_and_assembly_lines_are_linked() {
    let src =
        "main() {\n  int x;\n  x = 4;\n  while x > 0 {\n    x = x - 1;\n  }\n  println x;\n}\n";
    let opts = options("loop.wend", 1, LayoutEngine::Builtin);
    let html = explain_source(src, &opts).expect("compiles");
    let linked = "data-line=\"5\" data-k=\"5\"";
    // The source line, an IR line of every stage and an assembly line.
    assert!(html.contains(&format!("<div class=\"line\" id=\"src-L5\" {linked}>")));
    assert!(html.contains(&format!("<div class=\"line\" {linked}><span class=\"ln\">")));
    assert!(html.contains(&format!("<td class=\"code ins\" {linked}>")));
    assert!(html.contains(&format!("<div class=\"line al ins\" {linked}>")));
    assert!(html.contains("document.addEventListener(\"mouseover\""));
}
