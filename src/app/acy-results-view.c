/* acy-results-view.c - the verdict, outcome table and herd7 text of a run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "acy-accessible.h"
#include "acy-execution-browser.h"
#include "acy-machine-bar.h"
#include "acy-tab-stop.h"
#include "acy-results-view-private.h"


G_DEFINE_FINAL_TYPE (AcyResultsView, acy_results_view, GTK_TYPE_WIDGET)

/* Adwaita's column view, measured: header and row heights in pixels,
 * plus the card's border and bottom margin. */
/* Past this many observed variables, a state is one cell (showing what
 * differs from the row above, bind_state): a table 18 columns wide
 * reads no better, and GTK 4.8 makes a widget per cell for 200 rows
 * whatever the table shows, which was most of the time a big result
 * took to appear. */
#define MAX_VALUE_COLUMNS 6

/* GTK 4.8's column view keeps widgets for 200 rows around the one in
 * view, however few it shows: making or unmaking them all at once held
 * the main loop for 50-250 ms when a big result came in (the rows of the
 * old result went, the new ones came). The rows of a table come and go
 * a few at a time: past the 200, the rest of a big table is added at
 * once, which costs no widget.
 *
 * A new row costs most in the frame that first lays it out (its style
 * and size: about half a millisecond with llvmpipe), so a growing table
 * takes one step per frame drawn, and the result's first frame has the
 * few rows in view. While a check runs, the old rows go
 * TABLE_EMPTY_ROWS per main loop iteration. */
#define TABLE_FIRST_ROWS 10
#define TABLE_GROW_ROWS 20
#define TABLE_EMPTY_ROWS 40
#define TABLE_WIDGET_ROWS 200
/* A step waits no longer for a frame: a hidden window draws none. */
#define TABLE_FRAME_WAIT_MSEC 100

#define TABLE_HEADER_HEIGHT 34
#define TABLE_ROW_HEIGHT    35
#define TABLE_MARGIN        16
#define TABLE_ROWS_SHOWN    5

enum {
  EVENT_ACTIVATED,
  LOCATION_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The clock of a check ticks on its own: a candidate can take long, and
 * a still label looks like a hang. */
#define PROGRESS_TICK_MSEC 200

static void
acy_results_view_update_progress (AcyResultsView *self)
{
  double elapsed = (g_get_monotonic_time () - self->running_since) / (double) G_USEC_PER_SEC;
  g_autofree char *text = NULL;

  if (!self->progress_seen)
    /* Translators: before the first candidate; %.1f is seconds */
    text = g_strdup_printf (_("Loading the model and the test… (%.1f s)"), elapsed);
  else
    {
      g_autofree char *candidates = g_strdup_printf ("%'" G_GUINT64_FORMAT, self->progress_candidates);
      g_autofree char *allowed = g_strdup_printf ("%'" G_GUINT64_FORMAT, self->progress_allowed);

      /* Translators: progress of a check; the numbers are counts, then seconds */
      text = g_strdup_printf (_("%s candidate executions judged, %s allowed so far (%.1f s)"),
                              candidates, allowed, elapsed);
    }
  gtk_label_set_text (self->progress_label, text);
}

static gboolean
acy_results_view_tick (gpointer data)
{
  AcyResultsView *self = data;

  acy_results_view_update_progress (self);
  gtk_progress_bar_pulse (self->progress_bar);
  return G_SOURCE_CONTINUE;
}

/* The running page's spinner and pulsing bar animate only while it is
 * shown. A GtkStack keeps its other pages realized, and a realized
 * widget's tick callbacks run whether it is mapped or not: a bar left in
 * activity mode asked for a new frame of the whole window on every frame
 * for as long as the window stayed open. Setting a fraction ends
 * activity mode, and with it the tick callback. */
static void
acy_results_view_set_page (AcyResultsView *self,
                           const char     *name)
{
  gboolean running = g_str_equal (name, "running");

  if (!running)
    {
      g_clear_handle_id (&self->tick_id, g_source_remove);
      gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
    }
  gtk_spinner_set_spinning (self->spinner, running);
  gtk_stack_set_visible_child_name (self->stack, name);
}

static void acy_results_view_selection_changed (AcyResultsView *self);

/* Selects @row of the table, already shown, without showing its
 * executions again: the browser shows them already. */
static void
select_row_quietly (AcyResultsView *self,
                    guint           row)
{
  g_signal_handlers_block_by_func (self->selection, acy_results_view_selection_changed, self);
  gtk_single_selection_set_selected (self->selection, row);
  g_signal_handlers_unblock_by_func (self->selection, acy_results_view_selection_changed, self);
}

static gboolean acy_results_view_table_step (gpointer data);

static void
acy_results_view_stop_table_steps (AcyResultsView *self)
{
  g_clear_handle_id (&self->table_idle, g_source_remove);
  /* A window going away takes its clock's handlers with it. */
  if (self->table_clock != NULL && self->table_frame_id != 0
      && g_signal_handler_is_connected (self->table_clock, self->table_frame_id))
    g_signal_handler_disconnect (self->table_clock, self->table_frame_id);
  self->table_frame_id = 0;
  g_clear_object (&self->table_clock);
}

static void
acy_results_view_table_frame (GdkFrameClock  *clock,
                              AcyResultsView *self)
{
  acy_results_view_stop_table_steps (self);
  self->table_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, acy_results_view_table_step,
                                      self, NULL);
}

