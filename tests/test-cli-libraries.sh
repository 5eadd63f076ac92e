#!/usr/bin/env bash
# test-cli-libraries.sh - acyclic-check starts without cairo and Pango
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-cli-libraries.sh ACYCLIC_CHECK SOURCE_DIR
#
# acyclic-check's drawing is a module opened on first use
# (src/cli/acy-cli-graphs.h): the program itself must not need cairo,
# Pango or the font libraries, whose loading was half of a small test's
# run; and the module must be found and draw when asked.

set -uo pipefail
check=$1 srcdir=$2
n=0 status=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $*"; status=1; }

if ! command -v readelf >/dev/null; then
  echo "1..0 # SKIP readelf (binutils) is not installed"
  exit 0
fi
needed=$(readelf -d "$check" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
[ -n "$needed" ] && ok "acyclic-check's libraries: $(echo $needed)" \
  || not_ok "readelf lists no library acyclic-check needs"
for lib in cairo pango harfbuzz fontconfig freetype X11 xcb; do
  if printf '%s\n' "$needed" | grep -q "^lib$lib"; then
    not_ok "acyclic-check needs lib$lib at start-up"
  else
    ok "acyclic-check does not need lib$lib"
  fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/acyclic-libs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
test=$srcdir/tests/cli/C-CO+o-o.litmus
# a run that draws nothing never opens the module
if command -v strace >/dev/null; then
  strace -f -e trace=openat -o "$tmp/trace" "$check" -cat sc.cat "$test" >/dev/null
  if grep -q 'acyclic-check-graphs' "$tmp/trace"; then
    not_ok "a run without --graph opened the drawing module"
  else
    ok "a run without --graph does not open the drawing module"
  fi
fi
# asked to draw, it opens the module and draws
if "$check" -cat sc.cat --graph "$tmp/g" --graph-format png "$test" >/dev/null \
   && [ "$(head -c 8 "$tmp/g/C-CO+o-o-1.png" | od -An -c | tr -d ' ')" = '211PNG\r\n032\n' ]; then
  ok "--graph draws a PNG through the module"
else
  not_ok "--graph did not draw $tmp/g/C-CO+o-o-1.png"
fi
# --why names events as the graphs do, from the same module
out=$("$check" -cat sc.cat --why 'co:init:x,a' "$test" 2>&1)
if printf '%s\n' "$out" | grep -q '^(init:x, a) in co'; then
  ok "--why answers through the module"
else
  not_ok "--why gave: $out"
fi
echo "1..$n"
exit $status
