/* test-machine-ui.c - Run on This Machine: the test on the CPU, beside the model's verdict
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What can be checked without luck: a run shows its progress and ends
 * with a sentence naming the machine and the mapping, the outcome table
 * gains an Observed column whose counts add up to the runs, every row
 * says one of allowed and seen, allowed but not seen, forbidden and
 * never seen, forbidden but seen; a model that forbids every execution
 * makes every state the CPU shows a loud one; Cancel stops the run;
 * Compare's column for this machine counts every state.
 * Skipped without a C compiler.
 */
#define G_LOG_DOMAIN "test-machine-ui"
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "acy-application.h"
#include "acy-compare-view.h"
#include "acy-document.h"
#include "acy-machine.h"
#include "acy-results-view.h"
#include "acy-window.h"
#include "ui-app-support.h"
#include "ui-test-support.h"

static const char sb[] =
  "C SB\n"
  "{}\n"
  "P0(int *x, int *y)\n"
  "{\n"
  "\tint r0;\n"
  "\tWRITE_ONCE(*x, 1);\n"
  "\tr0 = READ_ONCE(*y);\n"
  "}\n"
  "P1(int *x, int *y)\n"
  "{\n"
  "\tint r0;\n"
  "\tWRITE_ONCE(*y, 1);\n"
  "\tr0 = READ_ONCE(*x);\n"
  "}\n"
  "exists (0:r0=0 /\\ 1:r0=0)\n";

/* three threads: on a machine of fewer cores, they are not pinned */
static const char wrc[] =
  "C WRC\n"
  "{}\n"
  "P0(int *x)\n"
  "{\n"
  "\tWRITE_ONCE(*x, 1);\n"
  "}\n"
  "P1(int *x, int *y)\n"
  "{\n"
  "\tint r0;\n"
  "\tr0 = READ_ONCE(*x);\n"
  "\tWRITE_ONCE(*y, 1);\n"
  "}\n"
  "P2(int *x, int *y)\n"
  "{\n"
  "\tint r0;\n"
  "\tint r1;\n"
  "\tr0 = READ_ONCE(*y);\n"
  "\tr1 = READ_ONCE(*x);\n"
  "}\n"
  "exists (1:r0=1 /\\ 2:r0=1 /\\ 2:r1=0)\n";

static gboolean
have_compiler (void)
{
  AcyHarnessArch arch;
  g_auto(GStrv) cc = NULL;

  if (!acy_harness_host_arch (&arch) || (cc = acy_machine_find_compiler (arch, NULL, NULL)) == NULL)
    {
      g_test_skip ("no C compiler, or not an x86-64 or arm64 machine");
      return FALSE;
    }
  return TRUE;
}

/* @text without the thousands' separators %' may put in */
static char *
ungrouped (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p; p++)
    if (!(*p == ',' && p > text && g_ascii_isdigit (p[-1]) && g_ascii_isdigit (p[1])))
      g_string_append_c (s, *p);
  return g_string_free (s, FALSE);
}

/* A run builds the harness with the C compiler, then runs it: on a busy
 * machine many times slower than the 30 s a window is given (meson's
 * timeout for the file is above the six waits). */
#define MACHINE_WAIT_S 200

static gboolean
machine_done (gpointer data)
{
  AcyMachineBar *bar = data;

  return !acy_machine_bar_get_running (bar) && acy_machine_bar_get_summary (bar) != NULL;
}

static gboolean
machine_running (gpointer data)
{
  return acy_machine_bar_get_running (data);
}

static AcyWindow *
open_window (AcyApplication *app, const char *model, AcyDocument **document)
{
  AcyWindow *window = acy_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1300, 850);
  acy_window_set_model (window, model);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  *document = acy_window_get_document (window);
  acy_document_set_text (*document, sb, -1, "SB", FALSE);
  g_object_set (window, "machine-iterations", 2000u, NULL);
  return window;
}

