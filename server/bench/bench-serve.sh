#!/usr/bin/env bash
# Load benchmark of hijri-serve beside its ceiling, a bare actix-web handler returning a fixed
# body of the same size, in the same run: requests/s, p99 and CPU time per request of both
# servers for /api/v1/convert, /api/v1/month, /api/v1/year (identity and gzip),
# /api/v1/hilal/history (gzip), a PNG card (/api/v1/hilal/viz), and Muhammadiyah's /year and
# /api/v1/compare (built per request: not stored), their ratios (the bare
# handler sends the same number of bytes; "CPU x" is its CPU per request over ours),
# start-up time (ms until /healthz answers) and anonymous RSS after the run.
# Loopback only; every step is bounded.
#
# Settings: BENCH_DURATION (default 10s per run), BENCH_CONNECTIONS (64), BENCH_THREADS (2),
# HIJRI_ARCHIVE (data/hijri.archive), CARGO_TARGET_DIR (target), BENCH_SERVE (another
# hijri-serve binary, to compare two builds side by side). The server runs with its metrics
# listener on, as in production, so the request log and the metrics are both measured.
set -euo pipefail

cd "$(dirname "$0")/../.."
duration=${BENCH_DURATION:-10s}
connections=${BENCH_CONNECTIONS:-64}
threads=${BENCH_THREADS:-2}
target=${CARGO_TARGET_DIR:-target}
archive=${HIJRI_ARCHIVE:-data/hijri.archive}
port=18180
bare_port=18181
host=127.0.0.1

if ! command -v wrk >/dev/null; then
    echo "installing wrk" >&2
    apt-get install -y wrk >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }
fi
if ! command -v curl >/dev/null; then
    apt-get install -y curl >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y curl >/dev/null; }
fi
[ -f "$archive" ] || { echo "bench-serve: $archive is missing; run make generate" >&2; exit 1; }

cargo build --release --quiet -p hijri-server --bin hijri-serve --example bare
serve="${BENCH_SERVE:-$target/release/hijri-serve}"
bare="$target/release/examples/bare"

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

# Waits (at most 10 s) until a URL answers 200.
wait_for() {
    for _ in $(seq 1 2000); do
        curl -sf -o /dev/null "$1" && return 0
        sleep 0.005
    done
    echo "bench-serve: $1 did not answer" >&2
    exit 1
}

started=$(date +%s%N)
# wrk is one client with BENCH_CONNECTIONS connections: lift its per-client limits.
HIJRI_ARCHIVE="$archive" HIJRI_BIND="$host:$port" HIJRI_METRICS_BIND="$host:18182" \
    HIJRI_LIMIT_DEFAULT=1000000000/1 HIJRI_LIMIT_HILAL_VIZ=1000000000/1 \
    HIJRI_MAX_CONNECTIONS_PER_CLIENT=1000000 "$serve" 2>/dev/null &
server_pid=$!
pids+=("$server_pid")
wait_for "http://$host:$port/healthz"
startup_ms=$(( ($(date +%s%N) - started) / 1000000 ))

# Each path with the Accept-Encoding it is requested with ("identity": none sent).
paths=(
    "/api/v1/convert?date=2025-03-01"
    "/api/v1/month?year=1446&month=9"
    "/api/v1/year?year=1446"
    "/api/v1/year?year=1446"
    "/api/v1/hilal/history"
    "/api/v1/hilal/viz?month=9&year=1446"
    "/api/v1/year?year=1447&authority=muhammadiyah"
    "/api/v1/compare?year=1447"
)
codings=(identity identity identity gzip gzip identity identity identity)
# The request header for a coding ("" for identity).
accept() { [ "$1" = identity ] && return; echo "Accept-Encoding: $1"; }
sizes=()
for i in "${!paths[@]}"; do
    header=$(accept "${codings[$i]}")
    sizes+=("$(curl -sf ${header:+-H "$header"} "http://$host:$port${paths[$i]}" | wc -c)")
done
"$bare" "$host:$bare_port" "${sizes[@]}" 2>/dev/null &
bare_pid=$!
pids+=("$bare_pid")
wait_for "http://$host:$bare_port/bare/${sizes[0]}"

# CPU time (user + system, in clock ticks) a process has used so far.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
tick_us=$(( 1000000 / $(getconf CLK_TCK) ))

# Runs wrk on a URL (with an optional extra header); prints "<requests/s> <p99 ms> <requests>".
load() {
    local out
    out=$(timeout 120 wrk -t"$threads" -c"$connections" -d"$duration" --latency ${2:+-H "$2"} "$1")
    local rps p99 requests
    rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
    p99=$(awk '$1 == "99%" {v=$2; u=v; sub(/[0-9.]+/, "", u); sub(/[a-z]+$/, "", v);
        if (u == "us") v /= 1000; else if (u == "s") v *= 1000; print v}' <<<"$out")
    requests=$(awk '/requests in/ {print $1}' <<<"$out")
    echo "$rps $p99 $requests"
}

printf '%-36s %-8s %8s %10s %8s %10s %8s %7s %7s %9s %9s %6s\n' endpoint coding bytes "req/s" \
    "p99 ms" "bare req/s" "bare p99" "rps x" "p99 x" "CPU us/req" "bare CPU" "CPU x"
for i in "${!paths[@]}"; do
    before=$(cpu_ticks "$server_pid")
    read -r rps p99 requests < <(load "http://$host:$port${paths[$i]}" "$(accept "${codings[$i]}")")
    cpu_us=$(( ($(cpu_ticks "$server_pid") - before) * tick_us ))
    before=$(cpu_ticks "$bare_pid")
    read -r bare_rps bare_p99 bare_requests < <(load "http://$host:$bare_port/bare/${sizes[$i]}")
    bare_cpu_us=$(( ($(cpu_ticks "$bare_pid") - before) * tick_us ))
    awk -v p="${paths[$i]}" -v c="${codings[$i]}" -v b="${sizes[$i]}" -v r="$rps" -v l="$p99" \
        -v br="$bare_rps" -v bl="$bare_p99" -v cpu="$cpu_us" -v n="$requests" \
        -v bcpu="$bare_cpu_us" -v bn="$bare_requests" \
        'BEGIN { printf "%-36s %-8s %8d %10.0f %8.2f %10.0f %8.2f %7.2f %7.2f %9.1f %9.1f %6.2f\n",
            p, c, b, r, l, br, bl, r / br, l / bl, cpu / n, bcpu / bn, (bcpu / bn) / (cpu / n) }'
done

rss_kb=$(awk '/^Anonymous:/ {print $2}' "/proc/$server_pid/smaps_rollup")
echo "start-up: ${startup_ms} ms until /healthz answered"
echo "anonymous RSS after the run: ${rss_kb} kB"
