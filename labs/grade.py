#!/usr/bin/env python3
"""Grades the lab of a student copy (made by `make lab`): `make grade`.

    python3 labs/grade.py [--lab NAME] [--json FILE] [--parts golden,programs,...]

Builds wendc (cargo honours CARGO_TARGET_DIR), then grades the parts the
lab's entry in labs/catalog.py lists, against what make-lab.py recorded in
labs/expected/LAB/ from the reference compiler and from LLVM:

  golden    wendc commands whose output must be the reference's, exactly;
  programs  test programs through the lab's pipelines, against the output of
            their C twins;
  random    wend-gen programs through the lab's pipelines, against the
            reference's output; the first failing one is reduced (statements,
            blocks and functions removed while it still fails the same way)
            and shown;
  checks    the lab's own checks (dominator trees against LLVM's, phi counts
            against LLVM's mem2reg, copy and spill counts against the
            reference);
  cargo     `cargo test` of the lab's crates.

Prints a score per part, each failure in words, and the smallest failing
program; `--json FILE` writes the same for a course's grading system.
Exit status: 0 at full marks, 1 otherwise, 64 for a usage error.
"""

import argparse
import concurrent.futures
import importlib.util
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "labs"))

import catalog  # noqa: E402
import usage  # noqa: E402
import measure  # noqa: E402


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, ROOT / path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


run_programs = load("run_programs", "tests/run-programs.py")
# The reference runs every program of the kit in well under a second: a
# run still going after this long is a loop that the student's code made
# endless (the part's other programs still get graded).
run_programs.TIMEOUT = 10
# While reducing a program, the runs are of pieces of one that the
# reference ran at once.
REDUCE_TIMEOUT = 3
fuzz_diff = load("fuzz_diff", "tests/fuzz-diff.py")
make_lab = load("make_lab", "labs/make-lab.py")

USAGE = 64
SHOWN_PER_PART = 5
STATUS_WORDS = {
    0: "success",
    1: "a compile error",
    2: "a runtime error",
    3: "a stack overflow",
    64: "a usage error",
    101: "an internal compiler error (a panic: an `unwrap`, an index out of bounds, a failed assertion?)",
}


def status_words(status):
    if status < 0:
        return f"killed by signal {-status}"
    if status > 128 and status - 128 < 32:
        return f"killed by signal {status - 128}"
    return f"status {status}: {STATUS_WORDS.get(status, 'unexpected')}"


class Failure:
    def __init__(self, item, message, program=None):
        self.item, self.message, self.program = item, message, program


class Part:
    def __init__(self, name, weight):
        self.name, self.weight = name, weight
        self.passed = self.total = 0
        self.failures = []
        self.note = None

    @property
    def required(self):
        return self.weight == 0

    def fraction(self):
        return 1.0 if self.total == 0 else self.passed / self.total

    def ok(self):
        return self.passed == self.total


def run(argv, timeout=60, cwd=ROOT):
    try:
        p = subprocess.run(argv, cwd=cwd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    return {"stdout": p.stdout.decode("utf-8", "replace"), "stderr": p.stderr.decode("utf-8", "replace"),
            "status": p.returncode}


def parallel(items, fn, jobs):
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(fn, items))


def first_line_difference(expected, got):
    """Where two outputs first differ, in words."""
    e, g = expected.splitlines(), got.splitlines()
    # Tables pad their columns: a wider cell on one line changes the
    # spacing of all of them, so the first line whose words differ is the
    # one worth showing.
    for i in range(max(len(e), len(g))):
        a = e[i] if i < len(e) else None
        b = g[i] if i < len(g) else None
        if (a.split() if a is not None else None) != (b.split() if b is not None else None):
            if a is None:
                return f"line {i + 1} is `{b}`, past the end of the expected output ({len(e)} lines)"
            if b is None:
                return f"the output stops after {len(g)} lines; line {i + 1} should be `{a}`"
            return f"line {i + 1} is `{b}`, expected `{a}`"
    return "they differ only in spacing" if e != g else "they differ only in the final newline"