/* The next step of growing the table, after the window's next frame
 * (or TABLE_FRAME_WAIT_MSEC, whichever comes first) */
static void
acy_results_view_grow_after_frame (AcyResultsView *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self->column_view));

  acy_results_view_stop_table_steps (self);
  if (clock != NULL)
    {
      self->table_clock = g_object_ref (clock);
      self->table_frame_id = g_signal_connect (clock, "after-paint",
                                               G_CALLBACK (acy_results_view_table_frame), self);
    }
  self->table_idle = g_timeout_add_full (G_PRIORITY_DEFAULT_IDLE,
                                         clock != NULL ? TABLE_FRAME_WAIT_MSEC : 0,
                                         acy_results_view_table_step, self, NULL);
}

/* One step of growing the table to all its states, or, while a check
 * runs and the table is out of sight, of emptying it (see
 * TABLE_GROW_ROWS). */
static gboolean
acy_results_view_table_step (gpointer data)
{
  AcyResultsView *self = data;
  AcyOutcomeList *list = self->outcomes;
  gboolean growing = !g_str_equal (gtk_stack_get_visible_child_name (self->stack), "running");
  guint n = list->n_shown;

  if (growing)
    n = n + TABLE_GROW_ROWS >= TABLE_WIDGET_ROWS ? list->n_states : n + TABLE_GROW_ROWS;
  else
    n = n > TABLE_WIDGET_ROWS ? TABLE_WIDGET_ROWS : n > TABLE_EMPTY_ROWS ? n - TABLE_EMPTY_ROWS : 0;
  acy_outcome_list_set_n_shown (list, n);
  if (!growing && n > 0)
    return G_SOURCE_CONTINUE;
  /* This source ends here, whatever comes next. */
  self->table_idle = 0;
  if (!growing)
    {
      /* Emptied: the old states go now, on a worker, while the check
       * runs. Freed as the new result came, they held the main thread
       * up to a quarter of a second (its allocations waited on the
       * freeing thread's) just when the new table was being made. */
      g_clear_object (&self->outcomes);
      self->outcomes = acy_outcome_list_new (NULL, 0);
      g_list_store_splice (self->sections, 0, 1, (gpointer *) &self->outcomes, 1);
    }
  if (growing && n < list->n_states)
    {
      acy_results_view_grow_after_frame (self);
      return G_SOURCE_REMOVE;
    }

  acy_results_view_stop_table_steps (self);
  if (growing && self->pending_row < list->n_shown)
    select_row_quietly (self, self->pending_row);
  self->pending_row = G_MAXUINT;
  return G_SOURCE_REMOVE;
}

/* Growing, after a frame: the result's first frame comes first.
 * Emptying, above redrawing: while a check runs the spinner redraws the
 * window frame after frame, and an idle below them would wait for the
 * end. */
static void
acy_results_view_start_table_steps (AcyResultsView *self)
{
  gboolean running = g_str_equal (gtk_stack_get_visible_child_name (self->stack), "running");

  if (self->table_idle != 0)
    return;
  if (running)
    self->table_idle = g_idle_add_full (G_PRIORITY_DEFAULT, acy_results_view_table_step, self, NULL);
  else
    acy_results_view_grow_after_frame (self);
}

void
acy_results_view_show_empty (AcyResultsView *self)
{
  g_return_if_fail (ACY_IS_RESULTS_VIEW (self));

  acy_results_view_set_page (self, "empty");
}

void
acy_results_view_show_running (AcyResultsView *self)
{
  g_return_if_fail (ACY_IS_RESULTS_VIEW (self));

  self->progress_candidates = 0;
  self->progress_allowed = 0;
  self->progress_seen = FALSE;
  self->running_since = g_get_monotonic_time ();
  gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
  acy_results_view_update_progress (self);
  acy_results_view_set_page (self, "running");
  /* The old table's rows go while the check runs, a few at a time, so
   * that the new result does not wait for them. */
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  self->pending_row = G_MAXUINT;
  acy_results_view_stop_table_steps (self);
  if (self->outcomes->n_shown > 0)
    acy_results_view_start_table_steps (self);
  if (self->tick_id == 0)
    self->tick_id = g_timeout_add (PROGRESS_TICK_MSEC, acy_results_view_tick, self);
}

void
acy_results_view_set_progress (AcyResultsView       *self,
                               const AcyRunProgress *progress)
{
  g_return_if_fail (ACY_IS_RESULTS_VIEW (self));

  self->progress_candidates = progress->candidates;
  self->progress_allowed = progress->allowed;
  self->progress_seen = TRUE;
  acy_results_view_update_progress (self);
}

/* The running page's text, for tests */
const char *
acy_results_view_get_progress_text (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), NULL);

  return gtk_label_get_text (self->progress_label);
}

