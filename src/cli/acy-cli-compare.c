/* acy-cli-compare.c - acyclic-check --compare: tests × models
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Like herd's mcompare7 over logs, but checking as it goes: one row per
 * test, one column per model, each cell the test's Observation under the
 * model ("Sometimes 1 3", as herd's Observation line), and a mark on the
 * tests where the models disagree.
 */
#define G_LOG_DOMAIN "acyclic-check"
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "acyclic.h"
#include "acy-cli-compare.h"

#define MARK_OBSERVATION "*"   /* the observations differ */
#define MARK_STATES      "~"   /* same observation, other allowed states */

typedef struct {
  char      *name;     /* column title */
  AcyModel  *model;
  AcyMacros *macros;
} Column;

typedef struct {
  char   *test;        /* the test's name, or its file's */
  char  **cells;       /* one per model */
  const char *mark;    /* MARK_*, or "" */
} Line;

static void
line_free (gpointer p)
{
  Line *line = p;

  g_free (line->test);
  g_strfreev (line->cells);
  g_free (line);
}

static Line *
compare_file (const AcyCliOptions *o, Column *columns, guint n, const char *file, int *status)
{
  g_autoptr(GPtrArray) tests = g_ptr_array_new_with_free_func ((GDestroyNotify) acy_test_free);
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) acy_check_result_free);
  Line *line = g_new0 (Line, 1);
  gboolean complete = TRUE;
  g_autofree char *last_error = NULL;

  line->cells = g_new0 (char *, n + 1);
  line->mark = "";
  for (guint m = 0; m < n; m++)
    {
      g_autoptr(GError) error = NULL;
      AcyCheckOptions copts = { 0 };
      AcyTest *test;
      AcyCheckResult *result = NULL;

      copts.timeout = o->timeout;
      copts.unroll_given = o->unroll_given;
      copts.unroll = o->unroll;
      copts.max_candidates = o->max_candidates;
      copts.max_memory = o->max_memory;
      test = acy_test_load (file, columns[m].macros, &error);
      if (test != NULL)
        {
          g_ptr_array_add (tests, test);
          if (line->test == NULL)
            line->test = g_strdup (acy_test_get_name (test));
          result = acy_check_run (test, columns[m].model, &copts, NULL, &error);
        }
      if (result == NULL)
        {
          /* A test that does not parse says so once, not once a model. */
          if (g_strcmp0 (last_error, error->message) != 0)
            fprintf (stderr, "acyclic-check: %s (%s): %s\n", file, columns[m].name, error->message);
          g_free (last_error);
          last_error = g_strdup (error->message);
          line->cells[m] = g_strdup (g_error_matches (error, ACY_ERROR, ACY_ERROR_LIMIT)
                                     ? "timeout" : "error");
          *status = 1;
          complete = FALSE;
          continue;
        }
      g_ptr_array_add (results, result);
      line->cells[m] = g_strdup_printf ("%s %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT,
                                        acy_observation_to_string (acy_check_result_get_observation (result)),
                                        acy_check_result_get_positive (result),
                                        acy_check_result_get_negative (result));
    }
  if (line->test == NULL)
    {
      g_autofree char *base = g_path_get_basename (file);

      if (g_str_has_suffix (base, ".litmus"))
        base[strlen (base) - strlen (".litmus")] = '\0';
      line->test = g_strdup (base);
    }

  if (complete && n > 1)
    {
      g_autoptr(AcyComparison) cmp = acy_comparison_new (tests->pdata[0],
                                                         (const AcyCheckResult *const *) results->pdata, n);
      gboolean observations_differ = FALSE;

      for (guint m = 1; m < n; m++)
        if (acy_comparison_get_observation (cmp, m) != acy_comparison_get_observation (cmp, 0))
          observations_differ = TRUE;
      if (observations_differ)
        line->mark = MARK_OBSERVATION;
      else if (acy_comparison_differs (cmp))
        line->mark = MARK_STATES;
    }
  return line;
}

/* Markdown needs | escaped in cells. */
static char *
md_escape (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p; p++)
    {
      if (*p == '|' || *p == '*' || *p == '\\' || *p == '_')
        g_string_append_c (s, '\\');
      g_string_append_c (s, *p);
    }
  return g_string_free (s, FALSE);
}

static void
pad (GString *out, const char *text, guint width)
{
  glong len = g_utf8_strlen (text, -1);

  g_string_append (out, text);
  for (glong i = len; i < (glong) width; i++)
    g_string_append_c (out, ' ');
}

/* Lines are printed as tests finish, so widths are guessed up front:
 * test names are their files' names, and a cell such as "Sometimes 12
 * 345" seldom passes 16 characters (a longer one shifts its line). */
