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
#include <math.h>
#include <string.h>

#include "acy-derivation-view.h"
#include "acy-execution-browser.h"
#include "acy-graph-render.h"
#include "acy-relation-console.h"
#include "acy-relation-glossary.h"
#include "exec-fixture.h"
#include "browser-test-support.h"
#include "shared-dir.h"
#include "ui-test-support.h"

typedef struct {
  ExecFixture          run;
  GtkWidget           *window;
  AcyExecutionBrowser *browser;
} Fixture;

static char *
shared_dir (void)
{
  char *dir = test_conformance_path ("lkmm");
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

static GtkWidget *popover_of (AcyGraphView *view);

static void
show_window (Fixture *f)
{
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1100, 890);
  f->browser = ACY_EXECUTION_BROWSER (acy_execution_browser_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->browser));
  acy_execution_browser_set_run (f->browser, f->run.test, f->run.model, f->run.recorder);
  /* meson runs the widget tests side by side on one display: another
   * test's window taking the focus would close an autohiding popover */
  gtk_popover_set_autohide (GTK_POPOVER (popover_of (acy_execution_browser_get_view (f->browser))), FALSE);
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

/* Message passing with release and acquire: RC11 forbids the stale
 * read by its coherence check, irreflexive hb ; eco? */
static const char c11_mp_rel_acq[] =
  "C C11-MP+rel+acq\n{ x = 0; y = 0; }\n"
  "P0 (atomic_int* x, atomic_int* y) {\n"
  "  atomic_store_explicit(x, 1, memory_order_relaxed);\n"
  "  atomic_store_explicit(y, 1, memory_order_release);\n}\n"
  "P1 (atomic_int* x, atomic_int* y) {\n"
  "  int r0 = atomic_load_explicit(y, memory_order_acquire);\n"
  "  int r1 = atomic_load_explicit(x, memory_order_relaxed);\n}\n"
  "exists (1:r0=1 /\\ 1:r1=0)\n";

static void
fixture_setup_c11 (Fixture *f, gconstpointer data)
{
  exec_fixture_run (&f->run, c11_mp_rel_acq, "rc11.cat", 0);
  show_window (f);
}

static GtkWidget *popover_of (AcyGraphView *view);

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  if (f->window)
    {
      /* Closed first: a tooltip of the popover still waiting to show
       * when its surface goes asks GDK for the pointer on a dead surface
       * (a GTK 4.8 critical, seen under Xvfb with the pointer on it). */
      gtk_popover_popdown (GTK_POPOVER (popover_of (acy_execution_browser_get_view (f->browser))));
      iterate_a_little ();
      gtk_window_destroy (GTK_WINDOW (f->window));
      iterate_a_little ();
    }
  exec_fixture_clear (&f->run);
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
  /* laid out in the window first, as a user sees it */
  iterate_a_little ();
  layout = acy_graph_view_get_layout (view);
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

  g_assert_true (browser_goto_forbidden_condition (f->browser));
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

  g_assert_true (browser_goto_forbidden_condition (f->browser));
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

  g_assert_true (browser_goto_forbidden_condition (f->browser));
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
  g_assert_true (browser_goto_forbidden_condition (f->browser));
  g_assert_cmpstr (acy_execution_browser_get_record (f->browser)->failed_check, ==, "happens-before");
  acy_graph_view_set_shown (view, shown);
  iterate_a_little ();   /* laid out in the window, as a user sees it */
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

  /* the console's meanings for the kernel model's relations */
  {
    AcyRelationConsole *console = ACY_RELATION_CONSOLE (acy_execution_browser_get_console (f->browser));
    g_auto(GStrv) visible = NULL;
    gboolean hb = FALSE;

    gtk_popover_popdown (GTK_POPOVER (popover_of (view)));
    gtk_editable_set_text (acy_relation_console_get_entry (console), "before");
    visible = acy_relation_console_list_visible (console);
    for (guint i = 0; visible[i]; i += 2)
      hb |= g_str_equal (visible[i], "hb") && g_str_has_prefix (visible[i + 1], "happens-before");
    g_assert_true (hb);
    if (g_getenv ("ACY_SHOT_DIR"))
      {
        GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (console), GTK_TYPE_POPOVER);
        gtk_popover_popup (GTK_POPOVER (popover));
        iterate_a_little ();
        save_window_with_popover (f->window, popover, "explain-console-kernel");
        gtk_popover_popdown (GTK_POPOVER (popover));
      }
  }
}

