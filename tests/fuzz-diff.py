#!/usr/bin/env python3
"""Differential fuzzing: wend-gen programs through every pipeline of wendc.

For each seed, `wend-gen program --seed N` makes a random, terminating
program (sizes cycle small/medium/large with the seed unless --size says
otherwise), and every pipeline of tests/run-programs.py runs it. All
pipelines must agree on stdout, stderr and exit status; a pipeline that
fails to build, crashes (exit status other than 0 and 2, e.g. a panic or a
signal) or times out is a failure too.

A failing program is minimised by delta debugging (ddmin over statements,
declarations, else branches and whole nested functions, one nesting level
at a time, repeated until nothing more can go): a piece is removed only if
the rest still compiles and still shows the same disagreement (the same
pipeline failing in the same way). Loop counter steps, `while true` exits
and fuel checks are never removed, so the reduced program still
terminates. The result goes to test-programs/regressions/seed-N.wend with
the interpreter's -O0 output as its expectation (.expected,
.expected-stderr, .expected-status) and a first comment line naming what
disagreed: a human must check that expectation before trusting it.

Prints one line per failing seed and a final `N passed, M failed`; exits
1 if anything failed.
"""

import argparse
import concurrent.futures
import importlib.util
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


def load_run_programs():
    """tests/run-programs.py, imported despite the dash in its name."""
    spec = importlib.util.spec_from_file_location("run_programs", ROOT / "tests" / "run-programs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


run_programs = load_run_programs()
PIPELINES = run_programs.PIPELINES
REFERENCE = "interp-O0"
SIZES = ["small", "medium", "large"]


# ----- Running and judging --------------------------------------------------

def outcome(pipeline, wendc, src):
    """Runs one pipeline: ("ok", (stdout, stderr, status)) or (kind, detail)
    with kind one of "timeout", "build-failed", "rejected", "crash"."""
    with tempfile.TemporaryDirectory() as tmp:
        got, error = run_programs.run_pipeline(PIPELINES[pipeline], wendc, str(src), tmp)
    if error:
        return ("timeout" if error.startswith("timeout") else "build-failed"), error
    out, err, status = got
    text = err.decode(errors="replace")
    if "internal compiler error" in text or "panicked" in text:
        return "crash", text.strip()[:600]
    if status == 1:
        # wend programs exit with 0, or 2 on a runtime error: a 1 is wendc
        # rejecting the program (`wendc run` compiles in the same step).
        return "rejected", text.strip()[:600]
    if status not in (0, 2):
        return "crash", f"exit status {status}: {text.strip()[:400]}"
    return "ok", got


def judge(outcomes):
    """The problems of one program: a sorted list of (pipeline, kind, detail).

    Pipelines that ran are compared with the reference (the interpreter at
    -O0), or with the first pipeline that ran if the reference did not."""
    problems = []
    ran = {name: result for name, (kind, result) in outcomes.items() if kind == "ok"}
    for name, (kind, detail) in outcomes.items():
        if kind != "ok":
            problems.append((name, kind, detail))
    baseline_name = REFERENCE if REFERENCE in ran else next(iter(ran), None)
    if baseline_name is not None:
        base_out, base_err, base_status = ran[baseline_name]
        for name, (out, err, status) in ran.items():
            if name == baseline_name:
                continue
            if out != base_out:
                problems.append((name, "stdout", run_programs.first_difference(base_out, out).strip()))
            if err != base_err:
                problems.append((name, "stderr", f"{baseline_name} {base_err[:200]!r}, this {err[:200]!r}"))
            if status != base_status:
                problems.append((name, "status", f"{baseline_name} {base_status}, this {status}"))
    return sorted(problems)


def run_all(wendc, text, pipelines):
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp) / "p.wend"
        src.write_text(text)
        return {name: outcome(name, wendc, src) for name in pipelines}


# ----- Minimisation ---------------------------------------------------------

# Lines whose removal could make the program run forever.
PROTECTED = [
    re.compile(r"^\s*if !?fuel\b"),                # the fuel check of a fueled function
    re.compile(r"^\s*if [ijk]\d* >= \d+ \{$"),     # the exit of a `while true` loop
    re.compile(r"^\s*([ijk]\d*) = \1 [+-] 1;$"),   # a loop counter's step
]


