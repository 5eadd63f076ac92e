/* test-asm.c - assembly litmus tests: X86 and X86_64 read, run and judged
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tests here are Acyclic's own; the outputs expected of them are
 * herd7 7.58's (the oracle), under its default model for the
 * architecture, which the project's models/x86-tso.cat agrees with.
 * herd's own models are checked against its own corpus by the
 * conformance suite (conformance-isa-x86).
 */
#define G_LOG_DOMAIN "test-asm"
#include "config.h"

#include <string.h>

#include "acyclic.h"

static AcyModel *
model_file (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (SOURCE_MODELSDIR, name, NULL);
  AcyModelSource src = { .cat_path = path };
  AcyModel *m = acy_model_load (&src, &error);

  g_assert_no_error (error);
  return m;
}

static AcyTest *
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  AcyTest *test = acy_test_parse (text, -1, "t.litmus", NULL, &error);

  g_assert_no_error (error);
  return test;
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

static const char sb[] =
  "X86_64 SB-acy\n"
  "\"store buffering, written for Acyclic's tests\"\n"
  "{\n}\n"
  " P0             | P1             ;\n"
  " movl $1,(x)    | movl $1,(y)    ;\n"
  " movl (y),%eax  | movl (x),%eax  ;\n"
  "exists (0:rax=0 /\\ 1:rax=0)\n";

static const char sb_xchg[] =
  "X86_64 SB+xchg-acy\n"
  "{\n}\n"
  " P0             | P1             ;\n"
  " movl $1,%ebx   | movl $1,%ebx   ;\n"
  " xchgl %ebx,(x) | xchgl %ebx,(y) ;\n"
  " movl (y),%eax  | movl (x),%eax  ;\n"
  "exists (0:rax=0 /\\ 1:rax=0)\n";

static const char mp_intel[] =
  "X86 MP-acy\n"
  "{\n}\n"
  " P0         | P1          ;\n"
  " MOV [x],$1 | MOV EAX,[y] ;\n"
  " MOV [y],$1 | MOV EBX,[x] ;\n"
  "exists (1:EAX=1 /\\ 1:EBX=0)\n";

static const char sb_mfences_intel[] =
  "X86 SB+mfences-acy\n"
  "{\n}\n"
  " P0          | P1          ;\n"
  " MOV [x],$1  | MOV [y],$1  ;\n"
  " MFENCE      | MFENCE      ;\n"
  " MOV EAX,[y] | MOV EAX,[x] ;\n"
  "exists (0:EAX=0 /\\ 1:EAX=0)\n";

/* The test as read: architecture, observed registers as herd names
 * them, its Hash= as herd7 computes it (herd's digest of the code
 * printed its way) */
static void
test_parse_x86_64 (void)
{
  g_autoptr(AcyTest) t = parse (sb);

  g_assert_cmpstr (acy_test_get_arch (t), ==, "X86_64");
  g_assert_cmpstr (acy_test_get_name (t), ==, "SB-acy");
  g_assert_cmpuint (acy_test_get_n_observed (t), ==, 2);
  g_assert_cmpstr (acy_test_get_observed (t, 0), ==, "0:rax");
  g_assert_cmpstr (acy_test_get_observed (t, 1), ==, "1:rax");
  g_assert_cmpstr (acy_test_get_condition_text (t), ==, "exists (0:rax=0 /\\ 1:rax=0)");
  g_assert_cmpstr (acy_test_get_hash (t), ==, "055f9747fd517835a93f2f188e15e163");
}

static void
test_parse_x86 (void)
{
  g_autoptr(AcyTest) t = parse (mp_intel);
  g_autoptr(AcyTest) u = parse (sb_mfences_intel);

  g_assert_cmpstr (acy_test_get_arch (t), ==, "X86");
  g_assert_cmpstr (acy_test_get_observed (t, 0), ==, "1:EAX");
  g_assert_cmpstr (acy_test_get_hash (t), ==, "a1a510af057d5eeaad263d02f51d92ee");
  g_assert_cmpstr (acy_test_get_hash (u), ==, "de42c753bdb6a11858262e00f2e78932");
}

/* Under x86-TSO: store buffering is seen, unless the writes are
 * exchanges (locked) or fenced; message passing is not. herd7's
 * output for each under its default model. */
