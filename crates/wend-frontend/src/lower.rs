//! Lowering: the checked program to `wend_ir`, in the style of clang -O0.
//!
//! - Every wend function becomes an IR function named by its nesting path
//!   (`main.step`); overloaded names get their parameter types appended
//!   (`main.max.int.int`, `main.max.void`). The entry point is `main`
//!   returning `i32` 0, like C's `int main(void)`.
//! - Every parameter and local lives in an `alloca` of the entry block
//!   (parameters are stored there on entry, locals zeroed); uses are loads
//!   and assignments stores. Later passes (mem2reg) clean this up.
//! - A nested function receives, after its own parameters, one pointer per
//!   captured outer variable; callers pass their own alloca or the pointer
//!   they were given. That is the by-reference sharing of §6.
//! - `&&`/`||` branch and merge with a phi; `/` and `%` are guarded against
//!   a zero divisor (a runtime error naming the line) and `INT_MIN / -1`.
//! - Each instruction carries the source line it comes from.
//! - With debug information (`-g`), each function carries a table of its
//!   variables ([`wend_ir::debug_info`]): their allocas, and for the
//!   captured ones the pointer parameters. The IR itself is the same.

use std::ops::Range;

use rustc_hash::{FxHashMap, FxHashSet};
use wend_ir::builder::FunctionBuilder;
use wend_ir::runtime::RuntimeFn;
use wend_ir::{BinOp, Block, IcmpCond, Module, StrId, Value};

use crate::ast::BinaryOp;
use crate::checked::{
    CallId, Checked, ExprId, ExprKind, FuncDef, FuncId, PrintArg, Stmt, Type, VarId,
};
use crate::span::Span;

/// Whether the IR's values are named.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ValueNames {
    /// Named after the variables and expressions they come from.
    Keep,
    /// No names, and none from later passes
    /// ([`wend_ir::Function::discard_value_names`]): for output that no
    /// one reads as IR, such as assembly.
    Discard,
}

/// Lowers a whole checked program. Each function's statements are dropped
/// once lowered, so the checked tree and the IR are not both whole in
/// memory at once.
pub fn lower_program(mut checked: Checked, names: ValueNames, debug_info: bool) -> Module {
    let mut module = Module::new();
    let symbols = symbol_names(&checked);
    // Declare every function first so that calls, in any direction, have a
    // callee id; the bodies replace the declarations afterwards.
    let ids: Vec<wend_ir::FuncId> = (0..checked.funcs.len())
        .map(|i| module.add_function(signature(&checked, FuncId(i as u32), &symbols[i])))
        .collect();
    let mut shared = Shared {
        module,
        ids,
        runtime: FxHashMap::default(),
        strings: FxHashMap::default(),
        last_line: 1,
        debug_info,
    };
    for index in 0..checked.funcs.len() {
        let id = FuncId(index as u32);
        // Lowering needs the function and the module (for callee ids,
        // runtime declarations and strings) mutably at once, so the
        // declaration is taken out of the module while its body is built,
        // leaving an empty (allocation-free) stand-in.
        let ir_id = shared.ids[index];
        let placeholder = wend_ir::Function::new(String::new(), &[], None);
        let mut function = std::mem::replace(&mut shared.module.functions[ir_id], placeholder);
        if names == ValueNames::Discard {
            function.discard_value_names();
        }
        let body = std::mem::take(&mut checked.funcs[index].body);
        FunctionLowering::lower(&checked, id, body, &mut function, &mut shared);
        if let (Some(debug), Some(parent)) = (&mut function.debug, checked.funcs[index].parent) {
            debug.parent = Some(symbols[parent.index()].clone());
        }
        function.shrink_small_arenas();
        shared.module.functions[ir_id] = function;
    }
    shared.module
}

/// The IR type of a wend value type.
fn ir_type(ty: Type) -> wend_ir::Type {
    match ty {
        Type::Int => wend_ir::Type::I32,
        Type::Bool => wend_ir::Type::I1,
    }
}

/// The IR return type: wend's void `main` returns `i32` like C's.
fn ir_return_type(checked: &Checked, func: FuncId) -> Option<wend_ir::Type> {
    if func == checked.main {
        Some(wend_ir::Type::I32)
    } else {
        checked.func(func).ret.map(ir_type)
    }
}

