/* test-harness.c - litmus tests run on this machine: the harness, its build and its results
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What can be checked without luck: the harness the engine writes
 * holds nothing of the test's text (hostile names and comments stay
 * out), what cannot run is refused at its place, the harness's output
 * is read back and told as litmus7 tells it; and, where a C compiler
 * is there, each kind of test of tests/run builds and runs, its states
 * are among those the enumerator finds and its counts add up; on
 * x86-64, the states x86-TSO forbids are never seen. Runs are short
 * (a few hundred iterations); how often a weak state shows is for
 * bench/machine-run.
 */
#define G_LOG_DOMAIN "test-harness"
#include "config.h"

#include <string.h>

#include "acyclic.h"
#include "acy-machine.h"

static AcyMacros *macros;

static char *
run_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "run", name, NULL);
}

#define A64_SB "AArch64 SB\n{ 0:X1=x; 0:X3=y; 1:X1=y; 1:X3=x; }\n P0 | P1 ;\n" \
               " MOV W0,#1 | MOV W0,#1 ;\n STR W0,[X1] | STR W0,[X1] ;\n" \
               " LDR W2,[X3] | LDR W2,[X3] ;\nexists (0:X2=0 /\\ 1:X2=0)\n"

static AcyTest *
load (const char *name)
{
  g_autofree char *path = run_path (name);
  g_autoptr(GError) error = NULL;
  AcyTest *test = acy_test_load (path, macros, &error);

  g_assert_no_error (error);
  return test;
}

static AcyTest *
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  AcyTest *test = acy_test_parse (text, -1, "t.litmus", macros, &error);

  g_assert_no_error (error);
  return test;
}

static gboolean
host (AcyHarnessArch *arch)
{
  if (!acy_harness_host_arch (arch))
    {
      g_test_skip ("this machine is neither x86-64 nor arm64");
      return FALSE;
    }
  return TRUE;
}

/* A compiler for the host, or the test is skipped. */
static gboolean
have_compiler (AcyHarnessArch *arch)
{
  g_auto(GStrv) cc = NULL;

  if (!host (arch))
    return FALSE;
  cc = acy_machine_find_compiler (*arch, NULL, NULL);
  if (cc == NULL)
    {
      g_test_skip ("no C compiler on the PATH");
      return FALSE;
    }
  return TRUE;
}

/* ---- the harness's text ---- */

/* The part of a harness written from the test (the rest is fixed). */
static char *
test_part (const char *src)
{
  const char *from = strstr (src, "static const acy_val acy_loc_init");
  const char *to = from ? strstr (from, "static const acy_thread_fn acy_threads") : NULL;

  g_assert_nonnull (to);
  return g_strndup (from, to - from);
}

static void
test_write_sb (void)
{
  g_autoptr(AcyTest) test = load ("SB.litmus");
  g_autoptr(GError) error = NULL;
  g_autofree char *src = acy_harness_write (test, ACY_HARNESS_X86_64, &error);
  g_autofree char *part = NULL;

  g_assert_no_error (error);
  part = test_part (src);
  g_assert_nonnull (strstr (part, "acy_st32 (locs[0], INT64_C (1));"));
  g_assert_nonnull (strstr (part, "acy_ld32 (locs[1])"));
  g_assert_nonnull (strstr (src, "#define ACY_TARGET_X86_64 1"));
  /* the test's names are not there */
  g_assert_null (strstr (part, "READ_ONCE"));
  g_assert_null (strstr (part, "WRITE_ONCE"));
}

/* Names, values and comments made to break out of where they would go
 * in a program: none of them reaches the harness. */
static const char hostile[] =
  "C hostile*/#include<stdlib.h>\n"
  "\"*/ system(\\\"id\\\"); /*\"\n"
  "(* */ #error injected_by_a_comment *)\n"
  "{\n"
  "  evil_payload_loc = -2147483648;\n"
  "  acy_p0 = 2147483647;\n"
  "}\n"
  "\n"
  "P0(int *evil_payload_loc, int *acy_p0) // */ #error injected_again\n"
  "{\n"
  "  int main;\n"
  "  int locs;\n"
  "  main = READ_ONCE(*evil_payload_loc);\n"
  "  locs = READ_ONCE(*acy_p0);\n"
  "  WRITE_ONCE(*acy_p0, main);\n"
  "}\n"
  "\n"
  "exists (0:main=-2147483648 /\\ 0:locs=2147483647 /\\ acy_p0=-2147483648)\n";

