/* acy-cat-explain.c - why a pair is in a relation: one derivation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Given one outcome (the evaluator as the model left it, see
 * acy-cat-query.c), walks the definition of a relation down to the base
 * relations and sets, evaluating the subexpressions it meets again on
 * that outcome and keeping one witness at each step: the branch of a
 * union, the middle event of a sequence, the chain of a closure, both
 * facts of an intersection or a difference (the second, an absence, is
 * explained the same way), the arguments of a function standing for its
 * parameters. A `let rec` is run again from empty, keeping every update,
 * so that a pair is explained by the update that added it, on the values
 * before that update.
 *
 * It runs only when asked: the evaluator itself records nothing.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-cat-eval.h"
#include "acy-cat-query.h"
#include "acy-explain.h"

#define MAX_EXPLAIN_DEPTH 2000

/* A `let rec` run again, with every update kept. */
typedef struct _Rec Rec;
struct _Rec {
  Rec                 *next;
  AcyCatFrame         *frame;
  const AcyCatBinding *b;
  guint                n;
  GArray              *upd_binding;  /* guint per update */
  GPtrArray           *upd_value;    /* AcyCatValue * per update */
  guint                now;          /* the slots hold the values before this update */
};

/* A name of a frame that stands for an expression: a function's
 * parameter (its argument) or a local `let`. */
typedef struct _Alias Alias;
struct _Alias {
  Alias             *next;
  AcyCatFrame       *frame;
  guint              slot;
  const AcyCatExpr  *e;
  AcyCatFrame       *e_frame;
  const char        *name;     /* a local let: shown as a name; NULL: transparent */
  AcyLoc             loc;
};

typedef struct {
  AcyCatEval        *ev;
  const AcyCatStmt **root_def;     /* per root slot: the top-level let binding it */
  guint             *root_binding; /* ... and which of its bindings */
  Rec               *recs;
  Alias             *aliases;
  guint              depth;
} Explainer;

static AcyDerivation *why (Explainer *x, AcyCatFrame *fr, const AcyCatExpr *e,
                           guint a, guint b, gboolean is_set, gboolean holds);

const char *
acy_derivation_kind_name (AcyDerivationKind kind)
{
  static const char *const names[] = {
    "base", "other", "name", "union", "sequence", "closure", "intersection",
    "difference", "complement", "inverse", "identity", "product", "fixpoint",
    "application",
  };
  g_return_val_if_fail (kind < G_N_ELEMENTS (names), "?");
  return names[kind];
}

void
acy_derivation_free (AcyDerivation *d)
{
  if (d == NULL)
    return;
  g_clear_pointer (&d->children, g_ptr_array_unref);
  g_free (d->text);
  g_free (d);
}

/* @text without the brackets around the whole of it, if any. */
static char *
unbracket (char *text)
{
  gsize len = strlen (text);
  guint depth = 0;

  if (len < 2 || text[0] != '(' || text[len - 1] != ')')
    return text;
  for (gsize i = 0; i < len; i++)
    {
      if (text[i] == '(')
        depth++;
      else if (text[i] == ')' && --depth == 0 && i != len - 1)
        return text;   /* "(r)+ ; (s)": the first bracket closes early */
    }
  memmove (text, text + 1, len - 2);
  text[len - 2] = '\0';
  return text;
}

static AcyDerivation *
node_new (AcyDerivationKind kind, const AcyCatExpr *e, const char *text,
          guint a, guint b, gboolean is_set, gboolean holds)
{
  AcyDerivation *d = g_new0 (AcyDerivation, 1);

  d->kind = kind;
  d->a = a;
  d->b = b;
  d->is_set = is_set;
  d->holds = holds;
  d->text = text ? g_strdup (text) : unbracket (acy_cat_expr_to_string (e));
  if (e)
    {
      d->loc = e->loc;
      d->loc.file = g_intern_string (e->loc.file);
    }
  d->children = g_ptr_array_new_with_free_func ((GDestroyNotify) acy_derivation_free);
  return d;
}

