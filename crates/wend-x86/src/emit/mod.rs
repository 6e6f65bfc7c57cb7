//! Emission: allocated machine IR → AT&T-syntax GNU assembly, one
//! function at a time. This file is the driver: it emits each block's code
//! (`instructions.rs`, on the places the allocation gave: `operands.rs`),
//! then lays the blocks out — blocks that end up holding nothing but a
//! jump are skipped (jumps to them go straight to their target), a jump to
//! the next block falls through, and a jump to a loop header that only
//! tests and branches gets a copy of the test — and writes them between
//! the function's prologue (`frame.rs`) and its out-of-line code, each
//! under its label (`labels.rs`).
//!
//! With a source file, `.loc` directives give gdb the wend line of each
//! instruction; with `comments`, each IR instruction is printed as a `#`
//! comment above its code, in the IR printer's own spelling.

mod frame;
mod instructions;
mod labels;
mod operands;

use crate::mir::*;
use crate::regalloc::Allocation;
use crate::regs::PReg;
use crate::var_locations::{DebugLabels, DEBUG_LABEL_PREFIX};
use crate::Options;
use cranelift_entity::SecondaryMap;
use frame::Frame;
use operands::Place;
use std::fmt::{self, Write};
use wend_ir::print::{inst_text, terminator_text, FunctionNames};
use wend_ir::{Block, Function, Module};

pub use frame::{slot_frame_base_offsets, spill_frame_base_offset};
pub use labels::{block_label, block_labels, string_label, symbol, BlockLabels, LocalLabels};

/// The most instructions of a loop header's test copied to the end of the
/// `text` without the lines defining debug labels: a copy of a block's
/// code (a loop test rotated into the blocks that jump to it) must not
/// define them again, and is in no range.
fn without_debug_labels(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(DEBUG_LABEL_PREFIX) {
        return text.into();
    }
    let kept: Vec<&str> = text
        .split_inclusive('\n')
        .filter(|l| !l.starts_with(DEBUG_LABEL_PREFIX))
        .collect();
    kept.concat().into()
}

/// blocks that jump to it.
const MAX_DUPLICATED_TEST: usize = 1;

/// How a block is left, once its body is emitted.
#[derive(Clone)]
enum Exit {
    Jump(Block),
    Branch(Cond, Block, Block),
    /// `ret` or `ud2`: already in the body.
    Done,
}

/// The code of one block, before the blocks are put in order.
#[derive(Clone)]
struct BlockCode {
    /// Its lines, a range of [`FunctionEmitter::text`].
    text: std::ops::Range<usize>,
    /// How many of those lines are instructions (the others are
    /// directives and comments).
    instructions: usize,
    /// Whether the text defines a label (see `divisor_minus_one`): then
    /// it is never copied.
    defines_labels: bool,
    exit: Exit,
}

struct FunctionEmitter<'a> {
    module: &'a Module,
    /// The function's IR, for the comments; `None` without comments (the
    /// code itself comes from the machine IR alone).
    comments_ir: Option<&'a Function>,
    mf: &'a MFunction,
    alloc: &'a Allocation,
    opts: &'a Options,
    /// The IR printer's names of the values and blocks, for the comments
    /// (only kept with `comments`: they cost a `String` per value).
    names: Option<FunctionNames>,
    frame: Frame,
    /// The code of all the blocks emitted so far, one after the other:
    /// one buffer rather than a `String` per line.
    text: String,
    /// Code placed after all the blocks (see `divisor_minus_one`).
    out_of_line: String,
    local_labels: &'a mut LocalLabels,
    /// The number of instructions in the current block so far.
    instructions: usize,
    /// The last `.loc` line emitted in the current block.
    line: u32,
    /// With debug information, the line of the function's name, which its
    /// first `.loc` gives the prologue: the entry block goes on with it
    /// instead of repeating it, so the parameters' and locals' set-up is
    /// part of the prologue, and the entry block's first other line (its
    /// first statement's) is marked `prologue_end`. gdb stops there on
    /// `break f`, where the variables hold their first values.
    prologue_line: Option<u32>,
    /// In the entry block, before its first `.loc` of another line.
    in_prologue: bool,
    /// With location lists (`-g`, optimised), the labels their ranges need.
    debug_labels: Option<&'a DebugLabels>,
    /// The comparison the flags hold, `lhs - rhs`, when the last code of
    /// the block was a compare and what followed it left the flags and
    /// both operands alone: a `select` or `setcc` or branch on the same
    /// comparison needs no second `cmp` (two `cmov`s after one compare, as
    /// LLVM emits them for the two selects of a setter's leaf).
    flags: Option<(VReg, Operand)>,
    /// The number of predecessors of each block.
    preds: SecondaryMap<Block, u32>,
    /// The comparison the flags hold on entry to a block whose one
    /// predecessor ends with a conditional jump on it (`jcc` leaves the
    /// flags alone): the second test of `a < b || a == b` needs no `cmp`.
    entry_flags: SecondaryMap<Block, Option<(VReg, Operand)>>,
}

