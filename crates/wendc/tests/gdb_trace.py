# Run by gdb (`gdb -batch -x gdb_trace.py prog`) for the debugger tests:
# stops at every line of prog.wend and prints, at each stop, the line and
# how many times the program has stopped at that line, then each frame of
# the backtrace, innermost first, with every variable the debugger shows
# in it and its value (fields separated by tabs):
#
#   stop 7 2
#   frame f | n=3<TAB>x=<optimized out><TAB>y=9
#   frame main | x=5
#
# The tests compare these between an -O0 and an optimised build of one
# program: a value shown must be the -O0 value at the same stop, in the
# nearest frame of the same function (an inlined function's lines stop in
# its caller's frame).

import gdb
import sys

gdb.execute("set pagination off")
gdb.execute("set confirm off")

SOURCE = "prog.wend"
with open(SOURCE) as f:
    lines = sum(1 for _ in f)
for line in range(1, lines + 1):
    try:
        # Several lines without code resolve to the next with code: one
        # stop there all the same.
        gdb.Breakpoint(f"{SOURCE}:{line}", internal=True)
    except gdb.error:
        pass

hits = {}


def variables(frame):
    """Name and shown value of each variable visible in `frame`, the
    innermost declaration of each name first."""
    seen = {}
    block = frame.block()
    while block is not None:
        for sym in block:
            if (sym.is_variable or sym.is_argument) and sym.name not in seen:
                try:
                    value = sym.value(frame)
                    seen[sym.name] = (
                        "<optimized out>" if value.is_optimized_out else str(value)
                    )
                except gdb.error as e:
                    seen[sym.name] = f"<error: {e}>"
        if block.function is not None:
            break
        block = block.superblock
    return sorted(seen.items())


gdb.execute("run")
while True:
    try:
        frame = gdb.newest_frame()
    except gdb.error:
        break  # the program has exited
    line = frame.find_sal().line
    hits[line] = hits.get(line, 0) + 1
    print(f"stop {line} {hits[line]}")
    while frame is not None and frame.find_sal().symtab is not None:
        shown = "\t".join(f"{name}={value}" for name, value in variables(frame))
        print(f"frame {frame.name()} | {shown}")
        frame = frame.older()
    sys.stdout.flush()
    try:
        gdb.execute("continue")
    except gdb.error:
        break
