#!/bin/sh
# tests/test-c-instructions.sh - herd's own C instruction tests, run with their ci.cfg
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-c-instructions.sh ACYCLIC-CHECK SOURCE-DIR
# Runs acyclic-check -conf ci.cfg T.litmus on each test of the
# conformance corpus's c-instructions/ (herdtools7's
# herd/tests/instructions/C/, whose ci.cfg says hexa true, variant S128
# and model herd/libdir/rc11.cat), as herd7 was run there, and compares
# standard output (but the Time line) and exit status with herd7's: its
# T.litmus.expected, empty where herd7 refused the test (its message in
# T.litmus.err). The tests run in a copy of the folder whose herd/libdir
# is herd's C11 models (c11/models). Skips (TAP "1..0 # SKIP", exit 0)
# without the corpus.
set -u
check=$1 top=$2
shared=${ACYCLIC_CONFORMANCE_DIR:-${ACYCLIC_SHARED_DIR:-$top/../shared}/conformance}
src=$shared/c-instructions
if [ ! -f "$src/ci.cfg" ] || [ ! -f "$shared/c11/models/rc11.cat" ]; then
  echo "1..0 # SKIP no c-instructions/ or c11/models/ in $shared"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$src"/ci.cfg "$src"/*.litmus "$src"/*.expected "$tmp/"
mkdir "$tmp/herd"
ln -s "$shared/c11/models" "$tmp/herd/libdir"
cd "$tmp" || exit 1
n=0 same=0 status=0
for t in *.litmus; do
  n=$((n + 1))
  # a bound, so that a hang fails the test instead of stalling CI
  timeout 60 "$check" -conf ci.cfg "$t" > got 2> err
  s=$?
  grep -v '^Time ' got > got.out
  grep -v '^Time ' "$t.expected" > want.out
  # herd7 exits 0 on a test it refuses (a warning, nothing on stdout)
  if cmp -s got.out want.out && [ "$s" -eq 0 ]; then
    same=$((same + 1))
    echo "ok $n - $t"
  else
    status=1
    echo "not ok $n - $t: exit status $s"
    diff want.out got.out | head -10 | sed 's/^/# /'
    sed 's/^/# stderr: /' err | head -3
  fi
done
echo "1..$n"
echo "# conformance c-instructions: $same identical to herd7 of $n"
exit $status
