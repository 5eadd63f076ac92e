/* acy-macros.c - herd `-macros` files: primitives defined by core operations
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * file  := macro*
 * macro := IDENT '(' (IDENT (',' IDENT)*)? ')' ('{' stmt+ '}' | expr)
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-litmus-private.h"
#include "acy-files.h"

/* herd7's words for a token its macro grammar does not expect */
static gboolean
unexpected (const AcyLitToken *t, GError **error)
{
  acy_set_error_at (error, ACY_ERROR_SYNTAX, t->loc, "unexpected '%s' (in macros) near '%s'",
                    acy_lit_token_describe (t), acy_lit_token_describe (t));
  return FALSE;
}

static gboolean
parse_macro (AcyLitParser *ps, AcyMacros *macros, GError **error)
{
  const AcyLitToken *name = &ps->toks[ps->pos];
  AcyLitMacro *m;
  GPtrArray *params;
  const AcyLitToken *open;

  if (name->kind != ACY_LTOK_IDENT || name->tag != NULL)
    {
      return unexpected (name, error);
    }
  ps->pos++;
  m = acy_arena_new0 (macros->arena, AcyLitMacro);
  m->name = name->text;
  m->loc = name->loc;

  /* herd7: NAME '(' (NAME (',' NAME)*)? ')', parentheses included */
  if (!acy_lit_tok_is (&ps->toks[ps->pos], "("))
    return unexpected (&ps->toks[ps->pos], error);
  params = g_ptr_array_new ();
  m->has_parens = TRUE;
  open = &ps->toks[ps->pos++];
  while (!acy_lit_tok_is (&ps->toks[ps->pos], ")") || params->len > 0)
    {
      const AcyLitToken *p = &ps->toks[ps->pos];

      if (p->kind != ACY_LTOK_IDENT)
        {
          if (p->kind == ACY_LTOK_EOF)
            acy_set_error_at (error, ACY_ERROR_SYNTAX, p->loc,
                              "expected a parameter name in the '(' opened at %u:%u near '%s'",
                              open->loc.line, open->loc.col, acy_lit_token_describe (p));
          else
            unexpected (p, error);
          g_ptr_array_free (params, TRUE);
          return FALSE;
        }
      for (guint i = 0; i < params->len; i++)
        if (g_str_equal (params->pdata[i], p->text))
          {
            acy_set_error_at (error, ACY_ERROR_SYNTAX, p->loc,
                              "duplicate parameter '%s' near '%s'", p->text, p->text);
            g_ptr_array_free (params, TRUE);
            return FALSE;
          }
      g_ptr_array_add (params, (gpointer) p->text);
      ps->pos++;
      if (acy_lit_tok_is (&ps->toks[ps->pos], ")"))
        break;
      if (!acy_lit_tok_is (&ps->toks[ps->pos], ","))
        {
          unexpected (&ps->toks[ps->pos], error);
          g_ptr_array_free (params, TRUE);
          return FALSE;
        }
      ps->pos++;
    }
  ps->pos++;
  m->n_params = params->len;
  m->params = acy_arena_newv (macros->arena, const char *, MAX (params->len, 1));
  if (params->len > 0)   /* pdata is NULL then, and memcpy's NULL is undefined */
    memcpy (m->params, params->pdata, params->len * sizeof (gpointer));
  g_ptr_array_free (params, TRUE);

  if (acy_lit_tok_is (&ps->toks[ps->pos], "{"))
    {
      const AcyLitToken *open = &ps->toks[ps->pos++];

      m->body_block = acy_lit_stmt_new (macros->arena, ACY_LSTMT_BLOCK, open->loc);
      if (!acy_lit_parse_block_body (ps, open, &m->body_block->body, &m->body_block->n_body, error))
        return FALSE;
      ps->pos++;
    }
  else
    {
      m->body_expr = acy_lit_parse_expr (ps, error);
      if (m->body_expr == NULL)
        return FALSE;
    }

  /* a macro defined again: herd7 keeps the later definition */
  g_hash_table_insert (macros->by_name, (gpointer) m->name, m);
  return TRUE;
}

