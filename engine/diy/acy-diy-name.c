/* acy-diy-name.c - a test's name from its cycle, as diy names it: the
 * family (SB, MP, ISA2...) from the threads' first and last accesses,
 * then the edges inside each thread (MP+po+addr)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A cycle is first turned to its normal form: of all the threads it
 * could start with, the one whose family key and edges compare least,
 * so that "Fre PodWR Fre PodWR" and "PodWR Fre PodWR Fre" are both SB.
 */
#define G_LOG_DOMAIN "acyclic-diy"
#include "config.h"

#include <string.h>

#include "acy-diy-private.h"

typedef struct _CeNode CeNode;
struct _CeNode {
  DiyEdge edge;
  gint8   dir;          /* DiyDir of the edge's source, -1 none */
  CeNode *next, *prev, *matches;
};

typedef struct {
  CeNode *nodes;
  guint   n;
} Ce;

/* points: the directions of a thread's first and last accesses, with
 * diy's order on them: W, WW, RR, RW, WR, R */
typedef struct {
  int     rank;
  char    text[3];
  CeNode *cycle;
} Cp;

static gboolean
ext_com (const DiyEdge *e)
{
  return (e->kind == DIY_COM && e->ie == DIY_EXT) || e->kind == DIY_HAT;
}

static gboolean
int_com (const DiyEdge *e)
{
  return e->kind == DIY_COM && e->ie == DIY_INT;
}

static CeNode *
find_back (CeNode *n)
{
  CeNode *m = n;
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
      if (m->next == n)
        return NULL;
      m = m->next;
    }
}

static gboolean
ce_build (Ce *ce, const DiyEdge *es, guint n)
{
  ce->n = n;
  ce->nodes = g_new0 (CeNode, n);
  for (guint i = 0; i < n; i++)
    {
      CeNode *m = &ce->nodes[i];
      DiyExtr d = acy_diy_dir_src (&es[i]);

      m->edge = es[i];
      if (d == DIY_IRR)
        return FALSE;
      m->dir = d == DIY_DW ? DIY_W : d == DIY_DR ? DIY_R : -1;
      m->next = &ce->nodes[(i + 1) % n];
      m->prev = &ce->nodes[(i + n - 1) % n];
    }
  for (guint i = 0; i < n; i++)
    if (ce->nodes[i].edge.kind == DIY_LEAVE)
      {
        CeNode *b = find_back (ce->nodes[i].next);

        if (b == NULL)
          return FALSE;
        ce->nodes[i].matches = b;
        b->matches = &ce->nodes[i];
      }
  return TRUE;
}

/* find_node_out: skipping what lies between a Leave and its Back */
static CeNode *
find_edge_out (gboolean (*p) (const DiyEdge *e), CeNode *n)
{
  CeNode *m = n;

  for (;;)
    {
      if (p (&m->edge))
        return m;
      m = m->edge.kind == DIY_LEAVE ? m->matches->next : m->next;
      if (m == n)
        return NULL;
    }
}

/* the node at the outermost level of Leave/Back nesting */
static CeNode *
find_out (CeNode *n)
{
  int d0 = 0, d = 0;
  CeNode *n0 = n, *m = n;

  for (;;)
    {
      if (m->edge.kind == DIY_LEAVE)
        d++;
      else if (m->edge.kind == DIY_BACK)
        {
          if (d - 1 < d0)
            {
              d0 = d - 1;
              n0 = m->next;
            }
          d--;
        }
      if (m->next == n)
        return n0;
      m = m->next;
    }
}

static gboolean
is_actual (CeNode *m)
{
  return m->dir >= 0 && m->edge.kind != DIY_NODE;
}

/* The threads of the cycle, as pairs of first and last nodes, from the
 * thread after an external communication. */
