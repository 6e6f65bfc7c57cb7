//! The compilation pipeline behind each subcommand: read the source, check
//! it, lower it, run the passes, and hand the module to a backend.

use crate::cli::{Backend, BuildArgs, Cli, Command, CompileArgs, Emit, OptArgs, PassArgs, RunArgs};
use crate::mapped::MappedFile;
use crate::timing::time;
use crate::toolchain;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use wend_frontend::ValueNames;
use wend_ir::Module;

/// Status for a compile error or a failed step.
const FAILURE: u8 = 1;

/// Runs one command line; returns the process exit status.
pub fn run(cli: Cli) -> u8 {
    let result = match cli.command {
        Command::Build(args) if args.compile.passes.time_passes => {
            crate::timing::enable();
            let status = build(&args);
            crate::timing::report();
            status
        }
        Command::Build(args) => build(&args),
        Command::Run(args) => run_program(&args),
        Command::Opt(args) => opt(&args),
        Command::Analyze(args) => crate::analyze::run(&args),
        Command::Explain(args) => explain(&args),
        Command::Fmt(args) => return crate::fmt::run(&args),
        Command::Lsp(args) => Ok(crate::lsp::run(&args)),
    };
    result.unwrap_or(FAILURE)
}

/// A step failed and has already told the user why.
pub struct Failed;

/// A wend source file as read from disk.
pub struct Source {
    /// The path as the user wrote it: diagnostics show it.
    pub name: String,
    pub text: SourceText,
}

/// The text of a source file, known to be valid UTF-8: read into memory,
/// or, for a large file, mapped (see [`crate::mapped`]).
pub enum SourceText {
    Read(String),
    Mapped(MappedFile),
}

impl std::ops::Deref for SourceText {
    type Target = str;

    fn deref(&self) -> &str {
        match self {
            SourceText::Read(text) => text,
            // SAFETY: checked to be UTF-8 when mapped (`read_source`).
            // Only another program rewriting the file in place while it is
            // compiled could change that: the hazard every mapping of a
            // source file has (clang's too), see `crate::mapped`.
            SourceText::Mapped(file) => unsafe { std::str::from_utf8_unchecked(file.bytes()) },
        }
    }
}

/// Reads a source file; invalid UTF-8 is a located diagnostic.
pub fn read_source(path: &Path) -> Result<Source, Failed> {
    let name = path.display().to_string();
    let cannot_read = |e: std::io::Error| {
        eprintln!("error: cannot read `{name}`: {e}");
        Failed
    };
    let mut file = std::fs::File::open(path).map_err(cannot_read)?;
    let metadata = file.metadata().map_err(cannot_read)?;
    // Source offsets are 32-bit (`wend_frontend::span`): a larger file is
    // refused before it is read, rather than read only to be refused.
    if metadata.len() > wend_frontend::span::MAX_SOURCE_LEN as u64 {
        let message = wend_frontend::span::source_too_large(metadata.len());
        eprintln!("error: cannot compile `{name}`: {message}");
        return Err(Failed);
    }
    if metadata.is_file() && metadata.len() >= crate::mapped::MAP_THRESHOLD {
        if let Some(mapped) = MappedFile::map(&file, &name) {
            return match std::str::from_utf8(mapped.bytes()) {
                Ok(_) => Ok(Source {
                    name,
                    text: SourceText::Mapped(mapped),
                }),
                Err(e) => Err(report_invalid_utf8(name, mapped.bytes(), e.valid_up_to())),
            };
        }
    }
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    std::io::Read::read_to_end(&mut file, &mut bytes).map_err(cannot_read)?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Source {
            name,
            text: SourceText::Read(text),
        }),
        Err(e) => Err(report_invalid_utf8(
            name,
            e.as_bytes(),
            e.utf8_error().valid_up_to(),
        )),
    }
}

/// Reports the first invalid byte sequence of a source file, at offset `valid`.
fn report_invalid_utf8(name: String, bytes: &[u8], valid: usize) -> Failed {
    // The lossy text keeps the valid prefix byte for byte, so the offset of
    // the first bad byte is the same in it.
    let text = SourceText::Read(String::from_utf8_lossy(bytes).into_owned());
    let diag = codespan_reporting::diagnostic::Diagnostic::error()
        .with_message("source file is not valid UTF-8")
        .with_labels(vec![codespan_reporting::diagnostic::Label::primary(
            (),
            valid..valid + 1,
        )
        .with_message("invalid byte sequence here")]);
    report_failure(&Source { name, text }, &[diag]);
    Failed
}

