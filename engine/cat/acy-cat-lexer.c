/* acy-cat-lexer.c - tokens of the cat language
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-cat-lexer.h"

static const struct {
  const char   *word;
  AcyCatTokKind kind;
} keywords[] = {
  { "let", ACY_CAT_TOK_LET }, { "rec", ACY_CAT_TOK_REC },
  { "and", ACY_CAT_TOK_AND }, { "in", ACY_CAT_TOK_IN },
  { "fun", ACY_CAT_TOK_FUN }, { "match", ACY_CAT_TOK_MATCH },
  { "with", ACY_CAT_TOK_WITH }, { "end", ACY_CAT_TOK_END },
  { "begin", ACY_CAT_TOK_BEGIN }, { "try", ACY_CAT_TOK_TRY },
  { "if", ACY_CAT_TOK_IF }, { "then", ACY_CAT_TOK_THEN },
  { "else", ACY_CAT_TOK_ELSE }, { "include", ACY_CAT_TOK_INCLUDE },
  { "show", ACY_CAT_TOK_SHOW }, { "unshow", ACY_CAT_TOK_UNSHOW },
  { "as", ACY_CAT_TOK_AS }, { "procedure", ACY_CAT_TOK_PROCEDURE },
  { "call", ACY_CAT_TOK_CALL }, { "acyclic", ACY_CAT_TOK_ACYCLIC },
  { "irreflexive", ACY_CAT_TOK_IRREFLEXIVE }, { "empty", ACY_CAT_TOK_EMPTY },
  { "flag", ACY_CAT_TOK_FLAG }, { "requires", ACY_CAT_TOK_REQUIRES },
  { "undefined_unless", ACY_CAT_TOK_REQUIRES },
  { "enum", ACY_CAT_TOK_ENUM }, { "instructions", ACY_CAT_TOK_INSTRUCTIONS },
  { "default", ACY_CAT_TOK_DEFAULT }, { "from", ACY_CAT_TOK_FROM },
  { "forall", ACY_CAT_TOK_FORALL }, { "do", ACY_CAT_TOK_DO },
  { "subset", ACY_CAT_TOK_SUBSET }, { "not", ACY_CAT_TOK_NOT },
};

void
acy_cat_lexer_init (AcyCatLexer *lex,
                    const char  *file,
                    const char  *text,
                    gsize        len)
{
  lex->file = file;
  lex->text = text;
  lex->p = text;
  lex->end = text + len;
  lex->line = 1;
  lex->line_start = text;
}

static AcyLoc
here (AcyCatLexer *lex, const char *p, guint line, const char *line_start)
{
  AcyLoc loc = { lex->file, line, (guint) (p - line_start) + 1 };
  return loc;
}

static gboolean
is_ident_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

static gboolean
is_ident_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '-' || c == '.';
}

/* Skips blanks, nested (* ... *) comments and line comments, // or #
 * (herd's x86tso.cat writes `#ppo`). */
static gboolean
skip_blanks (AcyCatLexer *lex, GError **error)
{
  while (lex->p < lex->end)
    {
      char c = *lex->p;

      if (c == '\n')
        {
          lex->p++;
          lex->line++;
          lex->line_start = lex->p;
        }
      else if (g_ascii_isspace (c))
        lex->p++;
      else if ((c == '/' && lex->p + 1 < lex->end && lex->p[1] == '/') || c == '#')
        {
          while (lex->p < lex->end && *lex->p != '\n')
            lex->p++;
        }
      else if (c == '(' && lex->p + 1 < lex->end && lex->p[1] == '*')
        {
          const char *open = lex->p;
          guint open_line = lex->line;
          const char *open_ls = lex->line_start;
          guint depth = 1;

          lex->p += 2;
          while (depth > 0)
            {
              if (lex->p >= lex->end)
                {
                  acy_set_error_at (error, ACY_ERROR_SYNTAX,
                                    here (lex, open, open_line, open_ls),
                                    "unterminated comment opened here near '(*'");
                  return FALSE;
                }
              if (lex->p[0] == '(' && lex->p + 1 < lex->end && lex->p[1] == '*')
                {
                  depth++;
                  lex->p += 2;
                }
              else if (lex->p[0] == '*' && lex->p + 1 < lex->end && lex->p[1] == ')')
                {
                  depth--;
                  lex->p += 2;
                }
              else
                {
                  if (*lex->p == '\n')
                    {
                      lex->line++;
                      lex->line_start = lex->p + 1;
                    }
                  lex->p++;
                }
            }
        }
      else
        break;
    }
  return TRUE;
}

