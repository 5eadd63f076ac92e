/* test-graph-view.c - the execution browser and graph widget, on the MP test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The article's Litmus Test #1 (C-MP+o-mb-o+o-mb-o) under
 * coherent-rmo.cat: three allowed executions, and the forbidden one with
 * 1:r1=1 /\ 1:r2=0 fails "acyclic rmo-order" with a four-edge cycle.
 */
#define G_LOG_DOMAIN "test-graph-view"
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "acy-execution-browser.h"
#include "acy-graph-render.h"
#include "exec-fixture.h"
#include "browser-test-support.h"
#include "slow-shapes.h"
#include "ui-test-support.h"

typedef struct {
  ExecFixture          run;
  GtkWidget           *window;
  AcyExecutionBrowser *browser;
} Fixture;

/* @litmus under @model, keeping @keep outcomes (0: all), shown in a
 * browser in a window of its own. */
static void
show_run (Fixture *f, const char *litmus, const char *model, guint keep, int width, int height)
{
  exec_fixture_run (&f->run, litmus, model, keep);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
  f->browser = ACY_EXECUTION_BROWSER (acy_execution_browser_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->browser));
  acy_execution_browser_set_run (f->browser, f->run.test, f->run.model, f->run.recorder);
  gtk_window_present (GTK_WINDOW (f->window));
  iterate_until (widget_is_mapped, f->browser);
}

static void
show_browser (Fixture *f, guint keep)
{
  show_run (f, exec_fixture_mp_mb, "coherent-rmo.cat", keep, 1100, 800);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  show_browser (f, 0);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  iterate_a_little ();
  exec_fixture_clear (&f->run);
}

static void
test_step_allowed (Fixture *f, gconstpointer data)
{
  guint n = 0;

  acy_execution_browser_set_filter (f->browser, ACY_BROWSE_ALLOWED);
  g_assert_cmpuint (acy_execution_browser_get_n_shown (f->browser), ==, 3);
  do
    {
      const char *header = acy_execution_browser_get_header (f->browser);
      g_autofree char *want = g_strdup_printf ("Execution %u of 3 — allowed", ++n);
      g_assert_cmpstr (header, ==, want);
      iterate_a_little ();
    }
  while (acy_execution_browser_next (f->browser));
  g_assert_cmpuint (n, ==, 3);
  g_assert_false (acy_execution_browser_next (f->browser));
  g_assert_true (acy_execution_browser_previous (f->browser));
}

static void
test_forbidden (Fixture *f, gconstpointer data)
{
  AcyGraphView *view = acy_execution_browser_get_view (f->browser);
  const AcyGraphLayout *layout;
  const AcyRecord *r;
  guint n_witness = 0;

  g_assert_true (browser_goto_forbidden_condition (f->browser));
  r = acy_execution_browser_get_record (f->browser);
  g_assert_cmpstr (r->failed_check, ==, "acyclic rmo-order");
  g_assert_nonnull (strstr (acy_execution_browser_get_header (f->browser),
                            "forbidden by acyclic rmo-order"));
  layout = acy_graph_view_get_layout (view);
  g_assert_true (layout->has_witness);
  g_assert_nonnull (strstr (layout->witness_text, "cycle"));
  for (guint i = 0; i < layout->edges->len; i++)
    n_witness += g_array_index (layout->edges, AcyGraphEdge, i).witness;
  g_assert_cmpuint (n_witness, ==, 4);
  iterate_a_little ();
}

/* Each execution's cycle in diy's words: MP with smp_mb() on both sides
 * where the forbidden state is reached, none where the execution is
 * sequentially consistent. */
