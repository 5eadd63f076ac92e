/* acy-run-result.c - what a harness printed, read back and told as litmus7 tells it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The harness prints numbers only (harness/runner.c says which); the
 * names, the condition and the filter are the test's, applied here.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "acy-harness.h"
#include "acy-litmus-private.h"

#define PROTOCOL "acyclic-harness 1"

struct _AcyRunResult {
  const AcyTest *test;
  guint          n_tracked;
  guint          n_observed;
  GHashTable    *index;       /* observed values (AcyValue[n_observed], in @states) -> AcyState* */
  GPtrArray     *states;      /* AcyState*, values owned, sorted by finish() */
  guint64        seen;        /* iterations counted, before the filter */
  guint64        positive, negative;
  gboolean       header, ended, sorted;
  guint64        runs_done, runs_total;
  gdouble        seconds;
  char          *mapping;
  guint          cpus_online, cpus_used;
};

/* The index is keyed by a hash of the values, its values lists of the
 * states with that hash (collisions are rare and short). */
static guint
hash_values (const AcyValue *v, guint n)
{
  guint64 h = G_GUINT64_CONSTANT (14695981039346656037);

  for (guint k = 0; k < n; k++)
    h = (h ^ (guint64) v[k]) * G_GUINT64_CONSTANT (1099511628211);
  return (guint) (h ^ (h >> 32));
}

AcyRunResult *
acy_run_result_new (const AcyTest *test)
{
  AcyRunResult *r = g_new0 (AcyRunResult, 1);

  r->test = test;
  r->n_tracked = test->n_tracked;
  r->n_observed = test->n_observed;
  r->index = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  r->states = g_ptr_array_new ();
  return r;
}

static void
state_free (gpointer p)
{
  AcyState *s = p;

  g_free ((gpointer) s->values);
  g_free (s);
}

void
acy_run_result_free (AcyRunResult *result)
{
  if (result == NULL)
    return;
  g_hash_table_unref (result->index);
  g_ptr_array_set_free_func (result->states, state_free);
  g_ptr_array_unref (result->states);
  g_free (result->mapping);
  g_free (result);
}

static AcyState *
find_state (const AcyRunResult *r, const AcyValue *values, guint hash)
{
  GPtrArray *bucket = g_hash_table_lookup (r->index, GUINT_TO_POINTER (hash));

  for (guint i = 0; bucket != NULL && i < bucket->len; i++)
    {
      AcyState *s = bucket->pdata[i];

      if (memcmp (s->values, values, r->n_observed * sizeof (AcyValue)) == 0)
        return s;
    }
  return NULL;
}

static gboolean G_GNUC_PRINTF (2, 3)
fail (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "the harness %s", msg);
  return FALSE;
}

static gboolean
parse_u64 (const char *s, guint64 *out)
{
  return g_ascii_string_to_unsigned (s, 10, 0, G_MAXUINT64, out, NULL);
}

static gboolean
parse_i64 (const char *s, gint64 *out)
{
  return g_ascii_string_to_signed (s, 10, G_MININT64, G_MAXINT64, out, NULL);
}

/* A value the harness printed, as a check prints it: an integer
 * location declared atomic_t holds an unsigned one. */
static AcyValue
normalise (const AcyTest *test, guint k, AcyValue v)
{
  return k < test->n_observed ? acy_test_observed_value (test, k, v) : v;
}

static gboolean
add_state (AcyRunResult *r, char **words, guint n_words, GError **error)
{
  g_autofree AcyValue *v = g_new0 (AcyValue, MAX (r->n_tracked, 1));
  guint64 count;
  AcyState *s;
  guint hash;

  if (n_words != r->n_tracked + 2 || !parse_u64 (words[1], &count) || count == 0)
    return fail (error, "printed a final state that is not one of this test's: %s", words[0]);
  for (guint k = 0; k < r->n_tracked; k++)
    {
      gint64 x;

      if (!parse_i64 (words[2 + k], &x))
        return fail (error, "printed a value that is not a number");
      v[k] = normalise (r->test, k, x);
    }
  if (r->seen + count < r->seen)
    return fail (error, "counted more than 2^64 iterations");
  r->seen += count;
  /* litmus7 leaves out what the filter rules out */
  if (r->test->filter != NULL && !acy_lit_prop_eval (r->test->filter, r->test, v))
    return TRUE;
  hash = hash_values (v, r->n_observed);
  s = find_state (r, v, hash);
  if (s == NULL)
    {
      GPtrArray *bucket = g_hash_table_lookup (r->index, GUINT_TO_POINTER (hash));

      s = g_new0 (AcyState, 1);
      s->values = g_memdup2 (v, MAX (r->n_observed, 1) * sizeof (AcyValue));
      s->satisfies = acy_lit_prop_eval (r->test->cond, r->test, v);
      g_ptr_array_add (r->states, s);
      if (bucket == NULL)
        {
          bucket = g_ptr_array_new ();
          g_hash_table_insert (r->index, GUINT_TO_POINTER (hash), bucket);
        }
      g_ptr_array_add (bucket, s);
      r->sorted = FALSE;
    }
  s->count += count;
  if (s->satisfies)
    r->positive += count;
  else
    r->negative += count;
  return TRUE;
}

