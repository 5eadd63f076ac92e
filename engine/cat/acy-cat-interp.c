/* acy-cat-interp.c - evaluate a resolved cat model on one candidate
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every value lives in the runner's arena, reset per candidate. A
 * `with x from S` statement runs the rest of the top-level statement list
 * once per element of S, releasing what each branch allocated.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-cat-eval.h"
#include "acy-resources.h"


/* a op b as one of them stands, when one side is empty and both are
 * sets of events (@kind ACY_CAT_V_SET) or both relations (or empty): no
 * new value, as values never change once made. Models are full of empty
 * terms (RCU, SRCU and lock relations in a test that has none). NULL
 * when the result needs computing. */
static AcyCatValue *
set_op_as_is (AcyCatValueKind kind, gsize words, AcyCatBinOp op, AcyCatValue *a, AcyCatValue *b)
{
  gboolean ea, eb;

  if ((a->kind != kind && a->kind != ACY_CAT_V_EMPTY)
      || (b->kind != kind && b->kind != ACY_CAT_V_EMPTY))
    return NULL;
  ea = a->kind == ACY_CAT_V_EMPTY || acy_bits_is_empty ((guint) words, a->u.bits);
  eb = b->kind == ACY_CAT_V_EMPTY || acy_bits_is_empty ((guint) words, b->u.bits);
  switch (op)
    {
    case ACY_CAT_OP_UNION:
      return eb && a->kind == kind ? a : ea && b->kind == kind ? b : NULL;
    case ACY_CAT_OP_INTER:
      return ea && a->kind == kind ? a : eb && b->kind == kind ? b : NULL;
    case ACY_CAT_OP_DIFF:
      return (ea || eb) && a->kind == kind ? a : NULL;
    default:
      return NULL;
    }
}

/* Union, intersection and difference, on whatever kind both sides are. */
static AcyCatValue *
set_op (AcyCatEval *ev, const AcyCatExpr *e, AcyCatBinOp op, AcyCatValue *a, AcyCatValue *b)
{
  AcyCatClass ca, cb;
  AcyCatValue *r;

  /* Two relations, most of what models combine: what the general path
   * below does for them, without its type dispatch. */
  if (a->kind == ACY_CAT_V_REL && b->kind == ACY_CAT_V_REL)
    {
      guint words = (guint) ev->rel_words;

      switch (op)
        {
        case ACY_CAT_OP_UNION:
          if (acy_bits_is_empty (words, b->u.bits))
            return a;
          if (acy_bits_is_empty (words, a->u.bits))
            return b;
          r = acy_cat_new_rel_raw (ev);
          acy_bits_union (words, r->u.bits, a->u.bits, b->u.bits);
          return r;
        case ACY_CAT_OP_INTER:
          if (acy_bits_is_empty (words, a->u.bits))
            return a;
          if (acy_bits_is_empty (words, b->u.bits))
            return b;
          r = acy_cat_new_rel_raw (ev);
          acy_bits_inter (words, r->u.bits, a->u.bits, b->u.bits);
          return r;
        default:
          if (acy_bits_is_empty (words, a->u.bits) || acy_bits_is_empty (words, b->u.bits))
            return a;
          r = acy_cat_new_rel_raw (ev);
          acy_bits_diff (words, r->u.bits, a->u.bits, b->u.bits);
          return r;
        }
    }
  ca = acy_cat_classify (a);
  cb = acy_cat_classify (b);

  if (ca == CLS_OTHER || cb == CLS_OTHER)
    {
      acy_cat_type_error (ev, e, "a set or a relation", ca == CLS_OTHER ? a : b);
      return NULL;
    }
  if (ca == CLS_POLY && cb == CLS_POLY)
    {
      gboolean ua = a->kind == ACY_CAT_V_UNIV, ub = b->kind == ACY_CAT_V_UNIV, u;
      u = op == ACY_CAT_OP_UNION ? (ua || ub) : op == ACY_CAT_OP_INTER ? (ua && ub) : (ua && !ub);
      return acy_cat_value_new (ev, u ? ACY_CAT_V_UNIV : ACY_CAT_V_EMPTY);
    }
  /* {} & s and {} \ s stay {}, of any type, as in herd7 (po | ({} & W)
   * is no error) */
  if (op == ACY_CAT_OP_INTER && (a->kind == ACY_CAT_V_EMPTY || b->kind == ACY_CAT_V_EMPTY))
    return a->kind == ACY_CAT_V_EMPTY ? a : b;
  if (op == ACY_CAT_OP_DIFF && a->kind == ACY_CAT_V_EMPTY)
    return a;
  if (ca == CLS_REL || cb == CLS_REL)
    {
      AcyWord *x, *y;

      if ((r = set_op_as_is (ACY_CAT_V_REL, ev->rel_words, op, a, b)))
        return r;
      if (!(x = acy_cat_to_rel (ev, e, a)) || !(y = acy_cat_to_rel (ev, e, b)))
        return NULL;
      r = acy_cat_new_rel_raw (ev);
      if (op == ACY_CAT_OP_UNION)
        acy_bits_union ((guint) ev->rel_words, r->u.bits, x, y);
      else if (op == ACY_CAT_OP_INTER)
        acy_bits_inter ((guint) ev->rel_words, r->u.bits, x, y);
      else
        acy_bits_diff ((guint) ev->rel_words, r->u.bits, x, y);
      return r;
    }
  if (ca == CLS_SET || cb == CLS_SET)
    {
      AcyWord *x, *y;

      if ((r = set_op_as_is (ACY_CAT_V_SET, ev->words, op, a, b)))
        return r;
      if (!(x = acy_cat_to_set (ev, e, a)) || !(y = acy_cat_to_set (ev, e, b)))
        return NULL;
      r = acy_cat_new_set_raw (ev);
      if (op == ACY_CAT_OP_UNION)
        acy_bits_union (ev->words, r->u.bits, x, y);
      else if (op == ACY_CAT_OP_INTER)
        acy_bits_inter (ev->words, r->u.bits, x, y);
      else
        acy_bits_diff (ev->words, r->u.bits, x, y);
      return r;
    }
  /* sets of values; EMPTY acts as {} */
  if (a->kind == ACY_CAT_V_UNIV || b->kind == ACY_CAT_V_UNIV)
    {
      acy_cat_type_error (ev, e, "a set of values", a->kind == ACY_CAT_V_UNIV ? a : b);
      return NULL;
    }
  {
    guint na = a->kind == ACY_CAT_V_VSET ? a->n : 0;
    guint nb = b->kind == ACY_CAT_V_VSET ? b->n : 0;
    r = acy_cat_vset_new (ev, na + nb);
    if (op == ACY_CAT_OP_UNION)
      {
        for (guint i = 0; i < na; i++)
          r->u.items[r->n++] = a->u.items[i];
        for (guint i = 0; i < nb; i++)
          if (!na || !acy_cat_vset_contains (ev, a, b->u.items[i]))
            r->u.items[r->n++] = b->u.items[i];
      }
    else
      for (guint i = 0; i < na; i++)
        {
          gboolean in_b = nb && acy_cat_vset_contains (ev, b, a->u.items[i]);
          if (in_b == (op == ACY_CAT_OP_INTER))
            r->u.items[r->n++] = a->u.items[i];
        }
    return r;
  }
}

