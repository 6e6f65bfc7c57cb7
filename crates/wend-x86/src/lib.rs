//! wendc's native backend: x86-64 Linux executables without LLVM.
//!
//! [`compile_module`] turns a wend-ir module (alloca/load/store form, or SSA
//! with phis after mem2reg) into one GNU assembler file in AT&T syntax — the
//! program, the runtime ([`runtime`]) and `_start` — that `as` and a plain
//! `ld` turn into a static executable. Each function goes through:
//!
//! 1. CFG clean-ups on the clone: [`jump_threading`] branches directly
//!    where `&&`/`||` branch on a phi; [`if_conversion`] turns small `if`
//!    blocks that only choose values into selects (`cmov`, no
//!    mispredicted branch); [`divisibility`] tests `x % d == 0` for an
//!    odd constant `d` with a multiplication; [`sink_compares`] moves
//!    compares down to the block that uses them; [`out_of_ssa`] splits the edges that need it
//!    and describes the phi copies;
//! 2. [`isel`]: instruction selection into machine IR ([`mir`]) over
//!    virtual registers, phis becoming parallel moves, divisions by
//!    constants becoming multiplications and shifts ([`divconst`]);
//! 3. [`liveness`], [`intervals`], [`regalloc`]: linear-scan register
//!    allocation with spilling by loop-weighted cost, call-clobber
//!    constraints and copy hints;
//! 4. [`emit`]: AT&T assembly, parallel moves sequentialised by
//!    [`wend_ir::parallel_copy`], with `.loc` line information and optional comments.
//!
//! With [`Options::debug_info`] (`-g`), [`debug_info`] adds the DWARF that
//! describes the functions and their variables to gdb.
//!
//! [`compile_module`] leaves the caller's module alone (it works on a
//! copy); [`write_module`] consumes the module instead and writes
//! the assembly function by function, so that a large program never has
//! two copies of its IR, nor its whole assembly text, in memory.

pub mod debug_info;
pub mod divconst;
pub mod divisibility;
pub mod emit;
pub mod if_conversion;
pub mod intervals;
pub mod isel;
pub mod jump_threading;
pub mod liveness;
pub mod mir;
pub mod out_of_ssa;
pub mod regalloc;
pub mod regs;
pub mod runtime;
pub mod sink_compares;
pub mod var_locations;

use std::fmt::Write;
use wend_ir::Module;

/// Options of the assembly output.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The wend source file, for `.file`/`.loc` line information (none
    /// without it).
    pub source_file: Option<String>,
    /// A `# <IR instruction>` comment before the code of each instruction.
    pub comments: bool,
    /// DWARF debug information for the functions and variables (`-g`);
    /// needs `source_file`, and the functions' debug tables
    /// ([`wend_ir::debug_info`]).
    pub debug_info: Option<DebugInfoOptions>,
    /// Address the frame off `%rsp` and allocate `%rbp` like any other
    /// callee-saved register, as `-fomit-frame-pointer` does (optimised
    /// code: [`Options::at_level`]); otherwise `%rbp` is the frame pointer.
    /// Debuggers unwind either way, through the CFI directives.
    pub omit_frame_pointer: bool,
}

impl Options {
    /// The options of code optimised at `opt_level` (wendc's `-O`): above
    /// 0 the frame pointer is omitted, as gcc and clang do. The one place
    /// that ties the frame to the level: `wendc build`, `wendc explain` and
    /// the playground all start from it, so that the assembly a report
    /// shows is the assembly `build` writes at that level.
    pub fn at_level(opt_level: u8) -> Options {
        Options {
            omit_frame_pointer: opt_level > 0,
            ..Options::default()
        }
    }
}

/// What the debug information says beyond the program itself.
#[derive(Clone, Debug, Default)]
pub struct DebugInfoOptions {
    /// The directory `source_file` is relative to (the compilation's
    /// working directory), for gdb to find the source.
    pub comp_dir: String,
}

