/* acy-compare.c - one litmus test under several models, side by side
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * States are keyed by their values. The results being compared may come
 * from the same test file read with different macro files (a .cfg names
 * its own), so they are separate AcyTest objects: what they share is the
 * list of observed variables, which comes from the condition alone.
 */
#define G_LOG_DOMAIN "acyclic"
#include "config.h"

#include <string.h>

#include "acy-compare.h"
#include "acy-setup.h"
#include "acy-config.h"

/* ---- keys: the values of one final state --------------------------------- */

static guint
values_hash (const AcyValue *values, guint n)
{
  guint h = 5381;

  for (guint i = 0; i < n; i++)
    h = h * 33 + (guint) (values[i] ^ (values[i] >> 32));
  return h;
}

/* GHashTable wants one-argument functions: keys start with their length. */
typedef struct {
  guint    n;
  AcyValue values[];
} Key;

static Key *
key_new (const AcyValue *values, guint n)
{
  Key *k = g_malloc (sizeof (Key) + n * sizeof (AcyValue));

  k->n = n;
  memcpy (k->values, values, n * sizeof (AcyValue));
  return k;
}

static guint
key_hash (gconstpointer p)
{
  const Key *k = p;

  return values_hash (k->values, k->n);
}

static gboolean
key_equal (gconstpointer a, gconstpointer b)
{
  const Key *ka = a, *kb = b;

  return ka->n == kb->n && memcmp (ka->values, kb->values, ka->n * sizeof (AcyValue)) == 0;
}

/* ---- the probe ------------------------------------------------------------ */

typedef struct {
  gboolean  satisfies;
  gboolean  allowed;
  char     *failed_check;   /* of the first forbidden outcome reaching it */
} ProbeEntry;

struct _AcyStateProbe {
  guint       n_observed;
  GHashTable *states;   /* Key -> ProbeEntry */
  Key        *scratch;
};

static void
probe_entry_free (gpointer p)
{
  ProbeEntry *e = p;

  g_free (e->failed_check);
  g_free (e);
}

/**
 * acy_state_probe_new:
 * @test: the test being checked
 *
 * Returns: (transfer full): an empty probe
 */
AcyStateProbe *
acy_state_probe_new (const AcyTest *test)
{
  AcyStateProbe *probe = g_new0 (AcyStateProbe, 1);

  probe->n_observed = acy_test_get_n_observed (test);
  probe->states = g_hash_table_new_full (key_hash, key_equal, g_free, probe_entry_free);
  probe->scratch = g_malloc0 (sizeof (Key) + probe->n_observed * sizeof (AcyValue));
  probe->scratch->n = probe->n_observed;
  return probe;
}

void
acy_state_probe_free (AcyStateProbe *probe)
{
  if (probe == NULL)
    return;
  g_hash_table_unref (probe->states);
  g_free (probe->scratch);
  g_free (probe);
}

gboolean
acy_state_probe_outcome (const AcyCandidate *candidate,
                         const AcyVerdict   *verdict,
                         AcyModelEnv        *env,
                         gpointer            user_data)
{
  AcyStateProbe *probe = user_data;
  ProbeEntry *e;

  /* herd counts only the candidates the test's filter keeps. */
  if (!candidate->filter)
    return TRUE;

  memcpy (probe->scratch->values, candidate->final, probe->n_observed * sizeof (AcyValue));
  e = g_hash_table_lookup (probe->states, probe->scratch);
  if (e == NULL)
    {
      e = g_new0 (ProbeEntry, 1);
      e->satisfies = candidate->condition;
      g_hash_table_insert (probe->states, key_new (candidate->final, probe->n_observed), e);
    }
  if (verdict->allowed)
    e->allowed = TRUE;
  else if (e->failed_check == NULL && verdict->failed_check != NULL)
    e->failed_check = g_strdup (verdict->failed_check);
  return TRUE;
}

/* ---- the comparison ------------------------------------------------------- */

typedef struct {
  guint64  count;
  gint     state;
  gboolean reached;
  char    *failed_check;
} Cell;

typedef struct {
  AcyValue *values;
  gboolean  satisfies;
  gboolean  differs;
  Cell     *cells;   /* one per model */
} Row;

struct _AcyComparison {
  const AcyTest  *test;
  guint           n_models;
  guint           n_observed;
  AcyObservation *observations;
  GPtrArray      *rows;          /* of Row */
  guint           n_differing;
  gboolean        observations_differ;
};

static void
row_free (gpointer p, guint n_models)
{
  Row *row = p;

  for (guint m = 0; m < n_models; m++)
    g_free (row->cells[m].failed_check);
  g_free (row->cells);
  g_free (row->values);
  g_free (row);
}

