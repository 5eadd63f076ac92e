/* acy-enumerate-values.c - the values a location can hold: paths and combinations no value can follow
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A read reads what some write of its location writes, or the initial
 * value. Where the writes write constants (or copies of what they read),
 * the values of each location are a small set, and a path whose
 * branches or addresses need a value outside it has no candidate: an
 * access through a pointer is split over every location of the test
 * (acy-trace-run.c), and most of those splits are pointers no write
 * ever writes. The sets are found over all the paths, the paths that
 * no value of them can follow are dropped, and again with the writes
 * of the paths left, until none is dropped (never the other way round:
 * a path that needs a value only another kept path writes may still
 * have candidates, as in load buffering). Then, per combination of
 * paths, a read whose path needs a value the initial write lacks needs
 * a write of the combination to write one (acy_enum_values_hopeless_from):
 * a queue lock whose thread reads a node only another thread's exchange
 * writes has no candidate with that thread on another path.
 *
 * Sound only where no value comes from nowhere: a location that a
 * ring of copies can reach (a value out of thin air, which an equation
 * can pin to anything), a read through an integer (herd's NoSymbol,
 * whose value is unknown) or a value an operation computes may hold any
 * value. A value that would make the enumerator refuse the test (an
 * access through an integer or a moved address) counts as one the path
 * can follow, so that the refusal still comes.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-enumerate-private.h"

/* At most this many distinct values (of initial and written constants)
 * are followed; beyond, nothing is dropped. */
#define VALUES_MAX 1024
/* Symbolic values are DAGs (r + r twice is four reads): at most this
 * many nodes are looked at per value of a constraint */
#define EVAL_BUDGET 256
/* Rounds of dropping paths and finding the sets again */
#define ROUNDS_MAX 16
/* Passes over the writes until the sets of one round are stable (a
 * chain of copies longer than this: no path is dropped) */
#define PASSES_MAX 64
/* At most this many trials of a value against a constraint (a few ns
 * each): beyond, no more paths are dropped */
#define WORK_MAX (G_GUINT64_CONSTANT (1) << 24)
/* At most this many words for EnumValues.later */
#define LATER_WORDS_MAX (1u << 20)
/* Locations whose relation of copies is looked at whole */
#define COPY_LOCS_MAX 1024

/* A set of values: bit 0 is "any value", bit 1 + i the i-th value */
#define ANY 0

typedef struct {
  guint          loc;
  guint          ev;       /* its event in the path */
  const AcyWord *set;      /* what it may write */
} ValWrite;

typedef struct {
  guint          loc;
  guint          slot;     /* its location among those needed (EnumValues.later) */
  const AcyWord *need;     /* the values the path can follow; the initial one is not among them */
  gint           partner;  /* the write of its own RMW, which it cannot read (-1 none) */
  const AcyWord *partner_set;  /* what that writes, NULL none */
} ValNeed;

typedef struct {
  guint     n_writes, n_needs;
  ValWrite *writes;
  ValNeed  *needs;
} PathValues;

struct _EnumValues {
  AcyArena    *arena;
  guint        words;
  PathValues **paths;     /* per thread, per path */
  AcyWord     *seen;      /* per combination: per location, what its writes write */
  guint       *stamp;     /* per location: the combination seen[] is for */
  guint        now;
  /* Per thread t (0 .. n_threads) and location needed: what any path of
   * the threads from t on may write there (NULL: not followed) */
  guint        n_slots;
  AcyWord     *later;
  AcyWord     *have;      /* scratch */
};

/* What the analysis works with */
typedef struct {
  Enum           *en;
  AcyTraceSet    *set;
  guint           n_locs, words, n_values;
  AcyValue       *values;      /* bit 1 + i: values[i] */
  GHashTable     *index;       /* value -> 1 + i */
  AcyWord        *dom;         /* per location: what it may hold */
  AcyWord        *init;        /* per location: its initial value */
  gboolean       *any_loc;     /* per location: anything (thin air) */
  gboolean      **alive;       /* per thread, per path */
  /* per read of the path in hand: the constraints on it alone */
  GPtrArray      *on_read;
  AcyWord        *scratch;
  guint64         work;        /* values tried against constraints, up to WORK_MAX */
} Values;