/* e ++ s */
static AcyCatValue *
add_op (AcyCatEval *ev, const AcyCatExpr *e, AcyCatValue *elt, AcyCatValue *set)
{
  AcyCatValue *r;

  /* as herd7: what is added to events is an event, to a relation a
   * pair ("this expression of type 'rel' should be a pair") */
  if ((set->kind == ACY_CAT_V_SET && elt->kind != ACY_CAT_V_EVENT)
      || (set->kind == ACY_CAT_V_REL && elt->kind != ACY_CAT_V_PAIR))
    {
      acy_cat_type_error (ev, e->u.bin.a, set->kind == ACY_CAT_V_REL ? "a pair" : "an event", elt);
      return NULL;
    }
  if (set->kind == ACY_CAT_V_VSET
      || (set->kind == ACY_CAT_V_EMPTY && elt->kind != ACY_CAT_V_EVENT && elt->kind != ACY_CAT_V_PAIR))
    return acy_cat_vset_add (ev, set, elt);
  if ((set->kind == ACY_CAT_V_SET || set->kind == ACY_CAT_V_EMPTY) && elt->kind == ACY_CAT_V_EVENT)
    {
      r = acy_cat_new_set (ev);
      if (set->kind == ACY_CAT_V_SET)
        acy_bits_copy (ev->words, r->u.bits, set->u.bits);
      acy_bits_add (r->u.bits, elt->u.ev);
      return r;
    }
  if ((set->kind == ACY_CAT_V_REL || set->kind == ACY_CAT_V_EMPTY) && elt->kind == ACY_CAT_V_PAIR)
    {
      AcyWord *x = acy_cat_to_rel (ev, e, elt);
      AcyWord *y = acy_cat_to_rel (ev, e, set);
      r = acy_cat_new_rel (ev);
      acy_bits_union ((guint) ev->rel_words, r->u.bits, x, y);
      return r;
    }
  acy_cat_type_error (ev, e, "a set", set);
  return NULL;
}

/* The value of a sequence that came out as @r: {}, of no type, when it
 * is empty, as herd7 makes it ((po ; po) & W is no error where po ; po
 * is empty). */
static AcyCatValue *
sequence_value (AcyCatEval *ev, AcyCatValue *r)
{
  return acy_bits_is_empty ((guint) ev->rel_words, r->u.bits) ? acy_cat_value_new (ev, ACY_CAT_V_EMPTY) : r;
}

AcyCatValue *
acy_cat_binop (AcyCatEval *ev, const AcyCatExpr *e, AcyCatValue *a, AcyCatValue *b)
{
  AcyCatValue *r;
  AcyWord *x, *y;

  if (G_UNLIKELY (a->kind == ACY_CAT_V_STREAM || b->kind == ACY_CAT_V_STREAM))
    if (!(a = acy_cat_force (ev, e, a)) || !(b = acy_cat_force (ev, e, b)))
      return NULL;
  switch (e->u.bin.op)
    {
    case ACY_CAT_OP_UNION:
    case ACY_CAT_OP_INTER:
    case ACY_CAT_OP_DIFF:
      return set_op (ev, e, e->u.bin.op, a, b);
    case ACY_CAT_OP_ADD:
      return add_op (ev, e, a, b);
    case ACY_CAT_OP_SEQ:
      if (a->kind == ACY_CAT_V_EMPTY || b->kind == ACY_CAT_V_EMPTY)
        {
          if (acy_cat_classify (a) != CLS_REL && acy_cat_classify (a) != CLS_POLY)
            return acy_cat_type_error (ev, e, "a relation", a), NULL;
          if (acy_cat_classify (b) != CLS_REL && acy_cat_classify (b) != CLS_POLY)
            return acy_cat_type_error (ev, e, "a relation", b), NULL;
          return acy_cat_value_new (ev, ACY_CAT_V_EMPTY);
        }
      /* empty whatever the other side (sequence_value()) */
      if (a->kind == ACY_CAT_V_REL && b->kind == ACY_CAT_V_REL
          && (acy_bits_is_empty ((guint) ev->rel_words, a->u.bits)
              || acy_bits_is_empty ((guint) ev->rel_words, b->u.bits)))
        return acy_cat_value_new (ev, ACY_CAT_V_EMPTY);
      if (!(x = acy_cat_to_rel (ev, e, a)) || !(y = acy_cat_to_rel (ev, e, b)))
        return NULL;
      r = acy_cat_new_rel_raw (ev);
      acy_rel_compose (ev->n, r->u.bits, x, y);
      return sequence_value (ev, r);
    case ACY_CAT_OP_CART:
      if (!(x = acy_cat_to_set (ev, e, a)) || !(y = acy_cat_to_set (ev, e, b)))
        return NULL;
      r = acy_cat_new_rel_raw (ev);
      acy_rel_cartesian (ev->n, r->u.bits, x, y);
      return r;
    }
  g_assert_not_reached ();
}

