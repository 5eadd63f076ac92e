/* acy-litmus-lexer.c - tokens of C litmus tests and herd macro files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-litmus-lexer.h"

/* Longest first, so that "==" wins over "=". */
static const char *const punctuation[] = {
  "/\\", "\\/", "==", "!=", "<=", ">=", "&&", "||", "<<", ">>", "=>", "->",
  "(", ")", "{", "}", "[", "]", ";", ",", ":", "=", "+", "-", "*", "/",
  "%", "&", "|", "^", "~", "!", "<", ">", ".", "?",
};

typedef struct {
  AcyArena   *arena;
  const char *p;
  const char *end;
  const char *filename;
  guint       line;
  const char *line_start;
  GArray     *tokens;
  GArray     *comments;
  guint       braces;    /* `{` open */
  guint       program;   /* 0 before the first thread, 1 in the program, 2 after;
                          * PROGRAM_ONLY: C throughout (a macro file) */
} Lexer;

#define PROGRAM_ONLY 3

static AcyLoc
lexer_loc (Lexer *lx, const char *at)
{
  AcyLoc loc = { lx->filename, lx->line, (guint) (at - lx->line_start) + 1 };
  return loc;
}

static void
lexer_newline (Lexer *lx, const char *after)
{
  lx->line++;
  lx->line_start = after;
}

/* Skip a comment starting at lx->p; returns FALSE on an unterminated one. */
static gboolean
lexer_skip_comment (Lexer *lx, GError **error)
{
  const char *start = lx->p;
  AcyLoc opened = lexer_loc (lx, start);
  AcyLitComment c;

  if (lx->p[0] == '/' && lx->p[1] == '/')
    {
      while (lx->p < lx->end && *lx->p != '\n')
        lx->p++;
    }
  else if (lx->p[0] == '/' && lx->p[1] == '*')
    {
      lx->p += 2;
      for (;;)
        {
          if (lx->p >= lx->end)
            {
              acy_set_error_at (error, ACY_ERROR_SYNTAX, opened,
                                "unterminated comment '/*' opened here");
              return FALSE;
            }
          if (lx->p[0] == '*' && lx->p + 1 < lx->end && lx->p[1] == '/')
            {
              lx->p += 2;
              break;
            }
          if (*lx->p == '\n')
            lexer_newline (lx, lx->p + 1);
          lx->p++;
        }
    }
  else
    {
      guint depth = 0;

      for (;;)
        {
          if (lx->p >= lx->end)
            {
              acy_set_error_at (error, ACY_ERROR_SYNTAX, opened,
                                "unterminated comment '(*' opened here");
              return FALSE;
            }
          if (lx->p[0] == '(' && lx->p + 1 < lx->end && lx->p[1] == '*')
            {
              depth++;
              lx->p += 2;
              continue;
            }
          if (lx->p[0] == '*' && lx->p + 1 < lx->end && lx->p[1] == ')')
            {
              lx->p += 2;
              if (--depth == 0)
                break;
              continue;
            }
          if (*lx->p == '\n')
            lexer_newline (lx, lx->p + 1);
          lx->p++;
        }
    }

  c.text = acy_arena_strndup (lx->arena, start, (gsize) (lx->p - start));
  c.loc = opened;
  g_array_append_val (lx->comments, c);
  return TRUE;
}

static gboolean
is_ident_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

static gboolean
is_ident_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

/* As in herd7, whose C lexer reads the program (from the first thread
 * to the condition) and knows only C comments, `(*` opens no comment
 * there: `READ_ONCE(* x)` and `READ_ONCE(**pp)` are dereferences.
 * Elsewhere `(*x` in `READ_ONCE(*x)` (a macro file) is a dereference,
 * not a comment: a `(*` opens a comment when a blank, `*` or `)`
 * follows it, when it starts a line, or when it cannot continue an
 * expression (after `)`, `;`, `}`, `{`, `]` or at the start of the
 * input). */
