//! From a source file to a module and from a module to an executable:
//! the frontend (with its diagnostics), lowering, the mid-end's passes
//! (verified, printed and timed as asked), and the backends that make an
//! executable. Each command of the driver strings these together.

use crate::cli::{Backend, CompileArgs, PassArgs, Ssa};
use crate::input::{is_ir_file, read_ir, read_ir_source, read_source, Source};
use crate::report::{report, report_failure, Failed};
use crate::timing::time;
use crate::toolchain;
use std::io::Write;
use std::path::Path;
use wend_frontend::ValueNames;
use wend_ir::Module;

/// Frontend, lowering and the mid-end — or, for an IR file, reading it
/// and the mid-end: the source file's name and an optimised, verified
/// module (whose line numbers are the file's), or the diagnostics. The
/// source text, no longer needed once the diagnostics are out, is freed
/// before lowering (on a large program it is a good part of the peak
/// memory).
pub fn compile_to_ir(args: &CompileArgs, names: ValueNames) -> Result<(String, Module), Failed> {
    let (source_name, mut module) = if is_ir_file(&args.file) {
        let module = time("read", || read_ir(&args.file))?;
        (args.file.display().to_string(), module)
    } else {
        let (Source { name, text }, checked) = check_source(args)?;
        drop(text);
        // Whoever prints the IR after each pass reads its names.
        let names = if args.passes.print_after_all || args.passes.print_changed.is_some() {
            ValueNames::Keep
        } else {
            names
        };
        (name, lower_checked(checked, names, args.debug_info))
    };
    crate::ir_dumps::check_filter(
        &module,
        args.passes.filter_function.as_deref(),
        &source_name,
    )?;
    let passes = pipeline(
        args.passes.passes.as_deref(),
        args.opt_level,
        args.passes.ssa,
    )?;
    run_passes(&mut module, &passes, &args.passes)?;
    Ok((source_name, module))
}

/// The passes to run: those listed (`--passes`), or the level's, with
/// mem2reg placing the phis of the chosen SSA flavour.
pub fn pipeline(
    list: Option<&str>,
    opt_level: u8,
    ssa: Ssa,
) -> Result<Vec<&'static wend_opt::Pass>, Failed> {
    let passes = match list {
        Some(list) => parse_passes(list)?,
        None => wend_opt::pipeline_for_level(opt_level),
    };
    Ok(wend_opt::with_ssa_flavour(passes, ssa.into()))
}

pub fn parse_passes(list: &str) -> Result<Vec<&'static wend_opt::Pass>, Failed> {
    wend_opt::parse_pipeline(list).map_err(|e| {
        eprintln!("error: {e}");
        Failed
    })
}

/// Runs a pipeline, verifying after each pass in debug builds (and when
/// asked) and printing the IR after each pass when asked.
pub fn run_passes(
    module: &mut Module,
    passes: &[&'static wend_opt::Pass],
    args: &PassArgs,
) -> Result<(), Failed> {
    let mut opts = wend_opt::PipelineOptions {
        verify_each: args.verify_each || cfg!(debug_assertions),
        print_after_each: None,
    };
    let mut dumps = crate::ir_dumps::IrDumps::new(args);
    dumps.at_start(module)?;
    // One pass at a time, so each can be timed.
    for pass in passes {
        time(pass.name, || {
            wend_opt::run_pipeline(module, std::slice::from_ref(pass), &mut opts)
        });
        dumps.after_pass(pass.name, module)?;
    }
    Ok(())
}

/// The program as IR before any pass, with its text: a wend source file
/// checked and lowered (or its diagnostics), or an IR file as read.
pub fn lower_to_ir(args: &CompileArgs) -> Result<(Source, Module), Failed> {
    if is_ir_file(&args.file) {
        return read_ir_source(&args.file);
    }
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
        report(&source.name, &source.text, &diags);
    } else {
        report_failure(&source.name, &source.text, &diags);
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

/// Writes the native backend's assembly for a module, with line
/// information pointing at the source file, and DWARF for its variables
/// with `debug_info`. The module is consumed function by function (see
/// `wend_x86::write_module`). The code is that of `opt_level` (optimised,
/// it has no frame pointer: `wend_x86::Options::at_level`); -g changes no
/// instruction.
pub fn native_assembly(
    source_name: &str,
    module: Module,
    comments: bool,
    debug_info: bool,
    opt_level: u8,
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
        ..wend_x86::Options::at_level(opt_level)
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
pub fn executable(
    args: &CompileArgs,
    source_name: &str,
    module: Module,
    out: &Path,
) -> Result<(), Failed> {
    match args.backend {
        Backend::Native => {
            let (debug_info, opt_level) = (args.debug_info, args.opt_level);
            toolchain::native_executable(
                |w| native_assembly(source_name, module, false, debug_info, opt_level, w),
                out,
            )
        }
        Backend::Llvm => toolchain::llvm_executable(&module, args.opt_level, out),
    }
}
