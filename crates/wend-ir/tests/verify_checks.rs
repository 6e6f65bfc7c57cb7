//! Verifier tests: one broken function per check, plus valid functions that
//! must pass (including the unreachable-code exemptions LLVM also makes).

use wend_ir::builder::FunctionBuilder;
use wend_ir::read::parse_module;
use wend_ir::runtime::RuntimeFn;
use wend_ir::verify::{verify_function, verify_module};
use wend_ir::{
    BinOp, EntityRef, Function, IcmpCond, InstKind, Module, Terminator, Type, Value, ValueDef,
};

/// A module holding one function `f(i32 %a, i1 %c) -> i32` built by `body`.
fn build(body: impl FnOnce(&mut FunctionBuilder)) -> Module {
    let mut module = Module::new();
    module.runtime_fn(RuntimeFn::PrintInt);
    let mut f = Function::new("f", &[(Type::I32, "a"), (Type::I1, "c")], Some(Type::I32));
    body(&mut FunctionBuilder::new(&mut f));
    module.add_function(f);
    module
}

fn func_id(module: &Module) -> wend_ir::FuncId {
    module.find_function("f").unwrap()
}

/// The function `f` of a module made by [`build`].
fn f_of(module: &mut Module) -> &mut Function {
    let id = func_id(module);
    &mut module.functions[id]
}

/// A module whose `f` returns `%a`, and an `i32` instruction of `kind`
/// (given `%a`) made in `f` but placed nowhere: the test puts it somewhere
/// it may not be.
fn with_loose_inst(kind: impl FnOnce(Value) -> InstKind) -> (Module, wend_ir::Inst) {
    let mut m = build(|b| {
        let a = b.param(0);
        b.ret(Some(a));
    });
    let f = f_of(&mut m);
    let a = f.params[0];
    let inst = f.make_inst(kind(a), Some(Type::I32), 0);
    (m, inst)
}

#[track_caller]
fn assert_valid(module: &Module) {
    if let Err(e) = verify_module(module) {
        panic!("{e}");
    }
}

#[track_caller]
fn assert_invalid(module: &Module, fragment: &str) {
    match verify_module(module) {
        Ok(()) => panic!(
            "accepted, expected `{fragment}`:\n{}",
            wend_ir::print::print_module(module)
        ),
        Err(e) => {
            let shown = e.to_string();
            assert!(
                shown.contains(fragment),
                "expected `{fragment}` in:\n{shown}"
            );
        }
    }
}

