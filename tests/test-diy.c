/* test-diy.c - tests from cycles (engine/diy): the tests diyone7 writes,
 * diycross7's families, errors placed in the cycle, the search for tests
 * that tell two models apart
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The expected tests and names were written by herd's diyone7 and
 * diycross7 7.58+1 for the same cycles; tests/diy/ holds many more,
 * recorded by build-aux/record-diy-cases and replayed by /diy/recorded.
 */
#define G_LOG_DOMAIN "test-diy"
#include "config.h"

#include <string.h>

#include "acyclic.h"

/* The test for @cycle, its Generator line left out. */
static char *
diy (const char *cycle, gboolean one_loc, GError **error)
{
  g_autoptr(AcyDiyCycle) c = acy_diy_cycle_parse (ACY_DIY_ARCH_C, cycle, "<cycle>", error);
  AcyDiyOptions o = { ACY_DIY_ARCH_C, NULL, one_loc, "G" };
  g_autofree char *text = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(GStrv) lines = NULL;

  if (c == NULL)
    return NULL;
  text = acy_diy_cycle_write_test (c, &o, NULL, error);
  if (text == NULL)
    return NULL;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (!g_str_has_prefix (lines[i], "Generator="))
      g_string_append_printf (out, "%s%s", out->len ? "\n" : "", lines[i]);
  return g_strdup (out->str);
}

