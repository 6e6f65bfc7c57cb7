//! An interpreter for the IR: runs a module's `main` with the semantics of
//! the language reference (§5, §7), so `wendc run --interp` and differential
//! testing can execute IR at any stage of the pipeline — as lowered
//! (`alloca`/`load`/`store`), in SSA form with phis after mem2reg, or
//! whatever the passes make of it.
//!
//! # How it works
//!
//! **Pre-decoding.** Walking the arenas of a [`Function`] for every executed
//! instruction would be slow, so each defined function is translated once
//! into a [`DecodedFunc`]: one dense vector of [`Op`]s (all blocks
//! concatenated in layout order; a branch target is an index into it), in
//! which every operand is the index of a *register* of the function's frame.
//! Constants, `undef`s and string addresses get registers too, pre-filled in
//! a per-function template that a call copies into the new frame, so an
//! operand is always one array access. Phis are not ops: they are *edge
//! copies*, see below. Calls to runtime routines are decoded into dedicated
//! ops. Anything that cannot be executed (a call to an unknown external, a
//! block without terminator, an edge whose target has no phi entry for it…)
//! is decoded into an [`Op::Fault`], which reports a compiler bug only if it
//! is actually reached.
//!
//! **Phis as parallel copies.** A phi reads its operand on the edge the
//! block was entered by. So every CFG edge `pred → succ` is decoded into the
//! list of copies `phi_result ← incoming value for this edge`, performed when
//! the branch is taken. The copies of one edge happen *at once*: all sources
//! are read before any destination is written. Doing them one after the other
//! would be wrong for the "swap problem" (`a = φ(…, b); b = φ(…, a)`); the
//! decoder spots edges whose copies interfere and only those go through a
//! scratch buffer.
//!
//! **Values.** A register holds a [`Val`]: a 64-bit word holding an `i32`/`i1`
//! in its low 32 bits, or a pointer (to a stack slot or to a module string),
//! plus a flag for `undef`. LLVM lets `undef` be any value, so the
//! interpreter computes with it as 0 (and prints it as 0), but a *branch* on
//! `undef` is undefined behaviour and reported. Freshly `alloca`ted memory is
//! uninitialised in LLVM: its slots hold `undef` here (the frontend
//! zero-initialises every variable, so a program only sees it after a bug).
//!
//! **Memory.** Every `alloca` pushes one slot per element on a single stack
//! of slots shared by all frames; a pointer is a slot index, so a nested
//! function can read and write its parents' variables through the pointers
//! it is passed, and an array is consecutive slots. Each slot remembers the
//! extent of its alloca, so an element pointer that leaves its array is
//! reported as bad IR where it is computed. A frame's slots are popped when
//! it returns.
//!
//! **Calls without recursion.** The interpreter keeps an explicit stack of
//! [`Frame`]s (one flat register stack shared by all frames, too): a wend call
//! pushes a frame, it does not recurse in Rust, so deep recursion in the
//! interpreted program cannot overflow the interpreter's own stack. The call
//! depth is bounded by [`MAX_CALL_DEPTH`], and the slots of all frames by
//! [`MAX_STACK_SLOTS`]; beyond either the program stops the way a native
//! one would on a stack overflow.
//!
//! # Outcome
//!
//! [`run_main`] returns the exit status the program would have:
//! * `main`'s return value (0 for wend programs) when `main` returns;
//! * [`RUNTIME_ERROR_STATUS`] (2) after `wend_div_by_zero(line)`: stdout is
//!   flushed, then stderr gets `runtime error: division by zero at line N\n`;
//! * [`STACK_OVERFLOW_STATUS`] (3) when the call depth would exceed
//!   [`MAX_CALL_DEPTH`] or the stack slots of all frames [`MAX_STACK_SLOTS`]:
//!   stdout is flushed, then stderr gets `runtime error: stack overflow\n`.
//!
//! [`Program::decode`] and [`Program::run`] split the two steps, for callers
//! that run one module many times.
//!
//! [`Program::evaluate`] runs one function of a module on constant
//! arguments instead of `main`, under a budget of steps: the optimizer
//! evaluates calls to pure functions with it.
//!
//! # Limits
//!
//! [`Program::run_limited`] runs a program that nobody has read, as
//! `wendc playground` does: it stops the program once it has executed a
//! number of ops (its *fuel*), run for a wall-clock time, printed a number
//! of bytes, or nested calls deeper than a bound ([`Limits`]), and says
//! which plainly ([`LimitHit`]: "stopped after 10 000 000 steps"). A
//! step is a transfer of control: a branch taken, a call, a return (about
//! one basic block executed). The code between two steps is straight-line
//! and bounded by the program's size, so a run that does not end takes
//! steps without end; and counting only these costs nothing in the ops
//! between them (a decrement per op slowed a tight loop by a third). The
//! fuel is spent in [`CHECK_EVERY`]-step slices, and the clock is read once
//! per slice.
//!
//! An [`InterpError`] means the IR itself cannot be executed meaningfully —
//! a compiler bug: no `main`, reaching `unreachable`, `sdiv`/`srem` by zero
//! or `INT_MIN / -1` (undefined in LLVM; the frontend guards both), a call
//! to an unknown external, a branch on `undef`, a load or store through a
//! pointer that is not a live stack slot, an element pointer outside its
//! alloca, a call two of whose pointer arguments point to the same variable
//! or, for a parameter the callee takes element pointers from, into the
//! same alloca (the IR's pointer parameters never alias: docs/03-the-ir.md).
//! It names the function, block and instruction. Output printed before it
//! has been written to stdout.

use crate::entities::{Block, FuncId, Inst, StrId, Value};
use crate::function::{Function, ValueDef};
use crate::instructions::{BinOp, IcmpCond, InstKind, Terminator};
use crate::module::Module;
use crate::print::{self, FunctionNames};
use crate::runtime::{RuntimeFn, RUNTIME_ERROR_STATUS};
use crate::types::Type;
use cranelift_entity::{EntityRef, SecondaryMap};
use std::fmt;
use std::io::{self, BufWriter, Write};

/// The deepest interpreted call stack allowed, counting `main`'s frame.
/// A million frames is well beyond what a native wend program gets from an
/// 8 MiB stack, so every program that works natively works here, and a
/// runaway recursion stops after a fraction of a second.
pub const MAX_CALL_DEPTH: usize = 1_000_000;

/// The most stack slots all frames together may hold: 128 million `i32`s
/// are 512 MiB, a native program's whole stack (wend-x86's runtime), so a
/// program whose variables fit natively fits here; beyond it (deep
/// recursion through a function with many variables or a large array) the
/// program stops as on a stack overflow. A slot costs the interpreter 16
/// bytes, its frame's registers more.
pub const MAX_STACK_SLOTS: usize = 1 << 27;