AcyCatValue *
acy_cat_unop (AcyCatEval *ev, const AcyCatExpr *e, AcyCatValue *a)
{
  AcyCatValue *r;
  AcyWord *x;

  if (!(a = acy_cat_force (ev, e, a)))
    return NULL;
  if (e->u.un.op == ACY_CAT_OP_COMP)
    {
      switch (acy_cat_classify (a))
        {
        case CLS_POLY:
          return acy_cat_value_new (ev, a->kind == ACY_CAT_V_EMPTY ? ACY_CAT_V_UNIV : ACY_CAT_V_EMPTY);
        case CLS_SET:
          x = acy_cat_to_set (ev, e, a);
          r = acy_cat_new_set_raw (ev);
          acy_bits_complement (ev->n, r->u.bits, x);
          return r;
        case CLS_REL:
          x = acy_cat_to_rel (ev, e, a);
          r = acy_cat_new_rel_raw (ev);
          for (guint i = 0; i < ev->n; i++)
            acy_bits_complement (ev->n, acy_rel_row (r->u.bits, ev->n, i), acy_rel_row (x, ev->n, i));
          return r;
        default:
          acy_cat_type_error (ev, e, "a set or a relation", a);
          return NULL;
        }
    }
  if (e->u.un.op == ACY_CAT_OP_TOID)
    {
      if (!(x = acy_cat_to_set (ev, e, a)))
        return NULL;
      r = acy_cat_new_rel_raw (ev);
      acy_rel_identity (ev->n, r->u.bits, x);
      return r;
    }
  if (a->kind == ACY_CAT_V_EMPTY && (e->u.un.op == ACY_CAT_OP_PLUS || e->u.un.op == ACY_CAT_OP_INV))
    return a;
  /* values never change once made: a transitive one is its own r+ */
  if (a->kind == ACY_CAT_V_REL && a->closed && e->u.un.op == ACY_CAT_OP_PLUS)
    return a;
  if (!(x = acy_cat_to_rel (ev, e, a)))
    return NULL;
  r = acy_cat_new_rel_raw (ev);
  switch (e->u.un.op)
    {
    case ACY_CAT_OP_STAR:
      acy_bits_copy ((guint) ev->rel_words, r->u.bits, x);
      acy_rel_closure_refl (ev->n, r->u.bits);
      r->closed = TRUE;
      break;
    case ACY_CAT_OP_PLUS:
      acy_bits_copy ((guint) ev->rel_words, r->u.bits, x);
      acy_rel_closure (ev->n, r->u.bits);
      r->closed = TRUE;
      break;
    case ACY_CAT_OP_OPT:
      acy_bits_copy ((guint) ev->rel_words, r->u.bits, x);
      for (guint i = 0; i < ev->n; i++)
        acy_rel_add (r->u.bits, ev->n, i, i);
      break;
    case ACY_CAT_OP_INV:
      acy_rel_transpose (ev->n, r->u.bits, x);
      break;
    default:
      g_assert_not_reached ();
    }
  return r;
}

AcyCatFrame *
acy_cat_frame_new (AcyCatEval *ev, AcyCatFrame *parent, guint n_slots)
{
  AcyCatFrame *f = acy_arena_alloc0 (ev->arena, sizeof (AcyCatFrame) + n_slots * sizeof (gpointer));
  f->parent = parent;
  return f;
}

gboolean
acy_cat_bind_pattern (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatPat *pat,
              AcyCatValue *v, const AcyCatExpr *at)
{
  if (!pat->tuple)
    {
      if (pat->n == 1 && pat->names[0])
        fr->slots[pat->slots[0]] = v;
      return TRUE;
    }
  if (pat->n == 2 && v->kind == ACY_CAT_V_PAIR)
    {
      AcyCatValue *a = acy_cat_value_new (ev, ACY_CAT_V_EVENT);
      AcyCatValue *b = acy_cat_value_new (ev, ACY_CAT_V_EVENT);
      a->u.ev = v->u.pair.a;
      b->u.ev = v->u.pair.b;
      if (pat->names[0])
        fr->slots[pat->slots[0]] = a;
      if (pat->names[1])
        fr->slots[pat->slots[1]] = b;
      return TRUE;
    }
  if (v->kind != ACY_CAT_V_TUPLE || v->n != pat->n)
    {
      if (!(ev->error && *ev->error))
        acy_set_error_at (ev->error, ACY_ERROR_TYPE, at->loc,
                          "%s where a tuple of %u values is expected near '%s'",
                          acy_cat_value_kind_name (v), pat->n, at->near);
      return FALSE;
    }
  for (guint i = 0; i < pat->n; i++)
    if (pat->names[i])
      fr->slots[pat->slots[i]] = v->u.items[i];
  return TRUE;
}

static AcyCatValue *
apply (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *f, AcyCatValue *arg)
{
  if (f->kind == ACY_CAT_V_PRIM)
    return (arg = acy_cat_force (ev, at, arg)) ? f->u.prim (ev, at, arg) : NULL;
  if (f->kind == ACY_CAT_V_CLOSURE)
    {
      const AcyCatExpr *fun = f->u.clo.fun;
      AcyCatFrame *fr = acy_cat_frame_new (ev, f->u.clo.env, fun->u.fun.n_slots);
      if (!acy_cat_bind_pattern (ev, fr, &fun->u.fun.pat, arg, at))
        return NULL;
      return acy_cat_eval (ev, fr, fun->u.fun.body);
    }
  acy_cat_type_error (ev, at, "a function", f);
  return NULL;
}

static AcyCatValue *
make_closure (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatExpr *fun)
{
  AcyCatValue *v = acy_cat_value_new (ev, ACY_CAT_V_CLOSURE);
  v->u.clo.fun = fun;
  v->u.clo.env = fr;
  return v;
}

/* let rec: functions are bound to closures over the frame; the other
 * bindings are iterated from empty until no value changes. Within a
 * round the equations are evaluated in order, each seeing the values
 * the ones before it just got, as herd does: for a non-monotone
 * definition such as the kernel bell's rcu-rscs (matched = matched |
 * (unmatched-locks-to-unlocks \ ...)) evaluating every equation on the
 * previous round's values instead lets a wrong pair into the result
 * before it can be excluded, and it stays there. */
gboolean
acy_cat_bind_rec (AcyCatEval *ev, AcyCatFrame *fr, guint n, const AcyCatBinding *b, const AcyCatExpr *at)
{
  gboolean any_value = FALSE;

  for (guint i = 0; i < n; i++)
    {
      if (b[i].e->kind == ACY_CAT_E_FUN)
        acy_cat_bind_pattern (ev, fr, &b[i].pat, make_closure (ev, fr, b[i].e), at);
      else
        {
          any_value = TRUE;
          for (guint j = 0; j < b[i].pat.n; j++)
            fr->slots[b[i].pat.slots[j]] = acy_cat_value_new (ev, ACY_CAT_V_EMPTY);
        }
    }
  if (!any_value)
    return TRUE;

  for (guint round = 0;; round++)
    {
      gboolean changed = FALSE;

      if (acy_cat_halted (ev, b[0].loc, b[0].pat.names[0] ? b[0].pat.names[0] : "("))
        return FALSE;
      if (round >= ACY_CAT_MAX_FIXPOINT_ROUNDS)
        {
          acy_set_error_at (ev->error, ACY_ERROR_LIMIT, b[0].loc,
                            "recursive definition did not reach a fixpoint after %u rounds near '%s'",
                            round, b[0].pat.names[0] ? b[0].pat.names[0] : "(");
          return FALSE;
        }
      for (guint i = 0; i < n; i++)
        if (b[i].e->kind != ACY_CAT_E_FUN)
          {
            AcyCatValue *old = b[i].pat.names[0] ? fr->slots[b[i].pat.slots[0]] : NULL;
            AcyCatValue *next = acy_cat_eval (ev, fr, b[i].e);

            /* A stream is compared as the set it stands for. */
            if (!next || !(next = acy_cat_force (ev, b[i].e, next)))
              return FALSE;
            if (b[i].pat.tuple || !old || !acy_cat_value_equal (ev, old, next))
              changed = TRUE;
            if (!acy_cat_bind_pattern (ev, fr, &b[i].pat, next, b[i].e))
              return FALSE;
          }
      if (!changed)
        return TRUE;
    }
}

