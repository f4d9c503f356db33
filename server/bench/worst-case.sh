#!/usr/bin/env bash
# The CPU of each endpoint's largest answer when it is not kept (issue 41: no answer costs
# more than 2 ms of CPU to build, or it is stored, or its size is capped). hijri-serve runs
# over the archive with its per-client limits lifted; for each endpoint, curl asks
# BENCH_KEYS (default 20) distinct keys of its largest answer one after another (each a
# miss: a new place, year or window), in the coding BENCH_CODING (default identity), and
# the server's own CPU (utime + stime from /proc, in clock ticks) over them is divided by
# the count. A first request of each kind warms the code paths. Loopback only.
set -euo pipefail

cd "$(dirname "$0")/../.."
keys=${BENCH_KEYS:-20}
coding=${BENCH_CODING:-identity}
archive=${HIJRI_ARCHIVE:-data/hijri.archive}
binary=${CARGO_TARGET_DIR:-target}/release/hijri-serve
port=18187
[ -x "$binary" ] || cargo build --release -p hijri-server --bin hijri-serve
HIJRI_ARCHIVE=$archive HIJRI_BIND=127.0.0.1:$port HIJRI_LIMIT_DEFAULT=1000000000/1 \
    HIJRI_MAX_CONNECTIONS_PER_CLIENT=1000000 "$binary" 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 2000); do curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.005; done
ticks=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$server/stat"; }

# One endpoint: a label, then its URLs, each a distinct key of (about) its largest answer.
measure() {
    local label=$1 url before after bytes=0 status=0
    shift
    curl -s -o /dev/null -H "Accept-Encoding: $coding" "http://127.0.0.1:$port$1"
    shift
    before=$(cpu)
    for url in "$@"; do
        read -r status bytes < <(curl -s -o /dev/null -w '%{http_code} %{size_download}\n' \
            -H "Accept-Encoding: $coding" "http://127.0.0.1:$port$url")
    done
    after=$(cpu)
    awk -v l="$label" -v c=$((after - before)) -v n=$# -v t="$ticks" -v b="$bytes" -v s="$status" \
        'BEGIN { printf "| %s | %d | %.0f KB | %.2f ms |\n", l, s, b / 1024, c * 1000 / t / n }'
}

read -r -a ids < <(curl -sf "http://127.0.0.1:$port/api/v1/places" |
    python3 -c 'import json,sys; print(" ".join(p["id"] for p in json.load(sys.stdin)["places"]))')
# The URLs of `pattern` with PLACE as each of the first keys + 1 places (the first warms).
by_place() { local i; for i in $(seq 0 "$keys"); do echo "${1//PLACE/${ids[$i]}}"; done; }
# The URLs of `pattern` with YEAR as each of keys + 1 years from `first`.
by_year() { local i; for i in $(seq 0 "$keys"); do echo "${1//YEAR/$(($2 + i))}"; done; }

echo "| answer (largest, a new key each) | status | bytes | CPU per build |"
echo "|---|---|---|---|"
run() { local label=$1; shift; mapfile -t urls < <("$@"); measure "$label" "${urls[@]}"; }
# Refusals are never kept: the same hostile request each time.
hostile() { local i; for i in $(seq 0 "$keys"); do echo "$1"; done; }
long=$(printf 'a%.0s' $(seq 64000))
run "a 64,000-character place (refused)" hostile "/api/v1/prayer-times?place=$long&date=2026-03-01"
run "an unknown 64-character place (suggested)" hostile "/api/v1/prayer-times?place=$(printf 'z%.0s' $(seq 64))&date=2026-03-01"
run "/prayer-times, 31 days with detail (the most)" by_place "/api/v1/prayer-times?place=PLACE&from=2027-01-01&to=2027-01-31&detail=true"
run "/prayer-times, 366 days" by_place "/api/v1/prayer-times?place=PLACE&from=2027-01-01&to=2027-12-31"
run "/imsakiyah" by_place "/api/v1/imsakiyah?place=PLACE&year=1448"
run "/imsakiyah.ics" by_place "/api/v1/imsakiyah.ics?place=PLACE&year=1448"
run "the page with a place" by_place "/?place=PLACE"
run "the printable imsakiyah" by_place "/imsakiyah?place=PLACE&year=1448"
run "/hilal/history with sites, 12 months (the most)" by_year "/api/v1/hilal/history?from=YEAR-01&to=YEAR-12&include=sites" 1440
run "/year, another calendar, retro" by_year "/api/v1/year?year=YEAR&authority=muhammadiyah&retro=true" 1380
run "/events.ics, a year" by_year "/api/v1/events.ics?year=YEAR&include=all" 1400
run "/days.ics, a year, retro, English" by_year "/api/v1/days.ics?year=YEAR&retro=true&lang=en&authority=ummalqura" 1960
run "/holidays.ics, a year" by_year "/api/v1/holidays.ics?year=YEAR" 2030
run "/workdays, a year" by_year "/api/v1/workdays?from=YEAR-01-01&to=YEAR-12-31" 2030
run "/compare, a year" by_year "/api/v1/compare?year=YEAR" 1400
run "the printable year" by_year "/?view=year&year=YEAR" 2030
run "/fasting, a year, another calendar, retro" by_year "/api/v1/fasting?year=YEAR&authority=muhammadiyah&retro=true&lang=en" 1380
run "/fasting.ics, a year, reminders at a place" by_place "/api/v1/fasting.ics?year=1448&place=PLACE"
run "/fasting.ics, the window (4 years), reminders at a place" by_place "/api/v1/fasting.ics?place=PLACE"
run "/month (stored, for comparison)" by_year "/api/v1/month?year=YEAR&month=9" 1440
