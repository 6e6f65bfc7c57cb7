//! Side-by-side line diffs of IR text, as HTML tables: the text before a
//! pass on the left, after it on the right, unchanged lines aligned,
//! removed lines red, added lines green, and within a changed line the
//! words that differ emphasised.
//!
//! The line diff is a minimal one, by Myers' algorithm ("An O(ND)
//! difference algorithm and its variations", 1986; the `similar` crate),
//! for texts of up to [`MINIMAL_DIFF_LINES`] lines together. It takes time
//! proportional to the lines times the differences, quadratic when nearly
//! every line changes, as mem2reg changes a function's IR: larger texts
//! are compared by the histogram diff of git (the `imara-diff` crate),
//! which is close to linear and not always minimal.

use crate::html::{escape, line_attrs};
use imara_diff::{Algorithm, Diff, InternedInput};
use similar::{ChangeTag, DiffTag, TextDiff};
use std::fmt::Write;
use std::ops::Range;

/// Texts of more lines than this together are not diffed minimally: at
/// this size a minimal diff takes up to a few hundred milliseconds.
const MINIMAL_DIFF_LINES: usize = 8000;

/// How many lines a pass removed and added.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DiffStats {
    pub removed: usize,
    pub added: usize,
}

/// One row of the table: a line number and HTML per side (`None` = blank).
struct Row {
    class: &'static str,
    old: Option<(usize, String)>,
    new: Option<(usize, String)>,
}

/// The HTML table comparing `old` with `new`, and the line counts.
pub fn side_by_side(old: &str, new: &str, old_title: &str, new_title: &str) -> (String, DiffStats) {
    side_by_side_linked((old, &[]), (new, &[]), old_title, new_title)
}

