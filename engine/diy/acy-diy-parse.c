/* acy-diy-parse.c - the text of a cycle, to the cycles it stands for
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * diy's syntax: relaxations separated by blanks or commas make a
 * sequence, `|` a choice, `?` an option and `[...]` a group:
 *
 *   relax  := choice (',' relax)?
 *   choice := suffix ('|' choice)?
 *   suffix := (WORD | '[' relax ']') '?'*
 *
 * and, for diycross's arguments, the top level's commas are choices:
 *
 *   top    := choice (',' top)?
 *
 * A blank separates two relaxations only after a relaxation (or a
 * closing bracket) of the same group, as diy's lexer has it. Every
 * token's place is kept, so that an error names where it is.
 */
#define G_LOG_DOMAIN "acyclic-diy"
#include "config.h"

#include <string.h>

#include "acy-diy-private.h"

#define MAX_DEPTH 64

typedef enum { T_WORD, T_LSQ, T_RSQ, T_OPT, T_COMMA, T_BAR, T_EOF } TokKind;

typedef struct {
  TokKind kind;
  guint   token;   /* index in the token table */
} Tok;

typedef struct {
  const DiyArch *arch;
  DiyLexicon *lex;
  const char *text;
  gsize       len;
  gsize       pos;
  guint       base;        /* offset of @text in the whole cycle text */
  GArray     *tokens;      /* DiyToken */
  GArray     *stack;       /* gboolean: has a relaxation been seen in this group */
  Tok         cur;
  guint       max_cycles;
  int         depth;
  GError    **error;
} Parser;

static gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static gboolean
is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '-' || c == '.' || c == '*';
}

static guint
add_token (Parser *p, gsize start, gsize end)
{
  DiyToken t = { p->base + start, end - start };

  g_array_append_val (p->tokens, t);
  return p->tokens->len - 1;
}

static gboolean
peak (Parser *p)
{
  return g_array_index (p->stack, gboolean, p->stack->len - 1);
}

static void
set_peak (Parser *p, gboolean v)
{
  g_array_index (p->stack, gboolean, p->stack->len - 1) = v;
}

static gboolean
next_token (Parser *p)
{
  for (;;)
    {
      gsize start = p->pos, b = p->pos, after;

      while (b < p->len && is_blank (p->text[b]))
        b++;
      if (b == p->len && b == start)
        {
          p->cur.kind = T_EOF;
          p->cur.token = add_token (p, start, start);
          return TRUE;
        }
      if (b == start && p->text[b] == '[')
        {
          after = b + 1;
          while (after < p->len && is_blank (p->text[after]))
            after++;
          p->pos = after;
          p->cur.kind = T_LSQ;
          p->cur.token = add_token (p, b, b + 1);
          g_array_append_val (p->stack, (gboolean) { FALSE });
          return TRUE;
        }
      if (b < p->len && p->text[b] == ']')
        {
          p->pos = b + 1;
          p->cur.kind = T_RSQ;
          p->cur.token = add_token (p, b, b + 1);
          if (p->stack->len > 1)
            g_array_set_size (p->stack, p->stack->len - 1);
          set_peak (p, TRUE);
          return TRUE;
        }
      if (b < p->len && p->text[b] == '?')
        {
          p->pos = b + 1;
          p->cur.kind = T_OPT;
          p->cur.token = add_token (p, b, b + 1);
          return TRUE;
        }
      if (b < p->len && (p->text[b] == ',' || p->text[b] == '|'))
        {
          char c = p->text[b];

          after = b + 1;
          while (after < p->len && is_blank (p->text[after]))
            after++;
          p->pos = after;
          if (c == '|')
            {
              p->cur.kind = T_BAR;
              p->cur.token = add_token (p, b, b + 1);
              return TRUE;
            }
          if (after == p->len)
            {
              p->cur.kind = T_EOF;
              p->cur.token = add_token (p, b, b + 1);
              return TRUE;
            }
          if (peak (p))
            {
              p->cur.kind = T_COMMA;
              p->cur.token = add_token (p, b, b + 1);
              return TRUE;
            }
          continue;
        }
      if (b > start)
        {
          /* blanks: a separator after a relaxation */
          p->pos = b;
          if (peak (p))
            {
              p->cur.kind = T_COMMA;
              p->cur.token = add_token (p, start, b);
              return TRUE;
            }
          continue;
        }
      if (is_word_char (p->text[b]))
        {
          gsize e = b;

          while (e < p->len && is_word_char (p->text[e]))
            e++;
          p->pos = e;
          p->cur.kind = T_WORD;
          p->cur.token = add_token (p, b, e);
          set_peak (p, TRUE);
          return TRUE;
        }
      acy_diy_fail_at (p->error, add_token (p, b, b + 1), "unexpected character '%c' in a cycle", p->text[b]);
      return FALSE;
    }
}