static GArray *
cp_build (Ce *ce, const char **why)
{
  CeNode *n = &ce->nodes[0], *p, *m;
  guint ext = 0;
  GArray *cps;

  for (guint i = 0; i < ce->n; i++)
    ext += ext_com (&ce->nodes[i].edge);
  if (ext == 1)
    {
      *why = "only one external edge";
      return NULL;
    }
  n = find_out (n);
  p = n->prev;
  while (!acy_diy_is_non_pseudo (&p->edge))
    {
      p = p->prev;
      if (p == n->prev)
        {
          *why = "normalise_family";
          return NULL;
        }
    }
  if (ext_com (&p->edge))
    n = p->next;
  else
    {
      CeNode *s = find_edge_out (ext_com, n);

      if (s == NULL)
        s = find_edge_out (int_com, n);
      if (s == NULL)
        {
          *why = "find_start";
          return NULL;
        }
      n = s->next;
    }

  cps = g_array_new (FALSE, FALSE, sizeof (Cp));
  m = n;
  for (;;)
    {
      CeNode *o = find_edge_out (ext_com, m), *e, *l;
      Cp cp = { 0 };

      if (o == NULL)
        o = m->prev;
      for (e = m; !is_actual (e); e = e->next)
        if (e->next == m)
          goto fail;
      for (l = o; !is_actual (l); l = l->prev)
        if (l->prev == o)
          goto fail;
      if (e == l)
        {
          cp.rank = e->dir == DIY_W ? 0 : 10;
          cp.text[0] = e->dir == DIY_W ? 'W' : 'R';
        }
      else
        {
          static const int ranks[2][2] = { { 1, 8 }, { 6, 2 } };   /* [first][last]: W=0, R=1 */

          cp.rank = ranks[e->dir][l->dir];
          cp.text[0] = e->dir == DIY_W ? 'W' : 'R';
          cp.text[1] = l->dir == DIY_W ? 'W' : 'R';
        }
      cp.cycle = e;
      g_array_append_val (cps, cp);
      if (o->next == n)
        break;
      m = o->next;
    }
  return cps;
fail:
  g_array_unref (cps);
  *why = "normalise_family";
  return NULL;
}

/* diy's compare_edges: po and rf before fences and dependencies,
 * dependencies before fences, else OCaml's order */
static int
compare_edges (const DiyEdge *a, const DiyEdge *b)
{
  gboolean a_po = a->kind == DIY_PO || (a->kind == DIY_COM && a->com == DIY_RF);
  gboolean b_po = b->kind == DIY_PO || (b->kind == DIY_COM && b->com == DIY_RF);
  gboolean a_fd = a->kind == DIY_FENCED || a->kind == DIY_DP;
  gboolean b_fd = b->kind == DIY_FENCED || b->kind == DIY_DP;

  if ((a_po && b_fd) || (a->kind == DIY_DP && b->kind == DIY_FENCED))
    return 1;
  if ((a_fd && b_po) || (a->kind == DIY_FENCED && b->kind == DIY_DP))
    return -1;
  return acy_diy_edge_poly_compare (a, b);
}

static int
ninternals (CeNode *n)
{
  int r = 0;

  for (CeNode *m = n;; m = m->next)
    {
      if (acy_diy_get_ie (&m->edge) == DIY_EXT)
        return r;
      if (m->next == n)
        return r;
      r++;
    }
}

static int
cp_compare (GArray *cps, guint i1, guint i2)
{
  guint n = cps->len;
  CeNode *m1, *m2;
  int c1, c2;

  for (guint k = 0; k < n; k++)
    {
      int r1 = g_array_index (cps, Cp, (i1 + k) % n).rank;
      int r2 = g_array_index (cps, Cp, (i2 + k) % n).rank;

      if (r1 != r2)
        return r1 < r2 ? -1 : 1;
    }
  m1 = g_array_index (cps, Cp, i1).cycle;
  m2 = g_array_index (cps, Cp, i2).cycle;
  c1 = ninternals (m1);
  c2 = ninternals (m2);
  if (c1 != c2)
    return c1 < c2 ? -1 : 1;
  for (CeNode *a = m1, *b = m2;;)
    {
      int r = compare_edges (&a->edge, &b->edge);

      if (r != 0)
        return r;
      a = a->next;
      b = b->next;
      if (a == m1 && b == m2)
        return 0;
      if (a == m1 || b == m2)
        return a == m1 ? -1 : 1;
    }
}

