/* test-conformance.c - Acyclic against herd7's recorded output
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs every litmus test of the conformance corpus (../shared/conformance
 * beside the repository, or as tests/shared-dir.h says) and compares the
 * output with herd7's, all but the Time line (Hash= included). Each test has a
 * time bound and the whole run a budget, so a slow test fails fast and
 * never stalls CI. Skips (TAP "1..0 # SKIP", exit 0) when the corpus is
 * absent.
 *
 *   test-conformance lkmm      the kernel model on tests/ (496 tests) and
 *                              kernel-doc/ (the kernel's
 *                              Documentation/litmus-tests/, 12)
 *   test-conformance article   the article's tests under the toy models
 *                              (the project's and the article's files)
 *                              and under the kernel model
 *   test-conformance c11       the C11 tests (c11/tests, 435) under herd's
 *                              rc11.cat, c11_partialSC.cat (herd7's
 *                              default for C) and simple-c11.cat, loaded
 *                              from c11/models
 *   test-conformance c11-ours  the same tests under the project's own
 *                              models/rc11.cat, against herd's rc11.cat
 *   test-conformance isa-x86   herd's X86 and X86_64 tests (isa/x86,
 *                              isa/x86_64) under herd7's default model
 *                              for each, loaded unmodified from herd's
 *                              library (../shared/oracle/herdlib)
 *   test-conformance isa-x86-ours  the same tests under the project's own
 *                              models/x86-tso.cat, against herd7's output
 *   test-conformance isa-aarch64  herd's AArch64 tests of the base folders
 *                              (the catalogue's aarch64, -cas, -pick,
 *                              -readers-guide, -down-one-leg and herd's
 *                              instruction tests) under aarch64.cat, from
 *                              herd's library too; prints identical/total
 *                              per folder
 *   test-conformance isa-aarch64-ext  the extension folders (MTE, VMSA,
 *                              ifetch, mixed, GCS, PAC, faults, BBM,
 *                              ETS, oban): each test answered as herd7
 *                              answers it, or refused as not supported
 *                              (the feature named at its place), never
 *                              answered otherwise
 *
 * Tests listed in conformance-known-differences.txt (one label a line)
 * are reported as TAP TODO items: they are expected to differ, and one
 * that starts to agree is reported as an unexpected pass, so the list
 * cannot go stale silently. A line "LABEL | REASON" also fails the test
 * when its difference no longer says REASON (a refusal that changed). A line "timeout LABEL" only tolerates that
 * test running out of time (its speed depends on the machine): any other
 * difference still fails, and passing is fine.
 */
#define G_LOG_DOMAIN "test-conformance"
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acyclic.h"
#include "shared-dir.h"

#define PER_TEST_SECONDS 30.0
#define SUITE_BUDGET_SECONDS 900.0
#define MAX_DIFFS_SHOWN 15

typedef struct {
  char *litmus;
  char *expected;
  char *label;        /* what is printed for it */
  const char *group;  /* the folder it is counted in (isa modes), or NULL */
  gboolean refusal_ok;  /* refusing it as not supported passes (isa-aarch64-ext) */
  const AcyModel  *model;
  const AcyMacros *macros;
  /* results */
  gboolean  passed;
  gboolean  judged;         /* has a Result: comment */
  gboolean  judge_agrees;   /* --judge says what it says with herd7's verdict */
  gboolean  timed_out;
  gboolean  refused;        /* passed by refusing it as not supported */
  gboolean  both_refused;   /* passed: herd7 refuses it too */
  gboolean  skipped_budget;
  char     *diff;
  gdouble   seconds;
} Case;

typedef struct {
  GPtrArray *cases;
  gint64     start;
} Suite;

static void
case_free (gpointer data)
{
  Case *c = data;
  g_free (c->litmus);
  g_free (c->expected);
  g_free (c->label);
  g_free (c->diff);
  g_free (c);
}