gboolean
acy_run_result_add_line (AcyRunResult *result, const char *line, GError **error)
{
  g_auto(GStrv) words = NULL;
  guint n;

  g_return_val_if_fail (result != NULL && line != NULL, FALSE);

  if (!result->header)
    {
      if (!g_str_equal (line, PROTOCOL))
        return fail (error, "did not start as an Acyclic harness does (it printed '%.40s')", line);
      result->header = TRUE;
      return TRUE;
    }
  if (result->ended)
    return fail (error, "printed more after its end");
  words = g_strsplit (line, " ", -1);
  n = g_strv_length (words);
  if (n == 0)
    return fail (error, "printed an empty line");
  if (g_str_equal (words[0], "error"))
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_LIMIT, "the harness stopped: %s", line + 6);
      return FALSE;
    }
  if (g_str_equal (words[0], "fault") && n == 3)
    {
      guint64 thread = 0;

      parse_u64 (words[2], &thread);
      g_set_error (error, ACY_ERROR, ACY_ERROR_UNSUPPORTED,
                   "P%" G_GUINT64_FORMAT " ran into %s on this machine, which herd7 gives no value "
                   "(the final states would be wrong): not run",
                   thread,
                   g_str_equal (words[1], "division-by-zero") ? "a division by zero"
                   : g_str_equal (words[1], "shift") ? "a shift by less than 0 or more than 31"
                   : "an access through a value that is no address");
      return FALSE;
    }
  if (g_str_equal (words[0], "state"))
    return add_state (result, words, n, error);
  if (g_str_equal (words[0], "progress") && n == 3)
    return (parse_u64 (words[1], &result->runs_done) && parse_u64 (words[2], &result->runs_total))
           || fail (error, "printed a bad progress line");
  if (g_str_equal (words[0], "mapping") && n == 2)
    {
      g_free (result->mapping);
      result->mapping = g_strdup (words[1]);
      return TRUE;
    }
  if (g_str_equal (words[0], "cpus") && n == 3)
    {
      guint64 online, used;

      if (!parse_u64 (words[1], &online) || !parse_u64 (words[2], &used) || online > G_MAXUINT || used > G_MAXUINT)
        return fail (error, "printed a bad cpus line");
      result->cpus_online = (guint) online;
      result->cpus_used = (guint) used;
      return TRUE;
    }
  if (g_str_equal (words[0], "time") && n == 2)
    {
      char *end = NULL;

      result->seconds = g_ascii_strtod (words[1], &end);
      return (end != words[1] && *end == '\0' && result->seconds >= 0) || fail (error, "printed a bad time");
    }
  if (g_str_equal (words[0], "end") && n == 1)
    {
      result->ended = TRUE;
      return TRUE;
    }
  return fail (error, "printed a line it should not: '%.40s'", line);
}

/* litmus7's order: the last variable first, numbers by value, then
 * addresses by the location's name. */
static int
compare_value (const AcyTest *test, AcyValue a, AcyValue b)
{
  gboolean pa = ACY_VALUE_IS_PTR (a), pb = ACY_VALUE_IS_PTR (b);

  if (pa != pb)
    return pa ? 1 : -1;
  if (pa && ACY_VALUE_PTR_LOC (a) != ACY_VALUE_PTR_LOC (b)
      && (guint) ACY_VALUE_PTR_LOC (a) < test->loc_names->len
      && (guint) ACY_VALUE_PTR_LOC (b) < test->loc_names->len)
    return strcmp (test->loc_names->pdata[ACY_VALUE_PTR_LOC (a)], test->loc_names->pdata[ACY_VALUE_PTR_LOC (b)]);
  return a < b ? -1 : a > b;
}

static int
compare_states (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const AcyRunResult *r = data;
  const AcyState *a = *(const AcyState *const *) pa, *b = *(const AcyState *const *) pb;

  for (guint k = r->n_observed; k-- > 0;)
    {
      int c = compare_value (r->test, a->values[k], b->values[k]);

      if (c != 0)
        return c;
    }
  return 0;
}

static void
sort_states (AcyRunResult *r)
{
  if (!r->sorted)
    g_ptr_array_sort_with_data (r->states, compare_states, r);
  r->sorted = TRUE;
}

