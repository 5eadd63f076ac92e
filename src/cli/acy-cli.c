/* acy-cli.c - what acyclic-check does, apart from parsing its options
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-check"
#include "config.h"

#include <gmodule.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "acyclic.h"
#include "acy-cli.h"
#include "acy-cli-fixes.h"
#include "acy-cli-run.h"
#include "acy-cli-graphs.h"

AcyCliOptions *
acy_cli_options_new (void)
{
  AcyCliOptions *o = g_new0 (AcyCliOptions, 1);
  o->include_dirs = g_ptr_array_new_with_free_func (g_free);
  o->variants = g_ptr_array_new_with_free_func (g_free);
  o->skip_checks = g_ptr_array_new_with_free_func (g_free);
  o->names_files = g_ptr_array_new_with_free_func (g_free);
  o->excl_files = g_ptr_array_new_with_free_func (g_free);
  o->kinds_files = g_ptr_array_new_with_free_func (g_free);
  o->conds_files = g_ptr_array_new_with_free_func (g_free);
  o->child_args = g_ptr_array_new_with_free_func (g_free);
  o->run_args = g_ptr_array_new_with_free_func (g_free);
  o->run_size = 100000;
  o->run_runs = 10;
  {
    AcyHarnessArch arch = ACY_HARNESS_X86_64;

    acy_harness_host_arch (&arch);
    o->run_arch = arch;
  }
  o->oknames = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  o->nonames = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return o;
}

void
acy_cli_options_free (AcyCliOptions *o)
{
  if (o == NULL)
    return;
  g_clear_pointer (&o->config, acy_config_free);
  g_free (o->cat);
  g_free (o->bell);
  g_free (o->macros);
  g_free (o->graph_dir);
  g_free (o->graph_format);
  g_free (o->dot_dir);
  g_free (o->graph_show);
  g_free (o->eval_expr);
  g_free (o->why);
  g_ptr_array_unref (o->include_dirs);
  g_ptr_array_unref (o->variants);
  g_free (o->out_dir);
  g_free (o->self);
  g_ptr_array_unref (o->child_args);
  g_free (o->badflag);
  g_ptr_array_unref (o->skip_checks);
  g_ptr_array_unref (o->names_files);
  g_ptr_array_unref (o->excl_files);
  g_ptr_array_unref (o->kinds_files);
  g_ptr_array_unref (o->conds_files);
  g_ptr_array_unref (o->run_args);
  g_free (o->run_cc);
  g_free (o->run_emulator);
  g_free (o->run_keep);
  g_hash_table_unref (o->oknames);
  g_hash_table_unref (o->nonames);
  g_free (o);
}

/* Everything a run needs that does not depend on the test. */
typedef struct {
  AcyModel  *model;
  AcyMacros *macros;
  GError    *macros_error;   /* the macro file's, reported for each test */
  GError    *model_error;    /* the model's (NULL model), reported for each test */
} Setup;

static void
setup_clear (Setup *s)
{
  g_clear_pointer (&s->model, acy_model_free);
  g_clear_pointer (&s->macros, acy_macros_free);
  g_clear_error (&s->macros_error);
  g_clear_error (&s->model_error);
}

static gboolean load_setup (const AcyCliOptions *o, const char *arch, Setup *setup, GError **error);

static void
setup_free (Setup *s)
{
  setup_clear (s);
  g_free (s);
}

/* With no model and no configuration, herd7 runs each test under its
 * architecture's default model: the arch of the file's first line. */
static char *
file_arch (const char *path)
{
  char *arch = path && !g_str_equal (path, "-") ? acy_test_file_arch (path) : NULL;

  return arch ? arch : g_strdup ("C");
}

/* The setup for tests of @arch (cached in @setups), given no model */
static Setup *
setup_for_arch (const AcyCliOptions *o, GHashTable *setups, const char *arch, GError **error)
{
  Setup *s = g_hash_table_lookup (setups, arch);

  if (s != NULL)
    return s;
  s = g_new0 (Setup, 1);
  if (!load_setup (o, arch, s, error))
    {
      setup_free (s);
      return NULL;
    }
  g_hash_table_insert (setups, g_strdup (arch), s);
  return s;
}

static gboolean
load_setup (const AcyCliOptions *o, const char *arch, Setup *setup, GError **error)
{
  g_autoptr(GPtrArray) dirs = g_ptr_array_new ();
  g_autoptr(GPtrArray) variants = g_ptr_array_new ();
  g_autoptr(GPtrArray) skipped = g_ptr_array_new ();
  AcySetupSpec spec = { 0 };

  for (guint i = 0; i < o->include_dirs->len; i++)
    g_ptr_array_add (dirs, o->include_dirs->pdata[i]);
  g_ptr_array_add (dirs, NULL);
  for (guint i = 0; i < o->variants->len; i++)
    g_ptr_array_add (variants, o->variants->pdata[i]);
  g_ptr_array_add (variants, NULL);
  for (guint i = 0; i < o->skip_checks->len; i++)
    g_ptr_array_add (skipped, o->skip_checks->pdata[i]);
  g_ptr_array_add (skipped, NULL);

  spec.skip_checks = (const char *const *) skipped->pdata;
  spec.through = o->through;
  spec.strict_skip = o->strict_skip;
  spec.config = o->config;
  spec.cat = o->cat;
  spec.conf_model_wins = o->conf_after_cat;
  spec.bell = o->bell;
  spec.macros = o->macros;
  spec.herd_macros = TRUE;
  spec.macros_error = &setup->macros_error;
  spec.model_error = &setup->model_error;
  spec.include_dirs = (const char *const *) dirs->pdata;
  spec.variants = (const char *const *) variants->pdata;
  spec.arch = arch;
  /* a model too long to load within -timeout ends the run in time too */
  if (o->timeout > 0)
    spec.deadline = g_get_monotonic_time () + (gint64) (o->timeout * G_USEC_PER_SEC);
  return acy_setup_load (&spec, &setup->model, &setup->macros, error);
}

/* ---- JSON output ------------------------------------------------------ */

static void
json_string (GString *s, const char *raw)
{
  /* JSON is UTF-8: a file name that is not has U+FFFD for its bad bytes */
  g_autofree char *str = raw ? g_utf8_make_valid (raw, -1) : NULL;

  g_string_append_c (s, '"');
  for (const char *p = str; p && *p; p++)
    {
      switch (*p)
        {
        case '"': g_string_append (s, "\\\""); break;
        case '\\': g_string_append (s, "\\\\"); break;
        case '\n': g_string_append (s, "\\n"); break;
        case '\t': g_string_append (s, "\\t"); break;
        default:
          if ((guchar) *p < 0x20)
            g_string_append_printf (s, "\\u%04x", *p);
          else
            g_string_append_c (s, *p);
        }
    }
  g_string_append_c (s, '"');
}

