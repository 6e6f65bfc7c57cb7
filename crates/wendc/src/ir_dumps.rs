//! The IR dumps of a pass pipeline, written to stderr as the passes run:
//!
//! * `--print-after-all`: the IR after every pass;
//! * `--print-changed[=whole|diff]`: the IR at the start, then after each
//!   pass only the functions it changed, whole or as a unified diff
//!   against the same function before the pass, and one line for a pass
//!   that changed nothing — LLVM's `-print-changed` (and `=diff`);
//! * `--filter-function NAME`: any of these, and `--emit ir`, show only
//!   that function (LLVM's `-filter-print-funcs`).
//!
//! Functions are followed by name: passes renumber what they change, and
//! the inliner deletes functions (a deletion is reported as such).

use crate::cli::{PassArgs, PrintChanged};
use crate::report::Failed;
use wend_ir::{FuncId, Module};

/// What to dump after each pass, and what the last dump saw.
pub struct IrDumps<'a> {
    after_all: bool,
    changed: Option<PrintChanged>,
    filter: Option<&'a str>,
    /// The text of each shown function after the previous pass, in module
    /// order (for `--print-changed`).
    previous: Vec<(String, String)>,
}

impl<'a> IrDumps<'a> {
    pub fn new(args: &'a PassArgs) -> IrDumps<'a> {
        IrDumps {
            after_all: args.print_after_all,
            changed: args.print_changed,
            filter: args.filter_function.as_deref(),
            previous: Vec::new(),
        }
    }

    /// Called before the first pass: `--print-changed` shows the input.
    pub fn at_start(&mut self, module: &Module) -> Result<(), Failed> {
        if self.changed.is_none() {
            return Ok(());
        }
        self.previous = shown_functions(module, self.filter);
        let mut out = String::from("; *** IR Dump At Start ***\n");
        for (_, text) in &self.previous {
            out.push_str(text);
            out.push('\n');
        }
        write_dump(&out)
    }

    /// Called after each pass with the module it left.
    pub fn after_pass(&mut self, pass: &str, module: &Module) -> Result<(), Failed> {
        if self.after_all {
            write_dump(&format!(
                "; *** IR Dump After {pass} ***\n{}\n",
                module_text(module, self.filter)
            ))?;
        }
        let Some(how) = self.changed else {
            return Ok(());
        };
        let now = shown_functions(module, self.filter);
        let mut out = String::new();
        for (name, text) in &now {
            let before = self.previous.iter().find(|(n, _)| n == name);
            let before = before.map_or("", |(_, t)| t.as_str());
            if before == text {
                continue;
            }
            out.push_str(&format!("; *** IR Dump After {pass} on @{name} ***\n"));
            match how {
                PrintChanged::Whole => out.push_str(text),
                PrintChanged::Diff => out.push_str(
                    &similar::TextDiff::from_lines(before, text)
                        .unified_diff()
                        .context_radius(3)
                        .header(
                            &format!("@{name} before {pass}"),
                            &format!("@{name} after {pass}"),
                        )
                        .to_string(),
                ),
            }
            out.push('\n');
        }
        for (name, _) in &self.previous {
            if !now.iter().any(|(n, _)| n == name) {
                out.push_str(&format!("; *** IR Deleted After {pass} on @{name} ***\n\n"));
            }
        }
        if out.is_empty() {
            out = format!("; *** IR Dump After {pass} omitted because no change ***\n");
        }
        self.previous = now;
        write_dump(&out)
    }
}

/// Writes a dump to stderr. When the reader of stderr has left
/// (`wendc ... 2>&1 | head`) the compile stops with status 1, as when
/// stdout's has; `eprint!` would panic. There is nowhere to say why.
fn write_dump(text: &str) -> Result<(), Failed> {
    use std::io::Write;
    std::io::stderr()
        .lock()
        .write_all(text.as_bytes())
        .map_err(|_| Failed)
}

/// The defined functions a dump shows (all, or the one `filter` names),
/// with their text, in module order.
fn shown_functions(module: &Module, filter: Option<&str>) -> Vec<(String, String)> {
    module
        .definitions()
        .filter(|(_, f)| filter.is_none_or(|name| f.name == name))
        .map(|(id, f)| (f.name.clone(), wend_ir::print::print_function(module, id)))
        .collect()
}

/// The module as printed IR, or only the function `filter` names (nothing
/// once a pass deleted it).
pub fn module_text(module: &Module, filter: Option<&str>) -> String {
    match filter {
        None => wend_ir::print::print_module(module),
        Some(_) => shown_functions(module, filter)
            .into_iter()
            .map(|(_, text)| text)
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// Checks that the function `--filter-function` names is defined in
/// `module` (`file` names the input, for the message).
pub fn check_filter(module: &Module, filter: Option<&str>, file: &str) -> Result<(), Failed> {
    let Some(name) = filter else { return Ok(()) };
    let defined: Vec<(FuncId, &str)> = module
        .definitions()
        .map(|(id, f)| (id, f.name.as_str()))
        .collect();
    if defined.iter().any(|&(_, n)| n == name) {
        return Ok(());
    }
    eprintln!("error: `--filter-function {name}`: {file} defines no function `{name}`");
    // A nested function's symbol is its path: `step` in `main` is `main.step`.
    let nested: Vec<&str> = defined
        .iter()
        .map(|&(_, n)| n)
        .filter(|n| n.split('.').any(|part| part == name))
        .collect();
    if let [only] = nested[..] {
        eprintln!("help: a nested function is named by its path: `--filter-function {only}`");
    }
    let names: Vec<String> = defined.iter().map(|&(_, n)| format!("`{n}`")).collect();
    eprintln!("note: the functions are {}", names.join(", "));
    Err(Failed)
}
