/* acy-recorder.c - keep the outcomes of a check, to draw and explain them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every array of a record (events, each relation, final values, name
 * tables) is interned by content: candidates of one event structure
 * share events, po and dependencies, the outcomes of one candidate share
 * rf and fw, and most outcomes share their (often empty) co-free
 * relations. So a record costs little more than its co and fr.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-recorder.h"

typedef struct {
  gsize len;
  guint hash;
  /* data follows, 8-byte aligned */
} Blob;

#define BLOB_DATA(b) ((gpointer) ((Blob *) (b) + 1))

/* What a record keeps of its events and of the relations that differ
 * from one candidate to the next until asked for them: the event
 * structure (values 0) is shared by every candidate of one structure,
 * the values are its own; rf and fr as their pairs (see
 * intern_sparse). An array of AcyEvent and two matrices per record cost
 * five times as much (an SB ring of 16 threads: 2.7 KB of its 3). */
typedef struct {
  const AcyEvent *structure;
  const AcyValue *values;
  gconstpointer   rf;
  gconstpointer   rf_model;
  gconstpointer   fr;
  gint            made;           /* the record's fields are filled */
} Events;

struct _AcyRecorder {
  GMutex         mutex;          /* making records' events, after the check */
  GArray        *events;         /* Events, one per record */
  guint          n_observed;
  guint          max_records;
  gsize          max_bytes;
  GHashTable    *blobs;          /* Blob* set, owned */
  GStringChunk  *strings;
  GPtrArray     *records;        /* AcyRecord*, owned */
  gsize          memory;
  guint64        dropped;
  guint64        allowed_dropped;
  guint64        candidates;     /* candidates seen */
  AcyRecord      last;           /* identity of the last outcome's candidate */
  Events         last_events;
  gboolean       have_last;
  guint          last_outcome;
};

G_STATIC_ASSERT (sizeof (Blob) % 8 == 0);

static guint
blob_hash (gconstpointer p)
{
  return ((const Blob *) p)->hash;
}

static gboolean
blob_equal (gconstpointer a, gconstpointer b)
{
  const Blob *x = a, *y = b;
  return x->len == y->len && memcmp (BLOB_DATA (x), BLOB_DATA (y), x->len) == 0;
}

static guint
hash_bytes (gconstpointer data, gsize len)
{
  const guchar *p = data;
  guint64 h = 1469598103934665603ull;

  for (gsize i = 0; i < len; i++)
    {
      h ^= p[i];
      h *= 1099511628211ull;
    }
  return (guint) (h ^ (h >> 32));
}

/* Returns the shared copy of @len bytes at @data (NULL for NULL). */
static gconstpointer
intern (AcyRecorder *rec, gconstpointer data, gsize len)
{
  Blob *key, *found;
  gsize alloc;

  if (data == NULL)
    return NULL;
  alloc = sizeof (Blob) + len;
  key = g_malloc (alloc);
  key->len = len;
  key->hash = hash_bytes (data, len);
  memcpy (BLOB_DATA (key), data, len);
  found = g_hash_table_lookup (rec->blobs, key);
  if (found)
    {
      g_free (key);
      return BLOB_DATA (found);
    }
  g_hash_table_add (rec->blobs, key);
  rec->memory += alloc + 4 * sizeof (gpointer);
  return BLOB_DATA (key);
}

static const AcyWord *
intern_rel (AcyRecorder *rec, const AcyWord *r, guint n)
{
  return intern (rec, r, acy_rel_words (n) * sizeof (AcyWord));
}

static const char *const *
intern_names (AcyRecorder *rec, const char *const *names, guint count)
{
  g_autofree const char **copy = g_new0 (const char *, count + 1);

  for (guint i = 0; i < count; i++)
    copy[i] = names[i] ? g_string_chunk_insert_const (rec->strings, names[i]) : NULL;
  return intern (rec, copy, (count + 1) * sizeof (char *));
}

