/* acy-graph-view-zoom.c - zooming, fitting and panning the graph widget
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The graph sits in a GtkScrolledWindow, which scrolls it (wheel,
 * Shift+wheel, scroll bars); here the hand drags it, Ctrl+wheel zooms,
 * the keyboard pans and follows what it reaches, and Fit keeps the
 * zoom at what the scrolled window's room holds whole, choosing where
 * the legend goes so that the graph is drawn biggest.
 */
#define G_LOG_DOMAIN "acyclic-graph"
#include "config.h"

#include <math.h>

#include "acy-graph-view-private.h"

#define ZOOM_STEP 1.25

static gboolean
ancestor_adjustments (AcyGraphView *self, GtkAdjustment **h, GtkAdjustment **v)
{
  GtkWidget *sw = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);

  if (sw == NULL)
    return FALSE;
  *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (sw));
  *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (sw));
  return TRUE;
}

/* Pans by a fraction of the visible part, as a scrolled window's
 * Ctrl+arrow keys do. */
void
acy_graph_view_pan (AcyGraphView *self, double fx, double fy)
{
  GtkAdjustment *h, *v;

  if (!ancestor_adjustments (self, &h, &v))
    return;
  gtk_adjustment_set_value (h, gtk_adjustment_get_value (h) + fx * gtk_adjustment_get_page_size (h));
  gtk_adjustment_set_value (v, gtk_adjustment_get_value (v) + fy * gtk_adjustment_get_page_size (v));
}

/* Scrolls the enclosing scrolled window so that the event or edge the
 * keyboard reached is in view. */
void
acy_graph_view_scroll_to_focus (AcyGraphView *self)
{
  GtkWidget *sw = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *viewport = sw ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (sw)) : NULL;
  const AcyGraphLayout *l = self->layout;
  GtkAdjustment *h, *v;
  graphene_point_t a, b;
  double x0, y0, x1, y1;

  if (viewport == NULL || l == NULL || !ancestor_adjustments (self, &h, &v))
    return;
  if (self->state.focus_node >= 0)
    {
      const AcyGraphNode *n = &g_array_index (l->nodes, AcyGraphNode, self->state.focus_node);
      x0 = n->x; y0 = n->y; x1 = n->x + n->w; y1 = n->y + n->h;
    }
  else if (self->state.focus_edge >= 0)
    {
      const AcyGraphEdge *e = &g_array_index (l->edges, AcyGraphEdge, self->state.focus_edge);
      x0 = MIN (e->lx, e->mx); y0 = MIN (e->ly, e->my);
      x1 = MAX (e->lx + e->lw, e->mx); y1 = MAX (e->ly + e->lh, e->my);
    }
  else
    return;
  /* into the viewport's own coordinates, then onto the scrolled plane */
  if (!gtk_widget_compute_point (GTK_WIDGET (self), viewport,
                                 &GRAPHENE_POINT_INIT ((float) (x0 * self->zoom - 12), (float) (y0 * self->zoom - 12)), &a)
      || !gtk_widget_compute_point (GTK_WIDGET (self), viewport,
                                    &GRAPHENE_POINT_INIT ((float) (x1 * self->zoom + 12), (float) (y1 * self->zoom + 12)), &b))
    return;
  gtk_adjustment_clamp_page (h, a.x + gtk_adjustment_get_value (h), b.x + gtk_adjustment_get_value (h));
  gtk_adjustment_clamp_page (v, a.y + gtk_adjustment_get_value (v), b.y + gtk_adjustment_get_value (v));
}

static void
on_drag_begin (GtkGestureDrag *drag, double x, double y, AcyGraphView *self)
{
  GtkAdjustment *h, *v;

  if (ancestor_adjustments (self, &h, &v))
    {
      self->drag_h = gtk_adjustment_get_value (h);
      self->drag_v = gtk_adjustment_get_value (v);
    }
}

static void
on_drag_update (GtkGestureDrag *drag, double dx, double dy, AcyGraphView *self)
{
  GtkAdjustment *h, *v;

  /* The widget moves under the pointer as it pans; the offset from the
   * start is still what the hand moved. */
  if (ancestor_adjustments (self, &h, &v))
    {
      gtk_adjustment_set_value (h, self->drag_h - dx);
      gtk_adjustment_set_value (v, self->drag_v - dy);
    }
}

static gboolean
on_scroll (GtkEventControllerScroll *scroll, double dx, double dy, AcyGraphView *self)
{
  GdkModifierType mods = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));

  if (!(mods & GDK_CONTROL_MASK))
    return FALSE;
  acy_graph_view_set_zoom (self, self->zoom * (dy < 0 ? 1.1 : 1 / 1.1));
  return TRUE;
}