static void
json_relation (GString *s, const char *name, const AcyWord *r, guint n)
{
  gboolean first = TRUE;

  json_string (s, name);
  g_string_append (s, ":[");
  for (guint i = 0; i < n; i++)
    ACY_BITS_FOREACH (j, acy_rel_row ((AcyWord *) r, n, i), n)
      {
        g_string_append_printf (s, "%s[%u,%u]", first ? "" : ",", i, j);
        first = FALSE;
      }
  g_string_append (s, "]");
}

typedef struct {
  const AcyTest *test;
  GString       *out;
  guint64        index;
} JsonRun;

static gboolean
json_outcome (const AcyCandidate *c,
              const AcyVerdict   *v,
              AcyModelEnv        *env,
              gpointer            user_data)
{
  JsonRun *j = user_data;
  const AcyExecution *x = c->x;
  GString *s = j->out;
  guint n = x->n_events;
  const char *const model_rels[] = { "co", "fr", NULL };

  g_string_append_printf (s, "%s\n    {\"index\":%" G_GUINT64_FORMAT ",\"allowed\":%s,",
                          j->index ? "," : "", j->index, v->allowed ? "true" : "false");
  j->index++;
  g_string_append (s, "\"failed_check\":");
  if (v->failed_check)
    json_string (s, v->failed_check);
  else
    g_string_append (s, "null");
  g_string_append (s, ",\"flags\":[");
  for (guint i = 0; i < v->n_flags; i++)
    {
      if (i)
        g_string_append_c (s, ',');
      json_string (s, v->flags[i]);
    }
  g_string_append_printf (s, "],\"condition\":%s,\"final\":{", c->condition ? "true" : "false");
  for (guint i = 0; i < acy_test_get_n_observed (j->test); i++)
    {
      g_autofree char *val = acy_test_format_value (j->test, c->final[i]);
      if (i)
        g_string_append_c (s, ',');
      json_string (s, acy_test_get_observed (j->test, i));
      g_string_append_c (s, ':');
      json_string (s, val);
    }
  g_string_append (s, "},\n     \"events\":[");
  for (guint i = 0; i < n; i++)
    {
      const AcyEvent *e = &x->events[i];
      g_string_append_printf (s, "%s{\"id\":%u,\"thread\":%d,\"kind\":\"%s\",", i ? "," : "", i,
                              e->thread == ACY_THREAD_INIT ? -1 : (int) e->thread,
                              acy_event_kind_name (e->kind));
      if (e->loc >= 0)
        {
          g_autofree char *val = acy_test_format_value (j->test, e->value);
          g_string_append (s, "\"loc\":");
          json_string (s, x->loc_names[e->loc]);
          g_string_append (s, ",\"value\":");
          json_string (s, val);
          g_string_append_c (s, ',');
        }
      g_string_append (s, "\"tags\":[");
      for (guint t = 0, k = 0; t < x->n_tags; t++)
        if (e->tags & ((guint64) 1 << t))
          {
            if (k++)
              g_string_append_c (s, ',');
            json_string (s, x->tag_names[t]);
          }
      g_string_append_printf (s, "],\"line\":%u}", e->line);
    }
  g_string_append (s, "],\n     \"relations\":{");
  json_relation (s, "po", x->po, n);
  g_string_append_c (s, ',');
  json_relation (s, "rf", x->rf, n);
  g_string_append_c (s, ',');
  json_relation (s, "addr", x->addr, n);
  g_string_append_c (s, ',');
  json_relation (s, "data", x->data, n);
  g_string_append_c (s, ',');
  json_relation (s, "ctrl", x->ctrl, n);
  g_string_append_c (s, ',');
  json_relation (s, "rmw", x->rmw, n);
  for (guint i = 0; model_rels[i]; i++)
    {
      const AcyWord *bits = NULL;
      if (acy_model_env_lookup (env, model_rels[i], &bits) == ACY_MODEL_VALUE_RELATION)
        {
          g_string_append_c (s, ',');
          json_relation (s, model_rels[i], bits, n);
        }
    }
  g_string_append (s, "}}");
  return TRUE;
}

/* ---- the drawing module (acy-cli-graphs.h) ------------------------------- */

const AcyCliGraphs *
acy_cli_graphs (const char *self)
{
  static const AcyCliGraphs *entry;
  static gboolean tried;
  g_autofree char *path = NULL;
  GModule *module;
  gpointer symbol = NULL;

  if (tried)
    return entry;
  tried = TRUE;
  /* $ACYCLIC_PKGLIBDIR (an installation not yet in place, as the
   * install test checks one); beside the program in the build tree,
   * where README's commands run it; installed, in the package's library
   * folder */
  if (g_getenv ("ACYCLIC_PKGLIBDIR") && *g_getenv ("ACYCLIC_PKGLIBDIR"))
    path = g_build_filename (g_getenv ("ACYCLIC_PKGLIBDIR"), "acyclic-check-graphs.so", NULL);
  else if (self && g_str_has_prefix (self, BUILD_ROOT G_DIR_SEPARATOR_S))
    path = g_build_filename (BUILD_ROOT, "src", "cli", "acyclic-check-graphs.so", NULL);
  else
    path = g_build_filename (PKGLIBDIR, "acyclic-check-graphs.so", NULL);
  module = g_module_open (path, G_MODULE_BIND_LOCAL);
  if (module == NULL)
    {
      /* g_module_error () names the path */
      fprintf (stderr, "acyclic-check: drawing and naming events need acyclic-check's module: %s\n",
               g_module_error ());
      return NULL;
    }
  if (!g_module_symbol (module, "acy_cli_graphs_entry", &symbol) || symbol == NULL)
    {
      fprintf (stderr, "acyclic-check: %s is not acyclic-check's drawing module: %s\n",
               path, g_module_error ());
      g_module_close (module);
      return NULL;
    }
  g_module_make_resident (module);
  entry = symbol;
  return entry;
}

/* ---- graphs ---------------------------------------------------------------- */

typedef struct {
  JsonRun     *json;       /* nullable */
  AcyRecorder *recorder;   /* nullable */
} Outcomes;

static gboolean
cli_outcome (const AcyCandidate *c, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  Outcomes *o = data;

  if (o->json && !json_outcome (c, v, env, o->json))
    return FALSE;
  if (o->recorder)
    acy_recorder_add_outcome (c, v, env, o->recorder);
  return TRUE;
}


