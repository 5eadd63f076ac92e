/* acy-cat-exec.c - run the statements of a model, reusing what still holds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A `with x from S` statement runs the rest of the top-level statement
 * list once per element of S. Each top-level binding and check has a
 * level (acy-cat-deps.c) and is computed in the arena of that level; its
 * result is kept (the root frame outlives candidates) until something at
 * or below its level changes: the event structure, the candidate, or the
 * choice of a `with`. So what depends on the structure only is computed
 * once per structure, and what does not depend on the coherence order
 * once per candidate rather than once per order.
 *
 * A let's level is what its expression may read; what it did read can
 * be less: the kernel model's lock.cat adds `[IW | UL] ; singlestep(co)
 * ; lk-rmw^-1` to rf, empty when the test takes no lock, and everything
 * built on rf would otherwise be computed again for each coherence
 * order. So the evaluator notes the highest level of the top-level
 * names actually read (ev->read_level), and a set, relation or function
 * that read less is moved to the arena of that level and kept there
 * (settle_let(); cache->slot_eff, memo->level).
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-cat-eval.h"
#include "acy-cat-plan.h"
#include "acy-resources.h"

typedef enum {
  ST_CONTINUE,   /* go on with the next statement */
  ST_DONE,       /* this outcome ended (check failed) and was reported */
  ST_STOP,       /* the verdict callback asked to stop */
  ST_ERROR,
  ST_TRIAL_FAILED,   /* a check failed in a call run as one test (AcyCatEval.trial) */
} Status;

static gint
by_level_down (gconstpointer a, gconstpointer b, gpointer data)
{
  const guint8 *level = data;
  return (gint) level[*(const guint *) b] - (gint) level[*(const guint *) a];
}

AcyCatCache *
acy_cat_cache_new (const AcyModel *model)
{
  AcyCatCache *c = g_new0 (AcyCatCache, 1);
  guint n_slots = model->n_root_slots;

  c->n_levels = model->n_levels;
  c->arenas = g_new0 (AcyArena *, c->n_levels);
  for (guint l = 0; l < c->n_levels; l++)
    c->arenas[l] = acy_arena_new (l == 0 ? 64 * 1024 : 256 * 1024);
  c->epoch = g_new0 (guint64, c->n_levels);
  c->memo = g_new0 (AcyCatMemo, MAX (model->program->len, 1));
  c->expr_memo = g_new0 (AcyCatExprMemo, MAX (model->n_expr_memos, 1));
  c->root = g_malloc0 (sizeof (AcyCatFrame) + MAX (n_slots, 1) * sizeof (gpointer));
  c->dynamic_slots = g_new (guint, MAX (n_slots, 1));
  c->slot_eff = g_new0 (guint8, MAX (n_slots, 1));
  if (n_slots > 0)
    memcpy (c->slot_eff, model->slot_level, n_slots);
  for (guint i = 0; i < n_slots; i++)
    if (model->slot_level[i] != ACY_CAT_LEVEL_STRUCTURE)
      c->dynamic_slots[c->n_dynamic++] = i;
  c->cap_flags = 8;
  c->flags = g_new0 (const char *, c->cap_flags + 1);
  c->scratch = acy_arena_new (64 * 1024);
  c->max_branches = ACY_CAT_MAX_BRANCHES;
  c->model = model;
  c->slot_def = g_new (guint, MAX (n_slots, 1));
  for (guint i = 0; i < n_slots; i++)
    c->slot_def[i] = G_MAXUINT;
  c->evaluated = g_new0 (gboolean, MAX (model->program->len, 1));
  c->let_failed = g_new0 (gboolean, MAX (model->program->len, 1));
  c->flag_stmts = g_new (guint, MAX (model->program->len, 1));
  for (guint i = 0; i < model->program->len; i++)
    {
      const AcyCatStmt *st = g_ptr_array_index (model->program, i);

      if (st->kind == ACY_CAT_S_LET || st->kind == ACY_CAT_S_LETREC)
        for (guint b = 0; b < st->u.let.n; b++)
          for (guint k = 0; k < st->u.let.b[b].pat.n; k++)
            if (st->u.let.b[b].pat.names[k])
              c->slot_def[st->u.let.b[b].pat.slots[k]] = i;
      if (st->kind == ACY_CAT_S_CHECK && st->u.check.mode != ACY_CAT_CHECK_PLAIN)
        c->flag_stmts[c->n_flag_stmts++] = i;
      if (st->kind == ACY_CAT_S_LET || st->kind == ACY_CAT_S_LETREC)
        c->n_unevaluated++;
    }
  c->lazy_slots = g_new (guint, MAX (c->n_dynamic, 1));
  for (guint k = 0; k < c->n_dynamic; k++)
    if (c->slot_def[c->dynamic_slots[k]] != G_MAXUINT)
      c->lazy_slots[c->n_lazy++] = c->dynamic_slots[k];
  g_qsort_with_data (c->lazy_slots, (gint) c->n_lazy, sizeof (guint),
                     by_level_down, model->slot_level);
  c->bound = g_new (guint *, c->n_levels + 1);
  c->n_bound = g_new0 (guint, c->n_levels + 1);
  c->bound_lost = g_new0 (gboolean, c->n_levels + 1);
  for (guint l = 0; l <= c->n_levels; l++)
    c->bound[l] = g_new (guint, MAX (c->n_lazy, 1));
  c->skip_to = g_new (guint, model->program->len + 1);
  c->skip_to[model->program->len] = model->program->len;
  for (guint i = model->program->len; i-- > 0;)
    {
      const AcyCatStmt *st = g_ptr_array_index (model->program, i);
      gboolean deferred;

      switch (st->kind)
        {
        case ACY_CAT_S_LET: case ACY_CAT_S_LETREC:
        case ACY_CAT_S_SHOW: case ACY_CAT_S_UNSHOW:
        case ACY_CAT_S_INCLUDE: case ACY_CAT_S_INSTRUCTIONS:
          deferred = TRUE;
          break;
        case ACY_CAT_S_CHECK:
          deferred = st->u.check.mode != ACY_CAT_CHECK_PLAIN;
          break;
        default:
          deferred = FALSE;
        }
      c->skip_to[i] = deferred ? c->skip_to[i + 1] : i;
    }
  return c;
}

