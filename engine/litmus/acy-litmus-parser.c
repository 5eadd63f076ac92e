/* acy-litmus-parser.c - parser of herd's C litmus format
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test     := 'C' NAME-LINE init? thread+ ('locations' '[' var* ']')?
 *             ('filter' prop)? ('exists' | '~' 'exists' | 'forall') prop
 * init     := '{' (entry ';')* '}'
 * thread   := 'P'N '(' param (',' param)* ')' '{' stmt* '}'
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-config.h"
#include "acy-asm.h"
#include "acy-litmus-private.h"
#include "acy-trace.h"
#include "acy-files.h"
#include "acy-resources.h"

/* ---- helpers ---- */

gboolean
acy_lit_accept (AcyLitParser *ps, const char *punct)
{
  if (acy_lit_tok_is (peek (ps), punct))
    {
      ps->pos++;
      return TRUE;
    }
  return FALSE;
}

void
acy_lit_error_near (AcyLitParser *ps, GError **error, AcyErrorCode code,
            const AcyLitToken *t, const char *msg)
{
  acy_set_error_at (error, code, t->loc, "%s near '%s'", msg, acy_lit_token_describe (t));
}

gboolean
acy_lit_expect (AcyLitParser *ps, const char *punct, const char *what, GError **error)
{
  if (acy_lit_accept (ps, punct))
    return TRUE;
  {
    g_autofree char *msg = g_strdup_printf ("expected '%s'%s%s", punct, what ? " " : "", what ? what : "");
    acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, peek (ps), msg);
  }
  return FALSE;
}

/* A number in a test's initial state or condition, @minus when a '-'
 * precedes it: herd7 reads decimal and hexadecimal there, but no '-'
 * before a hexadecimal number and no C suffix. */
gboolean
acy_lit_check_state_int (const AcyLitToken *t, gboolean minus, GError **error)
{
  if (acy_lit_int_has_suffix (t->text))
    {
      acy_set_error_at (error, ACY_ERROR_SYNTAX, t->loc,
                        "herd7 reads no 'u' or 'l' suffix on a number near '%s'", t->text);
      return FALSE;
    }
  if (minus && acy_lit_int_is_hex (t->text))
    {
      acy_set_error_at (error, ACY_ERROR_SYNTAX, t->loc,
                        "herd7 reads no '-' before a hexadecimal number; "
                        "write the negative value in decimal near '%s'", t->text);
      return FALSE;
    }
  return TRUE;
}

gboolean
acy_lit_expect_close (AcyLitParser *ps, const char *punct, const AcyLitToken *open, GError **error)
{
  if (acy_lit_accept (ps, punct))
    return TRUE;
  acy_set_error_at (error, ACY_ERROR_SYNTAX, peek (ps)->loc,
                    "expected '%s' to close the '%s' opened at %u:%u near '%s'",
                    punct, open->text, open->loc.line, open->loc.col,
                    acy_lit_token_describe (peek (ps)));
  return FALSE;
}

gboolean
acy_lit_expr_seal (AcyLitExpr *e, const char *near, GError **error)
{
  guint h = MAX (e->a ? e->a->height : 0, e->b ? e->b->height : 0);

  for (guint i = 0; i < e->n_args; i++)
    h = MAX (h, e->args[i] ? e->args[i]->height : 0);
  e->height = h + 1;
  if (e->height <= ACY_LIT_MAX_DEPTH || error == NULL)
    return e->height <= ACY_LIT_MAX_DEPTH;
  acy_set_error_at (error, ACY_ERROR_LIMIT, e->loc,
                    "expression nested too deeply (more than %d levels) near '%s'",
                    ACY_LIT_MAX_DEPTH, near);
  return FALSE;
}

AcyLitExpr *
acy_lit_expr_new (AcyArena *arena, AcyLitExprKind kind, AcyLoc loc)
{
  AcyLitExpr *e = acy_arena_new0 (arena, AcyLitExpr);

  e->kind = kind;
  e->loc = loc;
  e->reg = -1;
  e->tag_index = -1;
  return e;
}

AcyLitStmt *
acy_lit_stmt_new (AcyArena *arena, AcyLitStmtKind kind, AcyLoc loc)
{
  AcyLitStmt *s = acy_arena_new0 (arena, AcyLitStmt);

  s->kind = kind;
  s->loc = loc;
  s->reg = -1;
  return s;
}

/* ---- the test file ---- */

gint
acy_lit_test_find_location (const AcyTest *test, const char *name)
{
  /* a hash, as a test may have tens of thousands of locations */
  return GPOINTER_TO_INT (g_hash_table_lookup (test->loc_index, name)) - 1;
}

gint
acy_lit_test_location (AcyTest *test, const char *name)
{
  gint i = acy_lit_test_find_location (test, name);
  AcyValue zero = 0;

  if (i >= 0)
    return i;
  g_ptr_array_add (test->loc_names, acy_arena_strdup (test->arena, name));
  g_hash_table_insert (test->loc_index, test->loc_names->pdata[test->loc_names->len - 1],
                       GINT_TO_POINTER ((gint) test->loc_names->len));
  g_array_append_val (test->loc_init, zero);
  return (gint) test->loc_names->len - 1;
}

gint
acy_lit_test_tag (AcyTest *test, const char *name)
{
  for (guint i = 0; i < test->tag_names->len; i++)
    if (strcmp (g_ptr_array_index (test->tag_names, i), name) == 0)   /* tags match exactly, as in herd7 */
      return (gint) i;
  if (test->tag_names->len >= ACY_LIT_MAX_TAGS)
    return -1;
  g_ptr_array_add (test->tag_names, acy_arena_strdup (test->arena, name));
  return (gint) test->tag_names->len - 1;
}