/// Machine IR and allocation of one function, for tests and debugging.
pub struct CompiledFunction {
    pub ir: wend_ir::Function,
    pub mir: mir::MFunction,
    pub alloc: regalloc::Allocation,
}

/// Step 1 of the pipeline: the CFG clean-ups, in place.
fn prepare_ir(ir: &mut wend_ir::Function) {
    jump_threading::thread_boolean_phis(ir);
    if_conversion::convert_branches_to_selects(ir);
    divisibility::test_divisibility_by_multiplication(ir);
    sink_compares::sink_compares(ir);
    out_of_ssa::split_edges(ir);
}

/// Runs the pipeline up to register allocation on one function (with a
/// frame pointer).
pub fn compile_function(module: &Module, func: &wend_ir::Function) -> CompiledFunction {
    compile_function_with(module, func, true)
}

fn compile_function_with(
    module: &Module,
    func: &wend_ir::Function,
    frame_pointer: bool,
) -> CompiledFunction {
    let mut ir = func.clone();
    prepare_ir(&mut ir);
    let mut mir = isel::select_function(&ir, module, isel::Notes::EveryInst);
    mir.frame_pointer = frame_pointer;
    let alloc = regalloc::allocate(&mir);
    CompiledFunction { ir, mir, alloc }
}

/// [`compile_function`] with the register allocator's steps recorded in
/// `trace`, the IR of the function as the backend saw it (edges split)
/// named in it, and the IR value of each virtual register that holds one.
pub fn compile_function_traced(
    module: &Module,
    func: &wend_ir::Function,
    trace: &mut impl wend_ir::trace::Trace,
) -> CompiledFunction {
    use wend_ir::trace::Event;
    let mut ir = func.clone();
    prepare_ir(&mut ir);
    trace.names(&ir);
    let (mir, named) = isel::select_function_naming(&ir, module, isel::Notes::EveryInst);
    trace.event(|| Event::ScanValues {
        vregs: named.iter().map(|&(r, v)| (r.as_u32(), v)).collect(),
    });
    let alloc = regalloc::allocate_traced(&mir, trace);
    CompiledFunction { ir, mir, alloc }
}

/// The assembly of one defined function alone (no runtime, no strings):
/// for golden tests and for looking at the code of one function.
pub fn compile_function_asm(module: &Module, func: &wend_ir::Function, opts: &Options) -> String {
    let compiled = compile_function_with(module, func, !opts.omit_frame_pointer);
    let labels = emit::block_labels(&compiled.ir);
    let mut out = Vec::new();
    emit::emit_function(
        &mut out,
        module,
        Some(&compiled.ir),
        &compiled.mir,
        &compiled.alloc,
        &labels,
        &mut emit::LocalLabels::default(),
        opts,
        None,
    )
    .expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("assembly is text")
}

/// The complete assembly file for `module`: its functions, its string
/// constants and the runtime with `_start`.
pub fn compile_module(module: &Module, opts: &Options) -> String {
    let mut out = Vec::new();
    let mut module = module.clone();
    write_module_inner(&mut module, opts, &mut out).expect("writing to a Vec cannot fail");
    String::from_utf8(out).expect("the assembly is UTF-8")
}

/// The assembly of `module`, as [`compile_module`], written to `out` one
/// function at a time. The module is consumed: each function's IR is
/// dropped once its code is written.
pub fn write_module(
    mut module: Module,
    opts: &Options,
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    write_module_inner(&mut module, opts, out)
}