void
acy_cat_cache_free (AcyCatCache *c)
{
  if (c == NULL)
    return;
  for (guint l = 0; l < c->n_levels; l++)
    acy_arena_free (c->arenas[l]);
  g_free (c->arenas);
  g_free (c->epoch);
  for (guint i = 0; c->model && i < c->model->program->len; i++)
    {
      acy_cat_judge_free (c->memo[i].judge);
      acy_cat_plan_free (c->memo[i].plan);
      g_free (c->memo[i].order);
    }
  g_free (c->memo);
  acy_cat_judge_free (c->rf_judge);
  acy_cat_judge_free (c->rf_shared_judge);
  g_free (c->expr_memo);
  g_free (c->root);
  g_free (c->dynamic_slots);
  g_free (c->slot_eff);
  g_free (c->flags);
  acy_arena_free (c->scratch);
  for (guint k = 0; k < G_N_ELEMENTS (c->widest); k++)
    g_free (c->widest[k]);
  for (guint i = 0; c->pending && i < c->model->program->len; i++)
    g_free (c->pending[i]);
  g_free (c->pending);
  g_free (c->slot_def);
  g_free (c->evaluated);
  g_free (c->let_failed);
  g_free (c->flag_stmts);
  g_free (c->skip_to);
  g_free (c->lazy_slots);
  for (guint l = 0; c->bound && l <= c->n_levels; l++)
    g_free (c->bound[l]);
  g_free (c->bound);
  g_free (c->n_bound);
  g_free (c->bound_lost);
  g_free (c);
}

/* Something at @level changed: everything computed at it or above is
 * stale. */
static void
cache_bump (AcyCatCache *c, guint level)
{
  guint64 t = ++c->tick;
  gboolean lost = FALSE;

  for (guint l = level; l < c->n_levels; l++)
    c->epoch[l] = t;
  /* Lets run on demand: a name must not show a value made for another
   * choice. (Other statements run again where they stand.) Only the
   * names bound at this level or above since it last changed can hold
   * one (note_bound()). */
  if (!c->prune)
    return;
  for (guint l = level; l <= c->n_levels; l++)
    lost = lost || c->bound_lost[l];
  for (guint l = level; l <= c->n_levels; l++)
    {
      for (guint k = 0; !lost && k < c->n_bound[l]; k++)
        {
          guint s = c->bound[l][k];
          /* (one bound again since, at a lower level, is in that list) */
          if (c->model->slot_level[s] >= level && c->slot_eff[s] >= level)
            c->root->slots[s] = NULL;
        }
      c->n_bound[l] = 0;
      c->bound_lost[l] = FALSE;
    }
  /* a list overflowed: every lazy slot of this level or above */
  for (guint k = 0; lost && k < c->n_lazy; k++)
    {
      guint s = c->lazy_slots[k];
      if (c->model->slot_level[s] < level)
        break;
      if (c->slot_eff[s] >= level)
        c->root->slots[s] = NULL;
    }
}

/* The top-level let @st has bound its names: each goes in the list of
 * the level its value is kept at, for cache_bump(). */
static void
note_bound (AcyCatCache *c, const AcyCatStmt *st)
{
  for (guint b = 0; b < st->u.let.n; b++)
    for (guint k = 0; k < st->u.let.b[b].pat.n; k++)
      {
        guint s = st->u.let.b[b].pat.slots[k], l;

        if (!st->u.let.b[b].pat.names[k] || c->model->slot_level[s] == ACY_CAT_LEVEL_STRUCTURE)
          continue;
        l = c->slot_eff[s] == ACY_CAT_LEVEL_NOCACHE ? c->n_levels : MIN (c->slot_eff[s], c->n_levels - 1);
        if (c->n_bound[l] < MAX (c->n_lazy, 1))
          c->bound[l][c->n_bound[l]++] = s;
        else
          c->bound_lost[l] = TRUE;
      }
}

static gboolean
memo_valid (AcyCatCache *c, const AcyCatMemo *m, guint8 level)
{
  return level != ACY_CAT_LEVEL_NOCACHE && m->stamp > c->epoch[level];
}

/* Whether the top-level let @i runs when a name it binds is read
 * (acy_cat_force_slot()) rather than where it stands: with pruning on,
 * once it has run. */
static gboolean
runs_when_read (AcyCatEval *ev, guint i)
{
  return ev->cache->prune && !ev->eager && ev->cache->evaluated[i];
}

/* Where a top-level statement of @level allocates. */
static void
use_level (AcyCatEval *ev, guint8 level)
{
  ev->arena = ev->cache->arenas[level == ACY_CAT_LEVEL_NOCACHE ? ev->cur_level : level];
}

static Status exec_stmt (AcyCatEval *ev, AcyCatFrame *fr, AcyCatStmt *const *items,
                         guint n, guint i, gboolean top);

static Status check_outcome (AcyCatEval *ev, const AcyCatStmt *st, gboolean holds,
                             AcyWord *rel, guint index);

/* With lazy lets, an allowed outcome raises its flags now. */
static gboolean
raise_deferred_flags (AcyCatEval *ev)
{
  AcyCatCache *c = ev->cache;
  AcyCatStmt *const *items = (AcyCatStmt *const *) ev->model->program->pdata;
  guint n = ev->model->program->len, saved = ev->reached;
  gboolean ok = TRUE;

  ev->eager++;
  ev->reached = n;
  for (guint k = 0; k < c->n_flag_stmts && ok; k++)
    {
      guint i = c->flag_stmts[k];
      const AcyCatMemo *memo = &c->memo[i];
      AcyCatPlanResult r = ACY_CAT_PLAN_GAVE_UP;
      guint pk;

      /* most flags do not depend on the order: their test is known */
      if (memo_valid (c, memo, ev->model->stmt_level[i]))
        {
          ok = check_outcome (ev, items[i], memo->holds, memo->rel, i) != ST_ERROR;
          continue;
        }
      /* one of the with's level, from the plan that ran the checks */
      if (c->plan_now && ev->model->stmt_level[i] != ACY_CAT_LEVEL_NOCACHE
          && (pk = acy_cat_plan_find (c->plan_now, i)) != G_MAXUINT)
        {
          use_level (ev, ev->model->stmt_level[i]);
          r = acy_cat_plan_check (c->plan_now, ev, pk);
        }
      if (r == ACY_CAT_PLAN_GAVE_UP)
        ok = exec_stmt (ev, ev->root, items, n, i, TRUE) != ST_ERROR;
      else   /* (the test before its negation) */
        ok = check_outcome (ev, items[i], (r == ACY_CAT_PLAN_HOLDS) != items[i]->u.check.negated,
                            NULL, i) != ST_ERROR;
    }
  ev->eager--;
  ev->reached = saved;
  return ok;
}