/* @spoken (nullable): what a screen reader is told after @title when it
 * is not @message, such as the error itself */
void
acy_results_view_show_failure (AcyResultsView *self,
                               const char     *icon_name,
                               const char     *title,
                               const char     *message,
                               const char     *spoken)
{
  g_return_if_fail (ACY_IS_RESULTS_VIEW (self));

  {
    /* TRANSLATORS: a failed check as announced to a screen reader:
     * the title, then the message (or the error itself) */
    g_autofree char *said = g_strdup_printf (_("%s: %s"), title, spoken ? spoken : message);

    acy_accessible_announce (GTK_WIDGET (self->failure_page), said);
  }

  adw_status_page_set_icon_name (self->failure_page, icon_name);
  adw_status_page_set_title (self->failure_page, title);
  adw_status_page_set_description (self->failure_page, message);
  acy_results_view_set_page (self, "failed");
}

void
acy_results_view_set_css_class (GtkWidget  *widget,
                                const char *css_class,
                                gboolean    on)
{
  if (on)
    gtk_widget_add_css_class (widget, css_class);
  else
    gtk_widget_remove_css_class (widget, css_class);
}

/**
 * acy_results_view_set_stale:
 * @reason: why the result shown is out of date, or %ACY_STALE_NONE
 *
 * A result for another model is greyed out: its verdict is not the
 * selected model's.
 */
void
acy_results_view_set_stale (AcyResultsView *self,
                            AcyStaleReason  reason)
{
  g_return_if_fail (ACY_IS_RESULTS_VIEW (self));

  self->stale = reason;
  if (reason == ACY_STALE_MODEL)
    gtk_label_set_text (self->stale_label, _("Model changed — run again"));
  else if (reason == ACY_STALE_EDITED)
    gtk_label_set_text (self->stale_label, _("Edited since the last run"));
  gtk_revealer_set_reveal_child (self->stale_revealer, reason != ACY_STALE_NONE);
  acy_results_view_set_css_class (self->result_box, "stale-result", reason == ACY_STALE_MODEL);
}

gboolean
acy_results_view_get_stale (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), FALSE);

  return self->stale != ACY_STALE_NONE;
}

/* The banner's text, or %NULL when the result is current */
const char *
acy_results_view_get_stale_text (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), NULL);

  return self->stale != ACY_STALE_NONE ? gtk_label_get_text (self->stale_label) : NULL;
}

/* A cell of the state: marked when it satisfies the condition, dim
 * when the model forbids it. Cells are recycled, so both ways. */
static void
style_value (GtkWidget        *label,
             const AcyOutcome *outcome)
{
  acy_results_view_set_css_class (label, "satisfying", outcome->satisfies && !outcome->forbidden);
  acy_results_view_set_css_class (label, "dim-label", outcome->forbidden);
}

void
acy_results_view_setup_label (GtkSignalListItemFactory *factory,
                              GtkListItem              *item,
                              gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_widget_add_css_class (label, "monospace");
  gtk_list_item_set_child (item, label);
}

static void
bind_value (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  AcyOutcome *outcome = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  guint column = GPOINTER_TO_UINT (user_data);

  gtk_label_set_text (GTK_LABEL (label), acy_outcome_get_value (outcome, column));
  style_value (label, outcome);
}

/* The state in one cell, as herd7 writes it ("0:r0=0; 1:r0=1;"), in the
 * first row of its section; below it only what differs from the row
 * above, after "⋯", and the whole state in the cell's tooltip. With 16
 * registers the states of a table share most of their values, and
 * cells cut at the table's edge all looked the same. */
static void
bind_state (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  AcyResultsView *self = user_data;
  AcyOutcome *outcome = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) changed = g_string_new ("⋯");
  g_autoptr(AcyOutcome) above = NULL;

  if (outcome->index > 0)
    above = g_list_model_get_item (outcome->list ? G_LIST_MODEL (outcome->list) : G_LIST_MODEL (self->forbidden),
                                   outcome->index - 1);
  for (guint i = 0; self->observed && self->observed[i]; i++)
    {
      const char *value = acy_outcome_get_value (outcome, i);

      g_string_append_printf (text, "%s%s=%s;", i ? " " : "", self->observed[i], value);
      if (above == NULL || g_strcmp0 (value, acy_outcome_get_value (above, i)) != 0)
        g_string_append_printf (changed, " %s=%s;", self->observed[i], value);
    }
  gtk_label_set_text (GTK_LABEL (label), above ? changed->str : text->str);
  gtk_widget_set_tooltip_text (label, above ? text->str : NULL);
  style_value (label, outcome);
}

static void
bind_model (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  AcyOutcome *outcome = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autofree char *text = NULL;

  gtk_widget_remove_css_class (label, "monospace");
  if (outcome->machine_only)
    /* Translators: in the outcome table, a final state this machine's
     * CPU showed that no execution the check recorded reaches */
    text = g_strdup (_("Forbidden"));
  else if (outcome->forbidden)
    {
      /* Translators: in the outcome table, the check of the model that
       * forbids every execution reaching this final state */
      text = g_strdup_printf (_("Forbidden by %s"), outcome->check ? outcome->check : "?");
    }
  else
    text = g_strdup (_("Allowed"));
  acy_results_view_set_css_class (label, "error", outcome->forbidden);
  gtk_label_set_text (GTK_LABEL (label), text);
}

