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
  g_strfreev (config->include_dirs);
  g_ptr_array_unref (config->settings);
  g_ptr_array_unref (config->sources);
  g_free (config);
}

static void
setting_free (gpointer data)
{
  AcyConfigSetting *s = data;

  if (s == NULL)   /* taken by acy_config_merge */
    return;
  g_free (s->key);
  g_free (s->value);
  g_free (s);
}

/* Keys herd7 takes that change only its pictures, its diagnostics or what
 * it checks of the machine: checked as herd7 checks their values
 * (acy_config_picture_value_ok), and ignored, as their options are on
 * acyclic-check's command line. */
static const char *const ignored_keys[] = {
  "graph", "squished", "showevents", "movelabel", "fontsize", "xscale",
  "yscale", "arrowsize", "showinitrf", "showfinalrf", "showinitwrites",
  "splines", "pad", "edgeattr", "doshow", "unshow", "showkind",
  "showthread", "showlegend", "showobserved", "shift", "edgemerge",
  "labelinit", "penwidth", "nodesep", "ranksep", "dotmode", "dotcom",
  "showpo", "scale", "symetric", "showraw", "outputdir", "suffix",
  "showflag", "debug", "verbose", "view", "archcheck", "oneinit",
  /* the rest of herd7's picture keys */
  "boxscale", "brackets", "classes", "dsiy",
  "edgefontsizedelta", "extrachars", "finalrfpos", "fixedsize", "fontname",
  "initpos", "initrfpos", "labelbox", "margin", "mono", "noid", "overlap",
  "ptscale", "relabel", "sep", "shortlegend", "siwidth", "texmacros",
  "threadposy", "withbox",
  NULL
};

/* herd7's keys that are options of acyclic-check's command line: kept in
 * AcyConfig.settings, in order. Those that change what herd7 answers or
 * prints on standard output are refused by acy_config_refuse_settings
 * unless they give herd7's default (NULL: none is). */
static const struct {
  const char *key;
  gboolean    answer;
  const char *herd_default;
} setting_keys[] = {
  { "unroll", TRUE, "2" }, { "through", TRUE, "none" }, { "skipchecks", TRUE, NULL },
  { "strictskip", TRUE, "false" }, { "speedcheck", TRUE, "false" }, { "optace", TRUE, NULL },
  { "initwrites", TRUE, "true" }, { "nshow", TRUE, NULL }, { "badexecs", TRUE, "true" },
  { "badflag", TRUE, NULL }, { "timeout", TRUE, NULL }, { "conds", TRUE, NULL },
  { "excl", TRUE, NULL }, { "kinds", TRUE, NULL }, { "names", TRUE, NULL },
  { "oknames", TRUE, NULL }, { "nonames", TRUE, NULL }, { "hexa", TRUE, "false" },
  { "restrict", TRUE, NULL }, { "rename", TRUE, NULL }, { "machsize", TRUE, NULL },
  { "endian", TRUE, NULL }, { "outcomereads", TRUE, NULL }, { "dumpallfaults", TRUE, "false" },
  /* the executions -o draws: nothing else is drawn from a .cfg */
  { "show", FALSE, NULL },
};

static gint
setting_key (const char *key)
{
  for (guint k = 0; k < G_N_ELEMENTS (setting_keys); k++)
    if (g_str_equal (key, setting_keys[k].key))
      return (gint) k;
  return -1;
}

