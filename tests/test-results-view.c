/* test-results-view.c - a big result in the outcome table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A store-buffering ring of 12 threads under SC has 4,095 final states:
 * the window shows every one of them (and the one SC forbids), as a model the table reads row by
 * row, each state in one cell (twelve columns would be too many), and
 * herd7's output in the text view with most state lines left out (Copy
 * still gives all of it). Not timed: bench/results-fill says how fast.
 */
#define G_LOG_DOMAIN "test-results-view"
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "acy-application.h"
#include "acy-document.h"
#include "acy-execution-browser.h"
#include "acy-results-view.h"
#include "acy-window.h"
#include "slow-shapes.h"
#include "ui-app-support.h"
#include "ui-test-support.h"

#define N_THREADS 12
#define N_STATES  ((1u << N_THREADS) - 1)

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = strchr (text, '\n'); p; p = strchr (p + 1, '\n'))
    n++;
  return n;
}

static gboolean
table_is_full (gpointer data)
{
  return g_list_model_get_n_items (G_LIST_MODEL (data)) == N_STATES + 1;
}

static void
run_and_check (AcyWindow *window, AcyDocument *document)
{
  AcyResultsView *results = acy_document_get_results_view (document);
  GtkColumnView *table;
  GListModel *model;
  g_autofree char *herd_shown = NULL;
  GtkTextBuffer *buffer;
  GtkTextIter start, end;
  const AcyRecord *r;

  ui_test_run (window);
  g_assert_cmpstr (acy_results_view_get_page (results), ==, "result");
  g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Never");

  /* The last state, chosen as the result comes (its row may not be in
   * the table yet), shows its execution; the row is selected once it is. */
  acy_results_view_select_row (results, N_STATES - 1);
  r = acy_execution_browser_get_record (acy_results_view_get_execution_browser (results));
  g_assert_nonnull (r);
  g_assert_cmpint (r->state, ==, (gint) N_STATES - 1);

  /* Every state is a row of the table's model, each row its state. */
  g_assert_cmpuint (acy_results_view_get_n_rows (results), ==, N_STATES);
  g_assert_cmpuint (acy_results_view_get_n_satisfying (results), ==, 0);
  table = GTK_COLUMN_VIEW (find_widget_of_type (GTK_WIDGET (results), GTK_TYPE_COLUMN_VIEW));
  g_assert_nonnull (table);
  model = G_LIST_MODEL (gtk_column_view_get_model (table));
  /* After them, the one state only forbidden executions reach: all
   * registers 0, the store-buffering cycle SC forbids. */
  g_assert_cmpuint (acy_results_view_get_n_forbidden_rows (results), ==, 1);
  /* A big table grows to all its rows over a few main loop iterations
   * (the column view's row widgets come a few at a time) */
  g_assert_cmpuint (g_list_model_get_n_items (model), <=, N_STATES + 1);
  iterate_until (table_is_full, model);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, N_STATES + 1);
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (model)), ==, N_STATES - 1);
  /* Twelve variables: the state in one column, as herd7 writes it. */
  g_assert_cmpuint (g_list_model_get_n_items (gtk_column_view_get_columns (table)), ==, 4);
  {
    g_autoptr(GtkColumnViewColumn) model_column = g_list_model_get_item (gtk_column_view_get_columns (table), 2);
    g_autoptr(GtkColumnViewColumn) last = g_list_model_get_item (gtk_column_view_get_columns (table), 3);
    g_assert_cmpstr (gtk_column_view_column_get_title (model_column), ==, "Model");
    g_assert_cmpstr (gtk_column_view_column_get_title (last), ==, "Final State");
  }
  for (guint i = 0; i < N_STATES; i += 97)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, i);
      g_assert_nonnull (item);
    }
  {
    g_autoptr(GObject) past = g_list_model_get_item (model, N_STATES + 1);
    g_assert_null (past);
  }

  /* The last state, chosen, shows its execution. */
  acy_results_view_select_row (results, N_STATES - 1);
  r = acy_execution_browser_get_record (acy_results_view_get_execution_browser (results));
  g_assert_nonnull (r);
  g_assert_true (r->allowed);
  g_assert_cmpint (r->state, ==, (gint) N_STATES - 1);

  /* herd7's output: all of it to copy, a part in the view. */
  g_assert_cmpuint (count_lines (acy_results_view_get_herd_text (results)), >, N_STATES);
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (find_widget_of_type (GTK_WIDGET (results), GTK_TYPE_TEXT_VIEW)));
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  herd_shown = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_assert_cmpuint (count_lines (herd_shown), <, 1100);
  g_assert_nonnull (strstr (herd_shown, "more states (Copy herd7 Output copies them all)"));
  g_assert_nonnull (strstr (herd_shown, "\nObservation SB-ring-12 Never 0 4095\n"));
}