static void
bind_count (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  AcyOutcome *outcome = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autofree char *text = g_strdup_printf ("%'" G_GUINT64_FORMAT, outcome->count);

  gtk_label_set_xalign (GTK_LABEL (label), 1.0f);
  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_widget_add_css_class (label, "numeric");
}

static void
setup_check (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  user_data)
{
  GtkWidget *image = gtk_image_new_from_icon_name ("object-select-symbolic");

  gtk_widget_add_css_class (image, "satisfying");
  gtk_list_item_set_child (item, image);
}

/* The row of the column view a cell's child is in: GTK 4.8 builds the
 * rows itself and gives them no name, so a screen reader read the cells
 * ("0 0 Does not satisfy the condition 1") without their columns. */
static void
name_row (AcyResultsView *self,
          GtkWidget      *child,
          AcyOutcome     *outcome)
{
  GtkWidget *cell = gtk_widget_get_parent (child);
  GtkWidget *row = cell ? gtk_widget_get_parent (cell) : NULL;
  g_autoptr(GString) name = g_string_new (NULL);
  g_autofree char *count = g_strdup_printf ("%'" G_GUINT64_FORMAT, outcome->count);

  if (row == NULL || self->report == NULL
      || gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (row)) != GTK_ACCESSIBLE_ROLE_ROW)
    return;

  for (guint i = 0; self->observed != NULL && self->observed[i] != NULL; i++)
    g_string_append_printf (name, "%s%s = %s", i > 0 ? ", " : "",
                            self->observed[i], acy_outcome_get_value (outcome, i));
  g_string_append (name, "; ");
  if (outcome->forbidden)
    g_string_append_printf (name, _("Forbidden by %s"), outcome->check ? outcome->check : "?");
  else
    g_string_append (name, _("Allowed"));
  g_string_append (name, "; ");
  g_string_append (name, outcome->satisfies ? _("Satisfies the condition") : _("Does not satisfy the condition"));
  g_string_append (name, "; ");
  /* TRANSLATORS: the last column of the outcome table as a screen
   * reader reads it */
  g_string_append_printf (name, g_dngettext (GETTEXT_PACKAGE, "%s execution", "%s executions",
                                             outcome->count == 1 ? 1 : 2),
                          count);
  if (self->machine != NULL)
    {
      gboolean alarm;
      g_autofree char *observed = acy_results_view_observed_text (self, outcome, &alarm);

      g_string_append_printf (name, "; %s", observed);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name->str, -1);
}

static void
bind_check (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  AcyOutcome *outcome = gtk_list_item_get_item (item);
  GtkWidget *image = gtk_list_item_get_child (item);

  name_row (user_data, image, outcome);

  gtk_widget_set_opacity (image, outcome->satisfies ? (outcome->forbidden ? 0.4 : 1.0) : 0.0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (image),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  outcome->satisfies ? _("Satisfies the condition") : _("Does not satisfy the condition"),
                                  -1);
}

static void
add_column (AcyResultsView *self,
            const char     *title,
            GCallback       setup,
            GCallback       bind,
            gpointer        data)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) column = NULL;

  g_signal_connect (factory, "setup", setup, data);
  g_signal_connect (factory, "bind", bind, data);
  column = gtk_column_view_column_new (title, factory);
  /* Share the width: a state has few variables, and a narrow table with
   * a wide empty margin reads worse than an evenly spread one.
   */
  gtk_column_view_column_set_expand (column, TRUE);
  gtk_column_view_append_column (self->column_view, column);
}

static void
clear_columns (AcyResultsView *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->column_view);

  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, 0);

      gtk_column_view_remove_column (self->column_view, column);
    }
}

/* herd7's output in the text view, cut short by the worker (see
 * acy-check-job.c): Copy herd7 Output still copies all of it. */
static void
show_herd_text (AcyResultsView *self,
                AcyRunReport   *report)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->herd_view);

  gtk_text_buffer_set_text (buffer, report->herd_shown ? report->herd_shown : report->herd_text, -1);
}

static const char *
verdict_text (const char *observation)
{
  if (g_strcmp0 (observation, "Never") == 0)
    return C_("verdict", "Never");
  if (g_strcmp0 (observation, "Always") == 0)
    return C_("verdict", "Always");
  return C_("verdict", "Sometimes");
}

static const char *
verdict_summary (const char *observation)
{
  if (g_strcmp0 (observation, "Never") == 0)
    return _("No execution the model allows satisfies the condition.");
  if (g_strcmp0 (observation, "Always") == 0)
    return _("Every execution the model allows satisfies the condition.");
  return _("Some executions the model allows satisfy the condition, others do not.");
}

