/* test-explain-cli.c - acyclic-check --eval EXPR and --why REL:E1,E2
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-explain-cli"
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "cli-test-support.h"

/* Output without its first line (which names the expression and model). */
static const char *
body (const char *out)
{
  const char *nl = strchr (out, '\n');
  g_assert_nonnull (nl);
  return nl + 1;
}

static guint
count (const char *haystack, const char *needle)
{
  guint n = 0;

  for (const char *p = haystack; (p = strstr (p, needle)); p += strlen (needle))
    n++;
  return n;
}

static void
test_eval_pairs (void)
{
  g_auto(Run) r = { 0 };

  /* one thread writing x=3 then x=4: po-loc is a -> b in both orders of co */
  run_check (&r, "-cat", "coherent-rmo.cat", "--eval", "po-loc", "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==,
                   "Test C-CO+o-o, eval po-loc under Coherent RMO\n"
                   "execution 1, forbidden by acyclic coherence-order:\n"
                   "  a: W x=3 -> b: W x=4\n"
                   "execution 2, allowed:\n"
                   "  a: W x=3 -> b: W x=4\n");
}

/* --eval EXPR prints what a model computes for `let acy_q = EXPR`. */
static void
test_eval_as_model_let (void)
{
  static const char *const exprs[] = {
    "co", "fr;rf", "(po;co)+", "[W];po;[W] & loc", "co^-1 | po", "W \\ IW", "~id & loc",
    NULL
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-explain-cli-XXXXXX", &error);
  g_autofree char *litmus = g_build_filename (cli_dir, "C-CO+o-o.litmus", NULL);

  g_assert_no_error (error);
  for (guint i = 0; exprs[i]; i++)
    {
      g_auto(Run) by_eval = { 0 };
      g_auto(Run) by_model = { 0 };
      g_autofree char *cat = g_build_filename (dir, "q.cat", NULL);
      /* before the checks, so that forbidden executions have it too */
      g_autofree char *text = g_strdup_printf ("\"Q\"\ninclude \"cos.cat\"\nlet acy_q = %s\n"
                                               "include \"coherent-rmo.cat\"\n", exprs[i]);

      g_assert_true (g_file_set_contents (cat, text, -1, NULL));
      run_check (&by_eval, "-cat", cat, "--eval", exprs[i], litmus, NULL);
      run_check (&by_model, "-cat", cat, "--eval", "acy_q", litmus, NULL);
      g_assert_cmpint (by_eval.status, ==, 0);
      g_assert_cmpint (by_model.status, ==, 0);
      g_assert_cmpstr (body (by_eval.out), ==, body (by_model.out));
      g_assert_cmpuint (count (by_eval.out, "execution "), ==, 2);
      g_assert_null (strstr (by_model.out, "not computed"));
      g_remove (cat);
    }
  g_rmdir (dir);
}

static void
test_eval_errors (void)
{
  g_auto(Run) syntax = { 0 };
  g_auto(Run) unknown = { 0 };

  run_check (&syntax, "-cat", "coherent-rmo.cat", "--eval", "po &", "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (syntax.status, ==, 2);
  g_assert_nonnull (strstr (syntax.err, "<eval>:1:5: syntax error"));
  g_assert_cmpstr (syntax.out, ==, "");

  run_check (&unknown, "-cat", "coherent-rmo.cat", "--eval", "[W];pox", "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "<eval>:1:5: unknown name near 'pox'"));
}

static void
test_why (void)
{
  g_auto(Run) r = { 0 };
  g_auto(Run) all = { 0 };
  g_auto(Run) none = { 0 };
  g_auto(Run) nobody = { 0 };
  g_auto(Run) three = { 0 };
  g_auto(Run) bad = { 0 };

  /* co (b, a) only in the forbidden execution, x=4 overwritten by x=3 */
  run_check (&r, "-cat", "coherent-rmo.cat", "--why", "coherence-order:b,a", "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "execution forbidden by acyclic coherence-order:\n"));
  g_assert_nonnull (strstr (r.out, "\n(b, a) in coherence-order    ["));
  g_assert_nonnull (strstr (r.out, "\n    (b, a) in com    ["));
  g_assert_nonnull (strstr (r.out, "\n        (b, a) in co    [base]\n"));

  run_check (&all, "-cat", "coherent-rmo.cat", "--graph-all", "--why", "po-loc:a,b", "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (all.status, ==, 0);
  g_assert_cmpuint (count (all.out, "\n(a, b) in po-loc    ["), ==, 2);
  g_assert_cmpuint (count (all.out, "(a, b) in po    [base]"), ==, 2);

  run_check (&none, "-cat", "coherent-rmo.cat", "--why", "po:b,a", "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (none.status, ==, 1);
  g_assert_nonnull (strstr (none.out, "no execution has (b, a) in po\n"));

  /* an event name no graph shows is named as such */
  run_check (&nobody, "-cat", "coherent-rmo.cat", "--why", "po:a,zz", "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (nobody.status, ==, 1);
  g_assert_nonnull (strstr (nobody.out, "no execution has an event named zz (the events are named as in "
                                        "the graphs: init:x, a, b)\n"));

  run_check (&three, "-cat", "coherent-rmo.cat", "--why", "po:a,b,c", "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (three.status, ==, 2);
  g_assert_nonnull (strstr (three.err, "--why takes REL:E1,E2"));

  run_check (&bad, "-cat", "coherent-rmo.cat", "--why", "po-loc", "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "--why takes REL:E1,E2"));
}

int
main (int argc, char **argv)
{
  if (!cli_test_init (&argc, &argv))
    return 77;

  g_test_add_func ("/cli/explain/eval", test_eval_pairs);
  g_test_add_func ("/cli/explain/eval-as-model-let", test_eval_as_model_let);
  g_test_add_func ("/cli/explain/eval-errors", test_eval_errors);
  g_test_add_func ("/cli/explain/why", test_why);

  return g_test_run ();
}
