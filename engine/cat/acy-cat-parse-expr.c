/* acy-cat-parse-expr.c - cat expressions, patterns, bindings and variant conditions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Binary operators, loosest first:
 *   |   ++   ;   \   &   *(cartesian)
 * all right-associative except `\` (left) and `*` (non-associative);
 * prefix `~` and the postfix operators bind tighter, and application
 * `f x` tighter still (its argument is a name or a bracketed form).
 * A `*` is postfix unless the next token can start an operand.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-cat-parser-private.h"

static guint
height_of (const AcyCatExpr *e)
{
  return e ? e->height : 0;
}

static guint
max_height (guint n, AcyCatExpr *const *items)
{
  guint h = 0;

  for (guint i = 0; i < n; i++)
    h = MAX (h, height_of (items[i]));
  return h;
}

/* Sets @e's height from its children's (each sealed before it) and
 * refuses a tree deeper than the walks over it may recurse. Operators
 * and applications chain without recursion in the parser, so depth is
 * checked here, on the tree, not only on the parser's own recursion. */
static AcyCatExpr *
seal (AcyCatParser *p, AcyCatExpr *e)
{
  guint h = 0;

  if (e == NULL)
    return NULL;
  switch (e->kind)
    {
    case ACY_CAT_E_SET:
    case ACY_CAT_E_TUPLE:
      h = max_height (e->u.list.n, e->u.list.items);
      break;
    case ACY_CAT_E_BINOP:
      h = MAX (height_of (e->u.bin.a), height_of (e->u.bin.b));
      break;
    case ACY_CAT_E_UNOP:
      h = height_of (e->u.un.a);
      break;
    case ACY_CAT_E_APP:
      h = MAX (height_of (e->u.app.f), height_of (e->u.app.arg));
      break;
    case ACY_CAT_E_FUN:
      h = height_of (e->u.fun.body);
      break;
    case ACY_CAT_E_LET:
    case ACY_CAT_E_LETREC:
      h = height_of (e->u.let.body);
      for (guint i = 0; i < e->u.let.n; i++)
        h = MAX (h, height_of (e->u.let.b[i].e));
      break;
    case ACY_CAT_E_MATCH_SET:
      h = MAX (height_of (e->u.mset.e), MAX (height_of (e->u.mset.if_empty), height_of (e->u.mset.if_cons)));
      break;
    case ACY_CAT_E_MATCH_TAG:
      h = MAX (height_of (e->u.mtag.e), MAX (height_of (e->u.mtag.dflt),
                                             max_height (e->u.mtag.n, e->u.mtag.cases)));
      break;
    case ACY_CAT_E_TRY:
      h = MAX (height_of (e->u.try_.e), height_of (e->u.try_.fallback));
      break;
    case ACY_CAT_E_IF:
      h = MAX (MAX (height_of (e->u.if_.a), height_of (e->u.if_.b)),
               MAX (height_of (e->u.if_.then_), height_of (e->u.if_.else_)));
      break;
    default:
      break;
    }
  if (h + 1 > ACY_CAT_MAX_NESTING)
    {
      /* an application is placed at its head: blame the argument */
      const AcyCatExpr *at = e->kind == ACY_CAT_E_APP ? e->u.app.arg : e;

      if (!failed (p))
        acy_set_error_at (p->error, ACY_ERROR_LIMIT, at->loc,
                          "expression nested too deeply (more than %u levels) near '%s'",
                          ACY_CAT_MAX_NESTING, at->near);
      return NULL;
    }
  e->height = h + 1;
  return e;
}

static AcyCatExpr *
new_expr (AcyCatParser *p, AcyCatExprKind kind, const AcyCatToken *t)
{
  AcyCatExpr *e = acy_arena_new0 (p->ctx->arena, AcyCatExpr);
  e->kind = kind;
  e->loc = tok_loc (p, t);
  e->near = tok_text (p, t);
  return e;
}

static gboolean
starts_arg (AcyCatTokKind k)
{
  return starts_operand (k) && k != ACY_CAT_TOK_TILDE && k != ACY_CAT_TOK_STRING;
}