static void
apply_zoom (AcyGraphView *self, double zoom)
{
  /* Fit goes as low as a graph needs: a ring of sixteen threads whole
   * is still a map to zoom into. */
  zoom = CLAMP (zoom, 0.05, 4.0);
  if (zoom == self->zoom)
    return;
  self->zoom = zoom;
  acy_graph_view_clear_picture (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* A zoom chosen by hand ends fitting. */
void
acy_graph_view_set_zoom (AcyGraphView *self, double zoom)
{
  g_return_if_fail (ACY_IS_GRAPH_VIEW (self));

  self->fit = FALSE;
  apply_zoom (self, zoom);
}

/* Zooms in (@steps > 0) or out by steps of 25%, as the zoom buttons and
 * the + and - keys do. */
void
acy_graph_view_zoom_step (AcyGraphView *self, int steps)
{
  g_return_if_fail (ACY_IS_GRAPH_VIEW (self));

  acy_graph_view_set_zoom (self, self->zoom * pow (ZOOM_STEP, steps));
}

double
acy_graph_view_get_zoom (AcyGraphView *self)
{
  return self->zoom;
}

/* ---- fit to view ---------------------------------------------------------- */

#define FIT_MARGIN 8

static void
fit_now (AcyGraphView *self)
{
  const AcyGraphLayout *layout = acy_graph_view_get_layout (self);
  double page_w, page_h, zoom;

  if (!self->fit || self->fit_scroller == NULL || layout == NULL
      || layout->width <= 0 || layout->height <= 0)
    return;
  page_w = gtk_adjustment_get_page_size (gtk_scrolled_window_get_hadjustment (self->fit_scroller));
  page_h = gtk_adjustment_get_page_size (gtk_scrolled_window_get_vadjustment (self->fit_scroller));
  if (page_w <= FIT_MARGIN || page_h <= FIT_MARGIN)
    return;
  page_w -= FIT_MARGIN;
  page_h -= FIT_MARGIN;
  /* The legend below the graph, or beside it in a view wider than
   * that picture (the window's results pane): whichever draws it bigger. */
  if (MIN (page_w / layout->other_width, page_h / layout->other_height)
      > 1.05 * MIN (page_w / layout->width, page_h / layout->height))
    {
      /* the same edges in the same order: selection and focus hold */
      self->legend_beside = !self->legend_beside;
      g_clear_pointer (&self->layout, acy_graph_layout_free);
      acy_graph_view_clear_picture (self);
      gtk_widget_queue_resize (GTK_WIDGET (self));
      layout = acy_graph_view_get_layout (self);
    }
  /* The whole graph, never above 1:1; steps of 1% keep a resize from
   * feeding back on itself. */
  zoom = MIN (page_w / layout->width, page_h / layout->height);
  zoom = floor (MIN (zoom, 1.0) * 100) / 100;
  if (fabs (zoom - self->zoom) >= 0.01)
    apply_zoom (self, zoom);
}

static gboolean
fit_idle (gpointer data)
{
  AcyGraphView *self = data;

  self->fit_id = 0;
  fit_now (self);
  /* snapshot waited for this (the picture is drawn again at a new zoom) */
  if (self->base == NULL)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

/* The room or the graph changed, during an allocation: zoom once it is
 * over, or GTK would draw a view still waiting for its size. */
static void
queue_fit (AcyGraphView *self)
{
  if (self->fit && self->fit_id == 0)
    /* Above the idle priority: a window redrawing each frame would
     * starve an idle, and the graph would never fit. */
    self->fit_id = g_idle_add_full (G_PRIORITY_DEFAULT, fit_idle, self, NULL);
}

void
acy_graph_view_watch_scroller (AcyGraphView *self)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (self), GTK_TYPE_SCROLLED_WINDOW);

  if (scroller == NULL || GTK_SCROLLED_WINDOW (scroller) == self->fit_scroller)
    return;
  self->fit_scroller = GTK_SCROLLED_WINDOW (scroller);
  g_signal_connect_object (gtk_scrolled_window_get_hadjustment (self->fit_scroller), "notify::page-size",
                           G_CALLBACK (queue_fit), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->fit_scroller), "notify::page-size",
                           G_CALLBACK (queue_fit), self, G_CONNECT_SWAPPED);

}

/**
 * acy_graph_view_set_fit:
 * @fit: whether the graph is zoomed to fit the scrolled window it is in
 *
 * A zoom set by hand (acy_graph_view_set_zoom(), the keyboard, the
 * wheel) ends fitting.
 */
void
acy_graph_view_set_fit (AcyGraphView *self, gboolean fit)
{
  g_return_if_fail (ACY_IS_GRAPH_VIEW (self));

  self->fit = fit;
  if (fit)
    {
      acy_graph_view_watch_scroller (self);
      queue_fit (self);
    }
}

gboolean
acy_graph_view_get_fit (AcyGraphView *self)
{
  g_return_val_if_fail (ACY_IS_GRAPH_VIEW (self), FALSE);

  return self->fit;
}

void
acy_graph_view_init_zoom (AcyGraphView *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);

  /* Pan with the middle button, or the primary one with a drag. */
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect_object (drag, "drag-begin", G_CALLBACK (on_drag_begin), self, 0);
  g_signal_connect_object (drag, "drag-update", G_CALLBACK (on_drag_update), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect_object (scroll, "scroll", G_CALLBACK (on_scroll), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);
  /* In a scrolled window by now: fitting watches its room. */
  g_signal_connect (self, "map", G_CALLBACK (acy_graph_view_watch_scroller), NULL);
}