/* A value solved to a number or an address (not a marker). */
static inline gboolean
plain (AcyValue v)
{
  return v != VALUE_UNKNOWN && v != VALUE_FAULT && v != ACY_LIT_VALUE_UNSOLVED && !ACY_LIT_VALUE_IS_SYMBOL (v);
}

static guint
value_bit (Values *va, AcyValue v)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (va->index, &v));
}

static gboolean
add_value (Values *va, AcyValue v)
{
  if (!plain (v) || g_hash_table_contains (va->index, &v))
    return TRUE;
  if (va->n_values == VALUES_MAX)
    return FALSE;
  va->values[va->n_values] = v;
  g_hash_table_insert (va->index, &va->values[va->n_values], GUINT_TO_POINTER (va->n_values + 1));
  va->n_values++;
  return TRUE;
}

/* The set of the one value @v: "any" when it is a marker. */
static void
set_of_value (Values *va, AcyValue v, AcyWord *out)
{
  acy_bits_clear (va->words, out);
  acy_bits_add (out, plain (v) ? value_bit (va, v) : ANY);
}

/* @s with the read @r (thread-local) taking @v, in @out: FALSE when it
 * depends on something else or is no plain value */
static gboolean
eval_with (const AcyTest *test, const AcySym *s, guint r, AcyValue v, guint *budget, AcyValue *out)
{
  AcyValue a, b = 0;

  if (*budget == 0)
    return FALSE;
  --*budget;
  switch (s->kind)
    {
    case ACY_SYM_CONST:
      *out = s->value;
      return plain (*out);
    case ACY_SYM_READ:
      *out = v;
      return s->read == r;
    case ACY_SYM_OP:
      if (!eval_with (test, s->a, r, v, budget, &a) || (s->b && !eval_with (test, s->b, r, v, budget, &b)))
        return FALSE;
      return acy_lit_binop (test, s->op, a, b, out) && plain (*out);
    default:
      return FALSE;
    }
}

/* The one read @s depends on (thread-local index), or -1: none, several,
 * or something else (what a C11 RMW reads) */
static gint
only_read (const AcySym *s, gint found, guint *budget)
{
  if (found == -2 || *budget == 0)
    return -2;
  --*budget;
  switch (s->kind)
    {
    case ACY_SYM_CONST:
      return found;
    case ACY_SYM_READ:
      return found == -1 || found == (gint) s->read ? (gint) s->read : -2;
    case ACY_SYM_OP:
      found = only_read (s->a, found, budget);
      return s->b ? only_read (s->b, found, budget) : found;
    default:
      return -2;
    }
}

/* Whether read @r of a path (the path's @k among them) can take @v: a
 * value it fails for while the enumerator would refuse the test
 * instead (an access through an integer or a moved address) counts as
 * one it can take. */
static gboolean
holds_for (const AcyTest *test, const AcyConstraint *k, guint r, AcyValue v)
{
  guint budget = EVAL_BUDGET;
  AcyValue got, addr;

  if (!eval_with (test, k->cond, r, v, &budget, &got))
    return TRUE;
  if (k->addr != NULL)
    {
      budget = EVAL_BUDGET;
      if (!eval_with (test, k->addr, r, v, &budget, &addr))
        return TRUE;
      if (ACY_VALUE_IS_PTR (addr) && ACY_VALUE_PTR_OFFSET (addr) != 0)
        return TRUE;
      if (!k->nowhere_too && !ACY_VALUE_IS_PTR (addr))
        return TRUE;
    }
  return (got != 0) == k->want;
}

/* Is @e of @tr a read the enumerator gives an rf (so that its value is
 * what some write of its location writes)? */
static gboolean
rf_read (const AcyTrace *tr, guint e)
{
  const AcyTraceEvent *te = &tr->events[e];

  return te->needs_rf && te->ev.loc >= 0 && te->sym != NULL && te->sym->kind == ACY_SYM_READ
         && te->sym->read == e;
}

/* Into @out, the values read @r of @tr can take: those of its location
 * that every constraint on it alone holds for (va->on_read, filled by
 * constraints_on_reads); "any" when its location may hold anything. */
