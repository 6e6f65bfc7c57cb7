//! Compaction: renumbers a function's blocks, instructions and values in
//! layout order and drops the entities nothing refers to any more.
//!
//! Passes delete instructions and blocks by unlinking them; the arenas keep
//! them, and new instructions (mem2reg's phis, the inliner's copies) go at
//! the end, far from their block. On a large function the passes then chase
//! ids all over memory, and every pass after that is slower for it. A
//! compacted function is laid out the way the passes walk it: block by
//! block, each instruction next to the one before, its result next to it.
//!
//! Nothing observable changes: the printed IR is the same (names come from
//! hints and layout order, not from ids). Call it on valid IR only: a value
//! defined by an instruction outside the layout is a broken invariant, and
//! compaction stops with a panic rather than renumber it into something
//! plausible.
//!
//! Requires: valid IR. Invalidates: every analysis and every id held
//! outside the function.

use crate::entities::{Block, Inst, Value};
use crate::function::{BlockData, Function, InstData, ValueData, ValueDef};
use crate::prefetch::ReadAhead;
use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::{EntityRef, PrimaryMap, SecondaryMap};

/// Renumbers `func` in layout order (see the module doc).
pub fn compact(func: &mut Function) {
    if func.is_declaration() {
        return;
    }
    let mut blocks: PrimaryMap<Block, BlockData> = PrimaryMap::with_capacity(func.layout.len());
    let mut insts: PrimaryMap<Inst, InstData> = PrimaryMap::with_capacity(func.inst_count());
    // Results and parameters, plus the constants kept: at most the old
    // arena's length. Sized from the instructions alone, a function with a
    // constant in most statements outgrew it and was copied over once more.
    let mut values: PrimaryMap<Value, ValueData> = PrimaryMap::with_capacity(func.values.len());
    // Packed (4 bytes an entry): on a huge function these two maps are as
    // long as the arenas, so they are sized once rather than grown by
    // doubling.
    let mut block_map: SecondaryMap<Block, PackedOption<Block>> =
        SecondaryMap::with_capacity(func.blocks.len());
    let mut value_map: SecondaryMap<Value, PackedOption<Value>> =
        SecondaryMap::with_capacity(func.values.len());

    // New ids for the blocks, then for the parameters, then for each placed
    // instruction and its result, in layout order. The instructions' data
    // moves over as is and has its operands renumbered below, once every
    // result has its new id (phis refer to results further down).
    for &b in &func.layout {
        block_map[b] = blocks.push(BlockData::default()).into();
    }
    for p in func.params.iter_mut() {
        let new = values.push(func.values[*p]);
        value_map[*p] = new.into();
        *p = new;
    }
    for &b in &func.layout {
        let old_block = &mut func.blocks[b];
        let new_block = &mut blocks[block_map[b].unwrap()];
        new_block.name = std::mem::take(&mut old_block.name);
        new_block.terminator = old_block.terminator.take();
        new_block.terminator_line = old_block.terminator_line;
        // The old lists are taken, so that each is freed once copied (and
        // its memory serves the next block's new lists).
        for (old_list, new_list) in [
            (std::mem::take(&mut old_block.phis), &mut new_block.phis),
            (std::mem::take(&mut old_block.insts), &mut new_block.insts),
        ] {
            new_list.reserve_exact(old_list.len());
            for i in old_list {
                let data = &mut func.insts[i];
                let new = insts.push(InstData {
                    kind: std::mem::replace(
                        &mut data.kind,
                        crate::InstKind::Alloca {
                            ty: crate::Type::I1,
                            count: 1,
                        },
                    ),
                    result: Default::default(),
                    line: data.line,
                });
                if let Some(r) = data.result.expand() {
                    let mut value = func.values[r];
                    value.def = ValueDef::Inst(new);
                    let new_value = values.push(value);
                    value_map[r] = new_value.into();
                    insts[new].result = new_value.into();
                }
                new_list.push(new);
            }
        }
    }

    // Operands: results map as above; constants, `undef`s and string
    // addresses get a new id at their first use.
    let old_values = &func.values;
    let map_value = |value_map: &mut SecondaryMap<Value, PackedOption<Value>>,
                     values: &mut PrimaryMap<Value, ValueData>,
                     v: Value|
     -> Value {
        if let Some(new) = value_map[v].expand() {
            return new;
        }
        let data = &old_values[v];
        assert!(
            !matches!(data.def, ValueDef::Inst(_) | ValueDef::Param(_)),
            "compact: {v} in {} is defined outside the layout (run the verifier)",
            func.name
        );
        let new = values.push(*data);
        value_map[v] = new.into();
        new
    };
    let map_block = |b: Block| -> Block {
        block_map[b]
            .expand()
            .unwrap_or_else(|| panic!("compact: {b} in {} is not in the layout", func.name))
    };
    for (_, block) in blocks.iter_mut() {
        // Operands come from all over a huge function: the walk asks ahead
        // for the map entries they will read.
        let mut walk = ReadAhead::new(&block.phis, &block.insts, old_values.len());
        while let Some(i) = walk.next(&insts, |v| &value_map[v]) {
            let kind = &mut insts[i].kind;
            // A debug value of a deleted value says the variable is
            // unknown from there on: `undef`, not a value renumbered into
            // something plausible.
            if let crate::InstKind::DebugValue { value, .. } = kind {
                let data = &old_values[*value];
                if value_map[*value].is_none() && matches!(data.def, ValueDef::Inst(_)) {
                    let undef = ValueData {
                        def: ValueDef::Undef,
                        name: None,
                        ..*data
                    };
                    *value = values.push(undef);
                    continue;
                }
            }
            kind.map_operands(&mut |v| map_value(&mut value_map, &mut values, v));
            if let crate::InstKind::Phi { incoming } = kind {
                for (pred, _) in incoming.iter_mut() {
                    *pred = map_block(*pred);
                }
            }
        }
        if let Some(t) = block.terminator.as_mut() {
            t.map_operands(&mut |v| map_value(&mut value_map, &mut values, v));
            t.map_successors(map_block);
        }
    }

    // A variable's slot follows its `alloca` (or pointer parameter); one
    // that was deleted leaves the variable without a location.
    if let Some(debug) = &mut func.debug {
        for var in &mut debug.variables {
            var.slot = var.slot.and_then(|v| value_map[v].expand());
        }
    }

    func.layout = (0..blocks.len()).map(Block::new).collect();
    func.blocks = blocks;
    func.insts = insts;
    func.values = values;
    // The value arena was sized for the worst case; a small one gives its
    // spare room back (a large one's is address space only).
    func.shrink_small_arenas();
}
