//! Emission: allocated machine IR → AT&T-syntax GNU assembly.
//!
//! Each machine instruction becomes one to a few x86 instructions, now that
//! every virtual register has a location: the two-address form is chosen
//! (`movl lhs, dst; addl rhs, dst`, or just `addl rhs, dst` when the
//! allocator gave `dst` the register of `lhs`), operands that were spilled
//! are used as memory operands where x86 allows one and go through the
//! scratch registers `%r11`/`%r10` otherwise, and every parallel move (phi
//! copies, call arguments, incoming parameters) is sequentialised between
//! locations by [`crate::parallel_copy`], with `%r10` to break cycles.
//!
//! The frame keeps the `%rbp` chain (so gdb and perf can walk the stack):
//!
//! ```text
//!   16+8k(%rbp)  incoming stack argument k (parameters 7, 8, …)
//!      8(%rbp)   return address
//!      0(%rbp)   caller's %rbp
//!     -8(%rbp)…  saved callee-saved registers, spill slots, alloca slots
//!   0(%rsp)…     outgoing stack arguments of calls
//! ```
//!
//! and its size is a multiple of 16, so `%rsp` is 16-byte aligned at every
//! call. A leaf function with nothing in its frame has no frame at all
//! (see `is_frameless`). Blocks that end up holding nothing but a jump are
//! skipped (jumps to them go straight to their target) and a jump to the
//! next block falls through. With a source file, `.loc` directives give gdb the wend line of
//! each instruction; with `comments`, each IR instruction is printed as a
//! `#` comment above its code, in the IR printer's own spelling.

use crate::divconst::DivStrategy;
use crate::mir::*;
use crate::parallel_copy::sequentialize;
use crate::regalloc::{Allocation, Loc};
use crate::regs::{PReg, ARG_REGS, SCRATCH, SCRATCH2};
use crate::var_locations::{DebugLabels, DEBUG_LABEL_PREFIX};
use crate::Options;
use cranelift_entity::SecondaryMap;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeMap;
use std::fmt::{self, Write};
use wend_ir::print::{for_each_block_name, inst_text, terminator_text, FunctionNames};
use wend_ir::{Block, FuncId, Function, Module};

/// A place a value can be in once registers are allocated.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Place {
    Reg(PReg),
    /// `off(%rbp)`.
    Frame(i32),
    /// `off(%rsp)`: an outgoing stack argument.
    Out(i32),
}

impl Place {
    fn is_mem(self) -> bool {
        !matches!(self, Place::Reg(_))
    }

    fn text(self, w: Width) -> OperandText {
        OperandText(Src::Place(self), w)
    }
}

/// A source: a place or an immediate.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Src {
    Place(Place),
    Imm(i32),
}

impl Src {
    fn text(self, w: Width) -> OperandText {
        OperandText(self, w)
    }

    fn is_mem(self) -> bool {
        matches!(self, Src::Place(p) if p.is_mem())
    }
}

/// The AT&T spelling of an operand at a width, written straight into the
/// output by `{}` (no `String` per operand).
#[derive(Copy, Clone)]
struct OperandText(Src, Width);

impl fmt::Display for OperandText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Src::Place(Place::Reg(r)) => f.write_str(match self.1 {
                Width::W32 => r.name32(),
                Width::W64 => r.name64(),
            }),
            Src::Place(Place::Frame(off)) => write!(f, "{off}(%rbp)"),
            Src::Place(Place::Out(0)) => f.write_str("(%rsp)"),
            Src::Place(Place::Out(off)) => write!(f, "{off}(%rsp)"),
            Src::Imm(i) => write!(f, "${i}"),
        }
    }
}

/// A memory operand: `off(%rbp)` or `(%reg)`.
#[derive(Copy, Clone)]
enum MemOperand {
    Frame(i32),
    Ptr(PReg),
}

impl fmt::Display for MemOperand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MemOperand::Frame(off) => write!(f, "{off}(%rbp)"),
            MemOperand::Ptr(r) => write!(f, "({})", r.name64()),
        }
    }
}

fn suffix(w: Width) -> &'static str {
    match w {
        Width::W32 => "l",
        Width::W64 => "q",
    }
}

/// A symbol as GAS accepts it: quoted unless made of plain symbol characters.
pub fn symbol(name: &str) -> String {
    let mut out = String::new();
    push_symbol(&mut out, name);
    out
}

/// Appends [`symbol`]`(name)` to `out`.
fn push_symbol(out: &mut String, name: &str) {
    if !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.$".contains(c))
    {
        out.push_str(name);
    } else {
        out.push('"');
        for c in name.chars() {
            if matches!(c, '\\' | '"') {
                out.push('\\');
            }
            out.push(c);
        }
        out.push('"');
    }
}

/// Numbers the labels of out-of-line code (`.Ldivm1_<n>`) across all the
/// functions of one assembly file. Such a label has no `.` after `.L`,
/// so it cannot be a block's (`.L<function>.<block>`) or a string's.
#[derive(Debug, Default)]
pub struct LocalLabels {
    next: u32,
}