static Status
report (AcyCatEval *ev, const AcyCatStmt *failed, AcyWord *rel, guint upto)
{
  AcyVerdict verdict = { 0 };
  AcyModelEnv env = { ev, upto };

  if (failed == NULL && ev->cache->prune && !raise_deferred_flags (ev))
    return ST_ERROR;

  ev->cache->flags[ev->n_flags] = NULL;
  verdict.allowed = failed == NULL;
  verdict.flags = ev->cache->flags;
  verdict.n_flags = ev->n_flags;
  if (failed)
    {
      static const char *const kinds[] = { "acyclic", "irreflexive", "empty" };
      verdict.failed_check = failed->u.check.name ? failed->u.check.name : failed->u.check.text;
      verdict.failed_kind = kinds[failed->u.check.test];
      verdict.failed_loc = failed->loc;
      verdict.failed_text = failed->u.check.text;
      verdict.failed_relation = rel;
    }
  if (!ev->func (ev->x, &verdict, &env, ev->user_data))
    return ST_STOP;
  return ST_DONE;
}

/* A call -strictskip runs as one test, whose body held: the outcome
 * goes, as for a failed check named by the call. */
static Status
report_call (AcyCatEval *ev, const AcyCatStmt *call, guint upto)
{
  AcyVerdict verdict = { 0 };
  AcyModelEnv env = { ev, upto };

  if (ev->trial > 0)
    return ST_TRIAL_FAILED;
  ev->cache->flags[ev->n_flags] = NULL;
  verdict.allowed = FALSE;
  verdict.flags = ev->cache->flags;
  verdict.n_flags = ev->n_flags;
  verdict.failed_check = call->u.call.as ? call->u.call.as : call->u.call.name;
  verdict.failed_kind = "call";
  verdict.failed_loc = call->loc;
  if (!ev->func (ev->x, &verdict, &env, ev->user_data))
    return ST_STOP;
  return ST_DONE;
}

static void
push_flag (AcyCatEval *ev, const char *name)
{
  AcyCatCache *c = ev->cache;

  for (guint i = 0; i < ev->n_flags; i++)
    if (g_str_equal (c->flags[i], name))
      return;
  if (ev->n_flags == c->cap_flags)
    {
      /* Grows a few times per model at most, then never again. */
      c->cap_flags *= 2;
      c->flags = g_renew (const char *, c->flags, c->cap_flags + 1);
    }
  c->flags[ev->n_flags++] = name;
}

/* Evaluates the test of a check: whether it holds (before negation),
 * and the relation tested, for the verdict. */
static gboolean
eval_check (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatStmt *st,
            gboolean *holds, AcyWord **rel, AcyCatMemo *memo)
{
  AcyCatValue *v = acy_cat_eval (ev, fr, st->u.check.e);

  *rel = NULL;
  if (!v || !(v = acy_cat_force (ev, st->u.check.e, v)))
    return FALSE;
  switch (st->u.check.test)
    {
    case ACY_CAT_TEST_EMPTY:
      if ((acy_cat_classify (v) == CLS_VSET && v->n > 0) || acy_cat_classify (v) == CLS_OTHER)
        {
          /* as herd7: "relation or set expected" (a set of sets, a tag...) */
          acy_cat_type_error (ev, st->u.check.e, "a relation or a set of events", v);
          return FALSE;
        }
      *holds = acy_cat_is_empty_value (ev, v);
      if (!*holds && acy_cat_classify (v) == CLS_SET)
        {
          AcyWord *s = acy_cat_to_set (ev, st->u.check.e, v);
          *rel = acy_cat_new_rel (ev)->u.bits;
          acy_rel_identity (ev->n, *rel, s);
        }
      else if (!*holds && acy_cat_classify (v) != CLS_VSET)
        *rel = acy_cat_to_rel (ev, st->u.check.e, v);
      return TRUE;
    case ACY_CAT_TEST_ACYCLIC:
    case ACY_CAT_TEST_IRREFLEXIVE:
      if (v->kind == ACY_CAT_V_EMPTY)
        {
          *holds = TRUE;
          return TRUE;
        }
      if (!(*rel = acy_cat_to_rel (ev, st->u.check.e, v)))
        return FALSE;
      if (st->u.check.test == ACY_CAT_TEST_IRREFLEXIVE)
        *holds = acy_rel_is_irreflexive (ev->n, *rel);
      else if (memo && ev->n <= 64)
        {
          /* the order the relation kept last time, tried first */
          if (memo->order == NULL)
            memo->order = g_new0 (AcyWord, 64);
          *holds = acy_rel_is_acyclic_in (ev->n, *rel, memo->order);
        }
      else
        *holds = acy_rel_is_acyclic (ev->n, *rel);
      return TRUE;
    default:
      g_assert_not_reached ();
    }
}

/* @memo is NULL for checks inside procedures and forall bodies. */
static Status
exec_check (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatStmt *st, guint index,
            AcyCatMemo *memo, guint8 level)
{
  AcyWord *rel = NULL;
  gboolean holds;

  if (memo && memo_valid (ev->cache, memo, level))
    {
      holds = memo->holds;
      rel = memo->rel;
    }
  else
    {
      if (!eval_check (ev, fr, st, &holds, &rel, memo))
        return ST_ERROR;
      if (memo && level != ACY_CAT_LEVEL_NOCACHE)
        {
          memo->holds = holds;
          memo->rel = rel;
          memo->stamp = ++ev->cache->tick;
        }
    }
  return check_outcome (ev, st, holds, rel, index);
}

