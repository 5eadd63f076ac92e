/* acy-graph-layout.c - where the events and edges of an execution graph go
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One column per thread, initial writes in a row on top, events placed
 * by (thread, po_index) only, so that stepping through the executions of
 * a test moves edges but never events. Edges are cubic Béziers: straight
 * between neighbours in a column, bowed when several relate the same two
 * events or when they would run along a column. Labels are placed by
 * trying points along their curve and keeping the first that covers no
 * node and no other label.
 */
#define G_LOG_DOMAIN "acyclic-graph"
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "acy-graph-layout.h"

#define FONT          "Sans 10"
#define SMALL_FONT    "Sans 9"
#define MARGIN        24.0
#define NODE_PAD_X    9.0
#define NODE_PAD_Y    5.0
#define COL_GAP       130.0
#define ROW_GAP       48.0
#define INIT_GAP      70.0
#define LABEL_PAD     3.0
#define MIN_NODE_W    96.0

/* ---- events and their labels ------------------------------------------ */

static int
compare_events (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const AcyExecution *x = data;
  const AcyEvent *a = &x->events[*(const guint *) pa];
  const AcyEvent *b = &x->events[*(const guint *) pb];

  if (a->thread != b->thread)
    return a->thread < b->thread ? -1 : 1;
  return (int) a->po_index - (int) b->po_index;
}

char **
acy_graph_event_names (const AcyExecution *x)
{
  char **names = g_new0 (char *, x->n_events + 1);
  g_autofree guint *order = g_new (guint, x->n_events);
  guint next = 0;

  for (guint i = 0; i < x->n_events; i++)
    order[i] = i;
  g_qsort_with_data (order, x->n_events, sizeof (guint), compare_events, (gpointer) x);
  for (guint k = 0; k < x->n_events; k++)
    {
      guint e = order[k];
      if (x->events[e].kind & ACY_EV_IW)
        names[e] = g_strdup ("");
      else
        {
          guint v = next++;
          if (v < 26)
            names[e] = g_strdup_printf ("%c", 'a' + v);
          else
            names[e] = g_strdup_printf ("%c%u", 'a' + v % 26, v / 26);
        }
    }
  return names;
}

static char *
format_value (const AcyExecution *x, AcyValue v)
{
  if (ACY_VALUE_IS_ADDR (v) && (guint) ACY_VALUE_ADDR_LOC (v) < x->n_locs)
    return g_strdup (x->loc_names[ACY_VALUE_ADDR_LOC (v)]);
  return g_strdup_printf ("%" G_GINT64_FORMAT, v);
}

char *
acy_graph_event_label (const AcyExecution *x, guint event, const char *name)
{
  const AcyEvent *e = &x->events[event];
  GString *s = g_string_new (NULL);
  gboolean first = TRUE;

  if (name && *name)
    g_string_append_printf (s, "%s: ", name);
  g_string_append (s, acy_event_kind_name (e->kind));
  for (guint t = 0; t < x->n_tags; t++)
    if (e->tags & ((guint64) 1 << t))
      {
        g_autofree char *up = g_ascii_strup (x->tag_names[t], -1);
        g_string_append_printf (s, "%s%s", first ? "[" : ",", up);
        first = FALSE;
      }
  if (!first)
    g_string_append_c (s, ']');
  if (e->loc >= 0 && (guint) e->loc < x->n_locs)
    {
      g_autofree char *v = format_value (x, e->value);
      g_string_append_printf (s, " %s=%s", x->loc_names[e->loc], v);
    }
  return g_string_free (s, FALSE);
}

