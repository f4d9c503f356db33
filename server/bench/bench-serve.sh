#!/usr/bin/env bash
# Load benchmark of hijri-serve beside two ceilings in the same run: a bare actix-web handler
# returning a fixed body of the same size, and nginx serving the very bytes of each answer as
# static files (Debian's nginx-light: 2 workers, sendfile, buffered access log). For each
# endpoint and coding (identity, gzip, br): requests/s and p99 of the three servers, our
# requests/s over nginx's and the bare handler's, and CPU time per request of each (user +
# system, all their processes). The endpoints: /year of every calendar the archive serves
# (read from /api/v1/authorities: the default calendar's answer is stored, the others kept),
# /holidays of a decreed year (2027) and a predicted one (2040), both stored, /compare,
# /month with authority, the stored Gregorian /month of February 2026 beside the kept
# /prayer-times of that month (by each method, one with detail), /imsakiyah and the stored
# /places, the eclipses of a year and one eclipse at a place (kept) and a point (per request),
# /hilal/history with include=sites, /table.csv, the page, and
# /convert, /hilal/history, a PNG card, an eclipse map and the kept /holidays.ics of a year. Every answer is asked once before
# (the first ask builds what the cache keeps). Then start-up time (ms until /healthz answers)
# and resident memory after the run. Loopback only; every step is bounded.
#
# With BENCH_SIDE set (`make bench-side`), the answers are issue 45's rows instead, measured in
# BENCH_ROUNDS rounds (default 3) alternating the three servers on each row, and the medians
# are written as a Markdown table into BENCH_TABLE (default target/bench-side.md) and, when
# BENCH_INTO names a file (BENCHMARKS.md), between its `<!-- bench-side -->` markers.
#
# Settings: BENCH_DURATION (default 5s per run), BENCH_CONNECTIONS (64), BENCH_THREADS (2),
# HIJRI_ARCHIVE (data/hijri.archive), CARGO_TARGET_DIR (target), BENCH_SERVE (another
# hijri-serve binary, to compare two builds side by side), BENCH_ONLY (a grep pattern of the
# endpoints to run). The server runs with its metrics listener on, as in production.
set -euo pipefail

cd "$(dirname "$0")/../.."
duration=${BENCH_DURATION:-5s}
connections=${BENCH_CONNECTIONS:-64}
threads=${BENCH_THREADS:-2}
target=${CARGO_TARGET_DIR:-target}
archive=${HIJRI_ARCHIVE:-data/hijri.archive}
port=18180
bare_port=18181
nginx_port=18183
host=127.0.0.1

need() {
    command -v "$1" >/dev/null || [ -x "/usr/sbin/$1" ] && return
    echo "installing $2" >&2
    apt-get install -y -qq "$2" >/dev/null 2>&1 || { apt-get update -qq >/dev/null && apt-get install -y -qq "$2" >/dev/null; }
}
need wrk wrk
need curl curl
need nginx nginx-light
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[ -f "$archive" ] || { echo "bench-serve: $archive is missing; run make generate" >&2; exit 1; }

cargo build --release --quiet -p hijri-server --bin hijri-serve --example bare
serve="${BENCH_SERVE:-$target/release/hijri-serve}"
bare="$target/release/examples/bare"
work=$(mktemp -d)

