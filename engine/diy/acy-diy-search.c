/* acy-diy-search.c - the tests that tell two models apart: cycles
 * enumerated smallest first, written as diy writes them, checked under
 * both models
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The order: by number of accesses, then of threads; for each size the
 * cycles over the vocabulary in the vocabulary's order, each once (the
 * rotation that comes first), then, with annotations, each cycle with
 * one annotation on every access before any mix. Each cycle has its
 * place in that order, so that workers (threads here, machines through
 * build-aux/acyclic-check-batch) can share them out and the results be
 * put back in order.
 */
#define G_LOG_DOMAIN "acyclic-diy"
#include "config.h"

#include <string.h>

#include "acy-error.h"
#include "acy-compare.h"
#include "acy-diy-private.h"
#include "acy-diy-search.h"

#define MAX_EDGES 16
#define BATCH 16

/* ---- the vocabulary ---- */

typedef struct {
  DiyEdge  edge;
  char    *word;
  gboolean ext;
  gint8    dir;      /* its source event's direction, -1 for a pseudo edge */
} Word;

typedef struct {
  const DiyArch *arch;
  GArray  *words;               /* Word */
  gint8    ann[2][16];          /* annotations by direction: [DIY_W], [DIY_R] */
  guint    n_ann[2];
  gboolean annotate;
} Vocab;

static const char *const default_edges_c =
  "Rfe Fre Coe Rfi Fri Coi PodWR PodWW PodRR PodRW PosWR PosWW PosRR PosRW "
  "FenceScdWW FenceScdRR FenceScdWR FenceScdRW DpAddrdR DpAddrdW DpDatadW DpCtrldR DpCtrldW";

const char *
acy_diy_search_default_edges (AcyDiyArch arch)
{
  switch (arch)
    {
    case ACY_DIY_ARCH_C:
      return default_edges_c;
    }
  g_return_val_if_reached (default_edges_c);
}

static void
vocab_clear (Vocab *v)
{
  if (v->words == NULL)
    return;
  for (guint i = 0; i < v->words->len; i++)
    g_free (g_array_index (v->words, Word, i).word);
  g_clear_pointer (&v->words, g_array_unref);
}

static gboolean
vocab_init (Vocab *v, const DiyArch *arch, const char *edges, const char *annotations, GError **error)
{
  DiyLexicon *lex = acy_diy_lexicon_get (arch, FALSE);
  g_auto(GStrv) words = g_strsplit_set (edges, ", \t\n", -1);

  v->arch = arch;
  v->words = g_array_new (FALSE, FALSE, sizeof (Word));
  for (guint i = 0; words[i]; i++)
    {
      Word w = { 0 };
      DiyExtr d;

      if (*words[i] == '\0')
        continue;
      if (!acy_diy_lexicon_parse_edge (lex, words[i], &w.edge) || w.edge.kind == DIY_ID)
        {
          g_set_error (error, ACY_ERROR, ACY_ERROR_SYNTAX, "--edges: unknown edge '%s'", words[i]);
          return FALSE;
        }
      d = acy_diy_dir_src (&w.edge);
      if (d == DIY_IRR || acy_diy_dir_tgt (&w.edge) == DIY_IRR)
        {
          g_set_error (error, ACY_ERROR, ACY_ERROR_SYNTAX, "--edges: '%s' leaves a direction open", words[i]);
          return FALSE;
        }
      w.word = g_strdup (words[i]);
      w.ext = acy_diy_get_ie (&w.edge) == DIY_EXT;
      w.dir = !acy_diy_is_non_pseudo (&w.edge) && w.edge.kind != DIY_NODE ? -1 : d == DIY_DW ? DIY_W : DIY_R;
      g_array_append_val (v->words, w);
      if (v->words->len > 250)
        {
          g_set_error (error, ACY_ERROR, ACY_ERROR_LIMIT, "--edges: more than 250 edges");
          return FALSE;
        }
    }
  if (v->words->len == 0)
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_SYNTAX, "--edges: no edge given");
      return FALSE;
    }
  if (annotations != NULL && *annotations)
    {
      g_auto(GStrv) anns = g_strsplit_set (annotations, ", \t\n", -1);

      v->annotate = TRUE;
      for (guint i = 0; anns[i]; i++)
        {
          gint a = DIY_NONE;
          gboolean found = g_str_equal (anns[i], arch->plain);

          if (*anns[i] == '\0')
            continue;
          for (guint k = 0; !found && k < arch->n_atoms; k++)
            if (g_str_equal (anns[i], arch->atoms[k]))
              a = k, found = TRUE;
          if (!found)
            {
              g_set_error (error, ACY_ERROR, ACY_ERROR_SYNTAX, "--annotations: unknown annotation '%s'", anns[i]);
              return FALSE;
            }
          for (guint d = DIY_W; d <= DIY_R; d++)
            if ((a == DIY_NONE || arch->applies_atom (a, d)) && v->n_ann[d] < G_N_ELEMENTS (v->ann[d]))
              v->ann[d][v->n_ann[d]++] = a;
        }
      if (v->n_ann[DIY_W] == 0 || v->n_ann[DIY_R] == 0)
        {
          g_set_error (error, ACY_ERROR, ACY_ERROR_SYNTAX,
                       "--annotations: give some for reads and some for writes");
          return FALSE;
        }
    }
  return TRUE;
}

