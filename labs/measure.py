"""What the lab checks count, in wendc's and LLVM's outputs. make-lab.py
records these numbers from the reference and from LLVM; grade.py measures
the student's compiler the same way, so both sides are counted alike."""

import re

# ---- IR (LLVM text, as wendc prints it) ------------------------------------

DEFINE = re.compile(r"^define\b")
LABEL = re.compile(r"^[\w.$-]+:")


def function_bodies(ir):
    """The instruction lines of the defined functions of an IR module."""
    inside = False
    for line in ir.splitlines():
        if DEFINE.match(line):
            inside = True
        elif inside and line.startswith("}"):
            inside = False
        elif inside and line.strip() and not LABEL.match(line) and not line.lstrip().startswith(";"):
            yield line.strip()


def count_insts(ir):
    return sum(1 for _ in function_bodies(ir))


def count_phis(ir):
    return sum(1 for line in function_bodies(ir) if re.search(r"= phi\b", line))


def count_allocas(ir):
    return sum(1 for line in function_bodies(ir) if re.search(r"= alloca\b", line))


# ---- dominator trees -------------------------------------------------------

def wendc_idoms(analyze_output):
    """{function: {block: idom or None}} from `wendc analyze`'s tables."""
    result = {}
    func = None
    in_table = False
    for line in analyze_output.splitlines():
        m = re.match(r"^[Ff]unction @(\S+)", line)
        if m:
            func = m.group(1)
            result[func] = {}
            in_table = False
            continue
        if func is None:
            continue
        words = line.split()
        if line.startswith("  block") and words[:2] == ["block", "idom"]:
            in_table = True
            continue
        if in_table and line.startswith("  ") and not line.startswith("   ") and len(words) >= 2 and "{" in line:
            result[func][words[0]] = None if words[1] == "-" else words[1]
        else:
            in_table = False
    return result


def llvm_idoms(opt_output):
    """{function: {block: idom or None}} from `opt -passes='print<domtree>'`,
    whose tree is one block a line, indented by depth, `[depth] %name`."""
    result = {}
    func = None
    stack = []  # the block at each depth on the path to the current line
    for line in opt_output.splitlines():
        m = re.match(r"^DominatorTree for function: (\S+)", line)
        if m:
            func = m.group(1)
            result[func] = {}
            stack = []
            continue
        m = re.match(r"^\s*\[(\d+)\] %([\w.$-]+) ", line)
        if m and func is not None:
            depth, block = int(m.group(1)), m.group(2)
            del stack[depth - 1:]
            result[func][block] = stack[-1] if stack else None
            stack.append(block)
    return result


# ---- assembly of the native backend ----------------------------------------

FUNC_LABEL = re.compile(r"^([A-Za-z_][\w.$]*):")


def program_asm_lines(asm):
    """The instruction lines of the program's own functions (the runtime,
    the same in every copy, left out)."""
    in_program = False
    for line in asm.splitlines():
        m = FUNC_LABEL.match(line)
        if m:
            name = m.group(1)
            in_program = not (name.startswith("wend_") or name == "_start")
            continue
        s = line.strip()
        if in_program and s and not s.startswith((".", "#")) and not s.endswith(":"):
            yield s.split("#")[0].strip()


REG_MOVE = re.compile(r"^(mov[lq]?|xchg[lq]?) %\w+, %\w+$")


def count_copies(asm):
    """Register-to-register moves and exchanges, and jumps: what out-of-SSA
    adds (an edge split for nothing is a block and a jump)."""
    n = 0
    for s in program_asm_lines(asm):
        if REG_MOVE.match(s) or s.startswith("jmp "):
            n += 1
    return n


def count_stack_accesses(asm):
    """Instructions that read or write the stack through a memory operand:
    spilled values, and arrays and stack parameters (the same for every
    allocator); callee-saved registers are pushed and popped, not counted."""
    return sum(1 for s in program_asm_lines(asm) if "(%rbp)" in s or "(%rsp)" in s)


NOT_WORK = ("mov", "call", "jmp", "ret", "push", "pop", "leave", "nop")


def computes_in_registers(asm):
    """Whether the program's code computes with a value in a register (not
    only moves constants to the argument registers of calls): where an
    allocator that spilled everything would add stack accesses."""
    for s in program_asm_lines(asm):
        if s.startswith(NOT_WORK):
            continue
        if re.search(r"%(?!rsp\b|rbp\b)[a-z0-9]+", s):
            return True
    return False
