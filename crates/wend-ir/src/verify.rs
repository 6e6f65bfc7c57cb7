//! The IR verifier: checks the invariants every pass may assume and must
//! preserve. A failure is a compiler bug, so the error is loud: it names the
//! function, the block and the instruction, says what is wrong, and carries
//! the whole function as printed IR.
//!
//! The checks (later checks rely on earlier ones, so e.g. the type checks
//! never meet a dangling value id):
//!
//! 1. structure: the layout is non-empty, names existing blocks, each once;
//!    every block has a terminator whose targets are in the layout; nothing
//!    branches to the entry block (LLVM forbids it); each instruction is
//!    placed once; `phis` holds only phis and `insts` none; results agree
//!    with their values;
//! 2. operands: every operand exists and is a parameter, constant, `undef`
//!    or string of this function, or the result of a placed instruction;
//! 3. types: each instruction's operand and result types (as LLVM's
//!    verifier would check them), calls against the callee's signature,
//!    `ret` against the function's return type; no call passes two pointer
//!    arguments that visibly point to one place (the same pointer, or the
//!    same element of one root: pointer parameters never alias);
//! 4. phis: exactly one entry per incoming edge, as a multiset (a
//!    predecessor with two edges has two entries, with the same value), and
//!    no entries for blocks that are not predecessors;
//! 5. SSA dominance, using [`Cfg`] and [`DomTree`]: every use in a reachable
//!    block is dominated by its definition (for a phi operand, the definition
//!    dominates the end of the corresponding predecessor). Uses in
//!    unreachable blocks are exempt, as in LLVM — but no non-phi instruction
//!    may use its own result, reachable or not.
//!
//! Structure is checked first. Then one walk over the instructions checks
//! each one's operands, types and (phis aside) dominance together, so the
//! facts about an operand are fetched once: in a huge function that uses
//! its values in random order, every fetch is a cache miss. The phis and
//! the dominance of their operands come last. So the first error reported
//! is the first in layout order, structure and phi-entry errors aside.

use crate::analysis::cfg::Cfg;
use crate::analysis::dom::DomTree;
use crate::debug_info::VariableKind;
use crate::entities::{Block, FuncId, Inst, Value};
use crate::function::{Function, InstBlocks, ValueDef};
use crate::instructions::{BinOp, InstKind, Terminator, MAX_ALLOCA_COUNT};
use crate::module::Module;
use crate::prefetch::ReadAhead;
use crate::print::{inst_text, print_function, terminator_text, FunctionNames};
use crate::runtime::RuntimeFn;
use crate::types::Type;
use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::SecondaryMap;
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::OnceCell;
use std::fmt;

/// A broken invariant, located and explained.
#[derive(Clone, Debug)]
pub struct VerifyError {
    /// The function's symbol name.
    pub function: String,
    /// Where: `block %b`, plus the offending instruction's text if any.
    pub location: Option<String>,
    /// The source line of the offending instruction or terminator, 0 if
    /// unknown (for a module read from text, its line in the file).
    pub line: u32,
    pub message: String,
    /// The function as printed IR (empty for module-level errors).
    pub ir: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "IR verification failed in function @{}", self.function)?;
        if let Some(location) = &self.location {
            writeln!(f, "  at {location}")?;
        }
        writeln!(f, "  error: {}", self.message)?;
        if !self.ir.is_empty() {
            write!(f, "--- @{} ---\n{}", self.function, self.ir)?;
        }
        Ok(())
    }
}

impl std::error::Error for VerifyError {}