static gboolean __attribute__ ((noinline))
bind_let_many (AcyCatEval *ev, AcyCatFrame *fr, guint n, const AcyCatBinding *b)
{
  AcyCatValue **vals = g_newa (AcyCatValue *, n);

  for (guint i = 0; i < n; i++)
    if (!(vals[i] = acy_cat_eval (ev, fr, b[i].e)))
      return FALSE;
  for (guint i = 0; i < n; i++)
    if (!acy_cat_bind_pattern (ev, fr, &b[i].pat, vals[i], b[i].e))
      return FALSE;
  return TRUE;
}

gboolean
acy_cat_bind_let (AcyCatEval *ev, AcyCatFrame *fr, guint n, const AcyCatBinding *b)
{
  AcyCatValue *v;

  if (n != 1)
    return bind_let_many (ev, fr, n, b);
  if (!(v = acy_cat_eval (ev, fr, b[0].e)))
    return FALSE;
  if (!b[0].pat.tuple)
    {
      if (b[0].pat.n == 1 && b[0].pat.names[0])
        fr->slots[b[0].pat.slots[0]] = v;
      return TRUE;
    }
  return acy_cat_bind_pattern (ev, fr, &b[0].pat, v, b[0].e);
}

static gboolean
value_subset (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *a, AcyCatValue *b, gboolean *out)
{
  AcyCatValue *d;

  if (!(a = acy_cat_force (ev, at, a)) || !(b = acy_cat_force (ev, at, b)))
    return FALSE;
  d = set_op (ev, at, ACY_CAT_OP_DIFF, a, b);
  if (!d)
    return FALSE;
  *out = acy_cat_is_empty_value (ev, d);
  return TRUE;
}

/* The branch of an if to evaluate next, or NULL on an error. */
static const AcyCatExpr *
eval_if (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatExpr *e)
{
  gboolean cond = FALSE;
  AcyCatValue *a, *b;

  if (e->u.if_.cond == ACY_CAT_COND_VARIANT)
    cond = acy_cat_variant_cond_holds (e->u.if_.vcond, ev->model->variants);
  else
    {
      if (!(a = acy_cat_eval (ev, fr, e->u.if_.a)) || !(b = acy_cat_eval (ev, fr, e->u.if_.b))
          || !(a = acy_cat_force (ev, e, a)) || !(b = acy_cat_force (ev, e, b)))
        return NULL;
      switch (e->u.if_.cond)
        {
        case ACY_CAT_COND_EQ:
          cond = acy_cat_value_equal (ev, a, b);
          break;
        case ACY_CAT_COND_SUBSET:
          if (!value_subset (ev, e, a, b, &cond))
            return NULL;
          break;
        case ACY_CAT_COND_IN:
          if (b->kind == ACY_CAT_V_VSET)
            cond = acy_cat_vset_contains (ev, b, a);
          else if (a->kind == ACY_CAT_V_EVENT && b->kind == ACY_CAT_V_SET)
            cond = acy_bits_has (b->u.bits, a->u.ev);
          else if (a->kind == ACY_CAT_V_PAIR && b->kind == ACY_CAT_V_REL)
            cond = acy_rel_has (b->u.bits, ev->n, a->u.pair.a, a->u.pair.b);
          else if (b->kind == ACY_CAT_V_EMPTY)
            cond = FALSE;
          else
            return acy_cat_type_error (ev, e, "a set", b), NULL;
          break;
        default:
          break;
        }
    }
  return cond ? e->u.if_.then_ : e->u.if_.else_;
}

/* Binds the element and the rest and returns the branch to evaluate
 * next, or NULL on an error. */
static const AcyCatExpr *
eval_match_set (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatExpr *e)
{
  AcyCatValue *v = acy_cat_eval (ev, fr, e->u.mset.e), *elt, *rest;

  if (!v || !(v = acy_cat_force (ev, e, v)))
    return NULL;
  if (acy_cat_is_empty_value (ev, v) && v->kind != ACY_CAT_V_UNIV)
    return e->u.mset.if_empty;
  switch (v->kind)
    {
    case ACY_CAT_V_VSET:
      elt = v->u.items[0];
      rest = acy_cat_value_new (ev, ACY_CAT_V_VSET);
      rest->n = v->n - 1;
      rest->u.items = v->u.items + 1;
      break;
    case ACY_CAT_V_SET:
      elt = acy_cat_value_new (ev, ACY_CAT_V_EVENT);
      elt->u.ev = acy_bits_next (v->u.bits, ev->n, 0);
      rest = acy_cat_new_set (ev);
      acy_bits_copy (ev->words, rest->u.bits, v->u.bits);
      acy_bits_remove (rest->u.bits, elt->u.ev);
      break;
    case ACY_CAT_V_REL:
      {
        guint i = 0, j = ev->n;
        for (i = 0; i < ev->n; i++)
          if ((j = acy_bits_next (acy_rel_row (v->u.bits, ev->n, i), ev->n, 0)) < ev->n)
            break;
        elt = acy_cat_value_new (ev, ACY_CAT_V_PAIR);
        elt->u.pair.a = i;
        elt->u.pair.b = j;
        rest = acy_cat_new_rel (ev);
        acy_bits_copy ((guint) ev->rel_words, rest->u.bits, v->u.bits);
        acy_bits_remove (acy_rel_row (rest->u.bits, ev->n, i), j);
        break;
      }
    default:
      acy_cat_type_error (ev, e, "a set", v);
      return NULL;
    }
  if (e->u.mset.elt)
    fr->slots[e->u.mset.elt_slot] = elt;
  if (e->u.mset.rest)
    fr->slots[e->u.mset.rest_slot] = rest;
  return e->u.mset.if_cons;
}

/* An empty set or relation on the left of `;`, `&`, `\\` or `*` makes
 * the result empty whatever the right is: the right is not evaluated
 * then. Models are full of such terms (RCU, SRCU and lock relations in a
 * test that has none), and the right side is often the costly one. The
 * result has the left side's kind (the relation `r ; _` would have is
 * empty anyway). NULL when the right side is needed. */
