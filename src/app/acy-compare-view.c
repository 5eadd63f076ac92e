/* acy-compare-view.c - one litmus test under several models, side by side
 *
 * The widget and its table: a column head per model, a row per final
 * state, and the summary. Checking the models is in
 * acy-compare-view-run.c; the graphs of a selected state in
 * acy-compare-view-pairs.c. They share acy-compare-view-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include <adwaita.h>

#include "acy-compare-view-private.h"

G_DEFINE_FINAL_TYPE (AcyCompareView, acy_compare_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- column heads --------------------------------------------------------- */

static const char *
observation_text (AcyObservation observation)
{
  switch (observation)
    {
    case ACY_OBSERVATION_NEVER: return _("Never");
    case ACY_OBSERVATION_SOMETIMES: return _("Sometimes");
    case ACY_OBSERVATION_ALWAYS: return _("Always");
    default: return "?";
    }
}

void
acy_compare_view_update_head (AcyCompareView *self, ModelRun *run)
{
  g_autofree char *detail = NULL;

  if (run->form)
    {
      /* TRANSLATORS: a column's model and the form of the test it
       * checks, e.g. "x86-TSO · X86_64 MP" */
      g_autofree char *name = g_strdup_printf (_("%s · %s"), run->name, run->form);
      gtk_label_set_text (GTK_LABEL (run->name_label), name);
    }
  else
    gtk_label_set_text (GTK_LABEL (run->name_label), run->name);
  gtk_widget_set_tooltip_text (run->name_label, run->spec);
  gtk_spinner_set_spinning (GTK_SPINNER (run->spinner), run->running);
  gtk_widget_set_visible (run->spinner, run->running);
  gtk_widget_set_visible (run->stop_button, run->running);
  gtk_widget_remove_css_class (run->verdict_label, "error");
  gtk_widget_remove_css_class (run->verdict_label, "dim-label");
  gtk_widget_set_tooltip_text (run->detail_label, NULL);

  if (run->running)
    {
      guint64 n = __atomic_load_n (&run->progress->candidates, __ATOMIC_RELAXED);

      gtk_label_set_text (GTK_LABEL (run->verdict_label), run->machine ? _("Running…") : _("Checking…"));
      gtk_widget_add_css_class (run->verdict_label, "dim-label");
      if (run->machine)
        /* TRANSLATORS: progress of the test on this machine: runs of
         * ten thousand iterations done, of ten */
        detail = g_strdup_printf (_("%lu of 10 runs"), (gulong) n);
      else
        /* TRANSLATORS: progress of a check, e.g. "1234 candidates" */
        detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu candidate", "%lu candidates", (gulong) n),
                                  (gulong) n);
    }
  else if (run->outcome != NULL && run->machine)
    {
      AcyRunResult *m = run->outcome->machine;
      g_autofree char *runs = g_strdup_printf ("%'" G_GUINT64_FORMAT, acy_run_result_get_iterations (m));

      gtk_label_set_text (GTK_LABEL (run->verdict_label), observation_text (acy_run_result_get_observation (m)));
      /* TRANSLATORS: the head of the machine's column: how many times
       * the test ran on this machine's CPU */
      detail = g_strdup_printf (_("in %s runs on this CPU"), runs);
    }
  else if (run->outcome != NULL)
    {
      AcyObservation obs = acy_check_result_get_observation (run->outcome->result);
      guint64 pos = acy_check_result_get_positive (run->outcome->result);
      guint64 neg = acy_check_result_get_negative (run->outcome->result);

      gtk_label_set_text (GTK_LABEL (run->verdict_label), observation_text (obs));
      /* TRANSLATORS: herd's "Positive: 1 Negative: 3": allowed executions
       * that satisfy the condition, and those that do not */
      detail = run->column < 0 && run->error ? g_strdup (run->error)
               : g_strdup_printf (_("%lu positive, %lu negative"), (gulong) pos, (gulong) neg);
    }
  else
    {
      gtk_label_set_text (GTK_LABEL (run->verdict_label), run->cancelled ? _("Stopped") : _("Error"));
      gtk_widget_add_css_class (run->verdict_label, run->cancelled ? "dim-label" : "error");
      detail = g_strdup (run->cancelled ? _("Left out of the comparison") : run->error);
      gtk_widget_set_tooltip_text (run->detail_label, run->error);
    }
  gtk_label_set_text (GTK_LABEL (run->detail_label), detail);
}

