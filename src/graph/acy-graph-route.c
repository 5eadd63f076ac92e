/* acy-graph-route.c - the edges of an execution graph: routes and labels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Edges are cubic Béziers: straight between neighbours in a column,
 * bowed when several relate the same two events or when they would run
 * along a column, and further out when a curve would run through the
 * box of an event it does not join. Labels are placed by trying points along their curve
 * and keeping the first that covers no node and no other label.
 */

#define G_LOG_DOMAIN "acyclic-graph"
#include "config.h"

#include <math.h>
#include <string.h>

#include "acy-graph-layout-private.h"

#define LABEL_PAD     3.0
#define CROSS_SAMPLES 40    /* points along a curve checked against boxes */
#define DETOUR_STEP   18.0  /* how much further out each detour bows */
#define MAX_DETOURS   12    /* on each side */
#define N_SAMPLES     17    /* points along a curve checked against labels */
#define HEAD_GAP      11.0  /* between the tips of two heads at one event */
#define BOUNDS_SLACK  24.0  /* how far past the events' left and top a curve may bow */
#define FAR_SLACK     90.0  /* and past their right and bottom, below which the legend goes */

static void
bezier_point (const double p[8], double t, double *x, double *y)
{
  double u = 1 - t;
  double a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;

  *x = a * p[0] + b * p[2] + c * p[4] + d * p[6];
  *y = a * p[1] + b * p[3] + c * p[5] + d * p[7];
}

/* The point where the ray from the centre of @n towards (tx, ty) leaves
 * its box (with a small gap). */
static void
clip_to_box (const AcyGraphNode *n, double tx, double ty, double *ox, double *oy)
{
  double cx = n->x + n->w / 2, cy = n->y + n->h / 2;
  double dx = tx - cx, dy = ty - cy;
  double hw = n->w / 2 + 2, hh = n->h / 2 + 2;
  double s;

  if (fabs (dx) < 1e-9 && fabs (dy) < 1e-9)
    {
      *ox = cx;
      *oy = cy;
      return;
    }
  s = MIN (fabs (dx) > 1e-9 ? hw / fabs (dx) : G_MAXDOUBLE,
           fabs (dy) > 1e-9 ? hh / fabs (dy) : G_MAXDOUBLE);
  *ox = cx + dx * s;
  *oy = cy + dy * s;
}

static gboolean
rects_overlap (double ax, double ay, double aw, double ah,
               double bx, double by, double bw, double bh)
{
  return ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
}

typedef struct {
  guint  a, b;           /* canonical pair: a <= b */
  guint  count;
  guint  next;
} PairGroup;

static guint64
pair_key (guint a, guint b)
{
  return ((guint64) MIN (a, b) << 32) | MAX (a, b);
}

void
acy_graph_add_edge (AcyGraphLayout *layout, GHashTable *groups, guint src, guint dst,
          guint rel, gboolean witness, const char *label)
{
  AcyGraphEdge e = { 0 };
  guint64 key = pair_key (src, dst);
  PairGroup *g = g_hash_table_lookup (groups, &key);

  if (g == NULL)
    {
      guint64 *k = g_new (guint64, 1);
      *k = key;
      g = g_new0 (PairGroup, 1);
      g->a = MIN (src, dst);
      g->b = MAX (src, dst);
      g_hash_table_insert (groups, k, g);
    }
  g->count++;
  e.src = src;
  e.dst = dst;
  e.rel = rel;
  e.witness = witness;
  e.self_loop = src == dst;
  e.label = g_strdup (label);
  g_array_append_val (layout->edges, e);
}

static const AcyGraphNode *
node_of (const AcyGraphLayout *layout, guint event)
{
  return &g_array_index (layout->nodes, AcyGraphNode, layout->node_of_event[event]);
}

/* The curve from @ns to @nd through the two control points (given from
 * the canonical pair's first event: @reversed swaps them), its ends on
 * the boxes' borders. */