static AcyCatValue *
absorbed (AcyCatEval *ev, const AcyCatExpr *e, AcyCatValue *a)
{
  switch (e->u.bin.op)
    {
    case ACY_CAT_OP_SEQ:
    case ACY_CAT_OP_INTER:
    case ACY_CAT_OP_DIFF:
    case ACY_CAT_OP_CART:
      break;
    default:
      return NULL;
    }
  switch (a->kind)
    {
    case ACY_CAT_V_EMPTY:
      return e->u.bin.op == ACY_CAT_OP_CART ? acy_cat_new_rel (ev) : a;
    case ACY_CAT_V_REL:
      if (e->u.bin.op == ACY_CAT_OP_CART
          || !acy_bits_is_empty ((guint) ev->rel_words, a->u.bits))
        return NULL;
      /* herd7 does not look at the right side of ; either, and makes
       * the result {}, of no type: ((e ; W) \ W) is no error */
      return e->u.bin.op == ACY_CAT_OP_SEQ ? acy_cat_value_new (ev, ACY_CAT_V_EMPTY) : a;
    case ACY_CAT_V_SET:
      if (e->u.bin.op == ACY_CAT_OP_SEQ || !acy_bits_is_empty (ev->words, a->u.bits))
        return NULL;
      return e->u.bin.op == ACY_CAT_OP_CART ? acy_cat_new_rel (ev) : a;
    default:
      return NULL;
    }
}

/* The type error set_op() raises for a set beside a relation in @e
 * (a |, & or \\), placed at @e. */
static void
mixing_error (AcyCatEval *ev, const AcyCatExpr *e)
{
  AcyCatValue set = { .kind = ACY_CAT_V_SET };

  acy_cat_type_error (ev, e, "a relation", &set);
}

/* The value the name @e has now, without running a let (NULL: none). */
static AcyCatValue *
bound_value (AcyCatFrame *fr, const AcyCatExpr *e)
{
  for (guint d = 0; d < e->u.var.depth && fr; d++)
    fr = fr->parent;
  return fr ? fr->slots[e->u.var.slot] : NULL;
}

/* Whether the name @e has no value, or an empty one. */
static gboolean
name_empty (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatExpr *e)
{
  AcyCatValue *v = bound_value (fr, e);

  return v == NULL || acy_cat_is_empty_value (ev, v);
}

/* The class @e's value would have, from the names in it that have a
 * value, without evaluating anything: CLS_SET, CLS_REL, CLS_POLY for {}
 * (of no type, as herd7's: {} & s, {} \\ s and r ; s with r empty are
 * {} too), CLS_OTHER when not known (a sequence that runs: herd7 makes
 * an empty one {}). FALSE, with the error set_op()
 * would raise, when a |, & or \\ in it has a set on one side and a
 * relation on the other, or a sequence that runs has a set beside it. */
static gboolean
class_of (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatExpr *e, AcyCatClass *cls)
{
  AcyCatClass a, b;

  *cls = CLS_OTHER;
  switch (e->kind)
    {
    case ACY_CAT_E_EMPTY:
      *cls = e->near[0] == '0' ? CLS_REL : CLS_POLY;   /* as eval_inner() makes them */
      return TRUE;
    case ACY_CAT_E_VAR:
      {
        AcyCatValue *v = bound_value (fr, e);

        if (v)
          *cls = acy_cat_classify (v);
        return TRUE;
      }
    case ACY_CAT_E_BINOP:
      if (!class_of (ev, fr, e->u.bin.a, &a))
        return FALSE;
      /* a set before ; is an error in herd7, empty or not */
      if (e->u.bin.op == ACY_CAT_OP_SEQ && a == CLS_SET)
        {
          mixing_error (ev, e);
          return FALSE;
        }
      if (e->u.bin.op == ACY_CAT_OP_SEQ
          && (a == CLS_POLY || (e->u.bin.a->kind == ACY_CAT_E_VAR && name_empty (ev, fr, e->u.bin.a))))
        {
          *cls = CLS_POLY;   /* the right side is not looked at */
          return TRUE;
        }
      if (!class_of (ev, fr, e->u.bin.b, &b))
        return FALSE;
      switch (e->u.bin.op)
        {
        case ACY_CAT_OP_UNION:
        case ACY_CAT_OP_INTER:
        case ACY_CAT_OP_DIFF:
          if ((a == CLS_SET && b == CLS_REL) || (a == CLS_REL && b == CLS_SET))
            {
              mixing_error (ev, e);
              return FALSE;
            }
          if ((e->u.bin.op == ACY_CAT_OP_INTER && (a == CLS_POLY || b == CLS_POLY))
              || (e->u.bin.op == ACY_CAT_OP_DIFF && a == CLS_POLY))
            *cls = CLS_POLY;
          else
            *cls = a == CLS_SET || a == CLS_REL ? a : b == CLS_SET || b == CLS_REL ? b : CLS_OTHER;
          return TRUE;
        case ACY_CAT_OP_SEQ:
          /* it runs: a set on either side is an error; an empty result
           * is {} of no type in herd7, so what it makes is not known */
          if (a == CLS_SET || b == CLS_SET)
            {
              mixing_error (ev, e);
              return FALSE;
            }
          return TRUE;
        case ACY_CAT_OP_CART:
          *cls = CLS_REL;
          return TRUE;
        default:
          return TRUE;
        }
    case ACY_CAT_E_UNOP:
      if (!class_of (ev, fr, e->u.un.a, &a))
        return FALSE;
      *cls = e->u.un.op == ACY_CAT_OP_COMP ? (a == CLS_SET || a == CLS_REL ? a : CLS_OTHER) : CLS_REL;
      return TRUE;
    default:
      return TRUE;
    }
}

/* absorbed() leaves the right side of `r & s` or `r \\ s` unevaluated;
 * herd7 evaluates it (not that of `r ; s`), and refuses a set beside a
 * relation ("mixing sets and relations") there or between the sides. What
 * can be told of that side's class from the names in it that have a
 * value, without evaluating it, is checked, and the error raised as
 * set_op() would raise it (FALSE then). *@cb: that side's class, as
 * class_of() tells it. */
static gboolean
skipped_side_agrees (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatExpr *e, AcyCatValue *a,
                     AcyCatClass *cb_out)
{
  AcyCatClass ca = acy_cat_classify (a), cb = CLS_OTHER;

  *cb_out = CLS_OTHER;
  if (e->u.bin.op != ACY_CAT_OP_INTER && e->u.bin.op != ACY_CAT_OP_DIFF)
    return TRUE;
  if (!class_of (ev, fr, e->u.bin.b, &cb))
    return FALSE;
  *cb_out = cb;
  if ((ca == CLS_SET && cb == CLS_REL) || (ca == CLS_REL && cb == CLS_SET))
    {
      mixing_error (ev, e);
      return FALSE;
    }
  return TRUE;
}

/* Whether @e costs next to nothing to evaluate: a name, or a value
 * kept from a lower level. */
static gboolean
cheap (const AcyCatExpr *e)
{
  return e->kind == ACY_CAT_E_VAR || (e->memo && !e->memo_dynamic);
}