char *
acy_graph_base_label (const AcyExecution *x, const AcyWord *rf,
                      const AcyWord *co, const AcyWord *fr,
                      guint src, guint dst)
{
  guint n = x->n_events;
  GString *s = g_string_new (NULL);
  gboolean ext = x->events[src].thread != x->events[dst].thread;
  struct { const char *name; const AcyWord *bits; } base[] = {
    { "po", x->po }, { ext ? "rfe" : "rfi", rf ? rf : x->rf },
    { ext ? "coe" : "coi", co }, { ext ? "fre" : "fri", fr },
    { "addr", x->addr }, { "data", x->data }, { "ctrl", x->ctrl }, { "rmw", x->rmw },
  };

  for (guint i = 0; i < G_N_ELEMENTS (base); i++)
    if (base[i].bits && acy_rel_has (base[i].bits, n, src, dst))
      g_string_append_printf (s, "%s%s", s->len ? "+" : "", base[i].name);
  if (s->len == 0)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}

/* ---- colours ------------------------------------------------------------ */

void
acy_graph_relation_colour (const char *name, guint i, double rgb[3])
{
  /* Base colours follow herd's habits (rf red, co blue, fr orange); the
   * palette for the model's relations avoids them and stays apart from
   * one another for common colour-vision deficiencies. */
  static const guint32 palette[] = {
    0x7b3294, 0x1b9e77, 0x0571b0, 0xd95f02, 0x66a61e, 0xe7298a, 0xa6761d, 0x5e3c99,
  };
  guint32 c;

  if (g_str_equal (name, "po"))
    c = 0x404040;
  else if (g_str_has_prefix (name, "rf"))
    c = 0xc8102e;
  else if (g_str_has_prefix (name, "co"))
    c = 0x1f5fbf;
  else if (g_str_has_prefix (name, "fr"))
    c = 0xe08000;
  else
    c = palette[i % G_N_ELEMENTS (palette)];
  rgb[0] = ((c >> 16) & 0xff) / 255.0;
  rgb[1] = ((c >> 8) & 0xff) / 255.0;
  rgb[2] = (c & 0xff) / 255.0;
}

/* ---- measuring ------------------------------------------------------------ */

static PangoContext *
default_context (void)
{
  static GPrivate key = G_PRIVATE_INIT (g_object_unref);
  PangoContext *ctx = g_private_get (&key);

  if (ctx == NULL)
    {
      cairo_font_options_t *fo = cairo_font_options_create ();
      PangoFontMap *map = pango_cairo_font_map_get_default ();

      ctx = pango_font_map_create_context (map);
      /* Metrics independent of the screen, so exports match the view. */
      cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
      cairo_font_options_set_hint_style (fo, CAIRO_HINT_STYLE_NONE);
      pango_cairo_context_set_font_options (ctx, fo);
      cairo_font_options_destroy (fo);
      g_private_set (&key, ctx);
    }
  return ctx;
}

