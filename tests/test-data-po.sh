#!/usr/bin/env bash
# test-data-po.sh - the translations compile cleanly and have no fuzzy entries
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-data-po.sh PO_DIR
#
# Each language of LINGUAS must pass `msgfmt --check` (format strings,
# headers, plural forms) and have no fuzzy entry: a fuzzy entry is a
# guess of msgmerge that a translator has not looked at, and gettext
# ignores it. Untranslated messages are reported, not failed on, so that
# new strings do not break the tests before the translators see them.

set -euo pipefail

podir=$1
status=0

while read -r lang; do
  case $lang in ''|'#'*) continue ;; esac
  po=$podir/$lang.po
  if [ ! -f "$po" ]; then
    echo "FAIL: $lang is in LINGUAS but $po does not exist" >&2
    status=1
    continue
  fi
  if ! stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$po" 2>&1); then
    echo "FAIL: $po: $stats" >&2
    status=1
    continue
  fi
  echo "$lang: $stats"
  case $stats in
    *fuzzy*)
      echo "FAIL: $po has fuzzy entries:" >&2
      msgattrib --only-fuzzy --no-obsolete "$po" | grep '^msgid' >&2 || true
      status=1
      ;;
  esac
  case $stats in
    *untranslated*) echo "warning: $po has untranslated messages" >&2 ;;
  esac
done < "$podir/LINGUAS"

exit $status