/* ---- judging against Result: comments ---------------------------------- */

typedef struct {
  guint passed, failed, unjudged;
} Judge;

/* The word judgelitmus.sh compares with: the third blank-separated field
 * of the first line that starts with " * Result: ", else "specified". */
static char *
judge_outcome (const char *file)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (file, &contents, NULL, NULL))
    return g_strdup ("specified");
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], " * Result: "))
      {
        g_auto(GStrv) fields = g_strsplit_set (lines[i], " \t\r", -1);
        guint k = 0;

        for (guint f = 0; fields[f]; f++)
          if (*fields[f] && ++k == 3)
            return g_strdup (fields[f]);
        return g_strdup ("");
      }
  return g_strdup ("specified");
}

/* The kernel's tools/memory-model/scripts/judgelitmus.sh, rule for rule:
 * `Result: DEADLOCK` passes on "Never 0 0" only, `Result: Maybe` always,
 * any other word when the Observation line contains it (so a DATARACE
 * after the word is not looked at, and a test without a Result: comment
 * fails, as "specified" is not in its Observation line). */
static void
judge_one (Judge *judge, const char *file, const AcyTest *test, const AcyCheckResult *r)
{
  g_autofree char *outcome = judge_outcome (file);
  const char *got = acy_observation_to_string (acy_check_result_get_observation (r));
  g_autofree char *observation = g_strdup_printf ("Observation %s %s %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT,
                                                  acy_test_get_name (test), got,
                                                  acy_check_result_get_positive (r),
                                                  acy_check_result_get_negative (r));
  gboolean pass;

  if (g_str_equal (outcome, "DEADLOCK"))
    pass = g_str_has_suffix (observation, "Never 0 0");
  else
    pass = strstr (observation, outcome) != NULL || g_str_equal (outcome, "Maybe");
  if (pass)
    judge->passed++;
  else
    judge->failed++;
  if (g_str_equal (outcome, "specified"))
    judge->unjudged++;
  printf ("%-60s %-20s %-20s %s\n", file, outcome, got, pass ? "pass" : "FAIL");
}

/* ---- herd7's inputs: file lists, name selection, -kinds, -conds ------- */

/* Adds the tests named by @path: an index file (its base name starts with
 * `@`, as in herd7) lists test files one a line, relative to itself,
 * blank lines and `#` lines aside; a directory stands for its *.litmus
 * files. */
static void
add_input (const char *path, GPtrArray *files, guint depth)
{
  g_autofree char *base = g_path_get_basename (path);

  if (base[0] == '@' && depth < 16)
    {
      g_autofree char *contents = NULL;
      g_autofree char *dir = g_path_get_dirname (path);
      g_autoptr(GError) error = NULL;
      g_auto(GStrv) lines = NULL;

      if (!acy_file_read (path, &contents, NULL, &error))
        {
          fprintf (stderr, "acyclic-check: %s\n", error->message);
          return;
        }
      lines = g_strsplit (contents, "\n", -1);
      for (guint i = 0; lines[i]; i++)
        {
          /* the line as it is, as herd7 reads it: a CR or a blank is
           * part of the name */
          char *line = lines[i];
          g_autofree char *full = NULL;

          if (*line == '\0' || *line == '#')
            continue;
          full = g_path_is_absolute (line) || g_str_equal (dir, ".")
                 ? g_strdup (line) : g_build_filename (dir, line, NULL);
          add_input (full, files, depth + 1);
        }
      return;
    }
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      guint before = files->len;

      acy_test_collect_files (path, files, NULL);
      /* a folder is walked for tests (herd7 stops on one): say so
       * when there is none, rather than print nothing */
      if (files->len == before)
        fprintf (stderr, "acyclic-check: %s: a folder with no .litmus file in it\n", path);
    }
  else
    g_ptr_array_add (files, g_strdup (path));
}

/* Test names from standard input, one a line, as herd7 reads them when
 * it has no file argument (and acyclic-check for `-`). */
static void
add_stdin (GPtrArray *files)
{
  g_autofree char *line = NULL;
  size_t cap = 0;
  ssize_t n;

  /* each line as it is but its newline, as herd7 reads it: a CR or a
   * blank is part of the name */
  while ((n = getline (&line, &cap, stdin)) >= 0)
    {
      if (n > 0 && line[n - 1] == '\n')
        line[--n] = '\0';
      if (*line == '\0' || *line == '#')
        continue;
      add_input (line, files, 0);
    }
}

/* herd7's name files (-names, -excl): the first word of each line. */
static gboolean
read_names (GPtrArray *paths, GHashTable *set)
{
  for (guint i = 0; i < paths->len; i++)
    {
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;
      g_auto(GStrv) lines = NULL;

      if (!acy_file_read (paths->pdata[i], &contents, NULL, &error))
        {
          fprintf (stderr, "acyclic-check: %s\n", error->message);
          return FALSE;
        }
      lines = g_strsplit (contents, "\n", -1);
      for (guint k = 0; lines[k]; k++)
        {
          /* the last line, after the final newline, is not one */
          if (lines[k + 1] == NULL && *lines[k] == '\0')
            break;
          g_hash_table_add (set, g_strndup (lines[k], strcspn (lines[k], " ")));
        }
    }
  return TRUE;
}

/* herd7's -kinds values (ConstrGen's kinds) */
static gboolean
valid_kind (const char *k)
{
  static const char *const known[] = {
    "Allow", "Allowed", "Require", "Required", "Forbid", "Forbidden",
    "", "Unknown", "???", "---", NULL
  };
  return g_strv_contains (known, k);
}

static gboolean
map_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r';
}

static gboolean
map_name_char (char c)
{
  return c != '\0' && !map_blank (c) && strchr ("%#\"", c) == NULL;
}

/* One line of a map, as herd7's LexRename reads it:
 *   blank* NAME (blank+ (NAME | '"' [^"]* '"') | "") blank* comment?
 *   (comment | blank*)
 * blanks being ' ', tab and CR, and comments running from '#' or '%' to
 * the end of the line. Returns FALSE where herd7 stops; *key is NULL
 * for a line binding nothing, *value_col the value's column. */