/* Adds @child to @d; on NULL (an error) frees @d and returns NULL. */
static AcyDerivation *
add_child (AcyDerivation *d, AcyDerivation *child)
{
  if (child == NULL)
    {
      acy_derivation_free (d);
      return NULL;
    }
  g_ptr_array_add (d->children, child);
  return d;
}

static AcyCatValue *
value_of (Explainer *x, AcyCatFrame *fr, const AcyCatExpr *e)
{
  AcyCatValue *v = acy_cat_eval (x->ev, fr, e);

  return v ? acy_cat_force (x->ev, e, v) : NULL;
}

/* 1 when (a, b) (a, when @is_set) is in @v, 0 when not, -1 on error. */
static int
value_has (Explainer *x, const AcyCatExpr *e, AcyCatValue *v, guint a, guint b, gboolean is_set)
{
  AcyWord *bits;

  if (v->kind == ACY_CAT_V_EMPTY)
    return 0;
  if (v->kind == ACY_CAT_V_UNIV)
    return 1;
  if (is_set)
    {
      if (!(bits = acy_cat_to_set (x->ev, e, v)))
        return -1;
      return acy_bits_has (bits, a);
    }
  if (!(bits = acy_cat_to_rel (x->ev, e, v)))
    return -1;
  return acy_rel_has (bits, x->ev->n, a, b);
}

static int
member (Explainer *x, AcyCatFrame *fr, const AcyCatExpr *e, guint a, guint b, gboolean is_set)
{
  AcyCatValue *v = value_of (x, fr, e);

  return v ? value_has (x, e, v, a, b, is_set) : -1;
}

static AcyWord *
rel_of (Explainer *x, AcyCatFrame *fr, const AcyCatExpr *e)
{
  AcyCatValue *v = value_of (x, fr, e);

  return v ? acy_cat_to_rel (x->ev, e, v) : NULL;
}

/* ---- let rec, run again ------------------------------------------------ */

static gboolean
rec_binds (const Rec *r, guint slot, guint *binding)
{
  for (guint i = 0; i < r->n; i++)
    if (r->b[i].e->kind != ACY_CAT_E_FUN && !r->b[i].pat.tuple && r->b[i].pat.n == 1
        && r->b[i].pat.names[0] && r->b[i].pat.slots[0] == slot)
      {
        *binding = i;
        return TRUE;
      }
  return FALSE;
}

/* Puts into @r's slots the values they had before update @upto. */
static void
rec_set_state (Explainer *x, Rec *r, guint upto)
{
  for (guint i = 0; i < r->n; i++)
    if (r->b[i].e->kind != ACY_CAT_E_FUN && !r->b[i].pat.tuple && r->b[i].pat.n == 1
        && r->b[i].pat.names[0])
      {
        AcyCatValue *v = NULL;

        for (guint u = upto; u-- > 0;)
          if (g_array_index (r->upd_binding, guint, u) == i)
            {
              v = r->upd_value->pdata[u];
              break;
            }
        r->frame->slots[r->b[i].pat.slots[0]] = v ? v : acy_cat_value_new (x->ev, ACY_CAT_V_EMPTY);
      }
  r->now = upto;
}

static void
rec_free (Rec *r)
{
  g_array_unref (r->upd_binding);
  g_ptr_array_unref (r->upd_value);
  g_free (r);
}

/* Runs the bindings @b of frame @fr again from empty, as
 * acy_cat_bind_rec() does, keeping each update; the slots end as they
 * were. NULL on error, or for a form this does not follow (tuples). */
