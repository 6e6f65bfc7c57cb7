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
//! (a *triangle*; a *diamond* has an empty block on each side) into
//! `P: %s = select %c, %b, %a; br J` with `%x = phi [%s, P]`, deleting
//! `T`. Instruction selection then compares and `cmov`s, with no branch.
//! It is the machine-independent core of LLVM's EarlyIfConversion and of
//! the x86 backend's cmov selection (Allen, Kennedy, Porterfield & Warren,
//! "Conversion of Control Dependence to Data Dependence", POPL 1983, for
//! the general idea). Only blocks with no instructions are converted — a
//! select always evaluates both sides — and only when few phis need a
//! select ([`MAX_SELECTS`]), so that the straight-line code stays shorter
//! than a well-predicted branch would cost.
//!
//! The values the phis receive from `T` are available at the end of `P`:
//! `T` defines nothing and `P` is its only predecessor, so they are defined
//! in `P` or in a block dominating it.
//!
//! Requires a function in SSA form; keeps it in SSA form, changes its CFG
//! (invalidating any CFG analysis) and may delete blocks from the layout.

use cranelift_entity::SecondaryMap;
use wend_ir::{Block, Function, InstKind, Terminator, Value};

/// The most selects one conversion may create.
pub const MAX_SELECTS: usize = 4;

/// Converts every triangle and diamond of empty blocks that needs at most
/// [`MAX_SELECTS`] selects; returns how many were converted.
pub fn convert_branches_to_selects(func: &mut Function) -> usize {
    let mut converted = 0;
    for b in func.layout.clone() {
        if func.layout.contains(&b) && convert(func, b) {
            converted += 1;
        }
    }
    converted
}

fn uses(func: &Function) -> SecondaryMap<Value, u32> {
    let mut counts = SecondaryMap::new();
    for &b in &func.layout {
        for inst in func.block_insts(b) {
            func.insts[inst].kind.for_each_operand(|v| counts[v] += 1);
        }
        if let Some(t) = &func.blocks[b].terminator {
            t.for_each_operand(|v| counts[v] += 1);
        }
    }
    counts
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
fn convert(func: &mut Function, head: Block) -> bool {
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
    let mut pred_edges = SecondaryMap::<Block, u32>::new();
    for &b in &func.layout {
        for s in func.successors(b) {
            pred_edges[s] += 1;
        }
    }
    // The join block an empty block with `head` as its only predecessor
    // jumps to.
    let empty_side = |b: Block| {
        let data = &func.blocks[b];
        match data.terminator {
            Some(Terminator::Br { dest })
                if data.phis.is_empty() && data.insts.is_empty() && pred_edges[b] == 1 =>
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
    let uses = uses(func);
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
    for phi in phis {
        let result = func.insts[phi].result.unwrap();
        let (t, f) = (
            incoming(func, phi, from_true),
            incoming(func, phi, from_false),
        );
        let value = if t == f || uses[result] == 0 {
            t
        } else {
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
        if let InstKind::Phi { incoming } = &mut func.insts[phi].kind {
            incoming.retain(|(p, _)| *p != from_true && *p != from_false);
            incoming.push((head, value));
        }
    }
    func.blocks[head].terminator = Some(Terminator::Br { dest: join });
    func.layout
        .retain(|&b| b == head || (b != from_true && b != from_false));
    true
}
