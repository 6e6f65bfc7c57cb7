//! What the server knows about one document, and the answers it gives
//! from it: diagnostics, hover, definitions, references, symbols, rename
//! and semantic tokens. All read the frontend's name index
//! ([`wend_frontend::index`]), so they resolve names exactly as the
//! compiler does, and keep working on a program with errors for whatever
//! resolved.

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use codespan_reporting::diagnostic::{LabelStyle, Severity};
use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, DocumentSymbol,
    DocumentSymbolResponse, GotoDefinitionResponse, Hover, HoverContents, Location, MarkupContent,
    MarkupKind, NumberOrString, Position, PrepareRenameResponse, SemanticToken,
    SemanticTokenModifier, SemanticTokenType, SemanticTokens, SemanticTokensLegend,
    SemanticTokensResult, SymbolKind, TextEdit, Uri, WorkspaceEdit,
};
use rustc_hash::{FxHashMap, FxHashSet};
use wend_frontend::checked::{FuncId, VarId, VarKind};
use wend_frontend::index::{NameIndex, Target};
use wend_frontend::lexer::{self, Tok};
use wend_frontend::span::Span;
use wend_frontend::Diag;

use super::text::Text;
use super::Failure;

/// An open document: its text and what checking it found.
pub struct Document {
    pub text: Text,
    diags: Vec<Diag>,
    index: NameIndex,
}

impl Document {
    /// Checks `text`. A panic in the checker (a bug in wendc) leaves the
    /// document with its text and nothing found in it, so that the edits
    /// that follow still apply to the right text.
    pub fn new(text: Text) -> Document {
        let checked = catch_unwind(AssertUnwindSafe(|| {
            wend_frontend::check_indexed(&text.source)
        }));
        let (diags, index) = checked.unwrap_or_else(|_| {
            eprintln!("wendc lsp: internal error while checking a document");
            Default::default()
        });
        Document { text, diags, index }
    }

    /// The diagnostics `wendc build` prints, as LSP diagnostics: the
    /// primary label's span is the range, the notes and helps follow the
    /// message, and every label with a message is related information.
    pub fn diagnostics(&self, uri: &Uri) -> Vec<Diagnostic> {
        self.diags
            .iter()
            .map(|diag| self.diagnostic(uri, diag))
            .collect()
    }

    fn diagnostic(&self, uri: &Uri, diag: &Diag) -> Diagnostic {
        let primary = diag.labels.iter().find(|l| l.style == LabelStyle::Primary);
        let range = primary.map_or(Span::default(), |l| Span::new(l.range.start, l.range.end));
        let mut message = diag.message.clone();
        for note in &diag.notes {
            message.push('\n');
            message.push_str(note);
        }
        let related: Vec<DiagnosticRelatedInformation> = (diag.labels.iter())
            .filter(|l| !l.message.is_empty())
            .map(|l| DiagnosticRelatedInformation {
                location: Location::new(
                    uri.clone(),
                    self.text.range(Span::new(l.range.start, l.range.end)),
                ),
                message: l.message.clone(),
            })
            .collect();
        Diagnostic {
            range: self.text.range(range),
            severity: Some(match diag.severity {
                Severity::Bug | Severity::Error => DiagnosticSeverity::ERROR,
                Severity::Warning => DiagnosticSeverity::WARNING,
                Severity::Note => DiagnosticSeverity::INFORMATION,
                Severity::Help => DiagnosticSeverity::HINT,
            }),
            code: diag.code.clone().map(NumberOrString::String),
            source: Some("wendc".to_string()),
            message,
            related_information: (!related.is_empty()).then_some(related),
            ..Diagnostic::default()
        }
    }

    /// The name at `position`: what it refers to and the span of the name.
    fn target_at(&self, position: Position) -> Option<(Target, Span)> {
        self.index.at(self.text.offset(position))
    }

