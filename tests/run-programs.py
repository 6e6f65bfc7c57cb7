#!/usr/bin/env python3
"""Runs every program of test-programs/ through every pipeline and compares.

Programs are wend sources (NAME.wend) and, under ir/, textual IR (NAME.ll),
which every pipeline takes the same way.

For a runnable program NAME.wend the expectations are NAME.expected (stdout),
NAME.expected-stderr (default: empty) and NAME.expected-status (default: 0);
every pipeline must reproduce all three exactly. For a program under errors/,
wendc must exit with status 1 and its stderr must contain every non-empty line
of NAME.expected-diag, in order; a first line `// flags: FLAGS` gives wendc
those flags too (e.g. `-D warnings`, for a program whose warnings are tested). The terminal demos under gfx/ run in bounded
mode (their `frames = N; // frames` and `delay = N; // delay` lines, the comments
aligned or not, set to 2 and 1) and the SHA-256 of their stdout must equal NAME.expected-sha256.

Prints one line per program and a final `N passed, M failed` line; exits 1 if
anything failed.
"""

import argparse
import concurrent.futures
import hashlib
import os
import re
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
TIMEOUT = 20  # seconds per command

# Each pipeline: how to get (stdout, stderr, status) of a program. `{src}` is
# the source, `{tmp}` a scratch directory private to the run.
PIPELINES = {
    "interp-O0": [["{wendc}", "run", "-w", "--interp", "-O0", "{src}"]],
    "interp-mem2reg": [["{wendc}", "run", "-w", "--interp", "--passes", "mem2reg", "{src}"]],
    "interp-reg2mem": [["{wendc}", "run", "-w", "--interp", "--passes", "mem2reg,reg2mem,mem2reg", "{src}"]],
    "interp-O2": [["{wendc}", "run", "-w", "--interp", "-O2", "{src}"]],
    # The other SSA flavours: more phis, the same program.
    "interp-minimal": [["{wendc}", "run", "-w", "--interp", "--passes", "mem2reg", "--ssa", "minimal", "{src}"]],
    "interp-semi-pruned": [["{wendc}", "run", "-w", "--interp", "--passes", "mem2reg", "--ssa", "semi-pruned", "{src}"]],
    "llvm-lli-O0": [
        ["{wendc}", "build", "-w", "--emit", "llvm", "-O0", "{src}", "-o", "{tmp}/p.ll"],
        ["lli", "{tmp}/p.ll"],
    ],
    "llvm-lli-mem2reg": [
        ["{wendc}", "build", "-w", "--emit", "llvm", "--passes", "mem2reg", "{src}", "-o", "{tmp}/p.ll"],
        ["lli", "{tmp}/p.ll"],
    ],
    "llvm-llc-O2": [
        ["{wendc}", "build", "-w", "--backend", "llvm", "-O2", "{src}", "-o", "{tmp}/p"],
        ["{tmp}/p"],
    ],
    "llvm-llc-O0": [
        ["{wendc}", "build", "-w", "--backend", "llvm", "-O0", "{src}", "-o", "{tmp}/p"],
        ["{tmp}/p"],
    ],
    # What a user of LLVM's tools does with `--emit llvm`: llc with its
    # defaults, then a cc that links a PIE by default.
    "llvm-emit-llc-cc-O1": [
        ["{wendc}", "build", "-w", "--emit", "llvm", "-O1", "{src}", "-o", "{tmp}/p.ll"],
        ["llc", "{tmp}/p.ll", "-o", "{tmp}/p.s"],
        ["cc", "{tmp}/p.s", "-o", "{tmp}/p"],
        ["{tmp}/p"],
    ],
    # `wendc opt` reads the module with its runtime back and writes it the
    # same way, still runnable (and LLVM's lli runs what instcombine wrote).
    "llvm-opt-lli": [
        ["{wendc}", "build", "-w", "--emit", "llvm", "-O0", "{src}", "-o", "{tmp}/p.ll"],
        ["{wendc}", "opt", "{tmp}/p.ll", "--passes", "mem2reg,inline,mem2reg,sccp,copyprop,instcombine,gvn,dse,dce,simplifycfg,loopsimplify,licm", "-o", "{tmp}/q.ll"],
        ["lli", "{tmp}/q.ll"],
    ],
    "native-O0": [
        ["{wendc}", "build", "-w", "-O0", "{src}", "-o", "{tmp}/p"],
        ["{tmp}/p"],
    ],
    "native-O2": [
        ["{wendc}", "build", "-w", "-O2", "{src}", "-o", "{tmp}/p"],
        ["{tmp}/p"],
    ],
    # -O2's passes, then loops rotated (instcombine, whose value ranges
    # learn from the guards and latches, and LICM again on the rotated
    # loops) and SSA left at IR level: the native backend gets no phis.
    "native-rotate-phi-elim": [
        ["{wendc}", "build", "-w", "--passes",
         "mem2reg,inline,mem2reg,sccp,copyprop,instcombine,gvn,dce,simplifycfg,loopsimplify,licm,"
         "mem2reg,sccp,copyprop,gvn,dse,dce,simplifycfg,loop-rotate,instcombine,licm,phi-elim",
         "{src}", "-o", "{tmp}/p"],
        ["{tmp}/p"],
    ],
    # Every later pass and the backend on minimal SSA's extra (dead) phis.
    "native-O2-minimal": [
        ["{wendc}", "build", "-w", "-O2", "--ssa", "minimal", "{src}", "-o", "{tmp}/p"],
        ["{tmp}/p"],
    ],
}


