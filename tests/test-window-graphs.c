/* test-window-graphs.c - the execution graphs in the main window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The article's Litmus Test #1 (C-MP+o-mb-o+o-mb-o) under Coherent RMO,
 * run from the window: its three allowed executions, the forbidden
 * candidate with 1:r1=1 /\ 1:r2=0 and its cycle, an rf edge explained,
 * a state chosen in the table, an event shown in the editor.
 */

#define G_LOG_DOMAIN "test-window-graphs"

#include "config.h"

#include <string.h>

#include "acy-application.h"
#include "acy-document.h"
#include "acy-execution-browser.h"
#include "acy-results-view.h"
#include "acy-window.h"
#include "ui-test-support.h"
#include "ui-app-support.h"

static void
iterate_briefly_bounded (void)
{
  /* Bounded in time: while a popover is open GTK keeps drawing frames,
   * and a frame in software GL can take long. */
  gint64 end = g_get_monotonic_time () + G_USEC_PER_SEC / 4;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (2000);
}

/* The first edge of relation @name ("rf") or with label @name ("rfe"). */
static guint
find_edge (const AcyGraphLayout *layout,
           const char           *name)
{
  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, e->rel);

      if (g_strcmp0 (e->label, name) == 0 || g_strcmp0 (info->name, name) == 0)
        return i;
    }
  return G_MAXUINT;
}

static void
test_graphs_mp (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *model = NULL;
  AcyWindow *window;
  AcyDocument *document;
  AcyResultsView *results;
  AcyExecutionBrowser *browser;
  AcyGraphView *view;
  const AcyGraphLayout *layout;
  const AcyRecord *r;
  const char *explanation;
  guint n_witness = 0, rf, line;
  double wx, wy;

  window = acy_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  model = acy_window_get_builtin_model ("coherent-rmo.cat");
  acy_window_set_model (window, model);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);

  document = ui_test_run_example (window, "C-MP+o-mb-o+o-mb-o");

  results = acy_document_get_results_view (document);
  g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Never");
  g_assert_cmpuint (acy_results_view_get_n_rows (results), ==, 3);
  browser = acy_results_view_get_execution_browser (results);
  view = acy_execution_browser_get_view (browser);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (browser)));
  iterate_briefly_bounded ();

  /* Never: the window opens on the forbidden candidate that would have
   * satisfied the condition, 1:r1=1 /\ 1:r2=0, and says why. */
  r = acy_execution_browser_get_record (browser);
  g_assert_nonnull (r);
  g_assert_false (r->allowed);
  g_assert_true (r->condition);
  g_assert_cmpint (r->final[0], ==, 1);
  g_assert_cmpint (r->final[1], ==, 0);
  g_assert_cmpstr (r->failed_check, ==, "acyclic rmo-order");
  g_assert_nonnull (strstr (acy_execution_browser_get_header (browser),
                            "forbidden by acyclic rmo-order"));
  layout = acy_graph_view_get_layout (view);
  g_assert_nonnull (layout);
  g_assert_true (layout->has_witness);
  g_assert_nonnull (strstr (layout->witness_text, "cycle"));
  for (guint i = 0; i < layout->edges->len; i++)
    n_witness += g_array_index (layout->edges, AcyGraphEdge, i).witness;
  g_assert_cmpuint (n_witness, ==, 4);

  /* Its rf edge, clicked at its midpoint, is explained. */
  rf = find_edge (layout, "rfe");
  g_assert_cmpuint (rf, <, layout->edges->len);
  {
    const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, rf);

    acy_graph_view_layout_to_widget (view, e->mx, e->my, &wx, &wy);
  }
  g_assert_cmpint (acy_graph_view_activate_at (view, wx, wy), ==, ACY_GRAPH_HIT_EDGE);
  iterate_briefly_bounded ();
  explanation = acy_graph_view_get_explanation (view);
  g_assert_nonnull (explanation);
  g_assert_nonnull (strstr (explanation, "rf"));
  g_assert_nonnull (strstr (explanation, "read takes its value from this write"));
  g_assert_nonnull (strstr (explanation, "acyclic rmo-order"));
  ui_test_pause_for_screenshot ();

  /* The three allowed executions */
  acy_execution_browser_set_filter (browser, ACY_BROWSE_ALLOWED);
  g_assert_cmpuint (acy_execution_browser_get_n_shown (browser), ==, 3);

  /* Choosing a state in the table shows its execution. */
  for (guint row = 0; row < 3; row++)
    {
      acy_results_view_select_row (results, row);
      g_assert_cmpuint (acy_execution_browser_get_n_shown (browser), ==, 1);
      r = acy_execution_browser_get_record (browser);
      g_assert_true (r->allowed);
      g_assert_cmpint (r->state, ==, (gint) row);
      iterate_briefly_bounded ();
    }

  /* An event clicked in the graph selects its line in the editor. */
  layout = acy_graph_view_get_layout (view);
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, i);
      GtkTextBuffer *buffer = GTK_TEXT_BUFFER (acy_document_get_buffer (document));
      const AcyEvent *ev = &r->x.events[n->event];
      GtkTextIter start, end;
      g_autofree char *text = NULL;

      if (n->init || !(ev->kind & ACY_EV_R))
        continue;
      acy_graph_view_layout_to_widget (view, n->x + n->w / 2, n->y + n->h / 2, &wx, &wy);
      g_assert_cmpint (acy_graph_view_activate_at (view, wx, wy), ==, ACY_GRAPH_HIT_NODE);
      g_assert_true (gtk_text_buffer_get_selection_bounds (buffer, &start, &end));
      line = (guint) gtk_text_iter_get_line (&start) + 1;
      g_assert_cmpuint (line, ==, ev->line);
      text = gtk_text_iter_get_text (&start, &end);
      g_assert_nonnull (strstr (text, "READ_ONCE"));
      break;
    }
  iterate_briefly_bounded ();

  /* A second run replaces the graphs without a dangling pointer. */
  ui_test_run (window);
  iterate_briefly_bounded ();
  g_assert_nonnull (acy_execution_browser_get_record (browser));

  /* A relation's definition asked for in an explanation opens the
   * model in a tab, its cursor on that line. */
  {
    GtkTextBuffer *buffer;
    GtkTextIter at;
    guint before = acy_window_get_n_documents (window);
    gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

    g_signal_emit_by_name (view, "location-activated", model, 21, 1);
    while (acy_window_get_n_documents (window) == before
           || !g_str_equal (acy_document_get_title (acy_window_get_document (window)), "coherent-rmo.cat"))
      {
        g_assert_cmpint (g_get_monotonic_time (), <, deadline);
        g_main_context_iteration (NULL, FALSE);
      }
    iterate_briefly_bounded ();
    buffer = GTK_TEXT_BUFFER (acy_document_get_buffer (acy_window_get_document (window)));
    gtk_text_buffer_get_iter_at_mark (buffer, &at, gtk_text_buffer_get_insert (buffer));
    g_assert_cmpint (gtk_text_iter_get_line (&at) + 1, ==, 21);
  }

  destroy_window (window);
}