static void
stop_clicked (GtkButton *button, AcyCompareView *self)
{
  ModelRun *run = g_object_get_data (G_OBJECT (button), "acy-run");

  g_cancellable_cancel (run->cancellable);
}

static GtkWidget *
cell_box (GtkSizeGroup *group)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);

  gtk_widget_set_hexpand (box, TRUE);
  gtk_size_group_add_widget (group, box);
  return box;
}

GtkWidget *
acy_compare_view_caption_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static GtkWidget *
row_box (AcyCompareView *self, GtkWidget *mark, GtkWidget *state)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 12);
  gtk_size_group_add_widget (self->mark_group, mark);
  gtk_size_group_add_widget (self->state_group, state);
  gtk_box_append (GTK_BOX (box), mark);
  gtk_box_append (GTK_BOX (box), state);
  return box;
}

void
acy_compare_view_add_header_row (AcyCompareView *self)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *state = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (_("Final State"));
  GtkWidget *box;

  gtk_label_set_xalign (GTK_LABEL (title), 0.0f);
  gtk_widget_add_css_class (title, "heading");
  gtk_box_append (GTK_BOX (state), title);
  gtk_box_append (GTK_BOX (state), acy_compare_view_caption_label (_("Verdict of each model")));
  box = row_box (self, gtk_label_new (NULL), state);

  for (guint i = 0; i < self->runs->len; i++)
    {
      ModelRun *run = self->runs->pdata[i];
      GtkWidget *cell = cell_box (run->size_group);
      GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

      run->name_label = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (run->name_label), 0.0f);
      gtk_label_set_ellipsize (GTK_LABEL (run->name_label), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (run->name_label, "heading");
      run->spinner = gtk_spinner_new ();
      run->verdict_label = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (run->verdict_label), 0.0f);
      gtk_widget_add_css_class (run->verdict_label, "compare-verdict");
      gtk_box_append (GTK_BOX (line), run->spinner);
      gtk_box_append (GTK_BOX (line), run->verdict_label);
      run->detail_label = acy_compare_view_caption_label (NULL);
      gtk_box_append (GTK_BOX (text), run->name_label);
      gtk_box_append (GTK_BOX (text), line);
      gtk_box_append (GTK_BOX (text), run->detail_label);
      gtk_widget_set_hexpand (text, TRUE);
      gtk_box_append (GTK_BOX (cell), text);

      run->stop_button = gtk_button_new_from_icon_name ("process-stop-symbolic");
      gtk_widget_set_valign (run->stop_button, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (run->stop_button, "flat");
      gtk_widget_add_css_class (run->stop_button, "circular");
      /* TRANSLATORS: tooltip of the button stopping one model's check */
      gtk_widget_set_tooltip_text (run->stop_button, _("Stop This Model’s Check"));
      g_object_set_data (G_OBJECT (run->stop_button), "acy-run", run);
      g_signal_connect_object (run->stop_button, "clicked", G_CALLBACK (stop_clicked), self, 0);
      gtk_box_append (GTK_BOX (cell), run->stop_button);

      gtk_box_append (GTK_BOX (box), cell);
      acy_compare_view_update_head (self, run);
    }

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_add_css_class (row, "compare-header");
  gtk_list_box_append (self->table, row);
}

/* ---- the table ------------------------------------------------------------ */

void
acy_compare_view_clear_table (AcyCompareView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->table))) != NULL)
    gtk_list_box_remove (self->table, child);
  acy_compare_view_clear_pairs (self);
  g_clear_pointer (&self->comparison, acy_comparison_free);
  g_ptr_array_set_size (self->row_states, 0);
  g_ptr_array_set_size (self->row_machine, 0);
}

/* The machine's cell: how often this CPU showed the row's state, loud
 * when a model forbids it. */
