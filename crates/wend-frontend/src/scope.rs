//! Scopes: which declaration a name refers to (§6 of the reference).
//!
//! Every function body is one scope with two namespaces: variables
//! (parameters and locals together) and functions (its nested functions,
//! possibly overloaded). Above the top-level function sits a global scope
//! holding only the top-level function(s).
//!
//! Semantic analysis checks the functions depth-first and looks names up
//! only from the body it is checking, whose enclosing bodies are exactly
//! the scopes still open. So this is the classic imperative symbol table
//! (Appel, *Modern Compiler Implementation*, §5.1): for every name, a stack
//! of its bindings in the open scopes, innermost on top. Declaring pushes,
//! closing a scope pops what it declared, and a lookup reads the top of one
//! stack, found by indexing with the name's [`Symbol`]: no hashing, and no
//! walk through the enclosing scopes.
//!
//! For variables the stacks are split, because variable lookups are the
//! hot path of huge programs: the top of every stack sits inline in one
//! table (a lookup is one read), and a binding that is shadowed waits in
//! the list of the scope that shadowed it, which puts it back on closing.
//!
//! For functions each binding is an overload set. A call is resolved by
//! parameter types; a large set is searched through a hash index of its
//! parameter lists, so that a program of thousands of overloads of one
//! name is not checked in quadratic time.

use rustc_hash::FxHashMap;

use wend_ir::prefetch::prefetch;

use crate::checked::{FuncId, Type, VarId};
use crate::intern::{Interner, Symbol};

/// What a variable name is bound to: the variable, with the facts name
/// resolution needs right away, so that a lookup reads only the symbol
/// table and not the (much larger, cache-cold) variable arena.
#[derive(Clone, Copy, Debug)]
pub(crate) struct VarBinding {
    pub(crate) var: VarId,
    /// The function declaring it, which is the scope of the binding.
    pub(crate) owner: FuncId,
    pub(crate) ty: Type,
}

/// A function body being checked, with the names it declared (to unbind
/// them when it is closed).
struct OpenScope {
    func: FuncId,
    /// Each variable it declared, with the binding of that name it
    /// shadowed, if any (restored on closing).
    vars: Vec<(Symbol, Option<VarBinding>)>,
    funcs: Vec<Symbol>,
}

/// The functions of one name declared in one scope.
struct Overloads {
    /// The declaring scope (`None`: the global scope).
    scope: Option<FuncId>,
    /// In declaration order.
    funcs: Vec<FuncId>,
    /// Built once the set has more than [`LINEAR`] functions (boxed: most
    /// sets never have one).
    index: Option<Box<OverloadIndex>>,
}

/// The first function of each parameter list among `funcs[..indexed]`.
#[derive(Default)]
struct OverloadIndex {
    by_params: FxHashMap<Box<[Type]>, FuncId>,
    indexed: usize,
}

/// Up to this many overloads, a set is searched one by one.
const LINEAR: usize = 8;

impl Overloads {
    /// The first function of the set whose parameter types are `types`;
    /// `params` gives a function's parameter types.
    fn find(&mut self, types: &[Type], params: &impl Fn(FuncId) -> Vec<Type>) -> Option<FuncId> {
        if self.funcs.len() <= LINEAR {
            return self.funcs.iter().copied().find(|&f| params(f) == types);
        }
        // Index the functions added since the last search.
        let index = self.index.get_or_insert_with(Default::default);
        for &f in &self.funcs[index.indexed..] {
            index.by_params.entry(params(f).into()).or_insert(f);
        }
        index.indexed = self.funcs.len();
        index.by_params.get(types).copied()
    }
}

/// The bindings of all open scopes.
pub(crate) struct Scopes {
    /// Per symbol: the innermost variable of that name in the open scopes.
    vars: Vec<Option<VarBinding>>,
    /// Per symbol: the overload sets of that name in the open scopes,
    /// innermost last.
    funcs: Vec<Vec<Overloads>>,
    /// The open function scopes, outermost first.
    open: Vec<OpenScope>,
    /// The names of the functions of the global scope.
    global_funcs: Vec<Symbol>,
    /// Whether `vars` outgrows the cache, so that the checker should ask
    /// for the bindings of names it will soon look up (see
    /// [`Scopes::asks_ahead`]).
    ask_ahead: bool,
}

