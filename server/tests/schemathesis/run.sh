#!/usr/bin/env bash
# `make schemathesis`: Schemathesis against the built server over the real archive, every
# check, positive and negative data, for SCHEMATHESIS_SECONDS (300) of generation. The
# cross-parameter rules no parameter schema can state are in hooks.py (positive cases only).
# Needs python3 with venv and PyPI (schemathesis is installed into target/schemathesis/venv).
set -euo pipefail
cd "$(dirname "$0")/../../.."
seconds=${SCHEMATHESIS_SECONDS:-300}
work=target/schemathesis
mkdir -p "$work"
if [ ! -x "$work/venv/bin/st" ]; then
  python3 -m venv "$work/venv"
  "$work/venv/bin/pip" install --quiet --disable-pip-version-check 'schemathesis==4.32.5'
fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
# Limits out of the way: the run sends tens of thousands of requests from one address.
HIJRI_BIND="127.0.0.1:$port" HIJRI_ARCHIVE=data/hijri.archive HIJRI_LOG=warn \
  HIJRI_LIMIT_DEFAULT=100000000/1 HIJRI_LIMIT_HILAL_INFO=100000000/1 \
  HIJRI_LIMIT_HILAL_VIZ=100000000/1 HIJRI_LIMIT_HILAL_MAP=100000000/1 \
  target/release/hijri-serve > "$work/server.log" 2>&1 &
server=$!
trap 'kill "$server"' EXIT
for _ in $(seq 100); do
  curl -sf "$base/healthz" > /dev/null && break
  sleep 0.1
done
HIJRI_BASE="$base" SCHEMATHESIS_HOOKS=hooks PYTHONPATH=server/tests/schemathesis \
  "$work/venv/bin/st" run "$base/api/v1/openapi.json" \
  --checks all --mode all --max-time "$seconds" --seed 20 \
  --generation-database none --no-color \
  --report junit --report-dir "$work/report"