static void
read_values (Values *va, const AcyTrace *tr, guint r, AcyWord *out)
{
  const AcyTest *test = va->en->test;
  guint loc = (guint) tr->events[r].ev.loc;
  const AcyWord *dom = va->dom + (gsize) loc * va->words;
  GPtrArray *ks = g_ptr_array_index (va->on_read, r);

  acy_bits_copy (va->words, out, dom);
  if (acy_bits_has (dom, ANY) || ks == NULL)
    return;
  va->work += (guint64) ks->len * acy_bits_count (va->words, dom);
  for (guint b = acy_bits_next (dom, va->n_values + 1, 1); b <= va->n_values;
       b = acy_bits_next (dom, va->n_values + 1, b + 1))
    for (guint i = 0; i < ks->len; i++)
      if (!holds_for (test, g_ptr_array_index (ks, i), r, va->values[b - 1]))
        {
          acy_bits_remove (out, b);
          break;
        }
}

/* va->on_read for @tr: per read, the constraints that depend on it alone */
static void
constraints_on_reads (Values *va, const AcyTrace *tr)
{
  for (guint i = 0; i < va->on_read->len; i++)
    if (g_ptr_array_index (va->on_read, i) != NULL)
      g_ptr_array_set_size (g_ptr_array_index (va->on_read, i), 0);
  if (va->on_read->len < tr->n_events)
    g_ptr_array_set_size (va->on_read, tr->n_events);
  for (guint i = 0; i < tr->n_constraints; i++)
    {
      guint budget = EVAL_BUDGET;
      gint r = only_read (tr->constraints[i].cond, -1, &budget);
      GPtrArray **ks;

      if (r < 0 || (guint) r >= tr->n_events || !rf_read (tr, (guint) r))
        continue;
      ks = (GPtrArray **) &g_ptr_array_index (va->on_read, r);
      if (*ks == NULL)
        *ks = g_ptr_array_new ();
      g_ptr_array_add (*ks, (gpointer) &tr->constraints[i]);
    }
}

/* Into @out, what write @e of @tr may write: a constant, a copy of what
 * a read of the path can take, or anything. */
static void
write_values (Values *va, const AcyTrace *tr, guint e, AcyWord *out)
{
  const AcySym *s = tr->events[e].sym;

  if (s != NULL && s->kind == ACY_SYM_CONST)
    set_of_value (va, s->value, out);
  else if (s != NULL && s->kind == ACY_SYM_READ && s->read != e && s->read < tr->n_events
           && rf_read (tr, s->read))
    read_values (va, tr, s->read, out);
  else
    {
      acy_bits_clear (va->words, out);
      acy_bits_add (out, ANY);
    }
}

static gboolean
is_write (const AcyTraceEvent *te)
{
  return (te->ev.kind & ACY_EV_W) && te->ev.loc >= 0;
}

/* The locations a value out of thin air can reach: those a ring of
 * copies (a write of what a read of another location, or the same,
 * read) goes through, and those such a location's values are copied
 * to. Into va->any_loc; with too many locations for their relation,
 * every location a write copies to. */
static void
find_thin_air (Values *va)
{
  guint n = va->n_locs;
  g_autofree AcyWord *copies = n <= COPY_LOCS_MAX ? g_new0 (AcyWord, acy_rel_words (n)) : NULL;
  gboolean some = FALSE;

  for (guint t = 0; t < va->set->n_threads; t++)
    for (guint i = 0; i < va->set->threads[t].n_traces; i++)
      {
        const AcyTrace *tr = va->set->threads[t].traces[i];

        for (guint e = 0; e < tr->n_events; e++)
          {
            const AcySym *s = tr->events[e].sym;
            guint from, to;

            if (!is_write (&tr->events[e]) || s == NULL || s->kind != ACY_SYM_READ || s->read >= tr->n_events
                || tr->events[s->read].ev.loc < 0)
              continue;
            from = (guint) tr->events[s->read].ev.loc;
            to = (guint) tr->events[e].ev.loc;
            if (copies == NULL)
              va->any_loc[to] = TRUE;
            else
              acy_rel_add (copies, n, from, to);
            some = TRUE;
          }
      }
  if (!some || copies == NULL)
    return;
  acy_rel_closure (n, copies);
  for (guint l = 0; l < n; l++)
    if (acy_rel_has (copies, n, l, l))
      for (guint m = 0; m < n; m++)
        if (m == l || acy_rel_has (copies, n, l, m))
          va->any_loc[m] = TRUE;
}

