/* acy-compare-view-pairs.c - the compare view's paired graphs
 *
 * Selecting a final state in the table shows, under each model, one
 * execution reaching it: the same candidate when the models read the
 * test alike, drawn on one grid so that its events keep their places,
 * and for a model that forbids the state, the check that does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "acy-compare-view-private.h"
#include "acy-graph-view.h"

static void
remove_cards (AcyCompareView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->pairs_box))) != NULL)
    gtk_box_remove (self->pairs_box, child);
}

static gboolean
same_values (const AcyValue *a, const AcyValue *b, guint n)
{
  return memcmp (a, b, n * sizeof (AcyValue)) == 0;
}

/* The record of @run reaching row @r: allowed ones by their state,
 * forbidden ones by their final values; candidate @candidate if it is
 * there (G_MAXUINT64: any). */
static gint
find_record (AcyCompareView *self, ModelRun *run, guint r, guint64 candidate)
{
  const AcyComparison *cmp = self->comparison;
  AcyRecorder *rec = run->outcome->recorder;
  const AcyValue *values = acy_comparison_row_get_values (cmp, r);
  guint n_obs = acy_test_get_n_observed (run->outcome->test);
  gint state = acy_comparison_row_get_state (cmp, r, run->column);
  gint first = -1;

  for (guint i = 0; i < acy_recorder_get_n_records (rec); i++)
    {
      const AcyRecord *rd = acy_recorder_peek_record (rec, i);
      gboolean match = state >= 0 ? rd->allowed && rd->state == state
                                  : !rd->allowed && same_values (rd->final, values, n_obs);

      if (!match)
        continue;
      if (candidate == G_MAXUINT64 || rd->candidate == candidate)
        return (gint) i;
      if (first < 0)
        first = (gint) i;
    }
  return first;
}

#define PAIR_CARD_MIN_WIDTH 300

static void
zoom_out_clicked (GtkButton *button, AcyGraphView *view)
{
  acy_graph_view_zoom_step (view, -1);
}

static void
zoom_in_clicked (GtkButton *button, AcyGraphView *view)
{
  acy_graph_view_zoom_step (view, 1);
}

static void
fit_clicked (GtkButton *button, AcyGraphView *view)
{
  acy_graph_view_set_fit (view, TRUE);
}

/* Zoom out, in and Fit for one card's graph, as the main window has for
 * its own (the graph's keys work too: +, -, Ctrl+0). */
static GtkWidget *
zoom_buttons (GtkWidget *view)
{
  static const struct {
    const char *icon, *tooltip, *name;
    GCallback   clicked;
  } buttons[] = {
    { "zoom-out-symbolic", N_("Zoom out"), N_("Zoom Out"), G_CALLBACK (zoom_out_clicked) },
    { "zoom-in-symbolic", N_("Zoom in"), N_("Zoom In"), G_CALLBACK (zoom_in_clicked) },
    { "zoom-fit-best-symbolic", N_("Fit the graph to the view (Ctrl+0)"), N_("Fit to view"),
      G_CALLBACK (fit_clicked) },
  };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_widget_add_css_class (box, "linked");
  gtk_widget_set_valign (box, GTK_ALIGN_START);
  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    {
      GtkWidget *button = gtk_button_new_from_icon_name (buttons[i].icon);

      gtk_widget_set_tooltip_text (button, _(buttons[i].tooltip));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _(buttons[i].name), -1);
      g_signal_connect_object (button, "clicked", buttons[i].clicked, view, 0);
      gtk_box_append (GTK_BOX (box), button);
    }
  return box;
}

static GtkWidget *
pair_card (AcyCompareView *self, ModelRun *run, gint index, const AcyGraphGrid *grid, guint r)
{
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *heading = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *title = gtk_label_new (run->name);
  GtkWidget *subtitle;
  const AcyComparison *cmp = self->comparison;
  g_autofree char *text = NULL;
  gboolean allowed = acy_comparison_row_allowed (cmp, r, run->column);

  gtk_widget_add_css_class (card, "card");
  gtk_widget_add_css_class (card, "compare-pair");
  /* Narrower than this, the pairs scroll sideways rather than clip. */
  gtk_widget_set_size_request (card, PAIR_CARD_MIN_WIDTH, -1);
  gtk_label_set_xalign (GTK_LABEL (title), 0.0f);
  gtk_widget_add_css_class (title, "heading");
  gtk_widget_set_hexpand (heading, TRUE);
  gtk_box_append (GTK_BOX (heading), title);
  gtk_box_append (GTK_BOX (head), heading);
  gtk_box_append (GTK_BOX (card), head);

  if (allowed)
    {
      guint64 n = acy_comparison_row_get_count (cmp, r, run->column);
      /* TRANSLATORS: "Allowed — 2 executions end in this state" */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Allowed — %lu execution ends in this state",
                                           "Allowed — %lu executions end in this state", (gulong) n),
                              (gulong) n);
    }
  else if (acy_comparison_row_get_failed_check (cmp, r, run->column) != NULL)
    /* TRANSLATORS: %s is the failing check of the model, e.g. "acyclic coherence-order" */
    text = g_strdup_printf (_("Forbidden by %s"), acy_comparison_row_get_failed_check (cmp, r, run->column));
  else
    text = g_strdup (_("Forbidden — no candidate execution reaches this state"));
  subtitle = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (subtitle), TRUE);
  gtk_widget_add_css_class (subtitle, allowed ? "compare-allowed" : "compare-forbidden");
  gtk_box_append (GTK_BOX (heading), subtitle);
  g_free (run->pair_title);
  run->pair_title = g_steal_pointer (&text);

  if (index >= 0)
    {
      GtkWidget *scroller = gtk_scrolled_window_new ();
      GtkWidget *view = acy_graph_view_new ();
      g_autoptr(GError) error = NULL;
      AcyGraphScene *scene = acy_graph_scene_new (run->outcome->recorder, (guint) index,
                                                  run->outcome->model, &error);

      if (scene == NULL)
        {
          g_debug ("explaining execution %d: %s", index, error->message);
          scene = acy_graph_scene_new (run->outcome->recorder, (guint) index, NULL, NULL);
        }
      acy_graph_view_set_shown (ACY_GRAPH_VIEW (view), acy_model_get_shown_names (run->outcome->model));
      acy_graph_view_set_scene (ACY_GRAPH_VIEW (view), scene, grid);
      {
        /* TRANSLATORS: a graph of the compare window; %s is a model */
        g_autofree char *name = g_strdup_printf (_("Execution graph under %s"), run->name);

        gtk_accessible_update_property (GTK_ACCESSIBLE (view), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      }
      gtk_widget_set_halign (view, GTK_ALIGN_CENTER);
      gtk_widget_set_valign (view, GTK_ALIGN_START);
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), view);
      gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), 120);
      /* Whole in its card, however many share the width; zoomed in, it
       * scrolls and pans as the main window's graph does. */
      acy_graph_view_set_fit (ACY_GRAPH_VIEW (view), TRUE);
      gtk_box_append (GTK_BOX (head), zoom_buttons (view));
      gtk_widget_set_vexpand (scroller, TRUE);
      gtk_box_append (GTK_BOX (card), scroller);
    }
  else if (allowed || acy_comparison_row_reached (cmp, r, run->column))
    {
      GtkWidget *note = acy_compare_view_caption_label (_("Not drawn: too many executions to keep"));
      gtk_box_append (GTK_BOX (card), note);
    }
  return card;
}

