/* acy-cat-stream.c - sets of relations produced one element at a time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A test with many writes to one location has a great many coherence
 * orders: building them all as a set (as cross.cat does in cat) costs
 * time and memory out of proportion to the model run over each. A stream
 * is such a set left unbuilt: `with x from S` takes its elements one by
 * one, each in the arena of the with's branch; anything else that needs
 * the set materialises it (acy_cat_force), under a limit.
 *
 * co-orders(S, pco) is the stream of relations that order, location by
 * location, the events of S totally while containing pco; linearisations
 * (S, r) is the same with S as one block, always materialised.
 * lazy-cross(F), for a set F of sets of relations, is the stream of the
 * unions that pick one element of each member of F.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-cat-eval.h"

#define ACY_CAT_MAX_FORCED 1000000

struct _AcyCatStream {
  AcyCatStreamKind kind;
  gboolean         per_loc;   /* ORDERS: one block per location, or S as one */
  AcyWord         *set;       /* ORDERS: S */
  AcyWord         *pco;       /* ORDERS: the order to extend */
  AcyCatValue    **factors;   /* CROSS: the sets to pick from, none empty */
  guint            n_factors;
  gboolean         hinted;    /* ORDERS: pco holds the execution's co_hint */
};

struct _AcyCatStreamIter {
  const AcyCatStream *s;
  guint     n, words;
  gboolean  started, done;
  /* ORDERS: positions lo..hi-1 of a block order members lo..hi-1. */
  guint     k;
  guint    *member;    /* event of each member */
  guint    *lo, *hi;   /* block of each member / position */
  guint    *preds;     /* unplaced pco-predecessors in the block */
  gboolean *placed;
  gint     *choice;    /* member placed at each position, -1 none yet */
  guint     p;         /* positions below p are placed */
  AcyWord  *acc;       /* scratch set */
  AcyCatPruneFunc prune;
  gpointer  prune_data;
  AcyWord  *must, *may; /* pruning: the pairs of every / some completion */
  AcyWord  *pco_closed; /* pruning: pco within blocks, closed (every completion has it) */
  AcyWord  *later;     /* scratch set */
  /* CROSS: the index picked in each factor */
  guint    *pick;
};

static AcyCatValue *
stream_value (AcyCatEval *ev, AcyCatStream *s)
{
  AcyCatValue *v = acy_cat_value_new (ev, ACY_CAT_V_STREAM);
  v->u.stream = s;
  return v;
}

/* The orders stream of @set and @pco, copied: the stream may be kept
 * (a with's memo) longer than the values it was made from. */
static AcyCatStream *
orders_new (AcyCatEval *ev, const AcyWord *set, const AcyWord *pco, gboolean per_loc)
{
  AcyCatStream *s = acy_arena_new0 (ev->arena, AcyCatStream);

  s->kind = ACY_CAT_STREAM_ORDERS;
  s->per_loc = per_loc;
  s->set = acy_cat_new_set_raw (ev)->u.bits;
  acy_bits_copy (ev->words, s->set, set);
  s->pco = acy_cat_new_rel_raw (ev)->u.bits;
  acy_bits_copy ((guint) ev->rel_words, s->pco, pco);
  return s;
}

/* Members in block order (by location, then event), and whether every
 * block has an order at all: with pco cyclic on a block there is none,
 * and the search would otherwise try every order of the blocks before
 * it to find that out. */
