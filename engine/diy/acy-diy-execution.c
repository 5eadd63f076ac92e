/* acy-diy-execution.c - an execution's cycle named as diy's edges
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Program order with the communications (rf, co, fr) between the
 * accesses of an execution has a cycle exactly when the execution is not
 * sequentially consistent. The shortest such cycle, each of its steps
 * named as diy names edges (PodWR, Fre, DpAddrdR, FenceScdWR, RfeRlxAcq),
 * is the cycle diy would write the test from: a learner can read what
 * the graph shows in the words herd's tools use, and write it back with
 * --diy.
 */
#define G_LOG_DOMAIN "acyclic-diy"
#include "config.h"

#include <string.h>

#include "acy-bitrel.h"
#include "acy-diy-private.h"

static gboolean
is_access (const AcyEvent *e)
{
  return (e->kind & (ACY_EV_R | ACY_EV_W)) != 0 && (e->kind & ACY_EV_IW) == 0;
}

static const char *
order_name (guint32 kind)
{
  if (kind & ACY_EV_SC)
    return "Sc";
  if (kind & ACY_EV_ACQ_REL)
    return "AR";
  if (kind & ACY_EV_ACQ)
    return "Acq";
  if (kind & ACY_EV_REL)
    return "Rel";
  if (kind & ACY_EV_CON)
    return "Con";
  if (kind & ACY_EV_RLX)
    return "Rlx";
  return "Na";
}

/* The strongest fence between @a and @b in program order, as diy names
 * it: C11's by memory order, the kernel's by its tag. */
static char *
fence_between (const AcyExecution *x, guint a, guint b)
{
  guint n = x->n_events;
  char *best = NULL;
  int best_rank = -1;

  for (guint f = 0; f < n; f++)
    {
      const AcyEvent *e = &x->events[f];
      char *name = NULL;
      int rank = 0;

      if (!(e->kind & ACY_EV_F) || !acy_rel_has (x->po, n, a, f) || !acy_rel_has (x->po, n, f, b))
        continue;
      if (e->kind & ACY_EV_MO_MASK)
        {
          name = g_strconcat ("Fence", order_name (e->kind), NULL);
          rank = e->kind & ACY_EV_SC ? 10 : 5;
        }
      else
        for (guint t = 0; t < x->n_tags && name == NULL; t++)
          if (e->tags & (G_GUINT64_CONSTANT (1) << t))
            {
              const char *tag = x->tag_names[t];

              /* diy's names for the kernel's fences (its bell file's) */
              if (g_str_equal (tag, "mb"))
                name = g_strdup ("FenceMB"), rank = 10;
              else
                {
                  name = g_strdup_printf ("Fence%c%s", g_ascii_toupper (tag[0]), tag + 1);
                  rank = 5;
                }
            }
      if (name == NULL)
        name = g_strdup ("Fence"), rank = 1;
      if (rank > best_rank)
        {
          g_free (best);
          best = name;
          best_rank = rank;
        }
      else
        g_free (name);
    }
  return best;
}

static void
append_step (GString *out, const AcyExecution *x, const AcyWord *co, const AcyWord *fr,
             guint a, guint b, gboolean annotate)
{
  guint n = x->n_events;
  const AcyEvent *ea = &x->events[a], *eb = &x->events[b];
  char da = ea->kind & ACY_EV_R ? 'R' : 'W';
  char db = eb->kind & ACY_EV_R ? 'R' : 'W';
  gboolean ext = ea->thread != eb->thread;
  char sd = ea->loc == eb->loc ? 's' : 'd';

  if (out->len > 0)
    g_string_append_c (out, ' ');
  if (x->rf != NULL && acy_rel_has (x->rf, n, a, b))
    g_string_append_printf (out, "Rf%c", ext ? 'e' : 'i');
  else if (co != NULL && acy_rel_has (co, n, a, b))
    g_string_append_printf (out, "Co%c", ext ? 'e' : 'i');
  else if (fr != NULL && acy_rel_has (fr, n, a, b))
    g_string_append_printf (out, "Fr%c", ext ? 'e' : 'i');
  else if (x->rmw != NULL && acy_rel_has (x->rmw, n, a, b))
    g_string_append (out, "Rmw");
  else if (x->addr != NULL && acy_rel_has (x->addr, n, a, b))
    g_string_append_printf (out, "DpAddr%c%c", sd, db);
  else if (x->data != NULL && acy_rel_has (x->data, n, a, b))
    g_string_append_printf (out, "DpData%c%c", sd, db);
  else if (x->ctrl != NULL && acy_rel_has (x->ctrl, n, a, b))
    g_string_append_printf (out, "DpCtrl%c%c", sd, db);
  else
    {
      g_autofree char *fence = fence_between (x, a, b);

      g_string_append_printf (out, "%s%c%c%c", fence ? fence : "Po", sd, da, db);
    }
  if (annotate)
    g_string_append_printf (out, "%s%s", order_name (ea->kind), order_name (eb->kind));
}