/* The sets of the locations, over the paths alive: the least sets
 * closed under their writes. FALSE when they did not settle. */
static gboolean
find_sets (Values *va)
{
  guint words = va->words;

  for (guint l = 0; l < va->n_locs; l++)
    {
      AcyWord *d = va->dom + (gsize) l * words;

      acy_bits_copy (words, d, va->init + (gsize) l * words);
      if (va->any_loc[l])
        acy_bits_add (d, ANY);
    }
  for (guint pass = 0; pass < PASSES_MAX; pass++)
    {
      gboolean changed = FALSE;

      for (guint t = 0; t < va->set->n_threads; t++)
        for (guint i = 0; i < va->set->threads[t].n_traces; i++)
          {
            const AcyTrace *tr = va->set->threads[t].traces[i];
            gboolean copies = FALSE;

            if (!va->alive[t][i])
              continue;
            for (guint e = 0; e < tr->n_events && !copies; e++)
              copies = is_write (&tr->events[e]) && tr->events[e].sym != NULL
                       && tr->events[e].sym->kind == ACY_SYM_READ;
            if (copies)
              constraints_on_reads (va, tr);
            for (guint e = 0; e < tr->n_events; e++)
              {
                AcyWord *d;

                if (!is_write (&tr->events[e]))
                  continue;
                d = va->dom + (gsize) tr->events[e].ev.loc * words;
                if (acy_bits_has (d, ANY))
                  continue;
                write_values (va, tr, e, va->scratch);
                for (guint w = 0; w < words; w++)
                  if ((va->scratch[w] & ~d[w]) != 0)
                    {
                      d[w] |= va->scratch[w];
                      changed = TRUE;
                    }
              }
          }
      if (va->work > WORK_MAX || halted_after (va->en, 1 + va->set->n_threads))
        return FALSE;
      if (!changed)
        return TRUE;
    }
  return FALSE;
}

/* Whether some read of @tr can take none of the values its location
 * may hold (va->on_read filled for @tr). */
static gboolean
path_hopeless (Values *va, const AcyTrace *tr)
{
  for (guint r = 0; r < tr->n_events; r++)
    if (g_ptr_array_index (va->on_read, r) != NULL && ((GPtrArray *) g_ptr_array_index (va->on_read, r))->len > 0)
      {
        read_values (va, tr, r, va->scratch);
        if (acy_bits_is_empty (va->words, va->scratch))
          return TRUE;
      }
  return FALSE;
}

/* Drop the paths alive no value can follow: how many. */
static guint
drop_hopeless (Values *va)
{
  guint dropped = 0;

  for (guint t = 0; t < va->set->n_threads; t++)
    for (guint i = 0; i < va->set->threads[t].n_traces; i++)
      {
        const AcyTrace *tr = va->set->threads[t].traces[i];

        if (!va->alive[t][i] || tr->n_constraints == 0)
          continue;
        if (va->work > WORK_MAX || halted_after (va->en, 1))
          return 0;
        constraints_on_reads (va, tr);
        if (path_hopeless (va, tr))
          {
            va->alive[t][i] = FALSE;
            dropped++;
          }
      }
  return dropped;
}

/* EnumValues.later, when not too large */
static void
note_later (Values *va, EnumValues *ev, const guint *slot_of)
{
  guint n = va->set->n_threads, words = ev->words;
  gsize row = (gsize) ev->n_slots * words;

  if ((n + 1) * row > LATER_WORDS_MAX)
    return;
  ev->later = g_new0 (AcyWord, (n + 1) * row);
  ev->have = g_new (AcyWord, words);
  for (guint t = n; t-- > 0;)
    {
      AcyWord *mine = ev->later + t * row;

      memcpy (mine, mine + row, row * sizeof (AcyWord));
      for (guint i = 0; i < va->set->threads[t].n_traces; i++)
        {
          const PathValues *p = &ev->paths[t][i];

          for (guint j = 0; j < p->n_writes; j++)
            if (slot_of[p->writes[j].loc] > 0)
              acy_bits_union (words, mine + (slot_of[p->writes[j].loc] - 1) * words,
                              mine + (slot_of[p->writes[j].loc] - 1) * words, p->writes[j].set);
        }
    }
}

