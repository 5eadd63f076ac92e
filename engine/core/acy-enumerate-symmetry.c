/* acy-enumerate-symmetry.c - symmetries of a test, and which candidate stands for its images
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Three kinds, each found once per test before the search: two threads
 * that run alike (swap), classes of interchangeable threads, and a ring
 * of threads that run alike up to the locations they touch (rotation).
 * During the search, a candidate is kept only when it comes first among
 * its images, and stands for the final states of all of them.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-enumerate-private.h"

/* ---- symmetry ---- */

/* A renaming of locations (NULL: none). */
typedef struct {
  const guint *loc;
  guint        n_locs;
} Rename;

/* Where two threads may differ in the constants they compute with
 * (NULL: they may not): the constants found to differ, both sides, go
 * into @varying (a set of AcySym). */
typedef struct {
  GHashTable *varying;
} Loose;

/* A constant as a thread that touches the renamed locations would hold
 * it: a pointer names the renamed location. FALSE when it cannot be
 * renamed. */
static gboolean
rename_value (const Rename *rn, AcyValue v, AcyValue *out)
{
  *out = v;
  if (rn == NULL || !ACY_VALUE_IS_PTR (v))
    return TRUE;
  if ((guint) ACY_VALUE_PTR_LOC (v) >= rn->n_locs)
    return FALSE;
  *out = ACY_VALUE_PTR (rn->loc[ACY_VALUE_PTR_LOC (v)], ACY_VALUE_PTR_OFFSET (v));
  return TRUE;
}

/* Whether @y is @x with its locations renamed by @rn, or, with @lo,
 * with other constants (noted in lo->varying). */
static gboolean
sym_equal (const AcySym *x, const AcySym *y, const Rename *rn, Loose *lo)
{
  AcyValue v;

  if (x == y && rn == NULL)
    return TRUE;
  if (x == NULL || y == NULL || x->kind != y->kind)
    return x == y;
  switch (x->kind)
    {
    case ACY_SYM_CONST:
      if (rename_value (rn, x->value, &v) && v == y->value)
        return TRUE;
      if (lo == NULL)
        return FALSE;
      g_hash_table_add (lo->varying, (gpointer) x);
      g_hash_table_add (lo->varying, (gpointer) y);
      return TRUE;
    case ACY_SYM_READ:
    case ACY_SYM_RFVAL:
      return x->read == y->read;
    case ACY_SYM_OP:
      return x->op == y->op && sym_equal (x->a, y->a, rn, lo) && sym_equal (x->b, y->b, rn, lo);
    default:
      return FALSE;
    }
}

/* Whether two paths (of two threads) do the same: the same events on the
 * same locations (renamed by @rn), values (but constants, with @lo),
 * dependencies, constraints and registers. */
static gboolean
traces_alike (const AcyTrace *x, const AcyTrace *y, guint n_regs, const Rename *rn, Loose *lo)
{
  if (x->n_events != y->n_events || x->n_instrs != y->n_instrs
      || x->n_constraints != y->n_constraints || x->n_unordered != y->n_unordered
      || (x->n_unordered > 0
          && memcmp (x->unordered, y->unordered, 3 * x->n_unordered * sizeof (guint)) != 0))
    return FALSE;
  for (guint i = 0; i < x->n_events; i++)
    {
      const AcyTraceEvent *p = &x->events[i], *q = &y->events[i];
      gint32 loc = p->ev.loc;

      if (rn && loc >= 0)
        loc = (guint) loc < rn->n_locs ? (gint32) rn->loc[loc] : -2;
      if (p->ev.kind != q->ev.kind || loc != q->ev.loc || p->ev.tags != q->ev.tags
          || p->ev.po_index != q->ev.po_index || p->ev.instr != q->ev.instr
          || p->rmw_partner != q->rmw_partner || p->needs_rf != q->needs_rf
          || memcmp (&p->addr, &q->addr, sizeof p->addr) != 0
          || memcmp (&p->data, &q->data, sizeof p->data) != 0
          || memcmp (&p->ctrl, &q->ctrl, sizeof p->ctrl) != 0
          || memcmp (&p->vdep, &q->vdep, sizeof p->vdep) != 0
          || !sym_equal (p->sym, q->sym, rn, lo))
        return FALSE;
    }
  for (guint i = 0; i < x->n_constraints; i++)
    if (x->constraints[i].want != y->constraints[i].want || x->constraints[i].pin != y->constraints[i].pin
        || !sym_equal (x->constraints[i].cond, y->constraints[i].cond, rn, lo)
        || (rn && !sym_equal (x->constraints[i].addr, y->constraints[i].addr, rn, lo)))
      return FALSE;
  for (guint r = 0; r < n_regs; r++)
    if (!sym_equal (x->regs[r], y->regs[r], rn, lo))
      return FALSE;
  if (lo != NULL)
    for (guint i = 0; i < x->n_ops; i++)
      if (x->n_ops != y->n_ops || !sym_equal (x->ops[i], y->ops[i], rn, lo))
        return FALSE;
  return TRUE;
}

