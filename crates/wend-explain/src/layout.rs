//! Drawing a directed graph without Graphviz: a layered layout in the manner
//! of Sugiyama, Tagawa and Toda ("Methods for visual understanding of
//! hierarchical system structures", 1981), simplified for control-flow
//! graphs, plus the geometry shared with the Graphviz-backed layout.
//!
//! The caller numbers the nodes in reverse postorder (unreachable nodes
//! last). An edge `u → v` with `u < v` is a *forward* edge; every other
//! edge (loop back edges, self loops) is a *back* edge. The steps:
//!
//! 1. **Layering**: each node's layer is the longest forward path from a
//!    source (forward edges form a DAG, and node order is a topological
//!    order of it, so one sweep suffices).
//! 2. **Dummy nodes**: a forward edge spanning several layers gets a thin
//!    dummy node in each layer it crosses, so it is routed around boxes.
//! 3. **Ordering**: within layers, nodes are sorted by the barycentre of
//!    their neighbours in the previous layer, sweeping down then up, a few
//!    times; the ordering with the fewest crossings wins.
//! 4. **Coordinates**: layers are stacked top to bottom (boxes top-aligned);
//!    horizontal positions move towards the mean position of their
//!    neighbours while keeping the order and the minimum spacing.
//! 5. **Routing**: forward edges leave the bottom of their source, pass
//!    their dummies and enter the top of their target as smooth curves;
//!    back edges leave the source's right side, run up a vertical lane to
//!    the right of every box they pass, and enter the target's right side.
//!
//! Everything is deterministic: no hashing, ties broken by node number.

use std::fmt::Write;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// An axis-aligned box: top-left corner and size (y grows downwards).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl Rect {
    pub fn right(&self) -> f64 {
        self.x + self.width
    }
    pub fn bottom(&self) -> f64 {
        self.y + self.height
    }
    pub fn center_x(&self) -> f64 {
        self.x + self.width / 2.0
    }
    pub fn center_y(&self) -> f64 {
        self.y + self.height / 2.0
    }
    /// Whether the interiors of two boxes intersect.
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.x < other.right()
            && other.x < self.right()
            && self.y < other.bottom()
            && other.y < self.bottom()
    }
    /// Whether `p` lies on the border (within `tolerance`).
    pub fn on_border(&self, p: Point, tolerance: f64) -> bool {
        let inside_x = p.x >= self.x - tolerance && p.x <= self.right() + tolerance;
        let inside_y = p.y >= self.y - tolerance && p.y <= self.bottom() + tolerance;
        let near_vertical =
            (p.x - self.x).abs() <= tolerance || (p.x - self.right()).abs() <= tolerance;
        let near_horizontal =
            (p.y - self.y).abs() <= tolerance || (p.y - self.bottom()).abs() <= tolerance;
        inside_x && inside_y && (near_vertical || near_horizontal)
    }
    /// The point of the border closest to `p` (for clipping edge ends).
    pub fn nearest_border_point(&self, p: Point) -> Point {
        let cx = p.x.clamp(self.x, self.right());
        let cy = p.y.clamp(self.y, self.bottom());
        if cx != p.x || cy != p.y {
            return Point { x: cx, y: cy }; // outside: the clamped point is on the border
        }
        let distances = [
            (p.x - self.x, Point { x: self.x, y: p.y }),
            (
                self.right() - p.x,
                Point {
                    x: self.right(),
                    y: p.y,
                },
            ),
            (p.y - self.y, Point { x: p.x, y: self.y }),
            (
                self.bottom() - p.y,
                Point {
                    x: p.x,
                    y: self.bottom(),
                },
            ),
        ];
        distances
            .into_iter()
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, q)| q)
            .expect("four sides")
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Segment {
    Line(Point),
    Cubic(Point, Point, Point),
}

/// A path: a start point and segments, as in SVG.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    pub start: Point,
    pub segments: Vec<Segment>,
}

impl Path {
    pub fn end(&self) -> Point {
        match self.segments.last() {
            Some(Segment::Line(p)) | Some(Segment::Cubic(_, _, p)) => *p,
            None => self.start,
        }
    }

