/* acy-graph-render.c - draw an execution graph with cairo, and export it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two palettes: the light one, for white paper and the light style (the
 * relation colours were chosen for it, and exports always use it), and a
 * dark one for the dark style. On the dark one each relation keeps its
 * hue but is brightened until it stands out from the background, so the
 * legend means the same in both. When a witness is shown, every other
 * edge is faded so the cycle stands out.
 */
#define G_LOG_DOMAIN "acyclic-graph"
#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "acy-graph-render.h"

#define ARROW_LEN   10.0
#define ARROW_HALF  4.5

/* ---- palettes ------------------------------------------------------------ */

static const AcyGraphPalette light_palette = {
  .dark = FALSE,
  .background = { 1.0, 1.0, 1.0 },
  .ink = { 0.1, 0.1, 0.1 },
  .thread_ink = { 0.4, 0.4, 0.4 },
  .legend_ink = { 0.15, 0.15, 0.15 },
  .node_fill = { 0.99, 0.99, 0.97 },
  .init_fill = { 0.93, 0.93, 0.93 },
  .node_border = { 0.35, 0.35, 0.35 },
  .hover_fill = { 0.87, 0.93, 1.0 },
  .selected_border = { 0.11, 0.42, 0.85 },
  .focus = { 0.21, 0.52, 0.89 },
  .focus_halo_alpha = 0.45,
  .witness_halo = { 1.0, 0.85, 0.1, 0.55 },
  .witness_ink = { 0.7, 0.0, 0.38 },
  .faded_edge_alpha = 0.3,
  .faded_label_alpha = 0.45,
};

/* The background is libadwaita's dark view colour (#1e1e1e), so a graph
 * reads as part of the window; events are lifted cards on it. Yellow
 * laid thin over a dark background turns olive: the cycle glows in its
 * own colour instead. Faded edges keep more of their colour, which a
 * dark background swallows faster than white washes it out. */
static const AcyGraphPalette dark_palette = {
  .dark = TRUE,
  .background = { 0.118, 0.118, 0.118 },
  .ink = { 0.93, 0.93, 0.93 },
  .thread_ink = { 0.65, 0.65, 0.65 },
  .legend_ink = { 0.85, 0.85, 0.85 },
  .node_fill = { 0.21, 0.21, 0.22 },
  .init_fill = { 0.16, 0.16, 0.16 },
  .node_border = { 0.55, 0.55, 0.55 },
  .hover_fill = { 0.13, 0.27, 0.45 },
  .selected_border = { 0.47, 0.68, 0.93 },
  .focus = { 0.47, 0.68, 0.93 },
  .focus_halo_alpha = 0.45,
  .witness_halo = { 1.0, 0.3, 0.65, 0.28 },
  .witness_ink = { 1.0, 0.49, 0.71 },
  .faded_edge_alpha = 0.45,
  .faded_label_alpha = 0.6,
};

const AcyGraphPalette *
acy_graph_palette_light (void)
{
  return &light_palette;
}

const AcyGraphPalette *
acy_graph_palette_dark (void)
{
  return &dark_palette;
}

static double
linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
luminance (const double rgb[3])
{
  return 0.2126 * linear (rgb[0]) + 0.7152 * linear (rgb[1]) + 0.0722 * linear (rgb[2]);
}

/* @rgb made at least as bright as @target (relative luminance): first by
 * scaling it up towards full value, which keeps hue and saturation, then,
 * for colours still too dark at full value (deep blues, purples), by
 * mixing in white. Each step is the least that reaches @target, found by
 * bisection: a few dozen pow() calls per relation, only when the cached
 * picture is redrawn. */