/// Exit status of a program stopped by a stack overflow (natively that is a
/// crash signal; the interpreter picks a fixed status distinct from the
/// runtime-error one).
pub const STACK_OVERFLOW_STATUS: i32 = 3;

/// The message printed to stderr on a stack overflow (without the newline).
pub const STACK_OVERFLOW_MESSAGE: &str = "runtime error: stack overflow";

/// How many steps (transfers of control) run between two looks at the
/// clock (and at the fuel).
pub const CHECK_EVERY: u64 = 1 << 16;

/// Bounds on one run of a program ([`Program::run_limited`]); `None`: no
/// bound. The default bounds nothing but the call depth, at
/// [`MAX_CALL_DEPTH`] (a stack overflow of the program, not a limit hit).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Transfers of control: branches taken, calls, returns.
    pub steps: Option<u64>,
    /// Wall-clock time, measured to within [`CHECK_EVERY`] steps.
    pub time: Option<std::time::Duration>,
    /// Bytes written to stdout.
    pub output_bytes: Option<u64>,
    /// Frames on the call stack, counting `main`'s (at most
    /// [`MAX_CALL_DEPTH`]).
    pub call_depth: Option<usize>,
}

/// Which limit stopped a run, with its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitHit {
    Steps(u64),
    Time(std::time::Duration),
    OutputBytes(u64),
    CallDepth(usize),
}

impl fmt::Display for LimitHit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LimitHit::Steps(n) => write!(f, "stopped after {} steps", grouped(n)),
            LimitHit::Time(t) => write!(
                f,
                "stopped after {} ms of running time",
                grouped(t.as_millis() as u64)
            ),
            LimitHit::OutputBytes(n) => write!(
                f,
                "stopped after printing {} bytes (the output limit)",
                grouped(n)
            ),
            LimitHit::CallDepth(n) => write!(
                f,
                "stopped at a call depth of {} (the recursion limit)",
                grouped(n as u64)
            ),
        }
    }
}

/// `10000000` as `10 000 000`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// How a limited run ended: as the program would, or at a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The program's exit status (see [`run_main`]).
    Exited(i32),
    Stopped(LimitHit),
}

/// Runs the module's `main` and returns the program's exit status; see the
/// module documentation.
pub fn run_main(
    module: &Module,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> Result<i32, InterpError> {
    Program::decode(module)?.run(stdout, stderr)
}

/// Why IR could not be executed: a compiler bug, located in the IR.
#[derive(Debug)]
pub enum InterpError {
    /// The module has no defined `main` taking no parameters.
    NoMain,
    /// Something in the IR has no meaning (see the module documentation).
    Fault(Fault),
    /// Writing the program's output failed.
    Io(io::Error),
}

/// Where and why execution stopped on IR that has no meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The symbol of the function being executed.
    pub function: String,
    /// The block being executed, and its label as printed.
    pub block: Block,
    pub block_name: String,
    /// The instruction at fault; `None` for the block's terminator.
    pub inst: Option<Inst>,
    /// The instruction or terminator as the LLVM printer writes it.
    pub what: String,
    pub message: String,
}

impl fmt::Display for InterpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InterpError::NoMain => {
                f.write_str("the module has no function `main` without parameters")
            }
            InterpError::Fault(fault) => fault.fmt(f),
            InterpError::Io(e) => write!(f, "cannot write the program's output: {e}"),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let id = match self.inst {
            Some(inst) => format!("{inst}"),
            None => "terminator".to_string(),
        };
        write!(
            f,
            "in function `{}`, block `%{}` ({}), at `{}` ({id}): {}",
            self.function, self.block_name, self.block, self.what, self.message
        )
    }
}

impl std::error::Error for InterpError {}

impl From<io::Error> for InterpError {
    fn from(e: io::Error) -> Self {
        InterpError::Io(e)
    }
}

// ---- values ---------------------------------------------------------------

/// A register or memory word. Integers (`i32`, and `i1` as 0/1) live in the
/// low 32 bits; pointers carry a tag bit and a slot index or string id;
/// [`Val::UNDEF`] sets the undef bit over a zero payload, so computing with
/// `undef` computes with 0.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Val(u64);

impl Val {
    const UNDEF_BIT: u64 = 1 << 63;
    const SLOT_TAG: u64 = 1 << 62;
    const STR_TAG: u64 = 1 << 61;
    const PAYLOAD: u64 = (1 << 48) - 1;

    const UNDEF: Val = Val(Val::UNDEF_BIT);

    fn int(x: i32) -> Val {
        Val(x as u32 as u64)
    }

    fn bool(b: bool) -> Val {
        Val(b as u64)
    }

    fn slot(index: usize) -> Val {
        Val(Val::SLOT_TAG | index as u64)
    }

    fn str(id: StrId) -> Val {
        Val(Val::STR_TAG | id.index() as u64)
    }

    /// The value as an `i32` (undef reads as 0).
    fn i32(self) -> i32 {
        self.0 as u32 as i32
    }

    /// The value as an `i1`, sign-extended the way signed LLVM operations
    /// see it: `true` is -1.
    fn i1_signed(self) -> i32 {
        -((self.0 & 1) as i32)
    }

    fn is_true(self) -> bool {
        self.0 & 1 != 0
    }

    fn is_undef(self) -> bool {
        self.0 & Val::UNDEF_BIT != 0
    }

    fn as_slot(self) -> Option<usize> {
        (self.0 & !Val::PAYLOAD == Val::SLOT_TAG).then_some((self.0 & Val::PAYLOAD) as usize)
    }

    fn as_str(self) -> Option<StrId> {
        (self.0 & !Val::PAYLOAD == Val::STR_TAG)
            .then(|| StrId::new((self.0 & Val::PAYLOAD) as usize))
    }
}

// ---- decoded form ---------------------------------------------------------

/// A register index, relative to the frame's base in the register stack.
type Reg = u32;

/// The registers of a binary operation.
#[derive(Copy, Clone, Debug)]
struct Bin {
    dst: Reg,
    lhs: Reg,
    rhs: Reg,
}

/// "No register": a call whose result is unused or absent.
const NO_REG: Reg = Reg::MAX;