/* What each path writes and needs, for acy_enum_values_hopeless_from: FALSE
 * when no path needs anything. */
static gboolean
note_paths (Values *va, EnumValues *ev)
{
  guint words = va->words;
  gboolean some = FALSE;
  g_autofree guint *slot_of = g_new0 (guint, MAX (va->n_locs, 1));   /* location -> 1 + slot */

  ev->paths = acy_arena_newv (ev->arena, PathValues *, MAX (va->set->n_threads, 1));
  for (guint t = 0; t < va->set->n_threads; t++)
    {
      AcyThreadTraces *tt = &va->set->threads[t];

      ev->paths[t] = acy_arena_newv0 (ev->arena, PathValues, MAX (tt->n_traces, 1));
      for (guint i = 0; i < tt->n_traces; i++)
        {
          const AcyTrace *tr = tt->traces[i];
          PathValues *p = &ev->paths[t][i];

          constraints_on_reads (va, tr);
          p->writes = acy_arena_newv (ev->arena, ValWrite, MAX (tr->n_events, 1));
          p->needs = acy_arena_newv (ev->arena, ValNeed, MAX (tr->n_events, 1));
          for (guint e = 0; e < tr->n_events; e++)
            if (is_write (&tr->events[e]))
              {
                AcyWord *set = acy_arena_newv (ev->arena, AcyWord, words);

                write_values (va, tr, e, set);
                p->writes[p->n_writes].loc = (guint) tr->events[e].ev.loc;
                p->writes[p->n_writes].ev = e;
                p->writes[p->n_writes++].set = set;
              }
          for (guint r = 0; r < tr->n_events; r++)
            {
              GPtrArray *ks = g_ptr_array_index (va->on_read, r);
              guint loc = (guint) tr->events[r].ev.loc;
              gint partner = tr->events[r].rmw_partner;
              ValNeed *q = &p->needs[p->n_needs];
              AcyWord *need;
              gboolean met = FALSE;

              if (ks == NULL || ks->len == 0)
                continue;
              need = acy_arena_newv (ev->arena, AcyWord, words);
              read_values (va, tr, r, need);
              if (acy_bits_has (need, ANY))
                continue;
              /* the initial value, or a write of its own path other than
               * its RMW's, gives it one: nothing to look for */
              for (guint w = 0; w < words; w++)
                met |= (need[w] & va->init[(gsize) loc * words + w]) != 0;
              q->partner = partner;
              q->partner_set = NULL;
              for (guint j = 0; j < p->n_writes && !met; j++)
                {
                  if (p->writes[j].loc != loc)
                    continue;
                  if ((gint) p->writes[j].ev == partner)
                    {
                      q->partner_set = p->writes[j].set;
                      continue;
                    }
                  met = acy_bits_has (p->writes[j].set, ANY);
                  for (guint w = 0; w < words; w++)
                    met |= (need[w] & p->writes[j].set[w]) != 0;
                }
              if (met)
                continue;
              q->loc = loc;
              q->need = need;
              if (slot_of[loc] == 0)
                slot_of[loc] = ++ev->n_slots;
              q->slot = slot_of[loc] - 1;
              p->n_needs++;
              some = TRUE;
            }
        }
    }
  if (some)
    note_later (va, ev, slot_of);
  return some;
}

/* Drop the paths of @set that no value of the locations can follow, and
 * note what the others write and need (Enum.vals; NULL when nothing is
 * to be looked for per combination). Before the symmetries are looked
 * for: they are those of the paths left. */
