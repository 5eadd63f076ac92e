/* acy-graph-view.c - a widget showing one execution graph
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The layout is computed when the scene, the shown relations or the grid
 * change, never in snapshot. The picture itself is cached as a render
 * node per zoom level; hover, selection and the focus ring are a small
 * overlay drawn on top, so moving the pointer costs next to nothing.
 * The palette follows the style manager: dark in the dark style, where
 * a white sheet would glare; switching style redraws the cached picture.
 * Meant to sit in a GtkScrolledWindow, which pans; dragging pans too.
 */
#define G_LOG_DOMAIN "acyclic-graph"
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "acy-derivation-view.h"
#include "acy-graph-view-private.h"

G_DEFINE_FINAL_TYPE (AcyGraphView, acy_graph_view, GTK_TYPE_WIDGET)

enum {
  SIGNAL_EVENT_ACTIVATED,
  SIGNAL_LOCATION_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];


void
acy_graph_view_clear_picture (AcyGraphView *self)
{
  g_clear_pointer (&self->base, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
update_palette (AcyGraphView    *self,
                GParamSpec      *pspec,
                AdwStyleManager *style_manager)
{
  const AcyGraphPalette *palette = adw_style_manager_get_dark (style_manager)
                                   ? acy_graph_palette_dark ()
                                   : acy_graph_palette_light ();

  if (palette == self->palette)
    return;
  self->palette = palette;
  acy_graph_view_clear_picture (self);
}

static void
clear_layout (AcyGraphView *self)
{
  AcyGraphRenderState none = ACY_GRAPH_RENDER_STATE_INIT;

  g_clear_pointer (&self->layout, acy_graph_layout_free);
  self->state = none;
  if (self->popover)
    gtk_popover_popdown (GTK_POPOVER (self->popover));
  acy_graph_view_clear_picture (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

const AcyGraphLayout *
acy_graph_view_get_layout (AcyGraphView *self)
{
  g_return_val_if_fail (ACY_IS_GRAPH_VIEW (self), NULL);

  if (self->layout == NULL && self->scene)
    self->layout = acy_graph_scene_layout_hiding (self->scene, (const char *const *) self->shown,
                                                  (const char *const *) self->hidden, NULL,
                                                  self->have_grid ? &self->grid : NULL,
                                                  self->legend_beside, NULL);
  return self->layout;
}

/* ---- describing -------------------------------------------------------- */

static char *
event_text (AcyGraphView *self, guint event)
{
  const AcyGraphLayout *layout = self->layout;
  const AcyRecord *r = acy_graph_scene_get_record (self->scene);
  const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, layout->node_of_event[event]);
  const AcyEvent *e = &r->x.events[event];

  if (n->init)
    /* TRANSLATORS: %s is an event such as "W x=0" */
    return g_strdup_printf (_("%s (initial value)"), n->label);
  /* TRANSLATORS: an event and where it comes from: "a: W[ONCE] y=1 (P0, line 6)" */
  return g_strdup_printf (_("%s (P%u, line %u)"), n->label, e->thread, e->line);
}

static const char *
relation_sentence (const char *name, const char **loc_out)
{
  if (g_str_has_prefix (name, "po"))
    return _("po: program order");
  if (g_str_has_prefix (name, "rf"))
    return _("rf: the read takes its value from this write");
  if (g_str_has_prefix (name, "co"))
    {
      *loc_out = "co";
      return NULL;
    }
  if (g_str_has_prefix (name, "fr"))
    return _("fr: the read saw a write that is co-before this one");
  return NULL;
}

char *
acy_graph_view_describe (AcyGraphView *self, AcyGraphHit kind, guint index)
{
  const AcyGraphLayout *layout = acy_graph_view_get_layout (self);
  const AcyRecord *r;
  GString *s;

  if (layout == NULL)
    return NULL;
  r = acy_graph_scene_get_record (self->scene);
  if (kind == ACY_GRAPH_HIT_NODE && index < layout->nodes->len)
    return event_text (self, g_array_index (layout->nodes, AcyGraphNode, index).event);
  if (kind != ACY_GRAPH_HIT_EDGE || index >= layout->edges->len)
    return NULL;

  {
    const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, index);
    const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, e->rel);
    const char *name = e->witness ? e->label : info->name;
    const char *co = NULL;
    const char *sentence = relation_sentence (name, &co);
    g_autofree char *from = event_text (self, e->src);
    g_autofree char *to = event_text (self, e->dst);
    g_auto(GStrv) holding = acy_graph_scene_holding (self->scene, e->src, e->dst);
    g_autofree char *holds = holding && holding[0] ? g_strjoinv (", ", holding) : NULL;

    s = g_string_new (NULL);
    if (e->witness)
      {
        /* TRANSLATORS: %s is a check, e.g. "acyclic rmo-order" */
        g_string_append_printf (s, _("Part of the witness that makes “%s” fail."), r->failed_check);
        g_string_append_c (s, '\n');
      }
    if (e->witness && g_strcmp0 (name, acy_graph_scene_get_tested (self->scene)) == 0)
      /* TRANSLATORS: %s is a relation as a check of the model writes it, e.g. "hb ; eco?" */
      g_string_append_printf (s, _("%s: the relation the check tests"), name);
    else if (co)
      {
        const AcyEvent *ev = &r->x.events[e->src];
        const char *loc = ev->loc >= 0 ? r->x.loc_names[ev->loc] : "?";
        /* TRANSLATORS: %s is a location such as "x" */
        g_string_append_printf (s, _("co: coherence order of writes to %s"), loc);
      }
    else if (sentence)
      g_string_append (s, sentence);
    else
      {
        const AcyModel *model = acy_graph_scene_get_model (self->scene);
        const char *meaning;

        if (self->glossary == NULL || self->glossary_model != model)
          {
            g_clear_pointer (&self->glossary, acy_glossary_free);
            self->glossary = acy_glossary_new (model);
            self->glossary_model = model;
          }
        meaning = acy_glossary_meaning (self->glossary, name);
        if (meaning)
          /* TRANSLATORS: a relation and what it means: "hb: happens-before: ..." */
          g_string_append_printf (s, _("%s: %s"), name, meaning);
        else
          /* TRANSLATORS: %s is the name of a relation the cat model defines, e.g. "hb" */
          g_string_append_printf (s, _("%s: a relation the model defines"), name);
      }
    g_string_append_c (s, '\n');
    /* TRANSLATORS: the first event of an edge */
    g_string_append_printf (s, _("From: %s"), from);
    g_string_append_c (s, '\n');
    /* TRANSLATORS: the second event of an edge */
    g_string_append_printf (s, _("To: %s"), to);
    if (holds)
      {
        g_string_append_c (s, '\n');
        /* TRANSLATORS: followed by the model's relations holding the
         * pair, smallest first, e.g. "rfe, hb, pb" */
        g_string_append_printf (s, _("In the model’s relations: %s"), holds);
      }
    return g_string_free (s, FALSE);
  }
}

/* GTK 4.8 gives a custom widget no way to expose children of its own to
 * AT-SPI, so the graph is one element and one Tab stop. Its name says
 * what it is (the compare window names each graph after its model); its
 * description is the event or edge the arrow keys reached, with its
 * place in their walk, "3 of 19" (events in thread order, then edges).
 * A description change on the focused widget is what screen readers
 * speak as the user moves. */
static void
update_accessible (AcyGraphView *self)
{
  g_autofree char *text = NULL;
  g_autofree char *description = NULL;
  gint n_nodes = self->layout ? (gint) self->layout->nodes->len : 0;
  gint total = self->layout ? n_nodes + (gint) self->layout->edges->len : 0;
  gint position = -1;

  if (self->state.focus_node >= 0)
    {
      text = acy_graph_view_describe (self, ACY_GRAPH_HIT_NODE, (guint) self->state.focus_node);
      position = self->state.focus_node;
    }
  else if (self->state.focus_edge >= 0)
    {
      text = acy_graph_view_describe (self, ACY_GRAPH_HIT_EDGE, (guint) self->state.focus_edge);
      position = n_nodes + self->state.focus_edge;
    }

  if (text != NULL)
    /* TRANSLATORS: the event or edge of the graph the keyboard reached:
     * its place among all events and edges, then what it is */
    description = g_strdup_printf (_("%d of %d: %s"), position + 1, total, text);
  else
    description = g_strdup (_("The arrow keys move from event to event, then along the edges; Enter explains the one reached"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description, -1);
}

/* ---- geometry ---------------------------------------------------------- */

void
acy_graph_view_layout_to_widget (AcyGraphView *self, double lx, double ly, double *wx, double *wy)
{
  *wx = lx * self->zoom;
  *wy = ly * self->zoom;
}

static void
widget_to_layout (AcyGraphView *self, double wx, double wy, double *lx, double *ly)
{
  *lx = wx / self->zoom;
  *ly = wy / self->zoom;
}

static void
acy_graph_view_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  AcyGraphView *self = ACY_GRAPH_VIEW (widget);
  const AcyGraphLayout *layout = acy_graph_view_get_layout (self);
  double size = 0;

  if (layout)
    size = (orientation == GTK_ORIENTATION_HORIZONTAL ? layout->width : layout->height) * self->zoom;
  /* The whole picture, at least: a scrolled window's viewport scrolls
   * over its child's minimum size, and a smaller one left a zoomed graph
   * clipped with nothing to scroll. */
  *minimum = *natural = (int) ceil (size);
}

static void
acy_graph_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  AcyGraphView *self = ACY_GRAPH_VIEW (widget);

  /* Only an open popover needs placing; presenting a closed one would
   * realize it. */
  if (self->popover && gtk_widget_get_visible (self->popover))
    gtk_popover_present (GTK_POPOVER (self->popover));
}

