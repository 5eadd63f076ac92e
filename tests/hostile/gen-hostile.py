#!/usr/bin/env python3
# gen-hostile.py - write the large hostile inputs into a folder
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: gen-hostile.py DIR
#
# Inputs too big to commit (long statement lists, long operator chains,
# deep nesting, exploding macros) are made here at test time; each
# NAME.EXT comes with NAME.err (the exact first line of the error) or
# NAME.out (herd7's Observation line, under SC), and an optional second
# line `max-seconds N`. test-bad-inputs replays them like tests/bad.
#
# Where herd7 answers we answer as herd7; where herd7 itself overflows
# its stack (long sums, long conditions) we refuse with the limit error.

import os
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
count = 0


def case(name, text, expect, max_seconds=None):
    global count
    with open(os.path.join(out, name), "w") as f:
        f.write(text)
    stem = name.rsplit(".", 1)[0]
    kind = "out" if expect.startswith("Observation ") else "err"
    with open(os.path.join(out, stem + "." + kind), "w") as f:
        f.write(expect + "\n")
        if max_seconds is not None:
            f.write("max-seconds %d\n" % max_seconds)
    count += 1


def litmus(name, body, cond="exists (0:r0=1)", decls="  int r0;\n", init="", params="int *x"):
    return ("C %s\n{\n%s}\n\nP0(%s)\n{\n%s%s}\n\n%s\n"
            % (name, init, params, decls, body, cond))


def col_of(text, needle, nth=1, after="= "):
    """1-based line and column of the nth occurrence of needle after
    the first `after` (a thread's `r0 = `, a cat `let a = `)."""
    pos = text.index(after) if after else -1
    for _ in range(nth):
        pos = text.index(needle, pos + 1)
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


LIM = 1000   # ACY_LIT_MAX_DEPTH and ACY_CAT_MAX_NESTING

# ---- litmus: long but legal -------------------------------------------

for n in (1000, 10000, 100000):
    body = "".join("  r0 = 1;\n" for _ in range(n))
    case("lit-stmts-%d.litmus" % n, litmus("lit-stmts-%d" % n, body),
         "Observation lit-stmts-%d Always 1 0" % n, 60)

# 20,000 threads, each writing its own value: the search for two alike
# threads compared 2 x 10^8 pairs (15 s past -timeout 2)
text = "C lit-threads-20000\n{\n}\n\n" + "".join(
    "P%d(int *x)\n{\n  WRITE_ONCE(*x, %d);\n}\n\n" % (i, i + 1) for i in range(20000)) + "exists (x=1)\n"
case("lit-threads-20000.litmus", text,
     "lit-threads-20000.litmus:5:1: more than 4096 events in an execution (limit): 1 initial write(s), "
     "one per location, and 20000 in threads, most (1) in P0", 15)

# 20,000 locations: each has an initial write (and finding a location
# by name was a linear search, 0.5 s here)
text = "C lit-locs-20000\n{\n" + "".join(" v%d=1;\n" % i for i in range(20000)) + \
    "}\n\nP0(int *v0)\n{\n  int r0;\n  r0 = READ_ONCE(*v0);\n}\n\nexists (0:r0=1)\n"
case("lit-locs-20000.litmus", text,
     "lit-locs-20000.litmus:20005:1: more than 4096 events in an execution (limit): 20000 initial write(s), "
     "one per location, and 1 in threads, most (1) in P0", 15)

body = "".join("  r0 = %d;\n" % (i % 7) for i in range(5000))
case("lit-stmts-varied.litmus", litmus("lit-stmts-varied", body, "exists (0:r0=%d)" % (4999 % 7)),
     "Observation lit-stmts-varied Always 1 0", 60)

for n in (10, 500, 999):
    body = "  r0 = " + "+".join(["1"] * n) + ";\n"
    case("lit-sum-%d.litmus" % n, litmus("lit-sum-%d" % n, body, "exists (0:r0=%d)" % n),
         "Observation lit-sum-%d Always 1 0" % n)

# ---- litmus: loops (unrolled as herd7 unrolls them, -unroll 2) ----------