/* ---- the enumeration ---- */

typedef struct {
  guint64 index;
  guint   n, threads;
  guint8  seq[MAX_EDGES];
  gint8   atoms[MAX_EDGES];   /* the annotation of each edge's source */
} Cand;

typedef struct {
  const Vocab *v;
  guint   max_n, max_t;
  guint   n, t;
  guint   phase;          /* 0: plain or uniform annotations, 1: mixed */
  int     pos;            /* depth of the search, -1 before the first */
  int     seq[MAX_EDGES];
  guint   ext[MAX_EDGES + 1];
  gboolean have_cycle;
  guint   uniform;        /* which uniform annotation, phase 0 */
  guint8  pick[MAX_EDGES];
  guint64 next_index;
  gboolean done;
} Enum;

static gboolean
canonical (const int *seq, guint n)
{
  for (guint r = 1; r < n; r++)
    for (guint i = 0; i < n; i++)
      {
        int a = seq[i], b = seq[(i + r) % n];

        if (b < a)
          return FALSE;
        if (b > a)
          break;
      }
  return TRUE;
}

/* The next cycle of e->n edges and e->t external ones, in order. */
static gboolean
dfs_next (Enum *e)
{
  const Vocab *v = e->v;
  guint nw = v->words->len;

  if (e->pos < 0)
    {
      e->pos = 0;
      e->seq[0] = -1;
      e->ext[0] = 0;
    }
  for (;;)
    {
      int p = e->pos;
      const Word *w;

      if (++e->seq[p] >= (int) nw)
        {
          if (--e->pos < 0)
            return FALSE;
          continue;
        }
      /* the first edge is the smallest: the rotation that comes first */
      if (p > 0 && e->seq[p] < e->seq[0])
        continue;
      w = &g_array_index (v->words, Word, e->seq[p]);
      e->ext[p + 1] = e->ext[p] + w->ext;
      if (e->ext[p + 1] > e->t || e->ext[p + 1] + (e->n - 1 - p) < e->t)
        continue;
      if (p > 0 && !acy_diy_can_precede (v->arch, &g_array_index (v->words, Word, e->seq[p - 1]).edge, &w->edge))
        continue;
      if ((guint) p + 1 < e->n)
        {
          e->pos = p + 1;
          e->seq[p + 1] = e->seq[0] - 1;
          continue;
        }
      if (!acy_diy_can_precede (v->arch, &w->edge, &g_array_index (v->words, Word, e->seq[0]).edge))
        continue;
      if (!canonical (e->seq, e->n))
        continue;
      return TRUE;
    }
}