fn parsed(text: &str) -> Module {
    parse_module(text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn valid_functions_pass() {
    assert_valid(&parsed(
        "define i32 @f(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %done = icmp sge i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %i
}
define i1 @same(i1 %c, i1 %d) {
entry:
  br i1 %c, label %join, label %join
join:
  %x = phi i1 [ %d, %entry ], [ %d, %entry ]
  %y = and i1 %x, %c
  ret i1 %y
}",
    ));
}

#[test]
fn unreachable_code_may_use_before_definition() {
    assert_valid(&parsed(include_str!("data/unreachable-uses.ll")));
}

#[test]
fn error_display_names_function_block_instruction_and_dumps_ir() {
    let m = build(|b| {
        let a = b.param(0);
        let c = b.param(1);
        b.binary(BinOp::Add, a, c, "sum");
        b.ret(Some(a));
    });
    let e = verify_function(&m, func_id(&m)).unwrap_err();
    let shown = e.to_string();
    assert!(shown.contains("function @f"), "{shown}");
    assert!(
        shown.contains("block %entry, instruction `%sum = add i32 %a, %c`"),
        "{shown}"
    );
    assert!(
        shown.contains("operand types differ: i32 and i1"),
        "{shown}"
    );
    assert!(
        shown.contains("--- @f ---\ndefine i32 @f(i32 %a, i1 %c) {\n"),
        "{shown}"
    );
}

#[test]
fn missing_terminator() {
    let m = build(|b| {
        let next = b.create_block("next");
        b.br(next);
    });
    assert_invalid(&m, "block %next\n  error: the block has no terminator");
}

#[test]
fn block_twice_in_layout() {
    let mut m = build(|b| {
        let a = b.param(0);
        b.ret(Some(a));
    });
    let id = func_id(&m);
    let f = &mut m.functions[id];
    let extra = f.append_block("x");
    f.blocks[extra].terminator = Some(Terminator::Unreachable);
    f.layout.push(extra);
    assert_invalid(&m, "appears twice in the layout");
}

#[test]
fn branch_outside_the_layout() {
    let m = build(|b| {
        let gone = b.func.create_block("gone");
        b.br(gone);
    });
    assert_invalid(&m, "not in the layout");
}

#[test]
fn branch_to_the_entry_block() {
    let m = build(|b| {
        let entry = b.entry_block();
        let a = b.param(0);
        let c = b.param(1);
        let exit = b.create_block("exit");
        b.cond_br(c, entry, exit);
        b.switch_to_block(exit);
        b.ret(Some(a));
    });
    assert_invalid(&m, "the entry block may not have predecessors");
}

#[test]
fn phi_among_ordinary_instructions() {
    let (mut m, inst) = with_loose_inst(|_| InstKind::Phi {
        incoming: wend_ir::thin_vec![],
    });
    let f = f_of(&mut m);
    let entry = f.layout[0];
    f.blocks[entry].insts.push(inst);
    assert_invalid(&m, "a phi is among the block's ordinary instructions");
}

#[test]
fn non_phi_in_phi_list() {
    let (mut m, inst) = with_loose_inst(|a| InstKind::Binary {
        op: BinOp::Add,
        lhs: a,
        rhs: a,
    });
    let f = f_of(&mut m);
    let entry = f.layout[0];
    f.blocks[entry].phis.push(inst);
    assert_invalid(&m, "a non-phi instruction is in the block's phi list");
}

/// entry -(c)-> left/right -> join, with a phi built by `phi`.
fn diamond(
    phi: impl FnOnce(wend_ir::Block, wend_ir::Block, Value) -> Vec<(wend_ir::Block, Value)>,
) -> Module {
    build(|b| {
        let a = b.param(0);
        let c = b.param(1);
        let left = b.create_block("left");
        let right = b.create_block("right");
        let join = b.create_block("join");
        b.cond_br(c, left, right);
        b.switch_to_block(left);
        b.br(join);
        b.switch_to_block(right);
        b.br(join);
        b.switch_to_block(join);
        let x = b.phi(Type::I32, phi(left, right, a), "x");
        b.ret(Some(x));
    })
}

#[test]
fn phi_entries_match_the_incoming_edges() {
    assert_valid(&diamond(|l, r, a| vec![(r, a), (l, a)]));
    assert_invalid(
        &diamond(|l, _, a| vec![(l, a)]),
        "no entry for predecessor %right",
    );
    assert_invalid(
        &diamond(|l, r, a| vec![(l, a), (r, a), (r, a)]),
        "2 entries for %right, which has 1 edges",
    );
    let m = build(|b| {
        let a = b.param(0);
        let c = b.param(1);
        let join = b.create_block("join");
        let entry = b.entry_block();
        b.cond_br(c, join, join);
        b.switch_to_block(join);
        let x = b.phi(Type::I32, vec![(entry, a)], "x");
        b.ret(Some(x));
    });
    assert_invalid(&m, "1 entries for %entry, which has 2 edges");
    let m = build(|b| {
        let a = b.param(0);
        let c = b.param(1);
        let one = b.iconst(1);
        let join = b.create_block("join");
        let entry = b.entry_block();
        b.cond_br(c, join, join);
        b.switch_to_block(join);
        let x = b.phi(Type::I32, vec![(entry, a), (entry, one)], "x");
        b.ret(Some(x));
    });
    assert_invalid(
        &m,
        "two entries for predecessor %entry with different values",
    );
    assert_invalid(
        &diamond(|l, r, a| vec![(l, a), (r, a), (wend_ir::Block::new(0), a)]),
        "entry for %entry, which is not a predecessor",
    );
}

#[test]
fn operands_must_exist_and_be_placed() {
    let m = build(|b| {
        let bogus = Value::new(999);
        b.ret(Some(bogus));
    });
    assert_invalid(&m, "operand v999 does not exist");
    let (mut m, floating) = with_loose_inst(|a| InstKind::Binary {
        op: BinOp::Mul,
        lhs: a,
        rhs: a,
    });
    let f = f_of(&mut m);
    let v = f.inst_result(floating).unwrap();
    let entry = f.layout[0];
    f.blocks[entry].terminator = Some(Terminator::Ret { value: Some(v) });
    assert_invalid(&m, "which is not placed in the function");

    // A value claiming to be the result of a placed instruction whose
    // result is another value.
    let mut m = build(|b| {
        let a = b.param(0);
        let sum = b.binary(BinOp::Add, a, a, "sum");
        b.ret(Some(sum));
    });
    let id = func_id(&m);
    let f = &mut m.functions[id];
    let entry = f.layout[0];
    let add = f.blocks[entry].insts[0];
    let sum = f.inst_result(add).unwrap();
    let impostor = f.make_value(Type::I32, ValueDef::Inst(add));
    f.blocks[entry].terminator = Some(Terminator::Ret {
        value: Some(impostor),
    });
    let expected =
        format!("operand {impostor} claims to be the result of {add}, whose result is {sum}");
    assert_invalid(&m, &expected);
}

/// Appends broken instructions to a function, and the expected message.
type BrokenBody = (Box<dyn Fn(&mut FunctionBuilder)>, &'static str);

#[test]
fn operand_types() {
    let cases: Vec<BrokenBody> = vec![
        (
            Box::new(|b| {
                let c = b.param(1);
                b.binary(BinOp::SDiv, c, c, "");
            }),
            "`sdiv` is not defined on i1",
        ),
        (
            Box::new(|b| {
                let (a, c) = (b.param(0), b.param(1));
                b.icmp(IcmpCond::Eq, a, c, "");
            }),
            "compared types differ",
        ),
        (
            Box::new(|b| {
                let a = b.param(0);
                b.select(a, a, a, "");
            }),
            "select condition has type i32",
        ),
        (
            Box::new(|b| {
                let (a, c) = (b.param(0), b.param(1));
                b.select(c, a, c, "");
            }),
            "select arms have different types",
        ),
        (
            Box::new(|b| {
                let a = b.param(0);
                let inst = b
                    .func
                    .make_inst(InstKind::Load { ptr: a }, Some(Type::I32), 0);
                let entry = b.entry_block();
                b.func.blocks[entry].insts.push(inst);
            }),
            "load from non-pointer %a",
        ),
        (
            Box::new(|b| {
                let c = b.param(1);
                let p = b.alloca(Type::I32, "p");
                b.store(c, p);
            }),
            "store of i1 %c through i32* %p",
        ),
        (
            Box::new(|b| {
                let print = wend_ir::FuncId::new(0);
                b.call(print, None, vec![], "");
            }),
            "@wend_print_int takes 1 arguments, the call passes 0",
        ),
        (
            Box::new(|b| {
                let c = b.param(1);
                b.call(wend_ir::FuncId::new(0), None, vec![c], "");
            }),
            "argument 1 of @wend_print_int must be i32, not i1 %c",
        ),
        (
            Box::new(|b| {
                let a = b.param(0);
                b.call(wend_ir::FuncId::new(0), Some(Type::I32), vec![a], "r");
            }),
            "must have no result, but has a i32 result",
        ),
    ];
    for (body, fragment) in cases {
        let m = build(|b| {
            body(b);
            let a = b.param(0);
            b.ret(Some(a));
        });
        assert_invalid(&m, fragment);
    }
}

#[test]
fn terminator_types() {
    let m = build(|b| {
        let a = b.param(0);
        let next = b.create_block("next");
        b.cond_br(a, next, next);
        b.switch_to_block(next);
        b.ret(Some(a));
    });
    assert_invalid(&m, "branch condition has type i32, not i1");
    let m = build(|b| b.ret(None));
    assert_invalid(&m, "returns void from a function returning i32");
    let m = build(|b| {
        let c = b.param(1);
        b.ret(Some(c));
    });
    assert_invalid(&m, "returns i1 from a function returning i32");
}

#[test]
fn definitions_must_dominate_uses() {
    // Defined in one arm of a diamond, used after the join.
    let m = build(|b| {
        let (a, c) = (b.param(0), b.param(1));
        let left = b.create_block("left");
        let join = b.create_block("join");
        b.cond_br(c, left, join);
        b.switch_to_block(left);
        let x = b.binary(BinOp::Add, a, a, "x");
        b.br(join);
        b.switch_to_block(join);
        b.ret(Some(x));
    });
    assert_invalid(
        &m,
        "terminator `ret i32 %x`\n  error: %x is used before its definition",
    );
    // Used before its definition in the same (reachable) block.
    assert_invalid(
        &parsed("define i32 @f(i32 %a) {\nentry:\n  %y = add i32 %x, 1\n  %x = add i32 %a, 1\n  ret i32 %y\n}"),
        "instruction `%y = add i32 %x, 1`",
    );
    // A phi operand must dominate the end of its predecessor.
    assert_invalid(
        &parsed(
            "define i32 @f(i1 %c) {
entry:
  br i1 %c, label %left, label %right
left:
  %x = add i32 1, 2
  br label %join
right:
  br label %join
join:
  %p = phi i32 [ %x, %left ], [ %x, %right ]
  ret i32 %p
}",
        ),
        "%x (defined in %left) does not dominate the end of predecessor %right",
    );
    // Operands, types and dominance are checked in one walk: the first
    // error in layout order is the one reported, whatever its kind.
    let two_errors = |type_error_first: bool| {
        build(|b| {
            let (a, c) = (b.param(0), b.param(1));
            let left = b.create_block("left");
            let join = b.create_block("join");
            let after = b.create_block("after");
            if type_error_first {
                b.binary(BinOp::SDiv, c, c, "");
            }
            b.cond_br(c, left, join);
            b.switch_to_block(left);
            let x = b.binary(BinOp::Add, a, a, "x");
            b.br(join);
            b.switch_to_block(join);
            b.binary(BinOp::Add, x, a, "y");
            b.br(after);
            b.switch_to_block(after);
            if !type_error_first {
                b.binary(BinOp::SDiv, c, c, "");
            }
            b.ret(Some(a));
        })
    };
    assert_invalid(&two_errors(true), "`sdiv` is not defined on i1");
    assert_invalid(&two_errors(false), "%x is used before its definition");
}

#[test]
fn no_instruction_uses_its_own_result() {
    // Even in unreachable code, where dominance is not checked.
    assert_invalid(
        &parsed(
            "define void @f() {\nentry:\n  ret void\ndead:\n  %x = add i32 %x, 1\n  unreachable\n}",
        ),
        "uses its own result %x",
    );
    // A phi may (a loop counter that never changes).
    assert_valid(&parsed(
        "define void @f() {\nentry:\n  br label %l\nl:\n  %x = phi i32 [ 0, %entry ], [ %x, %l ]\n  br label %l\n}",
    ));
}

#[test]
fn module_level_checks() {
    let mut m = build(|b| {
        let a = b.param(0);
        b.ret(Some(a));
    });
    m.add_function(Function::new("f", &[], None));
    assert_invalid(&m, "two functions named @f");
    let m = parsed("declare void @wend_print_int(i1)\n");
    assert_invalid(
        &m,
        "@wend_print_int is declared with the wrong signature (expected void(i32))",
    );
}

#[test]
fn duplicate_edge_entries_may_repeat_an_equal_constant() {
    // Each `1` is its own value once read; equal constants are one value.
    let ok = parsed(
        "define i32 @main() {\nentry:\n  br i1 true, label %next, label %next\n\nnext:\n  %x = phi i32 [ 1, %entry ], [ 1, %entry ]\n  ret i32 %x\n}\n",
    );
    assert_valid(&ok);
    let bad = parsed(
        "define i32 @main() {\nentry:\n  br i1 true, label %next, label %next\n\nnext:\n  %x = phi i32 [ 1, %entry ], [ 2, %entry ]\n  ret i32 %x\n}\n",
    );
    assert_invalid(&bad, "different values");
}

/// `f` with a debug table of one variable of `kind` in `slot(f)`.
fn with_debug_variable(
    kind: wend_ir::debug_info::VariableKind,
    slot: impl FnOnce(&mut FunctionBuilder) -> Value,
) -> Module {
    use wend_ir::debug_info::{DebugType, DebugVariable, FunctionDebug};
    build(|b| {
        let value = slot(b);
        let zero = b.iconst(0);
        b.ret(Some(zero));
        b.func.debug = Some(Box::new(FunctionDebug {
            name: "f".to_string(),
            line: 1,
            ret: Some(DebugType::Int),
            hidden_params: Vec::new(),
            parent: None,
            variables: vec![DebugVariable {
                name: "x".to_string(),
                ty: DebugType::Int,
                kind,
                line: 1,
                slot: Some(value),
            }],
        }));
    })
}

#[test]
fn debug_variables_live_in_entry_allocas_or_behind_pointer_parameters() {
    use wend_ir::debug_info::VariableKind;
    assert_valid(&with_debug_variable(VariableKind::Local, |b| {
        b.alloca(Type::I32, "x")
    }));
    assert_invalid(
        &with_debug_variable(VariableKind::Local, |b| b.param(0)),
        "not an alloca of the entry block",
    );
    // A captured variable's location is a pointer parameter; `%a` is an i32.
    assert_invalid(
        &with_debug_variable(VariableKind::Captured, |b| b.param(0)),
        "not a pointer parameter",
    );
}

#[test]
fn a_call_may_not_pass_one_place_to_two_pointer_parameters() {
    let callee = "
define void @two(i32* %a, i32* %b) {
entry:
  ret void
}
";
    let call = |setup: &str, args: &str| {
        parsed(&format!(
            "{callee}
define i32 @main(i32 %k) {{
entry:
  %v = alloca i32
  %w = alloca i32
  %arr = alloca i32, i32 4
{setup}
  call void @two({args})
  ret i32 0
}}
"
        ))
    };
    assert_invalid(
        &call("", "i32* %v, i32* %v"),
        "arguments 1 and 2 of @two point to the same variable (%v)",
    );
    let elements = "
  %e1 = getelementptr inbounds i32, i32* %arr, i32 1
  %e2 = getelementptr inbounds i32, i32* %arr, i32 2
  %e2again = getelementptr inbounds i32, i32* %e1, i32 1
  %ek = getelementptr inbounds i32, i32* %arr, i32 %k";
    assert_invalid(
        &call(elements, "i32* %e2, i32* %e2again"),
        "arguments 1 and 2 of @two point to the same variable (%arr)",
    );
    // Distinct variables, distinct elements, and an element the verifier
    // cannot place (the interpreter checks it when it runs).
    assert_valid(&call("", "i32* %v, i32* %w"));
    assert_valid(&call(elements, "i32* %e1, i32* %e2"));
    assert_valid(&call(elements, "i32* %e1, i32* %ek"));
}
