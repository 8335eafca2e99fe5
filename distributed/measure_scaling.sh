#!/usr/bin/env bash
# Times one board built by `papamu build` (1 and 2 threads) and by papamu-mpi (1 and 2 ranks x
# 1 and 2 threads), all in one run, checks that every table is byte-identical to the first, and
# appends one JSON line per build to results/data/mpi_scaling.jsonl (commit, machine cores, load).
# Usage: distributed/measure_scaling.sh PAPAMU PAPAMU_MPI GAME RxC [OUTPUT]
set -euo pipefail
papamu=$1 papamu_mpi=$2 game=$3 board=$4
output=${5:-results/data/mpi_scaling.jsonl}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
commit=$(git rev-parse --short HEAD)
reference=""

run() {  # label ranks threads command...
  local label=$1 ranks=$2 threads=$3; shift 3
  local root="$work/r${ranks}t${threads}$RANDOM" load_before started seconds
  load_before=$(cut -d' ' -f1 /proc/loadavg)
  started=$(date +%s.%N)
  "$@" --tb "$root" >/dev/null
  seconds=$(echo "$(date +%s.%N) - $started" | bc)
  local table=("$root"/*)
  if [ -z "$reference" ]; then reference=${table[0]}; else diff -r "$reference" "${table[0]}" >/dev/null; fi
  printf '{"game":"%s","board":"%s","program":"%s","ranks":%d,"threads_per_rank":%d,"seconds":%.2f,"identical_to_first":true,"cores":%d,"load_before":%s,"load_after":%s,"commit":"%s"}\n' \
    "$game" "$board" "$label" "$ranks" "$threads" "$seconds" "$(nproc)" "$load_before" \
    "$(cut -d' ' -f1 /proc/loadavg)" "$commit" | tee -a "$output"
  [ "$reference" = "${table[0]}" ] || rm -rf "$root"  # the first table stays: the others are compared with it
}

run papamu 1 1 "$papamu" build "$game" "$board" --threads 1
run papamu 1 2 "$papamu" build "$game" "$board" --threads 2
for ranks in 1 2; do
  for threads in 1 2; do
    run papamu-mpi "$ranks" "$threads" mpirun --oversubscribe --bind-to none -np "$ranks" "$papamu_mpi" build "$game" "$board" --threads "$threads"
  done
done