static Rec *
rec_replay (Explainer *x, AcyCatFrame *fr, const AcyCatBinding *b, guint n)
{
  AcyCatEval *ev = x->ev;
  Rec *r = g_new0 (Rec, 1);
  AcyCatValue **saved = g_newa (AcyCatValue *, n);

  r->frame = fr;
  r->b = b;
  r->n = n;
  r->upd_binding = g_array_new (FALSE, FALSE, sizeof (guint));
  r->upd_value = g_ptr_array_new ();
  for (guint i = 0; i < n; i++)
    {
      saved[i] = NULL;
      if (b[i].e->kind == ACY_CAT_E_FUN)
        continue;
      if (b[i].pat.tuple || b[i].pat.n != 1 || !b[i].pat.names[0])
        {
          rec_free (r);
          return NULL;
        }
      saved[i] = fr->slots[b[i].pat.slots[0]];
    }
  rec_set_state (x, r, 0);
  for (guint round = 0; round < ACY_CAT_MAX_FIXPOINT_ROUNDS; round++)
    {
      gboolean changed = FALSE;

      for (guint i = 0; i < n; i++)
        if (b[i].e->kind != ACY_CAT_E_FUN)
          {
            AcyCatValue *old = fr->slots[b[i].pat.slots[0]];
            AcyCatValue *next = value_of (x, fr, b[i].e);

            if (!next)
              goto fail;
            if (!acy_cat_value_equal (ev, old, next))
              changed = TRUE;
            g_array_append_val (r->upd_binding, i);
            g_ptr_array_add (r->upd_value, next);
            fr->slots[b[i].pat.slots[0]] = next;
          }
      if (!changed)
        break;
    }
  for (guint i = 0; i < n; i++)
    if (saved[i])
      fr->slots[b[i].pat.slots[0]] = saved[i];
  r->now = r->upd_binding->len;
  r->next = x->recs;
  x->recs = r;
  return r;

fail:
  for (guint i = 0; i < n; i++)
    if (saved[i])
      fr->slots[b[i].pat.slots[0]] = saved[i];
  rec_free (r);
  return NULL;
}

static Rec *
rec_find (Explainer *x, AcyCatFrame *fr, guint slot, guint *binding)
{
  for (Rec *r = x->recs; r; r = r->next)
    if (r->frame == fr && rec_binds (r, slot, binding))
      return r;
  return NULL;
}

/* Why (a, b) is in the name bound by @r's @binding, as things stand
 * before its update r->now: the first update that added it, explained
 * on the values before it. */
static AcyDerivation *
why_rec (Explainer *x, Rec *r, guint binding, const AcyCatExpr *at,
         guint a, guint b, gboolean is_set, gboolean holds)
{
  const AcyCatBinding *bd = &r->b[binding];
  AcyDerivation *d = node_new (ACY_DERIVATION_FIXPOINT, at, bd->pat.names[0], a, b, is_set, holds);
  guint upto = r->now, round = 0, u;
  AcyDerivation *child;

  d->loc = bd->loc;
  d->loc.file = g_intern_string (bd->loc.file);
  if (!holds)
    return d;   /* not in the fixpoint: nothing ever added it */
  for (u = 0; u < upto; u++)
    if (g_array_index (r->upd_binding, guint, u) == binding)
      {
        int has;

        round++;
        has = value_has (x, bd->e, r->upd_value->pdata[u], a, b, is_set);
        if (has < 0)
          return add_child (d, NULL);
        if (has)
          break;
      }
  if (u == upto)
    {
      acy_set_error_at (x->ev->error, ACY_ERROR_TYPE, bd->loc,
                        "the fixpoint of '%s' does not come out the same again",
                        bd->pat.names[0]);
      return add_child (d, NULL);
    }
  d->iteration = round;
  rec_set_state (x, r, u);
  child = why (x, r->frame, bd->e, a, b, is_set, TRUE);
  rec_set_state (x, r, upto);
  return add_child (d, child);
}

/* ---- names ------------------------------------------------------------- */

/* A name redefined in terms of itself (lock.cat's `let rf = rf | rf-lf |
 * rf-ru`, `let co = (co | critical | ...)+`) holds the pair through its
 * earlier self when the branches it adds are not what holds (in a test
 * without locks they are empty): the earlier binding alone, then, with
 * nothing of the redefinition in between. @d is the name's node, its
 * definition's derivation its child; returns the node to keep. */
