//! Pointee inference for LLVM's opaque `ptr`. The IR's pointers are typed
//! (`i32*`), so each `ptr` the text writes must be given what it points to
//! from what the instructions say about it.
//!
//! The `ptr`s that must point to the same type — a value and its uses, a
//! parameter and the arguments passed to it, a phi and its incoming
//! values — are merged into one set (union–find with path halving); a
//! load or a store of a type, an `alloca`, a typed pointer or a string
//! address says what a set points to. Two statements that disagree are an
//! error where the second is written; once the whole module has been read,
//! [`OpaquePointers::resolve`] gives every value its typed pointer, and a
//! `ptr` that nothing explains is an error at the first such `ptr`.

use super::lex::Pos;
use super::{ReadError, Result};
use crate::entities::{FuncId, Value};
use crate::function::{Function, ValueDef};
use crate::module::Module;
use crate::types::Type;
use rustc_hash::FxHashMap;

/// A type as written: a known type, or LLVM's opaque `ptr`, whose pointee
/// the reader works out from the instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Written {
    Known(Type),
    /// An opaque pointer: its index in [`OpaquePointers`].
    Opaque(u32),
}

impl Written {
    /// The type a value written with `ptr` has until its pointee is known
    /// (any pointer: nothing reads it before then).
    pub(super) fn stand_in(self) -> Type {
        match self {
            Written::Known(ty) => ty,
            Written::Opaque(_) => Type::PtrI32,
        }
    }
}

/// What is known of the pointee of one or more `ptr`s: one element of the
/// union–find.
struct OpaquePointer {
    /// The merged set's representative (itself for a representative).
    parent: u32,
    /// The pointee, and where that was first said (representatives only).
    pointee: Option<(Type, Pos)>,
    /// Where the `ptr` was written, and what it is (for errors).
    at: Pos,
    what: String,
}

/// Every `ptr` written in the module, and the values whose type is one of
/// them (until [`OpaquePointers::resolve`] gives them their type).
#[derive(Default)]
pub(super) struct OpaquePointers {
    pointers: Vec<OpaquePointer>,
    /// Only looked up and drained in [`Self::resolve`]: a fast hash.
    values: FxHashMap<(FuncId, Value), u32>,
}

impl OpaquePointers {
    /// A `ptr` written at `at`, described in errors as `what`.
    pub(super) fn fresh(&mut self, at: Pos, what: String) -> u32 {
        let id = self.pointers.len() as u32;
        self.pointers.push(OpaquePointer {
            parent: id,
            pointee: None,
            at,
            what,
        });
        id
    }

    /// Where `ptr` `id` was written.
    pub(super) fn written_at(&self, id: u32) -> Pos {
        self.pointers[id as usize].at
    }

    /// Describes `ptr` `id` in errors as `what` (once its name is known).
    pub(super) fn name(&mut self, id: u32, what: String) {
        self.pointers[id as usize].what = what;
    }

    /// Records that `value` of `func` was written with type `written`.
    pub(super) fn bind(&mut self, func: FuncId, value: Value, written: Written) {
        if let Written::Opaque(id) = written {
            self.values.insert((func, value), id);
        }
    }

    /// A new value of `function` (`func`), of the type `written`: a stand-in
    /// type until [`Self::resolve`] for an opaque pointer.
    pub(super) fn make_value(
        &mut self,
        function: &mut Function,
        func: FuncId,
        written: Written,
        def: ValueDef,
    ) -> Value {
        let value = function.make_value(written.stand_in(), def);
        self.bind(func, value, written);
        value
    }

    /// The type of `value` of `function` (`func`) as the text wrote it.
    pub(super) fn written_type_of(
        &self,
        function: &Function,
        func: FuncId,
        value: Value,
    ) -> Written {
        let ty = function.values[value].ty;
        if ty.is_pointer() {
            if let Some(&id) = self.values.get(&(func, value)) {
                return Written::Opaque(id);
            }
        }
        Written::Known(ty)
    }

    fn root(&mut self, mut id: u32) -> u32 {
        while self.pointers[id as usize].parent != id {
            let grandparent = self.pointers[self.pointers[id as usize].parent as usize].parent;
            self.pointers[id as usize].parent = grandparent;
            id = grandparent;
        }
        id
    }

