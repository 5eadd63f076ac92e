/* test-cli.c - acyclic-check as scripts use it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-cli"
#include "config.h"

#include <string.h>

#include <glib.h>

#include "cli-test-support.h"

static char *
models_file (const char *name)
{
  return g_build_filename (SOURCE_MODELSDIR, name, NULL);
}

static void
test_herd_output (void)
{
  g_auto(Run) r = { 0 };
  g_autofree char *cat = models_file ("coherent-rmo.cat");
  g_autofree char *no_time = NULL;
  char *time_line;

  run_check (&r, "-cat", cat, "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (r.status, ==, 0);
  /* The Time line varies; everything before it is herd7's text. */
  time_line = strstr (r.out, "Time C-CO+o-o ");
  g_assert_nonnull (time_line);
  no_time = g_strndup (r.out, time_line - r.out);
  g_assert_cmpstr (no_time, ==,
                   "Test C-CO+o-o Allowed\n"
                   "States 1\n"
                   "[x]=4;\n"
                   "No\n"
                   "Witnesses\n"
                   "Positive: 0 Negative: 1\n"
                   "Condition exists ([x]=3)\n"
                   "Observation C-CO+o-o Never 0 1\n");
}

static void
test_toy_allows (void)
{
  g_auto(Run) r = { 0 };
  g_autofree char *cat = models_file ("toy-rmo.cat");

  run_check (&r, "-cat", cat, "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "Observation C-CO+o-o Sometimes 1 1\n"));
}

static void
test_unknown_macro (void)
{
  g_auto(Run) r = { 0 };
  g_autofree char *cat = models_file ("sc.cat");

  run_check (&r, "-cat", cat, "unknown-macro.litmus", NULL);
  /* As herd7: the error on standard error, in herd7's words too (the
   * kernel's judgelitmus.sh looks for them), and on to the next test. */
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.err, "unknown-macro.litmus:9:3: "));
  g_assert_nonnull (strstr (r.err, "smp_frobnicate"));
  g_assert_nonnull (strstr (r.err, "\nWarning: File \"unknown-macro.litmus\": Unknown macro smp_frobnicate (User error)\n"));
}

static void
test_unterminated (void)
{
  g_auto(Run) r = { 0 };
  g_autofree char *cat = models_file ("sc.cat");

  run_check (&r, "-cat", cat, "unterminated.litmus", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.err, "unterminated.litmus:"));
  /* It says where the unclosed block was opened. */
  g_assert_nonnull (strstr (r.err, "opened at 7:1"));
}

static void
test_bad_model (void)
{
  g_auto(Run) r = { 0 }, c = { 0 }, m = { 0 };

  run_check (&r, "-cat", "unknown-name.cat", "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (r.status, !=, 0);
  g_assert_nonnull (strstr (r.err, "unknown-name.cat:5:"));
  g_assert_nonnull (strstr (r.err, "frr"));

  run_check (&c, "-cat", "cycle-a.cat", "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (c.status, !=, 0);
  g_assert_nonnull (strstr (c.err, "cycle-"));

  run_check (&m, "-cat", "no-such-model.cat", "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (m.status, !=, 0);
  g_assert_nonnull (strstr (m.err, "no-such-model.cat"));
}

static void
test_judge (void)
{
  g_auto(Run) r = { 0 }, t = { 0 };
  g_autofree char *coh = models_file ("coherent-rmo.cat");
  g_autofree char *toy = models_file ("toy-rmo.cat");

  run_check (&r, "--judge", "-cat", coh, "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "judge: 1 passed, 0 failed"));

  /* judgelitmus.sh's rules: DEADLOCK passes on Never 0 0, Maybe always,
   * a DATARACE after the word is not looked at, no Result: comment fails. */
  {
    g_auto(Run) j = { 0 };
    g_autofree char *sc = models_file ("sc.cat");

    run_check (&j, "--judge", "-cat", sc, "judge", NULL);
    g_assert_nonnull (strstr (j.out, "judge: 3 passed, 1 failed"));
    g_assert_nonnull (strstr (j.out, "no-result.litmus"));
    g_assert_cmpint (j.status, ==, 1);
  }

  /* The toy model allows it, so the Result: Never comment disagrees. */
  run_check (&t, "--judge", "-cat", toy, "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (t.status, !=, 0);
  g_assert_nonnull (strstr (t.out, "judge: 0 passed, 1 failed"));
}

static void
test_json (void)
{
  g_auto(Run) r = { 0 };
  g_autofree char *cat = models_file ("toy-rmo.cat");

  run_check (&r, "--json", "-cat", cat, "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.out, "{\"schema\":\"acyclic-check/2\",\"results\":["));
  /* Two candidates (one per coherence order), both allowed by toy-RMO. */
  g_assert_nonnull (strstr (r.out, "\"index\":1,\"allowed\":true"));
  g_assert_null (strstr (r.out, "\"index\":2,"));
  g_assert_nonnull (strstr (r.out, "\"co\":["));
  g_assert_nonnull (strstr (r.out, "\"observation\":\"Sometimes\",\"positive\":1,\"negative\":1"));
}

static void
test_usage (void)
{
  g_auto(Run) o = { 0 };

  g_auto(Run) v = { 0 }, h = { 0 };

  /* (Without a file argument, test names come from standard input.) */
  run_check (&o, "-frobnicate", NULL);
  run_check (&v, "--version", NULL);
  g_assert_nonnull (strstr (v.out, "follow herd7 7.58"));
  run_check (&h, "--help", NULL);
  g_assert_nonnull (strstr (h.out, "herd7's options, with herd7's meaning:"));
  g_assert_nonnull (strstr (h.out, "Acyclic's own options:"));
  g_assert_nonnull (strstr (h.out, "judgelitmus.sh"));
  g_assert_cmpint (o.status, ==, 2);
  g_assert_nonnull (strstr (o.err, "-frobnicate"));
}

int
main (int argc, char **argv)
{
  /* Unlike the other CLI tests, this one fails without them. */
  g_assert_true (cli_test_init (&argc, &argv));
  g_test_add_func ("/cli/herd-output", test_herd_output);
  g_test_add_func ("/cli/toy-allows", test_toy_allows);
  g_test_add_func ("/cli/error/unknown-macro", test_unknown_macro);
  g_test_add_func ("/cli/error/unterminated", test_unterminated);
  g_test_add_func ("/cli/error/model", test_bad_model);
  g_test_add_func ("/cli/judge", test_judge);
  g_test_add_func ("/cli/json", test_json);
  g_test_add_func ("/cli/usage", test_usage);
  return g_test_run ();
}
