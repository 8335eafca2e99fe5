#!/usr/bin/env bash
# Builds one board twice from scratch, with 1 and with 2 threads, one after the other, and writes
# both `papamu build --json` records and the wall-clock ratio to results/data/tables_speedup.json.
#   tablebase/measure_speedup.sh PAPAMU GAME RxC
set -euo pipefail
papamu=$1; game=$2; size=$3
here=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d /tmp/papamu-speedup-XXXXXX)
trap 'rm -rf "$scratch"' EXIT
one=$("$papamu" build "$game" "$size" --tb "$scratch/one" --threads 1 --json)
two=$("$papamu" build "$game" "$size" --tb "$scratch/two" --threads 2 --json)
cmp -s "$scratch/one/$game-standard-$size/manifest.json" "$scratch/two/$game-standard-$size/manifest.json" || { echo "1- and 2-thread tables differ" >&2; exit 1; }
mkdir -p "$here/results/data"
python3 - "$one" "$two" "$here/results/data/tables_speedup.json" <<'PY'
import json, sys
one, two = json.loads(sys.argv[1]), json.loads(sys.argv[2])
json.dump({"description": "same board built with 1 and 2 threads (tablebase/measure_speedup.sh); the machine is shared, see loadavg",
           "loadavg_at_end": open("/proc/loadavg").read().split()[:3],
           "one_thread": one, "two_threads": two,
           "speedup_wall": one["seconds"] / two["seconds"]}, open(sys.argv[3], "w"), indent=1)
print("speed-up %.2f" % (one["seconds"] / two["seconds"]))
PY
