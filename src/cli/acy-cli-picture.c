/* acy-cli-picture.c - the values herd7's picture options take
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * acyclic-check draws its pictures its own way and applies none of
 * herd7's picture settings, but a value herd7 refuses (-graph zork,
 * -xscale big) is refused too, with herd7's reason, rather than taken
 * without a word. The forms are those herd7 7.58 reads, measured with
 * the oracle: numbers as OCaml reads them (float_of_string,
 * int_of_string: underscores allowed), pairs as Scanf's "%f,%f" (a
 * prefix, no blanks, no hexadecimal), tags matched exactly or, for
 * -graph, -splines and -view, whatever their case.
 */
#include "config.h"

#include <string.h>

#include "acy-cli-picture.h"

typedef enum {
  KIND_TAG,         /* one of @tags */
  KIND_TAG_ANYCASE, /* one of @tags, in any case */
  KIND_TAGS,        /* a comma-separated list of @tags */
  KIND_FLOAT,
  KIND_FLOAT_PAIR,  /* float,float */
  KIND_FLOATS,      /* a comma-separated list of floats */
  KIND_INT,
  KIND_TRIPLE,      /* label,attribute,value */
} Kind;

static const struct {
  const char *option;
  Kind        kind;
  const char *tags;
} picture_values[] = {
  { "-view", KIND_TAG_ANYCASE, "gv,evince,preview" },
  { "-dotcom", KIND_TAG, "dot,neato,circo" },
  { "-showevents", KIND_TAG, "all,mem,noregs,memf,nobranches" },
  { "-graph", KIND_TAG_ANYCASE, "free,cluster,columns" },
  { "-splines", KIND_TAG_ANYCASE, "spline,true,line,false,polyline,ortho,curved,none" },
  { "-dotmode", KIND_TAG, "plain,fig" },
  { "-debug", KIND_TAGS, "solver,solver+,lexer,top,mem,monad,barrier,model,res,rfm,pretty,mixed,"
                         "files,timeout,pac,profile_cat,profile_asl,asl_symb,asl_stack,profile_mem,"
                         "timers,exception" },
  { "-extrachars", KIND_FLOAT }, { "-margin", KIND_FLOAT }, { "-pad", KIND_FLOAT },
  { "-penwidth", KIND_FLOAT }, { "-arrowsize", KIND_FLOAT }, { "-scale", KIND_FLOAT },
  { "-xscale", KIND_FLOAT }, { "-yscale", KIND_FLOAT }, { "-dsiy", KIND_FLOAT },
  { "-siwidth", KIND_FLOAT }, { "-ptscale", KIND_FLOAT }, { "-boxscale", KIND_FLOAT },
  { "-threadposy", KIND_FLOAT },
  { "-initrfpos", KIND_FLOAT_PAIR }, { "-finalrfpos", KIND_FLOAT_PAIR }, { "-initpos", KIND_FLOAT_PAIR },
  { "-shift", KIND_FLOATS },
  { "-fontsize", KIND_INT }, { "-edgefontsizedelta", KIND_INT },
  { "-edgeattr", KIND_TRIPLE },
};

/* OCaml's float_of_string: strtod over the whole word, underscores left out */
static gboolean
is_float (const char *s)
{
  g_autoptr(GString) t = g_string_new (NULL);
  char *end = NULL;

  for (; *s; s++)
    if (*s != '_')
      g_string_append_c (t, *s);
  if (t->len == 0)
    return FALSE;
  g_ascii_strtod (t->str, &end);
  return end != t->str && *end == '\0';
}

/* OCaml's int_of_string: a sign, 0x 0o 0b 0u, a digit then digits or
 * underscores, within 63 bits */
static gboolean
is_int (const char *s)
{
  guint base = 10;
  guint64 v = 0, max = G_GUINT64_CONSTANT (4611686018427387903);
  gboolean negative = FALSE, any = FALSE;

  if (*s == '-' || *s == '+')
    negative = *s++ == '-';
  if (s[0] == '0' && s[1] != '\0' && strchr ("xXoObBuU", s[1]))
    {
      base = strchr ("xX", s[1]) ? 16 : strchr ("oO", s[1]) ? 8 : strchr ("bB", s[1]) ? 2 : 10;
      if (base != 10)
        max = G_GUINT64_CONSTANT (9223372036854775807);   /* 0x... may wrap to a negative */
      s += 2;
    }
  for (; *s; s++)
    {
      gint d = g_ascii_xdigit_value (*s);

      if (*s == '_' && any)
        continue;
      if (d < 0 || (guint) d >= base)
        return FALSE;
      if (v > (max - (guint) d) / base)
        return FALSE;
      v = v * base + (guint) d;
      any = TRUE;
    }
  return any && (negative || v <= max);
}

