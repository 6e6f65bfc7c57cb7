//! The command line, declared with clap, and the checks clap cannot
//! declare: flag combinations that contradict each other or would be
//! silently ignored are usage errors, like clap's own.

use clap::parser::ValueSource;
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

#[derive(Parser, Debug)]
#[command(
    name = "wendc",
    version,
    about = "The wend compiler: a teaching compiler with an SSA mid-end",
    after_help = "Executables come from wendc's own x86-64 backend (assembled by `as`, linked by `ld`); `--backend llvm` uses LLVM's `llc` and `cc` instead.

Exit status:
  0    success (for `wendc run`: the program finished `main`)
  1    compile error, a tool wendc called failed, or a refused output path
  2    the program stopped with a runtime error (division by zero)
  3    the program overflowed its stack
  64   command-line usage error
  69   `wendc playground` cannot listen on its address (port in use)
  101  internal compiler error (a bug)
`wendc run` passes the program's own status through; a program killed by signal N gives 128+N, as a shell reports it."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Compile a wend program or an IR file (`.ll`) (to an executable
    /// unless --emit says otherwise)
    Build(BuildArgs),
    /// Compile a wend program or an IR file (`.ll`) to a temporary
    /// executable and run it, passing its exit status through
    Run(RunArgs),
    /// Run passes over a textual IR file (the LLVM subset wendc prints),
    /// like LLVM's `opt -passes=`
    Opt(OptArgs),
    /// Print, per function, the CFG analyses a lecture walks through:
    /// dominators, immediate dominators, dominance frontiers, where mem2reg
    /// puts each variable's phis, and where each SSA flavour would (`--ssa`);
    /// with --trace, the steps of one algorithm
    Analyze(AnalyzeArgs),
    /// Write a self-contained HTML report of the compilation: source,
    /// tokens, syntax tree, the IR after each pass beside the one before,
    /// each function's CFG, dominators, loops and assembly
    Explain(ExplainArgs),
    /// Rewrite wend files in the canonical layout (docs/style.md); with no
    /// file or `-`, format standard input to standard output
    Fmt(FmtArgs),
    /// Serve the Language Server Protocol on stdin/stdout, for editors:
    /// diagnostics as you type, hover, go to definition, references,
    /// document symbols, rename and semantic highlighting
    Lsp(LspArgs),
    /// Serve a local Compiler Explorer for wend to the browser: an editor,
    /// the IR after any pass, the CFG, the analyses, the assembly and the
    /// program's output, following each keystroke (docs/playground.md)
    Playground(crate::playground::PlaygroundArgs),
}

#[derive(Args, Debug)]
pub struct LspArgs {
    /// Log how long the server took over each message (request or
    /// notification, from reading it to handing its answer to the writer)
    /// on standard error, one line each, elapsed and in CPU time:
    /// `wendc lsp: METHOD took MS ms (cpu MS ms)`
    #[arg(long)]
    pub time_requests: bool,
}

#[derive(Args, Debug)]
pub struct FmtArgs {
    /// The wend source files, rewritten in place (`-`: standard input, to
    /// standard output)
    pub files: Vec<PathBuf>,
    /// Write nothing; print a diff of each file that is not formatted and
    /// exit with status 1 if there is one
    #[arg(long)]
    pub check: bool,
}

#[derive(Args, Debug, Clone)]
pub struct CompileArgs {
    /// The wend source file, or a textual IR file (`.ll`)
    pub file: PathBuf,
    /// Optimisation level: -O0 (no passes), -O1, -O2; -O alone is -O2
    #[arg(short = 'O', value_name = "LEVEL", default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=2), conflicts_with = "passes")]
    pub opt_level: u8,
    /// Do not print warnings (contradicts `-D warnings`: both is an error)
    #[arg(short = 'w', conflicts_with = "deny")]
    pub no_warnings: bool,
    /// `-D warnings`: make every warning an error, so that a program with
    /// warnings does not compile (exit status 1), for grading scripts
    #[arg(short = 'D', value_name = "LINT", value_enum)]
    pub deny: Vec<Lint>,
    /// The code generator for executables and assembly
    #[arg(long, value_enum, default_value_t = Backend::Native)]
    pub backend: Backend,
    /// Debug information for gdb: functions, parameters and variables
    /// (native backend; optimised, a variable is `<optimized out>` where
    /// its value is not known)
    #[arg(short = 'g')]
    pub debug_info: bool,
    #[command(flatten)]
    pub passes: PassArgs,
}

