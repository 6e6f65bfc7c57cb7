//! A function: its signature, and the arenas that hold its values,
//! instructions and blocks, plus the block layout (the order blocks are
//! printed and emitted in; the first block is the entry).
//!
//! A function with an empty layout is a declaration (an external such as a
//! runtime routine).

use crate::debug_info::FunctionDebug;
use crate::entities::{Block, Inst, StrId, Value};
use crate::instructions::{InstKind, Terminator};
use crate::name_hints::{NameHints, NameId};
use crate::prefetch::ReadAhead;
use crate::substitution::Substitution;
use crate::types::Type;
use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::{PrimaryMap, SecondaryMap};

/// The block holding each placed instruction ([`Function::inst_blocks`]),
/// 4 bytes an entry: on a huge function it is as long as the arena.
pub type InstBlocks = SecondaryMap<Inst, PackedOption<Block>>;

/// Where a value comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ValueDef {
    /// The result of an instruction.
    Inst(Inst),
    /// The n-th parameter of the function.
    Param(u32),
    /// An integer constant (`i1` constants are 0 or 1).
    Const(i32),
    /// An unspecified value of its type (LLVM's `undef`); mem2reg produces
    /// it on paths where a variable was never stored.
    Undef,
    /// The address of a module string constant (type `i8*`).
    Str(StrId),
}

/// What [`Function::pointer_base`] finds: a pointer is `root` advanced by
/// `offset` elements (`None`: by an index not known at compile time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointerBase {
    pub root: Value,
    pub offset: Option<i64>,
}

/// What [`Function::known_element`] finds: element `position` of
/// `alloca`, an alloca of `count` elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnownElement {
    pub alloca: Value,
    pub count: u32,
    pub position: i64,
}

#[derive(Clone, Copy, Debug)]
pub struct ValueData {
    pub ty: Type,
    pub def: ValueDef,
    /// A name hint for printing (`%counter`), in the function's
    /// `value_hints`; the printer makes names unique.
    pub name: Option<NameId>,
}

#[derive(Clone, Debug)]
pub struct InstData {
    pub kind: InstKind,
    /// The result value, if any (`expand()` gives an `Option`): packed
    /// into the value id's reserved number, so an instruction is 24 bytes.
    pub result: PackedOption<Value>,
    /// The 1-based source line the instruction comes from, 0 if none.
    pub line: u32,
}

#[derive(Clone, Debug, Default)]
pub struct BlockData {
    /// A name hint for printing (`while.cond`); the printer makes names unique.
    pub name: Box<str>,
    /// The phi instructions, which conceptually run at once on block entry.
    pub phis: Vec<Inst>,
    /// The ordinary instructions, in execution order.
    pub insts: Vec<Inst>,
    /// `None` only while the block is being built.
    pub terminator: Option<Terminator>,
    /// The source line of the terminator, 0 if none.
    pub terminator_line: u32,
}

#[derive(Clone, Debug)]
pub struct Function {
    /// The symbol name, unique in its module.
    pub name: String,
    /// One value per parameter, each defined as `ValueDef::Param(i)`.
    pub params: Vec<Value>,
    /// The return type; `None` for void.
    pub ret: Option<Type>,
    pub values: PrimaryMap<Value, ValueData>,
    pub insts: PrimaryMap<Inst, InstData>,
    pub blocks: PrimaryMap<Block, BlockData>,
    /// The blocks that belong to the function, in order; `layout[0]` is the
    /// entry. Blocks absent from the layout are deleted.
    pub layout: Vec<Block>,
    /// The strings that values' name hints refer to.
    pub value_hints: NameHints,
    /// Set by [`Function::discard_value_names`]: name hints are dropped as
    /// they are given.
    discards_value_names: bool,
    /// Source-level debug information, for `-g` (none otherwise).
    pub debug: Option<Box<FunctionDebug>>,
}

