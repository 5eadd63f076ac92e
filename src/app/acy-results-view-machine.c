/* acy-results-view-machine.c - what this machine's CPU saw, in the results view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A run of the test on this machine (acy-machine-job.c) adds an
 * Observed column to the outcome table, a row for each state the CPU
 * showed that no recorded execution reaches, and the machine bar's
 * sentence above the table: loud when the CPU showed a state the model
 * forbids.
 */
#define G_LOG_DOMAIN "acyclic"
#include "config.h"

#include <glib/gi18n.h>

#include "acy-results-view-private.h"

/* A state's values as the table shows them, joined: the key of its
 * count in the machine's run (whose test is a parse of its own). */
static char *
outcome_key (AcyResultsView *self,
             AcyOutcome     *outcome)
{
  GString *key = g_string_new (NULL);

  for (guint i = 0; self->observed != NULL && self->observed[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append_c (key, '\x1f');
      g_string_append (key, acy_outcome_get_value (outcome, i));
    }
  return g_string_free (key, FALSE);
}

static char *
machine_key (const AcyTest  *test,
             const AcyValue *values)
{
  GString *key = g_string_new (NULL);

  for (guint i = 0; i < acy_test_get_n_observed (test); i++)
    {
      g_autofree char *text = acy_test_format_value (test, acy_test_observed_value (test, i, values[i]));

      if (i > 0)
        g_string_append_c (key, '\x1f');
      g_string_append (key, text);
    }
  return g_string_free (key, FALSE);
}

static guint64
machine_count (AcyResultsView *self,
               AcyOutcome     *outcome)
{
  g_autofree char *key = NULL;
  const guint64 *count;

  if (self->machine_seen == NULL)
    return 0;
  key = outcome_key (self, outcome);
  count = g_hash_table_lookup (self->machine_seen, key);
  return count ? *count : 0;
}

/* What this machine's CPU did with a row's state: seen (and how often)
 * or not, against what the model says; *@alarm when the model forbids
 * a state the CPU showed. */
char *
acy_results_view_observed_text (AcyResultsView *self,
                                AcyOutcome     *outcome,
                                gboolean       *alarm)
{
  guint64 n = machine_count (self, outcome);
  g_autofree char *count = g_strdup_printf ("%'" G_GUINT64_FORMAT, n);
  g_autofree char *runs = g_strdup_printf ("%'" G_GUINT64_FORMAT,
                                           acy_run_result_get_iterations (self->machine->result));

  *alarm = n > 0 && outcome->forbidden;
  if (*alarm)
    /* Translators: the outcome table's Observed column, for a state the
     * model forbids that this machine's CPU showed; %s is a count */
    return g_strdup_printf (_("Seen %s times!"), count);
  if (n > 0)
    /* Translators: the Observed column, for an allowed state the CPU
     * showed; %s is a count */
    return g_strdup_printf (_("%s seen"), count);
  if (outcome->forbidden)
    /* Translators: the Observed column, for a state the model forbids */
    return g_strdup (_("Never seen"));
  /* Translators: the Observed column, for an allowed state the CPU did
   * not show; %s is how many times the test ran */
  return g_strdup_printf (_("Not seen in %s runs"), runs);
}

static void
bind_observed (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  AcyResultsView *self = user_data;
  AcyOutcome *outcome = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autofree char *text = NULL;
  gboolean alarm = FALSE;

  gtk_widget_remove_css_class (label, "monospace");
  if (self->machine == NULL)
    {
      gtk_label_set_text (GTK_LABEL (label), "");
      return;
    }
  text = acy_results_view_observed_text (self, outcome, &alarm);
  gtk_label_set_text (GTK_LABEL (label), text);
  acy_results_view_set_css_class (label, "machine-alarm-cell", alarm);
  acy_results_view_set_css_class (label, "dim-label", !alarm && machine_count (self, outcome) == 0);
}

static void
remove_machine_rows (AcyResultsView *self)
{
  for (guint i = g_list_model_get_n_items (G_LIST_MODEL (self->forbidden)); i-- > 0;)
    {
      g_autoptr(AcyOutcome) outcome = g_list_model_get_item (G_LIST_MODEL (self->forbidden), i);

      if (outcome->machine_only)
        g_list_store_remove (self->forbidden, i);
    }
}

/* The Observed column, the rows of states only the machine saw, and the
 * bar's sentence and alarm, for the report and the machine's run shown.
 * Called whenever either changes. */
void
acy_results_view_apply_machine (AcyResultsView *self)
{
  g_autoptr(GHashTable) in_table = NULL;
  g_autoptr(GString) alarm = NULL;
  g_autofree char *runs = NULL, *positive = NULL, *summary = NULL;
  const AcyRunResult *result;
  const AcyTest *test;
  gboolean asm_test;

  remove_machine_rows (self);
  if (self->observed_column != NULL)
    {
      if (gtk_column_view_column_get_column_view (self->observed_column) == self->column_view)
        gtk_column_view_remove_column (self->column_view, self->observed_column);
      g_clear_object (&self->observed_column);
    }
  if (self->machine == NULL || self->report == NULL)
    return;

  result = self->machine->result;
  test = self->machine->test;
  /* an assembly test runs its own instructions: no mapping to name */
  asm_test = acy_harness_mapping_is_asm (self->machine->mapping);
  /* the states of every row, allowed (all, shown or not yet) and
   * forbidden; a state seen that none has is a row of its own */
  in_table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; self->outcomes->result != NULL && i < self->outcomes->n_states; i++)
    {
      /* read in place, as the list does (not a GObject: never ref'd) */
      AcyOutcome row = { .list = self->outcomes,
                         .state = acy_check_result_get_state (self->outcomes->result, i) };

      g_hash_table_insert (in_table, outcome_key (self, &row), GINT_TO_POINTER (1));
    }
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->forbidden)); i++)
    {
      g_autoptr(AcyOutcome) row = g_list_model_get_item (G_LIST_MODEL (self->forbidden), i);

      g_hash_table_insert (in_table, outcome_key (self, row), GINT_TO_POINTER (2));
    }

  alarm = g_string_new (NULL);
  for (guint i = 0; i < acy_run_result_get_n_states (result); i++)
    {
      const AcyState *state = acy_run_result_get_state (result, i);
      g_autofree char *key = machine_key (test, state->values);
      gint where = GPOINTER_TO_INT (g_hash_table_lookup (in_table, key));

      if (where == 1)
        continue;
      if (where == 0)
        {
          AcyOutcome *row = g_object_new (ACY_TYPE_OUTCOME, NULL);

          row->values = g_strsplit (key, "\x1f", -1);
          row->satisfies = state->satisfies;
          row->forbidden = TRUE;
          row->machine_only = TRUE;
          row->index = g_list_model_get_n_items (G_LIST_MODEL (self->forbidden));
          g_list_store_append (self->forbidden, row);
          g_object_unref (row);
        }
      {
        g_autofree char *text = acy_check_format_state (test, state->values);
        g_autofree char *count = g_strdup_printf ("%'" G_GUINT64_FORMAT, state->count);

        /* Translators: one state in the alarm, and how often it was seen */
        g_string_append_printf (alarm, _("\n%s seen %s times"), text, count);
      }
    }

  self->observed_column = gtk_column_view_column_new (_("Observed"), NULL);
  {
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

    g_signal_connect (factory, "setup", G_CALLBACK (acy_results_view_setup_label), NULL);
    g_signal_connect (factory, "bind", G_CALLBACK (bind_observed), self);
    gtk_column_view_column_set_factory (self->observed_column, factory);
    g_object_unref (factory);
  }
  gtk_column_view_column_set_expand (self->observed_column, TRUE);
  gtk_column_view_append_column (self->column_view, self->observed_column);

  runs = g_strdup_printf ("%'" G_GUINT64_FORMAT, acy_run_result_get_iterations (result));
  positive = g_strdup_printf ("%'" G_GUINT64_FORMAT, acy_run_result_get_positive (result));
  /* Translators: what a run on this machine saw: the machine, how many
   * times the test ran, in how long, the mapping of the kernel's
   * primitives, then how often the condition held */
  if (asm_test)
    /* Translators: the same, for an assembly test, which runs its own
     * instructions */
    summary = g_strdup_printf (_("On this machine, %s: %s runs in %.2f s (the test's own instructions). "
                                 "The condition held %s times."),
                               self->machine->machine, runs, acy_run_result_get_seconds (result), positive);
  else
    summary = g_strdup_printf (_("On this machine, %s: %s runs in %.2f s (primitives mapped as %s). "
                                 "The condition held %s times."),
                               self->machine->machine, runs, acy_run_result_get_seconds (result),
                               self->machine->mapping, positive);
  {
    guint online, pinned;

    acy_run_result_get_cpus (result, &online, &pinned);
    if (pinned == 0)
      {
        /* Translators: after the sentence on a run on this machine,
         * when it has fewer cores than the test has threads */
        char *more = g_strconcat (summary, " ", _("Its threads were not pinned to cores of their own (too few "
                                                  "cores), so some weak behaviours may not show."), NULL);

        g_free (summary);
        summary = more;
      }
  }
  if (alarm->len > 0)
    {
      /* Translators: said loudly: the model forbids final states that
       * this machine's CPU showed. %s: the model, the states, the
       * machine, the mapping of the primitives */
      g_autofree char *loud = NULL;

      if (asm_test)
        /* Translators: the same, for an assembly test, which runs its
         * own instructions: %s: the model, the states, the machine */
        loud = g_strdup_printf (_("Forbidden by %s, but seen on this CPU:%s\n"
                                  "Either the model or the CPU is wrong, on %s."),
                                self->report->model_name, alarm->str, self->machine->machine);
      else
        loud = g_strdup_printf (_("Forbidden by %s, but seen on this CPU:%s\n"
                                  "Either the model or the CPU is wrong (or the mapping "
                                  "of the primitives, %s), on %s."),
                                self->report->model_name, alarm->str,
                                self->machine->mapping, self->machine->machine);

      acy_machine_bar_show_result (self->machine_bar, summary, loud);
    }
  else
    acy_machine_bar_show_result (self->machine_bar, summary, NULL);
  /* what the mapping's name stands for: the instructions */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->machine_bar), self->machine->mapping_text);
  acy_results_view_fit_table (self);
}