/* For r ; s and r & s whose right side is cheap and the left not, the
 * right side first (in *b): when empty, the left one is not needed (as
 * in absorbed()) and *b is the result (*absorbs). FALSE after an error. */
static gboolean
right_first (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatExpr *e, AcyCatValue **b,
             gboolean *absorbs)
{
  AcyCatBinOp op = e->u.bin.op;
  AcyCatValue *v;

  *b = NULL;
  *absorbs = FALSE;
  if ((op != ACY_CAT_OP_SEQ && op != ACY_CAT_OP_INTER)
      || !cheap (e->u.bin.b) || cheap (e->u.bin.a))
    return TRUE;
  if (!(v = *b = acy_cat_eval (ev, fr, e->u.bin.b)))
    return FALSE;
  switch (v->kind)
    {
    case ACY_CAT_V_EMPTY:
      *absorbs = TRUE;
      break;
    case ACY_CAT_V_REL:
      *absorbs = acy_bits_is_empty ((guint) ev->rel_words, v->u.bits);
      break;
    case ACY_CAT_V_SET:
      *absorbs = op == ACY_CAT_OP_INTER && acy_bits_is_empty (ev->words, v->u.bits);
      break;
    default:
      break;
    }
  return TRUE;
}

static gboolean
is_toid (const AcyCatExpr *e)
{
  return e->kind == ACY_CAT_E_UNOP && e->u.un.op == ACY_CAT_OP_TOID;
}

/* One operand of a sequence whose other operand may be [S]: for [S],
 * the set S (checked like [S] itself would be); otherwise the value. */
static gboolean
seq_operand (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatExpr *e,
             AcyCatValue **v, AcyWord **set)
{
  *set = NULL;
  if (is_toid (e))
    {
      if (!(*v = acy_cat_eval (ev, fr, e->u.un.a)))
        return FALSE;
      return (*set = acy_cat_to_set (ev, e, *v)) != NULL;
    }
  return (*v = acy_cat_eval (ev, fr, e)) != NULL && (*v = acy_cat_force (ev, e, *v)) != NULL;
}

/* [A] ; r, r ; [B] and [A] ; [B] filter rows and columns instead of
 * building the identity on A and composing with it: most sequences in
 * real models are of this shape. Same results and errors as the general
 * path. */
static AcyCatValue *
eval_seq_restrict (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatExpr *e)
{
  AcyCatValue *a, *b, *r;
  AcyWord *sa, *sb, *x;

  if (!seq_operand (ev, fr, e->u.bin.a, &a, &sa))
    return NULL;
  /* Nothing on the left: the right is not needed, and the result is {}
   * (see absorbed()). */
  if (sa ? acy_bits_is_empty (ev->words, sa)
         : a->kind == ACY_CAT_V_EMPTY
           || (a->kind == ACY_CAT_V_REL && acy_bits_is_empty ((guint) ev->rel_words, a->u.bits)))
    return acy_cat_value_new (ev, ACY_CAT_V_EMPTY);
  if (!seq_operand (ev, fr, e->u.bin.b, &b, &sb))
    return NULL;
  /* an empty relation on the right: the sequence is {} (see
   * acy_cat_binop()) */
  if (!sb && b->kind == ACY_CAT_V_REL && acy_bits_is_empty ((guint) ev->rel_words, b->u.bits))
    return acy_cat_value_new (ev, ACY_CAT_V_EMPTY);
  r = acy_cat_new_rel_raw (ev);
  if (sa && sb)
    {
      AcyWord *both = acy_cat_new_set_raw (ev)->u.bits;
      acy_bits_inter (ev->words, both, sa, sb);
      if (acy_bits_is_empty (ev->words, both))
        return acy_cat_value_new (ev, ACY_CAT_V_EMPTY);
      acy_rel_identity (ev->n, r->u.bits, both);
      return r;
    }
  if (!sa ? a->kind == ACY_CAT_V_EMPTY : b->kind == ACY_CAT_V_EMPTY)
    {
      AcyCatValue *other = sa ? b : a;
      if (acy_cat_classify (other) != CLS_REL && acy_cat_classify (other) != CLS_POLY)
        return acy_cat_type_error (ev, e, "a relation", other), NULL;
      return acy_cat_value_new (ev, ACY_CAT_V_EMPTY);
    }
  if (!(x = acy_cat_to_rel (ev, e, sa ? b : a)))
    return NULL;
  acy_rel_restrict (ev->n, r->u.bits, x, sa, sb);
  return sequence_value (ev, r);
}

/* { e1, ..., en }: a set of events, a relation, or a set of values.
 * Out of line: its scratch array would cost every other node a stack
 * protector. */
static AcyCatValue * __attribute__ ((noinline))
eval_set (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatExpr *e)
{
  AcyCatValue **items = g_newa (AcyCatValue *, e->u.list.n), *v;
  gboolean events = TRUE, pairs = TRUE;

  for (guint i = 0; i < e->u.list.n; i++)
    {
      if (!(items[i] = acy_cat_eval (ev, fr, e->u.list.items[i]))
          || !(items[i] = acy_cat_force (ev, e->u.list.items[i], items[i])))
        return NULL;
      events = events && items[i]->kind == ACY_CAT_V_EVENT;
      pairs = pairs && items[i]->kind == ACY_CAT_V_PAIR;
    }
  if (events || pairs)
    {
      v = events ? acy_cat_new_set (ev) : acy_cat_new_rel (ev);
      for (guint i = 0; i < e->u.list.n; i++)
        if (events)
          acy_bits_add (v->u.bits, items[i]->u.ev);
        else
          acy_rel_add (v->u.bits, ev->n, items[i]->u.pair.a, items[i]->u.pair.b);
      return v;
    }
  v = acy_cat_value_new (ev, ACY_CAT_V_EMPTY);
  for (guint i = e->u.list.n; i-- > 0;)
    v = acy_cat_vset_add (ev, v, items[i]);
  return v;
}

/* Tail positions (a let body, a chosen branch, the body of an applied
 * function) loop here instead of recursing, so that a function recursing
 * in tail position over a long set (cross.cat's `each` over thousands
 * of coherence orders) does not hit the depth limit. Such loops are
 * capped separately. */
#define TAIL(next_fr, next_e)                                   \
  G_STMT_START {                                                \
    fr = (next_fr);                                             \
    e = (next_e);                                               \
    if (e->memo)                                                \
      return acy_cat_eval (ev, fr, e);                          \
    if (++tail > ACY_CAT_MAX_TAIL_CALLS)                        \
      goto too_long;                                            \
    if (tail % ACY_CAT_EVALS_PER_LOOK == 0                      \
        && acy_cat_halted (ev, e->loc, e->near))                \
      return NULL;                                              \
    goto again;                                                 \
  } G_STMT_END

