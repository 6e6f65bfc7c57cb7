//! The command line, declared with clap.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "wendc",
    version,
    about = "The wend compiler: a teaching compiler with an SSA mid-end",
    after_help = "Executables come from wendc's own x86-64 backend (assembled by `as`, linked by `ld`); `--backend llvm` uses LLVM's `llc` and `cc` instead."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Compile a wend program (to an executable unless --emit says otherwise)
    Build(BuildArgs),
    /// Compile a wend program to a temporary executable and run it,
    /// passing its exit status through
    Run(RunArgs),
    /// Run passes over a textual IR file (the LLVM subset wendc prints),
    /// like LLVM's `opt -passes=`
    Opt(OptArgs),
    /// Print, per function, the CFG analyses a lecture walks through:
    /// dominators, immediate dominators, dominance frontiers, and where
    /// mem2reg puts each variable's phis
    Analyze(AnalyzeArgs),
    /// Write a self-contained HTML report of the compilation: source,
    /// tokens, syntax tree, the IR after each pass beside the one before,
    /// each function's CFG, dominators, loops and assembly
    Explain(ExplainArgs),
    /// Serve the Language Server Protocol on stdin/stdout, for editors:
    /// diagnostics as you type, hover, go to definition, references,
    /// document symbols, rename and semantic highlighting
    Lsp,
}

#[derive(Args, Debug, Clone)]
pub struct CompileArgs {
    /// The wend source file
    pub file: PathBuf,
    /// Optimisation level: -O0 (no passes), -O1, -O2
    #[arg(short = 'O', value_name = "LEVEL", default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=2))]
    pub opt_level: u8,
    /// Do not print warnings (contradicts `-D warnings`: both is an error)
    #[arg(short = 'w', conflicts_with = "deny")]
    pub no_warnings: bool,
    /// `-D warnings`: make every warning an error, so that a program with
    /// warnings does not compile (exit status 1), for grading scripts
    #[arg(short = 'D', value_name = "LINT", value_enum)]
    pub deny: Vec<Lint>,
    /// The code generator for executables
    #[arg(long, value_enum, default_value_t = Backend::Native)]
    pub backend: Backend,
    #[command(flatten)]
    pub passes: PassArgs,
}

/// How the mid-end runs.
#[derive(Args, Debug, Clone)]
pub struct PassArgs {
    /// Run exactly these passes, in order (comma-separated, e.g.
    /// `mem2reg,reg2mem`), instead of the -O level's pipeline
    #[arg(long, value_name = "LIST")]
    pub passes: Option<String>,
    /// Print the IR after each pass, to stderr
    #[arg(long)]
    pub print_after_all: bool,
    /// Run the IR verifier after each pass (always on in debug builds)
    #[arg(long)]
    pub verify_each: bool,
    /// Print the time, the kernel time and the peak memory of each compiler phase, and the peak of the whole compile
    #[arg(long)]
    pub time_passes: bool,
}

#[derive(Args, Debug)]
pub struct OptArgs {
    /// A textual IR file (`.ll`)
    pub file: PathBuf,
    /// The passes to run, comma-separated (e.g. `mem2reg`)
    #[arg(long, value_name = "LIST", default_value = "")]
    pub passes: String,
    /// Print the IR after each pass, to stderr
    #[arg(long)]
    pub print_after_all: bool,
    /// Output file (stdout when omitted)
    #[arg(short = 'o', value_name = "OUT")]
    pub output: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// A wend source file, or a textual IR file (`.ll`)
    pub file: PathBuf,
}

/// The pipeline shown by `wendc explain` is the one `build` would run:
/// -O2's unless -O or --passes says otherwise (-O0 shows the lowered IR
/// alone, with no passes).
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The wend source file
    pub file: PathBuf,
    /// The HTML file to write (default: the source's name with `.html`,
    /// in the current directory)
    #[arg(short = 'o', value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Show the pipeline of this optimisation level
    #[arg(short = 'O', value_name = "LEVEL", default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=2))]
    pub opt_level: u8,
    /// Show exactly these passes, in order (comma-separated), instead of
    /// the -O level's pipeline
    #[arg(long, value_name = "LIST")]
    pub passes: Option<String>,
    /// How to lay out the CFG drawings
    #[arg(long, value_enum, default_value_t = CfgLayout::Auto)]
    pub layout: CfgLayout,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CfgLayout {
    /// Graphviz `dot` when it is installed, else the built-in layout
    Auto,
    /// Graphviz `dot` (falls back to the built-in layout if it fails)
    Dot,
    /// The built-in layered layout
    Builtin,
}

#[derive(Args, Debug)]
pub struct BuildArgs {
    #[command(flatten)]
    pub compile: CompileArgs,
    /// What to produce
    #[arg(long, value_enum, default_value_t = Emit::Exe)]
    pub emit: Emit,
    /// Output file; text outputs go to stdout when omitted, an executable
    /// is named after the source file
    #[arg(short = 'o', value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// In assembly, a comment with each IR instruction before its code
    #[arg(long)]
    pub asm_comments: bool,
}

#[derive(Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    pub compile: CompileArgs,
    /// Execute the IR with the built-in interpreter instead of compiling it
    #[arg(long)]
    pub interp: bool,
}

/// What `-D` makes an error.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lint {
    /// Every warning
    Warnings,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// wendc's own x86-64 backend: assembly for `as`, linked by `ld`, no libc
    Native,
    /// LLVM: the module through `llc`, linked by `cc` against libc
    Llvm,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    /// The token stream
    Tokens,
    /// The syntax tree
    Ast,
    /// wendc's IR, as LLVM IR text (runtime routines declared, not defined)
    Ir,
    /// A complete LLVM module with the runtime defined: `lli` runs it
    Llvm,
    /// Graphviz CFGs, one cluster per function (`dot -Tsvg` draws them)
    Dot,
    /// x86-64 GNU assembly from the native backend
    Asm,
    /// An executable
    Exe,
}
