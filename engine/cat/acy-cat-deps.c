/* acy-cat-deps.c - what each top-level statement of a model depends on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs once at load time, after the resolver. Every root slot and every
 * top-level statement gets a level saying what its value can depend on:
 *
 *   0          the event structure only (events, po, dependencies, rmw)
 *   1          also the candidate's rf and FW (and the values events read)
 *   2 + i      also the variable of the i-th `with` statement
 *   NOCACHE    anything (forall and procedure internals): never reused
 *
 * Levels form a chain: a value of level L is still valid as long as
 * nothing at a level <= L changed since it was computed. The interpreter
 * uses this to evaluate a binding once per structure, once per
 * candidate, or once per choice of the innermost `with` it depends on,
 * instead of once per outcome. The analysis is on resolved slots, so
 * redefinitions such as `let rf = rf | rf-lf` are distinct slots.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include "acy-cat-eval.h"

typedef struct {
  AcyModel *model;
  guint8   *slot_level;
} Deps;

static guint8
lmax (guint8 a, guint8 b)
{
  return a > b ? a : b;
}

static guint8 expr_level (Deps *d, const AcyCatExpr *e, guint fun_depth);

/* Binds the slots of @pat to @level when they live in the root frame. */
static void
set_pat_level (Deps *d, const AcyCatPat *pat, guint fun_depth, guint8 level)
{
  if (fun_depth != 0)
    return;
  for (guint i = 0; i < pat->n; i++)
    if (pat->names[i])
      d->slot_level[pat->slots[i]] = level;
}

/* let: all right-hand sides are evaluated before any pattern is bound. */
static guint8
let_level (Deps *d, guint n, const AcyCatBinding *b, guint fun_depth)
{
  guint8 *each = g_newa (guint8, MAX (n, 1));
  guint8 all = 0;

  for (guint i = 0; i < n; i++)
    all = lmax (all, each[i] = expr_level (d, b[i].e, fun_depth));
  for (guint i = 0; i < n; i++)
    set_pat_level (d, &b[i].pat, fun_depth, each[i]);
  return all;
}

/* let rec: the bindings see each other, so iterate from level 0 until
 * the levels stop rising (they only rise, and there are few levels). */
static guint8
rec_level (Deps *d, guint n, const AcyCatBinding *b, guint fun_depth)
{
  guint8 all = 0;

  for (guint i = 0; i < n; i++)
    set_pat_level (d, &b[i].pat, fun_depth, 0);
  for (guint round = 0; round < 300; round++)
    {
      guint8 next = all;
      for (guint i = 0; i < n; i++)
        next = lmax (next, expr_level (d, b[i].e, fun_depth));
      for (guint i = 0; i < n; i++)
        set_pat_level (d, &b[i].pat, fun_depth, next);
      if (next == all && round > 0)
        break;
      all = next;
    }
  return all;
}

/* The highest level of any root slot @e reads, directly or through the
 * functions it calls (a function value's level is that of its body). */
static guint8
expr_level (Deps *d, const AcyCatExpr *e, guint fun_depth)
{
  guint8 l = 0;

  switch (e->kind)
    {
    case ACY_CAT_E_EMPTY: case ACY_CAT_E_UNIV: case ACY_CAT_E_TAG:
    case ACY_CAT_E_STRING: case ACY_CAT_E_UNBOUND:
      return 0;
    case ACY_CAT_E_VAR:
      /* Slots of enclosing function frames hold arguments, whose level
       * is counted where the function is applied. */
      return e->u.var.depth == fun_depth ? d->slot_level[e->u.var.slot] : 0;
    case ACY_CAT_E_SET: case ACY_CAT_E_TUPLE:
      for (guint i = 0; i < e->u.list.n; i++)
        l = lmax (l, expr_level (d, e->u.list.items[i], fun_depth));
      return l;
    case ACY_CAT_E_BINOP:
      return lmax (expr_level (d, e->u.bin.a, fun_depth), expr_level (d, e->u.bin.b, fun_depth));
    case ACY_CAT_E_UNOP:
      return expr_level (d, e->u.un.a, fun_depth);
    case ACY_CAT_E_APP:
      return lmax (expr_level (d, e->u.app.f, fun_depth), expr_level (d, e->u.app.arg, fun_depth));
    case ACY_CAT_E_FUN:
      return expr_level (d, e->u.fun.body, fun_depth + 1);
    case ACY_CAT_E_LET:
      l = let_level (d, e->u.let.n, e->u.let.b, fun_depth);
      return lmax (l, expr_level (d, e->u.let.body, fun_depth));
    case ACY_CAT_E_LETREC:
      l = rec_level (d, e->u.let.n, e->u.let.b, fun_depth);
      return lmax (l, expr_level (d, e->u.let.body, fun_depth));
    case ACY_CAT_E_MATCH_SET:
      l = lmax (expr_level (d, e->u.mset.e, fun_depth), expr_level (d, e->u.mset.if_empty, fun_depth));
      if (fun_depth == 0)
        {
          if (e->u.mset.elt)
            d->slot_level[e->u.mset.elt_slot] = l;
          if (e->u.mset.rest)
            d->slot_level[e->u.mset.rest_slot] = l;
        }
      return lmax (l, expr_level (d, e->u.mset.if_cons, fun_depth));
    case ACY_CAT_E_MATCH_TAG:
      l = expr_level (d, e->u.mtag.e, fun_depth);
      for (guint i = 0; i < e->u.mtag.n; i++)
        l = lmax (l, expr_level (d, e->u.mtag.cases[i], fun_depth));
      if (e->u.mtag.dflt)
        l = lmax (l, expr_level (d, e->u.mtag.dflt, fun_depth));
      return l;
    case ACY_CAT_E_TRY:
      return lmax (expr_level (d, e->u.try_.e, fun_depth), expr_level (d, e->u.try_.fallback, fun_depth));
    case ACY_CAT_E_IF:
      if (e->u.if_.a)
        l = lmax (l, expr_level (d, e->u.if_.a, fun_depth));
      if (e->u.if_.b)
        l = lmax (l, expr_level (d, e->u.if_.b, fun_depth));
      l = lmax (l, expr_level (d, e->u.if_.then_, fun_depth));
      return lmax (l, expr_level (d, e->u.if_.else_, fun_depth));
    }
  g_assert_not_reached ();
}

