/* acy-cli.c - what acyclic-check does, apart from parsing its options
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-check"
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "acyclic.h"
#include "acy-cli.h"
#include "acy-cli-explain.h"
#include "acy-cli-fixes.h"
#include "acy-graph-dot.h"
#include "acy-graph-render.h"
#include "acy-graph-scene.h"

AcyCliOptions *
acy_cli_options_new (void)
{
  AcyCliOptions *o = g_new0 (AcyCliOptions, 1);
  o->include_dirs = g_ptr_array_new_with_free_func (g_free);
  o->variants = g_ptr_array_new_with_free_func (g_free);
  return o;
}

void
acy_cli_options_free (AcyCliOptions *o)
{
  if (o == NULL)
    return;
  g_free (o->conf);
  g_free (o->cat);
  g_free (o->bell);
  g_free (o->macros);
  g_free (o->graph_dir);
  g_free (o->graph_format);
  g_free (o->dot_dir);
  g_free (o->graph_show);
  g_free (o->eval_expr);
  g_free (o->why);
  g_ptr_array_unref (o->include_dirs);
  g_ptr_array_unref (o->variants);
  g_free (o);
}

/* Everything a run needs that does not depend on the test. */
typedef struct {
  AcyModel  *model;
  AcyMacros *macros;
} Setup;

static void
setup_clear (Setup *s)
{
  g_clear_pointer (&s->model, acy_model_free);
  g_clear_pointer (&s->macros, acy_macros_free);
}

static gboolean
load_setup (const AcyCliOptions *o, Setup *setup, GError **error)
{
  g_autoptr(GPtrArray) dirs = g_ptr_array_new ();
  g_autoptr(GPtrArray) variants = g_ptr_array_new ();
  AcySetupSpec spec = { 0 };

  for (guint i = 0; i < o->include_dirs->len; i++)
    g_ptr_array_add (dirs, o->include_dirs->pdata[i]);
  g_ptr_array_add (dirs, NULL);
  for (guint i = 0; i < o->variants->len; i++)
    g_ptr_array_add (variants, o->variants->pdata[i]);
  g_ptr_array_add (variants, NULL);

  spec.conf = o->conf;
  spec.cat = o->cat;
  spec.bell = o->bell;
  spec.macros = o->macros;
  spec.include_dirs = (const char *const *) dirs->pdata;
  spec.variants = (const char *const *) variants->pdata;
  return acy_setup_load (&spec, &setup->model, &setup->macros, error);
}

/* ---- JSON output ------------------------------------------------------ */

static void
json_string (GString *s, const char *str)
{
  g_string_append_c (s, '"');
  for (const char *p = str; p && *p; p++)
    {
      switch (*p)
        {
        case '"': g_string_append (s, "\\\""); break;
        case '\\': g_string_append (s, "\\\\"); break;
        case '\n': g_string_append (s, "\\n"); break;
        case '\t': g_string_append (s, "\\t"); break;
        default:
          if ((guchar) *p < 0x20)
            g_string_append_printf (s, "\\u%04x", *p);
          else
            g_string_append_c (s, *p);
        }
    }
  g_string_append_c (s, '"');
}

static void
json_relation (GString *s, const char *name, const AcyWord *r, guint n)
{
  gboolean first = TRUE;

  json_string (s, name);
  g_string_append (s, ":[");
  for (guint i = 0; i < n; i++)
    ACY_BITS_FOREACH (j, acy_rel_row ((AcyWord *) r, n, i), n)
      {
        g_string_append_printf (s, "%s[%u,%u]", first ? "" : ",", i, j);
        first = FALSE;
      }
  g_string_append (s, "]");
}

typedef struct {
  const AcyTest *test;
  GString       *out;
  guint64        index;
} JsonRun;

