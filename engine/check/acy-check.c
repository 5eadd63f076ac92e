/* acy-check.c - run a litmus test under a model and report like herd7
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-check.h"
#include "acy-resources.h"

struct _AcyCheckResult {
  const AcyTest    *test;
  guint             n_observed;
  GPtrArray        *states;      /* AcyState*, values owned */
  guint64           positive;
  guint64           negative;
  char            **flags;
  AcyObservation    observation;
  gboolean          ok;
  AcyCheckProgress  stats;
  AcyNonAddress     non_address;
  AcyLoopCut        loop_cut;
};

/* What the workers of one check share. Counters are atomics; everything
 * else a worker touches is its own, and results are merged at the end. */
typedef struct {
  guint64                 candidates;    /* atomic */
  guint64                 outcomes;      /* atomic */
  guint64                 allowed;       /* atomic */
  gint                    stop;          /* atomic: a worker failed or was told to stop */
  guint64                 next;          /* atomic: the first part no worker took (see take_next()) */
  GMutex                  progress_lock;
  gint64                  last_progress;
  gboolean                order_locks;   /* the enumerator chooses lock orders */
  gint                    hint_unused;   /* atomic: the model did not follow one */
  gboolean                values_seen;   /* the model reads values: threads that differ in
                                          * constants are not permuted */
} Shared;

typedef struct {
  Shared                 *shared;
  guint                   shard;         /* this worker's number */
  guint                   n_shards;
  guint64                 seen;          /* parts this worker's enumeration came to (see take_next()) */
  gboolean                claims;        /* the enumeration deals out parts (AcyEnumerateOptions.claim) */
  guint64                 partial;       /* partial rfs judged */
  const AcyTest          *test;
  const AcyCheckOptions  *options;
  GCancellable           *cancellable;
  AcyModelRunner         *runner;
  gboolean                rmw_tags_both;  /* the model runs under lkmmv2 */
  gboolean                permuted_constants;  /* the enumeration took values for unseen */
  AcyCheckResult         *result;
  GHashTable             *state_index;   /* values -> AcyState* (key owned by the state) */
  GHashTable             *flags;         /* interned names */
  const AcyCandidate     *candidate;     /* the one being judged */
  /* its final state and those of its images, looked up at its first
   * allowed outcome: every outcome of a candidate has its final values
   * (NULL until then) */
  AcyState               *final_state;
  AcyState              **image_states;
  guint                   cap_images;
  guint64                 images_weight; /* the candidates its images stand for */
  guint64                 outcomes_due;  /* not yet added to the shared counts */
  guint64                 allowed_due;
  AcyValue               *key;           /* scratch: n, values... */
  gint64                  start;
  GError                 *error;         /* first model error, or limit */
  gboolean                stopped;       /* the outcome callback asked to stop */
} CheckRun;

/* State keys are value arrays prefixed by their length, so the hash
 * functions need no outside context. */
static guint
state_hash (gconstpointer key)
{
  const AcyValue *v = key;
  guint64 h = 1469598103934665603ull;

  for (AcyValue i = 0; i <= v[0]; i++)
    {
      h ^= (guint64) v[i];
      h *= 1099511628211ull;
    }
  return (guint) (h ^ (h >> 32));
}

static gboolean
state_equal (gconstpointer a, gconstpointer b)
{
  const AcyValue *va = a, *vb = b;
  return va[0] == vb[0] && memcmp (va, vb, (gsize) (va[0] + 1) * sizeof (AcyValue)) == 0;
}

static void
state_free (gpointer data)
{
  AcyState *s = data;
  g_free ((gpointer) (s->values - 1));
  g_free (s);
}

/* The state of the final values @final, made at its first sight. */
static AcyState *
find_state (CheckRun *run, const AcyValue *final, gboolean condition)
{
  AcyCheckResult *r = run->result;
  AcyState *s;

  if (r->n_observed > 0)
    memcpy (run->key + 1, final, r->n_observed * sizeof (AcyValue));
  s = g_hash_table_lookup (run->state_index, run->key);
  if (s == NULL)
    {
      AcyValue *key = g_memdup2 (run->key, (r->n_observed + 1) * sizeof (AcyValue));
      s = g_new0 (AcyState, 1);
      s->values = key + 1;
      s->satisfies = condition;
      g_ptr_array_add (r->states, s);
      g_hash_table_insert (run->state_index, key, s);
    }
  return s;
}

