//! Algorithm traces (`wendc analyze --trace NAME`): runs one teaching
//! algorithm on each function with a [`Recorder`] and prints its steps as
//! the tables a lecture draws, or as JSON for tools.
//!
//! The algorithms record ids ([`wend_ir::trace`]); this module names them
//! and lays them out. docs/traces.md says how to read each table.

use crate::tables::write_table;
use serde_json::{json, Value as Json};
use std::fmt::Write;
use wend_ir::analysis::cfg::Cfg;
use wend_ir::analysis::dom::DomTree;
use wend_ir::analysis::frontier::DominanceFrontiers;
use wend_ir::analysis::liveness::Liveness;
use wend_ir::trace::{Cell, CopyLoc, Event, Recorder, Trace};
use wend_ir::{Block, Function, Module, Value, ValueDef};
use wend_opt::mem2reg::Flavour;

/// Every trace, by the name `--trace` takes, with what it shows.
pub const TRACES: &[(&str, &str)] = &[
    ("dominators", "Cooper-Harvey-Kennedy: the immediate dominator of each block after each round"),
    ("frontiers", "dominance frontiers: each runner walk, then the frontier of each block"),
    ("phis", "mem2reg's phi placement: per variable, the iterated-frontier worklist and the live-in test that prunes"),
    ("rename", "mem2reg's renaming: each variable's current definition in each block of the dominator-tree walk, and what each load became"),
    ("sccp", "sparse conditional constant propagation: each edge made executable and each lattice change, in order"),
    ("liveness", "live-in and live-out sets of each block after each round of the backward dataflow"),
    ("out-of-ssa", "leaving SSA: each critical edge split, each parallel copy and its sequence of moves"),
    ("linear-scan", "register allocation: the live intervals, the active registers at each interval's start, each register given and each spill and why"),
];

/// The names `--trace` accepts, for usage errors.
pub fn trace_names() -> Vec<&'static str> {
    TRACES.iter().map(|&(name, _)| name).collect()
}

/// The trace of one algorithm on one function.
pub struct FunctionTrace {
    pub trace: &'static str,
    pub function: String,
    /// The function as the algorithm saw it: the IR its events are read
    /// against (the input for mem2reg's traces, the SSA form for SCCP's,
    /// the IR with critical edges split for leaving SSA and allocation).
    pub func: Function,
    pub recorder: Recorder,
    /// The SSA flavour mem2reg built.
    pub flavour: Flavour,
}

/// Runs the algorithm `trace` (one of [`TRACES`]) on every defined
/// function of `module` (unoptimised IR, as `wendc analyze` takes it), or
/// only on the one called `only`. `None` if `trace` is no trace's name.
pub fn collect(module: &Module, trace: &str, only: Option<&str>) -> Option<Vec<FunctionTrace>> {
    collect_with(module, trace, only, Flavour::Pruned)
}

/// [`collect`], with mem2reg building the SSA flavour `flavour` (for the
/// `phis` and `rename` traces, and the SSA form the later traces start
/// from).
pub fn collect_with(
    module: &Module,
    trace: &str,
    only: Option<&str>,
    flavour: Flavour,
) -> Option<Vec<FunctionTrace>> {
    let &(trace, _) = TRACES.iter().find(|(name, _)| *name == trace)?;
    let traces = module
        .definitions()
        .filter(|(_, f)| only.is_none_or(|name| f.name == name))
        .map(|(_, func)| {
            let mut recorder = Recorder::new(func);
            let func = run_traced(trace, module, func.clone(), flavour, &mut recorder);
            FunctionTrace {
                trace,
                function: func.name.clone(),
                func,
                recorder,
                flavour,
            }
        })
        .collect();
    Some(traces)
}