/// One decoded instruction. Binary operations on `i32` get one op each (the
/// common case, dispatched by a single `match`); operations on `i1` take the
/// generic, slower path with the sign extension and masking they need.
#[derive(Copy, Clone, Debug)]
enum Op {
    Add(Bin),
    Sub(Bin),
    Mul(Bin),
    SDiv(Bin),
    SRem(Bin),
    And(Bin),
    Or(Bin),
    Xor(Bin),
    LShr(Bin),
    /// Any binary operation on `i1`.
    BinaryI1 {
        op: BinOp,
        dst: Reg,
        lhs: Reg,
        rhs: Reg,
    },
    Icmp {
        cond: IcmpCond,
        dst: Reg,
        lhs: Reg,
        rhs: Reg,
    },
    /// A signed comparison of `i1`s (`true` is -1 then).
    IcmpI1 {
        cond: IcmpCond,
        dst: Reg,
        lhs: Reg,
        rhs: Reg,
    },
    Select {
        dst: Reg,
        cond: Reg,
        if_true: Reg,
        if_false: Reg,
    },
    Alloca {
        dst: Reg,
        count: u32,
    },
    /// `dst = base + index` slots, inside `base`'s alloca.
    ElementPtr {
        dst: Reg,
        base: Reg,
        index: Reg,
    },
    Load {
        dst: Reg,
        ptr: Reg,
    },
    Store {
        value: Reg,
        ptr: Reg,
    },
    /// A call of a defined function; its arguments are
    /// `call_args[args..args + nargs]` of the caller's [`DecodedFunc`].
    Call {
        callee: u32,
        args: u32,
        nargs: u32,
        dst: Reg,
    },
    PrintInt {
        arg: Reg,
    },
    PrintBool {
        arg: Reg,
    },
    PrintStr {
        ptr: Reg,
        len: Reg,
    },
    PrintNewline,
    DivByZero {
        line: Reg,
    },
    /// Take edge `edges[edge]`.
    Jump {
        edge: u32,
    },
    CondJump {
        cond: Reg,
        then_edge: u32,
        else_edge: u32,
    },
    /// Return `value` (or nothing when it is `NO_REG`).
    Ret {
        value: Reg,
    },
    /// Stop with `faults[index]`'s message: IR that cannot be executed.
    Fault {
        index: u32,
    },
}

/// A CFG edge: where it leads, and the phi copies performed along it,
/// `copies[copies_start..copies_end]` as `(destination, source)`.
#[derive(Copy, Clone, Debug)]
struct Edge {
    target: u32,
    copies_start: u32,
    copies_end: u32,
    /// Some copy reads a register an earlier copy of the edge writes, so the
    /// sources must all be read first.
    needs_scratch: bool,
}

/// Where an op comes from, for error messages.
#[derive(Copy, Clone, Debug)]
enum Origin {
    Inst(Block, Inst),
    Terminator(Block),
}

/// A function translated for fast execution; see the module documentation.
struct DecodedFunc {
    code: Vec<Op>,
    /// The source of each op of `code`.
    origins: Vec<Origin>,
    edges: Vec<Edge>,
    copies: Vec<(Reg, Reg)>,
    call_args: Vec<Reg>,
    faults: Vec<String>,
    /// The initial registers of a frame: constants filled in, everything
    /// else `undef`. Parameters are registers `0..n`.
    template: Vec<Val>,
    returns_value: bool,
    /// The parameters (by position) the function steps off with an
    /// element pointer: base pointers, which reach more than the element
    /// they point to.
    base_params: Vec<u32>,
}

/// The positions of `func`'s parameters that some element pointer of it
/// is derived from.
fn base_params(func: &Function) -> Vec<u32> {
    let mut bases = Vec::new();
    let placed = func.layout.iter().flat_map(|&b| &func.blocks[b].insts);
    for &inst in placed {
        if let InstKind::ElementPtr { base, .. } = func.insts[inst].kind {
            if let ValueDef::Param(i) = func.values[func.pointer_base(base).root].def {
                if !bases.contains(&i) {
                    bases.push(i);
                }
            }
        }
    }
    bases
}

/// A module decoded for execution. Decoding is done once; [`Program::run`]
/// can then run the program any number of times.
pub struct Program<'m> {
    module: &'m Module,
    /// Indexed by [`FuncId`]; `None` for declarations.
    funcs: Vec<Option<DecodedFunc>>,
    main: usize,
}