static gint8
event_dir (const Enum *e, guint i)
{
  return g_array_index (e->v->words, Word, e->seq[i]).dir;
}

static gboolean
is_uniform (const Enum *e)
{
  const Vocab *v = e->v;
  guint kmax = MAX (v->n_ann[DIY_W], v->n_ann[DIY_R]);

  for (guint k = 0; k < kmax; k++)
    {
      gboolean all = TRUE;

      for (guint i = 0; all && i < e->n; i++)
        {
          gint8 d = event_dir (e, i);

          if (d >= 0 && e->pick[i] != MIN (k, v->n_ann[d] - 1))
            all = FALSE;
        }
      if (all)
        return TRUE;
    }
  return FALSE;
}

/* The next way to annotate the current cycle, FALSE when it has none
 * left (phase 0: the uniform ones, phase 1: the mixed ones). */
static gboolean
next_annotation (Enum *e, gboolean first)
{
  const Vocab *v = e->v;
  guint kmax = MAX (v->n_ann[DIY_W], v->n_ann[DIY_R]);

  if (!v->annotate)
    return first;
  if (e->phase == 0)
    {
      if (first)
        e->uniform = 0;
      else if (++e->uniform >= kmax)
        return FALSE;
      for (guint i = 0; i < e->n; i++)
        {
          gint8 d = event_dir (e, i);

          e->pick[i] = d >= 0 ? MIN (e->uniform, v->n_ann[d] - 1) : 0;
        }
      return TRUE;
    }
  if (first)
    memset (e->pick, 0, sizeof e->pick);
  for (;;)
    {
      if (!first)
        {
          guint i;

          for (i = 0; i < e->n; i++)
            {
              gint8 d = event_dir (e, i);

              if (d < 0)
                continue;
              if (++e->pick[i] < v->n_ann[d])
                break;
              e->pick[i] = 0;
            }
          if (i == e->n)
            return FALSE;
        }
      first = FALSE;
      if (!is_uniform (e))
        return TRUE;
    }
}

static gboolean
enum_next (Enum *e, Cand *out)
{
  for (;;)
    {
      if (e->done)
        return FALSE;
      if (e->have_cycle && next_annotation (e, FALSE))
        break;
      e->have_cycle = FALSE;
      if (dfs_next (e))
        {
          e->have_cycle = next_annotation (e, TRUE);
          if (e->have_cycle)
            break;
          continue;
        }
      /* this size is done: the next phase, thread count, size */
      e->pos = -1;
      if (e->v->annotate && e->phase == 0)
        {
          e->phase = 1;
          continue;
        }
      e->phase = 0;
      if (++e->t > MIN (e->max_t, e->n))
        {
          e->t = 2;
          if (++e->n > e->max_n)
            {
              e->done = TRUE;
              return FALSE;
            }
        }
    }
  out->index = e->next_index++;
  out->n = e->n;
  out->threads = e->t;
  for (guint i = 0; i < e->n; i++)
    {
      gint8 d = event_dir (e, i);

      out->seq[i] = e->seq[i];
      out->atoms[i] = e->v->annotate && d >= 0 ? e->v->ann[d][e->pick[i]] : DIY_NONE;
    }
  return TRUE;
}

/* ---- checking one cycle ---- */

typedef struct {
  const AcyModel *const *models;
  const AcyMacros *macros;
  const Vocab *v;
  AcyDiyArch arch;
  GCancellable *stop;
} Checker;

typedef enum { CHECK_REFUSED, CHECK_ERROR, CHECK_SAME, CHECK_FOUND } CheckOutcome;

