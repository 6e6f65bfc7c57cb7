//! The LLVM-text printer: writes a [`Module`] as LLVM 14 IR that `opt`,
//! `llc` and `lli` accept as is, and that [`crate::read::parse_module`]
//! reads back (printing, reading and printing again gives the same bytes).
//!
//! Naming follows LLVM's rules, which every tool of wendc shares through
//! [`FunctionNames`] so that a value is called the same everywhere:
//!
//! * blocks and values share one namespace per function;
//! * a name hint is sanitised into a valid identifier (`[-a-zA-Z$._][-a-zA-Z$._0-9]*`)
//!   and made unique by appending a counter (`while.cond`, `while.cond1`, …;
//!   `.N` when the hint already ends in a digit, so `x1` becomes `x1.1`);
//! * values without a hint are numbered `%0, %1, …` in order of definition in
//!   the printed text, parameters first — LLVM rejects any other numbering;
//! * constants print inline (`5`, `true`), `undef` as `undef`, and the
//!   address of string `K` as a `getelementptr` constant expression on
//!   `@.str.K`.
//!
//! [`print_standalone_llvm`] additionally defines the runtime routines in
//! LLVM IR over libc, with the stack-overflow handler, giving a file that
//! `lli` runs directly and that `llc` and a PIE-linking `cc` make an
//! executable of; the reader reads it back too.

use crate::entities::{Block, FuncId, Inst, Value};
use crate::function::{Function, ValueDef};
use crate::instructions::{InstKind, Terminator};
use crate::module::Module;
use crate::runtime::RuntimeFn;
use crate::types::Type;
use cranelift_entity::{EntityRef, SecondaryMap};
use rustc_hash::FxHashMap;
use std::collections::HashSet;
use std::fmt::Write;

/// The column at which the `; preds = …` comment of a block label starts,
/// as in LLVM's own output.
const PREDS_COLUMN: usize = 50;

/// The printed spelling of every value and block of one function.
#[derive(Clone, Debug)]
pub struct FunctionNames {
    /// How each value is written as an operand, without its type: `%x`,
    /// `%3`, `42`, `true`, `undef`, or `@.str.K` for the address of a string
    /// (the printer expands that one to a `getelementptr` expression).
    /// Instruction results that are not placed in the layout are `<badref vN>`.
    pub values: SecondaryMap<Value, String>,
    /// Each block's label, without the `%` (`entry`, `while.cond1`).
    pub blocks: SecondaryMap<Block, String>,
}

impl FunctionNames {
    pub fn compute(func: &Function) -> FunctionNames {
        Self::assign(func, true)
    }

    /// The printer's naming walk. Blocks and values share one namespace.
    /// The parameters claim their names first (they are the signature),
    /// then the blocks their labels, in layout order, and only then the
    /// other values: a label depends on the parameters and blocks alone,
    /// so [`block_names`] and [`for_each_block_name`] (the backend's
    /// assembly labels) need not name every value. Without `with_values`
    /// `values` stays empty.
    fn assign(func: &Function, with_values: bool) -> FunctionNames {
        let mut namer = UniqueNamer::default();
        let mut values: SecondaryMap<Value, String> = SecondaryMap::new();
        let mut blocks: SecondaryMap<Block, String> = SecondaryMap::new();
        let mut next_number = 0u32;
        // A value named from its hint (`Some`) or numbered in order.
        let mut spell = |v: Value, name: Option<String>| {
            let name = match name {
                Some(name) => format!("%{name}"),
                None => {
                    next_number += 1;
                    format!("%{}", next_number - 1)
                }
            };
            if with_values {
                values[v] = name;
            }
        };

        for (p, name) in claim_param_names(func, &mut namer) {
            spell(p, name);
        }
        name_blocks(func, &mut namer, |b, name| blocks[b] = name.to_string());
        // Blocks outside the layout are only mentioned by broken IR; give
        // them a recognisable spelling.
        for (b, _) in func.blocks.iter() {
            if blocks[b].is_empty() {
                blocks[b] = format!("<deleted {b}>");
            }
        }
        if !with_values {
            return FunctionNames { values, blocks };
        }

        let defined_in_layout = func
            .layout
            .iter()
            .filter_map(|&b| func.blocks.get(b))
            .flat_map(|data| data.phis.iter().chain(&data.insts))
            .filter_map(|&inst| func.insts.get(inst).and_then(|i| i.result.expand()));
        for v in defined_in_layout {
            if func.values.get(v).is_some() {
                spell(v, func.value_name(v).map(|hint| namer.unique(hint)));
            }
        }
        // Everything that is not defined by a printed line has an inline
        // spelling; results of instructions outside the layout are badrefs.
        for (v, data) in func.values.iter() {
            if values[v].is_empty() {
                values[v] = match data.def {
                    ValueDef::Const(c) => constant_text(data.ty, c),
                    ValueDef::Undef => "undef".to_string(),
                    ValueDef::Str(s) => format!("@.str.{}", s.index()),
                    ValueDef::Param(_) | ValueDef::Inst(_) => format!("<badref {v}>"),
                };
            }
        }
        FunctionNames { values, blocks }
    }

