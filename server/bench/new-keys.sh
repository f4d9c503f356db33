#!/usr/bin/env bash
# Twenty addresses, each asking a new key per request within the default limits, beside a
# bystander (issue 41: they leave the server under one core and the bystander's p99 under
# 100 ms). hijri-serve runs over the archive with its default settings on 127.0.0.1; twenty
# clients, each from its own loopback address (127.0.0.10 to .29, so each has its own rate
# limit and connection count), send back to back for BENCH_SECONDS (default 30) the largest
# answers that are not stored, a new key each time (a 366-day /prayer-times with detail of
# a new place and year, the whole /hilal/history with sites in a new calendar and language,
# a /workdays year, a page year); a bystander at 127.0.0.9 asks a stored /month every 50 ms
# and times each answer. Printed: the server's CPU (cores, from /proc), the answers by
# status, the bystander's p50, p99 and worst. Loopback only; bounded in time.
set -euo pipefail

cd "$(dirname "$0")/../.."
seconds=${BENCH_SECONDS:-30}
archive=${HIJRI_ARCHIVE:-data/hijri.archive}
binary=${CARGO_TARGET_DIR:-target}/release/hijri-serve
port=18188
[ -x "$binary" ] || cargo build --release -p hijri-server --bin hijri-serve
HIJRI_ARCHIVE=$archive HIJRI_BIND=127.0.0.1:$port "$binary" 2>/dev/null &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 2000); do curl -sf -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.005; done

python3 - "$port" "$seconds" "$server" <<'PY'
import http.client, json, os, random, sys, threading, time

port, seconds, server = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
ticks = os.sysconf("SC_CLK_TCK")

def cpu():
    with open(f"/proc/{server}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks

def connect(address):
    return http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(address, 0))

listing = connect("127.0.0.1")
listing.request("GET", "/api/v1/places")
places = [p["id"] for p in json.loads(listing.getresponse().read())["places"]]

def new_key(rng):
    kind = rng.randrange(4)
    if kind == 0:
        year = rng.randrange(1945, 2100)
        return f"/api/v1/prayer-times?place={rng.choice(places)}&from={year}-01-01&to={year}-12-31&detail=true"
    if kind == 1:
        return (f"/api/v1/hilal/history?include=sites&authority={rng.choice(['kemenag', 'muhammadiyah'])}"
                f"&lang={rng.choice(['id', 'en', 'ar'])}&from={rng.randrange(1444, 1476)}-01")
    if kind == 2:
        year = rng.randrange(1946, 2100)
        return f"/api/v1/workdays?from={year}-01-01&to={year}-12-31&week={rng.choice([5, 6])}"
    return f"/?view=year&year={rng.randrange(1946, 2100)}&place={rng.choice(places)}"

statuses, lock, stop = {}, threading.Lock(), time.monotonic() + seconds

def attacker(n):
    rng, conn = random.Random(n), connect(f"127.0.0.{10 + n}")
    while time.monotonic() < stop:
        try:
            conn.request("GET", new_key(rng))
            response = conn.getresponse(); response.read()
            status = response.status
            if response.getheader("connection", "").lower() == "close":
                conn.close(); conn = connect(f"127.0.0.{10 + n}")
        except Exception:
            status = "error"; conn.close(); conn = connect(f"127.0.0.{10 + n}")
        with lock:
            statuses[status] = statuses.get(status, 0) + 1

latencies = []
def bystander():
    conn = connect("127.0.0.9")
    while time.monotonic() < stop:
        start = time.monotonic()
        try:
            conn.request("GET", "/api/v1/month?year=1446&month=9")
            conn.getresponse().read()
            latencies.append(time.monotonic() - start)
        except Exception:
            latencies.append(30.0); conn.close(); conn = connect("127.0.0.9")
        time.sleep(max(0.0, 0.05 - (time.monotonic() - start)))

before, wall = cpu(), time.monotonic()
threads = [threading.Thread(target=attacker, args=(n,)) for n in range(20)] + [threading.Thread(target=bystander)]
for t in threads: t.start()
for t in threads: t.join()
used, wall = cpu() - before, time.monotonic() - wall
latencies.sort()
pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000
print(f"server CPU: {used / wall:.2f} cores over {wall:.0f} s")
print("attackers' answers:", ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items(), key=str)))
print(f"bystander: {len(latencies)} answers, p50 {pick(0.5):.1f} ms, p99 {pick(0.99):.1f} ms, worst {latencies[-1] * 1000:.1f} ms")
PY