static gboolean
json_outcome (const AcyCandidate *c,
              const AcyVerdict   *v,
              AcyModelEnv        *env,
              gpointer            user_data)
{
  JsonRun *j = user_data;
  const AcyExecution *x = c->x;
  GString *s = j->out;
  guint n = x->n_events;
  const char *const model_rels[] = { "co", "fr", NULL };

  g_string_append_printf (s, "%s\n    {\"index\":%" G_GUINT64_FORMAT ",\"allowed\":%s,",
                          j->index ? "," : "", j->index, v->allowed ? "true" : "false");
  j->index++;
  g_string_append (s, "\"failed_check\":");
  if (v->failed_check)
    json_string (s, v->failed_check);
  else
    g_string_append (s, "null");
  g_string_append (s, ",\"flags\":[");
  for (guint i = 0; i < v->n_flags; i++)
    {
      if (i)
        g_string_append_c (s, ',');
      json_string (s, v->flags[i]);
    }
  g_string_append_printf (s, "],\"condition\":%s,\"final\":{", c->condition ? "true" : "false");
  for (guint i = 0; i < acy_test_get_n_observed (j->test); i++)
    {
      g_autofree char *val = acy_test_format_value (j->test, c->final[i]);
      if (i)
        g_string_append_c (s, ',');
      json_string (s, acy_test_get_observed (j->test, i));
      g_string_append_c (s, ':');
      json_string (s, val);
    }
  g_string_append (s, "},\n     \"events\":[");
  for (guint i = 0; i < n; i++)
    {
      const AcyEvent *e = &x->events[i];
      g_string_append_printf (s, "%s{\"id\":%u,\"thread\":%d,\"kind\":\"%s\",", i ? "," : "", i,
                              e->thread == ACY_THREAD_INIT ? -1 : (int) e->thread,
                              acy_event_kind_name (e->kind));
      if (e->loc >= 0)
        {
          g_autofree char *val = acy_test_format_value (j->test, e->value);
          g_string_append (s, "\"loc\":");
          json_string (s, x->loc_names[e->loc]);
          g_string_append (s, ",\"value\":");
          json_string (s, val);
          g_string_append_c (s, ',');
        }
      g_string_append (s, "\"tags\":[");
      for (guint t = 0, k = 0; t < x->n_tags; t++)
        if (e->tags & ((guint64) 1 << t))
          {
            if (k++)
              g_string_append_c (s, ',');
            json_string (s, x->tag_names[t]);
          }
      g_string_append_printf (s, "],\"line\":%u}", e->line);
    }
  g_string_append (s, "],\n     \"relations\":{");
  json_relation (s, "po", x->po, n);
  g_string_append_c (s, ',');
  json_relation (s, "rf", x->rf, n);
  g_string_append_c (s, ',');
  json_relation (s, "addr", x->addr, n);
  g_string_append_c (s, ',');
  json_relation (s, "data", x->data, n);
  g_string_append_c (s, ',');
  json_relation (s, "ctrl", x->ctrl, n);
  g_string_append_c (s, ',');
  json_relation (s, "rmw", x->rmw, n);
  for (guint i = 0; model_rels[i]; i++)
    {
      const AcyWord *bits = NULL;
      if (acy_model_env_lookup (env, model_rels[i], &bits) == ACY_MODEL_VALUE_RELATION)
        {
          g_string_append_c (s, ',');
          json_relation (s, model_rels[i], bits, n);
        }
    }
  g_string_append (s, "}}");
  return TRUE;
}

/* ---- graphs ---------------------------------------------------------------- */

typedef struct {
  JsonRun     *json;       /* nullable */
  AcyRecorder *recorder;   /* nullable */
} Outcomes;

static gboolean
cli_outcome (const AcyCandidate *c, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  Outcomes *o = data;

  if (o->json && !json_outcome (c, v, env, o->json))
    return FALSE;
  if (o->recorder)
    acy_recorder_add_outcome (c, v, env, o->recorder);
  return TRUE;
}

static gboolean
graph_wanted (const AcyCliOptions *o, const AcyRecord *r)
{
  const char *show = o->graph_show ? o->graph_show : "";

  if (g_str_equal (show, "all"))
    return TRUE;
  if (g_str_equal (show, "none"))
    return FALSE;
  if (!r->allowed)
    return FALSE;
  if (g_str_equal (show, "prop") || g_str_equal (show, "wit"))
    return r->condition;
  if (g_str_equal (show, "neg"))
    return !r->condition;
  return TRUE;
}

/* Writes TEST-N.EXT (N from 1, over the executions drawn) into --graph
 * and --dot directories. Returns FALSE after reporting an error. */
