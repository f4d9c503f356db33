#!/usr/bin/env bash
# The Deployment's memory against the artifact it serves (`make lint`, after `make test` has
# written the archive): the request must hold the mapped archive (its pages are charged to
# the pod as page cache) and the answer cache, the limit 128 Mi more for what floods of
# clients hold on top (docs/deploy.md, "Memory"). Sizes are rounded up to whole MiB.
#   request >= ceil_MiB(archive file) + ceil_MiB(HIJRI_CACHE_BYTES)
#   limit   >= request + 128 Mi
# HIJRI_CACHE_BYTES is the manifest's env value, or the server's default (settings.rs).
# Usage: check-memory.sh [ARCHIVE [MANIFEST]] (defaults: data/hijri.archive, deployment.yaml).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
archive=${1:-$root/data/hijri.archive}
manifest=${2:-$here/deployment.yaml}
settings=$root/server/src/settings.rs
headroom=128
mi=1048576

fail() {
    echo "check-memory: $*" >&2
    exit 1
}

[ -f "$archive" ] || fail "no archive at $archive: run \`make generate\` (or \`make test\`) first, its size sets the memory"
[ -f "$manifest" ] || fail "no manifest at $manifest"

# Whole MiB, rounded up, of a number of bytes.
ceil_mib() { echo $((($1 + mi - 1) / mi)); }

# Bytes of HIJRI_CACHE_BYTES's spelling (digits, optional K, M or G: KiB, MiB, GiB).
cache_bytes() {
    case $1 in
    *[!0-9KMG]* | "" | [KMG]*) fail "HIJRI_CACHE_BYTES \"$1\" is not a number of bytes with K, M or G" ;;
    *K) echo $((${1%K} << 10)) ;;
    *M) echo $((${1%M} << 20)) ;;
    *G) echo $((${1%G} << 30)) ;;
    *) echo "$1" ;;
    esac
}

# Bytes of a Kubernetes memory quantity (plain, k/M/G/T or Ki/Mi/Gi/Ti).
quantity_bytes() {
    local n=${1%[KMGT]i} unit=${1#"${1%[KMGT]i}"}
    if [ -z "$unit" ]; then
        n=${1%[kMGT]}
        unit=${1#"$n"}
    fi
    case $n in *[!0-9]* | "") fail "memory \"$1\" in $manifest is not a whole quantity (e.g. 600Mi)" ;; esac
    case $unit in
    "") echo "$n" ;;
    k) echo $((n * 1000)) ;;
    M) echo $((n * 1000 ** 2)) ;;
    G) echo $((n * 1000 ** 3)) ;;
    T) echo $((n * 1000 ** 4)) ;;
    Ki) echo $((n << 10)) ;;
    Mi) echo $((n << 20)) ;;
    Gi) echo $((n << 30)) ;;
    Ti) echo $((n << 40)) ;;
    esac
}

# The `memory:` under `resources:` → `requests:` or `limits:` (the manifest has one container).
memory_of() {
    awk -v section="$1" '
        function indent(line) { match(line, /^ */); return RLENGTH }
        /^ *#/ || /^ *$/ { next }
        inside && indent($0) <= depth { inside = 0 }
        $1 == section ":" && NF == 1 { inside = 1; depth = indent($0); next }
        inside && $1 == "memory:" { gsub(/"/, "", $2); print $2; exit }
    ' "$manifest"
}

archive_bytes=$(stat -c %s "$archive")
archive_mib=$(ceil_mib "$archive_bytes")
cache_text=$(awk '/- name: HIJRI_CACHE_BYTES/ { found = 1; next }
    found && $1 == "value:" { gsub(/"/, "", $2); print $2; exit }' "$manifest")
cache_from="HIJRI_CACHE_BYTES in $(basename "$manifest")"
if [ -z "$cache_text" ]; then
    cache_text=$(sed -n 's/.*env = "HIJRI_CACHE_BYTES", default_value = "\([^"]*\)".*/\1/p' "$settings")
    cache_from="the server's default HIJRI_CACHE_BYTES (settings.rs)"
    [ -n "$cache_text" ] || fail "no HIJRI_CACHE_BYTES in $manifest and no default found in $settings"
fi
cache=$(cache_bytes "$cache_text")
cache_mib=$(ceil_mib "$cache")

request_text=$(memory_of requests)
limit_text=$(memory_of limits)
[ -n "$request_text" ] || fail "no resources.requests.memory in $manifest"
[ -n "$limit_text" ] || fail "no resources.limits.memory in $manifest"
request_bytes=$(quantity_bytes "$request_text")
limit_bytes=$(quantity_bytes "$limit_text")

need_request=$((archive_mib + cache_mib))
request_mib=$(ceil_mib "$request_bytes")
# Against the larger of the request written and the one required, so a request set too low
# does not lower the limit required with it.
need_limit=$(((request_mib > need_request ? request_mib : need_request) + headroom))
summary="archive $(basename "$archive") $archive_bytes bytes = $archive_mib MiB, cache $cache_text = $cache_mib MiB ($cache_from)"
status=0
if [ "$request_bytes" -lt $((need_request * mi)) ]; then
    echo "check-memory: requests.memory $request_text is below archive + cache = $archive_mib + $cache_mib = ${need_request}Mi; $summary" >&2
    status=1
fi
if [ "$limit_bytes" -lt $((need_limit * mi)) ]; then
    echo "check-memory: limits.memory $limit_text is below requests.memory + ${headroom}Mi = $((need_limit - headroom)) + $headroom = ${need_limit}Mi; $summary" >&2
    status=1
fi
[ "$status" -eq 0 ] || exit 1
echo "check-memory: requests.memory $request_text >= ${need_request}Mi, limits.memory $limit_text >= ${need_limit}Mi; $summary"
