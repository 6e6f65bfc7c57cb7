//! "A similar name exists": which visible name a misspelt one most likely
//! meant, for the help of "cannot find variable" and "cannot find function".
//!
//! The rule is rustc's: a candidate that differs only in case is the best
//! match; otherwise the candidate's edit distance (optimal string
//! alignment, so that a swap of two neighbouring letters, `conut`, counts
//! as one edit) must be at most a third of the unknown name's length
//! (rounded down, and at least one). Among several candidates within that
//! distance the caller's ranking decides first (for a call: whether an
//! overload takes the arguments given), then the distance, then the order
//! of the candidates (innermost scope first).

/// How far `candidate` is from the unknown name `typo`: `Some(0)` when they
/// differ only in case, `Some(edits)` when close enough to suggest, `None`
/// otherwise (and for the name itself).
pub(crate) fn distance(typo: &str, candidate: &str) -> Option<usize> {
    if typo == candidate {
        return None;
    }
    if typo.eq_ignore_ascii_case(candidate) {
        return Some(0);
    }
    let most = typo.len().max(3) / 3;
    // Identifiers are ASCII: lengths in bytes are lengths in letters, and
    // a length difference alone can rule a candidate out cheaply.
    if typo.len().abs_diff(candidate.len()) > most {
        return None;
    }
    let edits = strsim::osa_distance(typo, candidate);
    (edits <= most).then_some(edits)
}

