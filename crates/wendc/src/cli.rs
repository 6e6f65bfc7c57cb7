//! The command line, declared with clap.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "wendc",
    version,
    about = "The wend compiler: a teaching compiler with an SSA mid-end",
    after_help = "Executables are produced through LLVM (`llc`, then `cc` to link) until the native backend lands."
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
}

#[derive(Args, Debug, Clone)]
pub struct CompileArgs {
    /// The wend source file
    pub file: PathBuf,
    /// Optimisation level: -O0 (no passes), -O1, -O2
    #[arg(short = 'O', value_name = "LEVEL", default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=2))]
    pub opt_level: u8,
    /// Do not print warnings
    #[arg(short = 'w')]
    pub no_warnings: bool,
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
}

#[derive(Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    pub compile: CompileArgs,
    /// Execute the IR with the built-in interpreter instead of compiling it
    #[arg(long)]
    pub interp: bool,
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
    /// An executable
    Exe,
}
