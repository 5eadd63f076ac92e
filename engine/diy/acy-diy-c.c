/* acy-diy-c.c - a finished ring of events as a C litmus test, in the
 * words diy's C compiler writes (volatile int* arguments, C11 atomics
 * for annotated accesses, atomic_thread_fence for fences)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-diy"
#include "config.h"

#include <string.h>

#include "acy-diy-private.h"

enum { MO_ACQ, MO_REL, MO_ACQ_REL, MO_SC, MO_RLX, MO_CON };

static const char *const mem_orders[] = {
  "memory_order_acquire", "memory_order_release", "memory_order_acq_rel",
  "memory_order_seq_cst", "memory_order_relaxed", "memory_order_consume",
};

/* The dependency an access hangs on: a register and its kind. */
typedef struct {
  int reg;     /* -1: none */
  int dp;      /* the arch's dependency index */
} Dep;

typedef struct {
  const DiyArch *arch;
  GString  *code;        /* the thread's code */
  GHashTable *args;      /* location number -> TRUE: the thread's arguments */
  GString  *finals;      /* the condition's register atoms */
  gboolean *atomic;      /* by location: accessed with an annotation */
  int       proc;
  int       next_reg;
} Thread;

static void
indent (GString *out, guint depth)
{
  for (guint i = 0; i < depth; i++)
    g_string_append (out, "  ");
}

static void
add_final (Thread *t, int reg, int v)
{
  g_string_append_printf (t->finals, "%s%d:r%d=%d", t->finals->len > 0 ? " /\\ " : "", t->proc, reg, v);
}

/* The location's expression: x, or x + (r0 & 128) through an address
 * dependency. */
static char *
location_exp (Thread *t, const DiyEvent *e, Dep dep)
{
  g_autofree char *x = acy_diy_loc_name (e->loc);

  g_hash_table_add (t->args, GINT_TO_POINTER (e->loc));
  if (dep.reg >= 0 && dep.dp == t->arch->addr)
    return g_strdup_printf ("%s + (r%d & 128)", x, dep.reg);
  return g_steal_pointer (&x);
}

static int
exchange_order (gint r, gint w)
{
  if (r == MO_SC && w == MO_SC)
    return MO_SC;
  if (r == MO_RLX && w == MO_RLX)
    return MO_RLX;
  if (r == MO_ACQ && w == MO_REL)
    return MO_ACQ_REL;
  if (r == MO_ACQ && w == MO_RLX)
    return MO_ACQ;
  if (r == MO_RLX && w == MO_REL)
    return MO_REL;
  return -1;
}

