/* acy-condition.c - final conditions, filters and observed variables
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * prop   := prop '=>' prop | prop '\/' prop | prop '/\' prop
 *         | ('~' | 'not') prop | '(' prop ')' | 'true' | 'false' | atom
 * atom   := var ('=' | '==') (value | var) | var '!=' value
 * var    := N ':' REG | LOC | '[' LOC ']'
 * As herd7 reads them: '~' binds tightest, then '=>' (to the right:
 * a => b => c is a => (b => c)), then '/\', then '\/'; so
 * a \/ b => c is a \/ (b => c).
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "acy-trace.h"

static AcyLitProp *
prop_new (AcyLitParser *ps, AcyLitPropKind kind, AcyLoc loc)
{
  AcyLitProp *p = acy_arena_new0 (ps->arena, AcyLitProp);

  p->kind = kind;
  p->loc = loc;
  return p;
}

/* 1 + N for a word PN (P0, P01), else 0 */
static gint
thread_word (const AcyLitToken *t)
{
  guint64 n;

  if (t->kind != ACY_LTOK_IDENT || t->text[0] != 'P' || !g_ascii_isdigit (t->text[1])
      || !g_ascii_string_to_unsigned (t->text + 1, 10, 0, G_MAXINT16, &n, NULL))
    return 0;
  return (gint) n + 1;
}

gboolean
acy_lit_parse_state_var (AcyLitParser *ps, AcyTest *test, AcyLitVar *var,
                         gboolean allow_bracket, GError **error)
{
  const AcyLitToken *t = peek (ps);

  var->loc = t->loc;
  var->slot = -1;
  /* herd7 names a thread N or PN (P1:r0 is 1:r0) */
  if ((t->kind == ACY_LTOK_INT || thread_word (t)) && acy_lit_tok_is (peek_at (ps, 1), ":")
      && peek_at (ps, 2)->kind == ACY_LTOK_IDENT)
    {
      advance (ps);
      advance (ps);
      var->thread = t->kind == ACY_LTOK_INT ? (gint) t->value : thread_word (t) - 1;
      var->name = advance (ps)->text;
      var->index = -1;
      return TRUE;
    }
  if (allow_bracket && acy_lit_tok_is (t, "[") && peek_at (ps, 1)->kind == ACY_LTOK_IDENT
      && acy_lit_tok_is (peek_at (ps, 2), "]"))
    {
      advance (ps);
      t = advance (ps);
      advance (ps);
    }
  else if (t->kind == ACY_LTOK_IDENT && t->tag == NULL)
    advance (ps);
  else
    {
      acy_set_error_at (error, ACY_ERROR_SYNTAX, t->loc,
                        "expected a register 'N:r' or a location near '%s'",
                        acy_lit_token_describe (t));
      return FALSE;
    }
  var->thread = -1;
  var->name = t->text;
  var->index = acy_lit_test_location (test, t->text);
  return TRUE;
}

static AcyLitProp *parse_binary_prop (AcyLitParser *ps, AcyTest *test, guint level, GError **error);

static AcyLitProp *
parse_atom (AcyLitParser *ps, AcyTest *test, GError **error)
{
  AcyLitProp *p = prop_new (ps, ACY_LPROP_ATOM, peek (ps)->loc);
  const AcyLitToken *op, *t;
  gboolean negate = FALSE;

  if (acy_halt_tick (ps->halt, error)
      || !acy_lit_parse_state_var (ps, test, &p->lhs, TRUE, error))
    return NULL;
  op = peek (ps);
  if (acy_lit_tok_is (op, "!="))
    negate = TRUE;
  else if (acy_lit_tok_is (op, "<") && acy_lit_tok_is (peek_at (ps, 1), ">")
           && peek_at (ps, 1)->loc.line == op->loc.line && peek_at (ps, 1)->loc.col == op->loc.col + 1)
    {
      /* herd7's '<>', as '!=' */
      negate = TRUE;
      advance (ps);
    }
  else if (!acy_lit_tok_is (op, "=") && !acy_lit_tok_is (op, "=="))
    {
      acy_set_error_at (error, ACY_ERROR_SYNTAX, op->loc, "expected '=' near '%s'",
                        acy_lit_token_describe (op));
      return NULL;
    }
  advance (ps);

  t = peek (ps);
  if (acy_lit_tok_is (t, "-") && peek_at (ps, 1)->kind == ACY_LTOK_INT)
    {
      if (!acy_lit_check_state_int (peek_at (ps, 1), TRUE, error))
        return NULL;
      advance (ps);
      p->rhs_value = -advance (ps)->value;
    }
  else if (t->kind == ACY_LTOK_INT && !acy_lit_tok_is (peek_at (ps, 1), ":"))
    p->rhs_value = advance (ps)->value;
  else if (t->kind == ACY_LTOK_IDENT && t->tag == NULL)
    {
      /* a bare name on the right is the address of that location */
      advance (ps);
      p->rhs_value = ACY_VALUE_ADDR_BASE + acy_lit_test_location (test, t->text);
    }
  else
    {
      if (negate)
        {
          /* herd7's '!=' takes a value only: a number or an address */
          acy_set_error_at (error, ACY_ERROR_SYNTAX, t->loc,
                            "herd7 compares with '!=' and '<>' to a value only, not to a register "
                            "or location; write '~(... = ...)' near '%s'",
                            acy_lit_token_describe (t));
          return NULL;
        }
      if (!acy_lit_parse_state_var (ps, test, &p->rhs_var, TRUE, error))
        return NULL;
      p->rhs_is_var = TRUE;
    }

  if (negate)
    {
      AcyLitProp *n = prop_new (ps, ACY_LPROP_NOT, p->loc);

      n->a = p;
      return n;
    }
  return p;
}