gboolean
acy_run_result_finish (AcyRunResult *result, guint64 iterations, GError **error)
{
  g_return_val_if_fail (result != NULL, FALSE);

  if (!result->header)
    return fail (error, "printed nothing");
  if (!result->ended)
    return fail (error, "stopped before printing all its final states");
  if (result->seen != iterations)
    return fail (error, "counted %" G_GUINT64_FORMAT " final states in %" G_GUINT64_FORMAT " iterations",
                 result->seen, iterations);
  sort_states (result);
  return TRUE;
}

void
acy_run_result_get_progress (const AcyRunResult *result, guint64 *done, guint64 *total)
{
  *done = result->runs_done;
  *total = result->runs_total;
}

guint
acy_run_result_get_n_states (const AcyRunResult *result)
{
  return result->states->len;
}

const AcyState *
acy_run_result_get_state (const AcyRunResult *result, guint i)
{
  g_return_val_if_fail (i < result->states->len, NULL);
  sort_states ((AcyRunResult *) result);
  return result->states->pdata[i];
}

guint64
acy_run_result_count_state (const AcyRunResult *result, const AcyValue *values)
{
  g_autofree AcyValue *v = g_new (AcyValue, MAX (result->n_observed, 1));
  const AcyState *s;

  /* a check's values as the harness's are read (an assembly test's int
   * register by its 32 bits) */
  for (guint k = 0; k < result->n_observed; k++)
    v[k] = normalise (result->test, k, values[k]);
  s = find_state (result, v, hash_values (v, result->n_observed));
  return s ? s->count : 0;
}

guint64
acy_run_result_get_positive (const AcyRunResult *result)
{
  return result->positive;
}

guint64
acy_run_result_get_negative (const AcyRunResult *result)
{
  return result->negative;
}

gboolean
acy_run_result_get_ok (const AcyRunResult *result)
{
  switch (acy_test_get_quantifier (result->test))
    {
    case ACY_QUANT_EXISTS: return result->positive > 0;
    case ACY_QUANT_NOT_EXISTS: return result->positive == 0;
    case ACY_QUANT_FORALL: return result->negative == 0;
    }
  return FALSE;
}

AcyObservation
acy_run_result_get_observation (const AcyRunResult *result)
{
  if (result->positive == 0)
    return ACY_OBSERVATION_NEVER;
  return result->negative == 0 ? ACY_OBSERVATION_ALWAYS : ACY_OBSERVATION_SOMETIMES;
}

guint64
acy_run_result_get_iterations (const AcyRunResult *result)
{
  return result->seen;
}

gdouble
acy_run_result_get_seconds (const AcyRunResult *result)
{
  return result->seconds;
}

const char *
acy_run_result_get_mapping (const AcyRunResult *result)
{
  return result->mapping;
}

void
acy_run_result_get_cpus (const AcyRunResult *result, guint *online, guint *used)
{
  *online = result->cpus_online;
  *used = result->cpus_used;
}

void
acy_run_result_format_litmus7 (const AcyRunResult *result, GString *out)
{
  const AcyTest *test = result->test;
  const char *name = acy_test_get_name (test);
  AcyQuantifier q = acy_test_get_quantifier (test);
  gboolean ok = acy_run_result_get_ok (result);

  sort_states ((AcyRunResult *) result);
  g_string_append_printf (out, "Test %s %s\n", name,
                          q == ACY_QUANT_FORALL ? "Required" : q == ACY_QUANT_NOT_EXISTS ? "Forbidden" : "Allowed");
  g_string_append_printf (out, "Histogram (%u states)\n", result->states->len);
  for (guint i = 0; i < result->states->len; i++)
    {
      const AcyState *s = result->states->pdata[i];
      g_autofree char *state = acy_check_format_state (test, s->values);
      /* litmus7 marks what makes its verdict: the states satisfying the
       * condition, or under forall those that do not */
      gboolean mark = q == ACY_QUANT_FORALL ? !s->satisfies : s->satisfies;
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, s->count);

      g_string_append_printf (out, "%-6s%c>%s\n", count, mark ? '*' : ':', state);
    }
  g_string_append_printf (out, "%s\n\nWitnesses\n", ok ? "Ok" : "No");
  g_string_append_printf (out, "Positive: %" G_GUINT64_FORMAT ", Negative: %" G_GUINT64_FORMAT "\n",
                          result->positive, result->negative);
  g_string_append_printf (out, "Condition %s is %svalidated\n", acy_test_get_condition_text (test),
                          ok ? "" : "NOT ");
  if (acy_test_get_hash (test))
    g_string_append_printf (out, "Hash=%s\n", acy_test_get_hash (test));
  g_string_append_printf (out, "Observation %s %s %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n", name,
                          acy_observation_to_string (acy_run_result_get_observation (result)),
                          result->positive, result->negative);
  g_string_append_printf (out, "Time %s %.2f\n", name, result->seconds);
}