    /// The SVG `d` attribute.
    pub fn svg_d(&self) -> String {
        let mut d = format!("M{:.1},{:.1}", self.start.x, self.start.y);
        for s in &self.segments {
            match s {
                Segment::Line(p) => {
                    let _ = write!(d, " L{:.1},{:.1}", p.x, p.y);
                }
                Segment::Cubic(a, b, p) => {
                    let _ = write!(
                        d,
                        " C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
                        a.x, a.y, b.x, b.y, p.x, p.y
                    );
                }
            }
        }
        d
    }

    /// A point a little way along the path from its start, to place a
    /// label (`T`/`F`) beside the edge, clear of the source box.
    pub fn label_anchor(&self) -> Point {
        let mut points = Vec::new();
        for s in &self.segments {
            match *s {
                Segment::Line(p) => points.push(p),
                Segment::Cubic(a, b, p) => points.extend([a, b, p]),
            }
        }
        let toward = points
            .into_iter()
            .find(|p| (p.x - self.start.x).hypot(p.y - self.start.y) >= 1.0)
            .unwrap_or(self.start);
        let (dx, dy) = (toward.x - self.start.x, toward.y - self.start.y);
        let length = dx.hypot(dy).max(1.0);
        let step = length.min(16.0);
        Point {
            x: self.start.x + dx / length * step,
            y: self.start.y + dy / length * step,
        }
    }
}

/// Whether an edge was drawn down the layers or back up beside them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeKind {
    Forward,
    Back,
}

#[derive(Clone, Debug)]
pub struct EdgeRoute {
    pub kind: EdgeKind,
    pub path: Path,
}

/// The input: node sizes (in node order, see the module documentation) and
/// edges as `(from, to)` node indices, duplicates allowed.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    pub sizes: Vec<(f64, f64)>,
    pub edges: Vec<(usize, usize)>,
}

/// Where everything goes; `edges[i]` routes `Graph::edges[i]`.
#[derive(Clone, Debug)]
pub struct Layout {
    pub nodes: Vec<Rect>,
    pub edges: Vec<EdgeRoute>,
    pub width: f64,
    pub height: f64,
}

/// Space around the drawing.
pub const MARGIN: f64 = 16.0;
/// Vertical space between layers.
const LAYER_GAP: f64 = 54.0;
/// Horizontal space between neighbouring boxes.
const NODE_GAP: f64 = 36.0;
/// Horizontal space reserved around a dummy node (an edge passing by).
const DUMMY_WIDTH: f64 = 12.0;
/// Distance between the vertical lanes of back edges.
const LANE_GAP: f64 = 14.0;
/// Rounding of the corners of back edges.
const CORNER: f64 = 8.0;
const ORDERING_SWEEPS: usize = 12;
const POSITION_SWEEPS: usize = 8;

/// A node of the layered graph: a real node or a dummy on a long edge.
struct LayerNode {
    width: f64,
    layer: usize,
    /// Neighbours in the layer above and below (through dummies).
    up: Vec<usize>,
    down: Vec<usize>,
}

