//! HTML text helpers: escaping, and ids that are safe in attributes.

/// Escapes text for element content and double-quoted attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// A fragment identifier made from a symbol name (`main.f` → `main-f`):
/// letters, digits, `-` and `_` only, so it is safe in CSS selectors too.
/// Distinct names stay distinct because every other byte is spelt out.
pub fn id_fragment(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '_' => out.push(c),
            '.' => out.push('-'),
            _ => out.push_str(&format!("x{:x}", c as u32)),
        }
    }
    out
}

/// The attributes that link an element to source line `line` (none for
/// 0, "no line"): `data-line`, which the script matches on hover, and
/// `data-k`, one of eight colours, so that neighbouring lines differ.
pub fn line_attrs(line: u32) -> String {
    if line == 0 {
        return String::new();
    }
    format!(" data-line=\"{line}\" data-k=\"{}\"", line % 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(
            escape(r#"<a href="x">&'"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
    }

    #[test]
    fn ids_are_plain() {
        assert_eq!(id_fragment("main.f.g"), "main-f-g");
        assert_eq!(id_fragment("a b"), "ax20b");
    }
}
