/* acy-cat-lexer.c - tokens of the cat language
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-cat-lexer.h"

#define KW(word, kind) { sizeof word - 1, word, kind }
static const struct {
  guint         len;
  const char   *word;
  AcyCatTokKind kind;
} keywords[] = {
  KW ("let", ACY_CAT_TOK_LET), KW ("rec", ACY_CAT_TOK_REC),
  KW ("and", ACY_CAT_TOK_AND), KW ("in", ACY_CAT_TOK_IN),
  KW ("fun", ACY_CAT_TOK_FUN), KW ("match", ACY_CAT_TOK_MATCH),
  KW ("with", ACY_CAT_TOK_WITH), KW ("end", ACY_CAT_TOK_END),
  KW ("begin", ACY_CAT_TOK_BEGIN), KW ("try", ACY_CAT_TOK_TRY),
  KW ("if", ACY_CAT_TOK_IF), KW ("then", ACY_CAT_TOK_THEN),
  KW ("else", ACY_CAT_TOK_ELSE), KW ("include", ACY_CAT_TOK_INCLUDE),
  KW ("show", ACY_CAT_TOK_SHOW), KW ("unshow", ACY_CAT_TOK_UNSHOW),
  KW ("as", ACY_CAT_TOK_AS), KW ("procedure", ACY_CAT_TOK_PROCEDURE),
  KW ("call", ACY_CAT_TOK_CALL), KW ("acyclic", ACY_CAT_TOK_ACYCLIC),
  KW ("irreflexive", ACY_CAT_TOK_IRREFLEXIVE), KW ("empty", ACY_CAT_TOK_EMPTY),
  KW ("flag", ACY_CAT_TOK_FLAG), KW ("requires", ACY_CAT_TOK_REQUIRES),
  KW ("undefined_unless", ACY_CAT_TOK_REQUIRES),
  KW ("enum", ACY_CAT_TOK_ENUM), KW ("instructions", ACY_CAT_TOK_INSTRUCTIONS),
  KW ("default", ACY_CAT_TOK_DEFAULT), KW ("from", ACY_CAT_TOK_FROM),
  KW ("forall", ACY_CAT_TOK_FORALL), KW ("do", ACY_CAT_TOK_DO),
  KW ("subset", ACY_CAT_TOK_SUBSET), KW ("not", ACY_CAT_TOK_NOT),
};
#undef KW
#define MAX_KEYWORD_LEN 16      /* "undefined_unless" */
#define MAX_PER_LETTER  7

/* For each lower-case first letter, the keywords starting with it, as
 * indices + 1 into keywords[], 0-terminated. */
static const guint8 (*keywords_by_first (void))[MAX_PER_LETTER + 1]
{
  static guint8 table[26][MAX_PER_LETTER + 1];
  static gsize done;

  if (g_once_init_enter (&done))
    {
      for (guint i = 0; i < G_N_ELEMENTS (keywords); i++)
        {
          guint8 *row = table[keywords[i].word[0] - 'a'];
          guint n = 0;

          while (row[n])
            n++;
          g_assert (n < MAX_PER_LETTER && keywords[i].len <= MAX_KEYWORD_LEN);
          row[n] = (guint8) (i + 1);
        }
      g_once_init_leave (&done, 1);
    }
  return (const guint8 (*)[MAX_PER_LETTER + 1]) table;
}

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
 * (herd's x86tso.cat writes `#ppo`). Comments are most of herd's model
 * files: the loops keep the position in locals and look at a byte once. */
static gboolean
skip_blanks (AcyCatLexer *lex, GError **error)
{
  const char *p = lex->p, *end = lex->end, *line_start = lex->line_start;
  guint line = lex->line;
  gboolean ok = TRUE;

  while (p < end)
    {
      char c = *p;

      if (c == '\n')
        {
          p++;
          line++;
          line_start = p;
        }
      else if (g_ascii_isspace (c))
        p++;
      else if ((c == '/' && p + 1 < end && p[1] == '/') || c == '#')
        {
          const char *nl = memchr (p, '\n', (size_t) (end - p));
          p = nl ? nl : end;
        }
      else if (c == '(' && p + 1 < end && p[1] == '*')
        {
          const char *open = p, *open_ls = line_start;
          guint open_line = line, depth = 1;

          p += 2;
          while (depth > 0 && p < end)
            {
              char d = *p++;

              if (d == '\n')
                {
                  line++;
                  line_start = p;
                }
              else if (d == '(' && p < end && *p == '*')
                {
                  depth++;
                  p++;
                }
              else if (d == '*' && p < end && *p == ')')
                {
                  depth--;
                  p++;
                }
            }
          if (depth > 0)
            {
              acy_set_error_at (error, ACY_ERROR_SYNTAX,
                                here (lex, open, open_line, open_ls),
                                "unterminated comment opened here near '(*'");
              ok = FALSE;
              break;
            }
        }
      else
        break;
    }
  lex->p = p;
  lex->line = line;
  lex->line_start = line_start;
  return ok;
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
      if (tok->len <= MAX_KEYWORD_LEN && g_ascii_islower (c))
        {
          /* only the keywords of this first letter: comparing every name
           * with every keyword was a tenth of loading herd's models */
          const guint8 *k = keywords_by_first ()[c - 'a'];

          for (; *k; k++)
            if (keywords[*k - 1].len == tok->len
                && memcmp (keywords[*k - 1].word, p, tok->len) == 0)
              {
                tok->kind = keywords[*k - 1].kind;
                break;
              }
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
