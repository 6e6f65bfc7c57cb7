#!/usr/bin/env python3
"""The wendc benchmark harness: `make bench` (quick) and `make bench-full`.

Four sections, each printed as Markdown tables and written into
docs/performance.md (between `<!-- section:NAME -->` markers, so running one
section replaces only its part of the document; the hand-written notes
after each section between `<!-- standing:NAME -->` markers and at the end
between `<!-- notes -->` markers stay):

  scaling   compile time and peak memory of `wendc build` on generated
            programs of 1k, 10k, 100k (and, without --quick, 1M) lines in
            several shapes, at -O0 and -O2; per-phase times from
            `--time-passes`; growth factor per 10x size.
  mem2reg   wendc's mem2reg against LLVM 14's (`opt -passes=mem2reg`) on the
            unoptimised IR of every test program and of generated programs:
            phi counts, and the time of both tools on the same .ll file.
  runtime   run time of the programs in bench/programs/ compiled by wendc's
            native backend (-O0, -O2), by LLVM (llc -O0 after our mem2reg;
            opt -O2 + llc -O2 on our unoptimised IR; our -O2 + llc -O2), and
            of their C twins compiled by gcc -O2.
  lsp       how fast `wendc lsp` answers on a 10 000-line program: an edit,
            hover, definition, references, symbols, semantic tokens and
            formatting, by the server's own measure (bench/lsp_latency.py).

The machines are shared and noisy, so no number here stands alone: every
comparison runs its contenders alternately (one short hyperfine call per
round, the order rotated between rounds), repeats the rounds, and reports
medians and ratios. A ratio is the median over rounds of the ratio of the
two contenders' times in that round, which cancels slow drifts in load.

Every command runs under a time limit and an address-space limit, so a
compiler blow-up shows up as "timeout" or "out of memory" in a table
instead of taking the machine down.

`--baseline REV` compares this tree with an earlier state of the compiler
in the same run: the harness builds REV's wendc (any git revision) and the
scaling section times it in the same rounds as this one, adding the ratio
of this wendc's time to REV's for every program and level. Such a run is a
before/after for a commit message, so it does not write the document.
"""

import argparse
import contextlib
import datetime
import json
import math
import os
import pathlib
import platform
import re
import resource
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

import lsp_latency  # bench/lsp_latency.py, beside this script

ROOT = pathlib.Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
PROGRAMS = BENCH / "programs"
TEST_PROGRAMS = ROOT / "test-programs"
DOC = ROOT / "docs" / "performance.md"
RELEASE = ROOT / "target" / "release"

SHAPES = ["many-vars", "many-functions", "deep-ifs", "straight-line", "many-loops"]
QUICK_SIZES = [1_000, 10_000, 100_000]
FULL_SIZES = QUICK_SIZES + [1_000_000]
SECTIONS = ["scaling", "mem2reg", "runtime", "lsp"]

# What a "time" is: "cpu" (user + system: robust when other jobs compete
# for the cores) or "wall" (elapsed). Set from --clock.
CLOCK = "cpu"

# Goals the tables are checked against (listed at the top of docs/performance.md).
GOAL_O0_SECONDS_AT_100K = 1.0
GOAL_GROWTH_PER_10X = 12.0
GOAL_PEAK_MB_AT_100K = 200.0
GOAL_NATIVE_O0_SPEEDUP_OVER_LLC_O0 = 2.0
GOAL_NATIVE_O2_SLOWDOWN_VS_LLVM_O2 = 1.5


# ---------------------------------------------------------------------------
# Running commands


class Limits:
    """The time and memory every measured command is allowed."""

    def __init__(self, timeout_s, memory_mb):
        self.timeout_s = timeout_s
        self.memory_mb = memory_mb

    def preexec(self):
        """Caps the address space of the child (and everything it starts)."""
        limit = self.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


class Outcome:
    """One run of a command: success, or why not (for a table cell)."""

    def __init__(self, ok, seconds=None, stdout=b"", stderr=b"", why=""):
        self.ok = ok
        self.seconds = seconds
        self.stdout = stdout
        self.stderr = stderr
        self.why = why


def run(argv, limits, stdout_path=None):
    """Runs argv once under the limits; the failure reason is short."""
    start = time.perf_counter()
    try:
        out = open(stdout_path, "wb") if stdout_path else subprocess.PIPE
        try:
            result = subprocess.run(
                argv,
                stdout=out,
                stderr=subprocess.PIPE,
                timeout=limits.timeout_s,
                preexec_fn=limits.preexec,
            )
        finally:
            if stdout_path:
                out.close()
    except subprocess.TimeoutExpired:
        return Outcome(False, why=f"timeout (>{limits.timeout_s:g} s)")
    except OSError as e:
        return Outcome(False, why=f"cannot run {argv[0]}: {e.strerror}")
    seconds = time.perf_counter() - start
    stderr = result.stderr or b""
    if result.returncode != 0:
        text = stderr.decode(errors="replace")
        if "memory allocation" in text or "out of memory" in text.lower():
            why = f"out of memory (>{limits.memory_mb} MB)"
        elif result.returncode < 0:
            why = f"killed by signal {-result.returncode}"
        else:
            why = f"failed (status {result.returncode})"
        return Outcome(False, seconds, result.stdout or b"", stderr, why)
    return Outcome(True, seconds, result.stdout or b"", stderr)


def run_steps(steps, limits):
    """Runs a list of commands in order; the first failure wins."""
    total = 0.0
    for argv in steps:
        outcome = run(argv, limits)
        if not outcome.ok:
            outcome.why = f"{pathlib.Path(argv[0]).name}: {outcome.why}"
            return outcome
        total += outcome.seconds
    return Outcome(True, total)


def alternate(commands, limits, rounds, runs_per_round=1, system=None, prepare=None):
    """Times the commands (name -> argv) alternately with hyperfine.

    Each round is one hyperfine call running every command `runs_per_round`
    times; the order rotates between rounds so no command is always first.
    Returns name -> list of per-round lists of seconds (wall-clock times of
    each run, or with `--clock cpu` the mean user + system time of the
    round's runs). With `system` (a dict), the mean system time of each
    round is appended to `system[name]` as well. `prepare` (an argv) runs,
    untimed, before every run. The caller has run every
    command once already (that run is the warm-up).
    """
    names = list(commands)
    times = {name: [] for name in names}
    with tempfile.TemporaryDirectory() as tmp:
        export = os.path.join(tmp, "hyperfine.json")
        for r in range(rounds):
            order = names[r % len(names):] + names[: r % len(names)]
            argv = ["hyperfine", "-N", "--style", "none", "--runs", str(runs_per_round),
                    "--export-json", export]
            if prepare:
                argv += ["--prepare", shlex.join(prepare)]
            for name in order:
                argv += [f"--command-name={name}", shlex.join(commands[name])]
            done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                  text=True, preexec_fn=limits.preexec)
            if done.returncode != 0:
                sys.exit(f"bench: hyperfine failed:\n{done.stderr}")
            with open(export) as f:
                for result in json.load(f)["results"]:
                    if system is not None:
                        system.setdefault(result["command"], []).append(result["system"])
                    if CLOCK == "cpu":  # hyperfine gives the mean per call
                        times[result["command"]].append([result["user"] + result["system"]])
                    else:
                        times[result["command"]].append(result["times"])
    return times