/* What traces_alike compares first, folded into a number: threads with
 * different fingerprints are not alike (with @loose, constants are
 * left out). */
static guint64
thread_fingerprint (const AcyThreadTraces *tt, guint n_regs, gboolean loose)
{
  guint64 h = 14695981039346656037ull;

#define MIX(v) (h = (h ^ (guint64) (v)) * 1099511628211ull)
  MIX (tt->n_traces);
  MIX (n_regs);
  for (guint i = 0; i < tt->n_traces; i++)
    {
      const AcyTrace *t = tt->traces[i];

      MIX (t->n_events);
      MIX (t->n_instrs);
      MIX (t->n_constraints);
      for (guint e = 0; e < t->n_events; e++)
        {
          const AcyTraceEvent *p = &t->events[e];

          MIX (p->ev.kind);
          MIX (p->ev.loc);
          MIX (p->ev.tags);
          MIX (p->sym ? p->sym->kind : G_MAXUINT);
          if (p->sym && p->sym->kind == ACY_SYM_CONST && !loose)
            MIX (p->sym->value);
        }
    }
#undef MIX
  return h;
}

/* The first two threads whose paths are alike one for one, when the
 * final state has the registers of both or neither (so that swapping
 * them maps a state to a state) and there is no filter. Only threads
 * with the same fingerprint are compared: comparing every pair of
 * 20,000 threads took 13 s, past a -timeout of 2 s. */
void
acy_enum_find_symmetry (Enum *en)
{
  const AcyTest *test = en->test;
  g_autofree guint64 *prints = NULL;

  en->sym_a = en->sym_b = -1;
  if (test->filter != NULL)
    return;
  prints = g_new (guint64, MAX (test->n_threads, 1));
  for (guint a = 0; a < test->n_threads; a++)
    prints[a] = thread_fingerprint (&en->set->threads[a], test->threads[a].n_regs, FALSE);
  for (guint a = 0; a < test->n_threads; a++)
    for (guint b = a + 1; b < test->n_threads; b++)
      {
        const AcyThreadTraces *ta = &en->set->threads[a], *tb = &en->set->threads[b];
        gboolean alike = prints[a] == prints[b] && ta->n_traces == tb->n_traces
                         && test->threads[a].n_regs == test->threads[b].n_regs;

        /* still quadratic in threads of one fingerprint */
        if (halted_after (en, 1 + (gint64) (alike ? ta->n_traces : 0)))
          return;

        for (guint i = 0; alike && i < ta->n_traces; i++)
          alike = traces_alike (ta->traces[i], tb->traces[i], test->threads[a].n_regs, NULL, NULL);
        if (!alike)
          continue;
        en->sym_var = g_new (guint, MAX (test->n_tracked, 1));
        for (guint v = 0; alike && v < test->n_tracked; v++)
          {
            const AcyLitVar *var = &test->tracked[v];
            gint image = var->thread == (gint) a ? (gint) b
                         : var->thread == (gint) b ? (gint) a : var->thread;
            guint w;

            for (w = 0; w < test->n_tracked; w++)
              if (test->tracked[w].thread == image && test->tracked[w].index == var->index)
                break;
            alike = w < test->n_tracked;
            en->sym_var[v] = w;
          }
        if (!alike)
          {
            g_clear_pointer (&en->sym_var, g_free);
            continue;
          }
        en->sym_a = (gint) a;
        en->sym_b = (gint) b;
        en->mirror = g_new (AcyValue, MAX (test->n_tracked, 1));
        return;
      }
}

/* Whether a thin-air value can come out at all: only through a write
 * that copies a read as it is (an operation on an unsolved value is
 * one herd cannot solve, and the candidate is dropped). */