    pub fn value(&self, v: Value) -> &str {
        &self.values[v]
    }

    pub fn block(&self, b: Block) -> &str {
        &self.blocks[b]
    }
}

/// The operand spelling of every value (see [`FunctionNames::values`]).
pub fn value_names(func: &Function) -> SecondaryMap<Value, String> {
    FunctionNames::compute(func).values
}

/// The label of every block (see [`FunctionNames::blocks`]).
pub fn block_names(func: &Function) -> SecondaryMap<Block, String> {
    FunctionNames::assign(func, false).blocks
}

/// Calls `f` with each block of the layout and its label, as
/// [`block_names`] gives them, without a `String` per block (the backend's
/// assembly labels, on functions of a million blocks).
pub fn for_each_block_name(func: &Function, f: impl FnMut(Block, &str)) {
    let mut namer = UniqueNamer::default();
    claim_param_names(func, &mut namer);
    name_blocks(func, &mut namer, f);
}

/// The first part of the naming walk: the parameters (the signature)
/// claim their names, each that has a hint; the others get numbers.
/// Returns each parameter with its name (`None`: to be numbered).
fn claim_param_names(func: &Function, namer: &mut UniqueNamer) -> Vec<(Value, Option<String>)> {
    func.params
        .iter()
        .filter(|&&p| func.values.get(p).is_some())
        .map(|&p| (p, func.value_name(p).map(|hint| namer.unique(hint))))
        .collect()
}

/// The blocks' part of the naming walk: each block of the layout, once,
/// in order, after the parameters have claimed their names.
fn name_blocks(func: &Function, namer: &mut UniqueNamer, mut f: impl FnMut(Block, &str)) {
    let mut named: SecondaryMap<Block, bool> = SecondaryMap::with_capacity(func.blocks.len());
    let mut name = String::new();
    for &b in &func.layout {
        // Empty hints become `bb` (a numbered block would shift the
        // numbering of values).
        if let Some(data) = func.blocks.get(b) {
            if !named[b] {
                named[b] = true;
                let hint = if data.name.is_empty() {
                    "bb"
                } else {
                    &data.name
                };
                namer.unique_into(hint, &mut name);
                f(b, &name);
            }
        }
    }
}

/// Hands out unique local identifiers derived from name hints: a hint's
/// first use gets the hint itself, later ones `hint1`, `hint2`, … (`x1.1`,
/// `x1.2`, … after a hint that ends in a digit), skipping any name already
/// handed out.
///
/// Only the names handed out as their own hint are stored, each with the
/// last counter tried on it: a derived name is recognised by splitting off
/// its number (see [`derivations`]), and `base` + `n` is taken exactly when
/// `n` is at most `base`'s counter (every number up to the counter was
/// either derived or skipped for being taken). A function with a hundred
/// thousand `while.cond` blocks thus keeps a table of a few entries, not a
/// hundred thousand, and naming stays linear: no counter is retried.
#[derive(Default)]
struct UniqueNamer {
    /// Only looked up, never iterated, so the fast non-cryptographic hash
    /// cannot affect the output.
    counters: FxHashMap<String, u32>,
}

impl UniqueNamer {
    /// A name derived from `hint` that no earlier call handed out.
    fn unique(&mut self, hint: &str) -> String {
        let mut name = String::new();
        self.unique_into(hint, &mut name);
        name
    }

    /// [`Self::unique`], written into `out` (cleared first): naming the
    /// blocks of a large function for the assembly labels, one reused
    /// buffer instead of a `String` per block.
    fn unique_into(&mut self, hint: &str, out: &mut String) {
        out.clear();
        let base = sanitize_identifier(hint);
        if !self.is_taken(&base) {
            self.counters.insert(base.to_string(), 0);
            out.push_str(&base);
            return;
        }
        // A derived name used as a hint becomes a base of its own.
        let mut counter = self.counters.get(base.as_ref()).copied().unwrap_or(0);
        let separator = if base.ends_with(|c: char| c.is_ascii_digit()) {
            "."
        } else {
            ""
        };
        loop {
            counter += 1;
            out.clear();
            write!(out, "{base}{separator}{counter}").expect("writing to a String cannot fail");
            if !self.is_taken(out) {
                match self.counters.get_mut(base.as_ref()) {
                    Some(last) => *last = counter,
                    None => {
                        self.counters.insert(base.into_owned(), counter);
                    }
                }
                return;
            }
        }
    }

    /// Whether `name` was handed out: as its own hint, or derived.
    fn is_taken(&self, name: &str) -> bool {
        self.counters.contains_key(name)
            || derivations(name).any(|(base, n)| self.counters.get(base).is_some_and(|&c| n <= c))
    }
}

