#!/usr/bin/env bash
# The answer cache under a flood of one-off questions, as an outside client would send it
# (issue "Trust by construction", items 3-4): hijri-serve on loopback with
# HIJRI_CACHE_BYTES (default 16M); 12 hot kept answers (/year of a named calendar) asked
# until kept; then wrk (BENCH_THREADS x BENCH_CONNECTIONS, for at most BENCH_DURATION)
# sends every /days.ics of a year, calendar, language and retro (about 3,700 one-off kept
# feeds, several times the bound), each thread asking a hot answer after every
# BENCH_HOT_EVERY feeds and stopping when its share is sent (wrk itself waits out
# BENCH_DURATION). Prints the peak of hijri_cache_bytes and of the process's RssAnon
# (sampled every 0.2 s) beside the setting, the flood's answers and bytes, the cache's
# counts, and how many hot answers were still kept after the flood (asked again: a miss
# means it was built again; each one's time to first byte as well). Loopback only; bounded
# in requests and time.
#
# Settings: BENCH_SERVE (the binary, default target/release/hijri-serve), HIJRI_ARCHIVE
# (data/hijri.archive), HIJRI_CACHE_BYTES (16M), BENCH_DURATION (60s), BENCH_THREADS (2),
# BENCH_CONNECTIONS (8), BENCH_HOT_EVERY (4).
set -euo pipefail

cd "$(dirname "$0")/../.."
archive=${HIJRI_ARCHIVE:-data/hijri.archive}
serve=${BENCH_SERVE:-${CARGO_TARGET_DIR:-target}/release/hijri-serve}
bound=${HIJRI_CACHE_BYTES:-16M}
duration=${BENCH_DURATION:-60s}
threads=${BENCH_THREADS:-2}
connections=${BENCH_CONNECTIONS:-8}
every=${BENCH_HOT_EVERY:-4}
host=127.0.0.1
port=18190
metrics_port=18191
command -v wrk >/dev/null || apt-get install -y -qq wrk >/dev/null
[ -x "$serve" ] || cargo build --release -p hijri-server --bin hijri-serve
[ -f "$archive" ] || { echo "cache-flood: $archive is missing; run make generate" >&2; exit 1; }
work=$(mktemp -d)

HIJRI_ARCHIVE=$archive HIJRI_BIND=$host:$port HIJRI_METRICS_BIND=$host:$metrics_port \
    HIJRI_CACHE_BYTES=$bound HIJRI_LIMIT_DEFAULT=1000000000/1 \
    HIJRI_MAX_CONNECTIONS_PER_CLIENT=1000000 "$serve" 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 2000); do curl -sf -o /dev/null "http://$host:$port/healthz" && break; sleep 0.005; done
anon() { awk '/^RssAnon:/ {print $2}' "/proc/$server/status"; }
# A series of the metrics listener ("" when this build has none).
series() { curl -sf "http://$host:$metrics_port/metrics" | awk -v name="$1" '$1 == name {print $2}'; }
accept="Accept-Encoding: gzip, br"

mapfile -t calendars < <(curl -sf "http://$host:$port/api/v1/authorities" |
    python3 -c 'import json,sys; [print(a["id"]) for a in json.load(sys.stdin)["authorities"]]')
hot=()
for year in $(seq 1447 1458); do hot+=("/api/v1/year?year=$year&authority=${calendars[1]}"); done
# The hot answers, asked until kept; each one's first (built) and last (kept) time.
for path in "${hot[@]}"; do
    first=$(curl -sf -H "$accept" -o /dev/null -w '%{time_starttransfer}' "http://$host:$port$path")
    for _ in 1 2 3 4; do curl -sf -H "$accept" -o /dev/null "http://$host:$port$path"; done
    echo "hot $path: built in ${first}s"
done >"$work/hot.txt"