/// Runs the algorithm called `trace` on `func`, recording into `rec`, and
/// returns the function as the algorithm saw it. Those that need SSA form
/// get it from mem2reg first (untraced).
fn run_traced(
    trace: &str,
    module: &Module,
    mut func: Function,
    flavour: Flavour,
    rec: &mut Recorder,
) -> Function {
    let to_ssa = |func: &mut Function, rec: &mut Recorder| {
        wend_opt::mem2reg::run_with(func, flavour);
        rec.names(func);
    };
    // The IR is `func` itself unless an arm returns an earlier state.
    {
        let func = &mut func;
        match trace {
            "dominators" => {
                DomTree::compute_traced(func, &Cfg::compute(func), rec);
            }
            "frontiers" => {
                let cfg = Cfg::compute(func);
                DominanceFrontiers::compute_traced(&cfg, &DomTree::compute(func, &cfg), rec);
            }
            "phis" | "rename" => {
                let input = func.clone();
                wend_opt::mem2reg::run_traced(func, flavour, rec);
                return input;
            }
            "sccp" => {
                to_ssa(func, rec);
                let seen = func.clone();
                wend_opt::sccp::run_traced(func, rec);
                return seen;
            }
            "liveness" => {
                to_ssa(func, rec);
                Liveness::compute_traced(func, &Cfg::compute(func), rec);
            }
            "out-of-ssa" => {
                to_ssa(func, rec);
                wend_x86::out_of_ssa::split_edges_traced(func, rec);
                rec.names(func);
                // Each edge into a block with phis now leaves a block with one
                // successor: its parallel copy goes at that block's end.
                for &b in &func.layout {
                    let copies = wend_x86::out_of_ssa::phi_copies(func, b);
                    if copies.is_empty() {
                        continue;
                    }
                    // Constants are no location: nothing overwrites them, so
                    // they are copied last, as the emitter does.
                    let is_const = |v: Value| {
                        !matches!(func.value_def(v), ValueDef::Inst(_) | ValueDef::Param(_))
                    };
                    let (constants, locs): (Vec<_>, Vec<_>) = (copies.iter())
                        .map(|&(d, s)| (CopyLoc::Value(d), CopyLoc::Value(s)))
                        .partition(|&(_, s)| matches!(s, CopyLoc::Value(v) if is_const(v)));
                    let mut moves = wend_ir::parallel_copy::sequentialize(&locs, CopyLoc::Temp);
                    moves.extend(constants);
                    let succ = func
                        .successors(b)
                        .next()
                        .expect("a copy goes to a successor");
                    rec.event(|| Event::ParallelCopy {
                        block: b,
                        succ,
                        copies,
                        moves,
                    });
                }
            }
            "linear-scan" => {
                to_ssa(func, rec);
                *func = wend_x86::compile_function_traced(module, func, rec).ir;
            }
            _ => unreachable!("{trace} is in TRACES"),
        }
    }
    func
}

/// The traces as text tables.
pub fn text(traces: &[FunctionTrace]) -> String {
    let mut out = String::new();
    for t in traces {
        let p = Printer { t, r: &t.recorder };
        match t.trace {
            "dominators" => p.dominators(&mut out),
            "frontiers" => p.frontiers(&mut out),
            "phis" => p.phis(&mut out),
            "rename" => p.rename(&mut out),
            "sccp" => p.sccp(&mut out),
            "liveness" => p.liveness(&mut out),
            "out-of-ssa" => p.out_of_ssa(&mut out),
            "linear-scan" => p.linear_scan(&mut out),
            _ => unreachable!(),
        }
        out.push('\n');
    }
    out
}

/// The variables of mem2reg's events, by number: their names without `%`.
pub(crate) fn variable_names(r: &Recorder) -> Vec<String> {
    r.events
        .iter()
        .find_map(|e| match e {
            Event::Variables { addresses } => Some(
                (addresses.iter())
                    .map(|&a| r.value(a).trim_start_matches('%').to_string())
                    .collect(),
            ),
            _ => None,
        })
        .unwrap_or_default()
}

/// A lattice cell as the tables write it.
pub(crate) fn cell_text(c: &Cell) -> String {
    match c {
        Cell::Top => "⊤".to_string(),
        Cell::Const(k) => k.to_string(),
        Cell::Bottom => "⊥".to_string(),
    }
}