static void
emphasised_bounds (AcyGraphView *self, graphene_rect_t *out, gboolean *any)
{
  const AcyGraphLayout *l = self->layout;
  gint edges[3] = { self->state.hover_edge, self->state.selected_edge, self->state.focus_edge };
  gint nodes[3] = { self->state.hover_node, self->state.selected_node, self->state.focus_node };
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

  for (guint k = 0; k < 3; k++)
    {
      if (edges[k] >= 0 && (guint) edges[k] < l->edges->len)
        {
          const AcyGraphEdge *e = &g_array_index (l->edges, AcyGraphEdge, edges[k]);
          for (guint p = 0; p < 8; p += 2)
            {
              x0 = MIN (x0, e->p[p]); x1 = MAX (x1, e->p[p]);
              y0 = MIN (y0, e->p[p + 1]); y1 = MAX (y1, e->p[p + 1]);
            }
          x0 = MIN (x0, e->lx); x1 = MAX (x1, e->lx + e->lw);
          y0 = MIN (y0, e->ly); y1 = MAX (y1, e->ly + e->lh);
        }
      if (nodes[k] >= 0 && (guint) nodes[k] < l->nodes->len)
        {
          const AcyGraphNode *n = &g_array_index (l->nodes, AcyGraphNode, nodes[k]);
          x0 = MIN (x0, n->x); x1 = MAX (x1, n->x + n->w);
          y0 = MIN (y0, n->y); y1 = MAX (y1, n->y + n->h);
        }
    }
  *any = x0 <= x1;
  if (*any)
    graphene_rect_init (out, x0 - 14, y0 - 14, x1 - x0 + 28, y1 - y0 + 28);
}

