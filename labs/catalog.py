"""The course kit's labs: what each one takes out of the compiler and how it is graded.

A lab is a set of regions of the real source, marked

    // lab(NAME) begin: <what the student must write>
    <the reference code, the code the project runs every day>
    // lab(NAME) stub:
    //~ <the stub: code that compiles, does something trivially wrong or
    //~  nothing, and says in comments what the real code must do>
    // lab(NAME) end

`labs/make-lab.py` writes a student copy with each region of the lab replaced
by its stub (and records the reference's outputs); `labs/grade.py` grades the
copy in parts, each worth `weights[part]` points. A part of weight 0 is
*required*: it gives no points, but while it fails the score is 0 (an
optimisation that breaks a program is worth nothing, however much it
optimises). The parts:

* golden   -- wendc commands on given inputs, whose stdout, stderr and exit
              status were recorded from the reference;
* programs -- the test programs the lab's code matters for (`programs`, a
              selection rule), through the lab's pipelines, against their
              expected output (from C twins compiled by gcc);
* random   -- wend-gen programs of the lab's seeds through the lab's
              pipelines, against the reference's output recorded when the copy
              was made; a failing one is minimised;
* checks   -- the lab's own checks (`checks`, implemented in labs/grade.py),
              against LLVM's answer or the reference's counts, recorded when
              the copy was made;
* cargo    -- `cargo test` of the lab's crates (`crates`).

To add a lab: mark its regions, add an entry below, write its handout
docs/labs/N-NAME.md, and run `make labs-test` (docs/teaching.md).
"""

from dataclasses import dataclass, field

# Pipelines of tests/run-programs.py.
MEM2REG_PIPELINES = ["interp-mem2reg", "interp-O2", "llvm-lli-mem2reg", "native-O2"]


@dataclass(frozen=True)
class Golden:
    """One recorded command: `wendc ARGS` with `{src}` standing for each input.
    With `baseline`, an input is kept only where the reference's output of
    ARGS differs from its output of BASELINE: where the lab's code changes
    something (else a stub that does nothing would pass it)."""
    args: tuple
    inputs: tuple
    baseline: tuple = ()


@dataclass(frozen=True)
class Lab:
    name: str
    number: int
    title: str
    # Source files holding the lab's regions (each must hold at least one).
    files: tuple
    # The passes or phases whose behaviour the regions decide.
    affects: str
    # The crates whose `cargo test` is part "cargo".
    crates: tuple
    golden: tuple
    # Which runnable test programs the part "programs" uses:
    #   "all"          every one;
    #   "phis"         those where the reference's mem2reg places a phi
    #                  (`wendc analyze` lists one);
    #   "sccp-changes" those whose IR after mem2reg,sccp differs from the IR
    #                  after mem2reg alone;
    #   "phis-at-O2"   those whose -O2 IR still has phis (native out-of-SSA
    #                  has copies to place).
    programs: str
    # Pipelines (tests/run-programs.py) that run the lab's code.
    pipelines: tuple
    # Checks of the part "checks" (labs/grade.py: CHECKS).
    checks: tuple
    weights: dict = field(default_factory=dict)
    # A pipeline that does not run the lab's code: what a minimised
    # random program is compared with.
    oracle: str = "interp-O0"
    # wend-gen seeds of the part "random" (make-lab.py --seeds overrides them).
    seeds: range = range(0, 30)

    @property
    def handout(self):
        return f"docs/labs/{self.number}-{self.name}.md"


SAMPLES = (
    "docs/examples/sum.wend",
    "docs/examples/collatz.wend",
    "docs/examples/prune.wend",
    "test-programs/simple/loops.wend",
    "test-programs/nontrivial/nqueens.wend",
    "test-programs/nontrivial/life.wend",
)