static gboolean
orders_setup (AcyCatStreamIter *it, AcyCatEval *ev)
{
  const AcyCatStream *s = it->s;
  const AcyExecution *x = ev->x;
  guint n = it->n, n_blocks = s->per_loc ? x->n_locs : 1;
  AcyWord *left = g_new0 (AcyWord, it->words);

  it->member = g_new (guint, MAX (n, 1));
  it->lo = g_new (guint, MAX (n, 1));
  it->hi = g_new (guint, MAX (n, 1));
  it->preds = g_new0 (guint, MAX (n, 1));
  it->placed = g_new0 (gboolean, MAX (n, 1));
  it->choice = g_new (gint, n + 1);
  it->acc = g_new0 (AcyWord, it->words);
  for (guint b = 0; b < n_blocks; b++)
    {
      guint lo = it->k;

      ACY_BITS_FOREACH (i, s->set, n)
        if (!s->per_loc || x->events[i].loc == (gint32) b)
          it->member[it->k++] = i;
      for (guint a = lo; a < it->k; a++)
        {
          it->lo[a] = lo;
          it->hi[a] = it->k;
          for (guint c = lo; c < it->k; c++)
            if (c != a && acy_rel_has (s->pco, n, it->member[c], it->member[a]))
              it->preds[a]++;
        }
      /* Kahn's algorithm on a copy of the counts: is the block acyclic? */
      {
        guint *count = g_new (guint, it->k - lo + 1);
        guint removed = 0;
        gboolean progress = TRUE;

        memcpy (count, it->preds + lo, (it->k - lo) * sizeof (guint));
        memset (left, 0, it->words * sizeof (AcyWord));
        for (guint a = lo; a < it->k; a++)
          acy_bits_add (left, a - lo);
        while (progress)
          {
            progress = FALSE;
            for (guint a = lo; a < it->k; a++)
              if (acy_bits_has (left, a - lo) && count[a - lo] == 0)
                {
                  acy_bits_remove (left, a - lo);
                  removed++;
                  progress = TRUE;
                  for (guint c = lo; c < it->k; c++)
                    if (c != a && acy_rel_has (s->pco, n, it->member[a], it->member[c]))
                      count[c - lo]--;
                }
          }
        g_free (count);
        if (removed != it->k - lo)
          {
            g_free (left);
            return FALSE;
          }
      }
    }
  g_free (left);
  it->choice[0] = -1;
  return TRUE;
}

static void
orders_place (AcyCatStreamIter *it, guint a, gint delta)
{
  guint e = it->member[a];

  it->placed[a] = delta < 0;
  for (guint c = it->lo[a]; c < it->hi[a]; c++)
    if (c != a && acy_rel_has (it->s->pco, it->n, e, it->member[c]))
      it->preds[c] += delta;
}

/* The order placed now, as a transitive relation. */
static AcyCatValue *
orders_emit (AcyCatStreamIter *it, AcyCatEval *ev)
{
  AcyCatValue *r = acy_cat_new_rel (ev);
  guint n = it->n;

  if (it->words == 1)
    {
      /* single-word rows, word by word: it runs at every order */
      AcyWord acc = 0;

      for (guint p = it->k; p-- > 0;)
        {
          guint e = it->member[it->choice[p]];

          if (p + 1 == it->hi[p])
            acc = 0;
          r->u.bits[e] = acc;
          acc |= (AcyWord) 1 << e;
        }
      r->closed = TRUE;
      return r;
    }
  for (guint p = it->k; p-- > 0;)
    {
      guint e = it->member[it->choice[p]];

      if (p + 1 == it->hi[p])
        memset (it->acc, 0, it->words * sizeof (AcyWord));
      acy_bits_copy (it->words, acy_rel_row (r->u.bits, n, e), it->acc);
      acy_bits_add (it->acc, e);
    }
  r->closed = TRUE;   /* each event before all that follow it in its block */
  return r;
}

/* orders_bounds() on single-word rows (n <= 64), word by word: it runs
 * at every prefix judged. */
static void
orders_bounds1 (AcyCatStreamIter *it)
{
  guint n = it->n;
  AcyWord *must = it->must, *may = it->may;
  const AcyWord *pco = it->pco_closed;

  memset (must, 0, n * sizeof (AcyWord));
  memset (may, 0, n * sizeof (AcyWord));
  for (guint b = 0; b < it->k; b = it->hi[b])
    {
      guint end = it->hi[b], placed_end = CLAMP (it->p, b, end);
      AcyWord acc = 0, later;

      for (guint a = b; a < end; a++)
        if (!it->placed[a])
          acc |= (AcyWord) 1 << it->member[a];
      later = acc;
      for (guint q = placed_end; q-- > b;)
        {
          guint e = it->member[it->choice[q]];
          must[e] = later;
          later |= (AcyWord) 1 << e;
        }
      for (guint a = b; a < end; a++)
        if (!it->placed[a])
          {
            guint e = it->member[a];

            may[e] = acc & ~((AcyWord) 1 << e);
            /* pco holds in every completion */
            must[e] |= pco[e] & acc;
          }
    }
  for (guint i = 0; i < n; i++)
    may[i] |= must[i];
}

