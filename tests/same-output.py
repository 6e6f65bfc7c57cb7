#!/usr/bin/env python3
"""Output identity: do two wendc binaries print byte-identical IR, LLVM and assembly?

A refactor that promises "no change of behaviour" promises more than passing
tests: every pass and the backend must make exactly the same decisions. This
script compiles a corpus with two compilers and compares the text each one
prints, byte for byte:

- every test program (test-programs/**/*.wend, except errors/, whose programs
  do not compile), and
- the random programs of wend-gen's seeds (`wend-gen program --seed N --size S`,
  sizes cycling small/medium/large as in tests/fuzz-diff.py; --seeds 0:40 by
  default), generated once by this checkout's wend-gen and fed to both;

each at -O0, -O1 and -O2, with `--emit ir`, `--emit llvm` and `--emit asm`.
stdout, stderr and the exit status must all be the same. For each difference
it prints the program, the flags and the first differing line of each side.

The two compilers are given as binaries or as git revisions:

    tests/same-output.py --old /tmp/base/wendc --new target/debug/wendc
    tests/same-output.py --old-rev main          # --new defaults to target/debug/wendc
    tests/same-output.py --old-rev main --new-rev HEAD

A revision is exported with `git archive` into a temporary directory and built
there (debug, `cargo build -p wendc`) into target/same-output/<name>/, which is
kept so that the next build of a nearby revision is incremental; the exported
sources are removed. The working tree is never touched.

Block labels: wendc used to label a block `.L<function>.<block>`, ambiguous
when both names hold dots; it now writes `.L<function>..<block>`. With
`--old-labels dotted` (for a reference from before that change, such as
3cf2b7e) the reference's block labels are rewritten to the
new form before comparing (each within its own function's code, so the
function is known), and what is left is every other difference — including
the labels the old scheme had to tell apart with a `.N` suffix.

Prints `N outputs compared, M differ`; exits 0 when nothing differs, 1 when
something does, 2 when a compiler could not be built or run at all.
"""

import argparse
import concurrent.futures
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
LEVELS = ["-O0", "-O1", "-O2"]
EMITS = ["ir", "llvm", "asm"]
SIZES = ["small", "medium", "large"]
TIMEOUT = 120


def fail(message):
    """Stops with exit status 2: a compiler could not be built or run."""
    print(f"same-output: {message}", file=sys.stderr)
    sys.exit(2)


