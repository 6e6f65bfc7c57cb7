# make test   — unit tests, then every test program through every pipeline
# make wendc  — build the compiler

CARGO ?= cargo
WENDC := target/debug/wendc

.PHONY: all test unit-tests program-tests wendc fmt lint

all: wendc

wendc:
	$(CARGO) build -p wendc

unit-tests:
	$(CARGO) test --workspace

program-tests: wendc
	python3 tests/run-programs.py --wendc $(WENDC)

test: unit-tests program-tests

fmt:
	$(CARGO) fmt --all

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