/* herd's output without the lines that legitimately differ. */
static char *
normalise (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; lines[i]; i++)
    {
      if (g_str_has_prefix (lines[i], "Time "))
        continue;
      if (*lines[i] == '\0')
        continue;
      g_string_append (out, lines[i]);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static char *
first_difference (const char *want, const char *got)
{
  g_auto(GStrv) w = g_strsplit (want, "\n", -1);
  g_auto(GStrv) g = g_strsplit (got, "\n", -1);
  guint i;

  for (i = 0; w[i] && g[i]; i++)
    if (!g_str_equal (w[i], g[i]))
      break;
  return g_strdup_printf ("line %u: herd7 '%s', acyclic '%s'", i + 1,
                          w[i] ? w[i] : "<end>", g[i] ? g[i] : "<end>");
}

/* What `acyclic-check --judge` would say of the test's Result: comment,
 * and what the same judgement gives with herd7's observation: the two
 * must agree (also where the comment is stale). */
static void
judge_case (Case *c, const AcyTest *test, const AcyCheckResult *result, const char *herd_output)
{
  const char *expected = acy_test_get_expected_result (test);
  const char *ours = acy_observation_to_string (acy_check_result_get_observation (result));
  const char *obs_line = strstr (herd_output, "\nObservation ");
  g_autofree char *want_word = NULL;
  g_auto(GStrv) fields = NULL;
  const char *const *flags = acy_check_result_get_flags (result);
  gboolean want_race, our_race, herd_race;

  if (expected == NULL || obs_line == NULL)
    return;
  c->judged = TRUE;
  want_word = g_strndup (expected, strcspn (expected, " \t"));
  want_race = strstr (expected, "DATARACE") != NULL;
  our_race = flags && g_strv_contains (flags, "data-race");
  herd_race = strstr (herd_output, "\nFlag data-race\n") != NULL;
  fields = g_strsplit (obs_line + 1, " ", -1);
  if (g_strv_length (fields) < 3)
    return;
  c->judge_agrees =
    (g_str_equal (want_word, ours) && want_race == our_race) ==
    (g_str_equal (want_word, fields[2]) && want_race == herd_race);
}

static void
run_case (gpointer data, gpointer user_data)
{
  Case *c = data;
  Suite *suite = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyTest) test = NULL;
  g_autoptr(AcyCheckResult) result = NULL;
  g_autofree char *want_raw = NULL;
  g_autofree char *want = NULL;
  g_autofree char *got = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  AcyCheckOptions opts = { 0 };
  gint64 t0 = g_get_monotonic_time ();

  if ((t0 - suite->start) / 1e6 > SUITE_BUDGET_SECONDS)
    {
      c->skipped_budget = TRUE;
      c->diff = g_strdup ("not run: the suite's time budget was used up");
      return;
    }
  if (!g_file_get_contents (c->expected, &want_raw, NULL, &error))
    {
      c->diff = g_strdup (error->message);
      return;
    }
  want = normalise (want_raw);

  test = acy_test_load (c->litmus, c->macros, &error);
  if (test != NULL)
    {
      opts.timeout = PER_TEST_SECONDS;
      result = acy_check_run (test, c->model, &opts, NULL, &error);
    }
  c->seconds = (g_get_monotonic_time () - t0) / 1e6;
  if (result == NULL && *want == '\0')
    {
      /* herd7 refused it too (its output is empty) */
      c->passed = c->both_refused = TRUE;
      return;
    }
  if (result == NULL && c->refusal_ok
      && (*want == '\0' || g_error_matches (error, ACY_ERROR, ACY_ERROR_UNSUPPORTED)))
    {
      /* the feature named at its place, or a test herd7 refuses too */
      c->passed = c->refused = TRUE;
      return;
    }
  if (result == NULL)
    {
      c->timed_out = g_error_matches (error, ACY_ERROR, ACY_ERROR_LIMIT)
                     && strstr (error->message, "timed out") != NULL;
      c->diff = g_strdup_printf ("error: %s", error->message);
      return;
    }
  acy_check_result_format_herd (result, out, FALSE);
  got = normalise (out->str);
  c->passed = g_str_equal (want, got);
  if (!c->passed)
    c->diff = first_difference (want, got);
  judge_case (c, test, result, want);
}