/// The ways `name` could have been derived from a base: `base` + `n` with
/// a base that does not end in a digit, or `base` + `.` + `n` with one
/// that does (`n` ≥ 1, written without leading zeros). `a1.2` is both
/// (`a1` + `.` + `2` and `a1.` + `2`); most names are one or neither.
fn derivations(name: &str) -> impl Iterator<Item = (&str, u32)> {
    let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let digits = &name[stem.len()..];
    let n = match digits.parse::<u32>() {
        Ok(n) if n >= 1 && !digits.starts_with('0') && !stem.is_empty() => Some(n),
        _ => None,
    };
    let plain = n.map(|n| (stem, n));
    let dotted = n.and_then(|n| {
        let before_dot = stem.strip_suffix('.')?;
        before_dot
            .ends_with(|c: char| c.is_ascii_digit())
            .then_some((before_dot, n))
    });
    plain.into_iter().chain(dotted)
}

/// Turns a hint into a valid unquoted LLVM identifier that cannot be mistaken
/// for a number: invalid characters become `_`, a leading digit gets a `_`.
fn sanitize_identifier(hint: &str) -> std::borrow::Cow<'_, str> {
    let valid = hint.chars().all(is_identifier_char)
        && !hint.is_empty()
        && !hint.starts_with(|c: char| c.is_ascii_digit());
    if valid {
        return std::borrow::Cow::Borrowed(hint);
    }
    let mut out: String = hint
        .chars()
        .map(|c| if is_identifier_char(c) { c } else { '_' })
        .collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    std::borrow::Cow::Owned(out)
}

pub(crate) fn is_identifier_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '$' | '.' | '_')
}

/// A global name as LLVM writes it: `@main.f`, or quoted if it needs to be.
pub fn global_name(name: &str) -> String {
    let plain = !name.is_empty()
        && name.chars().all(is_identifier_char)
        && !name.starts_with(|c: char| c.is_ascii_digit());
    if plain {
        format!("@{name}")
    } else {
        format!("@\"{}\"", escape_bytes(name.as_bytes()))
    }
}

fn constant_text(ty: Type, c: i32) -> String {
    match ty {
        Type::I1 if c == 0 => "false".to_string(),
        Type::I1 if c == 1 => "true".to_string(),
        _ if ty.is_pointer() && c == 0 => "null".to_string(),
        _ => c.to_string(),
    }
}

/// Escapes bytes for an LLVM `c"…"` literal: printable ASCII except `"` and
/// `\` stays, everything else becomes `\XX`.
pub fn escape_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for &b in bytes {
        if (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' {
            out.push(b as char);
        } else {
            let _ = write!(out, "\\{b:02X}");
        }
    }
    out
}

/// The whole module: string constants, function definitions, then the
/// declarations of the externals (runtime routines) they call.
pub fn print_module(module: &Module) -> String {
    print_module_with(
        module,
        &HashSet::new(),
        "private unnamed_addr constant",
        ParamAttrs::Plain,
    )
}

/// The target [`print_standalone_llvm`] writes for: its runtime lays out
/// glibc's x86-64 `struct sigaction` and `stack_t`.
pub const STANDALONE_TARGET_TRIPLE: &str = "x86_64-pc-linux-gnu";

/// The module plus `noalias` on every pointer parameter (see `ParamAttrs`)
/// and LLVM IR definitions of the runtime routines it declares
/// (over libc) and the stack-overflow handler, runnable with `lli` or
/// compiled with `llc` and linked with `cc` — also a default one that makes
/// position-independent executables (PIE):
///
/// * `llc` compiles with the static relocation model unless told otherwise,
///   whatever the module says, and a PIE cannot be linked from code that
///   puts the absolute address of a local symbol in an instruction
///   (`movl $.L.str.0, %edi`). So every global the module defines has
///   external linkage without `dso_local`: LLVM then reaches it through the
///   GOT under any relocation model, and the linker turns each such load
///   back into a PC-relative `lea`, since the symbol is defined in the
///   executable. (`private` would make it local, hence absolute.)
/// * The `PIC Level` and `PIE Level` module flags, as clang writes them,
///   say that the code is meant for a PIE to the tools that read them, such
///   as LTO when it links the module with C code (`llc` does not).
pub fn print_standalone_llvm(module: &Module) -> String {
    let defined: Vec<RuntimeFn> = module
        .functions
        .values()
        .filter(|f| f.is_declaration())
        .filter_map(|f| RuntimeFn::from_symbol(&f.name))
        .collect();
    let skip: HashSet<String> = defined.iter().map(|rt| rt.symbol().to_string()).collect();
    let mut out = format!("target triple = \"{STANDALONE_TARGET_TRIPLE}\"\n\n");
    out.push_str(&print_module_with(
        module,
        &skip,
        "unnamed_addr constant",
        ParamAttrs::NoAlias,
    ));
    out.push_str(&runtime_definitions(&defined).text());
    out.push_str(MODULE_FLAGS);
    out
}

/// The module flags of a standalone module, as clang writes them for a PIE
/// (behaviour 7: the linked module keeps the larger level).
const MODULE_FLAGS: &str = concat!(
    "\n!llvm.module.flags = !{!0, !1}\n",
    "!0 = !{i32 7, !\"PIC Level\", i32 2}\n",
    "!1 = !{i32 7, !\"PIE Level\", i32 2}\n",
);

