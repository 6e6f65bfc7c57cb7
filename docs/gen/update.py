#!/usr/bin/env python3
"""Keep the book in docs/ honest: every compiler output it shows is generated,
and every example program in it is run.

Two kinds of marked regions in docs/*.md:

1. Generated regions. An HTML comment on a line of its own,

       <!-- gen: wendc build --emit ir docs/examples/sum.wend | function main -->

   followed (after optional blank lines) by a fenced code block. The block's
   body is the output of the command, run from the repository root with
   `wendc` standing for the compiler binary, passed through the filters
   after each `|` (see FILTERS below; they are applied here, in Python, not by
   a shell). `cat FILE` shows a file of the repository. The fence's info
   string (```llvm, ```text, ...) is kept.

2. Tested examples. A ```wend block (not under a gen marker) must be
   followed by one of
     ```output        the exact expected stdout of the program; optional
                      `status=N` after the word (e.g. ```output status=2)
                      means the program exits with status N, and then its
                      stderr follows its stdout in the block, as a
                      terminal would show it;
     ```diagnostic    the compiler's diagnostics (stderr of `wendc build`);
                      these are generated like region 1, since their exact
                      wording is the compiler's business.
   An ```output block is a specification written by a person: this script
   never rewrites it, it only checks that the program prints exactly that,
   through several pipelines (the native backend at -O0 and -O2, and the IR
   interpreter at -O1).

Usage:
    python3 docs/gen/update.py            rewrite every generated region
    python3 docs/gen/update.py --check    change nothing; exit 1 with a diff
                                          if a region is stale or an example
                                          prints something else
Options: --wendc PATH (default: $WENDC, else target/debug/wendc),
         FILE.md ... (default: every docs/*.md).
"""

import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
TIMEOUT = 120

MARKER = re.compile(r"^<!--\s*gen:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(`{3,})\s*([^`]*)$")

# Pipelines an ```output example is run through: (label, extra wendc args).
EXAMPLE_PIPELINES = [
    ("native -O0", ["run", "-w"]),
    ("native -O2", ["run", "-w", "-O2"]),
    ("interpreter -O1", ["run", "-w", "-O1", "--interp"]),
]


class DocError(Exception):
    """A problem in a document or a command that cannot be fixed by
    regenerating (bad marker, failing command)."""


# ---------------------------------------------------------------------------
# Running commands
# ---------------------------------------------------------------------------

def env():
    e = dict(os.environ)
    e.update({"LC_ALL": "C.UTF-8", "NO_COLOR": "1", "TERM": "dumb", "CLICOLOR": "0"})
    return e


