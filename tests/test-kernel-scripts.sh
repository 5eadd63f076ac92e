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
# must be in it. Then runs the kernel's scripts themselves, unmodified
# (the corpus's kernel-scripts/: checkalllitmus.sh, checktheselitmus.sh,
# checklitmus.sh with judgelitmus.sh, initlitmushist.sh,
# checklitmushist.sh), over the kernel's litmus tests,
# Documentation/litmus-tests/ (kernel-doc/) and some of paulmckrcu/litmus's
# (a history). Skips (TAP "1..0 # SKIP",
# exit 0) without the conformance corpus (found as
# tests/test-herd7-cases.sh finds it).
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
# The kernel's own scripts as they are (kernel-scripts/), in the kernel's
# tree: tools/memory-model with linux-kernel.cfg and the model's files,
# litmus-tests/ (the corpus's kernel/) and scripts/, and
# Documentation/litmus-tests/ (kernel-doc/), as a kernel developer runs
# them with acyclic-check as herd7. Each test's output file is herd7's
# (but the Time line and /usr/bin/time's), so the scripts pass the same
# judgements as with herd7, which judgelitmus.sh passes again on herd7's
# recorded output to check it. The history scripts, given herd7's output
# as the history of some of paulmckrcu/litmus's tests, find acyclic-check's
# the same.
ks=$shared/kernel-scripts
ok () {   # DESCRIPTION STATUS
  n=$((n + 1))
  if [ "$2" -eq 0 ]; then echo "ok $n - $1"; else echo "not ok $n - $1"; status=1; fi
}
# What the scripts write in T.out besides herd7's standard output
strip () {
  grep -v -e '^Herd options:' -e 'maxresident)k' -e 'minor)pagefaults' -e '^Time ' \
          -e '^ *!!! ' -e '^ *--- ' "$1"
}
# same_outputs LIST: every T of LIST has T.out with T.expected's output
same_outputs () {
  bad=0
  while IFS= read -r t; do
    if ! strip "$t.out" | cmp -s - "$t.want"; then
      bad=$((bad + 1))
      echo "# $t: not herd7's output"
      strip "$t.out" | diff "$t.want" - | head -5 | sed 's/^/# /'
    fi
  done < "$1"
  return $bad
}
# herd7_judgements LIST: judgelitmus.sh's messages and status on herd7's
# recorded outputs (T.want) in a folder of their own
herd7_judgements () {
  hs=0
  rm -rf "$tmp/herd7-out" && mkdir "$tmp/herd7-out"
  while IFS= read -r t; do
    mkdir -p "$tmp/herd7-out/$(dirname "$t")"
    { echo "Herd options: -conf linux-kernel.cfg"; cat "$t.want"; } > "$tmp/herd7-out/$t.out"
    LKMM_DESTDIR=$tmp/herd7-out scripts/judgelitmus.sh "$t" > "$tmp/judge.out" 2>&1 || hs=1
    grep '!!!' "$tmp/judge.out"
  done < "$1"
  return $hs
}
if [ ! -d "$ks" ] || [ ! -d "$shared/kernel-doc" ]; then
  n=$((n + 1)); echo "ok $n # SKIP no kernel-scripts/ or kernel-doc/ in $shared"
elif [ ! -x /usr/bin/time ] || ! command -v bash > /dev/null || ! command -v timeout > /dev/null; then
  # runlitmus.sh runs herd7 under /usr/bin/time and timeout, with bash
  n=$((n + 1)); echo "ok $n # SKIP the kernel's scripts need bash, timeout and /usr/bin/time"
