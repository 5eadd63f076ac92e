/* acy-cat-query.c - one cat expression evaluated on one outcome
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An expression typed against a model (a relation console, acyclic-check
 * --eval, the relation of --why) is parsed and resolved on its own,
 * against the top-level names bound where the outcome was decided, and
 * evaluated in a frame under the root, on the values the model left
 * there. Nothing here runs unless asked for.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include "acy-cat-eval.h"
#include "acy-cat-query.h"
#include "acy-cat-parser.h"
#include "acy-explain.h"

AcyCatQuery *
acy_cat_query_new (const AcyModel *model, const char *text, guint upto, GError **error)
{
  AcyCatQuery *q = g_new0 (AcyCatQuery, 1);
  AcyCatParseCtx ctx;
  gboolean ok;

  q->arena = acy_arena_new (4096);
  acy_cat_parse_ctx_init (&ctx, q->arena, NULL, NULL);
  ok = acy_cat_parse_expression (&ctx, ACY_EXPRESSION_FILE, text, &q->expr, error)
       && acy_cat_resolve_expression (model, q->expr, upto, &q->n_slots, error);
  acy_cat_parse_ctx_clear (&ctx);
  if (!ok)
    {
      acy_cat_query_free (q);
      return NULL;
    }
  return q;
}

void
acy_cat_query_free (AcyCatQuery *q)
{
  if (q == NULL)
    return;
  acy_arena_free (q->arena);
  g_free (q);
}

void
acy_cat_query_begin (AcyModelEnv *env, AcyCatQueryState *s, GError **error)
{
  AcyCatEval *ev = env->ev;

  s->error = ev->error;
  s->reached = ev->reached;
  s->depth = ev->depth;
  s->arena = ev->arena;
  s->read_level = ev->read_level;
  ev->error = error;
  ev->reached = env->upto;
}

void
acy_cat_query_end (AcyModelEnv *env, AcyCatQueryState *s)
{
  AcyCatEval *ev = env->ev;

  ev->error = s->error;
  ev->reached = s->reached;
  ev->depth = s->depth;
  ev->arena = s->arena;
  ev->read_level = s->read_level;
}

AcyCatValue *
acy_cat_query_eval (AcyModelEnv *env, AcyCatQuery *q, AcyCatFrame **frame)
{
  AcyCatEval *ev = env->ev;
  AcyCatValue *v;

  *frame = acy_cat_frame_new (ev, ev->root, q->n_slots);
  v = acy_cat_eval (ev, *frame, q->expr);
  if (v)
    v = acy_cat_force (ev, q->expr, v);
  if (v == NULL && !(ev->error && *ev->error))
    acy_set_error_at (ev->error, ACY_ERROR_TYPE, q->expr->loc,
                      "the expression has no value near '%s'", q->expr->near);
  return v;
}

gboolean
acy_cat_query_run (AcyModelEnv     *env,
                   const char      *text,
                   AcyCatQueryFunc  func,
                   gpointer         data,
                   GError         **error)
{
  AcyCatQuery *q;
  AcyCatQueryState st;
  AcyCatFrame *frame;
  AcyCatValue *v;
  GError *local_error = NULL;

  if (!(q = acy_cat_query_new (env->ev->model, text, env->upto, error)))
    return FALSE;
  acy_cat_query_begin (env, &st, &local_error);
  if ((v = acy_cat_query_eval (env, q, &frame)))
    func (env, q->expr, frame, v, data, &local_error);
  acy_cat_query_end (env, &st);
  acy_cat_query_free (q);
  if (local_error)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  return TRUE;
}

gboolean
acy_model_check_expression (const AcyModel *model,
                            const char     *text,
                            GError        **error)
{
  AcyCatQuery *q;

  g_return_val_if_fail (model != NULL && text != NULL, FALSE);
  q = acy_cat_query_new (model, text, model->program->len, error);
  acy_cat_query_free (q);
  return q != NULL;
}

typedef struct {
  const AcyWord     **bits;
  AcyModelValueKind   kind;
} EvalQuery;

static void
eval_value (AcyModelEnv       *env,
            const AcyCatExpr  *expr,
            AcyCatFrame       *frame,
            AcyCatValue       *v,
            gpointer           data,
            GError           **error)
{
  AcyCatEval *ev = env->ev;
  EvalQuery *eq = data;

  switch (v->kind)
    {
    case ACY_CAT_V_SET:
      *eq->bits = v->u.bits;
      eq->kind = ACY_MODEL_VALUE_SET;
      break;
    case ACY_CAT_V_REL:
      *eq->bits = v->u.bits;
      eq->kind = ACY_MODEL_VALUE_RELATION;
      break;
    case ACY_CAT_V_EMPTY:
      *eq->bits = acy_cat_new_rel (ev)->u.bits;
      eq->kind = ACY_MODEL_VALUE_RELATION;
      break;
    case ACY_CAT_V_UNIV:
      {
        AcyWord *all = acy_cat_new_rel (ev)->u.bits;
        for (guint i = 0; i < ev->n; i++)
          acy_bits_fill (ev->n, acy_rel_row (all, ev->n, i));
        *eq->bits = all;
        eq->kind = ACY_MODEL_VALUE_RELATION;
      }
      break;
    default:
      break;
    }
}

/**
 * acy_model_env_eval:
 * @env: the environment of one outcome
 * @text: a cat expression
 * @bits: (out) (transfer none): the set or relation, valid as long as @env
 * @error: return location for a #GError
 *
 * Returns: what @text evaluates to on the outcome.
 */
AcyModelValueKind
acy_model_env_eval (AcyModelEnv    *env,
                    const char     *text,
                    const AcyWord **bits,
                    GError        **error)
{
  EvalQuery eq = { bits, ACY_MODEL_VALUE_OTHER };

  *bits = NULL;
  acy_cat_query_run (env, text, eval_value, &eq, error);
  return eq.kind;
}