static const char *
corpus_dir (void)
{
  static char *dir;

  if (dir == NULL)
    dir = test_conformance_path (NULL);
  return dir;
}

static void
collect (const char *dir, GPtrArray *out)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      if (g_file_test (p, G_FILE_TEST_IS_DIR))
        collect (p, out);
      else if (g_str_has_suffix (name, ".litmus"))
        g_ptr_array_add (out, g_steal_pointer (&p));
    }
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static AcyModel *
load_model (const char *cat, const char *bell, const char *const *variants, const char *const *dirs)
{
  g_autoptr(GError) error = NULL;
  AcyModelSource src = { 0 };
  AcyModel *m;

  src.cat_path = cat;
  src.bell_path = bell;
  src.variants = variants;
  src.include_dirs = dirs;
  m = acy_model_load (&src, &error);
  if (m == NULL)
    {
      printf ("Bail out! cannot load model %s: %s\n", cat, error->message);
      exit (1);
    }
  return m;
}

static AcyMacros *
load_macros (const char *path)
{
  g_autoptr(GError) error = NULL;
  AcyMacros *m = acy_macros_load (path, &error);

  if (m == NULL)
    {
      printf ("Bail out! cannot load macros %s: %s\n", path, error->message);
      exit (1);
    }
  return m;
}

/* The C11 corpus: each test under each model, herd7's output for it in
 * TEST.litmus.expected-MODEL. */
static void
add_c11_cases (Suite *suite, GPtrArray *models, const char *root, gboolean ours)
{
  g_autofree char *c11 = g_build_filename (root, "c11", NULL);
  g_autofree char *herd_models = g_build_filename (c11, "models", NULL);
  g_autofree char *tests = g_build_filename (c11, "tests", NULL);
  g_autofree char *own_rc11 = g_build_filename (SOURCE_MODELSDIR, "rc11.cat", NULL);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *dirs[] = { herd_models, NULL };
  struct { const char *name; const char *path; const char *what; } runs[3];
  guint n_runs = 0;

  if (ours)
    runs[n_runs++] = (typeof (runs[0])) { "rc11", own_rc11, "models/rc11.cat" };
  else
    {
      runs[n_runs++] = (typeof (runs[0])) { "rc11", NULL, "rc11.cat" };
      runs[n_runs++] = (typeof (runs[0])) { "c11_partialSC", NULL, "c11_partialSC.cat" };
      runs[n_runs++] = (typeof (runs[0])) { "simple-c11", NULL, "simple-c11.cat" };
    }
  collect (tests, files);
  g_ptr_array_sort (files, compare_strings);
  for (guint r = 0; r < n_runs; r++)
    {
      g_autofree char *cat = runs[r].path ? g_strdup (runs[r].path)
                                          : g_strconcat (herd_models, "/", runs[r].name, ".cat", NULL);
      /* herd's files include each other from their folder; ours includes
       * nothing of herd's */
      AcyModel *m = load_model (cat, NULL, NULL, runs[r].path ? NULL : dirs);

      g_ptr_array_add (models, m);
      for (guint i = 0; i < files->len; i++)
        {
          Case *c = g_new0 (Case, 1);

          c->litmus = g_strdup (files->pdata[i]);
          c->expected = g_strconcat (c->litmus, ".expected-", runs[r].name, NULL);
          c->label = g_strdup_printf ("%s under %s", c->litmus + strlen (tests) + 1, runs[r].what);
          c->model = m;
          c->macros = NULL;   /* herd7 was run without a macro file */
          g_ptr_array_add (suite->cases, c);
        }
    }
}

