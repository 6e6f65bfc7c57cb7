//! The types of the IR: `i1`, `i8`, `i32` and typed pointers to them.
//!
//! LLVM 14 still uses typed pointers by default (`i32*`), so the pointee is part
//! of the pointer type. `i8` only appears behind a pointer, for string constants.

use std::fmt;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Type {
    I1,
    I8,
    I32,
    /// `i1*`: the address of a bool variable.
    PtrI1,
    /// `i8*`: the address of a string constant's first byte.
    PtrI8,
    /// `i32*`: the address of an int variable.
    PtrI32,
}

impl Type {
    /// The pointer type whose pointee is `self`. Panics for pointers: the IR
    /// has no pointers to pointers.
    pub fn pointer_to(self) -> Type {
        match self {
            Type::I1 => Type::PtrI1,
            Type::I8 => Type::PtrI8,
            Type::I32 => Type::PtrI32,
            _ => panic!("the IR has no pointer to {self}"),
        }
    }

    /// The pointee of a pointer type, `None` for scalars.
    pub fn pointee(self) -> Option<Type> {
        match self {
            Type::PtrI1 => Some(Type::I1),
            Type::PtrI8 => Some(Type::I8),
            Type::PtrI32 => Some(Type::I32),
            _ => None,
        }
    }

    pub fn is_pointer(self) -> bool {
        self.pointee().is_some()
    }

    /// Size in bits of a scalar (pointers are 64-bit).
    pub fn bits(self) -> u32 {
        match self {
            Type::I1 => 1,
            Type::I8 => 8,
            Type::I32 => 32,
            _ => 64,
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Type::I1 => "i1",
            Type::I8 => "i8",
            Type::I32 => "i32",
            Type::PtrI1 => "i1*",
            Type::PtrI8 => "i8*",
            Type::PtrI32 => "i32*",
        })
    }
}
