//! The colours of wend source in the report. They are not the report's own:
//! `editors/wend-colours.json` is a TextMate colour theme over the scope
//! names of the TextMate grammar (`editors/vscode/syntaxes/`), and the HTML
//! edition of the book colours its programs with the same file through the
//! grammar itself. The report does not run the grammar (that takes an
//! Oniguruma regex engine); [`crate::source`] gives each token of wendc's
//! lexer the scope the grammar gives it, which `make editors-test` checks
//! against the grammar on every program of the repository.
//!
//! A token takes the rule whose scope name is the longest prefix of the
//! token's scope, as in TextMate; a token no rule names keeps the text
//! colour. Each rule becomes one CSS class, `tm-` and its scope name with
//! dashes for dots (`keyword.control` is `.tm-keyword-control`).

use std::sync::LazyLock;

const THEME: &str = include_str!("../../../editors/wend-colours.json");

struct Rule {
    scope: String,
    class: String,
    css: String,
}

static RULES: LazyLock<Vec<Rule>> = LazyLock::new(|| parse(THEME));

/// The rules of a theme, in its order. The theme is part of the compiler's
/// source, so a malformed one is a bug in it, caught by the tests.
fn parse(theme: &str) -> Vec<Rule> {
    let theme: serde_json::Value =
        serde_json::from_str(theme).expect("editors/wend-colours.json is not JSON");
    let mut rules = Vec::new();
    for entry in theme["tokenColors"]
        .as_array()
        .expect("editors/wend-colours.json has no tokenColors")
    {
        let settings = &entry["settings"];
        let mut css = String::new();
        if let Some(colour) = settings["foreground"].as_str() {
            css.push_str(&format!("color: {colour};"));
        }
        for style in settings["fontStyle"]
            .as_str()
            .unwrap_or("")
            .split_whitespace()
        {
            css.push_str(match style {
                "italic" => " font-style: italic;",
                "bold" => " font-weight: bold;",
                "underline" => " text-decoration: underline;",
                "strikethrough" => " text-decoration: line-through;",
                other => panic!("editors/wend-colours.json: unknown fontStyle {other}"),
            });
        }
        let scopes: Vec<&str> = match &entry["scope"] {
            serde_json::Value::String(s) => s.split(',').map(str::trim).collect(),
            serde_json::Value::Array(list) => list.iter().filter_map(|s| s.as_str()).collect(),
            _ => panic!("editors/wend-colours.json: a rule without a scope"),
        };
        for scope in scopes {
            rules.push(Rule {
                scope: scope.to_string(),
                class: format!("tm-{}", scope.replace('.', "-")),
                css: css.trim().to_string(),
            });
        }
    }
    rules
}

/// The CSS class of the rule that colours a grammar scope, if one does.
pub fn class_of(scope: &str) -> Option<&'static str> {
    class_in(&RULES, scope)
}

fn class_in<'r>(rules: &'r [Rule], scope: &str) -> Option<&'r str> {
    rules
        .iter()
        .filter(|rule| {
            scope == rule.scope
                || scope.starts_with(&rule.scope) && scope[rule.scope.len()..].starts_with('.')
        })
        .max_by_key(|rule| rule.scope.len())
        .map(|rule| rule.class.as_str())
}

/// One CSS rule per theme rule.
pub fn stylesheet() -> String {
    RULES
        .iter()
        .map(|rule| format!(".{} {{ {} }}\n", rule.class, rule.css))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_theme_parses_and_names_the_grammar_scopes_it_colours() {
        assert!(!RULES.is_empty());
        assert_eq!(class_of("keyword.control.wend"), Some("tm-keyword-control"));
        assert_eq!(
            class_of("comment.line.double-slash.wend"),
            Some("tm-comment")
        );
        assert_eq!(
            class_of("constant.character.escape.wend"),
            Some("tm-constant-character-escape")
        );
        assert_eq!(class_of("variable.other.wend"), None);
        // A prefix is a whole scope name: `string` does not colour `stringy`.
        assert_eq!(class_of("stringy.wend"), None);
        let css = stylesheet();
        assert!(
            css.contains(".tm-keyword-control { color: #8250df; font-weight: bold; }"),
            "{css}"
        );
    }

    #[test]
    fn the_longest_prefix_wins() {
        let rules = parse(
            r##"{"tokenColors": [
                {"scope": "constant", "settings": {"foreground": "#111111"}},
                {"scope": ["constant.numeric", "x"], "settings": {"foreground": "#222222", "fontStyle": "italic bold"}}
            ]}"##,
        );
        assert_eq!(rules.len(), 3);
        assert_eq!(
            rules[1].css,
            "color: #222222; font-style: italic; font-weight: bold;"
        );
        assert_eq!(
            class_in(&rules, "constant.numeric.integer.wend"),
            Some("tm-constant-numeric")
        );
        assert_eq!(
            class_in(&rules, "constant.language.wend"),
            Some("tm-constant")
        );
        assert_eq!(class_in(&rules, "constants"), None);
    }
}