static void
brighten (const double rgb[3], double target, double out[3])
{
  double top = MAX (rgb[0], MAX (rgb[1], rgb[2]));
  double full[3], lo, hi;

  memcpy (out, rgb, 3 * sizeof (double));
  if (luminance (rgb) >= target)
    return;
  for (guint k = 0; k < 3; k++)
    full[k] = top > 0 ? rgb[k] / top : 0;

  if (luminance (full) >= target)
    {
      /* t = 0 is @rgb, t = 1 is @full */
      for (lo = 0, hi = 1; hi - lo > 1e-4;)
        {
          double t = (lo + hi) / 2, c[3];

          for (guint k = 0; k < 3; k++)
            c[k] = rgb[k] + (full[k] - rgb[k]) * t;
          *(luminance (c) >= target ? &hi : &lo) = t;
        }
      for (guint k = 0; k < 3; k++)
        out[k] = rgb[k] + (full[k] - rgb[k]) * hi;
      return;
    }

  /* t = 0 is @full, t = 1 is white */
  for (lo = 0, hi = 1; hi - lo > 1e-4;)
    {
      double t = (lo + hi) / 2, c[3];

      for (guint k = 0; k < 3; k++)
        c[k] = full[k] + (1 - full[k]) * t;
      *(luminance (c) >= target ? &hi : &lo) = t;
    }
  for (guint k = 0; k < 3; k++)
    out[k] = full[k] + (1 - full[k]) * hi;
}

/* Luminances the dark palette lifts relation colours to: lines at least
 * 3:1 against its background (WCAG's bar for graphics), label text at
 * least 4.5:1 plus a margin, as text on it must be. */
#define DARK_LINE_LUMINANCE 0.20
#define DARK_TEXT_LUMINANCE 0.32

/* The colour of a relation's lines and arrowheads. */
static void
relation_line (const AcyGraphPalette *palette, const AcyGraphRelationInfo *info, double out[3])
{
  if (palette->dark)
    brighten (info->rgb, DARK_LINE_LUMINANCE, out);
  else
    memcpy (out, info->rgb, 3 * sizeof (double));
}

/* The colour of a relation's label text: a little darker than its line
 * on white, a little brighter on the dark background. */
static void
relation_text (const AcyGraphPalette *palette, const AcyGraphRelationInfo *info, double out[3])
{
  if (palette->dark)
    brighten (info->rgb, DARK_TEXT_LUMINANCE, out);
  else
    for (guint k = 0; k < 3; k++)
      out[k] = info->rgb[k] * 0.8;
}

static void
set_rgb (cairo_t *cr, const double rgb[3])
{
  cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
}

/* ---- shapes --------------------------------------------------------------- */

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

/* The unit direction of the curve at its end, where the arrowhead goes. */
static void
edge_end_direction (const double p[8], double *ux, double *uy)
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
}

/* The curve, stopped short of its end so the line does not poke through
 * the arrowhead; returns the unit direction at the end. */
static void
edge_path (cairo_t *cr, const double p[8], double *ux, double *uy)
{
  edge_end_direction (p, ux, uy);
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

/* What draw_edge() draws of an edge: the cycle's edges are drawn in
 * layers with the rest, each layer over the one before. */
typedef enum {
  PART_HALO = 1 << 0,
  PART_LINE = 1 << 1,
  PART_HEAD = 1 << 2,
  PART_ALL  = PART_HALO | PART_LINE | PART_HEAD,
} EdgeParts;

static void
draw_edge (cairo_t *cr, const AcyGraphLayout *layout, const AcyGraphPalette *palette,
           const AcyGraphEdge *e, gboolean selected, gboolean hover, gboolean focus,
           EdgeParts parts)
{
  const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, e->rel);
  double alpha = layout->has_witness && !e->witness && !info->overlay && !selected && !hover
                 ? palette->faded_edge_alpha : 1.0;
  double width = e->witness ? 2.6 : 1.5;
  double ux, uy, rgb[3];

  if (hover)
    width += 1;
  cairo_save (cr);
  if ((parts & PART_HALO) && (selected || focus || e->witness))
    {
      /* A halo under the line: yellow for the witness, blue when selected. */
      if (selected || focus)
        cairo_set_source_rgba (cr, palette->focus[0], palette->focus[1], palette->focus[2],
                               palette->focus_halo_alpha);
      else
        cairo_set_source_rgba (cr, palette->witness_halo[0], palette->witness_halo[1],
                               palette->witness_halo[2], palette->witness_halo[3]);
      cairo_set_line_width (cr, width + 7);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      edge_path (cr, e->p, &ux, &uy);
      cairo_stroke (cr);
    }
  relation_line (palette, info, rgb);
  cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], alpha);
  if (parts & PART_LINE)
    {
      cairo_set_line_width (cr, width);
      if (!info->base && !info->witness)
        cairo_set_dash (cr, (double[]) { 6, 3 }, 2, 0);
      edge_path (cr, e->p, &ux, &uy);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  if (parts & PART_HEAD)
    {
      edge_end_direction (e->p, &ux, &uy);
      arrow_head (cr, e->p[6], e->p[7], ux, uy, e->witness ? 1.25 : 1.0);
    }
  cairo_restore (cr);
}

