/* acy-cat-parser.c - cat source text to syntax tree
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A recursive-descent parser: here statements, includes and the entry
 * points; expressions in acy-cat-parse-expr.c, over the token stream of
 * acy-cat-parser-private.h.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-cat-parser-private.h"
#include "acy-files.h"
#include "acy-resources.h"

static gboolean parse_stmts (AcyCatParser *p, AcyCatStmtList *out, gboolean until_end,
                             const AcyCatToken *opener, gboolean *at_else);

static AcyCatStmt *
new_stmt (AcyCatParser *p, AcyCatStmtKind kind, const AcyCatToken *t)
{
  AcyCatStmt *s = acy_arena_new0 (p->ctx->arena, AcyCatStmt);
  s->kind = kind;
  s->loc = tok_loc (p, t);
  s->near = tok_text (p, t);
  return s;
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
parse_name_list (AcyCatParser *p, GPtrArray *names)
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

static gboolean parse_include (AcyCatParser *p, AcyCatStmt *s, const AcyCatToken *name_tok);

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
parse_stmt (AcyCatParser *p)
{
  AcyCatToken t = p->tok;
  AcyCatStmt *s;

  switch (t.kind)
    {
    case ACY_CAT_TOK_LET:
      advance (p);
      s = new_stmt (p, accept (p, ACY_CAT_TOK_REC) ? ACY_CAT_S_LETREC : ACY_CAT_S_LET, &t);
      if (!acy_cat_parser_bindings (p, &s->u.let.n, &s->u.let.b))
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
        s->u.check.e = acy_cat_parser_expr (p);
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
            s->u.show.e = acy_cat_parser_union (p);
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
      if (!acy_cat_parser_pattern (p, &s->u.proc.pat) || !expect (p, ACY_CAT_TOK_EQUAL, "'='"))
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
      s->u.call.arg = acy_cat_parser_simple (p);
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
      s->u.with.e = acy_cat_parser_expr (p);
      return s->u.with.e ? s : NULL;

    case ACY_CAT_TOK_FORALL:
      advance (p);
      s = new_stmt (p, ACY_CAT_S_FORALL, &t);
      s->u.forall.var = tok_text (p, &p->tok);
      if (!expect (p, ACY_CAT_TOK_IDENT, "a name") || !expect (p, ACY_CAT_TOK_IN, "'in'"))
        return NULL;
      s->u.forall.e = acy_cat_parser_expr (p);
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
              if (!acy_cat_parser_union (p))
                return NULL;
            }
          while (accept (p, ACY_CAT_TOK_COMMA));
        return expect_close (p, ACY_CAT_TOK_RBRACK, "']'", &open) ? s : NULL;
      }

    case ACY_CAT_TOK_IF:
      advance (p);
      s = new_stmt (p, ACY_CAT_S_IF_VARIANT, &t);
      if (!(s->u.ifv.vcond = acy_cat_parser_vcond (p)))
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
parse_stmts (AcyCatParser *p, AcyCatStmtList *out, gboolean until_end,
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

/* herd7's older model options, which its grammar no longer has: since
 * 7.5x a model takes `catdep` after its title and nothing else, and herd7
 * stops at these with a syntax error (herdtools7's demo c11.cat writes
 * `withinit`). */
static gboolean
is_old_model_option (const AcyCatToken *t)
{
  static const char *const options[] = {
    "withco", "withoutco", "withinit", "withoutinit", "withsc", "withoutsc",
  };

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (t->len == strlen (options[i]) && memcmp (t->start, options[i], t->len) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
parse_include (AcyCatParser *p, AcyCatStmt *s, const AcyCatToken *name_tok)
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
  AcyCatParser p = { 0 };
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
  if (ok && ctx->stack->len == 1)
    ctx->arch_word = p.tok.kind == ACY_CAT_TOK_STRING || p.tok.kind == ACY_CAT_TOK_IDENT
                     ? tok_text (&p, &p.tok) : NULL;
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
  /* herd7's one model option after the title */
  if (ok && p.tok.kind == ACY_CAT_TOK_IDENT && p.tok.len == strlen ("catdep")
      && memcmp (p.tok.start, "catdep", p.tok.len) == 0)
    ok = advance (&p) || !failed (&p);
  else if (ok && p.tok.kind == ACY_CAT_TOK_IDENT && is_old_model_option (&p.tok))
    {
      error_near (&p, &p.tok, ACY_ERROR_SYNTAX,
                  "syntax error: herd7 has no such model option any more (catdep is its only one)");
      ok = FALSE;
    }

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
  AcyCatParser p = { 0 };
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
    *out = acy_cat_parser_expr (&p);
  if (ok && *out && p.tok.kind != ACY_CAT_TOK_EOF)
    error_near (&p, &p.tok, ACY_ERROR_SYNTAX, "syntax error: expected the end of the expression");
  g_free (p.dir);
  if (failed (&p))
    *out = NULL;
  return *out != NULL;
}
