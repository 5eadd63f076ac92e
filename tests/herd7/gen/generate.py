#!/usr/bin/env python3
# tests/herd7/gen/generate.py - C litmus tests in the styles suites written elsewhere use
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Writes the tests of this folder: casts ((void) and others) on statements,
# expressions and arguments; declarations in odd places; unknown macros
# after declarations, after a spinlock_t in the init block, before a value
# herd7 cannot hold or a bad condition; types of one and more words in the
# init block and the parameters. tests/herd7/cases.txt runs them (gen-*)
# and build-aux/record-herd7-cases records herd7's answers. Tests whose
# answer acyclic-check refused were left out: there are none now.
import os

here = os.path.dirname(os.path.abspath(__file__))
out = {}
def test(name, init, p0, p1, cond, params0="int *x, int *y", params1="int *x, int *y"):
    out[name] = f"""C {name}
{{ {init} }}

P0({params0})
{{
{p0}
}}

P1({params1})
{{
{p1}
}}

{cond}
"""
# casts
casts = ["(void)", "(int)", "(long)", "(unsigned int)", "(int *)", "(void *)", "(char)", "(unsigned long)", "(atomic_t *)", "(const int)", "(volatile int *)"]
for i, c in enumerate(casts):
    test(f"cast-stmt-{i}", "x=0; y=0;", f"\tWRITE_ONCE(*x, 1);\n\t{c}READ_ONCE(*y);", "\tWRITE_ONCE(*y, 1);\n\tint r0 = READ_ONCE(*x);", "exists (1:r0=0)")
    test(f"cast-expr-{i}", "x=0; y=0;", f"\tint r0 = {c}READ_ONCE(*y);\n\tWRITE_ONCE(*x, 1);", "\tint r1 = READ_ONCE(*x);\n\tWRITE_ONCE(*y, 1);", "exists (0:r0=1 /\\ 1:r1=1)")
    test(f"cast-arg-{i}", "x=0; y=0;", f"\tWRITE_ONCE(*x, {c}1);\n\tint r0 = READ_ONCE(*y);", "\tWRITE_ONCE(*y, 1);\n\tint r1 = READ_ONCE(*x);", "exists (0:r0=0 /\\ 1:r1=0)")
test("cast-void-xchg", "x=0; y=0;", "\t(void)xchg(x, 2);\n\tint r0 = READ_ONCE(*y);", "\tWRITE_ONCE(*y, 1);\n\tint r1 = READ_ONCE(*x);", "exists (0:r0=0 /\\ 1:r1=0)")
test("cast-void-cmpxchg", "x=0; y=0;", "\t(void)cmpxchg(x, 0, 2);\n\tint r0 = READ_ONCE(*y);", "\tWRITE_ONCE(*y, 1);\n\tint r1 = READ_ONCE(*x);", "exists (0:r0=0 /\\ 1:r1=0)")
test("cast-void-atomic", "atomic_t x=ATOMIC_INIT(0); y=0;", "\t(void)atomic_add_return(1, x);\n\tint r0 = READ_ONCE(*y);", "\tWRITE_ONCE(*y, 1);\n\tint r1 = atomic_read(x);", "exists (0:r0=0 /\\ 1:r1=0)", params0="atomic_t *x, int *y", params1="atomic_t *x, int *y")
test("cast-void-twice", "x=0; y=0;", "\t(void)(void)READ_ONCE(*y);\n\tWRITE_ONCE(*x, 1);", "\tint r1 = READ_ONCE(*x);", "exists (1:r1=1)")
test("cast-void-paren", "x=0; y=0;", "\t(void)(READ_ONCE(*y));\n\tWRITE_ONCE(*x, 1);", "\tint r1 = READ_ONCE(*x);", "exists (1:r1=1)")
test("cast-void-reg", "x=0; y=0;", "\tint r0 = 1;\n\t(void)r0;\n\tWRITE_ONCE(*x, r0);", "\tint r1 = READ_ONCE(*x);", "exists (1:r1=1)")
test("cast-void-assign", "x=0; y=0;", "\tint r0;\n\t(void)(r0 = READ_ONCE(*y));\n\tWRITE_ONCE(*x, 1);", "\tint r1 = READ_ONCE(*x);\n\tWRITE_ONCE(*y, 1);", "exists (0:r0=1 /\\ 1:r1=1)")
# declarations in odd places
decls = [
 ("decl-after-stmt", "\tWRITE_ONCE(*x, 1);\n\tint r0;\n\tr0 = READ_ONCE(*y);"),
 ("decl-in-if", "\tif (READ_ONCE(*y)) {\n\t\tint r0 = 1;\n\t\tWRITE_ONCE(*x, r0);\n\t}"),
 ("decl-two", "\tint r0, r1;\n\tr0 = READ_ONCE(*y);\n\tr1 = r0;\n\tWRITE_ONCE(*x, 1);"),
 ("decl-two-init", "\tint r0 = READ_ONCE(*y), r1 = 2;\n\tWRITE_ONCE(*x, r1);"),
 ("decl-block", "\t{\n\t\tint r0 = READ_ONCE(*y);\n\t}\n\tWRITE_ONCE(*x, 1);"),
 ("decl-shadow", "\tint r0 = READ_ONCE(*y);\n\tif (r0) {\n\t\tint r0 = 2;\n\t\tWRITE_ONCE(*x, r0);\n\t}"),
 ("decl-unsigned", "\tunsigned int r0 = READ_ONCE(*y);\n\tWRITE_ONCE(*x, 1);"),
 ("decl-long", "\tlong r0 = READ_ONCE(*y);\n\tWRITE_ONCE(*x, 1);"),
 ("decl-u32", "\tu32 r0 = READ_ONCE(*y);\n\tWRITE_ONCE(*x, 1);"),
 ("decl-pointer", "\tint *r0 = x;\n\tWRITE_ONCE(*r0, 1);\n\tint r1 = READ_ONCE(*y);"),
 ("decl-const", "\tconst int r0 = 1;\n\tWRITE_ONCE(*x, r0);"),
 ("decl-volatile", "\tvolatile int r0 = READ_ONCE(*y);\n\tWRITE_ONCE(*x, 1);"),
 ("decl-static", "\tstatic int r0;\n\tWRITE_ONCE(*x, 1);"),
 ("decl-in-while", "\tint r0 = 0;\n\twhile (r0 == 0) {\n\t\tint r2 = READ_ONCE(*y);\n\t\tr0 = 1;\n\t}\n\tWRITE_ONCE(*x, 1);"),
 ("decl-for", "\tfor (int i = 0; i < 2; i++)\n\t\tWRITE_ONCE(*x, i);"),
 ("decl-after-label", "\tint r0 = READ_ONCE(*y);\n\tif (r0 == 1)\n\t\tgoto out;\n\tWRITE_ONCE(*x, 1);\nout:\n\tint r1 = 0;"),
 ("decl-no-type", "\tr0 = READ_ONCE(*y);\n\tWRITE_ONCE(*x, 1);"),
 ("decl-bool", "\tbool r0 = READ_ONCE(*y);\n\tWRITE_ONCE(*x, 1);"),
 ("decl-char", "\tchar r0 = READ_ONCE(*y);\n\tWRITE_ONCE(*x, 1);"),
 ("decl-intptr", "\tintptr_t r0 = READ_ONCE(*y);\n\tWRITE_ONCE(*x, 1);"),
]
for n, body in decls:
    test(n, "x=0; y=0;", body, "\tWRITE_ONCE(*y, 1);\n\tint r1 = READ_ONCE(*x);", "exists (1:r1=0)")
