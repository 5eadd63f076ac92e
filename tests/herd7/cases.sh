# tests/herd7/cases.sh - run the command lines of cases.txt (sourced)
# SPDX-License-Identifier: GPL-3.0-or-later
#
# herd7_cases PROGRAM HERE SHARED MODE [CASE...]
#   MODE record: write HERE/NAME.out, .status, .files from PROGRAM (herd7)
#   MODE check:  compare PROGRAM's (acyclic-check's) with them; prints TAP
herd7_cases () {
  prog=$1 here=$2 shared=$3 mode=$4
  shift 4
  scratch=$(mktemp -d)
  n=0 failed=0
  grep -v '^#' "$here/cases.txt" | grep -v '^[[:space:]]*$' > "$scratch/lines"
  [ "$mode" = check ] && echo "1..$(wc -l < "$scratch/lines")"
  while IFS='|' read -r name args; do
    name=$(echo "$name" | tr -d ' ')
    n=$((n + 1))
    if [ $# -gt 0 ]; then
      case " $* " in *" $name "*) ;; *) continue ;; esac
    fi
    rm -rf "$scratch/out" && mkdir "$scratch/out"
    args=$(echo "$args" | sed -e "s|@TESTS@|$shared/tests|g" -e "s|@HERE@|$here|g" \
                              -e "s|@OUT@|$scratch/out|g")
    input=/dev/null
    case "$args" in
      *'<'*) input=${args#*<}; args=${args%%<*} ;;
    esac
    # the kernel's setup, or herd's C11 models alone for a line that
    # starts with @C11@
    incl=$shared/lkmm conf="-conf linux-kernel.cfg"
    case "$args" in
      ' @C11@'*|'@C11@'*) incl=$shared/c11/models conf= args=${args#*@C11@} ;;
      ' @ISA@'*|'@ISA@'*) incl=$shared/../oracle/herdlib conf= args=${args#*@ISA@} ;;
    esac
    # shellcheck disable=SC2086
    if (cd "$here" && "$prog" -I "$incl" $conf $args < "$input" \
          > "$scratch/stdout" 2> "$scratch/stderr"); then
      echo 0 > "$scratch/status"
    else
      echo $? > "$scratch/status"
    fi
    grep -v '^Time ' "$scratch/stdout" > "$scratch/got.out" || true
    # each file written, with how many graphs (digraph) it holds
    (cd "$scratch/out" && ls | while IFS= read -r f; do
       echo "$f $(grep -c '^digraph' "$f")"
     done) > "$scratch/got.files"
    if [ "$mode" = record ]; then
      cp "$scratch/got.out" "$here/$name.out"
      cp "$scratch/status" "$here/$name.status"
      case "$args" in
        *"$scratch/out"*) cp "$scratch/got.files" "$here/$name.files" ;;
      esac
      # the messages on standard error the kernel's scripts grep for
      # (about a test: herd7's own failures, "herd7.bin: ...", are not)
      if grep -E '^Warning: File .*: (Unknown macro|open_in failed|Non symbolic address|(Procedure|Macro) call [^ ]+ in CSem|Different hashes)' "$scratch/stderr" > "$scratch/err"; then
        sed "s|$here|@HERE@|g" "$scratch/err" > "$here/$name.err"
      fi
      echo "recorded $name (status $(cat "$scratch/status"))"
      continue
    fi
    why=
    cmp -s "$scratch/got.out" "$here/$name.out" || why="standard output differs"
    cmp -s "$scratch/status" "$here/$name.status" \
      || why="$why; exit status $(cat "$scratch/status"), herd7 $(cat "$here/$name.status")"
    if [ -f "$here/$name.files" ] && ! cmp -s "$scratch/got.files" "$here/$name.files"; then
      why="$why; files written differ"
    fi
    if [ -f "$here/$name.err" ]; then
      sed "s|@HERE@|$here|g" "$here/$name.err" > "$scratch/want.err"
      while IFS= read -r line; do
        grep -Fxq -- "$line" "$scratch/stderr" || why="$why; standard error lacks herd7's '$line'"
      done < "$scratch/want.err"
    fi
    if [ -z "$why" ]; then
      echo "ok $n - $name"
    else
      failed=$((failed + 1))
      echo "not ok $n - $name: $why"
      diff "$here/$name.out" "$scratch/got.out" | head -20 | sed 's/^/# /'
      sed 's/^/# stderr: /' "$scratch/stderr" | head -5
    fi
  done < "$scratch/lines"
  rm -rf "$scratch"
  [ "$failed" -eq 0 ]
}
