# make test   — links-check, editors-test, the unit tests, every test program through
#               every pipeline, lsp-tests, browser-tests, the playground under load for
#               10 s, docs-check, fmt-check, 300 random programs, labs-test
# make wendc  — build the compiler
# make docs-check — the generated parts of docs/ match the current compiler
#                  (python3 docs/gen/update.py regenerates them)
# make fmt-check — every .wend file of the repository is in `wendc fmt`'s layout
#                 (but those tests/fmt-exclude.txt lists, with why)
# make links-check — every relative link of the Markdown files resolves in a clone,
#                   and no path in them leads outside the repository
# make lsp-tests — `wendc lsp` driven over stdio by an LSP client (pytest-lsp),
#                 and a release build of it answering within 50 ms on 10 000 lines
# make browser-tests — the playground, the explain report and its step-through in
#                     headless Chromium (playwright-core, tests/browser/)
# make playground-load — 50 clients against `wendc playground` for 30 s (LOAD_SECONDS=N)
# make fuzz-diff N=100000 — that many random programs through every pipeline
# make same-output OLD=main — IR, LLVM and assembly byte-identical to revision OLD's
# make bench  — benchmarks side by side (make bench-full adds 1M-line programs)
# make bench-compare OLD=main — compile times of this tree and of revision OLD in the same rounds
# make gfx    — build the terminal demos into target/gfx/ (run e.g. target/gfx/plasma)
# make vsix   — the VS Code extension, target/wend.vsix (editors/vscode/README.md)
# make editors-test — the TextMate grammar and the Vim syntax file against their samples,
#                    the .vsix holding what the extension loads, and the HTML book's
#                    wend blocks and the explain report's source coloured as the grammar does
# make docs-html — the book as HTML pages, wend highlighted by the TextMate grammar,
#                  in target/docs-html/ (open target/docs-html/index.html)
# make lab LAB=NAME OUT=DIR — a student copy for one lab of the course kit (`make lab`
#                  alone lists them; SOLUTION=1 keeps the reference code); docs/teaching.md
# make grade  — in a student copy: grade the lab (labs/grade.py; exit 0 only at full marks)
# make labs-test — the kit itself: every lab's stubs fail their grader, its solution passes

CARGO ?= cargo
WENDC := target/debug/wendc

.PHONY: lab grade labs-test all test unit-tests program-tests lsp-tests browser-tests playground-tests playground-load playground-load-quick docs-check fmt-check links-check random-tests fuzz-diff same-output wendc fmt lint gfx bench bench-full bench-compare editors-test vsix docs-html

all: wendc

wendc:
	$(CARGO) build -p wendc

unit-tests:
	$(CARGO) test --workspace

program-tests: wendc
	python3 tests/run-programs.py --wendc $(WENDC)

# The latency test (tests/lsp/test_latency.py) times what students run: a
# release build.
lsp-tests: wendc
	$(CARGO) build --release -p wendc
	WENDC=$(WENDC) WENDC_RELEASE=target/release/wendc python3 -m pytest tests/lsp -q

# The browser tests' npm packages are pinned by tests/browser/package-lock.json
# and installed on first use; Chromium is Debian's (apt-get install chromium).
BROWSER_TESTS := tests/browser

$(BROWSER_TESTS)/node_modules/.package-lock.json: $(BROWSER_TESTS)/package.json $(BROWSER_TESTS)/package-lock.json
	cd $(BROWSER_TESTS) && npm ci --no-audit --no-fund

# Every browser test (the playground, the explain report and its
# step-through) is in tests/browser; `playground-tests` is the old name.
playground-tests: browser-tests

# Valid, invalid, huge and never-ending programs from 50 clients at once;
# `make test` runs it for 10 s.
LOAD_SECONDS ?= 30

playground-load: wendc
	python3 tests/playground-load.py --wendc $(WENDC) --clients 50 --seconds $(LOAD_SECONDS)

playground-load-quick: wendc
	python3 tests/playground-load.py --wendc $(WENDC) --clients 50 --seconds 10

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
# SAME_OUTPUT_FLAGS=--old-labels=dotted for an OLD from before the block
# labels' `..` (see tests/same-output.py).
OLD ?= main
SAME_OUTPUT_FLAGS ?=

same-output: wendc
	$(CARGO) build -p wend-gen
	python3 tests/same-output.py --old-rev $(OLD) $(SAME_OUTPUT_FLAGS)


# The editor support (editors/): its npm tools are pinned by
# editors/vscode/package-lock.json and installed on first use.
VSCODE_EXT := editors/vscode

$(VSCODE_EXT)/node_modules/.package-lock.json: $(VSCODE_EXT)/package.json $(VSCODE_EXT)/package-lock.json
	cd $(VSCODE_EXT) && npm ci --no-audit --no-fund

editors-test: wendc vsix docs-html
	cd $(VSCODE_EXT) && npm test --silent
	cd $(VSCODE_EXT) && node test/agree-with-lexer.js ../../$(WENDC)
	cd $(VSCODE_EXT) && node test/agree-with-report.js ../../$(WENDC)
	python3 $(VSCODE_EXT)/test/check-vsix.py target/wend.vsix
	node docs/gen/check-html.js target/docs-html
	editors/nvim/test/run.sh

# The browser tests: Debian's Chromium driven by playwright-core
# (CHROMIUM=path overrides /usr/bin/chromium for the explain tests).
browser-tests: wendc $(BROWSER_TESTS)/node_modules/.package-lock.json
	cd $(BROWSER_TESTS) && WENDC=$(abspath $(WENDC)) node --test

# The HTML edition of the book (docs/gen/build-html.js): its npm packages,
# shiki and markdown-it, are pinned by docs/gen/package-lock.json.
docs/gen/node_modules/.package-lock.json: docs/gen/package.json docs/gen/package-lock.json
	cd docs/gen && npm ci --no-audit --no-fund

docs-html: docs/gen/node_modules/.package-lock.json
	node docs/gen/build-html.js target/docs-html

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

test: links-check editors-test unit-tests program-tests lsp-tests browser-tests playground-load-quick docs-check fmt-check random-tests labs-test

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

bench-compare:
	python3 bench/run.py --quick --section scaling --baseline "$(OLD)"
