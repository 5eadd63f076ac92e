/* test-compare.c - one test under several models: AcyComparison
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Known pairs: store buffering is allowed by TSO and forbidden by SC;
 * the article's C-CO+o-o (x=3 then x=4, exists x=3) is allowed by Toy
 * RMO and forbidden by Coherent RMO, a weaker model allowing a cycle
 * that a stronger one forbids.
 */
#define G_LOG_DOMAIN "test-compare"
#include "config.h"

#include <string.h>

#include "acyclic.h"
#include "exec-fixture.h"
#include "shared-dir.h"

static const char sb[] =
  "C SB\n"
  "{\n}\n"
  "P0(int *x, int *y)\n{\n  int r0;\n  WRITE_ONCE(*x, 1);\n  r0 = READ_ONCE(*y);\n}\n"
  "P1(int *x, int *y)\n{\n  int r0;\n  WRITE_ONCE(*y, 1);\n  r0 = READ_ONCE(*x);\n}\n"
  "exists (0:r0=0 /\\ 1:r0=0)\n";

static const char co[] =
  "C C-CO+o-o\n"
  "{\n}\n"
  "P0(int *x)\n{\n  *x = 3;\n  *x = 4;\n}\n"
  "exists\n(x=3)\n";

#define MAX_MODELS 4

/* Everything one comparison needs, owned together. */
typedef struct {
  guint           n;
  AcyTest        *tests[MAX_MODELS];
  AcyModel       *models[MAX_MODELS];
  AcyMacros      *macros[MAX_MODELS];
  AcyCheckResult *results[MAX_MODELS];
  AcyStateProbe  *probes[MAX_MODELS];
  AcyComparison  *cmp;
} Run;