/* pat0 := IDENT | _ ;  pat := pat0 | '(' [pat0 {',' pat0}] ')' */
gboolean
acy_cat_parser_pattern (AcyCatParser *p, AcyCatPat *pat)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  memset (pat, 0, sizeof *pat);
  if (p->tok.kind == ACY_CAT_TOK_LPAR)
    {
      AcyCatToken open = p->tok;
      advance (p);
      pat->tuple = TRUE;
      while (p->tok.kind == ACY_CAT_TOK_IDENT || p->tok.kind == ACY_CAT_TOK_UNDERSCORE)
        {
          g_ptr_array_add (names, p->tok.kind == ACY_CAT_TOK_IDENT ? (gpointer) tok_text (p, &p->tok) : NULL);
          advance (p);
          if (!accept (p, ACY_CAT_TOK_COMMA))
            break;
          /* as herd7: a comma is followed by a name (no `(x,)`) */
          if (p->tok.kind != ACY_CAT_TOK_IDENT && p->tok.kind != ACY_CAT_TOK_UNDERSCORE)
            {
              error_near (p, &p->tok, ACY_ERROR_SYNTAX, "syntax error: expected a name after ','");
              return FALSE;
            }
        }
      if (!expect_close (p, ACY_CAT_TOK_RPAR, "')'", &open))
        return FALSE;
      if (names->len == 1)
        pat->tuple = FALSE;
    }
  else if (p->tok.kind == ACY_CAT_TOK_IDENT || p->tok.kind == ACY_CAT_TOK_UNDERSCORE)
    {
      g_ptr_array_add (names, p->tok.kind == ACY_CAT_TOK_IDENT ? (gpointer) tok_text (p, &p->tok) : NULL);
      advance (p);
    }
  else
    {
      error_near (p, &p->tok, ACY_ERROR_SYNTAX, "syntax error: expected a name or a tuple of names");
      return FALSE;
    }
  pat->n = names->len;
  pat->names = list_to_arena (p, names);
  pat->slots = acy_arena_newv0 (p->ctx->arena, guint, MAX (pat->n, 1));
  return !failed (p);
}

static AcyCatExpr *
make_fun (AcyCatParser *p, const AcyCatToken *t, AcyCatPat *pat, AcyCatExpr *body, const char *name)
{
  AcyCatExpr *f = new_expr (p, ACY_CAT_E_FUN, t);
  f->u.fun.pat = *pat;
  f->u.fun.body = body;
  f->u.fun.name = name;
  return seal (p, f);
}

/* binding := IDENT '=' expr | IDENT pat '=' expr | '(' names ')' '=' expr */
static gboolean
parse_binding (AcyCatParser *p, AcyCatBinding *b)
{
  AcyCatToken start = p->tok;

  b->loc = tok_loc (p, &start);
  if (p->tok.kind == ACY_CAT_TOK_LPAR)
    {
      if (!acy_cat_parser_pattern (p, &b->pat) || !expect (p, ACY_CAT_TOK_EQUAL, "'='"))
        return FALSE;
      b->e = acy_cat_parser_expr (p);
      return b->e != NULL;
    }
  if (p->tok.kind == ACY_CAT_TOK_UNDERSCORE && p->ahead.kind == ACY_CAT_TOK_EQUAL)
    {
      /* `let _ = e`, as herd7: e is bound to no name */
      if (!acy_cat_parser_pattern (p, &b->pat) || !expect (p, ACY_CAT_TOK_EQUAL, "'='"))
        return FALSE;
      b->e = acy_cat_parser_expr (p);
      return b->e != NULL;
    }
  if (p->tok.kind != ACY_CAT_TOK_IDENT)
    {
      error_near (p, &p->tok, ACY_ERROR_SYNTAX, "syntax error: expected a name to bind");
      return FALSE;
    }
  b->pat.n = 1;
  b->pat.names = acy_arena_newv (p->ctx->arena, const char *, 1);
  b->pat.names[0] = tok_text (p, &p->tok);
  b->pat.slots = acy_arena_newv0 (p->ctx->arena, guint, 1);
  advance (p);
  if (p->tok.kind == ACY_CAT_TOK_EQUAL)
    {
      advance (p);
      b->e = acy_cat_parser_expr (p);
      return b->e != NULL;
    }
  else
    {
      AcyCatPat pat;
      AcyCatExpr *body;

      if (!acy_cat_parser_pattern (p, &pat) || !expect (p, ACY_CAT_TOK_EQUAL, "'='"))
        return FALSE;
      body = acy_cat_parser_expr (p);
      if (!body)
        return FALSE;
      b->e = make_fun (p, &start, &pat, body, b->pat.names[0]);
      return TRUE;
    }
}

