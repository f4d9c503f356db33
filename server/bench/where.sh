#!/usr/bin/env bash
# The CPU per answer of prayer times from where you stand (issue 43): `/prayer-times/next`
# (built per request, by place and by a point), the point and name look-ups of `/places`,
# and `/prayer-times` asked by a point (a new point, a new key, each time), beside the
# stored `/month`. hijri-serve runs over the archive with its per-client limits lifted;
# curl asks BENCH_REQUESTS (default 200) requests of each kind one after another in the
# coding BENCH_CODING (default identity), and the server's own CPU (utime + stime from
# /proc, in clock ticks) over them is divided by the count. A first request of each kind
# warms the code paths. Loopback only; in the style of worst-case.sh.
set -euo pipefail

cd "$(dirname "$0")/../.."
n=${BENCH_REQUESTS:-200}
coding=${BENCH_CODING:-identity}
archive=${HIJRI_ARCHIVE:-data/hijri.archive}
binary=${CARGO_TARGET_DIR:-target}/release/hijri-serve
port=18188
[ -x "$binary" ] || cargo build --release --workspace
HIJRI_ARCHIVE=$archive HIJRI_BIND=127.0.0.1:$port HIJRI_LIMIT_DEFAULT=1000000000/1 \
    HIJRI_MAX_CONNECTIONS_PER_CLIENT=1000000 "$binary" 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 2000); do curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.005; done
ticks=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$server/stat"; }

# One kind: a label, then its URLs (the first warms). curl reads all URLs of a kind in one
# process (one connection), so the client's start-up is not on the server's clock anyway.
measure() {
    local label=$1 before after last
    shift
    curl -s -o /dev/null -H "Accept-Encoding: $coding" "http://127.0.0.1:$port$1"
    shift
    local args=()
    for url in "$@"; do args+=(-o /dev/null "http://127.0.0.1:$port$url"); done
    before=$(cpu)
    last=$(curl -s -H "Accept-Encoding: $coding" -w '%{http_code} %{size_download}\n' "${args[@]}" | tail -1)
    after=$(cpu)
    read -r status bytes <<<"$last"
    awk -v l="$label" -v c=$((after - before)) -v n=$# -v t="$ticks" -v b="$bytes" -v s="$status" \
        'BEGIN { printf "| %s | %d | %.1f KB | %.3f ms |\n", l, s, b / 1024, c * 1000 / t / n }'
}

# `count` + 1 points around Bandung (each a new distance, so a new key where one is kept).
points() { awk -v n="$1" -v p="$2" 'BEGIN { for (i = 0; i <= n; i++) {
    u = p; gsub(/LAT/, sprintf("%.5f", -6.90 - i * 0.0001), u); gsub(/LON/, sprintf("%.5f", 107.60 + i * 0.0001), u); print u } }'; }
# `count` + 1 instants a minute apart.
instants() { awk -v n="$1" -v p="$2" 'BEGIN { for (i = 0; i <= n; i++) {
    u = p; gsub(/AT/, sprintf("2026-02-19T%02d:%02d:00%%2B07:00", 4 + int(i / 60) % 20, i % 60), u); print u } }'; }
same() { local i; for i in $(seq 0 "$1"); do echo "$2"; done; }

echo "| answer | status | bytes | CPU per answer |"
echo "|---|---|---|---|"
run() { local label=$1; shift; mapfile -t urls < <("$@"); measure "$label" "${urls[@]}"; }
run "/month (stored)" same "$n" "/api/v1/month?year=1447&month=9"
run "/prayer-times/next?place=, a new at each" instants "$n" "/api/v1/prayer-times/next?place=34.71&at=AT"
run "/prayer-times/next?place= (now)" same "$n" "/api/v1/prayer-times/next?place=34.71"
run "/prayer-times/next?lat=&lon=, a new point each" points "$n" "/api/v1/prayer-times/next?lat=LAT&lon=LON"
run "/places?lat=&lon=, a new point each" points "$n" "/api/v1/places?lat=LAT&lon=LON"
run "/places?q=jogja" same "$n" "/api/v1/places?q=jogja"
run "/places?q=sol (prefix and alias)" same "$n" "/api/v1/places?q=sol"
run "/prayer-times?lat=&lon=&date=, a new point (key) each" points "$n" "/api/v1/prayer-times?lat=LAT&lon=LON&date=2026-02-19"
run "/prayer-times?lat=&lon=&date=, the same point (kept)" same "$n" "/api/v1/prayer-times?lat=-6.914&lon=107.609&date=2026-02-19"
run "/prayer-times?place=&date= (kept)" same "$n" "/api/v1/prayer-times?place=32.73&date=2026-02-19"
run "/prayer-times?lat=51.5&lon=-0.1 (no_place_near)" same "$n" "/api/v1/prayer-times?lat=51.5&lon=-0.1&date=2026-02-19"
