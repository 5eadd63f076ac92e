/* acy-litmus-lower.c - macro expansion and name resolution of litmus threads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * After these passes a thread body only calls core operations (`__load{t}`,
 * `__store{t}`, ...), every name is a register of its thread (parameters
 * are registers holding the address of the location they name) and every
 * tag has an index in the test's tag table. Macros are expanded first, in
 * every thread, as herd7 does before it reads the condition.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-litmus-private.h"

typedef struct {
  AcyTest         *test;
  const AcyMacros *macros;
  AcyArena        *arena;
  guint            n_made;     /* nodes macro expansion has made */
  const char      *expanding;  /* the macro being expanded, for messages */
  guint            thread;     /* the thread being resolved, for messages */
} Lower;

static const struct {
  const char *name;
  AcyLitCore  core;
  gint        min_args, max_args;
} core_ops[] = {
  { "__load", ACY_CORE_LOAD, 1, 1 },
  { "__store", ACY_CORE_STORE, 2, 2 },
  { "__fence", ACY_CORE_FENCE, 0, 0 },
  { "__xchg", ACY_CORE_XCHG, 2, 2 },
  { "__cmpxchg", ACY_CORE_CMPXCHG, 3, 3 },
  { "__atomic_op", ACY_CORE_ATOMIC_OP, 3, 3 },
  { "__atomic_op_return", ACY_CORE_ATOMIC_OP_RETURN, 3, 3 },
  { "__atomic_fetch_op", ACY_CORE_ATOMIC_FETCH_OP, 3, 3 },
  { "__atomic_add_unless", ACY_CORE_ADD_UNLESS, 3, 3 },
  { "__lock", ACY_CORE_LOCK, 1, 1 },
  { "__unlock", ACY_CORE_UNLOCK, 1, 1 },
  { "__trylock", ACY_CORE_TRYLOCK, 1, 1 },
  { "__islocked", ACY_CORE_ISLOCKED, 1, 1 },
  { "__srcu", ACY_CORE_SRCU, 1, 2 },
};

static gint
core_index (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (core_ops); i++)
    if (strcmp (core_ops[i].name, name) == 0)
      return (gint) i;
  return -1;
}

/* A core operation or a C11 builtin: part of the language, never a macro. */
static gboolean
is_builtin (const char *name)
{
  return (name[0] == '_' && name[1] == '_' && core_index (name) >= 0)
         || acy_lit_c11_is_builtin (name);
}

/* ---- substitution of macro parameters ---- */

static gint
param_index (const AcyLitMacro *m, const char *name)
{
  for (guint i = 0; i < m->n_params; i++)
    if (strcmp (m->params[i], name) == 0)
      return (gint) i;
  return -1;
}

static AcyLitExpr *
subst_expr (Lower *lw, const AcyLitExpr *e, const AcyLitMacro *m,
            AcyLitExpr **args, AcyLoc at)
{
  AcyLitExpr *c;

  if (e == NULL)
    return NULL;
  if (e->kind == ACY_LEXPR_NAME)
    {
      gint i = param_index (m, e->name);

      if (i >= 0)
        return args[i];
    }
  c = acy_arena_new0 (lw->arena, AcyLitExpr);
  lw->n_made++;
  *c = *e;
  c->loc = at;
  c->a = subst_expr (lw, e->a, m, args, at);
  c->b = subst_expr (lw, e->b, m, args, at);
  if (e->n_args > 0)
    {
      c->args = acy_arena_newv (lw->arena, AcyLitExpr *, e->n_args);
      for (guint i = 0; i < e->n_args; i++)
        c->args[i] = subst_expr (lw, e->args[i], m, args, at);
    }
  /* the height only: expand_expr refuses a tree too deep */
  acy_lit_expr_seal (c, NULL, NULL);
  return c;
}

