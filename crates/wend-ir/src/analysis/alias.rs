//! Alias queries: whether two pointer values may point to the same memory,
//! and what memory an instruction may read or write.
//!
//! wend has no pointer values in the language. The IR's pointers are the
//! `alloca`s of a function's variables and the pointer parameters that
//! sema gives a nested function for the variables it captures; a caller
//! passes the addresses of *distinct* variables (docs/03-the-ir.md, "Pointer
//! parameters never alias"; the interpreter checks it at every call). So:
//!
//! * two different `alloca`s are two different variables;
//! * two different pointer parameters point to two different variables of
//!   callers (LLVM's `noalias` on each pointer parameter, which the LLVM
//!   printer writes);
//! * a pointer parameter never points to one of the function's own
//!   `alloca`s: the caller's variables existed before the call.
//!
//! Each such pointer is an *identified object* (LLVM's `isIdentifiedObject`):
//! it aliases only itself. An element pointer (`getelementptr` of an array
//! `alloca` or of a pointer parameter that is a group's base, as
//! frame-arrays makes them) points into the object it is derived from
//! ([`underlying_object`] follows [`Function::pointer_base`]): two element
//! pointers of one object alias when their constant indices are equal, may
//! alias when an index is unknown, and never alias another object. The
//! element pointer itself is not an identified object (a pass that keys
//! memory by pointer value treats it as unknown). Every other pointer (a
//! `select` or phi of pointers) is *unknown* and may alias anything.
//!
//! [`for_each_access`] says which pointers an instruction reads or writes
//! through, with the callee's [`Effects`] for a call; an instruction it does
//! not know is taken to read and write through each of its pointer
//! operands, so a new kind of instruction is handled conservatively until
//! it is taught here.

use crate::analysis::effects::Effects;
use crate::entities::Value;
use crate::function::{Function, ValueDef};
use crate::instructions::InstKind;

/// The memory object a pointer value points to, when it is identified.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Object {
    /// The variable reserved by the `alloca` whose result is this value.
    Alloca(Value),
    /// A caller's variable, passed as this pointer parameter.
    Param(Value),
}

/// The object `ptr` points to, if it is an identified object (see the
/// module documentation); `None` for any other pointer.
pub fn underlying_object(func: &Function, ptr: Value) -> Option<Object> {
    if !func.value_type(ptr).is_pointer() {
        return None;
    }
    let root = func.pointer_base(ptr).root;
    match func.values[root].def {
        ValueDef::Param(_) => Some(Object::Param(root)),
        ValueDef::Inst(inst) => match func.insts[inst].kind {
            InstKind::Alloca { .. } => Some(Object::Alloca(root)),
            _ => None,
        },
        ValueDef::Const(_) | ValueDef::Undef | ValueDef::Str(_) => None,
    }
}

/// Whether `ptr` is an identified object itself (an `alloca`, a pointer
/// parameter), so that it aliases no other pointer value that is one: a
/// write through it changes what only `ptr` reads.
pub fn is_identified_object(func: &Function, ptr: Value) -> bool {
    matches!(underlying_object(func, ptr), Some(Object::Alloca(v) | Object::Param(v)) if v == ptr)
}

/// Whether the pointers `a` and `b` may point to the same memory: always
/// when they are one value, never when they point into distinct
/// identified objects (two `alloca`s, two parameters, a parameter and an
/// `alloca`), within one object when their element indices are equal or
/// not both known, and otherwise conservatively yes.
pub fn may_alias(func: &Function, a: Value, b: Value) -> bool {
    if a == b {
        return true;
    }
    match (underlying_object(func, a), underlying_object(func, b)) {
        (Some(x), Some(y)) if x != y => false,
        (Some(_), Some(_)) => {
            let (i, j) = (func.pointer_base(a).offset, func.pointer_base(b).offset);
            i.zip(j).is_none_or(|(i, j)| i == j)
        }
        _ => true,
    }
}

/// One memory location known exactly: element `index` of the identified
/// object `root` (an `alloca` or a pointer parameter). A scalar variable,
/// or the variable a pointer parameter points to, is element 0 of itself;
/// `getelementptr %xs, 2` and `getelementptr (getelementptr %xs, 1), 1`
/// are one location. Two different locations never overlap (the same
/// assumption as [`may_alias`]: constant elements of distinct indices are
/// distinct variables), so a memory pass may key what it knows by location
/// rather than by pointer value (LLVM's BasicAA decomposes a constant-offset
/// `getelementptr` into base and offset for the same answer).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Location {
    pub root: Value,
    pub index: i64,
}

