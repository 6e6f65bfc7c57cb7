//! The same layout as [`crate::layout::layered`], computed by Graphviz when
//! it is installed: `dot -Tplain` places our boxes (given their exact
//! sizes) and routes the edges as B-splines, and we draw the picture
//! ourselves, so both engines give the same look, classes and toggles.
//!
//! `-Tplain` coordinates are in inches with the origin at the bottom left;
//! we use one SVG unit per point (1/72 inch) with y growing downwards. A
//! spline there is a start point followed by cubic Bézier triples; it stops
//! where Graphviz would draw the arrowhead, so we extend it to the box.

use crate::layout::{EdgeKind, EdgeRoute, Graph, Layout, Path, Point, Rect, Segment, MARGIN};
use std::collections::{HashMap, VecDeque};
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// Points per inch.
const PT: f64 = 72.0;

/// Whether `dot` can be run: asked once per process (a report draws a CFG
/// per function and pass, and each ask would start a process).
pub fn available() -> bool {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| {
        Command::new("dot")
            .arg("-V")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// A graph to lay out, with `overlay` edges routed without influencing the
/// ranks (the dominator tree).
pub struct Request<'a> {
    pub graph: &'a Graph,
    pub overlay: &'a [(usize, usize)],
}

/// The layout of one graph by `dot`: the boxes and edges, and the overlay
/// edges' paths.
pub type DotLayout = (Layout, Vec<Path>);

/// The layouts of `requests` by one run of `dot` (starting it costs more
/// than laying out a small CFG), in order. All `None` if `dot` is missing
/// or fails, one `None` if its output for that graph cannot be read: the
/// caller falls back to the built-in layout.
pub fn layout_all(requests: &[Request]) -> Vec<Option<DotLayout>> {
    let mut text = String::new();
    for (k, request) in requests.iter().enumerate() {
        write_graph(&mut text, k, request);
    }
    let Some(plain) = run_dot(&text) else {
        return requests.iter().map(|_| None).collect();
    };
    let mut outputs = split_graphs(&plain);
    outputs.truncate(requests.len());
    let mut layouts: Vec<Option<DotLayout>> = requests
        .iter()
        .zip(&outputs)
        .map(|(r, out)| parse_plain(out, r.graph, r.overlay))
        .collect();
    layouts.resize_with(requests.len(), || None);
    layouts
}

/// `-Tplain` output of several graphs cut into one piece per graph: each
/// ends with a `stop` line.
fn split_graphs(plain: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let (mut start, mut end) = (0, 0);
    for line in plain.split_inclusive('\n') {
        end += line.len();
        if line.trim_end() == "stop" {
            pieces.push(&plain[start..end]);
            start = end;
        }
    }
    pieces
}

/// The layout of one graph, as [`layout_all`] gives it.
pub fn layout(graph: &Graph, overlay: &[(usize, usize)]) -> Option<DotLayout> {
    layout_all(&[Request { graph, overlay }]).pop().flatten()
}

/// The `dot` input for one graph, named `cfg<k>`.
fn write_graph(text: &mut String, k: usize, request: &Request) {
    let _ = writeln!(
        text,
        "digraph cfg{k} {{\n  rankdir=TB; nodesep=0.45; ranksep=0.6;"
    );
    text.push_str("  node [shape=box, fixedsize=true, label=\"\"];\n");
    for (i, &(w, h)) in request.graph.sizes.iter().enumerate() {
        let _ = writeln!(text, "  n{i} [width={:.4}, height={:.4}];", w / PT, h / PT);
    }
    for &(from, to) in &request.graph.edges {
        let _ = writeln!(text, "  n{from} -> n{to} [style=solid];");
    }
    for &(from, to) in request.overlay {
        let _ = writeln!(text, "  n{from} -> n{to} [style=dotted, constraint=false];");
    }
    text.push_str("}\n");
}

fn run_dot(input: &str) -> Option<String> {
    let mut child = Command::new("dot")
        .arg("-Tplain")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    // Written from another thread: given several graphs, dot writes the
    // layout of each as soon as it has read it, and would block on a full
    // output pipe while we still wrote the next graphs.
    let output = std::thread::scope(|scope| {
        let writer = scope.spawn(move || stdin.write_all(input.as_bytes()));
        let output = child.wait_with_output();
        let written = writer.join().expect("writing to a pipe does not panic");
        written.and(output)
    })
    .ok()?;
    if !output.status.success() {
        return None;
    }
    String::from_utf8(output.stdout).ok()
}

/// Reads `-Tplain` output back into a [`Layout`].
fn parse_plain(
    plain: &str,
    graph: &Graph,
    overlay: &[(usize, usize)],
) -> Option<(Layout, Vec<Path>)> {
    let n = graph.sizes.len();
    let mut height = 0.0;
    let mut width = 0.0;
    let mut centers: Vec<Option<Point>> = vec![None; n];
    // (from, to, dotted, points), in output order.
    let mut splines: Vec<(usize, usize, bool, Vec<Point>)> = Vec::new();
    let node_index = |name: &str| name.strip_prefix('n')?.parse::<usize>().ok();
    for line in plain.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        match fields.first() {
            Some(&"graph") => {
                width = fields.get(2)?.parse::<f64>().ok()? * PT;
                height = fields.get(3)?.parse::<f64>().ok()? * PT;
            }
            Some(&"node") => {
                let v = node_index(fields.get(1)?)?;
                let x: f64 = fields.get(2)?.parse().ok()?;
                let y: f64 = fields.get(3)?.parse().ok()?;
                *centers.get_mut(v)? = Some(Point {
                    x: x * PT,
                    y: height - y * PT,
                });
            }
            Some(&"edge") => {
                let from = node_index(fields.get(1)?)?;
                let to = node_index(fields.get(2)?)?;
                let count: usize = fields.get(3)?.parse().ok()?;
                let mut points = Vec::with_capacity(count);
                for i in 0..count {
                    let x: f64 = fields.get(4 + 2 * i)?.parse().ok()?;
                    let y: f64 = fields.get(5 + 2 * i)?.parse().ok()?;
                    points.push(Point {
                        x: x * PT,
                        y: height - y * PT,
                    });
                }
                let dotted = fields.get(4 + 2 * count) == Some(&"dotted");
                splines.push((from, to, dotted, points));
            }
            _ => {}
        }
    }
    // Graphviz draws on [0, width] × [0, height]; add our margin.
    let shift = |p: Point| Point {
        x: p.x + MARGIN,
        y: p.y + MARGIN,
    };
    let nodes: Vec<Rect> = (0..n)
        .map(|v| {
            let c = shift(centers[v]?);
            let (w, h) = graph.sizes[v];
            Some(Rect {
                x: c.x - w / 2.0,
                y: c.y - h / 2.0,
                width: w,
                height: h,
            })
        })
        .collect::<Option<_>>()?;
    // The splines by their ends, each list in output order: parallel
    // edges (both branches of a conditional to one block) are matched in
    // turn.
    let mut by_ends: HashMap<(usize, usize, bool), VecDeque<Vec<Point>>> = HashMap::new();
    for (from, to, dotted, points) in splines {
        by_ends
            .entry((from, to, dotted))
            .or_default()
            .push_back(points);
    }
    let mut take = |from: usize, to: usize, dotted: bool| -> Option<Path> {
        let points = by_ends.get_mut(&(from, to, dotted))?.pop_front()?;
        let points: Vec<Point> = points.into_iter().map(shift).collect();
        Some(spline_path(&points, &nodes[from], &nodes[to]))
    };
    let mut edges = Vec::with_capacity(graph.edges.len());
    for &(from, to) in &graph.edges {
        let kind = if from < to {
            EdgeKind::Forward
        } else {
            EdgeKind::Back
        };
        edges.push(EdgeRoute {
            kind,
            path: take(from, to, false)?,
        });
    }
    let overlay_paths = overlay
        .iter()
        .map(|&(from, to)| take(from, to, true))
        .collect::<Option<Vec<_>>>()?;
    Some((
        Layout {
            nodes,
            edges,
            width: width + 2.0 * MARGIN,
            height: height + 2.0 * MARGIN,
        },
        overlay_paths,
    ))
}

