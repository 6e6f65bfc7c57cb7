//! A function's control-flow graph as inline SVG.
//!
//! Each block is a box listing its label, its phis (on a yellow band), its
//! instructions and its terminator, in the IR printer's text. Boxes are
//! tinted by loop depth; loop headers say so. Edges of a conditional branch
//! are labelled `T`/`F`. Back edges (to a block that dominates the source)
//! are red; the immediate-dominator links are overlaid as dotted blue
//! curves, hidden until the reader asks for them (CSS classes `back` and
//! `domedge`, switched by the page's toggles). Unreachable blocks and their
//! edges are grey.
//!
//! Node order for the layout is reverse postorder then the unreachable
//! blocks in layout order, as [`crate::layout`] expects.

use crate::html::{escape, id_fragment};
use crate::layout::{self, Graph, Layout, Path, Rect};
use crate::{graphviz, LayoutEngine};
use cranelift_entity::EntityRef;
use std::fmt::Write;
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::dom::DomTree;
use wend_ir::analysis::loops::LoopForest;
use wend_ir::print::{inst_text, terminator_text, FunctionNames};
use wend_ir::{Block, FuncId, Module};

/// Font metrics of the drawing (12px monospace: 0.6em per character).
pub const FONT_SIZE: f64 = 12.0;
pub const CHAR_WIDTH: f64 = 7.2;
pub const LINE_HEIGHT: f64 = 16.0;
const HEADER_HEIGHT: f64 = 22.0;
const PAD_X: f64 = 8.0;
const PAD_BOTTOM: f64 = 6.0;
/// Longer lines are cut, with the whole text in a tooltip.
const MAX_LINE_CHARS: usize = 64;

/// The kind of a line in a block box.
#[derive(Clone, Copy, PartialEq, Eq)]
enum LineKind {
    Phi,
    Inst,
    Terminator,
}

struct BlockBox {
    block: Block,
    title: String,
    note: Option<String>,
    lines: Vec<(LineKind, String)>,
    reachable: bool,
    loop_depth: u32,
}

impl BlockBox {
    fn size(&self) -> (f64, f64) {
        let title_chars =
            self.title.chars().count() + self.note.as_ref().map_or(0, |n| n.chars().count() + 2);
        let widest = self
            .lines
            .iter()
            .map(|(_, t)| t.chars().count().min(MAX_LINE_CHARS))
            .chain(std::iter::once(title_chars))
            .max()
            .unwrap_or(0);
        let width = (widest as f64 * CHAR_WIDTH + 2.0 * PAD_X).max(80.0).ceil();
        let height = (HEADER_HEIGHT + self.lines.len() as f64 * LINE_HEIGHT + PAD_BOTTOM).ceil();
        (width, height)
    }
}

/// What the drawing is made of, before layout: useful for tests.
pub struct CfgDrawing {
    pub svg: String,
    /// Which engine actually laid it out.
    pub engine: LayoutEngine,
    pub layout: Layout,
    pub block_count: usize,
    pub edge_count: usize,
}

/// IR text as shown in a box: string addresses abbreviated to `@.str.K`.
pub fn compact_ir(text: &str) -> String {
    const GEP: &str = "getelementptr inbounds (";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(GEP) {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        // `getelementptr inbounds ([N x i8], [N x i8]* @.str.K, i64 0, i64 0)`
        let Some(close) = after.find(", i64 0, i64 0)") else {
            out.push_str(after);
            return out;
        };
        let inner = &after[..close];
        match inner.rfind('@') {
            Some(at) => out.push_str(&inner[at..]),
            None => out.push_str(inner),
        }
        rest = &after[close + ", i64 0, i64 0)".len()..];
    }
    out.push_str(rest);
    out
}

/// Draws function `id` of `module`.
pub fn draw(module: &Module, id: FuncId, engine: LayoutEngine) -> CfgDrawing {
    draw_all(&[(module, id)], engine)
        .pop()
        .expect("one drawing per function")
}

/// CFGs of more blocks than this are laid out by the built-in layout even
/// when Graphviz is installed: `dot`'s time grows faster than the graph.
pub const MAX_DOT_BLOCKS: usize = 1000;

