//! Assembles the page: sections, the stylesheet and the small script.
//!
//! The pass selector and the CFG toggles are CSS-only (radio buttons and
//! check boxes placed before `<main>`, selected with `:checked ~ main …`),
//! so the page works with scripts off; the script only adds keyboard
//! shortcuts and the hover highlighting between assembly and source.

use crate::asm::{function_asm, AsmKind};
use crate::cfg_svg;
use crate::diff::side_by_side;
use crate::html::{escape, id_fragment};
use crate::source::highlighted_lines;
use crate::tables::{module_tables, Listed, SsaTables};
use crate::{definitions, ExplainOptions, InputKind, LayoutEngine, Stage};
use std::collections::HashMap;
use std::fmt::Write;
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::dom::DomTree;
use wend_ir::analysis::loops::LoopForest;
use wend_ir::print::{global_name, print_function, print_module, FunctionNames};
use wend_ir::{FuncId, Function, Module};

const STYLE: &str = include_str!("report.css");
const SCRIPT: &str = include_str!("report.js");

pub(crate) fn page(
    src: &str,
    input: &Module,
    stages: &[Stage],
    options: &ExplainOptions,
) -> String {
    let functions = definitions(input);
    let last = stages.len() - 1;
    let tables = module_tables(input);

    // Passes may delete functions (inlining) and renumber the rest, so a
    // function is followed through the stages by its name, in a map per
    // stage (searching the stage's list of functions instead was quadratic
    // in their number). Each is drawn as it is at the last stage that
    // still has it.
    let defined: Vec<HashMap<&str, FuncId>> = stages
        .iter()
        .map(|s| {
            s.module
                .definitions()
                .map(|(id, f)| (f.name.as_str(), id))
                .collect()
        })
        .collect();
    let mut lives: Vec<FunctionLife> = functions
        .iter()
        .map(|&id| FunctionLife::follow(&input.functions[id].name, &defined))
        .collect();
    let draw = |lives: &[FunctionLife]| {
        let functions: Vec<(&Module, FuncId)> = lives
            .iter()
            .map(|life| {
                let (k, id) = life.last_seen();
                (&stages[k].module, id)
            })
            .collect();
        cfg_svg::draw_all(&functions, options.layout)
    };
    // Drawn on every core, each core's share laid out by one run of `dot`
    // (starting it takes longer than laying out a small CFG).
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = lives.len().div_ceil(threads).max(1);
    let drawings: Vec<cfg_svg::CfgDrawing> = std::thread::scope(|scope| {
        let workers: Vec<_> = lives
            .chunks(chunk)
            .map(|part| scope.spawn(move || draw(part)))
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("drawing a CFG does not panic"))
            .collect()
    });
    let by_dot = drawings
        .iter()
        .filter(|d| d.engine == LayoutEngine::Graphviz)
        .count();
    let too_large = drawings
        .iter()
        .filter(|d| d.block_count > cfg_svg::MAX_DOT_BLOCKS)
        .count();
    let engine = if by_dot == 0 {
        "built-in layered layout".to_string()
    } else if by_dot == drawings.len() {
        "Graphviz dot".to_string()
    } else if by_dot + too_large == drawings.len() {
        let which = match too_large {
            1 => "the CFG".to_string(),
            n => format!("the {n} CFGs"),
        };
        format!(
            "Graphviz dot; built-in layered layout for {which} of more than {} blocks",
            cfg_svg::MAX_DOT_BLOCKS
        )
    } else {
        format!(
            "Graphviz dot; built-in layered layout for {} of {} CFGs",
            drawings.len() - by_dot,
            drawings.len()
        )
    };

    let mut out = String::with_capacity(256 * 1024);
    let title = format!("wendc explain — {}", options.source_name);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>\n{STYLE}{}{}",
        escape(&title),
        crate::colours::stylesheet(),
        crate::trace_view::STYLE
    );
    // One rule pair per stage: the CSS-only pass selector.
    for k in 0..stages.len() {
        let _ = writeln!(
            out,
            "#stage-{k}:checked ~ main .s-{k} {{ display: block; }}\n\
             #stage-{k}:checked ~ main label[for=\"stage-{k}\"] {{ background: var(--accent); color: #fff; border-color: var(--accent); }}\n\
             #stage-{k}:focus-visible ~ main label[for=\"stage-{k}\"] {{ outline: 3px solid var(--focus); outline-offset: 2px; }}"
        );
    }
    out.push_str("</style>\n</head>\n<body>\n");

    // The controls, before <main> so that CSS can see their state.
    for (k, stage) in stages.iter().enumerate() {
        let checked = if k == last { " checked" } else { "" };
        let name = escape(&stage.name);
        let _ = writeln!(
            out,
            "<input type=\"radio\" class=\"control\" name=\"stage\" id=\"stage-{k}\" data-pass=\"{name}\" aria-label=\"IR after {name}\"{checked}>"
        );
    }
    out.push_str("<input type=\"checkbox\" class=\"control\" id=\"show-back\" checked aria-label=\"highlight back edges\">\n");
    out.push_str("<input type=\"checkbox\" class=\"control\" id=\"show-dom\" aria-label=\"show the dominator tree\">\n");
    out.push_str("<main>\n");

    // Header and table of contents.
    let pipeline: Vec<&str> = stages[1..].iter().map(|s| s.name.as_str()).collect();
    let pipeline_text = if pipeline.is_empty() {
        "no passes".to_string()
    } else {
        pipeline.join(" → ")
    };
    let _ = writeln!(
        out,
        "<header class=\"page-head\">\n<h1><span class=\"tool\">wendc explain</span> {}</h1>\n\
         <p class=\"meta\">Pipeline <strong>{}</strong>: {} · CFG layout: {engine} · {} function{}</p>",
        escape(&options.source_name),
        escape(&options.pipeline_label),
        escape(&pipeline_text),
        functions.len(),
        if functions.len() == 1 { "" } else { "s" }
    );
    let is_ir = options.input == InputKind::Ir;
    if is_ir {
        out.push_str("<nav class=\"toc\" aria-label=\"contents\"><a href=\"#source\">IR input</a>");
    } else {
        out.push_str("<nav class=\"toc\" aria-label=\"contents\"><a href=\"#source\">Source</a> <a href=\"#front\">Tokens &amp; syntax tree</a>");
    }
    for &id in &functions {
        let name = &input.functions[id].name;
        let _ = write!(
            out,
            " <a href=\"#fn-{}\"><code>{}</code></a>",
            id_fragment(name),
            escape(&global_name(name))
        );
    }
    out.push_str("</nav>\n</header>\n");

    // The toolbar: the pass selector, sticky.
    out.push_str("<nav class=\"toolbar\" aria-label=\"pass selector\">\n<span class=\"tb-title\">Show IR after</span>\n");
    // Passes that changed nothing anywhere are dimmed.
    let texts: Vec<String> = stages.iter().map(|s| print_module(&s.module)).collect();
    for (k, stage) in stages.iter().enumerate() {
        let idle = k > 0 && texts[k] == texts[k - 1];
        let _ = writeln!(
            out,
            "<label for=\"stage-{k}\" class=\"tab{}\" title=\"{}{}\">{}</label>",
            if idle { " idle" } else { "" },
            escape(&stage.description),
            if idle { " (changed nothing here)" } else { "" },
            escape(&stage.name)
        );
    }
    out.push_str(
        "<span class=\"keys js-only\">keys: <kbd>[</kbd> <kbd>]</kbd> pass · <kbd>b</kbd> back edges · <kbd>d</kbd> dominators</span>\n\
         </nav>\n",
    );

    let source_lines = if is_ir {
        src.lines().map(escape).collect()
    } else {
        highlighted_lines(src)
    };
    write_source_section(
        &mut out,
        &source_lines,
        if is_ir { "IR input" } else { "Source" },
    );
    if !is_ir {
        write_front_section(&mut out, src);
    }

    let mut trace_views =
        crate::trace_view::sections(&stages[0].module, options.layout, options.ssa);
    for life in &mut lives {
        life.trace_view = trace_views.remove(&life.name);
    }
    for (life, drawing) in lives.iter().zip(&drawings) {
        let tables = tables.iter().find(|t| t.function == life.name);
        write_function_section(
            &mut out,
            stages,
            life,
            drawing,
            tables,
            &source_lines,
            options,
        );
    }

    out.push_str(
        "<footer>Made by <code>wendc explain</code>. The pass selector and toggles work without \
         JavaScript; with it, hover an assembly line to see its source line.</footer>\n</main>\n<script>\n",
    );
    out.push_str(SCRIPT);
    out.push_str(crate::trace_view::SCRIPT);
    out.push_str("</script>\n</body>\n</html>\n");
    out
}

