# make test   — unit tests, then every test program through every pipeline
# make wendc  — build the compiler
# make docs-check — the generated parts of docs/ match the current compiler
#                  (python3 docs/gen/update.py regenerates them)
# make fmt-check — every .wend file of the repository is in `wendc fmt`'s layout
#                 (but those tests/fmt-exclude.txt lists, with why)
# make links-check — every relative link of the Markdown files resolves in a clone,
#                   and no path in them leads outside the repository
# make lsp-tests — `wendc lsp` driven over stdio by an LSP client (pytest-lsp),
#                 and a release build of it answering within 50 ms on 10 000 lines
# make fuzz-diff N=100000 — that many random programs through every pipeline
# make same-output OLD=main — IR, LLVM and assembly byte-identical to revision OLD's
# make bench  — benchmarks side by side (make bench-full adds 1M-line programs)
# make gfx    — build the terminal demos into target/gfx/ (run e.g. target/gfx/plasma)
# make vsix   — the VS Code extension, target/wend.vsix (editors/vscode/README.md)
# make editors-test — the TextMate grammar and the Vim syntax file against their samples,
#                    and the .vsix holding what the extension loads

CARGO ?= cargo
WENDC := target/debug/wendc

.PHONY: all test unit-tests program-tests lsp-tests docs-check fmt-check links-check random-tests fuzz-diff same-output wendc fmt lint gfx bench bench-full editors-test vsix

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

editors-test: wendc vsix
	cd $(VSCODE_EXT) && npm test --silent
	cd $(VSCODE_EXT) && node test/agree-with-lexer.js ../../$(WENDC)
	python3 $(VSCODE_EXT)/test/check-vsix.py target/wend.vsix
	editors/nvim/test/run.sh

vsix: $(VSCODE_EXT)/node_modules/.package-lock.json
	mkdir -p target
	cd $(VSCODE_EXT) && npx vsce package --allow-missing-repository --out ../../target/wend.vsix

test: links-check editors-test unit-tests program-tests lsp-tests docs-check fmt-check random-tests

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