/* One node's access; its register, or -1. */
static gboolean
emit_access (Thread *t, DiyNode *n, Dep dep, guint depth, int *reg, GError **error)
{
  const DiyEvent *e = &n->evt;

  *reg = -1;
  if (e->rmw)
    {
      const DiyEvent *w = &n->next->evt;
      g_autofree char *x = NULL;
      int mo;

      if (e->dir != DIY_R)
        return TRUE;
      if (e->atom == DIY_NONE || w->atom == DIY_NONE)
        {
          acy_diy_fail_at (error, n->edge.from, "Non atomic RMW");
          return FALSE;
        }
      mo = exchange_order (e->atom, w->atom);
      if (mo < 0)
        {
          acy_diy_fail_at (error, n->edge.from, "wrong memory order for atomic exchange");
          return FALSE;
        }
      x = acy_diy_loc_name (e->loc);
      g_hash_table_add (t->args, GINT_TO_POINTER (e->loc));
      *reg = t->next_reg++;
      indent (t->code, depth);
      g_string_append_printf (t->code, "int r%d = atomic_%s%s(%s,%d", *reg,
                              n->edge.rmw == 1 ? "fetch_add" : "exchange",
                              mo == MO_SC ? "" : "_explicit", x, w->v);
      if (mo != MO_SC)
        g_string_append_printf (t->code, ",%s", mem_orders[mo]);
      g_string_append (t->code, ");\n");
      add_final (t, *reg, e->v);
      return TRUE;
    }
  if (e->dir == DIY_R)
    {
      g_autofree char *loc = location_exp (t, e, dep);

      *reg = t->next_reg++;
      indent (t->code, depth);
      if (e->atom == DIY_NONE)
        g_string_append_printf (t->code, dep.reg >= 0 && dep.dp == t->arch->addr
                                ? "int r%d = *(%s);\n" : "int r%d = *%s;\n", *reg, loc);
      else
        {
          if (!t->arch->applies_atom (e->atom, DIY_R))
            {
              acy_diy_fail_at (error, n->edge.from, "wrong memory order for load");
              return FALSE;
            }
          g_string_append_printf (t->code, "int r%d = atomic_load_explicit(%s,%s);\n",
                                  *reg, loc, mem_orders[e->atom]);
        }
      add_final (t, *reg, e->v);
    }
  else if (e->dir == DIY_W)
    {
      g_autofree char *loc = location_exp (t, e, dep);
      g_autofree char *v = dep.reg >= 0 && dep.dp == t->arch->data
        ? g_strdup_printf ("%d + (r%d & 128)", e->v, dep.reg) : g_strdup_printf ("%d", e->v);

      indent (t->code, depth);
      if (e->atom == DIY_NONE)
        g_string_append_printf (t->code, dep.reg >= 0 && dep.dp == t->arch->addr
                                ? "*(%s) = %s;\n" : "*%s = %s;\n", loc, v);
      else
        {
          if (!t->arch->applies_atom (e->atom, DIY_W))
            {
              acy_diy_fail_at (error, n->edge.from, "wrong memory order for store");
              return FALSE;
            }
          g_string_append_printf (t->code, "atomic_store_explicit(%s,%s,%s);\n", loc, v, mem_orders[e->atom]);
        }
    }
  return TRUE;
}

/* diy's compile_proc_std: the accesses in order, a fence after the
 * access its edge starts from, the rest of the thread under an if for a
 * control dependency. */
static gboolean
emit_thread (Thread *t, GPtrArray *ns, guint i, Dep dep, guint depth, GError **error)
{
  for (; i < ns->len; i++)
    {
      DiyNode *n = ns->pdata[i];
      int reg;

      if (!emit_access (t, n, dep, depth, &reg, error))
        return FALSE;
      if (n->edge.kind == DIY_DP && n->edge.dp == t->arch->ctrl)
        {
          if (reg < 0)
            {
              acy_diy_fail_at (error, n->edge.from, "a control dependency from no read");
              return FALSE;
            }
          indent (t->code, depth);
          g_string_append_printf (t->code, "if (r%d == %d) {\n", reg, n->evt.v);
          if (!emit_thread (t, ns, i + 1, (Dep) { -1, -1 }, depth + 1, error))
            return FALSE;
          indent (t->code, depth);
          g_string_append (t->code, "}\n");
          return TRUE;
        }
      if (n->edge.kind == DIY_FENCED)
        {
          indent (t->code, depth);
          g_string_append_printf (t->code, "atomic_thread_fence(%s);\n", mem_orders[n->edge.fence]);
        }
      dep.reg = -1;
      if (reg >= 0 && n->edge.kind == DIY_DP && (n->edge.dp == t->arch->addr || n->edge.dp == t->arch->data))
        {
          dep.reg = reg;
          dep.dp = n->edge.dp;
        }
    }
  return TRUE;
}

static int
compare_loc_names_desc (gconstpointer a, gconstpointer b)
{
  return -acy_diy_loc_compare (*(const int *) a, *(const int *) b);
}