/// What [`Function::rewrite_operands`] does to each operand.
pub trait OperandRewrite {
    /// The value to use for operand `v` of an instruction (or the
    /// terminator) of `block` at source line `line`; instructions appended
    /// to `before` are placed right before that user.
    fn operand(
        &mut self,
        func: &mut Function,
        block: Block,
        v: Value,
        before: &mut Vec<Inst>,
        line: u32,
    ) -> Value;

    /// Instructions appended to `after` are placed right after `inst`
    /// (once its operands are rewritten); none by default.
    fn after(&mut self, func: &mut Function, inst: Inst, after: &mut Vec<Inst>) {
        let _ = (func, inst, after);
    }
}

impl Function {
    /// A function with the given signature and no body.
    pub fn new(name: impl Into<String>, params: &[(Type, &str)], ret: Option<Type>) -> Self {
        let mut f = Function {
            name: name.into(),
            params: Vec::new(),
            ret,
            values: PrimaryMap::new(),
            insts: PrimaryMap::new(),
            blocks: PrimaryMap::new(),
            layout: Vec::new(),
            value_hints: NameHints::default(),
            discards_value_names: false,
            debug: None,
        };
        for (i, &(ty, name)) in params.iter().enumerate() {
            let v = f.make_value(ty, ValueDef::Param(i as u32));
            f.set_value_name(v, name);
            f.params.push(v);
        }
        f
    }

    /// A declaration with this function's name and signature, no body:
    /// what stands in for a function whose body has been taken away.
    pub fn declaration_like(&self) -> Function {
        let params: Vec<(Type, &str)> = self
            .params
            .iter()
            .map(|&p| (self.values[p].ty, self.value_name(p).unwrap_or("")))
            .collect();
        Function::new(self.name.clone(), &params, self.ret)
    }

    /// A function without blocks is an external declaration.
    pub fn is_declaration(&self) -> bool {
        self.layout.is_empty()
    }

    pub fn entry_block(&self) -> Option<Block> {
        self.layout.first().copied()
    }

    pub fn param_types(&self) -> Vec<Type> {
        self.params.iter().map(|&p| self.values[p].ty).collect()
    }

    /// Makes room for `insts` more instructions, `values` more values and
    /// `blocks` more blocks, for a builder that knows about how many it
    /// will make: the arenas then never grow by copying (on a huge
    /// function, each copy is hundreds of megabytes of fresh memory). Room
    /// left unused costs only address space, and
    /// [`Function::shrink_small_arenas`] gives it back where it is memory.
    pub fn reserve(&mut self, insts: usize, values: usize, blocks: usize) {
        self.insts.reserve(insts);
        self.values.reserve(values);
        self.blocks.reserve(blocks);
    }

    /// Gives back the spare capacity of the arenas that are small. A
    /// program of many small functions keeps all of them at once between
    /// lowering and code generation, and the arenas' doubling leaves a
    /// quarter of each spare on average (three of four block slots in a
    /// function of one block).
    ///
    /// A large arena keeps its spare room: that is address space the
    /// allocator never gave pages to, so it costs no memory, while the
    /// passes after lowering push onto the arenas (mem2reg's phis and
    /// `undef`s). Shrunk to fit, the first such push would copy the whole
    /// arena into fresh memory.
    pub fn shrink_small_arenas(&mut self) {
        /// Arenas whose contents take up to this many bytes are shrunk.
        const SMALL: usize = 1 << 16;
        fn is_small<T>(len: usize) -> bool {
            len * std::mem::size_of::<T>() <= SMALL
        }
        if is_small::<ValueData>(self.values.len()) {
            self.values.shrink_to_fit();
        }
        if is_small::<InstData>(self.insts.len()) {
            self.insts.shrink_to_fit();
        }
        if is_small::<BlockData>(self.blocks.len()) {
            self.blocks.shrink_to_fit();
        }
        if is_small::<Block>(self.layout.len()) {
            self.layout.shrink_to_fit();
        }
    }

    // ---- values -------------------------------------------------------

    pub fn make_value(&mut self, ty: Type, def: ValueDef) -> Value {
        self.values.push(ValueData {
            ty,
            def,
            name: None,
        })
    }