fn write_source_section(out: &mut String, source_lines: &[String], title: &str) {
    let _ = write!(
        out,
        "<section id=\"source\">\n<h2>{title}</h2>\n<div class=\"code listing\">\n"
    );
    for (i, line) in source_lines.iter().enumerate() {
        let n = i + 1;
        let _ = writeln!(
            out,
            "<div class=\"line\" id=\"src-L{n}\"><a class=\"ln\" href=\"#src-L{n}\">{n}</a><span class=\"text\">{line}</span></div>"
        );
    }
    out.push_str("</div>\n</section>\n");
}

/// `LINE:COL` positions at the start (tokens) or after ` @` (AST) become
/// links to the source line.
fn link_position(pos: &str) -> Option<String> {
    let (line, col) = pos.split_once(':')?;
    if line.is_empty()
        || col.is_empty()
        || !line.bytes().chain(col.bytes()).all(|b| b.is_ascii_digit())
    {
        return None;
    }
    Some(format!("<a class=\"pos\" href=\"#src-L{line}\">{pos}</a>"))
}

fn write_front_section(out: &mut String, src: &str) {
    out.push_str("<section id=\"front\">\n<h2>Tokens and syntax tree</h2>\n");
    if let Ok(tokens) = wend_frontend::tokens_text(src) {
        let count = tokens.lines().count();
        let _ = writeln!(
            out,
            "<details><summary>Tokens <span class=\"count\">({count})</span> — what the lexer makes of the text</summary>\n<pre class=\"code tokens\">"
        );
        for line in tokens.lines() {
            let (pos, rest) = line.split_once(' ').unwrap_or((line, ""));
            match link_position(pos) {
                Some(link) => {
                    let _ = writeln!(out, "{link} {}", escape(rest));
                }
                None => {
                    let _ = writeln!(out, "{}", escape(line));
                }
            }
        }
        out.push_str("</pre>\n</details>\n");
    }
    if let Ok(ast) = wend_frontend::ast_text(src) {
        out.push_str("<details><summary>Syntax tree — what the parser builds (positions link to the source)</summary>\n<pre class=\"code ast\">");
        for line in ast.lines() {
            match line
                .rsplit_once(" @")
                .and_then(|(head, pos)| Some((head, link_position(pos)?)))
            {
                Some((head, link)) => {
                    let _ = writeln!(out, "{} <span class=\"at\">@</span>{link}", escape(head));
                }
                None => {
                    let _ = writeln!(out, "{}", escape(line));
                }
            }
        }
        out.push_str("</pre>\n</details>\n");
    }
    out.push_str("</section>\n");
}