static gboolean
map_line (const char *line, char **key, char **value, guint *value_col)
{
  const char *p = line, *k, *v;
  gsize vlen = 0;

  *key = *value = NULL;
  while (map_blank (*p))
    p++;
  if (map_name_char (*p))
    {
      k = p;
      while (map_name_char (*p))
        p++;
      *key = g_strndup (k, p - k);
      v = p;
      if (map_blank (*p))
        {
          const char *q = p;

          while (map_blank (*q))
            q++;
          if (*q == '"' && strchr (q + 1, '"'))
            {
              v = q + 1;
              vlen = strchr (v, '"') - v;
              p = v + vlen + 1;
            }
          else if (map_name_char (*q))
            {
              v = q;
              while (map_name_char (*q))
                q++;
              vlen = q - v;
              p = q;
            }
        }
      *value = g_strndup (v, vlen);
      *value_col = (guint) (v - line) + 1;
    }
  while (map_blank (*p))
    p++;
  if (*p == '\0' || *p == '#' || *p == '%')
    return TRUE;
  g_clear_pointer (key, g_free);
  g_clear_pointer (value, g_free);
  return FALSE;
}

/* herd7's maps (-kinds, -conds): `NAME VALUE` or `NAME "VALUE"` lines.
 * As in herd7, a later line for a name replaces an earlier one, while
 * across files the first file's binding counts (herd7 reads them from
 * the last); every line ends with a newline; anything else on a line
 * stops the run with herd7's "error in rename map", exit status 2. */
static gboolean
read_map (GPtrArray *paths, GHashTable *map, gboolean (*valid) (const char *))
{
  for (guint i = paths->len; i-- > 0;)
    {
      const char *path = paths->pdata[i];
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;
      g_auto(GStrv) lines = NULL;

      if (!acy_file_read (path, &contents, NULL, &error))
        {
          fprintf (stderr, "acyclic-check: %s\n", error->message);
          return FALSE;
        }
      lines = g_strsplit (contents, "\n", -1);
      for (guint k = 0; lines[k]; k++)
        {
          char *key, *value;
          guint col = 1;

          if (lines[k + 1] == NULL)
            {
              if (lines[k][0] == '\0')
                break;
              /* herd7 wants each line ended */
              fprintf (stderr, "%s:%u:1: error in rename map, LexRename\n", path, k + 1);
              return FALSE;
            }
          if (!map_line (lines[k], &key, &value, &col))
            {
              fprintf (stderr, "%s:%u:1: error in rename map, LexRename\n", path, k + 1);
              return FALSE;
            }
          if (key == NULL)
            continue;
          if (valid && !valid (value))
            {
              fprintf (stderr, "%s:%u:%u: error in rename map, %s is not a valid value\n",
                       path, k + 1, col, value);
              g_free (key);
              g_free (value);
              return FALSE;
            }
          g_hash_table_replace (map, key, value);
        }
    }
  return TRUE;
}

typedef struct {
  GHashTable *names;      /* NULL: every test */
  GHashTable *excl;
  GHashTable *kinds;
  GHashTable *conds;
} Selection;

static void
selection_clear (Selection *sel)
{
  g_clear_pointer (&sel->names, g_hash_table_unref);
  g_clear_pointer (&sel->excl, g_hash_table_unref);
  g_clear_pointer (&sel->kinds, g_hash_table_unref);
  g_clear_pointer (&sel->conds, g_hash_table_unref);
}

static gboolean
selection_init (const AcyCliOptions *o, Selection *sel)
{
  GHashTableIter it;
  gpointer key;

  sel->excl = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  sel->kinds = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  sel->conds = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (o->names_files->len > 0 || g_hash_table_size (o->oknames) > 0)
    {
      sel->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      if (!read_names (o->names_files, sel->names))
        return FALSE;
      g_hash_table_iter_init (&it, o->oknames);
      while (g_hash_table_iter_next (&it, &key, NULL))
        g_hash_table_add (sel->names, g_strdup (key));
    }
  if (!read_names (o->excl_files, sel->excl))
    return FALSE;
  g_hash_table_iter_init (&it, o->nonames);
  while (g_hash_table_iter_next (&it, &key, NULL))
    g_hash_table_add (sel->excl, g_strdup (key));
  if (!read_map (o->kinds_files, sel->kinds, valid_kind)
      || !read_map (o->conds_files, sel->conds, NULL))
    return FALSE;
  return TRUE;
}

static gboolean
selected (const Selection *sel, const char *name)
{
  if (g_hash_table_contains (sel->excl, name))
    return FALSE;
  return sel->names == NULL || g_hash_table_contains (sel->names, name);
}

/* Loads @file, with the condition or kind -conds and -kinds give its
 * name, and the model's @variants (NULL-terminated). */
static AcyTest *
load_test (const Selection *sel, const char *file, const AcyMacros *macros,
           const char *const *variants, gint64 deadline, GError **error)
{
  g_autofree char *contents = NULL;
  gsize len = 0;
  g_autoptr(GError) local = NULL;
  AcyTest *test;
  AcyTestOverride ov = { .variants = variants };
  const char *kind;

  /* acy_test_load refuses a directory, device or FIFO before opening it
   * (a FIFO would block, /dev/zero never end) and a file over 64 MiB */
  test = acy_test_load_full (file, macros, &ov, NULL, deadline, error);
  if (test == NULL)
    return NULL;
  ov.condition = g_hash_table_lookup (sel->conds, acy_test_get_name (test));
  kind = g_hash_table_lookup (sel->kinds, acy_test_get_name (test));
  if (kind && (g_str_has_prefix (kind, "Allow") || g_str_has_prefix (kind, "Forbid")
               || g_str_has_prefix (kind, "Require")))
    {
      ov.set_quantifier = TRUE;
      ov.quantifier = kind[0] == 'A' ? ACY_QUANT_EXISTS
                      : kind[0] == 'F' ? ACY_QUANT_NOT_EXISTS : ACY_QUANT_FORALL;
    }
  if (ov.condition == NULL && !ov.set_quantifier)
    return test;
  acy_test_free (test);
  /* a regular file of a sane size, as acy_test_load found it */
  if (!g_file_get_contents (file, &contents, &len, &local))
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s", local->message);
      return NULL;
    }
  return acy_test_parse_full (contents, (gssize) len, file, macros, &ov, NULL, deadline, error);
}


/* herd7 -hexa true: the numbers of the states and of the condition in
 * hexadecimal, 32 bits wide as herd7 prints an int (-1 is 0xffffffff). */
