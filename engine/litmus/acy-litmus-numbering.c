/* acy-litmus-numbering.c - how many symbols herd creates for a piece of code
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * herd prints a value it cannot solve (out of thin air) as S<n>, n being
 * the rank of that symbol among all the symbols its per-thread semantics
 * created. herd builds every thread, in order, as one tree: every read
 * of a register or of memory and every operation on a non-constant
 * value makes a new symbol; both branches of an if on a non-constant
 * condition are built (then first), and the rest of the code after a
 * statement is built again for each of the statement's outcomes, in the
 * order of herd's outcome list, which each sequencing step reverses.
 *
 * A path of Acyclic's thread runner is one leaf of that tree. These
 * counts let the runner number its symbols as herd does: the symbols of
 * a statement, and its number of outcomes, over all its paths.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include "acy-litmus-numbering.h"

struct _AcyHerdNumbering {
  GHashTable *stmts;   /* const AcyLitStmt * -> AcyHerdCount * */
  guint       unroll;  /* herd's -unroll */
};

static void
herd_count_free (gpointer p)
{
  AcyHerdCount *c = p;

  g_free (c->suffix_vars);
  g_free (c->suffix_outcomes);
  g_free (c);
}

AcyHerdNumbering *
acy_herd_numbering_new (guint unroll)
{
  AcyHerdNumbering *n = g_new0 (AcyHerdNumbering, 1);

  n->unroll = unroll;
  n->stmts = g_hash_table_new_full (NULL, NULL, NULL, herd_count_free);
  return n;
}

void
acy_herd_numbering_free (AcyHerdNumbering *n)
{
  if (n == NULL)
    return;
  g_hash_table_unref (n->stmts);
  g_free (n);
}

/* x + 0 and x | 0 are x itself in herd: no new symbol. */
static gboolean
is_zero (const AcyLitExpr *e)
{
  return e != NULL && e->kind == ACY_LEXPR_INT && e->value == 0;
}

gboolean
acy_herd_op_is_identity (AcyLitOp op, const AcyLitExpr *a, const AcyLitExpr *b)
{
  return (op == ACY_LOP_ADD || op == ACY_LOP_OR) && (is_zero (a) || is_zero (b));
}

static gboolean expr_is_symbolic (const AcyLitExpr *e);

gboolean
acy_herd_expr_is_symbolic (const AcyLitExpr *e)
{
  /* asked at every operator of every path: remember it (the tree no
   * longer changes once lowered), or a long sum costs its length squared */
  if (e->symbolic == 0)
    ((AcyLitExpr *) e)->symbolic = expr_is_symbolic (e) ? 2 : 1;
  return e->symbolic == 2;
}

static gboolean
expr_is_symbolic (const AcyLitExpr *e)
{
  switch (e->kind)
    {
    case ACY_LEXPR_INT:
    case ACY_LEXPR_ADDROF:
    case ACY_LEXPR_OPARG:
      return FALSE;
    case ACY_LEXPR_NAME:
    case ACY_LEXPR_DEREF:
      return TRUE;
    case ACY_LEXPR_UNARY:
      return acy_herd_expr_is_symbolic (e->a);
    case ACY_LEXPR_BINARY:
      return acy_herd_expr_is_symbolic (e->a) || acy_herd_expr_is_symbolic (e->b);
    case ACY_LEXPR_CALL:
      switch (e->core)
        {
        case ACY_CORE_LOAD:
        case ACY_CORE_XCHG:
        case ACY_CORE_CMPXCHG:
        case ACY_CORE_ATOMIC_OP_RETURN:
        case ACY_CORE_ATOMIC_FETCH_OP:
        case ACY_CORE_C11_LOAD:
        case ACY_CORE_C11_EXCHANGE:
        case ACY_CORE_C11_FETCH:
          return TRUE;
        default:
          return FALSE;   /* no value, or a constant for each outcome */
        }
    }
  return FALSE;
}

static guint64
arg_vars (const AcyLitExpr *e, guint i)
{
  return i < e->n_args ? acy_herd_expr_vars (e->args[i]) : 0;
}

/* The symbols of the successful branch of cmpxchg: location, old and new
 * values, the read. */
guint64
acy_herd_cmpxchg_ok_vars (const AcyLitExpr *e)
{
  return arg_vars (e, 0) + arg_vars (e, 1) + arg_vars (e, 2) + 1;
}

