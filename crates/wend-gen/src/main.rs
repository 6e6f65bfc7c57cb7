//! The `wend-gen` command: prints a random program of a seed, or a large
//! benchmark program of a shape.

use clap::{Parser, Subcommand, ValueEnum};
use std::io::Write;
use wend_gen::scale::Shape;
use wend_gen::Size;

#[derive(Parser)]
#[command(
    name = "wend-gen",
    about = "Generates wend programs for testing and benchmarking"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the random, terminating program of a seed
    Program {
        #[arg(long)]
        seed: u64,
        #[arg(long, value_enum, default_value_t = SizeArg::Medium)]
        size: SizeArg,
    },
    /// Print a large benchmark program of about the given number of lines
    Scale {
        #[arg(long, value_enum)]
        shape: ShapeArg,
        #[arg(long)]
        lines: usize,
        /// Varies the constants and operands; the structure is fixed
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum SizeArg {
    Small,
    Medium,
    Large,
}

#[derive(Clone, Copy, ValueEnum)]
enum ShapeArg {
    ManyVars,
    ManyFunctions,
    DeepIfs,
    StraightLine,
    ManyLoops,
}

fn main() {
    let text = match Cli::parse().command {
        Command::Program { seed, size } => {
            let size = match size {
                SizeArg::Small => Size::Small,
                SizeArg::Medium => Size::Medium,
                SizeArg::Large => Size::Large,
            };
            wend_gen::generate(seed, size)
        }
        Command::Scale { shape, lines, seed } => {
            let shape = match shape {
                ShapeArg::ManyVars => Shape::ManyVars,
                ShapeArg::ManyFunctions => Shape::ManyFunctions,
                ShapeArg::DeepIfs => Shape::DeepIfs,
                ShapeArg::StraightLine => Shape::StraightLine,
                ShapeArg::ManyLoops => Shape::ManyLoops,
            };
            wend_gen::scale::generate(shape, lines, seed)
        }
    };
    // A closed pipe (`wend-gen ... | head`) is not an error worth a panic.
    if let Err(e) = std::io::stdout().lock().write_all(text.as_bytes()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("wend-gen: cannot write the program: {e}");
            std::process::exit(1);
        }
    }
}
