/* acy-litmus-hash.c - herd7's `Hash=` digest of a litmus test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * herd7 prints, after each result, `Hash=` and an MD5 digest that the
 * litmus-history scripts compare. It is computed from the text of the
 * test as herd's front end splits it, not from what the test means:
 *
 *   MD5 (D (init) . D (code) . D (observed))        (D = raw MD5, 16 bytes)
 *
 * - init: the entries of the `{ ... }` block, sorted by location
 *   (registers by thread then name, then locations by name), the first of
 *   each location kept, printed `x=1`, `0:r1=1`, `int x=1`, `int *p=x`,
 *   `*0:r1=x` (for `0:r1=&x`), `_Atomic int x=0`, joined by "; ".
 * - code: each thread printed as `P0(int* x, int* y) {\n BODY \n}\n`,
 *   the parameter types without their outer `*` and printed with a `*`
 *   glued to them, BODY the text between the braces exactly as written
 *   (comments, tabs and blank lines included); the threads are put side
 *   by side as one line of a table: " P0... | P1... ;\n", each cell
 *   padded with spaces to its own length (so no padding).
 * - observed: the locations of the `locations [...]` clause and of the
 *   final condition (not the filter), sorted as above and joined by "; ".
 *
 * An assembly test's code is its instructions as herd prints them, in
 * the same table (its front end gives the text).
 *
 * A `Hash=` line among the test's header lines (between the name and the
 * `{`) is used as it is. Header keys MemoryType, MT and CacheType would
 * add a fourth digest in front; they are for other architectures and
 * not supported here (the digest is then NULL).
 */
#include "config.h"

#include <string.h>

#include "acy-litmus-private.h"

typedef struct {
  const char *p, *end;
} Span;

static gboolean
is_alpha (char c)
{
  return g_ascii_isalpha (c);
}

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '/' || c == '.' || c == '-';
}

/* ---- splitting the test as herd does ----------------------------------- */

/* Skips an OCaml comment `(* ... *)`, nested; p is after the opening. */
static const char *
skip_ml_comment (const char *p, const char *end)
{
  int depth = 1;

  while (p < end && depth > 0)
    {
      if (p + 1 < end && p[0] == '(' && p[1] == '*')
        depth++, p += 2;
      else if (p + 1 < end && p[0] == '*' && p[1] == ')')
        depth--, p += 2;
      else
        p++;
    }
  return p;
}

/* Length of a header `key = value\n` line at p (0 if none), as herd's
 * splitter reads one: key a name starting with a letter. */
static gsize
header_kv (const char *p, const char *end, Span *key, Span *value)
{
  const char *q = p;

  if (q >= end || !is_alpha (*q))
    return 0;
  key->p = q;
  while (q < end && is_name_char (*q))
    q++;
  key->end = q;
  while (q < end && (*q == ' ' || *q == '\t' || *q == '\r'))
    q++;
  if (q >= end || *q != '=')
    return 0;
  q++;
  while (q < end && (*q == ' ' || *q == '\t' || *q == '\r'))
    q++;
  value->p = q;
  while (q < end && *q != '\n' && *q != '\r')
    q++;
  value->end = q;
  if (q < end && *q == '\r')
    q++;
  if (q >= end || *q != '\n')
    return 0;
  return (gsize) (q + 1 - p);
}

static gboolean
word_at (const char *p, const char *end, const char *w)
{
  gsize n = strlen (w);
  return (gsize) (end - p) >= n && memcmp (p, w, n) == 0;
}

/* Length of the keyword that ends the code at p, or 0. */
static gsize
end_keyword (const char *p, const char *end)
{
  static const char *const kws[] = {
    "final", "forall", "exists", "cases", "observed", "Observed", "locations", "filter", NULL
  };

  if (*p == '~')
    {
      const char *q = p + 1;
      while (q < end && (*q == ' ' || *q == '\t' || *q == '\r'))
        q++;
      if (word_at (q, end, "exists"))
        return (gsize) (q + 6 - p);
      return 0;
    }
  for (guint i = 0; kws[i]; i++)
    if (word_at (p, end, kws[i]))
      return strlen (kws[i]);
  return 0;
}