impl<'m> Program<'m> {
    /// Decodes every defined function of `module`. Fails only if there is no
    /// `main` to run.
    pub fn decode(module: &'m Module) -> Result<Program<'m>, InterpError> {
        let main = module
            .find_function("main")
            .filter(|&id| {
                let f = &module.functions[id];
                !f.is_declaration() && f.params.is_empty()
            })
            .ok_or(InterpError::NoMain)?;
        let funcs = module
            .functions
            .values()
            .map(|f| (!f.is_declaration()).then(|| Decoder::new(module, f).decode()))
            .collect();
        Ok(Program {
            module,
            funcs,
            main: main.index(),
        })
    }

    /// Decodes every defined function of `module`, for [`Program::evaluate`]
    /// (a module without `main` is fine).
    pub fn decode_for_evaluation(module: &'m Module) -> Program<'m> {
        let funcs = module
            .functions
            .values()
            .map(|f| (!f.is_declaration()).then(|| Decoder::new(module, f).decode()))
            .collect();
        Program {
            module,
            funcs,
            main: usize::MAX,
        }
    }

    /// Runs `func` on `args` (its parameters' values, an `i1` as 0 or 1)
    /// and returns what it returns (0 for nothing), or `None` if it does not
    /// return within `fuel` steps, stops on a runtime error or a stack
    /// overflow, prints anything, or meets IR without meaning. Nothing of
    /// the run is visible outside.
    pub fn evaluate(&self, func: FuncId, args: &[i32], fuel: u64) -> Option<i32> {
        let f = &self.module.functions[func];
        if f.is_declaration() || f.params.len() != args.len() {
            return None;
        }
        let limits = Limits {
            steps: Some(fuel),
            ..Limits::default()
        };
        let mut machine = Machine::new(self, &limits);
        let args: Vec<Val> = args.iter().map(|&a| Val::int(a)).collect();
        let mut printed = CountingSink(0);
        match machine.run_from(func.index(), &args, &mut printed) {
            Ok(Outcome::Returned(value)) if printed.0 == 0 => Some(value),
            _ => None,
        }
    }

    /// Runs `main`; see [`run_main`].
    pub fn run(&self, stdout: &mut dyn Write, stderr: &mut dyn Write) -> Result<i32, InterpError> {
        match self.run_limited(stdout, stderr, &Limits::default())? {
            Ending::Exited(status) => Ok(status),
            Ending::Stopped(hit) => unreachable!("no limit was set, yet {hit}"),
        }
    }

    /// Runs `main` within `limits` (see the module documentation). A run
    /// stopped at a limit has written its output up to that point (the
    /// output limit's worth, at most) and nothing to `stderr`.
    pub fn run_limited(
        &self,
        stdout: &mut dyn Write,
        stderr: &mut dyn Write,
        limits: &Limits,
    ) -> Result<Ending, InterpError> {
        let mut out = Capped {
            inner: BufWriter::with_capacity(1 << 16, stdout),
            left: limits.output_bytes.unwrap_or(u64::MAX),
            hit: false,
        };
        let result = Machine::new(self, limits).run(&mut out);
        // Whatever happened, what was printed so far goes out first.
        out.inner.flush()?;
        let outcome = match result {
            Err(InterpError::Io(_)) if out.hit => {
                let cap = limits.output_bytes.expect("only a set limit is hit");
                return Ok(Ending::Stopped(LimitHit::OutputBytes(cap)));
            }
            other => other?,
        };
        match outcome {
            Outcome::Returned(status) => Ok(Ending::Exited(status)),
            Outcome::DivByZero(line) => {
                writeln!(stderr, "{}", RuntimeFn::div_by_zero_message(line))?;
                stderr.flush()?;
                Ok(Ending::Exited(RUNTIME_ERROR_STATUS))
            }
            Outcome::StackOverflow => {
                writeln!(stderr, "{STACK_OVERFLOW_MESSAGE}")?;
                stderr.flush()?;
                Ok(Ending::Exited(STACK_OVERFLOW_STATUS))
            }
            Outcome::Stopped(hit) => Ok(Ending::Stopped(hit)),
        }
    }
}

/// Translates one function into a [`DecodedFunc`].
struct Decoder<'a> {
    module: &'a Module,
    func: &'a Function,
    /// The register of each value, once it has one.
    regs: SecondaryMap<Value, Option<Reg>>,
    out: DecodedFunc,
    /// The first op of each block in the layout.
    block_start: SecondaryMap<Block, Option<u32>>,
    /// Edges that cannot be taken meaningfully, with the reason: they lead
    /// to fault ops placed after the last block.
    edge_faults: Vec<(u32, String, Origin)>,
}

impl<'a> Decoder<'a> {
    fn new(module: &'a Module, func: &'a Function) -> Self {
        let mut decoder = Decoder {
            module,
            func,
            regs: SecondaryMap::with_capacity(func.values.len()),
            out: DecodedFunc {
                code: Vec::new(),
                origins: Vec::new(),
                edges: Vec::new(),
                copies: Vec::new(),
                call_args: Vec::new(),
                faults: Vec::new(),
                template: Vec::new(),
                returns_value: func.ret.is_some(),
                base_params: base_params(func),
            },
            block_start: SecondaryMap::new(),
            edge_faults: Vec::new(),
        };
        for &p in &func.params {
            decoder.reg(p);
        }
        decoder
    }

    /// The register of `v`, allocated on first sight. Only values the code
    /// mentions get one, so values left dead in the arena by passes cost
    /// nothing at run time.
    fn reg(&mut self, v: Value) -> Reg {
        if let Some(r) = self.regs[v] {
            return r;
        }
        let initial = match self.func.values[v].def {
            ValueDef::Const(c) => Val::int(c),
            ValueDef::Str(s) => Val::str(s),
            ValueDef::Undef | ValueDef::Inst(_) | ValueDef::Param(_) => Val::UNDEF,
        };
        let r = self.out.template.len() as Reg;
        self.out.template.push(initial);
        self.regs[v] = Some(r);
        r
    }

    fn result_reg(&mut self, inst: Inst) -> Reg {
        match self.func.inst_result(inst) {
            Some(v) => self.reg(v),
            None => NO_REG,
        }
    }

    fn emit(&mut self, op: Op, origin: Origin) {
        self.out.code.push(op);
        self.out.origins.push(origin);
    }

    fn fault(&mut self, message: String, origin: Origin) {
        let index = self.out.faults.len() as u32;
        self.out.faults.push(message);
        self.emit(Op::Fault { index }, origin);
    }

    fn decode(mut self) -> DecodedFunc {
        let func = self.func;
        // Block starts are needed before any branch is decoded, and a
        // block's length is known up front: one op per ordinary instruction
        // (debug values, which do nothing, have none) plus one for the
        // terminator.
        let ops = |b: Block| {
            let insts = &func.blocks[b].insts;
            insts.len()
                - insts
                    .iter()
                    .filter(|&&i| func.insts[i].kind.is_debug_value())
                    .count()
        };
        let mut next = 0u32;
        for &b in &func.layout {
            self.block_start[b] = Some(next);
            next += ops(b) as u32 + 1;
        }
        for &b in &func.layout {
            for &inst in &func.blocks[b].insts {
                if !func.insts[inst].kind.is_debug_value() {
                    self.decode_inst(b, inst);
                }
            }
            self.decode_terminator(b);
        }
        debug_assert_eq!(self.out.code.len() as u32, next);
        for (edge, message, origin) in std::mem::take(&mut self.edge_faults) {
            self.out.edges[edge as usize].target = self.out.code.len() as u32;
            self.fault(message, origin);
        }
        self.out
    }