# unknown macros after declarations
unk = ["smp_memb()", "foo(x)", "spin_unlock_wait(x)", "rcu_read_lock_bh()", "WRITE_ONCE_X(*x, 1)", "atomic_frob(x)", "bar()"]
for i, m in enumerate(unk):
    test(f"unknown-after-decl-{i}", "x=0; y=0;", f"\tint r0;\n\tint r1 = 0;\n\t{m};\n\tr0 = READ_ONCE(*y);", "\tWRITE_ONCE(*y, 1);", "exists (0:r0=0)")
    test(f"unknown-in-init-type-{i}", "spinlock_t s; x=0; y=0;", f"\tint r0 = READ_ONCE(*y);\n\t{m};", "\tWRITE_ONCE(*y, 1);", "exists (0:r0=0)")
    test(f"unknown-then-bigval-{i}", "x=0; y=0;", f"\tint r0 = READ_ONCE(*y);\n\t{m};\n\tWRITE_ONCE(*x, 4294967296);", "\tWRITE_ONCE(*y, 1);", "exists (0:r0=0)")
    test(f"unknown-then-badcond-{i}", "x=0; y=0;", f"\tint r0 = READ_ONCE(*y);\n\t{m};", "\tWRITE_ONCE(*y, 1);", "exists (0:r9=0)")
# multi-word types in init
types = ["int", "long", "unsigned int", "unsigned long", "long long", "unsigned", "signed int", "short", "char", "int64_t", "uint64_t", "atomic_t", "u32", "u64", "__int128", "unsigned __int128", "_Atomic int", "_Atomic long", "volatile int", "const int", "long int", "int32_t", "uint8_t", "bool", "intptr_t"]
for i, t in enumerate(types):
    test(f"type-init-{i}", f"{t} x = 1; {t} y;", "\tint r0 = READ_ONCE(*y);\n\tWRITE_ONCE(*x, 2);", "\tint r1 = READ_ONCE(*x);\n\tWRITE_ONCE(*y, 1);", "exists (0:r0=1 /\\ 1:r1=2)")
    test(f"type-param-{i}", "x = 1; y = 0;", "\tint r0 = READ_ONCE(*y);\n\tWRITE_ONCE(*x, 2);", "\tint r1 = READ_ONCE(*x);\n\tWRITE_ONCE(*y, 1);", "exists (0:r0=1 /\\ 1:r1=2)", params0=f"{t} *x, {t} *y")
for n, s in out.items():
    open(os.path.join(here, n + ".litmus"), "w").write(s)