static gboolean
worth_memo (const AcyCatExpr *e)
{
  switch (e->kind)
    {
    case ACY_CAT_E_EMPTY: case ACY_CAT_E_UNIV: case ACY_CAT_E_VAR: case ACY_CAT_E_UNBOUND:
    case ACY_CAT_E_TAG: case ACY_CAT_E_STRING: case ACY_CAT_E_FUN:
      return FALSE;
    default:
      return TRUE;
    }
}

/* Gives a memo to the largest subexpressions of a statement of level
 * @stmt that depend on less than it (e.g. fencerel(Mb) inside mb, which
 * depends on co through po-unlock-lock-po). Only at the top level of
 * the statement, evaluated once per evaluation of it in the root frame:
 * not inside function bodies, nor inside the equations of a let rec,
 * which are evaluated once per round.
 *
 * The other compound subexpressions below the statement's own (@root)
 * get a dynamic memo: whether one depends on less than its level shows
 * only when it runs. lock.cat redefines rf as rf | ([IW | UL] ;
 * singlestep(co) ; lk-rmw^-1), of the level of co, yet in a test with
 * no lock lk-rmw is empty and the value is the candidate's: then
 * cumul-fence* in the kernel model's prop, or fence & int in its ppo,
 * keep their value across coherence orders (eval_memo()). */
static void
mark_memos (Deps *d, AcyCatExpr *e, guint8 stmt, gboolean root)
{
  guint8 l = expr_level (d, e, 0);

  if (l < stmt && worth_memo (e))
    {
      e->memo = ++d->model->n_expr_memos;
      e->memo_level = l;
      return;
    }
  if (!root && stmt != ACY_CAT_LEVEL_NOCACHE && worth_memo (e)
      && e->kind != ACY_CAT_E_LET && e->kind != ACY_CAT_E_LETREC)
    {
      e->memo = ++d->model->n_expr_memos;
      e->memo_level = l;
      e->memo_dynamic = TRUE;
    }
  switch (e->kind)
    {
    case ACY_CAT_E_SET: case ACY_CAT_E_TUPLE:
      for (guint i = 0; i < e->u.list.n; i++)
        mark_memos (d, e->u.list.items[i], stmt, FALSE);
      return;
    case ACY_CAT_E_BINOP:
      mark_memos (d, e->u.bin.a, stmt, FALSE);
      mark_memos (d, e->u.bin.b, stmt, FALSE);
      return;
    case ACY_CAT_E_UNOP:
      mark_memos (d, e->u.un.a, stmt, FALSE);
      return;
    case ACY_CAT_E_APP:
      mark_memos (d, e->u.app.f, stmt, FALSE);
      mark_memos (d, e->u.app.arg, stmt, FALSE);
      return;
    case ACY_CAT_E_LET:
      for (guint i = 0; i < e->u.let.n; i++)
        mark_memos (d, e->u.let.b[i].e, stmt, FALSE);
      mark_memos (d, e->u.let.body, stmt, FALSE);
      return;
    case ACY_CAT_E_LETREC:
      mark_memos (d, e->u.let.body, stmt, FALSE);
      return;
    case ACY_CAT_E_MATCH_SET:
      mark_memos (d, e->u.mset.e, stmt, FALSE);
      mark_memos (d, e->u.mset.if_empty, stmt, FALSE);
      mark_memos (d, e->u.mset.if_cons, stmt, FALSE);
      return;
    case ACY_CAT_E_MATCH_TAG:
      mark_memos (d, e->u.mtag.e, stmt, FALSE);
      for (guint i = 0; i < e->u.mtag.n; i++)
        mark_memos (d, e->u.mtag.cases[i], stmt, FALSE);
      if (e->u.mtag.dflt)
        mark_memos (d, e->u.mtag.dflt, stmt, FALSE);
      return;
    case ACY_CAT_E_TRY:
      mark_memos (d, e->u.try_.e, stmt, FALSE);
      mark_memos (d, e->u.try_.fallback, stmt, FALSE);
      return;
    case ACY_CAT_E_IF:
      if (e->u.if_.a)
        mark_memos (d, e->u.if_.a, stmt, FALSE);
      if (e->u.if_.b)
        mark_memos (d, e->u.if_.b, stmt, FALSE);
      mark_memos (d, e->u.if_.then_, stmt, FALSE);
      mark_memos (d, e->u.if_.else_, stmt, FALSE);
      return;
    default:
      return;
    }
}

