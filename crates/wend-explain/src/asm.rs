//! The native backend's assembly of one function, each line tagged with
//! the source line it comes from.
//!
//! `wend_x86` writes a `.loc 1 N` directive whenever the source line
//! changes; every line after it, up to the next `.loc`, belongs to line N.
//! The `# <IR instruction>` comments the backend writes *before* the
//! `.loc` of their instruction are attributed to the line that follows
//! them. `.loc` and the `.cfi_*` unwinding directives are dropped from the
//! listing: the line numbers are shown in a gutter instead, and the CFI is
//! noise for a reader.

use wend_ir::{Function, Module};

/// What a line of assembly is, for colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AsmKind {
    Label,
    Directive,
    Comment,
    Instruction,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmLine {
    pub text: String,
    pub kind: AsmKind,
    /// The 1-based source line, if known.
    pub line: Option<u32>,
}

/// The annotated assembly of `func` (with IR comments), as `wendc build
/// -O<opt_level>` compiles it.
pub fn function_asm(
    module: &Module,
    func: &Function,
    source_name: &str,
    opt_level: u8,
) -> Vec<AsmLine> {
    let opts = wend_x86::Options {
        source_file: Some(source_name.to_string()),
        comments: true,
        ..wend_x86::Options::at_level(opt_level)
    };
    annotate(&wend_x86::compile_function_asm(module, func, &opts))
}

/// Splits assembly text into annotated lines (see the module documentation).
pub fn annotate(asm: &str) -> Vec<AsmLine> {
    let mut lines: Vec<AsmLine> = Vec::new();
    let mut current: Option<u32> = None;
    // Comments seen since the last non-comment line: they describe the
    // instruction whose `.loc` may come next.
    let mut pending_comments = 0usize;
    for raw in asm.lines() {
        let trimmed = raw.trim();
        if let Some(rest) = trimmed.strip_prefix(".loc") {
            // `.loc FILE LINE [COLUMN] ...`
            let line = rest.split_whitespace().nth(1).and_then(|n| n.parse().ok());
            if line.is_some() {
                current = line;
                let n = lines.len();
                for l in &mut lines[n - pending_comments..] {
                    l.line = current;
                }
            }
            continue;
        }
        if trimmed.starts_with(".cfi_") || trimmed.is_empty() {
            continue;
        }
        let kind = if trimmed.starts_with('#') {
            AsmKind::Comment
        } else if trimmed.ends_with(':') && !raw.starts_with(char::is_whitespace) {
            AsmKind::Label
        } else if trimmed.starts_with('.') {
            AsmKind::Directive
        } else {
            AsmKind::Instruction
        };
        pending_comments = if kind == AsmKind::Comment {
            pending_comments + 1
        } else {
            0
        };
        lines.push(AsmLine {
            text: raw.replace('\t', "    ").trim_end().to_string(),
            kind,
            line: if kind == AsmKind::Label {
                None
            } else {
                current
            },
        });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_lines_and_drops_directives() {
        let asm = "main:\n\t.cfi_startproc\n\t.loc 1 3\n\tpushq %rbp\n\t# store i32 4, i32* %x\n\t.loc 1 7\n\tmovl $4, -4(%rbp)\n.LBB1:\n\taddl $1, %eax\n";
        let lines = annotate(asm);
        let summary: Vec<(&str, AsmKind, Option<u32>)> = lines
            .iter()
            .map(|l| (l.text.trim(), l.kind, l.line))
            .collect();
        assert_eq!(
            summary,
            vec![
                ("main:", AsmKind::Label, None),
                ("pushq %rbp", AsmKind::Instruction, Some(3)),
                ("# store i32 4, i32* %x", AsmKind::Comment, Some(7)),
                ("movl $4, -4(%rbp)", AsmKind::Instruction, Some(7)),
                (".LBB1:", AsmKind::Label, None),
                ("addl $1, %eax", AsmKind::Instruction, Some(7)),
            ]
        );
    }
}