guint64
acy_herd_expr_vars (const AcyLitExpr *e)
{
  guint64 n;

  switch (e->kind)
    {
    case ACY_LEXPR_INT:
    case ACY_LEXPR_ADDROF:
    case ACY_LEXPR_OPARG:
      return 0;
    case ACY_LEXPR_NAME:
      return 1;
    case ACY_LEXPR_DEREF:
      return acy_herd_expr_vars (e->a) + 1;
    case ACY_LEXPR_UNARY:
      return acy_herd_expr_vars (e->a) + (acy_herd_expr_is_symbolic (e->a) ? 1 : 0);
    case ACY_LEXPR_BINARY:
      n = acy_herd_expr_vars (e->a) + acy_herd_expr_vars (e->b);
      if (acy_herd_expr_is_symbolic (e) && !acy_herd_op_is_identity (e->op, e->a, e->b))
        n++;
      return n;
    case ACY_LEXPR_CALL:
      switch (e->core)
        {
        case ACY_CORE_LOAD:
          return (e->n_args > 0 && e->args[0]->a ? acy_herd_expr_vars (e->args[0]->a) : 0) + 1;
        case ACY_CORE_STORE:
          return (e->n_args > 0 && e->args[0]->a ? acy_herd_expr_vars (e->args[0]->a) : 0)
                 + arg_vars (e, 1);
        case ACY_CORE_XCHG:
          return arg_vars (e, 0) + arg_vars (e, 1) + 1;
        case ACY_CORE_CMPXCHG:
          /* both outcomes are built; the failure compares with a new symbol */
          return acy_herd_cmpxchg_ok_vars (e) + arg_vars (e, 0) + arg_vars (e, 1) + 2;
        case ACY_CORE_ATOMIC_OP:
        case ACY_CORE_ATOMIC_OP_RETURN:
        case ACY_CORE_ATOMIC_FETCH_OP:
          return arg_vars (e, 2) + arg_vars (e, 0) + 2;   /* the read, the operation */
        case ACY_CORE_ADD_UNLESS:
          return arg_vars (e, 0) + arg_vars (e, 1) + arg_vars (e, 2) + 3
                 + arg_vars (e, 0) + arg_vars (e, 2) + 1;
        case ACY_CORE_LOCK:
        case ACY_CORE_C11_LOCK:
        case ACY_CORE_UNLOCK:
        case ACY_CORE_TRYLOCK:
        case ACY_CORE_ISLOCKED:
        case ACY_CORE_SRCU:
          return arg_vars (e, 0) + arg_vars (e, 1);
        case ACY_CORE_C11_LOAD:
          return arg_vars (e, 0) + 1;
        case ACY_CORE_C11_STORE:
          return arg_vars (e, 0) + arg_vars (e, 1);
        case ACY_CORE_C11_EXCHANGE:
          return arg_vars (e, 0) + arg_vars (e, 1) + 1;
        case ACY_CORE_C11_FETCH:
          return arg_vars (e, 0) + arg_vars (e, 1) + 2;   /* the read, the operation */
        case ACY_CORE_C11_CAS:
          /* addresses, the read of "expected"; failure: the read (and the
           * comparison of a strong one); success: the new value, the RMW */
          return arg_vars (e, 0) + arg_vars (e, 1) + 1 + 1 + (e->c11_strong ? 1 : 0)
                 + arg_vars (e, 2) + 1;
        case ACY_CORE_C11_FENCE:
        case ACY_CORE_FENCE:
        case ACY_CORE_NONE:
          return 0;
        }
      return 0;
    }
  return 0;
}

/* Outcomes of an expression: primitives that may fail are two. */
static guint64
expr_outcomes (const AcyLitExpr *e)
{
  guint64 n = 1;

  if (e == NULL)
    return 1;
  if (e->kind == ACY_LEXPR_CALL)
    {
      if (e->core == ACY_CORE_CMPXCHG || e->core == ACY_CORE_ADD_UNLESS || e->core == ACY_CORE_C11_CAS
          || e->core == ACY_CORE_TRYLOCK || e->core == ACY_CORE_ISLOCKED)
        n = 2;
      for (guint i = 0; i < e->n_args; i++)
        n *= expr_outcomes (e->args[i]);
      return n;
    }
  return expr_outcomes (e->a) * (e->b ? expr_outcomes (e->b) : 1);
}

/* herd tests a condition that is not a comparison against 0: one more
 * operation. */
gboolean
acy_herd_cond_adds_test (const AcyLitExpr *e)
{
  if (e->kind == ACY_LEXPR_BINARY)
    switch (e->op)
      {
      case ACY_LOP_EQ: case ACY_LOP_NE: case ACY_LOP_LT:
      case ACY_LOP_LE: case ACY_LOP_GT: case ACY_LOP_GE:
        return FALSE;
      default:
        break;
      }
  return acy_herd_expr_is_symbolic (e);
}

/* The value of @e when it is made of numbers alone (herd computes it
 * while building); FALSE when it is not. */