/* Under SC, the relaxed state of SB is forbidden; the CPU may or may not
 * show it in 2000 runs: whatever it did, each row says it, and the
 * counts add up. */
static void
test_observed_column (void)
{
  g_autoptr(AcyApplication) app = NULL;
  g_autofree char *model = NULL;
  AcyWindow *window;
  AcyDocument *document;
  AcyResultsView *results;
  AcyMachineBar *bar;
  guint n_rows;
  guint64 sum = 0;

  if (!have_compiler ())
    return;
  app = ui_test_create_application ();
  model = acy_window_get_builtin_model ("sc.cat");
  window = open_window (app, model, &document);
  results = acy_document_get_results_view (document);
  bar = acy_results_view_get_machine_bar (results);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-machine", NULL));
  iterate_until_within (machine_done, bar, MACHINE_WAIT_S);
  /* the check ran too: three allowed states, the relaxed one forbidden */
  g_assert_cmpstr (acy_results_view_get_page (results), ==, "result");
  n_rows = acy_results_view_get_n_rows (results) + acy_results_view_get_n_forbidden_rows (results);
  g_assert_cmpuint (n_rows, ==, 4);
  {
    g_autofree char *summary = ungrouped (acy_machine_bar_get_summary (bar));

    g_assert_nonnull (strstr (summary, "2000 runs"));
  }
  g_assert_nonnull (strstr (acy_machine_bar_get_summary (bar), "linux-"));

  for (guint row = 0; row < n_rows; row++)
    {
      gboolean alarm = FALSE;
      g_autofree char *shown = acy_results_view_get_row_observed (results, row, &alarm);
      g_autofree char *text = ungrouped (shown);
      gboolean forbidden = acy_results_view_get_row_check (results, row) != NULL;

      if (g_str_has_prefix (text, "Not seen in 2000 runs"))
        g_assert_false (forbidden);
      else if (g_str_equal (text, "Never seen"))
        g_assert_true (forbidden);
      else if (g_str_has_prefix (text, "Seen "))
        {
          /* "Seen 12 times!" */
          g_assert_true (forbidden && alarm);
          sum += g_ascii_strtoull (text + 5, NULL, 10);
        }
      else
        {
          /* "1234 seen" */
          g_assert_false (forbidden);
          g_assert_true (g_str_has_suffix (text, " seen"));
          sum += g_ascii_strtoull (text, NULL, 10);
        }
    }
  g_assert_cmpuint (sum, ==, 2000);
  ui_test_save_shot (GTK_WIDGET (window), "machine-sc");
  destroy_window (window);
}

/* A model that forbids every execution: every state the CPU shows is
 * forbidden by the model but seen on this CPU, said loudly with the
 * machine and the mapping. */
static void
test_alarm (void)
{
  g_autoptr(AcyApplication) app = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acy-machine-ui-XXXXXX", NULL);
  g_autofree char *model = g_build_filename (dir, "none.cat", NULL);
  g_autofree char *machine = acy_machine_describe ();
  AcyWindow *window;
  AcyDocument *document;
  AcyResultsView *results;
  AcyMachineBar *bar;
  const char *alarm;

  if (!have_compiler ())
    return;
  g_assert_true (g_file_set_contents (model, "\"forbids everything\"\nempty po | ~po as nothing-runs\n", -1, NULL));
  app = ui_test_create_application ();
  window = open_window (app, model, &document);
  results = acy_document_get_results_view (document);
  bar = acy_results_view_get_machine_bar (results);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-machine", NULL));
  iterate_until_within (machine_done, bar, MACHINE_WAIT_S);
  alarm = acy_machine_bar_get_alarm (bar);
  g_assert_nonnull (alarm);
  g_assert_true (g_str_has_prefix (alarm, "Forbidden by "));
  g_assert_nonnull (strstr (alarm, "but seen on this CPU"));
  g_assert_nonnull (strstr (alarm, machine));
  g_assert_nonnull (strstr (alarm, "linux-"));
  {
    gboolean loud = FALSE;
    guint n = acy_results_view_get_n_rows (results) + acy_results_view_get_n_forbidden_rows (results);
    guint n_loud = 0;

    g_assert_cmpuint (acy_results_view_get_n_rows (results), ==, 0);
    for (guint row = 0; row < n; row++)
      {
        g_autofree char *text = acy_results_view_get_row_observed (results, row, &loud);

        n_loud += loud;
      }
    g_assert_cmpuint (n_loud, >=, 1);
  }
  destroy_window (window);
  g_unlink (model);
  g_rmdir (dir);
}