/// Where a jump to each block of `layout` really goes: following the
/// blocks that `forward` says are only a jump to another, to the first
/// block that is not (or, for a cycle of such blocks, to the first block
/// of the cycle reached). Each block is walked over once: the targets of
/// a chain are all set when its end is found, so that long chains of
/// empty blocks (the joins of deeply nested `if`s) cost their length, not
/// its square.
fn forwarding_targets(
    layout: &[Block],
    forward: impl Fn(Block) -> Option<Block>,
) -> SecondaryMap<Block, Option<Block>> {
    let mut target: SecondaryMap<Block, Option<Block>> = SecondaryMap::new();
    // Blocks on the chain being walked, and the mark saying so.
    let mut chain: Vec<Block> = Vec::new();
    let mut on_chain: SecondaryMap<Block, bool> = SecondaryMap::new();
    for &start in layout {
        let mut cur = start;
        let end = loop {
            if let Some(t) = target[cur] {
                break t;
            }
            if on_chain[cur] {
                // A cycle: its blocks stay where they are, and the blocks
                // leading to it go to where they enter it.
                while let Some(b) = chain.pop() {
                    on_chain[b] = false;
                    target[b] = Some(b);
                    if b == cur {
                        break;
                    }
                }
                break cur;
            }
            match forward(cur) {
                Some(next) => {
                    on_chain[cur] = true;
                    chain.push(cur);
                    cur = next;
                }
                None => break cur,
            }
        };
        for b in chain.drain(..) {
            on_chain[b] = false;
            target[b] = Some(end);
        }
        target[cur].get_or_insert(end);
    }
    target
}