/* herd's assembly tests of @archs (folders of isa/), each under herd7's
 * default model for its architecture, from herd's library beside the
 * corpus (oracle/herdlib), or under @own (a model of the project's,
 * which must give the same output); an empty .expected is a test herd7
 * refused */
static gboolean
add_isa_cases (Suite *suite, GPtrArray *models, const char *root, const char *const *archs,
               const char *own)
{
  g_autofree char *herdlib = g_build_filename (root, "..", "oracle", "herdlib", NULL);
  g_autoptr(GHashTable) by_arch = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *dirs[] = { herdlib, NULL };

  if (!g_file_test (herdlib, G_FILE_TEST_IS_DIR))
    return FALSE;
  if (own != NULL)
    {
      g_autofree char *cat = g_build_filename (SOURCE_MODELSDIR, own, NULL);

      g_ptr_array_add (models, load_model (cat, NULL, NULL, NULL));
    }
  for (guint a = 0; archs[a]; a++)
    {
      g_autofree char *isa = g_build_filename (root, "isa", archs[a], NULL);
      g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);

      collect (isa, files);
      g_ptr_array_sort (files, compare_strings);
      for (guint i = 0; i < files->len; i++)
        {
          Case *c = g_new0 (Case, 1);
          g_autofree char *arch = acy_test_file_arch (files->pdata[i]);
          AcyModel *m = own ? models->pdata[models->len - 1]
                            : arch ? g_hash_table_lookup (by_arch, arch) : NULL;

          if (m == NULL && arch != NULL && acy_setup_default_model (arch) != NULL)
            {
              g_autofree char *cat = g_build_filename (herdlib, acy_setup_default_model (arch), NULL);

              m = load_model (cat, NULL, NULL, dirs);
              g_ptr_array_add (models, m);
              g_hash_table_insert (by_arch, g_strdup (arch), m);
            }
          c->litmus = g_strdup (files->pdata[i]);
          c->expected = g_strconcat (c->litmus, ".expected", NULL);
          c->label = own ? g_strdup_printf ("%s under models/%s", c->litmus + strlen (root) + 1, own)
                         : g_strdup (c->litmus + strlen (root) + 1);
          c->group = archs[a];
          c->model = m;
          c->macros = NULL;
          g_ptr_array_add (suite->cases, c);
        }
    }
  return TRUE;
}