static void
test_write_sb (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *t = diy ("PodWR Fre PodWR Fre", FALSE, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (t, ==,
                   "C SB\n"
                   "\"PodWR Fre PodWR Fre\"\n"
                   "Prefetch=0:x=F,0:y=T,1:y=F,1:x=T\n"
                   "Com=Fr Fr\n"
                   "Orig=PodWR Fre PodWR Fre\n"
                   "\n"
                   "{}\n"
                   "\n"
                   "P0 (volatile int* y,volatile int* x) {\n"
                   "  *x = 1;\n"
                   "  int r0 = *y;\n"
                   "}\n"
                   "\n"
                   "P1 (volatile int* y,volatile int* x) {\n"
                   "  *y = 1;\n"
                   "  int r0 = *x;\n"
                   "}\n"
                   "\n"
                   "exists (0:r0=0 /\\ 1:r0=0)");
}

/* Dependencies, a control dependency's if, coherence in the condition,
 * annotations as C11 atomics, as diyone7 writes them. */
static void
test_write_shapes (void)
{
  static const struct { const char *cycle; const char *expected; } cases[] = {
    { "Rfi PodRR Fre PodWW Rfe DpDatadW Wse",
      "C Z6.0+po+data+rfi-po\n\"Rfi PodRR Fre PodWW Rfe DpDatadW Coe\"\n"
      "Prefetch=0:x=F,0:y=T,1:y=F,1:z=W,2:z=F,2:x=W\nCom=Fr Rf Co\n"
      "Orig=Rfi PodRR Fre PodWW Rfe DpDatadW Coe\n\n{}\n\n"
      "P0 (volatile int* y,volatile int* x) {\n  *x = 2;\n  int r0 = *x;\n  int r1 = *y;\n}\n\n"
      "P1 (volatile int* z,volatile int* y) {\n  *y = 1;\n  *z = 1;\n}\n\n"
      "P2 (volatile int* z,volatile int* x) {\n  int r0 = *z;\n  *x = 1 + (r0 & 128);\n}\n\n"
      "exists ([x]=2 /\\ 0:r0=2 /\\ 0:r1=0 /\\ 2:r0=1)" },
    { "PodWW Rfe DpCtrldR Fre",
      "C MP+po+ctrl\n\"PodWW Rfe DpCtrldR Fre\"\nPrefetch=0:x=F,0:y=W,1:y=F,1:x=T\nCom=Rf Fr\n"
      "Orig=PodWW Rfe DpCtrldR Fre\n\n{}\n\n"
      "P0 (volatile int* y,volatile int* x) {\n  *x = 1;\n  *y = 1;\n}\n\n"
      "P1 (volatile int* y,volatile int* x) {\n  int r0 = *y;\n  if (r0 == 1) {\n    int r1 = *x;\n  }\n}\n\n"
      "exists (1:r0=1 /\\ 1:r1=0)" },
    { "PodWWRelRlx RfeRlxAcq PodRRAcqRlx FreRlxRel",
      "C MP+porelrlx+poacqrlx\n\"PodWWRelRlx RfeRlxAcq PodRRAcqRlx FreRlxRel\"\n"
      "Prefetch=0:x=F,0:y=W,1:y=F,1:x=T\nCom=Rf Fr\nOrig=PodWWRelRlx RfeRlxAcq PodRRAcqRlx FreRlxRel\n\n{}\n\n"
      "P0 (atomic_int* y,atomic_int* x) {\n  atomic_store_explicit(x,1,memory_order_release);\n"
      "  atomic_store_explicit(y,1,memory_order_relaxed);\n}\n\n"
      "P1 (atomic_int* y,atomic_int* x) {\n  int r0 = atomic_load_explicit(y,memory_order_acquire);\n"
      "  int r1 = atomic_load_explicit(x,memory_order_relaxed);\n}\n\n"
      "exists (1:r0=1 /\\ 1:r1=0)" },
    { "PodWW Wse PodWW Wse",
      "C 2+2W\n\"PodWW Coe PodWW Coe\"\nPrefetch=0:x=F,0:y=W,1:y=F,1:x=W\nCom=Co Co\n"
      "Orig=PodWW Coe PodWW Coe\n\n{}\n\n"
      "P0 (volatile int* y,volatile int* x) {\n  *x = 2;\n  *y = 1;\n}\n\n"
      "P1 (volatile int* y,volatile int* x) {\n  *y = 2;\n  *x = 1;\n}\n\n"
      "exists ([x]=2 /\\ [y]=2)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *t = diy (cases[i].cycle, FALSE, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (t, ==, cases[i].expected);
    }
}

/* diy's family names: the normal form of the cycle decides the family,
 * the edges inside each thread the rest. */
static void
test_names (void)
{
  static const struct { const char *cycle; gboolean one_loc; const char *name; } cases[] = {
    { "Fre PodWR Fre PodWR", FALSE, "SB" },
    { "PodWW Rfe PodRR Fre", FALSE, "MP" },
    { "PodWW Rfe DpAddrdR Fre", FALSE, "MP+po+addr" },
    { "FenceScdWR Fre PodWR Fre", FALSE, "SB+fencesc+po" },
    { "PodWR Fre FenceScdWR Fre", FALSE, "SB+fencesc+po" },
    { "PodWW Rfe PodRW Rfe PodRR Fre", FALSE, "ISA2" },
    { "PodWW Rfe PodRW Wse", FALSE, "S" },
    { "Rfe PodRW Rfe PodRW", FALSE, "LB" },
    { "PosRR Fre Rfe", TRUE, "CoRR" },
    { "PosWW Rfe PosRR Fre", TRUE, "MP+poss" },
    { "PodWR Fre PodWR Fre PodWR Fre PodWR Fre PodWR Fre", FALSE, "WR+WR+WR+WR+WR" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AcyDiyCycle) c = acy_diy_cycle_parse (ACY_DIY_ARCH_C, cases[i].cycle, NULL, &error);
      AcyDiyOptions o = { ACY_DIY_ARCH_C, NULL, cases[i].one_loc, NULL };
      g_autofree char *name = NULL;
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      text = acy_diy_cycle_write_test (c, &o, &name, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (name, ==, cases[i].name);
    }
}

/* What diyone7 refuses is refused, placed in the cycle's text. */
static void
test_errors (void)
{
  static const struct { const char *cycle; const char *message; gboolean at_write; } cases[] = {
    { "PodWR Frx PodWR Fre", "<cycle>:1:7: unknown edge 'Frx' near 'Frx'" },
    { "PodWR Fre PodWR Rfe", "<cycle>:1:17: impossible direction: PodWR ends on a read, Rfe starts from a write near 'Rfe'" },
    { "Fre PodWR Fre PodWW", "<cycle>:1:1: the cycle does not close: its last edge PodWW ends on a write, its first edge Fre starts from a read near 'Fre'" },
    { "PodWR|PodWW Fre PodWR Fre", "<cycle>:1:1: this stands for 2 cycles, and one is wanted near 'PodWR'" },
    { "PodWR [Fre PodWR Fre", "<cycle>:1:7: '[' is not closed near '['" },
    { "PodWR Fre ] PodWR Fre", "<cycle>:1:11: ']' closes no '[' near ']'" },
    { "PodWR Fre $ PodWR Fre", "<cycle>:1:11: unexpected character '$' in a cycle near '$'" },
    { "PodWWRelRlx RfeAcqAcq PodRR Fre", "<cycle>:1:13: Annotations mismatch between Rlx Acq. near 'RfeAcqAcq'" },
    { "PosRR Fre Rfe", "<cycle>:1:1: Unique location", TRUE },
    { "Rfe PodRR Fre", "<cycle>:1:5: Cannot get changing loc accros PodRR\n near 'PodRR'", TRUE },
    { "PodWW Wse PodWW Wse Wsi", "<cycle>:1:1: Observer", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AcyDiyCycle) c = acy_diy_cycle_parse (ACY_DIY_ARCH_C, cases[i].cycle, "<cycle>", &error);

      if (cases[i].at_write)
        {
          AcyDiyOptions o = { ACY_DIY_ARCH_C, NULL, FALSE, NULL };
          g_autofree char *t = NULL;

          g_assert_no_error (error);
          t = acy_diy_cycle_write_test (c, &o, NULL, &error);
          g_assert_null (t);
        }
      else
        g_assert_null (c);
      g_assert_error (error, ACY_ERROR, ACY_ERROR_SYNTAX);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

/* diycross7 PodWR,FenceScdWR Fre PodWR,FenceScdWR Fre: four cycles, one
 * a turn of another. */
static void
test_cross (void)
{
  const char *args[] = { "PodWR,FenceScdWR", "Fre", "PodWR,FenceScdWR", "Fre" };
  AcyDiyOptions o = { ACY_DIY_ARCH_C, NULL, FALSE, NULL };
  g_autoptr(GError) error = NULL;
  guint skipped = 0;
  g_autoptr(GPtrArray) tests = acy_diy_cross (&o, args, G_N_ELEMENTS (args), &skipped, &error);
  const AcyDiyFamilyTest *t;

  g_assert_no_error (error);
  g_assert_cmpuint (tests->len, ==, 3);
  g_assert_cmpuint (skipped, ==, 1);
  g_assert_cmpstr (((AcyDiyFamilyTest *) tests->pdata[0])->name, ==, "SB");
  t = tests->pdata[1];
  g_assert_cmpstr (t->name, ==, "SB+fencesc+po");
  g_assert_true (g_str_has_prefix (t->text, "C SB+fencesc+po\n\"FenceScdWR Fre PodWR Fre\"\n"
                                   "Cycle=FenceScdWR Fre PodWR Fre\n"));
  g_assert_cmpstr (((AcyDiyFamilyTest *) tests->pdata[2])->name, ==, "SB+fencescs");
}

/* ---- the search ---- */

typedef struct {
  GPtrArray *found;
} Collect;

static void
collect (const AcyDiyFound *f, gpointer data)
{
  g_ptr_array_add (((Collect *) data)->found, acy_diy_found_copy (f));
}

static GPtrArray *
search (const char *a, const char *b, const AcyDiySearchOptions *o, AcyDiySearchProgress *summary)
{
  g_autoptr(GError) error = NULL;
  AcyMacros *macros = NULL, *mb = NULL;
  g_autoptr(AcyModel) ma = acy_comparison_load_model (a, NULL, &macros, &error);
  g_autoptr(AcyModel) mbm = acy_comparison_load_model (b, NULL, &mb, &error);
  const AcyModel *models[2] = { ma, mbm };
  Collect c = { g_ptr_array_new_with_free_func ((GDestroyNotify) acy_diy_found_free) };

  g_assert_no_error (error);
  g_assert_true (acy_diy_search (models, macros, o, collect, NULL, &c, summary, NULL, &error));
  g_assert_no_error (error);
  acy_macros_free (macros);
  acy_macros_free (mb);
  return c.found;
}

static gboolean
has (GPtrArray *found, const char *name)
{
  for (guint i = 0; i < found->len; i++)
    if (g_str_equal (((AcyDiyFound *) found->pdata[i])->name, name))
      return TRUE;
  return FALSE;
}

/* The ladder SC, TSO, Coherent RMO, Toy RMO: each pair told apart by
 * the test that shows the step: store buffering, message passing, a
 * coherence test. */
static void
test_search_ladder (void)
{
  AcyDiySearchOptions o = { ACY_DIY_ARCH_C, 4, 4 };
  AcyDiySearchProgress p;
  g_autoptr(GPtrArray) f1 = search ("sc", "tso", &o, &p);
  g_autoptr(GPtrArray) f2 = search ("tso", "coherent-rmo", &o, &p);
  g_autoptr(GPtrArray) f3 = search ("coherent-rmo", "toy-rmo", &o, &p);
  const AcyDiyFound *f;

  g_assert_true (has (f1, "SB"));
  g_assert_false (has (f1, "MP"));
  g_assert_true (p.complete);
  f = f1->pdata[0];
  g_assert_cmpuint (f->stronger, ==, 0);
  g_assert_cmpint (f->observation[0], ==, ACY_OBSERVATION_NEVER);
  g_assert_cmpint (f->observation[1], ==, ACY_OBSERVATION_SOMETIMES);
  g_assert_cmpstr (f->check, ==, "sc");
  g_assert_true (has (f2, "MP"));
  g_assert_false (has (f2, "SB"));
  g_assert_true (has (f3, "CoRR"));
  f = f3->pdata[0];
  g_assert_cmpuint (f->accesses, ==, 3);
  /* smallest first */
  for (guint i = 1; i < f2->len; i++)
    g_assert_cmpuint (((AcyDiyFound *) f2->pdata[i - 1])->accesses, <=, ((AcyDiyFound *) f2->pdata[i])->accesses);
}

/* Models that agree: nothing found, and the answer says how far. */
static void
test_search_none (void)
{
  AcyDiySearchOptions o = { ACY_DIY_ARCH_C, 2, 4 };
  AcyDiySearchProgress p;
  g_autoptr(GPtrArray) f = search ("sc", "sc", &o, &p);

  g_assert_cmpuint (f->len, ==, 0);
  g_assert_true (p.complete);
  g_assert_cmpuint (p.done_accesses, ==, 4);
  g_assert_cmpuint (p.tests, >, 10);
}

/* Shares of the cycles (threads, machines) find what one search finds,
 * in the same order once merged; -j gives the same order. */
static void
test_search_parts (void)
{
  AcyDiySearchOptions o = { ACY_DIY_ARCH_C, 3, 4 };
  AcyDiySearchProgress p, p0, p1, pj;
  g_autoptr(GPtrArray) whole = search ("sc", "tso", &o, &p);
  g_autoptr(GPtrArray) part0 = NULL, part1 = NULL, jobs = NULL;
  guint i0 = 0, i1 = 0;

  o.n_parts = 2;
  part0 = search ("sc", "tso", &o, &p0);
  o.part = 1;
  part1 = search ("sc", "tso", &o, &p1);
  g_assert_cmpuint (part0->len + part1->len, ==, whole->len);
  g_assert_cmpuint (p0.tests + p1.tests, ==, p.tests);
  for (guint i = 0; i < whole->len; i++)
    {
      const AcyDiyFound *w = whole->pdata[i];
      const AcyDiyFound *x = i0 < part0->len ? part0->pdata[i0] : NULL;
      const AcyDiyFound *y = i1 < part1->len ? part1->pdata[i1] : NULL;
      const AcyDiyFound *next = x && (!y || x->index < y->index) ? x : y;

      g_assert_nonnull (next);
      g_assert_cmpstr (next->name, ==, w->name);
      if (next == x)
        i0++;
      else
        i1++;
    }
  o.part = 0;
  o.n_parts = 1;
  o.n_workers = 2;
  jobs = search ("sc", "tso", &o, &pj);
  g_assert_cmpuint (jobs->len, ==, whole->len);
  for (guint i = 0; i < whole->len; i++)
    g_assert_cmpstr (((AcyDiyFound *) jobs->pdata[i])->cycle, ==, ((AcyDiyFound *) whole->pdata[i])->cycle);
}

/* --edges and --annotations: a list of edges, every access annotated. */
static void
test_search_annotations (void)
{
  AcyDiySearchOptions o = { ACY_DIY_ARCH_C, 2, 4, "Rfe Fre PodWW PodRR", "Rlx,Acq,Rel", 0, 0 };
  AcyDiySearchProgress p;
  g_autoptr(GPtrArray) f = search ("sc", "coherent-rmo", &o, &p);

  /* every access relaxed first, then release and acquire, then mixes */
  g_assert_cmpstr (((AcyDiyFound *) f->pdata[0])->name, ==, "MP+porlxrlxs");
  g_assert_cmpstr (((AcyDiyFound *) f->pdata[0])->cycle, ==, "RfeRlxRlx PodRRRlxRlx FreRlxRlx PodWWRlxRlx");
  g_assert_cmpstr (((AcyDiyFound *) f->pdata[1])->name, ==, "MP+porelrel+poacqacq");
  g_assert_true (has (f, "MP+porlxrel+poacqrlx"));
  o.edges = "PodWR Frx";
  {
    g_autoptr(GError) error = NULL;
    AcyMacros *macros = NULL;
    g_autoptr(AcyModel) m = acy_comparison_load_model ("sc", NULL, &macros, &error);
    const AcyModel *models[2] = { m, m };

    g_assert_false (acy_diy_search (models, macros, &o, NULL, NULL, NULL, NULL, NULL, &error));
    g_assert_error (error, ACY_ERROR, ACY_ERROR_SYNTAX);
    g_assert_cmpstr (error->message, ==, "--edges: unknown edge 'Frx'");
    acy_macros_free (macros);
  }
}

/* The execution a cycle describes, and an execution's cycle named back
 * as diy's edges. */
static void
test_execution_cycle (void)
{
  static const char *const cycles[] = {
    "PodWR Fre PodWR Fre", "PodWW Rfe DpAddrdR Fre", "PodWW Rfe FenceScdRR Fre",
    "PodWWRelRlx RfeRlxAcq PodRRAcqRlx FreRlxRel", "PodRW Rfe PodRW Rfe",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cycles); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AcyDiyCycle) c = acy_diy_cycle_parse (ACY_DIY_ARCH_C, cycles[i], NULL, &error);
      AcyDiyOptions o = { ACY_DIY_ARCH_C, NULL, FALSE, NULL };
      g_autoptr(AcyDiySketch) sketch = acy_diy_cycle_sketch (c, &o, NULL, NULL, &error);
      const AcyRecord *r;
      g_autofree char *named = NULL;

      g_assert_no_error (error);
      r = acy_recorder_get_record (sketch->recorder, sketch->record);
      g_assert_true (r->condition);
      named = acy_diy_execution_cycle (&r->x, r->co, r->fr);
      g_assert_cmpstr (named, ==, cycles[i]);
    }
  /* an execution of SB that is sequentially consistent has no cycle */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AcyDiyCycle) c = acy_diy_cycle_parse (ACY_DIY_ARCH_C, "PodWR Fre PodWR Fre", NULL, &error);
    AcyDiyOptions o = { ACY_DIY_ARCH_C, NULL, FALSE, NULL };
    g_autoptr(AcyDiySketch) sketch = acy_diy_cycle_sketch (c, &o, NULL, NULL, &error);
    guint acyclic = 0;

    for (guint k = 0; k < acy_recorder_get_n_records (sketch->recorder); k++)
      {
        const AcyRecord *r = acy_recorder_get_record (sketch->recorder, k);
        g_autofree char *named = acy_diy_execution_cycle (&r->x, r->co, r->fr);

        acyclic += named == NULL;
      }
    g_assert_cmpuint (acyclic, ==, 3);
  }
}

/* A test as record-diy-cases compares it: without its Generator line,
 * each line's trailing blanks and the text's leading and trailing blank
 * lines left out. */
static char *
normalise (const char *text)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  g_auto(GStrv) lines = g_strsplit (copy, "\n", -1);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; lines[i]; i++)
    if (!g_str_has_prefix (lines[i], "Generator="))
      g_string_append_printf (out, "%s%s", out->len ? "\n" : "", g_strchomp (lines[i]));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The test for @cycle with diyone7's options @opts ("-arch C -oneloc"),
 * normalised; NULL where it is refused. */
