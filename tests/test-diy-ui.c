/* test-diy-ui.c - New Test from a Cycle, and Compare's Find Tests page
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The cycle window says what is wrong with a cycle as it is typed (an
 * unknown edge, at its column), draws the execution a good one describes
 * and opens its test in a tab. Compare's Find Tests page lists the tests
 * that tell SC from TSO (SB among them) as they are found, stops on
 * Cancel, and a row shows its test on the first page. With
 * ACY_GRAPH_SCREENSHOT_PAUSE=SECS each window stays up for a screenshot.
 */
#define G_LOG_DOMAIN "test-diy-ui"
#include "config.h"

#include <string.h>

#include "acyclic.h"
#include "acy-compare-window.h"
#include "acy-cycle-window.h"
#include "acy-tutorial.h"
#include "acy-tutorial-search.h"
#include "ui-app-support.h"
#include "ui-test-support.h"

static AcyWindow *
main_window (AcyApplication *app)
{
  AcyWindow *window = acy_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  return window;
}

static gboolean
cycle_drawn (gpointer data)
{
  return acy_cycle_window_get_test_name (data) != NULL;
}

static void
test_cycle_window (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  AcyWindow *window = main_window (app);
  AcyCycleWindow *dialog = acy_cycle_window_new (GTK_WINDOW (window), NULL);
  guint docs = acy_window_get_n_documents (window);
  AcyDocument *doc;
  g_autofree char *text = NULL;

  gtk_window_present (GTK_WINDOW (dialog));
  iterate_until (widget_is_mapped, dialog);
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (dialog), "cycle.create", NULL)
                  && acy_window_get_n_documents (window) != docs);

  /* checked as typed: the column of the unknown edge */
  acy_cycle_window_set_cycle (dialog, "PodWR Frx PodWR Fre", FALSE);
  g_assert_cmpstr (acy_cycle_window_get_status (dialog), ==, "Column 7: unknown edge 'Frx'");
  acy_cycle_window_set_cycle (dialog, "PodWR Fre PodWR", FALSE);
  g_assert_true (g_str_has_prefix (acy_cycle_window_get_status (dialog), "Column 1: the cycle does not close"));

  /* a good one: drawn, named, opened in a tab */
  acy_cycle_window_set_cycle (dialog, "PodWR Fre PodWR Fre", FALSE);
  iterate_until (cycle_drawn, dialog);
  g_assert_cmpstr (acy_cycle_window_get_test_name (dialog), ==, "SB");
  g_assert_true (g_str_has_prefix (acy_cycle_window_get_status (dialog), "SB: "));
  ui_test_pause_for_screenshot ();
  g_object_ref (dialog);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "cycle.create", NULL);
  g_assert_cmpuint (acy_window_get_n_documents (window), ==, docs + 1);
  doc = acy_window_get_document (window);
  text = acy_document_get_text (doc);
  g_assert_true (g_str_has_prefix (text, "C SB\n\"PodWR Fre PodWR Fre\"\n"));
  g_object_unref (dialog);
  destroy_window (window);
}

static gboolean
search_running (gpointer data)
{
  return acy_compare_window_get_search_running (data);
}

/* The list of the tests found: its rows carry them. */
static gboolean
is_found_list (GtkWidget *widget, gconstpointer data)
{
  GtkListBoxRow *row;

  if (!GTK_IS_LIST_BOX (widget))
    return FALSE;
  row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (widget), 0);
  return row != NULL && g_object_get_data (G_OBJECT (row), "acy-found") != NULL;
}

static gboolean
view_idle (gpointer data)
{
  return !acy_compare_view_get_running (data) && acy_compare_view_get_comparison (data) != NULL;
}

static gboolean
search_idle (gpointer data)
{
  return !acy_compare_window_get_search_running (data);
}

