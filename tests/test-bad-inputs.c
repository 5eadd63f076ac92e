/* test-bad-inputs.c - malformed inputs give one exact, positioned error
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every tests/bad/NAME.EXT with a sibling NAME.err is a case: it goes
 * through the entry points acyclic-check uses for its kind (.litmus,
 * .cat, .bell, .def, .cfg) and the first line of the error must be the
 * first line of NAME.err. Files without a .err are helpers (included
 * files). Set ACY_BAD_UPDATE=1 to (re)write the .err files from what the
 * engine says, then read the diff.
 *
 * Every file in tests/fuzz-regressions/ is an input a fuzzer once
 * crashed or hung on; it is replayed through the harness named by its
 * prefix (see tests/fuzz/fuzz-targets.h) and must simply finish.
 */
#define G_LOG_DOMAIN "acyclic-test"
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "acyclic.h"
#include "fuzz/fuzz-targets.h"

/* acyclic-check's -max-candidates and -timeout: a bound on candidates
 * gives the same message on every machine, the timeout is a safety net. */
#define BAD_MAX_CANDIDATES 20000
#define BAD_TIMEOUT 60.0

static const char small_test[] =
  "C MP\n{\n}\n\nP0(int *x, int *y)\n{\n  WRITE_ONCE(*x, 1);\n  smp_wmb();\n"
  "  WRITE_ONCE(*y, 1);\n}\n\nP1(int *x, int *y)\n{\n  int r0;\n  int r1;\n\n"
  "  r0 = READ_ONCE(*y);\n  smp_rmb();\n  r1 = READ_ONCE(*x);\n}\n\n"
  "exists (1:r0=1 /\\ 1:r1=0)\n";

static AcyMacros *
load_default_macros (GError **error)
{
  g_autofree char *path = g_build_filename (acy_builtin_models_dir (), "linux-basic.def", NULL);

  return acy_macros_load (path, error);
}

static gboolean
check (const AcyTest *test, const AcyModel *model, GError **error)
{
  AcyCheckOptions opts = { .max_candidates = BAD_MAX_CANDIDATES, .timeout = BAD_TIMEOUT };
  g_autoptr(AcyCheckResult) result = acy_check_run (test, model, &opts, NULL, error);

  return result != NULL;
}

static AcyModel *
load_builtin_model (const char *name, GError **error)
{
  g_autofree char *path = g_build_filename (acy_builtin_models_dir (), name, NULL);
  AcyModelSource src = { .cat_path = path };

  return acy_model_load (&src, error);
}

/* A litmus test: parsed with the CLI's default macros, run under SC. */
static gboolean
run_litmus (const char *file, GError **error)
{
  g_autoptr(AcyMacros) macros = load_default_macros (error);
  g_autoptr(AcyModel) model = NULL;
  g_autoptr(AcyTest) test = NULL;

  if (macros == NULL)
    return FALSE;
  test = acy_test_load (file, macros, error);
  if (test == NULL)
    return FALSE;
  model = load_builtin_model ("sc.cat", error);
  g_assert_nonnull (model);
  return check (test, model, error);
}

/* A model, with includes searched beside it, run on a small test, or on
 * inc-NAME.litmus when there is one. */
static gboolean
run_model (const char *cat_path, const char *cat_text, const char *bell_path, GError **error)
{
  g_autoptr(AcyMacros) macros = load_default_macros (error);
  AcyModelSource src = { .cat_path = cat_path, .cat_text = cat_text, .bell_path = bell_path };
  g_autoptr(AcyModel) model = acy_model_load (&src, error);
  g_autoptr(AcyTest) test = NULL;
  const char *name = bell_path ? bell_path : cat_path;
  g_autofree char *stem = g_strndup (name, strrchr (name, '.') - name);
  g_autofree char *own_test = g_strconcat ("inc-", stem, ".litmus", NULL);

  if (model == NULL)
    return FALSE;
  if (g_file_test (own_test, G_FILE_TEST_EXISTS))
    test = acy_test_load (own_test, macros, error);
  else
    test = acy_test_parse (small_test, -1, "small.litmus", macros, error);
  g_assert_nonnull (test);
  return check (test, model, error);
}

/* A macro file, then the small test using it. */
static gboolean
run_macros (const char *file, GError **error)
{
  g_autoptr(AcyMacros) macros = acy_macros_load (file, error);
  g_autoptr(AcyTest) test = NULL;

  if (macros == NULL)
    return FALSE;
  test = acy_test_parse (small_test, -1, "small.litmus", macros, error);
  return test != NULL;
}

