#!/bin/sh
# tests/test-kernel-scripts.sh - acyclic-check behind the kernel's memory-model scripts
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-kernel-scripts.sh ACYCLIC-CHECK SOURCE-DIR
# Recreates the interface tools/memory-model/scripts rely on, with
# acyclic-check installed as "herd7" in PATH: runlitmus.sh runs
# `herd7 $LKMM_HERD_OPTIONS T.litmus >> T.litmus.out 2>&1` (options
# default -conf linux-kernel.cfg) after a "Herd options:" line, and
# judgelitmus.sh judges the .out file: an Observation line, else an
# unknown macro (": Unknown macro NAME (User error)", status 254), else a
# verification error (255); then " * Result: " DEADLOCK wants "Never 0 0"
# at the end of the Observation line, Maybe always passes, another word
# must be in it. Skips (TAP "1..0 # SKIP", exit 0) without the
# conformance corpus (found as tests/test-herd7-cases.sh finds it).
set -u
check=$1 top=$2
shared=${ACYCLIC_CONFORMANCE_DIR:-${ACYCLIC_SHARED_DIR:-$top/../shared}/conformance}
[ -f "$shared/lkmm/linux-kernel.cfg" ] || { echo "1..0 # SKIP no conformance corpus at $shared"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin" "$tmp/out"
ln -s "$check" "$tmp/bin/herd7"
PATH="$tmp/bin:$PATH"
export LKMM_DESTDIR="$tmp/out"

run () {   # as runlitmus.sh: the output file the judge reads
  t=$1
  opts=${LKMM_HERD_OPTIONS--I $shared/lkmm -conf linux-kernel.cfg}
  mkdir -p "$LKMM_DESTDIR/$(dirname "$t")"
  echo "Herd options: $opts" > "$LKMM_DESTDIR/$t.out"
  # shellcheck disable=SC2086
  herd7 $opts "$t" >> "$LKMM_DESTDIR/$t.out" 2>&1
}

judge () {   # judgelitmus.sh's decisions, printed as its exit status
  t=$1 out="$LKMM_DESTDIR/$1.out"
  outcome=$(grep -m 1 '^ \* Result: ' "$t" | awk '{ print $3 }')
  [ -n "$outcome" ] || outcome=specified
  if ! grep -q '^Observation' "$out"; then
    if grep -q ': Unknown macro ' "$out"; then
      badname=$(grep ': Unknown macro ' "$out" | sed -e 's/^.*: Unknown macro //' -e 's/ (User error).*$//')
      echo "254 $badname"
    else
      echo 255
    fi
    return
  fi
  if [ "$outcome" = DEADLOCK ]; then
    grep '^Observation' "$out" | grep -q 'Never 0 0$' && echo 0 || echo 1
  elif grep '^Observation' "$out" | grep -q "$outcome" || [ "$outcome" = Maybe ]; then
    echo 0
  else
    echo 1
  fi
}

n=0 status=0
expect () {   # TEST WANT [HERD-OPTIONS]
  n=$((n + 1))
  if [ $# -ge 3 ]; then LKMM_HERD_OPTIONS=$3; export LKMM_HERD_OPTIONS; else unset LKMM_HERD_OPTIONS; fi
  run "$1"
  got=$(judge "$1")
  if [ "$got" = "$2" ]; then
    echo "ok $n - $1: $got"
  else
    echo "not ok $n - $1: judged '$got', want '$2'"
    sed 's/^/# /' "$LKMM_DESTDIR/$1.out"
    status=1
  fi
}

cd "$top/tests"
cp "$shared/tests/kernel/CoRR+poonceonce+Once.litmus" "$shared/tests/kernel/LB+fencembonceonce+ctrlonceonce.litmus" "$tmp/"
echo 1..7
expect herd7/unknown-macro.litmus "254 smp_memb"
# the unknown macro, not the spinlock_t herd7 cannot size in the init
# block (paulmckrcu/litmus's C-unlock-wait-00, named by initlitmushist.sh)
expect herd7/order-macro-spinlock.litmus "254 spin_unlock_wait"
expect herd7/refuse-value-macro-statement.litmus "254 xchg"
expect cli/judge/deadlock.litmus 0
expect cli/judge/maybe.litmus 0
cd "$tmp"
expect CoRR+poonceonce+Once.litmus 0
# LB with a fence and a control dependency is Never; without the
# checks (-through all) herd7 and acyclic-check say Sometimes
sed -i 's/^ \* Result: Never/ * Result: Sometimes/' LB+fencembonceonce+ctrlonceonce.litmus
expect LB+fencembonceonce+ctrlonceonce.litmus 0 "-I $shared/lkmm -conf linux-kernel.cfg -through all"
exit $status