fn print_module_with(
    module: &Module,
    skip_declarations: &HashSet<String>,
    string_linkage: &str,
    params: ParamAttrs,
) -> String {
    let mut out = String::new();
    for (id, bytes) in module.strings.iter() {
        let _ = writeln!(
            out,
            "@.str.{} = {string_linkage} [{} x i8] c\"{}\"",
            id.index(),
            bytes.len(),
            escape_bytes(bytes)
        );
    }
    for (id, _) in module.definitions() {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&print_function_with(module, id, params));
    }
    let mut first_declaration = true;
    for (id, func) in module.functions.iter() {
        if !func.is_declaration() || skip_declarations.contains(&func.name) {
            continue;
        }
        if first_declaration && !out.is_empty() {
            out.push('\n');
        }
        first_declaration = false;
        out.push_str(&print_function(module, id));
    }
    out
}

/// Which attributes a `define` writes on its parameters.
#[derive(Copy, Clone, PartialEq, Eq)]
enum ParamAttrs {
    /// None: the IR as wendc's own tools show it.
    Plain,
    /// `noalias` on every pointer parameter, for LLVM: distinct pointer
    /// arguments of a call never point to the same variable, and no other
    /// pointer the function sees points to one (docs/03-the-ir.md, "Pointer
    /// parameters never alias"), which is what LLVM's `noalias` promises.
    NoAlias,
}

/// One function: a `define` with its body, or a `declare` line.
pub fn print_function(module: &Module, id: FuncId) -> String {
    print_function_with(module, id, ParamAttrs::Plain)
}

fn print_function_with(module: &Module, id: FuncId, attrs: ParamAttrs) -> String {
    let func = &module.functions[id];
    let ret = func.ret.map_or("void".to_string(), |t| t.to_string());
    if func.is_declaration() {
        let params: Vec<String> = func.param_types().iter().map(Type::to_string).collect();
        return format!(
            "declare {ret} {}({})\n",
            global_name(&func.name),
            params.join(", ")
        );
    }
    let names = FunctionNames::compute(func);
    let mut out = String::new();
    let params: Vec<String> = func
        .params
        .iter()
        .map(|&p| match func.values.get(p) {
            Some(data) if data.ty.is_pointer() && attrs == ParamAttrs::NoAlias => {
                format!("{} noalias {}", data.ty, names.value(p))
            }
            Some(data) => format!("{} {}", data.ty, names.value(p)),
            None => format!("<badref {p}>"),
        })
        .collect();
    let _ = writeln!(
        out,
        "define {ret} {}({}) {{",
        global_name(&func.name),
        params.join(", ")
    );
    let preds = predecessor_lists(func);
    for (i, &b) in func.layout.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let Some(data) = func.blocks.get(b) else {
            let _ = writeln!(out, "; <nonexistent {b} in the layout>");
            continue;
        };
        let mut label = format!("{}:", names.block(b));
        if i > 0 {
            let comment = match preds.get(b).filter(|list| !list.is_empty()) {
                Some(list) => {
                    let list: Vec<String> = list
                        .iter()
                        .map(|&p| format!("%{}", names.block(p)))
                        .collect();
                    format!("; preds = {}", list.join(", "))
                }
                None => "; No predecessors!".to_string(),
            };
            let padding = PREDS_COLUMN.saturating_sub(label.len()).max(1);
            label.push_str(&" ".repeat(padding));
            label.push_str(&comment);
        }
        out.push_str(&label);
        out.push('\n');
        for &inst in data.phis.iter().chain(&data.insts) {
            let _ = writeln!(out, "  {}", inst_text(module, func, &names, inst));
        }
        match &data.terminator {
            Some(term) => {
                let _ = writeln!(out, "  {}", terminator_text(func, &names, term));
            }
            None => out.push_str("  ; <missing terminator>\n"),
        }
    }
    out.push_str("}\n");
    out
}

/// The source line of each line [`print_function`] writes for a defined
/// function, in order (0 where a line comes from no source line: the
/// `define`, block labels, blank lines, the closing brace), so that a
/// viewer can link printed IR to the source. It walks the layout as
/// [`print_function`] does; a test keeps the two in step.
pub fn printed_source_lines(func: &Function) -> Vec<u32> {
    let mut lines = vec![0];
    for (i, &b) in func.layout.iter().enumerate() {
        if i > 0 {
            lines.push(0);
        }
        let Some(data) = func.blocks.get(b) else {
            lines.push(0);
            continue;
        };
        lines.push(0);
        for &inst in data.phis.iter().chain(&data.insts) {
            lines.push(func.insts.get(inst).map_or(0, |d| d.line));
        }
        lines.push(data.terminator_line);
    }
    lines.push(0);
    lines
}

