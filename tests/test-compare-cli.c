/* test-compare-cli.c - acyclic-check --compare: tests × models
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-compare-cli"
#include "config.h"

#include <string.h>

#include <glib.h>

#include "cli-test-support.h"

/* The article's lesson in one line: the weaker model allows x=3. */
static void
test_text (void)
{
  g_auto(Run) r = { 0 };

  run_check (&r, "--compare", "toy-rmo", "coherent-rmo", "--", "C-CO+o-o.litmus", NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==,
                   "  Test      toy-rmo           coherent-rmo\n"
                   "* C-CO+o-o  Sometimes 1 1     Never 0 1\n"
                   "1 test; the observations differ on 1 (*), the allowed states only on 0 (~)\n");
}

static void
test_markdown (void)
{
  g_auto(Run) r = { 0 };
  g_autofree char *cat = g_build_filename (SOURCE_MODELSDIR, "coherent-rmo.cat", NULL);

  /* A model may be a path; models that agree leave the row unmarked. */
  run_check (&r, "--compare", "sc", cat, "--markdown", "-q", "--", "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==,
                   "|  | Test | sc | coherent-rmo |\n"
                   "|:-:|:--|:--|:--|\n"
                   "|  | C-CO+o-o | Never 0 1 | Never 0 1 |\n");
}

/* A directory is searched for tests; one that does not parse is an
 * error in every column, said once on standard error. */
static void
test_folder (void)
{
  g_auto(Run) r = { 0 };

  run_check (&r, "--compare", "toy-rmo", "coherent-rmo", "-q", "--", ".", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.out, "* C-CO+o-o  "));
  g_assert_nonnull (strstr (r.out, "  unknown-macro  error             error\n"));
  g_assert_nonnull (strstr (r.err, "smp_frobnicate"));
  g_assert_null (strstr (strstr (r.err, "smp_frobnicate") + 1, "unknown-macro.litmus (coherent-rmo)"));
}

static void
test_bad_models (void)
{
  g_auto(Run) one = { 0 };
  g_auto(Run) unknown = { 0 };

  run_check (&one, "--compare", "sc", "--", "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (one.status, ==, 2);
  g_assert_nonnull (strstr (one.err, "two models"));

  run_check (&unknown, "--compare", "sc", "no-such-model", "--", "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (unknown.status, ==, 1);
  g_assert_nonnull (strstr (unknown.err, "no-such-model"));
}

int
main (int argc, char **argv)
{
  if (!cli_test_init (&argc, &argv))
    return 77;

  g_test_add_func ("/cli/compare/text", test_text);
  g_test_add_func ("/cli/compare/markdown", test_markdown);
  g_test_add_func ("/cli/compare/folder", test_folder);
  g_test_add_func ("/cli/compare/bad-models", test_bad_models);

  return g_test_run ();
}