static gboolean
split_test (const char *text, const char *end, Span *init, Span *code, Span *cond,
            char **header_hash, gboolean *other_digest)
{
  const char *p = text, *eol = memchr (text, '\n', (gsize) (end - text));
  int depth = 0;

  if (eol == NULL)
    return FALSE;
  /* The first line to the end of the name, as the parser reads it:
   * the init block may start after it */
  p = acy_lit_header_name_end (text, eol);
  /* Header lines up to the `{` of the initial state. */
  for (;;)
    {
      Span key = { NULL, NULL }, value = { NULL, NULL };
      gsize kv, other = 0;

      if (p >= end)
        return FALSE;
      if (*p == '\n')
        {
          p++;
          continue;
        }
      if (*p == '{')
        break;
      kv = header_kv (p, end, &key, &value);
      while (p + other < end && p[other] != '\n' && p[other] != '{')
        other++;
      if (kv > 0 && kv >= other)
        {
          gsize klen = (gsize) (key.end - key.p);
          if (klen == 4 && g_ascii_strncasecmp (key.p, "hash", 4) == 0 && *header_hash == NULL)
            *header_hash = g_strndup (value.p, (gsize) (value.end - value.p));
          else if ((klen == 10 && g_ascii_strncasecmp (key.p, "memorytype", 10) == 0)
                   || (klen == 2 && g_ascii_strncasecmp (key.p, "mt", 2) == 0)
                   || (klen == 9 && g_ascii_strncasecmp (key.p, "cachetype", 9) == 0))
            *other_digest = TRUE;
          p += kv;
          continue;
        }
      if (p + 1 < end && p[0] == '(' && p[1] == '*' && other <= 2)
        {
          p = skip_ml_comment (p + 2, end);
          continue;
        }
      p += other;
    }
  /* The initial state. */
  init->p = ++p;
  for (;; p++)
    {
      if (p >= end)
        return FALSE;
      if (*p == '{')
        depth++;
      else if (*p == '}')
        {
          if (depth == 0)
            break;
          depth--;
        }
    }
  init->end = p++;
  /* The code, up to the first keyword of the condition. */
  code->p = p;
  while (p < end)
    {
      gsize kw;

      if (*p == '"')
        {
          p++;
          while (p < end && *p != '"')
            p++;
          p++;
          continue;
        }
      kw = end_keyword (p, end);
      if (is_alpha (*p))
        {
          const char *q = p;
          while (q < end && is_name_char (*q))
            q++;
          if (kw > 0 && kw >= (gsize) (q - p))
            break;
          p = q;
          continue;
        }
      if (kw > 0)
        break;
      p++;
    }
  if (p > end)
    p = end;
  code->end = p;
  cond->p = p;
  cond->end = end;
  return TRUE;
}

/* ---- the code ----------------------------------------------------------- */

typedef enum { CT_EOF, CT_PROC, CT_NAME, CT_BODY, CT_PUNCT } CTokKind;

typedef struct {
  CTokKind    kind;
  const char *p;
  gsize       len;
  guint       proc;
} CTok;

