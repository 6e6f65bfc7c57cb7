//! wend-gen: seeded random wend programs for differential testing, and
//! large regular programs for compile-time benchmarks.
//!
//! - [`program::generate`] makes a random, well-typed, terminating program
//!   from a `u64` seed (the same program on every machine): nested
//!   functions with captures, overloading, shadowing, bounded recursion and
//!   loops, short-circuit side effects, wrapping arithmetic. See
//!   [`program`] for how termination and run time are guaranteed.
//! - [`scale::generate`] makes a benchmark program of a given [`scale::Shape`]
//!   and about a given number of lines.
//!
//! Both print through [`ast`] or directly as text; the generator depends on
//! no crate of the compiler it tests. `tests/fuzz-diff.py` at the
//! repository root drives the `wend-gen` binary to compare wendc's
//! pipelines against each other.

pub mod ast;
pub mod program;
mod rng;
pub mod scale;

pub use program::{generate, Size};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_program() {
        for seed in [0, 1, 42, 1 << 40, u64::MAX] {
            for size in [Size::Small, Size::Medium, Size::Large] {
                assert_eq!(generate(seed, size), generate(seed, size));
            }
        }
    }

    #[test]
    fn different_seeds_differ() {
        let programs: std::collections::BTreeSet<String> =
            (0..50).map(|seed| generate(seed, Size::Medium)).collect();
        assert_eq!(programs.len(), 50);
    }

    #[test]
    fn scale_is_deterministic_and_about_the_size_asked() {
        for shape in scale::Shape::ALL {
            let text = scale::generate(shape, 2000, 7);
            assert_eq!(text, scale::generate(shape, 2000, 7));
            let lines = text.lines().count();
            assert!(
                (1500..=2500).contains(&lines),
                "{}: {lines} lines",
                shape.name()
            );
        }
    }
}
