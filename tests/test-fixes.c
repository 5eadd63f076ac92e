/* test-fixes.c - the single changes that forbid a test's condition
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The classic shapes without barriers (the .litmus files of tests/fixes) under the
 * Linux-kernel model (../shared/conformance/lkmm; skipped when absent):
 * none of them is forbidden by one change, since each needs ordering in
 * two threads, so the pairs are checked against what herd7 says of the
 * kernel's own litmus tests (SB needs smp_mb() on both sides, MP an
 * ordering of the writes and of the reads, ...). MP with smp_wmb()
 * already in P0 has single fixes. The toy models and a macro file
 * without fences give their own answers.
 */
#define G_LOG_DOMAIN "test-fixes"
#include "config.h"

#include <string.h>

#include "acyclic.h"
#include "shared-dir.h"

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "fixes", name, NULL);
}

static char *
lkmm_dir (void)
{
  char *dir = test_conformance_path ("lkmm");

  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    g_clear_pointer (&dir, g_free);
  return dir;
}

/* The kernel model (NULL: skipped), or a built-in model by name. */
static AcyModel *
load_model (const char *builtin, AcyMacros **macros)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *lkmm = NULL, *cfg = NULL;
  const char *dirs[2] = { NULL, NULL };
  AcySetupSpec spec = { 0 };
  AcyModel *model = NULL;

  if (!builtin)
    {
      if (!(lkmm = lkmm_dir ()))
        {
          g_test_skip ("the kernel model is not in ../shared/conformance/lkmm");
          return NULL;
        }
      cfg = g_build_filename (lkmm, "linux-kernel.cfg", NULL);
      dirs[0] = lkmm;
      spec.conf = cfg;
      spec.include_dirs = dirs;
    }
  else
    spec.cat = builtin;
  g_assert_true (acy_setup_load (&spec, &model, macros, &error));
  g_assert_no_error (error);
  return model;
}

static AcyFixReport *
suggest (const char *name, AcyModel *model, AcyMacros *macros, guint max_pairs)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = data_path (name);
  g_autofree char *text = NULL;
  AcyFixOptions opts = { max_pairs, 60, NULL, NULL };
  AcyFixReport *report;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  report = acy_fixes_suggest (text, -1, path, macros, model, &opts, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (report);
  return report;
}

/* Whether @report has a fix whose label is @label, forbidden by @check. */
static gboolean
has_fix (const AcyFixReport *report, const char *label, const char *check)
{
  for (guint i = 0; i < acy_fix_report_get_n_fixes (report); i++)
    {
      const AcyFix *fix = acy_fix_report_get_fix (report, i);

      if (g_str_equal (fix->label, label))
        {
          g_assert_nonnull (fix->check);
          if (check && !g_str_equal (fix->check, check))
            g_error ("%s: forbidden by %s, not %s", label, fix->check, check);
          return TRUE;
        }
    }
  return FALSE;
}

typedef struct {
  const char *file;
  guint       n_singles;    /* changes tried one at a time */
  guint       n_pairs;      /* pairs that forbid the state */
  const char *pair;         /* one of them */
  const char *check;        /* the check that forbids it */
} Shape;