/* A configuration, as acyclic-check -conf FILE finds the files it names. */
static gboolean
run_config (const char *file, GError **error)
{
  g_autoptr(AcyConfig) config = acy_config_load (file, error);
  g_autofree char *cat = NULL;
  g_autofree char *bell = NULL;
  g_autofree char *macros_path = NULL;
  g_autoptr(AcyMacros) macros = NULL;
  g_autoptr(AcyModel) model = NULL;
  g_autoptr(AcyTest) test = NULL;
  AcyModelSource src = { 0 };

  if (config == NULL)
    return FALSE;
  if (config->model == NULL)
    {
      g_set_error_literal (error, ACY_ERROR, ACY_ERROR_IO, "no model given");
      return FALSE;
    }
  cat = acy_config_resolve_at (config->model, NULL, file, "model", &config->model_loc, error);
  if (cat == NULL)
    return FALSE;
  if (config->bell
      && !(bell = acy_config_resolve_at (config->bell, NULL, file, "bell", &config->bell_loc, error)))
    return FALSE;
  macros_path = acy_config_resolve_at (config->macros ? config->macros : "linux-basic.def", NULL, file,
                                       "macro", config->macros ? &config->macros_loc : NULL, error);
  if (macros_path == NULL)
    return FALSE;
  if ((macros = acy_macros_load (macros_path, error)) == NULL)
    return FALSE;
  src.cat_path = cat;
  src.bell_path = bell;
  src.variants = (const char *const *) config->variants;
  if ((model = acy_model_load (&src, error)) == NULL)
    return FALSE;
  test = acy_test_parse (small_test, -1, "small.litmus", macros, error);
  g_assert_nonnull (test);
  return check (test, model, error);
}

static void
test_bad_input (gconstpointer data)
{
  const char *file = data;
  g_autofree char *stem = g_strndup (file, strrchr (file, '.') - file);
  g_autofree char *err_path = g_strconcat (stem, ".err", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (g_str_has_suffix (file, ".litmus"))
    ok = run_litmus (file, &error);
  else if (g_str_has_suffix (file, ".cat"))
    ok = run_model (file, NULL, NULL, &error);
  else if (g_str_has_suffix (file, ".bell"))
    ok = run_model ("host.cat", "\"Host of a bell file\"\n", file, &error);
  else if (g_str_has_suffix (file, ".def"))
    ok = run_macros (file, &error);
  else if (g_str_has_suffix (file, ".cfg"))
    ok = run_config (file, &error);
  else
    g_assert_not_reached ();

  if (ok && g_getenv ("ACY_BAD_UPDATE"))
    {
      g_test_message ("%s: no error", file);
      return;
    }
  if (ok)
    g_error ("%s: no error", file);
  g_assert_nonnull (error);
  g_assert_true (error->domain == ACY_ERROR);
  /* Built-in models are named MODELS/ wherever the tree is. */
  {
    g_autofree char *first = g_strndup (error->message, strcspn (error->message, "\n"));
    g_auto(GStrv) parts = g_strsplit (first, acy_builtin_models_dir (), -1);
    got = g_strjoinv ("MODELS", parts);
  }

  if (g_getenv ("ACY_BAD_UPDATE"))
    {
      g_autofree char *contents = g_strconcat (got, "\n", NULL);
      g_assert_true (g_file_set_contents (err_path, contents, -1, NULL));
      return;
    }
  g_assert_true (g_file_get_contents (err_path, &expected, NULL, NULL));
  expected[strcspn (expected, "\n")] = '\0';
  g_assert_cmpstr (got, ==, expected);
}

static void
test_fuzz_regression (gconstpointer data)
{
  const char *path = data;
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *contents = NULL;
  gsize len = 0;
  AcyFuzzFunc func = acy_fuzz_func_for_name (base);

  g_assert_nonnull (func);
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  func ((const guint8 *) contents, len);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static GPtrArray *
list_dir (const char *dir)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  return names;
}

int
main (int argc, char **argv)
{
  g_autofree char *bad_dir = NULL;
  g_autofree char *regress_dir = NULL;
  g_autoptr(GPtrArray) bad = NULL;
  g_autoptr(GPtrArray) regress = NULL;

  g_test_init (&argc, &argv, NULL);
  bad_dir = g_test_build_filename (G_TEST_DIST, "bad", NULL);
  regress_dir = g_test_build_filename (G_TEST_DIST, "fuzz-regressions", NULL);

  /* File names in messages are as given: relative to tests/bad. */
  bad = list_dir (bad_dir);
  regress = list_dir (regress_dir);
  if (g_chdir (bad_dir) != 0)
    g_error ("cannot enter %s", bad_dir);

  for (guint i = 0; i < bad->len; i++)
    {
      const char *name = bad->pdata[i];
      const char *dot = strrchr (name, '.');
      g_autofree char *stem = NULL;
      g_autofree char *err = NULL;
      g_autofree char *path = NULL;

      if (dot == NULL || g_str_equal (dot, ".err"))
        continue;
      stem = g_strndup (name, dot - name);
      err = g_strconcat (stem, ".err", NULL);
      if (!g_file_test (err, G_FILE_TEST_EXISTS) && !g_getenv ("ACY_BAD_UPDATE"))
        continue;
      if (g_getenv ("ACY_BAD_UPDATE") && g_str_has_prefix (stem, "inc-"))
        continue;
      path = g_strdup_printf ("/engine/bad/%s", name);
      g_test_add_data_func_full (path, g_strdup (name), test_bad_input, g_free);
    }
  for (guint i = 0; i < regress->len; i++)
    {
      const char *name = regress->pdata[i];
      g_autofree char *path = NULL;

      if (name[0] == '.' || g_str_equal (name, "README"))
        continue;
      path = g_strdup_printf ("/engine/fuzz-regressions/%s", name);
      g_test_add_data_func_full (path, g_build_filename (regress_dir, name, NULL),
                                 test_fuzz_regression, g_free);
    }
  return g_test_run ();
}
