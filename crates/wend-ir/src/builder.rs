//! The builder API used to create IR, in the style of LLVM's `IRBuilder`:
//! a cursor at the end of a current block, methods that append one
//! instruction each and return its result, and a current source line that
//! every new instruction is tagged with.
//!
//! `alloca`s always go to the entry block, after the allocas already there,
//! whatever the current block is — the way clang -O0 lays out a frame, and
//! the shape mem2reg expects.
//!
//! Constants are made once per function and value, like LLVM's uniqued
//! `ConstantInt`s: a constant belongs to no block, so one value serves
//! every use.

use crate::entities::{Block, FuncId, Value};
use crate::function::Function;
use crate::instructions::{BinOp, IcmpCond, InstKind, Terminator};
use crate::types::Type;
use rustc_hash::FxHashMap;

pub struct FunctionBuilder<'f> {
    pub func: &'f mut Function,
    current: Option<Block>,
    line: u32,
    /// How many allocas the entry block starts with.
    allocas_in_entry: usize,
    /// The constants made so far, by type and value.
    consts: FxHashMap<(Type, i32), Value>,
}

impl<'f> FunctionBuilder<'f> {
    /// Starts building `func`, which must have no blocks yet. Creates the
    /// entry block and positions the cursor in it.
    pub fn new(func: &'f mut Function) -> Self {
        assert!(
            func.layout.is_empty(),
            "function `{}` already has a body",
            func.name
        );
        let entry = func.append_block("entry");
        FunctionBuilder {
            func,
            current: Some(entry),
            line: 0,
            allocas_in_entry: 0,
            consts: FxHashMap::default(),
        }
    }

    /// The source line given to the instructions created from now on.
    pub fn set_line(&mut self, line: u32) {
        self.line = line;
    }

    pub fn entry_block(&self) -> Block {
        self.func.layout[0]
    }

    /// Creates a new block at the end of the layout (does not move the cursor).
    pub fn create_block(&mut self, name: impl Into<Box<str>>) -> Block {
        self.func.append_block(name)
    }

    /// Moves the cursor to the end of `block`.
    pub fn switch_to_block(&mut self, block: Block) {
        self.current = Some(block);
    }

    pub fn current_block(&self) -> Block {
        self.current.expect("builder has no current block")
    }

    /// Whether the current block already ends in a terminator (then new
    /// instructions would be unreachable; callers start a new block first).
    pub fn is_terminated(&self) -> bool {
        self.func.blocks[self.current_block()].terminator.is_some()
    }

    pub fn param(&self, index: usize) -> Value {
        self.func.params[index]
    }

    pub fn iconst(&mut self, value: i32) -> Value {
        self.constant(Type::I32, value)
    }

    pub fn bconst(&mut self, value: bool) -> Value {
        self.constant(Type::I1, value as i32)
    }

    fn constant(&mut self, ty: Type, value: i32) -> Value {
        let func = &mut *self.func;
        *self
            .consts
            .entry((ty, value))
            .or_insert_with(|| func.make_value(ty, crate::function::ValueDef::Const(value)))
    }

    pub fn string(&mut self, id: crate::StrId) -> Value {
        self.func
            .make_value(Type::PtrI8, crate::function::ValueDef::Str(id))
    }

    fn append(&mut self, kind: InstKind, result: Option<Type>) -> Option<Value> {
        let block = self.current_block();
        assert!(
            self.func.blocks[block].terminator.is_none(),
            "appending to terminated block {block} in `{}`",
            self.func.name
        );
        let is_phi = kind.is_phi();
        let inst = self.func.make_inst(kind, result, self.line);
        let data = &mut self.func.blocks[block];
        if is_phi {
            data.phis.push(inst);
        } else {
            data.insts.push(inst);
        }
        self.func.inst_result(inst)
    }

    fn named(&mut self, v: Option<Value>, name: &str) -> Value {
        let v = v.expect("instruction has a result");
        self.func.set_value_name(v, name);
        v
    }

    /// A stack slot for one `ty` in the entry block, named after a variable.
    pub fn alloca(&mut self, ty: Type, name: &str) -> Value {
        self.alloca_array(ty, 1, name)
    }

    /// `count` consecutive stack slots for `ty`s in the entry block.
    pub fn alloca_array(&mut self, ty: Type, count: u32, name: &str) -> Value {
        let kind = InstKind::Alloca { ty, count };
        let inst = self.func.make_inst(kind, Some(ty.pointer_to()), self.line);
        let entry = self.entry_block();
        self.func.blocks[entry]
            .insts
            .insert(self.allocas_in_entry, inst);
        self.allocas_in_entry += 1;
        let v = self.func.inst_result(inst);
        self.named(v, name)
    }