    /// A variable's type and owner; a function's signature, where it is
    /// nested and the outer variables it captures.
    pub fn hover(&self, position: Position) -> Option<Hover> {
        let (target, span) = self.target_at(position)?;
        let value = match target {
            Target::Var(var) => {
                let (declaration, what) = self.index.describe_var(var);
                format!("```wend\n{declaration}\n```\n{what}")
            }
            Target::Func(func) => self.describe_function(func),
        };
        Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value,
            }),
            range: Some(self.text.range(span)),
        })
    }

    fn describe_function(&self, id: FuncId) -> String {
        let index = &self.index;
        let func = index.func(id);
        let mut text = format!("```wend\n{}\n```", index.describe_function(id));
        let Some(parent) = func.parent else {
            return text;
        };
        text += &format!("\nnested in `{}`", index.func(parent).name);
        if func.captures.is_empty() {
            text += "\n\ncaptures no outer variables";
        } else {
            text += "\n\ncaptures:";
            for &var in &func.captures {
                let owner = &index.func(index.var(var).owner).name;
                let (declaration, _) = index.describe_var(var);
                text += &format!("\n- `{declaration}` of `{owner}`");
            }
        }
        text
    }

    pub fn definition(&self, uri: &Uri, position: Position) -> Option<GotoDefinitionResponse> {
        let (target, _) = self.target_at(position)?;
        let range = self.text.range(self.index.declaration(target));
        Some(GotoDefinitionResponse::Scalar(Location::new(
            uri.clone(),
            range,
        )))
    }

    pub fn references(
        &self,
        uri: &Uri,
        position: Position,
        with_declaration: bool,
    ) -> Option<Vec<Location>> {
        let (target, _) = self.target_at(position)?;
        let mut spans = self.index.uses_of(target);
        if with_declaration {
            spans.insert(0, self.index.declaration(target));
        }
        let location = |span| Location::new(uri.clone(), self.text.range(span));
        Some(spans.into_iter().map(location).collect())
    }

    /// The nesting tree of functions, each with its parameters and local
    /// variables.
    pub fn symbols(&self) -> Option<DocumentSymbolResponse> {
        let tops = (0..self.index.funcs.len() as u32)
            .map(FuncId)
            .filter(|&f| self.index.func(f).parent.is_none());
        Some(DocumentSymbolResponse::Nested(
            tops.map(|f| self.function_symbol(f)).collect(),
        ))
    }

    fn function_symbol(&self, id: FuncId) -> DocumentSymbol {
        let func = self.index.func(id);
        let vars = func.params.iter().chain(&func.locals);
        let mut children: Vec<DocumentSymbol> = vars.map(|&v| self.var_symbol(v)).collect();
        children.extend(func.children.iter().map(|&f| self.function_symbol(f)));
        children.sort_by_key(|s| (s.range.start.line, s.range.start.character));
        let whole = func.name_span.to(func.close_brace);
        symbol(
            func.name.clone(),
            self.index.describe_function(id),
            SymbolKind::FUNCTION,
            self.text.range(whole),
            self.text.range(func.name_span),
            children,
        )
    }

    fn var_symbol(&self, id: VarId) -> DocumentSymbol {
        let var = self.index.var(id);
        let range = self.text.range(var.span);
        let kind = match var.kind {
            VarKind::Param => "parameter",
            VarKind::Local => "local",
        };
        symbol(
            self.index.var_name(id).to_string(),
            format!("{} {kind}", var.ty),
            SymbolKind::VARIABLE,
            range,
            range,
            Vec::new(),
        )
    }

    pub fn prepare_rename(&self, position: Position) -> Option<PrepareRenameResponse> {
        let (_, span) = self.target_at(position)?;
        Some(PrepareRenameResponse::Range(self.text.range(span)))
    }

    /// Renames what the name at `position` refers to: its declaration and
    /// every use. Refused when the new name is not an identifier, or when
    /// it would change what any name of the program refers to (a clash
    /// with a name in scope, shadowing, another overload called) or make a
    /// new error (a duplicate): the renamed program is checked again and
    /// its resolutions compared with these.
    pub fn rename(
        &self,
        uri: &Uri,
        position: Position,
        new_name: &str,
    ) -> Result<Option<WorkspaceEdit>, Failure> {
        let Some((target, _)) = self.target_at(position) else {
            return Err(Failure::refused(
                "there is no variable or function to rename here",
            ));
        };
        let old_name = self.index.name(target).to_string();
        check_identifier(new_name)?;
        if new_name == old_name {
            return Ok(None);
        }
        let mut spans = self.index.uses_of(target);
        spans.push(self.index.declaration(target));
        spans.sort();
        spans.dedup();
        let mut renamed = String::with_capacity(self.text.source.len());
        let mut copied = 0;
        for span in &spans {
            renamed.push_str(&self.text.source[copied..span.start()]);
            renamed.push_str(new_name);
            copied = span.end();
        }
        renamed.push_str(&self.text.source[copied..]);
        let (diags, after) = wend_frontend::check_indexed(&renamed);
        self.same_meaning(&after, &diags, &old_name, new_name)?;
        let edits = spans
            .iter()
            .map(|&span| TextEdit::new(self.text.range(span), new_name.to_string()))
            .collect();
        Ok(Some(WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..WorkspaceEdit::default()
        }))
    }

    /// Refuses a rename after which the program (checked again as `after`,
    /// with `diags`) has other resolutions or more errors. The checker
    /// declares and resolves in an order that depends only on the
    /// program's structure, so the same program renamed has the same
    /// declaration ids and the same uses in the same order.
    fn same_meaning(
        &self,
        after: &NameIndex,
        diags: &[Diag],
        old: &str,
        new: &str,
    ) -> Result<(), Failure> {
        let errors = |diags: &[Diag]| {
            diags
                .iter()
                .filter(|d| d.severity >= Severity::Error)
                .count()
        };
        if errors(diags) > errors(&self.diags) {
            let before: Vec<&str> = self.diags.iter().map(|d| d.message.as_str()).collect();
            let new_error = (diags.iter())
                .filter(|d| d.severity >= Severity::Error)
                .find(|d| !before.contains(&d.message.as_str()))
                .map_or(String::new(), |d| format!(": {}", d.message));
            return Err(Failure::refused(format!(
                "renaming `{old}` to `{new}` would make an error{new_error}"
            )));
        }
        let changed = (self.index.uses.iter().zip(&after.uses)).find(|(a, b)| a.target != b.target);
        if let Some((before, now)) = changed {
            let line = self.text.position(before.span.start()).line + 1;
            let what = |index: &NameIndex, target| match target {
                Target::Var(var) => format!("the variable `{}`", index.describe_var(var).0),
                Target::Func(func) => format!("`{}`", index.describe_function(func)),
            };
            return Err(Failure::refused(format!(
                "renaming `{old}` to `{new}` would change what `{}` on line {line} refers to: \
                 {} instead of {}",
                after.name(now.target),
                what(after, now.target),
                what(&self.index, before.target),
            )));
        }
        if self.index.uses.len() != after.uses.len() {
            return Err(Failure::refused(format!(
                "renaming `{old}` to `{new}` would change which names resolve"
            )));
        }
        Ok(())
    }

    /// Semantic tokens for the whole document, from the lexer's tokens
    /// (names classed by what they resolve to) and the comments between
    /// them.
    pub fn semantic_tokens(&self) -> Option<SemanticTokensResult> {
        let source = &self.text.source;
        let (tokens, _) = lexer::lex(source);
        let resolved = self.resolved_names();
        let declarations: FxHashSet<usize> = (self.index.funcs.iter())
            .map(|f| f.name_span.start())
            .chain(self.index.vars.iter().map(|v| v.span.start()))
            .collect();
        let mut builder = TokenBuilder::new(&self.text);
        let mut gap_start = 0;
        for token in tokens {
            builder.comments(gap_start, token.span.start());
            gap_start = token.span.end();
            let class = match token.tok {
                Tok::Ident => match resolved.get(&token.span.start()) {
                    Some(Target::Func(_)) => Class::Function,
                    Some(&Target::Var(var)) if self.index.var(var).kind == VarKind::Param => {
                        Class::Parameter
                    }
                    Some(Target::Var(_)) => Class::Variable,
                    None => continue,
                },
                Tok::Int => Class::Number,
                Tok::Str => Class::String,
                Tok::KwInt | Tok::KwBool => Class::Type,
                Tok::True | Tok::False | Tok::If | Tok::Else | Tok::While | Tok::Return => {
                    Class::Keyword
                }
                Tok::Print | Tok::Println => Class::Keyword,
                Tok::LParen | Tok::RParen | Tok::LBrace | Tok::RBrace | Tok::Semi | Tok::Comma => {
                    continue
                }
                _ => Class::Operator,
            };
            let declaration = declarations.contains(&token.span.start());
            builder.push(token.span, class, declaration);
        }
        builder.comments(gap_start, source.len());
        Some(SemanticTokensResult::Tokens(SemanticTokens {
            result_id: None,
            data: builder.data,
        }))
    }

    /// Where each declared or resolved name starts, and what it is.
    fn resolved_names(&self) -> FxHashMap<usize, Target> {
        let index = &self.index;
        let funcs = (index.funcs.iter().enumerate())
            .map(|(i, f)| (f.name_span.start(), Target::Func(FuncId(i as u32))));
        let vars = (index.vars.iter().enumerate())
            .map(|(i, v)| (v.span.start(), Target::Var(VarId(i as u32))));
        let uses = index.uses.iter().map(|u| (u.span.start(), u.target));
        funcs.chain(vars).chain(uses).collect()
    }
}

