#!/bin/sh
# tests/test-herd7-cases.sh - acyclic-check on herd7 command lines, against herd7
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-herd7-cases.sh ACYCLIC-CHECK SOURCE-DIR
# Runs the command lines of tests/herd7/cases.txt (herd7's options on
# corpus tests) and compares standard output (but Time lines), exit
# status and the files -o writes with what herd7 did, recorded by
# build-aux/record-herd7-cases. Then checks that the options herd7 has and
# acyclic-check does not apply are refused, not ignored. Skips (TAP
# "1..0 # SKIP", exit 0) when the conformance corpus is absent
# ($ACYCLIC_CONFORMANCE_DIR, else $ACYCLIC_SHARED_DIR/conformance, else
# ../shared/conformance beside the source tree).
set -u
check=$1 top=$2
here="$top/tests/herd7"
shared=${ACYCLIC_CONFORMANCE_DIR:-${ACYCLIC_SHARED_DIR:-$top/../shared}/conformance}
if [ ! -f "$shared/lkmm/linux-kernel.cfg" ]; then
  echo "1..0 # SKIP no conformance corpus at $shared"
  exit 0
fi
. "$here/cases.sh"
status=0
herd7_cases "$check" "$here" "$shared" check || status=1

# Options that change herd7's answer and are not implemented: refused
# with a reason and exit status 2, never ignored.
t="$shared/tests/kernel/SB+poonceonces.litmus"
for opt in "-speedcheck fast" "-restrict observed --json" "-restrict condone --judge" "-initwrites false" \
           "-dumpes true -o dumpes-dir" "-candidates true" "-rename map" \
           "-outcomereads true" "-throughflag x" "-web" "-switch" \
           "-badexecs false" "-show prop -nshow 1" "-show all -showone true" \
           "-nshow 0" "-nshow -1"; do
  # shellcheck disable=SC2086
  "$check" -I "$shared/lkmm" -conf linux-kernel.cfg $opt "$t" > /dev/null 2> err.$$
  s=$?
  if [ "$s" -eq 2 ] && grep -q "is not supported" err.$$; then
    echo "# refused: $opt"
  else
    echo "not ok - $opt: exit status $s, $(cat err.$$)"
    status=1
  fi
done
# refused ARGS TEXT: acyclic-check with the kernel's .cfg and ARGS on
# the test exits with status 2 and says TEXT, as herd7 does.
refused () {
  # shellcheck disable=SC2086
  "$check" -I "$shared/lkmm" -conf linux-kernel.cfg $1 "$t" > /dev/null 2> err.$$
  s=$?
  if [ "$s" -ne 2 ] || ! grep -qF -- "$2" err.$$; then
    echo "not ok - $1: exit status $s, $(cat err.$$)"
    status=1
  fi
}
# -unroll takes a count, up to what the thread runner takes.
for bad in "-unroll -1" "-unroll x" "-unroll 101"; do
  refused "$bad" "needs a number of times from 0 to 100"
done
# -variant takes herd7's tags, as herd7 does (it lists them).
refused "-variant lkmmv2,foo" "tag foo for -variant is wrong, allowed tags are"
# -show and -cat refuse what herd7 refuses, in its words.
for bad in "-show foo" "-show prop,neg" "-cat simplecat" "-model simple.txt"; do
  refused "$bad" "bad tag for ${bad%% *}, allowed tag are"
done
# Picture values herd7 refuses, refused with its words (exit status 2).
for bad in "-graph zork|bad tag for -graph, allowed tag are free,cluster,columns" \
           "-view zork|zork is a bad tag for -view, allowed tag are gv,evince,preview" \
           "-showevents MEM|bad tag for -showevents, allowed tag are all,mem,noregs,memf,nobranches" \
           "-dotcom DOT|bad tag for -dotcom, allowed tag are dot,neato,circo" \
           "-debug solver,|bad tag for -debug, allowed tag are solver," \
           "-xscale 1x|wrong argument '1x'; option '-xscale' expects a float" \
           "-initpos 0x1,2|wrong argument '0x1,2'; option '-initpos' expects a float,float" \
           "-fontsize 1.5|wrong argument '1.5'; option '-fontsize' expects an integer" \
           "-edgefontsizedelta 4611686018427387904|option '-edgefontsizedelta' expects an integer" \
           "-edgeattr a,b|bad argument for option -edgeattr: 'a,b'" \
           "-shift 1,,2|bad argument for option -shift: '1,,2'" \
           "-dotheader no-such-header|Cannot find file no-such-header"; do
  refused "${bad%%|*}" "${bad#*|}"
done
# ... and a .cfg's dotheader that cannot be found, at its line.
"$check" -I "$shared/lkmm" -conf "$here/dotheader-missing.cfg" "$t" > /dev/null 2> err.$$
s=$?
if [ "$s" -ne 2 ] || ! grep -q "dotheader-missing.cfg:5:11: dotheader file 'no-such-header' not found" err.$$; then
  echo "not ok - dotheader-missing.cfg: exit status $s, $(cat err.$$)"
  status=1
fi
# Booleans are booleans, as herd7 reads them.
if "$check" -showlegend maybe "$t" > /dev/null 2> err.$$ || ! grep -q "expects a boolean" err.$$; then
  echo "not ok - -showlegend maybe is accepted"
  status=1
fi
rm -f err.$$
exit $status
