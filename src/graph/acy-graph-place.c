/* acy-graph-place.c - where the events, thread names, caption and legend go
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A column per thread, side by side up to a screen's width, then in
 * bands below; the initial writes in lines over the threads using them;
 * events by (thread, place among the thread's events shown) only, so
 * that stepping through the executions of a test moves edges but never
 * events. Once the edges are
 * routed, the picture is made to hold all of them, and the caption and
 * legend go below it or beside it.
 */
#define G_LOG_DOMAIN "acyclic-graph"
#include "config.h"

#include <math.h>
#include <string.h>

#include "acy-graph-layout-private.h"

#define COL_GAP         110.0
#define ROW_GAP         34.0
#define INIT_GAP        52.0   /* initial writes to the first events: room for "P0" */
#define INIT_SEP        40.0   /* between initial writes in a line */
#define INIT_LINE_GAP   12.0
#define BAND_GAP        64.0   /* between bands of threads */
#define BAND_INIT_GAP   40.0   /* between a band and initial writes over the next */
#define MAX_BAND_WIDTH  1150.0 /* threads past it wrap into another band */
#define LEGEND_GAP      18.0
#define SIDE_GAP        28.0   /* between the graph and a legend beside it */
#define SIDE_MIN_WIDTH  140.0
#define SIDE_MAX_WIDTH  260.0

/* Threads per band: all of them while the band is not wider than
 * MAX_BAND_WIDTH, else as many bands as that takes, shared out evenly
 * (five threads go three and two, not four and one). */
static guint
threads_per_band (guint n_threads, double pitch)
{
  guint fit, bands;

  if (n_threads == 0 || n_threads * pitch - COL_GAP <= MAX_BAND_WIDTH)
    return MAX (n_threads, 1);
  fit = MAX (2, (guint) ((MAX_BAND_WIDTH + COL_GAP) / pitch));
  bands = (n_threads + fit - 1) / fit;
  return (n_threads + bands - 1) / bands;
}

/* Where the initial writes go, in lines over the threads: spread evenly
 * over the width while the threads are side by side; once they wrap
 * into bands, over the band and column of the first thread using their
 * location, so that their edges stay short. Fills @loc_x (centres),
 * @loc_band and @loc_line (within the band), and @lines, per band. */