/// The label of string constant `k`.
pub fn string_label(k: usize) -> String {
    format!(".Lstr.{k}")
}

/// Where the frame puts things, as `%rbp` offsets.
struct Frame {
    size: u32,
    saves: Vec<(PReg, i32)>,
    spill_base: i32,
    /// Where the alloca slots start, below the spill slots.
    slot_base: i32,
}

impl Frame {
    fn layout(mf: &MFunction, alloc: &Allocation) -> Frame {
        let mut used = 0i32;
        let saves = alloc
            .callee_saved_used
            .iter()
            .map(|&r| {
                used += 8;
                (r, -used)
            })
            .collect();
        let spill_base = -used;
        used += 8 * alloc.spill_slots as i32;
        // A multiple of 8, so slots aligned within their area are aligned.
        let slot_base = -used;
        let total = used as u32 + mf.slot_area + 8 * mf.max_stack_args;
        Frame {
            size: total.div_ceil(16) * 16,
            saves,
            spill_base,
            slot_base,
        }
    }

    fn slot_offset(&self, slot: SlotId) -> i32 {
        self.slot_base - slot.end() as i32
    }
}

/// Whether `mf` needs no frame: nothing on the stack (no spill or alloca
/// slot, no saved register, no stack parameter) and no call that returns.
/// Its only possible call, to `wend_div_by_zero`, never returns and needs
/// no particular stack alignment (the runtime uses no SSE). Such leaf
/// functions — getters, setters, small loops — skip the `%rbp` set-up and
/// `leave`; debuggers still unwind them through the CFI directives.
fn is_frameless(mf: &MFunction, alloc: &Allocation) -> bool {
    let no_return = wend_ir::runtime::RuntimeFn::DivByZero.symbol();
    let only_noreturn_calls = mf.layout.iter().all(|&b| {
        mf.block(b).insts.iter().all(|inst| match inst {
            MInst::Call(call) => *call.callee == *no_return,
            MInst::Params { dsts } => dsts.len() <= ARG_REGS.len(),
            _ => true,
        })
    });
    let frame = Frame::layout(mf, alloc);
    frame.size == 0 && frame.saves.is_empty() && only_noreturn_calls
}

/// Where each of the `slots` of `mf` is, as an offset from the canonical
/// frame address (the `%rsp` of the caller before its `call`, which the
/// debug information's frame base is): the frame's `%rbp` is 16 bytes
/// below it. All `None` for a function without a frame, which has no slots.
pub fn slot_frame_base_offsets(
    mf: &MFunction,
    alloc: &Allocation,
    slots: &[Option<SlotId>],
) -> Vec<Option<i64>> {
    let frame = (!is_frameless(mf, alloc)).then(|| Frame::layout(mf, alloc));
    slots
        .iter()
        .map(|&slot| Some(i64::from(frame.as_ref()?.slot_offset(slot?)) - 16))
        .collect()
}

/// The frame-base (CFA) offset of spill slot `s`, as
/// [`slot_frame_base_offsets`] gives those of the alloca slots.
pub fn spill_frame_base_offset(mf: &MFunction, alloc: &Allocation, s: u32) -> Option<i64> {
    let frame = (!is_frameless(mf, alloc)).then(|| Frame::layout(mf, alloc))?;
    Some(i64::from(frame.spill_base - 8 * (s as i32 + 1)) - 16)
}

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

/// The most instructions of a loop header's test copied to the end of the
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
    /// Whether the text defines a label (see
    /// [`FunctionEmitter::divisor_minus_one`]): then it is never copied.
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
    /// No `%rbp` frame at all (see [`is_frameless`]).
    frameless: bool,
    /// The code of all the blocks emitted so far, one after the other:
    /// one buffer rather than a `String` per line.
    text: String,
    /// Code placed after all the blocks (see
    /// [`FunctionEmitter::divisor_minus_one`]).
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

/// The label of each block of `func` (after edge splitting, before
/// instruction selection: the names are the IR printer's), `.L<function>.<block>`.
///
/// That alone can be ambiguous: the function `f.g` with block `h` and the
/// function `f` with block `g.h` (an inlined copy of `f.g`'s block) both
/// give `.Lf.g.h`. So when another function's name extends this one's or
/// is extended by it (`may_collide`), `used_labels` holds the labels of
/// the functions emitted before into the same file, and a label already
/// taken gets a numeric suffix. Other functions' labels cannot clash with
/// anything and skip the bookkeeping.
pub fn block_labels(
    func: &Function,
    may_collide: bool,
    used_labels: &mut FxHashSet<String>,
) -> BlockLabels {
    let mut labels = BlockLabels {
        text: String::new(),
        spans: SecondaryMap::with_capacity(func.blocks.len()),
    };
    let mut text = String::new();
    for_each_block_name(func, |b, name| {
        text.clear();
        write!(text, ".L{}.{name}", func.name).unwrap();
        let start = labels.text.len();
        push_symbol(&mut labels.text, &text);
        if may_collide {
            let mut n = 1;
            while used_labels.contains(&labels.text[start..]) {
                text.clear();
                write!(text, ".L{}.{name}.{n}", func.name).unwrap();
                labels.text.truncate(start);
                push_symbol(&mut labels.text, &text);
                n += 1;
            }
            used_labels.insert(labels.text[start..].to_string());
        }
        labels.spans[b] = (start, labels.text.len());
    });
    labels
}