fn write_module_inner(
    module: &mut Module,
    opts: &Options,
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    let mut text = String::new();
    writeln!(text, "# generated by wendc (x86-64 backend)").unwrap();
    if let Some(file) = &opts.source_file {
        let quoted = file.replace('\\', "\\\\").replace('"', "\\\"");
        writeln!(text, "\t.file \"{quoted}\"\n\t.file 1 \"{quoted}\"").unwrap();
    }
    // The runtime first: it precedes every `.loc`, so gdb does not
    // attribute it to a wend line.
    text.push_str(&runtime::runtime_asm());
    out.write_all(text.as_bytes())?;
    let mut dwarf = match (&opts.debug_info, &opts.source_file) {
        (Some(_), Some(_)) => {
            writeln!(out, "\n\t.text\n{}:", debug_info::TEXT_START)?;
            Some(debug_info::DwarfWriter::default())
        }
        _ => None,
    };
    let mut local_labels = emit::LocalLabels::default();
    let defined: Vec<_> = module.definitions().map(|(id, _)| id).collect();
    // One function at a time: its body is taken out of the module (calls
    // only need the callee's signature, which stays), compiled, written and
    // dropped, so memory peaks with the largest function, not the module.
    for id in defined {
        let stub = wend_ir::Function::declaration_like(&module.functions[id]);
        let mut ir = std::mem::replace(&mut module.functions[id], stub);
        prepare_ir(&mut ir);
        // Labelled before instruction selection: naming the blocks takes
        // memory for a while, better not when the machine IR is there too.
        let labels = emit::block_labels(&ir);
        let notes = match opts.comments {
            true => isel::Notes::EveryInst,
            false => isel::Notes::LineChanges,
        };
        let allocas: Vec<wend_ir::Value> = match (&dwarf, &ir.debug) {
            (Some(_), Some(debug)) => debug.variables.iter().filter_map(|v| v.slot).collect(),
            _ => Vec::new(),
        };
        let (mut mir, slots) = isel::select_function_with_slots(&ir, module, notes, &allocas);
        mir.frame_pointer = !opts.omit_frame_pointer;
        let debug = dwarf.as_ref().and(ir.debug.take());
        // Only assembly comments need the IR past this point: without
        // them it is freed before register allocation, the hungriest step.
        let ir = opts.comments.then_some(ir);
        let alloc = regalloc::allocate(&mir);
        // Where the variables mem2reg promoted are, instruction by
        // instruction (none at -O0, where every one has its slot).
        let (ranges, debug_labels) = match (&dwarf, &debug) {
            (Some(dwarf), Some(debug)) => {
                let prefix = format!(
                    "{}{}_",
                    var_locations::DEBUG_LABEL_PREFIX,
                    dwarf.functions()
                );
                let spill_offset = |s| emit::spill_frame_base_offset(&mir, &alloc, s);
                let (ranges, labels) = var_locations::compute(
                    &mir,
                    &alloc,
                    debug.variables.len(),
                    prefix,
                    spill_offset,
                );
                (ranges, Some(labels))
            }
            _ => (Vec::new(), None),
        };
        emit::emit_function(
            out,
            module,
            ir.as_ref(),
            &mir,
            &alloc,
            &labels,
            &mut local_labels,
            opts,
            debug_labels.as_ref(),
        )?;
        if let (Some(dwarf), Some(debug)) = (&mut dwarf, debug) {
            let mut offsets = emit::slot_frame_base_offsets(&mir, &alloc, &slots).into_iter();
            // `slots` has an entry per variable with a slot, in order.
            let locations = debug
                .variables
                .iter()
                .map(|v| v.slot.and_then(|_| offsets.next().flatten()))
                .collect();
            let end = dwarf.add_function(&mir.name, debug, locations, ranges);
            writeln!(out, "{end}:")?;
        }
    }
    text.clear();
    if let (Some(dwarf), Some(file), Some(debug)) = (dwarf, &opts.source_file, &opts.debug_info) {
        writeln!(text, "\t.text\n{}:", debug_info::TEXT_END).unwrap();
        text.push_str(&dwarf.finish(file, &debug.comp_dir));
    }
    emit::emit_strings(&mut text, module);
    text.push_str("\n\t.section .note.GNU-stack,\"\",@progbits\n");
    out.write_all(text.as_bytes())
}