static void
place_initial_writes (const AcyExecution *x, guint n_locs, guint cols, guint bands,
                      double init_w, double content_w, double col_x0, double pitch,
                      double *loc_x, guint *loc_band, guint *loc_line, guint *lines)
{
  double init_pitch = init_w + INIT_SEP, left = MARGIN + init_w / 2, right = MARGIN + content_w - init_w / 2;
  guint per_line = MAX (1, (guint) ((content_w + INIT_SEP) / init_pitch));
  g_autofree guint *first = g_new (guint, n_locs);
  g_autofree guint *order = g_new (guint, n_locs);

  memset (lines, 0, bands * sizeof (guint));
  if (bands <= 1)
    {
      for (guint loc = 0; loc < n_locs; loc++)
        {
          guint l = loc / per_line, in_line = MIN (per_line, n_locs - l * per_line);
          loc_x[loc] = MARGIN + content_w * (loc % per_line + 0.5) / in_line;
          loc_band[loc] = 0;
          loc_line[loc] = l;
        }
      lines[0] = (n_locs + per_line - 1) / per_line;
      return;
    }
  for (guint loc = 0; loc < n_locs; loc++)
    {
      first[loc] = G_MAXUINT;   /* used by no thread: over the first band */
      order[loc] = loc;
    }
  for (guint i = 0; i < x->n_events; i++)
    {
      const AcyEvent *e = &x->events[i];
      if (!(e->kind & ACY_EV_IW) && acy_graph_event_shown (x, i) && e->loc >= 0 && (guint) e->loc < n_locs)
        first[e->loc] = MIN (first[e->loc], e->thread);
    }
  /* by band, then by column, the unused ones first */
  for (guint i = 1; i < n_locs; i++)
    for (guint j = i; j > 0 && first[order[j]] + 1 < first[order[j - 1]] + 1; j--)
      {
        guint t = order[j];
        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  {
    double last = -G_MAXDOUBLE;
    guint band = 0;

    for (guint k = 0; k < n_locs; k++)
      {
        guint loc = order[k], t = first[loc] == G_MAXUINT ? 0 : first[loc];
        double cx = first[loc] == G_MAXUINT ? left : col_x0 + (t % cols) * pitch;

        if (t / cols != band)
          {
            band = t / cols;
            last = -G_MAXDOUBLE;
          }
        /* beside the one before on its line, or on a new line */
        cx = MAX (MAX (cx, last + init_pitch), left);
        if (cx > right && last > -G_MAXDOUBLE)
          {
            lines[band]++;
            cx = first[loc] == G_MAXUINT ? left : MAX (col_x0 + (t % cols) * pitch, left);
          }
        loc_x[loc] = cx;
        loc_band[loc] = band;
        loc_line[loc] = lines[band];
        last = cx;
      }
    for (guint b = 0; b < bands; b++)
      {
        gboolean any = FALSE;
        for (guint loc = 0; loc < n_locs && !any; loc++)
          any = loc_band[loc] == b;
        lines[b] = any ? lines[b] + 1 : 0;
      }
  }
}

/* Places the events: the initial writes in lines on top, then the
 * threads, a column each, in bands of AcyGraphLayout.columns, each band
 * under the initial writes its threads use first. */
void
acy_graph_place_nodes (AcyGraphLayout *layout, const AcyExecution *x, const AcyGraphGrid *grid,
             double node_w, double node_h, double init_w, double top)
{
  double pitch = node_w + COL_GAP;
  guint cols = threads_per_band (grid->n_threads, pitch);
  guint bands = grid->n_threads ? (grid->n_threads + cols - 1) / cols : 1;
  double band_w = cols * pitch - COL_GAP;
  guint n_locs = MAX (grid->n_locs, 1);
  double content_w = MAX (band_w, bands > 1 ? 0 : MIN (n_locs * (init_w + INIT_SEP) - INIT_SEP, MAX_BAND_WIDTH));
  double col_x0 = MARGIN + (content_w - band_w) / 2 + node_w / 2;
  double rows_h = grid->n_rows * (node_h + ROW_GAP) - ROW_GAP;
  g_autofree double *loc_x = g_new (double, n_locs);
  g_autofree guint *loc_band = g_new (guint, n_locs);
  g_autofree guint *loc_line = g_new (guint, n_locs);
  g_autofree guint *lines = g_new (guint, bands);
  g_autofree double *init_top = g_new (double, bands);
  g_autofree double *band_top = g_new (double, bands);
  double y = top;

  place_initial_writes (x, n_locs, cols, bands, init_w, content_w, col_x0, pitch,
                        loc_x, loc_band, loc_line, lines);
  for (guint b = 0; b < bands; b++)
    {
      if (b > 0)
        y += lines[b] > 0 ? BAND_INIT_GAP : BAND_GAP;
      init_top[b] = y;
      if (lines[b] > 0)
        y += lines[b] * (node_h + INIT_LINE_GAP) - INIT_LINE_GAP + INIT_GAP;
      band_top[b] = y;
      y += rows_h;
    }

  layout->columns = cols;
  for (guint k = 0; k < layout->nodes->len; k++)
    {
      AcyGraphNode *node = &g_array_index (layout->nodes, AcyGraphNode, k);
      const AcyEvent *ev = &x->events[node->event];
      double cx, cy;

      if (node->init)
        {
          guint loc = ev->loc >= 0 && (guint) ev->loc < n_locs ? (guint) ev->loc : 0;

          cx = loc_x[loc];
          cy = init_top[loc_band[loc]] + loc_line[loc] * (node_h + INIT_LINE_GAP) + node_h / 2;
        }
      else
        {
          cx = col_x0 + (ev->thread % cols) * pitch;
          cy = band_top[ev->thread / cols] + node->row * (node_h + ROW_GAP) + node_h / 2;
        }
      node->x = round (cx - node->w / 2);
      node->y = round (cy - node->h / 2);
    }
}

/* "P0" over the first event of each thread, at its left, where edges
 * coming down to the event (aimed at its middle) leave it be. */
void
acy_graph_place_headers (AcyGraphLayout *layout)
{
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, i);
      g_autofree char *text = NULL;
      AcyGraphHeader h = { 0 };

      if (n->init || n->row != 0)
        continue;
      text = g_strdup_printf ("P%d", n->thread);
      h.thread = n->thread;
      h.text = acy_graph_make_text (layout->context, text, "Sans Bold 10", FALSE);
      acy_graph_text_size (h.text, &h.w, &h.h);
      h.x = n->x + 2;
      h.y = n->y - h.h - 4;
      g_array_append_val (layout->headers, h);
    }
}

static void
grow (double box[4], double x0, double y0, double x1, double y1)
{
  box[0] = MIN (box[0], x0);
  box[1] = MIN (box[1], y0);
  box[2] = MAX (box[2], x1);
  box[3] = MAX (box[3], y1);
}

/* What the events, headers, edges and labels cover: x0, y0, x1, y1. A
 * curve stays inside the hull of its control points; sampled, it is
 * measured closer than that hull, and bowed edges (a ring's last edge,
 * round the side of its threads) are counted whole. */
