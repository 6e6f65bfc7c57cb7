//! Where each variable kept in a stack slot is loaded and stored: the
//! facts SSA construction starts from (Cytron et al.'s `A(V)`, the blocks
//! that assign `V`, and the blocks where `V` is used before any
//! assignment, which tell where it is live).
//!
//! A variable is the slot of an `alloca`, accessed only by `load`s and
//! `store`s through its address; which values are such addresses is the
//! caller's choice ([`VarOf`]). One scan of the reachable blocks, in RPO,
//! records per variable the blocks that store it, the blocks whose first
//! access to it is a load, and the one value stored to it if there is
//! exactly one store and it is not an instruction result.
//!
//! A function can have hundreds of thousands of variables, read in no
//! order as the scan meets their accesses: the per-variable state of the
//! scan is packed into one small entry, and the walks over a block ask the
//! cache ahead for the entries their next accesses read ([`ReadAhead`]).

use std::ops::Index;

use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::{entity_impl, EntityRef, SecondaryMap};

use crate::analysis::cfg::Cfg;
use crate::flat_lists::FlatLists;
use crate::prefetch::ReadAhead;
use crate::{Block, Function, Inst, InstKind, Value, ValueDef};

/// A variable kept in a stack slot (numbered by the caller).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(u32);
entity_impl!(Var, "var");

/// An access to a variable.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Access {
    /// `result = load ptr`, `ptr` the variable's address.
    Load { var: Var, result: Value },
    /// `store value, ptr`, `ptr` the variable's address.
    Store { var: Var, value: Value },
}

/// The variable whose address each value is, if any.
#[derive(Clone)]
pub struct VarOf {
    /// 4 bytes an entry: read for every load and store, in no order.
    var: SecondaryMap<Value, PackedOption<Var>>,
}

impl VarOf {
    /// The map where each `(var, address)` pair says `address` is `var`'s.
    pub fn new(func: &Function, addresses: impl IntoIterator<Item = (Var, Value)>) -> Self {
        let mut var = SecondaryMap::with_capacity(func.values.len());
        for (v, address) in addresses {
            var[address] = v.into();
        }
        VarOf { var }
    }

    /// The variable `address` is the address of.
    #[inline]
    pub fn get(&self, address: Value) -> Option<Var> {
        self.var[address].expand()
    }

    /// The address `inst` loads from or stores to, if it is a load or store.
    fn address_used(func: &Function, inst: Inst) -> Option<Value> {
        match func.insts[inst].kind {
            InstKind::Load { ptr } | InstKind::Store { ptr, .. } => Some(ptr),
            _ => None,
        }
    }

    /// The access `inst` makes to a variable, if it is one.
    #[inline]
    pub fn access(&self, func: &Function, inst: Inst) -> Option<Access> {
        let data = &func.insts[inst];
        match data.kind {
            InstKind::Load { ptr } => Some(Access::Load {
                var: self.get(ptr)?,
                result: data.result.expand()?,
            }),
            InstKind::Store { value, ptr } => Some(Access::Store {
                var: self.get(ptr)?,
                value,
            }),
            _ => None,
        }
    }

    /// The next instruction of `walk`, having asked the cache for what the
    /// accesses ahead will read: their entries here, and then the entries
    /// of their variables in `table`.
    #[inline]
    pub fn next_access<T>(
        &self,
        func: &Function,
        walk: &mut ReadAhead,
        table: &impl Index<Var, Output = T>,
    ) -> Option<Inst> {
        walk.next_through(
            |inst| Some(&self.var[Self::address_used(func, inst)?]),
            |var| var.expand().map(|var| &table[var]),
        )
    }
}

/// Where each variable is accessed in the reachable blocks (see the
/// module doc).
pub struct VarAccesses {
    /// The blocks that store to each variable, each once, in RPO.
    stores: FlatLists<Block>,
    /// The blocks that load each variable before any store in them, in RPO.
    upward_exposed_loads: FlatLists<Block>,
    only_stored: SecondaryMap<Var, StoredSoFar>,
}