static void
test_big_result (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *model = acy_window_get_builtin_model ("sc.cat");
  g_autofree char *text = slow_shape_sb_ring (N_THREADS);
  AcyWindow *window;
  AcyDocument *document;

  window = acy_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  acy_window_set_model (window, model);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  document = acy_window_get_document (window);
  acy_document_set_text (document, text, -1, "SB ring", FALSE);

  run_and_check (window, document);
  /* Again: the table is filled anew, not added to. */
  run_and_check (window, document);

  destroy_window (window);
}

/* The nice value of thread @tid of this process, or G_MININT. */
static gint
thread_nice (const char *tid)
{
  g_autofree char *path = g_build_filename ("/proc/self/task", tid, "stat", NULL);
  g_autofree char *stat = NULL;
  g_auto(GStrv) fields = NULL;
  const char *after;

  if (!g_file_get_contents (path, &stat, NULL, NULL) || !(after = strrchr (stat, ')')))
    return G_MININT;
  /* after the command's name: state is field 3, nice field 19 */
  fields = g_strsplit (after + 2, " ", -1);
  return g_strv_length (fields) > 16 ? atoi (fields[16]) : G_MININT;
}

typedef struct {
  AcyDocument *document;
  gboolean     seen;   /* a thread of nice 10 */
} NiceWatch;

static gboolean
check_thread_seen (gpointer data)
{
  NiceWatch *w = data;
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  const char *tid;

  while (dir && (tid = g_dir_read_name (dir)))
    if (thread_nice (tid) == 10)
      w->seen = TRUE;
  return w->seen || !acy_document_get_running (w->document);
}

/* The check runs at a lower priority than the window (nice 10 on its
 * thread alone), so that frames keep their share of a busy machine. The
 * window keeps the priority the test started with (run under nice -n 5,
 * as builds on a shared machine are, it is 5). */
static void
test_check_priority (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *model = acy_window_get_builtin_model ("sc.cat");
  g_autofree char *text = slow_shape_sb_ring (16);
  g_autofree char *main_tid = g_strdup_printf ("%d", getpid ());
  AcyWindow *window;
  NiceWatch w = { 0 };
  int base;

  if (!g_file_test ("/proc/self/task", G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no /proc/self/task");
      return;
    }
  base = thread_nice (main_tid);
  if (base >= 10)
    {
      g_test_skip ("the test runs at nice 10 or more already");
      return;
    }
  window = acy_window_new (app);
  acy_window_set_model (window, model);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  w.document = acy_window_get_document (window);
  acy_document_set_text (w.document, text, -1, "SB ring", FALSE);
  g_assert_false (check_thread_seen (&w) && w.seen);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  iterate_until (check_thread_seen, &w);
  g_assert_true (w.seen);
  g_assert_cmpint (thread_nice (main_tid), ==, base);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel", NULL));
  while (acy_document_get_running (w.document))
    iterate_a_little ();
  destroy_window (window);
}

/* A test with few variables has a column for each. */
static void
test_small_result (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *model = acy_window_get_builtin_model ("coherent-rmo.cat");
  AcyWindow *window;
  AcyDocument *document;
  AcyResultsView *results;
  GtkColumnView *table;
  GListModel *columns;

  window = acy_window_new (app);
  acy_window_set_model (window, model);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  document = ui_test_run_example (window, "C-MP+o-mb-o+o-mb-o");
  results = acy_document_get_results_view (document);
  g_assert_cmpuint (acy_results_view_get_n_rows (results), ==, 3);
  table = GTK_COLUMN_VIEW (find_widget_of_type (GTK_WIDGET (results), GTK_TYPE_COLUMN_VIEW));
  columns = gtk_column_view_get_columns (table);
  /* Two registers, then Condition, Executions and what the model says. */
  g_assert_cmpuint (g_list_model_get_n_items (columns), ==, 5);
  {
    g_autoptr(GtkColumnViewColumn) first = g_list_model_get_item (columns, 0);
    g_autoptr(GtkColumnViewColumn) count = g_list_model_get_item (columns, 3);
    g_autoptr(GtkColumnViewColumn) last = g_list_model_get_item (columns, 4);
    g_assert_cmpstr (gtk_column_view_column_get_title (first), ==, "1:r1");
    g_assert_cmpstr (gtk_column_view_column_get_title (count), ==, "Executions");
    g_assert_cmpstr (gtk_column_view_column_get_title (last), ==, "Model");
  }

  destroy_window (window);
}

/* The Final State cells of the table shown, top to bottom. */
static void
collect_states (GtkWidget *widget, GPtrArray *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget))
    {
      const char *text = gtk_label_get_text (GTK_LABEL (widget));

      if (g_str_has_prefix (text, "1:r0=") || g_str_has_prefix (text, "⋯"))
        g_ptr_array_add (out, widget);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_states (c, out);
}

