/* acy-graph-view-explain.c - why a clicked edge is in a relation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The edge's popover says what the edge is; below it, when the model
 * has relations holding the pair, a choice of them (smallest first, the
 * edge's own selected) and the derivation of the pair in the chosen one
 * (acy-derivation-view.c), down to the execution's base relations. The
 * model runs again on the shown outcome to derive it: one outcome, on
 * the main thread, as the scene itself is made. Hovering a fact of the
 * tree draws its path over the graph: its own pair and the base facts
 * under it.
 */
#define G_LOG_DOMAIN "acyclic-graph"
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "acy-accessible.h"
#include "acy-derivation-view.h"
#include "acy-graph-view-private.h"

/* "a", "b"... as the graph shows them, "init:x" for initial writes. */
static char **
event_names (AcyGraphView *self)
{
  return acy_graph_event_names_init (&acy_graph_scene_get_record (self->scene)->x);
}

static void
set_path (AcyGraphView *self, const AcyDerivation *node)
{
  if (self->path == NULL || (node == NULL && self->path->len == 0))
    return;
  g_array_set_size (self->path, 0);
  if (node)
    {
      g_autoptr(GArray) pairs = acy_derivation_path_pairs (node);
      g_array_append_vals (self->path, pairs->data, pairs->len);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_node_hovered (AcyDerivationView *view, const AcyDerivation *node, AcyGraphView *self)
{
  set_path (self, node);
}

static void
on_location_activated (AcyDerivationView *view, const char *file, guint line, guint col,
                       AcyGraphView *self)
{
  acy_graph_view_emit_location (self, file, line, col);
}

static void
on_popover_closed (AcyGraphView *self)
{
  set_path (self, NULL);
}

gboolean
acy_graph_view_explain_in (AcyGraphView *self, const char *relation)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = NULL;
  AcyDerivation *d;

  g_return_val_if_fail (ACY_IS_GRAPH_VIEW (self), FALSE);

  set_path (self, NULL);
  if (self->scene == NULL || self->layout == NULL || self->state.selected_edge < 0)
    return FALSE;
  d = acy_graph_scene_explain (self->scene, relation, self->why_src, self->why_dst, &error);
  names = event_names (self);
  acy_derivation_view_set_derivation (ACY_DERIVATION_VIEW (self->derivation_view), d,
                                      (const char *const *) names);
  gtk_widget_set_visible (self->derivation_view, d != NULL);
  gtk_widget_set_visible (self->why_error, d == NULL);
  if (d == NULL)
    gtk_label_set_text (GTK_LABEL (self->why_error), error ? error->message : "");
  return d != NULL;
}

static void
on_dropdown_selected (AcyGraphView *self)
{
  guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->why_dropdown));

  if (self->why_busy || self->why_relations == NULL || i >= g_strv_length (self->why_relations))
    return;
  acy_graph_view_explain_in (self, self->why_relations[i]);
}

/* The relation an edge stands for: its own when the model defines it
 * (or the user typed it); for the failing check's cycle the one its
 * label names; else the smallest holding the pair. */
static guint
default_choice (AcyGraphView *self, const AcyGraphEdge *e)
{
  const AcyGraphRelationInfo *info = g_ptr_array_index (self->layout->relations, e->rel);
  g_autofree char *want = NULL;

  if (!info->base && !info->witness)
    want = g_strdup (info->name);
  else if (e->witness && e->label)
    {
      const char *paren = strstr (e->label, " (");
      want = paren ? g_strndup (e->label, paren - e->label) : g_strdup (e->label);
    }
  for (guint i = 0; want && self->why_relations[i]; i++)
    if (g_str_equal (self->why_relations[i], want))
      return i;
  return 0;
}