/* A relation as its pairs (a count, then i, j as 32-bit numbers), or,
 * when that is no smaller, as its matrix after G_MAXUINT64. rf has a
 * pair per read and fr a few, where the matrix has n * n bits. */
static gconstpointer
intern_sparse (AcyRecorder *rec, const AcyWord *r, guint n)
{
  gsize words = acy_rel_words (n);
  guint count;
  g_autofree guint64 *buf = NULL;
  gsize size;

  if (r == NULL)
    return NULL;
  count = acy_bits_count ((guint) words, r);
  if (count * 2 * sizeof (guint32) >= words * sizeof (AcyWord))
    {
      size = sizeof (guint64) + words * sizeof (AcyWord);
      buf = g_malloc (size);
      buf[0] = G_MAXUINT64;
      memcpy (buf + 1, r, words * sizeof (AcyWord));
    }
  else
    {
      guint32 *pairs;
      guint k = 0;

      size = sizeof (guint64) + count * 2 * sizeof (guint32);
      buf = g_malloc (size);
      buf[0] = count;
      pairs = (guint32 *) (buf + 1);
      for (guint i = 0; i < n; i++)
        {
          const AcyWord *row = r + (gsize) i * ACY_WORDS (n);

          for (guint j = acy_bits_next (row, n, 0); j < n; j = acy_bits_next (row, n, j + 1))
            {
              pairs[k++] = i;
              pairs[k++] = j;
            }
        }
    }
  return intern (rec, buf, size);
}

/* The interned matrix of a relation kept by intern_sparse */
static const AcyWord *
expand_sparse (AcyRecorder *rec, gconstpointer sparse, guint n)
{
  const guint64 *head = sparse;
  const guint32 *pairs;
  g_autofree AcyWord *m = NULL;

  if (sparse == NULL)
    return NULL;
  if (head[0] == G_MAXUINT64)
    return intern_rel (rec, (const AcyWord *) (head + 1), n);
  m = g_new0 (AcyWord, MAX (acy_rel_words (n), 1));
  pairs = (const guint32 *) (head + 1);
  for (guint64 k = 0; k < head[0]; k++)
    acy_rel_add (m, n, pairs[2 * k], pairs[2 * k + 1]);
  return intern_rel (rec, m, n);
}

/**
 * acy_recorder_new:
 * @test: the test whose outcomes will be recorded (not kept)
 *
 * Returns: (transfer full): an empty recorder with the default bounds
 */
AcyRecorder *
acy_recorder_new (const AcyTest *test)
{
  AcyRecorder *rec = g_new0 (AcyRecorder, 1);

  rec->n_observed = test ? acy_test_get_n_observed (test) : 0;
  rec->max_records = ACY_RECORDER_DEFAULT_MAX_RECORDS;
  rec->max_bytes = ACY_RECORDER_DEFAULT_MAX_BYTES;
  rec->blobs = g_hash_table_new_full (blob_hash, blob_equal, g_free, NULL);
  rec->strings = g_string_chunk_new (1024);
  rec->records = g_ptr_array_new_with_free_func (g_free);
  rec->events = g_array_new (FALSE, FALSE, sizeof (Events));
  g_mutex_init (&rec->mutex);
  return rec;
}

void
acy_recorder_free (AcyRecorder *rec)
{
  if (rec == NULL)
    return;
  g_ptr_array_unref (rec->records);
  g_array_unref (rec->events);
  g_mutex_clear (&rec->mutex);
  g_hash_table_unref (rec->blobs);
  g_string_chunk_free (rec->strings);
  g_free (rec);
}

void
acy_recorder_set_limits (AcyRecorder *rec, guint max_records, gsize max_bytes)
{
  g_return_if_fail (rec != NULL);
  rec->max_records = max_records;
  rec->max_bytes = max_bytes;
}