void
acy_compare_view_show_pairs (AcyCompareView *self, guint r)
{
  g_autofree gint *records = g_new0 (gint, self->runs->len);
  g_autofree char *heading = NULL;
  AcyGraphGrid grid = { 0 };
  guint64 candidate = G_MAXUINT64;

  remove_cards (self);

  /* The execution of a model allowing the state, then the same
   * candidate (same macros, same enumeration order) under the others. */
  for (guint i = 0; i < self->runs->len; i++)
    {
      ModelRun *run = self->runs->pdata[i];
      records[i] = -1;
      if (run->column >= 0 && candidate == G_MAXUINT64
          && acy_comparison_row_allowed (self->comparison, r, run->column))
        {
          records[i] = find_record (self, run, r, G_MAXUINT64);
          if (records[i] >= 0)
            candidate = acy_recorder_get_record (run->outcome->recorder, records[i])->candidate;
        }
    }
  for (guint i = 0; i < self->runs->len; i++)
    {
      ModelRun *run = self->runs->pdata[i];
      if (run->column >= 0 && records[i] < 0)
        records[i] = find_record (self, run, r, candidate);
      if (records[i] >= 0)
        acy_graph_grid_add (&grid, &acy_recorder_get_record (run->outcome->recorder, records[i])->x);
    }
  for (guint i = 0; i < self->runs->len; i++)
    {
      ModelRun *run = self->runs->pdata[i];
      if (run->column >= 0)
        gtk_box_append (self->pairs_box, pair_card (self, run, records[i], &grid, r));
    }

  /* TRANSLATORS: %s is a final state, e.g. "[x]=3;" */
  heading = g_strdup_printf (_("One execution ending in %s under each model"),
                             (const char *) self->row_states->pdata[r]);
  gtk_label_set_text (self->pair_heading, heading);
  gtk_widget_remove_css_class (GTK_WIDGET (self->pair_heading), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->pair_heading), "heading");

  {
    g_autofree char *why = acy_compare_view_why_text (self, records);

    if (self->why_label == NULL)
      {
        GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self->pair_heading));

        self->why_label = gtk_label_new (NULL);
        gtk_label_set_wrap (GTK_LABEL (self->why_label), TRUE);
        gtk_label_set_xalign (GTK_LABEL (self->why_label), 0);
        gtk_label_set_selectable (GTK_LABEL (self->why_label), TRUE);
        gtk_box_insert_child_after (GTK_BOX (parent), self->why_label, GTK_WIDGET (self->pair_heading));
      }
    gtk_label_set_text (GTK_LABEL (self->why_label), why ? why : "");
    gtk_widget_set_visible (self->why_label, why != NULL);
  }
}

const char *
acy_compare_view_get_why (AcyCompareView *self)
{
  g_return_val_if_fail (ACY_IS_COMPARE_VIEW (self), NULL);
  if (self->why_label == NULL || !gtk_widget_get_visible (self->why_label))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->why_label));
}

/* No cards, and the heading back to inviting a choice. */
void
acy_compare_view_clear_pairs (AcyCompareView *self)
{
  remove_cards (self);
  if (self->why_label)
    gtk_widget_set_visible (self->why_label, FALSE);
  gtk_label_set_text (self->pair_heading, _("Select a final state to see one of its executions under each model."));
  gtk_widget_add_css_class (GTK_WIDGET (self->pair_heading), "dim-label");
  gtk_widget_remove_css_class (GTK_WIDGET (self->pair_heading), "heading");
}

const char *
acy_compare_view_get_pair_title (AcyCompareView *self, guint model)
{
  g_return_val_if_fail (ACY_IS_COMPARE_VIEW (self), NULL);
  g_return_val_if_fail (model < self->runs->len, NULL);
  return ((ModelRun *) self->runs->pdata[model])->pair_title;
}