impl CompileArgs {
    /// `file` compiled as with no flags (-O0, native, warnings shown): the
    /// commands that compile without `build`'s flags (analyze, explain)
    /// start from this.
    pub fn of_file(file: PathBuf) -> CompileArgs {
        CompileArgs {
            file,
            opt_level: 0,
            no_warnings: false,
            deny: Vec::new(),
            backend: Backend::Native,
            debug_info: false,
            passes: PassArgs::default(),
        }
    }
}

/// How the mid-end runs. The default is what no flag asks for: the -O
/// level's pipeline, pruned SSA, no dumps.
#[derive(Args, Debug, Clone, Default)]
pub struct PassArgs {
    /// Run these passes, in order (comma-separated, e.g.
    /// `mem2reg,reg2mem`; the passes that put the IR in the form a pass
    /// needs are added right before it: `loopsimplify` before licm and
    /// lcssa, `loopsimplify,lcssa` before loop-rotate, `break-crit-edges`
    /// before phi-elim), instead of the -O level's pipeline
    #[arg(long, value_name = "LIST")]
    pub passes: Option<String>,
    /// Print the IR after each pass, to stderr
    #[arg(long, conflicts_with = "print_changed")]
    pub print_after_all: bool,
    /// Print the IR at the start, then after each pass only the functions
    /// it changed (whole, or as a unified diff), to stderr
    #[arg(long, value_name = "HOW", value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "whole")]
    pub print_changed: Option<PrintChanged>,
    /// Show only this function in the IR dumps (--print-after-all,
    /// --print-changed, --emit ir); a nested function by its path, e.g.
    /// `main.step`
    #[arg(long, value_name = "NAME")]
    pub filter_function: Option<String>,
    /// Run the IR verifier after each pass (always on in debug builds)
    #[arg(long)]
    pub verify_each: bool,
    /// Print the time, the kernel time and the peak memory of each compiler phase, and the peak of the whole compile (`wendc build` only)
    #[arg(long)]
    pub time_passes: bool,
    /// Where mem2reg places phis: the SSA flavour of each `mem2reg` of the
    /// pipeline
    #[arg(long, value_enum, value_name = "FLAVOUR", default_value_t = Ssa::Pruned)]
    pub ssa: Ssa,
}

/// The SSA flavours (docs/05-mem2reg.md): which blocks of the iterated
/// dominance frontier of a variable's stores get a phi.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Ssa {
    /// Every one: wherever two definitions meet (Cytron et al.)
    Minimal,
    /// Every one, for variables read in some block before being written
    /// there (Briggs et al.)
    SemiPruned,
    /// Only where the variable is live (Choi et al.; LLVM's choice)
    #[default]
    Pruned,
}

impl From<Ssa> for wend_opt::mem2reg::Flavour {
    fn from(ssa: Ssa) -> Self {
        match ssa {
            Ssa::Minimal => wend_opt::mem2reg::Flavour::Minimal,
            Ssa::SemiPruned => wend_opt::mem2reg::Flavour::SemiPruned,
            Ssa::Pruned => wend_opt::mem2reg::Flavour::Pruned,
        }
    }
}