/* Slots a forall body binds (in the frame of the forall itself, the
 * root frame at the top level): never reused. Procedure bodies bind in
 * their own frames. */
static void
mark_nocache (Deps *d, const AcyCatStmtList *body)
{
  for (guint i = 0; i < body->n; i++)
    {
      const AcyCatStmt *st = body->items[i];
      if (st->kind == ACY_CAT_S_LET || st->kind == ACY_CAT_S_LETREC)
        for (guint j = 0; j < st->u.let.n; j++)
          set_pat_level (d, &st->u.let.b[j].pat, 0, ACY_CAT_LEVEL_NOCACHE);
      else if (st->kind == ACY_CAT_S_FORALL)
        {
          d->slot_level[st->u.forall.slot] = ACY_CAT_LEVEL_NOCACHE;
          mark_nocache (d, &st->u.forall.body);
        }
    }
}

gboolean
acy_cat_compute_levels (AcyModel *model,
                        GError  **error)
{
  Deps d = { model, NULL };
  GPtrArray *prog = model->program;
  guint n_withs = 0;

  d.slot_level = g_new0 (guint8, MAX (model->n_root_slots, 1));
  d.slot_level[ACY_CAT_P_RF] = 1;
  d.slot_level[ACY_CAT_P_FW] = 1;
  /* Values read depend on rf. */
  d.slot_level[ACY_CAT_P_DIFFERENT_VALUES] = 1;

  model->stmt_level = g_new0 (guint8, MAX (prog->len, 1));
  for (guint i = 0; i < prog->len; i++)
    {
      AcyCatStmt *st = prog->pdata[i];
      guint8 l = ACY_CAT_LEVEL_NOCACHE;

      switch (st->kind)
        {
        case ACY_CAT_S_LET:
          l = let_level (&d, st->u.let.n, st->u.let.b, 0);
          break;
        case ACY_CAT_S_LETREC:
          l = rec_level (&d, st->u.let.n, st->u.let.b, 0);
          break;
        case ACY_CAT_S_CHECK:
          l = expr_level (&d, st->u.check.e, 0);
          break;
        case ACY_CAT_S_WITH:
          l = expr_level (&d, st->u.with.e, 0);
          if (2 + n_withs >= ACY_CAT_MAX_WITHS + 2)
            {
              acy_set_error_at (error, ACY_ERROR_LIMIT, st->loc,
                                "more than %u with statements near 'with'", ACY_CAT_MAX_WITHS);
              g_free (d.slot_level);
              return FALSE;
            }
          d.slot_level[st->u.with.slot] = (guint8) (2 + n_withs);
          n_withs++;
          break;
        case ACY_CAT_S_ENUM:
          d.slot_level[st->u.enum_.slot] = 0;
          for (guint j = 0; j < st->u.enum_.n; j++)
            d.slot_level[st->u.enum_.tag_slots[j]] = 0;
          l = 0;
          break;
        case ACY_CAT_S_PROCEDURE:
          /* Calls run the body afresh; the statement itself is cheap. */
          d.slot_level[st->u.proc.slot] = ACY_CAT_LEVEL_NOCACHE;
          l = ACY_CAT_LEVEL_NOCACHE;
          break;
        case ACY_CAT_S_FORALL:
          d.slot_level[st->u.forall.slot] = ACY_CAT_LEVEL_NOCACHE;
          mark_nocache (&d, &st->u.forall.body);
          break;
        default:
          break;
        }
      model->stmt_level[i] = l;
      if (l != 0)
        switch (st->kind)
          {
          case ACY_CAT_S_LET:
            for (guint j = 0; j < st->u.let.n; j++)
              mark_memos (&d, st->u.let.b[j].e, l, TRUE);
            break;
          case ACY_CAT_S_CHECK:
            mark_memos (&d, st->u.check.e, l, TRUE);
            break;
          case ACY_CAT_S_WITH:
            mark_memos (&d, st->u.with.e, l, TRUE);
            break;
          case ACY_CAT_S_CALL:
            mark_memos (&d, st->u.call.arg, l, TRUE);
            break;
          default:
            break;
          }
    }
  model->n_withs = n_withs;
  model->n_levels = 2 + n_withs;
  model->slot_level = d.slot_level;
  return TRUE;
}