/// The location `ptr` points to, when it is known exactly: an identified
/// object, or an element of one at constant indices.
pub fn location(func: &Function, ptr: Value) -> Option<Location> {
    underlying_object(func, ptr)?;
    let base = func.pointer_base(ptr);
    Some(Location {
        root: base.root,
        index: base.offset?,
    })
}

/// Whether location `loc` may be loaded where the program would not have
/// loaded it: it surely exists — an element inside its `alloca`, or the
/// variable a pointer parameter points to itself. The further elements of
/// a parameter (a group of captured variables that `frame-arrays` passes as
/// one pointer) are not known to exist from inside the function: an
/// element beyond the caller's array is an error to read.
pub fn is_dereferenceable(func: &Function, loc: Location) -> bool {
    match func.alloca_count(loc.root) {
        Some(count) => (0..i64::from(count)).contains(&loc.index),
        None => loc.index == 0,
    }
}

/// Which memory an access may reach, as the memory passes key it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Reach {
    /// One location and nothing else.
    Exact(Location),
    /// Some locations of the identified object `root`, not known which: an
    /// element at an index not known at compile time, or what a callee
    /// reaches through a pointer into the object (it may index from there:
    /// a group's base pointer reaches the whole group).
    Object(Value),
    /// Any memory.
    Unknown,
}

impl Reach {
    /// Whether this reach may touch location `loc`.
    pub fn may_touch(self, loc: Location) -> bool {
        match self {
            Reach::Exact(l) => l == loc,
            Reach::Object(root) => root == loc.root,
            Reach::Unknown => true,
        }
    }
}

/// What a load or store through `ptr` reaches: its location, else the
/// object it points into, else anything.
pub fn pointer_reach(func: &Function, ptr: Value) -> Reach {
    match location(func, ptr) {
        Some(loc) => Reach::Exact(loc),
        None => object_reach(func, ptr),
    }
}

/// What a callee given `ptr` reaches: the whole object `ptr` points into
/// (it may index from `ptr`), else anything.
pub fn object_reach(func: &Function, ptr: Value) -> Reach {
    match underlying_object(func, ptr) {
        Some(Object::Alloca(root) | Object::Param(root)) => Reach::Object(root),
        None => Reach::Unknown,
    }
}

/// Calls `f(reach, access)` for each access of `kind` (an instruction of
/// `func`) that [`for_each_access`] reports: a load or store reaches what
/// [`pointer_reach`] says; a call (or an instruction not known here)
/// reaches the whole object of each pointer it is given
/// ([`object_reach`]).
pub fn for_each_reach(
    effects: &Effects,
    func: &Function,
    kind: &InstKind,
    mut f: impl FnMut(Reach, Access),
) {
    let exact = matches!(kind, InstKind::Load { .. } | InstKind::Store { .. });
    for_each_access(effects, func, kind, |ptr, access| {
        let reach = if exact {
            pointer_reach(func, ptr)
        } else {
            object_reach(func, ptr)
        };
        f(reach, access)
    });
}

/// How an instruction uses the memory a pointer points to.
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
pub struct Access {
    pub read: bool,
    pub write: bool,
}

impl Access {
    pub const READ: Access = Access {
        read: true,
        write: false,
    };
    pub const WRITE: Access = Access {
        read: false,
        write: true,
    };
    pub const READ_WRITE: Access = Access {
        read: true,
        write: true,
    };

    /// Adds what `other` does.
    pub fn add(&mut self, other: Access) {
        self.read |= other.read;
        self.write |= other.write;
    }
}

/// Calls `f(ptr, access)` for each pointer through which `kind` (an
/// instruction of `func`) may read or write memory. A call
/// reaches memory only through its pointer arguments (the callee's own
/// `alloca`s die with it; string constants are never written), as its
/// callee's [`Effects`] say (a call to an unknown external reads and writes
/// through all of them). An instruction this function does not know reads
/// and writes through every pointer operand.
pub fn for_each_access(
    effects: &Effects,
    func: &Function,
    kind: &InstKind,
    mut f: impl FnMut(Value, Access),
) {
    match kind {
        InstKind::Load { ptr } => f(*ptr, Access::READ),
        InstKind::Store { ptr, .. } => f(*ptr, Access::WRITE),
        InstKind::Call { callee, args } => {
            for (i, &arg) in args.iter().enumerate() {
                if !func.value_type(arg).is_pointer() {
                    continue;
                }
                let access = effects.param_access(*callee, i);
                if access.read || access.write {
                    f(arg, access);
                }
            }
        }
        // A new variable: nothing is read or written yet.
        InstKind::Alloca { .. } => {}
        // Not code.
        InstKind::DebugValue { .. } => {}
        other => other.for_each_operand(|v| {
            if func.value_type(v).is_pointer() && !is_pointer_copy(other) {
                f(v, Access::READ_WRITE)
            }
        }),
    }
}

