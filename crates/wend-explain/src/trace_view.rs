//! The report's step-through of the algorithm traces: for each function, a
//! choice of algorithm, previous/next buttons, the CFG with the block of
//! the current step highlighted, what the step did, and the algorithm's
//! state after it as a table.
//!
//! The traces are those of `wendc analyze --trace` ([`crate::traces`]),
//! turned here into a list of steps (embedded as JSON, read by
//! `trace_view.js`). Each algorithm's steps are drawn on the CFG its
//! events name: the input's for those before and up to mem2reg (which
//! keeps the blocks), the CFG with critical edges split for leaving SSA and
//! register allocation.

use crate::cfg_svg;
use crate::html::escape;
use crate::traces::{self, add_to_frontiers, cell_text, variable_names, vreg_text};
use crate::LayoutEngine;
use serde_json::json;
use std::collections::HashMap;
use std::fmt::Write;
use wend_ir::trace::{Cell, CopyLoc, Event, Recorder};
use wend_ir::{Block, FuncId, Function, Module, Value};
use wend_opt::mem2reg::Flavour;

pub(crate) const STYLE: &str = include_str!("trace_view.css");
pub(crate) const SCRIPT: &str = include_str!("trace_view.js");

/// The traces offered, in the order of the menu.
const SHOWN: &[&str] = &[
    "dominators",
    "frontiers",
    "phis",
    "rename",
    "sccp",
    "liveness",
    "out-of-ssa",
    "linear-scan",
];

/// Functions larger than this get no step-through: a step lists a state
/// as large as the function, and a thousand steps of a thousand rows is
/// no lecture.
const MAX_BLOCKS: usize = 60;
/// The same for instructions: one block can be long too (a liveness or
/// linear-scan state is as long as the function's values).
const MAX_INSTS: usize = 600;
/// A trace longer than this shows its first steps only (the menu says so).
const MAX_STEPS: usize = 2000;
/// Only so many functions get one, so that the report of a large program
/// stays the size of the program.
const MAX_FUNCTIONS: usize = 50;