static gboolean
c_next (const char **pp, const char *end, CTok *t)
{
  const char *p = *pp;

  for (;;)
    {
      while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        p++;
      if (p + 1 < end && p[0] == '/' && p[1] == '*')
        {
          const char *q = g_strstr_len (p + 2, end - (p + 2), "*/");
          if (q == NULL)
            return FALSE;
          p = q + 2;
          continue;
        }
      if (p + 1 < end && p[0] == '/' && p[1] == '/')
        {
          while (p < end && *p != '\n')
            p++;
          continue;
        }
      break;
    }
  t->p = p;
  if (p >= end)
    {
      t->kind = CT_EOF;
      t->len = 0;
    }
  else if (*p == '{')
    {
      int depth = 0;
      const char *q = p + 1;

      for (;; q++)
        {
          if (q >= end)
            return FALSE;
          if (*q == '{')
            depth++;
          else if (*q == '}')
            {
              if (depth == 0)
                break;
              depth--;
            }
        }
      t->kind = CT_BODY;
      t->p = p + 1;
      t->len = (gsize) (q - (p + 1));
      p = q + 1;
    }
  else if (g_ascii_isalpha (*p) || *p == '_')
    {
      const char *q = p;
      while (q < end && (g_ascii_isalpha (*q) || *q == '_'))
        q++;
      while (q < end && (g_ascii_isalnum (*q) || *q == '_'))
        q++;
      t->kind = CT_NAME;
      t->len = (gsize) (q - p);
      if (*p == 'P' && t->len > 1)
        {
          gboolean digits = TRUE;
          for (const char *r = p + 1; r < q; r++)
            digits = digits && g_ascii_isdigit (*r);
          if (digits)
            {
              t->kind = CT_PROC;
              t->proc = (guint) g_ascii_strtoull (p + 1, NULL, 10);
            }
        }
      p = q;
    }
  else
    {
      t->kind = CT_PUNCT;
      t->len = 1;
      p++;
    }
  *pp = p;
  return TRUE;
}

static gboolean
ctok_is (const CTok *t, const char *s)
{
  return t->len == strlen (s) && memcmp (t->p, s, t->len) == 0;
}

/* A C type as herd's parser builds it. */
typedef enum { TY_BASE, TY_VOLATILE, TY_CONST, TY_ATOMIC, TY_POINTER } TyKind;

typedef struct Ty Ty;
struct Ty {
  TyKind kind;
  char  *base;
  Ty    *of;
};

static void
ty_free (Ty *t)
{
  while (t)
    {
      Ty *of = t->of;
      g_free (t->base);
      g_free (t);
      t = of;
    }
}

static Ty *
ty_new (TyKind kind, char *base, Ty *of)
{
  Ty *t = g_new0 (Ty, 1);
  t->kind = kind;
  t->base = base;
  t->of = of;
  return t;
}

static void
ty_dump (const Ty *t, GString *out)
{
  switch (t->kind)
    {
    case TY_BASE:
      g_string_append (out, t->base);
      break;
    case TY_VOLATILE:
      if (t->of->kind == TY_BASE)
        g_string_append_printf (out, "volatile %s", t->of->base);
      else
        {
          ty_dump (t->of, out);
          g_string_append (out, " volatile");
        }
      break;
    case TY_ATOMIC:
      if (t->of->kind == TY_BASE)
        g_string_append_printf (out, "_Atomic %s", t->of->base);
      else
        {
          g_string_append (out, "_Atomic (");
          ty_dump (t->of, out);
          g_string_append (out, ")");
        }
      break;
    case TY_CONST:
      ty_dump (t->of, out);
      g_string_append (out, " const");
      break;
    case TY_POINTER:
      ty_dump (t->of, out);
      g_string_append (out, "*");
      break;
    default:
      g_assert_not_reached ();
    }
}

/* A base type from words[*k]: `int`, `atomic_t`, `struct srcu_struct`,
 * `atomic_int`, ... */
static Ty *
ty_base (const CTok *words, guint n, guint *k)
{
  if (*k >= n || words[*k].kind != CT_NAME)
    return NULL;
  if (ctok_is (&words[*k], "atomic_int"))
    {
      (*k)++;
      return ty_new (TY_ATOMIC, NULL, ty_new (TY_BASE, g_strdup ("int"), NULL));
    }
  if (ctok_is (&words[*k], "struct"))
    {
      char *b;
      if (*k + 1 >= n || words[*k + 1].kind != CT_NAME)
        return NULL;
      b = g_strdup_printf ("struct %.*s", (int) words[*k + 1].len, words[*k + 1].p);
      *k += 2;
      return ty_new (TY_BASE, b, NULL);
    }
  if (ctok_is (&words[*k], "volatile") || ctok_is (&words[*k], "const")
      || ctok_is (&words[*k], "_Atomic"))
    return NULL;
  (*k)++;
  return ty_new (TY_BASE, g_strndup (words[*k - 1].p, words[*k - 1].len), NULL);
}