#[derive(Args, Debug)]
pub struct OptArgs {
    /// A textual IR file (`.ll`)
    pub file: PathBuf,
    /// The passes to run, comma-separated (e.g. `mem2reg`; the passes a pass
    /// needs are added right before it, as with `wendc build --passes`)
    #[arg(long, value_name = "LIST", default_value = "")]
    pub passes: String,
    /// Print the IR after each pass, to stderr
    #[arg(long, conflicts_with = "print_changed")]
    pub print_after_all: bool,
    /// Print the IR at the start, then after each pass only the functions
    /// it changed (whole, or as a unified diff), to stderr
    #[arg(long, value_name = "HOW", value_enum, num_args = 0..=1, require_equals = true, default_missing_value = "whole")]
    pub print_changed: Option<PrintChanged>,
    /// Show only this function in the IR dumps (--print-after-all,
    /// --print-changed)
    #[arg(long, value_name = "NAME")]
    pub filter_function: Option<String>,
    /// Where mem2reg places phis: the SSA flavour of each `mem2reg` of the
    /// pipeline
    #[arg(long, value_enum, value_name = "FLAVOUR", default_value_t = Ssa::Pruned)]
    pub ssa: Ssa,
    /// Output file (stdout when omitted)
    #[arg(short = 'o', value_name = "OUT")]
    pub output: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// A wend source file, or a textual IR file (`.ll`)
    pub file: PathBuf,
    /// Instead of the tables, the steps of one algorithm, as a lecture's
    /// tables (docs/traces.md)
    #[arg(long, value_name = "NAME", value_parser = clap::builder::PossibleValuesParser::new(wend_explain::traces::trace_names()))]
    pub trace: Option<String>,
    /// Trace only the function called NAME (as in the IR: `main`, `main.step`)
    #[arg(long, value_name = "NAME", requires = "trace")]
    pub trace_function: Option<String>,
    /// How to print the trace: tables for reading, or JSON for tools
    #[arg(long, value_enum, default_value_t = TraceFormat::Text, requires = "trace")]
    pub format: TraceFormat,
    /// With --trace: the SSA flavour mem2reg builds, for the phis and
    /// rename traces and the SSA form the later ones start from
    #[arg(long, value_enum, default_value_t = Ssa::Pruned, requires = "trace")]
    pub ssa: Ssa,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceFormat {
    Text,
    Json,
}

/// The pipeline shown by `wendc explain` is the one `build` would run:
/// -O2's unless -O or --passes says otherwise (-O0 shows the lowered IR
/// alone, with no passes); so is the assembly, the code generation of that
/// level (-O0's with --passes, as `build --passes`).
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The wend source file, or a textual IR file (`.ll`)
    pub file: PathBuf,
    /// The HTML file to write (default: the source's name with `.html`,
    /// in the current directory)
    #[arg(short = 'o', value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Show the pipeline and the assembly of this optimisation level (-O
    /// alone is -O2)
    #[arg(short = 'O', value_name = "LEVEL", default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=2), conflicts_with = "passes")]
    pub opt_level: u8,
    /// Show exactly these passes, in order (comma-separated), instead of
    /// the -O level's pipeline
    #[arg(long, value_name = "LIST")]
    pub passes: Option<String>,
    /// How to lay out the CFG drawings
    #[arg(long, value_enum, default_value_t = CfgLayout::Auto)]
    pub layout: CfgLayout,
    /// Where mem2reg places phis: the SSA flavour of each `mem2reg` of the
    /// pipeline
    #[arg(long, value_enum, value_name = "FLAVOUR", default_value_t = Ssa::Pruned)]
    pub ssa: Ssa,
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
    /// Output file; text outputs go to stdout when omitted or `-`, an
    /// executable is named after the source file
    #[arg(short = 'o', value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// In the native backend's assembly (--emit asm), a comment with each
    /// IR instruction before its code
    #[arg(long)]
    pub asm_comments: bool,
}

#[derive(Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    pub compile: CompileArgs,
    /// Execute the IR with the built-in interpreter instead of compiling it
    #[arg(long, conflicts_with = "backend")]
    pub interp: bool,
}

/// How `--print-changed` shows a function a pass changed (LLVM's
/// `-print-changed` and `-print-changed=diff`).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrintChanged {
    /// The whole function after the pass
    Whole,
    /// A unified diff of the function before and after the pass
    Diff,
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
    /// x86-64 GNU assembly: the native backend's, or `llc`'s with
    /// `--backend llvm`
    Asm,
    /// An executable
    Exe,
}

/// Parses a command line (`args` includes the program name): clap, then
/// the combinations clap cannot declare. A bare `-O` means `-O2`, as with
/// gcc and rustc.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Cli, clap::Error> {
    let mut command = Cli::command();
    let matches = command.try_get_matches_from_mut(bare_o_means_o2(args))?;
    let cli = Cli::from_arg_matches(&matches)?;
    if let Some((name, sub)) = matches.subcommand() {
        if let Err(message) = check_combinations(&cli.command, sub) {
            let sub_command = command
                .find_subcommand_mut(name)
                .expect("clap matched this subcommand");
            return Err(sub_command.error(clap::error::ErrorKind::ArgumentConflict, message));
        }
    }
    Ok(cli)
}