static void
test_diy_cycle (Fixture *f, gconstpointer data)
{
  guint acyclic = 0, n = 0;

  g_assert_true (browser_goto_forbidden_condition (f->browser));
  g_assert_cmpstr (acy_execution_browser_get_cycle (f->browser), ==, "FenceMBdWW Rfe FenceMBdRR Fre");
  acy_execution_browser_set_filter (f->browser, ACY_BROWSE_ALLOWED);
  do
    {
      acyclic += acy_execution_browser_get_cycle (f->browser) == NULL;
      n++;
    }
  while (acy_execution_browser_next (f->browser));
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (acyclic, ==, 3);
}

static void
on_event_activated (AcyExecutionBrowser *browser, guint line, guint col, guint *out)
{
  *out = line;
}

static void
test_click (Fixture *f, gconstpointer data)
{
  AcyGraphView *view = acy_execution_browser_get_view (f->browser);
  const AcyGraphLayout *layout;
  const char *explanation;
  guint line = 0, fre = G_MAXUINT;
  double wx, wy;

  g_assert_true (browser_goto_forbidden_condition (f->browser));
  layout = acy_graph_view_get_layout (view);
  /* the cycle's fr edge (rmo-order is written "fence | rfe | co | fr") */
  for (guint i = 0; i < layout->edges->len; i++)
    if (g_array_index (layout->edges, AcyGraphEdge, i).witness
        && g_str_equal (g_array_index (layout->edges, AcyGraphEdge, i).label, "fr"))
      fre = i;
  g_assert_cmpuint (fre, <, layout->edges->len);

  /* A click at the edge's midpoint opens its explanation. */
  {
    const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, fre);
    acy_graph_view_layout_to_widget (view, e->mx, e->my, &wx, &wy);
  }
  g_assert_cmpint (acy_graph_view_activate_at (view, wx, wy), ==, ACY_GRAPH_HIT_EDGE);
  iterate_a_little ();
  explanation = acy_graph_view_get_explanation (view);
  g_assert_nonnull (explanation);
  g_assert_nonnull (strstr (explanation, "fr: the read saw a write that is co-before this one"));
  g_assert_nonnull (strstr (explanation, "acyclic rmo-order"));
  g_assert_nonnull (strstr (explanation, "line"));
  /* smallest first, as a plain list: "⊆" read like a definition */
  g_assert_nonnull (strstr (explanation, "In the model’s relations: fre, "));
  g_assert_nonnull (strstr (explanation, "rmo-order"));
  g_assert_null (strstr (explanation, "⊆"));

  /* A click on an event reports its source line. */
  g_signal_connect (f->browser, "event-activated", G_CALLBACK (on_event_activated), &line);
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, i);
      if (n->init)
        continue;
      acy_graph_view_layout_to_widget (view, n->x + n->w / 2, n->y + n->h / 2, &wx, &wy);
      g_assert_cmpint (acy_graph_view_activate_at (view, wx, wy), ==, ACY_GRAPH_HIT_NODE);
      break;
    }
  g_assert_cmpuint (line, >, 0);
  g_assert_cmpint (acy_graph_view_activate_at (view, wx, wy), ==, ACY_GRAPH_HIT_NODE);
  {
    const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, fre);
    acy_graph_view_layout_to_widget (view, e->mx, e->my, &wx, &wy);
    acy_graph_view_activate_at (view, wx, wy);
  }
  iterate_a_little ();
  ui_test_pause_for_screenshot ();
}

static void
test_keyboard (Fixture *f, gconstpointer data)
{
  AcyGraphView *view = acy_execution_browser_get_view (f->browser);
  g_autofree char *first = NULL;

  g_assert_true (browser_goto_forbidden_condition (f->browser));
  gtk_widget_grab_focus (GTK_WIDGET (view));
  gtk_widget_activate_action (GTK_WIDGET (view), "browser.next", NULL);
  /* Describing items is what the focus ring announces. */
  first = acy_graph_view_describe (view, ACY_GRAPH_HIT_NODE, 0);
  g_assert_nonnull (first);
  g_assert_true (strstr (first, "W") || strstr (first, "R") || strstr (first, "F"));
}

