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
 * tests/hostile holds the hostile-input catalogue the same way, and
 * tests/hostile/gen-hostile.py writes its large inputs into a temporary
 * folder at test time. A case may instead have NAME.out: the input must
 * be accepted and give that Observation line (herd7's, under SC). A
 * second line `max-seconds N` in NAME.err / NAME.out bounds the case's
 * time (default 30 s), a guard against runaways rather than a benchmark.
 *
 * With --small-stack the program runs itself again with a 1 MiB stack
 * (and so do the threads it starts): deep inputs must end in their
 * positioned error, not in a stack overflow, in every build.
 *
 * Every file in tests/fuzz-regressions/ is an input a fuzzer once
 * crashed or hung on; it is replayed through the harness named by its
 * prefix (see tests/fuzz/fuzz-targets.h) and must simply finish.
 */
#define G_LOG_DOMAIN "acyclic-test"
#include "config.h"

#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "acyclic.h"
#include "fuzz/fuzz-targets.h"

/* acyclic-check's -max-candidates and -timeout: a bound on candidates
 * gives the same message on every machine, the timeout is a safety net. */
#define BAD_MAX_CANDIDATES 20000
#define BAD_TIMEOUT 60.0
#define DEFAULT_MAX_SECONDS 30
#define SMALL_STACK (1024 * 1024)

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

/* What an accepted case gave, as herd7's Observation line. */
static char *outcome;

static gboolean
check (const AcyTest *test, const AcyModel *model, GError **error)
{
  AcyCheckOptions opts = { .max_candidates = BAD_MAX_CANDIDATES, .timeout = BAD_TIMEOUT };
  g_autoptr(AcyCheckResult) result = acy_check_run (test, model, &opts, NULL, error);

  if (result == NULL)
    return FALSE;
  g_free (outcome);
  outcome = g_strdup_printf ("Observation %s %s %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT,
                             acy_test_get_name (test),
                             acy_observation_to_string (acy_check_result_get_observation (result)),
                             acy_check_result_get_positive (result),
                             acy_check_result_get_negative (result));
  return TRUE;
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

/* A macro file, then the small test using it, run under SC. */
static gboolean
run_macros (const char *file, GError **error)
{
  g_autoptr(AcyMacros) macros = acy_macros_load (file, error);
  g_autoptr(AcyModel) model = NULL;
  g_autoptr(AcyTest) test = NULL;

  if (macros == NULL)
    return FALSE;
  test = acy_test_parse (small_test, -1, "small.litmus", macros, error);
  if (test == NULL)
    return FALSE;
  model = load_builtin_model ("sc.cat", error);
  g_assert_nonnull (model);
  return check (test, model, error);
}

/* A configuration, as the window reads it: the files it names found as
 * acyclic-check -conf FILE finds them, and the settings that are options
 * of acyclic-check's refused (acyclic-check takes those: tests/herd7). */
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

  if (config == NULL || !acy_config_refuse_settings (config, error))
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

/* The first line of @path, and its `max-seconds N` line if any. */
static char *
read_expectation (const char *path, guint *max_seconds)
{
  g_autofree char *text = NULL;
  const char *max;

  *max_seconds = DEFAULT_MAX_SECONDS;
  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  if ((max = strstr (text, "\nmax-seconds ")) != NULL)
    *max_seconds = (guint) g_ascii_strtoull (max + strlen ("\nmax-seconds "), NULL, 10);
  text[strcspn (text, "\n")] = '\0';
  return g_steal_pointer (&text);
}

static void
test_bad_input (gconstpointer data)
{
  const char *path = data;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *file = g_path_get_basename (path);
  g_autofree char *stem = g_strndup (file, strrchr (file, '.') - file);
  g_autofree char *err_path = g_strconcat (stem, ".err", NULL);
  g_autofree char *out_path = g_strconcat (stem, ".out", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;
  g_autoptr(GError) error = NULL;
  gboolean ok, want_ok;
  guint max_seconds = DEFAULT_MAX_SECONDS;
  gint64 start;
  double seconds;

  /* File names in messages are as given: relative to the case's folder. */
  if (g_chdir (dir) != 0)
    g_error ("cannot enter %s", dir);
  want_ok = g_file_test (out_path, G_FILE_TEST_EXISTS);
  expected = read_expectation (want_ok ? out_path : err_path, &max_seconds);
  g_clear_pointer (&outcome, g_free);

  start = g_get_monotonic_time ();
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
  seconds = (g_get_monotonic_time () - start) / 1e6;
  /* Sanitizer builds run several times slower. */
  if (seconds > max_seconds * (g_getenv ("ACY_SLOW_BUILD") ? 10.0 : 1.0))
    g_error ("%s: took %.1f s, more than its %u s", file, seconds, max_seconds);

  if (g_getenv ("ACY_BAD_UPDATE"))
    {
      g_autofree char *contents = NULL;

      if (ok && outcome == NULL)
        {
          g_test_message ("%s: no error", file);
          return;
        }
      if (ok)
        got = g_strdup (outcome);
      else
        {
          g_autofree char *first = g_strndup (error->message, strcspn (error->message, "\n"));
          g_auto(GStrv) parts = g_strsplit (first, acy_builtin_models_dir (), -1);

          got = g_strjoinv ("MODELS", parts);
        }
      contents = max_seconds != DEFAULT_MAX_SECONDS
                 ? g_strdup_printf ("%s\nmax-seconds %u\n", got, max_seconds)
                 : g_strconcat (got, "\n", NULL);
      g_remove (ok ? err_path : out_path);
      g_assert_true (g_file_set_contents (ok ? out_path : err_path, contents, -1, NULL));
      return;
    }
  g_assert_nonnull (expected);
  if (want_ok)
    {
      if (!ok)
        g_error ("%s: expected %s, got the error %s", file, expected, error->message);
      g_assert_nonnull (outcome);
      g_assert_cmpstr (outcome, ==, expected);
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

/* Registers every case of @dir under /engine/@group/. */
static void
add_cases (const char *group, const char *dir)
{
  g_autoptr(GPtrArray) names = list_dir (dir);
  gboolean update = g_getenv ("ACY_BAD_UPDATE") != NULL;

  for (guint i = 0; i < names->len; i++)
    {
      const char *name = names->pdata[i];
      const char *dot = strrchr (name, '.');
      g_autofree char *stem = NULL;
      g_autofree char *err = NULL;
      g_autofree char *out = NULL;
      g_autofree char *path = NULL;

      if (dot == NULL || g_str_equal (dot, ".err") || g_str_equal (dot, ".out")
          || g_str_equal (dot, ".py") || g_str_equal (dot, ".md"))
        continue;
      stem = g_strndup (name, dot - name);
      err = g_strconcat (dir, G_DIR_SEPARATOR_S, stem, ".err", NULL);
      out = g_strconcat (dir, G_DIR_SEPARATOR_S, stem, ".out", NULL);
      if (!g_file_test (err, G_FILE_TEST_EXISTS) && !g_file_test (out, G_FILE_TEST_EXISTS) && !update)
        continue;
      if (update && g_str_has_prefix (stem, "inc-"))
        continue;
      path = g_strdup_printf ("/engine/%s/%s", group, name);
      g_test_add_data_func_full (path, g_build_filename (dir, name, NULL), test_bad_input, g_free);
    }
}

/* Runs gen-hostile.py into a new temporary folder; NULL (and a message)
 * when Python is missing. */
static char *
generate_hostile (const char *script)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acy-hostile-XXXXXX", &error);
  const char *python = g_getenv ("ACY_PYTHON") ? g_getenv ("ACY_PYTHON") : "python3";
  const char *argv[] = { python, script, dir, NULL };
  gint status = 0;

  g_assert_no_error (error);
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                     NULL, NULL, NULL, NULL, &status, &error)
      || !g_spawn_check_wait_status (status, &error))
    {
      g_printerr ("# gen-hostile.py did not run (%s): generated cases skipped\n", error->message);
      return NULL;
    }
  return g_steal_pointer (&dir);
}

static void
remove_tree (const char *dir)
{
  g_autoptr(GPtrArray) names = list_dir (dir);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *p = g_build_filename (dir, names->pdata[i], NULL);
      g_remove (p);
    }
  g_rmdir (dir);
}

/* Runs this program again with a small stack: the limit must be set
 * before exec for the main thread's stack and for the threads glibc
 * sizes from it. */
static void
reexec_with_small_stack (int argc, char **argv)
{
  struct rlimit rl;
  g_autoptr(GPtrArray) args = g_ptr_array_new ();

  if (g_getenv ("ACY_SMALL_STACK"))
    return;
  if (getrlimit (RLIMIT_STACK, &rl) != 0)
    g_error ("getrlimit: %s", g_strerror (errno));
  if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > SMALL_STACK)
    rl.rlim_cur = SMALL_STACK;
  if (setrlimit (RLIMIT_STACK, &rl) != 0)
    g_error ("setrlimit: %s", g_strerror (errno));
  g_setenv ("ACY_SMALL_STACK", "1", TRUE);
  for (int i = 0; i < argc; i++)
    if (!g_str_equal (argv[i], "--small-stack"))
      g_ptr_array_add (args, argv[i]);
  g_ptr_array_add (args, NULL);
  execv ("/proc/self/exe", (char **) args->pdata);
  g_error ("cannot run %s again: %s", argv[0], g_strerror (errno));
}