/// The distinct predecessors of each block, in layout order (empty for a
/// block without any).
fn predecessor_lists(func: &Function) -> SecondaryMap<Block, Vec<Block>> {
    let mut preds: SecondaryMap<Block, Vec<Block>> = SecondaryMap::with_capacity(func.blocks.len());
    let mut visited: SecondaryMap<Block, bool> = SecondaryMap::with_capacity(func.blocks.len());
    for &b in &func.layout {
        let Some(data) = func.blocks.get(b) else {
            continue;
        };
        // Edges are added block by block, so a repeated edge from `b` (both
        // arms of a `br`) is the last entry; only broken IR that lists `b`
        // twice in the layout needs the full search.
        let listed_before = std::mem::replace(&mut visited[b], true);
        for succ in data.terminator.iter().flat_map(Terminator::successors) {
            let list = &mut preds[succ];
            let known = list.last() == Some(&b) || (listed_before && list.contains(&b));
            if !known {
                list.push(b);
            }
        }
    }
    preds
}

/// `type operand`, with the string-address expression expanded.
fn typed_operand(module: &Module, func: &Function, names: &FunctionNames, v: Value) -> String {
    match func.values.get(v) {
        Some(data) => format!("{} {}", data.ty, operand(module, func, names, v)),
        None => format!("<badref {v}>"),
    }
}

fn operand(module: &Module, func: &Function, names: &FunctionNames, v: Value) -> String {
    match func.values.get(v) {
        None => format!("<badref {v}>"),
        Some(data) => match data.def {
            ValueDef::Str(s) => {
                let len = module.strings.get(s).map_or(0, Vec::len);
                format!(
                    "getelementptr inbounds ([{len} x i8], [{len} x i8]* @.str.{}, i64 0, i64 0)",
                    s.index()
                )
            }
            _ => names.value(v).to_string(),
        },
    }
}

fn type_of(func: &Function, v: Value) -> String {
    func.values
        .get(v)
        .map_or("<badtype>".to_string(), |d| d.ty.to_string())
}

/// The text of one instruction (without indentation), as in [`print_function`].
pub fn inst_text(module: &Module, func: &Function, names: &FunctionNames, inst: Inst) -> String {
    let Some(data) = func.insts.get(inst) else {
        return format!("<nonexistent {inst}>");
    };
    let op = |v: Value| operand(module, func, names, v);
    let typed = |v: Value| typed_operand(module, func, names, v);
    let body = match &data.kind {
        // A comment: LLVM would need metadata, and the reader makes none.
        InstKind::DebugValue { var, value } => {
            // A captured variable's debug value is its address.
            let name = match func
                .debug
                .as_ref()
                .and_then(|d| d.variables.get(*var as usize))
            {
                Some(v) if v.kind == crate::debug_info::VariableKind::Captured => {
                    format!("&{}", v.name)
                }
                Some(v) => v.name.clone(),
                None => "?".to_string(),
            };
            let deleted = matches!(func.values[*value].def, crate::ValueDef::Inst(_))
                && names.value(*value).is_empty();
            let value = match deleted {
                true => "<deleted>".to_string(),
                false => op(*value),
            };
            return format!("; debug value: {name} = {value}");
        }
        InstKind::Alloca { ty, count: 1 } => format!("alloca {ty}"),
        InstKind::Alloca { ty, count } => format!("alloca {ty}, i32 {count}"),
        InstKind::ElementPtr { base, index } => {
            let ty = func
                .values
                .get(*base)
                .and_then(|d| d.ty.pointee())
                .map_or("<badtype>".to_string(), |t| t.to_string());
            format!(
                "getelementptr inbounds {ty}, {}, {}",
                typed(*base),
                typed(*index)
            )
        }
        InstKind::Load { ptr } => {
            let ty = func
                .values
                .get(*ptr)
                .and_then(|d| d.ty.pointee())
                .map_or("<badtype>".to_string(), |t| t.to_string());
            format!("load {ty}, {}", typed(*ptr))
        }
        InstKind::Store { value, ptr } => format!("store {}, {}", typed(*value), typed(*ptr)),
        InstKind::Binary { op: bin, lhs, rhs } => {
            format!("{bin} {} {}, {}", type_of(func, *lhs), op(*lhs), op(*rhs))
        }
        InstKind::Icmp { cond, lhs, rhs } => {
            format!(
                "icmp {cond} {} {}, {}",
                type_of(func, *lhs),
                op(*lhs),
                op(*rhs)
            )
        }
        InstKind::Select {
            cond,
            if_true,
            if_false,
        } => format!(
            "select {}, {}, {}",
            typed(*cond),
            typed(*if_true),
            typed(*if_false)
        ),
        InstKind::Call { callee, args } => {
            let (ret, name) = match module.functions.get(*callee) {
                Some(f) => (
                    f.ret.map_or("void".to_string(), |t| t.to_string()),
                    global_name(&f.name),
                ),
                None => (
                    data.result
                        .expand()
                        .map_or("void".to_string(), |r| type_of(func, r)),
                    format!("@<badref {callee}>"),
                ),
            };
            let args: Vec<String> = args.iter().map(|&a| typed(a)).collect();
            format!("call {ret} {name}({})", args.join(", "))
        }
        InstKind::Phi { incoming } => {
            let ty = data
                .result
                .expand()
                .map_or("<badtype>".to_string(), |r| type_of(func, r));
            let entries: Vec<String> = incoming
                .iter()
                .map(|&(b, v)| {
                    let label = names.blocks.get(b).map_or("<badref>", String::as_str);
                    format!("[ {}, %{label} ]", op(v))
                })
                .collect();
            format!("phi {ty} {}", entries.join(", "))
        }
    };
    match data.result.expand() {
        Some(r) => format!(
            "{} = {body}",
            names.values.get(r).map_or("<badref>", String::as_str)
        ),
        None => body,
    }
}

