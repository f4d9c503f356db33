#!/usr/bin/env bash
# The CPU per answer of the mosque screen `/display` (issue 43) beside the stored `/month`:
# hijri-serve over the archive with its per-client limits lifted; for each coding
# (identity, gzip, br) a short wrk run (BENCH_DURATION, default 5s; BENCH_CONNECTIONS, 16;
# 2 threads) of each kept answer, the server's own CPU (utime + stime from /proc, clock
# ticks) over the run divided by the requests wrk counted. Each answer is asked once before
# (its build and coding kept). Then the screen built: one curl process asking the screen of
# every place (517 new keys, identity), its CPU divided by the count. Loopback only.
set -euo pipefail

cd "$(dirname "$0")/../.."
duration=${BENCH_DURATION:-5s}
connections=${BENCH_CONNECTIONS:-16}
archive=${HIJRI_ARCHIVE:-data/hijri.archive}
binary=${CARGO_TARGET_DIR:-target}/release/hijri-serve
port=18189
base=http://127.0.0.1:$port
[ -x "$binary" ] || cargo build --release --workspace
HIJRI_ARCHIVE=$archive HIJRI_BIND=127.0.0.1:$port HIJRI_LIMIT_DEFAULT=1000000000/1 \
    HIJRI_MAX_CONNECTIONS_PER_CLIENT=1000000 "$binary" 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 2000); do curl -sf -o /dev/null "$base/healthz" && break; sleep 0.005; done
ticks=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$server/stat"; }

# One kept answer in one coding: a label, the coding, the path.
measure() {
    local label=$1 coding=$2 path=$3 before after out requests bytes
    bytes=$(curl -s -H "Accept-Encoding: $coding" -o /dev/null -w '%{size_download}' "$base$path")
    before=$(cpu)
    out=$(wrk -t2 -c"$connections" -d"$duration" -H "Accept-Encoding: $coding" "$base$path")
    after=$(cpu)
    requests=$(awk '/requests in/ {print $1}' <<<"$out")
    awk -v l="$label" -v k="$coding" -v c=$((after - before)) -v n="$requests" -v t="$ticks" \
        -v b="$bytes" -v s="$duration" 'BEGIN {
            printf "| %s | %s | %.1f KB | %.0f | %.1f µs |\n", l, k, b / 1024, n / s, c * 1e6 / t / n }'
}

echo "| answer | coding | bytes | requests/s | CPU per answer |"
echo "|---|---|---|---|---|"
for coding in identity gzip br; do
    measure "/month (stored)" "$coding" "/api/v1/month?year=1447&month=9"
    measure "/display (kept)" "$coding" "/display?place=34.71"
    measure "/display, Muhammadiyah, English (kept)" "$coding" \
        "/display?place=34.71&authority=muhammadiyah&lang=en"
done

# Built: every place's screen once, a new key each.
mapfile -t ids < <(tail -n +2 data/places/kabkota.csv | cut -d, -f1)
args=()
for id in "${ids[@]}"; do args+=(-o /dev/null "$base/display?place=$id&lang=en"); done
before=$(cpu)
curl -s "${args[@]}"
after=$(cpu)
awk -v c=$((after - before)) -v n=${#ids[@]} -v t="$ticks" \
    'BEGIN { printf "| /display, a new place (key) each, built | identity | | | %.1f µs |\n", c * 1e6 / t / n }'