/* The sentence after a run says when the test's threads could not be
 * pinned to cores of their own (fewer cores than threads, as the
 * harness counts the cores this process may use), and only then. */
static void
test_unpinned (void)
{
  g_autoptr(AcyApplication) app = NULL;
  g_autofree char *model = NULL;
  AcyWindow *window;
  AcyDocument *document;
  AcyMachineBar *bar;
  gboolean said;

  if (!have_compiler ())
    return;
  app = ui_test_create_application ();
  model = acy_window_get_builtin_model ("sc.cat");
  window = open_window (app, model, &document);
  acy_document_set_text (document, wrc, -1, "WRC", FALSE);
  bar = acy_results_view_get_machine_bar (acy_document_get_results_view (document));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-machine", NULL));
  iterate_until_within (machine_done, bar, MACHINE_WAIT_S);
  said = strstr (acy_machine_bar_get_summary (bar), "not pinned to cores of their own") != NULL;
  g_assert_cmpint (said, ==, g_get_num_processors () < 3);
  destroy_window (window);
}

/* An X86_64 test runs its own instructions: the sentence says so, and
 * names no mapping of primitives; its rows count the CPU's states. */
static void
test_x86 (void)
{
  g_autoptr(AcyApplication) app = NULL;
  g_autofree char *model = NULL;
  AcyWindow *window;
  AcyDocument *document;
  AcyResultsView *results;
  AcyMachineBar *bar;
  AcyHarnessArch arch;
  guint n_rows;

  if (!have_compiler ())
    return;
  if (!acy_harness_host_arch (&arch) || arch != ACY_HARNESS_X86_64)
    {
      g_test_skip ("not an x86-64 machine");
      return;
    }
  app = ui_test_create_application ();
  model = acy_window_get_builtin_model ("sc.cat");
  window = open_window (app, model, &document);
  acy_document_set_text (document,
                         "X86_64 SB\n{ }\n P0 | P1 ;\n movl $1,(x) | movl $1,(y) ;\n"
                         " movl (y),%eax | movl (x),%eax ;\nexists (0:rax=0 /\\ 1:rax=0)\n", -1, "SB", FALSE);
  results = acy_document_get_results_view (document);
  bar = acy_results_view_get_machine_bar (results);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-machine", NULL));
  iterate_until_within (machine_done, bar, MACHINE_WAIT_S);
  g_assert_nonnull (strstr (acy_machine_bar_get_summary (bar), "(the test's own instructions)"));
  g_assert_null (strstr (acy_machine_bar_get_summary (bar), "mapped as"));
  n_rows = acy_results_view_get_n_rows (results) + acy_results_view_get_n_forbidden_rows (results);
  g_assert_cmpuint (n_rows, ==, 4);
  destroy_window (window);
}

static void
test_cancel (void)
{
  g_autoptr(AcyApplication) app = NULL;
  g_autofree char *model = NULL;
  AcyWindow *window;
  AcyDocument *document;
  AcyMachineBar *bar;

  if (!have_compiler ())
    return;
  app = ui_test_create_application ();
  model = acy_window_get_builtin_model ("sc.cat");
  window = open_window (app, model, &document);
  g_object_set (window, "machine-iterations", 100000000u, NULL);
  bar = acy_results_view_get_machine_bar (acy_document_get_results_view (document));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run-machine", NULL));
  iterate_until_within (machine_running, bar, MACHINE_WAIT_S);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (document), "document.cancel-machine", NULL));
  iterate_until_within (machine_done, bar, MACHINE_WAIT_S);
  g_assert_nonnull (strstr (acy_machine_bar_get_summary (bar), "cancelled"));
  destroy_window (window);
}