static AcyDerivation *
skip_idle_redefinition (AcyDerivation *d)
{
  const AcyDerivation *c;

  if (!d->holds || d->children->len != 1)
    return d;
  c = d->children->pdata[0];
  /* through the branch that holds, or a chain of one step */
  while ((c->kind == ACY_DERIVATION_UNION || c->kind == ACY_DERIVATION_CLOSURE)
         && c->children->len == 1)
    c = c->children->pdata[0];
  if ((c->kind == ACY_DERIVATION_NAME || c->kind == ACY_DERIVATION_BASE
       || c->kind == ACY_DERIVATION_FIXPOINT)
      && g_str_equal (c->text, d->text) && c->a == d->a && c->b == d->b && c->is_set == d->is_set)
    {
      AcyDerivation *earlier = (AcyDerivation *) c, *parent = d;

      /* unhook @earlier from its parent so freeing @d spares it */
      while (parent->children->pdata[0] != earlier)
        parent = parent->children->pdata[0];
      g_ptr_array_steal_index (parent->children, 0);
      acy_derivation_free (d);
      return earlier;
    }
  return d;
}

static AcyDerivation *
why_var (Explainer *x, AcyCatFrame *fr, const AcyCatExpr *e,
         guint a, guint b, gboolean is_set, gboolean holds)
{
  AcyCatEval *ev = x->ev;
  AcyCatFrame *f = fr;
  guint slot = e->u.var.slot, binding;
  const AcyCatStmt *st;
  Rec *r;

  for (guint d = 0; d < e->u.var.depth; d++)
    f = f->parent;

  for (Alias *al = x->aliases; al; al = al->next)
    if (al->frame == f && al->slot == slot)
      {
        AcyDerivation *d, *child;

        child = why (x, al->e_frame, al->e, a, b, is_set, holds);
        if (al->name == NULL || child == NULL)
          return child;
        d = node_new (ACY_DERIVATION_NAME, e, al->name, a, b, is_set, holds);
        d->loc = al->loc;
        d->loc.file = g_intern_string (al->loc.file);
        return add_child (d, child);
      }

  if ((r = rec_find (x, f, slot, &binding)))
    return why_rec (x, r, binding, e, a, b, is_set, holds);

  if (f == ev->root && slot < ev->model->n_root_slots && (st = x->root_def[slot]))
    {
      const AcyCatBinding *bd = &st->u.let.b[x->root_binding[slot]];

      if (bd->pat.tuple || bd->e->kind == ACY_CAT_E_FUN)
        return node_new (ACY_DERIVATION_BASE, e, e->u.var.name, a, b, is_set, holds);
      if (st->kind == ACY_CAT_S_LETREC)
        {
          if (!(r = rec_replay (x, ev->root, st->u.let.b, st->u.let.n)))
            {
              if (ev->error && *ev->error)
                return NULL;
              return node_new (ACY_DERIVATION_BASE, e, e->u.var.name, a, b, is_set, holds);
            }
          return why_rec (x, r, x->root_binding[slot], e, a, b, is_set, holds);
        }
      else
        {
          AcyDerivation *d = node_new (ACY_DERIVATION_NAME, e, e->u.var.name, a, b, is_set, holds);

          d->loc = bd->loc;
          d->loc.file = g_intern_string (bd->loc.file);
          d = add_child (d, why (x, ev->root, bd->e, a, b, is_set, holds));
          return d ? skip_idle_redefinition (d) : NULL;
        }
    }
  /* predefined, chosen by `with`, an enum, a local of a form not followed */
  return node_new (ACY_DERIVATION_BASE, e, e->u.var.name, a, b, is_set, holds);
}

/* ---- operators ---------------------------------------------------------- */

/* One shortest path from a to b in @r (at least one step), into @path
 * (events, a first, b last). */
static gboolean
shortest_path (guint n, const AcyWord *r, guint a, guint b, GArray *path)
{
  g_autofree guint *prev = g_new (guint, n);
  g_autofree guint *queue = g_new (guint, n);
  guint head = 0, tail = 0;
  gboolean found = FALSE;

  for (guint i = 0; i < n; i++)
    prev[i] = G_MAXUINT;
  /* first step from a, so a path back to a is found too */
  for (guint j = 0; j < n; j++)
    if (acy_rel_has (r, n, a, j) && prev[j] == G_MAXUINT)
      {
        prev[j] = a;
        queue[tail++] = j;
      }
  while (head < tail && !found)
    {
      guint i = queue[head++];

      if (i == b)
        {
          found = TRUE;
          break;
        }
      for (guint j = 0; j < n; j++)
        if (acy_rel_has (r, n, i, j) && prev[j] == G_MAXUINT)
          {
            prev[j] = i;
            queue[tail++] = j;
          }
    }
  if (!found && prev[b] == G_MAXUINT)
    return FALSE;
  g_array_set_size (path, 0);
  for (guint i = b;;)
    {
      g_array_prepend_val (path, i);
      i = prev[i];
      if (i == a)
        break;
    }
  g_array_prepend_val (path, a);
  return TRUE;
}