static const struct { const char *key; const char *name; gboolean allsame; } families[] = {
  { "WW", "CoWW", TRUE }, { "RW", "CoRW1", TRUE }, { "W+RW", "CoRW2", TRUE },
  { "W+WR", "CoWR", TRUE }, { "W+RR", "CoRR", TRUE }, { "WR", "CoWR0", TRUE },
  { "WW+RR", "MP" }, { "WW+FF", "MP.FF" }, { "WW+RF", "MP.RF" }, { "WW+FR", "MP.FR" },
  { "WR+WR", "SB" }, { "WF+WR", "SB.FR" }, { "WR+WF", "SB.RF" }, { "WF+WF", "SB.FF" },
  { "WR+WR+WR", "3.SB" }, { "WF+WF+WF", "3.SB.FFF" }, { "WR+WR+WR+WR", "4.SB" },
  { "W+RW+RR", "WRC" }, { "W+FW+RR", "WRC+F+RR" }, { "W+FW+FF", "WRC+F+FF" },
  { "W+FW+FR", "WRC+F+FR" }, { "W+FW+RF", "WRC+F+RF" }, { "W+RW+FF", "WRC+R+FF" },
  { "W+RW+FR", "WRC+R+FR" }, { "W+RW+RF", "WRC+R+RF" }, { "W+RR+WR", "RWC" },
  { "W+FF+WF", "RWC.FF.F" }, { "W+RF+WF", "RWC.RF.F" }, { "RW+RW", "LB" },
  { "FW+RW", "LB.FR" }, { "RW+FW", "LB.RF" }, { "FW+FW", "LB.FF" },
  { "RW+RW+RW", "3.LB" }, { "FW+FW+FW", "3.LB.FFF" }, { "RW+RW+RW+RW", "4.LB" },
  { "WW+WR", "R" }, { "W+RW+WR", "WRW+WR" }, { "W+RR+WW", "WRR+2W" }, { "WW+RW", "S" },
  { "W+RW+RW", "WWC" }, { "WW+WW", "2+2W" }, { "WW+WW+WW", "3.2W" },
  { "WW+WW+WW+WW", "4.2W" }, { "W+RW+WW", "WRW+2W" }, { "WW+RR+WR", "W+RWC" },
  { "WW+FF+WF", "W+RWC.F.FF" }, { "WW+RW+RR", "ISA2" }, { "WW+FW+FF", "ISA2.F.FF" },
  { "W+RR+W+RR", "IRIW" }, { "W+RR+W+RW", "IRRWIW" }, { "W+RW+W+RR", "IRRWIW" },
  { "W+RW+W+RW", "IRWIW" }, { "WW+RW+WR", "Z6.0" }, { "WW+WW+RW", "Z6.1" },
  { "WW+RW+RW", "Z6.2" }, { "WW+WW+RR", "Z6.3" }, { "WW+WR+WR", "Z6.4" },
  { "WW+WW+WR", "Z6.5" }, { "WW+FW", "S.F" }, { "WW+WF", "R.F" },
  { "WW+FW+FR", "ISA2.F.FR" }, { "WW+FW+RF", "ISA2.F.RF" }, { "WW+FW+RR", "ISA2.F.RR" },
  { "WW+RW+FF", "ISA2.R.FF" }, { "WW+RW+FR", "ISA2.R.FR" }, { "WW+RW+RF", "ISA2.R.RF" },
  { "RW+FW+FW", "3.LB.R.F.F" }, { "RW+RW+FW", "3.LB.R.R.F" }, { "WR+WF+WF", "3.SB.R.F.F" },
  { "WR+WR+WF", "3.SB.R.R.F" }, { "WW+FW+WF", "Z6.0.F.F" }, { "WW+FW+WR", "Z6.0.F.R" },
  { "WW+RW+WF", "Z6.0.R.F" }, { "WW+WW+FW", "Z6.1.F" }, { "WW+FW+FW", "Z6.2.F.F" },
  { "WW+FW+RW", "Z6.2.F.R" }, { "WW+RW+FW", "Z6.2.R.F" }, { "WW+WW+FF", "Z6.3.FF" },
  { "WW+WW+FR", "Z6.3.FR" }, { "WW+WW+RF", "Z6.3.RF" }, { "WW+WF+WF", "Z6.4.F.F" },
  { "WW+WF+WR", "Z6.4.F.R" }, { "WW+WR+WF", "Z6.4.R.F" }, { "WW+WW+WF", "Z6.5.F" },
  { "WW+FF+WR", "W+RWC.FF.R" }, { "WW+FR+WF", "W+RWC.FR.F" }, { "WW+FR+WR", "W+RWC.FR.R" },
  { "WW+RF+WF", "W+RWC.RF.F" }, { "WW+RF+WR", "W+RWC.RF.R" }, { "WW+RR+WF", "W+RWC.RR.F" },
};

static char *
family_of_key (const char *key, gboolean allsame)
{
  for (guint i = 0; i < G_N_ELEMENTS (families); i++)
    if (g_str_equal (families[i].key, key) && (allsame || !families[i].allsame))
      return g_strdup (families[i].name);
  return g_strdup (key);
}

/* ---- the namer ---- */

static gboolean
ambiguous_target (const DiyEdge *e)
{
  return e->kind == DIY_PO || e->kind == DIY_FENCED || e->kind == DIY_DP;
}

static gboolean
ambiguous_source (const DiyEdge *e)
{
  return e->kind == DIY_PO || e->kind == DIY_FENCED;
}

static void
append_lower (GString *out, const char *s)
{
  for (; *s; s++)
    g_string_append_c (out, g_ascii_tolower (*s));
}

