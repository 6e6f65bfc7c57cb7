//! Liveness of virtual registers on the machine IR.
//!
//! Solved one register at a time by exploring paths backwards from its
//! uses (Appel, "Modern Compiler Implementation", §10.1 and §19; Boissinot
//! et al., "Computing Liveness Sets for SSA-Form Programs", 2011, path
//! exploration): a register read in a block before any write there is live
//! into that block; a register live into a block is live out of each of
//! its predecessors, and live into a predecessor unless that predecessor
//! writes it. Each (register, block) pair is visited at most once, so the
//! cost is proportional to the size of the live sets plus the edges they
//! cross. The textbook bit-vector iteration (Dragon book §9.2.5) costs
//! blocks × registers in time and memory even where almost nothing lives
//! across blocks — gigabytes on a function of 100 000 lines.
//!
//! It runs on machine IR rather than on IR values (wend-ir's `Liveness`)
//! because the allocator's unknowns are virtual registers, which include
//! temporaries that instruction selection created, and because phis are
//! already explicit copies at the end of the predecessors here. That also
//! means the machine IR is not strict SSA (a phi's register is written by
//! the parallel move of every predecessor), which the exploration does not
//! need: it simply stops at any block writing the register.
//!
//! Requires a complete machine function; invalidated by any change to it.

use crate::mir::{MFunction, VReg};
use cranelift_entity::{EntityRef, SecondaryMap};
use wend_ir::Block;

/// The registers live into and out of each block, as sorted lists.
pub struct Liveness {
    live_in: SecondaryMap<Block, Vec<VReg>>,
    live_out: SecondaryMap<Block, Vec<VReg>>,
}

impl Liveness {
    pub fn compute(mf: &MFunction) -> Liveness {
        let mut preds = SecondaryMap::<Block, Vec<Block>>::new();
        for &b in &mf.layout {
            for s in mf.block(b).term.successors() {
                preds[s].push(b);
            }
        }

        // The upward-exposed uses and the definitions of every block, as
        // (register, block) pairs. `seen[v]` marks the registers already
        // used or defined in the current block (layout position + 1), and
        // `defined[v]` those it defined.
        let n = mf.vreg_widths.len();
        let mut exposed: Vec<(VReg, Block)> = Vec::new();
        let mut defs: Vec<(VReg, Block)> = Vec::new();
        let mut seen = vec![0u32; n];
        let mut defined = vec![0u32; n];
        for (position, &b) in mf.layout.iter().enumerate() {
            let stamp = position as u32 + 1;
            let block = mf.block(b);
            let read = |seen: &mut [u32], exposed: &mut Vec<(VReg, Block)>, v: VReg| {
                if seen[v.index()] != stamp {
                    seen[v.index()] = stamp;
                    exposed.push((v, b));
                }
            };
            for inst in block.insts {
                inst.for_each_use(|v| read(&mut seen, &mut exposed, v));
                inst.for_each_def(|v| {
                    if defined[v.index()] != stamp {
                        defined[v.index()] = stamp;
                        defs.push((v, b));
                    }
                    // A later read in the block is not upward-exposed.
                    seen[v.index()] = stamp;
                });
            }
            block
                .term
                .for_each_use(|v| read(&mut seen, &mut exposed, v));
        }
        // Grouped by register, in increasing order: each register's blocks
        // are then appended to the live sets in increasing register order,
        // which keeps every set sorted.
        exposed.sort_unstable_by_key(|&(v, _)| v);
        defs.sort_unstable_by_key(|&(v, _)| v);

        let mut live = Liveness {
            live_in: SecondaryMap::new(),
            live_out: SecondaryMap::new(),
        };
        // Per-block marks for the register being explored (its index + 1):
        // whether the block defines it, and whether it was already found
        // live into / out of the block.
        let mut defines = SecondaryMap::<Block, u32>::new();
        let mut in_mark = SecondaryMap::<Block, u32>::new();
        let mut out_mark = SecondaryMap::<Block, u32>::new();
        let mut worklist: Vec<Block> = Vec::new();
        let mut next_def = 0;
        for group in exposed.chunk_by(|a, b| a.0 == b.0) {
            let v = group[0].0;
            let mark = v.index() as u32 + 1;
            while next_def < defs.len() && defs[next_def].0 <= v {
                if defs[next_def].0 == v {
                    defines[defs[next_def].1] = mark;
                }
                next_def += 1;
            }
            for &(_, b) in group {
                in_mark[b] = mark;
                live.live_in[b].push(v);
                worklist.push(b);
            }
            while let Some(b) = worklist.pop() {
                for &p in &preds[b] {
                    if out_mark[p] != mark {
                        out_mark[p] = mark;
                        live.live_out[p].push(v);
                    }
                    if defines[p] != mark && in_mark[p] != mark {
                        in_mark[p] = mark;
                        live.live_in[p].push(v);
                        worklist.push(p);
                    }
                }
            }
        }
        live
    }