static PangoLayout *
make_text (PangoContext *ctx, const char *text, const char *font, gboolean bold)
{
  PangoLayout *l = pango_layout_new (ctx);
  PangoFontDescription *fd = pango_font_description_from_string (font);

  if (bold)
    pango_font_description_set_weight (fd, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (l, fd);
  pango_font_description_free (fd);
  pango_layout_set_text (l, text, -1);
  return l;
}

static void
text_size (PangoLayout *l, double *w, double *h)
{
  int pw, ph;

  pango_layout_get_size (l, &pw, &ph);
  *w = pw / (double) PANGO_SCALE;
  *h = ph / (double) PANGO_SCALE;
}

void
acy_graph_grid_add (AcyGraphGrid *grid, const AcyExecution *x)
{
  g_auto(GStrv) names = acy_graph_event_names (x);
  PangoContext *ctx = default_context ();

  grid->n_threads = MAX (grid->n_threads, x->n_threads);
  grid->n_locs = MAX (grid->n_locs, x->n_locs);
  for (guint i = 0; i < x->n_events; i++)
    {
      const AcyEvent *e = &x->events[i];
      g_autofree char *label = NULL;
      g_autoptr(PangoLayout) l = NULL;
      double w, h;

      if (e->kind & ACY_EV_IW)
        continue;
      grid->n_threads = MAX (grid->n_threads, (guint) e->thread + 1);
      grid->n_rows = MAX (grid->n_rows, (guint) e->po_index + 1);
      label = acy_graph_event_label (x, i, names[i]);
      l = make_text (ctx, label, FONT, FALSE);
      text_size (l, &w, &h);
      grid->node_width = MAX (grid->node_width, w + 2 * NODE_PAD_X);
    }
}

/* ---- geometry helpers ----------------------------------------------------- */

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

/* ---- relations ---------------------------------------------------------- */

/* Pairs to draw for relation @r: its transitive reduction when it is a
 * strict order (po, co, hb...), so a chain reads as a chain; otherwise
 * every pair. Returns a new n x n matrix and sets *reduced. */
static AcyWord *
drawn_pairs (guint n, const AcyWord *r, gboolean *reduced)
{
  gsize words = acy_rel_words (n);
  AcyWord *out = g_memdup2 (r, words * sizeof (AcyWord));
  g_autofree AcyWord *rr = g_new0 (AcyWord, words);
  g_autofree AcyWord *rest = g_new0 (AcyWord, words);

  *reduced = FALSE;
  acy_rel_compose (n, rr, r, r);
  if (acy_bits_is_empty ((guint) words, rr) || !acy_rel_is_irreflexive (n, r))
    return out;
  acy_bits_diff ((guint) words, rest, rr, r);
  if (!acy_bits_is_empty ((guint) words, rest))
    return out;             /* not transitive */
  acy_bits_diff ((guint) words, out, r, rr);
  *reduced = TRUE;
  return out;
}

static AcyGraphRelationInfo *
relation_info_new (PangoContext *ctx, const char *name, guint palette_index,
                   gboolean base)
{
  AcyGraphRelationInfo *info = g_new0 (AcyGraphRelationInfo, 1);

  info->name = g_strdup (name);
  info->base = base;
  acy_graph_relation_colour (name, palette_index, info->rgb);
  info->text = make_text (ctx, name, SMALL_FONT, FALSE);
  return info;
}

static void
relation_info_free (gpointer data)
{
  AcyGraphRelationInfo *info = data;

  g_free (info->name);
  g_clear_object (&info->text);
  g_free (info);
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

static void
add_edge (AcyGraphLayout *layout, GHashTable *groups, guint src, guint dst,
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

static void
route_edge (AcyGraphLayout *layout, const AcyExecution *x, AcyGraphEdge *e, PairGroup *g)
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
      gint from_row = same_col ? (gint) MIN (ea->po_index, eb->po_index) : -1;
      gint to_row = same_col ? (gint) MAX (ea->po_index, eb->po_index) : (gint) low->row;
      double half = 0, col_x = low->x + low->w / 2;

      if (same_col && ea->po_index > eb->po_index)
        {
          from_row = (gint) eb->po_index;
          to_row = (gint) ea->po_index;
        }
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
            side = (e->src < e->dst) == (ea->po_index < eb->po_index) ? 1 : -1;
          else
            side = top->x + top->w / 2 < col_x - 1 ? -1 : 1;
          wx = col_x + side * (half + 22 + 24 * j) / 0.75;
          c1x = wx;
          c1y = ay + dy * 0.25;
          c2x = wx;
          c2y = ay + dy * 0.75;
          goto clip;
        }
      if (same_col && px < 0)
        {
          px = -px;
          py = -py;
        }
    }
  else
    {
      gint dt = ABS ((gint) ea->thread - (gint) eb->thread);
      off = (dt > 1 ? 36 * (dt - 1) : 0) + (j - (g->count - 1) / 2.0) * 30;
    }

  k = off / 0.75;   /* a cubic's middle strays 3/4 of its control offset */
  c1x = ax + dx / 3 + px * k;
  c1y = ay + dy / 3 + py * k;
  c2x = ax + 2 * dx / 3 + px * k;
  c2y = ay + 2 * dy / 3 + py * k;
clip:
  if (e->src != g->a)
    {
      double tx = c1x, ty = c1y;
      c1x = c2x; c1y = c2y;
      c2x = tx; c2y = ty;
    }
  clip_to_box (ns, c1x, c1y, &e->p[0], &e->p[1]);
  clip_to_box (nd, c2x, c2y, &e->p[6], &e->p[7]);
  e->p[2] = c1x; e->p[3] = c1y;
  e->p[4] = c2x; e->p[5] = c2y;
  bezier_point (e->p, 0.5, &e->mx, &e->my);
}