/// An IR function with the signature of `func` and no body: its own
/// parameters, then one pointer per capture.
fn signature(checked: &Checked, func: FuncId, symbol: &str) -> wend_ir::Function {
    let def = checked.func(func);
    let params: Vec<(wend_ir::Type, &str)> = def
        .params
        .iter()
        .map(|&p| (ir_type(checked.var(p).ty), checked.var_name(p)))
        .chain(
            def.captures
                .iter()
                .map(|&c| (ir_type(checked.var(c).ty).pointer_to(), checked.var_name(c))),
        )
        .collect();
    wend_ir::Function::new(symbol, &params, ir_return_type(checked, func))
}

/// Symbol names for all functions, indexed by [`FuncId`]: the path of
/// names from `main`, with parameter types appended to overloaded names,
/// made unique with `.1`, `.2`, ... should two still coincide.
fn symbol_names(checked: &Checked) -> Vec<String> {
    let count = checked.funcs.len();
    let mut symbols: Vec<String> = Vec::with_capacity(count);
    // Both tables are sized up front: a program of many functions would
    // otherwise rehash them again and again. They are only probed, never
    // iterated, so their order cannot reach the output.
    let mut taken: FxHashSet<String> =
        FxHashSet::with_capacity_and_hasher(count, Default::default());
    // Parents always have smaller ids than their children, so a parent's
    // symbol is known when its children are named.
    for func in &checked.funcs {
        let mut segment = func.name.clone();
        if func.overloaded {
            if func.params.is_empty() {
                segment.push_str(".void");
            }
            for &param in &func.params {
                segment.push('.');
                segment.push_str(&checked.var(param).ty.to_string());
            }
        }
        let base = match func.parent {
            Some(parent) => format!("{}.{segment}", symbols[parent.index()]),
            None => segment,
        };
        let mut symbol = base.clone();
        let mut counter = 0;
        while !taken.insert(symbol.clone()) {
            counter += 1;
            symbol = format!("{base}.{counter}");
        }
        symbols.push(symbol);
    }
    symbols
}

/// Module-wide state shared by the function lowerings.
struct Shared {
    module: Module,
    /// The IR function of each wend function.
    ids: Vec<wend_ir::FuncId>,
    /// Runtime declarations already added, so each is looked up once.
    runtime: FxHashMap<RuntimeFn, wend_ir::FuncId>,
    /// String constants already added (only looked up, never iterated).
    strings: FxHashMap<Vec<u8>, StrId>,
    /// The source line the last function lowered ended on: the next one's
    /// first line is searched for from there (functions are lowered in
    /// the order they were declared, near each other in the source).
    last_line: u32,
    /// Whether each function gets its debug table.
    debug_info: bool,
}

impl Shared {
    fn runtime_fn(&mut self, rt: RuntimeFn) -> wend_ir::FuncId {
        *self
            .runtime
            .entry(rt)
            .or_insert_with(|| self.module.runtime_fn(rt))
    }

    fn string(&mut self, bytes: &[u8]) -> StrId {
        if let Some(&id) = self.strings.get(bytes) {
            return id;
        }
        let id = self.module.strings.push(bytes.to_vec());
        self.strings.insert(bytes.to_vec(), id);
        id
    }
}

/// The addresses of the variables one function can touch. A function's
/// parameters have consecutive ids, and so have its locals (sema creates
/// each group in one go), and the prologue creates each group's allocas in
/// a row, so their results are consecutive values too: a variable's slot
/// is then plain arithmetic from the group's first, with no table to read
/// (a table read is a cache miss per use in a function with very many
/// locals). The two groups are not consecutive with each other: a nested
/// function declared later gets its parameters in between. The captured
/// outer variables, usually few, are in a map.
struct Slots {
    params: SlotRun,
    locals: SlotRun,
    /// The captures, and the own variables of a group that is not a run
    /// after all (lowering never makes one; the map keeps it correct if it
    /// did).
    others: FxHashMap<VarId, Value>,
}

/// Variables with consecutive ids whose slots are consecutive values:
/// the `i`-th variable's slot is `first_slot + i`.
#[derive(Default)]
struct SlotRun {
    first_var: usize,
    first_slot: u32,
    len: usize,
}

