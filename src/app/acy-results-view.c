/* acy-results-view.c - the verdict, outcome table and herd7 text of a run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "acy-execution-browser.h"
#include "acy-results-view.h"

/* The outcome table's model: the final states of a report, read where
 * they are. A result can have hundreds of thousands of states (a
 * store-buffering ring of 18 threads has 262,143); the column view asks
 * only for the rows it shows, so nothing is made per row up front, and
 * the whole table arrives in one items-changed. */
#define ACY_TYPE_OUTCOME_LIST (acy_outcome_list_get_type ())
G_DECLARE_FINAL_TYPE (AcyOutcomeList, acy_outcome_list, ACY, OUTCOME_LIST, GObject)

struct _AcyOutcomeList
{
  GObject         parent_instance;
  AcyCheckResult *result;       /* nullable: empty */
  GHashTable     *value_text;   /* AcyValue * -> char * */
  GStrv           observed;
  guint           n_observed;
  guint           n_states;
};

/* One row: a state of the list, which it keeps alive. */
#define ACY_TYPE_OUTCOME (acy_outcome_get_type ())
G_DECLARE_FINAL_TYPE (AcyOutcome, acy_outcome, ACY, OUTCOME, GObject)

struct _AcyOutcome
{
  GObject         parent_instance;
  AcyOutcomeList *list;
  const AcyState *state;
};

G_DEFINE_FINAL_TYPE (AcyOutcome, acy_outcome, G_TYPE_OBJECT)

static void
acy_outcome_finalize (GObject *object)
{
  g_clear_object (&ACY_OUTCOME (object)->list);
  G_OBJECT_CLASS (acy_outcome_parent_class)->finalize (object);
}

static void
acy_outcome_class_init (AcyOutcomeClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = acy_outcome_finalize;
}

static void
acy_outcome_init (AcyOutcome *self)
{
}

static const char *
acy_outcome_get_value (AcyOutcome *self,
                       guint       column)
{
  const char *text;

  if (column >= self->list->n_observed)
    return "";
  text = g_hash_table_lookup (self->list->value_text, &self->state->values[column]);
  return text ? text : "?";
}

static GType
acy_outcome_list_get_item_type (GListModel *model)
{
  return ACY_TYPE_OUTCOME;
}

static guint
acy_outcome_list_get_n_items (GListModel *model)
{
  return ACY_OUTCOME_LIST (model)->n_states;
}

static gpointer
acy_outcome_list_get_item (GListModel *model,
                           guint       position)
{
  AcyOutcomeList *self = ACY_OUTCOME_LIST (model);
  AcyOutcome *outcome;

  if (position >= self->n_states)
    return NULL;
  outcome = g_object_new (ACY_TYPE_OUTCOME, NULL);
  outcome->list = g_object_ref (self);
  outcome->state = acy_check_result_get_state (self->result, position);
  return outcome;
}

static void
acy_outcome_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = acy_outcome_list_get_item_type;
  iface->get_n_items = acy_outcome_list_get_n_items;
  iface->get_item = acy_outcome_list_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (AcyOutcomeList, acy_outcome_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, acy_outcome_list_model_init))

static void
acy_outcome_list_finalize (GObject *object)
{
  AcyOutcomeList *self = ACY_OUTCOME_LIST (object);

  if (self->result)
    acy_free_in_thread (g_steal_pointer (&self->result), (GDestroyNotify) acy_check_result_free);
  g_clear_pointer (&self->value_text, g_hash_table_unref);
  g_clear_pointer (&self->observed, g_strfreev);
  G_OBJECT_CLASS (acy_outcome_list_parent_class)->finalize (object);
}

static void
acy_outcome_list_class_init (AcyOutcomeListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = acy_outcome_list_finalize;
}

static void
acy_outcome_list_init (AcyOutcomeList *self)
{
}

/* A list of @report's states, taken from it. Each report gets a list
 * of its own: rows made from an older one keep that one, and its states,
 * alive. */
static AcyOutcomeList *
acy_outcome_list_new (AcyRunReport *report)
{
  AcyOutcomeList *self = g_object_new (ACY_TYPE_OUTCOME_LIST, NULL);

  if (report && report->result)
    {
      self->result = g_steal_pointer (&report->result);
      self->value_text = g_steal_pointer (&report->value_text);
      self->observed = g_strdupv (report->observed);
      self->n_observed = g_strv_length (report->observed);
      self->n_states = acy_check_result_get_n_states (self->result);
    }
  return self;
}

struct _AcyResultsView
{
  GtkWidget       parent_instance;

