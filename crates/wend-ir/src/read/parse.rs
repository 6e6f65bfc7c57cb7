//! The parser of the IR reader: recursive descent over the lexer's
//! tokens, one token of lookahead (two where a decoration must be told
//! from an operand), in the two passes [`super`] describes — the module
//! level first (string constants, signatures; bodies skipped by brace
//! matching), then each body from where the first pass left its lexer.
//! Each construct is checked as it is read against what the text states
//! (written types, callee signatures, the numbering of unnamed values);
//! opaque pointers are handed to [`OpaquePointers`].

use super::lex::{Lexer, Pos, Text, Tok, Token};
use super::pointee::{OpaquePointers, Written};
use super::runtime::{defines_runtime, runtime_definition_at, runtime_items};
use super::{ReadError, Result};
use crate::entities::{Block, FuncId, StrId, Value};
use crate::function::{Function, ValueDef};
use crate::instructions::{BinOp, IcmpCond, InstKind, Terminator, ThinVec, MAX_ALLOCA_COUNT};
use crate::module::Module;
use crate::types::Type;
use rustc_hash::FxHashMap;
use std::borrow::Cow;

/// A function body found by the first pass.
pub(super) struct PendingBody<'a> {
    func: FuncId,
    /// The opening `{`.
    open_brace: Pos,
    /// The lexer just after the opening `{`.
    pub(super) lexer: Lexer<'a>,
    /// The parameter names as written (`None`: unnamed, numbered implicitly).
    param_names: Vec<Option<Text<'a>>>,
}

pub(super) struct Parser<'a> {
    lexer: Lexer<'a>,
    /// The current token and the one after it (the parser looks one token
    /// ahead at most), then whatever the lexer gives.
    current: Token<'a>,
    after: Token<'a>,
    /// Where the token before `current` is.
    previous: Pos,
    /// The first lexical error met: the lexer then gives `Eof`, and the
    /// error is reported instead of whatever the parser makes of that.
    lex_error: Option<ReadError>,
    module: Module,
    /// Symbol tables, only looked up (never iterated): a fast hash.
    functions: FxHashMap<Text<'a>, FuncId>,
    strings: FxHashMap<Text<'a>, StrId>,
    /// What the text says of the pointee of each opaque `ptr`.
    pointers: OpaquePointers,
    /// Whether a function of wendc's runtime was read (a routine, or the
    /// stack-overflow handler every standalone module has).
    defines_runtime: bool,
    /// Whether the text has a runtime definition, once asked.
    runtime_in_text: Option<bool>,
}

/// What a local name stands for in the function being parsed.
#[derive(Clone, Copy)]
enum Local {
    /// A value; `defined` is false while it is only a forward reference
    /// (then `at` is its first use).
    Value {
        value: Value,
        defined: bool,
        at: Pos,
    },
    Block {
        block: Block,
        defined: bool,
        at: Pos,
    },
}

/// Per-function parsing state.
struct Body<'a> {
    func: FuncId,
    locals: FxHashMap<Text<'a>, Local>,
    /// The number the next unnamed value or block must get.
    next_number: u32,
    current: Option<Block>,
    /// Each `getelementptr`'s base and index, and where its index is
    /// written: checked against its alloca once the body is read.
    element_ptrs: Vec<(Value, Value, Pos)>,
}

impl<'a> Parser<'a> {
    pub(super) fn new(lexer: Lexer<'a>) -> Parser<'a> {
        let eof = Token {
            tok: Tok::Eof,
            pos: Pos { line: 1, column: 1 },
            first_on_line: true,
            offset: 0,
            line_start: 0,
        };
        let mut parser = Parser {
            lexer,
            current: eof.clone(),
            after: eof,
            previous: Pos { line: 1, column: 1 },
            lex_error: None,
            module: Module::new(),
            functions: FxHashMap::default(),
            strings: FxHashMap::default(),
            defines_runtime: false,
            runtime_in_text: None,
            pointers: OpaquePointers::default(),
        };
        parser.restart(parser.lexer.clone());
        parser
    }

    /// Continues with the tokens of `lexer`.
    pub(super) fn restart(&mut self, lexer: Lexer<'a>) {
        self.lexer = lexer;
        self.current = self.lex();
        self.after = self.lex();
        self.previous = self.current.pos;
    }

    /// The next token from the lexer, or `Eof` after a lexical error.
    fn lex(&mut self) -> Token<'a> {
        if self.lex_error.is_none() {
            match self.lexer.next_token() {
                Ok(token) => return token,
                Err(e) => self.lex_error = Some(e),
            }
        }
        let error = self.lex_error.as_ref().expect("set above");
        Token {
            tok: Tok::Eof,
            pos: Pos {
                line: error.line,
                column: error.column,
            },
            first_on_line: true,
            offset: self.lexer.text().len(),
            line_start: 0,
        }
    }

    /// `result`, unless the parser reached a lexical error: then that. If
    /// the lexer failed only on the token after the one the parser stopped
    /// at, the parser's error comes first in the text and is the one given.
    pub(super) fn lexed<T>(&mut self, result: Result<T>) -> Result<T> {
        let reached = self.current.tok == Tok::Eof;
        match (self.lex_error.take(), result) {
            (Some(_), Err(e)) if !reached => Err(e),
            (Some(e), _) => Err(e),
            (None, result) => result,
        }
    }