impl SlotRun {
    /// The run of `vars` and their `slots`, or `None` if either is not
    /// consecutive.
    fn new(vars: &[VarId], slots: &[Value]) -> Option<SlotRun> {
        let (first_var, first_slot) = match (vars.first(), slots.first()) {
            (Some(v), Some(s)) => (v.index(), s.as_u32()),
            _ => return Some(SlotRun::default()),
        };
        let consecutive = vars.len() == slots.len()
            && vars.iter().zip(first_var..).all(|(v, i)| v.index() == i)
            && slots.iter().zip(first_slot..).all(|(s, i)| s.as_u32() == i);
        consecutive.then_some(SlotRun {
            first_var,
            first_slot,
            len: vars.len(),
        })
    }

    fn get(&self, var: VarId) -> Option<Value> {
        let index = var.index().checked_sub(self.first_var)?;
        (index < self.len).then(|| Value::from_u32(self.first_slot + index as u32))
    }
}

impl Slots {
    fn new() -> Slots {
        Slots {
            params: SlotRun::default(),
            locals: SlotRun::default(),
            others: FxHashMap::default(),
        }
    }

    /// One group's slots as a run if they are one, else put in the map
    /// (and an empty run returned).
    fn group(&mut self, vars: &[VarId], slots: &[Value]) -> SlotRun {
        SlotRun::new(vars, slots).unwrap_or_else(|| {
            self.others
                .extend(vars.iter().copied().zip(slots.iter().copied()));
            SlotRun::default()
        })
    }

    fn insert(&mut self, var: VarId, slot: Value) {
        self.others.insert(var, slot);
    }

    fn get(&self, var: VarId) -> Value {
        let own = self.params.get(var).or_else(|| self.locals.get(var));
        own.unwrap_or_else(|| self.others[&var])
    }
}

struct FunctionLowering<'a, 'f> {
    checked: &'a Checked,
    func: FuncId,
    def: &'a FuncDef,
    b: FunctionBuilder<'f>,
    shared: &'a mut Shared,
    /// The address of every variable the function can touch: its own
    /// allocas and the capture pointers it received.
    slots: Slots,
    /// Blocks in the order they were started; becomes the layout, so the
    /// printed IR reads top to bottom like the source. Blocks created but
    /// never started (a merge block nothing jumps to) are left out.
    order: Vec<Block>,
    /// The current source line (see [`Self::line`]); before the first
    /// span, the line the previous function's lowering ended on.
    line: u32,
    /// The byte offsets the current line covers. Spans come mostly in
    /// source order, on the current line or the next, so checking those two
    /// first saves a search of the line starts for most of them, and the
    /// others are searched for outward from the current line.
    line_bytes: Range<usize>,
}

impl<'a, 'f> FunctionLowering<'a, 'f> {
    fn lower(
        checked: &'a Checked,
        func: FuncId,
        body: Vec<Stmt>,
        ir: &'f mut wend_ir::Function,
        shared: &'a mut Shared,
    ) {
        let def = checked.func(func);
        // About one instruction and value per expression (a load per
        // variable use, one per operator; a division adds its guard) and
        // two per variable (its alloca and the store that sets it on
        // entry); with half as much again to spare, the arenas never grow
        // by copying.
        let variables = def.params.len() + def.locals.len();
        let estimate = def.expr_count as usize * 3 / 2 + variables * 2 + 4;
        let blocks = def.block_count as usize;
        ir.reserve(estimate, estimate, blocks);
        // A name hint per variable (its slot's), two per parameter (the
        // parameter's and its slot's).
        if !ir.discards_value_names() {
            ir.value_hints
                .reserve(def.params.len() * 2 + def.locals.len());
        }
        let b = FunctionBuilder::new(ir);
        let entry = b.entry_block();
        let line = shared.last_line;
        let mut this = FunctionLowering {
            checked,
            func,
            def,
            b,
            shared,
            slots: Slots::new(),
            order: Vec::with_capacity(blocks),
            line,
            line_bytes: 0..0,
        };
        this.order.push(entry);
        this.prologue();
        // As `stmts`, but each statement is dropped once lowered.
        for stmt in body {
            if this.b.is_terminated() {
                break;
            }
            this.stmt(&stmt);
        }
        this.epilogue();
        this.shared.last_line = this.line;
        let order = std::mem::take(&mut this.order);
        this.b.func.layout = order;
    }