static gboolean
comment_opens (Lexer *lx, gboolean at_line_start)
{
  const char *p = lx->p;
  const AcyLitToken *prev;

  if (p + 1 >= lx->end)
    return FALSE;
  if (p[0] == '/' && (p[1] == '/' || p[1] == '*'))
    return TRUE;
  if (p[0] != '(' || p[1] != '*' || lx->program == 1 || lx->program == PROGRAM_ONLY)
    return FALSE;
  if (p + 2 >= lx->end || at_line_start)
    return TRUE;
  if (g_ascii_isspace (p[2]) || p[2] == '*' || p[2] == ')')
    return TRUE;
  if (lx->tokens->len == 0)
    return TRUE;
  prev = &g_array_index (lx->tokens, AcyLitToken, lx->tokens->len - 1);
  return prev->kind == ACY_LTOK_PUNCT
         && (strcmp (prev->text, ")") == 0 || strcmp (prev->text, ";") == 0
             || strcmp (prev->text, "}") == 0 || strcmp (prev->text, "{") == 0
             || strcmp (prev->text, "]") == 0);
}

static gboolean
after_minus (Lexer *lx)
{
  const AcyLitToken *prev;

  if (lx->tokens->len == 0)
    return FALSE;
  prev = &g_array_index (lx->tokens, AcyLitToken, lx->tokens->len - 1);
  return prev->kind == ACY_LTOK_PUNCT && prev->text[0] == '-' && prev->text[1] == '\0';
}

gboolean
acy_lit_int_has_suffix (const char *text)
{
  gsize n = strlen (text);

  return n > 0 && strchr ("uUlL", text[n - 1]) != NULL;
}

gboolean
acy_lit_int_is_hex (const char *text)
{
  return text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
}

gboolean
acy_lit_int_is_hex32 (const char *text, guint64 v)
{
  return text[0] == '0' && (text[1] == 'x' || text[1] == 'X') && v > (guint64) G_MAXINT32 && v <= G_MAXUINT32;
}

/* The program starts at a thread header `P<n>` outside braces and ends
 * where the condition starts (a `~`, `exists`, `forall`, `filter` or
 * `locations` outside braces). */
static void
program_bounds (Lexer *lx, const AcyLitToken *t)
{
  if (t->kind == ACY_LTOK_PUNCT && t->text[0] == '{')
    lx->braces++;
  else if (t->kind == ACY_LTOK_PUNCT && t->text[0] == '}' && lx->braces > 0)
    lx->braces--;
  if (lx->braces > 0)
    return;
  if (lx->program == 0 && t->kind == ACY_LTOK_IDENT && t->text[0] == 'P' && t->text[1] != '\0'
      && strspn (t->text + 1, "0123456789") == strlen (t->text + 1))
    lx->program = 1;
  else if (lx->program == 1
           && ((t->kind == ACY_LTOK_PUNCT && t->text[0] == '~')
               || (t->kind == ACY_LTOK_IDENT
                   && (strcmp (t->text, "exists") == 0 || strcmp (t->text, "forall") == 0
                       || strcmp (t->text, "filter") == 0 || strcmp (t->text, "locations") == 0))))
    lx->program = 2;
}