#define N_SAMPLES 17

static void
place_label (AcyGraphLayout *layout, guint index, GArray *placed, const double *samples)
{
  AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, index);
  static const double ts[] = { 0.5, 0.4, 0.6, 0.3, 0.7, 0.45, 0.55, 0.25, 0.75, 0.35, 0.65 };
  double best_x = 0, best_y = 0, best_cost = G_MAXDOUBLE;

  for (guint i = 0; i < G_N_ELEMENTS (ts); i++)
    {
      double cx, cy, x0, y0, cost = 0;

      bezier_point (e->p, ts[i], &cx, &cy);
      x0 = cx - e->lw / 2;
      y0 = cy - e->lh / 2;
      for (guint n = 0; n < layout->nodes->len; n++)
        {
          const AcyGraphNode *nd = &g_array_index (layout->nodes, AcyGraphNode, n);
          if (rects_overlap (x0, y0, e->lw, e->lh, nd->x - 2, nd->y - 2, nd->w + 4, nd->h + 4))
            cost += 10;
        }
      for (guint p = 0; p < placed->len; p += 4)
        {
          double *r = &g_array_index (placed, double, p);
          if (rects_overlap (x0, y0, e->lw, e->lh, r[0], r[1], r[2], r[3]))
            cost += 4;
        }
      /* On a crossing, a label seems to belong to either line. */
      for (guint o = 0; o < layout->edges->len; o++)
        {
          const double *sp = samples + o * 2 * N_SAMPLES;
          if (o == index)
            continue;
          for (guint q = 1; q + 1 < N_SAMPLES; q++)
            if (sp[2 * q] > x0 - 2 && sp[2 * q] < x0 + e->lw + 2 &&
                sp[2 * q + 1] > y0 - 2 && sp[2 * q + 1] < y0 + e->lh + 2)
              {
                cost += 2;
                break;
              }
        }
      cost += fabs (ts[i] - 0.5);   /* prefer the middle */
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

/* ---- the layout ------------------------------------------------------------ */

static void
collect_witness (const AcyGraphInput *in, guint n, AcyWord *pairs, GString *text,
                 char **names)
{
  const char *kind = in->witness_kind ? in->witness_kind : "";

  if (g_str_equal (kind, "acyclic"))
    {
      g_autofree guint *cycle = g_new (guint, n + 1);
      guint len = 0;

      if (acy_rel_find_cycle (n, in->witness, cycle, &len) && len > 0)
        {
          /* TRANSLATORS: followed by events joined with arrows, e.g. "cycle: a → c → a" */
          g_string_append (text, _("cycle:"));
          for (guint i = 0; i < len; i++)
            {
              acy_rel_add (pairs, n, cycle[i], cycle[(i + 1) % len]);
              g_string_append_printf (text, " %s →", *names[cycle[i]] ? names[cycle[i]] : _("init"));
            }
          g_string_append_printf (text, " %s", *names[cycle[0]] ? names[cycle[0]] : _("init"));
        }
    }
  else if (g_str_equal (kind, "irreflexive"))
    {
      for (guint i = 0; i < n; i++)
        if (acy_rel_has (in->witness, n, i, i))
          {
            acy_rel_add (pairs, n, i, i);
            if (text->len == 0)
              g_string_append_printf (text, _("%s is related to itself"),
                                      *names[i] ? names[i] : _("an initial write"));
          }
    }
  else
    {
      guint count = 0;
      for (guint i = 0; i < n; i++)
        ACY_BITS_FOREACH (j, acy_rel_row ((AcyWord *) in->witness, n, i), n)
          {
            acy_rel_add (pairs, n, i, j);
            count++;
          }
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u pair that should not exist",
                                                 "%u pairs that should not exist", count), count);
    }
}