static void
test_write_hostile (void)
{
  g_autoptr(AcyTest) test = parse (hostile);
  g_autoptr(GError) error = NULL;
  g_autofree char *src = acy_harness_write (test, ACY_HARNESS_X86_64, &error);
  g_autoptr(AcyRunResult) result = NULL;
  AcyMachineOptions o = { 0 };
  AcyHarnessArch arch;

  g_assert_no_error (error);
  g_assert_null (strstr (src, "evil_payload"));
  g_assert_null (strstr (src, "injected"));
  g_assert_null (strstr (src, "system"));
  g_assert_null (strstr (src, "hostile"));
  g_assert_null (strstr (src, "main ="));
  g_assert_null (strstr (src, "stdlib.h>\n\""));
  /* the values are numbers */
  g_assert_nonnull (strstr (src, "INT64_C (-2147483648)"));
  g_assert_nonnull (strstr (src, "INT64_C (2147483647)"));

  /* and it runs as the test means */
  if (!have_compiler (&arch))
    return;
  o.arch = arch;
  o.size = 50;
  o.runs = 2;
  result = acy_machine_run (test, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (acy_run_result_get_n_states (result), ==, 1);
  g_assert_cmpuint (acy_run_result_get_positive (result), ==, 100);
  g_assert_true (acy_run_result_get_ok (result));
}

/* What cannot run is refused at its place. */
static void
test_refused (void)
{
  /* the line of the refusal: the test's code starts at line 5 */
  static const struct { const char *code, *words; guint line; } cases[] = {
    { "  int r0 = 0;\n  while (r0 == 0) {\n    r0 = READ_ONCE(*x);\n  }\n", "a loop might not end", 6 },
    { "  WRITE_ONCE(*x, 1);\n  synchronize_rcu();\n", "RCU grace period", 6 },
    { "  synchronize_srcu(x);\n", "SRCU", 5 },
    { "  int r0 = x * 2;\n", "'*' on an address", 5 },
    { "  int r0 = 5;\n  WRITE_ONCE(*r0, 1);\n", "never an address", 6 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("C refused\n{}\nP0(int *x)\n{\n%s}\nexists (x=0)\n", cases[i].code);
      g_autoptr(AcyTest) test = parse (text);
      g_autoptr(GError) error = NULL;
      g_autofree char *src = acy_harness_write (test, ACY_HARNESS_X86_64, &error);
      g_autofree char *at = g_strdup_printf ("t.litmus:%u:", cases[i].line);

      g_assert_null (src);
      g_assert_error (error, ACY_ERROR, ACY_ERROR_UNSUPPORTED);
      if (!g_str_has_prefix (error->message, at))
        g_error ("%s: not at line %u", error->message, cases[i].line);
      g_assert_nonnull (strstr (error->message, cases[i].words));
    }
}

/* An X86 test runs on x86-64 only; there, its code is inline assembly
 * printed anew from the parsed instructions, in AT&T syntax with the
 * compiler's registers and the cells' addresses: none of the test's
 * text (its registers, locations and syntax) is in it. */
static void
test_write_x86 (void)
{
  g_autoptr(AcyTest) test = NULL;
  g_autoptr(AcyTest) test64 = load ("X86_64-values.litmus");
  g_autoptr(GError) error = NULL;
  g_autofree char *src = NULL, *part = NULL, *src64 = NULL, *part64 = NULL;

  test = parse ("X86 SB\n{ }\n P0 | P1 ;\n MOV [x],$1 | MOV [y],$1 ;\n"
                " MOV EAX,[y] | MOV EAX,[x] ;\nexists (0:EAX=0 /\\ 1:EAX=0)\n");
  src = acy_harness_write (test, ACY_HARNESS_AARCH64, &error);
  g_assert_null (src);
  g_assert_error (error, ACY_ERROR, ACY_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "a test for X86 runs on x86-64 only"));
  g_clear_error (&error);
  /* an AArch64 test runs on arm64 only */
  {
    g_autoptr(AcyTest) a64 = parse (A64_SB);

    g_assert_null (acy_harness_write (a64, ACY_HARNESS_X86_64, &error));
    g_assert_error (error, ACY_ERROR, ACY_ERROR_UNSUPPORTED);
    g_assert_nonnull (strstr (error->message, "a test for AArch64 runs on arm64 only"));
    g_clear_error (&error);
  }

  src = acy_harness_write (test, ACY_HARNESS_X86_64, &error);
  g_assert_no_error (error);
  part = test_part (src);
  g_assert_nonnull (strstr (src, "#define ACY_MAPPING \"x86_64-asm\""));
  g_assert_nonnull (strstr (part, "__asm__ __volatile__ ("));
  g_assert_nonnull (strstr (part, "\"movl $1,(%[l0])\\n\\t\""));
  g_assert_nonnull (strstr (part, "\"movl (%[l1]),%k[g3]\\n\\t\""));
  g_assert_nonnull (strstr (part, "out[0] = (acy_val) (int32_t) g3;"));
  g_assert_null (strstr (part, "MOV"));
  g_assert_null (strstr (part, "EAX"));
  g_assert_null (strstr (part, "[x]"));

  /* X86_64: parts of registers, cmpxchg's rax, numbered labels */
  src64 = acy_harness_write (test64, ACY_HARNESS_X86_64, &error);
  g_assert_no_error (error);
  part64 = test_part (src64);
  g_assert_nonnull (strstr (part64, "\"movq $-2,%q[g6]\\n\\t\""));
  g_assert_nonnull (strstr (part64, "\"cmpxchgl %k[g7],(%[l0])\\n\\t\""));
  g_assert_nonnull (strstr (part64, "[g0] \"+a\" (g0)"));
  g_assert_nonnull (strstr (part64, "\"jne .Lacy%=_6\\n\\t\""));
  g_assert_nonnull (strstr (part64, "\".Lacy%=_6:\\n\""));
  g_assert_null (strstr (part64, "L1"));
  g_assert_null (strstr (part64, "%ecx"));
}

typedef struct { const char *init, *code, *cond, *words; guint line; } Refused;

/* Each case, a one-thread test of @arch_name, is refused for @arch with
 * its words at its line (the code starts at line 4). */
static void
check_refused (const char *arch_name, AcyHarnessArch arch, const Refused *cases, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = g_strdup_printf ("%s refused\n{ %s }\n P0 ;\n%sexists (%s)\n", arch_name,
                                               cases[i].init, cases[i].code, cases[i].cond);
      g_autoptr(AcyTest) test = parse (text);
      g_autoptr(GError) error = NULL;
      g_autofree char *src = acy_harness_write (test, arch, &error);
      g_autofree char *at = g_strdup_printf ("t.litmus:%u:", cases[i].line);

      if (src != NULL)
        g_error ("not refused: %s", text);
      g_assert_error (error, ACY_ERROR, ACY_ERROR_UNSUPPORTED);
      if (!g_str_has_prefix (error->message, at) || strstr (error->message, cases[i].words) == NULL)
        g_error ("%s: not at line %u or not '%s'", error->message, cases[i].line, cases[i].words);
    }
}