static void
test_x86_tso (void)
{
  g_autoptr(AcyModel) m = model_file ("x86-tso.cat");
  g_autofree char *sb_out = run (sb, m);
  g_autofree char *sb_xchg_out = run (sb_xchg, m);
  g_autofree char *mp_out = run (mp_intel, m);
  g_autofree char *sbf_out = run (sb_mfences_intel, m);

  g_assert_cmpstr (sb_out, ==,
                   "Test SB-acy Allowed\nStates 4\n0:rax=0; 1:rax=0;\n0:rax=0; 1:rax=1;\n"
                   "0:rax=1; 1:rax=0;\n0:rax=1; 1:rax=1;\nOk\nWitnesses\nPositive: 1 Negative: 3\n"
                   "Condition exists (0:rax=0 /\\ 1:rax=0)\nObservation SB-acy Sometimes 1 3\n"
                   "Hash=055f9747fd517835a93f2f188e15e163\n\n");
  g_assert_cmpstr (sb_xchg_out, ==,
                   "Test SB+xchg-acy Allowed\nStates 3\n0:rax=0; 1:rax=1;\n0:rax=1; 1:rax=0;\n"
                   "0:rax=1; 1:rax=1;\nNo\nWitnesses\nPositive: 0 Negative: 3\n"
                   "Condition exists (0:rax=0 /\\ 1:rax=0)\nObservation SB+xchg-acy Never 0 3\n"
                   "Hash=a29dfa7fd879f5670b0dfa47f161e52f\n\n");
  g_assert_cmpstr (mp_out, ==,
                   "Test MP-acy Allowed\nStates 3\n1:EAX=0; 1:EBX=0;\n1:EAX=0; 1:EBX=1;\n"
                   "1:EAX=1; 1:EBX=1;\nNo\nWitnesses\nPositive: 0 Negative: 3\n"
                   "Condition exists (1:EAX=1 /\\ 1:EBX=0)\nObservation MP-acy Never 0 3\n"
                   "Hash=a1a510af057d5eeaad263d02f51d92ee\n\n");
  g_assert_cmpstr (sbf_out, ==,
                   "Test SB+mfences-acy Allowed\nStates 3\n0:EAX=0; 1:EAX=1;\n0:EAX=1; 1:EAX=0;\n"
                   "0:EAX=1; 1:EAX=1;\nNo\nWitnesses\nPositive: 0 Negative: 3\n"
                   "Condition exists (0:EAX=0 /\\ 1:EAX=0)\nObservation SB+mfences-acy Never 0 3\n"
                   "Hash=de42c753bdb6a11858262e00f2e78932\n\n");
}

typedef struct {
  guint n_exec;
  guint n_rmw_pairs;
  guint n_po_inside;       /* po between the two events of one instruction */
  guint n_atomic;          /* in X (locked) */
  guint n_mfence;
  guint n_addr;
  char *instrs;            /* each event's instruction, "|" between */
} Shape;

static gboolean
count_shape (const AcyCandidate *c, gpointer data)
{
  Shape *s = data;
  const AcyExecution *x = c->x;
  guint n = x->n_events;

  if (s->n_exec++ > 0)
    return TRUE;
  {
    GString *instrs = g_string_new (NULL);

    for (guint i = 0; x->instr_texts && i < n; i++)
      g_string_append_printf (instrs, "%s%s", i ? "|" : "", x->instr_texts[i] ? x->instr_texts[i] : "-");
    s->instrs = g_string_free (instrs, FALSE);
  }
  for (guint i = 0; i < n; i++)
    {
      s->n_atomic += (x->events[i].kind & ACY_EV_RMW) != 0;
      for (guint j = 0; j < n; j++)
        {
          s->n_rmw_pairs += acy_rel_has (x->rmw, n, i, j);
          s->n_addr += acy_rel_has (x->addr, n, i, j);
          s->n_po_inside += acy_rel_has (x->po, n, i, j) && x->events[i].instr == x->events[j].instr;
        }
      if ((x->events[i].kind & ACY_EV_F) && x->events[i].tags != 0)
        s->n_mfence += strcmp (x->tag_names[__builtin_ctzll (x->events[i].tags)], "MFENCE") == 0;
    }
  return TRUE;
}

/* herd's event structure: an exchange with memory and a locked add are
 * an atomic read and write (X), related by rmw and in no po with each
 * other; an unlocked add is a read and a write, not atomic; MFENCE is
 * a fence of that set; an access through a register that holds an
 * address depends on the read that put it there (addr) */