def median_time(per_round):
    return statistics.median(t for round_times in per_round for t in round_times)


def paired_ratio(per_round_a, per_round_b):
    """Median over rounds of (time of a) / (time of b) in the same round."""
    return statistics.median(
        statistics.median(a) / statistics.median(b) for a, b in zip(per_round_a, per_round_b)
    )


def rounds_for(seconds_per_round, quick):
    """As many rounds as fit in a budget per comparison, within bounds."""
    budget, low, high = (8.0, 3, 7) if quick else (20.0, 5, 11)
    if seconds_per_round <= 0:
        return high
    return max(low, min(high, int(budget / seconds_per_round)))


def geomean(values):
    values = [v for v in values if v]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


# ---------------------------------------------------------------------------
# Formatting


def table(header, rows):
    """A Markdown table; right-aligns every column but the first."""
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    def line(cells):
        out = []
        for i, (cell, w) in enumerate(zip(cells, widths)):
            out.append(str(cell).ljust(w) if i == 0 else str(cell).rjust(w))
        return "| " + " | ".join(out) + " |"
    rule = "|" + "|".join(("-" * (w + 1) + ":") if i else ("-" * (w + 2))
                          for i, w in enumerate(widths)) + "|"
    return "\n".join([line(header), rule] + [line(r) for r in rows])


def fmt_seconds(s):
    if s is None:
        return "n/a"
    if s < 1:
        return f"{s * 1000:.1f} ms"
    return f"{s:.2f} s"


def fmt_ratio(r):
    return "n/a" if r is None else f"{r:.2f}×"


def goal(ok):
    return "met" if ok else "**missed**"


def size_label(n):
    return f"{n // 1_000_000}M" if n >= 1_000_000 else f"{n // 1000}k"


# ---------------------------------------------------------------------------
# The tools


class Tools:
    """Paths of the programs the sections run, and what wendc can do."""

    def __init__(self, args):
        self.wendc = str(args.wendc)
        # The wendc of --baseline REV (built by check_prerequisites), or None.
        self.baseline = str(args.baseline_wendc) if args.baseline else None
        self.wend_gen = str(args.wend_gen)
        help_text = subprocess.run([self.wendc, "build", "--help"], capture_output=True,
                                   text=True).stdout
        self.has_native = "--backend" in help_text
        # The scaling section measures the whole compiler down to text: the
        # native backend's assembly when it exists, LLVM IR until then.
        self.scaling_emit = "asm" if re.search(r"^\s+(- )?asm\b", help_text, re.M) else "llvm"
        self.time_bin = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def check_prerequisites(args):
    """Exits with a how-to-install message if a needed tool is missing."""
    needed = {
        "hyperfine": "sudo apt-get install hyperfine   (or: cargo install hyperfine)",
        "opt": "sudo apt-get install llvm-14   (and put its bin/ on PATH)",
        "llc": "sudo apt-get install llvm-14",
        "gcc": "sudo apt-get install gcc",
        "cc": "sudo apt-get install gcc",
    }
    missing = [f"  {tool}: install with `{how}`" for tool, how in needed.items()
               if shutil.which(tool) is None]
    if missing:
        sys.exit("bench: missing tools:\n" + "\n".join(missing))
    if not args.no_build:
        print("bench: cargo build --release -p wendc -p wend-gen", flush=True)
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "wendc", "-p", "wend-gen"],
                       cwd=ROOT, check=True)
    for path in (args.wendc, args.wend_gen):
        if not pathlib.Path(path).exists():
            sys.exit(f"bench: {path} does not exist (run without --no-build)")
    if args.baseline:
        args.baseline_wendc = build_baseline(args.baseline)


BASELINE_DIR = ROOT / "target" / "bench-baseline"


