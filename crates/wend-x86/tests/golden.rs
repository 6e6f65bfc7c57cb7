//! Golden assembly for the two classic traps of leaving SSA (see the
//! SSA-destruction lecture), on IR with phis written by hand, and for a
//! `select` (a `cmov`).
//!
//! Each test is one file, `tests/golden/NAME.ll`: a first line naming the
//! function whose assembly is checked, comments saying why the test exists,
//! the input module, and after a separator line the expected assembly:
//!
//! ```text
//! ; assembly of: main.swap
//! ; options: omit-frame-pointer        (optional: no %rbp frame)
//! ; why this input is interesting
//!
//! define i32 @main.swap(i32 %n) { ... }
//!
//! ; ---- expected output ----
//! <assembly>
//! ```
//!
//! To accept new assembly after an intended change, run
//! `BLESS=1 cargo test -p wend-x86 --test golden`, which rewrites the
//! expected part only — then read the diff. Each module's `main` is also
//! compiled whole and run, to check that the code computes the right thing.

mod common;

use common::Golden;

/// Compares the assembly of the golden file's function with its expected
/// part, and runs the whole module: its stdout.
fn check_golden(name: &str) -> String {
    let golden = Golden::read(name);
    let module = golden.module();
    let id = module
        .find_function(&golden.function)
        .unwrap_or_else(|| panic!("{name}: no function @{}", golden.function));
    let opts = wend_x86::Options {
        source_file: None,
        comments: true,
        debug_info: None,
        omit_frame_pointer: (golden.input.lines()).any(|l| l == "; options: omit-frame-pointer"),
    };
    let asm = wend_x86::compile_function_asm(&module, &module.functions[id], &opts);
    if std::env::var_os("BLESS").is_some_and(|v| v == "1") {
        golden.bless(&asm);
    } else {
        assert_eq!(
            asm, golden.expected,
            "golden assembly of {name} changed (BLESS=1 to accept)"
        );
    }
    let run = common::compile_and_run(name, &module);
    String::from_utf8_lossy(&run.stdout).into_owned()
}

/// The swap problem: the parallel copy on the back edge is a cycle.
#[test]
fn swap_problem() {
    assert_eq!(check_golden("swap"), "12\n21\n12\n21\n");
}

/// The lost-copy problem: the copy belongs on the split back edge.
#[test]
fn lost_copy_problem() {
    assert_eq!(check_golden("lost-copy"), "1\n4\n9\n");
}

/// Optimised code's frame: no frame pointer, `%rbp` allocated.
#[test]
fn no_frame_pointer() {
    assert_eq!(check_golden("no-frame-pointer"), "47\n");
}

/// Two selects on one comparison: one compare, two `cmov`s.
#[test]
fn selects_share_a_compare() {
    assert_eq!(check_golden("selects-one-compare"), "4003\n7002\n");
}

/// A `select` from simplifycfg: a compare and a `cmov`, no branch.
#[test]
fn select_is_a_cmov() {
    assert_eq!(check_golden("select"), "2147483643\n7\n");
}

/// A leaf function's saved registers: pushed and popped, no `%rsp`
/// arithmetic.
#[test]
fn leaf_pushes_its_saves() {
    assert_eq!(check_golden("leaf-saves"), "108\n");
}

/// Constant elements of a pointer parameter: folded into the addresses of
/// the loads and stores that use them, `leaq` where that cannot be.
#[test]
fn constant_elements_are_address_offsets() {
    assert_eq!(check_golden("element-offsets"), "23\n99\n");
}

/// A `select` of a constant and a live value: the constant straight into
/// the destination, a `cmov` on the reversed condition.
#[test]
fn select_of_a_constant() {
    assert_eq!(check_golden("select-constant"), "554\n14\n");
}

/// A comparison's value: `xorl` before the compare, `setcc`, no `movzbl`.
#[test]
fn setcc_zeroes_first() {
    assert_eq!(check_golden("setcc-zeroing"), "true\nfalse\n");
}

/// A remainder by a power of two (`andl` of the biased dividend) and a
/// quotient by 100 (a halved magic number, an immediate of `imulq`).
#[test]
fn constant_divisors() {
    assert_eq!(check_golden("constant-divisors"), "-1234522151\n99901695\n");
}

/// `x % 3 == 0` as a multiplication by the inverse of 3, an add and a
/// compare fused with the branch: no remainder.
#[test]
fn divisibility_by_a_multiplication() {
    assert_eq!(check_golden("divisibility"), "101\n");
}

/// Compares used only in a later block move there: the branch on the
/// signs' comparison is a `cmpl` and a `je`.
#[test]
fn compares_sink_to_their_use() {
    assert_eq!(check_golden("sink-compares"), "7\n1\n");
}

/// A block whose one predecessor ends with a jump on the same comparison
/// needs no second compare.
#[test]
fn flags_hold_across_a_conditional_jump() {
    assert_eq!(check_golden("flags-across-blocks"), "110\n");
}
