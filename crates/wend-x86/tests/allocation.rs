//! What the register allocator chooses when it must choose: wend source
//! through the frontend and mem2reg, one function's assembly inspected.

mod common;

use common::assembly_after_mem2reg as assembly;

/// N-queens' `solve` (bench/programs/nqueens.wend): eight values live
/// across its recursive call and five callee-saved registers, so three
/// must be spilled; its loop divides by `bit` three times.
const SOLVE: &str = "
main() {
    int n;
    int solve(int row, int cols, int d1, int d2) {
        int col;
        int bit;
        int count;
        if row == n {
            return 1;
        }
        bit = 1;
        while col < n {
            if cols / bit % 2 == 0 && d1 / bit % 2 == 0 && d2 / bit % 2 == 0 {
                count = count + solve(row + 1, cols + bit, (d1 + bit) * 2, (d2 + bit) / 2);
            }
            col = col + 1;
            bit = bit * 2;
        }
        return count;
    }
    n = 8;
    println solve(0, 0, 0, 0);
}
";

/// The instructions from the label ending in `.while.cond` to the one
/// ending in `.while.end`: the loop.
fn loop_of(asm: &str) -> Vec<&str> {
    asm.lines()
        .skip_while(|l| !l.ends_with(".while.cond:"))
        .take_while(|l| !l.ends_with(".while.end:"))
        .filter(|l| l.starts_with('\t'))
        .collect()
}

#[test]
fn values_written_in_a_loop_stay_in_registers() {
    let asm = assembly(SOLVE, "main.solve");
    let body = loop_of(&asm);
    assert!(body.len() > 20, "no loop found in\n{asm}");
    // The spilled values are the ones the loop only reads (`row`, `cols`,
    // the pointer to `n`); the counters it writes on every trip (`col`,
    // `bit`, `count`) are in registers, so it stores nothing to the frame.
    let stores: Vec<&&str> = body.iter().filter(|l| l.ends_with("(%rbp)")).collect();
    assert!(stores.is_empty(), "stores in the loop: {stores:?}\n{asm}");
}

#[test]
fn divisors_are_not_moved_out_of_eax() {
    let asm = assembly(SOLVE, "main.solve");
    let divisions: Vec<&str> = asm.lines().filter(|l| l.contains("idivl")).collect();
    assert_eq!(divisions.len(), 3, "{asm}");
    // A divisor allocated to %eax or %edx would have to be copied to the
    // scratch register first, out of the dividend's and remainder's way.
    for division in divisions {
        assert!(!division.contains("%r11"), "{division}\n{asm}");
    }
}
