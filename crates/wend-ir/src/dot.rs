//! Graphviz output: draws the control-flow graph of a function (or of every
//! function of a module) for `dot -Tsvg`, to look at what a pass did.
//!
//! Each block is a node whose label lists, in the LLVM printer's own text
//! and value names ([`crate::print::inst_text`] and friends, so the picture
//! matches `--emit-llvm` output line for line), the block's phis on a
//! coloured background, its ordinary instructions and its terminator. Edges
//! of a conditional branch are labelled `T` and `F`. *Back edges* — edges to
//! a block that dominates their source, the edges that close natural loops —
//! are drawn bold and red. Unreachable blocks (and the edges leaving them) are
//! greyed out. With [`DotOptions::dominator_tree`], every immediate-dominator
//! link is overlaid as a dotted blue edge from the dominator to the block;
//! those edges do not influence the layout (`constraint=false`), so the
//! picture keeps the shape of the CFG.
//!
//! Labels are Graphviz "HTML-like" labels (a `<table>` per node), which allow
//! left-aligned lines and per-line colours; all IR text is HTML-escaped.
//!
//! [`module_to_dot`] draws one graph with one cluster per defined function
//! (`dot` renders only one graph per output file, and clusters keep the
//! functions apart). Node ids are `b<index>` (prefixed `f<index>_` in a
//! module graph), after the blocks' arena indices, so the output is
//! deterministic.

use crate::analysis::cfg::Cfg;
use crate::analysis::dom::DomTree;
use crate::entities::{Block, FuncId};
use crate::function::Function;
use crate::module::Module;
use crate::print::{self, FunctionNames};
use cranelift_entity::EntityRef;
use std::fmt::Write;

/// What to draw besides the CFG.
#[derive(Clone, Debug, Default)]
pub struct DotOptions {
    /// Overlay the dominator tree as dotted blue edges.
    pub dominator_tree: bool,
}

/// Background of the phi lines.
const PHI_BACKGROUND: &str = "#fff2b3";
/// Background of the header line of a block.
const HEADER_BACKGROUND: &str = "#dde6f5";
/// Colours of unreachable blocks.
const UNREACHABLE_BACKGROUND: &str = "#e8e8e8";
const UNREACHABLE_TEXT: &str = "#909090";

/// One function's CFG as a standalone `digraph`.
pub fn function_to_dot(module: &Module, id: FuncId, options: &DotOptions) -> String {
    let func = &module.functions[id];
    let mut out = String::new();
    let _ = writeln!(out, "digraph {} {{", quote(&func.name));
    write_graph_defaults(&mut out);
    let _ = writeln!(out, "  label={};", quote(&function_title(func)));
    write_function(&mut out, module, id, "", options);
    out.push_str("}\n");
    out
}

/// Every defined function of the module, one cluster each, in one `digraph`.
pub fn module_to_dot(module: &Module, options: &DotOptions) -> String {
    let mut out = String::new();
    out.push_str("digraph module {\n");
    write_graph_defaults(&mut out);
    for (id, func) in module.definitions() {
        let _ = writeln!(out, "  subgraph cluster_f{} {{", id.index());
        let _ = writeln!(out, "    label={};", quote(&function_title(func)));
        out.push_str("    color=\"#a0a0a0\";\n");
        write_function(&mut out, module, id, &format!("f{}_", id.index()), options);
        out.push_str("  }\n");
    }
    out.push_str("}\n");
    out
}

fn write_graph_defaults(out: &mut String) {
    out.push_str("  labelloc=t;\n  fontname=\"monospace\";\n");
    out.push_str("  node [shape=none, margin=0, fontname=\"monospace\", fontsize=10];\n");
    out.push_str("  edge [fontname=\"monospace\", fontsize=10];\n");
}

fn function_title(func: &Function) -> String {
    let params: Vec<String> = func.param_types().iter().map(|t| t.to_string()).collect();
    let ret = func.ret.map_or("void".to_string(), |t| t.to_string());
    let kind = if func.is_declaration() {
        "declare"
    } else {
        "define"
    };
    format!(
        "{kind} {ret} {}({})",
        print::global_name(&func.name),
        params.join(", ")
    )
}