/* Bounds on the orders that complete the current prefix (positions
 * below p): every completion orders the placed members of a block as
 * placed and before its unplaced ones, and the unplaced ones as pco,
 * closed, does (must, transitive then); it may order the unplaced ones
 * among themselves in any way (may). */
static void
orders_bounds (AcyCatStreamIter *it)
{
  guint n = it->n, words = it->words;
  gsize rel = (gsize) n * words;

  if (words == 1)
    {
      orders_bounds1 (it);
      return;
    }
  memset (it->must, 0, rel * sizeof (AcyWord));
  memset (it->may, 0, rel * sizeof (AcyWord));
  for (guint b = 0; b < it->k; b = it->hi[b])
    {
      guint end = it->hi[b], placed_end = CLAMP (it->p, b, end);

      memset (it->acc, 0, words * sizeof (AcyWord));
      for (guint a = b; a < end; a++)
        if (!it->placed[a])
          acy_bits_add (it->acc, it->member[a]);
      memcpy (it->later, it->acc, words * sizeof (AcyWord));
      for (guint q = placed_end; q-- > b;)
        {
          guint e = it->member[it->choice[q]];
          acy_bits_copy (words, acy_rel_row (it->must, n, e), it->later);
          acy_bits_add (it->later, e);
        }
      for (guint a = b; a < end; a++)
        if (!it->placed[a])
          {
            guint e = it->member[a];
            AcyWord *row = acy_rel_row (it->may, n, e);

            acy_bits_copy (words, row, it->acc);
            acy_bits_remove (row, e);
            /* pco holds in every completion */
            acy_bits_inter (words, it->later, acy_rel_row (it->pco_closed, n, e), it->acc);
            acy_bits_union (words, acy_rel_row (it->must, n, e), acy_rel_row (it->must, n, e), it->later);
          }
    }
  acy_bits_union ((guint) rel, it->may, it->may, it->must);
}

/* Depth first: at each position, the next member of its block (after
 * the one tried last) with no unplaced predecessor. Every block is
 * acyclic, so the search never dead-ends: each step back is for a new
 * order, or for a prefix the prune function rejected. It judges a
 * prefix only while two or more members of its block remain, as the
 * rest is forced then. */
static AcyCatValue *
orders_next (AcyCatStreamIter *it, AcyCatEval *ev)
{
  if (it->started)
    {
      if (it->k == 0)
        return NULL;
      it->p = it->k - 1;
      orders_place (it, (guint) it->choice[it->p], +1);
    }
  else if (it->prune && it->k >= 2)
    {
      /* Some candidates fail whatever the order: find out once. */
      it->started = TRUE;
      if (it->prune (it->prune_data, 0, it))
        return NULL;
    }
  it->started = TRUE;
  for (;;)
    {
      guint p = it->p, a;

      if (p == it->k)
        return orders_emit (it, ev);
      for (a = MAX ((gint) it->lo[p], it->choice[p] + 1); a < it->hi[p]; a++)
        if (!it->placed[a] && it->preds[a] == 0)
          break;
      if (a < it->hi[p])
        {
          /* A member placed for want of any other adds nothing pco
           * did not say: no need to judge the prefix again. */
          gboolean forced = TRUE;

          for (guint b = it->lo[p]; b < it->hi[p] && forced; b++)
            forced = b == a || it->placed[b] || it->preds[b] != 0;
          orders_place (it, a, -1);
          it->choice[p] = (gint) a;
          it->choice[++it->p] = -1;
          if (it->prune && !forced && it->hi[p] - it->p >= 2)
            {
              if (it->prune (it->prune_data, it->p, it))
                {
                  it->p--;
                  orders_place (it, a, +1);
                }
            }
          continue;
        }
      if (p == 0)
        return NULL;
      it->p--;
      orders_place (it, (guint) it->choice[it->p], +1);
    }
}