/// Rewrites a lone `-O` to `-O2`. clap cannot say "an optional value
/// attached to a short flag": an optional value would swallow the source
/// file in `wendc build -O prog.wend`. `-O 2` (a separate number) keeps
/// its meaning; nothing after `--` is touched.
fn bare_o_means_o2(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut args: Vec<OsString> = args.into_iter().collect();
    let end = args.iter().position(|a| a == "--").unwrap_or(args.len());
    for i in 1..end {
        let next_is_level = args
            .get(i + 1)
            .and_then(|a| a.to_str())
            .is_some_and(|a| !a.is_empty() && a.bytes().all(|b| b.is_ascii_digit()));
        if args[i] == "-O" && !next_is_level {
            args[i] = OsString::from("-O2");
        }
    }
    args
}

/// Flags that contradict each other, or that the command would silently
/// ignore, as a message for a usage error.
fn check_combinations(command: &Command, matches: &ArgMatches) -> Result<(), String> {
    let given = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
    match command {
        Command::Build(args) => {
            check_ir_input(&args.compile, Some(args.emit))?;
            check_build(args, &given)?;
            check_debug_info(&args.compile, Some(args.emit))
        }
        Command::Run(args) => {
            check_ir_input(&args.compile, None)?;
            if given("time_passes") {
                return Err("`--time-passes` is for `wendc build`".into());
            }
            check_passes_run(&args.compile, &given)?;
            let dumps = &args.compile.passes;
            if dumps.filter_function.is_some()
                && !dumps.print_after_all
                && dumps.print_changed.is_none()
            {
                return Err(FILTER_WITHOUT_DUMP.into());
            }
            check_debug_info(&args.compile, (!args.interp).then_some(Emit::Exe))
        }
        Command::Opt(args) => {
            for (given, flag) in [
                (args.print_after_all, "--print-after-all"),
                (args.print_changed.is_some(), "--print-changed"),
            ] {
                if given && args.passes.trim().is_empty() {
                    return Err(format!(
                        "`{flag}` prints the IR after each pass, and no `--passes` are given"
                    ));
                }
            }
            if args.filter_function.is_some()
                && !args.print_after_all
                && args.print_changed.is_none()
            {
                return Err(FILTER_WITHOUT_DUMP.into());
            }
            check_ssa(Some(&args.passes), 0, &given)
        }
        Command::Explain(args) => check_ssa(args.passes.as_deref(), args.opt_level, &given),
        Command::Analyze(_) | Command::Fmt(_) | Command::Lsp(_) | Command::Playground(_) => Ok(()),
    }
}

/// `--ssa` where no plain `mem2reg` runs would do nothing.
fn check_ssa(
    passes: Option<&str>,
    opt_level: u8,
    given: &dyn Fn(&str) -> bool,
) -> Result<(), String> {
    if !given("ssa") {
        return Ok(());
    }
    let runs_mem2reg = match passes {
        // An unknown pass is reported when the pipeline is parsed.
        Some(list) => list.split(',').any(|name| name.trim() == "mem2reg"),
        None => !wend_opt::pipeline_for_level(opt_level).is_empty(),
    };
    if runs_mem2reg {
        Ok(())
    } else {
        Err(
            "`--ssa` chooses where each `mem2reg` of the pipeline places phis, and no `mem2reg` \
             runs here: give -O1, -O2 or `--passes` with mem2reg (a `mem2reg<FLAVOUR>` in the \
             list names its flavour itself)"
                .into(),
        )
    }
}

/// Flags that need wend source, with an IR file (`.ll`).
fn check_ir_input(args: &CompileArgs, emit: Option<Emit>) -> Result<(), String> {
    if !crate::input::is_ir_file(&args.file) {
        return Ok(());
    }
    if let Some(emit @ (Emit::Tokens | Emit::Ast)) = emit {
        let name = emit.to_possible_value().expect("every Emit is a value");
        return Err(format!(
            "`--emit {}` shows how wend source is parsed; `{}` is an IR file",
            name.get_name(),
            args.file.display()
        ));
    }
    if args.debug_info {
        return Err(format!(
            "-g describes the lines and variables of wend source; `{}` is an IR file",
            args.file.display()
        ));
    }
    Ok(())
}