static gboolean
tokenize (AcyArena     *arena,
          const char   *text,
          gsize         len,
          const char   *filename,
          guint         line,
          guint         program,
          AcyHalt      *halt,
          AcyLitTokens *out,
          GError      **error)
{
  Lexer lx = { arena, text, text + len, filename, line, text, NULL, NULL };
  gboolean newline = TRUE;
  AcyLitToken eof = { 0 };

  lx.program = program;
  out->out_of_range = 0;
  lx.tokens = g_array_new (FALSE, TRUE, sizeof (AcyLitToken));
  lx.comments = g_array_new (FALSE, TRUE, sizeof (AcyLitComment));

  while (lx.p < lx.end)
    {
      AcyLitToken t = { 0 };
      char c = *lx.p;

      if (G_UNLIKELY (halt != NULL) && acy_halt_tick (halt, error))
        goto fail;

      if (c == '\n')
        {
          lx.p++;
          lexer_newline (&lx, lx.p);
          newline = TRUE;
          continue;
        }
      if (g_ascii_isspace (c))
        {
          lx.p++;
          continue;
        }
      if (comment_opens (&lx, newline))
        {
          if (!lexer_skip_comment (&lx, error))
            goto fail;
          continue;
        }

      t.loc = lexer_loc (&lx, lx.p);
      t.newline_before = newline;
      newline = FALSE;

      if (is_ident_start (c))
        {
          const char *s = lx.p;

          while (lx.p < lx.end && is_ident_char (*lx.p))
            lx.p++;
          t.kind = ACY_LTOK_IDENT;
          t.text = acy_arena_strndup (arena, s, (gsize) (lx.p - s));
          /* `__store{ONCE}`: the tag belongs to the core operation. */
          if (lx.p - s >= 2 && s[0] == '_' && s[1] == '_' && lx.p < lx.end && *lx.p == '{')
            {
              const char *tag = lx.p + 1;
              const char *q = tag;

              while (q < lx.end && *q != '}' && *q != '\n')
                q++;
              if (q >= lx.end || *q != '}')
                {
                  acy_set_error_at (error, ACY_ERROR_SYNTAX, t.loc,
                                    "unterminated tag of '%s' near '{'", t.text);
                  goto fail;
                }
              /* Tags are names (`ONCE`, `rcu-lock`): they end up in
               * the model and in every output. */
              for (const char *r = tag; r < q; r++)
                if (!is_ident_char (*r) && *r != '-')
                  {
                    AcyLoc at = t.loc;

                    at.col += r - s;
                    acy_set_error_at (error, ACY_ERROR_SYNTAX, at,
                                      "a tag is made of letters, digits, '_' and '-' near '%s'",
                                      t.text);
                    goto fail;
                  }
              t.tag = acy_arena_strndup (arena, tag, (gsize) (q - tag));
              lx.p = q + 1;
            }
        }
      else if (g_ascii_isdigit (c))
        {
          const char *s = lx.p;
          guint64 v = 0;
          gboolean overflow = FALSE;

          if (c == '0' && lx.p + 1 < lx.end && (lx.p[1] == 'x' || lx.p[1] == 'X'))
            {
              lx.p += 2;
              while (lx.p < lx.end && g_ascii_isxdigit (*lx.p))
                {
                  if (v >> 59)
                    overflow = TRUE;
                  v = v * 16 + (guint64) g_ascii_xdigit_value (*lx.p++);
                }
            }
          else
            while (lx.p < lx.end && g_ascii_isdigit (*lx.p))
              {
                if (v > G_MAXINT64 / 10)
                  overflow = TRUE;
                v = v * 10 + (guint64) (*lx.p++ - '0');
              }
          /* C suffixes: 1UL, 2L */
          while (lx.p < lx.end && (*lx.p == 'u' || *lx.p == 'U' || *lx.p == 'l' || *lx.p == 'L'))
            lx.p++;
          t.kind = ACY_LTOK_INT;
          t.text = acy_arena_strndup (arena, s, (gsize) (lx.p - s));
          /* herd7's C lexer reads decimal digits only, and its condition
           * lexer no suffix: both stop at the letter ("unexpected 'x1'",
           * "unexpected 'L'"). Macro files may use either. The initial
           * state is checked by the parser (program is 0 there too). */
          if (lx.program == 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
            {
              acy_set_error_at (error, ACY_ERROR_SYNTAX, t.loc,
                                "herd7's C code has no hexadecimal literals; "
                                "write the value in decimal near '%s'", t.text);
              goto fail;
            }
          if (lx.program > 0 && lx.program != PROGRAM_ONLY && acy_lit_int_has_suffix (t.text))
            {
              acy_set_error_at (error, ACY_ERROR_SYNTAX, t.loc,
                                "herd7 reads no 'u' or 'l' suffix on a number near '%s'", t.text);
              goto fail;
            }
          if (overflow || v > (guint64) G_MAXINT64)
            {
              acy_set_error_at (error, ACY_ERROR_SYNTAX, t.loc,
                                "integer too large near '%s'", t.text);
              goto fail;
            }
          /* herd7's values are 32-bit: it refuses what Int32 cannot hold
           * (2147483648 only after a minus sign). A hexadecimal literal
           * may use all 32 bits, as OCaml's Int32.of_string reads it:
           * 0xFFFFFFFF is -1. Macro files may hold any constant: their
           * values go through the same arithmetic. */
          if (lx.program > 0 && lx.program != PROGRAM_ONLY && acy_lit_int_is_hex32 (t.text, v))
            v = (guint64) (gint64) (gint32) (guint32) v;
          else if (lx.program > 0 && lx.program != PROGRAM_ONLY && out->out_of_range == 0
                   && (v > (guint64) G_MAXINT32 + 1 || (v == (guint64) G_MAXINT32 + 1 && !after_minus (&lx))))
            out->out_of_range = lx.tokens->len + 1;
          t.value = (gint64) v;
        }
      else
        {
          guint i;

          for (i = 0; i < G_N_ELEMENTS (punctuation); i++)
            {
              gsize n = strlen (punctuation[i]);

              if ((gsize) (lx.end - lx.p) >= n && memcmp (lx.p, punctuation[i], n) == 0)
                break;
            }
          if (i == G_N_ELEMENTS (punctuation))
            {
              char bad[8];

              /* A raw byte would make the message invalid UTF-8. */
              g_snprintf (bad, sizeof bad, g_ascii_isprint (c) ? "%c" : "\\x%02x", (guchar) c);
              acy_set_error_at (error, ACY_ERROR_SYNTAX, t.loc,
                                "unexpected character%s near '%s'",
                                (guchar) c >= 0x80 ? " (only ASCII is allowed outside comments)" : "",
                                bad);
              goto fail;
            }
          t.kind = ACY_LTOK_PUNCT;
          t.text = punctuation[i];
          lx.p += strlen (punctuation[i]);
        }
      program_bounds (&lx, &t);
      g_array_append_val (lx.tokens, t);
    }

  eof.kind = ACY_LTOK_EOF;
  eof.text = "";
  eof.loc = lexer_loc (&lx, lx.p);
  eof.newline_before = TRUE;
  g_array_append_val (lx.tokens, eof);

  out->n_tokens = lx.tokens->len;
  out->tokens = acy_arena_newv (arena, AcyLitToken, lx.tokens->len);
  if (lx.tokens->len > 0)
    memcpy (out->tokens, lx.tokens->data, lx.tokens->len * sizeof (AcyLitToken));
  out->n_comments = lx.comments->len;
  out->comments = acy_arena_newv (arena, AcyLitComment, MAX (lx.comments->len, 1));
  if (lx.comments->len > 0)
    memcpy (out->comments, lx.comments->data, lx.comments->len * sizeof (AcyLitComment));
  g_array_free (lx.tokens, TRUE);
  g_array_free (lx.comments, TRUE);
  return TRUE;

fail:
  g_array_free (lx.tokens, TRUE);
  g_array_free (lx.comments, TRUE);
  return FALSE;
}

gboolean
acy_lit_tokenize (AcyArena     *arena,
                  const char   *text,
                  gsize         len,
                  const char   *filename,
                  guint         line,
                  AcyHalt      *halt,
                  AcyLitTokens *out,
                  GError      **error)
{
  return tokenize (arena, text, len, filename, line, 0, halt, out, error);
}

/* herd7 reads a macro file with its C lexer: `(*` opens no comment. */
gboolean
acy_lit_tokenize_c (AcyArena     *arena,
                    const char   *text,
                    gsize         len,
                    const char   *filename,
                    AcyLitTokens *out,
                    GError      **error)
{
  return tokenize (arena, text, len, filename, 1, PROGRAM_ONLY, NULL, out, error);
}

const char *
acy_lit_token_describe (const AcyLitToken *t)
{
  if (t->kind == ACY_LTOK_EOF)
    return "end of file";
  return t->text;
}

const char *
acy_lit_header_name_end (const char *line, const char *eol)
{
  const char *p = line;

  while (p < eol && (*p == ' ' || *p == '\t'))
    p++;
  while (p < eol && *p != ' ' && *p != '\t')   /* C */
    p++;
  while (p < eol && (*p == ' ' || *p == '\t'))
    p++;
  while (p < eol && acy_lit_is_test_name_char (*p))
    p++;
  return p;
}

gboolean
acy_lit_is_test_name_char (char c)
{
  return g_ascii_isalnum (c) || (c != '\0' && strchr ("_/.-+[]", c) != NULL);
}