/* Sets @p's height from its children's and refuses a condition deeper
 * than the walks over it may recurse (`/\` and `\/` chain in a loop). */
static AcyLitProp *
seal_prop (AcyLitProp *p, const AcyLitToken *t, GError **error)
{
  if (p == NULL)
    return NULL;
  p->height = 1 + MAX (p->a ? p->a->height : 0, p->b ? p->b->height : 0);
  if (p->height <= ACY_LIT_MAX_DEPTH)
    return p;
  acy_set_error_at (error, ACY_ERROR_LIMIT, t->loc,
                    "condition nested too deeply (more than %d levels) near '%s'",
                    ACY_LIT_MAX_DEPTH, acy_lit_token_describe (t));
  return NULL;
}

/* fault := 'fault' '(' PN [',' location] ')'
 * herd7's fault atom: a C test has no fault, so it never holds; herd7
 * lists it, negated, in every state (acy_test_get_fault_text). With
 * @check (the condition, not `locations`), the thread and the location
 * must be the test's, as herd7 wants there. */
AcyLitProp *
acy_lit_parse_fault (AcyLitParser *ps, AcyTest *test, gboolean check, GError **error)
{
  const AcyLitToken *t = advance (ps), *open = advance (ps), *th = peek (ps), *x = NULL;
  AcyLitProp *p;
  gint n = thread_word (th);

  if (n == 0)
    {
      acy_set_error_at (error, ACY_ERROR_SYNTAX, th->loc, "expected a thread 'PN' in fault(...) near '%s'",
                        acy_lit_token_describe (th));
      return NULL;
    }
  if (check && (guint) n > test->n_threads)
    {
      /* herd7: Bad process P2 */
      acy_set_error_at (error, ACY_ERROR_SYNTAX, th->loc, "the test has no thread %s near '%s'",
                        th->text, th->text);
      return NULL;
    }
  advance (ps);
  if (acy_lit_accept (ps, ","))
    {
      x = peek (ps);
      if (x->kind != ACY_LTOK_IDENT || x->tag != NULL)
        {
          acy_set_error_at (error, ACY_ERROR_SYNTAX, x->loc, "expected a location in fault(...) near '%s'",
                            acy_lit_token_describe (x));
          return NULL;
        }
      if (check && acy_lit_test_find_location (test, x->text) < 0)
        {
          /* herd7: Post-condition introduces new symbolic location(s) */
          acy_set_error_at (error, ACY_ERROR_SYNTAX, x->loc,
                            "'%s' is not a location of the test near '%s'", x->text, x->text);
          return NULL;
        }
      advance (ps);
    }
  if (!acy_lit_expect_close (ps, ")", open, error))
    return NULL;
  p = prop_new (ps, ACY_LPROP_FALSE, t->loc);
  p->fault = TRUE;
  p->fault_thread = (guint) n - 1;
  p->fault_loc = x ? x->text : NULL;
  return p;
}

