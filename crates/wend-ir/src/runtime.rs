//! The runtime interface: the routines compiled wend programs call for
//! printing and for runtime errors. The IR only declares them; each backend
//! (and the interpreter) supplies their behaviour:
//!
//! | symbol                 | signature        | does                                                   |
//! |------------------------|------------------|--------------------------------------------------------|
//! | `wend_print_int`       | `void (i32)`     | prints the decimal value                               |
//! | `wend_print_bool`      | `void (i1)`      | prints `true` or `false`                               |
//! | `wend_print_str`       | `void (i8*, i32)`| prints that many bytes                                 |
//! | `wend_print_newline`   | `void ()`        | prints `\n`                                            |
//! | `wend_div_by_zero`     | `void (i32)`     | flushes stdout, prints `runtime error: division by zero at line N` to stderr, exits with status 2; never returns |

use crate::function::Function;
use crate::types::Type;

/// Exit status of a program stopped by a runtime error.
pub const RUNTIME_ERROR_STATUS: i32 = 2;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum RuntimeFn {
    PrintInt,
    PrintBool,
    PrintStr,
    PrintNewline,
    DivByZero,
}

impl RuntimeFn {
    pub const ALL: [RuntimeFn; 5] = [
        RuntimeFn::PrintInt,
        RuntimeFn::PrintBool,
        RuntimeFn::PrintStr,
        RuntimeFn::PrintNewline,
        RuntimeFn::DivByZero,
    ];

    pub fn symbol(self) -> &'static str {
        match self {
            RuntimeFn::PrintInt => "wend_print_int",
            RuntimeFn::PrintBool => "wend_print_bool",
            RuntimeFn::PrintStr => "wend_print_str",
            RuntimeFn::PrintNewline => "wend_print_newline",
            RuntimeFn::DivByZero => "wend_div_by_zero",
        }
    }

    pub fn from_symbol(name: &str) -> Option<RuntimeFn> {
        RuntimeFn::ALL.into_iter().find(|rt| rt.symbol() == name)
    }

    pub fn param_types(self) -> &'static [Type] {
        match self {
            RuntimeFn::PrintInt => &[Type::I32],
            RuntimeFn::PrintBool => &[Type::I1],
            RuntimeFn::PrintStr => &[Type::PtrI8, Type::I32],
            RuntimeFn::PrintNewline => &[],
            RuntimeFn::DivByZero => &[Type::I32],
        }
    }

    /// Whether a call to it can return (the division-by-zero handler exits).
    pub fn returns(self) -> bool {
        self != RuntimeFn::DivByZero
    }

    /// The message a runtime error prints to stderr (without the newline).
    pub fn div_by_zero_message(line: i32) -> String {
        format!("runtime error: division by zero at line {line}")
    }

    /// The declaration to put in a module.
    pub fn declaration(self) -> Function {
        let params: Vec<(Type, &str)> = self.param_types().iter().map(|&t| (t, "")).collect();
        Function::new(self.symbol(), &params, None)
    }
}