/// Prints diagnostics to stderr, in colour on a terminal.
pub fn report(source: &Source, diags: &[wend_frontend::Diag]) {
    if diags.is_empty() {
        return;
    }
    let color = std::io::stderr().is_terminal();
    let text = wend_frontend::render_diagnostics(&source.name, &source.text, diags, color);
    let _ = std::io::stderr().write_all(text.as_bytes());
}

/// Prints the diagnostics of a compile that failed, then a closing line
/// counting them, as rustc does:
/// "error: could not compile `prog.wend` due to 3 previous errors; 1 warning emitted".
pub fn report_failure(source: &Source, diags: &[wend_frontend::Diag]) {
    report(source, diags);
    if let Some(line) = failure_summary(&source.name, diags) {
        let color = std::io::stderr().is_terminal();
        let line = if color {
            // Bold red `error`, bold message, as codespan-reporting colours
            // a diagnostic's header.
            format!(
                "\x1b[1;31merror\x1b[0m\x1b[1m{}\x1b[0m\n",
                &line["error".len()..]
            )
        } else {
            format!("{line}\n")
        };
        let _ = std::io::stderr().write_all(line.as_bytes());
    }
}

/// The closing line for a failed compile with these diagnostics, if any
/// of them is an error.
pub fn failure_summary(name: &str, diags: &[wend_frontend::Diag]) -> Option<String> {
    use codespan_reporting::diagnostic::Severity;
    let errors = diags
        .iter()
        .filter(|d| d.severity >= Severity::Error)
        .count();
    let warnings = diags
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .count();
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    (errors > 0).then(|| {
        let mut line = format!(
            "error: could not compile `{name}` due to {}",
            plural(errors, "previous error")
        );
        if warnings > 0 {
            line.push_str(&format!("; {} emitted", plural(warnings, "warning")));
        }
        line
    })
}

/// Frontend, lowering and the mid-end: the source file's name and an
/// optimised, verified module, or the diagnostics. The source text, no
/// longer needed once the diagnostics are out, is freed before lowering
/// (on a large program it is a good part of the peak memory).
pub fn compile_to_ir(args: &CompileArgs, names: ValueNames) -> Result<(String, Module), Failed> {
    let (Source { name, text }, checked) = check_source(args)?;
    drop(text);
    // Whoever prints the IR after each pass reads its names.
    let names = if args.passes.print_after_all || args.passes.print_changed.is_some() {
        ValueNames::Keep
    } else {
        names
    };
    let mut module = lower_checked(checked, names, args.debug_info);
    crate::ir_dumps::check_filter(&module, args.passes.filter_function.as_deref(), &name)?;
    let passes = match &args.passes.passes {
        Some(list) => parse_passes(list)?,
        None => wend_opt::pipeline_for_level(args.opt_level),
    };
    run_passes(&mut module, &passes, &args.passes);
    Ok((name, module))
}

fn parse_passes(list: &str) -> Result<Vec<&'static wend_opt::Pass>, Failed> {
    wend_opt::parse_pipeline(list).map_err(|e| {
        eprintln!("error: {e}");
        Failed
    })
}