    fn decode_inst(&mut self, block: Block, inst: Inst) {
        let origin = Origin::Inst(block, inst);
        let kind = &self.func.insts[inst].kind;
        let needs_result = !matches!(kind, InstKind::Store { .. } | InstKind::Call { .. });
        if needs_result && self.func.inst_result(inst).is_none() {
            return self.fault("instruction without a result value".into(), origin);
        }
        let op = match kind {
            &InstKind::Alloca { count, .. } => Op::Alloca {
                dst: self.result_reg(inst),
                count,
            },
            &InstKind::ElementPtr { base, index } => Op::ElementPtr {
                dst: self.result_reg(inst),
                base: self.reg(base),
                index: self.reg(index),
            },
            InstKind::Load { ptr } => Op::Load {
                ptr: self.reg(*ptr),
                dst: self.result_reg(inst),
            },
            InstKind::Store { value, ptr } => Op::Store {
                value: self.reg(*value),
                ptr: self.reg(*ptr),
            },
            &InstKind::Binary { op, lhs, rhs } => {
                let (lhs_ty, lhs, rhs) = (self.func.value_type(lhs), self.reg(lhs), self.reg(rhs));
                let dst = self.result_reg(inst);
                match (lhs_ty, op) {
                    (Type::I1, _) => Op::BinaryI1 { op, dst, lhs, rhs },
                    (Type::I32, BinOp::Add) => Op::Add(Bin { dst, lhs, rhs }),
                    (Type::I32, BinOp::Sub) => Op::Sub(Bin { dst, lhs, rhs }),
                    (Type::I32, BinOp::Mul) => Op::Mul(Bin { dst, lhs, rhs }),
                    (Type::I32, BinOp::SDiv) => Op::SDiv(Bin { dst, lhs, rhs }),
                    (Type::I32, BinOp::SRem) => Op::SRem(Bin { dst, lhs, rhs }),
                    (Type::I32, BinOp::And) => Op::And(Bin { dst, lhs, rhs }),
                    (Type::I32, BinOp::Or) => Op::Or(Bin { dst, lhs, rhs }),
                    (Type::I32, BinOp::Xor) => Op::Xor(Bin { dst, lhs, rhs }),
                    (Type::I32, BinOp::LShr) => Op::LShr(Bin { dst, lhs, rhs }),
                    (ty, _) => return self.fault(format!("`{op}` on {ty}"), origin),
                }
            }
            &InstKind::Icmp { cond, lhs, rhs } => {
                let lhs_ty = self.func.value_type(lhs);
                let (lhs, rhs, dst) = (self.reg(lhs), self.reg(rhs), self.result_reg(inst));
                if lhs_ty == Type::I1 {
                    Op::IcmpI1 {
                        cond,
                        dst,
                        lhs,
                        rhs,
                    }
                } else {
                    Op::Icmp {
                        cond,
                        dst,
                        lhs,
                        rhs,
                    }
                }
            }
            &InstKind::Select {
                cond,
                if_true,
                if_false,
            } => Op::Select {
                cond: self.reg(cond),
                if_true: self.reg(if_true),
                if_false: self.reg(if_false),
                dst: self.result_reg(inst),
            },
            InstKind::Call { callee, args } => return self.decode_call(origin, *callee, args),
            InstKind::Phi { .. } => {
                return self.fault("phi among the ordinary instructions".into(), origin)
            }
            InstKind::DebugValue { .. } => unreachable!("debug values are not decoded"),
        };
        self.emit(op, origin);
    }

    fn decode_call(&mut self, origin: Origin, callee: FuncId, args: &[Value]) {
        let Origin::Inst(_, inst) = origin else {
            unreachable!("calls are instructions")
        };
        let target = &self.module.functions[callee];
        if args.len() != target.params.len() {
            let message = format!(
                "call of `{}` with {} arguments, it takes {}",
                target.name,
                args.len(),
                target.params.len()
            );
            return self.fault(message, origin);
        }
        let dst = self.result_reg(inst);
        if dst != NO_REG && target.ret.is_none() {
            let message = format!("the result of void function `{}` is used", target.name);
            return self.fault(message, origin);
        }
        let regs: Vec<Reg> = args.iter().map(|&a| self.reg(a)).collect();
        let op = if !target.is_declaration() {
            let start = self.out.call_args.len() as u32;
            self.out.call_args.extend_from_slice(&regs);
            Op::Call {
                callee: callee.index() as u32,
                args: start,
                nargs: regs.len() as u32,
                dst,
            }
        } else {
            match RuntimeFn::from_symbol(&target.name) {
                Some(RuntimeFn::PrintInt) => Op::PrintInt { arg: regs[0] },
                Some(RuntimeFn::PrintBool) => Op::PrintBool { arg: regs[0] },
                Some(RuntimeFn::PrintStr) => Op::PrintStr {
                    ptr: regs[0],
                    len: regs[1],
                },
                Some(RuntimeFn::PrintNewline) => Op::PrintNewline,
                Some(RuntimeFn::DivByZero) => Op::DivByZero { line: regs[0] },
                None => {
                    let message = format!("call of unknown external function `{}`", target.name);
                    return self.fault(message, origin);
                }
            }
        };
        self.emit(op, origin);
    }

    fn decode_terminator(&mut self, block: Block) {
        let origin = Origin::Terminator(block);
        let func = self.func;
        let op = match func.blocks[block].terminator.as_ref() {
            None => return self.fault("block without terminator".into(), origin),
            Some(&Terminator::Br { dest }) => Op::Jump {
                edge: self.decode_edge(block, dest, 0),
            },
            Some(&Terminator::CondBr {
                cond,
                then_dest,
                else_dest,
            }) => {
                let cond = self.reg(cond);
                let then_edge = self.decode_edge(block, then_dest, 0);
                // The second of two edges to the same block uses the second
                // phi entries for `block`.
                let occurrence = usize::from(then_dest == else_dest);
                let else_edge = self.decode_edge(block, else_dest, occurrence);
                Op::CondJump {
                    cond,
                    then_edge,
                    else_edge,
                }
            }
            Some(Terminator::Ret { value }) => {
                let value = match *value {
                    Some(v) => self.reg(v),
                    None => NO_REG,
                };
                if (value != NO_REG) != self.out.returns_value {
                    let message = "return does not match the function's return type".to_string();
                    return self.fault(message, origin);
                }
                Op::Ret { value }
            }
            Some(Terminator::Unreachable) => {
                return self.fault("executed `unreachable`".into(), origin)
            }
        };
        self.emit(op, origin);
    }