char *
acy_diy_execution_cycle (const AcyExecution *x, const AcyWord *co, const AcyWord *fr)
{
  guint n = x->n_events;
  guint words = acy_rel_words (n);
  g_autofree AcyWord *g = g_new0 (AcyWord, (gsize) n * words);
  g_autofree int *dist = g_new (int, n);
  g_autofree int *parent = g_new (int, n);
  g_autofree guint *queue = g_new (guint, n);
  g_autofree guint *best = NULL;
  guint best_len = G_MAXUINT;
  gboolean annotate = FALSE;
  GString *out;

  /* the graph: po and communications between accesses */
  for (guint a = 0; a < n; a++)
    {
      if (!is_access (&x->events[a]))
        continue;
      if (x->events[a].kind & ACY_EV_MO_MASK)
        annotate = TRUE;
      for (guint b = 0; b < n; b++)
        if (b != a && is_access (&x->events[b])
            && (acy_rel_has (x->po, n, a, b)
                || (x->rf != NULL && acy_rel_has (x->rf, n, a, b))
                || (co != NULL && acy_rel_has (co, n, a, b))
                || (fr != NULL && acy_rel_has (fr, n, a, b))))
          acy_rel_add (g, n, a, b);
    }

  /* the shortest cycle: from each access, the shortest way back to it */
  for (guint s = 0; s < n; s++)
    {
      guint head = 0, tail = 0;

      if (!is_access (&x->events[s]))
        continue;
      for (guint i = 0; i < n; i++)
        dist[i] = -1, parent[i] = -1;
      dist[s] = 0;
      queue[tail++] = s;
      while (head < tail)
        {
          guint u = queue[head++];

          if ((guint) dist[u] + 1 >= best_len)
            break;
          for (guint v = 0; v < n; v++)
            {
              if (!acy_rel_has (g, n, u, v))
                continue;
              if (v == s)
                {
                  guint len = dist[u] + 1, k = len;

                  g_free (best);
                  best = g_new (guint, len);
                  for (int w = u; w >= 0; w = parent[w])
                    best[--k] = w;
                  best_len = len;
                  head = tail;
                  break;
                }
              if (dist[v] < 0)
                {
                  dist[v] = dist[u] + 1;
                  parent[v] = u;
                  queue[tail++] = v;
                }
            }
        }
    }
  if (best == NULL)
    return NULL;

  /* start at a thread's first access of the cycle, the lowest thread */
  {
    guint start = 0;
    int start_thread = G_MAXINT;

    for (guint i = 0; i < best_len; i++)
      {
        const AcyEvent *prev = &x->events[best[(i + best_len - 1) % best_len]];
        const AcyEvent *e = &x->events[best[i]];

        if (prev->thread != e->thread && e->thread < start_thread)
          start = i, start_thread = e->thread;
      }
    out = g_string_new (NULL);
    for (guint k = 0; k < best_len; k++)
      append_step (out, x, co, fr, best[(start + k) % best_len], best[(start + k + 1) % best_len], annotate);
  }
  return g_string_free (out, FALSE);
}