/* A float as Scanf's %f reads it, from *@s on: a sign, digits and
 * underscores, a point and digits, an exponent */
static gboolean
scan_float (const char **s)
{
  const char *p = *s;
  gboolean digits = FALSE;

  if (*p == '-' || *p == '+')
    p++;
  for (; g_ascii_isdigit (*p) || *p == '_'; p++)
    digits |= g_ascii_isdigit (*p);
  if (*p == '.')
    for (p++; g_ascii_isdigit (*p) || *p == '_'; p++)
      digits |= g_ascii_isdigit (*p);
  if (!digits)
    return FALSE;
  if (*p == 'e' || *p == 'E')
    {
      const char *q = p + 1;

      if (*q == '-' || *q == '+')
        q++;
      if (g_ascii_isdigit (*q))
        {
          while (g_ascii_isdigit (*q) || *q == '_')
            q++;
          p = q;
        }
    }
  *s = p;
  return TRUE;
}

static gboolean
in_tags (const char *tags, const char *word, gboolean any_case)
{
  g_auto(GStrv) list = g_strsplit (tags, ",", -1);

  for (guint i = 0; list[i]; i++)
    if (any_case ? g_ascii_strcasecmp (list[i], word) == 0 : strcmp (list[i], word) == 0)
      return TRUE;
  return FALSE;
}

gboolean
acy_cli_picture_value_ok (const char *option, const char *value, char **message)
{
  *message = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (picture_values); i++)
    {
      const char *tags = picture_values[i].tags;
      const char *p = value;

      if (strcmp (option, picture_values[i].option) != 0)
        continue;
      switch (picture_values[i].kind)
        {
        case KIND_TAG:
        case KIND_TAG_ANYCASE:
          if (in_tags (tags, value, picture_values[i].kind == KIND_TAG_ANYCASE))
            return TRUE;
          /* herd7's words, one way for -view, another for the rest */
          if (strcmp (option, "-view") == 0)
            *message = g_strdup_printf ("%s is a bad tag for %s, allowed tag are %s", value, option, tags);
          else
            *message = g_strdup_printf ("bad tag for %s, allowed tag are %s", option, tags);
          return FALSE;
        case KIND_TAGS:
          {
            g_auto(GStrv) words = g_strsplit (value, ",", -1);

            for (guint k = 0; words[k] || k == 0; k++)
              if (words[k] == NULL || !in_tags (tags, words[k], FALSE))
                {
                  *message = g_strdup_printf ("bad tag for %s, allowed tag are %s", option, tags);
                  return FALSE;
                }
            return TRUE;
          }
        case KIND_FLOAT:
          if (is_float (value))
            return TRUE;
          *message = g_strdup_printf ("wrong argument '%s'; option '%s' expects a float", value, option);
          return FALSE;
        case KIND_FLOAT_PAIR:
          if (scan_float (&p) && *p++ == ',' && scan_float (&p))
            return TRUE;
          *message = g_strdup_printf ("wrong argument '%s'; option '%s' expects a float,float", value, option);
          return FALSE;
        case KIND_FLOATS:
          {
            g_auto(GStrv) words = g_strsplit (value, ",", -1);

            for (guint k = 0; words[k] || k == 0; k++)
              if (words[k] == NULL || !is_float (words[k]))
                {
                  *message = g_strdup_printf ("bad argument for option %s: '%s'", option, value);
                  return FALSE;
                }
            return TRUE;
          }
        case KIND_INT:
          if (is_int (value))
            return TRUE;
          *message = g_strdup_printf ("wrong argument '%s'; option '%s' expects an integer", value, option);
          return FALSE;
        case KIND_TRIPLE:
          {
            g_auto(GStrv) words = g_strsplit (value, ",", -1);

            if (g_strv_length (words) == 3)
              return TRUE;
            *message = g_strdup_printf ("bad argument for option %s: '%s'", option, value);
            return FALSE;
          }
        }
    }
  return TRUE;
}
