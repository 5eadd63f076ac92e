/* acy-graph-layout.c - where the events and edges of an execution graph go
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The events measured, the relations to draw as edges, the failed
 * check's witness, hit-testing. Where the events, thread names, caption
 * and legend go is in acy-graph-place.c (a column per thread, placed by
 * (thread, po_index) only, so that stepping through the executions of a
 * test moves edges but never events); routing the edges and placing
 * their labels in acy-graph-route.c.
 */
#define G_LOG_DOMAIN "acyclic-graph"
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "acy-graph-layout-private.h"

#define NODE_PAD_X      9.0
#define NODE_PAD_Y      5.0
#define MIN_NODE_W      96.0

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

/* The events in (thread, po) order. */
static guint *
po_order (const AcyExecution *x)
{
  guint *order = g_new (guint, MAX (x->n_events, 1));

  for (guint i = 0; i < x->n_events; i++)
    order[i] = i;
  g_qsort_with_data (order, x->n_events, sizeof (guint), compare_events, (gpointer) x);
  return order;
}

#define SHOWN_KINDS (ACY_EV_R | ACY_EV_W | ACY_EV_F | ACY_EV_IW | ACY_EV_RMW | ACY_EV_LKR | ACY_EV_LKW \
                     | ACY_EV_UL | ACY_EV_LF | ACY_EV_RL | ACY_EV_RU | ACY_EV_SRCU | ACY_EV_LKC)

gboolean
acy_graph_event_shown (const AcyExecution *x, guint event)
{
  const AcyEvent *e = &x->events[event];

  /* herd's pictures show the accesses and fences; an assembly test's
   * register events and branches are how its dependencies are made, and
   * show as the addr, data and ctrl edges between accesses instead. */
  return e->reg == 0 && (e->kind & SHOWN_KINDS) != 0;
}

/* Each shown event's row: its place among its thread's shown events,
 * so that the rows hidden events would take are not left empty. */
static guint *
event_rows (const AcyExecution *x)
{
  g_autofree guint *order = po_order (x);
  guint *rows = g_new0 (guint, MAX (x->n_events, 1));
  guint next = 0, thread = G_MAXUINT;

  for (guint k = 0; k < x->n_events; k++)
    {
      guint e = order[k];

      if (!acy_graph_event_shown (x, e) || (x->events[e].kind & ACY_EV_IW))
        continue;
      if (x->events[e].thread != thread)
        {
          thread = x->events[e].thread;
          next = 0;
        }
      rows[e] = next++;
    }
  return rows;
}

static char *
letter_name (guint v)
{
  if (v < 26)
    return g_strdup_printf ("%c", 'a' + v);
  return g_strdup_printf ("%c%u", 'a' + v % 26, v / 26);
}

char **
acy_graph_event_names (const AcyExecution *x)
{
  char **names = g_new0 (char *, x->n_events + 1);
  g_autofree guint *order = po_order (x);
  guint next = 0;

  /* the shown events first, as herd names them; the hidden ones after
   * them, so that --eval and --why can still name them */
  for (guint pass = 0; pass < 2; pass++)
    for (guint k = 0; k < x->n_events; k++)
      {
        guint e = order[k];

        if (acy_graph_event_shown (x, e) != (pass == 0))
          continue;
        names[e] = x->events[e].kind & ACY_EV_IW ? g_strdup ("") : letter_name (next++);
      }
  return names;
}

char **
acy_graph_event_names_init (const AcyExecution *x)
{
  char **names = acy_graph_event_names (x);

  for (guint i = 0; i < x->n_events; i++)
    if (names[i][0] == '\0' && x->events[i].loc >= 0 && (guint) x->events[i].loc < x->n_locs)
      {
        g_free (names[i]);
        names[i] = g_strdup_printf ("init:%s", x->loc_names[x->events[i].loc]);
      }
  return names;
}