def units(lines):
    """The removable pieces of a program as (depth, first, last) line ranges:
    simple statements and declarations, whole blocks (if, while, nested
    function), and else branches (from `} else {` to the line before the
    closing brace). Relies on wend-gen's layout: one statement per line,
    `{` ending the line that opens a block, `}` alone on a line."""
    found = []
    stack = []  # open blocks: [first line, `} else {` line or None, keep whole]
    for i, line in enumerate(lines):
        s = line.strip()
        if not s or s.startswith("//"):
            continue
        # Nothing inside a protected block goes either.
        protected = any(block[2] for block in stack) or any(p.match(line) for p in PROTECTED)
        if s == "} else {":
            stack[-1][1] = i
        elif s.endswith("{"):
            stack.append([i, None, protected])
        elif s == "}":
            first, else_line, kept = stack.pop()
            if else_line is not None and not kept:
                found.append((len(stack) + 1, else_line, i - 1))
            if not kept and stack:
                found.append((len(stack), first, i))
        elif not protected:
            found.append((len(stack), i, i))
    return found


def without(lines, pieces):
    drop = set()
    for _, first, last in pieces:
        drop.update(range(first, last + 1))
    return [line for i, line in enumerate(lines) if i not in drop]


def ddmin(items, still_fails):
    """Zeller's ddmin: a subset of `items` whose removal keeps `still_fails`
    true, as large as the algorithm finds; returns the items removed."""
    removed = []
    rest = list(items)
    n = 2
    while len(rest) >= 1:
        chunk = max(1, len(rest) // n)
        chunks = [rest[i:i + chunk] for i in range(0, len(rest), chunk)]
        progress = False
        for c in chunks:
            if still_fails(removed + c):
                removed += c
                rest = [x for x in rest if x not in c]
                n = max(n - 1, 2)
                progress = True
                break
        if not progress:
            if chunk == 1:
                break
            n = min(len(rest), n * 2)
    return removed


def minimise(wendc, text, pipelines, target):
    """Removes pieces of `text` while the program still compiles and still
    shows the problem `target` = (pipeline, kind)."""
    lines = text.splitlines()
    changed = True
    while changed:
        changed = False
        depth = 0
        while True:
            level = [u for u in units(lines) if u[0] == depth]
            if not level and depth > max((u[0] for u in units(lines)), default=0):
                break

            def still_fails(pieces):
                outcomes = run_all(wendc, "\n".join(without(lines, pieces)) + "\n", pipelines)
                if any(kind == "rejected" for kind, _ in outcomes.values()):
                    return False
                return any((p, k) == target for p, k, _ in judge(outcomes))

            removed = ddmin(level, still_fails) if level else []
            if removed:
                lines = without(lines, removed)
                changed = True
            depth += 1
    return "\n".join(lines) + "\n"


def save_regression(wendc, seed, size, text, problems, out_dir):
    """Writes seed-N.wend with the reference's output as its expectation."""
    culprits = ", ".join(sorted({f"{p} ({k})" for p, k, _ in problems}))
    comment = (f"// fuzz-diff: wend-gen program --seed {seed} --size {size}; disagreeing: {culprits}. "
               f"Expected output is {REFERENCE}'s: check it by hand.")
    lines = text.splitlines()
    # Replace wend-gen's own header comment so that line numbers (in
    # division-by-zero messages) stay those of the minimised program.
    if lines and lines[0].startswith("//"):
        lines[0] = comment
    else:
        lines.insert(0, comment)
    text = "\n".join(lines) + "\n"
    out_dir.mkdir(parents=True, exist_ok=True)
    src = out_dir / f"seed-{seed}.wend"
    src.write_text(text)
    kind, result = outcome(REFERENCE, wendc, src)
    out, err, status = result if kind == "ok" else (b"", b"", 0)
    src.with_suffix(".expected").write_bytes(out)
    for suffix, content in ((".expected-stderr", err), (".expected-status", f"{status}\n".encode() if status else b"")):
        path = src.with_suffix(suffix)
        if content:
            path.write_bytes(content)
        elif path.exists():
            path.unlink()
    return src


# ----- Driver ---------------------------------------------------------------

def shown(path):
    """`path` relative to the repository if it is inside it."""
    try:
        return path.relative_to(ROOT)
    except ValueError:
        return path


def generate(gen, seed, size):
    result = subprocess.run([gen, "program", "--seed", str(seed), "--size", size],
                            capture_output=True, check=True)
    return result.stdout.decode()


def check_seed(args, seed):
    """None if all pipelines agree, else a report (after minimising)."""
    size = args.size or SIZES[seed % len(SIZES)]
    text = generate(args.gen, seed, size)
    problems = judge(run_all(args.wendc, text, args.pipelines))
    if not problems:
        return None
    if all(k == "timeout" for _, k, _ in problems):
        # A loaded machine can make a command miss its deadline: believe a
        # timeout only if it happens again.
        problems = judge(run_all(args.wendc, text, args.pipelines))
        if not problems:
            return None
    report = [f"FAIL seed {seed} ({size})"] + [f"     {p}: {k}: {d}" for p, k, d in problems]
    if any(k == "rejected" for _, k, _ in problems):
        # Nothing to minimise against: wendc refuses the program (a generator
        # or frontend bug). Keep it for a human to look at.
        scratch = ROOT / "target" / "fuzz-diff"
        scratch.mkdir(parents=True, exist_ok=True)
        path = scratch / f"seed-{seed}.wend"
        path.write_text(text)
        report.append(f"     rejected program kept in {shown(path)}")
        return "\n".join(report)
    if args.no_minimise:
        return "\n".join(report)
    pipeline, kind, _ = next((p for p in problems if p[0] != REFERENCE), problems[0])
    involved = sorted({REFERENCE, pipeline} & set(args.pipelines)) or [pipeline]
    if len(involved) < 2 and kind in ("stdout", "stderr", "status"):
        involved = args.pipelines
    small = minimise(args.wendc, text, involved, (pipeline, kind))
    final = judge(run_all(args.wendc, small, args.pipelines))
    path = save_regression(args.wendc, seed, size, small, final or problems, args.out)
    report.append(f"     minimised to {len(small.splitlines())} lines: {shown(path)}")
    return "\n".join(report)


def parse_seeds(text):
    start, _, end = text.partition(":")
    if not end:
        return range(int(start), int(start) + 1)
    return range(int(start), int(end))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", default="0:100", help="START:END (END excluded), or one seed")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--pipelines", default=",".join(PIPELINES), help="comma-separated, from: " + ", ".join(PIPELINES))
    ap.add_argument("--size", choices=SIZES, help="default: cycle through the sizes with the seed")
    ap.add_argument("--wendc", default=str(ROOT / "target/debug/wendc"))
    ap.add_argument("--gen", default=str(ROOT / "target/debug/wend-gen"))
    ap.add_argument("--out", type=pathlib.Path, default=ROOT / "test-programs" / "regressions",
                    help="where minimised failing programs go")
    ap.add_argument("--no-minimise", action="store_true", help="report failures without minimising them")
    ap.add_argument("--progress", type=int, default=0, metavar="K",
                    help="print a progress line to stderr every K seeds (long runs)")
    args = ap.parse_args()
    args.pipelines = [p for p in args.pipelines.split(",") if p]
    for p in args.pipelines:
        if p not in PIPELINES:
            sys.exit(f"unknown pipeline {p!r}; known: {', '.join(PIPELINES)}")
    if not pathlib.Path(args.wendc).exists():
        sys.exit(f"no wendc at {args.wendc}: run `make wendc` first")
    if not pathlib.Path(args.gen).exists():
        subprocess.run(["cargo", "build", "-q", "-p", "wend-gen"], cwd=ROOT, check=True)

    def check(seed):
        try:
            return check_seed(args, seed)
        except Exception as e:  # one broken seed must not hide the others
            return f"FAIL seed {seed}: fuzz-diff itself failed: {type(e).__name__}: {e}"

    seeds = parse_seeds(args.seeds)
    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for seed, report in zip(seeds, pool.map(check, seeds)):
            if report is None:
                passed += 1
            else:
                failed += 1
                print(report, flush=True)
            if args.progress and (passed + failed) % args.progress == 0:
                print(f"progress: seeds {seeds.start}..{seed} done, {passed} passed, {failed} failed",
                      file=sys.stderr, flush=True)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
