/* acy-graph-render.c - draw an execution graph with cairo, and export it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Always on white paper, whatever the theme: the same picture on screen
 * and in exported files, and the relation colours were chosen for it.
 * When a witness is shown, every other edge is faded so the cycle stands
 * out.
 */
#define G_LOG_DOMAIN "acyclic-graph"
#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "acy-graph-render.h"

#define ARROW_LEN   10.0
#define ARROW_HALF  4.5

static void
rounded_rect (cairo_t *cr, double x, double y, double w, double h, double r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* The curve, stopped short of its end so the line does not poke through
 * the arrowhead; returns the unit direction at the end. */
static void
edge_path (cairo_t *cr, const double p[8], double *ux, double *uy)
{
  double dx = p[6] - p[4], dy = p[7] - p[5], len = hypot (dx, dy);

  if (len < 1e-6)
    {
      dx = p[6] - p[0];
      dy = p[7] - p[1];
      len = MAX (hypot (dx, dy), 1e-6);
    }
  *ux = dx / len;
  *uy = dy / len;
  cairo_move_to (cr, p[0], p[1]);
  cairo_curve_to (cr, p[2], p[3], p[4], p[5],
                  p[6] - *ux * ARROW_LEN * 0.8, p[7] - *uy * ARROW_LEN * 0.8);
}

static void
arrow_head (cairo_t *cr, double tx, double ty, double ux, double uy, double scale)
{
  double bx = tx - ux * ARROW_LEN * scale, by = ty - uy * ARROW_LEN * scale;

  cairo_move_to (cr, tx, ty);
  cairo_line_to (cr, bx - uy * ARROW_HALF * scale, by + ux * ARROW_HALF * scale);
  cairo_line_to (cr, bx + uy * ARROW_HALF * scale, by - ux * ARROW_HALF * scale);
  cairo_close_path (cr);
  cairo_fill (cr);
}

static void
draw_edge (cairo_t *cr, const AcyGraphLayout *layout, const AcyGraphEdge *e,
           gboolean selected, gboolean hover, gboolean focus)
{
  const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, e->rel);
  double alpha = layout->has_witness && !e->witness && !selected && !hover ? 0.3 : 1.0;
  double width = e->witness ? 2.6 : 1.5;
  double ux, uy;

  if (hover)
    width += 1;
  cairo_save (cr);
  if (selected || focus || e->witness)
    {
      /* A halo under the line: yellow for the witness, blue when selected. */
      if (selected || focus)
        cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.45);
      else
        cairo_set_source_rgba (cr, 1.0, 0.85, 0.1, 0.55);
      cairo_set_line_width (cr, width + 7);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      edge_path (cr, e->p, &ux, &uy);
      cairo_stroke (cr);
    }
  cairo_set_source_rgba (cr, info->rgb[0], info->rgb[1], info->rgb[2], alpha);
  cairo_set_line_width (cr, width);
  if (!info->base && !info->witness)
    cairo_set_dash (cr, (double[]) { 6, 3 }, 2, 0);
  edge_path (cr, e->p, &ux, &uy);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  arrow_head (cr, e->p[6], e->p[7], ux, uy, e->witness ? 1.25 : 1.0);
  cairo_restore (cr);
}

static void
draw_edge_label (cairo_t *cr, const AcyGraphLayout *layout, const AcyGraphEdge *e,
                 gboolean emphasised)
{
  const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, e->rel);
  double alpha = layout->has_witness && !e->witness && !emphasised ? 0.45 : 1.0;

  cairo_save (cr);
  rounded_rect (cr, e->lx, e->ly, e->lw, e->lh, 3);
  cairo_set_source_rgba (cr, 1, 1, 1, e->witness ? 1.0 : 0.88);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, info->rgb[0], info->rgb[1], info->rgb[2], alpha * (e->witness ? 1 : 0.5));
  cairo_set_line_width (cr, e->witness ? 1.5 : 0.8);
  cairo_stroke (cr);
  /* Text a little darker than the line, to stay legible on white. */
  cairo_set_source_rgba (cr, info->rgb[0] * 0.8, info->rgb[1] * 0.8, info->rgb[2] * 0.8, alpha);
  cairo_move_to (cr, e->lx + 3, e->ly + 1.5);
  pango_cairo_show_layout (cr, e->text);
  cairo_restore (cr);
}