static guint *
text_widths (Column *columns, guint n, GPtrArray *files)
{
  guint *widths = g_new0 (guint, n + 1);

  widths[0] = strlen ("Test");
  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *base = g_path_get_basename (files->pdata[i]);
      glong len = g_utf8_strlen (base, -1);

      if (g_str_has_suffix (base, ".litmus"))
        len -= strlen (".litmus");
      widths[0] = MAX (widths[0], (guint) len);
    }
  for (guint m = 0; m < n; m++)
    widths[m + 1] = MAX (16, (guint) g_utf8_strlen (columns[m].name, -1));
  return widths;
}

static void
print_text_line (const char *mark, const char *test, char **cells, guint n, const guint *widths)
{
  g_autoptr(GString) out = g_string_new (NULL);

  pad (out, mark, 2);
  pad (out, test, widths[0]);
  for (guint m = 0; m < n; m++)
    {
      g_string_append (out, "  ");
      pad (out, cells[m], m + 1 < n ? widths[m + 1] : 0);
    }
  g_string_append_c (out, '\n');
  fputs (out->str, stdout);
}

static void
print_markdown_line (const char *mark, const char *test, char **cells, guint n, gboolean header)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *mark_md = md_escape (mark);
  g_autofree char *test_md = md_escape (test);

  g_string_append_printf (out, "| %s | %s |", mark_md, test_md);
  for (guint m = 0; m < n; m++)
    {
      g_autofree char *cell = md_escape (cells[m]);
      g_string_append_printf (out, " %s |", cell);
    }
  g_string_append_c (out, '\n');
  if (header)
    {
      g_string_append (out, "|:-:|:--|");
      for (guint m = 0; m < n; m++)
        g_string_append (out, ":--|");
      g_string_append_c (out, '\n');
    }
  fputs (out->str, stdout);
}

int
acy_cli_compare (const AcyCliOptions *o,
                 const char *const   *models,
                 guint                n_models,
                 const char *const   *args,
                 guint                n_args,
                 gboolean             markdown)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree guint *widths = NULL;
  g_autoptr(GPtrArray) dirs = g_ptr_array_new ();
  g_autofree Column *columns = g_new0 (Column, n_models);
  guint n_observation = 0, n_states = 0;
  int status = 0;

  for (guint i = 0; i < o->include_dirs->len; i++)
    g_ptr_array_add (dirs, o->include_dirs->pdata[i]);
  g_ptr_array_add (dirs, NULL);

  for (guint m = 0; m < n_models; m++)
    {
      g_autoptr(GError) error = NULL;

      columns[m].name = acy_model_spec_name (models[m]);
      columns[m].model = acy_comparison_load_model (models[m], (const char *const *) dirs->pdata,
                                                    &columns[m].macros, &error);
      if (columns[m].model == NULL)
        {
          fprintf (stderr, "acyclic-check: %s\n", error->message);
          status = 1;
          goto out;
        }
    }

  for (guint i = 0; i < n_args; i++)
    acy_test_collect_files (args[i], files, NULL);
  widths = text_widths (columns, n_models, files);
  for (guint m = 0; m < n_models; m++)
    g_ptr_array_add (names, columns[m].name);
  g_ptr_array_add (names, NULL);
  if (markdown)
    print_markdown_line ("", "Test", (char **) names->pdata, n_models, TRUE);
  else
    print_text_line ("", "Test", (char **) names->pdata, n_models, widths);
  fflush (stdout);

  for (guint i = 0; i < files->len; i++)
    {
      Line *line = compare_file (o, columns, n_models, files->pdata[i], &status);

      if (g_str_equal (line->mark, MARK_OBSERVATION))
        n_observation++;
      else if (g_str_equal (line->mark, MARK_STATES))
        n_states++;
      if (markdown)
        print_markdown_line (line->mark, line->test, line->cells, n_models, FALSE);
      else
        print_text_line (line->mark, line->test, line->cells, n_models, widths);
      fflush (stdout);
      line_free (line);
    }
  if (!o->quiet)
    printf ("%s%u test%s; the observations differ on %u (%s), the allowed states only on %u (%s)\n",
            markdown ? "\n" : "", files->len, files->len == 1 ? "" : "s", n_observation,
            markdown ? "\\" MARK_OBSERVATION : MARK_OBSERVATION, n_states, MARK_STATES);

out:
  for (guint m = 0; m < n_models; m++)
    {
      g_free (columns[m].name);
      g_clear_pointer (&columns[m].model, acy_model_free);
      g_clear_pointer (&columns[m].macros, acy_macros_free);
    }
  return status;
}