    /// A fresh `i32` constant.
    pub fn iconst(&mut self, value: i32) -> Value {
        self.make_value(Type::I32, ValueDef::Const(value))
    }

    /// A fresh `i1` constant.
    pub fn bconst(&mut self, value: bool) -> Value {
        self.make_value(Type::I1, ValueDef::Const(value as i32))
    }

    pub fn undef(&mut self, ty: Type) -> Value {
        self.make_value(ty, ValueDef::Undef)
    }

    pub fn value_type(&self, v: Value) -> Type {
        self.values[v].ty
    }

    pub fn value_def(&self, v: Value) -> ValueDef {
        self.values[v].def
    }

    /// The constant a value stands for, if it is one.
    pub fn as_const(&self, v: Value) -> Option<i32> {
        match self.values[v].def {
            ValueDef::Const(c) => Some(c),
            _ => None,
        }
    }

    /// Where pointer `ptr` points: followed back through element pointers
    /// to the value they all derive from (an alloca, a parameter, ...),
    /// with the sum of their indices when every one is a constant.
    pub fn pointer_base(&self, mut ptr: Value) -> PointerBase {
        let mut offset = Some(0i64);
        // Bounded: in IR not yet verified, element pointers may form a cycle.
        for _ in 0..=self.insts.len() {
            let ValueDef::Inst(inst) = self.values[ptr].def else {
                break;
            };
            let InstKind::ElementPtr { base, index } = self.insts[inst].kind else {
                break;
            };
            offset = offset
                .zip(self.as_const(index))
                .map(|(o, i)| o + i64::from(i));
            ptr = base;
        }
        PointerBase { root: ptr, offset }
    }

    /// Where `elementptr base, index` points, when the alloca and every
    /// index on the way are known: that alloca, its number of elements and
    /// the element's position in it, which may lie outside it.
    pub fn known_element(&self, base: Value, index: Value) -> Option<KnownElement> {
        let at = self.pointer_base(base);
        let position = at.offset? + i64::from(self.as_const(index)?);
        let count = self.alloca_count(at.root)?;
        Some(KnownElement {
            alloca: at.root,
            count,
            position,
        })
    }

    /// Whether `elementptr base, index` is known to stay inside the alloca
    /// it points into ([`Function::known_element`]). Only then may a pass
    /// compute it where the program would not have.
    pub fn element_in_bounds(&self, base: Value, index: Value) -> bool {
        self.known_element(base, index)
            .is_some_and(|e| (0..i64::from(e.count)).contains(&e.position))
    }

    /// The number of elements of the alloca that defines `v`; `None` when
    /// `v` is not an alloca's result.
    pub fn alloca_count(&self, v: Value) -> Option<u32> {
        match self.values[v].def {
            ValueDef::Inst(inst) => match self.insts[inst].kind {
                InstKind::Alloca { count, .. } => Some(count),
                _ => None,
            },
            _ => None,
        }
    }

    /// Gives `v` the name hint `name` (none if empty), unless the function
    /// discards value names.
    pub fn set_value_name(&mut self, v: Value, name: &str) {
        if self.discards_value_names {
            return;
        }
        self.values[v].name = if name.is_empty() {
            None
        } else {
            Some(self.value_hints.intern(name))
        };
    }

    /// Drops the name hints of the values and ignores those given from now
    /// on, as clang's `-discard-value-names` does: when no one will read
    /// the IR (the output is assembly or an executable), naming half a
    /// million values is work for nothing. The printer numbers unnamed
    /// values (`%0`, `%1`, …) as usual; blocks keep their names.
    pub fn discard_value_names(&mut self) {
        for data in self.values.values_mut() {
            data.name = None;
        }
        self.value_hints = NameHints::default();
        self.discards_value_names = true;
    }

    /// Whether [`Function::discard_value_names`] was called.
    pub fn discards_value_names(&self) -> bool {
        self.discards_value_names
    }