    /// Decodes the edge `from → to` (the `occurrence`-th one if `from`
    /// branches to `to` twice) with its phi copies. An edge that cannot be
    /// taken meaningfully leads to a fault op, so the error surfaces only if
    /// the edge is taken.
    fn decode_edge(&mut self, from: Block, to: Block, occurrence: usize) -> u32 {
        let copies_start = self.out.copies.len() as u32;
        let mut problem = None;
        let target = self.block_start[to];
        if target.is_none() {
            problem = Some(format!("branch to {to}, which is not in the layout"));
        } else {
            for &phi in &self.func.blocks[to].phis {
                let InstKind::Phi { incoming } = &self.func.insts[phi].kind else {
                    problem = Some(format!("{phi} in the phis of {to} is not a phi"));
                    break;
                };
                let mut entries = incoming.iter().filter(|&&(b, _)| b == from);
                let Some(&(_, source)) = entries.clone().nth(occurrence).or_else(|| entries.next())
                else {
                    problem = Some(format!("phi {phi} of {to} has no entry for {from}"));
                    break;
                };
                let Some(result) = self.func.inst_result(phi) else {
                    problem = Some(format!("phi {phi} of {to} has no result"));
                    break;
                };
                let dst = self.reg(result);
                let src = self.reg(source);
                self.out.copies.push((dst, src));
            }
        }
        let target = match (problem, target) {
            (None, Some(target)) => target,
            (problem, _) => {
                self.out.copies.truncate(copies_start as usize);
                let edge = self.out.edges.len() as u32;
                let message = problem.unwrap_or_default();
                self.edge_faults
                    .push((edge, message, Origin::Terminator(from)));
                // Patched by `decode` once the fault op exists.
                u32::MAX
            }
        };
        let copies = &self.out.copies[copies_start as usize..];
        // Sequential copying is wrong if a copy reads a register that an
        // earlier copy of the same edge has overwritten.
        let needs_scratch = copies
            .iter()
            .enumerate()
            .any(|(i, &(dst, _))| copies[i + 1..].iter().any(|&(_, src)| src == dst));
        let edge = Edge {
            target,
            copies_start,
            copies_end: self.out.copies.len() as u32,
            needs_scratch,
        };
        self.out.edges.push(edge);
        (self.out.edges.len() - 1) as u32
    }
}

// ---- execution ------------------------------------------------------------

/// How a run ended, short of a fault.
enum Outcome {
    Returned(i32),
    DivByZero(i32),
    StackOverflow,
    Stopped(LimitHit),
}

/// An output that keeps only how many bytes were written to it.
struct CountingSink(usize);

impl Write for CountingSink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The program's stdout, which refuses bytes past the output limit: the
/// write that would cross it writes what fits and fails, and `hit` tells
/// that failure from a real one.
struct Capped<W: Write> {
    inner: W,
    left: u64,
    hit: bool,
}

impl<W: Write> Write for Capped<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if buf.len() as u64 > self.left {
            let fits = self.left as usize;
            self.inner.write_all(&buf[..fits])?;
            self.left = 0;
            self.hit = true;
            return Err(io::Error::other("the output limit"));
        }
        let n = self.inner.write(buf)?;
        self.left -= n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// The fuel and clock of a limited run, looked at every [`CHECK_EVERY`]
/// steps (the steps left before the next look are a local of the
/// interpreter loop, so that they stay in a register).
struct Budget {
    /// Steps not yet handed out in slices.
    fuel: u64,
    started: std::time::Instant,
    limits: Limits,
}

impl Budget {
    /// Called when a slice of steps is spent: the next slice, or the limit
    /// that stops the run.
    #[cold]
    fn next_slice(&mut self) -> Result<u64, LimitHit> {
        if self.fuel == 0 {
            return Err(LimitHit::Steps(self.limits.steps.unwrap_or(u64::MAX)));
        }
        if let Some(time) = self.limits.time {
            if self.started.elapsed() >= time {
                return Err(LimitHit::Time(time));
            }
        }
        let slice = self.fuel.min(CHECK_EVERY);
        self.fuel -= slice;
        Ok(slice)
    }
}

/// The state of a suspended caller: where to resume, and where its frame
/// lives in the register and slot stacks.
struct Frame {
    func: usize,
    /// The op after the call.
    pc: usize,
    /// Where the caller's registers start in the register stack.
    base: usize,
    /// Where the caller's stack slots start in the slot stack.
    mem_base: usize,
    /// The caller's register receiving the return value, or `NO_REG`.
    ret_dst: Reg,
}

/// The running state of a [`Program`].
struct Machine<'p, 'm> {
    program: &'p Program<'m>,
    /// The registers of all frames, each frame's on top of its caller's.
    regs: Vec<Val>,
    /// The stack slots `alloca` creates, for all frames.
    memory: Vec<Val>,
    /// For each slot of `memory`, the slots of its alloca: `start..end`.
    extents: Vec<(u32, u32)>,
    /// The suspended callers; the running function is not on it.
    frames: Vec<Frame>,
    /// Holds the sources of a parallel copy that needs it.
    scratch: Vec<Val>,
    /// Per stack slot, the number of the last call with an argument
    /// pointing to it (`call_number`): finds two arguments of one call
    /// pointing to the same slot in one pass over the arguments.
    slot_passed_in: Vec<u32>,
    call_number: u32,
    limits: Limits,
    /// The deepest call stack allowed, counting `main`'s frame.
    max_depth: usize,
}

impl<'p, 'm> Machine<'p, 'm> {
    fn new(program: &'p Program<'m>, limits: &Limits) -> Self {
        Machine {
            program,
            regs: Vec::new(),
            memory: Vec::new(),
            extents: Vec::new(),
            frames: Vec::new(),
            scratch: Vec::new(),
            slot_passed_in: Vec::new(),
            call_number: 0,
            limits: *limits,
            max_depth: limits
                .call_depth
                .map_or(MAX_CALL_DEPTH, |d| d.min(MAX_CALL_DEPTH)),
        }
    }

    /// A stack slot that two of the arguments `args` (registers of the frame
    /// at `base`) point to, if any.
    fn shared_pointer_argument(&mut self, base: usize, args: &[Reg]) -> Option<usize> {
        self.call_number = self.call_number.wrapping_add(1);
        if self.call_number == 0 {
            self.slot_passed_in.fill(0);
            self.call_number = 1;
        }
        for &arg in args {
            let Some(slot) = self.regs[base + arg as usize].as_slot() else {
                continue;
            };
            if slot >= self.slot_passed_in.len() {
                self.slot_passed_in.resize(slot + 1, 0);
            }
            if self.slot_passed_in[slot] == self.call_number {
                return Some(slot);
            }
            self.slot_passed_in[slot] = self.call_number;
        }
        None
    }

    /// A pointer argument of `args` (registers of the frame at `base`)
    /// that points into the same alloca as the argument for one of
    /// `bases`, the callee's base pointer parameters: as positions.
    fn shares_base_alloca(&self, base: usize, args: &[Reg], bases: &[u32]) -> Option<(u32, usize)> {
        let alloca = |arg: Reg| {
            let slot = self.regs[base + arg as usize].as_slot()?;
            self.extents.get(slot).map(|&(start, _)| start)
        };
        bases.iter().find_map(|&b| {
            let of_base = alloca(args[b as usize])?;
            (0..args.len())
                .find(|&j| j != b as usize && alloca(args[j]) == Some(of_base))
                .map(|j| (b, j))
        })
    }

    fn decoded(&self, func: usize) -> &'p DecodedFunc {
        self.program.funcs[func]
            .as_ref()
            .expect("calls of declarations are decoded as runtime ops")
    }

    /// The interpreter loop: runs `main` to completion.
    fn run(&mut self, out: &mut dyn Write) -> Result<Outcome, InterpError> {
        self.run_from(self.program.main, &[], out)
    }