static gboolean
write_graphs (const AcyCliOptions *o, const AcyTest *test, const AcyModel *model,
              AcyRecorder *recorder)
{
  const char *name = acy_test_get_name (test);
  const char *const *shown = acy_model_get_shown_names (model);
  AcyGraphFormat format = ACY_GRAPH_FORMAT_SVG;
  AcyGraphGrid grid = { 0 };
  guint n = acy_recorder_get_n_records (recorder), written = 0, wanted = 0;

  if (o->graph_format)
    acy_graph_format_from_string (o->graph_format, &format);
  for (guint d = 0; d < 2; d++)
    {
      const char *dir = d == 0 ? o->graph_dir : o->dot_dir;
      if (dir && g_mkdir_with_parents (dir, 0755) != 0)
        {
          fprintf (stderr, "acyclic-check: %s: cannot create the directory\n", dir);
          return FALSE;
        }
    }
  for (guint i = 0; i < n; i++)
    if (graph_wanted (o, acy_recorder_get_record (recorder, i)))
      {
        acy_graph_grid_add (&grid, &acy_recorder_get_record (recorder, i)->x);
        wanted++;
      }
  for (guint i = 0; i < n; i++)
    {
      const AcyRecord *r = acy_recorder_get_record (recorder, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(AcyGraphScene) scene = NULL;
      g_autofree char *title = NULL;

      if (!graph_wanted (o, r))
        continue;
      written++;
      scene = acy_graph_scene_new (recorder, i, model, &error);
      if (scene == NULL)
        {
          fprintf (stderr, "acyclic-check: %s: %s\n", name, error->message);
          return FALSE;
        }
      if (r->allowed)
        title = g_strdup_printf ("%s: execution %u of %u, allowed", name, written, wanted);
      else
        title = g_strdup_printf ("%s: execution %u of %u, forbidden by %s", name, written, wanted,
                                 r->failed_check);
      if (o->graph_dir)
        {
          g_autofree char *base = g_strdup_printf ("%s-%u.%s", name, written,
                                                   acy_graph_format_extension (format));
          g_autofree char *path = g_build_filename (o->graph_dir, base, NULL);
          g_autoptr(AcyGraphLayout) layout = acy_graph_scene_layout (scene, shown, title, &grid, NULL);

          if (!acy_graph_export (layout, format, path, &error))
            {
              fprintf (stderr, "acyclic-check: %s\n", error->message);
              return FALSE;
            }
        }
      if (o->dot_dir)
        {
          g_autofree char *base = g_strdup_printf ("%s-%u.dot", name, written);
          g_autofree char *path = g_build_filename (o->dot_dir, base, NULL);
          g_autofree char *dot = acy_graph_dot (scene, shown, title);

          if (!g_file_set_contents (path, dot, -1, &error))
            {
              fprintf (stderr, "acyclic-check: %s\n", error->message);
              return FALSE;
            }
        }
    }
  if (acy_recorder_get_n_dropped (recorder))
    fprintf (stderr, "acyclic-check: %s: %" G_GUINT64_FORMAT " executions not drawn (too many to keep)\n",
             name, acy_recorder_get_n_dropped (recorder));
  return TRUE;
}

/* ---- judging against Result: comments ---------------------------------- */

typedef struct {
  guint passed, failed, unjudged;
} Judge;

static void
judge_one (Judge *judge, const char *file, const AcyTest *test, const AcyCheckResult *r)
{
  const char *expected = acy_test_get_expected_result (test);
  const char *got = acy_observation_to_string (acy_check_result_get_observation (r));
  const char *const *flags = acy_check_result_get_flags (r);
  gboolean race = flags && g_strv_contains (flags, "data-race");
  g_autofree char *got_full = g_strdup_printf ("%s%s", got, race ? " DATARACE" : "");
  gboolean want_race;
  g_autofree char *want_word = NULL;

  if (expected == NULL)
    {
      judge->unjudged++;
      printf ("%-60s %-20s %-20s %s\n", file, "-", got_full, "no Result");
      return;
    }
  want_race = strstr (expected, "DATARACE") != NULL;
  want_word = g_strndup (expected, strcspn (expected, " \t"));
  if (g_str_equal (want_word, got) && want_race == race)
    {
      judge->passed++;
      printf ("%-60s %-20s %-20s %s\n", file, expected, got_full, "pass");
    }
  else
    {
      judge->failed++;
      printf ("%-60s %-20s %-20s %s\n", file, expected, got_full, "FAIL");
    }
}

int
acy_cli_run (const AcyCliOptions *o, const char *const *args, guint n_args)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  Setup setup = { 0 };
  Judge judge = { 0 };
  int status = 0;

  if (!load_setup (o, &setup, &error))
    {
      fprintf (stderr, "acyclic-check: %s\n", error->message);
      setup_clear (&setup);
      return 1;
    }
  if (o->suggest_fixes)
    {
      status = acy_cli_suggest_fixes (o, setup.model, setup.macros, args, n_args);
      setup_clear (&setup);
      return status;
    }
  if (o->eval_expr || o->why)
    {
      status = acy_cli_explain (o, setup.model, setup.macros, args, n_args);
      setup_clear (&setup);
      return status;
    }

  for (guint i = 0; i < n_args; i++)
    acy_test_collect_files (args[i], files, NULL);

  if (o->json)
    printf ("[");
  for (guint i = 0; i < files->len; i++)
    {
      const char *file = files->pdata[i];
      g_autoptr(AcyTest) test = NULL;
      g_autoptr(AcyCheckResult) result = NULL;
      g_autoptr(GString) out = g_string_new (NULL);
      AcyCheckOptions copts = { 0 };
      JsonRun jrun = { 0 };
      Outcomes outcomes = { 0 };
      g_autoptr(AcyRecorder) recorder = NULL;

      g_clear_error (&error);
      test = acy_test_load (file, setup.macros, &error);
      if (test == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          status = 1;
          continue;
        }
      copts.timeout = o->timeout;
      copts.max_candidates = o->max_candidates;
      if (o->json)
        {
          jrun.test = test;
          jrun.out = out;
          copts.outcome = json_outcome;
          copts.outcome_data = &jrun;
          g_string_append_printf (out, "%s\n  {\"test\":", i ? "," : "");
          json_string (out, acy_test_get_name (test));
          g_string_append (out, ",\"file\":");
          json_string (out, file);
          g_string_append (out, ",\"model\":");
          json_string (out, acy_model_get_name (setup.model));
          g_string_append (out, ",\"outcomes\":[");
        }
      if (o->graph_dir || o->dot_dir)
        {
          recorder = acy_recorder_new (test);
          outcomes.json = o->json ? &jrun : NULL;
          outcomes.recorder = recorder;
          copts.outcome = cli_outcome;
          copts.outcome_data = &outcomes;
        }
      result = acy_check_run (test, setup.model, &copts, NULL, &error);
      if (result == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          status = 1;
          if (o->json)
            {
              g_string_append (out, "],\"error\":");
              json_string (out, error->message);
              g_string_append (out, "}");
              fputs (out->str, stdout);
            }
          continue;
        }
      if (recorder && !write_graphs (o, test, setup.model, recorder))
        status = 1;
      if (o->json)
        {
          g_string_append_printf (out, "],\n   \"observation\":\"%s\",\"positive\":%" G_GUINT64_FORMAT
                                  ",\"negative\":%" G_GUINT64_FORMAT ",\"states\":%u}",
                                  acy_observation_to_string (acy_check_result_get_observation (result)),
                                  acy_check_result_get_positive (result),
                                  acy_check_result_get_negative (result),
                                  acy_check_result_get_n_states (result));
          fputs (out->str, stdout);
        }
      else if (o->judge)
        judge_one (&judge, file, test, result);
      else
        {
          acy_check_result_format_herd (result, out, TRUE);
          fputs (out->str, stdout);
        }
      if (o->verbose)
        {
          const AcyCheckProgress *st = acy_check_result_get_stats (result);
          struct rusage usage = { 0 };

          getrusage (RUSAGE_SELF, &usage);
          fprintf (stderr, "%s: %" G_GUINT64_FORMAT " candidates, %" G_GUINT64_FORMAT
                   " outcomes, %" G_GUINT64_FORMAT " allowed, %.3f s, peak memory %.1f MB\n",
                   file, st->candidates, st->outcomes, st->allowed, st->elapsed,
                   usage.ru_maxrss / 1024.0);
        }
      fflush (stdout);
    }
  if (o->json)
    printf ("\n]\n");
  if (o->judge)
    {
      printf ("judge: %u passed, %u failed, %u without a Result comment\n",
              judge.passed, judge.failed, judge.unjudged);
      if (judge.failed)
        status = 1;
    }

  setup_clear (&setup);
  return status;
}