static void
update_expected (AcyResultsView *self,
                 AcyRunReport   *report)
{
  g_autofree char *word = NULL;
  g_autofree char *text = NULL;
  gboolean agrees;

  gtk_widget_set_visible (GTK_WIDGET (self->expected_box), report->expected != NULL);
  if (report->expected == NULL)
    return;

  word = g_strndup (report->expected, strcspn (report->expected, " \t"));
  agrees = g_str_equal (word, report->observation);
  gtk_widget_remove_css_class (GTK_WIDGET (self->expected_box), agrees ? "error" : "success");
  gtk_widget_add_css_class (GTK_WIDGET (self->expected_box), agrees ? "success" : "error");
  gtk_image_set_from_icon_name (self->expected_icon,
                                agrees ? "emblem-ok-symbolic" : "dialog-warning-symbolic");
  if (agrees)
    /* Translators: %s is the verdict the test's "Result:" comment expects */
    text = g_strdup_printf (_("Agrees with the test’s expected result, %s"), report->expected);
  else
    /* Translators: %s is the verdict the test's "Result:" comment expects */
    text = g_strdup_printf (_("Differs from the test’s expected result, %s"), report->expected);
  gtk_label_set_text (self->expected_label, text);
}

/* GtkPaned starts a fixed child at its minimum; give the table room for
 * its rows, allowed and forbidden (up to a few), the graphs the rest.
 * The user may drag. */
void
acy_results_view_fit_table (AcyResultsView *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));

  gtk_paned_set_position (self->outcomes_paned,
                          TABLE_HEADER_HEIGHT + TABLE_ROW_HEIGHT * MIN (n, TABLE_ROWS_SHOWN)
                          + TABLE_MARGIN);
}

/**
 * acy_results_view_show_report:
 * @self: an #AcyResultsView
 * @report: (transfer full): a finished check
 */
void
acy_results_view_show_report (AcyResultsView *self,
                              AcyRunReport   *report)
{
  g_autofree char *witnesses = NULL;
  g_autofree char *positive = NULL;
  g_autofree char *negative = NULL;
  gboolean same_columns, wide;
  guint n_observed;

  g_return_if_fail (ACY_IS_RESULTS_VIEW (self));
  g_return_if_fail (report != NULL);

  g_clear_pointer (&self->report, acy_run_report_free);
  self->report = report;

  gtk_label_set_text (self->verdict_label, verdict_text (report->observation));
  /* fixes are for a state the test reaches, and for the text checked:
   * a list or "Applied: ..." from before is gone */
  gtk_widget_set_visible (self->fixes_button, g_strcmp0 (report->observation, "Never") != 0);
  acy_fixes_view_reset (self->fixes_view);
  positive = g_strdup_printf ("%" G_GUINT64_FORMAT, report->positive);
  negative = g_strdup_printf ("%" G_GUINT64_FORMAT, report->negative);
  /* Translators: herd's witness counts; keep "Positive"/"Negative" short */
  witnesses = g_strdup_printf (_("Positive: %s   Negative: %s"), positive, negative);
  gtk_label_set_text (self->witnesses_label, witnesses);
  gtk_label_set_text (self->summary_label, verdict_summary (report->observation));

  {
    g_autoptr(GString) text = g_string_new (NULL);

    if (report->flags != NULL && report->flags[0] != NULL)
      {
        g_autofree char *joined = g_strjoinv (", ", report->flags);

        g_string_append_printf (text, _("Flags: %s"), joined);
      }
    /* never left out without a word (herd7 answers so, or refuses) */
    if (report->left_out != NULL)
      g_string_append_printf (text, "%s%s", text->len ? "\n" : "", report->left_out);
    gtk_label_set_text (self->flags_label, text->str);
    gtk_widget_set_visible (GTK_WIDGET (self->flags_label), text->len > 0);
  }

  update_expected (self, report);
  {
    /* TRANSLATORS: a finished check as announced to a screen reader:
     * the verdict, then its explanation */
    g_autofree char *spoken = g_strdup_printf (_("%s: %s"), verdict_text (report->observation),
                                               verdict_summary (report->observation));

    /* The table is described by the verdict (see init). */
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->verdict_label),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, spoken, -1);
    acy_accessible_announce (GTK_WIDGET (self->verdict_label), spoken);
  }

  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  g_list_store_remove_all (self->forbidden);
  /* A view's rows are made for its columns: with the model detached,
   * changing both costs one set of rows instead of two; the same
   * columns again (the same test run again) are kept. */
  n_observed = g_strv_length (report->observed);
  wide = n_observed > MAX_VALUE_COLUMNS;
  same_columns = self->observed && g_strv_equal ((const char * const *) self->observed,
                                                 (const char * const *) report->observed);
  if (!same_columns)
    {
      gtk_column_view_set_model (self->column_view, NULL);
      clear_columns (self);
      g_strfreev (self->observed);
      self->observed = g_strdupv (report->observed);
      /* A long state goes last, where it may run past the edge without
       * hiding the short columns. */
      for (guint i = 0; !wide && i < n_observed; i++)
        add_column (self, report->observed[i], G_CALLBACK (acy_results_view_setup_label), G_CALLBACK (bind_value),
                    GUINT_TO_POINTER (i));
      add_column (self, _("Condition"), G_CALLBACK (setup_check), G_CALLBACK (bind_check), self);
      add_column (self, _("Executions"), G_CALLBACK (acy_results_view_setup_label), G_CALLBACK (bind_count), NULL);
      add_column (self, _("Model"), G_CALLBACK (acy_results_view_setup_label), G_CALLBACK (bind_model), NULL);
      if (wide)
        add_column (self, _("Final State"), G_CALLBACK (acy_results_view_setup_label), G_CALLBACK (bind_state), self);
    }

  /* Each report a list of its own: rows made from the old one keep it.
   * A big one grows in steps (TABLE_GROW_ROWS). */
  acy_results_view_stop_table_steps (self);
  self->pending_row = G_MAXUINT;
  g_clear_object (&self->outcomes);
  self->outcomes = acy_outcome_list_new (report, TABLE_FIRST_ROWS);
  g_list_store_splice (self->sections, 0, 1, (gpointer *) &self->outcomes, 1);

  show_herd_text (self, report);

  acy_results_view_fit_table (self);

  acy_results_view_set_stale (self, ACY_STALE_NONE);
  acy_results_view_set_page (self, "result");
  if (!same_columns)
    gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  /* On the result page: the rest grows after its first frame */
  if (self->outcomes->n_shown < self->outcomes->n_states)
    acy_results_view_start_table_steps (self);
  acy_results_view_apply_machine (self);
}