gboolean
acy_config_refuse_settings (const AcyConfig *config, GError **error)
{
  for (guint i = 0; i < config->settings->len; i++)
    {
      const AcyConfigSetting *s = config->settings->pdata[i];
      gint k = setting_key (s->key);
      const char *def = setting_keys[k].herd_default;

      if (!setting_keys[k].answer || g_strcmp0 (s->value, def) == 0)
        continue;
      if (def)
        acy_set_error_at (error, ACY_ERROR_UNSUPPORTED, s->value_loc,
                          "'%s %s' in a configuration file is not supported here (herd7's "
                          "default is %s); acyclic-check takes it, or -%s on its command line "
                          "near '%s'", s->key, s->value, def, s->key, s->value);
      else
        acy_set_error_at (error, ACY_ERROR_UNSUPPORTED, s->value_loc,
                          "'%s %s' in a configuration file is not supported here; "
                          "acyclic-check takes it, or -%s on its command line near '%s'",
                          s->key, s->value, s->key, s->value);
      return FALSE;
    }
  return TRUE;
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
  { "-archcheck", KIND_BOOL }, { "-oneinit", KIND_BOOL }, { "-verbose", KIND_INT },
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

#define MAX_CONF_DEPTH 16

static AcyConfig *
config_new (const char *filename)
{
  AcyConfig *config = g_new0 (AcyConfig, 1);

  config->path = g_strdup (filename);
  config->variants = g_new0 (char *, 1);
  config->include_dirs = g_new0 (char *, 1);
  config->settings = g_ptr_array_new_with_free_func (setting_free);
  config->sources = g_ptr_array_new_with_free_func (g_free);
  return config;
}

/* Adds the words of @more to the NULL-terminated @v. */
static void
strv_append (char ***v, char **more)
{
  guint n = g_strv_length (*v), m = g_strv_length (more);

  *v = g_renew (char *, *v, n + m + 1);
  for (guint i = 0; i <= m; i++)
    (*v)[n + i] = more[i];
  more[0] = NULL;
}

void
acy_config_merge (AcyConfig *into, AcyConfig *from)
{
  struct { char **name; AcyLoc *loc; char **from; AcyLoc *from_loc; } names[] = {
    { &into->macros, &into->macros_loc, &from->macros, &from->macros_loc },
    { &into->bell, &into->bell_loc, &from->bell, &from->bell_loc },
    { &into->model, &into->model_loc, &from->model, &from->model_loc },
    { &into->dotheader, &into->dotheader_loc, &from->dotheader, &from->dotheader_loc },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (*names[i].from != NULL)
      {
        g_free (*names[i].name);
        *names[i].name = g_steal_pointer (names[i].from);
        *names[i].loc = *names[i].from_loc;
      }
  strv_append (&into->variants, from->variants);
  strv_append (&into->include_dirs, from->include_dirs);
  for (guint i = 0; i < from->settings->len; i++)
    g_ptr_array_add (into->settings, g_steal_pointer (&from->settings->pdata[i]));
  g_ptr_array_set_size (from->settings, 0);
  /* the locations point into these */
  for (guint i = 0; i < from->sources->len; i++)
    g_ptr_array_add (into->sources, g_steal_pointer (&from->sources->pdata[i]));
  g_ptr_array_set_size (from->sources, 0);
}

static gboolean
conf_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r';
}

/* One line as herd7's configuration lexer reads it:
 *   KEY (blank* '=' blank* | blank+) VALUE
 * KEY letters, with at most one '-' inside; VALUE from a character that
 * is not a blank to the end of the line, trailing blanks included; blanks
 * being ' ', tab and CR. NULL when the line is not one (herd7: "Unknown key
 * in configuration file"). */
static char *
conf_key (const char *line, const char **value)
{
  const char *p = line;

  while (g_ascii_isalpha (*p))
    p++;
  if (*p == '-' && p > line && g_ascii_isalpha (p[1]))
    for (p++; g_ascii_isalpha (*p); p++)
      ;
  if (p == line)
    return NULL;
  *value = p;
  while (conf_blank (**value))
    (*value)++;
  if (**value == '=')
    for ((*value)++; conf_blank (**value); (*value)++)
      ;
  else if (*value == p)
    return NULL;
  if (**value == '\0')
    return NULL;
  return g_strndup (line, (gsize) (p - line));
}

static gboolean config_read (AcyConfig *config, const char *path, AcyLoc *at, guint depth,
                             GError **error);

static gboolean
config_parse_into (AcyConfig *config, const char *text, const char *filename, guint depth,
                   GError **error)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  const char *file;

  g_ptr_array_add (config->sources, g_strdup (filename));
  file = config->sources->pdata[config->sources->len - 1];
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i], *value = NULL;
      AcyLoc loc = { file, i + 1, 1 };
      AcyLoc value_loc;
      g_autofree char *key = NULL;
      g_autofree char *why = NULL;

      if (line[strspn (line, " \t\r")] == '\0' || line[0] == '#')
        continue;
      key = conf_key (line, &value);
      if (key == NULL)
        {
          gsize n = strcspn (line, " \t\r=");
          const char *rest = line + n + strspn (line + n, " \t\r=");

          if (n > 0 && *rest == '\0' && g_ascii_isalpha (line[0]))
            acy_set_error_at (error, ACY_ERROR_SYNTAX, loc, "setting '%.*s' has no value", (int) n, line);
          else
            acy_set_error_at (error, ACY_ERROR_SYNTAX, loc,
                              "expected KEY VALUE, the key from the line's first column "
                              "(herd7: Unknown key in configuration file) near '%.*s'",
                              (int) MAX (n, 1), line);
          return FALSE;
        }
      value_loc = loc;
      value_loc.col += value - line;

      /* herd7 refuses a picture value it cannot read, at its line */
      if (!acy_config_picture_value_ok (key, value, &why))
        {
          acy_set_error_at (error, ACY_ERROR_SYNTAX, value_loc, "%s near '%s'", why, value);
          return FALSE;
        }
      if (g_str_equal (key, "macros"))
        { g_free (config->macros); config->macros = g_strdup (value); config->macros_loc = value_loc; }
      else if (g_str_equal (key, "bell"))
        { g_free (config->bell); config->bell = g_strdup (value); config->bell_loc = value_loc; }
      else if (g_str_equal (key, "model") || g_str_equal (key, "cat"))
        { g_free (config->model); config->model = g_strdup (value); config->model_loc = value_loc; }
      else if (g_str_equal (key, "dotheader"))
        { g_free (config->dotheader); config->dotheader = g_strdup (value); config->dotheader_loc = value_loc; }
      else if (g_str_equal (key, "include"))
        {
          char *dir[] = { g_strdup (value), NULL };
          strv_append (&config->include_dirs, dir);
        }
      else if (g_str_equal (key, "variant"))
        {
          g_auto(GStrv) parts = g_strsplit (value, ",", -1);

          for (guint k = 0; parts[k]; k++)
            if (!acy_variant_tag_valid (parts[k]))
              {
                acy_set_error_at (error, ACY_ERROR_SYNTAX, value_loc,
                                  "'%s' is not one of herd7's variant tags near '%s'", parts[k], parts[k]);
                return FALSE;
              }
          strv_append (&config->variants, parts);
        }
      else if (g_str_equal (key, "conf") || g_str_equal (key, "local-conf"))
        {
          /* another file read here, as herd7 does: `conf` is looked for
           * as -conf is, `local-conf` beside this one */
          g_autofree char *dir = g_path_get_dirname (filename);
          g_autofree char *path = key[0] == 'c'
                                  ? acy_config_resolve (value, (const char *const *) config->include_dirs, NULL)
                                  : g_build_filename (dir, value, NULL);

          if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR))
            {
              acy_set_error_at (error, ACY_ERROR_IO, value_loc,
                                "configuration file '%s' not found near '%s'", value, value);
              return FALSE;
            }
          if (!config_read (config, path, &value_loc, depth + 1, error))
            return FALSE;
        }
      else if (setting_key (key) >= 0)
        {
          AcyConfigSetting *s = g_new0 (AcyConfigSetting, 1);

          s->key = g_steal_pointer (&key);
          s->value = g_strdup (value);
          s->value_loc = value_loc;
          g_ptr_array_add (config->settings, s);
        }
      else if (!g_strv_contains (ignored_keys, key))
        {
          acy_set_error_at (error, ACY_ERROR_SYNTAX, loc,
                            "unknown key '%s' in a configuration file near '%s'", key, key);
          return FALSE;
        }
    }
  return TRUE;
}

