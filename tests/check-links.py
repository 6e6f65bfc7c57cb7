#!/usr/bin/env python3
"""Check that the repository's Markdown refers to nothing a fresh clone
lacks: every relative link resolves, and no path names a file of one
machine.

For each .md file of the repository (tracked, or new and not ignored by
git), every link and image is read:

    [text](dest)  ![alt](dest)  [text](<dest> "title")  [label]: dest
    <a href="dest">  <img src="dest">

outside fenced code blocks and inline code. A destination with a scheme
(https:, mailto:, ...) is left alone. Any other destination must:

- be relative: an absolute path names a file of one machine;
- stay inside the repository (`../` past the root does not exist in a
  clone);
- name a file or directory that a clone has: on disk, and not ignored by
  git (a link into target/ works here and nowhere else);
- if it has a `#fragment` and names a Markdown file (or is only a
  fragment), match a heading of that file as GitHub names it (see `slug`)
  or an explicit `id`/`name` anchor.

The prose and inline code are also searched for file paths that only exist
on one machine: a `../` path that leads out of the repository, or an
absolute path outside the system's own directories (/usr, /tmp, /sys, ...),
such as a path into the author's home or work directory.

Each problem is reported as FILE:LINE: message; the exit status is 1 if
there is one, 0 otherwise.

Usage:
    python3 tests/check-links.py [--root DIR]   check DIR (default: the repository)
    python3 tests/check-links.py --self-test    check the checker on made-up broken links
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
ATX_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
SETEXT_UNDERLINE = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
# An inline link or image: `[text](` or `![alt](`; the destination is read
# by `read_destination`, which handles nested parentheses and `<...>`.
INLINE_OPEN = re.compile(r"!?\[(?:[^\[\]\\]|\\.|\[[^\[\]]*\])*\]\(")
REFERENCE_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:[ \t]*(<[^>]*>|\S+)")
HTML_ATTRIBUTE = re.compile(r"<(?:a|img)\b[^>]*?\b(href|src)\s*=\s*(\"[^\"]*\"|'[^']*')", re.I)
HTML_ANCHOR = re.compile(r"<[a-z][^>]*?\b(?:id|name)\s*=\s*(\"[^\"]*\"|'[^']*')", re.I)
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
# A path in running text: absolute with two components or more, or going up
# with `../`; not inside a word, a URL or another path.
PROSE_PATH = re.compile(r"(?<![\w.~/:-])(/[\w.-]+(?:/[\w.-]+)+|(?:\.\./)+[\w.-][\w./-]*)")
LINK_DESTINATION = re.compile(r"\]\([^)]*\)|\b(?:href|src)\s*=\s*(?:\"[^\"]*\"|'[^']*')")
# Absolute paths under these are the same on every Linux machine.
SYSTEM_DIRECTORIES = {"bin", "dev", "etc", "lib", "lib64", "opt", "proc", "run", "sbin",
                      "sys", "tmp", "usr", "var"}


def repository_files(root):
    """The files a clone of `root` has (relative paths), or None when `root`
    is not the top of a git work tree (then everything on disk counts)."""
    try:
        top = subprocess.run(["git", "-C", str(root), "rev-parse", "--show-toplevel"],
                             capture_output=True, text=True, check=True).stdout.strip()
        if Path(top).resolve() != root.resolve():
            return None
        listed = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    # Deleted but still tracked files are not in a clone made after the commit.
    return {f for f in listed.decode("utf-8", "surrogateescape").split("\0")
            if f and (root / f).exists()}


def markdown_files(root, files):
    if files is not None:
        return sorted(root / f for f in files if f.endswith(".md"))
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in (".git", "target"))
        found.extend(Path(dirpath) / f for f in sorted(filenames) if f.endswith(".md"))
    return found


def prose_lines(text):
    """(line number, line) for each line outside fenced code blocks, with
    inline code blanked out (so that `[a](b)` in backticks is not a link)."""
    lines = text.split("\n")
    fence = None
    kept = []
    for number, line in enumerate(lines, 1):
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)
            continue
        if fence is not None:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) \
                    and line.strip() == m.group(1):
                fence = None
            continue
        kept.append((number, line))
    # Code spans may not cross a blank line; blank them paragraph-wise so
    # that a span broken over two lines is still found.
    result = []
    paragraph = []

    def flush():
        if not paragraph:
            return
        joined = "\n".join(line for _, line in paragraph)
        joined = CODE_SPAN.sub(lambda m: " " * len(m.group(0)), joined)
        for (number, _), line in zip(paragraph, joined.split("\n")):
            result.append((number, line))
        paragraph.clear()

    for number, line in kept:
        if line.strip() == "":
            flush()
            result.append((number, line))
        else:
            paragraph.append((number, line))
    flush()
    return result


def read_destination(line, start):
    """The destination of an inline link whose `(` ends at `start`."""
    i = start
    while i < len(line) and line[i] in " \t":
        i += 1
    if i < len(line) and line[i] == "<":
        end = line.find(">", i)
        return line[i + 1:end] if end != -1 else None
    depth = 0
    j = i
    while j < len(line):
        c = line[j]
        if c == "\\":
            j += 2
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            if depth == 0:
                break
            depth -= 1
        elif c in " \t":
            break
        j += 1
    return line[i:j]


def links_of(text):
    """(line number, destination) for every link and image in `text`."""
    found = []
    for number, line in prose_lines(text):
        for m in INLINE_OPEN.finditer(line):
            dest = read_destination(line, m.end())
            if dest is not None:
                found.append((number, dest))
        m = REFERENCE_DEFINITION.match(line)
        if m:
            found.append((number, m.group(1).strip("<>")))
        for m in HTML_ATTRIBUTE.finditer(line):
            found.append((number, m.group(2)[1:-1]))
    return found


def prose_paths(text):
    """(line number, path) for every file path named in running text or
    inline code, outside fenced blocks and link destinations (those are
    checked as links)."""
    found = []
    for number, line in prose_lines_with_code(text):
        line = LINK_DESTINATION.sub("]", line)
        found.extend((number, m.group(1).rstrip(".")) for m in PROSE_PATH.finditer(line))
    return found


def heading_text(raw):
    """A heading's text as rendered: links reduced to their text, code and
    HTML tags to their content."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", raw)
    text = re.sub(r"<[^>]+>", "", text)
    return text.replace("`", "")