const char *
acy_results_view_get_page (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), NULL);

  return gtk_stack_get_visible_child_name (self->stack);
}

const char *
acy_results_view_get_verdict (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), NULL);

  return gtk_label_get_text (self->verdict_label);
}

const char *
acy_results_view_get_notes (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->flags_label)))
    return NULL;
  return gtk_label_get_text (self->flags_label);
}

guint
acy_results_view_get_n_rows (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), 0);

  return self->outcomes->n_states;
}

/* Final states only forbidden executions reach, listed after the
 * allowed ones */
guint
acy_results_view_get_n_forbidden_rows (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), 0);

  return g_list_model_get_n_items (G_LIST_MODEL (self->forbidden));
}

/**
 * acy_results_view_get_row_check:
 * @row: a row of the table
 *
 * Returns: (nullable): the check that forbids the final state of @row,
 *   or %NULL for an allowed state
 */
const char *
acy_results_view_get_row_check (AcyResultsView *self,
                                guint           row)
{
  g_autoptr(AcyOutcome) outcome = NULL;

  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), NULL);

  /* Counted as shown in full, while the table grows too */
  if (row < self->outcomes->n_states)
    return NULL;
  outcome = g_list_model_get_item (G_LIST_MODEL (self->forbidden), row - self->outcomes->n_states);
  return outcome != NULL && outcome->forbidden ? outcome->check : NULL;
}

/* The allowed states of the result shown that satisfy the condition.
 * Counted when asked (tests ask): counted as each result came, a big
 * one's hundreds of thousands of states took the main thread a few
 * milliseconds for nothing the window shows. */
guint
acy_results_view_get_n_satisfying (AcyResultsView *self)
{
  AcyOutcomeList *list;
  guint n = 0;

  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), 0);

  list = self->outcomes;
  for (guint i = 0; list->result != NULL && i < list->n_states; i++)
    n += acy_check_result_get_state (list->result, i)->satisfies;
  return n;
}

const char *
acy_results_view_get_herd_text (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), NULL);

  return self->report ? self->report->herd_text : NULL;
}

const char *
acy_results_view_get_expected_text (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->expected_box)))
    return NULL;
  return gtk_label_get_text (self->expected_label);
}

/**
 * acy_results_view_get_cost:
 * @candidates: (out): candidate executions the run shown judged
 * @seconds: (out): how long it took
 *
 * Returns: whether a finished run is shown
 */
gboolean
acy_results_view_get_cost (AcyResultsView *self,
                           guint64        *candidates,
                           double         *seconds)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), FALSE);

  if (self->report == NULL)
    return FALSE;
  *candidates = self->report->candidates;
  *seconds = self->report->elapsed;
  return TRUE;
}

guint64
acy_results_view_get_progress_candidates (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), 0);

  return self->progress_candidates;
}

/* Executions */

/* The final states of the recorded forbidden executions that no allowed
 * execution reaches, each with the first execution and its failed check.
 * Final values are interned by the recorder: equal states share them.
 *
 * The forbidden states are gathered first and the allowed records
 * looked up in them: a big run has thousands of allowed records and
 * often no forbidden one, and a set of every allowed state, made on the
 * main thread as the result came, was most of the time this took. */
typedef struct {
  const AcyValue *final;
  guint           record;    /* the first forbidden record ending in it */
  guint64         count;
} ForbiddenState;