/* What a check whose test gave @holds (before negation) does. */
static Status
check_outcome (AcyCatEval *ev, const AcyCatStmt *st, gboolean holds, AcyWord *rel, guint index)
{
  if (st->u.check.negated)
    holds = !holds;

  switch (st->u.check.mode)
    {
    case ACY_CAT_CHECK_FLAG:
      /* herd7 records no flag without a name (it warns "this flagged
       * test does not have a name"), nor one raised in a call run as
       * one test */
      if (holds && st->u.check.name && ev->trial == 0)
        push_flag (ev, st->u.check.name);
      return ST_CONTINUE;
    case ACY_CAT_CHECK_REQUIRES:
      /* herd: the execution is undefined (a data race...), whatever
       * the check's name; the test's verdict becomes Undef */
      if (!holds && ev->trial == 0)
        push_flag (ev, ACY_CHECK_FLAG_UNDEF);
      return ST_CONTINUE;
    case ACY_CAT_CHECK_PLAIN:
    default:
      if (holds)
        return ST_CONTINUE;
      if (ev->trial > 0)
        return ST_TRIAL_FAILED;
      return report (ev, st, rel, index);
    }
}

static Status exec_stmts (AcyCatEval *ev, AcyCatFrame *fr, AcyCatStmt *const *items,
                          guint n, guint from, gboolean top);

/* The elements of a value, for `with` and `forall`: a set of values
 * ({a, b}, a set of relations a function makes), or an empty one. As in
 * herd7, an event set or a relation is not one: refused with herd7's
 * words, @herd_words ("forall instruction applied to non-set value",
 * "set expected"). */
static AcyCatValue **
elements (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *v, const char *herd_words, guint *n)
{
  *n = 0;
  if (!(v = acy_cat_force (ev, at, v)))
    {
      *n = G_MAXUINT;
      return NULL;
    }
  switch (v->kind)
    {
    case ACY_CAT_V_EMPTY:
      return NULL;
    case ACY_CAT_V_VSET:
      *n = v->n;
      return v->u.items;
    default:
      if (!(ev->error && *ev->error))
        acy_set_error_at (ev->error, ACY_ERROR_TYPE, at->loc, "%s (%s) near '%s'",
                          herd_words, acy_cat_value_kind_name (v), at->near);
      *n = G_MAXUINT;
      return NULL;
    }
}

/* The rest of a choice of the innermost with @items[i], of level
 * @wlevel, whose statements are plain checks: those of its level run by
 * @plan (acy-cat-plan.c), until one fails, reported as check_outcome()
 * would; from one the plan gives up on, the interpreter runs the rest
 * as exec_stmts() would. */
static Status
run_planned (AcyCatEval *ev, AcyCatFrame *fr, AcyCatStmt *const *items, guint n, guint wlevel,
             AcyCatPlan *plan)
{
  guint n_checks = acy_cat_plan_n_checks (plan);
  Status r;

  acy_cat_plan_start (plan);
  for (guint k = 0; k < n_checks; k++)
    {
      guint j = acy_cat_plan_check_stmt (plan, k);
      guint8 level = ev->model->stmt_level[j];

      if (items[j]->u.check.mode != ACY_CAT_CHECK_PLAIN)
        continue;   /* a flag: report() */
      ev->reached = j;
      if (level != wlevel)
        {
          /* (kept from a lower level: its memo) */
          if ((r = exec_stmt (ev, fr, items, n, j, TRUE)) != ST_CONTINUE)
            return r;
          continue;
        }
      use_level (ev, level);
      switch (acy_cat_plan_check (plan, ev, k))
        {
        case ACY_CAT_PLAN_HOLDS:
          break;
        case ACY_CAT_PLAN_FAILS:
          /* as check_outcome() for a plain check, outside a trial */
          return report (ev, items[j], acy_cat_plan_relation (plan, ev, k), j);
        default:
          return exec_stmts (ev, fr, items, n, j, TRUE);
        }
    }
  ev->reached = n;
  ev->cache->plan_now = plan;
  r = report (ev, NULL, NULL, n);
  ev->cache->plan_now = NULL;
  return r;
}

/* Whether a plan may run the checks: every let has run once (so
 * exec_stmts() would skip them), at the top level, outside a call run
 * as one test. */
static gboolean
plan_usable (AcyCatEval *ev, AcyCatFrame *fr)
{
  return ev->cache->n_unevaluated == 0 && !ev->eager && ev->trial == 0 && fr == ev->root;
}

/* Whether the statements after the with @items[i] that run where they
 * stand are plain checks only: it is the innermost, and a plan can run
 * them. */
static gboolean
innermost_with (AcyCatCache *c, AcyCatStmt *const *items, guint n, guint i)
{
  for (guint j = c->skip_to[i + 1]; j < n; j = c->skip_to[j + 1])
    if (items[j]->kind != ACY_CAT_S_CHECK || items[j]->u.check.mode != ACY_CAT_CHECK_PLAIN)
      return FALSE;
  return TRUE;
}

/* Runs the rest once with @slot bound to @elt, in the fresh arena of
 * the with's level @wlevel; @plan, if not NULL, runs its checks. */
static Status
with_branch (AcyCatEval *ev, AcyCatFrame *fr, AcyCatStmt *const *items, guint n, guint i,
             guint wlevel, AcyCatValue *elt, AcyCatPlan *plan)
{
  static __thread guint looks;
  const AcyCatStmt *st = items[i];
  guint saved_level = ev->cur_level, saved_flags = ev->n_flags;
  Status r;

  /* (a branch takes microseconds: a look in 16 is soon enough, and the
   * clock is read less often than a check runs) */
  if (looks++ % 16 == 0 && acy_cat_halted (ev, st->loc, "with"))
    return ST_ERROR;
  if (++ev->cache->branches > ev->cache->max_branches)
    {
      acy_set_error_at (ev->error, ACY_ERROR_LIMIT, st->loc,
                        "more than %" G_GUINT64_FORMAT " choices of with for one candidate "
                        "(nested withs multiply) near 'with'", ev->cache->max_branches);
      return ST_ERROR;
    }

  ev->cur_level = wlevel;
  fr->slots[st->u.with.slot] = elt;
  if (plan && plan_usable (ev, fr) && acy_cat_plan_worth (plan))
    r = run_planned (ev, fr, items, n, wlevel, plan);
  else
    r = exec_stmts (ev, fr, items, n, i + 1, TRUE);
  /* Forget what this branch flagged. */
  ev->cur_level = saved_level;
  ev->n_flags = saved_flags;
  return r;
}