static AcyCatValue *
cross_next (AcyCatStreamIter *it, AcyCatEval *ev)
{
  const AcyCatStream *s = it->s;
  AcyCatValue *r = acy_cat_new_rel (ev);
  guint f;

  if (it->started)
    {
      /* An odometer, the first factor turning fastest. */
      for (f = 0; f < s->n_factors; f++)
        {
          if (++it->pick[f] < s->factors[f]->n)
            break;
          it->pick[f] = 0;
        }
      if (f == s->n_factors)
        return NULL;
    }
  it->started = TRUE;
  for (f = 0; f < s->n_factors; f++)
    {
      AcyCatValue *o = s->factors[f]->u.items[it->pick[f]];
      AcyWord *bits = acy_cat_to_rel (ev, NULL, o);
      acy_bits_union ((guint) ev->rel_words, r->u.bits, r->u.bits, bits);
    }
  return r;
}

AcyCatStreamIter *
acy_cat_stream_iter_new (AcyCatEval *ev, const AcyCatStream *s)
{
  AcyCatStreamIter *it = g_new0 (AcyCatStreamIter, 1);

  it->s = s;
  it->n = ev->n;
  it->words = MAX (ev->words, 1);
  /* (a stream is kept no longer than the lock order it was made for:
   * the enumerator gives each lock order its own structure_id) */
  if (s->hinted && ev->x->co_hint_used)
    *ev->x->co_hint_used = TRUE;
  if (s->kind == ACY_CAT_STREAM_ORDERS)
    it->done = !orders_setup (it, ev);
  else
    it->pick = g_new0 (guint, MAX (s->n_factors, 1));
  return it;
}

/* The next element, allocated in ev->arena, or NULL when there is none
 * left. */
AcyCatValue *
acy_cat_stream_iter_next (AcyCatStreamIter *it, AcyCatEval *ev)
{
  AcyCatValue *v;

  if (it->done)
    return NULL;
  v = it->s->kind == ACY_CAT_STREAM_ORDERS ? orders_next (it, ev) : cross_next (it, ev);
  if (!v)
    it->done = TRUE;
  return v;
}

/* About how many orders the block of members @b..@e-1 has: the
 * product, as Kahn's algorithm places them first available first, of
 * how many were available at each step. n! for writes pco leaves
 * unordered, 1 for writes it orders totally (a lock's writes in the
 * order the enumerator chose), exact for both; in between, a guess. */
static guint64
orders_guess (AcyCatStreamIter *it, guint b, guint e)
{
  guint64 guess = 1;
  guint left = e - b;
  guint *count = g_new (guint, MAX (left, 1));

  memcpy (count, it->preds + b, left * sizeof (guint));
  while (left > 0)
    {
      guint avail = 0, first = e;

      for (guint a = b; a < e; a++)
        if (count[a - b] == 0)
          {
            avail++;
            first = MIN (first, a);
          }
      if (avail == 0)
        break;   /* (every block is acyclic) */
      guess = MIN (guess * avail, G_MAXUINT32);
      count[first - b] = G_MAXUINT;   /* placed */
      left--;
      for (guint c = b; c < e; c++)
        if (c != first && count[c - b] != G_MAXUINT
            && acy_rel_has (it->s->pco, it->n, it->member[first], it->member[c]))
          count[c - b]--;
    }
  g_free (count);
  return guess;
}

/* Puts the blocks with the most orders first (ties: more members
 * first, then location order), before the search starts, after those
 * with one order (a lock the enumerator ordered), which cost nothing to
 * place and then bound every prefix exactly. A prefix that fails skips
 * the orders of every block after its own: the blocks with many orders
 * (writes that read-modify-writes chain) are where prefixes fail, so
 * judged first they cut off the product of all the others, while the
 * blocks with few orders, which cost less to judge whole than prefix by
 * prefix, come last. ManfredSpraul-L1G2xchg:
 * 13 million prefixes judged in location order, 3.4 million so. The
 * orders are the same, in another sequence; only a pruning run, which
 * reports no outcome one by one, takes them so. */
