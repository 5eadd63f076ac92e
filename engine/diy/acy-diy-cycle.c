/* acy-diy-cycle.c - a cycle of edges as a ring of events: directions,
 * locations, values, threads and coherence, as diy's Cycle module sets
 * them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each edge is a node; the node's event is the edge's source. Stores
 * (the Store pseudo edge) leave the ring and hang on the node after
 * them; fences inserted alone (FenceSc as a pseudo edge) stay in it
 * with no direction. The steps and their order are diy's, since the
 * order decides which location is x, which value a write gets, where
 * thread 0 starts.
 */
#define G_LOG_DOMAIN "acyclic-diy"
#include "config.h"

#include <string.h>

#include "acy-diy-private.h"

static DiyNode *
find_node (gboolean (*p) (DiyNode *m, gpointer data), gpointer data, DiyNode *n)
{
  DiyNode *m = n;

  do
    {
      if (p (m, data))
        return m;
      m = m->next;
    }
  while (m != n);
  return NULL;
}

static DiyNode *
find_node_prev (gboolean (*p) (DiyNode *m, gpointer data), gpointer data, DiyNode *n)
{
  DiyNode *m = n;

  do
    {
      if (p (m, data))
        return m;
      m = m->prev;
    }
  while (m != n);
  return NULL;
}

static gboolean
is_non_insert_store (DiyNode *m, gpointer data)
{
  (void) data;
  return !acy_diy_is_insert_store (&m->edge);
}

static gboolean
is_non_pseudo (DiyNode *m, gpointer data)
{
  (void) data;
  return acy_diy_is_non_pseudo (&m->edge);
}

DiyNode *
acy_diy_find_non_insert_store (DiyNode *m)
{
  return find_node (is_non_insert_store, NULL, m);
}

DiyNode *
acy_diy_find_non_insert_store_prev (DiyNode *m)
{
  return find_node_prev (is_non_insert_store, NULL, m);
}

static char *
edge_string (const DiyArch *arch, const DiyEdge *e)
{
  return acy_diy_edges_to_string (arch, e, 1);
}

/* ---- building the ring (C.resolve_edges) ---- */

static DiyNode *
remove_store (DiyRing *ring, GError **error)
{
  DiyNode *n0 = acy_diy_find_non_insert_store (&ring->nodes[0]);
  DiyNode *m;

  if (n0 == NULL)
    {
      acy_diy_fail (error, "I cannot believe it");
      return NULL;
    }
  m = n0;
  for (guint steps = 0;; steps++)
    {
      /* diy loops for ever when the first node leaves the ring (an
       * isolated write first): refuse */
      if (steps > ring->n)
        {
          acy_diy_fail_at (error, n0->edge.from, "a cycle cannot start with an isolated write");
          return NULL;
        }
      if (m->edge.kind == DIY_STORE)
        {
          DiyNode *prev = acy_diy_find_non_insert_store_prev (m);
          DiyNode *next = acy_diy_find_non_insert_store (m);

          prev->next = next;
          next->prev = prev;
          m->evt.dir = DIY_W;
          next->store = m;
        }
      else if (m->edge.kind == DIY_NODE && m->edge.e1 == DIY_W)
        {
          /* isolated writes leave the ring before values are set */
          m->prev->next = m->next;
          m->next->prev = m->prev;
        }
      m = m->next;
      if (m == n0)
        break;
    }
  return n0;
}

static const char *
dir_word (DiyExtr d)
{
  return d == DIY_DW ? "a write" : d == DIY_DR ? "a read" : "no event";
}