pids=()
cleanup() {
    [ -f "$work/nginx.pid" ] && kill -QUIT "$(cat "$work/nginx.pid")" 2>/dev/null || true
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
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

# The calendars: the first is the default (its /year is stored), the others are named.
mapfile -t calendars < <(curl -sf "http://$host:$port/api/v1/authorities" |
    python3 -c 'import json,sys; [print(a["id"]) for a in json.load(sys.stdin)["authorities"]]')
endpoints=("/api/v1/year?year=1447")
for id in "${calendars[@]:1}"; do endpoints+=("/api/v1/year?year=1447&authority=$id"); done
endpoints+=(
    "/api/v1/holidays?year=2027"
    "/api/v1/holidays?year=2040"
    "/api/v1/compare?year=1447"
    "/api/v1/month?year=1447&month=9&authority=${calendars[1]}"
    "/api/v1/month?year=2026&month=2&calendar=gregorian"
    "/api/v1/prayer-times?place=34.71&month=2026-02"
    "/api/v1/prayer-times?place=34.71&month=2026-02&method=muhammadiyah&detail=true"
    "/api/v1/imsakiyah?place=34.71&year=1447&authority=muhammadiyah"
    "/api/v1/places"
    "/api/v1/qibla?place=34.71"
    "/api/v1/qibla/rashdul?year=2025"
    "/api/v1/qibla/shadow?place=34.71&month=2026-05"
    "/api/v1/eclipses?year=2025"
    "/api/v1/eclipses/2023-04-20-solar?place=91.06"
    "/api/v1/eclipses/2023-04-20-solar?lat=-1.18&lon=136.08"
    "/api/v1/hilal/history?include=sites"
    "/api/v1/table.csv"
    "/"
    "/?place=34.71"
    "/embed"
    "/embed?place=34.71"
)
paths=() codings=()
for endpoint in "${endpoints[@]}"; do
    for coding in identity gzip br; do paths+=("$endpoint"); codings+=("$coding"); done
done
paths+=("/api/v1/convert?date=2025-03-01" "/api/v1/hilal/history" "/api/v1/hilal/viz?month=9&year=1446"
    "/api/v1/eclipses/2016-03-09-solar/map" "/api/v1/holidays.ics?year=2027")
codings+=(identity gzip identity identity identity)
if [ -n "${BENCH_SIDE:-}" ]; then
    # Issue 45's answers (stored, kept and the page), then other bodies over 16 KB: stored
    # (/places, the eclipse map, the bare card) and kept (/table.csv, /table).
    paths=("/api/v1/convert?date=2025-03-01" "/api/v1/month?year=1446&month=9"
        "/api/v1/year?year=1446" "/api/v1/year?year=1446" "/api/v1/hilal/viz?month=9&year=1446"
        "/api/v1/year?year=1446&authority=muhammadiyah" "/api/v1/compare?year=1447" "/"
        "/api/v1/prayer-times?place=34.71&month=2027-03" "/api/v1/imsakiyah?place=34.71&year=1448"
        "/api/v1/workdays?from=2027-01-01&to=2027-12-31" "/api/v1/days.csv?year=2027"
        "/api/v1/places" "/api/v1/table.csv" "/api/v1/table" "/api/v1/eclipses/2016-03-09-solar/map"
        "/api/v1/hilal/viz?month=9&year=1446&bare=true")
    codings=(identity identity identity gzip identity identity identity identity identity identity
        identity identity identity identity gzip identity identity)
fi
if [ -n "${BENCH_ONLY:-}" ]; then
    keep_paths=() keep_codings=()
    for i in "${!paths[@]}"; do
        if grep -q -- "$BENCH_ONLY" <<<"${paths[$i]} ${codings[$i]}"; then
            keep_paths+=("${paths[$i]}"); keep_codings+=("${codings[$i]}")
        fi
    done
    paths=("${keep_paths[@]}") codings=("${keep_codings[@]}")
fi

# The request header for a coding ("" for identity).
accept() { [ "$1" = identity ] && return; echo "Accept-Encoding: $1"; }
# Each answer's bytes, asked once (building what is kept), saved for nginx as file <i>.
mkdir -p "$work/root"
sizes=()
for i in "${!paths[@]}"; do
    header=$(accept "${codings[$i]}")
    curl -sf ${header:+-H "$header"} -o "$work/root/$i" "http://$host:$port${paths[$i]}"
    sizes+=("$(stat -c %s "$work/root/$i")")
done
"$bare" "$host:$bare_port" "${sizes[@]}" 2>/dev/null &
bare_pid=$!
pids+=("$bare_pid")
wait_for "http://$host:$bare_port/bare/${sizes[0]}"

mkdir -p "$work/tmp"
# nginx's workers run as nobody: they read the answers' files.
chmod -R a+rX "$work"
cat > "$work/nginx.conf" <<CONF
worker_processes 2;
daemon on;
pid $work/nginx.pid;
error_log $work/error.log;
events { worker_connections 4096; }
http {
    access_log $work/access.log combined buffer=32k;
    client_body_temp_path $work/tmp;
    proxy_temp_path $work/tmp;
    fastcgi_temp_path $work/tmp;
    uwsgi_temp_path $work/tmp;
    scgi_temp_path $work/tmp;
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 100000000;
    open_file_cache max=100;
    server {
        listen $host:$nginx_port;
        root $work/root;
    }
}
CONF
"$nginx" -p "$work" -c "$work/nginx.conf" -e "$work/error.log"
wait_for "http://$host:$nginx_port/0"
# nginx's processes: the master and its workers.
nginx_pids() { echo "$(cat "$work/nginx.pid") $(pgrep -P "$(cat "$work/nginx.pid")" | tr '\n' ' ')"; }

# CPU time (user + system, in clock ticks) processes have used so far.
cpu_ticks() { local sum=0 pid; for pid in "$@"; do sum=$(( sum + $(awk '{print $14 + $15}' "/proc/$pid/stat") )); done; echo "$sum"; }
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

# One run on each server: "<rps> <p99> <CPU us per request>".
measure() {
    local url=$1 header=$2 before rps p99 requests
    shift 2
    before=$(cpu_ticks "$@")
    read -r rps p99 requests < <(load "$url" "$header")
    awk -v r="$rps" -v l="$p99" -v t="$(( ($(cpu_ticks "$@") - before) * tick_us ))" -v n="$requests" \
        'BEGIN { printf "%s %s %.1f\n", r, l, t / n }'
}

echo "load: $(uptime | sed 's/.*load average/load average/')"
printf '%-44s %-8s %8s | %8s %7s %7s | %8s %7s %7s | %8s %7s %7s | %6s %6s\n' endpoint coding bytes \
    "req/s" "p99 ms" "CPU us" "bare r/s" "p99" "CPU us" "nginx r/s" "p99" "CPU us" "/bare" "/nginx"
rounds=${BENCH_SIDE:+${BENCH_ROUNDS:-3}}
for round in $(seq 1 "${rounds:-1}"); do
    for i in "${!paths[@]}"; do
        header=$(accept "${codings[$i]}")
        read -r rps p99 cpu < <(measure "http://$host:$port${paths[$i]}" "$header" "$server_pid")
        read -r b_rps b_p99 b_cpu < <(measure "http://$host:$bare_port/bare/${sizes[$i]}" "" "$bare_pid")
        # shellcheck disable=SC2046
        read -r n_rps n_p99 n_cpu < <(measure "http://$host:$nginx_port/$i" "" $(nginx_pids))
        echo "$i $rps $cpu $b_rps $b_cpu $n_rps $n_cpu" >> "$work/results"
        awk -v p="${paths[$i]}" -v c="${codings[$i]}" -v b="${sizes[$i]}" \
            -v r="$rps" -v l="$p99" -v u="$cpu" -v br="$b_rps" -v bl="$b_p99" -v bu="$b_cpu" \
            -v nr="$n_rps" -v nl="$n_p99" -v nu="$n_cpu" \
            'BEGIN { printf "%-44s %-8s %8d | %8.0f %7.2f %7.1f | %8.0f %7.2f %7.1f | %8.0f %7.2f %7.1f | %6.2f %6.2f\n",
                p, c, b, r, l, u, br, bl, bu, nr, nl, nu, r / br, r / nr }'
    done