static char *
diy_recorded (const char *opts, const char *cycle)
{
  g_auto(GStrv) words = g_strsplit (opts, " ", -1);
  AcyDiyOptions o = { ACY_DIY_ARCH_C, NULL, FALSE, "G" };
  g_autoptr(AcyDiyCycle) c = NULL;
  g_autofree char *text = NULL;

  for (guint i = 0; words[i]; i++)
    if (g_str_equal (words[i], "-oneloc"))
      o.one_loc = TRUE;
    else if (g_str_equal (words[i], "-arch") && words[i + 1] != NULL)
      g_assert_true (acy_diy_arch_from_name (words[++i], &o.arch));
  c = acy_diy_cycle_parse (o.arch, cycle, "<cycle>", NULL);
  if (c != NULL)
    text = acy_diy_cycle_write_test (c, &o, NULL, NULL);
  return text ? normalise (text) : NULL;
}

/* tests/diy/ARCH.cases: for random cycles, diyone7's options, the cycle
 * and the SHA-1 of the test it wrote (normalised), or "error" where it
 * refused the cycle; each must be written alike, or refused too. */
static void
test_recorded_cases (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "diy", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *file;
  guint tests = 0, refused = 0, differ = 0;

  g_assert_nonnull (d);
  while ((file = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *contents = NULL;
      g_auto(GStrv) lines = NULL;

      if (!g_str_has_suffix (file, ".cases"))
        continue;
      path = g_build_filename (dir, file, NULL);
      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      lines = g_strsplit (contents, "\n", -1);
      for (guint i = 0; lines[i]; i++)
        {
          g_auto(GStrv) f = NULL;
          g_autofree char *test = NULL;
          g_autofree char *digest = NULL;

          if (lines[i][0] == '#' || lines[i][0] == '\0')
            continue;
          f = g_strsplit (lines[i], "\t", 3);
          g_assert_cmpuint (g_strv_length (f), ==, 3);
          test = diy_recorded (f[0], f[1]);
          if (g_str_equal (f[2], "error"))
            {
              refused++;
              if (test == NULL)
                continue;
            }
          else
            {
              tests++;
              if (test != NULL)
                digest = g_compute_checksum_for_string (G_CHECKSUM_SHA1, test, -1);
              if (g_strcmp0 (digest, f[2]) == 0)
                continue;
            }
          if (differ++ < 20)
            g_test_message ("%s: %s %s: %s", file, f[0], f[1],
                            test == NULL ? "refused" : g_str_equal (f[2], "error")
                            ? "writes a test diyone7 refuses to write" : test);
        }
    }
  g_test_message ("%u cycles diyone7 writes a test for, %u it refuses; %u differ",
                  tests, refused, differ);
  g_assert_cmpuint (differ, ==, 0);
  g_assert_cmpuint (tests, >=, 1000);
}

/* tests/diy/ARCH/NAME.litmus: whole tests where the two once differed,
 * written by diyone7 for the cycle in NAME.cycle beside it (with
 * -oneloc when NAME ends in -oneloc). */
static void
test_recorded_whole (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "diy", "C", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *file;
  guint n = 0;

  g_assert_nonnull (d);
  while ((file = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *base = NULL;
      g_autofree char *cycle_path = NULL;
      g_autofree char *expected = NULL;
      g_autofree char *cycle = NULL;
      g_autofree char *want = NULL;
      g_autofree char *test = NULL;

      if (!g_str_has_suffix (file, ".litmus"))
        continue;
      path = g_build_filename (dir, file, NULL);
      base = g_strndup (path, strlen (path) - strlen (".litmus"));
      cycle_path = g_strconcat (base, ".cycle", NULL);
      g_assert_true (g_file_get_contents (path, &expected, NULL, NULL));
      g_assert_true (g_file_get_contents (cycle_path, &cycle, NULL, NULL));
      want = normalise (expected);
      test = diy_recorded (g_str_has_suffix (base, "-oneloc") ? "-arch C -oneloc" : "-arch C",
                           g_strstrip (cycle));
      g_assert_cmpstr (test, ==, want);
      n++;
    }
  g_assert_cmpuint (n, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/diy/write/sb", test_write_sb);
  g_test_add_func ("/diy/write/shapes", test_write_shapes);
  g_test_add_func ("/diy/names", test_names);
  g_test_add_func ("/diy/errors", test_errors);
  g_test_add_func ("/diy/cross", test_cross);
  g_test_add_func ("/diy/execution/cycle", test_execution_cycle);
  g_test_add_func ("/diy/search/ladder", test_search_ladder);
  g_test_add_func ("/diy/search/none", test_search_none);
  g_test_add_func ("/diy/search/parts", test_search_parts);
  g_test_add_func ("/diy/search/annotations", test_search_annotations);
  g_test_add_func ("/diy/recorded/cases", test_recorded_cases);
  g_test_add_func ("/diy/recorded/whole", test_recorded_whole);
  return g_test_run ();
}