static gboolean
set_dir (DiyRing *ring, DiyNode *n0, GError **error)
{
  const DiyArch *arch = ring->arch;
  DiyNode *m = n0;

  do
    {
      if (!acy_diy_is_insert_store (&m->edge))
        {
          DiyExtr my_d = acy_diy_dir_src (&m->edge);
          DiyNode *p = acy_diy_find_non_insert_store_prev (m->prev);
          DiyExtr prev_d;
          DiyDir d;
          gint a, a1, a2;

          if (m->edge.kind == DIY_NODE)
            {
              DiyNode *n = acy_diy_find_non_insert_store (m->next);
              g_autofree char *pe = edge_string (arch, &p->edge);
              g_autofree char *me = edge_string (arch, &m->edge);
              g_autofree char *ne = edge_string (arch, &n->edge);

              if (p->edge.kind == DIY_NODE)
                {
                  acy_diy_fail_at (error, m->edge.from, "Double 'Node' pseudo edge %s %s", pe, me);
                  return FALSE;
                }
              if (!(acy_diy_is_ext (&p->edge) && acy_diy_is_ext (&n->edge)))
                {
                  acy_diy_fail_at (error, m->edge.from,
                                   "Node pseudo edge %s appears in-between  %s..%s "
                                   "(one neighbour at least must be an external edge)", me, pe, ne);
                  return FALSE;
                }
            }
          prev_d = acy_diy_dir_tgt (&p->edge);
          if (prev_d == DIY_IRR && my_d == DIY_IRR)
            {
              g_autofree char *pe = edge_string (arch, &p->edge);
              g_autofree char *me = edge_string (arch, &m->edge);

              acy_diy_fail_at (error, m->edge.from, "Ambiguous direction %s %s", pe, me);
              return FALSE;
            }
          if (prev_d == DIY_IRR)
            d = my_d == DIY_DW ? DIY_W : DIY_R;
          else if (my_d == DIY_IRR)
            d = prev_d == DIY_DW ? DIY_W : DIY_R;
          else if (prev_d == my_d && (my_d == DIY_DW || my_d == DIY_DR))
            d = my_d == DIY_DW ? DIY_W : DIY_R;
          else
            {
              g_autofree char *pe = edge_string (arch, &p->edge);
              g_autofree char *me = edge_string (arch, &m->edge);

              acy_diy_fail_at (error, m->edge.from, "Impossible direction %s %s", pe, me);
              return FALSE;
            }
          a1 = m->edge.a1;
          a2 = p->edge.a2;
          if (a1 == a2)
            a = a1;
          else if (a1 == DIY_NONE && acy_diy_is_ext (&p->edge))
            a = a2;
          else if (a2 == DIY_NONE && acy_diy_is_ext (&m->edge))
            a = a1;
          else
            {
              g_autofree char *pe = edge_string (arch, &p->edge);
              g_autofree char *me = edge_string (arch, &m->edge);

              acy_diy_fail_at (error, m->edge.from, "Impossible atomicity %s %s", pe, me);
              return FALSE;
            }
          m->evt.dir = d;
          m->evt.atom = a;
          m->evt.rmw = d == DIY_R ? m->edge.kind == DIY_RMW : m->prev->edge.kind == DIY_RMW;
        }
      else
        {
          DiyNode *p = find_node_prev (is_non_pseudo, NULL, m->prev);

          if (p != NULL && p->edge.kind == DIY_COM && p->edge.ie == DIY_EXT
              && (p->edge.com == DIY_RF || p->edge.com == DIY_FR))
            {
              g_autofree char *pe = edge_string (arch, &p->edge);
              g_autofree char *me = edge_string (arch, &m->edge);

              acy_diy_fail_at (error, m->edge.from,
                               "Insert pseudo edge %s appears after external communication edge %s", me, pe);
              return FALSE;
            }
        }
      m = m->next;
    }
  while (m != n0);

  /* patch_edges: each edge gets the directions of its two events */
  m = n0;
  do
    {
      if (m->evt.dir >= 0)
        {
          DiyNode *q = m->next;

          while (q->evt.dir < 0)
            q = q->next;
          acy_diy_set_tgt (&m->edge, q->evt.dir);
          acy_diy_set_src (&m->edge, m->evt.dir);
        }
      m = m->next;
    }
  while (m != n0);
  return TRUE;
}

/* Directions that do not meet, reported in the order of the text: the
 * first pair of neighbours that disagree, the last and first edges last
 * (set_dir, which starts at the ring's head, would name those first). */