/// Draws each function `(module, id)`, in order. With Graphviz, one run of
/// `dot` lays out all of them (but those of more than [`MAX_DOT_BLOCKS`]):
/// starting it takes longer than laying out a small CFG.
pub fn draw_all(functions: &[(&Module, FuncId)], engine: LayoutEngine) -> Vec<CfgDrawing> {
    let plans: Vec<Plan> = functions
        .iter()
        .map(|&(module, id)| Plan::new(module, id))
        .collect();
    let use_dot = match engine {
        LayoutEngine::Builtin => false,
        LayoutEngine::Graphviz | LayoutEngine::Auto => graphviz::available(),
    };
    let for_dot: Vec<usize> = (0..plans.len())
        .filter(|&k| use_dot && plans[k].graph.sizes.len() <= MAX_DOT_BLOCKS)
        .collect();
    let requests: Vec<graphviz::Request> = for_dot
        .iter()
        .map(|&k| graphviz::Request {
            graph: &plans[k].graph,
            overlay: &plans[k].dom_edges,
        })
        .collect();
    let mut dot_layouts: Vec<Option<graphviz::DotLayout>> = plans.iter().map(|_| None).collect();
    if !requests.is_empty() {
        for (k, layout) in for_dot.into_iter().zip(graphviz::layout_all(&requests)) {
            dot_layouts[k] = layout;
        }
    }
    plans
        .into_iter()
        .zip(dot_layouts)
        .map(|(plan, dot_layout)| plan.finish(dot_layout))
        .collect()
}

/// How an edge is styled.
struct EdgeInfo {
    label: Option<&'static str>,
    class: &'static str,
}

/// A function's drawing before layout: its boxes and edges.
struct Plan {
    function: String,
    boxes: Vec<BlockBox>,
    graph: Graph,
    /// Parallel to `graph.edges`.
    infos: Vec<EdgeInfo>,
    /// The immediate-dominator links, parent to child.
    dom_edges: Vec<(usize, usize)>,
}

impl Plan {
    fn new(module: &Module, id: FuncId) -> Plan {
        let func = &module.functions[id];
        let names = FunctionNames::compute(func);
        let cfg = Cfg::compute(func);
        let dom = DomTree::compute(func, &cfg);
        let loops = LoopForest::compute(func, &cfg, &dom);

        // Node order: RPO, then unreachable blocks.
        let mut order: Vec<Block> = cfg.rpo().to_vec();
        order.extend(
            func.layout
                .iter()
                .copied()
                .filter(|&b| !cfg.is_reachable(b)),
        );
        let mut index_of = vec![usize::MAX; func.blocks.len()];
        for (i, &b) in order.iter().enumerate() {
            index_of[b.index()] = i;
        }

        let boxes: Vec<BlockBox> = order
            .iter()
            .map(|&b| {
                let data = &func.blocks[b];
                let mut lines: Vec<(LineKind, String)> = Vec::new();
                for &inst in &data.phis {
                    lines.push((
                        LineKind::Phi,
                        compact_ir(&inst_text(module, func, &names, inst)),
                    ));
                }
                for &inst in &data.insts {
                    lines.push((
                        LineKind::Inst,
                        compact_ir(&inst_text(module, func, &names, inst)),
                    ));
                }
                if let Some(term) = &data.terminator {
                    lines.push((LineKind::Terminator, terminator_text(func, &names, term)));
                }
                let reachable = cfg.is_reachable(b);
                let note = if !reachable {
                    Some("unreachable".to_string())
                } else if loops.is_header(b) {
                    let l = loops.innermost_loop(b).expect("a header is in its loop");
                    Some(format!("loop header, depth {}", loops.depth(l)))
                } else {
                    None
                };
                BlockBox {
                    block: b,
                    title: format!("{}:", names.block(b)),
                    note,
                    lines,
                    reachable,
                    loop_depth: loops.loop_depth(b),
                }
            })
            .collect();

        // Edges, with what styles them.
        let mut graph = Graph {
            sizes: boxes.iter().map(BlockBox::size).collect(),
            edges: Vec::new(),
        };
        let mut infos: Vec<EdgeInfo> = Vec::new();
        for &b in &order {
            let terminator = func.blocks[b].terminator.as_ref();
            for (dest, label) in terminator.into_iter().flat_map(|t| t.labelled_successors()) {
                let Some(&to) = index_of.get(dest.index()) else {
                    continue;
                };
                if to == usize::MAX {
                    continue; // a branch to a deleted block: broken IR, not drawn
                }
                let class = if !cfg.is_reachable(b) {
                    "edge unreachable"
                } else if dom.dominates(dest, b) {
                    "edge back"
                } else {
                    "edge"
                };
                graph.edges.push((index_of[b.index()], to));
                infos.push(EdgeInfo { label, class });
            }
        }
        let dom_edges: Vec<(usize, usize)> = order
            .iter()
            .filter_map(|&b| {
                let parent = dom.idom(b)?;
                Some((index_of[parent.index()], index_of[b.index()]))
            })
            .collect();

        Plan {
            function: func.name.clone(),
            boxes,
            graph,
            infos,
            dom_edges,
        }
    }

