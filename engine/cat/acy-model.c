/* acy-model.c - load cat models and judge candidate executions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-cat-eval.h"
#include "acy-cat-plan.h"
#include "acy-cat-parser.h"
#include "acy-model.h"

struct _AcyModelRunner {
  const AcyModel *model;
  AcyCatCache    *cache;
};

static const char *
builtin_models_dir (void)
{
  if (g_file_test (MODELSDIR "/stdlib.cat", G_FILE_TEST_IS_REGULAR))
    return MODELSDIR;
  return SOURCE_MODELSDIR;
}

static char *
base_name_without_ext (const char *path)
{
  char *base = g_path_get_basename (path);
  char *dot = strrchr (base, '.');

  if (dot && dot != base)
    *dot = '\0';
  return base;
}

/* Leaves out the checks @source skips (herd's -skipchecks, -through),
 * wherever they are: in included files, procedures, forall bodies and
 * variant branches too. */
static void
skip_checks (AcyCatStmtList *list, const AcyModelSource *source, GHashTable *found)
{
  guint kept = 0;

  for (guint i = 0; i < list->n; i++)
    {
      AcyCatStmt *st = list->items[i];

      switch (st->kind)
        {
        case ACY_CAT_S_CHECK:
          if (source->through && st->u.check.mode == ACY_CAT_CHECK_PLAIN)
            continue;
          if (st->u.check.name && source->skip_checks
              && g_strv_contains (source->skip_checks, st->u.check.name))
            {
              g_hash_table_add (found, (gpointer) st->u.check.name);
              if (!source->strict_skip)
                continue;
              /* -strictskip: the outcome must fail it */
              st->u.check.mode = ACY_CAT_CHECK_PLAIN;
              st->u.check.negated = !st->u.check.negated;
            }
          break;
        case ACY_CAT_S_CALL:
          /* herd7 skips a whole call named by its procedure or its
           * `as NAME`; with -strictskip it runs the body as one test
           * and records a failure under the `as` name (and fails
           * without one): the outcome must fail it */
          if (source->skip_checks
              && (g_strv_contains (source->skip_checks, st->u.call.name)
                  || (st->u.call.as && g_strv_contains (source->skip_checks, st->u.call.as))))
            {
              if (!source->strict_skip)
                continue;
              st->u.call.must_fail = TRUE;
              if (st->u.call.as == NULL)
                g_hash_table_add (found, (gpointer) st->u.call.name);
              else if (g_strv_contains (source->skip_checks, st->u.call.as))
                g_hash_table_add (found, (gpointer) st->u.call.as);
            }
          break;
        case ACY_CAT_S_INCLUDE:
          skip_checks (&st->u.include.body, source, found);
          break;
        case ACY_CAT_S_PROCEDURE:
          skip_checks (&st->u.proc.body, source, found);
          break;
        case ACY_CAT_S_FORALL:
          skip_checks (&st->u.forall.body, source, found);
          break;
        case ACY_CAT_S_IF_VARIANT:
          skip_checks (&st->u.ifv.then_, source, found);
          skip_checks (&st->u.ifv.else_, source, found);
          break;
        default:
          break;
        }
      list->items[kept++] = st;
    }
  list->n = kept;
}

