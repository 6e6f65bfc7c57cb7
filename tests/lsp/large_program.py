"""A large wend program for the language server's latency test and for
`make bench` (bench/run.py's `lsp` section): `program(lines)` is at least
that many lines in `wendc fmt`'s layout, shaped like a student's program
grown large: `main` holds a counter and many functions, each with a
comment, parameters, locals, a loop, an if/else, a nested helper that
captures variables of its enclosing functions, and a call of the function
before it (so every name resolves, through nesting and overloads)."""

def function(k):
    """Function `k`, indented for `main`'s body."""
    previous = f"step{k - 1}(n - 1, flag)" if k else "n"
    return f"""\
    // step{k}: sums a little and calls the step before it.
    int step{k}(int n, bool flag) {{
        int acc;
        int i;
        int helper(int by) {{
            counter = counter + by;
            return acc + by * {k % 5 + 1};
        }}
        acc = {k % 7};
        i = 0;
        while i < n % 4 {{
            if flag && i % 2 == 0 {{
                acc = acc + helper(i);
            }} else {{
                acc = acc - 1;
            }}
            i = i + 1;
        }}
        if n > 0 && step{k}(!flag) {{
            acc = acc + {previous};
        }}
        return acc % 1000;
    }}
    bool step{k}(bool b) {{
        return !b;
    }}
"""


def program(lines=10_000):
    """The program's text: at least `lines` lines, fewer than a function more."""
    per_function = function(0).count("\n")
    count = max(1, -(-(lines - 6) // per_function))
    body = "".join(function(k) for k in range(count))
    return (
        "// A large program for measuring the language server.\n"
        "main() {\n"
        "    int counter;\n"
        f"{body}"
        "    counter = 0;\n"
        f"    println step{count - 1}(3, true);\n"
        "    println counter;\n"
        "}\n"
    )


def position(source, needle, nth=0):
    """The (line, UTF-16 column) of the `nth` occurrence of `needle`
    (the program is ASCII, so columns are characters)."""
    at = -1
    for _ in range(nth + 1):
        at = source.index(needle, at + 1)
    line = source.count("\n", 0, at)
    return line, at - (source.rfind("\n", 0, at) + 1)