static int
compare_rows (gconstpointer pa, gconstpointer pb, gpointer user_data)
{
  const AcyComparison *cmp = user_data;
  const Row *a = *(const Row *const *) pa;
  const Row *b = *(const Row *const *) pb;

  if (a->differs != b->differs)
    return a->differs ? -1 : 1;
  return acy_test_compare_states (cmp->test, a->values, b->values, cmp->n_observed);
}

static Row *
lookup_row (AcyComparison *cmp, GHashTable *index, const AcyValue *values, gboolean satisfies)
{
  g_autofree Key *key = key_new (values, cmp->n_observed);
  Row *row = g_hash_table_lookup (index, key);

  if (row == NULL)
    {
      row = g_new0 (Row, 1);
      row->values = g_memdup2 (values, cmp->n_observed * sizeof (AcyValue));
      row->satisfies = satisfies;
      row->cells = g_new0 (Cell, cmp->n_models);
      for (guint m = 0; m < cmp->n_models; m++)
        row->cells[m].state = -1;
      g_ptr_array_add (cmp->rows, row);
      g_hash_table_insert (index, g_steal_pointer (&key), row);
    }
  return row;
}

/**
 * acy_comparison_new:
 * @test: the test (names its observed variables and formats values)
 * @results: (array length=n): the checks of @test under each model
 * @n: how many
 *
 * Returns: (transfer full): the comparison; it refers to @test, which
 * must outlive it, but copies what it needs of @results.
 */
AcyComparison *
acy_comparison_new (const AcyTest               *test,
                    const AcyCheckResult *const *results,
                    guint                        n)
{
  return acy_comparison_new_full (test, results, NULL, n);
}

/**
 * acy_comparison_new_full:
 * @probes: (nullable) (array length=n): a probe per model, or NULL
 *
 * As acy_comparison_new(), and adds the states candidates reached but no
 * model allowed, and the failing check of each forbidden state.
 */
AcyComparison *
acy_comparison_new_full (const AcyTest               *test,
                         const AcyCheckResult *const *results,
                         const AcyStateProbe *const  *probes,
                         guint                        n)
{
  AcyComparison *cmp;
  g_autoptr(GHashTable) index = NULL;

  g_return_val_if_fail (test != NULL, NULL);
  g_return_val_if_fail (results != NULL || n == 0, NULL);

  cmp = g_new0 (AcyComparison, 1);
  cmp->test = test;
  cmp->n_models = n;
  cmp->n_observed = acy_test_get_n_observed (test);
  cmp->observations = g_new0 (AcyObservation, n);
  cmp->rows = g_ptr_array_new ();
  index = g_hash_table_new_full (key_hash, key_equal, g_free, NULL);

  for (guint m = 0; m < n; m++)
    {
      const AcyCheckResult *r = results[m];

      g_return_val_if_fail (acy_test_get_n_observed (acy_check_result_get_test (r)) == cmp->n_observed, cmp);
      cmp->observations[m] = acy_check_result_get_observation (r);
      if (m > 0 && cmp->observations[m] != cmp->observations[0])
        cmp->observations_differ = TRUE;
      for (guint s = 0; s < acy_check_result_get_n_states (r); s++)
        {
          const AcyState *state = acy_check_result_get_state (r, s);
          Row *row = lookup_row (cmp, index, state->values, state->satisfies);

          row->cells[m].count = state->count;
          row->cells[m].state = (gint) s;
          row->cells[m].reached = TRUE;
        }
    }

  for (guint m = 0; probes != NULL && m < n; m++)
    {
      GHashTableIter iter;
      gpointer k, v;

      if (probes[m] == NULL)
        continue;
      g_hash_table_iter_init (&iter, probes[m]->states);
      while (g_hash_table_iter_next (&iter, &k, &v))
        {
          const Key *key = k;
          const ProbeEntry *e = v;
          Row *row;

          if (key->n != cmp->n_observed)
            continue;
          row = lookup_row (cmp, index, key->values, e->satisfies);
          row->cells[m].reached = TRUE;
          if (row->cells[m].state < 0 && e->failed_check != NULL)
            row->cells[m].failed_check = g_strdup (e->failed_check);
        }
    }

  for (guint i = 0; i < cmp->rows->len; i++)
    {
      Row *row = cmp->rows->pdata[i];
      guint allowed = 0;

      for (guint m = 0; m < n; m++)
        if (row->cells[m].state >= 0)
          allowed++;
      row->differs = allowed > 0 && allowed < n;
      if (row->differs)
        cmp->n_differing++;
    }
  g_ptr_array_sort_with_data (cmp->rows, compare_rows, cmp);
  return cmp;
}

