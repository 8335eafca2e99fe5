#!/usr/bin/env bash
# Builds one board twice from scratch, with 1 and with 2 threads, one after the other, checks that
# both tables are identical, and appends both `papamu build --json` records and the wall-clock
# ratio as one line to results/data/tables_speedup.jsonl (a record of the same board replaces
# the old one). Run it on an otherwise idle machine: the load average before and after is kept.
#   tablebase/measure_speedup.sh PAPAMU GAME RxC [SCRATCH_PARENT]
set -euo pipefail
papamu=$1; game=$2; size=$3; parent=${4:-/tmp}
here=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d "$parent/papamu-speedup-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
before=$(cut -d' ' -f1-3 /proc/loadavg)
one=$("$papamu" build "$game" "$size" --tb "$scratch/one" --threads 1 --json)
two=$("$papamu" build "$game" "$size" --tb "$scratch/two" --threads 2 --json)
cmp -s "$scratch/one/$game-standard-$size/manifest.json" "$scratch/two/$game-standard-$size/manifest.json" || { echo "1- and 2-thread tables differ" >&2; exit 1; }
commit=$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)
mkdir -p "$here/results/data"
python3 - "$one" "$two" "$before" "$commit" "$here/results/data/tables_speedup.jsonl" <<'PY'
import json, os, sys
one, two = json.loads(sys.argv[1]), json.loads(sys.argv[2])
path = sys.argv[5]
record = {"description": "same board built with 1 and then 2 threads (tablebase/measure_speedup.sh)",
          "commit": sys.argv[4], "loadavg_before": sys.argv[3].split(),
          "loadavg_at_end": open("/proc/loadavg").read().split()[:3],
          "one_thread": one, "two_threads": two, "speedup_wall": one["seconds"] / two["seconds"]}
kept = []
if os.path.exists(path):
    kept = [line for line in open(path) if line.strip() and
            (json.loads(line)["one_thread"]["game"], json.loads(line)["one_thread"]["board"]) != (one["game"], one["board"])]
with open(path, "w") as handle:
    handle.writelines(kept)
    handle.write(json.dumps(record) + "\n")
print("%s %s: 1 thread %.1f s, 2 threads %.1f s, speed-up %.2f" % (one["game"], one["board"], one["seconds"], two["seconds"],
                                                                 one["seconds"] / two["seconds"]))
PY