/// Lays out `graph` in layers (see the module documentation).
pub fn layered(graph: &Graph) -> Layout {
    let n = graph.sizes.len();
    // 1. Layering by longest path over forward edges.
    let mut layer = vec![0usize; n];
    for v in 0..n {
        for &(from, to) in &graph.edges {
            if to == v && from < to {
                layer[v] = layer[v].max(layer[from] + 1);
            }
        }
    }
    let layer_count = layer.iter().max().map_or(0, |&l| l + 1);

    // 2. Dummy nodes: every forward edge becomes a chain of layer nodes.
    let mut nodes: Vec<LayerNode> = (0..n)
        .map(|v| LayerNode {
            width: graph.sizes[v].0,
            layer: layer[v],
            up: Vec::new(),
            down: Vec::new(),
        })
        .collect();
    let mut chains: Vec<Vec<usize>> = Vec::with_capacity(graph.edges.len());
    for &(from, to) in &graph.edges {
        if from >= to {
            chains.push(Vec::new());
            continue;
        }
        let mut chain = vec![from];
        for l in layer[from] + 1..layer[to] {
            nodes.push(LayerNode {
                width: DUMMY_WIDTH,
                layer: l,
                up: Vec::new(),
                down: Vec::new(),
            });
            chain.push(nodes.len() - 1);
        }
        chain.push(to);
        for pair in chain.windows(2) {
            nodes[pair[0]].down.push(pair[1]);
            nodes[pair[1]].up.push(pair[0]);
        }
        chains.push(chain);
    }

    // 3. Ordering within layers.
    let mut layers: Vec<Vec<usize>> = vec![Vec::new(); layer_count];
    for (i, node) in nodes.iter().enumerate() {
        layers[node.layer].push(i);
    }
    let layers = order_layers(&nodes, layers);

    // 4. Coordinates.
    let mut x = vec![0.0f64; nodes.len()]; // centres
    for row in &layers {
        let mut left = 0.0;
        for &v in row {
            x[v] = left + nodes[v].width / 2.0;
            left += nodes[v].width + NODE_GAP;
        }
    }
    for sweep in 0..POSITION_SWEEPS {
        let downward = sweep % 2 == 0;
        let order: Vec<usize> = if downward {
            (1..layer_count).collect()
        } else {
            (0..layer_count.saturating_sub(1)).rev().collect()
        };
        for l in order {
            let desired: Vec<f64> = layers[l]
                .iter()
                .map(|&v| {
                    let neighbours = if downward {
                        &nodes[v].up
                    } else {
                        &nodes[v].down
                    };
                    if neighbours.is_empty() {
                        x[v]
                    } else {
                        neighbours.iter().map(|&u| x[u]).sum::<f64>() / neighbours.len() as f64
                    }
                })
                .collect();
            let placed = place_row(&layers[l], &desired, &nodes);
            for (&v, p) in layers[l].iter().zip(placed) {
                x[v] = p;
            }
        }
    }
    let min_left = (0..nodes.len())
        .map(|v| x[v] - nodes[v].width / 2.0)
        .fold(f64::INFINITY, f64::min);
    let shift = if min_left.is_finite() {
        MARGIN - min_left
    } else {
        0.0
    };
    for value in &mut x {
        *value += shift;
    }
    let mut layer_top = vec![MARGIN; layer_count + 1];
    for l in 0..layer_count {
        let height = (0..n)
            .filter(|&v| layer[v] == l)
            .map(|v| graph.sizes[v].1)
            .fold(0.0, f64::max);
        layer_top[l + 1] = layer_top[l] + height + LAYER_GAP;
    }
    let layer_bottom = |l: usize| layer_top[l + 1] - LAYER_GAP;
    let rects: Vec<Rect> = (0..n)
        .map(|v| Rect {
            x: x[v] - graph.sizes[v].0 / 2.0,
            y: layer_top[layer[v]],
            width: graph.sizes[v].0,
            height: graph.sizes[v].1,
        })
        .collect();

    // 5. Routing. Ports spread the edges over a box side, ordered by where
    // the other end lies so that they do not cross at the box.
    let mut out_ports: Vec<Vec<(f64, usize)>> = vec![Vec::new(); n];
    let mut in_ports: Vec<Vec<(f64, usize)>> = vec![Vec::new(); n];
    for (e, chain) in chains.iter().enumerate() {
        if chain.len() >= 2 {
            out_ports[chain[0]].push((x[chain[1]], e));
            in_ports[chain[chain.len() - 1]].push((x[chain[chain.len() - 2]], e));
        }
    }
    let port_x = |ports: &mut Vec<(f64, usize)>, rect: &Rect, e: usize| -> f64 {
        ports.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let i = ports
            .iter()
            .position(|p| p.1 == e)
            .expect("edge has a port");
        let usable = rect.width.min(60.0 * ports.len() as f64);
        rect.center_x() - usable / 2.0 + usable * (i as f64 + 0.5) / ports.len() as f64
    };

    let mut routes: Vec<Option<EdgeRoute>> = vec![None; graph.edges.len()];
    let mut right_edge = rects.iter().map(Rect::right).fold(0.0, f64::max);
    for (e, chain) in chains.iter().enumerate() {
        if chain.is_empty() {
            continue;
        }
        let (from, to) = graph.edges[e];
        let start = Point {
            x: port_x(&mut out_ports[from], &rects[from], e),
            y: rects[from].bottom(),
        };
        let mut points = vec![start];
        if rects[from].bottom() < layer_bottom(layer[from]) {
            points.push(Point {
                x: start.x,
                y: layer_bottom(layer[from]),
            });
        }
        for &d in &chain[1..chain.len() - 1] {
            let l = nodes[d].layer;
            points.push(Point {
                x: x[d],
                y: layer_top[l],
            });
            points.push(Point {
                x: x[d],
                y: layer_bottom(l),
            });
        }
        points.push(Point {
            x: port_x(&mut in_ports[to], &rects[to], e),
            y: rects[to].y,
        });
        routes[e] = Some(EdgeRoute {
            kind: EdgeKind::Forward,
            path: smooth_vertical_path(&points),
        });
    }

    // Back edges: shorter spans get the inner lanes.
    let mut back: Vec<usize> = (0..graph.edges.len())
        .filter(|&e| chains[e].is_empty())
        .collect();
    let span = |e: usize| {
        let (from, to) = graph.edges[e];
        (layer[from].min(layer[to]), layer[from].max(layer[to]))
    };
    back.sort_by_key(|&e| {
        let (top, bottom) = span(e);
        (bottom - top, e)
    });
    let mut lanes: Vec<(f64, usize, usize)> = Vec::new(); // x, top layer, bottom layer
    for e in back {
        let (from, to) = graph.edges[e];
        let (top, bottom) = span(e);
        // Right of every box and passing edge in the spanned layers, and of
        // the lanes already used there.
        let mut lane = 0.0f64;
        for (v, node) in nodes.iter().enumerate() {
            if (top..=bottom).contains(&node.layer) {
                lane = lane.max(x[v] + node.width / 2.0);
            }
        }
        lane += NODE_GAP / 2.0;
        for &(lx, lt, lb) in &lanes {
            if lt <= bottom && top <= lb {
                lane = lane.max(lx + LANE_GAP);
            }
        }
        lanes.push((lane, top, bottom));
        right_edge = right_edge.max(lane);
        let source = rects[from];
        let target = rects[to];
        // Leave near the bottom and arrive near the top (the header line),
        // so that even a self loop has a visible vertical run.
        let start = Point {
            x: source.right(),
            y: source.bottom() - (source.height / 4.0).min(10.0),
        };
        let end = Point {
            x: target.right(),
            y: target.y + (target.height / 4.0).min(10.0),
        };
        routes[e] = Some(EdgeRoute {
            kind: EdgeKind::Back,
            path: lane_path(start, end, lane),
        });
    }

    let height = rects.iter().map(Rect::bottom).fold(0.0, f64::max) + MARGIN;
    Layout {
        nodes: rects,
        edges: routes
            .into_iter()
            .map(|r| r.expect("every edge is routed"))
            .collect(),
        width: right_edge + MARGIN,
        height,
    }
}