static AcyLitProp *
parse_unary_prop (AcyLitParser *ps, AcyTest *test, GError **error)
{
  const AcyLitToken *t = peek (ps);
  AcyLitProp *p = NULL;

  if (++ps->depth > ACY_LIT_MAX_DEPTH)
    {
      acy_set_error_at (error, ACY_ERROR_LIMIT, t->loc,
                        "condition nested too deeply near '%s'", acy_lit_token_describe (t));
      return NULL;
    }
  if (acy_lit_tok_is (t, "~") || acy_lit_tok_is_ident (t, "not"))
    {
      AcyLitProp *a;

      advance (ps);
      a = parse_unary_prop (ps, test, error);
      if (a != NULL)
        {
          p = prop_new (ps, ACY_LPROP_NOT, t->loc);
          p->a = a;
        }
    }
  else if (acy_lit_tok_is (t, "("))
    {
      advance (ps);
      p = parse_binary_prop (ps, test, 0, error);
      if (p != NULL && !acy_lit_tok_is (peek (ps), ")"))
        {
          acy_set_error_at (error, ACY_ERROR_SYNTAX, peek (ps)->loc,
                            "expected ')' to close the '(' opened at %u:%u near '%s'",
                            t->loc.line, t->loc.col, acy_lit_token_describe (peek (ps)));
          p = NULL;
        }
      else if (p != NULL)
        advance (ps);
    }
  else if (acy_lit_tok_is_ident (t, "fault") && acy_lit_tok_is (peek_at (ps, 1), "("))
    p = acy_lit_parse_fault (ps, test, TRUE, error);
  else if (acy_lit_tok_is_ident (t, "true") && !acy_lit_tok_is (peek_at (ps, 1), "="))
    {
      advance (ps);
      p = prop_new (ps, ACY_LPROP_TRUE, t->loc);
    }
  else if (acy_lit_tok_is_ident (t, "false") && !acy_lit_tok_is (peek_at (ps, 1), "="))
    {
      advance (ps);
      p = prop_new (ps, ACY_LPROP_FALSE, t->loc);
    }
  else
    p = parse_atom (ps, test, error);
  ps->depth--;
  return seal_prop (p, t, error);
}

/* implies := unary ('=>' implies)? */
static AcyLitProp *
parse_implies (AcyLitParser *ps, AcyTest *test, GError **error)
{
  AcyLitProp *lhs = parse_unary_prop (ps, test, error);

  if (lhs != NULL && acy_lit_tok_is (peek (ps), "=>"))
    {
      const AcyLitToken *t = advance (ps);
      AcyLitProp *rhs, *p;

      if (++ps->depth > ACY_LIT_MAX_DEPTH)
        {
          acy_set_error_at (error, ACY_ERROR_LIMIT, t->loc,
                            "condition nested too deeply (more than %d levels) near '=>'",
                            ACY_LIT_MAX_DEPTH);
          return NULL;
        }
      rhs = parse_implies (ps, test, error);
      ps->depth--;
      if (rhs == NULL)
        return NULL;
      p = prop_new (ps, ACY_LPROP_IMPLIES, t->loc);
      p->a = lhs;
      p->b = rhs;
      return seal_prop (p, t, error);
    }
  return lhs;
}

/* or := and ('\/' and)*;  and := implies ('/\' implies)* */
static AcyLitProp *
parse_binary_prop (AcyLitParser *ps, AcyTest *test, guint level, GError **error)
{
  static const char *const ops[] = { "\\/", "/\\" };
  static const AcyLitPropKind kinds[] = { ACY_LPROP_OR, ACY_LPROP_AND };
  AcyLitProp *lhs;

  lhs = level < 2 ? parse_binary_prop (ps, test, level + 1, error)
                  : parse_implies (ps, test, error);
  if (level >= 2)
    return lhs;
  while (lhs != NULL && acy_lit_tok_is (peek (ps), ops[level]))
    {
      const AcyLitToken *t = advance (ps);
      AcyLitProp *rhs = parse_binary_prop (ps, test, level + 1, error);
      AcyLitProp *p;

      if (rhs == NULL)
        return NULL;
      p = prop_new (ps, kinds[level], t->loc);
      p->a = lhs;
      p->b = rhs;
      lhs = seal_prop (p, t, error);
    }
  return lhs;
}

AcyLitProp *
acy_lit_parse_prop (AcyLitParser *ps, AcyTest *test, GError **error)
{
  return parse_binary_prop (ps, test, 0, error);
}

/* herd7 reads the atoms `var = value` joined by '/\' at the top of a
 * filter as constraints, and refuses two that give one variable two
 * values ("Incompatible constraint on location"); atoms under '\/',
 * '~' or '=>' and comparisons of two variables are not collected. */
static gboolean
collect_constraints (const AcyTest *test, const AcyLitProp *p, GPtrArray *atoms, GError **error)
{
  if (p->kind == ACY_LPROP_AND)
    return collect_constraints (test, p->a, atoms, error)
           && collect_constraints (test, p->b, atoms, error);
  if (p->kind != ACY_LPROP_ATOM || p->rhs_is_var)
    return TRUE;
  for (guint i = 0; i < atoms->len; i++)
    {
      const AcyLitProp *q = atoms->pdata[i];

      if (q->lhs.thread == p->lhs.thread && strcmp (q->lhs.name, p->lhs.name) == 0
          && q->rhs_value != p->rhs_value)
        {
          g_autofree char *a = acy_test_format_value (test, q->rhs_value);
          g_autofree char *b = acy_test_format_value (test, p->rhs_value);
          g_autofree char *var = p->lhs.thread >= 0
                                   ? g_strdup_printf ("%d:%s", p->lhs.thread, p->lhs.name)
                                   : g_strdup_printf ("[%s]", p->lhs.name);

          acy_set_error_at (error, ACY_ERROR_SYNTAX, p->loc,
                            "the filter wants %s to be both %s and %s (herd7 refuses this: "
                            "incompatible constraint) near '%s'", var, a, b, var);
          return FALSE;
        }
    }
  g_ptr_array_add (atoms, (gpointer) p);
  return TRUE;
}

