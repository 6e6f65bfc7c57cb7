//! `wend_ir::compact`: renumbering in layout order changes no printed
//! line and no behaviour, and leaves no garbage behind.

use wend_ir::compact::compact;
use wend_ir::print::print_module;
use wend_ir::read::parse_module;
use wend_ir::{BinOp, InstKind, Module, Type};

/// A loop whose counter was promoted by hand: the phi is created last (at
/// the end of the arenas, as mem2reg leaves it), and the block layout is
/// not the creation order.
const LOOP: &str = r#"
define i32 @main() {
entry:
  br label %head

body:
  %next = add i32 %i, 1
  call void @wend_print_int(i32 %next)
  call void @wend_print_newline()
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %more = icmp slt i32 %i, 3
  br i1 %more, label %body, label %done

done:
  ret i32 %i
}

declare void @wend_print_int(i32)
declare void @wend_print_newline()
"#;

fn run(module: &Module) -> (i32, String) {
    let mut out = Vec::new();
    let status = wend_ir::interp::run_main(module, &mut out, &mut Vec::new()).unwrap();
    (status, String::from_utf8(out).unwrap())
}

#[test]
fn compaction_keeps_the_text_and_the_behaviour() {
    let mut module = parse_module(LOOP).unwrap();
    let main = module.find_function("main").unwrap();
    // What passes leave behind: an instruction made but never placed, a
    // block outside the layout, and a new instruction at the end of the
    // arenas placed early in the layout (as mem2reg's phis are).
    let f = &mut module.functions[main];
    let one = f.iconst(1);
    let add = |lhs, rhs| InstKind::Binary {
        op: BinOp::Add,
        lhs,
        rhs,
    };
    f.make_inst(add(one, one), Some(Type::I32), 0);
    let dead = f.create_block("dead");
    f.blocks[dead].terminator = Some(wend_ir::Terminator::Unreachable);
    let body = f.layout[1];
    let zero = f.iconst(0);
    let late = f.make_inst(add(zero, zero), Some(Type::I32), 0);
    f.set_value_name(f.inst_result(late).unwrap(), "late");
    f.blocks[body].insts.insert(0, late);
    let before_text = print_module(&module);
    let before_run = run(&module);
    let (insts_before, blocks_before) = {
        let f = &module.functions[main];
        (f.insts.len(), f.blocks.len())
    };

    compact(&mut module.functions[main]);

    wend_ir::verify::verify_module(&module).unwrap();
    assert_eq!(print_module(&module), before_text);
    assert_eq!(run(&module), before_run);
    assert_eq!(before_run, (3, "1\n2\n3\n".to_string()));
    let f = &module.functions[main];
    assert!(f.blocks.len() < blocks_before, "the unplaced block is gone");
    assert_eq!(
        f.insts.len(),
        f.inst_count(),
        "only placed instructions remain"
    );
    assert!(f.insts.len() <= insts_before);
    // Layout order is id order: blocks, instructions and their results.
    let mut next_inst = 0;
    for (i, &b) in f.layout.iter().enumerate() {
        assert_eq!(b.as_u32() as usize, i);
        for inst in f.block_insts(b) {
            assert_eq!(inst.as_u32(), next_inst);
            next_inst += 1;
        }
    }
}

/// A variable's location in the debug table (`-g`) is renumbered with its
/// `alloca`, and one whose `alloca` is gone has none: reading whatever
/// value took the old number would show a wrong value.
#[test]
fn debug_slots_follow_their_alloca_and_deleted_ones_are_dropped() {
    use wend_ir::debug_info::{DebugType, DebugVariable, FunctionDebug, VariableKind};
    let mut module = parse_module(
        r#"
define i32 @main() {
entry:
  %gone = alloca i32
  %kept = alloca i32
  store i32 7, i32* %kept
  %v = load i32, i32* %kept
  ret i32 %v
}
"#,
    )
    .unwrap();
    let main = module.find_function("main").unwrap();
    let f = &mut module.functions[main];
    let entry = f.layout[0];
    let (gone_inst, kept_inst) = (f.blocks[entry].insts[0], f.blocks[entry].insts[1]);
    let gone = f.inst_result(gone_inst).unwrap();
    let kept = f.inst_result(kept_inst).unwrap();
    let variable = |name: &str, slot| DebugVariable {
        name: name.to_string(),
        ty: DebugType::Int,
        kind: VariableKind::Local,
        line: 1,
        slot: Some(slot),
    };
    f.debug = Some(Box::new(FunctionDebug {
        name: "main".to_string(),
        line: 1,
        ret: None,
        hidden_params: Vec::new(),
        parent: None,
        variables: vec![variable("gone", gone), variable("kept", kept)],
    }));
    // Deleted, as mem2reg deletes the slots it promotes.
    f.blocks[entry].insts.remove(0);
    compact(f);
    let debug = f.debug.as_ref().unwrap();
    assert_eq!(debug.variables[0].slot, None);
    let slot = debug.variables[1].slot.expect("the kept slot is located");
    let def = f.defining_inst(slot).unwrap();
    assert_eq!(f.blocks[f.layout[0]].insts[0], def);
    assert!(matches!(f.insts[def].kind, InstKind::Alloca { .. }));
}