AcyMacros *
acy_macros_parse (const char *text, gssize len, const char *filename, GError **error)
{
  g_autoptr (AcyMacros) macros = g_new0 (AcyMacros, 1);
  AcyLitTokens toks;
  AcyLitParser ps = { 0 };

  if (len < 0)
    len = (gssize) strlen (text);
  macros->arena = acy_arena_new (16384);
  macros->filename = g_strdup (filename ? filename : "<macros>");
  macros->by_name = g_hash_table_new (g_str_hash, g_str_equal);

  if (!acy_lit_tokenize_c (macros->arena, text, (gsize) len, macros->filename, &toks, error))
    return NULL;
  ps.arena = macros->arena;
  ps.toks = toks.tokens;
  ps.filename = macros->filename;
  ps.macro_file = TRUE;
  while (ps.toks[ps.pos].kind != ACY_LTOK_EOF)
    if (!parse_macro (&ps, macros, error))
      return NULL;
  return g_steal_pointer (&macros);
}

AcyMacros *
acy_macros_load (const char *path, GError **error)
{
  g_autofree char *contents = NULL;
  gsize len = 0;

  if (!acy_file_read (path, &contents, &len, error))
    return NULL;
  return acy_macros_parse (contents, (gssize) len, path, error);
}

void
acy_macros_free (AcyMacros *macros)
{
  if (macros == NULL)
    return;
  g_clear_pointer (&macros->by_name, g_hash_table_unref);
  g_free (macros->filename);
  acy_arena_free (macros->arena);
  g_free (macros);
}

const char *
acy_macros_get_filename (const AcyMacros *macros)
{
  return macros->filename;
}

const AcyLitMacro *
acy_macros_lookup (const AcyMacros *macros, const char *name)
{
  if (macros == NULL)
    return NULL;
  return g_hash_table_lookup (macros->by_name, name);
}

/* As acy_test_text_uses_c11(): a window asks as it opens a file, on its
 * main thread, and a test's primitives come early. */
#define MACRO_SCAN_BYTES (256 * 1024)

/**
 * acy_test_text_find_macro_call:
 * @text: a litmus test
 * @len: its length, or -1 when nul-terminated
 * @macros: the macros looked for
 * @except: (nullable): macros that do not count (those of the model the
 *   test is to be checked under)
 *
 * Returns: (nullable): the name of the first macro of @macros that @text
 *   calls and @except does not define, outside comments, in its first
 *   256 KiB (owned by @macros); %NULL when none
 */
const char *
acy_test_text_find_macro_call (const char      *text,
                               gssize           len,
                               const AcyMacros *macros,
                               const AcyMacros *except)
{
  g_autoptr(AcyArena) arena = acy_arena_new (0);
  AcyLitTokens toks;

  g_return_val_if_fail (text != NULL && macros != NULL, NULL);
  if (len < 0)
    len = (gssize) strlen (text);
  if (len > MACRO_SCAN_BYTES)
    {
      const char *nl = g_strrstr_len (text, MACRO_SCAN_BYTES, "\n");

      len = nl != NULL ? nl - text : MACRO_SCAN_BYTES;
    }
  /* a text that does not lex calls nothing: the check will say why */
  if (!acy_lit_tokenize (arena, text, (gsize) len, "", 1, NULL, &toks, NULL))
    return NULL;
  for (guint i = 0; i + 1 < toks.n_tokens; i++)
    {
      const AcyLitMacro *m;

      if (toks.tokens[i].kind == ACY_LTOK_IDENT && acy_lit_tok_is (&toks.tokens[i + 1], "(")
          && (m = acy_macros_lookup (macros, toks.tokens[i].text)) != NULL
          && acy_macros_lookup (except, toks.tokens[i].text) == NULL)
        return m->name;
    }
  return NULL;
}
