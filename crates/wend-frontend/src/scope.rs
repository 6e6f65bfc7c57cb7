//! Scopes: the names each function body declares, and lookups that walk
//! from a body outwards (§6 of the reference).
//!
//! Every function body is one scope with two namespaces: variables
//! (parameters and locals together) and functions (its nested functions,
//! possibly overloaded). Above the top-level function sits a global scope
//! holding only the top-level function(s).

use indexmap::IndexMap;

use crate::checked::{FuncId, VarId};

#[derive(Default)]
struct Scope {
    /// The scope of the enclosing function; `None` means the global scope.
    parent: Option<FuncId>,
    vars: IndexMap<String, VarId>,
    funcs: IndexMap<String, Vec<FuncId>>,
}

/// All scopes of a program, one per function (indexed by [`FuncId`]) plus
/// the global one.
#[derive(Default)]
pub(crate) struct Scopes {
    global_funcs: IndexMap<String, Vec<FuncId>>,
    scopes: Vec<Scope>,
}

impl Scopes {
    /// Creates the (empty) scope of function `func`, whose ids are handed
    /// out densely from zero.
    pub(crate) fn add_scope(&mut self, func: FuncId, parent: Option<FuncId>) {
        debug_assert_eq!(func.index(), self.scopes.len());
        self.scopes.push(Scope {
            parent,
            ..Scope::default()
        });
    }

    /// Declares variable `name` in `scope`, or returns the variable that
    /// already has that name there.
    pub(crate) fn declare_var(
        &mut self,
        scope: FuncId,
        name: &str,
        var: VarId,
    ) -> Result<(), VarId> {
        let vars = &mut self.scopes[scope.index()].vars;
        match vars.get(name) {
            Some(&existing) => Err(existing),
            None => {
                vars.insert(name.to_string(), var);
                Ok(())
            }
        }
    }

    /// The overloads named `name` declared directly in `scope` (`None`: the
    /// global scope), for adding one after checking for duplicates.
    pub(crate) fn funcs_mut(&mut self, scope: Option<FuncId>, name: &str) -> &mut Vec<FuncId> {
        let table = match scope {
            Some(scope) => &mut self.scopes[scope.index()].funcs,
            None => &mut self.global_funcs,
        };
        table.entry(name.to_string()).or_default()
    }

    /// The innermost variable named `name` visible from the body of `from`.
    pub(crate) fn lookup_var(&self, from: FuncId, name: &str) -> Option<VarId> {
        let mut scope = Some(from);
        while let Some(id) = scope {
            let data = &self.scopes[id.index()];
            if let Some(&var) = data.vars.get(name) {
                return Some(var);
            }
            scope = data.parent;
        }
        None
    }

    /// The sets of functions named `name` visible from the body of `from`,
    /// innermost scope first (the global scope last).
    pub(crate) fn visible_funcs<'a>(&'a self, from: FuncId, name: &'a str) -> Vec<&'a [FuncId]> {
        let mut found = Vec::new();
        let mut scope = Some(from);
        while let Some(id) = scope {
            let data = &self.scopes[id.index()];
            if let Some(funcs) = data.funcs.get(name) {
                found.push(funcs.as_slice());
            }
            scope = data.parent;
        }
        if let Some(funcs) = self.global_funcs.get(name) {
            found.push(funcs.as_slice());
        }
        found
    }
}
