//! Side-by-side line diffs of IR text, as HTML tables: the text before a
//! pass on the left, after it on the right, unchanged lines aligned,
//! removed lines red, added lines green, and within a changed line the
//! words that differ emphasised. The diff itself is the `similar` crate's
//! (Myers' algorithm, "An O(ND) difference algorithm and its variations",
//! 1986).

use crate::html::escape;
use similar::{ChangeTag, DiffTag, TextDiff};
use std::fmt::Write;

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
    let diff = TextDiff::from_lines(old, new);
    let old_lines: Vec<&str> = old.lines().collect();
    let new_lines: Vec<&str> = new.lines().collect();
    let mut rows: Vec<Row> = Vec::new();
    let mut stats = DiffStats::default();
    for op in diff.ops() {
        let (tag, old_range, new_range) = op.as_tag_tuple();
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
        for (side, cell) in [("del", row.old), ("ins", row.new)] {
            match cell {
                Some((n, html)) => {
                    let class = if row.class == "changed" { side } else { "" };
                    let _ = write!(
                        out,
                        "<td class=\"ln\">{n}</td><td class=\"code {class}\">{html}</td>"
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

/// Both lines as HTML with the differing words wrapped in `<del>`/`<ins>`
/// — when the lines are alike; two unrelated lines are shown whole, since
/// emphasising nearly every word would say nothing.
fn word_diff(old: &str, new: &str) -> (String, String) {
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
}