# The flood: every year's feed of every calendar, language and retro, in a fixed shuffle.
python3 - "${calendars[@]}" >"$work/flood.lua" <<'PY'
import random, sys
paths = [f"/api/v1/days.ics?year={y}&authority={a}&lang={l}&retro={r}"
         for y in range(1945, 2101) for a in sys.argv[1:] for l in ("id", "en", "ar")
         for r in ("false", "true")]
random.Random(1447).shuffle(paths)
print("flood = {" + ",".join(f'"{p}"' for p in paths) + "}")
PY
printf 'hot = {' >>"$work/flood.lua"
printf '"%s",' "${hot[@]}" >>"$work/flood.lua"
echo '}' >>"$work/flood.lua"
cat >>"$work/flood.lua" <<LUA
local every = $every
local threads = {}
local id = 0
setup = function(thread) thread:set("id", id); id = id + 1; table.insert(threads, thread) end
init = function()
  n, sent, flooded, bytes, ok, hot_asked = 0, 0, 0, 0, 0, 0
  stride, next_flood = $threads, id + 1
end
request = function()
  n = n + 1
  local path
  if n % (every + 1) == 0 or next_flood > #flood then
    path = hot[math.random(#hot)]; hot_asked = hot_asked + 1
  else
    path = flood[next_flood]; next_flood = next_flood + stride; flooded = flooded + 1
  end
  return wrk.format("GET", path, {["Accept-Encoding"] = "gzip, br"})
end
response = function(status, headers, body)
  if status == 200 then ok = ok + 1 end
  bytes = bytes + #body
  -- This thread's share of the flood is sent: it stops.
  if next_flood > #flood then wrk.thread:stop() end
end
done = function()
  local f, b, o, h = 0, 0, 0, 0
  for _, t in ipairs(threads) do
    f = f + t:get("flooded"); b = b + t:get("bytes"); o = o + t:get("ok"); h = h + t:get("hot_asked")
  end
  io.write(string.format("flood: %d one-off feeds asked, %d hot asks, %d answers 200, %.1f MB sent (compressed)\n", f, h, o, b / 1e6))
end
LUA
before_anon=$(anon)
wrk -t"$threads" -c"$connections" -d"$duration" -s "$work/flood.lua" "http://$host:$port" >"$work/wrk.txt" &
load=$!
peak_anon=$before_anon peak_bytes=0
while kill -0 "$load" 2>/dev/null; do
    now=$(anon); [ "$now" -gt "$peak_anon" ] && peak_anon=$now
    bytes=$(series hijri_cache_bytes || true)
    [ -n "$bytes" ] && [ "$bytes" -gt "$peak_bytes" ] && peak_bytes=$bytes
    sleep 0.2
done
wait "$load"
grep -E "requests in|Requests/sec|flood:" "$work/wrk.txt"
echo "setting: HIJRI_CACHE_BYTES=$bound"
echo "hijri_cache_bytes: peak $peak_bytes, after $(series hijri_cache_bytes || true)"
after_anon=$(anon)
# jemalloc gives freed pages back after 10 s (its decay): what stays is what is held.
sleep 15
echo "RssAnon: ${before_anon} kB before the flood, ${peak_anon} kB at the peak, ${after_anon} kB after, $(anon) kB 15 s later"
for name in hijri_cache_hits_total hijri_cache_misses_total hijri_cache_evictions_total; do
    echo "$name $(series $name || true)"
done
cat "$work/hot.txt"
kept=0
for path in "${hot[@]}"; do
    misses=$(series hijri_cache_misses_total || true)
    t=$(curl -sf -H "$accept" -o /dev/null -w '%{time_starttransfer}' "http://$host:$port$path")
    if [ -n "$misses" ] && [ "$(series hijri_cache_misses_total)" = "$misses" ]; then
        kept=$((kept + 1)); echo "hot $path after the flood: kept, ${t}s"
    else
        echo "hot $path after the flood: built again (without metrics: judge by the time), ${t}s"
    fi
done
echo "hot answers kept: $kept of ${#hot[@]}"