/* An AArch64 example under its model, the project's armv8.cat: Arm's
 * highlighting, its verdict and registers in the table as herd names
 * them, and the forbidden candidate the condition asks for in the
 * graph. */
static void
test_graphs_aarch64_addr (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  AcyWindow *window;
  AcyDocument *document;
  AcyResultsView *results;
  AcyExecutionBrowser *browser;
  AcyGraphView *view;
  const AcyGraphLayout *layout;
  const AcyRecord *r;

  window = acy_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);

  document = ui_test_run_example (window, "AArch64-MP+dmb.ish+addr");
  g_assert_true (g_str_has_suffix (acy_document_get_model (document), "armv8.cat"));
  g_assert_cmpstr (gtk_source_language_get_id (gtk_source_buffer_get_language (acy_document_get_buffer (document))),
                   ==, "litmus-aarch64");
  results = acy_document_get_results_view (document);
  g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Never");
  g_assert_cmpuint (acy_results_view_get_n_rows (results), ==, 3);
  g_assert_nonnull (strstr (acy_results_view_get_herd_text (results), "\n1:X0=1; 1:X2=1;\n"));
  browser = acy_results_view_get_execution_browser (results);
  view = acy_execution_browser_get_view (browser);
  iterate_briefly_bounded ();

  /* the forbidden candidate the condition asks for */
  r = acy_execution_browser_get_record (browser);
  g_assert_nonnull (r);
  g_assert_false (r->allowed);
  g_assert_true (r->condition);
  /* drawn as herd draws it: no register event, the cycle of ob */
  layout = acy_graph_view_get_layout (view);
  g_assert_nonnull (layout);
  g_assert_cmpuint (layout->nodes->len, ==, 7);
  g_assert_cmpstr (layout->witness_text, ==, "Forbidden by external: cycle: a → c → d → e → a");
  ui_test_save_shot (GTK_WIDGET (window), "33-arm-mp-addr");

  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{

  if (!ui_test_init (&argc, &argv))
    return 77;

  g_test_add_func ("/ui/window/graphs/mp", test_graphs_mp);
  g_test_add_func ("/ui/window/graphs/aarch64-addr", test_graphs_aarch64_addr);

  return g_test_run ();
}