static AcyModel *
model_load (const AcyModelSource *source,
            GError              **error)
{
  g_autoptr(AcyModel) model = NULL;
  AcyCatParseCtx ctx;
  AcyCatStmtList lists[3];
  const AcyCatStmtList *files[3];
  gboolean prelude[3] = { TRUE, FALSE, FALSE };
  const char *titles[3] = { NULL, NULL, NULL };
  const char *dir = builtin_models_dir ();
  g_autofree char *stdlib = g_build_filename (dir, "stdlib.cat", NULL);
  const char *cat_path;
  guint n = 0;
  gboolean ok;
  AcyHalt halt = { 0 };

  g_return_val_if_fail (source != NULL, NULL);
  g_return_val_if_fail (source->cat_path != NULL || source->cat_text != NULL, NULL);

  cat_path = source->cat_path ? source->cat_path : "<model>";
  halt.cancellable = source->cancellable;
  halt.deadline = source->deadline;
  model = g_new0 (AcyModel, 1);
  model->arena = acy_arena_new (64 * 1024);
  model->variants = g_strdupv ((char **) source->variants);
  model->program = g_ptr_array_new ();
  model->slot_valid_from = g_array_new (FALSE, FALSE, sizeof (guint));
  model->top_names = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                            (GDestroyNotify) g_array_unref);
  model->defined_names = g_ptr_array_new ();
  model->shown_names = g_ptr_array_new ();

  acy_cat_parse_ctx_init (&ctx, model->arena, source->include_dirs, dir);
  if (source->cancellable != NULL || source->deadline > 0)
    ctx.halt = &halt;
  ok = acy_cat_parse (&ctx, stdlib, NULL, TRUE, &lists[n], &titles[n], error);
  n++;
  if (ok && source->bell_path)
    {
      ok = acy_cat_parse (&ctx, source->bell_path, NULL, FALSE, &lists[n], &titles[n], error);
      n++;
    }
  if (ok)
    {
      ok = acy_cat_parse (&ctx, cat_path, source->cat_text, FALSE, &lists[n], &titles[n], error);
      n++;
    }
  if (ok && ctx.arch_word != NULL && acy_model_is_arch_name (ctx.arch_word))
    model->arch = g_strdup (g_str_equal (ctx.arch_word, "RISC-V") ? "RISCV" : ctx.arch_word);
  acy_cat_parse_ctx_clear (&ctx);
  if (!ok)
    return NULL;

  {
    g_autoptr(GHashTable) found = g_hash_table_new (g_str_hash, g_str_equal);

    for (guint i = 0; i < n; i++)
      {
        if (source->skip_checks || source->through)
          skip_checks (&lists[i], source, found);
        files[i] = &lists[i];
      }
    for (guint i = 0; source->strict_skip && source->skip_checks && source->skip_checks[i]; i++)
      if (!g_hash_table_contains (found, source->skip_checks[i]))
        {
          g_set_error (error, ACY_ERROR, ACY_ERROR_UNKNOWN_NAME,
                       "%s: no check is named '%s' (with -strictskip true, herd7 would "
                       "then allow no execution)", cat_path, source->skip_checks[i]);
          return NULL;
        }
  }
  if (!acy_cat_resolve (model, files, prelude, n, error)
      || !acy_cat_compute_levels (model, error))
    return NULL;
  if (ctx.halt != NULL && acy_halt_now (cat_path, source->cancellable, source->deadline, error))
    return NULL;

  model->name = titles[n - 1] ? g_strdup (titles[n - 1]) : base_name_without_ext (cat_path);
  return g_steal_pointer (&model);
}

/**
 * acy_model_load:
 * @source: where the model comes from
 * @error: return location for a #GError
 *
 * Parses the prelude, the bell file (if any) and the cat file with what
 * they include, and resolves every name.
 *
 * Returns: (transfer full) (nullable): the model, or %NULL with @error set
 */
AcyModel *
acy_model_load (const AcyModelSource *source,
                GError              **error)
{
  /* The parser tests its own error location to stop early, so it always
   * gets one. */
  GError *local_error = NULL;
  AcyModel *model = model_load (source, &local_error);

  if (local_error)
    {
      g_clear_pointer (&model, acy_model_free);
      g_propagate_error (error, local_error);
    }
  return model;
}

gboolean
acy_model_has_variant (const AcyModel *model, const char *name)
{
  return model->variants && g_strv_contains ((const char *const *) model->variants, name);
}

void
acy_model_free (AcyModel *model)
{
  if (model == NULL)
    return;
  g_clear_pointer (&model->arena, acy_arena_free);
  g_free (model->name);
  g_free (model->arch);
  g_strfreev (model->variants);
  g_clear_pointer (&model->program, g_ptr_array_unref);
  g_clear_pointer (&model->slot_valid_from, g_array_unref);
  g_clear_pointer (&model->top_names, g_hash_table_unref);
  g_clear_pointer (&model->defined_names, g_ptr_array_unref);
  g_clear_pointer (&model->shown_names, g_ptr_array_unref);
  g_free (model->stmt_level);
  g_free (model->slot_level);
  g_free (model);
}

const char *
acy_model_get_name (const AcyModel *model)
{
  return model->name;
}

const char *
acy_model_get_arch (const AcyModel *model)
{
  return model->arch;
}

gboolean
acy_model_is_arch_name (const char *word)
{
  static const char *const archs[] = {
    "AArch64", "ARM", "BPF", "MIPS", "PPC", "X86", "RISCV", "RISC-V", "X86_64",
    "C", "CPP", "C++", "LISA", "Bell", "JAVA", "Java", "ASL", NULL
  };

  return g_strv_contains (archs, word);
}

const char *const *
acy_model_get_defined_names (const AcyModel *model)
{
  return (const char *const *) model->defined_names->pdata;
}

