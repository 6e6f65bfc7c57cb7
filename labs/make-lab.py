#!/usr/bin/env python3
"""Writes a student copy of the repository for one lab of the course kit.

    python3 labs/make-lab.py LAB OUT [--solution] [--seeds A:B]
    python3 labs/make-lab.py --list          (what `make lab` alone shows)

Copies every file git tracks into OUT (a new or empty directory outside
the repository), replaces each region of the lab (labs/catalog.py) by its
stub, and records in OUT/labs/expected/LAB/ what the grader compares with:
the reference compiler's outputs for the golden tests and the random
programs, the test programs the lab is graded on, and the numbers of the
lab's checks (LLVM's dominator trees and phi counts, the reference's copy and
spill counts). With --solution the regions keep the reference code (the
kit's own test: that copy must get full marks).

The reference is this repository's compiler, built by `cargo build` (which
honours CARGO_TARGET_DIR). Exit status: 0 written, 1 a failure (a region is
malformed, a tool failed), 64 a usage error (unknown lab, OUT not empty or
inside the repository).
"""

import argparse
import concurrent.futures
import json
import os
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "labs"))

import catalog  # noqa: E402
import usage  # noqa: E402
import measure  # noqa: E402
import regions  # noqa: E402

USAGE = 64
TIMEOUT = 60

ALLOW = """\

// lab({lab}): until your code replaces the stubs below, some helpers and
// imports of this file are unused; delete this attribute when it does.
#![allow(dead_code, unused_imports, unused_variables, unused_mut)]
"""


class Failure(Exception):
    pass


def usage_error(message):
    print(f"make-lab: {message}", file=sys.stderr)
    print("usage: make lab LAB=NAME OUT=DIR [SOLUTION=1]   (`make lab` alone lists the labs)", file=sys.stderr)
    sys.exit(USAGE)


def list_labs():
    print("Labs of the course kit (make lab LAB=NAME OUT=DIR):")
    for lab in catalog.LABS.values():
        print(f"  {lab.name:<12} {lab.title}  ({lab.handout})")


def cargo_binaries(root, packages):
    """Builds `packages` of the workspace at `root`; returns {name: path}
    of their executables (wherever CARGO_TARGET_DIR puts them)."""
    argv = ["cargo", "build", "--message-format=json-render-diagnostics"]
    for p in packages:
        argv += ["-p", p]
    proc = subprocess.run(argv, cwd=root, stdout=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise Failure(f"`cargo build` failed in {root}")
    found = {}
    for line in proc.stdout.splitlines():
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            continue
        if msg.get("reason") == "compiler-artifact" and msg.get("executable"):
            found[msg["target"]["name"]] = msg["executable"]
    return found


def tracked_files():
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, stdout=subprocess.PIPE).stdout
    return [f for f in out.decode().split("\0") if f]


def copy_tree(out):
    """Every tracked file, with its modification time, so that a copy made
    again at the same place rebuilds only what changed."""
    for rel in tracked_files():
        src = ROOT / rel
        if not src.exists() and not src.is_symlink():
            continue  # deleted in the work tree, not yet committed
        dst = out / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst, follow_symlinks=False)


def after_module_docs(text):
    """The offset just past the leading `//!` lines of a Rust file."""
    offset = 0
    for line in text.splitlines(keepends=True):
        if not line.startswith("//!"):
            break
        offset += len(line)
    return offset


def apply_lab(lab, out, solution):
    """Stubs the lab's regions in the copy (or keeps them, with
    --solution); either way the lab's files are written anew, so that their
    modification time tells cargo to rebuild them."""
    for rel in lab.files:
        path = out / rel
        text = path.read_text()
        try:
            new, count = regions.stubbed(text, lab.name, rel)
        except regions.RegionError as e:
            raise Failure(str(e))
        if count == 0:
            raise Failure(f"{rel}: no region of lab({lab.name}) (labs/catalog.py lists this file for it)")
        if solution:
            new = text
        else:
            at = after_module_docs(new)
            new = new[:at] + ALLOW.format(lab=lab.name) + new[at:]
        path.write_text(new)


# ---- recording what the grader compares with --------------------------------

