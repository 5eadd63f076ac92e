/* acy-enumerate-locks.c - the enumerator chooses the order of writes taken in turn
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Lock writes and the writes of read-modify-writes are each taken from
 * the write before them in coherence order: choosing their order ahead
 * of rf (AcyExecution.co_hint) leaves the reads of critical sections
 * and of RMWs one rf each that the model can allow. Part of the
 * enumerator (acy-enumerate.c).
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-enumerate-private.h"

/* ---- lock orders ---- */

/* Whether @te is a write taken in turn: a lock write (LKW), or the write
 * of a read-modify-write. Each reads the write before it in coherence
 * order (a lock is taken from the unlock or the initial write before
 * it, an RMW reads the write its own comes right after), so once the
 * enumerator has chosen their order (AcyExecution.co_hint), the reads
 * inside critical sections and those of RMWs have one rf each that the
 * model can allow, and the others are cut at once. Not an RMW in a ring
 * of threads, whose rotation serves better (the corpus's SB ring of
 * cmpxchg locks took nine times as long with their order chosen), nor
 * one that writes an address (a queue's tail): what the others do with
 * the address they read already tells whose write each read, so
 * choosing the order first only multiplies the orders to judge
 * (bench/gen-litmus's mcs-handover 3 took six times as long). */
static gboolean
taken_in_turn (Enum *en, const AcyTraceEvent *te)
{
  const AcyEvent *e = &te->ev;

  if (e->kind & ACY_EV_LKW)
    return TRUE;
  return en->rot_n == 0 && (e->kind & (ACY_EV_W | ACY_EV_RMW)) == (ACY_EV_W | ACY_EV_RMW)
         && !(te->sym != NULL && te->sym->kind == ACY_SYM_CONST && ACY_VALUE_IS_PTR (te->sym->value));
}

/* The writes of @c taken in turn, location by location, when there are
 * three or more of them and some location has two or more: their order
 * is then chosen here, ahead of rf, rather than left to the model's
 * coherence orders (which extend it: see AcyExecution.co_hint). FALSE
 * when there is nothing to order. */
gboolean
acy_enum_setup_lock_order (Enum *en, Combo *c)
{
  AcyArena *a = en->arena;
  guint n = c->n, n_locs = c->x.n_locs, k = 0;
  gboolean some = FALSE;

  for (guint g = n_locs; g < n; g++)
    k += taken_in_turn (en, c->tev[g]);
  if (k < 3)
    return FALSE;
  c->lock_ev = acy_arena_newv (a, guint, k);
  c->lock_lo = acy_arena_newv (a, guint, k);
  c->lock_hi = acy_arena_newv (a, guint, k);
  c->lock_placed = acy_arena_newv0 (a, gboolean, k);
  c->lock_seq = acy_arena_newv (a, guint, k);
  for (guint l = 0; l < n_locs; l++)
    {
      guint lo = c->n_lock_ev;

      for (guint g = n_locs; g < n; g++)
        if (taken_in_turn (en, c->tev[g]) && c->events[g].loc == (gint32) l)
          c->lock_ev[c->n_lock_ev++] = g;
      for (guint i = lo; i < c->n_lock_ev; i++)
        {
          c->lock_lo[i] = lo;
          c->lock_hi[i] = c->n_lock_ev;
        }
      /* a lone pair of writes in turn has two orders: as cheap for the
       * model to try as for the enumerator, which would judge each
       * partial rf twice over; several pairs (a chain of two-lock
       * handovers) have as many orders as the model would try for each
       * rf, where most rfs have none */
      some |= c->n_lock_ev - lo >= 2;
    }
  if (!some)
    {
      c->n_lock_ev = 0;
      return FALSE;
    }
  c->co_hint = acy_arena_newv0 (a, AcyWord, acy_rel_words (n));
  c->co_hint_set = acy_arena_newv0 (a, AcyWord, ACY_WORDS (n));
  for (guint i = 0; i < c->n_lock_ev; i++)
    acy_bits_add (c->co_hint_set, c->lock_ev[i]);
  c->x.co_hint = c->co_hint;
  c->x.co_hint_set = c->co_hint_set;
  c->x.co_hint_used = &en->co_hint_used;
  return TRUE;
}

/* Interchangeable threads, lock by lock: taking the lock in a thread
 * nothing involves yet stands for taking it in any other such one that
 * follows the same path (as fresh_weight for reads). How many choices
 * it stands for, 0 when it is the image of another. */
static guint
lock_weight (Enum *en, Combo *c, guint t)
{
  if (en->group == NULL || en->group[t] < 0 || c->used[t] > 0)
    return 1;
  return class_weight (en, c, t, 0);
}

/* Place a lock write at each position @p.. in turn (every order of the
 * writes of each lock), then choose rf. Each placing gives the model a
 * new structure to judge (its co_hint changed), and a prefix that no
 * candidate can follow is cut as a partial rf is. */
gboolean
acy_enum_choose_lock_order (Enum *en, Combo *c, guint p)
{
  guint n = c->n;

  if (p == c->n_lock_ev)
    return acy_enum_rf_hopeless (en, c, 0) || acy_enum_assign_rf (en, c, 0, FALSE);
  for (guint i = c->lock_lo[p]; i < c->lock_hi[p]; i++)
    {
      guint g = c->lock_ev[i], t = c->events[g].thread, weight;
      gboolean ok = TRUE;

      if (c->lock_placed[i])
        continue;
      if (halted_after (en, 1))
        return FALSE;
      weight = lock_weight (en, c, t);
      if (weight == 0)
        continue;
      c->lock_placed[i] = TRUE;
      c->lock_seq[p] = i;
      c->weight *= weight;
      if (en->group != NULL)
        image_choice (en, c, t, 0, weight);
      c->used[t]++;
      for (guint j = c->lock_lo[p]; j < c->lock_hi[p]; j++)
        if (!c->lock_placed[j])
          acy_rel_add (c->co_hint, n, g, c->lock_ev[j]);
      c->x.structure_id = ++en->n_structures;
      if (p + 1 == c->n_lock_ev || !acy_enum_rf_hopeless (en, c, 0))
        ok = acy_enum_choose_lock_order (en, c, p + 1);
      memset (acy_rel_row (c->co_hint, n, g), 0, ACY_WORDS (n) * sizeof (AcyWord));
      c->used[t]--;
      if (en->group != NULL)
        image_choice_undo (en, c, t, weight);
      c->weight /= weight;
      c->lock_placed[i] = FALSE;
      if (!ok)
        return FALSE;
    }
  return TRUE;
}