def compare(expected, got, what):
    """A sentence saying how `got` differs from `expected` (dicts of stdout,
    stderr, status), or None if they agree."""
    if got is None:
        return f"{what} did not finish (an endless loop?)"
    if got["status"] != expected["status"]:
        detail = got["stderr"].strip().splitlines()
        # A panic's message is the line after `thread '…' panicked at FILE:LINE:`.
        for i, line in enumerate(detail[:-1]):
            if " panicked at " in line:
                detail = [f"{detail[i + 1].strip()}, at {line.split(' panicked at ')[1].rstrip(':')}"]
                break
        tail = f" ({detail[0][:300]})" if detail else ""
        return (f"{what} ended with {status_words(got['status'])}{tail}, "
                f"expected {status_words(expected['status'])}")
    if got["stdout"] != expected["stdout"]:
        return f"{what} printed something else: {first_line_difference(expected['stdout'], got['stdout'])}"
    if got["stderr"] != expected["stderr"]:
        return f"{what} wrote something else on stderr: {first_line_difference(expected['stderr'], got['stderr'])}"
    return None


def pipeline_words(name):
    """How a pipeline of tests/run-programs.py runs a program, in words."""
    steps = run_programs.PIPELINES[name]
    shown = [" ".join(a.replace("{wendc}", "wendc").replace("{src}", "PROG").replace("{tmp}/", "")
                      for a in step if a not in ("-w",)) for step in steps]
    return f"{name} (`{' && '.join(shown)}`)"


def run_pipeline(name, wendc, src):
    with tempfile.TemporaryDirectory() as tmp:
        got, error = run_programs.run_pipeline(run_programs.PIPELINES[name], wendc, str(src), tmp)
    if error:
        if error.startswith("timeout"):
            return None
        return {"stdout": "", "stderr": error, "status": 1}
    out, err, status = got
    return {"stdout": out.decode("utf-8", "replace"), "stderr": err.decode("utf-8", "replace"), "status": status}


# ---- the parts ----------------------------------------------------------------