static void
run_clear (Run *run)
{
  acy_comparison_free (run->cmp);
  for (guint i = 0; i < run->n; i++)
    {
      acy_state_probe_free (run->probes[i]);
      acy_check_result_free (run->results[i]);
      acy_test_free (run->tests[i]);
      acy_model_free (run->models[i]);
      acy_macros_free (run->macros[i]);
    }
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* Checks @text under each of the NULL-terminated @specs. */
static void
run_compare (Run *run, const char *text, gboolean probe, const char *const *specs)
{
  for (run->n = 0; specs[run->n] != NULL; run->n++)
    {
      guint i = run->n;
      g_autoptr(GError) error = NULL;
      AcyCheckOptions opts = { 0 };

      g_assert_cmpuint (i, <, MAX_MODELS);
      run->models[i] = acy_comparison_load_model (specs[i], NULL, &run->macros[i], &error);
      g_assert_no_error (error);
      run->tests[i] = acy_test_parse (text, -1, "test.litmus", run->macros[i], &error);
      g_assert_no_error (error);
      if (probe)
        {
          run->probes[i] = acy_state_probe_new (run->tests[i]);
          opts.outcome = acy_state_probe_outcome;
          opts.outcome_data = run->probes[i];
        }
      run->results[i] = acy_check_run (run->tests[i], run->models[i], &opts, NULL, &error);
      g_assert_no_error (error);
    }
  run->cmp = acy_comparison_new_full (run->tests[0],
                                      (const AcyCheckResult *const *) run->results,
                                      probe ? (const AcyStateProbe *const *) run->probes : NULL,
                                      run->n);
}

static guint
find_row (const AcyComparison *cmp, const char *state)
{
  for (guint i = 0; i < acy_comparison_get_n_rows (cmp); i++)
    {
      g_autofree char *text = acy_comparison_row_format (cmp, i);
      if (g_str_equal (text, state))
        return i;
    }
  g_assert_not_reached ();
  return 0;
}

static void
test_sb (void)
{
  g_auto(Run) run = { 0 };
  const AcyComparison *cmp;
  g_autofree char *first = NULL;
  guint both_zero;

  run_compare (&run, sb, FALSE, (const char *[]) { "sc", "tso", NULL });
  cmp = run.cmp;
  g_assert_cmpuint (acy_comparison_get_n_models (cmp), ==, 2);
  g_assert_cmpint (acy_comparison_get_observation (cmp, 0), ==, ACY_OBSERVATION_NEVER);
  g_assert_cmpint (acy_comparison_get_observation (cmp, 1), ==, ACY_OBSERVATION_SOMETIMES);
  g_assert_true (acy_comparison_differs (cmp));
  /* SC allows three states, TSO a fourth: both threads read 0. */
  g_assert_cmpuint (acy_comparison_get_n_rows (cmp), ==, 4);
  g_assert_cmpuint (acy_comparison_get_n_differing (cmp), ==, 1);
  first = acy_comparison_row_format (cmp, 0);
  g_assert_cmpstr (first, ==, "0:r0=0; 1:r0=0;");
  both_zero = 0;
  g_assert_true (acy_comparison_row_differs (cmp, both_zero));
  g_assert_true (acy_comparison_row_satisfies (cmp, both_zero));
  g_assert_false (acy_comparison_row_allowed (cmp, both_zero, 0));
  g_assert_cmpuint (acy_comparison_row_get_count (cmp, both_zero, 0), ==, 0);
  g_assert_cmpint (acy_comparison_row_get_state (cmp, both_zero, 0), ==, -1);
  g_assert_true (acy_comparison_row_allowed (cmp, both_zero, 1));
  g_assert_cmpuint (acy_comparison_row_get_count (cmp, both_zero, 1), >, 0);
  /* Without a probe nothing is known of why SC forbids it. */
  g_assert_null (acy_comparison_row_get_failed_check (cmp, both_zero, 0));

  /* The rest, in herd's order, are allowed by both. */
  for (guint i = 1; i < 4; i++)
    {
      g_assert_false (acy_comparison_row_differs (cmp, i));
      g_assert_true (acy_comparison_row_allowed (cmp, i, 0));
      g_assert_true (acy_comparison_row_allowed (cmp, i, 1));
      g_assert_cmpint (acy_comparison_row_get_state (cmp, i, 0), ==, (gint) i - 1);
    }
}

static void
test_sb_probe (void)
{
  g_auto(Run) run = { 0 };
  guint row;

  run_compare (&run, sb, TRUE, (const char *[]) { "sc", "tso", NULL });
  row = find_row (run.cmp, "0:r0=0; 1:r0=0;");
  g_assert_cmpuint (row, ==, 0);
  g_assert_true (acy_comparison_row_reached (run.cmp, row, 0));
  g_assert_cmpstr (acy_comparison_row_get_failed_check (run.cmp, row, 0), ==, "sc");
  g_assert_null (acy_comparison_row_get_failed_check (run.cmp, row, 1));
}

static void
test_co (void)
{
  g_auto(Run) run = { 0 };
  const AcyComparison *cmp;
  guint x3, x4;

  run_compare (&run, co, TRUE, (const char *[]) { "toy-rmo", "coherent-rmo.cat", NULL });
  cmp = run.cmp;
  g_assert_cmpint (acy_comparison_get_observation (cmp, 0), ==, ACY_OBSERVATION_SOMETIMES);
  g_assert_cmpint (acy_comparison_get_observation (cmp, 1), ==, ACY_OBSERVATION_NEVER);
  g_assert_cmpuint (acy_comparison_get_n_rows (cmp), ==, 2);
  x3 = find_row (cmp, "[x]=3;");
  x4 = find_row (cmp, "[x]=4;");
  g_assert_cmpuint (x3, ==, 0);
  g_assert_true (acy_comparison_row_differs (cmp, x3));
  g_assert_false (acy_comparison_row_differs (cmp, x4));
  g_assert_true (acy_comparison_row_satisfies (cmp, x3));
  g_assert_cmpuint (acy_comparison_row_get_count (cmp, x3, 0), ==, 1);
  g_assert_cmpuint (acy_comparison_row_get_count (cmp, x3, 1), ==, 0);
  g_assert_cmpstr (acy_comparison_row_get_failed_check (cmp, x3, 1), ==, "acyclic coherence-order");
  g_assert_null (acy_comparison_row_get_failed_check (cmp, x3, 0));
  g_assert_cmpuint (acy_comparison_row_get_count (cmp, x4, 0), ==, 1);
  g_assert_cmpuint (acy_comparison_row_get_count (cmp, x4, 1), ==, 1);
}

static void
test_same_model (void)
{
  g_auto(Run) run = { 0 };

  run_compare (&run, co, FALSE, (const char *[]) { "toy-rmo", "toy-rmo", NULL });
  g_assert_false (acy_comparison_differs (run.cmp));
  g_assert_cmpuint (acy_comparison_get_n_differing (run.cmp), ==, 0);
}

/* With probes, a state every model forbids still gets its row. */
static void
test_forbidden_by_all (void)
{
  g_auto(Run) without = { 0 };
  g_auto(Run) with = { 0 };
  guint row;

  run_compare (&without, exec_fixture_mp_mb, FALSE, (const char *[]) { "sc", "coherent-rmo", NULL });
  g_assert_cmpuint (acy_comparison_get_n_rows (without.cmp), ==, 3);
  g_assert_false (acy_comparison_differs (without.cmp));

  run_compare (&with, exec_fixture_mp_mb, TRUE, (const char *[]) { "sc", "coherent-rmo", NULL });
  g_assert_cmpuint (acy_comparison_get_n_rows (with.cmp), ==, 4);
  g_assert_false (acy_comparison_differs (with.cmp));
  row = find_row (with.cmp, "1:r1=1; 1:r2=0;");
  g_assert_false (acy_comparison_row_differs (with.cmp, row));
  g_assert_true (acy_comparison_row_satisfies (with.cmp, row));
  for (guint m = 0; m < 2; m++)
    {
      g_assert_false (acy_comparison_row_allowed (with.cmp, row, m));
      g_assert_true (acy_comparison_row_reached (with.cmp, row, m));
      g_assert_nonnull (acy_comparison_row_get_failed_check (with.cmp, row, m));
    }
}

static void
test_load_model (void)
{
  const char *const *builtins = acy_comparison_get_builtin_models ();

  for (guint i = 0; builtins[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AcyMacros) macros = NULL;
      g_autoptr(AcyModel) model = acy_comparison_load_model (builtins[i], NULL, &macros, &error);

      g_assert_no_error (error);
      g_assert_nonnull (model);
      g_assert_nonnull (macros);
    }

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AcyMacros) macros = NULL;
    g_autoptr(AcyModel) model = acy_comparison_load_model ("no-such-model", NULL, &macros, &error);

    g_assert_null (model);
    g_assert_null (macros);
    g_assert_error (error, ACY_ERROR, ACY_ERROR_IO);
    g_assert_nonnull (strstr (error->message, "no-such-model"));
  }
}

/* A herd .cfg brings its own macros: the LKMM's, when ../shared has it. */
static void
test_load_cfg (void)
{
  g_autofree char *cfg = test_conformance_path ("lkmm/linux-kernel.cfg");
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyMacros) macros = NULL;
  g_autoptr(AcyModel) model = NULL;

  if (!g_file_test (cfg, G_FILE_TEST_IS_REGULAR))
    {
      g_test_skip ("no ../shared/conformance/lkmm");
      return;
    }
  model = acy_comparison_load_model (cfg, NULL, &macros, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (acy_macros_get_filename (macros), "linux-kernel.def"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/compare/sb", test_sb);
  g_test_add_func ("/engine/compare/sb-probe", test_sb_probe);
  g_test_add_func ("/engine/compare/co", test_co);
  g_test_add_func ("/engine/compare/same-model", test_same_model);
  g_test_add_func ("/engine/compare/forbidden-by-all", test_forbidden_by_all);
  g_test_add_func ("/engine/compare/load-model", test_load_model);
  g_test_add_func ("/engine/compare/load-cfg", test_load_cfg);

  return g_test_run ();
}