/* The parts @parts of every edge of the cycle. */
static void
draw_witness_edges (cairo_t *cr, const AcyGraphLayout *layout, const AcyGraphPalette *palette,
                    EdgeParts parts)
{
  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      if (e->witness)
        draw_edge (cr, layout, palette, e, FALSE, FALSE, FALSE, parts);
    }
}

static void
draw_edge_label (cairo_t *cr, const AcyGraphLayout *layout, const AcyGraphPalette *palette,
                 const AcyGraphEdge *e, gboolean emphasised)
{
  const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, e->rel);
  const double *bg = palette->background;
  double alpha = layout->has_witness && !e->witness && !info->overlay && !emphasised
                 ? palette->faded_label_alpha : 1.0;
  double line[3], text[3];

  relation_line (palette, info, line);
  relation_text (palette, info, text);
  cairo_save (cr);
  rounded_rect (cr, e->lx, e->ly, e->lw, e->lh, 3);
  cairo_set_source_rgba (cr, bg[0], bg[1], bg[2], e->witness ? 1.0 : 0.88);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, line[0], line[1], line[2], alpha * (e->witness ? 1 : 0.5));
  cairo_set_line_width (cr, e->witness ? 1.5 : 0.8);
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, text[0], text[1], text[2], alpha);
  cairo_move_to (cr, e->lx + 3, e->ly + 1.5);
  pango_cairo_show_layout (cr, e->text);
  cairo_restore (cr);
}