gboolean
acy_cat_parser_bindings (AcyCatParser *p, guint *n, AcyCatBinding **out)
{
  g_autoptr(GArray) bs = g_array_new (FALSE, TRUE, sizeof (AcyCatBinding));

  do
    {
      AcyCatBinding b = { 0 };
      gboolean ok;

      /* a binding costs more stack than a level of operators: count it
       * twice, so that the count stops `let x = let x = ...` before the
       * stack does, even with a small stack and sanitizer frames */
      if (!enter (p))
        return FALSE;
      ok = parse_binding (p, &b);
      p->depth--;
      if (!ok)
        return FALSE;
      g_array_append_val (bs, b);
    }
  while (accept (p, ACY_CAT_TOK_AND));
  *n = bs->len;
  *out = acy_arena_newv (p->ctx->arena, AcyCatBinding, bs->len);
  memcpy (*out, bs->data, bs->len * sizeof (AcyCatBinding));
  return !failed (p);
}

/* simple := '0' | TAG | '{' [union {',' union}] '}' | '_' | '(' ')'
 *         | '(' expr ')' | 'begin' expr 'end' | '[' expr ']' | IDENT | STRING */
static AcyCatExpr *parse_simple_inner (AcyCatParser *p);

AcyCatExpr *
acy_cat_parser_simple (AcyCatParser *p)
{
  return seal (p, parse_simple_inner (p));
}

static AcyCatExpr *
parse_simple_inner (AcyCatParser *p)
{
  AcyCatToken t = p->tok;
  AcyCatExpr *e = NULL;

  switch (t.kind)
    {
    case ACY_CAT_TOK_ZERO:
      advance (p);
      return new_expr (p, ACY_CAT_E_EMPTY, &t);
    case ACY_CAT_TOK_UNDERSCORE:
      advance (p);
      return new_expr (p, ACY_CAT_E_UNIV, &t);
    case ACY_CAT_TOK_TAG:
      e = new_expr (p, ACY_CAT_E_TAG, &t);
      e->u.str = tok_text (p, &t);
      advance (p);
      return e;
    case ACY_CAT_TOK_STRING:
      /* herd7 reads strings after include and in a variant's
       * condition only */
      error_near (p, &t, ACY_ERROR_SYNTAX,
                  "syntax error: a string is not an expression (strings name variants after 'if')");
      return NULL;
    case ACY_CAT_TOK_IDENT:
      e = new_expr (p, ACY_CAT_E_VAR, &t);
      e->u.var.name = tok_text (p, &t);
      advance (p);
      return e;
    case ACY_CAT_TOK_LBRACE:
      {
        g_autoptr(GPtrArray) items = g_ptr_array_new ();
        advance (p);
        if (p->tok.kind != ACY_CAT_TOK_RBRACE)
          do
            {
              AcyCatExpr *it = acy_cat_parser_union (p);
              if (!it)
                return NULL;
              g_ptr_array_add (items, it);
            }
          while (accept (p, ACY_CAT_TOK_COMMA));
        if (!expect_close (p, ACY_CAT_TOK_RBRACE, "'}'", &t))
          return NULL;
        e = new_expr (p, items->len ? ACY_CAT_E_SET : ACY_CAT_E_EMPTY, &t);
        e->u.list.n = items->len;
        e->u.list.items = list_to_arena (p, items);
        return e;
      }
    case ACY_CAT_TOK_LPAR:
      advance (p);
      if (p->tok.kind == ACY_CAT_TOK_RPAR)
        {
          advance (p);
          e = new_expr (p, ACY_CAT_E_TUPLE, &t);
          e->u.list.items = acy_arena_newv (p->ctx->arena, AcyCatExpr *, 1);
          return e;
        }
      e = acy_cat_parser_expr (p);
      if (!e || !expect_close (p, ACY_CAT_TOK_RPAR, "')'", &t))
        return NULL;
      return e;
    case ACY_CAT_TOK_BEGIN:
      advance (p);
      e = acy_cat_parser_expr (p);
      if (!e || !expect_close (p, ACY_CAT_TOK_END, "'end'", &t))
        return NULL;
      return e;
    case ACY_CAT_TOK_LBRACK:
      {
        AcyCatExpr *inner;
        advance (p);
        inner = acy_cat_parser_expr (p);
        if (!inner || !expect_close (p, ACY_CAT_TOK_RBRACK, "']'", &t))
          return NULL;
        e = new_expr (p, ACY_CAT_E_UNOP, &t);
        e->u.un.op = ACY_CAT_OP_TOID;
        e->u.un.a = inner;
        return e;
      }
    default:
      if (!failed (p))
        error_near (p, &t, ACY_ERROR_SYNTAX, "syntax error: expected an expression");
      return NULL;
    }
}