const char *const *
acy_model_get_shown_names (const AcyModel *model)
{
  return (const char *const *) model->shown_names->pdata;
}

/**
 * acy_model_get_definition:
 * @name: a name the model binds at the top level
 * @loc: (out): where its last top-level `let` or `let rec` binds it
 *
 * Returns: FALSE when no top-level statement binds @name.
 */
gboolean
acy_model_get_definition (const AcyModel *model,
                          const char     *name,
                          AcyLoc         *loc)
{
  gboolean found = FALSE;

  g_return_val_if_fail (model != NULL && name != NULL && loc != NULL, FALSE);
  for (guint i = 0; i < model->program->len; i++)
    {
      const AcyCatStmt *s = model->program->pdata[i];

      if (s->kind != ACY_CAT_S_LET && s->kind != ACY_CAT_S_LETREC)
        continue;
      for (guint k = 0; k < s->u.let.n; k++)
        {
          const AcyCatPat *pat = &s->u.let.b[k].pat;
          for (guint m = 0; m < pat->n; m++)
            if (pat->names[m] && g_str_equal (pat->names[m], name))
              {
                *loc = s->u.let.b[k].loc;
                loc->file = g_intern_string (loc->file);
                found = TRUE;
              }
        }
    }
  return found;
}

/**
 * acy_model_env_lookup:
 * @env: the environment passed to an #AcyVerdictFunc
 * @name: a name bound at the top level of the model
 * @bits: (out) (transfer none): the set (one row) or relation (n rows)
 *
 * Returns: what @name is bound to at the point the outcome was decided:
 *   %ACY_MODEL_VALUE_OTHER (and *@bits = %NULL) when it is not an event
 *   set or a relation, or not bound yet.
 */
AcyModelValueKind
acy_model_env_lookup (AcyModelEnv    *env,
                      const char     *name,
                      const AcyWord **bits)
{
  AcyCatEval *ev = env->ev;
  GArray *slots = g_hash_table_lookup (ev->model->top_names, name);
  AcyCatValue *v = NULL;

  *bits = NULL;
  if (!slots)
    return ACY_MODEL_VALUE_OTHER;
  for (guint i = slots->len; i-- > 0;)
    {
      guint slot = g_array_index (slots, guint, i);
      if (g_array_index (ev->model->slot_valid_from, guint, slot) <= env->upto)
        {
          guint saved = ev->reached;

          ev->reached = env->upto;
          v = ev->root->slots[slot];
          if (v == NULL)
            v = acy_cat_force_slot (ev, slot);
          g_clear_error (ev->error);
          ev->reached = saved;
          break;
        }
    }
  if (!v)
    return ACY_MODEL_VALUE_OTHER;
  switch (v->kind)
    {
    case ACY_CAT_V_SET:
      *bits = v->u.bits;
      return ACY_MODEL_VALUE_SET;
    case ACY_CAT_V_REL:
      *bits = v->u.bits;
      return ACY_MODEL_VALUE_RELATION;
    case ACY_CAT_V_EMPTY:
      *bits = acy_cat_new_rel (ev)->u.bits;
      return ACY_MODEL_VALUE_RELATION;
    default:
      return ACY_MODEL_VALUE_OTHER;
    }
}

AcyModelRunner *
acy_model_runner_new (const AcyModel *model)
{
  AcyModelRunner *runner = g_new0 (AcyModelRunner, 1);

  runner->model = model;
  runner->cache = acy_cat_cache_new (model);
  return runner;
}

void
acy_model_runner_free (AcyModelRunner *runner)
{
  if (runner == NULL)
    return;
  acy_cat_cache_free (runner->cache);
  g_free (runner);
}

void
acy_model_runner_set_pruning (AcyModelRunner *runner, gboolean prune)
{
  /* (what was bound before goes when the next candidate starts:
   * start_candidate() clears every name of its level or above) */
  runner->cache->prune = prune;
}

void
acy_model_runner_set_plans (AcyModelRunner *runner, gboolean plans)
{
  runner->cache->no_plans = !plans;
}

void
acy_model_runner_plan_counts (AcyModelRunner *runner, guint64 *runs, guint64 *gave_up)
{
  *runs = *gave_up = 0;
  for (guint i = 0; i < runner->model->program->len; i++)
    if (runner->cache->memo[i].plan)
      acy_cat_plan_counts (runner->cache->memo[i].plan, runs, gave_up);
}