static gboolean
const_value (const AcyLitExpr *e, AcyValue *out)
{
  AcyValue a, b = 0;

  switch (e->kind)
    {
    case ACY_LEXPR_INT:
      *out = e->value;
      return TRUE;
    case ACY_LEXPR_UNARY:
      return const_value (e->a, &a) && acy_lit_binop (NULL, e->op, a, 0, out);
    case ACY_LEXPR_BINARY:
      return const_value (e->a, &a) && const_value (e->b, &b) && acy_lit_binop (NULL, e->op, a, b, out);
    default:
      return FALSE;
    }
}

/* Whether herd, deciding a condition that is not symbolic while
 * building, takes the then branch: an address is true, and so is what
 * this cannot compute (as herd would refuse it). */
static gboolean
cond_constant_true (const AcyLitExpr *e)
{
  AcyValue v;

  return !const_value (e, &v) || v != 0;
}

guint64
acy_herd_cond_vars (const AcyLitExpr *e)
{
  return acy_herd_expr_vars (e) + (acy_herd_cond_adds_test (e) ? 1 : 0);
}

const AcyHerdCount *
acy_herd_count_stmt (AcyHerdNumbering *n, const AcyLitStmt *s)
{
  AcyHerdCount *c = g_hash_table_lookup (n->stmts, s);

  if (c != NULL)
    return c;
  c = g_new0 (AcyHerdCount, 1);
  c->outcomes = 1;
  switch (s->kind)
    {
    case ACY_LSTMT_EXPR:
    case ACY_LSTMT_ASSIGN:
    case ACY_LSTMT_DECL:
      if (s->expr != NULL)
        {
          c->vars = acy_herd_expr_vars (s->expr);
          c->outcomes = expr_outcomes (s->expr);
        }
      break;
    case ACY_LSTMT_STORE:
      c->vars = acy_herd_expr_vars (s->lhs->a) + acy_herd_expr_vars (s->expr);
      c->outcomes = expr_outcomes (s->expr);
      break;
    case ACY_LSTMT_IF:
      {
        const AcyHerdCount *t = acy_herd_count_stmt (n, s->then_s);
        const AcyHerdCount *e = s->else_s ? acy_herd_count_stmt (n, s->else_s) : NULL;
        guint64 e_vars = e ? e->vars : 0, e_outcomes = e ? e->outcomes : 1;

        c->vars = acy_herd_cond_vars (s->expr);
        if (acy_herd_expr_is_symbolic (s->expr))
          {
            c->vars += t->vars + e_vars;
            c->outcomes = t->outcomes + e_outcomes;
          }
        else if (cond_constant_true (s->expr))
          {
            c->vars += t->vars;
            c->outcomes = t->outcomes;
          }
        else
          {
            c->vars += e_vars;
            c->outcomes = e_outcomes;
          }
      }
      break;
    case ACY_LSTMT_WHILE:
      {
        /* while (e) s at level k is herd's if (e) { s; <level k + 1> },
         * and at level -unroll if (e) <cut off>: one count per level,
         * kept in suffix_vars and suffix_outcomes */
        const AcyHerdCount *b = acy_herd_count_stmt (n, s->then_s);
        gboolean both = acy_herd_expr_is_symbolic (s->expr);
        gboolean then_only = !both && cond_constant_true (s->expr);
        guint64 cv = acy_herd_cond_vars (s->expr);

        c->suffix_vars = g_new0 (guint64, n->unroll + 1);
        c->suffix_outcomes = g_new0 (guint64, n->unroll + 1);
        for (guint k = n->unroll + 1; k-- > 0;)
          {
            guint64 tv = k == n->unroll ? 0 : b->vars + b->outcomes * c->suffix_vars[k + 1];
            guint64 to = k == n->unroll ? 1 : b->outcomes * c->suffix_outcomes[k + 1];

            c->suffix_vars[k] = cv + (both || then_only ? tv : 0);
            c->suffix_outcomes[k] = both ? to + 1 : then_only ? to : 1;
          }
        c->vars = c->suffix_vars[0];
        c->outcomes = c->suffix_outcomes[0];
      }
      break;
    case ACY_LSTMT_BLOCK:
      /* a list: the rest is built once per outcome of its first statement */
      c->suffix_vars = g_new0 (guint64, s->n_body + 1);
      c->suffix_outcomes = g_new0 (guint64, s->n_body + 1);
      c->suffix_outcomes[s->n_body] = 1;
      for (guint i = s->n_body; i-- > 0;)
        {
          const AcyHerdCount *b = acy_herd_count_stmt (n, s->body[i]);

          c->suffix_vars[i] = b->vars + b->outcomes * c->suffix_vars[i + 1];
          c->suffix_outcomes[i] = b->outcomes * c->suffix_outcomes[i + 1];
        }
      c->vars = c->suffix_vars[0];
      c->outcomes = c->suffix_outcomes[0];
      break;
    }
  g_hash_table_insert (n->stmts, (gpointer) s, c);
  return c;
}
