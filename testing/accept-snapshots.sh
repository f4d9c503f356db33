#!/usr/bin/env bash
# Accepts the pending insta snapshots under snapshots/ (written as NAME.snap.new by a test run
# with INSTA_UPDATE=new) the way `cargo insta accept` would, without it: each one loses its
# `assertion_line:` header line (the line of the assertion, which moves with every edit of
# the test) and replaces NAME.snap. Prints one line per snapshot: `new NAME` (there was none)
# or `changed NAME` (its content differs; `git diff snapshots/` shows how), and then a count;
# a pending snapshot identical to the committed one is dropped silently. Exits 0.
set -euo pipefail
dir=${1:-snapshots}
new=0 changed=0 same=0
shopt -s nullglob
for pending in "$dir"/*.snap.new; do
    target=${pending%.new}
    name=$(basename "$target" .snap)
    stripped=$(mktemp)
    grep -v '^assertion_line: ' "$pending" > "$stripped" || true
    if [[ ! -e $target ]]; then
        echo "new      $name"
        new=$((new + 1))
        mv "$stripped" "$target"
    elif cmp -s "$stripped" "$target"; then
        same=$((same + 1))
        rm "$stripped"
    else
        echo "changed  $name"
        changed=$((changed + 1))
        mv "$stripped" "$target"
    fi
    rm "$pending"
done
echo "accepted: $changed changed, $new new ($same pending identical to the committed, dropped)"