impl VarAccesses {
    /// Scans the reachable blocks of `func` for accesses to the variables
    /// `0..vars` of `var_of`.
    pub fn compute(func: &Function, cfg: &Cfg, var_of: &VarOf, vars: usize) -> Self {
        assert!(
            func.blocks.len() < LastAccess::STORED as usize
                && func.values.len() < StoredSoFar::SEVERAL as usize,
            "block and value numbers fit the packed scan state"
        );
        let mut seen: SecondaryMap<Var, ScanState> = SecondaryMap::with_default(ScanState {
            last_access: LastAccess::NEVER,
            stored: StoredSoFar::NOTHING,
        });
        seen.resize(vars);
        // Each (variable, block) event in scan order, grouped by variable below.
        let mut stores: Vec<(Var, Block)> = Vec::new();
        let mut exposed_loads: Vec<(Var, Block)> = Vec::new();
        for &b in cfg.rpo() {
            let insts = &func.blocks[b].insts;
            let mut walk = ReadAhead::new(&[], insts, func.values.len());
            while let Some(inst) = var_of.next_access(func, &mut walk, &seen) {
                match var_of.access(func, inst) {
                    Some(Access::Load { var, .. }) => {
                        let seen = &mut seen[var];
                        if !seen.last_access.is_in(b) {
                            exposed_loads.push((var, b));
                            seen.last_access = LastAccess::load_in(b);
                        }
                    }
                    Some(Access::Store { var, value }) => {
                        let seen = &mut seen[var];
                        if !seen.last_access.is_store_in(b) {
                            stores.push((var, b));
                            seen.last_access = LastAccess::store_in(b);
                        }
                        let is_instruction = matches!(func.value_def(value), ValueDef::Inst(_));
                        seen.stored = seen.stored.and_store_of(value, is_instruction);
                    }
                    None => {}
                }
            }
        }
        let by_variable = |events: &[(Var, Block)]| {
            FlatLists::build(vars, func.layout[0], |f| {
                for &(var, b) in events {
                    f(var.index(), b);
                }
            })
        };
        let mut only_stored = SecondaryMap::with_default(StoredSoFar::NOTHING);
        only_stored.resize(vars);
        for (var, state) in seen.iter() {
            only_stored[var] = state.stored;
        }
        VarAccesses {
            stores: by_variable(&stores),
            upward_exposed_loads: by_variable(&exposed_loads),
            only_stored,
        }
    }

    /// The reachable blocks that store to `var`, each once, in RPO.
    pub fn store_blocks(&self, var: Var) -> &[Block] {
        self.stores.get(var.index())
    }

    /// The reachable blocks that load `var` before storing it, in RPO.
    pub fn upward_exposed_load_blocks(&self, var: Var) -> &[Block] {
        self.upward_exposed_loads.get(var.index())
    }

    /// The value `var` is stored if it has exactly one reachable store and
    /// the value stored is not an instruction result (a constant, a
    /// parameter, …), which is then available everywhere.
    pub fn only_stored_constant(&self, var: Var) -> Option<Value> {
        self.only_stored[var].only_constant()
    }
}

/// What the scan has seen of one variable, in 8 bytes.
#[derive(Clone, Copy)]
struct ScanState {
    last_access: LastAccess,
    stored: StoredSoFar,
}

/// The last block that accessed a variable, and whether it stored it
/// there: the block number with a flag bit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct LastAccess(u32);

impl LastAccess {
    const STORED: u32 = 1 << 31;
    /// Not accessed yet.
    const NEVER: LastAccess = LastAccess(u32::MAX);

    fn load_in(b: Block) -> Self {
        LastAccess(b.as_u32())
    }

    fn store_in(b: Block) -> Self {
        LastAccess(b.as_u32() | Self::STORED)
    }

    /// Whether the last access was in `b`, load or store.
    fn is_in(self, b: Block) -> bool {
        self != Self::NEVER && self.0 & !Self::STORED == b.as_u32()
    }

    /// Whether `b` made the last access and stored the variable.
    fn is_store_in(self, b: Block) -> bool {
        self == Self::store_in(b)
    }
}

/// The stores of a variable so far: none, exactly one of a value that is
/// not an instruction result (that value), or anything else.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct StoredSoFar(u32);

impl StoredSoFar {
    const NOTHING: StoredSoFar = StoredSoFar(u32::MAX);
    const SEVERAL: u32 = u32::MAX - 1;
    const NOT_ONE_CONSTANT: StoredSoFar = StoredSoFar(Self::SEVERAL);

    /// After one more store of `value`.
    fn and_store_of(self, value: Value, is_instruction: bool) -> Self {
        if self == Self::NOTHING && !is_instruction {
            StoredSoFar(value.as_u32())
        } else {
            Self::NOT_ONE_CONSTANT
        }
    }