class Grader:
    def __init__(self, lab, wendc, exp, jobs, budget, cargo_timeout):
        self.lab, self.wendc, self.exp, self.jobs, self.budget = lab, wendc, exp, jobs, budget
        self.cargo_timeout = cargo_timeout
        self.meta = json.loads((exp / "lab.json").read_text())

    def golden(self, part):
        recorded = json.loads((self.exp / "golden.json").read_text())

        def one(rec):
            got = run([self.wendc] + rec["args"])
            return compare(rec, got, f"`wendc {' '.join(rec['args'])}`")
        for rec, problem in zip(recorded, parallel(recorded, one, self.jobs)):
            part.total += 1
            if problem:
                part.failures.append(Failure(" ".join(rec["args"]), problem))
            else:
                part.passed += 1

    def through_pipelines(self, part, items):
        """`items`: (name, source path, expected dict). Each passes if every
        pipeline of the lab reproduces its expected output."""
        def one(item):
            name, src, expected = item
            for p in self.lab.pipelines:
                problem = compare(expected, run_pipeline(p, self.wendc, src), f"through {pipeline_words(p)}, it")
                if problem:
                    return p, problem
            return None
        for (name, src, _), result in zip(items, parallel(items, one, self.jobs)):
            part.total += 1
            if result:
                pipeline, problem = result
                f = Failure(name, problem, program=src)
                f.pipeline = pipeline
                part.failures.append(f)
            else:
                part.passed += 1

    def programs(self, part):
        items = []
        for rel in self.meta["programs"]:
            src = ROOT / rel
            # Decoded as the outputs are (a program may print any byte).
            items.append((rel, src, {
                "stdout": src.with_suffix(".expected").read_bytes().decode("utf-8", "replace"),
                "stderr": run_programs.read_or(src.with_suffix(".expected-stderr"), b"").decode("utf-8", "replace"),
                "status": int(run_programs.read_or(src.with_suffix(".expected-status"), b"0").strip() or b"0"),
            }))
        self.through_pipelines(part, items)

    def random(self, part):
        recorded = json.loads((self.exp / "random.json").read_text())
        items = [(rel, ROOT / rel, expected) for rel, expected in recorded.items()]
        self.through_pipelines(part, items)
        # Reduce one failing program: preferably one that finishes (each
        # try of one that hangs costs a timeout), the shortest first.
        failing = sorted((f for f in part.failures if f.program),
                         key=lambda f: ("did not finish" in f.message,
                                        len(pathlib.Path(f.program).read_text().splitlines())))
        if failing:
            self.reduce(failing[0])

    def reduce(self, failure):
        """Shrinks the program of `failure` while the pipeline that failed
        still disagrees the same way with the oracle (a pipeline that does
        not run the lab's code), within the time budget."""
        oracle, pipeline = self.lab.oracle, failure.pipeline
        text = pathlib.Path(failure.program).read_text()
        deadline = time.monotonic() + self.budget

        class OutOfTime(Exception):
            pass

        def kind(got):
            if got is None:
                return "hangs"
            if got["status"] not in (0, 2):
                return f"status {got['status']}"
            return "output"

        def fails(candidate):
            if time.monotonic() > deadline:
                raise OutOfTime
            with tempfile.TemporaryDirectory() as tmp:
                src = pathlib.Path(tmp) / "p.wend"
                src.write_text(candidate)
                want = run_pipeline(oracle, self.wendc, src)
                if want is None or want["status"] not in (0, 2):
                    return None  # not a program the oracle runs: no verdict
                got = run_pipeline(pipeline, self.wendc, src)
                problem = compare(want, got, f"through {pipeline_words(pipeline)}, it")
                return (kind(got), problem) if problem else None

        original = fails(text)
        if original is None:
            failure.reduced = None
            return
        lines = text.splitlines()
        saved_timeout = run_programs.TIMEOUT
        run_programs.TIMEOUT = REDUCE_TIMEOUT
        try:
            changed = True
            while changed:
                changed = False
                depth = 0
                while True:
                    units = fuzz_diff.units(lines)
                    if depth > max((u[0] for u in units), default=0):
                        break
                    level = [u for u in units if u[0] == depth]

                    def still(pieces):
                        r = fails("\n".join(fuzz_diff.without(lines, pieces)) + "\n")
                        return r is not None and r[0] == original[0]
                    removed = fuzz_diff.ddmin(level, still) if level else []
                    if removed:
                        lines = fuzz_diff.without(lines, removed)
                        changed = True
                    depth += 1
        except OutOfTime:
            pass
        finally:
            run_programs.TIMEOUT = saved_timeout
        reduced = "\n".join(lines) + "\n"
        verdict = fails(reduced) if time.monotonic() <= deadline else None
        failure.reduced = (reduced, verdict[1] if verdict else original[1], oracle)

    def checks(self, part):
        recorded = json.loads((self.exp / "checks.json").read_text())
        for check in self.lab.checks:
            data = recorded.get(check, {})
            results = parallel(list(data.items()), lambda kv, c=check: CHECKS[c](self, *kv), self.jobs)
            for (item, _), problem in zip(data.items(), results):
                part.total += 1
                if problem:
                    part.failures.append(Failure(item, problem))
                else:
                    part.passed += 1

    def cargo(self, part):
        for crate in self.lab.crates:
            part.total += 1
            p = usage.run_in_own_group(["cargo", "test", "-q", "-p", crate], self.cargo_timeout, cwd=ROOT,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            if p is None:
                part.failures.append(Failure(crate, f"`cargo test -p {crate}` did not finish in "
                                                    f"{self.cargo_timeout:g} s: a test loops forever "
                                                    f"(run it yourself to see which)"))
                continue
            if p.returncode == 0:
                part.passed += 1
                continue
            out = p.stdout + p.stderr
            failed = re.findall(r"^---- (\S+) stdout ----$", out, re.M)
            if failed:
                shown = ", ".join(failed[:6]) + (f" and {len(failed) - 6} more" if len(failed) > 6 else "")
                message = f"`cargo test -p {crate}`: {len(failed)} tests fail: {shown}"
            else:
                errors = [line for line in out.splitlines() if line.startswith("error")]
                message = f"`cargo test -p {crate}` failed: {errors[0] if errors else out.strip()[-300:]}"
            part.failures.append(Failure(crate, message))


def check_domtree(g, ll, expected):
    got = run([g.wendc, "analyze", ll])
    if got is None or got["status"] != 0:
        return f"`wendc analyze {ll}` ended with {status_words(got['status']) if got else 'a timeout'}"
    mine = measure.wendc_idoms(got["stdout"])
    for func, idoms in expected.items():
        for block, idom in idoms.items():
            ours = mine.get(func, {}).get(block, "(missing)")
            if ours != idom:
                show = lambda b: "none (it is the entry)" if b is None else f"`{b}`"  # noqa: E731
                return (f"in @{func}, the immediate dominator of `{block}` is {show(ours)}, "
                        f"LLVM says {show(idom)}")
    return None


def check_mem2reg(g, ll, expected):
    got = run([g.wendc, "opt", ll, "--passes", "mem2reg"])
    if got is None or got["status"] != 0:
        return f"`wendc opt {ll} --passes mem2reg` ended with {status_words(got['status']) if got else 'a timeout'}"
    allocas, phis = measure.count_allocas(got["stdout"]), measure.count_phis(got["stdout"])
    if allocas > expected["allocas"]:
        return (f"after your mem2reg, {allocas} allocas are left where the reference leaves "
                f"{expected['allocas']}: a variable that could live in registers stayed in memory")
    if phis != expected["llvm_phis"]:
        more = "more" if phis > expected["llvm_phis"] else "fewer"
        before = expected["before"]
        return (f"your mem2reg adds {phis - before} phis, LLVM's `opt -passes=mem2reg` "
                f"{expected['llvm_phis'] - before} "
                f"({more}: " + ("a phi where the variable is dead, or one per block instead of per frontier)"
                                if more == "more" else "a join point where two definitions meet has no phi)"))
    return None


def check_folding(g, src, expected):
    for passes, limit in expected.items():
        got = run([g.wendc, "build", "-w", "--emit", "ir", "--passes", passes, src])
        if got is None or got["status"] != 0:
            return f"`wendc build --emit ir --passes {passes} {src}` failed"
        n = measure.count_insts(got["stdout"])
        if n > limit:
            return (f"after --passes {passes}, {n} instructions are left, the reference leaves {limit}: "
                    + ("a constant or an unreachable block was not found" if "sccp" in passes
                       else "a dead instruction was kept"))
    return None


def count_check(what, count, advice):
    def check(g, src, limit):
        got = run([g.wendc, "build", "-w", "--emit", "asm", "-O2", src])
        if got is None or got["status"] != 0:
            return f"`wendc build --emit asm -O2 {src}` failed"
        n = count(got["stdout"])
        if n > limit:
            return f"the -O2 assembly has {n} {what}, the reference's {limit}: {advice}"
        return None
    return check


CHECKS = {
    "llvm-domtree": check_domtree,
    "llvm-mem2reg": check_mem2reg,
    "folding": check_folding,
    "copies": count_check("register copies and jumps", measure.count_copies,
                          "an edge split that needed no block, or a parallel copy done in more moves than it needs"),
    "spills": count_check("stack accesses", measure.count_stack_accesses,
                          "more values spilled, or spilled ones used inside loops"),
}


# ---- the report ---------------------------------------------------------------

def score(parts):
    if any(p.required and not p.ok() for p in parts):
        return 0.0
    weighted = [p for p in parts if not p.required]
    if not weighted:
        return 100.0  # only required parts graded (--parts), and all pass
    return 100.0 * sum(p.weight * p.fraction() for p in weighted) / sum(p.weight for p in weighted)


def show_program(text, indent="    "):
    lines = text.rstrip("\n").splitlines()
    return "\n".join(f"{indent}{i + 1:3} | {line}" for i, line in enumerate(lines))


def report(lab, parts, total):
    print(f"\nlab {lab.name}: {lab.title} (handout: {lab.handout})\n")
    for p in parts:
        worth = "required" if p.required else f"{p.weight * p.fraction():5.1f}/{p.weight}"
        state = "ok" if p.ok() else "FAILS"
        note = f"  ({p.note})" if p.note else ""
        print(f"  {p.name:<9} {p.passed:4}/{p.total:<4} {worth:>12}  {state}{note}")
    print(f"  {'score':<9} {'':10} {total:6.1f}/100")
    for p in parts:
        if p.ok():
            continue
        print(f"\n{p.name}: {len(p.failures)} failing"
              + (" (a required part: the score is 0 until it passes)" if p.required else ""))
        for f in p.failures[:SHOWN_PER_PART]:
            print(f"  - {f.item}: {f.message}")
        if len(p.failures) > SHOWN_PER_PART:
            print(f"  … and {len(p.failures) - SHOWN_PER_PART} more (grade.py --json FILE lists all)")
        with_programs = [f for f in p.failures if f.program]
        reduced = [f for f in with_programs if getattr(f, "reduced", None)]
        if reduced:
            f = reduced[0]
            text, problem, oracle = f.reduced
            before = len(pathlib.Path(f.program).read_text().splitlines())
            after = len(text.splitlines())
            saved = ROOT / "target" / "lab-reduced" / pathlib.Path(f.program).name
            saved.parent.mkdir(parents=True, exist_ok=True)
            saved.write_text(text)
            how = (f"reduced from {before} to {after} lines" if after < before
                   else f"{before} lines, not reduced within --minimise-budget")
            print(f"\n  The smallest failing program: {f.item}, {how}, saved as "
                  f"{saved.relative_to(ROOT)}. Compared with {oracle} (which does not run your code), "
                  f"{problem}.")
            if after <= 80:
                print(show_program(text))
        elif with_programs:
            f = min(with_programs, key=lambda f: len(pathlib.Path(f.program).read_text().splitlines()))
            text = pathlib.Path(f.program).read_text()
            print(f"\n  The smallest failing program, {f.item} ({len(text.splitlines())} lines): {f.message}")
            if len(text.splitlines()) <= 60:
                print(show_program(text))


def as_json(lab, parts, total):
    def failure(f):
        d = {"item": f.item, "message": f.message}
        if getattr(f, "reduced", None):
            d["reduced_program"] = f.reduced[0]
        return d
    return {
        "lab": lab.name,
        "score": round(total, 2),
        "max": 100,
        "full_marks": total >= 100.0 - 1e-9,
        "parts": [{"name": p.name, "weight": p.weight, "required": p.required, "passed": p.passed,
                   "total": p.total, "note": p.note, "failures": [failure(f) for f in p.failures]}
                  for p in parts],
    }


def main():
    usage.exit_cleanly_on_signals()
    ap = usage.Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lab", help="the lab (default: the one labs/expected/ holds)")
    ap.add_argument("--json", metavar="FILE", help="also write the result as JSON")
    ap.add_argument("--parts", help=f"grade only these (comma-separated, from {', '.join(catalog.PARTS)})")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--minimise-budget", type=float, default=120,
                    help="seconds spent reducing a failing random program (default 120)")
    ap.add_argument("--cargo-timeout", type=float, default=600,
                    help="seconds `cargo test` of a crate may take, its build included (default 600)")
    args = ap.parse_args()

    expected_root = ROOT / "labs" / "expected"
    made = sorted(p.name for p in expected_root.iterdir()) if expected_root.is_dir() else []
    if args.lab is None:
        if len(made) != 1:
            print("grade: this is not a student copy made by `make lab` (labs/expected/ should hold one lab)"
                  if not made else f"grade: several labs here ({', '.join(made)}): say which with LAB=NAME",
                  file=sys.stderr)
            return USAGE
        args.lab = made[0]
    if args.lab not in catalog.LABS or args.lab not in made:
        print(f"grade: no lab {args.lab!r} in this copy (it has: {', '.join(made) or 'none'})", file=sys.stderr)
        return USAGE
    wanted = args.parts.split(",") if args.parts else list(catalog.PARTS)
    if any(w not in catalog.PARTS for w in wanted):
        print(f"grade: --parts takes some of {', '.join(catalog.PARTS)}", file=sys.stderr)
        return USAGE
    if args.json:
        usage.require_writable("grade", args.json)
    lab = catalog.LABS[args.lab]
    parts = [Part(name, lab.weights.get(name, 0)) for name in catalog.PARTS if name in wanted]

    print(f"grade: building wendc (lab {lab.name})", flush=True)
    try:
        built = make_lab.cargo_binaries(ROOT, ["wendc"])["wendc"]
        # Graded from a copy of its own: in a CARGO_TARGET_DIR shared with
        # other copies (grade-all, the kit's test, a teacher's scripts),
        # another copy's build puts its wendc at the same path.
        wendc = ROOT / "target" / "lab-grade" / "wendc"
        wendc.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, wendc)
        wendc = str(wendc)
    except make_lab.Failure:
        for p in parts:
            p.total, p.note = 1, "wendc does not build: see cargo's errors above"
            p.failures.append(Failure("build", "the copy does not compile"))
        wendc = None
    if wendc:
        grader = Grader(lab, wendc, expected_root / lab.name, args.jobs, args.minimise_budget, args.cargo_timeout)
        for p in parts:
            print(f"grade: {p.name}", flush=True)
            getattr(grader, p.name)(p)
    total = score(parts)
    report(lab, parts, total)
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(as_json(lab, parts, total), indent=1) + "\n")
    return 0 if total >= 100.0 - 1e-9 and all(p.ok() for p in parts) else 1


if __name__ == "__main__":
    sys.exit(main())