AcyGraphLayout *
acy_graph_layout_new (const AcyGraphInput *in, PangoContext *context)
{
  const AcyExecution *x = in->x;
  guint n = x->n_events;
  AcyGraphLayout *layout = g_new0 (AcyGraphLayout, 1);
  g_auto(GStrv) names = acy_graph_event_names (x);
  g_autoptr(GHashTable) groups = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree AcyWord *witness = g_new0 (AcyWord, acy_rel_words (n) ? acy_rel_words (n) : 1);
  AcyGraphGrid grid = { 0 };
  PangoContext *ctx = context ? context : default_context ();
  double node_w = MIN_NODE_W, node_h = 0, pitch, total_w, top = MARGIN, rows_bottom;
  double init_w = 0, content_w;
  guint palette = 0, witness_rel = 0;
  struct { const char *name; const AcyWord *bits; } base[4];
  guint n_base = 0;

  layout->context = g_object_ref (ctx);
  layout->n_events = n;
  layout->nodes = g_array_new (FALSE, TRUE, sizeof (AcyGraphNode));
  layout->edges = g_array_new (FALSE, TRUE, sizeof (AcyGraphEdge));
  layout->relations = g_ptr_array_new_with_free_func (relation_info_free);
  layout->node_of_event = g_new (gint, MAX (n, 1));

  if (in->grid)
    grid = *in->grid;
  grid.n_threads = MAX (grid.n_threads, x->n_threads);
  grid.n_locs = MAX (grid.n_locs, x->n_locs);

  if (in->title)
    {
      layout->title = make_text (ctx, in->title, "Sans Bold 11", FALSE);
      layout->title_y = MARGIN;
      top += 28;
    }

  /* Nodes: measure first, then place on the grid. */
  for (guint i = 0; i < n; i++)
    {
      const AcyEvent *ev = &x->events[i];
      AcyGraphNode node = { 0 };
      double tw, th;

      node.event = i;
      node.init = (ev->kind & ACY_EV_IW) != 0;
      node.thread = node.init ? -1 : (gint) ev->thread;
      node.row = ev->po_index;
      node.name = g_strdup (names[i]);
      node.label = acy_graph_event_label (x, i, names[i]);
      node.text = make_text (ctx, node.label, FONT, FALSE);
      text_size (node.text, &tw, &th);
      node.w = tw + 2 * NODE_PAD_X;
      node.h = th + 2 * NODE_PAD_Y;
      node_h = MAX (node_h, node.h);
      if (node.init)
        init_w = MAX (init_w, node.w);
      else
        {
          node_w = MAX (node_w, node.w);
          grid.n_threads = MAX (grid.n_threads, (guint) ev->thread + 1);
          grid.n_rows = MAX (grid.n_rows, (guint) ev->po_index + 1);
        }
      layout->node_of_event[i] = (gint) layout->nodes->len;
      g_array_append_val (layout->nodes, node);
    }
  node_w = MAX (node_w, grid.node_width);
  if (node_h == 0)
    node_h = 24;
  pitch = node_w + COL_GAP;
  total_w = grid.n_threads ? grid.n_threads * pitch - COL_GAP : node_w;
  content_w = MAX (total_w, grid.n_locs * (init_w + 40));
  for (guint k = 0; k < layout->nodes->len; k++)
    {
      AcyGraphNode *node = &g_array_index (layout->nodes, AcyGraphNode, k);
      const AcyEvent *ev = &x->events[node->event];
      double cx, cy;

      if (node->init)
        {
          guint loc = ev->loc >= 0 ? (guint) ev->loc : 0;
          cx = MARGIN + content_w * (loc + 0.5) / MAX (grid.n_locs, 1);
          cy = top + node_h / 2;
        }
      else
        {
          cx = MARGIN + (content_w - total_w) / 2 + ev->thread * pitch + node_w / 2;
          cy = top + node_h + INIT_GAP + ev->po_index * (node_h + ROW_GAP) + node_h / 2;
        }
      node->x = round (cx - node->w / 2);
      node->y = round (cy - node->h / 2);
    }
  rows_bottom = top + node_h + INIT_GAP + grid.n_rows * (node_h + ROW_GAP) - ROW_GAP;

  /* Witness first, so base edges it covers are not drawn twice. */
  if (in->witness && n > 0)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      AcyGraphRelationInfo *info;

      collect_witness (in, n, witness, text, names);
      layout->has_witness = !acy_bits_is_empty ((guint) acy_rel_words (n), witness);
      if (layout->has_witness)
        {
          /* TRANSLATORS: "Forbidden by acyclic rmo-order: cycle: a → b → a" */
          layout->witness_text = g_strdup_printf (_("Forbidden by %s: %s"),
                                                  in->witness_name ? in->witness_name : "?", text->str);
          layout->witness_caption = make_text (ctx, layout->witness_text, FONT, TRUE);
          info = relation_info_new (ctx, in->witness_name ? in->witness_name : "witness", 0, FALSE);
          info->witness = TRUE;
          info->rgb[0] = 0.80; info->rgb[1] = 0.0; info->rgb[2] = 0.45;
          witness_rel = layout->relations->len;
          g_ptr_array_add (layout->relations, info);
          for (guint i = 0; i < n; i++)
            ACY_BITS_FOREACH (j, acy_rel_row (witness, n, i), n)
              {
                g_autofree char *label = NULL;
                if (in->witness_label)
                  label = in->witness_label (i, j, in->witness_label_data);
                if (label == NULL)
                  label = acy_graph_base_label (x, in->rf, in->co, in->fr, i, j);
                if (label == NULL)
                  label = g_strdup (in->witness_name ? in->witness_name : "?");
                add_edge (layout, groups, i, j, witness_rel, TRUE, label);
                info->n_edges++;
              }
        }
    }

  if (!in->hide_po)
    base[n_base++] = (typeof (base[0])) { "po", x->po };
  base[n_base++] = (typeof (base[0])) { "rf", in->rf ? in->rf : x->rf };
  if (in->co)
    base[n_base++] = (typeof (base[0])) { "co", in->co };
  if (in->fr)
    base[n_base++] = (typeof (base[0])) { "fr", in->fr };

  for (guint r = 0; r < n_base + in->n_extra; r++)
    {
      gboolean is_base = r < n_base;
      const char *name = is_base ? base[r].name : in->extra[r - n_base].name;
      const AcyWord *bits = is_base ? base[r].bits : in->extra[r - n_base].bits;
      g_autofree AcyWord *pairs = NULL;
      AcyGraphRelationInfo *info;
      guint rel = layout->relations->len;

      if (bits == NULL)
        continue;
      info = relation_info_new (ctx, name, is_base ? 0 : palette++, is_base);
      g_ptr_array_add (layout->relations, info);
      pairs = drawn_pairs (n, bits, &info->reduced);
      for (guint i = 0; i < n; i++)
        ACY_BITS_FOREACH (j, acy_rel_row (pairs, n, i), n)
          {
            if (in->hide_init_edges && (x->events[i].kind & ACY_EV_IW))
              continue;
            info->n_edges++;
            /* A witness edge already stands for this pair. */
            if (layout->has_witness && acy_rel_has (witness, n, i, j) && is_base)
              continue;
            add_edge (layout, groups, i, j, rel, FALSE, name);
          }
    }

  /* Route and label. Witness edges were added first and so get the
   * straightest routes. */
  for (guint k = 0; k < layout->edges->len; k++)
    {
      AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, k);
      guint64 key = pair_key (e->src, e->dst);
      double tw, th;

      route_edge (layout, x, e, g_hash_table_lookup (groups, &key));
      e->text = make_text (ctx, e->label, SMALL_FONT, e->witness);
      text_size (e->text, &tw, &th);
      e->lw = tw + 2 * LABEL_PAD;
      e->lh = th + LABEL_PAD;
    }
  {
    g_autofree double *samples = g_new (double, MAX (layout->edges->len, 1) * 2 * N_SAMPLES);

    for (guint k = 0; k < layout->edges->len; k++)
      for (guint q = 0; q < N_SAMPLES; q++)
        bezier_point (g_array_index (layout->edges, AcyGraphEdge, k).p, q / (N_SAMPLES - 1.0),
                      &samples[(k * N_SAMPLES + q) * 2], &samples[(k * N_SAMPLES + q) * 2 + 1]);
    for (guint k = 0; k < layout->edges->len; k++)
      place_label (layout, k, placed, samples);
  }

  /* Caption and legend below the events. */
  {
    double y = rows_bottom + 30, x0 = MARGIN, line_h = 20, right = MARGIN + content_w;
    double max_x = right;

    /* Self-loops and bowed edges may reach past the last column. */
    for (guint k = 0; k < layout->edges->len; k++)
      {
        const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, k);
        max_x = MAX (max_x, MAX (e->p[2], e->p[4]) * 0.75 + e->mx * 0.25);
        max_x = MAX (max_x, e->lx + e->lw);
      }
    right = MAX (right, max_x);
    if (layout->witness_caption)
      {
        double tw, th;
        layout->witness_y = y;
        text_size (layout->witness_caption, &tw, &th);
        right = MAX (right, MARGIN + tw);
        y += th + 12;
      }
    for (guint r = 0; r < layout->relations->len; r++)
      {
        AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, r);
        double tw, th, entry;

        text_size (info->text, &tw, &th);
        entry = 34 + tw + 22;
        if (x0 > MARGIN && x0 + entry > right)
          {
            x0 = MARGIN;
            y += line_h;
          }
        info->lx = x0;
        info->ly = y;
        x0 += entry;
      }
    layout->width = right + MARGIN;
    layout->height = y + line_h + MARGIN;
    if (layout->title)
      {
        double tw, th;
        text_size (layout->title, &tw, &th);
        layout->width = MAX (layout->width, tw + 2 * MARGIN);
      }
  }
  return layout;
}