/* An AArch64 test's code is inline assembly printed anew from the parsed
 * instructions, the registers the compiler's, those the init block
 * points at locations the addresses of this iteration's cells; none of
 * the test's text is in it. */
static void
test_write_aarch64 (void)
{
  g_autoptr(AcyTest) test = parse ("AArch64 MP+dmb+addr\n{ 0:X1=x; 0:X3=y; 1:X1=y; 1:X3=x; uint64_t z; 1:X6=z; }\n"
                                   " P0 | P1 ;\n MOV W0,#1 | LDAR W0,[X1] ;\n STR W0,[X1] | EOR W2,W0,W0 ;\n"
                                   " DMB ISH | LDR W4,[X3,W2,SXTW] ;\n MOV W2,#70000 | CMP W4,#0 ;\n"
                                   " STLR W2,[X3] | B.NE L0 ;\n | LDADDAL X5,X7,[X6] ;\n | L0: ;\n"
                                   "exists (1:X0=1 /\\ 1:X4=0)\n");
  g_autoptr(GError) error = NULL;
  g_autofree char *src = acy_harness_write (test, ACY_HARNESS_AARCH64, &error);
  g_autofree char *part = NULL;

  g_assert_no_error (error);
  part = test_part (src);
  g_assert_nonnull (strstr (src, "#define ACY_MAPPING \"aarch64-asm\""));
  g_assert_nonnull (strstr (src, "#define ACY_TARGET_AARCH64 1"));
  /* the address registers hold the cells' addresses (registers are
   * numbered as the thread's, herd's PSTATE flags among them) */
  g_assert_nonnull (strstr (part, "uint64_t g1 = (uint64_t) (uintptr_t) locs[0];"));
  g_assert_nonnull (strstr (part, "\"mov %w[g0],#1\\n\\t\""));
  g_assert_nonnull (strstr (part, "\"str %w[g0],[%x[g1]]\\n\\t\""));
  g_assert_nonnull (strstr (part, "\"dmb ish\\n\\t\""));
  /* an immediate MOV cannot encode is an operand of its own */
  g_assert_nonnull (strstr (part, "const uint64_t k0 = UINT64_C (70000);"));
  g_assert_nonnull (strstr (part, "\"mov %w[g2],%w[k0]\\n\\t\""));
  g_assert_nonnull (strstr (part, "\"stlr %w[g2],[%x[g3]]\\n\\t\""));
  /* the address dependency, a numbered label, an LSE atomic */
  g_assert_nonnull (strstr (part, "\"ldar %w[g0],[%x[g1]]\\n\\t\""));
  g_assert_nonnull (strstr (part, "\"eor %w[g2],%w[g0],%w[g0]\\n\\t\""));
  g_assert_nonnull (strstr (part, "\"ldr %w[g7],[%x[g8],%w[g2],sxtw]\\n\\t\""));
  g_assert_nonnull (strstr (part, "\"b.ne .Lacy%=_6\\n\\t\""));
  g_assert_nonnull (strstr (part, "\".Lacy%=_6:\\n\""));
  g_assert_nonnull (strstr (part, "\".arch_extension lse\\n\\t\""));
  g_assert_nonnull (strstr (part, "\"ldaddal %x[g9],%x[g10],[%x[g11]]\\n\\t\""));
  /* herd7 keeps a 32-bit result signed */
  g_assert_nonnull (strstr (part, "out[1] = (acy_val) (int32_t) g7;"));
  g_assert_null (strstr (part, "LDAR"));
  g_assert_null (strstr (part, "X1"));
  g_assert_null (strstr (part, "L0"));
  g_assert_null (strstr (part, "70000,"));
}

/* What an arm64 CPU would run otherwise than herd7 means it is refused,
 * with the reason, at its place (the code starts at line 4). */