def build_baseline(rev):
    """Builds the wendc of git revision `rev` in release mode and returns its
    path. The revision's files are extracted to one fixed place under
    target/ (git archive keeps the commit's times), so that building the
    same revision again is cargo's no-op."""
    found = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                           cwd=ROOT, capture_output=True, text=True)
    if found.returncode != 0:
        sys.exit(f"bench: --baseline {rev}: not a commit of this repository")
    commit = found.stdout.strip()
    src = BASELINE_DIR / "src"
    stamp = BASELINE_DIR / "commit"
    if not (stamp.exists() and stamp.read_text() == commit and src.exists()):
        shutil.rmtree(src, ignore_errors=True)
        src.mkdir(parents=True)
        archive = subprocess.Popen(["git", "archive", commit], cwd=ROOT, stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", str(src)], stdin=archive.stdout, check=True)
        if archive.wait() != 0:
            sys.exit(f"bench: git archive {commit} failed")
        stamp.write_text(commit)
    print(f"bench: cargo build --release -p wendc of --baseline {rev} ({commit[:10]})", flush=True)
    env = dict(os.environ, CARGO_TARGET_DIR=str(BASELINE_DIR / "target"))
    built = subprocess.run(["cargo", "build", "--release", "-q", "-p", "wendc"], cwd=src, env=env)
    if built.returncode != 0:
        sys.exit(f"bench: --baseline {rev}: its wendc does not build")
    return BASELINE_DIR / "target" / "release" / "wendc"


def generate(tools, shape, lines, work):
    """A generated program of the shape and size (cached in the work dir)."""
    path = work / f"{shape}-{size_label(lines)}.wend"
    if not path.exists():
        with open(path, "wb") as f:
            subprocess.run([tools.wend_gen, "scale", "--shape", shape, "--lines", str(lines)],
                           stdout=f, check=True)
    return path


# ---------------------------------------------------------------------------
# Section 1: compile-time scaling

# name, time (ms), share, runs, then the kernel time (ms) and peak (MiB).
PHASE_ROW = re.compile(r"^(.+?)\s+([\d.]+)\s+([\d.]+)%\s+(\d+)(?:\s+(\S+))?(?:\s+(\S+))?\s*$")


def parse_time_passes(stderr):
    """Phase -> milliseconds, and the peak memory (MiB), from --time-passes."""
    phases, peak = {}, None
    for line in stderr.decode(errors="replace").splitlines():
        m = PHASE_ROW.match(line)
        if m and m.group(1) != "phase":
            phases[m.group(1).strip()] = float(m.group(2))
        m = re.match(r"peak memory: ([\d.]+) MiB", line)
        if m:
            peak = float(m.group(1))
    return phases, peak


def compile_probe(tools, src, level, work, limits):
    """One compile with --time-passes (under GNU time when installed):
    the warm-up run, the phase table and the peak memory."""
    out = work / f"{src.stem}-O{level}.out"
    argv = [tools.wendc, "build", "-w", "--emit", tools.scaling_emit, f"-O{level}",
            "--time-passes", str(src), "-o", str(out)]
    mem_file = work / "maxrss"
    if tools.time_bin:
        argv = [tools.time_bin, "-f", "%M", "-o", str(mem_file)] + argv
    outcome = run(argv, limits)
    if not outcome.ok:
        return outcome, {}, None
    phases, peak = parse_time_passes(outcome.stderr)
    # --time-passes resets the kernel's high-water mark before each phase
    # (so that each phase shows its own peak), and GNU time reads that same
    # mark at exit: alone it would give only the peak since the last reset.
    # Each is a lower bound and together they cover the whole compile.
    if tools.time_bin and mem_file.exists():
        since_last_reset = int(mem_file.read_text().split()[-1]) / 1024
        peak = max(peak or 0.0, since_last_reset)
    return outcome, phases, peak


# What fresh memory costs on this machine, and the state of free memory
# each timed compile starts in. On some virtual machines the guest hands
# free 2 MB blocks back to its host ("free page reporting", virtio-balloon),
# and touching such a block again makes the host find and zero memory for
# it. A compile's kernel time then depends on how much of its memory was
# freed recently enough to still be there: in rotating rounds, a 100k-line
# compile finds the memory the compile before it freed, and a 1M-line one
# needs more than that, so growth factors would measure the order of the
# round as much as the compiler. The scaling section therefore starts every
# compile in the same state, chosen from a probe of the machine.

PROBE_MB = 256
# Long enough for the reporting of the blocks freed by the previous touch
# (it runs every couple of seconds where it is enabled).
PROBE_IDLE_S = 5.0
# Touching memory after idling costing this many times what it costs right
# after a free: the machine hands free memory back to its host.
HOST_RECLAIM_RATIO = 3.0
PROBE_SCRIPT = r"""
import mmap, resource, sys
size = int(sys.argv[1]) << 20
m = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
try:
    m.madvise(mmap.MADV_HUGEPAGE)  # as the compiler's allocator does
except (AttributeError, OSError):
    pass  # a kernel without transparent huge pages: 4 KB pages, as wendc gets
before = resource.getrusage(resource.RUSAGE_SELF).ru_stime
for i in range(0, size, 4096):
    m[i] = 1
print(resource.getrusage(resource.RUSAGE_SELF).ru_stime - before)
"""
PAGE_REPORTING = pathlib.Path("/sys/module/page_reporting/parameters")


class HeldPageReporting:
    """Free page reporting held off for the run, where the kernel lets us.

    Some guest kernels (those of the machines these tables come from) can
    delay the reporting: a free block is reported only once it has been
    free for `min_free_ms`, or sooner when more than `max_waiting_mib` is
    waiting. Raising both for the run keeps the memory that compiles free
    in the guest, so that the next compile finds it there, as on bare
    metal; entering the context sets them (as root), leaving it restores
    the old values. `held_ms` is how long a free block now waits (0 where
    the kernel has no such parameters or they cannot be written)."""

    # Tried from the top: this kernel accepts up to 300 000 (five minutes).
    MIN_FREE_MS = (3_600_000, 1_800_000, 600_000, 300_000, 120_000, 60_000)

    def __init__(self):
        self.saved = {}
        self.held_ms = 0

    def __enter__(self):
        min_free, max_waiting = (PAGE_REPORTING / "min_free_ms",
                                 PAGE_REPORTING / "max_waiting_mib")
        try:
            saved = {path: path.read_text().strip() for path in (min_free, max_waiting)}
        except OSError:  # a kernel without these parameters
            return self
        for ms in self.MIN_FREE_MS:
            try:
                min_free.write_text(str(ms))
            except OSError:  # above the kernel's limit, or not root
                continue
            self.saved, self.held_ms = saved, ms
            # Never more waiting than the machine has memory.
            max_waiting.write_text(str(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") >> 20))
            break
        return self

    def __exit__(self, *exc):
        for path, value in self.saved.items():
            path.write_text(value)
        return False

    def describe(self):
        return (f"free page reporting was held off for the run (the kernel's "
                f"`page_reporting.min_free_ms` raised to {self.held_ms} and `max_waiting_mib` "
                "to the machine's memory, restored at exit: `--page-reporting leave` keeps "
                "them), so a block is reported only after "
                f"{self.held_ms / 60_000:g} minutes free")


def touch_command(mb):
    """A process that touches `mb` MB of fresh memory and prints the kernel
    seconds that took."""
    return [sys.executable, "-c", PROBE_SCRIPT, str(mb)]


def touch_fresh_memory(mb):
    """Kernel seconds to touch `mb` MB of fresh memory, in a new process."""
    done = subprocess.run(touch_command(mb), capture_output=True, text=True, check=True)
    return float(done.stdout)


class FreshMemory:
    """The probe's result: kernel milliseconds to touch PROBE_MB of new
    memory right after a process freed as much (`warm_ms`) and after
    PROBE_IDLE_S idle (`cold_ms`), medians of `rounds`."""

    def __init__(self, rounds=3):
        warm, cold = [], []
        for _ in range(rounds):
            touch_fresh_memory(PROBE_MB)
            warm.append(touch_fresh_memory(PROBE_MB))
            time.sleep(PROBE_IDLE_S)
            cold.append(touch_fresh_memory(PROBE_MB))
        self.rounds = rounds
        self.warm_ms = 1000 * statistics.median(warm)
        self.cold_ms = 1000 * statistics.median(cold)

    def host_reclaims(self):
        return self.cold_ms >= HOST_RECLAIM_RATIO * max(self.warm_ms, 1.0)

    def describe(self, held):
        text = (f"Fresh memory on this machine: touching {PROBE_MB} MB of new memory in 2 MB "
                f"pages took {self.warm_ms:.0f} ms of kernel time right after a process freed as "
                f"much, and {self.cold_ms:.0f} ms after {PROBE_IDLE_S:g} s idle (medians of "
                f"{self.rounds})")
        reporting = PAGE_REPORTING / "page_reporting_order"
        if reporting.exists():
            order = reporting.read_text().strip()
            text += (f"; the kernel reports free blocks of order {order} "
                     f"({4 << int(order)} KB and up) to the host "
                     "(virtio-balloon free page reporting), which takes their memory back")
            if held.held_ms:
                text += f"; but {held.describe()}"
        return text + "."


class MemoryState:
    """The state of free memory every timed compile of the scaling section
    starts in, set by a step that runs untimed before it (hyperfine's
    `--prepare`): "warm", after a process touched and freed `mb` MB, as on
    bare metal; "idle", after a pause of `seconds`, as a compile started on
    an idle machine; or "as left", whatever the compile before it in the
    round left (on a machine whose host does not take memory back, all
    three are the same)."""

    def __init__(self, args, probe):
        self.mb, self.seconds = args.warm_memory, args.idle
        if self.seconds is None:  # the default: idle where it makes a difference
            self.seconds = PROBE_IDLE_S if probe.host_reclaims() and not self.mb else 0.0

    def prepare(self):
        if self.mb:
            return touch_command(self.mb)
        if self.seconds:
            return ["sleep", f"{self.seconds:g}"]
        return None

    def describe(self):
        if self.mb:
            return (f"each compile ran right after another process touched and freed {self.mb} "
                    "MB of memory (`--warm-memory`), finding memory the host had not taken back, "
                    "as on bare metal")
        if self.seconds:
            return (f"each compile ran after {self.seconds:g} s idle (`--idle "
                    f"{self.seconds:g}`), finding no memory the host had not taken back, as a "
                    "compile started on an idle machine does, whatever ran before it")
        return "each compile found the memory the one before it left"


def section_scaling(tools, args, work, limits):
    sizes = QUICK_SIZES if args.quick else FULL_SIZES
    emit = tools.scaling_emit
    results = {}  # (shape, size, level) -> dict(time, peak, phases) or why
    # Growth per 10x is a comparison like any other: every size and level
    # of a shape runs in the same rounds, and a growth factor is the median
    # over rounds of the ratio within a round, so that a change in the
    # machine's load between sizes does not pass for growth.
    per_round = {}  # (shape, size, level) -> per-round cpu (or wall) seconds
    per_round_system = {}  # (shape, size, level) -> per-round system seconds
    probe = FreshMemory()
    memory = MemoryState(args, probe)
    print(f"  {probe.describe(args.held)} So {memory.describe()}.", flush=True)
    for shape in SHAPES:
        failed_levels = set()  # once a size fails, larger sizes will too
        commands, probes = {}, {}
        for size in sizes:
            src = generate(tools, shape, size, work)
            for level in (0, 2):
                if level in failed_levels:
                    results[shape, size, level] = {"why": "skipped (smaller size failed)"}
                    continue
                outcome, phases, peak = compile_probe(tools, src, level, work, limits)
                if outcome.ok:
                    name = f"{size_label(size)} -O{level}"
                    probes[name] = outcome.seconds
                    commands[name] = [tools.wendc, "build", "-w", "--emit", emit, f"-O{level}",
                                      str(src), "-o", str(work / f"{src.stem}-O{level}.out")]
                    results[shape, size, level] = {"phases": phases, "peak": peak, "name": name}
                    if tools.baseline:
                        base = [tools.baseline] + commands[name][1:-1] + [
                            str(work / f"{src.stem}-O{level}.baseline.out")]
                        warm = run(base, limits)  # the baseline's warm-up
                        if warm.ok:
                            probes[f"{name} baseline"] = warm.seconds
                            commands[f"{name} baseline"] = base
                            results[shape, size, level]["baseline"] = f"{name} baseline"
                        else:
                            results[shape, size, level]["baseline_why"] = warm.why
                else:
                    failed_levels.add(level)
                    results[shape, size, level] = {"why": outcome.why}
        if commands:
            rounds = rounds_for(sum(probes.values()), args.quick)
            system = {}
            times = alternate(commands, limits, rounds, system=system,
                              prepare=memory.prepare())
            for size in sizes:
                for level in (0, 2):
                    r = results[shape, size, level]
                    if "name" in r:
                        r["time"] = median_time(times[r["name"]])
                        if "baseline" in r:
                            r["vs_baseline"] = paired_ratio(times[r["name"]], times[r["baseline"]])
                        r["system"] = statistics.median(system[r["name"]])
                        per_round[shape, size, level] = times[r["name"]]
                        per_round_system[shape, size, level] = system[r["name"]]
        for size in sizes:
            status = ", ".join(
                f"-O{lv} " + (fmt_seconds(results[shape, size, lv].get("time"))
                              if "time" in results[shape, size, lv]
                              else results[shape, size, lv]["why"]) for lv in (0, 2))
            print(f"  scaling {shape:15} {size_label(size):>4}: {status}", flush=True)

    def growth_factor(shape, size, level):
        """Time at `size` over time at the size 10x smaller, paired by round."""
        i = sizes.index(size)
        if i == 0:
            return None
        a, b = (per_round.get((shape, sizes[i - 1], level)),
                per_round.get((shape, size, level)))
        return paired_ratio(b, a) if a and b else None

    def cell_time(shape, size, level):
        r = results[shape, size, level]
        return fmt_seconds(r["time"]) if "time" in r else r["why"]

    def growth(shape, size, level):
        if sizes.index(size) == 0:
            return ""
        g = growth_factor(shape, size, level)
        return "n/a" if g is None else f"{g:.1f}×"

    def cell_kernel(shape, size, level):
        r = results[shape, size, level]
        if "time" not in r:
            return "n/a"
        if r["time"] < 0.1:  # the kernel counts system time in clock ticks: too coarse
            return ""
        return f"{100 * r['system'] / r['time']:.0f}%" if CLOCK == "cpu" else f"{r['system']:.2f} s"

    def cell_peak(shape, size, level):
        r = results[shape, size, level]
        return f"{r['peak']:.0f} MB" if r.get("peak") is not None else "n/a"

    def cell_baseline(shape, size, level):
        r = results[shape, size, level]
        if "vs_baseline" in r:
            return fmt_ratio(r["vs_baseline"])
        return "baseline " + r["baseline_why"] if "baseline_why" in r else "n/a"

    rows = []
    for shape in SHAPES:
        for size in sizes:
            rows.append([f"{shape} {size_label(size)}"]
                        + [cell(shape, size, level) for level in (0, 2)
                           for cell in [cell_time, cell_kernel, growth, cell_peak]
                           + ([cell_baseline] if tools.baseline else [])])
    against = [f"vs {args.baseline}"] if tools.baseline else []
    largest_ratios = [(results[shape, sizes[-1], level]["vs_baseline"], f"{shape} -O{level}")
                      for shape in SHAPES for level in (0, 2)
                      if "vs_baseline" in results[shape, sizes[-1], level]]
    worst_against = (f"Against `{args.baseline}` at {size_label(sizes[-1])} lines: from "
                     f"{fmt_ratio(min(largest_ratios)[0])} ({min(largest_ratios)[1]}) to "
                     f"{fmt_ratio(max(largest_ratios)[0])} ({max(largest_ratios)[1]}); "
                     "below 1× this wendc is faster." if largest_ratios else None)
    main_table = table(["program (lines)"]
                       + [column for level in (0, 2)
                          for column in [f"-O{level} time", "kernel", "growth/10×",
                                         f"-O{level} peak"] + against], rows)

    def worst_user_growth(shape):
        """The worst growth/10x of user time alone (the compiler's own work,
        without the kernel's cost of fresh memory), over the steps whose
        smaller size takes at least 0.1 s (the kernel counts in ticks)."""
        growths = []
        for i in range(1, len(sizes)):
            for lv in (0, 2):
                small, big = (shape, sizes[i - 1], lv), (shape, sizes[i], lv)
                if small not in per_round or big not in per_round:
                    continue
                if results[small]["time"] < 0.1:
                    continue
                user = {key: [[statistics.median(t) - s]
                              for t, s in zip(per_round[key], per_round_system[key])]
                        for key in (small, big)}
                growths.append(paired_ratio(user[big], user[small]))
        return fmt_ratio(max(growths)) if growths else "n/a"

    # Goals, at 100k lines and over every 10x step.
    goal_rows = []
    for shape in SHAPES:
        r0 = results[shape, 100_000, 0]
        t = r0.get("time")
        factors = [growth_factor(shape, size, lv) for size in sizes[1:] for lv in (0, 2)]
        growths = [g for g in factors if g is not None]
        steps_missing = None in factors
        worst = max(growths) if growths else None
        peaks = [results[shape, 100_000, lv].get("peak") for lv in (0, 2)]
        peaks = [p for p in peaks if p is not None]
        goal_rows.append([
            shape,
            f"{fmt_seconds(t)}: {goal(t is not None and t < GOAL_O0_SECONDS_AT_100K)}",
            f"{fmt_ratio(worst)}: {goal(worst is not None and worst <= GOAL_GROWTH_PER_10X and not steps_missing)}",
            (f"{max(peaks):.0f} MB{'' if len(peaks) == 2 else ' (-O2 failed)'}: "
             f"{goal(max(peaks) < GOAL_PEAK_MB_AT_100K and len(peaks) == 2)}"
             if peaks else "n/a: **missed**"),
        ] + ([worst_user_growth(shape)] if CLOCK == "cpu" else []))
    goal_table = table(["shape", f"-O0 at 100k < {GOAL_O0_SECONDS_AT_100K:g} s",
                        f"worst growth/10× ≤ {GOAL_GROWTH_PER_10X:g}×",
                        f"peak at 100k < {GOAL_PEAK_MB_AT_100K:g} MB (-O0 and -O2)"]
                       + (["user time only: worst growth/10× (not a goal)"] if CLOCK == "cpu"
                          else []), goal_rows)

    # Phases at the largest size, one column per shape.
    phase_tables = []
    largest = sizes[-1]
    for level in (0, 2):
        phase_names = []
        for shape in SHAPES:
            for name in results[shape, largest, level].get("phases", {}):
                if name not in phase_names:
                    phase_names.append(name)
        rows = []
        for name in phase_names:
            row = [name]
            for shape in SHAPES:
                phases = results[shape, largest, level].get("phases")
                row.append(f"{phases[name]:.1f}" if phases and name in phases else
                           ("" if phases else "n/a"))
            rows.append(row)
        phase_tables.append(
            f"Phases at -O{level}, {size_label(largest)} lines, in ms "
            f"(wall clock of one `--time-passes` run; \"n/a\": the compile failed):\n\n"
            + table(["phase"] + SHAPES, rows))

    return "\n\n".join([
        "## 1. Compile-time scaling",
        f"`wendc build --emit {emit} -O0|-O2` (release build) on `wend-gen scale` programs. "
        f"Times ({CLOCK} time) are medians of rounds in which every size and level of a shape runs "
        "once, in rotating order; growth/10× is the median over rounds of the time at this size "
        "divided by the time at the size 10× smaller in the same round; kernel is the part of the time spent in "
        "the kernel (system time: mostly giving the compiler fresh, zeroed memory pages); peak "
        "is the maximum resident set size "
        + ("(the larger of GNU time's `%M` and `--time-passes`' peak, which resets the "
           "kernel's high-water mark at each phase)." if tools.time_bin
           else "(`--time-passes`).")
        + f" Limits per compile: {limits.timeout_s:g} s, {limits.memory_mb} MB of address space."
        + (f" vs {args.baseline} is the median over rounds of this wendc's time divided by the "
           f"time of the wendc of `{args.baseline}` ({commit_of(args.baseline)}) on the same "
           "program in the same round." if tools.baseline else ""),
        main_table,
    ] + ([worst_against] if worst_against else []) + [
        f"{probe.describe(args.held)} A compile pays between the two for each page of its memory, "
        "depending on how much of it was freed shortly before the compile started; here "
        f"{memory.describe()}.",
        "Goals:",
        goal_table,
    ] + phase_tables)


# ---------------------------------------------------------------------------
# Section 2: mem2reg versus LLVM

PHI = re.compile(rb"=\s*phi\b")


def count_phis(path):
    return len(PHI.findall(pathlib.Path(path).read_bytes()))


def section_mem2reg(tools, args, work, limits):
    sources = sorted(p for p in TEST_PROGRAMS.rglob("*.wend") if "errors" not in p.parts)
    sizes = [10_000, 100_000] if args.quick else [10_000, 100_000, 1_000_000]
    generated = [generate(tools, shape, size, work) for size in sizes for shape in SHAPES]
    rows_small, rows_large, problems = [], [], []
    for src in sources + generated:
        is_generated = src in generated
        name = (src.stem if is_generated else str(src.relative_to(TEST_PROGRAMS))[:-5])
        ll = work / f"m2r-{src.stem}.ll"
        ours_out, llvm_out = work / f"m2r-{src.stem}.ours.ll", work / f"m2r-{src.stem}.llvm.ll"
        lowered = run([tools.wendc, "build", "-w", "--emit", "ir", "-O0", str(src), "-o", str(ll)],
                      limits)
        if not lowered.ok:
            problems.append(f"{name}: `wendc build --emit ir` {lowered.why}")
            continue
        ours = [tools.wendc, "opt", str(ll), "--passes", "mem2reg", "-o", str(ours_out)]
        llvm = ["opt", "-passes=mem2reg", "-S", str(ll), "-o", str(llvm_out)]
        ours_probe, llvm_probe = run(ours, limits), run(llvm, limits)
        if not (ours_probe.ok and llvm_probe.ok):
            problems.append(f"{name}: " + "; ".join(
                f"{who} {p.why}" for who, p in (("wendc opt", ours_probe), ("opt", llvm_probe))
                if not p.ok))
            continue
        valid = run(["opt", "-passes=verify", "-disable-output", str(ours_out)], limits)
        if not valid.ok:
            problems.append(f"{name}: LLVM's verifier rejects wendc's mem2reg output")
        phis_ours, phis_llvm = count_phis(ours_out), count_phis(llvm_out)
        if is_generated:
            rounds = rounds_for(ours_probe.seconds + llvm_probe.seconds, args.quick)
            runs = 1
        else:  # tiny files: a few runs per round so startup noise averages out
            rounds, runs = 3, 3
        times = alternate({"wendc": ours, "llvm": llvm}, limits, rounds, runs)
        ratio = paired_ratio(times["wendc"], times["llvm"])
        lines = sum(1 for _ in open(ll, "rb"))
        row = [name, lines, phis_ours, phis_llvm,
               "yes" if phis_ours <= phis_llvm else "**no**",
               fmt_seconds(median_time(times["wendc"])), fmt_seconds(median_time(times["llvm"])),
               fmt_ratio(ratio)]
        (rows_large if is_generated else rows_small).append((row, ratio, phis_ours, phis_llvm))
        print(f"  mem2reg {name:40} phis {phis_ours}/{phis_llvm}  wendc/llvm time {ratio:.2f}",
              flush=True)

    header = ["input", ".ll lines", "phis wendc", "phis LLVM", "≤ LLVM",
              "wendc opt", "LLVM opt", "time wendc/LLVM"]
    more = [r for r in rows_small if r[2] > r[3]]
    generated_failures = [p for p in problems if p.split(":")[0] in
                          {g.stem for g in generated}]
    large_ok = not generated_failures and all(r[1] < 1 for r in rows_large if r[0][1] >= 100_000)
    summary = [
        f"Test programs: {len(rows_small)} measured; wendc places more phis than LLVM on "
        f"{len(more)} of them (total phis: wendc {sum(r[2] for r in rows_small)}, "
        f"LLVM {sum(r[3] for r in rows_small)}); time wendc/LLVM, geometric mean "
        f"{fmt_ratio(geomean([r[1] for r in rows_small]))} (these files are tiny: process "
        "start-up dominates).",
        f"Generated programs: wendc places more phis on "
        f"{sum(1 for r in rows_large if r[2] > r[3])} of {len(rows_large)}; time wendc/LLVM, "
        f"geometric mean {fmt_ratio(geomean([r[1] for r in rows_large]))}.",
        f"Goals: never more phis than LLVM: "
        f"{goal(not more and all(r[2] <= r[3] for r in rows_large))}; faster than LLVM on every "
        f"input of 100k+ .ll lines: {goal(large_ok and any(r[0][1] >= 100_000 for r in rows_large))}.",
    ]
    parts = [
        "## 2. mem2reg: wendc versus LLVM 14",
        "Input: the unoptimised IR (`wendc build --emit ir -O0`) of every runnable test program "
        "and of generated programs. Contenders, alternating on the same .ll file, each reading "
        "it and writing the result to a file: `wendc opt FILE --passes mem2reg -o OUT` and "
        f"`opt -passes=mem2reg -S FILE -o OUT` ({CLOCK} time). Phis are counted in each output; wendc's output "
        "is also checked with LLVM's verifier.",
        "\n".join(f"- {s}" for s in summary),
        "Generated programs:",
        table(header, [r[0] for r in rows_large]),
    ]
    interesting = sorted(rows_small, key=lambda r: -r[0][1])[:5]
    shown = more + [r for r in interesting if r not in more]
    parts += ["Test programs with more phis than LLVM, and the five largest:",
              table(header, [r[0] for r in shown]),
              "<details><summary>All test programs</summary>\n\n"
              + table(header, [r[0] for r in rows_small]) + "\n\n</details>"]
    if problems:
        parts += ["Problems:", "\n".join(f"- {p}" for p in problems)]
    return "\n\n".join(parts)


# ---------------------------------------------------------------------------
# Section 3: generated code speed

BASELINE = "opt-O2+llc-O2"


def runtime_contenders(tools, src, exe_dir):
    """Contender name -> the build steps that produce exe_dir/NAME (None if
    this wendc cannot build it)."""
    w = tools.wendc
    stem = exe_dir / src.stem

    def via_llvm(name, wendc_flags, opt_level, llc_level):
        ll, s, exe = f"{stem}.{name}.ll", f"{stem}.{name}.s", f"{stem}.{name}"
        steps = [[w, "build", "-w", "--emit", "llvm", *wendc_flags, str(src), "-o", ll]]
        if opt_level:
            optimised = f"{stem}.{name}.opt.ll"
            steps.append(["opt", f"-O{opt_level}", ll, "-S", "-o", optimised])
            ll = optimised
        steps += [["llc", f"-O{llc_level}", "-relocation-model=pic", ll, "-o", s],
                  ["cc", s, "-o", exe]]
        return steps

    def native(name, wendc_flags):
        if not tools.has_native:
            return None
        return [[w, "build", "-w", *wendc_flags, "--backend", "native", str(src),
                 "-o", f"{stem}.{name}"]]

    return {
        "native-O0": native("native-O0", ["-O0"]),
        # The same IR as llc-O0's input: the fair test of the backend alone.
        "native-mem2reg": native("native-mem2reg", ["--passes", "mem2reg"]),
        "native-O2": native("native-O2", ["-O2"]),
        "llc-O0": via_llvm("llc-O0", ["--passes", "mem2reg"], 0, 0),
        "wendc-O2+llc-O2": via_llvm("wendc-O2+llc-O2", ["-O2"], 0, 2),
        BASELINE: via_llvm(BASELINE, ["-O0"], 2, 2),
        "gcc-O2": [["gcc", "-O2", "-I", str(TEST_PROGRAMS), str(src.with_suffix(".c")),
                    "-o", f"{stem}.gcc-O2"]],
    }


def section_runtime(tools, args, work, limits):
    programs = sorted(PROGRAMS.glob("*.wend"))
    names = list(runtime_contenders(tools, programs[0], work))
    medians = {}  # (program, contender) -> seconds
    ratios = {}  # (program, contender) -> time / baseline time, paired per round
    notes = {}  # (program, contender) -> why there is no time
    problems = []
    for src in programs:
        exes = {}
        for name, steps in runtime_contenders(tools, src, work).items():
            if steps is None:
                notes[src.stem, name] = "n/a"
                continue
            built = run_steps(steps, limits)
            if not built.ok:
                notes[src.stem, name] = "build failed"
                problems.append(f"{src.stem}, {name}: {built.why}")
                continue
            exes[name] = [str(work / f"{src.stem}.{name}")]
        # Identical output first: the probe runs are also the warm-up.
        outputs = {name: run(argv, limits) for name, argv in exes.items()}
        reference = outputs.get("gcc-O2") or outputs.get(BASELINE)
        for name, outcome in outputs.items():
            if not outcome.ok or outcome.stdout != reference.stdout:
                notes[src.stem, name] = "wrong output" if outcome.ok else outcome.why
                problems.append(f"{src.stem}, {name}: "
                                + ("output differs from gcc -O2's" if outcome.ok else outcome.why))
                del exes[name]
        if not exes:
            continue
        rounds = rounds_for(sum(o.seconds for n, o in outputs.items() if n in exes), args.quick)
        times = alternate(exes, limits, rounds)
        for name in exes:
            medians[src.stem, name] = median_time(times[name])
            if BASELINE in exes:
                ratios[src.stem, name] = paired_ratio(times[name], times[BASELINE])
        print(f"  runtime {src.stem:12} " + "  ".join(
            f"{n} {fmt_seconds(medians.get((src.stem, n)))}" for n in names), flush=True)

    rows = []
    for src in programs:
        row = [src.stem]
        for name in names:
            if (src.stem, name) in medians:
                r = ratios.get((src.stem, name))
                row.append(f"{fmt_seconds(medians[src.stem, name])} ({fmt_ratio(r)})")
            else:
                row.append(notes.get((src.stem, name), "n/a"))
        rows.append(row)
    means = {name: geomean([ratios.get((p.stem, name)) for p in programs])
             if all((p.stem, name) in ratios for p in programs) else None for name in names}
    rows.append(["geometric mean (ratio)"] + [fmt_ratio(means[n]) for n in names])

    def pair_goal(a, b, bound, faster):
        """The geometric mean over programs of time(a) / time(b)."""
        if means.get(a) is None or means.get(b) is None:
            return "n/a (not measured)"
        r = means[a] / means[b]
        ok = (1 / r >= bound) if faster else (r <= bound)
        return f"{fmt_ratio(1 / r if faster else r)}: {goal(ok)}"

    goals = [
        f"native backend speed-up over llc -O0, both on the IR after mem2reg (geometric mean, "
        f"goal ≥ {GOAL_NATIVE_O0_SPEEDUP_OVER_LLC_O0:g}×): "
        + pair_goal("native-mem2reg", "llc-O0", GOAL_NATIVE_O0_SPEEDUP_OVER_LLC_O0, True),
        f"native -O2 time / opt -O2 + llc -O2 time (geometric mean, goal ≤ "
        f"{GOAL_NATIVE_O2_SLOWDOWN_VS_LLVM_O2:g}×): "
        + pair_goal("native-O2", BASELINE, GOAL_NATIVE_O2_SLOWDOWN_VS_LLVM_O2, False),
    ]
    parts = [
        "## 3. Generated code speed",
        "The programs of `bench/programs/` (each with a C twin), built by every contender; all "
        "outputs are checked to be identical to gcc's first. Cells: median run time "
        f"({CLOCK} time; ratio to "
        f"`{BASELINE}` in the same rounds; below 1 is faster). Contenders are described in "
        "`bench/README.md`.",
        table(["program"] + names, rows),
        "\n".join(f"- {g}" for g in goals),
    ]
    if problems:
        parts += ["Problems:", "\n".join(f"- {p}" for p in problems)]
    return "\n\n".join(parts)


def section_lsp(tools, args, work, limits):
    rounds = 10 if args.quick else 30
    results, lines = lsp_latency.measure(tools.wendc, 10_000, rounds)
    return lsp_latency.table(results, lines, rounds)


# ---------------------------------------------------------------------------
# The document


def machine_info():
    model = "unknown CPU"
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
    except OSError:
        pass
    nproc = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
    return f"{model}, {nproc} CPUs available (`nproc`), {platform.system()} {platform.release()}"


def commit_info():
    def git(*a):
        return subprocess.run(["git", *a], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    # Untracked files (a test's saved seeds, say) do not change the build.
    changed = git("status", "--porcelain", "--untracked-files=no")
    return commit + (" with uncommitted changes" if changed else "")


def commit_of(rev):
    """The short hash of git revision `rev`."""
    return subprocess.run(["git", "rev-parse", "--short", rev], cwd=ROOT, capture_output=True,
                          text=True).stdout.strip() or "unknown"


def tool_versions():
    def first_line(argv):
        try:
            out = subprocess.run(argv, capture_output=True, text=True)
            return (out.stdout or out.stderr).strip().splitlines()[0]
        except (OSError, IndexError):
            return "?"
    llvm = next((l.strip() for l in subprocess.run(["opt", "--version"], capture_output=True,
                                                     text=True).stdout.splitlines()
                 if "version" in l), "?")
    return f"{llvm}; {first_line(['gcc', '--version'])}; {first_line(['hyperfine', '--version'])}"


DOC_INTRO = """# wendc performance

How fast wendc compiles, how its mem2reg compares with LLVM's, and how fast
the code it generates runs. The tables are written by `bench/run.py`; the
"Where it stands" after each section is written by hand and kept when the
tables are rewritten. The history of earlier runs, and of what was tried,
is in the git history of this file.

**Reproduce:** `make bench` (programs of 1k to 100k lines) or
`make bench-full` (also 1M lines, more rounds);
`python3 bench/run.py --quick --section scaling` reruns one section. Method,
options and what the tools must be: `bench/README.md`. The machines are
shared and noisy: contenders always run alternately in the same run, and
the tables give medians and ratios; compare ratios, not absolute times,
across runs.

**Goals** (each table says "met" or "missed"): an -O0 compile of 100k lines
under 1 s, peak memory under 200 MB at 100k lines, and compile time growing
at most 12× per 10× more lines, on every shape and at -O0 and -O2; mem2reg
never placing more phis than LLVM's and faster than `opt -passes=mem2reg`
on every input of 100k lines or more; the native backend's code at least
2× as fast as `llc -O0`'s on the same IR, and at -O2 taking at most 1.5×
the time of `opt -O2` + `llc -O2`.
"""


def write_doc(section_texts, header):
    """Replaces the sections that ran, keeping the others from the last run,
    the hand-written summary after each section (between
    `<!-- standing:NAME -->` markers) and the hand-written notes (between
    `<!-- notes -->` markers, last)."""
    old = DOC.read_text() if DOC.exists() else ""
    notes = re.search(r"<!-- notes -->\n.*?<!-- /notes -->\n", old, re.S)
    blocks = {}
    standing = {}
    for name in SECTIONS:
        m = re.search(rf"<!-- section:{name} -->\n(.*?)<!-- /section:{name} -->", old, re.S)
        if m:
            blocks[name] = m.group(1)
        m = re.search(rf"<!-- standing:{name} -->\n.*?<!-- /standing:{name} -->\n", old, re.S)
        if m:
            standing[name] = m.group(0)
    for name, text in section_texts.items():
        blocks[name] = f"_Run: {header}_\n\n{text}\n"
    out = [DOC_INTRO]
    for name in SECTIONS:
        if name in blocks:
            out.append(f"<!-- section:{name} -->\n{blocks[name]}<!-- /section:{name} -->\n")
        if name in standing:
            out.append(standing[name])
    if notes:
        out.append(notes.group(0))
    DOC.parent.mkdir(exist_ok=True)
    DOC.write_text("\n".join(out))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="sizes 1k, 10k, 100k only, fewer rounds (what `make bench` runs)")
    parser.add_argument("--section", action="append", choices=SECTIONS,
                        help="run only this section (repeatable; default: all)")
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                        help="measure user + system CPU time (default: robust on a busy, "
                             "shared machine) or elapsed wall-clock time")
    parser.add_argument("--warm-memory", type=int, default=0, metavar="MB",
                        help="scaling: before each timed compile, touch and free MB of memory "
                             "(untimed), so that on a virtual machine that hands free memory "
                             "back to its host every compile starts with memory still there, "
                             "as on bare metal (instead of --idle)")
    parser.add_argument("--idle", type=float, default=None, metavar="S",
                        help="scaling: pause S seconds before each timed compile (untimed), so "
                             "that on a virtual machine that hands free memory back to its host "
                             f"every compile starts as on an idle machine (default: {PROBE_IDLE_S:g} "
                             "where a probe finds the machine does that, else 0; 0: never, each "
                             "compile finding what the one before it left)")
    parser.add_argument("--page-reporting", choices=["hold", "leave"], default="hold",
                        help="hold (the default): where the kernel lets us delay its free page "
                             "reporting (virtio-balloon; as root), delay it for the run, so that "
                             "the host takes back no memory freed during it, as on bare metal; "
                             "the old settings are restored at exit. leave: as the machine is")
    parser.add_argument("--no-build", action="store_true",
                        help="do not run `cargo build --release` first")
    parser.add_argument("--no-write", action="store_true",
                        help=f"print the tables only, do not update {DOC.relative_to(ROOT)}")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds allowed per command (default 60)")
    parser.add_argument("--memory-limit", type=int, default=4096,
                        help="address-space limit per command, in MB (default 4096)")
    parser.add_argument("--work-dir", type=pathlib.Path,
                        help="keep generated programs and binaries here (default: a temporary directory)")
    parser.add_argument("--baseline", metavar="REV",
                        help="also build the wendc of git revision REV and time it in the same "
                             "rounds as this one in the scaling section, with the ratio per "
                             "program (a before/after run: implies --no-write)")
    parser.add_argument("--wendc", type=pathlib.Path, default=RELEASE / "wendc")
    parser.add_argument("--wend-gen", type=pathlib.Path, default=RELEASE / "wend-gen")
    args = parser.parse_args()
    if args.warm_memory < 0 or (args.idle is not None and args.idle < 0):
        parser.error("--warm-memory and --idle take a size and a time of 0 or more")
    if args.warm_memory and args.idle:
        parser.error("--warm-memory and --idle set opposite states of memory: choose one")
    if args.baseline:
        if args.section and "scaling" not in args.section:
            parser.error("--baseline compares compile times: it needs the scaling section")
        args.no_write = True
    global CLOCK
    CLOCK = args.clock
    sections = args.section or SECTIONS

    check_prerequisites(args)
    tools = Tools(args)
    limits = Limits(args.timeout, args.memory_limit)
    # A `kill` ends the run through the `with` below, restoring the
    # kernel's settings, as Ctrl-C does.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    args.held = HeldPageReporting()
    with args.held if args.page_reporting == "hold" else contextlib.nullcontext():
        run_sections(args, tools, limits, sections)


def run_sections(args, tools, limits, sections):
    header = (f"{datetime.date.today().isoformat()}, commit {commit_info()}, "
              f"{'--quick' if args.quick else 'full'}, {CLOCK} time; {machine_info()}; {tool_versions()}; "
              f"native backend: {'yes' if tools.has_native else 'not yet in wendc'}"
              + ("; free page reporting held off" if args.held.held_ms else ""))
    print(f"bench: {header}", flush=True)

    with tempfile.TemporaryDirectory(prefix="wend-bench-") as tmp:
        work = args.work_dir or pathlib.Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        runners = {"scaling": section_scaling, "mem2reg": section_mem2reg,
                   "runtime": section_runtime, "lsp": section_lsp}
        texts = {}
        for name in SECTIONS:
            if name in sections:
                print(f"bench: section {name}", flush=True)
                texts[name] = runners[name](tools, args, work, limits)
                print("\n" + texts[name] + "\n", flush=True)
    if not args.no_write:
        write_doc(texts, header)
        print(f"bench: wrote {DOC.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