static GtkWidget *
machine_cell (AcyCompareView *self, ModelRun *run, guint row, GString *spoken)
{
  const AcyComparison *cmp = self->comparison;
  GtkWidget *cell = cell_box (run->size_group);
  GtkWidget *label;
  const guint64 *count = g_hash_table_lookup (run->outcome->machine_seen, self->row_states->pdata[row]);
  gboolean forbidden = FALSE;
  char *text;

  for (guint m = 0; m < acy_comparison_get_n_models (cmp); m++)
    forbidden |= !acy_comparison_row_allowed (cmp, row, m);
  if (count != NULL)
    {
      g_autofree char *n = g_strdup_printf ("%'" G_GUINT64_FORMAT, *count);

      /* TRANSLATORS: the machine's cell: how often its CPU showed the state */
      text = g_strdup_printf (forbidden ? _("Seen %s times!") : _("%s seen"), n);
    }
  else
    text = g_strdup (_("Not seen"));
  label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  if (count != NULL && forbidden)
    gtk_widget_add_css_class (label, "machine-alarm-cell");
  else if (count == NULL)
    gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (cell), label);
  g_ptr_array_add (self->row_machine, text);
  {
    /* TRANSLATORS: the machine's cell as a screen reader reads it */
    g_autofree char *name = g_strdup_printf (_("%s: %s"), run->name, text);

    gtk_accessible_update_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    g_string_append_printf (spoken, "; %s", name);
  }
  return cell;
}

/* A cell says which model it belongs to, to a screen reader too, and
 * appends what it says to @spoken, the row's accessible name. */
static GtkWidget *
state_cell (AcyCompareView *self, ModelRun *run, guint row, GString *spoken)
{
  GtkWidget *cell, *text, *icon, *label;
  g_autofree char *detail = NULL;
  const AcyComparison *cmp = self->comparison;

  if (run->machine && run->outcome != NULL)
    return machine_cell (self, run, row, spoken);
  cell = cell_box (run->size_group);
  if (run->column < 0)
    {
      label = gtk_label_new ("—");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (cell), label);
      /* TRANSLATORS: a cell of the compare table as a screen reader
       * reads it: a model, then that it gave no result */
      g_string_append_printf (spoken, _("; %s: no result"), run->name);
      return cell;
    }
  text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  if (acy_comparison_row_allowed (cmp, row, run->column))
    {
      guint64 n = acy_comparison_row_get_count (cmp, row, run->column);

      icon = gtk_image_new_from_icon_name ("object-select-symbolic");
      gtk_widget_add_css_class (icon, "compare-allowed");
      label = gtk_label_new (_("Allowed"));
      detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%lu execution", "%lu executions", (gulong) n),
                                (gulong) n);
    }
  else
    {
      const char *check = acy_comparison_row_get_failed_check (cmp, row, run->column);

      icon = gtk_image_new_from_icon_name ("action-unavailable-symbolic");
      gtk_widget_add_css_class (icon, "compare-forbidden");
      label = gtk_label_new (_("Forbidden"));
      if (check != NULL)
        /* TRANSLATORS: %s is the model's failing check, e.g. "acyclic coherence-order" */
        detail = g_strdup_printf (_("by %s"), check);
      else if (!acy_comparison_row_reached (cmp, row, run->column))
        detail = g_strdup (_("no candidate reaches it"));
    }
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_box_append (GTK_BOX (text), label);
  if (detail != NULL)
    {
      GtkWidget *caption = acy_compare_view_caption_label (detail);
      gtk_widget_set_tooltip_text (caption, detail);
      gtk_box_append (GTK_BOX (text), caption);
    }
  gtk_widget_set_valign (icon, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (cell), icon);
  gtk_box_append (GTK_BOX (cell), text);
  {
    /* TRANSLATORS: a cell of the compare table as a screen reader reads
     * it: a model, its verdict ("Allowed"), a detail ("2 executions") */
    g_autofree char *name = g_strdup_printf (_("%s: %s, %s"), run->name,
                                             gtk_label_get_text (GTK_LABEL (label)),
                                             detail != NULL ? detail : "");

    gtk_accessible_update_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    g_string_append_printf (spoken, "; %s", name);
  }
  return cell;
}

static void
add_state_row (AcyCompareView *self, guint r)
{
  const AcyComparison *cmp = self->comparison;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *mark = gtk_label_new (NULL);
  GtkWidget *state = gtk_label_new (NULL);
  GtkWidget *box;
  g_autoptr(GString) spoken = NULL;
  char *text = acy_comparison_row_format (cmp, r);
  gboolean differs = acy_comparison_row_differs (cmp, r);

  g_ptr_array_add (self->row_states, text);
  gtk_label_set_text (GTK_LABEL (state), text);
  gtk_label_set_xalign (GTK_LABEL (state), 0.0f);
  gtk_widget_add_css_class (state, "monospace");
  if (acy_comparison_row_satisfies (cmp, r))
    {
      gtk_widget_add_css_class (state, "satisfying");
      gtk_widget_set_tooltip_text (state, _("The test’s condition holds in this state"));
    }
  if (differs)
    {
      gtk_label_set_text (GTK_LABEL (mark), "≠");
      gtk_widget_set_tooltip_text (mark, _("The models disagree on this state"));
      gtk_widget_add_css_class (mark, "compare-mark");
      gtk_widget_add_css_class (row, "compare-differs");
    }
  box = row_box (self, mark, state);
  spoken = g_string_new (text);
  if (differs)
    g_string_append_printf (spoken, ", %s", _("The models disagree on this state"));
  for (guint i = 0; i < self->runs->len; i++)
    gtk_box_append (GTK_BOX (box), state_cell (self, self->runs->pdata[i], r, spoken));
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken->str, -1);
  g_object_set_data (G_OBJECT (row), "acy-row", GUINT_TO_POINTER (r + 1));
  gtk_list_box_append (self->table, row);
}