static char *
format_value (const AcyExecution *x, AcyValue v)
{
  if (ACY_VALUE_IS_PTR (v) && (guint) ACY_VALUE_PTR_LOC (v) < x->n_locs)
    return ACY_VALUE_PTR_OFFSET (v) != 0
           ? g_strdup_printf ("%s%+d", x->loc_names[ACY_VALUE_PTR_LOC (v)], ACY_VALUE_PTR_OFFSET (v))
           : g_strdup (x->loc_names[ACY_VALUE_PTR_LOC (v)]);
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

  static const char *const rf[] = { "rf", "rfe", "rfi", NULL };
  static const char *const co[] = { "co", "coe", "coi", "co0", NULL };
  static const char *const fr[] = { "fr", "fre", "fri", NULL };

  if (g_str_equal (name, "po"))
    c = 0x404040;
  /* an assembly test's dependencies: apart from the palette's */
  else if (g_str_equal (name, "addr"))
    c = 0x8c510a;
  else if (g_str_equal (name, "data"))
    c = 0x01665e;
  else if (g_str_equal (name, "ctrl"))
    c = 0x762a83;
  else if (g_strv_contains (rf, name))
    c = 0xc8102e;
  else if (g_strv_contains (co, name))
    c = 0x1f5fbf;
  else if (g_strv_contains (fr, name))
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

PangoLayout *
acy_graph_make_text (PangoContext *ctx, const char *text, const char *font, gboolean bold)
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

void
acy_graph_text_size (PangoLayout *l, double *w, double *h)
{
  int pw, ph;

  pango_layout_get_size (l, &pw, &ph);
  *w = pw / (double) PANGO_SCALE;
  *h = ph / (double) PANGO_SCALE;
}

/* A node's text: the event's label, and under it the instruction that
 * made it in an assembly test ("movl $1,(x)"), which says more to whoever
 * wrote the test than the event alone. */
static char *
node_label (const AcyExecution *x, guint event, const char *name)
{
  g_autofree char *label = acy_graph_event_label (x, event, name);

  if (x->instr_texts == NULL || x->instr_texts[event] == NULL)
    return g_steal_pointer (&label);
  return g_strconcat (label, "\n", x->instr_texts[event], NULL);
}

void
acy_graph_grid_add (AcyGraphGrid *grid, const AcyExecution *x)
{
  g_auto(GStrv) names = acy_graph_event_names (x);
  g_autofree guint *rows = event_rows (x);
  PangoContext *ctx = default_context ();

  grid->n_threads = MAX (grid->n_threads, x->n_threads);
  grid->n_locs = MAX (grid->n_locs, x->n_locs);
  for (guint i = 0; i < x->n_events; i++)
    {
      const AcyEvent *e = &x->events[i];
      g_autofree char *label = NULL;
      g_autoptr(PangoLayout) l = NULL;
      double w, h;

      if ((e->kind & ACY_EV_IW) || !acy_graph_event_shown (x, i))
        continue;
      grid->n_threads = MAX (grid->n_threads, (guint) e->thread + 1);
      grid->n_rows = MAX (grid->n_rows, rows[i] + 1);
      label = node_label (x, i, names[i]);
      l = acy_graph_make_text (ctx, label, FONT, FALSE);
      acy_graph_text_size (l, &w, &h);
      grid->node_width = MAX (grid->node_width, w + 2 * NODE_PAD_X);
    }
}

void
acy_graph_grid_add_run (AcyGraphGrid      *grid,
                        const AcyRecorder *recorder,
                        guint              max_structures)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  guint n = acy_recorder_get_n_records (recorder);

  for (guint i = 0; i < n && g_hash_table_size (seen) < max_structures; i++)
    {
      const AcyRecord *r = acy_recorder_get_record (recorder, i);

      if (g_hash_table_contains (seen, r->x.events))
        continue;
      g_hash_table_add (seen, (gpointer) r->x.events);
      acy_graph_grid_add (grid, &r->x);
    }
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
  /* A relation the model defines, or an expression, gets a colour of
   * its own even when named like a base one ("rfe"): it is drawn beside
   * rf and must not be taken for it. */
  acy_graph_relation_colour (base ? name : "", palette_index, info->rgb);
  info->text = acy_graph_make_text (ctx, name, SMALL_FONT, FALSE);
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

/* ---- the layout ------------------------------------------------------------ */

guint
acy_graph_witness_pairs (const char *kind, guint n, const AcyWord *witness, AcyWord *pairs, guint *cycle)
{
  guint len = 0;

  kind = kind ? kind : "";
  if (g_str_equal (kind, "acyclic"))
    {
      if (acy_rel_find_cycle (n, witness, cycle, &len))
        for (guint i = 0; i < len; i++)
          acy_rel_add (pairs, n, cycle[i], cycle[(i + 1) % len]);
      return len;
    }
  for (guint i = 0; i < n; i++)
    ACY_BITS_FOREACH (j, acy_rel_row ((AcyWord *) witness, n, i), n)
      if (i == j || !g_str_equal (kind, "irreflexive"))
        {
          acy_rel_add (pairs, n, i, j);
          len++;
        }
  return len;
}

/* One edge of the witness, as drawn. */
typedef struct {
  guint src, dst;
  char *label;
} WitnessStep;

static void
witness_step_clear (gpointer data)
{
  g_free (((WitnessStep *) data)->label);
}

static char *
witness_piece_label (const AcyGraphInput *in, guint src, guint dst)
{
  char *label = NULL;

  if (in->witness_label)
    label = in->witness_label (src, dst, in->witness_label_data);
  if (label == NULL)
    label = acy_graph_base_label (in->x, in->rf, in->co, in->fr, src, dst);
  if (label == NULL)
    label = g_strdup (in->witness_name ? in->witness_name : "?");
  return label;
}

static void
add_step (GArray *steps, guint src, guint dst, char *label)
{
  WitnessStep step = { src, dst, label };

  g_array_append_val (steps, step);
}

/* The witness's edges into @steps and the caption's text into @text: a
 * cycle (the scene's, or one found in an acyclic check's relation)
 * drawn from shown event to shown event, a run of its steps through
 * events the graph hides (an assembly test's register events) joined
 * into one edge labelled with their names joined by ";"; otherwise the
 * pairs of the witness between shown events. */
static void
collect_witness (const AcyGraphInput *in, GArray *steps, GString *text, char **names)
{
  const AcyExecution *x = in->x;
  guint n = x->n_events;
  const char *kind = in->witness_kind ? in->witness_kind : "";
  g_autofree AcyWord *pairs = g_new0 (AcyWord, MAX (acy_rel_words (n), 1));
  g_autofree guint *found = g_new (guint, n + 1);
  const guint *cycle = in->witness_cycle;
  guint len = in->witness_cycle_len, first = 0;

  if (cycle == NULL || len == 0)
    {
      len = acy_graph_witness_pairs (kind, n, in->witness, pairs, found);
      cycle = g_str_equal (kind, "acyclic") ? found : NULL;
    }
  if (cycle)
    {
      g_autoptr(GString) label = g_string_new (NULL);

      while (first < len && !acy_graph_event_shown (x, cycle[first]))
        first++;
      if (first == len)
        return;
      /* TRANSLATORS: followed by events joined with arrows, e.g. "cycle: a → c → a" */
      g_string_append (text, _("cycle:"));
      for (guint k = 1, start = cycle[first]; k <= len; k++)
        {
          guint from = cycle[(first + k - 1) % len], to = cycle[(first + k) % len];
          g_autofree char *piece = witness_piece_label (in, from, to);

          g_string_append_printf (label, "%s%s", label->len ? ";" : "", piece);
          if (!acy_graph_event_shown (x, to))
            continue;
          g_string_append_printf (text, " %s →", *names[start] ? names[start] : _("init"));
          add_step (steps, start, to, g_strdup (label->str));
          g_string_truncate (label, 0);
          start = to;
        }
      g_string_append_printf (text, " %s", *names[cycle[first]] ? names[cycle[first]] : _("init"));
      return;
    }
  for (guint i = 0; i < n; i++)
    ACY_BITS_FOREACH (j, acy_rel_row (pairs, n, i), n)
      if (acy_graph_event_shown (x, i) && acy_graph_event_shown (x, j))
        {
          if (text->len == 0 && g_str_equal (kind, "irreflexive"))
            g_string_append_printf (text, _("%s is related to itself"),
                                    *names[i] ? names[i] : _("an initial write"));
          add_step (steps, i, j, witness_piece_label (in, i, j));
        }
  if (!g_str_equal (kind, "irreflexive"))
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u pair that should not exist",
                                               "%u pairs that should not exist", len), len);
}