/// A B-spline from `-Tplain` as an SVG path whose ends touch the boxes.
fn spline_path(points: &[Point], source: &Rect, target: &Rect) -> Path {
    let Some(&first) = points.first() else {
        let start = source.nearest_border_point(Point {
            x: target.center_x(),
            y: target.center_y(),
        });
        return Path {
            start,
            segments: vec![Segment::Line(target.nearest_border_point(start))],
        };
    };
    let start = source.nearest_border_point(first);
    let mut segments = Vec::new();
    if (start.x - first.x).hypot(start.y - first.y) > 0.5 {
        segments.push(Segment::Line(first));
    }
    for triple in points[1..].chunks(3) {
        match *triple {
            [a, b, c] => segments.push(Segment::Cubic(a, b, c)),
            _ => segments.extend(triple.iter().map(|&p| Segment::Line(p))),
        }
    }
    let last = points[points.len() - 1];
    let end = target.nearest_border_point(last);
    if (end.x - last.x).hypot(end.y - last.y) > 0.5 || segments.is_empty() {
        segments.push(Segment::Line(end));
    }
    Path { start, segments }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether Graphviz is missing, which skips a test (and says so).
    fn dot_is_missing() -> bool {
        let missing = !available();
        if missing {
            eprintln!("note: Graphviz `dot` is not installed; skipping");
        }
        missing
    }

    #[test]
    fn dot_layout_touches_every_box() {
        if dot_is_missing() {
            return;
        }
        let graph = Graph {
            sizes: vec![(120.0, 40.0), (200.0, 80.0), (90.0, 30.0), (60.0, 44.0)],
            edges: vec![(0, 1), (1, 2), (2, 1), (1, 3), (1, 1), (2, 3), (2, 3)],
        };
        let (layout, overlay) = layout(&graph, &[(0, 1), (1, 2), (1, 3)]).expect("dot works");
        assert_eq!(overlay.len(), 3);
        for (i, a) in layout.nodes.iter().enumerate() {
            for b in &layout.nodes[i + 1..] {
                assert!(!a.overlaps(b));
            }
        }
        for (e, &(from, to)) in graph.edges.iter().enumerate() {
            let path = &layout.edges[e].path;
            assert!(layout.nodes[from].on_border(path.start, 0.01), "edge {e}");
            assert!(layout.nodes[to].on_border(path.end(), 0.01), "edge {e}");
        }
    }

    #[test]
    fn one_dot_run_lays_out_each_graph_as_alone() {
        if dot_is_missing() {
            return;
        }
        let diamond = Graph {
            sizes: vec![(80.0, 30.0), (100.0, 50.0), (90.0, 40.0), (80.0, 30.0)],
            edges: vec![(0, 1), (0, 2), (1, 3), (2, 3)],
        };
        let loop_ = Graph {
            sizes: vec![(80.0, 30.0), (120.0, 60.0), (80.0, 30.0)],
            edges: vec![(0, 1), (1, 1), (1, 2), (1, 2)],
        };
        let dominators = [(0, 1), (0, 2), (0, 3)];
        let requests = [
            Request {
                graph: &diamond,
                overlay: &dominators,
            },
            Request {
                graph: &loop_,
                overlay: &[],
            },
            Request {
                graph: &diamond,
                overlay: &[],
            },
        ];
        let together = layout_all(&requests);
        assert_eq!(together.len(), 3);
        for (request, layout_in_batch) in requests.iter().zip(together) {
            let alone = layout(request.graph, request.overlay).expect("dot works");
            let batch = layout_in_batch.expect("dot works");
            assert_eq!(format!("{:?}", batch), format!("{:?}", alone));
        }
    }

    #[test]
    fn plain_output_is_cut_after_each_stop_line() {
        let plain = "graph 1 1 1\nnode n0 0 0 1 1\nstop\ngraph 1 2 2\nstop\n";
        assert_eq!(
            split_graphs(plain),
            [
                "graph 1 1 1\nnode n0 0 0 1 1\nstop\n",
                "graph 1 2 2\nstop\n"
            ]
        );
        assert!(split_graphs("graph 1 1 1\n").is_empty());
    }
}