    pub fn value_name(&self, v: Value) -> Option<&str> {
        let id = self.values.get(v)?.name?;
        Some(self.value_hints.get(id))
    }

    // ---- instructions -------------------------------------------------

    /// Creates an instruction (not yet placed in any block) and its result
    /// value of type `result`, if any.
    pub fn make_inst(&mut self, kind: InstKind, result: Option<Type>, line: u32) -> Inst {
        let inst = self.insts.push(InstData {
            kind,
            result: PackedOption::default(),
            line,
        });
        if let Some(ty) = result {
            let v = self.make_value(ty, ValueDef::Inst(inst));
            self.insts[inst].result = v.into();
        }
        inst
    }

    pub fn inst_result(&self, inst: Inst) -> Option<Value> {
        self.insts[inst].result.expand()
    }

    pub fn inst_kind(&self, inst: Inst) -> &InstKind {
        &self.insts[inst].kind
    }

    /// The value the phi `phi` takes on the edge from `pred`. A phi has an
    /// entry for each predecessor of its block, so asking for one it lacks
    /// (or asking a non-phi) is a compiler bug.
    pub fn phi_entry_from(&self, phi: Inst, pred: Block) -> Value {
        let InstKind::Phi { incoming } = &self.insts[phi].kind else {
            panic!("{phi:?} is not a phi")
        };
        match incoming.iter().find(|&&(p, _)| p == pred) {
            Some(&(_, v)) => v,
            None => panic!("phi {phi:?} has no entry for the edge from {pred:?}"),
        }
    }

    /// The instruction that defines `v`, if `v` is an instruction result.
    pub fn defining_inst(&self, v: Value) -> Option<Inst> {
        match self.values[v].def {
            ValueDef::Inst(i) => Some(i),
            _ => None,
        }
    }

    // ---- blocks -------------------------------------------------------

    /// Creates a block and appends it to the layout.
    pub fn append_block(&mut self, name: impl Into<Box<str>>) -> Block {
        let b = self.create_block(name);
        self.layout.push(b);
        b
    }

    /// Creates a block that is not in the layout yet (place it with
    /// `layout.insert`).
    pub fn create_block(&mut self, name: impl Into<Box<str>>) -> Block {
        self.blocks.push(BlockData {
            name: name.into(),
            ..BlockData::default()
        })
    }

    pub fn terminator(&self, b: Block) -> Option<&Terminator> {
        self.blocks[b].terminator.as_ref()
    }