/// From this many names on, `Scopes::vars` (12 bytes a name) no longer
/// fits the per-core cache, and a program using its variables in no
/// particular order waits for memory at each lookup: 1.5 MiB.
const ASK_AHEAD_FROM: usize = 1 << 17;

impl Scopes {
    /// No scope open yet, for a program whose names are in `names`.
    pub(crate) fn new(names: &Interner) -> Scopes {
        Scopes {
            vars: vec![None; names.len()],
            funcs: std::iter::repeat_with(Vec::new).take(names.len()).collect(),
            open: Vec::new(),
            global_funcs: Vec::new(),
            ask_ahead: names.len() >= ASK_AHEAD_FROM,
        }
    }

    /// Whether the table of variables is too large for the cache, so that
    /// the checker should ask for the bindings of the names a few
    /// expressions or statements ahead of the one it checks
    /// ([`Scopes::ask_for_var`]), for their lookups to find them there.
    pub(crate) fn asks_ahead(&self) -> bool {
        self.ask_ahead
    }

    /// Asks for the binding of variable `name` to be brought into the cache
    /// (`wend_ir::prefetch`).
    pub(crate) fn ask_for_var(&self, name: Symbol) {
        if let Some(binding) = self.vars.get(name.index()) {
            prefetch(binding);
        }
    }

    /// Opens the scope of function `func`'s body, nested in the innermost
    /// open scope (or in the global scope if none is open).
    pub(crate) fn open(&mut self, func: FuncId) {
        self.open.push(OpenScope {
            func,
            vars: Vec::new(),
            funcs: Vec::new(),
        });
    }

    /// Closes the innermost scope, the body of `func`: its names are
    /// unbound, uncovering whatever they shadowed.
    pub(crate) fn close(&mut self, func: FuncId) {
        let scope = self.open.pop().expect("a scope to close");
        debug_assert_eq!(scope.func, func);
        for (name, shadowed) in scope.vars {
            self.vars[name.index()] = shadowed;
        }
        for name in scope.funcs {
            self.funcs[name.index()].pop();
        }
    }

    /// The innermost open scope; `None` is the global scope.
    fn innermost(&self) -> Option<FuncId> {
        self.open.last().map(|scope| scope.func)
    }

    /// Declares variable `name` in the innermost scope, the body of
    /// `binding.owner`, or returns the variable that already has that name
    /// there.
    pub(crate) fn declare_var(&mut self, name: Symbol, binding: VarBinding) -> Result<(), VarId> {
        debug_assert_eq!(self.innermost(), Some(binding.owner));
        let innermost = &mut self.vars[name.index()];
        match *innermost {
            Some(existing) if existing.owner == binding.owner => Err(existing.var),
            shadowed => {
                *innermost = Some(binding);
                let open = self.open.last_mut().expect("variables live in functions");
                open.vars.push((name, shadowed));
                Ok(())
            }
        }
    }

    /// Declares function `func` named `name` in `scope` (`None`: the global
    /// scope), which must be the innermost scope. Duplicates are the
    /// caller's to look for first ([`Scopes::find_declared`]). Returns the
    /// functions of that name declared in `scope` so far, `func` last.
    pub(crate) fn declare_func(
        &mut self,
        scope: Option<FuncId>,
        name: Symbol,
        func: FuncId,
    ) -> &[FuncId] {
        debug_assert_eq!(self.innermost(), scope);
        let sets = &mut self.funcs[name.index()];
        if sets.last().map(|set| set.scope) != Some(scope) {
            sets.push(Overloads {
                scope,
                funcs: Vec::new(),
                index: None,
            });
            match self.open.last_mut() {
                Some(open) => open.funcs.push(name),
                None => self.global_funcs.push(name),
            }
        }
        let set = sets.last_mut().expect("pushed above if missing");
        set.funcs.push(func);
        &set.funcs
    }

