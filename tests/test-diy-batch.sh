#!/bin/sh
# tests/test-diy-batch.sh - the search for distinguishing tests over two workers
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-diy-batch.sh ACYCLIC-CHECK SOURCE-DIR
# Runs acyclic-check --distinguish in two shares at once with GNU parallel
# (as two hosts of parallel --sshloginfile, or two tasks of a Slurm array,
# would), merges them with build-aux/acyclic-check-batch, and compares
# with one search over all the cycles and with -j 2 (times left out).
set -eu
check=$1 top=$2
if ! command -v parallel > /dev/null 2>&1; then
  echo "1..0 # SKIP GNU parallel is not installed"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export ACYCLIC_CHECK="$check"
batch="$top/build-aux/acyclic-check-batch"
echo 1..3
parallel --will-cite -j 2 "$batch" distinguish {} 2 "$tmp/out" sc tso --max-threads 3 --max-accesses 4 ::: 0 1
"$batch" merge-distinguish 2 "$tmp/out" | sed 's/, [0-9.]* s)/)/' > "$tmp/merged"
"$check" --distinguish sc tso --max-threads 3 --max-accesses 4 | sed 's/, [0-9.]* s)/)/' > "$tmp/whole"
cmp "$tmp/merged" "$tmp/whole"
grep -q '^SB (2 threads, 4 accesses)$' "$tmp/whole"
echo "ok 1 - two shares checked by GNU parallel and merged print what one search prints"
# Each share checks tests of its own, and together they check what one
# search checks (the tests found may all fall in one share).
t0=$(sed -n 's/^#@summary .* tests=\([0-9]*\) .*/\1/p' "$tmp/out/part-0.out")
t1=$(sed -n 's/^#@summary .* tests=\([0-9]*\) .*/\1/p' "$tmp/out/part-1.out")
[ "$t0" -gt 0 ] && [ "$t1" -gt 0 ]
grep -q "($((t0 + t1)) tests checked," "$tmp/whole"
echo "ok 2 - each share checked tests of its own ($t0 and $t1), one search's between them"
"$check" --distinguish sc tso --max-threads 3 --max-accesses 4 -j 2 | sed 's/, [0-9.]* s)/)/' > "$tmp/jobs"
cmp "$tmp/jobs" "$tmp/whole"
echo "ok 3 - -j 2 prints what one worker prints"