gboolean
acy_lit_check_filter (const AcyTest *test, const AcyLitProp *filter, GError **error)
{
  g_autoptr(GPtrArray) atoms = g_ptr_array_new ();

  return collect_constraints (test, filter, atoms, error);
}

/* ---- resolution and observed variables ---- */

/* A register of a thread the test lacks, which herd7 reads as 0 in a
 * filter and in a -conds condition (it refuses it in the init block and
 * the test's own condition and locations, acy_lit_check_reg_threads). */
static void
resolve_phantom (AcyTest *test, AcyLitVar *v)
{
  g_autofree char *key = g_strdup_printf ("%d:%s", v->thread, v->name);

  if (test->phantom_regs == NULL)
    test->phantom_regs = g_ptr_array_new ();
  for (guint i = 0; i < test->phantom_regs->len; i++)
    if (strcmp (test->phantom_regs->pdata[i], key) == 0)
      {
        v->index = (gint) i;
        return;
      }
  v->index = (gint) test->phantom_regs->len;
  g_ptr_array_add (test->phantom_regs, acy_arena_strdup (test->arena, key));
}

/* @any_thread: a register of a thread the test lacks is no error (a
 * -conds condition's, read as 0) */
static gboolean
check_var_thread (const AcyTest *test, const AcyLitVar *v, gboolean any_thread, GError **error)
{
  if (v->thread < 0)
    return TRUE;
  if ((guint) v->thread >= test->n_threads)
    {
      if (any_thread)
        return TRUE;
      /* herd7: "Bad process P5" */
      acy_set_error_at (error, ACY_ERROR_UNKNOWN_NAME, v->loc,
                        "no thread P%d for register near '%d:%s'", v->thread, v->thread, v->name);
      return FALSE;
    }
  if (test->reg_canonical != NULL && test->reg_canonical (v->name) == NULL)
    {
      /* an assembly test's register is one its architecture names */
      acy_set_error_at (error, ACY_ERROR_UNKNOWN_NAME, v->loc,
                        "%s is not a register (herd7 refuses it) near '%d:%s'",
                        v->name, v->thread, v->name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_prop_threads (const AcyTest *test, const AcyLitProp *p, gboolean any_thread, GError **error)
{
  if (p == NULL)
    return TRUE;
  if (p->kind == ACY_LPROP_ATOM)
    return check_var_thread (test, &p->lhs, any_thread, error)
           && (!p->rhs_is_var || check_var_thread (test, &p->rhs_var, any_thread, error));
  return check_prop_threads (test, p->a, any_thread, error)
         && check_prop_threads (test, p->b, any_thread, error);
}

gboolean
acy_lit_check_reg_threads (const AcyTest *test, GPtrArray *locations,
                           gboolean cond_from_command_line, GError **error)
{
  for (guint i = 0; i < test->inits->len; i++)
    if (!check_var_thread (test, &g_array_index (test->inits, AcyLitInit, i).var, FALSE, error))
      return FALSE;
  for (guint i = 0; i < locations->len; i++)
    if (!check_var_thread (test, locations->pdata[i], FALSE, error))
      return FALSE;
  return check_prop_threads (test, test->cond, cond_from_command_line, error)
         && check_prop_threads (test, test->filter, TRUE, error);
}

static void
resolve_var (AcyTest *test, AcyLitVar *v)
{
  const AcyLitThread *th;

  if (v->thread < 0 || v->index >= 0)
    return;
  if ((guint) v->thread >= test->n_threads)
    {
      resolve_phantom (test, v);
      return;
    }
  if (test->reg_canonical != NULL)
    {
      /* an assembly test: herd's name for the register (RAX is rax;
       * one it has no name for was refused, acy_lit_check_reg_threads) */
      const char *canonical = test->reg_canonical (v->name);

      if (canonical != NULL)
        v->name = canonical;
    }
  th = &test->threads[v->thread];
  for (guint i = 0; i < th->n_regs; i++)
    if (strcmp (th->reg_names[i], v->name) == 0)
      {
        v->index = (gint) i;
        return;
      }
  /* herd accepts a register the thread never mentions: it stays 0 */
  {
    AcyLitThread *mt = &test->threads[v->thread];
    const char **names = acy_arena_newv (test->arena, const char *, mt->n_regs + 1);
    AcyValue *init = acy_arena_newv0 (test->arena, AcyValue, mt->n_regs + 1);

    if (mt->n_regs > 0)   /* memcpy from NULL is undefined, even for 0 bytes */
      {
        memcpy (names, mt->reg_names, mt->n_regs * sizeof (char *));
        memcpy (init, mt->reg_init, mt->n_regs * sizeof (AcyValue));
      }
    names[mt->n_regs] = acy_arena_strdup (test->arena, v->name);
    mt->reg_names = names;
    mt->reg_init = init;
    v->index = (gint) mt->n_regs++;
  }
}

static gint
var_slot (GArray *vars, const AcyLitVar *v)
{
  for (guint i = 0; i < vars->len; i++)
    {
      const AcyLitVar *w = &g_array_index (vars, AcyLitVar, i);

      if (w->thread == v->thread && w->index == v->index)
        return (gint) i;
    }
  return -1;
}

static void
collect_prop (AcyTest *test, AcyLitProp *p, GArray *vars)
{
  if (p == NULL)
    return;
  if (p->kind != ACY_LPROP_ATOM)
    {
      collect_prop (test, p->a, vars);
      collect_prop (test, p->b, vars);
      return;
    }
  resolve_var (test, &p->lhs);
  if (var_slot (vars, &p->lhs) < 0)
    g_array_append_val (vars, p->lhs);
  if (p->rhs_is_var)
    {
      resolve_var (test, &p->rhs_var);
      if (var_slot (vars, &p->rhs_var) < 0)
        g_array_append_val (vars, p->rhs_var);
    }
}

static void
assign_slots (AcyLitProp *p, GArray *vars)
{
  if (p == NULL)
    return;
  if (p->kind == ACY_LPROP_ATOM)
    {
      p->lhs.slot = var_slot (vars, &p->lhs);
      if (p->rhs_is_var)
        p->rhs_var.slot = var_slot (vars, &p->rhs_var);
      return;
    }
  assign_slots (p->a, vars);
  assign_slots (p->b, vars);
}

/* herd prints registers first (by thread, then name), then locations
 * (by name); names compare as strings, so r10 sorts before r2. */
static int
compare_vars (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const AcyLitVar *a = pa, *b = pb;
  const AcyTest *sort_test = data;

  if ((a->thread < 0) != (b->thread < 0))
    return a->thread < 0 ? 1 : -1;
  if (a->thread != b->thread)
    return a->thread < b->thread ? -1 : 1;
  if (a->thread >= (gint) sort_test->n_threads)
    return strcmp (a->name, b->name);
  if (a->thread >= 0 && sort_test->reg_rank != NULL)
    {
      guint ra = sort_test->reg_rank (sort_test->threads[a->thread].reg_names[a->index]);
      guint rb = sort_test->reg_rank (sort_test->threads[b->thread].reg_names[b->index]);

      if (ra != rb)
        return ra < rb ? -1 : 1;
    }
  if (a->thread >= 0)
    return strcmp (sort_test->threads[a->thread].reg_names[a->index],
                   sort_test->threads[b->thread].reg_names[b->index]);
  return strcmp (g_ptr_array_index (sort_test->loc_names, a->index),
                 g_ptr_array_index (sort_test->loc_names, b->index));
}

static char *
var_name (const AcyTest *test, const AcyLitVar *v)
{
  if (v->thread >= (gint) test->n_threads)
    return g_strdup (test->phantom_regs->pdata[v->index]);
  if (v->thread >= 0)
    return g_strdup_printf ("%d:%s", v->thread, test->threads[v->thread].reg_names[v->index]);
  return g_strdup_printf ("[%s]", (const char *) g_ptr_array_index (test->loc_names, v->index));
}

static void
append_value (const AcyTest *test, GString *s, AcyValue v)
{
  if (v == ACY_LIT_VALUE_UNSOLVED)   /* herd prints a symbol */
    g_string_append (s, "S");
  else if (ACY_LIT_VALUE_IS_SYMBOL (v))
    g_string_append_printf (s, "S%u", ACY_LIT_VALUE_SYMBOL_NUMBER (v));
  else if (ACY_VALUE_IS_PTR (v) && (guint) ACY_VALUE_PTR_LOC (v) < test->loc_names->len)
    {
      g_string_append (s, g_ptr_array_index (test->loc_names, ACY_VALUE_PTR_LOC (v)));
      if (ACY_VALUE_PTR_OFFSET (v) != 0)   /* herd7's x+1, x-1 */
        g_string_append_printf (s, "%+d", ACY_VALUE_PTR_OFFSET (v));
    }
  else
    g_string_append_printf (s, "%" G_GINT64_FORMAT, v);
}

typedef enum { ABOVE_TOP, ABOVE_AND, ABOVE_OR, ABOVE_IMPLIES } Above;

/* Parenthesise as herd does: an `\/` or `=>` under a `/\`, and a `/\` or
 * `\/` under a `=>`; the operand of `not` is always in parentheses. */
static void
print_prop (const AcyTest *test, GString *s, const AcyLitProp *p, Above above)
{
  gboolean paren = FALSE;

  switch (p->kind)
    {
    case ACY_LPROP_TRUE:
      g_string_append (s, "true");
      return;
    case ACY_LPROP_FALSE:
      if (p->fault && p->fault_loc)
        g_string_append_printf (s, "fault(P%u,%s)", p->fault_thread, p->fault_loc);
      else if (p->fault)
        g_string_append_printf (s, "fault(P%u)", p->fault_thread);
      else
        g_string_append (s, "false");
      return;
    case ACY_LPROP_ATOM:
      {
        g_autofree char *l = var_name (test, &p->lhs);

        g_string_append (s, l);
        g_string_append_c (s, '=');
        if (p->rhs_is_var)
          {
            g_autofree char *r = var_name (test, &p->rhs_var);

            g_string_append (s, r);
          }
        else
          append_value (test, s, p->rhs_value);
        return;
      }
    case ACY_LPROP_NOT:
      g_string_append (s, "not (");
      print_prop (test, s, p->a, ABOVE_TOP);
      g_string_append_c (s, ')');
      return;
    case ACY_LPROP_AND:
      paren = above == ABOVE_IMPLIES;
      break;
    case ACY_LPROP_OR:
      paren = above == ABOVE_AND || above == ABOVE_IMPLIES;
      break;
    case ACY_LPROP_IMPLIES:
      paren = above == ABOVE_AND || above == ABOVE_OR;
      break;
    }
  if (paren)
    g_string_append_c (s, '(');
  {
    Above here = p->kind == ACY_LPROP_AND ? ABOVE_AND
               : p->kind == ACY_LPROP_OR ? ABOVE_OR : ABOVE_IMPLIES;

    print_prop (test, s, p->a, here);
    g_string_append (s, p->kind == ACY_LPROP_AND ? " /\\ "
                        : p->kind == ACY_LPROP_OR ? " \\/ " : " => ");
    print_prop (test, s, p->b, here);
  }
  if (paren)
    g_string_append_c (s, ')');
}

static void
collect_faults (const AcyLitProp *p, GPtrArray *faults)
{
  if (p == NULL)
    return;
  if (p->fault)
    g_ptr_array_add (faults, (gpointer) p);
  collect_faults (p->a, faults);
  collect_faults (p->b, faults);
}

/* herd7's order: down by thread, then by location, a location before none */
static gint
compare_faults (gconstpointer pa, gconstpointer pb)
{
  const AcyLitProp *a = *(const AcyLitProp *const *) pa, *b = *(const AcyLitProp *const *) pb;

  if (a->fault_thread != b->fault_thread)
    return a->fault_thread > b->fault_thread ? -1 : 1;
  if (a->fault_loc == NULL || b->fault_loc == NULL)
    return (a->fault_loc == NULL) - (b->fault_loc == NULL);
  return -strcmp (a->fault_loc, b->fault_loc);
}

/* " ~Fault(P1,x); ~Fault(P0);", each fault atom of the condition once */
static char *
fault_text (const AcyLitProp *cond, const AcyLitProp *located)
{
  g_autoptr (GPtrArray) faults = g_ptr_array_new ();
  GString *s;

  collect_faults (cond, faults);
  for (const AcyLitProp *f = located; f != NULL; f = f->b)   /* a chain: no recursion */
    g_ptr_array_add (faults, (gpointer) f);
  if (faults->len == 0)
    return NULL;
  g_ptr_array_sort (faults, compare_faults);
  s = g_string_new (" ");
  for (guint i = 0; i < faults->len; i++)
    {
      const AcyLitProp *f = faults->pdata[i];

      if (i > 0 && compare_faults (&faults->pdata[i - 1], &faults->pdata[i]) == 0)
        continue;
      if (f->fault_loc)
        g_string_append_printf (s, " ~Fault(P%u,%s);", f->fault_thread, f->fault_loc);
      else
        g_string_append_printf (s, " ~Fault(P%u);", f->fault_thread);
    }
  return g_string_free (s, FALSE);
}

void
acy_lit_finish_condition (AcyTest *test, GPtrArray *locations)
{
  g_autoptr (GArray) vars = g_array_new (FALSE, TRUE, sizeof (AcyLitVar));
  g_autoptr (GArray) extra = g_array_new (FALSE, TRUE, sizeof (AcyLitVar));
  GString *text;

  collect_prop (test, test->cond, vars);
  for (guint i = 0; i < locations->len; i++)
    {
      AcyLitVar *v = locations->pdata[i];

      resolve_var (test, v);
      if (var_slot (vars, v) < 0)
        g_array_append_val (vars, *v);
    }
  g_array_sort_with_data (vars, compare_vars, test);
  test->n_observed = vars->len;

  collect_prop (test, test->filter, extra);
  for (guint i = 0; i < extra->len; i++)
    if (var_slot (vars, &g_array_index (extra, AcyLitVar, i)) < 0)
      g_array_append_val (vars, g_array_index (extra, AcyLitVar, i));

  test->n_tracked = vars->len;
  test->tracked = g_new0 (AcyLitVar, MAX (vars->len, 1));
  if (vars->len > 0)
    memcpy (test->tracked, vars->data, vars->len * sizeof (AcyLitVar));
  test->observed_names = g_new0 (char *, test->n_observed + 1);
  for (guint i = 0; i < test->n_observed; i++)
    test->observed_names[i] = var_name (test, &test->tracked[i]);

  assign_slots (test->cond, vars);
  assign_slots (test->filter, vars);

  text = g_string_new (NULL);
  g_string_append (text, test->quant == ACY_QUANT_EXISTS ? "exists ("
                   : test->quant == ACY_QUANT_FORALL ? "forall (" : "~exists (");
  print_prop (test, text, test->cond, ABOVE_TOP);
  g_string_append_c (text, ')');
  test->cond_text = g_string_free (text, FALSE);
  g_free (test->fault_text);
  test->fault_text = fault_text (test->cond, test->location_faults);
}

gint
acy_lit_tracked_index (const AcyTest *test, AcyLitVar v)
{
  for (guint i = 0; i < test->n_tracked; i++)
    if (test->tracked[i].thread == v.thread && test->tracked[i].index == v.index)
      return (gint) i;
  return -1;
}

/* ---- values read in their types (AcyTest.tracked_bits) ---- */

AcyValue
acy_lit_cast_value (guint8 code, AcyValue v)
{
  guint bits = code & ~ACY_LIT_UNSIGNED;
  guint64 x;

  if (bits == 0 || bits >= 64 || ACY_VALUE_IS_PTR (v) || v < G_MININT64 / 2)
    return v;
  x = (guint64) v & (((guint64) 1 << bits) - 1);
  if (!(code & ACY_LIT_UNSIGNED) && (x >> (bits - 1)) != 0)
    return (AcyValue) x - ((AcyValue) 1 << bits);
  return (AcyValue) x;
}

AcyValue
acy_lit_tracked_cast (const AcyTest *test, guint i, AcyValue v)
{
  return acy_lit_cast_value (test->tracked_bits[i], v);
}

static void
cast_constants (const AcyTest *test, AcyLitProp *p)
{
  if (p == NULL)
    return;
  if (p->kind == ACY_LPROP_ATOM)
    {
      if (!p->rhs_is_var && p->lhs.slot >= 0)
        p->rhs_value = acy_lit_cast_value (test->tracked_bits[p->lhs.slot], p->rhs_value);
      return;
    }
  cast_constants (test, p->a);
  cast_constants (test, p->b);
}

/* herd7 compares a constant with a value as the value's type reads it
 * (a char's 256 is 0): the constants cast once, the text kept. */
void
acy_lit_cast_constants (AcyTest *test)
{
  cast_constants (test, test->cond);
  cast_constants (test, test->filter);
}

gboolean
acy_lit_prop_eval (const AcyLitProp *p, const AcyTest *test, const AcyValue *values)
{
  switch (p->kind)
    {
    case ACY_LPROP_TRUE:
      return TRUE;
    case ACY_LPROP_FALSE:
      return FALSE;
    case ACY_LPROP_ATOM:
      {
        AcyValue lhs = values[p->lhs.slot];
        AcyValue rhs = p->rhs_is_var ? values[p->rhs_var.slot] : p->rhs_value;

        /* herd7 compares values as their types read them (an assembly
         * test's int register or location: 32 bits) */
        if (G_UNLIKELY (test->tracked_bits != NULL))
          {
            lhs = acy_lit_tracked_cast (test, (guint) p->lhs.slot, lhs);
            if (p->rhs_is_var)
              rhs = acy_lit_tracked_cast (test, (guint) p->rhs_var.slot, rhs);
          }
        return lhs == rhs;
      }
    case ACY_LPROP_NOT:
      return !acy_lit_prop_eval (p->a, test, values);
    case ACY_LPROP_AND:
      return acy_lit_prop_eval (p->a, test, values) && acy_lit_prop_eval (p->b, test, values);
    case ACY_LPROP_OR:
      return acy_lit_prop_eval (p->a, test, values) || acy_lit_prop_eval (p->b, test, values);
    case ACY_LPROP_IMPLIES:
      return !acy_lit_prop_eval (p->a, test, values) || acy_lit_prop_eval (p->b, test, values);
    }
  return FALSE;
}

/* ---- public accessors ---- */

const char *
acy_test_get_fault_text (const AcyTest *test)
{
  return test->fault_text;
}

/* The values the conjunction of `var=value` atoms at the top of @p wants
 * of its variables, into @wanted (name -> AcyLitProp*): FALSE, @error at
 * the second atom, when it wants one at two values. */
static gboolean
wanted_values (const AcyTest *test, const AcyLitProp *p, GHashTable *wanted, GError **error)
{
  const AcyLitProp *before;
  g_autofree char *name = NULL;

  if (p->kind == ACY_LPROP_AND)
    return wanted_values (test, p->a, wanted, error) && wanted_values (test, p->b, wanted, error);
  if (p->kind != ACY_LPROP_ATOM || p->rhs_is_var || p->fault)
    return TRUE;
  name = p->lhs.thread >= 0 ? g_strdup_printf ("%d:%s", p->lhs.thread, p->lhs.name)
                            : g_strdup (p->lhs.name);
  before = g_hash_table_lookup (wanted, name);
  if (before == NULL)
    g_hash_table_insert (wanted, g_steal_pointer (&name), (gpointer) p);
  else if (before->rhs_value != p->rhs_value)
    {
      g_autofree char *v0 = acy_test_format_value (test, before->rhs_value);
      g_autofree char *v = acy_test_format_value (test, p->rhs_value);

      acy_set_error_at (error, ACY_ERROR_TYPE, p->loc,
                        "with -speedcheck true herd7 refuses a condition wanting %s at two "
                        "values (herd7: Incompatible constraint on location %s (%s vs. %s)) "
                        "near '%s'", name, name, v0, v, p->lhs.name);
      return FALSE;
    }
  return TRUE;
}

gboolean
acy_test_check_speedcheck (const AcyTest *test, GError **error)
{
  g_autoptr(GHashTable) wanted = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  /* herd7 reads them for `exists` only (its Mem.wanted_final_values) */
  if (acy_test_get_quantifier (test) != ACY_QUANT_EXISTS || test->cond == NULL)
    return TRUE;
  return wanted_values (test, test->cond, wanted, error);
}

const char *
acy_test_get_condition_text (const AcyTest *test)
{
  return test->cond_text;
}

guint
acy_test_get_n_observed (const AcyTest *test)
{
  return test->n_observed;
}

const char *
acy_test_get_observed (const AcyTest *test, guint i)
{
  g_return_val_if_fail (i < test->n_observed, NULL);
  return test->observed_names[i];
}

AcyValue
acy_test_observed_value (const AcyTest *test, guint i, AcyValue v)
{
  const AcyLitVar *var;
  guint8 code;

  if (i >= test->n_observed || ACY_VALUE_IS_PTR (v))
    return v;
  var = &test->tracked[i];
  if (test->tracked_bits != NULL)
    return acy_lit_tracked_cast (test, i, v);
  if (var->thread < 0 && var->index >= 0 && acy_lit_loc_type (test, (guint) var->index, &code))
    return acy_lit_cast_value (code, v);
  return v;
}

char *
acy_test_format_observed (const AcyTest *test, guint i, AcyValue v)
{
  v = acy_test_observed_value (test, i, v);
  /* a 64-bit unsigned location (uint64_t) holds what no gint64 prints */
  if (test->tracked_bits != NULL && i < test->n_tracked
      && test->tracked_bits[i] == (64 | ACY_LIT_UNSIGNED) && v < 0 && v > G_MININT64 / 2)
    return g_strdup_printf ("%" G_GUINT64_FORMAT, (guint64) v);
  return acy_test_format_value (test, v);
}

char *
acy_test_format_value (const AcyTest *test, AcyValue v)
{
  GString *s = g_string_new (NULL);

  append_value (test, s, v);
  return g_string_free (s, FALSE);
}

static int
compare_values (const AcyTest *test, AcyValue a, AcyValue b)
{
  gboolean aa = ACY_VALUE_IS_PTR (a), ba = ACY_VALUE_IS_PTR (b);

  if (aa && ba)
    {
      g_autofree char *sa = acy_test_format_value (test, a);
      g_autofree char *sb = acy_test_format_value (test, b);
      return strcmp (sa, sb);
    }
  if (aa != ba)
    return aa ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

int
acy_test_compare_states (const AcyTest *test, const AcyValue *a, const AcyValue *b, guint n)
{
  /* herd7 orders states by the 32-bit signed values and only prints an
   * atomic_t location as unsigned: -1 (4294967295) comes before 1. */
  for (guint i = 0; i < n; i++)
    {
      int c = compare_values (test, a[i], b[i]);
      if (c)
        return c;
    }
  return 0;
}