/* Words herd7's C lexer takes for keywords, never names. */
static const char *const herd_c_keywords[] = {
  "lock", "unlock", "mtx_lock", "mtx_unlock", "WCAS", "SCAS", "if", "else", "while",
  "atomic_load_explicit", "atomic_store_explicit", "atomic_exchange_explicit",
  "atomic_thread_fence", NULL
};

static gboolean
is_thread_name (const AcyLitToken *t, guint *number)
{
  const char *s = t->text;

  if (t->kind != ACY_LTOK_IDENT || t->tag != NULL || s[0] != 'P' || !g_ascii_isdigit (s[1]))
    return FALSE;
  for (const char *p = s + 1; *p; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  /* Saturate, so that P4294967296 is not taken for P0. */
  *number = (guint) MIN (g_ascii_strtoull (s + 1, NULL, 10), G_MAXUINT);
  return TRUE;
}

/* A brace in thread code, in a comment or not, for herd7's count. */
typedef struct {
  AcyLoc   loc;
  gint     step;         /* +1 for '{', -1 for '}' */
  gboolean in_comment;
} Brace;

static gint
brace_cmp (gconstpointer a, gconstpointer b)
{
  const Brace *x = a, *y = b;

  if (x->loc.line != y->loc.line)
    return x->loc.line < y->loc.line ? -1 : 1;
  return x->loc.col < y->loc.col ? -1 : x->loc.col > y->loc.col;
}

static gboolean
loc_before (AcyLoc a, AcyLoc b)
{
  return a.line < b.line || (a.line == b.line && a.col < b.col);
}

/* herd7 finds where a thread's code ends by counting braces, those in
 * C comments too (`/ * { * /`, `// }`), and only then reads the code
 * with its C lexer: a brace in a comment that does not pair with
 * another one in a comment makes it read the thread wrongly (it stops
 * at a '}' in a comment, or reads past the thread's end), and it then
 * refuses the test or reads other code. So such a brace is refused.
 * The code from token @open_at (the '{') to @close_at (its '}'). */
static gboolean
check_comment_braces (AcyLitParser *ps, guint open_at, guint close_at, guint number, GError **error)
{
  AcyLoc open = ps->toks[open_at].loc, close = ps->toks[close_at].loc;
  g_autoptr (GArray) braces = g_array_new (FALSE, FALSE, sizeof (Brace));
  const Brace *first = NULL;
  gint depth = 1;
  gboolean same = TRUE;

  for (guint i = 0; i < ps->n_comments; i++)
    {
      const AcyLitComment *c = &ps->comments[i];
      AcyLoc at = c->loc;

      if (c->text[0] != '/' || !loc_before (open, c->loc) || !loc_before (c->loc, close))
        continue;
      for (const char *q = c->text; *q; q++)
        {
          if (*q == '{' || *q == '}')
            {
              Brace b = { at, *q == '{' ? 1 : -1, TRUE };
              g_array_append_val (braces, b);
            }
          if (*q == '\n')
            at.line++, at.col = 1;
          else
            at.col++;
        }
    }
  if (braces->len == 0)
    return TRUE;
  for (guint i = open_at + 1; i < close_at; i++)
    if (acy_lit_tok_is (&ps->toks[i], "{") || acy_lit_tok_is (&ps->toks[i], "}"))
      {
        Brace b = { ps->toks[i].loc, acy_lit_tok_is (&ps->toks[i], "{") ? 1 : -1, FALSE };
        g_array_append_val (braces, b);
      }
  g_array_sort (braces, brace_cmp);
  for (guint i = 0; i < braces->len; i++)
    {
      const Brace *b = &g_array_index (braces, Brace, i);

      if (b->in_comment && first == NULL)
        first = b;
      depth += b->step;
      if (depth == 0)
        same = FALSE;   /* herd7 ends the thread here */
    }
  if (same && depth == 1)
    return TRUE;
  acy_set_error_at (error, ACY_ERROR_SYNTAX, first->loc,
                    "a brace inside a comment in thread code: herd7 counts it when it looks for "
                    "the end of P%u, and so ends the thread elsewhere; remove it near '%c'",
                    number, first->step > 0 ? '{' : '}');
  return FALSE;
}

/* thread := 'P'N '(' (type IDENT (',' ...)*)? ')' '{' stmt* '}'
 * (the type a pointer: acy_lit_check_c_type) */
static gboolean
parse_thread (AcyLitParser *ps, AcyTest *test, GArray *threads, GError **error)
{
  const AcyLitToken *name = advance (ps);
  const AcyLitToken *open;
  AcyLitThread th = { 0 };
  GPtrArray *params = g_ptr_array_new ();
  guint number = 0, open_at;

  is_thread_name (name, &number);
  th.number = number;
  th.loc = name->loc;
  if (number != threads->len)
    {
      for (guint i = 0; i < threads->len; i++)
        if (g_array_index (threads, AcyLitThread, i).number == number)
          {
            AcyLoc first = g_array_index (threads, AcyLitThread, i).loc;

            acy_set_error_at (error, ACY_ERROR_SYNTAX, name->loc,
                              "duplicate thread P%u (first defined at %u:%u) near '%s'",
                              number, first.line, first.col, name->text);
            goto fail;
          }
      acy_set_error_at (error, ACY_ERROR_SYNTAX, name->loc,
                        "threads must be numbered P0, P1, ... in order; expected P%u near '%s'",
                        threads->len, name->text);
      goto fail;
    }

  open = peek (ps);
  if (!acy_lit_expect (ps, "(", "after the thread name", error))
    goto fail;
  while (!acy_lit_tok_is (peek (ps), ")"))
    {
      const AcyLitToken *pname;
      guint after, stars;

      if (peek (ps)->kind == ACY_LTOK_EOF)
        {
          acy_lit_expect_close (ps, ")", open, error);
          goto fail;
        }
      if (!acy_lit_check_c_type (ps, 0, &after, &stars, error))
        goto fail;
      if (peek_at (ps, after)->kind == ACY_LTOK_EOF)
        {
          ps->pos += after;
          acy_lit_expect_close (ps, ")", open, error);
          goto fail;
        }
      if (stars == 0)
        {
          /* herd7's parameters are pointers: `int x` it refuses at x */
          acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, peek_at (ps, after),
                              "a thread's parameter is a pointer to a shared location: 'int *x'");
          goto fail;
        }
      ps->pos += after;
      pname = peek (ps);
      if (pname->kind != ACY_LTOK_IDENT || pname->tag != NULL)
        {
          acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, pname, "expected a parameter's name");
          goto fail;
        }
      if (!acy_lit_check_not_thread_word (ps, pname, error))
        goto fail;
      advance (ps);
      for (guint i = 0; i < params->len; i++)
        if (strcmp (params->pdata[i], pname->text) == 0)
          {
            /* herd7: "Address 1:x non-unique in init state" */
            acy_set_error_at (error, ACY_ERROR_SYNTAX, pname->loc,
                              "parameter '%s' of P%u given twice near '%s'",
                              pname->text, th.number, pname->text);
            goto fail;
          }
      if (g_strv_contains (herd_c_keywords, pname->text))
        {
          g_autofree char *msg = g_strdup_printf ("'%s' is a keyword of herd7's C parser; "
                                                  "give the parameter another name", pname->text);
          acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, pname, msg);
          goto fail;
        }
      g_ptr_array_add (params, (gpointer) pname->text);
      if (!acy_lit_accept (ps, ","))
        break;
    }
  if (!acy_lit_expect_close (ps, ")", open, error))
    goto fail;

  th.n_params = params->len;
  th.param_names = acy_arena_newv (ps->arena, const char *, MAX (params->len, 1));
  th.param_locs = acy_arena_newv (ps->arena, gint, MAX (params->len, 1));
  for (guint i = 0; i < params->len; i++)
    {
      th.param_names[i] = params->pdata[i];
      th.param_locs[i] = acy_lit_test_location (test, params->pdata[i]);
    }

  open = peek (ps);
  if (!acy_lit_tok_is (open, "{"))
    {
      acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, open, "expected '{' to start the thread's code");
      goto fail;
    }
  advance (ps);
  open_at = ps->pos - 1;
  th.body = acy_lit_stmt_new (ps->arena, ACY_LSTMT_BLOCK, open->loc);
  if (!acy_lit_parse_block_body (ps, open, &th.body->body, &th.body->n_body, error))
    goto fail;
  if (!check_comment_braces (ps, open_at, ps->pos, th.number, error))
    goto fail;
  advance (ps);
  g_array_append_val (threads, th);
  g_ptr_array_free (params, TRUE);
  return TRUE;