def slug(text):
    """GitHub's anchor for a heading: lower case, punctuation dropped
    (letters, digits, `_`, `-` and spaces stay), each space a `-`."""
    text = heading_text(text).strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in "_- ")
    return text.replace(" ", "-")


def anchors_of(text):
    """Every fragment that names a place in `text`: heading slugs (a
    repeated slug gets -1, -2, ... as on GitHub) and HTML id/name anchors."""
    anchors = set()
    seen = {}
    previous = None
    for number, line in prose_lines_with_code(text):
        heading = None
        m = ATX_HEADING.match(line)
        if m:
            heading = m.group(2) or ""
        elif previous is not None and previous.strip() and SETEXT_UNDERLINE.match(line) \
                and not ATX_HEADING.match(previous) and not previous.lstrip().startswith(("-", "*", ">", "|")):
            heading = previous.strip()
        if heading is not None:
            base = slug(heading)
            count = seen.get(base, 0)
            seen[base] = count + 1
            anchors.add(base if count == 0 else f"{base}-{count}")
        for m in HTML_ANCHOR.finditer(line):
            anchors.add(m.group(1)[1:-1])
        previous = line
    return anchors


def prose_lines_with_code(text):
    """Lines outside fenced code blocks, inline code kept (headings keep
    their code text in the slug)."""
    fence = None
    for number, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)
            continue
        if fence is not None:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) \
                    and line.strip() == m.group(1):
                fence = None
            continue
        yield number, line


class Checker:
    def __init__(self, root):
        self.root = root.resolve()
        self.files = repository_files(self.root)
        self.anchor_cache = {}

    def in_clone(self, target):
        """Whether a clone has `target` (a resolved path inside the root)."""
        if not target.exists():
            return False
        if self.files is None:
            return True
        rel = target.relative_to(self.root).as_posix()
        if rel == ".":
            return True
        if target.is_dir():
            prefix = rel + "/"
            return any(f.startswith(prefix) for f in self.files)
        return rel in self.files

    def anchors(self, path):
        if path not in self.anchor_cache:
            self.anchor_cache[path] = anchors_of(path.read_text(encoding="utf-8"))
        return self.anchor_cache[path]

    def problem(self, source, dest):
        """What is wrong with link `dest` in file `source`, or None."""
        if SCHEME.match(dest):
            return None
        path_part, _, fragment = dest.partition("#")
        path_part = urllib.parse.unquote(path_part.split("?")[0])
        fragment = urllib.parse.unquote(fragment)
        if path_part.startswith("/"):
            return f"`{dest}` is an absolute path: link relative to this file"
        if path_part == "":
            target = source
        else:
            target = Path(os.path.normpath(source.parent / path_part))
            try:
                target.relative_to(self.root)
            except ValueError:
                return f"`{dest}` points outside the repository"
            if not target.exists():
                return f"`{dest}`: no such file"
            if not self.in_clone(target):
                return f"`{dest}` is ignored by git: a clone does not have it"
        if fragment and target.is_file() and target.suffix == ".md":
            if fragment not in self.anchors(target):
                where = "this file" if target == source else f"`{target.relative_to(self.root)}`"
                return f"`{dest}`: no heading or anchor `#{fragment}` in {where}"
        return None

    def path_problem(self, source, path):
        """What is wrong with a path named in the prose of `source`, or None."""
        if path.startswith("/"):
            if path.split("/")[1] in SYSTEM_DIRECTORIES:
                return None
            return f"`{path}` is a path on one machine: name files of the repository relative to it"
        target = Path(os.path.normpath(source.parent / path))
        try:
            target.relative_to(self.root)
        except ValueError:
            return f"`{path}` points outside the repository"
        return None

    def check(self):
        """Problems as (file, line, message), in file order."""
        problems = []
        for md in markdown_files(self.root, self.files):
            text = md.read_text(encoding="utf-8")
            rel = md.relative_to(self.root).as_posix()
            found = [(number, self.problem(md, dest)) for number, dest in links_of(text)]
            found += [(number, self.path_problem(md, path)) for number, path in prose_paths(text)]
            # A link whose text names its own destination is one problem.
            unique = dict.fromkeys(sorted((f for f in found if f[1]), key=lambda f: f[0]))
            problems.extend((rel, number, message) for number, message in unique)
        return problems