/* Whether an outcome whose proposition is @condition is one herd7's
 * -speedcheck true keeps (AcyCheckOptions.relevant_only). */
static inline gboolean
relevant (const CheckRun *run, gboolean condition)
{
  return !run->options || !run->options->relevant_only
         || condition == (acy_test_get_quantifier (run->test) != ACY_QUANT_FORALL);
}

/* An allowed outcome (@weight of them) with the final state @s. */
static void
record_state (CheckRun *run, AcyState *s, gboolean condition, guint64 weight)
{
  if (condition)
    run->result->positive += weight;
  else
    run->result->negative += weight;
  s->count += weight;
}

/* What this worker counted since it last did, into the shared counts
 * (once per candidate: an atomic add per outcome made the two workers
 * pass one cache line back and forth). */
static void
flush_counts (CheckRun *run)
{
  if (run->outcomes_due)
    __atomic_fetch_add (&run->shared->outcomes, run->outcomes_due, __ATOMIC_RELAXED);
  if (run->allowed_due)
    __atomic_fetch_add (&run->shared->allowed, run->allowed_due, __ATOMIC_RELAXED);
  run->outcomes_due = run->allowed_due = 0;
}

static void
maybe_report_progress (CheckRun *run, gboolean force)
{
  Shared *sh = run->shared;
  AcyCheckProgress p;
  gint64 now;

  if (run->options == NULL || run->options->progress == NULL)
    return;
  now = g_get_monotonic_time ();
  g_mutex_lock (&sh->progress_lock);
  if (force || now - sh->last_progress >= 50 * 1000)
    {
      sh->last_progress = now;
      p.candidates = __atomic_load_n (&sh->candidates, __ATOMIC_RELAXED);
      p.outcomes = __atomic_load_n (&sh->outcomes, __ATOMIC_RELAXED);
      p.allowed = __atomic_load_n (&sh->allowed, __ATOMIC_RELAXED);
      p.elapsed = (now - run->start) / 1e6;
      run->options->progress (&p, run->options->progress_data);
    }
  g_mutex_unlock (&sh->progress_lock);
}

/* When -timeout runs out, in monotonic time; 0 without a timeout. */
static gint64
check_deadline (const CheckRun *run)
{
  if (run->options == NULL || run->options->timeout <= 0)
    return 0;
  return (run->options->timeout_from > 0 ? run->options->timeout_from : run->start)
         + (gint64) (run->options->timeout * G_USEC_PER_SEC);
}

static gboolean
past_deadline (const CheckRun *run)
{
  gint64 deadline = check_deadline (run);

  return deadline > 0 && g_get_monotonic_time () >= deadline;
}

/* The memory bound in bytes; 0 for none. */
static guint64
memory_bound (const CheckRun *run)
{
  guint64 max = run->options ? run->options->max_memory : 0;

  if (max == G_MAXUINT64)
    return 0;
  return max ? max : acy_memory_default_bound ();
}

/* Between candidates, once in a while: over the memory bound? */
static gboolean
over_memory (CheckRun *run)
{
  guint64 max = memory_bound (run), used;

  if (max == 0 || (used = acy_memory_in_use ()) <= max)
    return FALSE;
  {
    g_autofree char *u = g_format_size_full (used, G_FORMAT_SIZE_IEC_UNITS);
    g_autofree char *m = g_format_size_full (max, G_FORMAT_SIZE_IEC_UNITS);

    g_clear_error (&run->error);
    g_set_error (&run->error, ACY_ERROR, ACY_ERROR_LIMIT,
                 "%s: out of memory: %s in use, more than the %s allowed",
                 acy_test_get_name (run->test), u, m);
  }
  return TRUE;
}

static void
set_timed_out (CheckRun *run)
{
  g_clear_error (&run->error);
  g_set_error (&run->error, ACY_ERROR, ACY_ERROR_LIMIT,
               "%s: timed out after %.1f s (%" G_GUINT64_FORMAT " candidates explored)",
               acy_test_get_name (run->test), run->options->timeout,
               __atomic_load_n (&run->shared->candidates, __ATOMIC_RELAXED));
}

/* herd's NoSymbol candidate (AcyCandidate.non_address_at), judged: when
 * the model allows it, herd7 refuses the test ("Non symbolic address",
 * its check_failed_model_kont), and so does the check, at the access;
 * else the candidate is left out, as herd7 leaves it, and the first is
 * noted. Never an outcome: its values are unknown. */