gboolean
acy_cat_lexer_next (AcyCatLexer *lex,
                    AcyCatToken *tok,
                    GError     **error)
{
  const char *p;
  char c;

  if (!skip_blanks (lex, error))
    return FALSE;

  p = lex->p;
  tok->start = p;
  tok->line = lex->line;
  tok->col = (guint) (p - lex->line_start) + 1;
  tok->len = 1;

  if (p >= lex->end)
    {
      tok->kind = ACY_CAT_TOK_EOF;
      tok->len = 0;
      return TRUE;
    }

  c = *p;
  if (is_ident_start (c))
    {
      const char *q = p + 1;

      /* A '-' belongs to the name unless it starts "->". */
      while (q < lex->end && is_ident_char (*q)
             && !(*q == '-' && q + 1 < lex->end && q[1] == '>'))
        q++;
      while (q < lex->end && *q == '\'')
        q++;
      tok->len = (guint) (q - p);
      lex->p = q;
      if (tok->len == 1 && c == '_')
        {
          tok->kind = ACY_CAT_TOK_UNDERSCORE;
          return TRUE;
        }
      tok->kind = ACY_CAT_TOK_IDENT;
      for (guint i = 0; i < G_N_ELEMENTS (keywords); i++)
        if (strlen (keywords[i].word) == tok->len
            && memcmp (keywords[i].word, p, tok->len) == 0)
          {
            tok->kind = keywords[i].kind;
            break;
          }
      return TRUE;
    }

  if (c == '\'' && p + 1 < lex->end && is_ident_start (p[1]))
    {
      const char *q = p + 1;
      while (q < lex->end && is_ident_char (*q))
        q++;
      tok->kind = ACY_CAT_TOK_TAG;
      tok->start = p + 1;
      tok->len = (guint) (q - p - 1);
      lex->p = q;
      return TRUE;
    }

  if (c == '"')
    {
      const char *q = p + 1;
      while (q < lex->end && *q != '"' && *q != '\n')
        q++;
      if (q >= lex->end || *q != '"')
        {
          acy_set_error_at (error, ACY_ERROR_SYNTAX,
                            here (lex, p, lex->line, lex->line_start),
                            "unterminated string near '\"'");
          return FALSE;
        }
      tok->kind = ACY_CAT_TOK_STRING;
      tok->start = p + 1;
      tok->len = (guint) (q - p - 1);
      lex->p = q + 1;
      return TRUE;
    }

  if (g_ascii_isdigit (c))
    {
      const char *q = p;
      while (q < lex->end && g_ascii_isalnum (*q))
        q++;
      if (q - p == 1 && c == '0')
        {
          tok->kind = ACY_CAT_TOK_ZERO;
          lex->p = q;
          return TRUE;
        }
      acy_set_error_at (error, ACY_ERROR_SYNTAX,
                        here (lex, p, lex->line, lex->line_start),
                        "unexpected number near '%.*s'", (int) (q - p), p);
      return FALSE;
    }

#define TWO(a, b) (c == (a) && p + 1 < lex->end && p[1] == (b))
  lex->p = p + 1;
  if (TWO ('|', '|'))
    { tok->kind = ACY_CAT_TOK_ALT; tok->len = 2; lex->p = p + 2; return TRUE; }
  if (TWO ('+', '+'))
    { tok->kind = ACY_CAT_TOK_PLUSPLUS; tok->len = 2; lex->p = p + 2; return TRUE; }
  if (TWO ('-', '>'))
    { tok->kind = ACY_CAT_TOK_ARROW; tok->len = 2; lex->p = p + 2; return TRUE; }
  if (c == '^')
    {
      if (p + 2 < lex->end && p[1] == '-' && p[2] == '1')
        { tok->kind = ACY_CAT_TOK_INV; tok->len = 3; lex->p = p + 3; return TRUE; }
      if (TWO ('^', '+'))
        { tok->kind = ACY_CAT_TOK_HAT_PLUS; tok->len = 2; lex->p = p + 2; return TRUE; }
      if (TWO ('^', '*'))
        { tok->kind = ACY_CAT_TOK_HAT_STAR; tok->len = 2; lex->p = p + 2; return TRUE; }
    }
#undef TWO

  switch (c)
    {
    case '(': tok->kind = ACY_CAT_TOK_LPAR; return TRUE;
    case ')': tok->kind = ACY_CAT_TOK_RPAR; return TRUE;
    case '[': tok->kind = ACY_CAT_TOK_LBRACK; return TRUE;
    case ']': tok->kind = ACY_CAT_TOK_RBRACK; return TRUE;
    case '{': tok->kind = ACY_CAT_TOK_LBRACE; return TRUE;
    case '}': tok->kind = ACY_CAT_TOK_RBRACE; return TRUE;
    case ',': tok->kind = ACY_CAT_TOK_COMMA; return TRUE;
    case '=': tok->kind = ACY_CAT_TOK_EQUAL; return TRUE;
    case '|': tok->kind = ACY_CAT_TOK_BAR; return TRUE;
    case ';': tok->kind = ACY_CAT_TOK_SEMI; return TRUE;
    case '\\': tok->kind = ACY_CAT_TOK_BACKSLASH; return TRUE;
    case '&': tok->kind = ACY_CAT_TOK_AMP; return TRUE;
    case '*': tok->kind = ACY_CAT_TOK_STAR; return TRUE;
    case '+': tok->kind = ACY_CAT_TOK_PLUS; return TRUE;
    case '?': tok->kind = ACY_CAT_TOK_QUESTION; return TRUE;
    case '~': tok->kind = ACY_CAT_TOK_TILDE; return TRUE;
    default:
      break;
    }

  lex->p = p;
  {
    char bad[8];

    /* A raw byte would make the message invalid UTF-8. */
    g_snprintf (bad, sizeof bad, g_ascii_isprint (c) ? "%c" : "\\x%02x", (guchar) c);
    if (p == lex->text && lex->end - p >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
      acy_set_error_at (error, ACY_ERROR_SYNTAX, here (lex, p, lex->line, lex->line_start),
                        "the file starts with a UTF-8 byte-order mark: remove it");
    else
      acy_set_error_at (error, ACY_ERROR_SYNTAX,
                        here (lex, p, lex->line, lex->line_start),
                        "unexpected character%s near '%s'",
                        (guchar) c >= 0x80 ? " (only ASCII is allowed outside comments)" : "",
                        bad);
  }
  return FALSE;
}

const char *
acy_cat_token_kind_name (AcyCatTokKind kind)
{
  switch (kind)
    {
    case ACY_CAT_TOK_EOF: return "end of file";
    case ACY_CAT_TOK_IDENT: return "name";
    case ACY_CAT_TOK_TAG: return "tag";
    case ACY_CAT_TOK_STRING: return "string";
    default: return "token";
    }
}
