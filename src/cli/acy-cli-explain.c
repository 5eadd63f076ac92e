/* acy-cli-explain.c - acyclic-check --eval EXPR and --why REL:E1,E2
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * --eval prints, for each execution the model judges, the pairs (or
 * events) of any cat expression over the model's names. --why prints one
 * derivation of a pair of a relation, for the first recorded execution
 * that has it (every one with --graph-all). Events are named as the
 * graph names them: "a", "b", ... by thread and program order, and
 * "init:x" for the initial write of x.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "acyclic.h"
#include "acy-cli.h"
#include "acy-cli-explain.h"
#include "acy-graph-layout.h"

static char *
event_label (const AcyExecution *x, char **names, guint e)
{
  g_autofree char *label = acy_graph_event_label (x, e, NULL);
  return g_strdup_printf ("%s: %s", names[e], label);
}

static guint
find_event (char **names, const char *name)
{
  for (guint i = 0; names[i]; i++)
    if (g_str_equal (names[i], name))
      return i;
  return G_MAXUINT;
}

static void
print_verdict (guint index, const AcyVerdict *v)
{
  if (v->allowed)
    printf ("execution %u, allowed:\n", index);
  else
    printf ("execution %u, forbidden by %s:\n", index, v->failed_check);
}

/* ---- --eval ----------------------------------------------------------- */

typedef struct {
  const char *expr;
  guint       index;
  GError     *error;
} Eval;

static gboolean
eval_outcome (const AcyCandidate *c, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  Eval *e = data;
  const AcyExecution *x = c->x;
  const AcyWord *bits = NULL;
  g_auto(GStrv) names = NULL;
  AcyModelValueKind kind;
  guint n = x->n_events, count = 0;

  fflush (stdout);
  kind = acy_model_env_eval (env, e->expr, &bits, &e->error);
  if (e->error && !g_error_matches (e->error, ACY_ERROR, ACY_ERROR_UNKNOWN_NAME))
    return FALSE;
  names = acy_graph_event_names_init (x);
  print_verdict (++e->index, v);
  if (e->error)
    {
      /* the expression resolved at the end of the model: a name it uses
       * comes after the check that failed */
      g_clear_error (&e->error);
      printf ("  (not computed: the model stopped before defining a name it uses)\n");
      return TRUE;
    }
  if (kind == ACY_MODEL_VALUE_SET)
    {
      for (guint i = 0; i < n; i++)
        if (acy_bits_has (bits, i))
          {
            g_autofree char *l = event_label (x, names, i);
            printf ("  %s\n", l);
            count++;
          }
    }
  else if (kind == ACY_MODEL_VALUE_RELATION)
    {
      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < n; j++)
          if (acy_rel_has (bits, n, i, j))
            {
              g_autofree char *li = event_label (x, names, i);
              g_autofree char *lj = event_label (x, names, j);
              printf ("  %s -> %s\n", li, lj);
              count++;
            }
    }
  else
    {
      printf ("  (not a set of events or a relation)\n");
      return TRUE;
    }
  if (count == 0)
    printf ("  (empty)\n");
  return TRUE;
}

/* ---- --why ------------------------------------------------------------ */

static void
print_derivation (const AcyDerivation *d, char **names, guint depth)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < depth; i++)
    g_string_append (s, "  ");
  if (!d->holds)
    g_string_append (s, "not ");
  if (d->is_set)
    g_string_append_printf (s, "%s in %s", names[d->a], d->text);
  else
    g_string_append_printf (s, "(%s, %s) in %s", names[d->a], names[d->b], d->text);
  switch (d->kind)
    {
    case ACY_DERIVATION_BASE:
      g_string_append (s, "    [base]");
      break;
    case ACY_DERIVATION_NAME:
      if (d->loc.file)
        g_string_append_printf (s, "    [%s:%u:%u]", d->loc.file, d->loc.line, d->loc.col);
      break;
    case ACY_DERIVATION_SEQUENCE:
      if (d->holds)
        g_string_append_printf (s, "    [via %s]", names[d->middle]);
      else
        g_string_append (s, "    [no middle event]");
      break;
    case ACY_DERIVATION_CLOSURE:
      if (d->holds && d->children->len > 0)
        {
          g_string_append (s, "    [chain ");
          g_string_append (s, names[d->a]);
          for (guint i = 0; i < d->children->len; i++)
            g_string_append_printf (s, " -> %s",
                                    names[((AcyDerivation *) d->children->pdata[i])->b]);
          g_string_append_c (s, ']');
        }
      else if (d->holds)
        g_string_append (s, "    [reflexive]");
      else
        g_string_append (s, "    [no chain]");
      break;
    case ACY_DERIVATION_FIXPOINT:
      if (d->holds)
        g_string_append_printf (s, "    [let rec, update %u]", d->iteration);
      break;
    case ACY_DERIVATION_OTHER:
      g_string_append (s, "    [computed]");
      break;
    default:
      break;
    }
  printf ("%s\n", s->str);
  g_string_free (s, TRUE);
  for (guint i = 0; i < d->children->len; i++)
    print_derivation (d->children->pdata[i], names, depth + 1);
}

typedef struct {
  const char *rel;
  const char *e1, *e2;
  gboolean    found;
  gboolean    seen1, seen2;   /* some execution has an event of that name */
  char       *names;          /* the event names of the first execution, for messages */
  GError     *error;
} Why;