static char *
cand_edges (const Checker *c, const Cand *cand, DiyEdge *es)
{
  GString *cycle = g_string_new (NULL);

  for (guint i = 0; i < cand->n; i++)
    {
      const Word *w = &g_array_index (c->v->words, Word, cand->seq[i]);

      es[i] = w->edge;
      es[i].from = i;
      if (c->v->annotate && w->dir >= 0)
        {
          guint j = (i + 1) % cand->n;

          while (g_array_index (c->v->words, Word, cand->seq[j]).dir < 0)
            j = (j + 1) % cand->n;
          es[i].a1 = cand->atoms[i];
          es[i].a2 = cand->atoms[j];
        }
      if (i > 0)
        g_string_append_c (cycle, ' ');
      acy_diy_edge_append (c->v->arch, cycle, &es[i]);
    }
  return g_string_free (cycle, FALSE);
}

/* The check of @model that forbids the condition's state. */
static char *
forbidding_check (const AcyTest *test, const AcyModel *model, AcyCheckResult *weaker, guint stronger,
                  GCancellable *stop)
{
  g_autoptr(AcyStateProbe) probe = acy_state_probe_new (test);
  g_autoptr(AcyCheckResult) strong = NULL;
  g_autoptr(AcyComparison) cmp = NULL;
  AcyCheckOptions o = { 0 };
  const AcyCheckResult *results[2];
  const AcyStateProbe *probes[2] = { NULL, NULL };

  o.n_threads = 1;
  o.outcome = acy_state_probe_outcome;
  o.outcome_data = probe;
  strong = acy_check_run (test, model, &o, stop, NULL);
  if (strong == NULL)
    return NULL;
  results[stronger] = strong;
  results[1 - stronger] = weaker;
  probes[stronger] = probe;
  cmp = acy_comparison_new_full (test, results, probes, 2);
  for (guint r = 0; r < acy_comparison_get_n_rows (cmp); r++)
    if (acy_comparison_row_satisfies (cmp, r) && acy_comparison_row_allowed (cmp, r, 1 - stronger)
        && !acy_comparison_row_allowed (cmp, r, stronger)
        && acy_comparison_row_get_failed_check (cmp, r, stronger) != NULL)
      return g_strdup (acy_comparison_row_get_failed_check (cmp, r, stronger));
  return NULL;
}

static CheckOutcome
check_cand (const Checker *c, const Cand *cand, AcyDiyFound **found)
{
  DiyEdge es[MAX_EDGES];
  g_autofree char *cycle = cand_edges (c, cand, es);
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  g_autoptr(AcyTest) test = NULL;
  AcyCheckResult *r[2] = { NULL, NULL };
  AcyDiyOptions dopts = { c->arch, NULL, TRUE, "acyclic-check --distinguish" };
  AcyCheckOptions o = { 0 };
  gboolean never[2];
  CheckOutcome outcome = CHECK_SAME;

  text = acy_diy_write_edges (c->v->arch, es, cand->n, &dopts, &name, NULL);
  if (text == NULL)
    return CHECK_REFUSED;
  test = acy_test_parse (text, -1, name, c->macros, NULL);
  if (test == NULL)
    return CHECK_ERROR;
  o.n_threads = 1;
  for (guint m = 0; m < 2; m++)
    {
      r[m] = acy_check_run (test, c->models[m], &o, c->stop, NULL);
      if (r[m] == NULL)
        {
          g_clear_pointer (&r[0], acy_check_result_free);
          return CHECK_ERROR;
        }
      never[m] = acy_check_result_get_observation (r[m]) == ACY_OBSERVATION_NEVER;
    }
  if (never[0] != never[1])
    {
      AcyDiyFound *f = g_new0 (AcyDiyFound, 1);

      f->index = cand->index;
      f->accesses = cand->n;
      f->threads = cand->threads;
      f->cycle = g_steal_pointer (&cycle);
      f->name = g_steal_pointer (&name);
      f->text = g_steal_pointer (&text);
      for (guint m = 0; m < 2; m++)
        {
          f->observation[m] = acy_check_result_get_observation (r[m]);
          f->positive[m] = acy_check_result_get_positive (r[m]);
          f->negative[m] = acy_check_result_get_negative (r[m]);
        }
      f->stronger = never[0] ? 0 : 1;
      f->check = forbidding_check (test, c->models[f->stronger], r[1 - f->stronger], f->stronger, c->stop);
      *found = f;
      outcome = CHECK_FOUND;
    }
  acy_check_result_free (r[0]);
  acy_check_result_free (r[1]);
  return outcome;
}

