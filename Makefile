# Hijri calendar service. `make serve` generates the archive if needed and serves it;
# `make test` runs every test. One `cargo build --release --workspace` builds every binary
# once (the workspace's feature resolution, shared with `cargo test --workspace`), and a
# second build makes the shipped, static server; the targets then run the built binaries.
SHELL := /bin/bash
CARGO ?= cargo
ARCHIVE ?= data/hijri.archive
BIN := target/release
GENERATE := $(BIN)/hijri-generate
# The server as it ships: one static, position-dependent executable (glibc's `crt-static`,
# `relocation-model=static`) that the kernel starts with no dynamic loader and nothing to
# relocate, so its ELF constructor blocks SIGHUP within a millisecond of exec; the loader and
# a PIE's relocations took 2–3 ms on the project's machines, when a SIGHUP still killed
# (server/tests/attacks.rs). Built for the host's triple, so the flags reach only the target's
# code, never the proc macros.
HOST := $(shell rustc -vV | sed -n 's/^host: //p')
SERVE := target/$(HOST)/release/hijri-serve
SHIPPED_RUSTFLAGS := -C target-feature=+crt-static -C relocation-model=static
# The committed facts the archive is made from (a change to any regenerates it).
FACTS := $(shell find data -type f ! -name '*.archive' ! -name '*.archive.tmp' ! -path 'data/reference/*')

.PHONY: all build generate serve test accept openapi e2e schemathesis lint fuzz bench bench-generate bench-announce bench-serve bench-side clean

all: $(ARCHIVE)

## Build every binary of the workspace, once, and the shipped server. Cargo leaves them
## untouched when nothing changed.
build:
	$(CARGO) build --release --workspace
	RUSTFLAGS='$(SHIPPED_RUSTFLAGS)' $(CARGO) build --release -p hijri-server --bin hijri-serve --target $(HOST)

$(GENERATE) $(SERVE): build

## The archive: remade when the generator or a committed fact is newer. Cards whose inputs
## did not change are taken from the previous archive.
$(ARCHIVE): $(GENERATE) $(FACTS)
	$(GENERATE) --data data --out $(ARCHIVE)

## Regenerate the archive now (reusing unchanged cards and compressed answers; `$(GENERATE) --full` makes all anew).
generate: $(GENERATE)
	$(GENERATE) --data data --out $(ARCHIVE)

## Serve the archive on http://127.0.0.1:8080 (HIJRI_BIND to change), generating it first if
## it is missing or stale.
serve: $(SERVE) $(ARCHIVE)
	HIJRI_ARCHIVE=$(ARCHIVE) $(SERVE)

## Every test of the workspace (release, as shipped), over an up-to-date archive.
test: $(ARCHIVE) $(SERVE)
	HIJRI_SERVE_BINARY=$(abspath $(SERVE)) $(CARGO) test --release --workspace

## Re-record what a change legitimately moves: the snapshot tests (server/tests/api) run with
## every differing snapshot written beside its .snap as .snap.new (INSTA_FORCE_PASS: all of
## them in one run, no assertion stops a test), then testing/accept-snapshots.sh accepts each
## (without its `assertion_line:`) and prints which changed. Review with `git diff snapshots/`
## before committing; a test that fails for another reason still fails here.
accept: $(ARCHIVE)
	INSTA_UPDATE=new INSTA_FORCE_PASS=1 $(CARGO) test --release --workspace --test api
	bash testing/accept-snapshots.sh snapshots

## Write the OpenAPI document's closed lists (enums, the error codes' sentence) from the code
## (server/src/interface/vocabularies.rs); a unit test of the server fails until this is run.
openapi:
	$(CARGO) run --release -p hijri-server --bin hijri-openapi -- server/openapi.json

## End to end over the built binaries (server/tests/e2e.rs), one test at a time (so Lighthouse
## has the CPU): the docs page in Debian's headless Chromium (`apt-get install -y chromium`;
## HIJRI_CHROMIUM to use another), leaving a screenshot in target/e2e/docs/docs-page.png
## (docs/api-reference.png is a copy); the page at / checked by server/e2e/page.mjs
## (puppeteer-core, then Lighthouse mobile and desktop; Node from `apt-get install -y nodejs
## npm`, the packages by `npm ci`), screenshots and reports in target/e2e/page/ (docs/page/
## holds copies of the screenshots); the mosque screen /display by server/e2e/display.mjs at
## 1920x1080 and 1080x1920 (target/e2e/display/); a Python client generated from the OpenAPI
## document calling the service (python3 with venv, Debian's python3-venv; HIJRI_PYTHON to
## use another; openapi-python-client comes from PyPI); the iCalendar SEQUENCE after an
## announcement on a copy of data/.
E2E_NODE := server/e2e/node_modules/.package-lock.json
e2e: $(ARCHIVE) $(E2E_NODE)
	$(CARGO) test --release --workspace --test e2e -- --ignored --nocapture --test-threads=1

$(E2E_NODE): server/e2e/package.json server/e2e/package-lock.json
	npm ci --prefix server/e2e --no-audit --no-fund

## Schemathesis against the built server over the archive: every check, positive and negative
## data, SCHEMATHESIS_SECONDS (default 300) of generation; the rules that tie parameters
## together are in server/tests/schemathesis/hooks.py. Needs python3 with venv, and PyPI.
schemathesis: $(SERVE) $(ARCHIVE)
	bash server/tests/schemathesis/run.sh

## Formatting and lints, warnings as errors; the Kubernetes manifests against the API
## schemas (kubernetes-validate from PyPI, in a venv under target/; no cluster needed) and
## the Deployment's memory against the archive's size and the cache (the archive must exist:
## `make test` writes it).
lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --release --workspace --all-targets -- -D warnings
	bash docs/deploy/kubernetes/validate.sh
	bash docs/deploy/kubernetes/check-memory.sh $(ARCHIVE)

## Damage a small archive 1,000,000 ways (flips, cuts, re-sealed checksums): opening and every
## look-up must never panic; then every server handler over 20,000 damaged archives that open.
## FUZZ_CASES and FUZZ_SERVER_CASES to change the counts.
FUZZ_CASES ?= 1000000
FUZZ_SERVER_CASES ?= 20000
fuzz:
	PROPTEST_CASES=$(FUZZ_CASES) $(CARGO) test --release -p hijri --test archive -- fuzz --nocapture
	PROPTEST_CASES=$(FUZZ_SERVER_CASES) $(CARGO) test --release -p hijri-server --test api -- damaged

bench: bench-generate bench-announce bench-serve

## Time the whole generation (month chain and every card) on this machine.
bench-generate: $(GENERATE)
	time $(GENERATE) --full --data data --out target/bench.archive
	rm -f target/bench.archive

## Time announce + incremental regeneration after one month's announcement (on a copy of data/).
bench-announce: $(GENERATE) $(ARCHIVE)
	bash generator/bench/bench-announce.sh

## Load-test the server against a bare actix-web handler (installs wrk if needed).
bench-serve: $(ARCHIVE)
	bash server/bench/bench-serve.sh

## Issue 45's answers beside nginx serving the same saved bytes and a bare handler of the
## same length: medians of BENCH_ROUNDS alternating rounds, written into BENCHMARKS.md
## between its bench-side markers (installs wrk and nginx-light if needed).
bench-side: $(ARCHIVE)
	BENCH_SIDE=1 BENCH_DURATION=$${BENCH_DURATION:-3s} BENCH_INTO=BENCHMARKS.md bash server/bench/bench-serve.sh

clean:
	$(CARGO) clean
	rm -f $(ARCHIVE) $(ARCHIVE).tmp
