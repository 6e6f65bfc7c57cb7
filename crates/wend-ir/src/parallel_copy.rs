//! Sequentialising a parallel copy: shared by the IR pass `phi-elim`
//! (wend-opt), which turns phis into copies between stack slots, and the
//! native backend's emitter, which moves between registers and slots.
//!
//! A parallel copy `(d1, …, dn) := (s1, …, sn)` reads every source first and
//! then writes every destination, all at once. Phis leave SSA as parallel
//! copies on CFG edges, and call arguments and incoming parameters are
//! shuffled between registers the same way. A machine can only do one move
//! at a time, so the copy must be ordered, and two classic traps avoided:
//!
//! * the *lost-copy* problem: writing a destination that is still needed as
//!   a source destroys that value — so a destination is written only once no
//!   pending copy reads it;
//! * the *swap* problem: in a cycle (`a := b, b := a`) every destination is
//!   still needed — so one value of the cycle is saved in a scratch location
//!   first, which frees its location and unrolls the cycle into a chain.
//!
//! Algorithm 1 of Boissinot, Darte, Rastello, Dupont de Dinechin, Guillon,
//! "Revisiting Out-of-SSA Translation for Correctness, Code Quality, and
//! Efficiency" (CGO 2009). It handles fan-out (one source, several
//! destinations) and emits the minimum number of moves: one per non-trivial
//! copy plus one per cycle. Generic over the location type, so the tests can
//! run it on small integers, `phi-elim` on phis' slots and the emitter on
//! registers and stack slots.
//!
//! Requires: destinations pairwise distinct, the scratch location neither a
//! source nor a destination. Copies of constants (sources that are not
//! locations) never conflict: the caller emits them after the result.

use std::collections::{BTreeMap, BTreeSet};