/**
 * acy_results_view_set_machine:
 * @report: (transfer full) (nullable): what this machine's CPU saw
 *   running the test shown, or %NULL to show nothing of it
 *
 * Adds the Observed column to the outcome table, and says above it what
 * the run saw; loudly when the CPU showed a state the model forbids.
 */
void
acy_results_view_set_machine (AcyResultsView   *self,
                              AcyMachineReport *report)
{
  g_return_if_fail (ACY_IS_RESULTS_VIEW (self));

  acy_free_in_thread (g_steal_pointer (&self->machine), (GDestroyNotify) acy_machine_report_free);
  g_clear_pointer (&self->machine_seen, g_hash_table_unref);
  self->machine = report;
  if (report != NULL)
    {
      self->machine_seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      for (guint i = 0; i < acy_run_result_get_n_states (report->result); i++)
        {
          const AcyState *state = acy_run_result_get_state (report->result, i);

          g_hash_table_insert (self->machine_seen, machine_key (report->test, state->values),
                               g_memdup2 (&state->count, sizeof state->count));
        }
    }
  else
    acy_machine_bar_clear (self->machine_bar);
  acy_results_view_apply_machine (self);
}

AcyMachineBar *
acy_results_view_get_machine_bar (AcyResultsView *self)
{
  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), NULL);

  return self->machine_bar;
}

/**
 * acy_results_view_get_row_observed:
 * @row: a row of the table
 *
 * Returns: (transfer full) (nullable): what the Observed column says of
 *   @row, or %NULL when no run on this machine is shown
 */
char *
acy_results_view_get_row_observed (AcyResultsView *self,
                                   guint           row,
                                   gboolean       *alarm)
{
  g_autoptr(AcyOutcome) outcome = NULL;
  gboolean loud = FALSE;
  char *text;

  g_return_val_if_fail (ACY_IS_RESULTS_VIEW (self), NULL);

  if (self->machine == NULL || self->observed_column == NULL)
    return NULL;
  if (row < self->outcomes->n_states)
    {
      /* read in place, as the list does (not a GObject: never ref'd) */
      AcyOutcome tmp = { .list = self->outcomes,
                         .state = acy_check_result_get_state (self->outcomes->result, row) };

      text = acy_results_view_observed_text (self, &tmp, &loud);
    }
  else
    {
      outcome = g_list_model_get_item (G_LIST_MODEL (self->forbidden), row - self->outcomes->n_states);
      if (outcome == NULL)
        return NULL;
      text = acy_results_view_observed_text (self, outcome, &loud);
    }
  if (alarm != NULL)
    *alarm = loud;
  return text;
}