static AcyDerivation *
why_closure (Explainer *x, AcyCatFrame *fr, const AcyCatExpr *e,
             guint a, guint b, gboolean holds)
{
  AcyDerivation *d = node_new (ACY_DERIVATION_CLOSURE, e, NULL, a, b, FALSE, holds);
  const AcyCatExpr *r = e->u.un.a;
  g_autoptr(GArray) path = NULL;
  AcyWord *bits;

  if (!holds)
    return d;   /* no chain of r from a to b */
  if (a == b && e->u.un.op != ACY_CAT_OP_PLUS)
    return d;   /* the reflexive case */
  if (e->u.un.op == ACY_CAT_OP_OPT)
    return add_child (d, why (x, fr, r, a, b, FALSE, TRUE));
  if (!(bits = rel_of (x, fr, r)))
    return add_child (d, NULL);
  path = g_array_new (FALSE, FALSE, sizeof (guint));
  if (!shortest_path (x->ev->n, bits, a, b, path))
    {
      acy_set_error_at (x->ev->error, ACY_ERROR_TYPE, e->loc,
                        "no chain found for the closure near '%s'", e->near);
      return add_child (d, NULL);
    }
  for (guint i = 0; i + 1 < path->len && d; i++)
    d = add_child (d, why (x, fr, r, g_array_index (path, guint, i),
                           g_array_index (path, guint, i + 1), FALSE, TRUE));
  return d;
}

