//! The source text as HTML lines with syntax colouring, from the
//! frontend's own lexer (so the colours agree with what the compiler
//! sees); comments are the gaps between tokens that hold a `//`. Each
//! token is given the scope name the TextMate grammar of the editors gives
//! it, and is coloured as the shared theme colours that scope
//! ([`crate::colours`]).

use crate::colours::class_of;
use crate::html::escape;
use wend_frontend::lexer::{lex, Tok};

/// The scope `editors/vscode/syntaxes/wend.tmLanguage.json` gives a token.
/// An identifier is a function's name when a `(` follows it on its line,
/// as the grammar's `call` and `function-declaration` rules have it.
fn token_scope(tok: &Tok, followed_by_paren: bool) -> &'static str {
    match tok {
        Tok::KwInt | Tok::KwBool => "storage.type.wend",
        Tok::True | Tok::False => "constant.language.boolean.wend",
        Tok::Int => "constant.numeric.integer.decimal.wend",
        Tok::If | Tok::Else | Tok::While | Tok::Return => "keyword.control.wend",
        Tok::Print | Tok::Println => "keyword.other.print.wend",
        Tok::Str => "string.quoted.double.wend",
        Tok::Ident if followed_by_paren => "entity.name.function.wend",
        Tok::Ident => "variable.other.wend",
        Tok::Lt | Tok::Le | Tok::Gt | Tok::Ge | Tok::EqEq | Tok::NotEq => {
            "keyword.operator.comparison.wend"
        }
        Tok::AndAnd | Tok::OrOr | Tok::Bang => "keyword.operator.logical.wend",
        Tok::Assign => "keyword.operator.assignment.wend",
        Tok::Plus | Tok::Minus | Tok::Star | Tok::Slash | Tok::Percent => {
            "keyword.operator.arithmetic.wend"
        }
        Tok::Semi => "punctuation.terminator.statement.wend",
        Tok::Comma => "punctuation.separator.comma.wend",
        Tok::LBrace | Tok::RBrace => "punctuation.section.block.wend",
        Tok::LParen | Tok::RParen => "punctuation.section.parens.wend",
    }
}

const COMMENT_SCOPE: &str = "comment.line.double-slash.wend";
const ESCAPE_SCOPE: &str = "constant.character.escape.wend";

/// The byte ranges of the escape sequences in a string literal's text, as
/// wendc's lexer reads them: `\` and one of `ntr\"`, `x` and two hex
/// digits, or up to three octal digits.
fn escapes(literal: &str) -> Vec<(usize, usize)> {
    let bytes = literal.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        let len = match bytes.get(i + 1) {
            Some(b'x') => 4,
            Some(b'0'..=b'7') => {
                1 + bytes[i + 1..]
                    .iter()
                    .take(3)
                    .take_while(|b| (b'0'..=b'7').contains(b))
                    .count()
            }
            _ => 2,
        };
        let end = (i + len).min(bytes.len());
        found.push((i, end));
        i = end;
    }
    found
}

/// One string of HTML per source line (without the newline). Lexically
/// invalid text is shown plain.
pub fn highlighted_lines(src: &str) -> Vec<String> {
    let (tokens, _) = lex(src);
    // Byte ranges with a class, in order, not overlapping.
    let mut spans: Vec<(usize, usize, Option<&'static str>)> = Vec::new();
    let mut gap_start = 0;
    let push_gap =
        |from: usize, to: usize, spans: &mut Vec<(usize, usize, Option<&'static str>)>| {
            // A comment runs from `//` to the end of its line.
            let mut i = from;
            while let Some(offset) = src[i..to].find("//") {
                let start = i + offset;
                let end = src[start..to].find('\n').map_or(to, |n| start + n);
                spans.push((start, end, class_of(COMMENT_SCOPE)));
                i = end;
            }
        };
    for (i, token) in tokens.iter().enumerate() {
        let (start, end) = (token.span.start(), token.span.end());
        if start < gap_start || end > src.len() {
            continue;
        }
        push_gap(gap_start, start, &mut spans);
        let followed_by_paren = tokens.get(i + 1).is_some_and(|next| {
            next.tok == Tok::LParen
                && src
                    .get(end..next.span.start())
                    .is_some_and(|gap| !gap.contains('\n'))
        });
        let class = class_of(token_scope(&token.tok, followed_by_paren));
        let mut at = start;
        if token.tok == Tok::Str {
            for (from, to) in escapes(&src[start..end]) {
                spans.push((at, start + from, class));
                spans.push((start + from, start + to, class_of(ESCAPE_SCOPE)));
                at = start + to;
            }
        }
        spans.push((at, end, class));
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
                Some(c) => line.push_str(&format!("<span class=\"{c}\">{}</span>", escape(piece))),
                None => line.push_str(&escape(piece)),
            }
        }
    };
    let mut at = 0;
    for (start, end, class) in spans {
        emit(&src[at..start], None, &mut line, &mut lines);
        emit(&src[start..end], class, &mut line, &mut lines);
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
    fn colours_tokens_and_comments_by_their_grammar_scopes() {
        let lines = highlighted_lines("main() { // hi <b>\n  print \"a//b\";\n  f (x);\n}\n");
        assert_eq!(lines.len(), 4);
        assert!(lines[0].contains("<span class=\"tm-comment\">// hi &lt;b&gt;</span>"));
        assert!(lines[0].starts_with("<span class=\"tm-entity-name-function\">main</span>"));
        assert!(lines[1].contains("<span class=\"tm-keyword-other-print\">print</span>"));
        assert!(lines[1].contains("<span class=\"tm-string\">&quot;a//b&quot;</span>"));
        assert!(!lines[1].contains("tm-comment"));
        // A call's name, across spaces; a variable and punctuation are plain.
        assert_eq!(
            lines[2],
            "  <span class=\"tm-entity-name-function\">f</span> (x);"
        );
    }

    #[test]
    fn escapes_in_strings_have_their_own_colour() {
        let lines = highlighted_lines("main() { print \"a\\n\\x1b\\101\\0z\\\\\"; }");
        let esc = |e: &str| format!("<span class=\"tm-constant-character-escape\">{e}</span>");
        let want = format!(
            "<span class=\"tm-string\">&quot;a</span>{}{}{}{}<span class=\"tm-string\">z</span>{}<span class=\"tm-string\">&quot;</span>",
            esc("\\n"),
            esc("\\x1b"),
            esc("\\101"),
            esc("\\0"),
            esc("\\\\"),
        );
        assert!(lines[0].contains(&want), "{}", lines[0]);
    }

    #[test]
    fn a_name_before_a_paren_on_the_next_line_is_no_function() {
        // The grammar matches a line at a time: `(` on the next line does
        // not make `x` a call's name there.
        let lines = highlighted_lines("main() {\n  x = y\n  (1);\n}\n");
        assert_eq!(lines[1], "  x = y");
    }

    #[test]
    fn keeps_text_of_invalid_input() {
        let lines = highlighted_lines("main() { @ }");
        assert_eq!(
            lines,
            vec!["<span class=\"tm-entity-name-function\">main</span>() { @ }".to_string()]
        );
    }
}
