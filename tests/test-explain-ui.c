/* test-explain-ui.c - why an edge is there, and the relation console
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The article's MP+mb test (exec-fixture.c) under coherent-rmo.cat, and
 * under the Linux-kernel model when ../shared/conformance/lkmm is beside
 * the source tree. ACY_SHOT_DIR=DIR saves what the tests show.
 */
#define G_LOG_DOMAIN "test-explain-ui"
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "acy-derivation-view.h"
#include "acy-execution-browser.h"
#include "acy-graph-render.h"
#include "exec-fixture.h"
#include "ui-test-support.h"

typedef struct {
  ExecFixture          run;
  GtkWidget           *window;
  AcyExecutionBrowser *browser;
} Fixture;

static void
iterate_a_little (void)
{
  for (int i = 0; i < 20; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (2000);
    }
}

static char *
shared_dir (void)
{
  char *dir = g_canonicalize_filename (SOURCE_MODELSDIR "/../../shared/conformance/lkmm", NULL);
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    g_clear_pointer (&dir, g_free);
  return dir;
}

/* As exec_fixture_run, under the kernel model as herd7 runs it. */
static gboolean
run_kernel (ExecFixture *f)
{
  g_autofree char *dir = shared_dir ();
  g_autofree char *def = NULL, *cat = NULL, *bell = NULL;
  g_autoptr(GError) error = NULL;
  AcyModelSource src = { 0 };
  AcyCheckOptions opts = { 0 };

  if (dir == NULL)
    return FALSE;
  def = g_build_filename (dir, "linux-kernel.def", NULL);
  cat = g_build_filename (dir, "linux-kernel.cat", NULL);
  bell = g_build_filename (dir, "linux-kernel.bell", NULL);
  src.cat_path = cat;
  src.bell_path = bell;
  src.variants = (const char *const[]) { "lkmmv2", NULL };
  f->macros = acy_macros_load (def, &error);
  g_assert_no_error (error);
  f->model = acy_model_load (&src, &error);
  g_assert_no_error (error);
  f->test = acy_test_parse (exec_fixture_mp_mb, -1, "MP+mb.litmus", f->macros, &error);
  g_assert_no_error (error);
  f->recorder = acy_recorder_new (f->test);
  opts.outcome = acy_recorder_add_outcome;
  opts.outcome_data = f->recorder;
  f->result = acy_check_run (f->test, f->model, &opts, NULL, &error);
  g_assert_no_error (error);
  acy_recorder_resolve_states (f->recorder, f->result);
  return TRUE;
}

static void
show_window (Fixture *f)
{
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1100, 860);
  f->browser = ACY_EXECUTION_BROWSER (acy_execution_browser_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->browser));
  acy_execution_browser_set_run (f->browser, f->run.test, f->run.model, f->run.recorder);
  gtk_window_present (GTK_WINDOW (f->window));
  iterate_until (widget_is_mapped, f->browser);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  exec_fixture_run (&f->run, exec_fixture_mp_mb, "coherent-rmo.cat", 0);
  show_window (f);
}

static void
fixture_setup_kernel (Fixture *f, gconstpointer data)
{
  if (run_kernel (&f->run))
    show_window (f);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  if (f->window)
    {
      gtk_window_destroy (GTK_WINDOW (f->window));
      iterate_a_little ();
    }
  exec_fixture_clear (&f->run);
}

static gboolean
goto_forbidden (Fixture *f)
{
  acy_execution_browser_set_filter (f->browser, ACY_BROWSE_ALL);
  do
    {
      const AcyRecord *r = acy_execution_browser_get_record (f->browser);
      if (!r->allowed && r->condition)
        return TRUE;
    }
  while (acy_execution_browser_next (f->browser));
  return FALSE;
}

static const char *
node_name (const AcyGraphLayout *layout, guint event)
{
  return g_array_index (layout->nodes, AcyGraphNode, layout->node_of_event[event]).name;
}

/* The edge of relation @rel (NULL: any witness edge) from @src to @dst
 * (names; NULL: any). */
static gint
find_edge (const AcyGraphLayout *layout, const char *rel, const char *src, const char *dst)
{
  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, e->rel);

      if (rel ? !g_str_equal (info->name, rel) || e->witness : !e->witness)
        continue;
      if (src && !g_str_equal (node_name (layout, e->src), src))
        continue;
      if (dst && !g_str_equal (node_name (layout, e->dst), dst))
        continue;
      return (gint) i;
    }
  return -1;
}

