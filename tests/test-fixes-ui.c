/* test-fixes-ui.c - Suggest Fixes in the results view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under the built-in toy-rmo.cat: MP with smp_wmb() in P0 gets two fixes
 * (a fence between P1's reads); activating a row edits the test, and one
 * undo takes the edit back. SB under sc.cat is never reached: no button.
 * SB under the kernel model (when the window finds it, e.g. through
 * LINUX_SRC, else ../shared/conformance/lkmm; skipped without) lists the pair of smp_mb()s; ACY_GRAPH_SCREENSHOT_PAUSE
 * keeps it up for a screenshot.
 */
#define G_LOG_DOMAIN "test-fixes-ui"
#include "config.h"

#include <string.h>

#include "acy-check-job.h"
#include "acy-results-view.h"
#include "shared-dir.h"
#include "ui-app-support.h"
#include "ui-test-support.h"

static char *
read_fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixes", name, NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static AcyWindow *
create_window (AcyApplication *app, const char *model_path)
{
  AcyWindow *window = acy_window_new (app);

  acy_window_set_model (window, model_path);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  return window;
}

static void
set_text (AcyDocument *document, const char *text)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (acy_document_get_buffer (document));
  GtkTextIter start, end;

  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_delete (buffer, &start, &end);
  gtk_text_buffer_insert (buffer, &start, text, -1);
  gtk_text_buffer_end_user_action (buffer);
}

static char *
buffer_text (AcyDocument *document)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (acy_document_get_buffer (document));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static gboolean
fixes_idle (gpointer data)
{
  return !acy_fixes_view_get_running (data);
}

static AcyFixesView *
suggest (AcyDocument *document)
{
  AcyResultsView *results = acy_document_get_results_view (document);
  AcyFixesView *view;

  g_assert_true (acy_results_view_get_fixes_offered (results));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (document), "document.suggest-fixes", NULL));
  view = ACY_FIXES_VIEW (find_widget_of_type (GTK_WIDGET (results), ACY_TYPE_FIXES_VIEW));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
  iterate_until (fixes_idle, view);
  return view;
}

static void
test_apply_and_undo (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *model = acy_window_get_builtin_model ("toy-rmo.cat");
  AcyWindow *window = create_window (app, model);
  AcyDocument *document = acy_window_get_document (window);
  g_autofree char *text = read_fixture ("MP+wmb.litmus");
  g_autofree char *after = NULL, *undone = NULL;
  AcyFixesView *view;
  guint rmb = G_MAXUINT;

  set_text (document, text);
  ui_test_run (window);
  g_assert_cmpstr (acy_results_view_get_verdict (acy_document_get_results_view (document)), ==, "Sometimes");
  view = suggest (document);
  g_assert_cmpuint (acy_fixes_view_get_n_fixes (view), ==, 2);
  g_assert_true (g_str_has_prefix (acy_fixes_view_get_status_text (view), "2 of the 5 changes tried make the model forbid"));
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpstr (acy_fixes_view_get_fix_check (view, i), ==, "acyclic rmo-order");
      if (g_str_equal (acy_fixes_view_get_fix_label (view, i), "smp_rmb() between lines 17 and 18 of P1"))
        rmb = i;
    }
  g_assert_cmpuint (rmb, <, 2);

  /* a click on the row, as a user would */
  g_signal_emit_by_name (gtk_widget_get_parent (acy_fixes_view_get_row (view, rmb)), "row-activated",
                         acy_fixes_view_get_row (view, rmb));
  after = buffer_text (document);
  g_assert_nonnull (strstr (after, "r0 = READ_ONCE(*y);\n\tsmp_rmb();\n\tr1 = READ_ONCE(*x);"));
  g_assert_true (g_str_has_prefix (acy_fixes_view_get_status_text (view), "Applied: smp_rmb()"));

  /* the list is of the text before: it says so instead of editing again */
  g_assert_false (acy_fixes_view_apply (view, rmb));
  g_assert_cmpstr (buffer_text (document), ==, after);

  /* one undo takes the whole edit back */
  gtk_text_buffer_undo (GTK_TEXT_BUFFER (acy_document_get_buffer (document)));
  undone = buffer_text (document);
  g_assert_cmpstr (undone, ==, text);

  /* and the edited test is forbidden */
  gtk_text_buffer_redo (GTK_TEXT_BUFFER (acy_document_get_buffer (document)));
  ui_test_run (window);
  g_assert_cmpstr (acy_results_view_get_verdict (acy_document_get_results_view (document)), ==, "Never");
  g_assert_false (acy_results_view_get_fixes_offered (acy_document_get_results_view (document)));
  /* what the search said was of the text before: gone with the new result */
  g_assert_false (g_str_has_prefix (acy_fixes_view_get_status_text (view), "Applied"));
  g_assert_cmpuint (acy_fixes_view_get_n_fixes (view), ==, 0);
  destroy_window (window);
}

