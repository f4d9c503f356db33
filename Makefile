# Hijri calendar service. `make generate` then `make serve`; `make test` runs every test.
SHELL := /bin/bash
CARGO ?= cargo
ARCHIVE ?= data/hijri.archive

.PHONY: all generate serve test lint fuzz bench bench-generate bench-serve clean

all: generate

## Compute the month chain, render the cards and write $(ARCHIVE) (deterministic).
generate:
	$(CARGO) run --release -p hijri-generator --bin hijri-generate -- --data data --out $(ARCHIVE)

## Serve the generated archive on http://127.0.0.1:8080 (HIJRI_BIND to change).
serve: $(ARCHIVE)
	HIJRI_ARCHIVE=$(ARCHIVE) $(CARGO) run --release -p hijri-server --bin hijri-serve

$(ARCHIVE):
	$(MAKE) generate

## Generate the archive, then run every test of the workspace (release, as shipped).
test: generate
	$(CARGO) test --release --workspace

## Formatting and lints, warnings as errors.
lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --release --workspace --all-targets -- -D warnings

## Damage a small archive 1,000,000 ways (flips, cuts, re-sealed checksums): opening and every
## look-up must never panic; then every server handler over 20,000 damaged archives that open.
## FUZZ_CASES and FUZZ_SERVER_CASES to change the counts.
FUZZ_CASES ?= 1000000
FUZZ_SERVER_CASES ?= 20000
fuzz:
	PROPTEST_CASES=$(FUZZ_CASES) $(CARGO) test --release -p hijri --test archive -- fuzz --nocapture
	PROPTEST_CASES=$(FUZZ_SERVER_CASES) $(CARGO) test --release -p hijri-server --test api -- damaged

bench: bench-generate bench-serve

## Time the whole generation (month chain and cards) on this machine.
bench-generate:
	$(CARGO) build --release -p hijri-generator --bin hijri-generate
	time target/release/hijri-generate --data data --out target/bench.archive
	rm -f target/bench.archive

## Load-test the server against a bare actix-web handler (installs wrk if needed).
bench-serve: $(ARCHIVE)
	bash server/bench/bench-serve.sh

clean:
	$(CARGO) clean
	rm -f $(ARCHIVE) $(ARCHIVE).tmp