static const Shape shapes[] = {
  { "SB.litmus", 2, 1,
    "smp_mb() between lines 9 and 10 of P0, and smp_mb() between lines 17 and 18 of P1", "propagation" },
  { "MP.litmus", 6, 9,
    "smp_wmb() between lines 7 and 8 of P0, and smp_rmb() between lines 16 and 17 of P1", "happens-before" },
  { "LB.litmus", 6, 9,
    "smp_store_release() in place of WRITE_ONCE() at line 10 of P0, and "
    "smp_load_acquire() in place of READ_ONCE() at line 17 of P1", "happens-before" },
  { "WRC.litmus", 6, 6,
    "smp_store_release() in place of WRITE_ONCE() at line 15 of P1, and "
    "smp_rmb() between lines 23 and 24 of P2", "happens-before" },
  { "IRIW.litmus", 6, 1,
    "smp_mb() between lines 15 and 16 of P1, and smp_mb() between lines 29 and 30 of P3", "propagation" },
  { "R.litmus", 4, 1,
    "smp_mb() between lines 7 and 8 of P0, and smp_mb() between lines 15 and 16 of P1", "propagation" },
  { "S.litmus", 6, 9,
    "smp_wmb() between lines 7 and 8 of P0, and "
    "smp_load_acquire() in place of READ_ONCE() at line 15 of P1", "happens-before" },
  { "2+2W.litmus", 6, 1,
    "smp_mb() between lines 7 and 8 of P0, and smp_mb() between lines 13 and 14 of P1", "propagation" },
};

static void
test_shape (gconstpointer data)
{
  const Shape *shape = data;
  g_autoptr(AcyMacros) macros = NULL;
  g_autoptr(AcyModel) model = load_model (NULL, &macros);
  g_autoptr(AcyFixReport) report = NULL;
  g_autoptr(AcyFixReport) no_pairs = NULL;
  g_autofree char *summary = NULL;

  if (!model)
    return;
  /* without pairs: honestly nothing */
  no_pairs = suggest (shape->file, model, macros, 0);
  g_assert_cmpint (acy_fix_report_get_status (no_pairs), ==, ACY_FIXES_NONE);
  g_assert_cmpuint (acy_fix_report_get_n_fixes (no_pairs), ==, 0);
  g_assert_cmpuint (acy_fix_report_get_n_tried (no_pairs), ==, shape->n_singles);
  summary = acy_fix_report_describe (no_pairs);
  g_assert_true (g_str_has_prefix (summary, "None of the "));

  report = suggest (shape->file, model, macros, 100);
  g_assert_cmpint (acy_fix_report_get_status (report), ==, ACY_FIXES_PAIRS);
  g_assert_cmpuint (acy_fix_report_get_n_fixes (report), ==, shape->n_pairs);
  g_assert_true (has_fix (report, shape->pair, shape->check));
  for (guint i = 0; i < acy_fix_report_get_n_fixes (report); i++)
    g_assert_cmpuint (acy_fix_report_get_fix (report, i)->n_edits, ==, 2);
  /* where a lighter pair does it, it comes before any with smp_mb() */
  if (strstr (shape->pair, "smp_mb()") == NULL)
    g_assert_null (strstr (acy_fix_report_get_fix (report, 0)->label, "smp_mb()"));
}

/* With smp_wmb() in P0, one change in P1 is enough. */
static void
test_single (void)
{
  g_autoptr(AcyMacros) macros = NULL;
  g_autoptr(AcyModel) model = load_model (NULL, &macros);
  g_autoptr(AcyFixReport) report = NULL;
  g_autofree char *path = data_path ("MP+wmb.litmus");
  g_autofree char *text = NULL, *fixed = NULL;
  const AcyFix *mb = NULL;

  if (!model)
    return;
  report = suggest ("MP+wmb.litmus", model, macros, 100);
  g_assert_cmpint (acy_fix_report_get_status (report), ==, ACY_FIXES_SINGLE);
  g_assert_cmpuint (acy_fix_report_get_n_fixes (report), ==, 3);
  g_assert_true (has_fix (report, "smp_rmb() between lines 17 and 18 of P1", "happens-before"));
  g_assert_true (has_fix (report, "smp_mb() between lines 17 and 18 of P1", "happens-before"));
  g_assert_true (has_fix (report, "smp_load_acquire() in place of READ_ONCE() at line 17 of P1",
                          "happens-before"));
  /* the edits are where they say, and make the text herd7 would read */
  for (guint i = 0; i < 3; i++)
    if (strstr (acy_fix_report_get_fix (report, i)->label, "smp_load_acquire"))
      mb = acy_fix_report_get_fix (report, i);
  g_assert_nonnull (mb);
  g_assert_cmpuint (mb->n_edits, ==, 1);
  g_assert_cmpuint (mb->edits[0].line, ==, 17);
  g_assert_cmpuint (mb->edits[0].column, ==, 7);
  g_assert_cmpuint (mb->edits[0].end_column, ==, 20);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  fixed = acy_fix_apply (text, mb);
  g_assert_nonnull (strstr (fixed, "\tr0 = smp_load_acquire(y);\n"));
  g_assert_null (strstr (fixed, "READ_ONCE(*y)"));
}

