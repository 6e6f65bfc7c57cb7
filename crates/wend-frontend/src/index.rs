//! The name index, for editors: every function and variable declared, and
//! every use of a name with the declaration it resolves to, the way the
//! checker resolves it (scopes across nesting, overloads by argument
//! types).
//!
//! Unlike [`crate::Checked`], the index exists for a program with errors
//! too: it holds whatever resolved, so hover and go-to-definition keep
//! working while the file is being edited. Semantic analysis fills it as
//! it resolves names ([`crate::check_indexed`]); nothing else pays for it.

use crate::checked::{FuncDef, FuncId, Type, VarDef, VarId, VarKind};
use crate::intern::Interner;
use crate::span::Span;

/// What a name refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Var(VarId),
    Func(FuncId),
}

/// One use of a name: a variable read or assigned, or a function called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Use {
    /// The span of the name at the use.
    pub span: Span,
    pub target: Target,
}

/// A function as the index knows it.
#[derive(Clone, Debug)]
pub struct FuncInfo {
    pub name: String,
    pub name_span: Span,
    /// The span of the closing brace of its body.
    pub close_brace: Span,
    pub ret: Option<Type>,
    pub parent: Option<FuncId>,
    pub params: Vec<VarId>,
    pub locals: Vec<VarId>,
    pub children: Vec<FuncId>,
    /// The outer variables it reads or writes, directly or through the
    /// functions it calls (as far as the checked part of a program with
    /// errors tells).
    pub captures: Vec<VarId>,
}

impl FuncInfo {
    pub(crate) fn new(def: &FuncDef) -> FuncInfo {
        FuncInfo {
            name: def.name.clone(),
            name_span: def.name_span,
            close_brace: def.close_brace,
            ret: def.ret,
            parent: def.parent,
            params: def.params.clone(),
            locals: def.locals.clone(),
            children: def.children.clone(),
            captures: def.captures.clone(),
        }
    }
}

/// Every declaration and every resolved use of a program.
#[derive(Clone, Debug, Default)]
pub struct NameIndex {
    /// In declaration order (outer before inner), as [`FuncId`]s count.
    pub funcs: Vec<FuncInfo>,
    /// In declaration order, as [`VarId`]s count.
    pub vars: Vec<VarDef>,
    /// Every use that resolved, in the order the checker resolved them
    /// (which depends only on the program's structure, not its names).
    pub uses: Vec<Use>,
    pub names: Interner,
}

impl NameIndex {
    pub fn func(&self, id: FuncId) -> &FuncInfo {
        &self.funcs[id.index()]
    }

    pub fn var(&self, id: VarId) -> &VarDef {
        &self.vars[id.index()]
    }

    pub fn var_name(&self, id: VarId) -> &str {
        self.names.name(self.var(id).name)
    }

    /// The name of what `target` refers to.
    pub fn name(&self, target: Target) -> &str {
        match target {
            Target::Var(var) => self.var_name(var),
            Target::Func(func) => &self.func(func).name,
        }
    }

    /// The span of the name in `target`'s declaration.
    pub fn declaration(&self, target: Target) -> Span {
        match target {
            Target::Var(var) => self.var(var).span,
            Target::Func(func) => self.func(func).name_span,
        }
    }

    /// The declaration or use whose name covers byte `offset` (a cursor
    /// just after a name is still on it), with the span of that name.
    pub fn at(&self, offset: usize) -> Option<(Target, Span)> {
        let covers = |span: Span| span.start() <= offset && offset <= span.end();
        let funcs = (self.funcs.iter().enumerate())
            .map(|(i, f)| (Target::Func(FuncId(i as u32)), f.name_span));
        let vars =
            (self.vars.iter().enumerate()).map(|(i, v)| (Target::Var(VarId(i as u32)), v.span));
        let uses = self.uses.iter().map(|u| (u.target, u.span));
        // A name's end touching the next one's start (`f(x` has none, but
        // be exact anyway): prefer the one that starts at the cursor.
        let mut found: Option<(Target, Span)> = None;
        for (target, span) in funcs.chain(vars).chain(uses).filter(|&(_, s)| covers(s)) {
            match found {
                Some((_, best)) if best.start() >= span.start() => {}
                _ => found = Some((target, span)),
            }
        }
        found
    }

    /// The spans of every use of `target`, in source order.
    pub fn uses_of(&self, target: Target) -> Vec<Span> {
        let mut spans: Vec<Span> = (self.uses.iter())
            .filter(|u| u.target == target)
            .map(|u| u.span)
            .collect();
        spans.sort();
        spans
    }

    /// `int name(int a, bool b)`: a function as it is declared.
    pub fn describe_function(&self, id: FuncId) -> String {
        let func = self.func(id);
        let params: Vec<String> = (func.params.iter())
            .map(|&p| format!("{} {}", self.var(p).ty, self.var_name(p)))
            .collect();
        let signature = format!("{}({})", func.name, params.join(", "));
        match func.ret {
            Some(ty) => format!("{ty} {signature}"),
            None => signature,
        }
    }

    /// `int x`, with what it is: `parameter of f` or `local of f`.
    pub fn describe_var(&self, id: VarId) -> (String, String) {
        let var = self.var(id);
        let kind = match var.kind {
            VarKind::Param => "parameter",
            VarKind::Local => "local variable",
        };
        (
            format!("{} {}", var.ty, self.var_name(id)),
            format!("{kind} of `{}`", self.func(var.owner).name),
        )
    }
}

#[cfg(test)]
mod tests;