/* A relation's label on its edges: its name, or for an expression typed
 * into the console, longer than a name, "#1", "#2"... as the legend
 * says: the whole expression on every edge would bury the graph. */
static char *
edge_label_of (const AcyGraphRelationInfo *info, guint *n_aliases)
{
  if (!info->overlay || g_utf8_strlen (info->name, -1) <= 8)
    return g_strdup (info->name);
  return g_strdup_printf ("#%u", ++*n_aliases);
}

AcyGraphLayout *
acy_graph_layout_new (const AcyGraphInput *in, PangoContext *context)
{
  const AcyExecution *x = in->x;
  guint n = x->n_events;
  AcyGraphLayout *layout = g_new0 (AcyGraphLayout, 1);
  g_auto(GStrv) names = acy_graph_event_names (x);
  g_autofree guint *rows = event_rows (x);
  g_autofree AcyWord *shown = g_new0 (AcyWord, ACY_WORDS (MAX (n, 1)));
  g_autoptr(GHashTable) groups = acy_graph_edge_groups_new ();
  g_autofree AcyWord *witness = g_new0 (AcyWord, acy_rel_words (n) ? acy_rel_words (n) : 1);
  AcyGraphGrid grid = { 0 };
  PangoContext *ctx = context ? context : default_context ();
  double node_w = MIN_NODE_W, node_h = 0, top = MARGIN, init_w = 0;
  guint palette = 0, witness_rel = 0, n_aliases = 0;
  struct { const char *name; const AcyWord *bits; } base[7];
  guint n_base = 0;

  layout->context = g_object_ref (ctx);
  layout->n_events = n;
  layout->margin = layout->text_x = MARGIN;
  layout->nodes = g_array_new (FALSE, TRUE, sizeof (AcyGraphNode));
  layout->edges = g_array_new (FALSE, TRUE, sizeof (AcyGraphEdge));
  layout->headers = g_array_new (FALSE, TRUE, sizeof (AcyGraphHeader));
  layout->relations = g_ptr_array_new_with_free_func (relation_info_free);
  layout->node_of_event = g_new (gint, MAX (n, 1));

  if (in->grid)
    grid = *in->grid;
  grid.n_threads = MAX (grid.n_threads, x->n_threads);
  grid.n_locs = MAX (grid.n_locs, x->n_locs);

  if (in->title)
    {
      layout->title = acy_graph_make_text (ctx, in->title, "Sans Bold 11", FALSE);
      layout->title_y = MARGIN;
      top += 28;
    }

  /* Nodes: measure first, then place on the grid. */
  for (guint i = 0; i < n; i++)
    {
      const AcyEvent *ev = &x->events[i];
      AcyGraphNode node = { 0 };
      double tw, th;

      layout->node_of_event[i] = -1;
      if (!acy_graph_event_shown (x, i))
        continue;
      acy_bits_add (shown, i);
      node.event = i;
      node.init = (ev->kind & ACY_EV_IW) != 0;
      node.thread = node.init ? -1 : (gint) ev->thread;
      node.row = rows[i];
      node.name = g_strdup (names[i]);
      node.label = node_label (x, i, names[i]);
      node.text = acy_graph_make_text (ctx, node.label, FONT, FALSE);
      acy_graph_text_size (node.text, &tw, &th);
      node.w = tw + 2 * NODE_PAD_X;
      node.h = th + 2 * NODE_PAD_Y;
      node_h = MAX (node_h, node.h);
      if (node.init)
        init_w = MAX (init_w, node.w);
      else
        {
          node_w = MAX (node_w, node.w);
          grid.n_threads = MAX (grid.n_threads, (guint) ev->thread + 1);
          grid.n_rows = MAX (grid.n_rows, node.row + 1);
        }
      layout->node_of_event[i] = (gint) layout->nodes->len;
      g_array_append_val (layout->nodes, node);
    }
  node_w = MAX (node_w, grid.node_width);
  if (node_h == 0)
    node_h = 24;
  acy_graph_place_nodes (layout, x, &grid, node_w, node_h, init_w, top);
  acy_graph_place_headers (layout);

  /* Witness first, so base edges it covers are not drawn twice. */
  if (in->witness && n > 0)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(GArray) steps = g_array_new (FALSE, TRUE, sizeof (WitnessStep));
      AcyGraphRelationInfo *info;

      g_array_set_clear_func (steps, witness_step_clear);
      collect_witness (in, steps, text, names);
      layout->has_witness = steps->len > 0;
      if (layout->has_witness)
        {
          /* TRANSLATORS: "Forbidden by acyclic rmo-order: cycle: a → b → a" */
          layout->witness_text = g_strdup_printf (_("Forbidden by %s: %s"),
                                                  in->witness_name ? in->witness_name : "?", text->str);
          layout->witness_caption = acy_graph_make_text (ctx, layout->witness_text, FONT, TRUE);
          info = relation_info_new (ctx, in->witness_name ? in->witness_name : "witness", 0, FALSE);
          info->witness = TRUE;
          info->rgb[0] = 0.80; info->rgb[1] = 0.0; info->rgb[2] = 0.45;
          witness_rel = layout->relations->len;
          g_ptr_array_add (layout->relations, info);
          for (guint k = 0; k < steps->len; k++)
            {
              const WitnessStep *step = &g_array_index (steps, WitnessStep, k);

              acy_rel_add (witness, n, step->src, step->dst);
              acy_graph_add_edge (layout, groups, step->src, step->dst, witness_rel, TRUE, step->label);
              info->n_edges++;
            }
        }
    }

  if (!in->hide_po)
    base[n_base++] = (typeof (base[0])) { "po", x->po };
  if (!in->hide_rf)
    base[n_base++] = (typeof (base[0])) { "rf", in->rf ? in->rf : x->rf };
  if (in->co && !in->hide_co)
    base[n_base++] = (typeof (base[0])) { "co", in->co };
  if (in->fr && !in->hide_fr)
    base[n_base++] = (typeof (base[0])) { "fr", in->fr };
  /* An assembly test's dependencies through registers, as herd7's
   * pictures show them; a model computing its own (herd's aarch64.cat,
   * from the register events) has them drawn under its names instead. */
  if (x->instr_texts != NULL)
    {
      const char *names[] = { "addr", "data", "ctrl" };
      const AcyWord *deps[] = { x->addr, x->data, x->ctrl };

      for (guint d = 0; d < G_N_ELEMENTS (deps); d++)
        {
          gboolean drawn = FALSE;

          for (guint k = 0; k < in->n_extra && !drawn; k++)
            drawn = g_str_equal (in->extra[k].name, names[d]);
          if (deps[d] && !drawn && !acy_bits_is_empty ((guint) acy_rel_words (n), deps[d]))
            base[n_base++] = (typeof (base[0])) { names[d], deps[d] };
        }
    }

  for (guint r = 0; r < n_base + in->n_extra; r++)
    {
      gboolean is_base = r < n_base;
      const char *name = is_base ? base[r].name : in->extra[r - n_base].name;
      const AcyWord *bits = is_base ? base[r].bits : in->extra[r - n_base].bits;
      g_autofree AcyWord *pairs = NULL;
      g_autofree char *label = NULL;
      AcyGraphRelationInfo *info;
      guint rel = layout->relations->len;

      if (bits == NULL)
        continue;
      info = relation_info_new (ctx, name, is_base ? 0 : palette++, is_base);
      info->overlay = !is_base && in->extra[r - n_base].overlay;
      label = edge_label_of (info, &n_aliases);
      if (!g_str_equal (label, name))
        {
          g_autofree char *entry = g_strdup_printf ("%s  %s", label, name);
          pango_layout_set_text (info->text, entry, -1);
        }
      g_ptr_array_add (layout->relations, info);
      /* between the events shown: po reduced over them alone */
      {
        g_autofree AcyWord *between = g_new (AcyWord, MAX (acy_rel_words (n), 1));

        acy_rel_restrict (n, between, bits, shown, shown);
        pairs = drawn_pairs (n, between, &info->reduced);
      }
      for (guint i = 0; i < n; i++)
        ACY_BITS_FOREACH (j, acy_rel_row (pairs, n, i), n)
          {
            if (in->hide_init_edges && (x->events[i].kind & ACY_EV_IW))
              continue;
            info->n_edges++;
            /* A witness edge already stands for this pair. */
            if (layout->has_witness && acy_rel_has (witness, n, i, j) && is_base)
              continue;
            acy_graph_add_edge (layout, groups, i, j, rel, FALSE, label);
          }
    }

  acy_graph_route_edges (layout, x, groups);
  acy_graph_place_caption_and_legend (layout, top, in->legend_beside);
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
  for (guint i = 0; i < layout->headers->len; i++)
    g_clear_object (&g_array_index (layout->headers, AcyGraphHeader, i).text);
  g_array_unref (layout->nodes);
  g_array_unref (layout->edges);
  g_array_unref (layout->headers);
  g_ptr_array_unref (layout->relations);
  g_free (layout->node_of_event);
  g_free (layout->witness_text);
  g_clear_object (&layout->title);
  g_clear_object (&layout->witness_caption);
  g_clear_object (&layout->context);
  g_free (layout);
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
      double d = acy_graph_distance_to_curve (e->p, x, y);
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