static gboolean
one_name (const DiyArch *arch, GString *out, gboolean no_dir, const DiyEdge *e)
{
  const char *com = e->com == DIY_RF ? "rf" : e->com == DIY_FR ? "fr" : "co";

  switch ((DiyKind) e->kind)
    {
    case DIY_PO:
      g_string_append (out, e->sd == DIY_SAME ? "pos" : "po");
      break;
    case DIY_FENCED:
      append_lower (out, arch->fences[e->fence]);
      if (e->sd == DIY_SAME)
        g_string_append_c (out, 's');
      break;
    case DIY_DP:
      append_lower (out, arch->dps[e->dp]);
      if (e->sd == DIY_SAME)
        g_string_append_c (out, 's');
      break;
    case DIY_COM:
      if (e->ie == DIY_UNSPEC_COM)
        return FALSE;
      g_string_append_printf (out, "%s%s", com, e->ie == DIY_INT ? "i" : "e");
      break;
    case DIY_RMW:
      append_lower (out, arch->rmws_compat[e->rmw]);
      break;
    case DIY_LEAVE:
      g_string_append_printf (out, "[%s", com);
      break;
    case DIY_BACK:
      g_string_append_printf (out, "%s]", com);
      break;
    case DIY_INSERT:
      g_string_append_c (out, '[');
      append_lower (out, arch->fences[e->fence]);
      g_string_append_c (out, ']');
      break;
    case DIY_STORE:
      g_string_append (out, "store");
      break;
    default:
      return FALSE;
    }
  if (!no_dir)
    {
      DiyExtr d = acy_diy_dir_tgt (e);

      g_string_append (out, d == DIY_DW ? "W" : d == DIY_DR ? "R" : d == DIY_IRR ? "*" : "");
    }
  if (e->a1 != DIY_NONE || e->a2 != DIY_NONE)
    {
      g_autoptr(GString) a = g_string_new (NULL);

      acy_diy_atom_append (arch, a, e->a1);
      acy_diy_atom_append (arch, a, e->a2);
      append_lower (out, a->str);
    }
  return TRUE;
}

static gboolean
ext_pair (const DiyEdge *e)
{
  return e->kind == DIY_COM && e->ie == DIY_EXT;
}

/* The annotations of isolated accesses (threads of one access), when
 * not all plain. */
static char *
isolated_writes (const DiyArch *arch, const DiyEdge *all, guint n_all)
{
  g_autoptr(GArray) es = g_array_new (FALSE, FALSE, sizeof (DiyEdge));
  g_autoptr(GPtrArray) xs = g_ptr_array_new ();
  GString *out = g_string_new (NULL);
  gboolean all_plain = TRUE;

  for (guint i = 0; i < n_all; i++)
    if (all[i].kind != DIY_INSERT)
      g_array_append_val (es, all[i]);
  if (es->len > 0)
    {
      const DiyEdge *f = &g_array_index (es, DiyEdge, 0);
      const DiyEdge *l = &g_array_index (es, DiyEdge, es->len - 1);

      if (ext_pair (f) && ext_pair (l))
        {
          if (f->a1 != DIY_NONE && l->a2 != DIY_NONE)
            g_ptr_array_add (xs, (gpointer) arch->atoms[f->a1]);
          else if (f->a1 == DIY_NONE && l->a2 == DIY_NONE)
            g_ptr_array_add (xs, (gpointer) arch->plain);
        }
    }
  for (guint i = 0; i + 1 < es->len; i++)
    {
      const DiyEdge *e = &g_array_index (es, DiyEdge, i);
      const DiyEdge *f = &g_array_index (es, DiyEdge, i + 1);

      if (!ext_pair (e) || !ext_pair (f))
        continue;
      if (e->a2 != DIY_NONE && f->a1 != DIY_NONE)
        g_ptr_array_add (xs, (gpointer) arch->atoms[e->a2]);
      else if (e->a2 == DIY_NONE && f->a1 == DIY_NONE)
        g_ptr_array_add (xs, (gpointer) arch->plain);
    }
  for (guint i = 0; i < xs->len; i++)
    if (!g_str_equal (xs->pdata[i], "Na"))
      all_plain = FALSE;
  if (!all_plain)
    for (guint i = 0; i < xs->len; i++)
      g_string_append (out, xs->pdata[i]);
  return g_string_free (out, FALSE);
}