fn signature(func: &Function) -> String {
    let params: Vec<String> = func.param_types().iter().map(|t| t.to_string()).collect();
    let ret = func.ret.map_or("void".to_string(), |t| t.to_string());
    format!("{ret} {}({})", global_name(&func.name), params.join(", "))
}

/// Where one function of the input is at each stage.
struct FunctionLife {
    name: String,
    /// Its id in each stage's module, `None` once a pass deleted it.
    ids: Vec<Option<FuncId>>,
    /// The HTML of its step-through of the algorithm traces, if any.
    trace_view: Option<String>,
}

impl FunctionLife {
    /// `defined`: each stage's defined functions by name.
    fn follow(name: &str, defined: &[HashMap<&str, FuncId>]) -> FunctionLife {
        let ids = defined
            .iter()
            .map(|stage| stage.get(name).copied())
            .collect();
        FunctionLife {
            name: name.to_string(),
            ids,
            trace_view: None,
        }
    }

    /// The last stage that has the function, and its id there (the input
    /// always has it).
    fn last_seen(&self) -> (usize, FuncId) {
        self.ids
            .iter()
            .enumerate()
            .rev()
            .find_map(|(k, id)| id.map(|id| (k, id)))
            .expect("the input defines every function followed")
    }
}

fn write_function_section(
    out: &mut String,
    stages: &[Stage],
    life: &FunctionLife,
    drawing: &cfg_svg::CfgDrawing,
    tables: Option<&SsaTables>,
    source_lines: &[String],
    options: &ExplainOptions,
) {
    let (seen, id) = life.last_seen();
    let module = &stages[seen].module;
    let func = &module.functions[id];
    let anchor = id_fragment(&func.name);
    let _ = writeln!(
        out,
        "<section class=\"function\" id=\"fn-{anchor}\">\n<h2><code>{}</code></h2>\n<p class=\"sig\"><code>{}</code></p>",
        escape(&global_name(&func.name)),
        escape(&signature(func))
    );
    if seen + 1 < stages.len() {
        let _ = writeln!(
            out,
            "<p class=\"gone\">Pass <strong>{}</strong> deleted this function (inlined into its callers, or no longer called): \
             what follows shows it as it was before.</p>",
            escape(&stages[seen + 1].name)
        );
    }

    // IR, pass by pass.
    let _ = writeln!(out, "<h3 id=\"fn-{anchor}-ir\">The IR, pass by pass</h3>");
    for (k, stage) in stages.iter().enumerate() {
        let _ = writeln!(out, "<div class=\"stage-panel s-{k}\">");
        let Some(id) = life.ids[k] else {
            let _ = writeln!(
                out,
                "<p class=\"stage-head\">after <strong>{}</strong> — the function no longer exists \
                 (deleted by <strong>{}</strong>).</p>\n</div>",
                escape(&stage.name),
                escape(&stages[seen + 1].name)
            );
            continue;
        };
        let f = &stage.module.functions[id];
        let text = print_function(&stage.module, id);
        let counts = format!(
            "{} blocks · {} instructions · {} phis",
            f.layout.len(),
            f.inst_count(),
            f.phi_count()
        );
        let before = match k {
            0 => None,
            _ => life.ids[k - 1]
                .map(|prev| (&stages[k - 1], print_function(&stages[k - 1].module, prev))),
        };
        match before {
            None => {
                let _ = writeln!(
                    out,
                    "<p class=\"stage-head\"><strong>{}</strong> — {} <span class=\"counts\">{counts}</span></p>",
                    escape(&stage.name),
                    escape(&stage.description)
                );
                write_numbered_code(out, &text, "ir");
            }
            Some((_, before)) if before == text => {
                let _ = writeln!(
                    out,
                    "<p class=\"stage-head\">after <strong>{}</strong> — {} · <span class=\"same-note\">no change in this function</span> \
                     <span class=\"counts\">{counts}</span></p>",
                    escape(&stage.name),
                    escape(&stage.description)
                );
                write_numbered_code(out, &text, "ir");
            }
            Some((previous, before)) => {
                let (table, stats) = side_by_side(
                    &before,
                    &text,
                    &format!("before: {}", previous.name),
                    &format!("after: {}", stage.name),
                );
                let _ = writeln!(
                    out,
                    "<p class=\"stage-head\">after <strong>{}</strong> — {} · \
                     <span class=\"minus\">−{}</span> <span class=\"plus\">+{}</span> lines \
                     <span class=\"counts\">{counts}</span></p>",
                    escape(&stage.name),
                    escape(&stage.description),
                    stats.removed,
                    stats.added
                );
                out.push_str(&table);
            }
        }
        out.push_str("</div>\n");
    }

    // The CFG.
    let final_stage = &stages[seen].name;
    let _ = writeln!(
        out,
        "<h3 id=\"fn-{anchor}-cfg\">Control-flow graph <span class=\"after\">after {}</span></h3>\n\
         <p class=\"legend\"><span class=\"lg phi\">phi</span> <span class=\"lg loop\">in a loop</span> \
         <span class=\"lg back\">back edge</span> <span class=\"lg dom\">dominator tree</span> \
         <span class=\"lg unreach\">unreachable</span> \
         <label for=\"show-back\" class=\"toggle small\"><span class=\"box\"></span>back edges</label> \
         <label for=\"show-dom\" class=\"toggle small\"><span class=\"box\"></span>dominator tree</label></p>\n\
         <div class=\"cfg-wrap\">{}</div>",
        escape(final_stage),
        drawing.svg
    );

    // Dominators and loops, on the final IR (the one drawn).
    let cfg = Cfg::compute(func);
    let dom = DomTree::compute(func, &cfg);
    let loops = LoopForest::compute(func, &cfg, &dom);
    let names = FunctionNames::compute(func);
    let _ = writeln!(
        out,
        "<div class=\"columns\">\n<div>\n<h3 id=\"fn-{anchor}-dom\">Dominator tree</h3>"
    );
    write_dominator_tree(out, func, &dom, &names);
    out.push_str("</div>\n<div>\n<h3>Loop forest</h3>\n");
    write_loops(out, &loops, &names);
    out.push_str("</div>\n</div>\n");

    if let Some(tables) = tables {
        write_ssa_tables(out, tables);
    }
    if let Some(steps) = &life.trace_view {
        let _ = writeln!(
            out,
            "<h3 id=\"fn-{anchor}-trace\">Step through an algorithm</h3>\n{steps}"
        );
    }

    // Assembly.
    if seen + 1 == stages.len() {
        write_assembly(out, module, func, &anchor, source_lines, options);
    } else {
        out.push_str("<h3>x86-64 assembly</h3>\n<p class=\"note\">None: the function was deleted before code generation.</p>\n");
    }
    out.push_str("</section>\n");
}