void
acy_enum_values_setup (Enum *en, AcyTraceSet *set)
{
  const AcyTest *test = en->test;
  Values va;
  guint n_locs = test->loc_names->len;
  gboolean ok = TRUE, several = FALSE, settled = FALSE;

  for (guint t = 0; t < set->n_threads; t++)
    several |= set->threads[t].n_traces > 1;
  if (!several)
    return;
  memset (&va, 0, sizeof va);
  va.en = en;
  va.set = set;
  va.n_locs = n_locs;
  va.values = g_new (AcyValue, VALUES_MAX);
  va.index = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint l = 0; l < n_locs; l++)
    ok &= add_value (&va, g_array_index (test->loc_init, AcyValue, l));
  for (guint t = 0; t < set->n_threads && ok; t++)
    for (guint i = 0; i < set->threads[t].n_traces && ok; i++)
      {
        const AcyTrace *tr = set->threads[t].traces[i];

        for (guint e = 0; e < tr->n_events && ok; e++)
          if (is_write (&tr->events[e]) && tr->events[e].sym != NULL && tr->events[e].sym->kind == ACY_SYM_CONST)
            ok = add_value (&va, tr->events[e].sym->value);
      }
  if (!ok)
    goto out;
  va.words = ACY_WORDS (va.n_values + 1);
  va.dom = g_new0 (AcyWord, (gsize) MAX (n_locs, 1) * va.words);
  va.init = g_new0 (AcyWord, (gsize) MAX (n_locs, 1) * va.words);
  for (guint l = 0; l < n_locs; l++)
    set_of_value (&va, g_array_index (test->loc_init, AcyValue, l), va.init + (gsize) l * va.words);
  va.any_loc = g_new0 (gboolean, MAX (n_locs, 1));
  va.alive = g_new (gboolean *, MAX (set->n_threads, 1));
  for (guint t = 0; t < set->n_threads; t++)
    {
      va.alive[t] = g_new (gboolean, MAX (set->threads[t].n_traces, 1));
      for (guint i = 0; i < set->threads[t].n_traces; i++)
        va.alive[t][i] = TRUE;
    }
  va.on_read = g_ptr_array_new ();
  va.scratch = g_new (AcyWord, va.words);
  find_thin_air (&va);
  /* the sets of fewer paths are within those of more: each round's
   * sets hold for the paths left after it */
  for (guint round = 0; round < ROUNDS_MAX; round++)
    {
      settled = find_sets (&va);
      if (!settled || drop_hopeless (&va) == 0)
        break;
    }
  for (guint t = 0; t < set->n_threads; t++)
    {
      AcyThreadTraces *tt = &set->threads[t];
      guint j = 0;

      for (guint i = 0; i < tt->n_traces; i++)
        if (va.alive[t][i])
          tt->traces[j++] = tt->traces[i];
      tt->n_traces = j;
    }
  if (settled && va.work <= WORK_MAX && !en->halted)
    {
      EnumValues *ev = g_new0 (EnumValues, 1);

      ev->arena = acy_arena_new (1 << 14);
      ev->words = va.words;
      if (note_paths (&va, ev))
        {
          ev->seen = g_new (AcyWord, (gsize) MAX (n_locs, 1) * va.words);
          ev->stamp = g_new0 (guint, MAX (n_locs, 1));
          en->vals = ev;
        }
      else
        acy_enum_values_free (ev);
    }

out:
  for (guint t = 0; va.alive != NULL && t < set->n_threads; t++)
    g_free (va.alive[t]);
  g_free (va.alive);
  g_free (va.values);
  g_hash_table_unref (va.index);
  g_free (va.dom);
  g_free (va.init);
  g_free (va.any_loc);
  for (guint i = 0; va.on_read != NULL && i < va.on_read->len; i++)
    if (g_ptr_array_index (va.on_read, i) != NULL)
      g_ptr_array_unref (g_ptr_array_index (va.on_read, i));
  if (va.on_read != NULL)
    g_ptr_array_unref (va.on_read);
  g_free (va.scratch);
}

/* Whether some thread other than @t writes one of @q's values in the
 * combination chosen. */
static gboolean
written_by_other (Enum *en, guint t, const ValNeed *q)
{
  EnumValues *ev = en->vals;

  for (guint u = 0; u < en->test->n_threads; u++)
    {
      const PathValues *p = &ev->paths[u][en->chosen_index[u]];

      for (guint j = 0; u != t && j < p->n_writes; j++)
        if (p->writes[j].loc == q->loc)
          {
            if (acy_bits_has (p->writes[j].set, ANY))
              return TRUE;
            for (guint w = 0; w < ev->words; w++)
              if ((q->need[w] & p->writes[j].set[w]) != 0)
                return TRUE;
          }
    }
  return FALSE;
}