void
acy_comparison_free (AcyComparison *cmp)
{
  if (cmp == NULL)
    return;
  for (guint i = 0; i < cmp->rows->len; i++)
    row_free (cmp->rows->pdata[i], cmp->n_models);
  g_ptr_array_unref (cmp->rows);
  g_free (cmp->observations);
  g_free (cmp);
}

const AcyTest *
acy_comparison_get_test (const AcyComparison *cmp)
{
  return cmp->test;
}

guint
acy_comparison_get_n_models (const AcyComparison *cmp)
{
  return cmp->n_models;
}

AcyObservation
acy_comparison_get_observation (const AcyComparison *cmp, guint model)
{
  g_return_val_if_fail (model < cmp->n_models, ACY_OBSERVATION_NEVER);
  return cmp->observations[model];
}

gboolean
acy_comparison_differs (const AcyComparison *cmp)
{
  return cmp->observations_differ || cmp->n_differing > 0;
}

guint
acy_comparison_get_n_rows (const AcyComparison *cmp)
{
  return cmp->rows->len;
}

guint
acy_comparison_get_n_differing (const AcyComparison *cmp)
{
  return cmp->n_differing;
}

static const Row *
get_row (const AcyComparison *cmp, guint row)
{
  g_return_val_if_fail (row < cmp->rows->len, NULL);
  return cmp->rows->pdata[row];
}

const AcyValue *
acy_comparison_row_get_values (const AcyComparison *cmp, guint row)
{
  const Row *r = get_row (cmp, row);
  return r ? r->values : NULL;
}

char *
acy_comparison_row_format (const AcyComparison *cmp, guint row)
{
  const Row *r = get_row (cmp, row);
  return r ? acy_check_format_state (cmp->test, r->values) : NULL;
}

gboolean
acy_comparison_row_satisfies (const AcyComparison *cmp, guint row)
{
  const Row *r = get_row (cmp, row);
  return r && r->satisfies;
}

gboolean
acy_comparison_row_differs (const AcyComparison *cmp, guint row)
{
  const Row *r = get_row (cmp, row);
  return r && r->differs;
}

static const Cell *
get_cell (const AcyComparison *cmp, guint row, guint model)
{
  const Row *r = get_row (cmp, row);

  g_return_val_if_fail (model < cmp->n_models, NULL);
  return r ? &r->cells[model] : NULL;
}

guint64
acy_comparison_row_get_count (const AcyComparison *cmp, guint row, guint model)
{
  const Cell *c = get_cell (cmp, row, model);
  return c ? c->count : 0;
}

gboolean
acy_comparison_row_allowed (const AcyComparison *cmp, guint row, guint model)
{
  const Cell *c = get_cell (cmp, row, model);
  return c && c->state >= 0;
}

gint
acy_comparison_row_get_state (const AcyComparison *cmp, guint row, guint model)
{
  const Cell *c = get_cell (cmp, row, model);
  return c ? c->state : -1;
}

gboolean
acy_comparison_row_reached (const AcyComparison *cmp, guint row, guint model)
{
  const Cell *c = get_cell (cmp, row, model);
  return c && c->reached;
}

const char *
acy_comparison_row_get_failed_check (const AcyComparison *cmp, guint row, guint model)
{
  const Cell *c = get_cell (cmp, row, model);
  return c ? c->failed_check : NULL;
}

/* ---- naming models -------------------------------------------------------- */


static const char *const builtin_models[] = {
  "sc", "tso", "coherent-rmo", "toy-rmo", NULL
};

const char *const *
acy_comparison_get_builtin_models (void)
{
  return builtin_models;
}

/**
 * acy_comparison_load_model:
 * @spec: a built-in model's name, a .cat or a .cfg path
 * @include_dirs: (nullable): more directories to search, NULL-terminated
 * @macros: (out) (transfer full): the macro file to read tests with
 *
 * Returns: (transfer full): the model, or NULL with @error set
 */
AcyModel *
acy_comparison_load_model (const char         *spec,
                           const char *const  *include_dirs,
                           AcyMacros         **macros,
                           GError            **error)
{
  AcySetupSpec setup = { 0 };
  AcyModel *model = NULL;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (macros != NULL, NULL);

  setup.cat = spec;
  setup.include_dirs = include_dirs;
  if (!acy_setup_load (&setup, &model, macros, error))
    return NULL;
  return model;
}
