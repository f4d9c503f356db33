#!/usr/bin/env bash
# The isbat-night path, timed on a private copy of data/ (the committed facts are not
# touched): announce the month after the official table as starting 29 days after the
# table's last month, then regenerate the archive reusing the current archive's cards.
# Needs target/release/hijri-generate and an archive (make build generate).
set -euo pipefail
cd "$(dirname "$0")/../.."
generate=target/release/hijri-generate
[ -x "$generate" ] && [ -f data/hijri.archive ] || { echo "run make build generate first" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r data "$work/data"

IFS=, read -r year month start _ < <(tail -n 1 data/official/months.csv)
if [ "$month" -eq 12 ]; then next=$(printf '%04d-01' $((year + 1))); else next=$(printf '%04d-%02d' "$year" $((month + 1))); fi
announced=$(date -u -d "$start + 29 days" +%F)

now() { date +%s.%N; }
t0=$(now)
"$generate" announce --data "$work/data" "$next=$announced" --note "benchmark" --recorded-on "$announced"
t1=$(now)
"$generate" --data "$work/data" --out "$work/data/hijri.archive" 2>&1 | grep -E 'reused|wrote'
t2=$(now)
awk -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN {
  printf "announce %.2f s, regenerate %.2f s, together %.2f s (target <= 10 s)\n", b - a, c - b, c - a }'
