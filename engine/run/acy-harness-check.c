/* acy-harness-check.c - what a harness can run: where addresses may flow, and what is refused
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A small abstract interpretation over the lowered test finds which
 * values may be addresses (and of which locations) and which may be
 * integers: a location that may hold an address gets a 64-bit cell in
 * the harness, the others a 32-bit one (herd7's integers). What the
 * harness cannot run as the test means it is refused at its place:
 * arithmetic on an address, an access through a value that is never
 * one, a loop (it might not end), RCU's grace periods and SRCU.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-harness-private.h"

typedef AcyHarnessAbs Abs;
typedef AcyHarnessGen Gen;
#define MAX_LOCS ACY_HARNESS_MAX_LOCS
#define MAX_THREADS ACY_HARNESS_MAX_THREADS

static const Abs abs_int = { TRUE, 0 };

void
acy_harness_refuse (Gen *g, AcyLoc at, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  if (!g->checking || g->error != NULL)
    return;
  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  acy_set_error_at (&g->error, ACY_ERROR_UNSUPPORTED, at, "cannot run on this machine: %s", msg);
}

static Abs
abs_join (Abs a, Abs b)
{
  Abs r = { a.may_int || b.may_int, a.ptrs | b.ptrs };

  return r;
}

static Abs
abs_of_value (AcyValue v)
{
  Abs r = { FALSE, 0 };

  if (ACY_VALUE_IS_ADDR (v) && ACY_VALUE_ADDR_LOC (v) < MAX_LOCS)
    r.ptrs = G_GUINT64_CONSTANT (1) << ACY_VALUE_ADDR_LOC (v);
  else
    r.may_int = TRUE;
  return r;
}

static void
abs_into (Gen *g, Abs *dst, Abs v)
{
  Abs j = abs_join (*dst, v);

  if (j.may_int != dst->may_int || j.ptrs != dst->ptrs)
    {
      *dst = j;
      g->changed = TRUE;
    }
}

/* What reading through @addr may give. */
static Abs
abs_contents (Gen *g, Abs addr, AcyLoc at)
{
  Abs r = { FALSE, 0 };

  if (addr.ptrs == 0)
    acy_harness_refuse (g, at, "an access through a value that is never an address");
  for (guint l = 0; l < MAX_LOCS; l++)
    if (addr.ptrs & (G_GUINT64_CONSTANT (1) << l))
      r = abs_join (r, g->locs[l]);
  return r;
}

static void
abs_store (Gen *g, Abs addr, Abs v, AcyLoc at)
{
  if (addr.ptrs == 0)
    acy_harness_refuse (g, at, "an access through a value that is never an address");
  for (guint l = 0; l < MAX_LOCS; l++)
    if (addr.ptrs & (G_GUINT64_CONSTANT (1) << l))
      abs_into (g, &g->locs[l], v);
}

/* An RMW that computes on the location's value and @v: integers only. */
static void
abs_arith_rmw (Gen *g, Abs addr, Abs v, AcyLoc at)
{
  Abs old = abs_contents (g, addr, at);

  if (old.ptrs || v.ptrs)
    acy_harness_refuse (g, at, "arithmetic on an address (herd7's symbolic addresses have no numbers on a CPU)");
  abs_store (g, addr, abs_int, at);
}