/// The labels of one function's blocks ([`block_labels`]), all in one
/// string, rather than two `String`s per block (the printer's name, then
/// the label), each an allocation and fresh memory to fault in.
pub struct BlockLabels {
    text: String,
    /// Where each block's label lies in `text`. Offsets are `usize`: a
    /// long function name repeated in every label can take the text past
    /// 4 GiB, where `u32` offsets would silently name the wrong block.
    spans: SecondaryMap<Block, (usize, usize)>,
}

impl std::ops::Index<Block> for BlockLabels {
    type Output = str;

    fn index(&self, b: Block) -> &str {
        let (start, end) = self.spans[b];
        &self.text[start..end]
    }
}

/// For each function, whether another function's name is its name
/// followed by `.` and more, or the other way round: then their block
/// labels may clash (see [`block_labels`]).
///
/// The part of each name before each of its `.`s is looked up among the
/// names, by a hash extended a byte at a time along the name, so each name
/// is read once: hashing each such prefix on its own would read a name once
/// per dot in it, cubic in the nesting depth (a function nested 1000 deep
/// has a 1000-part name).
/// Names are compared by their 64-bit hashes alone: two different names
/// with one hash only cost the functions involved the careful labelling
/// they did not need.
pub fn label_prefix_clashes(module: &Module) -> SecondaryMap<FuncId, bool> {
    fn hash_step(hash: u64, byte: u8) -> u64 {
        (hash.rotate_left(5) ^ u64::from(byte)).wrapping_mul(0x517c_c1b7_2722_0a95)
    }
    let mut clashes = SecondaryMap::new();
    let mut by_hash: FxHashMap<u64, FuncId> = FxHashMap::default();
    for (id, func) in module.definitions() {
        let hash = func.name.bytes().fold(0, hash_step);
        if let Some(other) = by_hash.insert(hash, id) {
            clashes[id] = true;
            clashes[other] = true;
        }
    }
    for (id, func) in module.definitions() {
        let mut hash = 0;
        for byte in func.name.bytes() {
            if byte == b'.' {
                if let Some(&prefix) = by_hash.get(&hash) {
                    clashes[id] = true;
                    clashes[prefix] = true;
                }
            }
            hash = hash_step(hash, byte);
        }
    }
    clashes
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
        frame: Frame::layout(mf, alloc),
        frameless: is_frameless(mf, alloc),
        text: String::with_capacity(estimated_text_len(mf)),
        out_of_line: String::new(),
        local_labels,
        instructions: 0,
        line: 0,
        prologue_line: None,
        in_prologue: false,
        debug_labels,
    };
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
    if !e.frameless {
        out.write_all(b"\tpushq %rbp\n\t.cfi_def_cfa_offset 16\n\t.cfi_offset %rbp, -16\n")?;
        out.write_all(b"\tmovq %rsp, %rbp\n\t.cfi_def_cfa_register %rbp\n")?;
    }
    if e.frame.size > 0 {
        writeln!(out, "\tsubq ${}, %rsp", e.frame.size)?;
    }
    // The saves are described, so that a debugger unwinding to a caller
    // reads the caller's values of these registers, not this function's.
    for &(r, off) in &e.frame.saves {
        writeln!(out, "\tmovq {}, {off}(%rbp)", r.name64())?;
        writeln!(out, "\t.cfi_offset {}, {}", r.name64(), off - 16)?;
    }
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

    /// The test of a wrapping division (see [`MInst::Div`]): `cmpl $-1`
    /// and a branch to code out of line, after the function's blocks, that
    /// puts wend's result for a divisor of -1 (`-l`, or 0 for a remainder)
    /// in `d` and jumps back. Returns the label to come back to. The -1
    /// case is as rare as it is in programs, so the usual path is one
    /// predicted branch instead of two `cmov`s around the `idivl`.
    fn divisor_minus_one(&mut self, rem: bool, l: Src, divisor: Place, d: Place) -> String {
        let n = self.local_labels.next;
        self.local_labels.next += 1;
        let (away, back) = (format!(".Ldivm1_{n}"), format!(".Ldivm1_{n}_back"));
        self.ins(format_args!("cmpl $-1, {}", divisor.text(Width::W32)));
        self.ins(format_args!("je {away}"));
        // Written with the usual helpers into the out-of-line buffer, not
        // counted as the block's instructions.
        let (block_text, instructions) = (
            std::mem::replace(&mut self.text, std::mem::take(&mut self.out_of_line)),
            self.instructions,
        );
        writeln!(self.text, "{away}:").unwrap();
        if self.line != 0 && self.opts.source_file.is_some() {
            writeln!(self.text, "\t.loc 1 {}", self.line).unwrap();
        }
        if rem {
            self.mov(Width::W32, Src::Imm(0), d);
        } else {
            self.mov(Width::W32, l, d);
            self.ins(format_args!("negl {}", d.text(Width::W32)));
        }
        self.ins(format_args!("jmp {back}"));
        self.out_of_line = std::mem::replace(&mut self.text, block_text);
        self.instructions = instructions;
        back
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

    fn place(&self, v: VReg) -> Place {
        match self.alloc.loc(v) {
            Loc::Reg(r) => Place::Reg(r),
            Loc::Spill(s) => Place::Frame(self.frame.spill_base - 8 * (s as i32 + 1)),
        }
    }

    fn src(&self, op: Operand) -> Src {
        match op {
            Operand::Reg(v) => Src::Place(self.place(v)),
            Operand::Imm(i) => Src::Imm(i),
        }
    }

    fn width(&self, v: VReg) -> Width {
        self.mf.vreg_widths[v]
    }

    /// `dst = src`, through the scratch register if both are in memory.
    fn mov(&mut self, w: Width, src: Src, dst: Place) {
        if src == Src::Place(dst) {
            return;
        }
        let s = suffix(w);
        if src.is_mem() && dst.is_mem() {
            let scratch = Place::Reg(SCRATCH);
            self.ins(format_args!("mov{s} {}, {}", src.text(w), scratch.text(w)));
            self.ins(format_args!("mov{s} {}, {}", scratch.text(w), dst.text(w)));
        } else {
            self.ins(format_args!("mov{s} {}, {}", src.text(w), dst.text(w)));
        }
    }

    /// Performs the moves `(dst, src, width)` as if all at once (see
    /// [`crate::parallel_copy`]); cycles go through `%r10`, or `xchg`.
    fn parallel_move(&mut self, moves: &[(Place, Src, Width)]) {
        let mut width_at: BTreeMap<Place, Width> = BTreeMap::new();
        let mut copies = Vec::new();
        for &(dst, src, w) in moves {
            if let Src::Place(p) = src {
                width_at.insert(p, w);
                copies.push((dst, p));
            }
        }
        let scratch = Place::Reg(SCRATCH2);
        let seq = sequentialize(&copies, scratch);
        let mut k = 0;
        while k < seq.len() {
            // A swap of two registers, `scratch := a; a := b; b := scratch`,
            // is one `xchg`.
            if let [(s1, a @ Place::Reg(_)), (a2, b @ Place::Reg(_)), (b2, s2)] =
                seq[k..seq.len().min(k + 3)]
            {
                if s1 == scratch && s2 == scratch && a2 == a && b2 == b {
                    // Exchange at the wider of the two widths: one of them
                    // may hold a pointer.
                    let (wa, wb) = (width_at[&a], width_at[&b]);
                    let w = if wa == Width::W64 || wb == Width::W64 {
                        Width::W64
                    } else {
                        Width::W32
                    };
                    width_at.insert(a, wb);
                    width_at.insert(b, wa);
                    self.ins(format_args!(
                        "xchg{} {}, {}",
                        suffix(w),
                        b.text(w),
                        a.text(w)
                    ));
                    k += 3;
                    continue;
                }
            }
            let (dst, src) = seq[k];
            let w = width_at[&src];
            width_at.insert(dst, w);
            self.mov(w, Src::Place(src), dst);
            k += 1;
        }
        // Constants last: their destinations may have been sources above.
        for &(dst, src, w) in moves {
            if let Src::Imm(_) = src {
                self.mov(w, src, dst);
            }
        }
    }

    fn block(&mut self, b: Block) -> BlockCode {
        let start = self.text.len();
        self.instructions = 0;
        let labels_before = self.local_labels.next;
        self.line = 0;
        self.in_prologue = false;
        if let (Some(line), true) = (self.prologue_line, b == self.mf.layout[0]) {
            self.line = line;
            self.in_prologue = true;
        }
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
                self.compare(lhs, rhs);
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
            defines_labels: self.local_labels.next != labels_before,
            exit,
        }
    }

    fn epilogue(&mut self) {
        self.directive(".cfi_remember_state");
        for (r, off) in self.frame.saves.clone() {
            self.ins(format_args!("movq {off}(%rbp), {}", r.name64()));
        }
        if !self.frameless {
            self.ins(format_args!("leave"));
            self.directive(".cfi_def_cfa %rsp, 8");
        }
        self.ins(format_args!("ret"));
        self.directive(".cfi_restore_state");
    }

    /// Sets the flags from `lhs - rhs`.
    fn compare(&mut self, lhs: VReg, rhs: Operand) {
        let l = self.place(lhs);
        let r = self.src(rhs);
        match (l, r) {
            (Place::Reg(reg), Src::Imm(0)) => {
                self.ins(format_args!("testl {0}, {0}", reg.name32()))
            }
            (l, r) if l.is_mem() && r.is_mem() => {
                let scratch = Place::Reg(SCRATCH);
                self.mov(Width::W32, Src::Place(l), scratch);
                self.ins(format_args!(
                    "cmpl {}, {}",
                    r.text(Width::W32),
                    scratch.text(Width::W32)
                ));
            }
            (l, r) => self.ins(format_args!(
                "cmpl {}, {}",
                r.text(Width::W32),
                l.text(Width::W32)
            )),
        }
    }

    /// The text of a memory operand, loading a spilled pointer into `%r10`.
    fn address(&mut self, addr: Addr) -> MemOperand {
        match addr {
            Addr::Slot(slot) => MemOperand::Frame(self.frame.slot_offset(slot)),
            Addr::Ptr(p) => match self.place(p) {
                Place::Reg(r) => MemOperand::Ptr(r),
                spilled => {
                    self.mov(Width::W64, Src::Place(spilled), Place::Reg(SCRATCH2));
                    MemOperand::Ptr(SCRATCH2)
                }
            },
        }
    }

    fn inst(&mut self, inst: &MInst) {
        match inst {
            MInst::DebugValue { .. } => {}
            MInst::Note { inst, line } => {
                if let Some(func) = self.comments_ir {
                    let text = inst_text(self.module, func, self.names(), *inst);
                    self.comment(&text);
                }
                self.loc(*line);
            }
            MInst::Params { dsts } => {
                let moves: Vec<_> = dsts
                    .iter()
                    .enumerate()
                    .map(|(k, &d)| {
                        let abi = match ARG_REGS.get(k) {
                            Some(&r) => Place::Reg(r),
                            None => Place::Frame(16 + 8 * (k - ARG_REGS.len()) as i32),
                        };
                        (self.place(d), Src::Place(abi), self.width(d))
                    })
                    .collect();
                self.parallel_move(&moves);
            }
            MInst::Copy { dst, src } => {
                let (d, s) = (self.place(*dst), self.src(*src));
                self.mov(self.width(*dst), s, d);
            }
            MInst::Alu { op, dst, lhs, rhs } => self.alu(*op, *dst, *lhs, *rhs),
            MInst::Div {
                rem,
                wraps,
                dst,
                lhs,
                rhs,
            } => {
                let divisor = match self.src(*rhs) {
                    Src::Place(p @ Place::Reg(r)) if r != PReg::Rax && r != PReg::Rdx => p,
                    Src::Place(p @ (Place::Frame(_) | Place::Out(_))) => p,
                    other => {
                        self.mov(Width::W32, other, Place::Reg(SCRATCH));
                        Place::Reg(SCRATCH)
                    }
                };
                let l = self.src(*lhs);
                let d = self.place(*dst);
                let back = wraps.then(|| self.divisor_minus_one(*rem, l, divisor, d));
                self.mov(Width::W32, l, Place::Reg(PReg::Rax));
                self.ins(format_args!("cltd"));
                self.ins(format_args!("idivl {}", divisor.text(Width::W32)));
                let result = if *rem { PReg::Rdx } else { PReg::Rax };
                self.mov(Width::W32, Src::Place(Place::Reg(result)), d);
                if let Some(back) = back {
                    writeln!(self.text, "{back}:").unwrap();
                }
            }
            MInst::DivConst {
                rem,
                dst,
                lhs,
                divisor,
            } => self.div_const(*rem, *dst, *lhs, *divisor),
            MInst::SetCc {
                cond,
                dst,
                lhs,
                rhs,
            } => {
                self.compare(*lhs, *rhs);
                let cc = cond.suffix();
                match self.place(*dst) {
                    Place::Reg(r) => {
                        self.ins(format_args!("set{cc} {}", r.name8()));
                        self.ins(format_args!("movzbl {}, {}", r.name8(), r.name32()));
                    }
                    mem => {
                        self.ins(format_args!("set{cc} {}", SCRATCH.name8()));
                        self.ins(format_args!(
                            "movzbl {}, {}",
                            SCRATCH.name8(),
                            SCRATCH.name32()
                        ));
                        self.mov(Width::W32, Src::Place(Place::Reg(SCRATCH)), mem);
                    }
                }
            }
            MInst::Select(select) => {
                let MSelect {
                    dst,
                    cond,
                    lhs,
                    rhs,
                    if_true,
                    if_false,
                } = &**select;
                let w = self.width(*dst);
                self.compare(*lhs, *rhs);
                let (d, t, f) = (self.place(*dst), self.src(*if_true), self.src(*if_false));
                // `mov` leaves the flags alone, so the compare above stays valid.
                let target = match d {
                    Place::Reg(_) if Src::Place(d) != t => d,
                    _ => Place::Reg(SCRATCH),
                };
                self.mov(w, f, target);
                let t = match t {
                    Src::Place(p) => p,
                    imm => {
                        self.mov(w, imm, Place::Reg(SCRATCH2));
                        Place::Reg(SCRATCH2)
                    }
                };
                self.ins(format_args!(
                    "cmov{}{} {}, {}",
                    cond.suffix(),
                    suffix(w),
                    t.text(w),
                    target.text(w)
                ));
                self.mov(w, Src::Place(target), d);
            }
            MInst::LeaSlot { dst, slot } => {
                let addr = MemOperand::Frame(self.frame.slot_offset(*slot));
                self.lea(*dst, addr);
            }
            MInst::LeaStr { dst, string } => {
                let label = string_label(string.as_u32() as usize);
                self.lea(*dst, format_args!("{label}(%rip)"));
            }
            MInst::Load { dst, addr, width } => {
                let a = self.address(*addr);
                let d = self.place(*dst);
                let target = if d.is_mem() { Place::Reg(SCRATCH) } else { d };
                let op = match width {
                    MemWidth::Long => "movl",
                    MemWidth::Byte => "movzbl",
                    MemWidth::Quad => unreachable!("no value is loaded as 8 bytes"),
                };
                self.ins(format_args!("{op} {a}, {}", target.text(Width::W32)));
                self.mov(Width::W32, Src::Place(target), d);
            }
            MInst::Store { src, addr, width } => {
                let a = self.address(*addr);
                let (op, w) = match width {
                    MemWidth::Long => ("movl", Width::W32),
                    MemWidth::Byte => ("movb", Width::W32),
                    MemWidth::Quad => ("movq", Width::W64),
                };
                let reg = match self.src(*src) {
                    Src::Imm(i) if *width == MemWidth::Byte => {
                        return self.ins(format_args!("{op} ${}, {a}", i as u8));
                    }
                    Src::Imm(i) => return self.ins(format_args!("{op} ${i}, {a}")),
                    Src::Place(Place::Reg(r)) => r,
                    Src::Place(mem) => {
                        self.mov(w, Src::Place(mem), Place::Reg(SCRATCH));
                        SCRATCH
                    }
                };
                let s = match width {
                    MemWidth::Byte => reg.name8(),
                    MemWidth::Long => reg.name32(),
                    MemWidth::Quad => reg.name64(),
                };
                self.ins(format_args!("{op} {s}, {a}"));
            }
            MInst::Call(call) => {
                let MCall { callee, args, ret } = &**call;
                let moves: Vec<_> = args
                    .iter()
                    .enumerate()
                    .map(|(k, &a)| {
                        let abi = match ARG_REGS.get(k) {
                            Some(&r) => Place::Reg(r),
                            None => Place::Out(8 * (k - ARG_REGS.len()) as i32),
                        };
                        let w = match a {
                            Operand::Reg(v) => self.width(v),
                            Operand::Imm(_) => Width::W32,
                        };
                        (abi, self.src(a), w)
                    })
                    .collect();
                self.parallel_move(&moves);
                self.ins(format_args!("call {}", symbol(callee)));
                if let Some(r) = ret {
                    let d = self.place(*r);
                    self.mov(self.width(*r), Src::Place(Place::Reg(PReg::Rax)), d);
                }
            }
            MInst::ParallelMove { moves } => {
                if self.opts.comments {
                    let text: Vec<String> = moves
                        .iter()
                        .map(|(d, s)| {
                            format!(
                                "{} <- {}",
                                self.describe(Operand::Reg(*d)),
                                self.describe(*s)
                            )
                        })
                        .collect();
                    self.comment(&format!("phi copies: {}", text.join(", ")));
                }
                let moves: Vec<_> = moves
                    .iter()
                    .map(|&(d, s)| (self.place(d), self.src(s), self.width(d)))
                    .collect();
                self.parallel_move(&moves);
            }
        }
    }

    /// An operand's location, for comments.
    fn describe(&self, op: Operand) -> String {
        match op {
            Operand::Reg(v) => self.place(v).text(self.width(v)).to_string(),
            Operand::Imm(i) => format!("${i}"),
        }
    }

    fn lea(&mut self, dst: VReg, addr: impl fmt::Display) {
        match self.place(dst) {
            Place::Reg(r) => self.ins(format_args!("leaq {addr}, {}", r.name64())),
            mem => {
                self.ins(format_args!("leaq {addr}, {}", SCRATCH.name64()));
                self.mov(Width::W64, Src::Place(Place::Reg(SCRATCH)), mem);
            }
        }
    }

    /// `dst = lhs / divisor` or `lhs % divisor` without `idiv` (see
    /// [`crate::divconst`]). The remainder is `lhs - q * divisor`, with `q`
    /// computed in `%r11`.
    fn div_const(&mut self, rem: bool, dst: VReg, lhs: VReg, divisor: i32) {
        let strategy = DivStrategy::for_divisor(divisor).expect("division by constant zero");
        let (x, d) = (self.place(lhs), self.place(dst));
        if !rem {
            let q = match d {
                Place::Reg(r) => r,
                _ => SCRATCH,
            };
            self.quotient(q, x, strategy);
            self.mov(Width::W32, Src::Place(Place::Reg(q)), d);
            return;
        }
        // The remainder does not depend on the divisor's sign: divide by
        // |divisor| (INT_MIN stays as it is).
        let divisor = divisor.checked_abs().unwrap_or(divisor);
        let strategy = DivStrategy::for_divisor(divisor).unwrap();
        self.quotient(SCRATCH, x, strategy);
        let q = SCRATCH.name32();
        match strategy {
            DivStrategy::Shift { k, .. } => self.ins(format_args!("shll ${k}, {q}")),
            _ => self.ins(format_args!("imull ${divisor}, {q}, {q}")),
        }
        let target = match d {
            Place::Reg(_) => d,
            _ => Place::Reg(SCRATCH2),
        };
        self.mov(Width::W32, Src::Place(x), target);
        self.ins(format_args!("subl {q}, {}", target.text(Width::W32)));
        self.mov(Width::W32, Src::Place(target), d);
    }

    /// `q = x / d` into the register `q` (which may be `x`'s own), `d`
    /// being described by `strategy`; may use `%r10` besides `q`.
    fn quotient(&mut self, q: PReg, x: Place, strategy: DivStrategy) {
        let (q32, q64) = (q.name32(), q.name64());
        let t = SCRATCH2;
        let (t32, t64) = (t.name32(), t.name64());
        let negate = match strategy {
            DivStrategy::Identity { negate } => {
                self.mov(Width::W32, Src::Place(x), Place::Reg(q));
                negate
            }
            DivStrategy::IntMin => {
                self.ins(format_args!("cmpl $-2147483648, {}", x.text(Width::W32)));
                self.ins(format_args!("sete {}", t.name8()));
                self.ins(format_args!("movzbl {}, {q32}", t.name8()));
                false
            }
            DivStrategy::Shift { k, negate } => {
                // x + 2^k - 1 if x is negative, else x; then shifted.
                let bias = (1i64 << k) - 1;
                match x {
                    Place::Reg(xr) if xr != q => {
                        self.ins(format_args!("leal {bias}({}), {q32}", xr.name64()));
                        self.ins(format_args!("testl {0}, {0}", xr.name32()));
                        self.ins(format_args!("cmovnsl {}, {q32}", xr.name32()));
                    }
                    _ => {
                        self.mov(Width::W32, Src::Place(x), Place::Reg(q));
                        self.ins(format_args!("leal {bias}({q64}), {t32}"));
                        self.ins(format_args!("testl {q32}, {q32}"));
                        self.ins(format_args!("cmovsl {t32}, {q32}"));
                    }
                }
                self.ins(format_args!("sarl ${k}, {q32}"));
                negate
            }
            DivStrategy::Multiply {
                magic,
                shift,
                negate,
            } => {
                self.ins(format_args!("movslq {}, {q64}", x.text(Width::W32)));
                if magic <= i32::MAX as u32 {
                    self.ins(format_args!("imulq ${magic}, {q64}, {q64}"));
                } else {
                    // `movl` zero-extends: the 64-bit magic number.
                    self.ins(format_args!("movl ${magic}, {t32}"));
                    self.ins(format_args!("imulq {t64}, {q64}"));
                }
                // floor(x * magic / 2^shift), plus 1 if x (the product) is negative.
                self.ins(format_args!("movq {q64}, {t64}"));
                self.ins(format_args!("shrq $63, {t64}"));
                self.ins(format_args!("sarq ${shift}, {q64}"));
                self.ins(format_args!("addl {t32}, {q32}"));
                negate
            }
        };
        if negate {
            self.ins(format_args!("negl {q32}"));
        }
    }

    /// `t = p * k` (`t` a register), by a shift, an `add`, or a `lea` with
    /// scaled index where one instruction does it in one cycle, instead of
    /// the three-cycle `imul`.
    fn multiply_by_constant(&mut self, p: Place, k: i32, t: Place) {
        let w = Width::W32;
        let tt = t.text(w);
        match (k, p) {
            (0, _) => self.mov(w, Src::Imm(0), t),
            (1, _) => self.mov(w, Src::Place(p), t),
            (-1, _) => {
                self.mov(w, Src::Place(p), t);
                self.ins(format_args!("negl {tt}"));
            }
            (2, _) => {
                self.mov(w, Src::Place(p), t);
                self.ins(format_args!("addl {tt}, {tt}"));
            }
            (k, _) if k > 0 && (k as u32).is_power_of_two() => {
                self.mov(w, Src::Place(p), t);
                self.ins(format_args!("shll ${}, {tt}", k.trailing_zeros()));
            }
            (3 | 5 | 9, Place::Reg(r)) => {
                let base = r.name64();
                let scale = k - 1;
                let t64 = match t {
                    Place::Reg(tr) => tr.name32(),
                    _ => unreachable!("the target of a multiplication is a register"),
                };
                self.ins(format_args!("leal ({base},{base},{scale}), {t64}"));
            }
            _ => self.ins(format_args!("imull ${k}, {}, {tt}", p.text(w))),
        }
    }

    fn alu(&mut self, op: AluOp, dst: VReg, lhs: Operand, rhs: Operand) {
        let w = Width::W32;
        let d = self.place(dst);
        let (mut l, mut r) = (self.src(lhs), self.src(rhs));
        let scratch = Place::Reg(SCRATCH);
        if op == AluOp::Imul {
            // imull r/m, reg  or  imull $imm, r/m, reg
            let t = if d.is_mem() { scratch } else { d };
            match (l, r) {
                (Src::Place(p), Src::Imm(k)) | (Src::Imm(k), Src::Place(p)) => {
                    self.multiply_by_constant(p, k, t)
                }
                (Src::Imm(a), Src::Imm(b)) => self.mov(w, Src::Imm(a.wrapping_mul(b)), t),
                (Src::Place(pl), Src::Place(pr)) => {
                    let (pl, pr) = if Src::Place(t) == r {
                        (pr, pl)
                    } else {
                        (pl, pr)
                    };
                    self.mov(w, Src::Place(pl), t);
                    self.ins(format_args!("imull {}, {}", pr.text(w), t.text(w)));
                }
            }
            self.mov(w, Src::Place(t), d);
            return;
        }
        if op.is_commutative() && r == Src::Place(d) {
            std::mem::swap(&mut l, &mut r);
        }
        let t = if d.is_mem() || r == Src::Place(d) {
            scratch
        } else {
            d
        };
        self.mov(w, l, t);
        self.ins(format_args!(
            "{}l {}, {}",
            op.mnemonic(),
            r.text(w),
            t.text(w)
        ));
        self.mov(w, Src::Place(t), d);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Module {
        wend_ir::read::parse_module(text).expect("valid IR")
    }

    #[test]
    fn label_prefix_clashes_pair_each_name_with_the_names_under_it() {
        let names = [
            "main", "main.f", "main.f.g", "a", "a-b", "a.b", "x.y", "p", "p.q.r",
        ];
        let text: String = names
            .iter()
            .map(|n| format!("define void @{n}() {{\nentry:\n  ret void\n}}\n"))
            .collect();
        let module = parse(&text);
        let clashes = label_prefix_clashes(&module);
        let got: Vec<&str> = module
            .definitions()
            .filter(|&(id, _)| clashes[id])
            .map(|(_, f)| f.name.as_str())
            .collect();
        // `a-b` is under no other name (a `-` is not a `.`); `x.y` has no
        // function `x`; `p.q.r` is under `p` though `p.q` is not a
        // function.
        assert_eq!(
            got,
            ["main", "main.f", "main.f.g", "a", "a.b", "p", "p.q.r"]
        );
    }

    #[test]
    fn block_labels_are_the_printers_names_with_the_function() {
        let module = parse(
            "define void @f() {\nentry:\n  br label %a\na:\n  br label %a1\na1:\n  ret void\n}\n",
        );
        let (_, f) = module.definitions().next().unwrap();
        let labels = block_labels(f, false, &mut FxHashSet::default());
        let got: Vec<&str> = f.layout.iter().map(|&b| &labels[b]).collect();
        assert_eq!(got, [".Lf.entry", ".Lf.a", ".Lf.a1"]);
    }

    #[test]
    fn block_labels_taken_by_an_earlier_function_get_a_suffix() {
        let module = parse("define void @f() {\nentry:\n  br label %g.h\ng.h:\n  ret void\n}\n");
        let (_, f) = module.definitions().next().unwrap();
        let mut used: FxHashSet<String> = [".Lf.g.h", ".Lf.g.h.1"]
            .into_iter()
            .map(String::from)
            .collect();
        let labels = block_labels(f, true, &mut used);
        let got: Vec<&str> = f.layout.iter().map(|&b| &labels[b]).collect();
        assert_eq!(got, [".Lf.entry", ".Lf.g.h.2"]);
        assert!(used.contains(".Lf.entry") && used.contains(".Lf.g.h.2"));
    }

    #[test]
    fn symbols_outside_the_plain_characters_are_quoted() {
        assert_eq!(symbol("main"), "main");
        assert_eq!(symbol(".Lf.while.cond3"), ".Lf.while.cond3");
        assert_eq!(symbol("9lives"), "\"9lives\"");
        assert_eq!(symbol(r#"a"b\c"#), r#""a\"b\\c""#);
        assert_eq!(symbol(""), "\"\"");
    }
}
