//! DWARF debug information for `-g`: the `.debug_info` and `.debug_abbrev`
//! sections describing the program's functions and variables to gdb, as
//! assembler directives.
//!
//! The line table (`.debug_line`) is the assembler's, built from the `.loc`
//! directives that [`crate::emit`] writes anyway; this module writes what
//! `.loc` cannot say: one compile unit (language C99, so that gdb's `print`
//! and `set var` read C expressions, which wend's are a subset of), the
//! base types `int` (32-bit signed) and `bool`, and a subprogram per
//! function, nested in the subprogram of the function it is nested in and
//! named as the user wrote it (`f`; its symbol `main.f` stays the ELF
//! symbol, so `break main.f` and `break f` both find it). Each has its
//! parameters and its locals, and the captured outer variables it can see,
//! each located by a DWARF expression relative to the canonical frame
//! address (`DW_OP_call_frame_cfa`, which gdb computes from the `.cfi`
//! directives, correct at every instruction): `DW_OP_fbreg N` for a
//! variable in a frame slot, `DW_OP_fbreg N, DW_OP_deref` for a captured
//! variable, whose address is in the slot. A variable that optimisation
//! moved out of its slot has a location list instead (`.debug_loc`): the
//! ranges of code where it is in a register (`DW_OP_regN`), in a spill slot
//! (`DW_OP_fbreg`) or is a known constant (`DW_OP_consts`,
//! `DW_OP_stack_value`), from [`crate::var_locations`]; elsewhere, and for
//! a variable with neither, gdb says `<optimized out>`.
//!
//! Nothing here counts bytes: offsets, lengths and LEB128 numbers are
//! left to the assembler (labels, their differences, `.uleb128`,
//! `.sleb128`), and the DWARF numbers come from gimli's constants.

use crate::emit::{escape_ascii, symbol};
use crate::var_locations::{Range, VarLoc};
use gimli::constants::*;
use std::fmt::Write;
use wend_ir::debug_info::{DebugType, FunctionDebug, VariableKind};

/// The version of `.debug_info` written (the assembler's `.debug_line`
/// may be of another; consumers read each section's own).
const DWARF_VERSION: u16 = 4;

/// The label of the start of the program's code, and of its end: the
/// compile unit's address range. (No `.` after `.L`, so no block label,
/// `.L<function>.<block>`, can be one of them.)
pub const TEXT_START: &str = ".Ldebug_text";
pub const TEXT_END: &str = ".Ldebug_text_end";

/// An abbreviation: the tag and the attributes (and their forms) of the
/// entries that use it.
struct Abbrev {
    code: u64,
    tag: DwTag,
    children: bool,
    attrs: &'static [(DwAt, DwForm)],
}

const COMPILE_UNIT: Abbrev = Abbrev {
    code: 1,
    tag: DW_TAG_compile_unit,
    children: true,
    attrs: &[
        (DW_AT_producer, DW_FORM_string),
        (DW_AT_language, DW_FORM_data2),
        (DW_AT_name, DW_FORM_string),
        (DW_AT_comp_dir, DW_FORM_string),
        (DW_AT_low_pc, DW_FORM_addr),
        (DW_AT_high_pc, DW_FORM_addr),
        (DW_AT_stmt_list, DW_FORM_sec_offset),
    ],
};

const BASE_TYPE: Abbrev = Abbrev {
    code: 2,
    tag: DW_TAG_base_type,
    children: false,
    attrs: &[
        (DW_AT_name, DW_FORM_string),
        (DW_AT_encoding, DW_FORM_data1),
        (DW_AT_byte_size, DW_FORM_data1),
    ],
};

/// The attributes of every subprogram; a typed function adds its type.
/// Every function is external, nested ones too: gdb puts the others in
/// their parent's scope only, where `break f` does not look.
const SUBPROGRAM_ATTRS: [(DwAt, DwForm); 8] = [
    (DW_AT_name, DW_FORM_string),
    (DW_AT_external, DW_FORM_flag_present),
    (DW_AT_decl_file, DW_FORM_data1),
    (DW_AT_decl_line, DW_FORM_udata),
    (DW_AT_prototyped, DW_FORM_flag_present),
    (DW_AT_low_pc, DW_FORM_addr),
    (DW_AT_high_pc, DW_FORM_addr),
    (DW_AT_frame_base, DW_FORM_exprloc),
];

