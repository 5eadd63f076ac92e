/* acy-cat-parser.c - cat source text to syntax tree
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A recursive-descent parser. Binary operators, loosest first:
 *   |   ++   ;   \   &   *(cartesian)
 * all right-associative except `\` (left) and `*` (non-associative);
 * prefix `~` and the postfix operators bind tighter, and application
 * `f x` tighter still (its argument is a name or a bracketed form).
 * A `*` is postfix unless the next token can start an operand.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-cat-lexer.h"
#include "acy-files.h"
#include "acy-cat-parser.h"
#include "acy-resources.h"

typedef struct {
  AcyCatParseCtx *ctx;
  AcyCatLexer     lex;
  AcyCatToken     tok;       /* current */
  AcyCatToken     ahead;     /* the one after */
  const char     *prev_end;  /* end of the last consumed token */
  const char     *file;
  char           *dir;
  gboolean        prelude;
  guint           depth;
  GError        **error;
} Parser;

static AcyCatExpr *parse_expr (Parser *p);
static gboolean    parse_stmts (Parser *p, AcyCatStmtList *out, gboolean until_end,
                               const AcyCatToken *opener, gboolean *at_else);

static AcyLoc
tok_loc (Parser *p, const AcyCatToken *t)
{
  AcyLoc loc = { p->file, t->line, t->col };
  return loc;
}

static const char *
tok_text (Parser *p, const AcyCatToken *t)
{
  if (t->kind == ACY_CAT_TOK_EOF)
    return "end of file";
  return acy_arena_strndup (p->ctx->arena, t->start, t->len);
}

static void
error_near (Parser *p, const AcyCatToken *t, AcyErrorCode code, const char *msg)
{
  /* A lexical error found while reading ahead wins. */
  if (p->error && *p->error)
    return;
  if (t->kind == ACY_CAT_TOK_TAG)
    acy_set_error_at (p->error, code, tok_loc (p, t), "%s near ''%.*s'", msg, (int) t->len, t->start);
  else if (t->kind == ACY_CAT_TOK_STRING)
    acy_set_error_at (p->error, code, tok_loc (p, t), "%s near '\"%.*s\"'", msg, (int) t->len, t->start);
  else if (t->kind == ACY_CAT_TOK_EOF)
    acy_set_error_at (p->error, code, tok_loc (p, t), "%s near end of file", msg);
  else
    acy_set_error_at (p->error, code, tok_loc (p, t), "%s near '%.*s'", msg, (int) t->len, t->start);
}

static gboolean
advance (Parser *p)
{
  p->prev_end = p->tok.start + p->tok.len;
  if (p->tok.kind == ACY_CAT_TOK_STRING)
    p->prev_end++;
  p->tok = p->ahead;
  if (p->tok.kind == ACY_CAT_TOK_EOF || (p->error && *p->error))
    return p->tok.kind == ACY_CAT_TOK_EOF;
  if (G_UNLIKELY (p->ctx->halt != NULL))
    {
      /* a long model stops at the deadline or on Cancel too */
      p->ctx->halt->filename = p->file;
      if (acy_halt_tick (p->ctx->halt, p->error))
        return FALSE;
    }
  return acy_cat_lexer_next (&p->lex, &p->ahead, p->error);
}

static gboolean
accept (Parser *p, AcyCatTokKind kind)
{
  if (p->tok.kind != kind)
    return FALSE;
  return advance (p);   /* a lexical error surfaces through p->error */
}

static gboolean
failed (Parser *p)
{
  return p->error && *p->error;
}

static gboolean
expect (Parser *p, AcyCatTokKind kind, const char *what)
{
  g_autofree char *msg = NULL;

  if (failed (p))
    return FALSE;
  if (p->tok.kind == kind)
    return advance (p);
  msg = g_strdup_printf ("syntax error: expected %s", what);
  error_near (p, &p->tok, ACY_ERROR_SYNTAX, msg);
  return FALSE;
}

/* Like expect, for the token that closes a construct opened at @opener. */
static gboolean
expect_close (Parser *p, AcyCatTokKind kind, const char *what, const AcyCatToken *opener)
{
  g_autofree char *msg = NULL;

  if (failed (p))
    return FALSE;
  if (p->tok.kind == kind)
    return advance (p);
  msg = g_strdup_printf ("syntax error: expected %s to close '%.*s' opened at %u:%u",
                         what, (int) opener->len, opener->start, opener->line, opener->col);
  error_near (p, &p->tok, ACY_ERROR_SYNTAX, msg);
  return FALSE;
}

static gboolean
enter (Parser *p)
{
  if (++p->depth > ACY_CAT_MAX_NESTING || acy_stack_low ())
    {
      error_near (p, &p->tok, ACY_ERROR_LIMIT, "nesting too deep");
      return FALSE;
    }
  return TRUE;
}

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
seal (Parser *p, AcyCatExpr *e)
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
new_expr (Parser *p, AcyCatExprKind kind, const AcyCatToken *t)
{
  AcyCatExpr *e = acy_arena_new0 (p->ctx->arena, AcyCatExpr);
  e->kind = kind;
  e->loc = tok_loc (p, t);
  e->near = tok_text (p, t);
  return e;
}

