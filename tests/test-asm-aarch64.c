/* test-asm-aarch64.c - AArch64 litmus tests read, run and judged
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tests here are Acyclic's own; the outputs expected of them are
 * herd7 7.58's (the oracle) under its default model for AArch64, herd's
 * aarch64.cat, which the project's models/armv8.cat agrees with on
 * them. herd's own model is checked against herd's corpus by the
 * conformance suite (conformance-isa-aarch64).
 */
#define G_LOG_DOMAIN "test-asm-aarch64"
#include "config.h"

#include <string.h>

#include "acyclic.h"

static const char mp[] =
  "AArch64 MP-acy\n"
  "\"message passing, written for Acyclic's tests\"\n"
  "{\n"
  "0:X1=x; 0:X3=y;\n"
  "1:X1=y; 1:X3=x;\n"
  "}\n"
  " P0          | P1          ;\n"
  " MOV W0,#1   | LDR W0,[X1] ;\n"
  " STR W0,[X1] | LDR W2,[X3] ;\n"
  " MOV W2,#1   |             ;\n"
  " STR W2,[X3] |             ;\n"
  "exists (1:X0=1 /\\ 1:X2=0)\n";

static const char mp_herd[] =
  "Test MP-acy Allowed\n"
  "States 4\n"
  "1:X0=0; 1:X2=0;\n"
  "1:X0=0; 1:X2=1;\n"
  "1:X0=1; 1:X2=0;\n"
  "1:X0=1; 1:X2=1;\n"
  "Ok\n"
  "Witnesses\n"
  "Positive: 1 Negative: 3\n"
  "Condition exists (1:X0=1 /\\ 1:X2=0)\n"
  "Observation MP-acy Sometimes 1 3\n"
  "Hash=211d5b298572012a0869d4ded6a40b7f\n"
  "\n";

static const char mp_dmb[] =
  "AArch64 MP+dmb.sy-acy\n"
  "{\n"
  "0:X1=x; 0:X3=y;\n"
  "1:X1=y; 1:X3=x;\n"
  "}\n"
  " P0          | P1          ;\n"
  " MOV W0,#1   | LDR W0,[X1] ;\n"
  " STR W0,[X1] | DMB SY     ;\n"
  " DMB SY     | LDR W2,[X3] ;\n"
  " MOV W2,#1   |             ;\n"
  " STR W2,[X3] |             ;\n"
  "exists (1:X0=1 /\\ 1:X2=0)\n";

static const char mp_dmb_herd[] =
  "Test MP+dmb.sy-acy Allowed\n"
  "States 3\n"
  "1:X0=0; 1:X2=0;\n"
  "1:X0=0; 1:X2=1;\n"
  "1:X0=1; 1:X2=1;\n"
  "No\n"
  "Witnesses\n"
  "Positive: 0 Negative: 3\n"
  "Condition exists (1:X0=1 /\\ 1:X2=0)\n"
  "Observation MP+dmb.sy-acy Never 0 3\n"
  "Hash=592564b7f5bb278c1fc33861dd44472b\n"
  "\n";

static const char mp_rel_acq[] =
  "AArch64 MP+rel+acq-acy\n"
  "{\n"
  "0:X1=x; 0:X3=y;\n"
  "1:X1=y; 1:X3=x;\n"
  "}\n"
  " P0           | P1           ;\n"
  " MOV W0,#1    | LDAR W0,[X1] ;\n"
  " STR W0,[X1]  | LDR W2,[X3]  ;\n"
  " MOV W2,#1    |              ;\n"
  " STLR W2,[X3] |              ;\n"
  "exists (1:X0=1 /\\ 1:X2=0)\n";

static const char mp_rel_acq_herd[] =
  "Test MP+rel+acq-acy Allowed\n"
  "States 3\n"
  "1:X0=0; 1:X2=0;\n"
  "1:X0=0; 1:X2=1;\n"
  "1:X0=1; 1:X2=1;\n"
  "No\n"
  "Witnesses\n"
  "Positive: 0 Negative: 3\n"
  "Condition exists (1:X0=1 /\\ 1:X2=0)\n"
  "Observation MP+rel+acq-acy Never 0 3\n"
  "Hash=d634f4a4e53b49ec70069a662efe7c5d\n"
  "\n";

static const char mp_addr[] =
  "AArch64 MP+dmb.st+addr-acy\n"
  "{\n"
  "0:X1=x; 0:X3=y;\n"
  "1:X1=y; 1:X3=x;\n"
  "}\n"
  " P0          | P1                  ;\n"
  " MOV W0,#1   | LDR W0,[X1]         ;\n"
  " STR W0,[X1] | EOR W4,W0,W0        ;\n"
  " DMB ST      | LDR W2,[X3,W4,SXTW] ;\n"
  " MOV W2,#1   |                     ;\n"
  " STR W2,[X3] |                     ;\n"
  "exists (1:X0=1 /\\ 1:X2=0)\n";