LABS = {
    lab.name: lab
    for lab in [
        Lab(
            name="dominators",
            number=1,
            title="Dominators and dominance frontiers",
            files=("crates/wend-ir/src/analysis/dom.rs", "crates/wend-ir/src/analysis/frontier.rs"),
            affects="wendc analyze, mem2reg (phi placement), GVN, LCSSA, the IR verifier",
            crates=("wend-ir",),
            golden=(Golden(("analyze", "{src}"), SAMPLES + ("docs/labs/examples/diamond.wend",)),),
            programs="phis",
            pipelines=tuple(MEM2REG_PIPELINES),
            checks=("llvm-domtree",),
            weights={"golden": 30, "programs": 15, "random": 15, "checks": 30, "cargo": 10},
        ),
        Lab(
            name="mem2reg",
            number=2,
            title="mem2reg: phi placement and renaming",
            files=("crates/wend-opt/src/mem2reg.rs",),
            affects="mem2reg, and so every pipeline from -O1 up",
            crates=("wend-opt",),
            golden=(Golden(("build", "--emit", "ir", "--passes", "mem2reg", "{src}"),
                           SAMPLES + ("docs/labs/examples/diamond.wend",)),),
            programs="phis",
            pipelines=tuple(MEM2REG_PIPELINES + ["interp-reg2mem"]),
            checks=("llvm-mem2reg",),
            weights={"golden": 20, "programs": 20, "random": 20, "checks": 30, "cargo": 10},
        ),
        Lab(
            name="sccp",
            number=3,
            title="Sparse conditional constant propagation and dead code elimination",
            files=("crates/wend-opt/src/sccp.rs", "crates/wend-opt/src/dce.rs"),
            affects="sccp and dce, at -O1 and -O2",
            crates=("wend-opt",),
            golden=(Golden(("build", "--emit", "ir", "--passes", "mem2reg,sccp,dce", "{src}"),
                           ("docs/examples/consts.wend", "docs/examples/dead.wend", "docs/examples/divzero.wend",
                            "docs/examples/messy.wend", "docs/labs/examples/constants.wend",
                            "test-programs/nontrivial/section8_example.wend", "test-programs/simple/bools.wend",
                            "test-programs/simple/int_min_div.wend", "test-programs/simple/wrap_mul.wend"),
                           baseline=("build", "--emit", "ir", "--passes", "mem2reg", "{src}")),),
            programs="sccp-changes",
            pipelines=("interp-O2", "llvm-llc-O2", "native-O2"),
            checks=("folding",),
            # An optimisation that miscompiles is worth nothing: correctness
            # is required, the points are for what it finds.
            weights={"golden": 40, "programs": 0, "random": 0, "checks": 40, "cargo": 20},
        ),
        Lab(
            name="out-of-ssa",
            number=4,
            title="Leaving SSA: critical edges and parallel copies",
            files=("crates/wend-x86/src/out_of_ssa.rs", "crates/wend-ir/src/parallel_copy.rs"),
            affects="the native backend (phi copies, call arguments and parameters) and phi-elim",
            crates=("wend-x86", "wend-ir"),
            golden=(Golden(("run", "-O2", "{src}"),
                           ("docs/examples/swap.wend", "docs/labs/examples/lost-copy.wend",
                            "docs/labs/examples/rotate.wend", "test-programs/simple/loops.wend")),),
            programs="phis-at-O2",
            pipelines=("native-O2",),
            checks=("copies",),
            # Most parallel copies have no conflict, so code that ignores the
            # lost-copy and swap problems passes most programs: correctness is
            # required, the points are for doing it in as few moves as the
            # reference and for the unit tests (every parallel copy of up to
            # five locations).
            weights={"golden": 0, "programs": 0, "random": 0, "checks": 50, "cargo": 50},
        ),
        Lab(
            name="linear-scan",
            number=5,
            title="Linear-scan register allocation",
            files=("crates/wend-x86/src/regalloc.rs",),
            affects="the native backend's register allocation",
            crates=("wend-x86",),
            golden=(Golden(("run", "-O2", "{src}"),
                           ("docs/labs/examples/pressure.wend", "test-programs/nontrivial/nqueens.wend")),),
            programs="all",
            pipelines=("native-O0", "native-O2"),
            checks=("spills",),
            # Spilling everything is correct and slow: correctness is
            # required, the points are for keeping values in registers.
            weights={"golden": 0, "programs": 0, "random": 0, "checks": 70, "cargo": 30},
        ),
    ]
}

PARTS = ("golden", "programs", "random", "checks", "cargo")

# Test programs the parts "programs" choose from: the runnable ones (errors/
# only hold diagnostics; the gfx demos run long and in bounded mode only).
PROGRAM_DIRS = ("test-programs/elementary", "test-programs/simple", "test-programs/nontrivial",
                "test-programs/runtime", "test-programs/regressions")

MARKER_PREFIX = "// lab("
