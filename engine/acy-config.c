/* acy-config.c - herd7 configuration files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "acy-config.h"
#include "acy-files.h"
#include "acy-model-store.h"

void
acy_config_free (AcyConfig *config)
{
  if (config == NULL)
    return;
  g_free (config->path);
  g_free (config->macros);
  g_free (config->bell);
  g_free (config->model);
  g_free (config->dotheader);
  g_strfreev (config->variants);
  g_free (config);
}

/* Keys herd accepts that do not change which executions are allowed
 * (or that we do not follow): any other key is an error, as in herd7. */
static const char *const ignored_keys[] = {
  "graph", "squished", "showevents", "movelabel", "fontsize", "xscale",
  "yscale", "arrowsize", "showinitrf", "showfinalrf", "showinitwrites",
  "splines", "pad", "edgeattr", "doshow", "unshow", "show", "showkind",
  "showthread", "showlegend", "showobserved", "shift", "edgemerge",
  "labelinit", "penwidth", "nodesep", "ranksep", "dotmode", "dotcom",
  "showpo", "scale", "symetric", "showraw", "outputdir", "suffix",
  "showflag", "debug", "verbose", "view",
  /* the rest of herd7's picture keys */
  "boxscale", "brackets", "classes", "dotheader", "dsiy",
  "edgefontsizedelta", "extrachars", "finalrfpos", "fixedsize", "fontname",
  "initpos", "initrfpos", "labelbox", "margin", "mono", "noid", "overlap",
  "ptscale", "relabel", "sep", "shortlegend", "siwidth", "texmacros",
  "threadposy", "withbox",
  NULL
};

/* herd7's keys that change what it answers or prints on standard output:
 * acyclic-check takes their command-line forms only, so a configuration
 * file giving one is refused at it, rather than the setting ignored,
 * unless it gives herd7's default (NULL: none is taken). Any other key
 * is an error, as in herd7. */
static const struct {
  const char *key;
  const char *herd_default;
} answer_keys[] = {
  { "unroll", "2" }, { "through", "none" }, { "skipchecks", NULL }, { "strictskip", "false" },
  { "speedcheck", "false" }, { "optace", NULL }, { "initwrites", NULL }, { "nshow", NULL },
  { "badexecs", "true" }, { "badflag", NULL }, { "timeout", NULL }, { "conds", NULL },
  { "excl", NULL }, { "kinds", NULL }, { "names", NULL }, { "oknames", NULL },
  { "nonames", NULL }, { "hexa", "false" }, { "restrict", NULL }, { "rename", NULL },
  { "machsize", NULL }, { "endian", NULL }, { "archcheck", NULL }, { "outcomereads", NULL },
  { "dumpallfaults", "false" }, { "mode", NULL }, { "dumpes", "false" }, { "conf", NULL },
  { "oneinit", NULL },
};

/* Whether @key is one of answer_keys: 0 no, 1 yes with herd7's default
 * (nothing to do), -1 yes with another value (refused, @error set). */
static int
answer_key (const char *key, const char *value, AcyLoc loc, AcyLoc value_loc, GError **error)
{
  for (guint k = 0; k < G_N_ELEMENTS (answer_keys); k++)
    {
      const char *def = answer_keys[k].herd_default;

      if (!g_str_equal (key, answer_keys[k].key))
        continue;
      if (g_strcmp0 (value, def) == 0)
        return 1;
      /* it changes the answer: never ignored */
      if (def)
        acy_set_error_at (error, ACY_ERROR_UNSUPPORTED, *value ? value_loc : loc,
                          "'%s %s' in a configuration file is not supported (herd7's "
                          "default is %s); give -%s on the command line near '%s'",
                          key, value, def, key, *value ? value : key);
      else
        acy_set_error_at (error, ACY_ERROR_UNSUPPORTED, *value ? value_loc : loc,
                          "'%s %s' in a configuration file is not supported; give -%s "
                          "on the command line near '%s'", key, value, key, *value ? value : key);
      return -1;
    }
  return 0;
}


/* ---- the values of herd7's picture options ----
 *
 * acyclic-check draws its pictures its own way and applies none of
 * herd7's picture settings, but a value herd7 refuses (-graph zork,
 * -xscale big, `squished maybe` in a .cfg) is refused too, with herd7's
 * reason, rather than taken without a word. The forms are those herd7
 * 7.58 reads, measured with the oracle: numbers as OCaml reads them
 * (float_of_string, int_of_string: underscores allowed), pairs as
 * Scanf's "%f,%f" (a prefix, no blanks, no hexadecimal), tags matched
 * exactly or, for -graph, -splines and -view, whatever their case. */