static AcyDerivation *
why_binop (Explainer *x, AcyCatFrame *fr, const AcyCatExpr *e,
           guint a, guint b, gboolean is_set, gboolean holds)
{
  const AcyCatExpr *l = e->u.bin.a, *r = e->u.bin.b;
  AcyDerivation *d;
  int in_l, in_r;

  switch (e->u.bin.op)
    {
    case ACY_CAT_OP_UNION:
    case ACY_CAT_OP_ADD:
      d = node_new (ACY_DERIVATION_UNION, e, NULL, a, b, is_set, holds);
      if (holds)
        {
          /* r1 | r2 | ... | rn, bracketed to the right: the first branch
           * that holds, at once */
          while ((in_l = member (x, fr, l, a, b, is_set)) == 0 && r->kind == ACY_CAT_E_BINOP
                 && r->u.bin.op == e->u.bin.op)
            {
              l = r->u.bin.a;
              r = r->u.bin.b;
            }
          if (in_l < 0)
            return add_child (d, NULL);
          return add_child (d, why (x, fr, in_l ? l : r, a, b, is_set, TRUE));
        }
      d = add_child (d, why (x, fr, l, a, b, is_set, FALSE));
      return d ? add_child (d, why (x, fr, r, a, b, is_set, FALSE)) : NULL;

    case ACY_CAT_OP_SEQ:
      {
        AcyWord *rl, *rr;
        guint n = x->ev->n;

        d = node_new (ACY_DERIVATION_SEQUENCE, e, NULL, a, b, FALSE, holds);
        d->middle = G_MAXUINT;
        if (!holds)
          return d;   /* no middle event */
        if (!(rl = rel_of (x, fr, l)) || !(rr = rel_of (x, fr, r)))
          return add_child (d, NULL);
        for (guint c = 0; c < n; c++)
          if (acy_rel_has (rl, n, a, c) && acy_rel_has (rr, n, c, b))
            {
              d->middle = c;
              d = add_child (d, why (x, fr, l, a, c, FALSE, TRUE));
              return d ? add_child (d, why (x, fr, r, c, b, FALSE, TRUE)) : NULL;
            }
        acy_set_error_at (x->ev->error, ACY_ERROR_TYPE, e->loc,
                          "no middle event found near '%s'", e->near);
        return add_child (d, NULL);
      }

    case ACY_CAT_OP_INTER:
    case ACY_CAT_OP_DIFF:
      {
        /* l & r holds with both; l \ r with l and not r. Failing, the
         * first operand that spoils it: l missing, else r wrong. */
        gboolean r_in = e->u.bin.op == ACY_CAT_OP_INTER;

        d = node_new (r_in ? ACY_DERIVATION_INTERSECTION : ACY_DERIVATION_DIFFERENCE,
                      e, NULL, a, b, is_set, holds);
        if (holds)
          {
            d = add_child (d, why (x, fr, l, a, b, is_set, TRUE));
            return d ? add_child (d, why (x, fr, r, a, b, is_set, r_in)) : NULL;
          }
        if ((in_l = member (x, fr, l, a, b, is_set)) < 0)
          return add_child (d, NULL);
        return add_child (d, in_l ? why (x, fr, r, a, b, is_set, !r_in)
                                  : why (x, fr, l, a, b, is_set, FALSE));
      }

    case ACY_CAT_OP_CART:
      d = node_new (ACY_DERIVATION_PRODUCT, e, NULL, a, b, FALSE, holds);
      if (holds)
        {
          d = add_child (d, why (x, fr, l, a, a, TRUE, TRUE));
          return d ? add_child (d, why (x, fr, r, b, b, TRUE, TRUE)) : NULL;
        }
      if ((in_l = member (x, fr, l, a, a, TRUE)) < 0)
        return add_child (d, NULL);
      if (!in_l)
        return add_child (d, why (x, fr, l, a, a, TRUE, FALSE));
      if ((in_r = member (x, fr, r, b, b, TRUE)) < 0)
        return add_child (d, NULL);
      return add_child (d, why (x, fr, r, b, b, TRUE, FALSE));
    }
  g_assert_not_reached ();
}

static AcyDerivation *
why_app (Explainer *x, AcyCatFrame *fr, const AcyCatExpr *e,
         guint a, guint b, gboolean is_set, gboolean holds)
{
  AcyCatEval *ev = x->ev;
  AcyCatValue *f, *arg;
  const AcyCatExpr *fun;
  const AcyCatPat *pat;
  AcyCatFrame *inner;
  AcyDerivation *d;
  Alias *saved = x->aliases;
  Alias *al = NULL;
  guint n_al = 0;

  if (!(f = acy_cat_eval (ev, fr, e->u.app.f)) || !(arg = acy_cat_eval (ev, fr, e->u.app.arg)))
    return NULL;
  if (f->kind != ACY_CAT_V_CLOSURE)
    return node_new (ACY_DERIVATION_OTHER, e, NULL, a, b, is_set, holds);

  fun = f->u.clo.fun;
  pat = &fun->u.fun.pat;
  inner = acy_cat_frame_new (ev, f->u.clo.env, fun->u.fun.n_slots);
  if (!acy_cat_bind_pattern (ev, inner, pat, arg, e))
    return NULL;
  /* the parameters stand for the arguments as written */
  if (!pat->tuple && pat->n == 1 && pat->names[0])
    {
      al = g_new0 (Alias, 1);
      n_al = 1;
      al[0] = (Alias) { NULL, inner, pat->slots[0], e->u.app.arg, fr, NULL, e->loc };
    }
  else if (pat->tuple && e->u.app.arg->kind == ACY_CAT_E_TUPLE
           && e->u.app.arg->u.list.n == pat->n)
    {
      al = g_new0 (Alias, pat->n);
      for (guint i = 0; i < pat->n; i++)
        if (pat->names[i])
          al[n_al++] = (Alias) { NULL, inner, pat->slots[i], e->u.app.arg->u.list.items[i],
                                 fr, NULL, e->loc };
    }
  for (guint i = 0; i < n_al; i++)
    {
      al[i].next = x->aliases;
      x->aliases = &al[i];
    }
  d = node_new (ACY_DERIVATION_APPLICATION, e, NULL, a, b, is_set, holds);
  d = add_child (d, why (x, inner, fun->u.fun.body, a, b, is_set, holds));
  x->aliases = saved;
  g_free (al);
  return d;
}