/// Orders the parallel copy `copies` (pairs `(dst, src)`) into a sequence of
/// moves `(dst, src)` with the same effect on every destination; `scratch`
/// is used (as destination and then source) once per cycle.
// lab(out-of-ssa) begin: sequentialising a parallel copy (lost-copy and swap problems)
pub fn sequentialize<L: Copy + Ord>(copies: &[(L, L)], scratch: L) -> Vec<(L, L)> {
    let copies: Vec<(L, L)> = copies.iter().copied().filter(|(d, s)| d != s).collect();
    // `pred[d]`: the source that destination `d` wants.
    // `loc[s]`: where the original value of source `s` can be found now.
    let mut pred: BTreeMap<L, L> = BTreeMap::new();
    let mut loc: BTreeMap<L, L> = BTreeMap::new();
    let mut to_do: Vec<L> = Vec::new();
    for &(d, s) in &copies {
        assert!(d != scratch && s != scratch, "scratch location in use");
        let previous = pred.insert(d, s);
        assert!(previous.is_none(), "two copies into one destination");
        loc.insert(s, s);
        to_do.push(d);
    }
    // Destinations nobody reads can be written right away.
    let mut ready: Vec<L> = copies
        .iter()
        .map(|&(d, _)| d)
        .filter(|d| !loc.contains_key(d))
        .collect();

    let mut moves = Vec::with_capacity(copies.len() + 1);
    let mut done: BTreeSet<L> = BTreeSet::new();
    loop {
        while let Some(b) = ready.pop() {
            let a = pred[&b];
            let c = loc[&a];
            moves.push((b, c));
            done.insert(b);
            loc.insert(a, b);
            // `a` has been copied out of its own location: if `a` is itself
            // a destination, it may be overwritten now.
            if a == c && pred.contains_key(&a) {
                ready.push(a);
            }
        }
        // Only cycles are left. If the copy into `d` is still pending, `d`
        // is on one: park its value in the scratch location to open it.
        let Some(d) = to_do.pop() else { break };
        if !done.contains(&d) {
            moves.push((scratch, d));
            loc.insert(d, scratch);
            ready.push(d);
        }
    }
    moves
}
// lab(out-of-ssa) stub:
//~ pub fn sequentialize<L: Copy + Ord>(copies: &[(L, L)], scratch: L) -> Vec<(L, L)> {
//~     // TODO(lab out-of-ssa): order the copies so that no destination is
//~     // written while a pending copy still reads it, and break each cycle by
//~     // saving one of its values in `scratch`; use as few moves as possible
//~     // (docs/labs/4-out-of-ssa.md). This stub does the copies in the order
//~     // given: wrong as soon as one destination is another copy's source.
//~     let _ = scratch;
//~     copies.iter().copied().filter(|(d, s)| d != s).collect()
//~ }
// lab(out-of-ssa) end

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `moves` on a register file where register `i` initially holds `i`.
    fn run(moves: &[(u8, u8)], size: usize) -> Vec<u8> {
        let mut regs: Vec<u8> = (0..size as u8).collect();
        for &(d, s) in moves {
            regs[d as usize] = regs[s as usize];
        }
        regs
    }

    /// The number of cycles of the copy graph that need the scratch
    /// location: those none of whose values is also read by a copy into a
    /// location outside the cycle (such a copy frees a location of the
    /// cycle, which then unrolls into a chain).
    fn count_closed_cycles(copies: &[(u8, u8)]) -> usize {
        let pred: BTreeMap<u8, u8> = copies.iter().copied().filter(|(d, s)| d != s).collect();
        let mut counted = BTreeSet::new();
        let mut cycles = 0;
        for &start in pred.keys() {
            // Walk the sources backwards from `start`; is `start` on a cycle?
            let mut cycle = vec![start];
            let mut cur = pred[&start];
            while cur != start && !cycle.contains(&cur) {
                cycle.push(cur);
                match pred.get(&cur) {
                    Some(&s) => cur = s,
                    None => break,
                }
            }
            if cur != start || counted.contains(&start) {
                continue;
            }
            counted.extend(cycle.iter().copied());
            let leaks = pred
                .iter()
                .any(|(d, s)| cycle.contains(s) && !cycle.contains(d));
            if !leaks {
                cycles += 1;
            }
        }
        cycles
    }

    /// Every mapping of a subset of `n` locations to sources among the `n`
    /// (self-copies, fan-out, chains, cycles, and mixes of all of them).
    #[test]
    fn exhaustive_up_to_five_locations() {
        for n in 1..=5usize {
            let scratch = n as u8;
            // Each location is either not a destination (n) or copies from 0..n.
            let total = (n + 1).pow(n as u32);
            for code in 0..total {
                let mut c = code;
                let mut copies = Vec::new();
                for d in 0..n as u8 {
                    let choice = c % (n + 1);
                    c /= n + 1;
                    if choice < n {
                        copies.push((d, choice as u8));
                    }
                }
                let moves = sequentialize(&copies, scratch);
                let after = run(&moves, n + 1);
                for d in 0..n as u8 {
                    let expected = copies
                        .iter()
                        .find(|&&(dst, _)| dst == d)
                        .map_or(d, |&(_, s)| s);
                    assert_eq!(
                        after[d as usize], expected,
                        "copies {copies:?} moves {moves:?}"
                    );
                }
                let nontrivial = copies.iter().filter(|(d, s)| d != s).count();
                assert_eq!(
                    moves.len(),
                    nontrivial + count_closed_cycles(&copies),
                    "not minimal: copies {copies:?} moves {moves:?}"
                );
            }
        }
    }

    #[test]
    fn swap_uses_scratch_once() {
        assert_eq!(
            sequentialize(&[(0, 1), (1, 0)], 9),
            vec![(9, 1), (1, 0), (0, 9)]
        );
    }

    #[test]
    fn lost_copy_chain_is_ordered() {
        // b := a, c := b: c must be written before b.
        assert_eq!(sequentialize(&[(1, 0), (2, 1)], 9), vec![(2, 1), (1, 0)]);
    }
}