static void
hexa_rewrite (GString *out)
{
  g_auto(GStrv) lines = g_strsplit (out->str, "\n", -1);
  gboolean in_states = FALSE;

  g_string_truncate (out, 0);
  for (guint i = 0; lines[i]; i++)
    {
      const char *l = lines[i];
      gboolean rewrite = in_states || g_str_has_prefix (l, "Condition ");

      if (g_str_has_prefix (l, "States "))
        in_states = TRUE;
      else if (g_str_equal (l, "Ok") || g_str_equal (l, "No") || g_str_equal (l, "Undef"))
        in_states = rewrite = FALSE;
      for (const char *p = l; *p; p++)
        {
          g_string_append_c (out, *p);
          if (rewrite && *p == '=' && (g_ascii_isdigit (p[1]) || (p[1] == '-' && g_ascii_isdigit (p[2]))))
            {
              char *end;
              gint64 v = g_ascii_strtoll (p + 1, &end, 10);

              if (*end == ';' || *end == ' ' || *end == ')' || *end == '\0')
                {
                  if (v >= G_MININT32 && v <= G_MAXUINT32)
                    g_string_append_printf (out, "0x%" G_GINT32_MODIFIER "x", (guint32) v);
                  else
                    g_string_append_printf (out, "0x%" G_GINT64_MODIFIER "x", (guint64) v);
                  p = end - 1;
                }
            }
        }
      if (lines[i + 1])
        g_string_append_c (out, '\n');
    }
}

/* An error about a test, on standard error: our `file:line:col: message`,
 * and herd7's words where the kernel's scripts look for them. */
static void
report_test_error (const char *file, const GError *error)
{
  const char *um = strstr (error->message, "unknown macro or function '");

  const char *csem = strstr (error->message, "; herd7: ");

  fprintf (stderr, "%s\n", error->message);
  if (um && csem && g_error_matches (error, ACY_ERROR, ACY_ERROR_UNKNOWN_NAME))
    {
      /* no macro file: herd7's "Procedure call X in CSem" */
      const char *words = csem + strlen ("; herd7: ");
      const char *end = strstr (words, " in CSem");

      if (end)
        fprintf (stderr, "Warning: File \"%s\": %.*s\n", file, (int) (end + strlen (" in CSem") - words), words);
    }
  else if (um && g_error_matches (error, ACY_ERROR, ACY_ERROR_UNKNOWN_NAME))
    {
      const char *name = um + strlen ("unknown macro or function '");
      fprintf (stderr, "Warning: File \"%s\": Unknown macro %.*s (User error)\n",
               file, (int) strcspn (name, "'"), name);
    }
  else if (g_error_matches (error, ACY_ERROR, ACY_ERROR_NON_ADDRESS))
    {
      /* herd7's words follow the place of the access */
      const char *words = strstr (error->message, "Non symbolic address: [");
      const char *end = words ? strchr (words, ']') : NULL;

      if (end)
        fprintf (stderr, "Warning: File \"%s\": %.*s (User error)\n",
                 file, (int) (end + 1 - words), words);
    }
  else if (g_error_matches (error, ACY_ERROR, ACY_ERROR_IO))
    {
      /* herd7's words for a test it cannot open; GLib's message ends
       * with the system's reason */
      const char *reason = g_strrstr (error->message, ": ");
      fprintf (stderr, "Warning: File \"%s\": open_in failed: %s: %s\n",
               file, file, reason ? reason + 2 : error->message);
    }
}

/* A macro file that herd7 cannot read, for each test: the message, and
 * herd7's words for a file not found. */
static void
report_macros_error (const char *file, const GError *error)
{
  const char *name = error->message, *quoted = strstr (error->message, " file '");

  fprintf (stderr, "%s\n", error->message);
  if (quoted)   /* named by a .cfg: "FILE.cfg:L:C: macro file 'NAME' not found" */
    name = quoted + strlen (" file '");
  if (g_error_matches (error, ACY_ERROR, ACY_ERROR_IO) && strstr (error->message, " not found"))
    fprintf (stderr, "Warning: File \"%s\": Cannot find file %.*s\n",
             file, (int) strcspn (name, quoted ? "'" : ":"), name);
}

/* The position of a `file:line:col: message` error. */
static void
error_position (const char *file, const char *message, guint *line, guint *col, const char **text)
{
  gsize n = strlen (file);

  *line = *col = 0;
  *text = message;
  if (strncmp (message, file, n) == 0 && message[n] == ':')
    {
      char *end;
      guint64 l = g_ascii_strtoull (message + n + 1, &end, 10);
      if (*end == ':')
        {
          guint64 c = g_ascii_strtoull (end + 1, &end, 10);
          if (*end == ':' && end[1] == ' ')
            {
              *line = (guint) l;
              *col = (guint) c;
              *text = end + 2;
            }
        }
    }
}

static void
json_error (GString *out, const char *file, const AcyTest *test, const GError *error)
{
  guint line, col;
  const char *text;

  error_position (file, error->message, &line, &col, &text);
  g_string_append (out, "{\"file\":");
  json_string (out, file);
  if (test)
    {
      g_string_append (out, ",\"test\":");
      json_string (out, acy_test_get_name (test));
    }
  g_string_append (out, ",\"error\":{\"message\":");
  json_string (out, text);
  if (line > 0)
    g_string_append_printf (out, ",\"line\":%u,\"column\":%u", line, col);
  g_string_append (out, "}}");
}

/* ---- -j N: tests run at once, by child processes ----------------------- */

typedef struct {
  const AcyCliOptions *o;
  const char          *file;
  const char          *threads;   /* --test-threads for the child */
  char                *out, *err;
  int                  status;
  gboolean             done;
  GMutex              *lock;
  GCond               *cond;
} Job;

static void
run_job (gpointer data, gpointer user_data)
{
  Job *job = data;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  char *out = NULL, *err = NULL;
  int wait_status = 0;

  g_ptr_array_add (argv, job->o->self);
  for (guint i = 0; i < job->o->child_args->len; i++)
    g_ptr_array_add (argv, job->o->child_args->pdata[i]);
  g_ptr_array_add (argv, (gpointer) "--test-threads");
  g_ptr_array_add (argv, (gpointer) job->threads);
  g_ptr_array_add (argv, (gpointer) "--");
  g_ptr_array_add (argv, (gpointer) job->file);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                     &out, &err, &wait_status, &error))
    {
      err = g_strdup_printf ("acyclic-check: %s\n", error->message);
      wait_status = 1 << 8;
    }
  g_mutex_lock (job->lock);
  job->out = out;
  job->err = err;
  job->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : 1;
  job->done = TRUE;
  g_cond_broadcast (job->cond);
  g_mutex_unlock (job->lock);
}

/* herd7 checks a test name once: whether @name was seen (in @seen, name
 * -> "HASH\tFILE"), saying so when it was another test (another hash);
 * notes it otherwise. */