/// Barycentric ordering; returns the layers with the fewest crossings seen.
fn order_layers(nodes: &[LayerNode], mut layers: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    let mut best = layers.clone();
    let mut best_crossings = crossings(nodes, &layers);
    for sweep in 0..ORDERING_SWEEPS {
        let downward = sweep % 2 == 0;
        let order: Vec<usize> = if downward {
            (1..layers.len()).collect()
        } else {
            (0..layers.len().saturating_sub(1)).rev().collect()
        };
        for l in order {
            let reference = if downward { l - 1 } else { l + 1 };
            let mut position = vec![0.0f64; nodes.len()];
            for (i, &v) in layers[reference].iter().enumerate() {
                position[v] = i as f64;
            }
            let keys: Vec<(f64, usize)> = layers[l]
                .iter()
                .enumerate()
                .map(|(i, &v)| {
                    let neighbours = if downward {
                        &nodes[v].up
                    } else {
                        &nodes[v].down
                    };
                    let key = if neighbours.is_empty() {
                        i as f64
                    } else {
                        neighbours.iter().map(|&u| position[u]).sum::<f64>()
                            / neighbours.len() as f64
                    };
                    (key, v)
                })
                .collect();
            let mut indexed: Vec<(usize, (f64, usize))> = keys.into_iter().enumerate().collect();
            indexed.sort_by(|a, b| a.1 .0.total_cmp(&b.1 .0).then(a.0.cmp(&b.0)));
            layers[l] = indexed.into_iter().map(|(_, (_, v))| v).collect();
        }
        let c = crossings(nodes, &layers);
        if c < best_crossings {
            best_crossings = c;
            best = layers.clone();
        }
    }
    best
}

