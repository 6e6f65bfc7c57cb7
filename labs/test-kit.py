#!/usr/bin/env python3
"""The course kit's own test (`make labs-test`, part of `make test`).

For every lab (or those named): generate the student copy with the stubs,
build and grade it (the grader must fail it: exit status 1 and a score of at
most 10), then generate the copy with the reference code (--solution), build
and grade it (the grader must pass it: exit status 0 and a score of 100).
So each grader is shown able both to fail and to pass.

The copies are made one after the other at one place outside the repository
and built into one CARGO_TARGET_DIR (default: target/labs-kit/ of the
repository): the crates.io dependencies are built once, and each copy
rebuilds only the crates its lab's files belong to and those above them.

    python3 labs/test-kit.py [--seeds A:B] [--minimise-budget S] [LAB ...]

Prints one line per copy with its score and time, and a final
`N passed, M failed` line; exits 1 if anything failed. What the grader
printed for each copy is kept in the target directory's logs/.
"""

import argparse
import hashlib
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "labs"))

import catalog  # noqa: E402
import usage  # noqa: E402

STUB_MAX_SCORE = 10.0


def regions_self_test():
    """The marker parser on made-up text: a region is replaced by its stub,
    and a cut region is an error, never a copy that keeps the reference."""
    import regions
    good = "\n".join([
        "fn keep() {}",
        "    // lab(x) begin: do it",
        "    fn f() -> u32 {",
        "        42",
        "    }",
        "    // lab(x) stub:",
        "    //~ fn f() -> u32 {",
        "    //~     0 // TODO",
        "    //~ }",
        "    // lab(x) end",
        "",
    ])
    text, count = regions.stubbed(good, "x")
    assert count == 1, count
    assert text == "\n".join(["fn keep() {}", "    // lab(x) begin: do it", "    fn f() -> u32 {",
                              "        0 // TODO", "    }", "    // lab(x) end", ""]), text
    assert regions.stubbed(good, "y") == (good, 0)
    cut = [good.replace("    // lab(x) end\n", ""),                 # no end
           good.replace("    // lab(x) stub:\n", ""),               # no stub marker
           good.replace("    //~     0 // TODO", "    0"),           # a stub line without //~
           good.replace("// lab(x) end", "// lab(z) end")]           # another lab's end
    for bad in cut:
        try:
            regions.stubbed(bad, "x")
        except regions.RegionError:
            continue
        raise AssertionError(f"no error for a malformed region:\n{bad}")


def bad_input_self_test():
    """Bad command lines are usage errors (status 64, no traceback) that
    write nothing: an unknown lab, an OUT that cannot be made, a bad seed
    range, a submissions folder of junk, grading outside a student copy."""
    with tempfile.TemporaryDirectory() as tmp:
        junk = pathlib.Path(tmp) / "submissions"
        (junk / "__MACOSX").mkdir(parents=True)
        (junk / "notes.txt").write_text("not a student\n")
        cases = [["make-lab.py", "no-such-lab", f"{tmp}/out"],
                 ["make-lab.py", "mem2reg", "/proc/no/such/dir"],
                 ["make-lab.py", "mem2reg", f"{tmp}/out", "--seeds", "9:3"],
                 ["grade-all.py", "mem2reg", str(junk), "-o", f"{tmp}/scores.csv"],
                 ["grade.py"]]
        for argv in cases:
            r = subprocess.run([sys.executable, str(ROOT / "labs" / argv[0]), *argv[1:]],
                               capture_output=True, text=True, timeout=60)
            assert r.returncode == 64 and "Traceback" not in r.stderr, (argv, r.returncode, r.stderr)
        left = sorted(p.name for p in pathlib.Path(tmp).iterdir())
        assert left == ["submissions"], left


