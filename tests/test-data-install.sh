#!/usr/bin/env bash
# test-data-install.sh - `meson install --destdir` puts everything in place
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-data-install.sh MESON BUILD_DIR SOURCE_DIR PREFIX DATADIR BINDIR MANDIR PKGLIBDIR
#
# Installs into a temporary DESTDIR, checks that the programs, models,
# examples, man page, desktop file, icons, AppStream data, settings
# schema, MIME data and French catalogue are there, validates the
# installed copies, and runs the installed acyclic-check on a test from
# the article with the installed models, and draws its graphs with the
# installed drawing module.

set -euo pipefail

if [ $# -ne 8 ]; then
  echo "usage: $0 MESON BUILD_DIR SOURCE_DIR PREFIX DATADIR BINDIR MANDIR PKGLIBDIR" >&2
  exit 2
fi
meson=$1 builddir=$2 srcdir=$3 prefix=$4 datadir=$5 bindir=$6 mandir=$7 pkglibdir=$8
app_id=org.acyclic.Acyclic

destdir=$(mktemp -d "${TMPDIR:-/tmp}/acyclic-install.XXXXXX")
trap 'rm -rf "$destdir"' EXIT

# A relative datadir or bindir is relative to the prefix.
case $datadir in /*) ;; *) datadir=$prefix/$datadir ;; esac
case $bindir in /*) ;; *) bindir=$prefix/$bindir ;; esac
case $mandir in /*) ;; *) mandir=$prefix/$mandir ;; esac
root=$destdir
share=$root$datadir
bin=$root$bindir

"$meson" install -C "$builddir" --destdir "$destdir" --no-rebuild --quiet >/dev/null

status=0
fail() {
  echo "FAIL: $*" >&2
  status=1
}

expect_file() {
  if [ -f "$1" ]; then
    echo "ok: ${1#"$root"}"
  else
    fail "not installed: ${1#"$root"}"
  fi
}

expect_file "$bin/acyclic"
expect_file "$bin/acyclic-check"
[ -x "$bin/acyclic" ] || fail "acyclic is not executable"
[ -x "$bin/acyclic-check" ] || fail "acyclic-check is not executable"
# what draws, opened by acyclic-check when asked to draw (src/cli/acy-cli-graphs.h)
expect_file "$root$pkglibdir/acyclic-check-graphs.so"

expect_file "$share/applications/$app_id.desktop"
expect_file "$share/metainfo/$app_id.metainfo.xml"
expect_file "$share/glib-2.0/schemas/$app_id.gschema.xml"
expect_file "$share/mime/packages/$app_id-mime.xml"
expect_file "$share/icons/hicolor/scalable/apps/$app_id.svg"
expect_file "$share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
expect_file "$root$mandir/man1/acyclic-check.1"
expect_file "$share/doc/acyclic/HERD7-OPTIONS.md"
expect_file "$share/acyclic/acyclic-check.schema.json"
# bash completion: where bash-completion's pkg-config says, or the default
completion=$(find "$root" -path '*bash-completion/completions/acyclic-check' | head -1)
if [ -z "$completion" ]; then
  echo "FAIL: no bash completion for acyclic-check installed" >&2
  exit 1
fi
bash -n "$completion"
expect_file "$share/locale/fr/LC_MESSAGES/acyclic.mo"

# Every model and example of the source tree, no fewer.
models=$share/acyclic/models
for model in "$srcdir"/models/*; do
  name=$(basename "$model")
  [ "$name" = meson.build ] && continue
  expect_file "$models/$name"
done
[ -f "$models/meson.build" ] && fail "models/meson.build was installed"

n_examples=0
for example in "$srcdir"/ui/examples/*.litmus; do
  expect_file "$share/acyclic/examples/$(basename "$example")"
  n_examples=$((n_examples + 1))
done
[ $n_examples -gt 0 ] || fail "no examples in the source tree"

# The installed copies are valid, not only present.
grep -q 'xml:lang="fr"' "$share/metainfo/$app_id.metainfo.xml" \
  || fail "the metainfo has no French text"

if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$share/applications/$app_id.desktop" || fail "invalid installed desktop file"
  grep -q '^MimeType=.*text/x-litmus;' "$share/applications/$app_id.desktop" \
    || fail "the desktop file does not declare text/x-litmus"
  grep -q '^MimeType=.*text/x-cat-model;' "$share/applications/$app_id.desktop" \
    || fail "the desktop file does not declare text/x-cat-model"
  # The French catalogue was merged into the desktop file and the metainfo.
  grep -q '^GenericName\[fr\]=' "$share/applications/$app_id.desktop" \
    || fail "the desktop file has no French GenericName"
fi
if command -v glib-compile-schemas >/dev/null; then
  glib-compile-schemas --strict --dry-run "$share/glib-2.0/schemas" || fail "invalid installed schema"
fi
if command -v update-mime-database >/dev/null; then
  mkdir -p "$destdir/mime-check/packages"
  cp "$share/mime/packages/$app_id-mime.xml" "$destdir/mime-check/packages/"
  if update-mime-database "$destdir/mime-check" >/dev/null 2>&1; then
    for type in text/x-litmus text/x-cat-model; do
      grep -q "^$type\$" "$destdir/mime-check/types" || fail "MIME database lacks $type"
    done
    grep -q ':text/x-litmus:\*\.litmus$' "$destdir/mime-check/globs2" || fail "no *.litmus glob"
    grep -q ':text/x-cat-model:\*\.cat$' "$destdir/mime-check/globs2" || fail "no *.cat glob"
  else
    fail "update-mime-database rejects the MIME data"
  fi
fi

# The installed acyclic-check finds the installed models: coherent RMO
# forbids x=3 in the article's C-CO+o-o, toy RMO allows it.
export ACYCLIC_MODELSDIR=$models
out=$("$bin/acyclic-check" -cat coherent-rmo.cat "$srcdir/tests/cli/C-CO+o-o.litmus") \
  || fail "installed acyclic-check failed under coherent-rmo.cat"
printf '%s\n' "$out" | grep -q '^Observation C-CO+o-o Never 0 1' \
  || fail "coherent-rmo.cat should say Never on C-CO+o-o, got: $out"
out=$("$bin/acyclic-check" -cat toy-rmo.cat "$srcdir/tests/cli/C-CO+o-o.litmus") \
  || fail "installed acyclic-check failed under toy-rmo.cat"
printf '%s\n' "$out" | grep -q '^Observation C-CO+o-o Sometimes 1 1' \
  || fail "toy-rmo.cat should say Sometimes on C-CO+o-o, got: $out"

# And an installed example checks too.
"$bin/acyclic-check" -cat coherent-rmo.cat "$share/acyclic/examples/C-MP+o-mb-o+o-mb-o.litmus" \
  | grep -q '^Observation C-MP+o-mb-o+o-mb-o Never' \
  || fail "installed example C-MP+o-mb-o+o-mb-o is not Never under coherent-rmo.cat"

# The installed drawing module draws: one SVG per execution of MP that
# -show prop selects (one, r0=1 and r1=0), and a dot file.
export ACYCLIC_PKGLIBDIR=$root$pkglibdir
graphs=$destdir/graphs
"$bin/acyclic-check" -cat coherent-rmo.cat --graph "$graphs" --dot "$graphs" \
  "$share/acyclic/examples/C-MP+o-mb-o+o-mb-o.litmus" >/dev/null \
  || fail "installed acyclic-check --graph failed"
n_svg=$(find "$graphs" -name '*.svg' | wc -l)
n_dot=$(find "$graphs" -name '*.dot' | wc -l)
[ "$n_svg" -ge 1 ] && [ "$n_svg" = "$n_dot" ] \
  || fail "installed acyclic-check --graph wrote $n_svg SVG and $n_dot dot files"
grep -q '<svg' "$graphs"/*.svg || fail "the installed module's SVG is no SVG"

if [ $status -eq 0 ]; then
  echo "test-data-install: $(find "$destdir" -type f | wc -l) files installed and checked"
fi
exit $status