done
echo "load: $(uptime | sed 's/.*load average/load average/')"

if [ -n "${BENCH_SIDE:-}" ]; then
    table=${BENCH_TABLE:-$target/bench-side.md}
    printf '%s\n' "${paths[@]}" > "$work/paths"
    printf '%s\n' "${codings[@]}" > "$work/codings"
    printf '%s\n' "${sizes[@]}" > "$work/sizes"
    python3 - "$work" "$rounds" "$duration" "$connections" "$threads" "$(git rev-parse --short HEAD)" "$serve" > "$table" <<'PY'
import statistics, sys, datetime
work, rounds, duration, connections, threads, commit, serve = sys.argv[1:]
lines = lambda name: open(f"{work}/{name}").read().split("\n")[:-1]
paths, codings, sizes = lines("paths"), lines("codings"), lines("sizes")
runs = {}
for row in lines("results"):
    i, *values = row.split()
    runs.setdefault(int(i), []).append([float(v) for v in values])
print(f"`make bench-side` on {datetime.date.today()} at {commit} (service `{serve}`): "
      f"wrk -t{threads} -c{connections} "
      f"-d{duration}, {rounds} rounds alternating the service, a bare actix-web handler of the same "
      "length and nginx (sendfile, tcp_nopush) serving the saved bytes; medians, range of the ratio.")
print()
print("| answer | coding | bytes | ÷ nginx | ÷ bare | CPU µs service / bare / nginx |")
print("|---|---|---|---|---|---|")
for i, path in enumerate(paths):
    r = runs.get(i, [])
    if not r:
        continue
    med = lambda k: statistics.median(v[k] for v in r)
    ratios = [v[0] / v[4] for v in r]
    print(f"| `{path}` | {codings[i]} | {sizes[i]} | {statistics.median(ratios):.2f} "
          f"({min(ratios):.2f}–{max(ratios):.2f}) | {statistics.median(v[0] / v[2] for v in r):.2f} "
          f"| {med(1):.1f} / {med(3):.1f} / {med(5):.1f} |")
PY
    echo "bench-side: the table is in $table"
    if [ -n "${BENCH_INTO:-}" ]; then
        python3 - "$BENCH_INTO" "$table" <<'PY'
import sys
into, table = sys.argv[1:]
text, new = open(into).read(), open(table).read()
start, end = "<!-- bench-side -->", "<!-- /bench-side -->"
a, b = text.index(start) + len(start), text.index(end)
open(into, "w").write(text[:a] + "\n" + new + text[b:])
PY
        echo "bench-side: written into $BENCH_INTO"
    fi
fi

rss_kb=$(awk '/^Rss:/ {print $2}' "/proc/$server_pid/smaps_rollup")
anon_kb=$(awk '/^Anonymous:/ {print $2}' "/proc/$server_pid/smaps_rollup")
echo "start-up: ${startup_ms} ms until /healthz answered"
echo "resident memory after the run: ${rss_kb} kB (anonymous ${anon_kb} kB; the rest is the mapped archive)"