static gboolean
seen_before (GHashTable *seen, const char *name, const char *hash, const char *file)
{
  const char *prev = g_hash_table_lookup (seen, name);
  const char *tab;

  if (prev == NULL)
    {
      g_hash_table_insert (seen, g_strdup (name), g_strdup_printf ("%s\t%s", hash, file));
      return FALSE;
    }
  tab = strchr (prev, '\t');
  if (strlen (hash) != (gsize) (tab - prev) || strncmp (prev, hash, (gsize) (tab - prev)) != 0)
    fprintf (stderr, "Warning: File \"%s\": Different hashes for test %s (previous file %s) "
             "(User error)\n", file, name, tab + 1);
  return TRUE;
}

/* Runs @files N at a time, each in a child process given its share of
 * the cores (or --test-threads), and prints their outputs in the order
 * of the files. */
static int
run_jobs (const AcyCliOptions *o, GPtrArray *files)
{
  GMutex lock;
  GCond cond;
  g_autofree Job *jobs = g_new0 (Job, files->len);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GThreadPool *pool;
  int status = 0;
  guint share = o->test_threads > 0 ? o->test_threads
                : MAX (1, g_get_num_processors () / MIN (o->jobs, files->len));
  g_autofree char *threads = g_strdup_printf ("%u", share);

  g_mutex_init (&lock);
  g_cond_init (&cond);
  pool = g_thread_pool_new (run_job, NULL, (gint) o->jobs, FALSE, NULL);
  for (guint i = 0; i < files->len; i++)
    {
      jobs[i] = (Job) { .o = o, .file = files->pdata[i], .threads = threads, .lock = &lock, .cond = &cond };
      g_thread_pool_push (pool, &jobs[i], NULL);
    }
  for (guint i = 0; i < files->len; i++)
    {
      g_mutex_lock (&lock);
      while (!jobs[i].done)
        g_cond_wait (&cond, &lock);
      g_mutex_unlock (&lock);
      if (jobs[i].out && g_str_has_prefix (jobs[i].out, "Test "))
        {
          /* a name seen before, as acy_cli_run */
          const char *name = jobs[i].out + strlen ("Test ");
          const char *hash = strstr (jobs[i].out, "\nHash=");
          g_autofree char *key = g_strndup (name, strcspn (name, " \n"));
          g_autofree char *value = hash ? g_strndup (hash + strlen ("\nHash="), strcspn (hash + 1, "\n") - strlen ("Hash="))
                                        : g_strdup ("");

          if (seen_before (seen, key, value, jobs[i].file))
            {
              g_clear_pointer (&jobs[i].out, g_free);
              g_clear_pointer (&jobs[i].err, g_free);
              continue;
            }
        }
      fputs (jobs[i].out ? jobs[i].out : "", stdout);
      fflush (stdout);
      fputs (jobs[i].err ? jobs[i].err : "", stderr);
      if (jobs[i].status != 0)
        status = MAX (status, jobs[i].status);
      g_free (jobs[i].out);
      g_free (jobs[i].err);
    }
  g_thread_pool_free (pool, FALSE, TRUE);
  g_mutex_clear (&lock);
  g_cond_clear (&cond);
  return status;
}

/* What the test was read as without a word from herd7 (a name no thread
 * declares; not under -q, as herd7 says nothing of it), and the candidates
 * left out, on standard error. */
void
acy_cli_warn (const AcyCliOptions *o, const AcyTest *test, const AcyCheckResult *result)
{
  /* herd7 refuses the test ("Non symbolic address") when the model
   * allows a candidate where a load goes through an integer, and answers
   * without them, silently, when it rules them all out: said under -v */
  const AcyNonAddress *na = o->verbose ? acy_check_result_get_non_address (result) : NULL;
  g_autofree char *v = NULL;

  for (guint i = 0; i < acy_test_get_n_warnings (test) && !o->quiet; i++)
    {
      const AcyTestWarning *w = acy_test_get_warning (test, i);

      fprintf (stderr, "%s:%u:%u: warning: %s\n", w->at.file, w->at.line, w->at.col, w->message);
    }
  if (acy_check_result_get_loop_cut (result) != NULL)
    {
      /* herd7 says it too (unrolling limit exceeded at While) */
      const AcyLoopCut *cut = acy_check_result_get_loop_cut (result);

      fprintf (stderr, "%s:%u:%u: warning: this loop is unrolled %u time%s (-unroll): candidates "
               "going round it more often were left out, so legal outcomes may be missing\n",
               cut->at.file, cut->at.line, cut->at.col, cut->unroll, cut->unroll == 1 ? "" : "s");
    }
  if (na == NULL)
    return;
  v = acy_test_format_value (test, na->value);
  fprintf (stderr, "%s:%u:%u: note: candidates where this access goes through %s, "
           "which is not an address, were left out: the model forbids them (herd7 leaves them out "
           "too)\n", na->at.file, na->at.line, na->at.col, v);
}

/* Whether herd7's -restrict leaves @result out: no execution is left
 * (observed); two executions end in one state (nonambiguous), in one
 * where the condition's proposition holds (condone). */
static gboolean
restricted_out (const AcyCliOptions *o, const AcyCheckResult *result)
{
  guint64 executions = acy_check_result_get_positive (result) + acy_check_result_get_negative (result);
  guint n = acy_check_result_get_n_states (result), holding = 0;

  switch (o->restrict_to)
    {
    case ACY_CLI_RESTRICT_NONE:
      return FALSE;
    case ACY_CLI_RESTRICT_OBSERVED:
      return executions == 0;
    case ACY_CLI_RESTRICT_NONAMBIGUOUS:
      return executions != n;
    case ACY_CLI_RESTRICT_CONDONE:
      for (guint i = 0; i < n; i++)
        holding += acy_check_result_get_state (result, i)->satisfies;
      return acy_check_result_get_positive (result) != holding;
    }
  return FALSE;
}

