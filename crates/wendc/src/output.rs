//! Where wendc's outputs go, so that no command loses work: an output path
//! that is the input file is refused, and a file is replaced only once its
//! new contents are complete (written under a temporary name beside it,
//! then renamed over it), so a failed or interrupted compile leaves the old
//! file as it was.

use crate::report::Failed;
use std::io::Write;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// Refuses to write to `output` when it is the file `input` (the same
/// file however either is spelt: through `./`, `..`, a symbolic or a hard
/// link), with `help` saying what to do instead.
pub fn refuse_input(input: &Path, output: &Path, help: &str) -> Result<(), Failed> {
    let (Ok(input_meta), Ok(output_meta)) = (std::fs::metadata(input), std::fs::metadata(output))
    else {
        // An output that does not exist yet is not the input; an input
        // that cannot be read is reported when it is read.
        return Ok(());
    };
    if (input_meta.dev(), input_meta.ino()) != (output_meta.dev(), output_meta.ino()) {
        return Ok(());
    }
    if output == input {
        eprintln!(
            "error: refusing to write to `{}`: that is the input file",
            output.display()
        );
    } else {
        eprintln!(
            "error: refusing to write to `{}`: that is the input file `{}`",
            output.display(),
            input.display()
        );
    }
    eprintln!("  = help: {help}");
    Err(Failed)
}

/// Writes a file through `write`, replacing `path` only once the writing
/// succeeded.
pub fn write_file(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), Failed> {
    replace(path, |staged| {
        std::fs::File::create(staged)
            .and_then(|mut file| write(&mut file))
            .map_err(|e| {
                eprintln!("error: cannot write output `{}`: {e}", path.display());
                Failed
            })
    })
}

/// Makes the file `out` by `make(path)`, which creates a complete file at
/// `path` (a temporary name in `out`'s directory) or reports why it
/// cannot; the result is then renamed over `out`. A symbolic link is kept
/// and the file it names replaced; a device or a pipe (`/dev/null`) is
/// written in place, as it cannot be replaced.
pub fn replace(out: &Path, make: impl FnOnce(&Path) -> Result<(), Failed>) -> Result<(), Failed> {
    let target = resolve_link(out);
    if std::fs::metadata(&target).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        return make(&target);
    }
    let cannot_write = |e: std::io::Error| {
        eprintln!("error: cannot write output `{}`: {e}", out.display());
        Failed
    };
    let dir = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    // The temporary directory's own error names its random path: say what
    // is wrong with the directory the user named instead.
    let staging = crate::interrupt::temp_dir(Some(dir)).map_err(|e| {
        let cause = match std::fs::metadata(dir) {
            Err(e) => e,
            Ok(m) if !m.is_dir() => std::io::Error::from(std::io::ErrorKind::NotADirectory),
            Ok(_) => std::io::Error::from(e.kind()),
        };
        eprintln!(
            "error: cannot write output `{}`: cannot create a file in `{}`: {cause}",
            out.display(),
            dir.display()
        );
        Failed
    })?;
    let staged = staging
        .path()
        .join(target.file_name().unwrap_or("output".as_ref()));
    make(&staged)?;
    std::fs::rename(&staged, &target).map_err(cannot_write)
}

/// The file a symbolic link names, or `path` itself.
fn resolve_link(path: &Path) -> PathBuf {
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        if let Ok(target) = std::fs::canonicalize(path) {
            return target;
        }
    }
    path.to_path_buf()
}

/// Writes text output to a file, or to stdout when no file is named.
pub fn write_output(path: Option<&Path>, bytes: &[u8]) -> Result<u8, Failed> {
    write_output_with(path, |w| w.write_all(bytes))
}

/// Output produced piece by piece by `write`, to a file, or to stdout when
/// no file is named.
pub fn write_output_with(
    path: Option<&Path>,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<u8, Failed> {
    let result = match path {
        Some(p) if p != Path::new("-") => return write_file(p, write).map(|()| 0),
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
