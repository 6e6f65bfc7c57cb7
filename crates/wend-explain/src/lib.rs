//! `wendc explain`: one self-contained HTML page that shows what the
//! compiler does to a program, for a lecture or for a student alone.
//!
//! The page holds, with no external assets and no need for JavaScript to
//! read it (scripts only add keyboard shortcuts and hover highlights):
//!
//! * the source with line numbers, its tokens and its syntax tree;
//! * per function, the IR before the first pass and after each pass of the
//!   chosen pipeline, each next to the previous one with the changed lines
//!   highlighted ([`diff`]), behind a pass selector;
//! * per function and stage, its control-flow graph as inline SVG
//!   ([`cfg_svg`]), laid out by Graphviz when `dot` is installed
//!   ([`graphviz`]) and by our own layered layout otherwise ([`layout`]),
//!   drawn once per run of stages that leave the function unchanged;
//! * beside each drawing, computed on the same IR, the dominator tree, the
//!   dominance-frontier table and the phi placement of `wendc analyze`
//!   ([`tables`]), and the loop forest;
//! * per function, the x86-64 assembly ([`asm`]).
//!
//! Source, IR and assembly lines carry the source line they come from and
//! its colour; hovering one lights up all lines of that source line.
//!
//! [`explain_source`] does everything from source text; [`render`] starts
//! from an already lowered module (the driver reports diagnostics itself).
//! The pieces of the page ([`report`]) are public: `wendc playground`
//! serves the same fragments, one function and stage at a time.

pub mod asm;
pub mod cfg_svg;
pub mod colours;
pub mod diff;
pub mod graphviz;
pub mod html;
pub mod layout;
pub mod report;
pub mod source;
pub mod tables;
mod trace_view;
pub mod traces;

use wend_ir::{FuncId, Module};
use wend_opt::Pass;

/// Which engine lays out the CFG drawings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LayoutEngine {
    /// Graphviz when `dot` is installed, the built-in layout otherwise.
    #[default]
    Auto,
    Graphviz,
    Builtin,
}

/// What the user gave `wendc explain`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InputKind {
    /// wend source: shown coloured, with its tokens and syntax tree.
    #[default]
    Wend,
    /// Textual IR (a `.ll` file): shown as it is; it has no tokens or
    /// syntax tree of wend, and its IR is the input stage.
    Ir,
}

/// What to explain, and how.
#[derive(Clone, Debug)]
pub struct ExplainOptions {
    /// The file name shown in the title (and in the assembly's `.file`).
    pub source_name: String,
    pub input: InputKind,
    /// The passes to run, in order.
    pub passes: Vec<&'static Pass>,
    /// How the pipeline was chosen, for the header (`-O2`, `--passes=…`).
    pub pipeline_label: String,
    /// The level whose code generation the assembly shows, as `wendc
    /// build -O<opt_level>` (0 for a list of passes, as `build --passes`).
    pub opt_level: u8,
    pub layout: LayoutEngine,
    /// The SSA flavour mem2reg builds in the step-through's traces (that
    /// of the pipeline's `mem2reg`, `--ssa`).
    pub ssa: wend_opt::mem2reg::Flavour,
}

/// The IR of the whole module at one point of the pipeline.
pub struct Stage {
    /// `input` for the lowered IR, else the pass that produced it.
    pub name: String,
    pub description: String,
    pub module: Module,
}

/// Runs `passes` over `module`, keeping a copy after each, verifying as it
/// goes (a pass that breaks the IR is a compiler bug and panics).
pub fn run_stages(module: &Module, passes: &[&'static Pass]) -> Vec<Stage> {
    let mut stages = vec![Stage {
        name: "input".to_string(),
        description: "the IR as lowered from the source, before any pass (-O0)".to_string(),
        module: module.clone(),
    }];
    let mut current = module.clone();
    for pass in passes {
        let mut opts = wend_opt::PipelineOptions {
            verify_each: true,
            print_after_each: None,
        };
        wend_opt::run_pipeline(&mut current, std::slice::from_ref(pass), &mut opts);
        stages.push(Stage {
            name: pass.name.to_string(),
            description: pass.description.to_string(),
            module: current.clone(),
        });
    }
    stages
}

/// The report for `src`, already checked and lowered to `module` (or, for
/// IR input, read into it).
pub fn render(src: &str, module: &Module, options: &ExplainOptions) -> String {
    let mut stages = run_stages(module, &options.passes);
    if options.input == InputKind::Ir {
        stages[0].description = "the IR as read from the file, before any pass".to_string();
    }
    report::page(src, module, &stages, options)
}

/// Checks, lowers and explains `src`; on a compile error, the diagnostics.
pub fn explain_source(
    src: &str,
    options: &ExplainOptions,
) -> Result<String, Vec<wend_frontend::Diag>> {
    let (checked, diags) = wend_frontend::check(src);
    match checked {
        Some(checked) => Ok(render(src, &wend_frontend::lower(checked), options)),
        None => Err(diags),
    }
}

/// The defined functions, in module order (the order of every section).
pub(crate) fn definitions(module: &Module) -> Vec<FuncId> {
    module.definitions().map(|(id, _)| id).collect()
}
