//! accessor-trees: an if-tree over one index whose leaves each load, or
//! each store, consecutive elements of one array becomes one indexed load
//! or store.
//!
//! wend's getter over N variables picks one by a binary if-tree over the
//! index `k`: `if k < 8 { if k < 4 { … return v0; … } }`, N leaves and
//! N - 1 comparisons. Once `frame-arrays` has laid the variables out as
//! one array, leaf j reads element o + j of it, and the whole tree is
//! `a[clamp(k - s, 0, N - 1)]`: a few instructions, which the inliner then
//! takes in. The tree's meaning for every k, out-of-range ones included,
//! is kept exactly: the first leaf covers every k up to s (so k < 0 reads
//! element 0), the last one every k from s + N - 1 on.
//!
//! Algorithm, for each block `R` (in layout order) ending in a conditional
//! branch on `icmp k, C` (C a constant):
//!
//! 1. **Walk the tree** from R with the interval of k that reaches each
//!    block, starting from all of i32: a block whose only predecessor is
//!    its parent and that holds nothing but a branch on `icmp k, C'` is an
//!    inner node and splits its interval (`slt`, `sle`, `sgt`, `sge`; `eq`
//!    and `ne` only on an end of it); any other block is a leaf.
//! 2. **Check the leaves**: each has R's tree as its only predecessor and
//!    is either `x = load p; ret x` / `x = load p; br join` (a getter; the
//!    join's phis take x, or one value from every leaf), or
//!    `store v, p; ret` / `store v, p; br join` with one v for all (a
//!    setter). In interval order the leaves must be (-inf, s], s+1, …,
//!    [s+N-1, +inf), and their pointers elements o, o+1, …, o+N-1 of one
//!    array or base parameter ([`Function::pointer_base`]).
//! 3. **Rewrite**: R ends in `idx = min(max(k, s), s+N-1) - s + o` (two
//!    selects; instcombine and the value ranges remove a bound that k
//!    cannot cross), `p = getelementptr base, idx`, the one load or store,
//!    and the leaves' `ret` or `br join` (the join's phis get one entry
//!    from R); the other blocks of the tree are deleted.
//!
//! Trees of another shape (an inner leaf covering several values, elements
//! out of order, leaves that do different things) are left alone.
//!
//! Requires: valid IR; best after simplifycfg (which leaves the tree bare)
//! and frame-arrays. Invalidates: the CFG (tree blocks deleted).

use wend_ir::analysis::cfg::Cfg;
use wend_ir::cfg_edit;
use wend_ir::{
    BinOp, Block, Function, IcmpCond, InstKind, SecondaryMap, Terminator, Type, Value, ValueDef,
};

/// Rewrites every accessor tree of `func` (see the module doc).
pub fn run(func: &mut Function) {
    if func.is_declaration() {
        return;
    }
    loop {
        let cfg = Cfg::compute(func);
        let uses = func.use_counts();
        let found = func
            .layout
            .iter()
            .find_map(|&root| match_tree(func, &cfg, &uses, root));
        match found {
            Some(tree) => rewrite(func, tree),
            None => return,
        }
    }
}

/// The interval of index values that reaches a block.
#[derive(Clone, Copy, Debug)]
struct Interval {
    lo: i64,
    hi: i64,
}

/// What the leaves do.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Access {
    /// Load (of this type) and return or pass the value to the join.
    Load(Type),
    /// Store this value.
    Store(Value),
}

/// Where the leaves go afterwards.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Exit {
    Ret,
    Join(Block),
}

struct Leaf {
    block: Block,
    at: Interval,
    ptr: Value,
    /// The loaded value (getters).
    loaded: Option<Value>,
}

/// A tree that qualifies, with what the rewrite needs.
struct Tree {
    root: Block,
    index: Value,
    /// The blocks of the tree but the root.
    inner: Vec<Block>,
    leaves: Vec<Leaf>,
    access: Access,
    exit: Exit,
    /// The array (or base parameter) and the element of the first leaf.
    base: Value,
    first_element: i64,
}

/// `icmp cond k, C` (or `icmp cond C, k`) as `(k, cond, C)` with k first.
fn comparison(func: &Function, cond: Value) -> Option<(Value, IcmpCond, i64)> {
    let ValueDef::Inst(inst) = func.value_def(cond) else {
        return None;
    };
    let InstKind::Icmp { cond, lhs, rhs } = func.insts[inst].kind else {
        return None;
    };
    if func.value_type(lhs) != Type::I32 {
        return None;
    }
    match (func.as_const(lhs), func.as_const(rhs)) {
        (None, Some(c)) => Some((lhs, cond, i64::from(c))),
        (Some(c), None) => Some((rhs, cond.swapped(), i64::from(c))),
        _ => None,
    }
}