static void
draw_node (cairo_t *cr, const AcyGraphPalette *palette, const AcyGraphNode *n,
           gboolean selected, gboolean hover, gboolean focus)
{
  cairo_save (cr);
  rounded_rect (cr, n->x, n->y, n->w, n->h, 5);
  if (hover || selected)
    set_rgb (cr, palette->hover_fill);
  else if (n->init)
    set_rgb (cr, palette->init_fill);
  else
    set_rgb (cr, palette->node_fill);
  cairo_fill_preserve (cr);
  if (selected)
    {
      set_rgb (cr, palette->selected_border);
      cairo_set_line_width (cr, 2.5);
    }
  else
    {
      set_rgb (cr, palette->node_border);
      cairo_set_line_width (cr, 1.0);
    }
  cairo_stroke (cr);
  set_rgb (cr, palette->ink);
  cairo_move_to (cr, n->x + 9, n->y + 5);
  pango_cairo_show_layout (cr, n->text);
  if (focus)
    {
      rounded_rect (cr, n->x - 4, n->y - 4, n->w + 8, n->h + 8, 7);
      set_rgb (cr, palette->focus);
      cairo_set_line_width (cr, 2);
      cairo_set_dash (cr, (double[]) { 4, 2 }, 2, 0);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

/* "P0", "P1" over the columns, on a patch of background: an edge
 * passing behind a name leaves it readable (heads are drawn after). */
static void
draw_thread_headers (cairo_t *cr, const AcyGraphLayout *layout, const AcyGraphPalette *palette)
{
  const double *bg = palette->background;

  cairo_save (cr);
  for (guint i = 0; i < layout->headers->len; i++)
    {
      const AcyGraphHeader *h = &g_array_index (layout->headers, AcyGraphHeader, i);
      rounded_rect (cr, h->x - 3, h->y, h->w + 6, h->h, 3);
    }
  cairo_set_source_rgba (cr, bg[0], bg[1], bg[2], 0.9);
  cairo_fill (cr);
  set_rgb (cr, palette->thread_ink);
  for (guint i = 0; i < layout->headers->len; i++)
    {
      const AcyGraphHeader *h = &g_array_index (layout->headers, AcyGraphHeader, i);
      cairo_move_to (cr, h->x, h->y);
      pango_cairo_show_layout (cr, h->text);
    }
  cairo_restore (cr);
}

static void
draw_legend (cairo_t *cr, const AcyGraphLayout *layout, const AcyGraphPalette *palette)
{
  for (guint r = 0; r < layout->relations->len; r++)
    {
      const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, r);
      double y = info->ly + 8, rgb[3];

      cairo_save (cr);
      relation_line (palette, info, rgb);
      set_rgb (cr, rgb);
      cairo_set_line_width (cr, info->witness ? 2.6 : 1.5);
      if (!info->base && !info->witness)
        cairo_set_dash (cr, (double[]) { 6, 3 }, 2, 0);
      cairo_move_to (cr, info->lx, y);
      cairo_line_to (cr, info->lx + 20, y);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      arrow_head (cr, info->lx + 28, y, 1, 0, 1.0);
      set_rgb (cr, palette->legend_ink);
      cairo_move_to (cr, info->lx + 34, info->ly);
      pango_cairo_show_layout (cr, info->text);
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

/* Plain edges of one relation in one stroke and one fill: cairo's cost
 * is mostly per operation, and a graph has ten relations but a hundred
 * edges. The lines (@heads FALSE) or the heads: every line goes first,
 * then every head, for a head drawn before another relation's lines
 * could be hidden under an edge leaving the same event. */
static void
draw_plain_edges (cairo_t *cr, const AcyGraphLayout *layout, const AcyGraphPalette *palette,
                  const AcyGraphRenderState *state, gboolean heads)
{
  double alpha = layout->has_witness ? palette->faded_edge_alpha : 1.0;

  cairo_save (cr);
  /* Most of a frame was cairo's 15x17 supersampling of these long
   * thin strokes; its 4x4 one draws 1.5 px lines no one can tell
   * apart (compared at 1x and 6x: bench-graph-draw FRAMES EXPORT
   * FRAME.png) in about half the time. Vector exports ignore it. */
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_FAST);
  cairo_set_line_width (cr, 1.5);
  for (guint r = 0; r < layout->relations->len; r++)
    {
      const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, r);
      double ux, uy, rgb[3];
      gboolean any = FALSE;

      for (guint i = 0; i < layout->edges->len; i++)
        {
          const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
          double bx, by;

          if (e->rel != r || !edge_is_plain (layout, state, i))
            continue;
          any = TRUE;
          if (!heads)
            {
              edge_path (cr, e->p, &ux, &uy);
              continue;
            }
          /* Only the direction: each head is added to the one path
           * filled below, so nothing here may clear it. */
          edge_end_direction (e->p, &ux, &uy);
          bx = e->p[6] - ux * ARROW_LEN;
          by = e->p[7] - uy * ARROW_LEN;
          cairo_move_to (cr, e->p[6], e->p[7]);
          cairo_line_to (cr, bx - uy * ARROW_HALF, by + ux * ARROW_HALF);
          cairo_line_to (cr, bx + uy * ARROW_HALF, by - ux * ARROW_HALF);
          cairo_close_path (cr);
        }
      if (!any)
        continue;
      relation_line (palette, info, rgb);
      cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], info->overlay ? 1.0 : alpha);
      if (heads)
        cairo_fill (cr);
      else
        {
          if (!info->base && !info->witness)
            cairo_set_dash (cr, (double[]) { 6, 3 }, 2, 0);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
    }
  cairo_restore (cr);
}