static gboolean
same_candidate (const AcyRecord *a, const Events *ea, const AcyRecord *b, const Events *eb)
{
  /* Interned: equal contents have equal pointers. */
  return ea->structure == eb->structure && ea->values == eb->values &&
         ea->rf == eb->rf && a->x.n_events == b->x.n_events &&
         a->x.po == b->x.po && a->x.addr == b->x.addr && a->x.data == b->x.data &&
         a->x.ctrl == b->x.ctrl && a->x.rmw == b->x.rmw &&
         a->x.iico_data == b->x.iico_data && a->x.iico_ctrl == b->x.iico_ctrl &&
         a->x.iico_order == b->x.iico_order &&
         a->x.fw == b->x.fw && a->final == b->final;
}

static const AcyWord *
lookup_rel (AcyModelEnv *env, const char *name)
{
  const AcyWord *bits = NULL;

  if (env && acy_model_env_lookup (env, name, &bits) == ACY_MODEL_VALUE_RELATION)
    return bits;
  return NULL;
}

/**
 * acy_recorder_add_outcome:
 * @candidate: the candidate judged
 * @verdict: the model's verdict on this outcome
 * @env: the model's environment for this outcome
 * @recorder: (type AcyRecorder): the recorder
 *
 * Keeps a copy of one outcome. Matches #AcyCheckOutcomeFunc.
 *
 * Returns: TRUE (the check goes on)
 */
gboolean
acy_recorder_add_outcome (const AcyCandidate *candidate,
                          const AcyVerdict   *verdict,
                          AcyModelEnv        *env,
                          gpointer            recorder)
{
  AcyRecorder *rec = recorder;
  const AcyExecution *x = candidate->x;
  guint n = x->n_events;
  AcyRecord r = { 0 };
  AcyRecord *copy;
  const AcyWord *model_rf;
  Events ev = { 0 };

  if ((rec->max_records && rec->records->len >= rec->max_records) ||
      (rec->max_bytes && rec->memory >= rec->max_bytes))
    {
      rec->dropped++;
      if (verdict->allowed)
        rec->allowed_dropped++;
      return TRUE;
    }

  r.x.n_events = n;
  {
    g_autofree AcyEvent *structure = g_memdup2 (x->events, n * sizeof (AcyEvent));
    g_autofree AcyValue *values = g_new (AcyValue, MAX (n, 1));

    for (guint i = 0; i < n; i++)
      {
        values[i] = structure[i].value;
        structure[i].value = 0;
      }
    ev.structure = intern (rec, structure, n * sizeof (AcyEvent));
    ev.values = intern (rec, values, n * sizeof (AcyValue));
  }
  /* r.x.events stays NULL until acy_recorder_get_record asks for it */
  r.x.structure_id = 0;
  r.x.n_threads = x->n_threads;
  r.x.n_locs = x->n_locs;
  r.x.loc_names = intern_names (rec, x->loc_names, x->n_locs);
  r.x.n_tags = x->n_tags;
  r.x.tag_names = intern_names (rec, x->tag_names, x->n_tags);
  r.x.instr_texts = x->instr_texts ? intern_names (rec, x->instr_texts, n) : NULL;
  r.x.po = intern_rel (rec, x->po, n);
  r.x.addr = intern_rel (rec, x->addr, n);
  r.x.data = intern_rel (rec, x->data, n);
  r.x.ctrl = intern_rel (rec, x->ctrl, n);
  r.x.rmw = intern_rel (rec, x->rmw, n);
  r.x.iico_data = x->iico_data ? intern_rel (rec, x->iico_data, n) : NULL;
  r.x.iico_ctrl = x->iico_ctrl ? intern_rel (rec, x->iico_ctrl, n) : NULL;
  r.x.iico_order = x->iico_order ? intern_rel (rec, x->iico_order, n) : NULL;
  /* r.x.rf, r.rf_model and r.fr too */
  ev.rf = intern_sparse (rec, x->rf, n);
  r.x.fw = intern (rec, x->fw, ACY_WORDS (n) * sizeof (AcyWord));
  model_rf = lookup_rel (env, "rf");
  ev.rf_model = model_rf ? intern_sparse (rec, model_rf, n) : ev.rf;
  r.co = intern_rel (rec, lookup_rel (env, "co"), n);
  ev.fr = intern_sparse (rec, lookup_rel (env, "fr"), n);
  r.allowed = verdict->allowed;
  if (verdict->failed_check)
    r.failed_check = g_string_chunk_insert_const (rec->strings, verdict->failed_check);
  if (verdict->failed_kind)
    r.failed_kind = g_string_chunk_insert_const (rec->strings, verdict->failed_kind);
  r.failed_relation = intern_rel (rec, verdict->failed_relation, n);
  r.final = intern (rec, candidate->final, MAX (rec->n_observed, 1) * sizeof (AcyValue));
  r.condition = candidate->condition;
  r.state = -1;

  if (rec->have_last && same_candidate (&rec->last, &rec->last_events, &r, &ev))
    rec->last_outcome++;
  else
    {
      if (rec->have_last)
        rec->candidates++;
      rec->last_outcome = 0;
    }
  rec->last = r;
  rec->last_events = ev;
  rec->have_last = TRUE;
  r.candidate = rec->candidates;
  r.outcome = rec->last_outcome;

  copy = g_memdup2 (&r, sizeof r);
  g_ptr_array_add (rec->records, copy);
  g_array_append_val (rec->events, ev);
  rec->memory += sizeof r + sizeof (gpointer) + sizeof ev;
  return TRUE;
}