  /* Template children */
  GtkStack       *stack;
  GtkSpinner     *spinner;
  GtkProgressBar *progress_bar;
  GtkLabel       *progress_label;
  AdwStatusPage  *failure_page;
  GtkRevealer    *stale_revealer;
  GtkLabel       *verdict_label;
  GtkLabel       *witnesses_label;
  GtkLabel       *summary_label;
  GtkLabel       *flags_label;
  GtkBox         *expected_box;
  GtkImage       *expected_icon;
  GtkLabel       *expected_label;
  GtkColumnView  *column_view;
  GtkTextView    *herd_view;
  AcyExecutionBrowser *browser;
  GtkPaned       *outcomes_paned;

  AcyOutcomeList *outcomes;
  GtkSingleSelection *selection;
  AcyRunReport   *report;
  guint64         progress_candidates;
  guint           n_satisfying;
  gboolean        stale;
  char           *columns_key;  /* the observed variables the columns show */
};

G_DEFINE_FINAL_TYPE (AcyResultsView, acy_results_view, GTK_TYPE_WIDGET)

/* Past this many observed variables, a state is one cell: a table 18
 * columns wide reads no better, and GTK 4.8 makes a widget per cell for
 * 200 rows whatever the table shows, which was most of the time a big
 * result took to appear. */
#define MAX_VALUE_COLUMNS 6

/* Adwaita's column view, measured: header and row heights in pixels,
 * plus the card's border and bottom margin. */
#define TABLE_HEADER_HEIGHT 34
#define TABLE_ROW_HEIGHT    35
#define TABLE_MARGIN        16
#define TABLE_ROWS_SHOWN    5

enum {
  EVENT_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The running page's spinner and pulsing bar animate only while it is
 * shown. A GtkStack keeps its other pages realized, and a realized
 * widget's tick callbacks run whether it is mapped or not: a bar left in
 * activity mode asked for a new frame of the whole window on every frame
 * for as long as the window stayed open. Setting a fraction ends
 * activity mode, and with it the tick callback. */
static void
show_page (AcyResultsView *self,
           const char     *name)
{
  gboolean running = g_str_equal (name, "running");

  gtk_spinner_set_spinning (self->spinner, running);
  if (!running)
    gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
  gtk_stack_set_visible_child_name (self->stack, name);
}

void
acy_results_view_show_empty (AcyResultsView *self)
{
  g_return_if_fail (ACY_IS_RESULTS_VIEW (self));

  show_page (self, "empty");
}

void
acy_results_view_show_running (AcyResultsView *self)
{
  g_return_if_fail (ACY_IS_RESULTS_VIEW (self));

  self->progress_candidates = 0;
  gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
  gtk_label_set_text (self->progress_label, _("Loading the model and the test…"));
  show_page (self, "running");
}

void
acy_results_view_set_progress (AcyResultsView       *self,
                               const AcyRunProgress *progress)
{
  g_autofree char *candidates = NULL;
  g_autofree char *allowed = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (ACY_IS_RESULTS_VIEW (self));

  self->progress_candidates = progress->candidates;
  /* The number of candidates is not known in advance. */
  gtk_progress_bar_pulse (self->progress_bar);

  candidates = g_strdup_printf ("%'" G_GUINT64_FORMAT, progress->candidates);
  allowed = g_strdup_printf ("%'" G_GUINT64_FORMAT, progress->allowed);
  /* Translators: progress of a check; the numbers are counts, then seconds */
  text = g_strdup_printf (_("%s candidate executions explored, %s allowed so far (%.1f s)"),
                          candidates, allowed, progress->elapsed);
  gtk_label_set_text (self->progress_label, text);
}

void
acy_results_view_show_failure (AcyResultsView *self,
                               const char     *icon_name,
                               const char     *title,
                               const char     *message)
{
  g_return_if_fail (ACY_IS_RESULTS_VIEW (self));

  adw_status_page_set_icon_name (self->failure_page, icon_name);
  adw_status_page_set_title (self->failure_page, title);
  adw_status_page_set_description (self->failure_page, message);
  show_page (self, "failed");
}

void
acy_results_view_set_stale (AcyResultsView *self,
                            gboolean        stale)
{
  g_return_if_fail (ACY_IS_RESULTS_VIEW (self));

  self->stale = stale;
  gtk_revealer_set_reveal_child (self->stale_revealer, stale);
}

gboolean
acy_results_view_get_stale (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), FALSE);

  return self->stale;
}

static void
setup_label (GtkSignalListItemFactory *factory,
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
  if (outcome->state->satisfies)
    gtk_widget_add_css_class (label, "satisfying");
  else
    gtk_widget_remove_css_class (label, "satisfying");
}