static void
draw_plain_labels (cairo_t *cr, const AcyGraphLayout *layout, const AcyGraphPalette *palette,
                   const AcyGraphRenderState *state)
{
  const double *bg = palette->background;
  double alpha = layout->has_witness ? palette->faded_label_alpha : 1.0;

  cairo_save (cr);
  for (guint i = 0; i < layout->edges->len; i++)
    if (edge_is_plain (layout, state, i))
      {
        const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
        rounded_rect (cr, e->lx, e->ly, e->lw, e->lh, 3);
      }
  cairo_set_source_rgba (cr, bg[0], bg[1], bg[2], 0.88);
  cairo_fill (cr);
  cairo_set_line_width (cr, 0.8);
  for (guint r = 0; r < layout->relations->len; r++)
    {
      const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, r);
      gboolean any = FALSE;
      double line[3], text[3];

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
      relation_line (palette, info, line);
      relation_text (palette, info, text);
      cairo_set_source_rgba (cr, line[0], line[1], line[2], (info->overlay ? 1.0 : alpha) * 0.5);
      cairo_stroke (cr);
      cairo_set_source_rgba (cr, text[0], text[1], text[2], info->overlay ? 1.0 : alpha);
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
draw_plain_nodes (cairo_t *cr, const AcyGraphLayout *layout, const AcyGraphPalette *palette,
                  const AcyGraphRenderState *state)
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
      set_rgb (cr, init ? palette->init_fill : palette->node_fill);
      cairo_fill (cr);
    }
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, i);
      rounded_rect (cr, n->x, n->y, n->w, n->h, 5);
    }
  set_rgb (cr, palette->node_border);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  set_rgb (cr, palette->ink);
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, i);
      cairo_move_to (cr, n->x + 9, n->y + 5);
      pango_cairo_show_layout (cr, n->text);
    }
  cairo_restore (cr);
}

void
acy_graph_render_base (cairo_t               *cr,
                       const AcyGraphLayout  *layout,
                       const AcyGraphPalette *palette)
{
  static const AcyGraphRenderState none = ACY_GRAPH_RENDER_STATE_INIT;
  const AcyGraphRenderState *state = &none;

  if (palette == NULL)
    palette = &light_palette;
  cairo_save (cr);
  /* The default tolerance (0.1 px) splits every curve and rounded corner
   * into many more segments than anyone can see. */
  cairo_set_tolerance (cr, 0.3);
  set_rgb (cr, palette->background);
  cairo_rectangle (cr, 0, 0, layout->width, layout->height);
  cairo_fill (cr);

  if (layout->title)
    {
      set_rgb (cr, palette->ink);
      cairo_move_to (cr, layout->margin, layout->title_y);
      pango_cairo_show_layout (cr, layout->title);
    }

  /* The cycle's halo under everything, its lines over the faded
   * lines, and every head over every line: an edge of the cycle ending
   * at an event would hide the heads of the others ending there. */
  draw_witness_edges (cr, layout, palette, PART_HALO);
  draw_plain_edges (cr, layout, palette, state, FALSE);
  draw_witness_edges (cr, layout, palette, PART_LINE);
  draw_thread_headers (cr, layout, palette);
  draw_plain_edges (cr, layout, palette, state, TRUE);
  draw_witness_edges (cr, layout, palette, PART_HEAD);
  draw_plain_nodes (cr, layout, palette, state);
  /* Labels last: above the nodes they may touch. */
  draw_plain_labels (cr, layout, palette, state);
  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      if (e->witness)
        draw_edge_label (cr, layout, palette, e, FALSE);
    }
  if (layout->witness_caption)
    {
      set_rgb (cr, palette->witness_ink);
      cairo_move_to (cr, layout->text_x, layout->witness_y);
      pango_cairo_show_layout (cr, layout->witness_caption);
    }
  draw_legend (cr, layout, palette);
  cairo_restore (cr);
}

