//! The instruction match: each machine instruction ([`MInst`]) as one to a
//! few x86 instructions, now that every virtual register has a place. The
//! two-address form is chosen (`movl lhs, dst; addl rhs, dst`, or just
//! `addl rhs, dst` when the allocator gave `dst` the register of `lhs`),
//! operands that were spilled are used as memory operands where x86
//! allows one and go through the scratch registers `%r11`/`%r10`
//! otherwise, and every parallel move (phi copies, call arguments,
//! incoming parameters) is sequentialised between places by
//! [`wend_ir::parallel_copy`], with `%r10` to break cycles. A comparison
//! whose flags are still set (`FunctionEmitter::flags`: the selects of a
//! setter's leaf, a select and the branch after it) is not repeated.

use super::labels::{string_label, symbol};
use super::operands::{suffix, Place, Src};
use super::FunctionEmitter;
use crate::divconst::DivStrategy;
use crate::mir::*;
use crate::regs::{PReg, ARG_REGS, SCRATCH, SCRATCH2};
use std::collections::BTreeMap;
use std::fmt::{self, Write};
use wend_ir::parallel_copy::sequentialize;
use wend_ir::print::inst_text;

impl FunctionEmitter<'_> {
    /// Sets the flags from `lhs - rhs`.
    pub(super) fn compare(&mut self, lhs: VReg, rhs: Operand) {
        let l = self.place(lhs);
        let r = self.src(rhs);
        match (l, r) {
            (Place::Reg(reg), Src::Imm(0)) => {
                self.ins(format_args!("testl {0}, {0}", reg.name32()))
            }
            (l, r) if l.is_mem() && r.is_mem() => {
                let scratch = Place::Reg(SCRATCH);
                self.mov(Width::W32, Src::Place(l), scratch);
                self.ins(format_args!(
                    "cmpl {}, {}",
                    r.text(Width::W32),
                    scratch.text(Width::W32)
                ));
            }
            (l, r) => self.ins(format_args!(
                "cmpl {}, {}",
                r.text(Width::W32),
                l.text(Width::W32)
            )),
        }
    }

    /// Sets the flags from `lhs - rhs`, unless they hold that already
    /// ([`FunctionEmitter::flags`]).
    pub(super) fn compare_unless_set(&mut self, lhs: VReg, rhs: Operand) {
        if self.flags != Some((lhs, rhs)) {
            self.compare(lhs, rhs);
        }
    }

    /// After a compare of `lhs` and `rhs` and code that leaves the flags
    /// alone, writing `dst`: the flags still hold that comparison unless
    /// `dst` is one of its operands.
    fn flags_hold(&mut self, lhs: VReg, rhs: Operand, dst: VReg) {
        let overwritten = dst == lhs || rhs == Operand::Reg(dst);
        self.flags = (!overwritten).then_some((lhs, rhs));
    }

    pub(super) fn inst(&mut self, inst: &MInst) {
        // Only the instructions that emit no code keep the flags' contents
        // known; the others say what they leave there.
        let known = match inst {
            MInst::Note { .. } | MInst::DebugValue { .. } => self.flags,
            _ => self.flags.take(),
        };
        match inst {
            MInst::DebugValue { .. } => {}
            MInst::Note { inst, line } => {
                if let Some(func) = self.comments_ir {
                    let text = inst_text(self.module, func, self.names(), *inst);
                    self.comment(&text);
                }
                self.loc(*line);
            }
            MInst::Params { dsts } => {
                let moves: Vec<_> = dsts
                    .iter()
                    .enumerate()
                    .map(|(k, &d)| {
                        let abi = match ARG_REGS.get(k) {
                            Some(&r) => Place::Reg(r),
                            None => self.frame.stack_param(k - ARG_REGS.len()),
                        };
                        (self.place(d), Src::Place(abi), self.width(d))
                    })
                    .collect();
                self.parallel_move(&moves);
            }
            MInst::Copy { dst, src } => {
                let (d, s) = (self.place(*dst), self.src(*src));
                self.mov(self.width(*dst), s, d);
            }
            MInst::Alu { op, dst, lhs, rhs } => self.alu(*op, *dst, *lhs, *rhs),
            MInst::Div {
                rem,
                wraps,
                dst,
                lhs,
                rhs,
            } => {
                let divisor = match self.src(*rhs) {
                    Src::Place(p @ Place::Reg(r)) if r != PReg::Rax && r != PReg::Rdx => p,
                    Src::Place(p @ (Place::Rbp(_) | Place::Rsp(_))) => p,
                    other => {
                        self.mov(Width::W32, other, Place::Reg(SCRATCH));
                        Place::Reg(SCRATCH)
                    }
                };
                let l = self.src(*lhs);
                let d = self.place(*dst);
                let back = wraps.then(|| self.divisor_minus_one(*rem, l, divisor, d));
                self.mov(Width::W32, l, Place::Reg(PReg::Rax));
                self.ins(format_args!("cltd"));
                self.ins(format_args!("idivl {}", divisor.text(Width::W32)));
                let result = if *rem { PReg::Rdx } else { PReg::Rax };
                self.mov(Width::W32, Src::Place(Place::Reg(result)), d);
                if let Some(back) = back {
                    writeln!(self.text, "{back}:").unwrap();
                }
            }
            MInst::DivConst {
                rem,
                dst,
                lhs,
                divisor,
            } => self.div_const(*rem, *dst, *lhs, *divisor),
            MInst::SetCc {
                cond,
                dst,
                lhs,
                rhs,
            } => {
                let cc = cond.suffix();
                let d = self.place(*dst);
                // `setcc` writes only the low byte: zeroing the register
                // first (`xorl`, before the compare: it sets the flags) makes
                // the result depend on the compare alone, where `movzbl`
                // after it would also wait for the register's old value.
                let zero_first = match d {
                    Place::Reg(_) if known != Some((*lhs, *rhs)) => {
                        Src::Place(self.place(*lhs)) != Src::Place(d)
                            && self.src(*rhs) != Src::Place(d)
                    }
                    _ => false,
                };
                if zero_first {
                    let Place::Reg(r) = d else { unreachable!() };
                    self.ins(format_args!("xorl {0}, {0}", r.name32()));
                }
                if known != Some((*lhs, *rhs)) {
                    self.compare(*lhs, *rhs);
                }
                match d {
                    Place::Reg(r) if zero_first => self.ins(format_args!("set{cc} {}", r.name8())),
                    Place::Reg(r) => {
                        self.ins(format_args!("set{cc} {}", r.name8()));
                        self.ins(format_args!("movzbl {}, {}", r.name8(), r.name32()));
                    }
                    mem => {
                        self.ins(format_args!("set{cc} {}", SCRATCH.name8()));
                        self.ins(format_args!(
                            "movzbl {}, {}",
                            SCRATCH.name8(),
                            SCRATCH.name32()
                        ));
                        self.mov(Width::W32, Src::Place(Place::Reg(SCRATCH)), mem);
                    }
                }
                self.flags_hold(*lhs, *rhs, *dst);
            }
            MInst::Select(select) => {
                let MSelect {
                    dst,
                    cond,
                    lhs,
                    rhs,
                    if_true,
                    if_false,
                } = &**select;
                let w = self.width(*dst);
                if known != Some((*lhs, *rhs)) {
                    self.compare(*lhs, *rhs);
                }
                let (d, t, f) = (self.place(*dst), self.src(*if_true), self.src(*if_false));
                // `cmov` moves no immediate: a constant true value goes into
                // the destination first, and the false value is moved in on
                // the reversed condition, unless the false value is already
                // in the destination (then the constant needs a scratch).
                let (cond, t, f) = match (t, f) {
                    (Src::Imm(_), Src::Place(p)) if !d.is_mem() && p != d => (cond.inverse(), f, t),
                    _ => (*cond, t, f),
                };
                // `mov` leaves the flags alone, so the compare above stays valid.
                let target = match d {
                    Place::Reg(_) if Src::Place(d) != t => d,
                    _ => Place::Reg(SCRATCH),
                };
                self.mov(w, f, target);
                let t = match t {
                    Src::Place(p) => p,
                    imm => {
                        self.mov(w, imm, Place::Reg(SCRATCH2));
                        Place::Reg(SCRATCH2)
                    }
                };
                self.ins(format_args!(
                    "cmov{}{} {}, {}",
                    cond.suffix(),
                    suffix(w),
                    t.text(w),
                    target.text(w)
                ));
                self.mov(w, Src::Place(target), d);
                self.flags_hold(*lhs, *rhs, *dst);
            }
            MInst::LeaSlot { dst, slot } => {
                let addr = self.frame.mem(self.frame.slot_offset(*slot));
                self.lea(*dst, addr);
            }
            &MInst::LeaElement {
                dst,
                base,
                index,
                scale,
            } => self.lea_element(dst, base, index, scale),
            MInst::LeaStr { dst, string } => {
                let label = string_label(string.as_u32() as usize);
                self.lea(*dst, format_args!("{label}(%rip)"));
            }
            MInst::Load { dst, addr, width } => {
                let a = self.address(*addr);
                let d = self.place(*dst);
                let target = if d.is_mem() { Place::Reg(SCRATCH) } else { d };
                let op = match width {
                    MemWidth::Long => "movl",
                    MemWidth::Byte => "movzbl",
                    MemWidth::Quad => unreachable!("no value is loaded as 8 bytes"),
                };
                self.ins(format_args!("{op} {a}, {}", target.text(Width::W32)));
                self.mov(Width::W32, Src::Place(target), d);
            }
            MInst::Store { src, addr, width } => {
                let a = self.address(*addr);
                let (op, w) = match width {
                    MemWidth::Long => ("movl", Width::W32),
                    MemWidth::Byte => ("movb", Width::W32),
                    MemWidth::Quad => ("movq", Width::W64),
                };
                let reg = match self.src(*src) {
                    Src::Imm(i) if *width == MemWidth::Byte => {
                        return self.ins(format_args!("{op} ${}, {a}", i as u8));
                    }
                    Src::Imm(i) => return self.ins(format_args!("{op} ${i}, {a}")),
                    Src::Place(Place::Reg(r)) => r,
                    Src::Place(mem) => {
                        self.mov(w, Src::Place(mem), Place::Reg(SCRATCH));
                        SCRATCH
                    }
                };
                let s = match width {
                    MemWidth::Byte => reg.name8(),
                    MemWidth::Long => reg.name32(),
                    MemWidth::Quad => reg.name64(),
                };
                self.ins(format_args!("{op} {s}, {a}"));
            }
            MInst::Call(call) => {
                let MCall { callee, args, ret } = &**call;
                let moves: Vec<_> = args
                    .iter()
                    .enumerate()
                    .map(|(k, &a)| {
                        let abi = match ARG_REGS.get(k) {
                            Some(&r) => Place::Reg(r),
                            None => Place::Rsp(8 * (k - ARG_REGS.len()) as i32),
                        };
                        let w = match a {
                            Operand::Reg(v) => self.width(v),
                            Operand::Imm(_) => Width::W32,
                        };
                        (abi, self.src(a), w)
                    })
                    .collect();
                self.parallel_move(&moves);
                self.ins(format_args!("call {}", symbol(callee)));
                if let Some(r) = ret {
                    let d = self.place(*r);
                    self.mov(self.width(*r), Src::Place(Place::Reg(PReg::Rax)), d);
                }
            }
            MInst::ParallelMove { moves } => {
                if self.opts.comments {
                    let text: Vec<String> = moves
                        .iter()
                        .map(|(d, s)| {
                            format!(
                                "{} <- {}",
                                self.describe(Operand::Reg(*d)),
                                self.describe(*s)
                            )
                        })
                        .collect();
                    self.comment(&format!("phi copies: {}", text.join(", ")));
                }
                let moves: Vec<_> = moves
                    .iter()
                    .map(|&(d, s)| (self.place(d), self.src(s), self.width(d)))
                    .collect();
                self.parallel_move(&moves);
            }
        }
    }

    fn lea(&mut self, dst: VReg, addr: impl fmt::Display) {
        match self.place(dst) {
            Place::Reg(r) => self.ins(format_args!("leaq {addr}, {}", r.name64())),
            mem => {
                self.ins(format_args!("leaq {addr}, {}", SCRATCH.name64()));
                self.mov(Width::W64, Src::Place(Place::Reg(SCRATCH)), mem);
            }
        }
    }

    /// `dst = base + index * scale`: one `leaq`, with the index
    /// sign-extended into `%r10` first (it may share a register with `dst`)
    /// and a spilled base pointer brought into the target register. A
    /// constant index is part of the displacement, unless that would leave
    /// a displacement's signed 32 bits: such an element is far outside any
    /// array (the program faults there if it gets there), and the code
    /// must still assemble.
    fn lea_element(&mut self, dst: VReg, base: Addr, index: Operand, scale: u8) {
        let d = self.place(dst);
        let target = match d {
            Place::Reg(r) => r,
            _ => SCRATCH,
        };
        // Frame offsets are far smaller than this.
        const NEAR: i64 = 1 << 30;
        let (index_reg, displacement) = match index {
            Operand::Imm(i) if (i64::from(i) * i64::from(scale)).abs() < NEAR => {
                (None, i64::from(i) * i64::from(scale))
            }
            Operand::Imm(i) => {
                self.ins(format_args!("movq ${i}, {}", SCRATCH2.name64()));
                (Some(SCRATCH2), 0)
            }
            Operand::Reg(v) => {
                let x = self.place(v).text(Width::W32);
                self.ins(format_args!("movslq {x}, {}", SCRATCH2.name64()));
                (Some(SCRATCH2), 0)
            }
        };
        let (base_reg, displacement) = match base {
            Addr::Slot(slot) => match self.frame.place(self.frame.slot_offset(slot)) {
                Place::Rbp(off) => ("%rbp", displacement + i64::from(off)),
                Place::Rsp(off) => ("%rsp", displacement + i64::from(off)),
                Place::Reg(_) => unreachable!("a frame slot is memory"),
            },
            Addr::Ptr(p, offset) => {
                let displacement = displacement + i64::from(offset);
                match self.place(p) {
                    Place::Reg(r) => (r.name64(), displacement),
                    spilled => {
                        self.mov(Width::W64, Src::Place(spilled), Place::Reg(target));
                        (target.name64(), displacement)
                    }
                }
            }
        };
        let t = target.name64();
        let displacement = match displacement {
            0 => String::new(),
            d => d.to_string(),
        };
        match index_reg {
            Some(x) => self.ins(format_args!(
                "leaq {displacement}({base_reg},{},{scale}), {t}",
                x.name64()
            )),
            None => self.ins(format_args!("leaq {displacement}({base_reg}), {t}")),
        }
        self.mov(Width::W64, Src::Place(Place::Reg(target)), d);
    }

    /// `dst = lhs / divisor` or `lhs % divisor` without `idiv` (see
    /// [`crate::divconst`]). The remainder is `lhs - q * divisor`, with `q`
    /// computed in `%r11`.
    fn div_const(&mut self, rem: bool, dst: VReg, lhs: VReg, divisor: i32) {
        let strategy = DivStrategy::for_divisor(divisor).expect("division by constant zero");
        let (x, d) = (self.place(lhs), self.place(dst));
        if !rem {
            let q = match d {
                Place::Reg(r) => r,
                _ => SCRATCH,
            };
            self.quotient(q, x, strategy);
            self.mov(Width::W32, Src::Place(Place::Reg(q)), d);
            return;
        }
        // The remainder does not depend on the divisor's sign: divide by
        // |divisor| (INT_MIN stays as it is).
        let divisor = divisor.checked_abs().unwrap_or(divisor);
        let strategy = DivStrategy::for_divisor(divisor).unwrap();
        let q = SCRATCH.name32();
        match strategy {
            // q * 2^k is the biased dividend with its low k bits cleared.
            DivStrategy::Shift { k, .. } => {
                self.biased_for_shift(SCRATCH, x, k);
                self.ins(format_args!("andl ${}, {q}", -(1i64 << k)));
            }
            _ => {
                self.quotient(SCRATCH, x, strategy);
                self.ins(format_args!("imull ${divisor}, {q}, {q}"));
            }
        }
        let target = match d {
            Place::Reg(_) => d,
            _ => Place::Reg(SCRATCH2),
        };
        self.mov(Width::W32, Src::Place(x), target);
        self.ins(format_args!("subl {q}, {}", target.text(Width::W32)));
        self.mov(Width::W32, Src::Place(target), d);
    }

    /// `q = x + 2^k - 1` if `x` is negative, else `x`: the dividend whose
    /// arithmetic shift right by `k` truncates toward zero. May use `%r10`.
    fn biased_for_shift(&mut self, q: PReg, x: Place, k: u32) {
        let (q32, q64) = (q.name32(), q.name64());
        let t32 = SCRATCH2.name32();
        let bias = (1i64 << k) - 1;
        match x {
            Place::Reg(xr) if xr != q => {
                self.ins(format_args!("leal {bias}({}), {q32}", xr.name64()));
                self.ins(format_args!("testl {0}, {0}", xr.name32()));
                self.ins(format_args!("cmovnsl {}, {q32}", xr.name32()));
            }
            _ => {
                self.mov(Width::W32, Src::Place(x), Place::Reg(q));
                self.ins(format_args!("leal {bias}({q64}), {t32}"));
                self.ins(format_args!("testl {q32}, {q32}"));
                self.ins(format_args!("cmovsl {t32}, {q32}"));
            }
        }
    }

    /// `q = x / d` into the register `q` (which may be `x`'s own), `d`
    /// being described by `strategy`; may use `%r10` besides `q`.
    fn quotient(&mut self, q: PReg, x: Place, strategy: DivStrategy) {
        let (q32, q64) = (q.name32(), q.name64());
        let t = SCRATCH2;
        let (t32, t64) = (t.name32(), t.name64());
        let negate = match strategy {
            DivStrategy::Identity { negate } => {
                self.mov(Width::W32, Src::Place(x), Place::Reg(q));
                negate
            }
            DivStrategy::IntMin => {
                self.ins(format_args!("cmpl $-2147483648, {}", x.text(Width::W32)));
                self.ins(format_args!("sete {}", t.name8()));
                self.ins(format_args!("movzbl {}, {q32}", t.name8()));
                false
            }
            DivStrategy::Shift { k, negate } => {
                self.biased_for_shift(q, x, k);
                self.ins(format_args!("sarl ${k}, {q32}"));
                negate
            }
            DivStrategy::Multiply {
                magic,
                shift,
                negate,
            } => {
                self.ins(format_args!("movslq {}, {q64}", x.text(Width::W32)));
                if magic <= i32::MAX as u32 {
                    self.ins(format_args!("imulq ${magic}, {q64}, {q64}"));
                } else {
                    // `movl` zero-extends: the 64-bit magic number.
                    self.ins(format_args!("movl ${magic}, {t32}"));
                    self.ins(format_args!("imulq {t64}, {q64}"));
                }
                // floor(x * magic / 2^shift), plus 1 if x (the product) is negative.
                self.ins(format_args!("movq {q64}, {t64}"));
                self.ins(format_args!("shrq $63, {t64}"));
                self.ins(format_args!("sarq ${shift}, {q64}"));
                self.ins(format_args!("addl {t32}, {q32}"));
                negate
            }
        };
        if negate {
            self.ins(format_args!("negl {q32}"));
        }
    }

    /// `t = p * k` (`t` a register), by a shift, an `add`, or a `lea` with
    /// scaled index where one instruction does it in one cycle, instead of
    /// the three-cycle `imul`.
    fn multiply_by_constant(&mut self, p: Place, k: i32, t: Place) {
        let w = Width::W32;
        let tt = t.text(w);
        match (k, p) {
            (0, _) => self.mov(w, Src::Imm(0), t),
            (1, _) => self.mov(w, Src::Place(p), t),
            (-1, _) => {
                self.mov(w, Src::Place(p), t);
                self.ins(format_args!("negl {tt}"));
            }
            (2, _) => {
                self.mov(w, Src::Place(p), t);
                self.ins(format_args!("addl {tt}, {tt}"));
            }
            (k, _) if k > 0 && (k as u32).is_power_of_two() => {
                self.mov(w, Src::Place(p), t);
                self.ins(format_args!("shll ${}, {tt}", k.trailing_zeros()));
            }
            (3 | 5 | 9, Place::Reg(r)) => {
                let base = r.name64();
                let scale = k - 1;
                let t64 = match t {
                    Place::Reg(tr) => tr.name32(),
                    _ => unreachable!("the target of a multiplication is a register"),
                };
                self.ins(format_args!("leal ({base},{base},{scale}), {t64}"));
            }
            _ => self.ins(format_args!("imull ${k}, {}, {tt}", p.text(w))),
        }
    }

    fn alu(&mut self, op: AluOp, dst: VReg, lhs: Operand, rhs: Operand) {
        let w = Width::W32;
        let d = self.place(dst);
        let (mut l, mut r) = (self.src(lhs), self.src(rhs));
        let scratch = Place::Reg(SCRATCH);
        if op == AluOp::Imul {
            // imull r/m, reg  or  imull $imm, r/m, reg
            let t = if d.is_mem() { scratch } else { d };
            match (l, r) {
                (Src::Place(p), Src::Imm(k)) | (Src::Imm(k), Src::Place(p)) => {
                    self.multiply_by_constant(p, k, t)
                }
                (Src::Imm(a), Src::Imm(b)) => self.mov(w, Src::Imm(a.wrapping_mul(b)), t),
                (Src::Place(pl), Src::Place(pr)) => {
                    let (pl, pr) = if Src::Place(t) == r {
                        (pr, pl)
                    } else {
                        (pl, pr)
                    };
                    self.mov(w, Src::Place(pl), t);
                    self.ins(format_args!("imull {}, {}", pr.text(w), t.text(w)));
                }
            }
            self.mov(w, Src::Place(t), d);
            return;
        }
        if let (AluOp::Shr, Src::Place(count)) = (op, r) {
            return self.shift_right_by_register(l, count, d);
        }
        if op.is_commutative() && r == Src::Place(d) {
            std::mem::swap(&mut l, &mut r);
        }
        if let Some(address) = lea_address(op, l, r, d) {
            self.ins(format_args!("leal {address}, {}", d.text(w)));
            return;
        }
        let t = if d.is_mem() || r == Src::Place(d) {
            scratch
        } else {
            d
        };
        self.mov(w, l, t);
        self.ins(format_args!(
            "{}l {}, {}",
            op.mnemonic(),
            r.text(w),
            t.text(w)
        ));
        self.mov(w, Src::Place(t), d);
    }

    /// `d = l >> count` (logical). x86 shifts by a register only by `%cl`,
    /// and `%rcx` is allocated: it is kept in `%r10` around the shift, and
    /// the value shifted in `%r11` (either may be `%rcx` itself).
    fn shift_right_by_register(&mut self, l: Src, count: Place, d: Place) {
        let w = Width::W32;
        let value = Place::Reg(SCRATCH);
        self.mov(w, l, value);
        self.ins(format_args!("movq %rcx, {}", SCRATCH2.name64()));
        self.mov(w, Src::Place(count), Place::Reg(PReg::Rcx));
        self.ins(format_args!("shrl %cl, {}", value.text(w)));
        self.ins(format_args!("movq {}, %rcx", SCRATCH2.name64()));
        self.mov(w, Src::Place(value), d);
    }

    /// `dst = src`, through the scratch register if both are in memory.
    pub(super) fn mov(&mut self, w: Width, src: Src, dst: Place) {
        if src == Src::Place(dst) {
            return;
        }
        let s = suffix(w);
        if src.is_mem() && dst.is_mem() {
            let scratch = Place::Reg(SCRATCH);
            self.ins(format_args!("mov{s} {}, {}", src.text(w), scratch.text(w)));
            self.ins(format_args!("mov{s} {}, {}", scratch.text(w), dst.text(w)));
        } else {
            self.ins(format_args!("mov{s} {}, {}", src.text(w), dst.text(w)));
        }
    }

    /// Performs the moves `(dst, src, width)` as if all at once (see
    /// [`wend_ir::parallel_copy`]); cycles go through `%r10`, or `xchg`.
    fn parallel_move(&mut self, moves: &[(Place, Src, Width)]) {
        let mut width_at: BTreeMap<Place, Width> = BTreeMap::new();
        let mut copies = Vec::new();
        for &(dst, src, w) in moves {
            if let Src::Place(p) = src {
                width_at.insert(p, w);
                copies.push((dst, p));
            }
        }
        let scratch = Place::Reg(SCRATCH2);
        let seq = sequentialize(&copies, scratch);
        let mut k = 0;
        while k < seq.len() {
            // A swap of two registers, `scratch := a; a := b; b := scratch`,
            // is one `xchg`.
            if let [(s1, a @ Place::Reg(_)), (a2, b @ Place::Reg(_)), (b2, s2)] =
                seq[k..seq.len().min(k + 3)]
            {
                if s1 == scratch && s2 == scratch && a2 == a && b2 == b {
                    // Exchange at the wider of the two widths: one of them
                    // may hold a pointer.
                    let (wa, wb) = (width_at[&a], width_at[&b]);
                    let w = if wa == Width::W64 || wb == Width::W64 {
                        Width::W64
                    } else {
                        Width::W32
                    };
                    width_at.insert(a, wb);
                    width_at.insert(b, wa);
                    self.ins(format_args!(
                        "xchg{} {}, {}",
                        suffix(w),
                        b.text(w),
                        a.text(w)
                    ));
                    k += 3;
                    continue;
                }
            }
            let (dst, src) = seq[k];
            let w = width_at[&src];
            width_at.insert(dst, w);
            self.mov(w, Src::Place(src), dst);
            k += 1;
        }
        // Constants last: their destinations may have been sources above.
        for &(dst, src, w) in moves {
            if let Src::Imm(_) = src {
                self.mov(w, src, dst);
            }
        }
    }

    /// The test of a wrapping division (see [`MInst::Div`]): `cmpl $-1`
    /// and a branch to code out of line, after the function's blocks, that
    /// puts wend's result for a divisor of -1 (`-l`, or 0 for a remainder)
    /// in `d` and jumps back. Returns the label to come back to. The -1
    /// case is as rare as it is in programs, so the usual path is one
    /// predicted branch instead of two `cmov`s around the `idivl`.
    fn divisor_minus_one(&mut self, rem: bool, l: Src, divisor: Place, d: Place) -> String {
        let n = self.local_labels.take();
        let (away, back) = (format!(".Ldivm1_{n}"), format!(".Ldivm1_{n}_back"));
        self.ins(format_args!("cmpl $-1, {}", divisor.text(Width::W32)));
        self.ins(format_args!("je {away}"));
        // Written with the usual helpers into the out-of-line buffer, not
        // counted as the block's instructions.
        let (block_text, instructions) = (
            std::mem::replace(&mut self.text, std::mem::take(&mut self.out_of_line)),
            self.instructions,
        );
        writeln!(self.text, "{away}:").unwrap();
        if self.line != 0 && self.opts.source_file.is_some() {
            writeln!(self.text, "\t.loc 1 {}", self.line).unwrap();
        }
        if rem {
            self.mov(Width::W32, Src::Imm(0), d);
        } else {
            self.mov(Width::W32, l, d);
            self.ins(format_args!("negl {}", d.text(Width::W32)));
        }
        self.ins(format_args!("jmp {back}"));
        self.out_of_line = std::mem::replace(&mut self.text, block_text);
        self.instructions = instructions;
        back
    }
}