static gboolean
some_write_copies (const AcyTraceSet *set, guint n_threads)
{
  for (guint t = 0; t < n_threads; t++)
    for (guint i = 0; i < set->threads[t].n_traces; i++)
      {
        const AcyTrace *tr = set->threads[t].traces[i];

        for (guint e = 0; e < tr->n_events; e++)
          {
            const AcySym *s = tr->events[e].sym;
            gboolean op = FALSE;

            if (!(tr->events[e].ev.kind & ACY_EV_W) || s == NULL || s->kind == ACY_SYM_CONST)
              continue;
            for (guint k = 0; !op && k < tr->n_ops; k++)
              op = tr->ops[k] == s;
            if (!op)
              return TRUE;
          }
      }
  return FALSE;
}

/* Whether @s holds a pointer anywhere: a value the renaming of a
 * rotation would have to rename in the execution too. */
static gboolean
sym_has_pointer (const AcySym *s)
{
  if (s == NULL)
    return FALSE;
  switch (s->kind)
    {
    case ACY_SYM_CONST:
      return ACY_VALUE_IS_PTR (s->value);
    case ACY_SYM_OP:
      return sym_has_pointer (s->a) || sym_has_pointer (s->b);
    default:
      return FALSE;
    }
}

/* Whether @s holds a pointer anywhere, each sym looked at once (@seen):
 * a value may double itself (r = r + r) 28 times over. */
static gboolean
sym_has_pointer_seen (const AcySym *s, GHashTable *seen)
{
  if (s == NULL || !g_hash_table_add (seen, (gpointer) s))
    return FALSE;
  switch (s->kind)
    {
    case ACY_SYM_CONST:
      return ACY_VALUE_IS_PTR (s->value);
    case ACY_SYM_OP:
      return sym_has_pointer_seen (s->a, seen) || sym_has_pointer_seen (s->b, seen);
    default:
      return FALSE;
    }
}

/* Whether some value of the paths or of the initial state is an
 * address: a constant that differs between threads could then move one
 * (and fault in an image where it does not in the candidate). */
static gboolean
some_address (Enum *en)
{
  const AcyTest *test = en->test;
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (guint l = 0; l < test->loc_names->len; l++)
    if (ACY_VALUE_IS_PTR (g_array_index (test->loc_init, AcyValue, l)))
      return TRUE;
  for (guint t = 0; t < test->n_threads; t++)
    for (guint i = 0; i < en->set->threads[t].n_traces; i++)
      {
        const AcyTrace *tr = en->set->threads[t].traces[i];

        for (guint e = 0; e < tr->n_events; e++)
          if (sym_has_pointer_seen (tr->events[e].sym, seen))
            return TRUE;
        for (guint k = 0; k < tr->n_ops; k++)
          if (sym_has_pointer_seen (tr->ops[k], seen))
            return TRUE;
      }
  return FALSE;
}

/* Whether @s reads a constant of @varying, directly or through a
 * location of @tainted that a read of path @tr reads (@memo: syms seen
 * in this pass, with the answer). */
static gboolean
sym_tainted (const AcySym *s, const AcyTrace *tr, GHashTable *varying, const gboolean *tainted,
             GHashTable *memo)
{
  gpointer seen;
  gboolean t = FALSE;

  if (s == NULL)
    return FALSE;
  if (g_hash_table_lookup_extended (memo, s, NULL, &seen))
    return GPOINTER_TO_INT (seen);
  switch (s->kind)
    {
    case ACY_SYM_CONST:
      t = g_hash_table_contains (varying, s);
      break;
    case ACY_SYM_READ:
    case ACY_SYM_RFVAL:
      t = s->read < tr->n_events && tr->events[s->read].ev.loc >= 0
          && tainted[tr->events[s->read].ev.loc];
      break;
    case ACY_SYM_OP:
      t = sym_tainted (s->a, tr, varying, tainted, memo) || sym_tainted (s->b, tr, varying, tainted, memo);
      break;
    }
  g_hash_table_insert (memo, (gpointer) s, GINT_TO_POINTER (t));
  return t;
}

/* Whether the constants of @varying reach values only: the locations
 * they are written to (and what is computed from what those hold, and
 * written on) feed no branch condition, address or equation (pin), and
 * no operation that can fail on a number (a division, a remainder, a
 * shift), in any path. Then threads that differ in those constants
 * alone have the same candidates, one for one. */