/* The machine's column: how many states the CPU showed that a model
 * forbids (none without one). */
static guint
machine_disagrees (AcyCompareView *self, gboolean *has_machine)
{
  const AcyComparison *cmp = self->comparison;
  guint n = 0;

  *has_machine = FALSE;
  for (guint i = 0; i < self->runs->len; i++)
    {
      ModelRun *run = self->runs->pdata[i];

      if (!run->machine || run->outcome == NULL)
        continue;
      *has_machine = TRUE;
      for (guint r = 0; r < acy_comparison_get_n_rows (cmp); r++)
        {
          gboolean forbidden = FALSE;

          for (guint m = 0; m < acy_comparison_get_n_models (cmp); m++)
            forbidden |= !acy_comparison_row_allowed (cmp, r, m);
          n += forbidden && g_hash_table_contains (run->outcome->machine_seen, self->row_states->pdata[r]);
        }
    }
  return n;
}

static void
set_summary (AcyCompareView *self)
{
  const AcyComparison *cmp = self->comparison;
  guint n_rows = acy_comparison_get_n_rows (cmp);
  guint n_diff = acy_comparison_get_n_differing (cmp);
  g_autofree char *text = NULL;
  gboolean has_machine;
  guint n_machine = machine_disagrees (self, &has_machine);

  if (acy_comparison_get_n_models (cmp) < 2 && has_machine)
    text = g_strdup (_("One model beside this machine’s CPU"));
  else if (acy_comparison_get_n_models (cmp) < 2)
    text = g_strdup (_("Only one model gave a result: nothing to compare"));
  else if (n_diff > 0)
    /* TRANSLATORS: "The models differ on 1 of 2 final states" */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "The models differ on %u of %u final state",
                                         "The models differ on %u of %u final states", n_rows),
                            n_diff, n_rows);
  else if (acy_comparison_differs (cmp))
    text = g_strdup (_("The models allow the same states but give different verdicts"));
  else
    /* TRANSLATORS: "The models agree on all 4 final states" */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "The models agree on the %u final state",
                                         "The models agree on all %u final states", n_rows),
                            n_rows);
  if (n_machine > 0)
    {
      /* TRANSLATORS: after the models' summary: the states this
       * machine's CPU showed that a model forbids */
      g_autofree char *more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "; this CPU showed %u state a model forbids",
                                                            "; this CPU showed %u states a model forbids",
                                                            n_machine),
                                               n_machine);
      char *both = g_strconcat (text, more, NULL);

      g_free (text);
      text = both;
    }
  gtk_label_set_text (self->summary_label, text);
}

/* The table as tall as it needs, up to 60% of the view; the graphs get
 * the rest, and what the window gains or loses later. */