/// [`side_by_side`] of two texts each given with the source line of each
/// of its lines (0 or missing: none), which the cells carry
/// ([`line_attrs`]) so that hovering links them to the source.
pub fn side_by_side_linked(
    (old, old_sources): (&str, &[u32]),
    (new, new_sources): (&str, &[u32]),
    old_title: &str,
    new_title: &str,
) -> (String, DiffStats) {
    let old_lines: Vec<&str> = old.lines().collect();
    let new_lines: Vec<&str> = new.lines().collect();
    let mut rows: Vec<Row> = Vec::new();
    let mut stats = DiffStats::default();
    for (tag, old_range, new_range) in line_diff(&old_lines, &new_lines) {
        match tag {
            DiffTag::Equal => {
                for (i, j) in old_range.zip(new_range) {
                    rows.push(Row {
                        class: "same",
                        old: Some((i + 1, escape(old_lines[i]))),
                        new: Some((j + 1, escape(new_lines[j]))),
                    });
                }
            }
            DiffTag::Delete | DiffTag::Insert | DiffTag::Replace => {
                stats.removed += old_range.len();
                stats.added += new_range.len();
                let paired = old_range.len().max(new_range.len());
                for k in 0..paired {
                    let i = old_range.start + k;
                    let j = new_range.start + k;
                    let old_line = (i < old_range.end).then(|| old_lines[i]);
                    let new_line = (j < new_range.end).then(|| new_lines[j]);
                    let (old_html, new_html) = match (old_line, new_line) {
                        (Some(a), Some(b)) => {
                            let (a, b) = word_diff(a, b);
                            (Some(a), Some(b))
                        }
                        (a, b) => (a.map(escape), b.map(escape)),
                    };
                    rows.push(Row {
                        class: "changed",
                        old: old_html.map(|h| (i + 1, h)),
                        new: new_html.map(|h| (j + 1, h)),
                    });
                }
            }
        }
    }

    let mut out = String::new();
    out.push_str("<div class=\"diff-wrap\"><table class=\"diff\">\n");
    out.push_str("<colgroup><col class=\"ln\"><col class=\"code\"><col class=\"ln\"><col class=\"code\"></colgroup>\n");
    let _ = writeln!(
        out,
        "<thead><tr><th colspan=\"2\">{}</th><th colspan=\"2\">{}</th></tr></thead><tbody>",
        escape(old_title),
        escape(new_title)
    );
    for row in rows {
        let _ = write!(out, "<tr class=\"{}\">", row.class);
        for (side, cell, sources) in [("del", row.old, old_sources), ("ins", row.new, new_sources)]
        {
            match cell {
                Some((n, html)) => {
                    let class = if row.class == "changed" { side } else { "" };
                    let link = line_attrs(sources.get(n - 1).copied().unwrap_or(0));
                    let _ = write!(
                        out,
                        "<td class=\"ln\">{n}</td><td class=\"code {class}\"{link}>{html}</td>"
                    );
                }
                None => out.push_str("<td class=\"ln\"></td><td class=\"code blank\"></td>"),
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table></div>\n");
    (out, stats)
}

/// The diff of two texts' lines, as runs of lines equal on both sides
/// and runs that differ (minimal while the texts are small).
fn line_diff(old: &[&str], new: &[&str]) -> Vec<(DiffTag, Range<usize>, Range<usize>)> {
    if old.len() + new.len() <= MINIMAL_DIFF_LINES {
        return similar::capture_diff_slices(similar::Algorithm::Myers, old, new)
            .iter()
            .map(|op| op.as_tag_tuple())
            .collect();
    }
    let mut input = InternedInput::default();
    input.update_before(old.iter().copied());
    input.update_after(new.iter().copied());
    let mut diff = Diff::compute(Algorithm::Histogram, &input);
    diff.postprocess_lines(&input);
    // The hunks, with the equal runs between and after them.
    let mut ops = Vec::new();
    let (mut i, mut j) = (0, 0);
    for hunk in diff.hunks() {
        let before = hunk.before.start as usize..hunk.before.end as usize;
        let after = hunk.after.start as usize..hunk.after.end as usize;
        if before.start > i {
            ops.push((DiffTag::Equal, i..before.start, j..after.start));
        }
        (i, j) = (before.end, after.end);
        ops.push((DiffTag::Replace, before, after));
    }
    if i < old.len() {
        ops.push((DiffTag::Equal, i..old.len(), j..new.len()));
    }
    ops
}

/// Lines longer than this together are shown whole, without their
/// differing words emphasised: a word diff takes time quadratic in the
/// words when they differ, and emphasis within such a line says little.
const MAX_WORD_DIFF_BYTES: usize = 2000;

/// Both lines as HTML with the differing words wrapped in `<del>`/`<ins>`
/// — when the lines are alike; two unrelated lines are shown whole, since
/// emphasising nearly every word would say nothing.
fn word_diff(old: &str, new: &str) -> (String, String) {
    if old.len() + new.len() > MAX_WORD_DIFF_BYTES {
        return (escape(old), escape(new));
    }
    let diff = TextDiff::from_words(old, new);
    if diff.ratio() < 0.5 {
        return (escape(old), escape(new));
    }
    let (mut a, mut b) = (String::new(), String::new());
    for change in diff.iter_all_changes() {
        let text = escape(change.value());
        match change.tag() {
            ChangeTag::Equal => {
                a.push_str(&text);
                b.push_str(&text);
            }
            ChangeTag::Delete => {
                let _ = write!(a, "<del>{text}</del>");
            }
            ChangeTag::Insert => {
                let _ = write!(b, "<ins>{text}</ins>");
            }
        }
    }
    (a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligns_and_marks_changes() {
        let old = "a\nb x\nc\nd\n";
        let new = "a\nb y\nc\ne\nf\n";
        let (html, stats) = side_by_side(old, new, "before", "after");
        assert_eq!(
            stats,
            DiffStats {
                removed: 2,
                added: 3
            }
        );
        assert!(html.contains("<del>x</del>"));
        assert!(html.contains("<ins>y</ins>"));
        assert_eq!(html.matches("<tr class=\"same\">").count(), 2);
        assert_eq!(html.matches("<tr class=\"changed\">").count(), 3);
        assert!(html.contains("code blank"));
    }

    #[test]
    fn identical_texts_have_no_changes() {
        let (html, stats) = side_by_side("x\n<y>\n", "x\n<y>\n", "a", "b");
        assert_eq!(stats, DiffStats::default());
        assert!(html.contains("&lt;y&gt;"));
        assert!(!html.contains("changed"));
    }

    /// Checks that `ops` cover both sides in order and that the runs said
    /// equal are.
    fn check_ops(old: &[&str], new: &[&str], ops: &[(DiffTag, Range<usize>, Range<usize>)]) {
        let (mut i, mut j) = (0, 0);
        for (tag, a, b) in ops {
            assert_eq!((a.start, b.start), (i, j));
            if *tag == DiffTag::Equal {
                assert_eq!(old[a.clone()], new[b.clone()]);
            }
            (i, j) = (a.end, b.end);
        }
        assert_eq!((i, j), (old.len(), new.len()));
    }

    #[test]
    fn large_texts_get_a_valid_diff_too() {
        // Every third line kept, the others renamed: past the limit of
        // the minimal diff.
        let old: Vec<String> = (0..MINIMAL_DIFF_LINES)
            .map(|i| format!("  %v{i} = add"))
            .collect();
        let new: Vec<String> = (0..MINIMAL_DIFF_LINES)
            .map(|i| match i % 3 {
                0 => format!("  %v{i} = add"),
                _ => format!("  %w{i} = add"),
            })
            .collect();
        let old: Vec<&str> = old.iter().map(String::as_str).collect();
        let new: Vec<&str> = new.iter().map(String::as_str).collect();
        let ops = line_diff(&old, &new);
        check_ops(&old, &new, &ops);
        let changed: usize = ops
            .iter()
            .filter(|(tag, ..)| *tag != DiffTag::Equal)
            .map(|(_, a, b)| a.len() + b.len())
            .sum();
        // Every kept line is unique, so even the histogram diff keeps them all.
        assert_eq!(
            changed,
            2 * (MINIMAL_DIFF_LINES - MINIMAL_DIFF_LINES.div_ceil(3))
        );
        // The beginnings of the same texts, within the limit: the minimal diff.
        let small = 1000;
        check_ops(
            &old[..small],
            &new[..small],
            &line_diff(&old[..small], &new[..small]),
        );
    }

    #[test]
    fn long_lines_are_shown_whole() {
        let long: String = (0..1000).map(|i| format!("[ %v{i}, %b{i} ], ")).collect();
        let longer = format!("{long}x");
        let (a, b) = word_diff(&long, &longer);
        assert!(!a.contains("<del>") && !b.contains("<ins>"));
        let (a, b) = word_diff("a b c d", "a b x d");
        assert_eq!(
            (a.as_str(), b.as_str()),
            ("a b <del>c</del> d", "a b <ins>x</ins> d")
        );
    }
}