    /// Runs function `start` on `args` to completion.
    fn run_from(
        &mut self,
        start: usize,
        args: &[Val],
        out: &mut dyn Write,
    ) -> Result<Outcome, InterpError> {
        let strings = &self.program.module.strings;
        // The running function's state, kept in locals for speed.
        let mut func = start;
        let mut f = self.decoded(func);
        let mut pc = 0usize;
        let mut base = 0usize;
        let mut mem_base = 0usize;
        self.regs.extend_from_slice(&f.template);
        self.regs[..args.len()].copy_from_slice(args);
        let mut budget = Budget {
            fuel: self.limits.steps.unwrap_or(u64::MAX),
            started: std::time::Instant::now(),
            limits: self.limits,
        };
        // Steps left in this slice.
        let mut slice = 0u64;
        // Takes a step, or stops the run if the limits allow no more.
        macro_rules! step {
            () => {
                if slice == 0 {
                    match budget.next_slice() {
                        Ok(next) => slice = next,
                        Err(hit) => return Ok(Outcome::Stopped(hit)),
                    }
                }
                slice -= 1;
            };
        }

        loop {
            let op = f.code[pc];
            pc += 1;
            let r = &mut self.regs[base..];
            match op {
                Op::Add(Bin { dst, lhs, rhs }) => {
                    r[dst as usize] =
                        Val::int(r[lhs as usize].i32().wrapping_add(r[rhs as usize].i32()))
                }
                Op::Sub(Bin { dst, lhs, rhs }) => {
                    r[dst as usize] =
                        Val::int(r[lhs as usize].i32().wrapping_sub(r[rhs as usize].i32()))
                }
                Op::Mul(Bin { dst, lhs, rhs }) => {
                    r[dst as usize] =
                        Val::int(r[lhs as usize].i32().wrapping_mul(r[rhs as usize].i32()))
                }
                Op::SDiv(Bin { dst, lhs, rhs }) | Op::SRem(Bin { dst, lhs, rhs }) => {
                    let (a, b) = (r[lhs as usize].i32(), r[rhs as usize].i32());
                    let result = if matches!(op, Op::SDiv(_)) {
                        a.checked_div(b)
                    } else {
                        a.checked_rem(b)
                    };
                    match result {
                        Some(v) => r[dst as usize] = Val::int(v),
                        None => return Err(self.fault(func, pc - 1, division_fault(a, b))),
                    }
                }
                Op::And(Bin { dst, lhs, rhs }) => {
                    r[dst as usize] = Val::int(r[lhs as usize].i32() & r[rhs as usize].i32())
                }
                Op::Or(Bin { dst, lhs, rhs }) => {
                    r[dst as usize] = Val::int(r[lhs as usize].i32() | r[rhs as usize].i32())
                }
                Op::Xor(Bin { dst, lhs, rhs }) => {
                    r[dst as usize] = Val::int(r[lhs as usize].i32() ^ r[rhs as usize].i32())
                }
                Op::LShr(Bin { dst, lhs, rhs }) => {
                    let (a, b) = (r[lhs as usize].i32(), r[rhs as usize].i32());
                    match BinOp::LShr.fold(Type::I32, a, b) {
                        Some(v) => r[dst as usize] = Val::int(v),
                        None => {
                            let message = format!(
                                "`lshr` by {b}, outside 0 to 31 (undefined in LLVM; the optimizer \
                                 only shifts by constants in range)"
                            );
                            return Err(self.fault(func, pc - 1, message));
                        }
                    }
                }
                Op::BinaryI1 { op, dst, lhs, rhs } => {
                    let (a, b) = (r[lhs as usize].i1_signed(), r[rhs as usize].i1_signed());
                    match op.fold(Type::I1, a, b) {
                        Some(v) => r[dst as usize] = Val::bool(v != 0),
                        None => return Err(self.fault(func, pc - 1, division_fault(a, b))),
                    }
                }
                Op::Icmp {
                    cond,
                    dst,
                    lhs,
                    rhs,
                } => {
                    r[dst as usize] =
                        Val::bool(cond.eval(r[lhs as usize].i32(), r[rhs as usize].i32()))
                }
                Op::IcmpI1 {
                    cond,
                    dst,
                    lhs,
                    rhs,
                } => {
                    let (a, b) = (r[lhs as usize].i1_signed(), r[rhs as usize].i1_signed());
                    r[dst as usize] = Val::bool(cond.eval(a, b))
                }
                Op::Select {
                    dst,
                    cond,
                    if_true,
                    if_false,
                } => {
                    // LLVM lets `select undef` pick either value: it reads as false.
                    let chosen = if r[cond as usize].is_true() {
                        if_true
                    } else {
                        if_false
                    };
                    r[dst as usize] = r[chosen as usize];
                }
                Op::Alloca { dst, count } => {
                    let start = self.memory.len();
                    if start + count as usize > MAX_STACK_SLOTS {
                        return Ok(Outcome::StackOverflow);
                    }
                    let extent = (start as u32, start as u32 + count);
                    r[dst as usize] = Val::slot(start);
                    self.memory.resize(start + count as usize, Val::UNDEF);
                    self.extents.resize(start + count as usize, extent);
                }
                Op::ElementPtr { dst, base, index } => {
                    let (ptr, index) = (r[base as usize], r[index as usize]);
                    let extent = ptr
                        .as_slot()
                        .and_then(|s| self.extents.get(s).map(|&e| (s, e)));
                    let element = extent.and_then(|(slot, (start, end))| {
                        let element = slot as i64 + i64::from(index.i32());
                        (i64::from(start)..i64::from(end))
                            .contains(&element)
                            .then_some(element)
                    });
                    match (element, extent) {
                        (Some(element), _) => r[dst as usize] = Val::slot(element as usize),
                        (None, Some((slot, (start, end)))) => {
                            let message = format!(
                                "element pointer {} places from slot {} of an alloca of {} \
                                 elements: outside it",
                                index.i32(),
                                slot - start as usize,
                                end - start
                            );
                            return Err(self.fault(func, pc - 1, message));
                        }
                        (None, None) => {
                            let message = format!("element pointer from a bad pointer {ptr:?}");
                            return Err(self.fault(func, pc - 1, message));
                        }
                    }
                }
                Op::Load { dst, ptr } => match r[ptr as usize].as_slot() {
                    Some(slot) if slot < self.memory.len() => r[dst as usize] = self.memory[slot],
                    _ => {
                        let message = format!("load through a bad pointer {:?}", r[ptr as usize]);
                        return Err(self.fault(func, pc - 1, message));
                    }
                },
                Op::Store { value, ptr } => match r[ptr as usize].as_slot() {
                    Some(slot) if slot < self.memory.len() => self.memory[slot] = r[value as usize],
                    _ => {
                        let message = format!("store through a bad pointer {:?}", r[ptr as usize]);
                        return Err(self.fault(func, pc - 1, message));
                    }
                },
                Op::Call {
                    callee,
                    args,
                    nargs,
                    dst,
                } => {
                    step!();
                    // The running frame plus the suspended ones, plus the new one.
                    if self.frames.len() + 2 > self.max_depth {
                        return Ok(match self.limits.call_depth {
                            Some(_) => Outcome::Stopped(LimitHit::CallDepth(self.max_depth)),
                            None => Outcome::StackOverflow,
                        });
                    }
                    let callee = callee as usize;
                    let g = self.decoded(callee);
                    let new_base = self.regs.len();
                    self.regs.extend_from_slice(&g.template);
                    let args = &f.call_args[args as usize..(args + nargs) as usize];
                    if args.len() >= 2 {
                        if let Some(slot) = self.shared_pointer_argument(base, args) {
                            let message = format!(
                                "two pointer arguments of the call point to the same \
                                 variable (stack slot {slot}); distinct pointer arguments \
                                 never alias in this IR"
                            );
                            return Err(self.fault(func, pc - 1, message));
                        }
                    }
                    if !g.base_params.is_empty() {
                        if let Some((b, j)) = self.shares_base_alloca(base, args, &g.base_params) {
                            let message = format!(
                                "pointer argument {j} of the call points into the alloca of \
                                 argument {b}, from which the callee takes element pointers; \
                                 distinct pointer arguments never alias in this IR"
                            );
                            return Err(self.fault(func, pc - 1, message));
                        }
                    }
                    for (i, &arg) in args.iter().enumerate() {
                        self.regs[new_base + i] = self.regs[base + arg as usize];
                    }
                    self.frames.push(Frame {
                        func,
                        pc,
                        base,
                        mem_base,
                        ret_dst: dst,
                    });
                    (func, f, pc, base, mem_base) = (callee, g, 0, new_base, self.memory.len());
                }
                Op::Ret { value } => {
                    step!();
                    let result = (value != NO_REG).then(|| r[value as usize]);
                    self.regs.truncate(base);
                    self.memory.truncate(mem_base);
                    self.extents.truncate(mem_base);
                    let Some(caller) = self.frames.pop() else {
                        // `main` returned: its result is the exit status.
                        return Ok(Outcome::Returned(result.map_or(0, Val::i32)));
                    };
                    (func, pc, base, mem_base) =
                        (caller.func, caller.pc, caller.base, caller.mem_base);
                    f = self.decoded(func);
                    if caller.ret_dst != NO_REG {
                        // Decoding checked that value-returning calls only
                        // target functions with a return type.
                        self.regs[base + caller.ret_dst as usize] = result.unwrap_or(Val::UNDEF);
                    }
                }
                Op::PrintInt { arg } => write!(out, "{}", r[arg as usize].i32())?,
                Op::PrintBool { arg } => out.write_all(if r[arg as usize].is_true() {
                    b"true"
                } else {
                    b"false"
                })?,
                Op::PrintStr { ptr, len } => {
                    let bytes = r[ptr as usize].as_str().map(|s| &strings[s]);
                    let len = usize::try_from(r[len as usize].i32()).ok();
                    match (bytes, len) {
                        (Some(bytes), Some(len)) if len <= bytes.len() => {
                            out.write_all(&bytes[..len])?
                        }
                        _ => {
                            let message = "wend_print_str of a bad string or length".to_string();
                            return Err(self.fault(func, pc - 1, message));
                        }
                    }
                }
                Op::PrintNewline => out.write_all(b"\n")?,
                Op::DivByZero { line } => return Ok(Outcome::DivByZero(r[line as usize].i32())),
                Op::Jump { edge } => {
                    step!();
                    pc = take_edge(f, edge, r, &mut self.scratch)
                }
                Op::CondJump {
                    cond,
                    then_edge,
                    else_edge,
                } => {
                    let cond = r[cond as usize];
                    if cond.is_undef() {
                        return Err(self.fault(func, pc - 1, "branch on undef".into()));
                    }
                    let edge = if cond.is_true() { then_edge } else { else_edge };
                    step!();
                    pc = take_edge(f, edge, r, &mut self.scratch);
                }
                Op::Fault { index } => {
                    let message = f.faults[index as usize].clone();
                    return Err(self.fault(func, pc - 1, message));
                }
            }
        }
    }