static void
draw_node (cairo_t *cr, const AcyGraphNode *n, gboolean selected, gboolean hover, gboolean focus)
{
  cairo_save (cr);
  rounded_rect (cr, n->x, n->y, n->w, n->h, 5);
  if (hover || selected)
    cairo_set_source_rgb (cr, 0.87, 0.93, 1.0);
  else if (n->init)
    cairo_set_source_rgb (cr, 0.93, 0.93, 0.93);
  else
    cairo_set_source_rgb (cr, 0.99, 0.99, 0.97);
  cairo_fill_preserve (cr);
  if (selected)
    {
      cairo_set_source_rgb (cr, 0.11, 0.42, 0.85);
      cairo_set_line_width (cr, 2.5);
    }
  else
    {
      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      cairo_set_line_width (cr, 1.0);
    }
  cairo_stroke (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_move_to (cr, n->x + 9, n->y + 5);
  pango_cairo_show_layout (cr, n->text);
  if (focus)
    {
      rounded_rect (cr, n->x - 4, n->y - 4, n->w + 8, n->h + 8, 7);
      cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
      cairo_set_line_width (cr, 2);
      cairo_set_dash (cr, (double[]) { 4, 2 }, 2, 0);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
draw_thread_headers (cairo_t *cr, const AcyGraphLayout *layout)
{
  PangoLayout *l = pango_layout_new (layout->context);
  PangoFontDescription *fd = pango_font_description_from_string ("Sans Bold 10");

  pango_layout_set_font_description (l, fd);
  pango_font_description_free (fd);
  cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, i);
      g_autofree char *text = NULL;
      int w, h;

      if (n->init || n->row != 0)
        continue;
      text = g_strdup_printf ("P%d", n->thread);
      pango_layout_set_text (l, text, -1);
      pango_layout_get_pixel_size (l, &w, &h);
      cairo_move_to (cr, n->x + n->w / 2 - w / 2.0, n->y - h - 6);
      pango_cairo_show_layout (cr, l);
    }
  g_object_unref (l);
}

static void
draw_legend (cairo_t *cr, const AcyGraphLayout *layout)
{
  for (guint r = 0; r < layout->relations->len; r++)
    {
      const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, r);
      double y = info->ly + 8;

      cairo_save (cr);
      cairo_set_source_rgb (cr, info->rgb[0], info->rgb[1], info->rgb[2]);
      cairo_set_line_width (cr, info->witness ? 2.6 : 1.5);
      if (!info->base && !info->witness)
        cairo_set_dash (cr, (double[]) { 6, 3 }, 2, 0);
      cairo_move_to (cr, info->lx, y);
      cairo_line_to (cr, info->lx + 20, y);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      arrow_head (cr, info->lx + 28, y, 1, 0, 1.0);
      cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
      cairo_move_to (cr, info->lx + 34, info->ly);
      pango_cairo_show_layout (cr, info->text);
      cairo_restore (cr);
    }
}

/* Plain edges of one relation in one stroke and one fill: cairo's cost
 * is mostly per operation, and a graph has ten relations but a hundred
 * edges. */
static void
draw_plain_edges (cairo_t *cr, const AcyGraphLayout *layout, const AcyGraphRenderState *state)
{
  for (guint r = 0; r < layout->relations->len; r++)
    {
      const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, r);
      double alpha = layout->has_witness ? 0.3 : 1.0;
      double ux, uy;
      gboolean any = FALSE;

      cairo_save (cr);
      /* Most of a frame was cairo's 15x17 supersampling of these long
       * thin strokes; its 4x4 one draws 1.5 px lines no one can tell
       * apart (compared at 1x and 6x: bench-graph-draw FRAMES EXPORT
       * FRAME.png) in about half the time. Vector exports ignore it. */
      cairo_set_antialias (cr, CAIRO_ANTIALIAS_FAST);
      cairo_set_source_rgba (cr, info->rgb[0], info->rgb[1], info->rgb[2], alpha);
      cairo_set_line_width (cr, 1.5);
      if (!info->base && !info->witness)
        cairo_set_dash (cr, (double[]) { 6, 3 }, 2, 0);
      for (guint i = 0; i < layout->edges->len; i++)
        {
          const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
          if (e->rel != r || e->witness || (gint) i == state->selected_edge ||
              (gint) i == state->hover_edge || (gint) i == state->focus_edge)
            continue;
          edge_path (cr, e->p, &ux, &uy);
          any = TRUE;
        }
      if (any)
        {
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
          for (guint i = 0; i < layout->edges->len; i++)
            {
              const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
              double bx, by;
              if (e->rel != r || e->witness || (gint) i == state->selected_edge ||
                  (gint) i == state->hover_edge || (gint) i == state->focus_edge)
                continue;
              edge_path (cr, e->p, &ux, &uy);
              cairo_new_path (cr);
              bx = e->p[6] - ux * ARROW_LEN;
              by = e->p[7] - uy * ARROW_LEN;
              cairo_move_to (cr, e->p[6], e->p[7]);
              cairo_line_to (cr, bx - uy * ARROW_HALF, by + ux * ARROW_HALF);
              cairo_line_to (cr, bx + uy * ARROW_HALF, by - ux * ARROW_HALF);
              cairo_close_path (cr);
            }
          cairo_fill (cr);
        }
      cairo_restore (cr);
    }
}

