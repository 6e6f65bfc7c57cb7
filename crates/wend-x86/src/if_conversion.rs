//! If-conversion: small branches that only choose values become selects.
//!
//! After mem2reg, `if a > b { t = a; a = b; b = t; }` leaves an empty
//! `then` block: all it does is decide which values the phis of the join
//! block receive. When the condition is unpredictable (sorting, minimum,
//! clamping on varying data) the branch mispredicts half of the time, at
//! some 15 cycles each; a `cmov` per phi costs one or two. This pass turns
//!
//! ```text
//!   P: br %c, T, J     T: br J     J: %x = phi [%a, P], [%b, T]
//! ```
//!
//! (a *triangle*; a *diamond* has a block on each side) into
//! `P: %s = select %c, %b, %a; br J` with `%x = phi [%s, P]`, deleting
//! `T`. Instruction selection then compares and `cmov`s, with no branch.
//! A side block may also compute a little (`if r < 0 { r = -r; }`): up to
//! [`MAX_SPECULATED`] cheap instructions that cannot trap, which move to
//! `P` and run whichever way the condition goes.
//! It is the machine-independent core of LLVM's EarlyIfConversion and of
//! the x86 backend's cmov selection (Allen, Kennedy, Porterfield & Warren,
//! "Conversion of Control Dependence to Data Dependence", POPL 1983, for
//! the general idea). Only small blocks are converted — both sides are
//! always evaluated — and only when few phis need a select
//! ([`MAX_SELECTS`]), so that the straight-line code stays shorter than a
//! well-predicted branch would cost.
//!
//! The values the phis receive from `T` are available at the end of `P`:
//! `P` is `T`'s only predecessor, so they are defined in `T` (whose
//! instructions move to the end of `P`) or in `P` or a block dominating it.
//! The results of `T`'s instructions can only be used in `T` and by the
//! phis of `J`: `T` dominates no other block.
//!
//! Requires a function in SSA form; keeps it in SSA form, changes its CFG
//! (invalidating any CFG analysis) and may delete blocks from the layout.

use cranelift_entity::SecondaryMap;
use wend_ir::{BinOp, Block, Function, Inst, InstKind, Terminator, Value};

/// The most selects one conversion may create.
pub const MAX_SELECTS: usize = 4;

/// The most instructions a side block may have: they are executed
/// speculatively in the block that branched.
pub const MAX_SPECULATED: usize = 2;

/// Whether an instruction can run even where its block would not: cheap,
/// no side effects, never traps (divisions are excluded although the
/// frontend guards them, being slow).
fn speculatable(kind: &InstKind) -> bool {
    match kind {
        InstKind::Binary { op, .. } => !matches!(op, BinOp::SDiv | BinOp::SRem),
        InstKind::Icmp { .. } => true,
        _ => false,
    }
}

/// Converts every triangle and diamond of empty blocks that needs at most
/// [`MAX_SELECTS`] selects; returns how many were converted.
pub fn convert_branches_to_selects(func: &mut Function) -> usize {
    let mut counts = Counts::compute(func);
    let mut converted = 0;
    for b in func.layout.clone() {
        if !counts.deleted[b] && convert(func, &mut counts, b) {
            converted += 1;
        }
    }
    let deleted = &counts.deleted;
    func.layout.retain(|&b| !deleted[b]);
    converted
}

/// What the conversions need to know about the whole function, computed
/// once and kept up to date by each conversion (recomputing it for every
/// branch would make the pass quadratic).
struct Counts {
    /// How many edges enter each block.
    pred_edges: SecondaryMap<Block, u32>,
    /// How many times each value is used.
    uses: SecondaryMap<Value, u32>,
    /// The side blocks deleted so far; they leave the layout at the end.
    deleted: SecondaryMap<Block, bool>,
}

impl Counts {
    fn compute(func: &Function) -> Counts {
        let mut pred_edges = SecondaryMap::<Block, u32>::new();
        for &b in &func.layout {
            for s in func.successors(b) {
                pred_edges[s] += 1;
            }
        }
        Counts {
            pred_edges,
            uses: func.use_counts(),
            deleted: SecondaryMap::new(),
        }
    }
}