static void
test_refused_aarch64 (void)
{
  static const Refused cases[] = {
    { "0:X1=x;", " MOV W0,#-1 ;\n ADD X2,X0,#1 ;\n", "0:X2=0", "X0 is written in 32 bits and read in 64", 3 },
    { "0:X1=x;", " L0: ;\n LDR W0,[X1] ;\n CBZ W0,L0 ;\n", "0:X0=0", "a loop might not end", 6 },
    { "0:X1=x;", " LDR W0,[X1] ;\n CMP W0,#1 ;\n B.GE L0 ;\n L0: ;\n", "0:X0=0",
      "a condition other than EQ or NE", 6 },
    { "0:X1=x;", " MOV W0,#1 ;\n STR W0,[X1,#4] ;\n", "x=1", "an access at an offset from X1", 5 },
    { "0:X1=x;", " ADD X2,X1,#0 ;\n", "0:X2=0", "X1 holds the address of x, used here as a value", 4 },
    { "0:X1=x;", " STR X1,[X1] ;\n", "x=0", "X1 holds the address of x, used here as a value", 4 },
    { "0:X1=x;", " MOV W0,#1 ;\n STRB W0,[X1] ;\n", "x=1", "an access of 8 bits", 5 },
    { "0:X1=x;", " LDR W0,[X1] ;\n LDR X2,[X1] ;\n", "0:X0=0", "x is accessed in 32 and in 64 bits", 1 },
    { "0:X1=x;", " MOV W2,#4 ;\n LDR W0,[X1,W2,SXTW] ;\n", "0:X0=0", "an index (X2) that may not be 0", 5 },
    { "0:X1=x;", " MOV W2,#1 ;\n LSL W3,W2,W2 ;\n", "0:X3=0", "a shift by a register", 5 },
    { "0:X1=x;", " MOV W0,#1 ;\n STR W0,[X2] ;\n", "x=0", "an access through X2, which the init block does not point", 5 },
    { "0:X1=x;", " NOP ;\n", "0:X1=x", "the final value of X1 is an address", 3 },
  };

  check_refused ("AArch64", ACY_HARNESS_AARCH64, cases, G_N_ELEMENTS (cases));
}

/* What a CPU would run otherwise than herd7 means it is refused, with
 * the reason, at its place (the code starts at line 4). */
static void
test_refused_x86 (void)
{
  static const Refused cases[] = {
    { "", " movb $1,%al ;\n", "0:rax=1", "a write of %al: herd7 writes it over the whole of rax", 4 },
    { "uint64_t x;", " movl $1,(x) ;\n", "x=1", "an access of 32 bits to x, a location of 64", 4 },
    { "char x;", " movb $1,(x) ;\n", "x=1", "x is a location of 8 bits", 1 },
    { "uint64_t 0:rax;", " addl $1,%eax ;\n", "0:rax=1", "rax is read in 64 bits after an instruction of 32", 3 },
    { "uint64_t x;", " addl $-1,%eax ;\n movq %rax,(x) ;\n", "x=0", "rax is read in 64 bits", 3 },
    { "", " L: ;\n movl (x),%eax ;\n cmpl $0,%eax ;\n je L ;\n", "x=0", "a loop might not end", 7 },
    { "0:rbx=x;", " movl $1,(%rbx) ;\n", "x=1", "an address computed from a register", 4 },
    { "0:rbx=x;", " movl $1,(y) ;\n", "y=1", "rbx starts with an address", 3 },
    { "", " cmovc %eax,%ebx ;\n movl $1,(x) ;\n", "x=0", "herd7's carry flag is always 0", 4 },
    { "", " cmpl $1,%eax ;\n jlt L ;\n movl $1,(x) ;\n L: ;\n", "x=0", "only je and jne run", 5 },
    { "", " jne L ;\n movl $1,(x) ;\n L: ;\n", "x=0", "a branch on ZF that no instruction before it sets", 4 },
    { "", " addl $1,%eax ;\n jne L ;\n movl $1,(x) ;\n L: ;\n", "x=0", "a branch on ZF that an instruction sets otherwise", 5 },
    { "", " shl $40,%eax ;\n", "0:rax=0", "a shift by a register, or by as many bits", 4 },
    { "", " addq $4294967296,%rax ;\n", "0:rax=0", "$4294967296 does not fit an instruction of 64 bits", 4 },
    { "", " ret ;\n movl $1,(x) ;\n", "x=0", "herd7 runs ret only under its variant telechat", 4 },
  };

  check_refused ("X86_64", ACY_HARNESS_X86_64, cases, G_N_ELEMENTS (cases));
}

/* ---- reading what a harness prints ---- */

static AcyRunResult *
feed (const AcyTest *test, const char *const *lines, GError **error)
{
  AcyRunResult *r = acy_run_result_new (test);

  for (guint i = 0; lines[i] != NULL; i++)
    if (!acy_run_result_add_line (r, lines[i], error))
      {
        acy_run_result_free (r);
        return NULL;
      }
  return r;
}