static void
test_candidates_text (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyMacros) macros = NULL;
  g_autoptr(AcyModel) model = load_model ("toy-rmo", &macros);
  g_autofree char *path = data_path ("MP.litmus");
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) cands = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  cands = acy_fixes_candidates (text, -1, macros);
  /* P0: mb, wmb, release; P1: acquire, mb, rmb */
  g_assert_cmpuint (cands->len, ==, 6);
  for (guint i = 0; i < cands->len; i++)
    {
      g_autofree char *changed = acy_fix_apply (text, g_ptr_array_index (cands, i));
      g_autoptr(AcyTest) test = acy_test_parse (changed, -1, "changed", macros, &error);

      g_assert_no_error (error);
      g_assert_nonnull (test);
    }
  {
    const AcyFix *fix = g_ptr_array_index (cands, 0);
    g_autofree char *changed = acy_fix_apply (text, fix);

    g_assert_cmpstr (fix->label, ==, "smp_mb() between lines 7 and 8 of P0");
    g_assert_nonnull (strstr (changed, "WRITE_ONCE(*x, 1);\n\tsmp_mb();\n\tWRITE_ONCE(*y, 1);"));
  }
}

/* The toy models take linux-basic.def: toy-rmo orders through any fence,
 * SC forbids SB already, and a macro file without fences offers none. */
static void
test_toy_models (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyMacros) macros = NULL;
  g_autoptr(AcyMacros) plain = NULL;
  g_autoptr(AcyModel) toy = load_model ("toy-rmo", &macros);
  g_autoptr(AcyModel) sc = NULL;
  g_autoptr(AcyMacros) sc_macros = NULL;
  g_autoptr(AcyFixReport) r1 = NULL, r2 = NULL, r3 = NULL, r4 = NULL;
  g_autofree char *summary = NULL;

  r1 = suggest ("MP+wmb.litmus", toy, macros, 0);
  g_assert_cmpint (acy_fix_report_get_status (r1), ==, ACY_FIXES_SINGLE);
  /* toy-rmo has no acquire: only the fences between the reads */
  g_assert_cmpuint (acy_fix_report_get_n_fixes (r1), ==, 2);
  g_assert_true (has_fix (r1, "smp_rmb() between lines 17 and 18 of P1", "acyclic rmo-order"));

  sc = load_model ("sc", &sc_macros);
  r2 = suggest ("SB.litmus", sc, sc_macros, 10);
  g_assert_cmpint (acy_fix_report_get_status (r2), ==, ACY_FIXES_ALREADY_FORBIDDEN);

  plain = acy_macros_parse ("READ_ONCE(X) __load{ONCE}(X)\nWRITE_ONCE(X,V) { __store{ONCE}(X,V); }\n",
                            -1, "plain.def", &error);
  g_assert_no_error (error);
  /* MP without fences: a fence in each thread; smp_wmb() with smp_rmb(),
   * as programmers pair them, first (it came after every smp_mb()) */
  r4 = suggest ("MP.litmus", toy, macros, 100);
  g_assert_cmpint (acy_fix_report_get_status (r4), ==, ACY_FIXES_PAIRS);
  g_assert_cmpuint (acy_fix_report_get_n_fixes (r4), ==, 4);
  g_assert_cmpstr (acy_fix_report_get_fix (r4, 0)->label, ==,
                   "smp_wmb() between lines 7 and 8 of P0, and smp_rmb() between lines 16 and 17 of P1");
  g_assert_null (strstr (acy_fix_report_get_fix (r4, 1)->label, "smp_wmb"));

  r3 = suggest ("SB.litmus", toy, plain, 10);
  g_assert_cmpint (acy_fix_report_get_status (r3), ==, ACY_FIXES_NO_FENCES);
  summary = acy_fix_report_describe (r3);
  g_assert_true (g_str_has_prefix (summary, "This model offers no fences"));
}