/// A block of code with line numbers (no links).
fn write_numbered_code(out: &mut String, text: &str, class: &str) {
    let _ = writeln!(out, "<div class=\"code listing {class}\">");
    for (i, line) in text.lines().enumerate() {
        let _ = writeln!(
            out,
            "<div class=\"line\"><span class=\"ln\">{}</span><span class=\"text\">{}</span></div>",
            i + 1,
            escape(line)
        );
    }
    out.push_str("</div>\n");
}

fn write_dominator_tree(out: &mut String, func: &Function, dom: &DomTree, names: &FunctionNames) {
    // The preorder with depths gives the nesting of the lists.
    let mut depth_open = 0u32;
    let mut first = true;
    for &b in dom.preorder() {
        let depth = dom.depth(b).unwrap_or(0) + 1;
        if first {
            out.push_str("<ul class=\"tree\">");
            depth_open = 1;
            first = false;
        } else if depth > depth_open {
            out.push_str("<ul>");
            depth_open = depth;
        } else {
            out.push_str("</li>");
            while depth_open > depth {
                out.push_str("</ul></li>");
                depth_open -= 1;
            }
        }
        let _ = write!(out, "<li><code>{}</code>", escape(names.block(b)));
    }
    if !first {
        out.push_str("</li>");
        while depth_open > 1 {
            out.push_str("</ul></li>");
            depth_open -= 1;
        }
        out.push_str("</ul>\n");
    }
    let unreachable: Vec<String> = func
        .layout
        .iter()
        .filter(|&&b| !dom.is_reachable(b))
        .map(|&b| format!("<code>{}</code>", escape(names.block(b))))
        .collect();
    if !unreachable.is_empty() {
        let _ = writeln!(
            out,
            "<p class=\"note\">Unreachable, so outside the tree: {}</p>",
            unreachable.join(", ")
        );
    }
}