static void
acy_graph_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  AcyGraphView *self = ACY_GRAPH_VIEW (widget);
  const AcyGraphLayout *layout = acy_graph_view_get_layout (self);
  graphene_rect_t bounds;
  gboolean any;
  cairo_t *cr;

  if (layout == NULL)
    return;
  /* A new graph waiting for its fitting zoom: drawn at the old one it
   * would be thrown away at once, and at 1:1 a wide graph (18 threads,
   * over 4,000 pixels) took 20-70 ms to draw and upload, for nothing. */
  if (self->base == NULL && self->fit_id != 0)
    return;
  if (self->base == NULL)
    {
      GtkSnapshot *s = gtk_snapshot_new ();

      gtk_snapshot_scale (s, (float) self->zoom, (float) self->zoom);
      cr = gtk_snapshot_append_cairo (s, &GRAPHENE_RECT_INIT (0, 0, (float) layout->width,
                                                               (float) layout->height));
      acy_graph_render_base (cr, layout, self->palette);
      cairo_destroy (cr);
      self->base = gtk_snapshot_free_to_node (s);
    }
  if (self->base)
    gtk_snapshot_append_node (snapshot, self->base);

  emphasised_bounds (self, &bounds, &any);
  if (any)
    {
      gtk_snapshot_save (snapshot);
      gtk_snapshot_scale (snapshot, (float) self->zoom, (float) self->zoom);
      cr = gtk_snapshot_append_cairo (snapshot, &bounds);
      acy_graph_render_overlay (cr, layout, &self->state, self->palette);
      cairo_destroy (cr);
      gtk_snapshot_restore (snapshot);
    }
  acy_graph_view_draw_path (self, snapshot);
}