static const char mp_addr_herd[] =
  "Test MP+dmb.st+addr-acy Allowed\n"
  "States 3\n"
  "1:X0=0; 1:X2=0;\n"
  "1:X0=0; 1:X2=1;\n"
  "1:X0=1; 1:X2=1;\n"
  "No\n"
  "Witnesses\n"
  "Positive: 0 Negative: 3\n"
  "Condition exists (1:X0=1 /\\ 1:X2=0)\n"
  "Observation MP+dmb.st+addr-acy Never 0 3\n"
  "Hash=6a984bb34bce688f3e0b8747c4f12a24\n"
  "\n";

static const char sb_dmb[] =
  "AArch64 SB+dmb.sy-acy\n"
  "{\n"
  "0:X1=x; 0:X3=y;\n"
  "1:X1=y; 1:X3=x;\n"
  "}\n"
  " P0          | P1          ;\n"
  " MOV W0,#1   | MOV W0,#1   ;\n"
  " STR W0,[X1] | STR W0,[X1] ;\n"
  " DMB SY      | DMB SY      ;\n"
  " LDR W2,[X3] | LDR W2,[X3] ;\n"
  "exists (0:X2=0 /\\ 1:X2=0)\n";

static const char sb_dmb_herd[] =
  "Test SB+dmb.sy-acy Allowed\n"
  "States 3\n"
  "0:X2=0; 1:X2=1;\n"
  "0:X2=1; 1:X2=0;\n"
  "0:X2=1; 1:X2=1;\n"
  "No\n"
  "Witnesses\n"
  "Positive: 0 Negative: 3\n"
  "Condition exists (0:X2=0 /\\ 1:X2=0)\n"
  "Observation SB+dmb.sy-acy Never 0 3\n"
  "Hash=38b65863d32068bb3325505c2570bcef\n"
  "\n";

static const char atom[] =
  "AArch64 ATOM+cas+ldxr-acy\n"
  "{\n"
  "x=1;\n"
  "0:X1=x; 0:X3=y;\n"
  "1:X1=x; 1:X3=y;\n"
  "}\n"
  " P0                | P1               ;\n"
  " MOV W0,#1         | MOV W5,#3        ;\n"
  " MOV W4,#2         | L0:              ;\n"
  " CASAL W0,W4,[X1]  | LDXR W2,[X1]     ;\n"
  " LDADDL W4,W6,[X3] | STXR W6,W5,[X1]  ;\n"
  "                   | CBNZ W6,L0       ;\n"
  "                   | STADD W5,[X3]    ;\n"
  "exists (0:X0=1 /\\ 1:X2=1 /\\ 1:X6=0)\n";

static const char atom_herd[] =
  "Test ATOM+cas+ldxr-acy Allowed\n"
  "States 2\n"
  "0:X0=1; 1:X2=2; 1:X6=0;\n"
  "0:X0=3; 1:X2=1; 1:X6=0;\n"
  "Loop No\n"
  "Witnesses\n"
  "Positive: 0 Negative: 36\n"
  "Condition exists (0:X0=1 /\\ 1:X2=1 /\\ 1:X6=0)\n"
  "Observation ATOM+cas+ldxr-acy Never 0 36\n"
  "Hash=1736e860ad4255f518f3b072288b5899\n"
  "\n";

static AcyTest *
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  AcyTest *test = acy_test_parse (text, -1, "t.litmus", NULL, &error);

  g_assert_no_error (error);
  return test;
}

static AcyModel *
armv8 (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (SOURCE_MODELSDIR, "armv8.cat", NULL);
  AcyModelSource src = { .cat_path = path };
  AcyModel *m = acy_model_load (&src, &error);

  g_assert_no_error (error);
  return m;
}

/* herd's output for @text under @model, without the Time line. */
static char *
run (const char *text, const AcyModel *model)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyTest) test = parse (text);
  g_autoptr(AcyCheckResult) result = NULL;
  GString *out = g_string_new (NULL);

  result = acy_check_run (test, model, NULL, NULL, &error);
  g_assert_no_error (error);
  acy_check_result_format_herd (result, out, FALSE);
  return g_string_free (out, FALSE);
}

/* The test's header, its registers as herd names them in states (X0
 * for W0 too), and Hash= from the code as herd prints it */
static void
test_parse (void)
{
  g_autoptr(AcyTest) t = parse (mp);
  g_autoptr(AcyTest) u = parse (atom);

  g_assert_cmpstr (acy_test_get_arch (t), ==, "AArch64");
  g_assert_cmpstr (acy_test_get_name (t), ==, "MP-acy");
  g_assert_cmpuint (acy_test_get_n_observed (t), ==, 2);
  g_assert_cmpstr (acy_test_get_observed (t, 0), ==, "1:X0");
  g_assert_cmpstr (acy_test_get_observed (t, 1), ==, "1:X2");
  g_assert_cmpstr (acy_test_get_hash (t), ==, "211d5b298572012a0869d4ded6a40b7f");
  g_assert_cmpstr (acy_test_get_hash (u), ==, "1736e860ad4255f518f3b072288b5899");
  g_assert_cmpstr (acy_setup_default_model ("AArch64"), ==, "aarch64.cat");
}

