"""The lab regions of a source file (labs/catalog.py describes the markers).

`regions(text)` finds them, `stubbed(text, lab)` replaces those of one lab by
their stubs. A malformed region (a begin without its stub or end, a stub line
that is not `//~`, a marker of another lab inside) is an error naming the file
and line: a merge that cut a region must not yield a copy that silently keeps
the reference.
"""

import re

BEGIN = re.compile(r"^(\s*)// lab\(([\w-]+)\) begin: (.*)$")
STUB = re.compile(r"^(\s*)// lab\(([\w-]+)\) stub:\s*$")
END = re.compile(r"^(\s*)// lab\(([\w-]+)\) end\s*$")
STUB_LINE = re.compile(r"^(\s*)//~(?: (.*))?$")
ANY = re.compile(r"// lab\(")


class RegionError(Exception):
    pass


class Region:
    def __init__(self, lab, what, indent, begin, stub, end, stub_code):
        self.lab, self.what, self.indent = lab, what, indent
        # Line numbers (0-based) of the three markers.
        self.begin, self.stub, self.end = begin, stub, end
        self.stub_code = stub_code


def regions(text, path="<text>"):
    lines = text.split("\n")
    found = []
    i = 0
    while i < len(lines):
        line = lines[i]
        m = BEGIN.match(line)
        if not m:
            if STUB.match(line) or END.match(line):
                raise RegionError(f"{path}:{i + 1}: lab marker outside a region: {line.strip()}")
            i += 1
            continue
        indent, lab, what = m.groups()
        begin = i
        stub = end = None
        j = i + 1
        while j < len(lines):
            s, e = STUB.match(lines[j]), END.match(lines[j])
            if BEGIN.match(lines[j]):
                raise RegionError(f"{path}:{j + 1}: a region begins inside the region of line {begin + 1}")
            if s:
                if s.group(2) != lab or stub is not None:
                    raise RegionError(f"{path}:{j + 1}: unexpected stub marker in the region of line {begin + 1}")
                stub = j
            elif e:
                if e.group(2) != lab:
                    raise RegionError(f"{path}:{j + 1}: the region of line {begin + 1} is lab({lab}), this end lab({e.group(2)})")
                end = j
                break
            elif stub is not None and not STUB_LINE.match(lines[j]):
                raise RegionError(f"{path}:{j + 1}: a stub line must start with `//~`: {lines[j].strip()}")
            j += 1
        if stub is None or end is None:
            raise RegionError(f"{path}:{begin + 1}: region lab({lab}) has no `stub:` and `end` markers")
        code = []
        for k in range(stub + 1, end):
            sm = STUB_LINE.match(lines[k])
            body = sm.group(2) or ""
            code.append(indent + body if body else "")
        found.append(Region(lab, what, indent, begin, stub, end, code))
        i = end + 1
    return found


def stubbed(text, lab, path="<text>"):
    """`text` with every region of `lab` reduced to its begin marker, the
    stub code and the end marker. Returns (new text, number of regions)."""
    lines = text.split("\n")
    out = []
    last = 0
    count = 0
    for r in regions(text, path):
        if r.lab != lab:
            continue
        count += 1
        out.extend(lines[last:r.begin + 1])
        out.extend(r.stub_code)
        out.append(lines[r.end])
        last = r.end + 1
    out.extend(lines[last:])
    return "\n".join(out), count