fn block_list(names: &FunctionNames, blocks: &[wend_ir::Block]) -> String {
    if blocks.is_empty() {
        return "—".to_string();
    }
    // Abbreviated like the dominator sets: nested loops' bodies overlap, so
    // listing each in full is quadratic in the nesting depth.
    html_list(&Listed::of(blocks, |&b| names.block(b).to_string()))
}

/// A set of blocks as HTML: labels in `<code>`, a long set abbreviated.
fn html_list(items: &Listed) -> String {
    items.join(
        |b| format!("<code>{}</code>", escape(b)),
        |n| format!("<span class=\"omitted\">… {n} more …</span>"),
    )
}

fn write_loops(out: &mut String, loops: &LoopForest, names: &FunctionNames) {
    if loops.is_empty() {
        out.push_str("<p class=\"note\">No loops: the CFG has no back edges.</p>\n");
        return;
    }
    // Depth-first over the loop tree, children after their parent.
    fn write_loop(
        out: &mut String,
        loops: &LoopForest,
        names: &FunctionNames,
        l: wend_ir::analysis::loops::Loop,
    ) {
        let _ = write!(
            out,
            "<li><strong>loop at <code>{}</code></strong> <span class=\"depth\">depth {}</span>\
             <dl><dt>latches</dt><dd>{}</dd><dt>body</dt><dd>{}</dd><dt>exits</dt><dd>{}</dd></dl>",
            escape(names.block(loops.header(l))),
            loops.depth(l),
            block_list(names, loops.latches(l)),
            block_list(names, loops.body(l)),
            block_list(names, loops.exits(l))
        );
        if !loops.children(l).is_empty() {
            out.push_str("<ul>");
            for &child in loops.children(l) {
                write_loop(out, loops, names, child);
            }
            out.push_str("</ul>");
        }
        out.push_str("</li>\n");
    }
    out.push_str("<ul class=\"loops\">\n");
    for &l in loops.top_level() {
        write_loop(out, loops, names, l);
    }
    out.push_str("</ul>\n");
}