static G_GNUC_NO_INLINE gboolean
on_non_address_verdict (CheckRun *run, const AcyCandidate *c, const AcyVerdict *verdict)
{
  AcyCheckResult *r = run->result;
  g_autofree char *v = NULL;

  if (!verdict->allowed)
    {
      if (!r->non_address.seen)
        {
          r->non_address.seen = TRUE;
          r->non_address.at = *c->non_address_at;
          r->non_address.value = c->non_address_value;
        }
      return TRUE;
    }
  v = acy_test_format_value (run->test, c->non_address_value);
  if (run->error == NULL)
    acy_set_error_at (&run->error, ACY_ERROR_NON_ADDRESS, *c->non_address_at,
                      "Non symbolic address: [%s] (this access goes through %s, which is not an "
                      "address, in an execution the model allows: herd7 refuses the test)", v, v);
  g_atomic_int_set (&run->shared->stop, TRUE);
  run->stopped = TRUE;
  return FALSE;
}

/* An assembly test's candidate with an operation herd7 cannot do
 * (AcyCandidate.fault): when the model allows it, herd7 refuses the
 * test, and so does the check; else the candidate is left out. */
static G_GNUC_NO_INLINE gboolean
on_fault_verdict (CheckRun *run, const AcyCandidate *c, const AcyVerdict *verdict)
{
  if (!verdict->allowed)
    return TRUE;
  if (run->error == NULL)
    g_set_error_literal (&run->error, ACY_ERROR, ACY_ERROR_TYPE, c->fault);
  g_atomic_int_set (&run->shared->stop, TRUE);
  run->stopped = TRUE;
  return FALSE;
}

static gboolean
on_verdict (const AcyExecution *x,
            const AcyVerdict   *verdict,
            AcyModelEnv        *env,
            gpointer            user_data)
{
  CheckRun *run = user_data;
  AcyCheckResult *r = run->result;
  const AcyCandidate *c = run->candidate;
  gboolean kept;

  if (G_UNLIKELY (c->non_address_at != NULL))
    return on_non_address_verdict (run, c, verdict);
  if (G_UNLIKELY (c->fault != NULL))
    return on_fault_verdict (run, c, verdict);
  /* -restrict observed: herd7 leaves it out once its model has run (a
   * load through no address refused the test before), and shows it in
   * no picture */
  if (c->unobserved)
    return TRUE;
  r->stats.outcomes++;
  run->outcomes_due++;
  if (run->options && run->options->outcome &&
      !run->options->outcome (c, verdict, env, run->options->outcome_data))
    {
      run->stopped = TRUE;
      return FALSE;
    }
  if (!verdict->allowed)
    return TRUE;
  /* A model that did not take the lock order the enumerator chose
   * allows the same outcome under every order: start again without. */
  if (c->x->co_hint != NULL && !*c->x->co_hint_used)
    {
      g_atomic_int_set (&run->shared->hint_unused, TRUE);
      g_atomic_int_set (&run->shared->stop, TRUE);
      run->stopped = TRUE;
      return FALSE;
    }

  if (run->final_state == NULL)
    {
      /* permutations of threads with states of their own, found now */
      if (c->find_images != NULL)
        c->find_images (c);
      run->final_state = find_state (run, c->final, c->condition);
      if (c->n_images > run->cap_images)
        {
          run->cap_images = c->n_images;
          run->image_states = g_renew (AcyState *, run->image_states, run->cap_images);
        }
      run->images_weight = 0;
      for (guint i = 0; i < c->n_images; i++)
        {
          run->image_states[i] = find_state (run, c->images[i], c->image_conditions[i]);
          run->images_weight += c->image_weights ? c->image_weights[i] : 1;
        }
    }
  r->stats.allowed += c->weight + run->images_weight;
  run->allowed_due += c->weight + run->images_weight;
  /* with its images under permutations of interchangeable threads, all
   * with its final state */
  kept = relevant (run, c->condition);
  if (kept)
    record_state (run, run->final_state, c->condition, c->weight);
  /* its images under the swap of two threads that run alike, the turns
   * of a ring, or the permutations of an image class, which the model
   * would judge alike */
  for (guint i = 0; i < c->n_images; i++)
    if (relevant (run, c->image_conditions[i]))
      {
        record_state (run, run->image_states[i], c->image_conditions[i],
                      c->image_weights ? c->image_weights[i] : 1);
        kept = TRUE;
      }
  for (guint i = 0; kept && i < verdict->n_flags; i++)
    g_hash_table_add (run->flags, (gpointer) g_intern_string (verdict->flags[i]));
  return TRUE;
}