fail:
  g_ptr_array_free (params, TRUE);
  return FALSE;
}

/* The `Result:` line of the header comment: "Never", "Sometimes DATARACE"... */
static char *
find_expected_result (const AcyLitTokens *toks)
{
  for (guint i = 0; i < toks->n_comments; i++)
    {
      const char *r = strstr (toks->comments[i].text, "Result:");
      const char *end;
      g_autofree char *line = NULL;
      char *stop;

      if (r == NULL)
        continue;
      r += strlen ("Result:");
      end = strchr (r, '\n');
      line = end ? g_strndup (r, (gsize) (end - r)) : g_strdup (r);
      if ((stop = strstr (line, "*)")) != NULL || (stop = strstr (line, "*/")) != NULL)
        *stop = '\0';
      g_strstrip (line);
      if (*line == '\0')
        continue;
      {
        g_auto (GStrv) words = g_strsplit_set (line, " \t", -1);
        GString *s = g_string_new (NULL);

        for (guint w = 0; words[w]; w++)
          if (*words[w])
            {
              if (s->len)
                g_string_append_c (s, ' ');
              g_string_append (s, words[w]);
            }
        return g_string_free (s, FALSE);
      }
    }
  return NULL;
}

/* Words herd7's state lexer reads as keywords, never as a type's name. */
static gboolean
is_state_keyword (const char *word)
{
  static const char *const keywords[] = {
    "exists", "forall", "final", "true", "false", "locations", "filter", "with",
    "observed", "Observed", "and", "not", "fault", "Fault", "tag", "TAG", "PTE",
    "TTD", "PA", "NOP", "nop", "_Atomic", "ATOMIC_INIT", NULL
  };

  return g_strv_contains (keywords, word);
}

/* locations := 'locations' '[' (item (';' item)* ';'?)? ']'
 * item      := (N ':' REG | LOC) TYPE? '*'? | 'fault' '(' ... ')'
 * As herd7 reads it: a word after a location is that location's type,
 * which changes nothing printed (`[x y]` is x, of type y); no '[x]', no
 * empty item. */
static gboolean
parse_locations (AcyLitParser *ps, AcyTest *test, GPtrArray *locations, GError **error)
{
  const AcyLitToken *open;

  advance (ps);
  open = peek (ps);
  if (!acy_lit_expect (ps, "[", "after 'locations'", error))
    return FALSE;
  while (!acy_lit_tok_is (peek (ps), "]"))
    {
      AcyLitVar *v;
      const AcyLitToken *t;
      guint number;

      if (peek (ps)->kind == ACY_LTOK_EOF)
        return acy_lit_expect_close (ps, "]", open, error);
      if (acy_lit_tok_is_ident (peek (ps), "fault") && acy_lit_tok_is (peek_at (ps, 1), "("))
        {
          /* listed, negated, in every state, as in the condition */
          AcyLitProp *f = acy_lit_parse_fault (ps, test, FALSE, error);

          if (f == NULL)
            return FALSE;
          f->b = test->location_faults;
          test->location_faults = f;
        }
      else
        {
          v = acy_arena_new0 (test->arena, AcyLitVar);
          if (!acy_lit_parse_state_var (ps, test, v, FALSE, error))
            return FALSE;
          g_ptr_array_add (locations, v);
          t = peek (ps);
          if (t->kind == ACY_LTOK_IDENT && t->tag == NULL && !is_state_keyword (t->text)
              && !is_thread_name (t, &number))
            advance (ps);
          acy_lit_accept (ps, "*");
        }
      if (acy_lit_tok_is (peek (ps), "]"))
        break;
      if (peek (ps)->kind == ACY_LTOK_EOF)
        return acy_lit_expect_close (ps, "]", open, error);
      if (!acy_lit_expect (ps, ";", "or ']' after a location in 'locations'", error))
        return FALSE;
    }
  advance (ps);
  return TRUE;
}