/// One runner walk's effect: `block` joins the frontier of each block
/// walked (`df` lists every block with its frontier so far).
pub(crate) fn add_to_frontiers(df: &mut [(Block, Vec<Block>)], walked: &[Block], block: Block) {
    for w in walked {
        if let Some((_, set)) = df.iter_mut().find(|(b, _)| b == w) {
            if !set.contains(&block) {
                set.push(block);
            }
        }
    }
}

/// A virtual register's name, with the IR value it holds (`holds` sorted
/// by register) in parentheses.
pub(crate) fn vreg_text(r: &Recorder, holds: &[(u32, Value)], v: u32) -> String {
    match holds.binary_search_by_key(&v, |&(k, _)| k) {
        Ok(i) => format!("%v{v} ({})", r.value(holds[i].1)),
        Err(_) => format!("%v{v}"),
    }
}

struct Printer<'a> {
    t: &'a FunctionTrace,
    r: &'a Recorder,
}

fn row(cells: impl IntoIterator<Item = String>) -> Vec<String> {
    cells.into_iter().collect()
}

/// Appends `text` to the last cell of the last row (the row's "then").
fn then(rows: &mut [Vec<String>], text: String) {
    let last = rows.last_mut().expect("a row to continue");
    if last.len() == 4 {
        let cell = &mut last[3];
        cell.push(' ');
        cell.push_str(&text);
    } else {
        last.push(text);
    }
}

