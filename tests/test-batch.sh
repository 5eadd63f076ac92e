#!/bin/sh
# tests/test-batch.sh - build-aux/acyclic-check-batch with two "hosts" on this machine
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-batch.sh ACYCLIC-CHECK SOURCE-DIR
# Checks a list of tests in two parts at once (as two hosts of GNU
# parallel or two tasks of a Slurm array would), merges them, and compares
# with one acyclic-check run on the whole list, and with -j 2.
set -eu
check=$1 top=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$top/tests/cli"
printf '%s\n' C-CO+o-o.litmus judge/deadlock.litmus judge/maybe.litmus judge/datarace.litmus \
  judge/no-result.litmus > "$tmp/list.txt"
model="$top/models/toy-rmo.cat"
export ACYCLIC_CHECK="$check"
"$top/build-aux/acyclic-check-batch" part 0 2 "$tmp/list.txt" "$tmp/out" -cat "$model" &
"$top/build-aux/acyclic-check-batch" part 1 2 "$tmp/list.txt" "$tmp/out" -cat "$model" &
wait
echo 1..2
"$top/build-aux/acyclic-check-batch" merge 2 "$tmp/out" | grep -v '^Time ' > "$tmp/merged"
"$check" -cat "$model" < "$tmp/list.txt" | grep -v '^Time ' > "$tmp/whole"
cmp "$tmp/merged" "$tmp/whole"
[ "$(grep -c '^Test ' "$tmp/whole")" -eq 5 ]
echo "ok 1 - two parts merged equal one run"
"$check" -j 2 -cat "$model" - < "$tmp/list.txt" | grep -v '^Time ' > "$tmp/jobs"
cmp "$tmp/jobs" "$tmp/whole"
echo "ok 2 - -j 2 prints what one test at a time prints"