static void
test_events (void)
{
  static const char text[] =
    "X86_64 events\n"
    "{\n0:rdi=x;\n}\n"
    " P0                ;\n"
    " xchgl %eax,(x)    ;\n"
    " lock addl $1,(y)  ;\n"
    " addl $1,(z)       ;\n"
    " mfence            ;\n"
    " movq (z),%rdi     ;\n"
    " movl (%rdi),%ebx  ;\n"
    "exists (0:rbx=0)\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyTest) t = parse (text);
  AcyEnumerateOptions opts = { 0 };
  Shape s = { 0 };

  opts.unroll = ACY_DEFAULT_UNROLL;
  g_assert_true (acy_test_enumerate (t, &opts, count_shape, &s, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (s.n_atomic, ==, 4);
  g_assert_cmpuint (s.n_rmw_pairs, ==, 2);
  g_assert_cmpuint (s.n_po_inside, ==, 0);
  g_assert_cmpuint (s.n_mfence, ==, 1);
  /* the read of (z) feeds the address of the last read */
  g_assert_cmpuint (s.n_addr, ==, 1);
  /* each event knows its instruction, as herd prints it; the initial
   * writes none */
  g_assert_cmpstr (s.instrs, ==,
                   "-|-|-|xchgl %eax,(x)|xchgl %eax,(x)|lock; addl $1,(y)|lock; addl $1,(y)|"
                   "addl $1,(z)|addl $1,(z)|mfence|movq (z),%rdi|movl (%rdi),%ebx");
  g_free (s.instrs);
}

/* Refusals where herd7 refuses, at the place: an unknown instruction,
 * a register no state may name, a jump to no label, lines of code of
 * another width, an instruction herd7 has no semantics for */
static void
test_errors (void)
{
  static const struct { const char *text; const char *message; } cases[] = {
    { "X86_64 t\n{ }\n P0 ;\n movz $1,(x) ;\nexists (x=1)\n",
      "t.litmus:4:2: expected an instruction of X86_64 (AT&T syntax) near 'movz'" },
    { "X86_64 t\n{ }\n P0 ;\n movl $1,%eax ;\nexists (0:eax=1)\n",
      "t.litmus:5:9: eax is not a register (herd7 refuses it) near '0:eax'" },
    { "X86_64 t\n{ }\n P0 ;\n jmp L9 ;\nexists (x=1)\n",
      "t.litmus:4:2: P0 has no label L9 to jump to near 'L9'" },
    { "X86_64 t\n{ }\n P0 | P1 ;\n movl $1,(x) ;\nexists (x=1)\n",
      "t.litmus:4:2: this line of code has 1 cells for 2 threads (herd7: mismatch in "
      "instruction lines) near ';'" },
    { "X86 t\n{ }\n P0 ;\n CMPXCHG [x],EAX ;\nexists (x=1)\n",
      "t.litmus:4:2: CMPXCHG is not supported: herd7 reads it but has no semantics for it near 'CMPXCHG'" },
    { "X86 t\n{ }\n P0 ;\n MOV eax,[x] ;\nexists (x=1)\n",
      "t.litmus:4:6: expected a register or a memory operand near 'eax'" },
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

/* With no model, each architecture has herd7's: x86tso.cat for X86,
 * x86tso-mixed.cat for X86_64, c11_partialSC.cat for C */
static void
test_default_models (void)
{
  g_assert_cmpstr (acy_setup_default_model ("X86"), ==, "x86tso.cat");
  g_assert_cmpstr (acy_setup_default_model ("X86_64"), ==, "x86tso-mixed.cat");
  g_assert_cmpstr (acy_setup_default_model ("C"), ==, "c11_partialSC.cat");
  g_assert_cmpstr (acy_setup_default_model (NULL), ==, "c11_partialSC.cat");
  g_assert_null (acy_setup_default_model ("PPC"));
}

/* A model whose title names an architecture judges its tests only */
static void
test_model_arch (void)
{
  g_autoptr(GError) error = NULL;
  AcyModelSource src = { .cat_path = "m.cat", .cat_text = "X86 TSO\nacyclic po | rf as sc\n" };
  g_autoptr(AcyModel) m = acy_model_load (&src, &error);
  g_autoptr(AcyTest) t = parse (sb);
  g_autoptr(AcyCheckResult) r = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (acy_model_get_arch (m), ==, "X86");
  r = acy_check_run (t, m, NULL, NULL, &error);
  g_assert_null (r);
  g_assert_error (error, ACY_ERROR, ACY_ERROR_TYPE);
  g_assert_nonnull (strstr (error->message, "Architecture mismatch between test and model (X86_64 vs. X86)"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/asm/parse/x86-64", test_parse_x86_64);
  g_test_add_func ("/engine/asm/parse/x86", test_parse_x86);
  g_test_add_func ("/engine/asm/check/x86-tso", test_x86_tso);
  g_test_add_func ("/engine/asm/events", test_events);
  g_test_add_func ("/engine/asm/errors", test_errors);
  g_test_add_func ("/engine/asm/default-models", test_default_models);
  g_test_add_func ("/engine/asm/model-arch", test_model_arch);
  return g_test_run ();
}