/* 16 registers: the states in one column, each row after the first
 * saying what differs from the row above (all began "1:r0=0; 1:r1=0;
 * ..." and, cut at the table's edge, looked the same). */
static void
test_many_registers (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *model = acy_window_get_builtin_model ("sc.cat");
  g_autoptr(GString) text = g_string_new ("C many-registers\n{}\nP0(int *x)\n{\n  WRITE_ONCE(*x, 1);\n}\n"
                                          "P1(int *x)\n{\n");
  g_autoptr(GPtrArray) cells = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  AcyWindow *window;
  AcyDocument *document;
  AcyResultsView *results;

  for (guint i = 0; i < 16; i++)
    g_string_append_printf (text, "  int r%u;\n", i);
  for (guint i = 0; i < 16; i++)
    g_string_append_printf (text, "  r%u = READ_ONCE(*x);\n", i);
  g_string_append (text, "}\nexists (");
  for (guint i = 0; i < 16; i++)
    g_string_append_printf (text, "%s1:r%u=%u", i ? " /\\ " : "", i, i < 15);
  g_string_append (text, ")\n");

  window = acy_window_new (app);
  acy_window_set_model (window, model);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 800);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  document = acy_window_get_document (window);
  acy_document_set_text (document, text->str, -1, "many-registers", FALSE);
  ui_test_run (window);
  results = acy_document_get_results_view (document);
  /* the reads of x in order: r0..rk-1 see 0, the rest 1 */
  g_assert_cmpuint (acy_results_view_get_n_rows (results), ==, 17);
  iterate_a_little ();
  collect_states (GTK_WIDGET (results), cells);
  g_assert_cmpuint (cells->len, >=, 3);
  /* the first whole, the others what changed, each different */
  g_assert_nonnull (strstr (gtk_label_get_text (cells->pdata[0]), "1:r15="));
  for (guint i = 1; i < cells->len; i++)
    {
      const char *cell = gtk_label_get_text (cells->pdata[i]);

      g_test_message ("row %u: %s", i, cell);
      g_assert_true (g_str_has_prefix (cell, "⋯ "));
      g_assert_cmpuint (strlen (cell), <, 40);
      g_assert_false (g_hash_table_contains (seen, cell));
      g_hash_table_add (seen, (gpointer) cell);
      /* the whole state is the cell's tooltip */
      g_assert_true (g_str_has_prefix (gtk_widget_get_tooltip_text (cells->pdata[i]), "1:r0="));
    }
  ui_test_save_shot (GTK_WIDGET (window), "31-item5-many-registers");
  destroy_window (window);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 77;
  /* first: no check has run in this process yet */
  g_test_add_func ("/ui/results/check-priority", test_check_priority);
  g_test_add_func ("/ui/results/big", test_big_result);
  g_test_add_func ("/ui/results/small", test_small_result);
  g_test_add_func ("/ui/results/many-registers", test_many_registers);
  return g_test_run ();
}