/* @q of thread @t's path finds no write of the combination chosen: the
 * first thread k >= t such that it finds none in any combination that
 * keeps the paths of threads 0 .. k, whatever the threads after k do
 * (what the paths up to k write, and what any path after may write). */
static guint
hopeless_from (Enum *en, guint t, const ValNeed *q)
{
  EnumValues *ev = en->vals;
  guint n = en->test->n_threads, words = ev->words;
  gsize row = (gsize) ev->n_slots * words;

  if (ev->later == NULL)
    return n - 1;
  acy_bits_clear (words, ev->have);
  for (guint k = 0; k < n; k++)
    {
      const PathValues *p = &ev->paths[k][en->chosen_index[k]];
      const AcyWord *later = ev->later + (k + 1) * row + (gsize) q->slot * words;
      gboolean some = acy_bits_has (later, ANY);

      for (guint j = 0; j < p->n_writes; j++)
        if (p->writes[j].loc == q->loc && !(k == t && (gint) p->writes[j].ev == q->partner))
          acy_bits_union (words, ev->have, ev->have, p->writes[j].set);
      if (k < t)
        continue;
      some |= acy_bits_has (ev->have, ANY);
      for (guint w = 0; w < words && !some; w++)
        some = (q->need[w] & (ev->have[w] | later[w])) != 0;
      if (!some)
        return k;
    }
  return n - 1;
}

/* Whether every read of the combination chosen that needs a value its
 * initial write lacks has a write of the combination that writes one
 * (the reads that need none, or where any value may come, are not
 * looked at): the number of threads when it may, else the first thread
 * k such that every combination that keeps the paths of threads 0 .. k
 * has no candidate. */
guint
acy_enum_values_hopeless_from (Enum *en)
{
  EnumValues *ev = en->vals;
  guint words, n = en->test->n_threads;

  if (ev == NULL)
    return n;
  words = ev->words;
  if (++ev->now == 0)
    {
      memset (ev->stamp, 0, en->test->loc_names->len * sizeof (guint));
      ev->now = 1;
    }
  for (guint t = 0; t < n; t++)
    {
      const PathValues *p = &ev->paths[t][en->chosen_index[t]];

      for (guint j = 0; j < p->n_writes; j++)
        {
          AcyWord *seen = ev->seen + (gsize) p->writes[j].loc * words;

          if (ev->stamp[p->writes[j].loc] != ev->now)
            {
              ev->stamp[p->writes[j].loc] = ev->now;
              acy_bits_copy (words, seen, p->writes[j].set);
            }
          else
            acy_bits_union (words, seen, seen, p->writes[j].set);
        }
    }
  for (guint t = 0; t < n; t++)
    {
      const PathValues *p = &ev->paths[t][en->chosen_index[t]];

      for (guint j = 0; j < p->n_needs; j++)
        {
          const ValNeed *q = &p->needs[j];
          const AcyWord *seen = ev->seen + (gsize) q->loc * words;
          gboolean some = FALSE, beyond = FALSE;

          if (ev->stamp[q->loc] == ev->now && acy_bits_has (seen, ANY))
            continue;
          for (guint w = 0; w < words && ev->stamp[q->loc] == ev->now; w++)
            {
              AcyWord m = q->need[w] & seen[w];

              some |= m != 0;
              beyond |= (m & ~(q->partner_set ? q->partner_set[w] : 0)) != 0;
            }
          /* only its own RMW's write may write it: is another's there too? */
          if (!some || (!beyond && !written_by_other (en, t, q)))
            return hopeless_from (en, t, q);
        }
    }
  return n;
}

void
acy_enum_values_free (EnumValues *ev)
{
  if (ev == NULL)
    return;
  acy_arena_free (ev->arena);
  g_free (ev->seen);
  g_free (ev->stamp);
  g_free (ev->later);
  g_free (ev->have);
  g_free (ev);
}