static char *
make_name (const DiyArch *arch, const char *base, const DiyEdge *all, guint n_all, GError **error)
{
  g_autoptr(GArray) es = g_array_new (FALSE, FALSE, sizeof (DiyEdge));
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GPtrArray) xs = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *ys = NULL;
  GArray *run = NULL;
  GString *name;
  int d = 0;
  gboolean same = TRUE;

  for (guint i = 0; i < n_all; i++)
    if (all[i].kind != DIY_NODE)
      g_array_append_val (es, all[i]);

  /* the runs of edges inside threads (po_list) */
  for (guint i = 0; i < es->len; i++)
    {
      const DiyEdge *e = &g_array_index (es, DiyEdge, i);

      d += e->kind == DIY_LEAVE ? 1 : e->kind == DIY_BACK ? -1 : 0;
      if (e->kind != DIY_LEAVE && e->kind != DIY_BACK && acy_diy_get_ie (e) == DIY_EXT && d <= 0)
        {
          if (run != NULL)
            g_ptr_array_add (runs, run);
          run = NULL;
          continue;
        }
      if (run == NULL)
        run = g_array_new (FALSE, FALSE, sizeof (DiyEdge));
      g_array_append_val (run, *e);
    }
  if (run != NULL)
    g_ptr_array_add (runs, run);

  for (guint r = 0; r < runs->len; r++)
    {
      GArray *rs = runs->pdata[r];
      GString *s = g_string_new (NULL);

      for (guint i = 0; i < rs->len; i++)
        {
          const DiyEdge *e = &g_array_index (rs, DiyEdge, i);
          gboolean no_dir = TRUE;

          if (i + 1 < rs->len)
            no_dir = !(ambiguous_target (e) && ambiguous_source (&g_array_index (rs, DiyEdge, i + 1)));
          if (i > 0)
            g_string_append_c (s, '-');
          if (!one_name (arch, s, no_dir, e))
            {
              g_string_free (s, TRUE);
              acy_diy_fail (error, "Namer failiure");
              return NULL;
            }
        }
      g_ptr_array_add (xs, g_string_free (s, FALSE));
    }

  ys = isolated_writes (arch, &g_array_index (es, DiyEdge, 0), es->len);
  name = g_string_new (base);
  for (guint i = 1; i < xs->len; i++)
    if (!g_str_equal (xs->pdata[i], xs->pdata[0]))
      same = FALSE;
  if (xs->len > 0 && same)
    {
      const char *x = xs->pdata[0];

      if (g_str_equal (x, "po") || (g_str_equal (x, "pos") && xs->len == 1))
        ;
      else if (xs->len == 1)
        g_string_append_printf (name, "+%s", x);
      else
        g_string_append_printf (name, "+%ss", x);
    }
  else
    for (guint i = 0; i < xs->len; i++)
      g_string_append_printf (name, "+%s", (const char *) xs->pdata[i]);
  if (*ys)
    g_string_append_printf (name, "+%s", ys);
  return g_string_free (name, FALSE);
}

char *
acy_diy_family_name (const DiyArch *arch, const DiyEdge *es, guint n,
                     gboolean normalise, GArray **normalised, GError **error)
{
  Ce ce = { 0 };
  g_autoptr(GArray) cps = NULL;
  g_autoptr(GArray) cy = g_array_new (FALSE, FALSE, sizeof (DiyEdge));
  g_autoptr(GString) key = g_string_new (NULL);
  g_autofree char *base = NULL;
  const char *why = "normalise_family";
  guint best = 0;
  gboolean allsame = TRUE;
  char *name;

  if (n == 0 || !ce_build (&ce, es, n) || (cps = cp_build (&ce, &why)) == NULL)
    {
      g_free (ce.nodes);
      acy_diy_fail (error, "cannot name the cycle: %s", why);
      return NULL;
    }
  if (normalise)
    for (guint m = 1; m < cps->len; m++)
      if (cp_compare (cps, best, m) >= 0)
        best = m;
  for (guint k = 0; k < cps->len; k++)
    {
      if (k > 0)
        g_string_append_c (key, '+');
      g_string_append (key, g_array_index (cps, Cp, (best + k) % cps->len).text);
    }
  if (normalise)
    {
      CeNode *m = g_array_index (cps, Cp, best).cycle;

      do
        {
          g_array_append_val (cy, m->edge);
          m = m->next;
        }
      while (m != g_array_index (cps, Cp, best).cycle);
    }
  else
    g_array_append_vals (cy, es, n);
  for (guint i = 0; i < cy->len; i++)
    if (acy_diy_loc_sd (&g_array_index (cy, DiyEdge, i)) != DIY_SAME)
      allsame = FALSE;
  g_free (ce.nodes);
  base = family_of_key (key->str, allsame);
  name = make_name (arch, base, (const DiyEdge *) cy->data, cy->len, error);
  if (name != NULL && normalised != NULL)
    *normalised = g_steal_pointer (&cy);
  return name;
}