static gboolean
varying_values_only (Enum *en, GHashTable *varying)
{
  guint n_locs = en->test->loc_names->len;
  g_autofree gboolean *tainted = g_new0 (gboolean, MAX (n_locs, 1));
  g_autoptr (GHashTable) memo = g_hash_table_new (NULL, NULL);
  gboolean changed = TRUE;

  while (changed)
    {
      changed = FALSE;
      for (guint t = 0; t < en->test->n_threads; t++)
        for (guint i = 0; i < en->set->threads[t].n_traces; i++)
          {
            const AcyTrace *tr = en->set->threads[t].traces[i];

            g_hash_table_remove_all (memo);
            for (guint e = 0; e < tr->n_events; e++)
              {
                const AcyTraceEvent *te = &tr->events[e];

                if ((te->ev.kind & ACY_EV_W) && te->ev.loc >= 0 && !tainted[te->ev.loc]
                    && sym_tainted (te->sym, tr, varying, tainted, memo))
                  changed = tainted[te->ev.loc] = TRUE;
              }
          }
    }
  for (guint t = 0; t < en->test->n_threads; t++)
    for (guint i = 0; i < en->set->threads[t].n_traces; i++)
      {
        const AcyTrace *tr = en->set->threads[t].traces[i];

        g_hash_table_remove_all (memo);
        for (guint k = 0; k < tr->n_constraints; k++)
          if (sym_tainted (tr->constraints[k].cond, tr, varying, tainted, memo)
              || sym_tainted (tr->constraints[k].addr, tr, varying, tainted, memo))
            return FALSE;
        for (guint k = 0; k < tr->n_ops; k++)
          if ((tr->ops[k]->op == ACY_LOP_DIV || tr->ops[k]->op == ACY_LOP_MOD
               || tr->ops[k]->op == ACY_LOP_SHL || tr->ops[k]->op == ACY_LOP_SHR)
              && sym_tainted (tr->ops[k], tr, varying, tainted, memo))
            return FALSE;
      }
  return TRUE;
}

/* Whether the state shows the same registers of threads @a and @b, so
 * that swapping them maps a state to a state. */
static gboolean
same_registers_shown (const AcyTest *test, guint a, guint b)
{
  for (guint v = 0; v < test->n_tracked; v++)
    {
      AcyLitVar other = test->tracked[v];

      if (other.thread != (gint) a && other.thread != (gint) b)
        continue;
      other.thread = other.thread == (gint) a ? (gint) b : (gint) a;
      if (acy_lit_tracked_index (test, other) < 0)
        return FALSE;
    }
  return TRUE;
}

/* Whether the state shows a register of thread @t. */
static gboolean
registers_shown (const AcyTest *test, guint t)
{
  for (guint v = 0; v < test->n_tracked; v++)
    if (test->tracked[v].thread == (gint) t)
      return TRUE;
  return FALSE;
}

/* The classes of threads that run alike, with @lo up to constants (see
 * acy_enum_find_interchangeable), into en->group, and per class (indexed
 * by its first thread) whether it is an image class. FALSE when the
 * quadratic loop was halted. */
static gboolean
find_classes (Enum *en, Loose *lo, gboolean *image)
{
  const AcyTest *test = en->test;
  guint n = test->n_threads;
  g_autofree guint64 *prints = g_new (guint64, n);
  g_autofree guint *size = g_new0 (guint, n);
  g_autofree gboolean *shown = g_new0 (gboolean, n);
  /* the first threads of the classes that may still grow, in order (an
   * image class stops at IMAGE_CLASS_MAX: 20,000 threads that write
   * numbers of their own are not all compared with the full ones) */
  g_autofree guint *open = g_new (guint, n);
  guint n_open = 0;
  g_autoptr (GHashTable) pair = lo ? g_hash_table_new (NULL, NULL) : NULL;
  Loose pair_lo = { pair };

  /* as in find_symmetry: pairs of threads with different fingerprints
   * are not compared, and the quadratic loop looks at -timeout (20,000
   * threads took 6.9 s under -timeout 0.1) */
  for (guint a = 0; a < n; a++)
    prints[a] = thread_fingerprint (&en->set->threads[a], test->threads[a].n_regs, lo != NULL);
  for (guint a = 0; a < n; a++)
    {
      guint g;

      en->group[a] = (gint) a;
      shown[a] = image[a] = registers_shown (test, a);
      for (guint i = 0; en->group[a] == (gint) a && i < n_open; i++)
        {
          guint b = open[i];
          const AcyThreadTraces *ta = &en->set->threads[a], *tb = &en->set->threads[b];
          gboolean alike = prints[a] == prints[b] && ta->n_traces == tb->n_traces
                           && test->threads[a].n_regs == test->threads[b].n_regs
                           && shown[b] == shown[a]
                           && (!shown[a] || same_registers_shown (test, a, b));

          if (halted_after (en, 1 + (gint64) (alike ? ta->n_traces : 0)))
            return FALSE;
          if (!alike)
            continue;
          if (pair)
            g_hash_table_remove_all (pair);
          for (guint k = 0; alike && k < ta->n_traces; k++)
            alike = traces_alike (ta->traces[k], tb->traces[k], test->threads[a].n_regs, NULL,
                                  lo ? &pair_lo : NULL);
          if (!alike || (pair && g_hash_table_size (pair) > 0 && !image[b] && size[b] >= IMAGE_CLASS_MAX))
            continue;
          if (pair && g_hash_table_size (pair) > 0)
            {
              /* threads with constants of their own: their images have
               * values of their own */
              GHashTableIter it;
              gpointer k;

              image[b] = TRUE;
              g_hash_table_iter_init (&it, pair);
              while (g_hash_table_iter_next (&it, &k, NULL))
                g_hash_table_add (lo->varying, k);
            }
          en->group[a] = (gint) b;
        }
      g = (guint) en->group[a];
      if (g == a)
        open[n_open++] = a;
      size[g]++;
      if (image[g] && size[g] >= IMAGE_CLASS_MAX)
        for (guint i = 0; i < n_open; i++)
          if (open[i] == g)
            {
              memmove (open + i, open + i + 1, (n_open - i - 1) * sizeof *open);
              n_open--;
              break;
            }
    }
  for (guint a = 0; a < n; a++)
    if (size[en->group[a]] < 2)
      en->group[a] = -1;
  return TRUE;
}