/* Message passing and store buffering as herd7 answers them: allowed
 * plain; forbidden with DMBs, with a release and an acquire, with an
 * address dependency; CAS, LDXR/STXR in a loop, LDADD and STADD */
static void
test_armv8 (void)
{
  static const struct { const char *text, *herd; } cases[] = {
    { mp, mp_herd }, { mp_dmb, mp_dmb_herd }, { mp_rel_acq, mp_rel_acq_herd },
    { mp_addr, mp_addr_herd }, { sb_dmb, sb_dmb_herd }, { atom, atom_herd },
  };
  g_autoptr(AcyModel) m = armv8 ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = run (cases[i].text, m);

      g_assert_cmpstr (out, ==, cases[i].herd);
    }
}

typedef struct {
  guint n_exec;
  guint n_rreg, n_wreg, n_addr_port, n_data_port;
  guint n_iico_data;
  guint n_same_reg;        /* pairs of register events of one register */
  guint n_po_inside;       /* po between events of one instruction */
} Shape;

static gboolean
tagged (const AcyExecution *x, guint i, const char *name)
{
  for (guint t = 0; t < x->n_tags; t++)
    if ((x->events[i].tags >> t & 1) && strcmp (x->tag_names[t], name) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
count_shape (const AcyCandidate *c, gpointer data)
{
  Shape *s = data;
  const AcyExecution *x = c->x;
  guint n = x->n_events;

  if (s->n_exec++ > 0)
    return TRUE;
  g_assert_nonnull (x->iico_data);
  for (guint i = 0; i < n; i++)
    {
      s->n_rreg += tagged (x, i, "Rreg");
      s->n_wreg += tagged (x, i, "Wreg");
      s->n_addr_port += tagged (x, i, "ADDR");
      s->n_data_port += tagged (x, i, "DATA");
      for (guint j = 0; j < n; j++)
        {
          s->n_iico_data += acy_rel_has (x->iico_data, n, i, j);
          s->n_same_reg += i < j && x->events[i].reg != 0 && x->events[i].reg == x->events[j].reg
                           && x->events[i].thread == x->events[j].thread;
          s->n_po_inside += acy_rel_has (x->po, n, i, j) && x->events[i].instr == x->events[j].instr;
        }
    }
  return TRUE;
}

/* herd's event structure of MP with an address dependency, register
 * events included: P0's MOVs write W0 and W2 (2), its STRs read X1 and
 * X3 (ADDR) and W0 and W2 (DATA); P1's LDRs read X1, X3 and W4 (ADDR)
 * and write W0 and W2, its EOR reads W0 once and writes W4. iico_data:
 * each STR's two reads into its write (4), each LDR's address reads
 * into its read and its read into its register write (2 + 3), the
 * EOR's read into its write (1). */
static void
test_events (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyTest) t = parse (mp_addr);
  AcyEnumerateOptions opts = { 0 };
  Shape s = { 0 };

  opts.unroll = ACY_DEFAULT_UNROLL;
  g_assert_true (acy_test_enumerate (t, &opts, count_shape, &s, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (s.n_wreg, ==, 2 + 3);
  g_assert_cmpuint (s.n_rreg, ==, 4 + 4);
  g_assert_cmpuint (s.n_addr_port, ==, 2 + 3);
  g_assert_cmpuint (s.n_data_port, ==, 2);
  g_assert_cmpuint (s.n_iico_data, ==, 4 + 5 + 1);
  g_assert_cmpuint (s.n_po_inside, ==, 0);
  /* P0: W0 written then read, W2 too; P1: X1, W0 (write, EOR's read),
   * X3, W4 (write, read), W2 */
  g_assert_cmpuint (s.n_same_reg, ==, 1 + 1 + 1 + 1);
}

/* Refusals at the place, in herd7's words where it has some */
static void
test_errors (void)
{
  static const struct { const char *text; const char *message; } cases[] = {
    { "AArch64 t\n{ }\n P0 ;\n MOV W0,Q1 ;\nexists (0:X0=1)\n",
      "t.litmus:4:9: unexpected token (in prog) near 'Q1'" },
    { "AArch64 t\n{ }\n P0 ;\n FOO W0,W1 ;\nexists (0:X0=1)\n",
      "t.litmus:4:2: instruction FOO is not supported near 'FOO'" },
    { "AArch64 t\n{ }\n P0 ;\n B L9 ;\nexists (0:X0=1)\n",
      "t.litmus:4:2: P0 has no label L9 to jump to near 'L9'" },
    { "AArch64 t\n{ }\n P0 ;\n LDAR W0,[X1,#4] ;\nexists (0:X0=1)\n",
      "t.litmus:4:16: unexpected token (in prog) near ']'" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AcyTest) t = acy_test_parse (cases[i].text, -1, "t.litmus", NULL, &error);

      g_assert_null (t);
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/asm/aarch64/parse", test_parse);
  g_test_add_func ("/engine/asm/aarch64/armv8", test_armv8);
  g_test_add_func ("/engine/asm/aarch64/events", test_events);
  g_test_add_func ("/engine/asm/aarch64/errors", test_errors);
  return g_test_run ();
}