static void
click_edge (AcyGraphView *view, gint edge)
{
  const AcyGraphLayout *layout = acy_graph_view_get_layout (view);
  const AcyGraphEdge *e;
  double wx, wy;

  g_assert_cmpint (edge, >=, 0);
  e = &g_array_index (layout->edges, AcyGraphEdge, edge);
  acy_graph_view_layout_to_widget (view, e->lx + e->lw / 2, e->ly + e->lh / 2, &wx, &wy);
  g_assert_cmpint (acy_graph_view_activate_at (view, wx, wy), ==, ACY_GRAPH_HIT_EDGE);
  iterate_a_little ();
}

static gboolean
base_fact_holds (const AcyRecord *r, const AcyDerivation *d)
{
  guint n = r->x.n_events;
  const AcyWord *bits = NULL;

  if (g_str_equal (d->text, "po"))
    bits = r->x.po;
  else if (g_str_equal (d->text, "rf"))
    bits = r->rf_model;
  else if (g_str_equal (d->text, "co"))
    bits = r->co;
  else if (g_str_equal (d->text, "fr"))
    bits = r->fr;
  else
    return TRUE;   /* sets and other base relations: not checked here */
  return acy_rel_has (bits, n, d->a, d->b) == d->holds;
}

/* Every leaf a base fact of the execution; each sequence's middle
 * event links its two children. */
static guint
check_tree (const AcyRecord *r, const AcyDerivation *d)
{
  guint leaves = 0;

  if (d->kind == ACY_DERIVATION_BASE)
    {
      g_assert_true (base_fact_holds (r, d));
      return 1;
    }
  if (d->kind == ACY_DERIVATION_SEQUENCE && d->holds)
    {
      const AcyDerivation *l = d->children->pdata[0], *rr = d->children->pdata[1];
      g_assert_cmpuint (d->children->len, ==, 2);
      g_assert_cmpuint (l->a, ==, d->a);
      g_assert_cmpuint (l->b, ==, d->middle);
      g_assert_cmpuint (rr->a, ==, d->middle);
      g_assert_cmpuint (rr->b, ==, d->b);
    }
  for (guint i = 0; i < d->children->len; i++)
    leaves += check_tree (r, d->children->pdata[i]);
  return leaves;
}

static guint
line_of (const char *path, const char *prefix)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return i + 1;
  g_assert_not_reached ();
}

static GtkWidget *
find_button_with_suffix (GtkWidget *widget, const char *suffix)
{
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_visible (widget)
      && gtk_button_get_label (GTK_BUTTON (widget))
      && g_str_has_suffix (gtk_button_get_label (GTK_BUTTON (widget)), suffix))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *hit = find_button_with_suffix (c, suffix);
      if (hit)
        return hit;
    }
  return NULL;
}

typedef struct {
  char  *file;
  guint  line;
} Location;

static void
on_location (AcyExecutionBrowser *browser, const char *file, guint line, guint col, Location *loc)
{
  g_free (loc->file);
  loc->file = g_strdup (file);
  loc->line = line;
}

/* The window and its open popover in one picture: the popover is a
 * surface of its own, which a widget paintable of the window leaves out. */
static void
save_window_with_popover (GtkWidget *window, GtkWidget *popover, const char *name)
{
  const char *dir = g_getenv ("ACY_SHOT_DIR");
  GtkWidget *widgets[2] = { window, popover };
  cairo_surface_t *out;
  cairo_t *cr;
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  {
    gint64 end = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
    while (g_get_monotonic_time () < end)
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (5000);
  }
  out = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, gtk_widget_get_width (window),
                                    gtk_widget_get_height (window));
  cr = cairo_create (out);
  for (guint k = 0; k < 2; k++)
    {
      GtkWidget *w = widgets[k];
      int width = gtk_widget_get_width (w), height = gtk_widget_get_height (w);
      g_autoptr(GdkPaintable) paintable = NULL;
      g_autoptr(GskRenderNode) node = NULL;
      g_autoptr(GdkTexture) texture = NULL;
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      cairo_surface_t *img;
      double x = 0, y = 0;

      if (w == NULL || !gtk_widget_get_visible (w) || width <= 0)
        {
          g_object_unref (snapshot);
          continue;
        }
      paintable = gtk_widget_paintable_new (w);
      gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
      node = gtk_snapshot_free_to_node (snapshot);
      if (node == NULL)
        continue;
      texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (gtk_widget_get_native (w))),
                                             node, &GRAPHENE_RECT_INIT (0, 0, width, height));
      img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      cairo_surface_flush (img);
      gdk_texture_download (texture, cairo_image_surface_get_data (img),
                            cairo_image_surface_get_stride (img));
      cairo_surface_mark_dirty (img);
      if (k == 1)
        {
          /* where the popover's widget is in the window */
          GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (w));
          double sx, sy;
          x = gdk_popup_get_position_x (GDK_POPUP (surface));
          y = gdk_popup_get_position_y (GDK_POPUP (surface));
          gtk_native_get_surface_transform (GTK_NATIVE (w), &sx, &sy);
          x += sx;
          y += sy;
          {
            double wx, wy;
            gtk_native_get_surface_transform (GTK_NATIVE (window), &wx, &wy);
            x -= wx;
            y -= wy;
          }
        }
      cairo_set_source_surface (cr, img, x, y);
      cairo_paint (cr);
      cairo_surface_destroy (img);
    }
  cairo_destroy (cr);
  file = g_strconcat (name, ".png", NULL);
  path = g_build_filename (dir, file, NULL);
  g_assert_cmpint (cairo_surface_write_to_png (out, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (out);
}

static GtkWidget *
popover_of (AcyGraphView *view)
{
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (view)); c; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_POPOVER (c))
      return c;
  return NULL;
}