/// One step: the blocks to highlight, what happened, the state after it.
struct Step {
    blocks: Vec<String>,
    text: String,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

/// The step-through section of each defined function of `input` (the
/// unoptimised module), by function name. All the drawings are laid out in
/// one go, as the report's own are.
pub(crate) fn sections(
    input: &Module,
    engine: LayoutEngine,
    flavour: Flavour,
) -> HashMap<String, String> {
    struct Prepared<'m> {
        func: &'m Function,
        panels: Vec<(&'static str, usize, Vec<Step>)>,
        /// The functions of `scratch` to draw.
        drawings: Vec<FuncId>,
    }
    // The IR each drawing shows goes into one copy of the module, under a
    // name of its own (the drawing's element ids come from it), so that
    // calls still print their callees.
    let mut scratch: Option<Module> = None;
    let mut prepared: Vec<Prepared> = Vec::new();
    let mut notes: HashMap<String, String> = HashMap::new();
    for (k, (_, func)) in input.definitions().enumerate() {
        let insts = func.inst_count();
        if func.layout.len() > MAX_BLOCKS || insts > MAX_INSTS || k >= MAX_FUNCTIONS {
            let why = if k >= MAX_FUNCTIONS {
                format!("only the first {MAX_FUNCTIONS} functions of a program get one")
            } else if insts > MAX_INSTS {
                format!("this function has {insts} instructions, more than {MAX_INSTS}")
            } else {
                format!(
                    "this function has {} blocks, more than {MAX_BLOCKS}",
                    func.layout.len()
                )
            };
            notes.insert(
                func.name.clone(),
                format!(
                    "<p class=\"note\">No step-through here: {why}. <code>wendc analyze --trace NAME \
                     --trace-function {}</code> prints every step.</p>\n",
                    escape(&func.name)
                ),
            );
            continue;
        }
        // One drawing per distinct IR the traces are read against: the
        // input, its SSA form, the SSA form with critical edges split.
        let mut shapes: Vec<String> = Vec::new();
        let mut drawings = Vec::new();
        let mut panels = Vec::new();
        for &name in SHOWN {
            let Some(t) = traces::collect_with(input, name, Some(&func.name), flavour)
                .and_then(|mut v| v.pop())
            else {
                continue;
            };
            let scratch = scratch.get_or_insert_with(|| input.clone());
            let shown = scratch.functions.push(t.func);
            let shape = wend_ir::print::print_function(scratch, shown);
            let drawing = match shapes.iter().position(|s| *s == shape) {
                Some(d) => d,
                None => {
                    shapes.push(shape);
                    scratch.functions[shown].name = format!("{}.step{}", func.name, drawings.len());
                    drawings.push(shown);
                    shapes.len() - 1
                }
            };
            panels.push((name, drawing, steps(name, &t.recorder, flavour)));
        }
        prepared.push(Prepared {
            func,
            panels,
            drawings,
        });
    }
    let requests: Vec<(&Module, FuncId)> = match &scratch {
        Some(scratch) => (prepared.iter())
            .flat_map(|p| p.drawings.iter().map(move |&id| (scratch, id)))
            .collect(),
        None => Vec::new(),
    };
    let mut svgs = cfg_svg::draw_all(&requests, engine)
        .into_iter()
        .map(|d| d.svg);
    let mut out = notes;
    for p in &prepared {
        let svgs: Vec<String> = svgs.by_ref().take(p.drawings.len()).collect();
        out.insert(p.func.name.clone(), section(p.func, &p.panels, &svgs));
    }
    out
}

/// The HTML of one function's step-through.
fn section(func: &Function, panels: &[(&str, usize, Vec<Step>)], drawings: &[String]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<div class=\"trace-view\" data-function=\"{}\">\n\
         <p class=\"tv-controls js-only\"><label>algorithm <select class=\"tv-pick\">",
        escape(&func.name)
    );
    for (name, _, steps) in panels {
        let count = if steps.len() > MAX_STEPS {
            format!("the first {MAX_STEPS} of {} steps", steps.len())
        } else {
            format!("{} steps", steps.len())
        };
        let _ = write!(out, "<option value=\"{name}\">{name} ({count})</option>");
    }
    out.push_str(
        "</select></label> <button type=\"button\" class=\"tv-prev\" title=\"previous step (,)\">◀ previous</button> \
         <span class=\"tv-pos\"></span> \
         <button type=\"button\" class=\"tv-next\" title=\"next step (.)\">next ▶</button></p>\n\
         <noscript><p class=\"note\">The step-through needs JavaScript; \
         <code>wendc analyze --trace NAME</code> prints the same steps as tables.</p></noscript>\n\
         <p class=\"tv-text\"></p>\n<table class=\"tv-state\"></table>\n",
    );
    for (k, svg) in drawings.iter().enumerate() {
        let _ = writeln!(
            out,
            "<div class=\"tv-cfg\" data-drawing=\"{k}\" hidden>{svg}</div>"
        );
    }
    for (name, drawing, steps) in panels {
        let json: Vec<serde_json::Value> = steps
            .iter()
            .take(MAX_STEPS)
            .map(
                |s| json!({"blocks": s.blocks, "text": s.text, "header": s.header, "rows": s.rows}),
            )
            .collect();
        // Inside <script>, only `</` could end the element early.
        let text = serde_json::to_string(&json)
            .expect("steps serialise")
            .replace("</", "<\\/");
        let _ = writeln!(
            out,
            "<script type=\"application/json\" class=\"tv-steps\" data-trace=\"{name}\" data-drawing=\"{drawing}\">{text}</script>"
        );
    }
    out.push_str("</div>\n");
    out
}

fn strings<'a>(items: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    items.into_iter().map(String::from).collect()
}