/* Classes of threads that run alike (the same paths, one for one): any
 * permutation of a class maps a candidate to one the model judges
 * alike. When the state shows none of the registers of a class, the
 * candidates of its permutations have the candidate's final state, and
 * it stands for them all (AcyCandidate.weight). When it shows the same
 * registers of each of its threads, or, with a model that reads no
 * value (AcyEnumerateOptions.values_unseen), when its threads compute
 * with constants of their own that reach values only (no branch, address
 * or division: see varying_values_only), they have states of their own:
 * an image class, of at most IMAGE_CLASS_MAX threads, whose images'
 * states the candidate gives when asked (acy_enum_group_images). Only
 * without a filter, and when no thin-air value can come out (those are
 * named after the threads that make them). TRUE when some class has two
 * threads or more. */
gboolean
acy_enum_find_interchangeable (Enum *en)
{
  const AcyTest *test = en->test;
  guint n = test->n_threads;
  g_autofree gboolean *image = NULL;
  gboolean loose, some = FALSE;

  if (test->filter != NULL || n < 2 || some_write_copies (en->set, n))
    return FALSE;
  image = g_new0 (gboolean, n);
  loose = en->values_unseen && !some_address (en);
  en->group = g_new (gint, n);
  if (loose)
    {
      g_autoptr (GHashTable) varying = g_hash_table_new (NULL, NULL);
      Loose lo = { varying };

      if (!find_classes (en, &lo, image))
        goto none;
      en->consts_differ = g_hash_table_size (varying) > 0;
      /* else the threads that differ in constants are apart */
      loose = !en->consts_differ || varying_values_only (en, varying);
    }
  if (!loose)
    {
      en->consts_differ = FALSE;
      memset (image, 0, n * sizeof (gboolean));
      if (!find_classes (en, NULL, image))
        goto none;
    }
  /* the image classes, while their permutations are few enough to go
   * through at each candidate allowed */
  en->img_first = g_new (guint, n + 1);
  en->img_threads = g_new (guint, n);
  en->img_class = g_new (gint, n);
  en->img_order = 1;
  for (guint a = 0; a < n; a++)
    {
      guint64 order = 1;
      guint k = 0;

      if (en->group[a] != (gint) a || !image[a])
        continue;
      for (guint b = a; b < n; b++)
        if (en->group[b] == (gint) a)
          order *= ++k;
      if (en->img_order * order > IMAGE_PERMUTATIONS_MAX)
        {
          for (guint b = a; b < n; b++)
            if (en->group[b] == (gint) a)
              en->group[b] = -1;
          continue;
        }
      en->img_order *= order;
      en->img_first[en->n_img_classes++] = en->n_img_threads;
      for (guint b = a; b < n; b++)
        if (en->group[b] == (gint) a)
          en->img_threads[en->n_img_threads++] = b;
    }
  en->img_first[en->n_img_classes] = en->n_img_threads;
  for (guint a = 0; a < n; a++)
    en->img_class[a] = -1;
  for (guint k = 0; k < en->n_img_classes; k++)
    for (guint i = en->img_first[k]; i < en->img_first[k + 1]; i++)
      en->img_class[en->img_threads[i]] = (gint) k;
  for (guint a = 0; a < n; a++)
    some |= en->group[a] >= 0;
  if (some)
    return TRUE;

none:
  g_clear_pointer (&en->group, g_free);
  g_clear_pointer (&en->img_first, g_free);
  g_clear_pointer (&en->img_threads, g_free);
  g_clear_pointer (&en->img_class, g_free);
  en->n_img_classes = en->n_img_threads = 0;
  en->consts_differ = FALSE;
  return FALSE;
}