impl Printer<'_> {
    fn block(&self, b: Block) -> String {
        self.r.block(b)
    }

    fn value(&self, v: Value) -> String {
        self.r.value(v)
    }

    /// `{a, b}` in layout order.
    fn blocks(&self, blocks: &[Block]) -> String {
        let mut sorted = blocks.to_vec();
        sorted.sort_by_key(|b| self.r.layout.iter().position(|x| x == b));
        let names: Vec<String> = sorted.iter().map(|&b| self.block(b)).collect();
        format!("{{{}}}", names.join(", "))
    }

    fn values(&self, values: &[Value]) -> String {
        let names: Vec<String> = values.iter().map(|&v| self.value(v)).collect();
        format!("{{{}}}", names.join(", "))
    }

    fn variables(&self) -> Vec<String> {
        variable_names(self.r)
    }

    fn header(&self, out: &mut String, what: &str) {
        let _ = writeln!(out, "{what} of @{}", self.t.function);
    }

    fn dominators(&self, out: &mut String) {
        self.header(
            out,
            "immediate dominators (Cooper-Harvey-Kennedy), blocks in reverse postorder,",
        );
        let rounds: Vec<&Vec<(Block, Option<Block>)>> = (self.r.events.iter())
            .filter_map(|e| match e {
                Event::DomRound { idom, .. } => Some(idom),
                _ => None,
            })
            .collect();
        let _ = writeln!(out, "after each round over them (? = not known yet)");
        let Some(first) = rounds.first() else {
            let _ = writeln!(out, "  (no blocks)");
            return;
        };
        let mut rows = vec![row(std::iter::once("block".to_string())
            .chain(std::iter::once("start".to_string()))
            .chain((1..rounds.len()).map(|r| format!("round {r}"))))];
        for (i, &(b, _)) in first.iter().enumerate() {
            rows.push(row(std::iter::once(self.block(b)).chain(
                rounds
                    .iter()
                    .map(|r| r[i].1.map_or("?".to_string(), |d| self.block(d))),
            )));
        }
        write_table(out, &rows);
        let last = rounds.len() - 1;
        let _ = writeln!(out, "  round {last} changed nothing: the fixpoint");
    }

    fn frontiers(&self, out: &mut String) {
        self.header(out, "dominance frontiers");
        let _ = writeln!(
            out,
            "each edge p -> b: the runner climbs the dominator tree from p up to idom(b), excluded,\n\
             and b joins the frontier of every block it visits"
        );
        let mut rows = vec![row(["edge", "idom(b)", "runner visits"].map(String::from))];
        let mut df: Vec<(Block, Vec<Block>)> =
            self.r.layout.iter().map(|&b| (b, Vec::new())).collect();
        for e in &self.r.events {
            let Event::FrontierWalk {
                block,
                pred,
                stop,
                walked,
            } = e
            else {
                continue;
            };
            let visits: Vec<String> = walked.iter().map(|&w| self.block(w)).collect();
            rows.push(row([
                format!("{} -> {}", self.block(*pred), self.block(*block)),
                stop.map_or("-".to_string(), |s| self.block(s)),
                if visits.is_empty() {
                    "-".to_string()
                } else {
                    visits.join(", ")
                },
            ]));
            add_to_frontiers(&mut df, walked, *block);
        }
        write_table(out, &rows);
        out.push('\n');
        let mut rows = vec![row(["block", "dominance frontier"].map(String::from))];
        rows.extend(
            df.iter()
                .map(|(b, set)| row([self.block(*b), self.blocks(set)])),
        );
        write_table(out, &rows);
    }

    fn phis(&self, out: &mut String) {
        let flavour = self.t.flavour;
        self.header(
            out,
            &format!("phi placement by mem2reg ({} SSA)", flavour.name()),
        );
        let vars = self.variables();
        if vars.is_empty() {
            let _ = writeln!(out, "  (no variable to promote)");
            return;
        }
        let mut rows: Vec<Vec<String>> = Vec::new();
        let flush = |out: &mut String, rows: &mut Vec<Vec<String>>| {
            if rows.len() > 1 {
                write_table(out, rows);
            }
            rows.clear();
        };
        for e in &self.r.events {
            match e {
                Event::NoPhiNeeded { var, never_stored } => {
                    flush(out, &mut rows);
                    let why = if *never_stored {
                        "never stored: its loads read undef"
                    } else {
                        "stored once, a constant or parameter: its loads read that value"
                    };
                    let _ = writeln!(out, "  {}: {why}; no phi", vars[*var as usize]);
                }
                Event::PlaceVariable {
                    var,
                    stores,
                    live_in,
                } => {
                    flush(out, &mut rows);
                    let _ = writeln!(
                        out,
                        "  {}: stored in {}, live on entry to {}",
                        vars[*var as usize],
                        self.blocks(stores),
                        self.blocks(live_in)
                    );
                    rows.push(row([
                        "  worklist takes",
                        "its frontier",
                        "queued for the first time",
                    ]
                    .map(String::from)));
                }
                Event::IdfVisit {
                    block,
                    frontier,
                    pushed,
                } => rows.push(row([
                    format!("  {}", self.block(*block)),
                    self.blocks(frontier),
                    self.blocks(pushed),
                ])),
                Event::PhiAt {
                    var,
                    block,
                    live,
                    phi,
                } => {
                    flush(out, &mut rows);
                    let var = &vars[*var as usize];
                    let block = self.block(*block);
                    let live = if *live { "live" } else { "not live" };
                    let _ = match (flavour, *phi) {
                        (Flavour::Pruned, true) => {
                            writeln!(out, "    phi for {var} in {block} ({var} is live on entry)")
                        }
                        (Flavour::Pruned, false) => writeln!(
                            out,
                            "    no phi in {block}: pruned ({var} is not live on entry)"
                        ),
                        (Flavour::Minimal, _) => writeln!(
                            out,
                            "    phi for {var} in {block} (definitions meet; {var} is {live} on entry)"
                        ),
                        (Flavour::SemiPruned, true) => writeln!(
                            out,
                            "    phi for {var} in {block} ({var} lives across blocks; it is {live} on entry)"
                        ),
                        (Flavour::SemiPruned, false) => writeln!(
                            out,
                            "    no phi in {block}: {var} is local to blocks (never read before written in one)"
                        ),
                    };
                }
                _ => {}
            }
        }
        flush(out, &mut rows);
    }

    fn rename(&self, out: &mut String) {
        self.header(out, "renaming by mem2reg");
        let vars = self.variables();
        if vars.is_empty() {
            let _ = writeln!(out, "  (no variable to promote)");
            return;
        }
        let _ = writeln!(
            out,
            "the dominator-tree walk (a child indented under its parent); each variable's current\n\
             definition on entering each block, then what the block does"
        );
        let mut rows = vec![row(std::iter::once("block".to_string())
            .chain(vars.iter().cloned())
            .chain(std::iter::once("then".to_string())))];
        let mut depth = 0;
        let mut actions: Vec<String> = Vec::new();
        let finish = |rows: &mut Vec<Vec<String>>, actions: &mut Vec<String>| {
            if let Some(last) = rows.last_mut() {
                if !actions.is_empty() {
                    last.push(actions.join("; "));
                }
            }
            actions.clear();
        };
        for e in &self.r.events {
            match e {
                Event::RenameEnter { block, current } => {
                    finish(&mut rows, &mut actions);
                    rows.push(row(std::iter::once(format!(
                        "{}{}",
                        "  ".repeat(depth),
                        self.block(*block)
                    ))
                    .chain(current.iter().map(|&v| self.value(v)))));
                    depth += 1;
                }
                Event::RenameLeave { .. } => depth -= 1,
                Event::RenamePhi { var, phi } => actions.push(format!(
                    "{} = phi {}",
                    vars[*var as usize],
                    self.value(*phi)
                )),
                Event::RenameLoad { var, load, value } => actions.push(format!(
                    "load {} of {} -> {}",
                    self.value(*load),
                    vars[*var as usize],
                    self.value(*value)
                )),
                Event::RenameStore { var, value } => {
                    actions.push(format!("{} = {}", vars[*var as usize], self.value(*value)))
                }
                Event::RenamePhiEntry {
                    succ, phi, value, ..
                } => actions.push(format!(
                    "phi {} in {} gets {}",
                    self.value(*phi),
                    self.block(*succ),
                    self.value(*value)
                )),
                _ => {}
            }
        }
        finish(&mut rows, &mut actions);
        write_table(out, &rows);
    }

    fn sccp(&self, out: &mut String) {
        self.header(
            out,
            "sparse conditional constant propagation (Wegman & Zadeck)",
        );
        let _ = writeln!(
            out,
            "in order: blocks reached, edges found executable, lattice cells lowered (⊤ -> constant -> ⊥)"
        );
        let mut rows = vec![row(["step", "event"].map(String::from))];
        let cell = cell_text;
        let mut last: Vec<(Value, Cell)> = Vec::new();
        for e in &self.r.events {
            let text = match e {
                Event::SccpBlock { block } => format!("reach {}", self.block(*block)),
                Event::SccpEdge { from, to } => {
                    format!(
                        "edge {} -> {} executable",
                        self.block(*from),
                        self.block(*to)
                    )
                }
                Event::SccpCell { value, from, to } => {
                    match last.iter_mut().find(|(v, _)| v == value) {
                        Some(entry) => entry.1 = *to,
                        None => last.push((*value, *to)),
                    }
                    format!("{}: {} -> {}", self.value(*value), cell(from), cell(to))
                }
                _ => continue,
            };
            rows.push(row([rows.len().to_string(), text]));
        }
        write_table(out, &rows);
        let constants: Vec<String> = (last.iter())
            .filter(|(_, c)| matches!(c, Cell::Const(_)))
            .map(|(v, c)| format!("{} = {}", self.value(*v), cell(c)))
            .collect();
        let _ = writeln!(
            out,
            "  constants: {}",
            if constants.is_empty() {
                "none".to_string()
            } else {
                constants.join(", ")
            }
        );
    }

    fn liveness(&self, out: &mut String) {
        self.header(out, "liveness");
        let _ = writeln!(
            out,
            "live_out(B) = phi uses in B ∪ ⋃ (live_in(S) − phis of S), live_in(B) = phis of B ∪ upward-exposed uses ∪ (live_out(B) − defs(B));\n\
             blocks in postorder, rounds until no live-in set changes"
        );
        for e in &self.r.events {
            let Event::LivenessRound {
                round,
                sets,
                changed,
            } = e
            else {
                continue;
            };
            let note = if *changed {
                ""
            } else {
                " (nothing changed: the fixpoint)"
            };
            let _ = writeln!(out, "  round {round}{note}");
            let mut rows = vec![row(["  block", "live in", "live out"].map(String::from))];
            for (b, inn, outs) in sets {
                rows.push(row([
                    format!("  {}", self.block(*b)),
                    self.values(inn),
                    self.values(outs),
                ]));
            }
            write_table(out, &rows);
        }
    }

    fn linear_scan(&self, out: &mut String) {
        self.header(out, "linear-scan register allocation");
        let mut blocks: &[(Block, u32, u32)] = &[];
        let mut holds: Vec<(u32, Value)> = Vec::new();
        for e in &self.r.events {
            match e {
                Event::ScanBlocks { blocks: b } => blocks = b,
                Event::ScanValues { vregs } => holds.clone_from(vregs),
                _ => {}
            }
        }
        let vreg = |v: &u32| vreg_text(self.r, &holds, *v);
        let legend: Vec<String> = (blocks.iter())
            .map(|&(b, first, last)| format!("{} {first}-{last}", self.block(b)))
            .collect();
        let _ = writeln!(
            out,
            "the machine instructions of each block (after mem2reg; critical edges split): {}",
            legend.join(", ")
        );
        let _ = writeln!(
            out,
            "live intervals, one column per instruction (# live, . a hole or not yet live), | between blocks:"
        );
        let mut rows = vec![row(["interval", "weight", "live"].map(String::from))];
        for e in &self.r.events {
            let Event::ScanInterval {
                vreg: v,
                ranges,
                weight,
            } = e
            else {
                continue;
            };
            let covered = |i: u32| {
                ranges
                    .iter()
                    .any(|&(from, to)| from <= 2 * i + 1 && 2 * i <= to)
            };
            let mut chart = String::new();
            for (k, &(_, first, last)) in blocks.iter().enumerate() {
                if k > 0 {
                    chart.push('|');
                }
                chart.extend((first..=last).map(|i| if covered(i) { '#' } else { '.' }));
            }
            rows.push(row([
                vreg(v),
                weight.to_string(),
                chart.trim_end_matches(['.', '|']).to_string(),
            ]));
        }
        write_table(out, &rows);
        out.push('\n');
        let _ = writeln!(out, "the scan, by increasing start:");
        let mut rows = vec![row(
            ["start", "interval", "active there", "then"].map(String::from)
        )];
        for e in &self.r.events {
            match e {
                Event::ScanStart {
                    vreg: v,
                    position,
                    active,
                    constraint,
                } => {
                    let active: Vec<String> = active
                        .iter()
                        .map(|(r, w)| format!("{r}={}", vreg(w)))
                        .collect();
                    let mut first = row([
                        position.to_string(),
                        vreg(v),
                        if active.is_empty() {
                            "-".to_string()
                        } else {
                            active.join(", ")
                        },
                    ]);
                    if let Some(why) = constraint {
                        first.push(format!("{why};"));
                    }
                    rows.push(first);
                }
                Event::ScanAssign { reg, .. } => then(&mut rows, format!("gets {reg}")),
                Event::ScanSpill {
                    vreg: v,
                    weight,
                    reg,
                    evicted,
                    cost,
                    taken,
                } => {
                    let text = match reg {
                        None => format!("no register may hold it: {} spilled", vreg(v)),
                        Some(reg) => {
                            let holders: Vec<String> = evicted.iter().map(vreg).collect();
                            let compare = if *taken { "<" } else { ">=" };
                            let outcome = if *taken {
                                format!("{} spilled, {} gets {reg}", holders.join(", "), vreg(v))
                            } else {
                                format!("{} is spilled", vreg(v))
                            };
                            format!(
                                "no register free; cheapest to take: {reg}, held by {} (weight {cost} {compare} {weight}): {outcome}",
                                holders.join(", ")
                            )
                        }
                    };
                    then(&mut rows, text);
                }
                _ => {}
            }
        }
        write_table(out, &rows);
    }

    fn out_of_ssa(&self, out: &mut String) {
        self.header(out, "leaving SSA");
        let mut splits = 0;
        for e in &self.r.events {
            if let Event::SplitEdge { from, to, new } = e {
                splits += 1;
                let _ = writeln!(
                    out,
                    "  split {} -> {}: new block {}",
                    self.block(*from),
                    self.block(*to),
                    self.block(*new)
                );
            }
        }
        if splits == 0 {
            let _ = writeln!(out, "  no edge to split");
        }
        let loc = |l: &CopyLoc| match l {
            CopyLoc::Value(v) => self.value(*v),
            CopyLoc::Temp => "tmp".to_string(),
        };
        for e in &self.r.events {
            let Event::ParallelCopy {
                block,
                succ,
                copies,
                moves,
            } = e
            else {
                continue;
            };
            let dsts: Vec<String> = copies.iter().map(|&(d, _)| self.value(d)).collect();
            let srcs: Vec<String> = copies.iter().map(|&(_, s)| self.value(s)).collect();
            let _ = writeln!(
                out,
                "  end of {} (to {}): ({}) := ({})",
                self.block(*block),
                self.block(*succ),
                dsts.join(", "),
                srcs.join(", ")
            );
            let seq: Vec<String> = (moves.iter())
                .map(|(d, s)| format!("{} := {}", loc(d), loc(s)))
                .collect();
            let cycles = moves.iter().filter(|(d, _)| *d == CopyLoc::Temp).count();
            let note = match cycles {
                0 => String::new(),
                1 => "   (a cycle, broken with tmp)".to_string(),
                n => format!("   ({n} cycles, broken with tmp)"),
            };
            let body = if seq.is_empty() {
                "nothing to move".to_string()
            } else {
                seq.join("; ")
            };
            let _ = writeln!(out, "    {body}{note}");
        }
    }
}

