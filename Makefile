# make test   — unit tests, then every test program through every pipeline
# make wendc  — build the compiler
# make docs-check — the generated parts of docs/ match the current compiler
#                  (python3 docs/gen/update.py regenerates them)
# make fmt-check — every .wend file of the repository is in `wendc fmt`'s layout
#                 (but those tests/fmt-exclude.txt lists, with why)
# make links-check — every relative link of the Markdown files resolves in a clone,
#                   and no path in them leads outside the repository
# make lsp-tests — `wendc lsp` driven over stdio by an LSP client (pytest-lsp)
# make fuzz-diff N=100000 — that many random programs through every pipeline
# make same-output OLD=main — IR, LLVM and assembly byte-identical to revision OLD's
# make bench  — benchmarks side by side (make bench-full adds 1M-line programs)
# make gfx    — build the terminal demos into target/gfx/ (run e.g. target/gfx/plasma)
# make vsix   — the VS Code extension, target/wend.vsix (editors/vscode/README.md)
# make editors-test — the TextMate grammar and the Vim syntax file against their samples
# make lab LAB=NAME OUT=DIR — a student copy for one lab of the course kit (`make lab`
#                  alone lists them; SOLUTION=1 keeps the reference code); docs/teaching.md
# make grade  — in a student copy: grade the lab (labs/grade.py; exit 0 only at full marks)
# make labs-test — the kit itself: every lab's stubs fail their grader, its solution passes

CARGO ?= cargo
WENDC := target/debug/wendc

.PHONY: lab grade labs-test all test unit-tests program-tests lsp-tests docs-check fmt-check links-check random-tests fuzz-diff same-output wendc fmt lint gfx bench bench-full editors-test vsix

all: wendc

wendc:
	$(CARGO) build -p wendc

unit-tests:
	$(CARGO) test --workspace

program-tests: wendc
	python3 tests/run-programs.py --wendc $(WENDC)

lsp-tests: wendc
	WENDC=$(WENDC) python3 -m pytest tests/lsp -q

docs-check: wendc
	tests/check-docs.sh $(WENDC)

fmt-check: wendc
	python3 tests/check-fmt.py --wendc $(WENDC)

# The checker's self-test first: it must find made-up broken links.
links-check:
	python3 tests/check-links.py --self-test
	python3 tests/check-links.py

# Random programs through every pipeline (crates/wend-gen); any disagreement
# is minimised into test-programs/regressions/. `make fuzz-diff N=100000`.
N ?= 1000
FUZZ_SEEDS ?= 0:300

fuzz-diff: wendc
	$(CARGO) build -p wend-gen
	python3 tests/fuzz-diff.py --seeds 0:$(N)

random-tests: wendc
	$(CARGO) build -p wend-gen
	python3 tests/fuzz-diff.py --seeds $(FUZZ_SEEDS)

# For refactors that must not change behaviour: every test program and
# random program at -O0/-O1/-O2, compiled by this tree and by revision OLD
# (built into target/same-output/), must print the same IR, LLVM and assembly.
OLD ?= main

same-output: wendc
	$(CARGO) build -p wend-gen
	python3 tests/same-output.py --old-rev $(OLD)


# The editor support (editors/): its npm tools are pinned by
# editors/vscode/package-lock.json and installed on first use.
VSCODE_EXT := editors/vscode

$(VSCODE_EXT)/node_modules/.package-lock.json: $(VSCODE_EXT)/package.json $(VSCODE_EXT)/package-lock.json
	cd $(VSCODE_EXT) && npm ci --no-audit --no-fund

editors-test: wendc $(VSCODE_EXT)/node_modules/.package-lock.json
	cd $(VSCODE_EXT) && npm test --silent
	cd $(VSCODE_EXT) && node test/agree-with-lexer.js ../../$(WENDC)
	editors/nvim/test/run.sh

vsix: $(VSCODE_EXT)/node_modules/.package-lock.json
	mkdir -p target
	cd $(VSCODE_EXT) && npx vsce package --allow-missing-repository --out ../../target/wend.vsix

# The course kit (labs/, docs/teaching.md). In labs-test, LABS_SEEDS are the
# random programs of each lab's copy, and LABS_CARGO the labs graded with
# their `cargo test` part too (`all` for every one): kept small, as each
# copy's test build of its crate costs minutes on CI's two cores, and the
# reference's crate tests are unit-tests already.
LAB ?=
OUT ?=
LABS_SEEDS ?= 0:4
LABS_CARGO ?= dominators

lab:
ifeq ($(LAB),)
	@python3 labs/make-lab.py --list
else
	python3 labs/make-lab.py $(LAB) $(OUT) $(if $(SOLUTION),--solution)
endif

grade:
	python3 labs/grade.py $(if $(LAB),--lab $(LAB))

labs-test:
	python3 labs/test-kit.py --seeds $(LABS_SEEDS) --cargo $(LABS_CARGO)

test: links-check editors-test unit-tests program-tests lsp-tests docs-check fmt-check random-tests labs-test

fmt:
	$(CARGO) fmt --all

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

GFX := $(basename $(notdir $(wildcard test-programs/gfx/*.wend)))

gfx:
	$(CARGO) build --release -p wendc
	mkdir -p target/gfx
	for demo in $(GFX); do \
		target/release/wendc build -O2 test-programs/gfx/$$demo.wend -o target/gfx/$$demo || exit 1; \
	done
	@echo "built: $(addprefix target/gfx/,$(GFX))"

# Benchmarks (bench/README.md): compile-time scaling, mem2reg against LLVM's,
# generated code against LLVM and gcc; tables go to docs/performance.md.
# Run as root on a virtual machine whose kernel can delay free page reporting,
# they hold it off for the run and restore it at exit (--page-reporting leave: not).
bench:
	python3 bench/run.py --quick

bench-full:
	python3 bench/run.py