/* A C11 test is offered memory orders and C11's fence, not the kernel's
 * macros; release with acquire, as programmers pair them, first. */
static void
test_c11 (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyMacros) macros = NULL;
  g_autoptr(AcyModel) rc11 = load_model ("rc11", &macros);
  g_autoptr(AcyMacros) kernel_macros = NULL;
  g_autoptr(AcyModel) toy = load_model ("toy-rmo", &kernel_macros);
  g_autofree char *path = data_path ("C11-MP+rlx.litmus");
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) cands = NULL;
  g_autoptr(AcyFixReport) report = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  /* the kernel's macros at hand change nothing */
  cands = acy_fixes_candidates (text, -1, kernel_macros);
  /* P0: seq_cst, a fence, release, seq_cst; P1: acquire, seq_cst, a fence, seq_cst */
  g_assert_cmpuint (cands->len, ==, 8);
  for (guint i = 0; i < cands->len; i++)
    {
      const AcyFix *fix = g_ptr_array_index (cands, i);
      g_autofree char *changed = acy_fix_apply (text, fix);
      g_autoptr(AcyTest) test = acy_test_parse (changed, -1, "changed", macros, &error);

      g_assert_no_error (error);
      g_assert_null (strstr (fix->label, "smp_"));
    }
  g_assert_cmpstr (((AcyFix *) g_ptr_array_index (cands, 1))->label, ==,
                   "atomic_thread_fence(memory_order_seq_cst) between lines 6 and 7 of P0");

  report = suggest ("C11-MP+rlx.litmus", rc11, macros, 100);
  g_assert_cmpint (acy_fix_report_get_status (report), ==, ACY_FIXES_PAIRS);
  g_assert_cmpstr (acy_fix_report_get_fix (report, 0)->label, ==,
                   "memory_order_release in place of memory_order_relaxed at line 7 of P0, and "
                   "memory_order_acquire in place of memory_order_relaxed at line 11 of P1");
  g_assert_true (has_fix (report, "atomic_thread_fence(memory_order_seq_cst) between lines 6 and 7 of P0, and "
                                  "atomic_thread_fence(memory_order_seq_cst) between lines 11 and 12 of P1",
                          NULL));
}

static void
test_cancel (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyMacros) macros = NULL;
  g_autoptr(AcyModel) toy = load_model ("toy-rmo", &macros);
  g_autoptr(GCancellable) cancel = g_cancellable_new ();
  g_autofree char *path = data_path ("MP.litmus");
  g_autofree char *text = NULL;
  AcyFixReport *report;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_cancellable_cancel (cancel);
  report = acy_fixes_suggest (text, -1, path, macros, toy, NULL, cancel, &error);
  g_assert_null (report);
  g_assert_error (error, ACY_ERROR, ACY_ERROR_CANCELLED);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (shapes); i++)
    {
      g_autofree char *name = g_strdup_printf ("/fixes/lkmm/%s", shapes[i].file);

      *strrchr (name, '.') = '\0';
      g_test_add_data_func (name, &shapes[i], test_shape);
    }
  g_test_add_func ("/fixes/lkmm/single", test_single);
  g_test_add_func ("/fixes/candidates", test_candidates_text);
  g_test_add_func ("/fixes/toy-models", test_toy_models);
  g_test_add_func ("/fixes/cancel", test_cancel);
  g_test_add_func ("/fixes/c11", test_c11);
  return g_test_run ();
}
