//! Recognising wendc's own runtime in a standalone module (what
//! [`crate::print::print_standalone_llvm`] writes): the runtime is outside
//! the IR subset, so the reader knows it by its exact text, item by item.
//! The parser skips such items (see `Parser::skip_runtime_item`); a
//! runtime routine written differently is read as ordinary IR, and
//! [`changed_runtime_definitions`] says which, so a tool can say why.

use std::collections::HashSet;
use std::sync::OnceLock;

/// The top-level items of wendc's runtime (see [`crate::print::RuntimeText`]),
/// each as its exact text without the final newline.
pub(super) fn runtime_items() -> &'static HashSet<String> {
    static ITEMS: OnceLock<HashSet<String>> = OnceLock::new();
    ITEMS.get_or_init(|| crate::print::runtime_items().into_iter().collect())
}

/// Whether `text` defines a function of wendc's runtime exactly as wendc
/// writes it: only then are its libc declarations and data wendc's to
/// write again, rather than the module's own.
pub(super) fn defines_runtime(text: &str) -> bool {
    runtime_items()
        .iter()
        .filter(|item| item.starts_with("define "))
        .any(|item| text.contains(item.as_str()))
}

/// The definition of a runtime function that starts `rest` (with a
/// `define` line): the function's name and the text up to the `}` that
/// closes it, which wendc writes alone on a line.
pub(super) fn runtime_definition_at(rest: &str) -> Option<(&'static str, &str)> {
    let line = rest.split('\n').next().unwrap_or(rest);
    let symbol = defined_runtime_symbol(line)?;
    let end = rest.find("\n}").map(|i| i + 2)?;
    Some((symbol, &rest[..end]))
}

/// The runtime functions that `text` defines other than as wendc writes
/// them: the reader reads those as ordinary IR, where their libc calls are
/// errors, so a tool can say why.
pub fn changed_runtime_definitions(text: &str) -> Vec<&'static str> {
    let mut changed = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.starts_with("define ") {
            if let Some((symbol, item)) = runtime_definition_at(&text[offset..]) {
                if !runtime_items().contains(item) {
                    changed.push(symbol);
                }
            }
        }
        offset += line.len();
    }
    changed
}

/// The runtime function a `define` line of wendc's runtime defines.
fn defined_runtime_symbol(line: &str) -> Option<&'static str> {
    crate::runtime::RuntimeFn::ALL
        .iter()
        .map(|rt| rt.symbol())
        .chain(crate::print::RuntimeText::DEFINED_SYMBOLS)
        .find(|symbol| {
            line.find('@')
                .and_then(|at| line[at + 1..].strip_prefix(symbol))
                .is_some_and(|after| after.starts_with('('))
        })
}