static gboolean
edge_is_plain (const AcyGraphLayout *layout, const AcyGraphRenderState *state, guint i)
{
  const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
  return !e->witness && (gint) i != state->selected_edge && (gint) i != state->hover_edge &&
         (gint) i != state->focus_edge;
}

static void
draw_plain_labels (cairo_t *cr, const AcyGraphLayout *layout, const AcyGraphRenderState *state)
{
  double alpha = layout->has_witness ? 0.45 : 1.0;

  cairo_save (cr);
  for (guint i = 0; i < layout->edges->len; i++)
    if (edge_is_plain (layout, state, i))
      {
        const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
        rounded_rect (cr, e->lx, e->ly, e->lw, e->lh, 3);
      }
  cairo_set_source_rgba (cr, 1, 1, 1, 0.88);
  cairo_fill (cr);
  cairo_set_line_width (cr, 0.8);
  for (guint r = 0; r < layout->relations->len; r++)
    {
      const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, r);
      gboolean any = FALSE;

      for (guint i = 0; i < layout->edges->len; i++)
        {
          const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
          if (e->rel == r && edge_is_plain (layout, state, i))
            {
              rounded_rect (cr, e->lx, e->ly, e->lw, e->lh, 3);
              any = TRUE;
            }
        }
      if (!any)
        continue;
      cairo_set_source_rgba (cr, info->rgb[0], info->rgb[1], info->rgb[2], alpha * 0.5);
      cairo_stroke (cr);
      cairo_set_source_rgba (cr, info->rgb[0] * 0.8, info->rgb[1] * 0.8, info->rgb[2] * 0.8, alpha);
      for (guint i = 0; i < layout->edges->len; i++)
        {
          const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
          if (e->rel == r && edge_is_plain (layout, state, i))
            {
              cairo_move_to (cr, e->lx + 3, e->ly + 1.5);
              pango_cairo_show_layout (cr, e->text);
            }
        }
    }
  cairo_restore (cr);
}

static void
draw_plain_nodes (cairo_t *cr, const AcyGraphLayout *layout, const AcyGraphRenderState *state)
{
  cairo_save (cr);
  for (int init = 0; init < 2; init++)
    {
      for (guint i = 0; i < layout->nodes->len; i++)
        {
          const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, i);
          if (n->init == init)
            rounded_rect (cr, n->x, n->y, n->w, n->h, 5);
        }
      if (init)
        cairo_set_source_rgb (cr, 0.93, 0.93, 0.93);
      else
        cairo_set_source_rgb (cr, 0.99, 0.99, 0.97);
      cairo_fill (cr);
    }
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, i);
      rounded_rect (cr, n->x, n->y, n->w, n->h, 5);
    }
  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, i);
      cairo_move_to (cr, n->x + 9, n->y + 5);
      pango_cairo_show_layout (cr, n->text);
    }
  cairo_restore (cr);
}

void
acy_graph_render_base (cairo_t *cr, const AcyGraphLayout *layout)
{
  static const AcyGraphRenderState none = ACY_GRAPH_RENDER_STATE_INIT;
  const AcyGraphRenderState *state = &none;

  cairo_save (cr);
  /* The default tolerance (0.1 px) splits every curve and rounded corner
   * into many more segments than anyone can see. */
  cairo_set_tolerance (cr, 0.3);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, 0, 0, layout->width, layout->height);
  cairo_fill (cr);

  if (layout->title)
    {
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_move_to (cr, 24, layout->title_y);
      pango_cairo_show_layout (cr, layout->title);
    }
  draw_thread_headers (cr, layout);

  /* Faded edges under the witness, the witness on top. */
  draw_plain_edges (cr, layout, state);
  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      if (e->witness)
        draw_edge (cr, layout, e, FALSE, FALSE, FALSE);
    }
  draw_plain_nodes (cr, layout, state);
  /* Labels last: above the nodes they may touch. */
  draw_plain_labels (cr, layout, state);
  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      if (e->witness)
        draw_edge_label (cr, layout, e, FALSE);
    }
  if (layout->witness_caption)
    {
      cairo_set_source_rgb (cr, 0.7, 0.0, 0.38);
      cairo_move_to (cr, 24, layout->witness_y);
      pango_cairo_show_layout (cr, layout->witness_caption);
    }
  draw_legend (cr, layout);
  cairo_restore (cr);
}

