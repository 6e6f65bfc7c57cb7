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

/// Sixteen values that each take the next one's value on every trip: more
/// phis than registers, so some are spilled, and the phi copies of the
/// spilled ones would each be a load and a store through a scratch
/// register — unless a spilled phi and the value copied into it share
/// their stack slot.
const ROTATE: &str = "
main() {
    int a; int b; int c; int d; int e; int f; int g; int h;
    int k; int m; int n; int p; int q; int r; int s; int i;
    a = 1; b = 2; c = 3; d = 4; e = 5; f = 6; g = 7; h = 8;
    k = 9; m = 10; n = 11; p = 12; q = 13; r = 14; s = 15;
    while i < 20 {
        a = a + b; b = b + c; c = c + d; d = d + e; e = e + f; f = f + g;
        g = g + h; h = h + k; k = k + m; m = m + n; n = n + p; p = p + q;
        q = q + r; r = r + s; s = s + i;
        i = i + 1;
    }
    println a + b + c + d + e + f + g + h + k + m + n + p + q + r + s;
}
";

#[test]
fn spilled_phis_share_slots_with_their_copies() {
    let asm = assembly(ROTATE, "main");
    let body = loop_of(&asm);
    assert!(body.len() > 20, "no loop found in\n{asm}");
    assert!(
        body.iter().any(|l| l.contains("(%rbp)")),
        "nothing spilled: the test no longer tests anything\n{asm}"
    );
    // A copy from one stack slot to another goes through %r11.
    let copies: Vec<_> = body
        .windows(2)
        .filter(|w| {
            w[0].starts_with("\tmovl ")
                && w[0].ends_with("(%rbp), %r11d")
                && w[1].starts_with("\tmovl %r11d, ")
                && w[1].ends_with("(%rbp)")
        })
        .collect();
    assert!(copies.is_empty(), "copies between slots: {copies:?}\n{asm}");
}