else
  lk=$tmp/linux/tools/memory-model doc=$tmp/linux/Documentation/litmus-tests
  mkdir -p "$lk/litmus-tests" "$lk/litmus" "$doc"
  ln -s "$ks" "$lk/scripts"
  for f in "$shared"/lkmm/*; do ln -s "$f" "$lk/"; done
  cp "$shared"/tests/kernel/*.litmus "$shared"/tests/kernel/*.expected "$lk/litmus-tests/"
  cp -R "$shared"/kernel-doc/. "$doc/"
  # paulmckrcu/litmus's tests, a few folders of them (time)
  for d in manual/atomic luc; do
    mkdir -p "$lk/litmus/$d" && cp -R "$shared/tests/paulmck/$d/." "$lk/litmus/$d/"
  done
  cp "$top/tests/herd7/order-macro-spinlock.litmus" "$lk/"
  chmod -R u+w "$tmp/linux"
  find "$tmp/linux" -name '*.expected' | while IFS= read -r e; do
    grep -v '^Time ' "$e" > "${e%.expected}.want" && rm "$e"
  done
  # LKMM_* as parseargs.sh sets them: the scripts' defaults
  unset LKMM_DESTDIR LKMM_HERD_OPTIONS
  cd "$lk" || exit 1

  ls litmus-tests/*.litmus > "$tmp/all.list"
  scripts/checkalllitmus.sh > "$tmp/all.out" 2>&1
  s=$?
  same_outputs "$tmp/all.list"
  ok "checkalllitmus.sh: every output of litmus-tests/ is herd7's" $?
  grep '!!!' "$tmp/all.out" > "$tmp/all.judged"
  herd7_judgements "$tmp/all.list" > "$tmp/all.herd7"
  hs=$?
  cmp -s "$tmp/all.judged" "$tmp/all.herd7"
  ok "checkalllitmus.sh: judged as herd7's output is (status $s, herd7's $hs; $(grep -c . "$tmp/all.judged") '!!!' lines, herd7's $(grep -c . "$tmp/all.herd7"))" \
     $(( $? + (s != hs) ))
  diff "$tmp/all.herd7" "$tmp/all.judged" | sed 's/^/# /'

  (cd "$doc" && ls -- */*.litmus) | sed 's|^|../../Documentation/litmus-tests/|' > "$tmp/doc.list"
  # shellcheck disable=SC2046
  scripts/checktheselitmus.sh -- $(cat "$tmp/doc.list") > "$tmp/doc.out" 2>&1
  s=$?
  grep -q '^All litmus tests verified as was expected' "$tmp/doc.out"
  ok "checktheselitmus.sh: the $(grep -c . "$tmp/doc.list") tests of Documentation/litmus-tests/ verified (status $s)" $((s + $?))
  grep '!!!' "$tmp/doc.out" | sed 's/^/# /'
  same_outputs "$tmp/doc.list"
  ok "checktheselitmus.sh: every output of Documentation/litmus-tests/ is herd7's" $?

  # herd7 reports the unknown macro: judgelitmus.sh's status 254
  scripts/checklitmus.sh order-macro-spinlock.litmus > "$tmp/unknown.out" 2>&1
  s=$?
  grep -q 'Current LKMM version does not know "spin_unlock_wait"' "$tmp/unknown.out"
  ok "checklitmus.sh on an unknown macro after a spinlock_t: status $s, 254 wanted" $(( (s != 254) + $? ))

  # initlitmushist.sh --procs 2 writes the history of litmus/'s tests
  # with no P2 (litmus/ is there: nothing is cloned), each T.litmus.out
  # herd7's output with /usr/bin/time's two lines after it
  find litmus -name '*.litmus' | LC_ALL=C sort | xargs grep -L '^P2' > "$tmp/hist.list"
  scripts/initlitmushist.sh --procs 2 > "$tmp/init.out" 2>&1
  s=$?
  differ=0
  while IFS= read -r t; do
    grep -v -e '^Time ' -e 'elapsed .*CPU' -e 'pagefaults .*swaps' "$t.out" > "$tmp/init.got" 2>/dev/null
    cmp -s "$tmp/init.got" "$t.want" || { differ=$((differ + 1)); echo "# initlitmushist.sh: $t differs from herd7's"; }
  done < "$tmp/hist.list"
  failed=$(grep -c '!!!' "$tmp/init.out")
  ok "initlitmushist.sh --procs 2: $(( $(grep -c . "$tmp/hist.list") - differ )) of $(grep -c . "$tmp/hist.list") outputs herd7's, $failed runs failed (status $s)" \
     $(( s + differ + failed ))

  # herd7's output as the history (with /usr/bin/time's two lines, which
  # cmplitmushist.sh leaves out) of the tests checklitmushist.sh --procs 2
  # runs again: the same
  while IFS= read -r t; do
    { cat "$t.want"
      echo "0.01user 0.00system 0:00.01elapsed 100%CPU (0avgtext+0avgdata 1000maxresident)k"
      echo "0inputs+0outputs (0major+100minor)pagefaults 0swaps"; } > "$t.out"
  done < "$tmp/hist.list"
  scripts/checklitmushist.sh --procs 2 > "$tmp/hist.out" 2>&1
  s=$?
  exact=$(grep -c '^Exact output match: ' "$tmp/hist.out")
  want=$(grep -c . "$tmp/hist.list")
  ok "checklitmushist.sh --procs 2: $exact of $want outputs exactly herd7's (status $s)" $(( s + (exact != want) ))
  [ "$exact" -eq "$want" ] || grep -v '^Exact output match: ' "$tmp/hist.out" | sed 's/^/# /' | head -20
  cd "$top/tests" || exit 1
fi
echo "1..$n"
exit $status
