/* test-article.c - the seed article's litmus tests under the toy models
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The outcomes below are the ones herd7 gives (stated in the article and
 * recorded in the conformance corpus), written here as facts so that this
 * test runs without ../shared.
 */
#define G_LOG_DOMAIN "test-article"
#include "config.h"

#include <string.h>

#include "acyclic.h"
#include "exec-fixture.h"

static const char mp[] =
  "C C-MP+o-o+o-o\n"
  "{\n}\n"
  "P0(int *x, int *y)\n{\n  WRITE_ONCE(*y, 1);\n  WRITE_ONCE(*x, 1);\n}\n"
  "P1(int *x, int *y)\n{\n  int r1;\n  int r2;\n\n  r1 = READ_ONCE(*x);\n  r2 = READ_ONCE(*y);\n}\n"
  "exists\n(1:r1=1 /\\ 1:r2=0)\n";

static const char co[] =
  "C C-CO+o-o\n"
  "{\n}\n"
  "P0(int *x)\n{\n  *x = 3;\n  *x = 4;\n}\n"
  "exists\n(x=3)\n";

static const char r_wmb_mb[] =
  "C C-R+o-wmb-o+o+mb+o\n"
  "{\n}\n"
  "P0(int *a, int *b)\n{\n  WRITE_ONCE(*a, 1);\n  smp_wmb();\n  WRITE_ONCE(*b, 1);\n}\n"
  "P1(int *a, int *b)\n{\n  int r1;\n\n  WRITE_ONCE(*b, 2);\n  smp_mb();\n  r1 = READ_ONCE(*a);\n}\n"
  "exists\n(b=2 /\\ 1:r1=0)\n";

typedef struct {
  const char *text;
  const char *model;       /* file in models/ */
  const char *observation;
  guint64 positive, negative;
  guint states;
} Fact;

static const Fact facts[] = {
  { exec_fixture_mp_mb, "toy-rmo.cat",      "Never",     0, 3,  3 },
  { exec_fixture_mp_mb, "coherent-rmo.cat", "Never",     0, 3,  3 },
  { mp,                 "toy-rmo.cat",      "Sometimes", 1, 3,  4 },
  { mp,                 "coherent-rmo.cat", "Sometimes", 1, 3,  4 },
  { co,                 "toy-rmo.cat",      "Sometimes", 1, 1,  2 },
  { co,                 "coherent-rmo.cat", "Never",     0, 1,  1 },
  { exec_fixture_co_rr, "toy-rmo.cat",      "Sometimes", 2, 16, 9 },
  { exec_fixture_co_rr, "coherent-rmo.cat", "Never",     0, 6,  6 },
  { r_wmb_mb,           "toy-rmo.cat",      "Never",     0, 3,  3 },
  { r_wmb_mb,           "coherent-rmo.cat", "Never",     0, 3,  3 },
};

static AcyMacros *
basic_macros (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (SOURCE_MODELSDIR, "linux-basic.def", NULL);
  AcyMacros *m = acy_macros_load (path, &error);

  g_assert_no_error (error);
  return m;
}

static void
test_fact (gconstpointer data)
{
  const Fact *f = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyMacros) macros = basic_macros ();
  g_autofree char *path = g_build_filename (SOURCE_MODELSDIR, f->model, NULL);
  AcyModelSource src = { .cat_path = path };
  g_autoptr(AcyModel) model = acy_model_load (&src, &error);
  g_autoptr(AcyTest) test = NULL;
  g_autoptr(AcyCheckResult) result = NULL;

  g_assert_no_error (error);
  test = acy_test_parse (f->text, -1, "article.litmus", macros, &error);
  g_assert_no_error (error);
  result = acy_check_run (test, model, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (acy_observation_to_string (acy_check_result_get_observation (result)), ==, f->observation);
  g_assert_cmpuint (acy_check_result_get_positive (result), ==, f->positive);
  g_assert_cmpuint (acy_check_result_get_negative (result), ==, f->negative);
  g_assert_cmpuint (acy_check_result_get_n_states (result), ==, f->states);
}

/* The exact text herd7 prints for Test #3 under coherent-RMO, Time
 * aside. */
static void
test_herd_format (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyMacros) macros = basic_macros ();
  g_autofree char *path = g_build_filename (SOURCE_MODELSDIR, "coherent-rmo.cat", NULL);
  AcyModelSource src = { .cat_path = path };
  g_autoptr(AcyModel) model = acy_model_load (&src, &error);
  g_autoptr(AcyTest) test = NULL;
  g_autoptr(AcyCheckResult) result = NULL;
  g_autoptr(GString) out = g_string_new (NULL);

  g_assert_no_error (error);
  test = acy_test_parse (co, -1, "C-CO+o-o.litmus", macros, &error);
  g_assert_no_error (error);
  result = acy_check_run (test, model, NULL, NULL, &error);
  g_assert_no_error (error);
  acy_check_result_format_herd (result, out, FALSE);
  g_assert_cmpstr (out->str, ==,
                   "Test C-CO+o-o Allowed\n"
                   "States 1\n"
                   "[x]=4;\n"
                   "No\n"
                   "Witnesses\n"
                   "Positive: 0 Negative: 1\n"
                   "Condition exists ([x]=3)\n"
                   "Observation C-CO+o-o Never 0 1\n"
                   "Hash=4e6db2abb5c79604f0736dd9aa2f26ba\n"
                   "\n");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (facts); i++)
    {
      g_autoptr(AcyTest) t = NULL;
      const char *name_start = facts[i].text + 2;
      g_autofree char *name = g_strndup (name_start, strcspn (name_start, "\n"));
      g_autofree char *path = g_strdup_printf ("/engine/article/%s/%s", facts[i].model, name);
      g_test_add_data_func (path, &facts[i], test_fact);
    }
  g_test_add_func ("/engine/article/herd-format", test_herd_format);
  return g_test_run ();
}