const VOID_SUBPROGRAM: Abbrev = Abbrev {
    code: 3,
    tag: DW_TAG_subprogram,
    children: true,
    attrs: &SUBPROGRAM_ATTRS,
};

const TYPED_SUBPROGRAM: Abbrev = Abbrev {
    code: 4,
    tag: DW_TAG_subprogram,
    children: true,
    attrs: &{
        let [a, b, c, d, e, f, g, h] = SUBPROGRAM_ATTRS;
        [a, b, c, d, e, f, g, h, (DW_AT_type, DW_FORM_ref4)]
    },
};

/// The attributes of a variable or parameter without a location.
const VARIABLE_ATTRS: [(DwAt, DwForm); 4] = [
    (DW_AT_name, DW_FORM_string),
    (DW_AT_decl_file, DW_FORM_data1),
    (DW_AT_decl_line, DW_FORM_udata),
    (DW_AT_type, DW_FORM_ref4),
];

/// The entry of a parameter or a local variable with `attrs`.
const fn variable_abbrev(code: u64, param: bool, attrs: &'static [(DwAt, DwForm)]) -> Abbrev {
    let tag = if param {
        DW_TAG_formal_parameter
    } else {
        DW_TAG_variable
    };
    Abbrev {
        code,
        tag,
        children: false,
        attrs,
    }
}

const LOCATED_VARIABLE_ATTRS: [(DwAt, DwForm); 5] = {
    let [a, b, c, d] = VARIABLE_ATTRS;
    [a, b, c, d, (DW_AT_location, DW_FORM_exprloc)]
};

const PARAM: Abbrev = variable_abbrev(5, true, &LOCATED_VARIABLE_ATTRS);

const PARAM_OPTIMIZED_OUT: Abbrev = variable_abbrev(6, true, &VARIABLE_ATTRS);

const VARIABLE: Abbrev = variable_abbrev(7, false, &LOCATED_VARIABLE_ATTRS);

const VARIABLE_OPTIMIZED_OUT: Abbrev = variable_abbrev(8, false, &VARIABLE_ATTRS);

/// A pointer to an outer variable that a nested function receives after
/// its own parameters. It has no name, so gdb shows it nowhere (`info
/// args`, backtraces), but it is part of the function's type: gdb will not
/// call the function without it (`print f(1)` is "Too few arguments"; `print
/// f(1, &x)` works).
const HIDDEN_PARAM: Abbrev = Abbrev {
    code: 9,
    tag: DW_TAG_formal_parameter,
    children: false,
    attrs: &[
        (DW_AT_type, DW_FORM_ref4),
        (DW_AT_artificial, DW_FORM_flag_present),
    ],
};

const POINTER_TYPE: Abbrev = Abbrev {
    code: 10,
    tag: DW_TAG_pointer_type,
    children: false,
    attrs: &[(DW_AT_byte_size, DW_FORM_data1), (DW_AT_type, DW_FORM_ref4)],
};

const LOCLIST_VARIABLE_ATTRS: [(DwAt, DwForm); 5] = {
    let [a, b, c, d] = VARIABLE_ATTRS;
    [a, b, c, d, (DW_AT_location, DW_FORM_sec_offset)]
};

const PARAM_LOCLIST: Abbrev = variable_abbrev(11, true, &LOCLIST_VARIABLE_ATTRS);

const VARIABLE_LOCLIST: Abbrev = variable_abbrev(12, false, &LOCLIST_VARIABLE_ATTRS);