static const AcyGraphRelationInfo *
relation_named (const AcyGraphLayout *layout, const char *name)
{
  for (guint i = 0; i < layout->relations->len; i++)
    {
      const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, i);
      if (g_str_equal (info->name, name))
        return info;
    }
  return NULL;
}

static gboolean
same_colour (const AcyGraphRelationInfo *a, const AcyGraphRelationInfo *b)
{
  return fabs (a->rgb[0] - b->rgb[0]) + fabs (a->rgb[1] - b->rgb[1]) + fabs (a->rgb[2] - b->rgb[2]) < 0.05;
}

/* (po;rfe)+ on the execution, worked out from its base relations. */
static AcyWord *
po_rfe_plus (const AcyRecord *r)
{
  guint n = r->x.n_events;
  AcyWord *out = g_new0 (AcyWord, acy_rel_words (n));
  gboolean grew = TRUE;

  for (guint a = 0; a < n; a++)
    for (guint m = 0; m < n; m++)
      for (guint b = 0; b < n; b++)
        if (acy_rel_has (r->x.po, n, a, m) && acy_rel_has (r->rf_model, n, m, b)
            && r->x.events[m].thread != r->x.events[b].thread
            && !(r->x.events[m].kind & ACY_EV_IW) && !(r->x.events[b].kind & ACY_EV_IW))
          acy_rel_add (out, n, a, b);
  while (grew)
    {
      grew = FALSE;
      for (guint a = 0; a < n; a++)
        for (guint m = 0; m < n; m++)
          for (guint b = 0; b < n; b++)
            if (acy_rel_has (out, n, a, m) && acy_rel_has (out, n, m, b) && !acy_rel_has (out, n, a, b))
              {
                acy_rel_add (out, n, a, b);
                grew = TRUE;
              }
    }
  return out;
}

/* The self-loop of an irreflexive check is the check's relation as
 * written, and its popover derives the pair in that relation: the hb
 * path and the eco step back (it said "co", and explained rs, which
 * holds (a, a) too). */
static void
test_c11_coherence (Fixture *f, gconstpointer data)
{
  AcyGraphView *view = acy_execution_browser_get_view (f->browser);
  AcyDerivationView *tree = ACY_DERIVATION_VIEW (acy_graph_view_get_derivation_view (view));
  const AcyGraphLayout *layout;
  const AcyRecord *r;
  const AcyDerivation *d;
  g_autofree char *top = NULL;
  const char *text;
  gboolean hb = FALSE;
  gint loop = -1;

  g_assert_true (browser_goto_forbidden_condition (f->browser));
  r = acy_execution_browser_get_record (f->browser);
  g_test_message ("forbidden by %s", r->failed_check);
  g_assert_nonnull (strstr (r->failed_check, "coherence"));
  layout = acy_graph_view_get_layout (view);
  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      if (e->witness && e->src == e->dst)
        loop = (gint) i;
    }
  g_assert_cmpint (loop, >=, 0);
  g_assert_cmpstr (g_array_index (layout->edges, AcyGraphEdge, loop).label, ==, "hb ; eco?");
  click_edge (view, loop);
  text = acy_graph_view_get_explanation (view);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "hb ; eco?: the relation the check tests"));
  g_assert_false (g_str_has_prefix (text, "co"));
  d = acy_derivation_view_get_derivation (tree);
  g_assert_nonnull (d);
  g_assert_true (d->holds);
  g_assert_cmpuint (d->a, ==, d->b);
  top = acy_derivation_view_get_row_text (tree, 0);
  g_test_message ("%s", top);
  /* "(a, a) ∈ hb ; (eco)?" */
  g_assert_true (g_str_has_prefix (top, "(a, a) ∈ hb ;"));
  g_assert_cmpuint (check_tree (r, d), >=, 2);
  for (guint i = 0; i < acy_derivation_view_get_n_rows (tree); i++)
    {
      const AcyDerivation *row = acy_derivation_view_get_row_node (tree, i);
      hb |= row->kind == ACY_DERIVATION_NAME && g_str_equal (row->text, "hb");
      g_assert_false (row->kind == ACY_DERIVATION_NAME && g_str_equal (row->text, "rs") && i == 0);
    }
  g_assert_true (hb);
  save_window_with_popover (f->window, popover_of (view), "31-item9-c11-coherence");
}