static void
test_compare_search (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  AcyWindow *window = main_window (app);
  AcyCompareWindow *cw = acy_compare_window_new (GTK_WINDOW (window), "C T\n{}\nP0 (int* x) { *x = 1; }\nexists (x=1)\n",
                                                 "T", "sc");
  g_auto(GStrv) models = acy_compare_window_get_models (cw);
  gboolean sb = FALSE;
  guint n;

  gtk_window_present (GTK_WINDOW (cw));
  iterate_until (widget_is_mapped, cw);
  g_assert_cmpstr (models[0], ==, "sc");
  g_assert_cmpstr (models[1], ==, "tso");

  acy_compare_window_run_search (cw);
  g_assert_true (acy_compare_window_get_search_running (cw));
  iterate_until (search_idle, cw);
  n = acy_compare_window_get_n_found (cw);
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      const AcyDiyFound *f = acy_compare_window_get_found (cw, i);

      sb |= g_str_equal (f->name, "SB");
      g_assert_cmpuint (f->stronger, ==, 0);
      if (i > 0)
        g_assert_cmpuint (acy_compare_window_get_found (cw, i - 1)->index, <, f->index);
    }
  g_assert_true (sb);
  g_assert_true (strstr (acy_compare_window_get_search_summary (cw), "tell them apart") != NULL);
  ui_test_pause_for_screenshot ();

  /* a row shows its test on the first page, compared under both models */
  {
    GtkListBox *list = GTK_LIST_BOX (find_widget (GTK_WIDGET (cw), is_found_list, NULL));
    GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, 0);
    AcyCompareView *view = acy_compare_window_get_view (cw);
    const AcyComparison *cmp;

    g_signal_emit_by_name (list, "row-activated", row);
    iterate_until (view_idle, view);
    cmp = acy_compare_view_get_comparison (view);
    g_assert_nonnull (cmp);
    g_assert_cmpstr (acy_test_get_name (acy_comparison_get_test (cmp)), ==,
                     acy_compare_window_get_found (cw, 0)->name);
    g_assert_cmpint (acy_comparison_get_observation (cmp, 0), ==, ACY_OBSERVATION_NEVER);
    g_assert_cmpint (acy_comparison_get_observation (cmp, 1), ==, ACY_OBSERVATION_SOMETIMES);
    ui_test_pause_for_screenshot ();
  }

  /* Cancel stops a long search */
  acy_compare_window_run_search (cw);
  iterate_until (search_running, cw);
  gtk_widget_activate_action (GTK_WIDGET (cw), "compare.stop", NULL);
  iterate_until (search_idle, cw);
  g_assert_cmpstr (acy_compare_window_get_search_summary (cw), ==, "Stopped");
  ui_test_pause_for_screenshot ();

  destroy_window (cw);
  destroy_window (window);
}

static gboolean
lesson_running (gpointer data)
{
  return acy_tutorial_search_get_running (data);
}

static gboolean
lesson_idle (gpointer data)
{
  return !acy_tutorial_search_get_running (data);
}

/* The tutorial's ladder: the smallest test for each pair, found live. */
static void
test_tutorial_ladder (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  AcyWindow *window = main_window (app);
  AcyTutorial *tutorial = acy_tutorial_new (window);
  AcyTutorialSearch *lesson;
  guint step = 0;

  for (guint i = 0; i < acy_tutorial_get_n_steps (); i++)
    {
      const char *model = NULL;

      if (g_strcmp0 (acy_tutorial_get_step (i, &model), "SB") == 0)
        step = i;
    }
  gtk_window_set_default_size (GTK_WINDOW (tutorial), 640, 860);
  gtk_window_present (GTK_WINDOW (tutorial));
  iterate_until (widget_is_mapped, tutorial);
  /* the carousel's page-changed, while it scrolls, may set it back a step */
  for (guint tries = 0; acy_tutorial_get_position (tutorial) < step && tries < 100; tries++)
    {
      gtk_widget_activate_action (GTK_WIDGET (tutorial), "tutorial.next", NULL);
      iterate_a_little ();
    }
  for (guint tries = 0; tries < 20; tries++)
    iterate_a_little ();
  g_assert_cmpuint (acy_tutorial_get_position (tutorial), ==, step);
  lesson = ACY_TUTORIAL_SEARCH (find_widget_of_type (GTK_WIDGET (tutorial), ACY_TYPE_TUTORIAL_SEARCH));
  g_assert_nonnull (lesson);
  acy_tutorial_search_run (lesson);
  iterate_until (lesson_idle, lesson);
  g_assert_cmpstr (acy_tutorial_search_get_found (lesson, 0)->name, ==, "SB");
  g_assert_cmpstr (acy_tutorial_search_get_found (lesson, 1)->name, ==, "MP");
  /* a coherence test: one location */
  g_assert_true (strstr (acy_tutorial_search_get_found (lesson, 2)->cycle, "Pod") == NULL);
  for (guint i = 3; i < acy_tutorial_search_get_n_pairs (); i++)
    g_assert_nonnull (acy_tutorial_search_get_found (lesson, i));
  ui_test_pause_for_screenshot ();
  (void) lesson_running;
  destroy_window (tutorial);
  destroy_window (window);
}

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 77;

  g_test_add_func ("/ui/diy/cycle-window", test_cycle_window);
  g_test_add_func ("/ui/diy/compare-search", test_compare_search);
  g_test_add_func ("/ui/diy/tutorial-ladder", test_tutorial_ladder);
  return g_test_run ();
}