static void
make_curve (const AcyGraphNode *ns, const AcyGraphNode *nd, gboolean reversed,
            double c1x, double c1y, double c2x, double c2y, double p[8])
{
  if (reversed)
    {
      double tx = c1x, ty = c1y;
      c1x = c2x; c1y = c2y;
      c2x = tx; c2y = ty;
    }
  clip_to_box (ns, c1x, c1y, &p[0], &p[1]);
  clip_to_box (nd, c2x, c2y, &p[6], &p[7]);
  p[2] = c1x; p[3] = c1y;
  p[4] = c2x; p[5] = c2y;
}

/* How many boxes, other than its ends', the curve runs through (with a
 * little margin, so that a line does not graze a border either), four
 * times over, and how many names of threads: those are drawn over the
 * lines and stay readable, an event crossed looks joined. */
static guint
count_crossed_boxes (const AcyGraphLayout *layout, const double p[8],
                     const AcyGraphNode *ns, const AcyGraphNode *nd, const double bounds[4])
{
  double pts[2 * CROSS_SAMPLES];
  guint hits = 0;

  for (guint q = 0; q < CROSS_SAMPLES; q++)
    bezier_point (p, (q + 1) / (CROSS_SAMPLES + 1.0), &pts[2 * q], &pts[2 * q + 1]);
  /* Far past the events, the picture would grow for one edge (and past
   * the left or the top, the events would move: stepping to another
   * execution would shift them). */
  for (guint q = 0; q < CROSS_SAMPLES; q++)
    if (pts[2 * q] < bounds[0] - BOUNDS_SLACK || pts[2 * q + 1] < bounds[1] - BOUNDS_SLACK
        || pts[2 * q] > bounds[2] + FAR_SLACK || pts[2 * q + 1] > bounds[3] + FAR_SLACK)
      {
        hits += 4;
        break;
      }
  for (guint n = 0; n < layout->nodes->len; n++)
    {
      const AcyGraphNode *m = &g_array_index (layout->nodes, AcyGraphNode, n);

      if (m == ns || m == nd)
        continue;
      for (guint q = 0; q < CROSS_SAMPLES; q++)
        if (pts[2 * q] > m->x - 3 && pts[2 * q] < m->x + m->w + 3 &&
            pts[2 * q + 1] > m->y - 3 && pts[2 * q + 1] < m->y + m->h + 3)
          {
            hits += 4;
            break;
          }
    }
  for (guint n = 0; n < layout->headers->len; n++)
    {
      const AcyGraphHeader *h = &g_array_index (layout->headers, AcyGraphHeader, n);

      if (h->thread == ns->thread || h->thread == nd->thread)
        continue;
      for (guint q = 0; q < CROSS_SAMPLES; q++)
        if (pts[2 * q] > h->x - 3 && pts[2 * q] < h->x + h->w + 3 &&
            pts[2 * q + 1] > h->y && pts[2 * q + 1] < h->y + h->h)
          {
            hits++;
            break;
          }
    }
  return hits;
}

/* The candidate curve crossing the fewest other boxes so far. */
typedef struct {
  double        p[8];
  guint         hits;
  const double *bounds;   /* the events' box: x0, y0, x1, y1 */
} BestCurve;

static void
keep_if_better (BestCurve            *best,
                const AcyGraphLayout *layout,
                const double         *p,
                const AcyGraphNode   *ns,
                const AcyGraphNode   *nd)
{
  guint hits = count_crossed_boxes (layout, p, ns, nd, best->bounds);

  if (hits < best->hits)
    {
      best->hits = hits;
      memcpy (best->p, p, sizeof best->p);
    }
}