typedef struct {
  AcyCatEval        *ev;
  AcyCatFrame       *fr;
  AcyCatStmt *const *items;
  guint              i, upto, wlevel;
  AcyCatMemo        *memo;
  AcyCatPlan        *plan;    /* the with's, when plans are on */
} Prune;

/* Judges the prefix with the with's plan: each check the judge wants,
 * on @lo (the pairs every completion has) for the with's name (see
 * acy_cat_plan_judge()). 1 + the index of the check that fails, 0 if
 * none does, G_MAXUINT if the plan cannot tell. */
static guint
judge_planned (Prune *p, AcyCatJudge *j, guint upto, const AcyWord *lo)
{
  AcyCatEval *ev = p->ev;
  AcyCatPlan *plan = p->plan;
  guint slot = p->items[p->i]->u.with.slot, saved_reached = ev->reached, failed = 0;
  AcyCatValue *saved = p->fr->slots[slot], *v;
  AcyArena *saved_arena = ev->arena;

  ev->arena = ev->cache->arenas[p->wlevel];
  v = acy_cat_new_rel_raw (ev);
  acy_bits_copy ((guint) ev->rel_words, v->u.bits, lo);
  v->closed = TRUE;   /* (acy_cat_stream_iter_bounds()) */
  p->fr->slots[slot] = v;
  acy_cat_plan_start (plan);
  for (guint k = 0; k < acy_cat_plan_n_checks (plan) && failed == 0; k++)
    {
      guint s = acy_cat_plan_check_stmt (plan, k);
      AcyCatPlanResult r;
      gint64 start;

      if (s >= upto)
        break;
      /* (one of a lower level holds: the candidate came this far) */
      if (p->items[s]->u.check.mode != ACY_CAT_CHECK_PLAIN || ev->model->stmt_level[s] != p->wlevel
          || !acy_cat_judge_wants (j, s, &start))
        continue;
      ev->reached = s;
      if ((r = acy_cat_plan_judge (plan, ev, k)) == ACY_CAT_PLAN_GAVE_UP)
        failed = G_MAXUINT;
      else
        {
          acy_cat_judge_ran (j, s, r == ACY_CAT_PLAN_FAILS, start);
          if (r == ACY_CAT_PLAN_FAILS)
            failed = s + 1;
        }
    }
  p->fr->slots[slot] = saved;
  ev->reached = saved_reached;
  ev->arena = saved_arena;
  /* what was worked out from lo, by the plan or by the interpreter it
   * asked, is no value of any choice */
  cache_bump (ev->cache, p->wlevel);
  return failed;
}

static gboolean
prune_prefix (gpointer data, guint depth, AcyCatStreamIter *it)
{
  Prune *p = data;
  AcyCatJudge *j = p->memo->judge;
  guint upto, failed = 0;

  /* a judged prefix counts as a choice: nested withs make many */
  if (++p->ev->cache->branches > p->ev->cache->max_branches)
    return FALSE;
  upto = acy_cat_judge_begin (j, depth);
  /* (the prefix's bounds are worked out only when some check is judged
   * at its depth: deep prefixes mostly have none) */
  if (upto)
    {
      const AcyWord *lo, *hi;

      acy_cat_stream_iter_bounds (it, &lo, &hi);
      failed = G_MAXUINT;
      if (p->plan && plan_usable (p->ev, p->fr) && acy_cat_plan_worth (p->plan)
          && acy_cat_plan_can_judge (p->plan))
        failed = judge_planned (p, j, upto, lo);
      if (failed == G_MAXUINT)
        failed = acy_cat_bounds_fail (p->ev, p->fr, p->items, p->i, upto, p->wlevel, j, lo, hi);
    }
  acy_cat_judge_end (j, failed != 0);
  return failed != 0;
}

/* with x from S; rest: the rest once per element of S, each choice in
 * a fresh arena of the with's own level. A stream (co-orders) gives its
 * elements one at a time, each made in the arena of its branch; with
 * pruning on, it skips the orders whose prefix already fails a check
 * (acy-cat-bounds.c). */