const ABBREVS: [&Abbrev; 12] = [
    &COMPILE_UNIT,
    &BASE_TYPE,
    &VOID_SUBPROGRAM,
    &TYPED_SUBPROGRAM,
    &PARAM,
    &PARAM_OPTIMIZED_OUT,
    &VARIABLE,
    &VARIABLE_OPTIMIZED_OUT,
    &HIDDEN_PARAM,
    &POINTER_TYPE,
    &PARAM_LOCLIST,
    &VARIABLE_LOCLIST,
];

/// The labels of the base types' entries.
fn type_label(ty: DebugType) -> &'static str {
    match ty {
        DebugType::Int => ".Ldebug_type_int",
        DebugType::Bool => ".Ldebug_type_bool",
    }
}

/// The labels of the entries of the pointer types to the base types.
fn pointer_type_label(ty: DebugType) -> &'static str {
    match ty {
        DebugType::Int => ".Ldebug_type_int_ptr",
        DebugType::Bool => ".Ldebug_type_bool_ptr",
    }
}

/// One operation of a location expression.
#[derive(Clone, Copy, Debug)]
enum Op {
    CallFrameCfa,
    Fbreg(i64),
    Deref,
    /// The value is in this register (its DWARF number).
    Reg(u16),
    /// The address in this register plus an offset.
    Breg(u16, i64),
    Consts(i64),
    StackValue,
}