/* An expression typed in the console is drawn over the execution, in
 * a colour of its own, with a legend entry; its pairs are the
 * expression's. */
static void
test_console_expression (Fixture *f, gconstpointer data)
{
  AcyRelationConsole *console = ACY_RELATION_CONSOLE (acy_execution_browser_get_console (f->browser));
  AcyGraphView *view = acy_execution_browser_get_view (f->browser);
  const AcyGraphLayout *layout;
  const AcyGraphRelationInfo *info;
  const AcyRecord *r;
  g_autofree AcyWord *want = NULL;
  guint n_want = 0, n;

  g_assert_true (browser_goto_forbidden_condition (f->browser));
  r = acy_execution_browser_get_record (f->browser);
  n = r->x.n_events;
  gtk_editable_set_text (acy_relation_console_get_entry (console), "(po;rfe)+");
  g_signal_emit_by_name (acy_relation_console_get_entry (console), "activate");
  g_assert_null (acy_relation_console_get_error (console));
  g_assert_cmpstr (gtk_editable_get_text (acy_relation_console_get_entry (console)), ==, "");
  g_assert_true (g_strv_contains (acy_relation_console_get_shown (console), "(po;rfe)+"));
  iterate_a_little ();
  layout = acy_graph_view_get_layout (view);
  info = relation_named (layout, "(po;rfe)+");
  g_assert_nonnull (info);
  g_assert_false (info->base);
  want = po_rfe_plus (r);
  for (guint a = 0; a < n; a++)
    for (guint b = 0; b < n; b++)
      n_want += acy_rel_has (want, n, a, b);
  g_assert_cmpuint (n_want, >, 0);
  g_assert_cmpuint (info->n_edges, ==, n_want);
  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      if (g_ptr_array_index (layout->relations, e->rel) == info)
        g_assert_true (acy_rel_has (want, n, e->src, e->dst));
    }
  /* a colour no other relation of the picture has */
  for (guint i = 0; i < layout->relations->len; i++)
    {
      const AcyGraphRelationInfo *other = g_ptr_array_index (layout->relations, i);
      if (other != info && !other->witness)
        g_assert_false (same_colour (info, other));
    }
  /* stepping on, it is evaluated on each execution */
  acy_execution_browser_previous (f->browser);
  g_assert_nonnull (relation_named (acy_graph_view_get_layout (view), "(po;rfe)+"));
  acy_execution_browser_next (f->browser);

  acy_relation_console_set_active (console, "(po;rfe)+", FALSE);
  g_assert_null (relation_named (acy_graph_view_get_layout (view), "(po;rfe)+"));
  acy_relation_console_set_active (console, "(po;rfe)+", TRUE);
  iterate_a_little ();
  if (g_getenv ("ACY_SHOT_DIR"))
    {
      acy_graph_view_set_fit (view, FALSE);
      acy_graph_view_set_zoom (view, 1.0);
      ui_test_save_shot (f->window, "explain-overlay-po-rfe");
    }
}