/* Appends "TYPE* NAME" for the parameter made of @words (type, then
 * name), its outer pointer taken off and a `*` glued instead. */
static gboolean
dump_param (const CTok *words, guint n, GString *out)
{
  guint k = 0;
  Ty *t = NULL;

  if (n < 2 || words[n - 1].kind != CT_NAME)
    return FALSE;
  n--;
  if (ctok_is (&words[0], "_Atomic") || ctok_is (&words[0], "volatile")
      || ctok_is (&words[0], "const"))
    {
      TyKind kind = ctok_is (&words[0], "_Atomic") ? TY_ATOMIC
        : ctok_is (&words[0], "volatile") ? TY_VOLATILE : TY_CONST;
      Ty *b;
      k = 1;
      b = ty_base (words, n, &k);
      if (b == NULL)
        return FALSE;
      t = ty_new (kind, NULL, b);
    }
  else if ((t = ty_base (words, n, &k)) == NULL)
    return FALSE;
  for (; k < n; k++)
    {
      if (ctok_is (&words[k], "*"))
        t = ty_new (TY_POINTER, NULL, t);
      else if (ctok_is (&words[k], "volatile"))
        t = ty_new (TY_VOLATILE, NULL, t);
      else if (ctok_is (&words[k], "const"))
        t = ty_new (TY_CONST, NULL, t);
      else
        {
          ty_free (t);
          return FALSE;
        }
    }
  if (t->kind != TY_POINTER)
    {
      ty_free (t);
      return FALSE;
    }
  ty_dump (t->of, out);
  g_string_append_printf (out, "* %.*s", (int) words[n].len, words[n].p);
  ty_free (t);
  return TRUE;
}

static char *
code_text (Span code)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GArray) words = g_array_new (FALSE, FALSE, sizeof (CTok));
  const char *p = code.p;
  gboolean any = FALSE;
  CTok t;

  for (;;)
    {
      g_autoptr(GString) cell = g_string_new (NULL);
      guint proc;

      if (!c_next (&p, code.end, &t))
        return NULL;
      if (t.kind == CT_EOF)
        break;
      /* herd's memory-region annotations close the code; they are not
       * part of its digest */
      if (ctok_is (&t, "regions"))
        break;
      if (t.kind == CT_BODY)
        g_string_append_printf (cell, "{%.*s}\n\n", (int) t.len, t.p);
      else
        {
          if (ctok_is (&t, "void"))
            {
              const char *save = p;
              if (!c_next (&p, code.end, &t))
                return NULL;
              if (ctok_is (&t, "*"))
                {
                  if (!c_next (&p, code.end, &t))
                    return NULL;
                }
              (void) save;
            }
          if (t.kind != CT_PROC)
            return NULL;
          proc = t.proc;
          if (!c_next (&p, code.end, &t) || !ctok_is (&t, "("))
            return NULL;
          g_string_append_printf (cell, "P%u(", proc);
          g_array_set_size (words, 0);
          for (gboolean first = TRUE;;)
            {
              if (!c_next (&p, code.end, &t) || t.kind == CT_EOF || t.kind == CT_BODY)
                return NULL;
              if (ctok_is (&t, ",") || ctok_is (&t, ")"))
                {
                  if (words->len > 0 || ctok_is (&t, ","))
                    {
                      if (!first)
                        g_string_append (cell, ", ");
                      if (!dump_param ((CTok *) words->data, words->len, cell))
                        return NULL;
                      first = FALSE;
                    }
                  g_array_set_size (words, 0);
                  if (ctok_is (&t, ")"))
                    break;
                }
              else
                g_array_append_val (words, t);
            }
          if (!c_next (&p, code.end, &t) || t.kind != CT_BODY)
            return NULL;
          g_string_append_printf (cell, ") {\n%.*s\n}\n", (int) t.len, t.p);
        }
      g_string_append_printf (out, "%s %s ", any ? "|" : "", cell->str);
      any = TRUE;
    }
  if (any)
    g_string_append (out, ";\n");
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* ---- initial state and condition ---------------------------------------- */