fn check_build(args: &BuildArgs, given: &dyn Fn(&str) -> bool) -> Result<(), String> {
    let emit = args
        .emit
        .to_possible_value()
        .expect("every Emit is a value")
        .get_name()
        .to_string();
    if matches!(args.emit, Emit::Tokens | Emit::Ast) {
        // These stop after the parser: nothing later in the pipeline runs.
        for (id, flag) in [
            ("opt_level", "-O"),
            ("passes", "--passes"),
            ("print_after_all", "--print-after-all"),
            ("print_changed", "--print-changed"),
            ("filter_function", "--filter-function"),
            ("verify_each", "--verify-each"),
            ("time_passes", "--time-passes"),
            ("ssa", "--ssa"),
            ("backend", "--backend"),
        ] {
            if given(id) {
                return Err(format!(
                    "`{flag}` has no effect with `--emit {emit}`, which stops after parsing"
                ));
            }
        }
    }
    if given("backend") && matches!(args.emit, Emit::Ir | Emit::Llvm | Emit::Dot) {
        return Err(format!(
            "`--backend` chooses the code generator of `--emit exe` and `--emit asm`; \
             `--emit {emit}` does not use one"
        ));
    }
    if args.asm_comments && args.emit != Emit::Asm {
        return Err(format!(
            "`--asm-comments` annotates assembly: it needs `--emit asm`, not `--emit {emit}`"
        ));
    }
    if args.asm_comments && args.compile.backend == Backend::Llvm {
        return Err(
            "`--asm-comments` annotates the native backend's assembly; `llc`'s has no IR comments"
                .into(),
        );
    }
    if args.emit == Emit::Exe && args.output.as_deref() == Some(Path::new("-")) {
        return Err(
            "an executable cannot be written to standard output (`-o -`); name a file, or \
             choose a text output with `--emit`"
                .into(),
        );
    }
    let dumps = &args.compile.passes;
    if dumps.filter_function.is_some()
        && !dumps.print_after_all
        && dumps.print_changed.is_none()
        && args.emit != Emit::Ir
    {
        return Err(format!(
            "{FILTER_WITHOUT_DUMP}, or `--emit ir`; `--emit {emit}` prints no IR"
        ));
    }
    check_passes_run(&args.compile, given)
}

/// The usage error of `--filter-function` where no IR is printed.
const FILTER_WITHOUT_DUMP: &str =
    "`--filter-function` chooses the function an IR dump shows: it needs `--print-after-all` \
     or `--print-changed`";

/// `-g` where it cannot do what it says: debug information needs the
/// native backend and is part of the assembly and the executable only
/// (`output` is `None` for the interpreter).
fn check_debug_info(args: &CompileArgs, output: Option<Emit>) -> Result<(), String> {
    if !args.debug_info {
        return Ok(());
    }
    match output {
        _ if args.backend == Backend::Llvm => {
            Err("-g needs the native backend: `--backend llvm` has no debug information".into())
        }
        Some(Emit::Asm | Emit::Exe) => Ok(()),
        Some(emit) => {
            let name = emit.to_possible_value().expect("every Emit is a value");
            Err(format!(
                "-g has no effect with `--emit {}`: debug information is part of the assembly \
                 (`--emit asm`) and the executable",
                name.get_name()
            ))
        }
        None => Err("-g has no effect with `--interp`: it describes native executables".into()),
    }
}

/// `--print-after-all`, `--verify-each` or `--ssa` where no pass (or no
/// mem2reg) runs would do nothing.
fn check_passes_run(args: &CompileArgs, given: &dyn Fn(&str) -> bool) -> Result<(), String> {
    check_ssa(args.passes.passes.as_deref(), args.opt_level, given)?;
    let no_passes = match &args.passes.passes {
        Some(list) => list.trim().is_empty(),
        None => args.opt_level == 0,
    };
    for (id, flag, what) in [
        ("print_after_all", "--print-after-all", "prints"),
        ("print_changed", "--print-changed", "prints"),
        ("verify_each", "--verify-each", "verifies"),
    ] {
        if given(id) && no_passes {
            return Err(format!(
                "`{flag}` {what} the IR after each pass, and no pass runs here: give -O1, -O2 \
                 or `--passes`"
            ));
        }
    }
    Ok(())
}