void
acy_graph_view_explain_edge (AcyGraphView *self, guint edge)
{
  const AcyGraphEdge *e = &g_array_index (self->layout->edges, AcyGraphEdge, edge);
  g_autoptr(GtkStringList) list = NULL;
  g_auto(GStrv) names = NULL;
  g_autofree char *title = NULL;
  guint choice;

  set_path (self, NULL);
  g_clear_pointer (&self->why_relations, g_strfreev);
  self->why_src = e->src;
  self->why_dst = e->dst;
  if (acy_graph_scene_get_model (self->scene) != NULL)
    self->why_relations = acy_graph_scene_holding (self->scene, e->src, e->dst);
  /* An edge of the witness is in the relation the check tests: first,
   * as the check writes it, when the model does not name it. */
  if (e->witness && self->why_relations != NULL && acy_graph_scene_get_tested (self->scene) != NULL
      && !g_strv_contains ((const char *const *) self->why_relations, acy_graph_scene_get_tested (self->scene)))
    {
      GStrvBuilder *b = g_strv_builder_new ();

      g_strv_builder_add (b, acy_graph_scene_get_tested (self->scene));
      g_strv_builder_addv (b, (const char **) self->why_relations);
      g_strfreev (self->why_relations);
      self->why_relations = g_strv_builder_end (b);
      g_strv_builder_unref (b);
    }
  if (self->why_relations == NULL || self->why_relations[0] == NULL)
    {
      gtk_widget_set_visible (self->why_box, FALSE);
      acy_derivation_view_set_derivation (ACY_DERIVATION_VIEW (self->derivation_view), NULL, NULL);
      return;
    }
  gtk_widget_set_visible (self->why_box, TRUE);
  names = event_names (self);
  /* TRANSLATORS: followed by a choice of relations: "Why (a, d) is in [hb]" */
  title = g_strdup_printf (_("Why (%s, %s) is in"), names[e->src], names[e->dst]);
  gtk_label_set_text (GTK_LABEL (self->why_title), title);
  list = gtk_string_list_new ((const char *const *) self->why_relations);
  choice = default_choice (self, e);
  self->why_busy = TRUE;
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->why_dropdown), G_LIST_MODEL (list));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->why_dropdown), choice);
  self->why_busy = FALSE;
  acy_graph_view_explain_in (self, self->why_relations[choice]);
}

const guint *
acy_graph_view_get_path (AcyGraphView *self, guint *n_pairs)
{
  g_return_val_if_fail (ACY_IS_GRAPH_VIEW (self), NULL);
  *n_pairs = self->path ? self->path->len / 2 : 0;
  return self->path ? (const guint *) (gpointer) self->path->data : NULL;
}

GtkWidget *
acy_graph_view_get_derivation_view (AcyGraphView *self)
{
  g_return_val_if_fail (ACY_IS_GRAPH_VIEW (self), NULL);
  return self->derivation_view;
}

void
acy_graph_view_draw_path (AcyGraphView *self, GtkSnapshot *snapshot)
{
  cairo_t *cr;

  if (self->path == NULL || self->path->len == 0 || self->layout == NULL)
    return;
  gtk_snapshot_save (snapshot);
  gtk_snapshot_scale (snapshot, (float) self->zoom, (float) self->zoom);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, (float) self->layout->width,
                                                                  (float) self->layout->height));
  acy_graph_render_path (cr, self->layout, (const guint *) (gpointer) self->path->data,
                         self->path->len / 2, self->palette);
  cairo_destroy (cr);
  gtk_snapshot_restore (snapshot);
}

void
acy_graph_view_init_explain (AcyGraphView *self)
{
  GtkWidget *box = gtk_popover_get_child (GTK_POPOVER (self->popover));
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  self->path = g_array_new (FALSE, FALSE, sizeof (guint));
  self->why_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  self->why_title = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->why_title, "heading");
  self->why_dropdown = gtk_drop_down_new (NULL, NULL);
  gtk_widget_set_tooltip_text (self->why_dropdown,
                               _("The model's relations holding this pair, smallest first"));
  g_signal_connect_object (self->why_dropdown, "notify::selected",
                           G_CALLBACK (on_dropdown_selected), self, G_CONNECT_SWAPPED);
  /* Opened from the keyboard, the popover puts the focus here: it reads
   * "Relation to Explain: hb", not "GtkToggleButton". */
  acy_accessible_name_drop_down (GTK_DROP_DOWN (self->why_dropdown), _("Relation to Explain"));
  gtk_box_append (GTK_BOX (row), self->why_title);
  gtk_box_append (GTK_BOX (row), self->why_dropdown);
  gtk_widget_set_margin_start (row, 6);
  gtk_box_append (GTK_BOX (self->why_box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  gtk_box_append (GTK_BOX (self->why_box), row);

  self->why_error = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->why_error), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->why_error), 0);
  gtk_widget_add_css_class (self->why_error, "dim-label");
  gtk_widget_set_visible (self->why_error, FALSE);
  gtk_box_append (GTK_BOX (self->why_box), self->why_error);

  self->derivation_view = acy_derivation_view_new ();
  g_signal_connect_object (self->derivation_view, "node-hovered",
                           G_CALLBACK (on_node_hovered), self, 0);
  g_signal_connect_object (self->derivation_view, "location-activated",
                           G_CALLBACK (on_location_activated), self, 0);
  gtk_box_append (GTK_BOX (self->why_box), self->derivation_view);
  gtk_widget_set_visible (self->why_box, FALSE);
  gtk_box_append (GTK_BOX (box), self->why_box);
  g_signal_connect_object (self->popover, "closed", G_CALLBACK (on_popover_closed), self,
                           G_CONNECT_SWAPPED);
}

void
acy_graph_view_dispose_explain (AcyGraphView *self)
{
  g_clear_pointer (&self->why_relations, g_strfreev);
  g_clear_pointer (&self->path, g_array_unref);
}