def run(argv, cwd):
    try:
        p = subprocess.run(argv, cwd=cwd, capture_output=True, env=env(), timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise DocError(f"`{' '.join(argv)}` did not finish within {TIMEOUT} s")
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


class Output:
    def __init__(self, status, stdout, stderr):
        self.status, self.stdout, self.stderr = status, stdout, stderr


def run_marker_command(command, wendc):
    words = shlex.split(command)
    if not words:
        raise DocError("empty gen command")
    if words[0] == "cat":
        if len(words) != 2:
            raise DocError("`cat` takes one file")
        return Output(0, (ROOT / words[1]).read_text(), "")
    if words[0] != "wendc":
        raise DocError(f"gen commands run `wendc` or `cat`, not `{words[0]}`")
    return Output(*run([wendc] + words[1:], ROOT))


# ---------------------------------------------------------------------------
# Filters: `| name args` after the command
# ---------------------------------------------------------------------------

def lines_of(text):
    return text.splitlines()


def f_stderr(out, _args):
    """stderr: show the command's stderr instead of its stdout."""
    out.stdout = out.stderr
    out.stderr = ""
    return out


def f_both(out, _args):
    """both: stdout, then stderr (as a terminal shows them)."""
    out.stdout = out.stdout + out.stderr
    out.stderr = ""
    return out


def f_status(out, _args):
    """status: allow any exit status and show it as a last line."""
    text = out.stdout
    if text and not text.endswith("\n"):
        text += "\n"
    out.stdout = text + f"[exit status {out.status}]\n"
    out.allow_fail = True
    return out


def f_fails(out, _args):
    """fails: the command is expected to fail (non-zero status)."""
    out.allow_fail = True
    return out


def f_function(out, args):
    """function NAME: one function: an IR `define ... @NAME(`..`}`, an
    assembly `.type NAME, @function`..`.size NAME`, or a `wendc analyze`
    section `function @NAME`/`loops of @NAME` up to the next blank line."""
    (name,) = args
    ls = lines_of(out.stdout)
    picked = []
    i = 0
    while i < len(ls):
        line = ls[i]
        if re.match(r"^define .*@" + re.escape(name) + r"\(", line):
            j = i
            while j < len(ls) and ls[j] != "}":
                j += 1
            picked.append(ls[i:j + 1])
            i = j + 1
        elif line.strip() == f".type {name}, @function":
            j = i
            while j < len(ls) and not ls[j].strip().startswith(f".size {name},"):
                j += 1
            picked.append(ls[i:j + 1])
            i = j + 1
        elif re.match(r"^(Function|function|loops of) @" + re.escape(name) + r"$", line.strip()):
            j = i
            while j < len(ls) and ls[j].strip() != "":
                j += 1
            picked.append(ls[i:j])
            i = j
        else:
            i += 1
    if not picked:
        raise DocError(f"no function `{name}` in the output")
    out.stdout = "\n\n".join("\n".join(p) for p in picked) + "\n"
    return out


def f_after(out, args):
    """after PASS [N]: from --print-after-all output (stderr), the dump after
    the N-th (default 1st) run of PASS."""
    name = args[0]
    nth = int(args[1]) if len(args) > 1 else 1
    text = out.stderr or out.stdout
    sections = re.split(r"^; \*\*\* IR Dump After (\S+) \*\*\*\n", text, flags=re.M)
    found = [sections[k + 1] for k in range(1, len(sections), 2) if sections[k] == name]
    if len(found) < nth:
        raise DocError(f"no dump after pass `{name}` (#{nth})")
    out.stdout, out.stderr = found[nth - 1].rstrip("\n") + "\n", ""
    return out


def f_passes(out, _args):
    """passes: from --print-after-all output, the names of the passes that
    ran, comma-separated (the pipeline of an -O level)."""
    names = re.findall(r"^; \*\*\* IR Dump After (\S+) \*\*\*$", out.stderr or out.stdout, flags=re.M)
    out.stdout, out.stderr = ", ".join(names) + "\n", ""
    return out


def f_drop(out, args):
    """drop REGEX: delete the lines matching REGEX."""
    pattern = re.compile(" ".join(args))
    out.stdout = "".join(l + "\n" for l in lines_of(out.stdout) if not pattern.search(l))
    return out


def f_keep(out, args):
    """keep REGEX: keep only the lines matching REGEX."""
    pattern = re.compile(" ".join(args))
    out.stdout = "".join(l + "\n" for l in lines_of(out.stdout) if pattern.search(l))
    return out


def f_from(out, args):
    """from REGEX: start at the first line matching REGEX."""
    pattern = re.compile(" ".join(args))
    ls = lines_of(out.stdout)
    for i, l in enumerate(ls):
        if pattern.search(l):
            out.stdout = "".join(x + "\n" for x in ls[i:])
            return out
    raise DocError(f"no line matches `{pattern.pattern}`")


def f_upto(out, args):
    """upto REGEX: stop after the first line matching REGEX."""
    pattern = re.compile(" ".join(args))
    ls = lines_of(out.stdout)
    for i, l in enumerate(ls):
        if pattern.search(l):
            out.stdout = "".join(x + "\n" for x in ls[:i + 1])
            return out
    raise DocError(f"no line matches `{pattern.pattern}`")


def f_head(out, args):
    """head N: the first N lines (and a `...` line if more were cut)."""
    n = int(args[0])
    ls = lines_of(out.stdout)
    out.stdout = "".join(x + "\n" for x in ls[:n]) + ("...\n" if len(ls) > n else "")
    return out


FILTERS = {
    "stderr": f_stderr, "both": f_both, "status": f_status, "fails": f_fails,
    "function": f_function, "after": f_after, "passes": f_passes, "drop": f_drop, "keep": f_keep,
    "from": f_from, "upto": f_upto, "head": f_head,
}


RAW_ARGUMENT_FILTERS = {"drop", "keep", "from", "upto"}


def generate(spec, wendc):
    parts = [p.strip() for p in spec.split(" | ")]
    out = run_marker_command(parts[0], wendc)
    out.allow_fail = False
    for part in parts[1:]:
        name, _, rest = part.partition(" ")
        if name not in FILTERS:
            raise DocError(f"unknown filter `{part}` (known: {', '.join(sorted(FILTERS))})")
        # Regular expressions are taken verbatim (no shell-style unquoting).
        args = [rest.strip()] if name in RAW_ARGUMENT_FILTERS else shlex.split(rest)
        out = FILTERS[name](out, args)
    if out.status != 0 and not out.allow_fail:
        raise DocError(f"`{parts[0]}` failed with status {out.status}:\n{out.stderr}")
    text = out.stdout
    if text and not text.endswith("\n"):
        text += "\n"
    return text


# ---------------------------------------------------------------------------
# Examples
# ---------------------------------------------------------------------------

def run_example(source, wendc, argv_tail):
    with tempfile.TemporaryDirectory(prefix="wend-doc-") as tmp:
        (Path(tmp) / "example.wend").write_text(source)
        return run([wendc] + argv_tail + ["example.wend"], tmp)


def check_output_example(source, info, expected, wendc):
    """Problems (strings) with an ```output example, empty when it passes."""
    m = re.search(r"status=(\d+)", info)
    want_status = int(m.group(1)) if m else 0
    problems = []
    for label, argv in EXAMPLE_PIPELINES:
        status, stdout, stderr = run_example(source, wendc, argv)
        got = stdout + (stderr if want_status != 0 else "")
        if status != want_status or got != expected:
            diff = "".join(difflib.unified_diff(
                expected.splitlines(True), got.splitlines(True), "expected", label))
            problems.append(f"[{label}] status {status} (expected {want_status})\n"
                            + (diff or "") + (stderr if status != want_status else ""))
    return problems


def diagnostic_of(source, wendc):
    _status, _stdout, stderr = run_example(source, wendc, ["build", "--emit", "ir"])
    return stderr


# ---------------------------------------------------------------------------
# Markdown processing
# ---------------------------------------------------------------------------

def read_fence(lines, i):
    """The fenced block opening at lines[i]: (info, body lines, index after)."""
    m = FENCE.match(lines[i])
    if not m:
        return None
    ticks, info = m.group(1), m.group(2).strip()
    j = i + 1
    while j < len(lines) and lines[j].rstrip() != ticks:
        j += 1
    if j == len(lines):
        raise DocError(f"line {i + 1}: unclosed code block")
    return info, lines[i + 1:j], j + 1


def display(path):
    """A path as the messages show it: relative to the repository if inside."""
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def next_nonblank(lines, i):
    while i < len(lines) and lines[i].strip() == "":
        i += 1
    return i


def process(path, wendc, problems):
    """The document with every generated region regenerated; example
    failures are appended to `problems`."""
    lines = path.read_text().split("\n")
    out = []
    i = 0
    name = display(path)
    while i < len(lines):
        line = lines[i]
        m = MARKER.match(line)
        if m:
            j = next_nonblank(lines, i + 1)
            fence = read_fence(lines, j) if j < len(lines) else None
            if fence is None:
                raise DocError(f"{name}:{i + 1}: a gen marker must be followed by a code block")
            info, _body, after = fence
            try:
                text = generate(m.group(1), wendc)
            except DocError as e:
                raise DocError(f"{name}:{i + 1}: {e}")
            ticks = FENCE.match(lines[j]).group(1)
            out.extend(lines[i:j + 1])
            out.extend(text.rstrip("\n").split("\n") if text else [])
            out.append(ticks)
            i = after
            continue
        fence = read_fence(lines, i) if FENCE.match(line) else None
        if fence is None:
            out.append(line)
            i += 1
            continue
        info, body, after = fence
        if info.split()[:1] != ["wend"]:
            out.extend(lines[i:after])
            i = after
            continue
        # A wend example: it needs an output or diagnostic block.
        source = "\n".join(body) + "\n"
        out.extend(lines[i:after])
        k = next_nonblank(lines, after)
        result = read_fence(lines, k) if k < len(lines) and FENCE.match(lines[k]) else None
        kind = result[0].split()[:1] if result else []
        if kind == ["output"]:
            expected = "\n".join(result[1]) + "\n" if result[1] else ""
            for p in check_output_example(source, result[0], expected, wendc):
                problems.append(f"{name}:{i + 1}: example output differs\n{p}")
            out.extend(lines[after:result[2]])
            i = result[2]
        elif kind == ["diagnostic"]:
            text = diagnostic_of(source, wendc)
            ticks = FENCE.match(lines[k]).group(1)
            out.extend(lines[after:k + 1])
            out.extend(text.rstrip("\n").split("\n") if text else [])
            out.append(ticks)
            i = result[2]
        else:
            raise DocError(f"{name}:{i + 1}: a ```wend example needs an ```output "
                           "or ```diagnostic block after it (use ```text for fragments)")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="change nothing; fail on stale regions")
    ap.add_argument("--wendc", default=os.environ.get("WENDC", str(ROOT / "target/debug/wendc")))
    ap.add_argument("files", nargs="*", type=Path)
    args = ap.parse_args()
    wendc = str(Path(args.wendc).resolve())
    if not Path(wendc).exists():
        sys.exit(f"update.py: no compiler at {wendc} (run `cargo build -p wendc`)")
    files = [f.resolve() for f in args.files] or sorted(DOCS.glob("*.md")) + sorted(DOCS.glob("labs/*.md"))
    problems, stale = [], []
    for path in files:
        try:
            new = process(path, wendc, problems)
        except DocError as e:
            problems.append(str(e))
            continue
        old = path.read_text()
        if new != old:
            rel = display(path)
            if args.check:
                stale.append("".join(difflib.unified_diff(
                    old.splitlines(True), new.splitlines(True), rel, rel + " (regenerated)")))
            else:
                path.write_text(new)
                print(f"updated {rel}")
    for s in stale:
        sys.stdout.write(s)
    for p in problems:
        print(f"error: {p}")
    if stale:
        print(f"\n{len(stale)} document(s) have stale generated regions: "
              "run `python3 docs/gen/update.py`")
    if problems:
        print(f"\n{len(problems)} problem(s) (examples are never rewritten: fix the "
              "compiler or, if the book is wrong, the book)")
    sys.exit(1 if stale or problems else 0)


if __name__ == "__main__":
    main()