    pub fn load(&mut self, ptr: Value, name: &str) -> Value {
        let ty = self
            .func
            .value_type(ptr)
            .pointee()
            .expect("load from a non-pointer");
        self.load_of(ty, ptr, name)
    }

    /// A load of a `ty` from `ptr`, for callers that know what the pointer
    /// points to (as LLVM's `CreateLoad(Ty, Ptr)`): it saves reading the
    /// pointer's type, a cache miss per load in a function with very many
    /// variables. The verifier checks that `ty` is right.
    pub fn load_of(&mut self, ty: Type, ptr: Value, name: &str) -> Value {
        let v = self.append(InstKind::Load { ptr }, Some(ty));
        self.named(v, name)
    }

    /// The address of element `index` counted from `base`.
    pub fn element_ptr(&mut self, base: Value, index: Value, name: &str) -> Value {
        let ty = self.func.value_type(base);
        let v = self.append(InstKind::ElementPtr { base, index }, Some(ty));
        self.named(v, name)
    }

    pub fn store(&mut self, value: Value, ptr: Value) {
        self.append(InstKind::Store { value, ptr }, None);
    }

    pub fn binary(&mut self, op: BinOp, lhs: Value, rhs: Value, name: &str) -> Value {
        let ty = self.func.value_type(lhs);
        let v = self.append(InstKind::Binary { op, lhs, rhs }, Some(ty));
        self.named(v, name)
    }

    pub fn icmp(&mut self, cond: IcmpCond, lhs: Value, rhs: Value, name: &str) -> Value {
        let v = self.append(InstKind::Icmp { cond, lhs, rhs }, Some(Type::I1));
        self.named(v, name)
    }

    pub fn select(&mut self, cond: Value, if_true: Value, if_false: Value, name: &str) -> Value {
        let ty = self.func.value_type(if_true);
        let v = self.append(
            InstKind::Select {
                cond,
                if_true,
                if_false,
            },
            Some(ty),
        );
        self.named(v, name)
    }

    /// A call; `ret` is the callee's return type (the builder does not see
    /// the module). Returns the result if there is one.
    pub fn call(
        &mut self,
        callee: FuncId,
        ret: Option<Type>,
        args: impl IntoIterator<Item = Value>,
        name: &str,
    ) -> Option<Value> {
        let args = args.into_iter().collect();
        let v = self.append(InstKind::Call { callee, args }, ret);
        if let Some(v) = v {
            self.func.set_value_name(v, name);
        }
        v
    }

    /// A phi at the start of the current block.
    pub fn phi(
        &mut self,
        ty: Type,
        incoming: impl IntoIterator<Item = (Block, Value)>,
        name: &str,
    ) -> Value {
        let incoming = incoming.into_iter().collect();
        let v = self.append(InstKind::Phi { incoming }, Some(ty));
        self.named(v, name)
    }

    fn terminate(&mut self, term: Terminator) {
        let block = self.current_block();
        let data = &mut self.func.blocks[block];
        assert!(data.terminator.is_none(), "block {block} terminated twice");
        data.terminator = Some(term);
        data.terminator_line = self.line;
    }

    pub fn br(&mut self, dest: Block) {
        self.terminate(Terminator::Br { dest });
    }

    pub fn cond_br(&mut self, cond: Value, then_dest: Block, else_dest: Block) {
        self.terminate(Terminator::CondBr {
            cond,
            then_dest,
            else_dest,
        });
    }

    pub fn ret(&mut self, value: Option<Value>) {
        self.terminate(Terminator::Ret { value });
    }

    pub fn unreachable(&mut self) {
        self.terminate(Terminator::Unreachable);
    }
}

#[cfg(test)]
mod tests {
    use super::FunctionBuilder;
    use crate::function::{Function, ValueDef};
    use crate::types::Type;

    #[test]
    fn equal_constants_are_one_value() {
        let mut func = Function::new("f", &[], None);
        let mut b = FunctionBuilder::new(&mut func);
        let seven = b.iconst(7);
        let one = b.iconst(1);
        let truth = b.bconst(true);
        assert_eq!(b.iconst(7), seven);
        assert_eq!(b.iconst(1), one);
        assert_eq!(b.bconst(true), truth);
        // Same number, different type: two constants.
        assert_ne!(truth, one);
        assert_eq!(b.func.value_type(truth), Type::I1);
        assert_eq!(b.func.values[one].def, ValueDef::Const(1));
        assert_eq!(b.func.values.len(), 3);
    }
}