/// The number of crossings between consecutive layers.
fn crossings(nodes: &[LayerNode], layers: &[Vec<usize>]) -> usize {
    let mut total = 0;
    for pair in layers.windows(2) {
        let mut position = vec![usize::MAX; nodes.len()];
        for (i, &v) in pair[1].iter().enumerate() {
            position[v] = i;
        }
        let mut edges: Vec<(usize, usize)> = Vec::new();
        for (i, &v) in pair[0].iter().enumerate() {
            for &w in &nodes[v].down {
                edges.push((i, position[w]));
            }
        }
        for a in 0..edges.len() {
            for b in a + 1..edges.len() {
                let (a0, a1) = edges[a];
                let (b0, b1) = edges[b];
                if (a0 < b0 && a1 > b1) || (a0 > b0 && a1 < b1) {
                    total += 1;
                }
            }
        }
    }
    total
}

/// Centres for one row, as close to `desired` as the order and spacing
/// allow: the mean of a left-to-right and a right-to-left packing, then
/// spacing restored left to right.
fn place_row(row: &[usize], desired: &[f64], nodes: &[LayerNode]) -> Vec<f64> {
    let gap = |a: usize, b: usize| {
        let g = if nodes[a].width <= DUMMY_WIDTH || nodes[b].width <= DUMMY_WIDTH {
            NODE_GAP / 2.0
        } else {
            NODE_GAP
        };
        (nodes[a].width + nodes[b].width) / 2.0 + g
    };
    let k = row.len();
    let mut from_left = desired.to_vec();
    for i in 1..k {
        from_left[i] = from_left[i].max(from_left[i - 1] + gap(row[i - 1], row[i]));
    }
    let mut from_right = desired.to_vec();
    for i in (0..k.saturating_sub(1)).rev() {
        from_right[i] = from_right[i].min(from_right[i + 1] - gap(row[i], row[i + 1]));
    }
    let mut placed: Vec<f64> = (0..k)
        .map(|i| (from_left[i] + from_right[i]) / 2.0)
        .collect();
    for i in 1..k {
        placed[i] = placed[i].max(placed[i - 1] + gap(row[i - 1], row[i]));
    }
    placed
}

/// Straight vertical runs joined by S-curves with vertical tangents.
fn smooth_vertical_path(points: &[Point]) -> Path {
    let mut segments = Vec::new();
    for pair in points.windows(2) {
        let (p, q) = (pair[0], pair[1]);
        if (p.x - q.x).abs() < 0.5 {
            segments.push(Segment::Line(q));
        } else {
            let dy = (q.y - p.y) / 2.0;
            segments.push(Segment::Cubic(
                Point {
                    x: p.x,
                    y: p.y + dy,
                },
                Point {
                    x: q.x,
                    y: q.y - dy,
                },
                q,
            ));
        }
    }
    Path {
        start: points[0],
        segments,
    }
}

/// Right from `start` to the lane, along it, and left into `end`, with
/// rounded corners.
fn lane_path(start: Point, end: Point, lane: f64) -> Path {
    let up = if end.y <= start.y { -1.0 } else { 1.0 };
    let r = CORNER.min((start.y - end.y).abs() / 2.0);
    let corner = |at: Point, to: Point| Segment::Cubic(at, at, to);
    Path {
        start,
        segments: vec![
            Segment::Line(Point {
                x: lane - r,
                y: start.y,
            }),
            corner(
                Point {
                    x: lane,
                    y: start.y,
                },
                Point {
                    x: lane,
                    y: start.y + up * r,
                },
            ),
            Segment::Line(Point {
                x: lane,
                y: end.y - up * r,
            }),
            corner(
                Point { x: lane, y: end.y },
                Point {
                    x: lane - r,
                    y: end.y,
                },
            ),
            Segment::Line(end),
        ],
    }
}

