#!/usr/bin/env bash
# Start-up time of the release hijri-serve: milliseconds from exec until /healthz answers
# (map the archive, check its header and xxh3 checksum, bytecheck, check its meaning, bind),
# RUNS times (default 5) with the page cache warm. Loopback only; every step is bounded.
set -euo pipefail

cd "$(dirname "$0")/../.."
runs=${RUNS:-5}
port=${PORT:-18190}
archive=${HIJRI_ARCHIVE:-data/hijri.archive}
binary=${CARGO_TARGET_DIR:-target}/release/hijri-serve
[ -x "$binary" ] || cargo build --release -p hijri-server --bin hijri-serve
cat "$archive" >/dev/null

for run in $(seq "$runs"); do
    started=$(date +%s%N)
    HIJRI_ARCHIVE=$archive HIJRI_BIND=127.0.0.1:$port "$binary" >/dev/null 2>&1 &
    server=$!
    for _ in $(seq 2000); do
        curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
        kill -0 "$server" 2>/dev/null || { echo "hijri-serve exited" >&2; exit 1; }
        sleep 0.002
    done
    echo "run $run: $(( ($(date +%s%N) - started) / 1000000 )) ms until /healthz answered"
    kill "$server"
    wait "$server" 2>/dev/null || true
done