    /// Records that opaque pointer `id` points to `pointee`, as said at `at`.
    pub(super) fn set_pointee(&mut self, id: u32, pointee: Type, at: Pos) -> Result<()> {
        let root = self.root(id);
        match self.pointers[root as usize].pointee {
            None => {
                self.pointers[root as usize].pointee = Some((pointee, at));
                Ok(())
            }
            Some((known, _)) if known == pointee => Ok(()),
            Some((known, first)) => {
                let what = &self.pointers[id as usize].what;
                Err(ReadError::at(
                    at,
                    format!(
                        "{what} is used here as a pointer to {pointee}, but as a pointer to {known} at line {}, column {}",
                        first.line, first.column
                    ),
                ))
            }
        }
    }

    /// Requires a value of type `have` where the text says `want`, at `at`;
    /// `mismatch` is the error for two known types that differ. Opaque
    /// pointers are merged, or learn their pointee from a typed pointer.
    pub(super) fn unify(
        &mut self,
        have: Written,
        want: Written,
        at: Pos,
        mismatch: impl FnOnce(String, String) -> String,
    ) -> Result<()> {
        match (have, want) {
            (Written::Known(a), Written::Known(b)) if a == b => Ok(()),
            (Written::Opaque(id), Written::Known(t)) | (Written::Known(t), Written::Opaque(id)) => {
                // A typed pointer tells the pointee, unless it contradicts it.
                let root = self.root(id);
                let known = self.pointers[root as usize].pointee.map(|(known, _)| known);
                match t.pointee() {
                    Some(pointee) if known.is_none_or(|known| known == pointee) => {
                        self.set_pointee(id, pointee, at)
                    }
                    _ => {
                        let message = mismatch(self.describe(have), self.describe(want));
                        Err(ReadError::at(at, message))
                    }
                }
            }
            (Written::Known(a), Written::Known(b)) => {
                Err(ReadError::at(at, mismatch(a.to_string(), b.to_string())))
            }
            (Written::Opaque(a), Written::Opaque(b)) => {
                let what = self.pointers[b as usize].what.clone();
                let (a, b) = (self.root(a), self.root(b));
                if a == b {
                    return Ok(());
                }
                let b_pointee = self.pointers[b as usize].pointee;
                self.pointers[b as usize].parent = a;
                match (self.pointers[a as usize].pointee, b_pointee) {
                    (_, None) => Ok(()),
                    (None, Some(known)) => {
                        self.pointers[a as usize].pointee = Some(known);
                        Ok(())
                    }
                    (Some((x, _)), Some((y, _))) if x == y => Ok(()),
                    (Some((x, x_at)), Some((y, y_at))) => Err(ReadError::at(
                        at,
                        format!(
                            "{what} must point both to {x} (line {}, column {}) and to {y} (line {}, column {})",
                            x_at.line, x_at.column, y_at.line, y_at.column
                        ),
                    )),
                }
            }
        }
    }

    /// A type as written, for errors: `i32*`, `ptr`, or `ptr` with what is
    /// known of its pointee.
    pub(super) fn describe(&mut self, written: Written) -> String {
        match written {
            Written::Known(ty) => ty.to_string(),
            Written::Opaque(id) => {
                let root = self.root(id);
                match self.pointers[root as usize].pointee {
                    None => "ptr".to_string(),
                    Some((pointee, at)) => format!(
                        "ptr (pointing to {pointee}, as line {}, column {} says)",
                        at.line, at.column
                    ),
                }
            }
        }
    }

    /// Gives every value of `module` written with `ptr` its typed pointer,
    /// once all the text has been read; a `ptr` that nothing in the text
    /// explains is an error at the first such `ptr`.
    pub(super) fn resolve(&mut self, module: &mut Module) -> Result<()> {
        if self.pointers.is_empty() {
            return Ok(());
        }
        let mut unknown: Option<Pos> = None;
        let mut unknown_what = String::new();
        let entries: Vec<((FuncId, Value), u32)> =
            self.values.iter().map(|(&k, &v)| (k, v)).collect();
        for ((func, value), id) in entries {
            let root = self.root(id);
            match self.pointers[root as usize].pointee {
                Some((pointee, _)) => {
                    module.functions[func].values[value].ty = pointee.pointer_to();
                }
                None => {
                    let at = self.pointers[id as usize].at;
                    if unknown.is_none_or(|first| at < first) {
                        unknown = Some(at);
                        unknown_what = self.pointers[id as usize].what.clone();
                    }
                }
            }
        }
        match unknown {
            None => Ok(()),
            Some(at) => Err(ReadError::at(
                at,
                format!(
                    "cannot tell what {unknown_what} points to: no load, store, call or \
                     string address in the module says (write a typed pointer such as `i32*`)"
                ),
            )),
        }
    }
}