/* An expression that does not parse is marked where the parser stopped. */
static void
test_console_error (Fixture *f, gconstpointer data)
{
  AcyRelationConsole *console = ACY_RELATION_CONSOLE (acy_execution_browser_get_console (f->browser));
  guint start, end;

  g_assert_false (acy_relation_console_submit (console, "(po;pox)+"));
  g_assert_cmpstr (acy_relation_console_get_error (console), ==, "1:5: unknown name near 'pox'");
  g_assert_true (acy_relation_console_get_error_range (console, &start, &end));
  g_assert_cmpuint (start, ==, 4);
  g_assert_cmpuint (end, ==, 7);
  /* the text stays, to be mended */
  g_assert_cmpstr (gtk_editable_get_text (acy_relation_console_get_entry (console)), ==, "(po;pox)+");
  g_assert_cmpint (gtk_editable_get_position (acy_relation_console_get_entry (console)), ==, 4);
  g_assert_false (g_strv_contains (acy_relation_console_get_shown (console), "(po;pox)+"));

  g_assert_false (acy_relation_console_submit (console, "(po;rfe"));
  g_assert_nonnull (strstr (acy_relation_console_get_error (console), "opened at 1:1"));
  g_assert_true (acy_relation_console_get_error_range (console, &start, &end));
  g_assert_cmpuint (start, ==, 6);   /* the end of the text: its last character */

  if (g_getenv ("ACY_SHOT_DIR"))
    {
      GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (console), GTK_TYPE_POPOVER);

      g_assert_true (acy_relation_console_submit (console, "po-loc"));
      g_assert_true (acy_relation_console_submit (console, "fr;rf"));
      gtk_popover_popup (GTK_POPOVER (popover));
      iterate_a_little ();
      g_assert_false (acy_relation_console_submit (console, "(po;pox)+"));
      save_window_with_popover (f->window, popover, "explain-console-error");
      gtk_popover_popdown (GTK_POPOVER (popover));
    }

  /* typing again clears it */
  gtk_editable_set_text (acy_relation_console_get_entry (console), "(po;rfe)");
  g_assert_null (acy_relation_console_get_error (console));
  ui_test_pause_for_screenshot ();
}

/* A type error is refused in the field, as a parse error is (it was
 * listed, then never drawn); an unclosed expression's end is the
 * expression's, not a file's. */
static void
test_console_type_error (Fixture *f, gconstpointer data)
{
  AcyRelationConsole *console = ACY_RELATION_CONSOLE (acy_execution_browser_get_console (f->browser));
  guint start, end;

  g_assert_false (acy_relation_console_submit (console, "po & W"));
  g_test_message ("%s", acy_relation_console_get_error (console));
  g_assert_nonnull (acy_relation_console_get_error (console));
  g_assert_true (g_str_has_prefix (acy_relation_console_get_error (console), "1:"));
  g_assert_true (acy_relation_console_get_error_range (console, &start, &end));
  g_assert_cmpstr (gtk_editable_get_text (acy_relation_console_get_entry (console)), ==, "po & W");
  g_assert_false (g_strv_contains (acy_relation_console_get_shown (console), "po & W"));
  g_assert_null (acy_execution_browser_get_note (f->browser));

  g_assert_false (acy_relation_console_submit (console, "(po;rfe"));
  g_assert_null (strstr (acy_relation_console_get_error (console), "end of file"));
  g_assert_nonnull (strstr (acy_relation_console_get_error (console), "at the end of the expression"));

  /* a name the model binds after a forbidden execution's failing check
   * is no type error: the expression is drawn where it can be */
  g_assert_true (browser_goto_forbidden_condition (f->browser));
  g_assert_false (acy_execution_browser_get_record (f->browser)->allowed);
  g_assert_true (acy_relation_console_submit (console, "com;po"));
  g_assert_true (g_strv_contains (acy_relation_console_get_shown (console), "com;po"));

  if (g_getenv ("ACY_SHOT_DIR"))
    {
      GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (console), GTK_TYPE_POPOVER);

      gtk_popover_popup (GTK_POPOVER (popover));
      iterate_a_little ();
      g_assert_false (acy_relation_console_submit (console, "po & W"));
      save_window_with_popover (f->window, popover, "31-item13-console-type-error");
      gtk_popover_popdown (GTK_POPOVER (popover));
    }
}