/// The text of a terminator (without indentation).
pub fn terminator_text(func: &Function, names: &FunctionNames, term: &Terminator) -> String {
    let label = |b: Block| {
        format!(
            "label %{}",
            names.blocks.get(b).map_or("<badref>", String::as_str)
        )
    };
    match term {
        Terminator::Br { dest } => format!("br {}", label(*dest)),
        Terminator::CondBr {
            cond,
            then_dest,
            else_dest,
        } => format!(
            "br {} {}, {}, {}",
            type_of(func, *cond),
            names.values.get(*cond).map_or("<badref>", String::as_str),
            label(*then_dest),
            label(*else_dest)
        ),
        Terminator::Ret { value: None } => "ret void".to_string(),
        Terminator::Ret { value: Some(v) } => format!(
            "ret {} {}",
            type_of(func, *v),
            names.values.get(*v).map_or("<badref>", String::as_str)
        ),
        Terminator::Unreachable => "unreachable".to_string(),
    }
}

/// The runtime of a standalone module, in LLVM IR over libc: the routines
/// it defines and what they need. Each item is one top-level entity of the
/// text — a global or a declaration on one line, or a whole `define` — so
/// that the reader can recognise wendc's runtime item by item
/// ([`runtime_items`]).
pub(crate) struct RuntimeText {
    /// Runtime data: format strings, messages, the signal stack, the
    /// constructor list.
    pub globals: Vec<String>,
    /// Declarations of the libc functions and variables used.
    pub libc: Vec<&'static str>,
    /// `define` blocks, each ending in `}\n`.
    pub definitions: Vec<String>,
}