static AcyLitStmt *
subst_stmt (Lower *lw, const AcyLitStmt *s, const AcyLitMacro *m,
            AcyLitExpr **args, AcyLoc at)
{
  AcyLitStmt *c;

  if (s == NULL)
    return NULL;
  c = acy_arena_new0 (lw->arena, AcyLitStmt);
  lw->n_made++;
  *c = *s;
  c->loc = at;
  c->lhs = subst_expr (lw, s->lhs, m, args, at);
  c->expr = subst_expr (lw, s->expr, m, args, at);
  c->then_s = subst_stmt (lw, s->then_s, m, args, at);
  c->else_s = subst_stmt (lw, s->else_s, m, args, at);
  if (c->kind == ACY_LSTMT_ASSIGN && c->lhs->kind == ACY_LEXPR_DEREF)
    c->kind = ACY_LSTMT_STORE;
  if (s->n_body > 0)
    {
      c->body = acy_arena_newv (lw->arena, AcyLitStmt *, s->n_body);
      for (guint i = 0; i < s->n_body; i++)
        c->body[i] = subst_stmt (lw, s->body[i], m, args, at);
    }
  return c;
}

/* ---- expansion ---- */

/* With no macro file at all, herd7 names the call by where it stands:
 * "Procedure call X in CSem" for a statement, "Macro call X in CSem" in
 * an expression; the command line says those words after ours. */
static gboolean
unknown_call (Lower *lw, const AcyLitExpr *e, gboolean statement, GError **error)
{
  if (lw->macros != NULL)
    acy_set_error_at (error, ACY_ERROR_UNKNOWN_NAME, e->loc,
                      "unknown macro or function '%s' (not defined in %s) near '%s'",
                      e->name, acy_macros_get_filename (lw->macros), e->name);
  else
    acy_set_error_at (error, ACY_ERROR_UNKNOWN_NAME, e->loc,
                      "unknown macro or function '%s': no macro file is loaded (give -macros "
                      "FILE.def or -conf FILE.cfg); herd7: %s call %s in CSem near '%s'",
                      e->name, statement ? "Procedure" : "Macro", e->name, e->name);
  return FALSE;
}

static const AcyLitMacro *
find_macro (Lower *lw, const AcyLitExpr *e, gboolean statement, guint depth, GError **error)
{
  const AcyLitMacro *m = acy_macros_lookup (lw->macros, e->name);

  if (m == NULL)
    {
      unknown_call (lw, e, statement, error);
      return NULL;
    }
  if (depth >= ACY_LIT_MAX_EXPANSION)
    {
      acy_set_error_at (error, ACY_ERROR_LIMIT, e->loc,
                        "macro expansion deeper than %d levels (a recursive macro?) near '%s'",
                        ACY_LIT_MAX_EXPANSION, e->name);
      return NULL;
    }
  if (m->n_params != e->n_args)
    {
      acy_set_error_at (error, ACY_ERROR_SYNTAX, e->loc,
                        "macro '%s' takes %u argument%s, given %u near '%s'",
                        m->name, m->n_params, m->n_params == 1 ? "" : "s", e->n_args, e->name);
      return NULL;
    }
  return m;
}

static AcyLitExpr *expand_expr (Lower *lw, AcyLitExpr *e, guint depth, GError **error);

/* Macros that use a parameter twice double at each level: bound what
 * expansion makes, and how deep the trees it makes are. */
static gboolean
expansion_bounded (Lower *lw, const AcyLitExpr *call, const AcyLitExpr *made, GError **error)
{
  if (lw->n_made > ACY_LIT_MAX_EXPANDED)
    {
      acy_set_error_at (error, ACY_ERROR_LIMIT, call->loc,
                        "macro expansion too large (more than %d nodes) near '%s'",
                        ACY_LIT_MAX_EXPANDED, lw->expanding ? lw->expanding : call->name);
      return FALSE;
    }
  if (made != NULL && made->height > ACY_LIT_MAX_DEPTH)
    {
      acy_set_error_at (error, ACY_ERROR_LIMIT, call->loc,
                        "macro expansion nested too deeply (more than %d levels) near '%s'",
                        ACY_LIT_MAX_DEPTH, lw->expanding ? lw->expanding : call->name);
      return FALSE;
    }
  return TRUE;
}