/* The model's relations keep room for three of them whatever is listed
 * above (they shrank to a row and a half). */
static void
test_console_min_height (Fixture *f, gconstpointer data)
{
  GtkWidget *console = acy_execution_browser_get_console (f->browser);
  GtkWidget *scroller = find_widget_of_type (console, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *list = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));
  GtkWidget *row;
  int min, row_height;

  if (GTK_IS_VIEWPORT (list))
    list = gtk_viewport_get_child (GTK_VIEWPORT (list));
  row = gtk_widget_get_first_child (list);
  g_assert_true (GTK_IS_LIST_BOX_ROW (row));
  gtk_widget_measure (row, GTK_ORIENTATION_VERTICAL, -1, NULL, &row_height, NULL, NULL);
  gtk_widget_measure (scroller, GTK_ORIENTATION_VERTICAL, -1, &min, NULL, NULL, NULL);
  g_test_message ("relations at least %d pixels high, a row %d", min, row_height);
  g_assert_cmpint (row_height, >, 0);
  g_assert_cmpint (min, >=, 3 * row_height);
}

/* po, rf, co and fr can be hidden; po-loc drawn; com is not co's blue. */
static void
test_console_base (Fixture *f, gconstpointer data)
{
  AcyRelationConsole *console = ACY_RELATION_CONSOLE (acy_execution_browser_get_console (f->browser));
  AcyGraphView *view = acy_execution_browser_get_view (f->browser);
  const AcyGraphLayout *layout;
  const AcyRecord *r;

  g_assert_true (browser_goto_forbidden_condition (f->browser));
  r = acy_execution_browser_get_record (f->browser);
  g_assert_nonnull (relation_named (acy_graph_view_get_layout (view), "po"));
  acy_relation_console_set_active (console, "po", FALSE);
  acy_relation_console_set_active (console, "rf", FALSE);
  g_assert_true (g_strv_contains (acy_relation_console_get_hidden (console), "po"));
  layout = acy_graph_view_get_layout (view);
  g_assert_null (relation_named (layout, "po"));
  g_assert_null (relation_named (layout, "rf"));
  g_assert_nonnull (relation_named (layout, "co"));
  acy_relation_console_set_active (console, "po", TRUE);
  g_assert_nonnull (relation_named (acy_graph_view_get_layout (view), "po"));

  acy_relation_console_set_active (console, "po-loc", TRUE);
  acy_relation_console_set_active (console, "com", TRUE);
  layout = acy_graph_view_get_layout (view);
  g_assert_nonnull (relation_named (layout, "po-loc"));
  /* po-loc is po between accesses to one location */
  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      if (g_str_equal (((AcyGraphRelationInfo *) g_ptr_array_index (layout->relations, e->rel))->name, "po-loc"))
        {
          g_assert_true (acy_rel_has (r->x.po, r->x.n_events, e->src, e->dst));
          g_assert_cmpint (r->x.events[e->src].loc, ==, r->x.events[e->dst].loc);
        }
    }
  /* the model stopped at rmo-order, before defining com: said so */
  g_assert_null (relation_named (layout, "com"));
  g_assert_nonnull (acy_execution_browser_get_note (f->browser));
  g_assert_nonnull (strstr (acy_execution_browser_get_note (f->browser), "“com” is not drawn"));
  g_assert_true (acy_execution_browser_previous (f->browser));
  g_assert_true (acy_execution_browser_get_record (f->browser)->allowed);
  g_assert_null (acy_execution_browser_get_note (f->browser));
  layout = acy_graph_view_get_layout (view);
  g_assert_nonnull (relation_named (layout, "com"));
  g_assert_false (same_colour (relation_named (layout, "com"), relation_named (layout, "co")));
}