static Status
exec_with (AcyCatEval *ev, AcyCatFrame *fr, AcyCatStmt *const *items, guint n, guint i)
{
  const AcyCatStmt *st = items[i];
  AcyCatCache *c = ev->cache;
  AcyCatMemo *memo = &c->memo[i];
  guint8 level = ev->model->stmt_level[i];
  guint wlevel = ev->model->slot_level[st->u.with.slot];
  AcyCatPlan *plan;
  AcyCatValue **elts = NULL, *stream = NULL;
  guint count = 0;

  if (memo_valid (c, memo, level))
    {
      elts = memo->elts;
      count = memo->count;
      stream = memo->stream;
    }
  else
    {
      AcyCatValue *s;

      use_level (ev, level);
      if (!(s = acy_cat_eval (ev, fr, st->u.with.e)))
        return ST_ERROR;
      if (s->kind == ACY_CAT_V_STREAM)
        stream = s;
      else
        {
          elts = elements (ev, st->u.with.e, s, "set expected", &count);
          if (count == G_MAXUINT)
            return ST_ERROR;
        }
      if (level != ACY_CAT_LEVEL_NOCACHE)
        {
          memo->elts = elts;
          memo->count = count;
          memo->stream = stream;
          memo->stamp = ++c->tick;
        }
    }
  g_assert (wlevel == ev->cur_level + 1 && wlevel < c->n_levels);
  if (!memo->plan_made && c->prune && !c->no_plans)
    {
      if (innermost_with (c, items, n, i))
        memo->plan = acy_cat_plan_new (ev->model, c->slot_def, items, n, i, wlevel);
      memo->plan_made = TRUE;
    }
  plan = c->prune && !c->no_plans ? memo->plan : NULL;
  if (stream)
    {
      AcyCatStreamIter *it = acy_cat_stream_iter_new (ev, stream->u.stream);
      Status r = ST_DONE;
      Prune prune = { ev, fr, items, i, 0, wlevel, memo, plan };

      if (c->prune)
        prune.upto = acy_cat_bounds_last_check (ev->model, items, n, i, wlevel);
      if (prune.upto)
        {
          if (memo->judge == NULL)
            memo->judge = acy_cat_judge_new (ev->model, i + 1, prune.upto, wlevel, TRUE);
          acy_cat_stream_iter_set_prune (it, prune_prefix, &prune);
        }

      for (;;)
        {
          AcyCatValue *elt;

          acy_arena_reset (c->arenas[wlevel]);
          cache_bump (c, wlevel);
          ev->arena = c->arenas[wlevel];
          if (!(elt = acy_cat_stream_iter_next (it, ev)))
            break;
          r = with_branch (ev, fr, items, n, i, wlevel, elt, plan);
          if (r == ST_STOP || r == ST_ERROR)
            break;
          r = ST_DONE;
        }
      acy_cat_stream_iter_free (it);
      if (prune.upto)
        acy_cat_judge_close (memo->judge);
      return r;
    }
  for (guint k = 0; k < count; k++)
    {
      Status r;

      acy_arena_reset (c->arenas[wlevel]);
      cache_bump (c, wlevel);
      r = with_branch (ev, fr, items, n, i, wlevel, elts[k], plan);
      if (r == ST_STOP || r == ST_ERROR)
        return r;
    }
  return ST_DONE;
}

/* Leaves the names a binding, or a let, binds without a value. */
static void
unbind_binding (AcyCatFrame *fr, const AcyCatBinding *b)
{
  for (guint k = 0; k < b->pat.n; k++)
    if (b->pat.names[k])
      fr->slots[b->pat.slots[k]] = NULL;
}

static void
unbind_let (AcyCatFrame *fr, const AcyCatStmt *st)
{
  for (guint b = 0; b < st->u.let.n; b++)
    unbind_binding (fr, &st->u.let.b[b]);
}

AcyCatValue *
acy_cat_force_slot (AcyCatEval *ev, guint slot)
{
  AcyCatCache *c = ev->cache;
  AcyArena *saved = ev->arena;
  guint i;
  Status r;

  if (ev->root == NULL || slot >= ev->model->n_root_slots
      || (i = c->slot_def[slot]) >= ev->reached || (!c->prune && !c->let_failed[i]))
    return NULL;
  ev->eager++;
  r = exec_stmt (ev, ev->root, (AcyCatStmt *const *) ev->model->program->pdata,
                 ev->model->program->len, i, TRUE);
  ev->eager--;
  ev->arena = saved;
  if (r == ST_ERROR && c->let_failed[i] && ev->root->slots[slot] != NULL && ev->error)
    g_clear_error (ev->error);   /* a good binding of a let ... and ... whose other failed */
  else if (r == ST_ERROR)
    return NULL;
  return ev->root->slots[slot];
}

/* `let rec x = e`, one binding, of a value: its fixpoint is a function
 * of the names it reads but x itself, so x's own level does not count
 * when it is read inside e (exec_stmt), and it settles as a let does:
 * the kernel model's rcu-order stays empty in a test without RCU, read
 * from its empty grace periods alone, and was worked out again for each
 * coherence order. */
static gboolean
rec_of_one_value (const AcyCatStmt *st)
{
  return st->kind == ACY_CAT_S_LETREC && st->u.let.n == 1 && st->u.let.b[0].e->kind != ACY_CAT_E_FUN
         && !st->u.let.b[0].pat.tuple && st->u.let.b[0].pat.n == 1 && st->u.let.b[0].pat.names[0];
}

/* A top-level `let x = e` of @level whose evaluation read only names of
 * levels up to @read (the parts that read more were not needed: an
 * empty side of ; or &): its value holds as long as those do, so it is
 * moved to the arena of that level and kept there. Returns the level
 * the value is kept at. */
static guint8
settle_let (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatStmt *st, guint8 level, guint8 read)
{
  AcyCatCache *c = ev->cache;
  const AcyCatPat *pat = &st->u.let.b[0].pat;
  AcyCatValue *v, *copy;
  guint slot;

  if ((st->kind != ACY_CAT_S_LET && !rec_of_one_value (st)) || st->u.let.n != 1 || pat->tuple
      || pat->n != 1 || !pat->names[0])
    {
      for (guint b = 0; b < st->u.let.n; b++)
        for (guint k = 0; k < st->u.let.b[b].pat.n; k++)
          if (st->u.let.b[b].pat.names[k])
            c->slot_eff[st->u.let.b[b].pat.slots[k]] = level;
      return level;
    }
  slot = pat->slots[0];
  v = fr->slots[slot];
  c->slot_eff[slot] = level;
  if (read >= level || v == NULL || !(copy = acy_cat_keep_at (ev, v, read)))
    return level;
  fr->slots[slot] = copy;
  c->slot_eff[slot] = read;
  return read;
}