static void
acy_results_view_add_forbidden (AcyResultsView *self,
                                const AcyTest  *test,
                                AcyRecorder    *recorder)
{
  guint n = acy_recorder_get_n_records (recorder);
  guint n_observed = acy_test_get_n_observed (test);
  g_autoptr(GHashTable) index = g_hash_table_new (NULL, NULL);  /* final -> 1 + its ForbiddenState */
  g_autoptr(GHashTable) reached = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) states = g_array_new (FALSE, FALSE, sizeof (ForbiddenState));
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < n; i++)
    {
      const AcyRecord *r = acy_recorder_peek_record (recorder, i);
      guint k;

      if (r->allowed)
        continue;
      k = GPOINTER_TO_UINT (g_hash_table_lookup (index, r->final));
      if (k > 0)
        g_array_index (states, ForbiddenState, k - 1).count++;
      else
        {
          ForbiddenState state = { r->final, i, 1 };

          g_array_append_val (states, state);
          g_hash_table_insert (index, (gpointer) r->final, GUINT_TO_POINTER (states->len));
        }
    }
  for (guint i = 0; i < n && g_hash_table_size (reached) < states->len; i++)
    {
      const AcyRecord *r = acy_recorder_peek_record (recorder, i);

      if (r->allowed && g_hash_table_contains (index, r->final))
        g_hash_table_add (reached, (gpointer) r->final);
    }
  for (guint k = 0; k < states->len; k++)
    {
      const ForbiddenState *state = &g_array_index (states, ForbiddenState, k);
      const AcyRecord *r;
      AcyOutcome *outcome;

      if (g_hash_table_contains (reached, state->final))
        continue;
      r = acy_recorder_peek_record (recorder, state->record);
      outcome = g_object_new (ACY_TYPE_OUTCOME, NULL);
      outcome->values = g_new0 (char *, n_observed + 1);
      for (guint j = 0; j < n_observed; j++)
        outcome->values[j] = acy_test_format_value (test, state->final[j]);
      outcome->count = state->count;
      outcome->satisfies = r->condition;
      outcome->forbidden = TRUE;
      outcome->check = r->failed_check;
      outcome->record = state->record;
      outcome->index = rows->len;
      g_ptr_array_add (rows, outcome);
    }
  g_list_store_splice (self->forbidden, 0, g_list_model_get_n_items (G_LIST_MODEL (self->forbidden)),
                       rows->pdata, rows->len);
  acy_results_view_fit_table (self);
  acy_results_view_apply_machine (self);
}

/**
 * acy_results_view_set_run:
 * @test: (nullable): the test of the report shown
 * @model: (nullable): its model
 * @recorder: (nullable): its recorded outcomes, states resolved
 * @grid: (nullable): the graphs' grid for @recorder, if measured already
 *
 * Shows the executions of the run. Nothing is copied: the caller keeps
 * them alive until the next call, and calls with %NULLs before freeing
 * them. Starts on the execution that says most about the verdict: one
 * allowed execution satisfying the condition, else a forbidden one that
 * would have (with its failing check), else the first allowed one.
 */
void
acy_results_view_set_run (AcyResultsView     *self,
                          const AcyTest      *test,
                          const AcyModel     *model,
                          AcyRecorder        *recorder,
                          const AcyGraphGrid *grid)
{
  guint n = recorder ? acy_recorder_get_n_records (recorder) : 0;
  gint witness = -1, forbidden = -1;

  g_return_if_fail (ACY_IS_RESULTS_VIEW (self));

  acy_execution_browser_set_run_with_grid (self->browser, test, model, recorder, grid);
  if (recorder == NULL)
    {
      g_list_store_remove_all (self->forbidden);
      return;
    }
  acy_results_view_add_forbidden (self, test, recorder);

  for (guint i = 0; i < n && witness < 0; i++)
    {
      const AcyRecord *r = acy_recorder_peek_record (recorder, i);

      if (r->allowed && r->condition && r->state >= 0)
        witness = r->state;
      else if (!r->allowed && r->condition && forbidden < 0)
        forbidden = (gint) i;
    }
  if (witness >= 0)
    acy_results_view_select_row (self, (guint) witness);
  else if (forbidden >= 0)
    acy_execution_browser_show_record (self->browser, (guint) forbidden);
  else
    acy_execution_browser_set_filter (self->browser, ACY_BROWSE_ALLOWED);
}

/**
 * acy_results_view_select_row:
 * @row: a row of the outcome table, which is also the index of its state
 *
 * Selects @row and shows the first execution that ends in its state.
 */
void
acy_results_view_select_row (AcyResultsView *self,
                             guint           row)
{
  g_return_if_fail (ACY_IS_RESULTS_VIEW (self));

  /* Not in the table yet: its executions now, the row once it is */
  if (row < self->outcomes->n_states && row >= self->outcomes->n_shown)
    {
      gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
      self->pending_row = row;
      acy_execution_browser_show_state (self->browser, row);
      return;
    }
  self->pending_row = G_MAXUINT;
  if (gtk_single_selection_get_selected (self->selection) == row)
    acy_execution_browser_show_state (self->browser, row);
  else
    gtk_single_selection_set_selected (self->selection, row);
}

/**
 * acy_results_view_get_execution_browser:
 *
 * Returns: (transfer none): the browser of the run's executions
 */
/* The Fixes page, shown. */
AcyFixesView *
acy_results_view_show_fixes (AcyResultsView *self)
{
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (self->fixes_view), GTK_TYPE_STACK);

  gtk_stack_set_visible_child_name (GTK_STACK (stack), "fixes");
  return self->fixes_view;
}