static void
fit_table (AcyCompareView *self)
{
  int natural = 0;
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  int limit = height > 0 ? height * 3 / 5 : 420;

  gtk_widget_measure (self->table_box, GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
  gtk_paned_set_position (self->paned, MIN (natural, limit));
}

/* Whether two forms of a test observe the same variables, as herd
 * prints them: the same threads' registers (named by each arch: r0,
 * rax, X0) in the same places, the same locations. */
static gboolean
same_observed (const AcyTest *a, const AcyTest *b)
{
  guint n = acy_test_get_n_observed (a);

  if (acy_test_get_n_observed (b) != n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      const char *va = acy_test_get_observed (a, i), *vb = acy_test_get_observed (b, i);
      gsize la = strcspn (va, ":"), lb = strcspn (vb, ":");

      if (va[la] == ':' ? (la != lb || strncmp (va, vb, la) != 0) : !g_str_equal (va, vb))
        return FALSE;
    }
  return TRUE;
}

void
acy_compare_view_build_table (AcyCompareView *self)
{
  g_autoptr(GPtrArray) results = g_ptr_array_new ();
  g_autoptr(GPtrArray) probes = g_ptr_array_new ();
  const AcyTest *test = NULL;
  GtkListBoxRow *first;

  for (guint i = 0; i < self->runs->len; i++)
    {
      ModelRun *run = self->runs->pdata[i];

      run->column = -1;
      /* the machine's column is no model's: not compared */
      if (run->outcome == NULL || run->machine)
        continue;
      /* States are compared by their values, so the models must observe
       * the same variables: tests read with other macros still do, and
       * a form of the test for another architecture observes its own
       * registers in their place. */
      if (test != NULL && !same_observed (test, run->outcome->test))
        {
          g_free (run->error);
          run->error = g_strdup (_("Its form of the test observes other variables: left out of the table"));
          acy_compare_view_update_head (self, run);
          continue;
        }
      if (test == NULL)
        test = run->outcome->test;
      run->column = (gint) results->len;
      g_ptr_array_add (results, run->outcome->result);
      g_ptr_array_add (probes, run->outcome->probe);
    }

  if (test == NULL)
    {
      ModelRun *run = self->runs->len ? self->runs->pdata[0] : NULL;

      adw_status_page_set_icon_name (self->status_page, "dialog-error-symbolic");
      adw_status_page_set_title (self->status_page, _("No Model Gave a Result"));
      adw_status_page_set_description (self->status_page, run && run->error ? run->error : NULL);
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  self->comparison = acy_comparison_new_full (test, (const AcyCheckResult *const *) results->pdata,
                                              (const AcyStateProbe *const *) probes->pdata, results->len);
  for (guint r = 0; r < acy_comparison_get_n_rows (self->comparison); r++)
    add_state_row (self, r);
  set_summary (self);
  gtk_label_set_text (self->condition_label, acy_test_get_condition_text (test));
  fit_table (self);

  /* The first difference is what one came to see. */
  first = gtk_list_box_get_row_at_index (self->table, 1);
  if (first != NULL && acy_comparison_get_n_differing (self->comparison) > 0)
    gtk_list_box_select_row (self->table, first);
}

static void
on_row_selected (AcyCompareView *self, GtkListBoxRow *row, GtkListBox *box)
{
  guint r;

  if (row == NULL || self->comparison == NULL)
    return;
  r = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "acy-row"));
  if (r == 0)
    return;
  acy_compare_view_show_pairs (self, r - 1);
}

/* ---- the rest ------------------------------------------------------------- */

GtkWidget *
acy_compare_view_new (void)
{
  return g_object_new (ACY_TYPE_COMPARE_VIEW, NULL);
}

void
acy_compare_view_set_test (AcyCompareView *self, const char *text, const char *name)
{
  g_return_if_fail (ACY_IS_COMPARE_VIEW (self));

  g_free (self->test_text);
  self->test_text = g_strdup (text);
  g_free (self->test_name);
  self->test_name = g_strdup (name);
}

void
acy_compare_view_set_models (AcyCompareView *self, const char *const *specs)
{
  g_return_if_fail (ACY_IS_COMPARE_VIEW (self));

  g_strfreev (self->specs);
  self->specs = g_strdupv ((char **) specs);
  g_ptr_array_set_size (self->model_texts, 0);
  g_ptr_array_set_size (self->model_names, 0);
}

void
acy_compare_view_set_model_test (AcyCompareView *self, guint model, const char *text, const char *name)
{
  g_return_if_fail (ACY_IS_COMPARE_VIEW (self));
  g_return_if_fail (self->specs != NULL && model < g_strv_length (self->specs));

  if (self->model_texts->len <= model)
    {
      g_ptr_array_set_size (self->model_texts, model + 1);
      g_ptr_array_set_size (self->model_names, model + 1);
    }
  g_free (self->model_texts->pdata[model]);
  self->model_texts->pdata[model] = g_strdup (text);
  g_free (self->model_names->pdata[model]);
  self->model_names->pdata[model] = g_strdup (name);
}

const AcyComparison *
acy_compare_view_get_comparison (AcyCompareView *self)
{
  g_return_val_if_fail (ACY_IS_COMPARE_VIEW (self), NULL);
  return self->comparison;
}