static Status
exec_stmt (AcyCatEval *ev, AcyCatFrame *fr, AcyCatStmt *const *items, guint n, guint i, gboolean top)
{
  const AcyCatStmt *st = items[i];
  guint8 level = top ? ev->model->stmt_level[i] : ACY_CAT_LEVEL_NOCACHE;
  AcyCatMemo *memo = top ? &ev->cache->memo[i] : NULL;

  if (top)
    use_level (ev, level);
  switch (st->kind)
    {
    case ACY_CAT_S_LET:
    case ACY_CAT_S_LETREC:
      {
        guint8 saved_read = ev->read_level, read;
        gboolean ok;

        if (memo && memo_valid (ev->cache, memo, memo->level))
          return ST_CONTINUE;
        if (top && runs_when_read (ev, i))
          return ST_CONTINUE;   /* acy_cat_force_slot() */
        ev->read_level = ACY_CAT_LEVEL_STRUCTURE;
        if (top && rec_of_one_value (st))
          ev->cache->slot_eff[st->u.let.b[0].pat.slots[0]] = ACY_CAT_LEVEL_STRUCTURE;
        ok = st->kind == ACY_CAT_S_LET
             ? acy_cat_bind_let (ev, fr, st->u.let.n, st->u.let.b)
             : acy_cat_bind_rec (ev, fr, st->u.let.n, st->u.let.b, NULL);
        if (top && rec_of_one_value (st))
          ev->cache->slot_eff[st->u.let.b[0].pat.slots[0]] = level;
        read = ev->read_level;
        ev->read_level = saved_read;   /* a reader counts the name's level */
        if (!ok && top && ev->error && *ev->error
            && (g_error_matches (*ev->error, ACY_ERROR, ACY_ERROR_TYPE)
                || g_error_matches (*ev->error, ACY_ERROR, ACY_ERROR_UNKNOWN_NAME))
            && (!ev->eager || (st->kind == ACY_CAT_S_LET && st->u.let.n > 1)))
          {
            /* herd7 evaluates a let when its name is read: a type error
             * or an unknown name in one no check reads is no error. Its names stay unbound,
             * and a read runs it again, raising the error there
             * (acy_cat_force_slot); the other bindings of a let ... and
             * ... are bound, each being run on its own. */
            GError *first = g_steal_pointer (ev->error);

            unbind_let (fr, st);
            if (st->kind == ACY_CAT_S_LET && st->u.let.n > 1)
              for (guint k = 0; k < st->u.let.n; k++)
                if (!acy_cat_bind_let (ev, fr, 1, &st->u.let.b[k]))
                  {
                    if (!g_error_matches (*ev->error, ACY_ERROR, ACY_ERROR_TYPE)
                        && !g_error_matches (*ev->error, ACY_ERROR, ACY_ERROR_UNKNOWN_NAME))
                      {
                        if (*ev->error == NULL)
                          g_propagate_error (ev->error, first);
                        else
                          g_error_free (first);
                        return ST_ERROR;
                      }
                    g_clear_error (ev->error);
                    unbind_binding (fr, &st->u.let.b[k]);
                  }
            ev->cache->let_failed[i] = TRUE;
            if (ev->eager)
              {
                /* a read: its name may be one that is bound */
                g_propagate_error (ev->error, first);
                return ST_ERROR;
              }
            g_error_free (first);
            return ST_CONTINUE;
          }
        if (!ok)
          return ST_ERROR;
        if (top)
          ev->cache->let_failed[i] = FALSE;
        /* lazy from now on; one that failed runs where it stands again */
        if (top && !ev->cache->evaluated[i])
          {
            ev->cache->evaluated[i] = TRUE;
            ev->cache->n_unevaluated--;
          }
        if (memo && level != ACY_CAT_LEVEL_NOCACHE)
          {
            memo->level = settle_let (ev, fr, st, level, read);
            memo->stamp = ++ev->cache->tick;
          }
        if (top && ev->cache->prune)
          note_bound (ev->cache, st);
        return ST_CONTINUE;
      }
    case ACY_CAT_S_CHECK:
      if (top && ev->cache->prune && !ev->eager && st->u.check.mode != ACY_CAT_CHECK_PLAIN)
        return ST_CONTINUE;   /* raised when the outcome is allowed */
      return exec_check (ev, fr, st, top ? i : n, memo, level);
    case ACY_CAT_S_PROCEDURE:
      {
        AcyCatValue *p = acy_cat_value_new (ev, ACY_CAT_V_PROC);
        p->u.proc.proc = st;
        p->u.proc.env = fr;
        fr->slots[st->u.proc.slot] = p;
        return ST_CONTINUE;
      }
    case ACY_CAT_S_CALL:
      {
        AcyCatFrame *f = fr, *inner;
        AcyCatValue *p, *arg;
        const AcyCatStmt *proc;

        for (guint d = 0; d < st->u.call.depth; d++)
          f = f->parent;
        p = f->slots[st->u.call.slot];
        if (!p || p->kind != ACY_CAT_V_PROC)
          {
            acy_set_error_at (ev->error, ACY_ERROR_TYPE, st->loc,
                              "'%s' is not a procedure near 'call'", st->u.call.name);
            return ST_ERROR;
          }
        if (!(arg = acy_cat_eval (ev, fr, st->u.call.arg)))
          return ST_ERROR;
        proc = p->u.proc.proc;
        inner = acy_cat_frame_new (ev, p->u.proc.env, proc->u.proc.n_slots);
        if (!acy_cat_bind_pattern (ev, inner, &proc->u.proc.pat, arg, st->u.call.arg))
          return ST_ERROR;
        /* calls nest like evaluations: a procedure calling itself ends here */
        if (++ev->depth > ACY_CAT_MAX_EVAL_DEPTH || acy_stack_low ())
          {
            ev->depth--;
            acy_set_error_at (ev->error, ACY_ERROR_LIMIT, st->loc,
                              "procedure calls too deep (runaway recursion?) near '%s'",
                              st->u.call.name);
            return ST_ERROR;
          }
        {
          Status r;

          if (st->u.call.must_fail)
            ev->trial++;
          r = exec_stmts (ev, inner, proc->u.proc.body.items, proc->u.proc.body.n, 0, FALSE);
          ev->depth--;
          if (!st->u.call.must_fail)
            return r;
          ev->trial--;
          if (r == ST_CONTINUE)
            return report_call (ev, st, top ? i : n);   /* the test holds: the outcome goes */
          if (r != ST_TRIAL_FAILED)
            return r;
          if (st->u.call.as == NULL)
            {
              /* herd7 records the failure under the call's `as` name and
               * fails without one (Invalid_argument "option is None") */
              acy_set_error_at (ev->error, ACY_ERROR_FATAL, st->loc,
                                "the skipped call fails and has no 'as NAME' to record it by "
                                "(herd7 stops on it) near '%s'", st->u.call.name);
              return ST_ERROR;
            }
          return ev->trial > 0 ? ST_TRIAL_FAILED : ST_CONTINUE;
        }
      }
    case ACY_CAT_S_FORALL:
      {
        AcyCatValue *s = acy_cat_eval (ev, fr, st->u.forall.e), **elts;
        guint count;

        if (!s)
          return ST_ERROR;
        elts = elements (ev, st->u.forall.e, s, "forall instruction applied to non-set value", &count);
        if (count == G_MAXUINT)
          return ST_ERROR;
        for (guint k = 0; k < count; k++)
          {
            Status r;
            fr->slots[st->u.forall.slot] = elts[k];
            r = exec_stmts (ev, fr, st->u.forall.body.items, st->u.forall.body.n, 0, FALSE);
            if (r != ST_CONTINUE)
              return r;
          }
        return ST_CONTINUE;
      }
    case ACY_CAT_S_ENUM:
      {
        AcyCatValue *set;

        if (memo && memo_valid (ev->cache, memo, level))
          return ST_CONTINUE;
        set = acy_cat_value_new (ev, ACY_CAT_V_EMPTY);
        for (guint k = st->u.enum_.n; k-- > 0;)
          {
            AcyCatValue *tag = acy_cat_value_new (ev, ACY_CAT_V_TAG), *evs;
            tag->u.str = st->u.enum_.tags[k];
            set = acy_cat_vset_add (ev, set, tag);
            evs = acy_cat_value_new (ev, ACY_CAT_V_SET);
            evs->u.bits = acy_cat_tag_events (ev, st->u.enum_.tags[k]);
            fr->slots[st->u.enum_.tag_slots[k]] = evs;
          }
        fr->slots[st->u.enum_.slot] = set;
        if (memo && level != ACY_CAT_LEVEL_NOCACHE)
          memo->stamp = ++ev->cache->tick;
        return ST_CONTINUE;
      }
    case ACY_CAT_S_WITH:
      g_assert (top);
      return exec_with (ev, fr, items, n, i);
    default:
      return ST_CONTINUE;
    }
}