/// The address whose `lea` computes `l op r` into `d`, where that is one
/// instruction instead of a `mov` and an `add`: an addition of a constant
/// or of two registers (or a subtraction of a constant), into a register
/// that is not the left operand's (then `add` alone does). `lea` computes
/// in 64 bits; the low 32 it writes wrap exactly as `addl` does, and it
/// leaves the flags alone, which no one reads after an addition.
fn lea_address(op: AluOp, l: Src, r: Src, d: Place) -> Option<LeaAddress> {
    let (Src::Place(Place::Reg(base)), Place::Reg(d)) = (l, d) else {
        return None;
    };
    if base == d {
        return None;
    }
    match (op, r) {
        (AluOp::Add, Src::Imm(k)) => Some(LeaAddress::Offset(k, base)),
        (AluOp::Sub, Src::Imm(k)) if k != i32::MIN => Some(LeaAddress::Offset(-k, base)),
        (AluOp::Add, Src::Place(Place::Reg(index))) if index != d => {
            Some(LeaAddress::Sum(base, index))
        }
        _ => None,
    }
}

/// An address of [`lea_address`]: `k(%base)` or `(%base,%index)`.
#[derive(Copy, Clone)]
enum LeaAddress {
    Offset(i32, PReg),
    Sum(PReg, PReg),
}

impl fmt::Display for LeaAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LeaAddress::Offset(k, base) => write!(f, "{k}({})", base.name64()),
            LeaAddress::Sum(base, index) => write!(f, "({},{})", base.name64(), index.name64()),
        }
    }
}