/* ---- interaction -------------------------------------------------------- */

/* Under the whole graph when the window has room there for the text
 * and a few rows of the derivation: the graph stays in view. */
static gboolean
below_graph (AcyGraphView *self, GtkWidget *root, double wx)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);
  double bottom = MIN (self->layout->height * self->zoom, gtk_widget_get_height (GTK_WIDGET (self)));
  graphene_point_t at, limit;
  int text_h = 0, room;

  if (gtk_widget_get_visible (self->why_box) == FALSE)
    return FALSE;
  if (!gtk_widget_compute_point (GTK_WIDGET (self), root, &GRAPHENE_POINT_INIT ((float) wx, (float) bottom), &at))
    return FALSE;
  /* a graph taller than its scroller ends where the scroller does */
  if (scroller && gtk_widget_compute_point (scroller, root,
                                            &GRAPHENE_POINT_INIT (0, (float) gtk_widget_get_height (scroller)),
                                            &limit)
      && limit.y < at.y)
    {
      bottom -= at.y - limit.y;
      at.y = limit.y;
    }
  gtk_widget_measure (self->popover_label, GTK_ORIENTATION_VERTICAL, 400, NULL, &text_h, NULL, NULL);
  room = gtk_widget_get_height (root) - (int) at.y - text_h - 110;
  if (room < 160)
    return FALSE;
  acy_derivation_view_set_max_height (ACY_DERIVATION_VIEW (self->derivation_view), MIN (room, 380));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->popover),
                               &(GdkRectangle) { (int) wx - 4, (int) bottom - 8, 8, 8 });
  gtk_popover_set_position (GTK_POPOVER (self->popover), GTK_POS_BOTTOM);
  return TRUE;
}

static void
show_explanation (AcyGraphView *self, guint edge)
{
  const AcyGraphEdge *e = &g_array_index (self->layout->edges, AcyGraphEdge, edge);
  double wx, wy;

  g_free (self->explanation);
  self->explanation = acy_graph_view_describe (self, ACY_GRAPH_HIT_EDGE, edge);
  gtk_label_set_text (GTK_LABEL (self->popover_label), self->explanation);
  acy_graph_view_explain_edge (self, edge);
  acy_derivation_view_set_max_height (ACY_DERIVATION_VIEW (self->derivation_view), 380);
  acy_graph_view_layout_to_widget (self, e->lx + e->lw / 2, e->ly + e->lh / 2, &wx, &wy);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->popover),
                               &(GdkRectangle) { (int) wx - 4, (int) wy - 4, 8, 8 });
  /* Beside the graph when the window has room, so that the path of a
   * hovered fact stays in view; else towards the roomier half of the
   * window: a popover GTK has to flip can flip back and forth on every
   * frame (seen under X11). */
  {
    GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self)));
    graphene_point_t at, left, right;
    int nat = 0;

    gtk_widget_measure (gtk_popover_get_child (GTK_POPOVER (self->popover)), GTK_ORIENTATION_HORIZONTAL,
                        -1, NULL, &nat, NULL, NULL);
    nat += 40;   /* the popover's own frame and arrow */
    if (root && gtk_widget_compute_point (GTK_WIDGET (self), root, &GRAPHENE_POINT_INIT ((float) wx, (float) wy), &at)
        && gtk_widget_compute_point (GTK_WIDGET (self), root, &GRAPHENE_POINT_INIT (0, 0), &left)
        && gtk_widget_compute_point (GTK_WIDGET (self), root,
                                     &GRAPHENE_POINT_INIT ((float) gtk_widget_get_width (GTK_WIDGET (self)), 0),
                                     &right))
      {
        int w = gtk_widget_get_width (GTK_WIDGET (self));

        if (right.x + nat < gtk_widget_get_width (root))
          {
            gtk_popover_set_pointing_to (GTK_POPOVER (self->popover),
                                         &(GdkRectangle) { w - 8, (int) wy - 4, 8, 8 });
            gtk_popover_set_position (GTK_POPOVER (self->popover), GTK_POS_RIGHT);
          }
        else if (left.x - nat > 0)
          {
            gtk_popover_set_pointing_to (GTK_POPOVER (self->popover),
                                         &(GdkRectangle) { 0, (int) wy - 4, 8, 8 });
            gtk_popover_set_position (GTK_POPOVER (self->popover), GTK_POS_LEFT);
          }
        else if (!below_graph (self, root, wx))
          gtk_popover_set_position (GTK_POPOVER (self->popover),
                                    at.y > gtk_widget_get_height (root) / 2 ? GTK_POS_TOP : GTK_POS_BOTTOM);
      }
  }
  gtk_popover_popup (GTK_POPOVER (self->popover));
}