/// The best of `candidates` for the unknown name `typo`: each is a name,
/// a rank (lower is better, compared before the distance) and what to
/// return for it. Ties keep the first candidate.
pub(crate) fn best_match<'n, T>(
    typo: &str,
    candidates: impl IntoIterator<Item = (&'n str, u8, T)>,
) -> Option<T> {
    let mut best: Option<((u8, usize), T)> = None;
    for (name, rank, value) in candidates {
        let Some(edits) = distance(typo, name) else {
            continue;
        };
        let key = (rank, edits);
        match &best {
            Some((best_key, _)) if *best_key <= key => {}
            _ => best = Some((key, value)),
        }
    }
    best.map(|(_, value)| value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_edit_in_three_letters() {
        assert_eq!(distance("cout", "count"), Some(1));
        assert_eq!(distance("conut", "count"), Some(1), "a swap is one edit");
        assert_eq!(distance("y", "x"), Some(1));
        assert_eq!(distance("total", "totals"), Some(1));
        assert_eq!(distance("abc", "xyz"), None);
        assert_eq!(distance("counter", "count"), Some(2));
        assert_eq!(distance("cnt", "count"), None, "two edits in three letters");
        assert_eq!(distance("x", "x"), None, "the name itself");
    }

    #[test]
    fn case_differences_are_the_closest() {
        assert_eq!(distance("Counter", "counter"), Some(0));
        assert_eq!(
            best_match("Counter", [("counte", 0, 1), ("counter", 0, 2)]),
            Some(2)
        );
    }

    #[test]
    fn rank_before_distance_and_first_among_equals() {
        let candidates = [("sum", 1, "sum"), ("sums", 0, "sums"), ("sun", 1, "sun")];
        assert_eq!(best_match("sumn", candidates), Some("sums"));
        let equals = [("ab", 0, 1), ("ac", 0, 2)];
        assert_eq!(best_match("aa", equals), Some(1));
        assert_eq!(best_match::<u8>("q", []), None);
    }

    /// The help lines and secondary labels (their text in `src` and their
    /// message) of the only error of `src`.
    fn suggestion(src: &str) -> (Vec<String>, Vec<(String, String)>) {
        let (checked, diags) = crate::check(src);
        assert!(checked.is_none() && diags.len() == 1, "{diags:#?}");
        let diag = &diags[0];
        let secondary = diag.labels[1..]
            .iter()
            .map(|l| (src[l.range.clone()].to_string(), l.message.clone()))
            .collect();
        (diag.notes.clone(), secondary)
    }

    fn main_with(body: &str) -> String {
        format!("main() {{\n{body}\n}}\n")
    }

    #[test]
    fn a_misspelt_variable_gets_the_visible_one() {
        let (helps, labels) = suggestion(&main_with("int count; count = 1; print cuont;"));
        assert_eq!(
            helps,
            ["help: a variable with a similar name exists: `count`"]
        );
        assert_eq!(
            labels,
            [(
                "count".into(),
                "a variable with a similar name is declared here".into()
            )]
        );
        // A parameter, and a case difference.
        let (helps, _) = suggestion(&main_with("int f(int Total) { return total; } print f(1);"));
        assert_eq!(
            helps,
            ["help: a parameter with a similar name exists: `Total`"]
        );
        // Too different: no help.
        let (helps, labels) = suggestion(&main_with("int count; count = 1; print cnt;"));
        assert!(helps.is_empty() && labels.is_empty(), "{helps:?}");
    }

    #[test]
    fn outer_variables_are_candidates_and_shadowing_is_respected() {
        // From a nested function, `main`'s variable.
        let src = main_with("int total; add() { total = totl + 1; } add(); print total;");
        let (helps, _) = suggestion(&src);
        assert_eq!(
            helps,
            ["help: a variable with a similar name exists: `total`"]
        );
        // The inner `total` shadows the outer one: the label is on it.
        let src = main_with(
            "int total; add() { int total; total = totl; print total; } add(); print total;",
        );
        let (_, labels) = suggestion(&src);
        let (checked, diags) = crate::check(&src);
        assert!(checked.is_none());
        let inner = src.find("{ int total").unwrap() + "{ int ".len();
        assert_eq!(diags[0].labels[1].range.start, inner, "{labels:?}");
        // A sibling's local is not visible, so not suggested.
        let src =
            main_with("a() { int total; total = 1; print total; } b() { print totl; } a(); b();");
        let (helps, _) = suggestion(&src);
        assert!(helps.is_empty(), "{helps:?}");
    }

    #[test]
    fn a_misspelt_call_prefers_an_overload_taking_the_arguments() {
        let src = main_with(
            "int sum(int a, int b) { return a + b; }
             int sun(int a) { return a; }
             print sum(1, 2) + sun(3);
             print sumn(1, 2);",
        );
        let (helps, labels) = suggestion(&src);
        assert_eq!(
            helps,
            ["help: a function with a similar name exists: `sum`"]
        );
        assert_eq!(
            labels,
            [(
                "sum".into(),
                "a function with a similar name is defined here: `int sum(int, int)`".into()
            )]
        );
        let (helps, _) = suggestion(&src.replace("sumn(1, 2)", "sumn(1)"));
        assert_eq!(
            helps,
            ["help: a function with a similar name exists: `sun`"]
        );
        // Among overloads of one name, the one taking the arguments is shown.
        let src = main_with(
            "show(int a) { print a; }
             show(bool b) { print b; }
             show(1); show(true);
             shw(false);",
        );
        let (_, labels) = suggestion(&src);
        assert_eq!(
            labels,
            [(
                "show".into(),
                "a function with a similar name is defined here: `show(bool)`".into()
            )]
        );
    }

    #[test]
    fn functions_of_every_enclosing_scope_are_candidates() {
        // From inside `inner`: a sibling of its parent, and `main` itself.
        let src = main_with(
            "helper() { }
             outer() { inner() { helpr(); } inner(); }
             helper(); outer();",
        );
        let (helps, _) = suggestion(&src);
        assert_eq!(
            helps,
            ["help: a function with a similar name exists: `helper`"]
        );
        let src = main_with("f() { mian(); } f();");
        let (helps, _) = suggestion(&src);
        assert_eq!(
            helps,
            ["help: a function with a similar name exists: `main`"]
        );
    }
}
