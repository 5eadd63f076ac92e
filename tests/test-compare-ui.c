/* test-compare-ui.c - the comparison of models, as the user sees it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The article's C-CO+o-o (x=3 then x=4; exists x=3) under Toy RMO and
 * Coherent RMO: the weaker model allows the final x=3, the stronger one
 * forbids it by its per-location coherence check.
 */
#define G_LOG_DOMAIN "test-compare-ui"
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "acy-compare-view.h"
#include "acy-compare-window.h"
#include "acy-graph-view.h"
#include "acy-wrap-box.h"
#include "ui-test-support.h"

#define WAIT_LIMIT_USEC (30 * G_USEC_PER_SEC)

static char *
example (const char *name)
{
  g_autofree char *path = g_strconcat ("/org/acyclic/Acyclic/examples/", name, NULL);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, NULL);

  g_assert_nonnull (bytes);
  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static gboolean
view_running (gpointer view)
{
  return acy_compare_view_get_running (view);
}

static gboolean
batch_running (gpointer window)
{
  return acy_compare_window_get_batch_running (window);
}

static void
iterate_while (gboolean (*cond) (gpointer), gpointer data)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_LIMIT_USEC;

  while (cond (data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A compare view in a window of its own, started on example @name
 * under @models. */
static AcyCompareView *
start_view (const char         *name,
            const char *const  *models,
            GtkWidget         **window)
{
  g_autofree char *text = example (name);
  GtkWidget *view = acy_compare_view_new ();
  AcyCompareView *cv = ACY_COMPARE_VIEW (view);

  *window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (*window), view);
  gtk_window_set_default_size (GTK_WINDOW (*window), 900, 700);
  gtk_window_present (GTK_WINDOW (*window));
  acy_compare_view_set_test (cv, text, name);
  acy_compare_view_set_models (cv, models);
  acy_compare_view_run (cv);
  return cv;
}

static void
test_view_co (void)
{
  const char *const models[] = { "toy-rmo", "coherent-rmo", NULL };
  GtkWidget *window;
  AcyCompareView *cv = start_view ("C-CO+o-o.litmus", models, &window);

  g_assert_true (acy_compare_view_get_running (cv));
  g_assert_cmpstr (acy_compare_view_get_verdict (cv, 0), ==, "Checking…");
  iterate_while (view_running, cv);

  g_assert_cmpstr (acy_compare_view_get_verdict (cv, 0), ==, "Sometimes");
  g_assert_cmpstr (acy_compare_view_get_verdict (cv, 1), ==, "Never");
  g_assert_cmpuint (acy_compare_view_get_n_rows (cv), ==, 2);
  g_assert_cmpstr (acy_compare_view_get_row_state (cv, 0), ==, "[x]=3;");
  g_assert_true (acy_compare_view_get_row_differs (cv, 0));
  g_assert_cmpstr (acy_compare_view_get_row_state (cv, 1), ==, "[x]=4;");
  g_assert_false (acy_compare_view_get_row_differs (cv, 1));
  g_assert_nonnull (acy_compare_view_get_comparison (cv));

  /* The differing row is selected: its execution under each model, and
   * the check of the stricter one that forbids it. */
  g_assert_cmpstr (acy_compare_view_get_pair_title (cv, 0), ==, "Allowed — 1 execution ends in this state");
  g_assert_cmpstr (acy_compare_view_get_pair_title (cv, 1), ==, "Forbidden by acyclic coherence-order");
  /* and why the weaker one allows it: its order has no po-loc */
  {
    const char *why = acy_compare_view_get_why (cv);

    g_test_message ("%s", why ? why : "(none)");
    g_assert_nonnull (why);
    g_assert_nonnull (strstr (why, "forbids it by acyclic coherence-order, cycle "));
    g_assert_nonnull (strstr (why, "allows it: its rmo-order, closest to that cycle, lacks "));
    g_assert_nonnull (strstr (why, "(po-loc)"));
    ui_test_save_shot (window, "explain-compare-co");
  }

  acy_compare_view_select_row (cv, 1);
  g_assert_cmpstr (acy_compare_view_get_pair_title (cv, 1), ==, "Allowed — 1 execution ends in this state");
  g_assert_null (acy_compare_view_get_why (cv));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Stopping every run leaves no run going, whatever had finished. */
static void
test_view_cancel (void)
{
  const char *const models[] = { "sc", "tso", "toy-rmo", NULL };
  GtkWidget *window;
  AcyCompareView *cv = start_view ("IRIW.litmus", models, &window);

  acy_compare_view_cancel (cv);
  iterate_while (view_running, cv);
  for (guint m = 0; m < 3; m++)
    {
      const char *verdict = acy_compare_view_get_verdict (cv, m);
      g_test_message ("model %u: %s", m, verdict);
      g_assert_true (g_str_equal (verdict, "Stopped") || g_str_equal (verdict, "Never")
                     || g_str_equal (verdict, "Sometimes"));
    }

  /* A new run after the stop is whole again. */
  acy_compare_view_run (cv);
  iterate_while (view_running, cv);
  g_assert_cmpstr (acy_compare_view_get_verdict (cv, 0), ==, "Never");
  g_assert_cmpuint (acy_compare_view_get_n_rows (cv), >, 0);

  /* Closing while checks run must not touch the dead widgets. */
  acy_compare_view_run (cv);
  gtk_window_destroy (GTK_WINDOW (window));
  for (guint i = 0; i < 50; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

static void
test_view_bad_model (void)
{
  const char *const models[] = { "toy-rmo", "no-such-model", NULL };
  GtkWidget *window;
  AcyCompareView *cv = start_view ("C-CO+o-o.litmus", models, &window);

  iterate_while (view_running, cv);
  g_assert_cmpstr (acy_compare_view_get_verdict (cv, 0), ==, "Sometimes");
  g_assert_cmpstr (acy_compare_view_get_verdict (cv, 1), ==, "Error");
  /* The table still shows what the model that ran allows. */
  g_assert_cmpuint (acy_compare_view_get_n_rows (cv), ==, 2);
  g_assert_false (acy_compare_view_get_row_differs (cv, 0));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A folder: the test the models differ on comes first. */
static void
test_window_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-compare-ui-XXXXXX", NULL);
  const char *names[] = { "2+2W.litmus", "C-CO+o-o.litmus", "MP.litmus" };
  const char *const models[] = { "toy-rmo", "coherent-rmo", NULL };
  AcyCompareWindow *window;
  g_auto(GStrv) chosen = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *text = example (names[i]);
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_assert_true (g_file_set_contents (path, text, -1, NULL));
    }

  window = acy_compare_window_new (NULL, NULL, NULL, "toy-rmo");
  chosen = acy_compare_window_get_models (window);
  g_assert_cmpstrv (chosen, models);
  gtk_window_present (GTK_WINDOW (window));
  acy_compare_window_run_folder (window, dir);
  iterate_while (batch_running, window);

  g_assert_cmpuint (acy_compare_window_get_n_batch_rows (window), ==, 3);
  g_assert_cmpstr (acy_compare_window_get_batch_test (window, 0), ==, "C-CO+o-o");
  g_assert_cmpstr (acy_compare_window_get_batch_mark (window, 0), ==, "≠");
  g_assert_cmpstr (acy_compare_window_get_batch_cell (window, 0, 0), ==, "Sometimes");
  g_assert_cmpstr (acy_compare_window_get_batch_cell (window, 0, 1), ==, "Never");
  g_assert_cmpstr (acy_compare_window_get_batch_test (window, 1), ==, "2+2W");
  g_assert_cmpstr (acy_compare_window_get_batch_mark (window, 1), ==, "");
  g_assert_cmpstr (acy_compare_window_get_batch_test (window, 2), ==, "MP");

  gtk_window_destroy (GTK_WINDOW (window));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

/* Every model offered, and the window still fits a screen 1024 pixels
 * wide: the chips wrap into lines (in one they made it 1577 pixels wide). */
static void
test_window_models_fit (void)
{
  AcyCompareWindow *window = acy_compare_window_new (NULL, NULL, NULL, "toy-rmo");
  int min = 0;

  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  g_test_message ("minimum width %d", min);
  g_assert_cmpint (min, >, 0);
  g_assert_cmpint (min, <=, 1024);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_zoom_in (GtkWidget *widget, gconstpointer data)
{
  g_autofree char *label = NULL;

  if (!GTK_IS_BUTTON (widget))
    return FALSE;
  label = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, "Zoom In");
  return label == NULL;
}

static gboolean
narrower_than_800 (gpointer data)
{
  return gtk_widget_get_width (GTK_WIDGET (data)) < 800;
}

/* On a 1024-pixel screen: every chip of the built-in models and of two
 * model files with long names, wrapped into lines, the window no wider
 * than the screen and able to shrink; each graph fitted to its card, at
 * full size here, with buttons to zoom. */
static void
test_window_small_screen (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-compare-ui-XXXXXX", NULL);
  g_autofree char *text = example ("C-CO+o-o.litmus");
  const char *const files[] = { "a-model-with-a-rather-long-name.cat", "another-long-named-model.cat" };
  const char *const models[] = { "toy-rmo", "coherent-rmo", NULL };
  AcyCompareWindow *window = acy_compare_window_new (NULL, text, "C-CO+o-o.litmus", "toy-rmo");
  AcyCompareView *cv = acy_compare_window_get_view (window);
  GtkWidget *chips = find_widget_of_type (GTK_WIDGET (window), ACY_TYPE_WRAP_BOX);
  int min_w = 0, default_w = 0, default_h = 0, chip_h = 0, box_h = 0;
  GtkWidget *graph, *zoom_in;
  double zoom;

  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  acy_compare_window_run (window);
  iterate_while (view_running, cv);
  iterate_a_little ();

  /* the graphs of the differing row, fitted to their cards, whole and
   * not at half their size */
  graph = find_widget_of_type (GTK_WIDGET (cv), ACY_TYPE_GRAPH_VIEW);
  g_assert_nonnull (graph);
  g_assert_true (acy_graph_view_get_fit (ACY_GRAPH_VIEW (graph)));
  zoom = acy_graph_view_get_zoom (ACY_GRAPH_VIEW (graph));
  g_test_message ("graph at %.2f", zoom);
  g_assert_cmpfloat (zoom, >=, 0.75);
  ui_test_save_shot (GTK_WIDGET (window), "31-item3-compare");
  zoom_in = find_widget (gtk_widget_get_parent (gtk_widget_get_parent (gtk_widget_get_parent (graph))),
                         is_zoom_in, NULL);
  g_assert_nonnull (zoom_in);
  g_signal_emit_by_name (zoom_in, "clicked");
  g_assert_false (acy_graph_view_get_fit (ACY_GRAPH_VIEW (graph)));
  g_assert_cmpfloat (acy_graph_view_get_zoom (ACY_GRAPH_VIEW (graph)), >, zoom);

  /* two model files with long names, and the window shrunk to 640
   * pixels: ten chips, in several lines */
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i], NULL);
      const char *const with_file[] = { path, NULL };

      g_assert_true (g_file_set_contents (path, "include \"sc.cat\"\n", -1, NULL));
      acy_compare_window_set_models (window, with_file);
      g_unlink (path);
    }
  acy_compare_window_set_models (window, models);
  gtk_window_get_default_size (GTK_WINDOW (window), &default_w, &default_h);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
  g_test_message ("compare window: %d wide by default, at least %d", default_w, min_w);
  g_assert_cmpint (default_w, <=, 1024);
  /* with Find Tests' row (landed meanwhile) 742 */
  g_assert_cmpint (min_w, <, 800);

  gtk_window_set_default_size (GTK_WINDOW (window), 640, 700);
  /* the X server's resize comes when it comes on a busy machine */
  iterate_until (narrower_than_800, window);
  iterate_a_little ();
  g_assert_nonnull (chips);
  gtk_widget_measure (gtk_widget_get_first_child (chips), GTK_ORIENTATION_VERTICAL, -1, NULL, &chip_h, NULL, NULL);
  box_h = gtk_widget_get_height (chips);
  g_test_message ("chips: %d high, a chip %d", box_h, chip_h);
  g_assert_cmpint (box_h, >=, 2 * chip_h);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <, 800);
  /* and it is no taller than a 768-pixel screen holds */
  {
    int min_h = 0;

    gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, 640, &min_h, NULL, NULL, NULL);
    g_test_message ("at least %d high", min_h);
    g_assert_cmpint (min_h, <=, 640);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  g_rmdir (dir);
}