#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written out.
fn symbol(
    name: String,
    detail: String,
    kind: SymbolKind,
    range: lsp_types::Range,
    selection_range: lsp_types::Range,
    children: Vec<DocumentSymbol>,
) -> DocumentSymbol {
    DocumentSymbol {
        name,
        detail: Some(detail),
        kind,
        tags: None,
        deprecated: None,
        range,
        selection_range,
        children: (!children.is_empty()).then_some(children),
    }
}

/// wend's keywords, which cannot be names.
const KEYWORDS: [&str; 10] = [
    "int", "bool", "true", "false", "if", "else", "while", "return", "print", "println",
];

fn check_identifier(name: &str) -> Result<(), Failure> {
    let mut chars = name.chars();
    let starts_well = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    if !starts_well || !chars.all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(Failure::refused(format!(
            "`{name}` is not a valid wend name"
        )));
    }
    if KEYWORDS.contains(&name) {
        return Err(Failure::refused(format!("`{name}` is a keyword")));
    }
    Ok(())
}

/// The kinds of semantic token, in the order of [`semantic_legend`].
#[derive(Clone, Copy)]
enum Class {
    Keyword,
    Type,
    Function,
    Parameter,
    Variable,
    Number,
    String,
    Comment,
    Operator,
}

pub fn semantic_legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: vec![
            SemanticTokenType::KEYWORD,
            SemanticTokenType::TYPE,
            SemanticTokenType::FUNCTION,
            SemanticTokenType::PARAMETER,
            SemanticTokenType::VARIABLE,
            SemanticTokenType::NUMBER,
            SemanticTokenType::STRING,
            SemanticTokenType::COMMENT,
            SemanticTokenType::OPERATOR,
        ],
        token_modifiers: vec![SemanticTokenModifier::DECLARATION],
    }
}