/* ---- the cycles a tree stands for ---- */

static void
free_cycles (GPtrArray *cs)
{
  if (cs != NULL)
    g_ptr_array_unref (cs);
}

static GPtrArray *
new_cycles (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
}

static GPtrArray *
cross (Parser *p, GPtrArray *a, GPtrArray *b, guint at)
{
  if ((guint64) a->len * b->len > p->max_cycles)
    {
      acy_diy_fail_at (p->error, at, "this stands for more than %u cycles", p->max_cycles);
      return NULL;
    }
  return acy_diy_cycles_product (a, b);
}

GPtrArray *
acy_diy_cycles_product (GPtrArray *a, GPtrArray *b)
{
  GPtrArray *out = new_cycles ();

  for (guint i = 0; i < a->len; i++)
    for (guint j = 0; j < b->len; j++)
      {
        GArray *x = a->pdata[i], *y = b->pdata[j];
        GArray *c = g_array_sized_new (FALSE, FALSE, sizeof (DiyEdge), x->len + y->len);

        g_array_append_vals (c, x->data, x->len);
        g_array_append_vals (c, y->data, y->len);
        g_ptr_array_add (out, c);
      }
  return out;
}

static GPtrArray *
concat (Parser *p, GPtrArray *a, GPtrArray *b, guint at)
{
  if (a->len + (guint64) b->len > p->max_cycles)
    {
      acy_diy_fail_at (p->error, at, "this stands for more than %u cycles", p->max_cycles);
      return NULL;
    }
  for (guint j = 0; j < b->len; j++)
    g_ptr_array_add (a, g_array_ref (b->pdata[j]));
  return g_ptr_array_ref (a);
}

/* One relaxation word: its edges, or the alternatives of a macro. */
static GPtrArray *
word_cycles (Parser *p, guint token)
{
  const DiyToken *t = &g_array_index (p->tokens, DiyToken, token);
  g_autofree char *word = g_strndup (p->text + (t->offset - p->base), t->length);
  g_autoptr(GPtrArray) alts = acy_diy_lexicon_macro (p->lex, word);
  GPtrArray *out = new_cycles ();

  if (alts == NULL)
    {
      DiyEdge e;

      if (!acy_diy_lexicon_parse_edge (p->lex, word, &e))
        {
          g_ptr_array_unref (out);
          if (g_str_equal (word, "PPO"))
            acy_diy_fail_at (p->error, token, "Bad relax: PPO");
          else
            acy_diy_fail_at (p->error, token, "unknown edge '%s'", word);
          return NULL;
        }
      alts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
      g_ptr_array_add (alts, g_array_new (FALSE, FALSE, sizeof (DiyEdge)));
      g_array_append_val ((GArray *) alts->pdata[0], e);
    }
  for (guint k = 0; k < alts->len; k++)
    {
      GArray *r = alts->pdata[k];

      for (guint i = 0; i < r->len; i++)
        g_array_index (r, DiyEdge, i).from = token;
      acy_diy_expand_relax (p->arch, (const DiyEdge *) r->data, r->len, out);
    }
  if (out->len == 0)
    {
      g_ptr_array_unref (out);
      acy_diy_fail_at (p->error, token, "no edge of '%s' fits", word);
      return NULL;
    }
  return out;
}

static GPtrArray *parse_relax (Parser *p, gboolean top_choice);

