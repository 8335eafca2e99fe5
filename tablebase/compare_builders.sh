#!/usr/bin/env bash
# Builds each board with an old and a new papamu, alternating (old, new, old, new: ROUNDS rounds),
# checks that the tables are byte-identical (manifests, which hold every layer's checksum,
# compared), and writes every `papamu build --json` record and the median CPU-time ratio per board
# to results/data/builder_change.json. For a builder change on a shared machine: compare CPU
# seconds (user + system), wall time counts other people's work too. GAME:RxC:K builds only the
# positions of at most K stones (--max-stones K). CHANGE (environment, optional) says in words
# what differs between OLD and NEW; results/update prints it.
#   [CHANGE=TEXT] tablebase/compare_builders.sh OLD_PAPAMU NEW_PAPAMU THREADS ROUNDS SCRATCH_PARENT GAME:RxC[:K]...
set -euo pipefail
old=$1; new=$2; threads=$3; rounds=$4; parent=$5; shift 5
here=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d "$parent/papamu-builders-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
records=()
for spec in "$@"; do
  IFS=: read -r game size stones <<< "$spec"
  limit=(); [[ -n $stones ]] && limit=(--max-stones "$stones")
  for round in $(seq "$rounds"); do
    for side in old new; do
      binary=$old; [[ $side == new ]] && binary=$new
      rm -rf "$scratch/$side"
      record=$("$binary" build "$game" "$size" --tb "$scratch/$side" --threads "$threads" "${limit[@]}" --json)
      records+=("{\"side\": \"$side\", \"round\": $round, \"build\": $record}")
    done
    cmp -s "$scratch/old/$game-standard-$size/manifest.json" "$scratch/new/$game-standard-$size/manifest.json" ||
      { echo "$game $size: old and new tables differ" >&2; exit 1; }
  done
done
commit=$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)
python3 - "$here/results/data/builder_change.json" "$commit" "$threads" "$*" "${CHANGE:-}" "${records[@]}" <<'PY'
import json, statistics, sys
path, commit, threads, boards, change, *texts = sys.argv[1:]
runs = [json.loads(text) for text in texts]
summary = []
def key(build):
    return (build["game"], build["board"], build["max_stones"])
for board in sorted({key(run["build"]) for run in runs}):
    def median(side, field):
        return statistics.median(run["build"][field] for run in runs if run["side"] == side and key(run["build"]) == board)
    summary.append({"game": board[0], "board": board[1], "max_stones": board[2],
                    "positions": next(r["build"]["positions"] for r in runs if key(r["build"]) == board),
                    "old_cpu_seconds": median("old", "cpu_seconds"), "new_cpu_seconds": median("new", "cpu_seconds"),
                    "cpu_ratio": median("old", "cpu_seconds") / median("new", "cpu_seconds"),
                    "old_wall_seconds": median("old", "seconds"), "new_wall_seconds": median("new", "seconds"),
                    "identical_tables": True})
record = {"description": "one papamu build against another, alternating, tables checked identical (tablebase/compare_builders.sh)",
           "command": "tablebase/compare_builders.sh OLD_PAPAMU NEW_PAPAMU %s %d SCRATCH %s" % (threads, max(r["round"] for r in runs), boards),
           "commit": commit, "loadavg_at_end": open("/proc/loadavg").read().split()[:3], "summary": summary,
           "runs": [{"side": r["side"], "round": r["round"], **{k: r["build"][k] for k in ("game", "board", "max_stones", "seconds", "cpu_seconds", "threads", "positions_per_second", "peak_rss_kib")}} for r in runs]}
if change:
    record["change"] = change
json.dump(record, open(path, "w"), indent=1)
for item in summary:
    print("%s %s (up to %d stones): CPU %.2f s -> %.2f s (%.2fx), tables identical" % (item["game"], item["board"], item["max_stones"], item["old_cpu_seconds"], item["new_cpu_seconds"], item["cpu_ratio"]))
PY
