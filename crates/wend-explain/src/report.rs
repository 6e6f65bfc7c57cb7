//! Assembles the page: sections, the stylesheet and the small script.
//!
//! The pass selector and the CFG toggles are CSS-only (radio buttons and
//! check boxes placed before `<main>`, selected with `:checked ~ main …`),
//! so the page works with scripts off; the script only adds keyboard
//! shortcuts and the hover highlighting between assembly and source.

use crate::asm::{function_asm, AsmKind, AsmLine};
use crate::cfg_svg;
use crate::diff::side_by_side_linked;
use crate::html::{escape, id_fragment, line_attrs};
use crate::source::highlighted_lines;
use crate::tables::{Listed, SsaTables};
use crate::{definitions, ExplainOptions, InputKind, LayoutEngine, Stage};
use std::cell::OnceCell;
use std::collections::HashMap;
use std::fmt::Write;
use std::ops::Range;
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::dom::DomTree;
use wend_ir::analysis::loops::LoopForest;
use wend_ir::print::{
    global_name, print_function, print_module, printed_source_lines, FunctionNames,
};
use wend_ir::{FuncId, Function, Module};

/// The report's stylesheet, also served by `wendc playground`.
pub const STYLE: &str = include_str!("report.css");
/// The report's script: keyboard shortcuts, `?stage=`.
const SCRIPT: &str = include_str!("report.js");
/// Hovering a line linked to a source line lights up every line linked to
/// it (source, IR, assembly), in the report and in `wendc playground`.
pub const LINK_SCRIPT: &str = include_str!("link.js");

pub(crate) fn page(
    src: &str,
    input: &Module,
    stages: &[Stage],
    options: &ExplainOptions,
) -> String {
    let functions = definitions(input);
    let last = stages.len() - 1;

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
    let lives: Vec<FunctionLife> = functions
        .iter()
        .map(|&id| FunctionLife::follow(&input.functions[id].name, &defined))
        .collect();
    // A function is drawn, and its tables computed, once per run of
    // stages over which its IR stays the same.
    let histories: Vec<FunctionHistory> = lives
        .iter()
        .map(|life| FunctionHistory::new(stages, life))
        .collect();
    let jobs: Vec<(&Module, FuncId)> = histories
        .iter()
        .flat_map(|h| {
            h.runs
                .iter()
                .filter_map(|run| Some((&stages[run.stages.start].module, run.id?)))
        })
        .collect();
    let drawings = draw_in_parallel(&jobs, options.layout);
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
    // Each stage's module after mem2reg, made when a table first needs it.
    let promoted: Vec<OnceCell<Module>> = stages.iter().map(|_| OnceCell::new()).collect();
    let mut drawings = drawings.iter();
    for (life, history) in lives.iter().zip(&histories) {
        let count = history.runs.iter().filter(|r| r.id.is_some()).count();
        let mine: Vec<&cfg_svg::CfgDrawing> = drawings.by_ref().take(count).collect();
        write_function_section(
            &mut out,
            stages,
            life,
            history,
            &mine,
            &promoted,
            trace_views.remove(&life.name).as_deref(),
            &source_lines,
            options,
        );
    }

    out.push_str(
        "<footer>Made by <code>wendc explain</code>. The pass selector and toggles work without \
         JavaScript; with it, hover a line of source, IR or assembly to see the lines linked to it.</footer>\n</main>\n<script>\n",
    );
    out.push_str(SCRIPT);
    out.push_str(LINK_SCRIPT);
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
            "<div class=\"line\" id=\"src-L{n}\"{}><a class=\"ln\" href=\"#src-L{n}\">{n}</a><span class=\"text\">{line}</span></div>",
            line_attrs(n as u32)
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
    /// Its name in the input.
    name: String,
    /// Its id in each stage's module, `None` once a pass deleted it.
    ids: Vec<Option<FuncId>>,
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

/// A function's printed IR at one stage, with the source line of each
/// printed line.
pub struct PrintedFunction {
    pub text: String,
    pub lines: Vec<u32>,
}

impl PrintedFunction {
    pub fn of(module: &Module, id: FuncId) -> PrintedFunction {
        PrintedFunction {
            text: print_function(module, id),
            lines: printed_source_lines(&module.functions[id]),
        }
    }
}

/// Stages over which a function's IR stays the same (or it stays deleted).
struct Run {
    stages: Range<usize>,
    /// Its id at the first of those stages; `None`: deleted.
    id: Option<FuncId>,
}

/// A function's IR at each stage, and the runs of equal IR.
struct FunctionHistory {
    printed: Vec<Option<PrintedFunction>>,
    runs: Vec<Run>,
}

impl FunctionHistory {
    fn new(stages: &[Stage], life: &FunctionLife) -> FunctionHistory {
        let printed: Vec<Option<PrintedFunction>> = stages
            .iter()
            .zip(&life.ids)
            .map(|(stage, id)| id.map(|id| PrintedFunction::of(&stage.module, id)))
            .collect();
        let mut runs: Vec<Run> = Vec::new();
        for k in 0..stages.len() {
            let same = k > 0
                && match (&printed[k - 1], &printed[k]) {
                    (Some(a), Some(b)) => a.text == b.text,
                    (None, None) => true,
                    _ => false,
                };
            match runs.last_mut() {
                Some(run) if same => run.stages.end = k + 1,
                _ => runs.push(Run {
                    stages: k..k + 1,
                    id: life.ids[k],
                }),
            }
        }
        FunctionHistory { printed, runs }
    }
}

/// Draws every `(module, function)` of `jobs`, in order, on every core,
/// each core's share laid out by one run of `dot` (starting it takes
/// longer than laying out a small CFG).
fn draw_in_parallel(jobs: &[(&Module, FuncId)], layout: LayoutEngine) -> Vec<cfg_svg::CfgDrawing> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = jobs.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = jobs
            .chunks(chunk)
            .map(|part| scope.spawn(move || cfg_svg::draw_all(part, layout)))
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("drawing a CFG does not panic"))
            .collect()
    })
}