typedef enum { ST_EOF, ST_NUM, ST_PROC, ST_NAME, ST_PUNCT } STokKind;

typedef struct {
  STokKind    kind;
  char       *text;
} STok;

static void
stok_clear (gpointer data)
{
  g_free (((STok *) data)->text);
}

/* Tokens of herd's state lexer (enough of them for C tests). */
static GArray *
s_tokens (Span s)
{
  GArray *toks = g_array_new (TRUE, TRUE, sizeof (STok));
  const char *p = s.p, *end = s.end;
  static const char *const puncts2[] = { "/\\", "\\/", "=>", "==", "!=", "<>", NULL };

  g_array_set_clear_func (toks, stok_clear);
  while (p < end)
    {
      STok t = { 0 };
      const char *q;

      if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        {
          p++;
          continue;
        }
      if (p + 1 < end && p[0] == '(' && p[1] == '*')
        {
          p = skip_ml_comment (p + 2, end);
          continue;
        }
      q = p;
      if (p + 2 < end && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && g_ascii_isxdigit (p[2]))
        {
          q = p + 2;
          while (q < end && g_ascii_isxdigit (*q))
            q++;
          t.kind = ST_NUM;
        }
      else if (g_ascii_isdigit (*p) || (*p == '-' && p + 1 < end && g_ascii_isdigit (p[1])))
        {
          q = p + 1;
          while (q < end && g_ascii_isdigit (*q))
            q++;
          t.kind = ST_NUM;
        }
      else
        {
          gboolean punct = FALSE;
          for (guint i = 0; puncts2[i]; i++)
            if (word_at (p, end, puncts2[i]))
              {
                t.kind = ST_PUNCT;
                q = p + 2;
                punct = TRUE;
                break;
              }
          if (!punct)
            {
              const char *r = p;
              if (r < end && *r == '_')
                r++;
              if (r < end && (g_ascii_isalpha (*r) || *r == '_' || *r == '.' || *r == '$'))
                {
                  while (r < end && (g_ascii_isalpha (*r) || *r == '_' || *r == '.' || *r == '$'))
                    r++;
                  while (r < end && is_name_char (*r))
                    r++;
                  q = r;
                  t.kind = ST_NAME;
                  if (*p == 'P' && q - p > 1)
                    {
                      const char *d = p + 1;
                      if (d < q && *d == '-')
                        d++;
                      while (d < q && g_ascii_isdigit (*d))
                        d++;
                      if (d == q)
                        t.kind = ST_PROC;
                    }
                }
              else
                {
                  t.kind = ST_PUNCT;
                  q = p + 1;
                }
            }
        }
      if (t.kind == ST_PROC)
        t.text = g_strndup (p + 1, (gsize) (q - p - 1));
      else
        t.text = g_strndup (p, (gsize) (q - p));
      if (t.kind == ST_NAME && g_str_equal (t.text, "not"))
        {
          g_free (t.text);
          t.text = g_strdup ("~");
          t.kind = ST_PUNCT;
        }
      g_array_append_val (toks, t);
      p = q;
    }
  return toks;
}

static gboolean
stok_is (const STok *t, const char *s)
{
  return t->kind != ST_EOF && g_str_equal (t->text, s);
}

static const char *const state_keywords[] = {
  "exists", "forall", "final", "true", "false", "locations", "filter", "with",
  "_Atomic", "ATOMIC_INIT", "observed", "Observed", NULL
};