static void
test_show_state (Fixture *f, gconstpointer data)
{
  guint n_states = acy_check_result_get_n_states (f->run.result);
  guint total = 0;

  for (guint s = 0; s < n_states; s++)
    {
      const AcyRecord *r;
      acy_execution_browser_show_state (f->browser, s);
      g_assert_cmpuint (acy_execution_browser_get_n_shown (f->browser), >=, 1);
      total += acy_execution_browser_get_n_shown (f->browser);
      r = acy_execution_browser_get_record (f->browser);
      g_assert_true (r->allowed);
      g_assert_cmpint (r->state, ==, (gint) s);
    }
  g_assert_cmpuint (total, ==, 3);
}

/* Only the first outcome kept: a state reached only by executions not
 * kept says so, instead of "No execution matches". */
static void
fixture_setup_one_kept (Fixture *f, gconstpointer data)
{
  show_browser (f, 1);
}

static void
test_state_not_kept (Fixture *f, gconstpointer data)
{
  guint n_states = acy_check_result_get_n_states (f->run.result);
  guint missing = 0;

  g_assert_cmpuint (acy_recorder_get_n_records (f->run.recorder), ==, 1);
  g_assert_cmpuint (acy_recorder_get_n_allowed_dropped (f->run.recorder), >, 0);
  for (guint s = 0; s < n_states; s++)
    {
      acy_execution_browser_show_state (f->browser, s);
      if (acy_execution_browser_get_n_shown (f->browser) > 0)
        continue;
      missing++;
      g_assert_null (acy_execution_browser_get_record (f->browser));
      g_assert_cmpstr (acy_execution_browser_get_header (f->browser), ==,
                       "This state’s executions were not kept: only the first 1 execution "
                       "of the run is kept, to save memory");
    }
  g_assert_cmpuint (missing, >=, 2);
}

/* The colour at (x, y) of @widget as GTK draws it: its render node, drawn
 * by the window's renderer into a texture. */
static void
widget_pixel (GtkWidget *widget, int x, int y, double rgb[3])
{
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *data = NULL;
  const guchar *px;

  g_assert_cmpint (x, <, w);
  g_assert_cmpint (y, <, h);
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  data = g_malloc ((gsize) w * h * 4);
  /* CAIRO_FORMAT_ARGB32: native-endian words, opaque here. */
  gdk_texture_download (texture, data, (gsize) w * 4);
  px = data + ((gsize) y * w + x) * 4;
  {
    guint32 word;

    memcpy (&word, px, 4);
    rgb[0] = ((word >> 16) & 0xff) / 255.0;
    rgb[1] = ((word >> 8) & 0xff) / 255.0;
    rgb[2] = (word & 0xff) / 255.0;
  }
}

static double
brightness (const double rgb[3])
{
  return (rgb[0] + rgb[1] + rgb[2]) / 3;
}

/* Background at the corner, and inside an event's box left of its text. */
static void
sample_view (AcyGraphView *view, double *background, double *node_fill)
{
  const AcyGraphLayout *layout = acy_graph_view_get_layout (view);
  double rgb[3], wx, wy;

  widget_pixel (GTK_WIDGET (view), 4, 4, rgb);
  *background = brightness (rgb);
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, i);
      if (n->init)
        continue;
      acy_graph_view_layout_to_widget (view, n->x + 4, n->y + n->h / 2, &wx, &wy);
      widget_pixel (GTK_WIDGET (view), (int) wx, (int) wy, rgb);
      *node_fill = brightness (rgb);
      return;
    }
  g_assert_not_reached ();
}