void
acy_graph_render_overlay (cairo_t                   *cr,
                          const AcyGraphLayout      *layout,
                          const AcyGraphRenderState *state,
                          const AcyGraphPalette     *palette)
{
  gint edges[3] = { state->hover_edge, state->selected_edge, state->focus_edge };
  gint nodes[3] = { state->hover_node, state->selected_node, state->focus_node };

  if (palette == NULL)
    palette = &light_palette;
  cairo_save (cr);
  cairo_set_tolerance (cr, 0.3);
  for (guint k = 0; k < 3; k++)
    if (edges[k] >= 0 && (guint) edges[k] < layout->edges->len &&
        (k == 0 || (edges[k] != edges[0] && (k == 1 || edges[k] != edges[1]))))
      draw_edge (cr, layout, palette, &g_array_index (layout->edges, AcyGraphEdge, edges[k]),
                 edges[k] == state->selected_edge, edges[k] == state->hover_edge,
                 edges[k] == state->focus_edge, PART_ALL);
  for (guint k = 0; k < 3; k++)
    if (nodes[k] >= 0 && (guint) nodes[k] < layout->nodes->len)
      draw_node (cr, palette, &g_array_index (layout->nodes, AcyGraphNode, nodes[k]),
                 nodes[k] == state->selected_node, nodes[k] == state->hover_node,
                 nodes[k] == state->focus_node);
  for (guint k = 0; k < 3; k++)
    if (edges[k] >= 0 && (guint) edges[k] < layout->edges->len)
      draw_edge_label (cr, layout, palette, &g_array_index (layout->edges, AcyGraphEdge, edges[k]), TRUE);
  if (state->focus_edge >= 0 && (guint) state->focus_edge < layout->edges->len)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, state->focus_edge);
      rounded_rect (cr, e->lx - 3, e->ly - 3, e->lw + 6, e->lh + 6, 5);
      set_rgb (cr, palette->focus);
      cairo_set_line_width (cr, 2);
      cairo_set_dash (cr, (double[]) { 4, 2 }, 2, 0);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static gint
edge_between (const AcyGraphLayout *layout, guint src, guint dst)
{
  gint best = -1;

  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      if (e->src == src && e->dst == dst)
        {
          const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, e->rel);
          /* a base relation's edge is the plainest picture of the fact */
          if (best < 0 || info->base)
            best = (gint) i;
        }
    }
  return best;
}

/* From the border of one box to the border of the other, bowed to the
 * side so that it does not hide a straight edge between them. */
static void
free_curve (const AcyGraphLayout *layout, guint src, guint dst, double p[8])
{
  const AcyGraphNode *a = &g_array_index (layout->nodes, AcyGraphNode, layout->node_of_event[src]);
  const AcyGraphNode *b = &g_array_index (layout->nodes, AcyGraphNode, layout->node_of_event[dst]);
  double ax = a->x + a->w / 2, ay = a->y + a->h / 2;
  double bx = b->x + b->w / 2, by = b->y + b->h / 2;
  double dx = bx - ax, dy = by - ay, len = MAX (hypot (dx, dy), 1e-6);
  double ux = dx / len, uy = dy / len;
  /* how far along the direction the box's border is */
  double ta = MIN (fabs (ux) > 1e-6 ? a->w / 2 / fabs (ux) : G_MAXDOUBLE,
                   fabs (uy) > 1e-6 ? a->h / 2 / fabs (uy) : G_MAXDOUBLE);
  double tb = MIN (fabs (ux) > 1e-6 ? b->w / 2 / fabs (ux) : G_MAXDOUBLE,
                   fabs (uy) > 1e-6 ? b->h / 2 / fabs (uy) : G_MAXDOUBLE);
  double bow = MIN (40.0, len * 0.25);

  p[0] = ax + ux * ta; p[1] = ay + uy * ta;
  p[6] = bx - ux * tb; p[7] = by - uy * tb;
  p[2] = p[0] + dx / 3 - uy * bow; p[3] = p[1] + dy / 3 + ux * bow;
  p[4] = p[6] - dx / 3 - uy * bow; p[5] = p[7] - dy / 3 + ux * bow;
}