    /// Tags the instructions created from now on with the line of `span`.
    fn line(&mut self, span: Span) {
        self.line_at(span.start());
    }

    /// Tags the instructions created from now on with the line of the
    /// byte at `offset`.
    fn line_at(&mut self, offset: usize) {
        if !self.line_bytes.contains(&offset) {
            let lines = &self.checked.lines;
            let next = self.line + 1;
            self.line = if lines.line_bytes(next).contains(&offset) {
                next
            } else {
                lines.line_near(offset, self.line)
            };
            self.line_bytes = lines.line_bytes(self.line);
        }
        self.b.set_line(self.line);
    }

    /// Allocas for parameters and locals, parameters stored, locals zeroed.
    fn prologue(&mut self) {
        self.line(self.def.name_span);
        let own_params = self.def.params.len();
        // All allocas first, then the stores: the builder inserts each
        // alloca before the entry block's other instructions, which would
        // shift every store made so far (quadratic with many locals).
        let param_slots = self.allocas(&self.def.params, ".addr");
        let local_slots = self.allocas(&self.def.locals, "");
        for (index, &slot) in param_slots.iter().enumerate() {
            let value = self.b.param(index);
            self.b.store(value, slot);
        }
        for (&local, &slot) in self.def.locals.iter().zip(&local_slots) {
            let zero = match self.checked.var(local).ty {
                Type::Int => self.b.iconst(0),
                Type::Bool => self.b.bconst(false),
            };
            self.b.store(zero, slot);
        }
        self.slots.params = self.slots.group(&self.def.params, &param_slots);
        self.slots.locals = self.slots.group(&self.def.locals, &local_slots);
        for (index, &capture) in self.def.captures.iter().enumerate() {
            let pointer = self.b.param(own_params + index);
            self.slots.insert(capture, pointer);
        }
        if self.shared.debug_info {
            let pointers: Vec<Value> = (0..self.def.captures.len())
                .map(|index| self.b.param(own_params + index))
                .collect();
            let table = self.debug_table(&param_slots, &local_slots, &pointers);
            self.b.func.debug = Some(Box::new(table));
        }
    }

    /// The function's debug table (its parent is filled in by the caller):
    /// its parameters, its locals, and the captured variables that its
    /// name lookups reach (one shadowed by a variable of this function, or
    /// of a function between this one and the variable's, is passed
    /// through but not visible here).
    fn debug_table(
        &self,
        param_slots: &[Value],
        local_slots: &[Value],
        capture_pointers: &[Value],
    ) -> wend_ir::debug_info::FunctionDebug {
        use wend_ir::debug_info::{DebugType, DebugVariable, FunctionDebug, VariableKind};
        let checked = self.checked;
        let debug_type = |ty: Type| match ty {
            Type::Int => DebugType::Int,
            Type::Bool => DebugType::Bool,
        };
        let variable = |id: VarId, kind: VariableKind, slot: Value| {
            let var = checked.var(id);
            DebugVariable {
                name: checked.var_name(id).to_string(),
                ty: debug_type(var.ty),
                kind,
                line: checked.lines.line(var.span.start()),
                slot: Some(slot),
            }
        };
        let shadowed = |id: VarId| {
            let name = checked.var_name(id);
            let owner = checked.var(id).owner;
            let mut func = self.func;
            while func != owner {
                let def = checked.func(func);
                let declares = |v: &VarId| checked.var_name(*v) == name;
                if def.params.iter().chain(&def.locals).any(declares) {
                    return true;
                }
                match def.parent {
                    Some(parent) => func = parent,
                    None => break,
                }
            }
            false
        };
        let params = self.def.params.iter().zip(param_slots);
        let locals = self.def.locals.iter().zip(local_slots);
        let captures = self.def.captures.iter().zip(capture_pointers);
        let variables = params
            .map(|(&id, &slot)| variable(id, VariableKind::Param, slot))
            .chain(locals.map(|(&id, &slot)| variable(id, VariableKind::Local, slot)))
            .chain(
                captures
                    .filter(|&(&id, _)| !shadowed(id))
                    .map(|(&id, &slot)| variable(id, VariableKind::Captured, slot)),
            )
            .collect();
        FunctionDebug {
            name: self.def.name.clone(),
            line: checked.lines.line(self.def.name_span.start()),
            ret: self.def.ret.map(debug_type),
            hidden_params: self
                .def
                .captures
                .iter()
                .map(|&id| debug_type(checked.var(id).ty))
                .collect(),
            parent: None,
            variables,
        }
    }