/// The nodes and edges of one function; node ids start with `prefix`.
fn write_function(
    out: &mut String,
    module: &Module,
    id: FuncId,
    prefix: &str,
    options: &DotOptions,
) {
    let func = &module.functions[id];
    if func.is_declaration() {
        return;
    }
    let names = FunctionNames::compute(func);
    let cfg = Cfg::compute(func);
    let dom = DomTree::compute(func, &cfg);
    let node = |b: Block| format!("{prefix}b{}", b.index());
    let mut in_layout = vec![false; func.blocks.len()];
    for &b in &func.layout {
        in_layout[b.index()] = true;
    }

    for &b in &func.layout {
        let label = block_label(module, func, &names, b, cfg.is_reachable(b));
        let _ = writeln!(out, "  {} [label=<{label}>];", node(b));
    }

    for &b in &func.layout {
        let reachable = cfg.is_reachable(b);
        let terminator = func.blocks[b].terminator.as_ref();
        for (dest, label) in terminator.into_iter().flat_map(|t| t.labelled_successors()) {
            let mut attrs = Vec::new();
            if let Some(label) = label {
                attrs.push(format!("label=\"{label}\""));
            }
            if !reachable {
                attrs.push(format!("color=\"{UNREACHABLE_TEXT}\""));
                attrs.push(format!("fontcolor=\"{UNREACHABLE_TEXT}\""));
            } else if dom.dominates(dest, b) {
                attrs.push("style=bold, color=\"#c0392b\"".to_string());
            }
            if !in_layout.get(dest.index()).copied().unwrap_or(false) {
                // Only broken IR branches to a deleted block; make it visible.
                let _ = writeln!(
                    out,
                    "  {} [label=<<font color=\"red\">{}</font>>];",
                    node(dest),
                    escape(&format!("<deleted {dest}>"))
                );
            }
            let _ = writeln!(
                out,
                "  {} -> {} [{}];",
                node(b),
                node(dest),
                attrs.join(", ")
            );
        }
    }

    if options.dominator_tree {
        for &b in dom.preorder() {
            if let Some(parent) = dom.idom(b) {
                let _ = writeln!(
                    out,
                    "  {} -> {} [style=dotted, color=blue, arrowhead=empty, constraint=false];",
                    node(parent),
                    node(b)
                );
            }
        }
    }
}

/// The HTML-like label of a block: a header, the phis, the instructions and
/// the terminator, one left-aligned row each.
fn block_label(
    module: &Module,
    func: &Function,
    names: &FunctionNames,
    b: Block,
    reachable: bool,
) -> String {
    let data = &func.blocks[b];
    let (table_background, text_colour) = if reachable {
        ("white", "black")
    } else {
        (UNREACHABLE_BACKGROUND, UNREACHABLE_TEXT)
    };
    let mut label = format!(
        "<table border=\"1\" cellborder=\"0\" cellspacing=\"0\" cellpadding=\"2\" bgcolor=\"{table_background}\" color=\"{text_colour}\">"
    );
    let mut row = |text: &str, background: Option<&str>, bold: bool| {
        let background = background.map_or(String::new(), |c| format!(" bgcolor=\"{c}\""));
        let text = escape(text);
        let text = if bold { format!("<b>{text}</b>") } else { text };
        let _ = write!(
            label,
            "<tr><td align=\"left\" balign=\"left\"{background}><font color=\"{text_colour}\">{text}</font></td></tr>"
        );
    };
    let header = if reachable {
        format!("{}:", names.block(b))
    } else {
        format!("{}:  ; unreachable", names.block(b))
    };
    row(&header, Some(HEADER_BACKGROUND).filter(|_| reachable), true);
    for &inst in &data.phis {
        row(
            &print::inst_text(module, func, names, inst),
            Some(PHI_BACKGROUND),
            false,
        );
    }
    for &inst in &data.insts {
        row(&print::inst_text(module, func, names, inst), None, false);
    }
    match &data.terminator {
        Some(term) => row(&print::terminator_text(func, names, term), None, false),
        None => row("; <missing terminator>", None, false),
    }
    label.push_str("</table>");
    label
}

/// Escapes text for an HTML-like label: markup characters become entities,
/// and so does anything outside printable ASCII (IR text is ASCII except in
/// broken names; control characters would break the label).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            ' '..='~' => out.push(c),
            _ => {
                let _ = write!(out, "&#{};", c as u32);
            }
        }
    }
    out
}