# nested loops that never end, whose conditions are constants: no
# choice is made, but each level runs the one inside it three times
# (3^20 rounds); the runner stops at its limit. (Not deeper: 490 levels
# reach the stack guard first under ASan with a 1 MiB stack, and the
# guard's message differs.)
body = "  " + "while (1) { " * 20 + "r0 = 1;" + " }" * 20 + "\n"
text = litmus("lit-while-nested-20", body)
line, col = col_of(text, "while (", 19, after="")
case("lit-while-nested-20.litmus", text,
     "lit-while-nested-20.litmus:%d:%d: the loops of P0 run more than 2097152 rounds in all "
     "(nested loops, each unrolled -unroll times) near 'while'" % (line, col), 60)

# a loop with a long body that ends after one round
body = "  while (r0 == 0) {\n" + "".join("    r0 = 1;\n" for _ in range(10000)) + "  }\n"
case("lit-while-long-body.litmus", litmus("lit-while-long-body", body),
     "Observation lit-while-long-body Always 1 0", 60)

# many loops one after the other, each waiting on a read: their paths
# multiply, and the runner stops at its limit
body = "".join("  while (r0 == 0) { r0 = READ_ONCE(*x); }\n" for _ in range(60))
text = litmus("lit-while-many", body)
case("lit-while-many.litmus", text,
     "lit-while-many.litmus:5:1: P0 has more than 4096 paths through its ifs and loops (limit)", 30)

# ---- litmus: deeper than the limit ----------------------------------------

for n, op in ((1001, "+"), (100000, "+"), (3000, "*"), (3000, "-"), (3000, "|"), (3000, "^"),
              (3000, "=="), (3000, "&")):
    body = "  r0 = " + op.join(["1"] * n) + ";\n"
    text = litmus("lit-chain", body)
    line, col = col_of(text, op, LIM)
    case("lit-chain-%s-%d.litmus" % ({"+": "add", "*": "mul", "-": "sub", "|": "or", "^": "xor",
                                       "==": "eq", "&": "and"}[op], n), text,
         "lit-chain-%s-%d.litmus:%d:%d: expression nested too deeply (more than 1000 levels) near '%s'"
         % ({"+": "add", "*": "mul", "-": "sub", "|": "or", "^": "xor", "==": "eq", "&": "and"}[op],
            n, line, col, op))

# nested brackets: the parser's own recursion
for n in (2000, 100000):
    body = "  r0 = " + "(" * n + "1" + ")" * n + ";\n"
    text = litmus("lit-parens-%d" % n, body)
    name = "lit-parens-%d.litmus" % n
    line, col = col_of(text, "(", 500)
    case(name, text, "%s:%d:%d: nesting too deep (more than 1000 levels) near '('" % (name, line, col))

# a long run of unary minus: herd7 reads '-' only right before a number,
# so the first one is refused (it used to nest 1,000 levels deep first)
for n in (2000, 100000):
    body = "  r0 = " + "-" * n + "1;\n"
    text = litmus("lit-neg-%d" % n, body)
    name = "lit-neg-%d.litmus" % n
    line, col = col_of(text, "-", 1)
    case(name, text, "%s:%d:%d: herd7 allows unary '-' only right before a number; write '(0 - ...)' near '-'"
         % (name, line, col))

for n in (2000, 50000):
    body = "  " + "{" * n + "r0 = 1;" + "}" * n + "\n"
    text = litmus("lit-blocks-%d" % n, body)
    name = "lit-blocks-%d.litmus" % n
    line, col = col_of(text, "{", 1001, after="int r0;")
    case(name, text, "%s:%d:%d: nesting too deep (more than 1000 levels) near '{'" % (name, line, col))

for n in (2000, 50000):
    body = "  " + "if (r0 == 0) " * n + "r0 = 1;\n"
    text = litmus("lit-ifs-%d" % n, body)
    name = "lit-ifs-%d.litmus" % n
    line, col = col_of(text, "0)", 998, after="int r0;")
    case(name, text, "%s:%d:%d: nesting too deep (more than 1000 levels) near '0'" % (name, line, col))

# ---- conditions --------------------------------------------------------