/// Appends the assembly of one function to `out`, its blocks labelled by
/// `labels` (from [`block_labels`]), its out-of-line code by
/// `local_labels` (one counter for the whole file). The IR the machine IR
/// was selected from, `ir`, is only needed for `opts.comments`: without
/// them the caller may free it before register allocation.
// Each argument is a separate input of the function's text.
#[allow(clippy::too_many_arguments)]
pub fn emit_function(
    out: &mut impl std::io::Write,
    module: &Module,
    ir: Option<&Function>,
    mf: &MFunction,
    alloc: &Allocation,
    labels: &BlockLabels,
    local_labels: &mut LocalLabels,
    opts: &Options,
    debug_labels: Option<&DebugLabels>,
) -> std::io::Result<()> {
    let comments_ir = opts
        .comments
        .then(|| ir.expect("assembly comments need the function's IR"));
    let mut e = FunctionEmitter {
        module,
        comments_ir,
        mf,
        alloc,
        opts,
        names: comments_ir.map(FunctionNames::compute),
        frame: Frame::new(mf, alloc),
        text: String::with_capacity(estimated_text_len(mf)),
        out_of_line: String::new(),
        local_labels,
        instructions: 0,
        line: 0,
        prologue_line: None,
        in_prologue: false,
        debug_labels,
        flags: None,
        preds: SecondaryMap::new(),
        entry_flags: SecondaryMap::new(),
    };
    for &b in &mf.layout {
        for s in mf.block(b).term.successors() {
            e.preds[s] += 1;
        }
    }
    let first_line = mf
        .layout
        .iter()
        .flat_map(|&b| mf.block(b).insts.iter())
        .find_map(|inst| match inst {
            MInst::Note { line, .. } if *line != 0 => Some(*line),
            _ => None,
        });
    if opts.debug_info.is_some() && opts.source_file.is_some() {
        e.prologue_line = mf.decl_line.or(first_line);
    }
    let mut code: SecondaryMap<Block, Option<BlockCode>> = SecondaryMap::new();
    for &b in &mf.layout {
        code[b] = Some(e.block(b));
    }

    // Blocks that are just a jump forward to their target.
    let forward = |b: Block| match code[b].as_ref() {
        Some(BlockCode {
            instructions: 0,
            exit: Exit::Jump(t),
            ..
        }) if *t != b => Some(*t),
        _ => None,
    };
    let final_target = forwarding_targets(&mf.layout, forward);
    let resolve = |b: Block| final_target[b].unwrap_or(b);
    let emitted: Vec<Block> = mf
        .layout
        .iter()
        .enumerate()
        .filter(|&(i, &b)| i == 0 || forward(b).is_none() || resolve(b) == b)
        .map(|(_, &b)| b)
        .collect();
    let mut is_emitted: SecondaryMap<Block, bool> = SecondaryMap::new();
    for &b in &emitted {
        is_emitted[b] = true;
    }

    let name = symbol(&mf.name);
    writeln!(
        out,
        "\n\t.text\n\t.p2align 4\n\t.type {name}, @function\n{name}:"
    )?;
    out.write_all(b"\t.cfi_startproc\n")?;
    if let (Some(line), Some(_)) = (e.prologue_line.or(first_line), &opts.source_file) {
        writeln!(out, "\t.loc 1 {line}")?;
    }
    e.frame.write_prologue(out)?;
    for (i, &b) in emitted.iter().enumerate() {
        let block = code[b].as_ref().unwrap();
        if i > 0 {
            writeln!(out, "{}:", &labels[b])?;
        } else if opts.comments {
            writeln!(out, "# {}:", e.names().block(b))?;
        }
        out.write_all(e.text[block.text.clone()].as_bytes())?;
        let next = emitted.get(i + 1).copied();
        let mut exit = block.exit.clone();
        if let Exit::Jump(t) = exit {
            let t = resolve(t);
            // A jump to a block that only computes a condition and
            // branches (a loop header) gets a copy of it: the loop is
            // rotated, one jump per iteration instead of two.
            let target = code[t].as_ref().unwrap();
            if Some(t) != next
                && matches!(target.exit, Exit::Branch(..))
                && target.instructions <= MAX_DUPLICATED_TEST
                && !target.defines_labels
                && is_emitted[t]
            {
                out.write_all(without_debug_labels(&e.text[target.text.clone()]).as_bytes())?;
                exit = target.exit.clone();
            }
        }
        match exit {
            Exit::Jump(t) => {
                let t = resolve(t);
                if Some(t) != next {
                    writeln!(out, "\tjmp {}", &labels[t])?;
                }
            }
            Exit::Branch(cond, then_dest, else_dest) => {
                let (t, f) = (resolve(then_dest), resolve(else_dest));
                if Some(t) == next {
                    writeln!(out, "\tj{} {}", cond.inverse().suffix(), &labels[f])?;
                } else {
                    writeln!(out, "\tj{} {}", cond.suffix(), &labels[t])?;
                    if Some(f) != next {
                        writeln!(out, "\tjmp {}", &labels[f])?;
                    }
                }
            }
            Exit::Done => {}
        }
    }
    // A block left out has no code, but the ranges of the location lists
    // may name its labels: all at one address, so those ranges are empty.
    if let Some(labels) = debug_labels {
        for &b in mf.layout.iter().filter(|&&b| !is_emitted[b]) {
            let text = &e.text[code[b].as_ref().unwrap().text.clone()];
            for line in text
                .lines()
                .filter(|l| l.starts_with(labels.prefix.as_str()))
            {
                writeln!(out, "{line}")?;
            }
        }
    }
    out.write_all(e.out_of_line.as_bytes())?;
    writeln!(out, "\t.cfi_endproc\n\t.size {name}, .-{name}")?;
    Ok(())
}

/// Room for a function's code text, so that the buffer is not copied
/// again and again as it grows (each copy into fresh pages, which the
/// kernel must clear first). A machine instruction takes 21–39 bytes of
/// text on average with its share of `.loc` lines in the large functions
/// of the `wend-gen scale` shapes at -O0 and -O2 (deep ifs at -O0, whose
/// divisions by constants are long multiplications, the most). Too much
/// is harmless: capacity that is never written is only address space.
fn estimated_text_len(mf: &MFunction) -> usize {
    let instructions: usize = mf.layout.iter().map(|&b| mf.block(b).insts.len()).sum();
    instructions * 48
}