/* After its children were expanded, @e's height again. */
static AcyLitExpr *
reseal (Lower *lw, AcyLitExpr *e, GError **error)
{
  if (!acy_lit_expr_seal (e, lw->expanding ? lw->expanding : "(", error))
    return NULL;
  return e;
}

static gboolean
expand_args (Lower *lw, AcyLitExpr *e, guint depth, GError **error)
{
  for (guint i = 0; i < e->n_args; i++)
    {
      e->args[i] = expand_expr (lw, e->args[i], depth, error);
      if (e->args[i] == NULL)
        return FALSE;
    }
  return TRUE;
}

static AcyLitExpr *
expand_expr (Lower *lw, AcyLitExpr *e, guint depth, GError **error)
{
  if (e == NULL)
    return NULL;
  switch (e->kind)
    {
    case ACY_LEXPR_INT:
    case ACY_LEXPR_NAME:
    case ACY_LEXPR_ADDROF:
    case ACY_LEXPR_OPARG:
      return e;
    case ACY_LEXPR_DEREF:
    case ACY_LEXPR_UNARY:
      return (e->a = expand_expr (lw, e->a, depth, error)) ? reseal (lw, e, error) : NULL;
    case ACY_LEXPR_BINARY:
      if ((e->a = expand_expr (lw, e->a, depth, error)) == NULL
          || (e->b = expand_expr (lw, e->b, depth, error)) == NULL)
        return NULL;
      return reseal (lw, e, error);
    case ACY_LEXPR_CALL:
      break;
    }

  if (is_builtin (e->name))
    return expand_args (lw, e, depth, error) ? reseal (lw, e, error) : NULL;

  {
    const AcyLitMacro *m = find_macro (lw, e, FALSE, depth, error);
    const char *outer = lw->expanding;
    AcyLitExpr *body;

    if (m == NULL)
      return NULL;
    if (m->body_expr == NULL)
      {
        /* herd7 looks a call in an expression up among the expression
         * macros only: "Unknown macro smp_mb" */
        acy_set_error_at (error, ACY_ERROR_UNKNOWN_NAME, e->loc,
                          "unknown macro or function '%s' in an expression: its macro expands "
                          "to statements and has no value near '%s'", m->name, e->name);
        return NULL;
      }
    if (!expand_args (lw, e, depth, error))
      return NULL;
    body = subst_expr (lw, m->body_expr, m, e->args, e->loc);
    if (!expansion_bounded (lw, e, body, error))
      return NULL;
    lw->expanding = outer ? outer : e->name;
    body = expand_expr (lw, body, depth + 1, error);
    lw->expanding = outer;
    return body;
  }
}