/* app := simple | app arg   (only when the head is a name) */
static AcyCatExpr *
parse_app (AcyCatParser *p)
{
  gboolean is_name = p->tok.kind == ACY_CAT_TOK_IDENT;
  AcyCatExpr *e = acy_cat_parser_simple (p);

  if (!e || !is_name)
    return e;
  while (starts_arg (p->tok.kind) && !failed (p))
    {
      AcyCatToken t = p->tok;
      AcyCatExpr *arg, *app;

      if (!enter (p))
        return NULL;
      arg = acy_cat_parser_simple (p);
      p->depth--;
      if (!arg)
        return NULL;
      app = new_expr (p, ACY_CAT_E_APP, &t);
      app->loc = e->loc;
      app->near = e->near;
      app->u.app.f = e;
      app->u.app.arg = arg;
      e = seal (p, app);
      if (e == NULL)
        return NULL;
    }
  return e;
}

static AcyCatExpr *
make_un (AcyCatParser *p, const AcyCatToken *t, AcyCatUnOp op, AcyCatExpr *a)
{
  AcyCatExpr *e = new_expr (p, ACY_CAT_E_UNOP, t);
  e->u.un.op = op;
  e->u.un.a = a;
  return seal (p, e);
}

/* A postfix `*`, `+` or `?` (or a cartesian `*`) right after the
 * operand of `~` or the right operand of a cartesian product: herd7's
 * grammar gives them the same precedence, non-associative, so it stops
 * there (`~po*`, `W*R?`, `W*R*M`); `^-1` binds tighter and is fine. */
static gboolean
at_nonassoc (AcyCatParser *p)
{
  AcyCatTokKind k = p->tok.kind;

  return k == ACY_CAT_TOK_STAR || k == ACY_CAT_TOK_PLUS || k == ACY_CAT_TOK_QUESTION
         || k == ACY_CAT_TOK_HAT_PLUS || k == ACY_CAT_TOK_HAT_STAR;
}

static void
error_nonassoc (AcyCatParser *p, const char *after)
{
  char *msg = g_strdup_printf ("syntax error: add parentheses: herd7 reads no %s", after);
  error_near (p, &p->tok, ACY_ERROR_SYNTAX, msg);
  g_free (msg);
}

/* postfix := app { '*' | '+' | '?' | '^-1' }; with only_inverse, app { '^-1' } */
static AcyCatExpr *
parse_postfix (AcyCatParser *p, gboolean only_inverse)
{
  AcyCatExpr *e = parse_app (p);

  while (e && !failed (p))
    {
      AcyCatToken t = p->tok;
      AcyCatUnOp op;

      if (t.kind == ACY_CAT_TOK_HAT_STAR || t.kind == ACY_CAT_TOK_HAT_PLUS)
        {
          /* herd7 reads '^' before '-1' only */
          error_near (p, &t, ACY_ERROR_SYNTAX, "syntax error: '^' takes '-1' only (write r* or r+)");
          return NULL;
        }
      if (t.kind == ACY_CAT_TOK_INV)
        op = ACY_CAT_OP_INV;
      else if (only_inverse)
        break;
      else if (t.kind == ACY_CAT_TOK_STAR && !starts_operand (p->ahead.kind))
        op = ACY_CAT_OP_STAR;
      else if (t.kind == ACY_CAT_TOK_PLUS)
        op = ACY_CAT_OP_PLUS;
      else if (t.kind == ACY_CAT_TOK_QUESTION)
        op = ACY_CAT_OP_OPT;
      else
        break;
      advance (p);
      e = make_un (p, &t, op, e);
      if (e == NULL)
        return NULL;
      e->loc = e->u.un.a->loc;
    }
  return failed (p) ? NULL : e;
}