/* An evaluator of @runner's model on @x. */
static void
eval_init (AcyCatEval *ev, AcyModelRunner *runner, const AcyExecution *x, GError **error)
{
  ev->model = runner->model;
  ev->cache = runner->cache;
  ev->x = x;
  ev->n = x->n_events;
  ev->words = ACY_WORDS (x->n_events);
  ev->rel_words = acy_rel_words (x->n_events);
  ev->error = error;
}

void
acy_model_runner_set_max_branches (AcyModelRunner *runner, guint64 max)
{
  runner->cache->max_branches = max ? max : ACY_CAT_MAX_BRANCHES;
}

void
acy_model_runner_set_halt (AcyModelRunner *runner,
                           GCancellable   *cancellable,
                           gint64          deadline,
                           guint64         max_memory)
{
  runner->cache->cancellable = cancellable;
  runner->cache->deadline = deadline;
  runner->cache->max_memory = max_memory;
}

gboolean
acy_model_runner_rf_hopeless (AcyModelRunner     *runner,
                              const AcyExecution *x,
                              const AcyWord      *rf_lo,
                              const AcyWord      *rf_hi,
                              guint               depth,
                              AcyRfJudged         who)
{
  AcyCatCache *c = runner->cache;
  GError *local_error = NULL;
  AcyCatEval ev = { 0 };
  guint upto = runner->model->program->len, failed = 0;
  AcyCatJudge **j = who == ACY_RF_JUDGED_SHARED ? &c->rf_shared_judge : &c->rf_judge;

  if (!c->prune || x->n_events > ACY_MAX_EVENTS)
    return FALSE;
  if (*j == NULL)
    *j = acy_cat_judge_new (runner->model, 0, upto, ACY_CAT_LEVEL_CANDIDATE, FALSE);
  upto = acy_cat_judge_begin (*j, depth);
  if (upto)
    {
      eval_init (&ev, runner, x, &local_error);
      ev.cur_level = ACY_CAT_LEVEL_CANDIDATE;
      acy_cat_start_structure (&ev);
      failed = acy_cat_bounds_candidate_fail (&ev, rf_lo, rf_hi, upto, *j, who == ACY_RF_JUDGED_OWN);
      g_clear_error (&local_error);
    }
  acy_cat_judge_end (*j, failed != 0);
  return failed != 0;
}

gboolean
acy_model_runner_read_values (AcyModelRunner *runner)
{
  return runner->cache->values_read;
}

/* a candidate costs the model about as much as this many judgements */
#define CANDIDATE_UNITS 8

void
acy_model_runner_rf_chosen (AcyModelRunner *runner, gboolean shared)
{
  AcyCatJudge *j = shared ? runner->cache->rf_shared_judge : runner->cache->rf_judge;

  if (j)
    acy_cat_judge_add (j, CANDIDATE_UNITS);
}

void
acy_model_runner_rf_part (AcyModelRunner *runner, guint64 size)
{
  if (runner->cache->rf_shared_judge)
    acy_cat_judge_add (runner->cache->rf_shared_judge,
                       (guint) MIN (size, G_MAXUINT / CANDIDATE_UNITS) * CANDIDATE_UNITS);
}

/**
 * acy_model_runner_check:
 *
 * Evaluates the model on @x, calling @func once per outcome. Allocates
 * nothing outside the runner's arenas once they have grown to the size the
 * model needs.
 */
gboolean
acy_model_runner_check (AcyModelRunner     *runner,
                        const AcyExecution *x,
                        AcyVerdictFunc      func,
                        gpointer            user_data,
                        GError            **error)
{
  GError *local_error = NULL;
  AcyCatEval ev = { 0 };
  gboolean ok;

  g_return_val_if_fail (x->n_events <= ACY_MAX_EVENTS, FALSE);

  eval_init (&ev, runner, x, &local_error);
  ev.func = func;
  ev.user_data = user_data;
  ok = acy_cat_run (&ev);
  if (!ok)
    {
      /* an error inside a function defined in another file (stdlib.cat)
       * also names the call that led there */
      if (local_error && ev.call_site && ev.call_site->loc.file
          && !g_str_has_prefix (local_error->message, ev.call_site->loc.file))
        {
          char *msg = g_strdup_printf ("%s (in the call at %s:%u:%u near '%s')", local_error->message,
                                       ev.call_site->loc.file, ev.call_site->loc.line,
                                       ev.call_site->loc.col, ev.call_site->near);
          g_free (local_error->message);
          local_error->message = msg;
        }
      if (local_error)
        g_propagate_error (error, local_error);
      else
        g_set_error (error, ACY_ERROR, ACY_ERROR_TYPE, "model evaluation failed");
    }
  else
    g_clear_error (&local_error);
  return ok;
}