/* ---- batches, workers, order ---- */

typedef struct {
  GArray    *cands;     /* Cand */
  GPtrArray *found;     /* AcyDiyFound, in order */
  guint64    tests, refused;
  gboolean   done;
} Batch;

typedef struct {
  Checker  checker;
  GMutex   lock;
  GCond    cond;
} Shared;

static void
batch_free (Batch *b)
{
  g_array_unref (b->cands);
  g_ptr_array_unref (b->found);
  g_free (b);
}

static void
run_batch (Batch *b, const Checker *c)
{
  for (guint i = 0; i < b->cands->len && !g_cancellable_is_cancelled (c->stop); i++)
    {
      AcyDiyFound *f = NULL;

      switch (check_cand (c, &g_array_index (b->cands, Cand, i), &f))
        {
        case CHECK_REFUSED:
          b->refused++;
          break;
        case CHECK_FOUND:
          g_ptr_array_add (b->found, f);
          b->tests++;
          break;
        case CHECK_SAME:
          b->tests++;
          break;
        case CHECK_ERROR:
          break;
        }
    }
}

static void
worker (gpointer data, gpointer user_data)
{
  Batch *b = data;
  Shared *s = user_data;

  run_batch (b, &s->checker);
  g_mutex_lock (&s->lock);
  b->done = TRUE;
  g_cond_broadcast (&s->cond);
  g_mutex_unlock (&s->lock);
}

AcyDiyFound *
acy_diy_found_copy (const AcyDiyFound *found)
{
  AcyDiyFound *f = g_memdup2 (found, sizeof *found);

  f->cycle = g_strdup (found->cycle);
  f->name = g_strdup (found->name);
  f->text = g_strdup (found->text);
  f->check = g_strdup (found->check);
  return f;
}

void
acy_diy_found_free (AcyDiyFound *found)
{
  if (found == NULL)
    return;
  g_free (found->cycle);
  g_free (found->name);
  g_free (found->text);
  g_free (found->check);
  g_free (found);
}

static void
cancelled_cb (GCancellable *user, GCancellable *stop)
{
  (void) user;
  g_cancellable_cancel (stop);
}