static void
route_edge (AcyGraphLayout *layout, const AcyExecution *x, AcyGraphEdge *e, PairGroup *g,
            const double bounds[4])
{
  const AcyGraphNode *na = node_of (layout, g->a), *nb = node_of (layout, g->b);
  const AcyGraphNode *ns = node_of (layout, e->src), *nd = node_of (layout, e->dst);
  const AcyEvent *ea = &x->events[g->a], *eb = &x->events[g->b];
  double ax = na->x + na->w / 2, ay = na->y + na->h / 2;
  double bx = nb->x + nb->w / 2, by = nb->y + nb->h / 2;
  double dx = bx - ax, dy = by - ay, len = hypot (dx, dy);
  double px, py, off, k;
  double c1x, c1y, c2x, c2y;
  guint j = g->next++;
  gboolean same_col = !na->init && !nb->init && ea->thread == eb->thread;

  if (e->self_loop)
    {
      double r = ns->x + ns->w, cy = ns->y + ns->h / 2, s = 1 + 0.5 * j;
      e->p[0] = r; e->p[1] = cy - 5;
      e->p[2] = r + 46 * s; e->p[3] = cy - 34 * s;
      e->p[4] = r + 46 * s; e->p[5] = cy + 34 * s;
      e->p[6] = r + 2; e->p[7] = cy + 5;
      bezier_point (e->p, 0.5, &e->mx, &e->my);
      return;
    }

  /* Perpendicular of the canonical direction, so both directions of a
   * pair share one frame and their offsets keep them apart. */
  px = -dy / len;
  py = dx / len;
  if (same_col || na->init != nb->init)
    {
      /* Along a column, or from an initial write down to a thread: a
       * straight line would cross the events in between, so go round
       * them, on the side the edge comes from. */
      const AcyGraphNode *top = na->init ? na : nb, *low = na->init ? nb : na;
      gint from_row = same_col ? (gint) MIN (na->row, nb->row) : -1;
      gint to_row = same_col ? (gint) MAX (na->row, nb->row) : (gint) low->row;
      double half = 0, col_x = low->x + low->w / 2;

      for (guint i = 0; i < layout->nodes->len; i++)
        {
          const AcyGraphNode *m = &g_array_index (layout->nodes, AcyGraphNode, i);
          if (!m->init && m->thread == low->thread && (gint) m->row > from_row && (gint) m->row < to_row)
            half = MAX (half, m->w / 2);
        }
      if (half == 0 && same_col)
        off = 26.0 * j;                   /* neighbours: straight, then bowed */
      else if (half == 0)
        off = (j - (g->count - 1) / 2.0) * 30;
      else
        {
          double side, wx;

          if (same_col)
            side = (e->src < e->dst) == (na->row < nb->row) ? 1 : -1;
          else
            side = top->x + top->w / 2 < col_x - 1 ? -1 : 1;
          /* Beside the column, further out while the way there crosses
           * another event's box; then the other side. */
          {
            BestCurve best = { .hits = G_MAXUINT, .bounds = bounds };

            for (guint t = 0; t < 2 * MAX_DETOURS + 1 && best.hits > 0; t++)
              {
                double s = t <= MAX_DETOURS ? side : -side;
                double out = half + 22 + 24 * j + DETOUR_STEP * (t <= MAX_DETOURS ? t : t - MAX_DETOURS - 1);

                wx = col_x + s * out / 0.75;
                make_curve (ns, nd, e->src != g->a, wx, ay + dy * 0.25, wx, ay + dy * 0.75, e->p);
                keep_if_better (&best, layout, e->p, ns, nd);
              }
            memcpy (e->p, best.p, sizeof best.p);
            bezier_point (e->p, 0.5, &e->mx, &e->my);
            return;
          }
        }
      if (same_col && px < 0)
        {
          px = -px;
          py = -py;
        }
    }
  else
    {
      /* columns apart, in the band of threads each is in */
      gint dt = ABS ((gint) (ea->thread % layout->columns) - (gint) (eb->thread % layout->columns));
      off = (dt > 1 ? 36 * (dt - 1) : 0) + (j - (g->count - 1) / 2.0) * 30;
    }

  /* The first bow, trying further out on the side it already bows to
   * and then the other, that runs through no other event's box. */
  {
    BestCurve best = { .hits = G_MAXUINT, .bounds = bounds };
    double sign = off < 0 ? -1 : 1;

    for (guint t = 0; t < 2 * MAX_DETOURS + 1 && best.hits > 0; t++)
      {
        double step = (t + 1) / 2 * DETOUR_STEP * (t % 2 == 1 ? sign : -sign);

        k = (off + step) / 0.75;   /* a cubic's middle strays 3/4 of its control offset */
        c1x = ax + dx / 3 + px * k;
        c1y = ay + dy / 3 + py * k;
        c2x = ax + 2 * dx / 3 + px * k;
        c2y = ay + 2 * dy / 3 + py * k;
        make_curve (ns, nd, e->src != g->a, c1x, c1y, c2x, c2y, e->p);
        keep_if_better (&best, layout, e->p, ns, nd);
      }
    memcpy (e->p, best.p, sizeof best.p);
  }
  bezier_point (e->p, 0.5, &e->mx, &e->my);
}