void
acy_graph_layout_free (AcyGraphLayout *layout)
{
  if (layout == NULL)
    return;
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      AcyGraphNode *node = &g_array_index (layout->nodes, AcyGraphNode, i);
      g_free (node->name);
      g_free (node->label);
      g_clear_object (&node->text);
    }
  for (guint i = 0; i < layout->edges->len; i++)
    {
      AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      g_free (e->label);
      g_clear_object (&e->text);
    }
  g_array_unref (layout->nodes);
  g_array_unref (layout->edges);
  g_ptr_array_unref (layout->relations);
  g_free (layout->node_of_event);
  g_free (layout->witness_text);
  g_clear_object (&layout->title);
  g_clear_object (&layout->witness_caption);
  g_clear_object (&layout->context);
  g_free (layout);
}

static double
distance_to_curve (const double p[8], double x, double y)
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

AcyGraphHit
acy_graph_layout_hit (const AcyGraphLayout *layout, double x, double y, guint *index)
{
  double best = 6.0;
  gint best_edge = -1;

  /* Later edges are drawn on top, so they win ties. */
  for (guint i = layout->edges->len; i-- > 0;)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      if (x >= e->lx && x <= e->lx + e->lw && y >= e->ly && y <= e->ly + e->lh)
        {
          *index = i;
          return ACY_GRAPH_HIT_EDGE;
        }
    }
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, i);
      if (x >= n->x && x <= n->x + n->w && y >= n->y && y <= n->y + n->h)
        {
          *index = i;
          return ACY_GRAPH_HIT_NODE;
        }
    }
  for (guint i = layout->edges->len; i-- > 0;)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      double d = distance_to_curve (e->p, x, y);
      if (d < best)
        {
          best = d;
          best_edge = (gint) i;
        }
    }
  if (best_edge >= 0)
    {
      *index = (guint) best_edge;
      return ACY_GRAPH_HIT_EDGE;
    }
  return ACY_GRAPH_HIT_NONE;
}