for n, op in ((300000, "/\\"), (300000, "\\/"), (5000, "/\\")):
    cond = "exists (" + (" %s " % op).join(["0:r0=1"] * n) + ")"
    text = litmus("cond", "  r0 = 1;\n", cond)
    name = "cond-%s-%d.litmus" % ("and" if op == "/\\" else "or", n)
    line, col = col_of(text, op, LIM)
    case(name, text, "%s:%d:%d: condition nested too deeply (more than 1000 levels) near '%s'"
         % (name, line, col, op))

cond = "exists (" + " /\\ ".join(["0:r0=1"] * 900) + ")"
case("cond-and-900.litmus", litmus("cond-and-900", "  r0 = 1;\n", cond),
     "Observation cond-and-900 Always 1 0")

for n in (3000, 300000):
    cond = "exists (" + " => ".join(["0:r0=1"] * n) + ")"
    text = litmus("cond", "  r0 = 1;\n", cond)
    name = "cond-implies-%d.litmus" % n
    line, col = col_of(text, "0:r0", 1000, after="exists")
    case(name, text, "%s:%d:%d: condition nested too deeply near '0'" % (name, line, col))

for n in (3000, 300000):
    cond = "exists " + "(" * n + "0:r0=1" + ")" * n
    text = litmus("cond", "  r0 = 1;\n", cond)
    name = "cond-parens-%d.litmus" % n
    line, col = col_of(text, "(", 1001, after="exists")
    case(name, text, "%s:%d:%d: condition nested too deeply near '('" % (name, line, col))

for n in (3000, 300000):
    cond = "exists (" + "~" * n + "0:r0=1)"
    text = litmus("cond", "  r0 = 1;\n", cond)
    name = "cond-not-%d.litmus" % n
    line, col = col_of(text, "~", 1000)
    case(name, text, "%s:%d:%d: condition nested too deeply near '~'" % (name, line, col))

# ---- macros ------------------------------------------------------------

# macros that double at each level: A1(X) (A0(X) + A0(X)) ... (the
# small test's READ_ONCE goes through them)
defs = "A0(X) (X + 1)\n" + "".join("A%d(X) (A%d(X) + A%d(X))\n" % (i, i - 1, i - 1) for i in range(1, 33))
KMACROS = ("WRITE_ONCE(X,V) { __store{once}(X,V); }\n"
           "smp_wmb() { __fence{wmb}; }\nsmp_rmb() { __fence{rmb}; }\n")
READ = "small.litmus:17:8: "
# (depth 2: four loads of y and of x; herd7 gives the same)
for depth, expect in ((2, "Observation MP Never 0 31"),
                      (8, "small.litmus:18:3: P1 has more than 256 events near 'P1'"),
                      (16, READ + "macro expansion too large (more than 200000 nodes) near 'READ_ONCE'"),
                      (20, READ + "macro expansion too large (more than 200000 nodes) near 'READ_ONCE'"),
                      (32, READ + "macro expansion too large (more than 200000 nodes) near 'READ_ONCE'")):
    case("macro-double-%d.def" % depth,
         defs + "READ_ONCE(X) A%d(__load{once}(X))\n" % depth + KMACROS, expect)
# statements that double: B1() { B0(); B0(); } ...
defs = "B0() { __fence{mb}; }\n" + "".join("B%d() { B%d(); B%d(); }\n" % (i, i - 1, i - 1) for i in range(1, 33))
case("macro-double-stmts.def",
     defs + "READ_ONCE(X) __load{once}(X)\nWRITE_ONCE(X,V) { __store{once}(X,V); }\n"
     "smp_wmb() { B32(); }\nsmp_rmb() { __fence{rmb}; }\n",
     "small.litmus:8:3: macro expansion too large (more than 200000 nodes) near 'smp_wmb'")
# deep but not wide: each level adds one
defs = "C0(X) (X + 0)\n" + "".join("C%d(X) (C%d(X) + 0)\n" % (i, i - 1) for i in range(1, 64))
case("macro-chain-62.def", defs + "READ_ONCE(X) C62(__load{once}(X))\n" + KMACROS,
     "Observation MP Never 0 3")
case("macro-chain-63.def", defs + "READ_ONCE(X) C63(__load{once}(X))\n" + KMACROS,
     READ + "macro expansion deeper than 64 levels (a recursive macro?) near 'C0'")