static void
drawn_bounds (const AcyGraphLayout *layout, double box[4])
{
  box[0] = box[1] = G_MAXDOUBLE;
  box[2] = box[3] = -G_MAXDOUBLE;
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, i);
      grow (box, n->x, n->y, n->x + n->w, n->y + n->h);
    }
  for (guint i = 0; i < layout->headers->len; i++)
    {
      const AcyGraphHeader *h = &g_array_index (layout->headers, AcyGraphHeader, i);
      grow (box, h->x, h->y, h->x + h->w, h->y + h->h);
    }
  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);

      for (guint q = 0; q <= 32; q++)
        {
          double t = q / 32.0, u = 1 - t, px, py;

          px = u * u * u * e->p[0] + 3 * u * u * t * e->p[2] + 3 * u * t * t * e->p[4] + t * t * t * e->p[6];
          py = u * u * u * e->p[1] + 3 * u * u * t * e->p[3] + 3 * u * t * t * e->p[5] + t * t * t * e->p[7];
          /* the line is 2.6 wide, its halo 10 */
          grow (box, px - 6, py - 6, px + 6, py + 6);
        }
      grow (box, e->lx, e->ly, e->lx + e->lw, e->ly + e->lh);
    }
}

static void
translate (AcyGraphLayout *layout, double dx, double dy)
{
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, i);
      n->x += dx;
      n->y += dy;
    }
  for (guint i = 0; i < layout->headers->len; i++)
    {
      AcyGraphHeader *h = &g_array_index (layout->headers, AcyGraphHeader, i);
      h->x += dx;
      h->y += dy;
    }
  for (guint i = 0; i < layout->edges->len; i++)
    {
      AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      for (guint k = 0; k < 8; k += 2)
        {
          e->p[k] += dx;
          e->p[k + 1] += dy;
        }
      e->mx += dx;
      e->my += dy;
      e->lx += dx;
      e->ly += dy;
    }
}

/* The caption and the legend below the graph (@beside FALSE), lines of
 * entries as wide as the graph, or in a column at its right, the
 * caption wrapped to it: (*w, *h), the picture's size. Sets where each
 * goes when @apply. @right, @bottom: the graph's. */
static void
arrange_legend (AcyGraphLayout *layout, double right, double bottom, gboolean beside,
                gboolean apply, double *w, double *h)
{
  double line_h = 20, x0, y, col = 0, max_x;

  for (guint r = 0; r < layout->relations->len; r++)
    {
      double tw, th;
      acy_graph_text_size (((AcyGraphRelationInfo *) g_ptr_array_index (layout->relations, r))->text, &tw, &th);
      col = MAX (col, 34 + tw);
    }
  col = CLAMP (col, SIDE_MIN_WIDTH, SIDE_MAX_WIDTH);
  x0 = beside ? right + SIDE_GAP : MARGIN;
  y = beside ? layout->title_bottom : bottom + LEGEND_GAP;
  max_x = beside ? x0 + col : right;
  if (layout->witness_caption)
    {
      double tw, th;

      pango_layout_set_width (layout->witness_caption, beside ? (int) (col * PANGO_SCALE) : -1);
      acy_graph_text_size (layout->witness_caption, &tw, &th);
      if (apply)
        {
          layout->text_x = x0;
          layout->witness_y = y;
        }
      max_x = MAX (max_x, x0 + tw);
      y += th + 8;
    }
  for (guint r = 0; r < layout->relations->len; r++)
    {
      AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, r);
      double tw, th, entry, lx = x0;

      acy_graph_text_size (info->text, &tw, &th);
      entry = 34 + tw + 22;
      if (beside ? r > 0 : x0 > MARGIN && x0 + entry > max_x)
        {
          x0 = beside ? right + SIDE_GAP : MARGIN;
          lx = x0;
          y += line_h;
        }
      if (apply)
        {
          info->lx = lx;
          info->ly = y;
        }
      if (!beside)
        x0 += entry;
      max_x = MAX (max_x, lx + 34 + tw);
    }
  *w = max_x + MARGIN;
  *h = MAX (y + line_h, beside ? bottom : 0) + MARGIN;
  if (layout->title)
    {
      double tw, th;
      acy_graph_text_size (layout->title, &tw, &th);
      *w = MAX (*w, tw + 2 * MARGIN);
    }
}

/* The picture moved so that nothing reaches past its margins, then the
 * caption and legend where @in asks, the other place's size kept for a
 * viewer to choose. */
void
acy_graph_place_caption_and_legend (AcyGraphLayout *layout, double top, gboolean beside)
{
  double box[4], right, bottom;

  drawn_bounds (layout, box);
  if (box[0] > box[2])
    box[0] = box[1] = box[2] = box[3] = MARGIN;
  translate (layout, MARGIN - box[0], top - box[1]);
  right = box[2] - box[0] + MARGIN;
  bottom = box[3] - box[1] + top;
  layout->title_bottom = top;
  arrange_legend (layout, right, bottom, !beside, FALSE, &layout->other_width, &layout->other_height);
  arrange_legend (layout, right, bottom, beside, TRUE, &layout->width, &layout->height);
  layout->legend_beside = beside;
}
