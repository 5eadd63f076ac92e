/* test-recorder.c - recording a check's outcomes and explaining them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-recorder"
#include "config.h"

#include <string.h>

#include "exec-fixture.h"

static void
test_recorder_mp (void)
{
  ExecFixture run = { 0 };
  const AcyCheckProgress *stats;
  guint n, allowed = 0, forbidden_condition = 0;
  gsize naive = 0, kept;

  exec_fixture_run (&run, exec_fixture_mp_mb, "coherent-rmo.cat", 0);
  stats = acy_check_result_get_stats (run.result);
  n = acy_recorder_get_n_records (run.recorder);
  g_assert_cmpuint (n, ==, stats->outcomes);
  g_assert_cmpuint (acy_recorder_get_n_dropped (run.recorder), ==, 0);
  /* What the recorder keeps, before any record's events are asked for */
  kept = acy_recorder_get_memory (run.recorder);

  for (guint i = 0; i < n; i++)
    {
      const AcyRecord *peeked = acy_recorder_peek_record (run.recorder, i);
      const AcyRecord *r;
      guint ne;

      /* A record's events are made when asked for, once. */
      g_assert_null (peeked->x.events);
      g_assert_null (peeked->x.rf);
      g_assert_null (peeked->fr);
      r = acy_recorder_get_record (run.recorder, i);
      g_assert_true (r == peeked);
      g_assert_nonnull (r->x.events);
      g_assert_true (acy_recorder_get_record (run.recorder, i)->x.events == r->x.events);
      ne = r->x.n_events;

      naive += sizeof (AcyRecord) + ne * sizeof (AcyEvent) + 9 * acy_rel_words (ne) * sizeof (AcyWord);
      g_assert_nonnull (r->co);
      g_assert_nonnull (r->fr);
      g_assert_cmpuint (r->x.n_locs, ==, 2);
      g_assert_cmpstr (r->x.loc_names[0], !=, NULL);
      if (r->allowed)
        {
          allowed++;
          g_assert_cmpint (r->state, >=, 0);
          g_assert_cmpint (r->state, <, (gint) acy_check_result_get_n_states (run.result));
          g_assert_null (r->failed_check);
        }
      else
        {
          g_assert_cmpint (r->state, ==, -1);
          g_assert_nonnull (r->failed_check);
          g_assert_nonnull (r->failed_relation);
          if (r->condition)
            {
              forbidden_condition++;
              g_assert_cmpstr (r->failed_check, ==, "acyclic rmo-order");
              g_assert_cmpstr (r->failed_kind, ==, "acyclic");
            }
        }
    }
  g_assert_cmpuint (allowed, ==, 3);
  g_assert_cmpuint (forbidden_condition, >=, 1);
  /* Sharing: the records hold less than separate copies would. */
  g_assert_cmpuint (kept, <, naive);
  exec_fixture_clear (&run);
}

typedef struct {
  const AcyRecord *record;
  gboolean         called;
  gboolean         rmo_equal;
} ExplainCheck;

static void
on_explained (const AcyExecution *x, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  ExplainCheck *c = data;
  const AcyWord *bits = NULL;
  guint n = x->n_events;

  c->called = TRUE;
  g_assert_cmpint (v->allowed, ==, c->record->allowed);
  g_assert_cmpint (acy_model_env_lookup (env, "rmo-order", &bits), ==, ACY_MODEL_VALUE_RELATION);
  if (c->record->failed_relation)
    c->rmo_equal = memcmp (bits, c->record->failed_relation, acy_rel_words (n) * sizeof (AcyWord)) == 0;
}

static void
test_recorder_explain (void)
{
  ExecFixture run = { 0 };
  guint n;

  exec_fixture_run (&run, exec_fixture_co_rr, "coherent-rmo.cat", 0);
  n = acy_recorder_get_n_records (run.recorder);
  g_assert_cmpuint (n, >, 6);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      const AcyRecord *r = acy_recorder_get_record (run.recorder, i);
      ExplainCheck c = { r, FALSE, FALSE };

      g_assert_true (acy_recorder_explain (run.recorder, run.model, i, on_explained, &c, &error));
      g_assert_no_error (error);
      g_assert_true (c.called);
      if (r->failed_relation && g_str_equal (r->failed_check, "acyclic rmo-order"))
        g_assert_true (c.rmo_equal);
    }
  /* Several outcomes (coherence orders) per candidate are numbered. */
  {
    gboolean some_second = FALSE;
    for (guint i = 0; i < n; i++)
      some_second |= acy_recorder_get_record (run.recorder, i)->outcome > 0;
    g_assert_true (some_second);
  }
  exec_fixture_clear (&run);
}

static void
test_recorder_limit (void)
{
  ExecFixture run = { 0 };
  const AcyCheckProgress *stats;

  exec_fixture_run (&run, exec_fixture_mp_mb, "coherent-rmo.cat", 2);
  stats = acy_check_result_get_stats (run.result);
  g_assert_cmpuint (acy_recorder_get_n_records (run.recorder), ==, 2);
  g_assert_cmpuint (acy_recorder_get_n_dropped (run.recorder), ==, stats->outcomes - 2);
  /* The verdicts are those of the whole check, whatever was dropped. */
  g_assert_cmpstr (acy_observation_to_string (acy_check_result_get_observation (run.result)), ==, "Never");
  exec_fixture_clear (&run);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/recorder/mp", test_recorder_mp);
  g_test_add_func ("/engine/recorder/explain", test_recorder_explain);
  g_test_add_func ("/engine/recorder/limit", test_recorder_limit);
  return g_test_run ();
}