/* Arrowheads ending at one spot of an event hide each other (co from
 * an initial write and fr from a read, both aimed at a write's middle):
 * each head after the first is slid along the border until it is a
 * head's width from the others. */
static void
separate_heads (AcyGraphLayout *layout)
{
  for (guint i = 0; i < layout->edges->len; i++)
    {
      AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      const AcyGraphNode *n = node_of (layout, e->dst);
      gboolean on_side = e->p[6] < n->x + 0.5 || e->p[6] > n->x + n->w - 0.5;

      if (e->self_loop)
        continue;
      for (guint tries = 0; tries < 8; tries++)
        {
          gboolean moved = FALSE;

          for (guint j = 0; j < i; j++)
            {
              const AcyGraphEdge *o = &g_array_index (layout->edges, AcyGraphEdge, j);
              double d = hypot (o->p[6] - e->p[6], o->p[7] - e->p[7]);

              if (o->dst != e->dst || o->self_loop || d >= HEAD_GAP)
                continue;
              /* away from the other head, along the border it ends on */
              if (on_side)
                e->p[7] = CLAMP (e->p[7] + (e->p[7] >= o->p[7] ? 1 : -1) * (HEAD_GAP - d + 0.5),
                                 n->y + 2, n->y + n->h - 2);
              else
                e->p[6] = CLAMP (e->p[6] + (e->p[6] >= o->p[6] ? 1 : -1) * (HEAD_GAP - d + 0.5),
                                 n->x + 4, n->x + n->w - 4);
              moved = TRUE;
            }
          if (!moved)
            break;
          bezier_point (e->p, 0.5, &e->mx, &e->my);
        }
    }
}

/* What a label at (x0, y0) would cover: events and thread names weigh
 * most, then labels placed before it, then lines it would sit on. */
static double
label_cost (const AcyGraphLayout *layout, guint index, double x0, double y0, double w, double h,
            GArray *placed, const double *samples)
{
  double cost = 0;

  for (guint n = 0; n < layout->nodes->len; n++)
    {
      const AcyGraphNode *nd = &g_array_index (layout->nodes, AcyGraphNode, n);
      if (rects_overlap (x0, y0, w, h, nd->x - 2, nd->y - 2, nd->w + 4, nd->h + 4))
        cost += 10;
    }
  for (guint n = 0; n < layout->headers->len; n++)
    {
      const AcyGraphHeader *hd = &g_array_index (layout->headers, AcyGraphHeader, n);
      if (rects_overlap (x0, y0, w, h, hd->x - 3, hd->y, hd->w + 6, hd->h))
        cost += 10;
    }
  for (guint p = 0; p < placed->len; p += 4)
    {
      double *r = &g_array_index (placed, double, p);
      if (rects_overlap (x0, y0, w, h, r[0], r[1], r[2], r[3]))
        cost += 8;
    }
  /* On a crossing, a label seems to belong to either line. */
  for (guint o = 0; o < layout->edges->len; o++)
    {
      const double *sp = samples + o * 2 * N_SAMPLES;
      if (o == index)
        continue;
      for (guint q = 1; q + 1 < N_SAMPLES; q++)
        if (sp[2 * q] > x0 - 2 && sp[2 * q] < x0 + w + 2 &&
            sp[2 * q + 1] > y0 - 2 && sp[2 * q + 1] < y0 + h + 2)
          {
            cost += 2;
            break;
          }
    }
  return cost;
}

/* On its curve, as near the middle as it can be without covering an
 * event or another label; failing that, just beside the curve. */