static void
orders_most_first (AcyCatStreamIter *it)
{
  guint n_blocks = 0, k = 0;
  guint *start = g_new (guint, it->k + 1);
  guint64 *guess = g_new (guint64, it->k + 1);
  guint *member = g_new (guint, MAX (it->k, 1));
  guint *preds = g_new (guint, MAX (it->k, 1));

  for (guint b = 0; b < it->k; b = it->hi[b])
    {
      guint64 g = orders_guess (it, b, it->hi[b]);

      /* one order: placed first, for nothing */
      guess[n_blocks] = g == 1 ? G_MAXUINT64 : g << 16 | MIN (it->hi[b] - b, 0xffff);
      start[n_blocks++] = b;
    }
  /* insertion sort, stable: few blocks */
  for (guint a = 1; a < n_blocks; a++)
    {
      guint b = start[a], c = a;
      guint64 g = guess[a];

      for (; c > 0 && g > guess[c - 1]; c--)
        {
          start[c] = start[c - 1];
          guess[c] = guess[c - 1];
        }
      start[c] = b;
      guess[c] = g;
    }
  for (guint i = 0; i < n_blocks; i++)
    {
      guint b = start[i], size = it->hi[b] - b;

      memcpy (member + k, it->member + b, size * sizeof (guint));
      memcpy (preds + k, it->preds + b, size * sizeof (guint));
      k += size;
      start[i] = size;   /* (lo and hi are rewritten below) */
    }
  for (guint i = 0, b = 0; i < n_blocks; i++)
    {
      guint size = start[i];

      for (guint a = b; a < b + size; a++)
        {
          it->lo[a] = b;
          it->hi[a] = b + size;
        }
      b += size;
    }
  memcpy (it->member, member, it->k * sizeof (guint));
  memcpy (it->preds, preds, it->k * sizeof (guint));
  g_free (start);
  g_free (guess);
  g_free (member);
  g_free (preds);
}

void
acy_cat_stream_iter_set_prune (AcyCatStreamIter *it, AcyCatPruneFunc func, gpointer data)
{
  gsize rel = (gsize) it->n * it->words;

  if (it->s->kind != ACY_CAT_STREAM_ORDERS || it->prune)
    return;
  if (!it->started && !it->done && it->k > 0)
    orders_most_first (it);
  it->prune = func;
  it->prune_data = data;
  it->must = g_new (AcyWord, MAX (rel, 1));
  it->may = g_new (AcyWord, MAX (rel, 1));
  it->later = g_new (AcyWord, it->words);
  /* An order holds pco between members of a block, and so its closure
   * there: with it, every lower side (must) is transitive. */
  it->pco_closed = g_new0 (AcyWord, MAX (rel, 1));
  for (guint b = 0; !it->done && b < it->k; b = it->hi[b])
    {
      memset (it->acc, 0, it->words * sizeof (AcyWord));
      for (guint a = b; a < it->hi[b]; a++)
        acy_bits_add (it->acc, it->member[a]);
      for (guint a = b; a < it->hi[b]; a++)
        acy_bits_inter (it->words, acy_rel_row (it->pco_closed, it->n, it->member[a]),
                        acy_rel_row (it->s->pco, it->n, it->member[a]), it->acc);
    }
  acy_rel_closure (it->n, it->pco_closed);
}

void
acy_cat_stream_iter_bounds (AcyCatStreamIter *it, const AcyWord **lo, const AcyWord **hi)
{
  orders_bounds (it);
  *lo = it->must;
  *hi = it->may;
}

void
acy_cat_stream_iter_free (AcyCatStreamIter *it)
{
  if (!it)
    return;
  g_free (it->member);
  g_free (it->lo);
  g_free (it->hi);
  g_free (it->preds);
  g_free (it->placed);
  g_free (it->choice);
  g_free (it->acc);
  g_free (it->must);
  g_free (it->may);
  g_free (it->later);
  g_free (it->pco_closed);
  g_free (it->pick);
  g_free (it);
}

/* Bounds on every element of @s: each contains @lo and lies within
 * @hi (relations). An order extends pco and relates only members of one
 * block; a union of picks contains what every pick of each factor has
 * and lies within all picks together. */
void
acy_cat_stream_bounds (AcyCatEval *ev, const AcyCatStream *s, AcyWord *lo, AcyWord *hi)
{
  guint n = ev->n, rw = (guint) ev->rel_words;
  const AcyExecution *x = ev->x;

  memset (lo, 0, MAX (rw, 1) * sizeof (AcyWord));
  memset (hi, 0, MAX (rw, 1) * sizeof (AcyWord));
  if (s->kind == ACY_CAT_STREAM_ORDERS)
    {
      ACY_BITS_FOREACH (a, s->set, n)
        ACY_BITS_FOREACH (b, s->set, n)
          if (a != b && (!s->per_loc || x->events[a].loc == x->events[b].loc))
            {
              acy_rel_add (hi, n, a, b);
              if (acy_rel_has (s->pco, n, a, b))
                acy_rel_add (lo, n, a, b);
            }
      return;
    }
  for (guint f = 0; f < s->n_factors; f++)
    {
      const AcyCatValue *o = s->factors[f];
      AcyWord *all = acy_cat_new_rel_raw (ev)->u.bits;

      for (guint w = 0; w < rw; w++)
        all[w] = ~(AcyWord) 0;
      for (guint i = 0; i < o->n; i++)
        {
          AcyWord *bits = acy_cat_to_rel (ev, NULL, o->u.items[i]);
          acy_bits_inter (rw, all, all, bits);
          acy_bits_union (rw, hi, hi, bits);
        }
      acy_bits_union (rw, lo, lo, all);
    }
}