void
acy_graph_render_path (cairo_t               *cr,
                       const AcyGraphLayout  *layout,
                       const guint           *pairs,
                       guint                  n_pairs,
                       const AcyGraphPalette *palette)
{
  if (palette == NULL)
    palette = &light_palette;
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint k = 0; k < n_pairs; k++)
    {
      guint src = pairs[2 * k], dst = pairs[2 * k + 1];
      double p[8], ux, uy;
      gint edge;

      /* a step through an event the graph hides (a register's) is not drawn */
      if (src >= layout->n_events || dst >= layout->n_events
          || layout->node_of_event[src] < 0 || layout->node_of_event[dst] < 0)
        continue;
      if (src == dst)
        {
          const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, layout->node_of_event[src]);
          rounded_rect (cr, n->x - 4, n->y - 4, n->w + 8, n->h + 8, 7);
          cairo_set_source_rgba (cr, palette->focus[0], palette->focus[1], palette->focus[2], 0.9);
          cairo_set_line_width (cr, 3);
          cairo_stroke (cr);
          continue;
        }
      edge = edge_between (layout, src, dst);
      if (edge >= 0)
        memcpy (p, g_array_index (layout->edges, AcyGraphEdge, edge).p, sizeof p);
      else
        free_curve (layout, src, dst, p);
      cairo_set_source_rgba (cr, palette->focus[0], palette->focus[1], palette->focus[2],
                             palette->focus_halo_alpha);
      cairo_set_line_width (cr, 10);
      edge_path (cr, p, &ux, &uy);
      cairo_stroke (cr);
      set_rgb (cr, palette->focus);
      cairo_set_line_width (cr, 2.5);
      edge_path (cr, p, &ux, &uy);
      cairo_stroke (cr);
      arrow_head (cr, p[6], p[7], ux, uy, 1.3);
    }
  cairo_restore (cr);
}

void
acy_graph_render (cairo_t                   *cr,
                  const AcyGraphLayout      *layout,
                  const AcyGraphRenderState *state)
{
  acy_graph_render_base (cr, layout, &light_palette);
  if (state)
    acy_graph_render_overlay (cr, layout, state, &light_palette);
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

/* Where cairo's streams write: a file descriptor, and the first error. */
typedef struct {
  int fd;
  int err;
} Sink;

static cairo_status_t
sink_write (void *closure, const unsigned char *data, unsigned int length)
{
  Sink *sink = closure;

  while (length > 0)
    {
      ssize_t n = write (sink->fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          sink->err = n < 0 ? errno : EIO;
          return CAIRO_STATUS_WRITE_ERROR;
        }
      data += n;
      length -= (unsigned int) n;
    }
  return CAIRO_STATUS_SUCCESS;
}

/* Draws into a temporary file beside @path, then renames it: a full disk
 * or a read-only folder leaves no partial file, and the error names the
 * file and the reason. */
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
  g_autofree char *tmp = g_strconcat (path, ".XXXXXX", NULL);
  Sink sink = { -1, 0 };

  sink.fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0666);
  if (sink.fd < 0)
    {
      int err = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err), "%s: cannot create the file: %s",
                   path, g_strerror (err));
      return FALSE;
    }
  switch (format)
    {
    case ACY_GRAPH_FORMAT_SVG:
      surface = cairo_svg_surface_create_for_stream (sink_write, &sink, w, h);
      break;
    case ACY_GRAPH_FORMAT_PDF:
      surface = cairo_pdf_surface_create_for_stream (sink_write, &sink, w, h);
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
    status = cairo_surface_write_to_png_stream (surface, sink_write, &sink);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status == CAIRO_STATUS_SUCCESS && fsync (sink.fd) != 0 && errno != EINVAL)
    sink.err = errno, status = CAIRO_STATUS_WRITE_ERROR;
  if (close (sink.fd) != 0 && status == CAIRO_STATUS_SUCCESS)
    sink.err = errno, status = CAIRO_STATUS_WRITE_ERROR;
  if (status == CAIRO_STATUS_SUCCESS && g_rename (tmp, path) != 0)
    sink.err = errno, status = CAIRO_STATUS_WRITE_ERROR;
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_remove (tmp);
      if (sink.err != 0)
        g_set_error (error, G_IO_ERROR, g_io_error_from_errno (sink.err), "%s: cannot write the file: %s",
                     path, g_strerror (sink.err));
      else
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", path,
                     cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}