gboolean
acy_cat_exec_top_stmt (AcyCatEval *ev, AcyCatFrame *fr, AcyCatStmt *const *items, guint i)
{
  g_assert (items[i]->kind == ACY_CAT_S_LET || items[i]->kind == ACY_CAT_S_LETREC
            || items[i]->kind == ACY_CAT_S_ENUM || items[i]->kind == ACY_CAT_S_PROCEDURE);
  /* (exec_stmt() would do nothing: a bounds walk passes every let at
   * every prefix it judges) */
  if ((items[i]->kind == ACY_CAT_S_LET || items[i]->kind == ACY_CAT_S_LETREC)
      && runs_when_read (ev, i))
    return TRUE;
  return exec_stmt (ev, fr, items, i + 1, i, TRUE) != ST_ERROR;
}

static Status
exec_stmts (AcyCatEval *ev, AcyCatFrame *fr, AcyCatStmt *const *items,
            guint n, guint from, gboolean top)
{
  AcyCatCache *c = ev->cache;

  for (guint i = from; i < n; i++)
    {
      Status r;

      /* Once every let has run once, go straight to what runs where it
       * stands (checks, withs...). */
      if (top && c->prune && c->n_unevaluated == 0 && (i = c->skip_to[i]) >= n)
        break;
      if (top)
        ev->reached = i;
      r = exec_stmt (ev, fr, items, n, i, top);
      if (r != ST_CONTINUE)
        return r;
    }
  if (top)
    {
      ev->reached = n;
      return report (ev, NULL, NULL, n);
    }
  return ST_CONTINUE;
}

/* Starts a candidate: rebinds the predefined names whose inputs changed
 * and invalidates what depended on them. A structure id of 0 means the
 * structure may have changed. */
void
acy_cat_start_structure (AcyCatEval *ev)
{
  AcyCatCache *c = ev->cache;
  const AcyExecution *x = ev->x;

  ev->root = c->root;
  if (!c->have_structure || x->structure_id == 0
      || x->structure_id != c->structure_id || x->n_events != c->structure_n)
    {
      acy_arena_reset (c->arenas[ACY_CAT_LEVEL_STRUCTURE]);
      cache_bump (c, ACY_CAT_LEVEL_STRUCTURE);
      memset (c->root->slots, 0, ev->model->n_root_slots * sizeof (gpointer));
      ev->arena = c->arenas[ACY_CAT_LEVEL_STRUCTURE];
      acy_cat_bind_structure (ev);
      c->have_structure = TRUE;
      c->structure_id = x->structure_id;
      c->structure_n = x->n_events;
    }
}

static void
start_candidate (AcyCatEval *ev)
{
  AcyCatCache *c = ev->cache;

  acy_cat_start_structure (ev);
  c->branches = 0;
  acy_arena_reset (c->arenas[ACY_CAT_LEVEL_CANDIDATE]);
  cache_bump (c, ACY_CAT_LEVEL_CANDIDATE);
  for (guint i = 0; i < c->n_dynamic; i++)
    if (c->slot_eff[c->dynamic_slots[i]] >= ACY_CAT_LEVEL_CANDIDATE)
      c->root->slots[c->dynamic_slots[i]] = NULL;
  ev->arena = c->arenas[ACY_CAT_LEVEL_CANDIDATE];
  acy_cat_bind_candidate (ev);
  ev->cur_level = ACY_CAT_LEVEL_CANDIDATE;
}

gboolean
acy_cat_run (AcyCatEval *ev)
{
  const AcyModel *m = ev->model;
  Status r;

  ev->n_flags = 0;
  ev->depth = 0;
  start_candidate (ev);
  r = exec_stmts (ev, ev->root, (AcyCatStmt *const *) m->program->pdata, m->program->len, 0, TRUE);
  if (r == ST_ERROR)
    {
      /* An error may leave a statement half done: trust nothing kept. */
      ev->cache->have_structure = FALSE;
      cache_bump (ev->cache, ACY_CAT_LEVEL_STRUCTURE);
    }
  return r != ST_ERROR;
}