/* The whole state in one cell, as herd7 writes it: "0:r0=0; 1:r0=1;" */
static void
bind_state (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  AcyOutcome *outcome = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < outcome->list->n_observed; i++)
    g_string_append_printf (text, "%s%s=%s;", i ? " " : "", outcome->list->observed[i],
                            acy_outcome_get_value (outcome, i));
  gtk_label_set_text (GTK_LABEL (label), text->str);
  if (outcome->state->satisfies)
    gtk_widget_add_css_class (label, "satisfying");
  else
    gtk_widget_remove_css_class (label, "satisfying");
}

static void
bind_count (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  AcyOutcome *outcome = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autofree char *text = g_strdup_printf ("%'" G_GUINT64_FORMAT, outcome->state->count);

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

static void
bind_check (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            gpointer                  user_data)
{
  AcyOutcome *outcome = gtk_list_item_get_item (item);
  GtkWidget *image = gtk_list_item_get_child (item);

  gtk_widget_set_opacity (image, outcome->state->satisfies ? 1.0 : 0.0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (image),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  outcome->state->satisfies ? _("Satisfies the condition") : _("Does not satisfy the condition"),
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

/* herd7's output in the text view, its list of states cut short when
 * long: a text view holding 262,143 lines takes seconds to fill and
 * hundreds of megabytes. Copy herd7 Output still copies all of it. */
#define HERD_VIEW_MAX_STATES 1000

static void
show_herd_text (AcyResultsView *self,
                const char     *text,
                guint           n_states)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->herd_view);
  const char *states, *cut, *rest;
  g_autoptr(GString) shown = NULL;

  states = n_states > HERD_VIEW_MAX_STATES ? strstr (text, "\nStates ") : NULL;
  if (states == NULL)
    {
      gtk_text_buffer_set_text (buffer, text, -1);
      return;
    }
  /* The state lines follow "States N" */
  cut = strchr (states + 1, '\n');
  for (guint i = 0; cut && i < HERD_VIEW_MAX_STATES; i++)
    cut = strchr (cut + 1, '\n');
  rest = cut;
  for (guint i = HERD_VIEW_MAX_STATES; rest && i < n_states; i++)
    rest = strchr (rest + 1, '\n');
  if (cut == NULL || rest == NULL)
    {
      gtk_text_buffer_set_text (buffer, text, -1);
      return;
    }
  shown = g_string_new_len (text, cut + 1 - text);
  g_string_append_printf (shown,
                          /* Translators: in herd7's output as shown, in place of the states left out */
                          _("… %u more states (Copy herd7 Output copies them all)"),
                          n_states - HERD_VIEW_MAX_STATES);
  g_string_append (shown, rest);
  gtk_text_buffer_set_text (buffer, shown->str, (int) shown->len);
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
  g_autofree char *columns_key = NULL;
  gboolean same_columns, wide;
  guint n_rows, n_observed;

  g_return_if_fail (ACY_IS_RESULTS_VIEW (self));
  g_return_if_fail (report != NULL);

  g_clear_pointer (&self->report, acy_run_report_free);
  self->report = report;

  gtk_label_set_text (self->verdict_label, verdict_text (report->observation));
  positive = g_strdup_printf ("%" G_GUINT64_FORMAT, report->positive);
  negative = g_strdup_printf ("%" G_GUINT64_FORMAT, report->negative);
  /* Translators: herd's witness counts; keep "Positive"/"Negative" short */
  witnesses = g_strdup_printf (_("Positive: %s   Negative: %s"), positive, negative);
  gtk_label_set_text (self->witnesses_label, witnesses);
  gtk_label_set_text (self->summary_label, verdict_summary (report->observation));

  if (report->flags != NULL && report->flags[0] != NULL)
    {
      g_autofree char *joined = g_strjoinv (", ", report->flags);
      g_autofree char *text = g_strdup_printf (_("Flags: %s"), joined);

      gtk_label_set_text (self->flags_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->flags_label), TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->flags_label), FALSE);

  update_expected (self, report);

  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  /* A view's rows are made for its columns: with the model detached,
   * changing both costs one set of rows instead of two; the same
   * columns again (the same test run again) are kept. */
  n_observed = g_strv_length (report->observed);
  wide = n_observed > MAX_VALUE_COLUMNS;
  columns_key = g_strjoinv ("\n", report->observed);
  same_columns = g_strcmp0 (columns_key, self->columns_key) == 0;
  if (!same_columns)
    {
      gtk_column_view_set_model (self->column_view, NULL);
      clear_columns (self);
      /* A long state goes last, where it may run past the edge without
       * hiding the short columns. */
      for (guint i = 0; !wide && i < n_observed; i++)
        add_column (self, report->observed[i], G_CALLBACK (setup_label), G_CALLBACK (bind_value),
                    GUINT_TO_POINTER (i));
      add_column (self, _("Condition"), G_CALLBACK (setup_check), G_CALLBACK (bind_check), NULL);
      add_column (self, _("Executions"), G_CALLBACK (setup_label), G_CALLBACK (bind_count), NULL);
      if (wide)
        add_column (self, _("Final State"), G_CALLBACK (setup_label), G_CALLBACK (bind_state), NULL);
      g_free (self->columns_key);
      self->columns_key = g_steal_pointer (&columns_key);
    }

  self->n_satisfying = 0;
  n_rows = report->result ? acy_check_result_get_n_states (report->result) : 0;
  for (guint i = 0; i < n_rows; i++)
    self->n_satisfying += acy_check_result_get_state (report->result, i)->satisfies;
  g_clear_object (&self->outcomes);
  self->outcomes = acy_outcome_list_new (report);
  gtk_single_selection_set_model (self->selection, G_LIST_MODEL (self->outcomes));

  show_herd_text (self, report->herd_text, n_rows);

  /* GtkPaned starts a fixed child at its minimum; give the table room
   * for its rows (up to a few), the graphs the rest. The user may drag. */
  gtk_paned_set_position (self->outcomes_paned,
                          TABLE_HEADER_HEIGHT + TABLE_ROW_HEIGHT * MIN (n_rows, TABLE_ROWS_SHOWN)
                          + TABLE_MARGIN);

  acy_results_view_set_stale (self, FALSE);
  show_page (self, "result");
  if (!same_columns)
    gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
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

guint
acy_results_view_get_n_rows (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), 0);

  return g_list_model_get_n_items (G_LIST_MODEL (self->outcomes));
}