/* Every element of @s as a set of values; @what names the elements for
 * the limit error. */
static AcyCatValue *
materialise (AcyCatEval *ev, const AcyCatExpr *at, const AcyCatStream *s, const char *what)
{
  AcyCatStreamIter *it = acy_cat_stream_iter_new (ev, s);
  AcyCatValue *out = acy_cat_value_new (ev, ACY_CAT_V_VSET), *v;
  guint cap = 8;

  out->u.items = acy_arena_newv (ev->arena, AcyCatValue *, cap);
  while ((v = acy_cat_stream_iter_next (it, ev)))
    {
      if (out->n >= ACY_CAT_MAX_FORCED)
        {
          acy_set_error_at (ev->error, ACY_ERROR_LIMIT, at->loc, "more than %u %s near '%s'",
                            ACY_CAT_MAX_FORCED, what, at->near);
          acy_cat_stream_iter_free (it);
          return NULL;
        }
      if (out->n == cap)
        {
          AcyCatValue **items = acy_arena_newv (ev->arena, AcyCatValue *, cap * 2);
          memcpy (items, out->u.items, cap * sizeof (gpointer));
          out->u.items = items;
          cap *= 2;
        }
      out->u.items[out->n++] = v;
    }
  acy_cat_stream_iter_free (it);
  return out;
}

/* @v itself, or the set a stream stands for. NULL (with an error) when
 * that set is too big to build. */
AcyCatValue *
acy_cat_force (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *v)
{
  if (G_LIKELY (v->kind != ACY_CAT_V_STREAM))
    return v;
  return materialise (ev, at, v->u.stream, "relations in a set");
}

static gboolean
set_and_rel (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *arg, AcyWord **s, AcyWord **r)
{
  if (arg->kind != ACY_CAT_V_TUPLE || arg->n != 2)
    {
      acy_cat_type_error (ev, at, "a pair (set, relation)", arg);
      return FALSE;
    }
  return (*s = acy_cat_to_set (ev, at, arg->u.items[0]))
         && (*r = acy_cat_to_rel (ev, at, arg->u.items[1]));
}

/* linearisations(S, r): every strict total order of S that contains r+
 * restricted to S (none when that is cyclic), as a set. As in herd, r
 * is closed first: two events of S ordered through events outside S are
 * ordered. */
AcyCatValue *
acy_cat_prim_linearisations (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *arg)
{
  AcyWord *s, *r, *plus;

  if (!set_and_rel (ev, at, arg, &s, &r))
    return NULL;
  plus = acy_cat_new_rel_raw (ev)->u.bits;
  acy_bits_copy ((guint) ev->rel_words, plus, r);
  acy_rel_closure (ev->n, plus);
  ACY_BITS_FOREACH (i, s, ev->n)
    if (acy_rel_has (plus, ev->n, i, i))
      return acy_cat_vset_new (ev, 0);   /* r is cyclic on S: no order */
  return materialise (ev, at, orders_new (ev, s, plus, FALSE), "linearisations");
}

/* co-orders(S, pco): the relations that order the events of S at each
 * location totally and contain pco there (events without a location
 * are left out), as a stream: cross.cat's generate_orders. */
AcyCatValue *
acy_cat_prim_co_orders (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *arg)
{
  AcyWord *s, *r;

  AcyCatStream *st;

  if (!set_and_rel (ev, at, arg, &s, &r))
    return NULL;
  if (!acy_cat_co_hint_applies (ev, s))
    return stream_value (ev, orders_new (ev, s, r, TRUE));
  /* the enumerator chose the order of the lock writes */
  st = orders_new (ev, s, r, TRUE);
  acy_bits_union ((guint) ev->rel_words, st->pco, st->pco, ev->x->co_hint);
  st->hinted = TRUE;
  return stream_value (ev, st);
}