/// The traces as JSON: one object per function, its events in order with
/// every block and value by name.
pub fn json(traces: &[FunctionTrace]) -> Json {
    Json::Array(
        traces
            .iter()
            .map(|t| {
                let r = &t.recorder;
                let names = Printer { t, r }.variables();
                let name_of = |i: &u32| json!(names[*i as usize]);
                let b = |b: &Block| Json::String(r.block(*b));
                let bs = |bs: &[Block]| Json::Array(bs.iter().map(b).collect());
                let v = |v: &Value| Json::String(r.value(*v));
                let vs = |vs: &[Value]| Json::Array(vs.iter().map(v).collect());
                let cell = |c: &Cell| match c {
                    Cell::Top => json!("top"),
                    Cell::Const(k) => json!(k),
                    Cell::Bottom => json!("bottom"),
                };
                let loc = |l: &CopyLoc| match l {
                    CopyLoc::Value(x) => v(x),
                    CopyLoc::Temp => json!("tmp"),
                };
                let events: Vec<Json> = r
                    .events
                    .iter()
                    .map(|e| match e {
                        Event::DomRound { round, idom, changed } => json!({
                            "event": "dom-round", "round": round, "changed": changed,
                            "idom": idom.iter().map(|(x, d)| json!([b(x), d.as_ref().map(b)])).collect::<Vec<_>>(),
                        }),
                        Event::FrontierWalk { block, pred, stop, walked } => json!({
                            "event": "frontier-walk", "block": b(block), "pred": b(pred),
                            "stop": stop.as_ref().map(b), "walked": bs(walked),
                        }),
                        Event::Variables { addresses } => json!({"event": "variables", "addresses": vs(addresses)}),
                        Event::PlaceVariable { var, stores, live_in } => json!({
                            "event": "place-variable", "var": name_of(var), "stores": bs(stores), "live_in": bs(live_in),
                        }),
                        Event::NoPhiNeeded { var, never_stored } => json!({
                            "event": "no-phi-needed", "var": name_of(var), "never_stored": never_stored,
                        }),
                        Event::IdfVisit { block, frontier, pushed } => json!({
                            "event": "idf-visit", "block": b(block), "frontier": bs(frontier), "pushed": bs(pushed),
                        }),
                        Event::PhiAt { var, block, live, phi } => json!({
                            "event": "phi-at", "var": name_of(var), "block": b(block), "live": live, "phi": phi,
                        }),
                        Event::RenameEnter { block, current } => json!({
                            "event": "rename-enter", "block": b(block), "current": vs(current),
                        }),
                        Event::RenamePhi { var, phi } => json!({"event": "rename-phi", "var": name_of(var), "phi": v(phi)}),
                        Event::RenameLoad { var, load, value } => json!({
                            "event": "rename-load", "var": name_of(var), "load": v(load), "value": v(value),
                        }),
                        Event::RenameStore { var, value } => json!({"event": "rename-store", "var": name_of(var), "value": v(value)}),
                        Event::RenamePhiEntry { block, succ, var, phi, value } => json!({
                            "event": "rename-phi-entry", "block": b(block), "succ": b(succ), "var": name_of(var),
                            "phi": v(phi), "value": v(value),
                        }),
                        Event::RenameLeave { block } => json!({"event": "rename-leave", "block": b(block)}),
                        Event::SccpEdge { from, to } => json!({"event": "sccp-edge", "from": b(from), "to": b(to)}),
                        Event::SccpBlock { block } => json!({"event": "sccp-block", "block": b(block)}),
                        Event::SccpCell { value, from, to } => json!({
                            "event": "sccp-cell", "value": v(value), "from": cell(from), "to": cell(to),
                        }),
                        Event::LivenessRound { round, sets, changed } => json!({
                            "event": "liveness-round", "round": round, "changed": changed,
                            "sets": sets.iter().map(|(x, i, o)| json!({"block": b(x), "in": vs(i), "out": vs(o)})).collect::<Vec<_>>(),
                        }),
                        Event::SplitEdge { from, to, new } => json!({
                            "event": "split-edge", "from": b(from), "to": b(to), "new": b(new),
                        }),
                        Event::ScanBlocks { blocks } => json!({
                            "event": "scan-blocks",
                            "blocks": blocks.iter().map(|(x, f, l)| json!([b(x), f, l])).collect::<Vec<_>>(),
                        }),
                        Event::ScanValues { vregs } => json!({
                            "event": "scan-values",
                            "vregs": vregs.iter().map(|(r, x)| json!([r, v(x)])).collect::<Vec<_>>(),
                        }),
                        Event::ScanInterval { vreg, ranges, weight } => json!({
                            "event": "scan-interval", "vreg": vreg, "ranges": ranges, "weight": weight,
                        }),
                        Event::ScanStart { vreg, position, active, constraint } => json!({
                            "event": "scan-start", "vreg": vreg, "position": position,
                            "active": active, "constraint": constraint,
                        }),
                        Event::ScanAssign { vreg, reg } => json!({"event": "scan-assign", "vreg": vreg, "reg": reg}),
                        Event::ScanSpill { vreg, weight, reg, evicted, cost, taken } => json!({
                            "event": "scan-spill", "vreg": vreg, "weight": weight, "reg": reg,
                            "evicted": evicted, "cost": cost, "taken": taken,
                        }),
                        Event::ParallelCopy { block, succ, copies, moves } => json!({
                            "event": "parallel-copy", "block": b(block), "succ": b(succ),
                            "copies": copies.iter().map(|(d, s)| json!([v(d), v(s)])).collect::<Vec<_>>(),
                            "moves": moves.iter().map(|(d, s)| json!([loc(d), loc(s)])).collect::<Vec<_>>(),
                        }),
                    })
                    .collect();
                json!({
                    "trace": t.trace,
                    "function": t.function,
                    "blocks": bs(&r.layout),
                    "events": events,
                })
            })
            .collect(),
    )
}