/// Encodes tokens relative to the one before, as the protocol wants.
struct TokenBuilder<'a> {
    text: &'a Text,
    data: Vec<SemanticToken>,
    last: Position,
}

impl<'a> TokenBuilder<'a> {
    fn new(text: &'a Text) -> TokenBuilder<'a> {
        TokenBuilder {
            text,
            data: Vec::new(),
            last: Position::new(0, 0),
        }
    }

    fn push(&mut self, span: Span, class: Class, declaration: bool) {
        let start = self.text.position(span.start());
        let end = self.text.position(span.end());
        // A token never spans lines (strings cannot hold a newline; a
        // comment stops at one), but be safe: only its first line.
        let length = if end.line == start.line {
            end.character - start.character
        } else {
            return;
        };
        let delta_line = start.line - self.last.line;
        let delta_start = if delta_line == 0 {
            start.character - self.last.character
        } else {
            start.character
        };
        self.data.push(SemanticToken {
            delta_line,
            delta_start,
            length,
            token_type: class as u32,
            token_modifiers_bitset: u32::from(declaration),
        });
        self.last = start;
    }

    /// The `//` comments in `from..to`, text between two tokens (only
    /// whitespace and comments, or what the lexer rejected).
    fn comments(&mut self, from: usize, to: usize) {
        let source = &self.text.source;
        let mut at = from;
        while let Some(found) = source[at..to].find("//") {
            let start = at + found;
            let end = source[start..to].find('\n').map_or(to, |n| start + n);
            let end = if source[..end].ends_with('\r') {
                end - 1
            } else {
                end
            };
            self.push(Span::new(start, end), Class::Comment, false);
            at = end.max(start + 2);
            if at >= to {
                break;
            }
        }
    }
}