    /// The function named `name` declared directly in `scope` (the
    /// innermost scope) whose parameter types are `types`, if any.
    pub(crate) fn find_declared(
        &mut self,
        scope: Option<FuncId>,
        name: Symbol,
        types: &[Type],
        params: impl Fn(FuncId) -> Vec<Type>,
    ) -> Option<FuncId> {
        debug_assert_eq!(self.innermost(), scope);
        let set = self.funcs[name.index()].last_mut()?;
        if set.scope != scope {
            return None;
        }
        set.find(types, &params)
    }

    /// The function a call of `name` with arguments of types `types` from
    /// the body of `from` (the innermost open scope) resolves to: the first
    /// exact match, searching the innermost scope first (§6).
    pub(crate) fn resolve_call(
        &mut self,
        from: FuncId,
        name: Symbol,
        types: &[Type],
        params: impl Fn(FuncId) -> Vec<Type>,
    ) -> Option<FuncId> {
        debug_assert_eq!(self.innermost(), Some(from));
        self.funcs[name.index()]
            .iter_mut()
            .rev()
            .find_map(|set| set.find(types, &params))
    }

    /// The innermost variable named `name` visible from the body of `from`
    /// (the innermost open scope).
    pub(crate) fn lookup_var(&self, from: FuncId, name: Symbol) -> Option<VarBinding> {
        debug_assert_eq!(self.innermost(), Some(from));
        self.vars[name.index()]
    }

    /// Whether any function named `name` is visible from the body of `from`
    /// (the innermost open scope).
    pub(crate) fn any_func_visible(&self, from: FuncId, name: Symbol) -> bool {
        debug_assert_eq!(self.innermost(), Some(from));
        !self.funcs[name.index()].is_empty()
    }

    /// The sets of functions named `name` visible from the body of `from`
    /// (the innermost open scope), innermost scope first (the global scope
    /// last).
    pub(crate) fn visible_funcs(&self, from: FuncId, name: Symbol) -> Vec<&[FuncId]> {
        debug_assert_eq!(self.innermost(), Some(from));
        self.funcs[name.index()]
            .iter()
            .rev()
            .map(|set| set.funcs.as_slice())
            .collect()
    }

    /// Every variable visible from the body of `from` (the innermost open
    /// scope), innermost scope first, each name once (the binding that
    /// shadows the others). For suggestions: this walks every open scope.
    pub(crate) fn visible_vars(
        &self,
        from: FuncId,
    ) -> impl Iterator<Item = (Symbol, VarBinding)> + '_ {
        debug_assert_eq!(self.innermost(), Some(from));
        self.open.iter().rev().flat_map(move |scope| {
            scope.vars.iter().filter_map(move |&(name, _)| {
                let binding = self.vars[name.index()]?;
                (binding.owner == scope.func).then_some((name, binding))
            })
        })
    }

    /// Every function name visible from the body of `from` (the innermost
    /// open scope), innermost scope first, each name once, with its sets of
    /// functions (as [`Scopes::visible_funcs`]). For suggestions: this walks
    /// every open scope.
    pub(crate) fn visible_func_names(
        &self,
        from: FuncId,
    ) -> impl Iterator<Item = (Symbol, Vec<&[FuncId]>)> + '_ {
        debug_assert_eq!(self.innermost(), Some(from));
        let scoped = self.open.iter().rev().flat_map(|scope| {
            scope
                .funcs
                .iter()
                .map(move |&name| (name, Some(scope.func)))
        });
        let global = self.global_funcs.iter().map(|&name| (name, None));
        scoped.chain(global).filter_map(move |(name, scope)| {
            let sets = &self.funcs[name.index()];
            // Listed once, by the innermost scope declaring the name.
            (sets.last()?.scope == scope).then(|| {
                let funcs = sets.iter().rev().map(|set| set.funcs.as_slice());
                (name, funcs.collect())
            })
        })
    }
}