static gboolean
compare_running (gpointer view)
{
  return acy_compare_view_get_running (view);
}

static gboolean
compare_done (gpointer view)
{
  return !acy_compare_view_get_running (view);
}

/* Compare with "this machine" as a column beside @model: every row of
 * @text's states says how often the CPU showed it, and the counts add
 * up. */
static void
compare_column (const char *text, const char *name, const char *model, const char *shot)
{
  const char *const specs[] = { model, ACY_COMPARE_MACHINE_SPEC, NULL };
  GtkWidget *window, *view;
  AcyCompareView *cv;
  guint64 sum = 0;
  const char *verdict;

  if (!have_compiler ())
    return;
  view = acy_compare_view_new ();
  cv = ACY_COMPARE_VIEW (view);
  window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  acy_compare_view_set_test (cv, text, name);
  acy_compare_view_set_models (cv, specs);
  acy_compare_view_run (cv);
  g_assert_true (compare_running (cv));
  g_assert_cmpstr (acy_compare_view_get_verdict (cv, 1), ==, "Running…");
  iterate_until_within (compare_done, cv, MACHINE_WAIT_S);

  verdict = acy_compare_view_get_verdict (cv, 1);
  g_assert_true (g_str_equal (verdict, "Never") || g_str_equal (verdict, "Sometimes")
                 || g_str_equal (verdict, "Always"));
  g_assert_cmpuint (acy_compare_view_get_n_rows (cv), ==, 4);
  for (guint row = 0; row < acy_compare_view_get_n_rows (cv); row++)
    {
      g_autofree char *text = ungrouped (acy_compare_view_get_row_machine (cv, row));

      if (g_str_has_prefix (text, "Seen "))
        sum += g_ascii_strtoull (text + 5, NULL, 10);
      else if (!g_str_equal (text, "Not seen"))
        {
          g_assert_true (g_str_has_suffix (text, " seen"));
          sum += g_ascii_strtoull (text, NULL, 10);
        }
    }
  g_assert_cmpuint (sum, ==, ACY_COMPARE_MACHINE_RUNS);
  ui_test_save_shot (window, shot);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_compare_column (void)
{
  compare_column (sb, "SB", "sc", "machine-compare");
}

/* The same for a test in x86 assembly, under x86-TSO: its own
 * instructions run, and SB's four states are counted. */
static void
test_compare_column_x86 (void)
{
  AcyHarnessArch arch;

  if (!acy_harness_host_arch (&arch) || arch != ACY_HARNESS_X86_64)
    {
      g_test_skip ("not an x86-64 machine");
      return;
    }
  compare_column ("X86_64 SB\n{ }\n P0 | P1 ;\n movl $1,(x) | movl $1,(y) ;\n"
                  " movl (y),%eax | movl (x),%eax ;\nexists (0:rax=0 /\\ 1:rax=0)\n",
                  "SB", "x86-tso", "machine-compare-x86");
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 77;
  g_test_add_func ("/ui/machine/observed-column", test_observed_column);
  g_test_add_func ("/ui/machine/alarm", test_alarm);
  g_test_add_func ("/ui/machine/unpinned", test_unpinned);
  g_test_add_func ("/ui/machine/x86", test_x86);
  g_test_add_func ("/ui/machine/cancel", test_cancel);
  g_test_add_func ("/ui/machine/compare-column", test_compare_column);
  g_test_add_func ("/ui/machine/compare-column-x86", test_compare_column_x86);
  return g_test_run ();
}