    fn peek(&self) -> &Tok<'a> {
        &self.current.tok
    }

    /// The token after the current one.
    fn peek_second(&self) -> &Tok<'a> {
        &self.after.tok
    }

    /// Where the current token is.
    fn here(&self) -> Pos {
        self.current.pos
    }

    fn next(&mut self) -> Tok<'a> {
        if self.current.tok == Tok::Eof {
            return Tok::Eof;
        }
        let following = self.lex();
        let after = std::mem::replace(&mut self.after, following);
        let token = std::mem::replace(&mut self.current, after);
        self.previous = token.pos;
        token.tok
    }

    fn error_at<T>(&self, at: Pos, message: impl Into<String>) -> Result<T> {
        Err(ReadError::at(at, message))
    }

    fn error<T>(&self, message: impl Into<String>) -> Result<T> {
        self.error_at(self.here(), message)
    }

    fn describe(tok: &Tok) -> String {
        match tok {
            Tok::Local(n) => format!("`%{n}`"),
            Tok::Global(n) => format!("`@{n}`"),
            Tok::Label(n) => format!("label `{n}:`"),
            Tok::Word(w) => format!("`{w}`"),
            Tok::Int(i) => format!("`{i}`"),
            Tok::Str => "a string".into(),
            Tok::Bytes(_) => "a c\"…\" literal".into(),
            Tok::AttrGroup => "an attribute group".into(),
            Tok::Meta => "metadata".into(),
            Tok::Ellipsis => "`...`".into(),
            Tok::Punct(c) => format!("`{c}`"),
            Tok::Eof => "the end of the input".into(),
        }
    }

    fn expected<T>(&self, what: &str) -> Result<T> {
        self.error(format!(
            "expected {what}, found {}",
            Self::describe(self.peek())
        ))
    }

    fn is_punct(&self, c: char) -> bool {
        *self.peek() == Tok::Punct(c)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Word(x) if x == w)
    }

    fn expect_punct(&mut self, c: char) -> Result<()> {
        if self.is_punct(c) {
            self.next();
            Ok(())
        } else {
            self.expected(&format!("`{c}`"))
        }
    }

    fn expect_word(&mut self, w: &str) -> Result<()> {
        if self.is_word(w) {
            self.next();
            Ok(())
        } else {
            self.expected(&format!("`{w}`"))
        }
    }

    fn eat_punct(&mut self, c: char) -> bool {
        let found = self.is_punct(c);
        if found {
            self.next();
        }
        found
    }

    /// Skips to the first token of the next line (for ignored statements),
    /// keeping braces balanced.
    fn skip_statement(&mut self) {
        self.next();
        let mut depth = 0usize;
        loop {
            let token = &self.current;
            if token.tok == Tok::Eof || (depth == 0 && token.first_on_line) {
                return;
            }
            match token.tok {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => depth = depth.saturating_sub(1),
                _ => {}
            }
            self.next();
        }
    }

    // ---- types ----------------------------------------------------------

    /// A first-class type: `i1`, `i8`, `i32` or a pointer to one of them.
    fn parse_type(&mut self) -> Result<Type> {
        let base = match self.peek() {
            Tok::Word(w) if w == "ptr" => {
                return self.error("`ptr` is not supported here (only where a pointer may appear: parameters, arguments, loads, stores, phis and selects)")
            }
            Tok::Word(w) if w == "i1" => Type::I1,
            Tok::Word(w) if w == "i8" => Type::I8,
            Tok::Word(w) if w == "i32" => Type::I32,
            Tok::Word(w) if is_type_word(w) => {
                return self.error(format!(
                    "unsupported type `{w}` (the IR has i1, i8, i32 and pointers to them)"
                ))
            }
            _ => return self.expected("a type"),
        };
        self.next();
        if !self.eat_punct('*') {
            return Ok(base);
        }
        if self.is_punct('*') {
            return self.error("pointers to pointers are not supported");
        }
        Ok(base.pointer_to())
    }

    /// A return type: `void` or a first-class type.
    fn parse_return_type(&mut self) -> Result<Option<Type>> {
        if self.is_word("void") {
            self.next();
            return Ok(None);
        }
        if self.is_word("ptr") {
            return self.error("functions returning a pointer are not supported");
        }
        self.parse_type().map(Some)
    }

    /// A type where a pointer may be written either way: typed (`i32*`) or
    /// opaque (`ptr`, a fresh opaque pointer described by `what`).
    fn parse_written_type(&mut self, what: impl FnOnce() -> String) -> Result<Written> {
        if !self.is_word("ptr") {
            return self.parse_type().map(Written::Known);
        }
        let at = self.here();
        self.next();
        if self.is_punct('*') {
            return self.error(
                "`ptr` is opaque: there is no `ptr*` (pointers to pointers are not supported)",
            );
        }
        Ok(Written::Opaque(self.pointers.fresh(at, what())))
    }

    /// The type of a value as the text wrote it.
    fn written_type_of(&self, func: FuncId, value: Value) -> Written {
        self.pointers
            .written_type_of(&self.module.functions[func], func, value)
    }

    /// A new value of the type the text wrote.
    fn make_written_value(&mut self, func: FuncId, written: Written, def: ValueDef) -> Value {
        let function = &mut self.module.functions[func];
        self.pointers.make_value(function, func, written, def)
    }

    /// The module read, once every opaque pointer has its pointee, and
    /// whether the text defines wendc's runtime.
    pub(super) fn finish(mut self) -> Result<(Module, bool)> {
        self.pointers.resolve(&mut self.module)?;
        Ok((self.module, self.defines_runtime))
    }

    /// `dereferenceable(4)`, `#0`) until something else.
    fn skip_attributes(&mut self) {
        loop {
            match self.peek() {
                Tok::Word(w) if !is_type_word(w) && !is_value_word(w) => {
                    let takes_number = w == "align";
                    self.next();
                    if self.is_punct('(') {
                        self.skip_parenthesized();
                    } else if takes_number && matches!(self.peek(), Tok::Int(_)) {
                        self.next();
                    }
                }
                Tok::AttrGroup => {
                    self.next();
                }
                _ => return,
            }
        }
    }

    fn skip_parenthesized(&mut self) {
        let mut depth = 0usize;
        loop {
            match self.next() {
                Tok::Punct('(') => depth += 1,
                Tok::Punct(')') => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return;
                    }
                }
                Tok::Eof => return,
                _ => {}
            }
        }
    }

    // ---- module level -----------------------------------------------------

    pub(super) fn parse_top_level(&mut self) -> Result<Vec<PendingBody<'a>>> {
        let mut bodies = Vec::new();
        loop {
            if self.skip_runtime_item()? {
                continue;
            }
            match self.peek().clone() {
                Tok::Eof => return Ok(bodies),
                Tok::Word(w)
                    if matches!(w.as_ref(), "source_filename" | "target" | "attributes") =>
                {
                    self.skip_statement()
                }
                Tok::Meta => self.skip_statement(),
                Tok::Word(w) if w == "define" || w == "declare" => {
                    let is_definition = w == "define";
                    self.next();
                    let (func, param_names) = self.parse_signature(is_definition)?;
                    if is_definition {
                        let open_brace = self.skip_attributes_until_body()?;
                        bodies.push(PendingBody {
                            func,
                            open_brace,
                            lexer: self.body_lexer(),
                            param_names,
                        });
                        self.skip_body(open_brace)?;
                    } else {
                        while !self.current.first_on_line {
                            self.next();
                        }
                    }
                }
                Tok::Global(name) => self.parse_global(name)?,
                _ => return self.expected("`define`, `declare` or a string constant"),
            }
        }
    }

    /// Recognises an item of wendc's runtime (a standalone module's) at the
    /// current token: a routine's definition becomes its declaration, the
    /// rest (libc declarations, the runtime's data, the stack-overflow
    /// handler) is skipped, to be written again by the printer. Only the
    /// exact text wendc writes is recognised: anything else, such as a
    /// routine defined differently, is read as ordinary IR.
    fn skip_runtime_item(&mut self) -> Result<bool> {
        let token = self.current.clone();
        let starts_item = token.first_on_line
            && match &token.tok {
                Tok::Word(w) => w == "define" || w == "declare",
                Tok::Global(_) => true,
                _ => false,
            };
        if !starts_item {
            return Ok(false);
        }
        let text = self.lexer.text();
        let rest = &text[token.line_start..];
        let line = rest.split('\n').next().unwrap_or(rest);
        let item = if line.starts_with("define ") {
            let Some((symbol, item)) = runtime_definition_at(rest) else {
                return Ok(false);
            };
            if !runtime_items().contains(item) {
                return Ok(false);
            }
            if let Some(rt) = crate::runtime::RuntimeFn::from_symbol(symbol) {
                if self.functions.contains_key(symbol) {
                    return self.error(format!("redefinition of `@{symbol}`"));
                }
                let func = self.module.add_function(rt.declaration());
                self.functions.insert(Cow::Borrowed(symbol), func);
            }
            self.defines_runtime = true;
            item
        } else if runtime_items().contains(line) && self.text_defines_runtime() {
            line
        } else {
            return Ok(false);
        };
        // Resume after the item (the lexer may have looked one token ahead
        // of it, so it starts again from the text).
        let end = token.line_start + item.len();
        let lexer = Lexer::mid_line(
            text,
            end,
            token.pos.line + item.matches('\n').count() as u32,
            token.line_start + item.rfind('\n').map_or(0, |i| i + 1),
        );
        // A lexical error in the lookahead was inside the item.
        self.lex_error = None;
        self.restart(lexer);
        Ok(true)
    }

    /// Whether the text defines a function of wendc's runtime, exactly as
    /// wendc writes it: only then are its libc declarations and data
    /// wendc's to write again, rather than the module's own.
    fn text_defines_runtime(&mut self) -> bool {
        let text = self.lexer.text();
        *self
            .runtime_in_text
            .get_or_insert_with(|| defines_runtime(text))
    }

    /// `@.str.N = private unnamed_addr constant [N x i8] c"…"`.
    fn parse_global(&mut self, name: Text<'a>) -> Result<()> {
        let name_at = self.here();
        self.next();
        self.expect_punct('=')?;
        let mut is_constant_or_global = false;
        while let Tok::Word(w) = self.peek() {
            if w == "constant" || w == "global" {
                is_constant_or_global = true;
            } else if w == "external" {
                return self.error("external global variables are not supported");
            }
            self.next();
        }
        if !is_constant_or_global || !self.is_punct('[') {
            return self.error("only string constants `[N x i8] c\"…\"` are supported as globals");
        }
        let len = self.parse_byte_array_type()?;
        let bytes = match self.next() {
            Tok::Bytes(b) => b,
            Tok::Word(w) if w == "zeroinitializer" => vec![0; len],
            _ => return self.error_at(self.previous, "expected a c\"…\" literal"),
        };
        if bytes.len() != len {
            return self.error_at(
                self.previous,
                format!(
                    "the literal has {} bytes but the type says {len}",
                    bytes.len()
                ),
            );
        }
        self.skip_trailing_decorations();
        if self.strings.contains_key(&name) || self.functions.contains_key(&name) {
            return self.error_at(name_at, format!("redefinition of `@{name}`"));
        }
        let id = self.module.strings.push(bytes);
        self.strings.insert(name, id);
        Ok(())
    }

    /// The element count of an array `alloca`: `i32 N` (or `i64 N`), with
    /// N from 1 to [`MAX_ALLOCA_COUNT`].
    fn parse_element_count(&mut self) -> Result<u32> {
        self.next(); // i32 or i64, checked by the caller
        let at = self.here();
        let count = match self.next() {
            Tok::Int(n) => n.parse::<u32>().ok(),
            _ => return self.error_at(at, "expected the number of elements of the alloca"),
        };
        match count {
            Some(n @ 1..=MAX_ALLOCA_COUNT) => Ok(n),
            _ => self.error_at(
                at,
                format!("an alloca has from 1 to {MAX_ALLOCA_COUNT} elements"),
            ),
        }
    }

    /// `[N x i8]`, returning N.
    fn parse_byte_array_type(&mut self) -> Result<usize> {
        self.expect_punct('[')?;
        let len = match self.peek() {
            Tok::Int(n) => match n.parse::<u32>() {
                Ok(n) => n as usize,
                Err(_) => return self.error("invalid array length"),
            },
            _ => return self.expected("an array length"),
        };
        self.next();
        self.expect_word("x")?;
        self.expect_word("i8")?;
        self.expect_punct(']')?;
        Ok(len)
    }

    /// `define`/`declare` has been consumed: `[attrs] RET [attrs] @name(PARAMS)`.
    fn parse_signature(&mut self, is_definition: bool) -> Result<(FuncId, Vec<Option<Text<'a>>>)> {
        self.skip_attributes();
        let ret = self.parse_return_type()?;
        self.skip_attributes();
        let name_at = self.here();
        let name = match self.next() {
            Tok::Global(name) => name,
            _ => return self.error_at(name_at, "expected the function name `@…`"),
        };
        self.expect_punct('(')?;
        let mut params: Vec<(Written, Option<Text<'a>>)> = Vec::new();
        if !self.eat_punct(')') {
            loop {
                if *self.peek() == Tok::Ellipsis {
                    return self.error("variadic functions are not supported");
                }
                let number = params.len() + 1;
                let ty = self.parse_written_type(|| format!("parameter {number} of `@{name}`"))?;
                self.skip_attributes();
                let param_name = match self.peek() {
                    Tok::Local(n) => Some(n.clone()),
                    _ => None,
                };
                if param_name.is_some() {
                    self.next();
                }
                params.push((ty, param_name));
                if self.eat_punct(')') {
                    break;
                }
                self.expect_punct(',')?;
            }
        }
        if self.functions.contains_key(&name) || self.strings.contains_key(&name) {
            return self.error_at(name_at, format!("redefinition of `@{name}`"));
        }
        let hints: Vec<(Type, &str)> = params
            .iter()
            .map(|(ty, n)| {
                let hint = match n {
                    Some(n) if is_definition && !is_number(n) => n.as_ref(),
                    _ => "",
                };
                (ty.stand_in(), hint)
            })
            .collect();
        let func = self
            .module
            .add_function(Function::new(name.clone(), &hints, ret));
        let runtime = crate::runtime::RuntimeFn::from_symbol(&name);
        for (i, (ty, param_name)) in params.iter().enumerate() {
            if let Written::Opaque(id) = *ty {
                let value = self.module.functions[func].params[i];
                self.pointers.bind(func, value, *ty);
                if let Some(n) = param_name {
                    self.pointers
                        .name(id, format!("parameter `%{n}` of `@{name}`"));
                }
                // A runtime routine's signature is known.
                let known = runtime.and_then(|rt| rt.param_types().get(i).copied());
                if let Some(pointee) = known.and_then(Type::pointee) {
                    let at = self.pointers.written_at(id);
                    self.pointers.set_pointee(id, pointee, at)?;
                }
            }
        }
        self.functions.insert(name, func);
        Ok((func, params.into_iter().map(|(_, n)| n).collect()))
    }

    /// Skips function attributes (`#0`, `nounwind`, `section "…"`) up to
    /// and including `{`, returning where the `{` is.
    fn skip_attributes_until_body(&mut self) -> Result<Pos> {
        loop {
            match self.peek() {
                Tok::Punct('{') => {
                    let at = self.here();
                    self.next();
                    return Ok(at);
                }
                Tok::Punct('(') => self.skip_parenthesized(),
                Tok::Word(_) | Tok::AttrGroup | Tok::Str | Tok::Int(_) => {
                    self.next();
                }
                _ => return self.expected("`{` to open the function body"),
            }
        }
    }

    /// A lexer about to make the current token again.
    fn body_lexer(&self) -> Lexer<'a> {
        Lexer::before(self.lexer.text(), &self.current)
    }

    /// Skips a body up to its closing brace (the first pass).
    fn skip_body(&mut self, start: Pos) -> Result<()> {
        let mut depth = 1usize;
        loop {
            match self.next() {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Tok::Eof => return self.error_at(start, "function body is never closed by `}`"),
                _ => {}
            }
        }
    }

    /// `, align 4`, `, !dbg !7` and similar decorations after an instruction.
    fn skip_trailing_decorations(&mut self) {
        loop {
            match (self.peek(), self.peek_second()) {
                (Tok::Punct(','), Tok::Word(w)) if w == "align" => {
                    self.next();
                    self.next();
                    if matches!(self.peek(), Tok::Int(_)) {
                        self.next();
                    }
                }
                (Tok::Punct(','), Tok::Meta) => {
                    self.next();
                    while *self.peek() == Tok::Meta {
                        self.next();
                        if self.is_punct('{') {
                            while !matches!(self.next(), Tok::Punct('}') | Tok::Eof) {}
                        }
                    }
                }
                (Tok::AttrGroup, _) => {
                    self.next();
                }
                _ => return,
            }
        }
    }

    // ---- function bodies -----------------------------------------------

    pub(super) fn parse_body(&mut self, pending: PendingBody<'a>) -> Result<()> {
        let mut body = Body {
            func: pending.func,
            locals: FxHashMap::default(),
            next_number: 0,
            current: None,
            element_ptrs: Vec::new(),
        };
        let params = self.module.functions[pending.func].params.clone();
        for (&value, name) in params.iter().zip(&pending.param_names) {
            let name = match name {
                Some(n) if !is_number(n) => n.clone(),
                Some(n) => {
                    if n.parse::<u32>().ok() != Some(body.next_number) {
                        return self.error_at(
                            pending.open_brace,
                            format!(
                                "parameter `%{n}` is expected to be numbered `%{}`",
                                body.next_number
                            ),
                        );
                    }
                    body.next_number += 1;
                    n.clone()
                }
                None => {
                    body.next_number += 1;
                    Cow::Owned((body.next_number - 1).to_string())
                }
            };
            let local = Local::Value {
                value,
                defined: true,
                at: pending.open_brace,
            };
            if body.locals.insert(name.clone(), local).is_some() {
                return self.error_at(
                    pending.open_brace,
                    format!("two parameters are named `%{name}`"),
                );
            }
        }
        loop {
            match self.peek().clone() {
                Tok::Punct('}') => {
                    if self.current_unterminated(&body) {
                        return self.error("the last block has no terminator");
                    }
                    if body.current.is_none() {
                        return self.error("a function body needs at least one block");
                    }
                    self.next();
                    break;
                }
                Tok::Label(name) => {
                    if self.current_unterminated(&body) {
                        return self.error(format!(
                            "label `{name}:` starts a new block but the previous one has no terminator"
                        ));
                    }
                    self.next();
                    self.start_block(&mut body, Some(name), self.previous)?;
                }
                Tok::Eof => return self.error("function body is never closed by `}`"),
                _ => {
                    if body.current.is_none() || !self.current_unterminated(&body) {
                        // A block without a label takes the next number.
                        self.start_block(&mut body, None, self.here())?;
                    }
                    self.parse_instruction(&mut body)?;
                }
            }
        }
        // Every forward reference must have found its definition; report the
        // first one in the text.
        let mut undefined: Vec<(Pos, Text<'a>, bool)> = body
            .locals
            .iter()
            .filter_map(|(name, local)| match *local {
                Local::Value {
                    defined: false, at, ..
                } => Some((at, name.clone(), false)),
                Local::Block {
                    defined: false, at, ..
                } => Some((at, name.clone(), true)),
                _ => None,
            })
            .collect();
        undefined.sort();
        if let Some((at, name, is_block)) = undefined.into_iter().next() {
            let what = if is_block { "label" } else { "value" };
            return self.error_at(at, format!("use of undefined {what} `%{name}`"));
        }
        // Like an out-of-bounds array index in C, a known element outside
        // its alloca is an error where it is written (the verifier cannot
        // reject it: passes may make one in code that never runs).
        let func = &self.module.functions[body.func];
        for &(base, index, at) in &body.element_ptrs {
            if let Some(e) = func.known_element(base, index) {
                if !(0..i64::from(e.count)).contains(&e.position) {
                    let elements = if e.count == 1 { "element" } else { "elements" };
                    return self.error_at(
                        at,
                        format!(
                            "element {} is outside the alloca of {} {elements} it points into",
                            e.position, e.count
                        ),
                    );
                }
            }
        }
        Ok(())
    }

    fn func(&mut self, body: &Body<'a>) -> &mut Function {
        &mut self.module.functions[body.func]
    }

    fn current_unterminated(&self, body: &Body<'a>) -> bool {
        body.current.is_some_and(|b| {
            self.module.functions[body.func].blocks[b]
                .terminator
                .is_none()
        })
    }

    /// Checks a numbered definition against the expected number, and
    /// consumes the number.
    fn check_number(&self, body: &mut Body<'a>, name: &str, at: Pos) -> Result<()> {
        if name.parse::<u32>().ok() != Some(body.next_number) {
            return self.error_at(
                at,
                format!(
                    "`%{name}` is expected to be numbered `%{}`",
                    body.next_number
                ),
            );
        }
        body.next_number += 1;
        Ok(())
    }

    /// The name of a new value or block: as written (a number must be the
    /// next in sequence), or the next number for an unnamed one.
    fn local_name(&self, body: &mut Body<'a>, name: Option<Text<'a>>, at: Pos) -> Result<Text<'a>> {
        match name {
            Some(n) => {
                if is_number(&n) {
                    self.check_number(body, &n, at)?;
                }
                Ok(n)
            }
            None => {
                body.next_number += 1;
                Ok(Cow::Owned((body.next_number - 1).to_string()))
            }
        }
    }

    fn start_block(&mut self, body: &mut Body<'a>, name: Option<Text<'a>>, at: Pos) -> Result<()> {
        let name = self.local_name(body, name, at)?;
        let hint = if is_number(&name) { "" } else { name.as_ref() };
        let block = match body.locals.get(&name).copied() {
            None => self.func(body).create_block(hint),
            Some(Local::Block {
                block,
                defined: false,
                ..
            }) => block,
            Some(_) => return self.error_at(at, format!("redefinition of `%{name}`")),
        };
        body.locals.insert(
            name,
            Local::Block {
                block,
                defined: true,
                at,
            },
        );
        self.func(body).layout.push(block);
        body.current = Some(block);
        Ok(())
    }

    /// The address operand of a load or a store of `ty`: `TY* %p`, or
    /// `ptr %p`, which then points to `ty`.
    fn parse_address(&mut self, body: &mut Body<'a>, ty: Type, what: &str) -> Result<Value> {
        let ptr_at = self.here();
        let written = self.parse_written_type(|| format!("the address of this {what}"))?;
        match written {
            Written::Known(ptr_ty) if ptr_ty.pointee() != Some(ty) => {
                return self.error_at(ptr_at, format!("a {what} of {ty} needs a {ty}* operand"));
            }
            Written::Known(_) => {}
            Written::Opaque(_) if ty.is_pointer() => {
                return self.error_at(ptr_at, "pointers to pointers are not supported");
            }
            Written::Opaque(id) => self.pointers.set_pointee(id, ty, ptr_at)?,
        }
        self.parse_written_operand(body, written)
    }

    /// `label %x`: a block, created on first mention.
    fn parse_label_ref(&mut self, body: &mut Body<'a>) -> Result<Block> {
        self.expect_word("label")?;
        let at = self.here();
        match self.next() {
            Tok::Local(name) => self.block_by_name(body, name, at),
            _ => self.error_at(at, "expected a block label `%…`"),
        }
    }

    /// `TYPE operand`, with the type as written.
    fn parse_typed_operand(&mut self, body: &mut Body<'a>) -> Result<(Value, Written)> {
        let ty = self.parse_written_type(|| "this `ptr` operand".to_string())?;
        self.skip_attributes();
        let value = self.parse_written_operand(body, ty)?;
        Ok((value, ty))
    }

    /// An operand of a known type `ty`, written before it.
    fn parse_operand(&mut self, body: &mut Body<'a>, ty: Type) -> Result<Value> {
        self.parse_written_operand(body, Written::Known(ty))
    }

    /// An operand whose type, written before it, is `written`.
    fn parse_written_operand(&mut self, body: &mut Body<'a>, written: Written) -> Result<Value> {
        let at = self.here();
        // The names of opaque pointers in errors.
        let name_opaque = |parser: &mut Self, what: String| {
            if let Written::Opaque(id) = written {
                parser.pointers.name(id, what);
            }
        };
        match self.next() {
            Tok::Local(name) => match body.locals.get(&name).copied() {
                Some(Local::Value { value, .. }) => {
                    name_opaque(self, format!("`%{name}`"));
                    let have = self.written_type_of(body.func, value);
                    self.pointers.unify(have, written, at, |actual, ty| {
                        format!("`%{name}` has type {actual}, but {ty} is written here")
                    })?;
                    Ok(value)
                }
                Some(Local::Block { .. }) => {
                    self.error_at(at, format!("`%{name}` is a block, not a value"))
                }
                None => {
                    name_opaque(self, format!("`%{name}`"));
                    // A forward reference: a placeholder the definition adopts.
                    let value = self.make_written_value(body.func, written, ValueDef::Undef);
                    if !is_number(&name) {
                        self.func(body).set_value_name(value, &name);
                    }
                    body.locals.insert(
                        name,
                        Local::Value {
                            value,
                            defined: false,
                            at,
                        },
                    );
                    Ok(value)
                }
            },
            // `poison` is stronger than `undef`, so reading it as undef is a refinement.
            Tok::Word(w) if w == "undef" || w == "poison" => {
                Ok(self.make_written_value(body.func, written, ValueDef::Undef))
            }
            Tok::Word(w) if w == "getelementptr" => {
                if let Written::Known(ty) = written {
                    if ty != Type::PtrI8 {
                        let message =
                            format!("a string address has type i8*, but {ty} is written here");
                        return self.error_at(at, message);
                    }
                }
                let string = self.parse_string_address()?;
                self.string_value(body, written, string, at)
            }
            // With opaque pointers a string's address is the global itself.
            Tok::Global(name) if matches!(written, Written::Opaque(_)) => {
                match self.strings.get(&name).copied() {
                    Some(string) => self.string_value(body, written, string, at),
                    None => self.error_at(
                        at,
                        format!("`@{name}` used as a value: only string constants are supported"),
                    ),
                }
            }
            other => {
                let Written::Known(ty) = written else {
                    let message = match other {
                        Tok::Word(w) if w == "null" => {
                            "null pointers are not supported".to_string()
                        }
                        other => {
                            format!("expected a pointer value, found {}", Self::describe(&other))
                        }
                    };
                    return self.error_at(at, message);
                };
                self.parse_constant_operand(body, ty, other, at)
            }
        }
    }

    /// The address of `string`, where `written` is written.
    fn string_value(
        &mut self,
        body: &mut Body<'a>,
        written: Written,
        string: StrId,
        at: Pos,
    ) -> Result<Value> {
        if let Written::Opaque(id) = written {
            self.pointers.name(id, "this string address".to_string());
            self.pointers.set_pointee(id, Type::I8, at)?;
        }
        Ok(self
            .func(body)
            .make_value(Type::PtrI8, ValueDef::Str(string)))
    }

    /// A constant or another non-local operand (`tok`, at `at`) of known type `ty`.
    fn parse_constant_operand(
        &mut self,
        body: &mut Body<'a>,
        ty: Type,
        tok: Tok<'a>,
        at: Pos,
    ) -> Result<Value> {
        match tok {
            Tok::Int(text) => {
                let n: i64 = match text.parse() {
                    Ok(n) => n,
                    Err(_) => return self.error_at(at, format!("integer `{text}` is too large")),
                };
                let c = match ty {
                    Type::I1 if (-1..=1).contains(&n) => (n != 0) as i32,
                    // Like LLVM, accept the signed and the unsigned spelling.
                    Type::I32 if (i64::from(i32::MIN)..=i64::from(u32::MAX)).contains(&n) => {
                        n as u32 as i32
                    }
                    Type::I1 | Type::I32 => {
                        return self.error_at(at, format!("integer `{text}` does not fit in {ty}"))
                    }
                    _ => {
                        let message = format!("an integer constant cannot have type {ty}");
                        return self.error_at(at, message);
                    }
                };
                Ok(self.func(body).make_value(ty, ValueDef::Const(c)))
            }
            Tok::Word(w) if w == "true" || w == "false" => {
                if ty != Type::I1 {
                    return self.error_at(at, format!("`{w}` is an i1, but {ty} is written here"));
                }
                Ok(self.func(body).bconst(w == "true"))
            }
            Tok::Word(w) if w == "null" => self.error_at(at, "null pointers are not supported"),
            Tok::Global(name) => self.error_at(
                at,
                format!("`@{name}` used as a value: only string addresses (getelementptr) are supported"),
            ),
            other => {
                let message = format!("expected a value, found {}", Self::describe(&other));
                self.error_at(at, message)
            }
        }
    }

    /// After `getelementptr`: `[inbounds] ([N x i8], [N x i8]* @s, i64 0, i64 0)`.
    fn parse_string_address(&mut self) -> Result<StrId> {
        if self.is_word("inbounds") {
            self.next();
        }
        self.expect_punct('(')?;
        let len = self.parse_byte_array_type()?;
        self.expect_punct(',')?;
        let len_ptr = if self.is_word("ptr") {
            self.next();
            None
        } else {
            let len_ptr = self.parse_byte_array_type()?;
            self.expect_punct('*')?;
            Some(len_ptr)
        };
        let at = self.here();
        let name = match self.next() {
            Tok::Global(n) => n,
            _ => return self.error_at(at, "expected a string constant `@…`"),
        };
        for _ in 0..2 {
            self.expect_punct(',')?;
            self.expect_word("i64")?;
            if *self.peek() != Tok::Int("0".into()) {
                return self.expected(
                    "index `0` (only the address of a string's first byte is supported)",
                );
            }
            self.next();
        }
        self.expect_punct(')')?;
        let Some(&id) = self.strings.get(&name) else {
            return self.error_at(at, format!("`@{name}` is not a string constant"));
        };
        let actual = self.module.strings[id].len();
        if len != actual || len_ptr.is_some_and(|l| l != actual) {
            return self.error_at(at, format!("`@{name}` has type [{actual} x i8]"));
        }
        Ok(id)
    }

    fn parse_instruction(&mut self, body: &mut Body<'a>) -> Result<()> {
        let start = self.here();
        let result_name = match (self.peek().clone(), self.peek_second()) {
            (Tok::Local(name), Tok::Punct('=')) => {
                self.next();
                self.next();
                Some(name)
            }
            _ => None,
        };
        let opcode_at = self.here();
        let opcode = match self.next() {
            Tok::Word(w) => w,
            other => {
                return self.error_at(
                    opcode_at,
                    format!("expected an instruction, found {}", Self::describe(&other)),
                )
            }
        };
        let opcode = if matches!(opcode.as_ref(), "tail" | "musttail" | "notail") {
            self.expect_word("call")?;
            Cow::Borrowed("call")
        } else {
            opcode
        };
        // Terminators.
        let terminator = match opcode.as_ref() {
            "br" => Some(if self.is_word("label") {
                Terminator::Br {
                    dest: self.parse_label_ref(body)?,
                }
            } else {
                let cond_at = self.here();
                let ty = self.parse_type()?;
                if ty != Type::I1 {
                    return self.error_at(cond_at, "a branch condition must be i1");
                }
                let cond = self.parse_operand(body, ty)?;
                self.expect_punct(',')?;
                let then_dest = self.parse_label_ref(body)?;
                self.expect_punct(',')?;
                let else_dest = self.parse_label_ref(body)?;
                Terminator::CondBr {
                    cond,
                    then_dest,
                    else_dest,
                }
            }),
            "ret" => {
                let ret_at = self.here();
                let ty = self.parse_return_type()?;
                let expected = self.module.functions[body.func].ret;
                if ty != expected {
                    let show = |t: Option<Type>| t.map_or("void".to_string(), |t| t.to_string());
                    return self.error_at(
                        ret_at,
                        format!(
                            "`ret {}` in a function returning {}",
                            show(ty),
                            show(expected)
                        ),
                    );
                }
                let value = match ty {
                    Some(ty) => Some(self.parse_operand(body, ty)?),
                    None => None,
                };
                Some(Terminator::Ret { value })
            }
            "unreachable" => Some(Terminator::Unreachable),
            _ => None,
        };
        if let Some(terminator) = terminator {
            if result_name.is_some() {
                return self.error_at(start, "a terminator has no result to name");
            }
            self.skip_trailing_decorations();
            let block = body.current.expect("a block is open");
            let data = &mut self.func(body).blocks[block];
            data.terminator = Some(terminator);
            data.terminator_line = opcode_at.line;
            return Ok(());
        }

        let (kind, result_ty) = self.parse_instruction_kind(body, &opcode, opcode_at)?;
        self.skip_trailing_decorations();
        let is_phi = kind.is_phi();
        let block = body.current.expect("a block is open");
        {
            let data = &self.module.functions[body.func].blocks[block];
            if is_phi && !data.insts.is_empty() {
                return self.error_at(
                    opcode_at,
                    "phis must come before the other instructions of a block",
                );
            }
        }
        // The line in the text is the instruction's source line: the
        // verifier's errors and the native backend's `.loc`s point into
        // the file.
        let inst = self.func(body).make_inst(kind, None, opcode_at.line);
        let data = &mut self.func(body).blocks[block];
        if is_phi {
            data.phis.push(inst);
        } else {
            data.insts.push(inst);
        }
        match (result_ty, result_name) {
            (None, Some(name)) => self.error_at(
                start,
                format!("`%{name}`: this instruction has no result to name"),
            ),
            (None, None) => Ok(()),
            (Some(ty), name) => {
                let name = self.local_name(body, name, start)?;
                if let Written::Opaque(id) = ty {
                    self.pointers.name(id, format!("`%{name}`"));
                }
                let value = match body.locals.get(&name).copied() {
                    None => {
                        let value = self.make_written_value(body.func, ty, ValueDef::Inst(inst));
                        if !is_number(&name) {
                            self.func(body).set_value_name(value, &name);
                        }
                        value
                    }
                    Some(Local::Value {
                        value,
                        defined: false,
                        ..
                    }) => {
                        let used_as = self.written_type_of(body.func, value);
                        self.pointers.unify(used_as, ty, start, |actual, ty| {
                            format!("`%{name}` is defined with type {ty} but was used as {actual}")
                        })?;
                        self.func(body).values[value].def = ValueDef::Inst(inst);
                        value
                    }
                    Some(_) => return self.error_at(start, format!("redefinition of `%{name}`")),
                };
                self.func(body).insts[inst].result = value.into();
                body.locals.insert(
                    name,
                    Local::Value {
                        value,
                        defined: true,
                        at: start,
                    },
                );
                Ok(())
            }
        }
    }

    /// The operands of a non-terminator; returns its kind and result type.
    fn parse_instruction_kind(
        &mut self,
        body: &mut Body<'a>,
        opcode: &str,
        opcode_at: Pos,
    ) -> Result<(InstKind, Option<Written>)> {
        if let Some(op) = BinOp::from_mnemonic(opcode) {
            let is_flag =
                |t: &Tok| matches!(t, Tok::Word(w) if w == "nsw" || w == "nuw" || w == "exact");
            while is_flag(self.peek()) {
                self.next();
            }
            let ty = self.parse_type()?;
            let lhs = self.parse_operand(body, ty)?;
            self.expect_punct(',')?;
            let rhs = self.parse_operand(body, ty)?;
            return Ok((InstKind::Binary { op, lhs, rhs }, Some(Written::Known(ty))));
        }
        match opcode {
            "alloca" => {
                let ty = self.parse_type()?;
                if ty.is_pointer() {
                    return self.error_at(opcode_at, "pointers to pointers are not supported");
                }
                let count = match (self.peek(), self.peek_second()) {
                    (Tok::Punct(','), Tok::Word(w)) if w == "i32" || w == "i64" => {
                        self.next();
                        self.parse_element_count()?
                    }
                    _ => 1,
                };
                Ok((
                    InstKind::Alloca { ty, count },
                    Some(Written::Known(ty.pointer_to())),
                ))
            }
            "getelementptr" => {
                if matches!(self.peek(), Tok::Word(w) if w == "inbounds") {
                    self.next();
                }
                let ty = self.parse_type()?;
                if ty.is_pointer() {
                    return self.error_at(opcode_at, "pointers to pointers are not supported");
                }
                self.expect_punct(',')?;
                let base = self.parse_address(body, ty, "getelementptr")?;
                self.expect_punct(',')?;
                let index_at = self.here();
                if self.parse_type()? != Type::I32 {
                    return self.error_at(index_at, "the index of a getelementptr must be an i32");
                }
                let index = self.parse_operand(body, Type::I32)?;
                body.element_ptrs.push((base, index, index_at));
                if self.is_punct(',') {
                    return self.error_at(
                        self.here(),
                        "only getelementptr with one index (an array element) is supported",
                    );
                }
                Ok((
                    InstKind::ElementPtr { base, index },
                    Some(Written::Known(ty.pointer_to())),
                ))
            }
            "load" => {
                let ty = self.parse_type()?;
                self.expect_punct(',')?;
                let ptr = self.parse_address(body, ty, "load")?;
                Ok((InstKind::Load { ptr }, Some(Written::Known(ty))))
            }
            "store" => {
                let ty = self.parse_type()?;
                let value = self.parse_operand(body, ty)?;
                self.expect_punct(',')?;
                let ptr = self.parse_address(body, ty, "store")?;
                Ok((InstKind::Store { value, ptr }, None))
            }
            "icmp" => {
                let cond = match self.next() {
                    Tok::Word(w) => IcmpCond::from_mnemonic(&w),
                    _ => None,
                };
                let Some(cond) = cond else {
                    return self.error_at(
                        self.previous,
                        "expected a comparison: eq, ne, slt, sle, sgt or sge",
                    );
                };
                let ty = self.parse_type()?;
                let lhs = self.parse_operand(body, ty)?;
                self.expect_punct(',')?;
                let rhs = self.parse_operand(body, ty)?;
                Ok((
                    InstKind::Icmp { cond, lhs, rhs },
                    Some(Written::Known(Type::I1)),
                ))
            }
            "select" => {
                let (cond, _) = self.parse_typed_operand(body)?;
                self.expect_punct(',')?;
                let (if_true, true_ty) = self.parse_typed_operand(body)?;
                self.expect_punct(',')?;
                let false_at = self.here();
                let (if_false, false_ty) = self.parse_typed_operand(body)?;
                // The verifier checks known types; opaque pointers must agree here.
                if let (Written::Opaque(_), _) | (_, Written::Opaque(_)) = (true_ty, false_ty) {
                    self.pointers.unify(false_ty, true_ty, false_at, |a, b| {
                        format!("the values of a select have types {b} and {a}")
                    })?;
                }
                Ok((
                    InstKind::Select {
                        cond,
                        if_true,
                        if_false,
                    },
                    Some(true_ty),
                ))
            }
            "phi" => {
                let ty = self.parse_written_type(|| "this phi".to_string())?;
                let mut incoming = ThinVec::new();
                loop {
                    self.expect_punct('[')?;
                    let value = self.parse_written_operand(body, ty)?;
                    self.expect_punct(',')?;
                    let at = self.here();
                    let name = match self.next() {
                        Tok::Local(n) => n,
                        _ => return self.error_at(at, "expected a predecessor block `%…`"),
                    };
                    let block = self.block_by_name(body, name, at)?;
                    self.expect_punct(']')?;
                    incoming.push((block, value));
                    if !(self.is_punct(',') && *self.peek_second() == Tok::Punct('[')) {
                        break;
                    }
                    self.next();
                }
                Ok((InstKind::Phi { incoming }, Some(ty)))
            }
            "call" => {
                self.skip_attributes();
                let ret = self.parse_return_type()?;
                if self.is_punct('(') {
                    return self.error(
                        "calls with an explicit function type (variadic callees) are not supported",
                    );
                }
                let callee_at = self.here();
                let name = match self.next() {
                    Tok::Global(n) => n,
                    _ => return self.error_at(callee_at, "expected the callee `@…`"),
                };
                let Some(&callee) = self.functions.get(&name) else {
                    return self
                        .error_at(callee_at, format!("call to undeclared function `@{name}`"));
                };
                let (expected_ret, param_types) = {
                    let f = &self.module.functions[callee];
                    let params = f.params.clone();
                    let types: Vec<Written> = params
                        .into_iter()
                        .map(|p| self.written_type_of(callee, p))
                        .collect();
                    (f.ret, types)
                };
                if ret != expected_ret {
                    let show = |t: Option<Type>| t.map_or("void".to_string(), |t| t.to_string());
                    return self.error_at(
                        callee_at,
                        format!(
                            "`@{name}` returns {}, not {}",
                            show(expected_ret),
                            show(ret)
                        ),
                    );
                }
                self.expect_punct('(')?;
                let mut args = ThinVec::new();
                if !self.eat_punct(')') {
                    loop {
                        let arg_at = self.here();
                        let (arg, ty) = self.parse_typed_operand(body)?;
                        match param_types.get(args.len()) {
                            Some(&p) => {
                                let number = args.len() + 1;
                                self.pointers.unify(ty, p, arg_at, |ty, p| {
                                    format!("argument {number} of `@{name}` must be {p}, not {ty}")
                                })?;
                            }
                            None => {
                                return self.error_at(
                                    arg_at,
                                    format!("`@{name}` takes {} arguments", param_types.len()),
                                )
                            }
                        }
                        args.push(arg);
                        if self.eat_punct(')') {
                            break;
                        }
                        self.expect_punct(',')?;
                    }
                }
                if args.len() != param_types.len() {
                    return self.error_at(
                        self.previous,
                        format!(
                            "`@{name}` takes {} arguments, {} given",
                            param_types.len(),
                            args.len()
                        ),
                    );
                }
                Ok((InstKind::Call { callee, args }, ret.map(Written::Known)))
            }
            _ => self.error_at(
                opcode_at,
                format!("unknown or unsupported instruction `{opcode}`"),
            ),
        }
    }

    fn block_by_name(&mut self, body: &mut Body<'a>, name: Text<'a>, at: Pos) -> Result<Block> {
        match body.locals.get(&name).copied() {
            Some(Local::Block { block, .. }) => Ok(block),
            Some(Local::Value { .. }) => {
                self.error_at(at, format!("`%{name}` is a value, not a block"))
            }
            None => {
                let hint = if is_number(&name) { "" } else { name.as_ref() };
                let block = self.func(body).create_block(hint);
                body.locals.insert(
                    name,
                    Local::Block {
                        block,
                        defined: false,
                        at,
                    },
                );
                Ok(block)
            }
        }
    }
}

fn is_number(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit())
}

/// Words that start a type (so attribute skipping stops there).
fn is_type_word(w: &str) -> bool {
    w == "void"
        || w == "ptr"
        || (w.len() > 1 && w.starts_with('i') && w[1..].bytes().all(|b| b.is_ascii_digit()))
}

/// Words that start an operand (so attribute skipping stops there).
fn is_value_word(w: &str) -> bool {
    matches!(
        w,
        "true" | "false" | "undef" | "poison" | "null" | "getelementptr" | "label"
    )
}
