/* acy-cli-graphs.c - the module acyclic-check-graphs: --graph, --dot, -o DIR
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built as a module of its own with cairo and Pango, so that a run that
 * draws nothing does not load them (see acy-cli-graphs.h). Its entry
 * points are the table acy_cli_graphs_entry; --eval and --why are in
 * acy-cli-explain.c, built into the same module.
 */
#define G_LOG_DOMAIN "acyclic-check"
#include "config.h"

#include <gmodule.h>
#include <stdio.h>
#include <string.h>

#include "acyclic.h"
#include "acy-cli.h"
#include "acy-cli-explain.h"
#include "acy-cli-graphs.h"
#include "acy-graph-dot.h"
#include "acy-graph-render.h"
#include "acy-graph-scene.h"

static gboolean
graph_wanted (const AcyCliOptions *o, const AcyRecord *r)
{
  const char *show = o->graph_show ? o->graph_show : "";

  if (g_str_equal (show, "all"))
    return TRUE;
  if (g_str_equal (show, "none"))
    return FALSE;
  if (!r->allowed)
    return FALSE;
  if (g_str_equal (show, "prop") || g_str_equal (show, "wit"))
    return r->condition;
  if (g_str_equal (show, "neg"))
    return !r->condition;
  return TRUE;
}

/* Writes TEST-N.EXT (N from 1, over the executions drawn) into --graph
 * and --dot directories. Returns FALSE after reporting an error. */
static gboolean
write_graphs (const AcyCliOptions *o, const AcyTest *test, const AcyModel *model,
              AcyRecorder *recorder)
{
  const char *name = acy_test_get_name (test);
  const char *const *shown = acy_model_get_shown_names (model);
  AcyGraphFormat format = ACY_GRAPH_FORMAT_SVG;
  AcyGraphGrid grid = { 0 };
  guint n = acy_recorder_get_n_records (recorder), written = 0, wanted = 0;

  if (o->graph_format)
    acy_graph_format_from_string (o->graph_format, &format);
  for (guint d = 0; d < 2; d++)
    {
      const char *dir = d == 0 ? o->graph_dir : o->dot_dir;
      if (dir && g_mkdir_with_parents (dir, 0755) != 0)
        {
          fprintf (stderr, "acyclic-check: %s: cannot create the directory\n", dir);
          return FALSE;
        }
    }
  for (guint i = 0; i < n; i++)
    if (graph_wanted (o, acy_recorder_peek_record (recorder, i)))
      {
        acy_graph_grid_add (&grid, &acy_recorder_get_record (recorder, i)->x);
        wanted++;
      }
  for (guint i = 0; i < n; i++)
    {
      const AcyRecord *r = acy_recorder_peek_record (recorder, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(AcyGraphScene) scene = NULL;
      g_autofree char *title = NULL;

      if (!graph_wanted (o, r))
        continue;
      written++;
      scene = acy_graph_scene_new (recorder, i, model, &error);
      if (scene == NULL)
        {
          fprintf (stderr, "acyclic-check: %s: %s\n", name, error->message);
          return FALSE;
        }
      if (r->allowed)
        title = g_strdup_printf ("%s: execution %u of %u, allowed", name, written, wanted);
      else
        title = g_strdup_printf ("%s: execution %u of %u, forbidden by %s", name, written, wanted,
                                 r->failed_check);
      if (o->graph_dir)
        {
          g_autofree char *base = g_strdup_printf ("%s-%u.%s", name, written,
                                                   acy_graph_format_extension (format));
          g_autofree char *path = g_build_filename (o->graph_dir, base, NULL);
          g_autoptr(AcyGraphLayout) layout = acy_graph_scene_layout (scene, shown, title, &grid, NULL);

          if (!acy_graph_export (layout, format, path, &error))
            {
              fprintf (stderr, "acyclic-check: %s\n", error->message);
              return FALSE;
            }
        }
      if (o->dot_dir)
        {
          g_autofree char *base = g_strdup_printf ("%s-%u.dot", name, written);
          g_autofree char *path = g_build_filename (o->dot_dir, base, NULL);
          g_autofree char *dot = acy_graph_dot (scene, shown, title);

          if (!acy_file_write (path, dot, strlen (dot), &error))
            {
              fprintf (stderr, "acyclic-check: %s: %s\n", path, error->message);
              return FALSE;
            }
        }
    }
  if (acy_recorder_get_n_dropped (recorder))
    fprintf (stderr, "acyclic-check: %s: %" G_GUINT64_FORMAT " executions not drawn (too many to keep)\n",
             name, acy_recorder_get_n_dropped (recorder));
  return TRUE;
}

/* herd7 writes FILE.dot into -o DIR for every test FILE.litmus: the
 * executions -show selects (none by default), one digraph each. */
static gboolean
write_herd_dot (const AcyCliOptions *o, const char *file, const AcyTest *test, const AcyModel *model,
                AcyRecorder *recorder)
{
  const char *name = acy_test_get_name (test);
  const char *show = o->graph_show ? o->graph_show : "none";
  const char *const *shown = acy_model_get_shown_names (model);
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *file_base = g_path_get_basename (file);
  g_autofree char *base = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  guint n = recorder ? acy_recorder_get_n_records (recorder) : 0;

  /* named after the file, as herd7 names it, not the test */
  if (g_str_has_suffix (file_base, ".litmus"))
    file_base[strlen (file_base) - strlen (".litmus")] = '\0';
  base = g_strdup_printf ("%s.dot", file_base);
  if (g_mkdir_with_parents (o->out_dir, 0755) != 0)
    {
      fprintf (stderr, "acyclic-check: %s: cannot create the directory\n", o->out_dir);
      return FALSE;
    }
  for (guint i = 0; i < n && !g_str_equal (show, "none"); i++)
    {
      const AcyRecord *r = acy_recorder_peek_record (recorder, i);
      g_autoptr(AcyGraphScene) scene = NULL;
      g_autofree char *dot = NULL;
      gboolean want;

      if (g_str_equal (show, "all"))
        want = TRUE;
      else if (g_str_equal (show, "neg"))
        want = r->allowed && !r->condition;
      else   /* prop, wit, cond */
        want = r->allowed && r->condition;
      if (!want)
        continue;
      scene = acy_graph_scene_new (recorder, i, model, &error);
      if (scene == NULL)
        {
          fprintf (stderr, "acyclic-check: %s: %s\n", name, error->message);
          return FALSE;
        }
      dot = acy_graph_dot (scene, shown, name);
      g_string_append (out, dot);
    }
  path = g_build_filename (o->out_dir, base, NULL);
  if (!acy_file_write (path, out->str, out->len, &error))
    {
      fprintf (stderr, "acyclic-check: %s: %s\n", path, error->message);
      return FALSE;
    }
  return TRUE;
}

G_MODULE_EXPORT const AcyCliGraphs acy_cli_graphs_entry = {
  .write_graphs = write_graphs,
  .write_herd_dot = write_herd_dot,
  .explain = acy_cli_explain,
};