/// The intervals of the true and the false side of `k cond c` within `at`.
fn split(at: Interval, cond: IcmpCond, c: i64) -> Option<(Interval, Interval)> {
    let below = |hi: i64| Interval {
        lo: at.lo,
        hi: hi.min(at.hi),
    };
    let above = |lo: i64| Interval {
        lo: lo.max(at.lo),
        hi: at.hi,
    };
    let (t, f) = match cond {
        IcmpCond::Slt => (below(c - 1), above(c)),
        IcmpCond::Sle => (below(c), above(c + 1)),
        IcmpCond::Sgt => (above(c + 1), below(c)),
        IcmpCond::Sge => (above(c), below(c - 1)),
        IcmpCond::Eq | IcmpCond::Ne => {
            let point = Interval { lo: c, hi: c };
            let rest = if c == at.lo {
                above(c + 1)
            } else if c == at.hi {
                below(c - 1)
            } else {
                return None;
            };
            if cond == IcmpCond::Eq {
                (point, rest)
            } else {
                (rest, point)
            }
        }
    };
    (t.lo <= t.hi && f.lo <= f.hi).then_some((t, f))
}

/// The comparison a block that is an inner node branches on: it has no
/// phis, and holds nothing but that `icmp`, used by its branch alone.
fn inner_node(
    func: &Function,
    uses: &SecondaryMap<Value, u32>,
    block: Block,
) -> Option<(Value, IcmpCond, i64, Block, Block)> {
    let data = &func.blocks[block];
    let Some(Terminator::CondBr {
        cond,
        then_dest,
        else_dest,
    }) = data.terminator
    else {
        return None;
    };
    let only_the_icmp = data.phis.is_empty()
        && data.insts.len() == 1
        && func.inst_result(data.insts[0]) == Some(cond)
        && uses[cond] == 1;
    let (k, c, constant) = comparison(func, cond)?;
    only_the_icmp.then_some((k, c, constant, then_dest, else_dest))
}

/// What a leaf block does: `(pointer, access, exit, loaded value)`.
fn leaf(
    func: &Function,
    uses: &SecondaryMap<Value, u32>,
    block: Block,
) -> Option<(Value, Access, Exit, Option<Value>)> {
    let data = &func.blocks[block];
    if !data.phis.is_empty() || data.insts.len() != 1 {
        return None;
    }
    let inst = data.insts[0];
    let exit = |value: Option<Value>| match data.terminator {
        Some(Terminator::Ret { value: v }) if v == value => Some(Exit::Ret),
        Some(Terminator::Br { dest }) => Some(Exit::Join(dest)),
        _ => None,
    };
    match func.insts[inst].kind {
        InstKind::Load { ptr } => {
            let x = func.inst_result(inst)?;
            let ty = func.value_type(x);
            let exit = exit(Some(x))?;
            (uses[x] == 1).then_some((ptr, Access::Load(ty), exit, Some(x)))
        }
        InstKind::Store { value, ptr } => Some((ptr, Access::Store(value), exit(None)?, None)),
        _ => None,
    }
}

/// The tree rooted at `root`, if it is one this pass rewrites.
fn match_tree(
    func: &Function,
    cfg: &Cfg,
    uses: &SecondaryMap<Value, u32>,
    root: Block,
) -> Option<Tree> {
    let Some(Terminator::CondBr { cond, .. }) = func.blocks[root].terminator else {
        return None;
    };
    let (index, _, _) = comparison(func, cond)?;
    let mut inner = Vec::new();
    let mut leaves = Vec::new();
    let whole = Interval {
        lo: i64::from(i32::MIN),
        hi: i64::from(i32::MAX),
    };
    let mut stack = vec![(root, whole)];
    let mut shape: Option<(Access, Exit)> = None;
    while let Some((block, at)) = stack.pop() {
        if block != root && cfg.preds(block).len() != 1 {
            return None;
        }
        let node = if block == root {
            let Some(Terminator::CondBr {
                then_dest,
                else_dest,
                ..
            }) = func.blocks[root].terminator
            else {
                unreachable!("checked above")
            };
            let (_, c, constant) = comparison(func, cond)?;
            Some((index, c, constant, then_dest, else_dest))
        } else {
            inner_node(func, uses, block)
        };
        match node {
            Some((k, c, constant, then_dest, else_dest)) if k == index => {
                if then_dest == else_dest || then_dest == root || else_dest == root {
                    return None;
                }
                let (t, f) = split(at, c, constant)?;
                if block != root {
                    inner.push(block);
                }
                stack.push((else_dest, f));
                stack.push((then_dest, t));
            }
            Some(_) => return None,
            None => {
                let (ptr, access, exit, loaded) = leaf(func, uses, block)?;
                if *shape.get_or_insert((access, exit)) != (access, exit) {
                    return None;
                }
                leaves.push(Leaf {
                    block,
                    at,
                    ptr,
                    loaded,
                });
            }
        }
        if leaves.len() + inner.len() > func.layout.len() {
            return None; // a cycle through the root
        }
    }
    let (access, exit) = shape?;
    leaves.sort_by_key(|l| l.at.lo);
    let n = leaves.len();
    let s = leaves[0].at.hi;
    let clamped = leaves.iter().enumerate().all(|(j, l)| {
        let lo_ok = j == 0 || l.at.lo == s + j as i64;
        let hi_ok = j + 1 == n || l.at.hi == s + j as i64;
        lo_ok && hi_ok
    });
    if !clamped {
        return None;
    }
    let first = func.pointer_base(leaves[0].ptr);
    let first_element = first.offset?;
    let consecutive = leaves.iter().enumerate().all(|(j, l)| {
        let at = func.pointer_base(l.ptr);
        at.root == first.root && at.offset == Some(first_element + j as i64)
    });
    // The base must be available at the root: a parameter, or defined in
    // the entry block (allocas are), before the root's branch.
    let base_available = match func.value_def(first.root) {
        ValueDef::Param(_) => true,
        ValueDef::Inst(i) => func.blocks[func.layout[0]].insts.contains(&i),
        _ => false,
    };
    if !consecutive || !base_available {
        return None;
    }
    let tree = Tree {
        root,
        index,
        inner,
        leaves,
        access,
        exit,
        base: first.root,
        first_element,
    };
    joins_agree(func, &tree).then_some(tree)
}