    fn only_constant(self) -> Option<Value> {
        (self != Self::NOTHING && self != Self::NOT_ONE_CONSTANT).then(|| Value::from_u32(self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Terminator, Type};

    #[test]
    fn last_access_tells_loads_from_stores_by_block() {
        let [b0, b1] = [Block::from_u32(0), Block::from_u32(1)];
        assert!(!LastAccess::NEVER.is_in(b0) && !LastAccess::NEVER.is_store_in(b0));
        let load = LastAccess::load_in(b1);
        assert!(load.is_in(b1) && !load.is_store_in(b1) && !load.is_in(b0));
        let store = LastAccess::store_in(b1);
        assert!(store.is_in(b1) && store.is_store_in(b1) && !store.is_store_in(b0));
    }

    #[test]
    fn stored_so_far_keeps_only_a_single_constant() {
        let [c, d] = [Value::from_u32(3), Value::from_u32(4)];
        let one = StoredSoFar::NOTHING.and_store_of(c, false);
        assert_eq!(one.only_constant(), Some(c));
        assert_eq!(one.and_store_of(c, false).only_constant(), None);
        assert_eq!(
            StoredSoFar::NOTHING.and_store_of(d, true).only_constant(),
            None
        );
        assert_eq!(StoredSoFar::NOTHING.only_constant(), None);
    }

    /// entry: x = alloca; y = alloca; store 1, x; br loop
    /// loop: load y; load x; store (load x), y; store 2, y; br loop / exit
    /// exit: ret; dead: store 5, x (unreachable)
    #[test]
    fn records_stores_exposed_loads_and_single_constants() {
        let mut f = Function::new("f", &[], None);
        let [entry, body, exit, dead] =
            ["entry", "loop", "exit", "dead"].map(|n| f.append_block(n));
        let put = |f: &mut Function, b: Block, kind: InstKind, ty: Option<Type>| {
            let inst = f.make_inst(kind, ty, 0);
            f.blocks[b].insts.push(inst);
            f.insts[inst].result.expand()
        };
        let x = put(
            &mut f,
            entry,
            InstKind::Alloca {
                ty: Type::I32,
                count: 1,
            },
            Some(Type::PtrI32),
        )
        .unwrap();
        let y = put(
            &mut f,
            entry,
            InstKind::Alloca {
                ty: Type::I32,
                count: 1,
            },
            Some(Type::PtrI32),
        )
        .unwrap();
        let one = f.iconst(1);
        put(&mut f, entry, InstKind::Store { value: one, ptr: x }, None);
        put(&mut f, body, InstKind::Load { ptr: y }, Some(Type::I32));
        let loaded = put(&mut f, body, InstKind::Load { ptr: x }, Some(Type::I32)).unwrap();
        put(
            &mut f,
            body,
            InstKind::Store {
                value: loaded,
                ptr: y,
            },
            None,
        );
        let two = f.iconst(2);
        put(&mut f, body, InstKind::Store { value: two, ptr: y }, None);
        let five = f.iconst(5);
        put(
            &mut f,
            dead,
            InstKind::Store {
                value: five,
                ptr: x,
            },
            None,
        );
        let cond = f.bconst(true);
        f.blocks[entry].terminator = Some(Terminator::Br { dest: body });
        f.blocks[body].terminator = Some(Terminator::CondBr {
            cond,
            then_dest: body,
            else_dest: exit,
        });
        f.blocks[exit].terminator = Some(Terminator::Ret { value: None });
        f.blocks[dead].terminator = Some(Terminator::Br { dest: exit });

        let [vx, vy] = [Var::new(0), Var::new(1)];
        let var_of = VarOf::new(&f, [(vx, x), (vy, y)]);
        assert_eq!(var_of.get(x), Some(vx));
        assert_eq!(var_of.get(one), None);
        let cfg = Cfg::compute(&f);
        let accesses = VarAccesses::compute(&f, &cfg, &var_of, 2);
        assert_eq!(accesses.store_blocks(vx), [entry]);
        assert_eq!(accesses.store_blocks(vy), [body]);
        assert_eq!(accesses.upward_exposed_load_blocks(vx), [body]);
        assert_eq!(accesses.upward_exposed_load_blocks(vy), [body]);
        // The store in unreachable code does not count.
        assert_eq!(accesses.only_stored_constant(vx), Some(one));
        assert_eq!(accesses.only_stored_constant(vy), None);
    }
}