/* Both workers enumerate the test alike, down to some depth of the rf
 * choices (AcyEnumerateOptions.claim): each part there, the candidates
 * one choice leads to, and each candidate that lies below no such
 * choice, goes to whichever worker gets to it first (the other is busy
 * with a costly one). Both number them in the order they come to them,
 * so the numbers agree. The enumeration and its partial-rf judgements
 * above the parts are done by both, and decided alike (the runner
 * learns what they are worth from what both see: rf_chosen (shared) and
 * rf_part); what lies below a part, by one. */
static gboolean
take_next (CheckRun *run)
{
  guint64 mine = run->seen++;

  if (run->n_shards < 2)
    return TRUE;
  return __atomic_compare_exchange_n (&run->shared->next, &mine, mine + 1, FALSE,
                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

static gboolean
claim_part (guint64 size, gpointer user_data)
{
  CheckRun *run = user_data;

  acy_model_runner_rf_part (run->runner, size);
  return take_next (run);
}

static gboolean
on_candidate (const AcyCandidate *c, gpointer user_data)
{
  CheckRun *run = user_data;
  AcyCheckResult *r = run->result;
  gboolean ok;

  acy_model_runner_rf_chosen (run->runner, run->claims && !c->claimed);
  /* one below a part this worker took, or one it takes now */
  if (!c->claimed && !take_next (run))
    return TRUE;   /* the other worker took it */
  if (g_atomic_int_get (&run->shared->stop))
    return FALSE;
  if (g_cancellable_is_cancelled (run->cancellable))
    {
      g_set_error_literal (&run->error, ACY_ERROR, ACY_ERROR_CANCELLED,
                           "the check was cancelled");
      return FALSE;
    }
  r->stats.candidates++;
  __atomic_fetch_add (&run->shared->candidates, 1, __ATOMIC_RELAXED);
  /* the enumerator looks at the clock too, but only every 256
   * candidates, and cannot know how long the model takes over one */
  if ((r->stats.candidates & 63) == 0 && run->options)
    {
      if (past_deadline (run))
        {
          set_timed_out (run);
          return FALSE;
        }
      if ((r->stats.candidates & 1023) == 0 && over_memory (run))
        return FALSE;
      maybe_report_progress (run, FALSE);
    }
  if (!c->filter)
    return TRUE;
  /* -speedcheck true: herd7 leaves it out before its model runs */
  if (run->options && run->options->relevant_only && !relevant (run, c->condition))
    {
      gboolean any = FALSE;

      for (guint i = 0; !any && i < c->n_images; i++)
        any = relevant (run, c->image_conditions[i]);
      if (!any)
        return TRUE;
    }

  run->candidate = c;
  run->final_state = NULL;
  ok = acy_model_runner_check (run->runner, c->x, on_verdict, run, &run->error);
  flush_counts (run);
  if (!ok)
    {
      /* stopped inside the candidate: say so as between candidates */
      if (g_error_matches (run->error, ACY_ERROR, ACY_ERROR_LIMIT) && past_deadline (run))
        set_timed_out (run);
      return FALSE;
    }
  return !run->stopped;
}

static const AcyTest *sort_test;
static guint sort_n;

static int
compare_states (gconstpointer pa, gconstpointer pb)
{
  const AcyState *a = *(const AcyState *const *) pa;
  const AcyState *b = *(const AcyState *const *) pb;

  return acy_test_compare_states (sort_test, a->values, b->values, sort_n);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
finish_result (CheckRun *run)
{
  AcyCheckResult *r = run->result;
  G_LOCK_DEFINE_STATIC (sort);
  GHashTableIter iter;
  gpointer key;
  GPtrArray *flags = g_ptr_array_new ();

  G_LOCK (sort);
  sort_test = run->test;
  sort_n = r->n_observed;
  g_ptr_array_sort (r->states, compare_states);
  G_UNLOCK (sort);

  g_hash_table_iter_init (&iter, run->flags);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (flags, g_strdup (key));
  g_ptr_array_sort (flags, compare_strings);
  g_ptr_array_add (flags, NULL);
  r->flags = (char **) g_ptr_array_free (flags, FALSE);

  if (run->options && run->options->relevant_only)
    {
      /* a state found for an outcome left out, which has no count */
      for (guint i = r->states->len; i-- > 0;)
        if (((AcyState *) g_ptr_array_index (r->states, i))->count == 0)
          {
            AcyState *s = g_ptr_array_index (r->states, i);

            g_hash_table_remove (run->state_index, s->values - 1);
            g_ptr_array_remove_index (r->states, i);
          }
      /* herd7 saw only one side, and says Sometimes of what it saw */
      if (acy_test_get_quantifier (run->test) == ACY_QUANT_FORALL)
        r->observation = r->negative == 0 ? ACY_OBSERVATION_ALWAYS : ACY_OBSERVATION_SOMETIMES;
      else
        r->observation = r->positive == 0 ? ACY_OBSERVATION_NEVER : ACY_OBSERVATION_SOMETIMES;
    }
  else if (r->positive == 0)
    r->observation = ACY_OBSERVATION_NEVER;
  else if (r->negative == 0)
    r->observation = ACY_OBSERVATION_ALWAYS;
  else
    r->observation = ACY_OBSERVATION_SOMETIMES;

  switch (acy_test_get_quantifier (run->test))
    {
    case ACY_QUANT_EXISTS:
      r->ok = r->positive > 0;
      break;
    case ACY_QUANT_NOT_EXISTS:
      r->ok = r->positive == 0;
      break;
    case ACY_QUANT_FORALL:
    default:
      r->ok = r->negative == 0;
      break;
    }
}

static AcyCheckResult *
partial_result_new (const AcyTest *test)
{
  AcyCheckResult *r = g_new0 (AcyCheckResult, 1);

  r->test = test;
  r->n_observed = acy_test_get_n_observed (test);
  r->states = g_ptr_array_new_with_free_func (state_free);
  return r;
}

static void
worker_init (CheckRun *run, Shared *shared, guint shard, guint n_shards,
             const AcyTest *test, const AcyModel *model,
             const AcyCheckOptions *options, GCancellable *cancellable, gint64 start)
{
  /* also when the check starts again (acy_check_run): nothing of the
   * last attempt, such as the parts seen (take_next), carries over */
  memset (run, 0, sizeof *run);
  run->shared = shared;
  run->shard = shard;
  run->n_shards = n_shards;
  run->test = test;
  run->options = options;
  run->cancellable = cancellable;
  run->result = partial_result_new (test);
  run->key = g_new0 (AcyValue, run->result->n_observed + 1);
  run->key[0] = run->result->n_observed;
  run->runner = acy_model_runner_new (model);
  run->rmw_tags_both = acy_model_has_variant (model, "lkmmv2");
  /* Forbidden outcomes are only counted, unless someone sees each one. */
  acy_model_runner_set_pruning (run->runner, options == NULL || options->outcome == NULL);
  acy_model_runner_set_max_branches (run->runner, options ? options->max_branches : 0);
  run->state_index = g_hash_table_new (state_hash, state_equal);
  run->flags = g_hash_table_new (NULL, NULL);
  run->start = start;
  acy_model_runner_set_halt (run->runner, run->cancellable, check_deadline (run), memory_bound (run));
}

static void
worker_clear (CheckRun *run)
{
  g_clear_pointer (&run->runner, acy_model_runner_free);
  g_clear_pointer (&run->state_index, g_hash_table_unref);
  g_clear_pointer (&run->flags, g_hash_table_unref);
  g_clear_pointer (&run->key, g_free);
  g_clear_pointer (&run->image_states, g_free);
  g_clear_pointer (&run->result, acy_check_result_free);
  g_clear_error (&run->error);
}

/* Whether no candidate with a part of its rf chosen can be allowed: the
 * enumerator then skips them all. Also where a long stretch of skipped
 * candidates looks at the clock. */
static gboolean
on_partial_rf (const AcyExecution *x, const AcyWord *rf_lo, const AcyWord *rf_hi,
               guint depth, gboolean shared, gpointer user_data)
{
  CheckRun *run = user_data;

  if (run->error || g_atomic_int_get (&run->shared->stop))
    return TRUE;   /* unwind: on_candidate says why */
  if ((++run->partial & 63) == 0 && past_deadline (run))
    {
      set_timed_out (run);
      g_atomic_int_set (&run->shared->stop, TRUE);
      return TRUE;
    }
  return acy_model_runner_rf_hopeless (run->runner, x, rf_lo, rf_hi, depth,
                                       shared ? ACY_RF_JUDGED_SHARED
                                       : run->claims || run->n_shards == 1 ? ACY_RF_JUDGED_OWN
                                       : ACY_RF_JUDGED_BY_ALL);
}

static gpointer
worker_main (gpointer data)
{
  CheckRun *run = data;
  AcyEnumerateOptions eopts = { 0 };
  GError *enum_error = NULL;

  /* the memory the parsed test and its traces took already counts */
  if (over_memory (run))
    {
      g_atomic_int_set (&run->shared->stop, TRUE);
      return NULL;
    }
  if (run->options)
    eopts.max_candidates = run->options->max_candidates;
  /* where no candidate comes out for long (paths, search, solver), the
   * enumerator stops at the deadline itself */
  eopts.deadline = check_deadline (run);
  eopts.rmw_tags_both = run->rmw_tags_both;
  eopts.unroll = run->options && run->options->unroll_given ? run->options->unroll : ACY_DEFAULT_UNROLL;
  eopts.loop_cut = &run->result->loop_cut;
  eopts.observed_only = run->options && run->options->observed_only;
  /* as for coherence orders: only when no one wants every outcome */
  if (run->options == NULL || run->options->outcome == NULL)
    {
      eopts.prune_rf = on_partial_rf;
      eopts.prune_data = run;
      if (eopts.max_candidates == 0)
        {
          eopts.claim = claim_part;
          eopts.claim_data = run;
          run->claims = TRUE;
        }
      /* -restrict observed leaves out candidates, not their images */
      eopts.symmetry = !run->options || !run->options->observed_only;
      eopts.values_unseen = !run->shared->values_seen;
      eopts.permuted_constants = &run->permuted_constants;
      eopts.order_locks = run->shared->order_locks;
    }
  if (!acy_test_enumerate (run->test, &eopts, on_candidate, run, run->cancellable, &enum_error))
    {
      if (run->error != NULL)
        g_clear_error (&enum_error);
      else if (g_error_matches (enum_error, ACY_ERROR, ACY_ERROR_LIMIT) && past_deadline (run))
        {
          /* the enumerator's deadline: say so as -timeout does */
          g_clear_error (&enum_error);
          set_timed_out (run);
        }
      else
        run->error = enum_error;
    }
  if (run->error)
    g_atomic_int_set (&run->shared->stop, TRUE);
  return NULL;
}

/* Fold worker @from's states, counts and flags into @into. */
static void
merge_into (CheckRun *into, CheckRun *from)
{
  AcyCheckResult *r = into->result;
  GHashTableIter iter;
  gpointer key;

  if (!r->non_address.seen)
    r->non_address = from->result->non_address;
  if (!r->loop_cut.seen)
    r->loop_cut = from->result->loop_cut;
  for (guint i = 0; i < from->result->states->len; i++)
    {
      const AcyState *fs = g_ptr_array_index (from->result->states, i);
      const AcyValue *fkey = fs->values - 1;
      AcyState *s = g_hash_table_lookup (into->state_index, fkey);

      if (s == NULL)
        {
          AcyValue *k = g_memdup2 (fkey, (r->n_observed + 1) * sizeof (AcyValue));
          s = g_new0 (AcyState, 1);
          s->values = k + 1;
          s->satisfies = fs->satisfies;
          g_ptr_array_add (r->states, s);
          g_hash_table_insert (into->state_index, k, s);
        }
      s->count += fs->count;
    }
  r->positive += from->result->positive;
  r->negative += from->result->negative;
  r->stats.candidates += from->result->stats.candidates;
  r->stats.outcomes += from->result->stats.outcomes;
  r->stats.allowed += from->result->stats.allowed;
  g_hash_table_iter_init (&iter, from->flags);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_hash_table_add (into->flags, key);
}

/* Whether the workers permuted threads that differ in constants, taking
 * the values for unseen, and the model read some after all. */
static gboolean
values_were_read (CheckRun *runs, guint n_workers)
{
  gboolean permuted = FALSE, read = FALSE;

  for (guint w = 0; w < n_workers; w++)
    {
      permuted |= runs[w].permuted_constants;
      read |= acy_model_runner_read_values (runs[w].runner);
    }
  return permuted && read;
}

AcyCheckResult *
acy_check_run (const AcyTest          *test,
               const AcyModel         *model,
               const AcyCheckOptions  *options,
               GCancellable           *cancellable,
               GError                **error)
{
  Shared shared = { 0 };
  CheckRun runs[2] = { { 0 } };
  GThread *helper = NULL;
  guint n_workers;
  gint64 start = g_get_monotonic_time ();
  AcyCheckResult *result;

  g_return_val_if_fail (test != NULL, NULL);
  g_return_val_if_fail (model != NULL, NULL);

  /* herd7 runs a model whose title names an architecture on tests of
   * that architecture only (x86tso.cat, `X86 TSO`, is not for X86_64) */
  if (acy_model_get_arch (model) != NULL
      && !g_str_equal (acy_model_get_arch (model), acy_test_get_arch (test)))
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_TYPE,
                   "%s:1:1: Architecture mismatch between test and model (%s vs. %s) near '%s'",
                   acy_test_get_filename (test), acy_test_get_arch (test), acy_model_get_arch (model),
                   acy_test_get_arch (test));
      return NULL;
    }

  /* Two workers split the candidates between them (see on_candidate):
   * each enumerates all candidates, which is cheap next to judging them,
   * so the workers share nothing but counters. */
  n_workers = options && options->n_threads ? options->n_threads : g_get_num_processors ();
  n_workers = CLAMP (n_workers, 1, G_N_ELEMENTS (runs));
  /* The outcome callback sees candidates in order only with one worker. */
  if (options && options->outcome)
    n_workers = 1;

  g_mutex_init (&shared.progress_lock);
  shared.last_progress = start;
  shared.order_locks = TRUE;
  for (;;)
    {
      for (guint w = 0; w < n_workers; w++)
        worker_init (&runs[w], &shared, w, n_workers, test, model, options, cancellable, start);

      if (n_workers > 1)
        helper = g_thread_new ("acy-check", worker_main, &runs[1]);
      worker_main (&runs[0]);
      if (helper)
        g_thread_join (helper);
      helper = NULL;
      if (!g_atomic_int_get (&shared.hint_unused) && !values_were_read (runs, n_workers))
        break;
      /* the model builds co in its own way: every lock order again; or
       * it read values: no permutation of threads that differ in them */
      if (g_atomic_int_get (&shared.hint_unused))
        shared.order_locks = FALSE;
      else
        shared.values_seen = TRUE;
      for (guint w = 0; w < n_workers; w++)
        worker_clear (&runs[w]);
      shared.candidates = shared.outcomes = shared.allowed = shared.next = 0;
      shared.stop = shared.hint_unused = FALSE;
    }

  for (guint w = 0; w < n_workers; w++)
    if (runs[w].error)
      {
        g_propagate_error (error, g_steal_pointer (&runs[w].error));
        for (guint v = 0; v < n_workers; v++)
          worker_clear (&runs[v]);
        g_mutex_clear (&shared.progress_lock);
        return NULL;
      }

  for (guint w = 1; w < n_workers; w++)
    merge_into (&runs[0], &runs[w]);
  runs[0].result->stats.elapsed = (g_get_monotonic_time () - start) / 1e6;
  finish_result (&runs[0]);
  maybe_report_progress (&runs[0], TRUE);

  result = g_steal_pointer (&runs[0].result);
  for (guint w = 0; w < n_workers; w++)
    worker_clear (&runs[w]);
  g_mutex_clear (&shared.progress_lock);
  return result;
}

void
acy_check_result_free (AcyCheckResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->states, g_ptr_array_unref);
  g_strfreev (result->flags);
  g_free (result);
}

