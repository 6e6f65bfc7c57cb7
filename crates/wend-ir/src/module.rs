//! A module: the functions of one program (definitions and the declarations
//! of the runtime routines they call) and its string constants.

use crate::entities::{FuncId, StrId};
use crate::function::Function;
use crate::runtime::RuntimeFn;
use cranelift_entity::PrimaryMap;

#[derive(Clone, Debug, Default)]
pub struct Module {
    pub functions: PrimaryMap<FuncId, Function>,
    /// The bytes of each string constant (no terminating NUL: lengths are
    /// passed explicitly, and a wend string may contain `\0`).
    pub strings: PrimaryMap<StrId, Vec<u8>>,
}

impl Module {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add_function(&mut self, func: Function) -> FuncId {
        self.functions.push(func)
    }

    /// The function with the given symbol name.
    pub fn find_function(&self, name: &str) -> Option<FuncId> {
        self.functions
            .iter()
            .find(|(_, f)| f.name == name)
            .map(|(id, _)| id)
    }

    /// The declaration of a runtime routine, added on first use.
    pub fn runtime_fn(&mut self, rt: RuntimeFn) -> FuncId {
        match self.find_function(rt.symbol()) {
            Some(id) => id,
            None => self.functions.push(rt.declaration()),
        }
    }

    /// A string constant with these bytes, shared with an equal one.
    pub fn intern_string(&mut self, bytes: &[u8]) -> StrId {
        match self.strings.iter().find(|(_, s)| s.as_slice() == bytes) {
            Some((id, _)) => id,
            None => self.strings.push(bytes.to_vec()),
        }
    }

    /// The defined (non-declaration) functions.
    pub fn definitions(&self) -> impl Iterator<Item = (FuncId, &Function)> {
        self.functions.iter().filter(|(_, f)| !f.is_declaration())
    }
}
