#!/usr/bin/env python3
"""Grades a folder of submissions of one lab into a CSV of scores.

    python3 labs/grade-all.py LAB SUBMISSIONS -o scores.csv [--json-dir DIR]

SUBMISSIONS holds one folder per student: a whole student copy, or only the
lab's files, at their paths in the repository or by file name alone
(`mem2reg.rs`). One fresh copy of the lab is made (labs/make-lab.py); for
each student, their versions of the lab's files go into it and it is graded
(labs/grade.py). Nothing else of a submission is used: a grader or an
expected output changed in a student's copy counts for nothing. A lab file
a submission lacks keeps its stub (and the row says so).

The CSV has a row per student: the score, whether it is full marks, each
part as passed/total, the files taken, and the first failure in words. The
copies share one CARGO_TARGET_DIR (default: target/labs-grade-all/ of this
repository), so each student costs an incremental build.
Exit status: 0 when every submission was graded (whatever the scores), 1 if
one could not be, 64 for a usage error.
"""

import argparse
import csv
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "labs"))

import catalog  # noqa: E402
import usage  # noqa: E402


def find_file(sub, rel):
    """The submission's version of the lab file `rel`, or None."""
    direct = sub / rel
    if direct.is_file():
        return direct
    name = pathlib.PurePath(rel).name
    if (sub / name).is_file():
        return sub / name
    found = [p for p in sub.rglob(name) if p.is_file() and "target" not in p.relative_to(sub).parts]
    return found[0] if len(found) == 1 else None


def main():
    usage.exit_cleanly_on_signals()
    ap = usage.Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("lab")
    ap.add_argument("submissions")
    ap.add_argument("-o", "--output", required=True, help="the CSV file to write")
    ap.add_argument("--json-dir", help="also keep each student's full result here, as STUDENT.json")
    ap.add_argument("--seeds", type=usage.seeds_text, help="wend-gen seeds A:B (default: the lab's)")
    ap.add_argument("--target-dir", default=str(ROOT / "target" / "labs-grade-all"))
    args = ap.parse_args()
    if args.lab not in catalog.LABS:
        print(f"grade-all: unknown lab {args.lab!r}: one of {', '.join(catalog.LABS)}", file=sys.stderr)
        return 64
    subs_dir = pathlib.Path(args.submissions)
    if not subs_dir.is_dir():
        print(f"grade-all: {args.submissions} is not a folder", file=sys.stderr)
        return 64
    lab = catalog.LABS[args.lab]
    # Loose files, hidden folders and the __MACOSX folder of a zip made on a
    # Mac are no students.
    students = sorted(p for p in subs_dir.iterdir()
                      if p.is_dir() and not p.name.startswith(".") and p.name != "__MACOSX")
    if not students:
        print(f"grade-all: {args.submissions} has no submission folders", file=sys.stderr)
        return 64
    usage.require_writable("grade-all", args.output)
    json_dir = pathlib.Path(args.json_dir) if args.json_dir else None
    if json_dir:
        try:
            json_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            print(f"grade-all: cannot make --json-dir {args.json_dir}: {e.strerror}", file=sys.stderr)
            return 64

    # The same place from run to run (cargo's fingerprints hold the source
    # path, so a copy made there again rebuilds only the lab's crates).
    tag = hashlib.sha1(str(ROOT).encode()).hexdigest()[:10]
    work = pathlib.Path(tempfile.gettempdir()) / f"wendc-grade-all-{tag}-{lab.name}"
    copy = work / "copy"
    env = dict(os.environ, CARGO_TARGET_DIR=str(pathlib.Path(args.target_dir).resolve()))
    problems = 0
    try:
        # Made inside the `try`, so that a kill right after still removes it.
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir()
        argv = [sys.executable, str(ROOT / "labs" / "make-lab.py"), lab.name, str(copy)]
        if args.seeds:
            argv += ["--seeds", args.seeds]
        if usage.run_in_own_group(argv).returncode != 0:
            print("grade-all: could not make the lab's copy", file=sys.stderr)
            return 1
        stubs = {rel: (copy / rel).read_text() for rel in lab.files}
        rows = []
        for sub in students:
            taken = []
            for rel in lab.files:
                found = find_file(sub, rel)
                text = found.read_text(errors="replace") if found else stubs[rel]
                (copy / rel).write_text(text)  # a new modification time: cargo rebuilds it
                taken.append(f"{rel}={'submitted' if found else 'MISSING (stub)'}")
            result_file = work / "result.json"
            result_file.unlink(missing_ok=True)
            print(f"grade-all: {sub.name}", flush=True)
            proc = usage.run_in_own_group([sys.executable, "labs/grade.py", "--json", str(result_file)],
                                          cwd=copy, env=env, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, text=True)
            row = {"student": sub.name, "files": "; ".join(taken)}
            try:
                result = json.loads(result_file.read_text())
            except (OSError, json.JSONDecodeError):
                problems += 1
                row.update(score="", full_marks="", first_failure=f"not graded: {proc.stderr.strip()[-300:]}")
                rows.append(row)
                continue
            if json_dir:
                (json_dir / f"{sub.name}.json").write_text(json.dumps(result, indent=1) + "\n")
            row["score"] = result["score"]
            row["full_marks"] = "yes" if result["full_marks"] else "no"
            first = ""
            for p in result["parts"]:
                row[p["name"]] = f"{p['passed']}/{p['total']}"
                if not first and p["failures"]:
                    f = p["failures"][0]
                    first = f"{p['name']}: {f['item']}: {f['message']}"
            row["first_failure"] = first
            rows.append(row)
            print(f"  score {result['score']:g}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    fields = ["student", "score", "full_marks", *catalog.PARTS, "files", "first_failure"]
    with open(args.output, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields, restval="")
        writer.writeheader()
        writer.writerows(rows)
    print(f"grade-all: {len(rows)} submissions graded into {args.output}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