impl FunctionEmitter<'_> {
    fn names(&self) -> &FunctionNames {
        self.names
            .as_ref()
            .expect("the names are only kept for comments")
    }

    /// Appends one instruction, written by `format_args!`.
    fn ins(&mut self, text: fmt::Arguments<'_>) {
        self.text.push('\t');
        self.text.write_fmt(text).unwrap();
        self.text.push('\n');
        self.instructions += 1;
    }

    /// Appends a line that is not an instruction (a directive).
    fn directive(&mut self, text: &str) {
        self.text.push('\t');
        self.text.push_str(text);
        self.text.push('\n');
    }

    fn comment(&mut self, text: &str) {
        if self.opts.comments {
            writeln!(self.text, "\t# {text}").unwrap();
        }
    }

    fn loc(&mut self, line: u32) {
        if line != 0 && line != self.line && self.opts.source_file.is_some() {
            let end = if std::mem::take(&mut self.in_prologue) {
                " prologue_end"
            } else {
                ""
            };
            writeln!(self.text, "\t.loc 1 {line}{end}").unwrap();
            self.line = line;
        }
    }

    fn block(&mut self, b: Block) -> BlockCode {
        let start = self.text.len();
        self.instructions = 0;
        let labels_before = self.local_labels.taken();
        self.line = 0;
        self.in_prologue = false;
        if let (Some(line), true) = (self.prologue_line, b == self.mf.layout[0]) {
            self.line = line;
            self.in_prologue = true;
        }
        // Another block may jump here with other flags; nothing runs
        // between the one predecessor's `jcc` and this block.
        self.flags = self.entry_flags[b].take();
        let mf = self.mf;
        let block = mf.block(b);
        if let Some(func) = self.comments_ir {
            for &phi in &func.blocks[b].phis {
                let text = inst_text(self.module, func, self.names(), phi);
                self.comment(&text);
            }
        }
        let first = mf.blocks[b].as_ref().unwrap().insts.start as usize;
        for (k, inst) in block.insts.iter().enumerate() {
            let labels = self.debug_labels.filter(|l| l.before[first + k]);
            if let Some(labels) = labels {
                writeln!(self.text, "{}{}:", labels.prefix, first + k).unwrap();
            }
            let instructions = self.instructions;
            self.inst(inst);
            if let Some(labels) = labels.filter(|l| l.first_byte[first + k]) {
                let code = usize::from(self.instructions > instructions);
                let label = format!("{}{}", labels.prefix, first + k);
                writeln!(self.text, "{label}h = {label} + {code}").unwrap();
            }
        }
        // Where the block's ranges end: before the terminator's code (a
        // return restores the callee-saved registers).
        if let Some(labels) = self.debug_labels {
            writeln!(self.text, "{}:", labels.block_end(b)).unwrap();
        }
        if let Some(func) = self.comments_ir {
            if let Some(t) = &func.blocks[b].terminator {
                let text = terminator_text(func, self.names(), t);
                self.comment(&text);
            }
        }
        self.loc(block.term_line);
        let exit = match *block.term {
            MTerm::Jmp { dest } => Exit::Jump(dest),
            MTerm::Branch {
                cond,
                lhs,
                rhs,
                then_dest,
                else_dest,
            } => {
                self.compare_unless_set(lhs, rhs);
                for s in [then_dest, else_dest] {
                    if self.preds[s] == 1 && s != self.mf.layout[0] {
                        self.entry_flags[s] = Some((lhs, rhs));
                    }
                }
                Exit::Branch(cond, then_dest, else_dest)
            }
            MTerm::Ret { value } => {
                if let Some(v) = value {
                    let w = match v {
                        Operand::Reg(r) => self.width(r),
                        Operand::Imm(_) => Width::W32,
                    };
                    let src = self.src(v);
                    self.mov(w, src, Place::Reg(PReg::Rax));
                }
                self.epilogue();
                Exit::Done
            }
            MTerm::Unreachable => {
                self.ins(format_args!("ud2"));
                Exit::Done
            }
        };
        BlockCode {
            text: start..self.text.len(),
            instructions: self.instructions,
            defines_labels: self.local_labels.taken() != labels_before,
            exit,
        }
    }
}

/// The `.rodata` definitions of the module's string constants.
pub fn emit_strings(out: &mut String, module: &Module) {
    if module.strings.is_empty() {
        return;
    }
    out.push_str("\n\t.section .rodata\n");
    for (id, bytes) in module.strings.iter() {
        writeln!(out, "{}:", string_label(id.as_u32() as usize)).unwrap();
        if !bytes.is_empty() {
            writeln!(out, "\t.ascii \"{}\"", escape_ascii(bytes)).unwrap();
        }
    }
}

/// Bytes as the contents of a GAS `.ascii` string.
pub(crate) fn escape_ascii(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes {
        match b {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            0x20..=0x7e => s.push(b as char),
            _ => write!(s, "\\{b:03o}").unwrap(),
        }
    }
    s
}