def build_revision(rev):
    """Builds `rev`'s wendc into target/same-output/<rev>/ and returns its path."""
    commit = subprocess.run(["git", "rev-parse", "--verify", rev + "^{commit}"], cwd=ROOT,
                            capture_output=True, text=True)
    if commit.returncode != 0:
        fail(f"not a git revision: {rev}\n{commit.stderr.strip()}")
    name = re.sub(r"[^A-Za-z0-9._-]", "_", rev)
    target = ROOT / "target" / "same-output" / name
    with tempfile.TemporaryDirectory(prefix="same-output-") as src:
        archive = subprocess.Popen(["git", "archive", commit.stdout.strip()], cwd=ROOT,
                                   stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", src], stdin=archive.stdout, check=True)
        archive.stdout.close()
        if archive.wait() != 0:
            fail(f"git archive {rev} failed")
        print(f"same-output: building {rev} into {target.relative_to(ROOT)}", file=sys.stderr)
        built = subprocess.run(["cargo", "build", "-q", "-p", "wendc", "--target-dir", str(target)],
                               cwd=src)
        if built.returncode != 0:
            fail(f"building {rev} failed")
    return target / "debug" / "wendc"


def corpus(gen, seeds, tmp):
    """(name, path) of every program to compile."""
    programs = sorted(p for p in (ROOT / "test-programs").rglob("*.wend")
                      if "errors" not in p.relative_to(ROOT / "test-programs").parts)
    items = [(str(p.relative_to(ROOT)), p) for p in programs]
    for seed in seeds:
        size = SIZES[seed % len(SIZES)]
        text = subprocess.run([gen, "program", "--seed", str(seed), "--size", size],
                              capture_output=True, check=True).stdout
        path = pathlib.Path(tmp) / f"seed-{seed}.wend"
        path.write_bytes(text)
        items.append((f"wend-gen program --seed {seed} --size {size}", path))
    return items


FUNCTION_START = re.compile(rb'^\t\.type ("(?:[^"\\]|\\.)*"|\S+), @function$')


def plain_symbol(text):
    """A GAS symbol's name: `text` unquoted (see emit::labels::symbol)."""
    if text.startswith(b'"'):
        return re.sub(rb'\\(.)', rb'\1', text[1:-1])
    return text


def function_part(name):
    """The function part of a block label (emit::labels::push_function_part)."""
    if b".." not in name and not name.endswith(b".") and b"$" not in name:
        return name
    return name.replace(b"$", b"$$").replace(b".", b"$d")


def dotted_to_new_labels(asm):
    """`asm` with its `.L<function>.<block>` block labels as `.L<function>..<block>`."""
    out, prefix = [], None
    for line in asm.split(b"\n"):
        start = FUNCTION_START.match(line)
        if start:
            name = plain_symbol(start.group(1))
            prefix = (re.compile(rb'(?<![A-Za-z0-9_.$])\.L' + re.escape(name) + rb'\.'),
                      b".L" + function_part(name).replace(b"\\", b"\\\\") + b"..")
        elif line.startswith(b"\t.size "):
            prefix = None
        elif prefix:
            line = prefix[0].sub(prefix[1], line)
        out.append(line)
    return b"\n".join(out)


def compile_once(wendc, path, level, emit):
    """(stdout, stderr, exit status) of one compile; a timeout is a status of its own."""
    try:
        r = subprocess.run([str(wendc), "build", level, "--emit", emit, str(path)],
                           capture_output=True, timeout=TIMEOUT)
        return r.stdout, r.stderr, r.returncode
    except subprocess.TimeoutExpired:
        return b"", b"", "timeout"


def first_difference(a, b):
    """(line number, old line, new line) of the first line where a and b differ."""
    la, lb = a.split(b"\n"), b.split(b"\n")
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else b"<end of output>"
        y = lb[i] if i < len(lb) else b"<end of output>"
        if x != y:
            return i + 1, x.decode(errors="replace"), y.decode(errors="replace")
    return None


def compare(old, new, name, path, level, emit, old_labels):
    """None if both compilers print the same, else a report of the difference."""
    a = compile_once(old, path, level, emit)
    if old_labels == "dotted" and emit == "asm":
        a = (dotted_to_new_labels(a[0]),) + a[1:]
    b = compile_once(new, path, level, emit)
    if a == b:
        return None
    report = [f"{name}: {level} --emit {emit}"]
    if a[2] != b[2]:
        report.append(f"  exit status: old {a[2]}, new {b[2]}")
    for stream, x, y in (("stdout", a[0], b[0]), ("stderr", a[1], b[1])):
        diff = first_difference(x, y)
        if diff:
            line, xl, yl = diff
            report.append(f"  {stream} line {line}:\n    old: {xl}\n    new: {yl}")
    return "\n".join(report)


def seed_range(text):
    lo, _, hi = text.partition(":")
    return range(int(lo), int(hi))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    old = ap.add_mutually_exclusive_group(required=True)
    old.add_argument("--old", help="the reference wendc binary")
    old.add_argument("--old-rev", help="a git revision to build as the reference")
    new = ap.add_mutually_exclusive_group()
    new.add_argument("--new", help="the wendc binary under test (default target/debug/wendc)")
    new.add_argument("--new-rev", help="a git revision to build as the compiler under test")
    ap.add_argument("--seeds", type=seed_range, default=range(0, 40),
                    help="wend-gen seeds LO:HI (default 0:40; 0:0 for none)")
    ap.add_argument("--gen", default=str(ROOT / "target/debug/wend-gen"),
                    help="the wend-gen binary that makes the random programs")
    ap.add_argument("--old-labels", choices=["dotted"],
                    help="the reference labels blocks .L<function>.<block> (as wendc did up to "
                         "3cf2b7e): compare its assembly as if it wrote .L<function>..<block>")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()

    old_wendc = pathlib.Path(args.old) if args.old else build_revision(args.old_rev)
    if args.new_rev:
        new_wendc = build_revision(args.new_rev)
    else:
        new_wendc = pathlib.Path(args.new or ROOT / "target/debug/wendc")
    for wendc in (old_wendc, new_wendc):
        if not os.access(wendc, os.X_OK):
            fail(f"not an executable: {wendc}")
    if args.seeds and not os.access(args.gen, os.X_OK):
        fail(f"no wend-gen at {args.gen} (cargo build -p wend-gen)")

    with tempfile.TemporaryDirectory(prefix="same-output-") as tmp:
        items = corpus(args.gen, args.seeds, tmp)
        jobs = [(name, path, level, emit) for name, path in items
                for level in LEVELS for emit in EMITS]
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            reports = list(pool.map(lambda j: compare(old_wendc, new_wendc, *j, args.old_labels),
                                    jobs))
    differ = [r for r in reports if r]
    for r in differ:
        print(r)
    print(f"{len(jobs)} outputs compared ({len(items)} programs), {len(differ)} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