static Abs
abs_core (Gen *g, const AcyLitExpr *e)
{
  Abs a, v, r;

  switch (e->core)
    {
    case ACY_CORE_LOAD:
      return abs_contents (g, acy_harness_abs_expr (g, e->args[0]->a), e->loc);
    case ACY_CORE_STORE:
      a = acy_harness_abs_expr (g, e->args[0]->a);
      abs_store (g, a, acy_harness_abs_expr (g, e->args[1]), e->loc);
      return abs_int;
    case ACY_CORE_XCHG:
    case ACY_CORE_C11_EXCHANGE:
      a = acy_harness_abs_expr (g, e->args[0]);
      v = acy_harness_abs_expr (g, e->args[1]);
      r = abs_contents (g, a, e->loc);
      abs_store (g, a, v, e->loc);
      return r;
    case ACY_CORE_CMPXCHG:
      a = acy_harness_abs_expr (g, e->args[0]);
      (void) acy_harness_abs_expr (g, e->args[1]);
      v = acy_harness_abs_expr (g, e->args[2]);
      r = abs_contents (g, a, e->loc);
      abs_store (g, a, v, e->loc);
      return r;
    case ACY_CORE_ATOMIC_OP:
    case ACY_CORE_ATOMIC_OP_RETURN:
    case ACY_CORE_ATOMIC_FETCH_OP:
      abs_arith_rmw (g, acy_harness_abs_expr (g, e->args[0]), acy_harness_abs_expr (g, e->args[2]), e->loc);
      return abs_int;
    case ACY_CORE_ADD_UNLESS:
      a = acy_harness_abs_expr (g, e->args[0]);
      v = abs_join (acy_harness_abs_expr (g, e->args[1]), acy_harness_abs_expr (g, e->args[2]));
      abs_arith_rmw (g, a, v, e->loc);
      return abs_int;
    case ACY_CORE_C11_FETCH:
      abs_arith_rmw (g, acy_harness_abs_expr (g, e->args[0]), acy_harness_abs_expr (g, e->args[1]), e->loc);
      return abs_int;
    case ACY_CORE_LOCK:
    case ACY_CORE_UNLOCK:
    case ACY_CORE_TRYLOCK:
    case ACY_CORE_ISLOCKED:
    case ACY_CORE_C11_LOCK:
      abs_arith_rmw (g, acy_harness_abs_expr (g, e->args[0]), abs_int, e->loc);
      return abs_int;
    case ACY_CORE_C11_LOAD:
      return abs_contents (g, acy_harness_abs_expr (g, e->args[0]), e->loc);
    case ACY_CORE_C11_STORE:
      a = acy_harness_abs_expr (g, e->args[0]);
      abs_store (g, a, acy_harness_abs_expr (g, e->args[1]), e->loc);
      return abs_int;
    case ACY_CORE_C11_CAS:
      {
        Abs ex = acy_harness_abs_expr (g, e->args[1]);

        a = acy_harness_abs_expr (g, e->args[0]);
        v = acy_harness_abs_expr (g, e->args[2]);
        r = abs_contents (g, a, e->loc);
        (void) abs_contents (g, ex, e->loc);
        abs_store (g, a, v, e->loc);
        abs_store (g, ex, r, e->loc);
        return abs_int;
      }
    case ACY_CORE_SRCU:
      acy_harness_refuse (g, e->loc, "SRCU's grace periods (synchronize_srcu) are the kernel's; a program "
              "cannot wait for them near '%s'", e->name);
      return abs_int;
    case ACY_CORE_FENCE:
    case ACY_CORE_C11_FENCE:
    case ACY_CORE_NONE:
      break;
    }
  return abs_int;
}

Abs
acy_harness_abs_expr (Gen *g, const AcyLitExpr *e)
{
  Abs a, b;

  switch (e->kind)
    {
    case ACY_LEXPR_INT:
      return abs_int;
    case ACY_LEXPR_ADDROF:
      return abs_of_value (e->value);
    case ACY_LEXPR_NAME:
      return g->regs[g->thread][e->reg];
    case ACY_LEXPR_DEREF:
      return abs_contents (g, acy_harness_abs_expr (g, e->a), e->loc);
    case ACY_LEXPR_UNARY:
      a = acy_harness_abs_expr (g, e->a);
      if (a.ptrs && e->op != ACY_LOP_NOT)
        acy_harness_refuse (g, e->loc, "'%s' on an address", acy_lit_op_text (e->op));
      return abs_int;
    case ACY_LEXPR_BINARY:
      a = acy_harness_abs_expr (g, e->a);
      b = acy_harness_abs_expr (g, e->b);
      if (acy_harness_pointer_move (e, a, b))
        {
          /* herd7's x+k: x itself when k is 0 (the "addr" dependency
           * idiom, x + (r & 8)), else a moved address, which an access
           * through stops the harness at run time, as the check
           * refuses it */
          Abs moved = { FALSE, a.ptrs | b.ptrs };

          return moved;
        }
      if ((a.ptrs || b.ptrs) && e->op != ACY_LOP_EQ && e->op != ACY_LOP_NE
          && e->op != ACY_LOP_LAND && e->op != ACY_LOP_LOR)
        acy_harness_refuse (g, e->loc, "'%s' on an address (herd7's symbolic addresses have no numbers "
                "on a CPU)", acy_lit_op_text (e->op));
      return abs_int;
    case ACY_LEXPR_CALL:
      return abs_core (g, e);
    case ACY_LEXPR_OPARG:
      break;
    }
  return abs_int;
}