static AcyCatValue *
eval_inner (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatExpr *e)
{
  AcyCatValue *a, *b, *v;
  const AcyCatExpr *next;
  guint tail = 0;

again:
  switch (e->kind)
    {
    case ACY_CAT_E_EMPTY:
      /* herd7's 0 is the empty relation ({} is empty of any type): it
       * is no event set (0 | W) and no set of values (forall e in 0) */
      if (e->near[0] == '0')
        return acy_cat_new_rel (ev);
      return acy_cat_value_new (ev, ACY_CAT_V_EMPTY);
    case ACY_CAT_E_UNIV:
      return acy_cat_value_new (ev, ACY_CAT_V_UNIV);
    case ACY_CAT_E_VAR:
      {
        AcyCatFrame *f = fr;
        for (guint d = 0; d < e->u.var.depth; d++)
          f = f->parent;
        v = f->slots[e->u.var.slot];
        /* The one call up, into exec (see acy-cat-eval.h): with pruning
         * on, the top-level let binding this name runs when it is first
         * read, and only exec knows how to run a top-level statement. */
        if (!v && f == ev->root)
          v = acy_cat_force_slot (ev, e->u.var.slot);
        if (v && f == ev->root)
          ev->read_level = MAX (ev->read_level, ev->cache->slot_eff[e->u.var.slot]);
        if (!v && !(ev->error && *ev->error))
          acy_set_error_at (ev->error, ACY_ERROR_UNKNOWN_NAME, e->loc,
                            "name used before it has a value near '%s'", e->u.var.name);
        return v;
      }
    case ACY_CAT_E_UNBOUND:
      acy_set_error_at (ev->error, ACY_ERROR_UNKNOWN_NAME, e->loc,
                        "unknown name near '%s'", e->u.str);
      return NULL;
    case ACY_CAT_E_TAG:
      v = acy_cat_value_new (ev, ACY_CAT_V_TAG);
      v->u.str = e->u.str;
      return v;
    case ACY_CAT_E_STRING:
      v = acy_cat_value_new (ev, ACY_CAT_V_STRING);
      v->u.str = e->u.str;
      return v;
    case ACY_CAT_E_SET:
      return eval_set (ev, fr, e);
    case ACY_CAT_E_TUPLE:
      v = acy_cat_value_new (ev, ACY_CAT_V_TUPLE);
      v->n = e->u.list.n;
      v->u.items = acy_arena_newv (ev->arena, AcyCatValue *, MAX (v->n, 1));
      for (guint i = 0; i < v->n; i++)
        if (!(v->u.items[i] = acy_cat_eval (ev, fr, e->u.list.items[i])))
          return NULL;
      return v;
    case ACY_CAT_E_BINOP:
      if (e->u.bin.op == ACY_CAT_OP_SEQ
          && (is_toid (e->u.bin.a) || is_toid (e->u.bin.b)))
        return eval_seq_restrict (ev, fr, e);
      {
        gboolean absorbs;

        if (!right_first (ev, fr, e, &b, &absorbs))
          return NULL;
        if (absorbs)
          return b;
      }
      if (!(a = acy_cat_eval (ev, fr, e->u.bin.a)))
        return NULL;
      if (b == NULL && (v = absorbed (ev, e, a)))
        {
          AcyCatClass cb;

          if (!skipped_side_agrees (ev, fr, e, a, &cb))
            return NULL;
          /* r & {} is {}, of no type (set_op()) */
          if (e->u.bin.op == ACY_CAT_OP_INTER && cb == CLS_POLY)
            return acy_cat_value_new (ev, ACY_CAT_V_EMPTY);
          return v;
        }
      if (b == NULL && !(b = acy_cat_eval (ev, fr, e->u.bin.b)))
        return NULL;
      return acy_cat_binop (ev, e, a, b);
    case ACY_CAT_E_UNOP:
      if (!(a = acy_cat_eval (ev, fr, e->u.un.a)))
        return NULL;
      return acy_cat_unop (ev, e, a);
    case ACY_CAT_E_APP:
      if (!(a = acy_cat_eval (ev, fr, e->u.app.f)) || !(b = acy_cat_eval (ev, fr, e->u.app.arg)))
        return NULL;
      if (a->kind == ACY_CAT_V_CLOSURE)
        {
          const AcyCatExpr *fun = a->u.clo.fun;
          AcyCatFrame *inner = acy_cat_frame_new (ev, a->u.clo.env, fun->u.fun.n_slots);
          if (!acy_cat_bind_pattern (ev, inner, &fun->u.fun.pat, b, e))
            return NULL;
          TAIL (inner, fun->u.fun.body);
        }
      return apply (ev, e, a, b);
    case ACY_CAT_E_FUN:
      return make_closure (ev, fr, e);
    case ACY_CAT_E_LET:
      if (!acy_cat_bind_let (ev, fr, e->u.let.n, e->u.let.b))
        return NULL;
      TAIL (fr, e->u.let.body);
    case ACY_CAT_E_LETREC:
      if (!acy_cat_bind_rec (ev, fr, e->u.let.n, e->u.let.b, e))
        return NULL;
      TAIL (fr, e->u.let.body);
    case ACY_CAT_E_MATCH_SET:
      if (!(next = eval_match_set (ev, fr, e)))
        return NULL;
      TAIL (fr, next);
    case ACY_CAT_E_MATCH_TAG:
      if (!(a = acy_cat_eval (ev, fr, e->u.mtag.e)))
        return NULL;
      if (a->kind != ACY_CAT_V_TAG)
        return acy_cat_type_error (ev, e, "a tag", a), NULL;
      for (guint i = 0; i < e->u.mtag.n; i++)
        if (g_str_equal (e->u.mtag.tags[i], a->u.str))
          TAIL (fr, e->u.mtag.cases[i]);
      if (e->u.mtag.dflt)
        TAIL (fr, e->u.mtag.dflt);
      acy_set_error_at (ev->error, ACY_ERROR_TYPE, e->loc,
                        "no case matches tag '%s' near 'match'", a->u.str);
      return NULL;
    case ACY_CAT_E_TRY:
      {
        AcyArenaMark mark = acy_arena_mark (ev->arena);
        const AcyCatExpr *call_site = ev->call_site;

        v = acy_cat_eval (ev, fr, e->u.try_.e);
        if (v)
          return v;
        /* herd7 falls back on any error of evaluation: an unknown
         * name or a type error, not a limit or a cancel */
        if (!g_error_matches (*ev->error, ACY_ERROR, ACY_ERROR_UNKNOWN_NAME)
            && !g_error_matches (*ev->error, ACY_ERROR, ACY_ERROR_TYPE))
          return NULL;
        g_clear_error (ev->error);
        ev->call_site = call_site;
        acy_arena_release (ev->arena, mark);
        return acy_cat_eval (ev, fr, e->u.try_.fallback);
      }
    case ACY_CAT_E_IF:
      if (!(next = eval_if (ev, fr, e)))
        return NULL;
      TAIL (fr, next);
    }
  g_assert_not_reached ();

too_long:
  acy_set_error_at (ev->error, ACY_ERROR_LIMIT, e->loc,
                    "more than %u calls in a row (runaway recursion?) near '%s'",
                    ACY_CAT_MAX_TAIL_CALLS, e->near);
  return NULL;
}