/* Whether the values of thread @t's paths (those it reads, writes,
 * tests, and the registers the state shows) are free of pointers, and
 * it takes no lock (the enumerator may order those: see mirror_order). */
static gboolean
rotation_values_plain (Enum *en, guint t)
{
  const AcyTest *test = en->test;
  const AcyThreadTraces *tt = &en->set->threads[t];

  for (guint i = 0; i < tt->n_traces; i++)
    {
      const AcyTrace *tr = tt->traces[i];

      for (guint e = 0; e < tr->n_events; e++)
        if (sym_has_pointer (tr->events[e].sym) || (tr->events[e].ev.kind & ACY_EV_LKW))
          return FALSE;
      for (guint k = 0; k < tr->n_constraints; k++)
        if (tr->constraints[k].addr != NULL || sym_has_pointer (tr->constraints[k].cond))
          return FALSE;
      for (guint k = 0; k < tr->n_ops; k++)
        if (sym_has_pointer (tr->ops[k]))
          return FALSE;
      for (guint v = 0; v < test->n_tracked; v++)
        if (test->tracked[v].thread == (gint) t
            && sym_has_pointer (tr->regs[test->tracked[v].index]))
          return FALSE;
    }
  return TRUE;
}

/* Threads that form a ring: thread t + 1 runs as thread t does, on
 * locations of its own in the places of t's (the SB ring: P0 writes x0
 * and reads x1, P1 writes x1 and reads x2, ... the last reads x0).
 * Turning the ring one place, with the locations renamed alike, maps a
 * candidate to one the model judges alike (a model sees locations only
 * through loc), with the registers of each thread moved to the next:
 * of the candidates of one orbit, the first alone is judged, the others
 * come with it as images (AcyCandidate.images). Only without a filter,
 * when the state shows registers only, of every thread or of none, no
 * value is a pointer (renaming would change it) and no thread takes a
 * lock. */