impl RuntimeText {
    /// Functions of the runtime that are not routines the IR calls: the
    /// stack-overflow handler and what installs it.
    pub const DEFINED_SYMBOLS: [&'static str; 2] =
        ["wend_stack_overflow", "wend_install_stack_overflow_handler"];

    fn need(&mut self, decl: &'static str) {
        if !self.libc.contains(&decl) {
            self.libc.push(decl);
        }
    }

    /// The text appended to the module.
    pub fn text(&self) -> String {
        let mut out = String::from("\n; The wend runtime, over libc.\n");
        for line in self
            .globals
            .iter()
            .map(String::as_str)
            .chain(self.libc.iter().copied())
        {
            out.push_str(line);
            out.push('\n');
        }
        for definition in &self.definitions {
            out.push('\n');
            out.push_str(definition);
        }
        out
    }
}

/// Every item (see [`RuntimeText`]) a standalone module's runtime can have,
/// without its trailing newline.
pub(crate) fn runtime_items() -> Vec<String> {
    let text = runtime_definitions(&RuntimeFn::ALL);
    text.globals
        .into_iter()
        .chain(text.libc.into_iter().map(str::to_string))
        .chain(text.definitions)
        .map(|item| item.trim_end_matches('\n').to_string())
        .collect()
}

/// Size of the alternate stack the stack-overflow handler runs on.
const SIGNAL_STACK_SIZE: u32 = 65536;

/// `SA_ONSTACK`: run the handler on the alternate signal stack.
const SA_ONSTACK: u32 = 0x0800_0000;

/// `SIGSEGV`, what running off the stack raises.
const SIGSEGV: u32 = 11;

/// LLVM IR definitions of the given runtime routines over libc, with the
/// libc declarations and format strings they need, and the stack-overflow
/// handler every program gets.
///
/// Output goes through C's `stdout` (`printf`, `fwrite`, `putchar`), so it is
/// buffered exactly like a C program's; `wend_print_str` uses `fwrite` with
/// the explicit length because wend strings may contain NUL bytes. The
/// division-by-zero handler flushes every stream (`fflush(NULL)`) before it
/// writes its message to file descriptor 2, then exits with status 2.
///
/// Stack overflow: a constructor (`@llvm.global_ctors`, which `lli` runs
/// too) gives the thread an alternate signal stack (`sigaltstack`) and
/// installs a `SIGSEGV` handler on it (`sigaction` with `SA_ONSTACK`): the
/// program's own stack is exhausted when the signal comes. The handler, as
/// the native runtime's, flushes stdout, writes `runtime error: stack
/// overflow` to file descriptor 2 and leaves with `_exit(3)`; it never
/// returns, so the stream it flushes is left as it is. The structures are
/// glibc's on x86-64: `stack_t` is `{ i8*, i32, i64 }`, `struct sigaction`
/// is `{ handler, [16 x i64] mask, i32 flags, restorer }`.
pub(crate) fn runtime_definitions(routines: &[RuntimeFn]) -> RuntimeText {
    let mut rt_text = RuntimeText {
        globals: Vec::new(),
        libc: Vec::new(),
        definitions: Vec::new(),
    };
    for &rt in routines {
        match rt {
            RuntimeFn::PrintInt => {
                rt_text.globals.push(
                    "@.wend.fmt.int = unnamed_addr constant [3 x i8] c\"%d\\00\"".to_string(),
                );
                rt_text.need("declare i32 @printf(i8*, ...)");
                rt_text.definitions.push(concat!(
                    "define void @wend_print_int(i32 %n) {\n",
                    "entry:\n",
                    "  %0 = call i32 (i8*, ...) @printf(i8* getelementptr inbounds ([3 x i8], [3 x i8]* @.wend.fmt.int, i64 0, i64 0), i32 %n)\n",
                    "  ret void\n",
                    "}\n",
                ).to_string());
            }
            RuntimeFn::PrintBool => {
                rt_text
                    .globals
                    .push("@.wend.true = unnamed_addr constant [4 x i8] c\"true\"".to_string());
                rt_text
                    .globals
                    .push("@.wend.false = unnamed_addr constant [5 x i8] c\"false\"".to_string());
                rt_text.need("@stdout = external global i8*");
                rt_text.need("declare i64 @fwrite(i8*, i64, i64, i8*)");
                rt_text.definitions.push(concat!(
                    "define void @wend_print_bool(i1 %b) {\n",
                    "entry:\n",
                    "  %text = select i1 %b, i8* getelementptr inbounds ([4 x i8], [4 x i8]* @.wend.true, i64 0, i64 0), i8* getelementptr inbounds ([5 x i8], [5 x i8]* @.wend.false, i64 0, i64 0)\n",
                    "  %len = select i1 %b, i64 4, i64 5\n",
                    "  %out = load i8*, i8** @stdout\n",
                    "  %0 = call i64 @fwrite(i8* %text, i64 1, i64 %len, i8* %out)\n",
                    "  ret void\n",
                    "}\n",
                ).to_string());
            }
            RuntimeFn::PrintStr => {
                rt_text.need("@stdout = external global i8*");
                rt_text.need("declare i64 @fwrite(i8*, i64, i64, i8*)");
                rt_text.definitions.push(
                    concat!(
                        "define void @wend_print_str(i8* %text, i32 %len) {\n",
                        "entry:\n",
                        "  %len64 = zext i32 %len to i64\n",
                        "  %out = load i8*, i8** @stdout\n",
                        "  %0 = call i64 @fwrite(i8* %text, i64 1, i64 %len64, i8* %out)\n",
                        "  ret void\n",
                        "}\n",
                    )
                    .to_string(),
                );
            }
            RuntimeFn::PrintNewline => {
                rt_text.need("declare i32 @putchar(i32)");
                rt_text.definitions.push(
                    concat!(
                        "define void @wend_print_newline() {\n",
                        "entry:\n",
                        "  %0 = call i32 @putchar(i32 10)\n",
                        "  ret void\n",
                        "}\n",
                    )
                    .to_string(),
                );
            }
            RuntimeFn::DivByZero => {
                // The message with the line number replaced by `%d`.
                let sample = RuntimeFn::div_by_zero_message(0);
                let prefix = sample.strip_suffix('0').unwrap_or(&sample);
                let message = format!("{prefix}%d\n\0");
                rt_text.globals.push(format!(
                    "@.wend.fmt.div_by_zero = unnamed_addr constant [{} x i8] c\"{}\"",
                    message.len(),
                    escape_bytes(message.as_bytes())
                ));
                rt_text.need("declare i32 @fflush(i8*)");
                rt_text.need("declare i32 @dprintf(i32, i8*, ...)");
                rt_text.need("declare void @exit(i32) noreturn");
                rt_text.definitions.push(format!(
                    concat!(
                        "define void @wend_div_by_zero(i32 %line) {{\n",
                        "entry:\n",
                        "  %0 = call i32 @fflush(i8* null)\n",
                        "  %1 = call i32 (i32, i8*, ...) @dprintf(i32 2, i8* getelementptr inbounds ([{len} x i8], [{len} x i8]* @.wend.fmt.div_by_zero, i64 0, i64 0), i32 %line)\n",
                        "  call void @exit(i32 {status})\n",
                        "  unreachable\n",
                        "}}\n",
                    ),
                    len = message.len(),
                    status = crate::runtime::RUNTIME_ERROR_STATUS
                ));
            }
        }
    }
    stack_overflow_handler(&mut rt_text);
    rt_text
}

/// The stack-overflow handler and the constructor that installs it (see
/// [`runtime_definitions`]).
fn stack_overflow_handler(rt_text: &mut RuntimeText) {
    let message = format!("{}\n", crate::interp::STACK_OVERFLOW_MESSAGE);
    let len = message.len();
    rt_text.globals.push(format!(
        "@.wend.msg.stack_overflow = unnamed_addr constant [{len} x i8] c\"{}\"",
        escape_bytes(message.as_bytes())
    ));
    rt_text.globals.push(format!(
        "@.wend.signal_stack = global [{SIGNAL_STACK_SIZE} x i8] zeroinitializer"
    ));
    rt_text.globals.push(
        "@llvm.global_ctors = appending global [1 x { i32, void ()*, i8* }] [{ i32, void ()*, i8* } { i32 65535, void ()* @wend_install_stack_overflow_handler, i8* null }]"
            .to_string(),
    );
    rt_text.need("declare i32 @fflush(i8*)");
    rt_text.need("declare i64 @write(i32, i8*, i64)");
    rt_text.need("declare void @_exit(i32) noreturn");
    rt_text.need("declare i32 @sigaltstack(i8*, i8*)");
    rt_text.need("declare i32 @sigaction(i32, i8*, i8*)");
    rt_text.definitions.push(format!(
        concat!(
            "define void @wend_stack_overflow(i32 %signal) {{\n",
            "entry:\n",
            "  %0 = call i32 @fflush(i8* null)\n",
            "  %1 = call i64 @write(i32 2, i8* getelementptr inbounds ([{len} x i8], [{len} x i8]* @.wend.msg.stack_overflow, i64 0, i64 0), i64 {len})\n",
            "  call void @_exit(i32 {status})\n",
            "  unreachable\n",
            "}}\n",
        ),
        len = len,
        status = crate::interp::STACK_OVERFLOW_STATUS
    ));
    let stack_t = "{ i8*, i32, i64 }";
    let sigaction = "{ void (i32)*, [16 x i64], i32, void ()* }";
    rt_text.definitions.push(format!(
        concat!(
            "define void @wend_install_stack_overflow_handler() {{\n",
            "entry:\n",
            "  %stack = alloca {stack_t}\n",
            "  store {stack_t} {{ i8* getelementptr inbounds ([{size} x i8], [{size} x i8]* @.wend.signal_stack, i64 0, i64 0), i32 0, i64 {size} }}, {stack_t}* %stack\n",
            "  %stack.raw = bitcast {stack_t}* %stack to i8*\n",
            "  %0 = call i32 @sigaltstack(i8* %stack.raw, i8* null)\n",
            "  %action = alloca {sigaction}\n",
            "  store {sigaction} {{ void (i32)* @wend_stack_overflow, [16 x i64] zeroinitializer, i32 {flags}, void ()* null }}, {sigaction}* %action\n",
            "  %action.raw = bitcast {sigaction}* %action to i8*\n",
            "  %1 = call i32 @sigaction(i32 {signal}, i8* %action.raw, i8* null)\n",
            "  ret void\n",
            "}}\n",
        ),
        stack_t = stack_t,
        sigaction = sigaction,
        size = SIGNAL_STACK_SIZE,
        flags = SA_ONSTACK,
        signal = SIGSEGV,
    ));
}

#[cfg(test)]
mod tests {
    use super::{sanitize_identifier, UniqueNamer};
    use proptest::prelude::*;
    use std::collections::{HashMap, HashSet};