/* A click on an edge of the failing check's cycle shows why the pair
 * is in the model's relation, down to base facts of the execution. */
static void
test_tree (Fixture *f, gconstpointer data)
{
  AcyGraphView *view = acy_execution_browser_get_view (f->browser);
  AcyDerivationView *tree = ACY_DERIVATION_VIEW (acy_graph_view_get_derivation_view (view));
  const AcyRecord *r;
  const AcyGraphLayout *layout;
  const AcyDerivation *d;
  g_autofree char *top = NULL, *want = NULL;
  g_autofree char *cat = g_build_filename (SOURCE_MODELSDIR, "coherent-rmo.cat", NULL);
  gboolean named = FALSE;
  gint edge;

  g_assert_true (goto_forbidden (f));
  r = acy_execution_browser_get_record (f->browser);
  g_assert_cmpstr (r->failed_check, ==, "acyclic rmo-order");
  layout = acy_graph_view_get_layout (view);
  /* the fence edge of the cycle: a pair no base relation holds */
  edge = find_edge (layout, NULL, "a", "c");
  click_edge (view, edge);
  g_assert_nonnull (acy_graph_view_get_explanation (view));
  d = acy_derivation_view_get_derivation (tree);
  g_assert_nonnull (d);
  g_assert_true (d->holds);
  g_assert_cmpstr (node_name (layout, d->a), ==, "a");
  g_assert_cmpstr (node_name (layout, d->b), ==, "c");
  /* the smallest relation of the cycle holding it, as labelled */
  g_assert_cmpstr (d->text, ==, "fence");
  g_assert_cmpuint (check_tree (r, d), >=, 2);
  top = acy_derivation_view_get_row_text (tree, 0);
  g_assert_cmpstr (top, ==, "(a, c) ∈ fence");
  g_assert_cmpuint (acy_derivation_view_get_n_rows (tree), >=, 4);
  for (guint i = 0; i < acy_derivation_view_get_n_rows (tree); i++)
    {
      const AcyDerivation *row = acy_derivation_view_get_row_node (tree, i);
      if (row->kind == ACY_DERIVATION_NAME && g_str_equal (row->text, "fence"))
        {
          g_assert_nonnull (row->loc.file);
          g_assert_true (g_str_has_suffix (row->loc.file, "coherent-rmo.cat"));
          g_assert_cmpuint (row->loc.line, ==, line_of (cat, "let fence"));
          named = TRUE;
        }
    }
  g_assert_true (named);

  /* The other relations holding the pair can be asked about. */
  g_assert_true (acy_graph_view_explain_in (view, "rmo-order"));
  d = acy_derivation_view_get_derivation (tree);
  g_assert_cmpstr (d->text, ==, "rmo-order");
  g_assert_cmpuint (check_tree (r, d), >=, 2);
  /* and one that does not hold it says so */
  g_assert_false (acy_graph_view_explain_in (view, "co"));
  g_assert_null (acy_derivation_view_get_derivation (tree));
}

/* Hovering a fact draws its path: its pair and the base facts under it. */
static void
test_hover (Fixture *f, gconstpointer data)
{
  AcyGraphView *view = acy_execution_browser_get_view (f->browser);
  AcyDerivationView *tree = ACY_DERIVATION_VIEW (acy_graph_view_get_derivation_view (view));
  const AcyDerivation *d;
  g_autoptr(GArray) pairs = NULL;
  guint n_path = 0;
  gboolean has_po = FALSE;

  g_assert_true (goto_forbidden (f));
  click_edge (view, find_edge (acy_graph_view_get_layout (view), NULL, "a", "c"));
  d = acy_derivation_view_get_derivation (tree);
  g_assert_nonnull (d);
  pairs = acy_derivation_path_pairs (d);
  /* (a, c) itself, then a -po-> b -po-> c through the fence */
  g_assert_cmpuint (pairs->len, >=, 6);
  g_assert_cmpuint (g_array_index (pairs, guint, 0), ==, d->a);
  g_assert_cmpuint (g_array_index (pairs, guint, 1), ==, d->b);
  for (guint i = 2; i + 1 < pairs->len; i += 2)
    has_po |= acy_rel_has (acy_execution_browser_get_record (f->browser)->x.po,
                           acy_execution_browser_get_record (f->browser)->x.n_events,
                           g_array_index (pairs, guint, i), g_array_index (pairs, guint, i + 1));
  g_assert_true (has_po);
  acy_derivation_view_hover_node (tree, d);
  acy_graph_view_get_path (view, &n_path);
  g_assert_cmpuint (n_path, ==, pairs->len / 2);
  iterate_a_little ();
  acy_derivation_view_hover_node (tree, NULL);
  acy_graph_view_get_path (view, &n_path);
  g_assert_cmpuint (n_path, ==, 0);
}

