# make test   — unit tests, then every test program through every pipeline
# make wendc  — build the compiler
# make docs-check — the generated parts of docs/ match the current compiler
#                  (python3 docs/gen/update.py regenerates them)
# make gfx    — build the terminal demos into target/gfx/ (run e.g. target/gfx/plasma)

CARGO ?= cargo
WENDC := target/debug/wendc

.PHONY: all test unit-tests program-tests docs-check wendc fmt lint gfx

all: wendc

wendc:
	$(CARGO) build -p wendc

unit-tests:
	$(CARGO) test --workspace

program-tests: wendc
	python3 tests/run-programs.py --wendc $(WENDC)

docs-check: wendc
	tests/check-docs.sh $(WENDC)

test: unit-tests program-tests docs-check

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
