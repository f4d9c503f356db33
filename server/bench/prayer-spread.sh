#!/usr/bin/env bash
# Memory of hijri-serve while clients spread prayer-time questions over every place, month,
# method, detail and coding (issue 35: memory stays bounded whatever places and dates are
# asked). wrk (one client, its per-client limits lifted) asks for BENCH_DURATION (default
# 30s) a random place of /api/v1/places and a random Gregorian month of the span, by either
# method, with or without detail, in identity, gzip or br; then the server's anonymous
# resident memory (RssAnon, the answer cache's HIJRI_CACHE_BYTES included) before, at its
# peak (sampled every 0.5 s) and after, and the answers by status. Loopback only.
set -euo pipefail

cd "$(dirname "$0")/../.."
duration=${BENCH_DURATION:-30s}
archive=${HIJRI_ARCHIVE:-data/hijri.archive}
binary=${CARGO_TARGET_DIR:-target}/release/hijri-serve
port=18186
command -v wrk >/dev/null || apt-get install -y -qq wrk >/dev/null
[ -x "$binary" ] || cargo build --release -p hijri-server --bin hijri-serve
work=$(mktemp -d)
HIJRI_ARCHIVE=$archive HIJRI_BIND=127.0.0.1:$port HIJRI_LIMIT_DEFAULT=1000000000/1 \
    HIJRI_MAX_CONNECTIONS_PER_CLIENT=1000000 "$binary" 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 2000); do curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.005; done
anon() { awk '/^RssAnon:/ {print $2}' "/proc/$server/status"; }

# The places' ids as a Lua list.
curl -sf "http://127.0.0.1:$port/api/v1/places" |
    python3 -c 'import json,sys; print("ids = {" + ",".join(repr(p["id"]) for p in json.load(sys.stdin)["places"]) + "}")' \
    >"$work/spread.lua"
cat >>"$work/spread.lua" <<'LUA'
local methods = {"kemenag", "muhammadiyah"}
local codings = {"identity", "gzip", "br"}
local threads = {}
setup = function(thread) table.insert(threads, thread) end
init = function() statuses = {} end
request = function()
  local path = string.format("/api/v1/prayer-times?place=%s&month=%04d-%02d&method=%s%s",
    ids[math.random(#ids)], math.random(1945, 2100), math.random(1, 12),
    methods[math.random(2)], math.random(2) == 1 and "&detail=true" or "")
  return wrk.format("GET", path, {["Accept-Encoding"] = codings[math.random(3)]})
end
response = function(status) statuses[status] = (statuses[status] or 0) + 1 end
done = function()
  local all = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do all[status] = (all[status] or 0) + n end
  end
  for status, n in pairs(all) do io.write(string.format("status %d: %d answers\n", status, n)) end
end
LUA
before=$(anon)
wrk -t2 -c64 -d"$duration" -s "$work/spread.lua" "http://127.0.0.1:$port" >"$work/wrk.txt" &
load=$!
peak=$before
while kill -0 "$load" 2>/dev/null; do
    now=$(anon); [ "$now" -gt "$peak" ] && peak=$now
    sleep 0.5
done
wait "$load"
grep -E "requests in|Requests/sec|status" "$work/wrk.txt"
echo "RssAnon: ${before} kB before, ${peak} kB at the peak, $(anon) kB after"
