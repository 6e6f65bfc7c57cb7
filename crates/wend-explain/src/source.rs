//! The source text as HTML lines with syntax colouring, from the
//! frontend's own lexer (so the colours agree with what the compiler
//! sees); comments are the gaps between tokens that hold a `//`.

use crate::html::escape;
use wend_frontend::lexer::{lex, Tok};

/// The CSS class of a token.
fn token_class(tok: &Tok) -> &'static str {
    match tok {
        Tok::KwInt | Tok::KwBool => "ty",
        Tok::True | Tok::False | Tok::Int => "num",
        Tok::If | Tok::Else | Tok::While | Tok::Return | Tok::Print | Tok::Println => "kw",
        Tok::Str => "str",
        Tok::Ident => "id",
        _ => "op",
    }
}

/// One string of HTML per source line (without the newline). Lexically
/// invalid text is shown plain.
pub fn highlighted_lines(src: &str) -> Vec<String> {
    let (tokens, _) = lex(src);
    // Byte ranges with a class, in order, not overlapping.
    let mut spans: Vec<(usize, usize, &'static str)> = Vec::new();
    let mut gap_start = 0;
    let push_gap = |from: usize, to: usize, spans: &mut Vec<(usize, usize, &'static str)>| {
        // A comment runs from `//` to the end of its line.
        let mut i = from;
        while let Some(offset) = src[i..to].find("//") {
            let start = i + offset;
            let end = src[start..to].find('\n').map_or(to, |n| start + n);
            spans.push((start, end, "com"));
            i = end;
        }
    };
    for token in &tokens {
        let (start, end) = (token.span.start(), token.span.end());
        if start < gap_start || end > src.len() {
            continue;
        }
        push_gap(gap_start, start, &mut spans);
        spans.push((start, end, token_class(&token.tok)));
        gap_start = end;
    }
    push_gap(gap_start, src.len(), &mut spans);

    let mut lines = Vec::new();
    let mut line = String::new();
    let emit = |text: &str, class: Option<&str>, line: &mut String, lines: &mut Vec<String>| {
        for (i, piece) in text.split('\n').enumerate() {
            if i > 0 {
                lines.push(std::mem::take(line));
            }
            if piece.is_empty() {
                continue;
            }
            match class {
                Some(c) if c != "op" => {
                    line.push_str(&format!("<span class=\"{c}\">{}</span>", escape(piece)))
                }
                _ => line.push_str(&escape(piece)),
            }
        }
    };
    let mut at = 0;
    for (start, end, class) in spans {
        emit(&src[at..start], None, &mut line, &mut lines);
        emit(&src[start..end], Some(class), &mut line, &mut lines);
        at = end;
    }
    emit(&src[at..], None, &mut line, &mut lines);
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_tokens_and_comments() {
        let lines = highlighted_lines("main() { // hi <b>\n  print \"a//b\";\n}\n");
        assert_eq!(lines.len(), 3);
        assert!(lines[0].contains("<span class=\"com\">// hi &lt;b&gt;</span>"));
        assert!(lines[1].contains("<span class=\"kw\">print</span>"));
        assert!(lines[1].contains("<span class=\"str\">&quot;a//b&quot;</span>"));
        assert!(!lines[1].contains("com"));
    }

    #[test]
    fn keeps_text_of_invalid_input() {
        let lines = highlighted_lines("main() { @ }");
        assert_eq!(
            lines,
            vec!["<span class=\"id\">main</span>() { @ }".to_string()]
        );
    }
}