static gboolean
stok_is_name (const STok *t)
{
  return t->kind == ST_NAME && !g_strv_contains (state_keywords, t->text);
}

/* A location: thread >= 0 for a register. */
typedef struct {
  gint  thread;
  char *name;
  char *line;   /* the entry printed (init) */
} HLoc;

static void
hloc_clear (gpointer data)
{
  HLoc *l = data;
  g_free (l->name);
  g_free (l->line);
}

static int
hloc_compare (gconstpointer a, gconstpointer b)
{
  const HLoc *x = a, *y = b;

  if ((x->thread >= 0) != (y->thread >= 0))
    return x->thread >= 0 ? -1 : 1;
  if (x->thread != y->thread)
    return x->thread < y->thread ? -1 : 1;
  return strcmp (x->name, y->name);
}

/* A location at toks[*k]: `N:reg`, `PN:reg`, `x`, `[x]`. */
static gboolean
read_loc (const STok *toks, guint n, guint *k, HLoc *loc)
{
  guint i = *k;

  if (i + 2 < n && (toks[i].kind == ST_NUM || toks[i].kind == ST_PROC)
      && stok_is (&toks[i + 1], ":") && toks[i + 2].kind == ST_NAME)
    {
      loc->thread = (gint) g_ascii_strtoll (toks[i].text, NULL, 10);
      loc->name = g_strdup (toks[i + 2].text);
      *k = i + 3;
      return TRUE;
    }
  if (i + 2 < n && stok_is (&toks[i], "[") && stok_is_name (&toks[i + 1]) && stok_is (&toks[i + 2], "]"))
    {
      loc->thread = -1;
      loc->name = g_strdup (toks[i + 1].text);
      *k = i + 3;
      return TRUE;
    }
  if (i < n && stok_is_name (&toks[i]))
    {
      loc->thread = -1;
      loc->name = g_strdup (toks[i].text);
      *k = i + 1;
      return TRUE;
    }
  return FALSE;
}

static char *
hloc_format (const HLoc *l)
{
  return l->thread >= 0 ? g_strdup_printf ("%d:%s", l->thread, l->name) : g_strdup (l->name);
}

/* Sorts, keeps the first of each location and joins the lines. */
static char *
join_sorted (GArray *locs)
{
  GString *out = g_string_new (NULL);
  const HLoc *prev = NULL;

  g_array_sort (locs, hloc_compare);   /* g_array_sort is stable */
  for (guint i = 0; i < locs->len; i++)
    {
      const HLoc *l = &g_array_index (locs, HLoc, i);
      if (prev && hloc_compare (prev, l) == 0)
        continue;
      if (out->len)
        g_string_append (out, "; ");
      g_string_append (out, l->line);
      prev = l;
    }
  return g_string_free (out, FALSE);
}

