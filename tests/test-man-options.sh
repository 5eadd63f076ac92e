#!/bin/sh
# tests/test-man-options.sh - the man page lists every option acyclic-check takes
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-man-options.sh ACYCLIC-CHECK SOURCE-DIR
# The options are herd7's (the table in src/cli/acyclic-check.c) and
# Acyclic's own (those --help shows); each must appear in
# data/acyclic-check.1. Every option herd7's -help lists
# (tests/herd7/help-options.txt) must be in the table and in the table of
# docs/HERD7-OPTIONS.md.
set -eu
check=$1 top=$2
man="$top/data/acyclic-check.1"
status=0
opts=$( (grep -o '{ "-[a-z0-9-]*"' "$top/src/cli/acyclic-check.c" | sed 's/{ "//; s/"//';
         "$check" --help | grep -o -- '--[a-z][a-z-]*' ) | sort -u)
# The files are read once and searched in the shell: a grep per option
# forks hundreds of processes, which a loaded machine makes take longer
# than the test's time limit.
man_text=$(sed 's/\\-/-/g' "$man")
table_text=$(cat "$top/docs/HERD7-OPTIONS.md")
source_text=$(cat "$top/src/cli/acyclic-check.c")
n=0
for o in $opts; do
  n=$((n + 1))
  case $man_text in
    *"$o"*) echo "ok $n - $o" ;;
    *) echo "not ok $n - $o is not in the man page"; status=1 ;;
  esac
done
nl='
'
for o in $(grep '^-' "$top/tests/herd7/help-options.txt"); do
  [ "$o" = -help ] && continue
  n=$((n + 1))
  case $source_text in
    *"{ \"$o\","*) ;;
    *) echo "not ok $n - herd7's $o is not in acyclic-check's table of herd7's options"; status=1; continue ;;
  esac
  case "$nl$table_text" in
    *"$nl| \`$o\` |"*) echo "ok $n - herd7's $o is known and documented" ;;
    *) echo "not ok $n - herd7's $o is not in docs/HERD7-OPTIONS.md"; status=1 ;;
  esac
done
echo "1..$n"
exit $status