/// The IR of a function after stage `stage`, as the pass selector shows
/// it: whole for the input, else beside its IR before the pass with the
/// changes marked (`before`: the previous stage and the function's IR
/// there, if it existed). Each line is linked to its source line.
pub fn ir_stage_html(
    stage: &Stage,
    func: &Function,
    printed: &PrintedFunction,
    before: Option<(&Stage, &PrintedFunction)>,
) -> String {
    let mut out = String::new();
    let counts = format!(
        "{} blocks · {} instructions · {} phis",
        func.layout.len(),
        func.inst_count(),
        func.phi_count()
    );
    match before {
        None => {
            let _ = writeln!(
                out,
                "<p class=\"stage-head\"><strong>{}</strong> — {} <span class=\"counts\">{counts}</span></p>",
                escape(&stage.name),
                escape(&stage.description)
            );
            write_numbered_code(&mut out, &printed.text, &printed.lines, "ir");
        }
        Some((_, before)) if before.text == printed.text => {
            let _ = writeln!(
                out,
                "<p class=\"stage-head\">after <strong>{}</strong> — {} · <span class=\"same-note\">no change in this function</span> \
                 <span class=\"counts\">{counts}</span></p>",
                escape(&stage.name),
                escape(&stage.description)
            );
            write_numbered_code(&mut out, &printed.text, &printed.lines, "ir");
        }
        Some((previous, before)) => {
            let (table, stats) = side_by_side_linked(
                (&before.text, &before.lines),
                (&printed.text, &printed.lines),
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
    out
}

/// The legend and toggles above a CFG drawing.
pub const CFG_LEGEND: &str = "<p class=\"legend\"><span class=\"lg phi\">phi</span> <span class=\"lg loop\">in a loop</span> \
     <span class=\"lg back\">back edge</span> <span class=\"lg dom\">dominator tree</span> \
     <span class=\"lg unreach\">unreachable</span> \
     <label for=\"show-back\" class=\"toggle small\"><span class=\"box\"></span>back edges</label> \
     <label for=\"show-dom\" class=\"toggle small\"><span class=\"box\"></span>dominator tree</label></p>";

/// The analyses of `func` as it is after stage `stage`: its dominator
/// tree, loop forest, and dominance-frontier and phi tables. While `func`
/// has stack slots, the phis are where mem2reg would put them
/// (`promoted`: `func` after mem2reg); once it has none, the phis it has.
pub fn analyses_html(func: &Function, promoted: &Function, stage: &str) -> String {
    let mut out = String::new();
    let cfg = Cfg::compute(func);
    let dom = DomTree::compute(func, &cfg);
    let loops = LoopForest::compute(func, &cfg, &dom);
    let names = FunctionNames::compute(func);
    out.push_str("<div class=\"columns\">\n<div>\n<h4>Dominator tree</h4>\n");
    write_dominator_tree(&mut out, func, &dom, &names);
    out.push_str("</div>\n<div>\n<h4>Loop forest</h4>\n");
    write_loops(&mut out, &loops, &names);
    out.push_str("</div>\n</div>\n");
    let has_slots = func.layout.iter().any(|&b| {
        func.blocks[b]
            .insts
            .iter()
            .any(|&i| matches!(func.insts[i].kind, wend_ir::InstKind::Alloca { .. }))
    });
    let phis = if has_slots {
        Phis::WouldPlace
    } else {
        Phis::Present
    };
    let promoted = if has_slots { promoted } else { func };
    write_ssa_tables(&mut out, &SsaTables::compute(func, promoted), stage, phis);
    out
}

/// Which phis the phi table lists.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phis {
    /// Those mem2reg would place for the function's stack slots.
    WouldPlace,
    /// Those the function has.
    Present,
}

/// `module` after mem2reg, which shows where it would place phis.
pub fn promote(module: &Module) -> Module {
    let mut promoted = module.clone();
    (wend_opt::find_pass("mem2reg").expect("mem2reg exists").run)(&mut promoted);
    promoted
}

/// One function's section: its IR pass by pass, its CFG and analyses per
/// run of unchanged stages, its step-through (`trace_view`), its assembly.
#[allow(clippy::too_many_arguments)]
fn write_function_section(
    out: &mut String,
    stages: &[Stage],
    life: &FunctionLife,
    history: &FunctionHistory,
    drawings: &[&cfg_svg::CfgDrawing],
    promoted: &[OnceCell<Module>],
    trace_view: Option<&str>,
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
    let deleted_by = stages.get(seen + 1).map(|s| s.name.as_str());
    if let Some(pass) = deleted_by {
        let _ = writeln!(
            out,
            "<p class=\"gone\">Pass <strong>{}</strong> deleted this function (inlined into its callers, or no longer called): \
             what follows shows it as it was before.</p>",
            escape(pass)
        );
    }

    // IR, pass by pass.
    let _ = writeln!(out, "<h3 id=\"fn-{anchor}-ir\">The IR, pass by pass</h3>");
    for (k, stage) in stages.iter().enumerate() {
        let _ = writeln!(out, "<div class=\"stage-panel s-{k}\">");
        match (life.ids[k], &history.printed[k]) {
            (Some(id), Some(printed)) => {
                let before = k
                    .checked_sub(1)
                    .and_then(|j| Some((&stages[j], history.printed[j].as_ref()?)));
                out.push_str(&ir_stage_html(
                    stage,
                    &stage.module.functions[id],
                    printed,
                    before,
                ));
            }
            _ => write_deleted(out, &stage.name, deleted_by.unwrap_or("a pass")),
        }
        out.push_str("</div>\n");
    }

    // The CFG and the analyses, of the IR of the selected stage: drawn
    // and computed once per run of stages that leave the function alone.
    let _ = writeln!(
        out,
        "<h3 id=\"fn-{anchor}-cfg\">Control-flow graph</h3>\n{CFG_LEGEND}"
    );
    let mut drawings = drawings.iter();
    for run in &history.runs {
        open_stage_group(out, run);
        let first = &stages[run.stages.start];
        if run.id.is_none() {
            write_deleted(out, &first.name, deleted_by.unwrap_or("a pass"));
            out.push_str("</div>\n");
            continue;
        }
        let drawing = drawings.next().expect("one drawing per run of a function");
        let later: Vec<String> = stages[run.stages.start + 1..run.stages.end]
            .iter()
            .map(|s| format!("<strong>{}</strong>", escape(&s.name)))
            .collect();
        let unchanged = if later.is_empty() {
            String::new()
        } else {
            format!(
                " · <span class=\"same-note\">unchanged by {}</span>",
                later.join(", ")
            )
        };
        let _ = writeln!(
            out,
            "<p class=\"stage-head\">{} <strong>{}</strong>{unchanged}</p>\n<div class=\"cfg-wrap\">{}</div>\n</div>",
            if run.stages.start == 0 { "the IR of" } else { "after" },
            escape(&first.name),
            drawing.svg
        );
    }
    let _ = writeln!(
        out,
        "<h3 id=\"fn-{anchor}-dom\">Dominators, loops and SSA tables <span class=\"after\">of the IR drawn above</span></h3>"
    );
    for run in &history.runs {
        open_stage_group(out, run);
        let first = &stages[run.stages.start];
        match run.id {
            Some(id) => {
                let promoted = promoted[run.stages.start].get_or_init(|| promote(&first.module));
                // mem2reg keeps every function where it was.
                let func = &first.module.functions[id];
                out.push_str(&analyses_html(func, &promoted.functions[id], &first.name));
            }
            None => write_deleted(out, &first.name, deleted_by.unwrap_or("a pass")),
        }
        out.push_str("</div>\n");
    }
    if let Some(steps) = trace_view {
        let _ = writeln!(
            out,
            "<h3 id=\"fn-{anchor}-trace\">Step through an algorithm</h3>\n{steps}"
        );
    }

    // Assembly.
    if seen + 1 == stages.len() {
        let lines = function_asm(module, func, &options.source_name, options.opt_level);
        write_assembly(out, &lines, &anchor, source_lines);
    } else {
        out.push_str("<h3>x86-64 assembly</h3>\n<p class=\"note\">None: the function was deleted before code generation.</p>\n");
    }
    out.push_str("</section>\n");
}

/// Opens the panel that CSS shows for each stage of `run`.
fn open_stage_group(out: &mut String, run: &Run) {
    let classes: Vec<String> = run.stages.clone().map(|k| format!("s-{k}")).collect();
    let _ = writeln!(out, "<div class=\"stage-group {}\">", classes.join(" "));
}

fn write_deleted(out: &mut String, stage: &str, by: &str) {
    let _ = writeln!(
        out,
        "<p class=\"stage-head\">after <strong>{}</strong> — the function no longer exists \
         (deleted by <strong>{}</strong>).</p>",
        escape(stage),
        escape(by)
    );
}

/// A block of code with line numbers (no links), each line linked to the
/// source line in `sources` (if any).
fn write_numbered_code(out: &mut String, text: &str, sources: &[u32], class: &str) {
    let _ = writeln!(out, "<div class=\"code listing {class}\">");
    for (i, line) in text.lines().enumerate() {
        let _ = writeln!(
            out,
            "<div class=\"line\"{}><span class=\"ln\">{}</span><span class=\"text\">{}</span></div>",
            line_attrs(sources.get(i).copied().unwrap_or(0)),
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

fn write_ssa_tables(out: &mut String, tables: &SsaTables, stage: &str, phis: Phis) {
    let on = match (stage, phis) {
        ("input", _) => "on the input IR, as <code>wendc analyze</code>".to_string(),
        (_, Phis::WouldPlace) => format!(
            "on the IR after {}; the phis are those mem2reg would place for its stack slots",
            escape(stage)
        ),
        (_, Phis::Present) => format!(
            "on the IR after {}; the phis are those it has",
            escape(stage)
        ),
    };
    let _ = write!(
        out,
        "<h4>Dominance frontiers and phi placement <span class=\"after\">{on}</span></h4>\n\
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
    let (none, header) = match phis {
        Phis::WouldPlace => (
            "mem2reg places no phis in this function.",
            "mem2reg puts its phis in",
        ),
        Phis::Present => ("This IR has no phis.", "its phis are in"),
    };
    if tables.phis.is_empty() {
        let _ = writeln!(out, "<p class=\"note\">{none}</p>");
    } else {
        let _ = writeln!(
            out,
            "<table class=\"phis\"><thead><tr><th>variable</th><th>{header}</th></tr></thead><tbody>"
        );
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

/// The assembly of `func` (of the last stage), as `wendc build
/// -O<opt_level>` compiles it, beside the source lines it comes from, each
/// line linked to its source line.
pub fn assembly_html(
    module: &Module,
    func: &Function,
    anchor: &str,
    source_lines: &[String],
    source_name: &str,
    opt_level: u8,
) -> String {
    let mut out = String::new();
    let lines = function_asm(module, func, source_name, opt_level);
    write_assembly(&mut out, &lines, anchor, source_lines);
    out
}

fn write_assembly(out: &mut String, lines: &[AsmLine], anchor: &str, source_lines: &[String]) {
    let _ = writeln!(
        out,
        "<h3 id=\"fn-{anchor}-asm\">x86-64 assembly <span class=\"after\">from the native backend; hover or click a line number to see its source</span></h3>"
    );
    let mut used: Vec<u32> = lines.iter().filter_map(|l| l.line).collect();
    used.sort_unstable();
    used.dedup();
    if used.is_empty() {
        let text: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        write_numbered_code(out, &text.join("\n"), &[], "asm");
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
            "<div class=\"line sl\" id=\"asm-{anchor}-L{n}\"{}><span class=\"ln\">{n}</span><span class=\"text\">{text}</span></div>",
            line_attrs(n)
        );
    }
    out.push_str("</div>\n<div class=\"code asm-code\">\n<div class=\"pane-title\">assembly (AT&amp;T syntax; <code># …</code> lines are the IR instruction that follows)</div>\n");
    let mut previous: Option<u32> = None;
    for line in lines {
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
        let data = line_attrs(line.line.unwrap_or(0));
        let _ = writeln!(
            out,
            "<div class=\"line al {class}\"{data}>{gutter}<span class=\"text\">{}</span></div>",
            escape(&line.text)
        );
    }
    out.push_str("</div>\n</div>\n");
}