static AcyDerivation *
why_let (Explainer *x, AcyCatFrame *fr, const AcyCatExpr *e,
         guint a, guint b, gboolean is_set, gboolean holds)
{
  AcyCatEval *ev = x->ev;
  Alias *saved = x->aliases;
  g_autofree Alias *al = g_new0 (Alias, MAX (e->u.let.n, 1));
  AcyDerivation *d;

  if (e->kind == ACY_CAT_E_LETREC)
    {
      if (!acy_cat_bind_rec (ev, fr, e->u.let.n, e->u.let.b, e)
          || (!rec_replay (x, fr, e->u.let.b, e->u.let.n) && ev->error && *ev->error))
        return NULL;
      return why (x, fr, e->u.let.body, a, b, is_set, holds);
    }
  if (!acy_cat_bind_let (ev, fr, e->u.let.n, e->u.let.b))
    return NULL;
  for (guint i = 0; i < e->u.let.n; i++)
    {
      const AcyCatBinding *bd = &e->u.let.b[i];

      if (bd->pat.tuple || bd->pat.n != 1 || !bd->pat.names[0] || bd->e->kind == ACY_CAT_E_FUN)
        continue;
      al[i] = (Alias) { x->aliases, fr, bd->pat.slots[0], bd->e, fr, bd->pat.names[0], bd->loc };
      x->aliases = &al[i];
    }
  d = why (x, fr, e->u.let.body, a, b, is_set, holds);
  x->aliases = saved;
  return d;
}

static AcyDerivation *
why_unop (Explainer *x, AcyCatFrame *fr, const AcyCatExpr *e,
          guint a, guint b, gboolean is_set, gboolean holds)
{
  const AcyCatExpr *r = e->u.un.a;
  AcyDerivation *d;
  int in;

  switch (e->u.un.op)
    {
    case ACY_CAT_OP_COMP:
      d = node_new (ACY_DERIVATION_COMPLEMENT, e, NULL, a, b, is_set, holds);
      return add_child (d, why (x, fr, r, a, b, is_set, !holds));
    case ACY_CAT_OP_INV:
      d = node_new (ACY_DERIVATION_INVERSE, e, NULL, a, b, FALSE, holds);
      return add_child (d, why (x, fr, r, b, a, FALSE, holds));
    case ACY_CAT_OP_TOID:
      d = node_new (ACY_DERIVATION_IDENTITY, e, NULL, a, b, FALSE, holds);
      if (a != b)
        return d;   /* not on the diagonal */
      if (!holds && (in = member (x, fr, r, a, a, TRUE)) != 0)
        return in < 0 ? add_child (d, NULL) : d;
      return add_child (d, why (x, fr, r, a, a, TRUE, holds));
    case ACY_CAT_OP_PLUS:
    case ACY_CAT_OP_STAR:
    case ACY_CAT_OP_OPT:
      return why_closure (x, fr, e, a, b, holds);
    }
  g_assert_not_reached ();
}

/* Why (a, b) (a alone when @is_set) is in @e (@holds) or not (!@holds),
 * which the caller has found to be so. NULL after an error. */