gboolean
acy_diy_search (const AcyModel *const *models, const AcyMacros *macros, const AcyDiySearchOptions *options,
                AcyDiyFoundFunc found, AcyDiyProgressFunc progress, gpointer data,
                AcyDiySearchProgress *summary, GCancellable *cancellable, GError **error)
{
  const DiyArch *arch = acy_diy_arch_get (options->arch);
  Vocab v = { 0 };
  Enum e = { 0 };
  Shared s = { 0 };
  AcyDiySearchProgress prog = { 0 };
  g_autoptr(GQueue) queue = g_queue_new ();
  g_autoptr(GCancellable) stop = g_cancellable_new ();
  GThreadPool *pool = NULL;
  gint64 start = g_get_monotonic_time ();
  guint n_parts = MAX (options->n_parts, 1);
  guint max_inflight;
  gulong handler = 0;
  gboolean enum_done = FALSE, stopped = FALSE;
  guint emitted_n = 0;

  if (!vocab_init (&v, arch, options->edges ? options->edges : acy_diy_search_default_edges (options->arch),
                   options->annotations, error))
    {
      vocab_clear (&v);
      return FALSE;
    }
  e.v = &v;
  e.max_n = MIN (options->max_accesses ? options->max_accesses : 6, MAX_EDGES);
  e.max_t = options->max_threads ? options->max_threads : 4;
  e.n = 2;
  e.t = 2;
  e.pos = -1;
  s.checker.models = models;
  s.checker.macros = macros;
  s.checker.v = &v;
  s.checker.arch = options->arch;
  s.checker.stop = stop;
  g_mutex_init (&s.lock);
  g_cond_init (&s.cond);
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), g_object_ref (stop), g_object_unref);
  if (options->n_workers > 1)
    pool = g_thread_pool_new (worker, &s, options->n_workers, FALSE, NULL);
  max_inflight = pool != NULL ? 4 * options->n_workers : 1;
  prog.done_accesses = 1;

  while (!stopped)
    {
      /* fill the queue */
      while (!enum_done && g_queue_get_length (queue) < max_inflight)
        {
          Batch *b = g_new0 (Batch, 1);
          Cand cand;

          b->cands = g_array_new (FALSE, FALSE, sizeof (Cand));
          b->found = g_ptr_array_new_with_free_func ((GDestroyNotify) acy_diy_found_free);
          while (b->cands->len < BATCH)
            {
              if (!enum_next (&e, &cand))
                {
                  enum_done = TRUE;
                  break;
                }
              prog.cycles++;
              if (cand.index % n_parts == options->part)
                g_array_append_val (b->cands, cand);
            }
          g_queue_push_tail (queue, b);
          if (pool != NULL)
            g_thread_pool_push (pool, b, NULL);
          else
            {
              run_batch (b, &s.checker);
              b->done = TRUE;
            }
        }
      if (g_queue_is_empty (queue))
        break;
      /* emit the first batch once it is checked */
      {
        Batch *b = g_queue_pop_head (queue);

        g_mutex_lock (&s.lock);
        while (!b->done)
          g_cond_wait (&s.cond, &s.lock);
        g_mutex_unlock (&s.lock);
        if (g_cancellable_is_cancelled (stop))
          {
            batch_free (b);
            stopped = TRUE;
            break;
          }
        prog.tests += b->tests;
        prog.refused += b->refused;
        if (b->cands->len > 0)
          {
            const Cand *last = &g_array_index (b->cands, Cand, b->cands->len - 1);

            if (last->n > emitted_n)
              {
                prog.done_accesses = last->n - 1;
                emitted_n = last->n;
              }
            prog.accesses = last->n;
            prog.threads = last->threads;
          }
        for (guint i = 0; i < b->found->len && !stopped; i++)
          {
            prog.found++;
            if (found != NULL)
              found (b->found->pdata[i], data);
            if (options->max_found > 0 && prog.found >= options->max_found)
              stopped = TRUE;
          }
        batch_free (b);
        prog.elapsed = (g_get_monotonic_time () - start) / 1e6;
        if (options->timeout > 0 && prog.elapsed >= options->timeout)
          {
            prog.timed_out = TRUE;
            stopped = TRUE;
          }
        if (progress != NULL)
          progress (&prog, data);
      }
    }
  if (!stopped && enum_done)
    {
      prog.complete = TRUE;
      prog.done_accesses = e.max_n;
    }
  /* stop the workers and wait for them */
  g_cancellable_cancel (stop);
  if (pool != NULL)
    g_thread_pool_free (pool, FALSE, TRUE);
  while (!g_queue_is_empty (queue))
    batch_free (g_queue_pop_head (queue));
  if (handler != 0)
    g_cancellable_disconnect (cancellable, handler);
  g_mutex_clear (&s.lock);
  g_cond_clear (&s.cond);
  vocab_clear (&v);
  prog.elapsed = (g_get_monotonic_time () - start) / 1e6;
  if (summary != NULL)
    *summary = prog;
  if (cancellable != NULL && g_cancellable_is_cancelled (cancellable))
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_CANCELLED, "cancelled");
      return FALSE;
    }
  return TRUE;
}
