#!/usr/bin/env bash
# Builds the tables of many boards with `papamu build --json` and collects one JSON record per
# board in results/data/tables.jsonl (figures are measured, never typed in). Boards are given as
# GAME:RxC words, built in the order given; records already in the JSON Lines log are kept, so
# the script can be stopped and run again.
#   tablebase/build_tables.sh PAPAMU TABLE_ROOT THREADS GAME:RxC...
set -euo pipefail
papamu=$1; root=$2; threads=$3; shift 3
here=$(cd "$(dirname "$0")/.." && pwd)
log=$here/results/data/tables.jsonl
mkdir -p "$here/results/data" "$root"
touch "$log"
for board in "$@"; do
  game=${board%%:*}; size=${board#*:}
  if grep -q "\"game\":\"$game\",\"variant\":\"standard\",\"board\":\"$size\"" "$log"; then continue; fi
  echo "building $game $size" >&2
  record=$("$papamu" build "$game" "$size" --tb "$root" --threads "$threads" --json)
  # The commit of the checkout the script runs in (build the binary from it): the record's provenance.
  python3 -c 'import json, sys; r = json.loads(sys.argv[1]); r["commit"] = sys.argv[2]; print(json.dumps(r, separators=(",", ":")))' \
    "$record" "$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)" >> "$log"
done