/// Runs a pipeline, verifying after each pass in debug builds (and when
/// asked) and printing the IR after each pass when asked.
fn run_passes(module: &mut Module, passes: &[&'static wend_opt::Pass], args: &PassArgs) {
    let mut opts = wend_opt::PipelineOptions {
        verify_each: args.verify_each || cfg!(debug_assertions),
        print_after_each: None,
    };
    let mut dumps = crate::ir_dumps::IrDumps::new(args);
    dumps.at_start(module);
    // One pass at a time, so each can be timed.
    for pass in passes {
        time(pass.name, || {
            wend_opt::run_pipeline(module, std::slice::from_ref(pass), &mut opts)
        });
        dumps.after_pass(pass.name, module);
    }
}

/// Frontend and lowering: a checked, verified module, or the diagnostics.
pub fn lower_to_ir(args: &CompileArgs) -> Result<(Source, Module), Failed> {
    let (source, checked) = check_source(args)?;
    Ok((
        source,
        lower_checked(checked, ValueNames::Keep, args.debug_info),
    ))
}

/// Reads and checks the source, reporting the diagnostics.
fn check_source(args: &CompileArgs) -> Result<(Source, wend_frontend::Checked), Failed> {
    let source = time("read", || read_source(&args.file))?;
    let warnings = if args.no_warnings {
        wend_frontend::Warnings::Skip
    } else {
        wend_frontend::Warnings::Report
    };
    let (checked, mut diags) = time("frontend", || {
        wend_frontend::check_with(&source.text, warnings)
    });
    if args.no_warnings {
        diags.retain(|d| d.severity != codespan_reporting::diagnostic::Severity::Warning);
    }
    if args.deny.contains(&crate::cli::Lint::Warnings) {
        wend_frontend::diag::deny_warnings(&mut diags, "`-D warnings`");
    }
    let checked = checked.filter(|_| !wend_frontend::diag::has_errors(&diags));
    if checked.is_some() {
        report(&source, &diags);
    } else {
        report_failure(&source, &diags);
    }
    let checked = checked.ok_or(Failed)?;
    Ok((source, checked))
}

/// Lowers a checked program (consumed as it goes: only the IR stays in
/// memory), with the debug tables for `-g`, and verifies the result.
fn lower_checked(checked: wend_frontend::Checked, names: ValueNames, debug_info: bool) -> Module {
    let module = time("lower", || match debug_info {
        true => wend_frontend::lower_with_debug_info(checked, names),
        false => wend_frontend::lower_with(checked, names),
    });
    time("verify", || {
        wend_opt::verify_or_panic(&module, "after lowering")
    });
    module
}

fn build(args: &BuildArgs) -> Result<u8, Failed> {
    let file = &args.compile.file;
    match &args.output {
        Some(out) if out.as_path() != Path::new("-") => {
            crate::output::refuse_input(file, out, "choose another output name with `-o`")?
        }
        None if args.emit == Emit::Exe => crate::output::refuse_input(
            file,
            &default_exe_name(file),
            "the executable is named after the source file without its extension: \
             name the source `*.wend`, or choose the executable's name with `-o`",
        )?,
        _ => {}
    }
    match args.emit {
        Emit::Tokens | Emit::Ast => {
            let source = read_source(&args.compile.file)?;
            let result = if args.emit == Emit::Tokens {
                wend_frontend::tokens_text(&source.text)
            } else {
                wend_frontend::ast_text(&source.text)
            };
            match result {
                Ok(text) => write_output(args.output.as_deref(), text.as_bytes()),
                Err(diags) => {
                    report_failure(&source, &diags);
                    Err(Failed)
                }
            }
        }
        Emit::Ir => {
            let (_, module) = compile_to_ir(&args.compile, ValueNames::Keep)?;
            let filter = args.compile.passes.filter_function.as_deref();
            let text = crate::ir_dumps::module_text(&module, filter);
            write_output(args.output.as_deref(), text.as_bytes())
        }
        Emit::Llvm => {
            let (_, module) = compile_to_ir(&args.compile, ValueNames::Keep)?;
            let text = wend_ir::print::print_standalone_llvm(&module);
            write_output(args.output.as_deref(), text.as_bytes())
        }
        Emit::Dot => {
            let (_, module) = compile_to_ir(&args.compile, ValueNames::Keep)?;
            let options = wend_ir::dot::DotOptions {
                dominator_tree: false,
            };
            let text = wend_ir::dot::module_to_dot(&module, &options);
            write_output(args.output.as_deref(), text.as_bytes())
        }
        Emit::Asm if args.compile.backend == Backend::Llvm => {
            let (_, module) = compile_to_ir(&args.compile, ValueNames::Discard)?;
            let text = toolchain::llvm_assembly(&module, args.compile.opt_level)?;
            write_output(args.output.as_deref(), &text)
        }
        Emit::Asm => {
            // The comments quote the IR, with its names.
            let comments = args.asm_comments;
            let names = if comments {
                ValueNames::Keep
            } else {
                ValueNames::Discard
            };
            let (source_name, module) = compile_to_ir(&args.compile, names)?;
            let debug_info = args.compile.debug_info;
            write_output_with(args.output.as_deref(), |w| {
                native_assembly(&source_name, module, comments, debug_info, w)
            })
        }
        Emit::Exe => {
            let (source_name, module) = compile_to_ir(&args.compile, ValueNames::Discard)?;
            let out = args
                .output
                .clone()
                .unwrap_or_else(|| default_exe_name(&args.compile.file));
            crate::output::replace(&out, |staged| {
                executable(&args.compile, &source_name, module, staged)
            })?;
            Ok(0)
        }
    }
}

/// Writes the native backend's assembly for a module, with line
/// information pointing at the source file, and DWARF for its variables
/// with `debug_info`. The module is consumed function by function (see
/// `wend_x86::write_module`).
fn native_assembly(
    source_name: &str,
    module: Module,
    comments: bool,
    debug_info: bool,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let debug_info = debug_info.then(|| wend_x86::DebugInfoOptions {
        // The source's name is as the user wrote it, relative to here.
        comp_dir: std::env::current_dir()
            .map(|dir| dir.display().to_string())
            .unwrap_or_default(),
    });
    let options = wend_x86::Options {
        source_file: Some(source_name.to_string()),
        comments,
        debug_info,
    };
    time("codegen (x86)", || {
        let mut buffered = std::io::BufWriter::new(out);
        wend_x86::write_module(module, &options, &mut buffered)?;
        // Flushed here, not on drop, which would swallow a failed write
        // (a full disk) and leave a truncated file behind a success.
        buffered.flush()
    })
}

/// Builds an executable with the chosen backend.
fn executable(
    args: &CompileArgs,
    source_name: &str,
    module: Module,
    out: &Path,
) -> Result<(), Failed> {
    match args.backend {
        Backend::Native => {
            let debug_info = args.debug_info;
            toolchain::native_executable(
                |w| native_assembly(source_name, module, false, debug_info, w),
                out,
            )
        }
        Backend::Llvm => toolchain::llvm_executable(&module, args.opt_level, out),
    }
}

/// `prog.wend` → `prog`, in the current directory, like `cc` does with -o.
fn default_exe_name(file: &Path) -> PathBuf {
    PathBuf::from(file.file_stem().unwrap_or(file.as_os_str()))
}

/// Writes text output to a file, or to stdout when no file is named.
pub(crate) fn write_output(path: Option<&Path>, bytes: &[u8]) -> Result<u8, Failed> {
    write_output_with(path, |w| w.write_all(bytes))
}

/// Output produced piece by piece by `write`, to a file, or to stdout when
/// no file is named.
fn write_output_with(
    path: Option<&Path>,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<u8, Failed> {
    let result = match path {
        Some(p) if p != Path::new("-") => return crate::output::write_file(p, write).map(|()| 0),
        _ => {
            let mut stdout = std::io::stdout().lock();
            write(&mut stdout).and_then(|()| stdout.flush())
        }
    };
    result.map(|()| 0).map_err(|e| {
        eprintln!("error: cannot write output: {e}");
        Failed
    })
}

/// Reads a textual IR file. Invalid input is the user's error here, so it
/// is reported as a diagnostic (`file:line:col: message`), not a crash.
pub fn read_ir(path: &Path) -> Result<Module, Failed> {
    read_ir_with_runtime(path).map(|(module, _)| module)
}

/// [`read_ir`], also telling whether the file defined wendc's runtime
/// (`wendc build --emit llvm` output), so that it can be written back the
/// same way.
fn read_ir_with_runtime(path: &Path) -> Result<(Module, bool), Failed> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| {
        eprintln!("error: cannot read `{name}`: {e}");
        Failed
    })?;
    let (module, with_runtime) = wend_ir::read::parse_module_with_runtime(&text).map_err(|e| {
        eprintln!("{name}:{}:{}: error: {}", e.line, e.column, e.message);
        for symbol in wend_ir::read::changed_runtime_definitions(&text) {
            eprintln!(
                "{name}: note: `@{symbol}` is not defined as `wendc build --emit llvm` \
                 writes it, so it was read as ordinary IR; wendc reads its runtime only \
                 in exactly that text"
            );
        }
        Failed
    })?;
    wend_ir::verify::verify_module(&module).map_err(|e| {
        eprintln!("{name}: error: invalid IR: {e}");
        Failed
    })?;
    Ok((module, with_runtime))
}