static void
test_result_litmus7 (void)
{
  static const char *const lines[] = {
    "acyclic-harness 1", "mapping linux-x86_64", "cpus 2 2", "progress 1 2", "progress 2 2",
    "state 3 1 0", "state 1204 0 0", "state 2 0 1", "state 1 1 1", "time 0.256", "end", NULL,
  };
  g_autoptr(AcyTest) test = load ("SB.litmus");
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyRunResult) r = feed (test, lines, &error);
  g_autoptr(GString) out = g_string_new (NULL);
  AcyValue relaxed[2] = { 0, 0 }, none[2] = { 2, 2 };
  guint64 done, total;
  guint online, used;

  g_assert_no_error (error);
  g_assert_true (acy_run_result_finish (r, 1210, &error));
  g_assert_no_error (error);
  acy_run_result_get_progress (r, &done, &total);
  g_assert_cmpuint (done, ==, 2);
  g_assert_cmpuint (total, ==, 2);
  acy_run_result_get_cpus (r, &online, &used);
  g_assert_cmpuint (used, ==, 2);
  g_assert_cmpstr (acy_run_result_get_mapping (r), ==, "linux-x86_64");
  g_assert_cmpuint (acy_run_result_count_state (r, relaxed), ==, 1204);
  g_assert_cmpuint (acy_run_result_count_state (r, none), ==, 0);
  acy_run_result_format_litmus7 (r, out);
  /* litmus7's order: the last variable first */
  g_assert_cmpstr (out->str, ==,
                   "Test SB Allowed\n"
                   "Histogram (4 states)\n"
                   "1204  *>0:r0=0; 1:r0=0;\n"
                   "3     :>0:r0=1; 1:r0=0;\n"
                   "2     :>0:r0=0; 1:r0=1;\n"
                   "1     :>0:r0=1; 1:r0=1;\n"
                   "Ok\n"
                   "\n"
                   "Witnesses\n"
                   "Positive: 1204, Negative: 6\n"
                   "Condition exists (0:r0=0 /\\ 1:r0=0) is validated\n"
                   "Hash=d2b6ca86cddfad6178a05767f57fafbf\n"
                   "Observation SB Sometimes 1204 6\n"
                   "Time SB 0.26\n");
}

/* An X86_64 register of type int is read in 32 bits: what a harness
 * prints of its 64 (a CPU zero-extends movl $-1) and what a check's
 * state holds (herd7 keeps -1 whole) are the same state. */
static void
test_result_x86_values (void)
{
  static const char *const lines[] = {
    "acyclic-harness 1", "state 3 4294967295 0", "state 2 -1 0", "state 1 0 0", "time 1", "end", NULL,
  };
  g_autoptr(AcyTest) test = load ("X86_64-SB.litmus");
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyRunResult) r = feed (test, lines, &error);
  AcyValue minus_one[2] = { -1, 0 }, wide[2] = { G_GINT64_CONSTANT (0xffffffff), 0 };

  g_assert_no_error (error);
  g_assert_cmpuint (acy_run_result_get_n_states (r), ==, 2);
  g_assert_cmpuint (acy_run_result_count_state (r, minus_one), ==, 5);
  g_assert_cmpuint (acy_run_result_count_state (r, wide), ==, 5);
}

/* ~exists and forall, and a filter: litmus7 marks the states that
 * decide (under forall, those that fail), and leaves filtered ones out. */
static void
test_result_quantifiers (void)
{
  static const char *const lines[] = {
    "acyclic-harness 1", "state 5 1 0", "state 6 0 0", "state 7 0 1", "time 1", "end", NULL,
  };
  static const char forall[] =
    "C F\n{}\nP0(int *x, int *y)\n{\n  int r0;\n  WRITE_ONCE(*x, 1);\n  r0 = READ_ONCE(*y);\n}\n"
    "P1(int *x, int *y)\n{\n  int r0;\n  WRITE_ONCE(*y, 1);\n  r0 = READ_ONCE(*x);\n}\n"
    "filter (1:r0=0 \\/ 0:r0=0)\nforall (0:r0=1 \\/ 1:r0=1)\n";
  g_autoptr(AcyTest) test = parse (forall);
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyRunResult) r = feed (test, lines, &error);
  g_autoptr(GString) out = g_string_new (NULL);

  g_assert_no_error (error);
  g_assert_true (acy_run_result_finish (r, 18, &error));
  acy_run_result_format_litmus7 (r, out);
  g_assert_true (g_str_has_prefix (out->str,
                                   "Test F Required\n"
                                   "Histogram (3 states)\n"
                                   "6     *>0:r0=0; 1:r0=0;\n"
                                   "5     :>0:r0=1; 1:r0=0;\n"
                                   "7     :>0:r0=0; 1:r0=1;\n"
                                   "No\n\nWitnesses\nPositive: 12, Negative: 6\n"
                                   "Condition forall (0:r0=1 \\/ 1:r0=1) is NOT validated\n"));
  g_assert_nonnull (strstr (out->str, "Observation F Sometimes 12 6\n"));
  g_assert_cmpuint (acy_run_result_get_iterations (r), ==, 18);
}