def run_pipeline(steps, wendc, src, tmp):
    """Runs the steps; all but the last must succeed silently."""
    result = None
    for i, step in enumerate(steps):
        argv = [a.format(wendc=wendc, src=src, tmp=tmp) for a in step]
        try:
            result = subprocess.run(argv, capture_output=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return None, f"timeout in `{' '.join(argv)}`"
        if i < len(steps) - 1 and result.returncode != 0:
            return None, f"`{' '.join(argv)}` failed ({result.returncode}): {result.stderr.decode(errors='replace').strip()[:400]}"
    return (result.stdout, result.stderr, result.returncode), None


def read_or(path, default):
    return path.read_bytes() if path.exists() else default


def check_runnable(wendc, src, pipelines):
    expected_out = src.with_suffix(".expected").read_bytes()
    expected_err = read_or(src.with_suffix(".expected-stderr"), b"")
    expected_status = int(read_or(src.with_suffix(".expected-status"), b"0").strip() or b"0")
    problems = []
    for name in pipelines:
        with tempfile.TemporaryDirectory() as tmp:
            got, error = run_pipeline(PIPELINES[name], wendc, str(src), tmp)
        if error:
            problems.append(f"{name}: {error}")
            continue
        out, err, status = got
        if out != expected_out:
            problems.append(f"{name}: stdout differs{first_difference(expected_out, out)}")
        if err != expected_err:
            problems.append(f"{name}: stderr differs: expected {expected_err[:200]!r}, got {err[:200]!r}")
        if status != expected_status:
            problems.append(f"{name}: exit status {status}, expected {expected_status}")
    return problems


def bounded_copy(src, tmp):
    """The gfx demo `src` with its frame count and delay made tiny."""
    text = src.read_text()
    # `wendc fmt` may align the comments: any spaces before them.
    for name, value in (("frames", 2), ("delay", 1)):
        text, count = re.subn(rf"{name} = \d+;( +)// {name}\b", rf"{name} = {value};\1// {name}", text)
        if count != 1:
            raise SystemExit(f"{src}: needs exactly one `{name} = N; // {name}` line, has {count}")
    path = pathlib.Path(tmp) / src.name
    path.write_text(text)
    return path


def check_gfx(wendc, src, pipelines):
    expected = src.with_suffix(".expected-sha256").read_text().split()[0]
    problems = []
    for name in pipelines:
        with tempfile.TemporaryDirectory() as tmp:
            copy = bounded_copy(src, tmp)
            got, error = run_pipeline(PIPELINES[name], wendc, str(copy), tmp)
        if error:
            problems.append(f"{name}: {error}")
            continue
        out, err, status = got
        digest = hashlib.sha256(out).hexdigest()
        if digest != expected or err or status != 0:
            problems.append(f"{name}: sha256 {digest}, stderr {err[:200]!r}, status {status}")
    return problems


def first_difference(expected, got):
    e, g = expected.split(b"\n"), got.split(b"\n")
    for i, (a, b) in enumerate(zip(e, g)):
        if a != b:
            return f" at line {i + 1}: expected {a[:120]!r}, got {b[:120]!r}"
    return f": expected {len(e)} lines, got {len(g)}"


def check_error(wendc, src):
    expected = [l for l in src.with_suffix(".expected-diag").read_text().splitlines() if l.strip()]
    try:
        first = src.read_text().split("\n", 1)[0]
        flags = first.removeprefix("// flags:").split() if first.startswith("// flags:") else []
        r = subprocess.run([wendc, "build", *flags, str(src.relative_to(ROOT)), "-o", os.devnull],
                           capture_output=True, timeout=TIMEOUT, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return ["timeout"]
    problems = []
    if r.returncode != 1:
        problems.append(f"exit status {r.returncode}, expected 1")
    stderr = r.stderr.decode(errors="replace")
    pos = 0
    for line in expected:
        found = stderr.find(line, pos)
        if found < 0:
            problems.append(f"diagnostic lacks {line!r}; stderr was:\n{stderr}")
            break
        pos = found + len(line)
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--wendc", default=str(ROOT / "target/debug/wendc"))
    ap.add_argument("--pipelines", default=",".join(PIPELINES), help="comma-separated, from: " + ", ".join(PIPELINES))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("paths", nargs="*", help="programs or directories (default: test-programs/)")
    args = ap.parse_args()
    pipelines = [p for p in args.pipelines.split(",") if p]
    for p in pipelines:
        if p not in PIPELINES:
            sys.exit(f"unknown pipeline {p!r}; known: {', '.join(PIPELINES)}")

    roots = [pathlib.Path(p).resolve() for p in args.paths] or [ROOT / "test-programs"]
    programs = sorted({f for r in roots for f in ([r] if r.is_file() else [*r.rglob("*.wend"), *r.rglob("*.ll")])})

    def check(src):
        if "gfx" in src.relative_to(ROOT).parts:
            return check_gfx(args.wendc, src, pipelines)
        if "errors" in src.relative_to(ROOT).parts:
            return check_error(args.wendc, src)
        if not src.with_suffix(".expected").exists():
            return ["no .expected file"]
        return check_runnable(args.wendc, src, pipelines)

    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for src, problems in zip(programs, pool.map(check, programs)):
            rel = src.relative_to(ROOT)
            if problems:
                failed += 1
                print(f"FAIL {rel}")
                for p in problems:
                    print(f"     {p}")
            else:
                passed += 1
                print(f"ok   {rel}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