    /// The successors of `b` (one per edge); empty if `b` is unterminated.
    pub fn successors(&self, b: Block) -> impl Iterator<Item = Block> + '_ {
        self.blocks[b]
            .terminator
            .iter()
            .flat_map(|t| t.successors())
    }

    /// The phis and then the ordinary instructions of `b`.
    pub fn block_insts(&self, b: Block) -> impl Iterator<Item = Inst> + '_ {
        let data = &self.blocks[b];
        data.phis.iter().chain(data.insts.iter()).copied()
    }

    /// For every placed instruction, the block that holds it.
    pub fn inst_blocks(&self) -> InstBlocks {
        let mut map = SecondaryMap::new();
        map.resize(self.insts.len());
        for &b in &self.layout {
            for inst in self.block_insts(b) {
                map[inst] = b.into();
            }
        }
        map
    }

    /// Replaces every use of a replaced value by what it stands for: a pass
    /// computes its [`Substitution`] and applies it in one sweep (this is
    /// how mem2reg replaces loads, without per-value use lists).
    pub fn substitute(&mut self, subst: &Substitution) {
        if subst.is_empty() {
            return; // nothing was ever substituted: spare the walk
        }
        let mut resolve = |v: Value| subst.resolve(v);
        for &b in &self.layout {
            let data = &mut self.blocks[b];
            let mut walk = ReadAhead::new(&data.phis, &data.insts, self.values.len());
            // A substituted operand (a promoted load) is usually defined
            // just before its use, so its own entry is near; the value it
            // stands for is anywhere, so the entry after it is asked for.
            while let Some(inst) = walk.next(&self.insts, |v| subst.entry_read_by(v)) {
                self.insts[inst].kind.map_operands(&mut resolve);
            }
            if let Some(t) = data.terminator.as_mut() {
                t.map_operands(&mut resolve);
            }
        }
    }

    /// Keeps the ordinary instructions of `block` for which `keep` is true,
    /// in order. `keep` may read and change the function, except the
    /// instruction list of `block` itself, which is taken out meanwhile.
    pub fn retain_insts(
        &mut self,
        block: Block,
        mut keep: impl FnMut(&mut Function, Inst) -> bool,
    ) {
        let mut insts = std::mem::take(&mut self.blocks[block].insts);
        insts.retain(|&inst| keep(self, inst));
        debug_assert!(
            self.blocks[block].insts.is_empty(),
            "retain_insts: {block} was changed"
        );
        self.blocks[block].insts = insts;
    }

    /// Keeps the phis of `block` for which `keep` is true, in order, as
    /// [`Function::retain_insts`] does for the ordinary instructions.
    pub fn retain_phis(&mut self, block: Block, mut keep: impl FnMut(&mut Function, Inst) -> bool) {
        let mut phis = std::mem::take(&mut self.blocks[block].phis);
        phis.retain(|&inst| keep(self, inst));
        debug_assert!(
            self.blocks[block].phis.is_empty(),
            "retain_phis: {block} was changed"
        );
        self.blocks[block].phis = phis;
    }

    /// Rewrites, block by block in layout order, the operands of every
    /// ordinary instruction and terminator through `rewrite` (see
    /// [`OperandRewrite`]), which may place new instructions right before
    /// each user and right after each instruction. Phis are left alone:
    /// their operands are read on the edges, not in their block.
    pub fn rewrite_operands(&mut self, rewrite: &mut impl OperandRewrite) {
        for i in 0..self.layout.len() {
            let block = self.layout[i];
            let old = std::mem::take(&mut self.blocks[block].insts);
            let mut new = Vec::with_capacity(old.len());
            for inst in old {
                let line = self.insts[inst].line;
                let mut kind = self.insts[inst].kind.clone();
                kind.map_operands(|v| rewrite.operand(self, block, v, &mut new, line));
                self.insts[inst].kind = kind;
                new.push(inst);
                rewrite.after(self, inst, &mut new);
            }
            if let Some(mut term) = self.blocks[block].terminator.take() {
                let line = self.blocks[block].terminator_line;
                term.map_operands(|v| rewrite.operand(self, block, v, &mut new, line));
                self.blocks[block].terminator = Some(term);
            }
            self.blocks[block].insts = new;
        }
    }

    /// Whether either value can stand for the other, so that a phi whose
    /// entries are `a` and `b` may take just one of them: one id, equal
    /// constants or equal string addresses of one type (the IR makes a fresh
    /// value for each constant written), or two `undef`s of one type — an
    /// `undef` may be any value, so one may be chosen to be the other (LLVM
    /// reads two such phi entries as one `undef`). The one meaning of "same
    /// value" for every pass and the verifier.
    pub fn same_value(&self, a: Value, b: Value) -> bool {
        if a == b {
            return true;
        }
        let (da, db) = (&self.values[a], &self.values[b]);
        da.ty == db.ty
            && match (da.def, db.def) {
                (ValueDef::Const(x), ValueDef::Const(y)) => x == y,
                (ValueDef::Str(x), ValueDef::Str(y)) => x == y,
                (ValueDef::Undef, ValueDef::Undef) => true,
                _ => false,
            }
    }

    /// Whether `v` is an `undef`.
    pub fn is_undef(&self, v: Value) -> bool {
        self.values[v].def == ValueDef::Undef
    }

    /// How many times each value is used as an operand of a placed
    /// instruction or terminator (each phi entry counts once).
    pub fn use_counts(&self) -> SecondaryMap<Value, u32> {
        let mut counts = SecondaryMap::with_capacity(self.values.len());
        for &b in &self.layout {
            for inst in self.block_insts(b) {
                self.insts[inst].kind.for_each_operand(|v| counts[v] += 1);
            }
            if let Some(t) = &self.blocks[b].terminator {
                t.for_each_operand(|v| counts[v] += 1);
            }
        }
        counts
    }

    /// Number of phis in the function (the mem2reg quality metric).
    pub fn phi_count(&self) -> usize {
        self.layout.iter().map(|&b| self.blocks[b].phis.len()).sum()
    }

    /// Number of placed instructions (phis and ordinary), excluding terminators.
    pub fn inst_count(&self) -> usize {
        self.layout
            .iter()
            .map(|&b| self.blocks[b].phis.len() + self.blocks[b].insts.len())
            .sum()
    }

    /// [`Function::inst_count`] without the debug values, which are no
    /// code: what a heuristic weighing code counts, so that `-g` does not
    /// change its decisions.
    pub fn code_inst_count(&self) -> usize {
        let phis: usize = self.layout.iter().map(|&b| self.blocks[b].phis.len()).sum();
        phis + self.layout.iter().map(|&b| self.code_len(b)).sum::<usize>()
    }

    /// The number of ordinary instructions of `block` that are code (not
    /// debug values), for the heuristics that weigh code (see
    /// [`Function::code_inst_count`]).
    pub fn code_len(&self, block: Block) -> usize {
        let insts = &self.blocks[block].insts;
        match self.debug {
            Some(_) => insts
                .iter()
                .filter(|&&i| !self.insts[i].kind.is_debug_value())
                .count(),
            None => insts.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instructions::BinOp;
    use crate::read::parse_module;

    /// Doubles each use of a parameter before its user (`%p + %p`), and
    /// follows each instruction by a copy of its result (`%r + 0`).
    struct DoubleParams;

    impl OperandRewrite for DoubleParams {
        fn operand(
            &mut self,
            func: &mut Function,
            _block: Block,
            v: Value,
            before: &mut Vec<Inst>,
            line: u32,
        ) -> Value {
            if !matches!(func.values[v].def, ValueDef::Param(_)) {
                return v;
            }
            let kind = InstKind::Binary {
                op: BinOp::Add,
                lhs: v,
                rhs: v,
            };
            let double = func.make_inst(kind, Some(Type::I32), line);
            before.push(double);
            func.inst_result(double).unwrap()
        }

        fn after(&mut self, func: &mut Function, inst: Inst, after: &mut Vec<Inst>) {
            let Some(result) = func.inst_result(inst) else {
                return;
            };
            let zero = func.iconst(0);
            let kind = InstKind::Binary {
                op: BinOp::Add,
                lhs: result,
                rhs: zero,
            };
            after.push(func.make_inst(kind, Some(Type::I32), 0));
        }
    }

    #[test]
    fn rewriting_operands_places_instructions_before_users_and_after_each() {
        let mut module = parse_module(
            "define i32 @f(i32 %p) {
entry:
  %a = sub i32 %p, 1
  br label %next
next:
  %b = mul i32 %a, 3
  ret i32 %p
}
",
        )
        .unwrap();
        let id = module.find_function("f").unwrap();
        module.functions[id].rewrite_operands(&mut DoubleParams);
        crate::verify::verify_module(&module).unwrap();
        let text = crate::print::print_module(&module);
        // Each block in order: a double before each user of %p, then the
        // user, then the copy after it; terminators get only the former.
        let shape: Vec<&str> = text
            .lines()
            .filter(|l| l.trim_start().starts_with('%'))
            .filter_map(|l| l.split_once(" = ").map(|(_, rhs)| rhs))
            .map(|rhs| rhs.split(' ').next().unwrap())
            .collect();
        assert_eq!(shape, ["add", "sub", "add", "mul", "add", "add"], "{text}");
        assert!(text.contains("ret i32 %"), "{text}");
        assert!(!text.contains("ret i32 %p"), "{text}");
    }
}