void
acy_enum_find_rotation (Enum *en)
{
  const AcyTest *test = en->test;
  guint n = test->n_threads, n_locs = test->loc_names->len;
  g_autofree guint *loc = NULL;
  g_autofree guint *from = NULL;
  Rename rn;

  if (test->filter != NULL || n < 2)
    return;
  for (guint v = 0; v < test->n_tracked; v++)
    if (test->tracked[v].thread < 0 || test->tracked[v].thread >= (gint) n)
      return;
  for (guint l = 0; l < n_locs; l++)
    if (ACY_VALUE_IS_PTR (g_array_index (test->loc_init, AcyValue, l)))
      return;
  /* the renaming, from the locations of each event and its image */
  loc = g_new (guint, MAX (n_locs, 1));
  from = g_new (guint, MAX (n_locs, 1));
  for (guint l = 0; l < n_locs; l++)
    loc[l] = from[l] = G_MAXUINT;
  for (guint t = 0; t < n; t++)
    {
      const AcyThreadTraces *ta = &en->set->threads[t], *tb = &en->set->threads[(t + 1) % n];

      if (halted_after (en, 1 + (gint64) ta->n_traces)
          || ta->n_traces != tb->n_traces || ta->n_traces == 0
          || test->threads[t].n_regs != test->threads[(t + 1) % n].n_regs
          || !rotation_values_plain (en, t))
        return;
      for (guint i = 0; i < ta->n_traces; i++)
        {
          const AcyTrace *x = ta->traces[i], *y = tb->traces[i];

          if (x->n_events != y->n_events)
            return;
          for (guint e = 0; e < x->n_events; e++)
            {
              gint32 a = x->events[e].ev.loc, b = y->events[e].ev.loc;

              if (a < 0 || b < 0)
                {
                  if (a != b)
                    return;
                  continue;
                }
              if ((loc[a] != G_MAXUINT || from[b] != G_MAXUINT) && loc[a] != (guint) b)
                return;
              loc[a] = (guint) b;
              from[b] = (guint) a;
            }
        }
    }
  /* locations no thread touches stay where they are */
  for (guint l = 0; l < n_locs; l++)
    if (loc[l] == G_MAXUINT)
      {
        if (from[l] != G_MAXUINT)
          return;
        loc[l] = from[l] = l;
      }
  for (guint l = 0; l < n_locs; l++)
    if (g_array_index (test->loc_init, AcyValue, l) != g_array_index (test->loc_init, AcyValue, loc[l]))
      return;
  rn.loc = loc;
  rn.n_locs = n_locs;
  for (guint t = 0; t < n; t++)
    {
      const AcyThreadTraces *ta = &en->set->threads[t], *tb = &en->set->threads[(t + 1) % n];

      for (guint i = 0; i < ta->n_traces; i++)
        if (!traces_alike (ta->traces[i], tb->traces[i], test->threads[t].n_regs, &rn, NULL))
          return;
    }

  /* every power of the rotation, and where it takes the state */
  en->rot_thread = g_new (guint, (gsize) n * n);
  en->rot_loc = g_new (guint, (gsize) n * MAX (n_locs, 1));
  en->rot_var = g_new (guint, (gsize) n * MAX (test->n_tracked, 1));
  for (guint k = 0; k < n; k++)
    {
      for (guint t = 0; t < n; t++)
        en->rot_thread[k * n + t] = (t + k) % n;
      for (guint l = 0; l < n_locs; l++)
        en->rot_loc[k * n_locs + l] = k == 0 ? l : loc[en->rot_loc[(k - 1) * n_locs + l]];
      for (guint v = 0; v < test->n_tracked; v++)
        {
          AcyLitVar image = test->tracked[v];
          gint w;

          image.thread = (gint) (((guint) image.thread + k) % n);
          w = acy_lit_tracked_index (test, image);
          if (w < 0)
            {
              g_clear_pointer (&en->rot_thread, g_free);
              g_clear_pointer (&en->rot_loc, g_free);
              g_clear_pointer (&en->rot_var, g_free);
              return;
            }
          en->rot_var[k * test->n_tracked + v] = (guint) w;
        }
    }
  en->rot_n = n;
  en->rot_early = !some_write_copies (en->set, n);
  en->rot_values = g_new (AcyValue, (gsize) n * MAX (test->n_tracked, 1));
  en->rot_images = g_new (const AcyValue *, n);
  en->rot_conditions = g_new (gboolean, n);
  for (guint k = 0; k < n; k++)
    en->rot_images[k] = en->rot_values + (gsize) k * test->n_tracked;
}


/* An event as the same event of the swapped threads would be named. */
static guint
sym_key (Enum *en, Combo *c, guint g, gboolean swap)
{
  const AcyEvent *e = &c->events[g];
  guint t = e->thread;

  if (t == ACY_THREAD_INIT)
    return G_MAXUINT - (guint) e->loc;
  if (swap)
    t = t == (guint) en->sym_a ? (guint) en->sym_b : t == (guint) en->sym_b ? (guint) en->sym_a : t;
  return (t << 16) | e->po_index;
}

/* Compares the candidate with its image under the swap, both written as
 * the paths of the threads in order, then the write each read reads
 * from, read by read in thread and program order, then the final
 * writes: < 0 when it comes first, 0 when it is its own image. */
gint
acy_enum_mirror_order (Enum *en, Combo *c)
{
  guint a = (guint) en->sym_a, b = (guint) en->sym_b;

  if (en->chosen_index[a] != en->chosen_index[b])
    return en->chosen_index[a] < en->chosen_index[b] ? -1 : 1;
  /* a and b follow the same path: the image has the same events, and
   * takes each lock in the order of the swapped threads */
  for (guint p = 0; p < c->n_lock_ev; p++)
    {
      guint g = c->lock_ev[c->lock_seq[p]];
      guint mine = sym_key (en, c, g, FALSE), image = sym_key (en, c, g, TRUE);

      if (mine != image)
        return mine < image ? -1 : 1;
    }
  for (guint t = 0; t < en->test->n_threads; t++)
    {
      guint s = t == a ? b : t == b ? a : t;
      const AcyTrace *tr = en->chosen[t];

      for (guint i = 0; i < tr->n_events; i++)
        {
          guint mine, image;

          if (!tr->events[i].needs_rf)
            continue;
          mine = sym_key (en, c, (guint) c->rf_of[c->offset[t] + i], FALSE);
          image = sym_key (en, c, (guint) c->rf_of[c->offset[s] + i], TRUE);
          if (mine != image)
            return mine < image ? -1 : 1;
        }
    }
  for (guint f = 0; f < c->n_fw; f++)
    {
      guint w = c->fw_cands[f][c->fw_choice[f]];
      guint mine = sym_key (en, c, w, FALSE), image = sym_key (en, c, w, TRUE);

      if (mine != image)
        return mine < image ? -1 : 1;
    }
  return 0;
}