def run(argv, cwd, timeout=TIMEOUT):
    try:
        p = subprocess.run(argv, cwd=cwd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failure(f"`{' '.join(map(str, argv))}` did not finish in {timeout} s")
    return {
        "stdout": p.stdout.decode("utf-8", "replace"),
        "stderr": p.stderr.decode("utf-8", "replace"),
        "status": p.returncode,
    }


def parallel(items, fn):
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return list(pool.map(fn, items))


def runnable_programs(out):
    found = []
    for d in catalog.PROGRAM_DIRS:
        for src in sorted((out / d).glob("*.wend")):
            if src.with_suffix(".expected").exists():
                found.append(str(src.relative_to(out)))
    return found


def selected(lab, out, wendc, programs):
    """The programs of `programs` that the lab's selection rule keeps."""
    def keep(src):
        if lab.programs == "all":
            return True
        if lab.programs == "phis":
            r = run([wendc, "analyze", src], out)
            return r["status"] == 0 and "phis placed by mem2reg" in r["stdout"]
        if lab.programs == "sccp-changes":
            a = run([wendc, "build", "-w", "--emit", "ir", "--passes", "mem2reg", src], out)
            b = run([wendc, "build", "-w", "--emit", "ir", "--passes", "mem2reg,sccp", src], out)
            return a["status"] == 0 and a["stdout"] != b["stdout"]
        if lab.programs == "phis-at-O2":
            r = run([wendc, "build", "-w", "--emit", "ir", "-O2", src], out)
            return measure.count_phis(r["stdout"]) > 0
        raise Failure(f"unknown selection rule {lab.programs!r}")
    return [p for p, k in zip(programs, parallel(programs, keep)) if k]


def record_golden(lab, out, wendc):
    def one(job):
        g, src = job
        args = [a.replace("{src}", src) for a in g.args]
        result = run([wendc] + args, out)
        if g.baseline:
            base = run([wendc] + [a.replace("{src}", src) for a in g.baseline], out)
            if base["stdout"] == result["stdout"]:
                return None  # the lab's code changes nothing here
        return dict(args=args, **result)
    jobs = [(g, src) for g in lab.golden for src in g.inputs]
    for _, src in jobs:
        if not (out / src).is_file():
            raise Failure(f"{src}, an input of the lab's golden tests, is not in the copy (not tracked by git?)")
    return [r for r in parallel(jobs, one) if r is not None]


def record_random(lab, out, exp, wendc, gen, seeds):
    rand = exp / "random"
    rand.mkdir()

    def one(seed):
        prog = run([gen, "program", "--seed", str(seed)], out)
        if prog["status"] != 0:
            raise Failure(f"wend-gen failed on seed {seed}: {prog['stderr'][:300]}")
        src = rand / f"seed-{seed}.wend"
        src.write_text(prog["stdout"])
        rel = str(src.relative_to(out))
        return rel, run([wendc, "run", "-w", "--interp", "-O0", rel], out)

    return dict(parallel(list(seeds), one))


def record_ir(out, exp, wendc, programs):
    """The reference's -O0 IR of each program, as a .ll file in the
    expected folder (the input of the checks that compare with LLVM)."""
    ir = exp / "ir"
    ir.mkdir(exist_ok=True)

    def one(src):
        dst = ir / (src.replace("/", "__").removesuffix(".wend") + ".ll")
        r = run([wendc, "build", "-w", "--emit", "ir", "-O0", src, "-o", str(dst)], out)
        if r["status"] != 0:
            raise Failure(f"the reference could not compile {src}: {r['stderr'][:300]}")
        return str(dst.relative_to(out))

    return parallel(programs, one)


def need(tool):
    if shutil.which(tool) is None:
        raise Failure(f"`{tool}` (LLVM 14) is needed to record this lab's checks")


def record_checks(lab, out, exp, wendc, programs):
    checks = {}
    for check in lab.checks:
        if check == "llvm-domtree":
            need("opt")
            files = record_ir(out, exp, wendc, programs)

            def domtree(ll):
                r = run(["opt", "-passes=print<domtree>", "-disable-output", ll], out)
                return ll, measure.llvm_idoms(r["stderr"])
            checks[check] = dict(parallel(files, domtree))
        elif check == "llvm-mem2reg":
            need("opt")
            files = record_ir(out, exp, wendc, programs)

            def phis(ll):
                theirs = run(["opt", "-S", "-passes=mem2reg", ll], out)
                ours = run([wendc, "opt", ll, "--passes", "mem2reg"], out)
                return ll, {
                    # The front end's own phis (for && and ||) are there before.
                    "before": measure.count_phis((out / ll).read_text()),
                    "llvm_phis": measure.count_phis(theirs["stdout"]),
                    "reference_phis": measure.count_phis(ours["stdout"]),
                    "allocas": measure.count_allocas(ours["stdout"]),
                }
            counts = dict(parallel(files, phis))
            # Graded where LLVM's mem2reg adds phis, and the reference as many.
            checks[check] = {ll: c for ll, c in counts.items()
                             if c["llvm_phis"] == c["reference_phis"] and c["llvm_phis"] > c["before"]}
        elif check == "folding":
            def counts(src):
                def n(passes):
                    r = run([wendc, "build", "-w", "--emit", "ir", "--passes", passes, src], out)
                    return measure.count_insts(r["stdout"])
                return src, {"mem2reg,sccp": n("mem2reg,sccp"), "mem2reg,dce": n("mem2reg,dce"),
                             "mem2reg,sccp,dce": n("mem2reg,sccp,dce")}
            checks[check] = dict(parallel(programs, counts))
        elif check in ("copies", "spills"):
            count = measure.count_copies if check == "copies" else measure.count_stack_accesses

            def asm(src):
                r = run([wendc, "build", "-w", "--emit", "asm", "-O2", src], out)
                # Spill counts matter where values live in registers.
                wanted = check == "copies" or measure.computes_in_registers(r["stdout"])
                return src, count(r["stdout"]) if wanted else None
            checks[check] = {src: n for src, n in parallel(programs, asm) if n is not None}
        else:
            raise Failure(f"unknown check {check!r}")
    return checks


def main():
    usage.exit_cleanly_on_signals()
    ap = usage.Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("lab", nargs="?")
    ap.add_argument("out", nargs="?")
    ap.add_argument("--solution", action="store_true", help="keep the reference code in the regions")
    ap.add_argument("--seeds", type=usage.seeds_text, help="wend-gen seeds A:B of the part `random` (default: the lab's)")
    ap.add_argument("--list", action="store_true", help="list the labs")
    args = ap.parse_args()
    if args.list or (args.lab is None and args.out is None):
        list_labs()
        return 0
    if args.lab not in catalog.LABS:
        usage_error(f"unknown lab {args.lab!r}: one of {', '.join(catalog.LABS)}")
    if not args.out:
        usage_error("where should the copy go? (OUT=DIR)")
    lab = catalog.LABS[args.lab]
    out = pathlib.Path(args.out).resolve()
    if out == ROOT or ROOT in out.parents:
        usage_error(f"{args.out} is inside the repository: write the copy somewhere else")
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        usage_error(f"{args.out} exists and is not an empty directory: nothing was written")
    seeds = usage.seed_range(args.seeds) if args.seeds else lab.seeds
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        usage_error(f"cannot make {args.out}: {e.strerror}")

    try:
        bins = cargo_binaries(ROOT, ["wendc", "wend-gen"])
        wendc, gen = bins["wendc"], bins["wend-gen"]
        copy_tree(out)
        apply_lab(lab, out, args.solution)

        exp = out / "labs" / "expected" / lab.name
        exp.mkdir(parents=True)
        programs = selected(lab, out, wendc, runnable_programs(out))
        (exp / "golden.json").write_text(json.dumps(record_golden(lab, out, wendc), indent=1))
        (exp / "random.json").write_text(json.dumps(record_random(lab, out, exp, wendc, gen, seeds), indent=1))
        (exp / "checks.json").write_text(json.dumps(record_checks(lab, out, exp, wendc, programs), indent=1))
        (exp / "lab.json").write_text(json.dumps({
            "lab": lab.name,
            "solution": args.solution,
            "programs": programs,
            "seeds": [seeds.start, seeds.stop],
            "reference": subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                                        text=True).stdout.strip(),
        }, indent=1))
    except (Failure, OSError, KeyboardInterrupt, SystemExit) as e:
        # A half-made copy would grade as nonsense: the folder is left
        # empty, also when the run is interrupted (Ctrl-C, kill).
        for child in out.iterdir():
            shutil.rmtree(child) if child.is_dir() and not child.is_symlink() else child.unlink()
        if isinstance(e, (KeyboardInterrupt, SystemExit)):
            print(f"make-lab: interrupted; nothing was left in {args.out}", file=sys.stderr)
            raise
        print(f"make-lab: {e}; nothing was left in {args.out}", file=sys.stderr)
        return 1
    what = "the reference code (--solution)" if args.solution else "stubs"
    print(f"wrote {args.out}: lab {lab.name}, {', '.join(lab.files)} with {what}")
    print(f"  {len(programs)} test programs, {len(seeds)} random programs; handout: {lab.handout}")
    print(f"  next: cd {args.out} && make grade")
    return 0


if __name__ == "__main__":
    sys.exit(main())
