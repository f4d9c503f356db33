#!/usr/bin/env bash
# Instructions per request (valgrind callgrind: a count, not a time, so it does not move with
# the machine's load). Runs a hijri-serve binary under callgrind, sends REQUESTS sequential
# GETs of PATH on one keep-alive connection, and prints the instructions spent per request
# inside actix's connection service (everything from the parsed request to the written
# answer: routing, limiter, handler, request line, metrics), and inside the request line.
# The metrics listener is on, as in production.
#
# usage: server/bench/instructions.sh [BIN] [PATH] [REQUESTS]
#   BIN      default target/release/hijri-serve (another build to compare side by side)
#   PATH     default /api/v1/convert?date=2025-03-01
#   REQUESTS default 2500
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-target/release/hijri-serve}
path=${2:-/api/v1/convert?date=2025-03-01}
requests=${3:-2500}
archive=${HIJRI_ARCHIVE:-data/hijri.archive}
port=18190
command -v valgrind >/dev/null || apt-get install -y valgrind >/dev/null
out=$(mktemp)
trap 'rm -f "$out"' EXIT
HIJRI_ARCHIVE="$archive" HIJRI_BIND="127.0.0.1:$port" HIJRI_METRICS_BIND="127.0.0.1:$((port + 1))" \
    HIJRI_LIMIT_DEFAULT=1000000000/1 \
    valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" 2>/dev/null &
pid=$!
for _ in $(seq 1 600); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && break
    sleep 0.2
done
curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" ||
    { echo "instructions: $bin did not serve $archive (an archive of another format?)" >&2; exit 1; }
urls=()
for _ in $(seq 1 "$requests"); do urls+=("http://127.0.0.1:$port$path"); done
curl -s "${urls[@]}" >/dev/null
kill -INT "$pid"
wait "$pid" 2>/dev/null || true
per_request() {
    callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null | grep -E "$1" | head -1 |
        awk -v n="$requests" '{gsub(",", "", $1); printf "%.0f", $1 / n}'
}
echo "$bin $path: $(per_request 'StreamService') instructions per request (+1 /healthz), \
request line $(per_request 'Event::dispatch|access_log::Line>::serialize')"