/// The dotted dominator-tree link from `parent` to `child`, drawn down the
/// left side of the boxes so that it stays apart from the CFG's edges
/// (forward edges run down the middle, back edges up the right side).
pub fn side_curve(parent: &Rect, child: &Rect) -> Path {
    let start = Point {
        x: parent.x,
        y: parent.y + (parent.height / 2.0).min(12.0),
    };
    let end = Point {
        x: child.x,
        y: child.y + (child.height / 2.0).min(12.0),
    };
    let bulge = 24.0 + ((end.y - start.y).abs() / 8.0).min(40.0);
    let left = start.x.min(end.x) - bulge;
    Path {
        start,
        segments: vec![Segment::Cubic(
            Point {
                x: left,
                y: start.y,
            },
            Point { x: left, y: end.y },
            end,
        )],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(graph: &Graph) -> Layout {
        let layout = layered(graph);
        assert_eq!(layout.nodes.len(), graph.sizes.len());
        assert_eq!(layout.edges.len(), graph.edges.len());
        for (i, a) in layout.nodes.iter().enumerate() {
            assert_eq!((a.width, a.height), graph.sizes[i]);
            assert!(a.x >= 0.0 && a.y >= 0.0, "node {i} off the canvas: {a:?}");
            assert!(a.right() <= layout.width && a.bottom() <= layout.height);
            for (j, b) in layout.nodes.iter().enumerate().skip(i + 1) {
                assert!(!a.overlaps(b), "nodes {i} and {j} overlap: {a:?} {b:?}");
            }
        }
        for (e, &(from, to)) in graph.edges.iter().enumerate() {
            let path = &layout.edges[e].path;
            assert!(!path.segments.is_empty(), "edge {e} is not drawn");
            assert!(
                layout.nodes[from].on_border(path.start, 0.01),
                "edge {e} does not leave its source"
            );
            assert!(
                layout.nodes[to].on_border(path.end(), 0.01),
                "edge {e} does not reach its target"
            );
            let expected = if from < to {
                EdgeKind::Forward
            } else {
                EdgeKind::Back
            };
            assert_eq!(layout.edges[e].kind, expected);
            assert!(path.svg_d().starts_with('M'));
        }
        layout
    }

    #[test]
    fn diamond_and_loop() {
        // entry → cond ⇄ body, cond → (then | else) → join → exit
        let graph = Graph {
            sizes: vec![
                (120.0, 40.0),
                (200.0, 80.0),
                (90.0, 30.0),
                (150.0, 50.0),
                (60.0, 20.0),
                (100.0, 60.0),
            ],
            edges: vec![(0, 1), (1, 2), (1, 3), (2, 4), (3, 4), (4, 1), (1, 5)],
        };
        let layout = check(&graph);
        // Layers go down: each forward edge's target is lower.
        for &(from, to) in &graph.edges {
            if from < to {
                assert!(layout.nodes[to].y > layout.nodes[from].bottom());
            }
        }
        // The back edge runs right of every box it passes.
        let back = &layout.edges[5].path;
        let lane = back
            .segments
            .iter()
            .map(|s| match s {
                Segment::Line(p) | Segment::Cubic(_, _, p) => p.x,
            })
            .fold(0.0, f64::max);
        for v in 1..=4 {
            assert!(lane > layout.nodes[v].right());
        }
    }

    #[test]
    fn long_edges_self_loops_and_parallel_edges() {
        let graph = Graph {
            sizes: vec![(80.0, 30.0); 7],
            edges: vec![
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 4),
                (0, 4), // spans four layers
                (4, 4), // self loop
                (4, 5),
                (4, 5), // `br %c, label %b, label %b`
                (6, 5), // an unreachable block
                (5, 0), // back to the entry
            ],
        };
        check(&graph);
    }

    #[test]
    fn wide_fan_out_has_no_overlaps() {
        let mut sizes = vec![(100.0, 40.0)];
        let mut edges = Vec::new();
        for i in 1..=12 {
            sizes.push((40.0 + 13.0 * i as f64, 20.0 + 5.0 * (i % 4) as f64));
            edges.push((0, i));
            edges.push((i, 13));
            if i > 1 {
                edges.push((i, i - 1));
            }
        }
        sizes.push((100.0, 40.0));
        check(&Graph { sizes, edges });
    }

    #[test]
    fn empty_and_single_node_graphs() {
        let empty = layered(&Graph::default());
        assert!(empty.nodes.is_empty() && empty.edges.is_empty());
        check(&Graph {
            sizes: vec![(50.0, 20.0)],
            edges: vec![],
        });
    }

    #[test]
    fn border_clipping() {
        let r = Rect {
            x: 10.0,
            y: 10.0,
            width: 20.0,
            height: 10.0,
        };
        assert!(r.on_border(r.nearest_border_point(Point { x: 0.0, y: 0.0 }), 1e-9));
        assert!(r.on_border(r.nearest_border_point(Point { x: 12.0, y: 15.0 }), 1e-9));
        assert!(r.on_border(r.nearest_border_point(Point { x: 50.0, y: 15.0 }), 1e-9));
    }
}