/// The value of one attribute of an entry, in the form its abbreviation
/// gives it.
enum AttrValue<'a> {
    String(&'a str),
    Data(u64),
    Udata(u64),
    FlagPresent,
    /// The address a label stands for.
    Addr(&'a str),
    /// The offset of a label in `.debug_info` from the unit's start.
    Ref(&'a str),
    /// The offset of a label in another section.
    SecOffset(&'a str),
    Exprloc(&'a [Op]),
}

/// A function whose code is written, waiting for the compile unit to be
/// written at the end (its subprogram goes inside its parent's).
struct FunctionEntry {
    symbol: String,
    /// The label just after its code.
    end_label: String,
    debug: Box<FunctionDebug>,
    /// The frame-base offset of each of `debug.variables`, if located.
    locations: Vec<Option<i64>>,
    /// The ranges of the location list of each of `debug.variables`
    /// without a frame-base offset (empty: no list).
    ranges: Vec<Vec<Range>>,
}

/// Collects the functions as they are written, then writes the debug
/// sections ([`DwarfWriter::finish`]).
#[derive(Default)]
pub struct DwarfWriter {
    functions: Vec<FunctionEntry>,
    /// Numbers the labels of location expressions.
    next_expr: u32,
    /// The contents of `.debug_loc`: the location lists so far.
    loc_lists: String,
}

impl DwarfWriter {
    /// Records the function `symbol`, whose code has just been written, and
    /// returns the label to put right after its code. `locations` are the
    /// frame-base offsets of its debug table's variables (`None`: not
    /// located), and `ranges` the ranges of the location list of each
    /// (none: empty, or shorter than the variables).
    pub fn add_function(
        &mut self,
        symbol: &str,
        debug: Box<FunctionDebug>,
        locations: Vec<Option<i64>>,
        ranges: Vec<Vec<Range>>,
    ) -> String {
        let end_label = format!(".Ldebug_end{}", self.functions.len());
        self.functions.push(FunctionEntry {
            symbol: symbol.to_string(),
            end_label: end_label.clone(),
            debug,
            locations,
            ranges,
        });
        end_label
    }

    /// How many functions were added: a number for the next one's labels.
    pub fn functions(&self) -> usize {
        self.functions.len()
    }

    /// The debug sections: `.debug_abbrev`, then `.debug_info` (the compile
    /// unit of `source_file`, relative to `comp_dir`, with every function
    /// recorded), and the start of `.debug_line`, which the assembler
    /// fills. [`TEXT_START`] and [`TEXT_END`] must be defined around the
    /// functions' code.
    pub fn finish(mut self, source_file: &str, comp_dir: &str) -> String {
        let mut out = String::new();
        out.push_str("\n\t.section .debug_abbrev,\"\",@progbits\n.Ldebug_abbrev:\n");
        for abbrev in ABBREVS {
            write_abbrev(&mut out, abbrev);
        }
        out.push_str("\t.byte 0\t# end of abbreviations\n");

        out.push_str("\n\t.section .debug_info,\"\",@progbits\n.Ldebug_info:\n");
        out.push_str("\t.long .Ldebug_info_end-.Ldebug_info_start\t# unit length\n");
        out.push_str(".Ldebug_info_start:\n");
        writeln!(out, "\t.2byte {DWARF_VERSION}\t# DWARF version").unwrap();
        out.push_str("\t.long .Ldebug_abbrev\t# abbreviations\n");
        out.push_str("\t.byte 8\t# address size\n");
        let producer = concat!("wendc ", env!("CARGO_PKG_VERSION"));
        self.entry(
            &mut out,
            &COMPILE_UNIT,
            &[
                AttrValue::String(producer),
                AttrValue::Data(DW_LANG_C99.0.into()),
                AttrValue::String(source_file),
                AttrValue::String(comp_dir),
                AttrValue::Addr(TEXT_START),
                AttrValue::Addr(TEXT_END),
                AttrValue::SecOffset(".Ldebug_line"),
            ],
        );
        for (ty, name, encoding, size) in [
            (DebugType::Int, "int", DW_ATE_signed, 4),
            (DebugType::Bool, "bool", DW_ATE_boolean, 1),
        ] {
            writeln!(out, "{}:", type_label(ty)).unwrap();
            self.entry(
                &mut out,
                &BASE_TYPE,
                &[
                    AttrValue::String(name),
                    AttrValue::Data(encoding.0.into()),
                    AttrValue::Data(size),
                ],
            );
            writeln!(out, "{}:", pointer_type_label(ty)).unwrap();
            self.entry(
                &mut out,
                &POINTER_TYPE,
                &[AttrValue::Data(8), AttrValue::Ref(type_label(ty))],
            );
        }
        // Each function's subprogram goes inside its parent's; a function
        // whose parent has no code of its own (inlined everywhere) goes in
        // the unit.
        let index: std::collections::HashMap<&str, usize> = self
            .functions
            .iter()
            .enumerate()
            .map(|(i, f)| (f.symbol.as_str(), i))
            .collect();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); self.functions.len()];
        let mut roots = Vec::new();
        for (i, f) in self.functions.iter().enumerate() {
            match f.debug.parent.as_deref().and_then(|p| index.get(p)) {
                Some(&parent) => children[parent].push(i),
                None => roots.push(i),
            }
        }
        // Depth first with an explicit stack: functions nest up to 1000
        // deep. `None` closes the entry opened below it.
        let mut stack: Vec<Option<usize>> = roots.into_iter().rev().map(Some).collect();
        while let Some(item) = stack.pop() {
            match item {
                Some(i) => {
                    self.subprogram(&mut out, i);
                    stack.push(None);
                    stack.extend(children[i].iter().rev().map(|&c| Some(c)));
                }
                None => out.push_str("\t.byte 0\t# end of children\n"),
            }
        }
        out.push_str("\t.byte 0\t# end of the unit's children\n.Ldebug_info_end:\n");
        if !self.loc_lists.is_empty() {
            out.push_str("\n\t.section .debug_loc,\"\",@progbits\n");
            out.push_str(&self.loc_lists);
        }
        // The assembler appends the line table it builds from `.loc` to
        // this (otherwise empty) section.
        out.push_str("\n\t.section .debug_line,\"\",@progbits\n.Ldebug_line:\n");
        out
    }

    /// The subprogram entry of function `i` and its variables (its
    /// children's entries and the closing 0 come after).
    fn subprogram(&mut self, out: &mut String, i: usize) {
        let f = &self.functions[i];
        let next_expr = &mut self.next_expr;
        let loc_lists = &mut self.loc_lists;
        let entry = &f.debug;
        let symbol = symbol(&f.symbol);
        writeln!(out, "# {}", f.symbol).unwrap();
        let mut attrs = vec![
            AttrValue::String(&entry.name),
            AttrValue::FlagPresent,
            AttrValue::Data(1),
            AttrValue::Udata(entry.line.into()),
            AttrValue::FlagPresent,
            AttrValue::Addr(&symbol),
            AttrValue::Addr(&f.end_label),
            AttrValue::Exprloc(&[Op::CallFrameCfa]),
        ];
        let abbrev = match entry.ret {
            Some(ty) => {
                attrs.push(AttrValue::Ref(type_label(ty)));
                &TYPED_SUBPROGRAM
            }
            None => &VOID_SUBPROGRAM,
        };
        entry_to(out, next_expr, abbrev, &attrs);
        for (k, (var, &location)) in entry.variables.iter().zip(&f.locations).enumerate() {
            let param = var.kind == VariableKind::Param;
            let ranges = f.ranges.get(k).map_or(&[][..], Vec::as_slice);
            if location.is_none() && !ranges.is_empty() {
                let list = format!(".Ldebug_loc_list{i}_{k}");
                let indirect = var.kind == VariableKind::Captured;
                write_loc_list(loc_lists, next_expr, &list, ranges, indirect);
                let attrs = [
                    AttrValue::String(&var.name),
                    AttrValue::Data(1),
                    AttrValue::Udata(var.line.into()),
                    AttrValue::Ref(type_label(var.ty)),
                    AttrValue::SecOffset(&list),
                ];
                let abbrev = if param {
                    &PARAM_LOCLIST
                } else {
                    &VARIABLE_LOCLIST
                };
                entry_to(out, next_expr, abbrev, &attrs);
                continue;
            }
            let ops: Vec<Op> = match (location, var.kind) {
                (None, _) => Vec::new(),
                (Some(offset), VariableKind::Captured) => vec![Op::Fbreg(offset), Op::Deref],
                (Some(offset), _) => vec![Op::Fbreg(offset)],
            };
            let mut attrs = vec![
                AttrValue::String(&var.name),
                AttrValue::Data(1),
                AttrValue::Udata(var.line.into()),
                AttrValue::Ref(type_label(var.ty)),
            ];
            let abbrev = match (param, ops.is_empty()) {
                (true, false) => &PARAM,
                (true, true) => &PARAM_OPTIMIZED_OUT,
                (false, false) => &VARIABLE,
                (false, true) => &VARIABLE_OPTIMIZED_OUT,
            };
            if !ops.is_empty() {
                attrs.push(AttrValue::Exprloc(&ops));
            }
            entry_to(out, next_expr, abbrev, &attrs);
        }
        for &ty in &entry.hidden_params {
            let attrs = [
                AttrValue::Ref(pointer_type_label(ty)),
                AttrValue::FlagPresent,
            ];
            entry_to(out, next_expr, &HIDDEN_PARAM, &attrs);
        }
    }

    fn entry(&mut self, out: &mut String, abbrev: &Abbrev, values: &[AttrValue]) {
        entry_to(out, &mut self.next_expr, abbrev, values);
    }
}

/// One debugging information entry: its abbreviation's code, then each
/// attribute's value in the form the abbreviation says. `next_expr`
/// numbers the labels around location expressions.
// gimli's constants keep DWARF's own spelling, lower case included.
#[allow(non_upper_case_globals)]
fn entry_to(out: &mut String, next_expr: &mut u32, abbrev: &Abbrev, values: &[AttrValue]) {
    assert_eq!(
        abbrev.attrs.len(),
        values.len(),
        "entry of {} with the wrong number of attributes",
        abbrev.tag
    );
    writeln!(out, "\t.uleb128 {}\t# {}", abbrev.code, abbrev.tag).unwrap();
    for (&(at, form), value) in abbrev.attrs.iter().zip(values) {
        match (form, value) {
            (DW_FORM_string, AttrValue::String(s)) => {
                writeln!(out, "\t.string \"{}\"\t# {at}", escape_ascii(s.as_bytes())).unwrap()
            }
            (DW_FORM_data1, AttrValue::Data(n)) => writeln!(out, "\t.byte {n}\t# {at}").unwrap(),
            (DW_FORM_data2, AttrValue::Data(n)) => writeln!(out, "\t.2byte {n}\t# {at}").unwrap(),
            (DW_FORM_udata, AttrValue::Udata(n)) => {
                writeln!(out, "\t.uleb128 {n}\t# {at}").unwrap()
            }
            // Present by the abbreviation alone: no data.
            (DW_FORM_flag_present, AttrValue::FlagPresent) => writeln!(out, "\t# {at}").unwrap(),
            (DW_FORM_addr, AttrValue::Addr(label)) => {
                writeln!(out, "\t.quad {label}\t# {at}").unwrap()
            }
            (DW_FORM_ref4, AttrValue::Ref(label)) => {
                writeln!(out, "\t.long {label}-.Ldebug_info\t# {at}").unwrap()
            }
            (DW_FORM_sec_offset, AttrValue::SecOffset(label)) => {
                writeln!(out, "\t.long {label}\t# {at}").unwrap()
            }
            (DW_FORM_exprloc, AttrValue::Exprloc(ops)) => {
                let n = *next_expr;
                *next_expr += 1;
                let (start, end) = (format!(".Ldebug_expr{n}"), format!(".Ldebug_expr_end{n}"));
                writeln!(out, "\t.uleb128 {end}-{start}\t# {at}\n{start}:").unwrap();
                for op in ops.iter() {
                    write_op(out, *op);
                }
                writeln!(out, "{end}:").unwrap();
            }
            _ => panic!("attribute {at} of {} is not in form {form}", abbrev.tag),
        }
    }
}

/// The location list `label` (DWARF 4 `.debug_loc`): a base address of 0,
/// so that the ranges are the labels' own addresses, then each range with
/// its expression, then the end of the list. With `indirect` (a captured
/// variable), each range locates the variable's address.
fn write_loc_list(
    out: &mut String,
    next_expr: &mut u32,
    label: &str,
    ranges: &[Range],
    indirect: bool,
) {
    writeln!(out, "{label}:\n\t.quad -1, 0\t# base address 0").unwrap();
    for range in ranges {
        let ops: Vec<Op> = match (range.loc, indirect) {
            (VarLoc::Reg(r), false) => vec![Op::Reg(r.dwarf_number())],
            (VarLoc::Frame(offset), false) => vec![Op::Fbreg(offset)],
            (VarLoc::Const(c), false) => vec![Op::Consts(c.into()), Op::StackValue],
            (VarLoc::Reg(r), true) => vec![Op::Breg(r.dwarf_number(), 0)],
            (VarLoc::Frame(offset), true) => vec![Op::Fbreg(offset), Op::Deref],
            // An address is never a known constant.
            (VarLoc::Const(_), true) => continue,
        };
        let n = *next_expr;
        *next_expr += 1;
        let (start, end) = (format!(".Ldebug_expr{n}"), format!(".Ldebug_expr_end{n}"));
        writeln!(out, "\t.quad {}, {}", range.start, range.end).unwrap();
        writeln!(out, "\t.2byte {end}-{start}\n{start}:").unwrap();
        for op in ops {
            write_op(out, op);
        }
        writeln!(out, "{end}:").unwrap();
    }
    out.push_str("\t.quad 0, 0\t# end of list\n");
}

fn write_abbrev(out: &mut String, abbrev: &Abbrev) {
    writeln!(out, "\t.uleb128 {}\t# abbreviation code", abbrev.code).unwrap();
    writeln!(out, "\t.uleb128 {:#x}\t# {}", abbrev.tag.0, abbrev.tag).unwrap();
    let children = if abbrev.children {
        DW_CHILDREN_yes
    } else {
        DW_CHILDREN_no
    };
    writeln!(out, "\t.byte {}\t# {children}", children.0).unwrap();
    for &(at, form) in abbrev.attrs {
        writeln!(out, "\t.uleb128 {:#x}\t# {at}", at.0).unwrap();
        writeln!(out, "\t.uleb128 {:#x}\t# {form}", form.0).unwrap();
    }
    out.push_str("\t.byte 0, 0\n");
}

fn write_op(out: &mut String, op: Op) {
    match op {
        Op::CallFrameCfa => {
            writeln!(
                out,
                "\t.byte {:#x}\t# {}",
                DW_OP_call_frame_cfa.0, DW_OP_call_frame_cfa
            )
        }
        Op::Fbreg(offset) => writeln!(
            out,
            "\t.byte {:#x}\t# {}\n\t.sleb128 {offset}",
            DW_OP_fbreg.0, DW_OP_fbreg
        ),
        Op::Deref => writeln!(out, "\t.byte {:#x}\t# {}", DW_OP_deref.0, DW_OP_deref),
        Op::Reg(n) => {
            let op = DwOp(DW_OP_reg0.0 + u8::try_from(n).expect("a register below 32"));
            writeln!(out, "\t.byte {:#x}\t# {op}", op.0)
        }
        Op::Breg(n, offset) => {
            let op = DwOp(DW_OP_breg0.0 + u8::try_from(n).expect("a register below 32"));
            writeln!(out, "\t.byte {:#x}\t# {op}\n\t.sleb128 {offset}", op.0)
        }
        Op::Consts(c) => writeln!(
            out,
            "\t.byte {:#x}\t# {}\n\t.sleb128 {c}",
            DW_OP_consts.0, DW_OP_consts
        ),
        Op::StackValue => writeln!(
            out,
            "\t.byte {:#x}\t# {}",
            DW_OP_stack_value.0, DW_OP_stack_value
        ),
    }
    .unwrap();
}

#[cfg(test)]
mod tests {
    use super::*;
    use wend_ir::debug_info::DebugVariable;

    fn function(name: &str, parent: Option<&str>) -> Box<FunctionDebug> {
        Box::new(FunctionDebug {
            name: name.rsplit('.').next().unwrap().to_string(),
            line: 1,
            ret: None,
            hidden_params: vec![DebugType::Int],
            parent: parent.map(String::from),
            variables: vec![DebugVariable {
                name: "x".to_string(),
                ty: DebugType::Int,
                kind: VariableKind::Captured,
                line: 1,
                slot: None,
            }],
        })
    }

    /// The lines of `.debug_info` that open or close a subprogram.
    fn structure(text: &str) -> Vec<&str> {
        text.lines()
            .skip_while(|l| *l != ".Ldebug_info:")
            .filter(|l| l.starts_with("# ") || l.contains("# end of"))
            .map(|l| l.rsplit("# ").next().unwrap())
            .collect()
    }

    #[test]
    fn subprograms_nest_as_the_functions_and_orphans_go_in_the_unit() {
        let mut w = DwarfWriter::default();
        let mut add = |symbol: &str, parent: Option<&str>| {
            let debug = function(symbol, parent);
            w.add_function(symbol, debug, vec![None], Vec::new())
        };
        assert_eq!(add("main", None), ".Ldebug_end0");
        add("main.f", Some("main"));
        add("main.f.g", Some("main.f"));
        // Its parent was inlined everywhere and has no code.
        add("main.h.k", Some("main.h"));
        add("main.m", Some("main"));
        let text = w.finish("prog.wend", "/src");
        assert_eq!(
            structure(&text),
            [
                "main",
                "main.f",
                "main.f.g",
                "end of children",
                "end of children",
                "main.m",
                "end of children",
                "end of children",
                "main.h.k",
                "end of children",
                "end of the unit's children",
            ]
        );
    }

    #[test]
    fn a_variable_without_a_slot_has_no_location() {
        let mut w = DwarfWriter::default();
        w.add_function("main", function("main", None), vec![None], Vec::new());
        let text = w.finish("prog.wend", "/src");
        assert!(text.contains("\t.uleb128 8\t# DW_TAG_variable"), "{text}");
        assert!(!text.contains("DW_OP_fbreg"), "{text}");
    }
}