char *
acy_diy_write_c (DiyRing *ring, const GArray *edges, const DiyWriteOptions *options, GError **error)
{
  const DiyArch *arch = ring->arch;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GString) cond = g_string_new (NULL);
  g_autoptr(GString) regs = g_string_new (NULL);
  g_autoptr(GString) threads = g_string_new (NULL);
  g_autofree gint8 *types = NULL;
  g_autofree char *orig = acy_diy_edges_to_string (arch, (const DiyEdge *) edges->data, edges->len);
  g_autofree char *prefetch = NULL, *coms = NULL;
  DiyRingOptions ropts = { options->one_loc };
  GArray *cos;
  DiyNode *m;
  int max_loc = 0;

  /* a location is atomic when an annotated access touches it, and then
   * every access must be annotated */
  m = ring->start;
  do
    {
      max_loc = MAX (max_loc, m->evt.loc + 1);
      m = m->next;
    }
  while (m != ring->start);
  types = g_new0 (gint8, max_loc + 1);
  m = ring->start;
  do
    {
      gint8 ty = m->evt.atom != DIY_NONE ? 2 : 1;

      if (types[m->evt.loc] != 0 && types[m->evt.loc] != ty)
        {
          g_autofree char *x = acy_diy_loc_name (m->evt.loc);

          acy_diy_fail_at (error, m->edge.from, "Type mismatch on location %s", x);
          return NULL;
        }
      types[m->evt.loc] = ty;
      m = m->next;
    }
  while (m != ring->start);

  if (!acy_diy_ring_split_procs (ring, error))
    return NULL;
  cos = acy_diy_ring_coherence (ring, &ropts, error);
  if (cos == NULL)
    return NULL;
  for (guint i = 0; i < cos->len; i++)
    {
      const DiyCoherence *c = &g_array_index (cos, DiyCoherence, i);
      g_autofree char *x = acy_diy_loc_name (c->loc);

      if (c->values->len == 2)
        g_string_append_printf (cond, "%s[%s]=%d", cond->len > 0 ? " /\\ " : "", x,
                                g_array_index (c->values, int, 1));
      else if (c->values->len > 2)
        {
          /* diy would need an observer thread to see the order */
          acy_diy_coherence_free (cos);
          acy_diy_fail (error, "Observer");
          return NULL;
        }
    }
  acy_diy_coherence_free (cos);

  for (guint p = 0; p < ring->procs->len; p++)
    {
      g_autoptr(GHashTable) args = g_hash_table_new (NULL, NULL);
      g_autoptr(GArray) locs = g_array_new (FALSE, FALSE, sizeof (int));
      Thread t = { arch, g_string_new (NULL), args, regs, NULL, p, 0 };
      GHashTableIter it;
      gpointer key;

      if (!emit_thread (&t, ring->procs->pdata[p], 0, (Dep) { -1, -1 }, 1, error))
        {
          g_string_free (t.code, TRUE);
          return NULL;
        }
      g_hash_table_iter_init (&it, args);
      while (g_hash_table_iter_next (&it, &key, NULL))
        {
          int loc = GPOINTER_TO_INT (key);

          g_array_append_val (locs, loc);
        }
      g_array_sort (locs, compare_loc_names_desc);
      g_string_append_printf (threads, "P%u (", p);
      for (guint i = 0; i < locs->len; i++)
        {
          int loc = g_array_index (locs, int, i);
          g_autofree char *x = acy_diy_loc_name (loc);

          g_string_append_printf (threads, "%s%s %s", i > 0 ? "," : "",
                                  types[loc] == 2 ? "atomic_int*" : "volatile int*", x);
        }
      g_string_append_printf (threads, ") {\n%s}\n\n", t.code->str);
      g_string_free (t.code, TRUE);
    }

  prefetch = acy_diy_ring_prefetch (ring, 0);
  coms = acy_diy_ring_coms (ring);
  g_string_append_printf (out, "%s %s\n\"%s\"\n", arch->name, options->name, orig);
  if (options->cycle_info != NULL)
    g_string_append_printf (out, "Cycle=%s\n", options->cycle_info);
  g_string_append_printf (out, "Generator=%s\nPrefetch=%s\nCom=%s\nOrig=%s\n",
                          options->generator, prefetch, coms, orig);
  g_string_append (out, "\n{}\n\n");
  g_string_append (out, threads->str);
  if (cond->len > 0 && regs->len > 0)
    g_string_append (cond, " /\\ ");
  g_string_append (cond, regs->str);
  g_string_append_printf (out, "exists (%s)", cond->len > 0 ? cond->str : "true");
  return g_string_free (g_steal_pointer (&out), FALSE);
}