def self_test():
    """The checker finds each kind of broken link and stray path, once,
    and nothing else."""
    good = """# Top title
Intro [guide](docs/guide.md), [section](docs/guide.md#2-printing-values),
[dup](docs/guide.md#notes-1), [here](#top-title), [dir](docs/),
![pic](docs/pic.png), [web](https://example.org/x), [mail](mailto:a@b.c),
[spaced](<docs/a file.md>), [escaped](docs/a%20file.md), [parens](docs/p(1).md),
[ref]: docs/guide.md
<a href="docs/guide.md#notes">html</a>
`[not a link](nowhere.md)`
Paths that are fine: `/usr/bin/time`, /sys/kernel/mm, `docs/guide.md`, https://example.org/a/b, and/or, -O0/-O2, 1/2/3.

```text
[also not a link](nowhere.md)
```

~~~
[nor this](nowhere.md)
~~~
"""
    broken = {
        "[gone](docs/missing.md)": "no such file",
        "[outside](../shared/x.md)": "points outside the repository",
        "[abs](/work/shared/x.md)": "is an absolute path",
        "[anchor](docs/guide.md#no-such-heading)": "no heading or anchor",
        "[self](#nowhere)": "no heading or anchor",
        "![img](docs/missing.png)": "no such file",
        "[def]: docs/missing2.md": "no such file",
        '<img src="docs/missing3.png">': "no such file",
        "[built](out/report.md)": "ignored by git",
        "The definition is `/work/shared/wend-language.md`.": "is a path on one machine",
        "See /home/alice/notes.txt for more": "is a path on one machine",
        "the articles in ../shared/seeds": "points outside the repository",
    }
    guide = """# Guide
Back to ../README.md, or [up](../README.md).
## 2. Printing `values`
## Notes
## Notes
Setext heading
--------------
"""
    lines = good.split("\n")
    broken_lines = {}
    for link, want in broken.items():
        lines += ["", link]
        broken_lines[len(lines)] = (link, want)
    with tempfile.TemporaryDirectory(prefix="check-links-") as tmp:
        root = Path(tmp) / "repo"
        (root / "docs").mkdir(parents=True)
        (root / "docs" / "guide.md").write_text(guide)
        (root / "docs" / "pic.png").write_bytes(b"")
        (root / "docs" / "a file.md").write_text("# A\n")
        (root / "docs" / "p(1).md").write_text("# P\n")
        (root / "out").mkdir()
        (root / "out" / "report.md").write_text("# Report\n")
        (root / ".gitignore").write_text("out/\n")
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        (root / "README.md").write_text("\n".join(lines) + "\n")
        problems = Checker(root).check()
    failures = []
    reported = {}
    for path, line, message in problems:
        reported.setdefault((path, line), []).append(message)
    for line, (link, want) in broken_lines.items():
        got = reported.pop(("README.md", line), [])
        if len(got) != 1 or want not in got[0]:
            failures.append(f"line {line}: `{link}` should be reported once as `{want}`, got {got}")
    for (path, line), messages in reported.items():
        failures.extend(f"{path}:{line}: a good link or path was reported: {m}" for m in messages)
    if "setext-heading" not in anchors_of(guide):
        failures.append("a setext heading gives no anchor")
    for f in failures:
        print(f"check-links self-test: {f}")
    if failures:
        return 1
    print(f"check-links self-test: {len(broken)} broken links and paths found, nothing else")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", type=Path, default=ROOT, help="the repository to check")
    ap.add_argument("--self-test", action="store_true", help="check the checker itself")
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    problems = Checker(args.root).check()
    for path, line, message in problems:
        print(f"{path}:{line}: {message}")
    if problems:
        print(f"\n{len(problems)} broken link(s) or path(s) outside the repository")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