/* The graph follows the style manager, live; exports stay on white. */
static void
test_dark_style (Fixture *f, gconstpointer data)
{
  AdwStyleManager *style_manager = adw_style_manager_get_default ();
  AcyGraphView *view = acy_execution_browser_get_view (f->browser);
  g_autofree char *dir = g_dir_make_tmp ("acyclic-graph-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "graph.png", NULL);
  g_autoptr(GError) error = NULL;
  double background, node_fill;
  cairo_surface_t *surface;
  const guint32 *exported;

  g_assert_true (browser_goto_forbidden_condition (f->browser));
  adw_style_manager_set_color_scheme (style_manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
  iterate_a_little ();
  sample_view (view, &background, &node_fill);
  g_assert_cmpfloat (background, >, 0.9);
  g_assert_cmpfloat (node_fill, >, 0.9);

  adw_style_manager_set_color_scheme (style_manager, ADW_COLOR_SCHEME_FORCE_DARK);
  iterate_a_little ();
  g_assert_true (adw_style_manager_get_dark (style_manager));
  sample_view (view, &background, &node_fill);
  g_assert_cmpfloat (background, <, 0.2);
  g_assert_cmpfloat (node_fill, <, 0.3);
  /* Events stand out from the background. */
  g_assert_cmpfloat (node_fill - background, >, 0.04);
  ui_test_pause_for_screenshot ();

  /* What Export writes, from the app or the command line. */
  g_assert_true (acy_graph_export (acy_graph_view_get_layout (view), ACY_GRAPH_FORMAT_PNG, png, &error));
  g_assert_no_error (error);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  exported = (const guint32 *) (gpointer) cairo_image_surface_get_data (surface);
  g_assert_cmphex (exported[4 * cairo_image_surface_get_stride (surface) / 4 + 4] & 0xffffff, ==, 0xffffff);
  cairo_surface_destroy (surface);
  g_unlink (png);
  g_rmdir (dir);

  adw_style_manager_set_color_scheme (style_manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
  iterate_a_little ();
  sample_view (view, &background, &node_fill);
  g_assert_cmpfloat (background, >, 0.9);
  adw_style_manager_set_color_scheme (style_manager, ADW_COLOR_SCHEME_DEFAULT);
}

/* Emits @keyval (with @state) on the graph's key controller. */
static gboolean
press_on_view (AcyGraphView *view, guint keyval, GdkModifierType state)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_KEY (c))
        g_signal_emit_by_name (c, "key-pressed", keyval, 0, state, &handled);
    }
  return handled;
}

static GtkGesture *
drag_gesture (AcyGraphView *view)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_GESTURE_DRAG (c))
        return GTK_GESTURE (c);
    }
  g_assert_not_reached ();
}

/* A ring of twelve threads in a narrow window: Fit shows it whole;
 * zoomed in, the graph scrolls, and pans by Ctrl+arrows and by drag,
 * and walking it with the arrows brings what they reach into view. */
