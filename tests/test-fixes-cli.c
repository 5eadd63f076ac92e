/* test-fixes-cli.c - acyclic-check --suggest-fixes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under the built-in toy-rmo.cat (any fence orders, no acquire or
 * release) and sc.cat, on tests/fixes.
 */
#define G_LOG_DOMAIN "test-fixes-cli"
#include "config.h"

#include <sys/stat.h>

#include <string.h>

#include <glib/gstdio.h>

#include "cli-test-support.h"

static char *
fixes_file (const char *name)
{
  return g_build_filename (cli_dir, "..", "fixes", name, NULL);
}

static void
test_single (void)
{
  g_auto(Run) r = { 0 };
  g_autofree char *file = fixes_file ("MP+wmb.litmus");
  g_autofree char *want = g_strdup_printf (
    "%s: 2 of the 5 changes tried make the model forbid exists (1:r0=1 /\\ 1:r1=0):\n"
    "  smp_mb() between lines 17 and 18 of P1\n"
    "    forbidden by acyclic rmo-order\n"
    "    insert at 17:21: \"\\n\\tsmp_mb();\"\n"
    "  smp_rmb() between lines 17 and 18 of P1\n"
    "    forbidden by acyclic rmo-order\n"
    "    insert at 17:21: \"\\n\\tsmp_rmb();\"\n", file);

  run_check (&r, "-cat", "toy-rmo", "--suggest-fixes", file, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==, want);
}

static void
test_pairs_and_forbidden (void)
{
  g_auto(Run) toy = { 0 };
  g_auto(Run) sc = { 0 };
  g_autofree char *file = fixes_file ("SB.litmus");

  run_check (&toy, "-cat", "toy-rmo", "--suggest-fixes", file, NULL);
  g_assert_cmpint (toy.status, ==, 0);
  g_assert_nonnull (strstr (toy.out, ": None of the 2 changes tried makes the model forbid exists (0:r0=0 /\\ 1:r0=0) "
                                     "on its own; the one pair of them tried does:\n"
                                     "  smp_mb() between lines 9 and 10 of P0, and smp_mb() between lines 17 and 18 of P1\n"));
  run_check (&sc, "-cat", "sc", "--suggest-fixes", file, NULL);
  g_assert_cmpint (sc.status, ==, 0);
  g_assert_nonnull (strstr (sc.out, ": The model already forbids exists (0:r0=0 /\\ 1:r0=0).\n"));
}

static void
test_bad_input (void)
{
  g_auto(Run) r = { 0 };
  g_autofree char *file = g_build_filename (g_get_tmp_dir (), "acy-fixes-bad.litmus", NULL);

  g_assert_true (g_file_set_contents (file, "C bad\n{}\nP0(int *x)\n{\n  WRITE_ONCE(*x, 1)\n}\nexists (x=1)\n",
                                      -1, NULL));
  run_check (&r, "-cat", "toy-rmo", "--suggest-fixes", file, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "acy-fixes-bad.litmus:"));
  g_unlink (file);
}

/* A named pipe is refused by name, as every input file is, not read
 * (which would wait for a writer for ever). */
static void
test_fifo (void)
{
  g_auto(Run) r = { 0 };
  g_autofree char *dir = g_dir_make_tmp ("acy-fixes-fifo-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe.litmus", NULL);

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  run_check (&r, "-cat", "toy-rmo", "--suggest-fixes", fifo, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "named pipe (FIFO)"));
  g_unlink (fifo);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  if (!cli_test_init (&argc, &argv))
    return 77;
  g_test_add_func ("/cli/fixes/single", test_single);
  g_test_add_func ("/cli/fixes/pairs-and-forbidden", test_pairs_and_forbidden);
  g_test_add_func ("/cli/fixes/bad-input", test_bad_input);
  g_test_add_func ("/cli/fixes/fifo", test_fifo);
  return g_test_run ();
}
