/* acy-cat-parser-private.h - the cat parser's state, shared by its two halves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * acy-cat-parser.c reads statements, includes and the entry points;
 * acy-cat-parse-expr.c reads expressions, patterns, bindings and variant
 * conditions. Both walk one token stream through the helpers here.
 */
#pragma once

#include <string.h>

#include "acy-cat-lexer.h"
#include "acy-cat-parser.h"
#include "acy-explain.h"

G_BEGIN_DECLS

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
} AcyCatParser;

static inline AcyLoc
tok_loc (AcyCatParser *p, const AcyCatToken *t)
{
  AcyLoc loc = { p->file, t->line, t->col };
  return loc;
}

static inline const char *
tok_text (AcyCatParser *p, const AcyCatToken *t)
{
  if (t->kind == ACY_CAT_TOK_EOF)
    return "end of file";
  return acy_arena_strndup (p->ctx->arena, t->start, t->len);
}

static inline void
error_near (AcyCatParser *p, const AcyCatToken *t, AcyErrorCode code, const char *msg)
{
  /* A lexical error found while reading ahead wins. */
  if (p->error && *p->error)
    return;
  if (t->kind == ACY_CAT_TOK_TAG)
    acy_set_error_at (p->error, code, tok_loc (p, t), "%s near ''%.*s'", msg, (int) t->len, t->start);
  else if (t->kind == ACY_CAT_TOK_STRING)
    acy_set_error_at (p->error, code, tok_loc (p, t), "%s near '\"%.*s\"'", msg, (int) t->len, t->start);
  else if (t->kind == ACY_CAT_TOK_EOF && g_strcmp0 (p->file, ACY_EXPRESSION_FILE) == 0)
    /* one line typed in a field or given to --eval: it has no file */
    acy_set_error_at (p->error, code, tok_loc (p, t), "%s at the end of the expression", msg);
  else if (t->kind == ACY_CAT_TOK_EOF)
    acy_set_error_at (p->error, code, tok_loc (p, t), "%s near end of file", msg);
  else
    acy_set_error_at (p->error, code, tok_loc (p, t), "%s near '%.*s'", msg, (int) t->len, t->start);
}

static inline gboolean
advance (AcyCatParser *p)
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

static inline gboolean
accept (AcyCatParser *p, AcyCatTokKind kind)
{
  if (p->tok.kind != kind)
    return FALSE;
  return advance (p);   /* a lexical error surfaces through p->error */
}

static inline gboolean
failed (AcyCatParser *p)
{
  return p->error && *p->error;
}

static inline gboolean
expect (AcyCatParser *p, AcyCatTokKind kind, const char *what)
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
static inline gboolean
expect_close (AcyCatParser *p, AcyCatTokKind kind, const char *what, const AcyCatToken *opener)
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

static inline gboolean
enter (AcyCatParser *p)
{
  if (++p->depth > ACY_CAT_MAX_NESTING || acy_stack_low ())
    {
      error_near (p, &p->tok, ACY_ERROR_LIMIT, "nesting too deep");
      return FALSE;
    }
  return TRUE;
}

static inline gpointer
list_to_arena (AcyCatParser *p, GPtrArray *items)
{
  gpointer *v = acy_arena_newv (p->ctx->arena, gpointer, MAX (items->len, 1));
  if (items->len)
    memcpy (v, items->pdata, items->len * sizeof (gpointer));
  return v;
}

static inline gboolean
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

/* ---- expressions (acy-cat-parse-expr.c) ---- */

/* expr: a whole expression (let, fun, try, if, match, tuples), sealed;
 * NULL with p->error set on failure. */
AcyCatExpr        *acy_cat_parser_expr     (AcyCatParser *p);
/* union: the operators only, as show ... as and instructions take it. */
AcyCatExpr        *acy_cat_parser_union    (AcyCatParser *p);
/* simple: a name, a bracketed form, a tag..., as call takes it. */
AcyCatExpr        *acy_cat_parser_simple   (AcyCatParser *p);
/* pat: a name, '_' or a tuple of them, for fun, bindings and procedure. */
gboolean           acy_cat_parser_pattern  (AcyCatParser *p, AcyCatPat *pat);
/* bindings: binding {'and' binding}, for let and let rec. */
gboolean           acy_cat_parser_bindings (AcyCatParser *p, guint *n, AcyCatBinding **out);
/* vcond: a variant condition, for the if instruction. */
AcyCatVariantCond *acy_cat_parser_vcond    (AcyCatParser *p);

G_END_DECLS
