//! The subcommands: each strings together the shared steps — reading
//! (`input`), compiling (`compile`), reporting (`report`) and writing
//! (`output`) — that live in their own modules.

use crate::cli::{
    Backend, BuildArgs, Cli, Command, CompileArgs, Emit, OptArgs, PassArgs, RunArgs, Ssa,
};
use crate::compile::{
    compile_to_ir, executable, lower_to_ir, native_assembly, parse_passes, pipeline, run_passes,
};
use crate::input::{is_ir_file, read_ir_with_runtime, read_source};
use crate::output::{write_output, write_output_with};
use crate::report::{report_failure, Failed};
use crate::toolchain;
use std::path::{Path, PathBuf};
use wend_frontend::ValueNames;

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
        Command::Playground(args) => return crate::playground::run(&args),
    };
    result.unwrap_or(FAILURE)
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
                    report_failure(&source.name, &source.text, &diags);
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
            let (debug_info, opt_level) = (args.compile.debug_info, args.compile.opt_level);
            write_output_with(args.output.as_deref(), |w| {
                native_assembly(&source_name, module, comments, debug_info, opt_level, w)
            })
        }
        Emit::Exe => {
            let (source_name, module) = compile_to_ir(&args.compile, ValueNames::Discard)?;
            require_main(&args.compile.file, &module)?;
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

/// An IR file to be run must define the `main` that wend programs have:
/// no parameters, and the exit status as its `i32` result (the native
/// runtime's `_start` calls it so). Lowered wend always does.
fn require_main(file: &Path, module: &wend_ir::Module) -> Result<(), Failed> {
    let runnable = module.find_function("main").is_some_and(|id| {
        let main = &module.functions[id];
        !main.is_declaration() && main.params.is_empty() && main.ret == Some(wend_ir::Type::I32)
    });
    if runnable {
        return Ok(());
    }
    eprintln!(
        "error: `{}` has nothing to run: a program defines `i32 @main()`, whose result is \
         its exit status",
        file.display()
    );
    Err(Failed)
}

/// `prog.wend` → `prog`, in the current directory, like `cc` does with -o.
fn default_exe_name(file: &Path) -> PathBuf {
    PathBuf::from(file.file_stem().unwrap_or(file.as_os_str()))
}

/// `wendc opt`: writes the module as it was read, with its runtime if it
/// came with one (so `lli` still runs the result).
fn opt(args: &OptArgs) -> Result<u8, Failed> {
    if let Some(out) = args.output.as_deref().filter(|&out| out != Path::new("-")) {
        crate::output::refuse_input(&args.file, out, "choose another output name with `-o`")?;
    }
    let (mut module, with_runtime) = read_ir_with_runtime(&args.file)?;
    let passes = wend_opt::with_ssa_flavour(parse_passes(&args.passes)?, args.ssa.into());
    // `read_ir` verified the input; after each pass only debug builds
    // verify again (as `build` does): on large files re-verifying would
    // cost more than the passes themselves.
    let pass_args = PassArgs {
        print_after_all: args.print_after_all,
        print_changed: args.print_changed,
        filter_function: args.filter_function.clone(),
        ssa: args.ssa,
        ..PassArgs::default()
    };
    crate::ir_dumps::check_filter(
        &module,
        pass_args.filter_function.as_deref(),
        &args.file.display().to_string(),
    )?;
    run_passes(&mut module, &passes, &pass_args)?;
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
        opt_level: args.opt_level,
        passes: PassArgs {
            passes: args.passes.clone(),
            ssa: args.ssa,
            ..PassArgs::default()
        },
        ..CompileArgs::of_file(args.file.clone())
    };
    let passes = pipeline(args.passes.as_deref(), args.opt_level, args.ssa)?;
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
    let mut pipeline_label = match &args.passes {
        Some(list) => format!("--passes={list}"),
        None => format!("-O{}", args.opt_level),
    };
    if args.ssa != Ssa::Pruned {
        let flavour = wend_opt::mem2reg::Flavour::from(args.ssa);
        pipeline_label.push_str(&format!(" --ssa={}", flavour.name()));
    }
    let options = wend_explain::ExplainOptions {
        source_name: source.name.clone(),
        input: if is_ir_file(&args.file) {
            wend_explain::InputKind::Ir
        } else {
            wend_explain::InputKind::Wend
        },
        passes,
        pipeline_label,
        // What `build` compiles with the same flags: -O0's code generation
        // for a list of passes (`-O` and `--passes` exclude each other).
        opt_level: match args.passes {
            Some(_) => 0,
            None => args.opt_level,
        },
        layout: match args.layout {
            crate::cli::CfgLayout::Auto => wend_explain::LayoutEngine::Auto,
            crate::cli::CfgLayout::Dot => wend_explain::LayoutEngine::Graphviz,
            crate::cli::CfgLayout::Builtin => wend_explain::LayoutEngine::Builtin,
        },
        ssa: args.ssa.into(),
    };
    let html = wend_explain::render(&source.text, &module, &options);
    write_output(Some(&out), html.as_bytes())
}

fn run_program(args: &RunArgs) -> Result<u8, Failed> {
    let (source_name, module) = compile_to_ir(&args.compile, ValueNames::Discard)?;
    require_main(&args.compile.file, &module)?;
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
            // IR written by hand may mean nothing (branch on undef, divide
            // by zero): the user's error, located in the IR.
            Err(e) if is_ir_file(&args.compile.file) => {
                eprintln!("{}: error: {e}", args.compile.file.display());
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
