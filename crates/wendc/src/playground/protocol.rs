//! What the page sends and gets back, as JSON. The server checks a request
//! (sizes, pass names) before a worker process sees it; the worker does
//! the compile and answers with a [`CompileReply`] or [`RunReply`].

use serde::{Deserialize, Serialize};

/// The pipeline to run: an `-O` level, or exactly the passes listed.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Pipeline {
    /// 0, 1 or 2 (default 2); ignored when `passes` is given.
    #[serde(default)]
    pub level: Option<u8>,
    /// Comma-separated pass names, as `--passes` takes them.
    #[serde(default)]
    pub passes: Option<String>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CompileRequest {
    pub source: String,
    #[serde(default)]
    pub pipeline: Pipeline,
    /// The function to show (its symbol, `main.f`); default `main`.
    #[serde(default)]
    pub function: Option<String>,
    /// The stage to show: 0 for the input IR, k for after the k-th pass;
    /// default the last.
    #[serde(default)]
    pub stage: Option<usize>,
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RunRequest {
    pub source: String,
    #[serde(default)]
    pub pipeline: Pipeline,
    /// Run the native executable (only when the server allows it) rather
    /// than the IR in the interpreter.
    #[serde(default)]
    pub native: bool,
}

/// What a worker process is asked to do.
#[derive(Debug, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum WorkerRequest {
    Compile(CompileRequest),
    Run(RunRequest),
}

/// One diagnostic, located by 1-based line and column (in characters).
#[derive(Debug, Deserialize, Serialize)]
pub struct Diagnostic {
    /// `error` or `warning` (or `note`, `help`).
    pub severity: String,
    pub message: String,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    /// The primary label's text ("expected `int`, found `bool`").
    pub label: String,
    /// The `note: …` and `help: …` lines.
    pub notes: Vec<String>,
    /// As `wendc build` prints it.
    pub rendered: String,
}

/// One stage of the pipeline.
#[derive(Debug, Deserialize, Serialize)]
pub struct StageInfo {
    pub name: String,
    pub description: String,
    /// Whether the stage's pass changed the module.
    pub changed: bool,
}

/// The views of one function at one stage, as HTML fragments of the
/// explain report (`wend_explain::report`).
#[derive(Debug, Default, Deserialize, Serialize)]
pub struct CompileReply {
    /// False when the program has errors (then only `diagnostics`).
    pub ok: bool,
    pub diagnostics: Vec<Diagnostic>,
    pub stages: Vec<StageInfo>,
    /// The defined functions of the input, in module order.
    pub functions: Vec<String>,
    pub function: String,
    pub stage: usize,
    pub ir_html: String,
    pub cfg_html: String,
    pub analyses_html: String,
    pub asm_html: String,
}

/// How a run went.
#[derive(Debug, Default, Deserialize, Serialize)]
pub struct RunReply {
    /// False when the program has errors (then only `diagnostics`).
    pub ok: bool,
    pub diagnostics: Vec<Diagnostic>,
    pub stdout: String,
    pub stderr: String,
    /// The exit status, when the program ended by itself.
    pub status: Option<i32>,
    /// Which limit stopped it, in words ("stopped after 10 000 000 steps").
    pub stopped: Option<String>,
    /// `interpreter` or `native`.
    pub engine: String,
}
