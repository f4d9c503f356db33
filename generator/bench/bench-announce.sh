#!/usr/bin/env bash
# The isbat-night path, timed on a private copy of data/ (the committed facts are not
# touched): announce the month after the official table as starting 29 days after the
# table's last month, then regenerate the archive reusing the current archive's cards.
# Then the same for a decree on the days off (announce-holidays).
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

# An SKB amendment on the days off (the last decreed year's first libur nasional moved a
# day), then regenerate again: no card depends on the days off.
IFS=, read -r first _ < <(grep ',libur_nasional,' data/holidays/days.csv | tail -n 1)
decreed=${first%%-*}
IFS=, read -r day kind slug _ < <(grep "^$decreed-" data/holidays/days.csv | grep ',libur_nasional,' | head -n 1)
moved=$(date -u -d "$day + 1 day" +%F)
t3=$(now)
"$generate" --data "$work/data" announce-holidays --year "$decreed" --kind skb_amendment \
  --signed "$moved" --number benchmark --title benchmark --source https://example.invalid/ \
  --change benchmark --move "$day=$moved:$kind:$slug"
t4=$(now)
"$generate" --data "$work/data" --out "$work/data/hijri.archive" 2>&1 | grep -E 'reused|wrote'
t5=$(now)
awk -v a="$t3" -v b="$t4" -v c="$t5" 'BEGIN {
  printf "announce-holidays %.2f s, regenerate %.2f s, together %.2f s (target <= 10 s)\n", b - a, c - b, c - a }'