/// `wendc opt`: writes the module as it was read, with its runtime if it
/// came with one (so `lli` still runs the result).
fn opt(args: &OptArgs) -> Result<u8, Failed> {
    if let Some(out) = args.output.as_deref().filter(|&out| out != Path::new("-")) {
        crate::output::refuse_input(&args.file, out, "choose another output name with `-o`")?;
    }
    let (mut module, with_runtime) = read_ir_with_runtime(&args.file)?;
    let passes = parse_passes(&args.passes)?;
    // `read_ir` verified the input; after each pass only debug builds
    // verify again (as `build` does): on large files re-verifying would
    // cost more than the passes themselves.
    let pass_args = PassArgs {
        passes: None,
        print_after_all: args.print_after_all,
        print_changed: args.print_changed,
        filter_function: args.filter_function.clone(),
        verify_each: false,
        time_passes: false,
    };
    crate::ir_dumps::check_filter(
        &module,
        pass_args.filter_function.as_deref(),
        &args.file.display().to_string(),
    )?;
    run_passes(&mut module, &passes, &pass_args);
    let text = if with_runtime {
        wend_ir::print::print_standalone_llvm(&module)
    } else {
        wend_ir::print::print_module(&module)
    };
    write_output(args.output.as_deref(), text.as_bytes())
}