guint
acy_compare_view_get_n_rows (AcyCompareView *self)
{
  g_return_val_if_fail (ACY_IS_COMPARE_VIEW (self), 0);
  return self->row_states->len;
}

const char *
acy_compare_view_get_row_machine (AcyCompareView *self, guint row)
{
  g_return_val_if_fail (ACY_IS_COMPARE_VIEW (self), NULL);

  return row < self->row_machine->len ? self->row_machine->pdata[row] : NULL;
}

const char *
acy_compare_view_get_row_state (AcyCompareView *self, guint row)
{
  g_return_val_if_fail (ACY_IS_COMPARE_VIEW (self), NULL);
  g_return_val_if_fail (row < self->row_states->len, NULL);
  return self->row_states->pdata[row];
}

gboolean
acy_compare_view_get_row_differs (AcyCompareView *self, guint row)
{
  GtkListBoxRow *r;

  g_return_val_if_fail (ACY_IS_COMPARE_VIEW (self), FALSE);
  /* As shown: row 0 of the list is the header. */
  r = gtk_list_box_get_row_at_index (self->table, row + 1);
  return r != NULL && gtk_widget_has_css_class (GTK_WIDGET (r), "compare-differs");
}

const char *
acy_compare_view_get_verdict (AcyCompareView *self, guint model)
{
  g_return_val_if_fail (ACY_IS_COMPARE_VIEW (self), NULL);
  g_return_val_if_fail (model < self->runs->len, NULL);
  return gtk_label_get_text (GTK_LABEL (((ModelRun *) self->runs->pdata[model])->verdict_label));
}

void
acy_compare_view_select_row (AcyCompareView *self, guint row)
{
  GtkListBoxRow *r;

  g_return_if_fail (ACY_IS_COMPARE_VIEW (self));
  r = gtk_list_box_get_row_at_index (self->table, row + 1);
  if (r != NULL)
    gtk_list_box_select_row (self->table, r);
}

static void
acy_compare_view_dispose (GObject *object)
{
  AcyCompareView *self = ACY_COMPARE_VIEW (object);

  if (self->runs != NULL)
    acy_compare_view_cancel (self);
  /* Checks ending from now on find their widgets gone: drop them. */
  self->generation++;
  g_clear_handle_id (&self->progress_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), ACY_TYPE_COMPARE_VIEW);
  G_OBJECT_CLASS (acy_compare_view_parent_class)->dispose (object);
}

static void
acy_compare_view_finalize (GObject *object)
{
  AcyCompareView *self = ACY_COMPARE_VIEW (object);

  /* The comparison refers to the runs' tests: free it first. */
  g_clear_pointer (&self->comparison, acy_comparison_free);
  g_clear_pointer (&self->runs, g_ptr_array_unref);
  g_clear_pointer (&self->row_states, g_ptr_array_unref);
  g_clear_pointer (&self->model_texts, g_ptr_array_unref);
  g_clear_pointer (&self->model_names, g_ptr_array_unref);
  g_clear_pointer (&self->row_machine, g_ptr_array_unref);
  g_clear_object (&self->mark_group);
  g_clear_object (&self->state_group);
  g_free (self->test_text);
  g_free (self->test_name);
  g_strfreev (self->specs);
  G_OBJECT_CLASS (acy_compare_view_parent_class)->finalize (object);
}

static void
acy_compare_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  AcyCompareView *self = ACY_COMPARE_VIEW (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, acy_compare_view_get_running (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acy_compare_view_class_init (AcyCompareViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acy_compare_view_dispose;
  object_class->finalize = acy_compare_view_finalize;
  object_class->get_property = acy_compare_view_get_property;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/acyclic/Acyclic/acy-compare-view.ui");
  gtk_widget_class_bind_template_child (widget_class, AcyCompareView, stack);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareView, paned);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareView, table_box);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareView, status_page);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareView, summary_label);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareView, condition_label);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareView, table);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareView, pair_heading);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareView, pairs_box);
  gtk_widget_class_bind_template_callback (widget_class, on_row_selected);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
acy_compare_view_init (AcyCompareView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->runs = g_ptr_array_new_with_free_func ((GDestroyNotify) acy_compare_view_model_run_free);
  self->row_states = g_ptr_array_new_with_free_func (g_free);
  self->model_texts = g_ptr_array_new_with_free_func (g_free);
  self->model_names = g_ptr_array_new_with_free_func (g_free);
  self->row_machine = g_ptr_array_new_with_free_func (g_free);
  self->mark_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->state_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
}