/* Whether the line at @p is a `Key=value` line, which herd7 reads whole. */
static gboolean
is_key_line (const char *p, const char *end)
{
  if (p >= end || !g_ascii_isalpha (*p))
    return FALSE;
  while (p < end && (g_ascii_isalnum (*p) || strchr ("_/.-", *p) != NULL))
    p++;
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
    p++;
  return p < end && *p == '=';
}

static gboolean
has_tag (const char *const *tags, const char *tag)
{
  for (guint i = 0; tags != NULL && tags[i] != NULL; i++)
    if (g_ascii_strcasecmp (tags[i], tag) == 0)
      return TRUE;
  return FALSE;
}

/* The header's `Variant=` line, whose tags herd7 adds to -variant's for
 * this test: *@s128 when it holds S128 or @variants (nullable) do. Another
 * tag must be among @variants, with which the model was loaded: herd7's
 * model would see it. A tag herd7 does not know it refuses. */
static gboolean
header_variants (const char *text, const char *end, const char *const *variants,
                 const char *filename, gboolean *s128, GError **error)
{
  guint line = 1;

  *s128 = has_tag (variants, "S128");
  for (const char *p = memchr (text, '\n', (gsize) (end - text)); p != NULL && p < end;
       p = memchr (p, '\n', (gsize) (end - p)))
    {
      const char *eol;
      AcyLoc at = { filename, ++line, 1 };
      g_auto(GStrv) tags = NULL;

      p++;
      eol = memchr (p, '\n', (gsize) (end - p));
      if (eol == NULL)
        eol = end;
      if (p < end && (*p == '{' || (*p == 'P' && p + 1 < end && g_ascii_isdigit (p[1]))))
        break;
      if (!is_key_line (p, end) || (gsize) (eol - p) < 8 || strncmp (p, "Variant", 7) != 0
          || !(p[7] == '=' || p[7] == ' ' || p[7] == '\t'))
        continue;
      {
        g_autofree char *value = g_strndup (p, (gsize) (eol - p));

        tags = g_strsplit_set (strchr (value, '=') + 1, " \t\r,", -1);
      }
      for (guint i = 0; tags[i] != NULL; i++)
        {
          if (*tags[i] == '\0' || g_ascii_strcasecmp (tags[i], "S128") == 0)
            {
              *s128 |= *tags[i] != '\0';
              continue;
            }
          if (!acy_variant_tag_valid (tags[i]))
            {
              acy_set_error_at (error, ACY_ERROR_SYNTAX, at,
                                "tag %s for variant is wrong (herd7's words) near '%s'",
                                tags[i], tags[i]);
              return FALSE;
            }
          if (!has_tag (variants, tags[i]))
            {
              acy_set_error_at (error, ACY_ERROR_UNSUPPORTED, at,
                                "the test's Variant=%s would change the model it is checked "
                                "with, which is loaded with -variant's tags: give -variant %s "
                                "near '%s'", tags[i], tags[i], tags[i]);
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* Before the init block, tests generated by diy carry a quoted
 * description and `Key=value` lines (Cycle=, Relax=...), and some tests a
 * stray line: herd ignores them. Blank every character there that is not
 * in a comment, keeping positions (and the `Result:` comment) intact. */
char *
acy_lit_blank_metadata (const char *text, gsize len, gsize first_line_from)
{
  char *copy = g_malloc (len + 1);   /* not g_strndup: a NUL may be in a comment */
  char *p = copy + first_line_from, *end = copy + len;
  gboolean line_start = TRUE, first_line = TRUE, key_line = FALSE;

  memcpy (copy, text, len);
  copy[len] = '\0';
  /* the first line from its start to @first_line_from: `C NAME` */
  memset (copy, ' ', MIN (first_line_from, len));

  while (p < end)
    {
      if (*p == '\n')
        {
          line_start = TRUE;
          first_line = FALSE;
          p++;
          continue;
        }
      if (line_start && !g_ascii_isspace (*p))
        {
          if (!first_line && *p == 'P' && p + 1 < end && g_ascii_isdigit (p[1]))
            break;
          key_line = is_key_line (p, end);
          line_start = FALSE;
        }
      /* herd7 starts the init block at the first brace of a line that is
       * not `Key=value`, the first line's included (`C t y{`) */
      if (*p == '{' && !key_line)
        break;
      if (p + 1 < end && p[0] == '(' && p[1] == '*')
        {
          guint depth = 0;

          while (p < end)
            {
              if (p + 1 < end && p[0] == '(' && p[1] == '*')
                depth++, p += 2;
              else if (p + 1 < end && p[0] == '*' && p[1] == ')')
                {
                  p += 2;
                  if (--depth == 0)
                    break;
                }
              else
                p++;
            }
          continue;
        }
      if (p + 1 < end && p[0] == '/' && p[1] == '*')
        {
          p += 2;
          while (p < end && !(p + 1 < end && p[0] == '*' && p[1] == '/'))
            p++;
          p = MIN (p + 2, end);
          continue;
        }
      if (p + 1 < end && p[0] == '/' && p[1] == '/')
        {
          while (p < end && *p != '\n')
            p++;
          continue;
        }
      if (!g_ascii_isspace (*p))
        *p = ' ';
      p++;
    }
  return copy;
}

AcyTest *
acy_test_parse (const char      *text,
                gssize           len,
                const char      *filename,
                const AcyMacros *macros,
                GError         **error)
{
  return acy_test_parse_override (text, len, filename, macros, NULL, error);
}

AcyTest *
acy_test_parse_override (const char             *text,
                         gssize                  len,
                         const char             *filename,
                         const AcyMacros        *macros,
                         const AcyTestOverride  *override,
                         GError                **error)
{
  return acy_test_parse_full (text, len, filename, macros, override, NULL, 0, error);
}

/* The byte of @text at 1-based @line and @col. */
static const char *
text_at (const char *text, const char *end, guint line, guint col)
{
  const char *p = text;

  for (guint l = 1; l < line && p < end; l++)
    {
      const char *nl = memchr (p, '\n', (gsize) (end - p));

      if (nl == NULL)
        return end;
      p = nl + 1;
    }
  return MIN (p + col - 1, end);
}

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '/' || c == '.' || c == '-';
}

/* herd7 finds where the threads' code ends before it parses it: at the
 * first final, forall, exists, ~exists, cases, observed, locations or
 * filter that is a whole word (its splitter's longest match), even in a
 * parameter's or register's name or in a C comment. Refuses one found in
 * [@from, @to) of @text, where the code is. */
static gboolean
no_splitter_keyword (const char *text, const char *end, const char *from, const char *to,
                     const char *filename, GError **error)
{
  static const char *const keywords[] = {
    "final", "forall", "exists", "cases", "observed", "Observed", "locations", "filter", NULL
  };
  const char *p = from;

  while (p < to)
    {
      gsize name_len = 0, kw_len = 0;

      if (*p == '"')
        {
          const char *q = memchr (p + 1, '"', (gsize) (end - p - 1));

          p = q ? q + 1 : end;
          continue;
        }
      if (g_ascii_isalpha (*p))
        while (p + name_len < end && is_name_char (p[name_len]))
          name_len++;
      if (*p == '~')
        {
          const char *q = p + 1;

          while (q < end && (*q == ' ' || *q == '\t' || *q == '\r'))
            q++;
          if ((gsize) (end - q) >= 6 && memcmp (q, "exists", 6) == 0)
            kw_len = (gsize) (q + 6 - p);
        }
      for (guint i = 0; keywords[i] && kw_len == 0; i++)
        if ((gsize) (end - p) >= strlen (keywords[i]) && memcmp (p, keywords[i], strlen (keywords[i])) == 0)
          kw_len = strlen (keywords[i]);
      if (kw_len > 0 && kw_len >= name_len)
        {
          AcyLoc at = { filename, 1, 1 };

          for (const char *q = text; q < p; q++)
            if (*q == '\n')
              at.line++, at.col = 1;
            else
              at.col++;
          acy_set_error_at (error, ACY_ERROR_SYNTAX, at,
                            "herd7 ends the threads' code at the first '%.*s' it finds, in a name "
                            "or a comment too: rename it or reword the comment near '%.*s'",
                            (int) kw_len, p, (int) kw_len, p);
          return FALSE;
        }
      p += MAX (name_len, 1);
    }
  return TRUE;
}

/* No C comment (`/ *`, `//`) between @from and @to: herd7 reads the
 * init block and the condition with lexers that know (* *) only. */
static gboolean
no_c_comment (const AcyLitTokens *toks, AcyLoc from, AcyLoc to, const char *where, GError **error)
{
  for (guint i = 0; i < toks->n_comments; i++)
    {
      const AcyLitComment *c = &toks->comments[i];

      if (c->text[0] != '/')
        continue;
      if ((c->loc.line > from.line || (c->loc.line == from.line && c->loc.col > from.col))
          && (c->loc.line < to.line || (c->loc.line == to.line && c->loc.col < to.col)))
        {
          acy_set_error_at (error, ACY_ERROR_SYNTAX, c->loc,
                            "herd7 reads no C comment in %s, only (* ... *) near '%.2s'", where, c->text);
          return FALSE;
        }
    }
  return TRUE;
}

/* Marks in @used the locations @p names (as a variable or an address). */
static void
prop_locations (const AcyLitProp *p, gboolean *used, guint n)
{
  if (p == NULL)
    return;
  if (p->kind == ACY_LPROP_ATOM)
    {
      if (p->lhs.thread < 0 && p->lhs.index >= 0 && (guint) p->lhs.index < n)
        used[p->lhs.index] = TRUE;
      if (p->rhs_is_var && p->rhs_var.thread < 0 && p->rhs_var.index >= 0 && (guint) p->rhs_var.index < n)
        used[p->rhs_var.index] = TRUE;
      if (!p->rhs_is_var && ACY_VALUE_IS_ADDR (p->rhs_value) && (guint) ACY_VALUE_ADDR_LOC (p->rhs_value) < n)
        used[ACY_VALUE_ADDR_LOC (p->rhs_value)] = TRUE;
      return;
    }
  prop_locations (p->a, used, n);
  prop_locations (p->b, used, n);
}

/* final := ('locations' '[' ... ']')? ('filter' prop)? ('regions:' ...)?
 *           ('exists' | '~exists' | 'forall') prop ';'?
 * What follows the code in a test of any architecture; with
 * @override, herd7's -conds condition replaces the test's. */
gboolean
acy_lit_parse_final (AcyLitParser *ps, AcyTest *test, GPtrArray *locations,
                     const AcyTestOverride *override, AcyHalt *hp, GError **error)
{
  /* the locations the code and the init block know: herd7 refuses a
   * condition naming another (one `locations` names is none of them) */
  guint n_locs = test->loc_names->len;

  if (acy_lit_tok_is_ident (peek (ps), "locations")
      && !parse_locations (ps, test, locations, error))
    return FALSE;
  if (acy_lit_tok_is_ident (peek (ps), "filter"))
    {
      advance (ps);
      test->filter = acy_lit_parse_prop (ps, test, error);
      if (test->filter == NULL || !acy_lit_check_filter (test, test->filter, error))
        return FALSE;
    }
  /* herd's memory-region annotations, `regions: x:PROP ...`, have no
   * effect on the executions */
  if (acy_lit_tok_is_ident (peek (ps), "regions") && acy_lit_tok_is (peek_at (ps, 1), ":"))
    {
      advance (ps);
      advance (ps);
      while (peek (ps)->kind == ACY_LTOK_IDENT && acy_lit_tok_is (peek_at (ps, 1), ":")
             && peek_at (ps, 2)->kind == ACY_LTOK_IDENT)
        ps->pos += 3;
    }
  if (override && override->condition)
    {
      /* herd7's -conds: the condition of the command line's file. */
      AcyLitTokens ctoks;
      g_autofree char *where = g_strdup_printf ("condition for %s", test->name);

      if (!acy_lit_tokenize (test->arena, override->condition, strlen (override->condition),
                             acy_arena_strdup (test->arena, where), 1, hp, &ctoks, error))
        return FALSE;
      ps->toks = ctoks.tokens;
      ps->pos = 0;
    }
  if (peek (ps)->kind == ACY_LTOK_EOF)
    {
      /* no condition: herd checks `forall (true)` */
      test->quant = ACY_QUANT_FORALL;
      test->cond = acy_arena_new0 (test->arena, AcyLitProp);
      test->cond->kind = ACY_LPROP_TRUE;
      test->cond->loc = peek (ps)->loc;
    }
  else if (acy_lit_tok_is_ident (peek (ps), "exists"))
    test->quant = ACY_QUANT_EXISTS;
  else if (acy_lit_tok_is_ident (peek (ps), "forall"))
    test->quant = ACY_QUANT_FORALL;
  else if (acy_lit_tok_is (peek (ps), "~") && acy_lit_tok_is_ident (peek_at (ps, 1), "exists"))
    {
      advance (ps);
      test->quant = ACY_QUANT_NOT_EXISTS;
    }
  else
    {
      acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, peek (ps),
                  "expected the final condition ('exists', '~exists' or 'forall')");
      return FALSE;
    }
  if (test->cond == NULL)
    {
      advance (ps);
      test->cond = acy_lit_parse_prop (ps, test, error);
      if (test->cond == NULL)
        return FALSE;
      {
        /* herd7: "Post-condition introduces new symbolic location(s)" */
        g_autofree gboolean *used = g_new0 (gboolean, test->loc_names->len + 1);
        g_autoptr(GString) names = g_string_new (NULL);

        prop_locations (test->cond, used, test->loc_names->len);
        for (guint i = n_locs; i < test->loc_names->len; i++)
          if (used[i])
            g_string_append_printf (names, "%s%s", names->len ? "," : "",
                                    (const char *) test->loc_names->pdata[i]);
        if (names->len > 0)
          acy_set_error_at (&ps->new_location, ACY_ERROR_UNKNOWN_NAME, test->cond->loc,
                            "the condition introduces location(s) {%s} that no thread or "
                            "initial value mentions (herd7 refuses this)", names->str);
      }
    }
  if (override && override->set_quantifier)
    test->quant = override->quantifier;
  acy_lit_accept (ps, ";");
  if (peek (ps)->kind != ACY_LTOK_EOF)
    {
      acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, peek (ps), "unexpected text after the condition");
      return FALSE;
    }
  return TRUE;
}

/* What herd7 checks once it has read the whole test (the code's
 * macros expanded, the condition read), in its order: registers of
 * threads the test lacks, a name given twice in the init block, a
 * condition naming a location nothing else does, an integer out of
 * range, the init block's types. */
gboolean
acy_lit_check_read_test (AcyLitParser *ps, AcyTest *test, GPtrArray *locations,
                         const AcyTestOverride *override, GError **error)
{
  GError **deferred[] = { &ps->init_twice, &ps->new_location, &ps->int_range, &ps->init_size };

  if (!acy_lit_check_reg_threads (test, locations, override && override->condition, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (deferred); i++)
    if (*deferred[i] != NULL)
      {
        g_propagate_error (error, g_steal_pointer (deferred[i]));
        return FALSE;
      }
  return TRUE;
}

void
acy_lit_parser_clear (AcyLitParser *ps)
{
  g_clear_error (&ps->init_twice);
  g_clear_error (&ps->new_location);
  g_clear_error (&ps->int_range);
  g_clear_error (&ps->init_size);
}

AcyTest *
acy_test_parse_full (const char             *text,
                     gssize                  len,
                     const char             *filename,
                     const AcyMacros        *macros,
                     const AcyTestOverride  *override,
                     GCancellable           *cancellable,
                     gint64                  deadline,
                     GError                **error)
{
  g_autoptr (AcyTest) test = g_new0 (AcyTest, 1);
  AcyHalt halt = { cancellable, deadline, NULL, 0 };
  AcyHalt *hp = cancellable != NULL || deadline > 0 ? &halt : NULL;
  AcyLitTokens toks;
  AcyLitParser ps = { 0 };
  const char *p, *eol, *end, *line_start, *name_end;
  GArray *threads = NULL;
  g_autoptr (GPtrArray) locations = g_ptr_array_new ();
  AcyLoc loc1 = { NULL, 1, 1 }, code_from;
  gboolean ok = FALSE;
  g_autofree char *norm = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  if (len < 0)
    len = (gssize) strlen (text);
  /* herd7 reads lines ended by CR alone too: make them LF (CR LF stays) */
  if (memchr (text, '\r', (gsize) len) != NULL)
    {
      norm = g_memdup2 (text, (gsize) len + 1);
      norm[len] = '\0';
      for (gssize i = 0; i < len; i++)
        if (norm[i] == '\r' && (i + 1 == len || norm[i + 1] != '\n'))
          norm[i] = '\n';
      text = norm;
    }
  end = text + len;
  test->arena = acy_arena_new (16384);
  test->filename = g_strdup (filename ? filename : "<input>");
  test->loc_names = g_ptr_array_new ();
  test->loc_index = g_hash_table_new (g_str_hash, g_str_equal);
  test->loc_init = g_array_new (FALSE, TRUE, sizeof (AcyValue));
  test->inits = g_array_new (FALSE, TRUE, sizeof (AcyLitInit));
  test->tag_names = g_ptr_array_new ();
  test->warnings = g_array_new (FALSE, FALSE, sizeof (AcyTestWarning));
  test->macros_filename = g_strdup (macros ? acy_macros_get_filename (macros) : NULL);
  loc1.file = test->filename;
  halt.filename = test->filename;
  test->halt = hp;

  /* Line 1: `C NAME` */
  p = text;
  line_start = text;
  if (end - p >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    {
      /* herd7 refuses it too */
      acy_set_error_at (error, ACY_ERROR_SYNTAX, loc1,
                        "the file starts with a UTF-8 byte-order mark: remove it near 'C'");
      return NULL;
    }
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
    p++;
  eol = memchr (p, '\n', (gsize) (end - p));
  if (eol == NULL)
    eol = end;
  /* The name is one word: herd7 reads `C two words` as two and skips the
   * rest of the line, which may also start the init block (`C t { x=1; }`)
   * or hold a comment (`C t(* c *)`). */
  name_end = acy_lit_header_name_end (p, eol);
  {
    g_autofree char *first = g_strndup (p, (gsize) (name_end - p));
    char *sp;

    g_strstrip (first);
    /* The words before the name are printed in an error. */
    if (!g_utf8_validate (first, -1, NULL))
      {
        acy_set_error_at (error, ACY_ERROR_SYNTAX, loc1,
                          "the first line 'C NAME' is not valid UTF-8");
        return NULL;
      }
    sp = first + strcspn (first, " \t");
    if (*sp == '\0' && name_end < eol && !g_ascii_isspace (*name_end))
      {
        /* herd7: "splitter error in sublexer first line" */
        AcyLoc at = { test->filename, 1, (guint) (name_end - text) + 1 };
        gunichar c = g_utf8_get_char_validated (name_end, eol - name_end);
        char near[8] = { 0 };

        if (c == (gunichar) -1 || c == (gunichar) -2)
          g_snprintf (near, sizeof near, "\\x%02x", (guchar) *name_end);
        else
          g_unichar_to_utf8 (c, near);
        acy_set_error_at (error, ACY_ERROR_SYNTAX, at,
                          "expected the test's name after 'C', made of letters, digits "
                          "and '_ / . - + [ ]' near '%s'", near);
        return NULL;
      }
    if (*sp == '\0')
      {
        acy_set_error_at (error, ACY_ERROR_SYNTAX, loc1,
                          "expected 'C NAME' on the first line near '%s'",
                          *first ? first : "end of line");
        return NULL;
      }
    *sp++ = '\0';
    test->arch = g_strdup (first);
    test->name = g_strstrip (g_strdup (sp));
    /* herd names a test "C-CO+o-o" whether its first line says that or
     * "C-CO+o-o.litmus". */
    if (g_str_has_suffix (test->name, ".litmus") && strlen (test->name) > strlen (".litmus"))
      test->name[strlen (test->name) - strlen (".litmus")] = '\0';
    if (strcmp (test->arch, "C") != 0)
      {
        const AcyAsmArch *arch = acy_asm_arch_find (test->arch);

        if (arch == NULL)
          {
            acy_set_error_at (error, ACY_ERROR_UNSUPPORTED, loc1,
                              "only C, X86 and X86_64 litmus tests are supported near '%s'",
                              test->arch);
            return NULL;
          }
        /* an assembly test: the rest is read in engine/arch */
        ok = acy_asm_test_parse (test, arch, line_start, (gsize) (end - line_start),
                                 (gsize) (name_end - line_start), override, hp, error);
        test->halt = NULL;
        return ok ? g_steal_pointer (&test) : NULL;
      }
  }

  if (!header_variants (text, end, override ? override->variants : NULL, test->filename, &ps.s128, error))
    return NULL;
  {
    /* from the start of the first line, for the columns there */
    g_autofree char *rest = acy_lit_blank_metadata (line_start, (gsize) (end - line_start),
                                            (gsize) (name_end - line_start));

    if (!acy_lit_tokenize (test->arena, rest, (gsize) (end - line_start), test->filename, 1, hp, &toks, error))
      return NULL;
  }
  if (toks.out_of_range > 0)
    acy_lit_out_of_range (&ps, &toks.tokens[toks.out_of_range - 1]);
  test->expected = find_expected_result (&toks);

  ps.arena = test->arena;
  ps.herd_c = TRUE;
  ps.toks = toks.tokens;
  ps.comments = toks.comments;
  ps.n_comments = toks.n_comments;
  ps.filename = test->filename;
  ps.halt = hp;
  threads = g_array_new (FALSE, TRUE, sizeof (AcyLitThread));

  code_from = peek (&ps)->loc;
  if (acy_lit_tok_is (peek (&ps), "{"))
    {
      AcyLoc from = peek (&ps)->loc;

      if (!acy_lit_parse_init (&ps, test, error))
        goto out;
      code_from = ps.toks[ps.pos - 1].loc;
      code_from.col++;
      /* herd7 reads the init block with a lexer of its own, which knows
       * (* comments *) only */
      if (!no_c_comment (&toks, from, ps.toks[ps.pos - 1].loc, "the init block", error))
        goto out;
    }

  {
    guint number;

    for (;;)
      {
        /* herd7 takes `void P0(...)` too */
        if (acy_lit_tok_is_ident (peek (&ps), "void") && is_thread_name (peek_at (&ps, 1), &number))
          advance (&ps);
        if (!is_thread_name (peek (&ps), &number))
          break;
        if (!parse_thread (&ps, test, threads, error))
          goto out;
      }
  }
  if (threads->len == 0)
    {
      acy_lit_error_near (&ps, error, ACY_ERROR_SYNTAX, peek (&ps), "expected a thread 'P0(...) { ... }'");
      goto out;
    }
  {
    AcyLoc to = peek (&ps)->loc;
    const char *code_to = peek (&ps)->kind == ACY_LTOK_EOF ? end : text_at (text, end, to.line, to.col);

    if (!no_splitter_keyword (text, end, text_at (text, end, code_from.line, code_from.col), code_to,
                              test->filename, error))
      goto out;
  }
  test->n_threads = threads->len;
  test->threads = (AcyLitThread *) g_array_free (threads, FALSE);
  threads = NULL;
  /* herd7 expands the code's macros before it reads the condition: an
   * unknown macro is what it reports of a test that also has an error in
   * its condition or in the types of its init block. (With no macro file
   * it expands nothing, and finds an unknown call when it runs the code:
   * after everything else, below.) */
  if (macros != NULL && !acy_lit_expand_macros (test, macros, error))
    goto out;
  /* and the condition (with `locations` and `filter`) likewise, from its
   * first word: up to there herd7's C lexer reads, C comments included */
  {
    AcyLoc from = peek (&ps)->loc, to = { NULL, G_MAXUINT, G_MAXUINT };

    if (!no_c_comment (&toks, from, to, "the final condition", error))
      goto out;
  }

  if (!acy_lit_parse_final (&ps, test, locations, override, hp, error))
    goto out;

  if (!acy_lit_check_read_test (&ps, test, locations, override, error))
    goto out;
  if (macros == NULL && !acy_lit_expand_macros (test, NULL, error))
    goto out;
  if (!acy_lit_lower (test, error))
    goto out;
  acy_lit_finish_condition (test, locations);
  acy_lit_init_types (test);
  test->hash = acy_lit_herd_hash (text, (gsize) len, NULL);
  /* the last look: hashing a long text takes its time too */
  if (hp != NULL && acy_lit_halted (test->filename, cancellable, deadline, error))
    goto out;
  ok = TRUE;

out:
  /* the halt lives on this stack */
  test->halt = NULL;
  acy_lit_parser_clear (&ps);
  if (threads != NULL)
    g_array_free (threads, TRUE);
  return ok ? g_steal_pointer (&test) : NULL;
}

AcyTest *
acy_test_load (const char *path, const AcyMacros *macros, GError **error)
{
  return acy_test_load_full (path, macros, NULL, NULL, 0, error);
}

AcyTest *
acy_test_load_full (const char             *path,
                    const AcyMacros        *macros,
                    const AcyTestOverride  *override,
                    GCancellable           *cancellable,
                    gint64                  deadline,
                    GError                **error)
{
  g_autofree char *contents = NULL;
  gsize len = 0;

  if (!acy_file_read (path, &contents, &len, error))
    return NULL;
  return acy_test_parse_full (contents, (gssize) len, path, macros, override,
                              cancellable, deadline, error);
}

void
acy_test_free (AcyTest *test)
{
  if (test == NULL)
    return;
  g_free (test->filename);
  g_free (test->name);
  g_free (test->arch);
  g_free (test->expected);
  g_free (test->macros_filename);
  g_free (test->hash);
  g_free (test->cond_text);
  g_free (test->fault_text);
  g_free (test->threads);
  if (test->loc_names)
    g_ptr_array_free (test->loc_names, TRUE);
  if (test->loc_index)
    g_hash_table_unref (test->loc_index);
  if (test->loc_init)
    g_array_free (test->loc_init, TRUE);
  if (test->inits)
    g_array_free (test->inits, TRUE);
  if (test->tag_names)
    g_ptr_array_free (test->tag_names, TRUE);
  if (test->warnings)
    g_array_unref (test->warnings);
  if (test->phantom_regs)
    g_ptr_array_free (test->phantom_regs, TRUE);
  g_free (test->tracked);
  g_free (test->tracked_bits);
  if (test->loc_types)
    g_hash_table_unref (test->loc_types);
  g_strfreev (test->observed_names);
  acy_arena_free (test->arena);
  g_free (test);
}

const char *
acy_test_get_name (const AcyTest *test)
{
  return test->name;
}

char *
acy_test_file_arch (const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileInputStream) in = g_file_read (file, NULL, NULL);
  char buf[256];
  gssize n;
  const char *p = buf, *end;

  if (in == NULL || (n = g_input_stream_read (G_INPUT_STREAM (in), buf, sizeof buf - 1, NULL, NULL)) <= 0)
    return NULL;
  buf[n] = '\0';
  end = buf + n;
  while (p < end && (*p == ' ' || *p == '\t'))
    p++;
  n = (gssize) strcspn (p, " \t\r\n");
  return n > 0 ? g_strndup (p, (gsize) n) : NULL;
}

const char *
acy_test_get_filename (const AcyTest *test)
{
  return test->filename;
}

const char *
acy_test_get_arch (const AcyTest *test)
{
  return test->arch;
}

guint
acy_test_get_n_warnings (const AcyTest *test)
{
  g_return_val_if_fail (test != NULL, 0);
  return test->warnings ? test->warnings->len : 0;
}

const AcyTestWarning *
acy_test_get_warning (const AcyTest *test, guint i)
{
  g_return_val_if_fail (test != NULL && i < acy_test_get_n_warnings (test), NULL);
  return &g_array_index (test->warnings, AcyTestWarning, i);
}

const char *
acy_test_get_hash (const AcyTest *test)
{
  return test->hash;
}

const char *
acy_test_get_expected_result (const AcyTest *test)
{
  return test->expected;
}

AcyQuantifier
acy_test_get_quantifier (const AcyTest *test)
{
  return test->quant;
}