static gboolean
has_label (GtkWidget *widget, gconstpointer label)
{
  return GTK_IS_TOGGLE_BUTTON (widget)
         && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

static GtkWidget *
chip (AcyCompareWindow *window, const char *label)
{
  GtkWidget *widget = find_widget (GTK_WIDGET (window), has_label, label);

  g_assert_nonnull (widget);
  return widget;
}

/* A test written once in C, compared with its x86 and Arm forms (the
 * examples X86_64-MP and AArch64-MP) in one table: only the C models
 * are offered for it at first; each form chosen offers its
 * architecture's models and chooses the first; each model checks the
 * form of its architecture, the rows named as the C test names them. */
static void
test_window_forms (void)
{
  g_autofree char *text = example ("MP.litmus");
  g_autofree char *x86_text = example ("X86_64-MP.litmus");
  AcyCompareWindow *window = acy_compare_window_new (NULL, text, "MP.litmus", "toy-rmo");
  AcyCompareView *cv = acy_compare_window_get_view (window);
  g_auto(GStrv) models = NULL;
  guint allowed_row = G_MAXUINT;

  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  g_assert_true (gtk_widget_get_visible (chip (window, "Toy RMO")));
  g_assert_false (gtk_widget_get_visible (chip (window, "x86-TSO")));
  g_assert_false (gtk_widget_get_visible (chip (window, "Armv8 (AArch64)")));

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (chip (window, "X86_64 MP")), TRUE);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (chip (window, "AArch64 MP")), TRUE);
  g_assert_true (gtk_widget_get_visible (chip (window, "x86-TSO")));
  models = acy_compare_window_get_models (window);
  g_assert_cmpuint (g_strv_length (models), ==, 4);
  g_assert_cmpstr (models[2], ==, "x86-tso");
  g_assert_cmpstr (models[3], ==, "armv8");
  ui_test_save_shot (GTK_WIDGET (window), "33-compare-forms-chosen");

  acy_compare_window_run (window);
  iterate_while (view_running, cv);
  iterate_a_little ();
  /* the message seen but the data old: forbidden by the barriers and by
   * x86, allowed on Arm without them */
  g_assert_cmpstr (acy_compare_view_get_verdict (cv, 0), ==, "Never");
  g_assert_cmpstr (acy_compare_view_get_verdict (cv, 2), ==, "Never");
  g_assert_cmpstr (acy_compare_view_get_verdict (cv, 3), ==, "Sometimes");
  g_assert_cmpuint (acy_comparison_get_n_models (acy_compare_view_get_comparison (cv)), ==, 4);
  for (guint r = 0; r < acy_compare_view_get_n_rows (cv); r++)
    if (g_str_equal (acy_compare_view_get_row_state (cv, r), "1:r0=1; 1:r1=0;"))
      allowed_row = r;
  g_assert_cmpuint (allowed_row, !=, G_MAXUINT);
  g_assert_true (acy_compare_view_get_row_differs (cv, allowed_row));
  /* why Arm allows it is not told with the events of the C test's cycle */
  acy_compare_view_select_row (cv, allowed_row);
  g_assert_null (acy_compare_view_get_why (cv) ? strstr (acy_compare_view_get_why (cv), "Armv8") : NULL);
  ui_test_save_shot (GTK_WIDGET (window), "33-compare-forms");
  gtk_window_destroy (GTK_WINDOW (window));

  /* an x86 test: x86's models, and its C and Arm forms offered */
  window = acy_compare_window_new (NULL, x86_text, "X86_64-MP.litmus", "x86-tso");
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  g_clear_pointer (&models, g_strfreev);
  models = acy_compare_window_get_models (window);
  g_assert_cmpstrv (models, ((const char *const[]) { "x86-tso", NULL }));
  g_assert_false (gtk_widget_get_visible (chip (window, "Toy RMO")));
  g_assert_nonnull (chip (window, "C MP"));
  g_assert_nonnull (chip (window, "AArch64 MP"));
  gtk_window_destroy (GTK_WINDOW (window));

  /* the same test checked in the main window under a C model: x86's */
  window = acy_compare_window_new (NULL, x86_text, "X86_64-MP.litmus", "coherent-rmo");
  g_clear_pointer (&models, g_strfreev);
  models = acy_compare_window_get_models (window);
  g_assert_cmpstrv (models, ((const char *const[]) { "x86-tso", NULL }));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 77;
  adw_init ();

  g_test_add_func ("/ui/compare/view-co", test_view_co);
  g_test_add_func ("/ui/compare/view-cancel", test_view_cancel);
  g_test_add_func ("/ui/compare/view-bad-model", test_view_bad_model);
  g_test_add_func ("/ui/compare/window-folder", test_window_folder);
  g_test_add_func ("/ui/compare/window-models-fit", test_window_models_fit);
  g_test_add_func ("/ui/compare/window-small-screen", test_window_small_screen);
  g_test_add_func ("/ui/compare/window-forms", test_window_forms);
  return g_test_run ();
}