static char *
init_text (Span init)
{
  g_autoptr(GArray) toks = s_tokens (init);
  g_autoptr(GArray) locs = g_array_new (FALSE, TRUE, sizeof (HLoc));
  const STok *tk = (const STok *) toks->data;
  guint n = toks->len, i = 0;

  g_array_set_clear_func (locs, hloc_clear);
  while (i < n)
    {
      guint start = i, eq, stop, k;
      HLoc loc = { 0 };
      g_autofree char *where = NULL;
      g_autofree char *value = NULL;
      gboolean amper = FALSE;
      guint n_pre;

      while (i < n && !stok_is (&tk[i], ";"))
        i++;
      stop = i;
      if (i < n)
        i++;
      if (stop == start)
        continue;
      for (eq = start; eq < stop && !stok_is (&tk[eq], "="); eq++)
        ;
      /* The location ends just before `=` (or the entry). */
      k = eq;
      if (k >= start + 3 && (tk[k - 3].kind == ST_NUM || tk[k - 3].kind == ST_PROC)
          && stok_is (&tk[k - 2], ":"))
        k -= 3;
      else if (k >= start + 3 && stok_is (&tk[k - 1], "]") && stok_is (&tk[k - 3], "["))
        k -= 3;
      else if (k >= start + 1)
        k -= 1;
      else
        return NULL;
      {
        guint kk = k;
        if (!read_loc (tk, eq, &kk, &loc) || kk != eq)
          {
            hloc_clear (&loc);
            return NULL;
          }
      }
      n_pre = k - start;
      if (eq < stop)
        {
          guint v = eq + 1;
          if (v < stop && stok_is (&tk[v], "&"))
            amper = TRUE, v++;
          else if (v < stop && stok_is (&tk[v], "ATOMIC_INIT"))
            {
              v++;
              if (v < stop && stok_is (&tk[v], "("))
                v++;
            }
          if (v >= stop)
            {
              hloc_clear (&loc);
              return NULL;
            }
          value = g_strdup (tk[v].text);
        }
      else
        value = g_strdup ("0");
      where = hloc_format (&loc);
      if (n_pre == 0)
        loc.line = g_strdup_printf ("%s%s=%s", amper && loc.thread >= 0 ? "*" : "", where, value);
      else if (n_pre == 1 && stok_is (&tk[start], "*"))
        loc.line = g_strdup_printf ("*%s=%s", where, value);
      else if (n_pre == 2 && stok_is (&tk[start], "_Atomic") && tk[start + 1].kind == ST_NAME)
        loc.line = g_strdup_printf ("_Atomic %s %s=%s", tk[start + 1].text, where, value);
      else if (n_pre == 2 && tk[start].kind == ST_NAME && stok_is (&tk[start + 1], "*"))
        loc.line = g_strdup_printf ("%s *%s=%s", tk[start].text, where, value);
      else if (n_pre == 1 && tk[start].kind == ST_NAME)
        loc.line = g_strdup_printf ("%s %s=%s", tk[start].text, where, value);
      else
        {
          hloc_clear (&loc);
          return NULL;
        }
      g_array_append_val (locs, loc);
    }
  return join_sorted (locs);
}

static void
add_observed (GArray *locs, HLoc *loc)
{
  loc->line = hloc_format (loc);
  g_array_append_val (locs, *loc);
}

static gboolean
ends_atom (const STok *t)
{
  return t->kind == ST_NUM || t->kind == ST_NAME || stok_is (t, ")") || stok_is (t, "]");
}

static gboolean
continues_prop (const STok *t)
{
  static const char *const ops[] = { "/\\", "\\/", "=>", "=", "==", "!=", "<>", ":", "[", "]", NULL };
  return t->kind != ST_EOF && (t->kind == ST_PUNCT && g_strv_contains (ops, t->text));
}