int
main (int argc, char **argv)
{
  g_autofree char *bad_dir = NULL;
  g_autofree char *hostile_dir = NULL;
  g_autofree char *generator = NULL;
  g_autofree char *generated = NULL;
  g_autofree char *regress_dir = NULL;
  g_autoptr(GPtrArray) regress = NULL;
  int status;

  for (int i = 1; i < argc; i++)
    if (g_str_equal (argv[i], "--small-stack"))
      reexec_with_small_stack (argc, argv);

  g_test_init (&argc, &argv, NULL);
  bad_dir = g_test_build_filename (G_TEST_DIST, "bad", NULL);
  hostile_dir = g_test_build_filename (G_TEST_DIST, "hostile", NULL);
  generator = g_build_filename (hostile_dir, "gen-hostile.py", NULL);
  regress_dir = g_test_build_filename (G_TEST_DIST, "fuzz-regressions", NULL);

  add_cases ("bad", bad_dir);
  add_cases ("hostile", hostile_dir);
  /* ACY_HOSTILE_GENERATED=DIR replays (or with ACY_BAD_UPDATE rewrites
   * the expectations of) cases generated beforehand into DIR. */
  if (g_getenv ("ACY_HOSTILE_GENERATED"))
    add_cases ("hostile-generated", g_getenv ("ACY_HOSTILE_GENERATED"));
  else if (!g_getenv ("ACY_BAD_UPDATE") && (generated = generate_hostile (generator)) != NULL)
    add_cases ("hostile-generated", generated);

  regress = list_dir (regress_dir);
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
  status = g_test_run ();
  if (generated != NULL)
    remove_tree (generated);
  return status;
}