static void
abs_stmt (Gen *g, const AcyLitStmt *s)
{
  switch (s->kind)
    {
    case ACY_LSTMT_EXPR:
      (void) acy_harness_abs_expr (g, s->expr);
      break;
    case ACY_LSTMT_ASSIGN:
    case ACY_LSTMT_DECL:
      if (s->expr != NULL)
        abs_into (g, &g->regs[g->thread][s->reg], acy_harness_abs_expr (g, s->expr));
      break;
    case ACY_LSTMT_STORE:
      {
        Abs a = acy_harness_abs_expr (g, s->lhs->a);

        abs_store (g, a, acy_harness_abs_expr (g, s->expr), s->loc);
      }
      break;
    case ACY_LSTMT_IF:
      (void) acy_harness_abs_expr (g, s->expr);
      abs_stmt (g, s->then_s);
      if (s->else_s != NULL)
        abs_stmt (g, s->else_s);
      break;
    case ACY_LSTMT_BLOCK:
      for (guint i = 0; i < s->n_body; i++)
        abs_stmt (g, s->body[i]);
      break;
    case ACY_LSTMT_WHILE:
      acy_harness_refuse (g, s->loc, "a loop might not end on a CPU (herd7 unrolls it -unroll times; "
              "a harness would wait for ever) near 'while'");
      (void) acy_harness_abs_expr (g, s->expr);
      abs_stmt (g, s->then_s);
      break;
    }
}

/* Runs the abstract interpretation to its fixpoint, then once more to
 * refuse what cannot run. */
gboolean
acy_harness_analyse (Gen *g, GError **error)
{
  const AcyTest *test = g->test;
  guint n_locs = test->loc_names->len;

  if (test->n_threads > MAX_THREADS)
    {
      AcyLoc at = { test->filename, 1, 1 };

      acy_set_error_at (error, ACY_ERROR_UNSUPPORTED, at,
                        "cannot run on this machine: more than %d threads", MAX_THREADS);
      return FALSE;
    }
  if (n_locs > MAX_LOCS)
    {
      AcyLoc at = { test->filename, 1, 1 };

      acy_set_error_at (error, ACY_ERROR_UNSUPPORTED, at,
                        "cannot run on this machine: more than %d shared locations", MAX_LOCS);
      return FALSE;
    }
  g->locs = g_new0 (Abs, MAX_LOCS);
  for (guint l = 0; l < n_locs; l++)
    g->locs[l] = abs_of_value (g_array_index (test->loc_init, AcyValue, l));
  g->regs = g_new0 (Abs *, MAX (test->n_threads, 1));
  for (guint t = 0; t < test->n_threads; t++)
    {
      const AcyLitThread *th = &test->threads[t];

      g->regs[t] = g_new0 (Abs, MAX (th->n_regs, 1));
      for (guint r = 0; r < th->n_regs; r++)
        g->regs[t][r] = abs_of_value (th->reg_init[r]);
    }
  do
    {
      g->changed = FALSE;
      for (g->thread = 0; g->thread < test->n_threads; g->thread++)
        abs_stmt (g, test->threads[g->thread].body);
    }
  while (g->changed);
  for (guint l = 0; l < n_locs; l++)
    g->wide[l] = g->locs[l].ptrs != 0;
  g->checking = TRUE;
  for (g->thread = 0; g->thread < test->n_threads && g->error == NULL; g->thread++)
    abs_stmt (g, test->threads[g->thread].body);
  if (g->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&g->error));
      return FALSE;
    }
  return TRUE;
}


gboolean
acy_harness_pointer_move (const AcyLitExpr *e, Abs a, Abs b)
{
  /* an address plus an integer, or minus one: never two addresses */
  if (e->op == ACY_LOP_ADD)
    return (a.ptrs != 0) != (b.ptrs != 0) && !(a.ptrs && b.ptrs);
  if (e->op == ACY_LOP_SUB)
    return a.ptrs != 0 && b.ptrs == 0;
  return FALSE;
}

void
acy_harness_gen_clear (Gen *g)
{
  for (guint t = 0; g->regs != NULL && t < g->test->n_threads; t++)
    g_free (g->regs[t]);
  g_clear_pointer (&g->regs, g_free);
  g_clear_pointer (&g->locs, g_free);
  g_clear_pointer (&g->wide, g_free);
  g_clear_pointer (&g->sizes, g_free);
  g_clear_error (&g->error);
}