static void
test_result_bad (void)
{
  static const struct { const char *lines[6]; gint code; const char *words; } cases[] = {
    { { "hello", NULL }, ACY_ERROR_IO, "did not start" },
    { { "acyclic-harness 1", "state 4 0", NULL }, ACY_ERROR_IO, "not one of this test's" },
    { { "acyclic-harness 1", "state 4 0 x", NULL }, ACY_ERROR_IO, "not a number" },
    { { "acyclic-harness 1", "state 0 0 0", NULL }, ACY_ERROR_IO, "not one of this test's" },
    { { "acyclic-harness 1", "error waited more than 60 s for a spin_lock()", NULL }, ACY_ERROR_LIMIT, "spin_lock" },
    { { "acyclic-harness 1", "fault division-by-zero 1", NULL }, ACY_ERROR_UNSUPPORTED, "P1 ran into a division by zero" },
    { { "acyclic-harness 1", "end", "state 1 0 0", NULL }, ACY_ERROR_IO, "after its end" },
    { { "acyclic-harness 1", "rm -rf /", NULL }, ACY_ERROR_IO, "should not" },
  };
  g_autoptr(AcyTest) test = load ("SB.litmus");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AcyRunResult) r = feed (test, cases[i].lines, &error);

      g_assert_null (r);
      g_assert_error (error, ACY_ERROR, cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].words));
    }
  {
    static const char *const short_count[] = { "acyclic-harness 1", "state 4 0 0", "time 1", "end", NULL };
    static const char *const no_end[] = { "acyclic-harness 1", "state 4 0 0", NULL };
    g_autoptr(GError) error = NULL;
    g_autoptr(AcyRunResult) r = feed (test, short_count, &error);
    g_autoptr(AcyRunResult) r2 = feed (test, no_end, &error);

    g_assert_false (acy_run_result_finish (r, 5, &error));
    g_assert_error (error, ACY_ERROR, ACY_ERROR_IO);
    g_assert_nonnull (strstr (error->message, "counted 4 final states in 5 iterations"));
    g_clear_error (&error);
    g_assert_false (acy_run_result_finish (r2, 4, &error));
    g_assert_error (error, ACY_ERROR, ACY_ERROR_IO);
  }
}

/* ---- built and run ---- */

typedef struct {
  const AcyTest *test;
  GHashTable    *states;
} Possible;

static gboolean
add_possible (const AcyCandidate *c, gpointer data)
{
  Possible *p = data;

  if (c->filter)
    g_hash_table_add (p->states, acy_check_format_state (p->test, c->final));
  return TRUE;
}

static void
check_run (const char *name, gsize size, gsize runs)
{
  g_autoptr(AcyTest) test = load (name);
  g_autoptr(GHashTable) states = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(AcyRunResult) result = NULL;
  g_autoptr(GError) error = NULL;
  Possible p = { test, states };
  AcyMachineOptions o = { 0 };
  AcyHarnessArch arch;
  guint64 sum = 0;

  if (!have_compiler (&arch))
    return;
  g_assert_true (acy_test_enumerate (test, NULL, add_possible, &p, NULL, &error));
  g_assert_no_error (error);
  o.arch = arch;
  o.size = size;
  o.runs = runs;
  result = acy_machine_run (test, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (acy_run_result_get_iterations (result), ==, size * runs);
  for (guint i = 0; i < acy_run_result_get_n_states (result); i++)
    {
      const AcyState *s = acy_run_result_get_state (result, i);
      g_autofree char *text = acy_check_format_state (test, s->values);

      if (!g_hash_table_contains (states, text))
        g_error ("%s: state %s was seen on this machine, but is no final state of the test's", name, text);
      sum += s->count;
    }
  g_assert_cmpuint (sum, ==, acy_run_result_get_positive (result) + acy_run_result_get_negative (result));
}

static void
test_run_kinds (void)
{
  static const char *const names[] = {
    "SB.litmus", "MP+wmb+rmb.litmus", "2+2W.litmus", "C11-SB.litmus", "C11-RMW.litmus",
    "RMW+locks.litmus", "MP+ptr.litmus", "LB+addr.litmus",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    check_run (names[i], 300, 2);
}

/* An x86-64 machine with a compiler, or the test is skipped. */
static gboolean
have_x86_64 (AcyHarnessArch *arch)
{
  if (!have_compiler (arch))
    return FALSE;
  if (*arch != ACY_HARNESS_X86_64)
    {
      g_test_skip ("not an x86-64 machine");
      return FALSE;
    }
  return TRUE;
}

/* tests/run/@name run @size x @runs times on this x86-64 machine */
static AcyRunResult *
run_x86_64 (const char *name, gsize size, gsize runs)
{
  g_autoptr(AcyTest) test = load (name);
  g_autoptr(GError) error = NULL;
  AcyMachineOptions o = { ACY_HARNESS_X86_64, NULL, NULL, size, runs, NULL, NULL };
  AcyRunResult *result = acy_machine_run (test, &o, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return result;
}

/* An X86 or X86_64 test's own instructions, on an x86-64 machine: its
 * states are among the test's, and where the test has one final state
 * (one thread; locked RMWs), the CPU ends there every time: the code
 * computes what herd7 computes (register parts, cmp and jne, cmpxchg
 * failing and succeeding, xchg, or, and, xor, shl, inc, 64-bit values). */
static void
test_run_x86 (void)
{
  static const char *const names[] = {
    "X86_64-SB.litmus", "X86-SB.litmus", "X86_64-MP.litmus", "X86_64-values.litmus", "X86_64-RMW.litmus",
  };
  AcyHarnessArch arch;

  if (!have_x86_64 (&arch))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    check_run (names[i], 300, 2);
  for (guint i = 3; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(AcyRunResult) result = run_x86_64 (names[i], 500, 2);

      g_assert_cmpstr (acy_run_result_get_mapping (result), ==, "x86_64-asm");
      g_assert_cmpuint (acy_run_result_get_n_states (result), ==, 1);
      g_assert_cmpuint (acy_run_result_get_positive (result), ==, 1000);
    }
}

/* On x86-64 (TSO) these are never seen: run long enough that a harness
 * running them wrongly would show them (a few thousand iterations). */
static void
test_run_tso (void)
{
  static const char *const names[] = {
    "MP.litmus", "LB.litmus", "2+2W.litmus", "SB+mbs.litmus",
    "X86_64-MP.litmus", "X86_64-LB.litmus", "X86_64-2+2W.litmus", "X86_64-SB+mfences.litmus",
  };
  AcyHarnessArch arch;

  if (!have_x86_64 (&arch))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(AcyRunResult) result = run_x86_64 (names[i], 4000, 5);

      if (acy_run_result_get_positive (result) != 0)
        g_error ("%s: the state x86-TSO forbids was seen %" G_GUINT64_FORMAT " times", names[i],
                 acy_run_result_get_positive (result));
      g_assert_cmpuint (acy_run_result_get_negative (result), ==, 20000);
    }
}

static void
test_run_no_compiler (void)
{
  g_autoptr(AcyTest) test = load ("SB.litmus");
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyRunResult) result = NULL;
  AcyMachineOptions o = { ACY_HARNESS_X86_64, "/nonexistent/cc", NULL, 10, 1, NULL, NULL };
  AcyHarnessArch arch;

  if (!host (&arch))
    return;
  o.arch = arch;
  result = acy_machine_run (test, &o, NULL, NULL, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, ACY_ERROR, ACY_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "'/nonexistent/cc' is not there"));

  /* none on the PATH, in a process of its own (the environment is
   * changed there before any thread starts) */
  if (g_test_subprocess ())
    {
      g_auto(GStrv) cc = NULL;

      g_clear_error (&error);
      g_setenv ("PATH", "/nonexistent", TRUE);
      g_unsetenv ("CC");
      cc = acy_machine_find_compiler (arch, NULL, &error);
      g_assert_null (cc);
      g_assert_error (error, ACY_ERROR, ACY_ERROR_IO);
      g_print ("%s\n", error->message);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*no C compiler to build the test's harness: none of cc, gcc, clang*");
}

/* What the code runs into on the CPU that herd7 gives no value stops the
 * harness, and the run is refused with the reason: an access through an
 * address moved by arithmetic, a division by zero. */
static void
test_run_fault (void)
{
  static const struct { const char *code, *words; } cases[] = {
    { "  int *r0 = x + 1;\n  WRITE_ONCE(*r0, 1);\n", "an access through a value that is no address" },
    { "  int r0 = READ_ONCE(*x);\n  int r1 = 5 / r0;\n", "a division by zero" },
  };
  AcyHarnessArch arch;

  if (!have_compiler (&arch))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("C fault\n{}\nP0(int *x)\n{\n%s}\nexists (x=0)\n", cases[i].code);
      g_autoptr(AcyTest) test = parse (text);
      g_autoptr(GError) error = NULL;
      g_autoptr(AcyRunResult) result = NULL;
      AcyMachineOptions o = { arch, NULL, NULL, 20, 1, NULL, NULL };

      result = acy_machine_run (test, &o, NULL, NULL, NULL, &error);
      g_assert_null (result);
      g_assert_error (error, ACY_ERROR, ACY_ERROR_UNSUPPORTED);
      g_assert_nonnull (strstr (error->message, cases[i].words));
    }
}

