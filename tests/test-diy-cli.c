/* test-diy-cli.c - acyclic-check --diy, --diycross and --distinguish as
 * scripts use them: diy's arguments, its refusals, the files written
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tests' text is checked against diyone7's in test-diy.c; here, what
 * the command line adds to it.
 */
#define G_LOG_DOMAIN "test-diy-cli"
#include "config.h"

#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "cli-test-support.h"

/* diyone7's arguments after --diy; -name with -stdout prints the test
 * under that name, as diyone7 does */
static void
test_diy (void)
{
  g_auto(Run) r = { 0 };
  g_auto(Run) named = { 0 };

  run_check (&r, "--diy", "PodWR", "Fre", "PodWR", "Fre", NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.out, "C SB\n\"PodWR Fre PodWR Fre\"\nGenerator=acyclic-check"));
  g_assert_true (g_str_has_suffix (r.out, "exists (0:r0=0 /\\ 1:r0=0)\n"));

  run_check (&named, "--diy", "-arch", "C", "-name", "mine", "-stdout",
             "PodWR", "Fre", "PodWR", "Fre", NULL);
  g_assert_cmpint (named.status, ==, 0);
  g_assert_true (g_str_has_prefix (named.out, "C mine\n"));
}

/* Errors are placed in the cycle; diy's options that would change the
 * test, and archs not written, are refused with a reason. */
static void
test_diy_refusals (void)
{
  static const struct { const char *args[8]; const char *err; } cases[] = {
    { { "--diy", "PodWR", "Fre", "PodWR", "Frx" }, "<cycle>:1:17: unknown edge 'Frx' near 'Frx'" },
    { { "--diy", "-obs", "x", "PodWR", "Fre" }, "option '-obs' of diyone7 is not supported" },
    { { "--diy", "-arch", "PPC", "PodWR", "Fre" }, "-arch takes C" },
    { { "--diy", "-frobnicate", "PodWR", "Fre" }, "unknown option '-frobnicate' for --diy" },
    { { "--diy" }, "--diy needs a cycle of edges" },
    { { "-q", "--diy", "PodWR", "Fre" }, "takes no option before it ('-q')" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) r = { 0 };

      run_checkv (&r, cases[i].args);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_cmpstr (r.out, ==, "");
      g_assert_nonnull (strstr (r.err, cases[i].err));
    }
}

/* diy's -show: the vocabulary, as diyone7 prints it */
static void
test_diy_show (void)
{
  g_auto(Run) r = { 0 };

  run_check (&r, "--diy", "-show", "fences", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==, " FenceAcq FenceRel FenceAR FenceSc FenceRlx FenceCon\n");
}

/* --diycross -o DIR writes a file a test and @all listing them, as
 * diycross7 does; -stdout prints them and counts on standard error */
static void
test_diycross (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-diy-cli-XXXXXX", NULL);
  g_autofree char *all_path = g_build_filename (dir, "@all", NULL);
  g_autofree char *sb_path = g_build_filename (dir, "SB+fencescs.litmus", NULL);
  g_autofree char *all = NULL;
  g_autofree char *sb = NULL;
  g_auto(Run) r = { 0 };
  g_auto(Run) out = { 0 };

  run_check (&r, "--diycross", "-o", dir, "PodWR,FenceScdWR", "Fre", "PodWR,FenceScdWR", "Fre", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==, "Generator produced 3 tests\n");
  g_assert_true (g_file_get_contents (all_path, &all, NULL, NULL));
  g_assert_nonnull (strstr (all, "\nSB.litmus\nSB+fencesc+po.litmus\nSB+fencescs.litmus\n"));
  g_assert_true (g_file_get_contents (sb_path, &sb, NULL, NULL));
  g_assert_true (g_str_has_prefix (sb, "C SB+fencescs\n"));

  run_check (&out, "--diycross", "-stdout", "PodWR,FenceScdWR", "Fre", "PodWR,FenceScdWR", "Fre", NULL);
  g_assert_cmpint (out.status, ==, 0);
  g_assert_cmpstr (out.err, ==, "Generator produced 3 tests\n");
  g_assert_nonnull (strstr (out.out, "C SB+fencesc+po\n"));

  g_assert_cmpint (g_unlink (all_path), ==, 0);
  for (const char *name = "SB"; name; name = g_str_equal (name, "SB") ? "SB+fencesc+po"
                                             : g_str_equal (name, "SB+fencesc+po") ? "SB+fencescs" : NULL)
    {
      g_autofree char *file = g_strconcat (name, ".litmus", NULL);
      g_autofree char *path = g_build_filename (dir, file, NULL);

      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* --distinguish prints each test with both verdicts and its cycle, and
 * says how far it got when none is found */
static void
test_distinguish (void)
{
  g_auto(Run) found = { 0 };
  g_auto(Run) none = { 0 };
  g_auto(Run) bad = { 0 };

  run_check (&found, "--distinguish", "sc", "tso", "--max-threads", "2", "--max-accesses", "4", NULL);
  g_assert_cmpint (found.status, ==, 0);
  g_assert_true (g_str_has_prefix (found.out,
                                   "Tests that tell sc and tso apart (C; up to 2 threads, 4 accesses):\n\n"
                                   "SB (2 threads, 4 accesses)\n"
                                   "  cycle: Fre PodWR Fre PodWR\n"
                                   "  sc: Never 0 3, forbidden by sc\n"
                                   "  tso: Sometimes 1 3\n"));
  g_assert_nonnull (strstr (found.out, "\n4 tests tell them apart ("));

  run_check (&none, "--distinguish", "sc", "tso", "--max-threads", "2", "--max-accesses", "3", NULL);
  g_assert_cmpint (none.status, ==, 0);
  /* one blank line between the header and the summary */
  g_assert_true (g_str_has_prefix (none.out, "Tests that tell sc and tso apart (C; up to 2 threads, 3 accesses):\n\n"
                                   "No test tells them apart with up to 2 threads and 3 accesses ("));
  g_assert_nonnull (strstr (none.out, "every cycle checked."));

  run_check (&bad, "--distinguish", "sc", NULL);
  g_assert_cmpint (bad.status, ==, 2);
}

int
main (int argc, char **argv)
{
  if (!cli_test_init (&argc, &argv))
    return 77;

  g_test_add_func ("/cli/diy/test", test_diy);
  g_test_add_func ("/cli/diy/refusals", test_diy_refusals);
  g_test_add_func ("/cli/diy/show", test_diy_show);
  g_test_add_func ("/cli/diy/cross", test_diycross);
  g_test_add_func ("/cli/diy/distinguish", test_distinguish);
  return g_test_run ();
}