const AcyTest *
acy_check_result_get_test (const AcyCheckResult *result)
{
  return result->test;
}

guint
acy_check_result_get_n_states (const AcyCheckResult *result)
{
  return result->states->len;
}

const AcyState *
acy_check_result_get_state (const AcyCheckResult *result, guint i)
{
  g_return_val_if_fail (i < result->states->len, NULL);
  return g_ptr_array_index (result->states, i);
}

guint64
acy_check_result_get_positive (const AcyCheckResult *result)
{
  return result->positive;
}

guint64
acy_check_result_get_negative (const AcyCheckResult *result)
{
  return result->negative;
}

gboolean
acy_check_result_get_ok (const AcyCheckResult *result)
{
  return result->ok;
}

AcyObservation
acy_check_result_get_observation (const AcyCheckResult *result)
{
  return result->observation;
}

const char *
acy_observation_to_string (AcyObservation observation)
{
  switch (observation)
    {
    case ACY_OBSERVATION_NEVER: return "Never";
    case ACY_OBSERVATION_SOMETIMES: return "Sometimes";
    case ACY_OBSERVATION_ALWAYS: return "Always";
    default: return "?";
    }
}

gboolean
acy_check_result_get_undefined (const AcyCheckResult *result)
{
  for (guint i = 0; result->flags[i]; i++)
    if (strcmp (result->flags[i], ACY_CHECK_FLAG_UNDEF) == 0)
      return TRUE;
  return FALSE;
}