static void
cancel_soon (const AcyRunResult *partial, gpointer data)
{
  g_cancellable_cancel (data);
}

static void
test_run_cancel (void)
{
  g_autoptr(AcyTest) test = load ("SB.litmus");
  g_autoptr(GCancellable) cancel = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyRunResult) result = NULL;
  AcyMachineOptions o = { 0 };
  AcyHarnessArch arch;

  if (!have_compiler (&arch))
    return;
  o.arch = arch;
  o.size = 1000;
  o.runs = 1000000000;
  /* 10^12 iterations: only the cancel ends it (no bound on the time it
   * takes, which the build of the harness on a busy machine would make
   * luck; a run that is not stopped meets meson's timeout) */
  result = acy_machine_run (test, &o, cancel_soon, cancel, cancel, &error);
  g_assert_null (result);
  g_assert_error (error, ACY_ERROR, ACY_ERROR_CANCELLED);
}

/* A lock never released: the waiting thread gives up after -timeout
 * seconds of wall time (it gave up after a count of spins, which under
 * an emulator or on a busy machine passes in a fraction of a second
 * while the holder is off its core). */
static void
test_run_lock_timeout (void)
{
  g_autoptr(AcyTest) test = load ("lock-held.litmus");
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyRunResult) result = NULL;
  const char *const args[] = { "-timeout", "2", NULL };
  AcyMachineOptions o = { 0 };
  AcyHarnessArch arch;
  gint64 start, took;

  if (!have_compiler (&arch))
    return;
  o.arch = arch;
  o.size = 100;
  o.runs = 1;
  o.harness_args = args;
  start = g_get_monotonic_time ();
  result = acy_machine_run (test, &o, NULL, NULL, NULL, &error);
  took = g_get_monotonic_time () - start;
  g_assert_null (result);
  g_assert_nonnull (error);
  if (strstr (error->message, "waited more than 2 s for a spin_lock() that is never released") == NULL)
    g_error ("unexpected: %s", error->message);
  /* not before: a lower bound only, the build and a busy machine only
   * add to it (a wait that never gives up meets meson's timeout) */
  g_assert_cmpint (took, >=, 2 * G_USEC_PER_SEC);
}