static void
test_never_has_no_button (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *model = acy_window_get_builtin_model ("sc.cat");
  AcyWindow *window = create_window (app, model);
  AcyDocument *document = acy_window_get_document (window);
  g_autofree char *text = read_fixture ("SB.litmus");

  set_text (document, text);
  ui_test_run (window);
  g_assert_cmpstr (acy_results_view_get_verdict (acy_document_get_results_view (document)), ==, "Never");
  g_assert_false (acy_results_view_get_fixes_offered (acy_document_get_results_view (document)));
  destroy_window (window);
}

/* SB under the kernel model: no single change, the pair of smp_mb()s. */
static void
test_sb_kernel_model (void)
{
  g_autoptr(AcyApplication) app = NULL;
  g_autofree char *model = acy_check_job_find_kernel_model ();
  g_autofree char *text = NULL;
  g_autofree char *cfg = test_conformance_path ("lkmm/linux-kernel.cfg");
  AcyWindow *window;
  AcyDocument *document;
  AcyFixesView *view;

  if (!model && g_file_test (cfg, G_FILE_TEST_EXISTS))
    model = g_steal_pointer (&cfg);
  if (!model)
    {
      g_test_skip ("the kernel model is not found (set LINUX_SRC, or ../shared/conformance/lkmm)");
      return;
    }
  app = ui_test_create_application ();
  window = create_window (app, model);
  document = acy_window_get_document (window);
  text = read_fixture ("SB.litmus");
  set_text (document, text);
  ui_test_run (window);
  view = suggest (document);
  g_assert_cmpuint (acy_fixes_view_get_n_fixes (view), ==, 1);
  g_assert_true (g_str_has_prefix (acy_fixes_view_get_status_text (view), "None of the 2 changes tried makes the model forbid"));
  g_assert_cmpstr (acy_fixes_view_get_fix_label (view, 0), ==,
                   "smp_mb() between lines 9 and 10 of P0, and smp_mb() between lines 17 and 18 of P1");
  g_assert_cmpstr (acy_fixes_view_get_fix_check (view, 0), ==, "propagation");
  ui_test_pause_for_screenshot ();
  destroy_window (window);
}

/* A C11 test under RC11: memory orders offered, not the kernel's
 * fences; release with acquire, as programmers pair them, first. */
static void
test_c11 (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *model = acy_window_get_builtin_model ("rc11.cat");
  AcyWindow *window = create_window (app, model);
  AcyDocument *document = acy_window_get_document (window);
  g_autofree char *text = read_fixture ("C11-MP+rlx.litmus");
  AcyFixesView *view;

  set_text (document, text);
  ui_test_run (window);
  g_assert_cmpstr (acy_results_view_get_verdict (acy_document_get_results_view (document)), ==, "Sometimes");
  view = suggest (document);
  g_assert_cmpuint (acy_fixes_view_get_n_fixes (view), >, 1);
  g_assert_true (g_str_has_prefix (acy_fixes_view_get_status_text (view), "None of the 8 changes tried"));
  g_assert_cmpstr (acy_fixes_view_get_fix_label (view, 0), ==,
                   "memory_order_release in place of memory_order_relaxed at line 7 of P0, and "
                   "memory_order_acquire in place of memory_order_relaxed at line 11 of P1");
  for (guint i = 0; i < acy_fixes_view_get_n_fixes (view); i++)
    g_assert_null (strstr (acy_fixes_view_get_fix_label (view, i), "smp_"));
  ui_test_save_shot (GTK_WIDGET (window), "31-item13-fixes-c11");
  destroy_window (window);
}

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 77;

  g_test_add_func ("/ui/fixes/apply-and-undo", test_apply_and_undo);
  g_test_add_func ("/ui/fixes/never-has-no-button", test_never_has_no_button);
  g_test_add_func ("/ui/fixes/sb-kernel-model", test_sb_kernel_model);
  g_test_add_func ("/ui/fixes/c11", test_c11);
  return g_test_run ();
}
