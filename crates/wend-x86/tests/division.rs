//! wend's division (`INT_MIN / -1` wraps, `x % -1` is 0, a zero divisor is
//! a runtime error) as instruction selection shapes it: the IR's guard
//! selects around `sdiv`/`srem` become one compare and a branch to code
//! out of line. The results themselves are checked by the test programs
//! (`simple/int_min_div`, `simple/wrapping_division_spilled`) on every
//! pipeline.

mod common;

use common::{assembly_after, assembly_after_mem2reg};

const DIVIDE: &str = "
main() {
    int quotient(int a, int b) {
        return a / b;
    }
    int remainder(int a, int b) {
        return a % b;
    }
    println quotient(7, 2) + remainder(7, 2);
}
";

/// The lines of `asm` that are instructions or labels.
fn code(asm: &str) -> Vec<&str> {
    asm.lines()
        .filter(|l| !l.trim_start().starts_with('.') || l.ends_with(':'))
        .collect()
}

#[test]
fn a_divisor_of_minus_one_branches_out_of_line() {
    for (function, result) in [
        ("main.quotient", "\tnegl "),
        ("main.remainder", "\tmovl $0, "),
    ] {
        let asm = assembly_after_mem2reg(DIVIDE, function);
        let code = code(&asm);
        let at = |line: &str| code.iter().position(|l| *l == line);
        let idiv = at("\tidivl %esi").unwrap_or_else(|| panic!("no idivl\n{asm}"));
        // On the way to the division: a test of -1 and a branch, no cmov.
        assert_eq!(
            code[idiv - 4..idiv - 2],
            ["\tcmpl $-1, %esi", "\tje .Ldivm1_0"],
            "{asm}"
        );
        assert!(!asm.contains("cmov"), "{asm}");
        assert_eq!(code[idiv + 1], ".Ldivm1_0_back:", "{asm}");
        // The -1 case after the function's blocks: wend's result, and back.
        let away = at(".Ldivm1_0:").unwrap_or_else(|| panic!("no out-of-line code\n{asm}"));
        assert!(away > idiv, "{asm}");
        assert!(code[away..].iter().any(|l| l.starts_with(result)), "{asm}");
        assert!(code[away..].contains(&"\tjmp .Ldivm1_0_back"), "{asm}");
    }
}

/// GVN gives divisions by one value one guard (one test of -1, one
/// select of the safe divisor): each division is still fused, and the
/// shared guard, serving none of them any more, produces no code.
#[test]
fn divisions_sharing_a_guard_are_each_fused() {
    let src = "
main() {
    int f(int a, int b, int d) {
        return a / d + b % d;
    }
    println f(7, 8, 3);
}
";
    let asm = assembly_after(src, "main.f", |f| {
        wend_opt::mem2reg::run(f);
        wend_opt::gvn::run(f, &wend_ir::analysis::effects::Effects::unknown());
    });
    assert_eq!(asm.matches("idivl").count(), 2, "{asm}");
    assert_eq!(asm.matches("je .Ldivm1_").count(), 2, "{asm}");
    assert!(!asm.contains("cmov"), "{asm}");
    assert_eq!(asm.matches("cmpl $-1,").count(), 2, "{asm}");
}