/// Whether `kind` only chooses among pointers (a `select` or phi of
/// pointers) or computes one (an element pointer), touching no memory.
fn is_pointer_copy(kind: &InstKind) -> bool {
    matches!(
        kind,
        InstKind::Select { .. } | InstKind::Phi { .. } | InstKind::ElementPtr { .. }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::parse_module;

    fn values(func: &Function) -> impl Fn(&str) -> Value + '_ {
        |name| {
            let names = crate::print::FunctionNames::compute(func);
            func.values
                .keys()
                .find(|&v| names.value(v) == format!("%{name}"))
                .unwrap_or_else(|| panic!("no value %{name}"))
        }
    }

    const IR: &str = "
define i32 @f(i32* %p, i32* %q, i1 %c) {
entry:
  %a = alloca i32
  %b = alloca i32
  %s = select i1 %c, i32* %p, i32* %a
  %x = load i32, i32* %s
  ret i32 %x
}
";

    #[test]
    fn distinct_identified_objects_never_alias() {
        let module = parse_module(IR).unwrap();
        let func = &module.functions[module.find_function("f").unwrap()];
        let v = values(func);
        for (x, y) in [("p", "q"), ("a", "b"), ("p", "a"), ("q", "b")] {
            assert!(!may_alias(func, v(x), v(y)), "{x} {y}");
            assert!(!may_alias(func, v(y), v(x)), "{y} {x}");
        }
        for x in ["p", "q", "a", "b", "s"] {
            assert!(may_alias(func, v(x), v(x)), "{x}");
        }
    }

    #[test]
    fn unknown_pointers_may_alias_anything() {
        let module = parse_module(IR).unwrap();
        let func = &module.functions[module.find_function("f").unwrap()];
        let v = values(func);
        assert_eq!(underlying_object(func, v("s")), None);
        for x in ["p", "q", "a", "b"] {
            assert!(may_alias(func, v("s"), v(x)), "{x}");
        }
        assert_eq!(underlying_object(func, v("p")), Some(Object::Param(v("p"))));
        assert_eq!(
            underlying_object(func, v("a")),
            Some(Object::Alloca(v("a")))
        );
        assert_eq!(underlying_object(func, v("c")), None);
    }

    #[test]
    fn element_pointers_alias_by_object_and_index() {
        let ir = "
define i32 @f(i32* %p, i32* %q, i32 %k) {
entry:
  %a = alloca i32, i32 4
  %b = alloca i32
  %a1 = getelementptr inbounds i32, i32* %a, i32 1
  %a2 = getelementptr inbounds i32, i32* %a, i32 2
  %a1again = getelementptr inbounds i32, i32* %a2, i32 -1
  %ak = getelementptr inbounds i32, i32* %a, i32 %k
  %p3 = getelementptr inbounds i32, i32* %p, i32 3
  %pk = getelementptr inbounds i32, i32* %p, i32 %k
  %x = load i32, i32* %a1
  ret i32 %x
}
";
        let module = parse_module(ir).unwrap();
        let func = &module.functions[module.find_function("f").unwrap()];
        let v = values(func);
        assert_eq!(
            underlying_object(func, v("a2")),
            Some(Object::Alloca(v("a")))
        );
        assert_eq!(
            underlying_object(func, v("pk")),
            Some(Object::Param(v("p")))
        );
        assert!(!is_identified_object(func, v("a1")));
        let alias = [
            ("a1", "a1again"),
            ("a1", "ak"),
            ("a", "ak"),
            ("p3", "pk"),
            ("p", "pk"),
        ];
        let apart = [
            ("a1", "a2"),
            ("a", "a1"),
            ("a2", "a1again"),
            ("p", "p3"),
            ("a1", "b"),
            ("ak", "b"),
            ("ak", "pk"),
            ("p3", "q"),
            ("pk", "q"),
        ];
        for (x, y) in alias {
            assert!(may_alias(func, v(x), v(y)), "{x} {y}");
            assert!(may_alias(func, v(y), v(x)), "{y} {x}");
        }
        for (x, y) in apart {
            assert!(!may_alias(func, v(x), v(y)), "{x} {y}");
            assert!(!may_alias(func, v(y), v(x)), "{y} {x}");
        }
        // Computing an element pointer reads and writes nothing.
        let gep = func
            .insts
            .values()
            .find(|d| matches!(d.kind, InstKind::ElementPtr { .. }))
            .unwrap();
        let mut touched = false;
        for_each_access(&Effects::unknown(), func, &gep.kind, |_, _| touched = true);
        assert!(!touched);
    }

    #[test]
    fn locations_and_reaches() {
        let ir = "
declare void @use(i32*)

define i32 @f(i32* %p, i32 %k, i1 %c) {
entry:
  %a = alloca i32, i32 2
  %a1 = getelementptr inbounds i32, i32* %a, i32 1
  %p2 = getelementptr inbounds i32, i32* %p, i32 2
  %p2again = getelementptr inbounds i32, i32* %a1, i32 0
  %pk = getelementptr inbounds i32, i32* %p, i32 %k
  %s = select i1 %c, i32* %p, i32* %a
  %x = load i32, i32* %p2
  call void @use(i32* %p2)
  ret i32 %x
}
";
        let module = parse_module(ir).unwrap();
        let func = &module.functions[module.find_function("f").unwrap()];
        let v = values(func);
        let at = |root: &str, index| Location {
            root: v(root),
            index,
        };
        assert_eq!(location(func, v("p")), Some(at("p", 0)));
        assert_eq!(location(func, v("p2")), Some(at("p", 2)));
        assert_eq!(location(func, v("a1")), location(func, v("p2again")));
        assert_eq!(location(func, v("pk")), None);
        assert_eq!(location(func, v("s")), None);
        // What surely exists: elements inside an alloca, a parameter's
        // own variable.
        assert!(is_dereferenceable(func, at("a", 1)));
        assert!(!is_dereferenceable(func, at("a", 3)));
        assert!(is_dereferenceable(func, at("p", 0)));
        assert!(!is_dereferenceable(func, at("p", 2)));
        assert_eq!(pointer_reach(func, v("p2")), Reach::Exact(at("p", 2)));
        assert_eq!(pointer_reach(func, v("pk")), Reach::Object(v("p")));
        assert_eq!(pointer_reach(func, v("s")), Reach::Unknown);
        assert!(Reach::Object(v("p")).may_touch(at("p", 2)));
        assert!(!Reach::Object(v("p")).may_touch(at("a", 0)));
        assert!(!Reach::Exact(at("p", 1)).may_touch(at("p", 2)));
        // A load reaches its element; a call the whole object.
        let mut seen = Vec::new();
        for &inst in &func.blocks[func.layout[0]].insts {
            for_each_reach(&Effects::unknown(), func, &func.insts[inst].kind, |r, _| {
                seen.push(r)
            });
        }
        assert_eq!(seen, [Reach::Exact(at("p", 2)), Reach::Object(v("p"))]);
    }

    #[test]
    fn accesses_of_calls_follow_the_callee_effects() {
        let ir = "
declare void @wend_print_int(i32)

define void @set(i32* %v, i32* %w) {
entry:
  %x = load i32, i32* %w
  store i32 %x, i32* %v
  ret void
}

define i32 @main() {
entry:
  %a = alloca i32
  %b = alloca i32
  call void @set(i32* %a, i32* %b)
  %s = select i1 true, i32* %a, i32* %b
  %y = load i32, i32* %s
  call void @wend_print_int(i32 %y)
  ret i32 0
}
";
        let module = parse_module(ir).unwrap();
        let effects = Effects::compute(&module);
        let func = &module.functions[module.find_function("main").unwrap()];
        let v = values(func);
        let mut seen = Vec::new();
        for &block in &func.layout {
            for &inst in &func.blocks[block].insts {
                for_each_access(&effects, func, &func.insts[inst].kind, |p, a| {
                    seen.push((p, a))
                });
            }
        }
        assert_eq!(
            seen,
            [
                (v("a"), Access::WRITE),
                (v("b"), Access::READ),
                (v("s"), Access::READ)
            ]
        );
    }
}