/// Whether each phi of the join takes, from the leaves, either each
/// leaf's loaded value or one value from all of them.
fn joins_agree(func: &Function, tree: &Tree) -> bool {
    let Exit::Join(join) = tree.exit else {
        return true;
    };
    if join == tree.root || tree.inner.contains(&join) {
        return false;
    }
    func.blocks[join].phis.iter().all(|&phi| {
        let from_leaf = |l: &Leaf| func.phi_entry_from(phi, l.block);
        let loaded = tree.leaves.iter().all(|l| Some(from_leaf(l)) == l.loaded);
        let first = from_leaf(&tree.leaves[0]);
        let one_value = tree.leaves.iter().all(|l| from_leaf(l) == first);
        loaded || one_value
    })
}

/// Replaces the tree by the indexed access at its root.
fn rewrite(func: &mut Function, tree: Tree) {
    let root = tree.root;
    let line = func.blocks[root]
        .insts
        .last()
        .map_or(0, |&i| func.insts[i].line);
    let s = tree.leaves[0].at.hi;
    let n = tree.leaves.len() as i64;
    let emit = |func: &mut Function, kind: InstKind, ty: Option<Type>| {
        let inst = func.make_inst(kind, ty, line);
        func.blocks[root].insts.push(inst);
        func.inst_result(inst)
    };
    let i32_value = |v: Option<Value>| v.expect("an i32 result");
    let lo = func.iconst(s as i32);
    let hi = func.iconst((s + n - 1) as i32);
    let k = tree.index;
    let below = i32_value(emit(
        func,
        InstKind::Icmp {
            cond: IcmpCond::Slt,
            lhs: k,
            rhs: lo,
        },
        Some(Type::I1),
    ));
    let k = i32_value(emit(
        func,
        InstKind::Select {
            cond: below,
            if_true: lo,
            if_false: k,
        },
        Some(Type::I32),
    ));
    let above = i32_value(emit(
        func,
        InstKind::Icmp {
            cond: IcmpCond::Sgt,
            lhs: k,
            rhs: hi,
        },
        Some(Type::I1),
    ));
    let k = i32_value(emit(
        func,
        InstKind::Select {
            cond: above,
            if_true: hi,
            if_false: k,
        },
        Some(Type::I32),
    ));
    // k is in [s, s+n-1]: k - s + o is the element, whatever wraps on the way.
    let shift = (tree.first_element as i32).wrapping_sub(s as i32);
    let index = if shift == 0 {
        k
    } else {
        let shift = func.iconst(shift);
        i32_value(emit(
            func,
            InstKind::Binary {
                op: BinOp::Add,
                lhs: k,
                rhs: shift,
            },
            Some(Type::I32),
        ))
    };
    let ptr_ty = func.value_type(tree.base);
    let ptr = i32_value(emit(
        func,
        InstKind::ElementPtr {
            base: tree.base,
            index,
        },
        Some(ptr_ty),
    ));
    let loaded = match tree.access {
        Access::Load(ty) => emit(func, InstKind::Load { ptr }, Some(ty)),
        Access::Store(value) => emit(func, InstKind::Store { value, ptr }, None),
    };
    // The join's phis: one entry from the root, as each did from the leaves.
    let mut new_entries = Vec::new();
    if let Exit::Join(join) = tree.exit {
        for &phi in &func.blocks[join].phis {
            let leaf = &tree.leaves[0];
            let entry = func.phi_entry_from(phi, leaf.block);
            let value = if Some(entry) == leaf.loaded {
                loaded.expect("a load")
            } else {
                entry
            };
            new_entries.push((phi, value));
        }
    }
    let mut dead = SecondaryMap::new();
    for &b in tree
        .inner
        .iter()
        .chain(tree.leaves.iter().map(|l| &l.block))
    {
        dead[b] = true;
    }
    cfg_edit::delete_blocks(func, &dead);
    func.blocks[root].terminator = Some(match tree.exit {
        Exit::Ret => Terminator::Ret { value: loaded },
        Exit::Join(dest) => Terminator::Br { dest },
    });
    for (phi, value) in new_entries {
        if let InstKind::Phi { incoming } = &mut func.insts[phi].kind {
            incoming.push((root, value));
        }
    }
}