void
acy_graph_render_overlay (cairo_t                   *cr,
                          const AcyGraphLayout      *layout,
                          const AcyGraphRenderState *state)
{
  gint edges[3] = { state->hover_edge, state->selected_edge, state->focus_edge };
  gint nodes[3] = { state->hover_node, state->selected_node, state->focus_node };

  cairo_save (cr);
  cairo_set_tolerance (cr, 0.3);
  for (guint k = 0; k < 3; k++)
    if (edges[k] >= 0 && (guint) edges[k] < layout->edges->len &&
        (k == 0 || (edges[k] != edges[0] && (k == 1 || edges[k] != edges[1]))))
      draw_edge (cr, layout, &g_array_index (layout->edges, AcyGraphEdge, edges[k]),
                 edges[k] == state->selected_edge, edges[k] == state->hover_edge,
                 edges[k] == state->focus_edge);
  for (guint k = 0; k < 3; k++)
    if (nodes[k] >= 0 && (guint) nodes[k] < layout->nodes->len)
      draw_node (cr, &g_array_index (layout->nodes, AcyGraphNode, nodes[k]),
                 nodes[k] == state->selected_node, nodes[k] == state->hover_node,
                 nodes[k] == state->focus_node);
  for (guint k = 0; k < 3; k++)
    if (edges[k] >= 0 && (guint) edges[k] < layout->edges->len)
      draw_edge_label (cr, layout, &g_array_index (layout->edges, AcyGraphEdge, edges[k]), TRUE);
  if (state->focus_edge >= 0 && (guint) state->focus_edge < layout->edges->len)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, state->focus_edge);
      rounded_rect (cr, e->lx - 3, e->ly - 3, e->lw + 6, e->lh + 6, 5);
      cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
      cairo_set_line_width (cr, 2);
      cairo_set_dash (cr, (double[]) { 4, 2 }, 2, 0);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

void
acy_graph_render (cairo_t                   *cr,
                  const AcyGraphLayout      *layout,
                  const AcyGraphRenderState *state)
{
  acy_graph_render_base (cr, layout);
  if (state)
    acy_graph_render_overlay (cr, layout, state);
}

gboolean
acy_graph_format_from_string (const char *name, AcyGraphFormat *format)
{
  if (g_ascii_strcasecmp (name, "png") == 0)
    *format = ACY_GRAPH_FORMAT_PNG;
  else if (g_ascii_strcasecmp (name, "svg") == 0)
    *format = ACY_GRAPH_FORMAT_SVG;
  else if (g_ascii_strcasecmp (name, "pdf") == 0)
    *format = ACY_GRAPH_FORMAT_PDF;
  else
    return FALSE;
  return TRUE;
}

const char *
acy_graph_format_extension (AcyGraphFormat format)
{
  switch (format)
    {
    case ACY_GRAPH_FORMAT_SVG: return "svg";
    case ACY_GRAPH_FORMAT_PDF: return "pdf";
    case ACY_GRAPH_FORMAT_PNG:
    default: return "png";
    }
}

gboolean
acy_graph_export (const AcyGraphLayout *layout,
                  AcyGraphFormat        format,
                  const char           *path,
                  GError              **error)
{
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  double w = ceil (layout->width), h = ceil (layout->height);
  double scale = format == ACY_GRAPH_FORMAT_PNG ? 2.0 : 1.0;

  switch (format)
    {
    case ACY_GRAPH_FORMAT_SVG:
      surface = cairo_svg_surface_create (path, w, h);
      break;
    case ACY_GRAPH_FORMAT_PDF:
      surface = cairo_pdf_surface_create (path, w, h);
      break;
    case ACY_GRAPH_FORMAT_PNG:
    default:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) (w * scale), (int) (h * scale));
      break;
    }
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  acy_graph_render (cr, layout, NULL);
  cairo_show_page (cr);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS && format == ACY_GRAPH_FORMAT_PNG)
    status = cairo_surface_write_to_png (surface, path);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", path,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}