gboolean
acy_results_view_get_fixes_offered (AcyResultsView *self)
{
  return gtk_widget_get_visible (self->fixes_button);
}

AcyExecutionBrowser *
acy_results_view_get_execution_browser (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), NULL);

  return self->browser;
}

static void
acy_results_view_selection_changed (AcyResultsView *self)
{
  guint row = gtk_single_selection_get_selected (self->selection);
  g_autoptr(AcyOutcome) outcome = NULL;

  if (row == GTK_INVALID_LIST_POSITION)
    return;
  /* The user's choice, over a row waiting to be selected */
  self->pending_row = G_MAXUINT;
  outcome = g_list_model_get_item (G_LIST_MODEL (self->selection), row);
  /* A forbidden state: its first execution, with the failing check */
  if (outcome != NULL && outcome->forbidden)
    acy_execution_browser_show_record (self->browser, outcome->record);
  else
    acy_execution_browser_show_state (self->browser, row);
}

static void
acy_results_view_event_activated (AcyResultsView *self,
                                  guint           line,
                                  guint           col)
{
  g_signal_emit (self, signals[EVENT_ACTIVATED], 0, line, col);
}

static void
acy_results_view_location_activated (AcyResultsView *self,
                                     const char     *file,
                                     guint           line,
                                     guint           col)
{
  g_signal_emit (self, signals[LOCATION_ACTIVATED], 0, file, line, col);
}

static void
acy_results_view_copy_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  AcyResultsView *self = ACY_RESULTS_VIEW (widget);

  if (self->report == NULL)
    return;

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), self->report->herd_text);
}

static void
acy_results_view_dispose (GObject *object)
{
  AcyResultsView *self = ACY_RESULTS_VIEW (object);
  GtkWidget *child;

  g_clear_handle_id (&self->tick_id, g_source_remove);
  acy_results_view_stop_table_steps (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), ACY_TYPE_RESULTS_VIEW);
  /* The box around the machine bar and the stack is not a bound child,
   * so it is ours to drop. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->selection);
  g_clear_object (&self->outcomes);
  g_clear_object (&self->forbidden);
  g_clear_object (&self->sections);
  g_clear_pointer (&self->observed, g_strfreev);
  g_clear_pointer (&self->report, acy_run_report_free);
  g_clear_pointer (&self->machine, acy_machine_report_free);
  g_clear_pointer (&self->machine_seen, g_hash_table_unref);
  g_clear_object (&self->observed_column);

  G_OBJECT_CLASS (acy_results_view_parent_class)->dispose (object);
}

static void
acy_results_view_class_init (AcyResultsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acy_results_view_dispose;

  g_type_ensure (ACY_TYPE_EXECUTION_BROWSER);
  g_type_ensure (ACY_TYPE_FIXES_VIEW);
  g_type_ensure (ACY_TYPE_TAB_STOP);
  g_type_ensure (ACY_TYPE_MACHINE_BAR);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/acyclic/Acyclic/acy-results-view.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "acyresultsview");

  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, stack);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, spinner);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, progress_label);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, failure_page);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, stale_revealer);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, stale_label);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, result_box);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, witnesses_label);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, summary_label);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, flags_label);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, expected_box);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, expected_icon);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, expected_label);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, column_view);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, herd_view);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, browser);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, fixes_view);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, fixes_button);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, outcomes_paned);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, machine_bar);
  gtk_widget_class_bind_template_callback (widget_class, acy_results_view_event_activated);
  gtk_widget_class_bind_template_callback (widget_class, acy_results_view_location_activated);

  /**
   * AcyResultsView::event-activated:
   * @line: the source line of an event clicked in a graph
   * @col: its column
   */
  signals[EVENT_ACTIVATED] =
    g_signal_new ("event-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  /**
   * AcyResultsView::location-activated:
   * @file: a model file, @line and @col where a relation of an
   *   explanation is defined
   */
  signals[LOCATION_ACTIVATED] =
    g_signal_new ("location-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "results.copy", NULL, acy_results_view_copy_action);
}

static void
acy_results_view_init (AcyResultsView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  acy_accessible_fix_mnemonics (GTK_WIDGET (self));
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->column_view),
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, self->verdict_label, NULL,
                                  -1);

  self->outcomes = acy_outcome_list_new (NULL, 0);
  self->pending_row = G_MAXUINT;
  self->forbidden = g_list_store_new (ACY_TYPE_OUTCOME);
  self->sections = g_list_store_new (G_TYPE_LIST_MODEL);
  g_list_store_append (self->sections, self->outcomes);
  g_list_store_append (self->sections, self->forbidden);
  /* Selecting a state shows its executions; none is chosen for the user. */
  self->selection = gtk_single_selection_new (G_LIST_MODEL (gtk_flatten_list_model_new (g_object_ref (G_LIST_MODEL (self->sections)))));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_object (self->selection, "notify::selected",
                           G_CALLBACK (acy_results_view_selection_changed), self, G_CONNECT_SWAPPED);
}