/// `wendc explain`: the HTML report of one compilation.
fn explain(args: &crate::cli::ExplainArgs) -> Result<u8, Failed> {
    let compile = CompileArgs {
        file: args.file.clone(),
        backend: crate::cli::Backend::Native,
        opt_level: args.opt_level,
        no_warnings: false,
        deny: Vec::new(),
        debug_info: false,
        passes: PassArgs {
            passes: args.passes.clone(),
            print_after_all: false,
            print_changed: None,
            filter_function: None,
            verify_each: false,
            time_passes: false,
        },
    };
    let passes = match &args.passes {
        Some(list) => parse_passes(list)?,
        None => wend_opt::pipeline_for_level(args.opt_level),
    };
    let out = args.output.clone().unwrap_or_else(|| {
        // `prog.wend` → `prog.html`, keeping any other dots of the name.
        let mut name = args
            .file
            .file_stem()
            .unwrap_or(args.file.as_os_str())
            .to_os_string();
        name.push(".html");
        PathBuf::from(name)
    });
    if out != Path::new("-") {
        crate::output::refuse_input(&args.file, &out, "choose another output name with `-o`")?;
    }
    let (source, module) = lower_to_ir(&compile)?;
    let options = wend_explain::ExplainOptions {
        source_name: source.name.clone(),
        passes,
        pipeline_label: match &args.passes {
            Some(list) => format!("--passes={list}"),
            None => format!("-O{}", args.opt_level),
        },
        layout: match args.layout {
            crate::cli::CfgLayout::Auto => wend_explain::LayoutEngine::Auto,
            crate::cli::CfgLayout::Dot => wend_explain::LayoutEngine::Graphviz,
            crate::cli::CfgLayout::Builtin => wend_explain::LayoutEngine::Builtin,
        },
    };
    let html = wend_explain::render(&source.text, &module, &options);
    write_output(Some(&out), html.as_bytes())
}

fn run_program(args: &RunArgs) -> Result<u8, Failed> {
    let (source_name, module) = compile_to_ir(&args.compile, ValueNames::Discard)?;
    if args.interp {
        crate::interrupt::interpreting();
        let stdout = std::io::stdout();
        let stderr = std::io::stderr();
        return match wend_ir::interp::run_main(&module, &mut stdout.lock(), &mut stderr.lock()) {
            Ok(status) => Ok(status as u8),
            // The reader of the output left (`wendc run --interp p | head`):
            // a compiled program is killed by SIGPIPE, and so status 141.
            Err(wend_ir::interp::InterpError::Io(e))
                if e.kind() == std::io::ErrorKind::BrokenPipe =>
            {
                Ok(128 + libc::SIGPIPE as u8)
            }
            Err(wend_ir::interp::InterpError::Io(e)) => {
                eprintln!("error: cannot write the program's output: {e}");
                Err(Failed)
            }
            Err(e) => panic!("internal compiler error: the interpreter failed: {e}"),
        };
    }
    let dir = crate::interrupt::temp_dir(None).map_err(|e| {
        eprintln!("error: cannot create a temporary directory: {e}");
        Failed
    })?;
    let exe = dir.path().join("program");
    executable(&args.compile, &source_name, module, &exe)?;
    toolchain::run_executable(&exe)
}