/* unary := '~' unary | postfix */
static AcyCatExpr *
parse_unary (AcyCatParser *p)
{
  AcyCatToken t = p->tok;
  AcyCatExpr *a;

  if (t.kind != ACY_CAT_TOK_TILDE)
    return parse_postfix (p, FALSE);
  if (!enter (p))
    return NULL;
  advance (p);
  a = p->tok.kind == ACY_CAT_TOK_TILDE ? parse_unary (p) : parse_postfix (p, TRUE);
  p->depth--;
  if (a && at_nonassoc (p))
    {
      error_nonassoc (p, "'*', '+' or '?' right after the operand of '~'");
      return NULL;
    }
  return a ? make_un (p, &t, ACY_CAT_OP_COMP, a) : NULL;
}

static AcyCatExpr *
make_bin (AcyCatParser *p, const AcyCatToken *t, AcyCatBinOp op, AcyCatExpr *a, AcyCatExpr *b)
{
  AcyCatExpr *e = new_expr (p, ACY_CAT_E_BINOP, t);
  e->u.bin.op = op;
  e->u.bin.a = a;
  e->u.bin.b = b;
  return seal (p, e);
}

/* cart := unary ['*' postfix-with-^-1-only] */
static AcyCatExpr *
parse_cart (AcyCatParser *p)
{
  AcyCatExpr *a = parse_unary (p), *b;
  AcyCatToken t = p->tok;

  if (!a || t.kind != ACY_CAT_TOK_STAR)
    return a;
  advance (p);
  if (p->tok.kind == ACY_CAT_TOK_TILDE)
    {
      error_nonassoc (p, "'~' right after a cartesian '*'");
      return NULL;
    }
  b = parse_postfix (p, TRUE);
  if (b && at_nonassoc (p))
    {
      error_nonassoc (p, "'*', '+' or '?' right after a cartesian product");
      return NULL;
    }
  return b ? make_bin (p, &t, ACY_CAT_OP_CART, a, b) : NULL;
}

typedef AcyCatExpr *(*LevelFunc) (AcyCatParser *p);

/* Right-associative level: operand [op level] */
static AcyCatExpr *
parse_right (AcyCatParser *p, LevelFunc operand, LevelFunc self, AcyCatTokKind tk, AcyCatBinOp op)
{
  AcyCatExpr *a, *b;
  AcyCatToken t;

  if (!enter (p))
    return NULL;
  a = operand (p);
  t = p->tok;
  if (a && t.kind == tk)
    {
      advance (p);
      b = self (p);
      a = b ? make_bin (p, &t, op, a, b) : NULL;
    }
  p->depth--;
  return a;
}

/* inter := cart ['&' inter] */
static AcyCatExpr *
parse_inter (AcyCatParser *p)
{
  return parse_right (p, parse_cart, parse_inter, ACY_CAT_TOK_AMP, ACY_CAT_OP_INTER);
}

/* diff := inter {'\' inter} */
static AcyCatExpr *
parse_diff (AcyCatParser *p)
{
  AcyCatExpr *a = parse_inter (p);

  while (a && p->tok.kind == ACY_CAT_TOK_BACKSLASH)
    {
      AcyCatToken t = p->tok;
      AcyCatExpr *b;
      advance (p);
      b = parse_inter (p);
      a = b ? make_bin (p, &t, ACY_CAT_OP_DIFF, a, b) : NULL;
    }
  return a;
}

/* seq := diff [';' seq] */
static AcyCatExpr *
parse_seq (AcyCatParser *p)
{
  return parse_right (p, parse_diff, parse_seq, ACY_CAT_TOK_SEMI, ACY_CAT_OP_SEQ);
}

/* add := seq ['++' add] */
static AcyCatExpr *
parse_add (AcyCatParser *p)
{
  return parse_right (p, parse_seq, parse_add, ACY_CAT_TOK_PLUSPLUS, ACY_CAT_OP_ADD);
}

/* union := add ['|' union] */
AcyCatExpr *
acy_cat_parser_union (AcyCatParser *p)
{
  return parse_right (p, parse_add, acy_cat_parser_union, ACY_CAT_TOK_BAR, ACY_CAT_OP_UNION);
}

static gboolean
is_word (const AcyCatToken *t, const char *word)
{
  return t->kind == ACY_CAT_TOK_IDENT && t->len == strlen (word) && memcmp (t->start, word, t->len) == 0;
}

/* `&&` and `||`, as herd7 lexes them: two characters with nothing
 * between (`& &` is two intersections) */
