//! `wendc fmt`: rewrites wend files in the canonical layout
//! (`wend_frontend::format`), checks them (`--check`, for graders and CI),
//! or formats standard input to standard output.
//!
//! A file is never lost or half written: the formatted text goes to a
//! temporary file in the same directory, which then replaces the original in
//! one rename (keeping its permissions). A file with syntax errors is left
//! alone and its diagnostics are shown.

use crate::cli::FmtArgs;
use crate::input::{read_source, Source, SourceText};
use crate::report::{report, Failed};
use std::io::{Read, Write};
use std::path::Path;

/// Status for a file that is not formatted (`--check`), has syntax errors
/// or could not be read or written.
const FAILURE: u8 = 1;
/// Status for a command line that makes no sense (EX_USAGE).
const USAGE: u8 = 64;

pub fn run(args: &FmtArgs) -> u8 {
    let stdin_count = args.files.iter().filter(|f| f.as_os_str() == "-").count();
    if stdin_count > 1 {
        eprintln!("error: `-` (standard input) can be given only once");
        return USAGE;
    }
    if args.files.is_empty() {
        return status(format_stdin(args.check));
    }
    let mut failed = false;
    for file in &args.files {
        let result = if file.as_os_str() == "-" {
            format_stdin(args.check)
        } else {
            format_file(file, args.check)
        };
        failed |= result.is_err();
    }
    if failed {
        FAILURE
    } else {
        0
    }
}

fn status(result: Result<(), Failed>) -> u8 {
    match result {
        Ok(()) => 0,
        Err(Failed) => FAILURE,
    }
}

/// Formats the text of `source`, or shows its syntax errors.
fn formatted(source: &Source) -> Result<String, Failed> {
    wend_frontend::format::format(&source.text).map_err(|diags| {
        report(&source.name, &source.text, &diags);
        let errors = diags.len();
        let s = if errors == 1 { "" } else { "s" };
        eprintln!(
            "error: could not format `{}` due to {errors} syntax error{s}; it was not changed",
            source.name
        );
        Failed
    })
}

fn format_stdin(check: bool) -> Result<(), Failed> {
    let mut bytes = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut bytes) {
        eprintln!("error: cannot read standard input: {e}");
        return Err(Failed);
    }
    let name = "<stdin>".to_string();
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(_) => {
            eprintln!("error: standard input is not valid UTF-8");
            return Err(Failed);
        }
    };
    let source = Source {
        name,
        text: SourceText::Read(text),
    };
    let out = formatted(&source)?;
    if check {
        return check_result(&source, &out);
    }
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
    {
        eprintln!("error: cannot write standard output: {e}");
        return Err(Failed);
    }
    Ok(())
}

fn format_file(path: &Path, check: bool) -> Result<(), Failed> {
    let source = read_source(path)?;
    let out = formatted(&source)?;
    if check {
        return check_result(&source, &out);
    }
    if out == *source.text {
        return Ok(());
    }
    replace(path, &out).map_err(|e| {
        eprintln!(
            "error: cannot write `{}`: {e}; it was not changed",
            source.name
        );
        Failed
    })
}

/// `--check`: a unified diff on stdout for a file that is not formatted.
fn check_result(source: &Source, out: &str) -> Result<(), Failed> {
    if out == &*source.text {
        return Ok(());
    }
    let diff = similar::TextDiff::from_lines(&*source.text, out);
    let text = diff
        .unified_diff()
        .header(&source.name, &format!("{} (formatted)", source.name))
        .to_string();
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
    eprintln!("error: `{}` is not formatted", source.name);
    Err(Failed)
}

/// Replaces the file at `path` (through a symbolic link, its target) with
/// `text` in one rename, keeping its permissions.
fn replace(path: &Path, text: &str) -> std::io::Result<()> {
    let target = std::fs::canonicalize(path)?;
    let dir = target.parent().unwrap_or(Path::new("."));
    let permissions = std::fs::metadata(&target)?.permissions();
    let mut temp = tempfile::Builder::new()
        .prefix(".wendc-fmt-")
        .tempfile_in(dir)?;
    temp.write_all(text.as_bytes())?;
    temp.as_file().sync_all()?;
    temp.as_file().set_permissions(permissions)?;
    temp.persist(&target).map_err(|e| e.error)?;
    Ok(())
}