/// The steps of trace `name` from its events.
fn steps(name: &str, r: &Recorder, flavour: Flavour) -> Vec<Step> {
    let b = |x: Block| r.block(x);
    let v = |x: Value| r.value(x);
    let set = |xs: &[Block]| {
        let names: Vec<String> = xs.iter().map(|&x| r.block(x)).collect();
        format!("{{{}}}", names.join(", "))
    };
    let vals = |xs: &[Value]| {
        let names: Vec<String> = xs.iter().map(|&x| r.value(x)).collect();
        format!("{{{}}}", names.join(", "))
    };
    let mut steps = Vec::new();
    match name {
        "dominators" => {
            let mut previous: Vec<(Block, Option<Block>)> = Vec::new();
            for e in &r.events {
                let Event::DomRound {
                    round,
                    idom,
                    changed,
                } = e
                else {
                    continue;
                };
                let moved: Vec<String> = (idom.iter())
                    .filter(|(x, d)| {
                        previous.iter().find(|(p, _)| p == x).map(|(_, pd)| pd) != Some(d)
                    })
                    .filter(|(_, d)| d.is_some())
                    .map(|&(x, _)| b(x))
                    .collect();
                let text = match (round, changed) {
                    (0, _) => "Before the first round only the entry knows its immediate dominator: itself.".to_string(),
                    (_, true) => format!("Round {round} over the blocks in reverse postorder: each block's immediate dominator becomes the nearest common dominator of its processed predecessors; {} changed.", if moved.is_empty() { "none".to_string() } else { moved.join(", ") }),
                    (_, false) => format!("Round {round} changed nothing: this is the fixpoint."),
                };
                steps.push(Step {
                    blocks: moved,
                    text,
                    header: strings(["block", "immediate dominator"]),
                    rows: (idom.iter())
                        .map(|&(x, d)| vec![b(x), d.map_or("?".to_string(), b)])
                        .collect(),
                });
                previous.clone_from(idom);
            }
        }
        "frontiers" => {
            let mut df: Vec<(Block, Vec<Block>)> =
                r.layout.iter().map(|&x| (x, Vec::new())).collect();
            for e in &r.events {
                let Event::FrontierWalk {
                    block,
                    pred,
                    stop,
                    walked,
                } = e
                else {
                    continue;
                };
                add_to_frontiers(&mut df, walked, *block);
                let text = if walked.is_empty() {
                    format!(
                        "Edge {} -> {}: {} is idom({}), the runner stops at once.",
                        b(*pred),
                        b(*block),
                        b(*pred),
                        b(*block)
                    )
                } else {
                    let names: Vec<String> = walked.iter().map(|&x| b(x)).collect();
                    format!("Edge {} -> {}: the runner climbs from {} up to idom({}) = {}, and {} joins the frontier of {}.", b(*pred), b(*block), b(*pred), b(*block), stop.map_or("-".to_string(), b), b(*block), names.join(", "))
                };
                let mut blocks: Vec<String> = walked.iter().map(|&x| b(x)).collect();
                blocks.push(b(*block));
                steps.push(Step {
                    blocks,
                    text,
                    header: strings(["block", "dominance frontier so far"]),
                    rows: df.iter().map(|(x, s)| vec![b(*x), set(s)]).collect(),
                });
            }
        }
        "phis" => {
            let vars = variable_names(r);
            let mut placed: Vec<(String, Vec<Block>)> = Vec::new();
            let mut current = String::new();
            for e in &r.events {
                let (blocks, text) = match e {
                    Event::PlaceVariable {
                        var,
                        stores,
                        live_in,
                    } => {
                        current.clone_from(&vars[*var as usize]);
                        placed.push((current.clone(), Vec::new()));
                        (stores.iter().map(|&x| b(x)).collect(), format!("Variable {current}: stored in {}, live on entry to {}. The worklist starts with the blocks that store it.", set(stores), set(live_in)))
                    }
                    Event::NoPhiNeeded { var, never_stored } => (
                        Vec::new(),
                        format!(
                            "Variable {}: {}; no phi.",
                            vars[*var as usize],
                            if *never_stored {
                                "never stored"
                            } else {
                                "stored once with a constant or parameter"
                            }
                        ),
                    ),
                    Event::IdfVisit {
                        block,
                        frontier,
                        pushed,
                    } => (
                        vec![b(*block)],
                        format!(
                            "The worklist takes {}: its frontier is {}; newly queued: {}.",
                            b(*block),
                            set(frontier),
                            set(pushed)
                        ),
                    ),
                    Event::PhiAt {
                        var,
                        block,
                        live,
                        phi,
                    } => {
                        if *phi {
                            if let Some((_, list)) = placed.last_mut() {
                                list.push(*block);
                            }
                        }
                        (
                            vec![b(*block)],
                            match (*phi, *live) {
                                (true, true) => format!("{} is in the iterated frontier and {} is live on entry there: a phi.", b(*block), vars[*var as usize]),
                                (true, false) => format!("{} is in the iterated frontier: a phi, although {} is dead on entry there ({} SSA keeps it).", b(*block), vars[*var as usize], flavour.name()),
                                (false, _) if flavour == Flavour::SemiPruned => format!("{} is in the iterated frontier but {} is local to blocks (never read before written in one): no phi.", b(*block), vars[*var as usize]),
                                (false, _) => format!("{} is in the iterated frontier but {} is dead on entry there: pruned.", b(*block), vars[*var as usize]),
                            },
                        )
                    }
                    _ => continue,
                };
                steps.push(Step {
                    blocks,
                    text,
                    header: strings(["variable", "phis placed"]),
                    rows: placed
                        .iter()
                        .map(|(n, l)| vec![n.clone(), set(l)])
                        .collect(),
                });
            }
        }
        "rename" => {
            let vars = variable_names(r);
            let mut depth = 0usize;
            let mut path: Vec<String> = Vec::new();
            for e in &r.events {
                match e {
                    Event::RenameEnter { block, current } => {
                        path.truncate(depth);
                        path.push(b(*block));
                        depth += 1;
                        steps.push(Step {
                            blocks: vec![b(*block)],
                            text: format!(
                                "Enter {} (dominator-tree path {}).",
                                b(*block),
                                path.join(" > ")
                            ),
                            header: strings(["variable", "on entry", "now"]),
                            rows: vars
                                .iter()
                                .zip(current)
                                .map(|(n, &c)| vec![n.clone(), v(c), v(c)])
                                .collect(),
                        });
                    }
                    Event::RenameLeave { .. } => depth -= 1,
                    _ => {
                        let Some(step) = steps.last_mut() else {
                            continue;
                        };
                        let (var, what) = match e {
                            Event::RenamePhi { var, phi } => (
                                Some((*var, *phi)),
                                format!("its phi {} defines {}", v(*phi), vars[*var as usize]),
                            ),
                            Event::RenameStore { var, value } => (
                                Some((*var, *value)),
                                format!("store {} to {}", v(*value), vars[*var as usize]),
                            ),
                            Event::RenameLoad { var, load, value } => (
                                None,
                                format!(
                                    "load {} of {} becomes {}",
                                    v(*load),
                                    vars[*var as usize],
                                    v(*value)
                                ),
                            ),
                            Event::RenamePhiEntry {
                                succ, phi, value, ..
                            } => (
                                None,
                                format!("phi {} in {} gets {}", v(*phi), b(*succ), v(*value)),
                            ),
                            _ => continue,
                        };
                        if let Some((var, value)) = var {
                            step.rows[var as usize][2] = v(value);
                        }
                        step.text.push_str(
                            if step.text.ends_with('.') && !step.text.contains(';') {
                                " Then: "
                            } else {
                                "; "
                            },
                        );
                        step.text.push_str(&what);
                    }
                }
            }
        }
        "sccp" => {
            let mut cells: Vec<(Value, Cell)> = Vec::new();
            let mut reached: Vec<Block> = Vec::new();
            let cell = cell_text;
            for e in &r.events {
                let (blocks, text) = match e {
                    Event::SccpBlock { block } => {
                        reached.push(*block);
                        (
                            vec![b(*block)],
                            format!(
                                "{} is reached for the first time: all of it is evaluated.",
                                b(*block)
                            ),
                        )
                    }
                    Event::SccpEdge { from, to } => (
                        vec![b(*from), b(*to)],
                        format!("The edge {} -> {} is executable.", b(*from), b(*to)),
                    ),
                    Event::SccpCell { value, from, to } => {
                        match cells.iter_mut().find(|(x, _)| x == value) {
                            Some(entry) => entry.1 = *to,
                            None => cells.push((*value, *to)),
                        }
                        (
                            Vec::new(),
                            format!(
                                "{} goes down from {} to {}.",
                                v(*value),
                                cell(from),
                                cell(to)
                            ),
                        )
                    }
                    _ => continue,
                };
                let mut text = text;
                let _ = write!(text, " Reached so far: {}.", set(&reached));
                steps.push(Step {
                    blocks,
                    text,
                    header: strings(["value", "lattice"]),
                    rows: cells.iter().map(|(x, c)| vec![v(*x), cell(c)]).collect(),
                });
            }
        }
        "liveness" => {
            let mut previous: Vec<(Block, Vec<Value>, Vec<Value>)> = Vec::new();
            for e in &r.events {
                let Event::LivenessRound {
                    round,
                    sets,
                    changed,
                } = e
                else {
                    continue;
                };
                let moved: Vec<String> = (sets.iter())
                    .filter(|(x, i, _)| {
                        previous
                            .iter()
                            .find(|(p, _, _)| p == x)
                            .map(|(_, pi, _)| pi)
                            != Some(i)
                    })
                    .map(|(x, _, _)| b(*x))
                    .collect();
                let text = if *changed {
                    format!(
                        "Round {round}, blocks in postorder: live-in changed in {}.",
                        moved.join(", ")
                    )
                } else {
                    format!("Round {round} changed nothing: the fixpoint.")
                };
                steps.push(Step {
                    blocks: moved,
                    text,
                    header: strings(["block", "live in", "live out"]),
                    rows: sets
                        .iter()
                        .map(|(x, i, o)| vec![b(*x), vals(i), vals(o)])
                        .collect(),
                });
                previous.clone_from(sets);
            }
        }
        "out-of-ssa" => {
            let loc = |l: &CopyLoc| match l {
                CopyLoc::Value(x) => v(*x),
                CopyLoc::Temp => "tmp".to_string(),
            };
            let mut done: Vec<Vec<String>> = Vec::new();
            for e in &r.events {
                let (blocks, text) = match e {
                    Event::SplitEdge { from, to, new } => (
                        vec![b(*new)],
                        format!(
                            "The edge {} -> {} is split by the new block {}.",
                            b(*from),
                            b(*to),
                            b(*new)
                        ),
                    ),
                    Event::ParallelCopy {
                        block,
                        succ,
                        copies,
                        moves,
                    } => {
                        let pairs: Vec<String> = copies
                            .iter()
                            .map(|&(d, s)| format!("{} := {}", v(d), v(s)))
                            .collect();
                        let seq: Vec<String> = moves
                            .iter()
                            .map(|(d, s)| format!("{} := {}", loc(d), loc(s)))
                            .collect();
                        done.push(vec![b(*block), pairs.join(", "), seq.join("; ")]);
                        (vec![b(*block), b(*succ)], format!("At the end of {} (to {}), the parallel copy {} becomes the moves {}.", b(*block), b(*succ), pairs.join(", "), seq.join("; ")))
                    }
                    _ => continue,
                };
                steps.push(Step {
                    blocks,
                    text,
                    header: strings(["end of", "parallel copy", "moves"]),
                    rows: done.clone(),
                });
            }
        }
        "linear-scan" => {
            let mut blocks: &[(Block, u32, u32)] = &[];
            let mut holds: Vec<(u32, Value)> = Vec::new();
            for e in &r.events {
                match e {
                    Event::ScanBlocks { blocks: x } => blocks = x,
                    Event::ScanValues { vregs } => holds.clone_from(vregs),
                    _ => {}
                }
            }
            let vreg = |x: &u32| vreg_text(r, &holds, *x);
            for e in &r.events {
                match e {
                    Event::ScanStart {
                        vreg: x,
                        position,
                        active,
                        constraint,
                    } => {
                        let block = (blocks.iter())
                            .find(|&&(_, first, last)| {
                                2 * first <= *position && *position <= 2 * last + 1
                            })
                            .map(|&(blk, _, _)| b(blk));
                        let mut text =
                            format!("The interval of {} starts at position {position}", vreg(x));
                        if let Some(blk) = &block {
                            let _ = write!(text, " (in {blk})");
                        }
                        text.push('.');
                        if let Some(why) = constraint {
                            let _ = write!(text, " It is {why}.");
                        }
                        steps.push(Step {
                            blocks: block.into_iter().collect(),
                            text,
                            header: strings(["register", "active interval"]),
                            rows: active
                                .iter()
                                .map(|(reg, w)| vec![reg.to_string(), vreg(w)])
                                .collect(),
                        });
                    }
                    Event::ScanAssign { reg, .. } => {
                        if let Some(step) = steps.last_mut() {
                            let _ = write!(step.text, " It gets {reg}.");
                        }
                    }
                    Event::ScanSpill {
                        vreg: x,
                        weight,
                        reg,
                        evicted,
                        cost,
                        taken,
                    } => {
                        if let Some(step) = steps.last_mut() {
                            let holders: Vec<String> = evicted.iter().map(&vreg).collect();
                            let _ = match reg {
                                None => write!(step.text, " No register may hold it: it is spilled."),
                                Some(reg) if *taken => write!(step.text, " No register is free; the cheapest to take is {reg}, held by {} of weight {cost} < {weight}: they are spilled and {} gets {reg}.", holders.join(", "), vreg(x)),
                                Some(reg) => write!(step.text, " No register is free; the cheapest to take is {reg}, held by {} of weight {cost} ≥ its own {weight}: {} is spilled.", holders.join(", "), vreg(x)),
                            };
                        }
                    }
                    _ => {}
                }
            }
        }
        _ => {}
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(k: usize) -> Step {
        Step {
            blocks: Vec::new(),
            text: format!("step {k}"),
            header: strings(["value"]),
            rows: Vec::new(),
        }
    }

    #[test]
    fn a_trace_cut_short_says_so_in_the_menu() {
        let func = Function::new("main", &[], None);
        let long: Vec<Step> = (0..MAX_STEPS + 5).map(step).collect();
        let short: Vec<Step> = (0..3).map(step).collect();
        let html = section(&func, &[("sccp", 0, long), ("rename", 0, short)], &[]);
        assert!(html.contains(&format!(
            "<option value=\"sccp\">sccp (the first {MAX_STEPS} of {} steps)</option>",
            MAX_STEPS + 5
        )));
        assert!(html.contains("<option value=\"rename\">rename (3 steps)</option>"));
        assert!(html.contains(&format!("\"step {}\"", MAX_STEPS - 1)));
        assert!(!html.contains(&format!("\"step {MAX_STEPS}\"")));
    }
}