def interrupted_self_test():
    """A kill in the middle leaves nothing behind: make-lab empties its OUT,
    grade-all removes its work folder, both end with 128 + SIGTERM, and
    neither leaves anything in the temporary directory they were given;
    grade's `cargo test` process group dies with grade."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        temp = tmp / "temp"
        temp.mkdir()
        out = tmp / "out"
        subs = tmp / "submissions"
        (subs / "student").mkdir(parents=True)
        env = dict(os.environ, TMPDIR=str(temp))
        # Each waits for its command to be at work: OUT being filled, the
        # work folder made in the temporary directory.
        cases = [(["make-lab.py", "mem2reg", str(out)], lambda: out.is_dir() and any(out.iterdir())),
                 (["grade-all.py", "mem2reg", str(subs), "-o", str(tmp / "scores.csv")],
                  lambda: any(temp.iterdir()))]
        for argv, at_work in cases:
            proc = subprocess.Popen([sys.executable, str(ROOT / "labs" / argv[0]), *argv[1:]],
                                    env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                    text=True)
            deadline = time.monotonic() + 120
            while not at_work() and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.01)
            assert proc.poll() is None, (argv, "ended before it could be interrupted", proc.stderr.read())
            proc.send_signal(signal.SIGTERM)
            _, err = proc.communicate(timeout=60)
            assert proc.returncode == 128 + signal.SIGTERM and "Traceback" not in err, (argv, proc.returncode, err)
            assert not any(temp.iterdir()), (argv, "left", list(temp.iterdir()))
        assert not any(out.iterdir()), ("make-lab left", list(out.iterdir()))
        assert not (tmp / "scores.csv").exists()

    # grade runs `cargo test`, and grade-all runs make-lab and grade, in a
    # session of their own (usage.run_in_own_group): a kill of the script
    # takes that whole process group with it, grandchildren included (a
    # grandchild left running could write into a folder being removed).
    marker = f"{61 + os.getpid() % 1000 / 1000:.3f}"
    script = ("import usage\n"
              "usage.exit_cleanly_on_signals()\n"
              f"usage.run_in_own_group(['sh', '-c', 'sleep {marker} & wait'], 120)\n")
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT / "labs",
                            env=dict(os.environ, PYTHONPATH=str(ROOT / "labs")))
    def sleeping():
        return subprocess.run(["pgrep", "-f", f"^sleep {marker}$"], capture_output=True).returncode == 0
    deadline = time.monotonic() + 60
    while not sleeping() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert sleeping(), "the process group never started"
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) == 128 + signal.SIGTERM, proc.returncode
    time.sleep(0.2)
    assert not sleeping(), "the process group outlived the script that started it"


def main():
    usage.exit_cleanly_on_signals()
    ap = usage.Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("labs", nargs="*", help="labs to test (default: all)")
    ap.add_argument("--seeds", default="0:4", type=usage.seeds_text, help="wend-gen seeds of each copy's random part (default 0:4)")
    ap.add_argument("--minimise-budget", default="30", help="seconds the grader may spend reducing a program")
    ap.add_argument("--target-dir", default=os.environ.get("LABS_TARGET_DIR", str(ROOT / "target" / "labs-kit")))
    ap.add_argument("--cargo", default="all",
                    help="labs whose copies are graded with the part `cargo` too, comma-separated, "
                         "`all` or `none` (default all; the others skip it: `cargo test` of the "
                         "reference's crates is `make unit-tests`)")
    ap.add_argument("--only", choices=["stubs", "solution"], help="test only the stubs, or only the solution")
    ap.add_argument("--keep", action="store_true", help="leave the last copy in place")
    args = ap.parse_args()
    names = args.labs or list(catalog.LABS)
    cargo_labs = (set(catalog.LABS) if args.cargo == "all" else set()
                  if args.cargo == "none" else set(args.cargo.split(",")))
    unknown = [n for n in names + sorted(cargo_labs) if n not in catalog.LABS]
    if unknown:
        print(f"test-kit: unknown lab(s) {', '.join(unknown)}: one of {', '.join(catalog.LABS)}", file=sys.stderr)
        return 64

    # One place for every copy, the same from run to run (cargo's
    # fingerprints hold the source path): a folder of the temp directory
    # named after this repository.
    tag = hashlib.sha1(str(ROOT).encode()).hexdigest()[:10]
    base = pathlib.Path(tempfile.gettempdir()) / f"wendc-labs-kit-{tag}"
    copy = base / "copy"
    base.mkdir(exist_ok=True)
    grade_env = dict(os.environ, CARGO_TARGET_DIR=str(pathlib.Path(args.target_dir).resolve()))
    logs = pathlib.Path(args.target_dir) / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    # The reference is built where the caller builds it.
    make_env = dict(os.environ)

    regions_self_test()
    print("ok   the region parser on made-up regions")
    bad_input_self_test()
    print("ok   bad command lines are usage errors")
    interrupted_self_test()
    print("ok   a kill in the middle leaves nothing behind")
    passed, failed = 3, 0
    started = time.monotonic()
    try:
        for name in names:
            for solution in (False, True):
                if args.only and args.only != ("solution" if solution else "stubs"):
                    continue
                what = f"{name} ({'solution' if solution else 'stubs'})"
                t0 = time.monotonic()
                shutil.rmtree(copy, ignore_errors=True)
                argv = [sys.executable, str(ROOT / "labs" / "make-lab.py"), name, str(copy), "--seeds", args.seeds]
                if solution:
                    argv.append("--solution")
                made = subprocess.run(argv, env=make_env, capture_output=True, text=True)
                if made.returncode != 0:
                    print(f"FAIL {what}: make-lab exited {made.returncode}\n{made.stderr.strip()}")
                    failed += 1
                    continue
                result_file = base / "result.json"
                result_file.unlink(missing_ok=True)
                parts = list(catalog.PARTS)
                if name not in cargo_labs:
                    parts.remove("cargo")
                graded = subprocess.run(
                    [sys.executable, "labs/grade.py", "--json", str(result_file),
                     "--minimise-budget", args.minimise_budget, "--parts", ",".join(parts)],
                    cwd=copy, env=grade_env, capture_output=True, text=True)
                seconds = time.monotonic() - t0
                # What the grader said, to read what a student would see.
                log = logs / f"{name}-{'solution' if solution else 'stubs'}.txt"
                log.write_text(graded.stdout + graded.stderr)
                try:
                    result = json.loads(result_file.read_text())
                except (OSError, json.JSONDecodeError):
                    print(f"FAIL {what}: the grader wrote no result (exit {graded.returncode})\n"
                          f"{graded.stdout[-3000:]}{graded.stderr[-3000:]}")
                    failed += 1
                    continue
                score = result["score"]
                parts = ", ".join(f"{p['name']} {p['passed']}/{p['total']}" for p in result["parts"])
                if solution:
                    good = graded.returncode == 0 and score == 100
                    want = "exit 0 and 100"
                else:
                    good = graded.returncode == 1 and score <= STUB_MAX_SCORE
                    want = f"exit 1 and at most {STUB_MAX_SCORE:g}"
                verdict = "ok  " if good else "FAIL"
                print(f"{verdict} {what}: score {score:g}, exit {graded.returncode} ({parts}) "
                      f"in {seconds:.0f} s", flush=True)
                if not good:
                    print(f"     wanted {want}; the grader said:\n{graded.stdout[-4000:]}{graded.stderr[-2000:]}")
                    failed += 1
                else:
                    passed += 1
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    print(f"labs-test: {time.monotonic() - started:.0f} s")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