guint
acy_recorder_get_n_records (const AcyRecorder *rec)
{
  return rec->records->len;
}

/**
 * acy_recorder_get_record:
 *
 * Makes the record's events, rf and fr, the first time it is asked for
 * (any thread may ask).
 *
 * Returns: (transfer none): record @index, valid as long as the recorder
 */
const AcyRecord *
acy_recorder_get_record (const AcyRecorder *recorder, guint index)
{
  AcyRecorder *rec = (AcyRecorder *) recorder;
  AcyRecord *r;
  Events *ev;

  g_return_val_if_fail (index < rec->records->len, NULL);
  r = g_ptr_array_index (rec->records, index);
  ev = &g_array_index (rec->events, Events, index);
  if (g_atomic_int_get (&ev->made))
    return r;

  g_mutex_lock (&rec->mutex);
  if (!ev->made)
    {
      guint n = r->x.n_events;
      g_autofree AcyEvent *events = g_memdup2 (ev->structure, n * sizeof (AcyEvent));

      for (guint i = 0; i < n; i++)
        events[i].value = ev->values[i];
      r->x.events = intern (rec, events, n * sizeof (AcyEvent));
      r->x.rf = expand_sparse (rec, ev->rf, n);
      r->rf_model = ev->rf_model == ev->rf ? r->x.rf : expand_sparse (rec, ev->rf_model, n);
      r->fr = expand_sparse (rec, ev->fr, n);
      /* Published last: a thread that sees it set sees the fields */
      g_atomic_int_set (&ev->made, TRUE);
    }
  g_mutex_unlock (&rec->mutex);
  return r;
}

/**
 * acy_recorder_peek_record:
 *
 * Record @index as acy_recorder_get_record() gives it, but without its
 * events, rf and fr (x.events, x.rf, rf_model and fr are %NULL unless
 * asked for before): for going through many records by verdict, state,
 * final values or candidate without making those of each.
 *
 * Returns: (transfer none): record @index, valid as long as the recorder
 */
const AcyRecord *
acy_recorder_peek_record (const AcyRecorder *rec, guint index)
{
  g_return_val_if_fail (index < rec->records->len, NULL);
  return g_ptr_array_index (rec->records, index);
}

guint64
acy_recorder_get_n_dropped (const AcyRecorder *rec)
{
  return rec->dropped;
}

guint64
acy_recorder_get_n_allowed_dropped (const AcyRecorder *rec)
{
  return rec->allowed_dropped;
}

gsize
acy_recorder_get_memory (const AcyRecorder *rec)
{
  return rec->memory;
}