/* Reads the file @path into @config, at @at (nullable: the first file) */
static gboolean
config_read (AcyConfig *config, const char *path, AcyLoc *at, guint depth, GError **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local = NULL;

  if (depth > MAX_CONF_DEPTH)
    {
      acy_set_error_at (error, ACY_ERROR_LIMIT, *at,
                        "configuration files read each other more than %d deep (a cycle?) near '%s'",
                        MAX_CONF_DEPTH, path);
      return FALSE;
    }
  if (!acy_file_read (path, &text, NULL, &local))
    {
      /* g_file_get_contents' messages do not start with the path */
      if (g_str_has_prefix (local->message, path))
        g_propagate_error (error, g_steal_pointer (&local));
      else
        g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: %s", path, local->message);
      return FALSE;
    }
  return config_parse_into (config, text, path, depth, error);
}

AcyConfig *
acy_config_parse (const char *text, const char *filename, GError **error)
{
  g_autoptr(AcyConfig) config = config_new (filename);

  if (!config_parse_into (config, text, filename, 0, error))
    return NULL;
  return g_steal_pointer (&config);
}

AcyConfig *
acy_config_load (const char *path, GError **error)
{
  g_autoptr(AcyConfig) config = config_new (path);

  if (!config_read (config, path, NULL, 0, error))
    return NULL;
  return g_steal_pointer (&config);
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