static void
activate_item (AcyGraphView *self, AcyGraphHit hit, guint index)
{
  AcyGraphRenderState none = ACY_GRAPH_RENDER_STATE_INIT;

  none.hover_edge = self->state.hover_edge;
  none.hover_node = self->state.hover_node;
  none.focus_edge = self->state.focus_edge;
  none.focus_node = self->state.focus_node;
  self->state = none;
  if (hit == ACY_GRAPH_HIT_EDGE)
    {
      self->state.selected_edge = (gint) index;
      show_explanation (self, index);
    }
  else if (hit == ACY_GRAPH_HIT_NODE)
    {
      const AcyGraphNode *n = &g_array_index (self->layout->nodes, AcyGraphNode, index);
      const AcyRecord *r = acy_graph_scene_get_record (self->scene);
      const AcyEvent *e = &r->x.events[n->event];

      self->state.selected_node = (gint) index;
      gtk_popover_popdown (GTK_POPOVER (self->popover));
      g_signal_emit (self, signals[SIGNAL_EVENT_ACTIVATED], 0, e->line, e->col);
    }
  else
    gtk_popover_popdown (GTK_POPOVER (self->popover));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

AcyGraphHit
acy_graph_view_activate_at (AcyGraphView *self, double x, double y)
{
  const AcyGraphLayout *layout = acy_graph_view_get_layout (self);
  AcyGraphHit hit;
  double lx, ly;
  guint index = 0;

  if (layout == NULL)
    return ACY_GRAPH_HIT_NONE;
  widget_to_layout (self, x, y, &lx, &ly);
  hit = acy_graph_layout_hit (layout, lx, ly, &index);
  activate_item (self, hit, index);
  return hit;
}

const char *
acy_graph_view_get_explanation (AcyGraphView *self)
{
  if (self->popover == NULL || !gtk_widget_get_visible (self->popover))
    return NULL;
  return self->explanation;
}

static void
on_click_pressed (GtkGestureClick *gesture, int n_press, double x, double y, AcyGraphView *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  acy_graph_view_activate_at (self, x, y);
}

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, AcyGraphView *self)
{
  const AcyGraphLayout *layout = acy_graph_view_get_layout (self);
  gint node = -1, edge = -1;
  double lx, ly;
  guint index;

  if (layout == NULL)
    return;
  widget_to_layout (self, x, y, &lx, &ly);
  switch (acy_graph_layout_hit (layout, lx, ly, &index))
    {
    case ACY_GRAPH_HIT_NODE: node = (gint) index; break;
    case ACY_GRAPH_HIT_EDGE: edge = (gint) index; break;
    case ACY_GRAPH_HIT_NONE:
    default: break;
    }
  if (node != self->state.hover_node || edge != self->state.hover_edge)
    {
      self->state.hover_node = node;
      self->state.hover_edge = edge;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), node >= 0 || edge >= 0 ? "pointer" : NULL);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