# a macro body nested to the limit, then used inside a nested expression
case("macro-deep-body.def",
     "D(X) " + "(" * 400 + "X" + "+1)" * 400 + "\n"
     "READ_ONCE(X) D(D(D(__load{once}(X))))\nWRITE_ONCE(X,V) { __store{once}(X,V); }\n"
     "smp_wmb() { __fence{wmb}; }\nsmp_rmb() { __fence{rmb}; }\n",
     READ + "macro expansion nested too deeply (more than 1000 levels) near 'READ_ONCE'")

# ---- cat: long chains and deep nesting -------------------------------------

def cat(name, body):
    return '"%s"\n%s' % (name, body)


for n, op in ((300000, "\\"), (1001, "\\"), (300000, "|"), (300000, ";"), (300000, "&"),
              (300000, "++")):
    text = cat("chain", "let a = po" + (" %s po" % op) * n + "\nacyclic a\n")
    tag = {"\\": "diff", "|": "union", ";": "seq", "&": "inter", "++": "add"}[op]
    name = "cat-chain-%s-%d.cat" % (tag, n)
    if op == "\\":
        line, col = col_of(text, op, LIM)
        msg = "expression nested too deeply (more than 1000 levels) near '\\'"
        case(name, text, "%s:%d:%d: %s" % (name, line, col, msg))
    else:
        # right-associative: the parser's recursion gives up first
        line, col = col_of(text, op, 994)
        case(name, text, "%s:%d:%d: nesting too deep near 'po'" % (name, line, col + len(op) + 1))

for n in (1001, 1000000):
    text = cat("app", "let f = fun x -> x\nlet a = f" + " po" * n + "\nacyclic a\n")
    name = "cat-app-%d.cat" % n
    line, col = col_of(text, " po", LIM)
    case(name, text, "%s:%d:%d: expression nested too deeply (more than 1000 levels) near 'po'"
         % (name, line, col + 1))

for n, op in ((300000, "^-1"), (300000, "*"), (300000, "+ "), (300000, "?")):
    text = cat("postfix", "let a = po" + op * n + "\nacyclic a\n")
    name = "cat-postfix-%d-%d.cat" % (["^-1", "*", "+ ", "?"].index(op), n)
    line, col = col_of(text, op, LIM)
    case(name, text, "%s:%d:%d: expression nested too deeply (more than 1000 levels) near '%s'"
         % (name, line, col, op.strip()))

for n in (3000, 300000):
    text = cat("comp", "let a = " + "~" * n + "po\nacyclic a\n")
    name = "cat-comp-%d.cat" % n
    line, col = col_of(text, "~", 994)
    case(name, text, "%s:%d:%d: nesting too deep near '~'" % (name, line, col))

for n in (3000, 100000):
    text = cat("parens", "let a = " + "(" * n + "po" + ")" * n + "\nacyclic a\n")
    name = "cat-parens-%d.cat" % n
    line, col = col_of(text, "(", 200)
    case(name, text, "%s:%d:%d: nesting too deep near '('" % (name, line, col))

for n in (3000, 100000):
    text = cat("brackets", "let a = " + "[" * n + "po" + "]" * n + "\nacyclic a\n")
    name = "cat-brackets-%d.cat" % n
    line, col = col_of(text, "[", 200)
    case(name, text, "%s:%d:%d: nesting too deep near '['" % (name, line, col))

# a long but legal model: many statements
text = cat("lets", "".join("let a%d = po\n" % i for i in range(20000)) + "acyclic a19999\n")
case("cat-lets-20000.cat", text, "Observation MP Sometimes 1 3", 60)

# each name looked up past all the others: 66,000 lets took 41 s
# (found by the grammar fuzz mode)
text = cat("lets", "".join("let a%d = po\n" % i for i in range(100000)) + "acyclic a99999\n")
case("cat-lets-100000.cat", text, "Observation MP Sometimes 1 3", 10)

text = cat("letrec", "let rec " + " and ".join("f%d = f%d" % (i, i + 1) for i in range(10000))
           + " and f10000 = po\nacyclic f0\n")
case("cat-letrec-10000.cat", text, "Observation MP Sometimes 1 3", 60)

print("%d cases in %s" % (count, out))