static gboolean
check_directions (const DiyArch *arch, const DiyEdge *es, guint n, GError **error)
{
  int first = -1, prev = -1;

  for (guint i = 0; i <= n; i++)
    {
      const DiyEdge *m;
      DiyExtr pd, md;

      if (i == n && (first < 0 || prev < 0))
        break;
      /* stores and inserts are no accesses; an isolated write leaves
       * the ring before directions are set */
      if (i < n && (acy_diy_is_insert_store (&es[i]) || (es[i].kind == DIY_NODE && es[i].e1 == DIY_W)))
        continue;
      m = &es[i < n ? i : (guint) first];
      if (first < 0)
        first = i;
      if (prev >= 0)
        {
          pd = acy_diy_dir_tgt (&es[prev]);
          md = acy_diy_dir_src (m);
          if ((pd == DIY_DW || pd == DIY_DR) && (md == DIY_DW || md == DIY_DR) && pd != md)
            {
              g_autofree char *pe = acy_diy_edges_to_string (arch, &es[prev], 1);
              g_autofree char *me = acy_diy_edges_to_string (arch, m, 1);

              if (i == n)
                acy_diy_fail_at (error, m->from,
                                 "the cycle does not close: its last edge %s ends on %s, its first edge %s starts from %s",
                                 pe, dir_word (pd), me, dir_word (md));
              else
                acy_diy_fail_at (error, m->from, "impossible direction: %s ends on %s, %s starts from %s",
                                 pe, dir_word (pd), me, dir_word (md));
              return FALSE;
            }
        }
      prev = i < n ? (int) i : prev;
    }
  return TRUE;
}

