/* test-run-cli.c - acyclic-check --run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * litmus7's output for a test run on this machine (where a C compiler
 * is: skipped otherwise), and the errors: an option without --run, a
 * value refused, a compiler that is not there, a test that cannot run.
 */
#define G_LOG_DOMAIN "test-run-cli"
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "cli-test-support.h"

static char *
run_file (const char *name)
{
  return g_build_filename (cli_dir, "..", "run", name, NULL);
}

static gboolean
have_cc (void)
{
  g_autofree char *cc = g_find_program_in_path ("cc");
  g_autofree char *gcc = g_find_program_in_path ("gcc");

  if (cc == NULL && gcc == NULL && g_getenv ("CC") == NULL)
    {
      g_test_skip ("no C compiler");
      return FALSE;
    }
  return TRUE;
}

static void
test_litmus7_output (void)
{
  g_auto(Run) r = { 0 };
  g_autofree char *file = run_file ("SB.litmus");
  g_autofree char *def = run_file ("kernel-rmw.def");
  g_auto(GStrv) lines = NULL;
  guint i = 0;
  guint64 sum = 0;

  if (!have_cc ())
    return;
  run_check (&r, "--run", "-macros", def, "-s", "200", "-r", "3", file, NULL);
  g_assert_cmpint (r.status, ==, 0);
  lines = g_strsplit (r.out, "\n", -1);
  g_assert_cmpstr (lines[i++], ==, "Test SB Allowed");
  g_assert_true (g_str_has_prefix (lines[i++], "Histogram ("));
  for (; lines[i] && (strstr (lines[i], ":>") || strstr (lines[i], "*>")); i++)
    sum += g_ascii_strtoull (lines[i], NULL, 10);
  g_assert_cmpuint (sum, ==, 600);
  g_assert_true (g_str_equal (lines[i], "Ok") || g_str_equal (lines[i], "No"));
  i++;
  g_assert_cmpstr (lines[i++], ==, "");
  g_assert_cmpstr (lines[i++], ==, "Witnesses");
  g_assert_true (g_str_has_prefix (lines[i++], "Positive: "));
  g_assert_true (g_str_has_prefix (lines[i++], "Condition exists (0:r0=0 /\\ 1:r0=0) is "));
  g_assert_true (g_str_has_prefix (lines[i++], "Hash="));
  g_assert_true (g_str_has_prefix (lines[i++], "Observation SB "));
  g_assert_true (g_str_has_prefix (lines[i++], "Time SB "));
  g_assert_true (g_str_has_prefix (lines[i++], "Mapping linux-"));
  g_assert_true (g_str_has_prefix (lines[i++], "Machine "));
}

/* Threads left where the system puts them: the Machine line says so,
 * as weak behaviours show less. */
static void
test_unpinned (void)
{
  g_auto(Run) r = { 0 };
  g_autofree char *file = run_file ("SB.litmus");
  g_autofree char *def = run_file ("kernel-rmw.def");

  if (!have_cc ())
    return;
  run_check (&r, "--run", "-macros", def, "-s", "100", "-r", "1", "-affinity", "none", file, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, ", threads not pinned to cores of their own"));
}

/* An X86_64 test runs its own instructions on an x86-64 machine, and
 * says so; elsewhere it is refused with the reason. */
static void
test_x86 (void)
{
  g_auto(Run) r = { 0 };
  g_autofree char *file = run_file ("X86_64-SB.litmus");

  if (!have_cc ())
    return;
#if defined(__x86_64__)
  run_check (&r, "--run", "-s", "100", "-r", "2", file, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_str_has_prefix (r.out, "Test X86_64-SB Allowed\nHistogram ("));
  g_assert_nonnull (strstr (r.out, ">0:rax="));
  g_assert_nonnull (strstr (r.out, "\nMapping x86_64-asm: the test's own x86-64 instructions"));
#else
  run_check (&r, "--run", "-s", "100", "-r", "2", file, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "a test for X86_64 runs on x86-64 only"));
#endif
}

static void
test_errors (void)
{
  static const struct { const char *args[6]; int status; const char *words; } cases[] = {
    { { "-s", "10", NULL }, 2, "-s goes with --run" },
    { { "--run", "-barrier", "bogus", NULL }, 2, "-barrier bogus is not done" },
    { { "--run", "-affinity", "custom", NULL }, 2, "-affinity custom is not done" },
    { { "--run", "-mode", "kvm", NULL }, 2, "-mode kvm is not done" },
    { { "--run", "-launch", "changing", NULL }, 2, "litmus7's -launch is not done" },
    { { "--run", "-s", "0", NULL }, 2, "-s needs a number from 1" },
    { { "--run", "--arch", "mips", NULL }, 2, "--arch is x86_64 or aarch64" },
    { { "--run", "--json", NULL }, 2, "does not combine" },
    { { "--run", "--cc", "/nonexistent/cc", NULL }, 1, "'/nonexistent/cc' is not there" },
  };
  g_autofree char *file = run_file ("SB.litmus");
  g_autofree char *def = run_file ("kernel-rmw.def");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) r = { 0 };
      g_autoptr(GPtrArray) args = g_ptr_array_new ();

      g_ptr_array_add (args, "-macros");
      g_ptr_array_add (args, def);
      for (guint k = 0; cases[i].args[k] != NULL; k++)
        g_ptr_array_add (args, (gpointer) cases[i].args[k]);
      g_ptr_array_add (args, file);
      g_ptr_array_add (args, NULL);
      run_checkv (&r, (const char *const *) args->pdata);
      g_assert_cmpint (r.status, ==, cases[i].status);
      if (strstr (r.err, cases[i].words) == NULL)
        g_error ("%s: not in: %s", cases[i].words, r.err);
    }
}

/* What cannot run is refused at its place, and the others still run. */
static void
test_refused (void)
{
  g_auto(Run) r = { 0 };
  g_autofree char *def = run_file ("kernel-rmw.def");
  g_autofree char *good = run_file ("SB.litmus");
  g_autofree char *file = g_build_filename (g_get_tmp_dir (), "acy-run-loop.litmus", NULL);

  if (!have_cc ())
    return;
  g_assert_true (g_file_set_contents (file, "C loop\n{}\nP0(int *x)\n{\n  int r0 = 0;\n"
                                      "  while (r0 == 0) {\n    r0 = READ_ONCE(*x);\n  }\n}\n"
                                      "exists (x=0)\n", -1, NULL));
  run_check (&r, "--run", "-macros", def, "-s", "10", "-r", "1", file, good, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "acy-run-loop.litmus:6:3: cannot run on this machine: a loop might not end"));
  g_assert_nonnull (strstr (r.out, "Test SB Allowed\n"));
  g_assert_null (strstr (r.out, "Test loop"));
  g_unlink (file);
}

int
main (int argc, char **argv)
{
  if (!cli_test_init (&argc, &argv))
    return 1;
  g_test_add_func ("/run-cli/litmus7-output", test_litmus7_output);
  g_test_add_func ("/run-cli/unpinned", test_unpinned);
  g_test_add_func ("/run-cli/x86", test_x86);
  g_test_add_func ("/run-cli/errors", test_errors);
  g_test_add_func ("/run-cli/refused", test_refused);
  return g_test_run ();
}
