#!/usr/bin/env python3
# tests/test-diy-cases.py - acyclic-check --diy against diyone7's recorded tests
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-diy-cases.py ACYCLIC-CHECK SOURCE-DIR
# tests/diy/ARCH.cases holds, for random cycles, diyone7's answer
# (build-aux/record-diy-cases): the SHA-1 of the test it writes, its
# Generator line left out, or "error" where it refuses the cycle. Each
# cycle is given to acyclic-check --diy, which must write the same test,
# or refuse it too. tests/diy/ARCH/*.litmus are whole tests where the two
# once differed (NAME.cycle beside one holds the cycle diyone7 was given);
# they are checked in full.
import concurrent.futures
import glob
import hashlib
import os
import subprocess
import sys


def normalise(text):
    return "\n".join(l.rstrip() for l in text.strip().splitlines() if not l.startswith("Generator="))


def run(check, opts, cycle):
    p = subprocess.run([check, "--diy"] + opts + cycle.split(), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def main():
    check, top = sys.argv[1], sys.argv[2]
    cases = []
    for path in sorted(glob.glob(os.path.join(top, "tests", "diy", "*.cases"))):
        with open(path) as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                opts, cycle, digest = line.rstrip("\n").split("\t")
                cases.append((opts.split(), cycle, digest))
    whole = sorted(glob.glob(os.path.join(top, "tests", "diy", "*", "*.litmus")))
    print("1..%d" % (2 + len(whole)))
    failures = []
    tests = refused = 0

    def one(case):
        opts, cycle, digest = case
        st, out, err = run(check, opts, cycle)
        if digest == "error":
            return None if st != 0 else "writes a test diyone7 refuses to write"
        if st != 0:
            return "refused: " + err.strip()
        if hashlib.sha1(normalise(out).encode()).hexdigest() != digest:
            return "writes another test:\n" + out
        return None

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for case, why in zip(cases, pool.map(one, cases)):
            if case[2] == "error":
                refused += 1
            else:
                tests += 1
            if why is not None:
                failures.append((case, why))
    for (opts, cycle, _), why in failures[:20]:
        print("# %s %s: %s" % (" ".join(opts), cycle, why.replace("\n", "\n# ")))
    ok = not failures and tests >= 1000
    print("%s 1 - %d cycles diyone7 writes a test for, written alike (%d differ)"
          % ("ok" if ok else "not ok", tests, len(failures)))
    print("ok 2 - %d cycles diyone7 refuses, refused" % refused)
    for k, path in enumerate(whole, 3):
        with open(path) as f:
            text = f.read()
        # the cycle as given to diyone7 (NAME.cycle), else its Orig line
        given = path[:-len(".litmus")] + ".cycle"
        if os.path.exists(given):
            with open(given) as f:
                cycle = f.read().strip()
        else:
            cycle = [l for l in text.splitlines() if l.startswith("Orig=")][0][5:]
        arch = os.path.basename(os.path.dirname(path))
        opts = ["-arch", arch] + (["-oneloc"] if "-oneloc" in os.path.basename(path) else [])
        st, out, err = run(check, opts, cycle)
        same = st == 0 and normalise(out) == normalise(text)
        print("%s %d - %s" % ("ok" if same else "not ok", k, os.path.relpath(path, top)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