    /// One alloca per variable, in a row (so their results are consecutive
    /// values, see [`Slots`]), each named after its variable plus `suffix`.
    fn allocas(&mut self, vars: &[VarId], suffix: &str) -> Vec<Value> {
        let mut name = String::new();
        vars.iter()
            .map(|&id| {
                name.clear();
                name.push_str(self.checked.var_name(id));
                name.push_str(suffix);
                self.b.alloca(ir_type(self.checked.var(id).ty), &name)
            })
            .collect()
    }

    /// Falling off the end: `ret void`, `ret i32 0` for `main`, and
    /// `unreachable` for a typed function (the checker proved it cannot
    /// get there; the block exists only when the CFG is coarser than that).
    fn epilogue(&mut self) {
        if self.b.is_terminated() {
            return;
        }
        self.line(self.def.close_brace);
        if self.func == self.checked.main {
            let zero = self.b.iconst(0);
            self.b.ret(Some(zero));
        } else if self.def.ret.is_some() {
            self.b.unreachable();
        } else {
            self.b.ret(None);
        }
    }

    fn start(&mut self, block: Block) {
        self.b.switch_to_block(block);
        self.order.push(block);
    }

    fn slot(&self, var: VarId) -> Value {
        // Sema resolved every use to a variable of this function or a
        // capture, and capture analysis gave the function a pointer for
        // every outer variable it uses.
        self.slots.get(var)
    }

    // ---- Statements ----

    /// Lowers a statement list, stopping after a statement that cannot
    /// complete normally: what follows is unreachable (sema warned).
    fn stmts(&mut self, stmts: &[Stmt]) {
        for stmt in stmts {
            if self.b.is_terminated() {
                break;
            }
            self.stmt(stmt);
        }
    }

    fn stmt(&mut self, stmt: &Stmt) {
        match stmt {
            Stmt::Assign { var, value, span } => {
                let value = self.expr(*value);
                self.line(*span);
                let slot = self.slot(*var);
                self.b.store(value, slot);
            }
            Stmt::Call(call) => {
                self.call(*call);
            }
            Stmt::Return { value, span } => {
                let value = value.map(|v| self.expr(v));
                self.line(*span);
                if self.func == self.checked.main {
                    let zero = self.b.iconst(0);
                    self.b.ret(Some(zero));
                } else {
                    self.b.ret(value);
                }
            }
            Stmt::Print { arg, newline, span } => {
                // `println "";` prints just the newline: no empty string call.
                let checked = self.checked;
                let call = match *arg {
                    PrintArg::Str(bytes) if checked.exprs.strings[bytes].is_empty() => None,
                    PrintArg::Str(bytes) => {
                        let bytes = &checked.exprs.strings[bytes];
                        let id = self.shared.string(bytes);
                        self.line(*span);
                        let pointer = self.b.string(id);
                        let len = self
                            .b
                            .iconst(i32::try_from(bytes.len()).unwrap_or(i32::MAX));
                        Some((RuntimeFn::PrintStr, vec![pointer, len]))
                    }
                    PrintArg::Value(value) => {
                        let rt = match checked.exprs[value].ty {
                            Type::Int => RuntimeFn::PrintInt,
                            Type::Bool => RuntimeFn::PrintBool,
                        };
                        Some((rt, vec![self.expr(value)]))
                    }
                };
                self.line(*span);
                if let Some((rt, args)) = call {
                    self.runtime_call(rt, args);
                }
                if *newline {
                    self.runtime_call(RuntimeFn::PrintNewline, Vec::new());
                }
            }
            Stmt::If(if_stmt) => self.if_stmt(if_stmt.cond, &if_stmt.then_body, &if_stmt.else_body),
            Stmt::While(while_stmt) => {
                self.while_stmt(while_stmt.cond, &while_stmt.body, while_stmt.span)
            }
        }
    }