const char *const *
acy_check_result_get_flags (const AcyCheckResult *result)
{
  return (const char *const *) result->flags;
}

const AcyCheckProgress *
acy_check_result_get_stats (const AcyCheckResult *result)
{
  return &result->stats;
}

const AcyLoopCut *
acy_check_result_get_loop_cut (const AcyCheckResult *result)
{
  return result->loop_cut.seen ? &result->loop_cut : NULL;
}

const AcyNonAddress *
acy_check_result_get_non_address (const AcyCheckResult *result)
{
  return result->non_address.seen ? &result->non_address : NULL;
}

char *
acy_check_format_state (const AcyTest *test, const AcyValue *values)
{
  GString *s = g_string_new (NULL);
  guint n = acy_test_get_n_observed (test);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *v = acy_test_format_observed (test, i, values[i]);
      g_string_append_printf (s, "%s%s=%s;", i ? " " : "",
                              acy_test_get_observed (test, i), v);
    }
  if (acy_test_get_fault_text (test))
    g_string_append (s, acy_test_get_fault_text (test));
  return g_string_free (s, FALSE);
}

void
acy_check_result_format_herd (const AcyCheckResult *result,
                              GString              *out,
                              gboolean              show_time)
{
  const AcyTest *test = result->test;
  const char *name = acy_test_get_name (test);
  const char *kind;

  switch (acy_test_get_quantifier (test))
    {
    case ACY_QUANT_FORALL: kind = "Required"; break;
    case ACY_QUANT_NOT_EXISTS: kind = "Forbidden"; break;
    case ACY_QUANT_EXISTS:
    default: kind = "Allowed"; break;
    }

  g_string_append_printf (out, "Test %s %s\n", name, kind);
  g_string_append_printf (out, "States %u\n", result->states->len);
  for (guint i = 0; i < result->states->len; i++)
    {
      const AcyState *s = g_ptr_array_index (result->states, i);
      g_autofree char *line = acy_check_format_state (test, s->values);
      g_string_append_printf (out, "%s\n", line);
    }
  /* herd7's "Loop": candidates past -unroll were left out */
  if (result->loop_cut.seen)
    g_string_append (out, "Loop ");
  g_string_append (out, acy_check_result_get_undefined (result) ? "Undef\n"
                        : result->ok ? "Ok\n" : "No\n");
  g_string_append (out, "Witnesses\n");
  /* herd7 counts the witnesses of `~exists P` against its negation, ~P,
   * and the Observation line against P. */
  if (acy_test_get_quantifier (test) == ACY_QUANT_NOT_EXISTS)
    g_string_append_printf (out, "Positive: %" G_GUINT64_FORMAT " Negative: %" G_GUINT64_FORMAT "\n",
                            result->negative, result->positive);
  else
    g_string_append_printf (out, "Positive: %" G_GUINT64_FORMAT " Negative: %" G_GUINT64_FORMAT "\n",
                            result->positive, result->negative);
  for (guint i = 0; result->flags[i]; i++)
    g_string_append_printf (out, "Flag %s\n", result->flags[i]);
  g_string_append_printf (out, "Condition %s\n", acy_test_get_condition_text (test));
  g_string_append_printf (out, "Observation %s %s %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n",
                          name, acy_observation_to_string (result->observation),
                          result->positive, result->negative);
  if (show_time)
    g_string_append_printf (out, "Time %s %.2f\n", name, result->stats.elapsed);
  if (acy_test_get_hash (test))
    g_string_append_printf (out, "Hash=%s\n", acy_test_get_hash (test));
  g_string_append (out, "\n");
}