guint
acy_results_view_get_n_satisfying (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), 0);

  return self->n_satisfying;
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

guint64
acy_results_view_get_progress_candidates (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), 0);

  return self->progress_candidates;
}

/* Executions */

/**
 * acy_results_view_set_run:
 * @test: (nullable): the test of the report shown
 * @model: (nullable): its model
 * @recorder: (nullable): its recorded outcomes, states resolved
 *
 * Shows the executions of the run. Nothing is copied: the caller keeps
 * them alive until the next call, and calls with %NULLs before freeing
 * them. Starts on the execution that says most about the verdict: one
 * allowed execution satisfying the condition, else a forbidden one that
 * would have (with its failing check), else the first allowed one.
 */
void
acy_results_view_set_run (AcyResultsView *self,
                          const AcyTest  *test,
                          const AcyModel *model,
                          AcyRecorder    *recorder)
{
  guint n = recorder ? acy_recorder_get_n_records (recorder) : 0;
  gint witness = -1, forbidden = -1;

  g_return_if_fail (ACY_IS_RESULTS_VIEW (self));

  acy_execution_browser_set_run (self->browser, test, model, recorder);
  if (recorder == NULL)
    return;

  for (guint i = 0; i < n && witness < 0; i++)
    {
      const AcyRecord *r = acy_recorder_get_record (recorder, i);

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

  if (row != GTK_INVALID_LIST_POSITION)
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

  gtk_widget_dispose_template (GTK_WIDGET (self), ACY_TYPE_RESULTS_VIEW);
  g_clear_object (&self->selection);
  g_clear_object (&self->outcomes);
  g_clear_pointer (&self->report, acy_run_report_free);
  g_clear_pointer (&self->columns_key, g_free);

  G_OBJECT_CLASS (acy_results_view_parent_class)->dispose (object);
}

static void
acy_results_view_class_init (AcyResultsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acy_results_view_dispose;

  g_type_ensure (ACY_TYPE_EXECUTION_BROWSER);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/acyclic/Acyclic/acy-results-view.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "acyresultsview");

  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, stack);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, spinner);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, progress_label);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, failure_page);
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, stale_revealer);
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
  gtk_widget_class_bind_template_child (widget_class, AcyResultsView, outcomes_paned);
  gtk_widget_class_bind_template_callback (widget_class, acy_results_view_event_activated);

  /**
   * AcyResultsView::event-activated:
   * @line: the source line of an event clicked in a graph
   * @col: its column
   */
  signals[EVENT_ACTIVATED] =
    g_signal_new ("event-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "results.copy", NULL, acy_results_view_copy_action);
}

static void
acy_results_view_init (AcyResultsView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->outcomes = acy_outcome_list_new (NULL);
  /* Selecting a state shows its executions; none is chosen for the user. */
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->outcomes)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_object (self->selection, "notify::selected",
                           G_CALLBACK (acy_results_view_selection_changed), self, G_CONNECT_SWAPPED);
}