int
acy_cli_run (const AcyCliOptions *o, const char *const *args, guint n_args)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  /* herd7 checks a test name once: name -> "HASH\tFILE" */
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  Setup setup = { 0 };
  Selection sel = { 0 };
  Judge judge = { 0 };
  int status = 0;
  guint n_json = 0;
  /* the model's variants, which a test's own Variant= must be among */
  g_autoptr(GPtrArray) variants = g_ptr_array_new ();

  for (guint i = 0; o->config && o->config->variants[i]; i++)
    g_ptr_array_add (variants, o->config->variants[i]);
  for (guint i = 0; i < o->variants->len; i++)
    g_ptr_array_add (variants, o->variants->pdata[i]);
  g_ptr_array_add (variants, NULL);
  /* no model given: each architecture's default, its setup made once */
  gboolean per_arch = o->cat == NULL && o->config == NULL;
  g_autofree char *first_arch = per_arch ? file_arch (n_args > 0 ? args[0] : NULL) : NULL;
  g_autoptr(GHashTable) setups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                        (GDestroyNotify) setup_free);

  /* --run needs no model, only macros: -macros FILE's, or those that
   * fit each test */
  if (o->run && o->config == NULL && o->cat == NULL)
    return acy_cli_machine_run (o, NULL, args, n_args);
  if (!load_setup (o, first_arch, &setup, &error))
    {
      fprintf (stderr, "acyclic-check: %s\n", error->message);
      setup_clear (&setup);
      return 2;
    }
  if (!selection_init (o, &sel))
    {
      setup_clear (&setup);
      selection_clear (&sel);
      return 2;
    }
  /* --suggest-fixes, --eval and --why take their tests as they are */
  if ((o->suggest_fixes || o->eval_expr || o->why) && setup.model_error)
    {
      fprintf (stderr, "acyclic-check: %s\n", setup.model_error->message);
      setup_clear (&setup);
      selection_clear (&sel);
      return 2;
    }
  if (o->run)
    {
      if (setup.macros_error != NULL)
        {
          fprintf (stderr, "acyclic-check: %s\n", setup.macros_error->message);
          status = 2;
        }
      else
        status = acy_cli_machine_run (o, setup.macros, args, n_args);
      setup_clear (&setup);
      selection_clear (&sel);
      return status;
    }
  if (o->suggest_fixes || o->eval_expr || o->why)
    {
      if (o->suggest_fixes)
        status = acy_cli_suggest_fixes (o, setup.model, setup.macros, args, n_args);
      else
        {
          const AcyCliGraphs *graphs = acy_cli_graphs (o->self);

          status = graphs ? graphs->explain (o, setup.model, setup.macros, args, n_args) : 2;
        }
      setup_clear (&setup);
      selection_clear (&sel);
      return status;
    }

  if (n_args == 0)
    add_stdin (files);
  for (guint i = 0; i < n_args; i++)
    if (g_str_equal (args[i], "-"))
      add_stdin (files);
    else
      add_input (args[i], files, 0);

  if (o->jobs > 1 && files->len > 1)
    {
      setup_clear (&setup);
      selection_clear (&sel);
      return run_jobs (o, files);
    }

  if (o->json)
    printf ("{\"schema\":\"%s\",\"results\":[", ACY_CLI_JSON_SCHEMA);
  for (guint i = 0; i < files->len; i++)
    {
      const char *file = files->pdata[i];
      g_autoptr(AcyTest) test = NULL;
      g_autoptr(AcyCheckResult) result = NULL;
      g_autoptr(GString) out = g_string_new (NULL);
      AcyCheckOptions copts = { 0 };
      JsonRun jrun = { 0 };
      Outcomes outcomes = { 0 };
      gint64 started, deadline;
      g_autoptr(AcyRecorder) recorder = NULL;
      const Setup *use;

      /* -timeout counts from here: loading a long test takes its time
       * too, and the check goes on with the same deadline */
      started = g_get_monotonic_time ();
      deadline = o->timeout > 0 ? started + (gint64) (o->timeout * G_USEC_PER_SEC) : 0;
      g_clear_error (&error);
      /* herd7 reads the macro file with each test: one it cannot read
       * or parse is an error of each test */
      if (setup.macros_error)
        error = g_error_copy (setup.macros_error);
      else
        test = load_test (&sel, file, setup.macros, (const char *const *) variants->pdata,
                          deadline, &error);
      /* herd7 -speedcheck true reads the values the condition wants first */
      if (test != NULL && o->speedcheck && !acy_test_check_speedcheck (test, &error))
        g_clear_pointer (&test, acy_test_free);
      if (test == NULL && g_error_matches (error, ACY_ERROR, ACY_ERROR_LIMIT)
          && deadline > 0 && g_get_monotonic_time () >= deadline && !o->json && !o->judge)
        {
          /* as for a check that runs out of time, below */
          fprintf (stderr, "acyclic-check: %s: no result within -timeout %g s (wall clock)\n",
                   file, o->timeout);
          continue;
        }
      if (test == NULL)
        {
          if (setup.macros_error)
            report_macros_error (file, error);
          else
            report_test_error (file, error);
          if (o->json)
            {
              g_string_append (out, n_json++ ? ",\n  " : "\n  ");
              json_error (out, file, NULL, error);
              fputs (out->str, stdout);
            }
          if (o->judge)
            {
              /* judgelitmus.sh: "!!! Current LKMM version does not know"
               * or "!!! Verification error" */
              g_autofree char *outcome = judge_outcome (file);
              judge.failed++;
              printf ("%-60s %-20s %-20s %s\n", file, outcome, "error", "FAIL");
            }
          /* herd7 goes on with the next test, and exits with 0 unless
           * -exit true; but for its own failures ("Adios"), which end
           * the run with exit status 2 */
          if (g_error_matches (error, ACY_ERROR, ACY_ERROR_FATAL))
            {
              fprintf (stderr, "Fatal: File \"%s\" Adios\n", file);
              status = 2;
              break;
            }
          if (o->judge || o->json)
            status = 1;
          if (o->exit_on_error)
            {
              status = 1;
              break;
            }
          continue;
        }
      if (!selected (&sel, acy_test_get_name (test)))
        continue;
      use = &setup;
      if (per_arch && !g_str_equal (acy_test_get_arch (test), first_arch))
        {
          use = setup_for_arch (o, setups, acy_test_get_arch (test), &error);
          if (use == NULL)
            {
              fprintf (stderr, "acyclic-check: %s: %s\n", file, error->message);
              status = MAX (status, 2);
              continue;
            }
        }
      /* A name seen before: herd7 skips the test */
      if (seen_before (seen, acy_test_get_name (test), acy_test_get_hash (test), file))
        continue;
      /* herd7 -dumpes true writes event structures into -o's files only,
       * and checks nothing */
      if (o->dumpes)
        continue;
      if (use->model_error)
        {
          /* herd7 finds an unknown name or a type error of the model
           * when it runs it on a test: an error of each test */
          report_test_error (file, use->model_error);
          if (o->json)
            {
              g_string_append (out, n_json++ ? ",\n  " : "\n  ");
              json_error (out, file, test, use->model_error);
              fputs (out->str, stdout);
            }
          if (o->judge)
            {
              g_autofree char *outcome = judge_outcome (file);
              judge.failed++;
              printf ("%-60s %-20s %-20s %s\n", file, outcome, "error", "FAIL");
            }
          if (o->judge || o->json || o->exit_on_error)
            status = MAX (status, 1);
          if (o->exit_on_error)
            break;
          continue;
        }
      copts.timeout = o->timeout;
      copts.unroll_given = o->unroll_given;
      copts.unroll = o->unroll;
      copts.timeout_from = started;
      copts.max_candidates = o->max_candidates;
      copts.max_memory = o->max_memory;
      copts.n_threads = o->test_threads;
      copts.relevant_only = o->speedcheck;
      copts.observed_only = o->restrict_to == ACY_CLI_RESTRICT_OBSERVED;
      if (o->json)
        {
          jrun.test = test;
          jrun.out = out;
          copts.outcome = json_outcome;
          copts.outcome_data = &jrun;
          g_string_append (out, n_json++ ? ",\n  " : "\n  ");
          g_string_append (out, "{\"test\":");
          json_string (out, acy_test_get_name (test));
          g_string_append (out, ",\"file\":");
          json_string (out, file);
          g_string_append (out, ",\"model\":");
          json_string (out, acy_model_get_name (use->model));
          g_string_append (out, ",\"outcomes\":[");
        }
      if (o->graph_dir || o->dot_dir
          || (o->out_dir && o->graph_show && !g_str_equal (o->graph_show, "none")))
        {
          recorder = acy_recorder_new (test);
          outcomes.json = o->json ? &jrun : NULL;
          outcomes.recorder = recorder;
          copts.outcome = cli_outcome;
          copts.outcome_data = &outcomes;
        }
      result = acy_check_run (test, use->model, &copts, NULL, &error);
      if (result == NULL)
        {
          gboolean timed_out = g_error_matches (error, ACY_ERROR, ACY_ERROR_LIMIT)
                               && strstr (error->message, "timed out") != NULL;

          if (timed_out && o->timeout > 0 && !o->json && !o->judge)
            {
              /* herd7 prints nothing for a test that runs out of time and
               * goes on; say so on standard error. */
              fprintf (stderr, "acyclic-check: %s: no result within -timeout %g s (wall clock)\n",
                       file, o->timeout);
              continue;
            }
          report_test_error (file, error);
          if (g_error_matches (error, ACY_ERROR, ACY_ERROR_FATAL))
            {
              /* herd7's own failure ("Adios") ends its run */
              fprintf (stderr, "Fatal: File \"%s\" Adios\n", file);
              status = 2;
              break;
            }
          /* herd7 goes on after a user error of the model or the test,
           * as after one found when reading it (above), exit status 0;
           * acyclic-check's own limits and what it does not implement,
           * where herd7 answers, make it 1 */
          if (error->domain != ACY_ERROR || o->json || o->judge || o->exit_on_error
              || g_error_matches (error, ACY_ERROR, ACY_ERROR_LIMIT)
              || g_error_matches (error, ACY_ERROR, ACY_ERROR_UNSUPPORTED)
              || g_error_matches (error, ACY_ERROR, ACY_ERROR_CANCELLED))
            status = MAX (status, 1);
          if (o->json)
            {
              g_string_truncate (out, 0);
              g_string_append (out, n_json > 1 ? ",\n  " : "\n  ");
              json_error (out, file, test, error);
              fputs (out->str, stdout);
            }
          if (o->exit_on_error)
            break;
          continue;
        }
      if ((recorder && (o->graph_dir || o->dot_dir)) || o->out_dir)
        {
          const AcyCliGraphs *graphs = acy_cli_graphs (o->self);

          if (graphs == NULL)
            status = 1;
          else
            {
              if (recorder && (o->graph_dir || o->dot_dir)
                  && !graphs->write_graphs (o, test, use->model, recorder))
                status = 1;
              if (o->out_dir && !graphs->write_herd_dot (o, file, test, use->model, recorder))
                status = 1;
            }
        }
      /* herd7 7.58's -badexecs false prints these tests all the same, so
       * acyclic-check does too. */
      if (o->json)
        {
          const AcyLoopCut *cut = acy_check_result_get_loop_cut (result);

          g_string_append_printf (out, "],\n   \"observation\":\"%s\",\"positive\":%" G_GUINT64_FORMAT
                                  ",\"negative\":%" G_GUINT64_FORMAT ",\"states\":%u",
                                  acy_observation_to_string (acy_check_result_get_observation (result)),
                                  acy_check_result_get_positive (result),
                                  acy_check_result_get_negative (result),
                                  acy_check_result_get_n_states (result));
          /* herd7's "Loop": candidates past -unroll were left out */
          if (cut != NULL)
            g_string_append_printf (out, ",\"loop_cut\":{\"line\":%u,\"column\":%u,\"unroll\":%u}",
                                    cut->at.line, cut->at.col, cut->unroll);
          g_string_append_c (out, '}');
          fputs (out->str, stdout);
        }
      else if (o->judge)
        judge_one (&judge, file, test, result);
      else if (restricted_out (o, result))
        {
          /* herd7 prints nothing of it, not even its warnings */
          fflush (stdout);
          continue;
        }
      else
        {
          const char *const *flags = acy_check_result_get_flags (result);

          acy_check_result_format_herd (result, out, TRUE);
          /* -badflag FLAG: herd7 says Undef in place of Ok or No when an
           * allowed execution raised FLAG. */
          if (o->badflag && flags && g_strv_contains (flags, o->badflag))
            {
              const char *at = strstr (out->str, "\nOk\nWitnesses\n");
              if (at == NULL)
                at = strstr (out->str, "\nNo\nWitnesses\n");
              if (at)
                {
                  gssize pos = at + 1 - out->str;
                  g_string_erase (out, pos, 2);
                  g_string_insert (out, pos, "Undef");
                }
            }
          if (o->hexa)
            hexa_rewrite (out);
          fputs (out->str, stdout);
        }
      acy_cli_warn (o, test, result);
      if (o->verbose)
        {
          const AcyCheckProgress *st = acy_check_result_get_stats (result);
          struct rusage usage = { 0 };

          getrusage (RUSAGE_SELF, &usage);
          fprintf (stderr, "%s: %" G_GUINT64_FORMAT " candidates, %" G_GUINT64_FORMAT
                   " outcomes, %" G_GUINT64_FORMAT " allowed, %.3f s, peak memory %.1f MB\n",
                   file, st->candidates, st->outcomes, st->allowed, st->elapsed,
                   usage.ru_maxrss / 1024.0);
        }
      fflush (stdout);
    }
  if (o->json)
    printf ("\n]}\n");
  if (o->judge)
    {
      printf ("judge: %u passed, %u failed (of which %u without a Result comment)\n",
              judge.passed, judge.failed, judge.unjudged);
      if (judge.failed)
        status = MAX (status, 1);
    }

  setup_clear (&setup);
  selection_clear (&sel);
  return status;
}