static gboolean
at_and (AcyCatParser *p)
{
  return p->tok.kind == ACY_CAT_TOK_AMP && p->ahead.kind == ACY_CAT_TOK_AMP
         && p->ahead.start == p->tok.start + 1;
}

static AcyCatVariantCond *
new_vcond (AcyCatParser *p, AcyCatVariantCondKind kind, AcyCatVariantCond *a, AcyCatVariantCond *b)
{
  AcyCatVariantCond *c = acy_arena_new0 (p->ctx->arena, AcyCatVariantCond);

  c->kind = kind;
  c->a = a;
  c->b = b;
  return c;
}

/* vatom := 'not' vatom | '(' vcond ')' | ['variant'] STRING */
static AcyCatVariantCond *
parse_vatom (AcyCatParser *p)
{
  AcyCatToken open = p->tok;
  AcyCatVariantCond *c = NULL;

  if (!enter (p))
    return NULL;
  if (accept (p, ACY_CAT_TOK_NOT))
    {
      AcyCatVariantCond *a = parse_vatom (p);
      c = a ? new_vcond (p, ACY_CAT_VCOND_NOT, a, NULL) : NULL;
    }
  else if (accept (p, ACY_CAT_TOK_LPAR))
    {
      c = acy_cat_parser_vcond (p);
      if (c && !expect_close (p, ACY_CAT_TOK_RPAR, "')'", &open))
        c = NULL;
    }
  else
    {
      if (is_word (&p->tok, "variant") && p->ahead.kind == ACY_CAT_TOK_STRING)
        advance (p);
      if (p->tok.kind == ACY_CAT_TOK_STRING)
        {
          c = new_vcond (p, ACY_CAT_VCOND_NAME, NULL, NULL);
          c->name = tok_text (p, &p->tok);
          if (!advance (p) && failed (p))
            c = NULL;
        }
      else
        error_near (p, &p->tok, ACY_ERROR_SYNTAX,
                    "syntax error: expected a variant name in double quotes, 'not' or '('");
    }
  p->depth--;
  return c;
}

/* vand := vatom {'&&' vatom} */
static AcyCatVariantCond *
parse_vand (AcyCatParser *p)
{
  AcyCatVariantCond *c = parse_vatom (p);

  while (c && at_and (p))
    {
      AcyCatVariantCond *b;

      advance (p);
      advance (p);
      if (!(b = parse_vatom (p)))
        return NULL;
      c = new_vcond (p, ACY_CAT_VCOND_AND, c, b);
    }
  return c;
}

/* vcond := vand {'||' vand}   (not binds tightest, then &&, then ||) */
AcyCatVariantCond *
acy_cat_parser_vcond (AcyCatParser *p)
{
  AcyCatVariantCond *c = parse_vand (p);

  while (c && p->tok.kind == ACY_CAT_TOK_ALT)
    {
      AcyCatVariantCond *b;

      advance (p);
      if (!(b = parse_vand (p)))
        return NULL;
      c = new_vcond (p, ACY_CAT_VCOND_OR, c, b);
    }
  return c;
}

/* Does a variant condition start here? A string, 'not', 'variant'
 * STRING, or '(' before one of those. */
static gboolean
at_vcond (AcyCatParser *p)
{
  if (p->tok.kind == ACY_CAT_TOK_STRING || p->tok.kind == ACY_CAT_TOK_NOT)
    return TRUE;
  if (is_word (&p->tok, "variant") && p->ahead.kind == ACY_CAT_TOK_STRING)
    return TRUE;
  return p->tok.kind == ACY_CAT_TOK_LPAR
         && (p->ahead.kind == ACY_CAT_TOK_STRING || p->ahead.kind == ACY_CAT_TOK_NOT);
}