    /// The drawing, laid out by `dot` if it gave `dot_layout`, else by the
    /// built-in layout.
    fn finish(self, dot_layout: Option<graphviz::DotLayout>) -> CfgDrawing {
        let Plan {
            function,
            boxes,
            graph,
            infos,
            dom_edges,
        } = self;
        let (layout, dom_paths, used) = match dot_layout {
            Some((layout, dom_paths)) => (layout, dom_paths, LayoutEngine::Graphviz),
            None => {
                let layout = layout::layered(&graph);
                let dom_paths: Vec<Path> = dom_edges
                    .iter()
                    .map(|&(p, c)| layout::side_curve(&layout.nodes[p], &layout.nodes[c]))
                    .collect();
                (layout, dom_paths, LayoutEngine::Builtin)
            }
        };

        // The dominator curves may bulge left of the drawing: shift everything.
        let min_x = dom_paths
            .iter()
            .flat_map(path_points)
            .map(|p| p.x)
            .fold(0.0, f64::min);
        let dx = if min_x < 4.0 { 4.0 - min_x } else { 0.0 };

        let prefix = format!("cfg-{}", id_fragment(&function));
        let mut svg = String::new();
        let (width, height) = (layout.width + dx, layout.height);
        let _ = writeln!(
        svg,
        "<svg class=\"cfg\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" role=\"img\" aria-label=\"control-flow graph of {}\">",
        escape(&function)
    );
        let _ = writeln!(svg, "<g transform=\"translate({dx:.1},0)\">");
        svg.push_str("<defs>");
        for (suffix, class) in [
            ("", "arrow"),
            ("-back", "arrow back"),
            ("-dom", "arrow dom"),
            ("-grey", "arrow grey"),
        ] {
            let _ = write!(
            svg,
            "<marker id=\"{prefix}-arrow{suffix}\" class=\"{class}\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" markerUnits=\"userSpaceOnUse\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\"/></marker>"
        );
        }
        svg.push_str("</defs>\n<g class=\"edges\">\n");
        for (route, info) in layout.edges.iter().zip(&infos) {
            let marker = match info.class {
                "edge back" => "-back",
                "edge unreachable" => "-grey",
                _ => "",
            };
            let _ = writeln!(
                svg,
                "<path class=\"{}\" d=\"{}\" marker-end=\"url(#{prefix}-arrow{marker})\"/>",
                info.class,
                route.path.svg_d()
            );
        }
        svg.push_str("</g>\n<g class=\"blocks\">\n");
        for (bx, rect) in boxes.iter().zip(&layout.nodes) {
            write_block(&mut svg, &prefix, bx, rect);
        }
        // Branch labels go on top of everything, beside the start of their edge.
        svg.push_str("</g>\n<g class=\"edge-labels\">\n");
        for (route, info) in layout.edges.iter().zip(&infos) {
            if let Some(label) = info.label {
                let at = route.path.label_anchor();
                let _ = writeln!(
                    svg,
                    "<text class=\"edge-label\" x=\"{:.1}\" y=\"{:.1}\">{label}</text>",
                    at.x + 5.0,
                    at.y + 2.0
                );
            }
        }
        svg.push_str("</g>\n<g class=\"domedges\">\n");
        for path in &dom_paths {
            let _ = writeln!(
                svg,
                "<path class=\"domedge\" d=\"{}\" marker-end=\"url(#{prefix}-arrow-dom)\"/>",
                path.svg_d()
            );
        }
        svg.push_str("</g>\n</g>\n</svg>\n");
        CfgDrawing {
            svg,
            engine: used,
            block_count: boxes.len(),
            edge_count: graph.edges.len(),
            layout,
        }
    }
}

