#!/usr/bin/env bash
# usage: run.sh BIN N PATH -> prints total instructions (Ir) of the server process
bin=$1; n=$2; path=$3; port=$((19000 + RANDOM % 500))
out=/work/cg/out.$$.cg
HIJRI_ARCHIVE=/work/main/data/hijri.archive HIJRI_BIND=127.0.0.1:$port HIJRI_METRICS_BIND=127.0.0.1:$((port+600)) \
  HIJRI_LIMIT_DEFAULT=1000000000/1 valgrind --tool=callgrind --callgrind-out-file=$out "$bin" 2>/dev/null &
pid=$!
for i in $(seq 1 600); do curl -sf -o /dev/null http://127.0.0.1:$port/healthz && break; sleep 0.2; done
if [ "$n" -gt 0 ]; then
  urls=(); for i in $(seq 1 $n); do urls+=("http://127.0.0.1:$port$path"); done
  curl -s "${urls[@]}" > /dev/null
fi
kill -INT $pid; wait $pid 2>/dev/null
awk '/^summary:/ {print $2} /^totals:/ {print $2}' $out | head -1
[ -n "$KEEP" ] && cp $out $KEEP; rm -f $out