#undef TAIL

AcyCatValue *
acy_cat_keep_at (AcyCatEval *ev, AcyCatValue *v, guint8 level)
{
  AcyArena *saved = ev->arena;
  AcyCatValue *copy;

  ev->arena = ev->cache->arenas[level];
  switch (v->kind)
    {
    case ACY_CAT_V_CLOSURE:
      if (v->u.clo.env != ev->root)
        {
          copy = NULL;   /* its frame may go with the arena it is in */
          break;
        }
      /* fall through */
    case ACY_CAT_V_EMPTY:
    case ACY_CAT_V_UNIV:
      copy = acy_cat_value_new (ev, v->kind);
      copy->u = v->u;
      break;
    case ACY_CAT_V_SET:
      copy = acy_cat_new_set_raw (ev);
      acy_bits_copy (ev->words, copy->u.bits, v->u.bits);
      break;
    case ACY_CAT_V_REL:
      copy = acy_cat_new_rel_raw (ev);
      acy_bits_copy ((guint) ev->rel_words, copy->u.bits, v->u.bits);
      copy->closed = v->closed;
      break;
    default:
      copy = NULL;
      break;
    }
  ev->arena = saved;
  return copy;
}

/* A subexpression that depends on less than its statement: reuse its
 * value while nothing at or below its level changed, and keep it in the
 * arena of that level. A dynamic memo (acy-cat-deps.c) learns the level
 * from the run, as settle_let() does for a top-level let: the highest
 * level of the names its evaluation read. Below its statement's level,
 * the value is kept there; otherwise it is not kept. */
static AcyCatValue *
eval_memo (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatExpr *e)
{
  AcyCatCache *c = ev->cache;
  AcyCatExprMemo *m = &c->expr_memo[e->memo - 1];
  AcyArena *saved = ev->arena;
  AcyCatValue *v;

  if (acy_cat_expr_memo_kept (c, m))
    {
      ev->read_level = MAX (ev->read_level, m->level);
      return m->value;
    }
  if (e->memo_dynamic)
    {
      guint8 outer = ev->read_level, read;

      ev->read_level = ACY_CAT_LEVEL_STRUCTURE;
      v = eval_inner (ev, fr, e);
      read = ev->read_level;
      ev->read_level = MAX (outer, read);
      if (v && read < e->memo_level && (m->value = acy_cat_keep_at (ev, v, read)))
        {
          m->level = read;
          m->stamp = ++c->tick;
        }
      return v;
    }
  ev->arena = c->arenas[e->memo_level];
  v = eval_inner (ev, fr, e);
  ev->arena = saved;
  if (v)
    {
      m->value = v;
      m->level = e->memo_level;
      m->stamp = ++c->tick;
    }
  return v;
}

gboolean
acy_cat_halted (AcyCatEval *ev, AcyLoc loc, const char *near)
{
  AcyCatCache *c = ev->cache;
  gint64 now;

  if (g_cancellable_is_cancelled (c->cancellable))
    {
      if (!*ev->error)
        g_set_error_literal (ev->error, ACY_ERROR, ACY_ERROR_CANCELLED, "the check was cancelled");
      return TRUE;
    }
  if (c->deadline == 0 && c->max_memory == 0)
    return FALSE;
  now = g_get_monotonic_time ();
  if (c->deadline > 0 && now >= c->deadline)
    {
      if (!*ev->error)
        acy_set_error_at (ev->error, ACY_ERROR_LIMIT, loc, "out of time near '%s'", near);
      return TRUE;
    }
  /* the memory in use costs tens of microseconds to read: every 20 ms
   * at most (one call in 64 was 5% of tests with millions of coherence
   * orders) */
  if (c->max_memory > 0 && now >= c->next_memory_look)
    {
      guint64 used = acy_memory_in_use ();

      c->next_memory_look = now + 20 * 1000;
      if (used > c->max_memory)
        {
          g_autofree char *u = g_format_size_full (used, G_FORMAT_SIZE_IEC_UNITS);
          g_autofree char *m = g_format_size_full (c->max_memory, G_FORMAT_SIZE_IEC_UNITS);

          if (!*ev->error)
            acy_set_error_at (ev->error, ACY_ERROR_LIMIT, loc,
                              "out of memory: %s in use, more than the %s allowed near '%s'",
                              u, m, near);
          return TRUE;
        }
    }
  return FALSE;
}

AcyCatValue *
acy_cat_eval (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatExpr *e)
{
  static __thread guint evals;

  AcyCatValue *v;

  /* Names are most of the nodes evaluated: look them up without the
   * depth check or a call. */
  if (e->kind == ACY_CAT_E_VAR && (e->u.var.depth == 0 || e->u.var.depth == 1))
    {
      AcyCatFrame *f = e->u.var.depth ? fr->parent : fr;

      v = f->slots[e->u.var.slot];
      if (G_LIKELY (v))
        {
          if (f == ev->root)
            ev->read_level = MAX (ev->read_level, ev->cache->slot_eff[e->u.var.slot]);
          return v;
        }
    }
  if (G_UNLIKELY (++evals % ACY_CAT_EVALS_PER_LOOK == 0) && acy_cat_halted (ev, e->loc, e->near))
    return NULL;
  if (++ev->depth > ACY_CAT_MAX_EVAL_DEPTH || acy_stack_low ())
    {
      if (!*ev->error)
        acy_set_error_at (ev->error, ACY_ERROR_LIMIT, e->loc,
                          "evaluation too deep (runaway recursion?) near '%s'", e->near);
      ev->depth--;
      return NULL;
    }
  if (ev->call_site == NULL && e->kind == ACY_CAT_E_APP)
    {
      ev->call_site = e;
      v = G_UNLIKELY (e->memo) ? eval_memo (ev, fr, e) : eval_inner (ev, fr, e);
      if (v != NULL)
        ev->call_site = NULL;   /* kept on failure, for the message */
    }
  else
    v = G_UNLIKELY (e->memo) ? eval_memo (ev, fr, e) : eval_inner (ev, fr, e);
  ev->depth--;
  return v;
}