fn path_points(path: &Path) -> Vec<layout::Point> {
    let mut points = vec![path.start];
    for s in &path.segments {
        match *s {
            layout::Segment::Line(p) => points.push(p),
            layout::Segment::Cubic(a, b, p) => points.extend([a, b, p]),
        }
    }
    points
}

fn write_block(svg: &mut String, prefix: &str, bx: &BlockBox, r: &Rect) {
    let mut classes = String::from("block");
    if !bx.reachable {
        classes.push_str(" unreachable");
    }
    if bx.loop_depth > 0 {
        let _ = write!(classes, " depth{}", bx.loop_depth.min(3));
    }
    let _ = writeln!(
        svg,
        "<g class=\"{classes}\" id=\"{prefix}-{}\">",
        bx.block.index()
    );
    let _ = writeln!(
        svg,
        "<rect class=\"box\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"4\"/>",
        r.x, r.y, r.width, r.height
    );
    let _ = writeln!(
        svg,
        "<path class=\"rule\" d=\"M{:.1},{:.1} H{:.1}\"/>",
        r.x,
        r.y + HEADER_HEIGHT - 2.0,
        r.right()
    );
    let baseline = |i: usize| r.y + HEADER_HEIGHT + LINE_HEIGHT * i as f64 + 11.5;
    let _ = write!(
        svg,
        "<text class=\"title\" x=\"{:.1}\" y=\"{:.1}\">{}",
        r.x + PAD_X,
        r.y + 15.0,
        escape(&bx.title)
    );
    if let Some(note) = &bx.note {
        let _ = write!(
            svg,
            "<tspan class=\"note\" dx=\"{CHAR_WIDTH}\">{}</tspan>",
            escape(note)
        );
    }
    svg.push_str("</text>\n");
    for (i, (kind, text)) in bx.lines.iter().enumerate() {
        if *kind == LineKind::Phi {
            let _ = writeln!(
                svg,
                "<rect class=\"phi-band\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{LINE_HEIGHT}\"/>",
                r.x + 1.0,
                r.y + HEADER_HEIGHT + LINE_HEIGHT * i as f64 - 1.0,
                r.width - 2.0
            );
        }
        let class = match kind {
            LineKind::Phi => "phi",
            LineKind::Inst => "inst",
            LineKind::Terminator => "term",
        };
        let shown: String = if text.chars().count() > MAX_LINE_CHARS {
            let mut cut: String = text.chars().take(MAX_LINE_CHARS - 1).collect();
            cut.push('…');
            cut
        } else {
            text.clone()
        };
        let tooltip = if shown != *text {
            format!("<title>{}</title>", escape(text))
        } else {
            String::new()
        };
        let _ = writeln!(
            svg,
            "<text class=\"{class}\" x=\"{:.1}\" y=\"{:.1}\">{tooltip}{}</text>",
            r.x + PAD_X,
            baseline(i),
            escape(&shown)
        );
    }
    svg.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compacts_string_addresses() {
        let text = "call void @wend_print_str(i8* getelementptr inbounds ([3 x i8], [3 x i8]* @.str.0, i64 0, i64 0), i32 3)";
        assert_eq!(
            compact_ir(text),
            "call void @wend_print_str(i8* @.str.0, i32 3)"
        );
        assert_eq!(compact_ir("ret void"), "ret void");
    }

    #[test]
    fn a_huge_cfg_gets_the_builtin_layout_even_with_graphviz() {
        let module_of = |blocks: usize| {
            let mut ir = String::from("define void @main() {\nentry:\n  br label %b1\n");
            for i in 1..blocks {
                let next = match i + 1 < blocks {
                    true => format!("br label %b{}", i + 1),
                    false => "ret void".to_string(),
                };
                ir.push_str(&format!("\nb{i}:\n  {next}\n"));
            }
            ir.push_str("}\n");
            wend_ir::read::parse_module(&ir).unwrap()
        };
        let (small, huge) = (module_of(3), module_of(MAX_DOT_BLOCKS + 1));
        let id = |m: &Module| m.definitions().next().unwrap().0;
        let drawings = draw_all(
            &[(&small, id(&small)), (&huge, id(&huge))],
            LayoutEngine::Graphviz,
        );
        assert_eq!(drawings[1].engine, LayoutEngine::Builtin);
        assert_eq!(drawings[1].block_count, MAX_DOT_BLOCKS + 1);
        if graphviz::available() {
            assert_eq!(drawings[0].engine, LayoutEngine::Graphviz);
        }
    }
}