static void
place_label (AcyGraphLayout *layout, guint index, GArray *placed, const double *samples)
{
  AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, index);
  static const double ts[] = { 0.5, 0.4, 0.6, 0.3, 0.7, 0.45, 0.55, 0.25, 0.75, 0.35, 0.65, 0.2, 0.8 };
  double best_x = 0, best_y = 0, best_cost = G_MAXDOUBLE;

  for (guint side = 0; side < 5 && best_cost >= 1; side++)
    for (guint i = 0; i < G_N_ELEMENTS (ts); i++)
      {
        double cx, cy, x0, y0, cost;

        bezier_point (e->p, ts[i], &cx, &cy);
        x0 = cx - e->lw / 2;
        y0 = cy - e->lh / 2;
        /* beside the curve: above, below, left, right of the point */
        if (side == 1 || side == 2)
          y0 += (side == 1 ? -1 : 1) * (e->lh / 2 + 3);
        else if (side == 3 || side == 4)
          x0 += (side == 3 ? -1 : 1) * (e->lw / 2 + 3);
        cost = label_cost (layout, index, x0, y0, e->lw, e->lh, placed, samples)
               + fabs (ts[i] - 0.5) + (side ? 0.5 : 0);
        if (cost < best_cost)
          {
            best_cost = cost;
            best_x = x0;
            best_y = y0;
          }
        if (cost < 1)
          break;
      }
  e->lx = best_x;
  e->ly = best_y;
  g_array_append_vals (placed, (double[]) { best_x - 1, best_y - 1, e->lw + 2, e->lh + 2 }, 4);
}

double
acy_graph_distance_to_curve (const double p[8], double x, double y)
{
  double best = G_MAXDOUBLE, px, py;

  bezier_point (p, 0, &px, &py);
  for (guint i = 1; i <= 24; i++)
    {
      double qx, qy, dx, dy, l2, t, cx, cy;

      bezier_point (p, i / 24.0, &qx, &qy);
      dx = qx - px;
      dy = qy - py;
      l2 = dx * dx + dy * dy;
      t = l2 > 0 ? CLAMP (((x - px) * dx + (y - py) * dy) / l2, 0, 1) : 0;
      cx = px + t * dx;
      cy = py + t * dy;
      best = MIN (best, hypot (x - cx, y - cy));
      px = qx;
      py = qy;
    }
  return best;
}

GHashTable *
acy_graph_edge_groups_new (void)
{
  return g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
}

/* Routes every edge added, measures and places its label. Witness edges
 * were added first and so get the straightest routes. */
void
acy_graph_route_edges (AcyGraphLayout *layout, const AcyExecution *x, GHashTable *groups)
{
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (double));
  double bounds[4] = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };

  for (guint n = 0; n < layout->nodes->len; n++)
    {
      const AcyGraphNode *m = &g_array_index (layout->nodes, AcyGraphNode, n);
      bounds[0] = MIN (bounds[0], m->x);
      bounds[1] = MIN (bounds[1], m->y);
      bounds[2] = MAX (bounds[2], m->x + m->w);
      bounds[3] = MAX (bounds[3], m->y + m->h);
    }
  for (guint k = 0; k < layout->edges->len; k++)
    {
      AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, k);
      guint64 key = pair_key (e->src, e->dst);
      double tw, th;

      route_edge (layout, x, e, g_hash_table_lookup (groups, &key), bounds);
      e->text = acy_graph_make_text (layout->context, e->label, SMALL_FONT, e->witness);
      acy_graph_text_size (e->text, &tw, &th);
      e->lw = tw + 2 * LABEL_PAD;
      e->lh = th + LABEL_PAD;
    }
  separate_heads (layout);
  {
    g_autofree double *samples = g_new (double, MAX (layout->edges->len, 1) * 2 * N_SAMPLES);

    for (guint k = 0; k < layout->edges->len; k++)
      for (guint q = 0; q < N_SAMPLES; q++)
        bezier_point (g_array_index (layout->edges, AcyGraphEdge, k).p, q / (N_SAMPLES - 1.0),
                      &samples[(k * N_SAMPLES + q) * 2], &samples[(k * N_SAMPLES + q) * 2 + 1]);
    for (guint k = 0; k < layout->edges->len; k++)
      place_label (layout, k, placed, samples);
  }
}