/* Whether the execution's co_hint (the order of the lock writes the
 * enumerator chose) applies to co-orders over @set: when @set holds
 * every write it orders. */
gboolean
acy_cat_co_hint_applies (AcyCatEval *ev, const AcyWord *set)
{
  const AcyExecution *x = ev->x;

  if (x == NULL || x->co_hint == NULL)
    return FALSE;
  for (guint w = 0; w < ev->words; w++)
    if (x->co_hint_set[w] & ~set[w])
      return FALSE;
  return TRUE;
}

/* lazy-cross(F): for a set F = {O1, ..., On} of sets of relations, the
 * unions o1 | ... | on with each oi in Oi. A stream when no two unions
 * can be equal, which holds when the Oi involve disjoint pairs (the
 * union then tells which oi was picked): otherwise the set, built and
 * without duplicates. */
AcyCatValue *
acy_cat_prim_lazy_cross (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *arg)
{
  AcyCatStream *s;
  AcyWord *seen, *support;
  gboolean disjoint = TRUE;
  guint rw = (guint) ev->rel_words;

  if (arg->kind == ACY_CAT_V_EMPTY)
    {
      AcyCatValue *one = acy_cat_vset_new (ev, 1);
      one->u.items[one->n++] = acy_cat_new_rel (ev);
      return one;
    }
  if (!(arg = acy_cat_force (ev, at, arg)))
    return NULL;
  if (arg->kind != ACY_CAT_V_VSET)
    {
      acy_cat_type_error (ev, at, "a set of sets of relations", arg);
      return NULL;
    }
  s = acy_arena_new0 (ev->arena, AcyCatStream);
  s->kind = ACY_CAT_STREAM_CROSS;
  s->factors = acy_arena_newv (ev->arena, AcyCatValue *, MAX (arg->n, 1));
  seen = acy_cat_new_rel (ev)->u.bits;
  support = acy_cat_new_rel_raw (ev)->u.bits;
  for (guint f = 0; f < arg->n; f++)
    {
      AcyCatValue *o = acy_cat_force (ev, at, arg->u.items[f]);

      if (!o)
        return NULL;
      if (acy_cat_is_empty_value (ev, o))
        return acy_cat_value_new (ev, ACY_CAT_V_EMPTY);
      if (o->kind != ACY_CAT_V_VSET)
        {
          acy_cat_type_error (ev, at, "a set of sets of relations", arg);
          return NULL;
        }
      memset (support, 0, rw * sizeof (AcyWord));
      for (guint i = 0; i < o->n; i++)
        {
          AcyCatValue *r = o->u.items[i];
          if (r->kind != ACY_CAT_V_REL && r->kind != ACY_CAT_V_PAIR && r->kind != ACY_CAT_V_EMPTY)
            {
              acy_cat_type_error (ev, at, "a relation", r);
              return NULL;
            }
          acy_bits_union (rw, support, support, acy_cat_to_rel (ev, at, r));
        }
      for (guint w = 0; w < rw; w++)
        disjoint = disjoint && !(seen[w] & support[w]);
      acy_bits_union (rw, seen, seen, support);
      s->factors[s->n_factors++] = o;
    }
  if (disjoint)
    return stream_value (ev, s);
  /* Unions may repeat: build the set, which leaves them out. */
  {
    AcyCatStreamIter *it = acy_cat_stream_iter_new (ev, s);
    AcyCatValue *out = acy_cat_value_new (ev, ACY_CAT_V_EMPTY), *v;
    guint count = 0;

    while ((v = acy_cat_stream_iter_next (it, ev)))
      {
        if (++count > ACY_CAT_MAX_FORCED)
          {
            acy_set_error_at (ev->error, ACY_ERROR_LIMIT, at->loc,
                              "more than %u relations in a set near '%s'",
                              ACY_CAT_MAX_FORCED, at->near);
            acy_cat_stream_iter_free (it);
            return NULL;
          }
        out = acy_cat_vset_add (ev, out, v);
      }
    acy_cat_stream_iter_free (it);
    return out;
  }
}