/// A double-quoted dot string (graph names, titles).
fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::FunctionBuilder;
    use crate::runtime::RuntimeFn;
    use crate::{BinOp, IcmpCond, Type};
    use std::io::Write as _;
    use std::process::{Command, Stdio};

    /// `main` with a loop whose header has a phi, a conditional branch, a
    /// string with characters that need escaping, and an unreachable block;
    /// plus a nested function taking a pointer.
    fn sample_module() -> (Module, FuncId) {
        let mut m = Module::new();
        let print_str = m.runtime_fn(RuntimeFn::PrintStr);
        let s = m.intern_string(b"<a & \"b\">\n");
        let helper = m.add_function(Function::new("main.f", &[(Type::PtrI32, "x")], None));
        {
            let mut b = FunctionBuilder::new(&mut m.functions[helper]);
            let zero = b.iconst(0);
            let x = b.param(0);
            b.store(zero, x);
            b.ret(None);
        }
        let main = m.add_function(Function::new("main", &[], Some(Type::I32)));
        let mut b = FunctionBuilder::new(&mut m.functions[main]);
        let entry = b.entry_block();
        let header = b.create_block("while.cond");
        let body = b.create_block("while.body");
        let exit = b.create_block("while.end");
        let dead = b.create_block("after.return");
        let (zero, one, ten) = (b.iconst(0), b.iconst(1), b.iconst(10));
        let slot = b.alloca(Type::I32, "x");
        b.br(header);
        b.switch_to_block(header);
        let i = b.phi(Type::I32, vec![(entry, zero)], "i");
        let more = b.icmp(IcmpCond::Slt, i, ten, "");
        b.cond_br(more, body, exit);
        b.switch_to_block(body);
        let next = b.binary(BinOp::Add, i, one, "i.next");
        b.call(helper, None, vec![slot], "");
        b.br(header);
        b.switch_to_block(exit);
        let p = b.string(s);
        let len = b.iconst(10);
        b.call(print_str, None, vec![p, len], "");
        b.ret(Some(zero));
        b.switch_to_block(dead);
        b.br(exit);
        let f = &mut m.functions[main];
        let phi = f.defining_inst(i).unwrap();
        if let crate::InstKind::Phi { incoming } = &mut f.insts[phi].kind {
            incoming.push((body, next));
        }
        (m, main)
    }

    /// Runs `dot -Tsvg` on the text if Graphviz is installed; `None` if not.
    fn render(text: &str) -> Option<Result<String, String>> {
        let mut child = Command::new("dot")
            .arg("-Tsvg")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .ok()?;
        child.stdin.take()?.write_all(text.as_bytes()).ok()?;
        let output = child.wait_with_output().ok()?;
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        Some(if output.status.success() && stderr.is_empty() {
            Ok(String::from_utf8_lossy(&output.stdout).into_owned())
        } else {
            Err(stderr)
        })
    }

    fn assert_renders(text: &str) {
        match render(text) {
            None => eprintln!("graphviz `dot` is not installed: not rendering"),
            Some(Ok(svg)) => assert!(svg.contains("<svg"), "{svg}"),
            Some(Err(e)) => panic!("dot rejected the graph: {e}\n{text}"),
        }
    }

    #[test]
    fn function_graph_shows_blocks_edges_and_loops() {
        let (m, main) = sample_module();
        let text = function_to_dot(&m, main, &DotOptions::default());
        assert!(text.starts_with("digraph \"main\" {"));
        // The printer's text, escaped, with the phi highlighted.
        assert!(text.contains(&format!(
            "bgcolor=\"{PHI_BACKGROUND}\"><font color=\"black\">%i = phi i32 [ 0, %entry ], [ %i.next, %while.body ]"
        )));
        assert!(text.contains("%i.next = add i32 %i, 1"));
        assert!(text.contains("br i1 %0, label %while.body, label %while.end"));
        assert!(text.contains("[5 x i8]") || text.contains("[10 x i8]"));
        assert!(!text.contains("<a &"), "string bytes must be escaped");
        // Conditional edges are labelled; the back edge stands out.
        assert!(text.contains("b1 -> b2 [label=\"T\"];"));
        assert!(text.contains("b1 -> b3 [label=\"F\"];"));
        assert!(text.contains("b2 -> b1 [style=bold"));
        assert!(!text.contains("b0 -> b1 [style=bold"));
        // The unreachable block is greyed, and so is its edge.
        assert!(text.contains("after.return:  ; unreachable"));
        assert!(text.contains(&format!("b4 -> b3 [color=\"{UNREACHABLE_TEXT}\"")));
        assert!(!text.contains("style=dotted"));
        assert_renders(&text);
    }

    #[test]
    fn dominator_tree_overlay() {
        let (m, main) = sample_module();
        let options = DotOptions {
            dominator_tree: true,
        };
        let text = function_to_dot(&m, main, &options);
        for (parent, child) in [(0, 1), (1, 2), (1, 3)] {
            assert!(
                text.contains(&format!("b{parent} -> b{child} [style=dotted, color=blue")),
                "{text}"
            );
        }
        // Unreachable blocks are not in the tree.
        assert!(!text.contains("-> b4 [style=dotted"));
        assert_renders(&text);
    }

    #[test]
    fn module_graph_has_a_cluster_per_definition() {
        let (m, _) = sample_module();
        let text = module_to_dot(
            &m,
            &DotOptions {
                dominator_tree: true,
            },
        );
        assert_eq!(text.matches("subgraph cluster_").count(), 2);
        assert!(text.contains("label=\"define void @main.f(i32*)\""));
        assert!(text.contains("label=\"define i32 @main()\""));
        assert!(text.contains("f2_b2 -> f2_b1 [style=bold"));
        assert!(!text.contains("wend_print_str\";"));
        assert_renders(&text);
    }

    #[test]
    fn escaping() {
        assert_eq!(
            escape("<badref v1> & \"x\""),
            "&lt;badref v1&gt; &amp; &quot;x&quot;"
        );
        assert_eq!(escape("a\u{1}é"), "a&#1;&#233;");
        assert_eq!(quote("a\"b\\c"), "\"a\\\"b\\\\c\"");
    }
}