/* cond := vcond | expr '=' expr | expr 'subset' expr | expr 'in' expr */
static gboolean
parse_cond (AcyCatParser *p, AcyCatExpr *e)
{
  if (at_vcond (p))
    {
      e->u.if_.cond = ACY_CAT_COND_VARIANT;
      e->u.if_.vcond = acy_cat_parser_vcond (p);
      return e->u.if_.vcond != NULL;
    }
  e->u.if_.a = acy_cat_parser_union (p);
  if (!e->u.if_.a)
    return FALSE;
  if (accept (p, ACY_CAT_TOK_EQUAL))
    e->u.if_.cond = ACY_CAT_COND_EQ;
  else if (accept (p, ACY_CAT_TOK_SUBSET))
    e->u.if_.cond = ACY_CAT_COND_SUBSET;
  else if (accept (p, ACY_CAT_TOK_IN))
    e->u.if_.cond = ACY_CAT_COND_IN;
  else
    {
      error_near (p, &p->tok, ACY_ERROR_SYNTAX, "syntax error: expected '=', 'subset' or 'in' in a condition");
      return FALSE;
    }
  e->u.if_.b = acy_cat_parser_union (p);
  return e->u.if_.b != NULL;
}

/* match := 'match' expr 'with' ['||'] clauses 'end'
 * clauses := '{}' '->' expr '||' IDENT '++' IDENT '->' expr   (either order)
 *          | TAG '->' expr {'||' TAG '->' expr} ['||' '_' '->' expr] */
static AcyCatExpr *
parse_match (AcyCatParser *p)
{
  AcyCatToken open = p->tok;
  AcyCatExpr *scrut, *e;

  advance (p);
  scrut = acy_cat_parser_expr (p);
  if (!scrut || !expect (p, ACY_CAT_TOK_WITH, "'with'"))
    return NULL;
  accept (p, ACY_CAT_TOK_ALT);

  if (p->tok.kind == ACY_CAT_TOK_TAG || p->tok.kind == ACY_CAT_TOK_UNDERSCORE)
    {
      g_autoptr(GPtrArray) tags = g_ptr_array_new ();
      g_autoptr(GPtrArray) cases = g_ptr_array_new ();

      e = new_expr (p, ACY_CAT_E_MATCH_TAG, &open);
      e->u.mtag.e = scrut;
      for (;;)
        {
          if (p->tok.kind == ACY_CAT_TOK_UNDERSCORE)
            {
              advance (p);
              if (!expect (p, ACY_CAT_TOK_ARROW, "'->'"))
                return NULL;
              e->u.mtag.dflt = acy_cat_parser_expr (p);
              if (!e->u.mtag.dflt)
                return NULL;
              break;
            }
          if (p->tok.kind != ACY_CAT_TOK_TAG)
            {
              error_near (p, &p->tok, ACY_ERROR_SYNTAX, "syntax error: expected a tag pattern");
              return NULL;
            }
          g_ptr_array_add (tags, (gpointer) tok_text (p, &p->tok));
          advance (p);
          if (!expect (p, ACY_CAT_TOK_ARROW, "'->'"))
            return NULL;
          g_ptr_array_add (cases, acy_cat_parser_expr (p));
          if (!cases->pdata[cases->len - 1])
            return NULL;
          if (!accept (p, ACY_CAT_TOK_ALT))
            break;
        }
      e->u.mtag.n = tags->len;
      e->u.mtag.tags = list_to_arena (p, tags);
      e->u.mtag.cases = list_to_arena (p, cases);
    }
  else
    {
      e = new_expr (p, ACY_CAT_E_MATCH_SET, &open);
      e->u.mset.e = scrut;
      for (guint clause = 0; clause < 2; clause++)
        {
          if (clause == 1 && !expect (p, ACY_CAT_TOK_ALT, "'||'"))
            return NULL;
          if (p->tok.kind == ACY_CAT_TOK_LBRACE && !e->u.mset.if_empty)
            {
              advance (p);
              if (!expect (p, ACY_CAT_TOK_RBRACE, "'}'") || !expect (p, ACY_CAT_TOK_ARROW, "'->'"))
                return NULL;
              e->u.mset.if_empty = acy_cat_parser_expr (p);
              if (!e->u.mset.if_empty)
                return NULL;
            }
          else if ((p->tok.kind == ACY_CAT_TOK_IDENT || p->tok.kind == ACY_CAT_TOK_UNDERSCORE)
                   && !e->u.mset.if_cons)
            {
              e->u.mset.elt = p->tok.kind == ACY_CAT_TOK_IDENT ? tok_text (p, &p->tok) : NULL;
              advance (p);
              if (!expect (p, ACY_CAT_TOK_PLUSPLUS, "'++'"))
                return NULL;
              if (p->tok.kind != ACY_CAT_TOK_IDENT && p->tok.kind != ACY_CAT_TOK_UNDERSCORE)
                {
                  error_near (p, &p->tok, ACY_ERROR_SYNTAX, "syntax error: expected a name");
                  return NULL;
                }
              e->u.mset.rest = p->tok.kind == ACY_CAT_TOK_IDENT ? tok_text (p, &p->tok) : NULL;
              advance (p);
              if (!expect (p, ACY_CAT_TOK_ARROW, "'->'"))
                return NULL;
              e->u.mset.if_cons = acy_cat_parser_expr (p);
              if (!e->u.mset.if_cons)
                return NULL;
            }
          else
            {
              error_near (p, &p->tok, ACY_ERROR_SYNTAX,
                          "syntax error: expected a set pattern ('{}' or 'x ++ s')");
              return NULL;
            }
        }
    }
  if (!expect_close (p, ACY_CAT_TOK_END, "'end'", &open))
    return NULL;
  return e;
}