static char *
observed_text (Span cond)
{
  g_autoptr(GArray) toks = s_tokens (cond);
  g_autoptr(GArray) locs = g_array_new (FALSE, TRUE, sizeof (HLoc));
  const STok *tk = (const STok *) toks->data;
  guint n = toks->len, i = 0;

  g_array_set_clear_func (locs, hloc_clear);
  if (i < n && stok_is (&tk[i], "locations"))
    {
      i++;
      if (i >= n || !stok_is (&tk[i], "["))
        return NULL;
      i++;
      while (i < n && !stok_is (&tk[i], "]"))
        {
          HLoc loc = { 0 };

          /* a fault(...) listed there observes nothing (in the
           * condition, fault(P0,x) observes x) */
          if (stok_is (&tk[i], "fault") && i + 1 < n && stok_is (&tk[i + 1], "("))
            i++;
          else if (read_loc (tk, n, &i, &loc))
            add_observed (locs, &loc);
          while (i < n && !stok_is (&tk[i], ";") && !stok_is (&tk[i], "]"))
            i++;
          if (i < n && stok_is (&tk[i], ";"))
            i++;
        }
      i++;
    }
  if (i < n && stok_is (&tk[i], "filter"))
    {
      int depth = 0;
      /* The filter runs up to where its proposition is complete. */
      for (i++; i < n;)
        {
          const STok *t = &tk[i++];
          if (stok_is (t, "("))
            depth++;
          else if (stok_is (t, ")"))
            depth--;
          if (depth == 0 && (ends_atom (t) || stok_is (t, "true") || stok_is (t, "false"))
              && (i >= n || !continues_prop (&tk[i])))
            break;
        }
    }
  while (i < n)
    {
      HLoc loc = { 0 };
      guint j = i;

      /* fault(P0,x) observes x, as x=... does; fault(P0) nothing */
      if (stok_is (&tk[i], "fault") && i + 3 < n && stok_is (&tk[i + 1], "(")
          && stok_is (&tk[i + 3], ","))
        {
          j = i + 4;
          if (read_loc (tk, n, &j, &loc))
            add_observed (locs, &loc);
          else
            hloc_clear (&loc);
          i = j;
          continue;
        }
      if (read_loc (tk, n, &j, &loc) && j < n
          && (stok_is (&tk[j], "=") || stok_is (&tk[j], "==") || stok_is (&tk[j], "!=")
              || stok_is (&tk[j], "<>")))
        {
          HLoc rhs = { 0 };
          guint k = j + 1;
          gboolean bracket = k < n && stok_is (&tk[k], "[");

          add_observed (locs, &loc);
          if (read_loc (tk, n, &k, &rhs))
            {
              /* `1:r0=0:r1` and `x=[y]` compare two locations; `0:r1=x`
               * compares with the address x. */
              if ((rhs.thread >= 0 && !(k < n && stok_is (&tk[k], ":"))) || bracket)
                add_observed (locs, &rhs);
              else
                hloc_clear (&rhs);
              i = k;
            }
          else
            i = j + 1;
          continue;
        }
      hloc_clear (&loc);
      i++;
    }
  return join_sorted (locs);
}

/* ---- the digest ---------------------------------------------------------- */

static void
add_digest (GChecksum *outer, const char *text)
{
  g_autoptr(GChecksum) c = g_checksum_new (G_CHECKSUM_MD5);
  guint8 digest[16];
  gsize len = sizeof digest;

  g_checksum_update (c, (const guchar *) text, -1);
  g_checksum_get_digest (c, digest, &len);
  g_checksum_update (outer, digest, len);
}

gboolean
acy_lit_split_test (const char *text, gsize len, const char **init_from, const char **init_to,
                    const char **code_from, const char **code_to)
{
  Span init, code, cond;
  g_autofree char *header_hash = NULL;
  gboolean other_digest = FALSE;

  if (!split_test (text, text + len, &init, &code, &cond, &header_hash, &other_digest))
    return FALSE;
  *init_from = init.p;
  *init_to = init.end;
  *code_from = code.p;
  *code_to = code.end;
  return TRUE;
}

char *
acy_lit_herd_hash (const char *text, gsize len, const char *code_digest)
{
  Span init, code, cond;
  g_autofree char *header_hash = NULL;
  gboolean other_digest = FALSE;
  g_autofree char *init_s = NULL, *code_s = NULL, *obs_s = NULL;
  g_autoptr(GChecksum) outer = NULL;

  if (!split_test (text, text + len, &init, &code, &cond, &header_hash, &other_digest))
    return NULL;
  if (header_hash)
    return g_steal_pointer (&header_hash);
  if (other_digest)
    return NULL;
  init_s = init_text (init);
  code_s = code_digest ? g_strdup (code_digest) : code_text (code);
  obs_s = observed_text (cond);
  if (init_s == NULL || code_s == NULL || obs_s == NULL)
    return NULL;
  outer = g_checksum_new (G_CHECKSUM_MD5);
  add_digest (outer, init_s);
  add_digest (outer, code_s);
  add_digest (outer, obs_s);
  return g_strdup (g_checksum_get_string (outer));
}