static void
test_wide (Fixture *f, gconstpointer data)
{
  g_autofree char *ring = slow_shape_sb_ring (12);
  AcyGraphView *view;
  GtkScrolledWindow *scroller;
  GtkAdjustment *h, *v;
  const AcyGraphLayout *layout;
  double zoom, value;

  /* twelve columns at a quarter of their size would not fit either */
  show_run (f, ring, "sc.cat", 3, 520, 500);
  iterate_a_little ();
  view = acy_execution_browser_get_view (f->browser);
  scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (view), GTK_TYPE_SCROLLED_WINDOW));
  h = gtk_scrolled_window_get_hadjustment (scroller);
  v = gtk_scrolled_window_get_vadjustment (scroller);

  /* Fit: the whole graph in view, every thread of it */
  layout = acy_graph_view_get_layout (view);
  zoom = acy_graph_view_get_zoom (view);
  g_test_message ("fit: %.0fx%.0f at %.2f in %.0fx%.0f", layout->width, layout->height, zoom,
                  gtk_adjustment_get_page_size (h), gtk_adjustment_get_page_size (v));
  g_assert_true (acy_graph_view_get_fit (view));
  g_assert_cmpuint (layout->headers->len, ==, 12);
  g_assert_cmpfloat (layout->width * zoom, <=, gtk_adjustment_get_page_size (h));
  g_assert_cmpfloat (layout->height * zoom, <=, gtk_adjustment_get_page_size (v));

  /* At 1:1 the graph is bigger than the view: there is room to scroll */
  acy_graph_view_set_zoom (view, 1.0);
  iterate_a_little ();
  layout = acy_graph_view_get_layout (view);
  g_assert_cmpfloat (gtk_adjustment_get_upper (h), >=, layout->width);
  g_assert_cmpfloat (gtk_adjustment_get_upper (h), >, gtk_adjustment_get_page_size (h));
  g_assert_cmpfloat (gtk_adjustment_get_upper (v), >, gtk_adjustment_get_page_size (v));

  /* Ctrl+arrows pan */
  g_assert_cmpfloat (gtk_adjustment_get_value (h), ==, 0);
  g_assert_true (press_on_view (view, GDK_KEY_Right, GDK_CONTROL_MASK));
  g_assert_cmpfloat (gtk_adjustment_get_value (h), >, 0);
  g_assert_true (press_on_view (view, GDK_KEY_Down, GDK_CONTROL_MASK));
  g_assert_cmpfloat (gtk_adjustment_get_value (v), >, 0);
  g_assert_true (press_on_view (view, GDK_KEY_Left, GDK_CONTROL_MASK));
  g_assert_true (press_on_view (view, GDK_KEY_Up, GDK_CONTROL_MASK));
  g_assert_cmpfloat (gtk_adjustment_get_value (h), ==, 0);
  g_assert_cmpfloat (gtk_adjustment_get_value (v), ==, 0);

  /* a drag pans the other way from the hand */
  g_signal_emit_by_name (drag_gesture (view), "drag-begin", 300.0, 200.0);
  g_signal_emit_by_name (drag_gesture (view), "drag-update", -120.0, -80.0);
  g_assert_cmpfloat (gtk_adjustment_get_value (h), ==, 120);
  g_assert_cmpfloat (gtk_adjustment_get_value (v), ==, 80);
  gtk_adjustment_set_value (h, 0);
  gtk_adjustment_set_value (v, 0);

  /* the arrows walk the events; the view follows them off the page */
  value = 0;
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      g_assert_true (press_on_view (view, GDK_KEY_Right, 0));
      value = MAX (value, gtk_adjustment_get_value (h));
    }
  g_assert_cmpfloat (value, >, 0);

  /* Ctrl+0 fits again */
  g_assert_true (press_on_view (view, GDK_KEY_0, GDK_CONTROL_MASK));
  iterate_a_little ();
  g_assert_true (acy_graph_view_get_fit (view));
  g_assert_cmpfloat (acy_graph_view_get_zoom (view), <, 1.0);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 77;
  g_test_add ("/ui/graph/step-allowed", Fixture, NULL, fixture_setup, test_step_allowed, fixture_teardown);
  g_test_add ("/ui/graph/forbidden", Fixture, NULL, fixture_setup, test_forbidden, fixture_teardown);
  g_test_add ("/ui/graph/diy-cycle", Fixture, NULL, fixture_setup, test_diy_cycle, fixture_teardown);
  g_test_add ("/ui/graph/click", Fixture, NULL, fixture_setup, test_click, fixture_teardown);
  g_test_add ("/ui/graph/keyboard", Fixture, NULL, fixture_setup, test_keyboard, fixture_teardown);
  g_test_add ("/ui/graph/show-state", Fixture, NULL, fixture_setup, test_show_state, fixture_teardown);
  g_test_add ("/ui/graph/state-not-kept", Fixture, NULL, fixture_setup_one_kept, test_state_not_kept,
              fixture_teardown);
  g_test_add ("/ui/graph/dark-style", Fixture, NULL, fixture_setup, test_dark_style, fixture_teardown);
  g_test_add ("/ui/graph/wide", Fixture, NULL, NULL, test_wide, fixture_teardown);
  return g_test_run ();
}