/* An event as its image under the @k-th power of the rotation would be
 * named (as sym_key names events). */
static guint
rotation_key (Enum *en, Combo *c, guint g, guint k)
{
  const AcyEvent *e = &c->events[g];

  if (e->thread == ACY_THREAD_INIT)
    return G_MAXUINT - en->rot_loc[k * c->x.n_locs + (guint) e->loc];
  return (en->rot_thread[k * en->test->n_threads + e->thread] << 16) | e->po_index;
}

#define ROTATION_UNDECIDED 2

/* Compares the candidate with its image under the @k-th power of the
 * rotation, both written as the paths of the threads in order, then the
 * write each read reads from, read by read in thread and program order
 * (the state shows no location, so the final writes are the same): < 0
 * when it comes first, 0 when it is its own image. Only the reads of
 * threads up to @done need an rf: ROTATION_UNDECIDED when the order
 * turns on another one's. */
static gint
rotation_order (Enum *en, Combo *c, guint k, guint done)
{
  guint n = en->test->n_threads;

  for (guint s = 0; s < n; s++)
    {
      guint t = (s + n - k) % n;   /* the thread whose image s is */

      if (en->chosen_index[s] != en->chosen_index[t])
        return en->chosen_index[s] < en->chosen_index[t] ? -1 : 1;
    }
  for (guint s = 0; s < n; s++)
    {
      guint t = (s + n - k) % n;
      const AcyTrace *tr = en->chosen[s];

      for (guint i = 0; i < tr->n_events; i++)
        {
          guint mine, image;

          if (!tr->events[i].needs_rf)
            continue;
          if (s > done || t > done)
            return ROTATION_UNDECIDED;
          mine = sym_key (en, c, (guint) c->rf_of[c->offset[s] + i], FALSE);
          image = rotation_key (en, c, (guint) c->rf_of[c->offset[t] + i], k);
          if (mine != image)
            return mine < image ? -1 : 1;
        }
    }
  return 0;
}

/* How many distinct candidates the orbit of this one under the rotation
 * has, when it is the first of them; 0 when it is not. */
guint
acy_enum_rotation_period (Enum *en, Combo *c)
{
  for (guint k = 1; k < en->rot_n; k++)
    {
      gint order = rotation_order (en, c, k, en->test->n_threads - 1);

      if (order > 0)
        return 0;
      if (order == 0)
        return k;   /* the images repeat from here on */
    }
  return en->rot_n;
}

/* Whether, with the reads of threads up to @done given their rf, the
 * candidates to come are none of them the first of their orbit. */
gboolean
acy_enum_rotation_hopeless (Enum *en, Combo *c, guint done)
{
  for (guint k = 1; k < en->rot_n; k++)
    if (rotation_order (en, c, k, done) == 1)
      return TRUE;
  return FALSE;
}

/* The final values of the first @period - 1 images of the candidate, in
 * en->rot_images[1 ..], with their conditions. */
void
acy_enum_rotation_images (Enum *en, Combo *c, guint period)
{
  const AcyTest *test = en->test;

  for (guint k = 1; k < period; k++)
    {
      AcyValue *img = en->rot_values + (gsize) k * test->n_tracked;

      for (guint v = 0; v < test->n_tracked; v++)
        img[en->rot_var[k * test->n_tracked + v]] = c->values[v];
      en->rot_conditions[k] = acy_lit_prop_eval (test->cond, test, img);
    }
}

void
acy_enum_symmetry_free (Enum *en)
{
  g_free (en->sym_var);
  g_free (en->mirror);
  g_free (en->group);
  g_free (en->img_first);
  g_free (en->img_threads);
  g_free (en->img_class);
  g_free (en->img_to);
  g_free (en->img_from);
  g_free (en->img_move);
  g_free (en->img_paths);
  g_free (en->img_var);
  g_free (en->img_scratch);
  g_free (en->img_out);
  g_free (en->img_out_conditions);
  g_free (en->img_out_weights);
  g_clear_pointer (&en->img_states, g_hash_table_unref);
  g_clear_pointer (&en->img_keys, g_ptr_array_unref);
  g_free (en->rot_thread);
  g_free (en->rot_loc);
  g_free (en->rot_var);
  g_free (en->rot_values);
  g_free (en->rot_images);
  g_free (en->rot_conditions);
}