/// Verifies every function of the module, plus module-wide facts: function
/// names are unique and declarations of runtime routines have the runtime's
/// signatures.
pub fn verify_module(module: &Module) -> Result<(), VerifyError> {
    let mut seen = FxHashSet::default();
    for (id, func) in module.functions.iter() {
        let module_error = |message: String| VerifyError {
            function: func.name.clone(),
            location: None,
            line: 0,
            message,
            ir: print_function(module, id),
        };
        if !seen.insert(func.name.as_str()) {
            return Err(module_error(format!(
                "the module has two functions named @{}",
                func.name
            )));
        }
        if let Some(rt) = RuntimeFn::from_symbol(&func.name) {
            if func.is_declaration()
                && (func.ret.is_some() || func.param_types() != rt.param_types())
            {
                return Err(module_error(format!(
                    "runtime routine @{} is declared with the wrong signature (expected void({}))",
                    func.name,
                    rt.param_types()
                        .iter()
                        .map(Type::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
        }
        verify_function(module, id)?;
    }
    Ok(())
}

/// Verifies one function (a declaration only has its parameters checked).
pub fn verify_function(module: &Module, id: FuncId) -> Result<(), VerifyError> {
    let func = &module.functions[id];
    let verifier = Verifier {
        module,
        id,
        func,
        names: OnceCell::new(),
        sites: OnceCell::new(),
    };
    verifier.run()
}

struct Verifier<'a> {
    module: &'a Module,
    id: FuncId,
    func: &'a Function,
    /// The printed names, for error messages only: computed on the first
    /// error, as naming costs more than the checks themselves.
    names: OnceCell<FunctionNames>,
    /// Every value's type, and where each instruction result is defined;
    /// set once the structure is checked.
    sites: OnceCell<DefSites>,
}

/// Where an instruction sits: its block and its index in the block (phis
/// first, then the ordinary instructions).
type Position = (Block, u32);

/// The type of each value and, for the values defined by placed
/// instructions, the position of the instruction. Keyed by value rather than
/// instruction: checking an operand (that it is placed, its type, that its
/// definition dominates the use) then reads one small entry, which matters
/// when a huge function uses its values in random order (every read is a
/// cache miss).
struct DefSites(SecondaryMap<Value, DefSite>);

#[derive(Clone, Copy)]
struct DefSite {
    /// `None`: not defined by a placed instruction.
    block: PackedOption<Block>,
    index: u32,
    /// The value's type (of every value, copied in one sequential pass).
    ty: Type,
}

impl Default for DefSite {
    fn default() -> Self {
        DefSite {
            block: None.into(),
            index: 0,
            ty: Type::I1,
        }
    }
}

impl DefSites {
    fn get(&self, v: Value) -> Option<Position> {
        let site = self.0[v];
        site.block.expand().map(|b| (b, site.index))
    }

    /// The entry `get(v)` reads, for walks that ask for it ahead.
    fn entry(&self, v: Value) -> &DefSite {
        &self.0[v]
    }
}

type Check = Result<(), VerifyError>;

impl Verifier<'_> {
    fn names(&self) -> &FunctionNames {
        self.names.get_or_init(|| FunctionNames::compute(self.func))
    }

    fn error(&self, location: Option<String>, line: u32, message: String) -> VerifyError {
        VerifyError {
            function: self.func.name.clone(),
            location,
            line,
            message,
            ir: print_function(self.module, self.id),
        }
    }

    fn block_error(&self, b: Block, message: String) -> VerifyError {
        self.error(
            Some(format!("block %{}", self.names().block(b))),
            0,
            message,
        )
    }

    fn inst_error(&self, b: Block, inst: Inst, message: String) -> VerifyError {
        let text = inst_text(self.module, self.func, self.names(), inst);
        self.error(
            Some(format!(
                "block %{}, instruction `{text}`",
                self.names().block(b)
            )),
            self.func.insts[inst].line,
            message,
        )
    }

    fn terminator_error(&self, b: Block, message: String) -> VerifyError {
        let text = match &self.func.blocks[b].terminator {
            Some(t) => terminator_text(self.func, self.names(), t),
            None => "<none>".to_string(),
        };
        self.error(
            Some(format!(
                "block %{}, terminator `{text}`",
                self.names().block(b)
            )),
            self.func.blocks[b].terminator_line,
            message,
        )
    }

    fn value(&self, v: Value) -> &str {
        self.names().value(v)
    }

    /// The type of an operand (one that has passed `check_operand`).
    fn ty(&self, v: Value) -> Type {
        match self.sites.get() {
            Some(sites) => sites.0[v].ty,
            None => self.func.values[v].ty,
        }
    }

    fn run(&self) -> Check {
        self.check_params()?;
        if self.func.is_declaration() {
            return Ok(());
        }
        self.check_layout()?;
        let sites = self.check_placement()?;
        let sites = self.sites.get_or_init(|| sites);
        self.check_debug_slots(sites)?;
        let cfg = Cfg::compute(self.func);
        let dom = DomTree::compute(self.func, &cfg);
        for &b in &self.func.layout {
            // Dominance is checked in reachable blocks only.
            let dom = cfg.is_reachable(b).then_some(&dom);
            let data = &self.func.blocks[b];
            // A huge function's instructions use values from all over it:
            // the walk asks ahead for the sites they will read.
            let mut walk = ReadAhead::new(&data.phis, &data.insts, self.func.values.len());
            let mut index = 0u32;
            while let Some(inst) = walk.next(&self.func.insts, |v| sites.entry(v)) {
                self.check_inst(b, inst, sites)?;
                if let Some(dom) = dom {
                    self.check_inst_dominance(b, inst, index, dom, sites)?;
                }
                index += 1;
            }
            self.check_terminator(b, sites)?;
            if let Some(dom) = dom {
                self.check_terminator_dominance(b, dom, sites)?;
            }
        }
        self.check_phis(&cfg)?;
        self.check_phi_dominance(&cfg, &dom, sites)
    }

    /// Each variable of the debug table lives in an `alloca` of the entry
    /// block, or for a captured one is pointed to by a pointer parameter:
    /// anything else would show the debugger a wrong value.
    fn check_debug_slots(&self, sites: &DefSites) -> Check {
        let Some(debug) = &self.func.debug else {
            return Ok(());
        };
        let entry = self.func.layout[0];
        for var in &debug.variables {
            let Some(slot) = var.slot else { continue };
            let Some(data) = self.func.values.get(slot) else {
                return Err(self.error(
                    None,
                    0,
                    format!("the debug table names {slot}, which does not exist"),
                ));
            };
            let (ok, expected) = match (var.kind, data.def) {
                (VariableKind::Captured, def) => (
                    matches!(def, ValueDef::Param(_)) && data.ty.is_pointer(),
                    "a pointer parameter",
                ),
                // An element of an array alloca at a constant index is a
                // variable's home too (frame-arrays lays variables out so).
                (_, ValueDef::Inst(i)) => (
                    matches!(
                        self.func.insts[i].kind,
                        InstKind::Alloca { .. } | InstKind::ElementPtr { .. }
                    ) && self.func.pointer_base(slot).offset.is_some()
                        && self
                            .func
                            .alloca_count(self.func.pointer_base(slot).root)
                            .is_some()
                        && sites.get(slot).is_some_and(|(b, _)| b == entry),
                    "an alloca of the entry block",
                ),
                _ => (false, "an alloca of the entry block"),
            };
            if !ok {
                return Err(self.error(
                    None,
                    0,
                    format!(
                        "the debug table puts variable `{}` in {slot}, which is not {expected}",
                        var.name
                    ),
                ));
            }
        }
        Ok(())
    }

    fn check_params(&self) -> Check {
        for (i, &p) in self.func.params.iter().enumerate() {
            let ok = self
                .func
                .values
                .get(p)
                .is_some_and(|d| d.def == ValueDef::Param(i as u32));
            if !ok {
                return Err(self.error(
                    None,
                    0,
                    format!("parameter {i} is {p}, which is not defined as parameter {i}"),
                ));
            }
        }
        Ok(())
    }

    /// Blocks exist, appear once, are terminated and branch inside the
    /// layout but never to the entry.
    fn check_layout(&self) -> Check {
        let mut in_layout: SecondaryMap<Block, bool> =
            SecondaryMap::with_capacity(self.func.blocks.len());
        for &b in &self.func.layout {
            if self.func.blocks.get(b).is_none() {
                return Err(self.error(
                    None,
                    0,
                    format!("the layout names {b}, which does not exist"),
                ));
            }
            if std::mem::replace(&mut in_layout[b], true) {
                return Err(self.block_error(b, "the block appears twice in the layout".into()));
            }
        }
        let entry = self.func.layout[0];
        for &b in &self.func.layout {
            let Some(term) = &self.func.blocks[b].terminator else {
                return Err(self.block_error(b, "the block has no terminator".into()));
            };
            for succ in term.successors() {
                if !in_layout[succ] {
                    return Err(self.terminator_error(
                        b,
                        format!("branch to {succ}, which is not in the layout (deleted or never placed)"),
                    ));
                }
                if succ == entry {
                    return Err(self.terminator_error(
                        b,
                        format!(
                            "branch to the entry block %{}: the entry block may not have predecessors",
                            self.names().block(entry)
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Each instruction is placed once, in the right list, and its result
    /// value points back at it. Returns where each result is defined.
    fn check_placement(&self) -> Result<DefSites, VerifyError> {
        // The block each instruction was found in, to catch a second place.
        let mut placed_in: InstBlocks = SecondaryMap::with_capacity(self.func.insts.len());
        let mut sites = DefSites(SecondaryMap::with_capacity(self.func.values.len()));
        sites.0.resize(self.func.values.len());
        for (v, data) in self.func.values.iter() {
            sites.0[v].ty = data.ty;
        }
        for &b in &self.func.layout {
            let data = &self.func.blocks[b];
            for (index, &inst) in data.phis.iter().chain(&data.insts).enumerate() {
                let is_phi_slot = index < data.phis.len();
                let Some(inst_data) = self.func.insts.get(inst) else {
                    return Err(self
                        .block_error(b, format!("the block holds {inst}, which does not exist")));
                };
                if let Some(other) = placed_in[inst].expand() {
                    return Err(self.inst_error(
                        b,
                        inst,
                        format!(
                            "the instruction is placed twice (also in block %{})",
                            self.names().block(other)
                        ),
                    ));
                }
                placed_in[inst] = b.into();
                if is_phi_slot != inst_data.kind.is_phi() {
                    let message = if is_phi_slot {
                        "a non-phi instruction is in the block's phi list"
                    } else {
                        "a phi is among the block's ordinary instructions (phis go in `phis`)"
                    };
                    return Err(self.inst_error(b, inst, message.into()));
                }
                if let Some(r) = inst_data.result.expand() {
                    let ok = self
                        .func
                        .values
                        .get(r)
                        .is_some_and(|d| d.def == ValueDef::Inst(inst));
                    if !ok {
                        return Err(self.inst_error(
                            b,
                            inst,
                            format!("the result {r} is not defined as this instruction's result"),
                        ));
                    }
                    sites.0[r] = DefSite {
                        block: b.into(),
                        index: index as u32,
                        ty: sites.0[r].ty,
                    };
                }
            }
        }
        Ok(sites)
    }

    /// The operand exists and belongs to this function.
    fn check_operand(&self, v: Value, sites: &DefSites) -> Result<(), String> {
        if sites.get(v).is_some() {
            // The result of a placed instruction, which check_placement
            // found to name it as its definition: the common case, decided
            // without reading the value itself.
            return Ok(());
        }
        let Some(data) = self.func.values.get(v) else {
            return Err(format!("operand {v} does not exist"));
        };
        match data.def {
            ValueDef::Inst(def) => {
                // Not placed (a placed result has a site, seen above).
                return Err(match self.func.insts.get(def).map(|d| d.result.expand()) {
                    Some(Some(result)) if result != v => format!(
                        "operand {v} claims to be the result of {def}, whose result is {result}"
                    ),
                    _ => format!(
                        "operand {v} is the result of {def}, which is not placed in the function"
                    ),
                });
            }
            ValueDef::Param(n) => {
                if self.func.params.get(n as usize) != Some(&v) {
                    return Err(format!("operand {v} claims to be parameter {n} but is not"));
                }
            }
            ValueDef::Const(c) => match data.ty {
                Type::I32 => {}
                Type::I1 if c == 0 || c == 1 => {}
                Type::I1 => return Err(format!("i1 constant {v} has value {c}, not 0 or 1")),
                ty => {
                    return Err(format!(
                        "constant {v} has type {ty}; constants are i1 or i32"
                    ))
                }
            },
            ValueDef::Undef => {}
            ValueDef::Str(s) => {
                if self.module.strings.get(s).is_none() {
                    return Err(format!(
                        "operand {v} is the address of {s}, which does not exist"
                    ));
                }
                if data.ty != Type::PtrI8 {
                    return Err(format!("string address {v} has type {}, not i8*", data.ty));
                }
            }
        }
        Ok(())
    }

    fn check_inst(&self, b: Block, inst: Inst, sites: &DefSites) -> Check {
        let data = &self.func.insts[inst];
        let fail = |message: String| Err(self.inst_error(b, inst, message));
        let mut operand_error = None;
        data.kind.for_each_operand(|v| {
            if operand_error.is_none() {
                operand_error = self.check_operand(v, sites).err();
            }
        });
        if let Some(message) = operand_error {
            return fail(message);
        }
        if let Some(r) = data.result.expand() {
            let mut uses_own_result = false;
            data.kind.for_each_operand(|v| uses_own_result |= v == r);
            if !data.kind.is_phi() && uses_own_result {
                return fail(format!(
                    "the instruction uses its own result {}",
                    self.value(r)
                ));
            }
        }
        // The result type the instruction must have (`None`: no result).
        let expected_result: Option<Type> = match &data.kind {
            InstKind::Alloca { ty, count } => {
                if ty.is_pointer() {
                    return fail(format!("alloca of pointer type {ty}"));
                }
                if !(1..=MAX_ALLOCA_COUNT).contains(count) {
                    return fail(format!(
                        "alloca of {count} elements (from 1 to {MAX_ALLOCA_COUNT})"
                    ));
                }
                Some(ty.pointer_to())
            }
            InstKind::ElementPtr { base, index } => {
                let base_ty = self.ty(*base);
                if !base_ty.is_pointer() {
                    return fail(format!(
                        "element pointer from non-pointer {base_ty} {}",
                        self.value(*base)
                    ));
                }
                if self.ty(*index) != Type::I32 {
                    return fail(format!(
                        "the element index {} has type {}, not i32",
                        self.value(*index),
                        self.ty(*index)
                    ));
                }
                // An element outside its alloca is undefined behaviour
                // where it runs (the interpreter reports it), not broken
                // IR: constant propagation may discover one, in code that
                // may never run. The reader rejects one written by hand.
                Some(base_ty)
            }
            InstKind::Load { ptr } => match self.ty(*ptr).pointee() {
                Some(t) => Some(t),
                None => return fail(format!("load from non-pointer {}", self.value(*ptr))),
            },
            InstKind::Store { value, ptr } => {
                let pointee = self.ty(*ptr).pointee();
                if pointee != Some(self.ty(*value)) {
                    return fail(format!(
                        "store of {} {} through {} {}",
                        self.ty(*value),
                        self.value(*value),
                        self.ty(*ptr),
                        self.value(*ptr)
                    ));
                }
                None
            }
            InstKind::Binary { op, lhs, rhs } => {
                let (lt, rt) = (self.ty(*lhs), self.ty(*rhs));
                if lt != rt {
                    return fail(format!("operand types differ: {lt} and {rt}"));
                }
                let allowed = match op {
                    BinOp::And | BinOp::Or | BinOp::Xor => lt == Type::I32 || lt == Type::I1,
                    _ => lt == Type::I32,
                };
                if !allowed {
                    return fail(format!("`{op}` is not defined on {lt}"));
                }
                Some(lt)
            }
            InstKind::Icmp { lhs, rhs, .. } => {
                let (lt, rt) = (self.ty(*lhs), self.ty(*rhs));
                if lt != rt {
                    return fail(format!("compared types differ: {lt} and {rt}"));
                }
                Some(Type::I1)
            }
            InstKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                if self.ty(*cond) != Type::I1 {
                    return fail(format!(
                        "the select condition has type {}, not i1",
                        self.ty(*cond)
                    ));
                }
                let (tt, ft) = (self.ty(*if_true), self.ty(*if_false));
                if tt != ft {
                    return fail(format!(
                        "the select arms have different types: {tt} and {ft}"
                    ));
                }
                Some(tt)
            }
            InstKind::Call { callee, args } => {
                let Some(target) = self.module.functions.get(*callee) else {
                    return fail(format!("call to {callee}, which does not exist"));
                };
                if target.params.len() != args.len() {
                    return fail(format!(
                        "@{} takes {} arguments, the call passes {}",
                        target.name,
                        target.params.len(),
                        args.len()
                    ));
                }
                for (i, (&arg, &param)) in args.iter().zip(&target.params).enumerate() {
                    let param = target.values[param].ty;
                    if self.ty(arg) != param {
                        return fail(format!(
                            "argument {} of @{} must be {param}, not {} {}",
                            i + 1,
                            target.name,
                            self.ty(arg),
                            self.value(arg)
                        ));
                    }
                }
                if let Some((i, j)) = self.same_pointer_twice(args) {
                    return fail(format!(
                        "arguments {} and {} of @{} point to the same variable ({}): \
                         distinct pointer arguments of a call never alias",
                        i + 1,
                        j + 1,
                        target.name,
                        self.value(self.func.pointer_base(args[i]).root)
                    ));
                }
                target.ret
            }
            InstKind::Phi { incoming } => {
                let Some(r) = data.result.expand() else {
                    return fail("a phi without a result".into());
                };
                let ty = self.ty(r);
                for &(_, v) in incoming {
                    if self.ty(v) != ty {
                        return fail(format!(
                            "phi of type {ty} has incoming {} {}",
                            self.ty(v),
                            self.value(v)
                        ));
                    }
                }
                Some(ty)
            }
            // Its value may be anything, even deleted (see its doc).
            InstKind::DebugValue { var, .. } => {
                let known = self.func.debug.as_ref().map_or(0, |d| d.variables.len());
                if *var as usize >= known {
                    return fail(format!(
                        "debug value of variable {var}, not in the debug table"
                    ));
                }
                None
            }
        };
        let actual = data.result.map(|r| self.ty(r));
        if actual != expected_result {
            let show =
                |t: Option<Type>| t.map_or("no result".to_string(), |t| format!("a {t} result"));
            return fail(format!(
                "the instruction must have {}, but has {}",
                show(expected_result),
                show(actual)
            ));
        }
        Ok(())
    }

    /// Two pointer arguments (their indices) that point to one place: the
    /// same value, or element pointers of one root at the same constant
    /// position. The IR's rule is wider (docs/03-the-ir.md, "Pointer
    /// parameters never alias"); this is the part seen without running.
    fn same_pointer_twice(&self, args: &[Value]) -> Option<(usize, usize)> {
        let mut seen = FxHashMap::default();
        args.iter().enumerate().find_map(|(j, &a)| {
            let at = self.func.pointer_base(a);
            let offset = at.offset.filter(|_| self.ty(a).is_pointer())?;
            seen.insert((at.root, offset), j).map(|i| (i, j))
        })
    }

    fn check_terminator(&self, b: Block, sites: &DefSites) -> Check {
        let Some(term) = &self.func.blocks[b].terminator else {
            return Ok(()); // reported by check_layout
        };
        let mut operand_error = None;
        term.for_each_operand(|v| {
            if operand_error.is_none() {
                operand_error = self.check_operand(v, sites).err();
            }
        });
        if let Some(message) = operand_error {
            return Err(self.terminator_error(b, message));
        }
        match term {
            Terminator::CondBr { cond, .. } if self.ty(*cond) != Type::I1 => Err(self
                .terminator_error(
                    b,
                    format!("the branch condition has type {}, not i1", self.ty(*cond)),
                )),
            Terminator::Ret { value } => {
                let actual = value.map(|v| self.ty(v));
                if actual != self.func.ret {
                    let show = |t: Option<Type>| t.map_or("void".to_string(), |t| t.to_string());
                    return Err(self.terminator_error(
                        b,
                        format!(
                            "returns {} from a function returning {}",
                            show(actual),
                            show(self.func.ret)
                        ),
                    ));
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// One phi entry per incoming edge, same value for parallel edges.
    fn check_phis(&self, cfg: &Cfg) -> Check {
        // Looked up only, never iterated; reused from block to block.
        let mut edges: FxHashMap<Block, usize> = FxHashMap::default();
        let mut entries: FxHashMap<Block, (usize, Value)> = FxHashMap::default();
        for &b in &self.func.layout {
            if self.func.blocks[b].phis.is_empty() {
                continue;
            }
            edges.clear();
            for &p in cfg.preds(b) {
                *edges.entry(p).or_default() += 1;
            }
            for &inst in &self.func.blocks[b].phis {
                let InstKind::Phi { incoming } = &self.func.insts[inst].kind else {
                    continue; // reported by check_placement
                };
                let fail = |message: String| Err(self.inst_error(b, inst, message));
                if incoming.is_empty() {
                    return fail("a phi needs at least one incoming edge (LLVM cannot even parse an empty one)".into());
                }
                entries.clear();
                for &(pred, v) in incoming {
                    let entry = entries.entry(pred).or_insert((0, v));
                    entry.0 += 1;
                    if !self.func.same_value(entry.1, v) {
                        return fail(format!(
                            "two entries for predecessor %{} with different values ({} and {})",
                            self.names().block(pred),
                            self.value(entry.1),
                            self.value(v)
                        ));
                    }
                }
                // Report in a deterministic order: the order of the entries.
                for &(pred, _) in incoming {
                    let have = entries[&pred].0;
                    let want = edges.get(&pred).copied().unwrap_or(0);
                    if want == 0 {
                        return fail(format!(
                            "entry for %{}, which is not a predecessor",
                            self.names().block(pred)
                        ));
                    }
                    if have != want {
                        return fail(format!(
                            "{have} entries for %{}, which has {want} edges to this block",
                            self.names().block(pred)
                        ));
                    }
                }
                for &p in cfg.preds(b) {
                    if !entries.contains_key(&p) {
                        return fail(format!(
                            "no entry for predecessor %{}",
                            self.names().block(p)
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// An ordinary instruction at `index` in reachable block `b` uses only
    /// values whose definitions dominate it (phis: [`Self::check_phi_dominance`]).
    fn check_inst_dominance(
        &self,
        b: Block,
        inst: Inst,
        index: u32,
        dom: &DomTree,
        sites: &DefSites,
    ) -> Check {
        let kind = &self.func.insts[inst].kind;
        if kind.is_phi() {
            return Ok(());
        }
        let mut bad = None;
        kind.for_each_operand(|v| {
            if bad.is_none() && !self.def_dominates_use(dom, sites.get(v), (b, index)) {
                bad = Some(v);
            }
        });
        match bad {
            Some(v) => Err(self.inst_error(b, inst, self.dominance_message(v, sites.get(v)))),
            None => Ok(()),
        }
    }

    /// The terminator of reachable block `b` uses only values whose
    /// definitions dominate it.
    fn check_terminator_dominance(&self, b: Block, dom: &DomTree, sites: &DefSites) -> Check {
        let data = &self.func.blocks[b];
        // Fits: a block holds at most as many instructions as there are ids.
        let end = (data.phis.len() + data.insts.len()) as u32;
        let mut bad = None;
        if let Some(term) = &data.terminator {
            term.for_each_operand(|v| {
                if bad.is_none() && !self.def_dominates_use(dom, sites.get(v), (b, end)) {
                    bad = Some(v);
                }
            });
        }
        match bad {
            Some(v) => Err(self.terminator_error(b, self.dominance_message(v, sites.get(v)))),
            None => Ok(()),
        }
    }

    /// The definition of each phi operand in a reachable block dominates the
    /// end of the corresponding predecessor.
    fn check_phi_dominance(&self, cfg: &Cfg, dom: &DomTree, sites: &DefSites) -> Check {
        for &b in cfg.rpo() {
            for &inst in &self.func.blocks[b].phis {
                let InstKind::Phi { incoming } = &self.func.insts[inst].kind else {
                    continue; // reported by check_placement
                };
                for &(pred, v) in incoming {
                    let Some((def_block, _)) = sites.get(v) else {
                        continue;
                    };
                    if cfg.is_reachable(pred) && !dom.dominates(def_block, pred) {
                        return Err(self.inst_error(
                            b,
                            inst,
                            format!(
                                "{} (defined in %{}) does not dominate the end of predecessor %{}",
                                self.value(v),
                                self.names().block(def_block),
                                self.names().block(pred)
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    fn def_dominates_use(&self, dom: &DomTree, def: Option<Position>, at: Position) -> bool {
        match def {
            // Parameters, constants, undef and strings are available everywhere.
            None => true,
            Some((def_block, def_index)) if def_block == at.0 => def_index < at.1,
            Some((def_block, _)) => dom.dominates(def_block, at.0),
        }
    }

    fn dominance_message(&self, v: Value, def: Option<Position>) -> String {
        let block = def.map_or(String::new(), |(b, _)| self.names().block(b).to_string());
        format!(
            "{} is used before its definition or on a path that bypasses it (defined in %{block})",
            self.value(v)
        )
    }
}
