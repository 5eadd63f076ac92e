/* fuzz-targets.c - what each fuzz harness does with one input
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Bounds are small so that one input takes milliseconds: a fuzzer
 * learns nothing from a test with a million candidates, and a hang
 * report is only useful when the bound itself is not the cause.
 */
#define G_LOG_DOMAIN "acyclic-fuzz"
#include "config.h"

#include <string.h>

#include "acyclic.h"
#include "fuzz-targets.h"

#define FUZZ_MAX_CANDIDATES 64
#define FUZZ_MAX_BRANCHES   20000   /* per candidate: nested co-orders multiply */
/* A test can make the enumerator search long and find nothing (reads
 * through pointers read from memory, say): like a user's -timeout, the
 * harness stops it, as test-enumerate checks it can at any point. */
#define FUZZ_SECONDS        2

/* Message passing and an exchange: po, rf, fences, tags, rmw. */
static const char small_tests[][400] = {
  "C MP\n{\n}\n\nP0(int *x, int *y)\n{\n  WRITE_ONCE(*x, 1);\n  smp_wmb();\n"
  "  WRITE_ONCE(*y, 1);\n}\n\nP1(int *x, int *y)\n{\n  int r0;\n  int r1;\n\n"
  "  r0 = READ_ONCE(*y);\n  smp_rmb();\n  r1 = READ_ONCE(*x);\n}\n\n"
  "exists (1:r0=1 /\\ 1:r1=0)\n",
  "C RMW\n{\n}\n\nP0(int *x)\n{\n  int r0;\n\n  r0 = __xchg{mb}(x, 1);\n"
  "  if (r0 == 0)\n    WRITE_ONCE(*x, 2);\n}\n\nP1(int *x)\n{\n  smp_store_release(x, 3);\n}\n\n"
  "exists (x=2)\n",
};

/* The CLI's default macro file, loaded once. */
static const AcyMacros *
default_macros (void)
{
  static AcyMacros *macros;

  if (g_once_init_enter (&macros))
    {
      g_autofree char *path = g_build_filename (acy_builtin_models_dir (), "linux-basic.def", NULL);
      AcyMacros *m = acy_macros_load (path, NULL);

      g_assert (m != NULL);
      g_once_init_leave (&macros, m);
    }
  return macros;
}

static gboolean
count_candidate (const AcyCandidate *candidate, gpointer user_data)
{
  guint *n = user_data;

  (*n)++;
  return TRUE;
}

/* With @symmetry, two threads that run alike give one of each
 * candidate and its mirror image. */
static void
enumerate_test (const AcyTest *test, gboolean symmetry)
{
  AcyEnumerateOptions opts = { .max_candidates = FUZZ_MAX_CANDIDATES, .symmetry = symmetry };
  guint n = 0;

  opts.deadline = g_get_monotonic_time () + FUZZ_SECONDS * G_USEC_PER_SEC;
  acy_test_enumerate (test, &opts, count_candidate, &n, NULL, NULL);
}

void
acy_fuzz_litmus (const guint8 *data, gsize size)
{
  g_autoptr(AcyTest) test = acy_test_parse ((const char *) data, (gssize) size,
                                            "fuzz.litmus", default_macros (), NULL);

  /* half the inputs (by their length) with symmetry */
  if (test)
    enumerate_test (test, size & 1);
}

void
acy_fuzz_macros (const guint8 *data, gsize size)
{
  g_autoptr(AcyMacros) macros = acy_macros_parse ((const char *) data, (gssize) size,
                                                  "fuzz.def", NULL);

  if (macros == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (small_tests); i++)
    {
      g_autoptr(AcyTest) test = acy_test_parse (small_tests[i], -1, "small.litmus", macros, NULL);
      if (test)
        enumerate_test (test, FALSE);
    }
}

static AcyModel *
load_model (const guint8 *data, gsize size)
{
  /* cat_text is a C string: the model ends at a NUL byte. */
  g_autofree char *text = g_strndup ((const char *) data, size);
  AcyModelSource src = { .cat_path = "fuzz.cat", .cat_text = text };

  return acy_model_load (&src, NULL);
}

void
acy_fuzz_cat (const guint8 *data, gsize size)
{
  acy_model_free (load_model (data, size));
}

void
acy_fuzz_interp (const guint8 *data, gsize size)
{
  g_autoptr(AcyModel) model = load_model (data, size);

  if (model == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (small_tests); i++)
    {
      g_autoptr(AcyTest) test = acy_test_parse (small_tests[i], -1, "small.litmus",
                                                default_macros (), NULL);
      AcyCheckOptions opts = { .max_candidates = FUZZ_MAX_CANDIDATES,
                               .max_branches = FUZZ_MAX_BRANCHES, .n_threads = 1,
                               .timeout = FUZZ_SECONDS };
      g_autoptr(AcyCheckResult) result = NULL;

      g_assert (test != NULL);
      result = acy_check_run (test, model, &opts, NULL, NULL);
    }
}

AcyFuzzFunc
acy_fuzz_func_for_name (const char *basename)
{
  static const struct { const char *prefix; AcyFuzzFunc func; } funcs[] = {
    { "litmus-grammar-", acy_fuzz_litmus_grammar },   /* before "litmus-" */
    { "cat-grammar-", acy_fuzz_cat_grammar },
    { "litmus-", acy_fuzz_litmus },
    { "macros-", acy_fuzz_macros },
    { "cat-", acy_fuzz_cat },
    { "interp-", acy_fuzz_interp },
  };

  for (guint i = 0; i < G_N_ELEMENTS (funcs); i++)
    if (g_str_has_prefix (basename, funcs[i].prefix))
      return funcs[i].func;
  return NULL;
}