/* The search field filters the relations by name and by meaning. */
static void
test_console_search (Fixture *f, gconstpointer data)
{
  AcyRelationConsole *console = ACY_RELATION_CONSOLE (acy_execution_browser_get_console (f->browser));
  g_auto(GStrv) all = NULL, some = NULL, by_meaning = NULL;

  all = acy_relation_console_list_visible (console);
  g_assert_cmpuint (g_strv_length (all), >=, 8);
  /* the model's comment (cos.cat's on ca), else the glossary (com) */
  for (guint i = 0; all[i]; i += 2)
    {
      if (g_str_equal (all[i], "com"))
        g_assert_cmpstr (all[i + 1], ==, "communication: rf, co and fr together");
      if (g_str_equal (all[i], "ca"))
        g_assert_cmpstr (all[i + 1], ==, "coherence-after");
    }
  /* by name or by meaning */
  gtk_editable_set_text (acy_relation_console_get_entry (console), "coh");
  some = acy_relation_console_list_visible (console);
  g_assert_true (g_strv_contains ((const char *const *) some, "coherence-order"));
  g_assert_true (g_strv_contains ((const char *const *) some, "ca"));
  g_assert_false (g_strv_contains ((const char *const *) some, "rfe"));
  g_assert_false (g_strv_contains ((const char *const *) some, "fence"));
  gtk_editable_set_text (acy_relation_console_get_entry (console), "communication");
  by_meaning = acy_relation_console_list_visible (console);
  g_assert_cmpuint (g_strv_length (by_meaning), ==, 2);
  g_assert_cmpstr (by_meaning[0], ==, "com");
  /* Enter on a name checks it */
  g_assert_true (acy_relation_console_submit (console, "rmo-order"));
  g_assert_true (g_strv_contains (acy_relation_console_get_shown (console), "rmo-order"));
}

/* A comment on a definition: at the end of its line, or just above it
 * unless it is a boxed section title. */
static void
test_glossary_comments (void)
{
  const char *text =
    "(*******)\n"
    "(* Part *)\n"
    "(*******)\n"
    "let a = po (* program order,\n"
    "  again *)\n"
    "(* What b is.\n"
    " * More about it. *)\n"
    "let b = rf\n"
    "\n"
    "let c = co\n"
    "(****************)\n"
    "(* Section title *)\n"
    "(****************)\n"
    "let d = fr\n";
  g_autofree char *a = acy_glossary_comment_at (text, 4, 5);
  g_autofree char *b = acy_glossary_comment_at (text, 8, 5);
  g_autofree char *c = acy_glossary_comment_at (text, 10, 5);
  g_autofree char *d = acy_glossary_comment_at (text, 14, 5);

  g_assert_null (a);   /* the comment is not closed on its line */
  g_assert_cmpstr (b, ==, "What b is.");
  g_assert_null (c);
  g_assert_null (d);
  {
    g_autofree char *t = acy_glossary_comment_at ("let R4rmb = R \\ Noreturn\t(* Reads for which rmb works *)\n", 1, 5);
    g_assert_cmpstr (t, ==, "Reads for which rmb works");
  }
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
  g_test_add ("/ui/explain/c11-coherence", Fixture, NULL, fixture_setup_c11, test_c11_coherence, fixture_teardown);
  g_test_add ("/ui/explain/console/expression", Fixture, NULL, fixture_setup, test_console_expression, fixture_teardown);
  g_test_add ("/ui/explain/console/error", Fixture, NULL, fixture_setup, test_console_error, fixture_teardown);
  g_test_add ("/ui/explain/console/base", Fixture, NULL, fixture_setup, test_console_base, fixture_teardown);
  g_test_add ("/ui/explain/console/type-error", Fixture, NULL, fixture_setup, test_console_type_error, fixture_teardown);
  g_test_add ("/ui/explain/console/min-height", Fixture, NULL, fixture_setup, test_console_min_height, fixture_teardown);
  g_test_add ("/ui/explain/console/search", Fixture, NULL, fixture_setup, test_console_search, fixture_teardown);
  g_test_add_func ("/ui/explain/glossary/comments", test_glossary_comments);
  return g_test_run ();
}