guint
acy_recorder_get_n_observed (const AcyRecorder *rec)
{
  return rec->n_observed;
}

void
acy_recorder_resolve_states (AcyRecorder *rec, const AcyCheckResult *result)
{
  guint n_states = acy_check_result_get_n_states (result);
  g_autoptr(GHashTable) index = g_hash_table_new (NULL, NULL);

  /* Final values are interned, so a state's values are found by pointer
   * once interned too. */
  for (guint s = 0; s < n_states; s++)
    {
      const AcyState *st = acy_check_result_get_state (result, s);
      gconstpointer key = intern (rec, st->values, MAX (rec->n_observed, 1) * sizeof (AcyValue));
      g_hash_table_insert (index, (gpointer) key, GUINT_TO_POINTER (s + 1));
    }
  for (guint i = 0; i < rec->records->len; i++)
    {
      AcyRecord *r = g_ptr_array_index (rec->records, i);
      guint s = GPOINTER_TO_UINT (g_hash_table_lookup (index, r->final));
      r->state = r->allowed && s ? (gint) s - 1 : -1;
    }
}

/* ---- explaining ---------------------------------------------------- */

typedef struct {
  const AcyRecord *record;
  AcyExplainFunc   func;
  gpointer         user_data;
  guint            seen;
  gboolean         by_position;   /* first pass: the k-th outcome; else any equal one */
  gboolean         found;
} Explain;

static gboolean
rel_equal (const AcyWord *a, const AcyWord *b, guint n)
{
  if (a == NULL || b == NULL)
    return a == b;
  return memcmp (a, b, acy_rel_words (n) * sizeof (AcyWord)) == 0;
}

static gboolean
on_explain (const AcyExecution *x,
            const AcyVerdict   *verdict,
            AcyModelEnv        *env,
            gpointer            user_data)
{
  Explain *e = user_data;
  const AcyRecord *r = e->record;
  guint k = e->seen++;
  gboolean same;

  if (e->by_position && k != r->outcome)
    return k < r->outcome;
  same = verdict->allowed == r->allowed &&
         rel_equal (lookup_rel (env, "co"), r->co, x->n_events) &&
         rel_equal (lookup_rel (env, "fr"), r->fr, x->n_events);
  if (!same)
    return !e->by_position;
  e->found = TRUE;
  e->func (x, verdict, env, e->user_data);
  return FALSE;
}

/**
 * acy_recorder_explain:
 * @recorder: a recorder
 * @model: the model the outcomes were recorded under
 * @index: a record
 * @func: (scope call): called once with the model's environment
 * @user_data: data for @func
 * @error: return location for an error
 *
 * Judges the record's candidate again and calls @func on the same
 * outcome (its @outcome-th; if the model's choices came out in another
 * order, the first with the same co, fr and verdict).
 *
 * Returns: TRUE when @func was called
 */
gboolean
acy_recorder_explain (const AcyRecorder *rec,
                      const AcyModel    *model,
                      guint              index,
                      AcyExplainFunc     func,
                      gpointer           user_data,
                      GError           **error)
{
  g_autoptr(AcyModelRunner) runner = NULL;
  Explain e = { 0 };

  g_return_val_if_fail (rec != NULL && model != NULL && func != NULL, FALSE);
  g_return_val_if_fail (index < rec->records->len, FALSE);

  e.record = acy_recorder_get_record (rec, index);
  e.func = func;
  e.user_data = user_data;
  runner = acy_model_runner_new (model);
  for (int pass = 0; pass < 2 && !e.found; pass++)
    {
      e.by_position = pass == 0;
      e.seen = 0;
      if (!acy_model_runner_check (runner, &e.record->x, on_explain, &e, error))
        return FALSE;
    }
  if (!e.found)
    g_set_error (error, ACY_ERROR, ACY_ERROR_UNSUPPORTED,
                 "the model no longer gives outcome %u of this candidate; was it edited?",
                 e.record->outcome + 1);
  return e.found;
}