static void
why_outcome (const AcyExecution *x, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  Why *w = data;
  g_auto(GStrv) names = acy_graph_event_names_init (x);
  g_autoptr(AcyDerivation) d = NULL;
  const AcyWord *bits = NULL;
  AcyModelValueKind kind;
  guint a = find_event (names, w->e1), b = find_event (names, w->e2);

  w->seen1 |= a != G_MAXUINT;
  w->seen2 |= b != G_MAXUINT;
  if (w->names == NULL)
    w->names = g_strjoinv (", ", names);
  if (a == G_MAXUINT || b == G_MAXUINT)
    return;
  kind = acy_model_env_eval (env, w->rel, &bits, &w->error);
  if (g_error_matches (w->error, ACY_ERROR, ACY_ERROR_UNKNOWN_NAME))
    g_clear_error (&w->error);   /* not defined yet where the model stopped */
  if (w->error)
    return;
  if (!((kind == ACY_MODEL_VALUE_RELATION && acy_rel_has (bits, x->n_events, a, b))
        || (kind == ACY_MODEL_VALUE_SET && a == b && acy_bits_has (bits, a))))
    return;
  if (!(d = acy_model_env_explain (env, w->rel, a, b, &w->error)))
    return;
  w->found = TRUE;
  if (v->allowed)
    printf ("allowed execution:\n");
  else
    printf ("execution forbidden by %s:\n", v->failed_check);
  for (guint i = 0; i < x->n_events; i++)
    {
      g_autofree char *l = event_label (x, names, i);
      printf ("  %s\n", l);
    }
  print_derivation (d, names, 0);
}

/* REL:E1,E2; an event may be init:x, the relation has no colon. */
static gboolean
parse_why (const char *spec, char **rel, char **e1, char **e2)
{
  const char *colon = strchr (spec, ':');
  const char *comma = colon ? strchr (colon, ',') : NULL;

  if (!comma || strchr (comma + 1, ',') != NULL || comma[1] == '\0' || comma == colon + 1
      || colon == spec)
    return FALSE;
  *rel = g_strndup (spec, colon - spec);
  *e1 = g_strndup (colon + 1, comma - colon - 1);
  *e2 = g_strdup (comma + 1);
  return **rel && **e1 && **e2;
}

/* ---- the run -------------------------------------------------------------- */

int
acy_cli_explain (const AcyCliOptions *o, AcyModel *model, AcyMacros *macros,
                 const char *const *args, guint n_args)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *rel = NULL, *e1 = NULL, *e2 = NULL;
  const char *expr = o->eval_expr;
  gboolean all = o->graph_show && g_str_equal (o->graph_show, "all");
  int status = 0;

  if (o->why && !parse_why (o->why, &rel, &e1, &e2))
    {
      fprintf (stderr, "acyclic-check: --why takes REL:E1,E2 (e.g. hb:a,d), not '%s'\n", o->why);
      return 2;
    }
  if (o->why)
    expr = rel;
  if (!acy_model_check_expression (model, expr, &error))
    {
      if (o->why && g_error_matches (error, ACY_ERROR, ACY_ERROR_UNKNOWN_NAME))
        fprintf (stderr, "acyclic-check: --why %s: the model defines no relation or set named '%s'\n",
                 o->why, rel);
      else
        fprintf (stderr, "acyclic-check: %s\n", error->message);
      return 2;
    }

  for (guint i = 0; i < n_args; i++)
    acy_test_collect_files (args[i], paths, NULL);
  for (guint i = 0; i < paths->len; i++)
    {
      const char *file = paths->pdata[i];
      g_autoptr(AcyTest) test = NULL;
      g_autoptr(AcyCheckResult) result = NULL;
      g_autoptr(AcyRecorder) recorder = NULL;
      AcyCheckOptions copts = { 0 };
      Eval ev = { expr, 0, NULL };
      Why why = { rel, e1, e2, FALSE, FALSE, FALSE, NULL, NULL };

      g_clear_error (&error);
      if (!(test = acy_test_load (file, macros, &error)))
        {
          fprintf (stderr, "%s\n", error->message);
          status = 1;
          continue;
        }
      printf ("Test %s, %s %s under %s\n", acy_test_get_name (test),
              o->why ? "why" : "eval", o->why ? o->why : expr, acy_model_get_name (model));
      copts.timeout = o->timeout;
      copts.unroll_given = o->unroll_given;
      copts.unroll = o->unroll;
      copts.max_candidates = o->max_candidates;
      copts.n_threads = 1;   /* executions in order */
      if (o->why)
        {
          recorder = acy_recorder_new (test);
          copts.outcome = acy_recorder_add_outcome;
          copts.outcome_data = recorder;
        }
      else
        {
          copts.outcome = eval_outcome;
          copts.outcome_data = &ev;
        }
      fflush (stdout);
      result = acy_check_run (test, model, &copts, NULL, &error);
      if (ev.error)
        {
          fprintf (stderr, "acyclic-check: %s\n", ev.error->message);
          g_clear_error (&ev.error);
          status = 1;
          continue;
        }
      if (result == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          status = 1;
          continue;
        }
      acy_cli_warn (o, test, result);
      if (!o->why)
        continue;
      for (guint r = 0; r < acy_recorder_get_n_records (recorder) && (all || !why.found); r++)
        {
          if (!acy_recorder_explain (recorder, model, r, why_outcome, &why, &error))
            {
              fprintf (stderr, "acyclic-check: %s\n", error->message);
              status = 1;
              break;
            }
          if (why.error)
            {
              fprintf (stderr, "acyclic-check: %s\n", why.error->message);
              g_clear_error (&why.error);
              status = 1;
              break;
            }
        }
      if (!why.found && status == 0)
        {
          if (!why.seen1 || !why.seen2)
            printf ("no execution has an event named %s (the events are named as in the graphs: %s)\n",
                    !why.seen1 ? e1 : e2, why.names ? why.names : "none");
          else
            printf ("no execution has (%s, %s) in %s\n", e1, e2, rel);
          status = 1;
        }
      g_free (why.names);
    }
  return status;
}