    fn if_stmt(&mut self, cond: ExprId, then_body: &[Stmt], else_body: &[Stmt]) {
        let cond = self.expr(cond);
        let then_block = self.b.create_block("if.then");
        let else_block = (!else_body.is_empty()).then(|| self.b.create_block("if.else"));
        let end_block = self.b.create_block("if.end");
        self.b
            .cond_br(cond, then_block, else_block.unwrap_or(end_block));

        self.start(then_block);
        self.stmts(then_body);
        let mut end_reached = !self.b.is_terminated();
        if end_reached {
            self.b.br(end_block);
        }
        match else_block {
            Some(else_block) => {
                self.start(else_block);
                self.stmts(else_body);
                if !self.b.is_terminated() {
                    self.b.br(end_block);
                    end_reached = true;
                }
            }
            None => end_reached = true,
        }
        // When both branches return, nothing jumps to the merge block: it
        // stays out of the layout and the current block stays terminated,
        // so the (unreachable) rest of the list is skipped.
        if end_reached {
            self.start(end_block);
        }
    }

    fn while_stmt(&mut self, cond: ExprId, body: &[Stmt], span: Span) {
        self.line(span);
        // `while true` is an endless loop by definition (§6): jump straight
        // into the body and make no exit block, as clang does for `while (1)`.
        if let ExprKind::Bool(true) = self.checked.exprs[cond].kind {
            let body_block = self.b.create_block("while.body");
            self.b.br(body_block);
            self.start(body_block);
            self.stmts(body);
            if !self.b.is_terminated() {
                self.line(span);
                self.b.br(body_block);
            }
            return;
        }
        let cond_block = self.b.create_block("while.cond");
        let body_block = self.b.create_block("while.body");
        let end_block = self.b.create_block("while.end");
        self.b.br(cond_block);
        self.start(cond_block);
        let cond = self.expr(cond);
        self.b.cond_br(cond, body_block, end_block);
        self.start(body_block);
        self.stmts(body);
        if !self.b.is_terminated() {
            self.line(span);
            self.b.br(cond_block);
        }
        self.start(end_block);
    }

    fn runtime_call(&mut self, rt: RuntimeFn, args: Vec<Value>) {
        let callee = self.shared.runtime_fn(rt);
        self.b.call(callee, None, args, "");
    }

    /// Emits a call; returns its result (the `i32` 0 of a call to `main`
    /// included, which is simply unused).
    fn call(&mut self, call: CallId) -> Option<Value> {
        let call = &self.checked.exprs.calls[call];
        let mut args: Vec<Value> = call.args.iter().map(|&arg| self.expr(arg)).collect();
        let callee = self.checked.func(call.func);
        args.extend(callee.captures.iter().map(|&var| self.slot(var)));
        self.line(call.span);
        let ret = ir_return_type(self.checked, call.func);
        let name = if callee.ret.is_some() { "call" } else { "" };
        self.b
            .call(self.shared.ids[call.func.index()], ret, args, name)
    }

    // ---- Expressions ----

    fn expr(&mut self, expr: ExprId) -> Value {
        let expr = &self.checked.exprs[expr];
        match expr.kind {
            ExprKind::Int(value) => self.b.iconst(value),
            ExprKind::Bool(value) => self.b.bconst(value),
            ExprKind::Var(var) => {
                let slot = self.slot(var);
                self.line(expr.span);
                self.b.load_of(ir_type(expr.ty), slot, "")
            }
            ExprKind::Call(call) => match self.call(call) {
                Some(value) => value,
                // Sema never types a void call as an expression.
                None => unreachable!("void call used as a value"),
            },
            ExprKind::Neg(operand) => {
                let value = self.expr(operand);
                self.line(expr.span);
                let zero = self.b.iconst(0);
                self.b.binary(BinOp::Sub, zero, value, "sub")
            }
            ExprKind::Not(operand) => {
                let value = self.expr(operand);
                self.line(expr.span);
                let all_ones = self.b.bconst(true);
                self.b.binary(BinOp::Xor, value, all_ones, "lnot")
            }
            ExprKind::Binary {
                op: op @ (BinaryOp::And | BinaryOp::Or),
                lhs,
                rhs,
                ..
            } => self.short_circuit(op == BinaryOp::And, lhs, rhs, expr.span),
            ExprKind::Binary {
                op,
                op_at,
                lhs,
                rhs,
            } => {
                let left = self.expr(lhs);
                let right = self.expr(rhs);
                self.line_at(op_at as usize);
                self.binary(op, left, right, rhs)
            }
        }
    }