/* A definition's button names its line and asks for it to be shown. */
static void
test_location (Fixture *f, gconstpointer data)
{
  AcyGraphView *view = acy_execution_browser_get_view (f->browser);
  GtkWidget *tree = acy_graph_view_get_derivation_view (view);
  g_autofree char *cat = g_build_filename (SOURCE_MODELSDIR, "coherent-rmo.cat", NULL);
  g_autofree char *suffix = NULL;
  Location loc = { NULL, 0 };
  GtkWidget *button;

  g_assert_true (goto_forbidden (f));
  g_signal_connect (f->browser, "location-activated", G_CALLBACK (on_location), &loc);
  click_edge (view, find_edge (acy_graph_view_get_layout (view), NULL, "a", "c"));
  suffix = g_strdup_printf ("coherent-rmo.cat:%u", line_of (cat, "let fence"));
  iterate_a_little ();
  button = find_button_with_suffix (tree, suffix);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_nonnull (loc.file);
  g_assert_true (g_str_has_suffix (loc.file, "coherent-rmo.cat"));
  g_assert_cmpuint (loc.line, ==, line_of (cat, "let fence"));
  g_free (loc.file);
}

/* The example: MP+mb's hb edge from f to d under the kernel
 * model, through prop, down to rf and co. */
static void
test_kernel_hb (Fixture *f, gconstpointer data)
{
  AcyGraphView *view;
  AcyDerivationView *tree;
  const AcyDerivation *d;
  const char *const shown[] = { "hb", NULL };
  gboolean prop = FALSE, rf = FALSE;

  if (f->window == NULL)
    {
      g_test_skip ("no ../shared/conformance/lkmm beside the source tree");
      return;
    }
  view = acy_execution_browser_get_view (f->browser);
  tree = ACY_DERIVATION_VIEW (acy_graph_view_get_derivation_view (view));
  g_assert_true (goto_forbidden (f));
  g_assert_cmpstr (acy_execution_browser_get_record (f->browser)->failed_check, ==, "happens-before");
  acy_graph_view_set_shown (view, shown);
  click_edge (view, find_edge (acy_graph_view_get_layout (view), "hb", "f", "d"));
  d = acy_derivation_view_get_derivation (tree);
  g_assert_nonnull (d);
  g_assert_cmpstr (d->text, ==, "hb");
  g_assert_cmpuint (check_tree (acy_execution_browser_get_record (f->browser), d), >=, 4);
  for (guint i = 0; i < acy_derivation_view_get_n_rows (tree); i++)
    {
      g_autofree char *text = acy_derivation_view_get_row_text (tree, i);
      prop |= g_str_equal (text, "(f, d) ∈ prop");
      rf |= g_str_equal (text, "(c, d) ∈ rf");
    }
  g_assert_true (prop);
  g_assert_true (rf);
  /* the path of prop lit up, as a pointer over its row would */
  for (guint i = 0; i < acy_derivation_view_get_n_rows (tree); i++)
    {
      g_autofree char *text = acy_derivation_view_get_row_text (tree, i);
      if (g_str_equal (text, "(f, d) ∈ prop"))
        acy_derivation_view_hover_node (tree, acy_derivation_view_get_row_node (tree, i));
    }
  gtk_widget_queue_draw (GTK_WIDGET (view));
  save_window_with_popover (f->window, popover_of (view), "explain-hb-tree");
  ui_test_pause_for_screenshot ();
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 77;
  adw_init ();
  g_test_add ("/ui/explain/tree", Fixture, NULL, fixture_setup, test_tree, fixture_teardown);
  g_test_add ("/ui/explain/hover", Fixture, NULL, fixture_setup, test_hover, fixture_teardown);
  g_test_add ("/ui/explain/location", Fixture, NULL, fixture_setup, test_location, fixture_teardown);
  g_test_add ("/ui/explain/kernel-hb", Fixture, NULL, fixture_setup_kernel, test_kernel_hb, fixture_teardown);
  return g_test_run ();
}