/* Another architecture's harness, cross-built and run under an emulator:
 * it builds and its states are the test's. */
static void
test_run_emulated (void)
{
  g_autoptr(AcyTest) test = load ("RMW+locks.litmus");
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyRunResult) result = NULL;
  g_auto(GStrv) cc = NULL;
  g_autofree char *qemu = g_find_program_in_path ("qemu-aarch64");
  AcyMachineOptions o = { ACY_HARNESS_AARCH64, NULL, NULL, 100, 2, NULL, NULL };
  AcyHarnessArch arch;

  if (!host (&arch))
    return;
  if (arch == ACY_HARNESS_AARCH64)
    o.arch = ACY_HARNESS_X86_64;
  cc = acy_machine_find_compiler (o.arch, NULL, NULL);
  if (cc == NULL || (qemu == NULL && o.arch == ACY_HARNESS_AARCH64))
    {
      g_test_skip ("no cross compiler or no qemu-user");
      return;
    }
  result = acy_machine_run (test, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (acy_run_result_get_mapping (result), ==,
                   o.arch == ACY_HARNESS_AARCH64 ? "linux-arm64-llsc" : "linux-x86_64");
  /* under the lock, the counter always reaches 2 */
  g_assert_cmpuint (acy_run_result_get_n_states (result), ==, 1);
  g_assert_cmpuint (acy_run_result_get_negative (result), ==, 200);
}

/* An AArch64 test's own instructions, cross-built and run under an
 * emulator (on an arm64 machine, natively): it builds, runs, its counts
 * add up, and each state it shows is one of MP's four (registers 0 or
 * 1; under an emulator on a stronger CPU, all four are the model's). */
static void
test_run_aarch64 (void)
{
  g_autoptr(AcyTest) test = parse ("AArch64 MP\n{ 0:X1=x; 0:X3=y; 1:X1=y; 1:X3=x; }\n P0 | P1 ;\n"
                                   " MOV W0,#1 | LDR W0,[X1] ;\n STR W0,[X1] | EOR W2,W0,W0 ;\n"
                                   " MOV W2,#1 | LDR W4,[X3,W2,SXTW] ;\n STR W2,[X3] | ;\n"
                                   "exists (1:X0=1 /\\ 1:X4=0)\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyRunResult) result = NULL;
  g_auto(GStrv) cc = NULL;
  g_autofree char *qemu = g_find_program_in_path ("qemu-aarch64");
  AcyMachineOptions o = { ACY_HARNESS_AARCH64, NULL, NULL, 100, 2, NULL, NULL };
  AcyHarnessArch arch;
  guint64 sum = 0;

  if (!host (&arch))
    return;
  cc = acy_machine_find_compiler (o.arch, NULL, NULL);
  if (cc == NULL || (qemu == NULL && arch != ACY_HARNESS_AARCH64))
    {
      g_test_skip ("no compiler for arm64, or no qemu-user");
      return;
    }
  result = acy_machine_run (test, &o, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (acy_run_result_get_mapping (result), ==, "aarch64-asm");
  g_assert_cmpuint (acy_run_result_get_n_states (result), >=, 1);
  for (guint i = 0; i < acy_run_result_get_n_states (result); i++)
    {
      const AcyState *st = acy_run_result_get_state (result, i);

      for (guint k = 0; k < 2; k++)
        g_assert_true (st->values[k] == 0 || st->values[k] == 1);
      sum += st->count;
    }
  g_assert_cmpuint (sum, ==, 200);
  g_assert_cmpuint (acy_run_result_get_positive (result) + acy_run_result_get_negative (result), ==, 200);
}

int
main (int argc, char **argv)
{
  g_autofree char *def = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  def = run_path ("kernel-rmw.def");
  macros = acy_macros_load (def, &error);
  g_assert_no_error (error);

  g_test_add_func ("/harness/write/sb", test_write_sb);
  g_test_add_func ("/harness/write/hostile", test_write_hostile);
  g_test_add_func ("/harness/refused/code", test_refused);
  g_test_add_func ("/harness/write/x86", test_write_x86);
  g_test_add_func ("/harness/refused/x86", test_refused_x86);
  g_test_add_func ("/harness/write/aarch64", test_write_aarch64);
  g_test_add_func ("/harness/refused/aarch64", test_refused_aarch64);
  g_test_add_func ("/harness/run/aarch64", test_run_aarch64);
  g_test_add_func ("/harness/result/litmus7", test_result_litmus7);
  g_test_add_func ("/harness/result/quantifiers", test_result_quantifiers);
  g_test_add_func ("/harness/result/x86-values", test_result_x86_values);
  g_test_add_func ("/harness/result/bad", test_result_bad);
  g_test_add_func ("/harness/run/kinds", test_run_kinds);
  g_test_add_func ("/harness/run/x86", test_run_x86);
  g_test_add_func ("/harness/run/tso", test_run_tso);
  g_test_add_func ("/harness/run/no-compiler", test_run_no_compiler);
  g_test_add_func ("/harness/run/fault", test_run_fault);
  g_test_add_func ("/harness/run/cancel", test_run_cancel);
  g_test_add_func ("/harness/run/lock-timeout", test_run_lock_timeout);
  g_test_add_func ("/harness/run/emulated", test_run_emulated);
  status = g_test_run ();
  acy_macros_free (macros);
  return status;
}