/// The value a phi receives from `pred`.
fn incoming(func: &Function, phi: wend_ir::Inst, pred: Block) -> Value {
    let InstKind::Phi { incoming } = &func.insts[phi].kind else {
        unreachable!("a phi that is not a phi")
    };
    incoming
        .iter()
        .find(|(p, _)| *p == pred)
        .map(|&(_, v)| v)
        .expect("phi without an entry for a predecessor")
}

/// Converts the branch ending `head` if it is a triangle or a diamond.
fn convert(func: &mut Function, counts: &mut Counts, head: Block) -> bool {
    let Some(Terminator::CondBr {
        cond,
        then_dest,
        else_dest,
    }) = func.blocks[head].terminator.clone()
    else {
        return false;
    };
    if then_dest == else_dest {
        return false;
    }
    let pred_edges = &counts.pred_edges;
    // The join block a side block (`head` its only predecessor, a few
    // speculatable instructions) jumps to.
    let empty_side = |b: Block| {
        let data = &func.blocks[b];
        // Debug values are no code: they do not count.
        let code = || {
            data.insts
                .iter()
                .map(|&i| &func.insts[i].kind)
                .filter(|kind| !kind.is_debug_value())
        };
        let small = code().count() <= MAX_SPECULATED && code().all(speculatable);
        match data.terminator {
            Some(Terminator::Br { dest })
                if data.phis.is_empty() && small && pred_edges[b] == 1 =>
            {
                Some(dest)
            }
            _ => None,
        }
    };
    // Where the values come from on the true and on the false side.
    let (join, from_true, from_false) = match (empty_side(then_dest), empty_side(else_dest)) {
        (Some(j), Some(k)) if j == k => (j, then_dest, else_dest),
        (Some(j), _) if j == else_dest => (j, then_dest, head),
        (_, Some(j)) if j == then_dest => (j, head, else_dest),
        _ => return false,
    };
    if join == head {
        return false;
    }
    let uses = &counts.uses;
    let phis = func.blocks[join].phis.clone();
    let needed = phis
        .iter()
        .filter(|&&phi| {
            let result = func.insts[phi].result.unwrap();
            uses[result] > 0 && incoming(func, phi, from_true) != incoming(func, phi, from_false)
        })
        .count();
    if needed > MAX_SELECTS {
        return false;
    }
    let line = func.blocks[head].terminator_line;
    // The code moves to `head`; a side's debug values would hold on both
    // paths there, so they say "unknown" at the join instead.
    for side in [from_true, from_false] {
        if side != head {
            let (records, code): (Vec<Inst>, Vec<Inst>) =
                std::mem::take(&mut func.blocks[side].insts)
                    .into_iter()
                    .partition(|&i| func.insts[i].kind.is_debug_value());
            func.blocks[head].insts.extend(code);
            wend_ir::debug_info::unknown_from_start(func, records, join);
        }
    }
    // How the use counts change, applied once they are no longer read:
    // the branch on `cond` goes, each phi trades its two entries for one,
    // and each select uses `cond` and both values.
    let mut use_changes: Vec<(Value, i32)> = vec![(cond, -1)];
    for phi in phis {
        let result = func.insts[phi].result.unwrap();
        let (t, f) = (
            incoming(func, phi, from_true),
            incoming(func, phi, from_false),
        );
        use_changes.extend([(t, -1), (f, -1)]);
        let value = if t == f || uses[result] == 0 {
            t
        } else {
            use_changes.extend([(cond, 1), (t, 1), (f, 1)]);
            let ty = func.value_type(result);
            let kind = InstKind::Select {
                cond,
                if_true: t,
                if_false: f,
            };
            let select = func.make_inst(kind, Some(ty), line);
            func.blocks[head].insts.push(select);
            func.insts[select].result.unwrap()
        };
        use_changes.push((value, 1));
        if let InstKind::Phi { incoming } = &mut func.insts[phi].kind {
            incoming.retain(|(p, _)| *p != from_true && *p != from_false);
            incoming.push((head, value));
        }
    }
    for (v, change) in use_changes {
        counts.uses[v] = counts.uses[v].checked_add_signed(change).unwrap();
    }
    func.blocks[head].terminator = Some(Terminator::Br { dest: join });
    // Two edges into `join` (from the side blocks, or from one side block
    // and `head`) become one from `head`.
    counts.pred_edges[join] -= 1;
    for side in [from_true, from_false] {
        if side != head {
            counts.deleted[side] = true;
        }
    }
    true
}
