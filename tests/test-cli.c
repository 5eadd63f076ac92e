/* test-cli.c - acyclic-check as scripts use it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-cli"
#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

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

  /* herd7 finds an unknown name when it runs the model on a test: an
   * error of the test, exit status 0 */
  run_check (&r, "-cat", "unknown-name.cat", "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (r.status, ==, 0);
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

/* A file name that is not UTF-8 (Latin-1's é) still makes JSON, which
 * is UTF-8: the bad byte is U+FFFD in "file" */
static void
test_json_latin1_name (void)
{
  g_auto(Run) r = { 0 };
  g_autofree char *dir = g_dir_make_tmp ("test-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "caf\xe9.litmus", NULL);

  g_assert_true (g_file_set_contents (path, "C caf\n{}\nP0(int *x) { WRITE_ONCE(*x, 1); }\nexists (x=1)\n",
                                      -1, NULL));
  run_check (&r, "--json", "-cat", "sc", path, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_utf8_validate (r.out, -1, NULL));
  g_assert_nonnull (strstr (r.out, "caf\xef\xbf\xbd.litmus\""));
  g_unlink (path);
  g_rmdir (dir);
}

/* A folder with no test in it is said to be so, not passed over */
static void
test_empty_folder (void)
{
  g_auto(Run) r = { 0 };
  g_autofree char *dir = g_dir_make_tmp ("test-cli-XXXXXX", NULL);

  run_check (&r, "-cat", "sc", dir, NULL);
  g_assert_nonnull (strstr (r.err, "a folder with no .litmus file in it"));
  g_assert_cmpstr (r.out, ==, "");
  g_rmdir (dir);
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

/* Output that cannot be written is an error, not exit status 0. */
static void
test_write_error (void)
{
  g_autofree char *cat = models_file ("sc.cat");
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  gint status = 0;

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  for (guint json = 0; json < 2; json++)
    {
      const char *argv[] = { "/bin/sh", "-c", "exec \"$0\" \"$@\" > /dev/full", check_path,
                             "-cat", cat, json ? "--json" : "-q", "C-CO+o-o.litmus", NULL };

      g_clear_pointer (&err, g_free);
      g_assert_true (g_spawn_sync (cli_dir, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                   NULL, &err, &status, &error));
      g_assert_no_error (error);
      g_assert_false (g_spawn_check_wait_status (status, NULL));
      g_assert_nonnull (strstr (err, "cannot write the standard output: "));
    }
}

/* A folder with links back to itself: each test once, and an end. */
static void
test_link_loops (void)
{
  g_autofree char *cat = models_file ("sc.cat");
  g_autofree char *dir = g_dir_make_tmp ("acy-links-XXXXXX", NULL);
  g_autofree char *src = g_build_filename (cli_dir, "C-CO+o-o.litmus", NULL);
  g_autofree char *dst = g_build_filename (dir, "C-CO+o-o.litmus", NULL);
  g_autofree char *contents = NULL;
  g_auto(Run) r = { 0 };
  const char *links[] = { "a", "b", "x" };
  const char *p;
  guint tests = 0;

  g_assert_nonnull (dir);
  g_assert_true (g_file_get_contents (src, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (dst, contents, -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (links); i++)
    {
      g_autofree char *l = g_build_filename (dir, links[i], NULL);
      g_assert_cmpint (symlink (".", l), ==, 0);
    }
  run_check (&r, "-cat", cat, dir, NULL);
  g_assert_cmpint (r.status, ==, 0);
  for (p = r.out; (p = strstr (p, "\nObservation ")) != NULL; p++)
    tests++;
  g_assert_cmpuint (tests, ==, 1);

  for (guint i = 0; i < G_N_ELEMENTS (links); i++)
    {
      g_autofree char *l = g_build_filename (dir, links[i], NULL);
      g_remove (l);
    }
  g_remove (dst);
  g_rmdir (dir);
}

/* Inputs that are not regular files are refused by name, not read for
 * ever (/dev/zero) or waited on (a FIFO). */
static void
test_not_files (void)
{
  g_autofree char *cat = models_file ("sc.cat");
  g_autofree char *dir = g_dir_make_tmp ("acy-fifo-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "t.litmus", NULL);
  const char *inputs[] = { "/dev/zero", fifo };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_auto(Run) r = { 0 };

      if (!g_file_test (inputs[i], G_FILE_TEST_EXISTS))
        continue;
      run_check (&r, "-cat", cat, inputs[i], NULL);
      /* a test that cannot be opened is herd7's 'open_in failed' warning,
       * and the run goes on (exit status 0, as herd7) */
      g_assert_nonnull (strstr (r.err, i == 0 ? "cannot read a device" : "cannot read a named pipe"));
      g_assert_nonnull (strstr (r.err, "open_in failed"));
    }
  {
    g_auto(Run) r = { 0 }, z = { 0 };
    g_autofree char *model = g_build_filename (dir, "m.cat", NULL);

    g_assert_cmpint (mkfifo (model, 0600), ==, 0);
    run_check (&r, "-cat", model, "C-CO+o-o.litmus", NULL);
    g_assert_cmpint (r.status, !=, 0);
    g_assert_nonnull (strstr (r.err, "m.cat: cannot read a named pipe"));
    g_remove (model);
    /* a model's name ends in .cat, as herd7 wants */
    run_check (&z, "-cat", "/dev/zero", "C-CO+o-o.litmus", NULL);
    g_assert_cmpint (z.status, ==, 2);
    g_assert_nonnull (strstr (z.err, "bad tag for -cat"));
  }
  /* Lists of test names too: -names and an @index file */
  {
    g_auto(Run) r = { 0 };

    run_check (&r, "-cat", cat, "-names", fifo, "C-CO+o-o.litmus", NULL);
    g_assert_cmpint (r.status, !=, 0);
    g_assert_nonnull (strstr (r.err, "cannot read a named pipe"));
  }
  {
    g_auto(Run) r = { 0 };
    g_autofree char *index = g_build_filename (dir, "@index", NULL);

    g_assert_cmpint (mkfifo (index, 0600), ==, 0);
    run_check (&r, "-cat", cat, index, NULL);
    g_assert_nonnull (strstr (r.err, "cannot read a named pipe"));
    g_remove (index);
  }
  g_remove (fifo);
  g_rmdir (dir);
}

/* Candidates where a load goes through a value that is not an address
 * (z's initial 0), which the model rules out: the answer is herd7's
 * (Always 1 0), and -v says they were left out. When the model allows
 * one, herd7 refuses the test: so does acyclic-check, at the access,
 * with herd7's words and its exit status (0: it goes on). */
static void
test_non_address (void)
{
  g_autofree char *cat = models_file ("sc.cat");
  g_auto(Run) r = { 0 };
  g_auto(Run) v = { 0 };
  g_auto(Run) refused = { 0 };

  run_check (&r, "-cat", cat, "non-address.litmus", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "Observation non-address Always 1 0\n"));
  g_assert_null (strstr (r.err, "not an address"));

  run_check (&v, "-v", "-cat", cat, "non-address.litmus", NULL);
  g_assert_cmpint (v.status, ==, 0);
  g_assert_nonnull (strstr (v.err, "non-address.litmus:21:7: note: candidates where this access "
                                   "goes through 0, which is not an address, were left out: the "
                                   "model forbids them (herd7 leaves them out too)\n"));

  run_check (&refused, "-cat", cat, "through-int.litmus", "non-address.litmus", NULL);
  g_assert_cmpint (refused.status, ==, 0);
  g_assert_null (strstr (refused.out, "Test through-int"));
  g_assert_nonnull (strstr (refused.out, "Observation non-address Always 1 0\n"));
  g_assert_nonnull (strstr (refused.err, "through-int.litmus:20:11: Non symbolic address: [0] "));
  g_assert_nonnull (strstr (refused.err, "Warning: File \"through-int.litmus\": "
                                         "Non symbolic address: [0] (User error)\n"));
}

/* A loop goes round at most -unroll times, as in herd7: the candidates
 * that go further are left out, "Loop" comes before the verdict, and a
 * warning says where. */
static void
test_loop_unroll (void)
{
  g_autofree char *cat = models_file ("sc.cat");
  g_autofree char *dir = g_dir_make_tmp ("acy-loop-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "spin.litmus", NULL);
  g_auto(Run) r = { 0 };
  g_auto(Run) r1 = { 0 };

  g_assert_true (g_file_set_contents (path, "C spin\n{}\nP0(int *x)\n{\n\tint r0 = 0;\n"
                                      "\twhile (r0 == 0) {\n\t\tr0 = READ_ONCE(*x);\n\t}\n}\n"
                                      "P1(int *x)\n{\n\tWRITE_ONCE(*x, 1);\n}\nexists (0:r0=1)\n", -1, NULL));
  run_check (&r, "-cat", cat, path, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "\nLoop Ok\n"));
  g_assert_nonnull (strstr (r.out, "Observation spin Always 2 0\n"));
  g_assert_nonnull (strstr (r.err, "spin.litmus:6:2: warning: this loop is unrolled 2 times (-unroll)"));
  /* once round: one execution left */
  run_check (&r1, "-unroll", "1", "-cat", cat, path, NULL);
  g_assert_cmpint (r1.status, ==, 0);
  g_assert_nonnull (strstr (r1.out, "Observation spin Always 1 0\n"));
  g_assert_nonnull (strstr (r1.err, "unrolled 1 time (-unroll)"));
  g_remove (path);
  g_rmdir (dir);
}

/* herd7's options and Acyclic's own on an X86_64 test, under the
 * project's x86-TSO (herd's library may be absent): the output herd7
 * gives under its x86tso-mixed.cat, registers named as herd names them */
static void
test_x86_options (void)
{
  g_autofree char *cat = models_file ("x86-tso.cat");
  g_autofree char *sc = models_file ("sc.cat");
  g_autofree char *dir = g_dir_make_tmp ("acy-x86-XXXXXX", NULL);
  g_autofree char *conds = g_build_filename (dir, "conds.txt", NULL);
  g_autofree char *dot = g_build_filename (dir, "X86_64-SB.dot", NULL);
  g_autofree char *dot_text = NULL;
  g_auto(Run) plain = { 0 };
  g_auto(Run) json = { 0 };
  g_auto(Run) eval = { 0 };
  g_auto(Run) why = { 0 };
  g_auto(Run) compare = { 0 };
  g_auto(Run) through = { 0 };
  g_auto(Run) show = { 0 };
  g_auto(Run) other = { 0 };

  run_check (&plain, "-model", cat, "X86_64-SB.litmus", NULL);
  g_assert_cmpint (plain.status, ==, 0);
  g_assert_true (g_str_has_prefix (plain.out, "Test SB Allowed\nStates 4\n0:rax=0; 1:rax=0;\n"));
  g_assert_nonnull (strstr (plain.out, "Observation SB Sometimes 1 3\n"));
  g_assert_nonnull (strstr (plain.out, "Hash=055f9747fd517835a93f2f188e15e163\n"));

  run_check (&json, "--json", "-model", cat, "X86_64-SB.litmus", NULL);
  g_assert_cmpint (json.status, ==, 0);
  g_assert_nonnull (strstr (json.out, "\"final\":{\"0:rax\":\"0\",\"1:rax\":\"0\"}"));
  g_assert_nonnull (strstr (json.out, "{\"id\":2,\"thread\":0,\"kind\":\"W\",\"loc\":\"x\",\"value\":\"1\""));

  /* the events of P0 in po: its write, then its read */
  run_check (&eval, "--eval", "po & (W*R)", "-model", cat, "X86_64-SB.litmus", NULL);
  g_assert_cmpint (eval.status, ==, 0);
  g_assert_nonnull (strstr (eval.out, "a: W x=1 -> b: R y=0\n"));

  run_check (&why, "--why", "po:a,b", "-model", cat, "X86_64-SB.litmus", NULL);
  g_assert_cmpint (why.status, ==, 0);
  g_assert_true (g_str_has_prefix (why.out, "Test SB, why po:a,b under "));

  run_check (&compare, "--compare", cat, sc, "--", "X86_64-SB.litmus", NULL);
  g_assert_cmpint (compare.status, ==, 0);
  g_assert_nonnull (strstr (compare.out, "Sometimes 1 3"));
  g_assert_nonnull (strstr (compare.out, "Never 0 3"));

  /* -through all: every candidate passes */
  run_check (&through, "-through", "all", "-model", sc, "X86_64-SB.litmus", NULL);
  g_assert_nonnull (strstr (through.out, "Observation SB Sometimes 1 3\n"));

  /* -conds: another condition for the test, by its name */
  g_assert_true (g_file_set_contents (conds, "SB \"exists (0:RAX=1 /\\ 1:rax=1)\"\n", -1, NULL));
  run_check (&other, "-conds", conds, "-model", cat, "X86_64-SB.litmus", NULL);
  g_assert_nonnull (strstr (other.out, "Condition exists (0:rax=1 /\\ 1:rax=1)\n"));

  /* -show: the executions drawn, each event with its instruction */
  run_check (&show, "-show", "prop", "-o", dir, "-model", cat, "X86_64-SB.litmus", NULL);
  g_assert_cmpint (show.status, ==, 0);
  g_assert_true (g_file_get_contents (dot, &dot_text, NULL, NULL));
  g_assert_nonnull (strstr (dot_text, "a: W x=1\\nmovl $1,(x)"));
  g_assert_nonnull (strstr (dot_text, "b: R y=0\\nmovl (y),%eax"));
  g_remove (dot);
  g_remove (conds);
  g_rmdir (dir);
}

/* A memory bound below what any run needs: a clear error, not a crash. */
static void
test_memory_bound (void)
{
  g_autofree char *cat = models_file ("sc.cat");
  g_auto(Run) r = { 0 };

  run_check (&r, "--max-memory", "1", "-cat", cat, "C-CO+o-o.litmus", NULL);
  g_assert_cmpint (r.status, !=, 0);
  g_assert_nonnull (strstr (r.err, "out of memory: "));
  g_assert_nonnull (strstr (r.err, " allowed"));
}

/* -timeout covers loading: a 1,000,000-statement test (10 MB, written
 * here rather than committed) took 5 to 15 s to read, lex, parse and
 * lower under -timeout 1; it must end by the timeout, saying so as a
 * check that runs out of time does. The program itself ends within
 * 1.05 s here; the bound leaves room for process start and exit on a
 * busy CI machine and, in sanitized builds (ACY_SLOW_BUILD), for
 * LeakSanitizer's scan of the heap at exit (1.50 s in all on CI).
 * Loading that ignored -timeout would still take 5 s or more. */
static void
test_timeout_while_loading (void)
{
  g_autofree char *cat = models_file ("sc.cat");
  g_autofree char *dir = g_dir_make_tmp ("acy-load-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "long.litmus", NULL);
  g_autoptr(GString) text = g_string_new ("C long\n{\n}\n\nP0(int *x)\n{\n  int r0;\n");
  g_autoptr(GError) error = NULL;
  g_auto(Run) r = { 0 };
  gint64 t0;
  double secs, limit = g_getenv ("ACY_SLOW_BUILD") ? 3.0 : 2.0;

  g_assert_nonnull (dir);
  for (guint i = 0; i < 1000000; i++)
    g_string_append (text, "  r0 = 1;\n");
  g_string_append (text, "}\n\nexists (0:r0=1)\n");
  g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, &error));

  t0 = g_get_monotonic_time ();
  run_check (&r, "-timeout", "1", "-cat", cat, path, NULL);
  secs = (g_get_monotonic_time () - t0) / (double) G_USEC_PER_SEC;
  g_test_message ("acyclic-check -timeout 1 on 1,000,000 statements: %.2f s", secs);
  /* herd7 prints nothing for a test out of time, and exits with 0 */
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.err, "long.litmus: no result within -timeout 1 s"));
  g_assert_null (strstr (r.out, "Observation"));
  g_assert_cmpfloat (secs, <, limit);
  g_remove (path);
  g_rmdir (dir);
}

/* Numbers that are not numbers are refused, not read as 0 or unlimited. */
static void
test_bad_numbers (void)
{
  static const char *const cases[][2] = {
    { "-timeout", "nan" }, { "-timeout", "inf" }, { "-timeout", "-1" }, { "-timeout", "5s" },
    { "--max-candidates", "abc" }, { "--max-candidates", "-3" }, { "--max-candidates", "" },
    { "--max-memory", "lots" }, { "--max-memory", "-1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) r = { 0 };

      run_check (&r, cases[i][0], cases[i][1], "C-CO+o-o.litmus", NULL);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_nonnull (strstr (r.err, cases[i][0]));
    }
}

int
main (int argc, char **argv)
{
  /* Unlike the other CLI tests, this one fails without them. */
  g_assert_true (cli_test_init (&argc, &argv));
  g_test_add_func ("/cli/herd-output", test_herd_output);
  g_test_add_func ("/cli/timeout/while-loading", test_timeout_while_loading);
  g_test_add_func ("/cli/toy-allows", test_toy_allows);
  g_test_add_func ("/cli/error/unknown-macro", test_unknown_macro);
  g_test_add_func ("/cli/error/unterminated", test_unterminated);
  g_test_add_func ("/cli/error/model", test_bad_model);
  g_test_add_func ("/cli/judge", test_judge);
  g_test_add_func ("/cli/json", test_json);
  g_test_add_func ("/cli/json-latin1-name", test_json_latin1_name);
  g_test_add_func ("/cli/empty-folder", test_empty_folder);
  g_test_add_func ("/cli/usage", test_usage);
  g_test_add_func ("/cli/error/write", test_write_error);
  g_test_add_func ("/cli/error/numbers", test_bad_numbers);
  g_test_add_func ("/cli/folder/link-loops", test_link_loops);
  g_test_add_func ("/cli/error/not-files", test_not_files);
  g_test_add_func ("/cli/error/memory-bound", test_memory_bound);
  g_test_add_func ("/cli/non-address", test_non_address);
  g_test_add_func ("/cli/loop-unroll", test_loop_unroll);
  g_test_add_func ("/cli/x86/options", test_x86_options);
  return g_test_run ();
}