/* expr := 'let' ['rec'] bindings 'in' expr | 'fun' pat '->' expr
 *       | 'try' expr 'with' expr | 'if' cond 'then' expr 'else' expr
 *       | match | union {',' union} */
static AcyCatExpr *
parse_expr_inner (AcyCatParser *p)
{
  AcyCatToken t = p->tok;
  AcyCatExpr *e;

  switch (t.kind)
    {
    case ACY_CAT_TOK_LET:
      advance (p);
      e = new_expr (p, accept (p, ACY_CAT_TOK_REC) ? ACY_CAT_E_LETREC : ACY_CAT_E_LET, &t);
      if (!acy_cat_parser_bindings (p, &e->u.let.n, &e->u.let.b))
        return NULL;
      if (!expect_close (p, ACY_CAT_TOK_IN, "'in'", &t))
        return NULL;
      e->u.let.body = acy_cat_parser_expr (p);
      return e->u.let.body ? e : NULL;
    case ACY_CAT_TOK_FUN:
      {
        AcyCatPat pat;
        AcyCatExpr *body;
        advance (p);
        if (!acy_cat_parser_pattern (p, &pat) || !expect (p, ACY_CAT_TOK_ARROW, "'->'"))
          return NULL;
        body = acy_cat_parser_expr (p);
        return body ? make_fun (p, &t, &pat, body, "fun") : NULL;
      }
    case ACY_CAT_TOK_TRY:
      advance (p);
      e = new_expr (p, ACY_CAT_E_TRY, &t);
      e->u.try_.e = acy_cat_parser_expr (p);
      if (!e->u.try_.e || !expect_close (p, ACY_CAT_TOK_WITH, "'with'", &t))
        return NULL;
      e->u.try_.fallback = acy_cat_parser_expr (p);
      return e->u.try_.fallback ? e : NULL;
    case ACY_CAT_TOK_IF:
      advance (p);
      e = new_expr (p, ACY_CAT_E_IF, &t);
      if (!parse_cond (p, e) || !expect (p, ACY_CAT_TOK_THEN, "'then'"))
        return NULL;
      e->u.if_.then_ = acy_cat_parser_expr (p);
      if (!e->u.if_.then_ || !expect (p, ACY_CAT_TOK_ELSE, "'else'"))
        return NULL;
      e->u.if_.else_ = acy_cat_parser_expr (p);
      return e->u.if_.else_ ? e : NULL;
    case ACY_CAT_TOK_MATCH:
      return parse_match (p);
    default:
      break;
    }

  e = acy_cat_parser_union (p);
  if (e && p->tok.kind == ACY_CAT_TOK_COMMA)
    {
      g_autoptr(GPtrArray) items = g_ptr_array_new ();
      AcyCatExpr *tuple = new_expr (p, ACY_CAT_E_TUPLE, &t);

      g_ptr_array_add (items, e);
      while (accept (p, ACY_CAT_TOK_COMMA))
        {
          AcyCatExpr *it = acy_cat_parser_union (p);
          if (!it)
            return NULL;
          g_ptr_array_add (items, it);
        }
      tuple->u.list.n = items->len;
      tuple->u.list.items = list_to_arena (p, items);
      return tuple;
    }
  return e;
}

AcyCatExpr *
acy_cat_parser_expr (AcyCatParser *p)
{
  AcyCatExpr *e;

  if (!enter (p))
    return NULL;
  e = seal (p, parse_expr_inner (p));
  p->depth--;
  if (failed (p))
    return NULL;
  return e;
}