static AcyLitStmt *
expand_stmt (Lower *lw, AcyLitStmt *s, guint depth, GError **error)
{
  if (acy_halt_tick (lw->test->halt, error))
    return NULL;
  switch (s->kind)
    {
    case ACY_LSTMT_EXPR:
      if (s->expr->kind == ACY_LEXPR_CALL && !is_builtin (s->expr->name) && !s->value)
        {
          const AcyLitMacro *m = find_macro (lw, s->expr, TRUE, depth, error);

          if (m == NULL)
            return NULL;
          if (m->body_block != NULL)
            {
              const char *outer = lw->expanding;
              AcyLitStmt *b;

              if (!expand_args (lw, s->expr, depth, error))
                return NULL;

              b = subst_stmt (lw, m->body_block, m, s->expr->args, s->expr->loc);
              lw->expanding = outer ? outer : s->expr->name;
              if (expansion_bounded (lw, s->expr, NULL, error))
                b = expand_stmt (lw, b, depth + 1, error);
              else
                b = NULL;
              lw->expanding = outer;
              return b;
            }
          if (depth == 0)
            {
              /* herd7 looks a statement up among the statement macros
               * only: "Unknown macro xchg" */
              acy_set_error_at (error, ACY_ERROR_UNKNOWN_NAME, s->expr->loc,
                                "unknown macro or function '%s' as a statement: its macro has "
                                "a value, and herd7 wants it used (e.g. 'r0 = %s(...);') near '%s'",
                                s->expr->name, s->expr->name, s->expr->name);
              return NULL;
            }
        }
      return (s->expr = expand_expr (lw, s->expr, depth, error)) ? s : NULL;
    case ACY_LSTMT_ASSIGN:
    case ACY_LSTMT_STORE:
      if ((s->lhs = expand_expr (lw, s->lhs, depth, error)) == NULL)
        return NULL;
      /* A macro may assign to a parameter given something else. */
      if (s->kind == ACY_LSTMT_ASSIGN && s->lhs->kind != ACY_LEXPR_NAME)
        {
          acy_set_error_at (error, ACY_ERROR_SYNTAX, s->loc,
                            "the left of '=' in this macro's body must be a register or "
                            "'*pointer', not what the call gives it near '%s'",
                            s->lhs->name ? s->lhs->name : "=");
          return NULL;
        }
      return (s->expr = expand_expr (lw, s->expr, depth, error)) ? s : NULL;
    case ACY_LSTMT_DECL:
      if (s->expr != NULL && (s->expr = expand_expr (lw, s->expr, depth, error)) == NULL)
        return NULL;
      return s;
    case ACY_LSTMT_IF:
    case ACY_LSTMT_WHILE:
      if ((s->expr = expand_expr (lw, s->expr, depth, error)) == NULL
          || (s->then_s = expand_stmt (lw, s->then_s, depth, error)) == NULL)
        return NULL;
      if (s->else_s != NULL && (s->else_s = expand_stmt (lw, s->else_s, depth, error)) == NULL)
        return NULL;
      return s;
    case ACY_LSTMT_BLOCK:
      for (guint i = 0; i < s->n_body; i++)
        if ((s->body[i] = expand_stmt (lw, s->body[i], depth, error)) == NULL)
          return NULL;
      return s;
    }
  return s;
}

/* ---- registers ---- */

typedef struct {
  GPtrArray *names;
} Regs;

static gint
reg_find (Regs *regs, const char *name)
{
  for (guint i = 0; i < regs->names->len; i++)
    if (strcmp (regs->names->pdata[i], name) == 0)
      return (gint) i;
  return -1;
}

static gint
reg_add (Regs *regs, const char *name)
{
  gint i = reg_find (regs, name);

  if (i >= 0)
    return i;
  g_ptr_array_add (regs->names, (gpointer) name);
  return (gint) regs->names->len - 1;
}

static void
collect_regs (AcyLitStmt *s, Regs *regs)
{
  if (s == NULL)
    return;
  switch (s->kind)
    {
    case ACY_LSTMT_DECL:
      s->reg = reg_add (regs, s->name);
      break;
    case ACY_LSTMT_ASSIGN:
      s->reg = reg_add (regs, s->lhs->name);
      break;
    case ACY_LSTMT_IF:
    case ACY_LSTMT_WHILE:
      collect_regs (s->then_s, regs);
      collect_regs (s->else_s, regs);
      break;
    case ACY_LSTMT_BLOCK:
      for (guint i = 0; i < s->n_body; i++)
        collect_regs (s->body[i], regs);
      break;
    default:
      break;
    }
}

static gboolean resolve_expr (Lower *lw, AcyLitExpr *e, Regs *regs, gboolean value, GError **error);

static gboolean
check_c11 (Lower *lw, AcyLitExpr *e, Regs *regs, GError **error)
{
  guint values[3], n_values = 0;

  if (!acy_lit_c11_check_call (e, values, &n_values, error))
    return FALSE;
  for (guint i = 0; i < n_values; i++)
    if (!resolve_expr (lw, e->args[values[i]], regs, TRUE, error))
      return FALSE;
  return TRUE;
}