/* suffix := (WORD | '[' relax ']') '?'* */
static GPtrArray *
parse_suffix (Parser *p)
{
  GPtrArray *r;

  if (p->cur.kind == T_WORD)
    {
      r = word_cycles (p, p->cur.token);
      if (r == NULL || !next_token (p))
        return (free_cycles (r), NULL);
    }
  else if (p->cur.kind == T_LSQ)
    {
      guint open = p->cur.token;

      if (++p->depth > MAX_DEPTH)
        {
          acy_diy_fail_at (p->error, open, "brackets nested more than %d deep", MAX_DEPTH);
          return NULL;
        }
      if (!next_token (p))
        return NULL;
      r = parse_relax (p, FALSE);
      if (r == NULL)
        return NULL;
      if (p->cur.kind != T_RSQ)
        {
          free_cycles (r);
          acy_diy_fail_at (p->error, open, "'[' is not closed");
          return NULL;
        }
      p->depth--;
      if (!next_token (p))
        return (free_cycles (r), NULL);
    }
  else
    {
      acy_diy_fail_at (p->error, p->cur.token, p->cur.kind == T_EOF ? "a relaxation is missing at the end"
                       : "a relaxation is expected here");
      return NULL;
    }
  while (p->cur.kind == T_OPT)
    {
      GPtrArray *with = new_cycles ();
      GPtrArray *both;

      g_ptr_array_add (with, g_array_new (FALSE, FALSE, sizeof (DiyEdge)));
      both = concat (p, with, r, p->cur.token);
      g_ptr_array_unref (with);
      free_cycles (r);
      if (both == NULL)
        return NULL;
      r = both;
      if (!next_token (p))
        return (free_cycles (r), NULL);
    }
  return r;
}

/* choice := suffix ('|' choice)? */
static GPtrArray *
parse_choice (Parser *p)
{
  GPtrArray *lhs = parse_suffix (p), *rhs, *r;
  guint bar;

  if (lhs == NULL || p->cur.kind != T_BAR)
    return lhs;
  bar = p->cur.token;
  if (!next_token (p) || (rhs = parse_choice (p)) == NULL)
    return (free_cycles (lhs), NULL);
  r = concat (p, lhs, rhs, bar);
  free_cycles (lhs);
  free_cycles (rhs);
  return r;
}

/* relax := choice (',' relax)?    top := choice (',' top)? */
static GPtrArray *
parse_relax (Parser *p, gboolean top_choice)
{
  GPtrArray *lhs = parse_choice (p), *rhs, *r;
  guint comma;

  if (lhs == NULL || p->cur.kind != T_COMMA)
    return lhs;
  comma = p->cur.token;
  if (!next_token (p) || (rhs = parse_relax (p, top_choice)) == NULL)
    return (free_cycles (lhs), NULL);
  r = top_choice ? concat (p, lhs, rhs, comma) : cross (p, lhs, rhs, comma);
  free_cycles (lhs);
  free_cycles (rhs);
  return r;
}

GPtrArray *
acy_diy_parse_cycles (const DiyArch *arch, gboolean wildcard, const char *text, gsize len,
                      guint base, gboolean top_choice, GArray *tokens, guint max_cycles,
                      GError **error)
{
  Parser p = { 0 };
  GPtrArray *r;

  p.arch = arch;
  p.lex = acy_diy_lexicon_get (arch, wildcard);
  p.text = text;
  p.len = len;
  p.base = base;
  p.tokens = tokens;
  p.stack = g_array_new (FALSE, FALSE, sizeof (gboolean));
  p.max_cycles = max_cycles;
  p.error = error;
  g_array_append_val (p.stack, (gboolean) { FALSE });
  if (!next_token (&p))
    {
      g_array_unref (p.stack);
      return NULL;
    }
  r = parse_relax (&p, top_choice);
  if (r != NULL && p.cur.kind != T_EOF)
    {
      acy_diy_fail_at (error, p.cur.token, p.cur.kind == T_RSQ ? "']' closes no '['"
                       : "a relaxation is expected here");
      g_clear_pointer (&r, g_ptr_array_unref);
    }
  g_array_unref (p.stack);
  return r;
}