fn write_ssa_tables(out: &mut String, tables: &SsaTables) {
    out.push_str(
        "<h3>Dominance frontiers and phi placement <span class=\"after\">on the input IR, as <code>wendc analyze</code></span></h3>\n\
         <div class=\"table-wrap\"><table class=\"dom\"><thead><tr><th>block</th><th>idom</th><th>dominators</th><th>dominance frontier</th></tr></thead><tbody>\n",
    );
    let set = |items: &Listed| {
        if items.is_empty() {
            "∅".to_string()
        } else {
            html_list(items)
        }
    };
    for row in &tables.rows {
        if row.reachable {
            let _ = writeln!(
                out,
                "<tr><th><code>{}</code></th><td>{}</td><td>{}</td><td>{}</td></tr>",
                escape(&row.block),
                row.idom
                    .as_ref()
                    .map_or("—".to_string(), |i| format!("<code>{}</code>", escape(i))),
                set(&row.dominators),
                set(&row.frontier)
            );
        } else {
            let _ = writeln!(
                out,
                "<tr class=\"unreach\"><th><code>{}</code></th><td>—</td><td colspan=\"2\">unreachable</td></tr>",
                escape(&row.block)
            );
        }
    }
    out.push_str("</tbody></table></div>\n");
    if tables.phis.is_empty() {
        out.push_str("<p class=\"note\">mem2reg places no phis in this function.</p>\n");
    } else {
        out.push_str("<table class=\"phis\"><thead><tr><th>variable</th><th>mem2reg puts its phis in</th></tr></thead><tbody>\n");
        for p in &tables.phis {
            let _ = writeln!(
                out,
                "<tr><th><code>{}</code></th><td>{}</td></tr>",
                escape(&p.variable),
                // In full: all the rows together list each phi once.
                html_list(&Listed {
                    head: p.blocks.clone(),
                    ..Listed::default()
                })
            );
        }
        out.push_str("</tbody></table>\n");
    }
    write_flavour_table(out, tables);
}

