#!/usr/bin/env bash
# Times one board built by `papamu build` (1 and 2 threads) and by papamu-mpi (1 and 2 ranks x
# 1 and 2 threads; then 2 ranks with big layers sliced), all in one run, checks that every table is byte-identical to the first, and
# appends one JSON line per build to results/data/mpi_scaling.jsonl (commit, machine cores, load).
# Wall time says little on a shared machine: compare cpu_seconds (the work done) too.
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
  local root="$work/r${ranks}t${threads}$RANDOM" load_before
  load_before=$(cut -d' ' -f1 /proc/loadavg)
  # Wall and processor seconds (user + system of every rank: mpirun waits for them).
  local TIMEFORMAT='%R %U %S' timing seconds user system
  timing=$( { time "$@" --tb "$root" >/dev/null 2>"$work/stderr"; } 2>&1 ) || { cat "$work/stderr" >&2; exit 1; }
  read -r seconds user system <<<"$timing"
  local table=("$root"/*)
  if [ -z "$reference" ]; then reference=${table[0]}; else diff -r "$reference" "${table[0]}" >/dev/null; fi
  printf '{"game":"%s","board":"%s","program":"%s","ranks":%d,"threads_per_rank":%d,"seconds":%.2f,"cpu_seconds":%.2f,"identical_to_first":true,"cores":%d,"load_before":%s,"load_after":%s,"commit":"%s"}\n' \
    "$game" "$board" "$label" "$ranks" "$threads" "$seconds" "$(echo "$user + $system" | bc)" "$(nproc)" "$load_before" \
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
# Every layer above 2^20 entries cut into slices: the cost of the hand-over and the assembly.
label="papamu-mpi --slice-entries 1048576"
run "$label" 2 1 mpirun --oversubscribe --bind-to none -np 2 "$papamu_mpi" build "$game" "$board" --threads 1 --slice-entries 1048576