    /// The registers live on entry to `b`, in increasing order.
    pub fn live_in(&self, b: Block) -> &[VReg] {
        &self.live_in[b]
    }

    /// The registers live on exit from `b`, in increasing order.
    pub fn live_out(&self, b: Block) -> &[VReg] {
        &self.live_out[b]
    }

    pub fn is_live_in(&self, b: Block, v: VReg) -> bool {
        self.live_in[b].binary_search(&v).is_ok()
    }

    pub fn is_live_out(&self, b: Block, v: VReg) -> bool {
        self.live_out[b].binary_search(&v).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mir::{AluOp, Cond, MInst, MTerm, Operand, Width};
    use cranelift_entity::{PrimaryMap, SecondaryMap};

    /// `entry: a = 1; i = 0  →  head: i < 10 ? body : exit`,
    /// `body: i = i + a → head`, `exit: ret i`.
    fn counting_loop() -> (MFunction, [Block; 4], VReg, VReg) {
        let blocks = [0, 1, 2, 3].map(Block::new);
        let [entry, head, body, exit] = blocks;
        let mut vreg_widths = PrimaryMap::new();
        let a = vreg_widths.push(Width::W32);
        let i = vreg_widths.push(Width::W32);
        let mut mf = MFunction {
            name: "counting_loop".into(),
            layout: blocks.to_vec(),
            blocks: SecondaryMap::new(),
            insts: Vec::new(),
            vreg_widths,
            slot_area: 0,
            max_stack_args: 0,
            decl_line: None,
            frame_pointer: true,
        };
        mf.push_block(
            entry,
            vec![
                MInst::Copy {
                    dst: a,
                    src: Operand::Imm(1),
                },
                MInst::Copy {
                    dst: i,
                    src: Operand::Imm(0),
                },
            ],
            MTerm::Jmp { dest: head },
            0,
        );
        mf.push_block(
            head,
            vec![],
            MTerm::Branch {
                cond: Cond::L,
                lhs: i,
                rhs: Operand::Imm(10),
                then_dest: body,
                else_dest: exit,
            },
            0,
        );
        mf.push_block(
            body,
            vec![MInst::Alu {
                op: AluOp::Add,
                dst: i,
                lhs: Operand::Reg(i),
                rhs: Operand::Reg(a),
            }],
            MTerm::Jmp { dest: head },
            0,
        );
        mf.push_block(
            exit,
            vec![],
            MTerm::Ret {
                value: Some(Operand::Reg(i)),
            },
            0,
        );
        (mf, blocks, a, i)
    }

    #[test]
    fn loop_carried_registers_live_around_the_loop() {
        let (mf, [entry, head, body, exit], a, i) = counting_loop();
        let live = Liveness::compute(&mf);
        assert_eq!(live.live_in(entry), &[] as &[VReg]);
        assert_eq!(live.live_out(entry), &[a, i]);
        assert_eq!(live.live_in(head), &[a, i]);
        assert_eq!(live.live_out(head), &[a, i]);
        assert_eq!(live.live_in(body), &[a, i]);
        assert_eq!(live.live_out(body), &[a, i]);
        // `a` is dead once the loop is left.
        assert_eq!(live.live_in(exit), &[i]);
        assert_eq!(live.live_out(exit), &[] as &[VReg]);
        assert!(live.is_live_in(head, a) && !live.is_live_in(exit, a));
        assert!(live.is_live_out(body, i) && !live.is_live_out(exit, i));
    }
}