static gboolean
check_core (Lower *lw, AcyLitExpr *e, Regs *regs, GError **error)
{
  gint ci = core_index (e->name);

  if (ci < 0)
    return check_c11 (lw, e, regs, error);
  AcyLitCore core = core_ops[ci].core;
  gint n = (gint) e->n_args;

  if (n < core_ops[ci].min_args || n > core_ops[ci].max_args)
    {
      acy_set_error_at (error, ACY_ERROR_SYNTAX, e->loc,
                        "'%s' takes %d argument%s, given %d near '%s'", e->name,
                        core_ops[ci].min_args, core_ops[ci].min_args == 1 ? "" : "s", n, e->name);
      return FALSE;
    }
  e->core = core;
  if (e->tag != NULL)
    {
      e->tag_index = acy_lit_test_tag (lw->test, e->tag);
      if (e->tag_index < 0)
        {
          acy_set_error_at (error, ACY_ERROR_LIMIT, e->loc, "more than %d distinct tags near '%s'",
                            ACY_LIT_MAX_TAGS, e->tag);
          return FALSE;
        }
    }
  /* tags the RMW operations put on their parts (see acy-enumerate.c) */
  switch (core)
    {
    case ACY_CORE_XCHG:
    case ACY_CORE_CMPXCHG:
    case ACY_CORE_ATOMIC_OP:
    case ACY_CORE_ATOMIC_OP_RETURN:
    case ACY_CORE_ATOMIC_FETCH_OP:
      acy_lit_test_tag (lw->test, "ONCE");
      break;
    case ACY_CORE_ADD_UNLESS:
      acy_lit_test_tag (lw->test, "ONCE");
      acy_lit_test_tag (lw->test, "MB");
      break;
    default:
      break;
    }

  if ((core == ACY_CORE_LOAD || core == ACY_CORE_STORE) && e->args[0]->kind != ACY_LEXPR_DEREF)
    {
      acy_set_error_at (error, ACY_ERROR_SYNTAX, e->args[0]->loc,
                        "'%s' needs a memory location '*pointer' near '%s'", e->name, e->name);
      return FALSE;
    }
  if (core == ACY_CORE_ATOMIC_OP || core == ACY_CORE_ATOMIC_OP_RETURN
      || core == ACY_CORE_ATOMIC_FETCH_OP)
    {
      if (e->args[1]->kind != ACY_LEXPR_OPARG || e->args[1]->op == ACY_LOP_NONE)
        {
          acy_set_error_at (error, ACY_ERROR_SYNTAX, e->args[1]->loc,
                            "'%s' needs an operator as its second argument near '%s'",
                            e->name, e->name);
          return FALSE;
        }
      return resolve_expr (lw, e->args[0], regs, TRUE, error)
             && resolve_expr (lw, e->args[2], regs, TRUE, error);
    }
  for (guint i = 0; i < e->n_args; i++)
    {
      /* the location argument of __load/__store is an address: `*A` */
      AcyLitExpr *a = (i == 0 && (core == ACY_CORE_LOAD || core == ACY_CORE_STORE))
                      ? e->args[0]->a : e->args[i];

      if (!resolve_expr (lw, a, regs, TRUE, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
resolve_expr (Lower *lw, AcyLitExpr *e, Regs *regs, gboolean value, GError **error)
{
  switch (e->kind)
    {
    case ACY_LEXPR_INT:
      return TRUE;
    case ACY_LEXPR_NAME:
      e->reg = reg_find (regs, e->name);
      if (e->reg < 0)
        {
          /* herd7 reads a name that no parameter or declaration gives
           * as a register holding 0, and says nothing: so do we, and say
           * it once per thread */
          g_autofree char *text = g_strdup_printf ("'%s' is not declared in P%u: it is read as a "
                                                   "register holding 0, as herd7 reads it",
                                                   e->name, lw->thread);
          AcyTestWarning w = { e->loc, acy_arena_strdup (lw->test->arena, text) };

          e->reg = reg_add (regs, e->name);
          g_array_append_val (lw->test->warnings, w);
        }
      return TRUE;
    case ACY_LEXPR_ADDROF:
      e->value = ACY_VALUE_ADDR_BASE + acy_lit_test_location (lw->test, e->name);
      return TRUE;
    case ACY_LEXPR_DEREF:
    case ACY_LEXPR_UNARY:
      return resolve_expr (lw, e->a, regs, TRUE, error);
    case ACY_LEXPR_BINARY:
      return resolve_expr (lw, e->a, regs, TRUE, error) && resolve_expr (lw, e->b, regs, TRUE, error);
    case ACY_LEXPR_OPARG:
      acy_set_error_at (error, ACY_ERROR_SYNTAX, e->loc,
                        "an operator is not a value near '%s'", e->name);
      return FALSE;
    case ACY_LEXPR_CALL:
      return check_core (lw, e, regs, error);
    }
  return TRUE;
}

static gboolean
resolve_stmt (Lower *lw, AcyLitStmt *s, Regs *regs, GError **error)
{
  if (acy_halt_tick (lw->test->halt, error))
    return FALSE;
  switch (s->kind)
    {
    case ACY_LSTMT_EXPR:
      return resolve_expr (lw, s->expr, regs, FALSE, error);
    case ACY_LSTMT_ASSIGN:
      return resolve_expr (lw, s->expr, regs, TRUE, error);
    case ACY_LSTMT_STORE:
      return resolve_expr (lw, s->lhs->a, regs, TRUE, error)
             && resolve_expr (lw, s->expr, regs, TRUE, error);
    case ACY_LSTMT_DECL:
      return s->expr == NULL || resolve_expr (lw, s->expr, regs, TRUE, error);
    case ACY_LSTMT_IF:
    case ACY_LSTMT_WHILE:
      return resolve_expr (lw, s->expr, regs, TRUE, error)
             && resolve_stmt (lw, s->then_s, regs, error)
             && (s->else_s == NULL || resolve_stmt (lw, s->else_s, regs, error));
    case ACY_LSTMT_BLOCK:
      for (guint i = 0; i < s->n_body; i++)
        if (!resolve_stmt (lw, s->body[i], regs, error))
          return FALSE;
      return TRUE;
    }
  return TRUE;
}

gboolean
acy_lit_expand_macros (AcyTest *test, const AcyMacros *macros, GError **error)
{
  Lower lw = { test, macros, test->arena };

  for (guint t = 0; t < test->n_threads; t++)
    {
      lw.thread = t;
      test->threads[t].body = expand_stmt (&lw, test->threads[t].body, 0, error);
      if (test->threads[t].body == NULL)
        return FALSE;
    }
  return TRUE;
}

gboolean
acy_lit_lower (AcyTest *test, GError **error)
{
  Lower lw = { test, NULL, test->arena };

  for (guint t = 0; t < test->n_threads; t++)
    {
      AcyLitThread *th = &test->threads[t];
      Regs regs = { g_ptr_array_new () };
      gboolean ok;

      lw.thread = t;
      for (guint i = 0; i < th->n_params; i++)
        reg_add (&regs, th->param_names[i]);
      collect_regs (th->body, &regs);
      for (guint i = 0; i < test->inits->len; i++)
        {
          AcyLitInit *in = &g_array_index (test->inits, AcyLitInit, i);

          if (in->var.thread == (gint) t)
            in->var.index = reg_add (&regs, in->var.name);
        }
      ok = resolve_stmt (&lw, th->body, &regs, error);
      if (ok)
        {
          th->n_regs = regs.names->len;
          th->reg_names = acy_arena_newv (test->arena, const char *, MAX (th->n_regs, 1));
          th->reg_init = acy_arena_newv0 (test->arena, AcyValue, MAX (th->n_regs, 1));
          if (th->n_regs > 0)
            memcpy (th->reg_names, regs.names->pdata, th->n_regs * sizeof (gpointer));
          for (guint i = 0; i < th->n_params; i++)
            th->reg_init[i] = ACY_VALUE_ADDR_BASE + th->param_locs[i];
        }
      g_ptr_array_free (regs.names, TRUE);
      if (!ok)
        return FALSE;
    }

  /* (a register of a thread the test lacks was refused before, with the
   * condition's: acy_lit_check_reg_threads) */
  for (guint i = 0; i < test->inits->len; i++)
    {
      AcyLitInit *in = &g_array_index (test->inits, AcyLitInit, i);

      test->threads[in->var.thread].reg_init[in->var.index] = in->value;
    }
  return TRUE;
}