on_leave (GtkEventControllerMotion *motion, AcyGraphView *self)
{
  if (self->state.hover_node >= 0 || self->state.hover_edge >= 0)
    {
      self->state.hover_node = self->state.hover_edge = -1;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static gboolean
on_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip,
                  AcyGraphView *self)
{
  const AcyGraphLayout *layout = acy_graph_view_get_layout (self);
  g_autofree char *text = NULL;
  AcyGraphHit hit;
  double lx, ly;
  guint index;

  if (layout == NULL)
    return FALSE;
  if (keyboard)
    {
      if (self->state.focus_node >= 0)
        text = acy_graph_view_describe (self, ACY_GRAPH_HIT_NODE, (guint) self->state.focus_node);
      else if (self->state.focus_edge >= 0)
        text = acy_graph_view_describe (self, ACY_GRAPH_HIT_EDGE, (guint) self->state.focus_edge);
    }
  else
    {
      widget_to_layout (self, x, y, &lx, &ly);
      hit = acy_graph_layout_hit (layout, lx, ly, &index);
      if (hit != ACY_GRAPH_HIT_NONE)
        text = acy_graph_view_describe (self, hit, index);
    }
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* Keyboard focus walks events in (thread, po) order, then edges. */
static void
move_focus (AcyGraphView *self, int delta)
{
  const AcyGraphLayout *layout = acy_graph_view_get_layout (self);
  gint n_nodes, total, cur;

  if (layout == NULL)
    return;
  n_nodes = (gint) layout->nodes->len;
  total = n_nodes + (gint) layout->edges->len;
  if (total == 0)
    return;
  cur = self->state.focus_node >= 0 ? self->state.focus_node
        : self->state.focus_edge >= 0 ? n_nodes + self->state.focus_edge : (delta > 0 ? -1 : total);
  cur = ((cur + delta) % total + total) % total;
  self->state.focus_node = cur < n_nodes ? cur : -1;
  self->state.focus_edge = cur < n_nodes ? -1 : cur - n_nodes;
  update_accessible (self);
  acy_graph_view_scroll_to_focus (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_key_pressed (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state,
                AcyGraphView *self)
{
  /* With Ctrl, the arrows pan (as they scroll a scrolled window); alone
   * they walk the graph, and the view follows. */
  if (state & GDK_CONTROL_MASK)
    switch (keyval)
      {
      case GDK_KEY_Right: acy_graph_view_pan (self, PAN_STEP, 0); return TRUE;
      case GDK_KEY_Left: acy_graph_view_pan (self, -PAN_STEP, 0); return TRUE;
      case GDK_KEY_Down: acy_graph_view_pan (self, 0, PAN_STEP); return TRUE;
      case GDK_KEY_Up: acy_graph_view_pan (self, 0, -PAN_STEP); return TRUE;
      case GDK_KEY_0:
      case GDK_KEY_KP_0:
        acy_graph_view_set_fit (self, TRUE);
        return TRUE;
      default:
        break;
      }
  switch (keyval)
    {
    case GDK_KEY_Right:
    case GDK_KEY_Down:
      move_focus (self, 1);
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_Up:
      move_focus (self, -1);
      return TRUE;
    /* Tab leaves: the graph is one stop, walked with the arrow keys. */
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      if (self->state.focus_node >= 0)
        activate_item (self, ACY_GRAPH_HIT_NODE, (guint) self->state.focus_node);
      else if (self->state.focus_edge >= 0)
        activate_item (self, ACY_GRAPH_HIT_EDGE, (guint) self->state.focus_edge);
      else
        return FALSE;
      return TRUE;
    case GDK_KEY_plus:
    case GDK_KEY_equal:
    case GDK_KEY_KP_Add:
      acy_graph_view_zoom_step (self, 1);
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      acy_graph_view_zoom_step (self, -1);
      return TRUE;
    case GDK_KEY_Escape:
      if (self->popover && gtk_widget_get_visible (self->popover))
        {
          gtk_popover_popdown (GTK_POPOVER (self->popover));
          return TRUE;
        }
      return FALSE;
    default:
      return FALSE;
    }
}

/* ---- API ------------------------------------------------------------------ */

GtkWidget *
acy_graph_view_new (void)
{
  return g_object_new (ACY_TYPE_GRAPH_VIEW, NULL);
}

void
acy_graph_view_set_scene (AcyGraphView *self, AcyGraphScene *scene, const AcyGraphGrid *grid)
{
  g_return_if_fail (ACY_IS_GRAPH_VIEW (self));

  g_clear_pointer (&self->scene, acy_graph_scene_free);
  g_clear_pointer (&self->glossary, acy_glossary_free);
  self->scene = scene;
  self->have_grid = grid != NULL;
  if (grid)
    self->grid = *grid;
  clear_layout (self);
  update_accessible (self);
}

const AcyGraphScene *
acy_graph_view_get_scene (AcyGraphView *self)
{
  return self->scene;
}

void
acy_graph_view_set_shown (AcyGraphView *self, const char *const *names)
{
  g_return_if_fail (ACY_IS_GRAPH_VIEW (self));

  g_strfreev (self->shown);
  self->shown = g_strdupv ((char **) names);
  clear_layout (self);
}

const char *const *
acy_graph_view_get_shown (AcyGraphView *self)
{
  return (const char *const *) self->shown;
}

/* Base relations (po, rf, co, fr) left out of the picture. */
void
acy_graph_view_set_hidden (AcyGraphView *self, const char *const *names)
{
  g_return_if_fail (ACY_IS_GRAPH_VIEW (self));

  g_strfreev (self->hidden);
  self->hidden = g_strdupv ((char **) names);
  clear_layout (self);
}

const char *const *
acy_graph_view_get_hidden (AcyGraphView *self)
{
  return (const char *const *) self->hidden;
}

void
acy_graph_view_emit_location (AcyGraphView *self, const char *file, guint line, guint col)
{
  g_signal_emit (self, signals[SIGNAL_LOCATION_ACTIVATED], 0, file, line, col);
}

static void
acy_graph_view_dispose (GObject *object)
{
  AcyGraphView *self = ACY_GRAPH_VIEW (object);

  acy_graph_view_dispose_explain (self);
  g_clear_pointer (&self->popover, gtk_widget_unparent);
  g_clear_handle_id (&self->fit_id, g_source_remove);
  self->fit_scroller = NULL;
  G_OBJECT_CLASS (acy_graph_view_parent_class)->dispose (object);
}

static void
acy_graph_view_finalize (GObject *object)
{
  AcyGraphView *self = ACY_GRAPH_VIEW (object);

  g_clear_pointer (&self->layout, acy_graph_layout_free);
  g_clear_pointer (&self->base, gsk_render_node_unref);
  g_clear_pointer (&self->scene, acy_graph_scene_free);
  g_clear_pointer (&self->shown, g_strfreev);
  g_clear_pointer (&self->hidden, g_strfreev);
  g_clear_pointer (&self->glossary, acy_glossary_free);
  g_free (self->explanation);
  G_OBJECT_CLASS (acy_graph_view_parent_class)->finalize (object);
}

static void
acy_graph_view_class_init (AcyGraphViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acy_graph_view_dispose;
  object_class->finalize = acy_graph_view_finalize;
  widget_class->measure = acy_graph_view_measure;
  widget_class->size_allocate = acy_graph_view_size_allocate;
  widget_class->snapshot = acy_graph_view_snapshot;

  /**
   * AcyGraphView::event-activated:
   * @line: the event's source line (0 for initial writes)
   * @col: its column
   *
   * An event was clicked or activated from the keyboard: the window can
   * show its line in the editor.
   */
  signals[SIGNAL_EVENT_ACTIVATED] =
    g_signal_new ("event-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /**
   * AcyGraphView::location-activated:
   * @file: a model file
   * @line: a line in it, where a relation of an explanation is defined
   * @col: its column
   *
   * The window can open the file there.
   */
  signals[SIGNAL_LOCATION_ACTIVATED] =
    g_signal_new ("location-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_set_css_name (widget_class, "acygraphview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
acy_graph_view_init (AcyGraphView *self)
{
  AcyGraphRenderState none = ACY_GRAPH_RENDER_STATE_INIT;
  AdwStyleManager *style_manager = adw_style_manager_get_default ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *key = gtk_event_controller_key_new ();

  self->zoom = 1.0;
  self->state = none;
  g_signal_connect_object (style_manager, "notify::dark",
                           G_CALLBACK (update_palette), self, G_CONNECT_SWAPPED);
  update_palette (self, NULL, style_manager);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (click, "pressed", G_CALLBACK (on_click_pressed), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect_object (motion, "motion", G_CALLBACK (on_motion), self, 0);
  g_signal_connect_object (motion, "leave", G_CALLBACK (on_leave), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect_object (key, "key-pressed", G_CALLBACK (on_key_pressed), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), key);
  g_signal_connect_object (self, "query-tooltip", G_CALLBACK (on_query_tooltip), self, 0);
  acy_graph_view_init_zoom (self);

  self->popover = gtk_popover_new ();
  self->popover_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->popover_label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->popover_label), 60);
  gtk_widget_set_margin_start (self->popover_label, 6);
  gtk_widget_set_margin_end (self->popover_label, 6);
  gtk_label_set_xalign (GTK_LABEL (self->popover_label), 0);
  {
    GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

    gtk_box_append (GTK_BOX (box), self->popover_label);
    gtk_popover_set_child (GTK_POPOVER (self->popover), box);
  }
  gtk_popover_set_autohide (GTK_POPOVER (self->popover), TRUE);
  gtk_widget_set_parent (self->popover, GTK_WIDGET (self));
  acy_graph_view_init_explain (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Execution graph"), -1);
  update_accessible (self);
}