int
main (int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "lkmm";
  const char *root = corpus_dir ();
  g_autofree char *lkmm = g_build_filename (root, "lkmm", NULL);
  g_autofree char *cfg_path = g_build_filename (lkmm, "linux-kernel.cfg", NULL);
  g_autoptr(AcyConfig) cfg = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) models = g_ptr_array_new_with_free_func ((GDestroyNotify) acy_model_free);
  g_autoptr(AcyMacros) macros = NULL;
  Suite suite = { 0 };
  GThreadPool *pool;
  guint passed = 0, failed = 0, shown = 0, known = 0, judged = 0, judge_agrees = 0;
  g_autoptr(GHashTable) known_diffs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GHashTable) known_slow = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *known_path = g_build_filename (SOURCE_MODELSDIR, "..", "tests",
                                                  "conformance-known-differences.txt", NULL);
  g_autofree char *known_text = NULL;
  const char *dirs[] = { lkmm, NULL };
  g_autofree char *lk_cat = NULL, *lk_bell = NULL, *lk_def = NULL;
  AcyModel *lk_model;

  gboolean c11 = g_str_has_prefix (mode, "c11");
  g_autofree char *c11_models = g_build_filename (root, "c11", "models", "rc11.cat", NULL);

  suite.cases = g_ptr_array_new_with_free_func (case_free);
  if (g_str_equal (mode, "isa-aarch64"))
    {
      const char *archs[] = {
        "aarch64/catalogue/aarch64", "aarch64/catalogue/aarch64-cas",
        "aarch64/catalogue/aarch64-pick", "aarch64/catalogue/aarch64-readers-guide",
        "aarch64/catalogue/aarch64-down-one-leg", "aarch64/herd/tests/instructions/AArch64", NULL
      };
      g_autofree char *isa = g_build_filename (root, "isa", "aarch64", NULL);

      if (!g_file_test (isa, G_FILE_TEST_IS_DIR) || !add_isa_cases (&suite, models, root, archs, NULL))
        {
          printf ("1..0 # SKIP assembly conformance corpus or herd's library not found beside %s "
                  "(set ACYCLIC_CONFORMANCE_DIR)\n", root);
          return 0;
        }
      goto run;
    }
  if (g_str_equal (mode, "isa-aarch64-ext"))
    {
      const char *archs[] = {
        "aarch64/catalogue/aarch64-BBM", "aarch64/catalogue/aarch64-ETS2",
        "aarch64/catalogue/aarch64-ETS3", "aarch64/catalogue/aarch64-GCS",
        "aarch64/catalogue/aarch64-MTE", "aarch64/catalogue/aarch64-MTE-mixed",
        "aarch64/catalogue/aarch64-MTE-pick", "aarch64/catalogue/aarch64-PAC",
        "aarch64/catalogue/aarch64-VMSA", "aarch64/catalogue/aarch64-faults",
        "aarch64/catalogue/aarch64-ifetch", "aarch64/catalogue/aarch64-mixed",
        "aarch64/catalogue/aarch64-oban", NULL
      };
      g_autofree char *isa = g_build_filename (root, "isa", "aarch64", NULL);

      if (!g_file_test (isa, G_FILE_TEST_IS_DIR) || !add_isa_cases (&suite, models, root, archs, NULL))
        {
          printf ("1..0 # SKIP assembly conformance corpus or herd's library not found beside %s "
                  "(set ACYCLIC_CONFORMANCE_DIR)\n", root);
          return 0;
        }
      for (guint i = 0; i < suite.cases->len; i++)
        ((Case *) suite.cases->pdata[i])->refusal_ok = TRUE;
      goto run;
    }
  if (g_str_has_prefix (mode, "isa-x86"))
    {
      const char *archs[] = { "x86", "x86_64", NULL };
      g_autofree char *isa = g_build_filename (root, "isa", "x86", NULL);
      const char *own = g_str_equal (mode, "isa-x86-ours") ? "x86-tso.cat" : NULL;

      if (!g_file_test (isa, G_FILE_TEST_IS_DIR) || !add_isa_cases (&suite, models, root, archs, own))
        {
          printf ("1..0 # SKIP assembly conformance corpus or herd's library not found beside %s "
                  "(set ACYCLIC_CONFORMANCE_DIR)\n", root);
          return 0;
        }
      goto run;
    }
  if (c11)
    {
      if (!g_file_test (c11_models, G_FILE_TEST_IS_REGULAR))
        {
          printf ("1..0 # SKIP C11 conformance corpus not found at %s/c11 "
                  "(set ACYCLIC_SHARED_DIR or ACYCLIC_CONFORMANCE_DIR)\n", root);
          return 0;
        }
      add_c11_cases (&suite, models, root, g_str_equal (mode, "c11-ours"));
      goto run;
    }
  if (!g_file_test (cfg_path, G_FILE_TEST_IS_REGULAR))
    {
      printf ("1..0 # SKIP conformance corpus not found at %s "
              "(set ACYCLIC_SHARED_DIR or ACYCLIC_CONFORMANCE_DIR)\n", root);
      return 0;
    }
  cfg = acy_config_load (cfg_path, &error);
  g_assert_no_error (error);
  lk_cat = g_build_filename (lkmm, cfg->model, NULL);
  lk_bell = g_build_filename (lkmm, cfg->bell, NULL);
  lk_def = g_build_filename (lkmm, cfg->macros, NULL);
  macros = load_macros (lk_def);
  lk_model = load_model (lk_cat, lk_bell, (const char *const *) cfg->variants, dirs);
  g_ptr_array_add (models, lk_model);

  if (g_str_equal (mode, "lkmm"))
    {
      g_autofree char *tests = g_build_filename (root, "tests", NULL);
      g_autofree char *doc = g_build_filename (root, "kernel-doc", NULL);

      collect (tests, files);
      collect (doc, files);
      g_ptr_array_sort (files, compare_strings);
      for (guint i = 0; i < files->len; i++)
        {
          Case *c = g_new0 (Case, 1);
          c->litmus = g_strdup (files->pdata[i]);
          c->expected = g_strconcat (c->litmus, ".expected", NULL);
          /* tests/'s as before, kernel-doc/'s by their folder */
          c->label = g_strdup (c->litmus + strlen (g_str_has_prefix (c->litmus, tests) ? tests : root) + 1);
          c->model = lk_model;
          c->macros = macros;
          g_ptr_array_add (suite.cases, c);
        }
    }
  else
    {
      g_autofree char *art = g_build_filename (root, "article", NULL);
      g_autofree char *toy_ours = g_build_filename (SOURCE_MODELSDIR, "toy-rmo.cat", NULL);
      g_autofree char *coh_ours = g_build_filename (SOURCE_MODELSDIR, "coherent-rmo.cat", NULL);
      g_autofree char *toy_art = g_build_filename (art, "toy-RMO.cat", NULL);
      g_autofree char *coh_art = g_build_filename (art, "coherent-RMO.cat", NULL);
      struct { const char *suffix; AcyModel *model; const char *what; } runs[] = {
        { "toy-RMO", load_model (toy_ours, NULL, NULL, NULL), "models/toy-rmo.cat" },
        { "coherent-RMO", load_model (coh_ours, NULL, NULL, NULL), "models/coherent-rmo.cat" },
        { "toy-RMO", load_model (toy_art, NULL, NULL, NULL), "article/toy-RMO.cat" },
        { "coherent-RMO", load_model (coh_art, NULL, NULL, NULL), "article/coherent-RMO.cat" },
        { "lkmm", lk_model, "linux-kernel.cfg" },
      };

      for (guint r = 0; r < G_N_ELEMENTS (runs); r++)
        if (runs[r].model != lk_model)
          g_ptr_array_add (models, runs[r].model);
      collect (art, files);
      g_ptr_array_sort (files, compare_strings);
      for (guint r = 0; r < G_N_ELEMENTS (runs); r++)
        for (guint i = 0; i < files->len; i++)
          {
            Case *c = g_new0 (Case, 1);
            g_autofree char *base = g_path_get_basename (files->pdata[i]);
            g_autofree char *stem = g_strndup (base, strlen (base) - strlen (".litmus"));
            c->litmus = g_strdup (files->pdata[i]);
            c->expected = g_strdup_printf ("%s/%s.%s.expected", art, stem, runs[r].suffix);
            c->label = g_strdup_printf ("%s under %s", base, runs[r].what);
            c->model = runs[r].model;
            c->macros = macros;
            g_ptr_array_add (suite.cases, c);
          }
    }