    /// The namer's rule spelled out directly: every name handed out is
    /// remembered, and a clash tries the base's next counter.
    #[derive(Default)]
    struct Reference {
        taken: HashSet<String>,
        counters: HashMap<String, u32>,
    }

    impl Reference {
        fn unique(&mut self, hint: &str) -> String {
            let base = sanitize_identifier(hint).into_owned();
            let name = if !self.taken.contains(&base) {
                base
            } else {
                let separator = if base.ends_with(|c: char| c.is_ascii_digit()) {
                    "."
                } else {
                    ""
                };
                let counter = self.counters.entry(base.clone()).or_insert(0);
                loop {
                    *counter += 1;
                    let candidate = format!("{base}{separator}{counter}");
                    if !self.taken.contains(&candidate) {
                        break candidate;
                    }
                }
            };
            self.taken.insert(name.clone());
            name
        }
    }

    #[test]
    fn clashing_hints() {
        let mut namer = UniqueNamer::default();
        let names: Vec<String> = [
            "x", "x", "x1", "x", "x1", "a1.", "a1", "a1", "a1.", "x01", "x",
        ]
        .iter()
        .map(|h| namer.unique(h))
        .collect();
        assert_eq!(
            names,
            ["x", "x1", "x1.1", "x2", "x1.2", "a1.", "a1", "a1.1", "a1.2", "x01", "x3"]
        );
    }

    proptest! {
        /// Hints from a small alphabet, so that they clash with each other
        /// and with derived names in every way.
        #[test]
        fn same_names_as_the_reference(hints in prop::collection::vec("[ax1.0]{0,4}", 0..200)) {
            let mut namer = UniqueNamer::default();
            let mut reference = Reference::default();
            let mut seen = HashSet::new();
            for hint in &hints {
                let name = namer.unique(hint);
                prop_assert_eq!(&name, &reference.unique(hint), "hint {:?}", hint);
                prop_assert!(seen.insert(name));
            }
        }
    }
}