    /// `a && b` / `a || b`: evaluate `b` only when needed, merge with a phi.
    fn short_circuit(&mut self, is_and: bool, lhs: ExprId, rhs: ExprId, span: Span) -> Value {
        let prefix = if is_and { "land" } else { "lor" };
        let left = self.expr(lhs);
        let left_end = self.b.current_block();
        let rhs_block = self.b.create_block(format!("{prefix}.rhs"));
        let end_block = self.b.create_block(format!("{prefix}.end"));
        self.line(span);
        if is_and {
            self.b.cond_br(left, rhs_block, end_block);
        } else {
            self.b.cond_br(left, end_block, rhs_block);
        }
        self.start(rhs_block);
        let right = self.expr(rhs);
        let right_end = self.b.current_block();
        self.line(span);
        self.b.br(end_block);
        self.start(end_block);
        // Coming straight from the left operand means its value decided.
        let decided = self.b.bconst(!is_and);
        self.b.phi(
            wend_ir::Type::I1,
            vec![(left_end, decided), (right_end, right)],
            "",
        )
    }

    fn binary(&mut self, op: BinaryOp, left: Value, right: Value, rhs: ExprId) -> Value {
        let (cond, name) = match op {
            BinaryOp::Add => return self.b.binary(BinOp::Add, left, right, "add"),
            BinaryOp::Sub => return self.b.binary(BinOp::Sub, left, right, "sub"),
            BinaryOp::Mul => return self.b.binary(BinOp::Mul, left, right, "mul"),
            BinaryOp::Div | BinaryOp::Rem => return self.division(op, left, right, rhs),
            BinaryOp::Eq => (IcmpCond::Eq, "cmp"),
            BinaryOp::Ne => (IcmpCond::Ne, "cmp"),
            BinaryOp::Lt => (IcmpCond::Slt, "cmp"),
            BinaryOp::Le => (IcmpCond::Sle, "cmp"),
            BinaryOp::Gt => (IcmpCond::Sgt, "cmp"),
            BinaryOp::Ge => (IcmpCond::Sge, "cmp"),
            BinaryOp::And | BinaryOp::Or => unreachable!("short-circuit operators lowered apart"),
        };
        self.b.icmp(cond, left, right, name)
    }

    /// `/` and `%` with wend's semantics: a zero divisor is a runtime error
    /// naming the line, and `INT_MIN / -1` wraps (`INT_MIN % -1` is 0),
    /// which LLVM's `sdiv`/`srem` leave undefined. Divisors that are
    /// literals other than 0 and -1 need neither check.
    fn division(&mut self, op: BinaryOp, left: Value, right: Value, rhs: ExprId) -> Value {
        let (ir_op, name) = if op == BinaryOp::Div {
            (BinOp::SDiv, "div")
        } else {
            (BinOp::SRem, "rem")
        };
        if let ExprKind::Int(divisor) = self.checked.exprs[rhs].kind {
            if divisor != 0 && divisor != -1 {
                return self.b.binary(ir_op, left, right, name);
            }
        }
        let zero = self.b.iconst(0);
        let is_zero = self.b.icmp(IcmpCond::Eq, right, zero, "iszero");
        let zero_block = self.b.create_block("div.zero");
        let ok_block = self.b.create_block("div.ok");
        self.b.cond_br(is_zero, zero_block, ok_block);

        self.start(zero_block);
        // The line of the operator, set by the caller.
        let line = self.b.iconst(i32::try_from(self.line).unwrap_or(i32::MAX));
        let handler = self.shared.runtime_fn(RuntimeFn::DivByZero);
        self.b.call(handler, None, vec![line], "");
        self.b.unreachable();

        self.start(ok_block);
        let minus_one = self.b.iconst(-1);
        let is_minus_one = self.b.icmp(IcmpCond::Eq, right, minus_one, "isneg1");
        let one = self.b.iconst(1);
        let safe = self.b.select(is_minus_one, one, right, "divisor");
        let quotient = self.b.binary(ir_op, left, safe, name);
        // x / -1 is -x (wrapping), and x % -1 is 0.
        let special = if op == BinaryOp::Div {
            let zero = self.b.iconst(0);
            self.b.binary(BinOp::Sub, zero, left, "neg")
        } else {
            self.b.iconst(0)
        };
        self.b.select(is_minus_one, special, quotient, name)
    }
}

#[cfg(test)]
mod tests;
