#!/usr/bin/env python3
"""Checks that every .wend file of the repository is in `wendc fmt`'s layout,
except those listed in tests/fmt-exclude.txt (`make fmt-check`, part of
`make test`). Fails with the diff of each file that is not.

Its self-test first: a listed exclusion that no longer exists is an error
(the list stays honest), and an unformatted file must make `--check` fail.

Usage: python3 tests/check-fmt.py [--wendc PATH]   (default: target/debug/wendc)
"""
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP_DIRS = {".git", "target", "node_modules"}


def exclusions():
    entries = []
    with open(os.path.join(ROOT, "tests", "fmt-exclude.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                entries.append(line)
    return entries


def wend_files():
    found = []
    for dirpath, dirnames, filenames in os.walk(ROOT):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        for name in sorted(filenames):
            if name.endswith(".wend"):
                found.append(os.path.relpath(os.path.join(dirpath, name), ROOT))
    return found


def excluded(path, entries):
    return any(path == e or (e.endswith("/") and path.startswith(e)) for e in entries)


def self_test(wendc):
    with tempfile.TemporaryDirectory() as tmp:
        messy = os.path.join(tmp, "messy.wend")
        with open(messy, "w", encoding="utf-8") as f:
            f.write("main(){println 1;}\n")
        result = subprocess.run([wendc, "fmt", "--check", messy], capture_output=True)
        if result.returncode != 1:
            sys.exit(f"self-test: `wendc fmt --check` passed an unformatted file (status {result.returncode})")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--wendc", default=os.path.join(ROOT, "target", "debug", "wendc"))
    args = parser.parse_args()
    wendc = os.path.abspath(args.wendc)
    self_test(wendc)
    entries = exclusions()
    missing = [e for e in entries if not os.path.exists(os.path.join(ROOT, e))]
    if missing:
        sys.exit(f"tests/fmt-exclude.txt lists what does not exist: {', '.join(missing)}")
    files = [f for f in wend_files() if not excluded(f, entries)]
    result = subprocess.run([wendc, "fmt", "--check", *files], cwd=ROOT)
    if result.returncode != 0:
        print("\nnot formatted: run `wendc fmt FILE` (or list it in tests/fmt-exclude.txt, with why)",
              file=sys.stderr)
        sys.exit(1)
    print(f"fmt-check: {len(files)} files formatted ({len(wend_files()) - len(files)} excluded)")


if __name__ == "__main__":
    main()