/// Where each SSA flavour (`--ssa`) puts each variable's phis, as
/// `wendc analyze` prints it.
fn write_flavour_table(out: &mut String, tables: &SsaTables) {
    if tables.flavours.is_empty() {
        return;
    }
    let set = |items: &Listed| {
        if items.is_empty() {
            "∅".to_string()
        } else {
            html_list(items)
        }
    };
    let [minimal, semi_pruned, pruned] = tables.phi_counts;
    let _ = writeln!(
        out,
        "<div class=\"table-wrap\"><table class=\"phis flavours\"><caption>Phis per SSA flavour \
         (<code>--ssa</code>): minimal {minimal}, semi-pruned {semi_pruned}, pruned {pruned}</caption>\
         <thead><tr><th>variable</th><th>defined in</th><th>iterated frontier</th>\
         <th>minimal</th><th>semi-pruned</th><th>pruned</th></tr></thead><tbody>"
    );
    for row in &tables.flavours {
        let _ = write!(
            out,
            "<tr><th><code>{}</code></th><td>{}</td><td>{}</td>",
            escape(&row.variable),
            set(&row.defined_in),
            set(&row.iterated_frontier)
        );
        for phis in &row.phis {
            let _ = write!(out, "<td>{}</td>", set(phis));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table></div>\n");
}

fn write_assembly(
    out: &mut String,
    module: &Module,
    func: &Function,
    anchor: &str,
    source_lines: &[String],
    options: &ExplainOptions,
) {
    let lines = function_asm(module, func, &options.source_name);
    let _ = writeln!(
        out,
        "<h3 id=\"fn-{anchor}-asm\">x86-64 assembly <span class=\"after\">from the native backend; hover or click a line number to see its source</span></h3>"
    );
    let mut used: Vec<u32> = lines.iter().filter_map(|l| l.line).collect();
    used.sort_unstable();
    used.dedup();
    if used.is_empty() {
        let text: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        write_numbered_code(out, &text.join("\n"), "asm");
        return;
    }
    let _ = writeln!(out, "<div class=\"asm-view\" data-fn=\"{anchor}\">");
    // The source lines the code comes from, to the left; gaps of up to
    // two lines are filled in for context, longer ones are elided.
    out.push_str(
        "<div class=\"code asm-src\">\n<div class=\"pane-title\">source lines of this code</div>\n",
    );
    let mut shown: Vec<u32> = Vec::new();
    for &n in &used {
        if let Some(&prev) = shown.last() {
            if n > prev + 1 && n <= prev + 3 {
                shown.extend(prev + 1..n);
            }
        }
        shown.push(n);
    }
    let mut previous_shown: Option<u32> = None;
    for &n in &shown {
        if previous_shown.is_some_and(|p| n > p + 1) {
            out.push_str("<div class=\"line gap\"><span class=\"ln\">⋮</span><span class=\"text\"></span></div>\n");
        }
        previous_shown = Some(n);
        let text = source_lines.get(n as usize - 1).map_or("", String::as_str);
        let _ = writeln!(
            out,
            "<div class=\"line sl\" id=\"asm-{anchor}-L{n}\" data-line=\"{n}\"><span class=\"ln\">{n}</span><span class=\"text\">{text}</span></div>"
        );
    }
    out.push_str("</div>\n<div class=\"code asm-code\">\n<div class=\"pane-title\">assembly (AT&amp;T syntax; <code># …</code> lines are the IR instruction that follows)</div>\n");
    let mut previous: Option<u32> = None;
    for line in &lines {
        let class = match line.kind {
            AsmKind::Label => "lbl",
            AsmKind::Directive => "dir",
            AsmKind::Comment => "com",
            AsmKind::Instruction => "ins",
        };
        let gutter = match line.line {
            Some(n) if previous != Some(n) => {
                format!("<a class=\"ln\" href=\"#asm-{anchor}-L{n}\">{n}</a>")
            }
            _ => "<span class=\"ln\"></span>".to_string(),
        };
        if line.line.is_some() {
            previous = line.line;
        }
        let data = line
            .line
            .map_or(String::new(), |n| format!(" data-line=\"{n}\""));
        let _ = writeln!(
            out,
            "<div class=\"line al {class}\"{data}>{gutter}<span class=\"text\">{}</span></div>",
            escape(&line.text)
        );
    }
    out.push_str("</div>\n</div>\n");
}
