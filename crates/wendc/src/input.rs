//! Reading what the user compiles: a wend source file (read, or mapped
//! when large) and a textual IR file, each with its errors located in the
//! file.

use crate::mapped::MappedFile;
use crate::report::{report_failure, Failed};
use std::path::Path;
use wend_ir::Module;

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
                Err(e) => Err(report_invalid_utf8(&name, mapped.bytes(), e.valid_up_to())),
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
            &name,
            e.as_bytes(),
            e.utf8_error().valid_up_to(),
        )),
    }
}

/// Reports the first invalid byte sequence of a source file, at offset `valid`.
fn report_invalid_utf8(name: &str, bytes: &[u8], valid: usize) -> Failed {
    // The lossy text keeps the valid prefix byte for byte, so the offset of
    // the first bad byte is the same in it.
    let text = String::from_utf8_lossy(bytes);
    let diag = codespan_reporting::diagnostic::Diagnostic::error()
        .with_message("source file is not valid UTF-8")
        .with_labels(vec![codespan_reporting::diagnostic::Label::primary(
            (),
            valid..valid + 1,
        )
        .with_message("invalid byte sequence here")]);
    report_failure(name, &text, &[diag]);
    Failed
}

/// Whether `path` names a textual IR file (`.ll`, as clang and LLVM name
/// them) rather than wend source: every command takes either.
pub fn is_ir_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "ll")
}

/// Reads a textual IR file. Invalid input is the user's error here, so it
/// is reported as a diagnostic (`file:line:col: message`), not a crash.
pub fn read_ir(path: &Path) -> Result<Module, Failed> {
    read_ir_with_runtime(path).map(|(module, _)| module)
}

/// [`read_ir`], also telling whether the file defined wendc's runtime
/// (`wendc build --emit llvm` output), so that it can be written back the
/// same way.
pub fn read_ir_with_runtime(path: &Path) -> Result<(Module, bool), Failed> {
    let source = read_source(path)?;
    parse_ir(&source.name, &source.text)
}

/// [`read_ir`], keeping the text (`wendc explain` shows it).
pub fn read_ir_source(path: &Path) -> Result<(Source, Module), Failed> {
    // Read as a source file is: the same size limit, mapping of a large
    // file and located error for invalid UTF-8.
    let source = read_source(path)?;
    let (module, _) = parse_ir(&source.name, &source.text)?;
    Ok((source, module))
}

/// Parses and verifies the IR text of the file `name`.
fn parse_ir(name: &str, text: &str) -> Result<(Module, bool), Failed> {
    let (module, with_runtime) = wend_ir::read::parse_module_with_runtime(text).map_err(|e| {
        eprintln!("{name}:{}:{}: error: {}", e.line, e.column, e.message);
        for symbol in wend_ir::read::changed_runtime_definitions(text) {
            eprintln!(
                "{name}: note: `@{symbol}` is not defined as `wendc build --emit llvm` \
                 writes it, so it was read as ordinary IR; wendc reads its runtime only \
                 in exactly that text"
            );
        }
        Failed
    })?;
    wend_ir::verify::verify_module(&module).map_err(|e| {
        match e.line {
            0 => eprintln!("{name}: error: invalid IR: {e}"),
            line => eprintln!("{name}:{line}: error: invalid IR: {e}"),
        }
        Failed
    })?;
    Ok((module, with_runtime))
}