static AcyCatStmt *
new_stmt (Parser *p, AcyCatStmtKind kind, const AcyCatToken *t)
{
  AcyCatStmt *s = acy_arena_new0 (p->ctx->arena, AcyCatStmt);
  s->kind = kind;
  s->loc = tok_loc (p, t);
  s->near = tok_text (p, t);
  return s;
}

static gpointer
list_to_arena (Parser *p, GPtrArray *items)
{
  gpointer *v = acy_arena_newv (p->ctx->arena, gpointer, MAX (items->len, 1));
  if (items->len)
    memcpy (v, items->pdata, items->len * sizeof (gpointer));
  return v;
}

static gboolean
starts_operand (AcyCatTokKind k)
{
  switch (k)
    {
    case ACY_CAT_TOK_IDENT: case ACY_CAT_TOK_TAG: case ACY_CAT_TOK_ZERO:
    case ACY_CAT_TOK_UNDERSCORE: case ACY_CAT_TOK_LPAR: case ACY_CAT_TOK_LBRACK:
    case ACY_CAT_TOK_LBRACE: case ACY_CAT_TOK_TILDE: case ACY_CAT_TOK_BEGIN:
    case ACY_CAT_TOK_STRING:
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
starts_arg (AcyCatTokKind k)
{
  return starts_operand (k) && k != ACY_CAT_TOK_TILDE && k != ACY_CAT_TOK_STRING;
}

/* pat0 := IDENT | _ ;  pat := pat0 | '(' [pat0 {',' pat0}] ')' */
static gboolean
parse_pattern (Parser *p, AcyCatPat *pat)
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
make_fun (Parser *p, const AcyCatToken *t, AcyCatPat *pat, AcyCatExpr *body, const char *name)
{
  AcyCatExpr *f = new_expr (p, ACY_CAT_E_FUN, t);
  f->u.fun.pat = *pat;
  f->u.fun.body = body;
  f->u.fun.name = name;
  return seal (p, f);
}

/* binding := IDENT '=' expr | IDENT pat '=' expr | '(' names ')' '=' expr */
static gboolean
parse_binding (Parser *p, AcyCatBinding *b)
{
  AcyCatToken start = p->tok;

  b->loc = tok_loc (p, &start);
  if (p->tok.kind == ACY_CAT_TOK_LPAR)
    {
      if (!parse_pattern (p, &b->pat) || !expect (p, ACY_CAT_TOK_EQUAL, "'='"))
        return FALSE;
      b->e = parse_expr (p);
      return b->e != NULL;
    }
  if (p->tok.kind == ACY_CAT_TOK_UNDERSCORE && p->ahead.kind == ACY_CAT_TOK_EQUAL)
    {
      /* `let _ = e`, as herd7: e is bound to no name */
      if (!parse_pattern (p, &b->pat) || !expect (p, ACY_CAT_TOK_EQUAL, "'='"))
        return FALSE;
      b->e = parse_expr (p);
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
      b->e = parse_expr (p);
      return b->e != NULL;
    }
  else
    {
      AcyCatPat pat;
      AcyCatExpr *body;

      if (!parse_pattern (p, &pat) || !expect (p, ACY_CAT_TOK_EQUAL, "'='"))
        return FALSE;
      body = parse_expr (p);
      if (!body)
        return FALSE;
      b->e = make_fun (p, &start, &pat, body, b->pat.names[0]);
      return TRUE;
    }
}

static gboolean
parse_bindings (Parser *p, guint *n, AcyCatBinding **out)
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

static AcyCatExpr *parse_union (Parser *p);

/* simple := '0' | TAG | '{' [union {',' union}] '}' | '_' | '(' ')'
 *         | '(' expr ')' | 'begin' expr 'end' | '[' expr ']' | IDENT | STRING */
static AcyCatExpr *parse_simple_inner (Parser *p);

static AcyCatExpr *
parse_simple (Parser *p)
{
  return seal (p, parse_simple_inner (p));
}

static AcyCatExpr *
parse_simple_inner (Parser *p)
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
              AcyCatExpr *it = parse_union (p);
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
      e = parse_expr (p);
      if (!e || !expect_close (p, ACY_CAT_TOK_RPAR, "')'", &t))
        return NULL;
      return e;
    case ACY_CAT_TOK_BEGIN:
      advance (p);
      e = parse_expr (p);
      if (!e || !expect_close (p, ACY_CAT_TOK_END, "'end'", &t))
        return NULL;
      return e;
    case ACY_CAT_TOK_LBRACK:
      {
        AcyCatExpr *inner;
        advance (p);
        inner = parse_expr (p);
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
parse_app (Parser *p)
{
  gboolean is_name = p->tok.kind == ACY_CAT_TOK_IDENT;
  AcyCatExpr *e = parse_simple (p);

  if (!e || !is_name)
    return e;
  while (starts_arg (p->tok.kind) && !failed (p))
    {
      AcyCatToken t = p->tok;
      AcyCatExpr *arg, *app;

      if (!enter (p))
        return NULL;
      arg = parse_simple (p);
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
make_un (Parser *p, const AcyCatToken *t, AcyCatUnOp op, AcyCatExpr *a)
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
at_nonassoc (Parser *p)
{
  AcyCatTokKind k = p->tok.kind;

  return k == ACY_CAT_TOK_STAR || k == ACY_CAT_TOK_PLUS || k == ACY_CAT_TOK_QUESTION
         || k == ACY_CAT_TOK_HAT_PLUS || k == ACY_CAT_TOK_HAT_STAR;
}

static void
error_nonassoc (Parser *p, const char *after)
{
  char *msg = g_strdup_printf ("syntax error: add parentheses: herd7 reads no %s", after);
  error_near (p, &p->tok, ACY_ERROR_SYNTAX, msg);
  g_free (msg);
}

/* postfix := app { '*' | '+' | '?' | '^-1' }; with only_inverse, app { '^-1' } */
static AcyCatExpr *
parse_postfix (Parser *p, gboolean only_inverse)
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
parse_unary (Parser *p)
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
make_bin (Parser *p, const AcyCatToken *t, AcyCatBinOp op, AcyCatExpr *a, AcyCatExpr *b)
{
  AcyCatExpr *e = new_expr (p, ACY_CAT_E_BINOP, t);
  e->u.bin.op = op;
  e->u.bin.a = a;
  e->u.bin.b = b;
  return seal (p, e);
}

/* cart := unary ['*' postfix-with-^-1-only] */
static AcyCatExpr *
parse_cart (Parser *p)
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

typedef AcyCatExpr *(*LevelFunc) (Parser *p);

/* Right-associative level: operand [op level] */
static AcyCatExpr *
parse_right (Parser *p, LevelFunc operand, LevelFunc self, AcyCatTokKind tk, AcyCatBinOp op)
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
parse_inter (Parser *p)
{
  return parse_right (p, parse_cart, parse_inter, ACY_CAT_TOK_AMP, ACY_CAT_OP_INTER);
}

/* diff := inter {'\' inter} */
static AcyCatExpr *
parse_diff (Parser *p)
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
parse_seq (Parser *p)
{
  return parse_right (p, parse_diff, parse_seq, ACY_CAT_TOK_SEMI, ACY_CAT_OP_SEQ);
}

/* add := seq ['++' add] */
static AcyCatExpr *
parse_add (Parser *p)
{
  return parse_right (p, parse_seq, parse_add, ACY_CAT_TOK_PLUSPLUS, ACY_CAT_OP_ADD);
}

/* union := add ['|' union] */
static AcyCatExpr *
parse_union (Parser *p)
{
  return parse_right (p, parse_add, parse_union, ACY_CAT_TOK_BAR, ACY_CAT_OP_UNION);
}

static AcyCatVariantCond *parse_vcond (Parser *p);

static gboolean
is_word (const AcyCatToken *t, const char *word)
{
  return t->kind == ACY_CAT_TOK_IDENT && t->len == strlen (word) && memcmp (t->start, word, t->len) == 0;
}

/* `&&` and `||`, as herd7 lexes them: two characters with nothing
 * between (`& &` is two intersections) */
static gboolean
at_and (Parser *p)
{
  return p->tok.kind == ACY_CAT_TOK_AMP && p->ahead.kind == ACY_CAT_TOK_AMP
         && p->ahead.start == p->tok.start + 1;
}

static AcyCatVariantCond *
new_vcond (Parser *p, AcyCatVariantCondKind kind, AcyCatVariantCond *a, AcyCatVariantCond *b)
{
  AcyCatVariantCond *c = acy_arena_new0 (p->ctx->arena, AcyCatVariantCond);

  c->kind = kind;
  c->a = a;
  c->b = b;
  return c;
}

/* vatom := 'not' vatom | '(' vcond ')' | ['variant'] STRING */
static AcyCatVariantCond *
parse_vatom (Parser *p)
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
      c = parse_vcond (p);
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
parse_vand (Parser *p)
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
static AcyCatVariantCond *
parse_vcond (Parser *p)
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
at_vcond (Parser *p)
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
parse_cond (Parser *p, AcyCatExpr *e)
{
  if (at_vcond (p))
    {
      e->u.if_.cond = ACY_CAT_COND_VARIANT;
      e->u.if_.vcond = parse_vcond (p);
      return e->u.if_.vcond != NULL;
    }
  e->u.if_.a = parse_union (p);
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
  e->u.if_.b = parse_union (p);
  return e->u.if_.b != NULL;
}

/* match := 'match' expr 'with' ['||'] clauses 'end'
 * clauses := '{}' '->' expr '||' IDENT '++' IDENT '->' expr   (either order)
 *          | TAG '->' expr {'||' TAG '->' expr} ['||' '_' '->' expr] */
static AcyCatExpr *
parse_match (Parser *p)
{
  AcyCatToken open = p->tok;
  AcyCatExpr *scrut, *e;

  advance (p);
  scrut = parse_expr (p);
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
              e->u.mtag.dflt = parse_expr (p);
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
          g_ptr_array_add (cases, parse_expr (p));
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
              e->u.mset.if_empty = parse_expr (p);
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
              e->u.mset.if_cons = parse_expr (p);
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
parse_expr_inner (Parser *p)
{
  AcyCatToken t = p->tok;
  AcyCatExpr *e;

  switch (t.kind)
    {
    case ACY_CAT_TOK_LET:
      advance (p);
      e = new_expr (p, accept (p, ACY_CAT_TOK_REC) ? ACY_CAT_E_LETREC : ACY_CAT_E_LET, &t);
      if (!parse_bindings (p, &e->u.let.n, &e->u.let.b))
        return NULL;
      if (!expect_close (p, ACY_CAT_TOK_IN, "'in'", &t))
        return NULL;
      e->u.let.body = parse_expr (p);
      return e->u.let.body ? e : NULL;
    case ACY_CAT_TOK_FUN:
      {
        AcyCatPat pat;
        AcyCatExpr *body;
        advance (p);
        if (!parse_pattern (p, &pat) || !expect (p, ACY_CAT_TOK_ARROW, "'->'"))
          return NULL;
        body = parse_expr (p);
        return body ? make_fun (p, &t, &pat, body, "fun") : NULL;
      }
    case ACY_CAT_TOK_TRY:
      advance (p);
      e = new_expr (p, ACY_CAT_E_TRY, &t);
      e->u.try_.e = parse_expr (p);
      if (!e->u.try_.e || !expect_close (p, ACY_CAT_TOK_WITH, "'with'", &t))
        return NULL;
      e->u.try_.fallback = parse_expr (p);
      return e->u.try_.fallback ? e : NULL;
    case ACY_CAT_TOK_IF:
      advance (p);
      e = new_expr (p, ACY_CAT_E_IF, &t);
      if (!parse_cond (p, e) || !expect (p, ACY_CAT_TOK_THEN, "'then'"))
        return NULL;
      e->u.if_.then_ = parse_expr (p);
      if (!e->u.if_.then_ || !expect (p, ACY_CAT_TOK_ELSE, "'else'"))
        return NULL;
      e->u.if_.else_ = parse_expr (p);
      return e->u.if_.else_ ? e : NULL;
    case ACY_CAT_TOK_MATCH:
      return parse_match (p);
    default:
      break;
    }

  e = parse_union (p);
  if (e && p->tok.kind == ACY_CAT_TOK_COMMA)
    {
      g_autoptr(GPtrArray) items = g_ptr_array_new ();
      AcyCatExpr *tuple = new_expr (p, ACY_CAT_E_TUPLE, &t);

      g_ptr_array_add (items, e);
      while (accept (p, ACY_CAT_TOK_COMMA))
        {
          AcyCatExpr *it = parse_union (p);
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

static AcyCatExpr *
parse_expr (Parser *p)
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

static char *
squeeze (AcyArena *arena, const char *s, const char *end)
{
  char *out = acy_arena_alloc (arena, (gsize) (end - s) + 1), *o = out;
  gboolean space = FALSE;

  for (; s < end; s++)
    {
      if (g_ascii_isspace (*s))
        space = TRUE;
      else
        {
          if (space && o != out)
            *o++ = ' ';
          space = FALSE;
          *o++ = *s;
        }
    }
  *o = '\0';
  return out;
}

static gboolean
parse_name_list (Parser *p, GPtrArray *names)
{
  do
    {
      if (p->tok.kind != ACY_CAT_TOK_IDENT)
        {
          error_near (p, &p->tok, ACY_ERROR_SYNTAX, "syntax error: expected a name");
          return FALSE;
        }
      g_ptr_array_add (names, (gpointer) tok_text (p, &p->tok));
      advance (p);
    }
  while (accept (p, ACY_CAT_TOK_COMMA));
  return !failed (p);
}

static gboolean parse_include (Parser *p, AcyCatStmt *s, const AcyCatToken *name_tok);

/* stmt := 'let' ['rec'] bindings ['in']
 *       | ['flag'|'undefined_unless'|'requires'] ['~'] ('acyclic'|'irreflexive'|'empty') expr
 *         ['as' IDENT]
 *       | 'show' expr 'as' IDENT | 'show' names | 'unshow' names
 *       | 'include' STRING | 'procedure' IDENT pat '=' stmts 'end'
 *       | 'call' IDENT simple ['as' IDENT] | 'with' IDENT 'from' expr
 *       | 'forall' IDENT 'in' expr 'do' stmts 'end'
 *       | 'enum' IDENT '=' ['||'] TAG {'||' TAG}
 *       | ('instructions'|'default') IDENT '[' [expr {',' expr}] ']'
 *       | 'if' vcond stmts ['else' stmts] 'end' */
static AcyCatStmt *
parse_stmt (Parser *p)
{
  AcyCatToken t = p->tok;
  AcyCatStmt *s;

  switch (t.kind)
    {
    case ACY_CAT_TOK_LET:
      advance (p);
      s = new_stmt (p, accept (p, ACY_CAT_TOK_REC) ? ACY_CAT_S_LETREC : ACY_CAT_S_LET, &t);
      if (!parse_bindings (p, &s->u.let.n, &s->u.let.b))
        return NULL;
      accept (p, ACY_CAT_TOK_IN);
      return s;

    case ACY_CAT_TOK_FLAG: case ACY_CAT_TOK_REQUIRES: case ACY_CAT_TOK_TILDE:
    case ACY_CAT_TOK_ACYCLIC: case ACY_CAT_TOK_IRREFLEXIVE: case ACY_CAT_TOK_EMPTY:
      {
        const char *text_start;
        s = new_stmt (p, ACY_CAT_S_CHECK, &t);
        if (accept (p, ACY_CAT_TOK_FLAG))
          s->u.check.mode = ACY_CAT_CHECK_FLAG;
        else if (accept (p, ACY_CAT_TOK_REQUIRES))
          s->u.check.mode = ACY_CAT_CHECK_REQUIRES;
        text_start = p->tok.start;
        s->u.check.negated = accept (p, ACY_CAT_TOK_TILDE);
        if (accept (p, ACY_CAT_TOK_ACYCLIC))
          s->u.check.test = ACY_CAT_TEST_ACYCLIC;
        else if (accept (p, ACY_CAT_TOK_IRREFLEXIVE))
          s->u.check.test = ACY_CAT_TEST_IRREFLEXIVE;
        else if (accept (p, ACY_CAT_TOK_EMPTY))
          s->u.check.test = ACY_CAT_TEST_EMPTY;
        else
          {
            error_near (p, &p->tok, ACY_ERROR_SYNTAX,
                        "syntax error: expected 'acyclic', 'irreflexive' or 'empty'");
            return NULL;
          }
        s->u.check.e = parse_expr (p);
        if (!s->u.check.e)
          return NULL;
        s->u.check.text = squeeze (p->ctx->arena, text_start, p->prev_end);
        if (accept (p, ACY_CAT_TOK_AS))
          {
            if (p->tok.kind != ACY_CAT_TOK_IDENT)
              {
                error_near (p, &p->tok, ACY_ERROR_SYNTAX, "syntax error: expected a name after 'as'");
                return NULL;
              }
            s->u.check.name = tok_text (p, &p->tok);
            advance (p);
          }
        return failed (p) ? NULL : s;
      }

    case ACY_CAT_TOK_SHOW:
    case ACY_CAT_TOK_UNSHOW:
      {
        g_autoptr(GPtrArray) names = g_ptr_array_new ();
        advance (p);
        s = new_stmt (p, t.kind == ACY_CAT_TOK_SHOW ? ACY_CAT_S_SHOW : ACY_CAT_S_UNSHOW, &t);
        if (t.kind == ACY_CAT_TOK_SHOW
            && !(p->tok.kind == ACY_CAT_TOK_IDENT
                 && (p->ahead.kind == ACY_CAT_TOK_COMMA || !starts_operand (p->ahead.kind))
                 && p->ahead.kind != ACY_CAT_TOK_AS
                 && p->ahead.kind != ACY_CAT_TOK_BAR && p->ahead.kind != ACY_CAT_TOK_SEMI
                 && p->ahead.kind != ACY_CAT_TOK_AMP && p->ahead.kind != ACY_CAT_TOK_BACKSLASH
                 && p->ahead.kind != ACY_CAT_TOK_STAR && p->ahead.kind != ACY_CAT_TOK_PLUS))
          {
            s->u.show.e = parse_union (p);
            if (!s->u.show.e || !expect (p, ACY_CAT_TOK_AS, "'as'"))
              return NULL;
            if (p->tok.kind != ACY_CAT_TOK_IDENT)
              {
                error_near (p, &p->tok, ACY_ERROR_SYNTAX, "syntax error: expected a name after 'as'");
                return NULL;
              }
            g_ptr_array_add (names, (gpointer) tok_text (p, &p->tok));
            advance (p);
          }
        else if (!parse_name_list (p, names))
          return NULL;
        s->u.show.n = names->len;
        s->u.show.names = list_to_arena (p, names);
        return failed (p) ? NULL : s;
      }

    case ACY_CAT_TOK_INCLUDE:
      {
        AcyCatToken name;
        advance (p);
        name = p->tok;
        if (!expect (p, ACY_CAT_TOK_STRING, "a file name in double quotes"))
          return NULL;
        s = new_stmt (p, ACY_CAT_S_INCLUDE, &t);
        return parse_include (p, s, &name) ? s : NULL;
      }

    case ACY_CAT_TOK_PROCEDURE:
      advance (p);
      s = new_stmt (p, ACY_CAT_S_PROCEDURE, &t);
      accept (p, ACY_CAT_TOK_REC);
      if (p->tok.kind != ACY_CAT_TOK_IDENT)
        {
          error_near (p, &p->tok, ACY_ERROR_SYNTAX, "syntax error: expected a procedure name");
          return NULL;
        }
      s->u.proc.name = tok_text (p, &p->tok);
      advance (p);
      if (!parse_pattern (p, &s->u.proc.pat) || !expect (p, ACY_CAT_TOK_EQUAL, "'='"))
        return NULL;
      if (!parse_stmts (p, &s->u.proc.body, TRUE, &t, NULL))
        return NULL;
      return s;

    case ACY_CAT_TOK_CALL:
      advance (p);
      s = new_stmt (p, ACY_CAT_S_CALL, &t);
      if (p->tok.kind != ACY_CAT_TOK_IDENT)
        {
          error_near (p, &p->tok, ACY_ERROR_SYNTAX, "syntax error: expected a procedure name");
          return NULL;
        }
      s->u.call.name = tok_text (p, &p->tok);
      advance (p);
      s->u.call.arg = parse_simple (p);
      if (!s->u.call.arg)
        return NULL;
      if (accept (p, ACY_CAT_TOK_AS))
        {
          s->u.call.as = tok_text (p, &p->tok);
          if (!expect (p, ACY_CAT_TOK_IDENT, "a name"))
            return NULL;
        }
      return failed (p) ? NULL : s;

    case ACY_CAT_TOK_WITH:
      advance (p);
      s = new_stmt (p, ACY_CAT_S_WITH, &t);
      s->u.with.var = tok_text (p, &p->tok);
      if (!expect (p, ACY_CAT_TOK_IDENT, "a name") || !expect (p, ACY_CAT_TOK_FROM, "'from'"))
        return NULL;
      s->u.with.e = parse_expr (p);
      return s->u.with.e ? s : NULL;

    case ACY_CAT_TOK_FORALL:
      advance (p);
      s = new_stmt (p, ACY_CAT_S_FORALL, &t);
      s->u.forall.var = tok_text (p, &p->tok);
      if (!expect (p, ACY_CAT_TOK_IDENT, "a name") || !expect (p, ACY_CAT_TOK_IN, "'in'"))
        return NULL;
      s->u.forall.e = parse_expr (p);
      if (!s->u.forall.e || !expect (p, ACY_CAT_TOK_DO, "'do'"))
        return NULL;
      if (!parse_stmts (p, &s->u.forall.body, TRUE, &t, NULL))
        return NULL;
      return s;

    case ACY_CAT_TOK_ENUM:
      {
        g_autoptr(GPtrArray) tags = g_ptr_array_new ();
        advance (p);
        s = new_stmt (p, ACY_CAT_S_ENUM, &t);
        s->u.enum_.name = tok_text (p, &p->tok);
        if (!expect (p, ACY_CAT_TOK_IDENT, "a name") || !expect (p, ACY_CAT_TOK_EQUAL, "'='"))
          return NULL;
        accept (p, ACY_CAT_TOK_ALT);
        do
          {
            if (p->tok.kind != ACY_CAT_TOK_TAG)
              {
                error_near (p, &p->tok, ACY_ERROR_SYNTAX, "syntax error: expected a tag");
                return NULL;
              }
            g_ptr_array_add (tags, (gpointer) tok_text (p, &p->tok));
            advance (p);
          }
        while (accept (p, ACY_CAT_TOK_ALT));
        s->u.enum_.n = tags->len;
        s->u.enum_.tags = list_to_arena (p, tags);
        return failed (p) ? NULL : s;
      }

    case ACY_CAT_TOK_INSTRUCTIONS:
    case ACY_CAT_TOK_DEFAULT:
      {
        AcyCatToken open;
        advance (p);
        s = new_stmt (p, ACY_CAT_S_INSTRUCTIONS, &t);
        if (!expect (p, ACY_CAT_TOK_IDENT, "a name"))
          return NULL;
        open = p->tok;
        if (!expect (p, ACY_CAT_TOK_LBRACK, "'['"))
          return NULL;
        if (p->tok.kind != ACY_CAT_TOK_RBRACK)
          do
            {
              if (!parse_union (p))
                return NULL;
            }
          while (accept (p, ACY_CAT_TOK_COMMA));
        return expect_close (p, ACY_CAT_TOK_RBRACK, "']'", &open) ? s : NULL;
      }

    case ACY_CAT_TOK_IF:
      advance (p);
      s = new_stmt (p, ACY_CAT_S_IF_VARIANT, &t);
      if (!(s->u.ifv.vcond = parse_vcond (p)))
        return NULL;
      if (p->tok.kind == ACY_CAT_TOK_THEN)
        {
          /* herd7: unexpected 'then' */
          error_near (p, &p->tok, ACY_ERROR_SYNTAX,
                      "syntax error: the if instruction takes no 'then' (if \"v\" ... else ... end)");
          return NULL;
        }
      {
        gboolean at_else = FALSE;
        if (!parse_stmts (p, &s->u.ifv.then_, TRUE, &t, &at_else))
          return NULL;
        if (at_else)
          {
            advance (p);
            if (!parse_stmts (p, &s->u.ifv.else_, TRUE, &t, NULL))
              return NULL;
          }
      }
      return s;

    default:
      error_near (p, &t, ACY_ERROR_SYNTAX, "syntax error: expected an instruction");
      return NULL;
    }
}

/* stmts := {stmt}, ended by end of file, or (when @until_end) by 'end',
 * or by 'else' when @at_else is given: then *at_else is set and the
 * 'else' is left for the caller. */
static gboolean
parse_stmts (Parser *p, AcyCatStmtList *out, gboolean until_end,
             const AcyCatToken *opener, gboolean *at_else)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();

  if (!enter (p))
    return FALSE;
  for (;;)
    {
      AcyCatStmt *s;

      if (failed (p))
        return FALSE;
      if (p->tok.kind == ACY_CAT_TOK_EOF)
        {
          if (until_end)
            {
              expect_close (p, ACY_CAT_TOK_END, "'end'", opener);
              return FALSE;
            }
          break;
        }
      if (until_end && (p->tok.kind == ACY_CAT_TOK_END
                        || (at_else && p->tok.kind == ACY_CAT_TOK_ELSE)))
        break;
      s = parse_stmt (p);
      if (!s)
        return FALSE;
      g_ptr_array_add (items, s);
    }
  out->n = items->len;
  out->items = list_to_arena (p, items);
  p->depth--;
  if (until_end)
    {
      if (p->tok.kind == ACY_CAT_TOK_ELSE)
        {
          *at_else = TRUE;
          return TRUE;
        }
      return expect_close (p, ACY_CAT_TOK_END, "'end'", opener);
    }
  return TRUE;
}

char *
acy_cat_find_include (AcyCatParseCtx *ctx,
                      const char     *from_dir,
                      const char     *name,
                      gboolean       *prelude)
{
  *prelude = FALSE;
  if (g_path_is_absolute (name))
    return g_file_test (name, G_FILE_TEST_IS_REGULAR) ? g_strdup (name) : NULL;
  if (from_dir)
    {
      char *path = g_build_filename (from_dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return path;
      g_free (path);
    }
  for (guint i = 0; ctx->include_dirs && ctx->include_dirs[i]; i++)
    {
      char *path = g_build_filename (ctx->include_dirs[i], name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return path;
      g_free (path);
    }
  if (ctx->builtin_dir)
    {
      char *path = g_build_filename (ctx->builtin_dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        {
          *prelude = TRUE;
          return path;
        }
      g_free (path);
    }
  return NULL;
}

static gboolean
is_model_option (const AcyCatToken *t)
{
  static const char *const options[] = {
    "withco", "withoutco", "withinit", "withoutinit", "withsc", "withoutsc", "catdep",
  };

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (t->len == strlen (options[i]) && memcmp (t->start, options[i], t->len) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
parse_include (Parser *p, AcyCatStmt *s, const AcyCatToken *name_tok)
{
  g_autofree char *name = g_strndup (name_tok->start, name_tok->len);
  g_autofree char *path = NULL;
  g_autofree char *canon = NULL;
  gboolean prelude;
  const char *title;

  path = acy_cat_find_include (p->ctx, p->dir, name, &prelude);
  if (!path)
    {
      g_autofree char *here = p->dir && !g_path_is_absolute (name)
                              ? g_build_filename (p->dir, name, NULL) : g_strdup (name);

      /* something is there, but not a file to read */
      if (g_file_test (here, G_FILE_TEST_IS_DIR))
        error_near (p, name_tok, ACY_ERROR_IO, "cannot include a directory");
      else if (g_file_test (here, G_FILE_TEST_EXISTS))
        error_near (p, name_tok, ACY_ERROR_IO, "cannot include what is not a regular file (a device or a pipe)");
      else
        error_near (p, name_tok, ACY_ERROR_UNKNOWN_NAME, "include file not found");
      return FALSE;
    }
  canon = g_canonicalize_filename (path, NULL);
  s->u.include.path = acy_arena_strdup (p->ctx->arena, path);
  s->u.include.prelude = prelude || p->prelude;
  for (guint i = 0; i < p->ctx->stack->len; i++)
    if (g_str_equal (p->ctx->stack->pdata[i], canon))
      {
        error_near (p, name_tok, ACY_ERROR_SYNTAX, "include cycle");
        return FALSE;
      }
  /* A file included again is evaluated again, as herd does: lock.cat
   * includes cross.cat before redefining W and cos-opt.cat includes it
   * after, so generate_cos must see the new W. */
  return acy_cat_parse (p->ctx, path, NULL, s->u.include.prelude,
                        &s->u.include.body, &title, p->error);
}

void
acy_cat_parse_ctx_init (AcyCatParseCtx     *ctx,
                        AcyArena           *arena,
                        const char *const  *include_dirs,
                        const char         *builtin_dir)
{
  ctx->arena = arena;
  ctx->include_dirs = include_dirs;
  ctx->builtin_dir = builtin_dir;
  ctx->stack = g_ptr_array_new_with_free_func (g_free);
  ctx->included = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  ctx->halt = NULL;
}

void
acy_cat_parse_ctx_clear (AcyCatParseCtx *ctx)
{
  g_clear_pointer (&ctx->stack, g_ptr_array_unref);
  g_clear_pointer (&ctx->included, g_hash_table_unref);
}

gboolean
acy_cat_parse (AcyCatParseCtx *ctx,
               const char     *path,
               const char     *text,
               gboolean        prelude,
               AcyCatStmtList *out,
               const char    **title,
               GError        **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *canon = NULL;
  Parser p = { 0 };
  gsize len;
  gboolean ok;

  *title = NULL;
  if (text == NULL)
    {
      if (!acy_file_read (path, &contents, &len, error))
        return FALSE;
      text = contents;
    }
  else
    len = strlen (text);

  canon = g_canonicalize_filename (path, NULL);
  g_ptr_array_add (ctx->stack, g_strdup (canon));
  g_hash_table_add (ctx->included, g_strdup (canon));

  p.ctx = ctx;
  p.file = acy_arena_strdup (ctx->arena, path);
  p.dir = g_path_get_dirname (path);
  p.prelude = prelude;
  p.error = error;
  acy_cat_lexer_init (&p.lex, p.file, text, len);
  ok = acy_cat_lexer_next (&p.lex, &p.tok, error)
       && acy_cat_lexer_next (&p.lex, &p.ahead, error);
  p.prev_end = text;

  /* Optional title, as herd7 reads it: a string, or a name and then at
   * most one name (a model option) or string. More words are an error
   * (text that is not a model, say a .cfg, would otherwise load as an
   * empty model). */
  if (ok && p.tok.kind == ACY_CAT_TOK_STRING)
    {
      *title = tok_text (&p, &p.tok);
      ok = advance (&p) || !failed (&p);
    }
  else if (ok && p.tok.kind == ACY_CAT_TOK_IDENT)
    {
      *title = tok_text (&p, &p.tok);
      advance (&p);
      if (!failed (&p) && (p.tok.kind == ACY_CAT_TOK_IDENT || p.tok.kind == ACY_CAT_TOK_STRING))
        {
          if (p.tok.kind == ACY_CAT_TOK_STRING)
            *title = tok_text (&p, &p.tok);
          advance (&p);
        }
      ok = !failed (&p);
    }
  /* model options after the title (our models write them after a string) */
  while (ok && p.tok.kind == ACY_CAT_TOK_IDENT && is_model_option (&p.tok))
    ok = advance (&p) || !failed (&p);

  if (ok)
    ok = parse_stmts (&p, out, FALSE, NULL, NULL);

  g_free (p.dir);
  g_ptr_array_remove_index (ctx->stack, ctx->stack->len - 1);
  return ok;
}

/* expression := expr EOF
 * One cat expression on its own (a relation console, acyclic-check
 * --eval), positions counted from @text's start, in file @path. */
gboolean
acy_cat_parse_expression (AcyCatParseCtx *ctx,
                          const char     *path,
                          const char     *text,
                          AcyCatExpr    **out,
                          GError        **error)
{
  Parser p = { 0 };
  gboolean ok;

  *out = NULL;
  p.ctx = ctx;
  p.file = acy_arena_strdup (ctx->arena, path);
  p.dir = g_strdup (".");
  p.error = error;
  acy_cat_lexer_init (&p.lex, p.file, text, strlen (text));
  ok = acy_cat_lexer_next (&p.lex, &p.tok, error)
       && acy_cat_lexer_next (&p.lex, &p.ahead, error);
  p.prev_end = text;
  if (ok && p.tok.kind == ACY_CAT_TOK_EOF)
    {
      error_near (&p, &p.tok, ACY_ERROR_SYNTAX, "syntax error: expected an expression");
      ok = FALSE;
    }
  if (ok)
    *out = parse_expr (&p);
  if (ok && *out && p.tok.kind != ACY_CAT_TOK_EOF)
    error_near (&p, &p.tok, ACY_ERROR_SYNTAX, "syntax error: expected the end of the expression");
  g_free (p.dir);
  if (failed (&p))
    *out = NULL;
  return *out != NULL;
}