run:
  if (g_file_get_contents (known_path, &known_text, NULL, NULL))
    {
      g_auto(GStrv) lines = g_strsplit (known_text, "\n", -1);
      for (guint i = 0; lines[i]; i++)
        {
          char *l = g_strstrip (lines[i]);
          if (g_str_has_prefix (l, "timeout "))
            g_hash_table_add (known_slow, g_strdup (g_strstrip (l + strlen ("timeout "))));
          else if (*l && *l != '#')
            {
              /* "LABEL | REASON": the difference must still say REASON */
              char *bar = strstr (l, " | ");

              if (bar != NULL)
                *bar = '\0';
              g_hash_table_insert (known_diffs, g_strdup (g_strstrip (l)),
                                   bar ? g_strdup (bar + 3) : NULL);
            }
        }
    }

  suite.start = g_get_monotonic_time ();
  pool = g_thread_pool_new (run_case, &suite, MIN (g_get_num_processors (), 2), TRUE, NULL);
  for (guint i = 0; i < suite.cases->len; i++)
    g_thread_pool_push (pool, suite.cases->pdata[i], NULL);
  g_thread_pool_free (pool, FALSE, TRUE);

  printf ("1..%u\n", suite.cases->len);
  for (guint i = 0; i < suite.cases->len; i++)
    {
      Case *c = suite.cases->pdata[i];
      gboolean is_known = g_hash_table_contains (known_diffs, c->label);
      const char *reason = g_hash_table_lookup (known_diffs, c->label);

      judged += c->judged;
      judge_agrees += c->judged && c->judge_agrees;
      /* A test that agrees with herd7 must also be judged as herd7's
       * output would be; anything else is a bug in the judge. */
      if (c->passed && c->judged && !c->judge_agrees)
        {
          c->passed = FALSE;
          c->diff = g_strdup ("--judge disagrees with herd7's verdict on the Result: comment");
        }
      if (c->passed)
        {
          passed++;
          printf ("ok %u %s (%.2f s)%s\n", i + 1, c->label, c->seconds,
                  is_known ? " # TODO listed as a known difference but agrees now: remove it from the list" : "");
        }
      else if (is_known && reason != NULL && strstr (c->diff, reason) == NULL)
        {
          failed++;
          printf ("not ok %u %s (%.2f s)\n# listed as differing with '%s', now: %s\n", i + 1,
                  c->label, c->seconds, reason, c->diff);
        }
      else if (is_known || (c->timed_out && g_hash_table_contains (known_slow, c->label)))
        {
          known++;
          printf ("not ok %u %s (%.2f s) # TODO known difference: %s\n", i + 1, c->label, c->seconds, c->diff);
        }
      else
        {
          failed++;
          printf ("not ok %u %s (%.2f s)\n", i + 1, c->label, c->seconds);
          if (shown++ < MAX_DIFFS_SHOWN)
            printf ("# %s: %s\n", c->label, c->diff);
        }
    }
  /* identical/total per folder, in the order the folders were given */
  for (guint i = 0; i < suite.cases->len; i++)
    {
      Case *c = suite.cases->pdata[i];
      guint same = 0, total = 0, refused = 0, both = 0;

      if (c->group == NULL || (i > 0 && ((Case *) suite.cases->pdata[i - 1])->group == c->group))
        continue;
      for (guint j = i; j < suite.cases->len && ((Case *) suite.cases->pdata[j])->group == c->group; j++)
        {
          const Case *cj = suite.cases->pdata[j];

          total++;
          /* in the extension folders, answers apart from refusals */
          same += cj->passed && !(cj->refusal_ok && (cj->refused || cj->both_refused));
          refused += cj->refused;
          both += cj->both_refused;
        }
      if (c->refusal_ok)
        printf ("# %s: of %u, %u answered as herd7 answers them, %u refused as herd7 refuses "
                "them, %u refused as not supported\n", c->group, total, same, both, refused);
      else
        printf ("# %s: %u/%u identical to herd7\n", c->group, same, total);
    }
  printf ("# judge: %u of %u tests with a Result: comment judged as herd7's verdict would be\n",
          judge_agrees, judged);
  printf ("# conformance %s: %u identical to herd7, %u different (%u of them known), of %u (%.1f s)\n",
          mode, passed, failed + known, known, suite.cases->len,
          (g_get_monotonic_time () - suite.start) / 1e6);
  g_ptr_array_unref (suite.cases);
  return failed ? 1 : 0;
}