static AcyDerivation *
why (Explainer *x, AcyCatFrame *fr, const AcyCatExpr *e,
     guint a, guint b, gboolean is_set, gboolean holds)
{
  AcyDerivation *d = NULL;

  if (++x->depth > MAX_EXPLAIN_DEPTH)
    {
      if (!(x->ev->error && *x->ev->error))
        acy_set_error_at (x->ev->error, ACY_ERROR_LIMIT, e->loc,
                          "derivation too deep near '%s'", e->near);
      x->depth--;
      return NULL;
    }
  switch (e->kind)
    {
    case ACY_CAT_E_VAR:
      d = why_var (x, fr, e, a, b, is_set, holds);
      break;
    case ACY_CAT_E_BINOP:
      d = why_binop (x, fr, e, a, b, is_set, holds);
      break;
    case ACY_CAT_E_UNOP:
      d = why_unop (x, fr, e, a, b, is_set, holds);
      break;
    case ACY_CAT_E_APP:
      d = why_app (x, fr, e, a, b, is_set, holds);
      break;
    case ACY_CAT_E_LET:
    case ACY_CAT_E_LETREC:
      d = why_let (x, fr, e, a, b, is_set, holds);
      break;
    default:
      /* 0, _, literals, if, match, try: as computed */
      d = node_new (ACY_DERIVATION_OTHER, e, NULL, a, b, is_set, holds);
      break;
    }
  x->depth--;
  return d;
}

/* ---- entry point --------------------------------------------------------- */

static void
explainer_init (Explainer *x, AcyCatEval *ev)
{
  const AcyModel *m = ev->model;

  x->ev = ev;
  x->root_def = g_new0 (const AcyCatStmt *, m->n_root_slots);
  x->root_binding = g_new0 (guint, m->n_root_slots);
  for (guint i = 0; i < m->program->len; i++)
    {
      const AcyCatStmt *st = m->program->pdata[i];

      if (st->kind != ACY_CAT_S_LET && st->kind != ACY_CAT_S_LETREC)
        continue;
      for (guint k = 0; k < st->u.let.n; k++)
        for (guint j = 0; j < st->u.let.b[k].pat.n; j++)
          if (st->u.let.b[k].pat.names[j])
            {
              guint slot = st->u.let.b[k].pat.slots[j];
              x->root_def[slot] = st;
              x->root_binding[slot] = k;
            }
    }
}

static void
explainer_clear (Explainer *x)
{
  /* the replayed let recs left their slots as they found them */
  while (x->recs)
    {
      Rec *r = x->recs;
      x->recs = r->next;
      rec_free (r);
    }
  g_free (x->root_def);
  g_free (x->root_binding);
}

typedef struct {
  const char    *relation;
  guint          a, b;
  AcyDerivation *d;
} ExplainQuery;

static void
explain_value (AcyModelEnv       *env,
               const AcyCatExpr  *expr,
               AcyCatFrame       *frame,
               AcyCatValue       *v,
               gpointer           data,
               GError           **error)
{
  ExplainQuery *eq = data;
  Explainer x = { 0 };
  gboolean is_set = acy_cat_classify (v) == CLS_SET;
  int has;

  explainer_init (&x, env->ev);
  has = is_set && eq->a != eq->b ? 0 : value_has (&x, expr, v, eq->a, eq->b, is_set);
  if (has == 0)
    g_set_error (error, ACY_ERROR, ACY_ERROR_TYPE,
                 "%s does not hold for this pair on this execution", eq->relation);
  else if (has > 0)
    eq->d = why (&x, frame, expr, eq->a, eq->b, is_set, TRUE);
  explainer_clear (&x);
}

/**
 * acy_model_env_explain:
 * @env: the environment of one outcome
 * @relation: a name the model binds, or any cat expression
 * @a: an event
 * @b: an event (@a again for a set)
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): one derivation of (@a, @b) in
 *   @relation on the outcome, its root standing for @relation itself
 */
AcyDerivation *
acy_model_env_explain (AcyModelEnv *env,
                       const char  *relation,
                       guint        a,
                       guint        b,
                       GError     **error)
{
  AcyCatEval *ev = env->ev;
  ExplainQuery eq = { relation, a, b, NULL };

  g_return_val_if_fail (relation != NULL, NULL);
  if (a >= ev->n || b >= ev->n)
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_UNKNOWN_NAME,
                   "no event %u in this execution of %u events", MAX (a, b), ev->n);
      return NULL;
    }
  if (!acy_cat_query_run (env, relation, explain_value, &eq, error))
    {
      g_clear_pointer (&eq.d, acy_derivation_free);
      return NULL;
    }
  if (eq.d == NULL)
    g_set_error (error, ACY_ERROR, ACY_ERROR_TYPE, "%s: no derivation found", relation);
  return eq.d;
}