    /// The error for op `pc` of function `func`.
    fn fault(&self, func: usize, pc: usize, message: String) -> InterpError {
        let function = &self.program.module.functions[FuncId::new(func)];
        let (block, inst) = match self.decoded(func).origins[pc] {
            Origin::Inst(block, inst) => (block, Some(inst)),
            Origin::Terminator(block) => (block, None),
        };
        // The names and text the LLVM printer uses, so the message can be
        // matched against `wendc --emit-llvm` output.
        let names = FunctionNames::compute(function);
        let what = match (inst, &function.blocks[block].terminator) {
            (Some(inst), _) => print::inst_text(self.program.module, function, &names, inst),
            (None, Some(term)) => print::terminator_text(function, &names, term),
            (None, None) => "(no terminator)".to_string(),
        };
        InterpError::Fault(Fault {
            function: function.name.clone(),
            block,
            block_name: names.block(block).to_string(),
            inst,
            what,
            message,
        })
    }
}

/// Takes an edge: performs its phi copies, as one parallel copy, and
/// returns the op to continue at.
fn take_edge(f: &DecodedFunc, edge: u32, regs: &mut [Val], scratch: &mut Vec<Val>) -> usize {
    let edge = f.edges[edge as usize];
    let copies = &f.copies[edge.copies_start as usize..edge.copies_end as usize];
    if edge.needs_scratch {
        scratch.clear();
        scratch.extend(copies.iter().map(|&(_, src)| regs[src as usize]));
        for (&(dst, _), &value) in copies.iter().zip(scratch.iter()) {
            regs[dst as usize] = value;
        }
    } else {
        for &(dst, src) in copies {
            regs[dst as usize] = regs[src as usize];
        }
    }
    edge.target as usize
}

fn division_fault(dividend: i32, divisor: i32) -> String {
    if divisor == 0 {
        "division by zero in `sdiv`/`srem` (undefined in LLVM; the frontend must guard it)".into()
    } else {
        format!(
            "overflowing `sdiv`/`srem` {dividend} / {divisor} (undefined in LLVM; the frontend must guard it)"
        )
    }
}