typedef enum {
  KIND_TAG,         /* one of @tags */
  KIND_TAG_ANYCASE, /* one of @tags, in any case */
  KIND_TAGS,        /* a comma-separated list of @tags */
  KIND_FLOAT,
  KIND_FLOAT_PAIR,  /* float,float */
  KIND_FLOATS,      /* a comma-separated list of floats */
  KIND_INT,
  KIND_TRIPLE,      /* label,attribute,value */
  KIND_BOOL,        /* true or false (the command line checks its own) */
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
  { "-squished", KIND_BOOL }, { "-showinitrf", KIND_BOOL }, { "-showfinalrf", KIND_BOOL },
  { "-showinitwrites", KIND_BOOL }, { "-movelabel", KIND_BOOL }, { "-showkind", KIND_BOOL },
  { "-showthread", KIND_BOOL }, { "-showlegend", KIND_BOOL }, { "-showobserved", KIND_BOOL },
  { "-edgemerge", KIND_BOOL }, { "-labelinit", KIND_BOOL }, { "-showpo", KIND_BOOL },
  { "-mono", KIND_BOOL }, { "-fixedsize", KIND_BOOL }, { "-brackets", KIND_BOOL },
  { "-relabel", KIND_BOOL }, { "-withbox", KIND_BOOL }, { "-labelbox", KIND_BOOL },
  { "-shortlegend", KIND_BOOL }, { "-texmacros", KIND_BOOL },
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
acy_config_picture_value_ok (const char *option, const char *value, char **message)
{
  /* -graph on the command line, graph in a .cfg: named as given */
  const char *key = option[0] == '-' ? option + 1 : option;

  *message = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (picture_values); i++)
    {
      const char *tags = picture_values[i].tags;
      const char *p = value;

      if (strcmp (key, picture_values[i].option + 1) != 0)
        continue;
      switch (picture_values[i].kind)
        {
        case KIND_TAG:
        case KIND_TAG_ANYCASE:
          if (in_tags (tags, value, picture_values[i].kind == KIND_TAG_ANYCASE))
            return TRUE;
          /* herd7's words, one way for -view, another for the rest */
          if (strcmp (key, "view") == 0 && option[0] == '-')
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
        case KIND_BOOL:
          if (strcmp (value, "true") == 0 || strcmp (value, "false") == 0)
            return TRUE;
          *message = g_strdup_printf ("wrong argument '%s'; option '%s' expects a boolean", value, option);
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

AcyConfig *
acy_config_parse (const char *text, const char *filename, GError **error)
{
  g_autoptr(AcyConfig) config = g_new0 (AcyConfig, 1);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GPtrArray) variants = g_ptr_array_new_with_free_func (g_free);

  config->path = g_strdup (filename);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint lead = strspn (lines[i], " \t");
      char *line = g_strstrip (lines[i]);
      AcyLoc loc = { NULL, i + 1, lead + 1 };
      AcyLoc value_loc;
      char *key, *value;
      gsize key_len;

      if (*line == '\0' || *line == '#' || g_str_has_prefix (line, "//"))
        continue;
      key_len = strcspn (line, " \t=");
      key = g_strndup (line, key_len);
      /* Skip blanks by hand, not with g_strchug, which would move the
       * value and lose its column. */
      value = line + key_len + (line[key_len] ? 1 : 0);
      value += strspn (value, " \t");
      if (*value == '=')
        value += 1 + strspn (value + 1, " \t");
      g_strchomp (value);
      loc.file = config->path;
      value_loc = loc;
      value_loc.col += value - line;

      switch (answer_key (key, value, loc, value_loc, error))
        {
        case -1:
          g_free (key);
          return NULL;
        case 1:   /* herd7's default: as good as absent */
          g_free (key);
          continue;
        default:
          break;
        }
      {
        g_autofree char *why = NULL;

        /* herd7 refuses a picture value it cannot read, at its line */
        if (!acy_config_picture_value_ok (key, value, &why))
          {
            acy_set_error_at (error, ACY_ERROR_SYNTAX, value_loc, "%s near '%s'", why, value);
            g_free (key);
            return NULL;
          }
      }
      if (*value == '\0' && !g_strv_contains (ignored_keys, key))
        {
          acy_set_error_at (error, ACY_ERROR_SYNTAX, loc,
                            "setting '%s' has no value", key);
          g_free (key);
          return NULL;
        }
      if (g_str_equal (key, "macros"))
        { g_free (config->macros); config->macros = g_strdup (value); config->macros_loc = value_loc; }
      else if (g_str_equal (key, "bell"))
        { g_free (config->bell); config->bell = g_strdup (value); config->bell_loc = value_loc; }
      else if (g_str_equal (key, "model") || g_str_equal (key, "cat"))
        { g_free (config->model); config->model = g_strdup (value); config->model_loc = value_loc; }
      else if (g_str_equal (key, "dotheader"))
        { g_free (config->dotheader); config->dotheader = g_strdup (value); config->dotheader_loc = value_loc; }
      else if (g_str_equal (key, "variant"))
        {
          g_auto(GStrv) parts = g_strsplit_set (value, ", \t", -1);
          for (guint k = 0; parts[k]; k++)
            if (*parts[k])
              {
                if (!acy_variant_tag_valid (parts[k]))
                  {
                    acy_set_error_at (error, ACY_ERROR_SYNTAX, value_loc,
                                      "'%s' is not one of herd7's variant tags near '%s'", parts[k], parts[k]);
                    g_free (key);
                    return NULL;
                  }
                g_ptr_array_add (variants, g_strdup (parts[k]));
              }
        }
      else if (!g_strv_contains (ignored_keys, key))
        {
          acy_set_error_at (error, ACY_ERROR_SYNTAX, loc,
                            "unknown key '%s' in a configuration file near '%s'", key, key);
          g_free (key);
          return NULL;
        }
      g_free (key);
    }
  g_ptr_array_add (variants, NULL);
  config->variants = (char **) g_ptr_array_steal (variants, NULL);
  return g_steal_pointer (&config);
}

AcyConfig *
acy_config_load (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;

  if (!acy_file_read (path, &text, NULL, &local))
    {
      /* g_file_get_contents' messages do not start with the path */
      if (g_str_has_prefix (local->message, path))
        g_propagate_error (error, g_steal_pointer (&local));
      else
        g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: %s", path, local->message);
      return NULL;
    }
  return acy_config_parse (text, path, error);
}

char *
acy_config_resolve (const char        *name,
                    const char *const *dirs,
                    const char        *relative_to)
{
  if (name == NULL)
    return NULL;
  if (g_path_is_absolute (name))
    return g_file_test (name, G_FILE_TEST_IS_REGULAR) ? g_strdup (name) : NULL;
  if (g_file_test (name, G_FILE_TEST_IS_REGULAR))
    return g_strdup (name);
  for (guint i = 0; dirs && dirs[i]; i++)
    {
      g_autofree char *p = g_build_filename (dirs[i], name, NULL);
      if (g_file_test (p, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&p);
    }
  if (relative_to)
    {
      g_autofree char *dir = g_path_get_dirname (relative_to);
      g_autofree char *p = g_build_filename (dir, name, NULL);
      if (g_file_test (p, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&p);
    }
  {
    g_autofree char *p = g_build_filename (acy_builtin_models_dir (), name, NULL);
    if (g_file_test (p, G_FILE_TEST_IS_REGULAR))
      return g_steal_pointer (&p);
  }
  /* Last, the places where models we do not ship are kept: a kernel
   * tree, a fetched copy. */
  {
    g_auto(GStrv) kept = acy_model_store_search_dirs (dirs);
    for (guint i = 0; kept[i]; i++)
      {
        g_autofree char *p = g_build_filename (kept[i], name, NULL);
        if (g_file_test (p, G_FILE_TEST_IS_REGULAR))
          return g_steal_pointer (&p);
      }
  }
  return NULL;
}

char *
acy_config_resolve_at (const char        *name,
                       const char *const *dirs,
                       const char        *relative_to,
                       const char        *what,
                       const AcyLoc      *loc,
                       GError           **error)
{
  char *path = acy_config_resolve (name, dirs, relative_to);
  GStatBuf st;

  /* something is there, but not a file: say what (a directory, a device) */
  if (path == NULL && g_stat (name, &st) == 0 && !S_ISREG (st.st_mode))
    {
      g_autofree char *copy = NULL;
      g_autoptr(GError) kind = NULL;

      acy_file_read (name, &copy, NULL, &kind);
      if (loc != NULL)
        acy_set_error_at (error, ACY_ERROR_IO, *loc, "%s file %s", what, kind->message);
      else
        g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s (a %s file)", kind->message, what);
      return NULL;
    }
  if (path == NULL && loc != NULL)
    acy_set_error_at (error, ACY_ERROR_IO, *loc, "%s file '%s' not found", what, name);
  else if (path == NULL)
    g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: %s file not found", name, what);
  return path;
}

const char *
acy_builtin_models_dir (void)
{
  static const char *dir;

  if (g_once_init_enter (&dir))
    {
      const char *env = g_getenv ("ACYCLIC_MODELSDIR");
      const char *found;

      if (env && *env)
        found = g_intern_string (env);
      else if (g_file_test (MODELSDIR "/stdlib.cat", G_FILE_TEST_IS_REGULAR))
        found = MODELSDIR;
      else
        found = SOURCE_MODELSDIR;
      g_once_init_leave (&dir, found);
    }
  return dir;
}

char *
acy_model_spec_name (const char *spec)
{
  char *base = g_path_get_basename (spec);
  char *dot = strrchr (base, '.');

  if (dot != NULL && dot != base && (g_str_equal (dot, ".cat") || g_str_equal (dot, ".cfg")))
    *dot = '\0';
  return base;
}

gboolean
acy_variant_tag_valid (const char *tag)
{
  g_auto(GStrv) tags = g_strsplit (ACY_VARIANT_TAGS, ",", -1);

  /* T[0-9][0-9] */
  if (tag[0] == 'T' && g_ascii_isdigit (tag[1]) && g_ascii_isdigit (tag[2]) && tag[3] == '\0')
    return TRUE;
  for (guint i = 0; tags[i]; i++)
    if (g_ascii_strcasecmp (tags[i], tag) == 0)
      return TRUE;
  return FALSE;
}