DiyRing *
acy_diy_ring_new (const DiyArch *arch, const DiyEdge *es, guint n, GError **error)
{
  DiyRing *ring;
  int balance = 0;

  if (n == 0)
    {
      acy_diy_fail (error, "No edges at all!");
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    balance += es[i].kind == DIY_LEAVE ? 1 : es[i].kind == DIY_BACK ? -1 : 0;
  if (balance != 0)
    {
      acy_diy_fail (error, "Leave/Back are not balanced");
      return NULL;
    }
  if (!check_directions (arch, es, n, error))
    return NULL;
  ring = g_new0 (DiyRing, 1);
  ring->arch = arch;
  ring->n = n;
  ring->nodes = g_new0 (DiyNode, n);
  for (guint i = 0; i < n; i++)
    {
      DiyNode *m = &ring->nodes[i];

      m->edge = es[i];
      m->next = &ring->nodes[i + 1 < n ? i + 1 : 0];
      m->prev = &ring->nodes[i > 0 ? i - 1 : n - 1];
      m->store = NULL;
      m->evt.loc = -1;
      m->evt.dir = -1;
      m->evt.atom = DIY_NONE;
      m->evt.proc = -1;
    }
  ring->start = remove_store (ring, error);
  if (ring->start == NULL || !set_dir (ring, ring->start, error))
    {
      acy_diy_ring_free (ring);
      return NULL;
    }
  return ring;
}

void
acy_diy_ring_free (DiyRing *ring)
{
  if (ring == NULL)
    return;
  g_clear_pointer (&ring->procs, g_ptr_array_unref);
  g_free (ring->nodes);
  g_free (ring);
}

GArray *
acy_diy_ring_extract_edges (DiyRing *ring)
{
  GArray *es = g_array_new (FALSE, FALSE, sizeof (DiyEdge));
  DiyNode *m = ring->start;

  do
    {
      if (m->store != NULL)
        {
          DiyEdge e = m->store->edge;

          e.a1 = e.a2 = DIY_NONE;
          g_array_append_val (es, e);
        }
      g_array_append_val (es, m->edge);
      m = m->next;
    }
  while (m != ring->start);
  return es;
}

/* ---- locations and values (C.finish) ---- */

static const char *const loc_names[26] = {
  "x", "y", "z", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l",
  "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w",
};

char *
acy_diy_loc_name (int loc)
{
  if (loc < 26)
    return g_strdup (loc_names[loc]);
  return g_strdup_printf ("x%02d", loc - 26);
}

int
acy_diy_loc_compare (int a, int b)
{
  g_autofree char *na = acy_diy_loc_name (a);
  g_autofree char *nb = acy_diy_loc_name (b);

  return strcmp (na, nb);
}

static gboolean
edge_ext (DiyNode *m, gpointer data)
{
  (void) data;
  return acy_diy_get_ie (&m->edge) == DIY_EXT;
}

static gboolean
edge_int (DiyNode *m, gpointer data)
{
  (void) data;
  return acy_diy_get_ie (&m->edge) == DIY_INT;
}

static gboolean
edge_int_com (DiyNode *m, gpointer data)
{
  (void) data;
  return m->edge.kind == DIY_COM && m->edge.ie == DIY_INT;
}

static gboolean
edge_diff_loc (DiyNode *m, gpointer data)
{
  (void) data;
  return acy_diy_loc_sd (&m->edge) == DIY_DIFF;
}

static gboolean
edge_same_loc (DiyNode *m, gpointer data)
{
  (void) data;
  return acy_diy_loc_sd (&m->edge) == DIY_SAME;
}

static gboolean
set_diff_loc (DiyRing *ring, DiyNode *n0, GError **error)
{
  DiyNode *p = n0->prev, *m = n0;
  int next_loc = 0;

  for (;;)
    {
      int loc = acy_diy_loc_sd (&p->edge) == DIY_SAME ? p->evt.loc : next_loc++;

      m->evt.loc = loc;
      if (m->store != NULL)
        m->store->evt.loc = loc;
      if (m->next == n0)
        {
          if (m->evt.loc == n0->evt.loc)
            {
              g_autofree char *me = edge_string (ring->arch, &m->edge);

              acy_diy_fail_at (error, m->edge.from, "Cannot get changing loc accros %s\n", me);
              return FALSE;
            }
          return TRUE;
        }
      p = p->next;
      m = m->next;
    }
}

static void
set_same_loc (DiyNode *n0)
{
  DiyNode *m = n0;

  do
    {
      m->evt.loc = 0;
      if (m->store != NULL)
        m->store->evt.loc = 0;
      m = m->next;
    }
  while (m != n0);
}

static gboolean
is_rmw_edge (const DiyEdge *e)
{
  return e->kind == DIY_RMW;
}

static gboolean
is_com_rmw (DiyNode *m)
{
  return acy_diy_is_com (&m->edge) || is_rmw_edge (&m->edge);
}

static gboolean
to_com_rmw_read (DiyNode *m, gpointer data)
{
  (void) data;
  return !is_com_rmw (m->prev) && is_com_rmw (m) && m->evt.dir == DIY_R;
}

static gboolean
to_com_rmw (DiyNode *m, gpointer data)
{
  (void) data;
  return !is_com_rmw (m->prev) && is_com_rmw (m);
}

static gboolean
to_com_read (DiyNode *m, gpointer data)
{
  (void) data;
  return !acy_diy_is_com (&m->prev->edge) && acy_diy_is_com (&m->edge) && m->evt.dir == DIY_R;
}

static gboolean
to_com (DiyNode *m, gpointer data)
{
  (void) data;
  return !acy_diy_is_com (&m->prev->edge) && acy_diy_is_com (&m->edge);
}

static gboolean
segment_start (DiyNode *m, gpointer data)
{
  (void) data;
  return m->prev->evt.loc != m->evt.loc && m->next->evt.loc == m->evt.loc;
}

typedef struct {
  int counter;
  int cell;
} CoState;

static void
set_write_val (CoState *st, DiyNode *n)
{
  int v = ++st->counter;
  int cell = v;

  n->evt.v = v;
  if (n->prev->edge.kind == DIY_RMW && n->prev->edge.rmw == 1)
    cell = st->cell + v;   /* Fetch.Add: the old value plus the operand */
  n->evt.cell = cell;
  st->cell = cell;
}

/* Values of one location's events, in the ring's order from the start
 * of its segment: writes count up from 1, a read reads the last value
 * before it (0 at first). */
static void
set_segment_values (GPtrArray *ns)
{
  CoState st = { 0, 0 };
  int cell = 0;

  for (guint i = 0; i < ns->len; i++)
    {
      DiyNode *n = ns->pdata[i];

      if (n->store != NULL)
        set_write_val (&st, n->store);
      if (n->evt.dir == DIY_W)
        set_write_val (&st, n);
    }
  for (guint i = 0; i < ns->len; i++)
    {
      DiyNode *n = ns->pdata[i];

      if (n->store != NULL)
        cell = n->store->evt.cell;
      if (n->evt.dir == DIY_R)
        n->evt.v = cell;
      else if (n->evt.dir == DIY_W)
        cell = n->evt.cell;
    }
}

static gboolean
set_values (DiyRing *ring, DiyNode *n, GError **error)
{
  DiyNode *start = find_node (segment_start, NULL, n);

  if (start != NULL)
    {
      DiyNode *m = start;
      g_autoptr(GPtrArray) seg = g_ptr_array_new ();

      do
        {
          g_ptr_array_add (seg, m);
          if (m->next->evt.loc != m->evt.loc)
            {
              set_segment_values (seg);
              g_ptr_array_set_size (seg, 0);
            }
          m = m->next;
        }
      while (m != start);
    }
  else
    {
      g_autoptr(GPtrArray) seg = g_ptr_array_new ();
      DiyNode *m;

      start = find_node (to_com_rmw_read, NULL, n);
      if (start == NULL)
        start = find_node (to_com_rmw, NULL, n);
      if (start == NULL)
        start = find_node (to_com_read, NULL, n);
      if (start == NULL)
        start = find_node (to_com, NULL, n);
      if (start == NULL)
        {
          acy_diy_fail (error, "cannot set write values");
          return FALSE;
        }
      m = start;
      do
        {
          g_ptr_array_add (seg, m);
          m = m->next;
        }
      while (m != start);
      set_segment_values (seg);
    }
  ring->start = start;
  return TRUE;
}

gboolean
acy_diy_ring_finish (DiyRing *ring, GError **error)
{
  DiyNode *n = ring->start, *diff = NULL;
  DiyNode *start_n = find_node_prev (edge_ext, NULL, n);

  if (start_n == NULL)
    start_n = find_node_prev (edge_int_com, NULL, n);
  if (start_n != NULL)
    diff = find_node_prev (edge_diff_loc, NULL, start_n);
  if (diff != NULL)
    {
      n = find_node (edge_same_loc, NULL, diff);
      if (n == NULL)
        {
          acy_diy_fail (error, "This cycle changes location at every step");
          return FALSE;
        }
      if (!set_diff_loc (ring, n, error))
        return FALSE;
    }
  else
    set_same_loc (n);
  return set_values (ring, n, error);
}

/* ---- threads (C.split_procs) ---- */

static int
find_proc (GPtrArray *procs, DiyNode *n)
{
  for (guint j = 0; j < procs->len; j++)
    {
      GPtrArray *ns = procs->pdata[j];

      for (guint k = 0; k < ns->len; k++)
        if (ns->pdata[k] == n)
          return j;
    }
  return -1;
}

static DiyNode *
find_back (DiyNode *n, DiyNode *start)
{
  DiyNode *m = n;
  int k = 0;

  for (;;)
    {
      if (m->edge.kind == DIY_BACK)
        {
          if (k == 0)
            return m;
          k--;
        }
      else if (m->edge.kind == DIY_LEAVE)
        k++;
      if (m->next == start)
        return NULL;
      m = m->next;
    }
}

gboolean
acy_diy_ring_split_procs (DiyRing *ring, GError **error)
{
  DiyNode *n = ring->start, *p, *m;
  guint ext = 0;
  GPtrArray *cur;
  g_autoptr(GPtrArray) procs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  guint index = 0;

  m = n;
  do
    {
      ext += edge_ext (m, NULL);
      m = m->next;
    }
  while (m != n);
  if (ext == 1)
    {
      acy_diy_fail (error, "only one external edge");
      return FALSE;
    }
  /* the first node after an external edge starts thread 0 */
  p = find_node_prev (is_non_pseudo, NULL, n->prev);
  if (p != NULL && edge_ext (p, NULL))
    n = p->next;
  else
    {
      DiyNode *ext_n = find_node (edge_ext, NULL, n);

      if (ext_n != NULL)
        {
          DiyNode *s = find_node (edge_int, NULL, ext_n);

          n = s != NULL ? s : ext_n;
        }
      else
        {
          DiyNode *int_n = find_node (edge_int_com, NULL, n);

          if (int_n == NULL)
            {
              acy_diy_fail (error, "Cannot split in procs");
              return FALSE;
            }
          n = int_n->next;
        }
    }

  cur = g_ptr_array_new ();
  m = n;
  do
    {
      g_ptr_array_add (cur, m);
      if (acy_diy_get_ie (&m->edge) != DIY_INT)
        {
          g_ptr_array_add (procs, cur);
          cur = g_ptr_array_new ();
        }
      m = m->next;
    }
  while (m != n);
  /* nodes after the last external edge make a thread of their own */
  if (cur->len > 0)
    g_ptr_array_add (procs, cur);
  else
    g_ptr_array_unref (cur);

  /* Leave/Back: the thread left is merged with the one returned to */
  m = n;
  do
    {
      if (m->edge.kind == DIY_LEAVE)
        {
          int i = find_proc (procs, m);
          DiyNode *back = find_back (m->next, n);
          int j;

          if (back == NULL)
            {
              acy_diy_fail (error, "Non-matching Leave/Back");
              return FALSE;
            }
          j = find_proc (procs, back->next);
          if (i == j)
            {
              acy_diy_fail (error, "Useless Leave/Back");
              return FALSE;
            }
          if (i >= 0 && j >= 0)
            {
              GPtrArray *pi = procs->pdata[i], *pj = procs->pdata[j];

              for (guint k = 0; k < pj->len; k++)
                g_ptr_array_add (pi, pj->pdata[k]);
              g_ptr_array_set_size (pj, 0);
            }
        }
      m = m->next;
    }
  while (m != n);

  ring->procs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  for (guint j = 0; j < procs->len; j++)
    {
      GPtrArray *ns = procs->pdata[j];

      if (ns->len == 0)
        continue;
      for (guint k = 0; k < ns->len; k++)
        {
          DiyNode *x = ns->pdata[k];

          x->evt.proc = index;
          if (x->store != NULL)
            x->store->evt.proc = index;
        }
      g_ptr_array_add (ring->procs, g_ptr_array_ref (ns));
      index++;
    }
  return TRUE;
}

/* ---- coherence (C.coherence) ---- */

void
acy_diy_coherence_free (GArray *cos)
{
  if (cos == NULL)
    return;
  for (guint i = 0; i < cos->len; i++)
    g_array_unref (g_array_index (cos, DiyCoherence, i).values);
  g_array_unref (cos);
}

static int
compare_coherence (gconstpointer a, gconstpointer b)
{
  return acy_diy_loc_compare (((const DiyCoherence *) a)->loc, ((const DiyCoherence *) b)->loc);
}

static void
add_write (GArray *cos, DiyNode *w)
{
  DiyCoherence *last = cos->len > 0 ? &g_array_index (cos, DiyCoherence, cos->len - 1) : NULL;

  if (last == NULL || last->loc != w->evt.loc)
    {
      DiyCoherence c = { w->evt.loc, g_array_new (FALSE, FALSE, sizeof (int)) };

      g_array_append_val (cos, c);
      last = &g_array_index (cos, DiyCoherence, cos->len - 1);
    }
  g_array_append_val (last->values, w->evt.cell);
}

GArray *
acy_diy_ring_coherence (DiyRing *ring, const DiyRingOptions *options, GError **error)
{
  DiyNode *n = ring->start, *m = n, *change = NULL;
  GArray *cos = g_array_new (FALSE, FALSE, sizeof (DiyCoherence));

  do
    {
      if (m->evt.loc != m->next->evt.loc)
        {
          change = m->next;
          break;
        }
      m = m->next;
    }
  while (m != n);
  if (change == NULL && !options->one_loc)
    {
      g_array_unref (cos);
      acy_diy_fail (error, "Unique location");
      return NULL;
    }
  /* the writes, from where the location changes, each location's in
   * one run since its events are contiguous in the ring */
  m = change != NULL ? change : n;
  do
    {
      if (m->store != NULL)
        add_write (cos, m->store);
      if (m->evt.dir == DIY_W && m->edge.kind != DIY_NODE)
        add_write (cos, m);
      m = m->next;
    }
  while (m != (change != NULL ? change : n));
  if (change == NULL && cos->len > 1)
    {
      /* one location: one list, whatever the runs */
      DiyCoherence *first = &g_array_index (cos, DiyCoherence, 0);

      for (guint i = 1; i < cos->len; i++)
        {
          GArray *v = g_array_index (cos, DiyCoherence, i).values;

          g_array_append_vals (first->values, v->data, v->len);
          g_array_unref (v);
        }
      g_array_set_size (cos, 1);
    }
  g_array_sort (cos, compare_coherence);
  for (guint i = 1; i < cos->len; i++)
    if (g_array_index (cos, DiyCoherence, i).loc == g_array_index (cos, DiyCoherence, i - 1).loc)
      {
        acy_diy_coherence_free (cos);
        acy_diy_fail (error, "a location's writes are not contiguous");
        return NULL;
      }
  return cos;
}

/* ---- Prefetch and Com lines (TopUtils) ---- */

char *
acy_diy_ring_prefetch (DiyRing *ring, guint first_proc)
{
  GString *out = g_string_new (NULL);

  for (guint p = 0; p < ring->procs->len; p++)
    {
      GPtrArray *ns = ring->procs->pdata[p];
      DiyNode *i, *o;
      g_autofree char *il = NULL, *ol = NULL;

      if (ns->len <= 1)
        continue;
      i = acy_diy_find_non_insert_store (ns->pdata[0]);
      o = acy_diy_find_non_insert_store_prev (ns->pdata[ns->len - 1]);
      if (i->evt.loc == o->evt.loc)
        continue;
      il = acy_diy_loc_name (i->evt.loc);
      ol = acy_diy_loc_name (o->evt.loc);
      g_string_append_printf (out, "%s%u:%s=F,%u:%s=%s", out->len > 0 ? "," : "",
                              p + first_proc, il, p + first_proc, ol, o->evt.dir == DIY_W ? "W" : "T");
    }
  return g_string_free (out, FALSE);
}

/* For Hat: whether a write to the node's location comes before it (or
 * after it) in the thread, through same-location edges. */
static gboolean
write_before (DiyNode *m)
{
  DiyNode *n = m->prev;

  while (n != m)
    {
      if (acy_diy_loc_sd (&n->edge) != DIY_SAME)
        return FALSE;
      if (n->evt.dir == DIY_W)
        return TRUE;
      n = n->prev;
    }
  return FALSE;
}

static gboolean
write_after (DiyNode *m)
{
  DiyNode *n = m->next;

  for (;;)
    {
      if (n->evt.dir == DIY_W)
        return TRUE;
      if (n->next == m || acy_diy_loc_sd (&n->edge) != DIY_SAME)
        return FALSE;
      n = n->next;
    }
}

char *
acy_diy_ring_coms (DiyRing *ring)
{
  GString *out = g_string_new (NULL);

  for (guint p = 0; p < ring->procs->len; p++)
    {
      GPtrArray *ns = ring->procs->pdata[p];
      DiyNode *last = ns->pdata[ns->len - 1];
      const char *com = "?";

      switch (last->edge.kind)
        {
        case DIY_HAT:
          {
            gboolean wb = write_before (last), wa = write_after (last);

            com = wb && wa ? "Co" : wb ? "Rf" : wa ? "Fr" : "?";
          }
          break;
        case DIY_COM: case DIY_LEAVE: case DIY_BACK:
          com = last->edge.com == DIY_RF ? "Rf" : last->edge.com == DIY_FR ? "Fr" : "Co";
          break;
        default:
          break;
        }
      if (p > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, com);
    }
  return g_string_free (out, FALSE);
}
